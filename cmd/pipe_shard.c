/* vchess - the pipeline in a shard run (pipeline.h struct vc_pipe_shard;
 * vchess-report(1) SHARDS).
 *
 * A shard of a plain file or of a multi-frame zstd file is the file read
 * from its range's first byte on. Its games are those whose first line
 * starts in the range: the reading skips to the first game start (a line
 * whose first bytes but blanks, a BOM among them, are a `[`, after a blank
 * line or a result: pgn_split.h; none is looked for in the file's first
 * shard), reads on past the range's end to finish its last game, and stops
 * at the first game on a line that starts after the range (so that a
 * range's end inside a line's lead of blanks cuts no game; a line that
 * starts right at the end with a BOM stays with the range, whose reader
 * counts the BOM's columns as one run does) (the next shard's first:
 * its offset goes into the part, for the merge's check that the two
 * shards agree on the boundary; its share of the input up to its start,
 * the bytes between the two games, goes with it into the copies, as one
 * run puts them). Line ends are counted up to the range's end, so that
 * the merge can number lines as one run does.
 *
 * Every game is rendered in every report format but JSON, with relocatable
 * numbers (formats/report.h VC_REPORT_RELOC), into one part record; the
 * JSON rendering is the JSONL one's tree, pretty-printed, and the merge
 * derives it, its points too (cmd/merge.c derive_pretty), instead of
 * reading both from every part (it was the largest of a game's
 * renderings, and its escaping into the part a large share of a shard
 * run's time). The command's state (adjudicate: tally, standings) is
 * taken from the first rendering only. One thread (the pipeline is
 * direct): shards are the parallelism.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "part.h"
#include "pgn_split.h"
#include "pipeline_internal.h"

#define SHARD_BUF ((size_t)64 << 10)

struct shard_run {
	struct vc_pipe_part *part;
	struct vc_input *in;
	bool ranged;
	uint64_t start_in_file;    /* the range's start (bytes shards) */
	/* resync and reading (ranged) */
	struct vc_peek *pk;
	char *buf;                 /* 3 bytes of context + SHARD_BUF */
	size_t carry_pos, carry_len;
	uint64_t pos;              /* offset of the next byte counted */
	bool prev_cr;
	bool d_eol;                /* the range's last byte ends a line */
	unsigned char at_d[3];     /* the first 3 bytes after the range */
	size_t n_at_d;
	uint64_t read_from;        /* where the reading starts: the line
	                              start of the first game's `[` */
	size_t tap_skip;           /* its bytes before the `[`: the shard
	                              before's (copies, streamed bytes) */
	bool done;                 /* the game after the range was met */
	/* rendering */
	struct vc_report fr[VC_FORMAT_COUNT];
	struct gbuf *fb[VC_FORMAT_COUNT];
	FILE *ff[VC_FORMAT_COUNT];
	struct vc_report_marks marks;
	FILE *discard;
};

static ssize_t sink_write(void *ctx, const char *b, size_t n)
{
	(void)ctx;
	(void)b;
	return (ssize_t)n;
}

static FILE *sink_open(void)
{
	cookie_io_functions_t io = { NULL, sink_write, NULL, NULL };
	FILE *f = fopencookie(NULL, "w", io);
	if (!f)
		pipe_out_of_memory();
	return f;
}

void pipe_shard_setup(struct pipeline *pl)
{
	const struct vc_pipe *p = pl->p;
	struct shard_run *s = calloc(1, sizeof *s);
	if (!s)
		pipe_out_of_memory();
	pl->shard = s;
	s->part = p->part;
	memset(s->part, 0, sizeof *s->part);
	s->ranged = p->shard->unit != VC_INPUT_RANGE_NONE;
	s->marks.placeholders = true;
	s->discard = sink_open();
	struct vc_cli_opts o = *p->opts;
	for (int f = 0; f < VC_FORMAT_COUNT; f++) {
		o.format = (enum vc_format)f;
		s->fb[f] = pipe_gbuf_get();
		s->ff[f] = pipe_gbuf_open(s->fb[f]);
		/* the document's start goes nowhere: the merge writes it */
		vc_cli_report_init(&s->fr[f], s->discard, &o, p->rep->command, p->shredder);
		s->fr[f].marks = &s->marks;
		s->fr[f].fragment = true; /* joined by the merge (report.h) */
		s->fr[f].with_copy_end = pl->copy_input;
		s->fr[f].out = s->ff[f];
	}
}

