/* vchess - plain files under -j N: every worker reads its own block of
 * the file with pread, no reading thread and no shared copy, so that N
 * threads do the work of one plus a little (a block's line count, the
 * bytes of the game that crosses its end), and nobody waits for a
 * thread that is not running (the map at the top of pipeline.c).
 *
 * The file is cut into blocks of the chunk size at fixed offsets (block k
 * is bytes [kB, (k+1)B)). A worker claims the next block, reads it (and
 * the 3 bytes before it), counts its line ends, and runs its job: one PGN
 * reader and checker from the block's first game start (formats/
 * pgn_split.h vc_pgn_first_start; the file's first block: from byte 0)
 * to the first game start of a later block where the reader is at rest,
 * reading the bytes past its block piece by piece into a buffer of its
 * own; where the reader is not at rest (the candidate lies in a comment,
 * say) the job of that block read what is not a game start: it is
 * cancelled, and this job reads on. The chain is the sequence of jobs
 * -j 1 would be: block 0's, then the job of the block where it ended,
 * and so on; the output of the others is dropped.
 *
 * Writing: whoever finishes a segment of the chain's job (or the job
 * itself) writes what is ready, in order: one thread at a time (the
 * `writing` token), the others leave their output and go on. Claims stay
 * within 4N + 24 blocks of the chain (far: a thread that lost its core
 * for some milliseconds holds nobody up), and stop while 4 blocks' worth
 * of output waits for the writer; a job whose output is not wanted yet
 * waits while it holds more than half a block's worth: memory stays flat.
 *
 * Lines: a job's first line is its block's, the sum of the blocks'
 * counts before it; a job that needs a count not published yet waits for
 * it a moment (its worker is reading the block), then counts the block
 * itself, so that a thread that lost its core holds nobody up for long.
 *
 * Used for a named regular file read as plain PGN, when nothing needs
 * the member's bytes in order (no copies of games, no --fix-results
 * stream) and not in a shard run; compressed input, standard input and
 * those keep the reading thread (pipe_chunks.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "pgn_split.h"
#include "pipeline_internal.h"

#define XPIECE ((size_t)64 << 10) /* bytes past its block a job reads at once */
#define LINE_WAIT_NS (1000 * 1000) /* waiting for another's line count */

/* Up to n bytes at off; fewer at the end of the file. *err: 0, or the
 * errno of a read that failed after the bytes returned. */
static size_t pread_full(int fd, char *buf, size_t n, uint64_t off, int *err)
{
	size_t got = 0;
	*err = 0;
	while (got < n) {
		ssize_t r = pread(fd, buf + got, n - got, (off_t)(off + got));
		if (r < 0) {
			if (errno == EINTR)
				continue;
			*err = errno ? errno : EIO;
			break;
		}
		if (r == 0)
			break;
		got += (size_t)r;
	}
	return got;
}

/* Line ends of buf[0, n), a block's bytes or the start of them, `prev`
 * the byte before them: a LF after a CR was counted with the CR. */
static uint64_t count_lines(char prev, const char *buf, size_t n)
{
	uint64_t c = vc_pgn_count_lines(buf, n);
	if (n && buf[0] == '\n' && prev == '\r')
		c--;
	return c;
}

static struct pr_slot *pr_slot(struct pr_state *pr, uint64_t id)
{
	return &pr->slots[id % (uint64_t)pr->nslots];
}

/* With the lock held: no block from `lim` on (the file ends before). */
static void pr_limit(struct pr_state *pr, uint64_t lim)
{
	if (lim < pr->limit)
		pr->limit = lim;
}

/* With the lock held: block s's line count, and lres moved on. */
static void pr_counted(struct pipeline *pl, struct pr_slot *s, uint64_t n)
{
	struct pr_state *pr = &pl->pr;
	if (s->counted)
		return;
	s->nlines = n;
	s->counted = true;
	while (pr->lres < pr->next) {
		struct pr_slot *c = pr_slot(pr, pr->lres);
		if (!c->used || c->id != pr->lres)
			break;
		c->line = pr->lres_line;
		if (!c->counted)
			break;
		pr->lres_line += c->nlines;
		pr->lres++;
	}
	if (pr->line_waiters)
		pthread_cond_broadcast(&pl->cv_lines);
}

