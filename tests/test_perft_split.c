/* perft -j N on one position (cmd/perft_split.c): the split counts equal
 * vc_perft's for every thread count, per root move too (each root move's
 * count checked against vc_perft of its child, an independent path through
 * the library), in positions whose root has many moves, few moves (split
 * deeper), none, and in the other variants. Expected totals are published
 * perft counts (data/perft/ sources: the Chess Programming Wiki's perft
 * results) where given. */
#include <criterion/criterion.h>

#include "../cmd/perft_split.h"
#include "position.h"
#include "variant.h"

/* expected ANY: vc_perft's own count (no published one) */
#define ANY UINT64_MAX

static void check(const char *fen, int variant, int depth, uint64_t expected)
{
	struct vc_position pos;
	cr_assert_eq(vc_fen_parse(&pos, fen, variant, NULL), VC_FEN_OK, "%s", fen);
	const uint64_t want = expected != ANY ? expected : vc_perft(&pos, depth);
	vc_move moves[VC_MAX_MOVES];
	uint64_t per[VC_MAX_MOVES];
	struct vc_perft_table *table;
	cr_assert_eq(vc_perft_table_new(1 << 16, &table), VC_F_OK);
	for (int run = 0; run < 8; run++) {
		/* -j 1..4, without and with a shared table */
		const int jobs = run % 4 + 1;
		int n = -1;
		uint64_t got = vc_cli_perft_split(&pos, depth, jobs, run < 4 ? NULL : table, moves, per, &n);
		cr_assert_eq(got, want, "%s depth %d -j %d: %llu, expected %llu", fen, depth, jobs,
		             (unsigned long long)got, (unsigned long long)want);
		vc_move ref[VC_MAX_MOVES];
		cr_assert_eq(n, vc_legal_moves(&pos, ref));
		uint64_t sum = 0;
		for (int i = 0; i < n; i++) {
			struct vc_position child = pos;
			cr_assert_eq(moves[i], ref[i]);
			vc_make_move(&child, moves[i]);
			cr_assert_eq(per[i], depth > 1 ? vc_perft(&child, depth - 1) : 1,
			             "%s -j %d: move %d", fen, jobs, i);
			sum += per[i];
		}
		cr_assert_eq(sum, got);
	}
	vc_perft_table_free(table);
}

Test(perft_split, published_counts)
{
	/* start position, depth 5: 4,865,609; Kiwipete depth 4: 4,085,603;
	 * CPW position 3 (few root moves: split deeper) depth 5: 674,624 */
	check("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", VC_STANDARD, 5,
	      4865609);
	check("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	      VC_STANDARD, 4, 4085603);
	check("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", VC_STANDARD, 5, 674624);
}

Test(perft_split, shallow_and_no_moves)
{
	check("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", VC_STANDARD, 1, 20);
	check("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", VC_STANDARD, 2, 400);
	/* checkmated: no root move, 0 at any depth */
	check("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", VC_STANDARD, 3,
	      0);
	/* stalemated: no root move either */
	check("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", VC_STANDARD, 4, 0);
	/* one root move (the king's), the tree below it split deeper */
	check("7k/8/5QK1/8/8/8/8/8 b - - 0 1", VC_STANDARD, 5, ANY);
}

Test(perft_split, other_variants)
{
	check("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	      VC_CHESS960, 4, ANY);
	check("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", VC_ANTICHESS, 4, ANY);
}
