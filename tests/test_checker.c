/* Tests of the game checker through its record API (lib/checker.h), with
 * no PGN reader: the events a reader would deliver are made here. Also the
 * finding codes (lib/finding.h), clock comments (lib/clock.h) and result
 * words (lib/record.h).
 */
#include <criterion/criterion.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "checker.h"
#include "clock.h"
#include "finding.h"
#include "input.h"
#include "pgn_checker.h"
#include "record.h"
#include "san.h"
#include "undo.h"
#include "text_src.h"

/* ---- a driver ------------------------------------------------------------- */

struct got {
	int ngames;
	int stop_with;             /* on_game's return */
	struct vc_gc_game rec;     /* the last record (pointers not kept) */
};

static int grab(void *user, const struct vc_gc_game *g)
{
	struct got *t = user;
	t->ngames++;
	t->rec = *g;
	return t->stop_with;
}

static struct vc_checker chk;
static struct got got;

static void open_checker(void)
{
	memset(&got, 0, sizeof got);
	struct vc_gc_options opt = { .rules = VC_RULES_FIDE };
	cr_assert_eq(vc_checker_init(&chk, &opt, grab, &got), VC_F_OK);
	vc_checker_set_source(&chk, "test.pgn", NULL);
}

static void close_checker(void)
{
	vc_checker_release(&chk);
}

static struct vc_loc at(uint64_t line, uint64_t column)
{
	return (struct vc_loc){ .offset = 0, .line = line, .column = column };
}

static int tag(const char *name, const char *value, uint64_t line)
{
	struct vc_loc l = at(line, 1);
	return vc_checker_tag(&chk, name, value, strlen(value), &l);
}

static int move_at(const char *text, uint64_t line, uint64_t column, unsigned depth)
{
	struct vc_move_token t = {
		.text = text, .len = strlen(text), .loc = at(line, column), .depth = depth,
	};
	return vc_checker_move(&chk, &t);
}

/* Plays the space-separated tokens of `moves` on line `line`, each at its
 * column; all must be accepted. */
static void moves(const char *list, uint64_t line)
{
	char buf[512];
	snprintf(buf, sizeof buf, "%s", list);
	for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
		cr_assert_eq(move_at(tok, line, (uint64_t)(tok - buf) + 1, 0), VC_CONTINUE,
		             "token %s", tok);
}

static int comment(const char *text, uint64_t line)
{
	struct vc_loc l = at(line, 1);
	return vc_checker_comment(&chk, text, strlen(text), &l);
}

static void begin(void)
{
	struct vc_loc l = at(1, 1);
	cr_assert_eq(vc_checker_begin_game(&chk, 1, &l), VC_CONTINUE);
}

static int end(uint64_t line)
{
	struct vc_loc l = at(line, 1);
	return vc_checker_end_game(&chk, &l, NULL, 0);
}

static int result(const char *text, uint64_t line, uint64_t column)
{
	struct vc_loc l = at(line, column);
	return vc_checker_result(&chk, text, VC_RTOK_NONE, &l);
}

TestSuite(checker, .init = open_checker, .fini = close_checker);

/* ---- moves ---------------------------------------------------------------- */

Test(checker, valid_game)
{
	begin();
	tag("Event", "t", 1);
	tag("Result", "1-0", 2);
	moves("f3 e5 g4 Qh4#", 4);
	result("0-1", 4, 20);
	end(4);
	cr_assert_eq(got.ngames, 1);
	/* mate: the Result tag contradicts the movetext and the board */
	cr_assert_not(got.rec.valid);
	cr_assert_eq(got.rec.nfindings, 2);
	cr_assert_eq(got.rec.findings[0].code, VC_F_RESULT_MISMATCH);
	cr_assert_eq(got.rec.findings[0].line, 4);
	cr_assert_eq(got.rec.findings[0].column, 20);
	cr_assert_eq(got.rec.findings[1].code, VC_F_RESULT_CONTRADICTS_BOARD);
	cr_assert_eq(got.rec.board.termination, VC_TERM_CHECKMATE);
	cr_assert_eq(got.rec.plies, 4);
}

