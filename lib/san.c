/* vchess - SAN read (strict + lenient forms) and write. See san.h. */
#include <string.h>

#include "san.h"
#include "movegen_internal.h"

static int promo_piece(char c, bool allow_lower)
{
	switch (c) {
	case 'Q': return VC_QUEEN;
	case 'R': return VC_ROOK;
	case 'B': return VC_BISHOP;
	case 'N': return VC_KNIGHT;
	case 'K': return VC_KING;
	default: break;
	}
	if (allow_lower) {
		switch (c) {
		case 'q': return VC_QUEEN;
		case 'r': return VC_ROOK;
		case 'b': return VC_BISHOP;
		case 'n': return VC_KNIGHT;
		case 'k': return VC_KING;
		default: break;
		}
	}
	return 0;
}

static bool is_capture(const struct vc_position *pos, vc_move m)
{
	if (m & VC_MF_CASTLE)
		return false;
	return (m & VC_MF_EP) || pos->board[VC_MOVE_TO(m)];
}

static bool is_file(char c) { return c >= 'a' && c <= 'h'; }
static bool is_rank(char c) { return c >= '1' && c <= '8'; }

/* Which disambiguation SAN needs for move m: bit 0 file, bit 1 rank. */
static int needed_disambiguation(const struct vc_position *pos, const vc_move *legal,
                                 int n, vc_move m)
{
	int from = VC_MOVE_FROM(m), to = VC_MOVE_TO(m);
	int pt = VC_PIECE_TYPE(pos->board[from]);
	bool others = false, same_file = false, same_rank = false;
	for (int i = 0; i < n; i++) {
		vc_move o = legal[i];
		int of = VC_MOVE_FROM(o);
		if (o & VC_MF_CASTLE || of == from || VC_MOVE_TO(o) != to ||
		    VC_PIECE_TYPE(pos->board[of]) != pt)
			continue;
		others = true;
		if (VC_FILE(of) == VC_FILE(from))
			same_file = true;
		if (VC_RANK(of) == VC_RANK(from))
			same_rank = true;
	}
	if (!others)
		return 0;
	if (!same_file)
		return 1;
	if (!same_rank)
		return 2;
	return 3;
}

static enum vc_san_status parse_castling(const vc_move *legal,
                                         int n, bool queenside, struct vc_san_info *info)
{
	for (int i = 0; i < n; i++) {
		vc_move m = legal[i];
		if (!(m & VC_MF_CASTLE))
			continue;
		if ((VC_MOVE_TO(m) < VC_MOVE_FROM(m)) == queenside) {
			info->move = m;
			return VC_SAN_OK;
		}
	}
	return VC_SAN_ILLEGAL;
}

static bool eq(const char *t, size_t len, const char *lit)
{
	return strlen(lit) == len && memcmp(t, lit, len) == 0;
}

