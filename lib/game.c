/* vchess - games: the line, repetition, outcome. See game.h. */
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "san.h"
#include "game_internal.h"

/* pf_pawns of a game whose pre-filter judged nothing: no position has a
 * pawn on every square */
#define PF_NONE (~(vc_bb)0)

static int grow_slow(struct vc_game *g, int need);

static inline int grow(struct vc_game *g, int need)
{
	return need <= g->cap ? 0 : grow_slow(g, need);
}

static int grow_slow(struct vc_game *g, int need)
{
	int cap = g->cap ? g->cap : 64;
	while (cap < need)
		cap *= 2;
	struct vc_position *line = realloc(g->line, (size_t)(cap + 1) * sizeof *line);
	if (!line)
		return -1;
	g->line = line;
	vc_move *moves = realloc(g->moves, (size_t)(cap + 1) * sizeof *moves);
	if (!moves)
		return -1;
	g->moves = moves;
	uint64_t *keys = realloc(g->keys, (size_t)(cap + 1) * sizeof *keys);
	if (!keys)
		return -1;
	g->keys = keys;
	g->cap = cap;
	return 0;
}

/* The current position joins the line: note its key in the filter. */
static inline void note_key(struct vc_game *g)
{
	vc_game_note_key_(g);
}

static void forget_keys(struct vc_game *g)
{
	memset(g->seen, 0, sizeof g->seen);
	note_key(g);
}

static void set_variant(struct vc_game *g, const struct vc_variant *v)
{
	g->variant = v;
	g->plain_san = v->gen_legal == vc_gen_legal_chess && v->make == vc_make_chess &&
	               !v->parse_move;
}

/* After the position changed: nothing is known of its legal moves. */
static void refresh(struct vc_game *g)
{
	g->nlegal = -1;
	g->legal_ok = false;
	g->unchecked = false;
}

int vc_game_nlegal(const struct vc_game *g)
{
	if (g->nlegal < 0) {
		/* a cache: filling it does not change the game */
		struct vc_game *m = (struct vc_game *)g;
		const struct vc_variant *v = g->variant;
		const struct vc_variant_speed *s = v->speed;
		if (s && s->has_legal) {
			m->nlegal = s->has_legal(vc_game_pos(g)) ? 1 : 0; /* a lower bound */
		} else if (s && s->count_legal) {
			m->nlegal = s->count_legal(vc_game_pos(g));
		} else {
			m->nlegal = v->gen_legal(vc_game_pos(g), m->legal);
			m->legal_ok = true;
		}
	}
	return g->nlegal;
}

const vc_move *vc_game_legal(const struct vc_game *g)
{
	if (!g->legal_ok) {
		/* a cache: filling it does not change the game */
		struct vc_game *m = (struct vc_game *)g;
		m->nlegal = m->variant->gen_legal(vc_game_pos(m), m->legal);
		m->legal_ok = true;
	}
	return g->legal;
}

int vc_game_init(struct vc_game *g, int variant_id, enum vc_ruleset rules)
{
	const struct vc_variant *v = vc_variant_get(variant_id);
	memset(g, 0, sizeof *g);
	if (!v)
		return -2; /* no such variant: g stays empty (release is harmless) */
	set_variant(g, v);
	g->rules = rules;
	g->dead_answer = -1;
	g->pf_pawns = PF_NONE; /* nothing judged (vc_game_dead_clear) */
	g->max_plies = VC_GAME_MAX_PLIES;
	if (grow(g, 64)) {
		vc_game_release(g); /* what grow got before it failed */
		return -1;
	}
	vc_startpos(&g->line[0], variant_id);
	g->keys[0] = g->line[0].key;
	forget_keys(g);
	refresh(g);
	return 0;
}

void vc_game_release(struct vc_game *g)
{
	vc_winnable_ws_free(g->ws);
	g->ws = NULL;
	free(g->line);
	free(g->moves);
	free(g->keys);
	g->line = NULL;
	g->moves = NULL;
	g->keys = NULL;
	g->cap = 0;
	g->nplies = 0;
}

