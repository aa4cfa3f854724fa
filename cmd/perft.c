/* vchess perft: count the leaf nodes of the legal-move tree of a position
 * (a move-generator test), split by first move (--divide), or check every
 * count of a perft suite file (--suite).
 *
 * Output: counts and findings go to standard output; the time and speed go
 * to standard error, so that standard output is the same from run to run
 * and diffs cleanly against another engine's or a golden file.
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "commands.h"
#include "common.h"
#include "input.h"
#include "perftreport.h"
#include "perftsuite.h"
#include "perft_split.h"

static const char usage[] =
        "usage: vchess perft [--variant V] [--depth N] [--divide [--uci-style]]\n"
        "                    [--expect N] [-j N] [--hash MB] [--format F]\n"
        "                    [--timing] [FEN]\n"
        "       vchess perft --suite FILE [--variant V] [--max-depth N]\n"
        "                    [--max-nodes N] [--max-positions N] [-j N] [--hash MB]\n"
        "                    [--stop-on-mismatch] [--format F] [--timing]\n"
        "\n"
        "Count the leaf nodes of the tree of legal moves N plies deep from FEN\n"
        "(default: the variant's start position). The count goes to standard\n"
        "output as 'nodes COUNT'; the time and nodes per second go to standard\n"
        "error. FEN is one argument (quote it) or its fields as separate\n"
        "arguments; X-FEN and Shredder-FEN castling fields are read.\n"
        "\n"
        "With --suite, read a perft suite (EPD lines 'FEN ;D1 20 ;D2 400' or\n"
        "'id / epd / perft DEPTH COUNT' blocks; '#' comments; '-' is standard\n"
        "input; compressed files and archives are opened by content), check\n"
        "every count, print each mismatch and a summary line.\n"
        "A position's EPD operation 'variant NAME' overrides --variant.\n"
        "\n"
        "Options:\n"
        VC_HELP_VARIANT
        "  -d, --depth N        plies to count (default 1)\n"
        "      --expect N       the count expected: when the count differs,\n"
        "                       say so on standard error and exit 1\n"
        "      --divide         one 'MOVE COUNT' line per legal move, sorted\n"
        "                       (UCI, or the variant's own move text), then\n"
        "                       the total\n"
        "      --uci-style      with --divide: 'MOVE: COUNT' lines, a blank\n"
        "                       line and 'Nodes searched: N', as UCI engines\n"
        "                       print for 'go perft N'\n"
        "      --format F       text (default), json, jsonl or junit (JUnit\n"
        "                       XML: a test case per suite position)\n"
        "      --timing         json, jsonl, junit: add each count's time and\n"
        "                       speed (left out by default, so that reports of\n"
        "                       two runs compare byte for byte)\n"        "      --suite FILE     check the counts of a perft suite file\n"
        "      --max-depth N    suite: check depths up to N only\n"
        "      --max-nodes N    suite: skip counts larger than N\n"
        "      --max-positions N  suite: check the first N positions only\n"
        "      --stop-on-mismatch  suite: stop at the first count that differs\n"
        "      --hash MB        a transposition table of MB megabytes (off by\n"
        "                       default): deep counts run faster, but rest on\n"
        "                       the 64 bits of the positions' Zobrist keys (two\n"
        "                       positions with one key would share a count)\n"
        VC_HELP_MAX_RATIO
        "  -j, --jobs N         use N threads: suite positions in parallel, or\n"
        "                       one position's tree split (default 1)\n"
        VC_HELP_PROGRESS
        VC_HELP_QUIET
        VC_HELP_VERBOSE
        VC_HELP_HELP
        "\n"
        "Exit status: 0 all counts match, 1 a count differs or a suite\n"
        "position is unusable, 2 usage error or malformed FEN argument,\n"
        "3 suite file unreadable.\n";

enum {
	O_DIVIDE = VC_OPT_OWN,
	O_SUITE,
	O_MAX_DEPTH,
	O_MAX_NODES,
	O_MAX_POSITIONS,
	O_UCI_STYLE,
	O_FORMAT,
	O_TIMING,
	O_STOP,
	O_HASH,
	O_EXPECT
};

static const struct option own_options[] = {
	{ "depth", required_argument, NULL, 'd' },
	{ "divide", no_argument, NULL, O_DIVIDE },
	{ "suite", required_argument, NULL, O_SUITE },
	{ "max-depth", required_argument, NULL, O_MAX_DEPTH },
	{ "max-nodes", required_argument, NULL, O_MAX_NODES },
	{ "max-positions", required_argument, NULL, O_MAX_POSITIONS },
	{ "uci-style", no_argument, NULL, O_UCI_STYLE },
	{ "format", required_argument, NULL, O_FORMAT },
	{ "timing", no_argument, NULL, O_TIMING },
	{ "stop-on-mismatch", no_argument, NULL, O_STOP },
	{ "hash", required_argument, NULL, O_HASH },
	{ "expect", required_argument, NULL, O_EXPECT },
	{ 0, 0, 0, 0 }
};

struct perft_args {
	long depth;          /* -1: not given */
	bool divide;
	const char *suite;   /* NULL: single position */
	long max_depth;      /* -1: no limit */
	uint64_t max_nodes;  /* 0: no limit */
	long max_positions;  /* -1: no limit */
	bool uci_style;      /* --divide as UCI engines print it */
	int format;          /* -1: text; else enum vc_perftreport_format */
	bool timing;
	bool stop;           /* --stop-on-mismatch */
	long hash_mb;        /* --hash; 0: none */
	bool expect_given;   /* --expect: the count must be `expect` */
	uint64_t expect;
	struct vc_perft_table *table; /* made from hash_mb */
};

