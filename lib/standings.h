/* vchess - the score table of an event (vchess-adjudicate(1), --standings):
 * per player, games, points, wins, draws and losses, from the results of
 * its games (a win scores 1, a draw 1/2 to each side, a loss 0: FIDE
 * Handbook C.02, vchess-rules(7) section 2).
 *
 * Built from (White, Black, result) triples, so that a table can be made
 * from records, from verdicts (vc_standings_add_game) or from the tables of
 * parts of a run (vc_standings_merge: shards, threads); the order the games
 * come in does not change the sorted table. No I/O: the report writers are
 * in formats/report_adjudicate.h.
 */
#ifndef VC_STANDINGS_H
#define VC_STANDINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "checker.h"
#include "verdict.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* One player's row. */
struct vc_player {
	char *name;                  /* owned by the table */
	long games, wins, draws, losses;
	long halves;                 /* points, in halves */
	long rank;                   /* from 1, after vc_standings_sort: players
	                                with equal points share the first rank
	                                of their group; 0 before */
};

/* The table. Zero-initialise (or vc_standings_init); release with
 * vc_standings_release. Rows are in the order players first appear until
 * vc_standings_sort. Other fields are private. */
struct vc_standings {
	struct vc_player *p;         /* rows [0, n) */
	size_t n, cap;
	size_t *slot;                /* open addressing: index+1 into p, 0 empty */
	size_t nslots;
	long counted;                /* games scored */
	long unfinished;             /* games without a result (not scored) */
};

void vc_standings_init(struct vc_standings *st);
/* Free the rows and the index; st is empty and reusable after. */
void vc_standings_release(struct vc_standings *st);

/* Score one game between `white` and `black` (player names; NULL or ""
 * is the player "?") with result r: VC_RES_NONE counts the game as
 * unfinished, no row changes. The names are copied. Returns 0, or -1 when
 * out of memory (the game is then not scored; the table stays usable). */
int vc_standings_add(struct vc_standings *st, const char *white, const char *black,
                     enum vc_result r);

/* Score record g as judged by v: its White and Black tags and the result
 * vc_verdict_scored_result() gives; a record that is not a game (a
 * position line) is skipped. Returns 0, or -1 when out of memory. */
int vc_standings_add_game(struct vc_standings *st, const struct vc_gc_game *g,
                          const struct vc_verdict *v);

/* Add the table `from` into `to` (rows summed by player name, counts
 * summed). Returns 0, or -1 when out of memory (`to` then holds part of
 * `from`). Sort `to` after the last merge. */
int vc_standings_merge(struct vc_standings *to, const struct vc_standings *from);

/* Sort the rows for output: points, then wins, descending; then name in
 * byte order (strcmp). Fills each row's rank. */
void vc_standings_sort(struct vc_standings *st);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
