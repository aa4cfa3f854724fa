#!/bin/sh
# Hostile input for `vchess validate`: every input is made on the fly (nothing
# large is kept in the repository) and written to a temporary file, removed
# after its run; each run must end with the expected exit status and
# finding within its time limit, with a bounded peak memory (GNU time's
# maximum resident set size), and peak memory must stay flat: the same within
# 1 MiB for a 10 MB and a 100 MB input of the same kind.
#
# usage: tests/hostile.sh VCHESS        (make check-hostile)
#
# Prints one line per case (exit status, seconds, peak KB) and a summary;
# exits 1 when a case fails. Needs GNU time (/usr/bin/time, Debian package
# `time`: installed by tests/deps.sh when missing and run as root), timeout,
# head, tr and awk. HOSTILE_MAX_KB overrides the 32 MiB memory cap (for a
# sanitizer build, whose shadow memory counts too).
set -u

if [ $# -ne 1 ]; then
	echo "usage: tests/hostile.sh VCHESS" >&2
	exit 2
fi
VCHESS=$1
case $VCHESS in
/*) ;;
*) VCHESS=$(pwd)/$VCHESS ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
TIME=/usr/bin/time
if [ ! -x "$TIME" ]; then
	sh "$root/tests/deps.sh" time || exit 2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vchess-hostile.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
LC_ALL=C
export LC_ALL

MB=1000000
MAX_KB=${HOSTILE_MAX_KB:-32768}   # peak resident memory allowed in any case (KB)
failed=0
passed=0

# ---- input generators (standard output) -----------------------------------

# n bytes of byte c (an octal escape such as \000 or a plain character)
bytes() { head -c "$1" /dev/zero | tr '\000' "$2"; }

gen_garbage() { head -c "$1" /dev/urandom; }
gen_nul() { head -c "$1" /dev/zero; }
gen_no_newline() { bytes "$1" a; }
gen_comment() {
	printf '[Event "long comment"]\n[Result "*"]\n\n1. e4 {'
	bytes "$1" c
	printf '} e5 *\n'
}
gen_tag_value() {
	printf '[Event "'
	bytes "$1" v
	printf '"]\n[Result "*"]\n\n1. e4 e5 *\n'
}
gen_nested() {
	awk -v n="$1" 'BEGIN {
		printf "[Event \"nested\"]\n[Result \"*\"]\n\n1. e4 e5 "
		for (i = 0; i < n; i++) printf "(1... c5 "
		for (i = 0; i < n; i++) printf ") "
		printf "2. Nf3 *\n" }'
}
gen_plies() {
	awk -v n="$1" 'BEGIN {
		split("Nf3 Nf6 Ng1 Ng8", m, " ")
		printf "[Event \"long\"]\n[Result \"*\"]\n\n"
		for (i = 0; i < n; i++) {
			if (i % 2 == 0) printf "%d. ", i / 2 + 1
			printf "%s%s", m[i % 4 + 1], (i % 16 == 15) ? "\n" : " "
		}
		printf "*\n" }'
}
# a valid game of 20 plies, each with a comment just under the comment
# limit: 20 MB, more than the 16 MiB that --valid-out keeps of one game
gen_big_game() {
	awk -v n="$1" 'BEGIN {
		c = "x"; while (length(c) < n) c = c c; c = substr(c, 1, n)
		split("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7", m, " ")
		printf "[Event \"big\"]\n[Result \"*\"]\n\n"
		for (i = 1; i <= 20; i++) {
			if (i % 2) printf "%d. ", (i + 1) / 2
			printf "%s {%s}\n", m[i], c
		}
		printf "*\n" }'
}
gen_tags() {
	awk -v n="$1" 'BEGIN {
		for (i = 0; i < n; i++) printf "[Tag%d \"value %d\"]\n", i, i
		printf "\n1. e4 e5 *\n" }'
}
# real-looking games, again and again, until n bytes
gen_games() {
	awk -v n="$1" 'BEGIN {
		g = "[Event \"stream\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n" \
		    "1. e4 e5 2. Qh5 Nc6 3. Bc4 {attack} Nf6 (3... g6 4. Qf3) 4. Qxf7# 1-0\n\n"
		for (done = 0; done < n; done += length(g)) printf "%s", g }'
}

# ---- running a case --------------------------------------------------------

# case NAME STATUS PATTERN SECONDS INPUT
#   INPUT is a file; vchess reads it as its argument (name in findings).
# The last lines of NAME's report and stderr are shown when it fails.
check() {
	name=$1 want=$2 pattern=$3 limit=$4 input=$5
	# shellcheck disable=SC2086 # $opts: extra options, split on purpose
	if [ "$input" = - ]; then
		# standard input: the generator ${pipe_gen} writes it
		$pipe_gen $pipe_size | timeout "$limit" "$TIME" -f '%e %M' -o "$tmp/time" \
			"$VCHESS" validate --no-progress ${opts:-} - >"$tmp/out" 2>"$tmp/err"
	else
		timeout "$limit" "$TIME" -f '%e %M' -o "$tmp/time" \
			"$VCHESS" validate --no-progress ${opts:-} "$input" \
			>"$tmp/out" 2>"$tmp/err" </dev/null
	fi
	status=$?
	secs=$(tail -n 1 "$tmp/time" 2>/dev/null | cut -d' ' -f1)
	kb=$(tail -n 1 "$tmp/time" 2>/dev/null | cut -d' ' -f2)
	why=""
	if [ "$status" = 124 ]; then
		why="no end within $limit s"
	elif [ "$status" != "$want" ]; then
		why="exit status $status, expected $want"
	elif ! grep -q -e "$pattern" "$tmp/out" "$tmp/err"; then
		why="no '$pattern' in the report"
	elif grep -q -e 'Sanitizer' -e 'runtime error' "$tmp/err"; then
		why="sanitizer report"
	elif [ -z "$kb" ] || [ "$kb" -gt $MAX_KB ]; then
		why="peak memory ${kb:-?} KB > $MAX_KB KB"
	fi
	eval "kb_$name=\${kb:-0}"
	if [ -n "$why" ]; then
		echo "hostile: $name: FAIL: $why"
		tail -n 3 "$tmp/out" | sed 's/^/    | /'
		tail -n 3 "$tmp/err" | sed 's/^/    ! /'
		failed=$((failed + 1))
	else
		echo "hostile: $name: exit $status, $secs s, $kb KB peak"
		passed=$((passed + 1))
	fi
}

# make NAME GENERATOR SIZE: the input file for a case
make_input() {
	"$2" "$3" >"$tmp/$1" || { echo "hostile: cannot make $1" >&2; exit 2; }
}

# flat A B: peak memory of cases A and B within 1 MiB
flat() {
	eval "a=\$kb_$1 b=\$kb_$2"
	d=$((a > b ? a - b : b - a))
	if [ "$a" -eq 0 ] || [ "$b" -eq 0 ] || [ "$d" -gt 1024 ]; then
		echo "hostile: flat memory $1 / $2: FAIL: $a KB and $b KB"
		failed=$((failed + 1))
	else
		echo "hostile: flat memory $1 / $2: $a KB and $b KB (difference $d KB)"
		passed=$((passed + 1))
	fi
}

# bomb_stop NAME: the guard's message "(OUT from IN; zip-bomb guard)" of the
# last case: OUT within the limit (1000 * IN, at least 1 MiB) plus one read
# buffer (64 KiB)
bomb_stop() {
	set -- "$1" $(sed -n 's/.*(\([0-9]*\) from \([0-9]*\); zip-bomb guard[^)]*).*/\1 \2/p' "$tmp/err")
	if [ $# -ne 3 ]; then
		echo "hostile: $1: FAIL: no '(N from M; zip-bomb guard)' message"
		failed=$((failed + 1))
		return
	fi
	lim=$(($3 * 1000))
	[ $lim -lt 1048576 ] && lim=1048576
	if [ "$2" -gt $((lim + 65536)) ]; then
		echo "hostile: $1: FAIL: $2 bytes out of $3 before the guard stopped it"
		failed=$((failed + 1))
	else
		echo "hostile: $1: stopped after $2 bytes out of $3 compressed bytes"
		passed=$((passed + 1))
	fi
}

run() {
	name=$1 gen=$2 size=$3 want=$4 pattern=$5 limit=$6
	make_input "$name" "$gen" "$size"
	check "$name" "$want" "$pattern" "$limit" "$tmp/$name"
	rm -f "$tmp/$name"
}

run garbage_10mb gen_garbage $((10 * MB)) 1 'validate: [0-9]* games' 60
run nul_10mb gen_nul $((10 * MB)) 1 'unexpected byte 0x00 \[pgn-syntax\]' 60
run no_newline_10mb gen_no_newline $((10 * MB)) 1 '\[limit-token\]' 60
run no_newline_100mb gen_no_newline $((100 * MB)) 1 '\[limit-token\]' 300
run comment_10mb gen_comment $((10 * MB)) 1 '\[limit-comment\]' 60
run comment_100mb gen_comment $((100 * MB)) 1 '\[limit-comment\]' 300
run tag_value_1mb gen_tag_value $MB 1 '\[limit-tag-value\]' 60
run nested_100000 gen_nested 100000 1 '\[limit-variation-depth\]' 60
run plies_100000 gen_plies 100000 1 'ended at ply 16 by fivefold-repetition \[move-after-end\]' 60
run tags_100000 gen_tags 100000 1 'more than 1000 tags \[limit-tags\]' 60
run games_10mb gen_games $((10 * MB)) 0 'validate: [0-9]* games, [0-9]* valid, 0 invalid' 120
run games_100mb gen_games $((100 * MB)) 0 'validate: [0-9]* games, [0-9]* valid, 0 invalid' 600
# the same through a pipe (standard input: no size known, no seeking)
pipe_gen=gen_games pipe_size=$((100 * MB))
check games_100mb_stdin 0 'validate: [0-9]* games, [0-9]* valid, 0 invalid' 600 -
flat games_100mb games_100mb_stdin

flat no_newline_10mb no_newline_100mb
flat comment_10mb comment_100mb
flat games_10mb games_100mb

# Zip bombs: decompression stops at the documented limit (1000 bytes out per
# compressed byte once past 1 MiB, man vchess-validate, LIMITS) with exit
# status 3 and a message naming the guard. A gzip bomb of 100 members of
# 10 MB of zeros each (1 GB out of ~1 MB), and a zip of 1 GB of zeros.
bytes $((10 * MB)) '\000' | gzip -9 >"$tmp/member.gz"
i=0
while [ $i -lt 100 ]; do cat "$tmp/member.gz"; i=$((i + 1)); done >"$tmp/bomb.pgn.gz"
check gzip_bomb_1gb 3 'limit-exceeded: .*zip-bomb guard' 60 "$tmp/bomb.pgn.gz"
bomb_stop gzip_bomb_1gb
if command -v python3 >/dev/null 2>&1; then
	python3 - "$tmp/bomb.zip" <<'EOF'
import struct, sys, zlib
# A zip whose one member inflates to 1 GB of zeros. Deflating 1 GB would
# take seconds: a full flush makes the compressed form of each 10 MB piece
# the same bytes, so one piece is compressed and repeated (~1 MB in all).
piece, n = bytes(10_000_000), 100
c = zlib.compressobj(9, zlib.DEFLATED, -15)
block = c.compress(piece) + c.flush(zlib.Z_FULL_FLUSH)
data = block * n + b"\x03\x00"          # an empty final block ends it
crc = 0
for _ in range(n):
    crc = zlib.crc32(piece, crc)
usize, name = len(piece) * n, b"bomb.pgn"
local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0x5821, crc,
                    len(data), usize, len(name), 0) + name
central = struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0x5821,
                      crc, len(data), usize, len(name), 0, 0, 0, 0, 0, 0) + name
end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 1, 1, len(central),
                  len(local) + len(data), 0)
with open(sys.argv[1], "wb") as f:
    f.write(local + data + central + end)
EOF
	check zip_bomb_1gb 3 'limit-exceeded: .*zip-bomb guard' 120 "$tmp/bomb.zip"
	bomb_stop zip_bomb_1gb
else
	echo "hostile: zip_bomb_1gb: skipped (no python3 to write the zip)"
fi

# validate -j 2 writing its report into a slow reader (a pipe into a slow
# consumer): what waits for the writer stays bounded. Tag-only games make
# 13 bytes of JSONL per byte read, the most output per input there is
# (before the writer held jobs back: 37 MB; now about 24 MB).
if command -v python3 >/dev/null 2>&1; then
	awk 'BEGIN { for (i = 0; i < 100000; i++)
		printf "[Event \"e%d\"]\n[Site \"s\"]\n[Date \"2026.01.01\"]\n[Round \"1\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n", i }' \
		>"$tmp/tags.pgn"
	timeout 300 "$TIME" -f '%e %M' -o "$tmp/time" "$VCHESS" validate --no-progress -j 2 \
		--format jsonl "$tmp/tags.pgn" 2>"$tmp/err" </dev/null |
		python3 -c 'import sys, time
while sys.stdin.buffer.read(65536): time.sleep(0.003)'
	kb=$(tail -n 1 "$tmp/time" 2>/dev/null | cut -d' ' -f2)
	if [ -z "$kb" ] || [ "$kb" -gt $MAX_KB ]; then
		echo "hostile: slow_reader_j2: FAIL: peak memory ${kb:-?} KB > $MAX_KB KB"
		failed=$((failed + 1))
	else
		echo "hostile: slow_reader_j2: $kb KB peak"
		passed=$((passed + 1))
	fi
	rm -f "$tmp/tags.pgn"
else
	echo "hostile: slow_reader_j2: skipped (no python3 for the slow reader)"
fi

