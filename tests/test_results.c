/* vchess - result words: one reading for the Result tag and the movetext's
 * result token (lib/record.h vc_result_read), and the checker comparing
 * tokens (lib/checker.c). The golden test validate-fullwidth-result-tag
 * runs the same through the command line. */
#include <criterion/criterion.h>
#include <string.h>

#include "checker.h"
#include "record.h"
#include "verdict.h"

static enum vc_rtok rd(const char *s, unsigned *form)
{
	return vc_result_read(s, strlen(s), form);
}

Test(results, the_four_words_of_pgn)
{
	unsigned l = 7;
	cr_assert_eq(rd("1-0", &l), VC_RTOK_WHITE);
	cr_assert_eq(l, 0);
	cr_assert_eq(rd("0-1", &l), VC_RTOK_BLACK);
	cr_assert_eq(rd("1/2-1/2", &l), VC_RTOK_DRAW);
	cr_assert_eq(rd("*", &l), VC_RTOK_OPEN);
	cr_assert_eq(l, 0);
}

Test(results, lenient_forms_of_real_files)
{
	enum { U = VC_RFORM_UNICODE, S = VC_RFORM_SHORT, F = VC_RFORM_FORFEIT };
	static const struct { const char *s; enum vc_rtok t; unsigned form; } forms[] = {
		{ "1/2", VC_RTOK_DRAW, S },
		{ "+--", VC_RTOK_WHITE, F }, { "+:-", VC_RTOK_WHITE, F },
		{ "--+", VC_RTOK_BLACK, F }, { "-:+", VC_RTOK_BLACK, F },
		{ "\xC2\xBD-\xC2\xBD", VC_RTOK_DRAW, U },        /* ½-½ */
		{ "\xC2\xBD", VC_RTOK_DRAW, U | S },              /* ½ */
		{ "1\xE2\x80\x93" "0", VC_RTOK_WHITE, U },       /* en dash */
		{ "0\xE2\x80\x90" "1", VC_RTOK_BLACK, U },       /* hyphen U+2010 */
		{ "0\xE2\x80\x95" "1", VC_RTOK_BLACK, U },       /* U+2015 */
		{ "1\xE2\x88\x92" "0", VC_RTOK_WHITE, U },       /* minus */
		{ "1\xEF\xB9\xA3" "0", VC_RTOK_WHITE, U },       /* small hyphen-minus */
		{ "1\xEF\xBC\x8D" "0", VC_RTOK_WHITE, U },       /* fullwidth */
		{ "1/2\xEF\xBC\x8D" "1/2", VC_RTOK_DRAW, U },
		{ "\xE2\x80\x93:+", VC_RTOK_BLACK, U | F },
	};
	for (size_t i = 0; i < sizeof forms / sizeof *forms; i++) {
		unsigned l = 0;
		cr_assert_eq(rd(forms[i].s, &l), forms[i].t, "form %zu", i);
		cr_assert_eq(l, forms[i].form, "form %zu", i);
	}
}

Test(results, not_result_words)
{
	static const char *const bad[] = {
		"", "1-1", "2-0", " 1-0", "1-0 ", "1/2-1/2x", "**", "1\xE2\x80\x96" "0", /* U+2016 */
		"1\xC2", "1\xE2\x80", "1\xC0\xAD" "0", /* truncated, overlong '-' */
		"1\xE0\x80\xAD" "0", "\xC2\xBD\xC2\xBD\xC2\xBD-", "win",
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		unsigned l = 7;
		cr_assert_eq(rd(bad[i], &l), VC_RTOK_NONE, "word %zu", i);
		cr_assert_eq(l, 0);
	}
}

Test(results, words_and_results_of_tokens)
{
	enum vc_result r = VC_RES_DRAW;
	cr_assert_str_eq(vc_rtok_word(VC_RTOK_DRAW), "1/2-1/2");
	cr_assert_str_eq(vc_rtok_word(VC_RTOK_OPEN), "*");
	cr_assert_str_eq(vc_rtok_word(VC_RTOK_NONE), "");
	cr_assert(vc_rtok_result(VC_RTOK_OPEN, &r));
	cr_assert_eq(r, VC_RES_NONE);
	cr_assert(vc_rtok_result(VC_RTOK_BLACK, &r));
	cr_assert_eq(r, VC_RES_BLACK);
	cr_assert_not(vc_rtok_result(VC_RTOK_NONE, &r));
	cr_assert_eq(r, VC_RES_BLACK);
}

/* ---- the checker: a Result tag is read as the movetext token is ---------- */

static struct vc_gc_game last;
static char last_declared[16];

static int grab(void *user, const struct vc_gc_game *g)
{
	(void)user;
	last = *g;
	snprintf(last_declared, sizeof last_declared, "%s", g->declared ? g->declared : "");
	return 0;
}