Test(checker, illegal_move_has_code_line_column_ply)
{
	begin();
	tag("Event", "t", 1);
	cr_assert_eq(move_at("e4", 3, 4, 0), VC_CONTINUE);
	cr_assert_eq(move_at("e5", 3, 7, 0), VC_CONTINUE);
	cr_assert_eq(move_at("Ke3", 3, 13, 0), VC_SKIP);
	cr_assert_eq(move_at("d4", 3, 17, 0), VC_SKIP); /* the game is skipped */
	end(3);
	const struct vc_finding *f = &got.rec.findings[0];
	cr_assert_eq(got.rec.nfindings, 2); /* and missing-result-tag */
	cr_assert_eq(f->code, VC_F_ILLEGAL_MOVE);
	cr_assert(f->error);
	cr_assert_eq(f->line, 3);
	cr_assert_eq(f->column, 13);
	cr_assert_eq(f->ply, 3);
	cr_assert_str_eq(f->move, "2.Ke3");
	cr_assert_not(f->variation);
	cr_assert_eq(got.rec.findings[1].code, VC_F_MISSING_RESULT_TAG);
	cr_assert_not(got.rec.findings[1].error);
	cr_assert_not(got.rec.valid);
	cr_assert_eq(got.rec.plies, 2);
}

Test(checker, variation_move_from_its_branch)
{
	begin();
	tag("Result", "*", 1);
	moves("e4 e5", 2);
	struct vc_loc l = at(2, 10);
	cr_assert_eq(vc_checker_begin_variation(&chk, 1, &l), VC_CONTINUE);
	cr_assert_eq(move_at("c5", 2, 11, 1), VC_CONTINUE); /* replaces 1...e5 */
	cr_assert_eq(move_at("Nf6", 2, 14, 1), VC_SKIP);    /* White's turn */
	end(2);
	const struct vc_finding *f = &got.rec.findings[0];
	cr_assert_eq(f->code, VC_F_ILLEGAL_MOVE);
	cr_assert_eq(f->ply, 3);
	cr_assert(f->variation);
}

Test(checker, move_warning_codes)
{
	begin();
	tag("Result", "*", 1);
	moves("e2e4 e5", 2);
	end(2);
	cr_assert_eq(got.rec.nfindings, 1);
	cr_assert_eq(got.rec.findings[0].code, VC_F_UCI_MOVE);
	cr_assert_not(got.rec.findings[0].error);
	cr_assert(got.rec.valid);
}

Test(checker, reader_findings)
{
	struct vc_loc l = at(7, 3);
	/* between games: ignored (the input loop reports the input) */
	cr_assert_eq(vc_checker_finding(&chk, VC_F_READ_ERROR, "x", &l), VC_CONTINUE);
	begin();
	tag("Result", "*", 1);
	moves("e4", 2);
	cr_assert_eq(vc_checker_finding(&chk, VC_F_MISSING_RESULT, "no result", &l),
	             VC_CONTINUE);
	cr_assert_eq(vc_checker_finding(&chk, VC_F_PGN_SYNTAX, "bad byte", &l), VC_CONTINUE);
	cr_assert_eq(move_at("e5", 7, 9, 0), VC_SKIP); /* an error ends the check */
	end(7);
	cr_assert_eq(got.rec.nfindings, 2);
	cr_assert_eq(got.rec.findings[0].code, VC_F_MISSING_RESULT);
	cr_assert_eq(got.rec.findings[0].ply, 0);
	cr_assert_eq(got.rec.findings[1].code, VC_F_PGN_SYNTAX);
	cr_assert_eq(got.rec.findings[1].ply, 1);
	cr_assert_eq(got.rec.findings[1].line, 7);
	cr_assert_eq(got.rec.findings[1].column, 3);
	cr_assert_str_eq(got.rec.findings[1].message, "bad byte");
	cr_assert_eq(got.rec.nerrors, 1);
	cr_assert_eq(got.rec.nwarnings, 1);
}

