/* vchess - can the intended winner still checkmate? (winnable.h)
 *
 * Map. The static phase is in winnable_static.c (vc_static_material,
 * vc_static_frozen). vc_winnable_quick = the static phase, plus a search
 * of a few nodes in forced positions. vc_winnable = root checks, the
 * static phase, then the helpmate search (search): best-first over the
 * positions reachable from the root, both sides playing for the intended
 * winner; each expanded position ranks its moves by the change they make
 * to a potential (potential_bb: the loser's king's free flight squares
 * against the winner's attacks (winner_attacks), distances, a weak
 * winner's mating corner (mate_corner), the lure of the loser's units to
 * the capture squares of blocked pawns (lure)); delta estimates a move's
 * change, the loser's king moves and luring moves are measured exactly
 * (potential_kmove, potential_lmove). The search is greedy for its first
 * GREEDY_NODES nodes, then balanced over the same open list (go_balanced).
 * The open list holds each position's next move only (select_next), a
 * visited set (tt_*) expands every position once, and positions the
 * static phase proves unwinnable, or too deep for a witness, are not
 * expanded. A mate found is the witness (replayed before it is returned);
 * a search whose open list runs dry having left nothing out has made every
 * reachable position, none a mate: unwinnable. A node is cheap: king
 * distances from a table of the workspace, the winner's attacks computed
 * once for all the loser's king moves, the best move chosen while
 * scoring, positions made in their slot, the next parents fetched ahead,
 * an open list of packed keys whose newest entry waits outside the heap
 * (open_add) and whose top is replaced by its younger brother; the quick
 * test's search scores nothing (unordered).
 * vchess-winnable(1), METHOD, explains the method;
 * vchess-rules(7) section 2 gives the rule.
 */
#include <stdlib.h>
#include <string.h>

#include "winnable.h"
#include "variant.h"
#include "variant_internal.h"
#include "winnable_internal.h"
#include "movegen_internal.h"

#define LIGHT_SQ 0x55AA55AA55AA55AAull
#define FILE_A 0x0101010101010101ull
#define FILE_H (FILE_A << 7)
#define FILE_NOT_A (~FILE_A)

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

bool vc_winnable_supported(int variant_id)
{
	return variant_id >= 0 && variant_id < VC_NVARIANTS &&
	       applicable(vc_variant_get(variant_id));
}

/* ---- The search ---------------------------------------------------------
 * Best-first over the positions reachable from the root: the open list is
 * a heap of (potential, parent, move); a position is materialised when it
 * is expanded. Every position made is marked in the visited set, so each
 * is expanded at most once: when the open list runs dry, every reachable
 * position has been made and none was a mate. */

/* The visited set starts small (it stays in the cache: most queries make a
 * few hundred positions) and grows by 8 when half full, up to TT_MAX_BITS
 * (beyond that a position may be made twice: work lost, never soundness). */
#define TT_SMALL_BITS 12
#define TT_MAX_BITS 23
#define TT_PROBES 8
#define TT_SPARE_BITS 18 /* the biggest table kept between queries (4 MB) */
#define WITNESS_PLIES VC_WINNABLE_MAX_WITNESS
/* The quick test searches a check with at most this many answers. */
#define QUICK_CHECK_ANSWERS 4

#ifndef W_FLIGHT
#define W_FLIGHT 2
#endif
#ifndef W_EDGE
#define W_EDGE 4
#endif
#ifndef W_WKING
#define W_WKING 4
#endif
#ifndef W_DEPTH
#define W_DEPTH 2
#endif
#ifndef W_LPAWN
#define W_LPAWN 8
#endif
#ifndef W_LPULL_WEAK
#define W_LPULL_WEAK 1
#endif
#ifndef W_LPULL
#define W_LPULL 2
#endif
#ifndef W_CORNER
#define W_CORNER 9
#endif
#ifndef W_CHECK
#define W_CHECK 0
#endif
#ifndef W_FREE
#define W_FREE 10
#endif
#ifndef W_LURE
#define W_LURE 14
#endif
#ifndef PAWN_STEP
#define PAWN_STEP 2
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
	int pot;              /* its potential */
	bool check;           /* the loser is in check */
	size_t kids;          /* its moves, ranked: ws->kids[kids..kids+nkids) */
	int nkids;
};

struct hentry {               /* the next move of an expanded position */
	uint64_t key;         /* its f (biased) above, its seq below: seq is the
	                         tie-break, first pushed, first popped; the keys
	                         are distinct, so the order is total */
	int parent;
	int rank;             /* its rank among the parent's moves */
};

static uint64_t hkey(int f, uint32_t seq)
{
	return (uint64_t)((uint32_t)f ^ 0x80000000u) << 32 | seq;
}

struct kid {
	int f;
	vc_move move;
};

struct vc_winnable_ws {
	struct tt_entry *tt;  /* small, or big while a search needs more */
	size_t mask, used;
	uint32_t gen;
	struct tt_entry *small, *big;
	struct tt_entry *spare; /* a big table kept between queries, or NULL */
	size_t spare_size;
	struct xnode *xs;
	size_t nx, capx;
	struct hentry *heap;
	size_t nh, caph;
	vc_move moves[VC_MAX_MOVES];
	struct kid *kids;     /* the ranked moves of every expanded position */
	size_t nkids, capkids;
	vc_move scratch[VC_MAX_MOVES];
	vc_move path[WITNESS_PLIES];
	uint8_t dist[64][64]; /* king distance (Chebyshev) between two squares */
	int corner;           /* the corner a weak winner mates in, or -1 */
};

