/* vchess - the shard run's check of its range (cmd/part.c). Not
 * installed. */
#ifndef VC_SHARDS_INTERNAL_H
#define VC_SHARDS_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "shards.h"

/* Whether [start, end) is a range of `path` as vc_shard_range cuts it
 * (vchess-shards(1)): *ok. *f is filled as vc_shard_file_scan fills it
 * (vc_shard_file_free after), except for a range inside a multi-frame zstd
 * file: then only the frames from start to end are read (their headers,
 * hopping), and f->frames holds those frames' units. Every shard run makes
 * this check, so it must not read the whole file's frame headers: with N
 * shards of F frames that was N x F small reads (64 x 1025 x 3 on the 2 GB
 * benchmark: ~3,000 system calls a shard run). `start` is checked by the
 * frame magic found there (0 or a frame; the decoding checks the rest),
 * `end` by hopping to it from `start`.
 * Returns 0, or -1 with a message in err[errlen] (cannot open or read
 * the file; damaged zstd frames where it read). */
int vc_shard_file_scan_range(const char *path, uint64_t start, uint64_t end,
                             struct vc_shard_file *f, bool *ok, char *err, size_t errlen);

#endif