/* The main line's ply limit (the reader's limits.plies; vchess-validate(1)
 * LIMITS: 20000): that many plies stand, the next is refused, and the
 * finding names that next ply, as the game line's own limit does. */
static void read_limited(const char *in, unsigned long plies)
{
	struct text_src src = { in, strlen(in) };
	struct vc_pgn_visitor vis;
	vc_checker_visitor(&chk, &vis, "test.pgn", NULL);
	struct vc_pgn_options po;
	memset(&po, 0, sizeof po);
	po.limits.plies = plies;
	struct vc_pgn_reader rd;
	cr_assert_eq(vc_pgn_reader_init(&rd, text_read, &src, &vis, &po), 0);
	vc_pgn_read(&rd);
	vc_pgn_reader_release(&rd);
}

Test(checker, ply_limit_names_the_refused_ply)
{
	read_limited("[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n", 3);
	cr_assert_eq(got.ngames, 1);
	cr_assert(got.rec.valid); /* at the limit: no finding */
	cr_assert_eq(got.rec.plies, 3);
	memset(&got, 0, sizeof got);
	read_limited("[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n", 3);
	cr_assert_eq(got.ngames, 1);
	cr_assert_eq(got.rec.plies, 3);
	cr_assert_eq(got.rec.nfindings, 1);
	cr_assert_eq(got.rec.findings[0].code, VC_F_LIMIT_PLIES);
	cr_assert_eq(got.rec.findings[0].ply, 4, "ply %d", got.rec.findings[0].ply);
	cr_assert_str_eq(got.rec.findings[0].message, "more than 3 plies in the main line");
}

Test(checker, on_game_stop)
{
	got.stop_with = 1;
	begin();
	moves("e4", 1);
	cr_assert_eq(end(1), VC_STOP);
	cr_assert_eq(got.ngames, 1);
}

Test(checker, clock_comment_is_the_movers)
{
	begin();
	tag("Result", "*", 1);
	comment("[%clk 0:05:00]", 2); /* before any move: nobody's */
	moves("e4", 2);
	comment("[%clk 0:04:59.5]", 2);
	moves("e5", 3);
	comment("{engine 0.3} [%clk 1:02]", 3);
	end(3);
	cr_assert_float_eq(got.rec.last_clock[VC_WHITE], 299.5, 1e-9);
	cr_assert_float_eq(got.rec.last_clock[VC_BLACK], 62, 1e-9);
}

/* ---- Undo Chess --------------------------------------------------------------- */

static void undo_game(const char *tokens)
{
	begin();
	tag("Variant", "Undo Chess", 1);
	if (tokens)
		tag("TakebackTokens", tokens, 2);
	tag("Result", "*", 3);
}

Test(checker, undo_takeback_passes_a_token)
{
	undo_game("1");
	moves("e4 e5", 5);
	cr_assert_eq(move_at("undo", 5, 7, 0), VC_CONTINUE); /* White takes back */
	moves("d4 d5", 6);
	/* White holds no token now */
	cr_assert_eq(move_at("undo", 6, 7, 0), VC_SKIP);
	end(6);
	cr_assert_eq(vc_undo_of(&got.rec)->takebacks, 1);
	cr_assert_eq(vc_undo_of(&got.rec)->tokens[VC_WHITE], 0);
	cr_assert_eq(vc_undo_of(&got.rec)->tokens[VC_BLACK], 2);
	cr_assert_eq(vc_undo_of(&got.rec)->moves, 4);
	cr_assert_eq(got.rec.plies, 2);
	cr_assert_eq(got.rec.nfindings, 1);
	const struct vc_finding *f = &got.rec.findings[0];
	cr_assert_eq(f->code, VC_F_TAKEBACK_WITHOUT_TOKEN);
	cr_assert_eq(f->line, 6);
	cr_assert_eq(f->column, 7);
	cr_assert_eq(f->ply, 3);
}

