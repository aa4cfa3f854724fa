/* vchess - the pipeline of the commands that read games (validate,
 * adjudicate and replay): inputs are opened and read,
 * their games checked, and each game handed to the command, which writes
 * its report entry and its copies; the pipeline writes everything in input
 * order and merges the summary. One code path for every -j (vchess(1),
 * "-j N"): N threads in all, the calling thread included. A plain file
 * is read by the workers themselves, block by block, and whoever finishes
 * the output that is next writes it; other inputs are read by the calling
 * thread, which writes the output and checks games when it would
 * otherwise wait.
 * With -j 1 no thread is started and nothing is copied or handed over:
 * the checker reads each input directly, and the command writes straight
 * to the final outputs. The map of the stages is at the top of
 * pipeline.c.
 *
 * Options of vchess(1) OPTIONS that the pipeline implements for every
 * command: -j, --progress, --max-errors (stop after N games the command
 * calls failed, exactly where -j 1 stops), --max-ratio (through
 * vc_cli_input_options), and unreadable inputs (vchess(1) EXIT STATUS,
 * exit 3). Output is byte for byte the same for every -j, in every
 * --format (tests/par_identical.sh).
 *
 * Environment, for tests: VCHESS_CHUNK_SIZE (bytes, >= 16) sets the chunk
 * (and block) size of -j N >= 2; VCHESS_PAR_DEBUG prints chunk, block and
 * job counts; VCHESS_NO_PREAD reads plain files in chunks too.
 */
#ifndef VC_CMD_PIPELINE_H
#define VC_CMD_PIPELINE_H

#include <stdbool.h>
#include <stdio.h>

#include "common.h"
#include "pgn_checker.h"
#include "epd.h"
#include "input.h"
#include "member.h"
#include "report.h"

/* Extra per-game output streams a command may have besides the report
 * (validate: --valid-out, --invalid-out; adjudicate: --fix-results;
 * replay: --final-pgn). */
#define VC_PIPE_MAX_COPIES 4

/* Where a command's on_game writes one game's output. The streams are the
 * final outputs (-j 1, EPD members) or per-game buffers of the pipeline
 * that it writes out in input order; the command cannot tell and must not
 * care: it writes the game's entry with vc_report_game(o->rep, ...) (or
 * vc_report_game with extra JSON members, or text lines of its own to
 * o->rep->out, writing game numbers with vc_report_put_index(o->rep->marks,
 * o->rep->out, g->index) so that they are renumbered), and its copies to
 * o->copy[k] (NULL when output k was not asked for). Counts of o->rep
 * (games, valid, invalid, findings by code) are merged into the main report
 * by the pipeline. Nothing written here may be flushed or closed. */
struct vc_pipe_out {
	struct vc_report *rep;
	FILE *copy[VC_PIPE_MAX_COPIES];
	void *priv; /* the pipeline's */
};

/* Copy game g's share of the input, unchanged, to o->copy[k] (NULL:
 * to none): the bytes from the end of the previous game's share to the
 * end of g's (its copy_end, pgn.h: the game, the blank lines, `%` lines
 * and other bytes before it back to the previous game, and after the
 * member's last game every byte to the member's end). So the copies of a
 * member's games, put back together in game order, are the member byte
 * for byte, whatever its size (bytes are held in a temporary file past
 * a few MiB) and whatever -j. At most once per game, and only with
 * struct vc_pipe copy_input; a game on_game does not copy has its share
 * dropped. */
void vc_pipe_copy_game(struct vc_pipe_out *o, int k, const struct vc_gc_game *g);

/* An item (a game) of copy stream k begins: writes p->copy_sep[k] to
 * o->copy[k] unless this is the first item of the stream (replay
 * --final-pgn: a blank line between games). On a stream with a separator
 * every item must begin so. o->copy[k] NULL: nothing. */
void vc_pipe_copy_item(struct vc_pipe_out *o, int k);

/* on_game's return value: this game counts towards --max-errors (validate
 * and replay: an invalid game). */
#define VC_PIPE_FAILED 1

/* What a command plugs into the pipeline. Hooks marked (any thread) may
 * run in several threads at once, each with its own worker context; the
 * others run in the calling thread, one at a time. */