int vc_game_reset(struct vc_game *g, const struct vc_position *start)
{
	const struct vc_variant *v = vc_variant_get(start->variant);
	if (!v)
		return -2;
	g->line[0] = *start;
	g->keys[0] = start->key;
	g->nplies = 0;
	g->dead_nodes = 0;
	g->dead_answer = -1;
	g->dead_sig = 0;
	g->dead_live = 0;
	g->pf_pawns = PF_NONE; /* nothing judged */
	set_variant(g, v);
	/* the shortcut's check suffix takes the side not to move out of check
	 * in the position before (a legal position, as a FEN read gives and
	 * every legal move keeps); a start that is not leaves the game's moves
	 * to the general path, which judges the position as it stands */
	if (g->plain_san && vc_in_check(start, !start->side))
		g->plain_san = false;
	forget_keys(g);
	refresh(g);
	return 0;
}

int vc_game_push(struct vc_game *g, vc_move m)
{
	if (g->nplies >= g->max_plies)
		return -2;
	if (grow(g, g->nplies + 1))
		return -1;
	g->line[g->nplies + 1] = g->line[g->nplies];
	g->variant->make(&g->line[g->nplies + 1], m);
	g->moves[g->nplies] = m;
	g->keys[g->nplies + 1] = g->line[g->nplies + 1].key;
	g->nplies++;
	note_key(g);
	refresh(g);
	return 0;
}

int vc_game_play_san(struct vc_game *g, const char *text, size_t len, vc_move *move,
                     unsigned *warnings)
{
	if (!g->plain_san || g->nplies >= g->max_plies || grow(g, g->nplies + 1))
		return 0; /* the general path decides, and reports */
	struct vc_san_play p;
	if (!vc_game_san_step_(g, text, len, &p))
		return 0;
	vc_game_took_san_(g, &p);
	*move = p.move;
	*warnings = p.warnings;
	return 1;
}

void vc_game_pop(struct vc_game *g)
{
	if (g->nplies == 0)
		return;
	g->nplies--;
	g->seen_before = true; /* not known: scan */
	g->dead_live = 0;      /* the line's proofs may not hold before */
	g->dead_sig = 0;
	g->dead_answer = -1;
	if (!g->nplies)
		g->pf_pawns = PF_NONE; /* the first position: judged afresh */
	refresh(g);
}

int vc_game_repetitions(const struct vc_game *g)
{
	const struct vc_position *cur = vc_game_pos(g);
	int count = 1;
	if (!g->seen_before)
		return 1; /* its key is new to the line */
	/* Only positions since the last irreversible ply can repeat; the
	 * halfmove clock counts them (bounded by the line's start). */
	int reach = (int)cur->halfmove;
	const uint64_t key = cur->key;
	for (int i = g->nplies - 2; i >= 0 && g->nplies - i <= reach; i -= 2)
		if (g->keys[i] == key)
			count++;
	return count;
}

static bool dead_layers(struct vc_game *m, const struct vc_position *pos);

/* dead_live: bit 1 << w, w found able to mate (or left undetermined)
 * with the structure of dead_sig (structure_sig); bit 4 << w, w proven
 * unable to mate at a ply of the line since the reset: every later
 * position is reached from that one, so w stays unable (FIDE 5.2.2 reads
 * "any series of legal moves"): kept until a ply is taken back or the
 * game reset. */
#define DEAD_NEVER_BITS 12u

/* The pieces of `side` (its first rank, full) are a Chess960 start's:
 * king, queen, two knights, two bishops on squares of both colours, two
 * rooks with the king between them. */
static bool start_rank(const struct vc_position *p, vc_bb side)
{
	const vc_bb light = 0x55AA55AA55AA55AAull;
	const vc_bb bishops = p->by_type[VC_BISHOP] & side, rooks = p->by_type[VC_ROOK] & side;
	const int k = vc_lsb(p->by_type[VC_KING] & side);
	return vc_popcount(p->by_type[VC_KNIGHT] & side) == 2 && vc_popcount(bishops) == 2 &&
	       (bishops & light) && (bishops & ~light) && vc_popcount(rooks) == 2 &&
	       vc_popcount(p->by_type[VC_QUEEN] & side) == 1 && vc_lsb(rooks) < k &&
	       k < 63 - __builtin_clzll(rooks);
}

/* A start position: every pawn on its second rank, each first rank a
 * Chess960 start's (the standard one among them; White's and Black's may
 * differ, as in "double Chess960"), with or without castling rights and
 * whoever moves. Every one is winnable for both sides: tests/test_dead.c
 * searches them (castling rights only add moves). */