enum vc_code vc_winnable_ws_new(struct vc_winnable_ws **out)
{
	*out = NULL;
	struct vc_winnable_ws *ws = calloc(1, sizeof *ws);
	if (!ws)
		return VC_F_OUT_OF_MEMORY;
	for (int a = 0; a < 64; a++)
		for (int b = 0; b < 64; b++) {
			int df = abs(VC_FILE(a) - VC_FILE(b)), dr = abs(VC_RANK(a) - VC_RANK(b));
			ws->dist[a][b] = (uint8_t)(df > dr ? df : dr);
		}
	ws->mask = ((size_t)1 << TT_SMALL_BITS) - 1;
	ws->small = ws->tt = calloc(ws->mask + 1, sizeof *ws->tt);
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
	free(ws->small);
	free(ws->big);
	free(ws->spare);
	free(ws->xs);
	free(ws->kids);
	free(ws->heap);
	free(ws);
}

static int tt_insert(struct tt_entry *tt, size_t mask, uint32_t gen, uint64_t key)
{
	size_t i = (size_t)key & mask;
	for (int probe = 0; probe < TT_PROBES; probe++, i = (i + 1) & mask) {
		struct tt_entry *e = &tt[i];
		if (e->gen != gen) {
			e->gen = gen;
			e->key = key;
			return 1;
		}
		if (e->key == key)
			return 0;
	}
	return -1;
}

/* Grow the visited set by 8 (a fresh big table, the current entries
 * moved); false when it cannot (then it stays as it is). */
static bool tt_grow(struct vc_winnable_ws *ws)
{
	size_t size = (ws->mask + 1) * 8;
	if (size > ((size_t)1 << TT_MAX_BITS))
		return false;
	struct tt_entry *t;
	if (ws->spare && ws->spare_size == size) {
		t = ws->spare; /* stale stamps only: empty for this generation */
		ws->spare = NULL;
	} else {
		t = calloc(size, sizeof *t);
		if (!t)
			return false;
	}
	for (size_t i = 0; i <= ws->mask; i++)
		if (ws->tt[i].gen == ws->gen)
			tt_insert(t, size - 1, ws->gen, ws->tt[i].key);
	free(ws->big);
	ws->big = ws->tt = t;
	ws->mask = size - 1;
	return true;
}

/* Start a query's visited set: the small table, a new generation. */
static void tt_start(struct vc_winnable_ws *ws)
{
	if (ws->tt != ws->small) {
		/* a big table of moderate size is kept for the next query that
		 * needs one (a fresh one is most of the cost of such queries) */
		if (ws->mask < ((size_t)1 << TT_SPARE_BITS)) {
			free(ws->spare);
			ws->spare = ws->big;
			ws->spare_size = ws->mask + 1;
		} else {
			free(ws->big);
		}
		ws->big = NULL;
		ws->tt = ws->small;
		ws->mask = ((size_t)1 << TT_SMALL_BITS) - 1;
	}
	if (++ws->gen == 0) { /* wrapped: clear the stamps once */
		memset(ws->tt, 0, (ws->mask + 1) * sizeof *ws->tt);
		if (ws->spare)
			memset(ws->spare, 0, ws->spare_size * sizeof *ws->spare);
		ws->gen = 1;
	}
	ws->used = 0;
}

/* Mark key visited: 1 newly marked, 0 already visited, -1 no room (then
 * the position may be made again: only work is lost, never soundness). */
static int tt_visit(struct vc_winnable_ws *ws, uint64_t key)
{
	if (2 * ws->used > ws->mask)
		tt_grow(ws);
	int r = tt_insert(ws->tt, ws->mask, ws->gen, key);
	ws->used += r > 0;
	return r;
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
		if (e.key >= ws->heap[up].key)
			break;
		ws->heap[i] = ws->heap[up];
		i = up;
	}
	ws->heap[i] = e;
	return true;
}

/* Put e at slot i of the heap h of n entries, moving it down below
 * lesser children (the subtrees below i are heaps). */
static void sift_down(struct hentry *h, size_t n, size_t i, struct hentry e)
{
	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= n)
			break;
		if (c + 1 < n && h[c + 1].key < h[c].key)
			c++;
		if (e.key < h[c].key)
			break;
		h[i] = h[c];
		i = c;
	}
	h[i] = e;
}

/* Replace the least entry by e. */
static void heap_replace_top(struct vc_winnable_ws *ws, struct hentry e)
{
	sift_down(ws->heap, ws->nh, 0, e);
}

/* The least entry out: the hole left at the top goes down along the
 * lesser children to a leaf, then the last entry goes up from there (it
 * nearly always belongs near the bottom: fewer comparisons). */
static struct hentry heap_pop(struct vc_winnable_ws *ws)
{
	struct hentry *h = ws->heap;
	struct hentry top = h[0], last = h[--ws->nh];
	size_t i = 0, n = ws->nh;
	if (!n)
		return top;
	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= n)
			break;
		if (c + 1 < n && h[c + 1].key < h[c].key)
			c++;
		h[i] = h[c];
		i = c;
	}
	while (i > 0) {
		size_t up = (i - 1) / 2;
		if (last.key >= h[up].key)
			break;
		h[i] = h[up];
		i = up;
	}
	h[i] = last;
	return top;
}

