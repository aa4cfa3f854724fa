/* vchess adjudicate: for every game, the result the rules give and why,
 * and whether the declared result agrees (vchess-adjudicate(1),
 * FORMATS.md section 4); optionally the corrected games (--fix-results)
 * and the event's score table (--standings).
 *
 * This file holds the options and the wiring: the verdict is
 * lib/verdict.h's (its procedure is described there), the score table
 * lib/standings.h's, the corrected copy formats/pgnfix.h's and the report
 * formats/report_adjudicate.h's.
 */
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "common.h"
#include "checker.h"
#include "inputloop.h"
#include "pgnfix.h"
#include "report.h"
#include "report_adjudicate.h"
#include "standings.h"
#include "verdict.h"

static const char usage[] =
        "usage: vchess adjudicate [options] FILE...\n"
        "\n"
        "Judge every game of each FILE (PGN, or EPD/FEN positions one a line;\n"
        "'-' is standard input; compressed files and archives are opened by\n"
        "content): the result by the rules of its variant, the deciding rule,\n"
        "the ply where it applies, the declared Result and Termination, the\n"
        "basis (rules or declared) and whether the declared result agrees.\n"
        "Declared results the rules cannot confirm or refute (resignation,\n"
        "agreement, claims, adjudication by the event) are accepted as given;\n"
        "the report says when a threefold or fifty-move claim was available.\n"
        "\n"
        "Options:\n"
        VC_HELP_VARIANT
        VC_HELP_RULES
        VC_HELP_FORMAT
        VC_HELP_QUIET
        VC_HELP_VERBOSE
        VC_HELP_OUTPUT
        VC_HELP_MAX_RATIO
        "      --fix-results FILE  write the games to FILE with the Result tag and\n"
        "                       the result token set to the verdict where the\n"
        "                       rules decide it; every other byte unchanged\n"
        "                       ('-': standard output; then the report needs -o)\n"
        "      --standings      add the score table of the event (per player:\n"
        "                       games, points, wins, draws, losses)\n"
        "      --shredder       write FENs as Shredder-FEN (default X-FEN)\n"
        VC_HELP_HELP
        "\n"
        "Exit status: 0 all declared results agree, 1 a disagreement or a game\n"
        "that could not be judged, 2 usage error, 3 input unreadable.\n";

enum { O_FIX = VC_OPT_OWN, O_STANDINGS, O_SHREDDER };

static const struct option own_options[] = {
	{ "fix-results", required_argument, NULL, O_FIX },
	{ "standings", no_argument, NULL, O_STANDINGS },
	{ "shredder", no_argument, NULL, O_SHREDDER },
	{ 0, 0, 0, 0 },
};

struct adjudicate {
	struct vc_cli_opts opts;
	const char *fix_path;
	bool standings, shredder;
	struct vc_report rep;
	struct vc_judge judge;
	struct vc_verdict cur;       /* the game being reported */
	struct vc_pgnfix fx;
	bool fixing;
	struct vc_standings st;
	struct vc_verdict_tally tally;
};

static void json_adjudication(void *ctx, struct vc_json *j)
{
	const struct adjudicate *a = ctx;
	vc_adjudicate_json_verdict(j, &a->cur, a->opts.rules);
}

static struct vc_adjudicate_summary summary(const struct adjudicate *a)
{
	struct vc_adjudicate_summary s = {
		.rules = a->opts.rules, .tally = &a->tally,
		.fixed = a->fixing ? a->fx.fixed : -1,
		.fixed_to = a->fixing && strcmp(a->fix_path, "-") == 0 ? "standard output"
		                                                       : a->fix_path,
		.st = a->standings ? &a->st : NULL,
	};
	return s;
}

static void json_summary(void *ctx, struct vc_json *j)
{
	struct vc_adjudicate_summary s = summary(ctx);
	vc_adjudicate_json_summary(j, &s);
}

static int on_game(void *user, const struct vc_gc_game *g)
{
	struct adjudicate *a = user;
	struct vc_verdict *v = &a->cur;
	vc_judge_game(&a->judge, g, v);
	vc_verdict_tally_add(&a->tally, v);

	if (a->rep.format == VC_FORMAT_TEXT) {
		/* the checker's findings only where they say more than the
		 * verdict line: a record that could not be judged, --verbose */
		bool quiet = a->rep.quiet;
		if (v->basis != VC_BASIS_INVALID && !a->rep.verbose)
			a->rep.quiet = true;
		vc_report_game(&a->rep, g, NULL, NULL);
		a->rep.quiet = quiet;
		if (!quiet) {
			char loc[512];
			vc_report_location(loc, sizeof loc, g->source, g->member, g->line, 1);
			vc_adjudicate_text_verdict(a->rep.out, loc, g, v);
		}
	} else {
		vc_report_game(&a->rep, g, json_adjudication, a);
	}

	if (a->standings)
		vc_standings_add_game(&a->st, g, v);
	if (a->fixing)
		vc_pgnfix_game(&a->fx, g, vc_verdict_needs_fix(v) ? vc_result_string(v->result) : NULL);
	vc_cli_check_output(a->rep.out);
	vc_cli_check_output(a->fx.f); /* --fix-results -: a closed pipe */
	return 0;
}

