/* vchess - the variant interface, legal move generation, make move, perft,
 * and position outcomes.
 *
 * Adding a variant (checklist):
 *   1. add its id to enum vc_variant_id (types.h), before VC_NVARIANTS;
 *   2. write lib/variant_<name>.c with one `const struct vc_variant`:
 *      name, aliases, start FEN, flags (VC_VF_*: what generic code asks
 *      instead of an id) and rules hooks: gen_legal and make (required),
 *      outcome (its own end-of-game rules only: the shared ones of
 *      vc_generic_outcome and fivefold repetition follow it), validate,
 *      parse_move/write_move, timeout_draw (NULL = generic); optionally
 *      its relations (castling960, pgn_as) and a speed table (struct
 *      vc_variant_speed, lib/variant_internal.h);
 *   3. declare it extern and list it in the registry table vc_variants_[]
 *      in lib/variant.c (vc_variant_get, vc_variant_find, vc_startpos and
 *      `vchess variants` then know it);
 *   4. FEN validation specifics go in the validate hook;
 *   5. tests: perft suite in data/perft/, rules tests in tests/, golden
 *      games in data/games/<name>/; man page section. The contract tests
 *      of tests/test_variant_rules.c run on every registered variant.
 * Nothing else changes: generic code (lib/, formats/, cmd/) never tests for
 * a variant id, only these hooks and flags.
 *
 * A variant whose rules reach beyond the position (a game-level variant,
 * like Undo Chess's take-back tokens) also:
 *   6. gets a VC_VF_* flag of its own (Undo Chess: VC_VF_TOKENS) in its
 *      `struct vc_variant` flags;
 *   7. writes lib/<name>.c with one `const struct vc_game_rules`
 *      (checker.h): variant_flag, its per-game state (state_size: the
 *      record carries it as vc_gc_game.rules_state), the checking hooks
 *      (start, is_token, before_move, in_variation, foreign, after_move,
 *      pending, clock, decides_result, plycount_exempt, finish: all
 *      required) and the report hooks (tags, counts, members, text: each
 *      may be NULL), and lists it in all_rules[] of lib/gamerules.c;
 *   8. adds its finding codes to finding.h/finding.c (word, severity,
 *      text) and the report schema, and its man page section.
 * The checker (lib/checker.c), the replay history (lib/history.c), the
 * report writers (formats/report.c, formats/report_replay.c) and the
 * final PGN writer (formats/finalpgn.c) reach it only through the table
 * (vc_game_rules_for, vc_game_rules_token_owner, vc_game_rules_tag_owner,
 * vc_gc_counts, vc_gc_members, vc_gc_text): they do not change.
 */
#ifndef VC_VARIANT_H
#define VC_VARIANT_H

#include "finding.h"
#include "position.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* Results, as in PGN. */
enum vc_result {
	VC_RES_NONE = 0, /* "*": not decided */
	VC_RES_WHITE,    /* 1-0 */
	VC_RES_BLACK,    /* 0-1 */
	VC_RES_DRAW      /* 1/2-1/2 */
};

/* Why a game ended (the deciding rule); words in vc_termination_word(). */
enum vc_termination {
	VC_TERM_NONE = 0,
	VC_TERM_CHECKMATE,
	VC_TERM_STALEMATE,
	VC_TERM_SEVENTYFIVE_MOVES,
	VC_TERM_FIVEFOLD,
	VC_TERM_INSUFFICIENT_MATERIAL,
	VC_TERM_DEAD_DRAW,
	VC_TERM_FIFTY_MOVES,
	VC_TERM_VARIANT_WIN,
	VC_TERM_GOAL_REACHED,
	VC_TERM_NO_LEGAL_MOVE,
	VC_TERM_TIME_FORFEIT,
	VC_TERM_TIME_FORFEIT_INSUFFICIENT,
	VC_TERM_AWAITING_DECISION,
	VC_TERM_DECLARED,
	VC_TERM_DEAD_POSITION,          /* FIDE 5.2.2 beyond material (a search) */
	VC_TERM_TIME_FORFEIT_UNWINNABLE, /* FIDE 6.9: the opponent could never
	                                    mate (a search, beyond material) */
	VC_TERM_N
};

