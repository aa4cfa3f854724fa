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
#ifndef VC_GAMECHECK_H
#define VC_GAMECHECK_H

#include <stdint.h>
#include <stdio.h>

#include "game.h"
#include "pgn.h"

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
	char start_fen[VC_FEN_MAX];
	struct vc_finding findings[VC_GC_MAX_FINDINGS];
	int nfindings;               /* stored */
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
	const char *raw;             /* original bytes when keep_raw */
	size_t raw_len;
	const struct vc_game *game;  /* the standing line (final position) */
};

struct vc_gc_options {
	const struct vc_variant *variant; /* --variant: overrides the tag */
	enum vc_ruleset rules;
	bool strict;                      /* warnings make a game invalid */
	bool keep_raw;                    /* keep original bytes (valid-out) */
};

typedef int (*vc_gc_on_game)(void *user, const struct vc_gc_game *game);

struct vc_gc_level;

/* Undo Chess checker state (cmd/undo.c). */
struct vc_gc_undo_state {
	bool active;              /* the game is Undo Chess */
	int total;                /* tokens in the game (conserved) */
	bool timed;               /* TimeControl base+increment given */
	double increment;         /* seconds */
	double last_clock[2];     /* last clock per colour, -1 none */
	bool takeback_since[2];   /* a take-back since that colour's last clock */
	struct vc_outcome pending_outcome;
};
struct vc_gc_tagoff {
	size_t name, value; /* offsets into the arena */
};

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
	bool ended;                  /* the rules ended the main line */
	struct vc_gc_tag *tags;      /* filled from tag_off at the game's end */
	struct vc_gc_tagoff *tag_off;
	int tag_cap;
	char result_text[16];
	char *arena;                 /* tag text */
	size_t arena_len, arena_cap;
	int fen_tag, setup_tag, variant_tag;
	uint64_t fen_line, fen_col;
	const char *source, *member;
	int stop;                    /* on_game asked to stop */
	struct vc_gc_undo_state undo;
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

/* Add a finding to the current record (for the Undo/time layers). */
void vc_gc_add(struct vc_checker *c, bool error, const char *code,
               uint64_t line, uint64_t column, int ply, const char *move,
               const char *fmt, ...) __attribute__((format(printf, 8, 9)));

#endif
