/* vchess - the input layer. See input.h for the contract.
 *
 * Three back ends share one raw buffer:
 *   plain    the sniffed bytes, then read(2) straight into the caller's
 *            buffer;
 *   gzip     zlib inflate, member after member;
 *   archive  libarchive fed through callbacks, so that the bytes already
 *            read for sniffing are replayed (pipes) or re-read after a seek
 *            (regular files, which also lets libarchive use the zip central
 *            directory and read 7z at all). libarchive is loaded the first
 *            time it is needed (archive_dl_internal.h): plain, gzip and
 *            zstd inputs never load it;
 *   zstd     a zstd file (named, regular, no archive inside) and zstd
 *            shards: libzstd (zstd_range_internal.h).
 * vc_input_read() wraps them with the zip-bomb guard.
 *
 * An archive member that is itself compressed or an archive is decoded by
 * a child input (struct vc_input with `parent` set) whose raw bytes are the
 * member's data instead of a file's: the same sniffing and back ends, to
 * VC_INPUT_MAX_NEST levels, and the guard of the file's input over all of
 * them. A child that is an archive hands its members up, named
 * "member:child's member". After a failure, decide() finds the level
 * that can go on (the deepest archive whose reader is still sound, or the
 * file's zip opened again) and resume() carries it out on the next
 * vc_input_next_member.
 */
#include "input.h"
#include "archive_dl_internal.h"
#include "zstd_range_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <locale.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#define RAW_BUFSZ (64 * 1024)
/* Bytes wanted before deciding what the input is: enough for every
 * signature below (tar needs 512) and for inflating the first 512 bytes of
 * a gzip payload. */
#define SNIFF_MIN 4096
#define PEEK_OUT 512

enum backend { BE_PLAIN, BE_GZIP, BE_ARCHIVE, BE_ZRANGE };
enum sniffed { SNIFF_PLAIN, SNIFF_GZIP, SNIFF_COMPRESSED, SNIFF_ARCHIVE };
enum gz_state { GZ_MEMBER, GZ_BETWEEN, GZ_DONE };
/* How the current archive member is read: as it is, through a child input
 * that decompresses it or reads it as an archive, or not at all (nested
 * too deep). */
enum member_mode { M_PLAIN, M_NESTED, M_REFUSED };

struct vc_input {
	char *path;
	int fd;
	bool own_fd;
	bool seekable;
	off_t start_off;      /* fd offset where the input starts (stdin) */
	int64_t total_size;
	struct vc_input_options opts;
	struct vc_input_error err;
	enum backend be;
	enum vc_input_kind kind;

	/* Raw bytes read from fd: [raw_pos, raw_len) not yet consumed. */
	unsigned char *raw;
	size_t raw_pos, raw_len;
	bool raw_eof;
	uint64_t raw_read;    /* bytes read from fd, cumulative */

	uint64_t out_total;   /* bytes delivered (and drained) */
	int members;          /* members handed out so far */
	bool in_member;       /* a member is current */

	/* a shard (options range_unit) */
	struct vc_zstd_range *zr;
	char before[256];
	size_t nbefore;

	/* gzip */
	z_stream z;
	bool z_init;
	enum gz_state gz;
	bool gz_padding;      /* zero bytes seen after a member */

	/* libarchive */
	struct archive *ar;
	locale_t utf8;        /* C.UTF-8 for libarchive's name conversions */
	bool replay;          /* hand the sniffed bytes to libarchive first */
	bool raw_only;        /* libarchive reads one compressed file, no
	                         archive formats (raw_again) */
	uint64_t apos;        /* offset of the raw stream after the last read */
	uint64_t hiwater;     /* highest offset read so far */
	int io_errno;         /* errno of a failed read callback */
	struct archive_entry *entry;
	const unsigned char *blk;
	size_t blk_len;
	int64_t blk_off;      /* member offset of blk (sparse files have gaps) */
	int64_t mpos;         /* bytes of the member delivered */
	bool blk_eof;
	bool ar_done;
	bool empty_pending;   /* a compressed empty stream: one empty member */
	char *member_name;
	/* An error found while reading ahead (a CRC mismatch reported with
	 * the member's last block, damage found while sniffing a member): it
	 * is raised once the bytes before it have been delivered. */
	struct vc_input_error deferred;

	/* Archive members: the first bytes, read to sniff them (and then
	 * delivered or fed before the rest), and how the member is read. */
	unsigned char *mpeek;
	size_t mpeek_pos, mpeek_len;
	enum member_mode mode;
	struct vc_input *nest;  /* the child decoding an M_NESTED member */
	bool nest_done;         /* ... and it has delivered all it had */
	uint64_t fed_total;     /* member bytes fed to children, cumulative */

	/* In a child: the input whose current member is our raw stream. */
	struct vc_input *parent;
	int depth;              /* 0 for the file, a child its parent's + 1 */

	/* Members of an archive member (nested archives): the child's
	 * members are ours, named "member:child's member". */
	char *full_name;
	bool nest_archive;      /* the child is an archive */
	const char *link;       /* the current member is a link: what it is */
	char link_text[256];

	/* After a failure: where it came from and what the next
	 * vc_input_next_member does about it (resume). */
	bool child_fault;       /* the child failed (nest_fail took it over) */
	bool ar_fatal;          /* libarchive is in its fatal state */
	bool reopened;          /* reopen() ran, at reopened_at entries: */
	uint64_t reopened_at;   /* another needs one read since (no loop) */
	bool guard_trip;        /* the ratio guard stopped the input */
	bool cap_hit;           /* the absolute cap did */
	bool planned;           /* plan decided, message annotated */
	int plan;               /* enum plan */
	uint64_t entries;       /* headers read from libarchive */
	int64_t member_hdr;     /* header offset of the current member */
	/* The ratio guard measures from here after a tripped member was
	 * skipped (no floor then): a segment of the input. */
	uint64_t g_base_out, g_base_in;
	bool g_reset;
};

/* What vc_input_next_member does after a failure (input.h). */
enum plan { PL_STOP = 0, PL_SKIP, PL_INNER };

/* The file's input (the guard's owner). */
static struct vc_input *root_of(struct vc_input *in)
{
	while (in->parent)
		in = in->parent;
	return in;
}

/* ---- errors ------------------------------------------------------------ */

void vc_input_error_init(struct vc_input_error *err)
{
	memset(err, 0, sizeof *err);
}

enum vc_code vc_input_errkind_code(enum vc_input_errkind kind)
{
	switch (kind) {
	case VC_INPUT_OK: return VC_F_OK;
	case VC_INPUT_EOPEN: return VC_F_CANNOT_OPEN;
	case VC_INPUT_EREAD: return VC_F_READ_ERROR;
	case VC_INPUT_ECORRUPT: return VC_F_CORRUPT;
	case VC_INPUT_EUNSUPPORTED: return VC_F_UNSUPPORTED;
	case VC_INPUT_ELIMIT: return VC_F_LIMIT_EXCEEDED;
	case VC_INPUT_ENOMEM: return VC_F_OUT_OF_MEMORY;
	}
	return VC_F_COUNT;
}

const char *vc_input_errkind_name(enum vc_input_errkind kind)
{
	return vc_code_word(vc_input_errkind_code(kind));
}

void vc_input_options_init(struct vc_input_options *opts)
{
	memset(opts, 0, sizeof *opts);
	opts->max_ratio = VC_INPUT_DEFAULT_MAX_RATIO;
	opts->ratio_floor = VC_INPUT_DEFAULT_RATIO_FLOOR;
	opts->max_output = 0;
}

static uint64_t consumed(const struct vc_input *in)
{
	if (in->be == BE_ARCHIVE)
		return in->apos;
	if (in->be == BE_ZRANGE)
		return vc_zstd_range_consumed(in->zr);
	return in->raw_read - (in->raw_len - in->raw_pos);
}

static void vset_err(struct vc_input_error *e, enum vc_input_errkind kind,
                     int errnum, uint64_t offset, const char *fmt,
                     va_list ap)
{
	e->kind = kind;
	e->sys_errno = errnum;
	e->offset = offset;
	vsnprintf(e->message, sizeof e->message, fmt, ap);
}

#if defined(__GNUC__)
#define VC_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define VC_PRINTF(a, b)
#endif

