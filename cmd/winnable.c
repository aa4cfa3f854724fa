/* vchess winnable: can the intended winner still checkmate? (the library's
 * decision, lib/winnable.h; vchess-winnable(1)).
 *
 * Map: operands -> positions (a FEN argument, or a file of one position a
 * line) -> queries (position x winner) in blocks -> the library, spread
 * over -j threads (a small pool of this file: workers take queries by an
 * atomic index, the block is written in input order once they are done)
 * -> text, JSON or JSONL records -> a summary.
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "common.h"
#include "json.h"
#include "vchess.h"
#include "winnable.h"

static const char usage[] =
        "usage: vchess winnable [--winner white|black|both] [--budget NODES]\n"
        "                       [--quick] [--fen] [--timing] [--variant V]\n"
        "                       [--format F] [-j N] [-o FILE] FEN...|FILE...\n"
        "\n"
        "Can the intended winner still checkmate by some series of legal moves\n"
        "(a helpmate: both sides cooperate)? FIDE 5.2.2 (a position is dead when\n"
        "neither side can) and 6.9 (a time forfeit is a draw when the opponent\n"
        "cannot). Each answer is winnable, with a witness (the moves, replayed),\n"
        "unwinnable (proven), or undetermined (the node budget ran out).\n"
        "\n"
        "An argument that reads as a FEN is a position; any other is a file of\n"
        "one position a line: a FEN of 4 to 6 fields, optionally the EPD\n"
        "operation 'winner white;' (black, both), anything else ignored; '#'\n"
        "starts a comment line; '-' is standard input.\n"
        "\n"
        "Options:\n"
        "      --winner W       white, black or both (default: the side that\n"
        "                       just moved, i.e. not the side to move)\n"
        "      --budget NODES   search budget per query (default 2000000)\n"
        "      --quick          the quick test only: unwinnable or undetermined\n"
        "      --fen            every argument is a FEN\n"
        "      --timing         add times to the records and the summary\n"
        VC_HELP_VARIANT
        VC_HELP_FORMAT
        VC_HELP_QUIET
        VC_HELP_OUTPUT
        VC_HELP_JOBS
        VC_HELP_HELP
        "\n"
        "Exit status: 0 every query decided (--quick: every query answered), 1 an\n"
        "undetermined answer or an invalid position, 2 usage error, 3 input\n"
        "unreadable.\n";

enum { OPT_WINNER = VC_OPT_OWN, OPT_BUDGET, OPT_QUICK, OPT_FEN, OPT_TIMING };

static const struct option own_options[] = {
	{ "winner", required_argument, NULL, OPT_WINNER },
	{ "budget", required_argument, NULL, OPT_BUDGET },
	{ "quick", no_argument, NULL, OPT_QUICK },
	{ "fen", no_argument, NULL, OPT_FEN },
	{ "timing", no_argument, NULL, OPT_TIMING },
	{ 0, 0, 0, 0 }
};

#define WINNER_DEFAULT (-1)
#define WINNER_BOTH 2

struct ctx {
	int winner;        /* VC_WHITE, VC_BLACK, WINNER_BOTH, WINNER_DEFAULT */
	uint64_t budget;
	bool quick, force_fen, timing;
};

static int handle_option(void *vctx, int opt, const char *arg)
{
	struct ctx *c = vctx;
	switch (opt) {
	case OPT_WINNER:
		if (strcmp(arg, "white") == 0)
			c->winner = VC_WHITE;
		else if (strcmp(arg, "black") == 0)
			c->winner = VC_BLACK;
		else if (strcmp(arg, "both") == 0)
			c->winner = WINNER_BOTH;
		else
			return vc_cli_usage_error("winnable", "--winner: white, black "
			                          "or both, not '%s'", arg);
		return 0;
	case OPT_BUDGET: {
		char *end;
		errno = 0;
		unsigned long long v = strtoull(arg, &end, 10);
		if (errno || end == arg || *end || v == 0 || arg[0] == '-')
			return vc_cli_usage_error("winnable", "--budget: a positive "
			                          "number of nodes, not '%s'", arg);
		c->budget = v;
		return 0;
	}
	case OPT_QUICK: c->quick = true; return 0;
	case OPT_FEN: c->force_fen = true; return 0;
	case OPT_TIMING: c->timing = true; return 0;
	}
	return 0;
}

