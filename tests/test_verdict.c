/* Tests of the adjudication verdict (lib/verdict.h) and the score table
 * (lib/standings.h) on records made by the game checker from PGN text,
 * and of the PGN writer (formats/pgnwrite.h). The command is tested by the
 * golden tests tests/golden/adjudicate-* and undo-final-pgn-*.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "checker.h"
#include "pgn_checker.h"
#include "pgnfix.h"
#include "pgnwrite.h"
#include "standings.h"
#include "verdict.h"

/* ---- records from PGN text ------------------------------------------------- */

#define MAX_GAMES 16

/* One judged game, copied out of the record (valid in on_game only). */
struct judged {
	struct vc_verdict v;
	char declared[16];
	char error_code[48];
	bool scored;
	enum vc_result scored_result;
};

struct run {
	struct vc_judge judge;
	struct vc_standings st;
	struct judged games[MAX_GAMES];
	int n;
};

#include "text_src.h"

static int judge_one(void *user, const struct vc_gc_game *g)
{
	struct run *r = user;
	cr_assert_lt(r->n, MAX_GAMES);
	struct judged *j = &r->games[r->n++];
	vc_judge_game(&r->judge, g, &j->v);
	snprintf(j->declared, sizeof j->declared, "%s", j->v.declared ? j->v.declared : "");
	snprintf(j->error_code, sizeof j->error_code, "%s",
	         j->v.error_code ? vc_code_word(j->v.error_code) : "");
	/* the record's strings are gone after on_game */
	j->v.declared = j->v.movetext = j->v.termination_tag = NULL;
	j->scored = vc_verdict_scored_result(&j->v, g, &j->scored_result);
	cr_assert_eq(vc_standings_add_game(&r->st, g, &j->v), 0);
	return 0;
}

/* Check every game of `pgn` and judge it; r is released by run_release. */
static void run_pgn(struct run *r, const char *pgn)
{
	memset(r, 0, sizeof *r);
	cr_assert_eq(vc_judge_init(&r->judge, VC_RULES_FIDE), VC_F_OK);
	vc_standings_init(&r->st);
	struct vc_gc_options go = { .rules = VC_RULES_FIDE };
	struct vc_checker chk;
	cr_assert_eq(vc_checker_init(&chk, &go, judge_one, r), 0);
	struct text_src src = { pgn, strlen(pgn) };
	vc_checker_run(&chk, text_read, &src, "test", NULL);
	vc_checker_release(&chk);
}

static void run_release(struct run *r)
{
	vc_judge_release(&r->judge);
	vc_standings_release(&r->st);
}

/* ---- the verdict ------------------------------------------------------------ */

Test(verdict, time_forfeit_opponent_cannot_mate_is_a_draw)
{
	/* vchess-rules(7) section 2: White's flag fell (the loser of the
	 * declared 0-1, Termination "Time forfeit") but Black has a lone
	 * king: a draw, not Black's win. */
	struct run r;
	run_pgn(&r, "[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n"
	            "[Termination \"Time forfeit\"]\n[SetUp \"1\"]\n"
	            "[FEN \"4k3/8/8/8/8/8/8/4K2R w - - 0 1\"]\n\n1. Rh2 Kd7 0-1\n");
	cr_assert_eq(r.n, 1);
	const struct vc_verdict *v = &r.games[0].v;
	cr_assert_eq(v->basis, VC_BASIS_RULES);
	cr_assert_eq(v->flagged, VC_WHITE);
	cr_assert_eq(v->flag_source, VC_FLAG_TERMINATION);
	cr_assert_str_eq(vc_flag_source_word(v->flag_source), "termination");
	cr_assert_eq(v->result, VC_RES_DRAW);
	cr_assert_eq(v->term, VC_TERM_TIME_FORFEIT_INSUFFICIENT);
	cr_assert_eq(v->ply, 2);
	cr_assert(!v->agrees);
	cr_assert(vc_verdict_needs_fix(v));
	run_release(&r);
}

