/* vchess - perft suite files: syntax only.
 *
 * Two forms are read, freely mixed in one file (vchess(1) DESCRIPTION):
 *
 *   EPD lines, the form of most engines' suites:
 *       rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400
 *     4 FEN fields, optionally the two clock fields, then EPD operations
 *     separated by ';'. Operations read: `D<depth> <count>`, `variant NAME`
 *     (NAME bare or "quoted"), `id NAME`; others (bm, c0, ...) are skipped.
 *
 *   Blocks of python-chess / scalachess *.perft files:
 *       id pos-2
 *       epd r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -
 *       perft 1 48
 *     `id` names the next position, `epd` starts it (same syntax as an EPD
 *     line, counts usually absent), each `perft DEPTH COUNT` adds a count to
 *     the last position. Extension: a `variant NAME` line sets the variant
 *     of the last position.
 *
 * Blank lines and lines whose first non-blank character is '#' are comments.
 * CR LF line ends and a UTF-8 BOM are accepted. Nothing here knows the rules:
 * the FEN text is returned as written (fields joined by single spaces) for
 * the caller to parse with vc_fen_parse(), and variant names are not
 * resolved.
 */
#ifndef VC_PERFTSUITE_H
#define VC_PERFTSUITE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* Depths above this are a syntax error (no published suite goes near). */
#define VC_PERFTSUITE_MAX_DEPTH 64

struct vc_perft_count {
	int depth;      /* 0..VC_PERFTSUITE_MAX_DEPTH */
	uint64_t nodes; /* expected leaf count at `depth` */
};

struct vc_perft_entry {
	char *fen;      /* owned: FEN fields (4 to 6) joined by single spaces */
	char *id;       /* owned: `id` of the block or EPD operation, or NULL */
	char *variant;  /* owned: `variant` operation or line, or NULL */
	long line;      /* 1-based line of the FEN in the text */
	int ncounts;
	struct vc_perft_count *counts; /* owned, in file order */
};

struct vc_perft_suite {
	int count;                      /* number of entries */
	struct vc_perft_entry *entries; /* owned, in file order */
	int alloc_;                     /* private */
};

/* A syntax error: where and what. `message` is a static string. */
struct vc_perftsuite_error {
	long line;           /* 1-based */
	int column;          /* 1-based, in bytes */
	const char *message; /* "bad count", "perft line before any position" ... */
};

/* An empty suite. Cannot fail. */
void vc_perftsuite_init(struct vc_perft_suite *suite);

/* Free everything the suite owns and leave it empty (init state).
 * suite may be NULL. */
void vc_perftsuite_release(struct vc_perft_suite *suite);

/* Parse `len` bytes of `text` (need not be NUL-terminated; a NUL byte is a
 * syntax error) and append its positions to `suite`, which must have been
 * initialised. Stops at the first syntax error: returns -1 and fills *err
 * (err may be NULL); entries before the faulty line stay in the suite.
 * Returns -2 if memory runs out (err->message says so), 0 on success. */
int vc_perftsuite_parse(struct vc_perft_suite *suite, const char *text,
                        size_t len, struct vc_perftsuite_error *err);

/* Told of each syntax error by vc_perftsuite_parse_all, in line order. */
typedef void (*vc_perftsuite_error_fn)(void *ctx, const struct vc_perftsuite_error *err);

/* As vc_perftsuite_parse, but a syntax error does not end the reading: it
 * goes to on_error(ctx, err) (err valid during the call only) and the
 * faulty line is left out: a position line with an error adds no position,
 * and the `perft` and `variant` lines after it, which would belong to it,
 * are passed over; an `id` before it is dropped. Returns the number of
 * syntax errors (0: none), or -2 if memory runs out (entries before stay). */
int vc_perftsuite_parse_all(struct vc_perft_suite *suite, const char *text, size_t len,
                            vc_perftsuite_error_fn on_error, void *ctx);

/* The expected count of `entry` at `depth`, or -1 (as int64_t) if the entry
 * has none. If a depth is given twice the first wins. */
int64_t vc_perftsuite_expected(const struct vc_perft_entry *entry, int depth);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
