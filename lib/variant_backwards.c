/* vchess - Backwards Stalemate Chess: retro move generation, make, outcome,
 * FEN validation and move text. Rules: vchess-rules(7) section 5 (which
 * decides where the inventor's description is loose); notation:
 * vchess-backwards(7); move encoding: variant_backwards.h.
 *
 * Generation works square by square on bitboards. A move lifts a piece X
 * from S to an empty square T from which X could have reached S (reversed
 * geometry: the attack sets of position.h, seen from S, are exactly the
 * squares a piece could have come from), and for the uncapture kinds puts a
 * created piece C on S. Legality is then a matter of the invariants:
 *   - reserve and bishop slots: C has the colour opposite to X's in both
 *     uncapture kinds, so X's move never changes the reserve C comes from;
 *     that reserve is computed once per position;
 *   - pawn rules: a precomputed mask per colour of the squares where a
 *     pawn may be added (rank 2..7, no pawn of its colour on the file, the
 *     opposing pawn of the file on the right side);
 *   - check rules: in an uncapture S stays occupied, so the move can only
 *     block lines, never open one. A king not in check before is in check
 *     after only if X attacks it from T or C attacks it from S; a king in
 *     check before stays in check unless T blocks every old checker's line
 *     (X itself may have been the checker). A retraction vacates S, which
 *     opens a line only if S held the first piece on one of a king's lines;
 *     then, and for king moves and unpromotions, a full attack test.
 */
#include <string.h>

#include "variant_backwards.h"
#include "variant_internal.h"

#define RANK_1 0xFFull
#define RANK_8 (0xFFull << 56)
#define FILE_A 0x0101010101010101ull
#define DARK_SQUARES 0xAA55AA55AA55AA55ull /* a1 is dark */
#define LIGHT_SQUARES (~DARK_SQUARES)

static const char piece_letters[] = " PNBRQK";

/* Everything the generator derives once per position. */
struct ctx {
	vc_bb pc[2][7];    /* pieces by colour and type */
	vc_bb occ;
	int ksq[2];
	unsigned chk0;     /* bit c: king of colour c in check before the move */
	unsigned kinds[2]; /* bit t: a piece of type t (P, N, R, Q) is in the
	                      colour's reserve; bishops go by bslot */
	vc_bb bslot[2];    /* squares on which a bishop of the colour may appear */
	vc_bb pawnsq[2];   /* squares where a pawn of the colour may be added */
	vc_bb blockers[2]; /* the first piece on each line from each king:
	                      only vacating one of these opens a line to it */
	vc_bb attackers[2];   /* pieces giving check to each king */
	vc_bb checkers[2][7]; /* [k][t]: squares from which a piece of type t
	                         and colour !k attacks k's king as the board
	                         stands (exact while no line to it opens) */
};

/* ---- Small geometry helpers --------------------------------------------- */

static inline vc_bb file_of(int sq) { return FILE_A << VC_FILE(sq); }

/* Squares attacked by a piece of colour c and type t on sq. */
static inline vc_bb piece_attacks(int c, int t, int sq, vc_bb occ)
{
	switch (t) {
	case VC_PAWN: return vc_pawn_attacks(c, sq);
	case VC_KNIGHT: return vc_knight_attacks(sq);
	case VC_BISHOP: return vc_bishop_attacks(sq, occ);
	case VC_ROOK: return vc_rook_attacks(sq, occ);
	case VC_QUEEN: return vc_bishop_attacks(sq, occ) | vc_rook_attacks(sq, occ);
	default: return vc_king_attacks(sq);
	}
}

/* Squares from which a piece of colour c and type t could have captured on
 * sq (sliders: the squares between empty). A pawn captured diagonally
 * forward, so it came from where a pawn of the other colour on sq attacks. */
static inline vc_bb uncapture_from(int c, int t, int sq, vc_bb occ)
{
	if (t == VC_PAWN)
		return vc_pawn_attacks(!c, sq);
	return piece_attacks(c, t, sq, occ);
}

