/* vchess - FEN / X-FEN / Shredder-FEN reading, validation and writing.
 * Rules: vchess-rules(7) sections 1 and 2 (validation errors and repairs), X-FEN
 * (KQkq = outermost rook on that side, a file letter for an inner rook).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "position.h"
#include "variant.h"
#include "movegen_internal.h"
#include "internal.h"

static const char piece_chars[] = " PNBRQK";

/* What a byte of the board field is: a piece code (1..14) for a piece
 * letter, B_DIGIT + n for a digit 1..8, B_SLASH, B_END for the bytes that
 * end the field (NUL, blank, tab), 0 for any other. One table lookup a
 * byte: FEN reading is per position in bulk work (`vchess winnable` on a
 * file). */
enum { B_DIGIT = 0x10, B_SLASH = 0x20, B_END = 0x40 };
static const uint8_t board_byte[256] = {
	['\0'] = B_END, [' '] = B_END, ['\t'] = B_END, ['/'] = B_SLASH,
	['1'] = B_DIGIT + 1, ['2'] = B_DIGIT + 2, ['3'] = B_DIGIT + 3, ['4'] = B_DIGIT + 4,
	['5'] = B_DIGIT + 5, ['6'] = B_DIGIT + 6, ['7'] = B_DIGIT + 7, ['8'] = B_DIGIT + 8,
	['P'] = VC_PIECE(VC_WHITE, VC_PAWN),   ['p'] = VC_PIECE(VC_BLACK, VC_PAWN),
	['N'] = VC_PIECE(VC_WHITE, VC_KNIGHT), ['n'] = VC_PIECE(VC_BLACK, VC_KNIGHT),
	['B'] = VC_PIECE(VC_WHITE, VC_BISHOP), ['b'] = VC_PIECE(VC_BLACK, VC_BISHOP),
	['R'] = VC_PIECE(VC_WHITE, VC_ROOK),   ['r'] = VC_PIECE(VC_BLACK, VC_ROOK),
	['Q'] = VC_PIECE(VC_WHITE, VC_QUEEN),  ['q'] = VC_PIECE(VC_BLACK, VC_QUEEN),
	['K'] = VC_PIECE(VC_WHITE, VC_KING),   ['k'] = VC_PIECE(VC_BLACK, VC_KING),
};

