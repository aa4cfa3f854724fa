/* vchess - the pipeline's side of the command interface (pipeline.h):
 * where a command's on_game writes (the final streams under -j 1 and for
 * EPD, the job's segment under -j N), its copies (vc_pipe_copy_game,
 * vc_pipe_copy_item), and every worker's checker on_game, which calls
 * the command's, merges its state at once under -j 1, and under -j N ends
 * the segment when it is big enough or when --max-errors may stop after
 * the game.
 */
#include <stddef.h>

#include "pipeline_internal.h"

/* Record a game's share for the segment's writer (-j N): after what
 * copy k holds so far, or to none (k < 0). */
static void seg_copy_rec(struct worker *w, int k)
{
	struct seg *s = w->seg;
	if (s->nrecs == s->caprecs) {
		size_t cap = s->caprecs ? 2 * s->caprecs : 16;
		struct copy_rec *v = realloc(s->recs, cap * sizeof *v);
		if (!v)
			pipe_out_of_memory();
		s->recs = v;
		s->caprecs = cap;
	}
	size_t at = 0;
	if (k >= 0) {
		fflush(s->fc[k]); /* the cookie stream's buffer into s->copy[k] */
		at = s->copy[k]->len;
	}
	long d = w->decided ? (long)s->ndrecs - 1 : -1;
	s->recs[s->nrecs++] = (struct copy_rec){ k, at, w->copy_end, w->copy_term, d };
}

/* The segment's data of answers to come: n bytes of p, at the returned
 * offset of s->dbuf. */
static size_t seg_data(struct seg *s, const void *p, size_t n)
{
	/* each piece aligned as malloc aligns: the command reads it back as
	 * its own struct */
	const size_t align = _Alignof(max_align_t);
	size_t at = (s->dlen + align - 1) / align * align;
	if (at > s->dcap || n > s->dcap - at) {
		size_t cap = s->dcap ? 2 * s->dcap : 4096;
		while (cap < at || cap - at < n)
			cap *= 2;
		char *b = realloc(s->dbuf, cap);
		if (!b)
			pipe_out_of_memory();
		s->dbuf = b;
		s->dcap = cap;
	}
	if (n)
		memcpy(s->dbuf + at, p, n);
	s->dlen = at + n;
	return at;
}

int vc_pipe_decide(struct vc_pipe_out *o, const void *data, size_t len)
{
	struct worker *w = o->priv;
	struct pipeline *pl = w->pl;
	bool again = w->decided;
	w->decided = true;
	if (w->direct) {
		/* in input order already, and nothing of the game written; a
		 * shard run renders each game once per format (pipe_shard.c):
		 * asked again for the same game, the first answer stands */
		if (!again)
			w->answer = pl->cmd->decide(pl->cmd->ctx, data, 0);
		return w->answer;
	}
	struct seg *s = w->seg;
	if (s->ndrecs == s->capdrecs) {
		size_t cap = s->capdrecs ? 2 * s->capdrecs : 16;
		struct decide_rec *v = realloc(s->drecs, cap * sizeof *v);
		if (!v)
			pipe_out_of_memory();
		s->drecs = v;
		s->capdrecs = cap;
	}
	fflush(s->fo);
	struct decide_rec *d = &s->drecs[s->ndrecs++];
	*d = (struct decide_rec){ .at = s->out->len, .point = SIZE_MAX, .len = len };
	d->data = seg_data(s, data, len);
	w->answer = VC_PIPE_LATER;
	return w->answer;
}

void vc_pipe_point(struct vc_pipe_out *o, const void *point, size_t len)
{
	struct worker *w = o->priv;
	struct pipeline *pl = w->pl;
	if (!w->decided)
		return;
	if (w->direct) {
		pl->cmd->write_point(pl->cmd->ctx, point, w->answer, o->rep->out);
		return;
	}
	struct seg *s = w->seg;
	struct decide_rec *d = &s->drecs[s->ndrecs - 1];
	fflush(s->fo);
	d->point = s->out->len;
	d->plen = len;
	d->pdata = seg_data(s, point, len);
}

void vc_pipe_copy_game(struct vc_pipe_out *o, int k, const struct vc_gc_game *g)
{
	(void)g;
	struct worker *w = o->priv;
	if (!w->pl->copy_input || w->copy_taken)
		return;
	w->copy_taken = true;
	FILE *f = o->copy[k];
	if (w->direct) {
		/* the answer is known (-j 1): see vc_pipe_command decide */
		const struct vc_pipe *p = w->pl->p;
		if (w->decided && w->answer > 0 && p->decided_copy_on)
			f = o->copy[p->decided_copy];
		pipe_copy_emit(&w->pl->copier, f, w->copy_end, w->copy_term);
		if (f && o->rep->after_write)
			o->rep->after_write(f); /* --valid-out -: a closed pipe */
	} else
		seg_copy_rec(w, f ? k : -1);
}

