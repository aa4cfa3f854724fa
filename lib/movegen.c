/* vchess - legal move generation and make move for standard chess, Chess960
 * (and Undo Chess, which moves as Chess960) and Antichess.
 *
 * Chess: fully legal generation with check and pin masks (no make/test),
 * castling encoded king -> castling rook (vchess-rules(7) section 2: every square
 * the king or the rook passes or lands on empty but for those two, the
 * king's path including both ends not attacked, attacks judged without the
 * castling rook on its square).
 * Antichess (vchess-rules(7) section 3): every pseudo-legal move is legal, the king
 * is ordinary, promotion also to king, and captures are compulsory.
 */
#include <stdlib.h>
#include <string.h>

#include "variant.h"
#include "variant_internal.h"
#include "attacks_internal.h"
#include "internal.h"
#include "movegen_internal.h"
#include "san.h"

/* The king's squares to test (its moves, the castling paths) from which
 * one map of their attacks costs less than testing them one by one
 * (measured: instruction counts of Kiwipete, the middlegame set, the start
 * position and Chess960; 2 and 4 were worse). */
#define VC_DANGER_MIN 3
/* The same at perft's last ply, where danger_map tests only the sliders
 * near the king (struct leaf_ctx): 2 (1 and 3 were worse on the start
 * position and the middlegame set, measured the same way). */
#define VC_DANGER_MIN_LEAF 2
#define RANK1 0x00000000000000FFull
#define RANK8 0xFF00000000000000ull

static inline vc_move *add_promos(vc_move *o, int from, int to, bool king)
{
	*o++ = VC_MOVE_PROMO(from, to, VC_QUEEN);
	*o++ = VC_MOVE_PROMO(from, to, VC_ROOK);
	*o++ = VC_MOVE_PROMO(from, to, VC_BISHOP);
	*o++ = VC_MOVE_PROMO(from, to, VC_KNIGHT);
	if (king)
		*o++ = VC_MOVE_PROMO(from, to, VC_KING);
	return o;
}

/* Pawn moves of a whole set at once, by shifts: single and double pushes
 * to empty squares, captures towards the a-file side (west) and the h-file
 * side (east) onto `theirs`. Each set holds one move per pawn. */
struct pawn_sets {
	vc_bb push1, push2, capw, cape;
};

static inline struct pawn_sets pawn_sets(int us, vc_bb pawns, vc_bb empty, vc_bb theirs)
{
	const vc_bb not_a = ~0x0101010101010101ull, not_h = ~0x8080808080808080ull;
	struct pawn_sets ps;
	if (us == VC_WHITE) {
		ps.push1 = (pawns << 8) & empty;
		ps.push2 = ((ps.push1 & 0x0000000000FF0000ull) << 8) & empty;
		ps.capw = ((pawns & not_a) << 7) & theirs;
		ps.cape = ((pawns & not_h) << 9) & theirs;
	} else {
		ps.push1 = (pawns >> 8) & empty;
		ps.push2 = ((ps.push1 & 0x0000FF0000000000ull) >> 8) & empty;
		ps.capw = ((pawns & not_a) >> 9) & theirs;
		ps.cape = ((pawns & not_h) >> 7) & theirs;
	}
	return ps;
}

/* Squares a non-pawn piece on `from` attacks (antichess: the king is an
 * ordinary piece). */
static inline __attribute__((always_inline)) vc_bb
piece_attacks(const struct vc_position *pos, int from, vc_bb occ, const bool pext)
{
	switch (VC_PIECE_TYPE(pos->board[from])) {
	case VC_KNIGHT: return vc_knight_attacks(from);
	case VC_BISHOP: return vc_bishop_att_(from, occ, pext);
	case VC_ROOK: return vc_rook_att_(from, occ, pext);
	case VC_QUEEN: return vc_bishop_att_(from, occ, pext) | vc_rook_att_(from, occ, pext);
	default: return vc_king_attacks(from);
	}
}

/* Of the sliders `on_lines` (each on a rook or bishop line through sq, as
 * their kind moves), those with nothing of `occ` between them and sq.
 * Between the moves of a game record (SAN resolution, has-a-move tests)
 * the cache is cold: the 32 KB between-table stays cached where the magic
 * tables (~1 MB) miss, and a line rarely holds more than one slider. */
static inline vc_bb line_reach(vc_bb on_lines, int sq, vc_bb occ)
{
	vc_bb r = 0;
	for (; on_lines; on_lines &= on_lines - 1) {
		const int s = vc_lsb(on_lines);
		if (!(vc_between(s, sq) & occ))
			r |= VC_BIT(s);
	}
	return r;
}

/* Is `sq` attacked by the pieces `them` of colour `by` (all of by's, or
 * fewer: one about to be captured left out) with occupancy `occ`?
 * their_orth/their_diag are them's rook-like and bishop-like sliders. With
 * `cold` the sliders are tested square by square (line_reach), else the
 * lookups (PEXT ones with `pext`) are made only when one of them is on a
 * line through sq. */
static inline __attribute__((always_inline)) bool
square_attacked(const struct vc_position *pos, int sq, int by, vc_bb them, vc_bb occ,
                vc_bb their_orth, vc_bb their_diag, const bool cold, const bool pext)
{
	if (them & ((vc_pawn_attacks(!by, sq) & pos->by_type[VC_PAWN]) |
	            (vc_knight_attacks(sq) & pos->by_type[VC_KNIGHT]) |
	            (vc_king_attacks(sq) & pos->by_type[VC_KING])))
		return true;
	vc_bb o = vc_rook_rays_[sq] & their_orth, d = vc_bishop_rays_[sq] & their_diag;
	if (cold)
		return line_reach(o | d, sq, occ) != 0; /* both kinds in one pass */
	return (o && (vc_rook_att_(sq, occ, pext) & o)) || (d && (vc_bishop_att_(sq, occ, pext) & d));
}

/* Every square the pieces `theirs` (colour `them`, whose king exists)
 * attack with occupancy `occ` (the king of the side to move taken off, so
 * that it cannot hide behind itself on a slider's line), exact on the
 * squares `asked` only: one pass over their pieces, cheaper than testing
 * the king's squares one by one once VC_DANGER_MIN are asked. Knights
 * outside `knights_near` are left out (perft's last ply passes those that
 * could reach the asked squares, elsewhere all squares); with `leaf` the
 * sliders given are all looked up (see below). */
static inline __attribute__((always_inline)) vc_bb
danger_map(const struct vc_position *pos, int them, vc_bb theirs, vc_bb occ, vc_bb their_orth,
           vc_bb their_diag, vc_bb asked, vc_bb knights_near, const bool pext, const bool leaf)
{
	const vc_bb not_a = ~0x0101010101010101ull, not_h = ~0x8080808080808080ull;
	const vc_bb pawns = theirs & pos->by_type[VC_PAWN];
	vc_bb d = them == VC_WHITE ? ((pawns & not_a) << 7) | ((pawns & not_h) << 9)
	                           : ((pawns & not_a) >> 9) | ((pawns & not_h) >> 7);
	d |= vc_king_attacks(vc_lsb(theirs & pos->by_type[VC_KING]));
	for (vc_bb p = theirs & pos->by_type[VC_KNIGHT] & knights_near; p; p &= p - 1)
		d |= vc_knight_attacks(vc_lsb(p));
	/* a slider whose lines on an empty board miss every asked square
	 * needs no lookup (the map is read on those squares only); at
	 * perft's last ply (`leaf`) the caller passed the sliders near the
	 * king only, and the lookup costs no more than the test, without its
	 * branch */
	for (vc_bb p = their_diag; p; p &= p - 1) {
		const int s = vc_lsb(p);
		if (leaf || (vc_bishop_rays_[s] & asked))
			d |= vc_bishop_att_(s, occ, pext);
	}
	for (vc_bb p = their_orth; p; p &= p - 1) {
		const int s = vc_lsb(p);
		if (leaf || (vc_rook_rays_[s] & asked))
			d |= vc_rook_att_(s, occ, pext);
	}
	return d;
}

/* Would the side to move be in check after the en-passant capture
 * from -> to (capturing the pawn on capsq)? */
static bool ep_exposes_king(const struct vc_position *pos, int from, int to)
{
	int us = pos->side, them = !us;
	vc_bb k = vc_pieces(pos, us, VC_KING);
	if (!k)
		return false;
	int capsq = to + (us == VC_WHITE ? -8 : 8);
	vc_bb occ = (vc_occupied(pos) ^ VC_BIT(from) ^ VC_BIT(capsq)) | VC_BIT(to);
	return (vc_attackers(pos, vc_lsb(k), them, occ) & ~VC_BIT(capsq)) != 0;
}

