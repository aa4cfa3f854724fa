/* vchess - shards of an input file (shards.h, vchess-shards(1)). */
#define _FILE_OFFSET_BITS 64
#include "member.h"
#include "shards.h"
#include "shards_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input.h"

#define ZSTD_MAGIC 0xFD2FB528u
#define ZSTD_SKIP_MAGIC 0x184D2A50u /* low 4 bits free: 16 magics */

static uint32_t le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* Exactly n bytes at off, or false (short file, read error). */
static bool read_at(int fd, uint64_t off, unsigned char *buf, size_t n)
{
	size_t got = 0;
	while (got < n) {
		ssize_t r = pread(fd, buf + got, n - got, (off_t)(off + got));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return false;
		got += (size_t)r;
	}
	return true;
}

/* The end of the zstd frame (RFC 8878 section 3.1.1) that starts at off,
 * measured by its header and block headers without decompressing; 0 when
 * the frame is damaged or runs past size. */
static uint64_t zstd_frame_end(int fd, uint64_t off, uint64_t size)
{
	unsigned char h[5];
	if (off + 5 > size || !read_at(fd, off, h, 5))
		return 0;
	const unsigned fhd = h[4];
	const unsigned fcs_flag = fhd >> 6, single = (fhd >> 5) & 1u, checksum = (fhd >> 2) & 1u;
	static const unsigned did_len[4] = { 0, 1, 2, 4 };
	const unsigned fcs_len = fcs_flag ? 1u << fcs_flag : single;
	if (fhd & 0x08u)
		return 0; /* the reserved bit */
	uint64_t p = off + 5 + !single + did_len[fhd & 3u] + fcs_len;
	for (;;) {
		unsigned char b[3];
		if (p + 3 > size || !read_at(fd, p, b, 3))
			return 0;
		const uint32_t bh = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16;
		const unsigned type = (bh >> 1) & 3u;
		if (type == 3)
			return 0; /* reserved block type */
		p += 3 + (type == 1 ? 1 : (bh >> 3));
		if (bh & 1u)
			break;
	}
	p += checksum ? 4 : 0;
	return p <= size ? p : 0;
}

/* Fill f->frames with the frame units of the zstd file fd: each data
 * frame with the skippable frames before it (pzstd's size header), from
 * byte `from` (0, or where a unit starts) to byte `to` (f->size, or where
 * one ends). Returns 0, 1 when `to` is not the end of a unit as hopping
 * from `from` finds them, or -1 (damaged, with the message). */
static int zstd_units(int fd, struct vc_shard_file *f, uint64_t from, uint64_t to, char *err,
                      size_t errlen)
{
	size_t cap = 64, n = 0;
	uint64_t *u = malloc(cap * sizeof *u);
	uint64_t off = from, unit = from, hint = 0; /* hint: the next frame's size */
	bool pending = false;                 /* a unit has begun at `unit` */
	if (!u)
		return fail(err, errlen, "out of memory");
	while (off < to) {
		unsigned char h[12];
		const size_t want = f->size - off < sizeof h ? (size_t)(f->size - off) : sizeof h;
		if (want < 8 || !read_at(fd, off, h, want)) {
			free(u);
			return fail(err, errlen, "damaged zstd data at byte %llu", (unsigned long long)off);
		}
		const uint32_t magic = le32(h);
		if (!pending) {
			unit = off;
			pending = true;
		}
		if ((magic & 0xFFFFFFF0u) == ZSTD_SKIP_MAGIC) {
			const uint64_t len = le32(h + 4);
			hint = len == 4 && want >= 12 ? le32(h + 8) : 0;
			off += 8 + len;
			continue;
		}
		if (magic != ZSTD_MAGIC) {
			free(u);
			return fail(err, errlen, "not a zstd frame at byte %llu", (unsigned long long)off);
		}
		/* pzstd's header gives the frame's size: trusted when a frame or
		 * the end of the file follows it, else measured */
		uint64_t end = 0;
		if (hint && off + hint <= f->size) {
			unsigned char m[4];
			if (off + hint == f->size)
				end = off + hint;
			else if (off + hint + 4 <= f->size && read_at(fd, off + hint, m, 4) &&
			         (le32(m) == ZSTD_MAGIC || (le32(m) & 0xFFFFFFF0u) == ZSTD_SKIP_MAGIC))
				end = off + hint;
		}
		if (!end)
			end = zstd_frame_end(fd, off, f->size);
		hint = 0;
		if (!end) {
			free(u);
			return fail(err, errlen, "damaged zstd frame at byte %llu",
			            (unsigned long long)off);
		}
		if (n + 2 > cap) {
			uint64_t *nu = realloc(u, (cap *= 2) * sizeof *u);
			if (!nu) {
				free(u);
				return fail(err, errlen, "out of memory");
			}
			u = nu;
		}
		u[n++] = unit;
		pending = false;
		off = end;
	}
	if (off > f->size) {
		free(u);
		return fail(err, errlen, "damaged zstd data: a frame runs past the end");
	}
	if (off != to || (pending && to != f->size)) {
		free(u);
		return 1; /* `to` inside a frame, or between a unit's frames */
	}
	/* trailing skippable frames stay with the last unit */
	u[n] = to;
	if (n > 0 && from == 0)
		u[0] = 0; /* leading skippable frames go with the first */
	f->frames = u;
	f->nframes = n;
	return 0;
}

