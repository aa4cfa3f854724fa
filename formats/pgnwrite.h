/* vchess - the PGN writer: tag pairs, movetext tokens wrapped at 79
 * columns, comments, variations and the result token, in PGN export
 * format (PGN standard 8.1 and 8.2.6; vchess-replay(1) --final-pgn,
 * vchess-adjudicate(1) --fix-results). Bytes only: which moves and tags to
 * write is the caller's.
 *
 * A game is written as: vc_pgnw_tag() for each tag, a line end, then
 * vc_pgnw_init() and tokens, then vc_pgnw_end() with the result.
 */
#ifndef VC_PGNWRITE_H
#define VC_PGNWRITE_H

#include <stdbool.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* Column at which movetext lines wrap (PGN export format: below 80). */
#define VC_PGNW_WIDTH 79

/* A movetext writer. Fields are private but for `comment` (read only). */
struct vc_pgnw {
	FILE *f;
	int col;      /* column after the last byte written */
	bool open;    /* "(" waiting for the next token */
	bool comment; /* inside a {...} comment opened by vc_pgnw_comment_begin */
};

/* Write the tag pair [name "value"] and `eol` (the line end: "\n",
 * "\r\n"...) to f; '"' and '\' in value are escaped with '\' (PGN 8.1.1).
 * name is written as given (a PGN symbol). */
void vc_pgnw_tag(FILE *f, const char *name, const char *value, const char *eol);

/* Start the movetext of a game at column 0 of f. */
void vc_pgnw_init(struct vc_pgnw *w, FILE *f);

/* Write one token (a move, a move number, a NAG...): separated by a space,
 * or by a line end when the line would pass VC_PGNW_WIDTH columns; a token
 * is never split (a longer one gets a line of its own). */
void vc_pgnw_token(struct vc_pgnw *w, const char *tok);

/* The move number token of the ply played from full move `fullmove` by
 * `color` (VC_WHITE "12.", VC_BLACK "12..."). */
void vc_pgnw_move_number(struct vc_pgnw *w, unsigned fullmove, int color);

/* Write the comment {text} as one token and return true; inside a comment
 * opened by vc_pgnw_comment_begin (PGN comments do not nest) write nothing
 * and return false. */
bool vc_pgnw_comment(struct vc_pgnw *w, const char *text);

/* Open a comment "{text" whose body is the tokens written until
 * vc_pgnw_comment_end, which writes "}" right after the last of them. */
void vc_pgnw_comment_begin(struct vc_pgnw *w, const char *text);
void vc_pgnw_comment_end(struct vc_pgnw *w);

/* Open a variation: "(" goes on the same line as the next token. */
void vc_pgnw_open_variation(struct vc_pgnw *w);
/* Close a variation: ")". */
void vc_pgnw_close_variation(struct vc_pgnw *w);

/* End the movetext with the result token (`result`: "1-0", "0-1",
 * "1/2-1/2" or "*") and a line end. */
void vc_pgnw_end(struct vc_pgnw *w, const char *result);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