static void fail(struct vc_input *in, enum vc_input_errkind kind, int errnum,
                 const char *fmt, ...) VC_PRINTF(4, 5);
static void fail(struct vc_input *in, enum vc_input_errkind kind, int errnum,
                 const char *fmt, ...)
{
	va_list ap;

	if (in->err.kind != VC_INPUT_OK)
		return; /* the first failure is the one to report */
	va_start(ap, fmt);
	vset_err(&in->err, kind, errnum, consumed(in), fmt, ap);
	va_end(ap);
}

static void open_fail(struct vc_input_error *err, enum vc_input_errkind kind,
                      int errnum, const char *fmt, ...) VC_PRINTF(4, 5);
static void open_fail(struct vc_input_error *err, enum vc_input_errkind kind,
                      int errnum, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return;
	va_start(ap, fmt);
	vset_err(err, kind, errnum, 0, fmt, ap);
	va_end(ap);
}

/* ---- raw reading ------------------------------------------------------- */

static ssize_t read_fd(int fd, void *buf, size_t n)
{
	ssize_t r;

	do
		r = read(fd, buf, n);
	while (r < 0 && errno == EINTR);
	return r;
}

static ptrdiff_t nest_feed(struct vc_input *in, char *buf, size_t n);

/* The raw stream: the file, or in a child the parent's current member. A
 * failure of the parent is recorded in the parent (and wins there). */
static ssize_t src_read(struct vc_input *in, void *buf, size_t n)
{
	if (in->parent) {
		ptrdiff_t r = nest_feed(in->parent, buf, n);
		if (r < 0)
			errno = EIO;
		return r;
	}
	return read_fd(in->fd, buf, n);
}

/* Read more raw bytes behind the unconsumed ones (moved to the front).
 * Returns bytes added, 0 at end of file (raw_eof set), -1 on error
 * (failure recorded). */
static ssize_t fill(struct vc_input *in)
{
	ssize_t r;

	if (in->raw_pos > 0) {
		memmove(in->raw, in->raw + in->raw_pos, in->raw_len - in->raw_pos);
		in->raw_len -= in->raw_pos;
		in->raw_pos = 0;
	}
	if (in->raw_eof || in->raw_len == RAW_BUFSZ)
		return 0;
	r = src_read(in, in->raw + in->raw_len, RAW_BUFSZ - in->raw_len);
	if (r < 0) {
		int e = errno;
		fail(in, VC_INPUT_EREAD, e, "read error: %s", strerror(e));
		return -1;
	}
	if (r == 0)
		in->raw_eof = true;
	in->raw_len += (size_t)r;
	in->raw_read += (uint64_t)r;
	return r;
}

/* ---- detection by content ---------------------------------------------- */

static bool has(const unsigned char *p, size_t n, size_t at, const char *sig,
                size_t len)
{
	return n >= at + len && memcmp(p + at, sig, len) == 0;
}

/* A tar header: the checksum field (octal, at 148) equals the sum of the
 * 512 header bytes with the field itself counted as spaces. Old tars summed
 * signed chars; both are accepted, as GNU tar does. */
static bool is_tar(const unsigned char *p, size_t n)
{
	unsigned long want = 0, usum = 0;
	long ssum = 0;
	size_t i = 148;
	int digits = 0;

	if (n < 512)
		return false;
	while (i < 156 && p[i] == ' ')
		i++;
	for (; i < 156 && p[i] >= '0' && p[i] <= '7'; i++, digits++)
		want = want * 8 + (unsigned long)(p[i] - '0');
	if (digits == 0)
		return false;
	for (; i < 156; i++)
		if (p[i] != ' ' && p[i] != '\0')
			return false;
	for (i = 0; i < 512; i++) {
		unsigned char c = (i >= 148 && i < 156) ? ' ' : p[i];
		usum += c;
		ssum += (signed char)c;
	}
	return want == usum || (long)want == ssum;
}

static bool all_of(const unsigned char *p, size_t n, size_t from, size_t to,
                   const char *set)
{
	if (n < to)
		return false;
	for (size_t i = from; i < to; i++)
		if (!p[i] || !strchr(set, p[i]))
			return false;
	return true;
}

/* Only strong signatures, all binary or long: a PGN or EPD file never
 * starts with one, so text is never handed to libarchive's looser bidders
 * (mtree, uuencode) by accident. */
static enum sniffed sniff(const unsigned char *p, size_t n)
{
	static const char hex[] = "0123456789abcdefABCDEF";

	if (has(p, n, 0, "\x1f\x8b", 2))
		return SNIFF_GZIP;
	if (has(p, n, 0, "BZh", 3) && n >= 10 && p[3] >= '1' && p[3] <= '9' &&
	    (has(p, n, 4, "1AY&SY", 6) || has(p, n, 4, "\x17\x72\x45\x38\x50\x90", 6)))
		return SNIFF_COMPRESSED; /* bzip2: block or end-of-stream magic */
	if (has(p, n, 0, "\xfd" "7zXZ\0", 6) ||        /* xz */
	    has(p, n, 0, "\x28\xb5\x2f\xfd", 4) ||      /* zstd */
	    (n >= 4 && (p[0] & 0xf0) == 0x50 &&          /* zstd skippable */
	     has(p, n, 1, "\x2a\x4d\x18", 3)) ||
	    has(p, n, 0, "\x04\x22\x4d\x18", 4) ||      /* lz4 */
	    has(p, n, 0, "\x02\x21\x4c\x18", 4) ||      /* lz4 legacy */
	    has(p, n, 0, "LZIP", 4) ||
	    has(p, n, 0, "\x1f\x9d", 2) ||              /* compress (.Z) */
	    has(p, n, 0, "\x89LZO\0\r\n\x1a\n", 9) ||  /* lzop */
	    has(p, n, 0, "LRZI", 4) ||
	    (n >= 13 && p[0] == 0x5d && p[1] == 0 && p[2] == 0)) /* lzma */
		return SNIFF_COMPRESSED;
	if (has(p, n, 0, "PK\3\4", 4) || has(p, n, 0, "PK\5\6", 4) ||
	    has(p, n, 0, "PK\7\x08", 4) || has(p, n, 0, "PK00PK\3\4", 8) ||
	    has(p, n, 0, "7z\xbc\xaf\x27\x1c", 6) ||
	    has(p, n, 0, "Rar!\x1a\x07", 6) ||
	    has(p, n, 0, "MSCF\0\0\0\0", 8) ||
	    has(p, n, 0, "xar!", 4) ||
	    has(p, n, 0, "!<arch>\n", 8))
		return SNIFF_ARCHIVE;
	if ((has(p, n, 0, "070701", 6) || has(p, n, 0, "070702", 6)) &&
	    all_of(p, n, 6, 110, hex))
		return SNIFF_ARCHIVE; /* cpio newc */
	if (has(p, n, 0, "070707", 6) && all_of(p, n, 6, 76, "01234567"))
		return SNIFF_ARCHIVE; /* cpio odc */
	if (is_tar(p, n))
		return SNIFF_ARCHIVE;
	return SNIFF_PLAIN;
}

/* What does the gzip in the sniff buffer contain? Inflates its first bytes
 * into a scratch buffer and sniffs them; a damaged start counts as plain
 * (the gzip back end will then report the damage). */
static enum sniffed sniff_gzip_payload(const unsigned char *p, size_t n)
{
	unsigned char out[PEEK_OUT];
	z_stream z;
	size_t got;

	memset(&z, 0, sizeof z);
	if (inflateInit2(&z, 15 + 16) != Z_OK)
		return SNIFF_PLAIN;
	z.next_in = (unsigned char *)p;
	z.avail_in = (uInt)n;
	z.next_out = out;
	z.avail_out = sizeof out;
	(void)inflate(&z, Z_SYNC_FLUSH);
	got = sizeof out - z.avail_out;
	inflateEnd(&z);
	return sniff(out, got);
}

/* ---- plain ---------------------------------------------------------------- */

