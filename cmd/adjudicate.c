/* vchess adjudicate: for every game, the result the rules give and why,
 * and whether the declared result agrees (vchess-adjudicate(1),
 * vchess-validate(1) REPORTS); optionally the corrected games (--fix-results)
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
#include "inputs.h"
#include "checker.h"
#include "merge.h"
#include "part.h"
#include "pipeline.h"
#include "pgnfix.h"
#include "report.h"
#include "report_adjudicate.h"
#include "report_standings.h"
#include "standings.h"
#include "textesc.h"
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
        VC_HELP_STRICT
        "      --format F       report format: text (default), json or jsonl; for\n"
        "                       CI: github, sarif or junit; with --standings also\n"
        "                       csv or html (the standings and crosstable alone:\n"
        "                       a CSV table, a self-contained page)\n"
        VC_HELP_QUIET
        VC_HELP_VERBOSE
        VC_HELP_OUTPUT
        VC_HELP_KEEP_PARTIAL
        VC_HELP_EXCLUDE
        VC_HELP_MAX_ERRORS
        VC_HELP_MAX_RATIO
        VC_HELP_JOBS
        VC_HELP_SHARD
        VC_HELP_PROGRESS
        VC_HELP_DEAD
        VC_HELP_BUDGET
        "      --fix-results FILE  write the games to FILE with the Result tag and\n"
        "                       the result token set to the verdict where the\n"
        "                       rules decide it; every other byte unchanged\n"
        "                       ('-': standard output; then the report needs -o)\n"
        "      --standings      add the score table of the event (per player:\n"
        "                       games, points, wins, draws, losses, tie-breaks;\n"
        "                       a warning when the games name several events)\n"
        "      --tiebreak LIST  rank ties by these tie-breaks in order (FIDE C.07):\n"
        "                       direct-encounter, sonneborn-berger, buchholz,\n"
        "                       buchholz-cut1, buchholz-median1, wins, black-games,\n"
        "                       koya, progressive, aro; 'none': points alone\n"
        "                       (default: by the system, see the manual)\n"
        "      --system S       rr or swiss (default: told from the pairings)\n"
        "      --standings-from B  rules (default: the verdict, else the declared\n"
        "                       result) or declared (every game as declared)\n"
        "      --crosstable     add the crosstable to the standings\n"
        "      --shredder       write FENs as Shredder-FEN (default X-FEN)\n"
        VC_HELP_HELP
        "\n"
        "Games in a variant vchess does not implement (Atomic, Crazyhouse, ...)\n"
        "are skipped: counted apart, not judged, not a reason for exit 1; with\n"
        "--strict they are errors, and so is a warning: the game is not judged.\n"
        "\n"
        "Exit status: 0 all declared results agree, 1 a disagreement or a game\n"
        "that could not be judged, 2 usage error, 3 input unreadable.\n";

enum { O_FIX = VC_OPT_OWN, O_STANDINGS, O_SHREDDER, O_TIEBREAK, O_SYSTEM, O_FROM,
       O_CROSSTABLE, O_FORMAT };

static const struct option own_options[] = {
	{ "fix-results", required_argument, NULL, O_FIX },
	{ "standings", no_argument, NULL, O_STANDINGS },
	{ "shredder", no_argument, NULL, O_SHREDDER },
	{ "tiebreak", required_argument, NULL, O_TIEBREAK },
	{ "system", required_argument, NULL, O_SYSTEM },
	{ "standings-from", required_argument, NULL, O_FROM },
	{ "crosstable", no_argument, NULL, O_CROSSTABLE },
	{ "format", required_argument, NULL, O_FORMAT },
	{ 0, 0, 0, 0 },
};

/* The Event tags of the games the standings count, for the warning that
 * one table mixes several events (vchess-adjudicate(1) STANDINGS): the
 * first EVENTS_KEPT distinct names in input order, and whether more were
 * seen. A game without the tag, or with an empty one or "?", names none. */
#define EVENTS_KEPT 5
struct events {
	char *name[EVENTS_KEPT];
	size_t n;
	bool more;
	bool oom;
};

static void events_add(struct events *e, const char *ev)
{
	if (!ev || !ev[strspn(ev, " \t")] || strcmp(ev, "?") == 0)
		return;
	for (size_t i = 0; i < e->n; i++)
		if (strcmp(e->name[i], ev) == 0)
			return;
	if (e->n == EVENTS_KEPT) {
		e->more = true;
		return;
	}
	if (!(e->name[e->n] = strdup(ev))) {
		e->oom = true;
		return;
	}
	e->n++;
}

/* from's names after to's (from's games come later in the input). */
static void events_merge(struct events *to, const struct events *from)
{
	for (size_t i = 0; i < from->n; i++)
		events_add(to, from->name[i]);
	to->more |= from->more;
	to->oom |= from->oom;
}

static void events_free(struct events *e)
{
	for (size_t i = 0; i < e->n; i++)
		free(e->name[i]);
	memset(e, 0, sizeof *e);
}

/* The game's Event tag (its last, as everywhere), or NULL. */
static const char *event_of(const struct vc_gc_game *g)
{
	const char *ev = NULL;
	for (int i = 0; i < g->ntags; i++)
		if (strcmp(g->tags[i].name, "Event") == 0)
			ev = g->tags[i].value;
	return ev;
}

