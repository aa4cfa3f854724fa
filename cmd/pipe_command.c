/* vchess - the pipeline's side of the command interface (pipeline.h):
 * where a command's on_game writes (the final streams under -j 1 and for
 * EPD, the job's segment under -j N), its copies (vc_pipe_copy_game,
 * vc_pipe_copy_item), and every worker's checker on_game, which calls
 * the command's, merges its state at once under -j 1, and under -j N ends
 * the segment when it is big enough or when --max-errors may stop after
 * the game.
 */
#include "pipeline_internal.h"

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
		s->fn = pipe_gbuf_open(s->note = pipe_gbuf_get());
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

int pipe_worker_on_game(void *user, const struct vc_gc_game *g)
{
	struct worker *w = user;
	struct pipeline *pl = w->pl;
	/* -j 1: a signal stops the run before this game's output (it may
	 * be a game cut short by the end of standard input the signal
	 * caused) */
	if (w->direct && pipe_interrupted(pl))
		return 1; /* the checker stops */
	int r = pl->cmd->on_game(w->wctx, &w->out, g);
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