# ---- part archives (issue 14, items 3, 4, 5, 7, 9): nested archives, a
# member that cannot be read followed by good ones, links, control
# characters in text output, repeated tags and findings left out in JSON.
# Every archive is made here by python3 (zipfile, tarfile, gzip).
# arch_case NAME WANT_STATUS GOT_STATUS CHECK: CHECK is a shell command
# that must succeed on the run's files ($adir/out, $adir/err).
arch_case() {
	if [ "$3" -ne "$2" ]; then
		echo "hostile: $1: FAIL: exit $3, want $2"
		sed 's/^/    /' "$adir/err" | head -n 5
		failed=$((failed + 1))
	elif ! sh -c "$4"; then
		echo "hostile: $1: FAIL: $4"
		sed 's/^/    /' "$adir/out" "$adir/err" | head -n 10
		failed=$((failed + 1))
	else
		echo "hostile: $1: exit $3"
		passed=$((passed + 1))
	fi
}
if command -v python3 >/dev/null 2>&1; then
	adir="$tmp/archives"
	export adir
	mkdir -p "$adir"
	python3 - "$adir" <<'PY'
import gzip, io, sys, tarfile, zipfile
d = sys.argv[1]
game = b'[Event "e"]\n[White "w"]\n[Black "b"]\n[Result "*"]\n\n1. e4 e5 *\n\n'
bad = b'[Event "e"]\n[Result "*"]\n\n1. e4 e4 *\n\n'
def zipb(members, store=False):
    b = io.BytesIO()
    with zipfile.ZipFile(b, "w", zipfile.ZIP_STORED if store else zipfile.ZIP_DEFLATED) as z:
        for n, data in members:
            z.writestr(n, data)
    return b.getvalue()
def tarb(members, mode="w"):
    b = io.BytesIO()
    with tarfile.open(fileobj=b, mode=mode) as t:
        for m in members:
            if len(m) == 3:  # (name, type, target): a link
                ti = tarfile.TarInfo(m[0]); ti.type = m[1]; ti.linkname = m[2]
                t.addfile(ti)
            else:
                ti = tarfile.TarInfo(m[0]); ti.size = len(m[1])
                t.addfile(ti, io.BytesIO(m[1]))
    return b.getvalue()
def put(name, data):
    open(d + "/" + name, "wb").write(data)
# a zip inside a tar.gz (and a .tar.gz inside a zip)
put("nested.tar.gz", tarb([("inner.zip", zipb([("game.pgn", game)])), ("top.pgn", game)], "w:gz"))
put("nested.zip", zipb([("in.tar.gz", tarb([("g.pgn", game)], "w:gz")), ("top.pgn", game)]))
# seven levels of zips: the deepest are refused, the rest read
data, name = game, "game.pgn"
for i in range(6):
    data = zipb([(name, data), ("ok%d.pgn" % i, game)])
    name = "z%d.zip" % i
