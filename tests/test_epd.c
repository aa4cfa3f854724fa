/* tests/test_epd.c - position files: sniffing (formats/epd.c), the
 * line-at-a-time reader (vc_epd_next) and the checker's position records
 * (lib/checker.c vc_checker_position). The expected records are worked out
 * by hand from the input bytes: line numbers, offsets and columns count
 * from the line's first byte, a BOM is not part of the first line. */
#include <criterion/criterion.h>

#include <string.h>

#include "checker.h"
#include "epd.h"

struct mem {
	const char *p;
	size_t n, step; /* bytes handed out per read (0: all) */
};

static size_t mem_read(void *ctx, char *buf, size_t n)
{
	struct mem *m = ctx;
	if (m->step && n > m->step)
		n = m->step;
	if (n > m->n)
		n = m->n;
	memcpy(buf, m->p, n);
	m->p += n;
	m->n -= n;
	return n;
}

struct seen {
	int n;
	uint64_t line[8], offset[8], index[8];
	int nerrors[8], nwarnings[8];
	enum vc_code first[8];
	uint64_t column[8];
	char raw[8][96];
	char fen[8][VC_FEN_MAX];
};

static int on_game(void *user, const struct vc_gc_game *g)
{
	struct seen *s = user;
	cr_assert_lt(s->n, 8);
	int i = s->n++;
	s->line[i] = g->line;
	s->offset[i] = g->offset;
	s->index[i] = g->index;
	s->nerrors[i] = g->nerrors;
	s->nwarnings[i] = g->nwarnings;
	s->first[i] = g->nfindings ? g->findings[0].code : VC_F_OK;
	s->column[i] = g->nfindings ? g->findings[0].column : 0;
	snprintf(s->raw[i], sizeof s->raw[i], "%.*s", (int)g->raw_len, g->raw ? g->raw : "");
	snprintf(s->fen[i], sizeof s->fen[i], "%s", g->final_fen);
	return 0;
}

/* Read text with reads of `step` bytes; one vc_epd_next call per record. */
static void read_all(const char *text, size_t len, size_t step, struct seen *s)
{
	memset(s, 0, sizeof *s);
	struct mem m = { text, len, step };
	struct vc_peek pk;
	vc_peek_init(&pk, mem_read, &m);
	cr_assert(vc_peek_is_epd(&pk));
	struct vc_gc_options go = { .rules = VC_RULES_FIDE };
	struct vc_checker c;
	cr_assert_eq(vc_checker_init(&c, &go, on_game, s), VC_F_OK);
	vc_checker_set_source(&c, "mem", NULL);
	struct vc_epd_reader er;
	cr_assert_eq(vc_epd_reader_init(&er, &pk, &c), VC_F_OK);
	int calls = 0;
	while (vc_epd_next(&er) == 1) {
		calls++;
		cr_assert_eq(calls, s->n, "one record per call");
	}
	cr_assert_eq(vc_epd_next(&er), 0, "the end stays the end");
	vc_epd_reader_release(&er);
	vc_checker_release(&c);
}

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"

Test(epd, lines_offsets_and_raw_bytes)
{
	/* BOM, a comment, CR LF, a blank line, an indented line, a last line
	 * without a line end */
	static const char text[] = "\xEF\xBB\xBF" START "\r\n"
	                           "# comment\n"
	                           "\n"
	                           "  8/8/8/8/8/8/8/K6k w - -\n"
	                           "k7/8/8/8/8/8/8/7K b - -";
	for (size_t step = 0; step <= 7; step += 7) {
		struct seen s;
		read_all(text, sizeof text - 1, step, &s);
		cr_assert_eq(s.n, 3);
		cr_assert_eq(s.line[0], 1);
		cr_assert_eq(s.offset[0], 3, "the BOM is not part of the line");
		cr_assert_str_eq(s.raw[0], START "\r\n");
		cr_assert_eq(s.nerrors[0], 0);
		cr_assert_eq(s.line[1], 4);
		cr_assert_eq(s.offset[1], 3 + strlen(START) + 2 + 10 + 1);
		cr_assert_str_eq(s.raw[1], "  8/8/8/8/8/8/8/K6k w - -\n");
		cr_assert_str_eq(s.fen[1], "8/8/8/8/8/8/8/K6k w - - 0 1");
		cr_assert_eq(s.line[2], 5);
		cr_assert_str_eq(s.raw[2], "k7/8/8/8/8/8/8/7K b - -\n", "a line end is added");
		cr_assert_eq(s.index[2], 3);
	}
}

Test(epd, findings_carry_their_columns)
{
	/* white has two kings: the error's column is where the FEN starts */
	static const char text[] = START "\n"
	                           "   KK6/8/8/8/8/8/8/7k w - -\n"
	                           START " trailing\n";
	struct seen s;
	read_all(text, sizeof text - 1, 0, &s);
	cr_assert_eq(s.n, 3);
	cr_assert_eq(s.nerrors[1], 1);
	cr_assert_eq(s.first[1], VC_F_FEN_TOO_MANY_KINGS);
	cr_assert_eq(s.nerrors[2], 0);
	cr_assert_eq(s.first[2], VC_F_FEN_TRAILING_TEXT);
	cr_assert_eq(s.column[2], strlen(START) + 2, "column of 'trailing'");
}

Test(epd, an_overlong_line_is_one_error_record)
{
	size_t n = VC_EPD_MAX_LINE + 100;
	char *text = malloc(n + 256);
	cr_assert_not_null(text);
	memcpy(text, START "\n", strlen(START) + 1);
	size_t at = strlen(START) + 1;
	memset(text + at, 'x', n);
	text[at + n] = '\n';
	memcpy(text + at + n + 1, START "\n", strlen(START) + 1);
	size_t len = at + n + 1 + strlen(START) + 1;
	struct seen s;
	read_all(text, len, 4096, &s);
	cr_assert_eq(s.n, 3);
	cr_assert_eq(s.first[1], VC_F_LIMIT_LINE);
	cr_assert_eq(s.column[1], VC_EPD_MAX_LINE + 1);
	cr_assert_eq(s.line[2], 3);
	cr_assert_eq(s.offset[2], at + n + 1);
	cr_assert_eq(s.nerrors[2], 0);
	free(text);
}

Test(epd, sniffing_pgn_and_binary)
{
	static const struct {
		const char *text;
		size_t len;
		bool pgn, epd;
	} cases[] = {
		{ "[Event \"x\"]\n", 12, true, false },
		{ "1. e4 e5 *\n", 11, true, false },
		{ START "\n", sizeof START, false, true },
		{ "\0\1\2\3binary", 10, false, false }, /* a NUL first: no PGN */
		{ "\x89PNG\r\n", 6, false, false },
		{ "", 0, true, false },                  /* empty counts as PGN */
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct mem m = { cases[i].text, cases[i].len, 0 };
		struct vc_peek pk;
		vc_peek_init(&pk, mem_read, &m);
		cr_assert_eq(vc_peek_is_pgn(&pk), cases[i].pgn, "case %zu", i);
		cr_assert_eq(vc_peek_is_epd(&pk), cases[i].epd, "case %zu", i);
	}
}
