/* vchess - the final PGN of a game's history (vchess-replay(1)
 * --final-pgn): the standing game as ordinary PGN that other programs read,
 * Undo Chess (a variant with take-back tokens) written as Chess960, each
 * stretch of taken-back plies kept as a variation opening with the comment
 * {taken back} (vchess-undo(5)). Written with the PGN writer
 * (pgnwrite.h).
 */
#ifndef VC_FINALPGN_H
#define VC_FINALPGN_H

#include <stdio.h>

#include "checker.h"
#include "history.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* Write record g with its history h (vc_history_finish done) to f as one
 * PGN game: the seven tag roster (its Result: the declared result when it
 * is one, else "*"), Variant, SetUp and FEN as needed, the record's other
 * tags but PlyCount and those of game-level rules (vc_game_rules_tag_owner:
 * TakebackTokens), a blank line, the movetext and the
 * result. `first`: the first game of f (no blank line before it). */
void vc_final_pgn_game(FILE *f, bool first, const struct vc_gc_game *g,
                       const struct vc_history *h);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