/* One query: a position and an intended winner. */
struct query {
	struct vc_position pos;
	char *fen;               /* the FEN fields as given (owned) */
	int winner;
	enum vc_code code;       /* VC_F_OK or why the library declined */
	struct vc_winnable_result res; /* witness only when answer YES */
	double us;               /* --timing */
};

#define BLOCK 2048

struct run {
	const struct ctx *c;
	const struct vc_cli_opts *opts;
	FILE *out;
	struct vc_json json;
	struct query *q;
	int nq;
	atomic_int next;
	/* totals */
	uint64_t positions, queries, nodes, count[3], bad;
	double us_total;
};

static void solve(const struct ctx *c, struct vc_winnable_ws *ws, struct query *q)
{
	double t0 = c->timing ? vc_cli_now() : 0;
	if (c->quick) {
		memset(&q->res, 0, offsetof(struct vc_winnable_result, witness));
		q->res.answer = vc_winnable_quick(ws, &q->pos, q->winner);
		q->code = VC_F_OK;
	} else {
		q->code = vc_winnable(ws, &q->pos, q->winner, c->budget, &q->res);
	}
	if (c->timing)
		q->us = (vc_cli_now() - t0) * 1e6;
}

struct worker {
	struct run *r;
	struct vc_winnable_ws *ws;
	pthread_t tid;
};

static void *work(void *arg)
{
	struct worker *w = arg;
	struct run *r = w->r;
	int i;
	while ((i = atomic_fetch_add(&r->next, 1)) < r->nq)
		solve(r->c, w->ws, &r->q[i]);
	return NULL;
}

/* The witness as SAN with move numbers into text (san) and as UCI. */
static void witness_texts(const struct query *q, struct vc_json *j, FILE *out)
{
	struct vc_position p = q->pos;
	char buf[VC_MOVE_TEXT_MAX];
	if (j) {
		vc_json_key(j, "witness");
		vc_json_begin_object(j);
		vc_json_key(j, "uci");
		vc_json_begin_array(j);
		for (int i = 0; i < q->res.nwitness; i++) {
			vc_move_text(&p, q->res.witness[i], VC_NOTATION_UCI, buf, sizeof buf);
			vc_json_string(j, buf);
			vc_make_move(&p, q->res.witness[i]);
		}
		vc_json_end_array(j);
		p = q->pos;
		vc_json_key(j, "san");
		vc_json_begin_array(j);
		for (int i = 0; i < q->res.nwitness; i++) {
			vc_move_text(&p, q->res.witness[i], VC_NOTATION_SAN, buf, sizeof buf);
			vc_json_string(j, buf);
			vc_make_move(&p, q->res.witness[i]);
		}
		vc_json_end_array(j);
		vc_json_end_object(j);
		return;
	}
	fputs("    witness:", out);
	for (int i = 0; i < q->res.nwitness; i++) {
		if (p.side == VC_WHITE)
			fprintf(out, " %u.", p.fullmove);
		else if (i == 0)
			fprintf(out, " %u...", p.fullmove);
		vc_move_text(&p, q->res.witness[i], VC_NOTATION_SAN, buf, sizeof buf);
		fprintf(out, " %s", buf);
		vc_make_move(&p, q->res.witness[i]);
	}
	if (q->res.nwitness == 0)
		fputs(" (already checkmate)", out);
	fputs("\n    uci:", out);
	p = q->pos;
	for (int i = 0; i < q->res.nwitness; i++) {
		vc_move_text(&p, q->res.witness[i], VC_NOTATION_UCI, buf, sizeof buf);
		fprintf(out, " %s", buf);
		vc_make_move(&p, q->res.witness[i]);
	}
	fputc('\n', out);
}

