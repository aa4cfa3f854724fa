/* vchess - the static phase of the unwinnability decision
 * (winnable_internal.h): proofs from the position alone that the intended
 * winner can never checkmate. vchess-winnable(1), METHOD, explains them;
 * vchess-rules(7) section 2 gives the rule.
 */
#include "winnable_internal.h"
#include "variant.h"

#define LIGHT_SQ 0x55AA55AA55AA55AAull
#define FILE_A 0x0101010101010101ull
#define FILE_H (FILE_A << 7)

/* ---- Static phase: material -------------------------------------------- */

/* Can `w` never mate by material alone? Sound cases only: a bare king;
 * a lone knight or bishops of one colour against a bare king; a lone
 * knight against nothing but queens (python-chess's rule too); bishops
 * of one colour against nothing but rooks, queens and bishops of that
 * colour (the reasons below). */
bool vc_static_material(const struct vc_position *p, int w)
{
	vc_bb ours = p->by_color[w], theirs = p->by_color[!w];
	if (ours & (p->by_type[VC_PAWN] | p->by_type[VC_ROOK] | p->by_type[VC_QUEEN]))
		return false;
	vc_bb kn = ours & p->by_type[VC_KNIGHT];
	vc_bb bi = ours & p->by_type[VC_BISHOP];
	if (!kn && !bi)
		return true;
	vc_bb their_units = theirs & ~p->by_type[VC_KING];
	/* a lone knight against queens: the two squares next to both the
	 * checked king and the knight must be covered, by the winner's king
	 * (which then leaves another flight square to a queen) or by queens,
	 * and a queen next to the knight takes it (nothing of the winner's
	 * can pin) */
	if (!bi && vc_popcount(kn) == 1 && !(their_units & ~p->by_type[VC_QUEEN]))
		return true;
	/* bishops of one colour against rooks, queens and bishops of that
	 * colour: the two squares of the other colour next to both the king
	 * and the square of the check line beside it cannot both be covered
	 * by the winner's king, and a rook or queen on one of them takes the
	 * checking bishop or interposes (nothing of the winner's can pin a
	 * piece on the other colour, and bishops of one colour never give
	 * double check: a bishop leaving one diagonal of the king moves along
	 * a line parallel to the other) */
	if (!kn && (!(bi & LIGHT_SQ) || !(bi & ~LIGHT_SQ))) {
		vc_bb same = (bi & LIGHT_SQ) ? LIGHT_SQ : ~LIGHT_SQ;
		vc_bb ok = p->by_type[VC_ROOK] | p->by_type[VC_QUEEN] |
		           (p->by_type[VC_BISHOP] & same);
		if (!(their_units & ~ok))
			return true;
	}
	/* a lone knight against a bare king (two knights can, with help) */
	return !their_units && !bi && vc_popcount(kn) == 1;
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
		if (at & enemy_pawns)
			return false;
		vc_bb nw = at & ~pawns & ~r;
		if (nw & enemy_pawn_att)
			return false;
		r |= nw;
		todo |= nw;
	}
	*reach = r;
	*att = a;
	return !(r & enemy_pawn_att) && !(a & enemy_pawns);
}

/* Can `w` never mate because no pawn can ever take or be taken, nor
 * promote? A pawn is static when the square in front of it holds an enemy
 * pawn or a static pawn of its own; any other pawn can only push along its
 * lane: the squares up to the first static pawn or enemy pawn in front
 * (pawns never pass each other on a file without a capture). A lane that
 * reaches the last rank: no answer. Then no event that changes the pawns
 * (a capture by or of a pawn, en passant, a promotion) can ever happen
 * when: no pawn's lane attacks an enemy lane; no double push passes a
 * square an enemy lane attacks (and no en passant now); no piece (moving
 * with only the static pawns in its way, an over-approximation) can ever
 * stand where an enemy lane attacks or attack an enemy lane square; no
 * king can ever reach a square next to an enemy lane square that a static
 * enemy pawn does not guard. Then each king lives in the region it can
 * flood over (all but its own static pawns, the enemy's static pawns and
 * the squares they attack), and a mate needs a square k of the loser's
 * region that a winner's piece or pawn can attack, every neighbour of k
 * being outside the region (never available) or coverable: attacked by a
 * winner's unit, reachable by a loser's piece, on a loser's pawn lane.
 * No such k: unwinnable. Every set over-approximates: the answer is
 * sound. */