static const char *skip_ws(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

static int fail(struct vc_fen_result *res, enum vc_fen_status st, const char *fen,
                const char *at)
{
	res->status = st;
	res->column = (int)(at - fen) + 1;
	return st;
}

/* The castling rook for `color` on side `kingside`: the outermost rook of
 * that colour on its back rank beyond the king (X-FEN K/Q). */
static int outer_rook(const struct vc_position *pos, int color, bool kingside)
{
	int rank = color == VC_WHITE ? 0 : 7;
	vc_bb k = vc_pieces(pos, color, VC_KING) & (0xFFull << (8 * rank));
	if (vc_popcount(k) != 1)
		return -1;
	int kf = VC_FILE(vc_lsb(k));
	int rook = VC_PIECE(color, VC_ROOK);
	if (kingside) {
		for (int f = 7; f > kf; f--)
			if (pos->board[VC_SQ(f, rank)] == rook)
				return VC_SQ(f, rank);
	} else {
		for (int f = 0; f < kf; f++)
			if (pos->board[VC_SQ(f, rank)] == rook)
				return VC_SQ(f, rank);
	}
	return -1;
}

enum vc_fen_status vc_fen_parse(struct vc_position *pos, const char *fen,
                                int variant, struct vc_fen_result *res)
{
	struct vc_fen_result dummy;
	if (!res)
		res = &dummy;
	memset(res, 0, sizeof *res);
	vc_init();
	memset(pos, 0, sizeof *pos);
	const struct vc_variant *v = vc_variant_get(variant);
	if (!v) {
		res->rest = fen;
		return fail(res, VC_FEN_UNKNOWN_VARIANT, fen, fen);
	}
	pos->ep = VC_NO_SQ;
	pos->variant = (uint8_t)variant;
	pos->fullmove = 1;

	const char *s = skip_ws(fen);
	res->rest = s;
	if (!*s)
		return fail(res, VC_FEN_SYNTAX, fen, s);
	/* 1. board */
	/* the pieces as vc_put_piece puts them, inline; the key's placement
	 * part gathered on the way (the rest is added at the end) */
	int rank = 7, file = 0;
	uint64_t key = 0;
	for (;; s++) {
		int pc = board_byte[(unsigned char)*s];
		if (pc && pc < B_DIGIT) {
			if (file > 7)
				return fail(res, VC_FEN_BAD_BOARD, fen, s);
			int sq = VC_SQ(file, rank);
			vc_bb b = VC_BIT(sq);
			pos->board[sq] = (uint8_t)pc;
			pos->by_color[VC_PIECE_COLOR(pc)] |= b;
			pos->by_type[VC_PIECE_TYPE(pc)] |= b;
			key ^= vc_zob_piece_[pc][sq];
			file++;
		} else if (pc & B_DIGIT) {
			file += pc - B_DIGIT;
			if (file > 8)
				return fail(res, VC_FEN_BAD_BOARD, fen, s);
		} else if (pc == B_SLASH) {
			if (file != 8 || rank == 0)
				return fail(res, VC_FEN_BAD_BOARD, fen, s);
			rank--;
			file = 0;
		} else if (pc == B_END) {
			break;
		} else {
			return fail(res, VC_FEN_BAD_BOARD, fen, s);
		}
	}
	if (rank != 0 || file != 8)
		return fail(res, VC_FEN_BAD_BOARD, fen, s);

	/* 2. side to move */
	s = skip_ws(s);
	if ((*s != 'w' && *s != 'b') || (s[1] && s[1] != ' ' && s[1] != '\t'))
		return fail(res, *s ? VC_FEN_BAD_SIDE : VC_FEN_SYNTAX, fen, s);
	pos->side = *s == 'w' ? VC_WHITE : VC_BLACK;
	s++;

	/* 3. castling: resolved after the board checks */
	s = skip_ws(s);
	const char *castling = s, *castling_end;
	if (*s == '-') {
		s++;
	} else {
		/* X-FEN / Shredder-FEN: White's rights first, then Black's, K
		 * before Q, no letter twice. Other tools accept the letters in
		 * any order and repeated ("kqKQ", "KKq"): read them, with a
		 * warning (VC_FENW_CASTLING_ORDER). At most two different
		 * letters a side, and at most 8 letters in all. */
		int nw = 0, nb = 0;
		bool messy = false;
		while (*s && strchr("KQkqABCDEFGHabcdefgh", *s)) {
			bool white = isupper((unsigned char)*s);
			if (s - castling >= 8)
				return fail(res, VC_FEN_BAD_CASTLING, fen, s);
			if (memchr(castling, *s, (size_t)(s - castling))) {
				messy = true; /* repeated: counted once */
			} else {
				if ((white ? ++nw : ++nb) > 2)
					return fail(res, VC_FEN_BAD_CASTLING, fen, s);
				if ((white && nb) || ((*s == 'K' || *s == 'k') &&
				                      memchr(castling, *s == 'K' ? 'Q' : 'q',
				                             (size_t)(s - castling))))
					messy = true; /* White after Black, Q before K */
			}
			s++;
		}
		if (messy)
			res->warnings |= VC_FENW_CASTLING_ORDER;
		if (s == castling)
			return fail(res, *s ? VC_FEN_BAD_CASTLING : VC_FEN_SYNTAX, fen, s);
	}
	if (*s && *s != ' ' && *s != '\t')
		return fail(res, VC_FEN_BAD_CASTLING, fen, s);
	castling_end = s;

	/* 4. en passant */
	s = skip_ws(s);
	int ep = VC_NO_SQ;
	const char *ep_at = s;
	if (*s == '-') {
		s++;
	} else if (*s >= 'a' && *s <= 'h' && s[1] >= '1' && s[1] <= '8') {
		ep = VC_SQ(s[0] - 'a', s[1] - '1');
		s += 2;
	} else {
		return fail(res, *s ? VC_FEN_BAD_EP : VC_FEN_SYNTAX, fen, s);
	}
	if (*s && *s != ' ' && *s != '\t' && *s != ';')
		return fail(res, VC_FEN_BAD_EP, fen, ep_at);

	/* 5, 6. clocks (optional: the 4-field EPD form). A field that starts
	 * like a number must be one: "-1" is a bad clock, not an EPD operation
	 * (operations start with a letter). */
	const char *t = skip_ws(s);
	if ((*t == '-' || *t == '+') && isdigit((unsigned char)t[1]))
		return fail(res, VC_FEN_BAD_CLOCK, fen, t);
	if (isdigit((unsigned char)*t)) {
		unsigned long hm = 0;
		const char *d = t;
		while (isdigit((unsigned char)*t) && hm < 100000000ul)
			hm = hm * 10 + (unsigned long)(*t++ - '0');
		if (*t && *t != ' ' && *t != '\t' && *t != ';')
			return fail(res, VC_FEN_BAD_CLOCK, fen, d);
		pos->halfmove = (uint32_t)hm;
		t = skip_ws(t);
		if ((*t == '-' || *t == '+') && isdigit((unsigned char)t[1]))
			return fail(res, VC_FEN_BAD_CLOCK, fen, t);
		if (isdigit((unsigned char)*t)) {
			unsigned long fm = 0;
			d = t;
			while (isdigit((unsigned char)*t) && fm < 100000000ul)
				fm = fm * 10 + (unsigned long)(*t++ - '0');
			if (*t && *t != ' ' && *t != '\t' && *t != ';')
				return fail(res, VC_FEN_BAD_CLOCK, fen, d);
			pos->fullmove = fm ? (uint32_t)fm : 1;
		} else {
			res->warnings |= VC_FENW_NO_CLOCKS;
		}
		s = t;
	} else {
		res->warnings |= VC_FENW_NO_CLOCKS;
	}
	res->rest = skip_ws(s);

	/* Board checks common to all variants. */
	for (int c = 0; c < 2; c++) {
		if (vc_pieces(pos, c, VC_PAWN) & 0xFF000000000000FFull)
			return fail(res, VC_FEN_PAWN_ON_BACK_RANK, fen, fen);
		if (vc_popcount(pos->by_color[c]) > 16 || vc_popcount(vc_pieces(pos, c, VC_PAWN)) > 8)
			return fail(res, VC_FEN_TOO_MANY_PIECES, fen, fen);
	}
	if (v->flags & VC_VF_ROYAL_KING) {
		for (int c = 0; c < 2; c++) {
			int nk = vc_popcount(vc_pieces(pos, c, VC_KING));
			if (nk == 0)
				return fail(res, VC_FEN_NO_KING, fen, fen);
			if (nk > 1)
				return fail(res, VC_FEN_TOO_MANY_KINGS, fen, fen);
		}
		if (vc_in_check(pos, !pos->side))
			return fail(res, VC_FEN_OPPONENT_IN_CHECK, fen, fen);
	}

	/* Castling rights. */
	if (*castling != '-') {
		if (!(v->flags & VC_VF_CASTLING)) {
			res->warnings |= VC_FENW_CASTLING_IGNORED;
		} else {
			bool letters = false;
			for (const char *c = castling; c < castling_end; c++) {
				int color = isupper((unsigned char)*c) ? VC_WHITE : VC_BLACK;
				int back = color == VC_WHITE ? 0 : 7;
				char lc = (char)tolower((unsigned char)*c);
				int sq = -1;
				if (lc == 'k' || lc == 'q') {
					sq = outer_rook(pos, color, lc == 'k');
				} else {
					letters = true;
					int cand = VC_SQ(lc - 'a', back);
					vc_bb k = vc_pieces(pos, color, VC_KING) & (0xFFull << (8 * back));
					if (pos->board[cand] == VC_PIECE(color, VC_ROOK) && k)
						sq = cand;
				}
				if (sq < 0)
					res->warnings |= VC_FENW_CASTLING_DROPPED;
				else
					pos->castle |= VC_BIT(sq);
			}
			/* Standard chess whose rights need Chess960 castling (king
			 * off e1/e8, rook off the corners, or written with file
			 * letters) is read as Chess960 (vchess-rules(7) section 1). */
			if (v->castling960 && pos->castle) {
				bool odd = letters;
				for (int c = 0; c < 2; c++) {
					int back = c == VC_WHITE ? 0 : 7;
					vc_bb rights = pos->castle & (0xFFull << (8 * back));
					if (rights && (!(vc_pieces(pos, c, VC_KING) & VC_BIT(VC_SQ(4, back))) ||
					               (rights & ~(VC_BIT(VC_SQ(0, back)) | VC_BIT(VC_SQ(7, back))))))
						odd = true;
				}
				if (odd) {
					pos->variant = (uint8_t)v->castling960->id;
					res->warnings |= VC_FENW_CHESS960;
				}
			}
		}
	}

	/* Retro variants have no en passant at all: the field must be '-'
	 * (vchess-rules(7) section 5). */
	if ((v->flags & VC_VF_RETRO) && ep != VC_NO_SQ)
		return fail(res, VC_FEN_BAD_VARIANT_POSITION, fen, ep_at);

	if (v->validate) {
		enum vc_fen_status st = v->validate(pos, &res->warnings);
		if (st != VC_FEN_OK)
			return fail(res, st, fen, fen);
	}

	/* En passant: keep it only if a double push could have made it, and
	 * (silently) only if a legal capture exists. */
	if (ep != VC_NO_SQ) {
		int us = pos->side, them = !us;
		int rank_ok = us == VC_WHITE ? 5 : 2;
		int pushed = us == VC_WHITE ? ep - 8 : ep + 8;
		int origin = us == VC_WHITE ? ep + 8 : ep - 8;
		if (v->flags & VC_VF_RETRO || VC_RANK(ep) != rank_ok || pos->board[ep] ||
		    pos->board[origin] || pos->board[pushed] != VC_PIECE(them, VC_PAWN)) {
			res->warnings |= VC_FENW_EP_IMPOSSIBLE;
		} else {
			pos->ep = (uint8_t)ep;
			vc_ep_fixup(pos);
		}
	}
	/* vc_compute_key's sum: the placement (above), side, rights, ep */
	if (pos->side == VC_BLACK)
		key ^= vc_zob_side_;
	for (vc_bb c = pos->castle; c; c &= c - 1)
		key ^= vc_zob_castle_[vc_lsb(c)];
	if (pos->ep != VC_NO_SQ)
		key ^= vc_zob_ep_[VC_FILE(pos->ep)];
	pos->key = key;
	res->status = VC_FEN_OK;
	return VC_FEN_OK;
}

char *vc_fen_write(const struct vc_position *pos, char *buf, bool shredder)
{
	char *o = buf;
	for (int r = 7; r >= 0; r--) {
		int empty = 0;
		for (int f = 0; f < 8; f++) {
			int pc = pos->board[VC_SQ(f, r)];
			if (!pc) {
				empty++;
				continue;
			}
			if (empty)
				*o++ = (char)('0' + empty);
			empty = 0;
			char ch = piece_chars[VC_PIECE_TYPE(pc)];
			*o++ = VC_PIECE_COLOR(pc) == VC_BLACK ? (char)tolower((unsigned char)ch) : ch;
		}
		if (empty)
			*o++ = (char)('0' + empty);
		if (r)
			*o++ = '/';
	}
	*o++ = ' ';
	*o++ = pos->side == VC_WHITE ? 'w' : 'b';
	*o++ = ' ';
	if (!pos->castle) {
		*o++ = '-';
	} else {
		for (int c = 0; c < 2; c++) {
			int back = c == VC_WHITE ? 0 : 7;
			/* king side first (K before Q), then files descending */
			for (int f = 7; f >= 0; f--) {
				int sq = VC_SQ(f, back);
				if (!(pos->castle & VC_BIT(sq)))
					continue;
				char ch;
				vc_bb k = vc_pieces(pos, c, VC_KING) & (0xFFull << (8 * back));
				bool kingside = k && f > VC_FILE(vc_lsb(k));
				if (!shredder && outer_rook(pos, c, kingside) == sq)
					ch = kingside ? 'K' : 'Q';
				else
					ch = (char)('A' + f);
				*o++ = c == VC_WHITE ? ch : (char)tolower((unsigned char)ch);
			}
		}
	}
	*o++ = ' ';
	if (pos->ep != VC_NO_SQ) {
		*o++ = (char)('a' + VC_FILE(pos->ep));
		*o++ = (char)('1' + VC_RANK(pos->ep));
	} else {
		*o++ = '-';
	}
	snprintf(o, 32, " %u %u", (unsigned)pos->halfmove, (unsigned)pos->fullmove);
	return buf;
}

static const char *const fen_messages[VC_FEN_NERRORS][2] = {
	[VC_FEN_OK] = { "ok", "ok" },
	[VC_FEN_SYNTAX] = { "fen-syntax", "malformed FEN: missing or unreadable field" },
	[VC_FEN_BAD_BOARD] = { "fen-bad-board", "malformed FEN board field" },
	[VC_FEN_NO_KING] = { "fen-no-king", "a side has no king" },
	[VC_FEN_TOO_MANY_KINGS] = { "fen-too-many-kings", "a side has more than one king" },
	[VC_FEN_PAWN_ON_BACK_RANK] = { "fen-pawn-on-back-rank", "pawn on the first or last rank" },
	[VC_FEN_OPPONENT_IN_CHECK] = { "fen-opponent-in-check", "the side not to move is in check" },
	[VC_FEN_TOO_MANY_PIECES] = { "fen-too-many-pieces", "more than 16 pieces or 8 pawns for a side" },
	[VC_FEN_BAD_SIDE] = { "fen-bad-side", "side to move must be 'w' or 'b'" },
	[VC_FEN_BAD_CASTLING] = { "fen-bad-castling", "malformed castling field" },
	[VC_FEN_BAD_EP] = { "fen-bad-en-passant", "malformed en-passant field" },
	[VC_FEN_BAD_CLOCK] = { "fen-bad-clock", "halfmove clock or fullmove number is not a number" },
	[VC_FEN_BAD_VARIANT_POSITION] = { "fen-bad-variant-position", "position impossible in this variant" },
	[VC_FEN_UNKNOWN_VARIANT] = { "fen-unknown-variant", "unknown variant id" },
};

const char *vc_fen_code(enum vc_fen_status st)
{
	return (unsigned)st < VC_FEN_NERRORS ? fen_messages[st][0] : "fen-unknown";
}

const char *vc_fen_strerror(enum vc_fen_status st)
{
	return (unsigned)st < VC_FEN_NERRORS ? fen_messages[st][1] : "unknown FEN error";
}