static ptrdiff_t plain_read(struct vc_input *in, char *buf, size_t n)
{
	ssize_t r;

	if (in->raw_pos < in->raw_len) {
		size_t k = in->raw_len - in->raw_pos;
		if (k > n)
			k = n;
		memcpy(buf, in->raw + in->raw_pos, k);
		in->raw_pos += k;
		return (ptrdiff_t)k;
	}
	if (in->raw_eof)
		return 0;
	r = src_read(in, buf, n);
	if (r < 0) {
		int e = errno;
		fail(in, VC_INPUT_EREAD, e, "read error: %s", strerror(e));
		return -1;
	}
	if (r == 0)
		in->raw_eof = true;
	in->raw_read += (uint64_t)r;
	return r;
}

/* ---- gzip ------------------------------------------------------------------- */

/* After a member's end: another member, zero padding up to the end, or
 * garbage. Returns 0 when decided (gz state updated), -1 on failure. */
static int gz_between(struct vc_input *in)
{
	for (;;) {
		size_t avail = in->raw_len - in->raw_pos;

		if (in->gz_padding || (avail > 0 && in->raw[in->raw_pos] == 0)) {
			in->gz_padding = true;
			while (in->raw_pos < in->raw_len && in->raw[in->raw_pos] == 0)
				in->raw_pos++;
			if (in->raw_pos < in->raw_len) {
				fail(in, VC_INPUT_ECORRUPT, 0,
				     "garbage after zero padding at the end of the gzip data");
				return -1;
			}
		} else if (avail >= 2) {
			if (in->raw[in->raw_pos] != 0x1f ||
			    in->raw[in->raw_pos + 1] != 0x8b) {
				fail(in, VC_INPUT_ECORRUPT, 0,
				     "trailing garbage after gzip member");
				return -1;
			}
			if (inflateReset(&in->z) != Z_OK) {
				fail(in, VC_INPUT_ECORRUPT, 0, "zlib: cannot reset");
				return -1;
			}
			in->gz = GZ_MEMBER;
			return 0;
		}
		if (in->raw_eof && in->raw_pos == in->raw_len) {
			in->gz = GZ_DONE;
			return 0;
		}
		if (in->raw_eof) { /* a single byte left */
			fail(in, VC_INPUT_ECORRUPT, 0,
			     "trailing garbage after gzip member");
			return -1;
		}
		if (fill(in) < 0)
			return -1;
	}
}

static ptrdiff_t gz_read(struct vc_input *in, char *buf, size_t n)
{
	uInt room = n > (1u << 30) ? (1u << 30) : (uInt)n;
	size_t produced = 0;

	while (produced == 0) {
		int ret;

		if (in->gz == GZ_DONE)
			return 0;
		if (in->gz == GZ_BETWEEN) {
			if (gz_between(in) < 0)
				return -1;
			continue;
		}
		if (in->raw_pos == in->raw_len && !in->raw_eof && fill(in) < 0)
			return -1;
		in->z.next_in = in->raw + in->raw_pos;
		in->z.avail_in = (uInt)(in->raw_len - in->raw_pos);
		in->z.next_out = (unsigned char *)buf;
		in->z.avail_out = room;
		ret = inflate(&in->z, Z_NO_FLUSH);
		in->raw_pos = (size_t)(in->z.next_in - in->raw);
		produced = room - in->z.avail_out;
		switch (ret) {
		case Z_OK:
			break;
		case Z_STREAM_END:
			in->gz = GZ_BETWEEN;
			break;
		case Z_BUF_ERROR: /* no progress possible */
			if (in->raw_pos == in->raw_len && in->raw_eof) {
				fail(in, VC_INPUT_ECORRUPT, 0,
				     "unexpected end of file: gzip data truncated");
				return produced ? (ptrdiff_t)produced : -1;
			}
			break;
		case Z_MEM_ERROR:
			fail(in, VC_INPUT_ENOMEM, ENOMEM, "zlib: out of memory");
			return produced ? (ptrdiff_t)produced : -1;
		default: /* Z_DATA_ERROR, Z_NEED_DICT, Z_STREAM_ERROR */
			fail(in, VC_INPUT_ECORRUPT, 0, "invalid gzip data: %s",
			     in->z.msg ? in->z.msg : "damaged stream");
			return produced ? (ptrdiff_t)produced : -1;
		}
	}
	return (ptrdiff_t)produced;
}

/* ---- libarchive -------------------------------------------------------------- */

static int raw_again(struct vc_input *in);

static la_ssize_t ar_read_cb(struct archive *a, void *cd, const void **buf)
{
	struct vc_input *in = cd;
	ssize_t r;

	*buf = in->raw;
	if (in->replay) {
		in->replay = false;
		in->apos += in->raw_len;
		in->hiwater = in->apos;
		return (la_ssize_t)in->raw_len;
	}
	r = src_read(in, in->raw, RAW_BUFSZ);
	if (r < 0) {
		in->io_errno = errno;
		archive_set_error(a, errno, "read error: %s", strerror(errno));
		return -1;
	}
	in->raw_read += (uint64_t)r;
	in->apos += (uint64_t)r;
	if (in->apos > in->hiwater)
		in->hiwater = in->apos;
	return r;
}

static la_int64_t ar_seek_cb(struct archive *a, void *cd, la_int64_t off,
                             int whence)
{
	struct vc_input *in = cd;
	off_t r;

	if (whence == SEEK_SET)
		off += in->start_off;
	r = lseek(in->fd, (off_t)off, whence);
	if (r < 0 || r < in->start_off) {
		archive_set_error(a, errno, "seek error: %s", strerror(errno));
		return ARCHIVE_FATAL;
	}
	in->apos = (uint64_t)(r - in->start_off);
	return (la_int64_t)in->apos;
}

/* Record libarchive's complaint with the best kind we can tell. */
static void ar_fail(struct vc_input *in)
{
	const char *msg = archive_error_string(in->ar);
	int e = archive_errno(in->ar);
	enum vc_input_errkind kind = VC_INPUT_ECORRUPT;

	if (!msg)
		msg = "damaged archive";
	if (in->io_errno) {
		kind = VC_INPUT_EREAD;
		e = in->io_errno;
	} else if (e == ENOMEM) {
		kind = VC_INPUT_ENOMEM;
	} else if (!in->seekable && strstr(msg, "seek")) {
		/* 7z keeps its directory at the end and is read by seeking */
		fail(in, VC_INPUT_EUNSUPPORTED, e > 0 ? e : 0,
		     "this archive cannot be read from a pipe, only from a "
		     "file (%s)", msg);
		return;
	} else if ((in->entry && archive_entry_is_encrypted(in->entry)) ||
	           strstr(msg, "nsupported") || strstr(msg, "ncrypt") ||
	           strstr(msg, "not supported")) {
		kind = VC_INPUT_EUNSUPPORTED;
	}
	fail(in, kind, e > 0 ? e : 0, "%s", msg);
}

/* Park the error just recorded until the bytes read before it have been
 * delivered (raise_deferred). */
static void defer_error(struct vc_input *in)
{
	if (in->deferred.kind == VC_INPUT_OK)
		in->deferred = in->err;
	vc_input_error_init(&in->err);
}

/* Raise a parked error: true when there was one (the call should fail). */
static bool raise_deferred(struct vc_input *in)
{
	if (in->deferred.kind == VC_INPUT_OK)
		return false;
	if (in->err.kind == VC_INPUT_OK)
		in->err = in->deferred;
	vc_input_error_init(&in->deferred);
	return true;
}

/* The current libarchive entry's data, block by block. */
static ptrdiff_t ar_read_blocks(struct vc_input *in, char *buf, size_t n)
{
	for (;;) {
		const void *b;
		size_t sz = 0, k, used;
		la_int64_t off = 0;
		int r;

		if (in->mpos < in->blk_off) { /* a hole of a sparse file */
			k = (size_t)(in->blk_off - in->mpos) < n ?
			    (size_t)(in->blk_off - in->mpos) : n;
			memset(buf, 0, k);
			in->mpos += (int64_t)k;
			return (ptrdiff_t)k;
		}
		used = (size_t)(in->mpos - in->blk_off);
		if (used < in->blk_len) {
			k = in->blk_len - used < n ? in->blk_len - used : n;
			memcpy(buf, in->blk + used, k);
			in->mpos += (int64_t)k;
			return (ptrdiff_t)k;
		}
		if (raise_deferred(in))
			return -1;
		if (in->blk_eof)
			return 0;
		r = archive_read_data_block(in->ar, &b, &sz, &off);
		if (r == ARCHIVE_EOF) {
			in->blk_eof = true;
			return 0;
		}
		if (r < ARCHIVE_OK) {
			/* ARCHIVE_WARN from a data read is a failed check: a
			 * CRC or size mismatch (zip, 7z, rar), found at the
			 * end of the member, maybe with its last block. That
			 * block is delivered first, then the error. */
			ar_fail(in);
			if (r == ARCHIVE_FATAL)
				in->ar_fatal = true;
			if (r != ARCHIVE_WARN || sz == 0)
				return -1;
			defer_error(in);
		}
		if (off < in->mpos) {
			fail(in, VC_INPUT_ECORRUPT, 0,
			     "archive member data out of order");
			return -1;
		}
		in->blk = b;
		in->blk_len = sz;
		in->blk_off = off;
	}
}

