/* vchess - PGN reader: the vector fast paths (not installed).
 *
 * Plain movetext, whole tags and comment ends read in runs rather than a
 * byte at a time, each leaving the reader exactly as the byte-wise states
 * of pgn_reader.c would (the contracts below). Included by pgn_reader.c
 * alone: the state machine enters the fast paths after most tokens, and as
 * a call across files (no inlining) they read plain movetext about 8%
 * slower, so they stay static functions of the reader's translation unit.
 */
#ifndef VC_PGN_FAST_INTERNAL_H
#define VC_PGN_FAST_INTERNAL_H

#include "pgn_internal.h"
#include "checker_internal.h" /* the checker's main-line fast lane */

#ifdef __SSE2__
#include <emmintrin.h> /* every x86-64 CPU has SSE2 */
#endif

/* Defined in pgn_reader.c, which includes this file. */
static void tag_name_hashed(struct vc_pgn_reader *r, uint64_t h);
static void tag_done_text(struct vc_pgn_reader *r, bool ascii);

/* The first `}`, LF, CR or `marker` in buf[from, len), or len: comments are
 * most of many real files (engine output), so this is the reader's hottest
 * loop: one vector pass for the bytes (three memchr passes before). A
 * marker of '}' looks for the three only. */
static size_t comment_stop(const unsigned char *buf, size_t from, size_t len, unsigned char marker)
{
	size_t i = from;
#ifdef __SSE2__
	const __m128i brace = _mm_set1_epi8('}'), lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
	const __m128i mk = _mm_set1_epi8((char)marker);
	for (; i + 16 <= len; i += 16) {
		const __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(buf + i));
		const unsigned m = (unsigned)_mm_movemask_epi8(
			_mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, brace), _mm_cmpeq_epi8(v, lf)),
			             _mm_or_si128(_mm_cmpeq_epi8(v, cr), _mm_cmpeq_epi8(v, mk))));
		if (m)
			return i + (size_t)__builtin_ctz(m);
	}
#endif
	for (; i < len; i++)
		if (buf[i] == '}' || buf[i] == '\n' || buf[i] == '\r' || buf[i] == marker)
			return i;
	return len;
}

/* Copies n bytes from src, which has `avail` readable bytes, to dst, which
 * has room for `room`: short runs with two 16-byte moves rather than a
 * call (tag names and values are mostly short). */
static inline void copy_short(unsigned char *dst, size_t room,
                              const unsigned char *src, size_t avail, size_t n)
{
#ifdef __SSE2__
	if (n <= 32 && avail >= 32 && room >= 32) {
		__m128i a = _mm_loadu_si128((const __m128i *)src);
		__m128i b = _mm_loadu_si128((const __m128i *)(src + 16));
		_mm_storeu_si128((__m128i *)dst, a);
		_mm_storeu_si128((__m128i *)(dst + 16), b);
		return;
	}
#else
	(void)room;
	(void)avail;
#endif
	memcpy(dst, src, n);
}

/* ---- Fast path: a whole tag -------------------------------------------------
 * Contract. Called just after the `[` of a tag was dispatched (r->ls is
 * LS_TAG_OPEN, r->pos after the `[`). When the buffer holds the whole tag
 * in its plain form, `[Name "value"]`: the name right after the `[` and no
 * longer than limits.tag_name, blanks, the value without `\`, `"`, NUL or
 * line ends and no longer than limits.tag_value, then `"]`, it reads it as
 * the tag states would: the name, tag_name_done (which may end the game),
 * the value, tag_done. Otherwise, or when tag_name_done's callbacks break
 * the read (VC_STOP, vc_pgn_read_game), it leaves the rest to the tag
 * states, from where it stands (LS_TAG_OPEN or LS_TAG_AFTER_NAME). */