static const char *color_word(int c)
{
	return c == VC_WHITE ? "white" : "black";
}

static void write_query(struct run *r, const struct query *q, bool new_position)
{
	const struct ctx *c = r->c;
	r->queries++;
	if (q->code) {
		vc_cli_error("winnable", "%s: %s", q->fen, vc_strerror(q->code));
		r->bad++;
		return;
	}
	r->count[q->res.answer]++;
	r->nodes += q->res.nodes;
	r->us_total += q->us;
	if (r->opts->quiet)
		return;
	if (r->opts->format == VC_FORMAT_TEXT) {
		if (new_position)
			fprintf(r->out, "%s\n", q->fen);
		fprintf(r->out, "  %s: %s, nodes %llu", color_word(q->winner),
		        vc_winnable_word(q->res.answer), (unsigned long long)q->res.nodes);
		if (c->timing)
			fprintf(r->out, ", %.1f us", q->us);
		fputc('\n', r->out);
		if (q->res.answer == VC_WINNABLE_YES)
			witness_texts(q, NULL, r->out);
	} else {
		struct vc_json *j = &r->json;
		vc_json_begin_object(j);
		vc_json_kv_string(j, "fen", q->fen);
		vc_json_kv_string(j, "winner", color_word(q->winner));
		vc_json_kv_string(j, "answer", vc_winnable_word(q->res.answer));
		if (q->res.answer == VC_WINNABLE_YES)
			witness_texts(q, j, NULL);
		else
			vc_json_kv_null(j, "witness");
		vc_json_kv_uint(j, "nodes", q->res.nodes);
		if (c->timing)
			vc_json_kv_int(j, "time_ns", (int64_t)(q->us * 1000.0 + 0.5));
		vc_json_end_object(j); /* JSONL: the writer ends the line */
	}
	vc_cli_check_output(r->out);
}

/* Solve the queued block and write it in input order. */
static int flush_block(struct run *r, struct worker *ws, int nthreads)
{
	if (!r->nq)
		return 0;
	atomic_store(&r->next, 0);
	if (nthreads <= 1) {
		work(&ws[0]);
	} else {
		for (int t = 0; t < nthreads; t++)
			if (pthread_create(&ws[t].tid, NULL, work, &ws[t]))
				return -1;
		for (int t = 0; t < nthreads; t++)
			pthread_join(ws[t].tid, NULL);
	}
	for (int i = 0; i < r->nq; i++) {
		bool newpos = i == 0 || r->q[i].fen != r->q[i - 1].fen;
		write_query(r, &r->q[i], newpos);
		if (newpos || i == 0)
			r->positions += newpos;
	}
	for (int i = 0; i < r->nq; i++)
		if (i + 1 == r->nq || r->q[i + 1].fen != r->q[i].fen)
			free(r->q[i].fen);
	r->nq = 0;
	return 0;
}

/* Queue the position of `text` (FEN fields, then EPD operations); returns
 * 0, or -1 when the FEN is invalid (reported with `where`). */
static int add_position(struct run *r, struct worker *ws, int nthreads,
                        const char *text, const char *where)
{
	struct vc_position pos;
	struct vc_fen_result res;
	int variant = r->opts->variant ? r->opts->variant->id : vc_variant_default()->id;
	if (vc_fen_parse(&pos, text, variant, &res) != VC_FEN_OK) {
		vc_cli_error("winnable", "%s: invalid FEN: %s (column %d)", where,
		             vc_fen_strerror(res.status), res.column);
		r->bad++;
		return -1;
	}
	size_t flen = (size_t)(res.rest - text);
	while (flen && (text[flen - 1] == ' ' || text[flen - 1] == '\t'))
		flen--;
	int winner = r->c->winner;
	/* the EPD operation "winner white;" */
	const char *op = strstr(res.rest, "winner ");
	if (op) {
		op += 7;
		while (*op == ' ')
			op++;
		if (strncmp(op, "white", 5) == 0)
			winner = r->c->winner == WINNER_DEFAULT ? VC_WHITE : winner;
		else if (strncmp(op, "black", 5) == 0)
			winner = r->c->winner == WINNER_DEFAULT ? VC_BLACK : winner;
		else if (strncmp(op, "both", 4) == 0)
			winner = r->c->winner == WINNER_DEFAULT ? WINNER_BOTH : winner;
	}
	if (winner == WINNER_DEFAULT)
		winner = !pos.side;
	char *fen = malloc(flen + 1);
	if (!fen)
		return -2;
	memcpy(fen, text, flen);
	fen[flen] = '\0';
	int n = winner == WINNER_BOTH ? 2 : 1;
	if (r->nq + n > BLOCK && flush_block(r, ws, nthreads))
		return -2;
	for (int k = 0; k < n; k++) {
		struct query *q = &r->q[r->nq++];
		q->pos = pos;
		q->fen = fen;
		q->winner = winner == WINNER_BOTH ? k : winner;
		q->us = 0;
	}
	return 0;
}