/* With the lock held: the job of block id, if claimed, is not wanted. */
static void pr_cancel(struct pipeline *pl, uint64_t id)
{
	struct pr_state *pr = &pl->pr;
	if (id >= pr->next)
		return;
	struct pr_slot *s = pr_slot(pr, id);
	if (s->used && s->id == id)
		__atomic_store_n(&s->J.cancel, true, __ATOMIC_RELAXED);
}

/* With the lock held: the run stopped (--max-errors, a signal): every
 * job is dropped. */
static void pr_stop(struct pipeline *pl)
{
	struct pr_state *pr = &pl->pr;
	for (uint64_t id = pr->wnext; id < pr->next; id++)
		pr_cancel(pl, id);
	pipe_stop_all(pl);
	pthread_cond_broadcast(&pl->cv_chunk);
	pthread_cond_broadcast(&pl->cv_lines);
}

/* With the lock held (released while writing): write what is ready of
 * the chain, in order, unless another thread is at it (it writes what is
 * left before it lets go). */
static void pr_flush(struct pipeline *pl)
{
	struct pr_state *pr = &pl->pr;
	if (pr->writing)
		return;
	pr->writing = true;
	while (!pl->stopped && !pr->done) {
		if (pipe_interrupted(pl)) {
			pr_stop(pl);
			break;
		}
		uint64_t b = pr->wnext;
		if (b >= pr->next)
			break; /* not claimed yet */
		struct pr_slot *s = pr_slot(pr, b);
		struct job *J = &s->J;
		struct seg *sg = J->head;
		if (sg && sg->done) {
			pipe_write_head(pl, J);
			if (pl->stopped) {
				pr_stop(pl);
				break;
			}
			continue;
		}
		if (!s->finished || sg)
			break;
		/* the chain's job is over: the next is the one of the block
		 * where it ended; the jobs in between read what it read */
		if (s->cut && s->end_block > b) {
			for (uint64_t id = b + 1; id < s->end_block; id++) {
				pr_cancel(pl, id);
				pr->st_skipped++;
			}
			pr->wnext = s->end_block;
			pl->chain_base = pl->member_games;
			pthread_cond_broadcast(&pl->cv_work); /* slots free */
			continue;
		}
		/* the member's end (or its read error): the jobs after it
		 * (blocks claimed before the end was seen) are not wanted */
		pr->done = true;
		pr->saw_error = J->saw_error;
		pr->wnext = b + 1;
		for (uint64_t id = b + 1; id < pr->next; id++)
			pr_cancel(pl, id);
	}
	pr->writing = false;
	pthread_cond_broadcast(&pl->cv_main);
	pthread_cond_broadcast(&pl->cv_work);
	pthread_cond_broadcast(&pl->cv_chunk);
}

/* A worker's block buffer of n bytes (free() releases it). Where the
 * kernel allows it (Linux, transparent huge pages on madvise or always),
 * a buffer of half a megabyte or more lies on 2 MB pages: pread fills a
 * fresh buffer page by page, and a fresh page's fault is dear where the
 * memory comes from a hypervisor (~20 us on the project's Firecracker
 * machines: the two 1 MiB buffers of -j 2 were ~530 faults, ~11 ms of
 * CPU in a 0.1 s run on 274 MB, most of what -j 2 added to -j 1's work).
 * Else, or when refused, malloc's pages. */
static char *block_alloc(size_t n)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
	const size_t huge = (size_t)2 << 20;
	if (n >= huge / 4) {
		const size_t r = (n + huge - 1) & ~(huge - 1);
		char *p = aligned_alloc(huge, r);
		if (p) {
			(void)madvise(p, r, MADV_HUGEPAGE); /* a hint */
			return p;
		}
	}