static void fast_tag(struct vc_pgn_reader *r)
{
	const unsigned char *buf = r->buf;
	const size_t len = r->len, name = r->pos;
	size_t p = name;
	uint64_t h = 1469598103934665603ull; /* name_hash, on the way */
	while (p < len && is_name_char(buf[p]))
		h = (h ^ buf[p++]) * 1099511628211ull;
	const size_t name_end = p, nlen = name_end - name;
	if (nlen == 0 || p == len || nlen > r->lim.tag_name)
		return;
	while (p < len && (buf[p] == ' ' || buf[p] == '\t'))
		p++;
	if (p == len || buf[p] != '"')
		return;
	/* the value: up to the first `"`, `\`, line end or NUL */
	const size_t v0 = ++p;
	unsigned high = 0;
#ifdef __SSE2__
	for (; p + 16 <= len; p += 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(buf + p));
		__m128i m = _mm_or_si128(
			_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('"')),
			             _mm_cmpeq_epi8(x, _mm_set1_epi8('\\'))),
			_mm_or_si128(
				_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('\n')),
				             _mm_cmpeq_epi8(x, _mm_set1_epi8('\r'))),
				_mm_cmpeq_epi8(x, _mm_setzero_si128())));
		unsigned stop = (unsigned)_mm_movemask_epi8(m);
		unsigned hi = (unsigned)_mm_movemask_epi8(x);
		if (stop) {
			unsigned k = (unsigned)__builtin_ctz(stop);
			high |= hi & ((1u << k) - 1);
			p += k;
			goto value_end;
		}
		high |= hi;
	}
#endif
	for (; p < len; p++) {
		unsigned c = buf[p];
		if (c == '"' || c == '\\' || c == '\n' || c == '\r' || c == 0)
			break;
		high |= c & 0x80;
	}
#ifdef __SSE2__
value_end:
#endif
	if (p + 1 >= len || buf[p] != '"' || buf[p + 1] != ']')
		return;
	const size_t vlen = p - v0;
	if (vlen > r->lim.tag_value)
		return;
	/* LS_TAG_NAME */
	copy_short(r->tok, 32, buf + name, len - name, nlen); /* r->tok: >= 32 */
	r->tok_len = nlen;
	r->pos = name_end;
	r->ls = LS_TAG_AFTER_NAME;
	tag_name_hashed(r, h);
	if (r->brk)
		return;
	/* LS_TAG_VALUE up to the `"`, which LS_TAG_QUOTE drops at the `]` */
	if (vlen + 2 > r->val_cap &&
	    !grow(&r->val, &r->val_cap, vlen + 2, r->lim.tag_value + QUOTE_SLACK + 1))
		return;
	copy_short(r->val, r->val_cap, buf + v0, len - v0, vlen);
	r->val_len = r->val_quote = vlen;
	r->val_over = false;
	r->val_nomem = false;
	r->pos = p + 2;
	r->ls = LS_WS;
	tag_done_text(r, high == 0);
}

/* ---- Fast path: plain movetext ---------------------------------------------
 * Most of a game without comments is move numbers, moves, blanks and line
 * ends. fast_movetext reads runs of them with the position in locals and
 * without the token layers (ws_dispatch, token_start, word_piece,
 * emit_move), making exactly the calls, with the same arguments, that the
 * general path makes for them and leaving the reader in the same state.
 *
 * Contract. Entered in LS_WS with the game in its movetext (G_MOVES), not
 * skipping, no game start pending. It takes, at r->pos on:
 *   - blanks (space, tab, VT, FF);
 *   - LF line ends, except the LF of a CR LF and the game's first line end;
 *   - words of move characters (class W, all ASCII) that end inside the
 *     buffer, at a byte that is no move character, no byte above 0x7f and
 *     no '(' (`e8(Q)`), and are no longer than limits.token, of the forms
 *       `12.` `12...`   a move number (digits, then only dots);
 *       `Nf3` `O-O`     a move: a letter first, no dot;
 *       `12.Nf3`        a move number and a move.
 * It stops, with every field of r up to date (r->pos at the byte it did not
 * take, r->ls still LS_WS), at anything else: CR, comments, NAGs, results,
 * parentheses, `%`, `[`, non-ASCII bytes, other words, a word that reaches
 * the end of the buffer, a main-line move past limits.plies; and after a
 * move callback that asked to skip or stop. The general path then takes
 * that byte, so whatever the fast path leaves is read as before. */

/* on_eol for a LF at stream offset off, when fast_movetext may take it:
 * false when it may not (the LF of a CR LF, the game's first line end). */
static inline bool fm_lf(struct vc_pgn_reader *r, uint64_t off)
{
	if (off == r->cr_end || !r->eol_set)
		return false;
	r->line++;
	r->line_start = off + 1;
	if (!r->line_has_token)
		r->blank_seen = true;
	r->line_has_token = false;
	return true;
}

/* fm_lf for a LF that fm_windows takes: every one is a plain line end
 * there (its entry checks), so the refusals are not asked again. */
static inline void fm_lf_plain(struct vc_pgn_reader *r, uint64_t off)
{
	r->line++;
	r->line_start = off + 1;
	if (!r->line_has_token)
		r->blank_seen = true;
	r->line_has_token = false;
}

