/* vchess validate: check PGN (and EPD/FEN) files game by game against the
 * rules of their variant; one report entry per game read.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "common.h"
#include "inputs.h"
#include "checker.h"
#include "input.h"
#include "report.h"
#include "merge.h"
#include "part.h"
#include "pipeline.h"
#include "duplicates.h"

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
        VC_HELP_FORMAT_CI
        VC_HELP_STRICT
        VC_HELP_QUIET
        VC_HELP_VERBOSE
        VC_HELP_OUTPUT
        VC_HELP_KEEP_PARTIAL
        VC_HELP_EXCLUDE
        VC_HELP_MAX_ERRORS
        VC_HELP_MAX_RATIO
        "      --valid-out FILE    copy each valid game's original text to FILE\n"
        "      --invalid-out FILE  copy each invalid game's original text to FILE\n"
        "                       ('-': standard output; then the report needs -o)\n"
        "      --skipped-out FILE  copy each skipped game (a variant vchess does not\n"
        "                       implement: not checked, not a reason for exit 1;\n"
        "                       an error with --strict) to FILE; without it, such\n"
        "                       games go to neither copy\n"
        "      --shredder       write FENs as Shredder-FEN (default X-FEN)\n"
        "      --duplicates     warn of each game whose variant, start position and\n"
        "                       main line are an earlier game's (duplicate-of;\n"
        "                       games without moves, forfeits, take no part)\n"
        "      --duplicates-out FILE  copy those games to FILE, not to --valid-out\n"
        "                       or --invalid-out (implies --duplicates)\n"
        "      --duplicates-max N  look among the first N games only (default\n"
        "                       10000000; about 25 MB per million games; implies\n"
        "                       --duplicates)\n"
        VC_HELP_JOBS
        VC_HELP_SHARD
        VC_HELP_PROGRESS
        VC_HELP_DEAD
        VC_HELP_AFTER_END
        VC_HELP_HELP
        "\n"
        VC_HELP_EXIT;

enum { O_VALID_OUT = VC_OPT_OWN, O_INVALID_OUT, O_SKIPPED_OUT, O_SHREDDER, O_DUPS, O_DUPS_OUT,
       O_DUPS_MAX };

#define DUPS_MAX_DEFAULT 10000000

static const struct option own_options[] = {
	{ "valid-out", required_argument, NULL, O_VALID_OUT },
	{ "invalid-out", required_argument, NULL, O_INVALID_OUT },
	{ "skipped-out", required_argument, NULL, O_SKIPPED_OUT },
	{ "shredder", no_argument, NULL, O_SHREDDER },
	{ "duplicates", no_argument, NULL, O_DUPS },
	{ "duplicates-out", required_argument, NULL, O_DUPS_OUT },
	{ "duplicates-max", required_argument, NULL, O_DUPS_MAX },
	{ 0, 0, 0, 0 },
};

struct validate {
	const char *valid_out, *invalid_out, *skipped_out;
	bool shredder;
	FILE *vf, *inf, *sf;
	/* --duplicates (duplicates.h) */
	bool dups;
	const char *dups_out;
	FILE *df;
	unsigned long long dups_max;
	struct vc_dups dup;
	/* a shard run: the counts of the shard's own look-ups (not the
	 * part's: the merge counts), and the game's question for its record */
	struct vc_report part_rep;
	bool part_asked;
	struct vc_dup_query part_q;
	char part_member[VC_DUP_MEMBER_MAX + 1];
	/* the merge: the answer for the game being written */
	int merge_answer;
	struct vc_report rep;
	struct vc_cli_opts opts;
};

static int own_option(void *ctx, int opt, const char *arg)
{
	struct validate *v = ctx;
	switch (opt) {
	case O_VALID_OUT: v->valid_out = arg; break;
	case O_INVALID_OUT: v->invalid_out = arg; break;
	case O_SKIPPED_OUT: v->skipped_out = arg; break;
	case O_SHREDDER: v->shredder = true; break;
	case O_DUPS: v->dups = true; break;
	case O_DUPS_OUT: v->dups = true; v->dups_out = arg; break;
	case O_DUPS_MAX: {
		uint64_t n;
		int rc = vc_cli_number_option("validate", "--duplicates-max", arg, 1, UINT32_MAX,
		                              "a number of games from 1 to 4294967295", &n);
		if (rc)
			return rc;
		v->dups = true;
		v->dups_max = n;
		break;
	}
	default: break;
	}
	return 0;
}

