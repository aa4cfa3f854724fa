/* vchess - cutting PGN bytes into pieces at game starts. See pgn_split.h.
 *
 * The workers of vchess -j N run these over every byte of the input (each
 * its own block: its first game start, its lines), hence the vectors. */
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#include <immintrin.h>
#endif

#include "pgn_split.h"
#include "pgn_internal.h" /* the reader's blanks (vc_pgn_unicode_space) */

#if defined(__x86_64__) && defined(__GNUC__)
/* LFs in p[0, n) by 32-byte compares, on CPUs with AVX2 (vc_pgn_count_lines
 * picks it at run time: the build stays for any x86-64); *cr tells whether
 * a CR was among the bytes counted, *done how many were. */
__attribute__((target("avx2"))) static uint64_t count_lf_avx2(const unsigned char *p, size_t n,
                                                             size_t *done, bool *cr)
{
	const __m256i nl = _mm256_set1_epi8('\n'), ret = _mm256_set1_epi8('\r');
	__m256i crs = _mm256_setzero_si256();
	uint64_t lf = 0;
	size_t i = 0;
	for (; i + 64 <= n; i += 64) {
		const __m256i x = _mm256_loadu_si256((const __m256i *)(p + i));
		const __m256i y = _mm256_loadu_si256((const __m256i *)(p + i + 32));
		__m256i a = _mm256_cmpeq_epi8(x, nl);
		__m256i b = _mm256_cmpeq_epi8(y, nl);
		crs = _mm256_or_si256(crs, _mm256_or_si256(_mm256_cmpeq_epi8(x, ret),
		                                           _mm256_cmpeq_epi8(y, ret)));
		uint64_t m = (uint64_t)(uint32_t)_mm256_movemask_epi8(a) |
		             (uint64_t)(uint32_t)_mm256_movemask_epi8(b) << 32;
		lf += (uint64_t)__builtin_popcountll(m);
	}
	*done = i;
	*cr = _mm256_movemask_epi8(crs) != 0;
	return lf;
}
#endif

/* One pass over the bytes counting LFs (and noting whether any CR was
 * seen); the CRs are looked at again only where there are some. */
uint64_t vc_pgn_count_lines(const char *buf, size_t n)
{
	const unsigned char *p = (const unsigned char *)buf;
	uint64_t lf = 0;
	size_t i = 0;
	bool cr = false;
#if defined(__x86_64__) && defined(__GNUC__)
	if (__builtin_cpu_supports("avx2")) {
		lf = count_lf_avx2(p, n, &i, &cr);
	}
#endif
#ifdef __SSE2__
	const __m128i nl = _mm_set1_epi8('\n'), ret = _mm_set1_epi8('\r');
	__m128i crs = _mm_setzero_si128();
	for (; i + 64 <= n; i += 64) {
		const __m128i w = _mm_loadu_si128((const __m128i *)(p + i));
		const __m128i x = _mm_loadu_si128((const __m128i *)(p + i + 16));
		const __m128i y = _mm_loadu_si128((const __m128i *)(p + i + 32));
		const __m128i z = _mm_loadu_si128((const __m128i *)(p + i + 48));
		crs = _mm_or_si128(crs, _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(w, ret),
		                                                  _mm_cmpeq_epi8(x, ret)),
		                                     _mm_or_si128(_mm_cmpeq_epi8(y, ret),
		                                                  _mm_cmpeq_epi8(z, ret))));
		uint64_t m = (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(w, nl)) |
		             (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, nl)) << 16 |
		             (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(y, nl)) << 32 |
		             (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(z, nl)) << 48;
		lf += (uint64_t)__builtin_popcountll(m);
	}
	cr |= _mm_movemask_epi8(crs) != 0;
#else
	cr = true; /* not seen: look */
