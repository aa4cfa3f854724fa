/* vchess - every game of a file, one record at a time. See games.h.
 *
 * The loop of the commands' input stage turned inside out: the input
 * layer gives members, a peek tells PGN from EPD and which archive members
 * are skipped (member.h, as for the commands), the PGN reader is asked
 * for one game at a time (vc_pgn_read_game) and the EPD reader for one
 * line (vc_epd_next); the checker's on_game writes the record's JSON into
 * a buffer, which vc_games_next hands out. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "epd.h"
#include "games.h"
#include "member.h"
#include "pgn_checker.h"
#include "report.h"
#include "report_adjudicate.h"
#include "verdict.h"

enum state { S_MEMBER, S_PGN, S_EPD, S_DONE, S_FAILED };

struct vc_games {
	struct vc_games_options opt;
	struct vc_report_options ropt;
	char *path;
	char *member;
	struct vc_input *in;
	enum state state;
	struct vc_member_reader mr; /* the member (mr.failed: the input
	                               failed under a reader) */
	struct vc_input_error err;
	struct vc_peek pk;
	struct vc_checker chk;
	struct vc_pgn_visitor vis;
	struct vc_pgn_reader rd;
	struct vc_epd_reader er;
	struct vc_judge judge;
	struct vc_verdict verdict;
	struct vc_json json;     /* the record's JSON (buffer mode) */
	bool have;               /* on_game wrote a record */
};

void vc_games_options_init(struct vc_games_options *opt)
{
	memset(opt, 0, sizeof *opt);
	opt->rules = VC_RULES_FIDE;
	vc_input_options_init(&opt->input);
}

static void json_verdict(void *ctx, struct vc_json *j)
{
	struct vc_games *g = ctx;
	vc_adjudicate_json_verdict(j, &g->verdict, g->opt.rules);
}

static int on_game(void *user, const struct vc_gc_game *rec)
{
	struct vc_games *g = user;
	vc_json_buffer_clear(&g->json);
	if (g->opt.adjudicate) {
		vc_judge_game(&g->judge, rec, &g->verdict);
		vc_report_game_json(&g->json, rec, &g->ropt, json_verdict, g);
	} else {
		vc_report_game_json(&g->json, rec, &g->ropt, NULL, NULL);
	}
	g->have = true;
	return 0;
}

enum vc_code vc_games_open(struct vc_games **out, const char *path,
                           const struct vc_games_options *opt,
                           struct vc_input_error *err)
{
	*out = NULL;
	if (err)
		vc_input_error_init(err);
	if (opt && ((opt->variant && vc_variant_get(opt->variant->id) != opt->variant) ||
	            (opt->rules != VC_RULES_FIDE && opt->rules != VC_RULES_LICHESS)))
		return VC_F_INVALID_ARGUMENT;
	struct vc_games *g = calloc(1, sizeof *g);
	if (!g)
		return VC_F_OUT_OF_MEMORY;
	if (opt)
		g->opt = *opt;
	else
		vc_games_options_init(&g->opt);
	g->ropt.format = VC_FORMAT_JSONL;
	g->ropt.rules = g->opt.rules;
	g->ropt.strict = g->opt.strict;
	g->ropt.shredder = g->opt.shredder;
	vc_json_init_buffer(&g->json, 0);
	struct vc_gc_options go = {
		.variant = g->opt.variant, .rules = g->opt.rules, .strict = g->opt.strict,
	};
	g->path = strdup(path);
	if (!g->path || vc_checker_init(&g->chk, &go, on_game, g)) {
		vc_json_release(&g->json);
		free(g->path);
		free(g);
		return VC_F_OUT_OF_MEMORY;
	}
	if (g->opt.adjudicate && vc_judge_init(&g->judge, g->opt.rules)) {
		vc_games_close(g);
		return VC_F_OUT_OF_MEMORY;
	}
	struct vc_input_error ierr;
	vc_input_error_init(&ierr);
	g->in = vc_input_open_opts(path, &g->opt.input, &ierr);
	if (!g->in) {
		vc_games_close(g);
		if (err)
			*err = ierr;
		return vc_input_errkind_code(ierr.kind);
	}
	*out = g;
	return VC_F_OK;
}