/* The pipeline's on_game (any thread): copy streams 0, 1 and 3 are
 * --valid-out, --invalid-out and --skipped-out (2: --duplicates-out). A skipped game (a variant
 * vchess does not implement, report.h) is neither valid nor invalid:
 * not a failure (--max-errors, exit status) unless --strict. */
static int on_game(void *wctx, struct vc_pipe_out *o, const struct vc_gc_game *g)
{
	(void)wctx;
	bool skipped = vc_report_skip_reason(g, o->rep->strict) != VC_F_OK;
	/* the copy first: a closed report pipe ends vchess inside
	 * vc_report_game, and the copies must then hold whole games */
	vc_pipe_copy_game(o, skipped ? 3 : g->valid ? 0 : 1, g);
	vc_report_game(o->rep, g, NULL, NULL);
	return g->valid || skipped ? 0 : VC_PIPE_FAILED;
}

/* --duplicates: the game's JSON member "hash" (null: the game takes no
 * part), then the place of its "duplicate_of" (duplicates.h). */
struct dup_game {
	struct vc_pipe_out *o;
	const struct vc_dup_hash *h; /* NULL: no hash */
};

static void dup_json(void *ctx, struct vc_json *j)
{
	struct dup_game *dg = ctx;
	if (!dg->h) {
		vc_json_kv_null(j, "hash");
		return;
	}
	char hex[33];
	vc_json_kv_string(j, "hash", vc_dup_hash_hex(dg->h, hex));
	/* JSON, JSONL: the member "duplicate_of" goes here; the CI formats
	 * call dup_point where their warnings go (once a game) */
	enum vc_format f = dg->o->rep->format;
	if (f == VC_FORMAT_JSON || f == VC_FORMAT_JSONL)
		vc_pipe_point(dg->o, j, sizeof *j);
}

/* The CI formats' place of the duplicate-of warning (report.h
 * game_point). */
static void dup_point(void *ctx)
{
	struct dup_game *dg = ctx;
	if (dg->h)
		vc_pipe_point(dg->o, NULL, 0);
}

/* on_game under --duplicates (any thread): the question first
 * (vc_pipe_decide), then the copy (copy 2, --duplicates-out, when the
 * answer is a duplicate: the pipeline's decided_copy), then the entry, with
 * the warning's place. */
static int on_game_dups(void *wctx, struct vc_pipe_out *o, const struct vc_gc_game *g)
{
	(void)wctx;
	struct vc_dup_hash h;
	bool hashed = vc_dup_hash_game(g, &h);
	if (hashed) {
		union {
			struct vc_dup_query q;
			char b[sizeof(struct vc_dup_query) + VC_DUP_MEMBER_MAX + 1];
		} u;
		vc_pipe_decide(o, &u.q, vc_dup_query_make(&u.q, g, &h));
	}
	bool skipped = vc_report_skip_reason(g, o->rep->strict) != VC_F_OK;
	vc_pipe_copy_game(o, skipped ? 3 : g->valid ? 0 : 1, g);
	struct dup_game dg = { o, hashed ? &h : NULL };
	o->rep->game_point = dup_point;
	vc_report_game(o->rep, g, dup_json, &dg);
	o->rep->game_point = NULL;
	if (hashed && o->rep->format == VC_FORMAT_TEXT)
		vc_pipe_point(o, NULL, 0);
	return g->valid || skipped ? 0 : VC_PIPE_FAILED;
}

static int dups_decide(void *ctx, const void *data, uint64_t base)
{
	struct validate *v = ctx;
	return vc_dups_decide(&v->dup, data, base);
}

static void dups_write(void *ctx, const void *point, int answer, FILE *out)
{
	struct validate *v = ctx;
	vc_dups_write(&v->dup, point, answer, out);
}

