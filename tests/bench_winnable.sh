#!/bin/sh
# Benchmark of `vchess winnable` (section 6 of tests/bench.sh; runs alone
# too): whole-process times, --format jsonl written to a file, best of
# BENCH_REPEAT runs (default 3), in microseconds per query (a query is one
# position and one intended winner), beside the targets of issue 13:
#   - the labelled test vectors (data/unwinnability/test-vector-half.txt,
#     half of CHA's), both winners: 1,804 queries in under 20 s, and how
#     many are undetermined (target 0, at most 10);
#   - the final positions of 30,000 lichess games
#     (refdata/unwinnability/lichess-positions.txt), both winners (60,000
#     queries): full answer at most 50 us a query, every query decided;
#     --quick at most 1.5 us a query, finding every unwinnable query the
#     full answer finds.
# CHA's figures on this kind of machine (context, not re-run): vectors 136
# of 3,606 undetermined in 16.5 s; lichess full 165 us, quick 2.2 us.
#
# usage: tests/bench_winnable.sh [VCHESS]   (from the repository root)
# Environment: BENCH_REPEAT, BENCH_QUICK=1 (one run, 3,000 lichess
# positions), VCHESS_REFDATA (the reference data folder).
set -u
VC=${1:-./vchess}
REPEAT=${BENCH_REPEAT:-3}
[ "${BENCH_QUICK:-0}" = 1 ] && REPEAT=${BENCH_REPEAT:-1}
LICHESS=
for d in "${VCHESS_REFDATA:-}" ../shared/refdata /work/shared/refdata; do
	if [ -n "$d" ] && [ -f "$d/unwinnability/lichess-positions.txt" ]; then
		LICHESS=$d/unwinnability/lichess-positions.txt
		break
	fi
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vchess-benchw.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
# the vectors as FEN lines: the two label characters dropped, a FEN
# without its castling and en-passant fields completed
awk '!/^#/ && NF >= 3 { $1 = ""; sub(/^ /, ""); if (NF == 2) $0 = $0 " - -"; print }' \
	data/unwinnability/test-vector-half.txt >"$tmp/vectors.fen"
if [ -n "$LICHESS" ] && [ "${BENCH_QUICK:-0}" = 1 ]; then
	head -n 3004 "$LICHESS" >"$tmp/lichess.txt"
	LICHESS=$tmp/lichess.txt
fi

now() { date +%s%N; }
# best of REPEAT: sets b_secs, b_summary (the last JSONL line)
best() { # args...
	b_secs=
	i=0
	while [ "$i" -lt "$REPEAT" ]; do
		t0=$(now)
		"$VC" winnable --format jsonl -o "$tmp/out.jsonl" "$@" >/dev/null 2>&1
		t1=$(now)
		s=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
		b_secs=$(awk -v a="$b_secs" -v b="$s" 'BEGIN { print (a == "" || b < a) ? b : a }')
		i=$((i + 1))
	done
	b_summary=$(tail -n 1 "$tmp/out.jsonl")
}
field() { # summary name
	printf '%s\n' "$1" | sed -n "s/.*\"$2\":\([0-9]*\).*/\1/p"
}
fmt='%-26s %8s %9s %10s %11s %13s %8s %s\n'
printf "$fmt" "input" "queries" "seconds" "us/query" "unwinnable" "undetermined" "met" "target"
row() { # label target-us target-undetermined args...
	label=$1 tus=$2 tund=$3
	shift 3
	best "$@"
	q=$(field "$b_summary" queries)
	u=$(field "$b_summary" unwinnable)
	d=$(field "$b_summary" undetermined)
	us=$(awk -v s="$b_secs" -v q="$q" 'BEGIN { if (q > 0) printf "%.2f", s * 1e6 / q; else print "-" }')
	ok=$(awk -v us="$us" -v t="$tus" -v d="$d" -v td="$tund" 'BEGIN {
		print (us != "-" && us <= t && (td == "-" || d <= td)) ? "yes" : "NO" }')
	printf "$fmt" "$label" "${q:--}" "$b_secs" "$us" "${u:--}" "${d:--}" "$ok" \
		"<= $tus us$( [ "$tund" = - ] || echo ", <= $tund undetermined")"
	eval "last_unwinnable=\${u:-0}"
}
row "vectors, both, full" 11086 10 --winner both "$tmp/vectors.fen"
if [ -n "$LICHESS" ]; then
	row "lichess, both, full" 50 0 --winner both "$LICHESS"
	full_u=$last_unwinnable
	row "lichess, both, --quick" 1.5 - --winner both --quick "$LICHESS"
	echo "(--quick finds $last_unwinnable of the $full_u unwinnable queries the full answer finds)"
else
	echo "(lichess positions not found: set VCHESS_REFDATA)"
fi
echo "(whole process, --format jsonl to a file, best of $REPEAT; 11086 us = 20 s / 1,804 queries)"
exit 0
