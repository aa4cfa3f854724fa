/* Tests of cmd/pipeline: the command interface (per-worker contexts,
 * on_game output, copy streams, summary state merged in input order, the
 * stream hooks, --max-errors) gives the same result for every -j, with
 * chunks small enough to cut the input everywhere. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../cmd/pipeline.h"

/* The command's totals (calling thread). */
struct totals {
	int streams_cut;         /* stream_end(whole = false): a stop in it */
	char *stream;             /* every byte passed to stream_bytes */
	size_t stream_len;
	int streams_begun, streams_ended;
	uint64_t offsets[256];    /* g->offset of each merged game, in order */
	int noffsets;
	bool bytes_before_merge;  /* each game's bytes came before its state */
	int workers_made, workers_freed, dropped;
};

/* A worker's state since the last take. */
struct wstate {
	uint64_t offsets[256];
	uint64_t ends[256];
	int n;
};

static void *worker_new(void *ctx, struct vc_checker *chk)
{
	(void)chk;
	struct totals *t = ctx;
	t->workers_made++;
	return calloc(1, sizeof(struct wstate));
}

static void worker_free(void *ctx, void *wctx)
{
	struct totals *t = ctx;
	t->workers_freed++;
	free(wctx);
}

static int on_game(void *wctx, struct vc_pipe_out *o, const struct vc_gc_game *g)
{
	struct wstate *w = wctx;
	fprintf(o->rep->out, "%s game ", g->source);
	vc_report_put_index(o->rep->marks, o->rep->out, g->index);
	fprintf(o->rep->out, " at %llu: %s\n", (unsigned long long)g->offset,
	        g->valid ? "valid" : "invalid");
	vc_report_game(o->rep, g, NULL, NULL);
	vc_pipe_copy_game(o, 0, g);
	if (w->n < 256) {
		w->offsets[w->n] = g->offset;
		w->ends[w->n] = g->offset + g->raw_len;
		w->n++;
	}
	return g->valid ? 0 : VC_PIPE_FAILED;
}

static void *take(void *wctx)
{
	struct wstate *w = wctx;
	if (!w->n)
		return NULL;
	struct wstate *s = malloc(sizeof *s);
	*s = *w;
	w->n = 0;
	return s;
}

/* offsets are within one member (one file here) */
static uint64_t member_start;

static void merge(void *ctx, void *state, bool keep)
{
	struct totals *t = ctx;
	struct wstate *s = state;
	if (!keep) {
		t->dropped++;
		free(s);
		return;
	}
	for (int i = 0; i < s->n; i++) {
		if (t->noffsets < 256)
			t->offsets[t->noffsets++] = s->offsets[i];
		if (member_start + s->ends[i] > t->stream_len)
			t->bytes_before_merge = false;
	}
	free(s);
}

static void stream_begin(void *ctx, const char *source, const char *member)
{
	(void)source;
	(void)member;
	struct totals *t = ctx;
	t->streams_begun++;
	member_start = t->stream_len;
}

static void stream_bytes(void *ctx, const char *buf, size_t n)
{
	struct totals *t = ctx;
	t->stream = realloc(t->stream, t->stream_len + n + 1);
	memcpy(t->stream + t->stream_len, buf, n);
	t->stream_len += n;
}

static void stream_end(void *ctx, bool whole)
{
	struct totals *t = ctx;
	t->streams_ended++;
	t->streams_cut += !whole;
}

struct result {
	char *report, *copy;
	size_t report_len, copy_len;
	struct totals t;
	uint64_t games, invalid;
	int status;
};

static char *slurp(FILE *f, size_t *len)
{
	fflush(f);
	long n = ftell(f);
	rewind(f);
	char *b = malloc((size_t)n + 1);
	*len = fread(b, 1, (size_t)n, f);
	b[*len] = 0;
	return b;
}

static void run(const char *path, int jobs, long max_errors, struct result *r)
{
	memset(r, 0, sizeof *r);
	r->t.bytes_before_merge = true;
	struct vc_cli_opts opts;
	memset(&opts, 0, sizeof opts);
	opts.format = VC_FORMAT_TEXT;
	opts.quiet = true;
	opts.jobs = jobs;
	opts.max_errors = max_errors;
	FILE *out = tmpfile(), *copy = tmpfile();
	cr_assert(out && copy);
	struct vc_report rep;
	vc_cli_report_init(&rep, out, &opts, "test", false);
	struct vc_gc_options go = { .keep_raw = true };
	const struct vc_pipe_command cmd = {
		.ctx = &r->t, .worker_new = worker_new, .worker_free = worker_free,
		.on_game = on_game, .take = take, .merge = merge,
		.stream_begin = stream_begin, .stream_bytes = stream_bytes, .stream_end = stream_end,
	};
	const struct vc_pipe p = {
		.cmd = &cmd, .gc = &go, .opts = &opts, .rep = &rep,
		.ncopies = 1, .copies = { copy },
	};
	char *paths[] = { (char *)path };
	r->status = vc_pipe_run(&p, paths, 1);
	r->games = rep.games;
	r->invalid = rep.invalid;
	r->report = slurp(out, &r->report_len);
	r->copy = slurp(copy, &r->copy_len);
	fclose(out);
	fclose(copy);
}

