/* vchess - the input loop shared by the commands that read games: open a
 * path (file, '-', compressed file or archive), sniff each member as PGN or
 * EPD (FORMATS.md section 6), run the game checker or the EPD checker over
 * it, and report unreadable inputs (FORMATS.md section 5).
 *
 * Factored out of `validate` for `adjudicate`, which also needs the bytes
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

/* One member of an input as a PGN read callback (vc_member_read, ctx = the
 * struct): a read failure sets `failed` and reads as VC_PGN_READ_ERROR;
 * while `tap_on`, every byte read is also passed to tap(tap_ctx, ...)
 * (tap may be NULL). */
struct vc_member_reader {
	struct vc_input *in;
	bool failed;
	void (*tap)(void *tap_ctx, const char *buf, size_t n);
	void *tap_ctx;
	bool tap_on;
};
size_t vc_member_read(void *ctx, char *buf, size_t n);

/* Look at the start of a member (vc_peek_init over mr). Returns false,
 * after a note on stderr naming `command`, `path` and `member`, when it is
 * an archive member that is neither PGN nor EPD and is to be skipped
 * (FORMATS.md section 1: a README inside a zip is no game); true when it
 * is to be read (plain files and standard input always are). */
bool vc_member_peek(struct vc_peek *pk, struct vc_member_reader *mr, const char *command,
                    const char *path, const char *member);

/* Read every member of `path`. Returns VC_EXIT_OK, or VC_EXIT_INPUT after
 * reporting an input that could not be opened or read (what was read
 * before the fault has been checked). */
int vc_input_loop_path(struct vc_input_loop *L, const char *path);

#endif