/* For a winner w whose pawns must promote (no rook or queen) and every one
 * of which has a loser's pawn ahead on its file: how far the loser's
 * nearest unit (not the king) is from a square where one of those pawns,
 * pushed up to its blocker, could take it (the capture that frees the
 * pawn's way); 0 when that does not apply. */
static int lure(const vc_bb *col, const vc_bb *typ, int w)
{
	vc_bb wp = col[w] & typ[VC_PAWN];
	if (!wp || (col[w] & (typ[VC_ROOK] | typ[VC_QUEEN])))
		return 0;
	vc_bb lp = col[!w] & typ[VC_PAWN];
	vc_bb units = col[!w] & ~typ[VC_KING];
	if (!lp || !units)
		return 0;
	vc_bb targets = 0;
	for (vc_bb b = wp; b; b &= b - 1) {
		int sq = vc_lsb(b);
		vc_bb file = FILE_A << VC_FILE(sq);
		vc_bb ahead = w == VC_WHITE ? file & ~((VC_BIT(sq) << 1) - 1)
		                            : file & (VC_BIT(sq) - 1);
		vc_bb blk = ahead & lp;
		if (!blk)
			return 0; /* a pawn with a way: it runs */
		int stop = w == VC_WHITE ? vc_lsb(blk) - 8 : 63 - __builtin_clzll(blk) + 8;
		targets |= vc_pawn_attacks(w, stop);
	}
	/* the king distance from the nearest unit: rings around the targets */
	vc_bb ring = targets;
	for (int d = 0; d < 8; d++) {
		if (ring & units)
			return d;
		vc_bb h = ring | ((ring << 1) & ~FILE_A) | ((ring >> 1) & ~FILE_H);
		ring = h | (h << 8) | (h >> 8);
	}
	return 0;
}

/* Every square the winner w attacks, the loser's king taken off the
 * board (a slider's line goes on behind it: the king cannot step back
 * along it). The same for every move of the loser's king that takes
 * nothing. */
static vc_bb winner_attacks(const vc_bb *col, const vc_bb *typ, int w)
{
	vc_bb occ = (col[0] | col[1]) & ~(col[!w] & typ[VC_KING]);
	vc_bb ours = col[w];
	vc_bb pw = ours & typ[VC_PAWN];
	vc_bb a = w == VC_WHITE ? ((pw << 7) & ~FILE_H) | ((pw << 9) & FILE_NOT_A)
	                        : ((pw >> 9) & ~FILE_H) | ((pw >> 7) & FILE_NOT_A);
	a |= vc_king_attacks(vc_lsb(ours & typ[VC_KING]));
	for (vc_bb b = ours & typ[VC_KNIGHT]; b; b &= b - 1)
		a |= vc_knight_attacks(vc_lsb(b));
	for (vc_bb b = ours & (typ[VC_BISHOP] | typ[VC_QUEEN]); b; b &= b - 1)
		a |= vc_bishop_attacks(vc_lsb(b), occ);
	for (vc_bb b = ours & (typ[VC_ROOK] | typ[VC_QUEEN]); b; b &= b - 1)
		a |= vc_rook_attacks(vc_lsb(b), occ);
	return a;
}

/* Lower is closer to a mate by the winner w (the search order only: any
 * order is sound). Computed from the placement alone (col: the colours'
 * units, typ: the types', as in struct vc_position), so that a move can be
 * measured without being made; check: the loser is in check. dist: the
 * workspace's king distances. */
static int potential_bb(const vc_bb *col, const vc_bb *typ, int w, bool check,
                        const uint8_t (*dist)[64], int corner, const vc_bb *watt)
{
	static const int value[7] = { 0, 0, 30, 30, 50, 90, 0 };
	static const int pull[7] = { 0, 0, 2, 1, 2, 2, 0 };
	int l = !w;
	int k = vc_lsb(col[l] & typ[VC_KING]);
	const uint8_t *dk = dist[k];
	int s = 0;
	for (int t = VC_KNIGHT; t <= VC_QUEEN; t++) {
		vc_bb b = col[w] & typ[t];
		while (b) {
			int sq = vc_lsb(b);
			b &= b - 1;
			s += pull[t] * dk[sq] - value[t];
		}
	}
	vc_bb b = col[w] & typ[VC_PAWN];
	while (b) {
		int sq = vc_lsb(b);
		b &= b - 1;
		int togo = w == VC_WHITE ? 7 - VC_RANK(sq) : VC_RANK(sq);
		s += PAWN_STEP * togo - 8;
	}
	s += W_WKING * dk[vc_lsb(col[w] & typ[VC_KING])];
	if (W_LURE)
		s += W_LURE * lure(col, typ, w);
	/* a winner without pawns, rooks or queens mates only with the
	 * loser's help: the loser's pawns promote into blockers */
	bool weak = !(col[w] & (typ[VC_PAWN] | typ[VC_ROOK] | typ[VC_QUEEN]));
	if (weak) {
		b = col[l] & typ[VC_PAWN];
		while (b) {
			int sq = vc_lsb(b);
			b &= b - 1;
			s += W_LPAWN * (l == VC_WHITE ? 7 - VC_RANK(sq) : VC_RANK(sq));
		}
	}
	/* the loser's pieces next to their king block its flight squares */
	b = col[l] & ~typ[VC_PAWN] & ~typ[VC_KING];
	int lp = weak ? W_LPULL_WEAK : W_LPULL;
	while (b) {
		int sq = vc_lsb(b);
		b &= b - 1;
		s += lp * dk[sq];
	}
	vc_bb fl = vc_king_attacks(k) & ~col[l];
	s += W_FLIGHT * vc_popcount(fl);
	if (W_FREE)
		s += W_FREE * vc_popcount(fl & ~(watt ? *watt : winner_attacks(col, typ, w)));
	int f = VC_FILE(k), r = VC_RANK(k);
	int edge = f < 7 - f ? f : 7 - f;
	int er = r < 7 - r ? r : 7 - r;
	s += W_EDGE * (edge < er ? edge : er);
	if (weak && corner >= 0)
		s += W_CORNER * dk[corner];
	if (check)
		s -= W_CHECK;
	return s;
}

