/* vchess - the pipeline's jobs and worker threads (the map at the top of
 * pipeline.c says what a job is). A job runs one PGN reader and checker
 * from its chunk's first game start on, reading on into the following
 * chunks until it is at rest at one of their first game starts
 * (job_read); jobs wait in a queue that the
 * worker threads (pipe_worker_main) and the calling thread (pipe_run_one)
 * take them from. Jobs whose output will not be used are cancelled
 * (pipe_job_cancel) or left to whoever finishes them (pipe_job_orphan);
 * --max-errors drops them all (pipe_stop_all).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pgn_split.h"
#include "pipeline_internal.h"

/* Free J with its segments (their command state dropped) and its
 * reference to the member name. */
void pipe_job_free(struct job *J)
{
	pipe_seg_free(J->pl, J->head);
	name_unref(J->member);
	free(J);
}

/* With the lock held: nobody but a worker still running J refers to it. */
void pipe_job_cancel(struct job *J)
{
	/* atomic: a running job looks at it without the lock */
	__atomic_store_n(&J->cancel, true, __ATOMIC_RELAXED);
	pthread_cond_broadcast(&J->pl->cv_chunk); /* it may be waiting */
}

void pipe_job_orphan(struct job *J)
{
	pipe_job_cancel(J);
	J->orphan = true;
	if (J->state == J_FINISHED)
		pipe_job_free(J);
}

/* With the lock held: --max-errors was reached; no more output, every job
 * is dropped (freed by whoever finishes it). */
void pipe_stop_all(struct pipeline *pl)
{
	struct job *ch = pl->chain;
	pl->chain = NULL;
	for (int i = 0; i < pl->nchunks; i++) {
		struct chunk *c = &pl->chunks[i];
		if (c->used && c->own && c->own != ch)
			pipe_job_orphan(c->own);
		c->own = NULL;
	}
	if (ch)
		pipe_job_orphan(ch);
	pthread_cond_broadcast(&pl->cv_chunk);
	pthread_cond_broadcast(&pl->cv_main);
}

/* The job's read callback: its chunk's bytes from its game start on,
 * then the next chunk's up to that chunk's first game start, where it
 * ends if the reader is at rest (the next job goes on from there, as
 * -j 1's reader would), else reads on over it (the next job, which
 * started there, is wrong: cancelled), and so on. */
static size_t job_read(void *ctx, const char **data)
{
	struct job *J = ctx;
	struct pipeline *pl = J->pl;
	for (;;) {
		struct chunk *c = J->c;
		size_t end = J->stop < c->len ? J->stop : c->len;
		if (J->pos < end) {
			if (__atomic_load_n(&J->cancel, __ATOMIC_RELAXED))
				return 0; /* its output is thrown away */
			/* lent where they are, in pieces so that a cancel is
			 * seen soon */
			size_t k = end - J->pos < LEND_MAX ? end - J->pos : LEND_MAX;
			*data = (const char *)c->buf + J->pos;
			J->pos += k;
			return k;
		}
		if (J->pos == J->stop) {
			J->stop = NO_START;
			if (vc_pgn_reader_at_rest(J->rd)) {
				/* the end of input ends the open game as the
				 * game start would, its share of the input too */
				vc_pgn_reader_cut(J->rd);
				J->mid = true;
				return 0;
			}
			/* inside a game, a comment, a variation: the job that
			 * started here read what is not a game start */
			pthread_mutex_lock(&pl->mu);
			if (c->own && c->own != J && !c->own->chain)
				pipe_job_cancel(c->own);
			/* none to be made either (the writer makes one if this
			 * job turns out to be wrong itself) */
			c->jobbed = true;
			pthread_mutex_unlock(&pl->mu);
			continue;
		}
		if (c->last) {
			if (!c->read_error)
				return 0;
			J->saw_error = true;
			return VC_PGN_READ_ERROR;
		}
		/* read on into the next chunk */
		struct worker *w = J->w;
		pthread_mutex_lock(&pl->mu);
		for (;;) {
			if (J->cancel) {
				pthread_mutex_unlock(&pl->mu);
				return 0;
			}
			if (c->id + 1 < pl->nread)
				break;
			if (!J->chain) {
				/* give up rather than wait: the chunk may be far off
				 * and this job not needed; it is started again if it
				 * is */
				pipe_job_cancel(J);
				pl->st_giveup++;
				pthread_mutex_unlock(&pl->mu);
				return 0;
			}
			if (w->main) {
				/* the reader is this thread: read it now */
				pthread_mutex_unlock(&pl->mu);
				pipe_read_chunk(pl);
				pthread_mutex_lock(&pl->mu);
				continue;
			}
			pthread_cond_wait(&pl->cv_chunk, &pl->mu);
		}
		struct chunk *nx = slot(pl, c->id + 1);
		nx->refs++;
		c->refs--;
		pl->st_extend++;
		pthread_mutex_unlock(&pl->mu);
		pipe_seg_finish(w);
		size_t stop = pipe_chunk_start(nx);
		pthread_mutex_lock(&pl->mu);
		pipe_seg_done(J, true);
		pipe_seg_open(w, J);
		J->c = nx;
		J->pos = 0;
		J->stop = stop;
		pthread_cond_broadcast(&pl->cv_main);
		pthread_mutex_unlock(&pl->mu);
	}
}

