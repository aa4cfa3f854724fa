/* Tests of formats/pgn_split: candidate game starts by the shape of the
 * lines, cuts that never split a CR LF, line counts as the PGN reader
 * counts, and the contract with the reader: at a candidate where a reader
 * of the bytes before it is at rest, a fresh reader started there gives
 * the whole stream's records. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pgn.h"
#include "pgn_split.h"

static bool start_in(const char *s, const char *at)
{
	return vc_pgn_game_start_at(s, (size_t)(strstr(s, at) - s));
}

Test(pgn_split, game_start_after_a_blank_line_in_every_line_end)
{
	cr_assert(start_in("1-0\n\n[E", "[E"));
	cr_assert(start_in("1-0\r\n\r\n[E", "[E"));
	cr_assert(start_in("1-0\n\r\n[E", "[E"));
	cr_assert(start_in("1-0\r\r[E", "[E"));
	cr_assert(start_in("1-0\n\r[E", "[E"));
	cr_assert(start_in("\n\n[E", "[E"));
	/* the start of the buffer is the caller's */
	cr_assert_not(vc_pgn_game_start_at("[E", 0));
	cr_assert_not(vc_pgn_game_start_at("\n[E", 1));
	/* not after a blank line, not at a line start, not a `[` */
	cr_assert_not(start_in("[A \"1\"]\n[E", "[E"));
	cr_assert_not(start_in("[A \"1\"]\r\n[E", "[E"));
	cr_assert_not(start_in("1-0\n\n x[E", "[E"));
	cr_assert_not(start_in("1-0\n\nx[E", "[E"));
	cr_assert_not(vc_pgn_game_start_at("1-0\n\n{", 5));
	/* the line's lead: the blanks the reader passes over (space, tab,
	 * VT, FF, BOM, no-break spaces UTF-8 and Latin-1, U+3000) */
	cr_assert(start_in("1-0\n\n [E", "[E"));
	cr_assert(start_in("1-0\n\n\t [E", "[E"));
	cr_assert(start_in("1-0\r\n\r\n\xef\xbb\xbf[E", "[E"));
	cr_assert(start_in("1-0\n\n\v\f\xc2\xa0\xa0\xe3\x80\x80 \xef\xbb\xbf\t[E", "[E"));
	/* not blanks: a `%` (an escape at column 1 only), a broken BOM, a
	 * character that is no space (U+2020), a word */
	cr_assert_not(start_in("1-0\n\n %[E", "[E"));
	cr_assert_not(start_in("1-0\n\n\xef\xbb[E", "[E"));
	cr_assert_not(start_in("1-0\n\n\xe2\x80\xa0[E", "[E"));
	cr_assert_not(start_in("1-0\n\n\xef\xbb\xbf \xef\xbb\xbf x [E", "[E"));
	/* a blank line written CR CR LF: the line before is blank */
	cr_assert(start_in("1-0\r\r\n[E", "[E"));
}

/* vc_pgn_first_start against the byte-wise rule of vc_pgn_line_scan fed
 * the whole stream (the oracle): at every block start what it finds is a
 * start by that rule; and the starts a block can judge are found. */
