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
 * permanent obstacles `fixed` block (an over-approximation: other units
 * move away), into *reach, and every square it can ever attack into *att.
 * Returns false when it could ever stand where an enemy pawn lane attacks
 * (the pawn could take it: a change of the pawns no proof here allows). */
static bool piece_reach(int type, int sq, vc_bb fixed, vc_bb enemy_lane_att,
                        vc_bb *reach, vc_bb *att)
{
	vc_bb r = VC_BIT(sq), todo = r, a = 0;
	while (todo) {
		int s = vc_lsb(todo);
		todo &= todo - 1;
		vc_bb at = piece_attacks(type, s, fixed);
		a |= at;
		vc_bb nw = at & ~fixed & ~r;
		if (nw & enemy_lane_att)
			return false;
		r |= nw;
		todo |= nw;
	}
	*reach = r;
	*att = a;
	return !(r & enemy_lane_att);
}

/* The enemy pawns (of `pawns`) whose lane meets `threat`. */
static vc_bb lanes_met(vc_bb pawns, const vc_bb *plane, vc_bb threat)
{
	vc_bb r = 0;
	while (pawns) {
		int s = vc_lsb(pawns);
		pawns &= pawns - 1;
		if (plane[s] & threat)
			r |= VC_BIT(s);
	}
	return r;
}

/* Would every capture of the pawn of colour c on `x` (anywhere on its lane
 * `xlane`) by the enemy king leave c without a legal move and, when the
 * enemy is the intended winner w, without being in check? Then the game
 * ends there (stalemate; or w is mated or stalemated), so no helpmate by w
 * ever takes that pawn: the proof may keep it solid. The sets are those of
 * a round of vc_static_frozen, all valid until the capture: c has no castling
 * right, no piece but trapped ones (they cannot move) and no pawn but static
 * ones (their fronts stay taken, the capturing king standing where x stood
 * or was; they never take, as the round checks); so c has only king moves,
 * to squares of region_c (the others hold a static pawn or trapped piece,
 * or are attacked by a static enemy pawn, trapped piece or frozen king:
 * that stays so) not next to the capturing king on s, and captures of
 * enemy units (any but the king: the pawns this proof holds solid too, or
 * it would lean on itself) that no static enemy guard (guard_e) protects
 * and that are not next to s. The king of c stands on a square k of
 * region_c not next to s; when no such k has a neighbour in the same set
 * or such a unit next to it, c cannot move. A check after the capture can only be
 * discovered (a king gives none): the capturing king came from a square o
 * next to s in its region, which would have to lie on a line from k that
 * an enemy bishop or queen (diagonal) or rook or queen (straight) could
 * use, with the static units in the way as obstacles. */
static bool capture_stalemates(const struct vc_position *p, int c, int w, int x, vc_bb xlane,
                               vc_bb own_st, vc_bb trapped, vc_bb fixed,
                               vc_bb region_c, vc_bb region_e, vc_bb guard_c, vc_bb guard_e)
{
	static const vc_bb castle_mask[2] = { 0xFFull, 0xFFull << 56 };
	if (p->castle & castle_mask[c])
		return false;
	vc_bb mine = p->by_color[c];
	if (mine & ~p->by_type[VC_PAWN] & ~p->by_type[VC_KING] & ~trapped)
		return false;
	if (mine & p->by_type[VC_PAWN] & ~own_st & ~VC_BIT(x))
		return false;
	vc_bb enemy = p->by_color[!c];
	vc_bb diag = enemy & (p->by_type[VC_BISHOP] | p->by_type[VC_QUEEN]);
	vc_bb orth = enemy & (p->by_type[VC_ROOK] | p->by_type[VC_QUEEN]);
	vc_bb caps = xlane & king_spread(region_e) & ~guard_c;
	while (caps) {
		int s = vc_lsb(caps);
		caps &= caps - 1;
		vc_bb far = region_c & ~king_spread(VC_BIT(s));
		/* c's king may also take an enemy unit (a pawn the proof holds
		 * solid included) that no static guard of the enemy and not the
		 * capturing king protects: a move too */
		vc_bb takes = p->by_color[!c] & ~p->by_type[VC_KING] & ~guard_e &
		              ~king_spread(VC_BIT(s));
		vc_bb origins = vc_king_attacks(s) & region_e;
		for (vc_bb b = far; b; b &= b - 1) {
			int k = vc_lsb(b);
			if (vc_king_attacks(k) & (far | takes))
				return false; /* a king move left */
			if (c == w)
				continue; /* w mated or stalemated: no mate by w */
			vc_bb lines = (diag ? vc_bishop_attacks(k, fixed) : 0) |
			              (orth ? vc_rook_attacks(k, fixed) : 0);
			if (lines & origins)
				return false; /* a discovered check cannot be ruled out */
		}
	}
	return true;
}