enum vc_san_status vc_san_parse(const struct vc_position *pos, const vc_move *legal,
                                int nlegal, const char *t, size_t len,
                                struct vc_san_info *info)
{
	memset(info, 0, sizeof *info);
	const struct vc_variant *v = vc_variant_checked(pos);
	if (!v)
		return VC_SAN_UNKNOWN_VARIANT;
	/* Without a list, moves are generated here: castling and UCI need all
	 * of them, a SAN piece move only those to its square (below). */
	const bool own_list = !legal;
	const bool chess_gen = v->gen_legal == vc_gen_legal_chess;
	vc_move own[VC_MAX_MOVES];
	/* trailing annotations and check suffixes, in any order */
	while (len && (t[len - 1] == '+' || t[len - 1] == '#' || t[len - 1] == '!' ||
	               t[len - 1] == '?')) {
		if (t[len - 1] == '#' && !info->suffix)
			info->suffix = VC_SUFFIX_MATE;
		else if (t[len - 1] == '+' && !info->suffix)
			info->suffix = VC_SUFFIX_CHECK;
		len--;
	}
	/* "exd6e.p.", "exd6e.p" (the reader drops a last dot), "exf6ep": the
	 * en-passant mark glued to the move (the PGN reader drops it when it
	 * stands apart); '+'/'#' may come before it */
	size_t ep_mark = len > 4 && memcmp(t + len - 4, "e.p.", 4) == 0 ? 4
	                 : len > 3 && memcmp(t + len - 3, "e.p", 3) == 0 ? 3
	                 : len > 2 && memcmp(t + len - 2, "ep", 2) == 0 ? 2 : 0;
	bool ep_written = false; /* checked against the move found */
	if (ep_mark && (is_rank(t[len - ep_mark - 1]) || t[len - ep_mark - 1] == '+' ||
	                t[len - ep_mark - 1] == '#')) {
		ep_written = true;
		len -= ep_mark;
		while (len && (t[len - 1] == '+' || t[len - 1] == '#')) {
			if (!info->suffix)
				info->suffix = t[len - 1] == '#' ? VC_SUFFIX_MATE : VC_SUFFIX_CHECK;
			len--;
		}
	}
	if (!len)
		return VC_SAN_SYNTAX;
	if ((t[0] == '-' || t[0] == 'Z' || t[0] == '0' || t[0] == '@') &&
	    (eq(t, len, "--") || eq(t, len, "Z0") || eq(t, len, "0000") || eq(t, len, "@@@@")))
		return VC_SAN_NULL_MOVE;
	const bool castle = eq(t, len, "O-O") || eq(t, len, "O-O-O");
	const bool lower_castle = eq(t, len, "o-o") || eq(t, len, "o-o-o");
	const bool zero_castle = eq(t, len, "0-0") || eq(t, len, "0-0-0") || lower_castle;
	if (own_list && (castle || zero_castle) && chess_gen) {
		nlegal = vc_gen_castling_chess(pos, own); /* castling needs no other move */
		legal = own;
	} else if (own_list && (memchr(t, 'O', len) || memchr(t, 'o', len) ||
	                        (len >= 3 && t[0] == '0'))) {
		nlegal = vc_legal_moves(pos, own);
		legal = own;
	}
	if (castle || zero_castle) {
		if (zero_castle)
			info->warnings |= lower_castle ? VC_SANW_LOWERCASE_CASTLING
			                               : VC_SANW_ZERO_CASTLING;
		return parse_castling(legal, nlegal, len == 5, info);
	}
	/* UCI: e2e4, e7e8q, e1h1 */
	if ((len == 4 || len == 5) && is_file(t[0]) && is_rank(t[1]) && is_file(t[2]) &&
	    is_rank(t[3]) && (len == 4 || promo_piece(t[4], true))) {
		vc_move m = vc_move_from_uci(pos, t, len);
		if (!m)
			return VC_SAN_ILLEGAL;
		info->move = m;
		info->warnings |= VC_SANW_UCI;
		if (ep_written && !(m & VC_MF_EP))
			info->warnings |= VC_SANW_EP_MARK;
		return VC_SAN_OK;
	}

	size_t i = 0;
	int pt = VC_PAWN;
	switch (t[0]) {
	case 'K': pt = VC_KING; i = 1; break;
	case 'Q': pt = VC_QUEEN; i = 1; break;
	case 'R': pt = VC_ROOK; i = 1; break;
	case 'B': pt = VC_BISHOP; i = 1; break;
	case 'N': pt = VC_KNIGHT; i = 1; break;
	default: break;
	}
	int promo = 0;
	if (pt == VC_PAWN) {
		if (len >= 2 && t[len - 2] == '=' && promo_piece(t[len - 1], true)) {
			promo = promo_piece(t[len - 1], true);
			if (!promo_piece(t[len - 1], false))
				info->warnings |= VC_SANW_PROMOTION_FORM; /* e8=q */
			len -= 2;
		} else if (len >= 3 && t[len - 3] == '(' && t[len - 1] == ')' &&
		           promo_piece(t[len - 2], true)) {
			promo = promo_piece(t[len - 2], true);
			len -= 3;
			info->warnings |= VC_SANW_PROMOTION_FORM;
		} else if (len >= 2 && t[len - 2] == '/' && promo_piece(t[len - 1], true)) {
			promo = promo_piece(t[len - 1], true);
			len -= 2;
			info->warnings |= VC_SANW_PROMOTION_FORM;
		} else if (len >= 3 && promo_piece(t[len - 1], false) && is_rank(t[len - 2])) {
			promo = promo_piece(t[len - 1], false);
			len -= 1;
			info->warnings |= VC_SANW_PROMOTION_FORM;
		}
	}
	if (len < i + 2 || !is_file(t[len - 2]) || !is_rank(t[len - 1]))
		return VC_SAN_SYNTAX;
	int to = VC_SQ(t[len - 2] - 'a', t[len - 1] - '1');
	len -= 2;
	int ff = -1, fr = -1;
	bool x = false;
	if (i < len && is_file(t[i]))
		ff = t[i++] - 'a';
	if (i < len && is_rank(t[i]))
		fr = t[i++] - '1';
	bool dash = false;
	if (i < len && (t[i] == 'x' || t[i] == ':')) {
		x = true;
		i++;
	} else if (i < len && t[i] == '-' && ff >= 0 && fr >= 0) {
		dash = true; /* long algebraic: the full from-square, then '-' */
		i++;
	}
	if (i != len)
		return VC_SAN_SYNTAX;
	if (!legal) {
		if (chess_gen)
			nlegal = vc_gen_legal_chess_to(pos, to, pt, own);
		else
			nlegal = vc_legal_moves(pos, own);
		legal = own;
	}