void vc_ep_fixup(struct vc_position *pos)
{
	if (pos->ep == VC_NO_SQ)
		return;
	int us = pos->side;
	vc_bb cands = vc_pawn_attacks(!us, pos->ep) & vc_pieces(pos, us, VC_PAWN);
	bool ok = false;
	if (cands && !(vc_variant_of(pos)->flags & VC_VF_ROYAL_KING)) {
		ok = true; /* no check: every capture is legal */
	} else {
		for (; cands && !ok; cands &= cands - 1)
			ok = !ep_exposes_king(pos, vc_lsb(cands), pos->ep);
	}
	if (!ok) {
		pos->key ^= vc_zob_ep_[VC_FILE(pos->ep)];
		pos->ep = VC_NO_SQ;
	}
}

/* What perft's last ply knows before making the moves of a node: the
 * side that moves in the children (the node's opponent) keeps its king
 * square and, unless a move takes one of its rooks, its castling rights.
 * Worked out once per node instead of once per child. */
struct leaf_ctx {
	int ksq;           /* that side's king square */
	vc_bb rights;      /* its castling rights (rook squares) */
	vc_bb empty0, empty1, walk0, walk1; /* their vc_castle_empty_ and
	                      vc_castle_walk_; where there is no right, empty
	                      is all squares (never empty) and walk 0 */
	vc_bb bit0, bit1;  /* the rook squares as bits (0: no right) */
	bool many;         /* more than two rights (never in a valid
	                      position): the general loop */
	/* the squares from which a slider of each kind could reach the
	 * king's squares or a castling path on an empty board: their
	 * sliders elsewhere need no test in danger_map */
	vc_bb near_diag, near_orth;
	vc_bb near_knight; /* the same for knights */
};

static inline __attribute__((always_inline)) void
leaf_ctx_init(const struct vc_position *pos, int side, struct leaf_ctx *cx)
{
	const vc_bb king = pos->by_color[side] & pos->by_type[VC_KING];
	const int ksq = vc_lsb(king);
	const int kf = VC_FILE(ksq);
	const vc_bb rights = pos->castle & (0xFFull << (side == VC_WHITE ? 0 : 56));
	vc_bb zone = vc_king_attacks(ksq);
	cx->ksq = ksq;
	cx->rights = rights;
	cx->empty0 = cx->empty1 = ~(vc_bb)0;
	cx->walk0 = cx->walk1 = cx->bit0 = cx->bit1 = 0;
	cx->many = false;
	if (rights) {
		const int r0 = vc_lsb(rights), r1 = 63 - __builtin_clzll(rights);
		cx->many = (rights & ~(VC_BIT(r0) | VC_BIT(r1))) != 0;
		cx->empty0 = vc_castle_empty_[kf][r0];
		cx->walk0 = vc_castle_walk_[kf][r0];
		cx->bit0 = VC_BIT(r0);
		if (r1 != r0) {
			cx->empty1 = vc_castle_empty_[kf][r1];
			cx->walk1 = vc_castle_walk_[kf][r1];
			cx->bit1 = VC_BIT(r1);
		}
		for (vc_bb r = rights; r; r &= r - 1)
			zone |= vc_castle_walk_[kf][vc_lsb(r)];
	}
	cx->near_diag = cx->near_orth = cx->near_knight = 0;
	for (; zone; zone &= zone - 1) {
		cx->near_diag |= vc_bishop_rays_[vc_lsb(zone)];
		cx->near_orth |= vc_rook_rays_[vc_lsb(zone)];
		cx->near_knight |= vc_knight_attacks(vc_lsb(zone));
	}
}

/* The generator, written once: with count set it only counts the legal
 * moves (perft's last ply), without writing them. */