int vc_shard_file_scan(const char *path, struct vc_shard_file *f, char *err, size_t errlen)
{
	memset(f, 0, sizeof *f);
	f->path = path;
	f->unit = VC_SHARD_FILE;
	if (!strcmp(path, "-")) {
		f->why = "standard input";
		return 0;
	}
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	if (fd < 0)
		return fail(err, errlen, "cannot open %s: %s", path, strerror(errno));
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		int e = errno;
		close(fd);
		if (S_ISDIR(st.st_mode))
			return fail(err, errlen, "%s: is a directory", path);
		if (e && !S_ISFIFO(st.st_mode) && !S_ISCHR(st.st_mode))
			return fail(err, errlen, "cannot read %s: %s", path, strerror(e));
		f->why = "not a regular file";
		return 0;
	}
	f->size = (uint64_t)st.st_size;
	unsigned char head[4] = { 0 };
	const bool zstd = f->size >= 4 && read_at(fd, 0, head, 4) &&
	                  (le32(head) == ZSTD_MAGIC || (le32(head) & 0xFFFFFFF0u) == ZSTD_SKIP_MAGIC);
	if (zstd) {
		char why[200];
		int rc = zstd_units(fd, f, 0, f->size, why, sizeof why);
		close(fd);
		if (rc)
			return fail(err, errlen, "%s: %s", path, why);
		if (f->nframes > 1) {
			f->unit = VC_SHARD_FRAMES;
		} else {
			vc_shard_file_free(f);
			f->why = "one zstd frame";
		}
		return 0;
	}
	close(fd);
	/* what else it is: the input layer's own sniffing (input.h) */
	struct vc_input_error ie;
	vc_input_error_init(&ie);
	struct vc_input *in = vc_input_open(path, &ie);
	if (!in) {
		/* not readable here (a compressed file or an archive whose
		 * library cannot be loaded, say): one shard, whose run reports
		 * the input's error as one run does (its part records it) */
		f->why = "cannot be read here (the shard's run reports why)";
		return 0;
	}
	switch (vc_input_kind(in)) {
	case VC_INPUT_PLAIN: {
		/* EPD positions are one shard: a shard run reads PGN (the
		 * content rule of the commands, epd.h vc_peek_is_epd) */
		struct vc_member_reader mr;
		if (vc_input_next_member(in, NULL) == 1) {
			vc_member_reader_init(&mr, in);
			struct vc_peek pk;
			vc_peek_init(&pk, vc_member_read, &mr);
			if (vc_peek_is_epd(&pk)) {
				f->why = "EPD positions";
				break;
			}
		}
		f->unit = VC_SHARD_BYTES;
		break;
	}
	case VC_INPUT_GZIP: f->why = "gzip"; break;
	case VC_INPUT_COMPRESSED: f->why = "compressed stream"; break;
	case VC_INPUT_ARCHIVE: f->why = "archive"; break;
	}
	vc_input_close(in);
	return 0;
}

