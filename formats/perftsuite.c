/* vchess - perft suite files: syntax only. See perftsuite.h. */
#include "perftsuite.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

void vc_perftsuite_init(struct vc_perft_suite *suite)
{
	suite->count = 0;
	suite->entries = NULL;
	suite->alloc_ = 0;
}

static void entry_release(struct vc_perft_entry *e)
{
	free(e->fen);
	free(e->id);
	free(e->variant);
	free(e->counts);
}

void vc_perftsuite_release(struct vc_perft_suite *suite)
{
	if (!suite)
		return;
	for (int i = 0; i < suite->count; i++)
		entry_release(&suite->entries[i]);
	free(suite->entries);
	vc_perftsuite_init(suite);
}

int64_t vc_perftsuite_expected(const struct vc_perft_entry *entry, int depth)
{
	for (int i = 0; i < entry->ncounts; i++)
		if (entry->counts[i].depth == depth)
			return (int64_t)entry->counts[i].nodes;
	return -1;
}

/* ---- Parser state ------------------------------------------------------ */

/* One line being parsed: [s, end) without the line end. */
struct line {
	const char *start; /* first byte of the line, for columns */
	long number;
	struct vc_perftsuite_error *err;
};

enum { PARSE_OK = 0, PARSE_SYNTAX = -1, PARSE_NOMEM = -2 };

static int fail(const struct line *ln, const char *at, const char *message)
{
	if (ln->err) {
		ln->err->line = ln->number;
		ln->err->column = (int)(at - ln->start) + 1;
		ln->err->message = message;
	}
	return PARSE_SYNTAX;
}