Test(checker, undo_too_early_and_default_tokens)
{
	undo_game(NULL);
	moves("e4", 2);
	cr_assert_eq(move_at("undo", 2, 4, 0), VC_SKIP); /* Black has no move yet */
	end(2);
	cr_assert_eq(got.rec.findings[0].code, VC_F_TAKEBACK_TOO_EARLY);
	cr_assert_eq(vc_undo_of(&got.rec)->tokens[VC_WHITE], 2);
	cr_assert_eq(vc_undo_of(&got.rec)->tokens[VC_BLACK], 2);
}

Test(checker, undo_bad_tokens_tag)
{
	undo_game("4");
	cr_assert_eq(move_at("e4", 5, 1, 0), VC_SKIP);
	end(5);
	cr_assert_eq(got.rec.findings[0].code, VC_F_BAD_TOKENS_TAG);
	cr_assert_eq(got.rec.findings[0].line, 2);
	cr_assert_eq(vc_undo_of(&got.rec)->tokens[VC_WHITE], -1);
}

Test(checker, undo_in_variation)
{
	undo_game("1");
	moves("e4 e5", 5);
	struct vc_loc l = at(5, 7);
	vc_checker_begin_variation(&chk, 1, &l);
	cr_assert_eq(move_at("undo", 5, 8, 1), VC_SKIP);
	end(5);
	cr_assert_eq(got.rec.findings[0].code, VC_F_TAKEBACK_IN_VARIATION);
	cr_assert(got.rec.findings[0].variation);
}

Test(checker, undo_in_a_standard_game)
{
	begin();
	tag("Result", "*", 1);
	moves("e4 e5", 2);
	cr_assert_eq(move_at("undo", 2, 7, 0), VC_SKIP);
	end(2);
	cr_assert_eq(got.rec.nfindings, 1);
	cr_assert_eq(got.rec.findings[0].code, VC_F_TAKEBACK_WRONG_VARIANT);
	cr_assert_eq(got.rec.findings[0].ply, 3);
}

Test(checker, undo_pending_mate_awaits_decision)
{
	undo_game("1");
	moves("f3 e5 g4 Qh4#", 5);
	cr_assert_eq(result("*", 5, 20), VC_CONTINUE);
	end(5);
	cr_assert(vc_undo_of(&got.rec)->pending);
	cr_assert_eq(got.rec.board.termination, VC_TERM_AWAITING_DECISION);
	cr_assert_eq(got.rec.nfindings, 1);
	cr_assert_eq(got.rec.findings[0].code, VC_F_AWAITING_DECISION);
	cr_assert_not(got.rec.findings[0].error);
}

Test(checker, undo_clock_given_back)
{
	undo_game("1");
	tag("TimeControl", "300+2", 4);
	moves("e4", 5);
	comment("[%clk 0:04:50]", 5);
	moves("e5", 5);
	comment("[%clk 0:04:40]", 5);
	cr_assert_eq(move_at("undo", 6, 1, 0), VC_CONTINUE); /* White's: e4 e5 gone */
	comment("[%clk 0:04:55]", 6); /* 4:50 before, +2 allowed: given back */
	end(6);
	cr_assert_eq(got.rec.nfindings, 1);
	cr_assert_eq(got.rec.findings[0].code, VC_F_CLOCK_GIVEN_BACK);
}

Test(checker, tag_value_gives_the_last_of_a_name_and_where)
{
	begin();
	tag("Event", "first", 1);
	tag("Site", "here", 2);
	tag("Event", "second", 3);
	uint64_t line = 0, column = 0;
	cr_assert_str_eq(vc_checker_tag_value(&chk, "Event", &line, &column), "second");
	cr_assert_eq(line, 3);
	cr_assert_eq(column, 1);
	cr_assert_str_eq(vc_checker_tag_value(&chk, "Site", NULL, NULL), "here");
	cr_assert_null(vc_checker_tag_value(&chk, "event", &line, NULL)); /* case matters */
	cr_assert_null(vc_checker_tag_value(&chk, "Round", NULL, NULL));
	end(4);
	/* the next game starts with no tags */
	begin();
	cr_assert_null(vc_checker_tag_value(&chk, "Event", NULL, NULL));
	end(5);
}

