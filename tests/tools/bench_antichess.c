/* bench_antichess - antichess perft speed, nodes per second.
 *
 * usage: bench_antichess [DEPTH [FEN]]   (default: depth 6, start position)
 * Runs perft three times and reports the best (bulk counting at the last
 * ply, as vc_perft and Fairy-Stockfish's `go perft` both do). Link with
 * libvchess.a:
 *   cc -std=c11 -O2 -D_DEFAULT_SOURCE -Ilib tests/tools/bench_antichess.c \
 *      build/libvchess.a -lpthread -o build/bench_antichess
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "variant.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	int depth = argc > 1 ? atoi(argv[1]) : 6;
	const char *fen = argc > 2 ? argv[2] : vc_variant_get(VC_ANTICHESS)->start_fen;
	struct vc_position pos;
	struct vc_fen_result res;
	if (depth < 1 || vc_fen_parse(&pos, fen, VC_ANTICHESS, &res) != VC_FEN_OK) {
		fprintf(stderr, "usage: %s [DEPTH [FEN]]\n", argv[0]);
		return 2;
	}
	double best = 1e30;
	uint64_t nodes = 0;
	for (int run = 0; run < 3; run++) {
		double t0 = now();
		nodes = vc_perft(&pos, depth);
		double t = now() - t0;
		if (t < best)
			best = t;
	}
	printf("antichess perft(%d) = %llu in %.3f s: %.1f million nodes/s\n", depth,
	       (unsigned long long)nodes, best, best > 0 ? (double)nodes / best / 1e6 : 0.0);
	return 0;
}
