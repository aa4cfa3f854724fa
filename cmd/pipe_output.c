/* vchess - the pipeline's output, in input order (the REPORT WRITER of
 * the map at the top of pipeline.c). Under -j N each job writes into
 * segments: buffers of its own behind stdio streams (fopencookie), from a
 * pool, since segments come and go by the thousand. The calling thread
 * writes the chain's segments out in order (pipe_flush_ready): game
 * numbers renumbered, counts and the command's state merged, the copies
 * and notes, --max-errors' stop; pipe_drain waits for everything read to
 * be written, running queued jobs meanwhile.
 */
#define _GNU_SOURCE /* fopencookie */
#include <stdlib.h>
#include <string.h>

#include "pipeline_internal.h"

#define POOL_KEEP_MAX ((size_t)8 << 20)

static pthread_mutex_t pool_mu = PTHREAD_MUTEX_INITIALIZER;
static struct gbuf *pool;

struct gbuf *pipe_gbuf_get(void)
{
	pthread_mutex_lock(&pool_mu);
	struct gbuf *g = pool;
	if (g)
		pool = g->next;
	pthread_mutex_unlock(&pool_mu);
	if (!g && !(g = calloc(1, sizeof *g)))
		pipe_out_of_memory();
	g->len = 0;
	g->next = NULL;
	return g;
}

static void gbuf_put(struct gbuf *g)
{
	if (!g)
		return;
	if (g->cap > POOL_KEEP_MAX) {
		free(g->p);
		g->p = NULL;
		g->cap = 0;
	}
	pthread_mutex_lock(&pool_mu);
	g->next = pool;
	pool = g;
	pthread_mutex_unlock(&pool_mu);
}

void pipe_pool_release(void)
{
	while (pool) {
		struct gbuf *g = pool;
		pool = g->next;
		free(g->p);
		free(g);
	}
}

static ssize_t gbuf_write(void *ctx, const char *b, size_t n)
{
	struct gbuf *g = ctx;
	if (n > g->cap - g->len) {
		size_t cap = g->cap ? 2 * g->cap : 65536;
		while (cap - g->len < n)
			cap *= 2;
		char *p = realloc(g->p, cap);
		if (!p)
			pipe_out_of_memory();
		g->p = p;
		g->cap = cap;
	}
	memcpy(g->p + g->len, b, n);
	g->len += n;
	return (ssize_t)n;
}

/* Only where the stream is: ftell, for the game number marks. */
static int gbuf_seek(void *ctx, off64_t *off, int whence)
{
	struct gbuf *g = ctx;
	if ((whence == SEEK_CUR || whence == SEEK_END) ? *off == 0 : (uint64_t)*off == g->len) {
		*off = (off64_t)g->len;
		return 0;
	}
	return -1;
}

FILE *pipe_gbuf_open(struct gbuf *g)
{
	cookie_io_functions_t io = { NULL, gbuf_write, gbuf_seek, NULL };
	FILE *f = fopencookie(g, "w", io);
	if (!f)
		pipe_out_of_memory();
	return f;
}

void pipe_seg_free(struct pipeline *pl, struct seg *s)
{
	while (s) {
		struct seg *n = s->next;
		gbuf_put(s->out);
		for (int k = 0; k < VC_PIPE_MAX_COPIES; k++)
			gbuf_put(s->copy[k]);
		gbuf_put(s->note);
		free(s->marks.v);
		free(s->note_marks.v);
		free(s->recs);
		free(s->drecs);
		free(s->dbuf);
		if (s->state)
			pl->cmd->merge(pl->cmd->ctx, s->state, false);
		free(s);
		s = n;
	}
}

/* Called with the lock held: a new segment for w's job. */
void pipe_seg_open(struct worker *w, struct job *J)
{
	struct pipeline *pl = J->pl;
	struct seg *s = calloc(1, sizeof *s);
	if (!s)
		pipe_out_of_memory();
	s->out = pipe_gbuf_get();
	s->fo = pipe_gbuf_open(s->out);
	for (int k = 0; k < pl->p->ncopies; k++)
		if (pl->p->copies[k])
			s->fc[k] = pipe_gbuf_open(s->copy[k] = pipe_gbuf_get());
	if (J->tail)
		J->tail->next = s;
	else
		J->head = s;
	J->tail = s;
	w->seg = s;
	w->rep.out = s->fo;
	w->rep.marks = &s->marks;
	w->rep.games = w->rep.valid = w->rep.invalid = 0;
	w->rep.skipped = w->rep.positions = 0;
	w->rep.warnings = w->rep.errors = 0;
	w->rep.ncodes = 0;
	memset(w->rep.code_count, 0, sizeof w->rep.code_count);
	if (pl->json) {
		w->rep.json = pl->json_more;
		w->rep.json.fp = s->fo;
	}
	w->out.rep = &w->rep;
	for (int k = 0; k < VC_PIPE_MAX_COPIES; k++)
		w->out.copy[k] = s->fc[k];
}