/* A sink that writes what it is given as "key=value;" and "key{...}". */
static char sunk[512];

static void sunk_put(const char *fmt, const char *key, long long v)
{
	size_t n = strlen(sunk);
	snprintf(sunk + n, sizeof sunk - n, fmt, key, v);
}
static void sunk_begin(void *u, const char *key) { (void)u; sunk_put("%s{", key, 0); }
static void sunk_end(void *u) { (void)u; sunk_put("%s}", "", 0); }
static void sunk_int(void *u, const char *key, int64_t v) { (void)u; sunk_put("%s=%lld;", key, v); }
static void sunk_null(void *u, const char *key) { (void)u; sunk_put("%s=null;", key, 0); }

static const struct vc_gc_sink test_sink = {
	.begin = sunk_begin, .end = sunk_end, .integer = sunk_int, .null = sunk_null,
};

Test(checker, undo_state_reaches_reports_through_the_hooks)
{
	undo_game("1");
	moves("e4 e5", 5);
	cr_assert_eq(move_at("undo", 5, 7, 0), VC_CONTINUE);
	end(5);
	cr_assert_eq(got.rec.rules, &vc_undo_rules);
	int n[2];
	cr_assert(vc_gc_counts(&got.rec, n));
	cr_assert_eq(n[VC_WHITE], 0);
	cr_assert_eq(n[VC_BLACK], 2);
	sunk[0] = 0;
	vc_gc_members(&got.rec, VC_GC_AT_RECORD, NULL, &test_sink);
	cr_assert_str_eq(sunk, "tokens{white=0;black=2;}events{moves=2;takebacks=1;}");
	char buf[96];
	cr_assert_str_eq(vc_gc_text(&got.rec, VC_GC_AT_END, NULL, VC_WHITE, buf, sizeof buf),
	                 " (2 moves, 1 take-back), tokens 0/2");
	/* the tags its rules read: a plain PGN writer drops them */
	cr_assert_eq(vc_game_rules_tag_owner("TakebackTokens"), &vc_undo_rules);
	cr_assert_null(vc_game_rules_tag_owner("PlyCount"));
}

Test(checker, undo_state_is_fresh_when_the_rules_do_not_start)
{
	undo_game("1");
	moves("e4 e5", 5);
	cr_assert_eq(move_at("undo", 5, 7, 0), VC_CONTINUE);
	end(5);
	/* next game: Undo Chess with a FEN that cannot be read, so the rules
	 * never start; the report must not show the last game's tokens */
	begin();
	tag("Variant", "Undo Chess", 1);
	tag("SetUp", "1", 2);
	tag("FEN", "not a fen", 3);
	end(4);
	const struct vc_gc_undo *u = vc_undo_of(&got.rec);
	cr_assert_not_null(u);
	cr_assert_eq(u->tokens[VC_WHITE], 0);
	cr_assert_eq(u->tokens[VC_BLACK], 0);
	cr_assert_eq(u->takebacks, 0);
	cr_assert_eq(u->moves, 0);
}

Test(checker, no_game_level_state_in_other_variants)
{
	begin();
	tag("Result", "*", 1);
	moves("e4 e5", 2);
	end(2);
	cr_assert_null(got.rec.rules);
	cr_assert_null(vc_undo_of(&got.rec));
	int n[2];
	cr_assert_not(vc_gc_counts(&got.rec, n));
	cr_assert_eq(n[0], -1);
	sunk[0] = 0;
	vc_gc_members(&got.rec, VC_GC_AT_RECORD, NULL, &test_sink);
	cr_assert_str_eq(sunk, "");
	char buf[8];
	cr_assert_str_eq(vc_gc_text(&got.rec, VC_GC_AT_START, NULL, VC_WHITE, buf, sizeof buf), "");
}

