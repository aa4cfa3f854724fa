/* vchess - the game checker: a PGN visitor that replays every game through
 * the rules library and builds one report record per game.
 *
 * Shared by `validate`, `adjudicate` and `replay`: they differ in what they
 * print, not in how a game is read. Every game the PGN reader delimits gives
 * exactly one call of the on_game callback, broken games included.
 *
 * What is checked (RULES.md sections 1-2, FORMATS.md sections 1 and 6):
 * the variant (tag or --variant), the start position (SetUp/FEN), every
 * move of the main line and of every variation (from the position where
 * it branches), moves after the rules ended the game, the Result tag
 * against the movetext result and against the board.
 */
#ifndef VC_CHECKER_H
#define VC_CHECKER_H

#include <stdint.h>
#include <stdio.h>

#include "game.h"
#include "pgn.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* Findings kept per game; more are counted but not stored. */
#define VC_GC_MAX_FINDINGS 32

struct vc_finding {
	const char *code;    /* stable kebab-case word (static storage) */
	char message[192];
	uint64_t line, column;
	int ply;             /* from 1 at the record's start position; 0: none */
	char move[48];       /* "12...Nf6" or "" */
	bool variation;      /* inside a variation */
	bool error;          /* error, else warning */
};

struct vc_gc_tag {
	const char *name;    /* into the game's tag arena */
	const char *value;
};

/* Undo Chess take-back tokens and events (FORMATS.md section 2). */
struct vc_gc_undo {
	int tokens[2];       /* held now, by colour */
	int moves;           /* plies played, taken back ones included */
	int takebacks;
	bool pending;        /* mated/stalemated holding a token: awaiting */
};

/* One game's report record. Valid during the on_game callback only. */
struct vc_gc_game {
	const char *source;          /* file name ("-" for stdin) */
	const char *member;          /* archive member or NULL */
	uint64_t index;              /* from 1 within source/member */
	uint64_t line, offset;       /* where the game starts */
	const char *variant;         /* vchess name, or NULL when unknown */
	int variant_id;              /* -1 when unknown */
	struct vc_gc_tag *tags;
	int ntags;
	int plies;                   /* main-line plies that stand */
	bool valid;                  /* no error (and no warning under strict) */
	char final_fen[VC_FEN_MAX];  /* "" when no position could be set up */
	char start_fen[VC_FEN_MAX];  /* filled only with want_start_fen */
	int nfindings;               /* stored (findings[], the last member) */
	int nerrors, nwarnings;      /* all, stored or not */
	const char *declared;        /* Result tag ("1-0", ...) or NULL */
	const char *movetext_result; /* result token or NULL */
	const char *termination_tag; /* Termination tag or NULL */
	struct vc_outcome board;     /* outcome by the rules when it ended, or
	                                of the final position */
	int end_ply;                 /* ply where the rules ended it, -1 none */
	unsigned claims;             /* VC_CLAIM_* available at the end */
	bool setup_ok;               /* variant and start position usable */
	struct vc_gc_undo undo;      /* Undo Chess only */
	/* last [%clk] per colour in seconds (-1: none), for time forfeits */
	double last_clock[2];
	const char *raw;             /* original bytes when keep_raw; NULL when
	                                too long to keep whole (limit-raw) */
	size_t raw_len;
	const struct vc_game *game;  /* the standing line (final position) */
	/* last, so that starting a game clears the fields above only
	 * (findings[0..nfindings) are written whole by vc_gc_add) */
	struct vc_finding findings[VC_GC_MAX_FINDINGS];
};

struct vc_gc_options {
	const struct vc_variant *variant; /* --variant: overrides the tag */
	enum vc_ruleset rules;
	bool strict;                      /* warnings make a game invalid */
	bool keep_raw;                    /* keep original bytes (valid-out) */
	bool want_start_fen;              /* fill vc_gc_game.start_fen */
	bool no_final_fen;                /* leave vc_gc_game.final_fen empty (a
	                                     report that does not show it) */
};

typedef int (*vc_gc_on_game)(void *user, const struct vc_gc_game *game);

struct vc_gc_level;

/* Undo Chess checker state (cmd/undo.c). */
struct vc_gc_undo_state {
	bool active;              /* the game is Undo Chess */
	int total;                /* tokens in the game (conserved) */
	bool timed;               /* TimeControl base+increment given */
	double increment;         /* seconds */
	double last_clock[2];     /* latest clock reading per colour, -1 none */
	bool takeback_since[2];   /* a take-back since that reading */
	double check_from[2];     /* the reading the event's clock is checked
	                             against, -1: not checked */
	int clock_owner;          /* whose clock a comment now gives, -1 none */
	bool clock_seen;          /* the last event already had its clock */
	char clock_label[48];     /* the last event's move text ("4.undo") */
	struct vc_outcome pending_outcome;
};
struct vc_gc_tagoff {
	size_t name, value; /* offsets into the arena */
	uint64_t line, column; /* where the tag starts */
};

