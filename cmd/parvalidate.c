/* vchess - `validate -j N`. See parvalidate.h. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "parvalidate.h"
#include "epdcheck.h"
#include "input.h"
#include "inputloop.h"
#include "pgnrec.h"

#define BATCH_GAMES 64
#define BATCH_BYTES ((size_t)1 << 20)

enum slot_state { SLOT_FREE, SLOT_READY, SLOT_BUSY, SLOT_DONE };

struct slot {
	enum slot_state state;
	struct vc_pgnrec rec;
	const char *source;
	char *member;
	char *out, *vout, *iout;
	size_t out_len, vout_len, iout_len;
};

struct worker;

struct pipeline {
	struct vc_par_validate *p;
	pthread_mutex_t mu;
	pthread_cond_t cv_work, cv_done;
	struct slot *slots;
	int nslots;
	uint64_t next_submit, next_take, next_flush; /* sequence numbers */
	bool quit;
	struct worker *workers;
	int nworkers;
	bool write_failed;
};

struct worker {
	struct pipeline *pl;
	pthread_t tid;
	struct vc_checker chk;
	struct vc_report rep;
	FILE *vf, *inf;
};

static int worker_on_game(void *user, const struct vc_gc_game *g)
{
	struct worker *w = user;
	vc_report_game(&w->rep, g, NULL, NULL);
	vc_report_copy_game(&w->rep, g->valid ? w->vf : w->inf, g);
	return 0;
}

static void run_slot(struct worker *w, struct slot *s)
{
	struct vc_par_validate *p = w->pl->p;
	FILE *out = open_memstream(&s->out, &s->out_len);
	w->vf = p->valid_out ? open_memstream(&s->vout, &s->vout_len) : NULL;
	w->inf = p->invalid_out ? open_memstream(&s->iout, &s->iout_len) : NULL;
	w->rep.out = out;
	struct vc_pgn_visitor vis;
	vc_checker_visitor(&w->chk, &vis, s->source, s->member);
	vc_pgnrec_replay(s->rec.buf, s->rec.len, &vis);
	if (out)
		fclose(out);
	if (w->vf)
		fclose(w->vf);
	if (w->inf)
		fclose(w->inf);
	w->vf = w->inf = NULL;
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct pipeline *pl = w->pl;
	pthread_mutex_lock(&pl->mu);
	for (;;) {
		while (!pl->quit && pl->next_take == pl->next_submit)
			pthread_cond_wait(&pl->cv_work, &pl->mu);
		if (pl->next_take == pl->next_submit && pl->quit)
			break;
		struct slot *s = &pl->slots[pl->next_take % (uint64_t)pl->nslots];
		pl->next_take++;
		s->state = SLOT_BUSY;
		pthread_mutex_unlock(&pl->mu);
		run_slot(w, s);
		pthread_mutex_lock(&pl->mu);
		s->state = SLOT_DONE;
		pthread_cond_broadcast(&pl->cv_done);
	}
	pthread_mutex_unlock(&pl->mu);
	return NULL;
}

/* Write the finished batches at the head of the queue, in order; with
 * `wait`, wait until the oldest unflushed batch is done first. Called with
 * the mutex held (by the main thread only); it is released while writing. */
static void flush(struct pipeline *pl, bool wait_oldest)
{
	struct vc_par_validate *p = pl->p;
	while (pl->next_flush < pl->next_submit) {
		struct slot *s = &pl->slots[pl->next_flush % (uint64_t)pl->nslots];
		if (s->state != SLOT_DONE) {
			if (!wait_oldest)
				return;
			pthread_cond_wait(&pl->cv_done, &pl->mu);
			continue;
		}
		wait_oldest = false;
		/* Only this (the main) thread touches a finished slot until it is
		 * free again: write without holding the lock, so that workers can
		 * hand in and take batches meanwhile. */
		pthread_mutex_unlock(&pl->mu);
		if (s->out_len)
			fwrite(s->out, 1, s->out_len, p->rep->out);
		if (s->vout_len)
			fwrite(s->vout, 1, s->vout_len, p->valid_out);
		if (s->iout_len)
			fwrite(s->iout, 1, s->iout_len, p->invalid_out);
		vc_cli_check_output(p->rep->out);
		vc_cli_check_output(p->valid_out); /* may be standard output */
		vc_cli_check_output(p->invalid_out);
		free(s->out);
		free(s->vout);
		free(s->iout);
		free(s->member);
		s->out = s->vout = s->iout = NULL;
		s->member = NULL;
		s->out_len = s->vout_len = s->iout_len = 0;
		vc_pgnrec_clear(&s->rec);
		pthread_mutex_lock(&pl->mu);
		s->state = SLOT_FREE;
		pl->next_flush++;
	}
}