/* ---- clock comments ----------------------------------------------------------- */

static double clk(const char *s)
{
	return vc_clock_parse(s, strlen(s));
}

Test(clock, forms)
{
	cr_assert_float_eq(clk("[%clk 1:02:03]"), 3723, 1e-9);
	cr_assert_float_eq(clk("[%clk 2:03]"), 123, 1e-9);           /* M:SS */
	cr_assert_float_eq(clk("[%clk 0:00:05.25]"), 5.25, 1e-9);    /* fraction */
	cr_assert_float_eq(clk("[%clk 1:30.5]"), 90.5, 1e-9);
	cr_assert_float_eq(clk("[%clk 1:2:3]"), 3723, 1e-9);         /* one digit */
	cr_assert_float_eq(clk("[%clk\t0:00:59]"), 59, 1e-9);
	cr_assert_float_eq(clk("%clk0:01"), 1, 1e-9);
	cr_assert_float_eq(clk("[%clk 123:00:00]"), 123 * 3600.0, 1e-9); /* hours unbounded */
	cr_assert_float_eq(clk("[%clk 0:00:00]"), 0, 1e-9);
}

Test(clock, malformed)
{
	cr_assert_eq(clk(""), -1);
	cr_assert_eq(clk("no clock here"), -1);
	cr_assert_eq(clk("[%emt 0:00:05]"), -1);
	cr_assert_eq(clk("[%clk 5]"), -1);             /* one part */
	cr_assert_eq(clk("[%clk 1:60:00]"), -1);       /* minutes under 60 */
	cr_assert_eq(clk("[%clk 1:00:60]"), -1);       /* seconds under 60 */
	/* a fraction ends the clock (it is on the seconds): M:SS.f here */
	cr_assert_float_eq(clk("[%clk 0:59.5:00]"), 59.5, 1e-9);
	cr_assert_eq(clk("[%clk 1:002:03]"), -1);      /* at most two digits */
	cr_assert_eq(clk("[%clk 1:02:034]"), -1);
	cr_assert_eq(clk("[%clk 1:02:03:04]"), -1);    /* a fourth part */
	cr_assert_eq(clk("[%clk :02:03]"), -1);
	cr_assert_eq(clk("[%clk 1234567890:00]"), -1); /* first part over 9 digits */
}

Test(clock, first_wellformed_wins)
{
	cr_assert_float_eq(clk("[%clk x] [%clk 0:01:00]"), 60, 1e-9);
	cr_assert_float_eq(clk("[%clk 0:00:10] [%clk 0:00:20]"), 10, 1e-9);
	/* the length bounds the text, no NUL needed */
	const char s[] = "[%clk 0:00:429";
	cr_assert_float_eq(vc_clock_parse(s, sizeof s - 2), 42, 1e-9);
	cr_assert_eq(vc_clock_parse(s, sizeof s - 1), -1); /* 429: three digits */
	cr_assert_eq(vc_clock_parse("[%cl", 4), -1);
}

Test(clock, text)
{
	char b[32];
	vc_clock_text(3723, b, sizeof b);
	cr_assert_str_eq(b, "1:02:03");
	vc_clock_text(5.25, b, sizeof b);
	cr_assert_str_eq(b, "0:00:05.25");
	vc_clock_text(0.1, b, sizeof b);
	cr_assert_str_eq(b, "0:00:00.1");
	vc_clock_text(177.3, b, sizeof b);
	cr_assert_str_eq(b, "0:02:57.3");
	vc_clock_text(360000, b, sizeof b);
	cr_assert_str_eq(b, "100:00:00");
	vc_clock_text(3723, b, 4); /* truncated, terminated */
	cr_assert_str_eq(b, "1:0");
	/* text -> parse round trip */
	for (double s = 0; s < 7300; s += 97.125) {
		char c[48];
		vc_clock_text(s, b, sizeof b);
		snprintf(c, sizeof c, "[%%clk %s]", b);
		cr_assert_float_eq(clk(c), s, 1e-6, "%s", c);
	}
}

