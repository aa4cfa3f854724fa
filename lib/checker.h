/* vchess - the game checker: replays every game of a record through the
 * rules library and builds one report record per game.
 *
 * Shared by `validate`, `adjudicate` and `replay`: they differ in what they
 * print, not in how a game is read. The checker knows no syntax: a reader
 * (the PGN reader of formats/, formats/pgn_checker.h, or any program)
 * feeds it a record through the record API below, game by game, and every
 * game gives exactly one call of the on_game callback, broken games
 * included.
 *
 * What is checked (vchess-rules(7) sections 1, 2 and 4, vchess-validate(1)):
 * the variant (tag or option), the start position (SetUp/FEN), every move
 * of the main line and of every variation (from the position where it
 * branches), moves after the rules ended the game, the Result tag against
 * the movetext result and against the board. Game-level variants (Undo
 * Chess, vchess-undo(5)) add their rules through a struct vc_game_rules
 * table chosen at set-up from the variant's flags.
 *
 * Errors: functions follow the library's convention (vchess.h): those that
 * can fail return an enum vc_code, VC_F_OK (0) on success.
 */
#ifndef VC_CHECKER_H
#define VC_CHECKER_H

#include <stdint.h>
#include <stdio.h>

#include "finding.h"
#include "game.h"
#include "record.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* Findings kept per game; more are counted but not stored. */
#define VC_GC_MAX_FINDINGS 32

struct vc_finding {
	enum vc_code code;   /* its word: vc_code_word(code) */
	char message[192];
	uint64_t line, column;
	int ply;             /* from 1 at the record's start position; 0: none */
	char move[48];       /* "12...Nf6" or "" */
	bool variation;      /* inside a variation */
	bool error;          /* vc_code_is_error(code) */
	const char *reason;  /* illegal-move: why, a stable word of
	                        vc_illegal_reason_word (static storage), or
	                        NULL; NULL for other codes */
};

struct vc_gc_tag {
	const char *name;    /* into the game's tag arena */
	const char *value;
};

struct vc_game_rules;

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
	/* the game-level rules of the record's variant (a variant with rules
	 * beyond the position: Undo Chess), NULL: none; set with the variant.
	 * Their state is read through the rules' hooks only (vc_gc_counts,
	 * vc_gc_members, vc_gc_text; undo.h for Undo Chess's own reader) */
	const struct vc_game_rules *rules;
	const void *rules_state;     /* NULL when rules is */
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
	enum vc_dead_method dead_positions; /* how dead positions are found
	                                     under VC_RULES_FIDE (game.h;
	                                     0: VC_DEAD_FULL) */
	bool after_end_warn;              /* validate --after-end warn: a move
	                                     after a dead position (insufficient
	                                     material included), a fivefold
	                                     repetition or the 75-move rule is
	                                     the warning move-after-draw, and
	                                     the line goes on being checked
	                                     (the end stays where it was);
	                                     after checkmate or stalemate it
	                                     stays move-after-end */
};

typedef int (*vc_gc_on_game)(void *user, const struct vc_gc_game *game);

struct vc_gc_level;

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
	struct vc_loc loc;                /* the token or the comment */
	vc_move move;                     /* MOVE: the ply */
	const struct vc_position *before; /* MOVE: the position before it */
	vc_move removed[2];               /* TAKEBACK: the plies removed, line order */
	const struct vc_game *game;       /* the line after the event */
	const struct vc_gc_game *rec;     /* the record so far (vc_gc_counts) */
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
	bool tags_lost;              /* a tag could not be kept: the game's
	                                only finding is that error */
	bool started;                /* movetext seen: set-up done */
	bool in_game;                /* between begin_game and end_game */
	bool ended;                  /* the rules ended the main line */
	bool overlooked;             /* --after-end warn: moves go on after an
	                                overlooked draw (move-after-draw given) */
	bool end_open;               /* an end without legal moves not yet ruled
	                                out after the last ply (checker.c
	                                settle_end) */
	struct vc_gc_tag *tags;      /* filled from tag_off at the game's end */
	struct vc_gc_tagoff *tag_off;
	int tag_cap;
	char result_text[16];
	uint64_t result_line, result_col; /* where the movetext result stands */
	enum vc_rtok result_tok;     /* the movetext result token */
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
	const struct vc_game_rules *rules; /* game-level variant, NULL: none */
	void *rules_state;           /* its per-game state (rules->state_size) */
	size_t rules_state_cap;
	int clock_owner;             /* whose clock a comment now gives, -1 none
	                                (the side that moved or took back last) */
	vc_gc_on_event on_event;     /* NULL: no events (vc_checker_on_event) */
	void *event_user;
};