/* Rule sets (vchess-rules(7) section 6). */
enum vc_ruleset { VC_RULES_FIDE = 0, VC_RULES_LICHESS = 1 };

struct vc_outcome {
	enum vc_result result;
	enum vc_termination termination;
};

/* Variant flags: what generic code asks of a variant instead of its id. */
#define VC_VF_CASTLING     (1u << 0) /* castling exists (else no rights are
                                        kept: FEN warning castling-ignored) */
#define VC_VF_CHESS960     (1u << 1) /* 960 castling notation (king takes rook
                                        in UCI, file letters in FEN) */
#define VC_VF_ROYAL_KING   (1u << 2) /* the chess rules of the king: check
                                        exists, exactly one king per side,
                                        the side not to move not in check,
                                        checkmate, insufficient material,
                                        the chess time-forfeit draw */
#define VC_VF_RETRO        (1u << 3) /* moves are retro moves (own move text,
                                        no en passant) */
#define VC_VF_TOKENS       (1u << 4) /* Undo Chess take-back tokens (the
                                        game-level hook of lib/undo.c) */
#define VC_VF_PGN_DEFAULT  (1u << 5) /* the variant of a PGN game without a
                                        Variant tag (standard chess): it is
                                        written without one */
#define VC_VF_START960     (1u << 6) /* games start from one of the 960
                                        Chess960 arrays: a record of one
                                        always carries its FEN */

struct vc_variant_speed; /* speed hooks, library-internal (variant_internal.h) */

/* A variant: its names, start position, flags and rules hooks. The rules
 * hooks are the whole of a variant's rules as far as the library is
 * concerned; perft's speed hooks are not part of this API (.speed). */
struct vc_variant {
	int id;                      /* enum vc_variant_id */
	const char *name;            /* vchess name: "standard", "chess960", ... */
	const char *const *aliases;  /* NULL-terminated PGN Variant tag values */
	const char *start_fen;
	unsigned flags;              /* VC_VF_* */
	const char *summary;         /* one line for `vchess variants` */

	/* Legal moves of pos into out[] (room for VC_MAX_MOVES); returns count.
	 * Required. */
	int (*gen_legal)(const struct vc_position *pos, vc_move *out);
	/* Apply a legal move in place (copy-make: the caller copies first if
	 * it needs the position before). Keeps every field exact: key, clocks,
	 * castling rights, and an en-passant square only when a capture on it
	 * is legal. Required. */
	void (*make)(struct vc_position *pos, vc_move m);
	/* The variant's own end-of-game rules for the position alone (no
	 * history), asked first: variant wins, dead positions, its own move
	 * count rules. `nlegal` is 0 when the side to move has no legal move,
	 * else a positive lower bound of their number. Returns VC_TERM_NONE to
	 * leave the position to the shared rules (vc_generic_outcome: no legal
	 * move, insufficient material where check exists, 75 moves, lichess's
	 * 50 moves), which a hook never repeats. NULL = the shared rules only. */
	struct vc_outcome (*outcome)(const struct vc_position *pos, int nlegal,
	                             enum vc_ruleset rules);
	/* Extra FEN validation after the board is read; returns VC_FEN_OK or an
	 * error status, may set warning bits. NULL = standard checks. */
	enum vc_fen_status (*validate)(struct vc_position *pos, unsigned *warnings);
	/* Move text if not SAN (Backwards): parse and write. NULL = SAN. */
	int (*parse_move)(const struct vc_position *pos, const char *text,
	                  size_t len, vc_move *out, unsigned *warnings);
	char *(*write_move)(const struct vc_position *pos, vc_move m, char *buf);
	/* Time forfeit: is it a draw when `flagged` (VC_WHITE/VC_BLACK) runs
	 * out of time in pos, because its opponent could never win? NULL =
	 * generic (vc_timeout_draw): the chess rule for variants with a royal
	 * king, never for the others. */
	bool (*timeout_draw)(const struct vc_position *pos, int flagged);

	/* Relations to other variants (NULL = none). */
	/* The variant a FEN of this one is read as when its castling rights
	 * need Chess960 castling (standard: chess960, vchess-rules(7) section 1,
	 * warning VC_FENW_CHESS960). */
	const struct vc_variant *castling960;
	/* The variant a game of this one is written as in PGN, when it is not
	 * itself (Undo Chess: Chess960, its take-backs go into comments). */
	const struct vc_variant *pgn_as;

