/* vchess - games: a variant, a start position and the line of plies that
 * stands, with what repetition and take-backs need.
 *
 * The line keeps every position reached (copy-make), so taking back plies
 * (Undo Chess) is a pop: nothing is recomputed from the start, and removed
 * plies no longer count for repetition (vchess-rules(7) section 4).
 * End of game (vchess-rules(7) sections 2-5): the variant's position hook first
 * (checkmate, stalemate, variant wins, dead positions, move-count rules),
 * then fivefold repetition from the line.
 */
#ifndef VC_GAME_H
#define VC_GAME_H

#include "variant.h"
#include "winnable.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* Default cap on plies per game (a documented limit; exceeding it is the
 * caller's error "limit-plies"). */
#define VC_GAME_MAX_PLIES 20000

/* How dead positions (FIDE 5.2.2, vchess-rules(7) section 2) are found
 * under VC_RULES_FIDE. Zero is the default. */
enum vc_dead_method {
	VC_DEAD_FULL = 0,     /* material, then the layered unwinnability test
	                         of vc_game_dead (termination dead-position) */
	VC_DEAD_MATERIAL = 1  /* material alone (insufficient-material) */
};

/* Full-search nodes vc_game_dead may spend on one position, and on one
 * game (from its reset) in all: past them a position the quick test
 * cannot clear goes on as live (sound, less complete). */
#define VC_DEAD_PLY_BUDGET 20000u
#define VC_DEAD_GAME_BUDGET 400000u

/* Claimable draws (bit set) available in the current position. */
#define VC_CLAIM_THREEFOLD (1u << 0)
#define VC_CLAIM_FIFTY     (1u << 1)

struct vc_game {
	const struct vc_variant *variant;
	enum vc_ruleset rules;
	struct vc_position *line; /* line[0] = start, line[i] after ply i */
	vc_move *moves;           /* moves[i] = ply i+1 */
	uint64_t *keys;           /* keys[i] = line[i].key, packed for the
	                             repetition count */
	int nplies;               /* plies that stand in the line */
	int cap;                  /* allocated entries of line/moves */
	int max_plies;            /* limit, VC_GAME_MAX_PLIES by default */
	/* legal moves of the current position, worked out lazily: nlegal is
	 * -1 while unknown (after a push or pop); vc_game_nlegal() makes it 0
	 * exactly when there is none (mate, stalemate) or else a positive lower
	 * bound; it is their number only when legal_ok, i.e. after
	 * vc_game_legal(). Most plies of a game record need neither: the next
	 * move being legal already proves that a move existed. */
	vc_move legal[VC_MAX_MOVES];
	int nlegal;
	bool legal_ok;
	/* a filter of the keys the line has held since the reset (a set bit
	 * may be a key taken back, or another key's), and whether the current
	 * position's bit was set before it came: when not, it occurs once and
	 * the repetition count needs no scan */
	uint64_t seen[64];
	bool seen_before;
	bool plain_san; /* the variant reads SAN and moves as chess and the
	                   start leaves the side not to move out of check:
	                   the shortcut of vc_game_play_san applies */
	bool unchecked; /* the side to move of the current position is known
	                   not to be in check (the SAN shortcut found it so;
	                   cleared by a push, pop or reset): its pin test is
	                   cheaper. In what was padding: the struct's size
	                   and every other field's offset are unchanged */
	/* dead positions: the method (set by the caller after init, default
	 * VC_DEAD_FULL), the unwinnability workspace (made on first need,
	 * freed by vc_game_release) and the full-search nodes spent since
	 * the last reset */
	enum vc_dead_method dead;
	struct vc_winnable_ws *ws;
	uint64_t dead_nodes;
	uint64_t dead_key;  /* the last position vc_game_dead decided beyond
	                       its pre-filter (key), and its answer: the
	                       same position is never searched twice */
	int8_t dead_answer; /* -1 none, 0 live, 1 dead */
	uint64_t dead_sig;  /* pawns, material, castling rights and en-passant
	                       square of the last full search, and the sides
	                       (bit 1 << colour) it found able to mate: not
	                       searched again while they stay; bit 4 << colour:
	                       proven unable to mate since the reset */
	unsigned dead_live;
	vc_bb pf_pawns, pf_wp; /* the pawns vc_game_dead_clear last judged
	                          (none: every bit of pf_pawns set) */
	bool pf_open;          /* and its pawn part: vc_dead_pawns_open */
};

/* Whether the side to move has a legal move: 0 when it has none, else a
 * positive lower bound of their number (their number once vc_game_legal()
 * ran). Computed on first use after a push/pop/reset and kept (a cache:
 * the game's line does not change). */