/* Squares from which a piece could have made a non-capturing move to sq.
 * Pawns: one square straight back, or two from the fourth rank to the
 * second with both squares empty. (Rank 1/8 targets are left to the pawn
 * rules.) */
static inline vc_bb retract_from(int c, int t, int sq, vc_bb occ)
{
	if (t != VC_PAWN)
		return piece_attacks(c, t, sq, occ);
	vc_bb b = 0;
	if (c == VC_WHITE) {
		if (sq >= 8) {
			b = VC_BIT(sq - 8);
			if (VC_RANK(sq) == 3 && !(occ & b))
				b |= VC_BIT(sq - 16);
		}
	} else {
		if (sq < 56) {
			b = VC_BIT(sq + 8);
			if (VC_RANK(sq) == 4 && !(occ & b))
				b |= VC_BIT(sq + 16);
		}
	}
	return b;
}

/* Is sq attacked by the pieces p[] of colour `by` (occupancy occ)? */
static inline bool attacked(const vc_bb p[7], int by, int sq, vc_bb occ)
{
	if ((vc_knight_attacks(sq) & p[VC_KNIGHT]) || (vc_king_attacks(sq) & p[VC_KING]) ||
	    (vc_pawn_attacks(!by, sq) & p[VC_PAWN]))
		return true;
	vc_bb diag = p[VC_BISHOP] | p[VC_QUEEN], orth = p[VC_ROOK] | p[VC_QUEEN];
	return ((diag & vc_bishop_attacks(sq, occ)) || (orth & vc_rook_attacks(sq, occ)));
}

/* Squares where a pawn of colour c may be added to the pawns own/opp:
 * ranks 2 to 7, no pawn of colour c on the file, and White's pawn below
 * Black's where a file holds both (vchess-rules(7) section 5, pawn rules). */
static vc_bb pawn_squares(vc_bb own, vc_bb opp, int c)
{
	vc_bb ok = 0;
	for (int f = 0; f < 8; f++) {
		vc_bb file = FILE_A << f;
		if (own & file)
			continue;
		vc_bb m = file & ~(RANK_1 | RANK_8);
		vc_bb o = opp & file;
		if (o) {
			if (c == VC_WHITE)
				m &= VC_BIT(vc_lsb(o)) - 1; /* below the lowest black pawn */
			else
				m &= ~((VC_BIT(63 - __builtin_clzll(o)) << 1) - 1); /* above */
		}
		ok |= m;
	}
	return ok;
}

static void ctx_init(struct ctx *g, const struct vc_position *pos)
{
	for (int c = 0; c < 2; c++) {
		g->pc[c][0] = 0;
		for (int t = 1; t < 7; t++)
			g->pc[c][t] = pos->by_color[c] & pos->by_type[t];
	}
	g->occ = pos->by_color[0] | pos->by_color[1];
	g->chk0 = 0;
	for (int c = 0; c < 2; c++) {
		const vc_bb *p = g->pc[c];
		g->ksq[c] = p[VC_KING] ? vc_lsb(p[VC_KING]) : 0;
		unsigned k = 0;
		if (!p[VC_QUEEN])
			k |= 1u << VC_QUEEN;
		if (vc_popcount(p[VC_ROOK]) < 2)
			k |= 1u << VC_ROOK;
		if (vc_popcount(p[VC_KNIGHT]) < 2)
			k |= 1u << VC_KNIGHT;
		if (vc_popcount(p[VC_PAWN]) < 8)
			k |= 1u << VC_PAWN;
		g->kinds[c] = k;
		g->bslot[c] = ((p[VC_BISHOP] & LIGHT_SQUARES) ? 0 : LIGHT_SQUARES) |
		              ((p[VC_BISHOP] & DARK_SQUARES) ? 0 : DARK_SQUARES);
	}
	for (int c = 0; c < 2; c++) {
		g->pawnsq[c] = pawn_squares(g->pc[c][VC_PAWN], g->pc[!c][VC_PAWN], c);
		int ks = g->ksq[c];
		vc_bb *cf = g->checkers[c];
		cf[0] = 0;
		cf[VC_PAWN] = vc_pawn_attacks(c, ks);
		cf[VC_KNIGHT] = vc_knight_attacks(ks);
		cf[VC_BISHOP] = vc_bishop_attacks(ks, g->occ);
		cf[VC_ROOK] = vc_rook_attacks(ks, g->occ);
		cf[VC_QUEEN] = cf[VC_BISHOP] | cf[VC_ROOK];
		cf[VC_KING] = vc_king_attacks(ks);
		g->blockers[c] = cf[VC_QUEEN] & g->occ;
		vc_bb a = 0;
		for (int t = VC_PAWN; t <= VC_KING; t++)
			a |= cf[t] & g->pc[!c][t];
		if (!g->pc[c][VC_KING])
			a = 0; /* no king, no check (never in a valid position) */
		g->attackers[c] = a;
		if (a)
			g->chk0 |= 1u << c;
	}
}

