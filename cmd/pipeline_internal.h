/* vchess - what the files of the pipeline share: its state (struct
 * pipeline), chunks, jobs, workers, segments and member names, and the
 * functions each file offers the others. Private to cmd/pipeline.c and
 * cmd/pipe_*.c; commands use pipeline.h. The map and the locking rule,
 * which says who may touch each field, are at the top of pipeline.c.
 */
#ifndef VC_CMD_PIPELINE_INTERNAL_H
#define VC_CMD_PIPELINE_INTERNAL_H

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline.h"

#define CHUNK_DEFAULT ((size_t)1 << 20) /* VCHESS_CHUNK_SIZE's default */
#define LEND_MAX ((size_t)256 << 10)     /* most bytes a job lends its reader at once */

/* A member's name, shared by its chunks and jobs, which outlive the
 * input's own copy: one allocation per member (made before any of it is
 * read, so that running out of memory there is an error of the member
 * as a whole), freed with the last reference. References are taken and
 * dropped in any thread. */
struct name {
	int refs;
	char s[];
};

static inline struct name *name_new(const char *s)
{
	size_t n = strlen(s) + 1;
	struct name *nm = malloc(sizeof *nm + n);
	if (nm) {
		nm->refs = 1;
		memcpy(nm->s, s, n);
	}
	return nm;
}

static inline struct name *name_ref(struct name *nm)
{
	if (nm)
		__atomic_add_fetch(&nm->refs, 1, __ATOMIC_RELAXED);
	return nm;
}

static inline void name_unref(struct name *nm)
{
	if (nm && __atomic_sub_fetch(&nm->refs, 1, __ATOMIC_ACQ_REL) == 0)
		free(nm);
}

static inline const char *name_str(const struct name *nm)
{
	return nm ? nm->s : NULL;
}

/* A slot of the chunk ring (pipe_chunks.c): a block of the member's bytes
 * as the reader got them, cut anywhere (but never between CR and LF). */
struct chunk {
	uint64_t id;
	bool used;                 /* the slot holds chunk `id` */
	unsigned char *buf;        /* the chunk's bytes: len of them, owned, capacity cap */
	size_t len, cap;
	uint64_t off;              /* of buf[0] in the member */
	unsigned char pre[3];      /* the member's 3 bytes before buf[0] (first: none) */
	/* Its first game start (pipe_chunk_start): found by whichever job
	 * needs it first (atomics: the value is the same whoever finds it);
	 * 0 for a member's first chunk, NO_START when there is none. */
	size_t start;
	bool start_known;
	/* Lines: nlines, the line ends in buf (counted by a job, under the
	 * lock; `counted`); line, the line number of buf[0], set once every
	 * chunk of the member before it is counted (id <= pl->lres). */
	uint64_t line, nlines;
	bool counted;
	bool jobbed;               /* its job (from `start` on) was made */
	bool first;                /* first chunk of its member */
	bool last;                 /* the member ends after it */
	bool read_error;           /* ... with a read error */
	int refs;                  /* running jobs reading it */
	struct job *own;           /* the job starting at `start`, if any */
	const char *source;
	struct name *member;       /* a reference, NULL for a plain input */
};

#define NO_START SIZE_MAX

/* A growable output buffer, kept for reuse: segments come and go by the
 * thousand, and buffers of a megabyte freed by one thread and allocated by
 * another made the heap grow with the input. */
struct gbuf {
	char *p;
	size_t len, cap;
	struct gbuf *next; /* in the pool */
};

/* The input's bytes held for the copies of games (pipe_copy.c): member
 * offsets [base, top), the first in memory (mem[mstart, mlen)), the rest
 * in an unlinked temporary file (its bytes [frd, fwr); spill: its
 * descriptor, -1 until one is needed). */
struct copier {
	uint64_t base, top;
	char *mem;
	size_t mstart, mlen, mcap;
	int spill;
	uint64_t frd, fwr;
	FILE *last;  /* where the last game's share went (NULL: nowhere) */
	bool games;  /* a game's share was given away in this member */
	char tail;   /* the member's last byte fed ('\n' before any) */
	/* the last game's share: its last byte, and the result token that
	 * ends it in a copy if the next share is not its input successor
	 * (NULL: the game has its own result token; see pipe_copy.c) */
	char ltail;
	const char *lterm;
	/* the copy that got the end of the previous member: it gets the
	 * separator (pipe_copy.c) when another member is read
	 * (pipe_copy_begin), or at the end of a shard run that more input
	 * follows (pipe_copy_finish); NULL: none owed. owed_eol: the member
	 * had no line end at its end; owed_term: its last game's result
	 * token to write (NULL: none) */
	FILE *owed;
	bool owed_eol;
	const char *owed_term;
};