/* The current member's raw data: the sniffed first bytes, then the rest. */
static ptrdiff_t ar_read_data(struct vc_input *in, char *buf, size_t n)
{
	if (in->mpeek_pos < in->mpeek_len) {
		size_t k = in->mpeek_len - in->mpeek_pos;
		if (k > n)
			k = n;
		memcpy(buf, in->mpeek + in->mpeek_pos, k);
		in->mpeek_pos += k;
		return (ptrdiff_t)k;
	}
	return ar_read_blocks(in, buf, n);
}

/* Read the first bytes of a new member for sniffing. Damage found here is
 * parked: the bytes before it are delivered first. */
static void member_peek(struct vc_input *in)
{
	in->mpeek_pos = in->mpeek_len = 0;
	while (in->mpeek_len < SNIFF_MIN) {
		ptrdiff_t r = ar_read_blocks(in, (char *)in->mpeek + in->mpeek_len,
		                             SNIFF_MIN - in->mpeek_len);
		if (r < 0)
			defer_error(in);
		if (r <= 0)
			break;
		in->mpeek_len += (size_t)r;
	}
}

static void check_ratio(struct vc_input *in);

/* The current member's data for the child decoding it (or, once it is
 * done, for draining). Counted for the guard: a member that decompresses to
 * little can still be a bomb of the outer compression. */
static ptrdiff_t nest_feed(struct vc_input *in, char *buf, size_t n)
{
	ptrdiff_t r;

	if (in->err.kind != VC_INPUT_OK)
		return -1;
	r = ar_read_data(in, buf, n); /* never reads past a parked error */
	if (r < 0 && in->mode == M_NESTED && !in->nest_done) {
		/* for the child: parked until it has delivered what it
		 * decoded from the bytes before (nest_fail) */
		defer_error(in);
		return -1;
	}
	if (r > 0) {
		/* every level's expansion counts in the file's guard */
		struct vc_input *rt = root_of(in);
		rt->fed_total += (uint64_t)r;
		check_ratio(rt);
	}
	return r;
}

static struct vc_input *nest_open(struct vc_input *parent);

/* Take over a child's failure, unless the parent's own came first (the
 * child then only saw its raw stream fail). */
static void nest_fail(struct vc_input *in)
{
	const struct vc_input_error *e = in->nest ? &in->nest->err : NULL;

	if (raise_deferred(in))
		return;
	if (in->err.kind != VC_INPUT_OK)
		return; /* our own failure (the guard) came first */
	if (e && e->kind != VC_INPUT_OK) {
		fail(in, e->kind, e->sys_errno, "%s", e->message);
		in->child_fault = true;
	} else {
		fail(in, VC_INPUT_ENOMEM, ENOMEM, "out of memory");
	}
}

/* Read a compressed member through its child, started on the first read;
 * at the child's end, the rest of the member is read (an outer CRC check,
 * trailing data) and the child freed. */
static ptrdiff_t nest_read(struct vc_input *in, char *buf, size_t n)
{
	char scratch[16384];
	ptrdiff_t r;

	if (in->nest_done || !in->nest)
		return 0;
	r = vc_input_read(in->nest, buf, n);
	if (r > 0)
		return r;
	if (r < 0) {
		nest_fail(in);
		return -1;
	}
	if (in->nest_archive)
		return 0; /* the end of the child's member, not of the child */
	vc_input_close(in->nest);
	in->nest = NULL;
	in->nest_done = true;
	while ((r = nest_feed(in, scratch, sizeof scratch)) > 0)
		;
	return r;
}

static ptrdiff_t ar_read(struct vc_input *in, char *buf, size_t n)
{
	switch (in->mode) {
	case M_PLAIN:
		return ar_read_data(in, buf, n);
	case M_NESTED:
		return nest_read(in, buf, n);
	case M_REFUSED:
		break;
	}
	fail(in, VC_INPUT_EUNSUPPORTED, 0,
	     "archives or compressed data nested more than %d levels deep "
	     "are not read", VC_INPUT_MAX_NEST);
	return -1;
}

/* ---- the guard and the public reader -------------------------------------- */

static ptrdiff_t backend_read(struct vc_input *in, char *buf, size_t n)
{
	switch (in->be) {
	case BE_PLAIN: return plain_read(in, buf, n);
	case BE_GZIP: return gz_read(in, buf, n);
	case BE_ARCHIVE: return ar_read(in, buf, n);
	case BE_ZRANGE: {
		ssize_t r = vc_zstd_range_read(in->zr, buf, n);
		if (r < 0)
			fail(in, VC_INPUT_ECORRUPT, 0, "%s", vc_zstd_range_error(in->zr));
		return r;
	}
	}
	return -1;
}

/* The compressed bytes the ratio is measured against: the furthest point
 * of the file read so far. Bytes read twice (libarchive seeking back, as
 * for zip entries that overlap to multiply one compressed kernel) count
 * once, so an overlapping-entries zip bomb is measured against the file's
 * real size. */
static uint64_t guard_in(const struct vc_input *in)
{
	return in->be == BE_ARCHIVE ? in->hiwater : consumed(in);
}

/* The ratio part of the guard. Measured: the bytes delivered plus the
 * member bytes fed to children (a compressed member is decompressed twice:
 * either step may be the bomb). */
static void check_ratio(struct vc_input *in)
{
	uint64_t total = in->out_total + in->fed_total;
	/* after a tripped member was skipped, a new segment: measured from
	 * the skipped member's start, without the floor (input.h) */
	uint64_t seg = total - in->g_base_out;
	uint64_t seg_in = guard_in(in) - in->g_base_in;
	uint64_t floor = in->g_reset ? 0 : in->opts.ratio_floor;

	if (in->err.kind == VC_INPUT_OK && in->kind != VC_INPUT_PLAIN &&
	    in->opts.max_ratio && seg > floor &&
	    (seg - 1) / in->opts.max_ratio >= seg_in) {
		in->guard_trip = true;
		fail(in, VC_INPUT_ELIMIT, 0,
		     "decompressed data exceeds %llu bytes per compressed byte "
		     "(%llu from %llu; zip-bomb guard: --max-ratio N raises it)",
		     (unsigned long long)in->opts.max_ratio,
		     (unsigned long long)total,
		     (unsigned long long)guard_in(in));
	}
}

static ptrdiff_t guarded_read(struct vc_input *in, char *buf, size_t n)
{
	uint64_t cap = in->opts.max_output;
	ptrdiff_t r;

	if (in->err.kind != VC_INPUT_OK)
		return -1;
	if (!in->in_member || n == 0)
		return 0;
	if (cap) {
		/* Ask for one byte beyond the cap to see whether there is more. */
		uint64_t room = cap > in->out_total ? cap - in->out_total : 0;
		if (room < n)
			n = (size_t)room + 1;
	}
	r = backend_read(in, buf, n);
	if (r <= 0)
		return r;
	if (cap && in->out_total + (uint64_t)r > cap) {
		r = (ptrdiff_t)(cap - in->out_total);
		in->cap_hit = true;
		fail(in, VC_INPUT_ELIMIT, 0,
		     "more than %llu bytes of input (limit)",
		     (unsigned long long)cap);
	}
	in->out_total += (uint64_t)r;
	check_ratio(in);
	return r > 0 ? r : -1;
}

static void annotate(struct vc_input *in);

ptrdiff_t vc_input_read(struct vc_input *in, char *buf, size_t n)
{
	ptrdiff_t r = guarded_read(in, buf, n);

	if (r < 0)
		annotate(in);
	return r;
}

