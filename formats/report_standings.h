/* vchess - the standings of an event as the reports write them
 * (vchess-adjudicate(1) --standings, sections STANDINGS, TIE-BREAKS and
 * CROSSTABLE): the table ranked with its tie-break columns, and the
 * crosstable (a round robin as the square table, a Swiss round by round),
 * in text, JSON, CSV and a self-contained HTML page. Bytes only: the
 * table, its tie-breaks and its ranks are lib/standings.h's
 * (vc_standings_rank must have been called).
 */
#ifndef VC_REPORT_STANDINGS_H
#define VC_REPORT_STANDINGS_H

#include <stdbool.h>
#include <stdio.h>

#include "json.h"
#include "standings.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* A tie-break value as the reports write it: points with no trailing
 * zeros ("30.25", "6.5", "4"), ARO a whole number; "-" when the row has
 * none. buf: at least 32 bytes. Returns buf. */
const char *vc_standings_value(const struct vc_player *p, enum vc_tiebreak t, char *buf,
                               size_t size);

/* The text table, to f: a line naming the games scored, the system and
 * the tie-breaks, a line per finding ("standings: warning CODE: ..."),
 * then a header and a row per player (rank, player, games, points, wins,
 * draws, losses, one column per tie-break). */
void vc_standings_text(FILE *f, const struct vc_standings *st);

/* The JSON members "standings" (rows: rank, player, score, games, wins,
 * draws, losses, "tiebreaks" keyed by the words of --tiebreak),
 * "standings_unfinished", "standings_system", "standings_tiebreaks",
 * "standings_rounds", "standings_findings", "standings_findings_omitted" into
 * the open object of j. */
void vc_standings_json(struct vc_json *j, const struct vc_standings *st);

/* The table as CSV (RFC 4180: a header line, fields with a comma, quote or
 * line end quoted), to f: rank,player,score,games,wins,draws,losses and a
 * column per tie-break, named tb-WORD (WORD: vc_tiebreak_word; the names
 * are distinct and stable, vchess-adjudicate(1) STANDINGS). With
 * `crosstable`, then an empty line and the crosstable as CSV (its cells as
 * the text's, then score and a tb-WORD column per tie-break), then its
 * footnotes. */
void vc_standings_csv(FILE *f, const struct vc_standings *st, bool crosstable);

/* The crosstable as text, to f (after vc_standings_text): for a round
 * robin one column per player in rank order, a cell per encounter
 * ("1", "=", "0"; "+"/"-" a forfeit won or lost; colour w/b first when
 * several cycles); for a Swiss one column per round ("12w1": against
 * rank 12 with White, won; "bye+", "bye=", "bye-", "---" absent); then
 * the points and a column per tie-break; then footnotes for the games scored by their declared result because the
 * rules could not judge them (cells marked "*N"). */
void vc_standings_crosstable_text(FILE *f, const struct vc_standings *st);

/* The crosstable as the JSON member "crosstable": {"system", "rounds",
 * "rows": [{"rank", "player", "cells": [...]}], "footnotes": [...]} into
 * the open object of j. */
void vc_standings_crosstable_json(struct vc_json *j, const struct vc_standings *st);

/* One self-contained HTML page (no external assets; readable on a phone,
 * printable): `title` (NULL, empty or blank: the event's name,
 * vc_standings_event, else "Standings") as the page's title and heading,
 * the standings with their tie-break columns, the crosstable (with the
 * points and the tie-break columns) and its footnotes, to f. Text from
 * the input (the event, names, file names) is escaped first as the text
 * reports escape it (textesc.h: a control byte such as ESC is written
 * \x1b, a byte that is not UTF-8 as its Latin-1 character), then for
 * HTML. */
void vc_standings_html(FILE *f, const struct vc_standings *st, const char *title);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
