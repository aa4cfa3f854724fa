/* vchess - cutting inputs into shards for runs on many processes or
 * machines (vchess-shards(1)).
 *
 * A shard is a byte range [start, end) of one input file as stored on disk.
 * What a range means depends on the file's unit:
 *   VC_SHARD_BYTES   a plain (uncompressed) PGN or EPD file: any byte range;
 *                    the shard owns the games that start in it and reads
 *                    past its end to finish its last game;
 *   VC_SHARD_FRAMES  a zstd file of several independent frames (pzstd, the
 *                    lichess database dumps): ranges start and end at frame
 *                    boundaries (a frame's skippable size header, when it
 *                    has one, goes with it);
 *   VC_SHARD_FILE    anything else (gzip, xz, bzip2, a single-frame zstd,
 *                    an archive, standard input): the whole file, one
 *                    shard.
 * Found without reading the file's contents: a plain file by its size, a
 * zstd file by hopping from frame to frame (the skippable frame pzstd
 * writes before each frame holds its compressed size; a frame without one
 * is measured by its block headers).
 *
 * Bytes in, ranges out: no rules here (formats/ layer).
 */
#ifndef VC_FORMATS_SHARDS_H
#define VC_FORMATS_SHARDS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

enum vc_shard_unit { VC_SHARD_BYTES, VC_SHARD_FRAMES, VC_SHARD_FILE };

/* One input file as shards see it. */
struct vc_shard_file {
	const char *path;         /* as given (not owned) */
	uint64_t size;            /* bytes on disk */
	enum vc_shard_unit unit;
	const char *why;          /* VC_SHARD_FILE: why it is one shard (static
	                             text: "gzip", "single zstd frame", ...) */
	uint64_t *frames;         /* VC_SHARD_FRAMES: nframes + 1 offsets, the
	                             start of each frame unit, then `size`
	                             (owned: vc_shard_file_free) */
	size_t nframes;
};

/* Examine `path` (a regular file; "-" or anything else unseekable is one
 * VC_SHARD_FILE shard) and fill *f. Returns 0, or -1 with a message in
 * err[errlen] (cannot open or read the file; a zstd file whose frames
 * cannot be measured: damaged). *f needs vc_shard_file_free after 0. */
int vc_shard_file_scan(const char *path, struct vc_shard_file *f, char *err, size_t errlen);

/* Release f->frames. f may be zeroed or scanned. */
void vc_shard_file_free(struct vc_shard_file *f);

/* How many shards f gives for `want` shards of the whole run (want >= 1,
 * spread over the files by size by the caller) or, when `size_each` > 0,
 * for shards of about `size_each` bytes: at least 1; at most the number of
 * frames (VC_SHARD_FRAMES), 1 for VC_SHARD_FILE, and for VC_SHARD_BYTES
 * never a shard under 1 byte. */
size_t vc_shard_count(const struct vc_shard_file *f, size_t want, uint64_t size_each);

/* The k-th of n shards of f (k < n, n from vc_shard_count): *start and
 * *end, a half-open byte range. Plain files are cut into n ranges of equal
 * size (a range's games are found by the run that checks it); frames are
 * dealt out in runs of consecutive frames of about equal compressed size. */
void vc_shard_range(const struct vc_shard_file *f, size_t k, size_t n, uint64_t *start,
                    uint64_t *end);

/* The plan of a run over nfiles files: about `want` shards in all (>= 1),
 * spread over the files that can be cut in proportion to their sizes (a
 * file that cannot is one shard), or shards of about size_each bytes
 * (> 0). Fills counts[i], the shards of files[i] (vc_shard_count), and
 * returns their sum: shard K of the run is shard K - (the counts of the
 * files before) of its file. vchess-shards(1) -n and --size. */
size_t vc_shard_plan(const struct vc_shard_file *files, size_t nfiles, size_t want,
                     uint64_t size_each, size_t *counts);

/* The word a report uses for f->unit: "bytes", "frames", "file". */
const char *vc_shard_unit_name(enum vc_shard_unit u);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
