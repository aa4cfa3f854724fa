/* vchess - control characters out of text output. See textesc.h. */
#include "textesc.h"
#include "utf8_internal.h"

#include <stdlib.h>
#include <stdint.h>
#include <string.h>


/* The next piece of s at *i: either a run copied as it is (returned
 * through *run, *runlen) or one replacement in out (returned length).
 * Returns 0 at the end. */
static size_t piece(const unsigned char *s, size_t *i, const unsigned char **run,
                    size_t *runlen, char out[8])
{
	static const char hex[] = "0123456789abcdef";
	size_t start = *i;

	*run = s + start;
	*runlen = 0;
	for (;;) {
		unsigned char c = s[*i];
		size_t u;

		if (c == 0)
			break;
		if (c >= 0x20 && c < 0x7f) {
			(*i)++;
			continue;
		}
		if (c >= 0x80 && (u = vc_utf8_len(s + *i, SIZE_MAX)) > 0 &&
		    !(c == 0xc2 && s[*i + 1] < 0xa0)) {
			*i += u;
			continue;
		}
		break;
	}
	if (*i > start) {
		*runlen = *i - start;
		return 0;
	}
	unsigned char c = s[*i];
	if (c == 0)
		return 0;
	if (c == 0xc2 && s[*i + 1] >= 0x80 && s[*i + 1] < 0xa0) {
		c = s[*i + 1]; /* C1 as UTF-8 */
		*i += 2;
	} else {
		(*i)++;
	}
	if (c == '\n' || c == '\r' || c == '\t') {
		out[0] = '\\';
		out[1] = c == '\n' ? 'n' : c == '\r' ? 'r' : 't';
		return 2;
	}
	if (c < 0x20 || c == 0x7f) {
		memcpy(out, "\\x", 2);
		out[2] = hex[c >> 4];
		out[3] = hex[c & 15];
		return 4;
	}
	if (c < 0xa0) { /* C1 */
		memcpy(out, "\\u00", 4);
		out[4] = hex[c >> 4];
		out[5] = hex[c & 15];
		return 6;
	}
	/* not UTF-8: Latin-1 */
	out[0] = (char)(0xc0 | (c >> 6));
	out[1] = (char)(0x80 | (c & 0x3f));
	return 2;
}

bool vc_text_needs_escape(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	if (!s)
		return false;
	for (size_t i = 0; p[i];) {
		const unsigned char *run;
		size_t runlen;
		char out[8];
		size_t k = i;
		if (piece(p, &k, &run, &runlen, out) > 0)
			return true;
		if (k == i)
			break;
		i = k;
	}
	return false;
}

int vc_text_put(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;

	for (;;) {
		const unsigned char *run;
		size_t runlen, k = i;
		char out[8];
		size_t n = piece(p, &k, &run, &runlen, out);

		if (runlen && fwrite(run, 1, runlen, f) != runlen)
			return -1;
		if (n && fwrite(out, 1, n, f) != n)
			return -1;
		if (k == i)
			break;
		i = k;
	}
	return ferror(f) ? -1 : 0;
}

char *vc_text_escape(char *buf, size_t size, const char *s)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");
	size_t i = 0, len = 0;

	buf[0] = '\0';
	for (;;) {
		const unsigned char *run;
		size_t runlen, k = i;
		char out[8];
		size_t n = piece(p, &k, &run, &runlen, out);

		if (runlen) {
			/* a run is cut at a character's start only */
			size_t take = runlen;
			if (len + take >= size) {
				take = size - 1 - len;
				while (take > 0 && (run[take] & 0xc0) == 0x80)
					take--;
				memcpy(buf + len, run, take);
				buf[len + take] = '\0';
				return buf;
			}
			memcpy(buf + len, run, take);
			len += take;
		}
		if (n) {
			if (len + n >= size)
				break;
			memcpy(buf + len, out, n);
			len += n;
		}
		if (k == i)
			break;
		i = k;
	}
	buf[len] = '\0';
	return buf;
}

char *vc_text_escape_dup(const char *s)
{
	if (!s)
		return NULL;
	size_t size = strlen(s) * 6 + 1; /* at most \u00HH (6) for 2 bytes, \xHH for 1 */
	char *buf = malloc(size);
	return buf ? vc_text_escape(buf, size, s) : NULL;
}