static inline __attribute__((always_inline)) int
gen_chess(const struct vc_position *pos, vc_move *out, const bool count, const vc_bb dest,
          const unsigned types, const bool any, const bool pext, const int side,
          const struct leaf_ctx *cx)
{
	vc_move *o = out;
	int n = 0;
	/* Asking only whether a move exists is what game records need between
	 * their moves, where the ~1 MB magic tables are cold: checks, pins and
	 * king safety then test the few aligned sliders with the 32 KB
	 * between-table instead (line_reach); perft keeps the lookups. */
	const bool cold = any;
	/* side: VC_WHITE or VC_BLACK when the caller knows it (perft's copies
	 * per side: the side's shifts and ranks become constants), else -1 */
	const int us = side >= 0 ? side : pos->side, them = !us;
	const vc_bb ours = pos->by_color[us], theirs = pos->by_color[them];
	const vc_bb occ = ours | theirs;
	/* cx: perft's last ply (count set, side known) */
	const int ksq = cx ? cx->ksq : vc_lsb(vc_pieces(pos, us, VC_KING));
	const vc_bb their_diag = theirs & (pos->by_type[VC_BISHOP] | pos->by_type[VC_QUEEN]);
	const vc_bb their_orth = theirs & (pos->by_type[VC_ROOK] | pos->by_type[VC_QUEEN]);

	/* Enemy sliders on the king's lines of an empty board: when there are
	 * none (most positions), no slider can check or pin, and the magic
	 * lookups for both are skipped. */
	const vc_bb orth_aligned = vc_rook_rays_[ksq] & their_orth;
	const vc_bb diag_aligned = vc_bishop_rays_[ksq] & their_diag;
	vc_bb checkers = theirs & ((vc_pawn_attacks(us, ksq) & pos->by_type[VC_PAWN]) |
	                           (vc_knight_attacks(ksq) & pos->by_type[VC_KNIGHT]));
	if (cold) {
		checkers |= line_reach(orth_aligned, ksq, occ) | line_reach(diag_aligned, ksq, occ);
	} else {
		if (orth_aligned)
			checkers |= vc_rook_att_(ksq, occ, pext) & orth_aligned;
		if (diag_aligned)
			checkers |= vc_bishop_att_(ksq, occ, pext) & diag_aligned;
	}

	/* King moves: the destination must not be attacked with the king
	 * removed (so it cannot hide behind itself on a slider's line). When
	 * only asking whether any move exists and not in check, the king comes
	 * last: its safety tests are the dearest part, other pieces usually
	 * answer first. */
	const bool king_last = any && !checkers;
	/* perft and the move lists: the squares they attack, once, when the
	 * king has VC_DANGER_MIN or more squares to test (its moves, the
	 * castling paths) */
	const vc_bb kdest = vc_king_attacks(ksq) & ~ours & dest;
	const vc_bb back_rank = 0xFFull << (us == VC_WHITE ? 0 : 56);
	/* the castlings whose squares are empty (vchess-rules(7) section 2),
	 * their rooks in castle_ok, the king's paths in castle_walk */
	vc_bb castle_ok = 0, castle_walk = 0;
	/* perft's last ply, with the rights its node saw (at most two a side:
	 * a position's invariant), tests the two castlings without a loop or a
	 * branch per child: their paths walk0, walk1 (0: that castling is
	 * out; a king's path is never empty); elsewhere the loop
	 * (castle_many) */
	vc_bb walk0 = 0, walk1 = 0;
	bool castle_many = false;
	const vc_bb rights = pos->castle & back_rank;
	if (cx && !cx->many) {
		/* the child's rights are the node's but for one whose rook the
		 * move just took (its bit gone from rights) */
		if (cx->rights && dest == ~(vc_bb)0) {
			const vc_bb bad0 = (cx->empty0 & occ) | (cx->bit0 & ~rights) | checkers;
			const vc_bb bad1 = (cx->empty1 & occ) | (cx->bit1 & ~rights) | checkers;
			walk0 = bad0 ? 0 : cx->walk0;
			walk1 = bad1 ? 0 : cx->walk1;
			castle_ok = (bad0 ? 0 : cx->bit0) | (bad1 ? 0 : cx->bit1);
			castle_walk = walk0 | walk1;
		}
	} else if (!checkers && rights && dest == ~(vc_bb)0) {
		const int kf = VC_FILE(ksq);
		castle_many = true;
		for (vc_bb r = rights; r; r &= r - 1) {
			int rsq = vc_lsb(r);
			if (vc_castle_empty_[kf][rsq] & occ)
				continue;
			castle_ok |= VC_BIT(rsq);
			castle_walk |= vc_castle_walk_[kf][rsq];
		}
	}
	vc_bb danger = 0;
	const bool use_danger =
	        !any && vc_popcount(kdest | castle_walk) >= (cx ? VC_DANGER_MIN_LEAF : VC_DANGER_MIN);
	if (use_danger) {
		danger = danger_map(pos, them, theirs, occ ^ VC_BIT(ksq),
		                    cx ? their_orth & cx->near_orth : their_orth,
		                    cx ? their_diag & cx->near_diag : their_diag,
		                    kdest | castle_walk, cx ? cx->near_knight : ~(vc_bb)0, pext,
		                    cx != NULL);
		const vc_bb t = kdest & ~danger;
		if (count) {
			n += vc_popcount(t);
		} else {
			for (vc_bb u = t; u; u &= u - 1)
				*o++ = VC_MOVE(ksq, vc_lsb(u));
		}
	} else if (!king_last) {
		vc_bb occ_nok = occ ^ VC_BIT(ksq);
		for (vc_bb t = kdest; t; t &= t - 1) {
			int to = vc_lsb(t);
			if (!square_attacked(pos, to, them, theirs, occ_nok, their_orth, their_diag, cold, pext)) {
				if (count)
					n++;
				else
					*o++ = VC_MOVE(ksq, to);
			}
		}
	}
	if (checkers & (checkers - 1))
		return count ? n : (int)(o - out); /* double check: king moves only */
	if (any && n)
		return 1;

	vc_bb target = (checkers ? (vc_between(ksq, vc_lsb(checkers)) | checkers) : ~ours) & dest;
	vc_bb pinned = 0;
	{
		/* cold: every aligned slider; the test below rejects those with
		 * one of theirs between as the lookup would have */
		vc_bb snipers = cold ? orth_aligned | diag_aligned
		                : (orth_aligned ? vc_rook_att_(ksq, theirs, pext) & orth_aligned : 0) |
		                      (diag_aligned ? vc_bishop_att_(ksq, theirs, pext) & diag_aligned : 0);
		for (; snipers; snipers &= snipers - 1) {
			vc_bb b = vc_between(ksq, vc_lsb(snipers)) & occ;
			if (b && !(b & (b - 1)) && (b & ours))
				pinned |= b;
		}
	}

	/* Knights (a pinned knight never moves) */
	for (vc_bb p = (types & (1u << VC_KNIGHT)) ? vc_pieces(pos, us, VC_KNIGHT) & ~pinned : 0; p;
	     p &= p - 1) {
		int from = vc_lsb(p);
		vc_bb t = vc_knight_attacks(from) & target;
		if (count)
			n += vc_popcount(t);
		else
			for (; t; t &= t - 1)
				*o++ = VC_MOVE(from, vc_lsb(t));
	}
	if (any && n)
		return 1;
	/* Sliders */
	const vc_bb diag_movers = ((types & (1u << VC_BISHOP)) ? pos->by_type[VC_BISHOP] : 0) |
	                          ((types & (1u << VC_QUEEN)) ? pos->by_type[VC_QUEEN] : 0);
	const vc_bb orth_movers = ((types & (1u << VC_ROOK)) ? pos->by_type[VC_ROOK] : 0) |
	                          ((types & (1u << VC_QUEEN)) ? pos->by_type[VC_QUEEN] : 0);
	if (count) {
		/* the free sliders first, then the pinned ones along their line
		 * (usually none): no pin test per piece */
		for (vc_bb p = ours & diag_movers & ~pinned; p; p &= p - 1)
			n += vc_popcount(vc_bishop_att_(vc_lsb(p), occ, pext) & target);
		for (vc_bb p = ours & orth_movers & ~pinned; p; p &= p - 1)
			n += vc_popcount(vc_rook_att_(vc_lsb(p), occ, pext) & target);
		for (vc_bb p = pinned ? ours & pinned & (diag_movers | orth_movers) : 0; p; p &= p - 1) {
			const int from = vc_lsb(p);
			vc_bb t = (diag_movers & VC_BIT(from) ? vc_bishop_att_(from, occ, pext) : 0) |
			          (orth_movers & VC_BIT(from) ? vc_rook_att_(from, occ, pext) : 0);
			n += vc_popcount(t & target & vc_line(ksq, from));
		}
	} else {
		for (vc_bb p = ours & diag_movers; p; p &= p - 1) {
			int from = vc_lsb(p);
			vc_bb t = vc_bishop_att_(from, occ, pext) & target;
			if (pinned & VC_BIT(from))
				t &= vc_line(ksq, from);
			for (; t; t &= t - 1)
				*o++ = VC_MOVE(from, vc_lsb(t));
		}
		for (vc_bb p = ours & orth_movers; p; p &= p - 1) {
			int from = vc_lsb(p);
			vc_bb t = vc_rook_att_(from, occ, pext) & target;
			if (pinned & VC_BIT(from))
				t &= vc_line(ksq, from);
			for (; t; t &= t - 1)
				*o++ = VC_MOVE(from, vc_lsb(t));
		}
	}
	if (any && n)
		return 1;
	/* Pawns */
	if (types & (1u << VC_PAWN)) {
		const vc_bb pawns = vc_pieces(pos, us, VC_PAWN);
		const int up = us == VC_WHITE ? 8 : -8;
		const vc_bb last = us == VC_WHITE ? RANK8 : RANK1;
		const vc_bb third = us == VC_WHITE ? 0x0000000000FF0000ull : 0x0000FF0000000000ull;
		const vc_bb empty = ~occ;
		/* Counting: the pawns that are not pinned all at once, by shifts.
		 * Each set holds one move per pawn (a square two pawns reach
		 * appears in two sets). */
		vc_bb each = pawns;
		if (count) {
			struct pawn_sets ps = pawn_sets(us, pawns & ~pinned, empty, theirs);
			vc_bb push1 = ps.push1, push2 = ps.push2, capw = ps.capw, cape = ps.cape;
			push1 &= target;
			capw &= target;
			cape &= target;
			n += vc_popcount(push2 & target) +
			     vc_popcount(push1 & ~last) + 4 * vc_popcount(push1 & last) +
			     vc_popcount(capw & ~last) + 4 * vc_popcount(capw & last) +
			     vc_popcount(cape & ~last) + 4 * vc_popcount(cape & last);
			each = pawns & pinned;
		}
		for (vc_bb p = each; p; p &= p - 1) {
			int from = vc_lsb(p);
			vc_bb allowed = (pinned & VC_BIT(from)) ? vc_line(ksq, from) : ~(vc_bb)0;
			vc_bb moves = 0;
			int one = from + up;
			if (empty & VC_BIT(one)) {
				moves |= VC_BIT(one);
				if ((VC_BIT(one) & third) && (empty & VC_BIT(one + up)))
					moves |= VC_BIT(one + up);
			}
			moves |= vc_pawn_attacks(us, from) & theirs;
			moves &= target & allowed;
			if (count) {
				n += vc_popcount(moves & ~last) + 4 * vc_popcount(moves & last);
				continue;
			}
			for (; moves; moves &= moves - 1) {
				int to = vc_lsb(moves);
				if (VC_BIT(to) & last)
					o = add_promos(o, from, to, false);
				else
					*o++ = VC_MOVE(from, to);
			}
		}
		if (pos->ep != VC_NO_SQ && (dest & VC_BIT(pos->ep))) {
			for (vc_bb p = vc_pawn_attacks(them, pos->ep) & pawns; p; p &= p - 1) {
				int from = vc_lsb(p);
				if (!ep_exposes_king(pos, from, pos->ep)) {
					if (count)
						n++;
					else
						*o++ = VC_MOVE(from, pos->ep) | VC_MF_EP;
				}
			}
		}
	}
	if (any && n)
		return 1;
	if (king_last) {
		vc_bb occ_nok = occ ^ VC_BIT(ksq);
		for (vc_bb t = vc_king_attacks(ksq) & ~ours & dest; t; t &= t - 1)
			if (!square_attacked(pos, vc_lsb(t), them, theirs, occ_nok, their_orth, their_diag, cold, pext))
				return 1;
	}
	/* Castling */
	if (castle_ok) {
		/* danger says it all unless one of their rooks or queens stands
		 * on our back rank: only then can taking the castling rook off
		 * (vchess-rules(7) section 2) open a line onto the king's path */
		const bool exact = use_danger && !(their_orth & back_rank);
		if (count && exact && !castle_many)
			return n + (walk0 && !(walk0 & danger)) + (walk1 && !(walk1 & danger));
		for (vc_bb r = castle_ok; r; r &= r - 1) {
			int rsq = vc_lsb(r);
			vc_bb walk = vc_castle_walk_[VC_FILE(ksq)][rsq];
			if (walk & danger)
				continue;
			vc_bb occ2 = occ ^ VC_BIT(rsq) ^ VC_BIT(ksq);
			bool safe = true;
			if (exact)
				walk = 0;
			for (; walk && safe; walk &= walk - 1)
				safe = !square_attacked(pos, vc_lsb(walk), them, theirs, occ2, their_orth,
				                        their_diag, cold, pext);
			if (safe) {
				if (count)
					n++;
				else
					*o++ = VC_MOVE(ksq, rsq) | VC_MF_CASTLE;
			}
		}
	}
	return count ? n : (int)(o - out);
}

