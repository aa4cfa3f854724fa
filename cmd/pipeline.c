/* vchess - the pipeline of the commands that read games. See pipeline.h.
 *
 * The map. Four stages, whatever -j:
 *
 *   paths -> INPUT -----------> READER ------------> CHECKER ----------> REPORT WRITER
 *            one_path():        direct: the          a worker's PGN      cmd->on_game renders
 *            open, members,     checker reads the    reader and          the game into o->rep
 *            peek PGN or EPD,   member itself        vc_checker (or the  and o->copy[k]; the
 *            unreadable         (vc_checker_run);    EPD reader),        writer puts the
 *            inputs (exit 3)    chunked: cut into    worker_on_game ->   output out in input
 *                               chunks at game       cmd->on_game        order: game numbers,
 *                               starts (read_chunk)                      counts, command state
 *                                                                        (cmd->merge), stops at
 *                                                                        --max-errors
 *
 * Where -j splits: between the reader and the checker.
 *
 * Direct mode (-j 1, and EPD members for every -j): everything runs in the
 * calling thread in one pass per member, as a plain loop would: the
 * checker reads the member through the peek buffer (the input reads into
 * the PGN reader's own buffer: no chunk, no copy), and on_game writes
 * through the main report to the final streams (worker 0, w->direct; the
 * report writer is then the identity). EPD members are small; they are
 * checked after every chunk before them is written (drain()).
 *
 * Chunked mode (-j N, N >= 2): N workers, N - 1 threads and the calling
 * thread (workers[0], `main`). The calling thread reads each PGN member
 * into chunk buffers of about 1 MiB (VCHESS_CHUNK_SIZE; plain files are
 * read, not mapped: a mapped file truncated meanwhile would kill the
 * process with SIGBUS), cutting preferably at a `[` that starts a line
 * after a blank line, and counting the lines before each chunk (the PGN
 * syntax of that, candidates and line ends, is formats/pgn_split.h). A job is
 * one PGN reader and checker run that starts fresh at a chunk (offset and
 * line given) and reads on into the following chunks until, at the end of
 * one, it is at rest (vc_pgn_reader_at_rest) and the next chunk starts at
 * a possible game start; it writes one segment of output per chunk it
 * reads (and closes a segment early after a quarter chunk of output, and
 * after each game that counts for --max-errors, so that the writer can
 * stop exactly there). The chain is the sequence of jobs -j 1 would be:
 * the first job of a member, then the job starting right after where it
 * ended, and so on; the writer writes the chain's segments in order, and
 * only those, adding the games before the job to the game numbers
 * (vc_report_write_marked). Every chunk that may start a game gets a
 * speculative job at once; one that turns out to be read by the job before
 * it (a cut inside a comment, a game without a result) is cancelled, and
 * a chain job that is missing (cancelled, or given up) is started again
 * when its turn comes. The calling thread reads while a chunk slot is
 * free, and otherwise writes what is ready and runs queued jobs itself;
 * when a job it runs needs a chunk not read yet, it reads it (the chain's
 * job) or gives the job up (any other). Memory stays bounded: at most
 * 2N+2 chunks are in flight, and a job whose output is not wanted yet
 * waits (or gives up) while it holds more than two chunks' worth.
 *
 * Locking: one mutex guards chunks, jobs, segment lists and the queue. A
 * worker runs a job without it, and takes it when the job moves to the
 * next chunk or ends. A chunk's bytes are read-only once published. The
 * main report, the command's totals and the reading state belong to the
 * calling thread.
 */
#define _GNU_SOURCE /* fopencookie */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pgn_split.h"
#include "pipeline.h"

#define CHUNK_DEFAULT ((size_t)1 << 20)
#define LEND_MAX ((size_t)256 << 10)

/* A member's name, shared by its chunks and jobs, which outlive the
 * input's own copy: one allocation per member (made before any of it is
 * read, so that running out of memory there is an error of the member
 * as a whole), freed with the last reference. References are taken and
 * dropped in any thread. */
struct name {
	int refs;
	char s[];
};