/* Main-line events in record order, for `vchess replay`
 * (vc_checker_on_event). A MOVE or TAKEBACK event is reported once it
 * stands (after its checks passed); a CLOCK event gives the [%clk] of the
 * event before it. */
enum vc_gc_event_type {
	VC_GC_EVENT_MOVE,     /* a ply was played */
	VC_GC_EVENT_TAKEBACK, /* Undo Chess: two plies were taken back */
	VC_GC_EVENT_CLOCK     /* a clock comment after a ply or a take-back */
};

struct vc_gc_event {
	enum vc_gc_event_type type;
	int color;                        /* who moved / took back / whose clock */
	struct vc_pgn_loc loc;            /* the token or the comment */
	vc_move move;                     /* MOVE: the ply */
	const struct vc_position *before; /* MOVE: the position before it */
	vc_move removed[2];               /* TAKEBACK: the plies removed, line order */
	const struct vc_game *game;       /* the line after the event */
	const struct vc_gc_game *rec;     /* the record so far (tokens: rec->undo) */
	struct vc_outcome outcome;        /* MOVE: ended or pending by the rules */
	bool pending;                     /* MOVE: mated/stalemated holding a token */
	double clock;                     /* CLOCK: seconds */
};

typedef void (*vc_gc_on_event)(void *user, const struct vc_gc_event *ev);

/* The checker. Fields are private. */
struct vc_checker {
	struct vc_gc_options opt;
	vc_gc_on_game on_game;
	void *user;
	struct vc_game game;
	struct vc_gc_game rec;
	struct vc_gc_level *levels;  /* variation stack */
	unsigned depth;
	bool skip;                   /* stop checking moves of this game */
	bool started;                /* movetext seen: set-up done */
	bool in_game;                /* between begin_game and end_game */
	bool ended;                  /* the rules ended the main line */
	bool end_open;               /* an end without legal moves not yet ruled
	                                out after the last ply (checker.c
	                                settle_end) */
	struct vc_gc_tag *tags;      /* filled from tag_off at the game's end */
	struct vc_gc_tagoff *tag_off;
	int tag_cap;
	char result_text[16];
	uint64_t result_line, result_col; /* where the movetext result stands */
	char result_norm[16];        /* a Result tag normalised to ASCII */
	char *arena;                 /* tag text */
	size_t arena_len, arena_cap;
	int fen_tag, setup_tag, variant_tag; /* the last tag of each name, -1 */
	int result_tag, termination_tag, plycount_tag;
	struct {                     /* the last FEN tag read without error:
	                                games often come in pairs from one start
	                                (Chess960 events), so it is read once */
		bool ok;
		int variant;
		char text[VC_FEN_MAX];
		struct vc_position pos;
		unsigned warnings;
		bool trailing;
	} fen_cache;
	uint64_t tag_names[4];       /* a 256-bit filter of the game's tag names:
	                                a clear bit means a name not yet seen */
	uint64_t fen_line, fen_col;
	const char *source, *member;
	int stop;                    /* on_game asked to stop */
	struct vc_gc_undo_state undo;
	vc_gc_on_event on_event;     /* NULL: no events (vc_checker_on_event) */
	void *event_user;
};

/* Prepare a checker; on_game is called once per game with its record.
 * Returns 0 or -1 (memory). Release with vc_checker_release. */
int vc_checker_init(struct vc_checker *c, const struct vc_gc_options *opt,
                    vc_gc_on_game on_game, void *user);
void vc_checker_release(struct vc_checker *c);

/* Read every game of one stream (a file or an archive member), calling
 * on_game for each. source/member name the stream in reports. Returns the
 * PGN reader's status (VC_PGN_DONE, VC_PGN_STOPPED, VC_PGN_IO_ERROR). */
int vc_checker_run(struct vc_checker *c, vc_pgn_read_fn read, void *ctx,
                   const char *source, const char *member);

/* The checker as a PGN visitor (user = c), for callers that drive a reader
 * themselves or replay recorded events (parallel validation); source and
 * member name the stream in reports. */
void vc_checker_visitor(struct vc_checker *c, struct vc_pgn_visitor *vis,
                        const char *source, const char *member);

/* Ask for every main-line event of every game (NULL: none), called
 * before the game's on_game. */
void vc_checker_on_event(struct vc_checker *c, vc_gc_on_event fn, void *user);
/* Report an event to the on_event callback, if any (for the Undo layer). */
void vc_gc_emit(struct vc_checker *c, const struct vc_gc_event *ev);

/* Add a finding to the current record (for the Undo/time layers). */
void vc_gc_add(struct vc_checker *c, bool error, const char *code,
               uint64_t line, uint64_t column, int ply, const char *move,
               const char *fmt, ...) __attribute__((format(printf, 8, 9)));

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