struct adjudicate {
	struct vc_cli_opts opts;
	const char *fix_path;
	bool standings, shredder;
	/* the standings' options (vchess-adjudicate(1) STANDINGS) */
	enum vc_tiebreak tb[VC_TB_N];
	int ntb;                     /* -1: the system's defaults */
	enum vc_system system;
	bool from_declared, crosstable;
	enum { SF_REPORT, SF_CSV, SF_HTML } sformat; /* --format csv|html */
	const char *sformat_word;
	const char *standings_option; /* a standings option given, for the
	                                 check that --standings is */
	struct vc_report rep;
	struct vc_judge judge;
	struct vc_verdict cur;       /* the game being reported */
	struct vc_pgnfix *fx;        /* --fix-results: the copy, to fix_file */
	FILE *fix_file;
	bool fixing;
	struct vc_standings st;
	struct events events;        /* the standings' games' Event tags */
	struct vc_verdict_tally tally;
	struct part *part;           /* a worker's: its games since the last take */
	bool oom;                    /* out of memory: a correction or a part of
	                                the summary was lost (exit 3) */
	bool shard;                  /* a shard run: a part report */
	const char *prog;            /* the command's name in messages: adjudicate,
	                                or report merge of its parts */
};

/* What the summary needs of a worker's stretch of games (pipeline.h):
 * merged in input order by the calling thread. */
struct fix_rec {
	bool raw;                    /* a game with its bytes (not a position line) */
	uint64_t offset;
	size_t raw_len;
	const char *result;          /* corrected result (static), or NULL */
};
struct part {
	struct vc_verdict_tally tally;
	struct vc_standings st;
	struct events events;
	struct fix_rec *fix;
	size_t nfix, capfix;
	bool failed;                 /* out of memory: standings incomplete */
	bool fix_failed;             /* out of memory: a game's correction lost */
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
		.fixed = a->fixing ? vc_pgnfix_fixed(a->fx) : -1,
		.fixed_to = a->fixing && strcmp(a->fix_path, "-") == 0 ? "standard output"
		                                                       : a->fix_path,
		.st = a->standings ? &a->st : NULL,
	};
	return s;
}

static void json_summary(void *ctx, struct vc_json *j)
{
	const struct adjudicate *a = ctx;
	struct vc_adjudicate_summary s = summary(a);
	vc_adjudicate_json_summary(j, &s);
	if (a->standings && a->crosstable)
		vc_standings_crosstable_json(j, &a->st);
}

/* --strict: warnings count as errors (vchess(1) OPTIONS), so a game the
 * judge could decide but that has a warning is not judged, as a game with
 * an error is: the verdict's error is the first warning kept (its ply 0:
 * the replay did not stop there), else too-many-errors. */
static void strict_not_judged(struct vc_verdict *v, const struct vc_gc_game *g)
{
	v->basis = VC_BASIS_INVALID;
	v->result = VC_RES_NONE;
	v->by_rules = VC_RES_NONE;
	v->term = VC_TERM_NONE;
	v->ply = -1;
	v->agrees = false;
	v->flagged = -1;
	v->flag_source = VC_FLAG_NONE;
	v->has_unwinnability = false;
	v->warning = VC_F_OK;
	v->claims = 0;
	v->error_code = VC_F_TOO_MANY_ERRORS;
	v->error_ply = 0;
	for (int i = 0; i < g->nfindings; i++)
		if (!g->findings[i].error) {
			v->error_code = g->findings[i].code;
			break;
		}
}