Test(verdict, time_forfeit_by_clock_loses)
{
	/* no Termination tag: Black's clock shows 0:00:00, White can mate */
	struct run r;
	run_pgn(&r, "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n"
	            "[FEN \"4k3/8/8/8/8/8/8/4K2R w - - 0 1\"]\n\n"
	            "1. Rh2 { [%clk 0:01:00] } Kd7 { [%clk 0:00:00] } 1-0\n");
	cr_assert_eq(r.n, 1);
	const struct vc_verdict *v = &r.games[0].v;
	cr_assert_eq(v->basis, VC_BASIS_RULES);
	cr_assert_eq(v->flagged, VC_BLACK);
	cr_assert_eq(v->flag_source, VC_FLAG_CLOCK);
	cr_assert_eq(v->result, VC_RES_WHITE);
	cr_assert_eq(v->term, VC_TERM_TIME_FORFEIT);
	cr_assert(v->agrees);
	cr_assert(!vc_verdict_needs_fix(v));
	run_release(&r);
}

Test(verdict, rules_ended_game_with_moves_after_the_end)
{
	/* the checkmate at ply 4 decides, the move after it is reported */
	struct run r;
	run_pgn(&r, "[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n"
	            "1. f3 e5 2. g4 Qh4# 3. a3 0-1\n");
	cr_assert_eq(r.n, 1);
	const struct vc_verdict *v = &r.games[0].v;
	cr_assert_eq(v->basis, VC_BASIS_RULES);
	cr_assert_str_eq(vc_basis_word(v->basis), "rules");
	cr_assert_eq(v->result, VC_RES_BLACK);
	cr_assert_eq(v->by_rules, VC_RES_BLACK);
	cr_assert_eq(v->term, VC_TERM_CHECKMATE);
	cr_assert_eq(v->ply, 4);
	cr_assert_eq(v->after_ply, 5);
	cr_assert_str_eq(v->after_move, "3.a3");
	cr_assert(v->agrees);
	cr_assert_eq(v->flagged, -1);
	run_release(&r);
}

Test(verdict, rules_ended_game_declared_otherwise_disagrees)
{
	struct run r;
	run_pgn(&r, "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n");
	cr_assert_eq(r.n, 1);
	const struct vc_verdict *v = &r.games[0].v;
	cr_assert_eq(v->basis, VC_BASIS_RULES);
	cr_assert_eq(v->result, VC_RES_BLACK);
	cr_assert(!v->agrees);
	cr_assert(vc_verdict_needs_fix(v));
	run_release(&r);
}

Test(verdict, declared_result_accepted)
{
	/* a resignation: the rules alone give *, the declared 1-0 stands */
	struct run r;
	run_pgn(&r, "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n"
	            "[Termination \"Normal\"]\n\n1. e4 e5 2. Nf3 1-0\n");
	cr_assert_eq(r.n, 1);
	const struct vc_verdict *v = &r.games[0].v;
	cr_assert_eq(v->basis, VC_BASIS_DECLARED);
	cr_assert_str_eq(vc_basis_word(v->basis), "declared");
	cr_assert_eq(v->result, VC_RES_WHITE);
	cr_assert_eq(v->by_rules, VC_RES_NONE);
	cr_assert_eq(v->term, VC_TERM_DECLARED);
	cr_assert_eq(v->ply, 3);
	cr_assert(v->agrees);
	cr_assert(!vc_verdict_needs_fix(v));
	cr_assert_str_eq(r.games[0].declared, "1-0");
	run_release(&r);
}

Test(verdict, invalid_record)
{
	struct run r;
	run_pgn(&r, "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n");
	cr_assert_eq(r.n, 1);
	const struct judged *j = &r.games[0];
	cr_assert_eq(j->v.basis, VC_BASIS_INVALID);
	cr_assert_str_eq(vc_basis_word(j->v.basis), "invalid");
	cr_assert_eq(j->v.result, VC_RES_NONE);
	cr_assert_eq(j->v.term, VC_TERM_NONE);
	cr_assert_eq(j->v.ply, -1);
	cr_assert(!j->v.agrees);
	cr_assert_str_eq(j->error_code, "illegal-move");
	cr_assert_eq(j->v.error_ply, 3);
	cr_assert(!vc_verdict_needs_fix(&j->v));
	/* the score table counts its declared result */
	cr_assert(j->scored);
	cr_assert_eq(j->scored_result, VC_RES_WHITE);
	run_release(&r);
}