/* A numeric option into a long (common.h vc_cli_number_option: one
 * parser, one wording, "too large" past max). */
static int long_option(const char *opt, const char *arg, long min, long max, const char *what,
                       long *out)
{
	uint64_t v;
	int rc = vc_cli_number_option("perft", opt, arg, (uint64_t)min, (uint64_t)max, what, &v);
	if (!rc)
		*out = (long)v;
	return rc;
}

#define MAX_DEPTH_TEXT VC_STR(VC_PERFTSUITE_MAX_DEPTH)
#define VC_STR(x) VC_STR_(x)
#define VC_STR_(x) #x

static int perft_option(void *ctx, int opt, const char *arg)
{
	struct perft_args *a = ctx;
	switch (opt) {
	case 'd':
		return long_option("--depth", arg, 0, VC_PERFTSUITE_MAX_DEPTH,
		                   "a number from 0 to " MAX_DEPTH_TEXT, &a->depth);
	case O_DIVIDE:
		a->divide = true;
		return 0;
	case O_SUITE:
		a->suite = arg;
		return 0;
	case O_MAX_DEPTH:
		return long_option("--max-depth", arg, 0, VC_PERFTSUITE_MAX_DEPTH,
		                   "a number from 0 to " MAX_DEPTH_TEXT, &a->max_depth);
	case O_MAX_NODES:
		return vc_cli_number_option("perft", "--max-nodes", arg, 1, UINT64_MAX,
		                            "a positive number", &a->max_nodes);
	case O_UCI_STYLE:
		a->uci_style = true;
		return 0;
	case O_HASH:
		return long_option("--hash", arg, 1, 1L << 20,
		                   "a number of megabytes from 1 to 1048576", &a->hash_mb);
	case O_FORMAT:
		if (strcmp(arg, "text") == 0)
			a->format = -1;
		else if (strcmp(arg, "json") == 0)
			a->format = VC_PERFTREPORT_JSON;
		else if (strcmp(arg, "jsonl") == 0)
			a->format = VC_PERFTREPORT_JSONL;
		else if (strcmp(arg, "junit") == 0)
			a->format = VC_PERFTREPORT_JUNIT;
		else
			return vc_cli_usage_error("perft", "--format: '%s' is not "
			                          "text, json, jsonl or junit", arg);
		return 0;
	case O_TIMING:
		a->timing = true;
		return 0;
	case O_STOP:
		a->stop = true;
		return 0;
	case O_EXPECT:
	{
		int rc = vc_cli_number_option("perft", "--expect", arg, 0, INT64_MAX,
		                              "a number of nodes", &a->expect);
		a->expect_given = rc == 0;
		return rc;
	}
	case O_MAX_POSITIONS:
		return long_option("--max-positions", arg, 1, 1000000000L, "a positive number",
		                   &a->max_positions);
	}
	return vc_cli_usage_error("perft", "internal error: option %d", opt);
}

/* Words for the FEN repair warnings (position.h VC_FENW_*). A missing clock
 * is normal in EPD and not worth a word. */
static void fen_warnings(const char *where, unsigned w)
{
	static const struct {
		unsigned bit;
		const char *text;
	} words[] = {
		{ VC_FENW_EP_IMPOSSIBLE, "en-passant square ignored: no double "
		                         "step could have been made" },
		{ VC_FENW_CASTLING_DROPPED, "castling right without its king and "
		                            "rook dropped" },
		{ VC_FENW_CHESS960, "castling rights need Chess960: counted as "
		                    "chess960" },
		{ VC_FENW_CASTLING_IGNORED, "castling rights ignored in this "
		                            "variant" },
		{ VC_FENW_CASTLING_ORDER, "castling letters out of order or "
		                          "repeated: read" },
	};
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (w & words[i].bit)
			vc_cli_error("perft", "%s: warning: %s", where, words[i].text);
}

/* ---- One position ----------------------------------------------------- */