/* Prepare a checker; on_game is called once per game with its record
 * (a non-zero return asks the reader to stop: vc_checker_end_game returns
 * VC_STOP). opt is copied. Returns VC_F_OK, or VC_F_OUT_OF_MEMORY (c is
 * then released already). Release with vc_checker_release. */
enum vc_code vc_checker_init(struct vc_checker *c, const struct vc_gc_options *opt,
                             vc_gc_on_game on_game, void *user);
/* Frees what c holds; accepts a checker zeroed with memset. */
void vc_checker_release(struct vc_checker *c);

/* Name the stream the next games come from, for the records (borrowed:
 * they must outlive the games): a file name ("-" for stdin) and an
 * archive member or NULL. */
void vc_checker_set_source(struct vc_checker *c, const char *source, const char *member);

/* ---- The record API ----------------------------------------------------------
 * A reader calls these in record order for each game: begin_game; tags;
 * then movetext events (moves, comments, variations, the result) and the
 * reader's own findings; end_game. Each returns an enum vc_action for the
 * reader (VC_SKIP: the checker stopped checking this game, e.g. after an
 * illegal move; VC_STOP: on_game asked to stop). Strings are borrowed for
 * the call's time. The functions the PGN reader's visitor calls take the
 * checker as `void *` (a struct vc_checker *) so that the visitor points
 * straight at them (formats/pgn_checker.c): no wrapper on the per-move
 * path. */

/* A game starts: index counts from 1 within the stream; start is where
 * its first token stands. */
int vc_checker_begin_game(struct vc_checker *c, uint64_t index, const struct vc_loc *start);
/* A tag pair; value is value_len bytes (may hold NUL bytes: the value ends
 * at the first). A tag after the first movetext event belongs to the next
 * game and is ignored. When the tag cannot be stored (memory), the game
 * gets the error out-of-memory and VC_SKIP is returned: the game still
 * ends with its one record. */
int vc_checker_tag(void *c, const char *name, const char *value, size_t value_len,
                   const struct vc_loc *loc);
/* A move token (main line when mv->depth is 0, else the current
 * variation): set-up happens at the first movetext event. */
int vc_checker_move(void *c, const struct vc_move_token *mv);
/* A comment; the checker reads only clock commands (clock.h). */
int vc_checker_comment(void *c, const char *text, size_t len, const struct vc_loc *loc);
/* A variation opens (depth 1 for one of the main line; it replaces the
 * last move of the line it branches from) or closes. */
int vc_checker_begin_variation(void *c, unsigned depth, const struct vc_loc *loc);
int vc_checker_end_variation(void *c, unsigned depth, const struct vc_loc *loc);
/* The result token: text as written ("1-0", "0-1", "1/2-1/2", "*": a
 * reader gives the ASCII word of a lenient form) and res, its token
 * (VC_RTOK_NONE: read from text with vc_result_read, a word written in
 * a nonstandard way then a nonstandard-notation warning); only the main
 * line's counts. The record keeps the ASCII word of a token read
 * (struct vc_gc_game movetext_result), else the text as given. */
int vc_checker_result(void *c, const char *text, enum vc_rtok res, const struct vc_loc *loc);
/* A finding of the reader itself (syntax, limits, read-error), with its
 * message: recorded in the game, at ply so far; an error other than
 * limit-comment ends the checking of the game. Between games (no
 * begin_game open) it is ignored: the input loop reports the input. */
int vc_checker_finding(void *c, enum vc_code code, const char *message, const struct vc_loc *loc);
/* The game ends at `end` (one past its last token). raw/raw_len: its
 * original bytes for the record (NULL: none kept). Runs the whole-game
 * checks and calls on_game; returns VC_STOP when on_game returned
 * non-zero, else VC_CONTINUE. */
int vc_checker_end_game(struct vc_checker *c, const struct vc_loc *end, const char *raw,
                        size_t raw_len);

/* The value of tag `name` (case-sensitive, as in PGN) of the game being
 * read, between vc_checker_begin_game and the end of its on_game call (a
 * game-level variant's hooks read their tags with it): the last one when
 * the tag is given twice (vchess-validate(1): duplicate-tag), NULL when
 * the game has none. *line and *column (each may be NULL) are set to
 * where that tag starts. The value is borrowed from the checker until the
 * next game begins; it ends at its first NUL byte. c and name not NULL. */
const char *vc_checker_tag_value(const struct vc_checker *c, const char *name, uint64_t *line,
                                 uint64_t *column);

/* ---- Position records ------------------------------------------------------
 * A position file (EPD or FEN, one position a line: vchess-validate(1)
 * "EPD") gives one record per position line instead of per game. */
