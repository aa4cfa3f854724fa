/* vchess - the input layer: a path (or "-" for standard input) in, a stream
 * of bytes out, one archive member after another.
 *
 * The container is told by content (magic bytes), never by the file name
 * alone (vchess(1) DESCRIPTION), so a gzip file named `games.pgn` is still
 * gunzipped and a plain file named `x.gz` is read as it is:
 *
 *   plain       anything without a known signature below: delivered as is,
 *               one member with name NULL.
 *   gzip        1f 8b: inflated with zlib, one member with name NULL.
 *               Concatenated members (multi-member gzip, as written by
 *               `cat a.gz b.gz` or pigz/bgzip) are one continuous stream;
 *               zero bytes after the last member (tape padding) are
 *               ignored; anything else after a member is a CORRUPT error.
 *               A gzip whose payload starts with an archive or compression
 *               signature (a .tar.gz) goes to libarchive instead.
 *   compressed  bzip2, xz, lzma, lzip, zstd, lz4, compress (.Z), lzop,
 *               lrzip around a single stream: decoded by libarchive (its
 *               "raw" format), one member with name NULL.
 *   archive     zip, 7z, tar (also inside any of the compressions above),
 *               rar, cab, xar, ar, cpio: libarchive. Regular-file
 *               members are delivered in archive order, each with its
 *               path inside the archive; directories and devices are
 *               skipped; symbolic links and hard links without data are
 *               delivered as empty members that vc_input_member_link
 *               names, for the caller to skip with a note. Order is
 *               the archive's own (libarchive's 7z writer, for one, puts
 *               empty files last). 7z needs seeking: from a pipe it fails
 *               with VC_INPUT_EUNSUPPORTED; zip and tar stream fine.
 *               A CRC or size mismatch of a member (zip, 7z, rar check it
 *               at the member's end) is a VC_INPUT_ECORRUPT error after
 *               the member's data, all of it: the bytes cannot be told
 *               good or bad before the end.
 *   nested      an archive member that is itself compressed (c.pgn.gz
 *               inside a zip) is decompressed: its bytes are the
 *               decompressed stream, under the member's own name. A member
 *               that is an archive, or a compressed archive (a zip inside
 *               a .tar.gz, a .tar.gz inside a zip), is read as one: its
 *               members are the outer archive's, named
 *               "outer:inner" ("inner.zip:game.pgn"; deeper levels add
 *               ":name" each), in order, in place of the member. Members
 *               are read up to VC_INPUT_MAX_NEST levels of archives and
 *               compressions inside the file; a member one level deeper
 *               fails to read with VC_INPUT_EUNSUPPORTED, as that
 *               member's failure.
 *
 * Detection uses strong signatures only (tar: a valid header checksum), so
 * text is never mistaken for an archive. Only the compressions and formats
 * listed above are enabled in libarchive (not its uuencode, rpm, iso9660,
 * mtree, lha or warc readers). A compressed stream whose content starts
 * with 512 zero bytes reads as an (empty) tar archive: libarchive's rule,
 * harmless for PGN and EPD.
 *
 * Memory stays flat whatever the input size (standard input too): one
 * 64 KiB raw buffer plus the decoder's own state (zlib ~ 45 KiB; xz and
 * zstd as large as the dictionary the stream declares); a compressed
 * archive member adds the same again for its own decompression, freed at
 * the member's end. Nothing is ever buffered whole.
 *
 * Zip-bomb guard (vchess(1) OPTIONS), on decompressed output only:
 *   - ratio: once more than `ratio_floor` bytes (default 1 MiB) have been
 *     delivered, the input fails with VC_INPUT_ELIMIT as soon as the bytes
 *     delivered exceed `max_ratio` (default 1000) times the compressed bytes
 *     consumed so far (for libarchive: the furthest offset read, so zip
 *     entries that overlap to reuse one compressed kernel count it once).
 *     The data of compressed and archived members (nested, every level)
 *     counts on top of the bytes delivered: any decompression may be the
 *     bomb; the guard measures the whole expansion. After a member that
 *     tripped it is skipped (see below), the guard measures on from that
 *     member's start, without the floor.
 *     Real PGN compresses 4:1 to 20:1. Deflate tops out at 1032:1: a
 *     maximally packed gzip bomb (zeros at level 9, ~1030:1) trips within
 *     a few MiB; bzip2/xz/zstd bombs (10^4:1 and more) at once. Output
 *     below the ratio is bounded by 1000 times the input's size and just
 *     streams.
 *   - absolute cap: `max_output` bytes in total (all members; any kind of
 *     input, plain files included), 0 = no cap (default). At most
 *     `max_output` bytes are ever delivered.
 * Member data that the caller skips (vc_input_next_member before the end of
 * a member) is decoded and counted too, so skipping cannot bypass the guard
 * (a skipped compressed member is decoded from the archive, not
 * decompressed further).
 *
 * Failures of one member. When a read of an archive member fails (too
 * deep, the guard's ratio, a damaged member, a CRC mismatch, an encrypted
 * member) or vc_input_next_member fails on a member of a member, the
 * failure is that member's when the archive can go on past it: the next
 * vc_input_next_member skips what is left of the member (without
 * decompressing it) and returns the member after it, the error record
 * reset to VC_INPUT_OK. An archive can go on when its reader is still
 * sound (a CRC mismatch, a refused or encrypted member, any failure
 * inside a member of a member); after libarchive gave up on the file, a
 * zip or 7z file (not a pipe) is opened again and read on from the next
 * entry of its central directory; after the ratio guard, an archive whose
 * members are skipped without decompressing (zip, tar, cpio, ar not
 * inside a compression). Otherwise (a damaged compressed stream, the
 * absolute cap, a pipe) it cannot: the failure's message then ends with
 * "(the rest of the archive was not read)", or, for an archive member
 * given up inside one that goes on, "(the rest of NAME was not read)",
 * and the error is sticky: every later call fails the same way. A
 * caller reports a failure once (an identical error record returned
 * again is the same failure) and calls vc_input_next_member again.
 * Plain, gzip and single-stream compressed inputs have one member: their
 * failures are always sticky. A damaged stream delivers everything decoded before the damage
 * first: the bytes come back from vc_input_read as usual and the error only
 * on the call after them. With zlib (gzip files, gzip members) that is every
 * byte the damaged stream can yield. libarchive's decoders hand out whole
 * output blocks and drop the one they were decoding when they meet the
 * damage, with no way to get it: up to 64 KiB before the damage for xz,
 * lzma, lzip and bzip2 (whose own format decodes nothing of a damaged
 * 900 KB block anyway), 128 KiB for zstd, 256 KiB for a deflated zip
 * member. Damage in the first block of a bare compressed file delivers
 * nothing (the error then comes from vc_input_next_member).
 *
 * Not thread-safe per object; separate objects are independent (no global
 * state).
 */