Test(verdict, result_words)
{
	enum vc_result r = VC_RES_WHITE;
	cr_assert(vc_result_parse("1/2-1/2", &r) && r == VC_RES_DRAW);
	cr_assert(vc_result_parse("*", &r) && r == VC_RES_NONE);
	cr_assert(vc_result_parse("0-1", &r) && r == VC_RES_BLACK);
	cr_assert(!vc_result_parse("1-0 ", &r) && r == VC_RES_BLACK);
	cr_assert(!vc_result_parse(NULL, &r));
}

Test(verdict, tally_adds_and_merges)
{
	struct run r;
	run_pgn(&r, "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"
	            "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n\n"
	            "[Result \"1-0\"]\n\n1. e4 1-0\n\n"
	            "[Result \"1-0\"]\n\n1. Ke2 1-0\n");
	cr_assert_eq(r.n, 4);
	struct vc_verdict_tally all = { 0 }, a = { 0 }, b = { 0 };
	for (int i = 0; i < r.n; i++) {
		vc_verdict_tally_add(&all, &r.games[i].v);
		vc_verdict_tally_add(i % 2 ? &a : &b, &r.games[i].v);
	}
	cr_assert_eq(all.games, 4);
	cr_assert_eq(all.agree, 2);
	cr_assert_eq(all.disagree, 1);
	cr_assert_eq(all.not_judged, 1);
	cr_assert_eq(all.by_basis[VC_BASIS_RULES], 2);
	cr_assert_eq(all.by_basis[VC_BASIS_DECLARED], 1);
	cr_assert_eq(all.by_basis[VC_BASIS_INVALID], 1);
	cr_assert_eq(all.by_term[VC_TERM_CHECKMATE], 2);
	cr_assert_eq(all.by_term[VC_TERM_DECLARED], 1);
	vc_verdict_tally_merge(&a, &b);
	cr_assert_eq(memcmp(&a, &all, sizeof a), 0);
	run_release(&r);
}

/* ---- standings -------------------------------------------------------------- */

static const struct vc_player *row(const struct vc_standings *st, size_t i)
{
	cr_assert_lt(i, st->n);
	return &st->p[i];
}

static void check_row(const struct vc_standings *st, size_t i, const char *name, long rank,
                      long games, long halves, long wins, long draws, long losses)
{
	const struct vc_player *p = row(st, i);
	cr_assert_str_eq(p->name, name, "row %zu", i);
	cr_assert_eq(p->rank, rank, "%s", name);
	cr_assert_eq(p->games, games, "%s", name);
	cr_assert_eq(p->halves, halves, "%s", name);
	cr_assert_eq(p->wins, wins, "%s", name);
	cr_assert_eq(p->draws, draws, "%s", name);
	cr_assert_eq(p->losses, losses, "%s", name);
}

Test(standings, from_records_sums_points_and_order)
{
	/* Carl: win (by the rules over a declared 1-0), draw; Ann: win, loss;
	 * Bob: loss, draw; an unfinished game; a game without names is "?"
	 * against "?" (one win, one loss); "?" sorts before "Ann" */
	struct run r;
	run_pgn(&r, "[White \"Ann\"]\n[Black \"Carl\"]\n[Result \"1-0\"]\n\n"
	            "1. f3 e5 2. g4 Qh4# 1-0\n\n"
	            "[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n"
	            "[White \"Bob\"]\n[Black \"Carl\"]\n[Result \"1/2-1/2\"]\n\n1. d4 1/2-1/2\n\n"
	            "[White \"Bob\"]\n[Black \"Ann\"]\n[Result \"*\"]\n\n1. c4 *\n\n"
	            "[Result \"0-1\"]\n\n1. a3 0-1\n");
	cr_assert_eq(r.n, 5);
	struct vc_standings *st = &r.st;
	vc_standings_sort(st);
	cr_assert_eq(st->counted, 4);
	cr_assert_eq(st->unfinished, 1);
	cr_assert_eq(st->n, 4);
	/* points, then wins, then name; equal points share a rank */
	check_row(st, 0, "Carl", 1, 2, 3, 1, 1, 0);
	check_row(st, 1, "?", 2, 2, 2, 1, 0, 1); /* both sides of the last game */
	check_row(st, 2, "Ann", 2, 2, 2, 1, 0, 1);
	check_row(st, 3, "Bob", 4, 2, 1, 0, 1, 1);
	long halves = 0, games = 0;
	for (size_t i = 0; i < st->n; i++) {
		halves += st->p[i].halves;
		games += st->p[i].games;
		cr_assert_eq(st->p[i].games, st->p[i].wins + st->p[i].draws + st->p[i].losses);
	}
	cr_assert_eq(halves, 2 * st->counted); /* one point per game */
	cr_assert_eq(games, 2 * st->counted);
	run_release(&r);
}