	vc_move found = VC_MOVE_NONE;
	int matches = 0;
	for (int k = 0; k < nlegal; k++) {
		vc_move m = legal[k];
		int from = VC_MOVE_FROM(m);
		if (m & VC_MF_CASTLE || VC_MOVE_TO(m) != to ||
		    VC_PIECE_TYPE(pos->board[from]) != pt || VC_MOVE_PROMOTION(m) != promo)
			continue;
		if (ff >= 0 && VC_FILE(from) != ff)
			continue;
		if (fr >= 0 && VC_RANK(from) != fr)
			continue;
		/* a pawn SAN without a file is a straight push */
		if (pt == VC_PAWN && ff < 0 && VC_FILE(from) != VC_FILE(to))
			continue;
		found = m;
		matches++;
	}
	if (matches == 0 && pt == VC_KING && ff < 0 && fr < 0) {
		/* Kg1 for O-O: the king's castling target, never the rook's square */
		if (own_list) {
			nlegal = vc_legal_moves(pos, own);
			legal = own;
		}
		for (int k = 0; k < nlegal; k++) {
			vc_move m = legal[k];
			if (!(m & VC_MF_CASTLE))
				continue;
			int kto = vc_castle_king_to(VC_MOVE_FROM(m), VC_MOVE_TO(m));
			if (kto == to && to != VC_MOVE_TO(m) && kto != VC_MOVE_FROM(m)) {
				info->move = m;
				info->warnings |= VC_SANW_KING_CASTLING;
				return VC_SAN_OK;
			}
		}
	}
	if (matches == 0)
		return VC_SAN_ILLEGAL;
	if (matches > 1)
		return VC_SAN_AMBIGUOUS;
	info->move = found;
	if (ep_written && !(found & VC_MF_EP))
		info->warnings |= VC_SANW_EP_MARK;
	if (dash) {
		/* its own form: no over-disambiguation or capture-mark warning */
		info->warnings |= VC_SANW_LONG_ALGEBRAIC;
		return VC_SAN_OK;
	}
	bool cap = is_capture(pos, found);
	if (x && !cap)
		info->warnings |= VC_SANW_SUPERFLUOUS_X;
	if (!x && cap)
		info->warnings |= VC_SANW_MISSING_X;
	int given = (ff >= 0 ? 1 : 0) | (fr >= 0 ? 2 : 0);
	int need = given && pt != VC_PAWN ? needed_disambiguation(pos, legal, nlegal, found) : 0;
	if (pt == VC_PAWN) {
		if (fr >= 0 || (ff >= 0 && !cap))
			info->warnings |= VC_SANW_OVERDISAMBIG;
	} else if (given && (given & ~need) && !(need == 1 && given == 2) && !(need == 2 && given == 1)) {
		info->warnings |= VC_SANW_OVERDISAMBIG;
	}
	return VC_SAN_OK;
}

/* Whether pos has a legal move (0 or a positive lower bound). Apart, so
 * that the move list's stack is set up only when needed. */
static __attribute__((noinline)) int moves_exist(const struct vc_position *pos)
{
	const struct vc_variant_speed *s = vc_variant_of(pos)->speed;
	vc_move list[VC_MAX_MOVES];
	return s && s->has_legal ? s->has_legal(pos) : vc_legal_moves(pos, list);
}

unsigned vc_san_check_suffix(const struct vc_position *after, int after_nlegal,
                             enum vc_san_suffix written)
{
	const struct vc_variant *v = vc_variant_checked(after);
	if (!v || !(v->flags & VC_VF_ROYAL_KING))
		return 0;
	enum vc_san_suffix actual = VC_SUFFIX_NONE;
	if (vc_in_check(after, after->side)) {
		if (after_nlegal < 0) /* unknown: only here, in check, does it matter */
			after_nlegal = moves_exist(after);
		actual = after_nlegal == 0 ? VC_SUFFIX_MATE : VC_SUFFIX_CHECK;
	}
	return actual == written ? 0 : VC_SANW_CHECK_SUFFIX;
}

