/* The CI report formats (formats/report_ci.c): escaping, and rendering in
 * fragments joined by vc_report_join equal to rendering straight, as the
 * -j pipeline and a merge of rendered parts do (report.h `fragment`). */
#define _GNU_SOURCE /* open_memstream, fmemopen */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checker.h"
#include "pgn.h"
#include "pgn_checker.h"
#include "report.h"

/* Two sources, the second an archive member; an illegal move, a warning,
 * names with the formats' specials and control characters. */
static const char *const pgn_a =
	"[White \"A, B: 100%\"]\n[Black \"C<D> & \\\"E\\\"\x1b\"]\n[Result \"1-0\"]\n\n"
	"1. e4 e5 2. Ke3 1-0\n\n"
	"[White \"x\"]\n[Black \"y\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *\n\n"
	"[Result \"*\"]\n\n1. d4 *\n";
static const char *const pgn_b =
	"[Result \"*\"]\n\n1. e4 e5 2. e4 *\n\n[Result \"*\"]\n\n1. c4 *\n";
#define SRC_A "we,ird:1%\n.pgn"
#define SRC_B "two.zip"
#define MEMBER_B "in,ner.pgn"

/* Straight: one report on out. Fragments: each game rendered by a
 * fragment report into a buffer of its own, then joined into the main
 * report as the pipeline's write_seg does. */
struct run {
	struct vc_report main;
	struct vc_report part;
	bool fragments;
};

static void merge(struct vc_report *into, const struct vc_report *from)
{
	into->games += from->games;
	into->valid += from->valid;
	into->invalid += from->invalid;
	into->warnings += from->warnings;
	into->errors += from->errors;
	for (int i = 0; i < from->ncodes; i++)
		vc_report_count_code(into, from->code_order[i], from->code_count[from->code_order[i]]);
}

static int on_game(void *user, const struct vc_gc_game *g)
{
	struct run *R = user;
	if (!R->fragments) {
		vc_report_game(&R->main, g, NULL, NULL);
		return 0;
	}
	struct vc_report *p = &R->part;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	cr_assert_not_null(f);
	p->out = f;
	p->games = p->valid = p->invalid = p->warnings = p->errors = 0;
	p->ncodes = 0;
	memset(p->code_count, 0, sizeof p->code_count);
	vc_report_game(p, g, NULL, NULL);
	fclose(f);
	p->out = NULL;
	size_t skip = vc_report_join(&R->main, p, buf, len);
	cr_assert_leq(skip, len);
	fwrite(buf + skip, 1, len - skip, R->main.out);
	merge(&R->main, p);
	free(buf);
	return 0;
}

static void feed(struct run *R, const char *pgn, const char *source, const char *member)
{
	struct vc_gc_options go = {0};
	struct vc_checker chk;
	cr_assert_eq(vc_checker_init(&chk, &go, on_game, R), 0);
	FILE *in = fmemopen((void *)pgn, strlen(pgn), "rb");
	cr_assert_not_null(in);
	vc_checker_run(&chk, vc_pgn_stdio_read, in, source, member);
	fclose(in);
	vc_checker_release(&chk);
}

static char *report(enum vc_format format, bool fragments, bool strict)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	cr_assert_not_null(mem);
	struct vc_report_options ro = { .format = format, .strict = strict, .command = "validate" };
	struct run R = { .fragments = fragments };
	vc_report_init(&R.main, mem, &ro);
	vc_report_init(&R.part, NULL, &ro);
	R.part.fragment = true;
	feed(&R, pgn_a, SRC_A, NULL);
	vc_report_input_error(&R.main, "missing.pgn", NULL, VC_F_CANNOT_OPEN, "No such file");
	feed(&R, pgn_b, SRC_B, MEMBER_B);
	vc_report_summary(&R.main);
	cr_assert_null(R.main.ci_suite, "the summary frees the open testsuite's name");
	fclose(mem);
	return text;
}

Test(report_ci, fragments_join_to_the_same_bytes)
{
	const enum vc_format fs[] = { VC_FORMAT_GITHUB, VC_FORMAT_SARIF, VC_FORMAT_JUNIT };
	for (size_t i = 0; i < 3; i++)
		for (int strict = 0; strict < 2; strict++) {
			char *a = report(fs[i], false, strict), *b = report(fs[i], true, strict);
			cr_assert_str_eq(a, b, "format %d strict %d", (int)fs[i], strict);
			free(a);
			free(b);
		}
}

