#!/usr/bin/env python3
"""The copies of validate --valid-out/--invalid-out read back.

usage: copies_reread.py VCHESS

Inputs are made of generated combinations of game kinds that end or start
games in every way the reader knows (a game without a result token, a
tagless game, a game of a result alone, tags only, a comment first, games
ending in a comment or a `;` comment, two games on one line, a `%` line),
one file or two (the second game sequence a member of its own). Each input
is validated with both copies at -j 1 and at -j 2 with tiny chunks; each
copy is read back by vchess, and must hold as many games as the input sent
to it, each the same (main-line plies and error codes; warnings aside: the
separator gives a game without a result token its result, so its
missing-result warning goes, vchess-validate(1) COPIES). Every -j writes the
same copies, and so do shard runs (vchess shards -n 3), put together. The independent oracle: pgn-extract (Debian package, skipped
when missing) counts as many games in the two copies together as in the
input (sequences with a tags-only game aside: pgn-extract reads those
differently from vchess in the input itself).
"""
import itertools
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

KINDS = {
    # name: (bytes, tags-only)
    "R": '[Event "r"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 1-0\n',
    "B": '[Event "b"]\n\n1. e4 e5 2. Ke3 *\n',          # invalid
    "N": '1. d4 d5\n',                                 # no result, no tags
    "T": '1. c4 c5 0-1\n',                              # tagless
    "O": '1-0\n',                                       # a result alone
    "C": '[Event "c"]\n\n1. Nf3 Nf6 1/2-1/2 {end}\n',   # ends in a comment
    "M": '1. e3 {c}\n',                                 # no result, comment
    "F": '{first} 1. g3 *\n',                           # a comment first
    "I": '1. e4 Ke7 1-0\n',                             # tagless, invalid
    "J": '1. a4 Ra3\n',                                 # invalid, no result
    "L": '1. h3 1-0 1. h4 0-1 ',                        # two on one line
    "P": '%escape\n1. b3 1-0 ; note\n',                 # % line, ; comment
    "X": '[Event "x"]\n[Site "s"]\n\n',                 # tags only
    "Y": '[Event "y"]\n1. f3 e5 2. g4\n',               # tagged, no result
}


def run(cmd, env=None):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          env=env, check=False)


def games(vchess, paths):
    """The JSONL report's game entries of paths, in order."""
    if not paths:
        return []
    out = run([vchess, "validate", "--format", "jsonl"] + paths).stdout
    rows = [json.loads(l) for l in out.decode().splitlines() if l.strip()]
    return [r for r in rows if r.get("type", "game") == "game" and "valid" in r]


def same(g):
    errs = sorted(f["code"] for f in g.get("errors", []))
    return (g.get("plies"), errs, g["valid"])


def pgn_extract_count(pgx, paths):
    n = 0
    for p in paths:
        if os.path.getsize(p) == 0:
            continue
        r = run([pgx, "-s", "-o", "/dev/stdout", p])
        n += r.stdout.decode(errors="replace").count('\n[Event "') + \
            r.stdout.decode(errors="replace").startswith('[Event "')
    return n


