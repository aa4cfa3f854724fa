/* Tests of formats/perftreport: JSON records, JSON Lines, JUnit XML and its
 * escaping (the readers' side is tests/perft_formats.sh). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perftreport.h"

static char *out;
static size_t outlen;

/* Run one report of `n` positions in `format` and keep what it wrote. */
static void report(enum vc_perftreport_format format, unsigned flags,
                   const char *file, const struct vc_perftreport_position *p,
                   int n, const struct vc_perftreport_summary *s)
{
	free(out);
	out = NULL;
	FILE *f = open_memstream(&out, &outlen);
	cr_assert_not_null(f);
	struct vc_perftreport r;
	cr_assert_eq(vc_perftreport_begin(&r, f, format, flags, file), 0);
	for (int i = 0; i < n; i++)
		cr_assert_eq(vc_perftreport_position(&r, &p[i]), 0);
	cr_assert_eq(vc_perftreport_end(&r, s), 0);
	fclose(f);
}

static void fini(void)
{
	free(out);
	out = NULL;
}

TestSuite(perftreport, .fini = fini);

static const struct vc_perftreport_count counts[] = {
	{ .depth = 1, .expected = 20, .nodes = 20, .checked = true, .seconds = 0.5 },
	{ .depth = 2, .expected = 401, .nodes = 400, .checked = true },
	{ .depth = 9, .expected = 5, .nodes = 0, .checked = false },
};

Test(perftreport, jsonl_one_record_per_checked_count)
{
	struct vc_perftreport_position p = {
		.file = "s.epd", .line = 3, .variant = "standard", .fen = "F",
		.ncounts = 3, .counts = counts,
	};
	struct vc_perftreport_summary s = { .positions = 1, .checked = 2,
	                                    .skipped = 1, .mismatches = 1,
	                                    .nodes = 420 };
	report(VC_PERFTREPORT_JSONL, 0, "s.epd", &p, 1, &s);
	cr_assert_str_eq(out,
	        "{\"file\":\"s.epd\",\"line\":3,\"variant\":\"standard\",\"fen\":\"F\","
	        "\"depth\":1,\"expected\":20,\"nodes\":20,\"ok\":true}\n"
	        "{\"file\":\"s.epd\",\"line\":3,\"variant\":\"standard\",\"fen\":\"F\","
	        "\"depth\":2,\"expected\":401,\"nodes\":400,\"ok\":false}\n"
	        "{\"summary\":{\"file\":\"s.epd\",\"positions\":1,\"checked\":2,"
	        "\"skipped\":1,\"mismatches\":1,\"errors\":0,\"nodes\":420,"
	        "\"complete\":true}}\n");
}

Test(perftreport, json_timing_only_when_asked)
{
	struct vc_perftreport_position p = {
		.fen = "F", .ncounts = 1, .counts = counts,
	};
	struct vc_perftreport_summary s = { .positions = 1, .checked = 1,
	                                    .nodes = 20, .seconds = 0.5 };
	report(VC_PERFTREPORT_JSON, 0, NULL, &p, 1, &s);
	cr_assert_null(strstr(out, "time"));
	cr_assert_null(strstr(out, "nps"));
	report(VC_PERFTREPORT_JSON, VC_PERFTREPORT_TIMING, NULL, &p, 1, &s);
	cr_assert_not_null(strstr(out, "\"time\": 0.5,\n      \"nps\": 40\n"));
	cr_assert_not_null(strstr(out, "\"time\": 0.5,\n    \"nps\": 40\n"));
}

Test(perftreport, json_no_expected_is_null_and_ok)
{
	struct vc_perftreport_count c = { .depth = 0, .expected = -1, .nodes = 1,
	                                  .checked = true };
	struct vc_perftreport_move m[] = { { "e2e4", 20 } };
	struct vc_perftreport_position p = {
		.fen = "F", .ncounts = 1, .counts = &c, .nmoves = 1, .moves = m,
	};
	struct vc_perftreport_summary s = { .positions = 1, .checked = 1,
	                                    .stopped = "mismatch" };
	report(VC_PERFTREPORT_JSONL, 0, NULL, &p, 1, &s);
	cr_assert_str_eq(out,
	        "{\"fen\":\"F\",\"depth\":0,\"expected\":null,\"nodes\":1,\"ok\":true,"
	        "\"divide\":[{\"move\":\"e2e4\",\"nodes\":20}]}\n"
	        "{\"summary\":{\"positions\":1,\"checked\":1,\"skipped\":0,"
	        "\"mismatches\":0,\"errors\":0,\"nodes\":0,\"complete\":false,"
	        "\"stopped\":\"mismatch\"}}\n");
}

Test(perftreport, junit_counts_and_escapes)
{
	struct vc_perftreport_position p[] = {
		{ .file = "a&b.epd", .line = 3, .id = "<x \"y\">\xe9\x01",
		  .fen = "F", .ncounts = 3, .counts = counts },
		{ .file = "a&b.epd", .line = 5, .fen = "G", .error = "bad 'FEN' & more" },
		{ .file = "a&b.epd", .line = 7, .fen = "H", .ncounts = 1,
		  .counts = counts + 2 },
		{ .file = "a&b.epd", .line = 9, .fen = "I", .ncounts = 1,
		  .counts = counts },
	};
	struct vc_perftreport_summary s = { .positions = 4 };
	report(VC_PERFTREPORT_JUNIT, 0, "a&b.epd", p, 4, &s);
	cr_assert_str_eq(out,
	        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	        "<testsuites name=\"vchess perft\" tests=\"4\" failures=\"1\" "
	        "errors=\"1\" skipped=\"1\">\n"
	        "  <testsuite name=\"a&amp;b.epd\" tests=\"4\" failures=\"1\" "
	        "errors=\"1\" skipped=\"1\">\n"
	        "    <testcase classname=\"a&amp;b.epd\" name=\"line 3: "
	        "&lt;x &quot;y&quot;&gt;\xc3\xa9\xef\xbf\xbd\">\n"
	        "      <failure type=\"mismatch\" message=\"depth 2: expected 401, "
	        "got 400\">F</failure>\n"
	        "    </testcase>\n"
	        "    <testcase classname=\"a&amp;b.epd\" name=\"line 5: G\">\n"
	        "      <error type=\"unusable\" message=\"bad 'FEN' &amp; more\"/>\n"
	        "    </testcase>\n"
	        "    <testcase classname=\"a&amp;b.epd\" name=\"line 7: H\">\n"
	        "      <skipped message=\"every count left out by a limit\"/>\n"
	        "    </testcase>\n"
	        "    <testcase classname=\"a&amp;b.epd\" name=\"line 9: I\"/>\n"
	        "  </testsuite>\n"
	        "</testsuites>\n");
}

Test(perftreport, junit_keeps_utf8)
{
	struct vc_perftreport_position p = {
		.line = 1, .id = "caf\xc3\xa9 \xf0\x9f\x98\x80", .ncounts = 1,
		.counts = counts,
	};
	struct vc_perftreport_summary s = { .positions = 1 };
	report(VC_PERFTREPORT_JUNIT, VC_PERFTREPORT_TIMING, NULL, &p, 1, &s);
	cr_assert_not_null(strstr(out, "classname=\"perft\" name=\"line 1: "
	                               "caf\xc3\xa9 \xf0\x9f\x98\x80\" "
	                               "time=\"0.500000\"/>"));
	cr_assert_not_null(strstr(out, "<testsuite name=\"perft\""));
}