/* Has the side to move of p a legal move? (the variant's fast test when
 * it has one) */
static bool has_any_legal(const struct vc_variant *v, const struct vc_position *p,
                          vc_move *buf)
{
	if (v->speed && v->speed->has_legal)
		return v->speed->has_legal(p) != 0;
	return v->gen_legal(p, buf) != 0;
}

char *vc_san_write(const struct vc_position *pos, vc_move m, char *buf)
{
	const struct vc_variant *v = vc_variant_checked(pos);
	if (!v) {
		buf[0] = 0;
		return NULL;
	}
	vc_move legal[VC_MAX_MOVES];
	char *o = buf;
	int from = VC_MOVE_FROM(m), to = VC_MOVE_TO(m);
	if (m & VC_MF_CASTLE) {
		strcpy(o, to > from ? "O-O" : "O-O-O");
		o += strlen(o);
	} else {
		int pt = VC_PIECE_TYPE(pos->board[from]);
		bool cap = is_capture(pos, m);
		if (pt == VC_PAWN) {
			if (cap) {
				*o++ = (char)('a' + VC_FILE(from));
				*o++ = 'x';
			}
		} else {
			*o++ = " PNBRQK"[pt];
			/* a piece alone of its kind and colour needs no
			 * disambiguation: the legal moves only when another could
			 * also go to `to` */
			int need = 0;
			if (vc_popcount(vc_pieces(pos, VC_PIECE_COLOR(pos->board[from]), pt)) > 1)
				need = needed_disambiguation(pos, legal, v->gen_legal(pos, legal), m);
			if (need & 1)
				*o++ = (char)('a' + VC_FILE(from));
			if (need & 2)
				*o++ = (char)('1' + VC_RANK(from));
			if (cap)
				*o++ = 'x';
		}
		*o++ = (char)('a' + VC_FILE(to));
		*o++ = (char)('1' + VC_RANK(to));
		if (VC_MOVE_PROMOTION(m)) {
			*o++ = '=';
			*o++ = " PNBRQK"[VC_MOVE_PROMOTION(m)];
		}
	}
	if (v->flags & VC_VF_ROYAL_KING) {
		struct vc_position next = *pos;
		v->make(&next, m);
		if (vc_in_check(&next, next.side))
			*o++ = has_any_legal(v, &next, legal) ? '+' : '#';
	}
	*o = 0;
	return buf;
}

const char *vc_san_code(enum vc_san_status st)
{
	switch (st) {
	case VC_SAN_OK: return "ok";
	case VC_SAN_SYNTAX: return "san-syntax";
	case VC_SAN_ILLEGAL: return "illegal-move";
	case VC_SAN_AMBIGUOUS: return "ambiguous-move";
	case VC_SAN_NULL_MOVE: return "null-move";
	case VC_SAN_IMPOSSIBLE: return "impossible-move";
	case VC_SAN_UNKNOWN_VARIANT: return "invalid-argument";
	}
	return "san-syntax";
}

static const struct {
	unsigned bit;
	const char *code, *msg;
} san_warnings[] = {
	{ VC_SANW_ZERO_CASTLING, "zero-castling", "castling written with zeros (0-0)" },
	{ VC_SANW_PROMOTION_FORM, "promotion-form", "promotion not written as SAN's =Q, =R, =B, =N" },
	{ VC_SANW_MISSING_X, "missing-capture-mark", "capture written without 'x'" },
	{ VC_SANW_SUPERFLUOUS_X, "superfluous-capture-mark", "'x' on a move that captures nothing" },
	{ VC_SANW_OVERDISAMBIG, "over-disambiguated", "more disambiguation than SAN needs" },
	{ VC_SANW_KING_CASTLING, "king-move-castling", "castling written as a king move" },
	{ VC_SANW_UCI, "uci-move", "UCI move in PGN movetext" },
	{ VC_SANW_CHECK_SUFFIX, "check-suffix", "missing or wrong check/mate suffix" },
	{ VC_SANW_LONG_ALGEBRAIC, "long-algebraic", "long algebraic notation (from-square, '-', to-square) instead of SAN" },
	{ VC_SANW_LOWERCASE_CASTLING, "lowercase-castling", "castling written in lower case (o-o)" },
	{ VC_SANW_EP_MARK, "superfluous-ep-mark", "e.p. on a move that is not an en-passant capture" },
};