struct divide_line {
	char text[64];
	uint64_t nodes;
};

static int cmp_divide(const void *a, const void *b)
{
	const struct divide_line *x = a, *y = b;
	return strcmp(x->text, y->text);
}

/* Move text for --divide: the variant's own notation (Backwards) or UCI. */
static void move_text(const struct vc_position *pos, vc_move m, char *buf)
{
	vc_move_text(pos, m, VC_NOTATION_UCI, buf, 64);
}

/* Count under each legal move, over `jobs` threads and the table of a
 * (perft_split.h): the same counts whatever they are. The lines are printed
 * ('MOVE COUNT', or 'MOVE: COUNT' with uci), or handed to the caller
 * through *keep (to free) when keep is not NULL. Returns the total, or
 * VC_PERFT_ERROR out of memory (nothing printed). */
static uint64_t run_divide(const struct perft_args *a, const struct vc_position *pos, int depth,
                           int jobs, struct divide_line **keep, int *nkeep)
{
	vc_move moves[VC_MAX_MOVES];
	uint64_t per[VC_MAX_MOVES];
	if (depth == 0)
		return 1;
	int n = 0;
	uint64_t total = vc_cli_perft_split(pos, depth, jobs, a->table, moves, per, &n);
	struct divide_line *lines = calloc((size_t)n + 1, sizeof *lines);
	if (total == VC_PERFT_ERROR || !lines) {
		free(lines);
		return VC_PERFT_ERROR;
	}
	for (int i = 0; i < n; i++) {
		move_text(pos, moves[i], lines[i].text);
		lines[i].nodes = per[i];
	}
	qsort(lines, (size_t)n, sizeof *lines, cmp_divide);
	if (keep) {
		*keep = lines;
		*nkeep = n;
		return total;
	}
	for (int i = 0; i < n; i++) {
		printf(a->uci_style ? "%s: %" PRIu64 "\n" : "%s %" PRIu64 "\n", lines[i].text,
		       lines[i].nodes);
		vc_cli_check_output(stdout);
	}
	free(lines);
	return total;
}

static void print_speed(const struct vc_cli_opts *opts, uint64_t nodes,
                        double seconds)
{
	if (opts->quiet)
		return;
	fflush(stdout);
	vc_cli_check_output(stdout); /* a failed flush: its reason kept */
	if (seconds > 0)
		fprintf(stderr, "time %.3f s, %.0f nodes/s\n", seconds,
		        (double)nodes / seconds);
	else
		fprintf(stderr, "time %.3f s\n", seconds);
}

/* A single count as a JSON, JSON Lines or JUnit report on stdout. */
static void single_report(const struct perft_args *a,
                          const struct vc_variant *variant,
                          const struct vc_position *pos, const char *fenarg,
                          int depth, uint64_t nodes, double seconds,
                          const struct divide_line *lines, int nlines)
{
	char fen[VC_FEN_MAX];
	struct vc_perftreport_move *moves = NULL;
	if (nlines > 0) {
		moves = calloc((size_t)nlines, sizeof *moves);
		if (!moves)
			nlines = 0; /* the count still goes out */
	}
	for (int i = 0; i < nlines; i++) {
		moves[i].move = lines[i].text;
		moves[i].nodes = lines[i].nodes;
	}
	struct vc_perftreport_count count = {
		.depth = depth, .nodes = nodes, .checked = true,
		.expected = a->expect_given ? (int64_t)a->expect : -1,
		.seconds = seconds,
	};
	struct vc_perftreport_position p = {
		.variant = vc_variant_get(pos->variant) ?
		           vc_variant_get(pos->variant)->name : variant->name,
		.fen = fenarg ? fenarg : vc_fen_write(pos, fen, false),
		.ncounts = 1,
		.counts = &count,
		.nmoves = nlines,
		.moves = moves,
	};
	struct vc_perftreport_summary s = {
		.positions = 1, .checked = 1, .nodes = nodes, .seconds = seconds,
		.mismatches = a->expect_given && nodes != a->expect,
	};
	struct vc_perftreport r;
	vc_perftreport_begin(&r, stdout, (enum vc_perftreport_format)a->format,
	                     a->timing ? VC_PERFTREPORT_TIMING : 0, NULL);
	vc_perftreport_position(&r, &p);
	vc_perftreport_end(&r, &s);
	free(moves);
}

