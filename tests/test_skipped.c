/* Tests for the report's skipped games, empty inputs and counts in number
 * (formats/report.h: vc_report_skip_reason, vc_report_input_warning, the
 * text summary; vchess-validate(1) SKIPPED GAMES, CODES, REPORTS). The
 * games go through the checker as cmd/validate.c runs it. */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checker.h"
#include "pgn_checker.h"
#include "report.h"

#define MAX_GAMES 16

struct seen {
	struct vc_report *rep;     /* NULL: nothing reported */
	bool strict;
	int n;
	enum vc_code skip[MAX_GAMES];
	bool valid[MAX_GAMES];
	bool unsupported[MAX_GAMES]; /* the record has unsupported-variant */
	int nerrors[MAX_GAMES];
};

static int on_game(void *user, const struct vc_gc_game *g)
{
	struct seen *s = user;
	cr_assert_lt(s->n, MAX_GAMES);
	s->skip[s->n] = vc_report_skip_reason(g, s->strict);
	s->valid[s->n] = g->valid;
	s->nerrors[s->n] = g->nerrors;
	for (int i = 0; i < g->nfindings; i++)
		s->unsupported[s->n] |= g->findings[i].code == VC_F_UNSUPPORTED_VARIANT;
	s->n++;
	if (s->rep)
		vc_report_game(s->rep, g, NULL, NULL);
	return 0;
}

/* Check the PGN text `pgn` (NUL-terminated) into *s. */
static void check_text(const char *pgn, struct seen *s)
{
	struct vc_gc_options go = { .strict = s->strict };
	struct vc_checker chk;
	cr_assert_eq(vc_checker_init(&chk, &go, on_game, s), 0);
	FILE *in = fmemopen((void *)pgn, strlen(pgn), "rb");
	cr_assert_not_null(in);
	vc_checker_run(&chk, vc_pgn_stdio_read, in, "t.pgn", NULL);
	fclose(in);
	vc_checker_release(&chk);
}

static void check_file(const char *path, struct seen *s)
{
	struct vc_gc_options go = { .strict = s->strict };
	struct vc_checker chk;
	cr_assert_eq(vc_checker_init(&chk, &go, on_game, s), 0);
	FILE *in = fopen(path, "rb");
	cr_assert_not_null(in, "cannot open %s", path);
	vc_checker_run(&chk, vc_pgn_stdio_read, in, path, NULL);
	fclose(in);
	vc_checker_release(&chk);
}

static const char mixed[] = "tests/data/validate/mixed-variants.pgn";

/* Every variant RULES.md section 1 names as known but not implemented is
 * skipped; the implemented ones (Giveaway is antichess) are checked. */
Test(skipped, every_unimplemented_variant_and_only_those)
{
	static const struct {
		const char *tag;
		bool skipped;
	} cases[] = {
		{ "Atomic", true }, { "Crazyhouse", true }, { "King of the Hill", true },
		{ "Three-check", true }, { "Horde", true }, { "Racing Kings", true },
		{ "Suicide", true }, { "Giveaway", false }, { "Antichess", false },
		{ "Chess960", false }, { "Standard", false }, { "Shogi", false },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char pgn[256];
		snprintf(pgn, sizeof pgn, "[Variant \"%s\"]\n[Result \"*\"]\n\n1. e3 e6 *\n",
		         cases[i].tag);
		struct seen s = { 0 };
		check_text(pgn, &s);
		cr_assert_eq(s.n, 1);
		cr_assert_eq(s.skip[0], cases[i].skipped ? VC_F_UNSUPPORTED_VARIANT : VC_F_OK,
		             "%s", cases[i].tag);
		/* under --strict nothing is skipped */
		struct seen t = { .strict = true };
		check_text(pgn, &t);
		cr_assert_eq(t.skip[0], VC_F_OK, "%s --strict", cases[i].tag);
		cr_assert_not(t.valid[0] && cases[i].skipped);
	}
}

/* A game with another error besides is invalid, not skipped: broken PGN
 * is broken whatever the variant. */
Test(skipped, another_error_makes_it_invalid)
{
	struct seen s = { 0 };
	check_text("[Variant \"Atomic\"]\n[Result \"*\"]\n[Result \"*\"\n\n1. e4 *\n", &s);
	cr_assert_eq(s.n, 1);
	cr_assert_not(s.valid[0]);
	cr_assert(s.unsupported[0]);
	cr_assert_geq(s.nerrors[0], 2);
	cr_assert_eq(s.skip[0], VC_F_OK);
}

/* The summary counts skipped games apart, not as invalid games, errors or
 * codes, and they do not make the run fail; --strict makes them errors. */