const char *vc_san_warning_code(unsigned bit)
{
	for (size_t i = 0; i < sizeof san_warnings / sizeof *san_warnings; i++)
		if (san_warnings[i].bit == bit)
			return san_warnings[i].code;
	return "san-warning";
}

const char *vc_san_warning_message(unsigned bit)
{
	for (size_t i = 0; i < sizeof san_warnings / sizeof *san_warnings; i++)
		if (san_warnings[i].bit == bit)
			return san_warnings[i].msg;
	return "lenient SAN";
}

/* ---- Why a move is illegal (off the per-ply path) ------------------------ */

static const char *const illegal_words[] = {
	[VC_ILLEGAL_UNKNOWN] = NULL,
	[VC_ILLEGAL_UNREACHABLE] = "unreachable",
	[VC_ILLEGAL_PINNED] = "pinned",
	[VC_ILLEGAL_KING_IN_CHECK] = "king-in-check",
	[VC_ILLEGAL_NO_CASTLING_RIGHT] = "no-castling-right",
	[VC_ILLEGAL_CASTLING_PATH] = "castling-path",
	[VC_ILLEGAL_CAPTURE_COMPULSORY] = "capture-compulsory",
	[VC_ILLEGAL_WRONG_SIDE] = "wrong-side",
};

const char *vc_illegal_reason_word(enum vc_illegal_reason r)
{
	return (unsigned)r < sizeof illegal_words / sizeof *illegal_words ? illegal_words[r]
	                                                                   : NULL;
}

/* Squares from which a piece of type pt and colour us reaches `to` on a
 * board with occupancy occ, ignoring pins and check (pawns: a push onto an
 * empty square, a capture onto an enemy piece or the en-passant square). */
static vc_bb reach_from(const struct vc_position *pos, int us, int pt, int to, vc_bb occ)
{
	const vc_bb tb = VC_BIT(to);
	switch (pt) {
	case VC_KNIGHT: return vc_knight_attacks(to);
	case VC_BISHOP: return vc_bishop_attacks(to, occ);
	case VC_ROOK: return vc_rook_attacks(to, occ);
	case VC_QUEEN: return vc_bishop_attacks(to, occ) | vc_rook_attacks(to, occ);
	case VC_KING: return vc_king_attacks(to);
	default: break;
	}
	vc_bb from = 0;
	if ((pos->by_color[!us] & tb) || to == pos->ep)
		from |= vc_pawn_attacks(!us, to);
	if (!(occ & tb)) {
		int one = us == VC_WHITE ? to - 8 : to + 8;
		if (one >= 0 && one < 64) {
			from |= VC_BIT(one);
			int two = us == VC_WHITE ? one - 8 : one + 8;
			if (!(occ & VC_BIT(one)) && VC_RANK(to) == (us == VC_WHITE ? 3 : 4))
				from |= VC_BIT(two);
		}
	}
	return from;
}