put("deep.zip", data)
# a gzip bomb member, then a good one
put("bomb.zip", zipb([("bomb.pgn.gz", gzip.compress(game + b" " * (20 << 20), 9)), ("good.pgn", game)], True))
# a damaged member (its deflate stream broken), then good ones
z = bytearray(zipb([("a.pgn", game * 200), ("bad.pgn", bad * 300), ("c.pgn", game), ("d.pgn", game)]))
at = z.find(b"bad.pgn") + 7 + 30
z[at:at + 40] = b"\xff" * 40
put("damaged.zip", bytes(z))
# a damaged compressed stream: a .tar.gz cut short inside a zip
tgz = tarb([("x%d.pgn" % i, game * 500) for i in range(5)], "w:gz")
put("cut.zip", zipb([("cut.tar.gz", tgz[:len(tgz) // 2]), ("after.pgn", game)]))
# links
put("links.tar", tarb([("a.pgn", game), ("sym.pgn", tarfile.SYMTYPE, "a.pgn"),
                       ("hard.pgn", tarfile.LNKTYPE, "a.pgn")]))
# control characters in member names
put("names.tar", tarb([("new\nline.pgn", bad), ("esc\x1b[31m.pgn", bad), ("read\x1bme.txt", b"\x00\x01\x02 binary\n")]))
# repeated tags; a game with 40 warnings
put("tags.pgn", b'[Event "a"]\n[White "w"]\n[Event "b"]\n[Event "c"]\n[Result "*"]\n\n1. e4 *\n\n')
put("many.pgn", b"".join(b'[Event "e%d"]\n' % i for i in range(41)) + b'[Result "*"]\n\n1. e4 *\n\n')
PY
	V=$VCHESS
	run() { "$V" validate --no-progress "$@" >"$adir/out" 2>"$adir/err" </dev/null; echo $?; }

	st=$(run --format jsonl "$adir/nested.tar.gz")
	arch_case archives_zip_in_tar_gz 0 "$st" 'grep -q "\"member\":\"inner.zip:game.pgn\"" "$adir/out" && grep -q "\"member\":\"top.pgn\"" "$adir/out"'
	st=$(run --format jsonl "$adir/nested.zip")
	arch_case archives_tar_gz_in_zip 0 "$st" 'grep -q "\"member\":\"in.tar.gz:g.pgn\"" "$adir/out" && grep -q "\"games\":2," "$adir/out"'
	st=$(run --format jsonl "$adir/deep.zip")
	arch_case archives_too_deep 3 "$st" 'grep -q "z4.zip:z3.zip:z2.zip:z1.zip:z0.zip: unsupported: .*nested more than 4 levels" "$adir/err" && grep -q "\"member\":\"z4.zip:z3.zip:z2.zip:z1.zip:ok1.pgn\"" "$adir/out" && grep -q "\"games\":5," "$adir/out"'
	st=$(run --max-ratio 100 --format jsonl "$adir/bomb.zip")
	arch_case archives_bomb_then_good 3 "$st" 'grep -q "bomb.zip:bomb.pgn.gz: limit-exceeded" "$adir/err" && grep -q "\"member\":\"good.pgn\"" "$adir/out"'
	st=$(run --format jsonl "$adir/damaged.zip")
	arch_case archives_damaged_then_good 3 "$st" 'grep -q "damaged.zip:bad.pgn: corrupt" "$adir/err" && grep -q "\"member\":\"c.pgn\"" "$adir/out" && grep -q "\"member\":\"d.pgn\"" "$adir/out"'
	st=$(run --format jsonl "$adir/cut.zip")
	arch_case archives_cut_stream_said 3 "$st" 'grep -q "cut.zip: corrupt: cut.tar.gz: .*(the rest of cut.tar.gz was not read)" "$adir/err" && grep -q "\"member\":\"after.pgn\"" "$adir/out"'
	st=$(run --format jsonl "$adir/links.tar")
	arch_case archives_links_noted 0 "$st" 'grep -q "links.tar:sym.pgn: skipped: symbolic link to a.pgn" "$adir/err" && grep -q "links.tar:hard.pgn: skipped: hard link to a.pgn" "$adir/err" && grep -q "\"games\":1," "$adir/out"'
	st=$(run "$adir/names.tar")
	arch_case archives_names_escaped 1 "$st" '! LC_ALL=C grep -q "$(printf "\033")" "$adir/out" "$adir/err" && grep -q "names.tar:new\\\\nline.pgn:4:7: error" "$adir/out" && grep -q "names.tar:esc\\\\x1b\[31m.pgn:4:7: error" "$adir/out" && grep -q "names.tar:read\\\\x1bme.txt: skipped" "$adir/err" && [ "$(grep -c "^$adir/names.tar:" "$adir/out")" -eq "$(grep -vc "^  \|^validate:" "$adir/out")" ]'
	st=$(run --format json "$adir/tags.pgn")
	arch_case archives_repeated_tags_json 0 "$st" 'python3 -c "
import json, sys
def once(pairs):
    keys = [k for k, v in pairs]
    assert len(keys) == len(set(keys)), keys
    return dict(pairs)
doc = json.load(open(sys.argv[1]), object_pairs_hook=once)
g = doc[\"games\"][0]
assert g[\"tags\"] == {\"Event\": \"c\", \"White\": \"w\", \"Result\": \"*\"}, g[\"tags\"]
assert len([w for w in g[\"warnings\"] if w[\"code\"] == \"duplicate-tag\"]) == 2
" "$adir/out"'
	st=$(run --format jsonl "$adir/many.pgn")
	arch_case archives_findings_omitted 0 "$st" 'python3 -c "
import json, sys
g = json.loads(open(sys.argv[1]).readline())
assert len(g[\"warnings\"]) == 32 and g[\"findings_omitted\"] == 8, g.get(\"findings_omitted\")
" "$adir/out"'
	rm -rf "$adir"
else
	echo "hostile: archives: skipped (no python3 to write the archives)"
fi
# ---- part atomic: interrupted runs leave whole outputs or none (issue 14) ----
# Runs killed at random points by SIGINT, SIGTERM or SIGHUP: validate with a
# report file and both copies (-j 1 and -j 2), adjudicate with --fix-results,
# and validate writing its report to standard output. Each output file must
# be absent (with --keep-partial: only NAME.partial, a copy's being a prefix
# of the whole copy) or whole and byte-equal to an uninterrupted run's; no
# temporary (.NAME.XXXXXX) may be left; the exit status is 128 + the signal,
# or the normal one when the run had finished; standard output ends with a
# whole line, its last the summary, "complete": false and "stopped":
# "interrupted" when the run was stopped (empty when the signal came before
# the report was opened). ATOMIC_KILLS sets the number of runs (default 30).
atomic_rand() { # a number in [0, $1)
	echo $(( $(od -An -N2 -tu2 /dev/urandom | tr -d ' ') % $1 ))
}
atomic_fail() {
	echo "hostile: interrupt: FAIL: $*"
	atomic_bad=1
}
atomic() {
	A=$tmp/atomic
	mkdir -p "$A/ref" || return
	# background jobs of a script start with SIGINT ignored, which vchess
	# keeps ignored (as nohup wants): give them back the default
	defsig=
	if env --default-signal=INT true 2>/dev/null; then
		defsig="env --default-signal=INT"
	fi
	awk 'BEGIN { srand(14)
		m[0] = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0"
		m[1] = "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 1/2-1/2"
		m[2] = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"
		m[3] = "1. e4 e5 2. Ke3 Nf6 1-0"
		m[4] = "1. f3 e5 2. g4 Qh4# 1-0"
		for (i = 0; i < 30000; i++)
			printf "[Event \"e%d\"]\n[White \"w%d\"]\n[Black \"b%d\"]\n[Result \"1-0\"]\n\n%s\n\n", i, i % 97, i % 89, m[int(rand() * 5)] }' >"$A/big.pgn"
	# the configurations: name, command line (outputs relative to the run's
	# directory), output files
	cfg_v1="validate --no-progress --format jsonl -o r.jsonl --valid-out v.pgn --invalid-out i.pgn"
	cfg_v2="validate --no-progress -j 2 --format jsonl -o r.jsonl --valid-out v.pgn --invalid-out i.pgn"
	cfg_ad="adjudicate --no-progress --format json -o a.json --fix-results f.pgn"
	cfg_so="validate --no-progress -j 2 --format jsonl --valid-out v.pgn"
	for c in v1 v2 ad so; do
		eval "args=\$cfg_$c"
		mkdir -p "$A/ref/$c"
		t0=$(date +%s%N)
		(cd "$A/ref/$c" && "$VCHESS" $args "$A/big.pgn" >stdout 2>stderr </dev/null)
		eval "rc_$c=$?"
		eval "ms_$c=$(( ($(date +%s%N) - t0) / 1000000 + 1 ))"
	done
	atomic_bad=0
	kills=${ATOMIC_KILLS:-24}
	stopped=0 finished=0 early=0
	n=0
	while [ $n -lt "$kills" ]; do
		case $((n % 4)) in 0) c=v1 ;; 1) c=v2 ;; 2) c=ad ;; 3) c=so ;; esac
		case $((n % 3)) in 0) sig=INT; num=2 ;; 1) sig=TERM; num=15 ;; 2) sig=HUP; num=1 ;; esac
		keep=
		[ $((n % 5)) -eq 4 ] && keep=--keep-partial
		eval "args=\$cfg_$c; rc_ref=\$rc_$c; ms=\$ms_$c"
		d=$A/run$n
		mkdir "$d"
		# a random point of the run, a little past its end at times
		delay=$(atomic_rand $((ms + ms / 8 + 1)))
		(cd "$d" && exec $defsig "$VCHESS" $args $keep "$A/big.pgn" >stdout 2>stderr </dev/null) &
		pid=$!
		sleep "$(awk -v m="$delay" 'BEGIN { printf "%.3f", m / 1000 }')"
		kill -s "$sig" "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		rc=$?
		what="run $n ($c, SIG$sig at ${delay} ms${keep:+, $keep})"
		if [ "$rc" -eq $((128 + num)) ]; then
			stopped=$((stopped + 1))
			for f in $(ls -A "$A/ref/$c"); do
				case $f in stdout | stderr) continue ;; esac
				[ -e "$d/$f" ] && atomic_fail "$what: $f left in place"
				if [ -e "$d/$f.partial" ]; then
					[ -n "$keep" ] || atomic_fail "$what: $f.partial without --keep-partial"
					case $f in
					*.pgn) # a copy: a prefix of the whole copy
						sz=$(wc -c <"$d/$f.partial")
						head -c "$sz" "$A/ref/$c/$f" | cmp -s - "$d/$f.partial" ||
							atomic_fail "$what: $f.partial is not a prefix of the copy" ;;
					esac
				fi
			done
			if [ -s "$d/stdout" ]; then
				[ "$(tail -c 1 "$d/stdout" | od -An -c | tr -d ' ')" = '\n' ] ||
					atomic_fail "$what: standard output ends inside a line"
				if [ $c = so ]; then
					tail -n 1 "$d/stdout" | grep -q '"complete":false,"stopped":"interrupted"}}$' ||
						atomic_fail "$what: no incomplete marker on standard output"
				fi
			elif [ $c = so ]; then
				early=$((early + 1))
			fi
			if [ $c = v1 ] || [ $c = v2 ]; then
				# the report file with --keep-partial: whole lines, the
				# summary last, marked incomplete
				if [ -s "$d/r.jsonl.partial" ]; then
					tail -n 1 "$d/r.jsonl.partial" | grep -q '"stopped":"interrupted"}}$' ||
						atomic_fail "$what: r.jsonl.partial without the incomplete summary"
				fi
			fi
		elif [ "$rc" -eq "$rc_ref" ]; then
			finished=$((finished + 1))
			for f in $(ls -A "$A/ref/$c"); do
				[ "$f" = stderr ] && continue
				cmp -s "$A/ref/$c/$f" "$d/$f" || atomic_fail "$what: finished, $f differs"
			done
		else
			atomic_fail "$what: exit status $rc (expected $((128 + num)) or $rc_ref)"
		fi
		for f in $(ls -A "$d"); do
			case $f in .*.*) atomic_fail "$what: temporary $f left" ;; esac
		done
		rm -rf "$d"
		n=$((n + 1))
	done
	rm -rf "$A"
	if [ $atomic_bad -eq 0 ]; then
		echo "hostile: interrupt: $kills runs killed ($stopped stopped, $early of them before the report on standard output began, $finished had finished; uninterrupted: $ms_v1, $ms_v2, $ms_ad, $ms_so ms): outputs whole or absent"
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
	fi
}
atomic
# ---- end of part atomic ----
# ---- part copies (issue 14: copies lose nothing) ---------------------------
# --valid-out and --invalid-out, put back together in game order by the
# JSONL report's copy_end (tests/copies_join.py), are the input byte for
# byte: a file with every oddity (a BOM, `%` lines, CR LF and lone CR,
# games without blank lines, lone results, junk between games, bytes after
# the last game) and a game over 16 MiB, plain, gzip'd, as zip and tar
# members, under -j 1 and -j 2 (small chunks: many cuts). A game of any
# size is copied whole with flat memory: 20 MB and 60 MB games.
gen_huge_game() {
	awk -v n="$1" 'BEGIN {
		c = "x"; while (length(c) < 1000000) c = c c; c = substr(c, 1, 1000000)
		printf "[Event \"huge\"]\n[Result \"*\"]\n\n1. e4 "
		for (i = 0; i < n; i++) printf "{%s}\n", c
		printf "*\n" }'
}
# copies_case NAME INPUT WHOLE J: INPUT (in $tmp) under -j J, its copies put
# together must be the file WHOLE
copies_case() {
	c_name=$1 c_input=$2 c_whole=$3 c_j=$4
	opts="-j $c_j --format jsonl --valid-out $tmp/valid.pgn --invalid-out $tmp/invalid.pgn"
	VCHESS_CHUNK_SIZE=65536 check "$c_name" 1 '"summary"' 120 "$tmp/$c_input"
	opts=
	if python3 "$root/tests/copies_join.py" "$tmp/out" "$tmp/valid.pgn" "$tmp/invalid.pgn" \
		>"$tmp/joined" && cmp -s "$tmp/joined" "$c_whole"; then
		echo "hostile: $c_name: the copies put together are the input"
		passed=$((passed + 1))
	else
		echo "hostile: $c_name: FAIL: the copies put together are not the input"
		failed=$((failed + 1))
	fi
	rm -f "$tmp/joined" "$tmp/valid.pgn" "$tmp/invalid.pgn"
}
if command -v python3 >/dev/null 2>&1; then
	python3 - "$tmp/odd_small.pgn" "$tmp/odd_head.pgn" <<'END_ODD'
