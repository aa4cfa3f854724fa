/* vchess - streaming JSON writer. See json.h for the contract. */
#include "json.h"
#include "utf8_internal.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* stack entries */
#define C_OBJECT 1u  /* else an array */
#define C_ITEMS 2u   /* has at least one item */

/* ---- output ------------------------------------------------------------- */

/* memcpy(d, p, n), inline for the short pieces a writer copies (quotes,
 * commas, keys, words): fixed-size copies that overlap instead of a call.
 * Reads and writes only p[0..n) and d[0..n). */
static inline void copy_small(char *d, const char *p, size_t n)
{
	if (n >= 8 && n <= 16) {
		memcpy(d, p, 8);
		memcpy(d + n - 8, p + n - 8, 8);
	} else if (n >= 4 && n < 8) {
		memcpy(d, p, 4);
		memcpy(d + n - 4, p + n - 4, 4);
	} else if (n > 0 && n < 4) {
		d[0] = p[0];
		d[n / 2] = p[n / 2];
		d[n - 1] = p[n - 1];
	} else if (n) {
		memcpy(d, p, n);
	}
}

static int emit(struct vc_json *w, const char *p, size_t n)
{
	if (w->error)
		return -1;
	if (n == 0)
		return 0;
	if (w->fp) {
		errno = 0;
		/* unlocked: a writer's FILE is never shared between threads while
		 * it writes, and the lock was most of the cost of these small
		 * writes; the shortest (quotes, colons, keys) go byte by byte */
		if (n <= 16) {
			for (size_t i = 0; i < n; i++) {
				if (putc_unlocked(p[i], w->fp) == EOF) {
					w->error = errno ? errno : EIO;
					return -1;
				}
			}
			return 0;
		}
		if (fwrite_unlocked(p, 1, n, w->fp) != n) {
			w->error = errno ? errno : EIO;
			return -1;
		}
		return 0;
	}
	if (w->cap - w->len <= n) {
		size_t cap = w->cap ? w->cap : 256;
		char *b;

		while (cap - w->len <= n) {
			if (cap > SIZE_MAX / 2) {
				w->error = ENOMEM;
				return -1;
			}
			cap *= 2;
		}
		b = realloc(w->buf, cap);
		if (!b) {
			w->error = ENOMEM;
			return -1;
		}
		w->buf = b;
		w->cap = cap;
	}
	copy_small(w->buf + w->len, p, n);
	w->len += n;
	w->buf[w->len] = '\0';
	return 0;
}

/* A call's output is gathered here and written with one emit at its end:
 * one fwrite per call instead of one per piece (the per-call cost of
 * stdio was most of the cost of a short string). Nothing stays staged
 * between calls, so the caller may write to the same FILE in between. */
#define STAGE_CAP 512

struct stage {
	size_t n;
	char b[STAGE_CAP];
};

static int stage_flush(struct vc_json *w, struct stage *st)
{
	size_t n = st->n;

	st->n = 0;
	return emit(w, st->b, n);
}

static int stage_add_full(struct vc_json *w, struct stage *st, const char *p,
                          size_t n)
{
	if (stage_flush(w, st) < 0)
		return -1;
	if (n > STAGE_CAP)
		return emit(w, p, n);
	copy_small(st->b, p, n);
	st->n = n;
	return 0;
}

/* always_inline: called for every piece of every value and key */
#define HOT static inline __attribute__((always_inline))

HOT int stage_add(struct vc_json *w, struct stage *st, const char *p, size_t n)
{
	if (n > STAGE_CAP - st->n)
		return stage_add_full(w, st, p, n);
	copy_small(st->b + st->n, p, n);
	st->n += n;
	return 0;
}

static int newline_indent(struct vc_json *w, struct stage *st, int depth)
{
	static const char spaces[] = "                                ";

	if (stage_add(w, st, "\n", 1) < 0)
		return -1;
	for (size_t n = (size_t)depth * 2; n > 0;) {
		size_t k = n < sizeof spaces - 1 ? n : sizeof spaces - 1;
		if (stage_add(w, st, spaces, k) < 0)
			return -1;
		n -= k;
	}
	return 0;
}

/* ---- state -------------------------------------------------------------- */

void vc_json_init_file(struct vc_json *w, FILE *fp, unsigned flags)
{
	memset(w, 0, sizeof *w);
	w->fp = fp;
	w->flags = flags;
}

void vc_json_init_buffer(struct vc_json *w, unsigned flags)
{
	memset(w, 0, sizeof *w);
	w->flags = flags;
}

void vc_json_release(struct vc_json *w)
{
	free(w->buf);
	w->buf = NULL;
	w->len = w->cap = 0;
}