Test(pgn_split, first_start_in_a_block_is_a_start_of_the_line_rule)
{
	const char *s = "[Event \"a\"]\n\n1. e4 {x\n\n[Event \"in\"]\n1-0\n[Site \"y\"]\n} 1-0\n"
	                "[Event \"b\"]\r\n\r\n1. d4 *\r\n%% esc [x\r\n[Event \"c\"]\n\n"
	                "1. c4 0-1 \t\n%%\n%% two\n[Event \"d\"]\n[Site \"z\"]\n\n1. e4 1/2-1/2\n\n"
	                "[Event \"e\"]\r\r[Event \"f\"]\n1. e4 e5\n[Event \"g\"]\n";
	size_t n = strlen(s);
	bool *is = calloc(n, sizeof *is);
	cr_assert(is);
	struct vc_pgn_line_scan l = { .at_start = true, .prev_blank = true };
	for (size_t i = 0; i < n; i++)
		is[i] = vc_pgn_line_scan_feed(&l, s[i]);
	size_t found = 0;
	for (size_t k = 1; k < n; k++) {
		size_t r = vc_pgn_first_start(s, k, s + k, n - k);
		cr_assert_leq(r, n - k);
		if (r < n - k) {
			size_t b = k + r; /* the line's start: its `[` after the lead */
			while (s[b] != '[')
				b++;
			cr_assert(is[b], "block at %zu: %zu is no game start", k, k + r);
			found++;
		}
	}
	cr_assert_gt(found, 0);
	/* each kind of start, from a block that holds the line before it */
	const char *kinds[] = { "[Event \"b\"]", "[Event \"c\"]", "[Event \"d\"]", "[Event \"f\"]" };
	for (int i = 0; i < 4; i++) {
		size_t at = (size_t)(strstr(s, kinds[i]) - s);
		/* the block starts 4 lines back: the lines that decide (the
		 * `%` lines and the one before them) lie in it */
		size_t k = at - 1;
		for (int lines = 0; k > 0 && lines < 4; k--)
			if (s[k - 1] == '\n' || s[k - 1] == '\r')
				lines++;
		size_t r = vc_pgn_first_start(s, k, s + k, n - k);
		cr_assert(k + r <= at, "%s passed over from %zu (found %zu)", kinds[i], k, k + r);
	}
	/* the blank line across the boundary; none at a stream's start */
	cr_assert_eq(vc_pgn_first_start("1-0\n", 4, "\n[E", 3), 1);
	cr_assert_eq(vc_pgn_first_start("1-0\n\n", 5, "[E", 2), 0);
	cr_assert_eq(vc_pgn_first_start("", 0, "[E", 2), 2);
	cr_assert_eq(vc_pgn_first_start("x", 1, "\n[E", 3), 3);
	/* "[" inside a line, or after a line that ends with a move */
	cr_assert_eq(vc_pgn_first_start("\n", 1, "a [E\n1. e4\n[E", 14), 14);
	free(is);
}

Test(pgn_split, next_cut_finds_the_first_candidate_in_range)
{
	static const char s[] = "[A \"x\"]\n[B \"y\"]\n\n1. e4 [%clk 1]\n\n[C \"z\"]\n\n[D \"w\"]\n";
	size_t n = sizeof s - 1;
	size_t c = (size_t)(strstr(s, "[C") - s), d = (size_t)(strstr(s, "[D") - s);
	cr_assert_eq(vc_pgn_next_cut(s, 0, n), c);
	cr_assert_eq(vc_pgn_next_cut(s, c, n), c, "a candidate at `from` counts");
	cr_assert_eq(vc_pgn_next_cut(s, c + 1, n), d);
	cr_assert_eq(vc_pgn_next_cut(s, 0, c), c, "`to` itself is not looked at");
	cr_assert_eq(vc_pgn_next_cut(s, d + 1, n), n, "none: `to`");
	cr_assert_eq(vc_pgn_next_cut(s, n, n), n);
	cr_assert_eq(vc_pgn_next_cut(s, n, c), c, "from past to: to");
}

Test(pgn_split, a_buffer_without_game_start_gets_a_plain_cut_off_any_cr_lf)
{
	/* one long game: movetext only, CR LF line ends, no blank line */
	char b[400];
	size_t n = 0;
	for (int i = 1; n + 16 < sizeof b; i++)
		n += (size_t)snprintf(b + n, sizeof b - n, "%d. e4 e5\r\n", i);
	cr_assert_eq(vc_pgn_next_cut(b, 0, n), n);
	for (size_t at = 1; at < n; at++) {
		size_t cut = vc_pgn_plain_cut(b, at);
		if (b[at - 1] == '\r' && b[at] == '\n')
			cr_assert_eq(cut, at - 1);
		else
			cr_assert_eq(cut, at);
		/* the two pieces count the lines of the whole */
		cr_assert_eq(vc_pgn_count_lines(b, cut) + vc_pgn_count_lines(b + cut, n - cut),
		             vc_pgn_count_lines(b, n), "cut at %zu", cut);
	}
}

/* Line ends one byte at a time, as pgn.h defines them. */
static uint64_t lines_ref(const char *p, size_t n)
{
	uint64_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (p[i] == '\n' || (p[i] == '\r' && (i + 1 == n || p[i + 1] != '\n')))
			k++;
	return k;
}