static int perft_single(const struct perft_args *a,
                        const struct vc_cli_opts *opts, int argc, char **argv,
                        int first)
{
	const struct vc_variant *variant =
	        opts->variant ? opts->variant : vc_variant_default();
	struct vc_position pos;
	char *fenarg = NULL; /* the FEN argument as given */

	if (first < argc) {
		/* the FEN as one argument, or its fields as several */
		size_t len = 0;
		for (int i = first; i < argc; i++)
			len += strlen(argv[i]) + 1;
		char *fen = malloc(len);
		if (!fen) {
			vc_cli_error("perft", "out of memory");
			return VC_EXIT_INPUT;
		}
		fen[0] = '\0';
		for (int i = first; i < argc; i++) {
			if (i > first)
				strcat(fen, " ");
			strcat(fen, argv[i]);
		}
		struct vc_fen_result res;
		memset(&res, 0, sizeof res);
		enum vc_fen_status st = vc_fen_parse(&pos, fen, variant->id, &res);
		if (st == VC_FEN_OK && res.rest && res.rest[strspn(res.rest,
		                                                   " \t")]) {
			vc_cli_error("perft", "invalid FEN \"%s\": text after the "
			             "FEN fields at column %d", fen,
			             (int)(res.rest - fen) + 1);
			free(fen);
			return VC_EXIT_USAGE;
		}
		if (st != VC_FEN_OK) {
			vc_cli_error("perft", "invalid FEN \"%s\": %s (column %d)", fen,
			             vc_fen_strerror(st), res.column);
			free(fen);
			return VC_EXIT_USAGE;
		}
		fenarg = fen;
		if (!opts->quiet)
			fen_warnings("FEN", res.warnings);
	} else {
		vc_startpos(&pos, variant->id);
	}

	int depth = a->depth < 0 ? 1 : (int)a->depth;
	struct divide_line *lines = NULL;
	int nlines = 0;
	bool report = a->format >= 0;
	double t0 = vc_cli_now();
	uint64_t nodes;
	if (a->divide) {
		nodes = run_divide(a, &pos, depth, opts->jobs, report ? &lines : NULL, &nlines);
	} else if (opts->jobs > 1 || a->table) {
		vc_move moves[VC_MAX_MOVES];
		uint64_t per[VC_MAX_MOVES];
		int n;
		nodes = depth == 0 ? 1 : vc_cli_perft_split(&pos, depth, opts->jobs, a->table, moves,
		                                             per, &n);
	} else {
		nodes = vc_perft(&pos, depth);
	}
	double t = vc_cli_now() - t0;
	if (nodes == VC_PERFT_ERROR) {
		vc_cli_error("perft", "out of memory");
		free(fenarg);
		return VC_EXIT_INPUT;
	}
	if (report)
		single_report(a, variant, &pos, fenarg, depth, nodes, t, lines,
		              nlines);
	else if (a->uci_style)
		printf("\nNodes searched: %" PRIu64 "\n\n", nodes);
	else
		printf("nodes %" PRIu64 "\n", nodes);
	free(lines);
	free(fenarg);
	vc_cli_check_output(stdout);
	print_speed(opts, nodes, t);
	if (a->expect_given && nodes != a->expect) {
		/* on standard error: standard output stays what it is (the
		 * count, or --uci-style's lines as engines print them) */
		vc_cli_error("perft", "mismatch at depth %d: expected %" PRIu64 ", counted %" PRIu64,
		             depth, a->expect, nodes);
		return VC_EXIT_FINDINGS;
	}
	return VC_EXIT_OK;
}

/* ---- Suites ------------------------------------------------------------ */

/* A suite position after the syntax pass: what to count, what came out. */
struct job {
	const struct vc_perft_entry *entry;
	const char *member;  /* archive member, or NULL */
	struct vc_position pos;
	bool usable;         /* variant and FEN were good */
	char problem[160];   /* why not */
	unsigned warnings;   /* FEN repairs */
	uint64_t *got;       /* per entry->counts[i]; valid if check[i] */
	bool *check;         /* counts to check (depth and node limits) */
	uint64_t nodes;      /* all nodes counted for this position */
	double *secs;        /* --timing: per entry->counts[i], or NULL */
	struct vc_perft_table *table; /* --hash (shared by the jobs), or NULL */
	bool done;
};

struct pool {
	struct job *jobs;
	int njobs;
	int next;            /* next job to take */
	int ndone;
	pthread_mutex_t lock;
	pthread_cond_t changed;
};

static void run_job(struct job *j)
{
	for (int i = 0; i < j->entry->ncounts; i++) {
		if (!j->check[i])
			continue;
		double t0 = j->secs ? vc_cli_now() : 0;
		j->got[i] = j->table ? vc_perft_hashed(&j->pos, j->entry->counts[i].depth, j->table)
		                     : vc_perft(&j->pos, j->entry->counts[i].depth);
		if (j->secs)
			j->secs[i] = vc_cli_now() - t0;
		j->nodes += j->got[i];
	}
}

