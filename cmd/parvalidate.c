/* vchess - `validate -j N`. See parvalidate.h.
 *
 * Vocabulary. A member (a file, or one member of an archive) is cut into
 * chunks. A job is one PGN reader and checker run that starts fresh at a
 * chunk and reads on into the following chunks until, at the end of one,
 * it is at rest (vc_pgn_reader_at_rest) and the next chunk starts at a
 * possible game start. It writes one segment of output per chunk it reads.
 * The chain is the sequence of jobs -j 1 would be: the first job of a
 * member, then the job starting right after where it ended, and so on; the
 * main thread writes the chain's segments in order, and only those. Every
 * chunk that may start a game gets a speculative job at once; one that
 * turns out to be read by the job before it (a cut inside a comment, a
 * game without a result) is cancelled, and a chain job that is missing
 * (cancelled, or given up) is started again when its turn comes.
 *
 * Locking: one mutex guards chunks, jobs, segment lists and the queue. A
 * worker runs a job without it, and takes it when the job moves to the next
 * chunk or ends. A chunk's bytes are read-only once published.
 */
#define _GNU_SOURCE /* fopencookie */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#include <immintrin.h>
#endif

#include "parvalidate.h"
#include "epd.h"
#include "input.h"
#include "inputloop.h"

#define CHUNK_DEFAULT ((size_t)1 << 20)
#define LEND_MAX ((size_t)256 << 10)

struct chunk {
	uint64_t id;
	bool used;                 /* the slot holds chunk `id` */
	unsigned char *buf;        /* the chunk's bytes: len of them, owned, capacity cap */
	size_t len, cap;
	uint64_t off, line;        /* of data[0] in the member */
	bool fresh;                /* a job may start here (first chunk of a
	                              member, or a cut at a game start) */
	bool first;                /* first chunk of its member */
	bool last;                 /* the member ends after it */
	bool read_error;           /* ... with a read error */
	bool next_fresh;           /* the next chunk is fresh */
	int refs;                  /* running jobs reading it */
	struct job *own;           /* the job starting here, if any */
	const char *source;
	char *member;
};

/* A growable output buffer, kept for reuse: segments come and go by the
 * thousand, and buffers of a megabyte freed by one thread and allocated by
 * another made the heap grow with the input. */
struct gbuf {
	char *p;
	size_t len, cap;
	struct gbuf *next; /* in the pool */
};

struct seg {
	struct seg *next;
	struct gbuf *out, *vout, *iout, *note;
	FILE *fo, *fv, *fi, *fn;
	struct vc_report_marks marks, note_marks;
	struct vc_report counts;
	size_t bytes;   /* of output, once done */
	bool done;
	bool chunk_end; /* the last segment of its chunk (else the output of
	                   one chunk went on in the next segment) */
};

/* A segment is closed early once its output passes a quarter of the chunk
 * size, so that the chain's output is written as it comes; a job not (yet)
 * in the chain waits while it holds more than twice the chunk size of
 * output, so that inputs of tiny games (tag-only files: 13 bytes of JSONL
 * per byte read) keep memory flat too; so does the chain's job, until the
 * writer has written, when the output goes to a slow reader. */

enum job_state { J_QUEUED, J_RUNNING, J_FINISHED };

struct pipeline;

struct job {
	struct job *qnext;
	struct pipeline *pl;
	uint64_t start;        /* chunk id */
	struct chunk *c;       /* chunk being read (running) */
	size_t pos;            /* in c */
	enum job_state state;
	bool cancel;           /* stop: its output will not be used */
	bool chain;            /* its output is the report's */
	bool orphan;           /* nobody else refers to it: the worker frees it */
	struct seg *head, *tail;
	size_t held;           /* output of its done segments not yet written */
	struct vc_pgn_reader *rd;
	struct worker *w;
	char *member;
};

struct worker {
	struct pipeline *pl;
	pthread_t tid;
	struct vc_checker chk;
	struct vc_report rep;
	struct seg *seg; /* being written */
	struct job *job; /* being run */
};