/* fm_lf_plain for the LFs before a word, the set bits of `lfs` (not 0)
 * in the window at stream offset `off`, taken at once: the line number,
 * the last one's line start, and a blank line when the line before the
 * first had no token or when two of them stand together (no token comes
 * between the LFs of one set). */
static inline void fm_lfs_plain(struct vc_pgn_reader *r, uint64_t off, uint64_t lfs)
{
	const int c = __builtin_popcountll(lfs);
	r->line += (unsigned)c;
	r->line_start = off + 64 - (unsigned)__builtin_clzll(lfs);
	if (c > 1 || !r->line_has_token)
		r->blank_seen = true;
	r->line_has_token = false;
}

enum { FM_TAKEN, FM_NOT_MINE, FM_STOP };

/* What stays the same during fast_movetext (no refill, no parenthesis), in
 * locals: stores through r->tok may alias anything, and would make the
 * compiler read these from r again for every word. */
struct fm_const {
	uint64_t base;             /* r->buf_off */
	size_t lim_token;
	unsigned long lim_plies;
	uint64_t depth;            /* r->depth */
	int (*move)(void *, const struct vc_move_token *);
	void *user;
	bool plain;                /* main line, move is vc_checker_move: its
	                              fast lane first (checker_internal.h) */
};

/* The word buf[p, q) of fast_movetext, q < r->len, q - p <= 64, followed
 * by a byte that is no move character, no byte above 0x7f and no '('; bit k of
 * `digits` and `dots` tells whether buf[p + k] is a digit, a dot (no bits
 * at or past q - p). Returns FM_TAKEN, FM_NOT_MINE (nothing done: the
 * general path reads it) or FM_STOP (taken, then the move callback asked
 * to skip or stop; r->pos is q). */
static inline __attribute__((always_inline)) int
fm_word(struct vc_pgn_reader *r, const struct fm_const *k,
        const unsigned char *buf, size_t p, size_t q, uint64_t digits,
        uint64_t dots)
{
	if (q - p > k->lim_token)
		return FM_NOT_MINE;
	const unsigned char *s = buf + p;
	const size_t n = q - p;
	size_t i = 0;
	unsigned long v = 0;
	unsigned ndots = 0;
	if (digits & 1) {
		/* as word_piece reads a move number: digits, dots, maybe a
		 * move */
		uint64_t nondigit = ~digits & (n == 64 ? ~0ull : (1ull << n) - 1);
		if (!nondigit)
			return FM_NOT_MINE; /* a bare number */
		size_t nd = (size_t)__builtin_ctzll(nondigit);
		if (!(dots >> nd & 1))
			return FM_NOT_MINE;
		ndots = (unsigned)__builtin_ctzll(~(dots >> nd));
		i = nd + ndots;
		if (i < n && !is_alpha(s[i]))
			return FM_NOT_MINE;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		if (nd <= 4 && p + 4 <= r->len) {
			/* up to four digits at once: their values in the
			 * bytes of x (s[0] lowest; a byte past them may
			 * borrow from the next, and both are shifted out),
			 * then pairs and the pair of pairs */
			uint32_t x;
			memcpy(&x, s, 4);
			x = (x - 0x30303030u) << (8 * (4 - nd));
			x = (x * 10 + (x >> 8)) & 0x00FF00FFu;
			v = (x * 100 + (x >> 16)) & 0xFFFFu;
		} else
#endif
		{
			for (size_t d = 0; d < nd; d++)
				if (v < 100000000ul)
					v = v * 10 + (s[d] - '0');
		}
	} else if (!is_alpha(s[0])) {
		return FM_NOT_MINE;
	}
	/* s[i, n), if any, is the move: a letter first; no dot (word_piece
	 * drops trailing dots and `e.p.`) */
	if (i < n) {
		if (dots >> i)
			return FM_NOT_MINE;
		if (k->depth == 0 && r->game.plies >= k->lim_plies)
			return FM_NOT_MINE; /* limit-plies: the general path reports */
	}
	/* token_start (G_MOVES), tok_done, then word_piece */
	const uint64_t base = k->base, ls = r->line_start;
	r->line_has_token = true;
	r->last_end.offset = base + q;
	r->last_end.line = r->line;
	r->last_end.column = base + q >= ls ? base + q - ls + 1 : 1;
	if (i > 0) {
		r->num_pending = true;
		r->num_value = v;
		r->num_dots = ndots;
	}
	if (i == n)
		return FM_TAKEN;
	/* emit_move (the number is read only for a move token) */
	const bool num = r->num_pending;
	r->num_pending = false;
	if (k->depth == 0)
		r->game.plies++;
	if (!k->move)
		return FM_TAKEN;
	size_t mlen = n - i;
	if (k->plain && vc_checker_move_plain(k->user, (const char *)s + i, mlen)) {
		/* the checker's fast lane took it: what vc_checker_move would
		 * have done, VC_CONTINUE */
		r->pos = q;
		return FM_TAKEN;
	}
	const unsigned long number = num ? r->num_value : 0;
	const unsigned ndots_m = num ? r->num_dots : 0;
#ifdef __SSE2__
	if (mlen <= 16 && p + i + 16 <= r->len) {
		/* r->tok has room for 16 bytes and more (reader_init) */
		_mm_storeu_si128((__m128i *)r->tok,
		                 _mm_loadu_si128((const __m128i *)(s + i)));
	} else
#endif
	{
		for (size_t j = 0; j < mlen; j++)
			r->tok[j] = s[i + j];
	}
	r->tok[mlen] = 0;
	struct vc_move_token m;
	m.text = (const char *)r->tok;
	m.len = mlen;
	m.loc.offset = base + p + i;
	m.loc.line = r->line;
	m.loc.column = m.loc.offset >= ls ? m.loc.offset - ls + 1 : 1;
	m.number = number;
	m.number_dots = ndots_m;
	m.depth = k->depth > 0xFFFFFFFFu ? 0xFFFFFFFFu : (unsigned)k->depth;
	m.ply = k->depth == 0 ? r->game.plies : 0;
	r->pos = q;
	act(r, k->move(k->user, &m));
	return r->skipping || r->stopped ? FM_STOP : FM_TAKEN;
}

