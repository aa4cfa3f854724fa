/* vchess - a PGN stream copied byte for byte with some games' results
 * replaced (vchess-adjudicate(1) --fix-results): the value of the Result
 * tag and the main line's result token are set to the given result (a tag
 * and a token added when missing, with the PGN writer, pgnwrite.h); every
 * other byte of the input is kept.
 *
 * The input's bytes come through the input loop's tap (vc_pgnfix_tap*),
 * each game's record through vc_pgnfix_game, in stream order; the bytes
 * are held from the start of the game not yet written.
 */
#ifndef VC_PGNFIX_H
#define VC_PGNFIX_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "checker.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* The fixer: opaque (its members may change without a new soname). */
struct vc_pgnfix;

/* A fixer writing its copy to f (the caller's: it stays open after
 * vc_pgnfix_free). NULL when out of memory. */
struct vc_pgnfix *vc_pgnfix_new(FILE *f);
/* Free a fixer (accepts NULL); the bytes it still holds are dropped. */
void vc_pgnfix_free(struct vc_pgnfix *fx);
/* Games corrected so far. */
long vc_pgnfix_fixed(const struct vc_pgnfix *fx);
/* Whether it ran out of memory: the copy is then not corrected from some
 * point on (still whole: every byte of the input is in it). */
bool vc_pgnfix_failed(const struct vc_pgnfix *fx);

/* The input loop's tap (ctx: the fixer): a stream begins (streams are
 * kept apart by a line end), its bytes, its end (held bytes written). */
void vc_pgnfix_tap_begin(void *ctx, const char *source, const char *member);
void vc_pgnfix_tap(void *ctx, const char *buf, size_t n);
void vc_pgnfix_tap_end(void *ctx);
/* The stream ends early (the run stopped in it, --max-errors): the bytes
 * held past the last game given to vc_pgnfix_game are dropped, not
 * written, so the copy ends with that game. */
void vc_pgnfix_tap_drop(void *ctx);

/* Copy game g (a record with keep_raw; a record without raw bytes, a
 * position line, is copied with the stream), its Result tag and result
 * token set to `result` ("1-0", "0-1", "1/2-1/2", "*") unless NULL. A
 * game whose bytes are no longer held is copied unchanged. */
void vc_pgnfix_game(struct vc_pgnfix *fx, const struct vc_gc_game *g, const char *result);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