/* The check rules on the check bits after a move (bit c: c's king in
 * check): never both kings; a king in check before is not in check after. */
static inline bool checks_ok(const struct ctx *g, unsigned after)
{
	return after != 3 && !(after & g->chk0);
}

/* Types of colour cc that may be created on S (bit t), as the board
 * stands; X is the piece that leaves S. If X is a pawn of the other colour
 * it leaves the file, so only the rank and own-pawn parts of the pawn rule
 * apply. */
static inline unsigned creatable(const struct ctx *g, int cc, int S, int x_pc)
{
	unsigned m = g->kinds[cc];
	if (m & (1u << VC_PAWN)) {
		bool ok;
		if (VC_PIECE_TYPE(x_pc) == VC_PAWN)
			ok = !(VC_BIT(S) & (RANK_1 | RANK_8)) &&
			     !(g->pc[cc][VC_PAWN] & file_of(S));
		else
			ok = (g->pawnsq[cc] & VC_BIT(S)) != 0;
		if (!ok)
			m &= ~(1u << VC_PAWN);
	}
	if (g->bslot[cc] & VC_BIT(S))
		m |= 1u << VC_BISHOP;
	return m;
}

/* For a king k in check before the move: is it still in check after X
 * (colour cx, type tx, not k's king) goes from S to T, when vacating S
 * opens no line to k? Each old checker other than X still checks unless T
 * blocks its line; X may check from T. */
static inline bool still_checked(const struct ctx *g, int k, int cx, int tx, int S, int T)
{
	vc_bb a = g->attackers[k] & ~VC_BIT(S);
	for (; a; a &= a - 1)
		if (!(vc_between(vc_lsb(a), g->ksq[k]) & VC_BIT(T)))
			return true;
	return cx != k && (g->checkers[k][tx] & VC_BIT(T));
}

/* Check bits after an uncapture that moves X (colour cx, type tx) from S to
 * T, with S still occupied (by the created piece, not counted here). */
static inline unsigned uncapture_checks(const struct ctx *g, int cx, int tx, int S,
                                        int T, vc_bb occ2)
{
	unsigned r = 0;
	for (int k = 0; k < 2; k++) {
		int e = !k;
		if (cx == k && tx == VC_KING) {
			if (attacked(g->pc[e], e, T, occ2))
				r |= 1u << k;
		} else if (!(g->chk0 & (1u << k))) {
			/* Lines only close: only X, from T, can newly attack. */
			if (cx == e && (g->checkers[k][tx] & VC_BIT(T)))
				r |= 1u << k;
		} else if (still_checked(g, k, cx, tx, S, T)) {
			r |= 1u << k;
		}
	}
	return r;
}

/* Is the king of colour k in check after X (colour cx) goes from S (type
 * tfrom) to T (type tto), occupancy occ2 after the move, piece code cpc (or
 * 0) created on S? The general test. */
static bool king_checked(const struct ctx *g, int k, int cx, int tfrom, int S, int tto, int T,
                         vc_bb occ2, int cpc)
{
	int e = !k, ksq = g->ksq[k];
	vc_bb p[7];
	memcpy(p, g->pc[e], sizeof p);
	if (cx == e) {
		p[tfrom] &= ~VC_BIT(S);
		p[tto] |= VC_BIT(T);
	} else if (tfrom == VC_KING) {
		ksq = T;
	}
	if (cpc && VC_PIECE_COLOR(cpc) == e)
		p[VC_PIECE_TYPE(cpc)] |= VC_BIT(S);
	return attacked(p, e, ksq, occ2);
}