const char *vc_json_buffer(const struct vc_json *w, size_t *len)
{
	if (len)
		*len = w->buf ? w->len : 0;
	return w->buf ? w->buf : "";
}

void vc_json_buffer_clear(struct vc_json *w)
{
	w->len = 0;
	if (w->buf)
		w->buf[0] = '\0';
}

int vc_json_error(const struct vc_json *w)
{
	return w->error;
}

int vc_json_depth(const struct vc_json *w)
{
	return w->depth;
}

static int misuse(struct vc_json *w)
{
	if (!w->error)
		w->error = EINVAL;
	return -1;
}

static bool in_object(const struct vc_json *w)
{
	return w->depth > 0 && (w->stack[w->depth - 1] & C_OBJECT);
}

/* Before a value: check it may come here, and stage the separator. */
static int before_value(struct vc_json *w, struct stage *st)
{
	unsigned char *top;

	if (w->error)
		return -1;
	if (w->after_key) {
		w->after_key = false;
		return 0; /* the key wrote the separator */
	}
	if (w->depth == 0)
		return 0;
	top = &w->stack[w->depth - 1];
	if (*top & C_OBJECT)
		return misuse(w); /* a value needs its key */
	if ((*top & C_ITEMS) && stage_add(w, st, ",", 1) < 0)
		return -1;
	*top |= C_ITEMS;
	if ((w->flags & VC_JSON_PRETTY) && newline_indent(w, st, w->depth) < 0)
		return -1;
	return 0;
}

/* After a value: at top level it is complete and ends its line. Writes
 * what is staged. */
static int after_value(struct vc_json *w, struct stage *st)
{
	if (w->depth == 0 && stage_add(w, st, "\n", 1) < 0)
		return -1;
	if (stage_flush(w, st) < 0)
		return -1;
	return w->error ? -1 : 0;
}

/* ---- strings ------------------------------------------------------------ */


/* plain[c]: byte c is copied as is (printable ASCII but `"` and `\`);
 * other bytes below 0x80 are escaped, bytes from 0x80 are checked as UTF-8 */
static const unsigned char plain[256] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0,
	/* 0x80..0xff: 0 */
};

#define ONES UINT64_C(0x0101010101010101)
#define ONES32 UINT32_C(0x01010101)

/* Does no byte of the word need a look: none below 0x20, from 0x7f, or
 * equal to '"' or '\\'? Exact the other way: a byte that needs one always
 * makes it false (a borrow may make it false for a plain byte too). */
static inline uint64_t look_bits(uint64_t x)
{
	uint64_t t = ((x - ONES * 0x20) & ~x) |         /* < 0x20 */
	             ((x ^ ONES * 0x22) - ONES) |       /* '"' */
	             ((x ^ ONES * 0x5c) - ONES) |       /* '\\' */
	             (x + ONES) |                       /* >= 0x7f */
	             x;                                 /* >= 0x80 */
	return t & ONES * 0x80;
}

static inline bool plain_word(uint64_t x)
{
	return !look_bits(x);
}

static inline bool plain_word32(uint32_t x)
{
	uint32_t t = ((x - ONES32 * 0x20) & ~x) | ((x ^ ONES32 * 0x22) - ONES32) |
	             ((x ^ ONES32 * 0x5c) - ONES32) | (x + ONES32) | x;
	return !(t & ONES32 * 0x80);
}

