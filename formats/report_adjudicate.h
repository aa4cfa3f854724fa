/* vchess - the text and JSON report of adjudication verdicts and of the
 * score table (vchess-adjudicate(1); the "adjudication" and "standings"
 * members of formats/report-schema.json). Bytes only: the verdict is
 * lib/verdict.h's, the table lib/standings.h's.
 */
#ifndef VC_REPORT_ADJUDICATE_H
#define VC_REPORT_ADJUDICATE_H

#include <stdio.h>

#include "checker.h"
#include "json.h"
#include "report.h"
#include "standings.h"
#include "verdict.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* The verdict line of record g judged as v, to f: "LOC: game N (White -
 * Black): RESULT by RULE at ply N (move M, White to play) ...; declared
 * ...: agrees" (the move number and side of the position where the rule
 * applied, from the record's line, when it holds that ply). `loc` is the
 * game's location as the report writes it. r: the report the line belongs
 * to (not NULL): r->marks (may be NULL) records where the game number is
 * written (vc_report_put_index); r->position names the record "position
 * N" (a line of a position file); a game skipped (vc_report_skip_reason
 * under r->strict: a variant vchess does not implement) is said to be. */
void vc_adjudicate_text_verdict(FILE *f, const char *loc, const struct vc_gc_game *g,
                                const struct vc_verdict *v, const struct vc_report *r);

/* Why the declared result of a game judged as v disagrees with the
 * verdict, in words, into buf of `size` bytes (size > 0; cut short when it
 * does not fit), NUL-terminated: "the rules give 0-1 by checkmate at ply
 * 4; declared 1/2-1/2" (basis rules), "the verdict is 1-0 as declared;
 * declared 1-0, movetext 0-1" (basis declared). The declared texts are
 * the record's raw bytes (the caller escapes them for its format). The CI
 * formats' failure message (vchess-adjudicate(1) OUTPUT). Returns buf. */
const char *vc_adjudicate_disagreement(char *buf, size_t size, const struct vc_verdict *v);

/* The "adjudication" member of a game's JSON record (j: inside the
 * record's object); `rules` is the rule set judged under. */
void vc_adjudicate_json_verdict(struct vc_json *j, const struct vc_verdict *v,
                                enum vc_ruleset rules);

/* What a run's summary holds besides the findings' counts. */
struct vc_adjudicate_summary {
	enum vc_ruleset rules;
	const struct vc_verdict_tally *tally;
	long fixed;                     /* games corrected; < 0: no --fix-results */
	const char *fixed_to;           /* where they went, for the text */
	const struct vc_standings *st;  /* sorted, or NULL: no --standings */
};

/* The summary lines (text) after the findings' summary, to f. */
void vc_adjudicate_text_summary(FILE *f, const struct vc_adjudicate_summary *s);
/* The summary members (JSON) "adjudication", "standings",
 * "standings_unfinished", into the open summary object of j. */
void vc_adjudicate_json_summary(struct vc_json *j, const struct vc_adjudicate_summary *s);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