int vc_game_nlegal(const struct vc_game *g);

/* Initialise an empty game of variant `variant_id` at its start position.
 * Returns 0, -1 on allocation failure, -2 when `variant_id` names no
 * variant (vc_variant_get NULL). Release with vc_game_release (also after
 * a failure). */
int vc_game_init(struct vc_game *g, int variant_id, enum vc_ruleset rules);
/* Free the line (g may be reused after vc_game_init). */
void vc_game_release(struct vc_game *g);
/* Restart from position `start` (its variant wins over the one given at
 * init, e.g. standard FEN read as Chess960). Returns 0, or -2 when
 * start->variant names no variant (the game is then unchanged). */
int vc_game_reset(struct vc_game *g, const struct vc_position *start);

/* The current position (valid until the next push/pop/reset). */
static inline const struct vc_position *vc_game_pos(const struct vc_game *g)
{
	return &g->line[g->nplies];
}

/* The legal moves of the current position (g->nlegal of them), generated
 * on first use after a move and kept until the next push/pop/reset. */
const vc_move *vc_game_legal(const struct vc_game *g);

/* Play legal move m (from vc_game_legal). Returns 0, -1 on allocation failure,
 * -2 when max_plies is reached. The legal moves of the new position are
 * worked out only when asked for (vc_game_nlegal, vc_game_legal). */
int vc_game_push(struct vc_game *g, vc_move m);
/* The main line's usual case in one step: when `text` (len bytes) is one of
 * the plain SAN forms vc_play_san_chess reads (Nf3, Nxf3, e4, exd5, with
 * '+'/'#') and names one legal move in a chess variant (standard, Chess960,
 * Undo), plays it as vc_game_push would, sets *move and *warnings (the
 * capture mark and the check suffix, VC_SANW_* of san.h) and returns 1.
 * Returns 0 with the game unchanged otherwise (other forms and variants,
 * errors, the ply limit, memory): vc_game_parse_move, vc_game_push and
 * vc_san_check_suffix then give the answer, the same as here where this
 * answers. vchess-rules(7) section 2. */
/* (A start position whose side not to move is in check, which no FEN read
 * gives but vc_game_reset takes, leaves every move to the general path.) */
int vc_game_play_san(struct vc_game *g, const char *text, size_t len, vc_move *move,
                     unsigned *warnings);

/* Take back the last ply (no-op at the start). */
void vc_game_pop(struct vc_game *g);

/* How often the current position has occurred in the line (>= 1), same
 * placement, side to move, castling rights and legal en-passant square. */
int vc_game_repetitions(const struct vc_game *g);

/* The outcome by the rules of the current position with its history:
 * vc_variant_outcome (the variant's hook, then the shared rules), then
 * fivefold repetition, in every variant. */
struct vc_outcome vc_game_outcome(const struct vc_game *g);

/* The outcome of vc_game_outcome() as it is when the side to move has at
 * least one legal move: every rule but the "no legal move" ones
 * (checkmate, stalemate, a variant's stalemate win, Backwards' no legal
 * move), without generating any move. A caller that will see the next move
 * of the record, or will ask vc_game_outcome() at the end, can take this
 * one in the meantime: when it says the game goes on, the real outcome is
 * either the same or a no-legal-move ending, which the next move being
 * legal rules out. When it says the game ends, the real outcome may still
 * differ (checkmate wins over the 75-move rule, FIDE 9.6.2): ask
 * vc_game_outcome() then. */
struct vc_outcome vc_game_outcome_if_movable(const struct vc_game *g);

/* The per-ply pre-filter of vc_game_dead, a few instructions on
 * bitboards: true clears pos (vc_game_dead is false there, in a position
 * a ply led to) when each side has a
 * pawn, rook or queen (no dead position by material), neither side is
 * its king and pawns that cannot step forward, and the pawns are not
 * frozen: a side has no pawn, or a pawn has no pawn ahead on its file, or
 * the squares pawns can still step to (up to the first pawn ahead) attack
 * an enemy piece, pawn or such square (a capture of or by a pawn can
 * come). Each is a reason the quick test's frozen-pawn analysis fails
 * too, none a proof of a helpmate (the full search proves some such
 * positions dead: kings walled in by pieces the pawn facts ignore). False
 * says nothing. pos not NULL. The pawn part alone is
 * vc_dead_pawns_open. */