/* The input failed: keep its error, leave the stream. */
static int fail(struct vc_games *g)
{
	g->err = *vc_input_error(g->in);
	g->state = S_FAILED;
	return -1;
}

/* Out of memory: the reading stops as at an input fault, said so. */
static int fail_nomem(struct vc_games *g)
{
	vc_input_error_init(&g->err);
	g->err.kind = VC_INPUT_ENOMEM;
	snprintf(g->err.message, sizeof g->err.message, "out of memory");
	g->state = S_FAILED;
	return -1;
}

/* Start reading the member the input stands on. Returns 1 when it is
 * being read, 0 when it is skipped (an archive member that is neither PGN
 * nor EPD, as the commands skip it), -1 when memory ran out. */
static int start_member(struct vc_games *g)
{
	vc_member_reader_init(&g->mr, g->in);
	if (!vc_member_peek(&g->pk, &g->mr, g->member))
		return 0;
	if (vc_peek_is_epd(&g->pk)) {
		vc_checker_set_source(&g->chk, g->path, g->member);
		if (vc_epd_reader_init(&g->er, &g->pk, &g->chk))
			return -1;
		g->state = S_EPD;
		return 1;
	}
	vc_checker_visitor(&g->chk, &g->vis, g->path, g->member);
	struct vc_pgn_options po;
	memset(&po, 0, sizeof po);
	po.comment_marker = '%'; /* the checker reads only [%clk] commands */
	if (vc_pgn_reader_init(&g->rd, vc_peek_read, &g->pk, &g->vis, &po))
		return -1;
	g->state = S_PGN;
	return 1;
}

int vc_games_next(struct vc_games *g, const char **json, size_t *len)
{
	for (;;) {
		g->have = false;
		switch (g->state) {
		case S_DONE:
			return 0;
		case S_FAILED:
			return -1;
		case S_MEMBER: {
			const char *name;
			int r = vc_input_next_member(g->in, &name);
			if (r == 0) {
				g->state = S_DONE;
				return 0;
			}
			if (r < 0)
				return fail(g);
			free(g->member);
			g->member = name ? strdup(name) : NULL;
			if ((name && !g->member) || start_member(g) < 0)
				return fail_nomem(g);
			continue;
		}
		case S_PGN: {
			int st = vc_pgn_read_game(&g->rd);
			if (st != VC_PGN_GAME) {
				vc_pgn_reader_release(&g->rd);
				g->state = S_MEMBER;
				if (st == VC_PGN_IO_ERROR || g->mr.failed)
					g->state = S_FAILED;
			}
			break;
		}
		case S_EPD:
			if (vc_epd_next(&g->er) == 0) {
				vc_epd_reader_release(&g->er);
				g->state = g->mr.failed ? S_FAILED : S_MEMBER;
			}
			break;
		}
		if (g->state == S_FAILED)
			g->err = *vc_input_error(g->in);
		if (g->have) {
			/* a record; a failure after it is told by the next call */
			/* the writer ends a top-level value with a line end: the
			 * record is handed out without it */
			size_t n;
			char *b = (char *)vc_json_buffer(&g->json, &n);
			if (n && b[n - 1] == '\n')
				b[--n] = '\0';
			*json = b;
			*len = n;
			return 1;
		}
		if (g->state == S_FAILED)
			return -1;
	}
}

bool vc_games_failed(const struct vc_games *g)
{
	return g->state == S_FAILED;
}

const struct vc_input_error *vc_games_error(const struct vc_games *g)
{
	return &g->err;
}

const char *vc_games_member(const struct vc_games *g)
{
	return g->member;
}

void vc_games_close(struct vc_games *g)
{
	if (!g)
		return;
	if (g->state == S_PGN)
		vc_pgn_reader_release(&g->rd);
	if (g->state == S_EPD)
		vc_epd_reader_release(&g->er);
	vc_input_close(g->in);
	if (g->opt.adjudicate)
		vc_judge_release(&g->judge);
	vc_checker_release(&g->chk);
	vc_json_release(&g->json);
	free(g->member);
	free(g->path);
	free(g);
}