/* --duplicates in a shard run (vchess-report(1)): the shard's own table
 * answers for the games of the shard, which decides --duplicates-out
 * only; the report's warnings are the merge's, which looks every game up
 * in input order. So each record carries the game's question ("dup":
 * hash, member, number and line in the shard, or null) and each rendering
 * the warning's place (part.h vc_part_point) instead of the warning. */
static int dups_decide_part(void *ctx, const void *data, uint64_t base)
{
	struct validate *v = ctx;
	const struct vc_dup_query *q = data;
	v->part_asked = true;
	v->part_q = *q;
	memcpy(v->part_member, q->member, strlen(q->member) + 1);
	return vc_dups_decide(&v->dup, q, base);
}

static void dups_write_part(void *ctx, const void *point, int answer, FILE *out)
{
	(void)ctx;
	(void)answer;
	vc_part_point(out, point);
}

static void dups_part_json(void *ctx, struct vc_json *j)
{
	struct validate *v = ctx;
	vc_json_key(j, "dup");
	if (!v->part_asked) {
		vc_json_null(j);
		return;
	}
	v->part_asked = false;
	char hex[33];
	vc_json_begin_object(j);
	vc_json_kv_string(j, "h", vc_dup_hash_hex(&v->part_q.h, hex));
	if (v->part_q.has_member)
		vc_json_kv_string(j, "m", v->part_member);
	else
		vc_json_kv_null(j, "m");
	vc_json_kv_uint(j, "i", v->part_q.index);
	vc_json_kv_uint(j, "l", v->part_q.line);
	vc_json_end_object(j);
}

static void dups_summary(void *ctx, struct vc_json *j)
{
	struct validate *v = ctx;
	vc_dups_summary_json(&v->dup, j);
}