#endif
	const size_t vec = i; /* p[0, vec) counted by vectors */
	for (; i < n; i++)
		lf += p[i] == '\n';
	/* lone CRs: in the whole buffer if the vectors saw a CR, else only in
	 * the bytes after them (a CR LF may straddle: p[vec - 1] is looked at
	 * then too, harmlessly: it is no CR) */
	const size_t from = cr ? 0 : vec;
	const unsigned char *q = from < n ? memchr(p + from, '\r', n - from) : NULL;
	while (q) {
		size_t k = (size_t)(q - p);
		if (k + 1 >= n || p[k + 1] != '\n')
			lf++; /* a lone CR; CR LF was counted at its LF */
		q = k + 1 < n ? memchr(q + 1, '\r', n - k - 1) : NULL;
	}
	return lf;
}

/* ---- The game-start line: one rule for every finder ------------------
 * A candidate is a line whose first bytes other than blanks are a `[`,
 * the blanks being those the PGN reader passes over between tokens
 * (pgn_internal.h): space, tab, VT, FF, a Latin-1 no-break space (0xA0),
 * and the Unicode spaces of vc_pgn_unicode_space, the BOM (EF BB BF) among
 * them, so that files joined by `cat` start their games where the reader
 * starts them. The line before it decides too (blank, a result, `%` lines
 * passed over): the callers below. The candidate's place is its line's
 * start: a reader started there reports the columns one reader of the
 * whole stream does. */

#define MORE ((size_t)-1)   /* the bytes end before it is decided */
#define NOT_TAG ((size_t)-2) /* the line is no candidate */

/* The length of the blank that starts p[0, n) (n >= 1), 0 when p[0]
 * starts none, MORE when p[0, n) is the start of one cut short. */
static size_t blank_len(const unsigned char *p, size_t n)
{
	const unsigned c = p[0];
	if (c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == 0xA0)
		return 1;
	if (c < 0xC2 || c > 0xF4)
		return 0;
	const size_t need = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
	for (size_t i = 1; i < need; i++) {
		if (i == n)
			return MORE;
		if ((p[i] & 0xC0) != 0x80)
			return 0;
	}
	uint32_t cp;
	return vc_pgn_u8_seq(p, need, &cp) == need && vc_pgn_unicode_space(cp) ? need : 0;
}

/* The shared predicate: the line that starts at p[0, n). The count of
 * blank bytes before its `[` when its first non-blank byte is one;
 * NOT_TAG when it is not; MORE when p[0, n) holds blanks only. */
static size_t tag_line(const unsigned char *p, size_t n)
{
	size_t i = 0;
	while (i < n) {
		if (p[i] == '[')
			return i;
		const size_t b = blank_len(p + i, n - i);
		if (b == MORE)
			return MORE;
		if (b == 0)
			return NOT_TAG;
		i += b;
	}
	return MORE;
}

/* Do the bytes before b[ls] end in a blank line: LF LF, LF CR LF (so
 * CR LF CR LF too), CR CR or LF CR? Reads b[ls - 3, ls); false when
 * ls < 2. */
static inline bool after_blank(const unsigned char *b, size_t ls)
{
	if (ls < 2)
		return false;
	if (b[ls - 1] == '\n')
		return b[ls - 2] == '\n' || (ls >= 3 && b[ls - 2] == '\r' && b[ls - 3] == '\n');
	return b[ls - 1] == '\r' && (b[ls - 2] == '\r' || b[ls - 2] == '\n');
}

/* Back from the `[` at b[p] over the bytes a lead can hold (the ASCII
 * blanks, and any byte of a multi-byte one), no further than b[lo]: where
 * they begin. Only there can the `[`'s line start (tag_line then checks
 * the bytes exactly), so a `[` inside a line costs a byte or two. */
static inline size_t lead_back(const unsigned char *b, size_t lo, size_t p)
{
	while (p > lo && (b[p - 1] == ' ' || b[p - 1] == '\t' || b[p - 1] == '\v' ||
	                  b[p - 1] == '\f' || b[p - 1] >= 0x80))
		p--;
	return p;
}

static inline bool eol(unsigned char c)
{
	return c == '\n' || c == '\r';
}

