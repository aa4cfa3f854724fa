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
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "input.h"
#include "common.h"
#include "json.h"
#include "member.h"
#include "vchess.h"
#include "winnable.h"

static const char usage[] =
        "usage: vchess winnable [--winner white|black|both] [--budget NODES]\n"
        "                       [--quick] [--fen] [--timing] [--quiet] [--variant V]\n"
        "                       [--format F] [-j N] [-o FILE] [--max-ratio N]\n"
        "                       FEN...|FILE...\n"
        "\n"
        "Can the intended winner still checkmate by some series of legal moves\n"
        "(a helpmate: both sides cooperate)? FIDE 5.2.2 (a position is dead when\n"
        "neither side can) and 6.9 (a time forfeit is a draw when the opponent\n"
        "cannot). Each answer is winnable, with a witness (the moves, replayed),\n"
        "unwinnable (proven), or undetermined (the node budget ran out).\n"
        "\n"
        "An argument that reads as a FEN is a position; any other is a file of\n"
        "one position a line: a FEN of 4 to 6 fields, optionally the EPD\n"
        "operation 'winner white;' (black, both; the ';' may be left out at the\n"
        "end of the line), anything else ignored; '#' starts a comment line;\n"
        "'-' is standard input.\n"
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
        VC_HELP_KEEP_PARTIAL
        VC_HELP_JOBS
        VC_HELP_MAX_RATIO
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
#define WINNER_NONE (-1) /* a line without a winner operation */
#define WINNER_BAD (-2)  /* a winner operation with another operand */

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
	case OPT_BUDGET:
		return vc_cli_number_option("winnable", "--budget", arg, 1, UINT64_MAX,
		                            "a positive number of nodes", &c->budget);
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
	const char *err_word;    /* an invalid line: its finding word (no
	                          * query is solved, one error record) */
	char *err_msg;           /* its message (owned), with err_word */
};

#define BLOCK 2048
/* The first block: small, so that the first records come out at once (a
 * reader of a pipe, `| head`); each block doubles it, up to BLOCK. */
#define FIRST_BLOCK 16
#define OUT_BUFFER (1 << 16) /* the stdio buffer of a report file (-o) */

struct run {
	const struct ctx *c;
	const struct vc_cli_opts *opts;
	FILE *out;
	struct vc_json json;
	struct query *q;
	int nq;
	int limit; /* queries a block holds now: FIRST_BLOCK .. BLOCK */
	atomic_int next;
	/* totals */
	uint64_t positions, queries, nodes, count[3], bad;
	enum vc_report_stop stop; /* a signal stopped the run (common.h) */
	double us_total;
};

