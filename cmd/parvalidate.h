/* vchess - `validate -j N`: games are independent, so N worker threads
 * read and check them while the main thread only reads the input.
 *
 * The main thread reads each PGN input into chunk buffers of about 1 MiB
 * (plain files are read, not mapped: a mapped file truncated meanwhile
 * would kill the process with SIGBUS), cutting preferably at a `[` that starts
 * a line after a blank line, and counts the lines before each chunk. A
 * worker runs a PGN reader and the game checker over a chunk, starting at
 * its offset and line, rendering report entries (and the games' original
 * bytes for --valid-out/--invalid-out) into memory. At the end of its chunk
 * a reader stops only when it is at rest (vc_pgn_reader_at_rest) and the
 * next chunk starts at a possible game start; otherwise (a cut inside a
 * comment, a game without a result) it reads on into the next chunks, and
 * the speculative work on those is thrown away. The main thread writes the
 * output of the jobs -j 1 would amount to, in input order, renumbering the
 * games (vc_report_write_marked), so the output is byte for byte that of
 * -j 1. Memory stays bounded: at most 2N+2 chunks are in flight, a job's
 * output is handed over in pieces of a quarter chunk, and a job whose
 * output is not wanted yet waits (or gives up) while it holds more than two
 * chunks' worth.
 *
 * Not used (validate runs single-threaded) for --format json (one
 * document) and --max-errors (exact stopping needs the order); EPD/FEN
 * members are checked by the main thread once the chunks before are
 * written. The environment variable VCHESS_CHUNK_SIZE (bytes, >= 16) sets
 * the chunk size, for tests; VCHESS_PAR_DEBUG prints chunk and job counts.
 */
#ifndef VC_PARVALIDATE_H
#define VC_PARVALIDATE_H

#include <stdio.h>

#include "common.h"
#include "pgn_checker.h"
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
