/* Tests of formats/perftsuite: the two suite syntaxes, comments, errors. */
#include <criterion/criterion.h>
#include <string.h>

#include "perftsuite.h"

static struct vc_perft_suite suite;
static struct vc_perftsuite_error err;

static void setup(void)
{
	vc_perftsuite_init(&suite);
	memset(&err, 0, sizeof err);
}

static void teardown(void)
{
	vc_perftsuite_release(&suite);
}

static int parse(const char *text)
{
	return vc_perftsuite_parse(&suite, text, strlen(text), &err);
}

TestSuite(perftsuite, .init = setup, .fini = teardown);

Test(perftsuite, epd_line_with_clocks)
{
	cr_assert_eq(parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	                   " ;D1 20 ;D2 400 ;D6 119060324\n"), 0);
	cr_assert_eq(suite.count, 1);
	struct vc_perft_entry *e = &suite.entries[0];
	cr_assert_str_eq(e->fen,
	                 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
	cr_assert_null(e->id);
	cr_assert_null(e->variant);
	cr_assert_eq(e->line, 1);
	cr_assert_eq(e->ncounts, 3);
	cr_assert_eq(e->counts[0].depth, 1);
	cr_assert_eq(e->counts[0].nodes, 20);
	cr_assert_eq(e->counts[2].depth, 6);
	cr_assert_eq(e->counts[2].nodes, 119060324);
	cr_assert_eq(vc_perftsuite_expected(e, 2), 400);
	cr_assert_eq(vc_perftsuite_expected(e, 3), -1);
}

Test(perftsuite, epd_line_four_fields_and_operations)
{
	cr_assert_eq(parse("8/1p6/8/8/8/8/P7/8 w - - variant \"antichess\"; "
	                   "id \"a; b\"; bm e4; D1 2; D2 4;\n"), 0);
	cr_assert_eq(suite.count, 1);
	struct vc_perft_entry *e = &suite.entries[0];
	cr_assert_str_eq(e->fen, "8/1p6/8/8/8/8/P7/8 w - -");
	cr_assert_str_eq(e->variant, "antichess");
	cr_assert_str_eq(e->id, "a; b");
	cr_assert_eq(e->ncounts, 2);
	cr_assert_eq(e->counts[1].nodes, 4);
}

Test(perftsuite, bare_variant_operation)
{
	cr_assert_eq(parse("8/8/8/8/8/8/8/k6K w - - ;variant chess960 ;D1 3"), 0);
	cr_assert_str_eq(suite.entries[0].variant, "chess960");
	cr_assert_eq(suite.entries[0].ncounts, 1);
}

Test(perftsuite, perft_blocks_with_comments)
{
	const char *text =
	        "#\n# Source: somewhere\n#\n\n"
	        "# Position 2: Kiwipete\n"
	        "id pos-2\n"
	        "epd r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -\n"
	        "perft 1 48\n"
	        "perft 2 2039\n"
	        "\n"
	        "id pos-3\n"
	        "epd 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -\n"
	        "variant standard\n"
	        "perft 1 14\n";
	cr_assert_eq(parse(text), 0);
	cr_assert_eq(suite.count, 2);
	cr_assert_str_eq(suite.entries[0].id, "pos-2");
	cr_assert_eq(suite.entries[0].line, 7);
	cr_assert_str_eq(suite.entries[0].fen,
	                 "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -");
	cr_assert_eq(suite.entries[0].ncounts, 2);
	cr_assert_eq(vc_perftsuite_expected(&suite.entries[0], 2), 2039);
	cr_assert_str_eq(suite.entries[1].id, "pos-3");
	cr_assert_str_eq(suite.entries[1].variant, "standard");
	cr_assert_eq(vc_perftsuite_expected(&suite.entries[1], 1), 14);
}