#endif
	return malloc(n);
}

/* Make room for n bytes in w's xbuf. */
static void xreserve(struct worker *w, size_t n)
{
	if (n <= w->xcap)
		return;
	size_t cap = w->xcap ? w->xcap : XPIECE;
	while (cap < n)
		cap *= 2;
	char *p = realloc(w->xbuf, cap);
	if (!p)
		pipe_out_of_memory();
	w->xbuf = p;
	w->xcap = cap;
}

/* The job's borrow callback: its block from its game start on, then the
 * bytes after it up to the first game start of a later block where the
 * reader is at rest. */
static size_t pr_read(void *ctx, const char **data)
{
	struct job *J = ctx;
	struct pipeline *pl = J->pl;
	struct pr_state *pr = &pl->pr;
	struct worker *w = J->w;
	size_t B = pr->bsize;
	for (;;) {
		if (__atomic_load_n(&J->cancel, __ATOMIC_RELAXED))
			return 0; /* its output is thrown away */
		if (!J->ext) {
			if (J->pos < J->own_len) {
				size_t k = J->own_len - J->pos;
				if (k > LEND_MAX)
					k = LEND_MAX;
				*data = J->own + J->pos;
				J->pos += k;
				return k;
			}
			if (J->own_err) {
				J->saw_error = true;
				pr->err = J->own_err;
				J->ps->eof = true;
				return VC_PGN_READ_ERROR;
			}
			if (J->own_len < B) {
				J->ps->eof = true; /* the file ends in the block */
				return 0;
			}
			J->ext = true;
			J->xblock = J->ps->id + 1;
			memcpy(J->xpre, J->own + B - 3, 3);
			J->xbase = J->xlen = J->xpos = 0;
			J->xresolved = J->xeof = false;
			J->xstop = NO_START;
			continue;
		}
		if (J->xstop != NO_START && J->xpos == J->xstop) {
			J->xstop = NO_START;
			if (vc_pgn_reader_at_rest(J->rd)) {
				/* ends here as at the `[`; the job of this block
				 * goes on */
				vc_pgn_reader_cut(J->rd);
				J->ps->cut = true;
				J->ps->end_block = J->xblock;
				return 0;
			}
			/* inside a game, a comment, a variation: the job that
			 * started here read what is not a game start; dropped
			 * now if this job is the chain's (else the writer drops
			 * it, or this one, when their turn comes) */
			pthread_mutex_lock(&pl->mu);
			if (pr->wnext == J->ps->id)
				pr_cancel(pl, J->xblock);
			pthread_mutex_unlock(&pl->mu);
			continue;
		}
		size_t have = J->xbase + J->xlen;
		if (J->xpos < have) {
			size_t lim = have;
			if (J->xstop != NO_START && J->xstop < lim)
				lim = J->xstop;
			size_t k = lim - J->xpos;
			if (k > LEND_MAX)
				k = LEND_MAX;
			*data = w->xbuf + (J->xpos - J->xbase);
			J->xpos += k;
			return k;
		}
		if (J->xeof) {
			J->ps->eof = true;
			if (!J->own_err)
				return 0;
			J->saw_error = true; /* the bytes before it were read */
			pr->err = J->own_err;
			return VC_PGN_READ_ERROR;
		}
		if (have == B) {
			/* block done, no start where the reader rested: on */
			memcpy(J->xpre, J->xtail, 3);
			J->xblock++;
			J->xbase = J->xlen = J->xpos = 0;
			J->xresolved = false;
			J->xstop = NO_START;
			continue;
		}
		/* more of the block: appended while its first start is looked
		 * for (the rule reads back to the block's start), else in
		 * place of what was lent */
		if (J->xresolved) {
			J->xbase = J->xpos;
			J->xlen = 0;
		}
		size_t want = B - (J->xbase + J->xlen);
		if (want > XPIECE)
			want = XPIECE;
		xreserve(w, J->xlen + want);
		int err;
		uint64_t off = J->xblock * B + J->xbase + J->xlen;
		size_t r = pread_full(pr->fd, w->xbuf + J->xlen, want, off, &err);
		const char *nb = w->xbuf + J->xlen;
		for (size_t i = r > 3 ? r - 3 : 0; i < r; i++) {
			J->xtail[0] = J->xtail[1];
			J->xtail[1] = J->xtail[2];
			J->xtail[2] = (unsigned char)nb[i];
		}
		J->xlen += r;
		if (r < want) {
			J->xeof = true;
			pthread_mutex_lock(&pl->mu);
			uint64_t end = off + r;
			pr_limit(pr, end / B + (end % B != 0));
			pthread_mutex_unlock(&pl->mu);
		}
		if (!J->xresolved) {
			size_t s = vc_pgn_first_start((const char *)J->xpre, 3, w->xbuf, J->xlen);
			if (s < J->xlen) {
				J->xresolved = true;
				J->xstop = s;
			} else if (J->xeof || J->xlen == B) {
				J->xresolved = true; /* none in the block */
			}
		}
		if (err) {
			J->xeof = true; /* the bytes read, then the error */
			J->own_err = err;
		}
	}
}

