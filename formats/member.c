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

const char *vc_member_skip_reason(const struct vc_member_reader *mr)
{
	const char *link = vc_input_member_link(mr->in);
	return link ? link : "not PGN or EPD";
}

bool vc_member_peek(struct vc_peek *pk, struct vc_member_reader *mr, const char *member)
{
	if (member && vc_input_member_link(mr->in)) {
		/* a link: no data to read, skipped with a note */
		vc_peek_init(pk, vc_member_read, mr);
		return false;
	}
	vc_peek_init(pk, vc_member_read, mr);
	/* A compressed member arrives decompressed and an archive's
	 * members come one by one (input.h); a member nested too deep fails
	 * to read, and is read so that the failure is reported, naming it */
	return !(member && !mr->failed && !vc_peek_is_epd(pk) && !vc_peek_is_pgn(pk));
}