void pipe_shard_release(struct pipeline *pl)
{
	struct shard_run *s = pl->shard;
	if (!s)
		return;
	for (int f = 0; f < VC_FORMAT_COUNT; f++) {
		if (s->ff[f])
			fclose(s->ff[f]);
		free(s->fb[f]->p);
		free(s->fb[f]);
	}
	if (s->discard)
		fclose(s->discard);
	free(s->buf);
	free(s);
	pl->shard = NULL;
}

/* Count the line ends of b[0, n), the bytes at s->pos on, that lie before
 * the range's end (LF, CR LF once, lone CR: as the PGN reader counts). */
static void count(struct shard_run *s, const char *b, size_t n)
{
	uint64_t D = vc_input_range_owned(s->in);
	size_t lim = n;
	if (D != UINT64_MAX)
		lim = s->pos >= D ? 0 : D - s->pos < n ? (size_t)(D - s->pos) : n;
	size_t i = 0;
	if (lim && s->prev_cr && b[0] == '\n')
		i = 1; /* the LF of a CR LF counted at its CR */
	/* a CR at the end counts as a lone one: the LF after it, if any, is
	 * the next call's b[0], passed over by prev_cr */
	s->part->lines += vc_pgn_count_lines(b + i, lim - i);
	for (size_t k = lim; D != UINT64_MAX && k < n && s->pos + k < D + 3; k++)
		if (s->pos + k >= D && s->n_at_d < 3)
			s->at_d[s->n_at_d++] = (unsigned char)b[k];
	if (lim) {
		s->prev_cr = b[lim - 1] == '\r';
		if (D != UINT64_MAX && s->pos + lim == D) {
			s->part->trail_cr = s->prev_cr;
			s->d_eol = s->prev_cr || b[lim - 1] == '\n';
		}
	}
	s->pos += n;
}

static const char bom[3] = { '\xef', '\xbb', '\xbf' };

/* A line that starts right at the range's end (its first byte) with a BOM
 * is the shard before's: the next shard's reader, whose offsets begin at
 * its range's start, would take the BOM for the input's own (it takes no
 * column, pgn.h), where one run counts its 3 bytes. */
static bool bom_line_at_end(const struct shard_run *s)
{
	return s->d_eol && s->n_at_d == 3 && memcmp(s->at_d, bom, 3) == 0;
}

/* Does the line that starts at range offset ls, the range's end D, begin
 * with a BOM, as far as s->buf[0, n) shows it (a BOM begun at the
 * buffer's end counts: the lead is carried to the next read)? */
static bool bom_led(const struct shard_run *s, int64_t ls, uint64_t D, size_t n)
{
	if ((uint64_t)ls != D || (uint64_t)ls < s->pos)
		return false;
	const size_t k = (size_t)((uint64_t)ls - s->pos);
	const size_t have = n - k < 3 ? n - k : 3;
	return memcmp(s->buf + k, bom, have) == 0;
}

/* The reader's byte source: the bytes from the first game start on,
 * counted, and passed to the copies (pipe_stream_bytes). */
static size_t shard_read(void *ctx, char *out, size_t n)
{
	struct pipeline *pl = ctx;
	struct shard_run *s = pl->shard;
	size_t r;
	if (s->carry_len) {
		r = s->carry_len < n ? s->carry_len : n;
		memcpy(out, s->buf + s->carry_pos, r);
		s->carry_pos += r;
		s->carry_len -= r;
	} else {
		r = vc_peek_read(s->pk, out, n);
		if (r == VC_PGN_READ_ERROR)
			return r; /* the member reader keeps the input's error */
	}
	if (r) {
		count(s, out, r);
		size_t skip = s->tap_skip < r ? s->tap_skip : r;
		s->tap_skip -= skip;
		if ((pl->copy_input || pl->cmd->stream_bytes) && r > skip)
			pipe_stream_bytes(pl, out + skip, r - skip);
	}
	return r;
}