/* The pipeline's on_game (any thread; a is the worker's copy). */
static int on_game(void *wctx, struct vc_pipe_out *o, const struct vc_gc_game *g)
{
	struct adjudicate *a = wctx;
	struct vc_report *rep = o->rep;
	struct part *pt = a->part;
	struct vc_verdict *v = &a->cur;
	vc_judge_game(&a->judge, g, v);
	if (rep->strict && g->nwarnings > 0 && v->basis != VC_BASIS_INVALID)
		strict_not_judged(v, g);
	/* a game in a variant vchess does not implement is skipped: counted
	 * by the report apart, not among the verdicts, no failure */
	bool skipped = vc_report_skip_reason(g, rep->strict) != VC_F_OK;
	if (!skipped)
		vc_verdict_tally_add(&pt->tally, v);

	if (rep->format == VC_FORMAT_TEXT) {
		/* the checker's findings only where they say more than the
		 * verdict line: a record that could not be judged (not one
		 * skipped), --verbose */
		bool quiet = rep->quiet;
		if ((v->basis != VC_BASIS_INVALID || skipped) && !rep->verbose)
			rep->quiet = true;
		vc_report_game(rep, g, NULL, NULL);
		rep->quiet = quiet;
		if (!quiet) {
			char loc[512];
			vc_report_location_m(loc, sizeof loc, rep->marks, g->source, g->member, g->line, 1);
			vc_adjudicate_text_verdict(rep->out, loc, g, v, rep);
		}
	} else {
		/* the CI formats' pass or fail is the verdict's (exit status) */
		char why[256];
		rep->outcome = VC_OUTCOME_PASSED;
		rep->outcome_type = rep->outcome_message = NULL;
		if (!skipped && v->basis == VC_BASIS_INVALID) {
			rep->outcome = VC_OUTCOME_FAILED; /* the findings say why */
		} else if (!skipped && !v->agrees) {
			rep->outcome = VC_OUTCOME_FAILED;
			rep->outcome_type = "disagrees";
			rep->outcome_message = vc_adjudicate_disagreement(why, sizeof why, v);
		}
		vc_report_game(rep, g, json_adjudication, a);
		rep->outcome = VC_OUTCOME_FINDINGS;
		rep->outcome_type = rep->outcome_message = NULL;
	}

	if (a->standings && vc_standings_add_game(&pt->st, g, v))
		pt->failed = true;
	if (a->standings)
		events_add(&pt->events, event_of(g));
	if (a->fixing) {
		if (pt->nfix == pt->capfix) {
			size_t cap = pt->capfix ? 2 * pt->capfix : 64;
			struct fix_rec *r = realloc(pt->fix, cap * sizeof *r);
			if (r) {
				pt->fix = r;
				pt->capfix = cap;
			}
		}
		/* out of memory: the game is copied unchanged (vc_pgnfix_game
		 * is not told of it) and the run ends with exit 3 */
		if (pt->nfix < pt->capfix)
			pt->fix[pt->nfix++] = (struct fix_rec){
				g->raw != NULL, g->offset, g->raw_len,
				vc_verdict_needs_fix(v) ? vc_result_string(v->result) : NULL,
			};
		else
			pt->fix_failed = true;
	}
	/* --max-errors: the games that make the exit status 1 */
	return !skipped && (v->basis == VC_BASIS_INVALID || !v->agrees) ? VC_PIPE_FAILED : 0;
}

/* NULL when out of memory. */
static struct part *part_new(void)
{
	struct part *pt = calloc(1, sizeof *pt);
	if (pt)
		vc_standings_init(&pt->st);
	return pt;
}

static void *take(void *wctx)
{
	struct adjudicate *a = wctx;
	struct part *pt = a->part, *fresh = part_new();
	if (!fresh) {
		/* out of memory: the worker goes on summing into its part,
		 * merged later, out of input order; the run ends with exit 3 */
		a->oom = true;
		return NULL;
	}
	a->part = fresh;
	a->part->st.from_declared = a->from_declared;
	return pt;
}

/* The tally, the score table and the corrections, in input order (the
 * calling thread). */
static void merge(void *ctx, void *state, bool keep)
{
	struct adjudicate *a = ctx;
	struct part *pt = state;
	if (keep) {
		vc_verdict_tally_merge(&a->tally, &pt->tally);
		if (a->standings && (vc_standings_merge(&a->st, &pt->st) || pt->failed))
			vc_cli_error("adjudicate", "out of memory: the standings are incomplete");
		events_merge(&a->events, &pt->events);
		if (pt->fix_failed)
			a->oom = true;
		for (size_t i = 0; i < pt->nfix; i++) {
			/* the record as vc_pgnfix_game reads it */
			struct vc_gc_game g;
			memset(&g, 0, sizeof g);
			g.raw = pt->fix[i].raw ? "" : NULL;
			g.offset = pt->fix[i].offset;
			g.raw_len = pt->fix[i].raw_len;
			vc_pgnfix_game(a->fx, &g, pt->fix[i].result);
		}
		if (a->fixing)
			vc_cli_check_output(a->fix_file); /* --fix-results -: a closed pipe */
	}
	vc_standings_release(&pt->st);
	events_free(&pt->events);
	free(pt->fix);
	free(pt);
}

/* A worker's copy of the command: its judge (scratch positions) and its
 * part of the summary. */
static void *worker_new(void *ctx, struct vc_checker *chk)
{
	(void)chk;
	struct adjudicate *W = malloc(sizeof *W);
	if (!W)
		return NULL;
	*W = *(const struct adjudicate *)ctx;
	if (vc_judge_init(&W->judge, W->opts.rules)) {
		free(W);
		return NULL;
	}
	vc_judge_set_unwinnability(&W->judge, W->opts.dead, W->opts.budget);
	W->part = part_new();
	if (!W->part) {
		vc_judge_release(&W->judge);
		free(W);
		return NULL;
	}
	W->part->st.from_declared = W->from_declared;
	return W;
}

static void worker_free(void *ctx, void *wctx)
{
	struct adjudicate *W = wctx;
	if (W->oom)
		((struct adjudicate *)ctx)->oom = true;
	merge(ctx, W->part, false);
	vc_judge_release(&W->judge);
	free(W);
}

static void stream_begin(void *ctx, const char *source, const char *member)
{
	vc_pgnfix_tap_begin(((struct adjudicate *)ctx)->fx, source, member);
}

static void stream_bytes(void *ctx, const char *buf, size_t n)
{
	vc_pgnfix_tap(((struct adjudicate *)ctx)->fx, buf, n);
}

static void stream_end(void *ctx, bool whole)
{
	struct adjudicate *a = ctx;
	if (whole)
		vc_pgnfix_tap_end(a->fx);
	else
		vc_pgnfix_tap_drop(a->fx);
}