static void result_free(struct result *r)
{
	free(r->report);
	free(r->copy);
	free(r->t.stream);
}

static char path[64];

static void make_input(void)
{
	strcpy(path, "/tmp/vchess-test-pipeline-XXXXXX");
	int fd = mkstemp(path);
	cr_assert(fd >= 0);
	FILE *f = fdopen(fd, "w");
	fputs("% a file comment before the games\n\n", f);
	for (int i = 0; i < 40; i++) {
		fprintf(f, "[Event \"g%d\"]\n[Result \"*\"]\n\n", i);
		if (i % 7 == 3)
			fputs("1. e4 e4 *\n\n", f); /* illegal */
		else if (i % 5 == 1)
			fputs("1. e4 {a comment\n\n[Event \"no\"]\n} e5 2. Nf3 *\n\n", f);
		else
			fputs("1. d4 d5 2. c4 e6 *\n\n", f);
	}
	fputs("trailing words\n", f);
	fclose(f);
}

Test(pipeline, same_for_every_j)
{
	make_input();
	setenv("VCHESS_CHUNK_SIZE", "40", 1);
	struct result ref;
	run(path, 1, 0, &ref);
	cr_assert_eq(ref.status, VC_EXIT_OK);
	cr_assert_eq(ref.games, 41); /* the trailing words are a game */
	cr_assert_eq(ref.invalid, 7);
	cr_assert_eq(ref.t.noffsets, 41);
	cr_assert(ref.t.bytes_before_merge);
	cr_assert_eq(ref.t.streams_begun, 1);
	cr_assert_eq(ref.t.streams_ended, 1);
	cr_assert_eq(ref.t.workers_made, 1);
	cr_assert_eq(ref.t.workers_freed, 1);
	cr_assert(strstr(ref.report, " game 41 at "));
	/* the stream hooks saw the file unchanged */
	FILE *f = fopen(path, "rb");
	size_t n;
	fseek(f, 0, SEEK_END);
	char *file = slurp(f, &n);
	fclose(f);
	cr_assert_eq(ref.t.stream_len, n);
	cr_assert(memcmp(ref.t.stream, file, n) == 0);
	for (int j = 2; j <= 4; j++) {
		struct result par;
		run(path, j, 0, &par);
		cr_assert_eq(par.status, VC_EXIT_OK);
		cr_assert_eq(par.t.workers_made, j);
		cr_assert_eq(par.t.workers_freed, j);
		cr_assert_eq(par.games, ref.games);
		cr_assert_eq(par.report_len, ref.report_len, "-j %d", j);
		cr_assert(memcmp(par.report, ref.report, ref.report_len) == 0, "-j %d", j);
		cr_assert_eq(par.copy_len, ref.copy_len);
		cr_assert(memcmp(par.copy, ref.copy, ref.copy_len) == 0);
		cr_assert_eq(par.t.noffsets, ref.t.noffsets);
		cr_assert(memcmp(par.t.offsets, ref.t.offsets, sizeof ref.t.offsets) == 0,
		          "merged in input order, -j %d", j);
		cr_assert(par.t.bytes_before_merge, "-j %d", j);
		cr_assert_eq(par.t.stream_len, n);
		cr_assert(memcmp(par.t.stream, file, n) == 0);
		cr_assert_eq(par.t.streams_ended, 1);
		result_free(&par);
	}
	free(file);
	result_free(&ref);
	unlink(path);
}

Test(pipeline, max_errors_stops_where_j1_stops)
{
	make_input();
	setenv("VCHESS_CHUNK_SIZE", "40", 1);
	for (long me = 1; me <= 7; me += 2) {
		struct result ref;
		run(path, 1, me, &ref);
		cr_assert_eq(ref.invalid, me < 7 ? me : 7);
		cr_assert_eq(ref.t.streams_ended, 1);
		if (me == 1)
			cr_assert_eq(ref.t.streams_cut, 1, "stopped in the member");
		for (int j = 2; j <= 3; j++) {
			struct result par;
			run(path, j, me, &par);
			cr_assert_eq(par.games, ref.games, "--max-errors %ld -j %d", me, j);
			cr_assert_eq(par.invalid, ref.invalid);
			cr_assert_eq(par.report_len, ref.report_len);
			cr_assert(memcmp(par.report, ref.report, ref.report_len) == 0);
			cr_assert_eq(par.copy_len, ref.copy_len);
			cr_assert(memcmp(par.copy, ref.copy, ref.copy_len) == 0);
			cr_assert_eq(par.t.noffsets, ref.t.noffsets);
			cr_assert(par.t.bytes_before_merge);
			cr_assert_eq(par.t.streams_ended, 1);
			/* a stop in the member is told as -j 1 tells it, so an
			 * output of the whole input (--fix-results) can drop
			 * what was read ahead, a different amount for each -j */
			cr_assert_eq(par.t.streams_cut, ref.t.streams_cut);
			result_free(&par);
		}
		result_free(&ref);
	}
	unlink(path);
}