HOT int put_string(struct vc_json *w, struct stage *st, const char *str, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, run = 0; /* s[run..i) is copied as is */

	if (stage_add(w, st, "\"", 1) < 0)
		return -1;
	for (;;) {
		unsigned char c;
		char esc[8] = { 0 }; /* copied 6 bytes at a time below */
		size_t elen = 2, ulen;

		/* eight bytes at a time while none needs a look: no byte
		 * below 0x20, from 0x7f, or equal to '"' or '\\' (the tests
		 * are exact: no false negative) */
		while (n - i >= 8) {
			uint64_t x;

			memcpy(&x, s + i, 8);
			if (!plain_word(x)) {
				/* to the first byte that needs a look: a borrow
				 * or carry only moves a flag to a later byte */
				i += (size_t)__builtin_ctzll(look_bits(x)) / 8;
				break;
			}
			i += 8;
		}
		/* a tail of 1 to 7 bytes: as the word that ends the string
		 * (its first bytes were seen already), or for a short string
		 * as two words of four that overlap */
		if (n - i < 8 && i < n) {
			uint64_t x;
			uint32_t a, b;

			if (n >= 8) {
				memcpy(&x, s + n - 8, 8);
				if (plain_word(x))
					i = n;
			} else if (n - i >= 4) {
				memcpy(&a, s + i, 4);
				memcpy(&b, s + n - 4, 4);
				if (plain_word32(a) && plain_word32(b))
					i = n;
			}
		}
		while (i < n && plain[s[i]])
			i++;
		if (i == n)
			break;
		c = s[i];
		if (c >= 0x80 && (ulen = vc_utf8_len(s + i, n - i)) > 0) {
			i += ulen;
			continue;
		}
		esc[0] = '\\';
		switch (c) {
		case '"': esc[1] = '"'; break;
		case '\\': esc[1] = '\\'; break;
		case '\b': esc[1] = 'b'; break;
		case '\f': esc[1] = 'f'; break;
		case '\n': esc[1] = 'n'; break;
		case '\r': esc[1] = 'r'; break;
		case '\t': esc[1] = 't'; break;
		default:
			if (c < 0x80) { /* other controls and DEL */
				memcpy(esc, "\\u00", 4);
				esc[4] = hex[c >> 4];
				esc[5] = hex[c & 15];
				elen = 6;
			} else { /* not UTF-8: Latin-1 */
				esc[0] = (char)(0xc0 | (c >> 6));
				esc[1] = (char)(0x80 | (c & 0x3f));
			}
		}
		if (i - run <= 16 && STAGE_CAP - st->n >= 16 + 6) {
			/* the usual case (text full of quotes, as a JSON
			 * rendering kept in a JSON string): a short run and
			 * the escape straight into the stage */
			copy_small(st->b + st->n, str + run, i - run);
			st->n += i - run;
			memcpy(st->b + st->n, esc, 6);
			st->n += elen;
		} else if (stage_add(w, st, str + run, i - run) < 0 ||
		           stage_add(w, st, esc, elen) < 0) {
			return -1;
		}
		run = ++i;
	}
	if (stage_add(w, st, str + run, i - run) < 0)
		return -1;
	return stage_add(w, st, "\"", 1);
}

/* ---- structure ---------------------------------------------------------- */

static int begin(struct vc_json *w, unsigned kind)
{
	struct stage st;

	st.n = 0;
	if (!w->error && w->depth == VC_JSON_MAX_DEPTH)
		return misuse(w);
	if (before_value(w, &st) < 0 ||
	    stage_add(w, &st, kind == C_OBJECT ? "{" : "[", 1) < 0 ||
	    stage_flush(w, &st) < 0)
		return -1;
	w->stack[w->depth++] = (unsigned char)kind;
	return 0;
}

static int end(struct vc_json *w, unsigned kind)
{
	struct stage st;
	unsigned char top;

	if (w->error)
		return -1;
	if (w->depth == 0 || w->after_key ||
	    (w->stack[w->depth - 1] & C_OBJECT) != kind)
		return misuse(w);
	st.n = 0;
	top = w->stack[--w->depth];
	if ((top & C_ITEMS) && (w->flags & VC_JSON_PRETTY) &&
	    newline_indent(w, &st, w->depth) < 0)
		return -1;
	if (stage_add(w, &st, kind == C_OBJECT ? "}" : "]", 1) < 0)
		return -1;
	return after_value(w, &st);
}

int vc_json_begin_object(struct vc_json *w) { return begin(w, C_OBJECT); }
int vc_json_end_object(struct vc_json *w) { return end(w, C_OBJECT); }
int vc_json_begin_array(struct vc_json *w) { return begin(w, 0); }
int vc_json_end_array(struct vc_json *w) { return end(w, 0); }

/* Stage a key, its separator before and its colon after. */
static int put_key(struct vc_json *w, struct stage *st, const char *key,
                   size_t len)
{
	unsigned char *top;

	if (w->error)
		return -1;
	if (!in_object(w) || w->after_key)
		return misuse(w);
	top = &w->stack[w->depth - 1];
	if ((*top & C_ITEMS) && stage_add(w, st, ",", 1) < 0)
		return -1;
	*top |= C_ITEMS;
	if ((w->flags & VC_JSON_PRETTY) && newline_indent(w, st, w->depth) < 0)
		return -1;
	if (put_string(w, st, key, len) < 0)
		return -1;
	if ((w->flags & VC_JSON_PRETTY) ? stage_add(w, st, ": ", 2) < 0
	                                : stage_add(w, st, ":", 1) < 0)
		return -1;
	w->after_key = true;
	return 0;
}

int vc_json_key_n(struct vc_json *w, const char *key, size_t len)
{
	struct stage st;

	st.n = 0;
	if (put_key(w, &st, key, len) < 0)
		return -1;
	return stage_flush(w, &st);
}

int vc_json_key(struct vc_json *w, const char *key)
{
	return vc_json_key_n(w, key, strlen(key));
}