static int own_option(void *ctx, int opt, const char *arg)
{
	struct adjudicate *a = ctx;
	const char *bad = NULL;
	switch (opt) {
	case O_FIX: a->fix_path = arg; break;
	case O_STANDINGS: a->standings = true; break;
	case O_SHREDDER: a->shredder = true; break;
	case O_TIEBREAK:
		a->standings_option = "--tiebreak";
		if (strcmp(arg, "none") == 0) {
			a->ntb = 0;
			break;
		}
		a->ntb = vc_tiebreak_parse_list(arg, a->tb, VC_TB_N, &bad);
		if (a->ntb < 0)
			return vc_cli_usage_error(a->prog, "--tiebreak: '%.*s' is not a tie-break "
			                          "of the list (or is repeated); see the manual",
			                          (int)strcspn(bad, ","), bad);
		break;
	case O_SYSTEM:
		a->standings_option = "--system";
		if (strcmp(arg, "rr") == 0)
			a->system = VC_SYSTEM_RR;
		else if (strcmp(arg, "swiss") == 0)
			a->system = VC_SYSTEM_SWISS;
		else
			return vc_cli_usage_error(a->prog, "--system: '%s' is not rr or swiss", arg);
		break;
	case O_FROM:
		a->standings_option = "--standings-from";
	{
		/* the option's two words: index 1 scores the declared results */
		static const char *const words[] = { "rules", "declared" };
		int k = 0;
		while (k < 2 && strcmp(arg, words[k]) != 0)
			k++;
		if (k == 2)
			return vc_cli_usage_error(a->prog, "--standings-from: '%s' is not rules "
			                          "or declared", arg);
		a->from_declared = k == 1;
		break;
	}
	case O_CROSSTABLE:
		a->standings_option = "--crosstable";
		a->crosstable = true;
		break;
	case O_FORMAT:
		/* the common formats, and csv and html for the standings */
		a->sformat = SF_REPORT;
		a->opts.format = VC_FORMAT_TEXT;
		if (strcmp(arg, "json") == 0)
			a->opts.format = VC_FORMAT_JSON;
		else if (strcmp(arg, "jsonl") == 0)
			a->opts.format = VC_FORMAT_JSONL;
		else if (strcmp(arg, "csv") == 0)
			a->sformat = SF_CSV;
		else if (strcmp(arg, "html") == 0)
			a->sformat = SF_HTML;
		else if (vc_cli_ci_format(arg, &a->opts.format))
			;
		else if (strcmp(arg, "text") != 0)
			return vc_cli_usage_error(a->prog, "--format: '%s' is not text, json, "
			                          "jsonl, github, sarif, junit, csv or html", arg);
		a->sformat_word = arg;
		break;
	default: break;
	}
	return 0;
}

/* The command line into *a (vc_cli_parse; name: the command's, in
 * messages): VC_CLI_CONTINUE, or the exit status to end with (a
 * standings option without --standings is a usage error). */
static int parse_options(struct adjudicate *a, const char *name, int argc, char **argv,
                         int *first)
{
	struct vc_cli_spec spec = {
		.name = name, .usage = usage,
		.common = VC_OPT_VARIANT | VC_OPT_RULES | VC_OPT_STRICT | VC_OPT_QUIET |
		          VC_OPT_VERBOSE | VC_OPT_OUTPUT | VC_OPT_MAX_ERRORS | VC_OPT_MAX_RATIO |
		          VC_OPT_JOBS | VC_OPT_PROGRESS | VC_OPT_DEAD | VC_OPT_BUDGET |
		          VC_OPT_KEEP_PARTIAL | VC_OPT_EXCLUDE | VC_OPT_SHARD,
		.options = own_options, .handle = own_option, .ctx = a,
	};
	a->ntb = -1;
	a->prog = name;
	int rc = vc_cli_parse(argc, argv, &spec, &a->opts, first);
	if (rc != VC_CLI_CONTINUE)
		return rc;
	if (!a->standings && (a->standings_option || a->sformat != SF_REPORT)) {
		char opt[64];
		snprintf(opt, sizeof opt, "%s%s", a->standings_option ? a->standings_option
		                                                      : "--format ",
		         a->standings_option ? "" : a->sformat_word);
		return vc_cli_usage_error(name, "%s needs --standings", opt);
	}
	if (a->sformat != SF_REPORT)
		a->opts.quiet = true; /* the page or table alone on the output */
	return VC_CLI_CONTINUE;
}

static void write_summary(struct adjudicate *a);

/* The findings that make the exit status 1 (vchess-adjudicate(1) EXIT
 * STATUS): a declared result that disagrees, a game not judged, and under
 * --strict an input warning (an empty input). */
static bool has_findings(const struct adjudicate *a)
{
	return a->tally.disagree > 0 || a->tally.not_judged > 0 ||
	       (a->rep.strict && a->rep.input_warnings > 0);
}

/* ---- shard runs and their merge (vchess-report(1)) ---------------------- */

/* What a part's state (the trailer's "state") holds of the tally, and of
 * each row of the score table: a player (after its name) and a scored
 * game (its number raised by the part's base when read). */
