#!/usr/bin/env python3
"""Inputs for tests/distributed.sh and tests/bench_distributed.sh.

usage:
  distributed_gen.py hostile OUT.pgn CUTS SRC.pgn...
      A PGN of the SRC games (real games: data/games/, tests/data/distributed/)
      with every boundary a shard cut can meet: a BOM, CR LF line ends, '%'
      escape lines, games with no blank line between them, comments spanning
      lines, a game with a comment longer than several shards (no blank line
      in it), trailing bytes without a line end. CUTS gets one offset a line:
      cuts that land inside a tag, inside a comment, between CR and LF, at a
      '%' line, at a game glued to the one before.
  distributed_gen.py pct OUT.pgn CUTS SRC.pgn...
      As hostile, with the '%' lines right before the games that follow them;
      CUTS: the cuts inside the BOM (and right after it).
  distributed_gen.py trap OUT.pgn SRC.pgn...
      As hostile, plus a game whose comment holds "\\n\\n[Event ...]" lines
      (a cut there is refused by the merge); prints the offset of the first
      fake tag line inside that comment.
  distributed_gen.py frames IN.pgn CUTS OUT.zst [lf|nolf]
      IN compressed as one zstd frame per piece between the CUTS, each frame
      preceded by a skippable frame holding its size (the pzstd format).
  distributed_gen.py big OUT.pgn BYTES SRC.pgn...
      TCEC-like games, comment-heavy: the SRC games again and again, each
      copy with its own Round and Event tags, until BYTES bytes (bench).
"""
import struct
import subprocess
import sys


def games_of(paths):
    """The games of the files, each a bytes object ending in one newline."""
    out = []
    for p in paths:
        data = open(p, "rb").read().replace(b"\r\n", b"\n")
        if data.startswith(b"\xef\xbb\xbf"):
            data = data[3:]
        cur = []
        moves = False       # cur has movetext: a tag line starts the next game
        for line in data.split(b"\n"):
            if line.startswith(b"[") and moves:
                out.append(b"\n".join(cur).strip(b"\n") + b"\n")
                cur = []
                moves = False
            elif line.strip() and not line.startswith((b"[", b"%")):
                moves = True
            cur.append(line)
        if any(l.strip() for l in cur):
            out.append(b"\n".join(cur).strip(b"\n") + b"\n")
    return out


def crlf(b):
    return b.replace(b"\n", b"\r\n")


MATE = (b'[Event "dist glued %d"]\n[Site "?"]\n[Date "2026.12.02"]\n[Round "%d"]\n'
        b'[White "Glued, A"]\n[Black "Glued, B"]\n[Result "1-0"]\n\n'
        b"1. e4 e5 2. Bc4 {a comment\nspanning three\nlines} Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n")
BAD = (b'[Event "dist bad"]\n[Site "?"]\n[White "Bad, A"]\n[Black "Bad, B"]\n'
       b'[Result "*"]\n\n1. e4 e5 2. Ke3 *\n')


def huge(lines):
    """A valid game whose one comment runs over LINES lines, no blank one."""
    body = b"".join(b"d=%d, sd=%d, mt=%d, tl=%d, s=%d, n=%d, pv=e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6, tb=null, h=%d.0, ph=0.0, wv=0.%02d\n"
                    % (20 + i % 30, 40 + i % 20, 1000 + i, 900000 - i, 12345 + i, 10 ** 6 + i, i % 97, i % 100)
                    for i in range(lines))
    return (b'[Event "dist huge"]\n[Site "?"]\n[White "Huge, A"]\n[Black "Huge, B"]\n'
            b'[Result "1/2-1/2"]\n\n1. e4 {' + body + b"} e5 2. Nf3 {short\nsplit} Nc6 1/2-1/2\n")


