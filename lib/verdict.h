/* vchess - the adjudication verdict of one game record: the result the
 * rules give and why, and whether the declared result agrees
 * (vchess-adjudicate(1); vchess-rules(7) sections 2-6).
 *
 * The verdict, in this order (one shared procedure; what differs between
 * variants comes from their hooks in lib/variant*.c):
 *   1. the record could not be replayed to its end (an error other than
 *      those the verdict explains itself): not judged, basis "invalid";
 *   2. the rules ended the game (the game checker's board outcome: the
 *      variant's outcome hook, fivefold repetition, Undo Chess pending
 *      mates): that result, basis "rules", at the ply where it happened,
 *      even when the record goes on after it;
 *   3. a time forfeit (Termination naming one, or a [%clk 0:00:00]): the
 *      flagged side loses unless its opponent could never win, basis
 *      "rules" (vchess-rules(7) sections 2, 3, 5): by material
 *      (vc_timeout_draw(): time-forfeit-insufficient-material, the
 *      lichess rule set's only test); under VC_RULES_FIDE with
 *      VC_DEAD_FULL also by the full unwinnability search (vc_winnable:
 *      time-forfeit-unwinnable), whose answer the verdict carries; a
 *      search that runs out of its budget leaves the loss standing with
 *      the warning unwinnability-undetermined;
 *   4. else the declared result is accepted as given, basis "declared"
 *      (resignation, agreement, claims, adjudication by the event), with
 *      the draws a player could have claimed at the end (FIDE 9.2, 9.3).
 *
 * No I/O: the words below are what the reports print; the report writers
 * are in formats/report_adjudicate.h.
 */
#ifndef VC_VERDICT_H
#define VC_VERDICT_H

#include <stdbool.h>
#include <stdint.h>

#include "checker.h"
#include "game.h"
#include "winnable.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* What the verdict stands on. */
enum vc_basis {
	VC_BASIS_RULES,    /* the rules decide the result */
	VC_BASIS_DECLARED, /* the declared result, accepted as given */
	VC_BASIS_INVALID,  /* the record could not be judged */
	VC_BASIS_N
};

/* How the side that ran out of time is known (rule 3 above). */
enum vc_flag_source {
	VC_FLAG_NONE,        /* no time forfeit */
	VC_FLAG_TERMINATION, /* a Termination tag naming a time forfeit */
	VC_FLAG_CLOCK        /* a [%clk 0:00:00] comment, no Termination tag */
};

/* One game's adjudication. The const char * fields point into the game
 * record (valid as long as the record is, during on_game) or to static
 * storage. */
struct vc_verdict {
	enum vc_basis basis;
	enum vc_result result;       /* the verdict (the declared result when
	                                accepted as given; * when not judged) */
	enum vc_result by_rules;     /* what the rules alone say */
	enum vc_termination term;    /* the deciding rule: VC_TERM_DECLARED for
	                                basis declared; VC_TERM_NONE only when
	                                not judged */
	int ply;                     /* where the deciding rule applied; -1
	                                when not judged */
	bool agrees;                 /* the declared result agrees */
	const char *declared;        /* Result tag (raw text) or NULL */
	const char *movetext;        /* movetext result token or NULL */
	const char *termination_tag; /* Termination tag or NULL */
	/* time forfeit */
	int flagged;                 /* VC_WHITE / VC_BLACK, -1 none */
	enum vc_flag_source flag_source;
	/* the time forfeit's search, for the opponent of `flagged` in the
	 * final position (VC_RULES_FIDE, VC_DEAD_FULL only: else
	 * has_unwinnability false) */
	bool has_unwinnability;
	struct vc_winnable_result unwinnability;
	struct vc_position unwinnability_pos; /* the position searched */
	enum vc_code warning;        /* VC_F_UNWINNABILITY_UNDETERMINED when the
	                                search ran out of budget, else VC_F_OK */
	/* moves after the rules ended the game */
	int after_ply;               /* first ply after the end, -1 none */
	char after_move[48];         /* its move text, "" when unknown */
	/* draws claimable at the end (VC_CLAIM_*), and how: on the board, or
	 * by declaring a move ("4...Ng8", "" when on the board) */
	unsigned claims;
	bool three_on_board, fifty_on_board;
	char three_move[48], fifty_move[48];
	/* not judged: the first error that stopped the replay
	 * (VC_F_TOO_MANY_ERRORS when none was kept; VC_F_OK while judged) and
	 * its ply (0: none) */
	enum vc_code error_code;
	int error_ply;
};

