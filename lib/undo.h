/* vchess - Undo Chess in the game checker: take-back tokens, the `undo`
 * movetext symbol, pending mates and stalemates, clocks (RULES.md section
 * 4, FORMATS.md section 2; the record format is man/vchess-undo.5).
 *
 * The game checker (checker.c) calls these hooks at set-up, on every
 * `undo` token, around every main-line move, on clock comments and at the
 * end of the record. For games of other variants they cost nothing and
 * check nothing, except that `undo` itself is an error there.
 *
 * Error codes (stable words, each its own rule of RULES.md section 4):
 *   bad-tokens-tag          TakebackTokens is not N (0-3) or W/B (0-6
 *                           each, an even total of at most 6; an uneven
 *                           split needs a FEN start)
 *   takeback-without-token  the player taking back holds no token
 *   takeback-too-early      the line holds fewer than two plies since the
 *                           start position: the player has made no move
 *                           that can be taken back
 *   takeback-after-end      the rules ended the game (fivefold repetition,
 *                           75 moves, dead position, mate or stalemate
 *                           without a token)
 *   move-while-pending      a move where the side to move is mated or
 *                           stalemated holding a token: only `undo` or the
 *                           result may follow
 *   clock-given-back        a clock reading after a take-back exceeds the
 *                           player's previous reading by more than the
 *                           increment of TimeControl
 *   takeback-wrong-variant  `undo` in a game that is not Undo Chess
 *   takeback-in-variation   `undo` inside a variation (take-backs are
 *                           recorded in the main line only)
 *   token-conservation      the token total changed (an internal error:
 *                           checked after every event, never expected)
 * A move after the game ended is the checker's `move-after-end`.
 * Warning: awaiting-decision  the record ends in a pending mate or
 *                           stalemate with result `*` (or none).
 */
#ifndef VC_UNDO_H
#define VC_UNDO_H

#include <stdbool.h>
#include <stddef.h>

#include "checker.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* At set-up (every game): reset the clock bookkeeping; for Undo Chess read
 * TakebackTokens and TimeControl. Returns false after recording
 * bad-tokens-tag (the game cannot be checked). */
bool vc_undo_start(struct vc_checker *c);
/* Is this movetext token the take-back symbol `undo`? (In any variant: in
 * other variants it is an error of its own, not a SAN syntax error.) */
bool vc_undo_is_token(const struct vc_checker *c, const char *text, size_t len);
/* A take-back by the side to move in the main line: checks the rules,
 * passes the token, pops two plies, reports the event. Returns
 * VC_PGN_CONTINUE, or VC_PGN_SKIP after recording an error. */
int vc_undo_takeback(struct vc_checker *c, const struct vc_pgn_move *mv, const char *label);
/* `undo` inside a variation (at ply `ply` of that line): an error;
 * returns VC_PGN_SKIP. */
int vc_undo_in_variation(struct vc_checker *c, const struct vc_pgn_move *mv,
                         const char *label, int ply);
/* May a move be played now? False after recording move-while-pending. */
bool vc_undo_may_move(struct vc_checker *c, const struct vc_pgn_move *mv, const char *label);
/* The Undo Chess part of vc_undo_after_move (the game is Undo Chess). */
void vc_undo_after_move_tokens(struct vc_checker *c, const struct vc_pgn_move *mv,
                               const char *label);
/* After a main-line move stands: note whose clock a following comment
 * gives; in Undo Chess also count the move and check token conservation.
 * Inline: on every ply of every game. */
static inline void vc_undo_after_move(struct vc_checker *c, const struct vc_pgn_move *mv,
                                      const char *label)
{
	c->undo.clock_owner = !vc_game_pos(&c->game)->side; /* the mover */
	c->undo.clock_seen = false;
	if (c->undo.active)
		vc_undo_after_move_tokens(c, mv, label);
}
/* Checkmate/stalemate while the side to move can take back: the game is
 * pending, not ended (returns true). */
bool vc_undo_pending(struct vc_checker *c, const struct vc_outcome *oc);
/* Whose clock a clock comment gives now: the side that made the last move
 * or took back last; -1 before the first event. */
int vc_undo_clock_owner(const struct vc_checker *c);
/* A clock comment for `mover`'s last event, in seconds. */
void vc_undo_clock(struct vc_checker *c, int mover, double seconds,
                   const struct vc_pgn_loc *loc);
/* At the end of a pending record: '*' means awaiting decision (sets the
 * record's board outcome and returns true: no contradiction check); the
 * matching result is the player accepting (returns false: the normal
 * check confirms it). */
bool vc_undo_decides_result(struct vc_checker *c, const char *declared);
/* Undo Chess game with take-backs (PlyCount then counts differently). */
bool vc_undo_active(const struct vc_checker *c);
/* End of record: awaiting-decision for a pending record without a
 * decision; the layer goes inactive until the next set-up. */
void vc_undo_finish(struct vc_checker *c, uint64_t line, uint64_t col);

/* A clock in PGN's [%clk] form from seconds: "0:02:57", "0:02:57.3"
 * (hours unbounded, fractions to the millisecond, trailing zeros dropped),
 * into buf of `size` bytes (NUL-terminated, truncated if short). */
void vc_clock_text(double s, char *buf, size_t size);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