#ifndef VC_INPUT_H
#define VC_INPUT_H

#include "finding.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* Kinds of input failure. Every one of them means exit status 3 for the
 * CLI (vchess(1) EXIT STATUS). Words for reports: vc_input_errkind_name(). */
enum vc_input_errkind {
	VC_INPUT_OK = 0,
	VC_INPUT_EOPEN,        /* "cannot-open": missing, unreadable, a directory */
	VC_INPUT_EREAD,        /* "read-error": I/O error while reading */
	VC_INPUT_ECORRUPT,     /* "corrupt": damaged, truncated or unrecognised
	                        * compressed data or archive structure */
	VC_INPUT_EUNSUPPORTED, /* "unsupported": encrypted member, compression
	                        * method libarchive cannot decode, 7z from a
	                        * pipe, a member nested too deep */
	VC_INPUT_ELIMIT,       /* "limit-exceeded": zip-bomb ratio or cap */
	VC_INPUT_ENOMEM        /* "out-of-memory" */
};

/* A caller-owned error record (plain data, no release needed). */
struct vc_input_error {
	enum vc_input_errkind kind;
	int sys_errno;    /* errno behind the failure, 0 if none */
	uint64_t offset;  /* compressed (raw file) bytes consumed when the
	                   * failure was found: where the damage is, roughly */
	char message[256];/* human text, without the path: the caller prefixes
	                   * "path:" or "path:member:" itself */
};