Test(pgn_split, count_lines_equals_the_byte_wise_count)
{
	/* lengths and alignments across the 64-byte vector steps, with and
	 * without CRs, a CR LF straddling a step, a CR last */
	static const char alphabet[] = "\n\r[a \n";
	char *buf = malloc(1024 + 64);
	cr_assert_not_null(buf);
	unsigned seed = 12345;
	for (int round = 0; round < 400; round++) {
		size_t n = (size_t)(round * 7 % 1024);
		size_t align = (size_t)round % 64;
		char *p = buf + align;
		bool crs = round % 3 != 0;
		for (size_t i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			size_t k = (seed >> 16) % (sizeof alphabet - 1);
			p[i] = alphabet[k] == '\r' && !crs ? 'x' : alphabet[k];
		}
		if (round % 5 == 0 && n >= 66) {
			p[63] = '\r';
			p[64] = '\n';
		}
		if (round % 7 == 0 && n)
			p[n - 1] = '\r';
		cr_assert_eq(vc_pgn_count_lines(p, n), lines_ref(p, n), "round %d, %zu bytes", round,
		             n);
	}
	cr_assert_eq(vc_pgn_count_lines("", 0), 0);
	cr_assert_eq(vc_pgn_count_lines("\r\n\r\r\n\n", 6), 4);
	free(buf);
}

/* ---- The contract with the reader ---------------------------------------- */

/* Every event with its position, one line each. */
struct events {
	char text[16384];
	size_t len;
};

static void ev(struct events *e, const char *what, const struct vc_loc *l)
{
	int n = snprintf(e->text + e->len, sizeof e->text - e->len, "%s @%llu %llu:%llu\n", what,
	                 (unsigned long long)l->offset, (unsigned long long)l->line,
	                 (unsigned long long)l->column);
	cr_assert(n > 0 && (size_t)n < sizeof e->text - e->len);
	e->len += (size_t)n;
}

static int ev_begin(void *u, const struct vc_pgn_game *g)
{
	ev(u, "begin", &g->start);
	return 0;
}

static int ev_end(void *u, const struct vc_pgn_game *g)
{
	ev(u, "end", &g->end);
	return 0;
}

static int ev_tag(void *u, const char *name, const char *value, size_t n,
                  const struct vc_loc *loc)
{
	(void)value;
	(void)n;
	ev(u, name, loc);
	return 0;
}

static int ev_move(void *u, const struct vc_move_token *m)
{
	ev(u, m->text, &m->loc);
	return 0;
}

static int ev_finding(void *u, enum vc_code code, const char *msg, const struct vc_loc *loc)
{
	(void)msg;
	ev(u, vc_code_word(code), loc);
	return 0;
}

/* s[0, len) lent in one piece to a reader starting at (off, line);
 * returns whether the reader was at rest when the bytes ran out. */
struct lend1 {
	const char *s;
	size_t len;
	bool given;
	struct vc_pgn_reader *r;
	bool at_rest;
};

static size_t lend1(void *ctx, const char **data)
{
	struct lend1 *l = ctx;
	if (l->given || !l->len) {
		l->at_rest = vc_pgn_reader_at_rest(l->r);
		return 0;
	}
	l->given = true;
	*data = l->s;
	return l->len;
}

static bool read_piece(const char *s, size_t len, uint64_t off, uint64_t line, struct events *e)
{
	struct vc_pgn_visitor v = {
		.user = e, .begin_game = ev_begin, .end_game = ev_end, .tag = ev_tag,
		.move = ev_move, .error = ev_finding, .warning = ev_finding,
	};
	struct vc_pgn_options o;
	memset(&o, 0, sizeof o);
	o.start_offset = off;
	o.start_line = line;
	struct vc_pgn_reader r;
	struct lend1 l = { s, len, false, &r, false };
	cr_assert_eq(vc_pgn_reader_init_borrow(&r, lend1, &l, &v, &o), 0);
	vc_pgn_read(&r);
	vc_pgn_reader_release(&r);
	return l.at_rest;
}

/* A fresh reader started at the cut c (the reader of the bytes before at
 * rest, head holding what it read) reads what the whole stream read from
 * the game that begins at b (its `[`) on, with the whole stream's offsets,
 * lines and columns; and head's records are the whole's before it. */
