#!/usr/bin/env python3
"""Run the plan of tests/par_identical.sh and compare its runs.

usage: tests/tools/par_runs.py VCHESS TMPDIR PLAN LABEL

par_identical.sh writes, instead of running them one by one (a shell, a
`timeout` and five `cmp` processes a comparison), a plan: one line per run
or comparison, fields separated by tabs:

  run   NAME JOBS CHUNK STDIN OPTION...       validate with --valid-out and
                                              --invalid-out
  runr  NAME JOBS CHUNK STDIN OPTION...       validate without copies (a
                                              plain file read in blocks)
  rund  NAME JOBS CHUNK STDIN OPTION...       run, with --duplicates-out,
                                              the duplicates copy appended to
                                              the valid one
  runc  NAME JOBS CHUNK STDIN CMD OPTION...   CMD --no-progress: the report on
                                              standard output, the file an
                                              option @FIX@ names as the copy
                                              (named alike in every run: a
                                              directory of its own)
  same  A B WHAT                              the last runs named A and B
                                              wrote the same

Every run is `VCHESS validate -j JOBS -o REPORT ...` (or CMD) with
VCHESS_CHUNK_SIZE=CHUNK, standard input STDIN (empty: /dev/null), each
into files of its own in TMPDIR; what a comparison compares is what `cmp`
compared: the report, the valid and invalid copies, standard error and
the exit status. A run that does not end within PAR_TIMEOUT seconds (300)
is killed and said (HANG), and the test goes on. PAR_JOBS runs (2) go at
a time; the lines are printed in the plan's order whatever ends first.
Prints one line per difference and, last, "par_identical: LABEL N runs,
all identical" (or DIFFERENCES); exits 1 on any difference or hang.
"""
import hashlib
import os
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

PARTS = ("out", "valid", "invalid", "err", "status")


def digest(data):
    return hashlib.blake2b(data, digest_size=20).digest()


def slurp(path):
    """The bytes of PATH (removed after), empty when it is not there."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return b""
    os.unlink(path)
    return data


def execute(vchess, tmp, limit, idx, fields):
    """Run one plan line; returns (digests of PARTS, hung)."""
    kind, _name, jobs, chunk, stdin = fields[:5]
    opts = fields[5:]
    base = os.path.join(tmp, "r%d" % idx)
    out, valid, invalid, dups, fix = (base + s for s in (".out", ".valid", ".invalid", ".dups", ".fix"))
    capture_out = False
    cwd = None
    if kind == "runc":
        # in a directory of its own, the copy named alike in every run (the
        # report names it)
        cwd = base + ".d"
        os.mkdir(cwd)
        fix = os.path.join(cwd, "fix")
        cmd, opts = opts[0], opts[1:]
        argv = [vchess, cmd, "--no-progress", "-j", jobs] + ["fix" if o == "@FIX@" else o for o in opts]
        capture_out = True
    else:
        argv = [vchess, "validate", "-j", jobs, "-o", out]
        if kind in ("run", "rund"):
            argv += ["--valid-out", valid, "--invalid-out", invalid]
        argv += opts
        if kind == "rund":
            argv += ["--duplicates-out", dups]
    env = dict(os.environ, VCHESS_CHUNK_SIZE=chunk)
    hung = False
    with open(stdin or os.devnull, "rb") as sin, open(base + ".err", "wb") as serr, \
            open(out if capture_out else os.devnull, "wb") as sout:
        # a process group of its own, killed whole at the limit (as
        # timeout(1) does)
        proc = subprocess.Popen(argv, stdin=sin, stdout=sout, stderr=serr, env=env,
                                cwd=cwd, start_new_session=True)
        try:
            st = proc.wait(timeout=limit)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            st, hung = 124, True
    # the shell's $? of a run killed by a signal
    status = ("%d\n" % (st if st >= 0 else 128 - st)).encode()
    got = {
        "out": slurp(out),
        "valid": slurp(valid) + slurp(dups) if kind != "runc" else slurp(fix),
        "invalid": slurp(invalid),
        "err": slurp(base + ".err"),
        "status": status,
    }
    if cwd:
        os.rmdir(cwd)
    return tuple(digest(got[p]) for p in PARTS), hung


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    vchess, tmp, plan, label = sys.argv[1:]
    limit = int(os.environ.get("PAR_TIMEOUT", "300"))
    jobs = max(1, int(os.environ.get("PAR_JOBS", "2")))
    with open(plan, encoding="utf-8", errors="surrogateescape") as f:
        lines = [line.rstrip("\n").split("\t") for line in f if line.strip()]

    fail = False
    runs = 0
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        # submitted in the plan's order; each comparison waits for its two
        futures = []
        for idx, fields in enumerate(lines):
            if fields[0] == "same":
                futures.append(None)
            elif fields[0] in ("run", "runr", "rund", "runc"):
                futures.append(pool.submit(execute, vchess, tmp, limit, idx, fields))
            else:
                sys.exit("par_runs: plan line %d: unknown kind %r" % (idx + 1, fields[0]))
        last = {}
        for idx, fields in enumerate(lines):
            if fields[0] == "same":
                a, b, what = fields[1], fields[2], fields[3]
                da, db = last[a], last[b]
                for part, x, y in zip(PARTS, da, db):
                    if x != y:
                        print("differs (%s): %s" % (part, what), flush=True)
                        fail = True
                continue
            runs += 1
            digests, hung = futures[idx].result()
            futures[idx] = None
            if hung:
                print("HANG: no end within %d s: %s %s" % (limit, fields[1], " ".join(fields[5:])),
                      flush=True)
                fail = True
            last[fields[1]] = digests
    print("par_identical: %s%d runs, %s" % (label, runs, "DIFFERENCES" if fail else "all identical"))
    return 1 if fail else 0


if __name__ == "__main__":
    sys.exit(main())