import random, sys
random.seed(14)
games = [
    b'[Event "a"]\n[Result "*"]\n\n1. e4 e5 *\n',
    b'[Event "bad"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 *\n',
    b'[Event "crlf"]\r\n[Result "1-0"]\r\n\r\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0 {mate}\r\n',
    b'[Event "cr"]\r[Result "*"]\r\r1. d4 d5 *\r',
    b'1-0\n', b'*\n', b'1-0 ', b'0-1',
    b'[Event "d"]\n[Result "*"]\n1. e4 *\n[Event "e"]\n[Result "*"]\n1. d4 *\n',
    b'junk </p>\n', b'\xff\xfe garbage\n',
    b'[Event "x"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1   \t\n',
]
seps = [b'', b'\n', b'\n\n', b'% escape line\n', b'\n% a\n%b\n\n', b'   \n', b'\r\n\r\n',
        b'{before}\n']
out = [b'\xef\xbb\xbf% first line\n']
for i in range(300):
    out += [random.choice(games), random.choice(seps)]
open(sys.argv[2], 'wb').write(b''.join(out) + b'\n')
out.append(b'\n\n% trailer\n  ')
open(sys.argv[1], 'wb').write(b''.join(out))
END_ODD
	# the odd games, a game over 16 MiB (17 MB), the odd games again
	{ cat "$tmp/odd_head.pgn"; gen_big_game 850000; cat "$tmp/odd_small.pgn"; } >"$tmp/odd.pgn"
	gzip -c "$tmp/odd.pgn" >"$tmp/odd.pgn.gz"
	python3 - "$tmp" <<'END_ARCHIVES'
import sys, tarfile, zipfile
t = sys.argv[1]
with zipfile.ZipFile(t + "/odd.zip", "w", zipfile.ZIP_DEFLATED) as z:
    z.write(t + "/odd.pgn", "odd.pgn")
    z.write(t + "/odd_small.pgn", "small.pgn")
with tarfile.open(t + "/odd.tar", "w") as z:
    z.add(t + "/odd.pgn", "odd.pgn")
    z.add(t + "/odd_small.pgn", "small.pgn")
END_ARCHIVES
	cat "$tmp/odd.pgn" "$tmp/odd_small.pgn" >"$tmp/odd_members"
	for j in 1 2; do
		copies_case copies_plain_j$j odd.pgn "$tmp/odd.pgn" $j
		copies_case copies_gzip_j$j odd.pgn.gz "$tmp/odd.pgn" $j
		copies_case copies_zip_j$j odd.zip "$tmp/odd_members" $j
		copies_case copies_tar_j$j odd.tar "$tmp/odd_members" $j
	done
	rm -f "$tmp"/odd*
else
	echo "hostile: copies: skipped (no python3 to write the inputs)"
fi
for mb in 20 60; do
	make_input "huge_$mb" gen_huge_game $mb
	opts="--valid-out $tmp/valid.pgn"
	check "copy_huge_game_${mb}mb" 0 'validate: 1 game, 1 valid' 120 "$tmp/huge_$mb"
	opts=
	if ! cmp -s "$tmp/valid.pgn" "$tmp/huge_$mb"; then
		echo "hostile: copy_huge_game_${mb}mb: FAIL: --valid-out is not the game"
		failed=$((failed + 1))
	elif grep -q -e 'not copied' -e 'limit-raw' "$tmp/out" "$tmp/err"; then
		echo "hostile: copy_huge_game_${mb}mb: FAIL: a warning about the copy"
		failed=$((failed + 1))
	fi
	rm -f "$tmp/huge_$mb" "$tmp/valid.pgn"
done
flat copy_huge_game_20mb copy_huge_game_60mb