static void *worker(void *arg)
{
	struct pool *p = arg;
	for (;;) {
		pthread_mutex_lock(&p->lock);
		int i = p->next < p->njobs ? p->next++ : -1;
		pthread_mutex_unlock(&p->lock);
		if (i < 0)
			return NULL;
		if (p->jobs[i].usable)
			run_job(&p->jobs[i]);
		pthread_mutex_lock(&p->lock);
		p->jobs[i].done = true;
		p->ndone++;
		pthread_cond_broadcast(&p->changed);
		pthread_mutex_unlock(&p->lock);
	}
}

/* A syntax error of a suite file; reading goes on after it. */
struct suite_error {
	struct vc_perftsuite_error e;
	const char *member;
};

/* A suite as read: its entries, the archive member each came from, its
 * syntax errors, and what stopped the reading (an input error), if
 * anything. */
struct suite_source {
	struct vc_perft_suite suite;
	char **member;        /* per entry: its member's name, or NULL */
	char **names;         /* owned member names */
	int nnames;
	struct suite_error *errs; /* syntax errors, in file order */
	int nerrs;
	const char *cur_member;   /* while parsing: the member's name */
	bool input_failed;
	struct vc_input_error ierr;
};

static void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q) {
		vc_cli_error("perft", "out of memory");
		exit(VC_EXIT_INPUT);
	}
	return q;
}

/* Read the whole current member into *buf; false on an input error (what
 * was read before it is still returned). */
static bool read_member(struct vc_input *in, char **buf, size_t *len)
{
	size_t cap = 1 << 16, n = 0;
	char *b = xrealloc(NULL, cap);
	for (;;) {
		if (cap - n < 4096)
			b = xrealloc(b, cap *= 2);
		ptrdiff_t r = vc_input_read(in, b + n, cap - n);
		if (r <= 0) {
			*buf = b;
			*len = n;
			return r == 0;
		}
		n += (size_t)r;
	}
}

static void on_syntax_error(void *ctx, const struct vc_perftsuite_error *e)
{
	struct suite_source *src = ctx;
	src->errs = xrealloc(src->errs, (size_t)(src->nerrs + 1) * sizeof *src->errs);
	src->errs[src->nerrs].e = *e;
	src->errs[src->nerrs].member = src->cur_member;
	src->nerrs++;
}

/* Read and parse `path` (any container the input layer opens; each member
 * of an archive is a suite of its own) into *src. */
static void read_suite(const char *path, const struct vc_cli_opts *opts,
                       struct suite_source *src)
{
	memset(src, 0, sizeof *src);
	vc_perftsuite_init(&src->suite);
	vc_input_error_init(&src->ierr);
	struct vc_input_options io;
	vc_cli_input_options(opts, &io);
	struct vc_input *in = vc_input_open_opts(path, &io, &src->ierr);
	if (!in) {
		src->input_failed = true;
		return;
	}
	const char *name;
	int r;
	while ((r = vc_input_next_member(in, &name)) == 1) {
		char *buf, *nm = NULL;
		size_t len;
		bool ok = read_member(in, &buf, &len);
		if (name) {
			nm = strdup(name);
			if (!nm) {
				vc_cli_error("perft", "out of memory");
				exit(VC_EXIT_INPUT);
			}
			src->names = xrealloc(src->names,
			                      (size_t)(src->nnames + 1) * sizeof *src->names);
			src->names[src->nnames++] = nm;
		}
		if (!ok) /* damaged input: its last, cut line is no syntax error */
			while (len > 0 && buf[len - 1] != '\n')
				len--;
		int before = src->suite.count;
		src->cur_member = nm;
		if (vc_perftsuite_parse_all(&src->suite, buf, len, on_syntax_error, src) == -2) {
			vc_cli_error("perft", "out of memory");
			exit(VC_EXIT_INPUT);
		}
		free(buf);
		src->member = xrealloc(src->member,
		                       (size_t)src->suite.count * sizeof *src->member);
		for (int i = before; i < src->suite.count; i++)
			src->member[i] = nm;
		if (!ok) {
			r = -1;
			break;
		}
	}
	if (r < 0) {
		src->input_failed = true;
		src->ierr = *vc_input_error(in);
	}
	vc_input_close(in);
}

static void suite_source_release(struct suite_source *src)
{
	vc_perftsuite_release(&src->suite);
	for (int i = 0; i < src->nnames; i++)
		free(src->names[i]);
	free(src->names);
	free(src->member);
	free(src->errs);
}

struct tally {
	long positions, checked, skipped, mismatches, errors;
	uint64_t nodes;
};