static int read_file(struct run *r, struct worker *ws, int nthreads, const char *path)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	if (!f) {
		vc_cli_error("winnable", "cannot open %s: %s", path, strerror(errno));
		return VC_EXIT_INPUT;
	}
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	long lineno = 0;
	int rc = VC_EXIT_OK;
	while ((len = getline(&line, &cap, f)) >= 0) {
		lineno++;
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		const char *t = line + strspn(line, " \t");
		if (!*t || *t == '#')
			continue;
		char where[64];
		snprintf(where, sizeof where, "line %ld", lineno);
		char *w2 = NULL;
		if (strlen(path) < 4000 && (w2 = malloc(strlen(path) + 32)))
			sprintf(w2, "%s:%ld", path, lineno);
		int a = add_position(r, ws, nthreads, t, w2 ? w2 : where);
		free(w2);
		if (a == -2) {
			rc = VC_EXIT_INPUT;
			break;
		}
	}
	if (ferror(f)) {
		vc_cli_error("winnable", "read error on %s", path);
		rc = VC_EXIT_INPUT;
	}
	free(line);
	if (f != stdin)
		fclose(f);
	return rc;
}

/* Does the argument read as a FEN (a position, not a file name)? */
static bool reads_as_fen(const char *arg, int variant)
{
	if (!strchr(arg, '/'))
		return false;
	struct vc_position pos;
	return vc_fen_parse(&pos, arg, variant, NULL) == VC_FEN_OK;
}

static void write_summary(struct run *r)
{
	const struct ctx *c = r->c;
	if (r->opts->format == VC_FORMAT_TEXT) {
		fprintf(r->out, "positions %llu, queries %llu: winnable %llu, unwinnable %llu, "
		        "undetermined %llu; nodes %llu",
		        (unsigned long long)r->positions, (unsigned long long)r->queries,
		        (unsigned long long)r->count[VC_WINNABLE_YES],
		        (unsigned long long)r->count[VC_WINNABLE_NO],
		        (unsigned long long)r->count[VC_WINNABLE_UNDETERMINED],
		        (unsigned long long)r->nodes);
		if (r->bad)
			fprintf(r->out, "; invalid %llu", (unsigned long long)r->bad);
		if (c->timing && r->queries)
			fprintf(r->out, "; mean %.2f us a query", r->us_total / (double)r->queries);
		fputc('\n', r->out);
		return;
	}
	struct vc_json *j = &r->json;
	if (r->opts->format == VC_FORMAT_JSON)
		vc_json_end_array(j);
	else
		vc_json_begin_object(j);
	vc_json_key(j, "summary");
	vc_json_begin_object(j);
	vc_json_kv_uint(j, "positions", r->positions);
	vc_json_kv_uint(j, "queries", r->queries);
	vc_json_kv_uint(j, "winnable", r->count[VC_WINNABLE_YES]);
	vc_json_kv_uint(j, "unwinnable", r->count[VC_WINNABLE_NO]);
	vc_json_kv_uint(j, "undetermined", r->count[VC_WINNABLE_UNDETERMINED]);
	vc_json_kv_uint(j, "invalid", r->bad);
	vc_json_kv_uint(j, "nodes", r->nodes);
	if (c->timing)
		vc_json_kv_int(j, "time_ns", (int64_t)(r->us_total * 1000.0 + 0.5));
	vc_json_end_object(j);
	vc_json_end_object(j);
}