static int potential(const struct vc_position *p, int w, bool check, const uint8_t (*dist)[64],
                     int corner)
{
	return potential_bb(p->by_color, p->by_type, w, check, dist, corner, NULL);
}

/* The potential after the loser's king move m (not castling) of p,
 * without making it: a legal move leaves the loser out of check. */
static int potential_kmove(const struct vc_position *p, vc_move m, int w,
                           const uint8_t (*dist)[64], int corner, const vc_bb *watt)
{
	vc_bb col[2] = { p->by_color[0], p->by_color[1] };
	vc_bb typ[7];
	memcpy(typ, p->by_type, sizeof typ);
	int from = VC_MOVE_FROM(m), to = VC_MOVE_TO(m);
	int cap = p->board[to];
	if (cap) {
		col[w] &= ~VC_BIT(to);
		typ[VC_PIECE_TYPE(cap)] &= ~VC_BIT(to);
		watt = NULL;
	}
	col[!w] ^= VC_BIT(from) | VC_BIT(to);
	typ[VC_KING] ^= VC_BIT(from) | VC_BIT(to);
	return potential_bb(col, typ, w, false, dist, corner, watt);
}

/* The potential after the loser's move m (not castling) of p, without
 * making it, as potential_kmove for any piece (captures, en passant and
 * promotions included). */
static int potential_lmove(const struct vc_position *p, vc_move m, int w,
                           const uint8_t (*dist)[64], int corner)
{
	vc_bb col[2] = { p->by_color[0], p->by_color[1] };
	vc_bb typ[7];
	memcpy(typ, p->by_type, sizeof typ);
	int from = VC_MOVE_FROM(m), to = VC_MOVE_TO(m);
	int t = VC_PIECE_TYPE(p->board[from]), promo = VC_MOVE_PROMOTION(m);
	int capsq = to;
	if (m & VC_MF_EP)
		capsq = w == VC_WHITE ? to + 8 : to - 8;
	int cap = p->board[capsq];
	if (cap) {
		col[w] &= ~VC_BIT(capsq);
		typ[VC_PIECE_TYPE(cap)] &= ~VC_BIT(capsq);
	}
	col[!w] ^= VC_BIT(from) | VC_BIT(to);
	typ[t] ^= VC_BIT(from);
	typ[promo ? promo : t] ^= VC_BIT(to);
	return potential_bb(col, typ, w, false, dist, corner, NULL);
}

static int has_legal(const struct vc_variant *v, const struct vc_position *p, vc_move *buf)
{
	if (v->speed && v->speed->has_legal)
		return v->speed->has_legal(p);
	return v->gen_legal(p, buf);
}

/* The corner where a winner w with minor pieces only would mate, nearest
 * the loser's king: of its bishops' colour (a lone bishop's check along
 * the long diagonal), else of the colour the loser's bishops cannot block
 * beside it... -1 when the winner is not weak. */
static int mate_corner(const struct vc_position *p, int w)
{
	static const int corners[4] = { 0, 7, 56, 63 }; /* a1 h1 a8 h8 */
	vc_bb wb = vc_pieces(p, w, VC_BISHOP), lb = vc_pieces(p, !w, VC_BISHOP);
	int want = -1; /* 1 light corner (h1, a8), 0 dark (a1, h8) */
	if (wb && !(wb & LIGHT_SQ))
		want = 0;
	else if (wb && !(wb & ~LIGHT_SQ))
		want = 1;
	else if (!wb && lb && !(lb & ~LIGHT_SQ))
		want = 0;
	else if (!wb && lb && !(lb & LIGHT_SQ))
		want = 1;
	int k = vc_lsb(vc_pieces(p, !w, VC_KING)), best = -1, bd = 99;
	for (int i = 0; i < 4; i++) {
		int c = corners[i];
		bool light = (LIGHT_SQ >> c) & 1;
		if (want >= 0 && (int)light != want)
			continue;
		int df = abs(VC_FILE(c) - VC_FILE(k)), dr = abs(VC_RANK(c) - VC_RANK(k));
		int d = df > dr ? df : dr;
		if (d < bd) {
			bd = d;
			best = c;
		}
	}
	return best;
}

