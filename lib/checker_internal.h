/* vchess - the checker's main-line fast lane (not installed).
 *
 * A speed hook between the PGN reader and the game checker, apart from the
 * record API (ARCHITECTURE.md): nearly every ply of a game record is a
 * plain SAN move of the main line that ends nothing and gives no finding.
 * The reader hands such a move's text straight to vc_checker_move_plain,
 * without building a struct vc_move_token (text copy, location), and the
 * checker plays it without the record API's per-move layers (set-up,
 * labels, game-level variant hooks, warnings). Whatever the fast lane does
 * not take it declines with nothing changed, and the reader then makes the
 * ordinary vc_checker_move call for that move: the reports are the same.
 */
#ifndef VC_CHECKER_INTERNAL_H
#define VC_CHECKER_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "checker.h"

/* For the main-line move text[0, len) (as vc_checker_move would get it in
 * mv->text, mv->len; need not be NUL-terminated) of the checker `user` (a
 * struct vc_checker *, as the visitor passes it): when the game is set up
 * and being checked, in no variation, not ended, without game-level rules
 * or an event listener, and the text is one of vc_play_san_chess's plain
 * forms naming one legal move without any warning (capture mark and check
 * suffix right), plays it and judges the position as vc_checker_move
 * would (same state, same report) and returns true: vc_checker_move would
 * have returned VC_CONTINUE. Returns false, with the checker unchanged,
 * otherwise: the caller then calls vc_checker_move for the move. */
bool vc_checker_move_plain(void *user, const char *text, size_t len);

#endif
