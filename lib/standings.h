/* vchess - the score table of an event (vchess-adjudicate(1), --standings):
 * per player, games, points, wins, draws and losses, from the results of
 * its games (a win scores 1, a draw 1/2 to each side, a loss 0: FIDE
 * Handbook C.02, vchess-rules(7) section 2).
 *
 * Built from (White, Black, result) triples, so that a table can be made
 * from records, from verdicts (vc_standings_add_game) or from the tables of
 * parts of a run (vc_standings_merge: shards, threads); the order the games
 * come in does not change the sorted table. No I/O: the report writers are
 * in formats/report_adjudicate.h and formats/report_standings.h.
 */
#ifndef VC_STANDINGS_H
#define VC_STANDINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "checker.h"
#include "verdict.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* ---- tie-breaks (vchess-adjudicate(1), TIE-BREAKS) ------------------------
 *
 * The ranking of an event by FIDE Handbook C.07 (Tie-Break Regulations,
 * the text in force from 1 April 2024), as vchess-adjudicate(1) section
 * TIE-BREAKS defines each word. The table keeps every scored game (its
 * players, round, colours, result, whether it was played and the ratings
 * of its tags) so that the tie-breaks can be computed after the last
 * game; vc_standings_rank computes them and orders the rows. */

/* The tie-breaks, by their words in --tiebreak and in the reports. */
enum vc_tiebreak {
	VC_TB_DIRECT_ENCOUNTER = 0, /* C.07 6 */
	VC_TB_SONNEBORN_BERGER,     /* C.07 9.1 */
	VC_TB_BUCHHOLZ,             /* C.07 8.1 */
	VC_TB_BUCHHOLZ_CUT1,        /* C.07 8.1 with 14.1 */
	VC_TB_BUCHHOLZ_MEDIAN1,     /* C.07 8.1 with 14.3 */
	VC_TB_WINS,                 /* C.07 7.2: games won over the board */
	VC_TB_BLACK_GAMES,          /* C.07 7.3: games played with Black */
	VC_TB_KOYA,                 /* C.07 9.2 */
	VC_TB_PROGRESSIVE,          /* C.07 7.5 */
	VC_TB_ARO,                  /* C.07 10.1: average rating of opponents */
	VC_TB_N
};

/* The pairing system, told from the pairings or given (--system). */
enum vc_system { VC_SYSTEM_AUTO = 0, VC_SYSTEM_RR, VC_SYSTEM_SWISS };


/* Flags of a stored game. */
enum { VC_SG_UNPLAYED = 1, VC_SG_DECLARED = 2 };

/* One scored game as the table keeps it. Players are row ids
 * (vc_player.id); -1 is no player (a bye). */
struct vc_sgame {
	long white, black;
	int round, board;            /* 0: no Round tag (or not a number) */
	unsigned char result;        /* enum vc_result, never VC_RES_NONE */
	unsigned char flags;         /* VC_SG_* */
	int white_elo, black_elo;    /* 0: none */
	long source;                 /* index into vc_standings.sources, -1 none */
	uint64_t index;
};

/* The findings kept; more are only counted (findings_omitted). */
#define VC_STANDINGS_FINDINGS_MAX 50

/* A finding about the event (the standings' warnings, not the games'). */
struct vc_standings_finding {
	char code[32];               /* "round-missing", "round-gap", "rounds-sparse",
	                                "player-twice-in-round",
	                                "pairing-repeated", "name-variants" */
	char message[256];
};

