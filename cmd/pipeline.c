/* vchess - the pipeline of the commands that read games. See pipeline.h.
 *
 * The map. Four stages, whatever -j:
 *
 *   paths -> INPUT -----------> READER ------------> CHECKER ----------> REPORT WRITER
 *            one_path():        direct: the          a worker's PGN      cmd->on_game renders
 *            open, members,     checker reads the    reader and          the game into o->rep
 *            peek PGN or EPD,   member itself        vc_checker (or the  and o->copy[k]; the
 *            unreadable         (vc_checker_run);    EPD reader) from    writer puts the
 *            inputs (exit 3)    chunked: read into   a game start the    output out in input
 *                               blocks cut anywhere  job finds,          order: game numbers,
 *                               (pipe_read_chunk)    pipe_worker_on_game counts, command state
 *                                                    -> cmd->on_game     (cmd->merge), stops at
 *                                                    (pipe_command.c)    --max-errors
 *   files:   pipeline.c         pipe_chunks.c        pipe_jobs.c,        pipe_output.c
 *                                                    pipe_command.c,
 *                                                    formats/pgn_split.h
 *
 * Where -j splits: between the reader and the checker.
 *
 * Direct mode (-j 1, and EPD members for every -j): everything runs in the
 * calling thread in one pass per member, as a plain loop would: the
 * checker reads the member through the peek buffer (the input reads into
 * the PGN reader's own buffer: no chunk, no copy), and on_game writes
 * through the main report to the final streams (worker 0, w->direct; the
 * report writer is then the identity). EPD members are small; they are
 * checked after every chunk before them is written (pipe_drain()).
 *
 * Block mode (-j N, N >= 2, a named regular file read as plain PGN, when
 * no copy or stream needs the member's bytes in order; pipe_pread.c): no
 * reading thread. Each of the N workers (the calling thread one of them)
 * claims the next block of the file, reads it itself with pread, counts
 * its lines, and runs its job from the block's first game start on, past
 * the block's end to a later block's first start where its reader is at
 * rest, reading those bytes itself too; whoever finishes a piece of the
 * chain's output writes what is ready, in order. So -j N is N threads
 * doing -j 1's work plus a line count per block, and no thread waits for
 * one that lost its core, except for output held back (memory) or a
 * block's line count (a moment, then it counts the block itself).
 *
 * Chunked mode (-j N, N >= 2, other PGN members: compressed, archives,
 * standard input, copies): N workers, N - 1 threads and the calling
 * thread (workers[0], `main`). The calling thread reads each PGN member
 * into chunk buffers of about 1 MiB (VCHESS_CHUNK_SIZE; plain files are
 * read, not mapped: a mapped file truncated meanwhile would kill the
 * process with SIGBUS), cut wherever the bytes end (never between CR and
 * LF), and does nothing else with the bytes: whatever needs a look at
 * them is the workers', so that the one reading thread is not what the
 * run waits for when another process takes a core. A job is one PGN
 * reader and checker run that starts at its chunk's first game start (a
 * candidate of formats/pgn_split.h: a `[` that starts a line after a
 * blank line, found by the job; the member's first chunk: at 0), with the
 * line there from the chunks' line counts (each job counts its own chunk;
 * pipe_chunk_line), and reads on into the following chunks up to one's
 * first game start where its reader is at rest (vc_pgn_reader_at_rest):
 * it ends there, and the job that started there goes on. Where it is not
 * at rest (the candidate lies in a comment, a variation, a game without a
 * result), that job read what is not a game start: it is cancelled, and
 * this one reads over it. A job writes one segment of output per chunk it
 * reads (and closes a segment early after a quarter chunk of output, and
 * after each game that counts for --max-errors, so that the writer can
 * stop exactly there). The chain is the sequence of jobs -j 1 would be:
 * the first job of a member, then the job starting where it ended, and so
 * on; the writer writes the chain's segments in order, and only those,
 * adding the games before the job to the game numbers
 * (vc_report_write_marked). Every chunk gets a speculative job once the
 * chunk after it is read (every job reads into the next chunk to end its
 * last game); a chain job that is missing (cancelled, or given up) is
 * started again when its turn comes. The calling thread reads while a
 * chunk slot is free, and otherwise writes what is ready and runs queued
 * jobs itself; when a job it runs needs a chunk not read yet, it reads it
 * (the chain's job) or gives the job up (any other). Memory stays
 * bounded: at most 2N+2 chunks are in flight, and a job whose output is
 * not wanted yet waits (or gives up) while it holds more than two chunks'
 * worth.
 *
 * Locking: one mutex guards chunks, jobs, segment lists and the queue. A
 * worker runs a job without it, and takes it when the job moves to the
 * next chunk or ends. A chunk's bytes are read-only once published. The
 * main report, the command's totals and the reading state belong to the
 * calling thread.
 *
 * Files, one job each: pipeline.c (this one) runs the whole (vc_pipe_run:
 * workers, paths, the end) and the INPUT stage: opening each path, each
 * member told PGN or EPD and read directly, in blocks or in chunks,
 * unreadable inputs. pipe_pread.c is block mode; pipe_chunks.c is the
 * chunk ring the calling thread reads a PGN member into; pipe_jobs.c the jobs and the worker threads that run them;
 * pipe_command.c the command's side (on_game's output, copies, the
 * segment ends that --max-errors needs); pipe_output.c the segments of
 * output and the writer that puts them out in input order.
 * pipeline_internal.h is the state they share.
 */