# ---- part review: standings on far-apart round numbers ----------------------
# One game tagged Round "100000" among an event of round 1 made every one of
# 400 players 99999 absences (64 s, 1.5 GB) and a crosstable of 100000
# columns (236 MB of text). Now a round number without games is no round:
# a warning, absences only in rounds with games, a column per such round.
gen_far_rounds() {
	awk -v n="$1" 'BEGIN {
		for (i = 0; i < n; i += 2)
			printf "[White \"P%d\"]\n[Black \"P%d\"]\n[Round \"1\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n", i, i + 1
		printf "[White \"P0\"]\n[Black \"P2\"]\n[Round \"100000\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n" }'
}
make_input far_rounds gen_far_rounds 2000
for fmt in text html; do
	timeout 60 "$VCHESS" adjudicate --no-progress --standings --crosstable --quiet \
		--format $fmt "$tmp/far_rounds" >"$tmp/out" 2>"$tmp/err"
	status=$?
	size=$(wc -c <"$tmp/out")
	if [ "$status" != 0 ] || [ "$size" -gt 2000000 ]; then
		echo "hostile: standings_far_rounds_$fmt: FAIL: exit $status, $size bytes"
		failed=$((failed + 1))
	elif [ $fmt = text ] && ! grep -q 'warning round-gap' "$tmp/out"; then
		echo "hostile: standings_far_rounds_$fmt: FAIL: no round-gap warning"
		failed=$((failed + 1))
	else
		echo "hostile: standings_far_rounds_$fmt: exit 0, $size bytes"
		passed=$((passed + 1))
	fi
done
rm -f "$tmp/far_rounds"

# ---- part duplicates (issue 16: validate --duplicates-out) -----------------
# --valid-out, --invalid-out and --duplicates-out, put back together in game
# order by the JSONL report (tests/copies_join.py: a game with duplicate_of
# from the duplicates copy), are the input byte for byte: odd separators
# (a BOM, `%` lines, CR LF and lone CR, junk, no blank lines) between games
# repeated at random (so most are duplicates, of valid and of invalid games),
# plain and as zip members, under -j 1, 2 and 3 with small chunks; every -j
# gives the same report and copies; a --duplicates-max of 2 stops looking
# and says so.
if command -v python3 >/dev/null 2>&1; then
	python3 - "$tmp/dup.pgn" <<'END_DUP'
import random, sys
random.seed(16)
games = [
    b'[Event "a"]\n[Result "*"]\n\n1. e4 e5 *\n',
    b'[Event "a again"]\n[Result "*"]\n\n1. e4 {same moves} e5 (1... c5) *\n',
    b'[Event "bad"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 *\n',
    b'[Event "crlf"]\r\n[Result "1-0"]\r\n\r\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\r\n',
    b'[Event "cr"]\r[Result "*"]\r\r1. d4 d5 *\r',
    b'[Event "960"]\n[Variant "Chess960"]\n[FEN "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"]\n[Result "*"]\n\n9. g3 *\n',
    b'1-0\n', b'[Event "d"]\n[Result "*"]\n1. e4 *\n[Event "e"]\n[Result "*"]\n1. d4 *\n',
    b'junk </p>\n',
]
seps = [b'', b'\n', b'\n\n', b'% escape line\n', b'\r\n\r\n', b'{before}\n']
out = [b'\xef\xbb\xbf% first line\n']
for i in range(400):
    out += [random.choice(games), random.choice(seps)]
out.append(b'\n% trailer\n')
open(sys.argv[1], 'wb').write(b''.join(out))
END_DUP
	python3 - "$tmp" <<'END_DUPZIP'
import sys, zipfile
t = sys.argv[1]
with zipfile.ZipFile(t + "/dup.zip", "w", zipfile.ZIP_DEFLATED) as z:
    z.write(t + "/dup.pgn", "one.pgn")
    z.write(t + "/dup.pgn", "two.pgn")
END_DUPZIP
	cat "$tmp/dup.pgn" "$tmp/dup.pgn" >"$tmp/dup_members"
	for d_in in dup.pgn dup.zip; do
		d_whole=$tmp/dup.pgn
		[ $d_in = dup.zip ] && d_whole=$tmp/dup_members
		for j in 1 2 3; do
			d_name=dup_copies_$(echo "$d_in" | tr . _)_j$j
			opts="-j $j --format jsonl --duplicates --valid-out $tmp/valid.pgn
			      --invalid-out $tmp/invalid.pgn --duplicates-out $tmp/dups.pgn"
			VCHESS_CHUNK_SIZE=97 check "$d_name" 1 '"duplicate_of"' 120 "$tmp/$d_in"
			opts=
			if ! python3 "$root/tests/copies_join.py" "$tmp/out" "$tmp/valid.pgn" \
				"$tmp/invalid.pgn" "$tmp/dups.pgn" >"$tmp/joined" ||
			   ! cmp -s "$tmp/joined" "$d_whole"; then
				echo "hostile: $d_name: FAIL: the three copies put together are not the input"
				failed=$((failed + 1))
			elif [ ! -s "$tmp/dups.pgn" ]; then
				echo "hostile: $d_name: FAIL: no duplicate copied"
				failed=$((failed + 1))
			elif [ $j -gt 1 ] && ! cmp -s "$tmp/out" "$tmp/dup_ref.out"; then
				echo "hostile: $d_name: FAIL: not the report of -j 1"
				failed=$((failed + 1))
			elif [ $j -gt 1 ] && ! cat "$tmp/valid.pgn" "$tmp/invalid.pgn" "$tmp/dups.pgn" |
			     cmp -s - "$tmp/dup_ref.copies"; then
				echo "hostile: $d_name: FAIL: not the copies of -j 1"
				failed=$((failed + 1))
			else
				echo "hostile: $d_name: the three copies put together are the input"
				passed=$((passed + 1))
			fi
			if [ $j = 1 ]; then
				cp "$tmp/out" "$tmp/dup_ref.out"
				cat "$tmp/valid.pgn" "$tmp/invalid.pgn" "$tmp/dups.pgn" >"$tmp/dup_ref.copies"
			fi
			rm -f "$tmp/joined" "$tmp/valid.pgn" "$tmp/invalid.pgn" "$tmp/dups.pgn"
		done
	done
	opts="-j 2 --duplicates-max 2"
	VCHESS_CHUNK_SIZE=97 check dup_max 1 'looked for among the first 2 games only' 60 "$tmp/dup.pgn"
	opts=
	if ! grep -q 'duplicates-max reached after 2 games' "$tmp/err"; then
		echo "hostile: dup_max: FAIL: no note on standard error"
		failed=$((failed + 1))
	fi
	rm -f "$tmp"/dup*
else
	echo "hostile: duplicates: skipped (no python3 to write the inputs)"
fi
# ---- end of part duplicates ----