/* report_job for --format json, jsonl and junit. */
static void report_job_fmt(struct vc_perftreport *r, const char *file,
                           const struct job *j, struct tally *t)
{
	const struct vc_perft_entry *e = j->entry;
	struct vc_perftreport_position p = {
		.file = file, .member = j->member, .line = e->line, .id = e->id,
		.variant = j->usable && vc_variant_get(j->pos.variant) ?
		           vc_variant_get(j->pos.variant)->name : e->variant,
		.fen = e->fen,
	};
	t->positions++;
	if (!j->usable) {
		p.error = j->problem;
		t->errors++;
		vc_perftreport_position(r, &p);
		return;
	}
	struct vc_perftreport_count *c = calloc((size_t)e->ncounts + 1, sizeof *c);
	if (!c) {
		p.error = "out of memory";
		t->errors++;
		vc_perftreport_position(r, &p);
		return;
	}
	for (int i = 0; i < e->ncounts; i++) {
		c[i].depth = e->counts[i].depth;
		c[i].expected = (int64_t)e->counts[i].nodes;
		c[i].checked = j->check[i];
		if (!j->check[i]) {
			t->skipped++;
			continue;
		}
		c[i].nodes = j->got[i];
		c[i].seconds = j->secs ? j->secs[i] : 0;
		t->checked++;
		if (j->got[i] != e->counts[i].nodes)
			t->mismatches++;
	}
	p.ncounts = e->ncounts;
	p.counts = c;
	vc_perftreport_position(r, &p);
	free(c);
	t->nodes += j->nodes;
}

static void report_job(const char *file, const struct job *j,
                       const struct vc_cli_opts *opts, struct tally *t)
{
	const struct vc_perft_entry *e = j->entry;
	char where[512];
	if (j->member)
		snprintf(where, sizeof where, "%s:%s:%ld", file, j->member, e->line);
	else
		snprintf(where, sizeof where, "%s:%ld", file, e->line);
	t->positions++;
	if (!j->usable) {
		printf("%s: error: %s\n", where, j->problem);
		t->errors++;
		return;
	}
	if (opts->verbose)
		fen_warnings(where, j->warnings);
	int checked = 0, bad = 0;
	for (int i = 0; i < e->ncounts; i++) {
		if (!j->check[i]) {
			t->skipped++;
			continue;
		}
		checked++;
		t->checked++;
		if (j->got[i] != e->counts[i].nodes) {
			bad++;
			t->mismatches++;
			printf("%s: mismatch%s%s%s at depth %d: expected %" PRIu64
			       ", got %" PRIu64 ": %s\n", where,
			       e->id ? " (" : "", e->id ? e->id : "", e->id ? ")" : "",
			       e->counts[i].depth, e->counts[i].nodes, j->got[i],
			       e->fen);
		}
	}
	if (opts->verbose && !bad)
		printf("%s: ok%s%s%s: %d count%s, %" PRIu64 " nodes\n", where,
		       e->id ? " (" : "", e->id ? e->id : "",
		       e->id ? ")" : "", checked, checked == 1 ? "" : "s",
		       j->nodes);
	t->nodes += j->nodes;
}

/* Syntax and FEN pass for one entry: fills the job or its problem. */
static void prepare_job(struct job *j, const struct vc_perft_entry *e,
                        const struct vc_variant *dflt,
                        const struct perft_args *a)
{
	const struct vc_variant *v = dflt;
	j->entry = e;
	if (e->variant) {
		bool unsupported = false;
		v = vc_variant_find(e->variant, &unsupported);
		if (!v) {
			snprintf(j->problem, sizeof j->problem, "%s variant '%s'",
			         unsupported ? "unsupported" : "unknown", e->variant);
			return;
		}
	}
	struct vc_fen_result res;
	memset(&res, 0, sizeof res);
	enum vc_fen_status st = vc_fen_parse(&j->pos, e->fen, v->id, &res);
	if (st != VC_FEN_OK) {
		snprintf(j->problem, sizeof j->problem,
		         "invalid FEN: %s (column %d): %.80s", vc_fen_strerror(st),
		         res.column, e->fen);
		return;
	}
	j->warnings = res.warnings;
	j->usable = true;
	if (a->timing && a->format >= 0) /* no memory: no times, still counts */
		j->secs = calloc((size_t)e->ncounts + 1, sizeof *j->secs);
	for (int i = 0; i < e->ncounts; i++) {
		const struct vc_perft_count *c = &e->counts[i];
		j->check[i] = (a->max_depth < 0 || c->depth <= a->max_depth) &&
		              (a->max_nodes == 0 || c->nodes <= a->max_nodes);
	}
}

static void progress_line(const struct pool *p, double t0, bool *shown)
{
	fprintf(stderr, "\rperft: %d/%d positions, %.0f s ", p->ndone, p->njobs,
	        vc_cli_now() - t0);
	fflush(stderr);
	*shown = true;
}