bool vc_static_frozen(const struct vc_position *p, int w)
{
	vc_bb pc[2] = { vc_pieces(p, VC_WHITE, VC_PAWN), vc_pieces(p, VC_BLACK, VC_PAWN) };
	vc_bb pawns = pc[0] | pc[1];
	if (!pc[0] || !pc[1]) /* no wall without pawns of both sides */
		return false;
	if (p->ep != VC_NO_SQ)
		return false;
	/* a pawn with no pawn and no king ahead on its file has a lane to the
	 * last rank (everything that can stop a lane below is a pawn or a
	 * king): the answer below would be no, found early here */
	vc_bb kings = p->by_type[VC_KING];
	vc_bb stops = pawns | kings;
	vc_bb below = stops >> 8, above = stops << 8;
	below |= below >> 8;
	below |= below >> 16;
	below |= below >> 32;
	above |= above << 8;
	above |= above << 16;
	above |= above << 32;
	if ((pc[0] & ~below) || (pc[1] & ~above))
		return false;
	/* static pawns and frozen kings, the greatest fixpoint (each holds
	 * as long as the others do, and nothing else can change them short of
	 * a capture, which the tests below rule out): a pawn is static when
	 * an enemy pawn, a static pawn of its own or a frozen king stands in
	 * front of it; a king is frozen when it has no castling right and
	 * every square around it holds a static pawn of its own or is
	 * attacked by a static enemy pawn */
	vc_bb kc[2] = { kings & p->by_color[VC_WHITE], kings & p->by_color[VC_BLACK] };
	bool frozen[2] = { kc[0] && !(p->castle & 0xFFull), kc[1] && !(p->castle & (0xFFull << 56)) };
	vc_bb st[2] = { pc[0] & ((pawns | kings) >> 8), pc[1] & ((pawns | kings) << 8) };
	vc_bb fk;
	for (;;) {
		fk = (frozen[0] ? kc[0] : 0) | (frozen[1] ? kc[1] : 0);
		vc_bb s0 = st[0] & ((pc[1] >> 8) | (st[0] >> 8) | (fk >> 8));
		vc_bb s1 = st[1] & ((pc[0] << 8) | (st[1] << 8) | (fk << 8));
		bool f0 = frozen[0] && !(vc_king_attacks(vc_lsb(kc[0])) &
		                         ~(s0 | pawn_attacks_bb(s1, VC_BLACK)));
		bool f1 = frozen[1] && !(vc_king_attacks(vc_lsb(kc[1])) &
		                         ~(s1 | pawn_attacks_bb(s0, VC_WHITE)));
		if (s0 == st[0] && s1 == st[1] && f0 == frozen[0] && f1 == frozen[1])
			break;
		st[0] = s0;
		st[1] = s1;
		frozen[0] = f0;
		frozen[1] = f1;
	}
	/* lanes */
	vc_bb lane[2] = { st[0], st[1] };
	for (int c = 0; c < 2; c++) {
		vc_bb stop = pc[!c] | st[c] | fk;
		vc_bb mov = pc[c] & ~st[c];
		while (mov) {
			int sq = vc_lsb(mov);
			mov &= mov - 1;
			vc_bb l = VC_BIT(sq);
			int s = sq;
			for (;;) {
				int nx = c == VC_WHITE ? s + 8 : s - 8;
				if (VC_BIT(nx) & stop)
					break;
				if (VC_RANK(nx) == 0 || VC_RANK(nx) == 7)
					return false; /* it can promote */
				l |= VC_BIT(nx);
				s = nx;
			}
			lane[c] |= l;
		}
	}
	/* a double push over a square an enemy lane attacks (en passant) */
	for (int c = 0; c < 2; c++) {
		vc_bb start = pc[c] & ~st[c] & (c == VC_WHITE ? 0xFF00ull : 0xFF000000000000ull);
		vc_bb two = c == VC_WHITE ? start << 16 : start >> 16;
		vc_bb skip = c == VC_WHITE ? start << 8 : start >> 8;
		vc_bb can = c == VC_WHITE ? ((two & lane[c]) >> 8) : ((two & lane[c]) << 8);
		if (can & skip & pawn_attacks_bb(lane[!c], !c))
			return false;
	}
	vc_bb latt[2] = { pawn_attacks_bb(lane[0], VC_WHITE), pawn_attacks_bb(lane[1], VC_BLACK) };
	if ((latt[0] & lane[1]) || (latt[1] & lane[0]))
		return false;
	/* what static pawns and frozen kings attack, for ever */
	vc_bb satt[2] = { pawn_attacks_bb(st[0], VC_WHITE), pawn_attacks_bb(st[1], VC_BLACK) };
	for (int c = 0; c < 2; c++)
		if (frozen[c])
			satt[c] |= vc_king_attacks(vc_lsb(kc[c]));
	if ((kings & p->by_color[VC_WHITE] & latt[1]) || (kings & p->by_color[VC_BLACK] & latt[0]))
		return false;
	vc_bb fixed = st[0] | st[1] | fk;

	/* pieces: reach and attacks; winner's attacks, loser's blockers */
	vc_bb win_att = 0, lose_reach = 0, blocker[16];
	int nblockers = 0;
	vc_bb pieces = (p->by_color[0] | p->by_color[1]) & ~pawns & ~kings;
	while (pieces) {
		int sq = vc_lsb(pieces);
		pieces &= pieces - 1;
		int c = VC_PIECE_COLOR(p->board[sq]), t = VC_PIECE_TYPE(p->board[sq]);
		vc_bb r, a;
		if (!piece_reach(t, sq, fixed, lane[!c], latt[!c], &r, &a))
			return false;
		if (c == w) {
			win_att |= a;
		} else {
			lose_reach |= r;
			if (nblockers < 16)
				blocker[nblockers++] = r;
		}
	}
	/* kings */
	vc_bb region[2];
	for (int c = 0; c < 2; c++) {
		vc_bb k = kings & p->by_color[c];
		region[c] = king_fill(k, ~(st[c] | st[!c] | satt[!c]));
		if (king_spread(region[c]) & lane[!c] & ~satt[!c])
			return false; /* the king could take an unguarded pawn */
	}
	int l = !w;
	win_att |= latt[w];
	/* what covers a flight square without the loser's pieces; each of
	 * those can block one square only */
	vc_bb cover = win_att | king_spread(region[w]) | lane[l] | ~region[l];
	vc_bb cand = region[l] & win_att;
	while (cand) {
		int k = vc_lsb(cand);
		cand &= cand - 1;
		vc_bb need = vc_king_attacks(k) & ~cover;
		if (need & ~lose_reach)
			continue; /* a flight square nothing can ever cover */
		int can = 0;
		for (int i = 0; i < nblockers; i++)
			can += (blocker[i] & need) != 0;
		if (can >= vc_popcount(need))
			return false; /* a mate on k cannot be ruled out */
	}
	return true;
}