#define _GNU_SOURCE /* fopencookie */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "pipeline_internal.h"

/* Out of memory where the pipeline has no way back: the run ends with
 * its summary marked incomplete and exit 3 (vc_cli_fatal, common.h). */
void pipe_out_of_memory(void)
{
	vc_cli_fatal(0, "out of memory");
}

/* An input error said in the report (a record among the games in JSON):
 * the calling thread writes to the outputs (vc_cli_output_hold). */
static void input_error(struct vc_report *rep, const char *path, const char *member,
                        enum vc_code code, const char *message)
{
	vc_cli_output_hold();
	vc_report_input_error(rep, path, member, code, message);
	vc_cli_output_release();
}

/* A signal asked the run to stop (common.h): from now on the run is
 * stopped, as --max-errors stops it, and nothing more is written but the
 * summary, marked incomplete. Called where the calling thread may stop:
 * before each game's output (direct) or each segment's (chunked). */
bool pipe_interrupted(struct pipeline *pl)
{
	if (!pl->interrupted && vc_cli_interrupted()) {
		pl->interrupted = true;
		pl->stopped = true;
		pl->stop_saw_error = false; /* input errors past here are not said */
	}
	return pl->interrupted;
}

/* The calling thread waits for a worker (with the lock held), and looks
 * for a signal at least ten times a second meanwhile (no handler may
 * signal a condition variable). */
void pipe_wait_main(struct pipeline *pl)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_nsec += 100 * 1000 * 1000;
	if (ts.tv_nsec >= 1000 * 1000 * 1000) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000 * 1000 * 1000;
	}
	pthread_cond_timedwait(&pl->cv_main, &pl->mu, &ts);
}

/* --progress: bytes, games and the rate on standard error, at most four
 * times a second (final: a last line, with its line end). */
void pipe_progress(struct pipeline *pl, bool final)
{
	double now = vc_cli_now();
	if (!final && now - pl->last < 0.25)
		return;
	pl->last = now;
	double el = now - pl->t0;
	uint64_t done = pl->bytes_done;
	if (pl->pr.on) /* pipe_pread.c: the blocks before the chain's */
		done += __atomic_load_n(&pl->pr.wnext, __ATOMIC_RELAXED) * pl->pr.bsize;
	else if (pl->cur)
		done += vc_input_bytes_consumed(pl->cur);
	uint64_t games = pl->rep->games;
	double rate = el > 0 ? (double)games / el : 0;
	fprintf(stderr, "\r%.1f MB", (double)done / 1e6);
	if (pl->total_bytes)
		fprintf(stderr, " of %.1f MB (%.0f%%)", (double)pl->total_bytes / 1e6,
		        100.0 * (double)done / (double)pl->total_bytes);
	fprintf(stderr, ", %llu game%s, %.0f games/s", (unsigned long long)games,
	        games == 1 ? "" : "s", rate);
	if (pl->total_bytes && done > 0 && done < pl->total_bytes && el > 1)
		fprintf(stderr, ", %.0f s left",
		        el * (double)(pl->total_bytes - done) / (double)done);
	fputs(final ? "\n" : "   ", stderr);
	fflush(stderr);
}