Test(standings, position_lines_not_scored)
{
	struct vc_gc_game g;
	memset(&g, 0, sizeof g);
	struct vc_verdict v;
	memset(&v, 0, sizeof v);
	v.basis = VC_BASIS_DECLARED;
	v.result = VC_RES_WHITE;
	enum vc_result r = VC_RES_DRAW;
	cr_assert(!vc_verdict_scored_result(&v, &g, &r)); /* no tags, no game */
	cr_assert_eq(r, VC_RES_DRAW);
	struct vc_standings st;
	vc_standings_init(&st);
	cr_assert_eq(vc_standings_add_game(&st, &g, &v), 0);
	cr_assert_eq(st.n, 0);
	cr_assert_eq(st.counted + st.unfinished, 0);
	vc_standings_release(&st);
}

Test(standings, merge_of_parts_equals_the_whole)
{
	static const struct { const char *w, *b; enum vc_result r; } games[] = {
		{ "Ann", "Bob", VC_RES_WHITE }, { "Bob", "Cid", VC_RES_DRAW },
		{ "Cid", "Ann", VC_RES_BLACK }, { "Dan", "Ann", VC_RES_NONE },
		{ "Dan", "Bob", VC_RES_BLACK }, { "", NULL, VC_RES_DRAW },
		{ "Cid", "Dan", VC_RES_WHITE },
	};
	struct vc_standings whole, part[2];
	vc_standings_init(&whole);
	vc_standings_init(&part[0]);
	vc_standings_init(&part[1]);
	for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
		cr_assert_eq(vc_standings_add(&whole, games[i].w, games[i].b, games[i].r), 0);
		cr_assert_eq(vc_standings_add(&part[i % 2], games[i].w, games[i].b, games[i].r), 0);
	}
	/* the second part first: the order of the parts does not matter */
	struct vc_standings merged;
	vc_standings_init(&merged);
	cr_assert_eq(vc_standings_merge(&merged, &part[1]), 0);
	cr_assert_eq(vc_standings_merge(&merged, &part[0]), 0);
	vc_standings_sort(&whole);
	vc_standings_sort(&merged);
	cr_assert_eq(merged.counted, whole.counted);
	cr_assert_eq(merged.unfinished, 1);
	cr_assert_eq(merged.n, whole.n);
	for (size_t i = 0; i < whole.n; i++)
		check_row(&merged, i, whole.p[i].name, whole.p[i].rank, whole.p[i].games,
		          whole.p[i].halves, whole.p[i].wins, whole.p[i].draws, whole.p[i].losses);
	check_row(&whole, 0, "Ann", 1, 2, 4, 2, 0, 0);
	/* sorting rebuilt the index: a known name still finds its row */
	cr_assert_eq(vc_standings_add(&whole, "Ann", "?", VC_RES_DRAW), 0);
	cr_assert_eq(whole.n, 5);
	cr_assert_eq(whole.p[0].games, 3);
	vc_standings_release(&whole);
	vc_standings_release(&merged);
	vc_standings_release(&part[0]);
	vc_standings_release(&part[1]);
}

/* ---- the PGN writer ----------------------------------------------------------- */

Test(pgnwrite, tag_escapes_quote_and_backslash)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	cr_assert(f);
	vc_pgnw_tag(f, "Event", "say \"hi\" \\o/", "\n");
	vc_pgnw_tag(f, "Result", "1-0", "\r\n");
	fclose(f);
	cr_assert_str_eq(buf, "[Event \"say \\\"hi\\\" \\\\o/\"]\n[Result \"1-0\"]\r\n");
	free(buf);
}