struct vc_position_line {
	uint64_t index;          /* from 1 within the stream */
	uint64_t line, offset;   /* where the line starts (line from 1) */
	const char *fen;         /* the text from its first non-blank byte,
	                            NUL-terminated (EPD operations may follow
	                            the FEN fields); NULL: the line could not be
	                            read, see error */
	uint64_t indent;         /* bytes before fen on its line */
	const char *variant;     /* the value of the line's EPD `variant`
	                            operation, or NULL (the options' variant
	                            wins over it) */
	enum vc_code error;      /* fen NULL: the reader's finding (e.g.
	                            VC_F_LIMIT_LINE) at error_column */
	uint64_t error_column;
	const char *error_message;
	const char *raw;         /* the line's original bytes with its line
	                            end, for the record (NULL: none) */
	size_t raw_len;
};

/* Check one position line (vchess-rules(7) section 1: a FEN that is no
 * legal position is an error, a repaired one a warning; the variant by the
 * options, else the line's `variant` operation, else the default
 * variant), fill the record (findings, variant, start and final FEN, the
 * outcome of the position) and call on_game with it. Returns VC_STOP when
 * on_game returned non-zero, else VC_CONTINUE. c and pl must not be
 * NULL; pl's strings are borrowed for the call. */
int vc_checker_position(struct vc_checker *c, const struct vc_position_line *pl);

/* Ask for every main-line event of every game (NULL: none), called
 * before the game's on_game. */
void vc_checker_on_event(struct vc_checker *c, vc_gc_on_event fn, void *user);
/* Report an event to the on_event callback, if any (for game-level
 * variants). */
void vc_gc_emit(struct vc_checker *c, const struct vc_gc_event *ev);

/* Add a finding to the current record (for game-level variants and the
 * EPD checker); its severity is the code's. move may be NULL. */
void vc_gc_add(struct vc_checker *c, enum vc_code code, uint64_t line, uint64_t column,
               int ply, const char *move, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));

/* ---- Report members of game-level variants -------------------------------------
 * lib/ writes no bytes: a report writer (formats/report.c: JSON) hands the
 * rules a sink of typed key/value calls and maps them onto its format, in
 * call order. Keys are ASCII names; members between begin and end belong
 * to that object. user is the writer's. */
struct vc_gc_sink {
	void *user;
	void (*begin)(void *user, const char *key);  /* an object member opens */
	void (*end)(void *user);                     /* the object closes */
	void (*integer)(void *user, const char *key, int64_t v);
	void (*string)(void *user, const char *key, const char *s);
	void (*boolean)(void *user, const char *key, bool v);
	void (*null)(void *user, const char *key);
};

/* Where in a report the rules' members or text go (vc_gc_members,
 * vc_gc_text): the places of vchess-validate(1)'s JSON record and of
 * vchess-replay(1)'s text and JSON reports. */
enum vc_gc_at {
	VC_GC_AT_RECORD,   /* JSON record, after "result" (members) */
	VC_GC_AT_START,    /* replay: the start (text: after the variant in
	                      the game's heading; JSON: after "start_fen");
	                      n: the counts dealt, NULL unknown */
	VC_GC_AT_EVENT,    /* replay: an event (text: a column after its
	                      moves; JSON: after "plies"); n: after it */
	VC_GC_AT_PENDING,  /* replay text: a move ended the game only pending
	                      (vc_game_rules.pending): why it goes on; n: after
	                      it, color: the side to move */
	VC_GC_AT_END,      /* replay text: after the standing plies */
	VC_GC_AT_DECIDED   /* replay text: after the board's termination */
};

/* The counts the record's game-level rules keep now (Undo Chess: tokens
 * held) in n[VC_WHITE], n[VC_BLACK]. Returns false, n set to -1, when the
 * record has no such rules or the counts are unknown. g and n not NULL. */
bool vc_gc_counts(const struct vc_gc_game *g, int n[2]);
/* Pass the record's game-level members at `at` to sink s (nothing when
 * the record has no game-level rules or they add nothing there). n: the
 * counts there (vc_gc_counts, the replay history's), NULL when unknown. */
void vc_gc_members(const struct vc_gc_game *g, enum vc_gc_at at, const int n[2],
                   const struct vc_gc_sink *s);
/* The record's game-level text at `at` into buf (size > 0 bytes,
 * NUL-terminated, truncated; "" when none); n and color as for
 * vc_game_rules.text. Returns buf. */
const char *vc_gc_text(const struct vc_gc_game *g, enum vc_gc_at at, const int n[2], int color,
                       char *buf, size_t size);