struct vc_pipe_command {
	void *ctx; /* the command's, passed to worker_new, merge, worker_free */
	/* Per worker, before any game (calling thread): set up a context of
	 * the worker's own (scratch space, a per-worker summary), and the
	 * worker's checker if need be (vc_checker_on_event for replay).
	 * Returns the worker context, NULL when out of memory. NULL hook:
	 * the context is ctx (then on_game must not write to ctx). */
	void *(*worker_new)(void *ctx, struct vc_checker *chk);
	void (*worker_free)(void *ctx, void *wctx);
	/* One game, in input order within a worker's stretch of input (any
	 * thread): write its output to o (see struct vc_pipe_out). Returns 0
	 * or VC_PIPE_FAILED. */
	int (*on_game)(void *wctx, struct vc_pipe_out *o, const struct vc_gc_game *g);
	/* Optional summary state of the command's own (adjudicate: standings):
	 * take(wctx) (any thread) hands over what the worker summed since the
	 * last take (NULL: nothing) and starts afresh; merge(ctx, state, true)
	 * (calling thread) adds it to the command's totals, in input order;
	 * merge(ctx, state, false) (any thread) frees a state whose games
	 * were thrown away (work done ahead that -j 1 would not have done).
	 * merge owns and frees state either way. Under -j 1 they run after
	 * every game; under -j N after a worker's stretch of output (at most
	 * a chunk's worth of games), so what a state holds stays small. */
	void *(*take)(void *wctx);
	void (*merge)(void *ctx, void *state, bool keep);
	/* Optional, for an output that is the whole input with changes
	 * (adjudicate --fix-results): every byte of each member, unchanged
	 * and in input order, in the calling thread; stream_begin and
	 * stream_end bracket one member (source, and member or NULL). The
	 * bytes of a game have all been passed to stream_bytes before merge()
	 * gets the state of the worker that checked it, so a command puts
	 * what it learnt of a game (its offset g->offset and length
	 * g->raw_len, say) into its state and rewrites the held bytes in
	 * merge. stream_end's `whole` is false when the run stopped in the
	 * member (--max-errors): the bytes held past the last game given to
	 * merge are then read ahead, a different amount for each -j, and are
	 * to be dropped, so the output is the same for every -j. */
	void (*stream_begin)(void *ctx, const char *source, const char *member);
	void (*stream_bytes)(void *ctx, const char *buf, size_t n);
	void (*stream_end)(void *ctx, bool whole);
	/* Optional, for an answer about a game that needs every game before
	 * it (validate --duplicates: is it the same as an earlier one?).
	 * on_game (any thread) gives what the answer needs to vc_pipe_decide
	 * before it writes anything of the game; decide(ctx, data, base) runs
	 * in the calling thread, in input order, once for every game whose
	 * output is written, before any of it is written (base: what to add
	 * to g->index for the game's number in its member, counted as the
	 * game numbers of vc_report_put_index are: by the games on_game
	 * reports with vc_report_game), and returns the
	 * answer (>= 0). on_game marks with vc_pipe_point where its report
	 * output depends on the answer: write_point(ctx, point, answer, out)
	 * writes that part there, right after decide answered for the same
	 * game (so ctx may keep the details of the answer until then). Under
	 * -j 1 both run at once, inside on_game's calls; under -j N the
	 * game's output is rendered first and written later, so the answer is
	 * given by the writer, in input order, to the rendered output (see
	 * pipe_output.c write_seg). A game with a non-zero answer goes to copy
	 * p->decided_copy instead of the copy on_game gave it, when
	 * p->decided_copy_on. */
	int (*decide)(void *ctx, const void *data, uint64_t base);
	void (*write_point)(void *ctx, const void *point, int answer, FILE *out);
	/* Optional, shard runs (pipe_shard.c, cmd/part.h): the command's
	 * members of a game's part record, after its renderings (calling
	 * thread, once per game, after every on_game of the game). */
	void (*part_json)(void *ctx, struct vc_json *j);
};

/* vc_pipe_decide's answer under -j N: not known yet. */
#define VC_PIPE_LATER (-1)

/* The game being given to on_game needs an answer of cmd->decide (see
 * struct vc_pipe_command): data (len bytes, copied) is what decide gets.
 * At most once per game, before vc_pipe_copy_game and any output of the
 * game. Returns the answer when it is known now (-j 1, EPD members), else
 * VC_PIPE_LATER. */
int vc_pipe_decide(struct vc_pipe_out *o, const void *data, size_t len);

/* The current end of the game's report output (o->rep->out, flushed by
 * the caller if it buffers: vc_json writes straight to the stream) is
 * where cmd->write_point writes, with `point` (len bytes, copied; e.g. the
 * state of a JSON writer there). At most once per game, after
 * vc_pipe_decide. */
void vc_pipe_point(struct vc_pipe_out *o, const void *point, size_t len);