/* A member's bytes, in order, for the command's stream_* (adjudicate
 * --fix-results) and the copier (copy_input): calling thread. */
void pipe_stream_begin(struct pipeline *pl, const char *source, const char *member)
{
	if (pl->copy_input)
		pipe_copy_begin(&pl->copier);
	if (pl->cmd->stream_begin)
		pl->cmd->stream_begin(pl->cmd->ctx, source, member);
}

void pipe_stream_bytes(void *ctx, const char *buf, size_t n)
{
	struct pipeline *pl = ctx;
	if (pl->copy_input)
		pipe_copy_feed(&pl->copier, buf, n);
	if (pl->cmd->stream_bytes)
		pl->cmd->stream_bytes(pl->cmd->ctx, buf, n);
}

void pipe_stream_end(struct pipeline *pl, bool whole)
{
	if (pl->copy_input)
		pipe_copy_end(&pl->copier, whole);
	if (pl->cmd->stream_end)
		pl->cmd->stream_end(pl->cmd->ctx, whole);
}

/* An EPD member into a checker of its own, read by vc_epd_reader (epd.h),
 * saying when memory runs out. Returns false when it did, before
 * any line was read. */
static bool epd_member(struct pipeline *pl, struct worker *w, struct vc_peek *pk,
                       const char *path, const char *member)
{
	struct vc_checker *c = malloc(sizeof *c);
	if (!c || vc_checker_init(c, pl->p->gc, pipe_worker_on_game, w)) {
		free(c);
		return false;
	}
	vc_checker_set_source(c, path, member);
	struct vc_epd_reader er;
	bool ok = vc_epd_reader_init(&er, pk, c) == VC_F_OK;
	if (ok) {
		/* pipe_worker_on_game stops the run at --max-errors */
		w->epd = &er;
		while (!pl->stopped && vc_epd_next(&er) > 0)
			;
		w->epd = NULL;
		vc_epd_reader_release(&er);
	}
	vc_checker_release(c);
	free(c);
	return ok;
}

bool pipe_read_pgn(struct pipeline *pl, struct worker *w, vc_pgn_read_fn read, void *ctx,
                   const char *path, const char *member, uint64_t offset, uint64_t line)
{
	/* as vc_checker_run, with the reader at hand for on_game (its
	 * games' copy_end) */
	struct vc_pgn_visitor vis;
	vc_checker_visitor(&w->chk, &vis, path, member);
	struct vc_pgn_options po;
	memset(&po, 0, sizeof po);
	po.keep_raw = pl->keep_raw;
	po.comment_marker = '%'; /* the checker reads only [%clk] commands */
	po.start_offset = offset;
	po.start_line = line;
	struct vc_pgn_reader rd;
	if (vc_pgn_reader_init(&rd, read, ctx, &vis, &po) != 0)
		return false;
	w->rd = &rd;
	vc_pgn_read(&rd);
	w->rd = NULL;
	vc_pgn_reader_release(&rd);
	return true;
}

/* A member in the calling thread, writing straight to the outputs.
 * Returns false when memory ran out before any game was read. */