/* Find the first game start of the range (not in the file's first
 * shard): a `[` that the line rule of pgn_split.h (vc_pgn_line_scan)
 * takes for a game start, on a line that starts in the range (a line
 * that starts before it is the shard before's: pipe_shard_on_game), so
 * that a range's end inside a line's lead of blanks cuts no game. Counts
 * the line ends before the line. Returns true when there is one: the
 * reading starts at its line's start (s->read_from, the bytes on in
 * s->buf[carry_pos, + carry_len)), the game at its `[` (part->start). */
static bool resync(struct pipeline *pl, bool first)
{
	struct shard_run *s = pl->shard;
	s->buf = malloc(SHARD_BUF);
	if (!s->buf)
		pipe_out_of_memory();
	if (first)
		return true;
	struct vc_pgn_line_scan l = { 0 };
	char before[256];
	size_t nb = vc_input_range_before(s->in, before);
	if (nb && nb == s->start_in_file) {
		/* the file's start is in view: it starts a game (a BOM is a
		 * blank of its lead) */
		l.at_start = l.prev_blank = true;
	} else if (!nb) {
		/* frames: what ends the frame before cannot be seen */
		l.at_start = l.prev_blank = l.unsure = true;
	}
	for (size_t i = 0; i < nb; i++)
		vc_pgn_line_scan_feed(&l, before[i]);
	/* the start of the line being read (range offsets), -1: before the
	 * range */
	int64_t ls = !nb || before[nb - 1] == '\n' || before[nb - 1] == '\r' ? 0 : -1;
	if (nb)
		s->prev_cr = before[nb - 1] == '\r';
	bool at0 = true;
	size_t keep = 0; /* s->buf[0, keep): a lead carried over (s->pos is its start) */
	for (;;) {
		size_t n = vc_peek_read(s->pk, s->buf + keep, SHARD_BUF - keep);
		if (n == 0 || n == VC_PGN_READ_ERROR) {
			count(s, s->buf, keep); /* a lead the input ended in */
			return false; /* an error: the member reader keeps it */
		}
		if (at0 && s->buf[0] == '\n' && !nb)
			s->part->lead_lf = true;
		at0 = false;
		n += keep;
		const uint64_t D = vc_input_range_owned(s->in);
		size_t i = keep;
		for (; i < n; i++) {
			const uint64_t at = s->pos + i;
			/* past the range: only a lead begun in it goes on, or a
			 * BOM-led line's that starts right at its end, which is
			 * this shard's (bom_line_at_end) even when no game of
			 * the range runs on into it */
			if (at >= D && !(l.at_start && ls >= 0 &&
			                 ((uint64_t)ls < D || bom_led(s, ls, D, n))))
				break;
			const char c = s->buf[i];
			const bool hit = vc_pgn_line_scan_feed(&l, c);
			if (c == '\n' || c == '\r')
				ls = (int64_t)at + 1;
			if (hit && ls >= 0 && (uint64_t)ls >= s->pos &&
			    !(ls == 0 && n >= 3 && memcmp(s->buf, bom, 3) == 0) &&
			    (!l.need_event || (n - i >= 7 && memcmp(s->buf + i, "[Event ", 7) == 0))) {
				const size_t li = (size_t)((uint64_t)ls - s->pos);
				count(s, s->buf, li);
				s->read_from = s->pos;
				s->tap_skip = i - li;
				s->part->has_start = true;
				s->part->start = s->pos + (i - li);
				s->part->start_lines = s->part->lines;
				s->carry_pos = li;
				s->carry_len = n - li;
				return true;
			}
		}
		/* a lead that the buffer's end cut: carried to the next read
		 * (a longer one, half the buffer, is no candidate) */
		keep = 0;
		if (i == n && l.at_start && ls >= 0 && (uint64_t)ls >= s->pos &&
		    n - (size_t)((uint64_t)ls - s->pos) <= SHARD_BUF / 2)
			keep = n - (size_t)((uint64_t)ls - s->pos);
		count(s, s->buf, n - keep);
		memmove(s->buf, s->buf + n - keep, keep);
		/* past the range, nothing carried: done, but for a read that
		 * ended right at the range's end on a line start, whose next
		 * bytes may be a BOM-led line's (bom_led, seen with a read
		 * ending there: the game was no shard's) */
		if (i < n || (D != UINT64_MAX && s->pos >= D && !keep &&
		              !(l.at_start && ls >= 0 && (uint64_t)ls == D && s->pos == D)))
			return false;
	}
}