static struct name *name_new(const char *s)
{
	size_t n = strlen(s) + 1;
	struct name *nm = malloc(sizeof *nm + n);
	if (nm) {
		nm->refs = 1;
		memcpy(nm->s, s, n);
	}
	return nm;
}

static struct name *name_ref(struct name *nm)
{
	if (nm)
		__atomic_add_fetch(&nm->refs, 1, __ATOMIC_RELAXED);
	return nm;
}

static void name_unref(struct name *nm)
{
	if (nm && __atomic_sub_fetch(&nm->refs, 1, __ATOMIC_ACQ_REL) == 0)
		free(nm);
}

static const char *name_str(const struct name *nm)
{
	return nm ? nm->s : NULL;
}

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
	struct name *member;       /* a reference, NULL for a plain input */
};

/* A growable output buffer, kept for reuse: segments come and go by the
 * thousand, and buffers of a megabyte freed by one thread and allocated by
 * another made the heap grow with the input. */
struct gbuf {
	char *p;
	size_t len, cap;
	struct gbuf *next; /* in the pool */
};

/* One piece of a job's output: the report, the copies, the notes for
 * standard error, with where game numbers are, the report's counts and
 * the command's summary state for its games. */
struct seg {
	struct seg *next;
	struct gbuf *out, *copy[VC_PIPE_MAX_COPIES], *note;
	FILE *fo, *fc[VC_PIPE_MAX_COPIES], *fn;
	struct vc_report_marks marks, note_marks;
	struct vc_report counts;
	void *state;    /* cmd->take's */
	size_t bytes;   /* of output, once done */
	bool done;
	bool chunk_end; /* the last segment of its chunk (else the output of
	                   one chunk went on in the next segment) */
	bool failed;    /* ends with a game that counts for --max-errors */
	bool saw_error; /* its job had met the member's read error */
};

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
	bool saw_error;        /* it read up to the member's read error */
	struct seg *head, *tail;
	size_t held;           /* output of its done segments not yet written */
	struct vc_pgn_reader *rd;
	struct worker *w;
	struct name *member;   /* a reference */
};

struct worker {
	struct pipeline *pl;
	pthread_t tid;
	bool main;               /* the calling thread (workers[0]) */
	bool direct;             /* writing to the final outputs */
	struct vc_checker chk;
	struct vc_report rep;    /* chunked: the segment's report */
	void *wctx;              /* the command's */
	struct vc_pipe_out out;  /* what on_game writes to */
	struct seg *seg;         /* being written */
	struct job *job;         /* being run */
};

struct cutter {
	uint64_t off, line;
	bool fresh;
	bool first;
};

/* The PGN member being read into chunks (calling thread). */
struct reading {
	bool active;
	vc_pgn_read_fn rd;
	void *ctx;
	const char *source;
	struct name *member;        /* the reading's reference */
	bool plain;
	struct cutter ct;
	const unsigned char *carry; /* bytes after the last cut */
	size_t carry_len;
	bool eof, err;
};

struct pipeline {
	const struct vc_pipe *p;
	const struct vc_pipe_command *cmd;
	struct vc_report *rep;   /* the main report */
	struct vc_input_options iopts;
	pthread_mutex_t mu;
	pthread_cond_t cv_work, cv_main, cv_chunk;
	struct chunk *chunks;
	int nchunks;             /* ring size */
	size_t chunk_size;
	size_t seg_split, job_hold_max; /* see struct seg */
	bool keep_raw;
	bool direct;             /* -j 1 (or no thread could start) */
	uint64_t nread;          /* chunks published */
	uint64_t flushed;        /* chunks whose output is written */
	uint64_t streamed;       /* chunks passed to cmd->stream_bytes */
	bool stream_open;        /* cmd->stream_begin called, stream_end not yet */
	struct job *chain;       /* the chain job being written */
	uint64_t chain_base;     /* games of the member before it */
	uint64_t member_games;   /* games of the current member written */
	struct job *qhead, *qtail;
	bool quit;
	struct worker *workers;
	int nworkers;            /* workers[0] is the calling thread */
	struct reading rs;
	/* --max-errors */
	long max_errors, fails;
	bool stopped;            /* the limit was reached: read no more */
	bool stop_saw_error;     /* ... after the member's read error */
	/* --format json: the writer's state inside the "games" array once it
	 * holds an item (segments are rendered in it) */
	bool json;
	struct vc_json json_more;
	bool copy_any[VC_PIPE_MAX_COPIES]; /* an item was written (copy_sep) */
	/* statistics (VCHESS_PAR_DEBUG) */
	uint64_t st_jobs, st_extend, st_restart, st_giveup, st_helped;
	/* progress */
	bool progress;
	double t0, last;
	uint64_t total_bytes, bytes_done;
	struct vc_input *cur;
};

