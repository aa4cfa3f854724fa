/* vchess - a PGN stream copied with corrected results (pgnfix.h). */
#include <stdlib.h>
#include <string.h>

#include "pgnfix.h"
#include "pgnwrite.h"

struct vc_pgnfix {
	FILE *f;           /* where the copy goes */
	char *buf;         /* bytes of the current stream from `base` on */
	size_t len, cap;
	uint64_t base;     /* stream offset of buf[0] */
	bool any, last_nl; /* something written; it ended with a line end */
	bool failed;       /* out of memory: not corrected from some point on */
	long fixed;        /* games corrected */
};

struct vc_pgnfix *vc_pgnfix_new(FILE *f)
{
	struct vc_pgnfix *fx = calloc(1, sizeof *fx);
	if (fx)
		fx->f = f;
	return fx;
}

void vc_pgnfix_free(struct vc_pgnfix *fx)
{
	if (!fx)
		return;
	free(fx->buf);
	free(fx);
}

long vc_pgnfix_fixed(const struct vc_pgnfix *fx)
{
	return fx->fixed;
}

bool vc_pgnfix_failed(const struct vc_pgnfix *fx)
{
	return fx->failed;
}

static void fix_write(struct vc_pgnfix *fx, const char *p, size_t n)
{
	if (!n)
		return;
	fwrite(p, 1, n, fx->f);
	fx->any = true;
	fx->last_nl = p[n - 1] == '\n' || p[n - 1] == '\r';
}

void vc_pgnfix_tap_begin(void *ctx, const char *source, const char *member)
{
	struct vc_pgnfix *fx = ctx;
	(void)source;
	(void)member;
	if (fx->any && !fx->last_nl)
		fix_write(fx, "\n", 1); /* keep the next stream's first line apart */
	fx->len = 0;
	fx->base = 0;
}

void vc_pgnfix_tap(void *ctx, const char *buf, size_t n)
{
	struct vc_pgnfix *fx = ctx;
	if (n == 0)
		return; /* an empty read: buf may be NULL, and so fx->buf */
	if (fx->len + n > fx->cap) {
		size_t cap = fx->cap ? fx->cap : 1 << 16;
		while (cap < fx->len + n)
			cap *= 2;
		char *b = realloc(fx->buf, cap);
		if (!b) {
			/* write what is held and pass the rest through unchanged */
			fx->failed = true;
			fix_write(fx, fx->buf, fx->len);
			fix_write(fx, buf, n);
			fx->base += fx->len + n;
			fx->len = 0;
			return;
		}
		fx->buf = b;
		fx->cap = cap;
	}
	memcpy(fx->buf + fx->len, buf, n);
	fx->len += n;
}

void vc_pgnfix_tap_end(void *ctx)
{
	struct vc_pgnfix *fx = ctx;
	fix_write(fx, fx->buf, fx->len);
	fx->base += fx->len;
	fx->len = 0;
}

void vc_pgnfix_tap_drop(void *ctx)
{
	struct vc_pgnfix *fx = ctx;
	fx->base += fx->len;
	fx->len = 0;
}

/* Write held bytes up to stream offset `to` unchanged. */
static void fix_flush_to(struct vc_pgnfix *fx, uint64_t to)
{
	if (to <= fx->base)
		return;
	size_t n = to - fx->base > fx->len ? fx->len : (size_t)(to - fx->base);
	fix_write(fx, fx->buf, n);
	memmove(fx->buf, fx->buf + n, fx->len - n);
	fx->len -= n;
	fx->base += n;
}

static bool is_delim(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '(' || c == ')' ||
	       c == '{' || c == '}' || c == ';' || c == '[' || c == ']' || c == '"';
}

/* Where the Result tag's value and the main line's result token are in a
 * game's bytes: a small lexer that knows tags, comments, `%` lines and
 * variations. Offsets into p; -1 when absent. tag_end: one past the last
 * tag's ']' line (where a missing Result tag goes), eol: the game's line
 * end. */
struct result_spots {
	long tag_from, tag_to;
	long tok_from, tok_to;
	long tag_end;
	const char *eol;
};

