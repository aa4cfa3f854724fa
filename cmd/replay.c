/* vchess replay: the chronological events of each game - every move and,
 * in Undo Chess, every take-back - with who made it, SAN and UCI, the
 * tokens each side holds after it, its clock and the FEN after it; or,
 * with --final-pgn, the standing game as ordinary PGN (Undo Chess becomes
 * Chess960) with each taken-back stretch kept as a variation opening with
 * the comment {taken back} (vchess-undo(5), man/vchess-replay.1).
 *
 * The game checker does the reading and judging; its events build each
 * game's history (lib/history.h: a tree of every ply played, since a
 * take-back removes plies from the line but not from the history), which
 * the report writers print (formats/report_replay.h, formats/finalpgn.h).
 * This file holds the options and the wiring.
 */
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "common.h"
#include "inputs.h"
#include "checker.h"
#include "finalpgn.h"
#include "history.h"
#include "pipeline.h"
#include "report.h"
#include "report_replay.h"

static const char usage[] =
        "usage: vchess replay [options] FILE...\n"
        "\n"
        "List the events of every game of each FILE in the order they happened:\n"
        "each move and, in Undo Chess, each take-back ('undo'), with who made it,\n"
        "SAN and UCI, the tokens each side holds after it, the clock when\n"
        "recorded and the FEN after it. Games are checked as by 'vchess\n"
        "validate'; findings follow each game's events.\n"
        "\n"
        "With --final-pgn, write instead the standing game of each valid game as\n"
        "ordinary PGN (Undo Chess as Chess960) that other programs read: each\n"
        "stretch of taken-back plies becomes a variation opening with the\n"
        "comment {taken back}. Invalid games are not written; their findings go\n"
        "to standard error.\n"
        "\n"
        "Options:\n"
        "      --final-pgn      write the standing games as PGN (to -o FILE or\n"
        "                       standard output)\n"
        VC_HELP_VARIANT
        VC_HELP_RULES
        VC_HELP_DEAD
        VC_HELP_FORMAT
        VC_HELP_STRICT
        VC_HELP_QUIET
        VC_HELP_VERBOSE
        VC_HELP_OUTPUT
        VC_HELP_KEEP_PARTIAL
        VC_HELP_EXCLUDE
        VC_HELP_MAX_ERRORS
        VC_HELP_MAX_RATIO
        VC_HELP_JOBS
        VC_HELP_PROGRESS
        "      --shredder       write FENs as Shredder-FEN (default X-FEN)\n"
        VC_HELP_HELP
        "\n"
        VC_HELP_EXIT;

enum { O_FINAL_PGN = VC_OPT_OWN, O_SHREDDER };

static const struct option own_options[] = {
	{ "final-pgn", no_argument, NULL, O_FINAL_PGN },
	{ "shredder", no_argument, NULL, O_SHREDDER },
	{ 0, 0, 0, 0 },
};

struct replay {
	struct vc_cli_opts opts;
	bool final_pgn, shredder;
	FILE *out;                    /* report, or the final PGN */
	struct vc_report rep;         /* findings (stderr with --final-pgn) */
	struct vc_history h;          /* a worker's: the game being read */
};

struct json_ctx {
	const struct vc_history *h;
	const struct vc_gc_game *g;
};

static void json_extra(void *ctx, struct vc_json *j)
{
	const struct json_ctx *jc = ctx;
	vc_replay_json_game(j, jc->g, jc->h);
}

/* The pipeline's on_game (any thread; R is the worker's copy). Copy
 * stream 0 is the final PGN. */
static int on_game(void *wctx, struct vc_pipe_out *o, const struct vc_gc_game *g)
{
	struct replay *R = wctx;
	struct vc_history *h = &R->h;
	struct vc_report *rep = o->rep;
	/* a skipped game (report.h) is no failure, as in validate */
	bool skipped = vc_report_skip_reason(g, rep->strict) != VC_F_OK;
	vc_history_finish(h);
	if (R->final_pgn) {
		vc_report_game(rep, g, NULL, NULL);
		if (g->valid && g->setup_ok && !h->failed) {
			vc_pipe_copy_item(o, 0); /* the blank line between games */
			vc_final_pgn_game(o->copy[0], true, g, h);
		} else {
			/* standard error, in place among the findings */
			fprintf(rep->out, "vchess replay: %s: game ", g->source);
			vc_report_put_index(rep->marks, rep->out, g->index);
			fprintf(rep->out, " not written to the final PGN: %s\n",
			        h->failed ? "out of memory" : skipped ? "skipped" : "invalid");
		}
	} else {
		if (R->opts.format == VC_FORMAT_TEXT && !R->opts.quiet) {
			char loc[512];
			vc_report_location(loc, sizeof loc, g->source, g->member, g->line, 1);
			vc_replay_text_game(rep->out, loc, g, h, R->shredder, rep->marks);
		}
		struct json_ctx jc = { h, g };
		vc_report_game(rep, g, json_extra, &jc);
	}
	vc_history_clear(h);
	return g->valid || skipped ? 0 : VC_PIPE_FAILED;
}

