/* vchess - the PEXT slider tables (lib/attacks.c) against the magic ones,
 * and the castling path tables, on every square. The PEXT tables exist
 * only where vc_init() chose them and vc_pext_init() (the first perft)
 * filled them (a processor with a fast PEXT and
 * VCHESS_NO_BMI2 unset): elsewhere that test checks that none was made.
 * The perft suites run on both paths (tests/perft_quick.sh,
 * tests/perft_full.sh). */
#include <criterion/criterion.h>
#include <stdint.h>

#include "attacks_internal.h"
#include "movegen_internal.h"

static uint64_t rnd(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/* The squares a slider on sq reaches with the steps (df, dr) given, up to
 * and including the first occupied one: walked square by square, the
 * tables' independent oracle. */
static vc_bb walk(int sq, vc_bb occ, const int (*steps)[2])
{
	vc_bb r = 0;
	for (int d = 0; d < 4; d++) {
		int f = sq % 8 + steps[d][0], k = sq / 8 + steps[d][1];
		for (; f >= 0 && f < 8 && k >= 0 && k < 8; f += steps[d][0], k += steps[d][1]) {
			r |= 1ull << (k * 8 + f);
			if (occ >> (k * 8 + f) & 1)
				break;
		}
	}
	return r;
}

/* The magic tables (every build) and the PEXT ones (where made, filled
 * from the magic ones) against the walk, on sparse and dense boards. */
Test(pext, tables_agree_with_a_walk_of_the_rays)
{
	static const int orth[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
	static const int diag[4][2] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };
	vc_init();
	vc_pext_init();
	uint64_t seed = 5;
	for (int sq = 0; sq < 64; sq++)
		for (int i = 0; i < 500; i++) {
			vc_bb occ = rnd(&seed) & rnd(&seed);
			if (i & 1)
				occ |= rnd(&seed);
			const vc_bb r = walk(sq, occ, orth), b = walk(sq, occ, diag);
			cr_assert_eq(vc_rook_att_(sq, occ, false), r, "rook %d, magic", sq);
			cr_assert_eq(vc_bishop_att_(sq, occ, false), b, "bishop %d, magic", sq);
			if (vc_pext_) {
				cr_assert_eq(vc_rook_att_(sq, occ, true), r, "rook %d, pext", sq);
				cr_assert_eq(vc_bishop_att_(sq, occ, true), b, "bishop %d, pext", sq);
			}
		}
}

Test(pext, tables_agree_with_magics)
{
	vc_pext_init();
	if (!vc_pext_) {
		for (int sq = 0; sq < 64; sq++)
			cr_assert_null(vc_rook_pext_[sq].table);
		return;
	}
	uint64_t seed = 18;
	for (int sq = 0; sq < 64; sq++)
		for (int i = 0; i < 2000; i++) {
			/* sparse and dense boards */
			vc_bb occ = rnd(&seed) & rnd(&seed);
			if (i & 1)
				occ |= rnd(&seed);
			cr_assert_eq(vc_rook_att_(sq, occ, true), vc_rook_attacks(sq, occ), "rook %d", sq);
			cr_assert_eq(vc_bishop_att_(sq, occ, true), vc_bishop_attacks(sq, occ),
			             "bishop %d", sq);
		}
}

Test(pext, castling_paths)
{
	vc_init();
	for (int rank = 0; rank < 8; rank += 7)
		for (int kf = 0; kf < 8; kf++)
			for (int rf = 0; rf < 8; rf++) {
				if (rf == kf)
					continue;
				const int ksq = VC_SQ(kf, rank), rsq = VC_SQ(rf, rank);
				const int kto = vc_castle_king_to(ksq, rsq), rto = vc_castle_rook_to(ksq, rsq);
				vc_bb walk = vc_between(ksq, kto) | VC_BIT(kto);
				vc_bb empty = (vc_between(ksq, rsq) | walk | vc_between(rsq, rto) |
				               VC_BIT(rto)) & ~VC_BIT(ksq) & ~VC_BIT(rsq);
				cr_assert_eq(vc_castle_walk_[kf][rsq], walk, "king %d rook %d", ksq, rsq);
				cr_assert_eq(vc_castle_empty_[kf][rsq], empty, "king %d rook %d", ksq, rsq);
			}
}
