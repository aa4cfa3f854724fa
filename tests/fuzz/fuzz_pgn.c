/* libFuzzer harness: the streaming PGN reader (make fuzz).
 * The first byte picks the read size (1..64 bytes a call, or all), the
 * buffer size and small limits; the rest is the PGN text. Checks, besides
 * "no crash, no sanitizer report":
 *   - every begin_game has its end_game, games are numbered 1, 2, ...;
 *   - every location's line and column agree with the bytes (LF, CR LF and
 *     CR end lines; a BOM at offset 0 takes no column);
 *   - each game's raw copy is exactly the input bytes it claims (a prefix
 *     when truncated, the same prefix however the input was read);
 *   - strings are NUL-terminated valid UTF-8, move tokens are ASCII;
 *   - the same events, whether the input comes in one piece, in small
 *     reads through a tiny buffer, or lent in pieces without a copy
 *     (vc_pgn_reader_init_borrow, as validate -j reads), also when only
 *     the comments with a marker are wanted (options.comment_marker). */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pgn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct ctx {
	const uint8_t *data;
	size_t size;
	uint64_t *line, *col; /* expected line/column of each offset */
	uint64_t hash;        /* of every event */
	unsigned long open, games;
	struct vc_pgn_reader *reader;
	char marker; /* options.comment_marker of the run */
};

static void mix(struct ctx *c, uint64_t v)
{
	c->hash = (c->hash ^ v) * 1099511628211ull;
}

static void mix_str(struct ctx *c, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		mix(c, (unsigned char)s[i]);
	mix(c, n);
}

static void check_loc(struct ctx *c, const struct vc_loc *l)
{
	if (l->offset > c->size)
		abort();
	if (l->line != c->line[l->offset] || l->column != c->col[l->offset])
		abort(); /* a position that does not match the bytes */
	mix(c, l->offset);
}

static void check_utf8(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	if (p[n] != 0)
		abort(); /* not NUL-terminated */
	size_t i = 0;
	while (i < n) {
		unsigned b = p[i];
		size_t k = b < 0x80 ? 1 : b >= 0xC2 && b <= 0xDF ? 2
		         : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xF0 && b <= 0xF4 ? 4
		         : 0;
		if (!k || i + k > n)
			abort(); /* invalid UTF-8 delivered */
		for (size_t j = 1; j < k; j++)
			if ((p[i + j] & 0xC0) != 0x80)
				abort();
		i += k;
	}
}

static void in_game(struct ctx *c)
{
	if (c->open != 1 || !vc_pgn_reader_game(c->reader))
		abort(); /* a callback outside a game */
}

static int on_begin(void *u, const struct vc_pgn_game *g)
{
	struct ctx *c = u;
	if (c->open != 0 || g->index != c->games + 1)
		abort();
	c->open = 1;
	c->games++;
	check_loc(c, &g->start);
	mix(c, 1);
	return 0;
}

static int on_end(void *u, const struct vc_pgn_game *g)
{
	struct ctx *c = u;
	in_game(c);
	c->open = 0;
	check_loc(c, &g->end);
	if (g->end.offset < g->start.offset)
		abort();
	if (g->raw) {
		size_t want = (size_t)(g->end.offset - g->start.offset);
		if (g->raw_truncated ? g->raw_len > want : g->raw_len != want)
			abort();
		if (memcmp(g->raw, c->data + g->start.offset, g->raw_len) != 0)
			abort(); /* the copy is not the original text */
	}
	mix(c, 2);
	mix(c, g->raw_len);
	mix(c, g->raw_truncated);
	mix(c, g->plies);
	mix(c, g->errors);
	mix(c, g->warnings);
	mix(c, g->result);
	return 0;
}

static int on_tag(void *u, const char *name, const char *value, size_t n,
                  const struct vc_loc *loc)
{
	struct ctx *c = u;
	in_game(c);
	check_loc(c, loc);
	check_utf8(name, strlen(name));
	check_utf8(value, n);
	mix_str(c, name, strlen(name));
	mix_str(c, value, n);
	return 0;
}

static int on_move(void *u, const struct vc_move_token *m)
{
	struct ctx *c = u;
	in_game(c);
	check_loc(c, &m->loc);
	if (m->len == 0 || m->text[m->len] != 0)
		abort();
	for (size_t i = 0; i < m->len; i++)
		if ((unsigned char)m->text[i] < 0x21 ||
		    (unsigned char)m->text[i] > 0x7e)
			abort(); /* move tokens are printable ASCII */
	mix_str(c, m->text, m->len);
	mix(c, m->number);
	mix(c, m->number_dots);
	mix(c, m->depth);
	return 0;
}

static int on_nag(void *u, int nag, const struct vc_loc *loc)
{
	struct ctx *c = u;
	in_game(c);
	check_loc(c, loc);
	if (nag < 0 || nag > 255)
		abort();
	mix(c, (uint64_t)nag);
	return 0;
}

static int on_comment(void *u, const char *text, size_t n,
                      const struct vc_loc *loc)
{
	struct ctx *c = u;
	in_game(c);
	check_loc(c, loc);
	check_utf8(text, n);
	if (c->marker && !memchr(text, c->marker, n))
		abort(); /* a comment without the marker delivered */
	mix_str(c, text, n);
	return 0;
}

