/* vchess - the text and JSON report of a game's history (vchess-replay(1)):
 * one line per event (move or take-back) with who made it, SAN and UCI,
 * tokens, FEN, clock and outcome, then the game's end; or, in JSON, the
 * "start_fen", "start_tokens", "history" members of the game's record
 * (formats/report-schema.json).
 */
#ifndef VC_REPORT_REPLAY_H
#define VC_REPORT_REPLAY_H

#include <stdbool.h>
#include <stdio.h>

#include "checker.h"
#include "history.h"
#include "json.h"
#include "report.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* Write the text report of record g and its history h (vc_history_finish
 * done) to f. `loc` is the game's location as the report writes it
 * ("file:line:col"); `shredder`: the start FEN as Shredder-FEN; marks
 * (may be NULL): where the game number is written (vc_report_put_index). */
void vc_replay_text_game(FILE *f, const char *loc, const struct vc_gc_game *g,
                         const struct vc_history *h, bool shredder,
                         struct vc_report_marks *marks);

/* Write the JSON members of record g's history h into the open object of
 * j. */
void vc_replay_json_game(struct vc_json *j, const struct vc_gc_game *g,
                         const struct vc_history *h);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
