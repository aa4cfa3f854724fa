/* PGN reader pieces that validate -j relies on: zero-copy input
 * (vc_pgn_reader_init_borrow), starting at a stream offset and line, and
 * vc_pgn_reader_at_rest. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "pgn.h"

/* Everything the visitor is told, as text with positions. */
struct log {
	char text[8192];
	size_t len;
};

static void say(struct log *l, const char *fmt, const struct vc_pgn_loc *loc, const char *what)
{
	int n = snprintf(l->text + l->len, sizeof l->text - l->len, fmt,
	                 (unsigned long long)loc->offset, (unsigned long long)loc->line,
	                 (unsigned long long)loc->column, what);
	if (n > 0)
		l->len += (size_t)n;
}

static int on_begin(void *u, const struct vc_pgn_game *g)
{
	say(u, "begin %llu %llu:%llu%s\n", &g->start, "");
	return 0;
}

static int on_end(void *u, const struct vc_pgn_game *g)
{
	say(u, "end %llu %llu:%llu%s\n", &g->end, "");
	return 0;
}

static int on_tag(void *u, const char *name, const char *value, size_t n,
                  const struct vc_pgn_loc *loc)
{
	(void)n;
	char b[200];
	snprintf(b, sizeof b, " %s=%s", name, value);
	say(u, "tag %llu %llu:%llu%s\n", loc, b);
	return 0;
}

static int on_move(void *u, const struct vc_pgn_move *m)
{
	say(u, "move %llu %llu:%llu %s\n", &m->loc, m->text);
	return 0;
}

static int on_finding(void *u, enum vc_pgn_code code, const char *msg,
                      const struct vc_pgn_loc *loc)
{
	(void)msg;
	say(u, "finding %llu %llu:%llu %s\n", loc, vc_pgn_code_word(code));
	return 0;
}

static const struct vc_pgn_visitor logger = {
	.begin_game = on_begin, .end_game = on_end, .tag = on_tag, .move = on_move,
	.error = on_finding, .warning = on_finding,
};

/* Lends data[0, len) in pieces of `piece` bytes; at the end, records
 * whether the reader was at rest. */
struct lender {
	const char *data;
	size_t len, pos, piece;
	struct vc_pgn_reader *r;
	int at_rest; /* -1 not asked */
};

static size_t lend(void *ctx, const char **data)
{
	struct lender *l = ctx;
	if (l->pos >= l->len) {
		if (l->at_rest < 0)
			l->at_rest = vc_pgn_reader_at_rest(l->r);
		return 0;
	}
	size_t k = l->len - l->pos < l->piece ? l->len - l->pos : l->piece;
	*data = l->data + l->pos;
	l->pos += k;
	return k;
}

/* Read s with a borrowing reader starting at (off, line); returns whether
 * it was at rest at the end, logs into lg. */
static int read_lent(const char *s, size_t len, size_t piece, uint64_t off, uint64_t line,
                     struct log *lg)
{
	struct vc_pgn_reader r;
	struct vc_pgn_visitor v = logger;
	v.user = lg;
	struct vc_pgn_options o;
	memset(&o, 0, sizeof o);
	o.start_offset = off;
	o.start_line = line;
	struct lender l = { s, len, 0, piece, &r, -1 };
	cr_assert_eq(vc_pgn_reader_init_borrow(&r, lend, &l, &v, &o), 0);
	vc_pgn_read(&r);
	vc_pgn_reader_release(&r);
	return l.at_rest;
}

static const char two[] =
	"\xef\xbb\xbf[Event \"a\"]\r\n[Result \"1-0\"]\r\n\r\n1. e4 {x\r\ny} e5 1-0\r\n\r\n"
	"[Event \"b\"]\r[Result \"*\"]\r\r1. d4 d5 *\r\r"
	"[Event \"c\"]\n\n1. Nf3 *\n";

Test(pgn_chunks, borrow_in_any_pieces_reads_as_memory)
{
	struct log whole = { .len = 0 }, lent;
	struct vc_pgn_visitor v = logger;
	v.user = &whole;
	vc_pgn_parse_memory(two, sizeof two - 1, &v, NULL);
	cr_assert_gt(whole.len, 0);
	for (size_t piece = 1; piece < 40; piece += 3) {
		memset(&lent, 0, sizeof lent);
		read_lent(two, sizeof two - 1, piece, 0, 0, &lent);
		cr_assert_str_eq(lent.text, whole.text, "pieces of %zu", piece);
	}
}

Test(pgn_chunks, reader_started_at_a_cut_reports_whole_stream_positions)
{
	/* the whole stream's events from the second game on equal those of a
	 * reader started at the second game's offset and line */
	struct log whole = { .len = 0 }, tail = { .len = 0 };
	struct vc_pgn_visitor v = logger;
	v.user = &whole;
	vc_pgn_parse_memory(two, sizeof two - 1, &v, NULL);
	const char *cut = strstr(two, "[Event \"b\"]");
	size_t off = (size_t)(cut - two);
	/* six CR LF before it (the comment's included): line 7 */
	read_lent(cut, sizeof two - 1 - off, 7, off, 7, &tail);
	const char *from = strstr(whole.text, "begin ");
	from = strstr(from + 1, "begin ");
	cr_assert_not_null(from);
	cr_assert_str_eq(tail.text, from);
}

static int rest_after(const char *s)
{
	struct log lg = { .len = 0 };
	return read_lent(s, strlen(s), 5, 0, 0, &lg);
}

Test(pgn_chunks, at_rest_only_between_games)
{
	cr_assert_eq(rest_after(""), 1);
	cr_assert_eq(rest_after("[Event \"a\"]\n\n1. e4 e5 1-0\n\n"), 1);
	cr_assert_eq(rest_after("[Event \"a\"]\n\n1. e4 e5 1-0 {after}\n\n"), 1);
	cr_assert_eq(rest_after("%escape\n\n"), 1);
	/* inside a comment, a game without a result, a tag section */
	cr_assert_eq(rest_after("[Event \"a\"]\n\n1. e4 {open\n\n"), 0);
	cr_assert_eq(rest_after("[Event \"a\"]\n\n1. e4 e5\n\n"), 0);
	cr_assert_eq(rest_after("[Event \"a\"]\n\n"), 0);
	cr_assert_eq(rest_after("1. e4 (1. d4 1-0\n\n"), 0);
}