int cmd_validate(int argc, char **argv)
{
	struct validate v;
	memset(&v, 0, sizeof v);
	struct vc_cli_spec spec = {
		.name = "validate", .usage = usage, .common = (VC_OPT_ALL & ~VC_OPT_BUDGET) | VC_OPT_SHARD,
		.ci_formats = true,
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
		{ "--duplicates-out", v.dups_out, false },
		{ "--skipped-out", v.skipped_out, false },
	};
	/* directories walked, --exclude applied (inputs.h) */
	char **files;
	int nfiles;
	if (!vc_cli_operands("validate", &v.opts, argv + first, argc - first,
	                     &files, &nfiles))
		return VC_EXIT_INPUT;
	rc = vc_cli_check_outputs("validate", outs, 5, files, nfiles);
	if (rc != VC_EXIT_OK)
		return rc;
	/* a shard run (vchess-report(1)): its one input, its range */
	struct vc_part_shard sh;
	char **run_files = files; /* the inputs the run reads */
	int run_n = nfiles;
	if (v.opts.shard) {
		rc = vc_part_resolve("validate", &v.opts, files, nfiles, &sh);
		if (rc != VC_EXIT_OK)
			return rc;
		/* the one file of the shard (the list stays the operands') */
		run_files = files + sh.index;
		run_n = sh.file ? 1 : 0;
	} else if (v.opts.shard_range) {
		return vc_cli_usage_error("validate", "--shard-range needs --shard K/N");
	}

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
	if (v.dups_out && !(v.df = vc_cli_open_file("validate", v.dups_out))) {
		vc_cli_close_file("validate", v.inf, v.invalid_out);
		vc_cli_close_file("validate", v.vf, v.valid_out);
		vc_cli_close_output("validate", out);
		return VC_EXIT_INPUT;
	}
	if (v.skipped_out && !(v.sf = vc_cli_open_file("validate", v.skipped_out))) {
		vc_cli_close_file("validate", v.df, v.dups_out);
		vc_cli_close_file("validate", v.inf, v.invalid_out);
		vc_cli_close_file("validate", v.vf, v.valid_out);
		vc_cli_close_output("validate", out);
		return VC_EXIT_INPUT;
	}
	/* a part's records are JSON lines, whatever --format (the merge's) */
	struct vc_cli_opts ro = v.opts;
	if (v.opts.shard)
		ro.format = VC_FORMAT_JSONL;
	vc_cli_report_init(&v.rep, out, &ro, "validate", v.shredder);
	/* a part holds the records of unreadable inputs and the notes
	 * where they happen among the games' (part.h) */
	if (v.opts.shard)
		vc_part_report(&v.rep);
	if (v.opts.shard)
		vc_part_header(out, "validate", &v.opts, &sh);
	if (v.dups && v.opts.shard) {
		/* the shard's look-ups count nowhere (see dups_decide_part) */
		v.part_rep.format = VC_FORMAT_TEXT;
		vc_dups_init(&v.dup, v.dups_max ? (size_t)v.dups_max : DUPS_MAX_DEFAULT,
		             &v.part_rep);
	} else if (v.dups) {
		vc_dups_init(&v.dup, v.dups_max ? (size_t)v.dups_max : DUPS_MAX_DEFAULT, &v.rep);
	}

	struct vc_gc_options go = {
		.variant = v.opts.variant,
		.rules = v.opts.rules,
		.strict = v.opts.strict,
		/* copies are cut from the input by the pipeline (copy_input),
		 * not from the reader's copy of each game */
		/* JSON only shows it (a part holds every format) */
		.no_final_fen = v.opts.format == VC_FORMAT_TEXT && !v.opts.shard,
		.dead_positions = v.opts.dead,
		.after_end_warn = v.opts.after_end_warn,
	};
	const struct vc_pipe_command cmd = {
		.ctx = &v, .on_game = v.dups ? on_game_dups : on_game,
		.decide = !v.dups ? NULL : v.opts.shard ? dups_decide_part : dups_decide,
		.write_point = !v.dups ? NULL : v.opts.shard ? dups_write_part : dups_write,
		.part_json = v.dups && v.opts.shard ? dups_part_json : NULL,
	};
	struct vc_pipe_part part;
	const struct vc_pipe pipe = {
		.cmd = &cmd, .gc = &go, .opts = &v.opts, .shredder = v.shredder,
		.rep = &v.rep, .ncopies = 4, .copies = { v.vf, v.inf, v.df, v.sf },
		.copy_input = v.vf || v.inf || v.df || v.sf,
		.progress = v.opts.shard ? v.opts.progress == 1 : vc_cli_progress(&v.opts),
		.decided_copy_on = v.df != NULL, .decided_copy = 2,
		.shard = v.opts.shard ? &sh.pipe : NULL, .part = &part,
	};
	int status = vc_pipe_run(&pipe, run_files, run_n);
	if (v.opts.shard) {
		vc_part_trailer(out, &part, &v.rep,
		                status == VC_EXIT_INPUT ? VC_EXIT_INPUT
		                : vc_report_failed(&v.rep) ? VC_EXIT_FINDINGS : VC_EXIT_OK,
		                NULL, NULL);
	} else if (v.dups) {
		vc_report_summary_ext(&v.rep, dups_summary, &v);
		if (v.rep.format == VC_FORMAT_TEXT)
			vc_dups_summary_text(&v.dup, out, "validate");
	} else {
		vc_report_summary(&v.rep);
	}
	if (v.dups)
		vc_dups_release(&v.dup);
	/* every output is closed and checked: a full disk is exit 3 */
	int closed = vc_cli_close_file("validate", v.vf, v.valid_out);
	if (vc_cli_close_file("validate", v.inf, v.invalid_out) != VC_EXIT_OK)
		closed = VC_EXIT_INPUT;
	if (vc_cli_close_file("validate", v.df, v.dups_out) != VC_EXIT_OK)
		closed = VC_EXIT_INPUT;
	if (vc_cli_close_file("validate", v.sf, v.skipped_out) != VC_EXIT_OK)
		closed = VC_EXIT_INPUT;
	if (vc_cli_close_file("validate", out, vc_cli_report_path(&v.opts)) != VC_EXIT_OK)
		closed = VC_EXIT_INPUT;
	if (status == VC_EXIT_INPUT || closed != VC_EXIT_OK)
		return VC_EXIT_INPUT;
	/* a shard run's games decide nothing: the merge's exit status does */
	if (v.opts.shard)
		return VC_EXIT_OK;
	return vc_report_failed(&v.rep) ? VC_EXIT_FINDINGS : VC_EXIT_OK;
}