/* One player's row. */
struct vc_player {
	char *name;                  /* owned by the table */
	long games, wins, draws, losses;
	long halves;                 /* points, in halves */
	long rank;                   /* from 1, after vc_standings_sort: players
	                                with equal points share the first rank
	                                of their group (after vc_standings_rank:
	                                equal points and tie-breaks); 0 before */
	long id;                     /* the row's number in the order players
	                                first appear (vc_sgame's players) */
	double tb[VC_TB_N];          /* after vc_standings_rank: tie-break values
	                                in points (aro: rating), by enum */
	bool has_tb[VC_TB_N];        /* false: no value (null in the report:
	                                direct-encounter not applied or no two
	                                of the group met, aro without rated
	                                opponents) */
	long de_place;               /* after vc_standings_rank: the place
	                                direct-encounter gave the row within its
	                                tied group (C.07 6.2, 6.3), from 1; equal
	                                places stay tied; 0 not applied. It, not
	                                the value, orders the group: re-applied
	                                to sub-ties, 6.3 in a Swiss */
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
	/* kept for the tie-breaks and the crosstable (vc_standings_add_ex) */
	struct vc_sgame *games;      /* [0, ngames), in the order added */
	size_t ngames, capgames;
	char **sources;              /* file names ("file" or "file:member") */
	size_t nsources;
	char *event;                 /* the Event tag every game added by
	                                vc_standings_add_game shares (see
	                                vc_standings_event) */
	int event_state;             /* 0 no game, 1 one Event, 2 several or
	                                one without */
	bool from_declared;          /* set before adding: score the declared
	                                result of every game (--standings-from
	                                declared), not the verdict */
	/* after vc_standings_rank */
	enum vc_system system;       /* as given or as told from the pairings */
	int rounds;                  /* highest round number (0: none tagged) */
	enum vc_tiebreak tb[VC_TB_N];/* the list ranked by */
	int ntb;
	struct vc_standings_finding *findings; /* at most VC_STANDINGS_FINDINGS_MAX */
	size_t nfindings, capfindings;
	size_t findings_omitted;     /* findings beyond those kept */
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

/* The name of the event: the Event tag of every game added by
 * vc_standings_add_game (merged tables included; a tag given twice: its
 * last value, as the checker reads it), when they all have the same one;
 * NULL when a game has none (or "?", or an empty one or one of spaces and
 * tabs only), when they differ, or when no game was added that way. Owned
 * by the table. */
const char *vc_standings_event(const struct vc_standings *st);

/* Sort the rows for output: points, then wins, descending; then name in
 * byte order (strcmp). Fills each row's rank. */
void vc_standings_sort(struct vc_standings *st);

/* The word of t ("direct-encounter", ...; NULL when out of range); the
 * tie-break of `word` into *t (false: not a word of the list). */
const char *vc_tiebreak_word(enum vc_tiebreak t);
bool vc_tiebreak_parse(const char *word, enum vc_tiebreak *t);
/* Parse a comma-separated list of words (--tiebreak) into out[0..max):
 * returns how many (at least 1), or -1 when a word is unknown, repeated,
 * empty or the list has more than max words; *bad (may be NULL) then
 * points at the offending word in `list`. */
int vc_tiebreak_parse_list(const char *list, enum vc_tiebreak *out, int max,
                           const char **bad);
/* The default list of system s (VC_SYSTEM_RR: direct-encounter,
 * sonneborn-berger, wins, koya; VC_SYSTEM_SWISS: buchholz-cut1, buchholz,
 * sonneborn-berger, direct-encounter, wins) into out (room for VC_TB_N);
 * returns how many. */
int vc_tiebreak_defaults(enum vc_system s, enum vc_tiebreak *out);
/* "round-robin" or "swiss" (NULL for VC_SYSTEM_AUTO). */
const char *vc_system_word(enum vc_system s);

/* What a game adds to the table besides its players and result: all
 * fields may be NULL/0. */
struct vc_standings_info {
	const char *round;           /* the Round tag ("3", "3.1"), or NULL */
	const char *white_elo, *black_elo; /* the WhiteElo/BlackElo tags */
	bool unplayed;               /* a forfeit or bye (vc_standings_unplayed) */
	bool declared_invalid;       /* scored by its declared result because the
	                                rules could not judge it */
	const char *source, *member; /* where it is, for footnotes (copied) */
	uint64_t index;              /* its number there, from 1 */
};

/* Whether record g is an unplayed game (vchess-adjudicate(1) section
 * UNPLAYED GAMES): no moves, and a Termination of forfeit, unplayed or
 * bye (the whole value, any case), or White or Black "BYE", "bye" or "-".
 * A game with moves is always played. */
bool vc_standings_unplayed(const struct vc_gc_game *g);
/* Whether `name` is the no-player of a bye ("BYE", "bye", "-"). */
bool vc_standings_is_bye(const char *name);

/* Score one game as vc_standings_add does, keeping what the tie-breaks
 * need (info may be NULL). A side named as a bye (vc_standings_is_bye)
 * in an unplayed game is no player: the other side scores the result
 * (a bye). Names are compared after trimming white space at both ends.
 * Returns 0, or -1 when out of memory. */
int vc_standings_add_ex(struct vc_standings *st, const char *white, const char *black,
                        enum vc_result r, const struct vc_standings_info *info);

/* Compute the tie-breaks tb[0..ntb) of every row (vc_player.tb) for the
 * system `sys` (VC_SYSTEM_AUTO: round robin when every two players met
 * equally often, at least once; else Swiss; the result in st->system,
 * which stays VC_SYSTEM_AUTO for a table without games), and
 * order the rows: points, then each tie-break in turn (highest first;
 * direct-encounter among the players still tied, by C.07 6.2 and 6.3),
 * then name (strcmp). Unplayed rounds as C.07 15 and 16 say (Article 16
 * in a Swiss only; vchess-adjudicate(1) TIE-BREAKS).
 * Rows equal on points and on every tie-break share the rank. Fills
 * st->findings (rounds missing or inconsistent, names that differ only in
 * case or spacing) and st->rounds. tb may be NULL when ntb is 0 (the
 * ranking by points alone). Returns 0, or -1 when out of memory (the
 * rows are then sorted as vc_standings_sort does). */
int vc_standings_rank(struct vc_standings *st, const enum vc_tiebreak *tb, int ntb,
                      enum vc_system sys);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