static bool after_line_rule(const char *b, size_t p);

bool vc_pgn_game_start_at(const char *buf, size_t pos)
{
	const unsigned char *b = (const unsigned char *)buf;
	if (b[pos] != '[')
		return false;
	const size_t ls = lead_back(b, 0, pos); /* its line's start, if any */
	return ls > 0 && eol(b[ls - 1]) && tag_line(b + ls, pos + 1 - ls) == pos - ls &&
	       (after_blank(b, ls) || after_line_rule(buf, ls));
}

/* memchr to each `[`, then a look at its line and the bytes before it. */
size_t vc_pgn_next_cut(const char *buf, size_t from, size_t to)
{
	const unsigned char *b = (const unsigned char *)buf;
	size_t p = from;
	while (p < to) {
		const unsigned char *q = memchr(b + p, '[', to - p);
		if (!q)
			return to;
		p = (size_t)(q - b);
		/* the line's start from `from` on; before it only the
		 * bytes of the blank line rule are read */
		const size_t ls = lead_back(b, from, p);
		if (ls > 0 && eol(b[ls - 1]) &&
		    tag_line(b + ls, p + 1 - ls) == p - ls &&
		    (after_blank(b, ls) || (ls > from && after_line_rule(buf + from, ls - from))))
			return ls;
		p++;
	}
	return to;
}

size_t vc_pgn_plain_cut(const char *buf, size_t at)
{
	return buf[at - 1] == '\r' && buf[at] == '\n' ? at - 1 : at;
}


/* Is t[0, n) a game result token? */
static bool result_token(const char *t, size_t n)
{
	static const char *const results[] = { "1-0", "0-1", "1/2-1/2", "*" };
	for (int i = 0; i < 4; i++)
		if (n == strlen(results[i]) && memcmp(t, results[i], n) == 0)
			return true;
	return false;
}

static bool is_result(const struct vc_pgn_line_scan *l)
{
	return result_token(l->tok, l->ntok);
}

/* The line rule looking back from a `[` at b[p] (b[p - 1] a line end):
 * the line before it, `%` lines passed over, is blank (blanks only, those
 * of a lead) or ends with a result token (after its lead, between spaces
 * and tabs: as vc_pgn_line_scan_feed reads a line). A line that begins at or before b[0] is not judged
 * (false). */
static bool after_line_rule(const char *b, size_t p)
{
	size_t e = p; /* b[e - 1] ends the line before */
	for (;;) {
		size_t q = e - 1; /* the line's end */
		if (b[q] == '\n' && q > 0 && b[q - 1] == '\r')
			q--;
		size_t s = q; /* its start */
		while (s > 0 && b[s - 1] != '\n' && b[s - 1] != '\r')
			s--;
		if (s == 0)
			return false;
		if (s < q && b[s] == '%') {
			e = s; /* an escape line: the line before it decides */
			continue;
		}
		/* past its lead of blanks (the reader's, as the line scan
		 * reads a lead): a line of blanks only is blank */
		const unsigned char *u = (const unsigned char *)b;
		size_t a = s;
		while (a < q) {
			const size_t bl = blank_len(u + a, q - a);
			if (bl == 0 || bl == MORE)
				break;
			a += bl;
		}
		if (a == q)
			return true; /* blank */
		/* its last token, past the lead, between spaces and tabs */
		size_t t = q;
		while (t > a && (b[t - 1] == ' ' || b[t - 1] == '\t'))
			t--;
		size_t k = t;
		while (k > a && b[k - 1] != ' ' && b[k - 1] != '\t')
			k--;
		return result_token(b + k, t - k);
	}
}

