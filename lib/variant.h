/* vchess - the variant interface, legal move generation, make move, perft,
 * and position outcomes.
 *
 * Adding a variant (checklist):
 *   1. add its id to enum vc_variant_id (types.h);
 *   2. write lib/variant_<name>.c with one `const struct vc_variant`:
 *      name, aliases, start FEN, flags and hooks (NULL hook = generic);
 *   3. list it in the registry table in lib/variant.c;
 *   4. FEN validation specifics go in the validate hook;
 *   5. tests: perft suite in data/perft/, rules tests in tests/, golden
 *      games in data/games/<name>/; man page section.
 * Generic code never tests for a variant id except through these hooks and
 * flags.
 */
#ifndef VC_VARIANT_H
#define VC_VARIANT_H

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
	VC_TERM_N
};

/* Rule sets (RULES.md section 6). */
enum vc_ruleset { VC_RULES_FIDE = 0, VC_RULES_LICHESS = 1 };

struct vc_outcome {
	enum vc_result result;
	enum vc_termination termination;
};

/* Variant flags */
#define VC_VF_CASTLING     (1u << 0) /* castling exists */
#define VC_VF_CHESS960     (1u << 1) /* 960 castling notation (king takes rook in UCI) */
#define VC_VF_ROYAL_KING   (1u << 2) /* check exists, exactly one king per side */
#define VC_VF_RETRO        (1u << 3) /* moves are retro moves (own move text) */
#define VC_VF_TOKENS       (1u << 4) /* Undo Chess take-back tokens */

struct vc_variant {
	int id;                      /* enum vc_variant_id */
	const char *name;            /* vchess name: "standard", "chess960", ... */
	const char *const *aliases;  /* NULL-terminated PGN Variant tag values */
	const char *start_fen;
	unsigned flags;              /* VC_VF_* */
	const char *summary;         /* one line for `vchess variants` */

	/* Legal moves of pos into out[] (room for VC_MAX_MOVES); returns count. */
	int (*gen_legal)(const struct vc_position *pos, vc_move *out);
	/* Make for perft only: may leave pos->key and a dead en-passant
	 * square stale (perft reads neither). NULL = make. */
	void (*make_fast)(struct vc_position *pos, vc_move m);
	/* Perft's make before its last ply: the child of src after legal move
	 * m into dst with only what count_legal reads set. NULL = make_fast. */
	void (*make_leaf)(const struct vc_position *src, struct vc_position *dst, vc_move m);
	/* Number of legal moves, without listing them (perft's last ply).
	 * NULL = count what gen_legal lists. */
	int (*count_legal)(const struct vc_position *pos);
	/* Does the side to move have a legal move? (stops at the first one
	 * found). NULL = count_legal or gen_legal. */
	int (*has_legal)(const struct vc_position *pos);
	/* Apply a legal move (copy-make: caller copies first if needed). */
	void (*make)(struct vc_position *pos, vc_move m);
	/* Outcome of the position alone (no history): mate, stalemate, variant
	 * wins, dead positions, move-count rules. `nlegal` is the number of legal
	 * moves. NULL = generic (vc_generic_outcome). */
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
};

/* Registry. vc_variant_get(id) never returns NULL for a valid id. */
const struct vc_variant *vc_variant_get(int id);
/* Find by vchess name or PGN tag alias (case-insensitive, trimmed).
 * Returns NULL if unknown. *unsupported (may be NULL) is set true when the
 * name is a known variant vchess does not implement (Crazyhouse, Suicide...)
 * -- then NULL is returned too. */
const struct vc_variant *vc_variant_find(const char *name, bool *unsupported);
/* Number of registered variants, for listing: vc_variant_get(0..n-1). */
int vc_variant_count(void);

/* ---- Generic API: dispatch on pos->variant ------------------------------ */

/* Legal moves of the position; out must hold VC_MAX_MOVES. Returns count. */
int vc_legal_moves(const struct vc_position *pos, vc_move *out);
/* Make a legal move in place. The move must come from vc_legal_moves (or
 * equal one); anything else is undefined. */
void vc_make_move(struct vc_position *pos, vc_move m);
/* Is m legal in pos? (generates and compares) */
bool vc_is_legal(const struct vc_position *pos, vc_move m);

/* Perft: number of leaf nodes at `depth` (bulk counting at the last ply). */
uint64_t vc_perft(const struct vc_position *pos, int depth);

/* Outcome of the position alone (no repetition history) under a rule set. */
struct vc_outcome vc_position_outcome(const struct vc_position *pos,
                                      enum vc_ruleset rules);

/* Standard/Chess960 implementations, usable by other variants' hooks. */
int vc_gen_legal_chess(const struct vc_position *pos, vc_move *out);
int vc_count_legal_chess(const struct vc_position *pos);
int vc_has_legal_chess(const struct vc_position *pos);
void vc_make_chess(struct vc_position *pos, vc_move m);
void vc_make_chess_fast(struct vc_position *pos, vc_move m);
void vc_make_chess_leaf(const struct vc_position *src, struct vc_position *dst, vc_move m);
struct vc_outcome vc_generic_outcome(const struct vc_position *pos, int nlegal,
                                     enum vc_ruleset rules);
/* Insufficient material by RULES.md section 2 (K v K, K+N v K, bishops all
 * on one colour). */
bool vc_insufficient_material(const struct vc_position *pos);
/* Can `color` never checkmate by material (python-chess definition, used
 * for time forfeits, RULES.md section 2)? */
bool vc_insufficient_material_for(const struct vc_position *pos, int color);

/* Time forfeit (RULES.md sections 2, 3): true when the game is drawn
 * although `flagged` ran out of time, false when `flagged` loses. The
 * variant's timeout_draw hook decides; without one, variants with a royal
 * king (VC_VF_ROYAL_KING) use the chess rule (the opponent cannot mate by
 * material, vc_insufficient_material_for) and the others never draw. */
bool vc_timeout_draw(const struct vc_position *pos, int flagged);

const char *vc_result_string(enum vc_result r);  /* "1-0", "*", ... */
const char *vc_termination_word(enum vc_termination t); /* "checkmate" ... */

/* UCI text of a move (buf >= 8). Castling: king-takes-rook when the
 * position is Chess960-like (VC_VF_CHESS960), else e1g1. */
char *vc_move_to_uci(const struct vc_position *pos, vc_move m, char *buf);
/* Parse UCI against the legal moves; returns the legal move or
 * VC_MOVE_NONE. Accepts e1g1 for standard castling and king-takes-rook. */
vc_move vc_move_from_uci(const struct vc_position *pos, const char *text,
                         size_t len);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
