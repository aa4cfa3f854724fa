#!/bin/sh
# Quick perft check, part of `make check` (a few seconds on 2 cores):
#   data/perft/standard.epd            every position, depths 1-5
#   data/perft/tricky.perft            every count up to 10,000,000 nodes
#   data/perft/random.perft            the first 50 positions, counts up to 10,000,000
#   data/perft/chess960-{xfen,shredder}.epd  the first 40 start positions, depths 1-4
#   data/perft/antichess.epd, backwards.epd  every count (under a second)
#   data/perft/middlegame.perft        every position, depths 1-4
# each twice: with the default slider lookups and with VCHESS_NO_BMI2=1.
# The full suites are tests/perft_full.sh (make check-perft).
# usage: tests/perft_quick.sh [VCHESS]   (default ./vchess; run from the repo root)
set -u
VCHESS=${1:-./vchess}
passed=0
failed=0

suite() {
	echo "== vchess perft $*"
	if "$VCHESS" perft --no-progress "$@"; then
		passed=$((passed + 1))
	else
		echo "FAIL: vchess perft $*"
		failed=$((failed + 1))
	fi
}

suites() {
	suite --suite data/perft/standard.epd --max-depth 5
	suite --suite data/perft/tricky.perft --max-nodes 10000000
	suite --suite data/perft/random.perft --max-positions 50 --max-nodes 10000000
	suite --suite data/perft/chess960-xfen.epd --variant chess960 --max-positions 40 --max-depth 4
	suite --suite data/perft/chess960-shredder.epd --variant chess960 --max-positions 40 --max-depth 4
	suite --suite data/perft/antichess.epd --variant antichess
	suite --suite data/perft/backwards.epd --variant backwards
	suite --suite data/perft/middlegame.perft --max-depth 4
}

# Both slider lookups of the perft loop (lib/attacks_internal.h): the PEXT
# one where vc_init chose it, then the magic one, forced by VCHESS_NO_BMI2.
echo "== slider lookups: the default (PEXT where the processor has a fast one)"
export VCHESS_NO_BMI2=
suites
echo "== slider lookups: VCHESS_NO_BMI2=1 (magic bitboards, any x86-64)"
VCHESS_NO_BMI2=1
suites

echo "perft-quick: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
