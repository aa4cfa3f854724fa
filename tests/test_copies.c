/* Each game's share of the input (struct vc_pgn_game copy_end, pgn.h),
 * which validate --valid-out/--invalid-out cut the input at: the shares
 * cover the input, in order, without a gap or an overlap, the bytes
 * between games going with the game after them; and they are the same
 * whatever the read buffer's size, through borrowed pieces, and when the
 * input is cut where vc_pgn_reader_at_rest allows it (-j N's chunks,
 * vc_pgn_reader_cut). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pgn.h"

#define MAXG 256

struct shares {
	uint64_t start[MAXG], end[MAXG]; /* game's first token; copy_end */
	int n;
};

static int on_end(void *u, const struct vc_pgn_game *g)
{
	struct shares *s = u;
	cr_assert_lt(s->n, MAXG);
	s->start[s->n] = g->start.offset;
	s->end[s->n] = g->copy_end;
	s->n++;
	return 0;
}

static struct shares read_all(const char *in, size_t len, size_t bufsize)
{
	struct shares s = { .n = 0 };
	struct vc_pgn_visitor v = { .user = &s, .end_game = on_end };
	struct vc_pgn_options o = { .buffer_size = bufsize };
	cr_assert_eq(vc_pgn_parse_memory(in, len, &v, &o), VC_PGN_DONE);
	return s;
}

/* Every byte in exactly one share, each share holding its game. */
static void assert_cover(const struct shares *s, size_t len)
{
	uint64_t prev = 0;
	for (int i = 0; i < s->n; i++) {
		cr_assert_gt(s->end[i], s->start[i], "game %d: share ends at %llu, before its start",
		             i + 1, (unsigned long long)s->end[i]);
		cr_assert_geq(s->start[i], prev, "game %d starts in the share before it", i + 1);
		prev = s->end[i];
	}
	cr_assert_eq(prev, len, "the last share ends at %llu of %zu bytes", (unsigned long long)prev,
	             len);
}

/* A file with every oddity: a BOM and `%` lines before the first game,
 * CR LF and lone CR line ends, games without blank lines between them,
 * lone results, junk between games, blanks after a result, a comment
 * after a result, trailing bytes after the last game. */
static const char odd[] =
	"\xEF\xBB\xBF% exported by a tool\n"
	"[Event \"a\"]\n[Result \"*\"]\n\n1. e4 e5 *\n"   /* ends at 42, line end to 43 */
	"\n% between\n\n"
	"[Event \"b\"]\r\n[Result \"1-0\"]\r\n\r\n1. e4 1-0 {mate}  \r\n" /* CR LF kept */
	"[Event \"c\"]\r[Result \"*\"]\r\r1. d4 *\r"
	"1-0\n0-1 "
	"*\n"
	"junk </p>\n"
	"[Event \"d\"]\n[Result \"*\"]\n1. e4 *\n[Event \"e\"]\n[Result \"*\"]\n1. c4 *"
	"   \n\n% the end\n  ";

Test(copies, shares_cover_the_input_between_games_with_the_next)
{
	size_t len = sizeof odd - 1;
	struct shares s = read_all(odd, len, 0);
	assert_cover(&s, len);
	cr_assert_eq(s.n, 9); /* a, b, c, three lone results, the junk, d, e */
	/* the first game's share starts at 0 (BOM, `%` line), ends after the
	 * line end of its last line */
	const char *a = strstr(odd, "e5 *\n");
	cr_assert_eq(s.end[0], (uint64_t)(a - odd) + 5);
	/* blanks and CR LF after the comment after the result */
	const char *b = strstr(odd, "{mate}  \r\n");
	cr_assert_eq(s.end[1], (uint64_t)(b - odd) + 10);
	/* a lone CR */
	const char *c = strstr(odd, "d4 *\r");
	cr_assert_eq(s.end[2], (uint64_t)(c - odd) + 5);
	/* "0-1 *": no line end after 0-1, the blank goes with `*` */
	const char *d = strstr(odd, "0-1 *");
	cr_assert_eq(s.end[4], (uint64_t)(d - odd) + 3);
	/* the last game takes the trailing blank lines, `%` line and blanks */
	cr_assert_eq(s.end[8], len);
}