/* Check bits of both kings by the general test: unpromotions. */
static unsigned full_checks(const struct ctx *g, int cx, int tfrom, int S, int tto, int T,
                            vc_bb occ2, int cpc)
{
	return (unsigned)king_checked(g, VC_WHITE, cx, tfrom, S, tto, T, occ2, cpc) |
	       (unsigned)king_checked(g, VC_BLACK, cx, tfrom, S, tto, T, occ2, cpc) << 1;
}

/* Check bits after a retraction of X (colour cx, type tx) from S to T.
 * S is vacated, so a line to a king can open, but only if S holds the first
 * piece on one of that king's lines; otherwise the old checkers and X, from
 * T, are all that can attack it. */
static inline unsigned retract_checks(const struct ctx *g, int cx, int tx, int S, int T,
                                      vc_bb occ2)
{
	unsigned r = 0;
	for (int k = 0; k < 2; k++) {
		bool chk;
		if ((g->blockers[k] & VC_BIT(S)) || (cx == k && tx == VC_KING))
			chk = king_checked(g, k, cx, tx, S, tx, T, occ2, 0);
		else if (g->chk0 & (1u << k))
			chk = still_checked(g, k, cx, tx, S, T);
		else
			chk = cx != k && (g->checkers[k][tx] & VC_BIT(T));
		if (chk)
			r |= 1u << k;
	}
	return r;
}

/* Emit base | created piece for every type in `types` of colour cc on S
 * that keeps the check rules, given check bits f0 without the created
 * piece. ek: the square of the king the created piece could attack. */
static inline vc_move *emit_created(const struct ctx *g, vc_move *o, vc_move base, int cc,
                                    unsigned types, int S, unsigned f0, int ek, vc_bb occ2)
{
	unsigned kb = 1u << !cc;
	if ((f0 & kb) || checks_ok(g, f0 | kb)) {
		/* whatever the created piece attacks, the rules hold */
		for (; types; types &= types - 1)
			*o++ = base | ((vc_move)VC_PIECE(cc, __builtin_ctz(types)) << 15);
		return o;
	}
	vc_bb ekb = VC_BIT(ek);
	for (; types; types &= types - 1) {
		int t = __builtin_ctz(types);
		if (!(piece_attacks(cc, t, S, occ2) & ekb))
			*o++ = base | ((vc_move)VC_PIECE(cc, t) << 15);
	}
	return o;
}

