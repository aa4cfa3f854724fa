/* vchess - the PGN reader feeding the game checker: the glue between
 * formats/pgn.h (syntax) and lib/checker.h (rules).
 *
 * The visitor's per-event pointers are the checker's record functions
 * themselves (same signatures): no wrapper, no copy on the per-move path.
 * Only the game's start and end pass through glue here, to turn the
 * reader's struct vc_pgn_game into the checker's arguments.
 */
#ifndef VC_PGN_CHECKER_H
#define VC_PGN_CHECKER_H

#include "checker.h"
#include "pgn.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* Read every game of one stream (a file or an archive member) with a PGN
 * reader into checker c, calling its on_game for each (a stream of
 * comments alone holds none: pgn.h notes_only); source and member
 * name the stream in the records (vc_checker_set_source). Returns the PGN
 * reader's status: VC_PGN_DONE, VC_PGN_STOPPED (on_game asked to stop),
 * VC_PGN_IO_ERROR (read failed), VC_PGN_NOMEM (no reader could be made). */
int vc_checker_run(struct vc_checker *c, vc_pgn_read_fn read, void *ctx,
                   const char *source, const char *member);

/* The checker as a PGN visitor (user = c), for callers that drive a reader
 * themselves (parallel validation); source and member name the stream. */
void vc_checker_visitor(struct vc_checker *c, struct vc_pgn_visitor *vis,
                        const char *source, const char *member);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