void vc_pipe_copy_item(struct vc_pipe_out *o, int k)
{
	FILE *f = o->copy[k];
	struct worker *w = o->priv;
	struct pipeline *pl = w->pl;
	const char *sep = pl->p->copy_sep[k];
	if (!f || !sep)
		return;
	/* chunked: always, and the writer drops the stream's first */
	if (!w->direct || pl->copy_any[k])
		fputs(sep, f);
	if (w->direct)
		pl->copy_any[k] = true;
}

int pipe_worker_on_game(void *user, const struct vc_gc_game *g)
{
	struct worker *w = user;
	struct pipeline *pl = w->pl;
	/* -j 1: a signal stops the run before this game's output (it may
	 * be a game cut short by the end of standard input the signal
	 * caused) */
	if (w->direct && pipe_interrupted(pl))
		return 1; /* the checker stops */
	w->out.rep->position = w->epd != NULL; /* "position N" in text */
	if (pl->copy_input) {
		/* where g's share of the input ends (vc_pipe_copy_game) */
		const struct vc_pgn_game *pg = w->rd ? vc_pgn_reader_game(w->rd) : NULL;
		w->copy_term = pipe_copy_term(pg, g->declared);
		if (pg)
			w->copy_end = pg->copy_end;
		else if (w->epd)
			/* a position line: its line end (none after the last
			 * line of a stream without one) */
			w->copy_end = w->epd->offset + w->epd->full + !w->epd->finished;
		w->copy_taken = false;
		/* in the record: a PGN game's (a position line's share does
		 * not take the bytes after the stream's last line) */
		w->out.rep->with_copy_end = pg != NULL;
		w->out.rep->copy_end = w->copy_end;
	}
	w->decided = false;
	if (pl->shard) {
		/* a shard run (pipe_shard.c): one thread, every format */
		int stop = pipe_shard_on_game(w, g);
		if (pl->copy_input && !w->copy_taken) {
			w->copy_taken = true;
			pipe_copy_emit(&pl->copier, NULL, w->copy_end, w->copy_term);
		}
		if (pl->progress)
			pipe_progress(pl, false);
		return stop;
	}
	int r = pl->cmd->on_game(w->wctx, &w->out, g);
	if (pl->copy_input && !w->copy_taken) {
		/* not copied: its share goes nowhere */
		w->copy_taken = true;
		if (w->direct)
			pipe_copy_emit(&pl->copier, NULL, w->copy_end, w->copy_term);
		else
			seg_copy_rec(w, -1);
	}
	bool failed = (r & VC_PIPE_FAILED) && pl->max_errors > 0;
	if (w->direct) {
		if (pl->cmd->take) {
			void *st = pl->cmd->take(w->wctx);
			if (st)
				pl->cmd->merge(pl->cmd->ctx, st, true);
		}
		if (pl->progress)
			pipe_progress(pl, false);
		if (failed && ++pl->fails >= pl->max_errors) {
			/* whatever this member's reader met is reported */
			pl->stopped = pl->stop_saw_error = true;
			return 1; /* the checker stops */
		}
		return 0;
	}
	struct seg *s = w->seg;
	if (!failed && seg_len(s) < pl->seg_split)
		return 0;
	/* a segment ends here: its output is big enough to be written, or the
	 * writer may have to stop after this game */
	struct job *J = w->job;
	s->failed = failed;
	if (J->ps) {
		pipe_pr_seg_end(w, J); /* a block job of a plain file */
		return 0;
	}
	pipe_seg_finish(w);
	pthread_mutex_lock(&pl->mu);
	pipe_seg_done(J, false);
	pipe_seg_open(w, J);
	/* the chain's job too: when the output is written slower than it is
	 * made (a slow pipe), what waits for the writer stays bounded */
	while (!J->cancel && J->held > pl->job_hold_max) {
		if (w->main) {
			/* the writer is this thread */
			if (!J->chain) {
				pipe_job_cancel(J);
				pl->st_giveup++;
				break;
			}
			pipe_flush_ready(pl);
			break;
		}
		if (!J->chain && pl->chain && pl->chain->state == J_QUEUED) {
			/* the chain's job waits for a thread: give this one
			 * up (it is started again when its turn comes) */
			pipe_job_cancel(J);
			pl->st_giveup++;
			break;
		}
		pthread_cond_wait(&pl->cv_chunk, &pl->mu);
	}
	pthread_mutex_unlock(&pl->mu);
	return 0;
}