Test(skipped, summary_counts_them_apart)
{
	for (int strict = 0; strict < 2; strict++) {
		char *text = NULL;
		size_t len = 0;
		FILE *mem = open_memstream(&text, &len);
		cr_assert_not_null(mem);
		struct vc_report_options ro = { .command = "validate", .quiet = true,
		                                .strict = strict };
		struct vc_report r;
		vc_report_init(&r, mem, &ro);
		struct seen s = { .rep = &r, .strict = strict };
		check_file(mixed, &s);
		vc_report_summary(&r);
		fclose(mem);
		cr_assert_eq(s.n, 6);
		if (!strict) {
			cr_assert_str_eq(text, "validate: 6 games, 2 valid, 0 invalid, 4 skipped, "
			                       "0 errors, 0 warnings\n");
			cr_assert_not(vc_report_failed(&r));
		} else {
			cr_assert_str_eq(text, "validate: 6 games, 2 valid, 4 invalid, 4 errors, "
			                       "0 warnings\n  unsupported-variant          4\n");
			cr_assert(vc_report_failed(&r));
		}
		free(text);
	}
}

/* JSON: the record says why it was skipped; the summary always has the
 * count. */
Test(skipped, json_record_and_summary)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	cr_assert_not_null(mem);
	struct vc_report_options ro = { .command = "validate", .format = VC_FORMAT_JSONL };
	struct vc_report r;
	vc_report_init(&r, mem, &ro);
	struct seen s = { .rep = &r };
	check_file(mixed, &s);
	vc_report_summary(&r);
	fclose(mem);
	int skipped = 0;
	for (const char *p = text; (p = strstr(p, "\"skipped\":\"unsupported-variant\"")); p++)
		skipped++;
	cr_assert_eq(skipped, 4);
	cr_assert_not_null(strstr(text, "{\"summary\":{\"games\":6,\"valid\":2,\"invalid\":0,"
	                                "\"skipped\":4,\"errors\":0,"));
	free(text);
}

/* Counts agree in number; records of position files are positions. */
Test(skipped, counts_agree_in_number)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	cr_assert_not_null(mem);
	struct vc_report_options ro = { .command = "validate" };
	struct vc_report r;
	vc_report_init(&r, mem, &ro);
	struct seen s = { .rep = &r };
	check_text("[Result \"*\"]\n\n1. e4 Ke7 2. Ke3 *\n", &s);
	vc_report_summary(&r);
	fclose(mem);
	cr_assert_not_null(strstr(text, "\nvalidate: 1 game, 0 valid, 1 invalid, 1 error, "
	                                "0 warnings\n"), "%s", text);
	free(text);

	/* a run of position lines only: positions */
	text = NULL;
	mem = open_memstream(&text, &len);
	vc_report_init(&r, mem, &ro);
	r.position = true;
	struct vc_gc_game g = { .source = "p.epd", .index = 1, .line = 1, .valid = true };
	vc_report_game(&r, &g, NULL, NULL);
	g.index = 2;
	g.line = 2;
	vc_report_game(&r, &g, NULL, NULL);
	vc_report_summary(&r);
	fclose(mem);
	cr_assert_str_eq(text, "validate: 2 positions, 2 valid, 0 invalid, 0 errors, "
	                       "0 warnings\n");
	free(text);

	/* a mixed run: games */
	text = NULL;
	mem = open_memstream(&text, &len);
	vc_report_init(&r, mem, &ro);
	r.position = true;
	vc_report_game(&r, &g, NULL, NULL);
	r.position = false;
	vc_report_game(&r, &g, NULL, NULL);
	vc_report_summary(&r);
	fclose(mem);
	cr_assert_str_eq(text, "validate: 2 games, 2 valid, 0 invalid, 0 errors, 0 warnings\n");
	free(text);
}

static int notes;
static char note_text[512];

static void on_note(const char *command, enum vc_code code, const char *text)
{
	(void)command;
	cr_assert_eq(code, VC_F_EMPTY_INPUT);
	snprintf(note_text, sizeof note_text, "%s", text);
	notes++;
}

/* An empty input: a warning with its code, an error under --strict. */
Test(skipped, empty_input_is_a_warning)
{
	cr_assert_str_eq(vc_code_word(VC_F_EMPTY_INPUT), "empty-input");
	cr_assert_not(vc_code_is_error(VC_F_EMPTY_INPUT));
	for (int strict = 0; strict < 2; strict++) {
		char *text = NULL;
		size_t len = 0;
		FILE *mem = open_memstream(&text, &len);
		cr_assert_not_null(mem);
		struct vc_report_options ro = { .command = "validate", .on_note = on_note,
		                                .strict = strict };
		struct vc_report r;
		vc_report_init(&r, mem, &ro);
		notes = 0;
		vc_report_input_warning(&r, "e.pgn", NULL, VC_F_EMPTY_INPUT, "no game");
		cr_assert_eq(notes, 1);
		cr_assert_str_eq(note_text, "e.pgn: warning: empty-input: no game");
		vc_report_summary(&r);
		fclose(mem);
		if (!strict) {
			cr_assert_str_eq(text, "validate: 0 games, 0 valid, 0 invalid, 0 errors, "
			                       "1 warning\n  empty-input                  1\n");
			cr_assert_not(vc_report_failed(&r));
		} else {
			cr_assert_str_eq(text, "validate: 0 games, 0 valid, 0 invalid, 1 error, "
			                       "0 warnings\n  empty-input                  1\n");
			cr_assert(vc_report_failed(&r));
		}
		free(text);
	}
}