/* The tempo of a mate when the loser can only ever move its king (no
 * castling right, no piece but trapped ones, no pawn but static ones; and
 * the winner has no castling right): a mate on k, the loser's king not on
 * k now, follows a loser's move of the king from a square k2 next to k
 * (every loser's move is a king move) and a winner's move. At the mate k2
 * must be unavailable: attacked by a winner's unit (the loser's units
 * never move onto it). When no winner's piece or pawn can attack k2
 * (win_att), the winner's king covers it; it was not next to k2 before
 * the loser's move (the kings were neighbours then), so the mating move is
 * that king's, from o to d, d next to k2 and one of the squares two steps
 * from k where the king completes the cover of k's flight squares
 * (`dest`), and its check is discovered: o lies on a line from k (the
 * diagonals when the winner has a bishop or queen, the straight lines
 * when it has a rook or queen, with the static units in the way) and is
 * not next to k2 (`orig`). True when such a move exists; false: no mate on
 * k after a king move from k2. */
static bool king_covers_late(vc_bb dest, vc_bb orig)
{
	if (!dest)
		return false;
	for (; orig; orig &= orig - 1)
		if (vc_king_attacks(vc_lsb(orig)) & dest)
			return true;
	return false;
}

/* Can the loser's units (blocker[i]: the squares unit i can reach; reach:
 * their union) stand on every square of `rest` at once, one unit a
 * square? Counted loosely (each unit that reaches a square of rest counts
 * once): true whenever they can. */
static bool blockers_cover(vc_bb rest, vc_bb reach, const vc_bb *blocker, int n)
{
	if (rest & ~reach)
		return false;
	int can = 0;
	for (int i = 0; i < n; i++)
		can += (blocker[i] & rest) != 0;
	return can >= vc_popcount(rest);
}

