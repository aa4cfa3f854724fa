#!/bin/sh
# vchess perft --format json|jsonl|junit read back by their readers
# (make check-perft-formats): JSON and JSON Lines by Python's json module,
# JUnit XML by junitparser (Debian python3-junitparser), under Debian's
# /usr/bin/python3. Checks that what the readers see agrees with the suite:
# counts, mismatches, errors, failures, byte-identical runs without
# --timing, and time/nps present only with it.
# usage: sh tests/perft_formats.sh [VCHESS]
set -eu

VCHESS=${1:-./vchess}
PY=${PYTHON:-/usr/bin/python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A suite with one good position, one wrong count, one bad FEN, one
# unknown variant and a syntax error; names with XML specials and Latin-1.
printf '%s\n' \
	'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902' \
	'id <kiwi&"pete">' \
	'epd r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -' \
	'perft 1 48' \
	'perft 2 2040' \
	'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - ;D1 20' \
	'8/8/8/8/8/8/8/K6k w - - ;D1 3 ;variant nosuch' \
	'perft one 20' >"$tmp/suite.epd"
printf 'id caf\351\nepd 8/8/8/8/8/8/8/K6k w - -\nperft 1 3\n' >>"$tmp/suite.epd"

run() { # FORMAT FILE [OPTIONS...]: exit status 1 expected (a mismatch)
	f=$1 out=$2
	shift 2
	rc=0
	"$VCHESS" perft --quiet --suite "$tmp/suite.epd" --format "$f" "$@" >"$out" || rc=$?
	if [ "$rc" -ne 1 ]; then
		echo "perft_formats: --format $f $*: exit $rc, expected 1" >&2
		exit 1
	fi
}

run json "$tmp/a.json"
run json "$tmp/b.json" -j 2
cmp "$tmp/a.json" "$tmp/b.json"
run jsonl "$tmp/a.jsonl"
run junit "$tmp/a.xml"
run junit "$tmp/b.xml" -j 2
cmp "$tmp/a.xml" "$tmp/b.xml"
run json "$tmp/t.json" --timing
run junit "$tmp/t.xml" --timing
run jsonl "$tmp/s.jsonl" --stop-on-mismatch
"$VCHESS" perft --quiet --divide -d 2 --format json >"$tmp/single.json"
"$VCHESS" perft --quiet --divide -d 2 --format junit >"$tmp/single.xml"

"$PY" - "$tmp" <<'EOF'
import json, sys
from junitparser import JUnitXml, Failure, Error, Skipped

d = sys.argv[1]
def fail(msg):
    sys.exit("perft_formats: " + msg)

doc = json.load(open(d + "/a.json"))
res, summ = doc["results"], doc["summary"]
counts = [r for r in res if "depth" in r]
errors = [r for r in res if "error" in r]
if len(counts) != 6 or len(errors) != 3:
    fail("json: %d counts, %d errors" % (len(counts), len(errors)))
for r in counts:
    for k in ("fen", "depth", "expected", "nodes", "ok"):
        if k not in r:
            fail("json: no %s in %r" % (k, r))
    if r["ok"] != (r["expected"] == r["nodes"]):
        fail("json: ok wrong in %r" % r)
    if "time" in r or "nps" in r:
        fail("json: time without --timing")
bad = [r for r in counts if not r["ok"]]
if len(bad) != 1 or bad[0]["id"] != '<kiwi&"pete">' or bad[0]["nodes"] != 2039:
    fail("json: mismatch %r" % bad)
if [r for r in counts if r.get("id") == "caf\u00e9"] == []:
    fail("json: Latin-1 id not read as U+00E9")
if any(r["ok"] for r in errors):
    fail("json: an error record is ok")
want = {"positions": 5, "checked": 6, "skipped": 0, "mismatches": 1,
        "errors": 3, "complete": True}
for k, v in want.items():
    if summ[k] != v:
        fail("json summary %s: %r, expected %r" % (k, summ[k], v))

lines = [json.loads(l) for l in open(d + "/a.jsonl")]
if lines[:-1] != res or lines[-1] != {"summary": summ}:
    fail("jsonl: records differ from the json document's")

stop = [json.loads(l) for l in open(d + "/s.jsonl")]
s = stop[-1]["summary"]
if s["complete"] or s["stopped"] != "mismatch" or s["positions"] != 2:
    fail("stop-on-mismatch summary %r" % s)

t = json.load(open(d + "/t.json"))
for r in t["results"]:
    if "depth" in r and not ("time" in r and "nps" in r):
        fail("--timing: no time in %r" % r)
if "time" not in t["summary"]:
    fail("--timing: no time in the summary")

single = json.load(open(d + "/single.json"))["results"][0]
if single["nodes"] != 400 or len(single["divide"]) != 20 or \
        sum(m["nodes"] for m in single["divide"]) != 400 or \
        single["expected"] is not None or not single["ok"]:
    fail("single json %r" % single)

xml = JUnitXml.fromfile(d + "/a.xml")
suites = list(xml)
if len(suites) != 1:
    fail("junit: %d test suites" % len(suites))
s = suites[0]
if (s.tests, s.failures, s.errors, s.skipped) != (6, 1, 3, 0):
    fail("junit: tests %s failures %s errors %s skipped %s"
         % (s.tests, s.failures, s.errors, s.skipped))
cases = list(s)
if len(cases) != 6:  # 5 positions and the syntax error
    fail("junit: %d test cases" % len(cases))
failed = [c for c in cases if any(isinstance(x, Failure) for x in c.result)]
if len(failed) != 1 or '<kiwi&"pete">' not in failed[0].name:
    fail("junit: failed cases %r" % [c.name for c in failed])
msg = [x for x in failed[0].result if isinstance(x, Failure)][0].message
if msg != "depth 2: expected 2040, got 2039":
    fail("junit: failure message %r" % msg)
errs = [c for c in cases if any(isinstance(x, Error) for x in c.result)]
if len(errs) != 3:
    fail("junit: %d errors" % len(errs))
if not any("caf\u00e9" in c.name for c in cases):
    fail("junit: Latin-1 name")
if any(c.time for c in cases):
    fail("junit: time without --timing")
tx = list(JUnitXml.fromfile(d + "/t.xml"))[0]
if tx.time is None:
    fail("junit --timing: no time")
one = list(JUnitXml.fromfile(d + "/single.xml"))[0]
if one.tests != 1 or one.failures != 0:
    fail("junit single: %s tests %s failures" % (one.tests, one.failures))
EOF
# Inputs that cannot be read to their end (status 3): a missing suite, a
# gzip cut inside its first block (no position), a gzip cut after many
# positions. Every format still gives a well-formed report saying so:
# JSON and JSON Lines "complete": false, "stopped": "input-error"; JUnit an
# error test case, so a CI step reading it alone fails too.
"$PY" - "$tmp" <<'EOF'
import gzip, random, sys
d = sys.argv[1]
line = b"8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3\n"
open(d + "/head.epd.gz", "wb").write(gzip.compress(line)[:25])
random.seed(7)
body = b"".join(b"8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;id %d %x\n" % (i, random.getrandbits(64))
                for i in range(3000))
open(d + "/cut.epd.gz", "wb").write(gzip.compress(body)[:20000])
EOF
for s in "$tmp/missing.epd" "$tmp/head.epd.gz" "$tmp/cut.epd.gz"; do
	for f in json jsonl junit; do
		rc=0
		"$VCHESS" perft --quiet --suite "$s" --format "$f" >"$tmp/in.$f" 2>/dev/null || rc=$?
		if [ "$rc" -ne 3 ]; then
			echo "perft_formats: $s --format $f: exit $rc, expected 3" >&2
			exit 1
		fi
	done
	"$PY" - "$tmp" "$s" <<'EOF'
import json, sys
from junitparser import JUnitXml, Error
d, name = sys.argv[1], sys.argv[2]
def fail(msg):
    print("perft_formats: %s: %s" % (name, msg), file=sys.stderr)
    sys.exit(1)
doc = json.load(open(d + "/in.json"))
s = doc["summary"]
if s["complete"] is not False or s["stopped"] != "input-error":
    fail("json summary %s" % s)
lines = [json.loads(l) for l in open(d + "/in.jsonl")]
if lines[-1]["summary"] != s or len(lines) != len(doc["results"]) + 1:
    fail("jsonl differs from json")
x = JUnitXml.fromfile(d + "/in.junit")
cases = [c for suite in x for c in suite]
errs = [c for c in cases if any(isinstance(r, Error) and r.type == "input-error" for r in c.result)]
if len(errs) != 1 or len(cases) != len(doc["results"]) + 1:
    fail("junit: %d input errors in %d cases" % (len(errs), len(cases)))
EOF
done
echo "perft_formats: json, jsonl and junit read back as expected"