static const struct vc_part_field tally_fields[] = {
	VC_PART_FIELD("games", struct vc_verdict_tally, games, VC_PART_U64),
	VC_PART_FIELD("agree", struct vc_verdict_tally, agree, VC_PART_U64),
	VC_PART_FIELD("disagree", struct vc_verdict_tally, disagree, VC_PART_U64),
	VC_PART_FIELD("not_judged", struct vc_verdict_tally, not_judged, VC_PART_U64),
	VC_PART_FIELD_N("by_basis", struct vc_verdict_tally, by_basis),
	VC_PART_FIELD_N("by_term", struct vc_verdict_tally, by_term),
};
static const struct vc_part_field player_fields[] = {
	VC_PART_FIELD(NULL, struct vc_player, games, VC_PART_LONG),
	VC_PART_FIELD(NULL, struct vc_player, wins, VC_PART_LONG),
	VC_PART_FIELD(NULL, struct vc_player, draws, VC_PART_LONG),
	VC_PART_FIELD(NULL, struct vc_player, losses, VC_PART_LONG),
	VC_PART_FIELD(NULL, struct vc_player, halves, VC_PART_LONG),
	VC_PART_FIELD(NULL, struct vc_player, id, VC_PART_LONG),
};
static const struct vc_part_field sgame_fields[] = {
	VC_PART_FIELD(NULL, struct vc_sgame, white, VC_PART_LONG),
	VC_PART_FIELD(NULL, struct vc_sgame, black, VC_PART_LONG),
	VC_PART_FIELD(NULL, struct vc_sgame, round, VC_PART_INT),
	VC_PART_FIELD(NULL, struct vc_sgame, board, VC_PART_INT),
	VC_PART_FIELD(NULL, struct vc_sgame, result, VC_PART_UCHAR),
	VC_PART_FIELD(NULL, struct vc_sgame, flags, VC_PART_UCHAR),
	VC_PART_FIELD(NULL, struct vc_sgame, white_elo, VC_PART_INT),
	VC_PART_FIELD(NULL, struct vc_sgame, black_elo, VC_PART_INT),
	VC_PART_FIELD(NULL, struct vc_sgame, source, VC_PART_LONG),
	VC_PART_FIELD(NULL, struct vc_sgame, index, VC_PART_U64),
};

/* A part's own state (the trailer's "state"): the tally and the score
 * table with every scored game, for the merge. */
static void part_state(void *ctx, struct vc_json *j)
{
	const struct adjudicate *a = ctx;
	vc_json_key(j, "tally");
	vc_json_begin_object(j);
	vc_part_put_fields(j, tally_fields, VC_PART_NFIELDS(tally_fields), &a->tally);
	vc_json_end_object(j);
	const struct vc_standings *st = &a->st;
	vc_json_key(j, "standings");
	vc_json_begin_object(j);
	vc_json_kv_int(j, "counted", st->counted);
	vc_json_kv_int(j, "unfinished", st->unfinished);
	vc_json_kv_int(j, "event_state", st->event_state);
	if (st->event)
		vc_json_kv_string(j, "event", st->event);
	else
		vc_json_kv_null(j, "event");
	vc_json_key(j, "players");
	vc_json_begin_array(j);
	for (size_t i = 0; i < st->n; i++) {
		vc_json_begin_array(j);
		vc_json_string(j, st->p[i].name);
		vc_part_put_fields(j, player_fields, VC_PART_NFIELDS(player_fields), &st->p[i]);
		vc_json_end_array(j);
	}
	vc_json_end_array(j);
	vc_json_key(j, "sources");
	vc_json_begin_array(j);
	for (size_t i = 0; i < st->nsources; i++)
		vc_json_string(j, st->sources[i]);
	vc_json_end_array(j);
	vc_json_key(j, "games");
	vc_json_begin_array(j);
	for (size_t i = 0; i < st->ngames; i++) {
		vc_json_begin_array(j);
		vc_part_put_fields(j, sgame_fields, VC_PART_NFIELDS(sgame_fields), &st->games[i]);
		vc_json_end_array(j);
	}
	vc_json_end_array(j);
	vc_json_end_object(j);
	/* the Event tags, for the merge's warning of several events */
	vc_json_key(j, "events");
	vc_json_begin_array(j);
	for (size_t i = 0; i < a->events.n; i++)
		vc_json_string(j, a->events.name[i]);
	vc_json_end_array(j);
	vc_json_kv_bool(j, "events_more", a->events.more);
}

static bool jint(const struct vc_jval *v, int64_t *out)
{
	return vc_jval_i64(v, out);
}

/* Row r, an array of `skip` other values then the fields f[0, n), read
 * into the struct at s. */
static bool get_row(const struct vc_jval *r, size_t skip, const struct vc_part_field *f,
                    size_t n, void *s)
{
	if (r->t != VC_J_ARRAY || r->n != skip + n)
		return false;
	for (size_t k = 0; k < n; k++)
		if (!vc_part_get_field(&r->kids[skip + k], &f[k], s))
			return false;
	return true;
}

/* A part's state added to a's tally and table, its game numbers raised by
 * base. Returns false when the state is not one a shard writes. */