static int own_option(void *ctx, int opt, const char *arg)
{
	struct adjudicate *a = ctx;
	switch (opt) {
	case O_FIX: a->fix_path = arg; break;
	case O_STANDINGS: a->standings = true; break;
	case O_SHREDDER: a->shredder = true; break;
	default: break;
	}
	return 0;
}

int cmd_adjudicate(int argc, char **argv)
{
	struct adjudicate *a = calloc(1, sizeof *a);
	if (!a) {
		vc_cli_error("adjudicate", "out of memory");
		return VC_EXIT_INPUT;
	}
	struct vc_cli_spec spec = {
		.name = "adjudicate", .usage = usage,
		.common = VC_OPT_VARIANT | VC_OPT_RULES | VC_OPT_FORMAT | VC_OPT_QUIET |
		          VC_OPT_VERBOSE | VC_OPT_OUTPUT | VC_OPT_MAX_RATIO,
		.options = own_options, .handle = own_option, .ctx = a,
	};
	int first;
	int rc = vc_cli_parse(argc, argv, &spec, &a->opts, &first);
	if (rc != VC_CLI_CONTINUE) {
		free(a);
		return rc;
	}
	if (first >= argc) {
		free(a);
		return vc_cli_usage_error("adjudicate", "no input file (use '-' for standard input)");
	}
	/* before anything is opened: --fix-results FILE must not be an input
	 * (it would be emptied before it is read), nor the report's file, nor
	 * share standard output with the report (common.h) */
	const struct vc_cli_output outs[] = {
		{ "-o", vc_cli_report_path(&a->opts), true },
		{ "--fix-results", a->fix_path, false },
	};
	rc = vc_cli_check_outputs("adjudicate", outs, 2, argv + first, argc - first);
	if (rc != VC_EXIT_OK) {
		free(a);
		return rc;
	}
	if (vc_judge_init(&a->judge, a->opts.rules)) {
		vc_cli_error("adjudicate", "out of memory");
		free(a);
		return VC_EXIT_INPUT;
	}
	FILE *out = vc_cli_open_output("adjudicate", &a->opts);
	if (!out) {
		vc_judge_release(&a->judge);
		free(a);
		return VC_EXIT_INPUT;
	}
	if (a->fix_path) {
		a->fx.f = vc_cli_open_file("adjudicate", a->fix_path);
		if (!a->fx.f) {
			vc_cli_close_output("adjudicate", out);
			vc_judge_release(&a->judge);
			free(a);
			return VC_EXIT_INPUT;
		}
		a->fixing = true;
	}
	vc_cli_report_init(&a->rep, out, &a->opts, "adjudicate", a->shredder);

	struct vc_gc_options go = {
		.variant = a->opts.variant,
		.rules = a->opts.rules,
		.keep_raw = a->fixing,
	};
	struct vc_checker chk;
	if (vc_checker_init(&chk, &go, on_game, a)) {
		vc_cli_error("adjudicate", "out of memory");
		return VC_EXIT_INPUT;
	}
	struct vc_input_options io;
	vc_cli_input_options(&a->opts, &io);
	struct vc_input_loop loop = {
		.rep = &a->rep, .chk = &chk, .on_game = on_game, .user = a,
		.input_opts = &io,
	};
	if (a->fixing) {
		loop.tap_begin = vc_pgnfix_tap_begin;
		loop.tap = vc_pgnfix_tap;
		loop.tap_end = vc_pgnfix_tap_end;
		loop.tap_ctx = &a->fx;
	}
	int status = VC_EXIT_OK;
	for (int i = first; i < argc && !loop.stopped; i++)
		if (vc_input_loop_path(&loop, argv[i]) == VC_EXIT_INPUT)
			status = VC_EXIT_INPUT;
	vc_checker_release(&chk);

	if (a->standings)
		vc_standings_sort(&a->st);
	if (a->rep.format == VC_FORMAT_TEXT) {
		vc_report_summary(&a->rep);
		struct vc_adjudicate_summary s = summary(a);
		vc_adjudicate_text_summary(a->rep.out, &s);
	} else {
		vc_report_summary_ext(&a->rep, json_summary, a);
	}

	if (a->fixing) {
		if (a->fx.failed) {
			vc_cli_error("adjudicate", "out of memory: %s holds the games uncorrected "
			             "from some point on", a->fix_path);
			status = VC_EXIT_INPUT;
		}
		if (vc_cli_close_file("adjudicate", a->fx.f, a->fix_path) != VC_EXIT_OK)
			status = VC_EXIT_INPUT;
	}
	int closed = vc_cli_close_file("adjudicate", out, vc_cli_report_path(&a->opts));
	bool findings = a->tally.disagree > 0 || a->tally.not_judged > 0;
	vc_judge_release(&a->judge);
	vc_pgnfix_release(&a->fx);
	vc_standings_release(&a->st);
	free(a);
	if (status == VC_EXIT_INPUT || closed != VC_EXIT_OK)
		return VC_EXIT_INPUT;
	return findings ? VC_EXIT_FINDINGS : VC_EXIT_OK;
}