static void assert_cut_reads_as_whole(const char *s, size_t n, size_t c, size_t b,
				      const struct events *whole, const struct events *head,
				      const char *what)
{
	static struct events tail;
	memset(&tail, 0, sizeof tail);
	read_piece(s + c, n - c, c, 1 + vc_pgn_count_lines(s, c), &tail);
	char key[64];
	snprintf(key, sizeof key, "begin @%zu ", b);
	const char *from = strstr(whole->text, key);
	cr_assert_not_null(from, "the whole stream starts a game at %zu", b);
	cr_assert_str_eq(tail.text, from, "read from %s", what);
	cr_assert_eq(strncmp(whole->text, head->text, head->len), 0);
	cr_assert_eq((size_t)(from - whole->text), head->len);
}

/* Candidates that are game boundaries, and candidates that are not: in a
 * comment, a variation, a tag value broken over lines, after a game
 * without a result; after an escape line; in LF, CR LF and CR files. */
static const char tricky[] =
	"[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 {a comment\n\n[Event \"in a comment\"]\n} e5 1-0\n\n"
	"[Event \"b\"]\r\n\r\n1. d4 (1. c4\r\n\r\n[Event \"in a variation\"]\r\n) d5 *\r\n\r\n"
	"%escape line\n\n[Event \"c\"]\r\r1. Nf3 *\r\r"
	"[Event \"d\"]\n[Annotator \"two\n\n[lines\"]\n\n1. e4 *\n\n"
	"[Event \"e\"]\n\n1. e4 e5\n\n[Event \"f\"]\n\n1. d4 *\n";

Test(pgn_split, a_fresh_reader_at_a_candidate_at_rest_reads_as_the_whole)
{
	const char *s = tricky;
	size_t n = sizeof tricky - 1;
	static const struct {
		const char *at;
		bool rest;
	} want[] = {
		{ "[Event \"in a comment\"]", false },
		{ "[Event \"b\"]", true },
		{ "[Event \"in a variation\"]", false },
		{ "[Event \"c\"]", true },
		{ "[Event \"d\"]", true },
		{ "[lines", false },
		{ "[Event \"e\"]", true },
		{ "[Event \"f\"]", false }, /* game e has no result */
	};
	static struct events whole, head;
	memset(&whole, 0, sizeof whole);
	read_piece(s, n, 0, 0, &whole);
	size_t c = 0;
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		c = vc_pgn_next_cut(s, c, n);
		cr_assert_eq(c, (size_t)(strstr(s, want[i].at) - s), "candidate %zu", i);
		memset(&head, 0, sizeof head);
		bool rest = read_piece(s, c, 0, 0, &head);
		cr_assert_eq(rest, want[i].rest, "at rest before %s", want[i].at);
		if (rest)
			assert_cut_reads_as_whole(s, n, c, c, &whole, &head, want[i].at);
		c++;
	}
	cr_assert_eq(vc_pgn_next_cut(s, c, n), n, "no more candidates");
}

/* ---- Leads: the blanks before a `[` ----------------------------------------- */

/* Games whose `[Event` lines begin with the blanks the reader passes over
 * (files joined by cat: a BOM mid-file; indented tags), a second tag on
 * the line so that columns count, in LF, CR LF and CR files. */
static const char leads[] =
	"[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n"
	"\xef\xbb\xbf[Event \"bom\"] [Site \"x\"]\n\n1. d4 d5 0-1\n\n"
	"  [Event \"spaces\"] [Site \"y\"]\r\n\r\n1. c4 *\r\n\r\n"
	"\t\xc2\xa0[Event \"tab nbsp\"] [Site \"z\"]\r\r1. Nf3 *\r\r"
	" \xef\xbb\xbf \xe3\x80\x80[Event \"mixed\"]\n\n1. e4 {\n\n  [Event \"in a comment\"]\n} *\n"
	"1-0 [Event \"after a result, in a line\"]\n\n1. g3 *\n"
	"[Event \"n\"]\n\n1. e4 e5\n\xc2\xa0\x0b\xe3\x80\x80\n"
	"[Event \"after a line of other blanks\"]\n\n1. d4 d5\n\xc2\xa0" "1-0\r\n"
	"[Event \"after a result led by nbsp\"]\n\n1. c4 *\n"
	"[Event \"p\"]\n\n1. e4\n\xe3\x80\n[Event \"after a cut blank\"]\n\n1. d4 *\n";