struct pipeline {
	struct vc_par_validate *p;
	pthread_mutex_t mu;
	pthread_cond_t cv_work, cv_main, cv_chunk;
	struct chunk *chunks;
	int nchunks;             /* ring size */
	size_t chunk_size;
	size_t seg_split, job_hold_max; /* see struct seg */
	bool keep_raw;
	uint64_t nread;          /* chunks published */
	uint64_t flushed;        /* chunks whose output is written */
	struct job *chain;       /* the chain job being written */
	uint64_t chain_base;     /* games of the member before it */
	uint64_t member_games;   /* games of the current member written */
	struct job *qhead, *qtail;
	bool quit;
	struct worker *workers;
	int nworkers;
	/* statistics (VCHESS_PAR_DEBUG) */
	uint64_t st_jobs, st_extend, st_restart, st_giveup;
	/* progress */
	uint64_t games_done, bytes_done;
	double t0, last;
};

static struct chunk *slot(struct pipeline *pl, uint64_t id)
{
	return &pl->chunks[id % (uint64_t)pl->nchunks];
}

/* ---- Finding cuts and counting lines ------------------------------------ */

#if defined(__x86_64__) && defined(__GNUC__)
/* LFs in p[0, n) by 32-byte compares, on CPUs with AVX2 (count_lines picks
 * it at run time: the build stays for any x86-64); *cr tells whether a CR
 * was among the bytes counted. The main thread counts every byte of the
 * input, so this is a share of what -j cannot spread. */
__attribute__((target("avx2"))) static uint64_t count_lf_avx2(const unsigned char *p, size_t n,
                                                             size_t *done, bool *cr)
{
	const __m256i nl = _mm256_set1_epi8('\n'), ret = _mm256_set1_epi8('\r');
	__m256i crs = _mm256_setzero_si256();
	uint64_t lf = 0;
	size_t i = 0;
	for (; i + 64 <= n; i += 64) {
		const __m256i x = _mm256_loadu_si256((const __m256i *)(p + i));
		const __m256i y = _mm256_loadu_si256((const __m256i *)(p + i + 32));
		__m256i a = _mm256_cmpeq_epi8(x, nl);
		__m256i b = _mm256_cmpeq_epi8(y, nl);
		crs = _mm256_or_si256(crs, _mm256_or_si256(_mm256_cmpeq_epi8(x, ret),
		                                           _mm256_cmpeq_epi8(y, ret)));
		uint64_t m = (uint64_t)(uint32_t)_mm256_movemask_epi8(a) |
		             (uint64_t)(uint32_t)_mm256_movemask_epi8(b) << 32;
		lf += (uint64_t)__builtin_popcountll(m);
	}
	*done = i;
	*cr = _mm256_movemask_epi8(crs) != 0;
	return lf;
}
#endif

/* Line ends as the PGN reader counts them: LF, CR LF and lone CR. A CR LF
 * is never split between chunks. One pass over the bytes; the CRs are
 * looked at again only where there are some. */
static uint64_t count_lines(const unsigned char *p, size_t n)
{
	uint64_t lf = 0;
	size_t i = 0;
	bool cr = false;
#if defined(__x86_64__) && defined(__GNUC__)
	if (__builtin_cpu_supports("avx2")) {
		lf = count_lf_avx2(p, n, &i, &cr);
	}
#endif
#ifdef __SSE2__
	const __m128i nl = _mm_set1_epi8('\n'), ret = _mm_set1_epi8('\r');
	__m128i crs = _mm_setzero_si128();
	for (; i + 64 <= n; i += 64) {
		const __m128i w = _mm_loadu_si128((const __m128i *)(p + i));
		const __m128i x = _mm_loadu_si128((const __m128i *)(p + i + 16));
		const __m128i y = _mm_loadu_si128((const __m128i *)(p + i + 32));
		const __m128i z = _mm_loadu_si128((const __m128i *)(p + i + 48));
		crs = _mm_or_si128(crs, _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(w, ret),
		                                                  _mm_cmpeq_epi8(x, ret)),
		                                     _mm_or_si128(_mm_cmpeq_epi8(y, ret),
		                                                  _mm_cmpeq_epi8(z, ret))));
		uint64_t m = (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(w, nl)) |
		             (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, nl)) << 16 |
		             (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(y, nl)) << 32 |
		             (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(z, nl)) << 48;
		lf += (uint64_t)__builtin_popcountll(m);
	}
	cr |= _mm_movemask_epi8(crs) != 0;
#else
	cr = true; /* not seen: look */