/* Count block id's line ends for a job that cannot wait for its worker:
 * read apart, a piece at a time, into w's xbuf. */
static uint64_t pr_count_block(struct worker *w, uint64_t id)
{
	struct pr_state *pr = &w->pl->pr;
	size_t B = pr->bsize;
	xreserve(w, XPIECE + 1);
	uint64_t n = 0;
	char prev = 0;
	size_t done = 0;
	if (id) {
		/* the byte before the block: a LF after a CR is the CR's */
		int err;
		if (pread_full(pr->fd, &prev, 1, id * B - 1, &err) != 1)
			return 0;
	}
	while (done < B) {
		size_t want = B - done < XPIECE ? B - done : XPIECE;
		int err;
		size_t got = pread_full(pr->fd, w->xbuf, want, id * B + done, &err);
		n += count_lines(prev, w->xbuf, got);
		if (got)
			prev = w->xbuf[got - 1];
		done += got;
		if (got < want)
			break;
	}
	return n;
}

/* With the lock held (released meanwhile): block k's first line. */
static uint64_t pr_line(struct worker *w, struct pr_slot *s)
{
	struct pipeline *pl = w->pl;
	struct pr_state *pr = &pl->pr;
	if (pr->lres < s->id) {
		pr->st_waited++;
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += LINE_WAIT_NS;
		if (ts.tv_nsec >= 1000 * 1000 * 1000) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000 * 1000 * 1000;
		}
		pr->line_waiters++;
		while (pr->lres < s->id && !s->J.cancel &&
		       pthread_cond_timedwait(&pl->cv_lines, &pl->mu, &ts) != ETIMEDOUT)
			;
		pr->line_waiters--;
	}
	while (pr->lres < s->id && !s->J.cancel) {
		/* its worker is slow to count it (it may have lost its
		 * core): counted here */
		uint64_t id = pr->lres;
		pr->st_helped++;
		pthread_mutex_unlock(&pl->mu);
		uint64_t n = pr_count_block(w, id);
		pthread_mutex_lock(&pl->mu);
		pr_counted(pl, pr_slot(pr, id), n);
	}
	return s->line;
}