def hostile(srcs, trap=False, pct_glued=False):
    """pct_glued: '%' lines right before a game (no blank line between)."""
    sep = b"" if pct_glued else b"\n"
    g = games_of(srcs)
    parts = []          # (kind, bytes)
    cuts = []
    def add(kind, b):
        parts.append((kind, b))
    add("bom", b"\xef\xbb\xbf" + g[0] + b"\n")
    add("pct", b"% an escape line between games\n%[Event \"not a game\"]\n" + sep)
    for i, x in enumerate(g[1:], 1):
        if i % 3 == 0:
            add("crlf", crlf(x + b"\n"))
        elif i % 5 == 1:
            add("glued", x)                         # no blank line after it
        else:
            add("plain", x + b"\n")
        if i == len(g) // 2:
            add("huge", huge(4000) + b"\n")
            add("bad", crlf(BAD) + b"\n")
        if i % 7 == 0:
            add("pct", b"%escape " + str(i).encode() + b"\n" + sep)
            add("glued", MATE % (i, i))
            add("glued", MATE % (i + 1000, i))
            add("plain", MATE % (i + 2000, i) + b"\n")
    trapoff = None
    if trap:
        log = b"".join(b"info depth %d score cp %d pv e2e4 e7e5 g1f3\n" % (i % 40, i)
                       + (b'\n[Event "fake %d"]\n[Site "inside a comment"]\n\n1. d4 d5 0-1\n' % i
                          if i % 100 == 50 else b"")
                       for i in range(1500))
        t = (b'[Event "dist trap"]\n[Site "?"]\n[White "Trap, A"]\n[Black "Trap, B"]\n'
             b'[Result "1-0"]\n\n1. e4 {an engine log pasted in:\n' + log +
             b"} e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n")
        add("trap", t)
    add("tail", b"% trailing bytes, no line end")
    out = b""
    seen = {}
    def cut(label, off):
        """at most 6 cuts of each kind: enough, and each shard is a process"""
        seen[label] = seen.get(label, 0) + 1
        if seen[label] <= 6:
            cuts.append(off)
    for kind, b in parts:
        base = len(out)
        if kind == "bom":
            bomcuts = [base + 1, base + 2, base + 3]
        elif kind == "crlf":
            cr = b.find(b"\r\n", 200)
            if cr > 0:
                cut("cr", base + cr + 1)            # between CR and LF
            cut("crend", base + len(b) - 1)
        elif kind == "pct":
            cut("pct0", base)
            cut("pct1", base + 1)
        elif kind == "glued":
            cut("glued0", base)
            cut("glued3", base + 3)
            cut("gluedend", base + len(b) - 1)
        elif kind == "huge":
            cuts.extend(base + len(b) * k // 5 for k in range(1, 5))
        if kind in ("plain", "crlf", "glued", "bad"):
            tag = b.find(b'[White "')
            if tag >= 0:
                cut("tag", base + tag + 4)          # inside a tag
            com = b.find(b"{")
            if com >= 0:
                cut("comment", base + com + 5)      # inside a comment
        if kind == "trap":
            trapoff = base + b.find(b'[Event "fake')
        out += b
    cuts = sorted(set(c for c in cuts if 0 < c < len(out)))
    return out, (bomcuts if pct_glued else cuts), trapoff


def frames(data, cuts, path):
    edges = [0] + [c for c in cuts if 0 < c < len(data)] + [len(data)]
    with open(path, "wb") as f:
        for a, b in zip(edges, edges[1:]):
            if a == b:
                continue
            z = subprocess.run(["zstd", "-q", "-1", "-c"], input=data[a:b],
                               stdout=subprocess.PIPE, check=True).stdout
            f.write(struct.pack("<III", 0x184D2A50, 4, len(z)) + z)


def big(path, size, srcs):
    g = games_of(srcs)
    n = 0
    with open(path, "wb", buffering=1 << 22) as f:
        written = 0
        while written < size:
            chunk = []
            for x in g:
                n += 1
                x = x.replace(b'[Round "', b'[Round "%d.' % n, 1)
                x = x.replace(b'[Event "', b'[Event "bench %d ' % (n % 1000), 1)
                chunk.append(x + b"\n")
            b = b"".join(chunk)
            f.write(b)
            written += len(b)
    return n


def main(argv):
    cmd = argv[1]
    if cmd == "hostile":
        data, cuts, _ = hostile(argv[4:])
        open(argv[2], "wb").write(data)
        open(argv[3], "w").write("".join("%d\n" % c for c in cuts))
    elif cmd == "pct":
        data, cuts, _ = hostile(argv[4:], pct_glued=True)
        open(argv[2], "wb").write(data)
        open(argv[3], "w").write("".join("%d\n" % c for c in cuts))
    elif cmd == "trap":
        data, _, off = hostile(argv[3:], trap=True)
        open(argv[2], "wb").write(data)
        print(off)
    elif cmd == "frames":
        data = open(argv[2], "rb").read()
        cuts = [int(l) for l in open(argv[3])]
        if len(argv) > 5:   # lf: only the cuts right before a LF; nolf: the others
            lf = argv[5] == "lf"
            cuts = [c for c in cuts if (data[c:c + 1] == b"\n") == lf]
        frames(data, cuts, argv[4])
    elif cmd == "big":
        print(big(argv[2], int(argv[3]), argv[4:]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
