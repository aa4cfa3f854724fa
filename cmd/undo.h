/* vchess - Undo Chess in the game checker: take-back tokens, the `undo`
 * movetext symbol, pending mates and stalemates, clocks (RULES.md section
 * 4, FORMATS.md section 2). For other variants every hook is a no-op.
 *
 * Error codes (stable words): bad-tokens-tag, takeback-without-token,
 * takeback-too-early, takeback-after-end, clock-given-back.
 */
#ifndef VC_CMD_UNDO_H
#define VC_CMD_UNDO_H

#include <stdbool.h>
#include <stddef.h>

#include "gamecheck.h"

/* At set-up: read TakebackTokens, reset the token count and clocks. */
void vc_undo_start(struct vc_checker *c);
/* Is this movetext token the take-back symbol (Undo Chess only)? */
bool vc_undo_is_token(const struct vc_checker *c, const char *text, size_t len);
/* Apply a take-back by the side to move; returns VC_PGN_CONTINUE or
 * VC_PGN_SKIP after recording an error. */
int vc_undo_takeback(struct vc_checker *c, const struct vc_pgn_move *mv, const char *label);
/* May a move be played now? (false after recording an error) */
bool vc_undo_may_move(struct vc_checker *c, const struct vc_pgn_move *mv, const char *label);
/* After a move stands: count it. */
void vc_undo_after_move(struct vc_checker *c);
/* Checkmate/stalemate while the side to move can take back: the game is
 * pending, not ended (returns true). */
bool vc_undo_pending(struct vc_checker *c, const struct vc_outcome *oc);
/* A clock comment for `mover`'s last ply, in seconds. */
void vc_undo_clock(struct vc_checker *c, int mover, double seconds,
                   const struct vc_pgn_loc *loc);
/* At the end of a pending record: '*' means awaiting decision (sets the
 * record's board outcome and returns true: no contradiction check); the
 * matching result is the player accepting (returns false: the normal
 * check confirms it). */
bool vc_undo_decides_result(struct vc_checker *c, const char *declared);
/* Undo Chess game with take-backs (PlyCount then counts differently). */
bool vc_undo_active(const struct vc_checker *c);
/* End of record: fill rec.undo. */
void vc_undo_finish(struct vc_checker *c, uint64_t line, uint64_t col);

#endif
