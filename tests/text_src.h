/* vchess tests - a PGN text in memory as the reader's byte source (a
 * vc_pgn_read_fn over struct text_src), shared by the unit tests that
 * check games through the library's reader. */
#ifndef VC_TEST_TEXT_SRC_H
#define VC_TEST_TEXT_SRC_H
#include <stddef.h>
#include <string.h>

struct text_src {
	const char *p; /* the bytes not read yet */
	size_t left;
};

/* Up to n bytes of s (a struct text_src *) into buf; 0 at the end. */
static inline size_t text_read(void *ctx, char *buf, size_t n)
{
	struct text_src *s = ctx;
	if (n > s->left)
		n = s->left;
	memcpy(buf, s->p, n);
	s->p += n;
	s->left -= n;
	return n;
}
#endif