/* One game: [Result tag_value] 1. e4 e5 token */
static void game(const char *tag_value, const char *token)
{
	struct vc_checker c;
	struct vc_gc_options opt = { .rules = VC_RULES_FIDE };
	cr_assert_eq(vc_checker_init(&c, &opt, grab, NULL), VC_F_OK);
	struct vc_loc l = { .line = 1, .column = 1 };
	vc_checker_begin_game(&c, 1, &l);
	vc_checker_tag(&c, "Result", tag_value, strlen(tag_value), &l);
	const char *mv[] = { "e4", "e5" };
	for (int i = 0; i < 2; i++) {
		struct vc_move_token t = { .text = mv[i], .len = 2, .loc = { .line = 3 } };
		vc_checker_move(&c, &t);
	}
	unsigned form;
	struct vc_loc rl = { .line = 3, .column = 10 };
	vc_checker_result(&c, token, vc_result_read(token, strlen(token), &form), &rl);
	vc_checker_end_game(&c, &rl, NULL, 0);
	vc_checker_release(&c);
}

Test(results, fullwidth_dash_in_the_result_tag_is_read_with_a_warning)
{
	/* 1－0 with U+FF0D: the reader accepts it as a movetext token, so the
	 * tag reads the same (it was bad-result-tag before) */
	game("1\xEF\xBC\x8D" "0", "1-0");
	cr_assert_eq(last.nerrors, 0);
	cr_assert_eq(last.nfindings, 1);
	cr_assert_eq(last.findings[0].code, VC_F_NONSTANDARD_NOTATION);
	cr_assert_str_eq(last.findings[0].message, "Result tag \"1\xEF\xBC\x8D" "0\" read as \"1-0\"");
	cr_assert_str_eq(last_declared, "1-0");
}

Test(results, tag_and_token_compared_as_tokens)
{
	game("\xC2\xBD-\xC2\xBD", "1/2-1/2"); /* same result, written apart */
	cr_assert_eq(last.nerrors, 0);
	game("1-0", "0-1");
	cr_assert_eq(last.nerrors, 1);
	cr_assert_eq(last.findings[0].code, VC_F_RESULT_MISMATCH);
	game("1:0", "1-0");
	cr_assert_eq(last.findings[0].code, VC_F_BAD_RESULT_TAG);
}

Test(results, a_forfeit_sign_is_no_result_tag)
{
	/* a token in the movetext, but a Result tag must say a result */
	game("+--", "1-0");
	cr_assert_eq(last.nfindings, 1);
	cr_assert_eq(last.findings[0].code, VC_F_BAD_RESULT_TAG);
	cr_assert_str_eq(last_declared, "+--");
}

/* ---- review: a result token given as text only ------------------------------
 * vc_checker_result's contract (checker.h) lets a caller pass the text with
 * res VC_RTOK_NONE ("read from text with vc_result_read"). The checker then
 * compares the token it read, but the record keeps the raw text, which
 * every later reader of the record parses again with the strict
 * vc_result_parse (lib/verdict.c vc_declared_result, formats/finalpgn.c,
 * lib/undo.c undo_finish): the game's result is lost there. */

static char review_decl[16], review_movetext[16];

static int grab_decl(void *user, const struct vc_gc_game *g)
{
	(void)user;
	last = *g;
	const char *d = vc_declared_result(g);
	snprintf(review_decl, sizeof review_decl, "%s", d ? d : "(none)");
	snprintf(review_movetext, sizeof review_movetext, "%s",
	         g->movetext_result ? g->movetext_result : "(none)");
	return 0;
}

/* A game without tags: 1. e4 e5, then the result as text only. */
static void text_only_result(const char *token)
{
	struct vc_checker c;
	struct vc_gc_options opt = { .rules = VC_RULES_FIDE };
	cr_assert_eq(vc_checker_init(&c, &opt, grab_decl, NULL), VC_F_OK);
	struct vc_loc l = { .line = 1, .column = 1 };
	vc_checker_begin_game(&c, 1, &l);
	const char *mv[] = { "e4", "e5" };
	for (int i = 0; i < 2; i++) {
		struct vc_move_token t = { .text = mv[i], .len = 2, .loc = { .line = 1 } };
		vc_checker_move(&c, &t);
	}
	struct vc_loc rl = { .line = 1, .column = 10 };
	vc_checker_result(&c, token, VC_RTOK_NONE, &rl);
	vc_checker_end_game(&c, &rl, NULL, 0);
	vc_checker_release(&c);
}

Test(results, review_text_only_result_token_keeps_its_result_for_the_verdict)
{
	text_only_result("1/2-1/2"); /* control: the ASCII word */
	cr_assert_str_eq(review_decl, "1/2-1/2");
	text_only_result("\xC2\xBD-\xC2\xBD"); /* ½-½: the checker reads a draw */
	cr_assert_eq(last.nerrors, 0);
	cr_assert_str_eq(review_decl, "1/2-1/2", "the verdict sees no result");
	cr_assert_str_eq(review_movetext, "1/2-1/2", "the record keeps the raw text");
}
