/* vchess test tool - Backwards Stalemate Chess helpers that are programs,
 * not tests (every tests/NAME.c goes into build/unit-tests, so this lives in
 * tests/tools/). Build from the repo root after `make build/libvchess.a`:
 *
 *   cc -std=c11 -O2 -D_DEFAULT_SOURCE -Ilib -Itests -o build/backwards_tool \
 *      tests/tools/backwards_tool.c tests/backwards_ref.c build/libvchess.a
 *
 * Subcommands:
 *   epd N SEED         N positions by random play, each with perft depths 1-3
 *                      computed by the fast generator (vc_perft) and by the
 *                      reference (tests/backwards_ref.c); prints EPD lines
 *                      `FEN ;D1 n ;D2 n ;D3 n` and exits 1 on any
 *                      disagreement. Produced data/perft/backwards.epd.
 *   maxmoves SEED ITERS  hill-climb over legal positions for the largest
 *                      number of legal moves; prints the best FEN and count.
 *   nomove SEED        random play until the side to move has no legal move
 *                      (and no goal is reached); prints that FEN.
 *   replay MOVE...     play the moves from the start position, printing each
 *                      move's parse status and the FEN after it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backwards_ref.h"
#include "variant_backwards.h"

static uint64_t rng_state = 88172645463325252ull;

static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static int count_moves(const struct vc_position *pos)
{
	vc_move l[VC_MAX_MOVES];
	return vc_legal_moves(pos, l);
}

/* A position reached by `plies` random legal moves from the start (fewer
 * if the game ends). */
static struct vc_position random_position(int plies)
{
	struct vc_position pos;
	vc_startpos(&pos, VC_BACKWARDS);
	vc_move l[VC_MAX_MOVES];
	for (int i = 0; i < plies; i++) {
		int n = vc_legal_moves(&pos, l);
		if (!n)
			break;
		struct vc_position next = pos;
		vc_make_move(&next, l[rng() % (uint64_t)n]);
		vc_move l2[VC_MAX_MOVES];
		if (!vc_legal_moves(&next, l2))
			break; /* keep positions that still have moves */
		pos = next;
	}
	return pos;
}

static int cmd_epd(int n, uint64_t seed)
{
	rng_state = seed;
	int bad = 0;
	printf("# Backwards Stalemate Chess perft suite (vchess). Produced by\n"
	       "# `build/backwards_tool epd %d %llu` (tests/tools/backwards_tool.c):\n"
	       "# positions reached by random play from the start position, every count\n"
	       "# computed by both the fast generator (lib/variant_backwards.c, vc_perft)\n"
	       "# and the simple reference generator (tests/backwards_ref.c), kept only\n"
	       "# where they agree. Checked by tests/test_backwards.c (backwards/epd_suite).\n",
	       n, (unsigned long long)seed);
	for (int i = 0; i < n; i++) {
		int plies = i < 5 ? i : (int)(rng() % 120);
		struct vc_position pos = random_position(plies);
		struct bref_pos rp;
		bref_from_position(&rp, &pos);
		char fen[VC_FEN_MAX];
		vc_fen_write(&pos, fen, false);
		printf("%s", fen);
		for (int d = 1; d <= 3; d++) {
			uint64_t a = vc_perft(&pos, d), b = bref_perft(&rp, d);
			if (a != b) {
				fprintf(stderr, "DISAGREE %s depth %d: fast %llu ref %llu\n", fen, d,
				        (unsigned long long)a, (unsigned long long)b);
				bad = 1;
			}
			printf(" ;D%d %llu", d, (unsigned long long)a);
		}
		printf("\n");
		fflush(stdout);
	}
	return bad;
}

/* Random legal placements; keep a mutation when the move count does not
 * drop. */
