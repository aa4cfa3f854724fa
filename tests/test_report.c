/* Tests for formats/report.h: vc_report_game_jsonl, the one JSON line per
 * game a library program prints, is exactly the line `vchess validate
 * --format jsonl` prints for that game (vchess-validate(1) REPORTS). The
 * games go through the checker as cmd/validate.c runs it; the lines are
 * compared with those of ./vchess on the same file, which `make
 * check-unit` builds first. */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "checker.h"
#include "pgn_checker.h"
#include "report.h"
#include "variant.h"

struct collect {
	FILE *out;
	const struct vc_report_options *ro;
	int games;
};

static int on_game(void *user, const struct vc_gc_game *g)
{
	struct collect *c = user;
	cr_assert_eq(vc_report_game_jsonl(c->out, g, c->ro), 0);
	c->games++;
	return 0;
}

/* The JSONL of every game of `path` by the library, into a malloc'ed
 * string; *games set to their number. */
static char *library_lines(const char *path, bool strict, bool shredder,
                           enum vc_ruleset rules, int *games)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	cr_assert_not_null(mem);
	struct vc_report_options ro = {
		.format = VC_FORMAT_JSONL, .rules = rules, .strict = strict,
		.shredder = shredder, .command = "validate",
	};
	struct collect c = { .out = mem, .ro = &ro };
	struct vc_gc_options go = { .rules = rules, .strict = strict };
	struct vc_checker chk;
	cr_assert_eq(vc_checker_init(&chk, &go, on_game, &c), 0);
	FILE *in = fopen(path, "rb");
	cr_assert_not_null(in, "cannot open %s", path);
	vc_checker_run(&chk, vc_pgn_stdio_read, in, path, NULL);
	fclose(in);
	vc_checker_release(&chk);
	cr_assert_eq(fclose(mem), 0);
	*games = c.games;
	return text;
}

/* What ./vchess validate --format jsonl prints for `path`, without the
 * summary line (the last one). */
static char *cli_lines(const char *path, const char *extra)
{
	cr_assert_eq(access("./vchess", X_OK), 0,
	             "./vchess is missing: run the tests with make check-unit");
	char cmd[512];
	snprintf(cmd, sizeof cmd, "./vchess validate --format jsonl %s '%s'", extra, path);
	FILE *p = popen(cmd, "r");
	cr_assert_not_null(p);
	char *text = NULL;
	size_t len = 0, cap = 0;
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, p)) > 0) {
		if (len + n + 1 > cap) {
			cap = 2 * (len + n + 1);
			text = realloc(text, cap);
			cr_assert_not_null(text);
		}
		memcpy(text + len, buf, n);
		len += n;
	}
	int st = pclose(p);
	cr_assert(st != -1 && WIFEXITED(st) && WEXITSTATUS(st) <= 1,
	          "%s: status %d", cmd, st);
	cr_assert_not_null(text, "%s: no output", cmd);
	text[len] = 0;
	/* drop the summary: the last line */
	cr_assert(len > 0 && text[len - 1] == '\n');
	text[len - 1] = 0;
	char *last = strrchr(text, '\n');
	cr_assert(strstr(last ? last + 1 : text, "{\"summary\":") != NULL,
	          "%s: last line is no summary", cmd);
	if (last)
		last[1] = 0;
	else
		text[0] = 0;
	return text;
}

static int count_lines(const char *s)
{
	int n = 0;
	for (; *s; s++)
		n += *s == '\n';
	return n;
}

static void same_as_cli(const char *path, const char *extra, bool strict, bool shredder,
                        enum vc_ruleset rules, int min_games)
{
	int games = 0;
	char *lib = library_lines(path, strict, shredder, rules, &games);
	char *cli = cli_lines(path, extra);
	cr_assert_geq(games, min_games, "%s: %d games", path, games);
	cr_assert_eq(count_lines(lib), games, "%s: one line per game", path);
	cr_assert_str_eq(lib, cli, "%s (%s): library and CLI differ", path, extra);
	free(lib);
	free(cli);
}

Test(report, jsonl_line_equals_cli_valid_games)
{
	same_as_cli("data/games/standard/kasparov-deep-blue-1997.pgn", "", false, false,
	            VC_RULES_FIDE, 6);
}