static bool add_part_state(struct adjudicate *a, const struct vc_jval *state, uint64_t base)
{
	const struct vc_jval *t = vc_jget(state, "tally");
	struct vc_verdict_tally tally;
	memset(&tally, 0, sizeof tally);
	for (size_t i = 0; i < VC_PART_NFIELDS(tally_fields); i++)
		if (!vc_part_get_field(vc_jget(t, tally_fields[i].word), &tally_fields[i], &tally))
			return false;
	vc_verdict_tally_merge(&a->tally, &tally);
	/* the Event tags (in shard order, as one run sees them) */
	const struct vc_jval *evs = vc_jget(state, "events"), *more = vc_jget(state, "events_more");
	if (!evs || evs->t != VC_J_ARRAY || !more || more->t != VC_J_BOOL)
		return false;
	for (size_t i = 0; i < evs->n; i++) {
		if (evs->kids[i].t != VC_J_STRING)
			return false;
		events_add(&a->events, evs->kids[i].s);
	}
	a->events.more |= more->b;
	const struct vc_jval *sj = vc_jget(state, "standings");
	const struct vc_jval *pl = vc_jget(sj, "players"), *src = vc_jget(sj, "sources"),
	                     *gs = vc_jget(sj, "games");
	int64_t counted, unfinished;
	if (!jint(vc_jget(sj, "counted"), &counted) || !jint(vc_jget(sj, "unfinished"), &unfinished) ||
	    !pl || pl->t != VC_J_ARRAY || !src || src->t != VC_J_ARRAY || !gs ||
	    gs->t != VC_J_ARRAY)
		return false;
	struct vc_standings from;
	vc_standings_init(&from);
	bool ok = true;
	from.counted = counted;
	from.unfinished = unfinished;
	int64_t es = 0;
	const struct vc_jval *ev = vc_jget(sj, "event");
	if (!jint(vc_jget(sj, "event_state"), &es) || es < 0 || es > 2 ||
	    (es == 1 && (!ev || ev->t != VC_J_STRING)))
		ok = false;
	else if (es == 1 && !(from.event = strdup(ev->s)))
		es = 2; /* out of memory: no name, as the table itself does */
	from.event_state = (int)es;
	from.p = calloc(pl->n + 1, sizeof *from.p);
	from.sources = calloc(src->n + 1, sizeof *from.sources);
	from.games = calloc(gs->n + 1, sizeof *from.games);
	if (!from.p || !from.sources || !from.games)
		ok = false;
	for (size_t i = 0; ok && i < pl->n; i++) {
		const struct vc_jval *r = &pl->kids[i];
		struct vc_player *p = &from.p[i];
		ok = get_row(r, 1, player_fields, VC_PART_NFIELDS(player_fields), p) &&
		     r->kids[0].t == VC_J_STRING && (p->name = strdup(r->kids[0].s)) != NULL;
		if (ok) {
			from.n = i + 1;
			ok = p->id >= 0 && (size_t)p->id < pl->n;
		}
	}
	for (size_t i = 0; ok && i < src->n; i++) {
		ok = src->kids[i].t == VC_J_STRING &&
		     (from.sources[i] = strdup(src->kids[i].s)) != NULL;
		if (ok)
			from.nsources = i + 1;
	}
	for (size_t i = 0; ok && i < gs->n; i++) {
		struct vc_sgame *g = &from.games[i];
		ok = get_row(&gs->kids[i], 0, sgame_fields, VC_PART_NFIELDS(sgame_fields), g);
		if (!ok)
			break;
		g->index += base;
		ok = g->white < (long)pl->n && g->black < (long)pl->n && g->source < (long)src->n;
		from.ngames = i + 1;
	}
	if (ok && vc_standings_merge(&a->st, &from)) {
		vc_cli_error("report merge", "out of memory: the standings are incomplete");
		a->oom = true;
	}
	vc_standings_release(&from);
	return ok;
}

int vc_merge_adjudicate(struct vc_merge *m, int argc, char **argv)
{
	struct adjudicate *a = calloc(1, sizeof *a);
	if (!a) {
		vc_cli_error("report merge", "out of memory");
		return VC_EXIT_INPUT;
	}
	int first;
	int rc = parse_options(a, "report merge", argc, argv, &first);
	if (rc != VC_CLI_CONTINUE) {
		free(a);
		return rc == VC_EXIT_OK ? VC_EXIT_USAGE : rc;
	}
	a->st.from_declared = a->from_declared;
	int status = VC_EXIT_OK;
	for (size_t i = 0; i < vc_merge_nparts(m); i++) {
		const struct vc_jval *st = vc_merge_state(m, i);
		if (st && st->n && !add_part_state(a, st, vc_merge_index_base(m, i))) {
			vc_cli_error("report merge", "a part's trailer is damaged (its adjudication "
			             "state)");
			vc_standings_release(&a->st);
			events_free(&a->events);
			free(a);
			return VC_EXIT_USAGE;
		}
	}
	FILE *out = vc_cli_open_output("report merge", &a->opts);
	if (!out) {
		vc_standings_release(&a->st);
		events_free(&a->events);
		free(a);
		return VC_EXIT_INPUT;
	}
	vc_cli_report_init(&a->rep, out, &a->opts, "adjudicate", a->shredder);
	if (a->sformat == SF_REPORT && vc_merge_games(m, &a->rep))
		status = VC_EXIT_INPUT;
	vc_merge_counts(m, &a->rep);
	write_summary(a);
	if (a->oom)
		status = VC_EXIT_INPUT;
	if (vc_cli_close_output("report merge", out) != VC_EXIT_OK)
		status = VC_EXIT_INPUT;
	bool findings = has_findings(a);
	vc_standings_release(&a->st);
	events_free(&a->events);
	free(a);
	if (status == VC_EXIT_INPUT || vc_merge_input_failed(m))
		return VC_EXIT_INPUT;
	return findings ? VC_EXIT_FINDINGS : VC_EXIT_OK;
}

