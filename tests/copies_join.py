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
share: skipped here, and checked to be there. An empty DUPLICATES argument stands for none.

usage: tests/copies_join.py REPORT.jsonl VALID INVALID [DUPLICATES [SKIPPED]]
"""
import json
import sys


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
    last_key, last_byte = None, b"\n"
    with open(sys.argv[1], encoding="utf-8") as report:
        for line in report:
            rec = json.loads(line)
            if "summary" in rec or "input_error" in rec:
                continue
            if (rec["source"], rec["member"]) != where:
                if last_key is not None and last_byte not in (b"\n", b"\r"):
                    sep = copies[last_key].read(2)
                    if sep != b"\n\n":
                        sys.exit(f"copies_join: no empty line after {where}: {sep!r}")
                where, prev = (rec["source"], rec["member"]), 0
                last_key, last_byte = None, b"\n"
            n = rec["copy_end"] - prev
            if "duplicate_of" in rec and "dup" in copies:
                key = "dup"
            elif "skipped" in rec and "skipped" in copies:
                key = "skipped"
            else:
                key = rec["valid"]
            piece = copies[key].read(n)
            if n < 0 or len(piece) != n:
                sys.exit(f"copies_join: game {rec['index']}: {len(piece)} bytes, want {n}")
            out.write(piece)
            prev = rec["copy_end"]
            last_key = key  # the member's end goes with its last game
            if piece:
                last_byte = piece[-1:]
    names = {True: "valid", False: "invalid", "dup": "duplicates", "skipped": "skipped"}
    for key, f in copies.items():
        if f.read(1):
            sys.exit(f"copies_join: bytes left in the {names[key]} copy")


main()