/* What the input turned out to be (see the top of this file). */
enum vc_input_kind {
	VC_INPUT_PLAIN = 0,
	VC_INPUT_GZIP,
	VC_INPUT_COMPRESSED,
	VC_INPUT_ARCHIVE
};

/* How deep members are read inside members (see "nested" above): a
 * member inside this many levels of archives or compressions within the
 * file is read, one level deeper is refused (VC_INPUT_EUNSUPPORTED). */
#define VC_INPUT_MAX_NEST 4

#define VC_INPUT_DEFAULT_MAX_RATIO 1000u
#define VC_INPUT_DEFAULT_RATIO_FLOOR ((uint64_t)1 << 20)

struct vc_input_options {
	uint64_t max_ratio;   /* decompressed bytes per compressed byte;
	                       * 0 = no ratio guard */
	uint64_t ratio_floor; /* the ratio is only checked past this many
	                       * decompressed bytes */
	uint64_t max_output;  /* total bytes delivered; 0 = unlimited */
	/* A shard of the file (vchess-shards(1)): 0, the whole file; else
	 * the file's bytes from compressed offset range_start on, to its end,
	 * with nothing told by content: VC_INPUT_RANGE_BYTES, a plain file
	 * read from range_start (the shard owns range_end - range_start
	 * bytes); VC_INPUT_RANGE_FRAMES, a zstd file decompressed frame by
	 * frame from the frame boundary range_start (it owns the frames that
	 * start before range_end). One member, name NULL. The path must be a
	 * regular file (VC_INPUT_EOPEN otherwise). */
	int range_unit;
	uint64_t range_start, range_end;
};

enum { VC_INPUT_RANGE_NONE = 0, VC_INPUT_RANGE_BYTES, VC_INPUT_RANGE_FRAMES };

/* Fill *opts with the defaults above. */
void vc_input_options_init(struct vc_input_options *opts);

/* Zero *err (kind VC_INPUT_OK, empty message). */
void vc_input_error_init(struct vc_input_error *err);

/* The report word of a kind: "cannot-open", "read-error", "corrupt",
 * "unsupported", "limit-exceeded", "out-of-memory"; "ok" for VC_INPUT_OK.
 * Never NULL; static storage. */
const char *vc_input_errkind_name(enum vc_input_errkind kind);
/* The same kind as a finding code (finding.h): VC_F_CANNOT_OPEN, ...,
 * VC_F_OK for VC_INPUT_OK; vc_code_word gives the word above. */
enum vc_code vc_input_errkind_code(enum vc_input_errkind kind);

struct vc_input;

/* A shard's input (options range_unit): the decompressed bytes it owns,
 * counted from range_start's byte: range_end - range_start for bytes; for
 * frames known once the reading passed range_end's frame boundary (or the
 * end of the file), UINT64_MAX before. UINT64_MAX for an input that is
 * not a shard. */
uint64_t vc_input_range_owned(const struct vc_input *in);
/* The up to 256 bytes of the file just before a bytes shard's range_start,
 * into before[] (the last at before[n - 1]): how many (0 for a shard
 * starting at 0, frames, and inputs that are not shards). */
size_t vc_input_range_before(const struct vc_input *in, char before[256]);

