/* vchess - EPD/FEN position files in `validate`: input sniffing (PGN or
 * EPD, told by content) and one report entry per position line.
 */
#ifndef VC_EPDCHECK_H
#define VC_EPDCHECK_H

#include "pgn_checker.h"

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
/* FORMATS.md section 6: the first line that is not blank (after a BOM) and
 * does not start with '#' or '%' parses as FEN/EPD fields -> EPD; anything
 * else (tags, movetext, nothing) -> PGN. */
bool vc_peek_is_epd(const struct vc_peek *p);
/* Does the stream look like PGN: after a BOM, blank lines, '%' lines and
 * comments, the first byte opens a tag '[', a comment, a variation, or is a
 * move number, a result or a move letter? Used for archive members, which
 * are read only when they are PGN or EPD (FORMATS.md section 1); a plain
 * file is always read (and its garbage reported). Empty counts as PGN. */
bool vc_peek_is_pgn(const struct vc_peek *p);

/* Check every line of an EPD/FEN stream: each non-blank, non-comment line
 * is one report entry (on_game), with the position-validation findings of
 * the rules library, an EPD `variant "NAME"` operation honoured (else
 * opt->variant, else standard), and the line number. Returns on_game's
 * non-zero value when it asked to stop, else 0. */
int vc_epd_check(struct vc_peek *p, const char *source, const char *member,
                 const struct vc_gc_options *opt, vc_gc_on_game on_game, void *user);

#endif
