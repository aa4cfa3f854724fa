/* vchess - the input loop shared by the commands that read games: open a
 * path (file, '-', compressed file or archive), sniff each member as PGN or
 * EPD (FORMATS.md section 6), run the game checker or the EPD checker over
 * it, and report unreadable inputs (FORMATS.md section 5).
 *
 * Used by adjudicate and replay until they run on the pipeline of
 * pipeline.h (validate does); then this file goes. Factored out of
 * `validate` for `adjudicate`, which also needs the bytes
 * of each stream as they are read (--fix-results copies them): the `tap`
 * hooks below. Behaviour without hooks is validate's.
 */
#ifndef VC_CMD_INPUTLOOP_H
#define VC_CMD_INPUTLOOP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "epd.h"
#include "pgn_checker.h"
#include "input.h"
#include "report.h"
#include "pipeline.h"

struct vc_input_loop {
	struct vc_report *rep;   /* unreadable inputs are reported here */
	struct vc_checker *chk;  /* the game checker (its on_game is used for
	                            PGN; on_game below for EPD lines) */
	vc_gc_on_game on_game;   /* for EPD/FEN lines (vc_epd_check) */
	void *user;              /* passed to on_game */
	/* Input-layer options (--max-ratio: vc_cli_input_options); NULL =
	 * the defaults. */
	const struct vc_input_options *input_opts;
	bool stopped;            /* set when on_game asked to stop; no more
	                            inputs are read once set */
	/* Optional: every byte of each stream, in order, as it is read (before
	 * the checker sees it); begin/end bracket one stream (a file or an
	 * archive member). NULL = no tap. */
	void (*tap_begin)(void *tap_ctx, const char *source, const char *member);
	void (*tap)(void *tap_ctx, const char *buf, size_t n);
	void (*tap_end)(void *tap_ctx);
	void *tap_ctx;
	/* For progress displays: the input being read (NULL between paths)
	 * and the input bytes of the paths already finished. */
	struct vc_input *cur;
	uint64_t bytes_done;
};

/* vc_member_reader, vc_member_read and vc_member_peek: pipeline.h. */

/* Read every member of `path`. Returns VC_EXIT_OK, or VC_EXIT_INPUT after
 * reporting an input that could not be opened or read (what was read
 * before the fault has been checked). */
int vc_input_loop_path(struct vc_input_loop *L, const char *path);

#endif