int cmd_winnable(int argc, char **argv)
{
	struct ctx c = { .winner = WINNER_DEFAULT, .budget = VC_WINNABLE_DEFAULT_BUDGET };
	struct vc_cli_spec spec = {
		.name = "winnable", .usage = usage,
		.common = VC_OPT_VARIANT | VC_OPT_FORMAT | VC_OPT_QUIET | VC_OPT_OUTPUT |
		          VC_OPT_JOBS,
		.options = own_options, .handle = handle_option, .ctx = &c,
	};
	struct vc_cli_opts opts;
	int first;
	int rc = vc_cli_parse(argc, argv, &spec, &opts, &first);
	if (rc != VC_CLI_CONTINUE)
		return rc;
	if (first == argc)
		return vc_cli_usage_error("winnable", "a FEN or a file, please");
	int variant = opts.variant ? opts.variant->id : vc_variant_default()->id;
	if (c.force_fen)
		for (int i = first; i < argc; i++)
			if (!reads_as_fen(argv[i], variant))
				return vc_cli_usage_error("winnable", "not a FEN: '%s'", argv[i]);
	struct vc_cli_output outs[] = { { "-o", vc_cli_report_path(&opts), true } };
	rc = vc_cli_check_outputs("winnable", outs, 1, argv + first, argc - first);
	if (rc != VC_EXIT_OK)
		return rc;
	vc_init();

	int nthreads = opts.jobs > 0 ? opts.jobs : 1;
	struct run r = { .c = &c, .opts = &opts };
	r.q = malloc(BLOCK * sizeof *r.q);
	struct worker *ws = calloc((size_t)nthreads, sizeof *ws);
	if (!r.q || !ws) {
		free(r.q);
		free(ws);
		vc_cli_error("winnable", "out of memory");
		return VC_EXIT_INPUT;
	}
	for (int t = 0; t < nthreads; t++) {
		ws[t].r = &r;
		if (vc_winnable_ws_new(&ws[t].ws)) {
			vc_cli_error("winnable", "out of memory");
			rc = VC_EXIT_INPUT;
			goto done;
		}
	}
	r.out = vc_cli_open_output("winnable", &opts);
	if (!r.out) {
		rc = VC_EXIT_INPUT;
		goto done;
	}
	vc_json_init_file(&r.json, r.out, 0);
	if (opts.format == VC_FORMAT_JSON) {
		vc_json_begin_object(&r.json);
		vc_json_kv_string(&r.json, "command", "winnable");
		vc_json_key(&r.json, "queries");
		vc_json_begin_array(&r.json);
	}

	rc = VC_EXIT_OK;
	for (int i = first; i < argc; i++) {
		if (c.force_fen || reads_as_fen(argv[i], variant)) {
			if (add_position(&r, ws, nthreads, argv[i], argv[i]) == -2)
				rc = VC_EXIT_INPUT;
		} else {
			int frc = read_file(&r, ws, nthreads, argv[i]);
			if (frc)
				rc = frc;
		}
	}
	if (flush_block(&r, ws, nthreads))
		rc = VC_EXIT_INPUT;
	write_summary(&r);
	if (vc_cli_close_output("winnable", r.out) != VC_EXIT_OK)
		rc = VC_EXIT_INPUT;
	if (rc == VC_EXIT_OK && (r.bad || (!c.quick && r.count[VC_WINNABLE_UNDETERMINED])))
		rc = VC_EXIT_FINDINGS;
done:
	for (int t = 0; t < nthreads; t++)
		vc_winnable_ws_free(ws[t].ws);
	free(ws);
	free(r.q);
	return rc;
}
