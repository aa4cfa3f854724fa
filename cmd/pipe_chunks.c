/* vchess - the pipeline's chunk ring, and the reading of a PGN member
 * into it by the calling thread (-j N; the map at the top of pipeline.c).
 * At most 2N + 2 chunks are in flight. The reader only reads: each chunk
 * is a block of about a chunk's size cut wherever the bytes end (never
 * between CR and LF), published as it is. What needs a look at the bytes
 * is the workers': a chunk's first game start (pipe_chunk_start, a
 * candidate of formats/pgn_split.h) and its line count (pipe_chunk_line),
 * so that the reading thread is not what the run waits for when another
 * process takes a core. pipe_chunk_member reads while a slot is free, and
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

/* With the lock held: chunk lres's line set, and lres moved past every
 * chunk counted. */
static void lines_advance(struct pipeline *pl)
{
	while (pl->lres < pl->nread) {
		struct chunk *c = slot(pl, pl->lres);
		if (c->first)
			pl->lres_line = 1;
		c->line = pl->lres_line;
		if (!c->counted)
			break;
		pl->lres_line += c->nlines;
		pl->lres++;
	}
}

/* With the lock held: c's line count (one of the two halves of a job's
 * pass over its chunk, or a chunk counted for another's line). */
void pipe_chunk_counted(struct pipeline *pl, struct chunk *c, uint64_t nlines)
{
	if (!c->counted) {
		c->nlines = nlines;
		c->counted = true;
		lines_advance(pl);
	}
}

/* With the lock held (released while counting): every chunk before
 * chunk `upto` counted, so that chunk upto's line is set (upto <= nread).
 * Chunks not counted yet are counted here, each held (refs) meanwhile:
 * whoever counts one first, the count is the same. */
static void lines_resolve(struct pipeline *pl, uint64_t upto)
{
	while (pl->lres < upto) {
		struct chunk *c = slot(pl, pl->lres);
		c->refs++;
		pthread_mutex_unlock(&pl->mu);
		uint64_t n = vc_pgn_count_lines((const char *)c->buf, c->len);
		pthread_mutex_lock(&pl->mu);
		c->refs--;
		pipe_chunk_counted(pl, c, n);
	}
}

uint64_t pipe_chunk_line(struct pipeline *pl, struct chunk *c)
{
	lines_resolve(pl, c->id);
	return c->line;
}

size_t pipe_chunk_start(struct chunk *c)
{
	if (__atomic_load_n(&c->start_known, __ATOMIC_ACQUIRE))
		return __atomic_load_n(&c->start, __ATOMIC_RELAXED);
	size_t st = vc_pgn_first_start((const char *)c->pre, 3, (const char *)c->buf, c->len);
	if (st == c->len)
		st = NO_START;
	__atomic_store_n(&c->start, st, __ATOMIC_RELAXED);
	__atomic_store_n(&c->start_known, true, __ATOMIC_RELEASE);
	return st;
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
			if (c->id >= pl->lres) {
				/* its line count is the next chunks' lines (no
				 * job counted it: read by the job before it) */
				lines_resolve(pl, c->id + 1);
				continue;
			}
			pipe_chunk_recycle(c);
			break;
		}
		pipe_wait_main(pl);
	}
	pthread_mutex_unlock(&pl->mu);
	c->id = pl->nread;
	return c;
}

/* With the lock held: queue the job of chunk c (from its first game
 * start on), unless it has one. */
static void chunk_job(struct pipeline *pl, struct chunk *c)
{
	if (c->jobbed)
		return;
	pipe_job_new(pl, c, false);
	pl->st_jobs++;
}

/* Hand chunk c (filled) to the workers. A chunk's job is queued once the
 * chunk after it is read (or it is the member's last): every job reads
 * on into the next chunk to end its last game, and finds it there
 * rather than giving up. */
static void chunk_publish(struct pipeline *pl, struct chunk *c)
{
	pthread_mutex_lock(&pl->mu);
	c->used = true;
	c->refs = 0;
	c->own = NULL;
	c->jobbed = false;
	c->counted = false;
	pl->nread++;
	lines_advance(pl);
	if (!c->first) {
		struct chunk *p = slot(pl, c->id - 1);
		if (p->used && p->id == c->id - 1)
			chunk_job(pl, p);
	}
	if (c->last)
		chunk_job(pl, c);
	pthread_cond_broadcast(&pl->cv_chunk);
	pipe_flush_ready(pl);
	pthread_mutex_unlock(&pl->mu);
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
	c->off = rs->off;
	c->first = rs->first;
	memcpy(c->pre, rs->pre, 3);
	c->start = rs->first ? 0 : NO_START;
	c->start_known = rs->first;
	c->source = rs->source;
	c->member = name_ref(rs->member);
	c->last = c->read_error = false;
	if (!c->buf) {
		c->cap = ch + VC_PGN_DEFAULT_BUFFER;
		c->buf = malloc(c->cap);
		if (!c->buf)
			pipe_out_of_memory();
	}
	size_t len = rs->carry_len;
	if (rs->carry_len)
		memcpy(c->buf, rs->carry, rs->carry_len);
	while (!rs->eof && len < ch) {
		/* the sizes -j 1's reader asks for: where a zip-bomb guard
		 * stops the input depends on them; a plain file has no
		 * guard and is read up to the chunk size at once (fewer calls
		 * keep the reading thread ahead of the workers) */
		size_t want = VC_PGN_DEFAULT_BUFFER;
		if (rs->plain && len + want < ch)
			want = ch - len;
		size_t got = rs->rd(rs->ctx, (char *)c->buf + len, want);
		if (got == VC_PGN_READ_ERROR)
			rs->eof = rs->err = true;
		else if (got == 0)
			rs->eof = true;
		else
			len += got;
	}
	/* a block of the chunk size, cut anywhere but between CR and LF (a
	 * line end counted in two chunks); a CR at the end waits for the
	 * byte after it */
	size_t cut = len > ch ? ch : len;
	if (cut > 1 && c->buf[cut - 1] == '\r' && (cut < len ? c->buf[cut] == '\n' : !rs->eof))
		cut--;
	c->len = cut;
	c->last = rs->eof && cut == len;
	c->read_error = c->last && rs->err;
	/* the next chunk's place */
	rs->off += cut;
	rs->first = false;
	for (size_t i = 0; i < 3; i++) {
		size_t back = 3 - i; /* bytes before the cut */
		rs->pre[i] = back <= cut ? c->buf[cut - back] : rs->pre[i + cut];
	}
	/* the bytes after the cut: the next chunk's first (copied from
	 * here, a slot that stays while the next one is filled) */
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
	rs->first = true;
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