# ---- part h14: a fatal error ends the report (issue 14) --------------------
# A run that cannot go on - the copies' temporary file cannot be made in
# TMPDIR (a game over 4 MiB needs it), memory runs out - ends with exit
# status 3 and a message naming the reason, its report being whole entries
# and then a summary marked incomplete ("complete": false, "stopped":
# "error"; text "validate: incomplete: stopped by an error"), and no output
# file or temporary left behind (NAME.partial under --keep-partial). The
# TMPDIR is under a regular file: no one can make it, root included. Out of
# memory: the malloc shim of tests/nomem.sh fails one chosen allocation,
# in the calling thread (the copies' temporary's name, whose size TMPDIR
# sets) and in worker threads (-j 2); each run either does not notice or
# ends so.
F=$tmp/fatal
mkdir "$F" "$F/out"
: >"$F/file"
{ printf '[Event "a"]\n[Result "*"]\n\n1. e4 e5 *\n\n[Event "b"]\n[Result "*"]\n\n1. d4 *\n\n'
  gen_huge_game 6; } >"$F/in.pgn"
# fatal_report FORMAT FILE: the report ends as a fatal error ends it
fatal_report() {
	case $1 in
	text) [ "$(tail -n 1 "$2")" = "validate: incomplete: stopped by an error" ] ;;
	*) CHECK_REPORT_BUILTIN=1 python3 "$root/tests/tools/check_report.py" "$2" \
			>/dev/null 2>&1 &&
		python3 - "$2" <<'END_FATAL'
import json, sys
text = open(sys.argv[1]).read()
try:
    s = json.loads(text)["summary"]
except ValueError:
    s = json.loads(text.splitlines()[-1])["summary"]