/* --standings over the games of several events (Event tags): one table
 * ranks them all together, rarely what an arbiter wants; said once on
 * standard error, the exit status unchanged. */
static void warn_events(const struct adjudicate *a)
{
	const struct events *e = &a->events;
	if (e->n < 2)
		return;
	char list[1024];
	size_t len = 0;
	list[0] = '\0';
	for (size_t i = 0; i < e->n && len < sizeof list; i++) {
		char *esc = vc_text_escape_dup(e->name[i]); /* text from the games */
		int k = snprintf(list + len, sizeof list - len, "%s'%.80s%s'", i ? ", " : "",
		                 esc ? esc : "?", esc && strlen(esc) > 80 ? "..." : "");
		free(esc);
		if (k > 0)
			len += (size_t)k;
	}
	char count[32];
	if (e->more)
		snprintf(count, sizeof count, "more than %zu", e->n);
	else
		snprintf(count, sizeof count, "%zu", e->n);
	vc_cli_error(a->prog,
	             "warning: standings mix %s events: %s%s (one table ranks the games of all "
	             "of them together: give one event's games for its standings)",
	             count, list, e->more ? ", ..." : "");
}

/* The summary, the standings and the crosstable as the format asks
 * (a run's end, and the merge's). */
static void write_summary(struct adjudicate *a)
{
	if (a->standings)
		warn_events(a);
	if (a->standings) {
		enum vc_tiebreak tb[VC_TB_N];
		int ntb = a->ntb;
		enum vc_system sys = a->system;
		if (ntb < 0) {
			/* the system's default list: tell the system first */
			if (vc_standings_rank(&a->st, NULL, 0, sys) == 0)
				sys = a->st.system;
			ntb = vc_tiebreak_defaults(sys == VC_SYSTEM_AUTO ? VC_SYSTEM_RR : sys, tb);
		} else {
			memcpy(tb, a->tb, sizeof tb);
		}
		if (vc_standings_rank(&a->st, tb, ntb, sys))
			vc_cli_error("adjudicate", "out of memory: the standings are ranked by points "
			             "alone");
	}
	if (a->sformat == SF_CSV) {
		vc_standings_csv(a->rep.out, &a->st, a->crosstable);
	} else if (a->sformat == SF_HTML) {
		vc_standings_html(a->rep.out, &a->st, NULL);
	} else if (a->rep.format == VC_FORMAT_TEXT) {
		/* the report ends with its completeness line, after the
		 * adjudication's own summary and the crosstable */
		enum vc_report_stop stop = a->rep.stop;
		a->rep.stop = VC_REPORT_COMPLETE;
		vc_report_summary(&a->rep);
		struct vc_adjudicate_summary s = summary(a);
		vc_adjudicate_text_summary(a->rep.out, &s);
		if (a->standings && a->crosstable)
			vc_standings_crosstable_text(a->rep.out, &a->st);
		a->rep.stop = stop;
		vc_report_text_complete(a->rep.out, "adjudicate", stop);
	} else {
		vc_report_summary_ext(&a->rep, json_summary, a);
	}

}

