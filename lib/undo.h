/* vchess - Undo Chess in the game checker: take-back tokens, the `undo`
 * movetext symbol, pending mates and stalemates, clocks (vchess-rules(7) section
 * 4, vchess-undo(5); the record format is man/vchess-undo.5).
 *
 * Undo Chess is a game-level variant: its rules are a struct
 * vc_game_rules table (checker.h) that the game checker calls at set-up,
 * before and after every main-line move, on clock comments and at the end
 * of the record, for the variants with flag VC_VF_TOKENS. For games of
 * other variants the checker has no table; only an `undo` token there
 * reaches this file (foreign hook), as an error of its own.
 *
 * Finding codes (finding.h; stable words, each its own rule of vchess-rules(7) section 4):
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

#include "checker.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* Undo Chess take-back tokens and events of a record (vchess-undo(5)). */
struct vc_gc_undo {
	int tokens[2];       /* held now, by colour; -1 each: unknown (a
	                        TakebackTokens tag that could not be read) */
	int moves;           /* plies played, taken back ones included */
	int takebacks;
	bool pending;        /* mated/stalemated holding a token: awaiting */
};

/* The Undo Chess hooks (vc_game_rules_for selects them). Tokens are
 * dealt by the TakebackTokens tag (2 each when absent). In the reports
 * (through the hooks): JSON "tokens" {white, black} and "events" {moves,
 * takebacks} of each record; replay's start and per-event tokens. */
extern const struct vc_game_rules vc_undo_rules;

/* The tokens and events of record g, an Undo Chess game, so far (during
 * on_game: at its end); NULL when g is a record of another variant.
 * Borrowed from g's checker: valid while g is. g not NULL. */
const struct vc_gc_undo *vc_undo_of(const struct vc_gc_game *g);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
