/* vchess validate: check PGN (and EPD/FEN) files game by game against the
 * rules of their variant; one report entry per game read.
 */
#include <stdlib.h>
#include <sys/stat.h>
#include <string.h>

#include "commands.h"
#include "common.h"
#include "checker.h"
#include "input.h"
#include "report.h"
#include "inputloop.h"
#include "parvalidate.h"

static const char usage[] =
        "usage: vchess validate [options] FILE...\n"
        "\n"
        "Check every game of each FILE (PGN, or EPD/FEN positions one a line;\n"
        "told by content; '-' is standard input; .gz, .zst, .bz2, .xz, .zip,\n"
        ".tar, .7z and other compressed or archived files are opened by\n"
        "content): the variant (Variant tag or --variant), the start position\n"
        "(SetUp/FEN), every move of the main line and of every variation,\n"
        "moves after the rules ended the game, and the declared result against\n"
        "the movetext and the board. Every game gets exactly one report entry;\n"
        "valid games print nothing in text format unless --verbose.\n"
        "\n"
        "Options:\n"
        VC_HELP_VARIANT
        VC_HELP_RULES
        VC_HELP_FORMAT
        VC_HELP_STRICT
        VC_HELP_QUIET
        VC_HELP_VERBOSE
        VC_HELP_OUTPUT
        VC_HELP_MAX_ERRORS
        VC_HELP_MAX_RATIO
        "      --valid-out FILE    copy each valid game's original text to FILE\n"
        "      --invalid-out FILE  copy each invalid game's original text to FILE\n"
        "                       ('-': standard output; then the report needs -o)\n"
        "      --shredder       write FENs as Shredder-FEN (default X-FEN)\n"
        VC_HELP_JOBS
        VC_HELP_PROGRESS
        VC_HELP_HELP
        "\n"
        VC_HELP_EXIT;

enum { O_VALID_OUT = VC_OPT_OWN, O_INVALID_OUT, O_SHREDDER };

static const struct option own_options[] = {
	{ "valid-out", required_argument, NULL, O_VALID_OUT },
	{ "invalid-out", required_argument, NULL, O_INVALID_OUT },
	{ "shredder", no_argument, NULL, O_SHREDDER },
	{ 0, 0, 0, 0 },
};

struct validate {
	const char *valid_out, *invalid_out;
	bool shredder;
	FILE *vf, *inf;
	struct vc_report rep;
	struct vc_cli_opts opts;
	long invalid;
	/* progress on stderr */
	bool progress;
	double t0, last_shown;
	struct vc_input_loop loop;
	struct vc_input_options iopts; /* --max-ratio, for the loop */
	uint64_t total_bytes;  /* sum of known sizes, 0 when unknown */
};

static void show_progress(struct validate *v, bool final)
{
	double now = vc_cli_now();
	if (!final && now - v->last_shown < 0.25)
		return;
	v->last_shown = now;
	double el = now - v->t0;
	uint64_t done = v->loop.bytes_done +
	                (v->loop.cur ? vc_input_bytes_consumed(v->loop.cur) : 0);
	double rate = el > 0 ? (double)v->rep.games / el : 0;
	fprintf(stderr, "\r%.1f MB", (double)done / 1e6);
	if (v->total_bytes)
		fprintf(stderr, " of %.1f MB (%.0f%%)", (double)v->total_bytes / 1e6,
		        100.0 * (double)done / (double)v->total_bytes);
	fprintf(stderr, ", %llu games, %.0f games/s", (unsigned long long)v->rep.games, rate);
	if (v->total_bytes && done > 0 && done < v->total_bytes && el > 1)
		fprintf(stderr, ", %.0f s left",
		        el * (double)(v->total_bytes - done) / (double)done);
	fputs(final ? "\n" : "   ", stderr);
	fflush(stderr);
}

static int own_option(void *ctx, int opt, const char *arg)
{
	struct validate *v = ctx;
	switch (opt) {
	case O_VALID_OUT: v->valid_out = arg; break;
	case O_INVALID_OUT: v->invalid_out = arg; break;
	case O_SHREDDER: v->shredder = true; break;
	default: break;
	}
	return 0;
}

static int on_game(void *user, const struct vc_gc_game *g)
{
	struct validate *v = user;
	/* the copy first: a closed report pipe ends vchess inside
	 * vc_report_game, and the copies must then hold whole games */
	vc_report_copy_game(&v->rep, g->valid ? v->vf : v->inf, g);
	vc_report_game(&v->rep, g, NULL, NULL);
	if (v->progress)
		show_progress(v, false);
	if (!g->valid) {
		v->invalid++;
		if (v->opts.max_errors > 0 && v->invalid >= v->opts.max_errors)
			return 1; /* the input loop stops */
	}
	return 0;
}

