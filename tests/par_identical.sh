#!/bin/sh
# validate -j N writes exactly what -j 1 writes (and adjudicate and replay,
# once they take -j).
#
# usage: tests/par_identical.sh VCHESS
#
# validate -j cuts its input into chunks that worker threads read on their
# own (cmd/pipeline.c). Here the chunks are made tiny
# (VCHESS_CHUNK_SIZE), so that cuts fall everywhere: inside comments (one
# holding a blank line and `[Event`), tags, `%` lines, CR LF pairs, games
# without a blank line or without a result. For every input the report
# (text, text --verbose, jsonl, jsonl --strict, json, text --quiet, the CI
# formats github, sarif and junit, and --max-errors, where -j N must stop
# exactly where -j 1 does), the
# --valid-out and --invalid-out files, standard error and the exit status
# of -j 2 and -j 3 must equal those of -j 1. Inputs: every file of
# tests/data and data/games, the reference edge-case corpus when it is
# there (../shared/refdata/pgn/edgecases), and inputs made here (CR-only and
# CR LF line ends, Latin-1 bytes, a BOM, a truncated gzip, an input smaller
# than a chunk, comments holding game starts at every block offset). All
# files in one run, then each file on its own (PAR_ALL_ONLY=1: the first
# only, as make check-asan runs it: there the block offsets at block size
# 16 and the all-files runs at chunk size 16 only, both at -j 3 only, with
# the option sets that reach every output's -j join (asan_skip), the
# plain build having run them all; PAR_HOSTILE_ONLY=1: the block offsets
# only).
# In the all-files runs each option set runs at every chunk size, -j 2
# and -j 3 taking turns (pairs below): each chunk size runs at both -j
# over any two option sets in a row, rather than at both for every set.
# Prints one line per difference; exits 1 on any.
set -u