/* A game's share in a segment (-j N): given to copy k (-1: to none) when
 * the segment is written, after the first `at` bytes of its copy k
 * buffer; it ends at member offset `end`. */
struct copy_rec {
	int k;
	size_t at;
	uint64_t end;
	const char *term; /* worker copy_term */
	long d;         /* the game's decide_rec, -1: none */
};

/* A game's answer to come (cmd->decide, -j N): decide(data) is asked
 * before the segment's report output from offset `at` on is written, and
 * write_point(point) writes at offset `point` (SIZE_MAX: none). Data and
 * point are in the segment's dbuf. */
struct decide_rec {
	size_t at, point;
	size_t data, len, pdata, plen;
	int answer;
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
	struct copy_rec *recs; /* the games' shares, in order (copy_input) */
	size_t nrecs, caprecs;
	struct decide_rec *drecs; /* the games' answers to come, in order */
	size_t ndrecs, capdrecs;
	char *dbuf;               /* their data */
	size_t dlen, dcap;
};

enum job_state { J_QUEUED, J_RUNNING, J_FINISHED };

struct pipeline;

/* A job: one PGN reader and checker run from a fresh chunk on
 * (pipe_jobs.c). */
struct job {
	struct job *qnext;
	struct pipeline *pl;
	uint64_t start;        /* chunk id */
	struct chunk *c;       /* chunk being read (running) */
	size_t pos;            /* in c */
	size_t stop;           /* in c: its first game start, where the job
	                          stops if at rest there (NO_START: none, or
	                          c is the job's own chunk, or passed) */
	bool mid;              /* it stopped at a game start inside a chunk */
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
	/* a block job of a plain file (pipe_pread.c): its block's bytes
	 * (own, own_len; own_err: the read failed after them), then the
	 * following blocks read piece by piece into the worker's xbuf:
	 * block xblock's bytes [xbase, xbase + xlen), the next to lend
	 * at xpos, its first game start xstop (NO_START: none, not known
	 * yet or passed; xresolved: looked for), xpre its 3 bytes before,
	 * xtail the last 3 read, xeof: the file ended after them */
	struct pr_slot *ps;
	const char *own;
	size_t own_len;
	int own_err;
	bool ext, xresolved, xeof;
	uint64_t xblock;
	size_t xbase, xlen, xpos, xstop;
	unsigned char xpre[3], xtail[3];
};

/* A block of a plain file read with pread by the worker that claims it
 * (pipe_pread.c): its line ends, and how its job ended. */
struct pr_slot {
	uint64_t id;
	bool used;
	bool running;       /* its worker is in the job */
	bool counted;       /* nlines known */
	bool finished;      /* its job is over */
	bool cut;           /* ... at the first game start of block end_block */
	bool eof;           /* ... at the member's end (or its read error) */
	uint64_t nlines;    /* line ends in the block (a CR LF split by the
	                       block's start counted in the block before) */
	uint64_t line;      /* of its first byte, once lres passed it */
	uint64_t end_block;
	struct job J;
};

/* The plain-file mode of -j N (pipe_pread.c). */
struct pr_state {
	bool on;             /* a member is read so */
	int fd;
	size_t bsize;        /* block size */
	int nslots;
	struct pr_slot *slots;
	const char *source;
	uint64_t next;       /* the next block to claim */
	uint64_t limit;      /* no block from here on: past the file's end */
	uint64_t wnext;      /* the chain's block: the next output written */
	uint64_t lres, lres_line; /* blocks before lres counted; lres's line */
	int running;         /* jobs in workers */
	bool writing;        /* a thread writes the output */
	bool done;           /* the chain reached the member's end */
	bool saw_error;      /* ... at a read error, errno err */
	int err;
	uint64_t end_off;    /* where (bytes of the member) */
	int line_waiters;
	/* statistics (VCHESS_PAR_DEBUG) */
	uint64_t st_blocks, st_helped, st_waited, st_skipped;
};

