#!/bin/sh
# Differential test against Fairy-Stockfish (make check-diff).
# usage: sh tests/diff_fairy.sh [VCHESS]
#
# Antichess: tests/tools/diff_antichess.c, linked with the rules library,
# plays random games from the start position (fixed seed) and compares
# perft(3) of every sampled position with Fairy-Stockfish's `go perft`.
# VCHESS (./vchess) is accepted for the Makefile's sake; this driver calls
# the library directly, so it works before `vchess perft` exists.
# Environment: DIFF_POSITIONS (default 3000), DIFF_DEPTH (3), DIFF_SEED,
# FAIRY_STOCKFISH (engine path), BUILD (build directory, default build).
set -eu

BUILD=${BUILD:-build}
CC=${CC:-cc}
ENGINE=${FAIRY_STOCKFISH:-}

# Fairy-Stockfish: the Debian package installs /usr/games/fairy-stockfish.
if [ -z "$ENGINE" ]; then
	ENGINE=$(command -v fairy-stockfish 2>/dev/null || true)
	[ -n "$ENGINE" ] || ENGINE=/usr/games/fairy-stockfish
fi
if [ ! -x "$ENGINE" ]; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "diff_fairy: installing the fairy-stockfish package" >&2
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q fairy-stockfish >/dev/null ||
			{ apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q fairy-stockfish >/dev/null; }
	fi
	if [ ! -x "$ENGINE" ]; then
		echo "diff_fairy: Fairy-Stockfish not found (apt-get install fairy-stockfish, or set FAIRY_STOCKFISH)" >&2
		exit 2
	fi
fi

make -s BUILD="$BUILD" "$BUILD/libvchess.a"
mkdir -p "$BUILD/tests/tools"
$CC -std=c11 -O2 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -Ilib \
	-o "$BUILD/tests/tools/diff_antichess" tests/tools/diff_antichess.c \
	"$BUILD/libvchess.a" -lpthread

"$BUILD/tests/tools/diff_antichess" -e "$ENGINE" -n "${DIFF_POSITIONS:-3000}" \
	-d "${DIFF_DEPTH:-3}" ${DIFF_SEED:+-s "$DIFF_SEED"}