/* Decode and discard the rest of the current member. A compressed member
 * (or a refused one) is not decompressed any further, but its data is still
 * decoded from the archive and counted, for the guard. */
static int drain(struct vc_input *in)
{
	char scratch[16384];
	ptrdiff_t r;

	if (in->be == BE_ARCHIVE && in->mode != M_PLAIN) {
		vc_input_close(in->nest);
		in->nest = NULL;
		in->nest_done = true;
		while ((r = nest_feed(in, scratch, sizeof scratch)) > 0)
			;
	} else
		while ((r = guarded_read(in, scratch, sizeof scratch)) > 0)
			;
	return r < 0 ? -1 : 0;
}

/* ---- members ---------------------------------------------------------------- */

static void begin_member(struct vc_input *in)
{
	in->in_member = true;
	in->blk = NULL;
	in->blk_len = 0;
	in->blk_off = 0;
	in->mpos = 0;
	in->blk_eof = false;
	in->mpeek_pos = in->mpeek_len = 0;
	in->mode = M_PLAIN;
	vc_input_close(in->nest);
	in->nest = NULL;
	in->nest_done = false;
	in->nest_archive = false;
	in->link = NULL;
}

/* Sniff a new archive member: PGN or EPD (or anything else that is not
 * compressed) is read as it is, a compressed file or an archive through a
 * child, unless it is nested too deep. */
static void member_mode(struct vc_input *in)
{
	member_peek(in);
	switch (sniff(in->mpeek, in->mpeek_len)) {
	case SNIFF_PLAIN:
		in->mode = M_PLAIN;
		break;
	case SNIFF_GZIP:
	case SNIFF_COMPRESSED:
	case SNIFF_ARCHIVE:
		in->mode = in->depth >= VC_INPUT_MAX_NEST ? M_REFUSED : M_NESTED;
		break;
	}
}

/* libarchive converts member names to the charset of the current locale;
 * in the C locale (cron jobs, CI) that fails for every non-ASCII name of a
 * 7z or UTF-8-flagged zip. Running its header code under C.UTF-8 (for this
 * thread only) makes names UTF-8 whatever the process locale is. */
static locale_t enter_utf8(const struct vc_input *in)
{
	return in->utf8 ? uselocale(in->utf8) : (locale_t)0;
}

static void leave_utf8(locale_t old)
{
	if (old)
		uselocale(old);
}

static int ar_next_in_locale(struct vc_input *in, const char **name);

static int ar_next(struct vc_input *in, const char **name)
{
	locale_t old = enter_utf8(in);
	int r = ar_next_in_locale(in, name);

	leave_utf8(old);
	return r;
}

/* "member:inner" as the name of a member of a member. Returns 0, -1 out
 * of memory (recorded). */
static int compose_name(struct vc_input *in, const char *inner)
{
	size_t a = strlen(in->member_name), b = strlen(inner);
	char *p = malloc(a + b + 2);

	if (!p) {
		fail(in, VC_INPUT_ENOMEM, ENOMEM, "out of memory");
		return -1;
	}
	memcpy(p, in->member_name, a);
	p[a] = ':';
	memcpy(p + a + 1, inner, b + 1);
	free(in->full_name);
	in->full_name = p;
	return 0;
}

/* The next member of the archive member being read as an archive (its
 * child): 1 with *name set, 0 when the child has no more, -1 when it
 * failed (its failure is ours, the child's fault). */
/* A child's failure found while moving to its next member: ours, its
 * message prefixed with the member's name (no member is current for the
 * caller to name). */
static void nest_fail_named(struct vc_input *in)
{
	nest_fail(in);
	if (in->child_fault && in->member_name) {
		char msg[sizeof in->err.message];
		size_t k = strlen(in->member_name);
		if (k > sizeof msg / 2)
			k = sizeof msg / 2;
		memcpy(msg, in->member_name, k);
		memcpy(msg + k, ": ", 2);
		size_t m = strlen(in->err.message);
		if (m > sizeof msg - k - 3)
			m = sizeof msg - k - 3;
		memcpy(msg + k + 2, in->err.message, m);
		msg[k + 2 + m] = '\0';
		memcpy(in->err.message, msg, sizeof msg);
	}
}

static int nest_next(struct vc_input *in, const char **name)
{
	const char *inner = NULL;
	int r = vc_input_next_member(in->nest, &inner);

	if (r < 0) {
		nest_fail_named(in);
		return -1;
	}
	if (r == 0)
		return 0;
	if (compose_name(in, inner ? inner : "(unnamed)") < 0)
		return -1;
	*name = in->full_name;
	return 1;
}

/* Start the child of a compressed or archived member (M_NESTED): an
 * archive's members are then ours. Returns 1 with *name set (the member
 * itself, or its child's first member), 0 for an archive without members,
 * -1 on failure (the member's). */
static int nest_start(struct vc_input *in, const char **name)
{
	const char *inner = NULL;
	int r;

	in->nest = nest_open(in);
	if (!in->nest) {
		nest_fail(in);
		return -1;
	}
	r = vc_input_next_member(in->nest, &inner);
	if (r < 0) {
		nest_fail_named(in);
		return -1;
	}
	if (in->nest->kind != VC_INPUT_ARCHIVE) {
		/* a compressed stream: one member, ours */
		*name = in->member_name;
		return 1;
	}
	in->nest_archive = true;
	if (r == 0)
		return 0;
	if (compose_name(in, inner ? inner : "(unnamed)") < 0)
		return -1;
	*name = in->full_name;
	return 1;
}

/* What an archive entry that is not a regular file is, for the note
 * (NULL: nothing to say, a directory or a device). */
static const char *link_of(struct vc_input *in, struct archive_entry *e)
{
	const char *t;

	if (archive_entry_filetype(e) == AE_IFLNK) {
		t = archive_entry_symlink(e);
		snprintf(in->link_text, sizeof in->link_text, "symbolic link to %s",
		         t ? t : "?");
		return in->link_text;
	}
	if (archive_entry_hardlink(e) &&
	    (!archive_entry_size_is_set(e) || archive_entry_size(e) == 0)) {
		t = archive_entry_hardlink(e);
		snprintf(in->link_text, sizeof in->link_text, "hard link to %s", t);
		return in->link_text;
	}
	return NULL;
}

static int ar_next_in_locale(struct vc_input *in, const char **name)
{
	for (;;) {
		struct archive_entry *e;
		const char *p;
		int r;

		if (in->in_member && in->nest_archive && in->nest && !in->nest_done) {
			r = nest_next(in, name);
			if (r != 0)
				return r;
		}
		if (in->in_member && drain(in) < 0)
			return -1;
		in->in_member = false;
		in->entry = NULL;
		if (in->empty_pending) {
			in->empty_pending = false;
			in->ar_done = true;
			begin_member(in);
			in->blk_eof = true;
			in->members++;
			return 1;
		}
		if (in->ar_done)
			return 0;
		r = archive_read_next_header(in->ar, &e);
		if (r == ARCHIVE_EOF) {
			/* A compressed stream of zero bytes is one empty
			 * member, like an empty plain file. */
			if (in->members == 0 &&
			    archive_format(in->ar) == ARCHIVE_FORMAT_EMPTY &&
			    archive_filter_count(in->ar) > 1) {
				in->kind = VC_INPUT_COMPRESSED;
				in->empty_pending = true;
				continue;
			}
			/* A compressed stream whose text begins with 512
			 * or more NUL bytes: libarchive takes them for an
			 * empty tar archive and would drop all that
			 * follows. Read it again as one compressed file,
			 * as a plain file of the same bytes is read (a
			 * plain tar needs its "ustar" magic: sniff). */
			if (in->members == 0 && in->entries == 0 &&
			    !in->raw_only &&
			    (archive_format(in->ar) & ARCHIVE_FORMAT_BASE_MASK) ==
			            ARCHIVE_FORMAT_TAR &&
			    archive_filter_count(in->ar) > 1) {
				if (raw_again(in) < 0)
					return -1;
				continue;
			}
			in->ar_done = true;
			return 0;
		}
		if (r < ARCHIVE_WARN || r == ARCHIVE_RETRY) {
			ar_fail(in);
			if (r == ARCHIVE_FATAL)
				in->ar_fatal = true;
			return -1;
		}
		in->entries++;
		in->entry = e;
		begin_member(in);
		in->member_hdr = archive_read_header_position(in->ar);
		if (archive_format(in->ar) == ARCHIVE_FORMAT_RAW) {
			in->kind = VC_INPUT_COMPRESSED;
			in->members++;
			return 1;
		}
		in->kind = VC_INPUT_ARCHIVE;
		in->link = link_of(in, e);
		if (!in->link && archive_entry_filetype(e) != AE_IFREG)
			continue; /* drained (for the guard) at the loop's top */
		if (!in->link && archive_entry_is_encrypted(e)) {
			p = archive_entry_pathname(e);
			fail(in, VC_INPUT_EUNSUPPORTED, 0,
			     "member %s is encrypted", p ? p : "?");
			in->in_member = false;
			return -1;
		}
		p = archive_entry_pathname_utf8(e);
		if (!p)
			p = archive_entry_pathname(e);
		if (!p || !*p)
			p = "(unnamed)";
		free(in->member_name);
		in->member_name = strdup(p);
		if (!in->member_name) {
			fail(in, VC_INPUT_ENOMEM, ENOMEM, "out of memory");
			in->in_member = false;
			return -1;
		}
		*name = in->member_name;
		in->members++;
		if (in->link) {
			/* no data: an empty member the caller skips, saying
			 * what it is (vc_input_member_link) */
			in->blk_eof = true;
			return 1;
		}
		member_mode(in);
		if (in->mode == M_NESTED) {
			r = nest_start(in, name);
			if (r != 0)
				return r;
			continue; /* an empty archive */
		}
		return 1;
	}
}