static inline bool vc_dead_pawns_open(vc_bb wp, vc_bb bp, vc_bb w, vc_bb b)
{
	const vc_bb pawns = wp | bp;
	const vc_bb fa = 0x0101010101010101ull, fh = fa << 7;
	if (!wp || !bp)
		return true;
	/* a file with pawns of one side only: the front one's lane meets no
	 * pawn (what the fill below finds, in fewer steps) */
	vc_bb wf = wp | (wp >> 32), bf = bp | (bp >> 32);
	wf |= wf >> 16;
	bf |= bf >> 16;
	wf |= wf >> 8;
	bf |= bf >> 8;
	if ((wf ^ bf) & 0xFF)
		return true;
	/* lanes: an occluded fill; a lane that meets no pawn reaches the
	 * last rank */
	vc_bb wl = wp, bl = bp, we = ~pawns, be = ~pawns;
	wl |= we & (wl << 8);
	bl |= be & (bl >> 8);
	we &= we << 8;
	be &= be >> 8;
	wl |= we & (wl << 16);
	bl |= be & (bl >> 16);
	we &= we << 16;
	be &= be >> 16;
	wl |= we & (wl << 32);
	bl |= be & (bl >> 32);
	if ((wl & 0xFF00000000000000ull) | (bl & 0xFFull))
		return true;
	const vc_bb wla = ((wl << 7) & ~fh) | ((wl << 9) & ~fa);
	const vc_bb bla = ((bl >> 9) & ~fh) | ((bl >> 7) & ~fa);
	return ((wla & (b | bl)) | (bla & (w | wl))) != 0;
}

/* The material and stuck-side part of vc_dead_prefilter_clear: false
 * when a side lacks a pawn, rook and queen, or is its king and pawns that
 * cannot step forward. */
static inline bool vc_dead_sides_open(const struct vc_position *p)
{
	const vc_bb heavy = p->by_type[VC_PAWN] | p->by_type[VC_ROOK] | p->by_type[VC_QUEEN];
	const vc_bb w = p->by_color[VC_WHITE], b = p->by_color[VC_BLACK];
	if (!(w & heavy) || !(b & heavy))
		return false;
	const vc_bb men = p->by_type[VC_PAWN] | p->by_type[VC_KING];
	if ((w & ~men) && (b & ~men))
		return true; /* the usual case: a piece each */
	const vc_bb wp = p->by_type[VC_PAWN] & w, bp = p->by_type[VC_PAWN] & b;
	const vc_bb empty = ~(w | b);
	return ((w & ~men) || ((wp << 8) & empty)) && ((b & ~men) || ((bp >> 8) & empty));
}

static inline bool vc_dead_prefilter_clear(const struct vc_position *p)
{
	const vc_bb w = p->by_color[VC_WHITE], b = p->by_color[VC_BLACK];
	return vc_dead_sides_open(p) &&
	       vc_dead_pawns_open(p->by_type[VC_PAWN] & w, p->by_type[VC_PAWN] & b, w, b);
}

/* Is the current position dead (FIDE 5.2.2: neither side can ever
 * checkmate)? The per-ply method of vc_game_outcome under VC_RULES_FIDE
 * and VC_DEAD_FULL (vchess-validate(1), DEAD POSITIONS), in layers.
 * The first position of the game (no ply led to it: a set-up position,
 * an EPD line; again after vc_game_pop back to it) gets the whole
 * decision: a start position (every pawn on its second rank, each first
 * rank one of Chess960's 960 starts, the standard one included, White's
 * and Black's alike or not) is live; any other is dead exactly when vc_winnable, within
 * VC_DEAD_PLY_BUDGET nodes, answers unwinnable for both winners (the
 * quick test's static proofs first, then the search for each side they
 * leave open). A position a ply led to gets the layers that cost a few
 * instructions a ply on real games:
 *   1. vc_dead_prefilter_clear: most positions end here, live (its facts
 *      are no proof of a helpmate: a constructed dead position with a
 *      pawn that seems free, its king walled in, passes it);
 *   2. the quick test (vc_winnable_quick) for both sides, with the
 *      game's workspace (its few-node search) only where a side is its
 *      king and pawns or four men at most are left: both unwinnable,
 *      dead;
 *   3. the full search (vc_winnable) only where the quick test proved one
 *      side unable to mate and the other has no rook or queen and no pawn
 *      that can step forward or capture.
 * Full searches spend at most VC_DEAD_PLY_BUDGET nodes a position and
 * VC_DEAD_GAME_BUDGET for the game; a side found able to mate, or left
 * undetermined, is not searched again while the pawns, the material, the
 * castling rights and the en-passant square stay; a side proven unable to
 * mate stays so for the rest of the line (every later position is
 * reached from that one).
 * Sound: never true while a helpmate exists for either side. Complete as
 * far as those layers go: a dead position they leave open is found at a
 * later ply, or not at all. The answer of a position is kept (by key), so
 * asking again costs nothing and validate, adjudicate and replay, which
 * ask about every ply in order, agree. Variants without a royal king or
 * with retro moves: false. May allocate the game's workspace (memory
 * short: the quick test's static proofs alone). g not NULL. */
