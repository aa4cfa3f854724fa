/* vchess - the variant interface's library-internal half (not installed).
 *
 * struct vc_variant (variant.h) holds a variant's rules hooks, the part of
 * the embeddable API. Its speed hooks live here: faster ways to get what
 * the rules hooks already give (a count of the legal moves instead of the
 * list, a make that skips the key), used by perft and by the game layer's
 * has-a-move test. A variant reaches its table through vc_variant.speed;
 * every hook is optional (NULL: the rules hooks do the work), and so is the
 * table (vc_variant.speed NULL: no speed hook at all).
 *
 * Also here: the registry as a table indexed by id (for dispatch on a
 * position, whose id is valid by construction) and the position invariant
 * check that `make DEBUG=1` builds run after every make.
 */
#ifndef VC_VARIANT_INTERNAL_H
#define VC_VARIANT_INTERNAL_H

#include "variant.h"
/* a variant's hooks read the attack tables inline, as the generators do */
#include "attacks_internal.h"

struct vc_variant_speed {
	/* Make for perft only: may leave pos->key and a dead en-passant
	 * square stale (perft reads neither). NULL = the rules make. */
	void (*make_fast)(struct vc_position *pos, vc_move m);
	/* Perft's make before its last ply: the child of src after legal move
	 * m into dst with only what count_legal reads set (count_legal must
	 * not read dst->board, the clocks or the key). NULL = make_fast. */
	void (*make_leaf)(const struct vc_position *src, struct vc_position *dst, vc_move m);
	/* Number of legal moves, without listing them (perft's last ply).
	 * NULL = count what gen_legal lists. */
	int (*count_legal)(const struct vc_position *pos);
	/* Does the side to move have a legal move? 0 when none, else a
	 * positive lower bound of their number (stops at the first one found).
	 * NULL = count_legal or gen_legal. */
	int (*has_legal)(const struct vc_position *pos);
};

/* The speed tables of the variants that share movegen.c's generator. */
extern const struct vc_variant_speed vc_speed_chess_;
extern const struct vc_variant_speed vc_speed_antichess_;

/* The registry: vc_variants_[id] for every id of enum vc_variant_id (NULL
 * for one not built in). */
extern const struct vc_variant *const vc_variants_[VC_NVARIANTS];

/* The variant of a position. pos->variant is a registered id in every
 * position the library made (vc_fen_parse, vc_startpos, a make): no check
 * here, the dispatch on every call stays one load. Only for the unchecked
 * calls and positions the library made itself. */
static inline const struct vc_variant *vc_variant_of(const struct vc_position *pos)
{
	return vc_variants_[pos->variant];
}

/* The same for a position from outside (a public function's argument):
 * NULL when its id names no variant. One compare more than vc_variant_of,
 * inline (vc_variant_get is the out-of-line public one). */
static inline const struct vc_variant *vc_variant_checked(const struct vc_position *pos)
{
	return pos->variant < VC_NVARIANTS ? vc_variants_[pos->variant] : NULL;
}

/* Standard/Chess960/Undo speed hooks (lib/movegen.c). */
int vc_count_legal_chess(const struct vc_position *pos);
int vc_has_legal_chess(const struct vc_position *pos);
void vc_make_chess_fast(struct vc_position *pos, vc_move m);
void vc_make_chess_leaf(const struct vc_position *src, struct vc_position *dst, vc_move m);

/* ---- Position invariants ------------------------------------------------
 * What vc_position_check tests (or the bits together):
 *   VC_PCHK_BITBOARDS  colours disjoint, piece types disjoint and covering
 *                      the occupied squares, no pawn on rank 1 or 8, side
 *                      0 or 1, a registered variant, exactly one king per
 *                      side and the side not to move not in check where
 *                      the variant has a royal king (VC_VF_ROYAL_KING),
 *                      castling rights only where the variant castles, each
 *                      on a rook of its colour on that colour's back rank
 *                      with the king on the same rank, at most two a side;
 *                      an en-passant square on the right rank (6th with
 *                      White to move, 3rd with Black), empty, with the
 *                      pushed pawn in front of it and its origin empty
 *   VC_PCHK_MAILBOX    board[] agrees with the bitboards, square by square
 *   VC_PCHK_KEY        key equals vc_compute_key(), and an en-passant square
 *                      is set only when a pawn of the side to move attacks it
 *                      (the library keeps it only when a capture is legal)
 * VC_PCHK_ALL is what a rules make leaves; perft's fast make leaves the key
 * and dead en-passant squares stale (BITBOARDS | MAILBOX), its leaf make
 * the board array too (BITBOARDS). */
#define VC_PCHK_BITBOARDS (1u << 0)
#define VC_PCHK_MAILBOX   (1u << 1)
#define VC_PCHK_KEY       (1u << 2)
#define VC_PCHK_ALL       (VC_PCHK_BITBOARDS | VC_PCHK_MAILBOX | VC_PCHK_KEY)

/* Returns 0 when pos keeps every invariant of `what`, else -1 with *broken
 * (may be NULL) set to a static text naming the first broken invariant. */
int vc_position_check(const struct vc_position *pos, unsigned what, const char **broken);

/* In `make DEBUG=1` builds (VC_DEBUG), every make ends with
 * VC_DEBUG_CHECK(pos, what): on a broken invariant the program stops
 * (abort) after one line on standard error naming it -- the only output
 * the library ever writes, and only in debug builds. Elsewhere: nothing. */
#ifdef VC_DEBUG
void vc_debug_check_(const struct vc_position *pos, unsigned what, const char *where);
#define VC_DEBUG_CHECK(pos, what) vc_debug_check_((pos), (what), __func__)
#else
#define VC_DEBUG_CHECK(pos, what) ((void)0)
#endif

#endif
