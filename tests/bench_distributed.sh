#!/bin/sh
# Scale benchmark of shard runs (issue 15; make bench, make bench-distributed):
# a comment-heavy multi-frame zstd file of BENCH_DIST_BYTES uncompressed
# (default 2G: TCEC engine games, data/games/chess960/TCEC_* and
# tests/data/distributed/TCEC_Cup_6_Bronze.pgn again and again, each copy
# with its own Round and Event tags, made by tests/distributed_gen.py and
# compressed by pzstd), then, BENCH_DIST_ROUNDS times, alternately (so that
# other load on a shared machine falls on both alike):
#   one run:  vchess validate -j 1 --format jsonl on the whole file
#   sharded:  vchess shards -n 64 | parallel -j 2 --colsep '\t' vchess
#             validate --shard ... -o PART   (wall time of the whole)
# and once:
#   merge:    vchess report merge --format jsonl PART...
# The merged report must equal the one run's (cmp). Targets: sharded <= one
# run / 1.7 (the medians of the rounds); merge < 10% of sharded.
# Also shown, to read the sharded figure by (README "More than one
# machine"): the same jobs under GNU parallel running `true` instead of
# vchess (parallel's own cost: it forks its perl process of ~20 MB for each
# job and runs the command through a shell) and running `vchess --version`
# (a process start of vchess on top), and the 64 shard runs started by
# `xargs -P 2` instead (the same work with a launcher that costs a fork and
# an exec a job).
#
# usage: tests/bench_distributed.sh [VCHESS]
#   BENCH_DIST_BYTES=N[K|M|G]  uncompressed size (default 2G; 200M: a smoke run)
#   BENCH_DIST_SHARDS=N        shard count (default 64)
#   BENCH_DIST_JOBS=N          parallel workers (default 2)
#   BENCH_DIST_ROUNDS=N        one run / sharded pairs (default 3)
#   BENCH_DIST_INPUT=FILE.zst  keep the generated input there and use it
#                              again when it exists (generating 2 GB takes
#                              minutes)
# Needs parallel and zstd (tests/deps.sh installs them when root). Needs
# about the size of the input free under $TMPDIR while it is generated.
set -u
VCHESS=${1:-./vchess}
case $VCHESS in /*) ;; *) VCHESS=$(pwd)/$VCHESS ;; esac
root=$(cd "$(dirname "$0")/.." && pwd)
sh "$root/tests/deps.sh" parallel zstd || { echo "bench-distributed: parallel and zstd are needed"; exit 1; }
bytes=${BENCH_DIST_BYTES:-2G}
case $bytes in
*K) bytes=$((${bytes%K} * 1024)) ;;
*M) bytes=$((${bytes%M} * 1024 * 1024)) ;;
*G) bytes=$((${bytes%G} * 1024 * 1024 * 1024)) ;;
esac
shards=${BENCH_DIST_SHARDS:-64}
jobs=${BENCH_DIST_JOBS:-2}
rounds=${BENCH_DIST_ROUNDS:-3}
keep=${BENCH_DIST_INPUT:-}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vchess-bdist.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
TAB=$(printf '\t')
now() { date +%s%N; }
ms() { echo $((($2 - $1) / 1000000)); }

big=$tmp/big.zst
[ -z "$keep" ] || big=$keep
if [ -n "$keep" ] && [ -s "$keep" ]; then
	echo "bench-distributed: using $keep (BENCH_DIST_INPUT)"
else
	t0=$(now)
	games=$(python3 "$root/tests/distributed_gen.py" big "$tmp/big.pgn" "$bytes" \
		"$root"/data/games/chess960/TCEC_*.pgn "$root/tests/data/distributed/TCEC_Cup_6_Bronze.pgn") || exit 1
	size=$(wc -c <"$tmp/big.pgn")
	pzstd -q -1 -p 2 "$tmp/big.pgn" -o "$big" || exit 1
	rm -f "$tmp/big.pgn"
	t1=$(now)
	echo "bench-distributed: $size bytes ($games games) made in $(ms "$t0" "$t1") ms"
fi
frames=$("$VCHESS" shards -n 1000000 "$big" | wc -l)
echo "bench-distributed: $frames zstd frames, $(wc -c <"$big") bytes compressed"
"$VCHESS" shards -n "$shards" "$big" >"$tmp/list" || exit 1
n=$(wc -l <"$tmp/list")

# the median of the numbers on standard input
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : int((v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

mkdir "$tmp/parts"
: >"$tmp/ones"; : >"$tmp/shardeds"
r=0
while [ "$r" -lt "$rounds" ]; do
	r=$((r + 1))
	t0=$(now)
	"$VCHESS" validate -j 1 --format jsonl -o "$tmp/one.jsonl" "$big"
	orc=$?
	t1=$(now)
	ms "$t0" "$t1" >>"$tmp/ones"
	rm -f "$tmp"/parts/part.*
	t0=$(now)
	"$VCHESS" shards -n "$shards" "$big" >"$tmp/list" &&
		parallel -j "$jobs" --colsep "$TAB" "$VCHESS" validate --shard '{2}/{3}' --shard-range '{4}' \
			-o "$tmp/parts/part.{2}" '{1}' :::: "$tmp/list" || echo "bench-distributed: a shard run failed"
	t1=$(now)
	ms "$t0" "$t1" >>"$tmp/shardeds"
	echo "bench-distributed: round $r: one run $(tail -n 1 "$tmp/ones") ms, sharded $(tail -n 1 "$tmp/shardeds") ms"
done
one=$(median <"$tmp/ones")
sharded=$(median <"$tmp/shardeds")

t0=$(now)
parallel -j "$jobs" --colsep "$TAB" true '{2}' :::: "$tmp/list"
t1=$(now)
empty=$(ms "$t0" "$t1")
t0=$(now)
parallel -j "$jobs" --colsep "$TAB" "$VCHESS" --version '{2}' :::: "$tmp/list" >/dev/null
t1=$(now)
starts=$(ms "$t0" "$t1")
mkdir "$tmp/xparts"
t0=$(now)
awk -F "$TAB" -v d="$tmp/xparts" '{ printf "validate\n--shard\n%s/%s\n--shard-range\n%s\n-o\n%s/part.%s\n%s\n", $2, $3, $4, d, $2, $1 }' "$tmp/list" |
	xargs -d '\n' -n 8 -P "$jobs" "$VCHESS" ||
	echo "bench-distributed: a shard run under xargs failed"
t1=$(now)
xsharded=$(ms "$t0" "$t1")

t0=$(now)
"$VCHESS" report merge --format jsonl -o "$tmp/merged.jsonl" "$tmp"/parts/part.*
mrc=$?
t1=$(now)
merge=$(ms "$t0" "$t1")

same=identical
cmp -s "$tmp/merged.jsonl" "$tmp/one.jsonl" && [ "$mrc" -eq "$orc" ] || same="DIFFERENT (exit $mrc, one run $orc)"
for f in "$tmp"/parts/part.*; do
	cmp -s "$f" "$tmp/xparts/${f##*/}" || same="$same; the xargs run's ${f##*/} differs"