static int cmd_maxmoves(uint64_t seed, long iters)
{
	static const char *const letters = "PNBRQpnbrq";
	rng_state = seed;
	struct vc_position best;
	vc_startpos(&best, VC_BACKWARDS);
	int bestn = count_moves(&best);
	for (long it = 0; it < iters; it++) {
		struct vc_position cand = best;
		int op = (int)(rng() % 4);
		int sq = (int)(rng() % 64), sq2 = (int)(rng() % 64);
		int pc = cand.board[sq];
		if (op == 0 && !pc) {
			char ch = letters[rng() % 10];
			int c = ch >= 'a' ? VC_BLACK : VC_WHITE;
			const char *t = strchr("PNBRQ", ch >= 'a' ? ch - 32 : ch);
			vc_put_piece(&cand, sq, VC_PIECE(c, (int)(t - "PNBRQ") + 1));
		} else if (op == 1 && pc && VC_PIECE_TYPE(pc) != VC_KING) {
			vc_remove_piece(&cand, sq);
		} else if (op >= 2 && pc && !cand.board[sq2]) {
			vc_remove_piece(&cand, sq);
			vc_put_piece(&cand, sq2, pc);
		} else {
			continue;
		}
		if (rng() % 8 == 0) {
			cand.side ^= 1;
		}
		char fen[VC_FEN_MAX];
		vc_fen_write(&cand, fen, false);
		struct vc_position chk;
		struct vc_fen_result res;
		if (vc_fen_parse(&chk, fen, VC_BACKWARDS, &res) != VC_FEN_OK)
			continue;
		int n = count_moves(&chk);
		if (n >= bestn) {
			if (n > bestn)
				fprintf(stderr, "%ld: %d %s\n", it, n, fen);
			bestn = n;
			best = chk;
		}
	}
	char fen[VC_FEN_MAX];
	printf("%d %s\n", bestn, vc_fen_write(&best, fen, false));
	return 0;
}

static int cmd_nomove(uint64_t seed)
{
	rng_state = seed;
	for (long game = 0; game < 200000; game++) {
		struct vc_position pos;
		vc_startpos(&pos, VC_BACKWARDS);
		vc_move l[VC_MAX_MOVES];
		for (int ply = 0; ply < 400; ply++) {
			int n = vc_legal_moves(&pos, l);
			if (!n) {
				if (vc_bw_goal_reached(&pos, 0) || vc_bw_goal_reached(&pos, 1))
					break;
				char fen[VC_FEN_MAX];
				printf("%s\n", vc_fen_write(&pos, fen, false));
				return 0;
			}
			vc_make_move(&pos, l[rng() % (uint64_t)n]);
		}
	}
	return 1;
}

static int cmd_replay(int argc, char **argv)
{
	struct vc_position pos;
	vc_startpos(&pos, VC_BACKWARDS);
	int i = 0;
	if (argc > 0 && strchr(argv[0], '/')) {
		struct vc_fen_result res;
		if (vc_fen_parse(&pos, argv[0], VC_BACKWARDS, &res) != VC_FEN_OK) {
			fprintf(stderr, "bad FEN\n");
			return 2;
		}
		i = 1;
	}
	for (; i < argc; i++) {
		vc_move m;
		unsigned w = 0;
		int st = vc_variant_backwards.parse_move(&pos, argv[i], strlen(argv[i]), &m, &w);
		char fen[VC_FEN_MAX];
		if (st) {
			printf("%s: status %d in %s\n", argv[i], st, vc_fen_write(&pos, fen, false));
			return 1;
		}
		vc_make_move(&pos, m);
		struct vc_outcome oc = vc_position_outcome(&pos, VC_RULES_FIDE);
		printf("%-10s %s  W%s B%s %s %s\n", argv[i], vc_fen_write(&pos, fen, false),
		       vc_in_check(&pos, 0) ? "+" : "-", vc_in_check(&pos, 1) ? "+" : "-",
		       vc_result_string(oc.result), vc_termination_word(oc.termination));
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 4 && !strcmp(argv[1], "epd"))
		return cmd_epd(atoi(argv[2]), strtoull(argv[3], NULL, 10));
	if (argc >= 4 && !strcmp(argv[1], "maxmoves"))
		return cmd_maxmoves(strtoull(argv[2], NULL, 10), atol(argv[3]));
	if (argc >= 3 && !strcmp(argv[1], "nomove"))
		return cmd_nomove(strtoull(argv[2], NULL, 10));
	if (argc >= 2 && !strcmp(argv[1], "replay"))
		return cmd_replay(argc - 2, argv + 2);
	fprintf(stderr, "usage: backwards_tool epd N SEED | maxmoves SEED ITERS | nomove SEED"
	                " | replay [FEN] MOVE...\n");
	return 2;
}
