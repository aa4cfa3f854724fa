/* vchess - the pipeline's chunk ring, and the reading of a PGN member
 * into it by the calling thread (-j N; the map at the top of pipeline.c).
 * At most 2N + 2 chunks are in flight; each is read about a chunk's size
 * at a time, cut at a candidate game start (formats/pgn_split.h) with the
 * lines before it counted, and published with a job when a game may
 * start there. pipe_chunk_member reads while a slot is free, and
 * otherwise writes what is ready and runs queued jobs.
 */
#include <stdlib.h>
#include <string.h>

#include "pgn_split.h"
#include "pipeline_internal.h"

/* With the lock held: give back what a written chunk holds. */
void pipe_chunk_recycle(struct chunk *c)
{
	name_unref(c->member);
	c->member = NULL;
	c->len = 0;
	c->used = false;
}

/* With the lock held: the slot of the next chunk is free (or can be). */
static bool slot_free(struct pipeline *pl)
{
	struct chunk *c = slot(pl, pl->nread);
	return !c->used || (c->id < pl->flushed && c->refs == 0);
}

/* A free slot for the next chunk: writes what it can and waits while the
 * ring is full. Returns it with the lock released, or NULL once stopped. */
static struct chunk *chunk_acquire(struct pipeline *pl)
{
	pthread_mutex_lock(&pl->mu);
	struct chunk *c;
	for (;;) {
		pipe_flush_ready(pl);
		if (pl->stopped) {
			pthread_mutex_unlock(&pl->mu);
			return NULL;
		}
		c = slot(pl, pl->nread);
		if (!c->used)
			break;
		if (c->id < pl->flushed && c->refs == 0) {
			pipe_chunk_recycle(c);
			break;
		}
		pipe_wait_main(pl);
	}
	pthread_mutex_unlock(&pl->mu);
	c->id = pl->nread;
	return c;
}

/* Hand chunk c (filled) to the workers. */
static void chunk_publish(struct pipeline *pl, struct chunk *c)
{
	pthread_mutex_lock(&pl->mu);
	c->used = true;
	c->refs = 0;
	c->own = NULL;
	pl->nread++;
	if (c->fresh) {
		pipe_job_new(pl, c, false);
		pl->st_jobs++;
	}
	pthread_cond_broadcast(&pl->cv_chunk);
	pipe_flush_ready(pl);
	pthread_mutex_unlock(&pl->mu);
}

static void chunk_head(struct chunk *c, const struct cutter *ct, const char *source,
                       struct name *member)
{
	c->off = ct->off;
	c->line = ct->line;
	c->fresh = ct->fresh;
	c->first = ct->first;
	c->source = source;
	c->member = name_ref(member);
	c->last = c->read_error = c->next_fresh = false;
}

/* The cut of b[0, avail) (more may follow unless at_end): returns the
 * chunk's length and sets *next_fresh. */
static size_t choose_cut(struct pipeline *pl, const unsigned char *b, size_t avail,
                         bool at_end, bool *next_fresh)
{
	size_t ch = pl->chunk_size;
	*next_fresh = false;
	if (at_end && avail <= ch + ch / 2)
		return avail;
	size_t to = avail < 2 * ch ? avail : 2 * ch;
	size_t cut = vc_pgn_next_cut((const char *)b, ch, to);
	if (cut < to) {
		*next_fresh = true;
		return cut;
	}
	if (at_end && avail <= 2 * ch)
		return avail;
	/* no game start in reach: a plain cut, the next job reads on */
	return vc_pgn_plain_cut((const char *)b, to);
}

static void cutter_next(struct cutter *ct, const unsigned char *b, size_t len, bool next_fresh)
{
	ct->off += len;
	ct->line += vc_pgn_count_lines((const char *)b, len);
	ct->fresh = next_fresh;
	ct->first = false;
}

/* Read and publish the next chunk of the member being read (pl->rs, which
 * is active). A read error ends the member after the chunk that ends
 * with it. */
void pipe_read_chunk(struct pipeline *pl)
{
	struct reading *rs = &pl->rs;
	size_t ch = pl->chunk_size;
	struct chunk *c = chunk_acquire(pl);
	if (!c)
		return;
	chunk_head(c, &rs->ct, rs->source, rs->member);
	if (!c->buf) {
		c->cap = 2 * ch + 1 + VC_PGN_DEFAULT_BUFFER;
		c->buf = malloc(c->cap);
		if (!c->buf)
			pipe_out_of_memory();
	}
	size_t len = rs->carry_len, scan = ch;
	if (rs->carry_len)
		memcpy(c->buf, rs->carry, rs->carry_len);
	while (!rs->eof && len < 2 * ch + 1) {
		/* the sizes -j 1's reader asks for: where a zip-bomb guard
		 * stops the input depends on them; a plain file has no
		 * guard and is read up to the chunk size at once (fewer calls
		 * keep the reading thread ahead of the workers) */
		size_t want = VC_PGN_DEFAULT_BUFFER;
		if (rs->plain && len + want < ch)
			want = ch - len;
		size_t got = rs->rd(rs->ctx, (char *)c->buf + len, want);
		if (got == VC_PGN_READ_ERROR) {
			rs->eof = rs->err = true;
		} else if (got == 0) {
			rs->eof = true;
		} else {
			len += got;
			/* enough to cut at a game start past ch? */
			if (len > ch + 4096) {
				if (vc_pgn_next_cut((const char *)c->buf, scan, len) < len)
					break;
				scan = len;
			}
		}
	}
	bool nf;
	size_t cut = choose_cut(pl, c->buf, len, rs->eof, &nf);
	c->len = cut;
	c->last = rs->eof && cut == len;
	c->read_error = c->last && rs->err;
	c->next_fresh = nf;
	cutter_next(&rs->ct, c->buf, cut, nf);
	rs->carry = c->buf + cut;
	rs->carry_len = len - cut;
	if (c->last)
		rs->active = false;
	chunk_publish(pl, c);
}

/* A PGN member in chunks: read while a slot is free, else write what is
 * ready and run queued jobs. Returns false, having read nothing, when
 * memory ran out. */
bool pipe_chunk_member(struct pipeline *pl, vc_pgn_read_fn rd, void *ctx, const char *source,
                       const char *member, bool plain)
{
	struct reading *rs = &pl->rs;
	memset(rs, 0, sizeof *rs);
	if (member && !(rs->member = name_new(member)))
		return false;
	rs->active = true;
	rs->rd = rd;
	rs->ctx = ctx;
	rs->source = source;
	rs->plain = plain;
	rs->ct = (struct cutter){ 0, 1, true, true };
	pthread_mutex_lock(&pl->mu);
	while (rs->active) {
		pipe_flush_ready(pl);
		if (pl->stopped)
			break;
		if (slot_free(pl)) {
			pthread_mutex_unlock(&pl->mu);
			pipe_read_chunk(pl);
			pthread_mutex_lock(&pl->mu);
		} else if (pl->qhead) {
			pl->st_helped++;
			pipe_run_one(&pl->workers[0]);
		} else {
			pipe_wait_main(pl);
		}
	}
	pthread_mutex_unlock(&pl->mu);
	rs->active = false;
	name_unref(rs->member);
	rs->member = NULL;
	return true;
}