struct search {
	struct vc_winnable_ws *ws;
	const struct vc_variant *v;
	int w, l;
	uint64_t nodes, budget;
	uint32_t seq;
	int found;        /* witness length when found */
	int w_depth, rank_cost; /* the weights in force (greedy, then balanced) */
	uint64_t switch_at;     /* nodes after which the balanced weights rule */
	bool truncated;         /* a mate or a position left out for depth */
	/* the open list's newest entry, kept out of the heap until an older
	 * one is less (most often it is the next one out: no sift at all) */
	struct hentry pend;
	bool has_pend;
	/* the quick test's search: only whether it runs dry within its budget
	 * matters, and no order changes that (the positions expanded are the
	 * reachable ones, each counted with its moves, whatever the order;
	 * a mate is found in any order): the moves are not scored */
	bool unordered;
};

/* The runs of the full search: a short greedy run first (deep lines
 * first: it finds long witnesses that a balanced search reaches late),
 * then the balanced search with the rest of the budget (its open list
 * running dry is the proof of unwinnability, so it is one run). */
#ifndef GREEDY_NODES
#define GREEDY_NODES 1000
#endif
#ifndef GREEDY_RANK
#define GREEDY_RANK 8
#endif
#ifndef GREEDY_DEPTH
#define GREEDY_DEPTH 0
#endif

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

/* Move the best of kids[j..n) (lowest f, the first of equals) to j. */
static void select_next(struct kid *kids, int j, int n)
{
	int best = j;
	for (int q = j + 1; q < n; q++)
		if (kids[q].f < kids[best].f)
			best = q;
	struct kid t = kids[best];
	kids[best] = kids[j];
	kids[j] = t;
}

/* The change of potential a move of pos makes, estimated without making
 * it (the terms of potential() the move touches; the loser's king moves
 * are measured by potential_kmove instead). dk: the king distances from
 * the loser's king, ka: its neighbours; weak: the winner has no pawn, rook
 * or queen. */
static int delta(const struct vc_position *pos, vc_move m, int w, const uint8_t *dk,
                 vc_bb ka, bool weak)
{
	static const int value[7] = { 0, 0, 30, 30, 50, 90, 0 };
	static const int pull[7] = { 0, 0, 2, 1, 2, 2, 0 };
	if (m & VC_MF_CASTLE)
		return 0;
	int from = VC_MOVE_FROM(m), to = VC_MOVE_TO(m), promo = VC_MOVE_PROMOTION(m);
	int pc = pos->board[from], t = VC_PIECE_TYPE(pc), c = VC_PIECE_COLOR(pc);
	int cap = (m & VC_MF_EP) ? VC_PIECE(!c, VC_PAWN) : pos->board[to];
	int ct = VC_PIECE_TYPE(cap);
	int d = 0;
	if (c == w) {
		if (t == VC_KING) {
			d += W_WKING * (dk[to] - dk[from]);
		} else if (t == VC_PAWN) {
			int togo = w == VC_WHITE ? 7 - VC_RANK(from) : VC_RANK(from);
			int steps = abs(VC_RANK(to) - VC_RANK(from));
			if (promo)
				d += -(PAWN_STEP * togo - 8) + pull[promo] * dk[to] - value[promo];
			else
				d -= PAWN_STEP * steps;
		} else {
			d += pull[t] * (dk[to] - dk[from]);
		}
		if (cap) {
			if (ct != VC_PAWN)
				d -= W_LPULL * dk[to];
			if (ka & VC_BIT(to))
				d += W_FLIGHT;
		}
	} else {
		int lp = weak ? W_LPULL_WEAK : W_LPULL;
		if (t != VC_PAWN)
			d += lp * (dk[to] - dk[from]);
		else if (promo)
			d += lp * dk[to] - (weak ? W_LPAWN : 0);
		else if (weak)
			d -= W_LPAWN * abs(VC_RANK(to) - VC_RANK(from));
		if (ka & VC_BIT(from))
			d += W_FLIGHT;
		if (ka & VC_BIT(to))
			d -= W_FLIGHT;
		if (ct == VC_PAWN) {
			int togo = w == VC_WHITE ? 7 - VC_RANK(to) : VC_RANK(to);
			if (m & VC_MF_EP)
				togo += w == VC_WHITE ? 1 : -1;
			d -= PAWN_STEP * togo - 8;
		} else if (cap) {
			d += value[ct] - pull[ct] * dk[to];
		}
	}
	return d;
}

/* The open list's key of a position's move of rank `rank`, f its kid
 * score, the position `depth` plies deep: the weights in force. */
static int entry_f(const struct search *s, int f, int depth, int rank)
{
	return f + s->w_depth * (depth + 1) + s->rank_cost * rank;
}

/* Add e to the open list (the heap and the pending entry). */
static bool open_add(struct search *s, struct hentry e)
{
	if (s->has_pend && !heap_push(s->ws, s->pend))
		return false;
	s->pend = e;
	s->has_pend = true;
	return true;
}

/* Expand xs[i]: score every move (delta), test the winner's direct checks
 * for mate (made at once), push the moves, each with the position's
 * potential plus its delta, the depth and its rank among its siblings (the
 * best child of a position comes long before the others: a narrow search
 * first, every child still in the open list). 1 mate (path set), 0 go on,
 * -1 budget or memory. */
