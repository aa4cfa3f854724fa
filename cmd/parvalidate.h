/* vchess - `validate -j N`: games are independent, so N worker threads
 * check them while the main thread reads.
 *
 * The main thread lexes each input once, recording every game's visitor
 * events (cmd/pgnrec.h) into batches; workers replay a batch into their own
 * game checker and render its report entries (and the games' original
 * bytes for --valid-out/--invalid-out) into memory; the main thread writes
 * the batches in input order, so the output is byte for byte that of -j 1.
 * Memory stays bounded: at most 2N+2 batches of at most 64 games or 1 MiB
 * of events are in flight.
 *
 * Not used (validate runs single-threaded) for --format json (one
 * document) and --max-errors (exact stopping needs the order); EPD/FEN
 * members are checked by the main thread between batches.
 */
#ifndef VC_PARVALIDATE_H
#define VC_PARVALIDATE_H

#include <stdio.h>

#include "common.h"
#include "gamecheck.h"
#include "report.h"

struct vc_par_validate {
	int jobs;                       /* worker threads, >= 2 */
	const struct vc_gc_options *gc; /* checker options */
	const struct vc_cli_opts *opts; /* report options */
	bool shredder;
	struct vc_report *rep;          /* the main report: output and summary */
	FILE *valid_out, *invalid_out;  /* may be NULL */
	bool progress;                  /* progress line on stderr */
};

/* Validate every path in order. Returns VC_EXIT_OK, or VC_EXIT_INPUT when
 * an input could not be opened or read (everything read before the fault is
 * still reported), or -1 when the threads could not be started (the caller
 * then validates single-threaded). Counts end up in p->rep. */
int vc_validate_parallel(struct vc_par_validate *p, char **paths, int npaths);

#endif
