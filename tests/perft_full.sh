#!/bin/sh
# Full perft check (make check-perft; a few minutes on 2 cores):
#   data/perft/standard.epd and data/perft/tricky.perft at every depth given;
#   every position of data/perft/random.perft (6838) and of both Chess960
#   start-position suites (960 each) at every depth whose count is at most
#   10,000,000 nodes; data/perft/antichess.epd and backwards.epd in full;
#   data/perft/middlegame.perft at depths 1-5 (depth 6 is 1e10 nodes).
# Everything twice: with the default slider lookups (PEXT where vc_init
# chose it) and with VCHESS_NO_BMI2=1 (the magic lookups, any x86-64).
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

suites() {
	suite --suite data/perft/standard.epd
	suite --suite data/perft/tricky.perft
	suite --suite data/perft/random.perft --max-nodes 10000000
	suite --suite data/perft/chess960-xfen.epd --variant chess960 --max-nodes 10000000
	suite --suite data/perft/chess960-shredder.epd --variant chess960 --max-nodes 10000000
	suite --suite data/perft/antichess.epd --variant antichess
	suite --suite data/perft/backwards.epd --variant backwards
	suite --suite data/perft/middlegame.perft --max-depth 5
}

# Both slider lookups of the perft loop (lib/attacks_internal.h): the PEXT
# one where vc_init chose it, then the magic one, forced by VCHESS_NO_BMI2.
echo "== slider lookups: the default (PEXT where the processor has a fast one)"
export VCHESS_NO_BMI2=
suites
echo "== slider lookups: VCHESS_NO_BMI2=1 (magic bitboards, any x86-64)"
VCHESS_NO_BMI2=1
suites

echo "perft-full: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