enum vc_illegal_reason vc_san_illegal_reason(const struct vc_position *pos, const char *t,
                                             size_t len)
{
	const struct vc_variant *v = vc_variant_checked(pos);
	if (!v || (v->flags & VC_VF_RETRO))
		return VC_ILLEGAL_UNKNOWN;
	const int us = pos->side;
	const bool royal = v->flags & VC_VF_ROYAL_KING;
	while (len && strchr("+#!?", t[len - 1]))
		len--;
	if (len > 3 && memcmp(t + len - 3, "e.p", 3) == 0)
		len -= 3;
	else if (len > 2 && memcmp(t + len - 2, "ep", 2) == 0 && is_rank(t[len - 3]))
		len -= 2;
	while (len && strchr("+#", t[len - 1]))
		len--;
	/* castling */
	bool ks = eq(t, len, "O-O") || eq(t, len, "0-0") || eq(t, len, "o-o");
	bool qs = eq(t, len, "O-O-O") || eq(t, len, "0-0-0") || eq(t, len, "o-o-o");
	if (ks || qs) {
		vc_bb k = vc_pieces(pos, us, VC_KING);
		if (!k || !(v->flags & VC_VF_CASTLING))
			return VC_ILLEGAL_NO_CASTLING_RIGHT;
		int kf = VC_FILE(vc_lsb(k));
		bool right = false;
		for (vc_bb c = pos->castle & (0xFFull << (us == VC_WHITE ? 0 : 56)); c; c &= c - 1)
			right |= ks ? VC_FILE(vc_lsb(c)) > kf : VC_FILE(vc_lsb(c)) < kf;
		if (!right)
			return VC_ILLEGAL_NO_CASTLING_RIGHT;
		return royal && vc_in_check(pos, us) ? VC_ILLEGAL_KING_IN_CHECK
		                                     : VC_ILLEGAL_CASTLING_PATH;
	}
	/* the piece, the target square and the given origin */
	int pt = VC_PAWN, ff = -1, fr = -1, to;
	if ((len == 4 || len == 5) && is_file(t[0]) && is_rank(t[1]) && is_file(t[2]) &&
	    is_rank(t[3])) { /* UCI */
		int from = VC_SQ(t[0] - 'a', t[1] - '1');
		to = VC_SQ(t[2] - 'a', t[3] - '1');
		if (!pos->board[from])
			return VC_ILLEGAL_UNREACHABLE;
		if (VC_PIECE_COLOR(pos->board[from]) != us)
			return VC_ILLEGAL_WRONG_SIDE;
		pt = VC_PIECE_TYPE(pos->board[from]);
		ff = VC_FILE(from);
		fr = VC_RANK(from);
	} else {
		size_t i = 0;
		const char *letters = "PNBRQK";
		const char *p = len ? strchr(letters, t[0]) : NULL;
		if (p && *p) {
			pt = VC_PAWN + (int)(p - letters);
			i = 1;
		}
		/* the last file-rank pair is the target (a promotion after it) */
		size_t e = len;
		while (e >= i + 2 && !(is_file(t[e - 2]) && is_rank(t[e - 1])))
			e--;
		if (e < i + 2)
			return VC_ILLEGAL_UNKNOWN;
		to = VC_SQ(t[e - 2] - 'a', t[e - 1] - '1');
		for (; i < e - 2; i++) {
			if (is_file(t[i]))
				ff = t[i] - 'a';
			else if (is_rank(t[i]))
				fr = t[i] - '1';
		}
	}
	vc_bb mask = ~0ull;
	if (ff >= 0)
		mask &= 0x0101010101010101ull << ff;
	if (fr >= 0)
		mask &= 0xFFull << (8 * fr);
	const vc_bb occ = vc_occupied(pos);
	if (pos->by_color[us] & VC_BIT(to))
		return VC_ILLEGAL_UNREACHABLE; /* onto its own piece */
	vc_bb cand = reach_from(pos, us, pt, to, occ) & vc_pieces(pos, us, pt) & mask;
	if (!cand) {
		/* the other side's move? */
		struct vc_position other = *pos;
		other.side = (uint8_t)!us;
		if (!(pos->by_color[!us] & VC_BIT(to)) &&
		    (reach_from(&other, !us, pt, to, occ) & vc_pieces(pos, !us, pt) & mask))
			return VC_ILLEGAL_WRONG_SIDE;
		return VC_ILLEGAL_UNREACHABLE;
	}
	if (royal) {
		/* does every candidate leave its king attacked? */
		bool in_check = vc_in_check(pos, us);
		bool safe_one = false;
		for (vc_bb c = cand; c && !safe_one; c &= c - 1) {
			int from = vc_lsb(c);
			vc_bb captured = VC_BIT(to);
			if (pt == VC_PAWN && to == pos->ep && VC_FILE(from) != VC_FILE(to))
				captured = VC_BIT(us == VC_WHITE ? to - 8 : to + 8);
			vc_bb o = (occ & ~VC_BIT(from) & ~captured) | VC_BIT(to);
			vc_bb kings = pt == VC_KING ? VC_BIT(to) : vc_pieces(pos, us, VC_KING);
			bool attacked = false;
			for (; kings; kings &= kings - 1)
				attacked |= (vc_attackers(pos, vc_lsb(kings), !us, o) & ~captured) != 0;
			safe_one = !attacked;
		}
		if (!safe_one)
			return in_check || pt == VC_KING ? VC_ILLEGAL_KING_IN_CHECK : VC_ILLEGAL_PINNED;
	}
	/* a reachable, safe move the rules still refuse: a capture is due */
	vc_move legal[VC_MAX_MOVES];
	int n = vc_legal_moves(pos, legal);
	bool all_captures = n > 0;
	for (int k = 0; k < n && all_captures; k++)
		all_captures = is_capture(pos, legal[k]);
	if (all_captures && !(pos->by_color[!us] & VC_BIT(to)))
		return VC_ILLEGAL_CAPTURE_COMPULSORY;
	return VC_ILLEGAL_UNKNOWN;
}