static int nomem(const struct line *ln)
{
	if (ln->err) {
		ln->err->line = ln->number;
		ln->err->column = 1;
		ln->err->message = "out of memory";
	}
	return PARSE_NOMEM;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

static const char *skip_blanks(const char *s, const char *end)
{
	while (s < end && is_blank(*s))
		s++;
	return s;
}

static const char *trim_end(const char *s, const char *end)
{
	while (end > s && is_blank(end[-1]))
		end--;
	return end;
}

static char *dup_range(const char *s, const char *end)
{
	size_t n = (size_t)(end - s);
	char *p = malloc(n + 1);
	if (p) {
		memcpy(p, s, n);
		p[n] = '\0';
	}
	return p;
}

/* Unsigned decimal [s, end) into *out; false if empty, not all digits or
 * larger than `max`. */
static bool parse_u64(const char *s, const char *end, uint64_t max,
                      uint64_t *out)
{
	uint64_t v = 0;
	if (s == end)
		return false;
	for (; s < end; s++) {
		if (*s < '0' || *s > '9')
			return false;
		unsigned d = (unsigned)(*s - '0');
		if (v > (max - d) / 10)
			return false;
		v = v * 10 + d;
	}
	*out = v;
	return true;
}

static bool all_digits(const char *s, const char *end)
{
	if (s == end)
		return false;
	for (; s < end; s++)
		if (*s < '0' || *s > '9')
			return false;
	return true;
}

static int add_count(struct vc_perft_entry *e, const struct line *ln,
                     int depth, uint64_t nodes)
{
	struct vc_perft_count *c =
	        realloc(e->counts, (size_t)(e->ncounts + 1) * sizeof *c);
	if (!c)
		return nomem(ln);
	e->counts = c;
	c[e->ncounts].depth = depth;
	c[e->ncounts].nodes = nodes;
	e->ncounts++;
	return PARSE_OK;
}

/* Set *dst to the operand [s, end): "quoted" or bare. */
static int set_operand(char **dst, const struct line *ln, const char *s,
                       const char *end)
{
	s = skip_blanks(s, end);
	end = trim_end(s, end);
	if (s < end && *s == '"') {
		const char *q = memchr(s + 1, '"', (size_t)(end - s - 1));
		if (!q)
			return fail(ln, s, "unterminated string");
		if (skip_blanks(q + 1, end) != end)
			return fail(ln, q + 1, "text after string");
		s++;
		end = q;
	}
	if (s == end)
		return fail(ln, s, "missing operand");
	char *v = dup_range(s, end);
	if (!v)
		return nomem(ln);
	free(*dst);
	*dst = v;
	return PARSE_OK;
}

/* `D<depth> <count>`: the depth digits are [s, end) after 'D'. */
static int parse_depth_op(struct vc_perft_entry *e, const struct line *ln,
                          const char *op, const char *opend, const char *arg,
                          const char *end)
{
	uint64_t depth, nodes;
	if (!parse_u64(op + 1, opend, VC_PERFTSUITE_MAX_DEPTH, &depth))
		return fail(ln, op, "bad depth");
	arg = skip_blanks(arg, end);
	end = trim_end(arg, end);
	if (arg == end)
		return fail(ln, arg, "missing count");
	if (!parse_u64(arg, end, UINT64_MAX, &nodes))
		return fail(ln, arg, "bad count");
	return add_count(e, ln, (int)depth, nodes);
}

/* One EPD operation [s, end), ';' excluded. */
static int parse_operation(struct vc_perft_entry *e, const struct line *ln,
                           const char *s, const char *end)
{
	s = skip_blanks(s, end);
	end = trim_end(s, end);
	if (s == end)
		return PARSE_OK;
	const char *opend = s;
	while (opend < end && !is_blank(*opend))
		opend++;
	size_t oplen = (size_t)(opend - s);
	if ((*s == 'D' || *s == 'd') && oplen > 1 && all_digits(s + 1, opend))
		return parse_depth_op(e, ln, s, opend, opend, end);
	if (oplen == 7 && memcmp(s, "variant", 7) == 0)
		return set_operand(&e->variant, ln, opend, end);
	if (oplen == 2 && memcmp(s, "id", 2) == 0)
		return set_operand(&e->id, ln, opend, end);
	return PARSE_OK; /* an operation perft does not use */
}

/* The next FEN field: a run of bytes that are neither blank nor ';'. */
static const char *field_end(const char *s, const char *end)
{
	while (s < end && !is_blank(*s) && *s != ';')
		s++;
	return s;
}

/* A position [s, end): FEN fields then operations. Appends an entry that
 * takes ownership of *pending_id. */
static int parse_position(struct vc_perft_suite *suite, const struct line *ln,
                          const char *s, const char *end, char **pending_id)
{
	const char *fstart[6], *fend[6];
	int nf = 0;
	const char *p = skip_blanks(s, end);
	while (nf < 6 && p < end && *p != ';') {
		const char *q = field_end(p, end);
		/* fields 5 and 6 are optional and are the clocks: numbers */
		if (nf >= 4 && !all_digits(p, q))
			break;
		fstart[nf] = p;
		fend[nf] = q;
		nf++;
		p = skip_blanks(q, end);
	}
	if (nf < 4)
		return fail(ln, p, "a position needs 4 FEN fields");

	struct vc_perft_entry e;
	memset(&e, 0, sizeof e);
	e.line = ln->number;
	size_t n = 0;
	for (int i = 0; i < nf; i++)
		n += (size_t)(fend[i] - fstart[i]) + 1;
	e.fen = malloc(n);
	if (!e.fen)
		return nomem(ln);
	char *w = e.fen;
	for (int i = 0; i < nf; i++) {
		if (i)
			*w++ = ' ';
		memcpy(w, fstart[i], (size_t)(fend[i] - fstart[i]));
		w += fend[i] - fstart[i];
	}
	*w = '\0';

	/* Operations: split at ';' outside double quotes. */
	int rc = PARSE_OK;
	const char *op = p;
	bool quoted = false;
	for (; p <= end && rc == PARSE_OK; p++) {
		if (p < end && *p == '"')
			quoted = !quoted;
		if (p == end || (*p == ';' && !quoted)) {
			rc = parse_operation(&e, ln, op, p);
			op = p + 1;
		}
	}
	if (rc != PARSE_OK) {
		entry_release(&e);
		return rc;
	}
	if (*pending_id && !e.id) {
		e.id = *pending_id;
		*pending_id = NULL;
	}

	if (suite->count == suite->alloc_) {
		int na = suite->alloc_ ? suite->alloc_ * 2 : 64;
		struct vc_perft_entry *ne =
		        realloc(suite->entries, (size_t)na * sizeof *ne);
		if (!ne) {
			entry_release(&e);
			return nomem(ln);
		}
		suite->entries = ne;
		suite->alloc_ = na;
	}
	suite->entries[suite->count++] = e;
	return PARSE_OK;
}

static bool keyword(const char *s, const char *end, const char *kw,
                    const char **rest)
{
	size_t n = strlen(kw);
	if ((size_t)(end - s) < n || memcmp(s, kw, n) != 0)
		return false;
	if (s + n < end && !is_blank(s[n]))
		return false;
	*rest = s + n;
	return true;
}

/* *lost: the last position line had an error (so `perft` and `variant`
 * lines after it belong to no position read, and are passed over). */
static int parse_line(struct vc_perft_suite *suite, const struct line *ln,
                      const char *s, const char *end, char **pending_id, bool *lost)
{
	const char *rest;
	s = skip_blanks(s, end);
	end = trim_end(s, end);
	if (s == end || *s == '#')
		return PARSE_OK;

	if (keyword(s, end, "id", &rest)) {
		return set_operand(pending_id, ln, rest, end);
	} else if (keyword(s, end, "epd", &rest)) {
		int rc = parse_position(suite, ln, rest, end, pending_id);
		*lost = rc != PARSE_OK;
		return rc;
	} else if (*lost && (keyword(s, end, "perft", &rest) || keyword(s, end, "variant", &rest))) {
		return PARSE_OK;
	} else if (keyword(s, end, "perft", &rest)) {
		if (suite->count == 0)
			return fail(ln, s, "perft line before any position");
		struct vc_perft_entry *e = &suite->entries[suite->count - 1];
		rest = skip_blanks(rest, end);
		const char *dend = field_end(rest, end);
		uint64_t depth, nodes;
		if (!parse_u64(rest, dend, VC_PERFTSUITE_MAX_DEPTH, &depth))
			return fail(ln, rest, "bad depth");
		const char *c = skip_blanks(dend, end);
		if (c == end)
			return fail(ln, c, "missing count");
		if (!parse_u64(c, end, UINT64_MAX, &nodes))
			return fail(ln, c, "bad count");
		return add_count(e, ln, (int)depth, nodes);
	} else if (keyword(s, end, "variant", &rest)) {
		if (suite->count == 0)
			return fail(ln, s, "variant line before any position");
		return set_operand(&suite->entries[suite->count - 1].variant, ln,
		                   rest, end);
	}
	int rc = parse_position(suite, ln, s, end, pending_id);
	*lost = rc != PARSE_OK;
	return rc;
}

/* The line loop of both parse functions: on a syntax error, `on_error`
 * (if any) is told and reading goes on; without it reading stops there. */
static int parse_lines(struct vc_perft_suite *suite, const char *text, size_t len,
                       struct vc_perftsuite_error *err, vc_perftsuite_error_fn on_error,
                       void *ctx, int *nerrors)
{
	const char *p = text, *end = text + len;
	char *pending_id = NULL;
	struct vc_perftsuite_error local;
	struct line ln = { .start = p, .number = 0, .err = err ? err : &local };
	int rc = PARSE_OK;
	bool lost = false;

	if (len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
		p += 3;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = (size_t)((nl ? nl : end) - p);
		ln.start = p;
		ln.number++;
		if (n > 0 && p[n - 1] == '\r')
			n--;
		const char *lend = p + n;
		const char *nul = memchr(p, '\0', n);
		if (nul)
			rc = fail(&ln, nul, "NUL byte");
		else
			rc = parse_line(suite, &ln, p, lend, &pending_id, &lost);
		p = nl ? nl + 1 : end;
		if (rc == PARSE_SYNTAX && on_error) {
			on_error(ctx, ln.err);
			(*nerrors)++;
			/* an id before a faulty position names no position */
			free(pending_id);
			pending_id = NULL;
			rc = PARSE_OK;
			continue;
		}
		if (rc != PARSE_OK)
			break;
	}
	free(pending_id);
	return rc;
}

int vc_perftsuite_parse(struct vc_perft_suite *suite, const char *text,
                        size_t len, struct vc_perftsuite_error *err)
{
	int nerrors = 0;
	return parse_lines(suite, text, len, err, NULL, NULL, &nerrors);
}

int vc_perftsuite_parse_all(struct vc_perft_suite *suite, const char *text, size_t len,
                            vc_perftsuite_error_fn on_error, void *ctx)
{
	int nerrors = 0;
	struct vc_perftsuite_error err;
	int rc = parse_lines(suite, text, len, &err, on_error, ctx, &nerrors);
	return rc == PARSE_NOMEM ? -2 : nerrors;
}
