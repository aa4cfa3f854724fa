/* vchess - an input's member as a read callback; which members are read.
 * See member.h. */
#include "member.h"

#include <string.h>
#include <strings.h>

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

/* Does the member name end in .pgn (any case)? The name's hint. */
static bool named_pgn(const char *name)
{
	size_t n = strlen(name);
	return n >= 4 && strcasecmp(name + n - 4, ".pgn") == 0;
}

/* The content rule for a member not named .pgn, stricter than
 * vc_peek_is_pgn (a README's "hello" would pass that as a move): after a
 * BOM, blank lines, '%' lines and {comments}, the first thing is a tag
 * ('[' then a letter) or a move number (digits, then '.'). */
static bool looks_like_games(const struct vc_peek *pk)
{
	const unsigned char *s = (const unsigned char *)pk->buf, *e = s + pk->len;
	if (e - s >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
		s += 3;
	bool line_start = true;
	while (s < e) {
		const unsigned char c = *s;
		if (c == '\n' || c == '\r') {
			line_start = true;
			s++;
		} else if (c == ' ' || c == '\t') {
			s++;
		} else if (line_start && c == '%') {
			const unsigned char *nl = memchr(s, '\n', (size_t)(e - s));
			s = nl ? nl : e;
		} else if (c == '{') {
			const unsigned char *end = memchr(s, '}', (size_t)(e - s));
			if (!end)
				return false;
			s = end + 1;
			line_start = false;
		} else if (c == '[') {
			return s + 1 < e && ((s[1] | 0x20) >= 'a' && (s[1] | 0x20) <= 'z');
		} else if (c >= '0' && c <= '9') {
			while (s < e && *s >= '0' && *s <= '9')
				s++;
			return s < e && *s == '.';
		} else {
			return false;
		}
	}
	return false;
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
	if (!member || mr->failed || vc_peek_is_epd(pk))
		return true;
	/* by content, the name a hint: a .pgn member as PGN reads it; any
	 * other only when it starts as games do */
	return named_pgn(member) ? vc_peek_is_pgn(pk) : looks_like_games(pk);
}