/* Finish w's segment. Streams are closed without the lock; `done` is set
 * with it held (by the caller). */
void pipe_seg_finish(struct worker *w)
{
	struct seg *s = w->seg;
	struct pipeline *pl = w->pl;
	fclose(s->fo);
	for (int k = 0; k < VC_PIPE_MAX_COPIES; k++)
		if (s->fc[k])
			fclose(s->fc[k]);
	if (s->fn)
		fclose(s->fn);
	s->fo = s->fn = NULL;
	memset(s->fc, 0, sizeof s->fc);
	s->counts = w->rep;
	if (pl->cmd->take)
		s->state = pl->cmd->take(w->wctx);
	s->saw_error = w->job->saw_error;
	s->bytes = seg_len(s);
	w->rep.out = NULL;
	w->rep.marks = NULL;
	w->seg = NULL;
}

/* With the lock held: J's last segment is finished (pipe_seg_finish). */
void pipe_seg_done(struct job *J, bool chunk_end)
{
	J->tail->done = true;
	J->tail->chunk_end = chunk_end;
	J->held += J->tail->bytes;
	pthread_cond_broadcast(&J->pl->cv_main);
}

void pipe_merge_counts(struct vc_report *into, const struct vc_report *from)
{
	into->games += from->games;
	into->valid += from->valid;
	into->invalid += from->invalid;
	into->skipped += from->skipped;
	into->positions += from->positions;
	into->warnings += from->warnings;
	into->errors += from->errors;
	for (int i = 0; i < from->ncodes; i++)
		vc_report_count_code(into, from->code_order[i], from->code_count[from->code_order[i]]);
}

/* Write b[from, to) of a segment's report output to `to`, its game
 * numbers (marks from *mi on, in offset order) increased by base. */
static void write_piece(FILE *to, const char *b, size_t from, size_t upto,
                        struct vc_report_marks *m, size_t *mi, uint64_t base)
{
	if (upto <= from)
		return;
	size_t i = *mi, n = 0;
	while (i + n < m->n && m->v[i + n].offset < upto)
		n++;
	/* the marks of the piece, made relative to it for the writer */
	for (size_t k = 0; k < n; k++)
		m->v[i + k].offset -= from;
	struct vc_report_marks part = { .v = m->v + i, .n = n, .cap = n, .failed = m->failed };
	vc_report_write_marked(to, b + from, upto - from, &part, base);
	for (size_t k = 0; k < n; k++)
		m->v[i + k].offset += from;
	*mi = i + n;
}

/* Where a piece b[from, upto) starts once joined to the stream (CI
 * formats, join not NULL: report.h vc_report_join, with the segment's
 * counts): a piece at a time, since what the points write counts too
 * (the SARIF comma of the first result goes by what the stream holds
 * when the piece comes). */
static size_t join_piece(struct pipeline *pl, const struct vc_report *join, const char *b,
                         size_t from, size_t upto)
{
	if (!join || upto <= from)
		return from;
	return from + vc_report_join(pl->rep, join, b + from, upto - from);
}

/* The report output of a segment with answers to come (cmd->decide): in
 * pieces, each game's answer asked before its output, and what depends
 * on it written at its point. shift: bytes dropped from the start of the
 * output (the JSON comma); join: the segment's counts for the CI formats'
 * joins (NULL: none). */