/* The merge's --duplicates: every game looked up in input order, as one
 * run looks it up, from its record's "dup" (dups_part_json); the warning
 * written at the rendering's points (merge.h vc_merge_hooks). */
static int merge_dup_game(void *ctx, const struct vc_jval *rec, const char *source,
                          uint64_t base_index, uint64_t base_line)
{
	struct validate *v = ctx;
	v->merge_answer = 0;
	const struct vc_jval *d = vc_jget(rec, "dup");
	if (!d || d->t == VC_J_NULL)
		return 0;
	union {
		struct vc_dup_query q;
		char b[sizeof(struct vc_dup_query) + VC_DUP_MEMBER_MAX + 1];
	} u;
	const struct vc_jval *h = vc_jget(d, "h"), *mb = vc_jget(d, "m");
	uint64_t index, line;
	if (!h || h->t != VC_J_STRING || !vc_dup_hash_parse(h->s, &u.q.h) || !mb ||
	    (mb->t != VC_J_NULL && mb->t != VC_J_STRING) || !vc_jval_u64(vc_jget(d, "i"), &index) ||
	    !vc_jval_u64(vc_jget(d, "l"), &line)) {
		vc_cli_error("report merge", "%s: a damaged game record (its \"dup\")", source);
		return -1;
	}
	u.q.source = source;
	u.q.index = index + base_index;
	u.q.line = line + base_line;
	u.q.has_member = mb->t == VC_J_STRING;
	size_t n = u.q.has_member ? strnlen(mb->s, VC_DUP_MEMBER_MAX) : 0;
	if (n)
		memcpy(u.q.member, mb->s, n);
	u.q.member[n] = 0;
	v->merge_answer = vc_dups_decide(&v->dup, &u.q, 0);
	return 0;
}

static void merge_dup_point(void *ctx, struct vc_json *state, FILE *out)
{
	struct validate *v = ctx;
	vc_dups_write(&v->dup, state, v->merge_answer, out);
}

/* `vchess report merge` of validate's parts (merge.h): the report of one
 * run, from the parts' renderings and counts. */
int vc_merge_validate(struct vc_merge *m, int argc, char **argv)
{
	struct validate v;
	memset(&v, 0, sizeof v);
	struct vc_cli_spec spec = {
		.name = "report merge", .usage = usage,
		.common = (VC_OPT_ALL & ~VC_OPT_BUDGET) | VC_OPT_SHARD, .ci_formats = true,
		.options = own_options, .handle = own_option, .ctx = &v,
	};
	int first;
	int rc = vc_cli_parse(argc, argv, &spec, &v.opts, &first);
	if (rc != VC_CLI_CONTINUE)
		return rc == VC_EXIT_OK ? VC_EXIT_USAGE : rc;
	FILE *out = vc_cli_open_output("report merge", &v.opts);
	if (!out)
		return VC_EXIT_INPUT;
	vc_cli_report_init(&v.rep, out, &v.opts, "validate", v.shredder);
	if (v.dups) {
		vc_dups_init(&v.dup, v.dups_max ? (size_t)v.dups_max : DUPS_MAX_DEFAULT, &v.rep);
		const struct vc_merge_hooks hk = { &v, merge_dup_game, merge_dup_point };
		vc_merge_set_hooks(m, &hk);
	}
	vc_merge_set_max_errors(m, v.opts.max_errors);
	int status = vc_merge_games(m, &v.rep) ? VC_EXIT_INPUT : VC_EXIT_OK;
	vc_merge_counts(m, &v.rep);
	if (v.dups) {
		vc_report_summary_ext(&v.rep, dups_summary, &v);
		if (v.rep.format == VC_FORMAT_TEXT)
			vc_dups_summary_text(&v.dup, out, "validate");
		vc_dups_release(&v.dup);
	} else {
		vc_report_summary(&v.rep);
	}
	if (vc_cli_close_output("report merge", out) != VC_EXIT_OK)
		return VC_EXIT_INPUT;
	if (status == VC_EXIT_INPUT || vc_merge_input_failed(m))
		return VC_EXIT_INPUT;
	return vc_report_failed(&v.rep) ? VC_EXIT_FINDINGS : VC_EXIT_OK;
}