Test(pgnwrite, movetext_wraps_at_79_columns)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	cr_assert(f);
	struct vc_pgnw w;
	vc_pgnw_init(&w, f);
	for (unsigned m = 1; m <= 12; m++) {
		vc_pgnw_move_number(&w, m, VC_WHITE);
		vc_pgnw_token(&w, "Nf3");
		vc_pgnw_token(&w, "Nf6");
	}
	vc_pgnw_open_variation(&w);
	vc_pgnw_comment(&w, "taken back");
	vc_pgnw_move_number(&w, 13, VC_BLACK);
	vc_pgnw_token(&w, "e5");
	vc_pgnw_close_variation(&w);
	vc_pgnw_comment_begin(&w, "note:");
	cr_assert(!vc_pgnw_comment(&w, "nested")); /* comments do not nest */
	vc_pgnw_token(&w, "e4");
	vc_pgnw_comment_end(&w);
	vc_pgnw_end(&w, "1/2-1/2");
	fclose(f);
	/* no line passes 79 columns; "(" stays with the token after it */
	size_t col = 0;
	int lines = 0;
	for (const char *p = buf; *p; p++) {
		if (*p == '\n') {
			cr_assert_leq(col, 79);
			col = 0;
			lines++;
		} else {
			col++;
		}
	}
	cr_assert_eq(col, 0); /* ends with a line end */
	cr_assert_eq(lines, 3, "%s", buf);
	cr_assert_str_eq(buf,
	                 "1. Nf3 Nf6 2. Nf3 Nf6 3. Nf3 Nf6 4. Nf3 Nf6 5. Nf3 Nf6 6. Nf3 Nf6 7. Nf3 Nf6 8.\n"
	                 "Nf3 Nf6 9. Nf3 Nf6 10. Nf3 Nf6 11. Nf3 Nf6 12. Nf3 Nf6 ( {taken back} 13... e5\n"
	                 ") {note: e4} 1/2-1/2\n");
	free(buf);
}

/* ---- --fix-results: the copy with corrected results -------------------------- */

struct fix_run {
	struct vc_judge judge;
	struct vc_pgnfix *fx;
};

static int fix_one(void *user, const struct vc_gc_game *g)
{
	struct fix_run *r = user;
	struct vc_verdict v;
	vc_judge_game(&r->judge, g, &v);
	vc_pgnfix_game(r->fx, g, vc_verdict_needs_fix(&v) ? vc_result_string(v.result) : NULL);
	return 0;
}

Test(pgnfix, results_set_to_the_verdict_every_other_byte_kept)
{
	/* game 1: no Result tag, a wrong token (a tag is added with the
	 * game's CRLF line ends); game 2: agrees, copied as is; game 3: a
	 * wrong tag and no token */
	static const char in[] =
	        "[Event \"a \\\\ b\"]\r\n\r\n1. f3 e5 2. g4 Qh4# {mate} 1-0\r\n\r\n"
	        "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"
	        "[Result \"1/2-1/2\"]\n\n1. f3 e5 2. g4 Qh4#\n";
	static const char want[] =
	        "[Event \"a \\\\ b\"]\r\n[Result \"0-1\"]\r\n\r\n1. f3 e5 2. g4 Qh4# {mate} 0-1\r\n\r\n"
	        "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"
	        "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
	char *out = NULL;
	size_t len = 0;
	struct fix_run r;
	memset(&r, 0, sizeof r);
	FILE *f = open_memstream(&out, &len);
	cr_assert(f);
	r.fx = vc_pgnfix_new(f);
	cr_assert_not_null(r.fx);
	cr_assert_eq(vc_judge_init(&r.judge, VC_RULES_FIDE), VC_F_OK);
	struct vc_gc_options go = { .rules = VC_RULES_FIDE, .keep_raw = true };
	struct vc_checker chk;
	cr_assert_eq(vc_checker_init(&chk, &go, fix_one, &r), 0);
	vc_pgnfix_tap_begin(r.fx, "test", NULL);
	vc_pgnfix_tap(r.fx, in, strlen(in));
	struct text_src src = { in, strlen(in) };
	vc_checker_run(&chk, text_read, &src, "test", NULL);
	vc_pgnfix_tap_end(r.fx);
	vc_checker_release(&chk);
	fclose(f);
	cr_assert_eq(vc_pgnfix_fixed(r.fx), 2);
	cr_assert_not(vc_pgnfix_failed(r.fx));
	cr_assert_str_eq(out, want);
	free(out);
	vc_pgnfix_free(r.fx);
	vc_pgnfix_free(NULL);
	vc_judge_release(&r.judge);
}