static int on_var(void *u, unsigned depth, const struct vc_loc *loc)
{
	struct ctx *c = u;
	in_game(c);
	check_loc(c, loc);
	if (depth == 0)
		abort();
	mix(c, depth);
	return 0;
}

static int on_result(void *u, const char *text, enum vc_rtok res,
                     const struct vc_loc *loc)
{
	struct ctx *c = u;
	in_game(c);
	check_loc(c, loc);
	mix_str(c, text, strlen(text));
	mix(c, res);
	return 0;
}

static int on_finding(void *u, enum vc_code code, const char *msg,
                      const struct vc_loc *loc)
{
	struct ctx *c = u;
	in_game(c);
	check_loc(c, loc);
	if (!msg || !*msg || (unsigned)code >= VC_F_COUNT)
		abort();
	mix(c, code);
	return 0;
}

struct src {
	const uint8_t *p;
	size_t left, chunk;
};

static size_t src_read(void *ctx, char *buf, size_t n)
{
	struct src *s = ctx;
	if (s->chunk && n > s->chunk)
		n = s->chunk;
	if (n > s->left)
		n = s->left;
	if (n)
		memcpy(buf, s->p, n);
	s->p += n;
	s->left -= n;
	return n;
}

/* Zero-copy: lends the input in pieces of `chunk` bytes (0 = whole). */
static size_t src_borrow(void *ctx, const char **data)
{
	struct src *s = ctx;
	size_t n = s->left;
	if (s->chunk && n > s->chunk)
		n = s->chunk;
	*data = (const char *)s->p;
	s->p += n;
	s->left -= n;
	return n;
}

static uint64_t run(struct ctx *c, size_t chunk, size_t bufsize,
                    const struct vc_pgn_limits *lim, bool borrow, char marker)
{
	struct vc_pgn_visitor v = {
		.user = c,
		.begin_game = on_begin,
		.end_game = on_end,
		.tag = on_tag,
		.move = on_move,
		.nag = on_nag,
		.comment = on_comment,
		.begin_variation = on_var,
		.end_variation = on_var,
		.result = on_result,
		.error = on_finding,
		.warning = on_finding,
	};
	struct vc_pgn_options o;
	memset(&o, 0, sizeof o);
	o.limits = *lim;
	o.keep_raw = true;
	o.buffer_size = bufsize;
	o.comment_marker = marker;
	c->marker = marker;
	struct src s = {c->data, c->size, chunk};
	struct vc_pgn_reader r;
	c->hash = 1469598103934665603ull;
	c->open = c->games = 0;
	c->reader = &r;
	if (borrow ? vc_pgn_reader_init_borrow(&r, src_borrow, &s, &v, &o)
	           : vc_pgn_reader_init(&r, src_read, &s, &v, &o))
		abort();
	if (vc_pgn_read(&r) != VC_PGN_DONE)
		abort();
	vc_pgn_reader_release(&r);
	if (c->open)
		abort(); /* a game without end_game */
	return c->hash;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	unsigned sel = data[0];
	data++, size--;

	struct ctx c;
	memset(&c, 0, sizeof c);
	c.data = data;
	c.size = size;
	c.line = malloc((size + 1) * sizeof *c.line);
	c.col = malloc((size + 1) * sizeof *c.col);
	if (!c.line || !c.col)
		abort();
	uint64_t line = 1, start = 0;
	if (size >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0)
		start = 3;
	for (size_t i = 0; i <= size; i++) {
		c.line[i] = line;
		c.col[i] = i >= start ? i - start + 1 : 1;
		if (i == size)
			break;
		if (data[i] == '\r') {
			line++;
			start = i + 1;
		} else if (data[i] == '\n') {
			if (i > 0 && data[i - 1] == '\r')
				start = i + 1; /* CR LF: the CR ended the line */
			else
				line++, start = i + 1;
		}
	}

	struct vc_pgn_limits lim;
	memset(&lim, 0, sizeof lim);
	if (sel & 0x80) {
		/* small limits reach every limit path on small inputs */
		lim.tag_name = 1 + (sel & 7);
		lim.tag_value = 1 + (sel & 15);
		lim.comment = 1 + (sel & 31);
		lim.token = 1 + (sel & 7);
		lim.depth = 1 + (sel & 3);
		lim.plies = 1 + (sel & 15);
		lim.tags = 1 + (sel & 3);
		lim.raw = 1 + (sel & 63);
	}
	uint64_t whole = run(&c, 0, 0, &lim, false, 0);
	uint64_t games = c.games;
	size_t chunk = 1 + (sel & 63);
	size_t bufsize = 1 + ((sel >> 3) & 15);
	uint64_t pieces = run(&c, chunk, bufsize, &lim, false, 0);
	if (whole != pieces || games != c.games)
		abort(); /* the events depend on how the input was read */
	uint64_t lent = run(&c, chunk, 0, &lim, true, 0);
	if (whole != lent || games != c.games)
		abort(); /* zero-copy reading (validate -j) sees other events */
	/* only the comments with a marker, as the game checker reads: comments
	 * without it are passed over in place when whole in the buffer */
	uint64_t marked = run(&c, 0, 0, &lim, false, '%');
	if (games != c.games || marked != run(&c, 1, 1, &lim, false, '%') ||
	    marked != run(&c, chunk, 0, &lim, true, '%'))
		abort();
	free(c.line);
	free(c.col);
	return 0;
}
