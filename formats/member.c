/* vchess - an input's member as a read callback; which members are read.
 * See member.h. */
#include "member.h"

void vc_member_reader_init(struct vc_member_reader *mr, struct vc_input *in)
{
	*mr = (struct vc_member_reader){ .in = in };
}

size_t vc_member_read(void *ctx, char *buf, size_t n)
{
	struct vc_member_reader *mr = ctx;
	ptrdiff_t got = vc_input_read(mr->in, buf, n);
	if (got < 0) {
		mr->failed = true;
		return VC_PGN_READ_ERROR;
	}
	if (got > 0 && mr->tap && mr->tap_on)
		mr->tap(mr->tap_ctx, buf, (size_t)got);
	return (size_t)got;
}

bool vc_member_peek(struct vc_peek *pk, struct vc_member_reader *mr, const char *member)
{
	vc_peek_init(pk, vc_member_read, mr);
	/* A compressed member arrives decompressed (input.h); an archive
	 * inside the archive fails to read, and is read so that the failure
	 * is reported, naming it */
	return !(member && !mr->failed && !vc_peek_is_epd(pk) && !vc_peek_is_pgn(pk));
}