Test(report_ci, github_escapes)
{
	char *t = report(VC_FORMAT_GITHUB, false, false);
	/* every line one workflow command, the file's specials escaped */
	for (char *l = t; *l; l = strchr(l, '\n') + 1) {
		cr_assert(strncmp(l, "::", 2) == 0, "%s", l);
		cr_assert_not_null(strchr(l, '\n'));
	}
	cr_assert_not_null(strstr(t, "::error file=we%2Cird%3A1%25\\n.pgn,line=5,col=13,"
	                             "title=illegal-move::game 1, ply 3 (2.Ke3): "), "%s", t);
	cr_assert_not_null(strstr(t, "::warning file=we%2Cird%3A1%25\\n.pgn,line=11,"), "%s", t);
	/* a member: the archive as file, the member's place in the message */
	cr_assert_not_null(strstr(t, "::error file=two.zip,title=illegal-move::in,ner.pgn:3:13: "
	                             "game 1, ply 3 (2.e4)"), "%s", t);
	cr_assert_not_null(strstr(t, "::error file=missing.pgn,title=cannot-open::No such file\n"),
	                   "%s", t);
	cr_assert_not_null(strstr(t, "::notice title=vchess validate::5 games, 3 valid, 2 invalid"),
	                   "%s", t);
	cr_assert_null(strchr(t, '\x1b'));
	free(t);
	/* --strict: the warning is an error */
	t = report(VC_FORMAT_GITHUB, false, true);
	cr_assert_null(strstr(t, "::warning"), "%s", t);
	free(t);
}

Test(report_ci, junit_escapes_and_suites)
{
	char *t = report(VC_FORMAT_JUNIT, false, false);
	for (const unsigned char *p = (const unsigned char *)t; *p; p++)
		cr_assert(*p >= 0x20 || *p == '\n', "control character %#x", *p);
	cr_assert_not_null(strstr(t, "name=\"game 1: A, B: 100% - C&lt;D&gt; &amp; &quot;E&quot;"
	                             "\\x1b\""), "%s", t);
	/* one testsuite per input, in order, the summary last */
	const char *a = strstr(t, "<testsuite name=\"we,ird:1%\\n.pgn\">");
	const char *m = strstr(t, "<testsuite name=\"missing.pgn\">");
	const char *b = strstr(t, "<testsuite name=\"two.zip\">");
	const char *s = strstr(t, "<testsuite name=\"vchess validate summary\"");
	cr_assert(a && m && b && s && a < m && m < b && b < s, "%s", t);
	cr_assert_not_null(strstr(t, "classname=\"two.zip:in,ner.pgn\""), "%s", t);
	int suites = 0, ends = 0, failures = 0, cases = 0;
	for (const char *p = t; (p = strstr(p, "<testsuite ")); p++)
		suites++;
	for (const char *p = t; (p = strstr(p, "</testsuite>")); p++)
		ends++;
	for (const char *p = t; (p = strstr(p, "<failure ")); p++)
		failures++;
	for (const char *p = t; (p = strstr(p, "<testcase ")); p++)
		cases++;
	cr_assert_eq(suites, 4);
	cr_assert_eq(ends, 4);
	cr_assert_eq(failures, 2);
	cr_assert_eq(cases, 6); /* five games, one unreadable input */
	free(t);
}

Test(report_ci, sarif_results_and_join)
{
	char *t = report(VC_FORMAT_SARIF, false, false);
	/* results: an error, a warning, the input error, the member's error */
	cr_assert_not_null(strstr(t, "\"results\": [\n{\"ruleId\":\"illegal-move\""), "%s", t);
	cr_assert_not_null(strstr(t, "\"artifactLocation\":{\"uri\":\"we%2Cird%3A1%25%0A.pgn\"},"
	                             "\"region\":{\"startLine\":5,\"startColumn\":13}"), "%s", t);
	cr_assert_not_null(strstr(t, "\"logicalLocations\":[{\"name\":\"in,ner.pgn\","
	                             "\"kind\":\"resource\"}]"), "%s", t);
	cr_assert_not_null(strstr(t, "\n,{\"ruleId\":\"cannot-open\""), "%s", t);
	free(t);

	/* vc_report_join: the first result's comma only */
	struct vc_report_options ro = { .format = VC_FORMAT_SARIF, .command = "validate" };
	struct vc_report r, part;
	vc_report_init(&r, NULL, &ro);
	vc_report_init(&part, NULL, &ro);
	part.games = 1;
	cr_assert_eq(vc_report_join(&r, &part, ",{}\n", 4), 1);
	cr_assert_eq(vc_report_join(&r, &part, ",{}\n", 4), 0);
	cr_assert_eq(vc_report_join(&r, &part, "", 0), 0);
	/* other formats: nothing */
	ro.format = VC_FORMAT_JSONL;
	vc_report_init(&r, NULL, &ro);
	cr_assert_eq(vc_report_join(&r, &part, ",{}\n", 4), 0);
}

Test(report_ci, quiet_writes_the_summary_only)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	struct vc_report_options ro = { .format = VC_FORMAT_JUNIT, .quiet = true,
	                                .command = "validate" };
	struct run R = { .fragments = false };
	vc_report_init(&R.main, mem, &ro);
	feed(&R, pgn_a, SRC_A, NULL);
	vc_report_summary(&R.main);
	fclose(mem);
	cr_assert_null(strstr(text, "<testcase"), "%s", text);
	cr_assert_not_null(strstr(text, "<property name=\"games\" value=\"3\"/>"), "%s", text);
	free(text);
}

