/* vchess - can the intended winner still checkmate? (winnable.h)
 *
 * Map. vc_winnable_quick = the static phase: material (static_material),
 * then the frozen-pawn analysis (static_frozen). vc_winnable = root checks,
 * the static phase, then an iterative-deepening helpmate search (search):
 * a depth-first search over the positions reachable from the root where
 * both sides play for the intended winner, moves ordered by a potential
 * (potential: winner's pieces near the loser's king, the loser's king
 * short of flight squares, promotions, material kept), with a visited set
 * per iteration. A mate found is the witness (replayed before it is
 * returned); an iteration that ends with no position cut off by its depth
 * limit has visited every reachable position, none a mate: unwinnable.
 * vchess-winnable(1), METHOD, explains the method; vchess-rules(7)
 * section 2 gives the rule.
 */
#include <stdlib.h>
#include <string.h>

#include "winnable.h"
#include "variant.h"
#include "variant_internal.h"

#define LIGHT_SQ 0x55AA55AA55AA55AAull
#define FILE_A 0x0101010101010101ull
#define FILE_H (FILE_A << 7)

const char *vc_winnable_word(enum vc_winnable_answer a)
{
	switch (a) {
	case VC_WINNABLE_YES: return "winnable";
	case VC_WINNABLE_NO: return "unwinnable";
	default: return "undetermined";
	}
}

static bool applicable(const struct vc_variant *v)
{
	return v && (v->flags & VC_VF_ROYAL_KING) && !(v->flags & VC_VF_RETRO);
}

/* ---- Static phase: material -------------------------------------------- */

/* Can `w` never mate by material alone? Sound cases only: a bare king;
 * a lone knight or bishops of one colour against a bare king; bishops of
 * one colour against nothing but bishops on that same colour (no square of
 * the other colour next to the loser's king can ever be covered). */
static bool static_material(const struct vc_position *p, int w)
{
	vc_bb ours = p->by_color[w], theirs = p->by_color[!w];
	if (ours & (p->by_type[VC_PAWN] | p->by_type[VC_ROOK] | p->by_type[VC_QUEEN]))
		return false;
	vc_bb kn = ours & p->by_type[VC_KNIGHT];
	vc_bb bi = ours & p->by_type[VC_BISHOP];
	if (!kn && !bi)
		return true;
	vc_bb their_units = theirs & ~p->by_type[VC_KING];
	if (!their_units)
		return (!bi && vc_popcount(kn) == 1) ||
		       (!kn && (!(bi & LIGHT_SQ) || !(bi & ~LIGHT_SQ)));
	if (kn || ((bi & LIGHT_SQ) && (bi & ~LIGHT_SQ)))
		return false;
	vc_bb same = (bi & LIGHT_SQ) ? LIGHT_SQ : ~LIGHT_SQ;
	return !(their_units & ~(p->by_type[VC_BISHOP] & same));
}

/* ---- Static phase: frozen pawns ---------------------------------------- */

static vc_bb king_spread(vc_bb b)
{
	vc_bb h = b | ((b << 1) & ~FILE_A) | ((b >> 1) & ~FILE_H);
	return h | (h << 8) | (h >> 8);
}

static vc_bb pawn_attacks_bb(vc_bb pawns, int color)
{
	if (color == VC_WHITE)
		return ((pawns << 7) & ~FILE_H) | ((pawns << 9) & ~FILE_A);
	return ((pawns >> 9) & ~FILE_H) | ((pawns >> 7) & ~FILE_A);
}

/* Squares a king can ever visit from `from`, stepping only on `allowed`. */
static vc_bb king_fill(vc_bb from, vc_bb allowed)
{
	vc_bb r = from, prev;
	do {
		prev = r;
		r |= king_spread(r) & allowed;
	} while (r != prev);
	return r;
}

static vc_bb piece_attacks(int type, int sq, vc_bb occ)
{
	switch (type) {
	case VC_KNIGHT: return vc_knight_attacks(sq);
	case VC_BISHOP: return vc_bishop_attacks(sq, occ);
	case VC_ROOK: return vc_rook_attacks(sq, occ);
	case VC_QUEEN: return vc_bishop_attacks(sq, occ) | vc_rook_attacks(sq, occ);
	default: return vc_king_attacks(sq);
	}
}