if [ $# -ne 1 ]; then
	echo "usage: tests/par_identical.sh VCHESS" >&2
	exit 2
fi
VCHESS=$1
case $VCHESS in
/*) ;;
*) VCHESS=$(pwd)/$VCHESS ;;
esac
command -v python3 >/dev/null || { echo "par_identical: python3 is needed (tests/tools/par_runs.py)" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
# a copy: a rebuild while the runs go on must not compare two programs
cp "$VCHESS" "$tmp/vchess" || exit 2
VCHESS=$tmp/vchess

# ---- inputs made here -------------------------------------------------------
mk=$tmp/made
mkdir -p "$mk"
game() { # game N RESULT: a short valid game
	printf '[Event "g%s"]\n[Site "here"]\n[White "W %s"]\n[Black "B"]\n[Result "%s"]\n\n1. e4 {a comment} e5 2. Nf3 Nc6 3. Bb5 a6 %s\n\n' "$1" "$1" "$2" "$2"
}
{
	game 1 1-0
	# a comment holding a blank line and what looks like a game start
	printf '[Event "c"]\n[Result "*"]\n\n1. d4 {first line\n\n[Event "not a game"]\n[Site "x"]\n\n1. e4 e5 *\n} d5 *\n\n'
	game 2 0-1
	# games without a blank line between them
	printf '[Event "n1"]\n[Result "1-0"]\n1. e4 e5 1-0\n[Event "n2"]\n[Result "0-1"]\n1. d4 d5 0-1\n'
	# a game without a result, then a blank line and a tag
	printf '[Event "nores"]\n\n1. e4 e5 2. Qh5\n\n'
	game 3 1/2-1/2
	# a `%%` line, a `;` comment, a variation and a NAG over several lines
	printf '%% escape line [Event "x"]\n\n[Event "v"]\n[Result "*"]\n\n1. e4 ; rest [Event\n(1. d4\n\n d5) $1 e5 {\n\n} *\n\n'
	# tag-only games
	printf '[Event "t1"]\n[Site "s"]\n\n[Event "t2"]\n[Site "s"]\n\n'
	# an illegal move, a broken tag, garbage
	printf '[Event "bad"]\n[Result "1-0"]\n\n1. e4 e4 1-0\n\n[Event "broken\n\n[Event "ok"]\n[Result "*"]\n\n1. e4 *\n\n<br> 1-0 </p>\n\n'
	game 4 1-0
} > "$mk/mixed.pgn"
tr '\n' '\r' < "$mk/mixed.pgn" > "$mk/cr-only.pgn"
sed 's/$/\r/' "$mk/mixed.pgn" > "$mk/crlf.pgn"
{ printf '\357\273\277'; cat "$mk/mixed.pgn"; } > "$mk/bom.pgn"
{
	printf '[Event "Caf\351"]\n[White "M\374ller"]\n[Result "1-0"]\n\n1. e4 {tr\350s bien} e5 1-0\n\n'
	cat "$mk/mixed.pgn"
	printf '[Event "\374"]\n[Result "*"]\n\n1. d4 {\366} *\n'
} > "$mk/latin1.pgn"
game 9 1-0 > "$mk/small.pgn"
printf '[Event "no end"]\n\n1. e4 {never closed\n\n[Event "x"]\n' > "$mk/unterminated.pgn"
for i in 1 2 3 4 5 6 7 8; do cat "$mk/mixed.pgn" "$mk/crlf.pgn"; done > "$mk/bigger.pgn"
gzip -c "$mk/bigger.pgn" > "$mk/bigger.pgn.gz"
head -c 700 "$mk/bigger.pgn.gz" > "$mk/truncated.pgn.gz"
: > "$mk/empty.pgn"
# game starts that are not: `[Event` lines after blank lines inside a
# comment, a variation, a game without a result; a `%` line; games
# joined without a blank line; then the same with CR LF (the workers find
# their own game starts in blocks cut anywhere: each must be checked
# against where the job before it really is)
{
	game 1 1-0
	printf '[Event "c1"]\n[Result "1-0"]\n\n1. e4 {a\n\n[Event "in comment"]\n[Site "x"]\n\n1. d4 d5 1-0\n\n[Event "still"]\n} e5 {\n\n[Event "again"]\n\n} 2. Nf3 1-0\n\n'
	printf '[Event "v1"]\n[Result "*"]\n\n1. e4 (1. d4\n\n[Event "in variation"]\n\n1. c4 *\n\n) e5 *\n\n'
	printf '[Event "nores"]\n\n1. e4 e5\n\n[Event "after nores"]\n[Result "0-1"]\n\n1. d4 d5 0-1\n\n'
	printf '%% [Event "escape"]\n\n[Event "j1"]\n[Result "1-0"]\n1. e4 1-0\n[Event "j2"]\n[Result "*"]\n1. d4 *\n\n'
	printf '[Event "c2"]\n[Result "*"]\n\n{\n\n[Event "x"]\n\n}\n\n[Event "c3"]\n\n1. e4 {\n\n[Event "y"]\n\n1. e4 *\n\n} *\n\n'
	printf '[Event "c4"]\n[Result "*"]\n\n1. e4 {x\n1-0\n[Event "after a result"]\n0-1\n%% esc\n[Site "after %%"]\n} *\n'
	printf '[Event "r1"]\n[Result "0-1"]\n\n1. d4 d5 0-1\n%% between\n[Event "r2"]\n[Result "*"]\n\n1. c4 *\n\n'
	game 2 0-1
} > "$mk/hostile.pgn"
sed 's/$/\r/' "$mk/hostile.pgn" > "$mk/hostile-crlf.pgn"
# an archive whose README (skipped, said on stderr) follows a member with
# findings: the note comes after that member's output whatever -j
mkdir -p "$tmp/tarred"
cp "$mk/bigger.pgn" "$tmp/tarred/a.pgn"
printf 'This archive holds games.\n' > "$tmp/tarred/README"
cp "$mk/mixed.pgn" "$tmp/tarred/c.pgn"
tar -C "$tmp/tarred" -cf "$mk/with-readme.tar" a.pgn README c.pgn

# duplicates (validate --duplicates): copies of a clean game first (its
# duplicate-of is a report's first finding: no SARIF comma), then copies
# of a game with two warnings (the duplicate-of after them, once)
{
	for i in 1 2 3; do printf '[Event "c%s"]\n[Result "*"]\n\n1. d4 d5 *\n\n' "$i"; done
	for i in 1 2 3 4 5 6 7 8; do
		printf '[Event "w%s"]\n[Result "*"]\n\n1. e4 f5 2. Qh5 g6 3. Qxg6 hxg6 *\n\n' "$i"
	done
} > "$mk/a-dups.pgn"

# ---- the file list -------------------------------------------------------------
list=$tmp/files
find "$mk" "$root/tests/data" "$root/data/games" -type f | sort > "$list"
for d in "${VCHESS_REFDATA:-}" "$root/../shared/refdata" /work/shared/refdata; do
	if [ -n "$d" ] && [ -d "$d/pgn/edgecases" ]; then
		find "$d/pgn/edgecases" -type f | sort >> "$list"
		break
	fi
done

# The runs and comparisons are not made here one by one (a shell, a
# `timeout` and five `cmp` processes each): run, runr, rund, runc and same
# write a line each to a plan, which tests/tools/par_runs.py then carries
# out, PAR_JOBS (2) runs at a time, each into files of its own, and
# compares in one process, printing in the plan's order.
# A run that does not end within PAR_TIMEOUT (300) seconds is a failure of
# its own (a hang must never eat CI's time): named, and the test goes on.
plan=$tmp/plan
exec 3>"$plan"
TAB=$(printf '\t')
emit() { # emit FIELD...: one plan line, the fields separated by tabs
	ifs=$IFS
	IFS=$TAB
	printf '%s\n' "$*" >&3
	IFS=$ifs
}
# run NAME JOBS CHUNK OPTIONS... -- FILES...: validate -j JOBS with
# VCHESS_CHUNK_SIZE=CHUNK; the report (-o), --valid-out and --invalid-out,
# standard error and the exit status are NAME's. These functions set only
# variables of their own (_n, _j, ...): the loops below name theirs jobs
# and chunk (a run that set chunk=16 made the block-size-37 offsets and
# the per-file -j runs of the loops below run at -j 1, chunk 16)
run() {
	_n=$1 _j=$2 _c=$3
	shift 3
	emit run "$_n" "$_j" "$_c" "" "$@"
}
# runin FILE NAME JOBS CHUNK OPTIONS...: run with FILE on standard input
runin() {
	_f=$1 _n=$2 _j=$3 _c=$4
	shift 4
	emit run "$_n" "$_j" "$_c" "$_f" "$@"
}

# runr NAME JOBS CHUNK OPTIONS... -- FILES...: like run, without the copies
# (a plain file is then read in blocks by the workers themselves,
# cmd/pipe_pread.c, not in chunks by the calling thread)
runr() {
	_n=$1 _j=$2 _c=$3
	shift 3
	emit runr "$_n" "$_j" "$_c" "" "$@"
}

same() { # same A B WHAT: the report, copies, standard error and exit status
	emit same "$1" "$2" "$3"
}

# carry out the plan so far: par_identical: LABEL N runs, and the verdict
finish() {
	exec 3>&-
	python3 "$root/tests/tools/par_runs.py" "$VCHESS" "$tmp" "$plan" "$1"
	exit $?
}

# asan_skip SET KEPT...: true under the sanitizers (PAR_ALL_ONLY=1) when the
# option set SET is none of KEPT: there the all-files loops run the sets
# that reach each output's -j join (a report of every format, --max-errors,
# --strict, --duplicates, the copies), the plain build having run them all
asan_skip() {
	[ "${PAR_ALL_ONLY:-0}" = 1 ] || return 1
	_s=$1
	shift
	for _k in "$@"; do
		[ "$_s" = "$_k" ] && return 1
	done
	return 0
}

# pairs K CHUNK...: "CHUNK JOBS" lines, one a chunk size, -j 2 and -j 3
# taking turns from the K-th option set's turn on (K counts the option
# sets: over two sets in a row, every chunk size runs at both -j). Under
# the sanitizers (PAR_ALL_ONLY=1) the first chunk size only, at -j 3.
pairs() {
	k=$1
	shift
	if [ "${PAR_ALL_ONLY:-0}" = 1 ]; then
		echo "$1 3"
		return
	fi
	for c in "$@"; do
		echo "$c $((2 + k % 2))"
		k=$((k + 1))
	done
}

# the hostile boundaries at every block offset: block sizes 16 and 37,
# the file shifted by 0 to size - 1 bytes (a `%` line before it), so that
# a cut falls at every byte of the comments and variations above
pad() { # pad N: N bytes of PGN that hold no game
	case $1 in
	0) ;;
	1) printf '\n' ;;
	*) printf '%%%*s\n' $(($1 - 2)) '' ;;
	esac
}
# under the sanitizers (PAR_ALL_ONLY=1): block size 16 and -j 3 only
hchunks="16 37" hjobs="2 3"
[ "${PAR_ALL_ONLY:-0}" = 1 ] && hchunks=16 hjobs=3
# the -j 1 runs of a shifted file are made once for every block size
hmax=0
for chunk in $hchunks; do [ "$chunk" -gt $hmax ] && hmax=$chunk; done
k=0
for f in "$mk/hostile.pgn" "$mk/hostile-crlf.pgn"; do
	k=$((k + 1))
	n=0
	while [ $n -lt $hmax ]; do
		s=$tmp/shifted-$k-$n.pgn
		{ pad $n; cat "$f"; } > "$s"
		run ref 1 16 --format jsonl "$s"
		for chunk in $hchunks; do
			[ $n -lt "$chunk" ] || continue
			for jobs in $hjobs; do
				run par "$jobs" "$chunk" --format jsonl "$s"
				same ref par "$f shifted by $n, jsonl, -j $jobs, chunk $chunk"
			done
		done
		# read in blocks (no copies): the same boundaries
		runr ref 1 16 --format jsonl "$s"
		for chunk in $hchunks; do
			[ $n -lt "$chunk" ] || continue
			for jobs in $hjobs; do
				runr par "$jobs" "$chunk" --format jsonl "$s"
				same ref par "$f shifted by $n, jsonl, blocks, -j $jobs, chunk $chunk"
			done
		done
		n=$((n + 1))
	done
done

[ "${PAR_HOSTILE_ONLY:-0}" = 1 ] && finish "hostile boundaries only, "

# all files in one run: every option set, several chunk sizes and -j
set -- $(cat "$list")
nset=0
for opts in "--format jsonl" "--format text --verbose" "--format text" \
            "--format jsonl --strict" "--format json" "--format text --quiet" \
            "--format jsonl --max-errors 1" "--format text --max-errors 7" \
            "--format json --max-errors 3" \
            "--format github" "--format sarif" "--format junit" \
            "--format sarif --max-errors 3" "--format junit --max-errors 2 --strict"; do
	asan_skip "$opts" "--format jsonl" "--format text --verbose" "--format json --max-errors 3" \
		"--format github" "--format sarif --max-errors 3" "--format junit --max-errors 2 --strict" && continue
	# shellcheck disable=SC2086
	run ref 1 16 $opts "$@"
	chunks="16 61 257 1000 4096 1048576"
	# the CI formats' joins (vc_report_join) at fewer chunk sizes
	case $opts in *github*|*sarif*|*junit*) chunks="16 257 4096" ;; esac
	nset=$((nset + 1))
	# shellcheck disable=SC2086
	pairs $nset $chunks > "$tmp/pairs"
	while read -r chunk jobs; do
		# shellcheck disable=SC2086
		run par "$jobs" "$chunk" $opts "$@"
		same ref par "all files, $opts, -j $jobs, chunk $chunk"
	done < "$tmp/pairs"
done

# plain files read in blocks by the workers (no copies asked for):
# every kind of output, --max-errors and --duplicates
set -- $(cat "$list")
for opts in "--format jsonl" "--format text --verbose" "--format json" \
            "--format jsonl --max-errors 1" "--format text --max-errors 7" \
            "--format json --max-errors 3" "--format sarif" "--format junit --max-errors 2 --strict" \
            "--format jsonl --duplicates" "--format github --strict --duplicates"; do
	asan_skip "$opts" "--format text --verbose" "--format jsonl --max-errors 1" "--format sarif" \
		"--format github --strict --duplicates" && continue
	# shellcheck disable=SC2086
	runr ref 1 16 $opts "$@"
	bchunks="16 257 1048576" bjobs="2 3"
	[ "${PAR_ALL_ONLY:-0}" = 1 ] && bchunks=16 bjobs=3
	for chunk in $bchunks; do
		for jobs in $bjobs; do
			# shellcheck disable=SC2086
			runr par "$jobs" "$chunk" $opts "$@"
			same ref par "all files, blocks, $opts, -j $jobs, chunk $chunk"
		done
	done
done

# --duplicates (issue 16): the first of equal games is the same whatever
# -j (looked up in input order by the writer, cmd/pipeline.h decide), and
# --duplicates-out takes the duplicates out of the other two copies; the
# CI formats write the duplicate-of warning once a game at the point the
# report marks (a SARIF result whose comma depends on what came before)
rund() { # rund NAME JOBS CHUNK OPTIONS... -- run, and the duplicates copy (--duplicates-out) after NAME's valid one
	_n=$1 _j=$2 _c=$3
	shift 3
	emit rund "$_n" "$_j" "$_c" "" "$@"
}
set -- $(cat "$list")
for opts in "--format jsonl" "--format text --verbose" "--format json" \
            "--format text --duplicates-max 50" "--format jsonl --strict --max-errors 5" \
            "--format sarif" "--format junit" "--format github --strict"; do
	asan_skip "$opts" "--format jsonl" "--format jsonl --strict --max-errors 5" "--format sarif" && continue
	# shellcheck disable=SC2086
	rund ref 1 16 $opts "$@"
	nset=$((nset + 1))
	pairs $nset 16 257 4096 > "$tmp/pairs"
	while read -r chunk jobs; do
		# shellcheck disable=SC2086
		rund par "$jobs" "$chunk" $opts "$@"
		same ref par "all files, --duplicates $opts, -j $jobs, chunk $chunk"
	done < "$tmp/pairs"
done

# adjudicate and replay run on the same pipeline (cmd/pipeline.h): the
# same comparisons, with their own outputs (--fix-results, --final-pgn),
# once they take -j
# runc NAME CMD JOBS CHUNK OPTIONS...: CMD --no-progress -j JOBS, its
# report on standard output; the file that the option @FIX@ stands for
# (--fix-results) is NAME's copy
runc() {
	_n=$1 _cmd=$2 _j=$3 _c=$4
	shift 4
	emit runc "$_n" "$_j" "$_c" "" "$_cmd" "$@"
}
set -- $(cat "$list")
for cmd in adjudicate replay; do
	"$VCHESS" "$cmd" --help 2>/dev/null | grep -q -- '--jobs' || continue
	if [ $cmd = adjudicate ]; then
		sets="--format=text --format=jsonl,--standings --format=json,--standings
		      --format=text,--verbose --fix-results,@FIX@,--standings
		      --format=jsonl,--max-errors,3 --fix-results,@FIX@,--max-errors,1
		      --fix-results,@FIX@,--max-errors,3
		      --format=github --format=sarif,--standings --format=junit,--standings"
	else
		sets="--format=text --format=jsonl --format=json --format=text,--verbose
		      --final-pgn --final-pgn,--verbose --format=jsonl,--max-errors,3"
	fi
	for set in $sets; do
		asan_skip "$set" --format=jsonl,--standings --format=text,--verbose \
			--fix-results,@FIX@,--max-errors,3 --format=sarif,--standings \
			--final-pgn,--verbose --format=jsonl,--max-errors,3 && continue
		opts=$(echo "$set" | tr ',' ' ')
		# shellcheck disable=SC2086
		runc ref "$cmd" 1 16 $opts "$@"
		# under the sanitizers one chunk size (tiny: most cuts) is enough
		nset=$((nset + 1))
		pairs $nset 16 257 4096 > "$tmp/pairs"
		while read -r chunk jobs; do
			# shellcheck disable=SC2086
			runc par "$cmd" "$jobs" "$chunk" $opts "$@"
			same ref par "$cmd, all files, $opts, -j $jobs, chunk $chunk"
		done < "$tmp/pairs"
	done
done

# standard input, read into chunk buffers as every input is
for f in "$mk/bigger.pgn" "$mk/cr-only.pgn" "$mk/latin1.pgn"; do
	runin "$f" ref 1 16 --format jsonl -
	for chunk in 16 100 4096; do
		runin "$f" par 2 "$chunk" --format jsonl -
		same ref par "standard input from $f, jsonl, -j 2, chunk $chunk"
	done
done

# each file on its own (numbering from 1, a member's first chunk); not
# under the sanitizers (PAR_ALL_ONLY=1), where it would take minutes
[ "${PAR_ALL_ONLY:-0}" = 1 ] && : > "$list.each" || cp "$list" "$list.each"
# One -j run per file (make check's time): the chunk size, -j and format
# turn with the file's place in the list, so that every pair still occurs
# across the files; the all-files runs above cover every pair on every file.
i=0
while read -r f; do
	case $((i % 3)) in
	0) jobs=2 chunk=23 opts="--format jsonl" ;;
	1) jobs=2 chunk=300 opts="--format jsonl" ;;
	*) jobs=3 chunk=40 opts="--format text --verbose" ;;
	esac
	i=$((i + 1))
	# shellcheck disable=SC2086
	run ref 1 16 $opts "$f"
	# shellcheck disable=SC2086
	run par "$jobs" "$chunk" $opts "$f"
	same ref par "$f, $opts, -j $jobs, chunk $chunk"
done < "$list.each"

finish "$(wc -l < "$list") files, "