#endif
	const size_t vec = i; /* p[0, vec) counted by vectors */
	for (; i < n; i++)
		lf += p[i] == '\n';
	/* lone CRs: in the whole chunk if the vectors saw a CR, else only in
	 * the bytes after them (a CR LF may straddle: p[vec - 1] is looked at
	 * then too, harmlessly: it is no CR) */
	const size_t from = cr ? 0 : vec;
	const unsigned char *q = memchr(p + from, '\r', n - from);
	while (q) {
		size_t k = (size_t)(q - p);
		if (k + 1 >= n || p[k + 1] != '\n')
			lf++; /* a lone CR; CR LF was counted at its LF */
		q = k + 1 < n ? memchr(q + 1, '\r', n - k - 1) : NULL;
	}
	return lf;
}

/* A `[` at the start of a line after a blank line: where games start. */
static bool game_start_at(const unsigned char *b, size_t p)
{
	if (p < 2 || b[p] != '[')
		return false;
	if (b[p - 1] == '\n')
		return b[p - 2] == '\n' || (p >= 3 && b[p - 2] == '\r' && b[p - 3] == '\n');
	return b[p - 1] == '\r' && (b[p - 2] == '\r' || b[p - 2] == '\n');
}

/* The first game start in b[from, to), or `to`. */
static size_t find_cut(const unsigned char *b, size_t from, size_t to)
{
	size_t p = from;
	while (p < to) {
		const unsigned char *q = memchr(b + p, '[', to - p);
		if (!q)
			return to;
		p = (size_t)(q - b);
		if (game_start_at(b, p))
			return p;
		p++;
	}
	return to;
}

/* ---- Segments -------------------------------------------------------------- */

static void out_of_memory(void)
{
	fputs("vchess validate: out of memory\n", stderr);
	exit(VC_EXIT_INPUT);
}

#define POOL_KEEP_MAX ((size_t)8 << 20)

static pthread_mutex_t pool_mu = PTHREAD_MUTEX_INITIALIZER;
static struct gbuf *pool;