/* A worker: a thread, or the calling thread (workers[0]), with its own
 * checker and command context. */
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
	/* copy_input: the reader (PGN) or position-line reader (EPD) running,
	 * and the game on_game is given: where its share ends, whether
	 * vc_pipe_copy_game took it */
	struct vc_pgn_reader *rd;
	struct vc_epd_reader *epd;
	uint64_t copy_end;
	/* the result token that ends the game in a copy where the next share
	 * is not its input successor's: NULL when the game has its own
	 * (pipe_copy_term) */
	const char *copy_term;
	bool copy_taken;
	/* cmd->decide: the game given to on_game asked for an answer
	 * (vc_pipe_decide), and the answer (VC_PIPE_LATER under -j N) */
	bool decided;
	int answer;
	/* pipe_pread.c: the worker's block (3 bytes before it, then the
	 * block) and its buffer for the bytes after its block */
	char *pbuf, *xbuf;
	size_t xcap;
	double cpu; /* its CPU time in seconds, once it ended (threads) */
};

/* The PGN member being read into chunks (calling thread). */
struct reading {
	bool active;
	vc_pgn_read_fn rd;
	void *ctx;
	const char *source;
	struct name *member;        /* the reading's reference */
	bool plain;
	uint64_t off;               /* of the next chunk in the member */
	bool first;                 /* the next chunk is the member's first */
	unsigned char pre[3];       /* the 3 bytes before it */
	const unsigned char *carry; /* bytes after the last cut */
	size_t carry_len;
	bool eof, err;
};

/* The run (vc_pipe_run). */
struct pipeline {
	const struct vc_pipe *p;
	const struct vc_pipe_command *cmd;
	struct vc_report *rep;   /* the main report */
	struct vc_input_options iopts;
	pthread_mutex_t mu;
	pthread_cond_t cv_work, cv_main, cv_chunk, cv_lines;
	struct chunk *chunks;
	int nchunks;             /* ring size */
	size_t chunk_size;
	size_t seg_split, job_hold_max; /* see struct seg */
	bool keep_raw;
	bool direct;             /* -j 1 (or no thread could start) */
	uint64_t nread;          /* chunks published */
	uint64_t lres;           /* chunks before it have their line set */
	uint64_t lres_line;      /* the line of chunk lres's first byte */
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
	bool stopped;            /* the limit was reached, or a signal came
	                            (interrupted): read no more */
	bool interrupted;        /* stopped by a signal (vc_cli_interrupted) */
	bool stop_saw_error;     /* ... after the member's read error */
	/* --format json: the writer's state inside the "games" array once it
	 * holds an item (segments are rendered in it) */
	bool json;
	struct vc_json json_more;
	bool copy_any[VC_PIPE_MAX_COPIES]; /* an item was written (copy_sep) */
	bool copy_input;         /* p->copy_input: the copier runs */
	struct copier copier;    /* calling thread */
	/* statistics (VCHESS_PAR_DEBUG) */
	uint64_t st_jobs, st_extend, st_restart, st_giveup, st_helped;
	/* progress */
	bool progress;
	double t0, last;
	uint64_t total_bytes, bytes_done;
	struct vc_input *cur;
	struct shard_run *shard;  /* a shard run (pipe_shard.c), or NULL */
	struct pr_state pr;       /* plain files under -j N (pipe_pread.c) */
};

/* The slot of chunk `id`. */
static inline struct chunk *slot(struct pipeline *pl, uint64_t id)
{
	return &pl->chunks[id % (uint64_t)pl->nchunks];
}

/* The bytes of output a segment holds. */
static inline size_t seg_len(const struct seg *s)
{
	size_t n = s->out->len + (s->note ? s->note->len : 0);
	for (int k = 0; k < VC_PIPE_MAX_COPIES; k++)
		if (s->copy[k])
			n += s->copy[k]->len;
	return n;
}

/* pipe_copy.c */
void pipe_copy_begin(struct copier *cp);
void pipe_copy_feed(struct copier *cp, const char *b, size_t n);
void pipe_copy_emit(struct copier *cp, FILE *f, uint64_t end, const char *term);
const char *pipe_copy_term(const struct vc_pgn_game *pg, const char *declared);
void pipe_copy_end(struct copier *cp, bool whole);
void pipe_copy_finish(struct copier *cp, bool more);
void pipe_copy_release(struct copier *cp);