	/* Speed hooks for perft and the game layer's has-a-move test, opaque
	 * here (lib/variant_internal.h); NULL = none. */
	const struct vc_variant_speed *speed;
};

/* Registry. The variant of id `id` (enum vc_variant_id), or NULL when `id`
 * names no variant of this build (an error: never a fallback to standard
 * chess). */
const struct vc_variant *vc_variant_get(int id);
/* The variant of a game or position for which none is named (no PGN
 * Variant tag, no --variant): the one flagged VC_VF_PGN_DEFAULT, standard
 * chess (vchess-rules(7) section 1). Never NULL. */
const struct vc_variant *vc_variant_default(void);
/* Find by vchess name or PGN tag alias (case-insensitive, trimmed).
 * Returns NULL if unknown. *unsupported (may be NULL) is set true when the
 * name is a known variant vchess does not implement (Crazyhouse, Suicide...)
 * -- then NULL is returned too. */
const struct vc_variant *vc_variant_find(const char *name, bool *unsupported);
/* Number of variant ids, for listing: vc_variant_get(0..n-1), skipping
 * the NULL ones. */
int vc_variant_count(void);

/* ---- Generic API: dispatch on pos->variant ------------------------------
 * A position the library made (vc_fen_parse, vc_startpos,
 * vc_chess960_startpos, or a make or play from one of them) has a
 * registered variant id. A position built or edited by hand may not: the
 * functions below that take a position check its id (one compare) and
 * answer as their contracts say, except the unchecked fast ones
 * (vc_make_move, vc_make_chess, vc_gen_legal_chess, vc_variant_outcome),
 * whose precondition is a position the library made. */

/* Legal moves of the position; out must hold VC_MAX_MOVES. Returns the
 * count, or -1 (nothing written) when pos's variant id names no variant. */
int vc_legal_moves(const struct vc_position *pos, vc_move *out);
/* Checked play (vchess-rules(7) section 2): when m is a legal move of pos
 * (one of vc_legal_moves), makes it in place and returns VC_F_OK.
 * Otherwise *pos is unchanged and it returns VC_F_ILLEGAL_MOVE (any other
 * move, VC_MOVE_NONE included), or VC_F_INVALID_ARGUMENT when pos is NULL
 * or its variant id names no variant. Costs a move generation:
 * vc_make_move is the unchecked fast make. */
enum vc_code vc_play(struct vc_position *pos, vc_move m);
/* Unchecked make of a legal move in place: the variant's make hook, no
 * test. Preconditions: pos is a position the library made (its variant id
 * is registered, above) and m comes from vc_legal_moves (or equals one);
 * anything else is undefined (a `make DEBUG=1` build stops on the first
 * broken position invariant). vc_play is the checked one. */
void vc_make_move(struct vc_position *pos, vc_move m);
/* Is m legal in pos? (generates and compares; false when pos's variant id
 * names no variant) */
bool vc_is_legal(const struct vc_position *pos, vc_move m);

/* Deepest perft vc_perft counts (the CLI's limit too). */
#define VC_PERFT_MAX_DEPTH 64
/* What vc_perft returns for an argument outside its contract. */
#define VC_PERFT_ERROR UINT64_MAX
/* Perft: the number of leaf nodes `depth` plies below pos (1 at depth 0;
 * bulk counting at the last ply). Returns VC_PERFT_ERROR when pos is NULL,
 * its variant id names no variant, or depth is outside
 * 0..VC_PERFT_MAX_DEPTH (vchess-perft(1)). */
uint64_t vc_perft(const struct vc_position *pos, int depth);

/* Outcome of the position alone (no repetition history) under a rule set:
 * vc_variant_outcome with the number of legal moves of pos.
 * VC_RES_NONE/VC_TERM_NONE, no rule applied, when pos's variant id names
 * no variant (test it with vc_variant_get to tell that from a game that
 * goes on). */
struct vc_outcome vc_position_outcome(const struct vc_position *pos,
                                      enum vc_ruleset rules);