done
partsize=$(cat "$tmp"/parts/part.* | wc -c)
awk -v one="$one" -v sh="$sharded" -v mg="$merge" -v n="$n" -v j="$jobs" -v same="$same" -v ps="$partsize" \
	-v empty="$empty" -v starts="$starts" -v xsh="$xsharded" -v rounds="$rounds" 'BEGIN {
	printf "%-48s %10s\n", "run (medians of " rounds " alternate rounds)", "wall ms"
	printf "%-48s %10d\n", "validate -j 1, whole file", one
	printf "%-48s %10d\n", n " shards, GNU parallel -j " j, sh
	printf "%-48s %10d\n", "  the same jobs running true", empty
	printf "%-48s %10d\n", "  the same jobs running vchess --version", starts
	printf "%-48s %10d\n", n " shards, xargs -P " j " (for comparison)", xsh
	printf "%-48s %10d\n", "report merge (" ps " bytes of parts)", mg
	printf "speed-up one / sharded: %.2f (target >= 1.70) %s\n", one / sh, (one / sh >= 1.7 ? "ok" : "MISSED")
	printf "merge / sharded: %.1f%% (target < 10%%) %s\n", 100 * mg / sh, (mg < 0.1 * sh ? "ok" : "MISSED")
	printf "merged report: %s\n", same
}'
