/* PGN reader pieces that validate -j relies on: zero-copy input
 * (vc_pgn_reader_init_borrow), starting at a stream offset and line, and
 * vc_pgn_reader_at_rest. */
#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "pgn.h"

/* Everything the visitor is told, as text with positions. */
struct log {
	char text[8192];
	size_t len;
};

static void say(struct log *l, const char *fmt, const struct vc_loc *loc, const char *what)
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
                  const struct vc_loc *loc)
{
	(void)n;
	char b[200];
	snprintf(b, sizeof b, " %s=%s", name, value);
	say(u, "tag %llu %llu:%llu%s\n", loc, b);
	return 0;
}

static int on_move(void *u, const struct vc_move_token *m)
{
	say(u, "move %llu %llu:%llu %s\n", &m->loc, m->text);
	return 0;
}

static int on_finding(void *u, enum vc_code code, const char *msg,
                      const struct vc_loc *loc)
{
	(void)msg;
	say(u, "finding %llu %llu:%llu %s\n", loc, vc_code_word(code));
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

/* ---- The fast paths (fast_movetext, fast_tag) against the byte-wise path -- */

/* Every argument of every call, one line each. */
struct biglog {
	char *text;
	size_t len, cap;
};

static void bl_add(struct biglog *l, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	cr_assert(n >= 0);
	if (l->len + (size_t)n + 1 > l->cap) {
		l->cap = 2 * (l->len + (size_t)n + 1);
		l->text = realloc(l->text, l->cap);
		cr_assert_not_null(l->text);
	}
	va_start(ap, fmt);
	vsnprintf(l->text + l->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	l->len += (size_t)n;
}

#define LOCF "%llu/%llu:%llu"
#define LOCA(l) (unsigned long long)(l)->offset, (unsigned long long)(l)->line, \
	(unsigned long long)(l)->column

static int bl_begin(void *u, const struct vc_pgn_game *g)
{
	bl_add(u, "begin " LOCF "\n", LOCA(&g->start));
	return 0;
}

static int bl_end(void *u, const struct vc_pgn_game *g)
{
	bl_add(u, "end " LOCF " plies %lu tags %lu errors %lu warnings %lu raw %.*s|\n",
	       LOCA(&g->end), g->plies, g->tags, g->errors, g->warnings,
	       (int)g->raw_len, g->raw ? g->raw : "");
	return 0;
}

static int bl_tag(void *u, const char *name, const char *value, size_t n,
                  const struct vc_loc *loc)
{
	bl_add(u, "tag %s=%.*s %zu " LOCF "\n", name, (int)n, value, n, LOCA(loc));
	return 0;
}

static int bl_move(void *u, const struct vc_move_token *m)
{
	bl_add(u, "move %s %zu " LOCF " number %lu dots %u depth %u ply %lu\n", m->text,
	       m->len, LOCA(&m->loc), m->number, m->number_dots, m->depth, m->ply);
	return 0;
}

static int bl_nag(void *u, int nag, const struct vc_loc *loc)
{
	bl_add(u, "nag %d " LOCF "\n", nag, LOCA(loc));
	return 0;
}

static int bl_comment(void *u, const char *t, size_t n, const struct vc_loc *loc)
{
	bl_add(u, "comment %.*s " LOCF "\n", (int)n, t, LOCA(loc));
	return 0;
}

static int bl_var(void *u, unsigned depth, const struct vc_loc *loc)
{
	bl_add(u, "variation %u " LOCF "\n", depth, LOCA(loc));
	return 0;
}

static int bl_result(void *u, const char *t, enum vc_rtok res,
                     const struct vc_loc *loc)
{
	bl_add(u, "result %s %d " LOCF "\n", t, (int)res, LOCA(loc));
	return 0;
}

static int bl_finding(void *u, enum vc_code code, const char *msg,
                      const struct vc_loc *loc)
{
	bl_add(u, "finding %s %s " LOCF "\n", vc_code_word(code), msg, LOCA(loc));
	return 0;
}

static const struct vc_pgn_visitor big_logger = {
	.begin_game = bl_begin, .end_game = bl_end, .tag = bl_tag, .move = bl_move,
	.nag = bl_nag, .comment = bl_comment, .begin_variation = bl_var,
	.end_variation = bl_var, .result = bl_result, .error = bl_finding,
	.warning = bl_finding,
};

/* options.comment_marker for read_pieces (0: every comment). */
static char read_marker;

/* The log of reading s lent in pieces of `piece` bytes (0: whole). */
static struct biglog read_pieces(const char *s, size_t len, size_t piece,
                                 const struct vc_pgn_limits *lim)
{
	struct biglog lg = { NULL, 0, 0 };
	struct vc_pgn_reader r;
	struct vc_pgn_visitor v = big_logger;
	v.user = &lg;
	struct vc_pgn_options o;
	memset(&o, 0, sizeof o);
	o.keep_raw = true;
	o.comment_marker = read_marker;
	if (lim)
		o.limits = *lim;
	struct lender l = { s, len, 0, piece ? piece : len + 1, &r, -1 };
	cr_assert_eq(vc_pgn_reader_init_borrow(&r, lend, &l, &v, &o), 0);
	vc_pgn_read(&r);
	vc_pgn_reader_release(&r);
	bl_add(&lg, "at rest %d\n", l.at_rest);
	return lg;
}

/* Games whose movetext runs over many 64-byte windows, with every shape
 * the fast paths take or leave to the byte-wise path near the windows'
 * edges; the text is repeated at shifts of 0..70 bytes so that each token
 * falls at every position of a window. */
static const char fast_games[] =
	"[Event \"fast\"]\n[Site  \"x\"]\n[Date\t\"2024.01.01\"]\n[Round \"-\"]\n"
	"[White \"Wh\xc3\xa9te\"]\n[Black \"Bl\xe9\"]\n[Note \"a \\\"quoted\\\" \\\\ value\"]\n"
	"[ Spaced \"x\"]\n[Odd \"x\" ]\n[Quote \"a\"b\"]\n[Ab \"123456\"]\n[Cd \"12345\"]\n"
	"[Abcd \"x\"]\n[Abcde \"x\"]\n[Result \"1-0\"]\n\n"
	"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6\n"
	"8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11.Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8\n"
	"14. Ng3 g6 15. a4 c5 16. d5 c4 17. Bg5 h6 18. Be3 Nc5 19. Qd2 h5 20. Bg5\n"
	"20... Be7 21. Ra3 Qc7 22.Rea1 Rab8 23. axb5 axb5 24. Ra7 Qb6 25. Bxf6 e.p.\n"
	"25... Bxf6 26. Nf5! gxf5 27. exf5 e4. 28. Nh2 $1 Qd8 29. Qe3 Nd3 30. Bxd3\n"
	"30. ... exd3 31. Qxd3 Rxe1+ 32. Rxe1 Bxb2 33. Qg3+ Kh8 34. f6 Qxf6 35. Qg5\n"
	"\t\v\f35...Qf5 36. Qxh5+ Qh7 37. Qg5 Bf6 {a comment} 38. Qf4 Be5 39. Qf3 Bg7\n"
	"{a long comment, past several vector blocks, with line ends inside: LF\nCR LF\r\n"
	"CR\rand a last line that runs on and on to its closing brace} {} {x}\n"
	"\n\n40. Ng4 f5 41. Ne3 Bf6 (41... Rf8 42. Nxf5) 42. Nxf5 Rf8 43. g4 Qg6 44. Kg2\r\n"
	"44... Bg5 45. h4 Bf4 46. Rb1 Rb8 47. Re1 Kg8 48. Re7 Rf8 49. Qe4 b4 50. cxb4\r"
	"50... Bc1 51. b5 Bg5 52. hxg5 Qxg5 53. Kf3 Qd2 54. Ne3 Qd1+ 55. Kg3 c3 56.\n"
	"Re8 c2 57. Rxf8+ Kxf8 58. Nxc2 Qxc2 59. Qe6 Qxf2+ 60. Kxf2 e8(Q) 61. Ke3\n"
	"61... Kg7 62. b6 12345678901234. Kf6 0-0 63. b7 Ke7 64. b8=Q Kd7 65. Qb7+\n"
	"65... Kd8 66. Qc6 Ke7 67. Qc7+ Ke8 68. g5 \xe2\x80\x93 Kf8 69. g6 Kg8 70. Qf7+\n"
	"70... Kh8 71. Qh7# \xc2\xa0 1-0\n\n"
	"[Event \"next\"]\n[Result \"*\"]\n\n1.d4 d5 2.c4 e6 3.Nc3 Nf6 4.Bg5 Be7 5.e3 O-O\n"
	"6.Nf3 Nbd7 7.Rc1 c6 8.Bd3 dxc4 9.Bxc4 Nd5 10.Bxe7 Qxe7 11.O-O Nxc3 *\n"
	"1. e4 1-0 1-0\n"
	"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3\n"
	"[Event \"no blank line\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1\n"
	"b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1\n"
	"Bf8 14. Ng3 g6 15. a4 c5 16. d5 c4 17. Bg5 h6 18. Be3 Nc5 19. Qd2 h5 20. Bg5\n";

Test(pgn_chunks, fast_paths_read_as_the_byte_wise_path)
{
	size_t len = sizeof fast_games - 1;
	char *s = malloc(len + 400);
	cr_assert_not_null(s);
	for (size_t shift = 0; shift <= 70; shift++) {
		memset(s, ' ', shift);
		memcpy(s + shift, fast_games, len);
		size_t n = shift + len;
		struct biglog bytewise = read_pieces(s, n, 1, NULL);
		static const size_t pieces[] = {0, 7, 64, 65, 200, 1000};
		for (size_t i = 0; i < sizeof pieces / sizeof pieces[0]; i++) {
			struct biglog fast = read_pieces(s, n, pieces[i], NULL);
			cr_assert_str_eq(fast.text, bytewise.text, "shift %zu, pieces of %zu",
			                 shift, pieces[i]);
			free(fast.text);
		}
		free(bytewise.text);
	}
	/* small limits: tokens, tag names and values, plies */
	struct vc_pgn_limits lim;
	memset(&lim, 0, sizeof lim);
	lim.token = 3;
	lim.tag_name = 4;
	lim.tag_value = 5;
	static const char small_games[] =
		"[Ab \"12345\"]\n[Cd \"123456\"]\n*\n\n[Abcd \"x\"]\n*\n\n[Abcde \"x\"]\n*\n\n"
		"[Ab \"1\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 *\n\n"
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 *\n\n"
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O "
		"9. h3 Nb8 10. d4 Nbd7 *\n\n"
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O "
		"9. h3 Nb8 10. d4 Nf6 11. Nf1 Nh5 12. Nc3 Nf6 13. Nb1 Nh5 14. Nc3 Nf6 15. Nb1 Nh5 "
		"16. Nc3 *\n";
	lim.plies = 30;
	for (size_t shift = 0; shift <= 70; shift++) {
		memset(s, ' ', shift);
		memcpy(s + shift, small_games, sizeof small_games - 1);
		size_t n = shift + sizeof small_games - 1;
		struct biglog bytewise = read_pieces(s, n, 1, &lim);
		struct biglog fast = read_pieces(s, n, 0, &lim);
		cr_assert_str_eq(fast.text, bytewise.text, "shift %zu", shift);
		cr_assert_not_null(strstr(fast.text, "limit-tag-value"));
		cr_assert_not_null(strstr(fast.text, "limit-tag-name"));
		cr_assert_not_null(strstr(fast.text, "limit-token"));
		cr_assert_not_null(strstr(fast.text, "limit-plies"));
		free(fast.text);
		free(bytewise.text);
	}
	free(s);
}

Test(pgn_chunks, fast_path_positions_and_numbers)
{
	/* a long line: the moves past the first 64-byte window */
	static const char g[] =
		"[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 "
		"7. Bb3 d6 8. c3 O-O 9. h3 Nb8\n10.d4 Nbd7 11... Bb7 *\n";
	struct biglog lg = read_pieces(g, sizeof g - 1, 0, NULL);
	cr_assert_not_null(strstr(lg.text, "move Nb8 3 101/3:89 number 0 dots 0 depth 0 ply 18\n"),
	                   "%s", lg.text);
	cr_assert_not_null(strstr(lg.text, "move d4 2 108/4:4 number 10 dots 1 depth 0 ply 19\n"));
	cr_assert_not_null(strstr(lg.text, "move Bb7 3 122/4:18 number 11 dots 3 depth 0 ply 21\n"));
	free(lg.text);
}

/* With options.comment_marker, comments without the marker are passed over
 * in place (never copied) when they end on their line in the buffer: the
 * same calls as reading byte by byte (where every comment is copied), only
 * the comments with the marker delivered, and the comment limit still
 * reported for a long comment without it. */
Test(pgn_chunks, comments_without_the_marker_are_passed_over)
{
	static const char games[] =
		"[Event \"clocks\"]\n\n1. e4 {engine output, d=30, pv=e4 e5} e5 {[%clk 0:01:00]}\n"
		"2. Nf3 {%clk first} Nc6 {no marker here at all, but long enough to pass several "
		"vector blocks of sixteen bytes each} 3. Bb5 {} a6 {%}\n"
		"4. Ba4 {spread\nover lines} Nf6 {spread\nover lines with [%clk 0:00:59]}\n"
		"5. O-O {a comment far longer than the small limit, without the marker} Be7\n"
		"6. Re1 {a comment far longer than the small limit, with the marker %} b5 *\n";
	size_t len = sizeof games - 1;
	char *s = malloc(len + 80);
	cr_assert_not_null(s);
	struct vc_pgn_limits lim;
	memset(&lim, 0, sizeof lim);
	lim.comment = 40;
	read_marker = '%';
	for (size_t shift = 0; shift <= 40; shift++) {
		memset(s, ' ', shift);
		memcpy(s + shift, games, len);
		size_t n = shift + len;
		struct biglog bytewise = read_pieces(s, n, 1, &lim);
		static const size_t pieces[] = { 0, 5, 17, 64 };
		for (size_t i = 0; i < sizeof pieces / sizeof pieces[0]; i++) {
			struct biglog whole = read_pieces(s, n, pieces[i], &lim);
			cr_assert_str_eq(whole.text, bytewise.text, "shift %zu, pieces of %zu", shift,
			                 pieces[i]);
			free(whole.text);
		}
		if (shift == 0) {
			cr_assert_not_null(strstr(bytewise.text, "comment [%clk 0:01:00]"));
			cr_assert_not_null(strstr(bytewise.text, "comment %clk first"));
			cr_assert_not_null(strstr(bytewise.text, "comment spread\nover lines with [%clk 0:00:59]"));
			cr_assert_null(strstr(bytewise.text, "comment engine output"));
			cr_assert_null(strstr(bytewise.text, "comment no marker here"));
			const char *sp = strstr(bytewise.text, "comment spread");
			cr_assert(sp && !strstr(sp + 1, "comment spread"), "one of the two spread");
			/* both long comments: the limit, marker or not */
			const char *lim1 = strstr(bytewise.text, "limit-comment");
			cr_assert_not_null(lim1);
			cr_assert_not_null(strstr(lim1 + 1, "limit-comment"));
		}
		free(bytewise.text);
	}
	read_marker = 0;
	free(s);
}