static struct gbuf *gbuf_get(void)
{
	pthread_mutex_lock(&pool_mu);
	struct gbuf *g = pool;
	if (g)
		pool = g->next;
	pthread_mutex_unlock(&pool_mu);
	if (!g && !(g = calloc(1, sizeof *g)))
		out_of_memory();
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

static void pool_release(void)
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
			out_of_memory();
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

static FILE *gbuf_open(struct gbuf *g)
{
	cookie_io_functions_t io = { NULL, gbuf_write, gbuf_seek, NULL };
	FILE *f = fopencookie(g, "w", io);
	if (!f)
		out_of_memory();
	return f;
}

/* Called with the lock held: a new segment for w's job. */
static void seg_open(struct worker *w, struct job *J)
{
	struct vc_par_validate *p = J->pl->p;
	struct seg *s = calloc(1, sizeof *s);
	if (!s)
		out_of_memory();
	s->out = gbuf_get();
	s->fo = gbuf_open(s->out);
	if (p->valid_out)
		s->fv = gbuf_open(s->vout = gbuf_get());
	if (p->invalid_out)
		s->fi = gbuf_open(s->iout = gbuf_get());
	if (J->tail)
		J->tail->next = s;
	else
		J->head = s;
	J->tail = s;
	w->seg = s;
	w->rep.out = s->fo;
	w->rep.marks = &s->marks;
	w->rep.games = w->rep.valid = w->rep.invalid = 0;
	w->rep.warnings = w->rep.errors = 0;
	w->rep.ncodes = 0;
	memset(w->rep.code_count, 0, sizeof w->rep.code_count);
}

/* Finish w's segment. Streams are closed without the lock; `done` is set
 * with it held (by the caller). */
static void seg_finish(struct worker *w)
{
	struct seg *s = w->seg;
	fclose(s->fo);
	if (s->fv)
		fclose(s->fv);
	if (s->fi)
		fclose(s->fi);
	if (s->fn)
		fclose(s->fn);
	s->fo = s->fv = s->fi = s->fn = NULL;
	s->counts = w->rep;
	s->bytes = s->out->len + (s->vout ? s->vout->len : 0) + (s->iout ? s->iout->len : 0) +
	           (s->note ? s->note->len : 0);
	w->rep.out = NULL;
	w->rep.marks = NULL;
	w->seg = NULL;
}

/* With the lock held: J's last segment is finished (seg_finish). */
static void seg_done(struct job *J, bool chunk_end)
{
	J->tail->done = true;
	J->tail->chunk_end = chunk_end;
	J->held += J->tail->bytes;
	pthread_cond_broadcast(&J->pl->cv_main);
}

static void seg_free(struct seg *s)
{
	while (s) {
		struct seg *n = s->next;
		gbuf_put(s->out);
		gbuf_put(s->vout);
		gbuf_put(s->iout);
		gbuf_put(s->note);
		free(s->marks.v);
		free(s->note_marks.v);
		free(s);
		s = n;
	}
}

static void job_free(struct job *J)
{
	seg_free(J->head);
	free(J->member);
	free(J);
}

/* With the lock held: nobody but a worker still running J refers to it. */
static void job_cancel(struct job *J)
{
	/* atomic: a running job looks at it without the lock */
	__atomic_store_n(&J->cancel, true, __ATOMIC_RELAXED);
	pthread_cond_broadcast(&J->pl->cv_chunk); /* it may be waiting */
}

static void job_orphan(struct job *J)
{
	job_cancel(J);
	J->orphan = true;
	if (J->state == J_FINISHED)
		job_free(J);
}

static int worker_on_game(void *user, const struct vc_gc_game *g)
{
	struct worker *w = user;
	struct seg *s = w->seg;
	vc_report_game(&w->rep, g, NULL, NULL);
	FILE *f = g->valid ? s->fv : s->fi;
	if (f) {
		if (g->raw) {
			vc_report_copy_raw(f, g->raw, g->raw_len);
		} else {
			/* as vc_report_copy_game, numbered when written */
			char loc[512];
			if (!s->fn)
				s->fn = gbuf_open(s->note = gbuf_get());
			vc_report_location(loc, sizeof loc, g->source, g->member, g->line, 1);
			fprintf(s->fn, "vchess %s: %s: game ", w->rep.command, loc);
			vc_report_put_index(&s->note_marks, s->fn, g->index);
			fputs(" not copied: longer than vchess keeps (limit-raw, limit-line)\n", s->fn);
		}
	}
	size_t now = s->out->len + (s->vout ? s->vout->len : 0) + (s->iout ? s->iout->len : 0);
	struct job *J = w->job;
	struct pipeline *pl = J->pl;
	if (now >= pl->seg_split) {
		seg_finish(w);
		pthread_mutex_lock(&pl->mu);
		seg_done(J, false);
		seg_open(w, J);
		/* the chain's job too: when the output is written slower than
		 * it is made (a slow pipe), what waits for the writer stays
		 * bounded */
		while (!J->cancel && J->held > pl->job_hold_max) {
			if (!J->chain && pl->chain && pl->chain->state == J_QUEUED) {
				/* the chain's job waits for a thread: give this one
				 * up (it is started again when its turn comes) */
				job_cancel(J);
				pl->st_giveup++;
				break;
			}
			pthread_cond_wait(&pl->cv_chunk, &pl->mu);
		}
		pthread_mutex_unlock(&pl->mu);
	}
	return 0;
}

/* ---- Jobs ------------------------------------------------------------------- */

/* The job's read callback: its chunk's bytes, then, when the reader is not
 * at rest at the chunk's end (or the next chunk does not start a game),
 * the next chunk's, and so on. */
static size_t job_read(void *ctx, const char **data)
{
	struct job *J = ctx;
	struct pipeline *pl = J->pl;
	for (;;) {
		struct chunk *c = J->c;
		if (J->pos < c->len) {
			if (__atomic_load_n(&J->cancel, __ATOMIC_RELAXED))
				return 0; /* its output is thrown away */
			/* lent where they are, in pieces so that a cancel is
			 * seen soon */
			size_t k = c->len - J->pos < LEND_MAX ? c->len - J->pos : LEND_MAX;
			*data = (const char *)c->buf + J->pos;
			J->pos += k;
			return k;
		}
		if (c->last)
			return c->read_error ? VC_PGN_READ_ERROR : 0;
		if (c->next_fresh && vc_pgn_reader_at_rest(J->rd))
			return 0; /* the end of input ends the open game as the
			             next chunk's first tag would */
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
				job_cancel(J);
				pl->st_giveup++;
				pthread_mutex_unlock(&pl->mu);
				return 0;
			}
			pthread_cond_wait(&pl->cv_chunk, &pl->mu);
		}
		struct chunk *nx = slot(pl, c->id + 1);
		if (nx->own && nx->own != J && !nx->own->chain)
			job_cancel(nx->own); /* this job reads that chunk */
		nx->refs++;
		c->refs--;
		pl->st_extend++;
		pthread_mutex_unlock(&pl->mu);
		seg_finish(w);
		pthread_mutex_lock(&pl->mu);
		seg_done(J, true);
		seg_open(w, J);
		J->c = nx;
		J->pos = 0;
		pthread_cond_broadcast(&pl->cv_main);
		pthread_mutex_unlock(&pl->mu);
	}
}