def main():
    vchess = os.path.abspath(sys.argv[1])
    pgx = shutil.which("pgn-extract") or (
        "/usr/games/pgn-extract" if os.path.exists("/usr/games/pgn-extract") else None)
    if not pgx:
        # the independent oracle: without it only vchess would judge its
        # own copies, so the test fails plainly rather than pass half done
        print("copies_reread: pgn-extract is needed (sh tests/deps.sh pgn-extract)", file=sys.stderr)
        return 2
    rnd = random.Random(7)
    names = sorted(KINDS)
    seqs = [list(p) for p in itertools.product(names, repeat=2)]
    seqs += [[rnd.choice(names) for _ in range(rnd.randint(3, 7))] for _ in range(30)]
    fails = 0
    checked = 0
    shard_sets = refused = 0
    tmp = tempfile.mkdtemp(prefix="vchess-reread.")
    try:
        for i, seq in enumerate(seqs):
            # one file, or the sequence cut in two files (members)
            cut = len(seq) if i % 3 else max(1, len(seq) // 2)
            parts = [seq[:cut], seq[cut:]] if cut < len(seq) else [seq]
            ins = []
            for j, part in enumerate(parts):
                p = os.path.join(tmp, "in%d.pgn" % j)
                with open(p, "w") as f:
                    f.write("".join(KINDS[k] for k in part))
                ins.append(p)
            want = games(vchess, ins)
            copies_of_runs = []
            for jobs, chunk in (("1", None), ("2", "16")):
                env = dict(os.environ)
                if chunk:
                    env["VCHESS_CHUNK_SIZE"] = chunk
                v, iv = os.path.join(tmp, "v.pgn"), os.path.join(tmp, "i.pgn")
                run([vchess, "validate", "-j", jobs, "-o", "/dev/null",
                     "--valid-out", v, "--invalid-out", iv] + ins, env)
                got = {}
                nonempty = [p for p in (v, iv) if os.path.getsize(p)]
                back_all = games(vchess, nonempty)
                for name, path, flag in (("valid", v, True), ("invalid", iv, False)):
                    exp = [same(g) for g in want if g["valid"] == flag]
                    back = [same(g) for g in back_all if g["source"] == path]
                    with open(path, "rb") as f:
                        got[name] = f.read()
                    if exp != back:
                        fails += 1
                        print("FAIL %s copy of %s (-j %s): input sent %d games %s, read back %d %s"
                              % (name, "|".join("".join(p) for p in parts), jobs,
                                 len(exp), exp, len(back), back))
                copies_of_runs.append(got)
                checked += 1
                if jobs == "1" and pgx and "X" not in seq:
                    a = pgn_extract_count(pgx, ins)
                    b = pgn_extract_count(pgx, [v, iv])
                    if a != b:
                        fails += 1
                        print("FAIL pgn-extract: %d games in %s, %d in its copies"
                              % (a, "|".join("".join(p) for p in parts), b))
            if i % 6 == 1:
                # shard runs (vchess shards -n 3): their copies put
                # together are one run's
                # (when the merge takes them: a cut inside a game or
                # comment is refused, exit 2)
                got = {"valid": b"", "invalid": b""}
                lines = run([vchess, "shards", "-n", "3"] + ins).stdout.decode().splitlines()
                part_files = []
                for ln in lines:
                    f, k, n, rng = ln.split("\t")
                    v, iv = os.path.join(tmp, "sv"), os.path.join(tmp, "si")
                    part_files.append(os.path.join(tmp, "part.%s" % k))
                    run([vchess, "validate", "--shard", "%s/%s" % (k, n), "--shard-range", rng,
                         "-o", part_files[-1], "--valid-out", v, "--invalid-out", iv, f])
                    for name, path in (("valid", v), ("invalid", iv)):
                        with open(path, "rb") as fh:
                            got[name] += fh.read()
                merged = run([vchess, "report", "merge", "-o", "/dev/null"] + part_files)
                if merged.returncode == 2:
                    refused += 1
                else:
                    shard_sets += 1
                    copies_of_runs.append(got)
            if len(copies_of_runs) > 2 and copies_of_runs[2] != copies_of_runs[0]:
                # the documented limit of shard runs (vchess-validate(1)
                # COPIES): a file's last game read to the end in a shard
                # before the file's last one gets the member-end separator,
                # as if another file followed
                for name, one in copies_of_runs[0].items():
                    sh = copies_of_runs[2][name]
                    if sh != one and sh.startswith(one) and re.fullmatch(
                            rb"(\n\n)?((\*|1-0|0-1|1/2-1/2)\n)?", sh[len(one):]):
                        copies_of_runs[2][name] = one
            if any(c != copies_of_runs[0] for c in copies_of_runs):
                fails += 1
                print("FAIL copies differ between -j (or shard runs) on %s" % "|".join("".join(p) for p in parts))
    finally:
        shutil.rmtree(tmp)
    print("copies_reread: %d inputs, %d runs, %d shard sets (%d cuts refused by the merge), %d failures"
          % (len(seqs), checked, shard_sets, refused, fails))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