sys.exit(0 if s["complete"] is False and s["stopped"] == "error" else 1)
END_FATAL
	;;
	esac
}
# fatal_case NAME STATUS MESSAGE FORMAT REPORT FILES: the run just made
fatal_case() {
	why=
	left=$(ls -A "$F/out" | tr '\n' ' ')
	if [ "$2" != 3 ]; then
		why="exit status $2, expected 3"
	elif ! grep -q -e "$3" "$F/err"; then
		why="no '$3' on standard error"
	elif [ "$left" != "$6" ]; then
		why="files left: '$left', expected '$6'"
	elif ! fatal_report "$4" "$5"; then
		why="the report does not end with a summary stopped by an error"
	fi
	if [ -n "$why" ]; then
		echo "hostile: $1: FAIL: $why"
		tail -n 3 "$F/err" | sed 's/^/    ! /'
		failed=$((failed + 1))
	else
		echo "hostile: $1: exit 3, the report ends with its summary"
		passed=$((passed + 1))
	fi
	rm -f "$F/out/"* "$F/out/".[!.]* 2>/dev/null
}
if command -v python3 >/dev/null 2>&1; then
	for j in 1 2; do
		for fmt in text json jsonl; do
			TMPDIR=$F/file/tmp timeout 60 "$VCHESS" validate --no-progress -j $j \
				--format $fmt --valid-out "$F/out/v.pgn" --invalid-out "$F/out/i.pgn" \
				"$F/in.pgn" >"$F/report" 2>"$F/err"
			fatal_case "fatal_tmpdir_j${j}_$fmt" $? "TMPDIR $F/file/tmp: cannot make" \
				$fmt "$F/report" ""
			TMPDIR=$F/file/tmp timeout 60 "$VCHESS" validate --no-progress -j $j \
				--format $fmt --valid-out "$F/out/v.pgn" -o "$F/out/r" --keep-partial \
				"$F/in.pgn" >/dev/null 2>"$F/err"
			s=$?
			cp "$F/out/r.partial" "$F/report" 2>/dev/null || : >"$F/report"
			fatal_case "fatal_tmpdir_keep_partial_j${j}_$fmt" $s "Not a directory" \
				$fmt "$F/report" "r.partial v.pgn.partial "
		done
	done
	if cc -shared -fPIC -O1 -o "$F/fail_malloc.so" "$root/tests/tools/fail_malloc.c" -ldl \
		2>/dev/null; then
		# fatal_nomem NAME SIZE N J INPUT: the Nth malloc of SIZE fails
		fatal_nomem() {
			VCHESS_FAIL_MALLOC=$2:$3 LD_PRELOAD=$F/fail_malloc.so timeout 60 \
				"$VCHESS" validate --no-progress -j "$4" --format json \
				--valid-out "$F/out/v.pgn" -o "$F/out/r.json" --keep-partial "$5" \
				>/dev/null 2>"$F/err"
			s=$?
			if [ $s -lt 2 ] && ! [ -s "$F/err" ] && [ -f "$F/out/r.json" ]; then
				rm -f "$F/out/"*  # not in the way
				return
			fi
			nomem_hits=$((nomem_hits + 1))
			cp "$F/out/r.json.partial" "$F/report" 2>/dev/null || : >"$F/report"
			fatal_case "$1" $s "^vchess: out of memory$" json "$F/report" \
				"r.json.partial v.pgn.partial "
		}
		nomem_hits=0
		# the name of the copies' temporary: TMPDIR's length + 20 bytes
		td=$F/tmpdir-$(printf "%0150d" 0)/$(printf "%0150d" 0)
		mkdir -p "$td"
		for j in 1 2; do
			TMPDIR=$td fatal_nomem "fatal_nomem_tmpname_j$j" $((${#td} + 20)) 1 $j "$F/in.pgn"
		done
		# worker threads: what a job allocates (glibc: a segment's streams,
		# fopencookie; the count of hits below says when the sizes are stale)
		gen_games 300000 >"$F/games.pgn"
		for size in 280 256; do
			for n in 2 3 4; do
				VCHESS_CHUNK_SIZE=4096 fatal_nomem "fatal_nomem_${size}_$n" $size $n 2 \
					"$F/games.pgn"
			done
		done
		if [ $nomem_hits -lt 2 ]; then
			echo "hostile: fatal_nomem: FAIL: only $nomem_hits allocations failed"
			failed=$((failed + 1))
		fi
	else
		echo "hostile: fatal_nomem: skipped (no cc)"
	fi
fi
rm -rf "$F"

# ---- part h16misc (issue 16: skipped variants, empty inputs) ---------------
# Games in a variant vchess does not implement are skipped: with
# --skipped-out the three copies, put back together in game order by the
# JSONL report (tests/copies_join.py), are the input byte for byte, under
# -j 1 and -j 2 with small chunks; without it such games are in neither
# copy. A mixed dump whose checkable games are all valid exits 0 (1 with
# --strict). An empty input, plain or compressed, is the warning
# empty-input, not an error.
if command -v python3 >/dev/null 2>&1; then
	python3 - "$tmp/mixed.pgn" <<'END_MIXED'
import random, sys
random.seed(16)
games = [
    b'[Event "a"]\n[Result "*"]\n\n1. e4 e5 *\n',
    b'[Event "atomic"]\n[Variant "Atomic"]\n[Result "1-0"]\n\n1. Nf3 d5 2. Ne5 Nf6 3. Nxf7 1-0\n',
    b'[Event "zh"]\r\n[Variant "Crazyhouse"]\r\n[Result "0-1"]\r\n\r\n1. e4 d5 2. exd5 Qxd5 3. P@e4 0-1\r\n',
    b'[Event "rk"]\n[Variant "Racing Kings"]\n[FEN "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"]\n[Result "*"]\n1. Kg3 *\n',
    b'[Event "x"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1   \t\n',
    b'[Event "960"]\n[Variant "Chess960"]\n[Result "*"]\n\n1. e4 *\n',
]
seps = [b'', b'\n', b'\n\n', b'% escape line\n', b'   \n', b'{before}\n']
out = [b'% first line\n']
for i in range(4000):
    out += [random.choice(games), random.choice(seps)]
out.append(b'\n% trailer\n')
open(sys.argv[1], 'wb').write(b''.join(out))
END_MIXED
	for j in 1 2; do
		opts="-j $j --format jsonl --valid-out $tmp/valid.pgn --invalid-out $tmp/invalid.pgn --skipped-out $tmp/skipped.pgn"
		VCHESS_CHUNK_SIZE=4096 check "skipped_copies_j$j" 0 '"skipped":[1-9]' 120 "$tmp/mixed.pgn"
		opts=
		if python3 "$root/tests/copies_join.py" "$tmp/out" "$tmp/valid.pgn" "$tmp/invalid.pgn" \
			"" "$tmp/skipped.pgn" >"$tmp/joined" && cmp -s "$tmp/joined" "$tmp/mixed.pgn" &&
			[ -s "$tmp/skipped.pgn" ] && ! grep -q -e Atomic -e Crazyhouse "$tmp/valid.pgn"; then
			echo "hostile: skipped_copies_j$j: the three copies put together are the input"
			passed=$((passed + 1))
		else
			echo "hostile: skipped_copies_j$j: FAIL: the three copies put together are not the input"
			failed=$((failed + 1))
		fi
		opts="-j $j --valid-out $tmp/valid.pgn --invalid-out $tmp/invalid.pgn"
		VCHESS_CHUNK_SIZE=4096 check "skipped_not_copied_j$j" 0 'validate: [0-9]* games, [0-9]* valid, 0 invalid, [1-9][0-9]* skipped' 120 "$tmp/mixed.pgn"
		opts=
		if grep -q -e Atomic -e Crazyhouse -e 'Racing Kings' "$tmp/valid.pgn" "$tmp/invalid.pgn"; then
			echo "hostile: skipped_not_copied_j$j: FAIL: a skipped game in a copy"
			failed=$((failed + 1))
		else
			echo "hostile: skipped_not_copied_j$j: skipped games in neither copy"
			passed=$((passed + 1))
		fi
		opts="-j $j --strict"
		VCHESS_CHUNK_SIZE=4096 check "skipped_strict_j$j" 1 'unsupported-variant' 120 "$tmp/mixed.pgn"
		opts=
		rm -f "$tmp/joined" "$tmp/valid.pgn" "$tmp/invalid.pgn" "$tmp/skipped.pgn"
	done
	rm -f "$tmp/mixed.pgn"
else
	echo "hostile: skipped copies: skipped (no python3 to write the inputs)"
fi
: >"$tmp/empty.pgn"
gzip -c "$tmp/empty.pgn" >"$tmp/empty.pgn.gz"
for e in pgn pgn_gz; do
	f=$(echo "empty.$e" | tr _ .)
	check "empty_input_$e" 0 'empty-input' 30 "$tmp/$f"
	opts="--strict"
	check "empty_input_strict_$e" 1 'empty-input' 30 "$tmp/$f"
	opts=
done
rm -f "$tmp/empty.pgn" "$tmp/empty.pgn.gz"
# ---- end of part h16misc ----

# ---- part fixes: text from the games in the standings page and CSV ---------
# Names and events with every C0 control, DEL, C1 controls and Latin-1 bytes:
# the HTML page is the UTF-8 it declares with no control character but line
# ends, its title and heading agree and are never blank; the CSV has no cell
# a spreadsheet runs as a formula. adjudicate --strict -j 2 fails a run with
# games of unsupported variants as -j 1 does.
if command -v python3 >/dev/null 2>&1; then
	python3 - "$tmp/ctl.pgn" <<'END_CTL'
import sys
out = []
odd = [bytes([c]) for c in range(1, 32) if c not in (10, 13)] + [b"\x7f", b"\x85", b"\x9b", b"\xe9", b"\xff"]
for i, c in enumerate(odd):
    for lead in (b"", b"=", b"+", b"-", b"@"):
        w = lead + b"W" + c + b"%d" % i
        b = lead + b"B" + c + b"%d" % i
        out.append(b'[Event "Ev' + c + b'nt"]\n[White "' + w + b'"]\n[Black "' + b + b'"]\n'
                   b'[Round "1"]\n[Result "1-0"]\n\n1. e4 e5 2. Ke3 1-0\n\n')
open(sys.argv[1], "wb").write(b"".join(out))
END_CTL
	for fmt in html csv; do
		timeout 60 "$VCHESS" adjudicate --no-progress --standings --crosstable --format $fmt \
			"$tmp/ctl.pgn" >"$tmp/out.$fmt" 2>"$tmp/err"
	done
	if python3 - "$tmp/out.html" "$tmp/out.csv" <<'END_CHECK'
import csv, io, re, sys
page = open(sys.argv[1], "rb").read().decode("utf-8")  # raises when not UTF-8
bad = [c for c in page if (ord(c) < 32 and c != "\n") or 0x7f <= ord(c) <= 0x9f]
assert not bad, "control characters in the page: %r" % bad[:5]
title = re.search(r"<title>(.*)</title>", page).group(1)
h1 = re.search(r"<h1>(.*)</h1>", page).group(1)
assert title == h1 and title.strip(), (title, h1)
rows = list(csv.reader(io.StringIO(open(sys.argv[2], newline="", encoding="latin-1").read())))
for r in rows:
    for cell in r[1:2]:
        assert not cell or cell[0] not in "=+-@\t\r", "a formula cell: %r" % cell
END_CHECK
	then
		echo "hostile: standings_control_text: the page is clean UTF-8, no CSV formula cell"
		passed=$((passed + 1))
	else
		echo "hostile: standings_control_text: FAIL"
		failed=$((failed + 1))
	fi
	rm -f "$tmp/ctl.pgn" "$tmp/out.html" "$tmp/out.csv"
fi
for j in 1 2; do
	timeout 60 "$VCHESS" adjudicate --no-progress --strict -j $j \
		"$root/tests/data/validate/mixed-variants.pgn" >"$tmp/out" 2>"$tmp/err"
	status=$?
	if [ "$status" = 1 ] && grep -q '4 not judged' "$tmp/out"; then
		echo "hostile: adjudicate_strict_j$j: exit 1, 4 not judged"
		passed=$((passed + 1))
	else
		echo "hostile: adjudicate_strict_j$j: FAIL: exit $status"
		failed=$((failed + 1))
	fi
done
# ---- end of part fixes ----

# ---- part trial: the faults of a fresh user's trial (tests/trial.sh) -------
if sh "$root/tests/trial.sh" "$VCHESS"; then
	passed=$((passed + 1))
else
	echo "hostile: trial: FAIL (tests/trial.sh)"
	failed=$((failed + 1))
fi
# ---- end of part trial ----

echo "hostile: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