/* Open `path` ("-" = standard input, which is not closed by
 * vc_input_close) and detect its container from the first bytes (up to
 * 4 KiB are read at once; from a pipe this blocks until they arrive or the
 * pipe ends). vc_input_open uses the default options; opts NULL means the
 * defaults too. The options are copied.
 *
 * Returns a new input positioned before its first member (call
 * vc_input_next_member first), to be freed with vc_input_close. On failure
 * returns NULL and, when err is not NULL, fills *err: VC_INPUT_EOPEN (the
 * path cannot be opened, or is a directory), VC_INPUT_EREAD (the first
 * read failed), VC_INPUT_ENOMEM, or VC_INPUT_EUNSUPPORTED when the input
 * needs libarchive (compressed other than gzip, or an archive; not a zstd
 * shard) and libarchive.so.13, loaded the first time an input needs it,
 * cannot be loaded (the message says why). Damaged content is never an open
 * failure: it is reported by vc_input_next_member / vc_input_read, after
 * whatever could be decoded. An empty file opens fine (one empty member).
 * path must not be NULL. */
struct vc_input *vc_input_open(const char *path, struct vc_input_error *err);
struct vc_input *vc_input_open_opts(const char *path,
                                    const struct vc_input_options *opts,
                                    struct vc_input_error *err);

/* Advance to the next member, skipping (but decoding, for the guard) what
 * is left of the current one; after a failure, past the failed member
 * when the archive allows it ("Failures of one member" above).
 * Returns 1 when a member is ready to read: *member_name (if member_name is
 * not NULL) is set to its path inside the archive (UTF-8 when the archive
 * records its charset, as 7z, pax and flagged zip do, whatever the process
 * locale; else the archive's bytes as they are, which may not be UTF-8;
 * owned by the input, valid until the next vc_input_next_member or
 * vc_input_close), or to NULL for a plain,
 * gzip or single-stream compressed input, which has exactly one member.
 * Returns 0 when there are no more members (an archive may have none),
 * -1 on error (see vc_input_error; *member_name is then NULL). */
int vc_input_next_member(struct vc_input *in, const char **member_name);

/* When the current member is a symbolic link or a hard link without data
 * (tar, cpio, zip, 7z record them): what it is, "symbolic link to
 * TARGET" or "hard link to TARGET" (owned by the input, valid until the
 * next vc_input_next_member); the member then reads as empty and the
 * caller skips it with a note naming it. NULL for any other member. */
const char *vc_input_member_link(const struct vc_input *in);

/* Read up to n bytes of the current member into buf.
 * Returns the number of bytes read (> 0; it may be less than n), 0 at the
 * end of the member (also before the first vc_input_next_member, and when
 * n is 0), -1 on error (see vc_input_error). */
ptrdiff_t vc_input_read(struct vc_input *in, char *buf, size_t n);

/* The error record of the input: kind VC_INPUT_OK while all is well.
 * Owned by the input; valid until vc_input_close. in must not be NULL. */
const struct vc_input_error *vc_input_error(const struct vc_input *in);

/* The container kind. For libarchive streams VC_INPUT_COMPRESSED and
 * VC_INPUT_ARCHIVE are only told apart after the first
 * vc_input_next_member (until then VC_INPUT_ARCHIVE is returned). */
enum vc_input_kind vc_input_kind(const struct vc_input *in);

/* The path as given to vc_input_open ("-" for standard input). */
const char *vc_input_path(const struct vc_input *in);

/* Progress, in bytes of the raw (compressed) input: its size when known (a
 * regular file, standard input redirected from one too), else -1; and how
 * much of it has been consumed so far. For a progress display:
 * consumed / total. consumed may run ahead of the bytes delivered by up to
 * one read buffer (and, for zip/7z, jumps to the directory at the end of
 * the file and back). */
int64_t vc_input_total_size(const struct vc_input *in);
uint64_t vc_input_bytes_consumed(const struct vc_input *in);

/* Decompressed bytes delivered so far, over all members (skipped member
 * data included). */
uint64_t vc_input_bytes_out(const struct vc_input *in);

/* Close the file (not standard input) and free everything. NULL is a
 * no-op. Member names and the error record die with it. */
void vc_input_close(struct vc_input *in);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