/* ---- result words --------------------------------------------------------------- */

Test(result, parse_and_string)
{
	static const enum vc_result all[] = { VC_RES_NONE, VC_RES_WHITE, VC_RES_BLACK,
	                                      VC_RES_DRAW };
	for (size_t i = 0; i < sizeof all / sizeof *all; i++) {
		enum vc_result r = (enum vc_result)99;
		cr_assert(vc_result_parse(vc_result_string(all[i]), &r));
		cr_assert_eq(r, all[i]);
	}
	enum vc_result r = VC_RES_WHITE;
	cr_assert_not(vc_result_parse(NULL, &r));
	cr_assert_not(vc_result_parse("", &r));
	cr_assert_not(vc_result_parse("1-0 ", &r));
	cr_assert_not(vc_result_parse("1/2", &r));
	cr_assert_not(vc_result_parse("\xC2\xBD-\xC2\xBD", &r));
	cr_assert_eq(r, VC_RES_WHITE); /* untouched */
}

/* ---- finding codes -------------------------------------------------------------- */

static bool kebab(const char *w)
{
	if (!*w || *w == '-')
		return false;
	for (const char *p = w; *p; p++) {
		if (*p == '-' ? (p[1] == '-' || p[1] == 0)
		              : !(islower((unsigned char)*p) || isdigit((unsigned char)*p)))
			return false;
	}
	return true;
}

Test(finding, words_unique_kebab_round_trip)
{
	for (int i = 0; i < VC_F_COUNT; i++) {
		const char *w = vc_code_word((enum vc_code)i);
		cr_assert(w && kebab(w), "code %d: \"%s\"", i, w ? w : "(null)");
		cr_assert_eq(vc_code_from_word(w), (enum vc_code)i, "%s", w);
		cr_assert(vc_strerror((enum vc_code)i)[0], "%s", w);
		for (int j = 0; j < i; j++)
			cr_assert_str_neq(w, vc_code_word((enum vc_code)j));
	}
	cr_assert_str_eq(vc_code_word(VC_F_COUNT), "unknown");
	cr_assert_str_eq(vc_code_word((enum vc_code)-1), "unknown");
	cr_assert_eq(vc_code_from_word("no-such-code"), VC_F_COUNT);
	cr_assert_str_eq(vc_strerror(VC_F_COUNT), "unknown finding");
	cr_assert_str_eq(vc_code_word(VC_F_ILLEGAL_MOVE), "illegal-move");
	cr_assert_str_eq(vc_code_word(VC_F_LIMIT_VARIATION_DEPTH), "limit-variation-depth");
}