Test(report, jsonl_line_equals_cli_findings)
{
	/* errors and warnings: codes, lines, columns, plies, moves */
	same_as_cli("tests/data/validate/results.pgn", "", false, false, VC_RULES_FIDE, 8);
	same_as_cli("tests/data/validate/end-without-moves.pgn", "", false, false,
	            VC_RULES_FIDE, 9);
	same_as_cli("tests/data/validate/setup-fen.pgn", "", false, false, VC_RULES_FIDE, 4);
	same_as_cli("tests/data/validate/B21.pgn", "", false, false, VC_RULES_FIDE, 1);
	same_as_cli("tests/data/validate/variation-warnings.pgn", "", false, false,
	            VC_RULES_FIDE, 1);
	same_as_cli("tests/data/validate/half-result.pgn", "", false, false, VC_RULES_FIDE, 1);
	same_as_cli("tests/data/validate/crlf.pgn", "", false, false, VC_RULES_FIDE, 1);
}

Test(report, jsonl_line_equals_cli_variants)
{
	same_as_cli("tests/data/validate/variants.pgn", "", false, false, VC_RULES_FIDE, 29);
	same_as_cli("tests/data/validate/fen-chess960.pgn", "", false, false, VC_RULES_FIDE, 3);
	/* Undo Chess: the tokens and events members */
	same_as_cli("data/games/undo/invalid-bad-tokens-tag.pgn", "", false, false,
	            VC_RULES_FIDE, 6);
	same_as_cli("data/games/undo/invalid-takeback-too-early.pgn", "", false, false,
	            VC_RULES_FIDE, 3);
}

Test(report, jsonl_line_equals_cli_options)
{
	/* --strict lists warnings as errors; --shredder rewrites the final
	 * FEN; --rules lichess changes the verdicts */
	same_as_cli("tests/data/validate/variation-warnings.pgn", "--strict", true, false,
	            VC_RULES_FIDE, 1);
	same_as_cli("tests/data/validate/fen-chess960.pgn", "--shredder", false, true,
	            VC_RULES_FIDE, 3);
	same_as_cli("tests/data/validate/variants.pgn", "--rules lichess", false, false,
	            VC_RULES_LICHESS, 29);
}

static int on_one(void *user, const struct vc_gc_game *g)
{
	cr_assert_eq(vc_report_game_json(user, g, NULL, NULL, NULL), 0);
	return 0;
}

Test(report, game_json_into_a_buffer)
{
	/* the same object through any JSON writer (here a memory buffer, as a
	 * binding would use), with the default options */
	const char *path = "tests/data/validate/results.pgn";
	int games = 0;
	char *line = library_lines(path, false, false, VC_RULES_FIDE, &games);
	cr_assert_eq(games, 8);
	struct vc_json w;
	vc_json_init_buffer(&w, 0);
	struct vc_gc_options go = {0};
	struct vc_checker chk;
	cr_assert_eq(vc_checker_init(&chk, &go, on_one, &w), 0);
	FILE *in = fopen(path, "rb");
	cr_assert_not_null(in);
	vc_checker_run(&chk, vc_pgn_stdio_read, in, path, NULL);
	vc_checker_release(&chk);
	fclose(in);
	cr_assert_str_eq(vc_json_buffer(&w, NULL), line);
	vc_json_release(&w);
	free(line);
}

/* The writers never write to stderr or end the process: what the report
 * cannot say in its stream goes to the on_note hook (report.h). */
static char note_text[256];
static enum vc_code note_code;
static int notes;

static void on_note(const char *command, enum vc_code code, const char *text)
{
	cr_assert_str_eq(command, "validate");
	note_code = code;
	snprintf(note_text, sizeof note_text, "%s", text);
	notes++;
}

