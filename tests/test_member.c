/* Tests of formats/member: which archive members are read (the rule the
 * commands and the pull API share), the read callback's failure flag and
 * its tap. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "member.h"

/* Peek at every member of path: for each, its name and whether it is
 * read ("name+" or "name-", "(plain)" for a member without a name), and,
 * last, "!" when a read failed. */
static void peek_all(const char *path, char *out, size_t cap)
{
	struct vc_input *in = vc_input_open(path, NULL);
	cr_assert_not_null(in, "%s", path);
	const char *name;
	out[0] = '\0';
	while (vc_input_next_member(in, &name) == 1) {
		struct vc_member_reader mr;
		vc_member_reader_init(&mr, in);
		struct vc_peek pk;
		bool read = vc_member_peek(&pk, &mr, name);
		size_t n = strlen(out);
		snprintf(out + n, cap - n, "%s%s%s ", name ? name : "(plain)", read ? "+" : "-",
		         mr.failed ? "!" : "");
		if (mr.failed)
			break;
	}
	vc_input_close(in);
}

Test(member, archive_members_are_read_when_pgn_or_epd)
{
	char got[512];
	peek_all("tests/data/validate/mixed-members.zip", got, sizeof got);
	cr_assert_str_eq(got, "README.txt- a.pgn+ nested.pgn.gz+ b.pgn+ ");
	peek_all("tests/data/validate/nested.zip", got, sizeof got);
	cr_assert_str_eq(got, "README.txt- results.pgn.gz+ positions.epd.xz+ ");
}

Test(member, an_unreadable_member_is_read_so_that_it_is_reported)
{
	char got[512];
	peek_all("tests/data/validate/nested-archive.tar", got, sizeof got);
	cr_assert_str_eq(got, "results.pgn.gz+ inner.zip+! ");
}

Test(member, a_plain_file_is_always_read)
{
	char got[512];
	/* not PGN: its garbage is reported, not skipped */
	peek_all("tests/data/validate/SOURCES", got, sizeof got);
	cr_assert_str_eq(got, "(plain)+ ");
}

struct tapped {
	char buf[4096];
	size_t len;
};

static void tap(void *ctx, const char *b, size_t n)
{
	struct tapped *t = ctx;
	cr_assert_leq(n, sizeof t->buf - t->len);
	memcpy(t->buf + t->len, b, n);
	t->len += n;
}

Test(member, the_tap_sees_every_byte_read_while_on)
{
	struct vc_input *in = vc_input_open("tests/data/validate/results.pgn", NULL);
	cr_assert_not_null(in);
	cr_assert_eq(vc_input_next_member(in, NULL), 1);
	struct vc_member_reader mr;
	vc_member_reader_init(&mr, in);
	static struct tapped t;
	mr.tap = tap;
	mr.tap_ctx = &t;
	char head[10], rest[4096];
	cr_assert_eq(vc_member_read(&mr, head, sizeof head), sizeof head);
	cr_assert_eq(t.len, 0, "off: nothing passed on");
	mr.tap_on = true;
	size_t n = 0, got;
	while ((got = vc_member_read(&mr, rest + n, sizeof rest - n)) > 0) {
		cr_assert_neq(got, VC_PGN_READ_ERROR);
		n += got;
	}
	cr_assert_not(mr.failed);
	cr_assert_eq(t.len, n);
	cr_assert_eq(memcmp(t.buf, rest, n), 0);
	vc_input_close(in);
}
