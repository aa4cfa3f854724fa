/* vchess test tool - Backwards Stalemate Chess helpers that are programs,
 * not tests (every tests/NAME.c goes into build/unit-tests, so this lives in
 * tests/tools/). Build from the repo root after `make build/libvchess.a`:
 *
 *   cc -std=c11 -O2 -D_DEFAULT_SOURCE -Ilib -Itests -o build/backwards_tool \
 *      tests/tools/backwards_tool.c tests/backwards_ref.c build/libvchess.a
 *
 * Subcommands:
 *   epd N SEED         some hand-picked corner positions, then N positions by
 *                      random play, each with perft depths 1-3
 *                      computed by the fast generator (vc_perft) and by the
 *                      reference (tests/backwards_ref.c); prints EPD lines
 *                      `FEN ;D1 n ;D2 n ;D3 n` and exits 1 on any
 *                      disagreement. Produced data/perft/backwards.epd.
 *   maxmoves SEED ITERS  simulated annealing over legal positions for the
 *                      largest number of legal moves; prints the best FEN
 *                      and its count.
 *   nomove SEED        random play until the side to move has no legal move
 *                      (and no goal is reached); prints the game's movetext
 *                      and the final FEN.
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

/* Hand-picked corners put first in the suite: the seed's positions,
 * unpromotions both ways, double-step retractions, a king in check, a
 * side with no legal move, a reached goal. */
static const char *const epd_corners[] = {
	"4N1k1/5P2/8/8/8/8/8/4K3 w - - 0 1",
	"4N1k1/8/5P2/8/8/8/8/4K3 b - - 0 2",
	"3Q4/7k/8/8/8/8/1K6/3q4 w - - 0 1",
	"3Q4/7k/8/8/8/8/1K6/3q4 b - - 0 1",
	"R1B1k1N1/2p5/5p2/3pP3/2P5/8/5P2/1n1bK1r1 b - - 0 1",
	"4k3/8/8/pppppppp/PPPPPPPP/8/8/4K3 w - - 0 1",
	"2rk1r2/Q2P1K1R/R1b1p1B1/5pbn/np5p/2p1B3/3N2p1/N6q w - - 0 16",
	"k7/8/8/8/8/8/PPPPPPPP/RNBQKBnR w - - 0 40",
};

static int epd_line(const struct vc_position *pos)
{
	struct bref_pos rp;
	bref_from_position(&rp, pos);
	char fen[VC_FEN_MAX];
	vc_fen_write(pos, fen, false);
	printf("%s", fen);
	int bad = 0;
	for (int d = 1; d <= 3; d++) {
		uint64_t a = vc_perft(pos, d), b = bref_perft(&rp, d);
		if (a != b) {
			fprintf(stderr, "DISAGREE %s depth %d: fast %llu ref %llu\n", fen, d,
			        (unsigned long long)a, (unsigned long long)b);
			bad = 1;
		}
		printf(" ;D%d %llu", d, (unsigned long long)a);
	}
	printf("\n");
	fflush(stdout);
	return bad;
}

static int cmd_epd(int n, uint64_t seed)
{
	rng_state = seed;
	int bad = 0;
	printf("# Backwards Stalemate Chess perft suite: `FEN ;D1 n ;D2 n ;D3 n`, read by\n"
	       "# formats/perftsuite (vchess perft --variant backwards --suite ...).\n"
	       "# Produced by `build/backwards_tool epd %d %llu` (tests/tools/backwards_tool.c):\n"
	       "# %d hand-picked corner positions, then %d reached by random play from the\n"
	       "# start. Every count was computed by both the fast generator\n"
	       "# (lib/variant_backwards.c, vc_perft) and the simple reference generator\n"
	       "# (tests/backwards_ref.c) and they agreed (the tool fails otherwise).\n"
	       "# Checked with the fast generator by tests/test_backwards.c (backwards::epd_suite).\n",
	       n, (unsigned long long)seed, (int)(sizeof epd_corners / sizeof *epd_corners), n);
	for (size_t i = 0; i < sizeof epd_corners / sizeof *epd_corners; i++) {
		struct vc_position pos;
		struct vc_fen_result res;
		if (vc_fen_parse(&pos, epd_corners[i], VC_BACKWARDS, &res) != VC_FEN_OK) {
			fprintf(stderr, "bad corner FEN %s\n", epd_corners[i]);
			return 1;
		}
		bad |= epd_line(&pos);
	}
	for (int i = 0; i < n; i++) {
		/* a few openings, then anywhere in the first 120 plies */
		struct vc_position pos = random_position(i < 4 ? i + 1 : (int)(rng() % 120));
		bad |= epd_line(&pos);
	}
	return bad;
}

/* Simulated annealing over legal placements (random add, remove, move of
 * a piece, side flip): a mutation is kept when the move count does not
 * drop by more than a temperature that falls to 0 over the run. */
static int cmd_maxmoves(uint64_t seed, long iters)
{
	static const char *const letters = "PNBRQpnbrq";
	rng_state = seed;
	struct vc_position cur, best;
	vc_startpos(&cur, VC_BACKWARDS);
	best = cur;
	int curn = count_moves(&cur), bestn = curn;
	for (long it = 0; it < iters; it++) {
		struct vc_position cand = cur;
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
		if (rng() % 8 == 0)
			cand.side ^= 1;
		char fen[VC_FEN_MAX];
		vc_fen_write(&cand, fen, false);
		struct vc_position chk;
		struct vc_fen_result res;
		if (vc_fen_parse(&chk, fen, VC_BACKWARDS, &res) != VC_FEN_OK)
			continue;
		int n = count_moves(&chk);
		int temp = (int)(40 * (iters - it) / iters);
		if (n >= curn - (temp ? (int)(rng() % (uint64_t)(temp + 1)) : 0)) {
			cur = chk;
			curn = n;
		}
		if (n > bestn) {
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
		vc_move l[VC_MAX_MOVES], line[400];
		for (int ply = 0; ply < 400; ply++) {
			int n = vc_legal_moves(&pos, l);
			if (!n) {
				if (vc_bw_goal_reached(&pos, 0) || vc_bw_goal_reached(&pos, 1))
					break;
				/* the movetext of the game, then the final FEN */
				char fen[VC_FEN_MAX], buf[VC_BW_MOVE_TEXT_MAX];
				vc_startpos(&pos, VC_BACKWARDS);
				for (int i = 0; i < ply; i++) {
					if (pos.side == VC_WHITE)
						printf("%u. ", (unsigned)pos.fullmove);
					printf("%s%s", vc_variant_backwards.write_move(&pos, line[i], buf),
					       i % 8 == 7 ? "\n" : " ");
					vc_make_move(&pos, line[i]);
				}
				printf("%s\n%s\n", pos.side == VC_WHITE ? "0-1" : "1-0",
				       vc_fen_write(&pos, fen, false));
				return 0;
			}
			line[ply] = l[rng() % (uint64_t)n];
			vc_make_move(&pos, line[ply]);
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