static void drain(struct pipeline *pl)
{
	pthread_mutex_lock(&pl->mu);
	while (pl->next_flush < pl->next_submit)
		flush(pl, true);
	pthread_mutex_unlock(&pl->mu);
}

/* Hand the recorded games in *cur to the workers (swapping buffers with a
 * free slot). */
static void submit(struct pipeline *pl, struct vc_pgnrec *cur, const char *source,
                   const char *member)
{
	if (cur->games == 0)
		return;
	pthread_mutex_lock(&pl->mu);
	/* a free slot: flush finished ones, wait for the oldest if all are busy */
	while (pl->next_submit - pl->next_flush >= (uint64_t)pl->nslots)
		flush(pl, true);
	struct slot *s = &pl->slots[pl->next_submit % (uint64_t)pl->nslots];
	struct vc_pgnrec tmp = s->rec;
	s->rec = *cur;
	*cur = tmp;
	vc_pgnrec_clear(cur);
	cur->comments = s->rec.comments;
	cur->keep_raw = s->rec.keep_raw;
	/* the next game may have begun already: it stays with the reader */
	vc_pgnrec_move_open(&s->rec, cur);
	s->source = source;
	s->member = member ? strdup(member) : NULL;
	s->state = SLOT_READY;
	pl->next_submit++;
	pthread_cond_signal(&pl->cv_work);
	flush(pl, false);
	pthread_mutex_unlock(&pl->mu);
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

static int one_path(struct pipeline *pl, struct vc_pgnrec *cur, const char *path,
                    uint64_t *games_read, double t0)
{
	struct vc_par_validate *p = pl->p;
	struct vc_input_error err;
	vc_input_error_init(&err);
	struct vc_input_options io;
	vc_cli_input_options(p->opts, &io);
	struct vc_input *in = vc_input_open_opts(path, &io, &err);
	if (!in) {
		drain(pl);
		vc_report_input_error(p->rep, path, NULL, vc_input_errkind_name(err.kind), err.message);
		return VC_EXIT_INPUT;
	}
	int status = VC_EXIT_OK, r;
	const char *member;
	double last = 0;
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
			struct vc_pgn_visitor vis = vc_pgnrec_visitor;
			vis.user = cur;
			struct vc_pgn_options po;
			memset(&po, 0, sizeof po);
			po.keep_raw = cur->keep_raw;
			po.comment_marker = '%'; /* as vc_checker_run: clocks only */
			struct vc_pgn_reader rd;
			if (vc_pgn_reader_init(&rd, vc_peek_read, &pk, &vis, &po) == 0) {
				while (vc_pgn_read_game(&rd) == VC_PGN_GAME) {
					(*games_read)++;
					if (cur->games >= BATCH_GAMES || cur->len >= BATCH_BYTES)
						submit(pl, cur, path, member);
					if (p->progress) {
						double now = vc_cli_now();
						if (now - last >= 0.25) {
							last = now;
							fprintf(stderr, "\r%.1f MB, %llu games, %.0f games/s   ",
							        (double)vc_input_bytes_consumed(in) / 1e6,
							        (unsigned long long)*games_read,
							        (double)*games_read / (now - t0 + 1e-9));
						}
					}
				}
				vc_pgn_reader_release(&rd);
			}
			submit(pl, cur, path, member);
		}
		if (ic.failed) {
			drain(pl);
			const struct vc_input_error *e = vc_input_error(in);
			vc_report_input_error(p->rep, path, member, vc_input_errkind_name(e->kind),
			                      e->message);
			status = VC_EXIT_INPUT;
			break;
		}
	}
	if (r < 0 && status == VC_EXIT_OK) {
		drain(pl);
		const struct vc_input_error *e = vc_input_error(in);
		vc_report_input_error(p->rep, path, NULL, vc_input_errkind_name(e->kind), e->message);
		status = VC_EXIT_INPUT;
	}
	drain(pl); /* member names belong to the input: done before closing */
	vc_input_close(in);
	return status;
}

