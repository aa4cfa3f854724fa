/* vchess - a small JSON reader. See jsonread.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonread.h"

#define MAX_DEPTH 64

/* Allocations of a document: a list of blocks freed together. */
struct block {
	struct block *next;
	max_align_t data[];
};

struct parser {
	const char *p, *start, *end;
	struct block *blocks;
	char *err;
	size_t errlen;
	int depth;
};

static void *arena_alloc(struct parser *ps, size_t n)
{
	struct block *b = malloc(sizeof *b + (n ? n : 1));
	if (!b)
		return NULL;
	b->next = ps->blocks;
	ps->blocks = b;
	return b->data;
}

static int fail(struct parser *ps, const char *fmt, ...)
{
	if (ps->err && ps->errlen) {
		int k = snprintf(ps->err, ps->errlen, "at byte %zu: ", (size_t)(ps->p - ps->start));
		if (k >= 0 && (size_t)k < ps->errlen) {
			va_list ap;
			va_start(ap, fmt);
			vsnprintf(ps->err + k, ps->errlen - (size_t)k, fmt, ap);
			va_end(ap);
		}
	}
	return -1;
}

static void skip_ws(struct parser *ps)
{
	while (ps->p < ps->end &&
	       (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r'))
		ps->p++;
}

static int hex4(const char *p, unsigned *out)
{
	unsigned v = 0;
	for (int i = 0; i < 4; i++) {
		char c = p[i];
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned)(c - 'A' + 10);
		else
			return -1;
	}
	*out = v;
	return 0;
}

static size_t put_utf8(char *o, unsigned cp)
{
	if (cp < 0x80) {
		o[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (char)(0xc0 | (cp >> 6));
		o[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (char)(0xe0 | (cp >> 12));
		o[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		o[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	o[0] = (char)(0xf0 | (cp >> 18));
	o[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	o[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	o[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* A string at ps->p (the opening quote) into *s, *n. */
static int string(struct parser *ps, const char **s, size_t *n)
{
	const char *q = ++ps->p;
	while (q < ps->end && *q != '"' && *q != '\\')
		q++;
	size_t most = (size_t)(ps->end - ps->p);
	char *o;
	if (q < ps->end && *q == '"') {
		/* no escape: the bytes as they are */
		size_t k = (size_t)(q - ps->p);
		if (k > most)
			return fail(ps, "internal error");
		o = arena_alloc(ps, k + 1);
		if (!o)
			return fail(ps, "out of memory");
		for (size_t i = 0; i < k; i++) {
			o[i] = ps->p[i];
			if ((unsigned char)o[i] < 0x20)
				return fail(ps, "control character in a string");
		}
		o[k] = 0;
		*s = o;
		*n = k;
		ps->p = q + 1;
		return 0;
	}
	o = arena_alloc(ps, most + 1);
	if (!o)
		return fail(ps, "out of memory");
	size_t k = 0;
	for (;;) {
		if (ps->p >= ps->end)
			return fail(ps, "unterminated string");
		char c = *ps->p;
		if (c == '"') {
			ps->p++;
			break;
		}
		if ((unsigned char)c < 0x20)
			return fail(ps, "control character in a string");
		if (c != '\\') {
			o[k++] = c;
			ps->p++;
			continue;
		}
		if (ps->end - ps->p < 2)
			return fail(ps, "unterminated string");
		char e = ps->p[1];
		ps->p += 2;
		switch (e) {
		case '"': o[k++] = '"'; break;
		case '\\': o[k++] = '\\'; break;
		case '/': o[k++] = '/'; break;
		case 'b': o[k++] = '\b'; break;
		case 'f': o[k++] = '\f'; break;
		case 'n': o[k++] = '\n'; break;
		case 'r': o[k++] = '\r'; break;
		case 't': o[k++] = '\t'; break;
		case 'u': {
			unsigned cp, lo;
			if (ps->end - ps->p < 4 || hex4(ps->p, &cp))
				return fail(ps, "bad \\u escape");
			ps->p += 4;
			if (cp >= 0xd800 && cp < 0xdc00) {
				if (ps->end - ps->p < 6 || ps->p[0] != '\\' || ps->p[1] != 'u' ||
				    hex4(ps->p + 2, &lo) || lo < 0xdc00 || lo >= 0xe000)
					return fail(ps, "lone surrogate");
				ps->p += 6;
				cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
			} else if (cp >= 0xdc00 && cp < 0xe000) {
				return fail(ps, "lone surrogate");
			}
			k += put_utf8(o + k, cp);
			break;
		}
		default:
			return fail(ps, "bad escape");
		}
	}
	o[k] = 0;
	*s = o;
	*n = k;
	return 0;
}

static int value(struct parser *ps, struct vc_jval *v);

/* Items of an array or object: collected in a growing heap vector, then
 * moved into the arena. */
static int container(struct parser *ps, struct vc_jval *v, bool object)
{
	if (++ps->depth > MAX_DEPTH)
		return fail(ps, "nesting deeper than %d", MAX_DEPTH);
	char close = object ? '}' : ']';
	ps->p++;
	size_t n = 0, cap = 0;
	struct vc_jval *items = NULL;
	const char **keys = NULL;
	int rc = 0;
	skip_ws(ps);
	if (ps->p < ps->end && *ps->p == close) {
		ps->p++;
	} else {
		for (;;) {
			if (n == cap) {
				cap = cap ? 2 * cap : 8;
				struct vc_jval *ni = realloc(items, cap * sizeof *ni);
				const char **nk = object ? realloc(keys, cap * sizeof *nk) : NULL;
				if (ni)
					items = ni;
				if (nk)
					keys = nk;
				if (!ni || (object && !nk)) {
					rc = fail(ps, "out of memory");
					break;
				}
			}
			skip_ws(ps);
			if (object) {
				size_t kl;
				if (ps->p >= ps->end || *ps->p != '"') {
					rc = fail(ps, "a key expected");
					break;
				}
				if ((rc = string(ps, &keys[n], &kl)) != 0)
					break;
				skip_ws(ps);
				if (ps->p >= ps->end || *ps->p != ':') {
					rc = fail(ps, "':' expected");
					break;
				}
				ps->p++;
			}
			if ((rc = value(ps, &items[n])) != 0)
				break;
			n++;
			skip_ws(ps);
			if (ps->p < ps->end && *ps->p == ',') {
				ps->p++;
				continue;
			}
			if (ps->p < ps->end && *ps->p == close) {
				ps->p++;
				break;
			}
			rc = fail(ps, "',' or '%c' expected", close);
			break;
		}
	}
	if (rc == 0) {
		v->t = object ? VC_J_OBJECT : VC_J_ARRAY;
		v->n = n;
		v->kids = arena_alloc(ps, n * sizeof *items);
		v->keys = object ? arena_alloc(ps, n * sizeof *keys) : NULL;
		if (!v->kids || (object && !v->keys)) {
			rc = fail(ps, "out of memory");
		} else {
			if (n)
				memcpy(v->kids, items, n * sizeof *items);
			if (object && n)
				memcpy(v->keys, keys, n * sizeof *keys);
		}
	}
	free(items);
	free(keys);
	ps->depth--;
	return rc;
}

static int literal(struct parser *ps, const char *word)
{
	size_t k = strlen(word);
	if ((size_t)(ps->end - ps->p) < k || memcmp(ps->p, word, k) != 0)
		return fail(ps, "unexpected text");
	ps->p += k;
	return 0;
}

static int number(struct parser *ps, struct vc_jval *v)
{
	const char *q = ps->p;
	if (q < ps->end && *q == '-')
		q++;
	const char *digits = q;
	while (q < ps->end && *q >= '0' && *q <= '9')
		q++;
	if (q == digits || (q - digits > 1 && *digits == '0'))
		return fail(ps, "bad number");
	if (q < ps->end && *q == '.') {
		const char *f = ++q;
		while (q < ps->end && *q >= '0' && *q <= '9')
			q++;
		if (q == f)
			return fail(ps, "bad number");
	}
	if (q < ps->end && (*q == 'e' || *q == 'E')) {
		q++;
		if (q < ps->end && (*q == '+' || *q == '-'))
			q++;
		const char *e = q;
		while (q < ps->end && *q >= '0' && *q <= '9')
			q++;
		if (q == e)
			return fail(ps, "bad number");
	}
	size_t k = (size_t)(q - ps->p);
	char *o = arena_alloc(ps, k + 1);
	if (!o)
		return fail(ps, "out of memory");
	memcpy(o, ps->p, k);
	o[k] = 0;
	v->t = VC_J_NUMBER;
	v->s = o;
	v->n = k;
	ps->p = q;
	return 0;
}

static int value(struct parser *ps, struct vc_jval *v)
{
	memset(v, 0, sizeof *v);
	skip_ws(ps);
	if (ps->p >= ps->end)
		return fail(ps, "a value expected");
	switch (*ps->p) {
	case '{': return container(ps, v, true);
	case '[': return container(ps, v, false);
	case '"':
		v->t = VC_J_STRING;
		return string(ps, &v->s, &v->n);
	case 't':
		v->t = VC_J_BOOL;
		v->b = true;
		return literal(ps, "true");
	case 'f':
		v->t = VC_J_BOOL;
		return literal(ps, "false");
	case 'n':
		v->t = VC_J_NULL;
		return literal(ps, "null");
	default:
		return number(ps, v);
	}
}

int vc_jdoc_parse(struct vc_jdoc *d, const char *text, size_t len, char *err, size_t errlen)
{
	struct parser ps = { text, text, text + len, NULL, err, errlen, 0 };
	memset(d, 0, sizeof *d);
	int rc = value(&ps, &d->root);
	if (rc == 0) {
		skip_ws(&ps);
		if (ps.p != ps.end)
			rc = fail(&ps, "text after the value");
	}
	d->arena = ps.blocks;
	return rc;
}

void vc_jdoc_free(struct vc_jdoc *d)
{
	struct block *b = d->arena;
	while (b) {
		struct block *n = b->next;
		free(b);
		b = n;
	}
	d->arena = NULL;
}

const struct vc_jval *vc_jget(const struct vc_jval *v, const char *key)
{
	if (!v || v->t != VC_J_OBJECT)
		return NULL;
	for (size_t i = 0; i < v->n; i++)
		if (strcmp(v->keys[i], key) == 0)
			return &v->kids[i];
	return NULL;
}

bool vc_jval_u64(const struct vc_jval *v, uint64_t *out)
{
	if (!v || v->t != VC_J_NUMBER || v->s[0] == '-')
		return false;
	uint64_t x = 0;
	for (size_t i = 0; i < v->n; i++) {
		char c = v->s[i];
		if (c < '0' || c > '9')
			return false;
		unsigned dg = (unsigned)(c - '0');
		if (x > (UINT64_MAX - dg) / 10)
			return false;
		x = x * 10 + dg;
	}
	*out = x;
	return true;
}

bool vc_jval_i64(const struct vc_jval *v, int64_t *out)
{
	if (!v || v->t != VC_J_NUMBER)
		return false;
	bool neg = v->s[0] == '-';
	struct vc_jval u = *v;
	if (neg) {
		u.s++;
		u.n--;
	}
	uint64_t x;
	if (!u.n || !vc_jval_u64(&u, &x) || x > (uint64_t)INT64_MAX + neg)
		return false;
	*out = neg ? (int64_t)(0 - x) : (int64_t)x;
	return true;
}
