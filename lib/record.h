/* vchess - the game record as a reader delivers it: the types of the game
 * checker's record API (checker.h), shared with the readers in formats/
 * (the PGN reader, pgn.h) so that a reader's callbacks can be the
 * checker's own functions.
 *
 * A record is a sequence of events: a game begins; tags; move tokens (the
 * main line and variations), comments, variation starts and ends, the
 * result token; findings of the reader itself; the game ends. Each event
 * carries where it stands in the source (struct vc_loc). Each returns an
 * action (enum vc_action) telling the reader how to go on.
 */
#ifndef VC_RECORD_H
#define VC_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "variant.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* Where a token stands in its source stream. */
struct vc_loc {
	uint64_t offset; /* byte offset in the stream, from 0 */
	uint64_t line;   /* from 1 (LF, CR LF and a lone CR each end a line) */
	uint64_t column; /* bytes from 1 */
};

/* A move-like token of the movetext: the text as written (SAN, UCI,
 * `undo`, a variant's own move text), not yet judged. `text` is len bytes
 * of ASCII, borrowed (valid during the call only) and NUL-terminated. */
struct vc_move_token {
	const char *text;
	size_t len;
	struct vc_loc loc;
	/* The move number written just before this move in the same line of
	 * play (`12.` or `12...` or `12. ...`), 0 when none was written. */
	unsigned long number;
	/* Dots after that number: 1 for `12.`, 3 for `12...`, 4 for `12. ...`,
	 * 0 for a bare `12` or no number. Two or more mark a Black move. */
	unsigned number_dots;
	/* Variation depth: 0 for the main line. */
	unsigned depth;
	/* For the main line: the ply this move makes, from 1 at the game's
	 * start (or the FEN's position). 0 inside variations. */
	unsigned long ply;
};

/* The result token that ends a line of play. */
enum vc_rtok {
	VC_RTOK_NONE = 0, /* no result token */
	VC_RTOK_WHITE,    /* 1-0 */
	VC_RTOK_BLACK,    /* 0-1 */
	VC_RTOK_DRAW,     /* 1/2-1/2 */
	VC_RTOK_OPEN      /* * */
};

/* What a record event's handler asks of the reader. */
enum vc_action {
	VC_CONTINUE = 0,
	/* Skip the rest of this game: no more events for it but its end; the
	 * reader resynchronises at the next game. */
	VC_SKIP = 1,
	/* Stop reading at once. */
	VC_STOP = 2
};

/* Result words of PGN (PGN standard 8.2.6; vchess-rules(7) section 2):
 * "1-0", "0-1", "1/2-1/2" and "*" (not decided: VC_RES_NONE). Sets *out
 * and returns true for exactly these four (NUL-terminated; s may be NULL:
 * false); false and *out untouched for anything else. The inverse is
 * vc_result_string (variant.h). */
bool vc_result_parse(const char *s, enum vc_result *out);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
