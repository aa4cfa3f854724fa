/* vchess - the attack tables and their inline lookups, for the library's
 * own code (not installed).
 *
 * position.h declares the lookups (vc_knight_attacks ... vc_line) as
 * ordinary functions: that is the ABI, and lib/attacks.c holds their
 * out-of-line definitions. Inside the library the same names are defined
 * again here as GNU extern inline functions (gnu_inline: a body used only
 * for inlining, never emitted as a symbol), always inlined, so the move
 * generators read the tables directly as before while the tables
 * themselves stay hidden: their layout (the magic factors, the table
 * sizes) is no part of the ABI and the shared library does not export
 * them (make check-exports).
 *
 * The tables are written once by vc_init() (lib/attacks.c, run before
 * main by a constructor) and only read afterwards.
 */
#ifndef VC_ATTACKS_INTERNAL_H
#define VC_ATTACKS_INTERNAL_H

#include "position.h"

struct vc_magic_ {
	vc_bb mask;
	vc_bb magic;
	vc_bb *table;
	unsigned shift;
};
extern vc_bb vc_knight_tab_[64], vc_king_tab_[64], vc_pawn_tab_[2][64];
extern vc_bb vc_between_tab_[64][64], vc_line_tab_[64][64];
extern struct vc_magic_ vc_rook_magic_[64], vc_bishop_magic_[64];
/* Rook and bishop attacks from each square on an empty board. */
extern vc_bb vc_rook_rays_[64], vc_bishop_rays_[64];

/* PEXT slider tables (BMI2): the attacks of the sliders on each square
 * indexed by the occupancy bits under `mask` packed together, filled by
 * vc_pext_init() (once, thread-safe; vc_perft calls it: only perft reads
 * them) and only when vc_pext_ is true: the processor has BMI2 with a fast
 * PEXT (not AMD before Zen 3, where it is microcoded) and the environment
 * variable VCHESS_NO_BMI2 is unset or empty or "0". The perft loop comes
 * in two copies, one with these lookups and one with the magic ones
 * (any x86-64), chosen once per vc_perft call (lib/movegen.c). */
struct vc_pext_ {
	vc_bb mask;
	const vc_bb *table;
};
extern struct vc_pext_ vc_rook_pext_[64], vc_bishop_pext_[64];
extern bool vc_pext_;
/* Fill the PEXT tables when vc_pext_ is true (vc_init first). */
void vc_pext_init(void);

/* The PEXT instruction through inline assembly: the code that holds it
 * needs no BMI2 compiler option and runs only where vc_pext_ is true. */
static inline __attribute__((always_inline)) vc_bb vc_pext_u64_(vc_bb x, vc_bb mask)
{
#if defined(__x86_64__)
	vc_bb r;
	__asm__("pext %2, %1, %0" : "=r"(r) : "r"(x), "rm"(mask));
	return r;
#else
	(void)x;
	(void)mask;
	__builtin_unreachable(); /* vc_pext_ is never true elsewhere */
#endif
}

/* Castling with the king on file kf and the castling rook on rsq (both on
 * the same back rank, rsq the square, kf the file): the squares that must
 * be empty but for the king and that rook (vchess-rules(7) section 2), and
 * the king's path (the squares it passes and lands on: its own square
 * only when it does not move). */
extern vc_bb vc_castle_empty_[8][64], vc_castle_walk_[8][64];

/* The fast lookups: the same contract as their declarations in position.h. */
#define VC_FAST_LOOKUP_ extern inline __attribute__((gnu_inline, always_inline))

VC_FAST_LOOKUP_ vc_bb vc_knight_attacks(int sq) { return vc_knight_tab_[sq]; }
VC_FAST_LOOKUP_ vc_bb vc_king_attacks(int sq) { return vc_king_tab_[sq]; }
VC_FAST_LOOKUP_ vc_bb vc_pawn_attacks(int color, int sq) { return vc_pawn_tab_[color][sq]; }
VC_FAST_LOOKUP_ vc_bb vc_bishop_attacks(int sq, vc_bb occupied)
{
	const struct vc_magic_ *m = &vc_bishop_magic_[sq];
	return m->table[((occupied & m->mask) * m->magic) >> m->shift];
}
VC_FAST_LOOKUP_ vc_bb vc_rook_attacks(int sq, vc_bb occupied)
{
	const struct vc_magic_ *m = &vc_rook_magic_[sq];
	return m->table[((occupied & m->mask) * m->magic) >> m->shift];
}
/* Slider lookups of the perft loop: `pext` a constant, true in the copy
 * that vc_perft runs when vc_pext_ is. */
static inline __attribute__((always_inline)) vc_bb
vc_bishop_att_(int sq, vc_bb occ, const bool pext)
{
	if (pext) {
		const struct vc_pext_ *p = &vc_bishop_pext_[sq];
		return p->table[vc_pext_u64_(occ, p->mask)];
	}
	return vc_bishop_attacks(sq, occ);
}
static inline __attribute__((always_inline)) vc_bb
vc_rook_att_(int sq, vc_bb occ, const bool pext)
{
	if (pext) {
		const struct vc_pext_ *p = &vc_rook_pext_[sq];
		return p->table[vc_pext_u64_(occ, p->mask)];
	}
	return vc_rook_attacks(sq, occ);
}
VC_FAST_LOOKUP_ vc_bb vc_between(int a, int b) { return vc_between_tab_[a][b]; }
VC_FAST_LOOKUP_ vc_bb vc_line(int a, int b) { return vc_line_tab_[a][b]; }

#endif
