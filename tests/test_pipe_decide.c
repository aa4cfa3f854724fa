/* Tests of the pipeline's decide and write_point hooks (cmd/pipeline.h,
 * what validate --duplicates stands on): decide is asked once for every
 * game whose output is written, in input order, with its number in its
 * file; write_point writes at the place on_game marked, right after its
 * game's answer; a game with a non-zero answer goes to the decided copy;
 * and all of it is the same for -j 1, 2 and 3 with chunks that cut the
 * input everywhere. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../cmd/pipeline.h"

struct answers {
	uint64_t asked[256]; /* the game numbers decide saw, in order */
	int nasked;
	uint64_t last;       /* the game decide answered last */
	int points;
};

/* The answer needs every game before: every third game, counted over the
 * run in input order. */
static int decide(void *ctx, const void *data, uint64_t base)
{
	struct answers *a = ctx;
	uint64_t index;
	memcpy(&index, data, sizeof index);
	index += base;
	cr_assert_lt(a->nasked, 256);
	a->asked[a->nasked++] = index;
	a->last = index;
	return a->nasked % 3 == 0;
}

static void write_point(void *ctx, const void *point, int answer, FILE *out)
{
	struct answers *a = ctx;
	cr_assert_str_eq(point, "here");
	a->points++;
	fprintf(out, "[game %llu: %s]", (unsigned long long)a->last, answer ? "third" : "-");
}

static int on_game(void *wctx, struct vc_pipe_out *o, const struct vc_gc_game *g)
{
	(void)wctx;
	uint64_t index = g->index;
	vc_pipe_decide(o, &index, sizeof index);
	vc_pipe_copy_game(o, 0, g);
	fputs("game ", o->rep->out);
	vc_report_put_index(o->rep->marks, o->rep->out, g->index);
	fputs(" ", o->rep->out);
	vc_pipe_point(o, "here", 5);
	fputs("\n", o->rep->out);
	/* counted (quiet: nothing written): the writer numbers the games of
	 * -j N's parts by the counts */
	vc_report_game(o->rep, g, NULL, NULL);
	return 0;
}

static char *slurp(FILE *f)
{
	fflush(f);
	long n = ftell(f);
	rewind(f);
	char *b = calloc(1, (size_t)n + 1);
	cr_assert_eq(fread(b, 1, (size_t)n, f), (size_t)n);
	return b;
}

struct out {
	char *report, *copy0, *copy1;
	struct answers a;
};

static void run(const char *path, int jobs, struct out *r)
{
	memset(r, 0, sizeof *r);
	struct vc_cli_opts opts;
	memset(&opts, 0, sizeof opts);
	opts.format = VC_FORMAT_TEXT;
	opts.jobs = jobs;
	opts.quiet = true;
	FILE *out = tmpfile(), *c0 = tmpfile(), *c1 = tmpfile();
	cr_assert(out && c0 && c1);
	struct vc_report rep;
	vc_cli_report_init(&rep, out, &opts, "test", false);
	struct vc_gc_options go = { 0 };
	const struct vc_pipe_command cmd = {
		.ctx = &r->a, .on_game = on_game, .decide = decide, .write_point = write_point,
	};
	const struct vc_pipe p = {
		.cmd = &cmd, .gc = &go, .opts = &opts, .rep = &rep,
		.ncopies = 2, .copies = { c0, c1 }, .copy_input = true,
		.decided_copy_on = true, .decided_copy = 1,
	};
	char *paths[] = { (char *)path };
	cr_assert_eq(vc_pipe_run(&p, paths, 1), VC_EXIT_OK);
	r->report = slurp(out);
	r->copy0 = slurp(c0);
	r->copy1 = slurp(c1);
	fclose(out);
	fclose(c0);
	fclose(c1);
}

Test(pipe_decide, input_order_for_every_j)
{
	char path[] = "/tmp/vchess-test-decide-XXXXXX";
	int fd = mkstemp(path);
	cr_assert(fd >= 0);
	FILE *f = fdopen(fd, "w");
	for (int i = 0; i < 60; i++)
		fprintf(f, "[Event \"g%d\"]\n[Result \"*\"]\n\n1. e4 {c\n\n[Event \"no\"]\n} e5 *\n\n", i);
	fclose(f);
	setenv("VCHESS_CHUNK_SIZE", "40", 1);
	struct out ref;
	run(path, 1, &ref);
	cr_assert_eq(ref.a.nasked, 60);
	cr_assert_eq(ref.a.points, 60);
	for (int i = 0; i < 60; i++)
		cr_assert_eq(ref.a.asked[i], (uint64_t)i + 1);
	cr_assert(strstr(ref.report, "game 3 [game 3: third]\ngame 4 [game 4: -]\n"), "%s",
	          ref.report);
	/* every third game in copy 1, the others in copy 0 */
	cr_assert(strstr(ref.copy1, "[Event \"g2\"]") && !strstr(ref.copy0, "[Event \"g2\"]"));
	cr_assert(strstr(ref.copy0, "[Event \"g3\"]") && !strstr(ref.copy1, "[Event \"g3\"]"));
	for (int jobs = 2; jobs <= 3; jobs++) {
		struct out par;
		run(path, jobs, &par);
		cr_assert_eq(par.a.nasked, 60, "-j %d", jobs);
		for (int i = 0; i < 60; i++)
			cr_assert_eq(par.a.asked[i], (uint64_t)i + 1, "-j %d", jobs);
		cr_assert_str_eq(par.report, ref.report, "-j %d", jobs);
		cr_assert_str_eq(par.copy0, ref.copy0, "-j %d", jobs);
		cr_assert_str_eq(par.copy1, ref.copy1, "-j %d", jobs);
		free(par.report);
		free(par.copy0);
		free(par.copy1);
	}
	unsetenv("VCHESS_CHUNK_SIZE");
	free(ref.report);
	free(ref.copy0);
	free(ref.copy1);
	unlink(path);
}
