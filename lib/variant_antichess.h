/* vchess - Antichess (lichess rules, vchess-rules(7) section 3): rules the
 * adjudicator needs beyond the variant table entry (vc_variant_antichess,
 * reached through vc_variant_find("Antichess") or vc_variant_get()).
 */
#ifndef VC_VARIANT_ANTICHESS_H
#define VC_VARIANT_ANTICHESS_H

#include "position.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* Time forfeit in antichess (vchess-rules(7) section 3): is the game a draw when
 * `flagged_color` (VC_WHITE or VC_BLACK) runs out of time in `pos`?
 *
 * The flagged side loses unless its opponent can never lose all its pieces
 * or be stalemated. vchess knows one such case (lichess): the board holds
 * exactly one white knight and one black knight and nothing else, and the
 * flagged side can never get to capture: the knights stand on squares of
 * the same colour with the flagged side to move, or on squares of opposite
 * colours with the other side to move. (A knight always changes square
 * colour, and captures only onto the other colour, so this parity never
 * changes; the opponent's knight can never be taken and a lone knight is
 * never stalemated.)
 *
 * Returns true for that draw, false when the flagged side loses. pos must
 * not be NULL; for a position of another variant it returns false (the
 * chess rule is vc_insufficient_material_for()). Whether the game had
 * already ended on the board before the flag fell is the caller's matter.
 */
bool vc_antichess_timeout_draw(const struct vc_position *pos, int flagged_color);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