static void write_decided(struct pipeline *pl, struct seg *s, const char *b, size_t n,
                          size_t shift, uint64_t base, const struct vc_report *join)
{
	const struct vc_pipe_command *cmd = pl->cmd;
	FILE *to = pl->rep->out;
	size_t pos = 0, mi = 0;
	for (size_t i = 0; i < s->ndrecs; i++) {
		struct decide_rec *d = &s->drecs[i];
		size_t at = d->at > shift ? d->at - shift : 0;
		write_piece(to, b, join_piece(pl, join, b, pos, at), at, &s->marks, &mi, base);
		pos = at > pos ? at : pos;
		d->answer = cmd->decide(cmd->ctx, s->dbuf + d->data, base);
		if (d->point == SIZE_MAX)
			continue;
		size_t pt = d->point > shift ? d->point - shift : 0;
		write_piece(to, b, join_piece(pl, join, b, pos, pt), pt, &s->marks, &mi, base);
		pos = pt > pos ? pt : pos;
		cmd->write_point(cmd->ctx, s->dbuf + d->pdata, d->answer, to);
	}
	write_piece(to, b, join_piece(pl, join, b, pos, n), n, &s->marks, &mi, base);
}

void pipe_write_seg(struct pipeline *pl, struct seg *s, uint64_t base)
{
	const struct vc_pipe *p = pl->p;
	struct vc_report *rep = pl->rep;
	if (s->out->len || s->ndrecs) {
		const char *b = s->out->p;
		size_t n = s->out->len, shift = 0;
		if (pl->json) {
			/* rendered as if after another game: the first item of
			 * the document's array (a game or an input error) loses
			 * the comma */
			if (rep->games == 0 && rep->input_errors == 0 && n && b[0] == ',') {
				b++;
				n--;
				shift = 1;
				for (size_t i = 0; i < s->marks.n; i++)
					s->marks.v[i].offset--;
			}
			rep->json = pl->json_more;
			rep->json.fp = rep->out;
		} else if (!s->ndrecs) {
			/* the CI formats: what goes between segments */
			size_t skip = vc_report_join(rep, &s->counts, b, n);
			b += skip;
			n -= skip;
			for (size_t i = 0; i < s->marks.n; i++)
				s->marks.v[i].offset -= skip;
		}
		if (s->ndrecs)
			write_decided(pl, s, b, n, shift, base, pl->json ? NULL : &s->counts);
		else
			vc_report_write_marked(rep->out, b, n, &s->marks, base);
	}
	/* counted with the entries written, so that a summary written
	 * before the copies are (vc_cli_fatal) counts them */
	pipe_merge_counts(rep, &s->counts);
	size_t at[VC_PIPE_MAX_COPIES] = { 0 }; /* of each copy buffer, written */
	for (int k = 0; k < p->ncopies; k++) {
		struct gbuf *g = s->copy[k];
		if (g && g->len && p->copy_sep[k] && !pl->copy_any[k]) {
			at[k] = strlen(p->copy_sep[k]); /* the stream's first item */
			if (at[k] > g->len)
				at[k] = g->len;
		}
	}
	/* the games' shares of the input, each after what its copy held
	 * before it */
	for (size_t i = 0; i < s->nrecs; i++) {
		const struct copy_rec *cr = &s->recs[i];
		FILE *f = NULL;
		if (cr->k >= 0) {
			struct gbuf *g = s->copy[cr->k];
			f = p->copies[cr->k];
			if (cr->at > at[cr->k]) {
				fwrite(g->p + at[cr->k], 1, cr->at - at[cr->k], f);
				at[cr->k] = cr->at;
			}
			pl->copy_any[cr->k] = true;
		}
		/* answered by write_decided above (see vc_pipe_command decide) */
		if (cr->d >= 0 && s->drecs[cr->d].answer > 0 && p->decided_copy_on)
			f = p->copies[p->decided_copy];
		pipe_copy_emit(&pl->copier, f, cr->end, cr->term);
	}
	for (int k = 0; k < p->ncopies; k++) {
		struct gbuf *g = s->copy[k];
		if (!g || g->len <= at[k])
			continue;
		pl->copy_any[k] = true;
		fwrite(g->p + at[k], 1, g->len - at[k], p->copies[k]);
	}
	if (s->note && s->note->len)
		vc_report_write_marked(stderr, s->note->p, s->note->len, &s->note_marks, base);
	vc_cli_check_output(rep->out);
	for (int k = 0; k < p->ncopies; k++)
		vc_cli_check_output(p->copies[k]); /* may be standard output */
	if (s->state) {
		pl->cmd->merge(pl->cmd->ctx, s->state, true);
		s->state = NULL;
	}
	if (s->failed && ++pl->fails >= pl->max_errors) {
		pl->stopped = true;
		pl->stop_saw_error = s->saw_error;
	}
	if (pl->progress)
		pipe_progress(pl, false);
}