/* Plugging a command in (validate.c is the smallest example):
 *   validate   on_game: vc_pipe_copy_game to copy 0 (--valid-out) or 1
 *              (--invalid-out), vc_report_game; FAILED when invalid.
 *   replay     worker_new: a copy of the command with its own move history,
 *              vc_checker_on_event(chk, ...) feeding it; on_game: the text
 *              entry (game numbers by vc_report_put_index) and
 *              vc_report_game with its JSON extra into o->rep, or the final
 *              PGN into copy 0 after vc_pipe_copy_item (copy_sep "\n");
 *              notes about games go to o->rep->out when it is standard
 *              error (--final-pgn), so they stay in place among the
 *              findings.
 *   adjudicate worker_new: its own verdict and scratch game; on_game:
 *              the verdict, its report entry (text line or JSON extra) into
 *              o->rep, and a record (counts; White, Black and the result
 *              for --standings; offset, length and corrected result for
 *              --fix-results) into the worker's state; take/merge: the
 *              counts, standings_add and the correction of the held bytes
 *              in input order; stream_*: --fix-results' copy of the input.
 */
/* A shard run (vchess-report(1)): the one input is read from `start` on
 * (input.h options range_unit), its first game start found at or after
 * `start` (none looked for when `first`), and only the games that start
 * before the end of the range are checked; each game's entry is written
 * to the report stream as a part record holding its rendering in every
 * format (vc_part_game, cmd/part.h), with relocatable numbers. unit
 * VC_INPUT_RANGE_NONE: the whole file (every member) is the shard.
 * more: shards follow this one in the list; when the shard reads its
 * file to an end without a line end, its copies end with the line end
 * one run writes before the next file (cmd/pipe_copy.c). */
struct vc_pipe_shard {
	int unit;
	uint64_t start, end;
	bool first;
	bool more;
};

/* What a shard run found (counted from the range's first byte): written
 * into the part's trailer for the merge (vchess-report(1)). */
struct vc_pipe_part {
	uint64_t owned;        /* decompressed bytes of the range */
	uint64_t lines;        /* line ends in them */
	bool has_start;        /* a game starts in the range: */
	uint64_t start;        /* ... its first game's offset */
	uint64_t start_lines;  /* ... and the line ends before it */
	bool has_next;         /* a game starts after the range: */
	uint64_t next;         /* ... the first one's offset */
	bool lead_lf;          /* the range starts with a LF whose byte before
	                          could not be seen (frames): counted */
	bool trail_cr;         /* the range ends with a CR */
	uint64_t games;        /* games of the range */
};

struct vc_pipe {
	const struct vc_pipe_command *cmd;
	const struct vc_gc_options *gc;  /* checker options; keep_raw for copies */
	const struct vc_cli_opts *opts;  /* -j, --max-errors, --max-ratio, format */
	bool shredder;                   /* as given to vc_report_init */
	struct vc_report *rep;           /* the main report (vc_report_init done;
	                                    the summary is the caller's) */
	int ncopies;                     /* 0..VC_PIPE_MAX_COPIES */
	FILE *copies[VC_PIPE_MAX_COPIES]; /* the final copy streams, or NULL */
	const char *copy_sep[VC_PIPE_MAX_COPIES]; /* see vc_pipe_copy_item; NULL: none */
	bool copy_input;                 /* on_game copies games' input with
	                                    vc_pipe_copy_game: the pipeline holds
	                                    the bytes for it, and game records
	                                    carry copy_end (vc_report) */
	bool progress;                   /* progress line on standard error */
	bool decided_copy_on;            /* see vc_pipe_command decide */
	int decided_copy;
	const struct vc_pipe_shard *shard; /* a shard run, or NULL */
	struct vc_pipe_part *part;       /* a shard run: what it found (out) */
};

/* Read every path in order ('-' is standard input; compressed files and
 * archives by content; PGN or EPD by content, vchess(1) OPTIONS) and
 * hand each game to p->cmd. Returns VC_EXIT_OK, or VC_EXIT_INPUT when an
 * input could not be opened or read (reported on standard error and
 * counted in p->rep; every game read before the fault is reported).
 * Memory running out before a member can be read is such an input error
 * (vc_report_input_error with VC_F_OUT_OF_MEMORY, after the output of the
 * games before it; the CLI's report then ends the run, cmd/common.c);
 * elsewhere, and when the copies' temporary file fails, the run ends at
 * once: vc_cli_fatal (common.h) writes the summary marked incomplete after
 * the whole entries written so far, and exits 3.
 * Stops early, reading no further input, once --max-errors games failed,
 * or once a signal came (vc_cli_interrupted, common.h: looked at before
 * each game's output under -j 1, before each segment's under -j N, and at
 * least ten times a second while the calling thread waits; the worker
 * threads never take the signals). p->rep->stop then says why
 * (VC_REPORT_MAX_ERRORS, VC_REPORT_INTERRUPTED), for the summary. After a
 * signal nothing more is written, not even a game already checked, so that
 * a game cut short by the end of standard input the signal caused is never
 * reported.
 * Fewer threads than asked when threads cannot be started. */
int vc_pipe_run(const struct vc_pipe *p, char **paths, int npaths);

#endif