static int expand(struct search *s, int i)
{
	struct vc_winnable_ws *ws = s->ws;
	const struct vc_position *pos = &ws->xs[i].pos;
	int n = s->v->gen_legal(pos, ws->moves);
	bool winner = pos->side == s->w;
	int nk = 0, pot = ws->xs[i].pot;
	int k = vc_lsb(vc_pieces(pos, s->l, VC_KING));
	vc_bb chk[7] = { 0 };
	int base = 0;
	if (winner) {
		vc_bb occ = vc_occupied(pos);
		chk[VC_PAWN] = vc_pawn_attacks(s->l, k);
		chk[VC_KNIGHT] = vc_knight_attacks(k);
		chk[VC_BISHOP] = vc_bishop_attacks(k, occ);
		chk[VC_ROOK] = vc_rook_attacks(k, occ);
		chk[VC_QUEEN] = chk[VC_BISHOP] | chk[VC_ROOK];
	} else if (ws->xs[i].check) {
		base = W_CHECK; /* the check of potential() goes with the move */
	}
	const uint8_t *dk = ws->dist[k];
	vc_bb ka = vc_king_attacks(k);
	bool weak = !(pos->by_color[s->w] & (pos->by_type[VC_PAWN] | pos->by_type[VC_ROOK] |
	                                     pos->by_type[VC_QUEEN]));
	if (ws->nkids + (size_t)n > ws->capkids) {
		size_t cap = ws->capkids ? ws->capkids * 2 : 16384;
		while (cap < ws->nkids + (size_t)n)
			cap *= 2;
		struct kid *kk = realloc(ws->kids, cap * sizeof *kk);
		if (!kk)
			return -1;
		ws->kids = kk;
		ws->capkids = cap;
	}
	struct kid *kids = ws->kids + ws->nkids;
	int best = 0;
	/* the loser's moves measured exactly while a lure applies (delta
	 * does not follow its minimum) */
	bool luring = W_LURE && !winner && !s->unordered &&
	              lure(pos->by_color, pos->by_type, s->w) > 0;
	vc_bb watt = !winner && !s->unordered ? winner_attacks(pos->by_color, pos->by_type, s->w) : 0;
	for (int j = 0; j < n; j++) {
		vc_move m = ws->moves[j];
		int from = VC_MOVE_FROM(m), to = VC_MOVE_TO(m);
		int t = VC_PIECE_TYPE(pos->board[from]);
		int d = 0;
		if (!winner && t == VC_KING) {
			/* counted as a node made (it was one once: the counts stay) */
			if (++s->nodes > s->budget)
				return -1;
			if (s->unordered) {
				/* no score */
			} else if (m & VC_MF_CASTLE) {
				struct vc_position c = *pos;
				s->v->make(&c, m);
				d = potential(&c, s->w, false, ws->dist, ws->corner) - pot;
			} else {
				d = potential_kmove(pos, m, s->w, ws->dist, ws->corner, &watt) - pot;
			}
		} else if (!winner && luring && !(m & VC_MF_CASTLE)) {
			d = potential_lmove(pos, m, s->w, ws->dist, ws->corner) - pot;
		} else if (!s->unordered) {
			d = base + delta(pos, m, s->w, dk, ka, weak);
		}
		int pt = VC_MOVE_PROMOTION(m) ? VC_MOVE_PROMOTION(m) : t;
		if (winner && !(m & VC_MF_CASTLE) && (chk[pt] & VC_BIT(to))) {
			struct vc_position c = *pos;
			s->v->make(&c, m);
			if (++s->nodes > s->budget)
				return -1;
			if (vc_in_check(&c, s->l)) {
				if (!has_legal(s->v, &c, ws->scratch)) {
					if (make_path(ws, i, m, &s->found))
						return 1;
					s->truncated = true; /* too deep to be a witness */
				}
				d -= W_CHECK;
			}
		}
		kids[nk].move = m;
		kids[nk].f = pot + d;
		if (kids[nk].f < kids[best].f)
			best = nk;
		nk++;
	}
	/* the children are ranked lazily: the best (the first of the lowest)
	 * is chosen now, the next one when its elder brother leaves the open
	 * list (f grows with the rank, so the order stays exact; most
	 * positions see one or two) */
	if (nk) {
		struct kid t = kids[best];
		kids[best] = kids[0];
		kids[0] = t;
	}
	ws->xs[i].kids = ws->nkids;
	ws->xs[i].nkids = nk;
	ws->nkids += (size_t)nk;
	if (nk) {
		struct hentry e = { hkey(entry_f(s, kids[0].f, ws->xs[i].depth, 0), s->seq++), i, 0 };
		if (!open_add(s, e))
			return -1;
	}
	return 0;
}

/* Room for one more expanded position at ws->xs[ws->nx]. */
static bool reserve_node(struct vc_winnable_ws *ws)
{
	if (ws->nx == ws->capx) {
		size_t cap = ws->capx ? ws->capx * 2 : 1024;
		struct xnode *x = realloc(ws->xs, cap * sizeof *x);
		if (!x)
			return false;
		ws->xs = x;
		ws->capx = cap;
	}
	return true;
}

/* Keep ws->xs[ws->nx] (its position already there) as an expanded
 * position. */
static void commit_node(struct vc_winnable_ws *ws, int parent, vc_move m, int depth,
                        int w, bool check, bool score)
{
	struct xnode *x = &ws->xs[ws->nx++];
	x->parent = parent;
	x->move = m;
	x->depth = depth;
	x->check = check;
	x->pot = score ? potential(&x->pos, w, check, ws->dist, ws->corner) : 0;
}

/* From now on the balanced weights: every entry of the open list gets
 * its key under them (its sequence number kept), the heap rebuilt. The
 * open list keeps the same entries, so no reachable position is lost. */