/* Can `w` never mate because no pawn can ever take, nor promote, and the
 * pawns that may be taken free nothing that matters? The proof assumes a
 * set M of mortal pawns (may be taken; every other pawn is solid: never
 * taken), a set T of trapped pieces (never move, never taken) and that no
 * pawn ever takes, and checks those assumptions; a pawn found attackable
 * joins M, a trapped piece found attackable leaves T, and the proof starts
 * again (M only grows, T only shrinks: few rounds). Given M and T: a
 * solid pawn is static when a solid enemy pawn, a static pawn of its own,
 * a trapped piece or a frozen king stands in front of it (they hold each
 * other: a pawn neither pushes nor takes nor is taken); a king is frozen
 * when it has no castling right and every square around it holds a static
 * pawn or trapped piece of its own or is attacked by a static enemy pawn
 * or trapped piece; a piece is trapped when every square it attacks holds
 * a static pawn, the frozen king or a trapped piece of its own (it never
 * moves). Every other pawn can only push along its lane: the squares up to
 * the first static pawn of its own, solid enemy pawn, frozen king or
 * trapped piece in front (a solid enemy pawn only comes nearer; a mortal
 * pawn or a pawn of its own that is not static may leave the file by
 * being taken, so the lane runs on). A lane that reaches the last rank: no answer. Then no pawn
 * ever takes when no lane attacks an enemy lane, no double push passes a
 * square an enemy lane attacks (and no en passant now) and no piece (moving
 * with only the static pawns, frozen kings and trapped pieces in its way, an
 * over-approximation) can ever stand where an enemy lane attacks (a king
 * standing there is never taken); a pawn is solid when no enemy piece
 * can ever attack a square of its lane and no enemy king can ever step
 * next to one that a static pawn, trapped piece or frozen king of its own
 * does not guard; a trapped piece likewise is never taken.
 * Soundness by induction over any legal sequence: while every static pawn,
 * trapped piece and frozen king is in place, every unit stays inside the
 * sets computed (pieces in their flood, kings in their region, pawns in
 * their lanes), so
 * the first pawn capture, capture of a solid pawn or push off a lane would
 * need a unit where the checks say none can be. Taking a mortal pawn only
 * removes it: the lanes already run past it. Then each king lives in the
 * region it can flood over (all but the static pawns, the trapped pieces
 * and the squares the enemy's static pawns, trapped pieces or frozen king
 * attack), and a mate needs a square k of the loser's region that a
 * winner's piece or pawn can attack, every neighbour of k being outside
 * the region (never available) or coverable: attacked by a winner's piece
 * or pawn, or next to the winner's king on its one square (two steps from
 * k, or further: then it covers none), or occupied by one of the loser's
 * pieces or pawns (each covers one square at a time, so k needs as many of
 * them that can reach a needed square as it has needed squares). A pawn only the enemy king can take stays solid
 * when every such capture ends the game (capture_stalemates); a loser that
 * can only move its king is mated on k only if the square it came from is
 * covered in time (king_covers_late). No such k: unwinnable. Every set
 * over-approximates: the answer is sound. */
