/* vchess - one member of an input (input.h) as the byte source of the PGN
 * and EPD readers, and the rule that says which archive members are read.
 * The commands' pipeline and the pull API (games.h) read members through
 * it, so they read and skip the same ones.
 */
#ifndef VC_MEMBER_H
#define VC_MEMBER_H

#include <stdbool.h>
#include <stddef.h>

#include "epd.h"
#include "input.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* The member the input stands on (after vc_input_next_member returned 1)
 * as a read callback. Caller-allocated; set `in` and zero the rest, or
 * use vc_member_reader_init. Members:
 *   in       the input, borrowed (not closed here).
 *   failed   set when a read failed; the read then returned
 *            VC_PGN_READ_ERROR and vc_input_error(in) says why.
 *   tap      optional: while tap_on, every byte read is also passed to
 *            tap(tap_ctx, buf, n) after it is read (a copy of the input
 *            as it streams by, adjudicate --fix-results); NULL: none. */
struct vc_member_reader {
	struct vc_input *in;
	bool failed;
	void (*tap)(void *tap_ctx, const char *buf, size_t n);
	void *tap_ctx;
	bool tap_on;
};

/* *mr reads the current member of in: failed false, no tap. */
void vc_member_reader_init(struct vc_member_reader *mr, struct vc_input *in);

/* A vc_pgn_read_fn (pgn.h) over the member, ctx = a struct
 * vc_member_reader *: up to n bytes into buf; 0 at the member's end;
 * VC_PGN_READ_ERROR when the input fails (mr->failed set). */
size_t vc_member_read(void *ctx, char *buf, size_t n);

/* Look at the start of the member: vc_peek_init(pk, vc_member_read, mr),
 * then the rule of vchess(1) DESCRIPTION. Returns true when the member is
 * to be read (as EPD when vc_peek_is_epd(pk), else as PGN): a plain file,
 * a compressed one and standard input always are (member NULL; their
 * garbage is reported, not skipped), an archive member (member, its name,
 * not NULL) when it looks like PGN or EPD (vc_peek_is_pgn,
 * vc_peek_is_epd), or when the read failed (the failure is to be
 * reported: a member nested deeper than VC_INPUT_MAX_NEST fails so).
 * Returns false for an archive member to be skipped, a README inside a
 * zip say, or a symbolic or hard link (vc_input_member_link): no game,
 * and the caller says so with vc_member_skip_reason (the commands on
 * standard error, naming the member). pk then holds the member's first
 * bytes, read through mr. */
bool vc_member_peek(struct vc_peek *pk, struct vc_member_reader *mr, const char *member);

/* Why vc_member_peek skipped the member mr reads: "symbolic link to
 * TARGET", "hard link to TARGET" (vc_input_member_link) or "not PGN or
 * EPD". Static or owned by the input; valid until its next member. */
const char *vc_member_skip_reason(const struct vc_member_reader *mr);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