#ifdef __SSE2__

/* Bytes c with lo <= c <= hi, as 0xff. */
static inline __m128i in_range(__m128i x, unsigned char lo, unsigned char hi)
{
	__m128i d = _mm_sub_epi8(x, _mm_set1_epi8((char)lo));
	return _mm_cmpeq_epi8(_mm_subs_epu8(d, _mm_set1_epi8((char)(hi - lo))),
	                      _mm_setzero_si128());
}

/* For the 64 bytes at s, one bit a byte: move characters (class W),
 * blanks and LF (S and LF), LF, digits, dots, bytes that may not end a
 * word of fast_movetext (above 0x7f, '('). */
static inline void fm_masks(const unsigned char *s, uint64_t *w,
                            uint64_t *sep, uint64_t *lf, uint64_t *dig,
                            uint64_t *dot, uint64_t *bad_end)
{
	uint64_t mw = 0, ms = 0, ml = 0, md = 0, mp = 0, mb = 0;
	for (int h = 0; h < 4; h++) {
		__m128i x = _mm_loadu_si128((const __m128i *)(s + 16 * h));
		__m128i wm = _mm_or_si128(
			_mm_or_si128(in_range(x, '-', ':'),
			             in_range(_mm_or_si128(x, _mm_set1_epi8(0x20)),
			                      'a', 'z')),
			_mm_or_si128(
				_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('#')),
				             _mm_cmpeq_epi8(x, _mm_set1_epi8('+'))),
				_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('=')),
				             _mm_cmpeq_epi8(x, _mm_set1_epi8('@')))));
		__m128i sm = _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8(' ')),
		                          in_range(x, '\t', '\f'));
		__m128i lm = _mm_cmpeq_epi8(x, _mm_set1_epi8('\n'));
		__m128i dm = in_range(x, '0', '9');
		__m128i pm = _mm_cmpeq_epi8(x, _mm_set1_epi8('.'));
		__m128i bm = _mm_or_si128(x, _mm_cmpeq_epi8(x, _mm_set1_epi8('(')));
		mb |= (uint64_t)(unsigned)_mm_movemask_epi8(bm) << (16 * h);
		md |= (uint64_t)(unsigned)_mm_movemask_epi8(dm) << (16 * h);
		mp |= (uint64_t)(unsigned)_mm_movemask_epi8(pm) << (16 * h);
		mw |= (uint64_t)(unsigned)_mm_movemask_epi8(wm) << (16 * h);
		ms |= (uint64_t)(unsigned)_mm_movemask_epi8(sm) << (16 * h);
		ml |= (uint64_t)(unsigned)_mm_movemask_epi8(lm) << (16 * h);
	}
	*w = mw;
	*sep = ms;
	*lf = ml;
	*dig = md;
	*dot = mp;
	*bad_end = mb;
}