#define ALL_TYPES 0xFFu

int vc_gen_legal_chess(const struct vc_position *pos, vc_move *out)
{
	return gen_chess(pos, out, false, ~(vc_bb)0, ALL_TYPES, false, false, -1, NULL);
}

int vc_count_legal_chess(const struct vc_position *pos)
{
	return gen_chess(pos, NULL, true, ~(vc_bb)0, ALL_TYPES, false, false, -1, NULL);
}

int vc_has_legal_chess(const struct vc_position *pos)
{
	return gen_chess(pos, NULL, true, ~(vc_bb)0, ALL_TYPES, true, false, -1, NULL) > 0;
}

int vc_gen_castling_chess(const struct vc_position *pos, vc_move *out)
{
	/* no piece type: the king's moves and castling only */
	return gen_chess(pos, out, false, ~(vc_bb)0, 0, false, false, -1, NULL);
}

/* Would the king of the side to move on ksq stand attacked after the
 * non-king move from -> to that captures what stands on `cap` (a bit set:
 * the destination, the en-passant pawn, or nothing)? */
static inline bool move_exposes_king(const struct vc_position *pos, int ksq, int from, int to,
                                     vc_bb cap)
{
	const int them = !pos->side;
	const vc_bb theirs = pos->by_color[them] & ~cap;
	const vc_bb occ = ((pos->by_color[0] | pos->by_color[1]) ^ VC_BIT(from) ^ cap) | VC_BIT(to);
	return square_attacked(pos, ksq, them, theirs, occ,
	                       theirs & (pos->by_type[VC_ROOK] | pos->by_type[VC_QUEEN]),
	                       theirs & (pos->by_type[VC_BISHOP] | pos->by_type[VC_QUEEN]), true, false);
}

int vc_gen_legal_chess_to(const struct vc_position *pos, int to, int piece_type, vc_move *out)
{
	const int us = pos->side, them = !us;
	const vc_bb ours = pos->by_color[us], theirs = pos->by_color[them];
	const vc_bb occ = ours | theirs, tb = VC_BIT(to);
	const vc_bb king = vc_pieces(pos, us, VC_KING);
	vc_move *o = out;
	if ((ours & tb) || !king)
		return 0;
	const int ksq = vc_lsb(king);
	if (piece_type == VC_KING) {
		if (vc_king_attacks(to) & king) {
			const vc_bb diag = theirs & (pos->by_type[VC_BISHOP] | pos->by_type[VC_QUEEN]);
			const vc_bb orth = theirs & (pos->by_type[VC_ROOK] | pos->by_type[VC_QUEEN]);
			if (!square_attacked(pos, to, them, theirs, occ ^ king, orth, diag, true, false))
				*o++ = VC_MOVE(ksq, to);
		}
		return (int)(o - out);
	}
	/* the pieces of that type that reach `to`, found backwards from it */
	vc_bb cands, cap = theirs & tb;
	vc_move flag = 0;
	switch (piece_type) {
	case VC_KNIGHT: cands = vc_knight_attacks(to); break;
	case VC_BISHOP:
		cands = line_reach(vc_bishop_rays_[to] & vc_pieces(pos, us, VC_BISHOP), to, occ);
		break;
	case VC_ROOK:
		cands = line_reach(vc_rook_rays_[to] & vc_pieces(pos, us, VC_ROOK), to, occ);
		break;
	case VC_QUEEN:
		cands = line_reach((vc_bishop_rays_[to] | vc_rook_rays_[to]) &
		                       vc_pieces(pos, us, VC_QUEEN), to, occ);
		break;
	case VC_PAWN:
		if (cap) {
			cands = vc_pawn_attacks(them, to);
		} else if (to == pos->ep) {
			cands = vc_pawn_attacks(them, to);
			cap = VC_BIT(to + (us == VC_WHITE ? -8 : 8));
			flag = VC_MF_EP;
		} else {
			/* pushes: one square, or two from the second rank */
			const int down = us == VC_WHITE ? -8 : 8;
			const int one = to + down;
			cands = 0;
			if (one >= 0 && one < 64) {
				if (occ & VC_BIT(one)) {
					cands = VC_BIT(one);
				} else if (VC_RANK(to) == (us == VC_WHITE ? 3 : 4)) {
					cands = VC_BIT(one + down);
				}
			}
		}
		break;
	default: return 0;
	}
	cands &= vc_pieces(pos, us, piece_type);
	const vc_bb last = us == VC_WHITE ? RANK8 : RANK1;
	for (; cands; cands &= cands - 1) {
		const int from = vc_lsb(cands);
		if (move_exposes_king(pos, ksq, from, to, cap))
			continue;
		if (piece_type == VC_PAWN && (tb & last))
			o = add_promos(o, from, to, false);
		else
			*o++ = VC_MOVE(from, to) | flag;
	}
	return (int)(o - out);
}

/* Board edits for make; with `keys` false the Zobrist key is left alone
 * (perft never reads it). */
static inline void move_piece(struct vc_position *pos, int from, int to, const bool keys)
{
	int pc = pos->board[from];
	vc_bb ft = VC_BIT(from) | VC_BIT(to);
	pos->board[from] = 0;
	pos->board[to] = (uint8_t)pc;
	pos->by_color[VC_PIECE_COLOR(pc)] ^= ft;
	pos->by_type[VC_PIECE_TYPE(pc)] ^= ft;
	if (keys)
		pos->key ^= vc_zob_piece_[pc][from] ^ vc_zob_piece_[pc][to];
}

static inline void remove_piece(struct vc_position *pos, int sq, const bool keys)
{
	int pc = pos->board[sq];
	vc_bb b = VC_BIT(sq);
	pos->board[sq] = 0;
	pos->by_color[VC_PIECE_COLOR(pc)] &= ~b;
	pos->by_type[VC_PIECE_TYPE(pc)] &= ~b;
	if (keys)
		pos->key ^= vc_zob_piece_[pc][sq];
}

static inline void put_piece(struct vc_position *pos, int sq, int pc, const bool keys)
{
	vc_bb b = VC_BIT(sq);
	pos->board[sq] = (uint8_t)pc;
	pos->by_color[VC_PIECE_COLOR(pc)] |= b;
	pos->by_type[VC_PIECE_TYPE(pc)] |= b;
	if (keys)
		pos->key ^= vc_zob_piece_[pc][sq];
}

static inline void clear_castle(struct vc_position *pos, vc_bb squares, const bool keys)
{
	if (keys)
		for (vc_bb c = pos->castle & squares; c; c &= c - 1)
			pos->key ^= vc_zob_castle_[vc_lsb(c)];
	pos->castle &= ~squares;
}

/* Make, written once: `keys` false is perft's make (no key, and an
 * en-passant square is kept even when no capture on it is legal: the
 * generators test that capture themselves). */
