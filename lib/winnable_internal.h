/* vchess - the static phase of the unwinnability decision (internal).
 *
 * Both answer "can the intended winner w (VC_WHITE or VC_BLACK) never
 * checkmate?" from the position alone, without a search: true only when
 * that is proven (sound: never true for a position with a helpmate);
 * false means "not proven", not "winnable". Positions of a variant with
 * a royal king (standard, Chess960, Undo Chess); p is not changed.
 * vc_static_material: by material alone; vc_static_frozen: walls of
 * pawns that never take nor promote (some may be taken, when that frees
 * nothing or only ends the game), frozen kings, trapped pieces and the
 * squares where a mate could be built. The rule: vchess-rules(7) section 2; the method:
 * vchess-winnable(1), METHOD.
 */
#ifndef VCHESS_WINNABLE_INTERNAL_H
#define VCHESS_WINNABLE_INTERNAL_H

#include <stdbool.h>

#include "position.h"

bool vc_static_material(const struct vc_position *p, int w);
bool vc_static_frozen(const struct vc_position *p, int w);

#endif