Test(perftsuite, mixed_forms_crlf_and_bom)
{
	const char *text =
	        "\xEF\xBB\xBF" "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66\r\n"
	        "id second\r\n"
	        "epd 4k3/8/8/8/8/8/8/R3K3 w Q -\r\n"
	        "perft 1 16\r\n";
	cr_assert_eq(parse(text), 0);
	cr_assert_eq(suite.count, 2);
	cr_assert_str_eq(suite.entries[0].fen, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
	cr_assert_null(suite.entries[0].id);
	cr_assert_eq(suite.entries[0].ncounts, 2);
	cr_assert_str_eq(suite.entries[1].fen, "4k3/8/8/8/8/8/8/R3K3 w Q -");
	cr_assert_str_eq(suite.entries[1].id, "second");
	cr_assert_eq(suite.entries[1].line, 3);
}

Test(perftsuite, huge_count_fits_u64)
{
	cr_assert_eq(parse("k7/8/8/8/8/8/8/7K w - - ;D9 18446744073709551615"), 0);
	cr_assert_eq(suite.entries[0].counts[0].nodes, UINT64_MAX);
}

Test(perftsuite, appends_across_calls)
{
	cr_assert_eq(parse("k7/8/8/8/8/8/8/7K w - - ;D1 3\n"), 0);
	cr_assert_eq(parse("k7/8/8/8/8/8/8/7K b - - ;D1 3\n"), 0);
	cr_assert_eq(suite.count, 2);
}

Test(perftsuite, error_bad_count)
{
	cr_assert_eq(parse("k7/8/8/8/8/8/8/7K w - - ;D1 3\n"
	                   "k7/8/8/8/8/8/8/7K w - - ;D1 3x\n"), -1);
	cr_assert_eq(err.line, 2);
	cr_assert_eq(err.column, 29);
	cr_assert_str_eq(err.message, "bad count");
	cr_assert_eq(suite.count, 1, "entries before the error are kept");
}

Test(perftsuite, error_count_overflow)
{
	cr_assert_eq(parse("k7/8/8/8/8/8/8/7K w - - ;D1 18446744073709551616"), -1);
	cr_assert_str_eq(err.message, "bad count");
}

Test(perftsuite, error_depth_too_large)
{
	cr_assert_eq(parse("k7/8/8/8/8/8/8/7K w - - ;D65 1"), -1);
	cr_assert_str_eq(err.message, "bad depth");
	cr_assert_eq(parse("id x\nepd k7/8/8/8/8/8/8/7K w - -\nperft 99 1\n"), -1);
	cr_assert_eq(err.line, 3);
	cr_assert_str_eq(err.message, "bad depth");
}

Test(perftsuite, error_missing_count)
{
	cr_assert_eq(parse("k7/8/8/8/8/8/8/7K w - - ;D1"), -1);
	cr_assert_str_eq(err.message, "missing count");
	cr_assert_eq(parse("epd k7/8/8/8/8/8/8/7K w - -\nperft 1\n"), -1);
	cr_assert_str_eq(err.message, "missing count");
}

Test(perftsuite, error_perft_before_position)
{
	cr_assert_eq(parse("# nothing yet\nperft 1 20\n"), -1);
	cr_assert_eq(err.line, 2);
	cr_assert_eq(err.column, 1);
	cr_assert_str_eq(err.message, "perft line before any position");
}

Test(perftsuite, error_too_few_fields)
{
	cr_assert_eq(parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w ;D1 20\n"), -1);
	cr_assert_str_eq(err.message, "a position needs 4 FEN fields");
	cr_assert_eq(err.column, 47);
}

Test(perftsuite, error_unterminated_string)
{
	cr_assert_eq(parse("k7/8/8/8/8/8/8/7K w - - variant \"antichess\n"), -1);
	cr_assert_str_eq(err.message, "unterminated string");
}

Test(perftsuite, error_nul_byte)
{
	static const char text[] = "k7/8/8/8/8/8/8/7K w - - ;D1 3\0\n";
	cr_assert_eq(vc_perftsuite_parse(&suite, text, sizeof text - 1, &err), -1);
	cr_assert_str_eq(err.message, "NUL byte");
}

Test(perftsuite, empty_and_comment_only)
{
	cr_assert_eq(parse(""), 0);
	cr_assert_eq(parse("\n\n   # only a comment\n\t\n"), 0);
	cr_assert_eq(suite.count, 0);
}

Test(perftsuite, release_null_and_twice)
{
	vc_perftsuite_release(NULL);
	cr_assert_eq(parse("k7/8/8/8/8/8/8/7K w - - ;D1 3\n"), 0);
	vc_perftsuite_release(&suite);
	cr_assert_eq(suite.count, 0);
	vc_perftsuite_release(&suite);
}

/* vc_perftsuite_parse_all: every syntax error is told, in line order, and
 * the reading goes on; a faulty position takes its perft/variant lines and
 * the id before it along, so no count lands on the position before. */
struct errlist {
	long lines[8];
	int n;
};

static void collect(void *ctx, const struct vc_perftsuite_error *e)
{
	struct errlist *l = ctx;
	if (l->n < 8)
		l->lines[l->n++] = e->line;
}

Test(perftsuite, parse_all_goes_on_after_errors)
{
	const char *text =
		"4k3/8/8/8/8/8/8/4K3 w - - ;D1 5\n"       /* 1 */
		"foo bar\n"                               /* 2: too few fields */
		"4k3/8/8/8/8/8/8/4K3 w - - ;D1 6\n"       /* 3 */
		"4k3/8/8/8/8/8/8/4K3 w - - ;D1 x\n"       /* 4: bad count */
		"id lost\n"                               /* 5 */
		"epd 8/8 w\n"                             /* 6: too few fields */
		"perft 1 7\n"                             /* 7: belongs to line 6 */
		"variant antichess\n"                     /* 8: so does this */
		"id kept\n"                               /* 9 */
		"epd 4k3/8/8/8/8/8/8/4K3 b - -\n"         /* 10 */
		"perft 1 5\n"                             /* 11 */
		"perft x 1\n";                            /* 12: bad depth */
	struct errlist l = { {0}, 0 };
	cr_assert_eq(vc_perftsuite_parse_all(&suite, text, strlen(text), collect, &l), 4);
	cr_assert_eq(l.n, 4);
	cr_assert_eq(l.lines[0], 2);
	cr_assert_eq(l.lines[1], 4);
	cr_assert_eq(l.lines[2], 6);
	cr_assert_eq(l.lines[3], 12);
	cr_assert_eq(suite.count, 3, "positions of lines 1, 3 and 10");
	cr_assert_eq(vc_perftsuite_expected(&suite.entries[1], 1), 6);
	cr_assert_eq(suite.entries[1].ncounts, 1, "line 7's count is not the line-3 position's");
	cr_assert_null(suite.entries[1].variant, "nor is line 8's variant");
	cr_assert_str_eq(suite.entries[2].id, "kept");
	cr_assert_eq(suite.entries[2].ncounts, 1);
	cr_assert_eq(vc_perftsuite_expected(&suite.entries[2], 1), 5);
	/* the stopping parser still stops at the first error */
	vc_perftsuite_release(&suite);
	vc_perftsuite_init(&suite);
	cr_assert_eq(parse(text), -1);
	cr_assert_eq(err.line, 2);
	cr_assert_eq(suite.count, 1);
}