/* Every square a piece of `type` on `sq` can ever stand on when only the
 * pawns block (an over-approximation: other pieces move away), into
 * *reach, and every square it can ever attack into *att. Returns false
 * when it could ever change the pawn structure: stand where an enemy pawn
 * attacks (the pawn could take it) or attack an enemy pawn. */
static bool piece_reach(int type, int sq, vc_bb pawns, vc_bb enemy_pawns,
                        vc_bb enemy_pawn_att, vc_bb *reach, vc_bb *att)
{
	vc_bb r = VC_BIT(sq), todo = r, a = 0;
	while (todo) {
		int s = vc_lsb(todo);
		todo &= todo - 1;
		vc_bb at = piece_attacks(type, s, pawns);
		a |= at;
		vc_bb nw = at & ~pawns & ~r;
		r |= nw;
		todo |= nw;
	}
	*reach = r;
	*att = a;
	return !(r & enemy_pawn_att) && !(a & enemy_pawns);
}

/* Can `w` never mate because no pawn can ever move or be captured again
 * and the loser's king is shut where no mate can be built? Every pawn is
 * blocked by a pawn in front and attacks no enemy pawn; no en passant;
 * no piece can ever come where a pawn could take it or take a pawn, no
 * king can reach an unprotected enemy pawn. Then the pawns stay forever,
 * each king lives in the region it can flood over, and a mate needs a
 * square k of the loser's region that a winner's piece can attack, every
 * neighbour of k being outside the region (never available) or coverable
 * (attacked by a winner's unit or reachable by a loser's piece). No such
 * k: unwinnable. Every set here over-approximates, so the answer is
 * sound. */
static bool static_frozen(const struct vc_position *p, int w)
{
	vc_bb pw = vc_pieces(p, VC_WHITE, VC_PAWN), pb = vc_pieces(p, VC_BLACK, VC_PAWN);
	vc_bb pawns = pw | pb;
	if (((pw << 8) & ~pawns) || ((pb >> 8) & ~pawns))
		return false;
	if (p->ep != VC_NO_SQ)
		return false;
	vc_bb attw = pawn_attacks_bb(pw, VC_WHITE), attb = pawn_attacks_bb(pb, VC_BLACK);
	if ((attw & pb) || (attb & pw))
		return false;
	vc_bb kings = p->by_type[VC_KING];
	if ((kings & p->by_color[VC_WHITE] & attb) || (kings & p->by_color[VC_BLACK] & attw))
		return false;
	vc_bb patt[2] = { attw, attb }, pc[2] = { pw, pb };

	/* pieces: reach and attacks; winner's attacks, loser's blockers */
	vc_bb win_att = 0, lose_reach = 0;
	vc_bb pieces = (p->by_color[0] | p->by_color[1]) & ~pawns & ~kings;
	while (pieces) {
		int sq = vc_lsb(pieces);
		pieces &= pieces - 1;
		int c = VC_PIECE_COLOR(p->board[sq]), t = VC_PIECE_TYPE(p->board[sq]);
		vc_bb r, a;
		if (!piece_reach(t, sq, pawns, pc[!c], patt[!c], &r, &a))
			return false;
		if (c == w)
			win_att |= a;
		else
			lose_reach |= r;
	}
	/* kings */
	vc_bb region[2];
	for (int c = 0; c < 2; c++) {
		vc_bb k = kings & p->by_color[c];
		region[c] = king_fill(k, ~(pc[c] | pc[!c] | patt[!c]));
		if (king_spread(region[c]) & pc[!c] & ~patt[!c])
			return false; /* the king could take an unprotected pawn */
	}
	int l = !w;
	vc_bb cover = win_att | king_spread(region[w]) | lose_reach | ~region[l];
	vc_bb cand = region[l] & win_att;
	while (cand) {
		int k = vc_lsb(cand);
		cand &= cand - 1;
		if (!(vc_king_attacks(k) & ~cover))
			return false; /* a mate on k cannot be ruled out */
	}
	return true;
}

enum vc_winnable_answer vc_winnable_quick(const struct vc_position *pos, int winner)
{
	if (!pos || (winner != VC_WHITE && winner != VC_BLACK) ||
	    pos->variant >= VC_NVARIANTS || !applicable(vc_variant_of(pos)))
		return VC_WINNABLE_UNDETERMINED;
	if (static_material(pos, winner) || static_frozen(pos, winner))
		return VC_WINNABLE_NO;
	return VC_WINNABLE_UNDETERMINED;
}