Test(finding, severity)
{
	/* the warnings, as documented in finding.h, pgn.h and undo.h */
	static const enum vc_code warnings[] = {
		VC_F_OK, VC_F_MISSING_RESULT, VC_F_ENCODING_LATIN1, VC_F_NONSTANDARD_NOTATION,
		VC_F_RESULT_IN_VARIATION, VC_F_BAD_NAG, VC_F_LIMIT_RAW, VC_F_DUPLICATE_TAG,
		VC_F_SETUP_WITHOUT_FEN, VC_F_FEN_WITHOUT_SETUP, VC_F_FEN_TRAILING_TEXT,
		VC_F_VARIANT_TAG_OVERRIDDEN,
		VC_F_FEN_EP_IMPOSSIBLE, VC_F_FEN_CASTLING_DROPPED, VC_F_FEN_NO_CLOCKS,
		VC_F_FEN_CHESS960, VC_F_CASTLING_IGNORED, VC_F_ZERO_CASTLING, VC_F_PROMOTION_FORM,
		VC_F_MISSING_CAPTURE_MARK, VC_F_SUPERFLUOUS_CAPTURE_MARK, VC_F_OVER_DISAMBIGUATED,
		VC_F_KING_MOVE_CASTLING, VC_F_UCI_MOVE, VC_F_CHECK_SUFFIX, VC_F_LONG_ALGEBRAIC,
		VC_F_MISSING_RESULT_TAG, VC_F_UNFINISHED_RESULT, VC_F_PLYCOUNT_MISMATCH,
		VC_F_AWAITING_DECISION, VC_F_MOVE_AFTER_DRAW, VC_F_UNWINNABILITY_UNDETERMINED,
		VC_F_FEN_CASTLING_ORDER, VC_F_LOWERCASE_CASTLING, VC_F_SUPERFLUOUS_EP_MARK,
		VC_F_DUPLICATE_OF,
		VC_F_EMPTY_INPUT,
	};
	for (int i = 0; i < VC_F_COUNT; i++) {
		bool warning = false;
		for (size_t k = 0; k < sizeof warnings / sizeof *warnings; k++)
			warning |= warnings[k] == (enum vc_code)i;
		cr_assert_eq(vc_code_is_error((enum vc_code)i), !warning, "%s",
		             vc_code_word((enum vc_code)i));
	}
	cr_assert_not(vc_code_is_error(VC_F_COUNT));
	/* the PGN reader's errors are one contiguous block */
	for (int i = VC_F_PGN_SYNTAX; i <= VC_F_OUT_OF_MEMORY; i++)
		cr_assert(vc_code_is_error((enum vc_code)i));
}

Test(finding, lower_layers_map_to_their_words)
{
	for (int st = VC_FEN_SYNTAX; st < VC_FEN_NERRORS; st++) {
		enum vc_code c = vc_code_of_fen_status(st);
		cr_assert_str_eq(vc_code_word(c), vc_fen_code((enum vc_fen_status)st));
		cr_assert_str_eq(vc_strerror(c), vc_fen_strerror((enum vc_fen_status)st));
	}
	cr_assert_eq(vc_code_of_fen_status(VC_FEN_OK), VC_F_OK);
	for (int st = VC_SAN_SYNTAX; st <= VC_SAN_IMPOSSIBLE; st++)
		cr_assert_str_eq(vc_code_word(vc_code_of_san_status(st)),
		                 vc_san_code((enum vc_san_status)st));
	for (unsigned bit = 1; bit <= VC_SANW_LONG_ALGEBRAIC; bit <<= 1) {
		enum vc_code c = vc_code_of_san_warning(bit);
		cr_assert_str_eq(vc_code_word(c), vc_san_warning_code(bit));
		cr_assert_str_eq(vc_strerror(c), vc_san_warning_message(bit));
	}
	cr_assert_eq(vc_code_of_san_warning(3), VC_F_OK); /* not one bit */
	static const char *const fenw[] = { "fen-ep-impossible", "fen-castling-dropped",
		"fen-no-clocks", "fen-chess960", "castling-ignored" };
	static const unsigned fenw_bits[] = { VC_FENW_EP_IMPOSSIBLE, VC_FENW_CASTLING_DROPPED,
		VC_FENW_NO_CLOCKS, VC_FENW_CHESS960, VC_FENW_CASTLING_IGNORED };
	for (size_t i = 0; i < 5; i++)
		cr_assert_str_eq(vc_code_word(vc_code_of_fen_warning(fenw_bits[i])), fenw[i]);
	cr_assert_eq(vc_code_of_fen_warning(1u << 20), VC_F_OK);
	for (int k = VC_INPUT_OK; k <= VC_INPUT_ENOMEM; k++)
		cr_assert_str_eq(vc_code_word(vc_input_errkind_code((enum vc_input_errkind)k)),
		                 vc_input_errkind_name((enum vc_input_errkind)k));
	cr_assert_eq(vc_input_errkind_code(VC_INPUT_EOPEN), VC_F_CANNOT_OPEN);
}