static bool direct_member(struct pipeline *pl, struct vc_peek *pk, bool epd, const char *path,
                          const char *member)
{
	struct worker *w = &pl->workers[0];
	const struct vc_pipe_command *cmd = pl->cmd;
	bool tap = cmd->stream_bytes || pl->copy_input;
	if (tap) {
		/* the member reader passes on what it reads from here on */
		struct vc_member_reader *mr = pk->ctx;
		pipe_stream_begin(pl, path, member);
		if (pk->len)
			pipe_stream_bytes(pl, pk->buf, pk->len);
		mr->tap = pipe_stream_bytes;
		mr->tap_ctx = pl;
		mr->tap_on = true;
	}
	w->direct = true;
	w->out.rep = pl->rep;
	for (int k = 0; k < VC_PIPE_MAX_COPIES; k++)
		w->out.copy[k] = k < pl->p->ncopies ? pl->p->copies[k] : NULL;
	bool ok;
	if (epd) {
		ok = epd_member(pl, w, pk, path, member);
	} else {
		ok = pipe_read_pgn(pl, w, vc_peek_read, pk, path, member, 0, 0);
	}
	w->direct = false;
	if (cmd->take) {
		void *st = cmd->take(w->wctx);
		if (st)
			cmd->merge(cmd->ctx, st, true);
	}
	if (tap) {
		struct vc_member_reader *mr = pk->ctx;
		mr->tap_on = false;
		pipe_stream_end(pl, ok && !pl->stopped);
	}
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
		pipe_drain(pl);
		if (pl->stopped)
			return VC_EXIT_OK; /* -j 1 would not have got here */
		input_error(rep, path, NULL, vc_input_errkind_code(err.kind), err.message);
		return VC_EXIT_INPUT;
	}
	int status = VC_EXIT_OK, r = 0;
	bool pread_used = false; /* its bytes counted by pipe_pr_member */
	uint64_t records = rep->games; /* final: the path before was drained */
	/* the failure reported last: a failure the archive cannot go on
	 * from is returned again by vc_input_next_member, not said twice */
	struct vc_input_error reported;
	vc_input_error_init(&reported);
	const char *member;
	pl->cur = in;
	while (!pl->stopped && (r = vc_input_next_member(in, &member)) != 0) {
		if (r < 0) {
			/* between members (a member of a member could not be
			 * reached): said once, then on when the archive allows */
			const struct vc_input_error *again = vc_input_error(in);
			if (again->kind == reported.kind &&
			    strcmp(again->message, reported.message) == 0)
				break; /* the same failure (after a reopen, say) */
			pipe_drain(pl);
			if (pl->stopped)
				break;
			const struct vc_input_error *e = vc_input_error(in);
			input_error(rep, path, NULL, vc_input_errkind_code(e->kind),
			            e->message);
			status = VC_EXIT_INPUT;
			reported = *e;
			continue;
		}
		struct vc_member_reader ic;
		vc_member_reader_init(&ic, in);
		struct vc_peek pk;
		if (pl->shard && pl->p->shard->unit != VC_INPUT_RANGE_NONE) {
			/* a range of the file (pipe_shard.c): PGN, one member */
			vc_peek_init(&pk, vc_member_read, &ic);
			if (pl->p->shard->first && vc_peek_is_epd(&pk)) {
				vc_cli_error(rep->command, "%s: EPD input is not cut into shards: give "
				             "the whole file (--shard 0/1)", path);
				status = VC_EXIT_INPUT;
				break;
			}
			if (!pipe_shard_member(pl, in, &pk, path)) {
				vc_report_input_error(rep, path, NULL, VC_F_OUT_OF_MEMORY,
				                      "out of memory: not read further");
				status = VC_EXIT_INPUT;
				break;
			}
			if (ic.failed) {
				const struct vc_input_error *e = vc_input_error(in);
				vc_report_input_error(rep, path, NULL, vc_input_errkind_code(e->kind),
				                      e->message);
				status = VC_EXIT_INPUT;
			}
			break;
		}
		if (!vc_member_peek(&pk, &ic, member)) {
			/* said after the output of every game before it, as -j 1
			 * says it */
			pipe_drain(pl);
			if (pl->stopped)
				break;
			vc_cli_error(rep->command, "%s:%s: skipped: %s", path, member,
			             vc_member_skip_reason(&ic));
			continue;
		}
		bool epd = vc_peek_is_epd(&pk), ok;
		if (pl->direct || epd) {
			pipe_drain(pl);
			if (pl->stopped)
				break;
			vc_cli_output_hold(); /* it writes to the outputs */
			ok = direct_member(pl, &pk, epd, path, member);
			vc_cli_output_release();
		} else if (vc_input_kind(in) == VC_INPUT_PLAIN && !member &&
		           pipe_pr_member(pl, &pk, path, &ok)) {
			/* read by the workers themselves (pipe_pread.c) */
			pread_used = true;
			if (pl->pr.saw_error && (!pl->stopped || pl->stop_saw_error)) {
				char msg[256];
				snprintf(msg, sizeof msg, "read error: %s", strerror(pl->pr.err));
				input_error(rep, path, member, VC_F_READ_ERROR, msg);
				status = VC_EXIT_INPUT;
			}
			if (pl->stopped)
				break;
			continue;
		} else {
			ok = pipe_chunk_member(pl, vc_peek_read, &pk, path, member,
			                  vc_input_kind(in) == VC_INPUT_PLAIN);
		}
		if (!ok) {
			/* no reader could be made: an input error of the member,
			 * as a read error would be, after the games before it */
			pipe_drain(pl);
			if (!pl->stopped) {
				input_error(rep, path, member, VC_F_OUT_OF_MEMORY,
				            "out of memory: not read further");
				status = VC_EXIT_INPUT;
			}
			break;
		}
		if (ic.failed) {
			pipe_drain(pl);
			/* reported when -j 1 would have read up to it */
			if (!pl->stopped || pl->stop_saw_error) {
				const struct vc_input_error *e = vc_input_error(in);
				input_error(rep, path, member,
				            vc_input_errkind_code(e->kind), e->message);
				status = VC_EXIT_INPUT;
				reported = *e;
			}
			/* the archive goes on with its next member when it can
			 * (input.h); else the next call fails the same way */
			if (pl->stopped)
				break;
		}
	}
	pipe_drain(pl);
	/* a shard: only the file's first, when no game starts in the file */
	bool whole = !pl->shard || pl->p->shard->unit == VC_INPUT_RANGE_NONE ||
	             (pl->p->shard->first && !pl->p->part->has_next);
	if (status == VC_EXIT_OK && !pl->stopped && rep->games == records && whole)
		vc_report_input_warning(rep, path, NULL, VC_F_EMPTY_INPUT,
		                        "no game or position in the input");
	if (!pread_used)
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
		pipe_out_of_memory();
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
	pl.copy_input = p->copy_input;
	pl.copier.spill = -1;
	if (pl.copy_input)
		p->rep->with_copy_end = true;
	int jobs = p->opts->jobs > 1 ? p->opts->jobs : 1;
	if (p->shard) {
		/* a shard run: one thread (shards are the parallelism) */
		jobs = 1;
		pl.iopts.range_unit = p->shard->unit;
		pl.iopts.range_start = p->shard->start;
		pl.iopts.range_end = p->shard->end;
	}
	pl.nchunks = 2 * jobs + 2;
	pl.chunks = calloc((size_t)pl.nchunks, sizeof *pl.chunks);
	pl.workers = calloc((size_t)jobs, sizeof *pl.workers);
	if (!pl.chunks || !pl.workers)
		pipe_out_of_memory();
	if (p->opts->format == VC_FORMAT_JSON && !p->shard) {
		pl.json = true;
		json_more_state(&pl);
	}
	pthread_mutex_init(&pl.mu, NULL);
	pthread_cond_init(&pl.cv_work, NULL);
	pthread_cond_init(&pl.cv_main, NULL);
	pthread_cond_init(&pl.cv_chunk, NULL);
	pthread_cond_init(&pl.cv_lines, NULL);
	/* signals set a flag from here on, which the calling thread checks
	 * between games; the worker threads never take them (they are
	 * started with them blocked), so a signal reaches the thread that
	 * reads the input and writes the output */
	vc_cli_cooperate();
	sigset_t sigs, oldmask;
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGINT);
	sigaddset(&sigs, SIGTERM);
	sigaddset(&sigs, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &sigs, &oldmask);
	/* worker reports render entries; the JSON document is the main
	 * report's (pipe_seg_open gives them its state) */
	struct vc_cli_opts wopts = *p->opts;
	wopts.format = VC_FORMAT_TEXT;
	int nw = 0;
	for (; nw < jobs; nw++) {
		struct worker *w = &pl.workers[nw];
		w->pl = &pl;
		w->main = nw == 0;
		w->out.priv = w;
		if (vc_checker_init(&w->chk, p->gc, pipe_worker_on_game, w))
			break;
		vc_cli_report_init(&w->rep, NULL, &wopts, p->rep->command, p->shredder);
		w->rep.format = p->opts->format;
		w->rep.fragment = true; /* joined by write_seg (vc_report_join) */
		w->rep.with_copy_end = pl.copy_input;
		w->wctx = cmd->worker_new ? cmd->worker_new(cmd->ctx, &w->chk) : cmd->ctx;
		if (!w->wctx) {
			vc_checker_release(&w->chk);
			break;
		}
		if (nw > 0 && pthread_create(&w->tid, NULL, pipe_worker_main, w)) {
			if (cmd->worker_free)
				cmd->worker_free(cmd->ctx, w->wctx);
			vc_checker_release(&w->chk);
			break;
		}
	}
	pthread_sigmask(SIG_SETMASK, &oldmask, NULL);
	pl.nworkers = nw;
	int status = VC_EXIT_OK;
	if (nw == 0) {
		vc_cli_error(p->rep->command, "out of memory");
		status = VC_EXIT_INPUT;
	} else {
		pl.direct = nw == 1;
		if (p->shard)
			pipe_shard_setup(&pl);
		pl.t0 = vc_cli_now();
		if (pl.progress)
			for (int i = 0; i < npaths; i++) {
				struct stat st;
				/* standard input too, redirected from a file */
				if (strcmp(paths[i], "-") == 0 ? fstat(0, &st) == 0 && S_ISREG(st.st_mode)
				                               : stat(paths[i], &st) == 0)
					pl.total_bytes += (uint64_t)st.st_size;
			}
		for (int i = 0; i < npaths && !pl.stopped; i++)
			if (one_path(&pl, paths[i]) == VC_EXIT_INPUT)
				status = VC_EXIT_INPUT;
		pipe_drain(&pl);
		/* the last look: a signal that came while the input was read
		 * to its end (standard input pointed at /dev/null by the
		 * handler ends so) makes the run incomplete too */
		pipe_interrupted(&pl);
		if (pl.progress)
			pipe_progress(&pl, true);
	}
	p->rep->stop = pl.interrupted ? VC_REPORT_INTERRUPTED
	               : pl.stopped ? VC_REPORT_MAX_ERRORS : VC_REPORT_COMPLETE;
	if (getenv("VCHESS_PAR_DEBUG"))
		fprintf(stderr, "chunks %llu, jobs %llu, extended %llu, restarted %llu, gave up %llu, "
		        "run by the reader %llu\n",
		        (unsigned long long)pl.nread, (unsigned long long)pl.st_jobs,
		        (unsigned long long)pl.st_extend, (unsigned long long)pl.st_restart,
		        (unsigned long long)pl.st_giveup, (unsigned long long)pl.st_helped);
	if (getenv("VCHESS_PAR_DEBUG") && pl.pr.st_blocks)
		fprintf(stderr, "pread blocks %llu, line waits %llu, counted for another %llu, "
		        "passed over %llu\n",
		        (unsigned long long)pl.pr.st_blocks, (unsigned long long)pl.pr.st_waited,
		        (unsigned long long)pl.pr.st_helped, (unsigned long long)pl.pr.st_skipped);
	pthread_mutex_lock(&pl.mu);
	pl.quit = true;
	pthread_cond_broadcast(&pl.cv_work);
	pthread_mutex_unlock(&pl.mu);
	if (getenv("VCHESS_PAR_DEBUG")) {
		struct timespec ts;
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
		pl.workers[0].cpu = (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
	}
	for (int i = 0; i < nw; i++) {
		struct worker *w = &pl.workers[i];
		if (i > 0)
			pthread_join(w->tid, NULL);
		vc_checker_release(&w->chk);
		if (cmd->worker_free)
			cmd->worker_free(cmd->ctx, w->wctx);
	}
	if (getenv("VCHESS_PAR_DEBUG") && nw > 1) {
		fprintf(stderr, "CPU s per thread:");
		for (int i = 0; i < nw; i++)
			fprintf(stderr, " %.3f", pl.workers[i].cpu);
		fprintf(stderr, "\n");
	}
	/* jobs left: cancelled ones that finished after their chunk was
	 * written are freed by their worker; queued cancelled ones here */
	while (pl.qhead) {
		struct job *J = pl.qhead;
		pl.qhead = J->qnext;
		if (J->orphan)
			pipe_job_free(J);
	}
	for (int i = 0; i < pl.nchunks; i++) {
		struct chunk *c = &pl.chunks[i];
		if (c->used) {
			if (c->own)
				pipe_job_free(c->own);
			pipe_chunk_recycle(c);
		}
		free(c->buf);
	}
	pipe_shard_release(&pl);
	pipe_pr_release(&pl);
	pipe_pool_release();
	/* a shard run that more input follows: the line end one run owes */
	pipe_copy_finish(&pl.copier, p->shard && p->shard->more);
	pipe_copy_release(&pl.copier);
	pthread_mutex_destroy(&pl.mu);
	pthread_cond_destroy(&pl.cv_work);
	pthread_cond_destroy(&pl.cv_main);
	pthread_cond_destroy(&pl.cv_chunk);
	pthread_cond_destroy(&pl.cv_lines);
	free(pl.chunks);
	free(pl.workers);
	return status;
}
