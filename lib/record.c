/* vchess - result words. See record.h. */
#include <string.h>

#include "record.h"

bool vc_result_parse(const char *s, enum vc_result *out)
{
	if (!s)
		return false;
	enum vc_result r;
	if (!strcmp(s, "1-0"))
		r = VC_RES_WHITE;
	else if (!strcmp(s, "0-1"))
		r = VC_RES_BLACK;
	else if (!strcmp(s, "1/2-1/2"))
		r = VC_RES_DRAW;
	else if (!strcmp(s, "*"))
		r = VC_RES_NONE;
	else
		return false;
	*out = r;
	return true;
}

size_t vc_notation_ascii(uint32_t cp, char out[3])
{
	if ((cp >= 0x2010 && cp <= 0x2015) || cp == 0x2212 || cp == 0xFE63 || cp == 0xFF0D) {
		out[0] = '-';
		return 1;
	}
	if (cp == 0xBD) {
		memcpy(out, "1/2", 3);
		return 3;
	}
	if (cp == 0xD7) {
		out[0] = 'x';
		return 1;
	}
	if (cp >= 0x2654 && cp <= 0x265F) {
		out[0] = "KQRBNP"[(cp - 0x2654) % 6];
		return 1;
	}
	return 0;
}

/* One UTF-8 sequence of two or three bytes at s (n bytes left): its code
 * point in *cp and its length, 0 when malformed or longer (no result
 * word needs a four-byte character). */
static size_t utf8_seq(const unsigned char *s, size_t n, uint32_t *cp)
{
	if (n >= 2 && s[0] >= 0xC2 && s[0] <= 0xDF && (s[1] & 0xC0) == 0x80) {
		*cp = (uint32_t)(s[0] & 0x1F) << 6 | (s[1] & 0x3F);
		return 2;
	}
	if (n >= 3 && (s[0] & 0xF0) == 0xE0 && (s[1] & 0xC0) == 0x80 && (s[2] & 0xC0) == 0x80) {
		uint32_t v = (uint32_t)(s[0] & 0x0F) << 12 | (uint32_t)(s[1] & 0x3F) << 6 |
		             (s[2] & 0x3F);
		if (v < 0x800 || (v >= 0xD800 && v <= 0xDFFF))
			return 0; /* overlong, or a surrogate */
		*cp = v;
		return 3;
	}
	return 0;
}

enum vc_rtok vc_result_read(const char *s, size_t n, unsigned *form)
{
	/* the word in ASCII: the longest result word is 7 bytes */
	char w[8];
	size_t o = 0;
	unsigned unicode = 0;
	*form = 0;
	for (size_t i = 0; i < n;) {
		const unsigned char *u = (const unsigned char *)s + i;
		char a[3];
		size_t k = 1, len = 1;
		if (u[0] < 0x80) {
			a[0] = (char)u[0];
		} else {
			uint32_t cp;
			k = utf8_seq(u, n - i, &cp);
			len = k ? vc_notation_ascii(cp, a) : 0;
			if (!len)
				return VC_RTOK_NONE;
			unicode = VC_RFORM_UNICODE;
		}
		if (o + len > 7)
			return VC_RTOK_NONE;
		memcpy(w + o, a, len);
		o += len;
		i += k;
	}
	w[o] = 0;
	enum vc_rtok t;
	unsigned odd = 0;
	if (!strcmp(w, "1-0"))
		t = VC_RTOK_WHITE;
	else if (!strcmp(w, "0-1"))
		t = VC_RTOK_BLACK;
	else if (!strcmp(w, "1/2-1/2"))
		t = VC_RTOK_DRAW;
	else if (!strcmp(w, "*"))
		t = VC_RTOK_OPEN;
	else if (!strcmp(w, "1/2"))
		t = VC_RTOK_DRAW, odd = VC_RFORM_SHORT;
	else if (!strcmp(w, "+--") || !strcmp(w, "+:-"))
		t = VC_RTOK_WHITE, odd = VC_RFORM_FORFEIT;
	else if (!strcmp(w, "--+") || !strcmp(w, "-:+"))
		t = VC_RTOK_BLACK, odd = VC_RFORM_FORFEIT;
	else
		return VC_RTOK_NONE;
	*form = odd | unicode;
	return t;
}

bool vc_rtok_result(enum vc_rtok t, enum vc_result *out)
{
	switch (t) {
	case VC_RTOK_WHITE: *out = VC_RES_WHITE; return true;
	case VC_RTOK_BLACK: *out = VC_RES_BLACK; return true;
	case VC_RTOK_DRAW: *out = VC_RES_DRAW; return true;
	case VC_RTOK_OPEN: *out = VC_RES_NONE; return true;
	default: return false;
	}
}

const char *vc_rtok_word(enum vc_rtok t)
{
	switch (t) {
	case VC_RTOK_WHITE: return "1-0";
	case VC_RTOK_BLACK: return "0-1";
	case VC_RTOK_DRAW: return "1/2-1/2";
	case VC_RTOK_OPEN: return "*";
	default: return "";
	}
}