/* End of game for the position alone, in the one order every variant
 * follows (vchess-rules(7) sections 2-5): the variant's outcome hook
 * first; when it leaves the position undecided (or has none), the shared
 * rules of vc_generic_outcome. `nlegal`: 0 when the side to move has no
 * legal move, else a positive lower bound of their number. Repetition
 * (fivefold) needs the history: the game layer applies it after this
 * (vc_game_outcome). Unchecked (the game layer's per-ply call): v is a
 * registered variant (vc_variant_get, never NULL) and pos a position of
 * it. */
struct vc_outcome vc_variant_outcome(const struct vc_variant *v,
                                     const struct vc_position *pos, int nlegal,
                                     enum vc_ruleset rules);

/* Standard/Chess960 implementations, usable by other variants' hooks:
 * unchecked, with vc_make_move's preconditions (pos a position the library
 * made, of a variant that moves as chess; m one of its legal moves). */
int vc_gen_legal_chess(const struct vc_position *pos, vc_move *out);
void vc_make_chess(struct vc_position *pos, vc_move m);
/* The shared end-of-game rules, after a variant's own (vchess-rules(7)
 * section 2), in this order: no legal move (checkmate when the side to
 * move is in check, else stalemate: a variant whose no-legal-move rule
 * differs decides it in its hook); insufficient material
 * (vc_insufficient_material) in the variants with a royal king; the
 * 75-move rule (halfmove clock >= 150); under VC_RULES_LICHESS the
 * 50-move rule (>= 100). VC_RES_NONE/VC_TERM_NONE when none applies, and
 * when pos's variant id names no variant. */
struct vc_outcome vc_generic_outcome(const struct vc_position *pos, int nlegal,
                                     enum vc_ruleset rules);
/* Insufficient material by vchess-rules(7) section 2 (K v K, K+N v K, bishops all
 * on one colour). */
bool vc_insufficient_material(const struct vc_position *pos);
/* Can `color` never checkmate by material (python-chess definition, used
 * for time forfeits, vchess-rules(7) section 2)? false for a colour other
 * than VC_WHITE/VC_BLACK. */
bool vc_insufficient_material_for(const struct vc_position *pos, int color);

/* Time forfeit (vchess-rules(7) sections 2, 3): true when the game is drawn
 * although `flagged` ran out of time, false when `flagged` loses. The
 * variant's timeout_draw hook decides; without one, variants with a royal
 * king (VC_VF_ROYAL_KING) use the chess rule (the opponent cannot mate by
 * material, vc_insufficient_material_for) and the others never draw.
 * False also when `flagged` is no colour or pos's variant id names no
 * variant. */
bool vc_timeout_draw(const struct vc_position *pos, int flagged);

const char *vc_result_string(enum vc_result r);  /* "1-0", "*", ... */
const char *vc_termination_word(enum vc_termination t); /* "checkmate" ... */

/* UCI text of a move (buf >= 8). Castling: king-takes-rook when the
 * position is Chess960-like (VC_VF_CHESS960), else e1g1. Returns buf; NULL
 * with buf set to "" when pos's variant id names no variant. */
char *vc_move_to_uci(const struct vc_position *pos, vc_move m, char *buf);
/* Notations of vc_move_text. */
enum vc_notation { VC_NOTATION_SAN = 0, VC_NOTATION_UCI = 1 };
/* Room that holds every move text vc_move_text writes, NUL included. */
#define VC_MOVE_TEXT_MAX 64
/* The text of legal move m in pos, NUL-terminated into buf of `size` bytes
 * (size >= 1; truncated when shorter than VC_MOVE_TEXT_MAX): the variant's
 * own move text when it has one (the write_move hook: Backwards Stalemate
 * Chess, vchess-backwards(7)), else SAN (vchess-rules(7) section 1) or UCI
 * as `notation` asks. Returns buf. pos and buf must not be NULL; m must be
 * legal in pos (else the text is unspecified, never out of bounds). When
 * pos's variant id names no variant, buf gets "" and it returns NULL. */
char *vc_move_text(const struct vc_position *pos, vc_move m, enum vc_notation notation,
                   char *buf, size_t size);
/* Parse UCI against the legal moves; returns the legal move or
 * VC_MOVE_NONE (also when pos's variant id names no variant). Accepts e1g1
 * for standard castling and king-takes-rook. */
vc_move vc_move_from_uci(const struct vc_position *pos, const char *text,
                         size_t len);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