int vc_shard_file_scan_range(const char *path, uint64_t start, uint64_t end,
                             struct vc_shard_file *f, bool *ok, char *err, size_t errlen)
{
	*ok = false;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	unsigned char head[4] = { 0 };
	bool zstd = fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= 4 &&
	            read_at(fd, 0, head, 4) &&
	            (le32(head) == ZSTD_MAGIC || (le32(head) & 0xFFFFFFF0u) == ZSTD_SKIP_MAGIC);
	if (zstd && start < end && end <= (uint64_t)st.st_size &&
	    !(start == 0 && end == (uint64_t)st.st_size)) {
		/* a range inside a zstd file: only its own frames */
		memset(f, 0, sizeof *f);
		f->path = path;
		f->size = (uint64_t)st.st_size;
		f->unit = VC_SHARD_FRAMES;
		char why[200];
		unsigned char m[4];
		int rc = start > 0 && !(read_at(fd, start, m, 4) &&
		                        (le32(m) == ZSTD_MAGIC ||
		                         (le32(m) & 0xFFFFFFF0u) == ZSTD_SKIP_MAGIC))
		         ? 1 : zstd_units(fd, f, start, end, why, sizeof why);
		close(fd);
		if (rc < 0)
			return fail(err, errlen, "%s: %s", path, why);
		*ok = rc == 0;
		return 0;
	}
	if (fd >= 0)
		close(fd);
	if (vc_shard_file_scan(path, f, err, errlen) != 0)
		return -1;
	*ok = end <= f->size && start <= end;
	if (*ok && f->unit == VC_SHARD_FRAMES) {
		/* both ends on frame boundaries */
		bool sa = false, sb = false;
		for (size_t i = 0; i <= f->nframes; i++) {
			sa |= f->frames[i] == start;
			sb |= f->frames[i] == end;
		}
		*ok = sa && sb;
	} else if (*ok && f->unit == VC_SHARD_FILE) {
		*ok = start == 0 && end == f->size;
	}
	return 0;
}

void vc_shard_file_free(struct vc_shard_file *f)
{
	free(f->frames);
	f->frames = NULL;
	f->nframes = 0;
}

size_t vc_shard_count(const struct vc_shard_file *f, size_t want, uint64_t size_each)
{
	uint64_t n = want ? want : 1;
	if (f->unit == VC_SHARD_FILE)
		return 1;
	if (size_each)
		n = f->size / size_each + (f->size % size_each != 0);
	const uint64_t max = f->unit == VC_SHARD_FRAMES ? f->nframes : f->size;
	if (n > max)
		n = max;
	return n ? (size_t)n : 1;
}

void vc_shard_range(const struct vc_shard_file *f, size_t k, size_t n, uint64_t *start,
                    uint64_t *end)
{
	if (f->unit == VC_SHARD_FILE || n <= 1) {
		*start = 0;
		*end = f->size;
		return;
	}
	if (f->unit == VC_SHARD_FRAMES) {
		/* consecutive runs of frames, their numbers differing by one at
		 * most (pzstd's frames are of one size) */
		*start = f->frames[(size_t)((unsigned __int128)k * f->nframes / n)];
		*end = f->frames[(size_t)((unsigned __int128)(k + 1) * f->nframes / n)];
		return;
	}
	*start = (uint64_t)((unsigned __int128)k * f->size / n);
	*end = (uint64_t)((unsigned __int128)(k + 1) * f->size / n);
}

const char *vc_shard_unit_name(enum vc_shard_unit u)
{
	switch (u) {
	case VC_SHARD_BYTES: return "bytes";
	case VC_SHARD_FRAMES: return "frames";
	case VC_SHARD_FILE: return "file";
	}
	return "file";
}

size_t vc_shard_plan(const struct vc_shard_file *files, size_t nfiles, size_t want,
                     uint64_t size_each, size_t *counts)
{
	uint64_t cut_total = 0;
	for (size_t i = 0; i < nfiles; i++)
		if (files[i].unit != VC_SHARD_FILE)
			cut_total += files[i].size;
	size_t total = 0;
	for (size_t i = 0; i < nfiles; i++) {
		const struct vc_shard_file *f = &files[i];
		size_t w = 1;
		if (!size_each && f->unit != VC_SHARD_FILE && cut_total)
			w = (size_t)(((unsigned __int128)(uint64_t)want * f->size + cut_total / 2) /
			             cut_total);
		counts[i] = vc_shard_count(f, w ? w : 1, size_each);
		total += counts[i];
	}
	return total;
}