bool vc_game_dead(const struct vc_game *g);

/* vc_dead_prefilter_clear of the current position, the pawn part kept
 * while the pawns do not change (most plies move a piece); at the first
 * position of the game only a start position is cleared (vc_game_dead). */
bool vc_game_dead_clear_slow(const struct vc_game *g);
static inline bool vc_game_dead_clear(const struct vc_game *g)
{
	const struct vc_position *p = vc_game_pos(g);
	if (!vc_dead_sides_open(p))
		return false;
	const vc_bb pawns = p->by_type[VC_PAWN];
	if (pawns == g->pf_pawns && (pawns & p->by_color[VC_WHITE]) == g->pf_wp)
		return g->pf_open;
	return vc_game_dead_clear_slow(g);
}

/* True when no rule of vc_game_outcome_if_movable() can end the game in
 * the current position, seen cheaply: a variant with the generic outcome
 * (the chess variants), no dead position (with VC_DEAD_FULL under
 * VC_RULES_FIDE: vc_dead_prefilter_clear; else a pawn, rook or queen on
 * the board: none by material), and a halfmove clock under 16 (neither the
 * move-count rules nor fivefold repetition, which needs four earlier
 * occurrences at least four plies apart, each side having moved a piece
 * away and back), or under 100 in a position whose key the line has not
 * held before (g->seen_before false: it occurs once). False says
 * nothing: ask the full function. */
static inline bool vc_game_outcome_quiet(const struct vc_game *g)
{
	const struct vc_position *p = vc_game_pos(g);
	/* fivefold needs a key seen before (g->seen_before, a filter: false
	 * is exact), the move-count rules a clock of 100 (lichess) or 150 */
	if (g->variant->outcome || (p->halfmove >= 16 && (g->seen_before || p->halfmove >= 100)))
		return false;
	if (g->dead != VC_DEAD_FULL || g->rules != VC_RULES_FIDE)
		return (p->by_type[VC_PAWN] | p->by_type[VC_ROOK] | p->by_type[VC_QUEEN]) != 0;
	return vc_game_dead_clear(g);
}

/* Draws a player could claim now (VC_CLAIM_* bits): threefold repetition
 * (the current position occurred three times), fifty-move rule (halfmove
 * clock >= 100). */
unsigned vc_game_claims(const struct vc_game *g);

/* Draws the side to move could claim by declaring its next move, as FIDE
 * 9.2.1.1 and 9.3.1 allow (VC_CLAIM_* bits): threefold repetition when a
 * legal move would make its position occur for the third time in the line;
 * fifty-move rule when a legal move would bring the halfmove clock to 100
 * and the rule set does not end the game there by itself (lichess rules,
 * antichess). The first such move in generation order goes to
 * *threefold_move / *fifty_move (each may be NULL; VC_MOVE_NONE when its
 * bit is clear). Claims already available on the board are
 * vc_game_claims(). */
unsigned vc_game_claims_by_move(const struct vc_game *g, vc_move *threefold_move,
                                vc_move *fifty_move);

/* Parse a move text (SAN, UCI, or the variant's own notation) against the
 * current position. Returns a vc_san_status (san.h) value, or for variants
 * with their own notation the hook's status mapped to it; *move and
 * *warnings (VC_SANW_* bits, or the variant's) are set on success;
 * *suffix gets the written check suffix. */
int vc_game_parse_move(const struct vc_game *g, const char *text, size_t len,
                       vc_move *move, unsigned *warnings, int *suffix);

/* The same for any position: `legal`/`nlegal` are its legal moves. The
 * variant's own notation (parse_move hook) is mapped onto the SAN statuses:
 * malformed -> VC_SAN_SYNTAX, impossible -> VC_SAN_IMPOSSIBLE, illegal ->
 * VC_SAN_ILLEGAL; its false-check warning -> VC_SANW_CHECK_SUFFIX.
 * VC_SAN_UNKNOWN_VARIANT (*move VC_MOVE_NONE, *warnings and *suffix 0)
 * when pos's variant id names no variant. */
int vc_parse_move_at(const struct vc_position *pos, const vc_move *legal, int nlegal,
                     const char *text, size_t len, vc_move *move,
                     unsigned *warnings, int *suffix);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