static int perft_suite(const struct perft_args *a,
                       const struct vc_cli_opts *opts)
{
	const char *file = strcmp(a->suite, "-") == 0 ? "(stdin)" : a->suite;
	const struct vc_variant *dflt =
	        opts->variant ? opts->variant : vc_variant_default();
	struct suite_source src;
	read_suite(a->suite, opts, &src);
	struct vc_perft_suite suite = src.suite;
	if (src.input_failed && suite.count == 0 && !src.nerrs) {
		if (a->format >= 0) {
			/* a report all the same (a JSON document, a JUnit file
			 * a CI step reads), saying the suite was not read */
			struct vc_perftreport rep;
			vc_perftreport_begin(&rep, stdout, (enum vc_perftreport_format)a->format,
			                     a->timing ? VC_PERFTREPORT_TIMING : 0, file);
			struct vc_perftreport_summary sum = { .stopped = "input-error" };
			vc_perftreport_end(&rep, &sum);
			vc_cli_check_output(stdout);
		}
		vc_cli_error("perft", "cannot read %s: %s", file, src.ierr.message);
		suite_source_release(&src);
		return VC_EXIT_INPUT;
	}

	int n = suite.count;
	if (a->max_positions >= 0 && n > a->max_positions)
		n = (int)a->max_positions;
	struct job *jobs = calloc((size_t)n + 1, sizeof *jobs);
	if (!jobs) {
		vc_cli_error("perft", "out of memory");
		exit(VC_EXIT_INPUT);
	}
	for (int i = 0; i < n; i++) {
		int nc = suite.entries[i].ncounts;
		jobs[i].got = calloc((size_t)nc + 1, sizeof *jobs[i].got);
		jobs[i].check = calloc((size_t)nc + 1, sizeof *jobs[i].check);
		if (!jobs[i].got || !jobs[i].check) {
			vc_cli_error("perft", "out of memory");
			exit(VC_EXIT_INPUT);
		}
		prepare_job(&jobs[i], &suite.entries[i], dflt, a);
		jobs[i].table = a->table;
		jobs[i].member = src.member[i];
	}

	struct pool pool = { .jobs = jobs, .njobs = n };
	pthread_mutex_init(&pool.lock, NULL);
	pthread_cond_init(&pool.changed, NULL);
	int nthreads = opts->jobs < n ? opts->jobs : (n > 0 ? n : 1);
	pthread_t *threads = calloc((size_t)nthreads, sizeof *threads);
	if (!threads) {
		vc_cli_error("perft", "out of memory");
		exit(VC_EXIT_INPUT);
	}
	vc_init(); /* tables ready before the threads race for them */
	double t0 = vc_cli_now();
	int started = 0;
	for (int i = 0; i < nthreads; i++) {
		if (pthread_create(&threads[i], NULL, worker, &pool) != 0)
			break;
		started++;
	}
	if (started == 0) {
		vc_cli_error("perft", "cannot start a thread");
		exit(VC_EXIT_INPUT);
	}

	/* Report in file order as soon as a prefix of the jobs is done. */
	struct tally t = { 0, 0, 0, 0, 0, 0 };
	struct vc_perftreport rep;
	bool fmt = a->format >= 0, stopped = false;
	if (fmt)
		vc_perftreport_begin(&rep, stdout,
		                     (enum vc_perftreport_format)a->format,
		                     a->timing ? VC_PERFTREPORT_TIMING : 0, file);
	bool progress = vc_cli_progress(opts), shown = false;
	double last = t0;
	pthread_mutex_lock(&pool.lock);
	for (int printed = 0; printed < n && !stopped;) {
		while (!jobs[printed].done) {
			struct timespec ts;
			clock_gettime(CLOCK_REALTIME, &ts);
			ts.tv_nsec += 250000000L;
			if (ts.tv_nsec >= 1000000000L) {
				ts.tv_sec++;
				ts.tv_nsec -= 1000000000L;
			}
			pthread_cond_timedwait(&pool.changed, &pool.lock, &ts);
			if (progress && vc_cli_now() - last >= 0.5) {
				last = vc_cli_now();
				progress_line(&pool, t0, &shown);
			}
		}
		int upto = printed;
		while (upto < n && jobs[upto].done)
			upto++;
		pthread_mutex_unlock(&pool.lock);
		if (shown) {
			fputs("\r\033[K", stderr);
			shown = false;
		}
		for (; printed < upto && !stopped; printed++) {
			if (fmt)
				report_job_fmt(&rep, file, &jobs[printed], &t);
			else
				report_job(file, &jobs[printed], opts, &t);
			stopped = a->stop && t.mismatches > 0;
		}
		vc_cli_check_output(stdout);
		pthread_mutex_lock(&pool.lock);
		if (stopped) /* the workers take no more positions */
			pool.next = pool.njobs;
	}
	pthread_mutex_unlock(&pool.lock);
	for (int i = 0; i < started; i++)
		pthread_join(threads[i], NULL);
	double secs = vc_cli_now() - t0;

	for (int i = 0; i < src.nerrs; i++) {
		const struct suite_error *se = &src.errs[i];
		if (fmt) {
			struct vc_perftreport_position p = {
				.file = file, .member = se->member,
				.line = se->e.line, .column = se->e.column,
				.error = se->e.message,
			};
			vc_perftreport_position(&rep, &p);
			t.errors++;
			continue;
		}
		printf("%s%s%s:%ld:%d: error: %s (line not checked)\n", file, se->member ? ":" : "",
		       se->member ? se->member : "", se->e.line, se->e.column, se->e.message);
		t.errors++;
	}
	if (fmt) {
		struct vc_perftreport_summary sum = {
			.positions = t.positions, .checked = t.checked,
			.skipped = t.skipped, .mismatches = t.mismatches,
			.errors = t.errors, .nodes = t.nodes, .seconds = secs,
			.stopped = stopped ? "mismatch" :
			           src.input_failed ? "input-error" : NULL,
		};
		vc_perftreport_end(&rep, &sum);
	} else {
		printf("%s: %ld position%s, %ld count%s checked, %ld skipped: "
		       "%ld mismatch%s, %ld error%s%s\n", file, t.positions,
		       t.positions == 1 ? "" : "s", t.checked,
		       t.checked == 1 ? "" : "s", t.skipped, t.mismatches,
		       t.mismatches == 1 ? "" : "es", t.errors,
		       t.errors == 1 ? "" : "s",
		       stopped ? " (stopped at the first mismatch)" : "");
	}
	vc_cli_check_output(stdout);
	if (t.checked == 0 && !opts->quiet)
		vc_cli_error("perft", "warning: no count was checked");
	print_speed(opts, t.nodes, secs);

	for (int i = 0; i < n; i++) {
		free(jobs[i].got);
		free(jobs[i].check);
		free(jobs[i].secs);
	}
	free(jobs);
	free(threads);
	pthread_mutex_destroy(&pool.lock);
	pthread_cond_destroy(&pool.changed);
	suite_source_release(&src);
	if (src.input_failed) {
		/* everything read before the fault was checked above */
		vc_cli_error("perft", "cannot read all of %s: %s", file,
		             src.ierr.message);
		return VC_EXIT_INPUT;
	}
	return t.mismatches || t.errors ? VC_EXIT_FINDINGS : VC_EXIT_OK;
}