/* ---- The search ---------------------------------------------------------
 * Best-first over the positions reachable from the root: the open list is
 * a heap of (potential, parent, move); a position is materialised when it
 * is expanded. Every position made is marked in the visited set, so each
 * is expanded at most once: when the open list runs dry, every reachable
 * position has been made and none was a mate. */

#define TT_BITS 20
#define TT_PROBES 8
#define WITNESS_PLIES VC_WINNABLE_MAX_WITNESS
#ifndef PAWN_STEP
#define PAWN_STEP 3
#endif
#ifndef RANK_COST
#define RANK_COST 12
#endif

struct tt_entry {
	uint64_t key;
	uint32_t gen;
	uint32_t pad_;
};

struct xnode {                /* an expanded position */
	struct vc_position pos;
	int parent;           /* index in xs, -1 for the root */
	vc_move move;         /* the move from the parent */
	int depth;            /* plies from the root */
};

struct hentry {               /* a position made, not yet expanded */
	int f;
	uint32_t seq;         /* tie-break: first made, first expanded */
	int parent;
	vc_move move;
};

struct kid {
	int f;
	vc_move move;
};

struct vc_winnable_ws {
	struct tt_entry *tt;
	size_t mask;
	uint32_t gen;
	struct xnode *xs;
	size_t nx, capx;
	struct hentry *heap;
	size_t nh, caph;
	vc_move moves[VC_MAX_MOVES];
	struct kid kids[VC_MAX_MOVES];
	vc_move scratch[VC_MAX_MOVES];
	vc_move path[WITNESS_PLIES];
};

enum vc_code vc_winnable_ws_new(struct vc_winnable_ws **out)
{
	*out = NULL;
	struct vc_winnable_ws *ws = calloc(1, sizeof *ws);
	if (!ws)
		return VC_F_OUT_OF_MEMORY;
	ws->mask = ((size_t)1 << TT_BITS) - 1;
	ws->tt = calloc(ws->mask + 1, sizeof *ws->tt);
	if (!ws->tt) {
		free(ws);
		return VC_F_OUT_OF_MEMORY;
	}
	*out = ws;
	return VC_F_OK;
}

void vc_winnable_ws_free(struct vc_winnable_ws *ws)
{
	if (!ws)
		return;
	free(ws->tt);
	free(ws->xs);
	free(ws->heap);
	free(ws);
}

/* Mark key visited in the current generation: 1 newly marked, 0 already
 * visited, -1 no room (then the position may be made again: only work is
 * lost, never soundness). */
static int tt_visit(struct vc_winnable_ws *ws, uint64_t key)
{
	size_t i = (size_t)key & ws->mask;
	for (int probe = 0; probe < TT_PROBES; probe++, i = (i + 1) & ws->mask) {
		struct tt_entry *e = &ws->tt[i];
		if (e->gen != ws->gen) {
			e->gen = ws->gen;
			e->key = key;
			return 1;
		}
		if (e->key == key)
			return 0;
	}
	return -1;
}

static bool heap_less(const struct hentry *a, const struct hentry *b)
{
	return a->f < b->f || (a->f == b->f && a->seq < b->seq);
}

static bool heap_push(struct vc_winnable_ws *ws, struct hentry e)
{
	if (ws->nh == ws->caph) {
		size_t cap = ws->caph ? ws->caph * 2 : 4096;
		struct hentry *h = realloc(ws->heap, cap * sizeof *h);
		if (!h)
			return false;
		ws->heap = h;
		ws->caph = cap;
	}
	size_t i = ws->nh++;
	while (i > 0) {
		size_t up = (i - 1) / 2;
		if (!heap_less(&e, &ws->heap[up]))
			break;
		ws->heap[i] = ws->heap[up];
		i = up;
	}
	ws->heap[i] = e;
	return true;
}

static struct hentry heap_pop(struct vc_winnable_ws *ws)
{
	struct hentry top = ws->heap[0], last = ws->heap[--ws->nh];
	size_t i = 0, n = ws->nh;
	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= n)
			break;
		if (c + 1 < n && heap_less(&ws->heap[c + 1], &ws->heap[c]))
			c++;
		if (!heap_less(&ws->heap[c], &last))
			break;
		ws->heap[i] = ws->heap[c];
		i = c;
	}
	if (n)
		ws->heap[i] = last;
	return top;
}

static int cheb(int a, int b)
{
	int df = abs(VC_FILE(a) - VC_FILE(b)), dr = abs(VC_RANK(a) - VC_RANK(b));
	return df > dr ? df : dr;
}