Test(copies, shares_do_not_depend_on_the_buffer_size)
{
	size_t len = sizeof odd - 1;
	struct shares whole = read_all(odd, len, 0);
	for (size_t b = 1; b <= 80; b++) {
		struct shares s = read_all(odd, len, b);
		cr_assert_eq(s.n, whole.n, "buffer %zu", b);
		for (int i = 0; i < s.n; i++)
			cr_assert_eq(s.end[i], whole.end[i], "buffer %zu, game %d: %llu, not %llu", b,
			             i + 1, (unsigned long long)s.end[i],
			             (unsigned long long)whole.end[i]);
	}
}

Test(copies, no_game_no_share_and_a_game_alone_takes_all)
{
	struct shares s = read_all("\n% nothing\n\n", 12, 0);
	cr_assert_eq(s.n, 0);
	static const char one[] = "\xEF\xBB\xBF\n\n1. e4 *\n\n\n";
	s = read_all(one, sizeof one - 1, 3);
	cr_assert_eq(s.n, 1);
	cr_assert_eq(s.end[0], sizeof one - 1);
}

/* Pieces lent to a reader that may be cut: as validate -j's jobs read
 * chunks, each piece a chunk; the reader stops at the end of a piece when
 * it is at rest there and the next piece starts with a `[` (and says so
 * with vc_pgn_reader_cut); a fresh reader goes on at that piece. */
struct cutter {
	const char *s;
	size_t len, piece, pos;
	struct vc_pgn_reader *rd;
	bool lent;
};

static size_t lend_cut(void *ctx, const char **data)
{
	struct cutter *c = ctx;
	if (c->pos >= c->len)
		return 0;
	if (c->lent && c->pos % c->piece == 0 && c->s[c->pos] == '[' &&
	    (c->s[c->pos - 1] == '\n' || c->s[c->pos - 1] == '\r') &&
	    vc_pgn_reader_at_rest(c->rd)) {
		vc_pgn_reader_cut(c->rd);
		return 0;
	}
	size_t n = c->piece - c->pos % c->piece;
	if (n > c->len - c->pos)
		n = c->len - c->pos;
	*data = c->s + c->pos;
	c->pos += n;
	c->lent = true;
	return n;
}

static struct shares read_cut(const char *in, size_t len, size_t piece, int *readers)
{
	struct shares s = { .n = 0 };
	struct vc_pgn_visitor v = { .user = &s, .end_game = on_end };
	struct cutter c = { .s = in, .len = len, .piece = piece };
	*readers = 0;
	while (c.pos < len) {
		struct vc_pgn_reader rd;
		struct vc_pgn_options o = { .start_offset = c.pos };
		cr_assert_eq(vc_pgn_reader_init_borrow(&rd, lend_cut, &c, &v, &o), 0);
		c.rd = &rd;
		c.lent = false;
		cr_assert_eq(vc_pgn_read(&rd), VC_PGN_DONE);
		vc_pgn_reader_release(&rd);
		++*readers;
	}
	return s;
}

Test(copies, a_cut_input_has_the_shares_of_the_whole)
{
	/* games separated by blank lines and `%` lines, so that a cut leaves
	 * bytes between the last game of one reader and the cut */
	static const char games[] =
		"[Event \"1\"]\n[Result \"*\"]\n\n1. e4 *\n\n\n"
		"[Event \"2\"]\n[Result \"*\"]\n\n1. d4 * \n% x\n\n"
		"[Event \"3\"]\r\n[Result \"*\"]\r\n\r\n1. c4 *\r\n\r\n"
		"[Event \"4\"]\n[Result \"*\"]\n\n1. Nf3 *\n\n";
	size_t len = sizeof games - 1;
	struct shares whole = read_all(games, len, 0);
	assert_cover(&whole, len);
	int most = 0;
	for (size_t piece = 1; piece <= len; piece++) {
		int readers;
		struct shares s = read_cut(games, len, piece, &readers);
		if (readers > most)
			most = readers;
		cr_assert_eq(s.n, whole.n, "piece %zu", piece);
		for (int i = 0; i < s.n; i++)
			cr_assert_eq(s.end[i], whole.end[i], "piece %zu, game %d: %llu, not %llu", piece,
			             i + 1, (unsigned long long)s.end[i],
			             (unsigned long long)whole.end[i]);
	}
	cr_assert_geq(most, 4, "the input was cut at every game (%d readers)", most);
}
