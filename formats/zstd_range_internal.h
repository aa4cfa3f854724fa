/* vchess - decompressing a run of zstd frames of a file (a shard of a
 * multi-frame zstd file, formats/shards.h), with libzstd. Not installed:
 * the input layer reads shards through it.
 *
 * The stream starts at a frame boundary `start` (compressed bytes of the
 * file) and goes on, frame after frame, to the end of the file: a shard
 * finishes the game that runs past its end. What it owns is the
 * decompressed bytes of the frames that start before `end`; their count is
 * known once the reading has passed that frame boundary.
 */
#ifndef VC_ZSTD_RANGE_INTERNAL_H
#define VC_ZSTD_RANGE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct vc_zstd_range;

/* Start reading the file open on fd (not owned, not closed; read with
 * pread, its offset left alone) at compressed offset `start`, owning the
 * frames that start before `end` (start <= end). Returns the reader, or
 * NULL out of memory. */
struct vc_zstd_range *vc_zstd_range_new(int fd, uint64_t start, uint64_t end);

/* Up to n decompressed bytes into buf: the count, 0 at the end of the
 * file, -1 on damaged data or a read error (message: vc_zstd_range_error). */
ssize_t vc_zstd_range_read(struct vc_zstd_range *z, char *buf, size_t n);

/* Decompressed bytes of the owned frames, once the reading passed `end`
 * (or the end of the file); UINT64_MAX before. */
uint64_t vc_zstd_range_owned(const struct vc_zstd_range *z);

/* Compressed bytes of the file consumed so far, from `start` on (for the
 * zip-bomb guard's ratio). */
uint64_t vc_zstd_range_consumed(const struct vc_zstd_range *z);

/* What went wrong after a -1 (static or owned by z). */
const char *vc_zstd_range_error(const struct vc_zstd_range *z);

/* Free the reader (NULL: nothing). */
void vc_zstd_range_free(struct vc_zstd_range *z);

#endif