/* The `[` of the candidate line at s[ls]. */
static size_t bracket(const char *s, size_t ls)
{
	return (size_t)(strchr(s + ls, '[') - s);
}

/* The finders agree on every candidate: next_cut (line starts), the
 * byte-wise line scan (their `[`), first_start from every block start
 * that holds the line before; game_start_at on each `[`; and a fresh
 * reader at each candidate where the reader of the bytes before is at
 * rest reads as the whole stream (offsets, lines, columns), the lead's
 * BOM included (3 columns, as one reader counts it mid-file). */
Test(pgn_split, leads_of_blanks_are_one_rule_for_every_finder_and_the_reader)
{
	const char *s = leads;
	size_t n = sizeof leads - 1;
	static const struct {
		const char *at;
		bool rest;   /* the reader of the bytes before is at rest */
		bool starts; /* the reader of the whole starts a game there */
	} want[] = {
		{ "[Event \"bom\"]", true, true },
		{ "[Event \"spaces\"]", true, true },
		{ "[Event \"tab nbsp\"]", true, true },
		{ "[Event \"mixed\"]", true, true },
		{ "[Event \"in a comment\"]", false, false },
		{ "[Event \"n\"]", true, true },
		{ "[Event \"after a line of other blanks\"]", false, true }, /* n has no result */
		{ "[Event \"after a result led by nbsp\"]", true, true },
		{ "[Event \"p\"]", true, true },
		/* then "after a cut blank": no candidate (the line before holds
		 * the start of a blank cut by its end: not blank) */
	};
	bool *is = calloc(n, sizeof *is);
	cr_assert(is);
	struct vc_pgn_line_scan l = { .at_start = true, .prev_blank = true };
	for (size_t i = 0; i < n; i++)
		is[i] = vc_pgn_line_scan_feed(&l, s[i]);
	static struct events whole, head;
	memset(&whole, 0, sizeof whole);
	read_piece(s, n, 0, 0, &whole);
	size_t c = 0, found = 0;
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		c = vc_pgn_next_cut(s, c, n);
		size_t b = bracket(s, c);
		cr_assert_eq(b, (size_t)(strstr(s, want[i].at) - s), "candidate %zu", i);
		cr_assert(s[c - 1] == '\n' || s[c - 1] == '\r', "%s: a line's start", want[i].at);
		cr_assert(is[b], "the line scan passes over %s", want[i].at);
		cr_assert(vc_pgn_game_start_at(s, b));
		cr_assert_not(vc_pgn_game_start_at(s, c) && c != b);
		/* first_start from the line before's start, and from inside
		 * the lead (no candidate of that block: the line began before) */
		size_t k = c - 1; /* the line end before the candidate's line */
		if (k > 0 && s[k] == '\n' && s[k - 1] == '\r')
			k--;
		while (k > 0 && s[k - 1] != '\n' && s[k - 1] != '\r')
			k--;
		k = k > 1 ? k - 1 : 0; /* from the line end before it */
		if (s[k] == '\n' && k > 0 && s[k - 1] == '\r')
			k--;
		cr_assert_eq(k + vc_pgn_first_start(s, k, s + k, n - k), c, "%s from %zu", want[i].at, k);
		for (size_t m = c + 1; m <= b; m++)
			cr_assert_neq(m + vc_pgn_first_start(s, m, s + m, n - m), c);
		memset(&head, 0, sizeof head);
		bool rest = read_piece(s, c, 0, 0, &head);
		cr_assert_eq(rest, want[i].rest, "at rest before %s", want[i].at);
		char key[64];
		snprintf(key, sizeof key, "begin @%zu ", b);
		cr_assert_eq(strstr(whole.text, key) != NULL, want[i].starts, "the reader and %s", want[i].at);
		if (rest)
			assert_cut_reads_as_whole(s, n, c, b, &whole, &head, want[i].at);
		found++;
		c++;
	}
	cr_assert_eq(vc_pgn_next_cut(s, c, n), n, "no more candidates (a `[` in a line is none)");
	size_t scanned = 0; /* the stream's start is the caller's */
	for (size_t i = 1; i < n; i++)
		scanned += is[i];
	cr_assert_eq(scanned, found, "the line scan finds the candidates, no more");
	free(is);
}