Test(report, notes_go_to_the_hook)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	cr_assert_not_null(mem);
	struct vc_report_options ro = { .command = "validate", .on_note = on_note };
	struct vc_report r;
	vc_report_init(&r, mem, &ro);
	notes = 0;
	vc_report_input_error(&r, "a.pgn", "m.pgn", VC_F_CANNOT_OPEN, "gone");
	cr_assert_eq(notes, 1);
	cr_assert_eq(note_code, VC_F_CANNOT_OPEN);
	cr_assert_str_eq(note_text, "a.pgn:m.pgn: cannot-open: gone");
	cr_assert_eq(r.input_errors, 1);

	/* a record without its bytes: not copied, said, -1 */
	struct vc_gc_game g = { .source = "b.pgn", .line = 7, .index = 3 };
	cr_assert_eq(vc_report_copy_game(&r, mem, &g), -1);
	cr_assert_eq(notes, 2);
	cr_assert_eq(note_code, VC_F_LIMIT_RAW);
	cr_assert_str_eq(note_text, "b.pgn:7:1: game 3 not copied: longer than vchess keeps "
	                            "(limit-raw, limit-line)");
	cr_assert_eq(vc_report_copy_game(&r, NULL, &g), 0);

	/* no hook: silent, the counts still tell */
	r.on_note = NULL;
	vc_report_input_error(&r, "c.pgn", NULL, VC_F_CANNOT_OPEN, "gone");
	cr_assert_eq(notes, 2);
	cr_assert_eq(r.input_errors, 2);
	fclose(mem);
	cr_assert_eq(len, 0, "nothing in the report stream: %.*s", (int)len, text);
	free(text);
}

Test(report, marks_refuse_when_incomplete)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	cr_assert_not_null(mem);
	struct vc_report_marks m = { 0 };
	fputs("game ", mem);
	cr_assert_eq(vc_report_put_index(&m, mem, 7), 0);
	fputs(".\n", mem);
	fflush(mem);
	char out[64];
	FILE *o = fmemopen(out, sizeof out, "w");
	cr_assert_eq(vc_report_write_marked(o, text, len, &m, 10), 0);
	fputc('\0', o);
	fclose(o);
	cr_assert_str_eq(out, "game 17.\n");
	/* a wrong mark, or a mark that could not be recorded: nothing written */
	m.v[0].offset = 0;
	o = fmemopen(out, sizeof out, "w");
	cr_assert_eq(vc_report_write_marked(o, text, len, &m, 10), -1);
	cr_assert_eq(ftell(o), 0);
	fclose(o);
	m.v[0].offset = 5;
	m.failed = true;
	o = fmemopen(out, sizeof out, "w");
	cr_assert_eq(vc_report_write_marked(o, text, len, &m, 10), -1);
	cr_assert_eq(ftell(o), 0);
	fclose(o);
	fclose(mem);
	free(m.v);
	free(text);
}

/* ---- issue 14: control characters, repeated tags, findings left out ---- */

#include "textesc.h"

Test(report, escape_rule)
{
	char buf[64];
	cr_assert_str_eq(vc_text_escape(buf, sizeof buf, "a\nb\tc\rd\x1b[31m\x7f"),
	                 "a\\nb\\tc\\rd\\x1b[31m\\x7f");
	/* C1 as UTF-8 and as a lone (Latin-1) byte; Latin-1 letters decoded */
	cr_assert_str_eq(vc_text_escape(buf, sizeof buf, "x\xc2\x9by\x9bz\xe9"),
	                 "x\\u009by\\u009bz\xc3\xa9");
	/* UTF-8 and backslashes stay; idempotent */
	cr_assert_str_eq(vc_text_escape(buf, sizeof buf, "Caf\xc3\xa9 \\n"), "Caf\xc3\xa9 \\n");
	cr_assert(!vc_text_needs_escape("plain \xe2\x82\xac text"));
	cr_assert(vc_text_needs_escape("new\nline"));
	cr_assert(!vc_text_needs_escape(NULL));
	/* cut short at an escape's edge, never inside one */
	cr_assert_str_eq(vc_text_escape(buf, 6, "ab\x1b" "cd"), "ab");
	cr_assert_str_eq(vc_text_escape(buf, 4, "a\xc3\xa9\xc3\xa9"), "a\xc3\xa9");
	char *d = vc_text_escape_dup("\x01\x02");
	cr_assert_str_eq(d, "\\x01\\x02");
	free(d);
}

static int on_game_text(void *user, const struct vc_gc_game *g)
{
	vc_report_game(user, g, NULL, NULL);
	return 0;
}

/* The report of `pgn` (text) as `source`/`member`, every line. */
static char *run_report(const char *pgn, enum vc_format format, const char *source,
                        const char *member)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	cr_assert_not_null(mem);
	struct vc_report_options ro = { .format = format, .verbose = true, .command = "validate" };
	struct vc_report r;
	vc_report_init(&r, mem, &ro);
	struct vc_gc_options go = {0};
	struct vc_checker chk;
	cr_assert_eq(vc_checker_init(&chk, &go, on_game_text, &r), 0);
	FILE *in = fmemopen((void *)pgn, strlen(pgn), "rb");
	cr_assert_not_null(in);
	vc_checker_run(&chk, vc_pgn_stdio_read, in, source, member);
	fclose(in);
	vc_checker_release(&chk);
	fclose(mem);
	return text;
}