/* ---- Game-level variants -------------------------------------------------------
 * A variant whose rules reach beyond the position (Undo Chess: take-back
 * tokens) gives the checker a table of hooks, chosen at set-up from the
 * variant (vc_game_rules_for). For other variants the checker has no
 * table and pays one branch per ply. `label` is the move's text for
 * findings ("12...Nf6"). Each hook that records a finding uses vc_gc_add.
 * Hooks may read and change the record (c->rec) and the game (c->game);
 * their own per-game state is c->rules_state (state_size bytes, zeroed
 * when the record's variant is known, before start), which the record
 * carries (vc_gc_game.rules_state) for the report hooks below. The
 * checking hooks (start .. finish) are all required; the report hooks
 * (tags .. text) may be NULL. A new game-level variant adds its table to
 * lib/gamerules.c: the checker and the report writers do not change. */
struct vc_game_rules {
	const char *name;
	unsigned variant_flag;  /* VC_VF_* flag of the variants it serves */
	size_t state_size;
	/* Set-up (tags read, start position set): false after recording a
	 * finding when the game cannot be checked. */
	bool (*start)(struct vc_checker *c);
	/* Is this movetext token the variant's own (not a move)? */
	bool (*is_token)(const char *text, size_t len);
	/* Before a main-line token is read as a move: handles the variant's
	 * own token or refuses a move; returns an enum vc_action, or
	 * VC_GR_MOVE to go on reading it as a move. */
	int (*before_move)(struct vc_checker *c, const struct vc_move_token *mv, int ply,
	                   const char *label);
	/* The variant's own token inside a variation (at `ply` of that line):
	 * records its finding, returns an enum vc_action. */
	int (*in_variation)(struct vc_checker *c, const struct vc_move_token *mv, int ply,
	                    const char *label);
	/* The variant's own token in a game of another variant: records its
	 * finding, returns an enum vc_action. */
	int (*foreign)(struct vc_checker *c, const struct vc_move_token *mv, int ply,
	               const char *label);
	/* After a main-line move stands. */
	void (*after_move)(struct vc_checker *c, const struct vc_move_token *mv, const char *label);
	/* The rules end the game with *oc after a move: true when the end is
	 * only pending (the game goes on). */
	bool (*pending)(struct vc_checker *c, const struct vc_outcome *oc);
	/* A clock reading (seconds) for `mover`'s last event. */
	void (*clock)(struct vc_checker *c, int mover, double seconds, const struct vc_loc *loc);
	/* At the end, before the result is checked against the board: true
	 * when the variant decided the record's outcome itself (no
	 * contradiction check). declared: the record's result (the Result
	 * tag's, else the movetext token's). */
	bool (*decides_result)(struct vc_checker *c, enum vc_result declared);
	/* True when PlyCount does not count the line's plies (take-backs). */
	bool (*plycount_exempt)(const struct vc_checker *c);
	/* The record ends; line/col: where findings about the result go. */
	void (*finish)(struct vc_checker *c, uint64_t line, uint64_t col);

	/* What the variant adds to the reports. The record carries the
	 * rules and their state (vc_gc_game.rules, .rules_state: zeroed
	 * when start did not run, e.g. a FEN that cannot be read); the
	 * report writers call these through vc_gc_counts, vc_gc_members and
	 * vc_gc_text and know nothing of the variant. Each may be NULL. */
	/* The tags the rules read (NULL-terminated; Undo Chess:
	 * TakebackTokens): a writer of plain PGN (vchess-replay(1)
	 * --final-pgn) drops them (vc_game_rules_tag_owner). */
	const char *const *tags;
	/* Per-side counts kept by the rules (Undo Chess: the tokens each
	 * side holds) now, in n[VC_WHITE], n[VC_BLACK]; false when they are
	 * unknown (a tag that could not be read). The replay history keeps
	 * them after each event. */
	bool (*counts)(const struct vc_gc_game *g, int n[2]);
	/* The rules' members of a report at `at` (enum vc_gc_at), through
	 * the sink; n: the counts there, NULL when unknown. */
	void (*members)(const struct vc_gc_game *g, enum vc_gc_at at, const int n[2],
	                const struct vc_gc_sink *s);
	/* The rules' text of a text report at `at` into buf (size bytes,
	 * NUL-terminated, "" for none); n as for members; color: who the
	 * text is about (VC_GC_AT_PENDING: the side mated or stalemated). */
	void (*text)(const struct vc_gc_game *g, enum vc_gc_at at, const int n[2], int color, char *buf,
	             size_t size);
};
#define VC_GR_MOVE (-1)

/* The game-level rules of variant v, or NULL (plain variants). */
const struct vc_game_rules *vc_game_rules_for(const struct vc_variant *v);
/* The game-level rules whose own token this is, or NULL. */
const struct vc_game_rules *vc_game_rules_token_owner(const char *text, size_t len);
/* The game-level rules that read tag `name` (vc_game_rules.tags), or
 * NULL: a writer of plain PGN drops such a tag. name not NULL. */
const struct vc_game_rules *vc_game_rules_tag_owner(const char *name);


#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