static inline __attribute__((always_inline)) void
make_chess(struct vc_position *pos, vc_move m, const bool keys)
{
	const int from = VC_MOVE_FROM(m), to = VC_MOVE_TO(m);
	const int us = pos->side;
	const int pc = pos->board[from];
	const int pt = VC_PIECE_TYPE(pc);

	if (pos->ep != VC_NO_SQ) {
		if (keys)
			pos->key ^= vc_zob_ep_[VC_FILE(pos->ep)];
		pos->ep = VC_NO_SQ;
	}
	pos->halfmove++;
	if (m & VC_MF_CASTLE) {
		int kto = vc_castle_king_to(from, to), rto = vc_castle_rook_to(from, to);
		int rook = pos->board[to];
		remove_piece(pos, to, keys);
		if (from != kto)
			move_piece(pos, from, kto, keys);
		put_piece(pos, rto, rook, keys);
		clear_castle(pos, 0xFFull << (8 * (us == VC_WHITE ? 0 : 7)), keys);
	} else {
		if (pos->board[to]) {
			remove_piece(pos, to, keys);
			pos->halfmove = 0;
			if (pos->castle & VC_BIT(to))
				clear_castle(pos, VC_BIT(to), keys);
		}
		move_piece(pos, from, to, keys);
		if (pt == VC_PAWN) {
			pos->halfmove = 0;
			if (m & VC_MF_EP) {
				remove_piece(pos, to + (us == VC_WHITE ? -8 : 8), keys);
			} else if (to - from == 16 || from - to == 16) {
				pos->ep = (uint8_t)((from + to) / 2);
				if (keys)
					pos->key ^= vc_zob_ep_[VC_FILE(pos->ep)];
			} else if (VC_MOVE_PROMOTION(m)) {
				remove_piece(pos, to, keys);
				put_piece(pos, to, VC_PIECE(us, VC_MOVE_PROMOTION(m)), keys);
			}
		} else if (pt == VC_KING) {
			/* (no rights to clear in a variant without castling) */
			clear_castle(pos, 0xFFull << (8 * (us == VC_WHITE ? 0 : 7)), keys);
		} else if (pos->castle & VC_BIT(from)) {
			clear_castle(pos, VC_BIT(from), keys);
		}
	}
	pos->side = (uint8_t)!us;
	if (keys)
		pos->key ^= vc_zob_side_;
	if (us == VC_BLACK)
		pos->fullmove++;
	if (keys && pos->ep != VC_NO_SQ)
		vc_ep_fixup(pos);
}

void vc_make_chess(struct vc_position *pos, vc_move m)
{
	make_chess(pos, m, true);
	VC_DEBUG_CHECK(pos, VC_PCHK_ALL);
}

void vc_make_chess_fast(struct vc_position *pos, vc_move m)
{
	make_chess(pos, m, false);
	VC_DEBUG_CHECK(pos, VC_PCHK_BITBOARDS | VC_PCHK_MAILBOX);
}

/* Perft's last make before counting: src's child into dst, bitboards and
 * the fields the counter reads only (side, en passant, castling rights);
 * dst->board, the clocks, the key and (but in DEBUG=1 builds) the variant
 * are left unset, by_type[0] too. The chess counter reads no board array,
 * so the 64-byte copy and its updates are saved. `side`: src's side to
 * move when the caller knows it (a constant), else -1. The hook
 * vc_make_chess_leaf sets the variant as well. */
static inline __attribute__((always_inline)) void
make_leaf(const struct vc_position *src, struct vc_position *dst, vc_move m, const int side)
{
	const int from = VC_MOVE_FROM(m), to = VC_MOVE_TO(m);
	const int us = side >= 0 ? side : src->side, them = !us;
	const int pt = VC_PIECE_TYPE(src->board[from]);
	const vc_bb fb = VC_BIT(from), tb = VC_BIT(to);
	const vc_bb back = 0xFFull << (8 * (us == VC_WHITE ? 0 : 7));
	vc_bb col_us = src->by_color[us], col_them = src->by_color[them];
	vc_bb castle = src->castle;
	int ep = VC_NO_SQ;
#ifdef VC_DEBUG
	dst->by_type[0] = 0; /* unused, but empty as the checks expect */
#endif
	if (!(m & (VC_MF_CASTLE | VC_MF_EP | (7u << 12)))) {
		/* the common move, without a branch on the data (a capture or
		 * not, the piece's kind: each child differs, the processor would
		 * guess wrong): the square `to` taken off every piece set (a
		 * no-op but for a capture), the rights of both squares dropped
		 * (a castling rook moving or taken), a king's move dropping its
		 * side's, a pawn's double step setting the en-passant square */
		const vc_bb ft = fb | tb;
		/* two sets at a time (SSE2, in every x86-64; gcc kept the loop
		 * of six) */
		typedef vc_bb pair_ __attribute__((vector_size(16)));
		const pair_ keep = { ~tb, ~tb };
		for (int t = VC_PAWN; t <= VC_KING; t += 2) {
			pair_ v;
			memcpy(&v, &src->by_type[t], sizeof v);
			v &= keep;
			memcpy(&dst->by_type[t], &v, sizeof v);
		}
		dst->by_type[pt] ^= ft;
		dst->by_color[us] = col_us ^ ft;
		dst->by_color[them] = col_them & ~tb;
		dst->castle = castle & ~ft & (pt == VC_KING ? ~back : ~(vc_bb)0);
		dst->ep = (uint8_t)(pt == VC_PAWN && (from ^ to) == 16 ? (from + to) >> 1 : VC_NO_SQ);
		dst->side = (uint8_t)them;
#ifdef VC_DEBUG
		dst->variant = src->variant;
#endif
		return;
	}
	for (int t = VC_PAWN; t <= VC_KING; t++)
		dst->by_type[t] = src->by_type[t];
	if (m & VC_MF_CASTLE) {
		vc_bb kb = VC_BIT(vc_castle_king_to(from, to)), rb = VC_BIT(vc_castle_rook_to(from, to));
		col_us = (col_us & ~fb & ~tb) | kb | rb;
		dst->by_type[VC_KING] = (dst->by_type[VC_KING] & ~fb) | kb;
		dst->by_type[VC_ROOK] = (dst->by_type[VC_ROOK] & ~tb) | rb;
		castle &= ~back;
	} else {
		const int cap = src->board[to];
		if (cap) {
			col_them &= ~tb;
			dst->by_type[VC_PIECE_TYPE(cap)] &= ~tb;
			castle &= ~tb;
		}
		col_us ^= fb | tb;
		dst->by_type[pt] ^= fb | tb;
		if (pt == VC_PAWN) {
			if (m & VC_MF_EP) {
				vc_bb cb = VC_BIT(to + (us == VC_WHITE ? -8 : 8));
				col_them &= ~cb;
				dst->by_type[VC_PAWN] &= ~cb;
			} else if (to - from == 16 || from - to == 16) {
				ep = (from + to) / 2;
			} else if (VC_MOVE_PROMOTION(m)) {
				dst->by_type[VC_PAWN] &= ~tb;
				dst->by_type[VC_MOVE_PROMOTION(m)] |= tb;
			}
		} else if (pt == VC_KING) {
			castle &= ~back;
		} else {
			castle &= ~fb;
		}
	}
	dst->by_color[us] = col_us;
	dst->by_color[them] = col_them;
	dst->castle = castle;
	dst->ep = (uint8_t)ep;
	dst->side = (uint8_t)them;
#ifdef VC_DEBUG
	dst->variant = src->variant; /* the checks read it; the counters do not */
#endif
}

void vc_make_chess_leaf(const struct vc_position *src, struct vc_position *dst, vc_move m)
{
	make_leaf(src, dst, m, -1);
	dst->variant = src->variant;
	VC_DEBUG_CHECK(dst, VC_PCHK_BITBOARDS);
}

/* ---- The main line's plain SAN moves (vc_play_san_chess) ------------------
 * Written for a game record's data, where the piece letter, capture or not,
 * pin or not change from move to move at random: few data-dependent branches
 * (the candidates of a piece type by masks, the capture by masks), so that
 * the processor seldom guesses wrong. */

/* SAN's piece letters; 0 for anything else. */
static const uint8_t san_piece[256] = {
	['N'] = VC_KNIGHT, ['B'] = VC_BISHOP, ['R'] = VC_ROOK, ['Q'] = VC_QUEEN, ['K'] = VC_KING,
};
/* Per piece type: all ones where it moves along diagonals / files and
 * ranks / as a knight. */
static const vc_bb moves_diag[8] = { [VC_BISHOP] = ~0ull, [VC_QUEEN] = ~0ull };
static const vc_bb moves_orth[8] = { [VC_ROOK] = ~0ull, [VC_QUEEN] = ~0ull };
static const vc_bb moves_knight[8] = { [VC_KNIGHT] = ~0ull };
static const vc_bb moves_pawn[8] = { [VC_PAWN] = ~0ull };

static inline bool san_file(char c) { return c >= 'a' && c <= 'h'; }
static inline bool san_rank(char c) { return c >= '1' && c <= '8'; }