static int perft_run(struct perft_args *a, struct vc_cli_opts *opts, int argc, char **argv,
                     int first);

int cmd_perft(int argc, char **argv)
{
	struct perft_args a = { .depth = -1, .max_depth = -1,
	                        .max_positions = -1, .format = -1 };
	struct vc_cli_spec spec = {
		.name = "perft",
		.usage = usage,
		.common = VC_OPT_VARIANT | VC_OPT_JOBS | VC_OPT_PROGRESS |
		          VC_OPT_QUIET | VC_OPT_VERBOSE | VC_OPT_MAX_RATIO,
		.options = own_options,
		.shortopts = "d:",
		.handle = perft_option,
		.ctx = &a,
	};
	struct vc_cli_opts opts;
	int first;
	int rc = vc_cli_parse(argc, argv, &spec, &opts, &first);
	if (rc != VC_CLI_CONTINUE)
		return rc;

	if (a.uci_style && a.format >= 0)
		return vc_cli_usage_error("perft", "--uci-style is a text format: "
		                          "not with --format");
	if (a.uci_style)
		a.divide = true;
	if (a.hash_mb) {
		enum vc_code hc = vc_perft_table_new((size_t)a.hash_mb << 20, &a.table);
		if (hc != VC_F_OK) {
			vc_cli_error("perft", "--hash %ld: cannot allocate %ld MB for the table: %s",
			             a.hash_mb, a.hash_mb, vc_strerror(hc));
			return VC_EXIT_INPUT;
		}
	}
	rc = perft_run(&a, &opts, argc, argv, first);
	vc_perft_table_free(a.table);
	return rc;
}

/* The command once its options are read (and its table made). */
static int perft_run(struct perft_args *a, struct vc_cli_opts *opts, int argc, char **argv,
                     int first)
{
	if (a->suite) {
		if (first < argc)
			return vc_cli_usage_error("perft", "--suite takes no FEN "
			                          "argument");
		if (a->divide || a->depth >= 0 || a->expect_given)
			return vc_cli_usage_error("perft", "--suite checks the "
			                          "suite's depths and counts: use "
			                          "--max-depth, not --depth, --expect, "
			                          "--divide or --uci-style");
		return perft_suite(a, opts);
	}
	if (a->max_depth >= 0 || a->max_nodes || a->max_positions >= 0 || a->stop)
		return vc_cli_usage_error("perft", "--max-depth, --max-nodes, "
		                          "--max-positions and --stop-on-mismatch "
		                          "go with --suite");
	return perft_single(a, opts, argc, argv, first);
}
