/* A run of zstd frames decompressed (formats/zstd_range.c): from every
 * frame boundary that vchess shards finds (formats/shards.c) the bytes are
 * the original's from that frame on, and the owned count is exactly the
 * bytes of the frames before the range's end; frames with and without
 * pzstd's size header; damaged and cut data are errors. The frames are
 * made here with libzstd's one-shot compressor, an independent path. */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zstd.h>

#include "shards.h"
#include "zstd_range_internal.h"

#define NCHUNK 7

static char path[] = "/tmp/vchess-zrange.XXXXXX";
static char *orig;
static size_t orig_len, chunk_len[NCHUNK];

/* chunks of different sizes of PGN-like text, each one frame; the even
 * ones behind a pzstd size header */
static void make_file(void)
{
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	orig = malloc(1 << 20);
	orig_len = 0;
	for (int c = 0; c < NCHUNK; c++) {
		size_t len = 1000 + (size_t)c * 7919;
		char *p = orig + orig_len;
		for (size_t i = 0; i < len; i++)
			p[i] = "[Event \"x\"]\n1. e4 e5 2. Nf3 *\n\n"[(i * 7 + (size_t)c) % 32];
		chunk_len[c] = len;
		size_t cap = ZSTD_compressBound(len);
		unsigned char *out = malloc(cap + 12);
		size_t z = ZSTD_compress(out + 12, cap, p, len, 3);
		cr_assert(!ZSTD_isError(z));
		unsigned char *w = out + 12;
		size_t wl = z;
		if (c % 2 == 0) {
			const uint32_t hdr[3] = { 0x184D2A50u, 4, (uint32_t)z }; /* little endian host */
			memcpy(out, hdr, 12);
			w = out;
			wl = z + 12;
		}
		cr_assert_eq(write(fd, w, wl), (ssize_t)wl);
		free(out);
		orig_len += len;
	}
	close(fd);
}

Test(zstd_range, every_boundary_and_owned_count)
{
	make_file();
	struct vc_shard_file f;
	char err[256];
	cr_assert_eq(vc_shard_file_scan(path, &f, err, sizeof err), 0, "%s", err);
	cr_assert_eq(f.unit, VC_SHARD_FRAMES);
	cr_assert_eq(f.nframes, NCHUNK);
	int fd = open(path, O_RDONLY);
	char *got = malloc(orig_len + 1);
	for (size_t a = 0; a < f.nframes; a++) {
		for (size_t b = a; b <= f.nframes; b++) {
			struct vc_zstd_range *z = vc_zstd_range_new(fd, f.frames[a], f.frames[b]);
			cr_assert_not_null(z);
			size_t before = 0, owned = 0, n = 0;
			for (size_t c = 0; c < a; c++)
				before += chunk_len[c];
			for (size_t c = a; c < b; c++)
				owned += chunk_len[c];
			ssize_t r;
			while ((r = vc_zstd_range_read(z, got + n, 997)) > 0) {
				n += (size_t)r;
				if (vc_zstd_range_owned(z) == UINT64_MAX)
					cr_assert_lt(n, owned, "owned still unknown after %zu bytes", n);
			}
			cr_assert_eq(r, 0, "%s", vc_zstd_range_error(z));
			cr_assert_eq(n, orig_len - before, "frames %zu..: %zu bytes", a, n);
			cr_assert(memcmp(got, orig + before, n) == 0, "frames %zu..: bytes differ", a);
			cr_assert_eq(vc_zstd_range_owned(z), owned, "frames [%zu, %zu): owned %llu, not %zu",
			             a, b, (unsigned long long)vc_zstd_range_owned(z), owned);
			vc_zstd_range_free(z);
		}
	}
	/* the owned count is known as soon as the reading passed the end */
	struct vc_zstd_range *z = vc_zstd_range_new(fd, f.frames[0], f.frames[1]);
	size_t n = 0;
	while (vc_zstd_range_owned(z) == UINT64_MAX) {
		ssize_t r = vc_zstd_range_read(z, got + n, 100);
		cr_assert_gt(r, 0);
		n += (size_t)r;
	}
	cr_assert_eq(n, chunk_len[0], "owned known after %zu bytes, frame 0 has %zu", n, chunk_len[0]);
	vc_zstd_range_free(z);
	close(fd);
	free(got);
	vc_shard_file_free(&f);
	free(orig);
	unlink(path);
}

Test(zstd_range, damaged_and_cut)
{
	make_file();
	int fd = open(path, O_RDWR);
	off_t size = lseek(fd, 0, SEEK_END);
	char buf[4096];
	/* cut inside the last frame */
	cr_assert_eq(ftruncate(fd, size - 5), 0);
	struct vc_zstd_range *z = vc_zstd_range_new(fd, 0, 0);
	ssize_t r;
	while ((r = vc_zstd_range_read(z, buf, sizeof buf)) > 0)
		;
	cr_assert_eq(r, -1);
	cr_assert(strstr(vc_zstd_range_error(z), "damaged"), "%s", vc_zstd_range_error(z));
	vc_zstd_range_free(z);
	/* garbage after the frames */
	cr_assert_eq(pwrite(fd, "garbage!garbage!", 16, size - 5), 16);
	z = vc_zstd_range_new(fd, 0, 0);
	while ((r = vc_zstd_range_read(z, buf, sizeof buf)) > 0)
		;
	cr_assert_eq(r, -1);
	vc_zstd_range_free(z);
	close(fd);
	free(orig);
	unlink(path);
}