static bool start_shape(const struct vc_position *p)
{
	const vc_bb w = p->by_color[VC_WHITE], b = p->by_color[VC_BLACK];
	return w == 0xFFFFull && b == 0xFFFF000000000000ull &&
	       p->by_type[VC_PAWN] == 0x00FF00000000FF00ull && start_rank(p, w) && start_rank(p, b);
}

bool vc_game_dead_clear_slow(const struct vc_game *g)
{
	/* a cache of the game's: filling it does not change the game */
	struct vc_game *m = (struct vc_game *)g;
	/* the first position of a game: no ply led to it, and the facts of
	 * the pre-filter prove nothing there (game.h): only a start position
	 * is cleared, and nothing is kept (PF_NONE stays) */
	if (!g->nplies)
		return start_shape(vc_game_pos(g));
	return vc_game_pawns_judged_(m);
}

bool vc_game_dead(const struct vc_game *g)
{
	const struct vc_position *pos = vc_game_pos(g);
	const unsigned f = g->variant->flags;
	if (!(f & VC_VF_ROYAL_KING) || (f & VC_VF_RETRO) || vc_game_dead_clear(g))
		return false;
	/* a cache of the game's: making it does not change the game */
	struct vc_game *m = (struct vc_game *)g;
	if (m->dead_answer >= 0 && m->dead_key == pos->key)
		return m->dead_answer == 1;
	bool dead = dead_layers(m, pos);
	m->dead_key = pos->key;
	m->dead_answer = dead;
	return dead;
}

/* The pawns, the material, the castling rights and the en-passant square
 * of pos, as one number: a full search that found a side able to mate (or
 * ran out of budget) is not run again for it while this stays: the
 * positions in between differ by moves of pieces that can be taken back. */
static uint64_t structure_sig(const struct vc_position *p)
{
	const vc_bb pawns = p->by_type[VC_PAWN];
	uint64_t sig = (pawns & p->by_color[VC_WHITE]) * 0x9E3779B97F4A7C15ull ^
	               (pawns & p->by_color[VC_BLACK]) * 0xC2B2AE3D27D4EB4Full ^
	               p->castle * 0x165667B19E3779F9ull;
	sig = sig * 31u + p->ep;
	for (int t = VC_KNIGHT; t <= VC_QUEEN; t++)
		for (int c = 0; c < 2; c++)
			sig = sig * 31u + (uint64_t)vc_popcount(p->by_type[t] & p->by_color[c]);
	return sig;
}

/* Worth the full search in a position a ply led to, for `w`, the side
 * the quick test left open when the other cannot mate: w has no rook or
 * queen and no pawn that can step forward or capture (a side with those
 * mates with help, bar rare entombed pieces). */
static bool suspicious(const struct vc_position *p, int w)
{
	const vc_bb own = p->by_color[w], their = p->by_color[!w];
	if (own & (p->by_type[VC_ROOK] | p->by_type[VC_QUEEN]))
		return false;
	const vc_bb pawns = own & p->by_type[VC_PAWN], empty = ~(own | their);
	const vc_bb fa = 0x0101010101010101ull, fh = fa << 7;
	vc_bb step, take;
	if (w == VC_WHITE) {
		step = pawns << 8;
		take = ((pawns << 7) & ~fh) | ((pawns << 9) & ~fa);
	} else {
		step = pawns >> 8;
		take = ((pawns >> 9) & ~fh) | ((pawns >> 7) & ~fa);
	}
	return !(step & empty) && !(take & their);
}

/* The quick test for w, kept once it proved w unable to mate. */
static enum vc_winnable_answer quick(struct vc_game *m, struct vc_winnable_ws *qws,
                                     const struct vc_position *pos, int w)
{
	if ((m->dead_live >> (w + 2)) & 1u)
		return VC_WINNABLE_NO;
	enum vc_winnable_answer a = vc_winnable_quick(qws, pos, w);
	if (a == VC_WINNABLE_NO)
		m->dead_live |= 4u << w;
	return a;
}

