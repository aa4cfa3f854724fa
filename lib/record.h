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

/* Printed chess notation in Unicode, as real PGN files have it
 * (vchess-validate(1) nonstandard-notation): the ASCII that code point cp
 * stands for, written into out (not NUL-terminated): '-' for a dash
 * (U+2010..U+2015, U+2212 minus, U+FE63 small hyphen-minus, U+FF0D
 * fullwidth hyphen-minus), "1/2" for U+00BD, 'x' for U+00D7, the piece
 * letter for a figurine (U+2654..U+265F). Returns the length (1 to 3), 0
 * when cp stands for nothing here. The PGN reader normalises movetext
 * words with it, the checker the Result tag (vc_result_read). */
size_t vc_notation_ascii(uint32_t cp, char out[3]);

/* How a result word was written (vc_result_read): 0 as PGN writes it,
 * else these bits (each a warning nonstandard-notation where accepted,
 * vchess-validate(1)). */
enum {
	VC_RFORM_UNICODE = 1u << 0, /* Unicode dashes, U+00BD for "1/2"
	                               (vc_notation_ascii): the same word as
	                               printed */
	VC_RFORM_SHORT = 1u << 1,   /* "1/2" alone for a draw */
	VC_RFORM_FORFEIT = 1u << 2  /* ChessBase's forfeit signs: "+--",
	                               "+:-" (1-0), "--+", "-:+" (0-1) */
};

/* A result word as written, s[0..n) (UTF-8; need not be NUL-terminated),
 * read the one way for the Result tag and the movetext's result token:
 * the four words of PGN (PGN standard 8.2.6, vchess-rules(7) section 2:
 * "1-0", "0-1", "1/2-1/2", "*") and the forms real files have, told by
 * *form (VC_RFORM_* bits, 0: as PGN writes it). The PGN reader accepts
 * every form as a movetext token; the checker accepts a Result tag in
 * every form but the forfeit signs (vc_checker_tag). Returns the token,
 * VC_RTOK_NONE when s is no result word (*form then 0). s may be NULL
 * when n is 0; form must not be NULL. */
enum vc_rtok vc_result_read(const char *s, size_t n, unsigned *form);

/* The result of a result token: VC_RES_WHITE, VC_RES_BLACK, VC_RES_DRAW,
 * VC_RES_NONE for VC_RTOK_OPEN ("*"); false for VC_RTOK_NONE (no token),
 * *out then untouched. */
bool vc_rtok_result(enum vc_rtok t, enum vc_result *out);

/* The PGN word of a result token ("1-0", "0-1", "1/2-1/2", "*"); "" for
 * VC_RTOK_NONE. A static string. */
const char *vc_rtok_word(enum vc_rtok t);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
