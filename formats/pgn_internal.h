/* vchess - what the PGN reader's files share (not installed).
 *
 * The reader is one state machine split by job: pgn_reader.c holds the
 * byte-wise states, the visitor calls and the reader API;
 * pgn_fast_internal.h, included by pgn_reader.c alone, the vector fast
 * paths (plain movetext, whole tags, comment ends); pgn_text.c text
 * decoding (UTF-8, else Latin-1; Unicode notation and lenient results
 * made ASCII). Helpers that the hot paths of more than one file call are
 * static inline here, so that the split adds no call.
 */
#ifndef VC_PGN_INTERNAL_H
#define VC_PGN_INTERNAL_H

#include "pgn.h"

#include <stdlib.h>
#include <string.h>

/* ---- Character classes ------------------------------------------------- */

enum {
	B = 0, /* not PGN outside strings and comments */
	S,     /* space, tab, VT, FF */
	E,     /* LF, CR */
	W,     /* part of a move-like word: A-Z a-z 0-9 - + # = @ / : . */
	H,     /* 0x80-0xff: UTF-8 (or Latin-1) */
	LB,    /* { */
	SC,    /* ; */
	LK,    /* [ */
	LP,    /* ( */
	RP,    /* ) */
	DL,    /* $ */
	AN,    /* ! ? */
	ST,    /* * */
	PC     /* % */
};

static const unsigned char cls[256] = {
	B, B, B, B, B, B, B, B, B, S, E, S, S, E, B, B, /* 00 */
	B, B, B, B, B, B, B, B, B, B, B, B, B, B, B, B, /* 10 */
	S, AN, B, W, DL, PC, B, B, LP, RP, ST, W, B, W, W, W, /* 20 */
	W, W, W, W, W, W, W, W, W, W, W, SC, B, W, B, AN, /* 30 */
	W, W, W, W, W, W, W, W, W, W, W, W, W, W, W, W, /* 40 */
	W, W, W, W, W, W, W, W, W, W, W, LK, B, B, B, B, /* 50 */
	B, W, W, W, W, W, W, W, W, W, W, W, W, W, W, W, /* 60 */
	W, W, W, W, W, W, W, W, W, W, W, LB, B, B, B, B, /* 70 */
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, /* 80 */
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, /* 90 */
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, /* a0 */
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, /* b0 */
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, /* c0 */
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, /* d0 */
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, /* e0 */
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, /* f0 */
};

static inline bool is_digit(unsigned c) { return c - '0' < 10u; }
static inline bool is_alpha(unsigned c) { return (c | 32u) - 'a' < 26u; }

/* Blanks allowed between `[` and a tag name: so bounded, a game start that
 * is decided at the end of the name always fits the raw copy's tail. */
#define TAG_BLANKS 64

/* Tag names: PGN says letters, digits and `_`; real files add a few. */
static inline bool is_name_char(unsigned c)
{
	return is_alpha(c) || is_digit(c) || c == '_' || c == '+' || c == '#' ||
	       c == '=' || c == ':' || c == '-' || c == '.';
}

/* ---- Lexer states and game phases --------------------------------------- */

enum {
	LS_WS = 0,      /* between tokens */
	LS_ESCAPE,      /* `%` line */
	LS_SKIPLINE,    /* rest of a broken tag line */
	LS_SEMI,        /* `;` comment */
	LS_BRACE,       /* `{` comment */
	LS_TAG_OPEN,    /* after `[` */
	LS_TAG_NAME,
	LS_TAG_AFTER_NAME,
	LS_TAG_VALUE,
	LS_TAG_ESC,     /* after `\` in a value */
	LS_TAG_QUOTE,   /* after a `"` that may close the value */
	LS_WORD,
	LS_PAREN1,      /* word then `(`: maybe `e8(Q)` */
	LS_PAREN2,      /* word then `(Q` */
	LS_NAG,
	LS_ANNOT,
	LS_U8           /* a multi-byte UTF-8 character between tokens */
};

enum { G_NONE = 0, G_TAGS, G_MOVES, G_POST };

/* What a token means for game boundaries. */
enum { TK_TAG, TK_NOTE, TK_MOVETEXT, TK_GARBAGE };

/* ---- Buffers -------------------------------------------------------------- */

/* Makes *p hold at least `need` bytes, doubling as it grows but never past
 * `max` (callers keep need <= max). */
static inline bool grow(unsigned char **p, size_t *cap, size_t need, size_t max)
{
	if (need <= *cap)
		return true;
	size_t n = *cap > 128 ? *cap : 128;
	n = n > SIZE_MAX / 2 ? need : 2 * n;
	if (n > max)
		n = max;
	if (n < need)
		n = need;
	unsigned char *q = realloc(*p, n);
	if (!q)
		return false;
	*p = q;
	*cap = n;
	return true;
}

/* ---- Calling the visitor -------------------------------------------------- */

static inline void start_skip(struct vc_pgn_reader *r)
{
	if (r->phase != G_NONE) {
		r->skipping = true;
		r->game.skipped = true;
	}
}

static inline void act(struct vc_pgn_reader *r, int rc)
{
	if (rc == VC_SKIP)
		start_skip(r);
	else if (rc == VC_STOP)
		r->stopped = r->brk = true;
}

/* After a `"` that may close the value, the quote and the blanks after it
 * are kept tentatively; they may pass the limit by this much. */
#define QUOTE_SLACK 64

/* ---- pgn_reader.c ------------------------------------------------------------ */

/* Reports a finding to the visitor (printf-style message) and counts it in
 * the current game; an error starts skipping the rest of the game. */

void vc_pgn_finding(struct vc_pgn_reader *r, enum vc_code code,
             const struct vc_loc *loc, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* ---- pgn_text.c -------------------------------------------------------------- */

/* Each is described where it is defined. */

size_t vc_pgn_u8_seq(const unsigned char *s, size_t n, uint32_t *cp);
const char *vc_pgn_deliver_text(struct vc_pgn_reader *r, unsigned char *s,
                         size_t *n, const struct vc_loc *loc);
int vc_pgn_eval_nag(const unsigned char *s, size_t n);
int vc_pgn_glyph_nag(const unsigned char *s, size_t n);
bool vc_pgn_is_zero_castle(const unsigned char *s, size_t n);
bool vc_pgn_normalise_word(struct vc_pgn_reader *r, const unsigned char *s,
                    size_t n, size_t *out_n);
bool vc_pgn_parse_result(const unsigned char *s, size_t n,
                  enum vc_rtok *res, bool *lenient);
extern const char *const vc_pgn_result_text[];
bool vc_pgn_unicode_space(uint32_t cp);

#endif