static int bw_gen_legal(const struct vc_position *pos, vc_move *out)
{
	if (vc_bw_goal_reached(pos, VC_WHITE) || vc_bw_goal_reached(pos, VC_BLACK))
		return 0;
	struct ctx g;
	ctx_init(&g, pos);
	const int us = pos->side, them = !us;
	const vc_bb occ = g.occ, empty = ~occ;
	vc_move *o = out;

	/* Kinds 1 and 2: uncaptures. X of colour cx leaves S; a piece of the
	 * other colour cc appears on S. */
	for (int cx = 0; cx < 2; cx++) {
		int cc = !cx;
		for (vc_bb xs = pos->by_color[cx]; xs; xs &= xs - 1) {
			int S = vc_lsb(xs);
			int x_pc = pos->board[S], tx = VC_PIECE_TYPE(x_pc);
			unsigned types = creatable(&g, cc, S, x_pc);
			if (!types)
				continue;
			vc_bb targets = uncapture_from(cx, tx, S, occ) & empty;
			if (tx == VC_PAWN)
				targets &= g.pawnsq[cx]; /* X leaves its file */
			for (; targets; targets &= targets - 1) {
				int T = vc_lsb(targets);
				vc_bb occ2 = occ | VC_BIT(T);
				unsigned f0 = uncapture_checks(&g, cx, tx, S, T, occ2);
				if (!checks_ok(&g, f0))
					continue;
				int ek = tx == VC_KING ? T : g.ksq[cx]; /* C attacks X's king */
				o = emit_created(&g, o, VC_MOVE(S, T) | VC_MF_RETRO, cc, types, S, f0,
				                 ek, occ2);
			}
		}
	}

	/* Kind 3: retractions of our pieces. */
	for (vc_bb xs = pos->by_color[us]; xs; xs &= xs - 1) {
		int S = vc_lsb(xs);
		int tx = VC_PIECE_TYPE(pos->board[S]);
		vc_bb targets = retract_from(us, tx, S, occ) & empty;
		if (tx == VC_PAWN)
			targets &= ~(RANK_1 | RANK_8);
		for (; targets; targets &= targets - 1) {
			int T = vc_lsb(targets);
			vc_bb occ2 = occ ^ VC_BIT(S) ^ VC_BIT(T);
			if (checks_ok(&g, retract_checks(&g, us, tx, S, T, occ2)))
				*o++ = VC_MOVE(S, T) | VC_MF_RETRO;
		}
	}

	/* Unpromotions: a piece on the opponent's first rank becomes a pawn
	 * from our reserve one square back. */
	if (g.kinds[us] & (1u << VC_PAWN)) {
		vc_bb last = us == VC_WHITE ? RANK_8 : RANK_1;
		vc_bb cand = pos->by_color[us] & last & ~pos->by_type[VC_KING] & ~pos->by_type[VC_PAWN];
		for (; cand; cand &= cand - 1) {
			int S = vc_lsb(cand);
			int tx = VC_PIECE_TYPE(pos->board[S]);
			vc_move base = VC_MOVE_PROMO(S, 0, VC_PAWN) | VC_MF_UNPROMO | VC_MF_RETRO;
			int straight = us == VC_WHITE ? S - 8 : S + 8;
			if ((empty & g.pawnsq[us]) & VC_BIT(straight)) {
				vc_bb occ2 = occ ^ VC_BIT(S) ^ VC_BIT(straight);
				if (checks_ok(&g, full_checks(&g, us, tx, S, VC_PAWN, straight, occ2, 0)))
					*o++ = base | ((vc_move)straight << 6);
			}
			unsigned types = creatable(&g, them, S, pos->board[S]);
			vc_bb diag = vc_pawn_attacks(them, S) & empty & g.pawnsq[us];
			for (; types && diag; diag &= diag - 1) {
				int T = vc_lsb(diag);
				vc_bb occ2 = occ | VC_BIT(T);
				unsigned f0 = full_checks(&g, us, tx, S, VC_PAWN, T, occ2, 0);
				if (!checks_ok(&g, f0))
					continue;
				o = emit_created(&g, o, base | ((vc_move)T << 6), them, types, S, f0,
				                 g.ksq[us], occ2);
			}
		}
	}
	return (int)(o - out);
}

static void bw_make(struct vc_position *pos, vc_move m)
{
	int S = VC_MOVE_FROM(m), T = VC_MOVE_TO(m), cpc = VC_MOVE_CREATED(m);
	int x = pos->board[S];
	bool unpromo = (m & VC_MF_UNPROMO) != 0;
	vc_remove_piece(pos, S);
	vc_put_piece(pos, T, unpromo ? VC_PIECE(VC_PIECE_COLOR(x), VC_PAWN) : x);
	if (cpc)
		vc_put_piece(pos, S, cpc);
	/* The 75-move clock counts plies with no piece created, no
	 * unpromotion and no pawn moved (vchess-rules(7) section 5). */
	if (cpc || unpromo || VC_PIECE_TYPE(x) == VC_PAWN)
		pos->halfmove = 0;
	else
		pos->halfmove++;
	if (pos->side == VC_BLACK)
		pos->fullmove++;
	pos->side ^= 1;
	pos->key ^= vc_zobrist_side();
	VC_DEBUG_CHECK(pos, VC_PCHK_ALL);
}

/* ---- Goal, outcome ------------------------------------------------------ */

