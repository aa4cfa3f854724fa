#!/bin/sh
# Full perft check (make check-perft; a few minutes on 2 cores):
#   data/perft/standard.epd and data/perft/tricky.perft at every depth given;
#   every position of data/perft/random.perft (6838) and of both Chess960
#   start-position suites (960 each) at every depth whose count is at most
#   10,000,000 nodes; data/perft/antichess.epd and backwards.epd in full.
# usage: tests/perft_full.sh [VCHESS]   (default ./vchess; run from the repo root)
# PERFT_JOBS (default 2) threads per suite.
set -u
VCHESS=${1:-./vchess}
JOBS=${PERFT_JOBS:-2}
passed=0
failed=0

suite() {
	echo "== vchess perft $*"
	if "$VCHESS" perft -j "$JOBS" "$@"; then
		passed=$((passed + 1))
	else
		echo "FAIL: vchess perft $*"
		failed=$((failed + 1))
	fi
}

suite --suite data/perft/standard.epd
suite --suite data/perft/tricky.perft
suite --suite data/perft/random.perft --max-nodes 10000000
suite --suite data/perft/chess960-xfen.epd --variant chess960 --max-nodes 10000000
suite --suite data/perft/chess960-shredder.epd --variant chess960 --max-nodes 10000000
suite --suite data/perft/antichess.epd --variant antichess
suite --suite data/perft/backwards.epd --variant backwards

echo "perft-full: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