/* Lower is closer to a mate by the winner w (the search order only: any
 * order is sound). */
static int potential(const struct vc_position *p, int w)
{
	static const int value[7] = { 0, 0, 30, 30, 50, 90, 0 };
	static const int pull[7] = { 0, 0, 2, 1, 2, 2, 0 };
	int l = !w;
	vc_bb lk = vc_pieces(p, l, VC_KING);
	int k = vc_lsb(lk);
	int s = 0;
	vc_bb b = p->by_color[w] & ~p->by_type[VC_PAWN] & ~p->by_type[VC_KING];
	while (b) {
		int sq = vc_lsb(b);
		b &= b - 1;
		int t = VC_PIECE_TYPE(p->board[sq]);
		s += pull[t] * cheb(sq, k) - value[t];
	}
	b = vc_pieces(p, w, VC_PAWN);
	while (b) {
		int sq = vc_lsb(b);
		b &= b - 1;
		int togo = w == VC_WHITE ? 7 - VC_RANK(sq) : VC_RANK(sq);
		s += PAWN_STEP * togo - 8;
	}
	s += cheb(vc_lsb(vc_pieces(p, w, VC_KING)), k);
	/* the loser's pieces next to their king block its flight squares */
	b = p->by_color[l] & ~p->by_type[VC_PAWN] & ~p->by_type[VC_KING];
	while (b) {
		int sq = vc_lsb(b);
		b &= b - 1;
		s += cheb(sq, k);
	}
	s += 4 * vc_popcount(vc_king_attacks(k) & ~p->by_color[l]);
	int f = VC_FILE(k), r = VC_RANK(k);
	int edge = f < 7 - f ? f : 7 - f;
	int er = r < 7 - r ? r : 7 - r;
	s += 2 * (edge < er ? edge : er);
	if (vc_in_check(p, l))
		s -= 6;
	return s;
}

static int has_legal(const struct vc_variant *v, const struct vc_position *p, vc_move *buf)
{
	if (v->speed && v->speed->has_legal)
		return v->speed->has_legal(p);
	return v->gen_legal(p, buf);
}

struct search {
	struct vc_winnable_ws *ws;
	const struct vc_variant *v;
	int w, l;
	uint64_t nodes, budget;
	uint32_t seq;
	int found;        /* witness length when found */
};

/* Store the path root..xs[i], then m, into ws->path; false when longer
 * than a witness may be. */
static bool make_path(struct vc_winnable_ws *ws, int i, vc_move m, int *len)
{
	int n = ws->xs[i].depth + 1;
	if (n > WITNESS_PLIES)
		return false;
	ws->path[n - 1] = m;
	for (int j = n - 2; i > 0; j--, i = ws->xs[i].parent)
		ws->path[j] = ws->xs[i].move;
	*len = n;
	return true;
}

/* Expand xs[i]: make every child, test the winner's checks for mate, push
 * the new ones, each with its potential, its depth and its rank among its
 * siblings (the best child of a position is tried long before the others:
 * a narrow search first, every child still in the open list). 1 mate
 * (path set), 0 go on, -1 budget or memory. */
static int expand(struct search *s, int i)
{
	struct vc_winnable_ws *ws = s->ws;
	const struct vc_position *pos = &ws->xs[i].pos;
	int n = s->v->gen_legal(pos, ws->moves);
	bool winner = pos->side == s->w;
	int depth = ws->xs[i].depth + 1, nk = 0;
	for (int k = 0; k < n; k++) {
		struct vc_position c = *pos;
		s->v->make(&c, ws->moves[k]);
		if (++s->nodes > s->budget)
			return -1;
		if (winner && vc_in_check(&c, s->l) && !has_legal(s->v, &c, ws->scratch))
			return make_path(ws, i, ws->moves[k], &s->found) ? 1 : -1;
		if (tt_visit(ws, c.key) == 0)
			continue;
		/* no mate below a position the static phase proves unwinnable */
		if (static_material(&c, s->w) || static_frozen(&c, s->w))
			continue;
		ws->kids[nk].move = ws->moves[k];
		ws->kids[nk].f = potential(&c, s->w);
		nk++;
	}
	/* rank the children (insertion sort, stable: move order breaks ties) */
	for (int k = 1; k < nk; k++) {
		struct kid t = ws->kids[k];
		int j = k;
		for (; j > 0 && ws->kids[j - 1].f > t.f; j--)
			ws->kids[j] = ws->kids[j - 1];
		ws->kids[j] = t;
	}
	for (int k = 0; k < nk; k++) {
		struct hentry e = { ws->kids[k].f + depth + RANK_COST * k, s->seq++, i,
		                    ws->kids[k].move };
		if (!heap_push(ws, e))
			return -1;
	}
	return 0;
}