bool vc_bw_goal_reached(const struct vc_position *pos, int color)
{
	static const vc_bb white[7] = {
		[VC_PAWN] = 0xFF00ull, [VC_KNIGHT] = 0x42ull, [VC_BISHOP] = 0x24ull,
		[VC_ROOK] = 0x81ull, [VC_QUEEN] = 0x08ull, [VC_KING] = 0x10ull,
	};
	int shift = color == VC_WHITE ? 0 : 56;
	if (pos->by_color[color] != (color == VC_WHITE ? 0xFFFFull : 0xFFFFull << 48))
		return false;
	for (int t = VC_PAWN; t <= VC_KING; t++) {
		vc_bb want = t == VC_PAWN ? (color == VC_WHITE ? 0xFF00ull : 0xFFull << 48)
		                          : white[t] << shift;
		if (vc_pieces(pos, color, t) != want)
			return false;
	}
	return true;
}

/* The variant's own end of game, in this order: the goal (whoever made
 * the move; both at once is a draw), no legal move (the side to move
 * loses, before the shared move-count rules, as checkmate outranks the
 * 75-move rule in chess). The shared rules follow (vc_generic_outcome: the
 * 75- and lichess 50-move rules on the clock bw_make keeps; insufficient
 * material does not apply, no royal king flag), then repetition, the
 * game layer's. */
static struct vc_outcome bw_outcome(const struct vc_position *pos, int nlegal,
                                    enum vc_ruleset rules)
{
	struct vc_outcome oc = { VC_RES_NONE, VC_TERM_NONE };
	bool w = vc_bw_goal_reached(pos, VC_WHITE), b = vc_bw_goal_reached(pos, VC_BLACK);
	if (w || b) {
		oc.result = w && b ? VC_RES_DRAW : w ? VC_RES_WHITE : VC_RES_BLACK;
		oc.termination = VC_TERM_GOAL_REACHED;
	} else if (nlegal == 0) {
		oc.result = pos->side == VC_WHITE ? VC_RES_BLACK : VC_RES_WHITE;
		oc.termination = VC_TERM_NO_LEGAL_MOVE;
	}
	(void)rules;
	return oc;
}

/* ---- FEN validation ------------------------------------------------------ */

static enum vc_fen_status bw_validate(struct vc_position *pos, unsigned *warnings)
{
	/* Castling and en-passant fields must be '-': the FEN reader reports
	 * rights it ignored or dropped as warnings; here they are errors. */
	if (pos->castle || pos->ep != VC_NO_SQ ||
	    (*warnings & (VC_FENW_CASTLING_IGNORED | VC_FENW_CASTLING_DROPPED | VC_FENW_EP_IMPOSSIBLE)))
		return VC_FEN_BAD_VARIANT_POSITION;
	for (int c = 0; c < 2; c++) {
		int nk = vc_popcount(vc_pieces(pos, c, VC_KING));
		if (nk == 0)
			return VC_FEN_NO_KING;
		if (nk > 1)
			return VC_FEN_TOO_MANY_KINGS;
	}
	if (pos->by_type[VC_PAWN] & (RANK_1 | RANK_8))
		return VC_FEN_PAWN_ON_BACK_RANK;
	for (int c = 0; c < 2; c++) {
		if (vc_popcount(pos->by_color[c]) > 16 || vc_popcount(vc_pieces(pos, c, VC_PAWN)) > 8)
			return VC_FEN_TOO_MANY_PIECES;
		vc_bb bish = vc_pieces(pos, c, VC_BISHOP);
		if (vc_popcount(vc_pieces(pos, c, VC_QUEEN)) > 1 ||
		    vc_popcount(vc_pieces(pos, c, VC_ROOK)) > 2 ||
		    vc_popcount(vc_pieces(pos, c, VC_KNIGHT)) > 2 ||
		    vc_popcount(bish & LIGHT_SQUARES) > 1 || vc_popcount(bish & DARK_SQUARES) > 1)
			return VC_FEN_BAD_VARIANT_POSITION;
	}
	vc_bb wp = vc_pieces(pos, VC_WHITE, VC_PAWN), bp = vc_pieces(pos, VC_BLACK, VC_PAWN);
	for (int f = 0; f < 8; f++) {
		vc_bb w = wp & (FILE_A << f), b = bp & (FILE_A << f);
		if (vc_popcount(w) > 1 || vc_popcount(b) > 1)
			return VC_FEN_BAD_VARIANT_POSITION;
		if (w && b && vc_lsb(w) > vc_lsb(b))
			return VC_FEN_BAD_VARIANT_POSITION;
	}
	if (vc_in_check(pos, VC_WHITE) && vc_in_check(pos, VC_BLACK))
		return VC_FEN_BAD_VARIANT_POSITION;
	return VC_FEN_OK;
}