/* ---- after a failure: go on when the archive allows it ---------------------- */

/* Can this level skip what is left of its current member (or, for a
 * failure between members, read its next header)? */
static bool can_skip(const struct vc_input *in)
{
	int fmt;

	if (in->be != BE_ARCHIVE || in->cap_hit || in->ar_done ||
	    archive_format(in->ar) == ARCHIVE_FORMAT_RAW)
		return false;
	fmt = archive_format(in->ar) & ARCHIVE_FORMAT_BASE_MASK;
	if (in->guard_trip)
		/* skipping must not decompress more: an uncompressed
		 * archive whose members are stored or compressed one by one */
		return archive_filter_count(in->ar) <= 1 &&
		       (fmt == ARCHIVE_FORMAT_ZIP || fmt == ARCHIVE_FORMAT_TAR ||
		        fmt == ARCHIVE_FORMAT_CPIO || fmt == ARCHIVE_FORMAT_AR);
	if (!in->ar_fatal)
		return true;
	/* libarchive gave up: a file with a central directory is opened
	 * again and read on from the next entry; not when no entry was read
	 * since the last time (the same header would fail again, for ever) */
	if (in->reopened && in->entries <= in->reopened_at)
		return false;
	return !in->parent && in->seekable &&
	       (fmt == ARCHIVE_FORMAT_ZIP || fmt == ARCHIVE_FORMAT_7ZIP);
}

/* Decide, level by level down the children, what the next
 * vc_input_next_member does after the failure in in->err: *lost is set
 * to the name of a member archive whose rest is given up (NULL: none). */
static int decide(struct vc_input *in, const char **lost)
{
	*lost = NULL;
	in->plan = PL_STOP;
	if (in->child_fault && in->nest && !in->guard_trip) {
		if (in->nest_archive || in->nest->kind == VC_INPUT_ARCHIVE) {
			const char *l2;
			if (decide(in->nest, &l2) != PL_STOP) {
				*lost = l2;
				return in->plan = PL_INNER;
			}
			*lost = in->member_name;
		}
	}
	if (in->guard_trip && in->nest_archive && in->member_name)
		*lost = in->member_name;
	if (can_skip(in))
		in->plan = PL_SKIP;
	return in->plan;
}

/* A failure seen by the caller: decide what follows and say it in the
 * message, once. */
static void annotate(struct vc_input *in)
{
	const char *lost;
	size_t len;

	if (in->planned || in->err.kind == VC_INPUT_OK || in->parent)
		return;
	in->planned = true;
	decide(in, &lost);
	len = strlen(in->err.message);
	if (in->plan == PL_STOP && in->kind == VC_INPUT_ARCHIVE && in->members > 0 &&
	    !in->ar_done)
		snprintf(in->err.message + len, sizeof in->err.message - len,
		         " (the rest of the archive was not read)");
	else if (lost)
		snprintf(in->err.message + len, sizeof in->err.message - len,
		         " (the rest of %s was not read)", lost);
}

static int ar_setup(struct vc_input *in, struct vc_input_error *err);

/* Free the archive reader and set up a new one from the input's first byte
 * (ar_setup: the file is seekable). Returns 0, -1 on failure (recorded). */
static int ar_restart(struct vc_input *in)
{
	struct vc_input_error e;

	archive_read_free(in->ar);
	in->ar = NULL;
	in->ar_fatal = false;
	in->io_errno = 0;
	in->entry = NULL;
	in->in_member = false;
	vc_input_error_init(&e);
	if (ar_setup(in, &e) < 0) {
		fail(in, e.kind, e.sys_errno, "%s", e.message);
		return -1;
	}
	return in->err.kind != VC_INPUT_OK ? -1 : 0;
}

/* Open the input again for libarchive with no archive format but raw (one
 * compressed file): the compressed stream's text began with zero blocks,
 * which the tar reader took for an empty archive. Regular files only (a
 * pipe's bytes are gone): a pipe fails with VC_INPUT_EUNSUPPORTED, saying
 * so, rather than dropping what follows. Returns 0, -1 on failure
 * (recorded). */
static int raw_again(struct vc_input *in)
{
	if (!in->seekable) {
		fail(in, VC_INPUT_EUNSUPPORTED, 0, "the decompressed text begins "
		     "with 512 or more NUL bytes, read as an empty tar archive; "
		     "give it as a regular file (not a pipe) to read it as text");
		in->ar_done = true;
		return -1;
	}
	in->raw_only = true;
	return ar_restart(in);
}

/* Open the file's archive again and pass the entries read so far: after
 * libarchive gave up on a damaged member of a zip or 7z, whose central
 * directory says where the next one starts. Returns 0, -1 on failure
 * (recorded). */
static int reopen(struct vc_input *in)
{
	uint64_t skip = in->entries;
	locale_t old;

	in->reopened = true;
	in->reopened_at = skip;

	if (ar_restart(in) < 0)
		return -1;
	old = enter_utf8(in);
	for (uint64_t i = 0; i < skip; i++) {
		struct archive_entry *ent;
		int r = archive_read_next_header(in->ar, &ent);
		if (r == ARCHIVE_EOF) {
			in->ar_done = true;
			break;
		}
		if (r < ARCHIVE_WARN) {
			ar_fail(in);
			in->ar_fatal = r == ARCHIVE_FATAL;
			leave_utf8(old);
			return -1;
		}
	}
	leave_utf8(old);
	return 0;
}

/* Carry out the plan: the error is cleared and the level stands where its
 * next member is read. Returns 0, -1 when that failed (a new error). */
static int resume(struct vc_input *in)
{
	bool trip = in->guard_trip;

	if (in->plan == PL_INNER) {
		if (resume(in->nest) < 0) {
			nest_fail(in);
			return -1;
		}
		vc_input_error_init(&in->err);
		vc_input_error_init(&in->deferred);
		in->child_fault = false;
		return 0;
	}
	vc_input_close(in->nest);
	in->nest = NULL;
	in->nest_done = true;
	in->nest_archive = false;
	vc_input_error_init(&in->err);
	vc_input_error_init(&in->deferred);
	in->child_fault = false;
	in->guard_trip = false;
	if (in->ar_fatal) {
		if (reopen(in) < 0)
			return -1;
	} else if (in->in_member) {
		locale_t old = enter_utf8(in);
		int r = archive_read_data_skip(in->ar);
		leave_utf8(old);
		if (r < ARCHIVE_WARN) {
			ar_fail(in);
			in->ar_fatal = r == ARCHIVE_FATAL;
			in->in_member = false;
			return -1;
		}
	}
	in->in_member = false;
	if (trip) {
		/* a new segment of the guard, from the skipped member's
		 * start (its compressed bytes are credit, not output) */
		in->g_base_out = in->out_total + in->fed_total;
		in->g_base_in = in->member_hdr > 0 && (uint64_t)in->member_hdr <= guard_in(in) ?
		                (uint64_t)in->member_hdr : guard_in(in);
		in->g_reset = true;
	}
	return 0;
}

