#!/bin/sh
# Scale benchmark of shard runs (issue 15; make bench, make bench-distributed):
# a comment-heavy multi-frame zstd file of BENCH_DIST_BYTES uncompressed
# (default 2G: TCEC engine games, data/games/chess960/TCEC_* and
# tests/data/distributed/TCEC_Cup_6_Bronze.pgn again and again, each copy
# with its own Round and Event tags, made by tests/distributed_gen.py and
# compressed by pzstd), then
#   one run:  vchess validate -j 1 --format jsonl on the whole file
#   sharded:  vchess shards -n 64 | parallel -j 2 --colsep '\t' vchess
#             validate --shard ... -o PART   (wall time of the whole)
#   merge:    vchess report merge --format jsonl PART...
# The merged report must equal the one run's (cmp). Targets: sharded <= one
# run / 1.7; merge < 10% of sharded.
# Also shown, to read the sharded figure by: the same jobs under GNU
# parallel running `true` instead of vchess (parallel's own cost per job:
# it forks a perl process of ~20 MB for each, which is not cheap on every
# machine) and running `vchess --version` (a process start of vchess).
#
# usage: tests/bench_distributed.sh [VCHESS]
#   BENCH_DIST_BYTES=N[K|M|G]  uncompressed size (default 2G; 200M: a smoke run)
#   BENCH_DIST_SHARDS=N        shard count (default 64)
#   BENCH_DIST_JOBS=N          parallel workers (default 2)
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
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vchess-bdist.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
TAB=$(printf '\t')
now() { date +%s%N; }
ms() { echo $((($2 - $1) / 1000000)); }

t0=$(now)
games=$(python3 "$root/tests/distributed_gen.py" big "$tmp/big.pgn" "$bytes" \
	"$root"/data/games/chess960/TCEC_*.pgn "$root/tests/data/distributed/TCEC_Cup_6_Bronze.pgn") || exit 1
size=$(wc -c <"$tmp/big.pgn")
pzstd -q -1 -p 2 "$tmp/big.pgn" -o "$tmp/big.zst" || exit 1
rm -f "$tmp/big.pgn"
t1=$(now)
frames=$("$VCHESS" shards -n 1000000 "$tmp/big.zst" | wc -l)
echo "bench-distributed: $size bytes ($games games) in $frames zstd frames, $(wc -c <"$tmp/big.zst") compressed; made in $(ms "$t0" "$t1") ms"

t0=$(now)
"$VCHESS" validate -j 1 --format jsonl -o "$tmp/one.jsonl" "$tmp/big.zst"
orc=$?
t1=$(now)
one=$(ms "$t0" "$t1")

mkdir "$tmp/parts"
t0=$(now)
"$VCHESS" shards -n "$shards" "$tmp/big.zst" >"$tmp/list" &&
	parallel -j "$jobs" --colsep "$TAB" "$VCHESS" validate --shard '{2}/{3}' --shard-range '{4}' \
		-o "$tmp/parts/part.{2}" '{1}' :::: "$tmp/list" || echo "bench-distributed: a shard run failed"
t1=$(now)
sharded=$(ms "$t0" "$t1")
n=$(wc -l <"$tmp/list")

t0=$(now)
parallel -j "$jobs" --colsep "$TAB" true '{2}' :::: "$tmp/list"
t1=$(now)
empty=$(ms "$t0" "$t1")
t0=$(now)
parallel -j "$jobs" --colsep "$TAB" "$VCHESS" --version '{2}' :::: "$tmp/list" >/dev/null
t1=$(now)
starts=$(ms "$t0" "$t1")

t0=$(now)
"$VCHESS" report merge --format jsonl -o "$tmp/merged.jsonl" "$tmp"/parts/part.*
mrc=$?
t1=$(now)
merge=$(ms "$t0" "$t1")

same=identical
cmp -s "$tmp/merged.jsonl" "$tmp/one.jsonl" && [ "$mrc" -eq "$orc" ] || same="DIFFERENT (exit $mrc, one run $orc)"
partsize=$(cat "$tmp"/parts/part.* | wc -c)
awk -v one="$one" -v sh="$sharded" -v mg="$merge" -v n="$n" -v j="$jobs" -v same="$same" -v ps="$partsize" \
	-v empty="$empty" -v starts="$starts" 'BEGIN {
	printf "%-44s %10s\n", "run", "wall ms"
	printf "%-44s %10d\n", "validate -j 1, whole file", one
	printf "%-44s %10d\n", n " shards, GNU parallel -j " j, sh
	printf "%-44s %10d\n", "  the same jobs running true", empty
	printf "%-44s %10d\n", "  the same jobs running vchess --version", starts
	printf "%-44s %10d\n", "report merge (" ps " bytes of parts)", mg
	printf "speed-up one / sharded: %.2f (target >= 1.70) %s\n", one / sh, (one / sh >= 1.7 ? "ok" : "MISSED")
	printf "merge / sharded: %.1f%% (target < 10%%) %s\n", 100 * mg / sh, (mg < 0.1 * sh ? "ok" : "MISSED")
	printf "merged report: %s\n", same
}'