/* ---- Queries for tests and tools --------------------------------------- */

bool vc_bw_can_create(const struct vc_position *pos, int pc, int sq)
{
	int c = VC_PIECE_COLOR(pc), t = VC_PIECE_TYPE(pc);
	if (t < VC_PAWN || t >= VC_KING || sq < 0 || sq > 63)
		return false;
	struct ctx g;
	ctx_init(&g, pos);
	if (t == VC_PAWN)
		return (g.kinds[c] & (1u << VC_PAWN)) && (g.pawnsq[c] & VC_BIT(sq));
	if (t == VC_BISHOP)
		return (g.bslot[c] & VC_BIT(sq)) != 0;
	return (g.kinds[c] & (1u << t)) != 0;
}

int vc_bw_move_kind(const struct vc_position *pos, vc_move m)
{
	int cpc = VC_MOVE_CREATED(m);
	if (!cpc)
		return 3;
	return VC_PIECE_COLOR(cpc) == pos->side ? 1 : 2;
}

/* ---- Move text ------------------------------------------------------------ */

static int letter_piece(char ch)
{
	for (int t = VC_PAWN; t <= VC_KING; t++) {
		if (ch == piece_letters[t])
			return VC_PIECE(VC_WHITE, t);
		if (ch == piece_letters[t] + ('a' - 'A'))
			return VC_PIECE(VC_BLACK, t);
	}
	return 0;
}

static char piece_letter(int pc)
{
	char ch = piece_letters[VC_PIECE_TYPE(pc)];
	return VC_PIECE_COLOR(pc) == VC_BLACK ? (char)(ch + ('a' - 'A')) : ch;
}

static int text_square(const char *s)
{
	if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
		return -1;
	return VC_SQ(s[0] - 'a', s[1] - '1');
}

static char *bw_write_move(const struct vc_position *pos, vc_move m, char *buf)
{
	int S = VC_MOVE_FROM(m), T = VC_MOVE_TO(m), cpc = VC_MOVE_CREATED(m);
	int x = pos->board[S];
	char *o = buf;
	*o++ = x ? piece_letter(x) : '?';
	*o++ = (char)('a' + VC_FILE(S));
	*o++ = (char)('1' + VC_RANK(S));
	*o++ = (char)('a' + VC_FILE(T));
	*o++ = (char)('1' + VC_RANK(T));
	if (m & VC_MF_UNPROMO) {
		*o++ = '=';
		*o++ = piece_letter(VC_PIECE(VC_PIECE_COLOR(x), VC_PAWN));
	}
	if (cpc) {
		*o++ = 'x';
		*o++ = piece_letter(cpc);
	}
	*o = 0;
	return buf;
}

/* Could a move of this shape exist in pos, ignoring reserve, bishop slots,
 * pawn rules, check rules and the goal? (VC_BW_PARSE_IMPOSSIBLE when not.) */