/* make_chess for a move that is no castling, en passant or promotion, from
 * pos into *after: the same position and key. */
static inline __attribute__((always_inline)) void
make_plain(const struct vc_position *pos, struct vc_position *after, int from, int to)
{
	const int us = pos->side, them = !us;
	const int pc = pos->board[from], pt = VC_PIECE_TYPE(pc);
	const int cap = pos->board[to];
	const vc_bb fb = VC_BIT(from), tb = VC_BIT(to);
	uint64_t key = pos->key ^ vc_zob_side_ ^ vc_zob_piece_[pc][from] ^ vc_zob_piece_[pc][to];
	*after = *pos;
	/* the captured piece, if any: masks and a conditional key, no branch
	 * (by_type[0] is unused, so an empty square's "type" goes there) */
	after->by_color[them] &= ~tb;
	after->by_type[VC_PIECE_TYPE(cap)] &= ~tb;
	key ^= cap ? vc_zob_piece_[cap][to] : 0;
	after->by_color[us] ^= fb | tb;
	after->by_type[pt] ^= fb | tb;
	after->board[from] = 0;
	after->board[to] = (uint8_t)pc;
	after->halfmove = cap || pt == VC_PAWN ? 0 : pos->halfmove + 1;
	after->fullmove = pos->fullmove + (unsigned)us; /* after Black's move */
	after->side = (uint8_t)them;
	if (pos->ep != VC_NO_SQ) {
		key ^= vc_zob_ep_[VC_FILE(pos->ep)];
		after->ep = VC_NO_SQ;
	}
	/* castling rights of a rook moved or taken, or of the moving king */
	const vc_bb back = 0xFFull << (8 * (us == VC_WHITE ? 0 : 7));
	const vc_bb lost = pos->castle & (fb | tb | (pt == VC_KING ? back : 0));
	if (lost) {
		for (vc_bb c = lost; c; c &= c - 1)
			key ^= vc_zob_castle_[vc_lsb(c)];
		after->castle &= ~lost;
	}
	after->key = key;
	if (pt == VC_PAWN && (to - from == 16 || from - to == 16)) {
		after->ep = (uint8_t)((from + to) / 2);
		after->key ^= vc_zob_ep_[VC_FILE(after->ep)];
		vc_ep_fixup(after);
	}
}

/* move_exposes_king for pos known not in check (the side to move): only a
 * slider of theirs on the line through the king and `from` can reach the
 * king once `from` is empty (`to` filled only blocks, and what it takes
 * stood there already), so a move from off every line of the king needs
 * one lookup. */
/* Does a slider of `att` (pieces of pos) on the line through the king
 * square ks and `from`, of that line's kind (rook or bishop lines, the
 * queen on both), reach ks over occ? One table look when `from` is off
 * every line of ks. */
static inline __attribute__((always_inline)) bool
slider_behind(const struct vc_position *pos, vc_bb att, int ks, int from, vc_bb occ)
{
	const vc_bb dl = vc_line_tab_[ks][from];
	if (!dl)
		return false;
	const vc_bb kind = (vc_rook_rays_[ks] & VC_BIT(from))
	                           ? pos->by_type[VC_ROOK] | pos->by_type[VC_QUEEN]
	                           : pos->by_type[VC_BISHOP] | pos->by_type[VC_QUEEN];
	return line_reach(dl & att & kind, ks, occ) != 0;
}

static inline __attribute__((always_inline)) bool
exposes_unchecked(const struct vc_position *pos, int ksq, int from, int to, vc_bb cap)
{
	const vc_bb occ = ((pos->by_color[0] | pos->by_color[1]) ^ VC_BIT(from)) | VC_BIT(to);
	return slider_behind(pos, pos->by_color[!pos->side] & ~cap, ksq, from, occ);
}

static inline __attribute__((always_inline)) int
play_san(const struct vc_position *pos, struct vc_position *after, const char *t, size_t len,
         struct vc_san_play *out, const bool unchecked)
{
	enum vc_san_suffix suffix = VC_SUFFIX_NONE;
	if (len && (t[len - 1] == '+' || t[len - 1] == '#')) {
		suffix = t[len - 1] == '#' ? VC_SUFFIX_MATE : VC_SUFFIX_CHECK;
		len--;
	}
	if (len < 2 || len > 5 || !san_file(t[len - 2]) || !san_rank(t[len - 1]))
		return 0;
	const int to = VC_SQ(t[len - 2] - 'a', t[len - 1] - '1');
	const int us = pos->side, them = !us;
	const vc_bb ours = pos->by_color[us], theirs = pos->by_color[them];
	const vc_bb occ = ours | theirs, tb = VC_BIT(to);
	const vc_bb king = ours & pos->by_type[VC_KING];
	if ((ours & tb) || !king)
		return 0;
	const int ksq = vc_lsb(king);
	const int pt = san_piece[(unsigned char)t[0]];
	bool x = len == 4; /* Nxf3, exd5 */
	vc_bb cands, dis = ~0ull; /* dis: the file or rank written (Nbd7) */
	if (pt) {
		if (len >= 4 && !(len == 4 && t[1] == 'x')) {
			/* Nbd7, N1d7, Nbxd7, N1xd7: one of the candidates */
			if (pt == VC_KING || (len == 5 && t[2] != 'x'))
				return 0;
			x = len == 5;
			dis = san_file(t[1])   ? 0x0101010101010101ull << (t[1] - 'a')
			      : san_rank(t[1]) ? 0xFFull << (8 * (t[1] - '1'))
			                       : 0;
			if (!dis)
				return 0;
		}
		const vc_bb mine = ours & pos->by_type[pt];
		if (pt == VC_KING) {
			if (!(vc_king_attacks(to) & king))
				return 0;
			const vc_bb diag = theirs & (pos->by_type[VC_BISHOP] | pos->by_type[VC_QUEEN]);
			const vc_bb orth = theirs & (pos->by_type[VC_ROOK] | pos->by_type[VC_QUEEN]);
			if (square_attacked(pos, to, them, theirs & ~tb, occ ^ king, orth & ~tb,
			                    diag & ~tb, true, false))
				return 0;
			cands = king;
		} else {
			/* the pieces of that type that reach `to`, found backwards */
			cands = (vc_knight_attacks(to) & moves_knight[pt] & mine) |
			        line_reach(((vc_bishop_rays_[to] & moves_diag[pt]) |
			                    (vc_rook_rays_[to] & moves_orth[pt])) & mine, to, occ);
		}
	} else {
		const int last = us == VC_WHITE ? 7 : 0;
		if (VC_RANK(to) == last || to == pos->ep || len == 5)
			return 0;
		const vc_bb pawns = ours & pos->by_type[VC_PAWN];
		if (len == 2) {
			/* a push onto an empty square: from one square behind, or
			 * two from the pawn's start rank over an empty one */
			if (tb & theirs || VC_RANK(to) == (us == VC_WHITE ? 0 : 7))
				return 0;
			const int one = us == VC_WHITE ? to - 8 : to + 8;
			const int two = us == VC_WHITE ? to - 16 : to + 16;
			cands = VC_BIT(one) & pawns;
			if (VC_RANK(to) == (us == VC_WHITE ? 3 : 4) && !(occ & VC_BIT(one)))
				cands |= VC_BIT(two) & pawns;
		} else if (x && san_file(t[0]) && t[1] == 'x') {
			/* a capture from the written file */
			if (!(tb & theirs))
				return 0;
			cands = vc_pawn_attacks(them, to) & pawns & (0x0101010101010101ull << (t[0] - 'a'));
		} else {
			return 0;
		}
	}
	/* exactly one candidate (of the file or rank written), not pinned
	 * (else the general parser judges: several candidates of which pins
	 * leave one, ambiguity, no move) */
	const vc_bb others = cands & ~dis;
	cands &= dis;
	if (!cands || (cands & (cands - 1)))
		return 0;
	const int from = vc_lsb(cands);
	if (pt != VC_KING && (unchecked ? exposes_unchecked(pos, ksq, from, to, theirs & tb)
	                                : move_exposes_king(pos, ksq, from, to, theirs & tb)))
		return 0;
	if (dis != ~0ull) {
		/* a file or rank written is needed (else the parser warns,
		 * overdisambiguation) when another piece of the type has a
		 * legal move to `to`; the others all stand outside `dis` */
		vc_bb o = others;
		while (o && move_exposes_king(pos, ksq, vc_lsb(o), to, theirs & tb))
			o &= o - 1;
		if (!o)
			return 0;
	}
	const bool cap = (tb & theirs) != 0;
	unsigned warn = x && !cap ? VC_SANW_SUPERFLUOUS_X : !x && cap ? VC_SANW_MISSING_X : 0;
	make_plain(pos, after, from, to);
	VC_DEBUG_CHECK(after, VC_PCHK_ALL);
	/* the check suffix: the mover's opponent is the side to move now. pos
	 * is legal (that side was not in check), so a check comes from the
	 * moved piece on `to` or from a slider behind `from` (the move is no
	 * castling, en passant or promotion): two lookups, not the attackers
	 * of the king square */
	const vc_bb k = after->by_color[them] & after->by_type[VC_KING];
	enum vc_san_suffix actual = VC_SUFFIX_NONE;
	out->nlegal_after = -1;
	if (k) {
		const int ks = vc_lsb(k);
		const vc_bb occ2 = (occ & ~VC_BIT(from)) | tb;
		const int mt = VC_PIECE_TYPE(pos->board[from]);
		/* direct: what the moved piece attacks on an empty board, with
		 * nothing between (between is empty for a pawn's or a knight's
		 * square, and the king gives no check) */
		const vc_bb direct = (vc_pawn_attacks(us, to) & moves_pawn[mt]) |
		                     (vc_knight_attacks(to) & moves_knight[mt]) |
		                     (vc_bishop_rays_[to] & moves_diag[mt]) |
		                     (vc_rook_rays_[to] & moves_orth[mt]);
		bool chk = (direct & k) && !(vc_between(to, ks) & occ2);
		/* discovered: a slider of the mover on the line through `from`
		 * and the king, of the line's kind */
		if (!chk)
			chk = slider_behind(after, after->by_color[us], ks, from, occ2);
		if (chk) {
			out->nlegal_after = vc_has_legal_chess(after);
			actual = out->nlegal_after ? VC_SUFFIX_CHECK : VC_SUFFIX_MATE;
		}
	}
	if (actual != suffix)
		warn |= VC_SANW_CHECK_SUFFIX;
	out->move = VC_MOVE(from, to);
	out->warnings = warn;
	return 1;
}

