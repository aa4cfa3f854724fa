#!/bin/sh
# vchess validate and adjudicate --format github|sarif|junit read back
# (make check-ci-formats), each against the --format json report of the
# same run, which says what the findings, games and inputs are:
#   - sarif: valid against the official SARIF 2.1.0 JSON schema
#     (tests/sarif/sarif-schema-2.1.0.json, source in tests/sarif/SOURCE)
#     with Debian's python3-jsonschema; one result per finding (rule,
#     level, message, file, line and column, an archive member as a
#     logical location with no region), one rule per code with its
#     description, ruleIndex pointing at it, input errors as results;
#   - junit: read by Debian's python3-junitparser: a testsuite per input,
#     a testcase per game, a failure per game that fails the run (validate:
#     an invalid game; adjudicate: a game not judged or whose declared
#     result disagrees, so the failures are the summary's disagree plus
#     not_judged), an error per unreadable input, the adjudication in
#     system-out;
#   - github: every line parsed as a workflow command, unescaped, and
#     compared with the findings (kind, file, line, col, title = code).
# Inputs: names with XML and workflow-command specials (% : , & <),
# an archive with two members, a missing file; --strict and --quiet.
# usage: sh tests/ci_formats.sh [VCHESS]
set -eu

VCHESS=${1:-./vchess}
case $VCHESS in
/*) ;;
*) VCHESS=$(pwd)/$VCHESS ;;
esac
PY=${PYTHON:-/usr/bin/python3}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"

# ---- inputs ------------------------------------------------------------------
odd='we,ird:100% & <x>.pgn'
{
	printf '[Event "ok"]\n[White "A, B"]\n[Black "C<D> & 50%%"]\n[Result "1-0"]\n\n'
	printf '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n'
	printf '[Event "illegal"]\n[White "x"]\n[Black "y"]\n[Result "1-0"]\n\n1. e4 e5 2. Ke3 1-0\n\n'
	printf '[Event "warnings"]\n[White "x"]\n[Black "y"]\n[Result "*"]\n\n'
	printf '1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 5. Nxe5 *\n\n'
	printf '[Event "no result tag"]\n\n1. d4 d5 *\n\n'
	printf '[Event "wrong result"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n'
	# valid, but the declared result disagrees with the rules (a warning)
	printf '[Event "disagrees"]\n[Result "*"]\n\n1. f3 e5 2. g4 Qh4# *\n\n'
} > "$odd"
cp "$root/data/games/standard/"*.pgn . 2>/dev/null || true
ls ./*.pgn > /dev/null
"$PY" - <<'EOF'
import zipfile
with zipfile.ZipFile("two.zip", "w") as z:
    z.writestr("first.pgn", '[Event "m1"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n')
    z.writestr("dir/sec,ond.pgn", '[Event "m2"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nf6 3. Ke2 Ke7 4. Ba6 *\n\n'
               '[Event "m3"]\n[Result "*"]\n\n1. e4 e5 2. e4 *\n')
EOF
small=$(ls ./*.pgn | grep -v ',' | head -n 2 | tr '\n' ' ')
# shellcheck disable=SC2086
# a game in a variant vchess does not implement: skipped, not a failure
printf '[Event "x"]\n[Variant "Atomic"]\n[Result "*"]\n\n1. e4 e5 *\n' > atomic.pgn
set -- "$odd" two.zip missing.pgn atomic.pgn $small

# ---- runs --------------------------------------------------------------------
run() { # run NAME CMD OPTIONS...: stdout to NAME.out; 3 (the missing file) expected
	name=$1
	shift
	rc=0
	"$VCHESS" "$@" > "$name.out" 2> "$name.err" || rc=$?
	if [ "$rc" -ne 3 ]; then
		echo "ci_formats: $*: exit $rc, expected 3" >&2
		cat "$name.err" >&2
		exit 1
	fi
}

n=0
for cmd in validate adjudicate; do
	for extra in "" "--strict" "--quiet"; do
		for f in json github sarif junit; do
			# shellcheck disable=SC2086
			run "$cmd$extra.$f" "$cmd" --no-progress --format "$f" $extra "$@"
			n=$((n + 1))
		done
		# -j 2 writes what -j 1 writes (tests/par_identical.sh does more)
		for f in github sarif junit; do
			# shellcheck disable=SC2086
			run "$cmd$extra.j2.$f" "$cmd" --no-progress -j 2 --format "$f" $extra "$@"
			cmp -s "$cmd$extra.$f.out" "$cmd$extra.j2.$f.out" || {
				echo "ci_formats: $cmd --format $f $extra: -j 2 differs from -j 1" >&2
				exit 1
			}
		done
	done
done
# a usage error for a command without the CI formats, and the word list
rc=0
"$VCHESS" replay --format sarif "$odd" > /dev/null 2>&1 || rc=$?
[ "$rc" -eq 2 ] || { echo "ci_formats: replay --format sarif: exit $rc, expected 2" >&2; exit 1; }

SCHEMA="$root/tests/sarif/sarif-schema-2.1.0.json" "$PY" - <<'EOF'
import json, os, re, sys
import jsonschema
from junitparser import JUnitXml, Failure, Error, Skipped

schema = json.load(open(os.environ["SCHEMA"]))
jsonschema.Draft4Validator.check_schema(schema)
validator = jsonschema.Draft4Validator(schema)
bad = []

def check(cond, what):
    if not cond:
        bad.append(what)

def findings(ref, strict):
    """(source, member, index, kind, line, column, code) of every finding"""
    out = []
    for g in ref["games"]:
        if "input_error" in g:
            continue
        for kind, lst in (("error", g["errors"]), ("warning", g["warnings"])):
            for f in lst:
                # a skipped game's reason is a notice (SARIF: note)
                k = "notice" if g.get("skipped") == f["code"] else kind
                out.append((g["source"], g["member"], g["index"], k,
                            f["line"], f["column"], f["code"]))
    return out

def fails_run(g):
    """the game makes the exit status 1 (a JUnit failure)"""
    if g.get("skipped"):
        return False
    if "adjudication" in g:
        return g["adjudication"]["basis"] == "invalid" or not g["adjudication"]["agrees"]
    return not g["valid"]

def unesc_prop(s):
    return s.replace("%2C", ",").replace("%3A", ":").replace("%0A", "\n") \
            .replace("%0D", "\r").replace("%25", "%")

def unesc_data(s):
    return s.replace("%0A", "\n").replace("%0D", "\r").replace("%25", "%")

for cmd in ("validate", "adjudicate"):
    for extra in ("", "--strict", "--quiet"):
        base = cmd + extra
        what = lambda s: "%s %s: %s" % (cmd, extra or "(plain)", s)
        ref = json.load(open(base + ".json.out"))
        summ = ref["summary"]
        quiet = extra == "--quiet"
        # empty under --quiet; input-error records apart
        games = [g for g in ref["games"] if "input_error" not in g]
        fs = findings(ref, extra == "--strict")
        check(quiet or len(games) == summ["games"], what("json reference incomplete"))
        check(summ["input_errors"] == 1, what("expected one unreadable input"))

        # ---- SARIF ----
        doc = json.load(open(base + ".sarif.out"))
        errs = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        for e in errs[:5]:
            bad.append(what("SARIF schema: %s at %s" % (e.message, list(e.path))))
        check(len(doc["runs"]) == 1, what("one run"))
        run = doc["runs"][0]
        rules = run["tool"]["driver"]["rules"]
        ids = [r["id"] for r in rules]
        check(len(ids) == len(set(ids)), what("one rule per code"))
        check(all(r["shortDescription"]["text"] for r in rules), what("rule descriptions"))
        check("illegal-move" in ids and "cannot-open" in ids, what("rules list the codes"))
        results = run["results"]
        res_games = [r for r in results if "properties" in r and "game" in r["properties"]]
        res_inputs = [r for r in results if r not in res_games]
        check(len(res_games) == (0 if quiet else len(fs)),
              what("SARIF: %d results for %d findings" % (len(res_games), len(fs))))
        check(len(res_inputs) == (0 if quiet else 1), what("SARIF: one input-error result"))
        for r, f in zip(res_games, fs):
            src, member, index, kind, line, col, code = f
            check(r["ruleId"] == code, what("SARIF ruleId %s != %s" % (r["ruleId"], code)))
            check(rules[r["ruleIndex"]]["id"] == code, what("SARIF ruleIndex"))
            level = "note" if kind == "notice" else kind
            check(r["level"] == level, what("SARIF level %s != %s" % (r["level"], level)))
            loc = r["locations"][0]
            phys = loc["physicalLocation"]
            check(phys["artifactLocation"]["uri"] ==
                  re.sub(r"[^A-Za-z0-9._~/-]", lambda m: "%%%02X" % ord(m.group()), src),
                  what("SARIF uri %s for %s" % (phys["artifactLocation"]["uri"], src)))
            check(r["properties"]["game"] == index, what("SARIF game number"))
            if member is None:
                check(phys["region"] == {"startLine": line, "startColumn": col},
                      what("SARIF region %s" % phys.get("region")))
                check("logicalLocations" not in loc, what("SARIF: no member, no logical location"))
            else:
                check("region" not in phys, what("SARIF: a member's lines are not the archive's"))
                check(loc["logicalLocations"][0]["name"] == member, what("SARIF member"))
                check((r["properties"]["line"], r["properties"]["column"]) == (line, col),
                      what("SARIF member line/column"))
            if cmd == "adjudicate":
                check("adjudication" in r["properties"], what("SARIF: the verdict"))
        for r in res_inputs:
            check(r["ruleId"] == "cannot-open" and
                  r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "missing.pgn",
                  what("SARIF input error"))
        s = run["properties"]["summary"]
        check(s["games"] == summ["games"] and s["invalid"] == summ["invalid"],
              what("SARIF summary"))
        check(run["invocations"][0]["executionSuccessful"] is False, what("SARIF: input error"))

        # ---- JUnit ----
        xml = JUnitXml.fromfile(base + ".junit.out")
        suites = [s for s in xml if not s.name.endswith(" summary")]
        summary = [s for s in xml if s.name.endswith(" summary")]
        check(len(summary) == 1, what("JUnit summary suite"))
        props = {p.name: p.value for p in summary[0].properties()}
        check(props["games"] == str(summ["games"]) and props["invalid"] == str(summ["invalid"]),
              what("JUnit summary properties %s" % props))
        if quiet:
            check(suites == [], what("JUnit --quiet: no testsuite"))
        else:
            # one suite per input, in input order; the missing one has an error
            sources = []
            for g in games:
                if g["source"] not in sources:
                    sources.append(g["source"])
            names = [s.name for s in suites]
            check([n for n in names if n != "missing.pgn"] == sources,
                  what("JUnit suites %s != %s" % (names, sources)))
            check("missing.pgn" in names, what("JUnit: a suite for the unreadable input"))
            nfail = 0
            for s in suites:
                cases = list(s)
                if s.name == "missing.pgn":
                    check(len(cases) == 1 and any(isinstance(x, Error) for x in cases[0].result),
                          what("JUnit: the input error"))
                    continue
                mine = [g for g in games if g["source"] == s.name]
                check(len(cases) == len(mine),
                      what("JUnit %s: %d testcases for %d games" % (s.name, len(cases), len(mine))))
                fails = [c for c in cases if any(isinstance(x, Failure) for x in c.result)]
                check(len(fails) == sum(1 for g in mine if fails_run(g)),
                      what("JUnit %s: failures" % s.name))
                nfail += len(fails)
                for c, g in zip(cases, mine):
                    check(c.name.startswith("game %d" % g["index"]), what("JUnit name " + c.name))
                    failure = [x for x in c.result if isinstance(x, Failure)]
                    check(bool(failure) == fails_run(g), what("JUnit %s: pass/fail" % c.name))
                    check(any(isinstance(x, Skipped) for x in c.result) == bool(g.get("skipped")),
                          what("JUnit %s: skipped" % c.name))
                    if failure and cmd == "adjudicate" and g["adjudication"]["basis"] != "invalid":
                        # a valid record whose declared result disagrees
                        check(failure[0].type == "disagrees" and
                              g["adjudication"]["result"] in failure[0].message,
                              what("JUnit %s: the disagreement" % c.name))
                    elif failure:
                        check(g["errors"][0]["code"] in failure[0].text, what("JUnit failure text"))
                    if cmd == "adjudicate":
                        last = (c.system_out or "").rstrip("\n").split("\n")[-1]
                        check("adjudication" in json.loads(last),
                              what("JUnit: the verdict in system-out: %r" % last))

            # the failures are the games that make the exit status 1
            if cmd == "adjudicate":
                a = summ["adjudication"]
                check(nfail == a["disagree"] + a["not_judged"],
                      what("JUnit: %d failures, %d disagree + %d not judged" %
                           (nfail, a["disagree"], a["not_judged"])))
            else:
                check(nfail == summ["invalid"], what("JUnit: %d failures, %d invalid" %
                                                     (nfail, summ["invalid"])))

        # ---- github ----
        lines = open(base + ".github.out", encoding="utf-8").read().split("\n")
        check(lines[-1] == "", what("github: ends with a line end"))
        pat = re.compile(r"^::(error|warning|notice)(?: ([^:]*))?::(.*)$")
        anns = []
        for l in lines[:-1]:
            m = pat.match(l)
            check(m is not None, what("github: not a workflow command: %r" % l))
            if not m:
                continue
            props = {}
            for p in (m.group(2) or "").split(","):
                if p:
                    k, v = p.split("=", 1)
                    props[k] = unesc_prop(v)
            anns.append((m.group(1), props, unesc_data(m.group(3))))
        gfind = [a for a in anns if "game " in a[2] and
                 (a[0] != "notice" or a[1].get("title") == "unsupported-variant")]
        check(len(gfind) == (0 if quiet else len(fs)),
              what("github: %d annotations for %d findings" % (len(gfind), len(fs))))
        for (kind, props, msg), f in zip(gfind, fs):
            src, member, index, fkind, line, col, code = f
            check(kind == fkind and props["file"] == src and props["title"] == code,
                  what("github: %s %s for %s" % (kind, props, f)))
            if member is None:
                check(props.get("line") == str(line) and props.get("col") == str(col),
                      what("github: line/col"))
                check(msg.startswith("game %d" % index), what("github message " + msg))
            else:
                check("line" not in props, what("github: a member's line is not the archive's"))
                check(msg.startswith("%s:%d:%d: game %d" % (member, line, col, index)),
                      what("github member message " + msg))
        ie = [a for a in anns if a[1].get("title") == "cannot-open"]
        check(len(ie) == (0 if quiet else 1) and all(a[1]["file"] == "missing.pgn" for a in ie),
              what("github: the input error"))
        notes = [a for a in anns if a[0] == "notice" and "games," in a[2]]
        check(len(notes) == 1 and notes[0][2].startswith("%d games" % summ["games"]),
              what("github: the summary notice"))

for b in bad:
    print("ci_formats: " + b, file=sys.stderr)
sys.exit(1 if bad else 0)
EOF

# ---- --duplicates (issue 16) -------------------------------------------------
# The duplicate-of warning is a finding of the game in every format: the
# JSON report's "duplicate_of" is the reference; each CI format renders it
# as it renders any warning of the game (github ::warning, a SARIF result,
# a JUnit system-out line), once a game, whatever the game's other
# findings, and never as an error (--strict). Inputs: copies of a game with
# two warnings, copies of a clean game (a duplicate that is the report's
# first finding: no comma before its SARIF result), names with XML and
# workflow-command specials, archive members; -j 1 and -j 2 with chunks of
# a few games write the same bytes.
mkdir dups && cd dups
w='w & <a>,100%:.pgn'
for i in 1 2 3 4 5 6 7 8; do
	printf '[Event "w%d"]\n[Result "*"]\n\n1. e4 f5 2. Qh5 g6 3. Qxg6 hxg6 *\n\n' "$i"
done > "$w"
for i in 1 2 3; do printf '[Event "c%d"]\n[Result "*"]\n\n1. d4 d5 *\n\n' "$i"; done > c.pgn
cat c.pgn "$w" > cw.pgn
"$PY" - <<'EOF'
import zipfile
g = '[Event "m"]\n[Result "*"]\n\n1. d4 d5 *\n\n'
with zipfile.ZipFile("m.zip", "w") as z:
    z.writestr("a&b.pgn", g + g)
    z.writestr("w.pgn", '[Event "m"]\n[Result "*"]\n\n1. e4 f5 2. Qh5 g6 3. Qxg6 hxg6 *\n\n')
EOF
set -- cw.pgn m.zip "$w" c.pgn
for extra in "" "--strict" "--quiet"; do
	rc=0
	# shellcheck disable=SC2086
	"$VCHESS" validate --no-progress --duplicates --format json $extra "$@" \
		> "dup$extra.json.out" 2> /dev/null || rc=$?
	[ "$rc" -le 1 ] || { echo "ci_formats: --duplicates $extra: exit $rc" >&2; exit 1; }
	for f in github sarif junit; do
		for j in 1 2; do
			# shellcheck disable=SC2086
			VCHESS_CHUNK_SIZE=80 "$VCHESS" validate --no-progress --duplicates -j $j \
				--format $f $extra "$@" > "dup$extra.j$j.$f.out" 2> /dev/null || true
			n=$((n + 1))
		done
		cmp -s "dup$extra.j1.$f.out" "dup$extra.j2.$f.out" || {
			echo "ci_formats: --duplicates --format $f $extra: -j 2 differs from -j 1" >&2
			exit 1
		}
	done
done
SCHEMA="$root/tests/sarif/sarif-schema-2.1.0.json" "$PY" - <<'EOF'
import json, os, re, sys
import xml.etree.ElementTree as ET
import jsonschema
from junitparser import JUnitXml, Failure

validator = jsonschema.Draft4Validator(json.load(open(os.environ["SCHEMA"])))
bad = []

def check(cond, what):
    if not cond:
        bad.append(what)

def first_name(d):
    return d["source"] + (":" + d["member"] if d["member"] is not None else "")

for extra in ("", "--strict", "--quiet"):
    what = lambda s: "--duplicates %s: %s" % (extra or "(plain)", s)
    quiet = extra == "--quiet"
    ref = json.load(open("dup%s.json.out" % extra))
    summ = ref["summary"]
    games = [g for g in ref["games"] if "input_error" not in g]
    dups = [g for g in games if "duplicate_of" in g]
    check(quiet or len(dups) == summ["duplicates"]["found"], what("json reference"))
    check(summ["duplicates"]["found"] >= (13 if extra != "--strict" else 5),
          what("too few duplicates found (%d)" % summ["duplicates"]["found"]))
    check(summ["by_code"].get("duplicate-of") == summ["duplicates"]["found"],
          what("summary by_code"))
    # each game's findings in the order the CI formats write them: the
    # record's, then its duplicate-of warning
    fs = []
    for g in games:
        for kind in ("errors", "warnings"):
            for f in g[kind]:
                fs.append((g, kind[:-1], f["code"], f["line"], f["column"]))
        if "duplicate_of" in g:
            fs.append((g, "warning", "duplicate-of", g["line"], 1))
    if quiet:
        fs = []

    # ---- SARIF ----
    doc = json.load(open("dup%s.j1.sarif.out" % extra))
    for e in list(validator.iter_errors(doc))[:5]:
        bad.append(what("SARIF schema: %s at %s" % (e.message, list(e.path))))
    run = doc["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    results = run["results"]
    check(len(results) == len(fs), what("SARIF: %d results for %d findings" % (len(results), len(fs))))
    for r, (g, kind, code, line, col) in zip(results, fs):
        check((r["ruleId"], r["level"]) == (code, kind) and rules[r["ruleIndex"]]["id"] == code,
              what("SARIF %s %s for %s %s" % (r["ruleId"], r["level"], kind, code)))
        p = r["properties"]
        check((p.get("game"), p.get("line"), p.get("column")) == (g["index"], line, col),
              what("SARIF place of %s in game %d" % (code, g["index"])))
        phys = r["locations"][0]["physicalLocation"]
        if g["member"] is None:
            check(phys.get("region") == {"startLine": line, "startColumn": col},
                  what("SARIF region"))
        else:
            check(r["locations"][0].get("logicalLocations", [{}])[0].get("name") == g["member"],
                  what("SARIF member"))
        if code == "duplicate-of":
            check(p.get("duplicate_of") == g["duplicate_of"], what("SARIF duplicate_of"))
            check(r["message"]["text"] == "duplicate of game %d of %s" %
                  (g["duplicate_of"]["index"], first_name(g["duplicate_of"])),
                  what("SARIF message %r" % r["message"]["text"]))
        else:
            check("duplicate_of" not in p, what("SARIF: duplicate_of in a %s result" % code))

    # ---- JUnit: well-formed XML, read by junitparser ----
    path = "dup%s.j1.junit.out" % extra
    try:
        ET.parse(path)
    except ET.ParseError as e:
        bad.append(what("JUnit not well-formed: %s" % e))
        continue
    xml = JUnitXml.fromfile(path)
    cases = [c for s in xml if not s.name.endswith(" summary") for c in s]
    check(len(cases) == (0 if quiet else len(games)), what("JUnit: a testcase per game"))
    for c, g in zip(cases, games):
        out = c.system_out or ""
        lines = out.rstrip("\n").split("\n")
        dl = [l for l in lines if l.endswith("[duplicate-of]")]
        if "duplicate_of" in g:
            want = "%s:%d:1: warning: game %d: duplicate of game %d of %s [duplicate-of]" % (
                first_name(g), g["line"], g["index"], g["duplicate_of"]["index"],
                first_name(g["duplicate_of"]))
            check(dl == [want], what("JUnit game %d: %r, expected %r" % (g["index"], dl, want)))
        else:
            check(dl == [], what("JUnit game %d: a duplicate-of line" % g["index"]))
        check("duplicate_of" not in out, what("JUnit: raw duplicate_of in system-out"))
        # the last line is the JSON members ("hash"), escaped and whole
        try:
            check(json.loads(lines[-1]).get("hash") == g["hash"], what("JUnit: the hash"))
        except ValueError:
            bad.append(what("JUnit game %d: system-out's last line is no JSON" % g["index"]))
        fails = [x for x in c.result if isinstance(x, Failure)]
        check(not fails or "duplicate-of" not in (fails[0].text or ""),
              what("JUnit: duplicate-of in a failure"))

    # ---- github ----
    lines = open("dup%s.j1.github.out" % extra, encoding="utf-8").read().split("\n")[:-1]
    pat = re.compile(r"^::(error|warning|notice) ([^:]*)::(.*)$")
    anns = []
    for l in lines:
        m = pat.match(l)
        check(m is not None, what("github: not a workflow command: %r" % l))
        if m and "title=vchess" not in m.group(2):
            props = dict(p.split("=", 1) for p in m.group(2).split(","))
            anns.append((m.group(1), props, m.group(3)))
    check(len(anns) == len(fs), what("github: %d annotations for %d findings" % (len(anns), len(fs))))
    for (kind, props, msg), (g, fkind, code, line, col) in zip(anns, fs):
        check(kind == fkind and props["title"] == code,
              what("github: %s %s for %s %s" % (kind, props.get("title"), fkind, code)))
        if code == "duplicate-of" and g["member"] is None:
            check(props.get("line") == str(line) and props.get("col") == "1",
                  what("github: duplicate-of line/col"))

for b in bad:
    print("ci_formats: " + b, file=sys.stderr)
sys.exit(1 if bad else 0)
EOF
cd ..
echo "ci_formats: $n reports read back"
