#!/usr/bin/env python3
"""Count the games of PGN files by the PGN standard (1994, section 8),
independently of vchess's reader. usage: count_games.py FILE...

A game is a tag section and/or movetext. It ends at its result token
(1-0, 0-1, 1/2-1/2, *) -- comments directly after the result still belong
to it -- or, when it has no result, where the next game's tag section
starts (a '[' after movetext), or at the end of the file. Files of
tag-only games (no movetext, no results) are split where a tag name that
the current game already has comes again after a blank line. Comments,
';' comments and '%' escape lines are skipped as the standard says;
brackets, braces and semicolons inside tag strings and comments do not
count. Variations do not matter for counting. One habit of real files is
honoured as vchess documents it (formats/pgn.h): a byte that starts no
PGN token inside a tag section (HTML's `[Event "x"]<br>`) makes the rest
of its line junk, not movetext.
"""
import sys

WORDSTART = (b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
             b"0123456789()$*.!?+-=#/:@_~")
RESULTS = {b"1-0", b"0-1", b"1/2-1/2", b"*"}


def count(data):
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    i, n = 0, len(data)
    games = 0
    in_game = False      # a game is open
    has_moves = False    # it has movetext (any non-tag token)
    after_result = False # its result was read
    names = set()        # tag names of the open game
    blank = False        # a blank line since the last token
    line_start = True
    line_empty = True

    def start():
        nonlocal games, in_game, has_moves, after_result, names
        games += 1
        in_game, has_moves, after_result, names = True, False, False, set()

    while i < n:
        c = data[i:i + 1]
        if c in (b"\r", b"\n"):
            if c == b"\r" and data[i + 1:i + 2] == b"\n":
                i += 1
            if line_empty:
                blank = True
            line_start, line_empty = True, True
            i += 1
            continue
        if c in (b" ", b"\t", b"\f", b"\v"):
            i += 1
            line_start = False
            continue
        if c == b"%" and line_start:
            while i < n and data[i:i + 1] not in (b"\r", b"\n"):
                i += 1
            continue
        line_start = line_empty = False
        if c == b"{" or c == b";":
            end = b"}" if c == b"{" else b"\n"
            j = data.find(end, i + 1)
            if c == b";":
                # a ';' comment ends at the line end (LF, CR LF or CR)
                k = data.find(b"\r", i + 1)
                if k >= 0 and (j < 0 or k < j):
                    j = k
            i = n if j < 0 else (j + 1 if c == b"{" else j)
            if not in_game:
                start()
            blank = False
            continue
        if c == b"[":
            # tag: [Name "value"]; a '[' that no tag name follows (the
            # '[/pgn]' of forum mark-up) is junk, not a tag
            j = i + 1
            while j < n and data[j:j + 1] in (b" ", b"\t"):
                j += 1
            k = j
            while k < n and (data[k:k + 1].isalnum() or data[k:k + 1] in b"_+#=:.-"):
                k += 1
            name = data[j:k]
            eol = min([x for x in (data.find(b"\n", k), data.find(b"\r", k)) if x >= 0] or [n])
            if not name:
                if not in_game:
                    start()
                has_moves = True
                r = data.find(b"]", i)
                i = eol if r < 0 or r > eol else r + 1
                blank = False
                continue
            new = (not in_game or has_moves or
                   (blank and name in names))
            if new:
                start()
            names.add(name)
            # the string value right after the name, honouring \" and \\
            q = k
            while q < eol and data[q:q + 1] in (b" ", b"\t"):
                q += 1
            if data[q:q + 1] == b'"':
                q += 1
                while q < eol and data[q:q + 1] != b'"':
                    q += 2 if data[q:q + 1] == b"\\" else 1
                q += 1
            r = data.find(b"]", q)
            i = eol if r < 0 or r > eol else r + 1
            blank = False
            continue
        if c not in WORDSTART and c[0] < 0x80:
            # a byte that starts no PGN token (HTML's '<br>' after a tag):
            # in a tag section the rest of its line is skipped, so that
            # the game's next tag does not start another game
            if not in_game:
                start()
            if not has_moves:
                while i < n and data[i:i + 1] not in (b"\r", b"\n"):
                    i += 1
                continue
        # any other token: read a word (up to white space or a delimiter)
        j = i + 1
        if c not in (b"(", b")", b"*"):   # self-terminating tokens
            while j < n and data[j:j + 1] not in b" \t\r\n{};[]()":
                j += 1
        word = data[i:j]
        if in_game and after_result:
            start()   # a token after a result begins the next game
        elif not in_game:
            start()
        has_moves = True
        if word in RESULTS:
            after_result = True
        i = j
        blank = False
    return games


if __name__ == "__main__":
    for path in sys.argv[1:]:
        with open(path, "rb") as f:
            print(count(f.read()), path)
