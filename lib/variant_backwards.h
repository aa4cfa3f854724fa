/* vchess - Backwards Stalemate Chess (vchess-rules(7) section 5, and
 * vchess-backwards(7) for its move text).
 *
 * The game is played backwards: pieces are added (from each side's reserve,
 * one standard set less what stands on the board), never removed. The
 * variant is the const struct vc_variant_backwards (registered in
 * lib/variant.c); its hooks are the only entry points the rest of vchess
 * needs. The few helpers below are public for tests and tools.
 *
 * ---- Move encoding (the shared 32-bit vc_move of types.h) ---------------
 * Every Backwards move carries VC_MF_RETRO, so no Backwards move can be
 * mistaken for a chess move (and none equals VC_MOVE_NONE). Let S be the
 * square the moved piece stands on before the move and T where it goes:
 *
 *   kind                               from to  created (bits 15-18)    flags
 *   1 uncapture by opponent's piece    S    T   mover's piece on S     RETRO
 *   2 uncapture by own piece           S    T   opponent's piece on S  RETRO
 *   3 retraction                       S    T   0                      RETRO
 *   unpromotion, straight back         S    T   0                      RETRO|UNPROMO
 *   unpromotion, diagonal (+uncapture) S    T   opponent's piece on S  RETRO|UNPROMO
 *
 * The created piece is a full piece code (colour << 3 | type), never a
 * king. Kind 1 and kind 2 differ by the colour of the created piece (the
 * mover's own colour for kind 1). An unpromotion has VC_PAWN in the
 * promotion field (bits 12-14): the piece on S becomes a pawn of its colour
 * on T. Every distinct (move, created piece) pair is a distinct vc_move,
 * and distinct legal moves give distinct positions.
 */
#ifndef VC_VARIANT_BACKWARDS_H
#define VC_VARIANT_BACKWARDS_H

#include "variant.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

extern const struct vc_variant vc_variant_backwards;

/* ---- Move text: <moved><from><to>[=<pawn>][x<created>][+] -------------
 * Return values of the parse_move hook (vc_variant_backwards.parse_move):
 *   VC_BW_PARSE_OK          0  *out is the legal move.
 *   VC_BW_PARSE_MALFORMED  -1  the text is not a token of the grammar
 *                              (vchess-backwards(7)): bad letter or square,
 *                              missing field, trailing junk.
 *   VC_BW_PARSE_IMPOSSIBLE -2  well formed, but no move of any kind of
 *                              vchess-rules(7) section 5 has that shape here: the
 *                              piece is not on <from>, <to> is occupied or
 *                              not reachable backwards by that piece, the
 *                              created piece has the wrong colour for the
 *                              move kind or is a king, `=P` on a king, pawn
 *                              or a piece off the last rank, a retraction
 *                              of an opponent's piece, `=p` of the wrong
 *                              colour.
 *   VC_BW_PARSE_ILLEGAL    -3  a move of a possible shape that the rules
 *                              forbid in this position: the created piece
 *                              (or the unpromotion pawn) is not in the
 *                              reserve or has no free bishop slot, a pawn
 *                              rule or a check rule is broken, or a side
 *                              has already reached the goal.
 * *out is VC_MOVE_NONE unless VC_BW_PARSE_OK. Trailing `!`/`?` annotation
 * glyphs (at most two) are skipped. Warnings or-ed into *warnings (may be
 * NULL): VC_BW_WARN_FALSE_CHECK when a `+` is written and no king is in
 * check after the move. A missing `+` is not a warning (the seed writes
 * none).
 */
#define VC_BW_PARSE_OK 0
#define VC_BW_PARSE_MALFORMED (-1)
#define VC_BW_PARSE_IMPOSSIBLE (-2)
#define VC_BW_PARSE_ILLEGAL (-3)
#define VC_BW_WARN_FALSE_CHECK (1u << 0)

/* Room the write_move hook needs: "Ne8d7=Pxq" + NUL, rounded up. The hook
 * writes the canonical token without `+` and returns buf. */
#define VC_BW_MOVE_TEXT_MAX 16

/* Has `color` reached the goal: all 16 of its pieces on their standard
 * starting squares (White Ra1 Nb1 Bc1 Qd1 Ke1 Bf1 Ng1 Rh1 a2..h2, Black
 * mirrored)? vchess-rules(7) section 5, "Goal". */
bool vc_bw_goal_reached(const struct vc_position *pos, int color);

/* Can a piece of code `pc` (colour and type, not a king) be created on `sq`
 * as the board stands, ignoring the move that would do it: it is in its
 * owner's reserve (one standard set less what is on the board), a bishop
 * only on the colour of a free bishop slot, a pawn only off ranks 1 and 8
 * and where the per-file pawn rule allows. */
bool vc_bw_can_create(const struct vc_position *pos, int pc, int sq);

/* The move kind of a legal move m in pos: 1, 2 or 3 as in the table above
 * (an unpromotion counts as 2 or 3). */
int vc_bw_move_kind(const struct vc_position *pos, vc_move m);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