/* Check J's games from its start (PGN byte offset OFFSET of the input, on
 * line LINE) with worker W's checker, reading through BORROW (ctx J), then
 * finish W's output segment: the part every kind of job shares
 * (pipeline_internal.h). */
void pipe_check_games(struct worker *w, struct job *J, vc_pgn_borrow_fn borrow,
                      const char *source, const char *member, uint64_t offset,
                      uint64_t line)
{
	struct vc_pgn_visitor vis;
	vc_checker_visitor(&w->chk, &vis, source, member);
	struct vc_pgn_options po;
	memset(&po, 0, sizeof po);
	po.keep_raw = w->pl->keep_raw;
	po.comment_marker = '%'; /* as vc_checker_run: clocks only */
	po.start_offset = offset;
	po.start_line = line;
	struct vc_pgn_reader rd;
	if (vc_pgn_reader_init_borrow(&rd, borrow, J, &vis, &po) != 0)
		pipe_out_of_memory();
	J->rd = &rd;
	w->rd = &rd;
	vc_pgn_read(&rd);
	w->rd = NULL;
	vc_pgn_reader_release(&rd);
	J->rd = NULL;
	pipe_seg_finish(w);
}

static void run_job(struct worker *w, struct job *J)
{
	struct pipeline *pl = w->pl;
	struct chunk *c = J->c;
	/* where its first game starts, and the chunk's line ends (before
	 * and after that point: one pass), the count for the jobs after */
	size_t st = pipe_chunk_start(c);
	size_t at = st == NO_START ? c->len : st;
	uint64_t before = vc_pgn_count_lines((const char *)c->buf, at);
	uint64_t after = vc_pgn_count_lines((const char *)c->buf + at, c->len - at);
	pthread_mutex_lock(&pl->mu);
	pipe_chunk_counted(pl, c, before + after);
	uint64_t line = st == NO_START ? 0 : pipe_chunk_line(pl, c) + before;
	pthread_mutex_unlock(&pl->mu);
	if (st == NO_START) {
		/* no game starts in it: read by the job before it */
		pipe_seg_finish(w);
		return;
	}
	J->pos = st;
	J->stop = NO_START;
	pipe_check_games(w, J, job_read, c->source, name_str(J->member),
	                 c->off + st, line);
}

/* With the lock held (released while the job runs): run the job at the
 * head of the queue in worker w. */
void pipe_run_one(struct worker *w)
{
	struct pipeline *pl = w->pl;
	struct job *J = pl->qhead;
	pl->qhead = J->qnext;
	if (!pl->qhead)
		pl->qtail = NULL;
	J->qnext = NULL;
	if (J->cancel) {
		J->state = J_FINISHED;
		if (J->orphan)
			pipe_job_free(J);
		pthread_cond_broadcast(&pl->cv_main);
		return;
	}
	J->state = J_RUNNING;
	J->w = w;
	w->job = J;
	J->c = slot(pl, J->start);
	if (!J->c->used || J->c->id != J->start)
		abort(); /* never: a job's chunk lives until it is cancelled */
	J->c->refs++;
	J->pos = 0;
	J->member = name_ref(J->c->member);
	pipe_seg_open(w, J);
	pthread_mutex_unlock(&pl->mu);
	run_job(w, J);
	pthread_mutex_lock(&pl->mu);
	/* its last segment ends at its chunk's end, the member's, or at a
	 * game start inside a chunk (J->mid: the next job's output goes on
	 * in that chunk) */
	pipe_seg_done(J, !J->mid);
	w->job = NULL;
	J->c->refs--;
	J->state = J_FINISHED;
	if (J->orphan)
		pipe_job_free(J);
	pthread_cond_broadcast(&pl->cv_main);
}

void *pipe_worker_main(void *arg)
{
	struct worker *w = arg;
	struct pipeline *pl = w->pl;
	pthread_mutex_lock(&pl->mu);
	for (;;) {
		if (pipe_pr_work(w))
			continue; /* a block of a plain file (pipe_pread.c) */
		if (pl->qhead) {
			pipe_run_one(w);
			continue;
		}
		if (pl->quit)
			break;
		pthread_cond_wait(&pl->cv_work, &pl->mu);
	}
	pthread_mutex_unlock(&pl->mu);
	struct timespec ts; /* VCHESS_PAR_DEBUG: the thread's CPU time */
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	w->cpu = (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
	return NULL;
}

/* With the lock held: queue a job starting at chunk c. */
struct job *pipe_job_new(struct pipeline *pl, struct chunk *c, bool front)
{
	struct job *J = calloc(1, sizeof *J);
	if (!J)
		pipe_out_of_memory();
	J->pl = pl;
	J->start = c->id;
	J->state = J_QUEUED;
	c->own = J;
	c->jobbed = true;
	if (front) {
		J->qnext = pl->qhead;
		pl->qhead = J;
		if (!pl->qtail)
			pl->qtail = J;
	} else {
		if (pl->qtail)
			pl->qtail->qnext = J;
		else
			pl->qhead = J;
		pl->qtail = J;
	}
	pthread_cond_signal(&pl->cv_work);
	return J;
}