static void find_result_spots(const char *p, size_t n, struct result_spots *s)
{
	s->tag_from = s->tag_to = s->tok_from = s->tok_to = s->tag_end = -1;
	s->eol = "\n";
	bool eol_seen = false;
	int depth = 0;
	bool line_start = true, movetext = false;
	size_t i = 0;
	while (i < n) {
		char c = p[i];
		if (c == '\n' || c == '\r') {
			if (!eol_seen) {
				s->eol = c == '\r' && i + 1 < n && p[i + 1] == '\n' ? "\r\n"
				         : c == '\r' ? "\r" : "\n";
				eol_seen = true;
			}
			line_start = true;
			i++;
			continue;
		}
		if (line_start && c == '%') {
			while (i < n && p[i] != '\n' && p[i] != '\r')
				i++;
			continue;
		}
		line_start = false;
		if (c == ' ' || c == '\t') {
			i++;
		} else if (c == '{') {
			while (i < n && p[i] != '}')
				i++;
			i++;
		} else if (c == ';') {
			while (i < n && p[i] != '\n' && p[i] != '\r')
				i++;
		} else if (c == '[' && !movetext) {
			/* [Name "value"] */
			size_t j = i + 1;
			while (j < n && (p[j] == ' ' || p[j] == '\t'))
				j++;
			size_t name = j;
			while (j < n && !is_delim(p[j]))
				j++;
			bool result = j - name == 6 && memcmp(p + name, "Result", 6) == 0;
			while (j < n && (p[j] == ' ' || p[j] == '\t'))
				j++;
			if (j < n && p[j] == '"') {
				size_t from = ++j;
				while (j < n && p[j] != '"') {
					if (p[j] == '\\' && j + 1 < n)
						j++;
					j++;
				}
				if (result) {
					s->tag_from = (long)from;
					s->tag_to = (long)j;
				}
			}
			while (j < n && p[j] != ']' && p[j] != '\n' && p[j] != '\r')
				j++;
			if (j < n && p[j] == ']')
				j++;
			/* the end of the tag's line, line end included */
			size_t e = j;
			while (e < n && p[e] != '\n' && p[e] != '\r')
				e++;
			if (e < n && p[e] == '\r' && e + 1 < n && p[e + 1] == '\n')
				e++;
			s->tag_end = (long)(e < n ? e + 1 : n);
			i = j;
		} else if (c == '(') {
			movetext = true;
			depth++;
			i++;
		} else if (c == ')') {
			if (depth > 0)
				depth--;
			i++;
		} else {
			movetext = true;
			size_t j = i;
			while (j < n && !is_delim(p[j]))
				j++;
			if (j == i)
				j++;
			size_t len = j - i;
			if (depth == 0 && ((len == 3 && (!memcmp(p + i, "1-0", 3) || !memcmp(p + i, "0-1", 3))) ||
			                   (len == 7 && !memcmp(p + i, "1/2-1/2", 7)) ||
			                   (len == 1 && p[i] == '*'))) {
				s->tok_from = (long)i;
				s->tok_to = (long)j;
			}
			i = j;
		}
	}
}

void vc_pgnfix_game(struct vc_pgnfix *fx, const struct vc_gc_game *g, const char *result)
{
	bool fix = result != NULL;
	if (!g->raw)
		return; /* a position line: copied with the stream */
	uint64_t from = g->offset, to = g->offset + g->raw_len;
	fix_flush_to(fx, from);
	if (!fix || from != fx->base || to - fx->base > fx->len) {
		fix_flush_to(fx, to);
		return;
	}
	const char *p = fx->buf;
	size_t n = (size_t)(to - from);
	struct result_spots s;
	find_result_spots(p, n, &s);
	size_t at = 0;
	if (s.tag_from >= 0) {
		fix_write(fx, p, (size_t)s.tag_from);
		fix_write(fx, result, strlen(result));
		at = (size_t)s.tag_to;
	} else if (s.tag_end >= 0) {
		/* no Result tag: one after the last tag */
		fix_write(fx, p, (size_t)s.tag_end);
		vc_pgnw_tag(fx->f, "Result", result, s.eol);
		at = (size_t)s.tag_end;
	}
	if (s.tok_from >= 0) {
		fix_write(fx, p + at, (size_t)s.tok_from - at);
		fix_write(fx, result, strlen(result));
		fix_write(fx, p + s.tok_to, n - (size_t)s.tok_to);
	} else {
		/* no result token: one at the end of the movetext */
		fix_write(fx, p + at, n - at);
		fputc(' ', fx->f);
		fix_write(fx, result, strlen(result));
	}
	fx->fixed++;
	memmove(fx->buf, fx->buf + n, fx->len - n);
	fx->len -= n;
	fx->base += n;
}