/* With the lock held: the run stopped (--max-errors, a signal); no job's
 * output is wanted any more. */
static void stop_writing(struct pipeline *pl)
{
	pipe_stop_all(pl);
	if (pl->stream_open) {
		/* as -j 1 ends the member it stopped in */
		pl->stream_open = false;
		pthread_mutex_unlock(&pl->mu);
		vc_cli_output_hold();
		pipe_stream_end(pl, false);
		vc_cli_output_release();
		pthread_mutex_lock(&pl->mu);
	}
}

/* With the lock held (released while writing): write every segment of the
 * chain that is done, in order; none once a signal came. */
void pipe_flush_ready(struct pipeline *pl)
{
	while (!pl->stopped && pl->flushed < pl->nread) {
		if (pipe_interrupted(pl)) {
			stop_writing(pl);
			return;
		}
		struct chunk *c = slot(pl, pl->flushed);
		struct job *J = pl->chain;
		if (!J) {
			/* a fresh reader starts here */
			if (c->first)
				pl->member_games = 0;
			J = c->own;
			if (!J || J->cancel) {
				if (J)
					pipe_job_orphan(J);
				J = pipe_job_new(pl, c, true);
				pl->st_restart++;
			}
			J->chain = true;
			pl->chain = J;
			pl->chain_base = pl->member_games;
			pthread_cond_broadcast(&pl->cv_chunk);
		}
		struct seg *s = J->head;
		if (!s || !s->done)
			return;
		if (pl->streamed == pl->flushed && (pl->cmd->stream_bytes || pl->copy_input)) {
			/* the chunk's bytes before the games that end in it */
			pl->streamed++;
			pthread_mutex_unlock(&pl->mu);
			vc_cli_output_hold();
			if (c->first)
				pipe_stream_begin(pl, c->source, name_str(c->member));
			pl->stream_open = true;
			pipe_stream_bytes(pl, (const char *)c->buf, c->len);
			vc_cli_output_release();
			pthread_mutex_lock(&pl->mu);
		}
		bool chunk_end = s->chunk_end;
		bool over = pipe_write_head(pl, J);
		if (pl->stopped) {
			stop_writing(pl);
			return;
		}
		if (!chunk_end) {
			/* more of this chunk's output to come: J's, or, when J
			 * ended at a game start inside the chunk, the output of
			 * the job that starts there (c->own) */
			if (over) {
				pl->chain = NULL;
				pipe_job_free(J);
			}
			continue;
		}
		if (c->own && c->own != J)
			pipe_job_orphan(c->own);
		c->own = NULL;
		pl->flushed++;
		if (c->last && pl->stream_open) {
			pl->stream_open = false;
			pthread_mutex_unlock(&pl->mu);
			vc_cli_output_hold();
			pipe_stream_end(pl, true);
			vc_cli_output_release();
			pthread_mutex_lock(&pl->mu);
		}
		if (over) {
			pl->chain = NULL;
			pipe_job_free(J);
		}
	}
}

bool pipe_write_head(struct pipeline *pl, struct job *J)
{
	struct seg *s = J->head;
	J->head = s->next;
	if (!J->head)
		J->tail = NULL;
	s->next = NULL;
	bool over = J->state == J_FINISHED && !J->head;
	J->held -= s->bytes;
	pthread_mutex_unlock(&pl->mu);
	vc_cli_output_hold();
	pipe_write_seg(pl, s, pl->chain_base);
	vc_cli_output_release();
	pl->member_games += s->counts.games;
	pipe_seg_free(pl, s);
	pthread_mutex_lock(&pl->mu);
	pthread_cond_broadcast(&pl->cv_chunk); /* a job may wait for this */
	return over;
}

/* Wait until everything read is written (or --max-errors stopped it),
 * running queued jobs meanwhile. */
void pipe_drain(struct pipeline *pl)
{
	if (pl->direct)
		return;
	pthread_mutex_lock(&pl->mu);
	for (;;) {
		pipe_flush_ready(pl);
		if (pl->flushed == pl->nread || pl->stopped)
			break;
		if (pl->qhead) {
			pl->st_helped++;
			pipe_run_one(&pl->workers[0]);
			continue;
		}
		pipe_wait_main(pl);
	}
	pthread_mutex_unlock(&pl->mu);
}