/* fast_movetext over whole 64-byte windows: the words, their ends and the
 * line ends come from bit masks rather than from a branch a byte. Returns
 * false when it stopped (r->pos set), true when fewer than 64 bytes are
 * left from r->pos (or a LF there needs the byte-wise checks). */
static bool fm_windows(struct vc_pgn_reader *r, const struct fm_const *k)
{
	const unsigned char *buf = r->buf;
	const size_t len = r->len;
	const uint64_t base = k->base;
	size_t p = r->pos;
	/* Every LF from here on is a plain line end, which fm_lf does not
	 * refuse: the game's first line end was seen, and no CR is taken here
	 * (a CR read before ends its line at or before r->pos). */
	if (!r->eol_set || r->cr_end == base + p)
		return true;
	while (p + 64 <= len) {
		uint64_t w, sep, lf, dig, dot, bad_end;
		fm_masks(buf + p, &w, &sep, &lf, &dig, &dot, &bad_end);
		/* words start where a move character follows another byte
		 * (a window starts between tokens) and end at the next byte
		 * that is none; the first byte that is neither a move character
		 * nor a blank or LF stops the fast path */
		uint64_t starts = w & ~(w << 1), ends = ~w & (w << 1);
		uint64_t other = ~(w | sep);
		unsigned stop = other ? (unsigned)__builtin_ctzll(other) : 64;
		if (stop < 64) {
			starts &= (1ull << stop) - 1;
			lf &= (1ull << stop) - 1;
		}
		for (;;) {
			if (!starts) {
				for (; lf; lf &= lf - 1)
					fm_lf_plain(r, base + p + (unsigned)__builtin_ctzll(lf));
				if (stop < 64) {
					r->pos = p + stop;
					return false;
				}
				p += 64;
				break;
			}
			unsigned j = (unsigned)__builtin_ctzll(starts);
			uint64_t lf_before = lf & ((1ull << j) - 1);
			if (lf_before) {
				lf &= ~lf_before;
				fm_lfs_plain(r, base + p, lf_before);
			}
			if (!ends) {
				/* the word goes on past the window */
				if (j == 0) {
					r->pos = p;
					return false;
				}
				p += j;
				break;
			}
			unsigned e = (unsigned)__builtin_ctzll(ends);
			if (bad_end >> e & 1) {
				r->pos = p + j;
				return false;
			}
			uint64_t in_word = (1ull << e) - 1; /* e < 64 */
			int rc = fm_word(r, k, buf, p + j, p + e,
			                 (dig & in_word) >> j, (dot & in_word) >> j);
			if (rc == FM_NOT_MINE) {
				r->pos = p + j;
				return false;
			}
			if (rc == FM_STOP)
				return false;
			starts &= starts - 1;
			ends &= ends - 1;
		}
	}
	r->pos = p;
	return true;
}
#endif

static void fast_movetext(struct vc_pgn_reader *r)
{
	const struct fm_const fc = {
		r->buf_off, r->lim.token, r->lim.plies, r->depth, r->vis.move,
		r->vis.user, r->depth == 0 && r->vis.move == vc_checker_move,
	};
#ifdef __SSE2__
	if (!fm_windows(r, &fc))
		return;
#endif
	/* the last bytes of the buffer, a byte at a time */
	const unsigned char *buf = r->buf;
	const size_t len = r->len;
	size_t p = r->pos;
	while (p < len) {
		unsigned c = buf[p];
		unsigned k = cls[c];
		if (k == S) {
			p++;
			continue;
		}
		if (c == '\n') {
			if (!fm_lf(r, r->buf_off + p))
				break;
			p++;
			continue;
		}
		if (k != W)
			break;
		size_t q = p + 1;
		while (q < len && cls[buf[q]] == W)
			q++;
		if (q == len || q - p > 64 || cls[buf[q]] == H || buf[q] == '(')
			break;
		uint64_t digits = 0, dots = 0;
		for (size_t i = 0; i < q - p; i++) {
			digits |= (uint64_t)is_digit(buf[p + i]) << i;
			dots |= (uint64_t)(buf[p + i] == '.') << i;
		}
		int rc = fm_word(r, &fc, buf, p, q, digits, dots);
		if (rc == FM_NOT_MINE)
			break;
		if (rc == FM_STOP)
			return;
		p = q;
	}
	r->pos = p;
}

#endif