/* Run the job of block slot s in worker w. */
static void pr_run(struct worker *w, struct pr_slot *s)
{
	struct pipeline *pl = w->pl;
	struct pr_state *pr = &pl->pr;
	struct job *J = &s->J;
	size_t B = pr->bsize;
	uint64_t k = s->id;
	/* the block, and the 3 bytes before it (a blank line that ends
	 * there makes a `[` at its start a game start) */
	size_t pre = k ? 3 : 0;
	int err;
	size_t n = pread_full(pr->fd, w->pbuf + 3 - pre, B + pre, k * B - pre, &err);
	const char *own = w->pbuf + 3;
	size_t len = n > pre ? n - pre : 0;
	bool short_read = len < B;
	char prev = k && n >= 3 ? w->pbuf[2] : 0;
	uint64_t nl = count_lines(prev, own, len);
	pthread_mutex_lock(&pl->mu);
	if (short_read)
		pr_limit(pr, k + 1);
	pr_counted(pl, s, nl);
	if (J->cancel || (len == 0 && k > 0)) {
		pthread_mutex_unlock(&pl->mu);
		return;
	}
	size_t st = k ? vc_pgn_first_start(w->pbuf, 3, own, len) : 0;
	if (k && st == len) {
		/* no game starts in it: read by the job before it */
		pthread_mutex_unlock(&pl->mu);
		return;
	}
	uint64_t line = pr_line(w, s);
	if (J->cancel) {
		pthread_mutex_unlock(&pl->mu);
		return;
	}
	pipe_seg_open(w, J);
	pthread_mutex_unlock(&pl->mu);
	line += count_lines(prev, own, st);
	J->own = own;
	J->own_len = len;
	J->own_err = short_read ? err : 0;
	J->pos = st;
	J->ext = false;
	pipe_check_games(w, J, pr_read, pr->source, NULL, k * B + st, line);
	pthread_mutex_lock(&pl->mu);
	pipe_seg_done(J, true);
	pthread_mutex_unlock(&pl->mu);
}

/* With the lock held: claim the next block and run its job (the lock
 * released meanwhile). False when there is none to claim now. */
bool pipe_pr_work(struct worker *w)
{
	struct pipeline *pl = w->pl;
	struct pr_state *pr = &pl->pr;
	if (!pr->on || pl->stopped || pr->done)
		return false;
	uint64_t id = pr->next;
	if (id >= pr->limit || id >= pr->wnext + (uint64_t)pr->nslots)
		return false;
	/* output held back for the writer by the jobs after the chain's:
	 * the chain's block (and those it passed over, only counted) is
	 * claimed whatever is held, the others while there is little */
	if (id > pr->wnext) {
		uint64_t held = 0;
		for (uint64_t b = pr->wnext; b < id; b++)
			held += pr_slot(pr, b)->J.held;
		if (held > 4 * pr->bsize)
			return false;
	}
	struct pr_slot *s = pr_slot(pr, id);
	if (s->used) {
		if (s->running || s->id >= pr->wnext || s->id >= pr->lres)
			return false;
		pipe_seg_free(pl, s->J.head);
	}
	memset(s, 0, sizeof *s);
	s->id = id;
	s->used = true;
	s->running = true;
	s->J.pl = pl;
	s->J.ps = s;
	s->J.w = w;
	s->J.state = J_RUNNING;
	s->J.cancel = id < pr->wnext; /* passed over by the chain already */
	pr->next++;
	pr->running++;
	pr->st_blocks++;
	w->job = &s->J;
	pthread_mutex_unlock(&pl->mu);
	pr_run(w, s);
	pthread_mutex_lock(&pl->mu);
	w->job = NULL;
	s->running = false;
	s->finished = true;
	s->J.state = J_FINISHED;
	pr->running--;
	pr_flush(pl);
	pthread_cond_broadcast(&pl->cv_main);
	return true;
}

/* A segment of w's job J ends inside the job (pipe_worker_on_game): the
 * output is written if its turn has come, and a job ahead of the writer
 * waits while it holds too much. */
void pipe_pr_seg_end(struct worker *w, struct job *J)
{
	struct pipeline *pl = w->pl;
	struct pr_state *pr = &pl->pr;
	pipe_seg_finish(w);
	pthread_mutex_lock(&pl->mu);
	pipe_seg_done(J, false);
	pipe_seg_open(w, J);
	pr_flush(pl);
	/* a job ahead of the chain holds up to half a block of output: up to
	 * 2N + 1 of them may be waiting */
	while (!J->cancel && !pl->stopped && !pr->done && J->held > pr->bsize / 2) {
		if (pr->wnext == J->ps->id && !pr->writing) {
			pr_flush(pl);
			continue;
		}
		pthread_cond_wait(&pl->cv_chunk, &pl->mu);
	}
	pthread_mutex_unlock(&pl->mu);
}

