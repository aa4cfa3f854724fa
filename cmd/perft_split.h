/* vchess perft -j N on one position: the tree split over threads
 * (vchess-perft(1), -j). */
#ifndef VC_CMD_PERFT_SPLIT_H
#define VC_CMD_PERFT_SPLIT_H

#include <stdint.h>

#include "perft.h"
#include "variant.h"

/* Perft of pos to `depth` (1..VC_PERFT_MAX_DEPTH) over `jobs` threads
 * (>= 1), with the counts under each legal move of pos: moves[0..*nmoves-1]
 * are pos's legal moves in vc_legal_moves order and per_move[i] the leaf
 * nodes under moves[i] (both arrays of VC_MAX_MOVES entries, the caller's).
 * The tree is cut deeper than the root while there are fewer than 16 pieces
 * of work a thread (a position with few moves still keeps every thread
 * busy), and the pieces are taken by the threads as they finish; the counts
 * are those of vc_perft, whatever `jobs`. Returns the total, or
 * VC_PERFT_ERROR when memory or a thread cannot be had (nothing is
 * printed). `table`: NULL, or a transposition table (perft.h) the threads
 * share. */
uint64_t vc_cli_perft_split(const struct vc_position *pos, int depth, int jobs,
                            struct vc_perft_table *table, vc_move *moves, uint64_t *per_move,
                            int *nmoves);

#endif