size_t vc_pgn_first_start(const char *before, size_t nbefore, const char *buf, size_t len)
{
	/* the blank-line rule across the boundary: before's last 3 bytes
	 * and buf's first 3 in one window */
	unsigned char w[6] = { 0 };
	size_t nb = nbefore < 3 ? nbefore : 3;
	if (nb)
		memcpy(w + 3 - nb, before + nbefore - nb, nb);
	size_t n = len < 3 ? len : 3;
	if (n)
		memcpy(w + 3, buf, n);
	const unsigned char *b = (const unsigned char *)buf;
	size_t p = 0;
	while (p < len) {
		const char *q = memchr(buf + p, '[', len - p);
		if (!q)
			break;
		p = (size_t)(q - buf);
		/* its line's start, in buf: buf[0] when the byte before
		 * buf ends a line */
		const size_t ls = lead_back(b, 0, p);
		const bool in_buf = ls > 0 ? eol(b[ls - 1]) : nb && eol(w[2]);
		if (in_buf && tag_line(b + ls, p + 1 - ls) == p - ls) {
			if (ls < 3 ? after_blank(w, 3 + ls) : after_blank(b, ls))
				return ls;
			if (ls > 0 && after_line_rule(buf, ls))
				return ls;
		}
		p++;
	}
	return len;
}

/* A byte of a line's content (past its lead): the last token is kept
 * for the result rule. */
static void content(struct vc_pgn_line_scan *l, char c)
{
	if (c == ' ' || c == '\t') {
		l->tok_done = true;
		return;
	}
	l->nonblank = true;
	if (l->tok_done) {
		l->ntok = 0;
		l->tok_done = false;
	}
	if (l->ntok == sizeof l->tok)
		l->ntok = sizeof l->tok - 1; /* too long for a result: stays one */
	l->tok[l->ntok++] = c;
}

/* Feed byte c at a line start or inside a line; true when c is a `[`
 * that starts a game by the rule above. While at_start holds, the line's
 * lead is read (tag_line's rule, a byte at a time): tok[0, ntok) holds a
 * blank begun, tok_done says that the lead holds a blank (a `%` escapes
 * a line only in its first column, as the reader has it). */
bool vc_pgn_line_scan_feed(struct vc_pgn_line_scan *l, char c)
{
	if (c == '\n' && l->after_cr) {
		l->after_cr = false;
		return false;
	}
	l->after_cr = c == '\r';
	if (c == '\n' || c == '\r') {
		/* a blank of the lead begun and cut by the line end (bytes of
		 * a UTF-8 sequence, not a character): the line is not blank,
		 * as the reader and after_line_rule have it */
		if (l->at_start && l->ntok > 0)
			l->nonblank = true;
		if (l->unsure && !l->nonblank) {
			/* the end of a line whose start was not seen: the next
			 * line stays unsure */
		} else if (!l->escape) {
			l->prev_blank = !l->nonblank;
			l->prev_result = l->nonblank && is_result(l);
			l->unsure = false;
		}
		l->at_start = true;
		l->nonblank = false;
		l->escape = false;
		l->ntok = 0;
		l->tok_done = false;
		return false;
	}
	if (l->escape)
		return false;
	if (!l->at_start) {
		content(l, c);
		return false;
	}
	if (l->ntok == 0 && c == '[') {
		l->at_start = false;
		l->tok_done = false;
		if (l->prev_blank || l->prev_result) {
			l->need_event = l->unsure;
			return true;
		}
		content(l, c);
		return false;
	}
	if (l->ntok == 0 && !l->tok_done && c == '%') {
		l->at_start = false;
		l->escape = true;
		return false;
	}
	l->tok[l->ntok++] = c;
	const size_t b = blank_len((const unsigned char *)l->tok, l->ntok);
	if (b == l->ntok) {
		l->ntok = 0;
		l->tok_done = true; /* a blank of the lead */
		return false;
	}
	if (b == MORE)
		return false;
	/* no blank: the line's content begins with the bytes held */
	char held[sizeof l->tok];
	const size_t n = l->ntok;
	memcpy(held, l->tok, n);
	l->at_start = false;
	l->ntok = 0;
	l->tok_done = false;
	for (size_t i = 0; i < n; i++)
		content(l, held[i]);
	return false;
}