static void props_first(void *ctx, struct vc_json *j)
{
	vc_json_kv_string(j, "first", ctx);
}

/* One vc_report_ci_warning of format f (quiet or not, after `items`
 * results) into a new string. */
static char *added(enum vc_format f, bool quiet, uint64_t items, const char *member)
{
	struct vc_report_options ro = { .format = f, .command = "validate", .quiet = quiet,
	                                .strict = true };
	struct vc_report r;
	vc_report_init(&r, NULL, &ro);
	r.ci_items = items;
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	cr_assert_not_null(out);
	vc_report_ci_warning(&r, out, "a&b,<c>:1%.pgn", member, 7, 40, VC_F_DUPLICATE_OF,
	                     "duplicate of game 2 of x&y.pgn", props_first, "x");
	fclose(out);
	cr_assert_eq(r.ci_items, f == VC_FORMAT_SARIF && !quiet ? items + 1 : items);
	return buf;
}

/* A warning a command adds (validate --duplicates' duplicate-of): a
 * warning of the game as each CI format writes one, --strict or not,
 * escaped; the SARIF comma by the results written before; nothing under
 * --quiet or in the other formats. */
Test(report_ci, added_warning)
{
	char *t = added(VC_FORMAT_GITHUB, false, 0, NULL);
	cr_assert_str_eq(t, "::warning file=a&b%2C<c>%3A1%25.pgn,line=40,col=1,title=duplicate-of"
	                    "::game 7: duplicate of game 2 of x&y.pgn [duplicate-of]\n");
	free(t);
	t = added(VC_FORMAT_GITHUB, false, 0, "m.pgn");
	cr_assert_str_eq(t, "::warning file=a&b%2C<c>%3A1%25.pgn,title=duplicate-of::m.pgn:40:1: "
	                    "game 7: duplicate of game 2 of x&y.pgn [duplicate-of]\n");
	free(t);
	t = added(VC_FORMAT_JUNIT, false, 0, NULL);
	cr_assert_str_eq(t, "a&amp;b,&lt;c&gt;:1%.pgn:40:1: warning: game 7: duplicate of game 2 "
	                    "of x&amp;y.pgn [duplicate-of]\n");
	free(t);
	for (uint64_t items = 0; items < 2; items++) {
		t = added(VC_FORMAT_SARIF, false, items, NULL);
		cr_assert_eq(t[0] == ',', items > 0, "%s", t);
		cr_assert_not_null(strstr(t, "{\"ruleId\":\"duplicate-of\",\"ruleIndex\":"), "%s", t);
		cr_assert_not_null(strstr(t, "\"level\":\"warning\",\"message\":{\"text\":"
		                             "\"duplicate of game 2 of x&y.pgn\"}"), "%s", t);
		cr_assert_not_null(strstr(t, "\"region\":{\"startLine\":40,\"startColumn\":1}"), "%s", t);
		cr_assert_not_null(strstr(t, "\"properties\":{\"game\":7,\"line\":40,\"column\":1,"
		                             "\"first\":\"x\"}}\n"), "%s", t);
		free(t);
	}
	for (int f = 0; f < VC_FORMAT_COUNT; f++) {
		t = added((enum vc_format)f, true, 0, NULL);
		cr_assert_str_eq(t, "");
		free(t);
		if (f == VC_FORMAT_TEXT || f == VC_FORMAT_JSON || f == VC_FORMAT_JSONL) {
			t = added((enum vc_format)f, false, 0, NULL);
			cr_assert_str_eq(t, "");
			free(t);
		}
	}
}

/* The GitHub summary's counts agree in number with their nouns, for each
 * count 0, 1 and 2 (the oracle: "1 game", "2 games", "0 games"). */
Test(report_ci, github_summary_singular_and_plural)
{
	for (uint64_t n = 0; n < 3; n++) {
		char *text = NULL;
		size_t len = 0;
		FILE *mem = open_memstream(&text, &len);
		cr_assert_not_null(mem);
		struct vc_report_options ro = { .format = VC_FORMAT_GITHUB, .command = "validate" };
		struct vc_report r;
		vc_report_init(&r, mem, &ro);
		r.games = r.errors = r.warnings = r.input_errors = n;
		r.valid = n;
		vc_report_summary(&r);
		fclose(mem);
		const char *s = n == 1 ? "" : "s";
		char want[256];
		snprintf(want, sizeof want, "::%llu game%s, %llu valid, 0 invalid, %llu error%s, "
		         "%llu warning%s", (unsigned long long)n, s, (unsigned long long)n,
		         (unsigned long long)n, s, (unsigned long long)n, s);
		cr_assert_not_null(strstr(text, want), "%s", text);
		if (n) {
			snprintf(want, sizeof want, ", %llu unreadable input%s", (unsigned long long)n, s);
			cr_assert_not_null(strstr(text, want), "%s", text);
		}
		free(text);
	}
}