static bool go_balanced(struct search *s)
{
	struct vc_winnable_ws *ws = s->ws;
	s->w_depth = W_DEPTH;
	s->rank_cost = RANK_COST;
	s->switch_at = 0;
	if (s->has_pend && !heap_push(ws, s->pend))
		return false;
	s->has_pend = false;
	for (size_t i = 0; i < ws->nh; i++) {
		struct hentry *e = &ws->heap[i];
		const struct xnode *px = &ws->xs[e->parent];
		int f = entry_f(s, ws->kids[px->kids + e->rank].f, px->depth, e->rank);
		e->key = hkey(f, (uint32_t)e->key);
	}
	for (size_t i = ws->nh / 2; i-- > 0;)
		sift_down(ws->heap, ws->nh, i, ws->heap[i]);
	return true;
}

/* 1 mate found, 0 every reachable position made and none a mate, -1
 * budget (or memory) ran out. A position is made when it leaves the open
 * list: a mate (a discovered check, castling) is recognised then, one made
 * before is skipped, one the static phase proves unwinnable is not
 * expanded. */
static int search(struct search *s, const struct vc_position *root)
{
	struct vc_winnable_ws *ws = s->ws;
	tt_start(ws);
	ws->corner = mate_corner(root, s->w);
	ws->nx = ws->nh = ws->nkids = 0;
	s->has_pend = false;
	tt_visit(ws, root->key);
	if (!reserve_node(ws))
		return -1;
	ws->xs[0].pos = *root;
	commit_node(ws, -1, VC_MOVE_NONE, 0, s->w, vc_in_check(root, s->l), !s->unordered);
	int r = expand(s, 0);
	while (r == 0 && (ws->nh || s->has_pend)) {
		if (s->switch_at && s->nodes >= s->switch_at && !go_balanced(s))
			return -1;
		if (!reserve_node(ws))
			return -1;
		/* the least entry leaves (the pending one or the heap's top);
		 * its younger brother, if any, takes its place (the heap's top:
		 * one sift instead of a pop and a push; the same set, so the
		 * same order) */
		bool top = !s->has_pend || (ws->nh && ws->heap[0].key < s->pend.key);
		struct hentry e = top ? ws->heap[0] : s->pend;
		/* the next entry out is this one's brother, the pending one or
		 * one of the heap top's children: their parents' positions and
		 * moves are fetched while this one is made */
		for (size_t h = 1; h <= 2 && h < ws->nh; h++) {
			const struct xnode *nx = &ws->xs[ws->heap[h].parent];
			__builtin_prefetch(nx);
			__builtin_prefetch((const char *)nx + 128);
		}
		if (!top)
			s->has_pend = false;
		const struct xnode *px = &ws->xs[e.parent];
		struct kid *kids = ws->kids + px->kids;
		if (e.rank + 1 < px->nkids) {
			select_next(kids, e.rank + 1, px->nkids);
			struct hentry nx = { hkey(entry_f(s, kids[e.rank + 1].f, px->depth, e.rank + 1),
			                          s->seq++),
			                     e.parent, e.rank + 1 };
			if (top)
				heap_replace_top(ws, nx);
			else if (!open_add(s, nx))
				return -1;
		} else if (top) {
			heap_pop(ws);
		}
		vc_move move = kids[e.rank].move;
		/* made in place, in the slot it keeps when it is expanded */
		struct vc_position *c = &ws->xs[ws->nx].pos;
		*c = px->pos;
		s->v->make(c, move);
		__builtin_prefetch(&ws->tt[(size_t)c->key & ws->mask]);
		if (++s->nodes > s->budget)
			return -1;
		/* the loser who just moved is not in check (a legal move) */
		bool check = c->side == s->l && vc_in_check(c, s->l);
		if (check && !has_legal(s->v, c, ws->scratch)) {
			if (make_path(ws, e.parent, move, &s->found))
				return 1;
			s->truncated = true;
			continue;
		}
		/* a position whose mates would be too deep for a witness is not
		 * expanded (nor marked: a shorter way may reach it) */
		if (px->depth + 1 >= WITNESS_PLIES) {
			s->truncated = true;
			continue;
		}
		if (tt_visit(ws, c->key) == 0)
			continue;
		/* no mate below a position the static phase proves unwinnable */
		if (vc_static_material(c, s->w) || vc_static_frozen(c, s->w))
			continue;
		commit_node(ws, e.parent, move, px->depth + 1, s->w, check, !s->unordered);
		r = expand(s, (int)ws->nx - 1);
	}
	/* run dry after leaving something out: no proof */
	return r == 0 && s->truncated ? -1 : r;
}

/* A side with nothing but its king (with two free squares around it at
 * most) and pawns (one at least), none of which can advance: the
 * positions where a forced line decides, worth a tiny search in the quick
 * test. */
static bool stuck_side(const struct vc_position *p)
{
	vc_bb occ = vc_occupied(p);
	for (int c = 0; c < 2; c++) {
		vc_bb pawns = vc_pieces(p, c, VC_PAWN);
		if (!pawns || (p->by_color[c] & ~pawns & ~p->by_type[VC_KING]))
			continue;
		vc_bb ahead = c == VC_WHITE ? pawns << 8 : pawns >> 8;
		vc_bb king = vc_pieces(p, c, VC_KING);
		if (!(ahead & ~occ) && king &&
		    vc_popcount(vc_king_attacks(vc_lsb(king)) & ~p->by_color[c]) <= 2)
			return true;
	}
	return false;
}