static struct chunk *slot(struct pipeline *pl, uint64_t id)
{
	return &pl->chunks[id % (uint64_t)pl->nchunks];
}

/* ---- Segments -------------------------------------------------------------- */

static void out_of_memory(void)
{
	fputs("vchess: out of memory\n", stderr);
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

static void seg_free(struct pipeline *pl, struct seg *s)
{
	while (s) {
		struct seg *n = s->next;
		gbuf_put(s->out);
		for (int k = 0; k < VC_PIPE_MAX_COPIES; k++)
			gbuf_put(s->copy[k]);
		gbuf_put(s->note);
		free(s->marks.v);
		free(s->note_marks.v);
		if (s->state)
			pl->cmd->merge(pl->cmd->ctx, s->state, false);
		free(s);
		s = n;
	}
}

static size_t seg_len(const struct seg *s)
{
	size_t n = s->out->len + (s->note ? s->note->len : 0);
	for (int k = 0; k < VC_PIPE_MAX_COPIES; k++)
		if (s->copy[k])
			n += s->copy[k]->len;
	return n;
}

/* Called with the lock held: a new segment for w's job. */
static void seg_open(struct worker *w, struct job *J)
{
	struct pipeline *pl = J->pl;
	struct seg *s = calloc(1, sizeof *s);
	if (!s)
		out_of_memory();
	s->out = gbuf_get();
	s->fo = gbuf_open(s->out);
	for (int k = 0; k < pl->p->ncopies; k++)
		if (pl->p->copies[k])
			s->fc[k] = gbuf_open(s->copy[k] = gbuf_get());
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
static void seg_finish(struct worker *w)
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

/* With the lock held: J's last segment is finished (seg_finish). */
static void seg_done(struct job *J, bool chunk_end)
{
	J->tail->done = true;
	J->tail->chunk_end = chunk_end;
	J->held += J->tail->bytes;
	pthread_cond_broadcast(&J->pl->cv_main);
}

static void job_free(struct job *J)
{
	seg_free(J->pl, J->head);
	name_unref(J->member);
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

/* With the lock held: --max-errors was reached; no more output, every job
 * is dropped (freed by whoever finishes it). */
static void stop_all(struct pipeline *pl)
{
	struct job *ch = pl->chain;
	pl->chain = NULL;
	for (int i = 0; i < pl->nchunks; i++) {
		struct chunk *c = &pl->chunks[i];
		if (c->used && c->own && c->own != ch)
			job_orphan(c->own);
		c->own = NULL;
	}
	if (ch)
		job_orphan(ch);
	pthread_cond_broadcast(&pl->cv_chunk);
	pthread_cond_broadcast(&pl->cv_main);
}

/* ---- Progress ------------------------------------------------------------------ */

static void show_progress(struct pipeline *pl, bool final)
{
	double now = vc_cli_now();
	if (!final && now - pl->last < 0.25)
		return;
	pl->last = now;
	double el = now - pl->t0;
	uint64_t done = pl->bytes_done + (pl->cur ? vc_input_bytes_consumed(pl->cur) : 0);
	uint64_t games = pl->rep->games;
	double rate = el > 0 ? (double)games / el : 0;
	fprintf(stderr, "\r%.1f MB", (double)done / 1e6);
	if (pl->total_bytes)
		fprintf(stderr, " of %.1f MB (%.0f%%)", (double)pl->total_bytes / 1e6,
		        100.0 * (double)done / (double)pl->total_bytes);
	fprintf(stderr, ", %llu games, %.0f games/s", (unsigned long long)games, rate);
	if (pl->total_bytes && done > 0 && done < pl->total_bytes && el > 1)
		fprintf(stderr, ", %.0f s left",
		        el * (double)(pl->total_bytes - done) / (double)done);
	fputs(final ? "\n" : "   ", stderr);
	fflush(stderr);
}

/* ---- The checker's on_game ---------------------------------------------------- */

void vc_pipe_copy_game(struct vc_pipe_out *o, int k, const struct vc_gc_game *g)
{
	FILE *f = o->copy[k];
	if (!f)
		return;
	struct worker *w = o->priv;
	if (w->direct) {
		vc_report_copy_game(o->rep, f, g);
		return;
	}
	if (g->raw) {
		vc_report_copy_raw(f, g->raw, g->raw_len);
		return;
	}
	/* as vc_report_copy_game, numbered when written */
	struct seg *s = w->seg;
	char loc[512];
	if (!s->fn)
		s->fn = gbuf_open(s->note = gbuf_get());
	vc_report_location(loc, sizeof loc, g->source, g->member, g->line, 1);
	fprintf(s->fn, "vchess %s: %s: game ", o->rep->command, loc);
	vc_report_put_index(&s->note_marks, s->fn, g->index);
	fputs(" not copied: longer than vchess keeps (limit-raw, limit-line)\n", s->fn);
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

static void flush_ready(struct pipeline *pl);

static int worker_on_game(void *user, const struct vc_gc_game *g)
{
	struct worker *w = user;
	struct pipeline *pl = w->pl;
	int r = pl->cmd->on_game(w->wctx, &w->out, g);
	bool failed = (r & VC_PIPE_FAILED) && pl->max_errors > 0;
	if (w->direct) {
		if (pl->cmd->take) {
			void *st = pl->cmd->take(w->wctx);
			if (st)
				pl->cmd->merge(pl->cmd->ctx, st, true);
		}
		if (pl->progress)
			show_progress(pl, false);
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
	seg_finish(w);
	pthread_mutex_lock(&pl->mu);
	seg_done(J, false);
	seg_open(w, J);
	/* the chain's job too: when the output is written slower than it is
	 * made (a slow pipe), what waits for the writer stays bounded */
	while (!J->cancel && J->held > pl->job_hold_max) {
		if (w->main) {
			/* the writer is this thread */
			if (!J->chain) {
				job_cancel(J);
				pl->st_giveup++;
				break;
			}
			flush_ready(pl);
			break;
		}
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
	return 0;
}

/* ---- Jobs ------------------------------------------------------------------- */

static void read_chunk(struct pipeline *pl);

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
		if (c->last) {
			if (!c->read_error)
				return 0;
			J->saw_error = true;
			return VC_PGN_READ_ERROR;
		}
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
			if (w->main) {
				/* the reader is this thread: read it now */
				pthread_mutex_unlock(&pl->mu);
				read_chunk(pl);
				pthread_mutex_lock(&pl->mu);
				continue;
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
	vc_checker_visitor(&w->chk, &vis, c->source, name_str(J->member));
	struct vc_pgn_options po;
	memset(&po, 0, sizeof po);
	po.keep_raw = pl->keep_raw;
	po.comment_marker = '%'; /* as vc_checker_run: clocks only */
	po.start_offset = c->off;
	po.start_line = c->line;
	struct vc_pgn_reader rd;
	if (vc_pgn_reader_init_borrow(&rd, job_read, J, &vis, &po) != 0)
		out_of_memory();
	J->rd = &rd;
	vc_pgn_read(&rd);
	vc_pgn_reader_release(&rd);
	J->rd = NULL;
	seg_finish(w);
}

/* With the lock held (released while the job runs): run the job at the
 * head of the queue in worker w. */
static void run_one(struct worker *w)
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
			job_free(J);
		pthread_cond_broadcast(&pl->cv_main);
		return;
	}
	J->state = J_RUNNING;
	J->w = w;
	w->job = J;
	J->c = slot(pl, J->start);
	if (!J->c->used || J->c->id != J->start || !J->c->fresh)
		abort(); /* never: a job's chunk lives until it is cancelled */
	J->c->refs++;
	J->pos = 0;
	J->member = name_ref(J->c->member);
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
		run_one(w);
	}
	pthread_mutex_unlock(&pl->mu);
	return NULL;
}

/* With the lock held: queue a job starting at chunk c. */
static struct job *job_new(struct pipeline *pl, struct chunk *c, bool front)
{
	struct job *J = calloc(1, sizeof *J);
	if (!J)
		out_of_memory();
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

/* ---- The calling thread: writing ---------------------------------------------- */

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
	const struct vc_pipe *p = pl->p;
	struct vc_report *rep = pl->rep;
	if (s->out->len) {
		const char *b = s->out->p;
		size_t n = s->out->len;
		if (pl->json) {
			/* rendered as if after another game: the document's first
			 * game loses the comma */
			if (rep->games == 0 && b[0] == ',') {
				b++;
				n--;
				for (size_t i = 0; i < s->marks.n; i++)
					s->marks.v[i].offset--;
			}
			rep->json = pl->json_more;
			rep->json.fp = rep->out;
		}
		vc_report_write_marked(rep->out, b, n, &s->marks, base);
	}
	for (int k = 0; k < p->ncopies; k++) {
		struct gbuf *g = s->copy[k];
		if (!g || !g->len)
			continue;
		size_t skip = 0;
		if (p->copy_sep[k] && !pl->copy_any[k]) {
			skip = strlen(p->copy_sep[k]); /* the stream's first item */
			if (skip > g->len)
				skip = g->len;
		}
		pl->copy_any[k] = true;
		fwrite(g->p + skip, 1, g->len - skip, p->copies[k]);
	}
	if (s->note && s->note->len)
		vc_report_write_marked(stderr, s->note->p, s->note->len, &s->note_marks, base);
	vc_cli_check_output(rep->out);
	for (int k = 0; k < p->ncopies; k++)
		vc_cli_check_output(p->copies[k]); /* may be standard output */
	merge_counts(rep, &s->counts);
	if (s->state) {
		pl->cmd->merge(pl->cmd->ctx, s->state, true);
		s->state = NULL;
	}
	if (s->failed && ++pl->fails >= pl->max_errors) {
		pl->stopped = true;
		pl->stop_saw_error = s->saw_error;
	}
	if (pl->progress)
		show_progress(pl, false);
}

/* With the lock held (released while writing): write every segment of the
 * chain that is done, in order. */
static void flush_ready(struct pipeline *pl)
{
	while (!pl->stopped && pl->flushed < pl->nread) {
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
		if (pl->streamed == pl->flushed && pl->cmd->stream_bytes) {
			/* the chunk's bytes before the games that end in it */
			pl->streamed++;
			pthread_mutex_unlock(&pl->mu);
			if (c->first && pl->cmd->stream_begin)
				pl->cmd->stream_begin(pl->cmd->ctx, c->source, name_str(c->member));
			pl->stream_open = true;
			pl->cmd->stream_bytes(pl->cmd->ctx, (const char *)c->buf, c->len);
			pthread_mutex_lock(&pl->mu);
		}
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
		seg_free(pl, s);
		pthread_mutex_lock(&pl->mu);
		pthread_cond_broadcast(&pl->cv_chunk); /* a job may wait for this */
		if (pl->stopped) {
			stop_all(pl);
			if (pl->stream_open) {
				/* as -j 1 ends the member it stopped in */
				pl->stream_open = false;
				pthread_mutex_unlock(&pl->mu);
				if (pl->cmd->stream_end)
					pl->cmd->stream_end(pl->cmd->ctx, false);
				pthread_mutex_lock(&pl->mu);
			}
			return;
		}
		if (!chunk_end)
			continue; /* more of this chunk's output to come */
		if (c->own && c->own != J)
			job_orphan(c->own);
		c->own = NULL;
		pl->flushed++;
		if (c->last && pl->stream_open) {
			pl->stream_open = false;
			pthread_mutex_unlock(&pl->mu);
			if (pl->cmd->stream_end)
				pl->cmd->stream_end(pl->cmd->ctx, true);
			pthread_mutex_lock(&pl->mu);
		}
		if (over) {
			pl->chain = NULL;
			job_free(J);
		}
	}
}

/* Wait until everything read is written (or --max-errors stopped it),
 * running queued jobs meanwhile. */
static void drain(struct pipeline *pl)
{
	if (pl->direct)
		return;
	pthread_mutex_lock(&pl->mu);
	for (;;) {
		flush_ready(pl);
		if (pl->flushed == pl->nread || pl->stopped)
			break;
		if (pl->qhead) {
			pl->st_helped++;
			run_one(&pl->workers[0]);
			continue;
		}
		pthread_cond_wait(&pl->cv_main, &pl->mu);
	}
	pthread_mutex_unlock(&pl->mu);
}

/* With the lock held: give back what a written chunk holds. */
static void chunk_recycle(struct chunk *c)
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
		flush_ready(pl);
		if (pl->stopped) {
			pthread_mutex_unlock(&pl->mu);
			return NULL;
		}
		c = slot(pl, pl->nread);
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
	if (c->fresh) {
		job_new(pl, c, false);
		pl->st_jobs++;
	}
	pthread_cond_broadcast(&pl->cv_chunk);
	flush_ready(pl);
	pthread_mutex_unlock(&pl->mu);
}

/* ---- The calling thread: reading ------------------------------------------------ */

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
static void read_chunk(struct pipeline *pl)
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
			out_of_memory();
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
static bool chunk_member(struct pipeline *pl, vc_pgn_read_fn rd, void *ctx, const char *source,
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
		flush_ready(pl);
		if (pl->stopped)
			break;
		if (slot_free(pl)) {
			pthread_mutex_unlock(&pl->mu);
			read_chunk(pl);
			pthread_mutex_lock(&pl->mu);
		} else if (pl->qhead) {
			pl->st_helped++;
			run_one(&pl->workers[0]);
		} else {
			pthread_cond_wait(&pl->cv_main, &pl->mu);
		}
	}
	pthread_mutex_unlock(&pl->mu);
	rs->active = false;
	name_unref(rs->member);
	rs->member = NULL;
	return true;
}

/* An EPD member into a checker of its own, as vc_epd_check (epd.h) reads
 * one, but saying when memory runs out. Returns false when it did, before
 * any line was read. */
static bool epd_member(struct pipeline *pl, struct worker *w, struct vc_peek *pk,
                       const char *path, const char *member)
{
	struct vc_checker *c = malloc(sizeof *c);
	if (!c || vc_checker_init(c, pl->p->gc, worker_on_game, w)) {
		free(c);
		return false;
	}
	vc_checker_set_source(c, path, member);
	struct vc_epd_reader er;
	bool ok = vc_epd_reader_init(&er, pk, c) == VC_F_OK;
	if (ok) {
		/* worker_on_game stops the run at --max-errors */
		while (!pl->stopped && vc_epd_next(&er) > 0)
			;
		vc_epd_reader_release(&er);
	}
	vc_checker_release(c);
	free(c);
	return ok;
}

/* A member in the calling thread, writing straight to the outputs.
 * Returns false when memory ran out before any game was read. */
static bool direct_member(struct pipeline *pl, struct vc_peek *pk, bool epd, const char *path,
                          const char *member)
{
	struct worker *w = &pl->workers[0];
	const struct vc_pipe_command *cmd = pl->cmd;
	if (cmd->stream_bytes) {
		/* the member reader passes on what it reads from here on */
		struct vc_member_reader *mr = pk->ctx;
		if (cmd->stream_begin)
			cmd->stream_begin(cmd->ctx, path, member);
		if (pk->len)
			cmd->stream_bytes(cmd->ctx, pk->buf, pk->len);
		mr->tap = cmd->stream_bytes;
		mr->tap_ctx = cmd->ctx;
		mr->tap_on = true;
	}
	w->direct = true;
	w->out.rep = pl->rep;
	for (int k = 0; k < VC_PIPE_MAX_COPIES; k++)
		w->out.copy[k] = k < pl->p->ncopies ? pl->p->copies[k] : NULL;
	bool ok = epd ? epd_member(pl, w, pk, path, member)
	              : vc_checker_run(&w->chk, vc_peek_read, pk, path, member) != VC_PGN_NOMEM;
	w->direct = false;
	if (cmd->take) {
		void *st = cmd->take(w->wctx);
		if (st)
			cmd->merge(cmd->ctx, st, true);
	}
	if (cmd->stream_end)
		cmd->stream_end(cmd->ctx, ok && !pl->stopped);
	return ok;
}

/* Every member of one path. Returns VC_EXIT_OK, or VC_EXIT_INPUT after
 * reporting an input that could not be opened or read (what was read
 * before the fault has been reported). */
static int one_path(struct pipeline *pl, const char *path)
{
	struct vc_report *rep = pl->rep;
	struct vc_input_error err;
	vc_input_error_init(&err);
	struct vc_input *in = vc_input_open_opts(path, &pl->iopts, &err);
	if (!in) {
		drain(pl);
		if (pl->stopped)
			return VC_EXIT_OK; /* -j 1 would not have got here */
		vc_report_input_error(rep, path, NULL, vc_input_errkind_code(err.kind), err.message);
		return VC_EXIT_INPUT;
	}
	int status = VC_EXIT_OK, r = 0;
	const char *member;
	pl->cur = in;
	while (!pl->stopped && (r = vc_input_next_member(in, &member)) == 1) {
		struct vc_member_reader ic;
		vc_member_reader_init(&ic, in);
		struct vc_peek pk;
		if (!vc_member_peek(&pk, &ic, member)) {
			/* said after the output of every game before it, as -j 1
			 * says it */
			drain(pl);
			if (pl->stopped)
				break;
			fprintf(stderr, "vchess %s: %s:%s: skipped: not PGN or EPD\n", rep->command,
			        path, member);
			continue;
		}
		bool epd = vc_peek_is_epd(&pk), ok;
		if (pl->direct || epd) {
			drain(pl);
			if (pl->stopped)
				break;
			ok = direct_member(pl, &pk, epd, path, member);
		} else {
			ok = chunk_member(pl, vc_peek_read, &pk, path, member,
			                  vc_input_kind(in) == VC_INPUT_PLAIN);
		}
		if (!ok) {
			/* no reader could be made: an input error of the member,
			 * as a read error would be, after the games before it */
			drain(pl);
			if (!pl->stopped) {
				vc_report_input_error(rep, path, member, VC_F_OUT_OF_MEMORY,
				                      "out of memory: not read further");
				status = VC_EXIT_INPUT;
			}
			break;
		}
		if (ic.failed) {
			drain(pl);
			/* reported when -j 1 would have read up to it */
			if (!pl->stopped || pl->stop_saw_error) {
				const struct vc_input_error *e = vc_input_error(in);
				vc_report_input_error(rep, path, member,
				                      vc_input_errkind_code(e->kind), e->message);
				status = VC_EXIT_INPUT;
			}
			break;
		}
	}
	if (!pl->stopped && r < 0 && status == VC_EXIT_OK) {
		drain(pl);
		if (!pl->stopped) {
			const struct vc_input_error *e = vc_input_error(in);
			vc_report_input_error(rep, path, NULL, vc_input_errkind_code(e->kind),
			                      e->message);
			status = VC_EXIT_INPUT;
		}
	}
	drain(pl);
	pl->bytes_done += vc_input_bytes_consumed(in);
	pl->cur = NULL;
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

static ssize_t sink_write(void *ctx, const char *b, size_t n)
{
	(void)ctx;
	(void)b;
	return (ssize_t)n;
}

/* --format json: the writer's state once the games array holds an item. */
static void json_more_state(struct pipeline *pl)
{
	cookie_io_functions_t io = { NULL, sink_write, NULL, NULL };
	FILE *sink = fopencookie(NULL, "w", io);
	if (!sink)
		out_of_memory();
	pl->json_more = pl->rep->json;
	pl->json_more.fp = sink;
	vc_json_null(&pl->json_more);
	pl->json_more.fp = NULL;
	fclose(sink);
}

int vc_pipe_run(const struct vc_pipe *p, char **paths, int npaths)
{
	const struct vc_pipe_command *cmd = p->cmd;
	struct pipeline pl;
	memset(&pl, 0, sizeof pl);
	pl.p = p;
	pl.cmd = cmd;
	pl.rep = p->rep;
	vc_cli_input_options(p->opts, &pl.iopts);
	pl.max_errors = p->opts->max_errors;
	pl.progress = p->progress;
	pl.chunk_size = chunk_size_setting();
	pl.seg_split = pl.chunk_size / 4;
	pl.job_hold_max = 2 * pl.chunk_size;
	pl.keep_raw = p->gc->keep_raw;
	int jobs = p->opts->jobs > 1 ? p->opts->jobs : 1;
	pl.nchunks = 2 * jobs + 2;
	pl.chunks = calloc((size_t)pl.nchunks, sizeof *pl.chunks);
	pl.workers = calloc((size_t)jobs, sizeof *pl.workers);
	if (!pl.chunks || !pl.workers)
		out_of_memory();
	if (p->opts->format == VC_FORMAT_JSON) {
		pl.json = true;
		json_more_state(&pl);
	}
	pthread_mutex_init(&pl.mu, NULL);
	pthread_cond_init(&pl.cv_work, NULL);
	pthread_cond_init(&pl.cv_main, NULL);
	pthread_cond_init(&pl.cv_chunk, NULL);
	/* worker reports render entries; the JSON document is the main
	 * report's (seg_open gives them its state) */
	struct vc_cli_opts wopts = *p->opts;
	wopts.format = VC_FORMAT_TEXT;
	int nw = 0;
	for (; nw < jobs; nw++) {
		struct worker *w = &pl.workers[nw];
		w->pl = &pl;
		w->main = nw == 0;
		w->out.priv = w;
		if (vc_checker_init(&w->chk, p->gc, worker_on_game, w))
			break;
		vc_cli_report_init(&w->rep, NULL, &wopts, p->rep->command, p->shredder);
		w->rep.format = p->opts->format;
		w->wctx = cmd->worker_new ? cmd->worker_new(cmd->ctx, &w->chk) : cmd->ctx;
		if (!w->wctx) {
			vc_checker_release(&w->chk);
			break;
		}
		if (nw > 0 && pthread_create(&w->tid, NULL, worker_main, w)) {
			if (cmd->worker_free)
				cmd->worker_free(cmd->ctx, w->wctx);
			vc_checker_release(&w->chk);
			break;
		}
	}
	pl.nworkers = nw;
	int status = VC_EXIT_OK;
	if (nw == 0) {
		vc_cli_error(p->rep->command, "out of memory");
		status = VC_EXIT_INPUT;
	} else {
		pl.direct = nw == 1;
		pl.t0 = vc_cli_now();
		if (pl.progress)
			for (int i = 0; i < npaths; i++) {
				struct stat st;
				if (strcmp(paths[i], "-") != 0 && stat(paths[i], &st) == 0)
					pl.total_bytes += (uint64_t)st.st_size;
			}
		for (int i = 0; i < npaths && !pl.stopped; i++)
			if (one_path(&pl, paths[i]) == VC_EXIT_INPUT)
				status = VC_EXIT_INPUT;
		drain(&pl);
		if (pl.progress)
			show_progress(&pl, true);
	}
	if (getenv("VCHESS_PAR_DEBUG"))
		fprintf(stderr, "chunks %llu, jobs %llu, extended %llu, restarted %llu, gave up %llu, "
		        "run by the reader %llu\n",
		        (unsigned long long)pl.nread, (unsigned long long)pl.st_jobs,
		        (unsigned long long)pl.st_extend, (unsigned long long)pl.st_restart,
		        (unsigned long long)pl.st_giveup, (unsigned long long)pl.st_helped);
	pthread_mutex_lock(&pl.mu);
	pl.quit = true;
	pthread_cond_broadcast(&pl.cv_work);
	pthread_mutex_unlock(&pl.mu);
	for (int i = 0; i < nw; i++) {
		struct worker *w = &pl.workers[i];
		if (i > 0)
			pthread_join(w->tid, NULL);
		vc_checker_release(&w->chk);
		if (cmd->worker_free)
			cmd->worker_free(cmd->ctx, w->wctx);
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
