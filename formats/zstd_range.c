/* vchess - a run of zstd frames decompressed (zstd_range_internal.h). */
#define _FILE_OFFSET_BITS 64
#include "zstd_range_internal.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zstd.h>

struct vc_zstd_range {
	int fd;
	uint64_t pos, end; /* compressed: next byte to read, owned end */
	uint64_t start;    /* where the run starts */
	ZSTD_DCtx *dctx;
	unsigned char *in;
	size_t in_cap;
	ZSTD_inBuffer ib;
	uint64_t out_total; /* decompressed bytes delivered */
	uint64_t owned;     /* UINT64_MAX until known */
	bool frame_open;    /* inside a frame (decompressStream said > 0) */
	bool eof;
	const char *err;
	char errbuf[160];
};

struct vc_zstd_range *vc_zstd_range_new(int fd, uint64_t start, uint64_t end)
{
	struct vc_zstd_range *z = calloc(1, sizeof *z);
	if (!z)
		return NULL;
	z->in_cap = ZSTD_DStreamInSize();
	z->in = malloc(z->in_cap);
	z->dctx = ZSTD_createDCtx();
	if (!z->in || !z->dctx) {
		vc_zstd_range_free(z);
		return NULL;
	}
	z->fd = fd;
	z->pos = start;
	z->start = start;
	z->end = end;
	z->owned = start >= end ? 0 : UINT64_MAX;
	z->ib.src = z->in;
	return z;
}

/* Compressed bytes consumed so far: where the decoder stands in the file. */
static uint64_t consumed(const struct vc_zstd_range *z)
{
	return z->pos - (z->ib.size - z->ib.pos);
}

uint64_t vc_zstd_range_consumed(const struct vc_zstd_range *z)
{
	return consumed(z) - z->start;
}

ssize_t vc_zstd_range_read(struct vc_zstd_range *z, char *buf, size_t n)
{
	if (z->err)
		return -1;
	ZSTD_outBuffer ob = { buf, n, 0 };
	while (ob.pos == 0 && n > 0) {
		if (z->ib.pos == z->ib.size && !z->eof) {
			/* read no further than the owned end first, so that the
			 * frame boundary there is seen exactly */
			size_t want = z->in_cap;
			if (z->pos < z->end && z->end - z->pos < want)
				want = (size_t)(z->end - z->pos);
			ssize_t r;
			do
				r = pread(z->fd, z->in, want, (off_t)z->pos);
			while (r < 0 && errno == EINTR);
			if (r < 0) {
				snprintf(z->errbuf, sizeof z->errbuf, "read error: %s", strerror(errno));
				z->err = z->errbuf;
				return -1;
			}
			z->eof = r == 0;
			z->pos += (uint64_t)r;
			z->ib.size = (size_t)r;
			z->ib.pos = 0;
		}
		if (z->ib.pos == z->ib.size && z->eof) {
			if (z->frame_open) {
				z->err = "damaged zstd data: the last frame is cut short";
				return -1;
			}
			if (z->owned == UINT64_MAX)
				z->owned = z->out_total;
			return 0;
		}
		const size_t ret = ZSTD_decompressStream(z->dctx, &ob, &z->ib);
		if (ZSTD_isError(ret)) {
			snprintf(z->errbuf, sizeof z->errbuf, "damaged zstd data: %s",
			         ZSTD_getErrorName(ret));
			z->err = z->errbuf;
			return -1;
		}
		z->frame_open = ret != 0;
		if (!z->frame_open && z->owned == UINT64_MAX && consumed(z) >= z->end)
			z->owned = z->out_total + ob.pos; /* the owned frames are done */
	}
	z->out_total += ob.pos;
	return (ssize_t)ob.pos;
}

uint64_t vc_zstd_range_owned(const struct vc_zstd_range *z)
{
	return z->owned;
}

const char *vc_zstd_range_error(const struct vc_zstd_range *z)
{
	return z->err ? z->err : "no error";
}

void vc_zstd_range_free(struct vc_zstd_range *z)
{
	if (!z)
		return;
	ZSTD_freeDCtx(z->dctx);
	free(z->in);
	free(z);
}
