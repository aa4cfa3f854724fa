/* vchess - EPD/FEN position files: input sniffing (PGN or EPD, told by
 * content) and the position-line reader, which gives the checker one
 * position record per line (lib/checker.h vc_checker_position; the rules
 * are the checker's, the bytes this file's).
 */
#ifndef VC_EPD_H
#define VC_EPD_H

#include "pgn_checker.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* A read callback with the first bytes held back for a look. */
struct vc_peek {
	vc_pgn_read_fn read;
	void *ctx;
	char buf[8192];
	size_t len, pos;
	bool eof, error;
};

/* Read up to sizeof buf bytes ahead from read(ctx). */
void vc_peek_init(struct vc_peek *p, vc_pgn_read_fn read, void *ctx);
/* A vc_pgn_read_fn (ctx = struct vc_peek *): the held bytes, then the rest. */
size_t vc_peek_read(void *ctx, char *buf, size_t n);
/* vchess(1) OPTIONS: the first line that is not blank (after a BOM) and
 * does not start with '#' or '%' parses as FEN/EPD fields -> EPD; anything
 * else (tags, movetext, nothing) -> PGN. */
bool vc_peek_is_epd(const struct vc_peek *p);
/* Does the stream look like PGN: after a BOM, blank lines, '%' lines and
 * comments, the first byte opens a tag '[', a comment, a variation, or is a
 * move number, a result or a move letter? Used for archive members, which
 * are read only when they are PGN or EPD (vchess(1) DESCRIPTION); a plain
 * file is always read (and its garbage reported). Empty counts as PGN. */
bool vc_peek_is_pgn(const struct vc_peek *p);

/* Longest position line read (longer ones are a limit-line error). */
#define VC_EPD_MAX_LINE 65536

/* The position-line reader: one line at a time, so a caller can take one
 * record after another (formats/games.h). Fields are private. */
struct vc_epd_reader {
	struct vc_peek *p;
	struct vc_checker *c;
	char *line;                /* the line's bytes (up to the max) */
	char *text;                /* its text for the checks */
	char chunk[8192];
	size_t got, pos;           /* bytes in chunk, the next to read */
	size_t len;                /* bytes kept in line[] */
	uint64_t full;             /* bytes of the line, however long */
	uint64_t lineno, index, offset;
	bool eof, finished;
};

/* Prepare er to read position lines from p into checker c (initialised by
 * the caller with its options and on_game; vc_checker_set_source names
 * the stream). Returns VC_F_OK or VC_F_OUT_OF_MEMORY. Release with
 * vc_epd_reader_release. */
enum vc_code vc_epd_reader_init(struct vc_epd_reader *er, struct vc_peek *p,
                                struct vc_checker *c);
void vc_epd_reader_release(struct vc_epd_reader *er);
/* Read up to the next position line (a non-blank line not starting with
 * '#' or '%') and check it: the checker calls on_game once with its
 * record. Returns 1 after a record, 0 at the end of the stream (or after a
 * read error of p: the caller's read callback says which). */
int vc_epd_next(struct vc_epd_reader *er);


#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