Test(report, text_escapes_input_fields)
{
	const char *pgn = "[White \"Evil\x1b]0;pwn\x07\"]\n[Black \"two\\nlines\"]\n"
	                  "[Result \"1-0\"]\n\n1. e4 e5 {\x1b[2J} 1-0\n";
	char *t = run_report(pgn, VC_FORMAT_TEXT, "dir\x1b/a.pgn", "in\nner.pgn");
	cr_assert_null(strchr(t, '\x1b'), "%s", t);
	cr_assert_null(strchr(t, '\x07'), "%s", t);
	/* every line a whole record: starts with the escaped location */
	for (char *l = t; *l; l = strchr(l, '\n') + 1)
		cr_assert(strncmp(l, "dir\\x1b/a.pgn:in\\nner.pgn:", 26) == 0, "%s", l);
	cr_assert_not_null(strstr(t, "Evil\\x1b]0;pwn\\x07"), "%s", t);
	free(t);
	/* JSON is the exact form: its own escapes, nothing doubled */
	char *j = run_report(pgn, VC_FORMAT_JSONL, "dir\x1b/a.pgn", "in\nner.pgn");
	cr_assert_not_null(strstr(j, "\"member\":\"in\\nner.pgn\""), "%s", j);
	cr_assert_not_null(strstr(j, "\"White\":\"Evil\\u001b]0;pwn\\u0007\""), "%s", j);
	free(j);
}

Test(report, notes_escape_names)
{
	struct vc_report_options ro = { .command = "validate", .on_note = on_note };
	struct vc_report r;
	vc_report_init(&r, NULL, &ro);
	notes = 0;
	vc_report_input_error(&r, "a\x1b.zip", "x\ny.pgn", VC_F_CORRUPT, "bad \x9b");
	cr_assert_eq(notes, 1);
	cr_assert_str_eq(note_text, "a\\x1b.zip:x\\ny.pgn: corrupt: bad \\u009b");
}

Test(report, repeated_tags_once_in_json)
{
	const char *pgn = "[Event \"a\"]\n[White \"w\"]\n[Event \"b\"]\n[Event \"c\"]\n"
	                  "[Result \"*\"]\n\n1. e4 *\n";
	char *j = run_report(pgn, VC_FORMAT_JSONL, "t.pgn", NULL);
	cr_assert_not_null(strstr(j, "\"tags\":{\"Event\":\"c\",\"White\":\"w\",\"Result\":\"*\"}"),
	                   "%s", j);
	/* each repeat is a duplicate-tag warning carrying both values */
	cr_assert_not_null(strstr(j, "tag Event given twice (\\\"a\\\", then \\\"b\\\")"), "%s", j);
	cr_assert_not_null(strstr(j, "tag Event given twice (\\\"b\\\", then \\\"c\\\")"), "%s", j);
	cr_assert_null(strstr(j, "findings_omitted"), "%s", j);
	free(j);
	/* the text report names the players by the values used, too */
	const char *two = "[White \"first\"]\n[White \"last\"]\n[Result \"*\"]\n\n1. e4 *\n";
	char *t = run_report(two, VC_FORMAT_TEXT, "t.pgn", NULL);
	cr_assert_not_null(strstr(t, ": note: game 1: last - ?\n"), "%s", t);
	cr_assert_not_null(strstr(t, "(last - ?)"), "%s", t);
	free(t);
}

Test(report, json_says_findings_omitted)
{
	/* 40 repeats of a tag: 40 warnings, 32 listed */
	char pgn[4096] = "";
	for (int i = 0; i < 41; i++)
		snprintf(pgn + strlen(pgn), sizeof pgn - strlen(pgn), "[Event \"e%d\"]\n", i);
	strcat(pgn, "[Result \"*\"]\n\n1. e4 *\n");
	char *j = run_report(pgn, VC_FORMAT_JSONL, "t.pgn", NULL);
	cr_assert_not_null(strstr(j, "\"findings_omitted\":8,"), "%s", j);
	free(j);
	char *t = run_report(pgn, VC_FORMAT_TEXT, "t.pgn", NULL);
	cr_assert_not_null(strstr(t, ": 8 more findings not shown"), "%s", t);
	free(t);
}