/* The file's first bytes as the input gave them (the peek): the file we
 * opened is the one read. */
static bool same_start(int fd, const struct vc_peek *pk)
{
	if (pk->pos != 0)
		return false;
	char *b = malloc(pk->len + 1);
	if (!b)
		return false;
	int err;
	size_t n = pread_full(fd, b, pk->len, 0, &err);
	bool same = n == pk->len && memcmp(b, pk->buf, n) == 0;
	free(b);
	return same;
}

bool pipe_pr_member(struct pipeline *pl, struct vc_peek *pk, const char *path, bool *ok)
{
	struct pr_state *pr = &pl->pr;
	if (pl->nworkers < 2 || pl->copy_input || pl->cmd->stream_bytes || pl->shard ||
	    strcmp(path, "-") == 0 || getenv("VCHESS_NO_PREAD"))
		return false;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || !same_start(fd, pk)) {
		close(fd);
		return false;
	}
	size_t B = pl->chunk_size;
	if (!pr->slots) {
		/* how far the others may go on while the chain's job is not
		 * running (its thread lost its core): far, since what a job
		 * ahead holds is bounded (pipe_pr_seg_end, and claims stop
		 * while 4 blocks' worth of output waits) */
		pr->nslots = 4 * pl->nworkers + 24;
		pr->slots = calloc((size_t)pr->nslots, sizeof *pr->slots);
		if (!pr->slots)
			pipe_out_of_memory();
	}
	for (int i = 0; i < pl->nworkers; i++) {
		struct worker *w = &pl->workers[i];
		if (!w->pbuf && !(w->pbuf = block_alloc(B + 3)))
			pipe_out_of_memory();
	}
	/* what was read before: written first, as -j 1 would */
	pipe_drain(pl);
	if (pl->stopped) {
		close(fd);
		*ok = true;
		return true;
	}
	pthread_mutex_lock(&pl->mu);
	memset(pr->slots, 0, (size_t)pr->nslots * sizeof *pr->slots);
	pr->fd = fd;
	pr->bsize = B;
	pr->source = path;
	pr->next = pr->wnext = pr->lres = 0;
	pr->lres_line = 1;
	pr->limit = UINT64_MAX;
	pr->running = 0;
	pr->writing = pr->done = pr->saw_error = false;
	pr->err = 0;
	pl->member_games = 0;
	pl->chain_base = 0;
	pr->on = true;
	pthread_cond_broadcast(&pl->cv_work);
	struct worker *w = &pl->workers[0];
	for (;;) {
		if (pipe_pr_work(w))
			continue;
		if ((pr->done || pl->stopped) && pr->running == 0)
			break;
		if (pipe_interrupted(pl) && !pl->stopped)
			pr_stop(pl);
		pr_flush(pl);
		if ((pr->done || pl->stopped) && pr->running == 0)
			break;
		pipe_wait_main(pl);
	}
	pr->on = false;
	for (int i = 0; i < pr->nslots; i++) {
		struct pr_slot *s = &pr->slots[i];
		if (s->used)
			pipe_seg_free(pl, s->J.head);
		s->used = false;
	}
	pthread_mutex_unlock(&pl->mu);
	close(fd);
	pl->bytes_done += (uint64_t)st.st_size;
	*ok = true;
	return true;
}

void pipe_pr_release(struct pipeline *pl)
{
	free(pl->pr.slots);
	pl->pr.slots = NULL;
	for (int i = 0; i < pl->nworkers; i++) {
		free(pl->workers[i].pbuf);
		free(pl->workers[i].xbuf);
		pl->workers[i].pbuf = pl->workers[i].xbuf = NULL;
	}
}
