/* vchess - a game's history: every ply ever played and, in Undo Chess,
 * every take-back, in the order they happened (vchess-replay(1),
 * vchess-undo(5); vchess-rules(7) section 4).
 *
 * Built from the game checker's events (vc_checker_on_event with
 * vc_history_on_event): a tree of plies, since a take-back removes plies
 * from the line but not from the history, and the list of events with what
 * each left (tokens, clock, FEN, outcome). No I/O: the report writers are
 * in formats/report_replay.h and formats/finalpgn.h.
 */
#ifndef VC_HISTORY_H
#define VC_HISTORY_H

#include <stdbool.h>
#include <stdint.h>

#include "checker.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

#define VC_HISTORY_MOVE_MAX 32 /* move text, with its NUL */

/* A ply ever played. Children of a node are the plies played from the
 * position after it, in the order they were played: all but the last
 * (or all, for a taken-back node) were taken back. */
struct vc_hnode {
	vc_move move;
	int parent;                   /* -1: played from the start position */
	int first_child, last_child, next_sibling; /* -1: none */
	unsigned fullmove;            /* of the position before the ply */
	int color;                    /* who played it */
	int ply;                      /* its ply in the line, from 1 */
	bool standing;                /* in the line at the end (vc_history_finish) */
	double clock;                 /* [%clk] in seconds, -1 none */
	char san[VC_HISTORY_MOVE_MAX]; /* the variant's move text (SAN) */
	char uci[8];                  /* "" for retro moves */
};

enum vc_hevent_type { VC_HEVENT_MOVE, VC_HEVENT_TAKEBACK };

struct vc_hevent {
	enum vc_hevent_type type;
	int color;                    /* who moved or took back */
	int ply;                      /* plies standing after the event */
	int node;                     /* MOVE: its node */
	int removed[2];               /* TAKEBACK: nodes removed, line order */
	int tokens[2];                /* the game-level rules' counts after it,
	                                 by colour (vc_gc_counts: Undo Chess's
	                                 tokens), -1 each: none */
	double clock;                 /* -1 none */
	uint64_t line, column;        /* of its token */
	struct vc_outcome outcome;    /* MOVE: ended or pending by the rules */
	bool pending;
	char fen[VC_FEN_MAX];         /* the position after it */
};

/* One game's history. Zero-initialise, set `shredder`, call
 * vc_history_clear before the first game; release with
 * vc_history_release. Arrays are owned. */
struct vc_history {
	bool shredder;                /* FENs as Shredder-FEN, else X-FEN */
	struct vc_hnode *nodes;
	int nnodes, cap_nodes;
	struct vc_hevent *events;
	int nevents, cap_events;
	int *line;                    /* node indices of the standing line */
	int nline, cap_line;
	int root_first, root_last;    /* children of the start position */
	int start_tokens[2];          /* -1: no event yet */
	bool failed;                  /* out of memory: history incomplete */
};

/* Empty the history for the next game (keeps its memory). */
void vc_history_clear(struct vc_history *h);
/* Free the arrays; h is zeroed (shredder included). */
void vc_history_release(struct vc_history *h);

/* A vc_gc_on_event callback (user: the history): add one event. After an
 * allocation failure the history stops growing and `failed` is set. */
void vc_history_on_event(void *user, const struct vc_gc_event *ev);

/* Mark the plies that stand at the end of the game; call once, before
 * writing the history of record g. */
void vc_history_finish(struct vc_history *h);

/* The tokens dealt at the start of record g (an Undo Chess game; the
 * counts of its game-level rules, vc_gc_counts) in t[VC_WHITE],
 * t[VC_BLACK]. Returns false when they are unknown (the TakebackTokens
 * tag could not be read: vchess-undo(5)) or g has no such rules. */
bool vc_history_start_tokens(const struct vc_history *h, const struct vc_gc_game *g, int t[2]);

/* Whether record g is a game with take-back tokens: its game-level
 * rules keep counts per side (vc_game_rules.counts; Undo Chess). */
bool vc_history_has_tokens(const struct vc_gc_game *g);

/* The plies the line goes on with from `parent` (-1: the start
 * position): the first child (first_child) and the last (last_child) of
 * the tree; next_in_line: in the standing line (main) the child that
 * stands, in a taken-back line the one played last from there (the line
 * that stood when the stretch was taken back). -1 when none. */
int vc_history_first_child(const struct vc_history *h, int parent);
int vc_history_last_child(const struct vc_history *h, int parent);
int vc_history_next_in_line(const struct vc_history *h, int parent, bool main);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