static bool add_node(struct vc_winnable_ws *ws, const struct vc_position *p, int parent,
                     vc_move m, int depth)
{
	if (ws->nx == ws->capx) {
		size_t cap = ws->capx ? ws->capx * 2 : 1024;
		struct xnode *x = realloc(ws->xs, cap * sizeof *x);
		if (!x)
			return false;
		ws->xs = x;
		ws->capx = cap;
	}
	struct xnode *x = &ws->xs[ws->nx++];
	x->pos = *p;
	x->parent = parent;
	x->move = m;
	x->depth = depth;
	return true;
}

/* 1 mate found, 0 every reachable position made and none a mate, -1
 * budget (or memory) ran out. */
static int search(struct search *s, const struct vc_position *root)
{
	struct vc_winnable_ws *ws = s->ws;
	if (++ws->gen == 0) { /* wrapped: clear the stamps once */
		memset(ws->tt, 0, (ws->mask + 1) * sizeof *ws->tt);
		ws->gen = 1;
	}
	ws->nx = ws->nh = 0;
	tt_visit(ws, root->key);
	if (!add_node(ws, root, -1, VC_MOVE_NONE, 0))
		return -1;
	int r = expand(s, 0);
	while (r == 0 && ws->nh) {
		struct hentry e = heap_pop(ws);
		struct vc_position c = ws->xs[e.parent].pos;
		s->v->make(&c, e.move);
		if (!add_node(ws, &c, e.parent, e.move, ws->xs[e.parent].depth + 1))
			return -1;
		r = expand(s, (int)ws->nx - 1);
	}
	return r;
}

/* Replay the witness from the root with the checked play and test the
 * final checkmate of the loser. */
static bool witness_ok(const struct vc_position *root, int w, const vc_move *mv, int n)
{
	struct vc_position p = *root;
	for (int i = 0; i < n; i++)
		if (vc_play(&p, mv[i]))
			return false;
	vc_move buf[VC_MAX_MOVES];
	return p.side == !w && vc_in_check(&p, !w) && vc_legal_moves(&p, buf) == 0;
}

enum vc_code vc_winnable(struct vc_winnable_ws *ws, const struct vc_position *pos,
                         int winner, uint64_t budget, struct vc_winnable_result *out)
{
	out->answer = VC_WINNABLE_UNDETERMINED;
	out->nodes = 0;
	out->nwitness = 0;
	if (winner != VC_WHITE && winner != VC_BLACK)
		return VC_F_UNSUPPORTED;
	const struct vc_variant *v = vc_variant_get(pos->variant);
	if (!applicable(v))
		return VC_F_UNSUPPORTED_VARIANT;
	vc_init();
	if (!budget)
		budget = VC_WINNABLE_DEFAULT_BUDGET;
	int l = !winner;

	/* the root: already over? */
	vc_move buf[VC_MAX_MOVES];
	if (v->gen_legal(pos, buf) == 0) {
		out->answer = pos->side == l && vc_in_check(pos, l) ? VC_WINNABLE_YES
		                                                    : VC_WINNABLE_NO;
		return VC_F_OK;
	}
	if (static_material(pos, winner) || static_frozen(pos, winner)) {
		out->answer = VC_WINNABLE_NO;
		return VC_F_OK;
	}

	struct vc_winnable_ws *own = NULL;
	if (!ws) {
		if (vc_winnable_ws_new(&own))
			return VC_F_OUT_OF_MEMORY;
		ws = own;
	}
	struct search s = { .ws = ws, .v = v, .w = winner, .l = l, .budget = budget };
	int r = search(&s, pos);
	if (r > 0 && witness_ok(pos, winner, ws->path, s.found)) {
		out->answer = VC_WINNABLE_YES;
		out->nwitness = s.found;
		memcpy(out->witness, ws->path, (size_t)s.found * sizeof(vc_move));
	} else if (r == 0) {
		out->answer = VC_WINNABLE_NO;
	}
	out->nodes = s.nodes > budget ? budget : s.nodes;
	vc_winnable_ws_free(own);
	return VC_F_OK;
}
