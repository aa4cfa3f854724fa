#!/usr/bin/env python3
"""Put the copies of `vchess validate --valid-out V --invalid-out I
[--duplicates-out D] [--skipped-out S] --format jsonl` back together in
game order (vchess-validate(1), COPIES): each game record's share of its
source or member runs from the previous record's copy_end (0 for the first
record of a source or member) to its own, and is taken from D when the
record has "duplicate_of" (and D is given), from S when the record is
skipped (and S is given), else from V when the game is valid, else from I.
Writes the joined bytes of every source and member, in report order, to
standard output; exits 1 when a copy holds more or fewer bytes than the
records say. A member whose last byte is not a line end and that another
member follows left "\n\n" in the copy of its last game, after its
share; and a game whose next share in the input went to another copy (or
to none) left, in its copy after its share, "\n" when the share ended
inside a line and a result line ("*\n", or its Result tag's value) when
the game has no result token (the same after a member's end): skipped
here, and checked to be there. An empty DUPLICATES argument stands for none.

usage: tests/copies_join.py REPORT.jsonl VALID INVALID [DUPLICATES [SKIPPED]]
"""
import json
import re
import sys

RESULT = re.compile(rb"(1-0|0-1|1/2-1/2|1/2|\*|\+--|--\+)")


def has_result(share):
    """Whether the game in share has a result token outside variations:
    tags, comments, `%` lines and variations aside (pgn.h)."""
    i, n, depth, found = 0, len(share), 0, False
    at_line = True
    while i < n:
        c = share[i:i + 1]
        if at_line and c == b"%":
            j = share.find(b"\n", i)
            i = n if j < 0 else j
            continue
        at_line = c in (b"\n", b"\r")
        if c == b"{":
            j = share.find(b"}", i)
            i = n if j < 0 else j + 1
        elif c == b";":
            j = share.find(b"\n", i)
            i = n if j < 0 else j
        elif c == b"[" and depth == 0 and not found:
            j = share.find(b"]", i)
            i = n if j < 0 else j + 1
        elif c == b"(":
            depth += 1
            i += 1
        elif c == b")":
            depth = max(0, depth - 1)
            i += 1
        elif c.isspace():
            i += 1
        else:
            m = re.match(rb"[^\s{};()\[]+", share[i:])
            word = m.group(0) if m else c
            if depth == 0 and RESULT.search(word) and not re.match(rb"\d+\.", word):
                found = True
            i += len(word)
    return found


def separator(f, last_byte, share, name, two):
    """Read the separator after share from f and check it."""
    eol = last_byte not in (b"\n", b"\r")
    if eol:
        sep = f.read(2 if two else 1)
        if sep != (b"\n\n" if two else b"\n"):
            sys.exit(f"copies_join: no line end after {name}: {sep!r}")
    if not has_result(share):
        pos = f.tell()
        line = f.readline()
        if line not in (b"*\n", b"1-0\n", b"0-1\n", b"1/2-1/2\n"):
            f.seek(pos)
            sys.exit(f"copies_join: no result line after {name}: {line!r}")


def main():
    if len(sys.argv) not in (4, 5, 6):
        sys.exit(__doc__)
    copies = {True: open(sys.argv[2], "rb"), False: open(sys.argv[3], "rb")}
    if len(sys.argv) >= 5 and sys.argv[4]:
        copies["dup"] = open(sys.argv[4], "rb")
    if len(sys.argv) == 6:
        copies["skipped"] = open(sys.argv[5], "rb")
    out = sys.stdout.buffer
    where, prev = None, 0
    last_key, last_byte, last_share = None, b"\n", b""
    with open(sys.argv[1], encoding="utf-8") as report:
        for line in report:
            rec = json.loads(line)
            if "summary" in rec or "input_error" in rec:
                continue
            if "duplicate_of" in rec and "dup" in copies:
                key = "dup"
            elif "skipped" in rec and "skipped" in copies:
                key = "skipped"
            else:
                key = rec["valid"]
            if (rec["source"], rec["member"]) != where:
                if last_key is not None:
                    separator(copies[last_key], last_byte, last_share, where, True)
                where, prev = (rec["source"], rec["member"]), 0
                last_key, last_byte, last_share = None, b"\n", b""
            elif last_key is not None and key != last_key:
                separator(copies[last_key], last_byte, last_share,
                          f"game {rec['index'] - 1}", False)
            n = rec["copy_end"] - prev
            piece = copies[key].read(n)
            if n < 0 or len(piece) != n:
                sys.exit(f"copies_join: game {rec['index']}: {len(piece)} bytes, want {n}")
            out.write(piece)
            prev = rec["copy_end"]
            last_key = key  # the member's end goes with its last game
            last_share = piece
            if piece:
                last_byte = piece[-1:]
    names = {True: "valid", False: "invalid", "dup": "duplicates", "skipped": "skipped"}
    for key, f in copies.items():
        if f.read(1):
            sys.exit(f"copies_join: bytes left in the {names[key]} copy")


main()