/* The judge: what judging needs besides the record. Fields are private. */
struct vc_judge {
	enum vc_ruleset rules;
	struct vc_game scratch;      /* the position of an EPD/FEN line */
	bool scratch_ok;
	enum vc_dead_method dead;    /* vc_judge_set_unwinnability */
	uint64_t budget;
	struct vc_winnable_ws *ws;   /* made on the first time forfeit */
};

/* Prepare a judge for rule set `rules` (vchess-rules(7) section 6; the
 * claims of a position line follow it, a game's claims follow the rules
 * its line was played under). Returns VC_F_OK; VC_F_OUT_OF_MEMORY, or
 * VC_F_INVALID_ARGUMENT when `rules` is no enum vc_ruleset value, with the
 * judge then released (the error convention of vchess.h). Release with
 * vc_judge_release (harmless after a failure). */
enum vc_code vc_judge_init(struct vc_judge *j, enum vc_ruleset rules);
/* How a time forfeit is judged under VC_RULES_FIDE (vchess-rules(7)
 * section 2, vchess-adjudicate(1) --dead-positions, --budget):
 * VC_DEAD_FULL (the default after vc_judge_init) searches the final
 * position with vc_winnable within `budget` nodes (0:
 * VC_WINNABLE_DEFAULT_BUDGET); VC_DEAD_MATERIAL judges by material alone.
 * j not NULL, initialised. */
void vc_judge_set_unwinnability(struct vc_judge *j, enum vc_dead_method dead, uint64_t budget);
/* Free what the judge holds; accepts a released or failed judge. */
void vc_judge_release(struct vc_judge *j);

/* Judge one record `g` (as given to the checker's on_game, or an EPD/FEN
 * line's record whose `game` is NULL: its position is read from
 * final_fen) into *v, by the procedure at the top of this file. Never
 * fails: a record that cannot be judged gets basis VC_BASIS_INVALID. The
 * judge is not const: a position line is set up in its scratch game. */
void vc_judge_game(struct vc_judge *j, const struct vc_gc_game *g, struct vc_verdict *v);

/* The declared result of record g: the Result tag when it is a result,
 * else the movetext result token when it is one, else NULL. */
const char *vc_declared_result(const struct vc_gc_game *g);

/* The result a score table counts for g judged as v: the verdict, or for
 * a record that could not be judged its declared result (* when none).
 * Returns false when g is not a game (a position line without tags): it
 * is not counted at all. */
bool vc_verdict_scored_result(const struct vc_verdict *v, const struct vc_gc_game *g,
                              enum vc_result *r);

/* Whether `--fix-results` rewrites the game: the rules decide a result
 * that the declared one does not match. */
static inline bool vc_verdict_needs_fix(const struct vc_verdict *v)
{
	return v->basis == VC_BASIS_RULES && !v->agrees;
}

/* Words of the reports: "rules", "declared", "invalid"; "termination",
 * "clock" (NULL for VC_FLAG_NONE). */
const char *vc_basis_word(enum vc_basis b);
const char *vc_flag_source_word(enum vc_flag_source s);

/* Counts over many verdicts, for a run's summary. Zero-initialise; tallies
 * of parts of a run (threads, shards) add up with vc_verdict_tally_merge,
 * in any order. */
struct vc_verdict_tally {
	uint64_t games, agree, disagree, not_judged;
	uint64_t by_basis[VC_BASIS_N];
	uint64_t by_term[VC_TERM_N];
};
void vc_verdict_tally_add(struct vc_verdict_tally *t, const struct vc_verdict *v);
void vc_verdict_tally_merge(struct vc_verdict_tally *to, const struct vc_verdict_tally *from);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
