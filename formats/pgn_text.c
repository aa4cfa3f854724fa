/* vchess - PGN reader: text decoding (contract in pgn.h).
 *
 * Text for the visitor is UTF-8: bytes that are not are decoded as
 * Latin-1. Words in Unicode notation (figurines, dashes, `½`, `×`,
 * evaluation glyphs) and results written in lenient forms are made ASCII
 * here; the state machine (pgn_reader.c) decides what they mean.
 */
#include "pgn_internal.h"

/* ---- Text for the visitor: UTF-8, else Latin-1 ------------------------------ */

/* Length of the valid UTF-8 sequence at s (n > 0 bytes), 0 if invalid. */
size_t vc_pgn_u8_seq(const unsigned char *s, size_t n, uint32_t *cp)
{
	unsigned c = s[0];
	size_t len;
	uint32_t v, min;
	if (c < 0x80) {
		*cp = c;
		return 1;
	} else if (c >= 0xC2 && c <= 0xDF) {
		len = 2, v = c & 0x1F, min = 0x80;
	} else if (c >= 0xE0 && c <= 0xEF) {
		len = 3, v = c & 0x0F, min = 0x800;
	} else if (c >= 0xF0 && c <= 0xF4) {
		len = 4, v = c & 0x07, min = 0x10000;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		v = (v << 6) | (s[i] & 0x3F);
	}
	if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
		return 0;
	*cp = v;
	return len;
}

/* Makes s[0..n) (room for n + 1 bytes) deliverable: NUL-terminated, valid
 * UTF-8. Returns the text to pass (s itself or the conversion buffer). */
const char *vc_pgn_deliver_text(struct vc_pgn_reader *r, unsigned char *s,
                                size_t *n, const struct vc_loc *loc)
{
	size_t len = *n, i = 0;
	s[len] = 0;
	while (i < len && s[i] < 0x80)
		i++;
	size_t j = i;
	while (j < len) {
		uint32_t cp;
		size_t k = vc_pgn_u8_seq(s + j, len - j, &cp);
		if (!k)
			break;
		j += k;
	}
	if (j == len)
		return (const char *)s;
	/* Some byte is not UTF-8: decode those bytes as Latin-1. */
	if (!grow(&r->conv, &r->conv_cap, 2 * len + 1, r->conv_max)) {
		vc_pgn_finding(r, VC_F_OUT_OF_MEMORY, loc, "out of memory converting text");
		return NULL;
	}
	unsigned char *o = r->conv;
	memcpy(o, s, j);
	o += j;
	while (j < len) {
		uint32_t cp;
		size_t k = vc_pgn_u8_seq(s + j, len - j, &cp);
		if (k) {
			memcpy(o, s + j, k);
			o += k;
			j += k;
		} else {
			unsigned b = s[j++];
			*o++ = (unsigned char)(0xC0 | (b >> 6));
			*o++ = (unsigned char)(0x80 | (b & 0x3F));
		}
	}
	*o = 0;
	*n = (size_t)(o - r->conv);
	if (!r->warned_latin1) {
		r->warned_latin1 = true;
		vc_pgn_finding(r, VC_F_ENCODING_LATIN1, loc,
		        "text is not UTF-8; decoded as Latin-1");
	}
	return (const char *)r->conv;
}

/* Textual evaluation symbols some programs write instead of NAGs. */
int vc_pgn_eval_nag(const unsigned char *s, size_t n)
{
	static const struct {
		const char *text;
		int nag;
	} t[] = {
		{"=", 10},   {"+=", 14},  {"+/=", 14}, {"=+", 15},
		{"=/+", 15}, {"+/-", 16}, {"-/+", 17}, {"+-", 18},
		{"-+", 19},
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		if (strlen(t[i].text) == n && memcmp(t[i].text, s, n) == 0)
			return t[i].nag;
	return 0;
}

/* Unicode evaluation glyphs written as words of their own (lichess and
 * ChessBase exports): the NAG they stand for, 0 if none. */
int vc_pgn_glyph_nag(const unsigned char *s, size_t n)
{
	static const struct {
		uint32_t cp;
		int nag;
	} t[] = {
		{0x25A1, 7},   /* □ only move */
		{0x221E, 13},  /* ∞ unclear */
		{0x2A72, 14},  /* ⩲ White slightly better */
		{0x2A71, 15},  /* ⩱ Black slightly better */
		{0x00B1, 16},  /* ± */
		{0x2213, 17},  /* ∓ */
		{0x2A00, 22},  /* ⨀ zugzwang */
		{0x27F3, 32},  /* ⟳ development */
		{0x2192, 36},  /* → initiative */
		{0x2191, 40},  /* ↑ attack */
		{0x21C6, 132}, /* ⇆ counterplay */
		{0x2295, 138}, /* ⊕ time trouble */
		{0x2206, 140}, /* ∆ with the idea */
	};
	uint32_t cp;
	if (vc_pgn_u8_seq(s, n, &cp) != n)
		return 0;
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		if (t[i].cp == cp)
			return t[i].nag;
	return 0;
}

bool vc_pgn_is_zero_castle(const unsigned char *s, size_t n)
{
	while (n > 0 && (s[n - 1] == '+' || s[n - 1] == '#'))
		n--;
	return (n == 3 && memcmp(s, "0-0", 3) == 0) ||
	       (n == 5 && memcmp(s, "0-0-0", 5) == 0);
}

/* Unicode in a word: figurines, dashes, `½`, `×` become ASCII; anything
 * else makes the word unrecognisable. Writes into r->conv. */
bool vc_pgn_normalise_word(struct vc_pgn_reader *r, const unsigned char *s,
                           size_t n, size_t *out_n)
{
	if (!grow(&r->conv, &r->conv_cap, 2 * n + 8, r->conv_max))
		return false;
	unsigned char *o = r->conv;
	size_t i = 0;
	while (i < n) {
		uint32_t cp;
		size_t k = vc_pgn_u8_seq(s + i, n - i, &cp);
		if (!k)
			return false;
		i += k;
		if (cp < 0x80) {
			*o++ = (unsigned char)cp;
		} else {
			/* the one table of printed notation, shared with the
			 * checker's reading of the Result tag (record.h) */
			char a[3];
			size_t len = vc_notation_ascii(cp, a);
			if (!len)
				return false;
			memcpy(o, a, len);
			o += len;
		}
	}
	*o = 0;
	*out_n = (size_t)(o - r->conv);
	return true;
}

bool vc_pgn_parse_result(const unsigned char *s, size_t n,
                         enum vc_rtok *res, bool *lenient)
{
	/* the words the Result tag is read with too (record.h); `*` is a
	 * token of its own, never inside a word */
	unsigned form;
	enum vc_rtok t = vc_result_read((const char *)s, n, &form);
	*lenient = form != 0;
	if (t == VC_RTOK_NONE || t == VC_RTOK_OPEN)
		return false;
	*res = t;
	return true;
}

const char *const vc_pgn_result_text[] = {"", "1-0", "0-1", "1/2-1/2", "*"};

bool vc_pgn_unicode_space(uint32_t cp)
{
	return cp == 0xA0 || cp == 0xFEFF || (cp >= 0x2000 && cp <= 0x200B) ||
	       cp == 0x202F || cp == 0x205F || cp == 0x3000;
}
