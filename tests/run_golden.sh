#!/bin/sh
# CLI golden tests: run every tests/golden/NAME/cmd and compare.
#
# usage: tests/run_golden.sh [--update] VCHESS [NAME...]
#
# A test is a directory tests/golden/NAME/ with
#   cmd     one shell command line (run by sh -c from the repository root,
#           standard input /dev/null, LC_ALL=C) using $VCHESS for the binary
#           and paths relative to the repository root;
#   stdout  the expected standard output, byte for byte;
#   stderr  optional: the expected standard error; when absent, standard
#           error is not compared (perft prints its timing there);
#   status  the expected exit status (a number);
#   no-asan optional: skip the test when VCHESS_ASAN is set (slow under
#           the sanitizers).
#   no-debug optional: skip the test when VCHESS_DEBUG is set (make
#           check-debug: tests whose time goes to work that plays no
#           moves the other tests do not, such as merging reports).
# Any other file in the directory (inputs) is the test's own.
#
# The tests run VCHESS_TEST_JOBS (default 2) at a time, each into its own
# files; the results are printed in the tests' order once all have run,
# so the output does not depend on the number of jobs.
#
# Prints a FAIL line with a diff per failure and ends with the line
# "N passed, N failed"; exits 1 if any test failed.
# --update rewrites stdout and status (and stderr where the file exists)
# from the current output: for new tests, and after intended changes; check
# the result with git diff.
set -u

update=0
if [ "${1:-}" = "--update" ]; then
	update=1
	shift
fi
if [ $# -lt 1 ]; then
	echo "usage: tests/run_golden.sh [--update] VCHESS [NAME...]" >&2
	exit 2
fi
VCHESS=$1
shift
case $VCHESS in
/*) ;;
*) VCHESS=$(pwd)/$VCHESS ;;
esac
if [ ! -x "$VCHESS" ]; then
	echo "run_golden.sh: $VCHESS is not an executable" >&2
	exit 2
fi
export VCHESS
LC_ALL=C
export LC_ALL

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vchess-golden.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM

if [ $# -gt 0 ]; then
	names=$*
else
	names=$(cd tests/golden && for d in */; do [ -f "$d/cmd" ] && echo "${d%/}"; done)
fi

passed=0
failed=0
skipped=0
dskipped=0
# which tests run: those skipped are counted (and said) at the end
: >"$tmp/todo"
for name in $names; do
	dir=tests/golden/$name
	[ -f "$dir/cmd" ] || continue
	if [ -n "${VCHESS_ASAN:-}" ] && [ -f "$dir/no-asan" ]; then
		continue
	fi
	if [ -n "${VCHESS_DEBUG:-}" ] && [ -f "$dir/no-debug" ]; then
		continue
	fi
	echo "$name" >>"$tmp/todo"
done
# run them, VCHESS_TEST_JOBS at a time, test NAME into $tmp/run/NAME/:
# each `sh` that xargs starts runs ten tests, each by `sh tests/golden/NAME/cmd`
# (the command line as sh -c would run it), and nothing else is started a
# test (process starts are most of a short test's cost)
mkdir "$tmp/run" || exit 2
RUN=$tmp/run
export RUN
if [ -s "$tmp/todo" ]; then
	(cd "$RUN" && xargs mkdir -p) <"$tmp/todo" || exit 2
fi
# shellcheck disable=SC2016
xargs -n 10 -P "${VCHESS_TEST_JOBS:-2}" sh -c 'for t; do
	sh "tests/golden/$t/cmd" </dev/null >"$RUN/$t/stdout" 2>"$RUN/$t/stderr"
	echo $? >"$RUN/$t/status"
done' sh <"$tmp/todo"

# every expected stdout, stderr and status against what the tests wrote, in
# one diff over the two trees (only the files both have are compared: a
# test's inputs are only in tests/golden, its stderr only in $RUN when
# tests/golden has none); "|NAME/FILE|" for each that differs
differs="|$(diff -rq tests/golden "$RUN" |
	sed -n 's|^Files tests/golden/\([^ ]*\) and .* differ$|\1|p' | tr '\n' '|')"

for name in $names; do
	dir=tests/golden/$name
	if [ ! -f "$dir/cmd" ]; then
		echo "FAIL $name: no such test ($dir/cmd)"
		failed=$((failed + 1))
		continue
	fi
	if [ -n "${VCHESS_ASAN:-}" ] && [ -f "$dir/no-asan" ]; then
		skipped=$((skipped + 1))
		continue
	fi
	if [ -n "${VCHESS_DEBUG:-}" ] && [ -f "$dir/no-debug" ]; then
		dskipped=$((dskipped + 1))
		continue
	fi
	out=$RUN/$name
	status=missing
	[ -f "$out/status" ] && read -r status <"$out/status"

	if [ "$update" = 1 ]; then
		cp "$out/stdout" "$dir/stdout"
		echo "$status" >"$dir/status"
		[ -f "$dir/stderr" ] && cp "$out/stderr" "$dir/stderr"
		echo "updated $name (status $status)"
		passed=$((passed + 1))
		continue
	fi

	ok=1
	want=missing
	[ -f "$dir/status" ] && read -r want <"$dir/status"
	if [ "$status" != "$want" ]; then
		echo "FAIL $name: exit status $status, expected $want"
		ok=0
	fi
	for stream in stdout stderr; do
		expected=$dir/$stream
		if [ -f "$expected" ]; then
			case $differs in
			*"|$name/$stream|"*) same=0 ;;
			*) same=1 ;;
			esac
		elif [ $stream = stderr ]; then
			continue
		else
			expected=/dev/null # no stdout file: nothing expected
			same=1
			[ -s "$out/$stream" ] && same=0
		fi
		if [ $same = 0 ]; then
			echo "FAIL $name: $stream differs (--- expected, +++ got)"
			diff -u "$expected" "$out/$stream" | sed -n '3,60p'
			ok=0
		fi
	done
	if [ $ok = 1 ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
	fi
done

[ "$skipped" -gt 0 ] && echo "($skipped skipped under the sanitizers)"
[ "$dskipped" -gt 0 ] && echo "($dskipped skipped under DEBUG=1: marked no-debug)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