int cmd_adjudicate(int argc, char **argv)
{
	struct adjudicate *a = calloc(1, sizeof *a);
	if (!a) {
		vc_cli_error("adjudicate", "out of memory");
		return VC_EXIT_INPUT;
	}
	int first;
	int rc = parse_options(a, "adjudicate", argc, argv, &first);
	if (rc != VC_CLI_CONTINUE) {
		free(a);
		return rc;
	}
	a->st.from_declared = a->from_declared;
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
	/* directories walked, --exclude applied (inputs.h) */
	char **files;
	int nfiles;
	if (!vc_cli_operands("adjudicate", &a->opts, argv + first, argc - first,
	                     &files, &nfiles)) {
		free(a);
		return VC_EXIT_INPUT;
	}
	rc = vc_cli_check_outputs("adjudicate", outs, 2, files, nfiles);
	if (rc != VC_EXIT_OK) {
		free(a);
		return rc;
	}
	/* a shard run (vchess-report(1)): its one input, its range; the score
	 * table is always kept, for a merge with --standings */
	struct vc_part_shard sh;
	char **run_files = files; /* the inputs the run reads */
	int run_n = nfiles;
	struct vc_pipe_part part;
	if (a->opts.shard) {
		if (a->fix_path) {
			free(a);
			return vc_cli_usage_error("adjudicate", "--fix-results is not for shard runs: "
			                          "correct the whole file in one run");
		}
		if (a->opts.max_errors > 0) {
			/* where one run stops, the merge would need the tally
			 * (and the standings, when asked for) as they stood at
			 * that game: a part holds them for its whole range */
			bool st = a->standings;
			free(a);
			return vc_cli_usage_error("adjudicate", "--max-errors cannot stop a shard run "
			                          "where one run would stop: the merge would need the "
			                          "tally of verdicts%s as they stood at the game that "
			                          "stops it, and the parts hold %s for their whole "
			                          "range only: leave --max-errors out",
			                          st ? " and the standings" : "",
			                          st ? "them" : "it");
		}
		rc = vc_part_resolve("adjudicate", &a->opts, files, nfiles, &sh);
		if (rc != VC_EXIT_OK) {
			free(a);
			return rc;
		}
		/* the one file of the shard (the list stays the operands') */
		run_files = files + sh.index;
		run_n = sh.file ? 1 : 0;
		a->shard = true;
		a->standings = true;
	} else if (a->opts.shard_range) {
		free(a);
		return vc_cli_usage_error("adjudicate", "--shard-range needs --shard K/N");
	}
	if (vc_judge_init(&a->judge, a->opts.rules)) {
		vc_cli_error("adjudicate", "out of memory");
		free(a);
		return VC_EXIT_INPUT;
	}
	vc_judge_set_unwinnability(&a->judge, a->opts.dead, a->opts.budget);
	FILE *out = vc_cli_open_output("adjudicate", &a->opts);
	if (!out) {
		vc_judge_release(&a->judge);
		free(a);
		return VC_EXIT_INPUT;
	}
	if (a->fix_path) {
		a->fix_file = vc_cli_open_file("adjudicate", a->fix_path);
		a->fx = a->fix_file ? vc_pgnfix_new(a->fix_file) : NULL;
		if (!a->fx) {
			if (a->fix_file) {
				vc_cli_error("adjudicate", "out of memory");
				vc_cli_close_file("adjudicate", a->fix_file, a->fix_path);
			}
			vc_cli_close_output("adjudicate", out);
			vc_judge_release(&a->judge);
			free(a);
			return VC_EXIT_INPUT;
		}
		a->fixing = true;
	}
	/* a part's records are JSON lines, whatever --format (the merge's) */
	struct vc_cli_opts ro = a->opts;
	if (a->shard)
		ro.format = VC_FORMAT_JSONL;
	vc_cli_report_init(&a->rep, out, &ro, "adjudicate", a->shredder);
	/* a part holds the records of unreadable inputs and the notes
	 * where they happen among the games' (part.h) */
	if (a->shard)
		vc_part_report(&a->rep);
	if (a->shard)
		vc_part_header(out, "adjudicate", &a->opts, &sh);

	struct vc_gc_options go = {
		.variant = a->opts.variant,
		.rules = a->opts.rules,
		.strict = a->opts.strict,
		.keep_raw = a->fixing,
		.dead_positions = a->opts.dead,
	};
	const struct vc_pipe_command cmd = {
		.ctx = a, .worker_new = worker_new, .worker_free = worker_free,
		.on_game = on_game, .take = take, .merge = merge,
		.stream_begin = a->fixing ? stream_begin : NULL,
		.stream_bytes = a->fixing ? stream_bytes : NULL,
		.stream_end = a->fixing ? stream_end : NULL,
	};
	const struct vc_pipe pipe = {
		.cmd = &cmd, .gc = &go, .opts = &a->opts, .shredder = a->shredder,
		.rep = &a->rep,
		.progress = a->shard ? a->opts.progress == 1 : vc_cli_progress(&a->opts),
		.shard = a->shard ? &sh.pipe : NULL, .part = &part,
	};
	int status = vc_pipe_run(&pipe, run_files, run_n);

	if (a->shard)
		vc_part_trailer(out, &part, &a->rep,
		                status == VC_EXIT_INPUT ? VC_EXIT_INPUT
		                : has_findings(a) ? VC_EXIT_FINDINGS
		                : VC_EXIT_OK,
		                part_state, a);
	else
		write_summary(a);

	if (a->fixing) {
		if (vc_pgnfix_failed(a->fx) || a->oom) {
			vc_cli_error("adjudicate", "out of memory: %s holds the games uncorrected "
			             "from some point on", a->fix_path);
			status = VC_EXIT_INPUT;
		}
		if (vc_cli_close_file("adjudicate", a->fix_file, a->fix_path) != VC_EXIT_OK)
			status = VC_EXIT_INPUT;
	} else if (a->oom) {
		vc_cli_error("adjudicate", "out of memory: the summary is incomplete");
		status = VC_EXIT_INPUT;
	}
	int closed = vc_cli_close_file("adjudicate", out, vc_cli_report_path(&a->opts));
	bool findings = has_findings(a);
	bool shard = a->shard;
	vc_judge_release(&a->judge);
	vc_pgnfix_free(a->fx);
	vc_standings_release(&a->st);
	events_free(&a->events);
	free(a);
	if (status == VC_EXIT_INPUT || closed != VC_EXIT_OK)
		return VC_EXIT_INPUT;
	if (shard)
		return VC_EXIT_OK; /* the merge's exit status says */
	return findings ? VC_EXIT_FINDINGS : VC_EXIT_OK;
}