bool vc_static_frozen(const struct vc_position *p, int w)
{
	vc_bb pc[2] = { vc_pieces(p, VC_WHITE, VC_PAWN), vc_pieces(p, VC_BLACK, VC_PAWN) };
	vc_bb pawns = pc[0] | pc[1];
	if (!pc[0] || !pc[1]) /* no wall without pawns of both sides */
		return false;
	if (p->ep != VC_NO_SQ)
		return false;
	/* a pawn with no pawn and no king ahead on its file, nor a piece
	 * right in front of it, is taken to have a lane to the last rank
	 * (everything that can stop a lane below is a pawn, a king or a
	 * trapped piece; one further ahead is not looked for): the answer
	 * would be no, given early here */
	vc_bb kings = p->by_type[VC_KING];
	vc_bb stops = pawns | kings | ((p->by_color[0] | p->by_color[1]) & ((pawns << 8) | (pawns >> 8)));
	vc_bb below = stops >> 8, above = stops << 8;
	below |= below >> 8;
	below |= below >> 16;
	below |= below >> 32;
	above |= above << 8;
	above |= above << 16;
	above |= above << 32;
	if ((pc[0] & ~below) || (pc[1] & ~above))
		return false;
	vc_bb kc[2] = { kings & p->by_color[VC_WHITE], kings & p->by_color[VC_BLACK] };
	vc_bb mortal = 0;
	/* trapped pieces, assumed until disproved: a candidate attacks
	 * nothing but pawns of its own, with every pawn in the way */
	vc_bb trapped = 0;
	vc_bb pieces0 = (p->by_color[0] | p->by_color[1]) & ~pawns & ~kings;
	for (vc_bb b = pieces0; b; b &= b - 1) {
		int sq = vc_lsb(b);
		int c = VC_PIECE_COLOR(p->board[sq]), t = VC_PIECE_TYPE(p->board[sq]);
		/* the squares next to it that it attacks first, cheaply */
		vc_bb b1 = VC_BIT(sq);
		vc_bb diag = ((b1 << 9) & ~FILE_A) | ((b1 << 7) & ~FILE_H) |
		             ((b1 >> 7) & ~FILE_A) | ((b1 >> 9) & ~FILE_H);
		vc_bb orth = ((b1 << 1) & ~FILE_A) | ((b1 >> 1) & ~FILE_H) | (b1 << 8) | (b1 >> 8);
		vc_bb first = t == VC_KNIGHT ? vc_knight_attacks(sq)
		            : t == VC_BISHOP ? diag : t == VC_ROOK ? orth : diag | orth;
		if (!(first & ~pc[c]) && !(piece_attacks(t, sq, pawns) & ~pc[c]))
			trapped |= b1;
	}
	vc_bb st[2], fk, lane[2], latt[2], satt[2], region[2];
	bool frozen[2];
	vc_bb plane[64];
	vc_bb win_att, lose_reach, blocker[32];
	int nblockers;
	for (;;) {
		/* static pawns and frozen kings, the greatest fixpoint (each
		 * holds as long as the others do) */
		vc_bb solid[2] = { pc[0] & ~mortal, pc[1] & ~mortal };
		vc_bb hold = solid[0] | solid[1] | kings;
		frozen[0] = kc[0] && !(p->castle & 0xFFull);
		frozen[1] = kc[1] && !(p->castle & (0xFFull << 56));
		st[0] = solid[0] & ((hold | trapped) >> 8);
		st[1] = solid[1] & ((hold | trapped) << 8);
		/* with the trapped pieces, the same greatest fixpoint: a piece
		 * is trapped when every square it attacks holds a static pawn,
		 * the frozen king or a trapped piece of its own (it can never
		 * move while they stay; that it is never taken is checked
		 * below); a pawn with a trapped piece in front is static; a
		 * king is frozen also by its own trapped pieces around it and
		 * by squares enemy trapped pieces attack */
		for (;;) {
			fk = (frozen[0] ? kc[0] : 0) | (frozen[1] ? kc[1] : 0);
			vc_bb s0 = st[0] & ((solid[1] >> 8) | (st[0] >> 8) | (fk >> 8) | (trapped >> 8));
			vc_bb s1 = st[1] & ((solid[0] << 8) | (st[1] << 8) | (fk << 8) | (trapped << 8));
			/* what the trapped pieces attack for ever */
			vc_bb tatt[2] = { 0, 0 };
			for (vc_bb b = trapped; b; b &= b - 1) {
				int sq = vc_lsb(b);
				int c = VC_PIECE_COLOR(p->board[sq]), t = VC_PIECE_TYPE(p->board[sq]);
				tatt[c] |= piece_attacks(t, sq, st[0] | st[1] | fk | trapped);
			}
			bool f0 = frozen[0] && !(vc_king_attacks(vc_lsb(kc[0])) &
			                         ~(s0 | pawn_attacks_bb(s1, VC_BLACK) |
			                           (trapped & p->by_color[0]) | tatt[1]));
			bool f1 = frozen[1] && !(vc_king_attacks(vc_lsb(kc[1])) &
			                         ~(s1 | pawn_attacks_bb(s0, VC_WHITE) |
			                           (trapped & p->by_color[1]) | tatt[0]));
			vc_bb fk2 = (f0 ? kc[0] : 0) | (f1 ? kc[1] : 0);
			vc_bb keep = 0;
			for (vc_bb b = trapped; b; b &= b - 1) {
				int sq = vc_lsb(b);
				int c = VC_PIECE_COLOR(p->board[sq]), t = VC_PIECE_TYPE(p->board[sq]);
				vc_bb own = (c ? s1 : s0) | (fk2 & kc[c]) | (trapped & p->by_color[c]);
				if (!(piece_attacks(t, sq, s0 | s1 | fk2 | trapped) & ~own))
					keep |= VC_BIT(sq);
			}
			if (s0 == st[0] && s1 == st[1] && f0 == frozen[0] && f1 == frozen[1] &&
			    keep == trapped)
				break;
			st[0] = s0;
			st[1] = s1;
			frozen[0] = f0;
			frozen[1] = f1;
			trapped = keep;
		}
		/* lanes, one a pawn (plane) and one a side */
		for (int c = 0; c < 2; c++) {
			vc_bb stop = solid[!c] | st[c] | fk | trapped;
			vc_bb all = pc[c];
			lane[c] = 0;
			while (all) {
				int sq = vc_lsb(all);
				all &= all - 1;
				vc_bb l = VC_BIT(sq);
				if (!(l & st[c])) {
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
				}
				plane[sq] = l;
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
		latt[0] = pawn_attacks_bb(lane[0], VC_WHITE);
		latt[1] = pawn_attacks_bb(lane[1], VC_BLACK);
		if ((latt[0] & lane[1]) || (latt[1] & lane[0]))
			return false;
		/* what static pawns and frozen kings attack, for ever */
		satt[0] = pawn_attacks_bb(st[0], VC_WHITE);
		satt[1] = pawn_attacks_bb(st[1], VC_BLACK);
		for (int c = 0; c < 2; c++)
			if (frozen[c])
				satt[c] |= vc_king_attacks(vc_lsb(kc[c]));
		/* and trapped pieces (never moving, never taken) */
		for (vc_bb b = trapped; b; b &= b - 1) {
			int sq = vc_lsb(b);
			int c = VC_PIECE_COLOR(p->board[sq]), t = VC_PIECE_TYPE(p->board[sq]);
			satt[c] |= piece_attacks(t, sq, st[0] | st[1] | fk | trapped);
		}
		vc_bb fixed = st[0] | st[1] | fk | trapped;

		/* pieces: reach and attacks; winner's attacks, loser's blockers;
		 * the enemy pawns they could take become mortal */
		vc_bb threat[2] = { 0, 0 }; /* what could take a pawn of colour c */
		vc_bb kthreat[2] = { 0, 0 }; /* the same, by the enemy king */
		win_att = 0;
		lose_reach = 0;
		nblockers = 0;
		vc_bb pieces = (p->by_color[0] | p->by_color[1]) & ~pawns & ~kings;
		while (pieces) {
			int sq = vc_lsb(pieces);
			pieces &= pieces - 1;
			int c = VC_PIECE_COLOR(p->board[sq]), t = VC_PIECE_TYPE(p->board[sq]);
			vc_bb r, a;
			if (!piece_reach(t, sq, fixed, latt[!c], &r, &a))
				return false;
			threat[!c] |= a;
			if (c == w) {
				win_att |= a;
			} else {
				lose_reach |= r;
				blocker[nblockers++] = r;
			}
		}
		/* kings: a pawn the king could step next to, unguarded */
		for (int c = 0; c < 2; c++) {
			region[c] = king_fill(kc[c], ~(st[c] | st[!c] | satt[!c] | trapped));
			kthreat[!c] = king_spread(region[c]) & ~satt[!c];
		}
		vc_bb lost = trapped & (((threat[0] | kthreat[0]) & p->by_color[0]) |
		                        ((threat[1] | kthreat[1]) & p->by_color[1]));
		vc_bb more = 0;
		for (int c = 0; c < 2; c++) {
			more |= lanes_met(pc[c] & ~mortal, plane, threat[c] & lane[c]);
			/* taken by the enemy king only: harmless when every
			 * such capture ends the game */
			vc_bb byk = lanes_met(pc[c] & ~mortal & ~more, plane, kthreat[c] & lane[c]);
			while (byk) {
				int x = vc_lsb(byk);
				byk &= byk - 1;
				if (!capture_stalemates(p, c, w, x, plane[x], st[c], trapped, fixed,
				                        region[c], region[!c], satt[c], satt[!c]))
					more |= VC_BIT(x);
			}
		}
		if (!more && !lost)
			break;
		mortal |= more;
		trapped &= ~lost;
	}
	int l = !w;
	/* the loser's pawns that are not static block one square each */
	vc_bb lp = pc[l] & ~st[l];
	while (lp) {
		int sq = vc_lsb(lp);
		lp &= lp - 1;
		lose_reach |= plane[sq];
		blocker[nblockers++] = plane[sq];
	}
	win_att |= latt[w];
	/* when the loser can only ever move its king (see king_covers_late) */
	static const vc_bb castle_mask[2] = { 0xFFull, 0xFFull << 56 };
	bool only_king = !(p->castle & (castle_mask[0] | castle_mask[1])) &&
	                 !(pc[l] & ~st[l]) &&
	                 !(p->by_color[l] & ~pawns & ~kings & ~trapped);
	vc_bb wdiag = p->by_color[w] & (p->by_type[VC_BISHOP] | p->by_type[VC_QUEEN]);
	vc_bb worth = p->by_color[w] & (p->by_type[VC_ROOK] | p->by_type[VC_QUEEN]);
	vc_bb fixed = st[0] | st[1] | fk | trapped;
	/* what covers a flight square without the loser's units; each of
	 * those can block one square only */
	vc_bb cover = win_att | king_spread(region[w]) | ~region[l];
	vc_bb cand = region[l] & win_att;
	while (cand) {
		int k = vc_lsb(cand);
		cand &= cand - 1;
		vc_bb need = vc_king_attacks(k) & ~cover;
		if (need & ~lose_reach)
			continue; /* a flight square nothing can ever cover */
		/* the flight squares the winner's pieces and pawns cannot
		 * cover: the winner's king covers those next to its one square
		 * K, two steps from k (further, none), the loser's units the
		 * rest, one each; kpos: the squares K where that works */
		vc_bb open = vc_king_attacks(k) & region[l] & ~win_att;
		vc_bb around = king_spread(VC_BIT(k));
		vc_bb kpos = 0;
		for (vc_bb b = king_spread(around) & ~around & region[w]; b; b &= b - 1)
			if (blockers_cover(open & ~vc_king_attacks(vc_lsb(b)), lose_reach,
			                   blocker, nblockers))
				kpos |= b & -b;
		if (!kpos && !blockers_cover(open, lose_reach, blocker, nblockers))
			continue; /* no mate on k */
		/* the loser's king on k now: a mate without a loser's move
		 * first is the position itself (the loser to move, in check)
		 * or the winner's first move (the winner to move) */
		bool here = VC_BIT(k) == kc[l];
		vc_bb prev = vc_king_attacks(k) & region[l];
		if (!only_king || (here && p->side == l && vc_in_check(p, l)) ||
		    (here && p->side == w && !prev))
			return false; /* a mate on k cannot be ruled out */
		/* otherwise the loser's last move took its king from a
		 * neighbour k2 of k (in its region) to k: k2 must be covered,
		 * by a winner's piece or pawn, or by its king on a square of
		 * kpos next to k2, which it reached with the mating move */
		vc_bb lines = (wdiag ? vc_bishop_attacks(k, fixed) : 0) |
		              (worth ? vc_rook_attacks(k, fixed) : 0);
		for (vc_bb b = prev; b; b &= b - 1) {
			int k2 = vc_lsb(b);
			if (VC_BIT(k2) & win_att)
				return false;
			vc_bb dest = kpos & vc_king_attacks(k2);
			if (king_covers_late(dest, lines & region[w] & ~king_spread(VC_BIT(k2))))
				return false;
			/* the winner's first move: its king on such a square
			 * now, or its move from where it stands */
			if (here && p->side == w &&
			    ((kc[w] & dest) || king_covers_late(dest, lines & kc[w])))
				return false;
		}
	}
	return true;
}