/* A worker's copy of the command: its own history, fed by its checker's
 * events. */
static void *worker_new(void *ctx, struct vc_checker *chk)
{
	struct replay *W = malloc(sizeof *W);
	if (!W)
		return NULL;
	*W = *(const struct replay *)ctx;
	memset(&W->h, 0, sizeof W->h);
	W->h.shredder = W->shredder;
	vc_history_clear(&W->h);
	vc_checker_on_event(chk, vc_history_on_event, &W->h);
	return W;
}

static void worker_free(void *ctx, void *wctx)
{
	struct replay *W = wctx;
	(void)ctx;
	vc_history_release(&W->h);
	free(W);
}

static int own_option(void *ctx, int opt, const char *arg)
{
	struct replay *R = ctx;
	(void)arg;
	switch (opt) {
	case O_FINAL_PGN: R->final_pgn = true; break;
	case O_SHREDDER: R->shredder = true; break;
	default: break;
	}
	return 0;
}

int cmd_replay(int argc, char **argv)
{
	struct replay R;
	memset(&R, 0, sizeof R);
	struct vc_cli_spec spec = {
		.name = "replay", .usage = usage,
		.common = VC_OPT_VARIANT | VC_OPT_RULES | VC_OPT_FORMAT | VC_OPT_STRICT |
		          VC_OPT_QUIET | VC_OPT_VERBOSE | VC_OPT_OUTPUT | VC_OPT_MAX_ERRORS |
		          VC_OPT_MAX_RATIO | VC_OPT_JOBS | VC_OPT_PROGRESS | VC_OPT_DEAD |
		          VC_OPT_KEEP_PARTIAL | VC_OPT_EXCLUDE,
		.options = own_options, .handle = own_option, .ctx = &R,
	};
	int first;
	int rc = vc_cli_parse(argc, argv, &spec, &R.opts, &first);
	if (rc != VC_CLI_CONTINUE)
		return rc;
	if (first >= argc)
		return vc_cli_usage_error("replay", "no input file (use '-' for standard input)");
	if (R.final_pgn && R.opts.format != VC_FORMAT_TEXT)
		return vc_cli_usage_error("replay", "--final-pgn writes PGN: --format does not "
		                                    "apply");

	/* before the output is opened: it must not be an input (it would be
	 * emptied before it is read; common.h) */
	const struct vc_cli_output outs[] = {
		{ R.final_pgn ? "--final-pgn -o" : "-o", vc_cli_report_path(&R.opts),
		  !R.final_pgn },
	};
	/* directories walked, --exclude applied (inputs.h) */
	char **files;
	int nfiles;
	if (!vc_cli_operands("replay", &R.opts, argv + first, argc - first,
	                     &files, &nfiles))
		return VC_EXIT_INPUT;
	rc = vc_cli_check_outputs("replay", outs, 1, files, nfiles);
	if (rc != VC_EXIT_OK)
		return rc;
	R.out = vc_cli_open_output("replay", &R.opts);
	if (!R.out)
		return VC_EXIT_INPUT;
	if (R.final_pgn) {
		/* the PGN owns the output: findings go to stderr, as text, and
		 * the summary only when asked for */
		struct vc_cli_opts ro = R.opts;
		ro.format = VC_FORMAT_TEXT;
		vc_cli_report_init(&R.rep, stderr, &ro, "replay", R.shredder);
	} else {
		vc_cli_report_init(&R.rep, R.out, &R.opts, "replay", R.shredder);
	}

	struct vc_gc_options go = {
		.variant = R.opts.variant,
		.rules = R.opts.rules,
		.strict = R.opts.strict,
		.dead_positions = R.opts.dead,
		.want_start_fen = true,
	};
	const struct vc_pipe_command cmd = {
		.ctx = &R, .worker_new = worker_new, .worker_free = worker_free,
		.on_game = on_game,
	};
	const struct vc_pipe pipe = {
		.cmd = &cmd, .gc = &go, .opts = &R.opts, .shredder = R.shredder, .rep = &R.rep,
		.ncopies = R.final_pgn ? 1 : 0, .copies = { R.final_pgn ? R.out : NULL },
		.copy_sep = { "\n" }, .progress = vc_cli_progress(&R.opts),
	};
	int status = vc_pipe_run(&pipe, files, nfiles);
	if (!R.final_pgn || R.opts.verbose)
		vc_report_summary(&R.rep);
	int closed = vc_cli_close_file("replay", R.out, vc_cli_report_path(&R.opts));
	if (status == VC_EXIT_INPUT || closed != VC_EXIT_OK)
		return VC_EXIT_INPUT;
	return vc_report_failed(&R.rep) ? VC_EXIT_FINDINGS : VC_EXIT_OK;
}