int vc_play_san_chess(const struct vc_position *pos, struct vc_position *after,
                      const char *t, size_t len, struct vc_san_play *out)
{
	return play_san(pos, after, t, len, out, false);
}

int vc_play_san_chess_unchecked(const struct vc_position *pos, struct vc_position *after,
                                const char *t, size_t len, struct vc_san_play *out)
{
	return play_san(pos, after, t, len, out, true);
}

static inline __attribute__((always_inline)) int
gen_antichess(const struct vc_position *pos, vc_move *out, const bool pext, const int side)
{
	vc_move *o = out;
	/* side: the side to move when the caller knows it (a constant), else -1 */
	const int us = side >= 0 ? side : pos->side, them = !us;
	const vc_bb ours = pos->by_color[us], theirs = pos->by_color[them];
	const vc_bb occ = ours | theirs;
	const int up = us == VC_WHITE ? 8 : -8;
	const vc_bb last = us == VC_WHITE ? RANK8 : RANK1;
	const vc_bb third = us == VC_WHITE ? 0x0000000000FF0000ull : 0x0000FF0000000000ull;
	const vc_bb pawns = vc_pieces(pos, us, VC_PAWN);

	/* Captures first; if there is any, they are the only legal moves. */
	for (vc_bb p = ours & ~pawns; p; p &= p - 1) {
		int from = vc_lsb(p);
		vc_bb t = piece_attacks(pos, from, occ, pext);
		for (t &= theirs; t; t &= t - 1)
			*o++ = VC_MOVE(from, vc_lsb(t));
	}
	for (vc_bb p = pawns; p; p &= p - 1) {
		int from = vc_lsb(p);
		for (vc_bb t = vc_pawn_attacks(us, from) & theirs; t; t &= t - 1) {
			int to = vc_lsb(t);
			if (VC_BIT(to) & last)
				o = add_promos(o, from, to, true);
			else
				*o++ = VC_MOVE(from, to);
		}
	}
	if (pos->ep != VC_NO_SQ)
		for (vc_bb p = vc_pawn_attacks(them, pos->ep) & pawns; p; p &= p - 1)
			*o++ = VC_MOVE(vc_lsb(p), pos->ep) | VC_MF_EP;
	if (o != out)
		return (int)(o - out);

	for (vc_bb p = ours & ~pawns; p; p &= p - 1) {
		int from = vc_lsb(p);
		vc_bb t = piece_attacks(pos, from, occ, pext);
		for (t &= ~occ; t; t &= t - 1)
			*o++ = VC_MOVE(from, vc_lsb(t));
	}
	for (vc_bb p = pawns; p; p &= p - 1) {
		int from = vc_lsb(p), one = from + up;
		if (occ & VC_BIT(one))
			continue;
		if (VC_BIT(one) & last) {
			o = add_promos(o, from, one, true);
			continue;
		}
		*o++ = VC_MOVE(from, one);
		if ((VC_BIT(one) & third) && !(occ & VC_BIT(one + up)))
			*o++ = VC_MOVE(from, one + up);
	}
	return (int)(o - out);
}

int vc_gen_legal_antichess(const struct vc_position *pos, vc_move *out)
{
	return gen_antichess(pos, out, false, -1);
}

/* Counting needs one pass: captures and quiet moves are counted together
 * and the captures win when there are any (the compulsory-capture rule).
 * The count needs only the mover's pieces by kind (no board array:
 * perft's leaf positions do not fill it), the other side's as one set,
 * and the en-passant square: count_antichess_sets takes those, so that
 * perft's last ply can count a child without making it. */
struct ac_sets {
	vc_bb ours, theirs, knights, kings, diag, orth, pawns;
	int ep;
};

static inline __attribute__((always_inline)) int
count_antichess_sets(const struct ac_sets *c, const bool pext, const int us)
{
	const int them = !us;
	const vc_bb ours = c->ours, theirs = c->theirs;
	const vc_bb occ = ours | theirs, empty = ~occ;
	const vc_bb pawns = c->pawns;
	const vc_bb last = us == VC_WHITE ? RANK8 : RANK1;
	int caps = 0, quiet = 0;
	for (vc_bb p = c->knights; p; p &= p - 1) {
		vc_bb t = vc_knight_attacks(vc_lsb(p));
		caps += vc_popcount(t & theirs);
		quiet += vc_popcount(t & empty);
	}
	for (vc_bb p = c->kings; p; p &= p - 1) {
		vc_bb t = vc_king_attacks(vc_lsb(p));
		caps += vc_popcount(t & theirs);
		quiet += vc_popcount(t & empty);
	}
	/* a queen's two kinds of lines never share a square: counted apart */
	for (vc_bb p = c->diag; p; p &= p - 1) {
		vc_bb t = vc_bishop_att_(vc_lsb(p), occ, pext);
		caps += vc_popcount(t & theirs);
		quiet += vc_popcount(t & empty);
	}
	for (vc_bb p = c->orth; p; p &= p - 1) {
		vc_bb t = vc_rook_att_(vc_lsb(p), occ, pext);
		caps += vc_popcount(t & theirs);
		quiet += vc_popcount(t & empty);
	}
	struct pawn_sets ps = pawn_sets(us, pawns, empty, theirs);
	vc_bb push1 = ps.push1, push2 = ps.push2, capw = ps.capw, cape = ps.cape;
	caps += vc_popcount(capw & ~last) + 5 * vc_popcount(capw & last) +
	        vc_popcount(cape & ~last) + 5 * vc_popcount(cape & last);
	if (c->ep != VC_NO_SQ)
		caps += vc_popcount(vc_pawn_attacks(them, c->ep) & pawns);
	if (caps)
		return caps;
	return quiet + vc_popcount(push1 & ~last) + 5 * vc_popcount(push1 & last) +
	       vc_popcount(push2);
}

/* The sets of color `us` in pos. */
static inline __attribute__((always_inline)) struct ac_sets
antichess_sets(const struct vc_position *pos, const int us)
{
	const vc_bb ours = pos->by_color[us];
	return (struct ac_sets){
		.ours = ours,
		.theirs = pos->by_color[!us],
		.knights = ours & pos->by_type[VC_KNIGHT],
		.kings = ours & pos->by_type[VC_KING],
		.diag = ours & (pos->by_type[VC_BISHOP] | pos->by_type[VC_QUEEN]),
		.orth = ours & (pos->by_type[VC_ROOK] | pos->by_type[VC_QUEEN]),
		.pawns = ours & pos->by_type[VC_PAWN],
		.ep = pos->ep,
	};
}