static void merge_counts(struct vc_report *into, const struct vc_report *from)
{
	into->games += from->games;
	into->valid += from->valid;
	into->invalid += from->invalid;
	into->warnings += from->warnings;
	into->errors += from->errors;
	for (int i = 0; i < from->ncodes; i++) {
		int k;
		for (k = 0; k < into->ncodes; k++)
			if (strcmp(into->codes[k].code, from->codes[i].code) == 0)
				break;
		if (k == into->ncodes) {
			if (into->ncodes >= VC_REPORT_MAX_CODES)
				continue;
			into->codes[k].code = from->codes[i].code;
			into->codes[k].count = 0;
			into->ncodes++;
		}
		into->codes[k].count += from->codes[i].count;
	}
}

int vc_validate_parallel(struct vc_par_validate *p, char **paths, int npaths)
{
	struct pipeline pl;
	memset(&pl, 0, sizeof pl);
	pl.p = p;
	pl.nslots = 2 * p->jobs + 2;
	pl.slots = calloc((size_t)pl.nslots, sizeof *pl.slots);
	pl.workers = calloc((size_t)p->jobs, sizeof *pl.workers);
	if (!pl.slots || !pl.workers) {
		free(pl.slots);
		free(pl.workers);
		return -1;
	}
	bool keep_raw = p->valid_out || p->invalid_out;
	for (int i = 0; i < pl.nslots; i++)
		vc_pgnrec_init(&pl.slots[i].rec, true, keep_raw);
	pthread_mutex_init(&pl.mu, NULL);
	pthread_cond_init(&pl.cv_work, NULL);
	pthread_cond_init(&pl.cv_done, NULL);
	int started = 0;
	for (int i = 0; i < p->jobs; i++) {
		struct worker *w = &pl.workers[i];
		w->pl = &pl;
		if (vc_checker_init(&w->chk, p->gc, worker_on_game, w))
			break;
		vc_report_init(&w->rep, NULL, p->opts, p->rep->command, p->shredder);
		if (pthread_create(&w->tid, NULL, worker_main, w)) {
			vc_checker_release(&w->chk);
			break;
		}
		started++;
	}
	pl.nworkers = started;
	int status = started ? VC_EXIT_OK : -1;
	if (started) {
		struct vc_pgnrec cur;
		vc_pgnrec_init(&cur, true, keep_raw);
		uint64_t games_read = 0;
		double t0 = vc_cli_now();
		for (int i = 0; i < npaths; i++)
			if (one_path(&pl, &cur, paths[i], &games_read, t0) == VC_EXIT_INPUT)
				status = VC_EXIT_INPUT;
		drain(&pl);
		vc_pgnrec_release(&cur);
		if (p->progress)
			fprintf(stderr, "\r%llu games, %.0f games/s\n", (unsigned long long)games_read,
			        (double)games_read / (vc_cli_now() - t0 + 1e-9));
	}
	pthread_mutex_lock(&pl.mu);
	pl.quit = true;
	pthread_cond_broadcast(&pl.cv_work);
	pthread_mutex_unlock(&pl.mu);
	for (int i = 0; i < started; i++) {
		pthread_join(pl.workers[i].tid, NULL);
		merge_counts(p->rep, &pl.workers[i].rep);
		vc_checker_release(&pl.workers[i].chk);
	}
	for (int i = 0; i < pl.nslots; i++)
		vc_pgnrec_release(&pl.slots[i].rec);
	pthread_mutex_destroy(&pl.mu);
	pthread_cond_destroy(&pl.cv_work);
	pthread_cond_destroy(&pl.cv_done);
	free(pl.slots);
	free(pl.workers);
	return status;
}