int vc_input_next_member(struct vc_input *in, const char **member_name)
{
	const char *name = NULL;
	int r;

	if (member_name)
		*member_name = NULL;
	if (in->err.kind != VC_INPUT_OK) {
		if (in->parent)
			return -1; /* the parent decides and resumes */
		annotate(in);
		if (in->plan == PL_STOP)
			return -1;
		in->planned = false;
		if (resume(in) < 0) {
			in->plan = PL_STOP;
			in->planned = true;
			return -1;
		}
	}
	if (in->be != BE_ARCHIVE) {
		/* One member; what the caller left unread is not decoded. */
		if (in->members > 0) {
			in->in_member = false;
			return 0;
		}
		in->members = 1;
		in->in_member = true;
		return 1;
	}
	r = ar_next(in, &name);
	if (r == 1 && member_name)
		*member_name = name;
	if (r < 0)
		annotate(in);
	return r;
}

const char *vc_input_member_link(const struct vc_input *in)
{
	while (in->in_member && in->nest_archive && in->nest)
		in = in->nest;
	return in->in_member ? in->link : NULL;
}

/* ---- open / close --------------------------------------------------------------- */

static int ar_setup(struct vc_input *in, struct vc_input_error *err)
{
	const char *why;
	if (vc_archive_load(&why) < 0) {
		open_fail(err, VC_INPUT_EUNSUPPORTED, ENOENT, "this input is compressed "
		          "(not gzip) or an archive, and reading it needs libarchive "
		          "(%s), which could not be loaded: %s", VC_ARCHIVE_SONAME, why);
		return -1;
	}
	struct archive *a = archive_read_new();
	locale_t old;

	if (!a) {
		open_fail(err, VC_INPUT_ENOMEM, ENOMEM, "out of memory");
		return -1;
	}
	in->ar = a;
	in->be = BE_ARCHIVE;
	in->kind = VC_INPUT_ARCHIVE;
	if (in->seekable) {
		/* Start again from the first byte so that libarchive may
		 * seek (zip central directory, 7z header at the end). */
		if (lseek(in->fd, in->start_off, SEEK_SET) < 0) {
			in->seekable = false;
			in->replay = true;
		} else {
			in->raw_pos = in->raw_len = 0;
			in->raw_eof = false;
		}
	} else {
		in->replay = true;
	}
	/* The filters and formats of input.h, not libarchive's "all": the
	 * uuencode filter and the iso9660 and mtree formats read 48 to
	 * 128 KiB ahead while bidding, and a decoding error inside that
	 * look-ahead loses every byte before it (a damaged .xz gave nothing
	 * at all); mtree would also take some text for an archive. */
	if (!in->mpeek && !(in->mpeek = malloc(SNIFF_MIN))) {
		open_fail(err, VC_INPUT_ENOMEM, ENOMEM, "out of memory");
		return -1;
	}
	if (archive_read_support_filter_bzip2(a) < ARCHIVE_WARN ||
	    archive_read_support_filter_compress(a) < ARCHIVE_WARN ||
	    archive_read_support_filter_gzip(a) < ARCHIVE_WARN ||
	    archive_read_support_filter_grzip(a) < ARCHIVE_WARN ||
	    archive_read_support_filter_lrzip(a) < ARCHIVE_WARN ||
	    archive_read_support_filter_lz4(a) < ARCHIVE_WARN ||
	    archive_read_support_filter_lzip(a) < ARCHIVE_WARN ||
	    archive_read_support_filter_lzma(a) < ARCHIVE_WARN ||
	    archive_read_support_filter_lzop(a) < ARCHIVE_WARN ||
	    archive_read_support_filter_xz(a) < ARCHIVE_WARN ||
	    archive_read_support_filter_zstd(a) < ARCHIVE_WARN ||
	    (!in->raw_only &&
	     (archive_read_support_format_7zip(a) < ARCHIVE_WARN ||
	      archive_read_support_format_ar(a) < ARCHIVE_WARN ||
	      archive_read_support_format_cab(a) < ARCHIVE_WARN ||
	      archive_read_support_format_cpio(a) < ARCHIVE_WARN ||
	      archive_read_support_format_empty(a) < ARCHIVE_WARN ||
	      archive_read_support_format_rar(a) < ARCHIVE_WARN ||
	      archive_read_support_format_rar5(a) < ARCHIVE_WARN ||
	      archive_read_support_format_tar(a) < ARCHIVE_WARN ||
	      archive_read_support_format_xar(a) < ARCHIVE_WARN ||
	      archive_read_support_format_zip(a) < ARCHIVE_WARN)) ||
	    archive_read_support_format_raw(a) < ARCHIVE_WARN ||
	    archive_read_set_callback_data(a, in) != ARCHIVE_OK ||
	    archive_read_set_read_callback(a, ar_read_cb) != ARCHIVE_OK ||
	    (in->seekable &&
	     archive_read_set_seek_callback(a, ar_seek_cb) != ARCHIVE_OK)) {
		open_fail(err, VC_INPUT_ENOMEM, ENOMEM, "libarchive setup failed: %s",
		          archive_error_string(a) ? archive_error_string(a) : "?");
		return -1;
	}
	/* libarchive reads ahead and may find damage already here. That is
	 * the stream's fault, not the path's: recorded for the first
	 * vc_input_next_member, like damage found later. */
	if (!in->utf8)
		in->utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
	if (!in->utf8)
		in->utf8 = newlocale(LC_CTYPE_MASK, "en_US.UTF-8", (locale_t)0);
	old = enter_utf8(in);
	if (archive_read_open1(a) != ARCHIVE_OK) {
		ar_fail(in);
		in->ar_fatal = true;
	}
	leave_utf8(old);
	return 0;
}

/* A zstd file, of one frame or several (pzstd, the lichess dumps), whose
 * payload is no archive: read through libzstd (zstd_range_internal.h, the
 * reader of zstd shards) from its first byte to its end, so that reading
 * it never needs libarchive. It needs the file itself (pread): a regular
 * file opened at its start; a pipe, an archive member, a .tar.zst (the
 * payload sniffed: an archive inside) go to libarchive as before. Returns
 * true with the back end set up. */
static bool zstd_direct(struct vc_input *in)
{
	const unsigned char *p = in->raw;
	size_t n = in->raw_len;
	const bool magic = has(p, n, 0, "\x28\xb5\x2f\xfd", 4) ||
	                   (n >= 4 && (p[0] & 0xf0) == 0x50 && has(p, n, 1, "\x2a\x4d\x18", 3));
	if (!magic || in->parent || in->fd < 0 || !in->seekable || in->start_off != 0)
		return false;
	const uint64_t size = in->total_size > 0 ? (uint64_t)in->total_size : 0;
	struct vc_zstd_range *z = vc_zstd_range_new(in->fd, 0, size);
	if (!z)
		return false;
	/* the payload's first bytes: damage there is libzstd's to report */
	char out[PEEK_OUT];
	size_t got = 0;
	ssize_t r = 1;
	while (got < sizeof out && (r = vc_zstd_range_read(z, out + got, sizeof out - got)) > 0)
		got += (size_t)r;
	vc_zstd_range_free(z);
	if (r >= 0 && sniff((const unsigned char *)out, got) != SNIFF_PLAIN)
		return false;
	in->zr = vc_zstd_range_new(in->fd, 0, size);
	if (!in->zr)
		return false;
	in->be = BE_ZRANGE;
	in->kind = VC_INPUT_COMPRESSED;
	return true;
}

