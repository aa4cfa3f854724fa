/* vchess - perft with a transposition table, for deep counts
 * (vchess-perft(1), --hash).
 *
 * vc_perft (variant.h) counts every node; deep perft visits the same
 * positions by many move orders, and a table of counts already made, keyed
 * by the position's 64-bit Zobrist key and the remaining depth, answers
 * them once. The counts then rest on the key's 64 bits: two positions with
 * one key and depth would share a count (a chance of about n / 2^64 per
 * lookup, n the positions in the table); every entry is also checked
 * against a torn write by its own check word, so a table shared by threads
 * needs no lock. Off unless asked for: vc_perft is the reference count.
 */
#ifndef VC_PERFT_H
#define VC_PERFT_H

#include <stddef.h>
#include <stdint.h>

#include "finding.h"
#include "position.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* The table (opaque). */
struct vc_perft_table;

/* Make a table in at most `bytes` bytes (the largest power-of-two number
 * of 16-byte entries that fits; at least 1 KiB must be given), empty.
 * Returns VC_F_OK with *out set (free with vc_perft_table_free),
 * VC_F_INVALID_ARGUMENT (out NULL, bytes under 1024) or VC_F_OUT_OF_MEMORY
 * (*out NULL). */
enum vc_code vc_perft_table_new(size_t bytes, struct vc_perft_table **out);

/* Free a table (NULL: nothing). Not while a vc_perft_hashed uses it. */
void vc_perft_table_free(struct vc_perft_table *t);

/* Its size in bytes (what was allocated: <= the bytes asked for). */
size_t vc_perft_table_bytes(const struct vc_perft_table *t);

/* vc_perft(pos, depth) with the table t (not NULL): the same count but for
 * a collision of 64-bit keys (above). Several threads may use one table at
 * once, each with its own positions. Returns VC_PERFT_ERROR where vc_perft
 * does (pos NULL, unknown variant, depth outside 0..VC_PERFT_MAX_DEPTH) and
 * when t is NULL. */
uint64_t vc_perft_hashed(const struct vc_position *pos, int depth, struct vc_perft_table *t);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