bool pipe_shard_member(struct pipeline *pl, struct vc_input *in, struct vc_peek *pk,
                       const char *path)
{
	struct shard_run *s = pl->shard;
	struct worker *w = &pl->workers[0];
	s->in = in;
	s->pk = pk;
	s->start_in_file = pl->p->shard->start;
	bool first = pl->p->shard->first;
	bool found = resync(pl, first);
	if (first) {
		s->part->has_start = true;
		s->part->start = 0;
	}
	bool ok = true;
	if (found) {
		bool tap = pl->cmd->stream_bytes || pl->copy_input;
		if (tap) {
			pipe_stream_begin(pl, path, NULL);
			/* the copies' offsets are the range's */
			pl->copier.base = pl->copier.top = s->part->start;
		}
		w->direct = true;
		w->out.rep = pl->rep;
		for (int k = 0; k < VC_PIPE_MAX_COPIES; k++)
			w->out.copy[k] = k < pl->p->ncopies ? pl->p->copies[k] : NULL;
		ok = pipe_read_pgn(pl, w, shard_read, pl, path, NULL, s->read_from,
		                   1 + s->part->start_lines);
		w->direct = false;
		if (tap)
			pipe_stream_end(pl, ok && !pl->stopped && !s->done);
	}
	/* the rest of the range, for its line count (a run stopped by the
	 * game after the range has read past it already) */
	char tmp[8192];
	size_t n;
	uint64_t D;
	while (!pl->stopped && ((D = vc_input_range_owned(in)) == UINT64_MAX || s->pos < D) &&
	       (n = vc_peek_read(pk, tmp, sizeof tmp)) > 0 && n != VC_PGN_READ_ERROR)
		count(s, tmp, n);
	s->part->owned = vc_input_range_owned(in);
	if (s->part->owned == UINT64_MAX)
		s->part->owned = s->pos;
	return ok;
}

/* One game's part record: {"g": {"text": "...", "jsonl": "...", ...}},
 * the command's members, and for a game that counts towards --max-errors
 * "fail": the shard's counts up to it (part.h vc_part_counts). */
static void write_record(struct pipeline *pl, bool failed)
{
	struct shard_run *s = pl->shard;
	FILE *out = pl->rep->out;
	struct vc_json j;
	vc_json_init_file(&j, out, 0);
	vc_json_begin_object(&j);
	vc_json_key(&j, "g");
	vc_json_begin_object(&j);
	for (int f = 0; f < VC_FORMAT_COUNT; f++) {
		if (f == VC_FORMAT_JSON)
			continue;
		fflush(s->ff[f]);
		vc_json_key(&j, vc_report_format_word((enum vc_format)f));
		vc_json_string_n(&j, s->fb[f]->p ? s->fb[f]->p : "", s->fb[f]->len);
		s->fb[f]->len = 0;
	}
	vc_json_end_object(&j);
	if (pl->cmd->part_json)
		pl->cmd->part_json(pl->cmd->ctx, &j); /* e.g. validate's "dup" */
	if (failed)
		vc_part_counts(&j, "fail", pl->rep);
	vc_json_end_object(&j);
	vc_json_release(&j);
	vc_cli_check_output(out);
}

/* from's counts added to into's, from's set to zero */
static void add_counts(struct vc_report *into, struct vc_report *from)
{
	pipe_merge_counts(into, from);
	from->games = from->valid = from->invalid = from->warnings = from->errors = 0;
	from->skipped = from->positions = 0;
	memset(from->code_count, 0, sizeof from->code_count);
	from->ncodes = 0;
}