/* Pick the back end for the sniffed bytes in raw. */
static int start_backend(struct vc_input *in, struct vc_input_error *err)
{
	enum sniffed kind = sniff(in->raw, in->raw_len);

	if (kind == SNIFF_GZIP &&
	    sniff_gzip_payload(in->raw, in->raw_len) != SNIFF_PLAIN)
		kind = SNIFF_ARCHIVE; /* for libarchive */
	switch (kind) {
	case SNIFF_PLAIN:
		in->be = BE_PLAIN;
		in->kind = VC_INPUT_PLAIN;
		break;
	case SNIFF_GZIP:
		if (inflateInit2(&in->z, 15 + 16) != Z_OK) {
			open_fail(err, VC_INPUT_ENOMEM, ENOMEM, "zlib: out of memory");
			return -1;
		}
		in->z_init = true;
		in->be = BE_GZIP;
		in->kind = VC_INPUT_GZIP;
		in->gz = GZ_MEMBER;
		break;
	case SNIFF_COMPRESSED:
		if (!zstd_direct(in) && ar_setup(in, err) < 0)
			return -1;
		break;
	case SNIFF_ARCHIVE:
		if (ar_setup(in, err) < 0)
			return -1;
		break;
	}
	return 0;
}

/* A shard of a regular file (options range_unit): no sniffing. */
static int open_range(struct vc_input *in, struct vc_input_error *err)
{
	uint64_t a = in->opts.range_start, b = in->opts.range_end;
	if (!in->seekable || in->start_off != 0 || a > b || a > (uint64_t)in->total_size) {
		open_fail(err, VC_INPUT_EOPEN, EINVAL, "a shard range needs a regular file "
		          "holding the range (%llu-%llu)", (unsigned long long)a,
		          (unsigned long long)b);
		return -1;
	}
	if (in->opts.range_unit == VC_INPUT_RANGE_FRAMES) {
		in->zr = vc_zstd_range_new(in->fd, a, b);
		if (!in->zr) {
			open_fail(err, VC_INPUT_ENOMEM, ENOMEM, "out of memory");
			return -1;
		}
		in->be = BE_ZRANGE;
		in->kind = VC_INPUT_COMPRESSED;
		in->total_size -= (int64_t)a;
		return 0;
	}
	size_t nb = a < sizeof in->before ? (size_t)a : sizeof in->before;
	ssize_t r;
	do
		r = pread(in->fd, in->before, nb, (off_t)(a - nb));
	while (r < 0 && errno == EINTR);
	if (r != (ssize_t)nb || lseek(in->fd, (off_t)a, SEEK_SET) < 0) {
		open_fail(err, VC_INPUT_EREAD, r < 0 ? errno : EIO, "read error: %s",
		          strerror(r < 0 ? errno : EIO));
		return -1;
	}
	in->nbefore = nb;
	in->be = BE_PLAIN;
	in->kind = VC_INPUT_PLAIN;
	in->total_size -= (int64_t)a;
	return 0;
}

uint64_t vc_input_range_owned(const struct vc_input *in)
{
	switch (in->opts.range_unit) {
	case VC_INPUT_RANGE_BYTES: return in->opts.range_end - in->opts.range_start;
	case VC_INPUT_RANGE_FRAMES: return vc_zstd_range_owned(in->zr);
	}
	return UINT64_MAX;
}

size_t vc_input_range_before(const struct vc_input *in, char before[256])
{
	memcpy(before, in->before, in->nbefore);
	return in->nbefore;
}

struct vc_input *vc_input_open(const char *path, struct vc_input_error *err)
{
	return vc_input_open_opts(path, NULL, err);
}

struct vc_input *vc_input_open_opts(const char *path,
                                    const struct vc_input_options *opts,
                                    struct vc_input_error *err)
{
	struct vc_input *in;
	struct stat st;

	if (err)
		vc_input_error_init(err);
	in = calloc(1, sizeof *in);
	if (!in) {
		open_fail(err, VC_INPUT_ENOMEM, ENOMEM, "out of memory");
		return NULL;
	}
	in->fd = -1;
	if (opts)
		in->opts = *opts;
	else
		vc_input_options_init(&in->opts);
	in->path = strdup(path);
	in->raw = malloc(RAW_BUFSZ);
	if (!in->path || !in->raw) {
		open_fail(err, VC_INPUT_ENOMEM, ENOMEM, "out of memory");
		goto fail;
	}
	if (strcmp(path, "-") == 0) {
		in->fd = STDIN_FILENO;
		/* closed by the caller (<&-; vchess(1) holds it open for
		 * writing only then), or not open for reading: an error, not
		 * an empty input */
		int fl = fcntl(STDIN_FILENO, F_GETFL);
		if (fl < 0 || (fl & O_ACCMODE) == O_WRONLY) {
			in->fd = -1;
			open_fail(err, VC_INPUT_EOPEN, EBADF, "standard input is closed");
			goto fail;
		}
	} else {
		in->fd = open(path, O_RDONLY | O_CLOEXEC);
		if (in->fd < 0) {
			int e = errno;
			open_fail(err, VC_INPUT_EOPEN, e, "%s", strerror(e));
			goto fail;
		}
		in->own_fd = true;
	}
	if (fstat(in->fd, &st) < 0) {
		int e = errno;
		open_fail(err, VC_INPUT_EOPEN, e, "%s", strerror(e));
		goto fail;
	}
	if (S_ISDIR(st.st_mode)) {
		open_fail(err, VC_INPUT_EOPEN, EISDIR, "%s", strerror(EISDIR));
		goto fail;
	}
	in->total_size = -1;
	if (S_ISREG(st.st_mode)) {
		in->start_off = lseek(in->fd, 0, SEEK_CUR);
		if (in->start_off >= 0) {
			in->seekable = true;
			in->total_size = st.st_size > in->start_off ?
			                 (int64_t)(st.st_size - in->start_off) : 0;
		} else {
			in->start_off = 0;
		}
	}

	if (in->opts.range_unit != VC_INPUT_RANGE_NONE) {
		if (open_range(in, err) < 0)
			goto fail;
		return in;
	}
	while (in->raw_len < SNIFF_MIN && !in->raw_eof) {
		if (fill(in) < 0) {
			if (err)
				*err = in->err;
			goto fail;
		}
	}
	if (start_backend(in, err) < 0)
		goto fail;
	return in;
fail:
	vc_input_close(in);
	return NULL;
}

/* A child reading the parent's current member (M_NESTED), without a guard
 * of its own: the parent's counts both. NULL when out of memory. */
static struct vc_input *nest_open(struct vc_input *parent)
{
	struct vc_input *in = calloc(1, sizeof *in);

	if (!in)
		return NULL;
	in->fd = -1;
	in->parent = parent;
	in->depth = parent->depth + 1;
	in->total_size = -1;
	vc_input_options_init(&in->opts);
	in->opts.max_ratio = 0;
	in->path = strdup(parent->member_name ? parent->member_name : "");
	in->raw = malloc(RAW_BUFSZ);
	if (!in->path || !in->raw)
		goto fail;
	while (in->raw_len < SNIFF_MIN && !in->raw_eof) {
		if (fill(in) < 0) {
			/* the parent's failure, parked there until the bytes
			 * before it are decoded: try again when reading */
			vc_input_error_init(&in->err);
			break;
		}
	}
	if (start_backend(in, NULL) < 0)
		goto fail;
	return in;
fail:
	vc_input_close(in);
	return NULL;
}

void vc_input_close(struct vc_input *in)
{
	if (!in)
		return;
	vc_input_close(in->nest);
	if (in->ar)
		archive_read_free(in->ar);
	if (in->utf8)
		freelocale(in->utf8);
	if (in->z_init)
		inflateEnd(&in->z);
	vc_zstd_range_free(in->zr);
	if (in->own_fd && in->fd >= 0)
		close(in->fd);
	free(in->member_name);
	free(in->full_name);
	free(in->mpeek);
	free(in->raw);
	free(in->path);
	free(in);
}

/* ---- accessors --------------------------------------------------------------------- */

const struct vc_input_error *vc_input_error(const struct vc_input *in)
{
	return &in->err;
}

enum vc_input_kind vc_input_kind(const struct vc_input *in)
{
	return in->kind;
}

const char *vc_input_path(const struct vc_input *in)
{
	return in->path;
}

int64_t vc_input_total_size(const struct vc_input *in)
{
	return in->total_size;
}

uint64_t vc_input_bytes_consumed(const struct vc_input *in)
{
	return consumed(in);
}

uint64_t vc_input_bytes_out(const struct vc_input *in)
{
	return in->out_total;
}