/* Validate the paths in order in this thread. Returns VC_EXIT_OK or
 * VC_EXIT_INPUT. */
static int validate_serial(struct validate *v, struct vc_checker *chk, char **paths, int n)
{
	int status = VC_EXIT_OK;
	v->t0 = vc_cli_now();
	if (v->progress)
		for (int i = 0; i < n; i++) {
			struct stat st;
			if (strcmp(paths[i], "-") != 0 && stat(paths[i], &st) == 0)
				v->total_bytes += (uint64_t)st.st_size;
		}
	vc_cli_input_options(&v->opts, &v->iopts);
	v->loop.input_opts = &v->iopts;
	v->loop.rep = &v->rep;
	v->loop.chk = chk;
	v->loop.on_game = on_game;
	v->loop.user = v;
	for (int i = 0; i < n && !v->loop.stopped; i++)
		if (vc_input_loop_path(&v->loop, paths[i]) == VC_EXIT_INPUT)
			status = VC_EXIT_INPUT;
	if (v->progress)
		show_progress(v, true);
	return status;
}

int cmd_validate(int argc, char **argv)
{
	struct validate v;
	memset(&v, 0, sizeof v);
	struct vc_cli_spec spec = {
		.name = "validate", .usage = usage, .common = VC_OPT_ALL,
		.options = own_options, .handle = own_option, .ctx = &v,
	};
	int first;
	int rc = vc_cli_parse(argc, argv, &spec, &v.opts, &first);
	if (rc != VC_CLI_CONTINUE)
		return rc;
	if (first >= argc)
		return vc_cli_usage_error("validate", "no input file (use '-' for standard input)");

	/* before anything is opened: no output may be an input, two outputs
	 * one file, or two outputs standard output (common.h) */
	const struct vc_cli_output outs[] = {
		{ "-o", vc_cli_report_path(&v.opts), true },
		{ "--valid-out", v.valid_out, false },
		{ "--invalid-out", v.invalid_out, false },
	};
	rc = vc_cli_check_outputs("validate", outs, 3, argv + first, argc - first);
	if (rc != VC_EXIT_OK)
		return rc;

	FILE *out = vc_cli_open_output("validate", &v.opts);
	if (!out)
		return VC_EXIT_INPUT;
	if (v.valid_out && !(v.vf = vc_cli_open_file("validate", v.valid_out))) {
		vc_cli_close_output("validate", out);
		return VC_EXIT_INPUT;
	}
	if (v.invalid_out && !(v.inf = vc_cli_open_file("validate", v.invalid_out))) {
		vc_cli_close_file("validate", v.vf, v.valid_out);
		vc_cli_close_output("validate", out);
		return VC_EXIT_INPUT;
	}
	vc_cli_report_init(&v.rep, out, &v.opts, "validate", v.shredder);

	struct vc_gc_options go = {
		.variant = v.opts.variant,
		.rules = v.opts.rules,
		.strict = v.opts.strict,
		.keep_raw = v.vf || v.inf,
		.no_final_fen = v.opts.format == VC_FORMAT_TEXT, /* JSON only shows it */
	};
	struct vc_checker chk;
	if (vc_checker_init(&chk, &go, on_game, &v)) {
		vc_cli_error("validate", "out of memory");
		return VC_EXIT_INPUT;
	}
	v.progress = vc_cli_progress(&v.opts);
	int status = -1;
	/* -j N: worker threads, unless the output needs the sequential order
	 * (one JSON document, exact --max-errors); see parvalidate.h */
	if (v.opts.jobs > 1 && v.opts.format != VC_FORMAT_JSON && v.opts.max_errors == 0) {
		struct vc_par_validate pv = {
			.jobs = v.opts.jobs, .gc = &go, .opts = &v.opts, .shredder = v.shredder,
			.rep = &v.rep, .valid_out = v.vf, .invalid_out = v.inf,
			.progress = v.progress,
		};
		status = vc_validate_parallel(&pv, argv + first, argc - first);
	}
	if (status < 0) /* one thread, or the threads could not start */
		status = validate_serial(&v, &chk, argv + first, argc - first);
	vc_checker_release(&chk);
	vc_report_summary(&v.rep);
	/* every output is closed and checked: a full disk is exit 3 */
	int closed = vc_cli_close_file("validate", v.vf, v.valid_out);
	if (vc_cli_close_file("validate", v.inf, v.invalid_out) != VC_EXIT_OK)
		closed = VC_EXIT_INPUT;
	if (vc_cli_close_file("validate", out, vc_cli_report_path(&v.opts)) != VC_EXIT_OK)
		closed = VC_EXIT_INPUT;
	if (status == VC_EXIT_INPUT || closed != VC_EXIT_OK)
		return VC_EXIT_INPUT;
	return vc_report_failed(&v.rep) ? VC_EXIT_FINDINGS : VC_EXIT_OK;
}