int pipe_shard_on_game(struct worker *w, const struct vc_gc_game *g)
{
	struct pipeline *pl = w->pl;
	struct shard_run *s = pl->shard;
	const struct vc_pipe_command *cmd = pl->cmd;
	struct vc_report *main_rep = w->out.rep;
	if (s->ranged) {
		/* a game is the range's whose line starts in it: the next
		 * shard's first is on a line after the range's last byte's */
		uint64_t D = vc_input_range_owned(s->in);
		const uint64_t last_line = 1 + s->part->lines - (s->d_eol ? 1 : 0);
		if (D != UINT64_MAX && g->offset >= D && g->line > last_line &&
		    !(g->line == last_line + 1 && bom_line_at_end(s))) {
			/* the next shard's first game: its share up to its start
			 * (the bytes between the games) goes where it goes */
			s->part->has_next = true;
			s->part->next = g->offset;
			s->done = true;
			if (pl->copy_input) {
				w->copy_end = g->offset;
				struct vc_report *r = &s->fr[VC_FORMAT_TEXT];
				FILE *keep = r->out;
				r->out = s->discard;
				w->out.rep = r;
				cmd->on_game(w->wctx, &w->out, g);
				r->out = keep;
				w->out.rep = main_rep;
				fflush(s->ff[VC_FORMAT_TEXT]);
				s->fb[VC_FORMAT_TEXT]->len = 0;
				struct vc_report sink;
				memset(&sink, 0, sizeof sink);
				add_counts(&sink, r);
				if (!w->copy_taken) {
					w->copy_taken = true;
					pipe_copy_emit(&pl->copier, NULL, w->copy_end, w->copy_term);
				}
			}
			if (cmd->take) {
				void *st = cmd->take(w->wctx);
				if (st)
					cmd->merge(cmd->ctx, st, false);
			}
			return 1; /* the checker stops */
		}
	}
	int ret = 0;
	FILE *copies[VC_PIPE_MAX_COPIES];
	memcpy(copies, w->out.copy, sizeof copies);
	void *state = NULL;
	bool taken = false;
	for (int f = 0; f < VC_FORMAT_COUNT; f++) {
		if (f == VC_FORMAT_JSON)
			continue; /* the merge derives it from the JSONL one */
		struct vc_report *r = &s->fr[f];
		r->copy_end = main_rep->copy_end;
		r->with_copy_end = main_rep->with_copy_end;
		r->position = main_rep->position;
		w->out.rep = r;
		if (f > 0) {
			memset(w->out.copy, 0, sizeof w->out.copy);
			w->copy_taken = true;
		}
		int rc = cmd->on_game(w->wctx, &w->out, g);
		if (f == 0) {
			ret = rc;
			taken = w->copy_taken;
		}
		if (cmd->take) {
			void *st = cmd->take(w->wctx);
			if (f == 0)
				state = st;
			else if (st)
				cmd->merge(cmd->ctx, st, false);
		}
	}
	w->out.rep = main_rep;
	memcpy(w->out.copy, copies, sizeof copies);
	w->copy_taken = taken;
	add_counts(main_rep, &s->fr[VC_FORMAT_TEXT]);
	for (int f = 1; f < VC_FORMAT_COUNT; f++) {
		struct vc_report sink;
		memset(&sink, 0, sizeof sink);
		add_counts(&sink, &s->fr[f]);
	}
	if (state)
		cmd->merge(cmd->ctx, state, true);
	s->part->games++;
	/* --max-errors: the shard stops at its own limit, which one run
	 * reaches at this game or before (the merge stops where it does) */
	bool failed = (ret & VC_PIPE_FAILED) && pl->max_errors > 0;
	write_record(pl, failed);
	if (failed && ++pl->fails >= pl->max_errors) {
		pl->stopped = pl->stop_saw_error = true;
		return 1; /* the checker stops */
	}
	return 0;
}