/* Empty pieces of input (an empty member, a read of 0 bytes) before any
 * byte is held: nothing is written and nothing is touched (found by
 * tests/fuzz/fuzz_cmd.c: a 0-byte tap on a fixer holding nothing gave
 * memcpy a null pointer, undefined behaviour that make check-asan stops
 * on). */
Test(pgnfix, empty_pieces_are_nothing)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	cr_assert(f);
	struct vc_pgnfix *fx = vc_pgnfix_new(f);
	cr_assert_not_null(fx);
	vc_pgnfix_tap(fx, NULL, 0);
	vc_pgnfix_tap_begin(fx, "empty", "a.pgn");
	vc_pgnfix_tap(fx, NULL, 0);
	vc_pgnfix_tap(fx, "", 0);
	vc_pgnfix_tap_end(fx);
	vc_pgnfix_tap_begin(fx, "empty", "b.pgn");
	vc_pgnfix_tap(fx, NULL, 0);
	vc_pgnfix_tap_drop(fx);
	vc_pgnfix_tap_begin(fx, "one", NULL);
	vc_pgnfix_tap(fx, "1. e4 *", 7);
	vc_pgnfix_tap(fx, NULL, 0);
	vc_pgnfix_tap_end(fx);
	fflush(f);
	cr_assert_eq(len, 7);
	cr_assert_str_eq(out, "1. e4 *");
	cr_assert_eq(vc_pgnfix_fixed(fx), 0);
	cr_assert_not(vc_pgnfix_failed(fx));
	fclose(f);
	free(out);
	vc_pgnfix_free(fx);
}

/* The event's name (the HTML page's title): the Event tag when every game
 * has the same one, kept through merges; else none. */
Test(standings, event_name_shared_by_every_game)
{
	static const char one[] = "[Event \"Open <A&B>\"]\n[White \"A\"]\n[Black \"B\"]\n"
	                          "[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n"
	                          "[Event \"Open <A&B>\"]\n[White \"B\"]\n[Black \"A\"]\n"
	                          "[Result \"*\"]\n\n1. e4 *\n";
	static const char other[] = "[Event \"Blitz\"]\n[White \"A\"]\n[Black \"B\"]\n"
	                            "[Result \"1-0\"]\n\n1. e4 e5 1-0\n";
	static const char unknown[] = "[Event \"?\"]\n[White \"A\"]\n[Black \"B\"]\n"
	                              "[Result \"1-0\"]\n\n1. e4 e5 1-0\n";
	struct run r1, r2;
	run_pgn(&r1, one); /* an unfinished game counts too */
	cr_assert_str_eq(vc_standings_event(&r1.st), "Open <A&B>");
	run_pgn(&r2, one);
	cr_assert_eq(vc_standings_merge(&r1.st, &r2.st), 0); /* the same: kept */
	cr_assert_str_eq(vc_standings_event(&r1.st), "Open <A&B>");
	run_release(&r2);
	run_pgn(&r2, other);
	cr_assert_str_eq(vc_standings_event(&r2.st), "Blitz");
	cr_assert_eq(vc_standings_merge(&r1.st, &r2.st), 0); /* two events: none */
	cr_assert_null(vc_standings_event(&r1.st));
	run_release(&r2);
	run_release(&r1);
	run_pgn(&r1, unknown);
	cr_assert_null(vc_standings_event(&r1.st));
	run_release(&r1);
	struct vc_standings empty;
	vc_standings_init(&empty);
	cr_assert_null(vc_standings_event(&empty));
	run_pgn(&r1, one);
	cr_assert_eq(vc_standings_merge(&r1.st, &empty), 0); /* no game: no change */
	cr_assert_str_eq(vc_standings_event(&r1.st), "Open <A&B>");
	cr_assert_eq(vc_standings_merge(&empty, &r1.st), 0);
	cr_assert_str_eq(vc_standings_event(&empty), "Open <A&B>");
	run_release(&r1);
	vc_standings_release(&empty);
}
