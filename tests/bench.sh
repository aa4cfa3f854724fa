#!/bin/sh
# Benchmarks (make bench): vchess beside Stockfish (perft) and pgn-extract
# (reading and checking PGN), measured in the same run on the same machine.
#
# usage: tests/bench.sh [VCHESS]   (default ./vchess; run from the repo root)
#
# Perft: wall time (best of BENCH_REPEAT runs, default 3) of `vchess perft`
# and of Stockfish's `go perft` on the start position (depth 6) and Kiwipete
# (depth 5), each less the time of the same command at depth 1 (process
# start, tables, Stockfish's network), so only the counting is compared.
# Both count single-threaded.
# Validate: `vchess validate` and `pgn-extract -s` (best of BENCH_REPEAT) on
# the TCEC files of ../shared/refdata/tcec/ (skipped when that folder or
# `vchess validate` is missing): games/s, MB/s and peak RSS from
# /usr/bin/time -v.
# Needs Debian packages stockfish, pgn-extract and time (installed when
# missing and root); a missing tool skips its column.
set -u
VCHESS=${1:-./vchess}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
PGN_EXTRACT=${PGN_EXTRACT:-/usr/games/pgn-extract}
TCEC=${TCEC:-../shared/refdata/tcec}
if [ ! -x "$VCHESS" ]; then
	echo "bench: $VCHESS is not an executable (run make first)" >&2
	exit 2
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vchess-bench.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM

sh tests/deps.sh stockfish pgn-extract time ||
	echo "bench: some tools are missing; their columns are skipped" >&2

now() { date +%s%N; } # nanoseconds

# seconds between two now() readings
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b - a) / 1e9 }'; }

# The best (shortest) of REPEAT runs is kept: the machine is shared.
REPEAT=${BENCH_REPEAT:-3}

min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b < a) ? b : a }'; }

# vchess perft: prints "NODES SECONDS" (wall, best of REPEAT)
vchess_perft() { # depth fen
	best=
	i=0
	while [ $i -lt "$REPEAT" ]; do
		t0=$(now)
		n=$("$VCHESS" perft --quiet --depth "$1" "$2" | awk '$1 == "nodes" { print $2 }')
		t1=$(now)
		best=$(min "$best" "$(secs "$t0" "$t1")")
		i=$((i + 1))
	done
	echo "${n:-0} $best"
}

# Stockfish go perft: prints "NODES SECONDS" (wall, best of REPEAT)
stockfish_perft() { # depth fen
	best=
	i=0
	while [ $i -lt "$REPEAT" ]; do
		t0=$(now)
		n=$(printf 'position fen %s\ngo perft %s\nquit\n' "$2" "$1" |
			"$STOCKFISH" 2>/dev/null | awk '/^Nodes searched:/ { print $3 }')
		t1=$(now)
		best=$(min "$best" "$(secs "$t0" "$t1")")
		i=$((i + 1))
	done
	echo "${n:-0} $best"
}

rate() { # nodes seconds -> nodes/s, or "-"
	awk -v n="$1" -v s="$2" 'BEGIN { if (s > 0 && n > 0) printf "%.0f", n / s; else print "-" }'
}

ratio() { # a b -> a/b with 2 decimals, or "-"
	awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2f", a / b; else print "-" }'
}

have_stockfish=0
[ -x "$STOCKFISH" ] && have_stockfish=1

echo "vchess benchmarks: $("$VCHESS" --version), $(nproc) cores, $(date -u +%Y-%m-%d)"
if [ $have_stockfish = 1 ]; then
	sfv=$(printf 'quit\n' | "$STOCKFISH" 2>/dev/null | head -n 1)
	echo "Stockfish: $sfv"
fi
echo
echo "perft (nodes/s, higher is better)"
printf '%-28s %14s %14s %14s %8s\n' "position" "nodes" "vchess" "stockfish" "ratio"

perft_row() { # label depth fen
	label=$1 depth=$2 fen=$3
	set -- $(vchess_perft 1 "$fen")
	vbase=$2
	set -- $(vchess_perft "$depth" "$fen")
	vnodes=$1
	vtime=$(awk -v a="$2" -v b="$vbase" 'BEGIN { printf "%.3f", a - b }')
	vrate=$(rate "$vnodes" "$vtime")
	srate=- snodes=-
	if [ $have_stockfish = 1 ]; then
		set -- $(stockfish_perft 1 "$fen")
		sbase=$2
		set -- $(stockfish_perft "$depth" "$fen")
		snodes=$1
		stime=$(awk -v a="$2" -v b="$sbase" 'BEGIN { printf "%.3f", a - b }')
		srate=$(rate "$snodes" "$stime")
	fi
	printf '%-28s %14s %14s %14s %8s\n' "$label" "$vnodes" "$vrate" "$srate" \
		"$(ratio "$vrate" "$srate")"
	if [ "$snodes" != - ] && [ "$snodes" != "$vnodes" ]; then
		echo "  WARNING: node counts differ: vchess $vnodes, stockfish $snodes"
	fi
}

perft_row "start position, depth 6" 6 \
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
perft_row "Kiwipete, depth 5" 5 \
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
echo "(ratio = vchess / stockfish)"
echo

# ---- validate ------------------------------------------------------------
if [ ! -d "$TCEC" ]; then
	echo "validate: skipped ($TCEC not found: it is ../shared beside the checkout)"
	exit 0
fi
if ! "$VCHESS" help validate >/dev/null 2>&1; then
	echo "validate: skipped (this vchess has no validate command yet)"
	exit 0
fi
if [ ! -x /usr/bin/time ]; then
	echo "validate: skipped (/usr/bin/time missing: apt-get install time)"
	exit 0
fi

files=$(ls "$TCEC"/*.pgn)
nfiles=$(echo "$files" | wc -l)
bytes=$(cat $files | wc -c)
games=$(cat $files | grep -c '^\[Event ')
mb=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }')

# run LABEL CMD...: best of REPEAT timed runs; prints a table row, sets
# last_rate
run() {
	label=$1
	shift
	s=
	i=0
	while [ $i -lt "$REPEAT" ]; do
		t0=$(now)
		/usr/bin/time -v -o "$tmp/time" "$@" >/dev/null 2>"$tmp/err"
		status=$?
		t1=$(now)
		s=$(min "$s" "$(secs "$t0" "$t1")")
		i=$((i + 1))
	done
	rss=$(awk -F: '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }' "$tmp/time")
	last_rate=$(awk -v g="$games" -v s="$s" 'BEGIN { if (s > 0) printf "%.0f", g / s; else print "-" }')
	mbs=$(awk -v b="$bytes" -v s="$s" 'BEGIN { if (s > 0) printf "%.1f", b / 1e6 / s; else print "-" }')
	printf '%-22s %8s %10s %8s %12s %7s\n' "$label" "$s" "$last_rate" "$mbs" "$rss" "$status"
}

echo "validate: $nfiles TCEC files, $games games, $mb MB (higher games/s is better)"
printf '%-22s %8s %10s %8s %12s %7s\n' "program" "time s" "games/s" "MB/s" "peak RSS MB" "exit"
# shellcheck disable=SC2086 # the file list is split on purpose (no spaces)
run "vchess validate" "$VCHESS" validate $files
vrate=$last_rate
prate=-
if [ -x "$PGN_EXTRACT" ]; then
	run "pgn-extract -s" "$PGN_EXTRACT" -s $files
	prate=$last_rate
fi
echo "(ratio vchess / pgn-extract, games/s: $(ratio "$vrate" "$prate"))"