/* pipeline.c */
void pipe_stream_begin(struct pipeline *pl, const char *source, const char *member);
void pipe_stream_bytes(void *pl, const char *buf, size_t n);
void pipe_stream_end(struct pipeline *pl, bool whole);
__attribute__((noreturn)) void pipe_out_of_memory(void);
void pipe_progress(struct pipeline *pl, bool final);
bool pipe_interrupted(struct pipeline *pl);
void pipe_wait_main(struct pipeline *pl);

/* pipeline.c: a PGN member read by worker w's checker (the calling
 * thread's, direct) from read(ctx), its first byte at member offset
 * `offset` and line `line` (0: line 1). False when no reader could be
 * made (out of memory). */
bool pipe_read_pgn(struct pipeline *pl, struct worker *w, vc_pgn_read_fn read, void *ctx,
                   const char *path, const char *member, uint64_t offset, uint64_t line);
/* pipe_output.c: the counts of `from` added to `into` */
void pipe_merge_counts(struct vc_report *into, const struct vc_report *from);

/* pipe_shard.c */
struct shard_run;
void pipe_shard_setup(struct pipeline *pl);
void pipe_shard_release(struct pipeline *pl);
bool pipe_shard_member(struct pipeline *pl, struct vc_input *in, struct vc_peek *pk,
                       const char *path);
int pipe_shard_on_game(struct worker *w, const struct vc_gc_game *g);

/* pipe_command.c */
int pipe_worker_on_game(void *user, const struct vc_gc_game *g);

/* pipe_chunks.c */
void pipe_chunk_recycle(struct chunk *c);
void pipe_read_chunk(struct pipeline *pl);
size_t pipe_chunk_start(struct chunk *c);
uint64_t pipe_chunk_line(struct pipeline *pl, struct chunk *c);
void pipe_chunk_counted(struct pipeline *pl, struct chunk *c, uint64_t nlines);
bool pipe_chunk_member(struct pipeline *pl, vc_pgn_read_fn rd, void *ctx, const char *source,
                       const char *member, bool plain);

/* pipe_jobs.c */
void pipe_job_free(struct job *J);
void pipe_job_cancel(struct job *J);
void pipe_job_orphan(struct job *J);
void pipe_stop_all(struct pipeline *pl);
void pipe_run_one(struct worker *w);
void *pipe_worker_main(void *arg);
struct job *pipe_job_new(struct pipeline *pl, struct chunk *c, bool front);

/* pipe_output.c */
struct gbuf *pipe_gbuf_get(void);
FILE *pipe_gbuf_open(struct gbuf *g);
void pipe_pool_release(void);
void pipe_seg_free(struct pipeline *pl, struct seg *s);
void pipe_seg_open(struct worker *w, struct job *J);
void pipe_seg_finish(struct worker *w);
void pipe_check_games(struct worker *w, struct job *J, vc_pgn_borrow_fn borrow,
                      const char *source, const char *member, uint64_t offset,
                      uint64_t line);
void pipe_seg_done(struct job *J, bool chunk_end);
void pipe_flush_ready(struct pipeline *pl);
void pipe_drain(struct pipeline *pl);
void pipe_write_seg(struct pipeline *pl, struct seg *s, uint64_t base);
/* The writer's step, block mode (pipe_pread.c pr_flush) and chunk mode
 * (pipe_flush_ready) alike. Called with pl->mu held by the one thread that
 * writes (block mode: the one that set pr->writing; chunk mode: the
 * calling thread), J's head segment done: unlink it from J (J->held less its bytes) under the
 * lock, write it with the lock released (vc_cli_output_hold, chain_base),
 * count its games into member_games, free it, take the lock again and wake
 * a job waiting for room (cv_chunk). Returns with pl->mu held; true when J
 * had finished and no segment of it was left (read under the lock, before
 * it was released: J may be finished by then). The unlinked segment is
 * the writer's alone (no other thread reaches it from J any more), and
 * member_games and chain_base are the writer's only, so nothing written
 * outside the lock is shared. */
bool pipe_write_head(struct pipeline *pl, struct job *J);

/* pipe_pread.c */
bool pipe_pr_member(struct pipeline *pl, struct vc_peek *pk, const char *path, bool *ok);
bool pipe_pr_work(struct worker *w);
void pipe_pr_seg_end(struct worker *w, struct job *J);
void pipe_pr_release(struct pipeline *pl);

#endif