static bool dead_layers(struct vc_game *m, const struct vc_position *pos)
{
	/* dead = unwinnable for both (vchess-validate(1), DEAD POSITIONS).
	 * The first position of the game (no ply led to it: a set-up
	 * position, an EPD line) gets the whole decision: the quick test's
	 * static proofs for both sides, then the full search for each side
	 * they leave open, as vc_winnable decides it for both winners within
	 * VC_DEAD_PLY_BUDGET.
	 * A position a ply led to gets the layers that cost a few
	 * instructions on real games: the quick test, with its few-node
	 * search only where a side is its king and pawns or four men at most
	 * are left (there a forced line ends the game; another one is
	 * followed ply by ply), and the full search only where the quick test
	 * proved one side unable to mate and the other is `suspicious`. */
	const bool whole = m->nplies == 0;
	if (!m->ws && vc_winnable_ws_new(&m->ws) != VC_F_OK)
		m->ws = NULL; /* memory short: as far as the static proofs go */
	const vc_bb men = pos->by_type[VC_PAWN] | pos->by_type[VC_KING];
	struct vc_winnable_ws *qws =
	        !whole && (!(pos->by_color[VC_WHITE] & ~men) || !(pos->by_color[VC_BLACK] & ~men) ||
	                   vc_popcount(pos->by_color[0] | pos->by_color[1]) <= 4)
	                ? m->ws
	                : NULL;
	enum vc_winnable_answer a[2];
	a[0] = quick(m, qws, pos, VC_WHITE);
	if (!whole && a[0] != VC_WINNABLE_NO && (!m->ws || !suspicious(pos, VC_WHITE)))
		return false; /* White stays able to mate as far as the layers go */
	a[1] = quick(m, qws, pos, VC_BLACK);
	if (a[0] == VC_WINNABLE_NO && a[1] == VC_WINNABLE_NO)
		return true;
	if (!m->ws)
		return false;
	if (!whole && (a[0] != VC_WINNABLE_NO && a[1] != VC_WINNABLE_NO))
		return false;
	if (!whole && !suspicious(pos, a[0] == VC_WINNABLE_NO ? VC_BLACK : VC_WHITE))
		return false;
	const uint64_t sig = structure_sig(pos);
	if (sig != m->dead_sig) {
		m->dead_sig = sig;
		m->dead_live &= DEAD_NEVER_BITS;
	}
	/* the side with more men first: the likelier to mate, and one side
	 * able to mate settles the question */
	const int first = vc_popcount(pos->by_color[VC_BLACK]) > vc_popcount(pos->by_color[VC_WHITE]);
	for (int i = 0; i < 2; i++) {
		const int w = i ? !first : first;
		if (a[w] == VC_WINNABLE_NO)
			continue;
		if ((m->dead_live >> w) & 1u || m->dead_nodes >= VC_DEAD_GAME_BUDGET)
			return false;
		uint64_t left = VC_DEAD_GAME_BUDGET - m->dead_nodes;
		struct vc_winnable_result r;
		if (vc_winnable(m->ws, pos, w, left < VC_DEAD_PLY_BUDGET ? left : VC_DEAD_PLY_BUDGET,
		                &r) != VC_F_OK)
			return false;
		m->dead_nodes += r.nodes;
		if (r.answer != VC_WINNABLE_NO) {
			m->dead_live |= 1u << w; /* winnable, or undetermined: not again */
			return false;
		}
		m->dead_live |= 4u << w;
	}
	return true;
}

static struct vc_outcome outcome_with(const struct vc_game *g, int nlegal)
{
	const struct vc_position *pos = vc_game_pos(g);
	struct vc_outcome oc = vc_variant_outcome(g->variant, pos, nlegal, g->rules);
	/* a dead position beyond material (FIDE 5.2.2), after the variant's
	 * rules and the shared ones of the position */
	if (oc.termination == VC_TERM_NONE && nlegal > 0 && g->rules == VC_RULES_FIDE &&
	    g->dead == VC_DEAD_FULL && vc_game_dead(g)) {
		oc.result = VC_RES_DRAW;
		oc.termination = VC_TERM_DEAD_POSITION;
		return oc;
	}
	/* five occurrences need four earlier ones, two plies apart at least,
	 * within the halfmove clock's reach: none below 8 */
	if (oc.termination == VC_TERM_NONE && pos->halfmove >= 8 && vc_game_repetitions(g) >= 5) {
		oc.result = VC_RES_DRAW;
		oc.termination = VC_TERM_FIVEFOLD;
	}
	return oc;
}

struct vc_outcome vc_game_outcome(const struct vc_game *g)
{
	return outcome_with(g, vc_game_nlegal(g));
}