static void solve(const struct ctx *c, struct vc_winnable_ws *ws, struct query *q)
{
	double t0 = c->timing ? vc_cli_now() : 0;
	if (c->quick) {
		memset(&q->res, 0, offsetof(struct vc_winnable_result, witness));
		if (q->code == VC_F_OK) /* else a variant the decision does not cover */
			q->res.answer = vc_winnable_quick(ws, &q->pos, q->winner);
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
		if (!r->q[i].err_word)
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

/* Hand the JSON written since the last call to the output: one write a
 * record. The writer works in memory (buffer mode) and the text goes out
 * here, at the points where a file-mode writer had written it (so the
 * bytes and their order with standard error stay the same); several small
 * writes a record into stdio were most of the cost of a --quick record. */
static void json_out(struct run *r)
{
	size_t n;
	const char *b = vc_json_buffer(&r->json, &n);
	if (n)
		fwrite(b, 1, n, r->out);
	vc_json_buffer_clear(&r->json);
}

/* The record of an input line that gives no query (JSON and JSONL only: the
 * text report has the message on standard error): the text as given and
 * why, so that records line up with input lines. */
static void write_error_record(struct run *r, const char *fen, const char *word,
                               const char *message)
{
	if (r->opts->quiet || r->opts->format == VC_FORMAT_TEXT)
		return;
	struct vc_json *j = &r->json;
	vc_json_begin_object(j);
	vc_json_kv_string(j, "fen", fen);
	vc_json_key(j, "error");
	vc_json_begin_object(j);
	vc_json_kv_string(j, "code", word);
	vc_json_kv_string(j, "message", message);
	vc_json_end_object(j);
	vc_json_end_object(j);
	json_out(r);
	vc_cli_check_output(r->out);
}

static void write_query(struct run *r, const struct query *q, bool new_position)
{
	const struct ctx *c = r->c;
	if (q->err_word) {
		write_error_record(r, q->fen, q->err_word, q->err_msg);
		return;
	}
	if (q->code == VC_F_UNSUPPORTED_VARIANT) {
		/* one record a position, whatever the winners: no query */
		if (!new_position)
			return;
		char msg[160];
		snprintf(msg, sizeof msg, "the decision does not cover %s, whose own rules "
		         "decide its end (vchess-winnable(1))",
		         vc_variant_get(q->pos.variant)->name);
		vc_cli_error("winnable", "%s: %s", q->fen, msg);
		r->bad++;
		write_error_record(r, q->fen, vc_code_word(q->code), msg);
		return;
	}
	r->queries++;
	if (q->code) {
		vc_cli_error("winnable", "%s: %s", q->fen, vc_strerror(q->code));
		r->bad++;
		write_error_record(r, q->fen, vc_code_word(q->code), vc_strerror(q->code));
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
		json_out(r);
	}
	vc_cli_check_output(r->out);
}

/* Solve the queued block and write it in input order. */
static int flush_block(struct run *r, struct worker *ws, int nthreads)
{
	if (!r->nq)
		return 0;
	/* a signal: the queries not answered yet are dropped, the run ends
	 * with what was written and its summary marked incomplete */
	bool drop = vc_cli_interrupted() != 0;
	atomic_store(&r->next, 0);
	if (drop) {
		r->stop = VC_REPORT_INTERRUPTED;
	} else if (nthreads <= 1) {
		work(&ws[0]);
	} else {
		/* the threads never take SIGINT and the like: the calling
		 * thread's handler sets the flag it checks */
		sigset_t sigs, old;
		sigemptyset(&sigs);
		sigaddset(&sigs, SIGINT);
		sigaddset(&sigs, SIGTERM);
		sigaddset(&sigs, SIGHUP);
		pthread_sigmask(SIG_BLOCK, &sigs, &old);
		int started = 0;
		for (; started < nthreads; started++)
			if (pthread_create(&ws[started].tid, NULL, work, &ws[started]))
				break;
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		for (int t = 0; t < started; t++)
			pthread_join(ws[t].tid, NULL);
		if (started < nthreads)
			return -1;
	}
	for (int i = 0; i < r->nq && !drop; i++) {
		const struct query *q = &r->q[i];
		bool newpos = i == 0 || q->fen != r->q[i - 1].fen;
		write_query(r, q, newpos);
		/* positions: those that gave queries */
		if (newpos && !q->err_word && q->code != VC_F_UNSUPPORTED_VARIANT)
			r->positions++;
	}
	for (int i = 0; i < r->nq; i++) {
		free(r->q[i].err_msg);
		if (i + 1 == r->nq || r->q[i + 1].fen != r->q[i].fen)
			free(r->q[i].fen);
	}
	r->nq = 0;
	if (r->limit < BLOCK)
		r->limit *= 2;
	fflush(r->out); /* whole records out as each block ends */
	return 0;
}

/* The EPD operation `winner white;` (black, both) among the operations
 * after the FEN fields (EPD: an opcode, blanks, operands, ';'; the line's
 * last operation may leave out its ';', as EPD readers allow, so that
 * `winner black` at the end of a line is not passed over): the side,
 * WINNER_BOTH, WINNER_NONE when there is no winner operation (text that is
 * no operation, a game id, is ignored), WINNER_BAD for another operand. */
static int winner_operation(const char *rest)
{
	const char *p = rest;
	while (*p) {
		p += strspn(p, " \t");
		const char *end = strchr(p, ';');
		if (!end)
			end = p + strlen(p);
		size_t k = strcspn(p, " \t;");
		if (k == 6 && strncmp(p, "winner", 6) == 0) {
			const char *a = p + k + strspn(p + k, " \t");
			size_t an = (size_t)(end - a);
			while (an && (a[an - 1] == ' ' || a[an - 1] == '\t' || a[an - 1] == '\r'))
				an--;
			if (an == 5 && strncmp(a, "white", 5) == 0)
				return VC_WHITE;
			if (an == 5 && strncmp(a, "black", 5) == 0)
				return VC_BLACK;
			if (an == 4 && strncmp(a, "both", 4) == 0)
				return WINNER_BOTH;
			return WINNER_BAD;
		}
		/* skip this operation, a quoted operand's ';' included */
		const char *q = p;
		bool quoted = false;
		for (; *q && (quoted || *q != ';'); q++)
			if (*q == '"')
				quoted = !quoted;
		p = *q ? q + 1 : q;
	}
	return WINNER_NONE;
}

/* Queue the error record of the invalid line `text` (its finding word,
 * its message); counted in "invalid". Returns 0, or -2 out of memory. */
static int add_invalid(struct run *r, struct worker *ws, int nthreads,
                       const char *text, const char *word, const char *msg)
{
	size_t n = strlen(text);
	while (n && (text[n - 1] == ' ' || text[n - 1] == '\t'))
		n--;
	char *fen = malloc(n + 1), *m = strdup(msg);
	if (!fen || !m) {
		free(fen);
		free(m);
		return -2;
	}
	memcpy(fen, text, n);
	fen[n] = '\0';
	r->bad++;
	if (r->nq + 1 > r->limit && flush_block(r, ws, nthreads)) {
		free(fen);
		free(m);
		return -2;
	}
	struct query *q = &r->q[r->nq++];
	memset(q, 0, sizeof *q);
	q->fen = fen;
	q->err_word = word;
	q->err_msg = m;
	return 0;
}

/* Where a position came from: an argument (arg), or line lineno of file
 * path (of its archive member member, or NULL). Put into words only when
 * a message needs them (not per line: most lines have none). */
struct where {
	const char *arg, *path, *member;
	long lineno;
};

static void where_error(const struct where *w, const char *msg)
{
	if (w->arg)
		vc_cli_error("winnable", "%s: %s", w->arg, msg);
	else if (w->member)
		vc_cli_error("winnable", "%s:%s:%ld: %s", w->path, w->member, w->lineno, msg);
	else
		vc_cli_error("winnable", "%s:%ld: %s", w->path, w->lineno, msg);
}

/* Queue the position of `text` (FEN fields, then EPD operations); returns
 * 0, -1 when the FEN is invalid (reported with `where`, and queued as an
 * error record), -2 out of memory. */
static int add_position(struct run *r, struct worker *ws, int nthreads,
                        const char *text, const struct where *where)
{
	struct vc_position pos;
	struct vc_fen_result res;
	int variant = r->opts->variant ? r->opts->variant->id : vc_variant_default()->id;
	if (vc_fen_parse(&pos, text, variant, &res) != VC_FEN_OK) {
		char msg[200];
		snprintf(msg, sizeof msg, "invalid FEN: %s (column %d)",
		         vc_fen_strerror(res.status), res.column);
		where_error(where, msg);
		if (add_invalid(r, ws, nthreads, text,
		                vc_code_word(vc_code_of_fen_status(res.status)), msg))
			return -2;
		return -1;
	}
	size_t flen = (size_t)(res.rest - text);
	while (flen && (text[flen - 1] == ' ' || text[flen - 1] == '\t'))
		flen--;
	int winner = r->c->winner;
	int op = winner_operation(res.rest);
	if (op == WINNER_BAD) {
		static const char msg[] = "the winner operation takes white, black or both";
		where_error(where, msg);
		if (add_invalid(r, ws, nthreads, text, vc_code_word(VC_F_INVALID_ARGUMENT), msg))
			return -2;
		return -1;
	}
	if (winner == WINNER_DEFAULT && op != WINNER_NONE)
		winner = op; /* --winner wins over the line's operation */
	if (winner == WINNER_DEFAULT)
		winner = !pos.side;
	char *fen = malloc(flen + 1);
	if (!fen)
		return -2;
	memcpy(fen, text, flen);
	fen[flen] = '\0';
	int n = winner == WINNER_BOTH ? 2 : 1;
	if (r->nq + n > r->limit && flush_block(r, ws, nthreads))
		return -2;
	/* --quick gives the full answer's record for a variant the decision
	 * does not cover (vc_winnable_quick would say undetermined) */
	enum vc_code code = r->c->quick && !vc_winnable_supported(pos.variant)
	                            ? VC_F_UNSUPPORTED_VARIANT
	                            : VC_F_OK;
	for (int k = 0; k < n; k++) {
		struct query *q = &r->q[r->nq++];
		q->pos = pos;
		q->fen = fen;
		q->code = code;
		q->winner = winner == WINNER_BOTH ? k : winner;
		q->us = 0;
		q->err_word = NULL;
		q->err_msg = NULL;
	}
	return 0;
}

/* One line of a file (without its line end): comments and blank lines
 * skipped, the rest queued as a position. Returns 0, or -2 out of memory. */
static int file_line(struct run *r, struct worker *ws, int nthreads, char *line,
                     size_t len, const char *path, const char *member, long lineno)
{
	while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
		line[--len] = '\0';
	const char *t = line;
	if (lineno == 1 && strncmp(t, "\xEF\xBB\xBF", 3) == 0)
		t += 3; /* a UTF-8 byte order mark */
	t += strspn(t, " \t");
	if (!*t || *t == '#')
		return 0;
	struct where where = { .path = path, .member = member, .lineno = lineno };
	return add_position(r, ws, nthreads, t, &where) == -2 ? -2 : 0;
}

/* Every line of the current member, read through pk (its first bytes
 * were peeked at). Returns 0, -1 when the input failed (the lines before
 * the damage are queued; a line the damage cut is dropped), -2 out of
 * memory. */
static int read_member(struct run *r, struct worker *ws, int nthreads,
                       struct vc_peek *pk, const char *path, const char *member)
{
	static char buf[1 << 16];
	char *line = NULL;
	size_t len = 0, cap = 0;
	long lineno = 0;
	size_t n = 0;
	int rc = 0;
	while (!vc_cli_interrupted() && (n = vc_peek_read(pk, buf, sizeof buf)) > 0 &&
	       n != VC_PGN_READ_ERROR) {
		size_t i = 0;
		while (i < (size_t)n) {
			char *nl = memchr(buf + i, '\n', (size_t)n - i);
			size_t k = nl ? (size_t)(nl - (buf + i)) + 1 : (size_t)n - i;
			if (len + k + 1 > cap) {
				size_t nc = cap ? cap : 256;
				while (nc < len + k + 1)
					nc *= 2;
				char *l2 = realloc(line, nc);
				if (!l2) {
					free(line);
					return -2;
				}
				line = l2;
				cap = nc;
			}
			memcpy(line + len, buf + i, k);
			len += k;
			line[len] = '\0';
			i += k;
			if (nl) {
				if (file_line(r, ws, nthreads, line, len, path, member, ++lineno)) {
					free(line);
					return -2;
				}
				len = 0;
			}
		}
	}
	if (vc_cli_interrupted())
		rc = 0; /* a signal: the rest is not read, nor is it an error */
	else if (n == VC_PGN_READ_ERROR)
		rc = -1; /* the cut last line is no position */
	else if (len && file_line(r, ws, nthreads, line, len, path, member, ++lineno))
		rc = -2;
	free(line);
	return rc;
}

static void input_error(const char *path, const char *member,
                        const struct vc_input_error *e)
{
	if (e->kind == VC_INPUT_EOPEN && e->sys_errno)
		vc_cli_error("winnable", "cannot open %s: %s", path, e->message);
	else if (member)
		vc_cli_error("winnable", "%s:%s: %s: %s", path, member,
		             vc_input_errkind_name(e->kind), e->message);
	else
		vc_cli_error("winnable", "%s: %s: %s", path,
		             vc_input_errkind_name(e->kind), e->message);
}

/* A file of positions, one a line, through the input layer (any
 * compression, archive members one after another; vchess(1)). Which
 * archive members are read: the rule the PGN and EPD commands share
 * (vc_member_peek: a plain or compressed file always is; a member when it
 * looks like PGN or EPD, or when its read failed, to report it), narrowed
 * to position lists: a member is read only when its first line that is
 * not blank or a comment reads as a FEN (vc_peek_is_epd). Any other
 * member (a README, a PGN file) is skipped, and standard error says so,
 * as the other commands say it (vchess-winnable(1)). */
static int read_file(struct run *r, struct worker *ws, int nthreads, const char *path)
{
	struct vc_input_options io;
	struct vc_input_error err;
	vc_cli_input_options(r->opts, &io);
	vc_input_error_init(&err);
	struct vc_input *in = vc_input_open_opts(path, &io, &err);
	if (!in) {
		input_error(path, NULL, &err);
		return VC_EXIT_INPUT;
	}
	int rc = VC_EXIT_OK, m = 0;
	const char *member;
	while (!vc_cli_interrupted() && (m = vc_input_next_member(in, &member)) == 1) {
		struct vc_member_reader mr;
		struct vc_peek pk;
		vc_member_reader_init(&mr, in);
		if (!vc_member_peek(&pk, &mr, member) ||
		    (member && !mr.failed && !vc_peek_is_epd(&pk))) {
			const char *link = vc_input_member_link(in);
			vc_cli_error("winnable", "%s:%s: skipped: %s", path, member,
			             link ? link : "not a list of positions");
			continue;
		}
		int a = read_member(r, ws, nthreads, &pk, path, member);
		if (a == -2) {
			vc_cli_error("winnable", "out of memory");
			rc = VC_EXIT_INPUT;
			break;
		}
		if (a == -1) {
			input_error(path, member, vc_input_error(in));
			rc = VC_EXIT_INPUT;
			break;
		}
	}
	if (m < 0 && !vc_cli_interrupted()) {
		input_error(path, NULL, vc_input_error(in));
		rc = VC_EXIT_INPUT;
	}
	vc_input_close(in);
	return rc;
}

/* Does the argument read as a FEN (a position, not a file name)? By its
 * shape: a board field of eight ranks (seven '/', only piece letters,
 * digits and X-FEN's '~'), then blanks and the side to move. A FEN of
 * that shape that the rules reject is a position still: its error is
 * reported as for a line of a file, not as a missing file. */
static bool reads_as_fen(const char *arg)
{
	int slashes = 0;
	const char *p = arg;
	for (; *p && *p != ' ' && *p != '\t'; p++) {
		if (*p == '/')
			slashes++;
		else if (!strchr("12345678pnbrqkPNBRQK~", *p))
			return false;
	}
	if (slashes != 7)
		return false;
	p += strspn(p, " \t");
	return (*p == 'w' || *p == 'b') && (p[1] == 0 || p[1] == ' ' || p[1] == '\t');
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
		vc_report_text_complete(r->out, "winnable", r->stop);
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
	vc_report_json_complete(r->stop, j);
	vc_json_end_object(j);
	vc_json_end_object(j);
	json_out(r);
}

int cmd_winnable(int argc, char **argv)
{
	struct ctx c = { .winner = WINNER_DEFAULT, .budget = VC_WINNABLE_DEFAULT_BUDGET };
	struct vc_cli_spec spec = {
		.name = "winnable", .usage = usage,
		.common = VC_OPT_VARIANT | VC_OPT_FORMAT | VC_OPT_QUIET | VC_OPT_OUTPUT |
		          VC_OPT_JOBS | VC_OPT_MAX_RATIO | VC_OPT_KEEP_PARTIAL,
		.options = own_options, .handle = handle_option, .ctx = &c,
	};
	struct vc_cli_opts opts;
	int first;
	int rc = vc_cli_parse(argc, argv, &spec, &opts, &first);
	if (rc != VC_CLI_CONTINUE)
		return rc;
	if (first == argc)
		return vc_cli_usage_error("winnable", "a FEN or a file, please");
	struct vc_cli_output outs[] = { { "-o", vc_cli_report_path(&opts), true } };
	rc = vc_cli_check_outputs("winnable", outs, 1, argv + first, argc - first);
	if (rc != VC_EXIT_OK)
		return rc;
	vc_init();

	int nthreads = opts.jobs > 0 ? opts.jobs : 1;
	char *obuf = NULL;
	struct run r = { .c = &c, .opts = &opts, .limit = FIRST_BLOCK };
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
	/* a report file (-o) in large writes: stdio's default of 4 KB made
	 * one system call for every 60 --quick records. Standard output
	 * keeps its buffering (its interleaving with standard error). */
	if (r.out != stdout && (obuf = malloc(OUT_BUFFER)))
		setvbuf(r.out, obuf, _IOFBF, OUT_BUFFER);
	vc_json_init_buffer(&r.json, 0);
	if (opts.format == VC_FORMAT_JSON) {
		vc_json_begin_object(&r.json);
		vc_json_kv_string(&r.json, "command", "winnable");
		vc_json_key(&r.json, "queries");
		vc_json_begin_array(&r.json);
		json_out(&r);
	}

	rc = VC_EXIT_OK;
	vc_cli_cooperate(); /* the queries check for a signal block by block */
	for (int i = first; i < argc && !vc_cli_interrupted(); i++) {
		if (c.force_fen || reads_as_fen(argv[i])) {
			struct where where = { .arg = argv[i] };
			if (add_position(&r, ws, nthreads, argv[i], &where) == -2)
				rc = VC_EXIT_INPUT;
		} else {
			int frc = read_file(&r, ws, nthreads, argv[i]);
			if (frc)
				rc = frc;
		}
	}
	if (flush_block(&r, ws, nthreads))
		rc = VC_EXIT_INPUT;
	if (vc_cli_interrupted())
		r.stop = VC_REPORT_INTERRUPTED;
	write_summary(&r);
	if (vc_json_error(&r.json)) { /* the records' memory ran out */
		vc_cli_error("winnable", "out of memory");
		rc = VC_EXIT_INPUT;
	}
	if (vc_cli_close_output("winnable", r.out) != VC_EXIT_OK)
		rc = VC_EXIT_INPUT;
	free(obuf); /* after the close: the stream's buffer */
	if (rc == VC_EXIT_OK && (r.bad || (!c.quick && r.count[VC_WINNABLE_UNDETERMINED])))
		rc = VC_EXIT_FINDINGS;
done:
	for (int t = 0; t < nthreads; t++)
		vc_winnable_ws_free(ws[t].ws);
	free(ws);
	free(r.q);
	vc_json_release(&r.json);
	return rc;
}