/* ---- values ------------------------------------------------------------- */

static int put_scalar(struct vc_json *w, struct stage *st, const char *text)
{
	if (before_value(w, st) < 0 || stage_add(w, st, text, strlen(text)) < 0)
		return -1;
	return after_value(w, st);
}

static int scalar(struct vc_json *w, const char *text)
{
	struct stage st;

	st.n = 0;
	return put_scalar(w, &st, text);
}

static int put_string_value(struct vc_json *w, struct stage *st,
                            const char *s, size_t len)
{
	if (before_value(w, st) < 0 || put_string(w, st, len ? s : "", len) < 0)
		return -1;
	return after_value(w, st);
}

int vc_json_string_n(struct vc_json *w, const char *s, size_t len)
{
	struct stage st;

	st.n = 0;
	return put_string_value(w, &st, s, len);
}

int vc_json_string(struct vc_json *w, const char *s)
{
	return s ? vc_json_string_n(w, s, strlen(s)) : vc_json_null(w);
}

/* The decimal text of v (a minus sign first when negative), as printf's
 * %lld / %llu, into b (at least 21 bytes, NUL-terminated); returns b.
 * By hand: snprintf was most of the cost of a number (node counts in every
 * record of `vchess winnable`). */
static char *int_text(char b[static 21], uint64_t u, bool negative)
{
	char *p = b + 20;

	*p = '\0';
	do {
		*--p = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (negative)
		*--p = '-';
	return p;
}

/* unsigned arithmetic: INT64_MIN has no positive counterpart */
#define INT_TEXT(b, v) int_text(b, (v) < 0 ? 0 - (uint64_t)(v) : (uint64_t)(v), (v) < 0)

int vc_json_int(struct vc_json *w, int64_t v)
{
	char b[21];

	return scalar(w, INT_TEXT(b, v));
}

int vc_json_uint(struct vc_json *w, uint64_t v)
{
	char b[21];

	return scalar(w, int_text(b, v, false));
}

int vc_json_raw(struct vc_json *w, const char *text)
{
	return scalar(w, text);
}

int vc_json_bool(struct vc_json *w, bool v)
{
	return scalar(w, v ? "true" : "false");
}

int vc_json_null(struct vc_json *w)
{
	return scalar(w, "null");
}

int vc_json_halves(struct vc_json *w, int64_t halves)
{
	/* unsigned arithmetic: INT64_MIN has no positive counterpart */
	uint64_t u = halves < 0 ? 0 - (uint64_t)halves : (uint64_t)halves;
	char b[32];

	snprintf(b, sizeof b, "%s%llu%s", halves < 0 ? "-" : "",
	         (unsigned long long)(u / 2), (u & 1) ? ".5" : "");
	return scalar(w, b);
}

int vc_json_double(struct vc_json *w, double v)
{
	char b[40];

	if (!isfinite(v))
		return vc_json_null(w);
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(b, sizeof b, "%.*g", prec, v);
		if (strtod(b, NULL) == v)
			break;
	}
	/* finite %g output ("-0", "1e+100", "0.5") is always valid JSON */
	return scalar(w, b);
}

/* ---- key and value ------------------------------------------------------ */

/* The key and its value go out in one write. */
int vc_json_kv_string(struct vc_json *w, const char *key, const char *s)
{
	struct stage st;

	st.n = 0;
	if (put_key(w, &st, key, strlen(key)) < 0)
		return -1;
	if (!s)
		return put_scalar(w, &st, "null");
	return put_string_value(w, &st, s, strlen(s));
}

/* A key and a scalar's text in one write. */
static int kv_scalar(struct vc_json *w, const char *key, const char *text)
{
	struct stage st;

	st.n = 0;
	if (put_key(w, &st, key, strlen(key)) < 0)
		return -1;
	return put_scalar(w, &st, text);
}

int vc_json_kv_int(struct vc_json *w, const char *key, int64_t v)
{
	char b[21];

	return kv_scalar(w, key, INT_TEXT(b, v));
}

int vc_json_kv_uint(struct vc_json *w, const char *key, uint64_t v)
{
	char b[21];

	return kv_scalar(w, key, int_text(b, v, false));
}

int vc_json_kv_bool(struct vc_json *w, const char *key, bool v)
{
	return kv_scalar(w, key, v ? "true" : "false");
}

int vc_json_kv_null(struct vc_json *w, const char *key)
{
	return kv_scalar(w, key, "null");
}

int vc_json_kv_halves(struct vc_json *w, const char *key, int64_t halves)
{
	return vc_json_key(w, key) < 0 ? -1 : vc_json_halves(w, halves);
}
