/* Tests of formats/member: which archive members are read (the rule the
 * commands and the pull API share), the read callback's failure flag and
 * its tap. */
#include <criterion/criterion.h>
#include <archive.h>
#include <archive_entry.h>
#include <unistd.h>
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

Test(member, members_of_members_are_members)
{
	char got[512];
	peek_all("tests/data/validate/nested-archive.tar", got, sizeof got);
	cr_assert_str_eq(got, "results.pgn.gz+ inner.zip:results.pgn+ inner.zip:positions.epd+ "
	                      "results.pgn+ ");
}

/* An archive in memory (libarchive's writer): names[i] holds data[i]
 * (len[i] bytes), or is a symbolic link to link[i] when data[i] is NULL.
 * Returns the bytes (malloc) and their number in *outlen. */
static char *zip_of(int fmt_tar, int n, const char *const *names, const char *const *data,
                    const size_t *len, const char *const *link, size_t *outlen)
{
	size_t cap = 1 << 20;
	char *buf = malloc(cap);
	struct archive *a = archive_write_new();
	cr_assert(buf && a);
	if (fmt_tar)
		archive_write_set_format_pax_restricted(a);
	else
		archive_write_set_format_zip(a);
	cr_assert_eq(archive_write_open_memory(a, buf, cap, outlen), ARCHIVE_OK);
	for (int i = 0; i < n; i++) {
		struct archive_entry *e = archive_entry_new();
		archive_entry_set_pathname(e, names[i]);
		archive_entry_set_perm(e, 0644);
		if (data[i]) {
			archive_entry_set_filetype(e, AE_IFREG);
			archive_entry_set_size(e, (la_int64_t)len[i]);
		} else {
			archive_entry_set_filetype(e, AE_IFLNK);
			archive_entry_set_symlink(e, link[i]);
			archive_entry_set_size(e, 0);
		}
		cr_assert_geq(archive_write_header(a, e), ARCHIVE_WARN);
		if (data[i])
			cr_assert_eq(archive_write_data(a, data[i], len[i]), (la_ssize_t)len[i]);
		archive_entry_free(e);
	}
	cr_assert_eq(archive_write_close(a), ARCHIVE_OK);
	archive_write_free(a);
	return buf;
}

static void put_file(const char *path, const char *b, size_t n)
{
	FILE *f = fopen(path, "wb");
	cr_assert_not_null(f);
	cr_assert_eq(fwrite(b, 1, n, f), n);
	fclose(f);
}

Test(member, an_unreadable_member_is_read_so_that_it_is_reported)
{
	/* a member nested deeper than VC_INPUT_MAX_NEST: read, so that its
	 * failure is reported; the archive goes on after it */
	static const char game[] = "[Result \"*\"]\n\n1. e4 *\n";
	char *cur = strdup(game), name[32] = "g.pgn", got[1024];
	size_t len = strlen(game);
	for (int level = 0; level <= VC_INPUT_MAX_NEST + 1; level++) {
		const char *names[] = { name, "ok.pgn" }, *data[] = { cur, game };
		size_t lens[] = { len, strlen(game) };
		const char *links[] = { NULL, NULL };
		char *next = zip_of(0, 2, names, data, lens, links, &len);
		free(cur);
		cur = next;
		snprintf(name, sizeof name, "z%d.zip", level);
	}
	char path[] = "/tmp/vchess-member-XXXXXX";
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	close(fd);
	put_file(path, cur, len);
	free(cur);
	struct vc_input *in = vc_input_open(path, NULL);
	const char *m;
	got[0] = '\0';
	int r;
	while ((r = vc_input_next_member(in, &m)) == 1) {
		struct vc_member_reader mr;
		vc_member_reader_init(&mr, in);
		struct vc_peek pk;
		bool read = vc_member_peek(&pk, &mr, m);
		snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s%s ", m, read ? "+" : "-",
		         mr.failed ? "!" : "");
	}
	cr_assert_eq(r, 0);
	vc_input_close(in);
	unlink(path);
	cr_assert_str_eq(got, "z4.zip:z3.zip:z2.zip:z1.zip:z0.zip+! z4.zip:z3.zip:z2.zip:z1.zip:ok.pgn+ "
	                      "z4.zip:z3.zip:z2.zip:ok.pgn+ z4.zip:z3.zip:ok.pgn+ z4.zip:ok.pgn+ ok.pgn+ ");
}

Test(member, links_are_skipped_with_their_reason)
{
	static const char game[] = "[Result \"*\"]\n\n1. e4 *\n";
	const char *names[] = { "a.pgn", "l.pgn" }, *data[] = { game, NULL };
	const char *links[] = { NULL, "a.pgn" };
	size_t lens[] = { strlen(game), 0 }, len;
	char *tar = zip_of(1, 2, names, data, lens, links, &len);
	char path[] = "/tmp/vchess-member-XXXXXX";
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	close(fd);
	put_file(path, tar, len);
	free(tar);
	struct vc_input *in = vc_input_open(path, NULL);
	const char *m;
	struct vc_member_reader mr;
	struct vc_peek pk;
	cr_assert_eq(vc_input_next_member(in, &m), 1);
	vc_member_reader_init(&mr, in);
	cr_assert(vc_member_peek(&pk, &mr, m));
	cr_assert_eq(vc_input_next_member(in, &m), 1);
	cr_assert_str_eq(m, "l.pgn");
	vc_member_reader_init(&mr, in);
	cr_assert_not(vc_member_peek(&pk, &mr, m));
	cr_assert_str_eq(vc_member_skip_reason(&mr), "symbolic link to a.pgn");
	cr_assert_eq(vc_input_next_member(in, &m), 0);
	vc_input_close(in);
	unlink(path);
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