static inline __attribute__((always_inline)) int
count_antichess(const struct vc_position *pos, const bool pext, const int side)
{
	const int us = side >= 0 ? side : pos->side;
	const struct ac_sets c = antichess_sets(pos, us);
	return count_antichess_sets(&c, pext, us);
}

int vc_count_legal_antichess(const struct vc_position *pos)
{
	return count_antichess(pos, false, -1);
}

void vc_make_antichess(struct vc_position *pos, vc_move m)
{
	vc_make_chess(pos, m); /* no castling moves or rights exist here */
}

/* ---- Generic dispatch -------------------------------------------------- */

int vc_legal_moves(const struct vc_position *pos, vc_move *out)
{
	const struct vc_variant *v = vc_variant_checked(pos); /* inline, one compare */
	return v ? v->gen_legal(pos, out) : -1;
}

void vc_make_move(struct vc_position *pos, vc_move m)
{
	vc_variant_of(pos)->make(pos, m);
}

enum vc_code vc_play(struct vc_position *pos, vc_move m)
{
	const struct vc_variant *v = pos ? vc_variant_get(pos->variant) : NULL;
	if (!v)
		return VC_F_INVALID_ARGUMENT;
	vc_move list[VC_MAX_MOVES];
	int n = v->gen_legal(pos, list);
	for (int i = 0; i < n; i++)
		if (list[i] == m) {
			v->make(pos, m);
			return VC_F_OK;
		}
	return VC_F_ILLEGAL_MOVE;
}

bool vc_is_legal(const struct vc_position *pos, vc_move m)
{
	vc_move list[VC_MAX_MOVES];
	int n = vc_legal_moves(pos, list);
	for (int i = 0; i < n; i++)
		if (list[i] == m)
			return true;
	return false;
}

/* No speed hook: the rules hooks do everything. */
static const struct vc_variant_speed no_speed;

static uint64_t perft_rec_magic(const struct vc_variant *v, const struct vc_variant_speed *s,
                                const struct vc_position *pos, int depth);
static uint64_t perft_rec_pext(const struct vc_variant *v, const struct vc_variant_speed *s,
                               const struct vc_position *pos, int depth);

/* Perft's last two plies in chess: the moves of pos (side to move `us`),
 * each made with the leaf make and its legal moves counted. */
static inline __attribute__((always_inline)) uint64_t
perft2_chess(const struct vc_position *pos, const bool pext, const int us)
{
	vc_move list[VC_MAX_MOVES];
	int n = gen_chess(pos, list, false, ~(vc_bb)0, ALL_TYPES, false, pext, us, NULL);
	struct leaf_ctx cx;
	leaf_ctx_init(pos, !us, &cx);
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		struct vc_position next;
		make_leaf(pos, &next, list[i], us);
		VC_DEBUG_CHECK(&next, VC_PCHK_BITBOARDS);
		total += (uint64_t)gen_chess(&next, NULL, true, ~(vc_bb)0, ALL_TYPES, false, pext, !us, &cx);
	}
	return total;
}

/* The same for antichess, each child counted without being made: the
 * child's mover is pos's other side, whose pieces the move leaves where
 * they stand but for the one it takes (on `to`, or behind it en
 * passant); pos's mover is only the child's other side, one set, whatever
 * the moved piece becomes (a promotion's kind does not count); the
 * child's en-passant square follows a pawn's double step. */
static inline __attribute__((always_inline)) uint64_t
perft2_antichess(const struct vc_position *pos, const bool pext, const int us)
{
	vc_move list[VC_MAX_MOVES];
	const int n = gen_antichess(pos, list, pext, us);
	const struct ac_sets k = antichess_sets(pos, !us);
	const vc_bb movers = pos->by_color[us];
	const vc_bb pawns = movers & pos->by_type[VC_PAWN];
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		const vc_move m = list[i];
		const int from = VC_MOVE_FROM(m), to = VC_MOVE_TO(m);
		const vc_bb fb = VC_BIT(from), tb = VC_BIT(to);
		/* the square of the piece taken, if any (en passant: the
		 * pawn beside `from` on `to`'s file) */
		const vc_bb gone = m & VC_MF_EP ? VC_BIT(to ^ 8) : tb;
		const struct ac_sets c = {
			.ours = k.ours & ~gone,
			.theirs = movers ^ fb ^ tb,
			.knights = k.knights & ~gone,
			.kings = k.kings & ~gone,
			.diag = k.diag & ~gone,
			.orth = k.orth & ~gone,
			.pawns = k.pawns & ~gone,
			.ep = (fb & pawns) && (from ^ to) == 16 ? (from + to) >> 1 : VC_NO_SQ,
		};
#ifdef VC_DEBUG
		struct vc_position next;
		make_leaf(pos, &next, m, us);
		VC_DEBUG_CHECK(&next, VC_PCHK_BITBOARDS);
		if (count_antichess_sets(&c, pext, !us) != count_antichess(&next, pext, !us))
			abort(); /* the count without the make is the made child's */
#endif
		total += (uint64_t)count_antichess_sets(&c, pext, !us);
	}
	return total;
}

/* One node of perft, written once for both slider lookups (`pext`). */
static inline __attribute__((always_inline)) uint64_t
perft_node(const struct vc_variant *v, const struct vc_variant_speed *s,
           const struct vc_position *pos, int depth, const bool pext)
{
	if (depth == 2 && s->make_leaf == vc_make_chess_leaf &&
	    s->count_legal == vc_count_legal_chess) {
		/* the hot loop of chess perft, all inline, a copy per side */
		return pos->side == VC_WHITE ? perft2_chess(pos, pext, VC_WHITE)
		                             : perft2_chess(pos, pext, VC_BLACK);
	}
	if (depth == 2 && s->make_leaf == vc_make_chess_leaf &&
	    s->count_legal == vc_count_legal_antichess) {
		/* the same for antichess */
		return pos->side == VC_WHITE ? perft2_antichess(pos, pext, VC_WHITE)
		                             : perft2_antichess(pos, pext, VC_BLACK);
	}
	if (depth == 2 && s->make_leaf && s->count_legal) {
		vc_move list[VC_MAX_MOVES];
		int n = v->gen_legal(pos, list);
		uint64_t total = 0;
		for (int i = 0; i < n; i++) {
			struct vc_position next;
			s->make_leaf(pos, &next, list[i]);
			total += (uint64_t)s->count_legal(&next);
		}
		return total;
	}
	void (*make)(struct vc_position *, vc_move) = s->make_fast ? s->make_fast : v->make;
	if (depth <= 1 && s->count_legal)
		return (uint64_t)s->count_legal(pos);
	vc_move list[VC_MAX_MOVES];
	int n = v->gen_legal(pos, list);
	if (depth <= 1)
		return (uint64_t)n;
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		struct vc_position next = *pos;
		make(&next, list[i]);
		total += pext ? perft_rec_pext(v, s, &next, depth - 1)
		              : perft_rec_magic(v, s, &next, depth - 1);
	}
	return total;
}

static uint64_t perft_rec_magic(const struct vc_variant *v, const struct vc_variant_speed *s,
                                const struct vc_position *pos, int depth)
{
	return perft_node(v, s, pos, depth, false);
}

static uint64_t perft_rec_pext(const struct vc_variant *v, const struct vc_variant_speed *s,
                               const struct vc_position *pos, int depth)
{
	return perft_node(v, s, pos, depth, true);
}

uint64_t vc_perft(const struct vc_position *pos, int depth)
{
	const struct vc_variant *v = pos ? vc_variant_get(pos->variant) : NULL;
	if (!v || depth < 0 || depth > VC_PERFT_MAX_DEPTH)
		return VC_PERFT_ERROR;
	if (depth == 0)
		return 1;
	const struct vc_variant_speed *s = v->speed ? v->speed : &no_speed;
	/* the copy with PEXT lookups where vc_init found them fast (their
	 * tables filled at the first call: a run that never counts does not
	 * pay for them) */
	if (vc_pext_) {
		vc_pext_init();
		return perft_rec_pext(v, s, pos, depth);
	}
	return perft_rec_magic(v, s, pos, depth);
}