static void run_job(struct worker *w, struct job *J)
{
	struct pipeline *pl = w->pl;
	struct chunk *c = J->c;
	struct vc_pgn_visitor vis;
	vc_checker_visitor(&w->chk, &vis, c->source, J->member);
	struct vc_pgn_options po;
	memset(&po, 0, sizeof po);
	po.keep_raw = pl->keep_raw;
	po.comment_marker = '%'; /* as vc_checker_run: clocks only */
	po.start_offset = c->off;
	po.start_line = c->line;
	struct vc_pgn_reader rd;
	if (vc_pgn_reader_init_borrow(&rd, job_read, J, &vis, &po) != 0) {
		fputs("vchess validate: out of memory\n", stderr);
		exit(VC_EXIT_INPUT);
	}
	J->rd = &rd;
	vc_pgn_read(&rd);
	vc_pgn_reader_release(&rd);
	J->rd = NULL;
	seg_finish(w);
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct pipeline *pl = w->pl;
	pthread_mutex_lock(&pl->mu);
	for (;;) {
		while (!pl->quit && !pl->qhead)
			pthread_cond_wait(&pl->cv_work, &pl->mu);
		if (!pl->qhead)
			break;
		struct job *J = pl->qhead;
		pl->qhead = J->qnext;
		if (!pl->qhead)
			pl->qtail = NULL;
		J->qnext = NULL;
		if (J->cancel) {
			J->state = J_FINISHED;
			if (J->orphan)
				job_free(J);
			pthread_cond_broadcast(&pl->cv_main);
			continue;
		}
		J->state = J_RUNNING;
		J->w = w;
		w->job = J;
		J->c = slot(pl, J->start);
		if (!J->c->used || J->c->id != J->start || !J->c->fresh)
			abort(); /* never: a job's chunk lives until it is cancelled */
		J->c->refs++;
		J->pos = 0;
		J->member = J->c->member ? strdup(J->c->member) : NULL;
		seg_open(w, J);
		pthread_mutex_unlock(&pl->mu);
		run_job(w, J);
		pthread_mutex_lock(&pl->mu);
		seg_done(J, true);
		w->job = NULL;
		J->c->refs--;
		J->state = J_FINISHED;
		if (J->orphan)
			job_free(J);
		pthread_cond_broadcast(&pl->cv_main);
	}
	pthread_mutex_unlock(&pl->mu);
	return NULL;
}

