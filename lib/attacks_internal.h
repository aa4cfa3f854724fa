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
VC_FAST_LOOKUP_ vc_bb vc_between(int a, int b) { return vc_between_tab_[a][b]; }
VC_FAST_LOOKUP_ vc_bb vc_line(int a, int b) { return vc_line_tab_[a][b]; }

#endif
