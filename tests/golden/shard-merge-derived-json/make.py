#!/usr/bin/env python3
"""Inputs of shard-merge-derived-json, written into the current directory:
games whose JSON strings need every kind of escape (quotes, backslashes,
one before a closing quote, control bytes 0x01 and 0x02 as the parts' own
marks use, tab, DEL, invalid UTF-8, JSON's structural bytes), a game
without tags (an empty object), files with CR and CR LF line ends, and
the same games again (--duplicates: duplicate-of in every file)."""
import sys

def game(white, black, extra=b""):
    return (b'[Event "E {x} [y], z: \\"q\\""]\n[Site "s\\\\"]\n'
            b'[White "' + white + b'"]\n[Black "' + black + b'"]\n' + extra +
            b'[Result "1-0"]\n\n1. e4 {a comment "x" \\ y} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n')

hostile = [
    b'1. d4 d5 2. c4 *\n\n',                      # no tags: "tags": {}
    game(b'a\x01b\x02c', b'tab\there'),
    game(b'del\x7f and \xff\xfe bad', b'\xc3\xa9l\xc3\xa8ve'),
    game(b'{"json":[1,2]}', b'x:,y'),
    game(b'illegal', b'move', b'[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]\n'),
    game(b'back\\\\', b'\\\\\\"'),
]
lf = b"".join(hostile)
open("lf.pgn", "wb").write(lf)
open("cr.pgn", "wb").write(lf.replace(b"\n", b"\r"))
open("crlf.pgn", "wb").write(lf.replace(b"\n", b"\r\n"))
