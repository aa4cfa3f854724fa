/* tests/test_games.c - the pull API's contract (formats/games.h): options
 * outside it are refused, an unreadable path says why; the records
 * themselves are compared with the CLI by make check-embed and
 * check-python. */
#include <criterion/criterion.h>

#include <stdio.h>
#include <string.h>

#include "games.h"

Test(games, options_outside_the_contract_are_refused)
{
	struct vc_games_options o;
	struct vc_games *g = (struct vc_games *)&o; /* must be reset to NULL */
	vc_games_options_init(&o);
	struct vc_variant fake = *vc_variant_default(); /* not the library's */
	o.variant = &fake;
	cr_assert_eq(vc_games_open(&g, "tests/data/validate/split.pgn", &o, NULL),
	             VC_F_INVALID_ARGUMENT);
	cr_assert_null(g);
	vc_games_options_init(&o);
	o.rules = (enum vc_ruleset)42;
	cr_assert_eq(vc_games_open(&g, "tests/data/validate/split.pgn", &o, NULL),
	             VC_F_INVALID_ARGUMENT);
	vc_games_options_init(&o);
	o.variant = vc_variant_find("antichess", NULL);
	cr_assert_eq(vc_games_open(&g, "tests/data/validate/split.pgn", &o, NULL), VC_F_OK);
	const char *json;
	size_t len;
	int n = 0;
	while (vc_games_next(g, &json, &len) == 1) {
		cr_assert_eq(strlen(json), len);
		cr_assert(strstr(json, "\"variant\":\"antichess\"") != NULL, "%s", json);
		n++;
	}
	cr_assert_gt(n, 0);
	cr_assert_eq(vc_games_next(g, &json, &len), 0, "the end stays the end");
	cr_assert(!vc_games_failed(g));
	vc_games_close(g);
	vc_games_close(NULL);
}

Test(games, an_unreadable_path_says_why)
{
	struct vc_games *g;
	struct vc_input_error err;
	cr_assert_eq(vc_games_open(&g, "tests/data/no-such-file.pgn", NULL, &err),
	             VC_F_CANNOT_OPEN);
	cr_assert_null(g);
	cr_assert(strstr(err.message, "No such file") != NULL, "%s", err.message);
	cr_assert_eq(vc_games_open(&g, "tests/data", NULL, &err), VC_F_CANNOT_OPEN);
}

Test(games, records_name_their_archive_member)
{
	struct vc_games *g;
	cr_assert_eq(vc_games_open(&g, "tests/data/validate/two-members.zip", NULL, NULL),
	             VC_F_OK);
	cr_assert_null(vc_games_member(g), "no member before the first record");
	const char *json;
	size_t len;
	int n = 0;
	while (vc_games_next(g, &json, &len) == 1) {
		const char *m = vc_games_member(g);
		cr_assert_not_null(m);
		char want[300];
		snprintf(want, sizeof want, "\"member\":\"%s\"", m);
		cr_assert(strstr(json, want) != NULL, "%s in %s", want, json);
		n++;
	}
	cr_assert_gt(n, 1);
	vc_games_close(g);
}