static bool shape_possible(const struct vc_position *pos, int moved, int S, int T,
                           bool unpromo, int unpromo_color, int cpc)
{
	int us = pos->side;
	vc_bb occ = vc_occupied(pos);
	if (S == T || pos->board[S] != moved || pos->board[T])
		return false;
	int cx = VC_PIECE_COLOR(moved), tx = VC_PIECE_TYPE(moved);
	if (cpc && VC_PIECE_TYPE(cpc) == VC_KING)
		return false;
	if (unpromo) {
		if (cx != us || unpromo_color != cx || tx == VC_PAWN || tx == VC_KING ||
		    VC_RANK(S) != (us == VC_WHITE ? 7 : 0))
			return false;
		if (!cpc)
			return T == (us == VC_WHITE ? S - 8 : S + 8);
		return VC_PIECE_COLOR(cpc) != us && (vc_pawn_attacks(!us, S) & VC_BIT(T));
	}
	if (!cpc)
		return cx == us && (retract_from(cx, tx, S, occ) & VC_BIT(T));
	/* kind 2 (own piece, opponent's piece created) or kind 1 (the reverse) */
	if (VC_PIECE_COLOR(cpc) == cx)
		return false;
	return (uncapture_from(cx, tx, S, occ) & VC_BIT(T)) != 0;
}

static int bw_parse_move(const struct vc_position *pos, const char *text, size_t len,
                         vc_move *out, unsigned *warnings)
{
	*out = VC_MOVE_NONE;
	if (!text || len < 5)
		return VC_BW_PARSE_MALFORMED;
	int moved = letter_piece(text[0]);
	int S = text_square(text + 1), T = text_square(text + 3);
	if (!moved || S < 0 || T < 0)
		return VC_BW_PARSE_MALFORMED;
	size_t i = 5;
	bool unpromo = false;
	int unpromo_color = 0, cpc = 0;
	if (i < len && text[i] == '=') {
		if (i + 1 >= len || (text[i + 1] != 'P' && text[i + 1] != 'p'))
			return VC_BW_PARSE_MALFORMED;
		unpromo = true;
		unpromo_color = text[i + 1] == 'p' ? VC_BLACK : VC_WHITE;
		i += 2;
	}
	if (i < len && text[i] == 'x') {
		if (i + 1 >= len || !(cpc = letter_piece(text[i + 1])))
			return VC_BW_PARSE_MALFORMED;
		i += 2;
	}
	bool plus = false;
	if (i < len && text[i] == '+') {
		plus = true;
		i++;
	}
	for (int n = 0; n < 2 && i < len && (text[i] == '!' || text[i] == '?'); n++)
		i++;
	if (i != len)
		return VC_BW_PARSE_MALFORMED;

	if (!shape_possible(pos, moved, S, T, unpromo, unpromo_color, cpc))
		return VC_BW_PARSE_IMPOSSIBLE;
	vc_move m = VC_MOVE(S, T) | VC_MF_RETRO | ((vc_move)cpc << 15);
	if (unpromo)
		m |= VC_MF_UNPROMO | ((vc_move)VC_PAWN << 12);
	vc_move list[VC_MAX_MOVES];
	int n = bw_gen_legal(pos, list);
	for (int k = 0; k < n; k++) {
		if (list[k] != m)
			continue;
		if (plus && warnings) {
			struct vc_position next = *pos;
			bw_make(&next, m);
			if (!vc_in_check(&next, VC_WHITE) && !vc_in_check(&next, VC_BLACK))
				*warnings |= VC_BW_WARN_FALSE_CHECK;
		}
		*out = m;
		return VC_BW_PARSE_OK;
	}
	return VC_BW_PARSE_ILLEGAL;
}

/* ---- The variant ----------------------------------------------------------- */

static const char *const backwards_aliases[] = { "Backwards Stalemate Chess", "Backwards", NULL };

/* No VC_VF_ROYAL_KING: the generic FEN checks would reject a position with
 * the side not to move in check, which this variant allows (the seed's own
 * example); bw_validate checks the kings instead. */
const struct vc_variant vc_variant_backwards = {
	.id = VC_BACKWARDS,
	.name = "backwards",
	.aliases = backwards_aliases,
	.start_fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
	.flags = VC_VF_RETRO,
	.summary = "Backwards Stalemate Chess: uncaptures and retractions toward the start array",
	.gen_legal = bw_gen_legal,
	.make = bw_make,
	.outcome = bw_outcome,
	.validate = bw_validate,
	.parse_move = bw_parse_move,
	.write_move = bw_write_move,
};