struct vc_outcome vc_game_outcome_if_movable(const struct vc_game *g)
{
	return outcome_with(g, g->nlegal < 0 ? 1 : g->nlegal);
}

unsigned vc_game_claims(const struct vc_game *g)
{
	unsigned c = 0;
	if (vc_game_repetitions(g) >= 3)
		c |= VC_CLAIM_THREEFOLD;
	/* FIDE 9.3: a mate on the move that completes the fifty moves
	 * stands, and stalemate ends the game at once (5.2.1): with no legal
	 * move there is nothing left to claim (python-chess agrees). */
	if (vc_game_pos(g)->halfmove >= 100 && vc_game_nlegal(g) > 0)
		c |= VC_CLAIM_FIFTY;
	return c;
}

unsigned vc_game_claims_by_move(const struct vc_game *g, vc_move *threefold_move,
                                vc_move *fifty_move)
{
	unsigned c = 0;
	vc_move three = VC_MOVE_NONE, fifty = VC_MOVE_NONE;
	int next = g->nplies + 1; /* index the position after the move would have */
	const vc_move *legal = vc_game_legal(g);
	for (int k = 0; k < g->nlegal && c != (VC_CLAIM_THREEFOLD | VC_CLAIM_FIFTY); k++) {
		struct vc_position pos = *vc_game_pos(g);
		g->variant->make(&pos, legal[k]);
		if (!(c & VC_CLAIM_THREEFOLD)) {
			int count = 1;
			for (int i = next - 2; i >= 0 && next - i <= (int)pos.halfmove; i -= 2)
				if (g->keys[i] == pos.key)
					count++;
			if (count >= 3) {
				c |= VC_CLAIM_THREEFOLD;
				three = legal[k];
			}
		}
		if (!(c & VC_CLAIM_FIFTY) && pos.halfmove >= 100 &&
		    vc_position_outcome(&pos, g->rules).termination != VC_TERM_FIFTY_MOVES) {
			c |= VC_CLAIM_FIFTY;
			fifty = legal[k];
		}
	}
	if (threefold_move)
		*threefold_move = three;
	if (fifty_move)
		*fifty_move = fifty;
	return c;
}

/* The SAN part of vc_parse_move_at, for variants without their own notation. */
static int parse_san(const struct vc_position *pos, const vc_move *legal, int nlegal,
                     const char *text, size_t len, vc_move *move, unsigned *warnings,
                     int *suffix)
{
	struct vc_san_info info;
	enum vc_san_status st = vc_san_parse(pos, legal, nlegal, text, len, &info);
	*move = info.move;
	*warnings = info.warnings;
	*suffix = (int)info.suffix;
	return (int)st;
}

int vc_parse_move_at(const struct vc_position *pos, const vc_move *legal, int nlegal,
                     const char *text, size_t len, vc_move *move,
                     unsigned *warnings, int *suffix)
{
	const struct vc_variant *v = vc_variant_checked(pos);
	if (!v) {
		*move = VC_MOVE_NONE;
		*warnings = 0;
		*suffix = 0;
		return VC_SAN_UNKNOWN_VARIANT;
	}
	if (!v->parse_move)
		return parse_san(pos, legal, nlegal, text, len, move, warnings, suffix);
	*warnings = 0;
	*suffix = 0;
	*move = VC_MOVE_NONE;
	unsigned w = 0;
	int st = v->parse_move(pos, text, len, move, &w);
	if (w)
		*warnings = VC_SANW_CHECK_SUFFIX;
	switch (st) {
	case 0: return VC_SAN_OK;
	case -2: return VC_SAN_IMPOSSIBLE;
	case -3: return VC_SAN_ILLEGAL;
	default: return VC_SAN_SYNTAX;
	}
}

int vc_game_parse_move(const struct vc_game *g, const char *text, size_t len,
                       vc_move *move, unsigned *warnings, int *suffix)
{
	/* SAN resolution generates only the moves to the written square; the
	 * game knows its variant (no lookup on every ply) */
	if (!g->variant->parse_move)
		return parse_san(vc_game_pos(g), g->legal_ok ? g->legal : NULL,
		                 g->legal_ok ? g->nlegal : 0, text, len, move, warnings, suffix);
	return vc_parse_move_at(vc_game_pos(g), g->legal_ok ? g->legal : NULL,
	                        g->legal_ok ? g->nlegal : 0, text, len, move,
	                        warnings, suffix);
}
