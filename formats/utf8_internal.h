/* vchess - UTF-8 sequences, for the writers that pass well-formed UTF-8
 * through and take any other byte as Latin-1 (formats/json.c, textesc.c).
 * Not installed. */
#ifndef VC_UTF8_INTERNAL_H
#define VC_UTF8_INTERNAL_H

#include <stddef.h>

/* Length of the well-formed UTF-8 sequence at p (RFC 3629, Unicode table
 * 3-7), 0 if the byte at p does not start one. p[0] >= 0x80; n bytes
 * are readable at p (SIZE_MAX for a NUL-terminated string: a NUL is never
 * a continuation byte, so the check stops there). */
static inline size_t vc_utf8_len(const unsigned char *p, size_t n)
{
	unsigned char c = p[0], lo = 0x80, hi = 0xbf;
	size_t len;

	if (c >= 0xc2 && c <= 0xdf)
		len = 2;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4;
	else
		return 0; /* continuation byte, C0, C1, F5..FF */
	if (n < len)
		return 0;
	if (c == 0xe0)
		lo = 0xa0; /* no overlong 3-byte forms */
	else if (c == 0xed)
		hi = 0x9f; /* no surrogates */
	else if (c == 0xf0)
		lo = 0x90; /* no overlong 4-byte forms */
	else if (c == 0xf4)
		hi = 0x8f; /* nothing above U+10FFFF */
	if (p[1] < lo || p[1] > hi)
		return 0;
	for (size_t i = 2; i < len; i++)
		if (p[i] < 0x80 || p[i] > 0xbf)
			return 0;
	return len;
}

#endif