/* With the lock held: queue a job starting at chunk c. */
static struct job *job_new(struct pipeline *pl, struct chunk *c, bool front)
{
	struct job *J = calloc(1, sizeof *J);
	if (!J) {
		fputs("vchess validate: out of memory\n", stderr);
		exit(VC_EXIT_INPUT);
	}
	J->pl = pl;
	J->start = c->id;
	J->state = J_QUEUED;
	c->own = J;
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

/* ---- The main thread: writing ------------------------------------------------ */

static void merge_counts(struct vc_report *into, const struct vc_report *from)
{
	into->games += from->games;
	into->valid += from->valid;
	into->invalid += from->invalid;
	into->warnings += from->warnings;
	into->errors += from->errors;
	for (int i = 0; i < from->ncodes; i++)
		vc_report_count_code(into, from->code_order[i], from->code_count[from->code_order[i]]);
}

static void write_seg(struct pipeline *pl, struct seg *s, uint64_t base)
{
	struct vc_par_validate *p = pl->p;
	vc_report_write_marked(p->rep->out, s->out->p, s->out->len, &s->marks, base);
	if (s->vout && s->vout->len)
		fwrite(s->vout->p, 1, s->vout->len, p->valid_out);
	if (s->iout && s->iout->len)
		fwrite(s->iout->p, 1, s->iout->len, p->invalid_out);
	if (s->note && s->note->len)
		vc_report_write_marked(stderr, s->note->p, s->note->len, &s->note_marks, base);
	vc_cli_check_output(p->rep->out);
	vc_cli_check_output(p->valid_out); /* may be standard output */
	vc_cli_check_output(p->invalid_out);
	merge_counts(p->rep, &s->counts);
	pl->games_done += s->counts.games;
	if (p->progress) {
		double now = vc_cli_now();
		if (now - pl->last >= 0.25) {
			pl->last = now;
			fprintf(stderr, "\r%.1f MB, %llu games, %.0f games/s   ",
			        (double)pl->bytes_done / 1e6, (unsigned long long)pl->games_done,
			        (double)pl->games_done / (now - pl->t0 + 1e-9));
		}
	}
}

/* With the lock held (released while writing): write every segment of the
 * chain that is done, in order. */
static void flush_ready(struct pipeline *pl)
{
	while (pl->flushed < pl->nread) {
		struct chunk *c = slot(pl, pl->flushed);
		struct job *J = pl->chain;
		if (!J) {
			/* a fresh reader starts here */
			if (c->first)
				pl->member_games = 0;
			J = c->own;
			if (!J || J->cancel) {
				if (J)
					job_orphan(J);
				J = job_new(pl, c, true);
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
		J->head = s->next;
		if (!J->head)
			J->tail = NULL;
		s->next = NULL;
		bool over = J->state == J_FINISHED && !J->head;
		bool chunk_end = s->chunk_end;
		J->held -= s->bytes;
		pthread_mutex_unlock(&pl->mu);
		write_seg(pl, s, pl->chain_base);
		pl->member_games += s->counts.games;
		seg_free(s);
		pthread_mutex_lock(&pl->mu);
		pthread_cond_broadcast(&pl->cv_chunk); /* a job may wait for this */
		if (!chunk_end)
			continue; /* more of this chunk's output to come */
		if (c->own && c->own != J)
			job_orphan(c->own);
		c->own = NULL;
		pl->flushed++;
		if (over) {
			pl->chain = NULL;
			job_free(J);
		}
	}
}

/* With the lock held: wait until everything read is written. */
static void drain_locked(struct pipeline *pl)
{
	for (;;) {
		flush_ready(pl);
		if (pl->flushed == pl->nread)
			return;
		pthread_cond_wait(&pl->cv_main, &pl->mu);
	}
}

static void drain(struct pipeline *pl)
{
	pthread_mutex_lock(&pl->mu);
	drain_locked(pl);
	pthread_mutex_unlock(&pl->mu);
}

/* With the lock held: give back what a written chunk holds. */
static void chunk_recycle(struct chunk *c)
{
	free(c->member);
	c->member = NULL;
	c->len = 0;
	c->used = false;
}

/* A free slot for the next chunk: writes what it can and waits while the
 * ring is full. Returns it with the lock released. */
static struct chunk *chunk_acquire(struct pipeline *pl)
{
	pthread_mutex_lock(&pl->mu);
	struct chunk *c = slot(pl, pl->nread);
	for (;;) {
		flush_ready(pl);
		if (!c->used)
			break;
		if (c->id < pl->flushed && c->refs == 0) {
			chunk_recycle(c);
			break;
		}
		pthread_cond_wait(&pl->cv_main, &pl->mu);
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
	pl->bytes_done = c->off + c->len;
	if (c->fresh) {
		job_new(pl, c, false);
		pl->st_jobs++;
	}
	pthread_cond_broadcast(&pl->cv_chunk);
	flush_ready(pl);
	pthread_mutex_unlock(&pl->mu);
}

/* ---- The main thread: reading --------------------------------------------------- */

struct cutter {
	uint64_t off, line;
	bool fresh;
	bool first;
};

static void chunk_head(struct pipeline *pl, struct chunk *c, struct cutter *ct,
                       const char *source, const char *member)
{
	c->off = ct->off;
	c->line = ct->line;
	c->fresh = ct->fresh;
	c->first = ct->first;
	c->source = source;
	c->member = member ? strdup(member) : NULL;
	c->last = c->read_error = c->next_fresh = false;
	(void)pl;
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
	size_t cut = find_cut(b, ch, to);
	if (cut < to) {
		*next_fresh = true;
		return cut;
	}
	if (at_end && avail <= 2 * ch)
		return avail;
	/* no game start in reach: a plain cut, the next job reads on */
	cut = to;
	if (b[cut - 1] == '\r' && b[cut] == '\n')
		cut--;
	return cut;
}

static void cutter_next(struct cutter *ct, const unsigned char *b, size_t len, bool next_fresh)
{
	ct->off += len;
	ct->line += count_lines(b, len);
	ct->fresh = next_fresh;
	ct->first = false;
}

/* A stream (plain files included: a mapped file would crash the
 * program with SIGBUS if it were truncated while being read, and reading
 * measured no slower), read into chunk buffers. Returns false on a read
 * error (after the chunk that ends with it). */
static bool chunk_stream(struct pipeline *pl, vc_pgn_read_fn rd, void *ctx, const char *source,
                         const char *member, bool plain)
{
	size_t ch = pl->chunk_size;
	struct cutter ct = { 0, 1, true, true };
	const unsigned char *carry = NULL; /* bytes after the last cut */
	size_t carry_len = 0;
	bool eof = false, err = false;
	for (;;) {
		struct chunk *c = chunk_acquire(pl);
		chunk_head(pl, c, &ct, source, member);
		if (!c->buf) {
			c->cap = 2 * ch + 1 + VC_PGN_DEFAULT_BUFFER;
			c->buf = malloc(c->cap);
			if (!c->buf) {
				fputs("vchess validate: out of memory\n", stderr);
				exit(VC_EXIT_INPUT);
			}
		}
		size_t len = carry_len, scan = ch;
		if (carry_len)
			memcpy(c->buf, carry, carry_len);
		while (!eof && len < 2 * ch + 1) {
			/* the sizes -j 1's reader asks for: where a zip-bomb guard
			 * stops the input depends on them; a plain file has no
			 * guard and is read up to the chunk size at once (the
			 * main thread shares the cores with the workers: fewer
			 * calls keep it ahead of them) */
			size_t want = VC_PGN_DEFAULT_BUFFER;
			if (plain && len + want < ch)
				want = ch - len;
			size_t got = rd(ctx, (char *)c->buf + len, want);
			if (got == VC_PGN_READ_ERROR) {
				eof = err = true;
			} else if (got == 0) {
				eof = true;
			} else {
				len += got;
				/* enough to cut at a game start past ch? */
				if (len > ch + 4096) {
					if (find_cut(c->buf, scan, len) < len)
						break;
					scan = len;
				}
			}
		}
		bool nf;
		size_t cut = choose_cut(pl, c->buf, len, eof, &nf);
		c->len = cut;
		c->last = eof && cut == len;
		c->read_error = c->last && err;
		c->next_fresh = nf;
		cutter_next(&ct, c->buf, cut, nf);
		carry = c->buf + cut;
		carry_len = len - cut;
		chunk_publish(pl, c);
		if (c->last)
			return !err;
	}
}

struct epd_ctx {
	struct vc_report *rep;
	FILE *vf, *inf;
};

static int epd_on_game(void *user, const struct vc_gc_game *g)
{
	struct epd_ctx *e = user;
	vc_report_copy_game(e->rep, g->valid ? e->vf : e->inf, g);
	vc_report_game(e->rep, g, NULL, NULL);
	return 0;
}

static int one_path(struct pipeline *pl, const char *path)
{
	struct vc_par_validate *p = pl->p;
	struct vc_input_error err;
	vc_input_error_init(&err);
	struct vc_input_options io;
	vc_cli_input_options(p->opts, &io);
	struct vc_input *in = vc_input_open_opts(path, &io, &err);
	if (!in) {
		drain(pl);
		vc_report_input_error(p->rep, path, NULL, vc_input_errkind_code(err.kind), err.message);
		return VC_EXIT_INPUT;
	}
	int status = VC_EXIT_OK, r;
	const char *member;
	while ((r = vc_input_next_member(in, &member)) == 1) {
		struct vc_member_reader ic = { in, false, NULL, NULL, false };
		struct vc_peek pk;
		if (!vc_member_peek(&pk, &ic, p->rep->command, path, member))
			continue;
		if (vc_peek_is_epd(&pk)) {
			drain(pl);
			struct epd_ctx ec = { p->rep, p->valid_out, p->invalid_out };
			vc_epd_check(&pk, path, member, p->gc, epd_on_game, &ec);
		} else {
			chunk_stream(pl, vc_peek_read, &pk, path, member,
			             vc_input_kind(in) == VC_INPUT_PLAIN);
		}
		if (ic.failed) {
			drain(pl);
			const struct vc_input_error *e = vc_input_error(in);
			vc_report_input_error(p->rep, path, member, vc_input_errkind_code(e->kind),
			                      e->message);
			status = VC_EXIT_INPUT;
			break;
		}
	}
	if (r < 0 && status == VC_EXIT_OK) {
		drain(pl);
		const struct vc_input_error *e = vc_input_error(in);
		vc_report_input_error(p->rep, path, NULL, vc_input_errkind_code(e->kind), e->message);
		status = VC_EXIT_INPUT;
	}
	drain(pl);
	vc_input_close(in);
	return status;
}

static size_t chunk_size_setting(void)
{
	/* for tests: small chunks put many cuts into small inputs */
	const char *s = getenv("VCHESS_CHUNK_SIZE");
	if (s && *s) {
		char *end;
		unsigned long long v = strtoull(s, &end, 10);
		if (!*end && v >= 16 && v <= ((size_t)1 << 30))
			return (size_t)v;
	}
	return CHUNK_DEFAULT;
}

int vc_validate_parallel(struct vc_par_validate *p, char **paths, int npaths)
{
	struct pipeline pl;
	memset(&pl, 0, sizeof pl);
	pl.p = p;
	pl.chunk_size = chunk_size_setting();
	pl.seg_split = pl.chunk_size / 4;
	pl.job_hold_max = 2 * pl.chunk_size;
	pl.keep_raw = p->valid_out || p->invalid_out;
	pl.nchunks = 2 * p->jobs + 2;
	pl.chunks = calloc((size_t)pl.nchunks, sizeof *pl.chunks);
	pl.workers = calloc((size_t)p->jobs, sizeof *pl.workers);
	if (!pl.chunks || !pl.workers) {
		free(pl.chunks);
		free(pl.workers);
		return -1;
	}
	pthread_mutex_init(&pl.mu, NULL);
	pthread_cond_init(&pl.cv_work, NULL);
	pthread_cond_init(&pl.cv_main, NULL);
	pthread_cond_init(&pl.cv_chunk, NULL);
	int started = 0;
	for (int i = 0; i < p->jobs; i++) {
		struct worker *w = &pl.workers[i];
		w->pl = &pl;
		if (vc_checker_init(&w->chk, p->gc, worker_on_game, w))
			break;
		vc_cli_report_init(&w->rep, NULL, p->opts, p->rep->command, p->shredder);
		if (pthread_create(&w->tid, NULL, worker_main, w)) {
			vc_checker_release(&w->chk);
			break;
		}
		started++;
	}
	pl.nworkers = started;
	int status = started ? VC_EXIT_OK : -1;
	if (started) {
		pl.t0 = vc_cli_now();
		for (int i = 0; i < npaths; i++)
			if (one_path(&pl, paths[i]) == VC_EXIT_INPUT)
				status = VC_EXIT_INPUT;
		drain(&pl);
		if (p->progress)
			fprintf(stderr, "\r%llu games, %.0f games/s\n",
			        (unsigned long long)pl.games_done,
			        (double)pl.games_done / (vc_cli_now() - pl.t0 + 1e-9));
	}
	if (getenv("VCHESS_PAR_DEBUG"))
		fprintf(stderr, "chunks %llu, jobs %llu, extended %llu, restarted %llu, gave up %llu\n",
		        (unsigned long long)pl.nread, (unsigned long long)pl.st_jobs,
		        (unsigned long long)pl.st_extend, (unsigned long long)pl.st_restart,
		        (unsigned long long)pl.st_giveup);
	pthread_mutex_lock(&pl.mu);
	pl.quit = true;
	pthread_cond_broadcast(&pl.cv_work);
	pthread_mutex_unlock(&pl.mu);
	for (int i = 0; i < started; i++) {
		pthread_join(pl.workers[i].tid, NULL);
		vc_checker_release(&pl.workers[i].chk);
	}
	/* jobs left: cancelled ones that finished after their chunk was
	 * written are freed by their worker; queued cancelled ones here */
	while (pl.qhead) {
		struct job *J = pl.qhead;
		pl.qhead = J->qnext;
		if (J->orphan)
			job_free(J);
	}
	for (int i = 0; i < pl.nchunks; i++) {
		struct chunk *c = &pl.chunks[i];
		if (c->used) {
			if (c->own)
				job_free(c->own);
			chunk_recycle(c);
		}
		free(c->buf);
	}
	pool_release();
	pthread_mutex_destroy(&pl.mu);
	pthread_cond_destroy(&pl.cv_work);
	pthread_cond_destroy(&pl.cv_main);
	pthread_cond_destroy(&pl.cv_chunk);
	free(pl.chunks);
	free(pl.workers);
	return status;
}