enum vc_winnable_answer vc_winnable_quick(struct vc_winnable_ws *ws,
                                          const struct vc_position *pos, int winner)
{
	if (!pos || (winner != VC_WHITE && winner != VC_BLACK) ||
	    pos->variant >= VC_NVARIANTS || !applicable(vc_variant_of(pos)))
		return VC_WINNABLE_UNDETERMINED;
	if (vc_static_material(pos, winner) || vc_static_frozen(pos, winner)) {
		/* unless the loser is mated already: a set-up position that no
		 * game reaches (a double check by bishops of one colour) defeats
		 * the material argument, which holds for positions made by moves */
		vc_move buf[VC_MAX_MOVES];
		if (pos->side == !winner && vc_in_check(pos, !winner) &&
		    !has_legal(vc_variant_of(pos), pos, buf))
			return VC_WINNABLE_UNDETERMINED;
		return VC_WINNABLE_NO;
	}
	if (!ws)
		return VC_WINNABLE_UNDETERMINED;
	/* a forced position (a check with few answers, a side with nothing
	 * that can move but its king): a search of a few nodes may visit every
	 * reachable position (only its "unwinnable" is taken) */
	const struct vc_variant *v = vc_variant_of(pos);
	int l = !winner;
	if (vc_in_check(pos, pos->side)) {
		int n = v->speed && v->speed->count_legal ? v->speed->count_legal(pos)
		                                          : v->gen_legal(pos, ws->scratch);
		if (n == 0) /* mate: the mater wins (not ours to say), not the mated */
			return pos->side == l ? VC_WINNABLE_UNDETERMINED : VC_WINNABLE_NO;
		if (n > QUICK_CHECK_ANSWERS)
			return VC_WINNABLE_UNDETERMINED;
	} else if (!stuck_side(pos)) {
		return VC_WINNABLE_UNDETERMINED;
	}
	struct search s = { .ws = ws, .v = v, .w = winner, .l = l,
	                    .budget = VC_WINNABLE_QUICK_NODES,
	                    .w_depth = W_DEPTH, .rank_cost = RANK_COST, .unordered = true };
	return search(&s, pos) == 0 ? VC_WINNABLE_NO : VC_WINNABLE_UNDETERMINED;
}

/* Is m a legal move of p? In the chess variants by the legal moves of
 * its piece to its square alone (vc_gen_legal_chess_to, which agrees with
 * the full generator: tests/test_movegen.c), else by all of them. */
static bool legal_in(const struct vc_position *p, vc_move m, vc_move *buf)
{
	const struct vc_variant *v = vc_variant_of(p);
	int n;
	if (v->gen_legal != vc_gen_legal_chess)
		n = v->gen_legal(p, buf);
	else if (m & VC_MF_CASTLE)
		n = vc_gen_castling_chess(p, buf);
	else
		n = vc_gen_legal_chess_to(p, VC_MOVE_TO(m),
		                          VC_PIECE_TYPE(p->board[VC_MOVE_FROM(m)]), buf);
	for (int i = 0; i < n; i++)
		if (buf[i] == m)
			return true;
	return false;
}

/* Replay the witness from the root, every move tested against the legal
 * moves of its position, and test the final checkmate of the loser. */
static bool witness_ok(const struct vc_position *root, int w, const vc_move *mv, int n)
{
	struct vc_position p = *root;
	vc_move buf[VC_MAX_MOVES];
	for (int i = 0; i < n; i++) {
		if (!legal_in(&p, mv[i], buf))
			return false;
		vc_variant_of(&p)->make(&p, mv[i]);
	}
	return p.side == !w && vc_in_check(&p, !w) && vc_legal_moves(&p, buf) == 0;
}

enum vc_code vc_winnable(struct vc_winnable_ws *ws, const struct vc_position *pos,
                         int winner, uint64_t budget, struct vc_winnable_result *out)
{
	out->answer = VC_WINNABLE_UNDETERMINED;
	out->nodes = 0;
	out->nwitness = 0;
	if (winner != VC_WHITE && winner != VC_BLACK)
		return VC_F_INVALID_ARGUMENT;
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
	if (vc_static_material(pos, winner) || vc_static_frozen(pos, winner)) {
		out->answer = VC_WINNABLE_NO;
		return VC_F_OK;
	}

	struct vc_winnable_ws *own = NULL;
	if (!ws) {
		if (vc_winnable_ws_new(&own))
			return VC_F_OUT_OF_MEMORY;
		ws = own;
	}
	/* one search: greedy weights for its first GREEDY_NODES nodes, then
	 * the balanced ones over the same open list */
	struct search s = { .ws = ws, .v = v, .w = winner, .l = l, .budget = budget,
	                    .w_depth = GREEDY_DEPTH, .rank_cost = GREEDY_RANK,
	                    .switch_at = GREEDY_NODES };
	int r = search(&s, pos), found = s.found;
	uint64_t used = s.nodes > budget ? budget : s.nodes;
	if (r > 0 && witness_ok(pos, winner, ws->path, found)) {
		out->answer = VC_WINNABLE_YES;
		out->nwitness = found;
		memcpy(out->witness, ws->path, (size_t)found * sizeof(vc_move));
	} else if (r == 0) {
		out->answer = VC_WINNABLE_NO;
	}
	out->nodes = used;
	vc_winnable_ws_free(own);
	return VC_F_OK;
}
