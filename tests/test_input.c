/* Tests of formats/input.c: plain, gzip (zlib), libarchive containers,
 * standard input, damaged streams, the zip-bomb guard.
 *
 * Every input is generated here, in a fresh temporary directory per test:
 * gzip through zlib, everything else through libarchive's write API (a
 * format or filter this libarchive cannot write skips its test). One test
 * also cross-checks files made by the command-line tools gzip, bzip2, xz,
 * zstd, zip and 7z, each only when installed.
 */
#include <criterion/criterion.h>

#include <archive.h>
#include <archive_entry.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include "input.h"
/* vc_archive_dl_name_for_tests, without turning this file's libarchive
 * calls (its write API, linked) into the loaded pointers */
#define VC_ARCHIVE_DL_NO_REDIRECT
#include "archive_dl_internal.h"

/* ---- temporary directory ------------------------------------------------ */

static char tmpdir[64];

static void setup(void)
{
	strcpy(tmpdir, "/tmp/vc_input_test_XXXXXX");
	cr_assert_not_null(mkdtemp(tmpdir), "mkdtemp: %s", strerror(errno));
}

static void teardown(void)
{
	DIR *d = opendir(tmpdir);
	struct dirent *de;
	char p[512];

	if (!d)
		return;
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		snprintf(p, sizeof p, "%s/%s", tmpdir, de->d_name);
		unlink(p);
	}
	closedir(d);
	rmdir(tmpdir);
}

TestSuite(input, .init = setup, .fini = teardown, .timeout = 60);

/* A path in the temporary directory; eight rotating static buffers. */
static const char *tp(const char *name)
{
	static char bufs[8][512];
	static int next;
	char *b = bufs[next++ % 8];

	snprintf(b, 512, "%s/%s", tmpdir, name);
	return b;
}

static void write_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	cr_assert_not_null(f, "fopen %s: %s", path, strerror(errno));
	cr_assert_eq(fwrite(data, 1, len, f), len);
	cr_assert_eq(fclose(f), 0);
}

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0, k;

	cr_assert_not_null(f, "fopen %s: %s", path, strerror(errno));
	do {
		if (n == cap) {
			cap = cap ? cap * 2 : 65536;
			buf = realloc(buf, cap);
			cr_assert_not_null(buf);
		}
		k = fread(buf + n, 1, cap - n, f);
		n += k;
	} while (k > 0);
	fclose(f);
	*len = n;
	return buf;
}

/* Deterministic PGN-like text that does not compress absurdly well. */
static char *make_text(size_t len, unsigned seed)
{
	char *p = malloc(len + 1);
	size_t i = 0;
	unsigned x = seed * 2654435761u + 1;

	cr_assert_not_null(p);
	while (i < len) {
		char line[128];
		int k;

		x = x * 1103515245u + 12345u;
		k = snprintf(line, sizeof line,
		             "[Event \"Game %u\"]\n[Round \"%u\"]\n\n1. e4 e5 2. Nf3 "
		             "Nc6 3. Bb5 a6 {%u} *\n\n",
		             (x >> 8) % 100000, (x >> 3) % 97, x % 10007);
		if ((size_t)k > len - i)
			k = (int)(len - i);
		memcpy(p + i, line, (size_t)k);
		i += (size_t)k;
	}
	p[len] = '\0';
	return p;
}

/* ---- gzip through zlib ---------------------------------------------------- */

/* One gzip member of data, appended to the growing buffer *out. */
static void gz_member(char **out, size_t *outlen, const void *data,
                      size_t len, int level)
{
	z_stream z;
	size_t bound;
	int r;

	memset(&z, 0, sizeof z);
	cr_assert_eq(deflateInit2(&z, level, Z_DEFLATED, 15 + 16, 9,
	                          Z_DEFAULT_STRATEGY), Z_OK);
	bound = deflateBound(&z, (uLong)len) + 64;
	*out = realloc(*out, *outlen + bound);
	cr_assert_not_null(*out);
	z.next_in = (unsigned char *)data;
	z.avail_in = (uInt)len;
	z.next_out = (unsigned char *)*out + *outlen;
	z.avail_out = (uInt)bound;
	r = deflate(&z, Z_FINISH);
	cr_assert_eq(r, Z_STREAM_END);
	*outlen += z.total_out;
	deflateEnd(&z);
}

/* What a reference decoder makes of a (possibly damaged) gzip buffer:
 * everything inflate produces before it stops. */
static char *gz_reference(const char *gz, size_t len, size_t *outlen)
{
	size_t cap = 1 << 20;
	char *out = malloc(cap);
	z_stream z;

	cr_assert_not_null(out);
	memset(&z, 0, sizeof z);
	cr_assert_eq(inflateInit2(&z, 15 + 16), Z_OK);
	z.next_in = (unsigned char *)gz;
	z.avail_in = (uInt)len;
	for (;;) {
		int r;

		if (z.total_out == cap) {
			cap *= 2;
			out = realloc(out, cap);
			cr_assert_not_null(out);
		}
		z.next_out = (unsigned char *)out + z.total_out;
		z.avail_out = (uInt)(cap - z.total_out);
		r = inflate(&z, Z_NO_FLUSH);
		if (r != Z_OK)
			break;
	}
	*outlen = z.total_out;
	inflateEnd(&z);
	return out;
}

/* ---- archives through libarchive ------------------------------------------ */

enum afmt { F_ZIP, F_TAR, F_7Z, F_RAW };
enum afilt { C_NONE, C_GZIP, C_BZIP2, C_XZ, C_ZSTD };

struct entry {
	const char *name;
	const char *data;   /* regular file contents */
	size_t len;
	int type;           /* AE_IFREG, AE_IFDIR, AE_IFLNK */
	const char *link;   /* symlink target */
	size_t repeat;      /* > 0: data is written this many times */
};

/* libarchive writer options for the next write_archive ("zip:compression=
 * store"); NULL = the defaults. */
static const char *write_options;

/* Write an archive; returns false when this libarchive cannot write the
 * format or filter (the caller skips). */
static bool write_archive(const char *path, enum afmt fmt, enum afilt filt,
                          const struct entry *e, int n)
{
	struct archive *a = archive_write_new();
	int r = ARCHIVE_OK;
	/* UTF-8 names need a UTF-8 locale to be written (7z stores UTF-16);
	 * the reader under test still runs in the process's C locale. */
	locale_t utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
	locale_t old = utf8 ? uselocale(utf8) : (locale_t)0;
	bool ok = false;

	cr_assert_not_null(a);
	switch (fmt) {
	case F_ZIP: r = archive_write_set_format_zip(a); break;
	case F_TAR: r = archive_write_set_format_pax_restricted(a); break;
	case F_7Z: r = archive_write_set_format_7zip(a); break;
	case F_RAW: r = archive_write_set_format_raw(a); break;
	}
	if (r < ARCHIVE_WARN)
		goto unsupported;
	switch (filt) {
	case C_NONE: r = archive_write_add_filter_none(a); break;
	case C_GZIP: r = archive_write_add_filter_gzip(a); break;
	case C_BZIP2: r = archive_write_add_filter_bzip2(a); break;
	case C_XZ: r = archive_write_add_filter_xz(a); break;
	case C_ZSTD: r = archive_write_add_filter_zstd(a); break;
	}
	if (r < ARCHIVE_WARN)
		goto unsupported;
	if (write_options &&
	    archive_write_set_options(a, write_options) < ARCHIVE_WARN)
		goto unsupported;
	if (archive_write_open_filename(a, path) < ARCHIVE_WARN)
		goto unsupported;
	for (int i = 0; i < n; i++) {
		struct archive_entry *ae = archive_entry_new();
		size_t reps = e[i].repeat ? e[i].repeat : 1;

		archive_entry_set_pathname_utf8(ae, e[i].name);
		archive_entry_set_filetype(ae, (unsigned)e[i].type);
		archive_entry_set_perm(ae, e[i].type == AE_IFDIR ? 0755 : 0644);
		archive_entry_set_mtime(ae, 1700000000, 0);
		if (e[i].type == AE_IFLNK)
			archive_entry_set_symlink(ae, e[i].link);
		archive_entry_set_size(ae, e[i].type == AE_IFREG ?
		                       (la_int64_t)(e[i].len * reps) : 0);
		cr_assert_geq(archive_write_header(a, ae), ARCHIVE_WARN, "%s",
		              archive_error_string(a));
		if (e[i].type == AE_IFREG)
			for (size_t k = 0; k < reps; k++)
				cr_assert_eq(archive_write_data(a, e[i].data,
				                                e[i].len),
				             (la_ssize_t)e[i].len, "%s",
				             archive_error_string(a));
		archive_entry_free(ae);
	}
	cr_assert_geq(archive_write_close(a), ARCHIVE_WARN, "%s",
	              archive_error_string(a));
	ok = true;
unsupported:
	archive_write_free(a);
	if (old)
		uselocale(old);
	if (utf8)
		freelocale(utf8);
	return ok;
}

static void write_archive_or_skip(const char *path, enum afmt fmt,
                                  enum afilt filt, const struct entry *e,
                                  int n)
{
	if (!write_archive(path, fmt, filt, e, n))
		cr_skip_test("libarchive cannot write this format/filter here");
}

/* ---- reading helpers ----------------------------------------------------- */

struct got {
	int n;                  /* members read */
	char *name[16];         /* NULL for single-stream inputs */
	char *data[16];
	size_t len[16];
	int rc;                 /* last vc_input_next_member result */
	ptrdiff_t read_rc;      /* last vc_input_read result */
	struct vc_input_error err;
	enum vc_input_kind kind;
	int nlinks;             /* link members (not in name[]) */
	char *links[8];         /* "NAME: symbolic link to T" */
};

/* Read the current member whole, with reads of `chunk` bytes. */
static char *read_member(struct vc_input *in, size_t chunk, size_t *len,
                         ptrdiff_t *last)
{
	size_t cap = 65536, n = 0;
	char *buf = malloc(cap);
	ptrdiff_t r;

	cr_assert_not_null(buf);
	for (;;) {
		if (cap - n < chunk) {
			cap = cap * 2 + chunk;
			buf = realloc(buf, cap);
			cr_assert_not_null(buf);
		}
		r = vc_input_read(in, buf + n, chunk);
		if (r <= 0)
			break;
		cr_assert_leq((size_t)r, chunk);
		n += (size_t)r;
	}
	*len = n;
	*last = r;
	return buf;
}

static void read_all_from(struct vc_input *in, size_t chunk, struct got *g)
{
	const char *name;

	memset(g, 0, sizeof *g);
	while ((g->rc = vc_input_next_member(in, &name)) == 1) {
		const char *link = vc_input_member_link(in);
		if (link) {
			char t[600];
			cr_assert_lt(g->nlinks, 8);
			snprintf(t, sizeof t, "%s: %s", name, link);
			g->links[g->nlinks++] = strdup(t);
			continue;
		}
		cr_assert_lt(g->n, 16);
		g->name[g->n] = name ? strdup(name) : NULL;
		g->data[g->n] = read_member(in, chunk, &g->len[g->n],
		                            &g->read_rc);
		g->n++;
		if (g->read_rc < 0)
			break;
	}
	g->err = *vc_input_error(in);
	g->kind = vc_input_kind(in);
}

static void read_all(const char *path, struct got *g)
{
	struct vc_input_error err;
	struct vc_input *in = vc_input_open(path, &err);

	cr_assert_not_null(in, "open %s: %s", path, err.message);
	cr_assert_eq(err.kind, VC_INPUT_OK);
	read_all_from(in, 65536, g);
	vc_input_close(in);
}

static void got_free(struct got *g)
{
	for (int i = 0; i < g->n; i++) {
		free(g->name[i]);
		free(g->data[i]);
	}
	for (int i = 0; i < g->nlinks; i++)
		free(g->links[i]);
}

static void assert_member(const struct got *g, int i, const char *name,
                          const char *data, size_t len)
{
	cr_assert_lt(i, g->n, "member %d missing (%d read)", i, g->n);
	if (name)
		cr_assert_str_eq(g->name[i] ? g->name[i] : "(null)", name);
	else
		cr_assert_null(g->name[i], "member %d named %s", i, g->name[i]);
	cr_assert_eq(g->len[i], len, "member %d: %zu bytes, want %zu", i,
	             g->len[i], len);
	cr_assert(memcmp(g->data[i], data, len) == 0,
	          "member %d: content differs", i);
}

static void assert_clean_end(const struct got *g)
{
	cr_assert_eq(g->rc, 0, "next_member ended with %d: %s", g->rc,
	             g->err.message);
	cr_assert_eq(g->err.kind, VC_INPUT_OK, "%s", g->err.message);
}

/* ---- plain --------------------------------------------------------------- */

Test(input, plain_file_is_one_unnamed_member)
{
	size_t len = 300000;
	char *text = make_text(len, 1);
	struct vc_input *in;
	struct vc_input_error err;
	struct got g;

	write_file(tp("games.pgn"), text, len);
	in = vc_input_open(tp("games.pgn"), &err);
	cr_assert_not_null(in);
	cr_assert_eq(vc_input_kind(in), VC_INPUT_PLAIN);
	cr_assert_eq(vc_input_total_size(in), (int64_t)len);
	cr_assert_str_eq(vc_input_path(in), tp("games.pgn"));
	read_all_from(in, 65536, &g);
	assert_member(&g, 0, NULL, text, len);
	cr_assert_eq(g.n, 1);
	assert_clean_end(&g);
	cr_assert_eq(vc_input_bytes_consumed(in), len);
	cr_assert_eq(vc_input_bytes_out(in), len);
	/* the end stays the end */
	cr_assert_eq(vc_input_next_member(in, NULL), 0);
	vc_input_close(in);
	got_free(&g);
	free(text);
}

Test(input, odd_read_sizes_deliver_every_byte)
{
	size_t len = 20000;
	char *text = make_text(len, 2);
	char *gz = NULL;
	size_t gzlen = 0;
	static const size_t chunks[] = { 1, 3, 7, 4095, 4097, 70000 };

	write_file(tp("a.pgn"), text, len);
	gz_member(&gz, &gzlen, text, len, 6);
	write_file(tp("a.pgn.gz"), gz, gzlen);
	for (size_t c = 0; c < sizeof chunks / sizeof *chunks; c++) {
		for (int f = 0; f < 2; f++) {
			struct vc_input *in =
				vc_input_open(tp(f ? "a.pgn.gz" : "a.pgn"), NULL);
			struct got g;

			cr_assert_not_null(in);
			read_all_from(in, chunks[c], &g);
			assert_member(&g, 0, NULL, text, len);
			assert_clean_end(&g);
			vc_input_close(in);
			got_free(&g);
		}
	}
	free(gz);
	free(text);
}

Test(input, empty_file_is_one_empty_member)
{
	struct got g;

	write_file(tp("empty.pgn"), "", 0);
	read_all(tp("empty.pgn"), &g);
	cr_assert_eq(g.n, 1);
	assert_member(&g, 0, NULL, "", 0);
	assert_clean_end(&g);
	got_free(&g);
}

Test(input, read_before_next_member_returns_zero)
{
	char buf[16];
	struct vc_input *in;

	write_file(tp("a.pgn"), "1. e4 *\n", 8);
	in = vc_input_open(tp("a.pgn"), NULL);
	cr_assert_not_null(in);
	cr_assert_eq(vc_input_read(in, buf, sizeof buf), 0);
	cr_assert_eq(vc_input_next_member(in, NULL), 1);
	cr_assert_eq(vc_input_read(in, buf, 0), 0);
	cr_assert_eq(vc_input_read(in, buf, sizeof buf), 8);
	cr_assert_eq(vc_input_read(in, buf, sizeof buf), 0);
	vc_input_close(in);
}

Test(input, missing_file_is_an_open_error)
{
	struct vc_input_error err;

	cr_assert_null(vc_input_open(tp("no-such-file.pgn"), &err));
	cr_assert_eq(err.kind, VC_INPUT_EOPEN);
	cr_assert_eq(err.sys_errno, ENOENT);
	cr_assert_str_eq(vc_input_errkind_name(err.kind), "cannot-open");
	cr_assert_neq(err.message[0], '\0');
	/* err may be NULL */
	cr_assert_null(vc_input_open(tp("no-such-file.pgn"), NULL));
	/* a directory cannot be read as a file */
	cr_assert_null(vc_input_open(tmpdir, &err));
	cr_assert_eq(err.kind, VC_INPUT_EOPEN);
	cr_assert_eq(err.sys_errno, EISDIR);
	vc_input_close(NULL);
}

Test(input, errkind_names_are_stable)
{
	cr_assert_str_eq(vc_input_errkind_name(VC_INPUT_OK), "ok");
	cr_assert_str_eq(vc_input_errkind_name(VC_INPUT_EREAD), "read-error");
	cr_assert_str_eq(vc_input_errkind_name(VC_INPUT_ECORRUPT), "corrupt");
	cr_assert_str_eq(vc_input_errkind_name(VC_INPUT_EUNSUPPORTED),
	                 "unsupported");
	cr_assert_str_eq(vc_input_errkind_name(VC_INPUT_ELIMIT),
	                 "limit-exceeded");
	cr_assert_str_eq(vc_input_errkind_name(VC_INPUT_ENOMEM),
	                 "out-of-memory");
}

/* ---- gzip ---------------------------------------------------------------- */

Test(input, gzip_single_member)
{
	size_t len = 500000, gzlen = 0;
	char *text = make_text(len, 3), *gz = NULL;
	struct vc_input *in;
	struct got g;

	gz_member(&gz, &gzlen, text, len, 6);
	write_file(tp("a.pgn.gz"), gz, gzlen);
	in = vc_input_open(tp("a.pgn.gz"), NULL);
	cr_assert_not_null(in);
	cr_assert_eq(vc_input_kind(in), VC_INPUT_GZIP);
	cr_assert_eq(vc_input_total_size(in), (int64_t)gzlen);
	read_all_from(in, 65536, &g);
	cr_assert_eq(g.n, 1);
	assert_member(&g, 0, NULL, text, len);
	assert_clean_end(&g);
	cr_assert_eq(vc_input_bytes_consumed(in), gzlen);
	cr_assert_eq(vc_input_bytes_out(in), len);
	vc_input_close(in);
	got_free(&g);
	free(gz);
	free(text);
}

Test(input, gzip_multi_member_is_one_stream)
{
	size_t lens[3] = { 70000, 1, 123457 }, total = 0, gzlen = 0;
	char *parts[3], *gz = NULL, *all;
	struct got g;

	for (int i = 0; i < 3; i++) {
		parts[i] = make_text(lens[i], 10 + (unsigned)i);
		gz_member(&gz, &gzlen, parts[i], lens[i], i == 1 ? 0 : 9);
		total += lens[i];
	}
	/* an empty member in the middle too */
	gz_member(&gz, &gzlen, "", 0, 6);
	all = malloc(total);
	memcpy(all, parts[0], lens[0]);
	memcpy(all + lens[0], parts[1], lens[1]);
	memcpy(all + lens[0] + lens[1], parts[2], lens[2]);
	write_file(tp("multi.gz"), gz, gzlen);
	read_all(tp("multi.gz"), &g);
	cr_assert_eq(g.kind, VC_INPUT_GZIP);
	cr_assert_eq(g.n, 1);
	assert_member(&g, 0, NULL, all, total);
	assert_clean_end(&g);
	got_free(&g);
	for (int i = 0; i < 3; i++)
		free(parts[i]);
	free(all);
	free(gz);
}

Test(input, detection_is_by_content_not_name)
{
	size_t len = 10000, gzlen = 0;
	char *text = make_text(len, 4), *gz = NULL;
	struct got g;

	gz_member(&gz, &gzlen, text, len, 6);
	/* gzip data under a .pgn name */
	write_file(tp("games.pgn"), gz, gzlen);
	read_all(tp("games.pgn"), &g);
	cr_assert_eq(g.kind, VC_INPUT_GZIP);
	assert_member(&g, 0, NULL, text, len);
	assert_clean_end(&g);
	got_free(&g);
	/* plain text under compressed and archive names */
	write_file(tp("games.pgn.gz"), text, len);
	write_file(tp("games.zip"), text, len);
	read_all(tp("games.pgn.gz"), &g);
	cr_assert_eq(g.kind, VC_INPUT_PLAIN);
	assert_member(&g, 0, NULL, text, len);
	got_free(&g);
	read_all(tp("games.zip"), &g);
	cr_assert_eq(g.kind, VC_INPUT_PLAIN);
	assert_member(&g, 0, NULL, text, len);
	got_free(&g);
	free(gz);
	free(text);
}

Test(input, truncated_gzip_delivers_everything_before_the_damage)
{
	size_t len = 400000, gzlen = 0;
	char *text = make_text(len, 5), *gz = NULL;

	gz_member(&gz, &gzlen, text, len, 6);
	/* cut inside the deflate data, inside the trailer, in the header */
	size_t cuts[] = { gzlen / 3, gzlen * 2 / 3, gzlen - 3, 2, 11 };
	for (size_t c = 0; c < sizeof cuts / sizeof *cuts; c++) {
		size_t reflen;
		char *ref = gz_reference(gz, cuts[c], &reflen);
		struct vc_input *in;
		struct got g;

		write_file(tp("cut.gz"), gz, cuts[c]);
		in = vc_input_open(tp("cut.gz"), NULL);
		cr_assert_not_null(in);
		read_all_from(in, 65536, &g);
		cr_assert_eq(g.n, 1);
		cr_assert_lt(g.read_rc, 0, "cut at %zu: no error", cuts[c]);
		cr_assert_eq(g.err.kind, VC_INPUT_ECORRUPT, "%s", g.err.message);
		/* everything zlib can decode from the prefix, and correct */
		cr_assert_eq(g.len[0], reflen, "cut at %zu: %zu bytes, zlib %zu",
		             cuts[c], g.len[0], reflen);
		cr_assert(memcmp(g.data[0], text, reflen) == 0);
		cr_assert_leq(g.err.offset, cuts[c]);
		/* the error is sticky */
		char b[10];
		cr_assert_eq(vc_input_read(in, b, sizeof b), -1);
		cr_assert_eq(vc_input_next_member(in, NULL), -1);
		vc_input_close(in);
		got_free(&g);
		free(ref);
	}
	free(gz);
	free(text);
}

Test(input, corrupt_gzip_is_an_error_after_the_good_part)
{
	size_t len = 400000, gzlen = 0, reflen;
	char *text = make_text(len, 6), *gz = NULL, *ref;
	struct got g;
	size_t damage;

	gz_member(&gz, &gzlen, text, len, 6);
	damage = gzlen / 2;
	/* what can be decoded before the damage at all */
	ref = gz_reference(gz, damage, &reflen);
	for (size_t i = damage; i < damage + 64; i++)
		gz[i] = (char)(gz[i] ^ 0x5a);
	write_file(tp("bad.gz"), gz, gzlen);
	read_all(tp("bad.gz"), &g);
	cr_assert_lt(g.read_rc, 0);
	cr_assert_eq(g.err.kind, VC_INPUT_ECORRUPT, "%s", g.err.message);
	cr_assert_geq(g.len[0], reflen);
	cr_assert(memcmp(g.data[0], text, reflen) == 0);
	got_free(&g);
	free(ref);
	free(gz);
	free(text);
}

Test(input, gzip_trailing_zero_padding_ok_garbage_not)
{
	size_t len = 5000, gzlen = 0;
	char *text = make_text(len, 7), *gz = NULL, *padded;
	struct got g;

	gz_member(&gz, &gzlen, text, len, 6);
	padded = calloc(1, gzlen + 70000);
	memcpy(padded, gz, gzlen);
	write_file(tp("pad.gz"), padded, gzlen + 70000);
	read_all(tp("pad.gz"), &g);
	assert_member(&g, 0, NULL, text, len);
	assert_clean_end(&g);
	got_free(&g);

	memcpy(padded + gzlen, "garbage", 7);
	write_file(tp("garbage.gz"), padded, gzlen + 7);
	read_all(tp("garbage.gz"), &g);
	assert_member(&g, 0, NULL, text, len);
	cr_assert_lt(g.read_rc, 0);
	cr_assert_eq(g.err.kind, VC_INPUT_ECORRUPT);
	got_free(&g);
	free(padded);
	free(gz);
	free(text);
}

/* ---- archives ------------------------------------------------------------ */

/* order: the members' indices in e[] as the archive lists them */
static void check_archive(enum afmt fmt, enum afilt filt, const char *file,
                          const int order[4])
{
	size_t la = 90000, lb = 5000;
	char *a = make_text(la, 20), *b = make_text(lb, 21);
	struct entry e[] = {
		{ "dir", NULL, 0, AE_IFDIR, NULL, 0 },
		{ "dir/b.pgn", b, lb, AE_IFREG, NULL, 0 },
		{ "link.pgn", NULL, 0, AE_IFLNK, "dir/b.pgn", 0 },
		{ "a.pgn", a, la, AE_IFREG, NULL, 0 },
		{ "empty.pgn", "", 0, AE_IFREG, NULL, 0 },
		{ "z/\xc3\xa9t\xc3\xa9.epd", b, 100, AE_IFREG, NULL, 0 },
	};
	struct got g;

	write_archive_or_skip(tp(file), fmt, filt, e, 6);
	read_all(tp(file), &g);
	cr_assert_eq(g.kind, VC_INPUT_ARCHIVE);
	for (int i = 0; i < 4; i++)
		assert_member(&g, i, e[order[i]].name, e[order[i]].data,
		              e[order[i]].len);
	cr_assert_eq(g.n, 4, "%d members", g.n);
	/* the link: a member of its own, said (issue 14) */
	cr_assert_eq(g.nlinks, 1, "%d links", g.nlinks);
	cr_assert_str_eq(g.links[0], "link.pgn: symbolic link to dir/b.pgn");
	assert_clean_end(&g);
	got_free(&g);
	free(a);
	free(b);
}

static const int in_order[4] = { 1, 3, 4, 5 };
/* libarchive's 7z writer stores empty files after the others */
static const int sevenzip_order[4] = { 1, 3, 5, 4 };

Test(input, zip_members_in_order_with_names) { check_archive(F_ZIP, C_NONE, "a.zip", in_order); }
Test(input, tar_members) { check_archive(F_TAR, C_NONE, "a.tar", in_order); }
Test(input, tar_gz_members) { check_archive(F_TAR, C_GZIP, "a.tar.gz", in_order); }
Test(input, tar_bz2_members) { check_archive(F_TAR, C_BZIP2, "a.tar.bz2", in_order); }
Test(input, tar_xz_members) { check_archive(F_TAR, C_XZ, "a.tar.xz", in_order); }
Test(input, tar_zst_members) { check_archive(F_TAR, C_ZSTD, "a.tar.zst", in_order); }
Test(input, sevenzip_members) { check_archive(F_7Z, C_NONE, "a.7z", sevenzip_order); }

static void check_bare(enum afilt filt, const char *file)
{
	size_t len = 250000;
	char *text = make_text(len, 30);
	struct entry e[] = { { "data", text, len, AE_IFREG, NULL, 0 } };
	struct got g;

	write_archive_or_skip(tp(file), F_RAW, filt, e, 1);
	read_all(tp(file), &g);
	cr_assert_eq(g.kind, VC_INPUT_COMPRESSED);
	cr_assert_eq(g.n, 1);
	assert_member(&g, 0, NULL, text, len);
	assert_clean_end(&g);
	got_free(&g);

	/* an empty stream is one empty member, like an empty file */
	e[0].len = 0;
	write_archive_or_skip(tp(file), F_RAW, filt, e, 1);
	read_all(tp(file), &g);
	cr_assert_eq(g.n, 1);
	assert_member(&g, 0, NULL, "", 0);
	assert_clean_end(&g);
	got_free(&g);
	free(text);
}

Test(input, bare_xz) { check_bare(C_XZ, "a.pgn.xz"); }
Test(input, bare_bz2) { check_bare(C_BZIP2, "a.pgn.bz2"); }
Test(input, bare_zst) { check_bare(C_ZSTD, "a.pgn.zst"); }

/* libarchive is loaded when an input first needs it (formats/archive_dl.c):
 * when it cannot be, an input that needs it is an open error that says so
 * (unsupported), and plain and gzip inputs read exactly as before. Each
 * test runs in its own process, so the load has not happened yet. */
Test(input, without_libarchive_only_archives_fail)
{
	size_t len = 20000, glen = 0;
	char *text = make_text(len, 30), *gz = NULL;
	struct entry e[] = { { "data", text, len, AE_IFREG, NULL, 0 } };
	struct vc_input_error err;
	struct got g;

	vc_archive_dl_name_for_tests("libvchess-test-no-such-libarchive.so.13");
	write_archive_or_skip(tp("a.pgn.xz"), F_RAW, C_XZ, e, 1);
	write_archive_or_skip(tp("a.tar"), F_TAR, C_NONE, e, 1);
	write_file(tp("a.pgn"), text, len);
	gz_member(&gz, &glen, text, len, 6);
	write_file(tp("a.pgn.gz"), gz, glen);

	const char *need[] = { "a.pgn.xz", "a.tar" };
	for (int i = 0; i < 2; i++) {
		cr_assert_null(vc_input_open(tp(need[i]), &err), "%s opened", need[i]);
		cr_assert_eq(err.kind, VC_INPUT_EUNSUPPORTED, "%s: %s", need[i], err.message);
		cr_assert_not_null(strstr(err.message, "libarchive.so.13"), "%s", err.message);
		cr_assert_not_null(strstr(err.message, "libvchess-test-no-such-libarchive"),
		                   "the loader's reason: %s", err.message);
	}
	read_all(tp("a.pgn"), &g);
	cr_assert_eq(g.kind, VC_INPUT_PLAIN);
	assert_member(&g, 0, NULL, text, len);
	assert_clean_end(&g);
	got_free(&g);
	read_all(tp("a.pgn.gz"), &g);
	cr_assert_eq(g.kind, VC_INPUT_GZIP);
	assert_member(&g, 0, NULL, text, len);
	assert_clean_end(&g);
	got_free(&g);
	free(gz);
	free(text);
}

Test(input, next_member_skips_the_unread_rest)
{
	size_t la = 200000, lb = 3000;
	char *a = make_text(la, 40), *b = make_text(lb, 41), buf[100];
	struct entry e[] = {
		{ "a.pgn", a, la, AE_IFREG, NULL, 0 },
		{ "b.pgn", b, lb, AE_IFREG, NULL, 0 },
	};
	struct vc_input *in;
	const char *name;
	size_t n;
	ptrdiff_t last;
	char *got;

	write_archive_or_skip(tp("two.tar.gz"), F_TAR, C_GZIP, e, 2);
	in = vc_input_open(tp("two.tar.gz"), NULL);
	cr_assert_not_null(in);
	cr_assert_eq(vc_input_next_member(in, &name), 1);
	cr_assert_str_eq(name, "a.pgn");
	cr_assert_eq(vc_input_read(in, buf, sizeof buf), (ptrdiff_t)sizeof buf);
	cr_assert(memcmp(buf, a, sizeof buf) == 0);
	cr_assert_eq(vc_input_next_member(in, &name), 1);
	cr_assert_str_eq(name, "b.pgn");
	got = read_member(in, 4096, &n, &last);
	cr_assert_eq(last, 0);
	cr_assert_eq(n, lb);
	cr_assert(memcmp(got, b, lb) == 0);
	cr_assert_eq(vc_input_next_member(in, &name), 0);
	cr_assert_null(name);
	/* skipped data counts as delivered, for the guard */
	cr_assert_eq(vc_input_bytes_out(in), la + lb);
	vc_input_close(in);
	free(got);
	free(a);
	free(b);
}

Test(input, truncated_archive_reports_after_the_good_members)
{
	size_t la = 60000, lb = 300000, alen;
	char *a = make_text(la, 50), *b = make_text(lb, 51), *arc;
	struct entry e[] = {
		{ "a.pgn", a, la, AE_IFREG, NULL, 0 },
		{ "b.pgn", b, lb, AE_IFREG, NULL, 0 },
	};
	enum afmt fmts[] = { F_ZIP, F_TAR };
	enum afilt filts[] = { C_NONE, C_XZ };

	for (int k = 0; k < 2; k++) {
		struct got g;

		write_archive_or_skip(tp("full"), fmts[k], filts[k], e, 2);
		arc = read_file(tp("full"), &alen);
		write_file(tp("cut"), arc, alen * 3 / 4);
		read_all(tp("cut"), &g);
		cr_assert_geq(g.n, 1);
		assert_member(&g, 0, "a.pgn", a, la);
		if (g.n > 1) {
			cr_assert_leq(g.len[1], lb);
			cr_assert(memcmp(g.data[1], b, g.len[1]) == 0);
		}
		cr_assert_eq(g.rc == -1 || g.read_rc == -1, 1);
		cr_assert_eq(g.err.kind, VC_INPUT_ECORRUPT, "%s: %s",
		             vc_input_errkind_name(g.err.kind), g.err.message);
		got_free(&g);
		free(arc);
	}
	free(a);
	free(b);
}

Test(input, damaged_bare_stream_is_reported_not_an_open_failure)
{
	size_t len = 100000, alen;
	char *text = make_text(len, 55), *arc;
	struct entry e[] = { { "data", text, len, AE_IFREG, NULL, 0 } };
	struct vc_input_error err;
	struct vc_input *in;
	struct got g;

	write_archive_or_skip(tp("full.xz"), F_RAW, C_XZ, e, 1);
	arc = read_file(tp("full.xz"), &alen);
	write_file(tp("cut.xz"), arc, alen / 2);
	in = vc_input_open(tp("cut.xz"), &err);
	cr_assert_not_null(in, "%s", err.message);
	read_all_from(in, 65536, &g);
	cr_assert_eq(g.err.kind, VC_INPUT_ECORRUPT, "%s", g.err.message);
	for (int i = 0; i < g.n; i++)
		cr_assert(memcmp(g.data[i], text, g.len[i]) == 0);
	vc_input_close(in);
	got_free(&g);
	free(arc);
	free(text);
}

/* ---- standard input ------------------------------------------------------ */

/* Make fd 0 read `data` through a pipe fed by a child process. Criterion
 * runs each test in its own process, so stdin may be replaced. */
static pid_t stdin_from_pipe(const char *data, size_t len)
{
	int p[2];
	pid_t pid;

	cr_assert_eq(pipe(p), 0);
	pid = fork();
	cr_assert_geq(pid, 0);
	if (pid == 0) {
		size_t off = 0;
		close(p[0]);
		while (off < len) {
			ssize_t w = write(p[1], data + off, len - off);
			if (w <= 0)
				_exit(1);
			off += (size_t)w;
		}
		_exit(0);
	}
	close(p[1]);
	cr_assert_eq(dup2(p[0], STDIN_FILENO), STDIN_FILENO);
	close(p[0]);
	return pid;
}

static void check_stdin_pipe(const char *data, size_t len, const char *text,
                             size_t tlen, const char *member,
                             enum vc_input_kind kind)
{
	pid_t pid = stdin_from_pipe(data, len);
	struct vc_input *in = vc_input_open("-", NULL);
	struct got g;
	int st;

	cr_assert_not_null(in);
	cr_assert_eq(vc_input_total_size(in), -1);
	cr_assert_str_eq(vc_input_path(in), "-");
	read_all_from(in, 65536, &g);
	cr_assert_eq(g.kind, kind);
	assert_member(&g, 0, member, text, tlen);
	assert_clean_end(&g);
	cr_assert_eq(vc_input_bytes_consumed(in), len);
	vc_input_close(in);
	got_free(&g);
	waitpid(pid, &st, 0);
	/* standard input was not closed */
	cr_assert_neq(fcntl(STDIN_FILENO, F_GETFD), -1);
}

Test(input, stdin_pipe_plain)
{
	size_t len = 200000;
	char *text = make_text(len, 60);

	check_stdin_pipe(text, len, text, len, NULL, VC_INPUT_PLAIN);
	free(text);
}

Test(input, stdin_pipe_gzip_multi_member)
{
	size_t len = 200000, gzlen = 0;
	char *text = make_text(len, 61), *gz = NULL;

	gz_member(&gz, &gzlen, text, 1000, 6);
	gz_member(&gz, &gzlen, text + 1000, len - 1000, 6);
	check_stdin_pipe(gz, gzlen, text, len, NULL, VC_INPUT_GZIP);
	free(gz);
	free(text);
}

Test(input, stdin_pipe_zip_and_tar_xz)
{
	size_t len = 150000, alen;
	char *text = make_text(len, 62), *arc;
	struct entry e[] = { { "m.pgn", text, len, AE_IFREG, NULL, 0 } };

	write_archive_or_skip(tp("p.zip"), F_ZIP, C_NONE, e, 1);
	arc = read_file(tp("p.zip"), &alen);
	check_stdin_pipe(arc, alen, text, len, "m.pgn", VC_INPUT_ARCHIVE);
	free(arc);
	write_archive_or_skip(tp("p.tar.xz"), F_TAR, C_XZ, e, 1);
	arc = read_file(tp("p.tar.xz"), &alen);
	check_stdin_pipe(arc, alen, text, len, "m.pgn", VC_INPUT_ARCHIVE);
	free(arc);
	free(text);
}

Test(input, stdin_pipe_7z_is_unsupported_not_corrupt)
{
	size_t len = 1000, alen;
	char *text = make_text(len, 64), *arc;
	struct entry e[] = { { "m.pgn", text, len, AE_IFREG, NULL, 0 } };
	struct vc_input *in;
	struct got g;
	pid_t pid;
	int st;

	write_archive_or_skip(tp("p.7z"), F_7Z, C_NONE, e, 1);
	arc = read_file(tp("p.7z"), &alen);
	pid = stdin_from_pipe(arc, alen);
	in = vc_input_open("-", NULL);
	cr_assert_not_null(in);
	/* the header may still be found in the first bytes; the data not */
	read_all_from(in, 65536, &g);
	cr_assert(g.rc == -1 || g.read_rc == -1);
	cr_assert_eq(g.err.kind, VC_INPUT_EUNSUPPORTED, "%s", g.err.message);
	vc_input_close(in);
	got_free(&g);
	waitpid(pid, &st, 0);
	free(arc);
	free(text);
}

Test(input, stdin_redirected_from_a_file_knows_its_size)
{
	size_t len = 80000;
	char *text = make_text(len, 63);
	struct entry e[] = { { "m.pgn", text, len, AE_IFREG, NULL, 0 } };
	struct vc_input *in;
	struct stat st;
	struct got g;
	int fd;

	write_archive_or_skip(tp("s.zip"), F_ZIP, C_NONE, e, 1);
	fd = open(tp("s.zip"), O_RDONLY);
	cr_assert_geq(fd, 0);
	cr_assert_eq(dup2(fd, STDIN_FILENO), STDIN_FILENO);
	close(fd);
	cr_assert_eq(stat(tp("s.zip"), &st), 0);
	in = vc_input_open("-", NULL);
	cr_assert_not_null(in);
	cr_assert_eq(vc_input_total_size(in), (int64_t)st.st_size);
	read_all_from(in, 65536, &g);
	assert_member(&g, 0, "m.pgn", text, len);
	assert_clean_end(&g);
	vc_input_close(in);
	got_free(&g);
	free(text);
}

static long maxrss_kib(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss;
}

/* 64 MiB of gzip through a pipe: streaming, so memory does not grow. */
Test(input, memory_stays_flat_on_a_large_stream)
{
	int p[2];
	pid_t pid;
	long before;
	struct vc_input *in;
	static char buf[65536];
	uint64_t total = 0, want = 64u << 20;
	ptrdiff_t r;
	int st;

	cr_assert_eq(pipe(p), 0);
	pid = fork();
	cr_assert_geq(pid, 0);
	if (pid == 0) {
		char *text = make_text(1 << 20, 70);
		unsigned char out[65536];
		z_stream z;
		FILE *f;

		close(p[0]);
		f = fdopen(p[1], "wb");
		memset(&z, 0, sizeof z);
		deflateInit2(&z, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
		for (int i = 0; i < 64; i++) {
			text[0] = (char)('A' + i % 26);
			z.next_in = (unsigned char *)text;
			z.avail_in = 1 << 20;
			do {
				z.next_out = out;
				z.avail_out = sizeof out;
				deflate(&z, i == 63 ? Z_FINISH : Z_NO_FLUSH);
				fwrite(out, 1, sizeof out - z.avail_out, f);
			} while (z.avail_out == 0 || z.avail_in > 0);
		}
		fclose(f);
		_exit(0);
	}
	close(p[1]);
	cr_assert_eq(dup2(p[0], STDIN_FILENO), STDIN_FILENO);
	close(p[0]);
	before = maxrss_kib();
	in = vc_input_open("-", NULL);
	cr_assert_not_null(in);
	cr_assert_eq(vc_input_next_member(in, NULL), 1);
	while ((r = vc_input_read(in, buf, sizeof buf)) > 0)
		total += (uint64_t)r;
	cr_assert_eq(r, 0, "%s", vc_input_error(in)->message);
	cr_assert_eq(total, want);
	vc_input_close(in);
	waitpid(pid, &st, 0);
	cr_assert_lt(maxrss_kib() - before, 8 * 1024,
	             "RSS grew by %ld KiB", maxrss_kib() - before);
}

/* ---- the zip-bomb guard -------------------------------------------------- */

#define BOMB_BYTES (200u << 20)

Test(input, gzip_bomb_hits_the_ratio_limit)
{
	/* 200 MB of zeros: twenty 10 MiB members, each compressed ~1027:1
	 * (deflate's ceiling is 1032:1); concatenating members keeps the
	 * test cheap. */
	size_t mlen = 10u << 20, gzlen = 0, one;
	char *zeros = calloc(1, mlen), *gz = NULL;
	struct vc_input *in;
	static char buf[65536];
	ptrdiff_t r;
	const struct vc_input_error *err;

	gz_member(&gz, &gzlen, zeros, mlen, 9);
	one = gzlen;
	cr_assert_gt(mlen / one, VC_INPUT_DEFAULT_MAX_RATIO,
	             "this zlib compresses zeros only %zu:1", mlen / one);
	gz = realloc(gz, one * (BOMB_BYTES / mlen));
	for (size_t i = 1; i < BOMB_BYTES / mlen; i++)
		memcpy(gz + i * one, gz, one);
	write_file(tp("bomb.pgn.gz"), gz, one * (BOMB_BYTES / mlen));
	in = vc_input_open(tp("bomb.pgn.gz"), NULL);
	cr_assert_not_null(in);
	cr_assert_eq(vc_input_next_member(in, NULL), 1);
	while ((r = vc_input_read(in, buf, sizeof buf)) > 0)
		;
	err = vc_input_error(in);
	cr_assert_eq(r, -1);
	cr_assert_eq(err->kind, VC_INPUT_ELIMIT, "%s", err->message);
	cr_assert_lt(vc_input_bytes_out(in), 4u << 20, "%llu bytes out",
	             (unsigned long long)vc_input_bytes_out(in));
	vc_input_close(in);

	/* with the guard off it decodes on (checked for 32 MiB, to save CPU) */
	struct vc_input_options o;
	uint64_t total = 0;
	vc_input_options_init(&o);
	o.max_ratio = 0;
	in = vc_input_open_opts(tp("bomb.pgn.gz"), &o, NULL);
	cr_assert_eq(vc_input_next_member(in, NULL), 1);
	while (total < (32u << 20) &&
	       (r = vc_input_read(in, buf, sizeof buf)) > 0)
		total += (uint64_t)r;
	cr_assert_geq(total, 32u << 20);
	cr_assert_eq(vc_input_error(in)->kind, VC_INPUT_OK);
	vc_input_close(in);
	free(gz);
	free(zeros);
}

static char *bomb_chunk(size_t len)
{
	char *p = malloc(len);

	cr_assert_not_null(p);
	memset(p, 'a', len); /* not zeros: libarchive reads zeros as a tar end */
	return p;
}

Test(input, zstd_bomb_hits_the_ratio_limit)
{
	size_t clen = 1u << 20;
	char *chunk = bomb_chunk(clen);
	struct entry e[] = { { "data", chunk, clen, AE_IFREG, NULL,
	                       BOMB_BYTES / (1u << 20) } };
	struct got g;

	write_archive_or_skip(tp("bomb.pgn.zst"), F_RAW, C_ZSTD, e, 1);
	read_all(tp("bomb.pgn.zst"), &g);
	cr_assert_eq(g.err.kind, VC_INPUT_ELIMIT, "%s", g.err.message);
	cr_assert_lt(g.len[0], 64u << 20);
	got_free(&g);
	free(chunk);
}

Test(input, skipping_a_bomb_member_is_guarded_too)
{
	size_t clen = 1u << 20;
	char *chunk = bomb_chunk(clen);
	struct entry e[] = {
		{ "bomb.pgn", chunk, clen, AE_IFREG, NULL, BOMB_BYTES / (1u << 20) },
		{ "after.pgn", "1. e4 *\n", 8, AE_IFREG, NULL, 0 },
	};
	struct vc_input *in;
	const char *name;

	write_archive_or_skip(tp("bomb.tar.zst"), F_TAR, C_ZSTD, e, 2);
	in = vc_input_open(tp("bomb.tar.zst"), NULL);
	cr_assert_not_null(in);
	cr_assert_eq(vc_input_next_member(in, &name), 1);
	cr_assert_str_eq(name, "bomb.pgn");
	cr_assert_eq(vc_input_next_member(in, &name), -1);
	cr_assert_null(name);
	cr_assert_eq(vc_input_error(in)->kind, VC_INPUT_ELIMIT);
	vc_input_close(in);
	free(chunk);
}

Test(input, absolute_cap_is_exact)
{
	size_t len = 100000, gzlen = 0;
	char *text = make_text(len, 80), *gz = NULL;
	struct vc_input_options o;
	struct vc_input *in;
	struct got g;

	vc_input_options_init(&o);
	cr_assert_eq(o.max_ratio, VC_INPUT_DEFAULT_MAX_RATIO);
	cr_assert_eq(o.max_output, 0);
	o.max_output = 4097;
	write_file(tp("a.pgn"), text, len);
	gz_member(&gz, &gzlen, text, len, 6);
	write_file(tp("a.pgn.gz"), gz, gzlen);
	for (int f = 0; f < 2; f++) {
		in = vc_input_open_opts(tp(f ? "a.pgn.gz" : "a.pgn"), &o, NULL);
		cr_assert_not_null(in);
		read_all_from(in, 1000, &g);
		cr_assert_eq(g.len[0], 4097);
		cr_assert(memcmp(g.data[0], text, 4097) == 0);
		cr_assert_eq(g.read_rc, -1);
		cr_assert_eq(g.err.kind, VC_INPUT_ELIMIT);
		vc_input_close(in);
		got_free(&g);
	}
	/* exactly the cap is fine */
	o.max_output = len;
	in = vc_input_open_opts(tp("a.pgn.gz"), &o, NULL);
	read_all_from(in, 65536, &g);
	assert_member(&g, 0, NULL, text, len);
	assert_clean_end(&g);
	vc_input_close(in);
	got_free(&g);
	free(gz);
	free(text);
}

/* ---- files made by the command-line tools (each only when installed) ----- */

static bool have_tool(const char *tool)
{
	char cmd[256];

	snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", tool);
	return system(cmd) == 0;
}

static void run(const char *fmt, ...)
{
	char cmd[2048];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof cmd, fmt, ap);
	va_end(ap);
	cr_assert_eq(system(cmd), 0, "command failed: %s", cmd);
}

Test(input, files_made_by_installed_tools)
{
	static const struct {
		const char *tool, *cmd, *out, *member;
	} t[] = {
		{ "gzip", "gzip -c a.pgn > x1.gz && cat x1.gz x1.gz > t.gz", "t.gz", NULL },
		{ "bzip2", "bzip2 -c a.pgn > t.bz2", "t.bz2", NULL },
		{ "xz", "xz -c a.pgn > t.xz", "t.xz", NULL },
		{ "zstd", "zstd -q -c a.pgn > t.zst", "t.zst", NULL },
		{ "zip", "zip -q t.zip a.pgn", "t.zip", "a.pgn" },
		{ "7z", "7z a -bd t.7z a.pgn >/dev/null", "t.7z", "a.pgn" },
	};
	size_t len = 50000;
	char *text = make_text(len, 90), *twice = malloc(2 * len);
	int ran = 0;

	memcpy(twice, text, len);
	memcpy(twice + len, text, len);
	write_file(tp("a.pgn"), text, len);
	for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
		struct got g;

		if (!have_tool(t[i].tool))
			continue;
		run("cd '%s' && %s", tmpdir, t[i].cmd);
		read_all(tp(t[i].out), &g);
		if (i == 0)
			assert_member(&g, 0, NULL, twice, 2 * len);
		else
			assert_member(&g, 0, t[i].member, text, len);
		cr_assert_eq(g.n, 1, "%s: %d members", t[i].out, g.n);
		assert_clean_end(&g);
		got_free(&g);
		ran++;
	}
	free(twice);
	free(text);
	if (!ran)
		cr_skip_test("none of gzip bzip2 xz zstd zip 7z installed");
}

/* ---- damaged archive members ---------------------------------------------- */

static void flip(char *p, size_t at, size_t n)
{
	for (size_t i = at; i < at + n; i++)
		p[i] = (char)(p[i] ^ 0x55);
}

/* Where needle first occurs in hay at or after `from`; (size_t)-1 if not. */
static size_t find_bytes(const char *hay, size_t hlen, const void *needle,
                         size_t nlen, size_t from)
{
	for (size_t i = from; i + nlen <= hlen; i++)
		if (memcmp(hay + i, needle, nlen) == 0)
			return i;
	return (size_t)-1;
}

/* Flip every copy of a 4-byte little-endian CRC-32 in an archive (local
 * header, data descriptor, central directory). Returns the copies flipped. */
static int spoil_crc(char *arc, size_t alen, const char *data, size_t len)
{
	uLong crc = crc32(0L, (const Bytef *)data, (uInt)len);
	unsigned char le[4] = { (unsigned char)crc, (unsigned char)(crc >> 8),
	                        (unsigned char)(crc >> 16),
	                        (unsigned char)(crc >> 24) };
	int n = 0;

	for (size_t at = 0; (at = find_bytes(arc, alen, le, 4, at)) !=
	                    (size_t)-1; at += 4, n++)
		arc[at] ^= 0x01;
	return n;
}

/* Read `path` member by member; the error must come after all of member 0
 * (whatever its bytes), be CORRUPT, name a CRC, and stick. */
static void check_crc_failure(const char *path, const char *name,
                              size_t len, const char *good, size_t good_len)
{
	struct vc_input *in = vc_input_open(path, NULL);
	struct got g;

	cr_assert_not_null(in);
	read_all_from(in, 65536, &g);
	cr_assert_eq(g.n, 1, "%d members read", g.n);
	cr_assert_str_eq(g.name[0], name);
	cr_assert_eq(g.len[0], len, "%zu bytes delivered, want %zu",
	             g.len[0], len);
	cr_assert(memcmp(g.data[0], good, good_len) == 0);
	cr_assert_eq(g.read_rc, -1);
	cr_assert_eq(g.err.kind, VC_INPUT_ECORRUPT, "%s: %s",
	             vc_input_errkind_name(g.err.kind), g.err.message);
	cr_assert_not_null(strstr(g.err.message, "CRC"), "%s", g.err.message);
	/* the member's failure: the archive goes on with b.pgn, whole */
	const char *next;
	cr_assert_eq(vc_input_next_member(in, &next), 1, "%s", vc_input_error(in)->message);
	cr_assert_str_eq(next, "b.pgn");
	cr_assert_eq(vc_input_error(in)->kind, VC_INPUT_OK);
	char buf[4096];
	ptrdiff_t r;
	while ((r = vc_input_read(in, buf, sizeof buf)) > 0)
		;
	cr_assert_eq(r, 0, "%s", vc_input_error(in)->message);
	cr_assert_eq(vc_input_next_member(in, NULL), 0);
	vc_input_close(in);
	got_free(&g);
}

Test(input, zip_bad_crc_of_a_stored_member_is_corrupt_after_its_data)
{
	size_t la = 200000, lb = 5000, alen, at;
	char *a = make_text(la, 100), *b = make_text(lb, 101), *arc;
	struct entry e[] = {
		{ "a.pgn", a, la, AE_IFREG, NULL, 0 },
		{ "b.pgn", b, lb, AE_IFREG, NULL, 0 },
	};

	write_options = "zip:compression=store";
	write_archive_or_skip(tp("two.zip"), F_ZIP, C_NONE, e, 2);
	write_options = NULL;
	arc = read_file(tp("two.zip"), &alen);
	at = find_bytes(arc, alen, a, 256, 0);
	cr_assert_neq(at, (size_t)-1, "member data not stored as is");
	flip(arc, at + 100000, 100);
	write_file(tp("twobad.zip"), arc, alen);
	/* the damaged bytes are delivered (nothing tells them apart before
	 * the end), then the CRC failure */
	check_crc_failure(tp("twobad.zip"), "a.pgn", la, a, 100000);
	free(arc);
	free(a);
	free(b);
}

Test(input, zip_bad_crc_of_a_deflated_member_comes_after_all_its_data)
{
	size_t la = 200000, lb = 5000, alen;
	char *a = make_text(la, 102), *b = make_text(lb, 103), *arc;
	struct entry e[] = {
		{ "a.pgn", a, la, AE_IFREG, NULL, 0 },
		{ "b.pgn", b, lb, AE_IFREG, NULL, 0 },
	};

	write_archive_or_skip(tp("two.zip"), F_ZIP, C_NONE, e, 2);
	arc = read_file(tp("two.zip"), &alen);
	cr_assert_geq(spoil_crc(arc, alen, a, la), 1);
	write_file(tp("twobad.zip"), arc, alen);
	check_crc_failure(tp("twobad.zip"), "a.pgn", la, a, la);
	free(arc);
	free(a);
	free(b);
}

Test(input, sevenzip_bad_crc_is_corrupt_after_the_data)
{
	size_t la = 200000, lb = 5000, alen, at;
	char *a = make_text(la, 104), *b = make_text(lb, 105), *arc;
	struct entry e[] = {
		{ "a.pgn", a, la, AE_IFREG, NULL, 0 },
		{ "b.pgn", b, lb, AE_IFREG, NULL, 0 },
	};

	write_options = "7zip:compression=store";
	write_archive_or_skip(tp("two.7z"), F_7Z, C_NONE, e, 2);
	write_options = NULL;
	arc = read_file(tp("two.7z"), &alen);
	at = find_bytes(arc, alen, a, 256, 0);
	cr_assert_neq(at, (size_t)-1, "member data not stored as is");
	flip(arc, at + 100000, 100);
	write_file(tp("twobad.7z"), arc, alen);
	check_crc_failure(tp("twobad.7z"), "a.pgn", la, a, 100000);
	free(arc);
	free(a);
	free(b);
}

/* libarchive's xz decoder hands out 64 KiB blocks and drops the one it was
 * decoding when it meets the damage; before, its bidders' look-ahead (up to
 * 128 KiB) also lost everything when the damage was that early. */
Test(input, damaged_xz_delivers_what_xz_decodes_but_the_last_block)
{
	static const double at[] = { 0.03, 0.08, 0.15, 0.5 };
	size_t len = 1000000, alen;
	char *text = make_text(len, 106), *arc;
	struct entry e[] = { { "data", text, len, AE_IFREG, NULL, 0 } };
	int over_one_block = 0;

	if (!have_tool("xz"))
		cr_skip_test("xz not installed (the reference decoder)");
	write_archive_or_skip(tp("a.xz"), F_RAW, C_XZ, e, 1);
	arc = read_file(tp("a.xz"), &alen);
	for (size_t k = 0; k < sizeof at / sizeof *at; k++) {
		char *bad = malloc(alen), *ref, cmd[600];
		size_t reflen;
		struct got g;

		memcpy(bad, arc, alen);
		flip(bad, (size_t)((double)alen * at[k]), 100);
		write_file(tp("bad.xz"), bad, alen);
		snprintf(cmd, sizeof cmd, "cd '%s' && xz -dc bad.xz > ref 2>/dev/null",
		         tmpdir);
		(void)!system(cmd); /* fails, after writing what it decoded */
		ref = read_file(tp("ref"), &reflen);
		read_all(tp("bad.xz"), &g);
		/* damage in the first block: no member at all */
		cr_assert_eq(g.n, g.rc == -1 ? 0 : 1);
		g.len[0] = g.n ? g.len[0] : 0;
		cr_assert_eq(g.err.kind, VC_INPUT_ECORRUPT, "%s", g.err.message);
		cr_assert_leq(g.len[0], reflen);
		cr_assert(g.n == 0 || memcmp(g.data[0], ref, g.len[0]) == 0);
		cr_assert_geq(g.len[0] + 65536, reflen,
		              "damage at %.0f%%: %zu bytes, xz decodes %zu",
		              at[k] * 100, g.len[0], reflen);
		if (reflen > 65536)
			over_one_block++;
		got_free(&g);
		free(ref);
		free(bad);
	}
	cr_assert_geq(over_one_block, 2);
	free(arc);
	free(text);
}

/* ---- compressed archive members ------------------------------------------- */

/* `text` compressed by libarchive (F_RAW) into a buffer. */
static char *compressed(enum afilt filt, const char *text, size_t len,
                        size_t *clen)
{
	struct entry e[] = { { "data", text, len, AE_IFREG, NULL, 0 } };

	write_archive_or_skip(tp("tmp.compressed"), F_RAW, filt, e, 1);
	return read_file(tp("tmp.compressed"), clen);
}

static void check_nested(enum afmt fmt, enum afilt filt, const char *file)
{
	size_t la = 150000, lb = 3000, lgz = 0, lxz, lzst, lbz;
	char *a = make_text(la, 110), *b = make_text(lb, 111), *gz = NULL;
	char *xz = compressed(C_XZ, a, la, &lxz);
	char *zst = compressed(C_ZSTD, b, lb, &lzst);
	char *bz = compressed(C_BZIP2, a, la, &lbz);
	static const char readme[] = "This archive holds games.\n";
	struct got g;

	gz_member(&gz, &lgz, a, 1000, 6);
	gz_member(&gz, &lgz, a + 1000, la - 1000, 6);
	struct entry e[] = {
		{ "README", readme, sizeof readme - 1, AE_IFREG, NULL, 0 },
		{ "c.pgn.gz", gz, lgz, AE_IFREG, NULL, 0 },
		{ "d.pgn.xz", xz, lxz, AE_IFREG, NULL, 0 },
		{ "e.pgn.zst", zst, lzst, AE_IFREG, NULL, 0 },
		{ "f.pgn.bz2", bz, lbz, AE_IFREG, NULL, 0 },
		{ "g.pgn", b, lb, AE_IFREG, NULL, 0 },
	};
	write_archive_or_skip(tp(file), fmt, filt, e, 6);
	read_all(tp(file), &g);
	cr_assert_eq(g.kind, VC_INPUT_ARCHIVE);
	assert_member(&g, 0, "README", readme, sizeof readme - 1);
	assert_member(&g, 1, "c.pgn.gz", a, la);
	assert_member(&g, 2, "d.pgn.xz", a, la);
	assert_member(&g, 3, "e.pgn.zst", b, lb);
	assert_member(&g, 4, "f.pgn.bz2", a, la);
	assert_member(&g, 5, "g.pgn", b, lb);
	cr_assert_eq(g.n, 6);
	assert_clean_end(&g);
	got_free(&g);
	free(gz);
	free(xz);
	free(zst);
	free(bz);
	free(a);
	free(b);
}

Test(input, compressed_members_of_a_zip_are_decoded) { check_nested(F_ZIP, C_NONE, "n.zip"); }
Test(input, compressed_members_of_a_tar_xz_are_decoded) { check_nested(F_TAR, C_XZ, "n.tar.xz"); }

Test(input, compressed_member_from_a_pipe)
{
	size_t len = 150000, gzlen = 0, alen;
	char *text = make_text(len, 112), *gz = NULL, *arc;

	gz_member(&gz, &gzlen, text, len, 6);
	struct entry e[] = { { "c.pgn.gz", gz, gzlen, AE_IFREG, NULL, 0 } };
	write_archive_or_skip(tp("p.zip"), F_ZIP, C_NONE, e, 1);
	arc = read_file(tp("p.zip"), &alen);
	check_stdin_pipe(arc, alen, text, len, "c.pgn.gz", VC_INPUT_ARCHIVE);
	free(arc);
	free(gz);
	free(text);
}

/* Read every member of `path` (with opts), going on after each failure
 * as the commands do: the names in order, "!" + the error's kind word for
 * a failure, "=" + the last failure that ended the input. Into out. */
static void read_going_on(const char *path, const struct vc_input_options *o,
                          char *out, size_t size)
{
	struct vc_input *in = vc_input_open_opts(path, o, NULL);
	const char *name;
	char buf[65536];
	int r;

	cr_assert_not_null(in);
	out[0] = '\0';
	while ((r = vc_input_next_member(in, &name)) == 1) {
		ptrdiff_t k;
		size_t n = 0;
		while ((k = vc_input_read(in, buf, sizeof buf)) > 0)
			n += (size_t)k;
		snprintf(out + strlen(out), size - strlen(out), "%s%s(%zu)",
		         out[0] ? " " : "", name ? name : "-", n);
		if (k < 0)
			snprintf(out + strlen(out), size - strlen(out), "!%s",
			         vc_input_errkind_name(vc_input_error(in)->kind));
	}
	if (r < 0)
		snprintf(out + strlen(out), size - strlen(out), " =%s: %s",
		         vc_input_errkind_name(vc_input_error(in)->kind),
		         vc_input_error(in)->message);
	vc_input_close(in);
}

Test(input, archives_inside_archives_are_read)
{
	size_t la = 3000, lzip, lgz = 0;
	char *a = make_text(la, 113), *zip, *tgz;
	struct entry inner[] = { { "x.pgn", a, la, AE_IFREG, NULL, 0 },
	                         { "y.pgn", a, 10, AE_IFREG, NULL, 0 } };
	char out[2048];

	write_archive_or_skip(tp("inner.zip"), F_ZIP, C_NONE, inner, 2);
	zip = read_file(tp("inner.zip"), &lzip);
	write_archive_or_skip(tp("inner.tar.gz"), F_TAR, C_GZIP, inner, 1);
	tgz = read_file(tp("inner.tar.gz"), &lgz);
	struct entry e[] = {
		{ "a.pgn", a, la, AE_IFREG, NULL, 0 },
		{ "inner.zip", zip, lzip, AE_IFREG, NULL, 0 },
		{ "inner.tar.gz", tgz, lgz, AE_IFREG, NULL, 0 },
		{ "b.pgn", a, la, AE_IFREG, NULL, 0 },
	};
	write_archive_or_skip(tp("outer.tar"), F_TAR, C_NONE, e, 4);
	read_going_on(tp("outer.tar"), NULL, out, sizeof out);
	cr_assert_str_eq(out, "a.pgn(3000) inner.zip:x.pgn(3000) inner.zip:y.pgn(10) "
	                      "inner.tar.gz:x.pgn(3000) b.pgn(3000)");

	/* the data is the inner member's */
	struct got g;
	read_all(tp("outer.tar"), &g);
	assert_member(&g, 1, "inner.zip:x.pgn", a, la);
	assert_member(&g, 3, "inner.tar.gz:x.pgn", a, la);
	assert_clean_end(&g);
	got_free(&g);

	/* a zip inside a tar.gz, inside a zip: three levels, named so */
	size_t lt, lz2;
	struct entry mid[] = { { "inner.zip", zip, lzip, AE_IFREG, NULL, 0 } };
	write_archive_or_skip(tp("mid.tar.gz"), F_TAR, C_GZIP, mid, 1);
	char *mt = read_file(tp("mid.tar.gz"), &lt);
	struct entry top[] = { { "mid.tar.gz", mt, lt, AE_IFREG, NULL, 0 },
	                       { "z.pgn", a, 5, AE_IFREG, NULL, 0 } };
	write_archive_or_skip(tp("top.zip"), F_ZIP, C_NONE, top, 2);
	read_going_on(tp("top.zip"), NULL, out, sizeof out);
	cr_assert_str_eq(out, "mid.tar.gz:inner.zip:x.pgn(3000) mid.tar.gz:inner.zip:y.pgn(10) "
	                      "z.pgn(5)");
	/* skipping members of members is fine too */
	struct vc_input *in = vc_input_open(tp("top.zip"), NULL);
	const char *name;
	cr_assert_eq(vc_input_next_member(in, &name), 1);
	cr_assert_eq(vc_input_next_member(in, &name), 1);
	cr_assert_eq(vc_input_next_member(in, &name), 1);
	cr_assert_str_eq(name, "z.pgn");
	cr_assert_eq(vc_input_next_member(in, &name), 0);
	vc_input_close(in);
	(void)lz2;
	free(mt);
	free(zip);
	free(tgz);
	free(a);
}

Test(input, nesting_has_a_depth_limit)
{
	/* x.pgn inside VC_INPUT_MAX_NEST + 1 zips inside the file's zip */
	char *cur = make_text(500, 114), *next;
	size_t len = 500;
	char prev[64] = "x.pgn", out[2048];

	for (int level = 0; level <= VC_INPUT_MAX_NEST + 1; level++) {
		char file[32];
		snprintf(file, sizeof file, "n%d.zip", level);
		struct entry e[] = { { prev, cur, len, AE_IFREG, NULL, 0 },
		                     { "ok.pgn", "1. e4 *\n", 8, AE_IFREG, NULL, 0 } };
		write_archive_or_skip(tp(file), F_ZIP, C_NONE, e, 2);
		next = read_file(tp(file), &len);
		free(cur);
		cur = next;
		snprintf(prev, sizeof prev, "%s", file);
	}
	free(cur);
	/* n5 holds n4 ... n0 holds x.pgn: from n4 (4 levels inside the file)
	 * everything is read; from n5 the deepest member is refused, alone */
	read_going_on(tp("n4.zip"), NULL, out, sizeof out);
	cr_assert_str_eq(out, "n3.zip:n2.zip:n1.zip:n0.zip:x.pgn(500) n3.zip:n2.zip:n1.zip:n0.zip:ok.pgn(8) "
	                      "n3.zip:n2.zip:n1.zip:ok.pgn(8) n3.zip:n2.zip:ok.pgn(8) "
	                      "n3.zip:ok.pgn(8) ok.pgn(8)");
	read_going_on(tp("n5.zip"), NULL, out, sizeof out);
	cr_assert_str_eq(out, "n4.zip:n3.zip:n2.zip:n1.zip:n0.zip(0)!unsupported "
	                      "n4.zip:n3.zip:n2.zip:n1.zip:ok.pgn(8) n4.zip:n3.zip:n2.zip:ok.pgn(8) "
	                      "n4.zip:n3.zip:ok.pgn(8) n4.zip:ok.pgn(8) ok.pgn(8)");
}

/* A member stopped by the zip-bomb guard is that member's failure; the
 * members after it are read, the guard measuring on from the bomb. */
Test(input, bomb_member_then_good_members)
{
	size_t zlen = 20u << 20, gzlen = 0, la = 4000;
	char *zeros = calloc(1, zlen), *gz = NULL, *a = make_text(la, 115), out[2048];
	struct vc_input_options o;

	gz_member(&gz, &gzlen, zeros, zlen, 9);
	struct entry e[] = {
		{ "a.pgn", a, la, AE_IFREG, NULL, 0 },
		{ "bomb.pgn.gz", gz, gzlen, AE_IFREG, NULL, 0 },
		{ "b.pgn", a, la, AE_IFREG, NULL, 0 },
		{ "c.pgn", a, la, AE_IFREG, NULL, 0 },
	};
	vc_input_options_init(&o);
	o.max_ratio = 100;
	o.ratio_floor = 1 << 16;
	write_options = "zip:compression=store";
	write_archive_or_skip(tp("bomb.zip"), F_ZIP, C_NONE, e, 4);
	write_options = NULL;
	read_going_on(tp("bomb.zip"), &o, out, sizeof out);
	cr_assert(strncmp(out, "a.pgn(4000) bomb.pgn.gz(", 24) == 0, "%s", out);
	cr_assert_not_null(strstr(out, ")!limit-exceeded b.pgn(4000) c.pgn(4000)"), "%s", out);
	/* in a tar too (the tar goes on at the next header) */
	write_archive_or_skip(tp("bomb.tar"), F_TAR, C_NONE, e, 4);
	read_going_on(tp("bomb.tar"), &o, out, sizeof out);
	cr_assert_not_null(strstr(out, ")!limit-exceeded b.pgn(4000) c.pgn(4000)"), "%s", out);
	/* a bomb one level further in: the whole expansion counts (the
	 * bomb's gzip inside a zip inside the file's tar) */
	size_t lz;
	struct entry in1[] = { { "bomb.pgn.gz", gz, gzlen, AE_IFREG, NULL, 0 } };
	write_archive_or_skip(tp("in1.zip"), F_ZIP, C_NONE, in1, 1);
	char *z = read_file(tp("in1.zip"), &lz);
	struct entry e2[] = { { "in1.zip", z, lz, AE_IFREG, NULL, 0 },
	                      { "b.pgn", a, la, AE_IFREG, NULL, 0 } };
	write_archive_or_skip(tp("bomb2.tar"), F_TAR, C_NONE, e2, 2);
	read_going_on(tp("bomb2.tar"), &o, out, sizeof out);
	cr_assert(strncmp(out, "in1.zip:bomb.pgn.gz(", 20) == 0, "%s", out);
	cr_assert_not_null(strstr(out, ")!limit-exceeded b.pgn(4000)"), "%s", out);
	/* a compressed tar cannot skip without decompressing: the rest is
	 * not read, and the failure says so */
	write_archive_or_skip(tp("bomb.tar.gz"), F_TAR, C_GZIP, e, 4);
	struct vc_input *in = vc_input_open_opts(tp("bomb.tar.gz"), &o, NULL);
	struct got g;
	read_all_from(in, 65536, &g);
	cr_assert_eq(g.err.kind, VC_INPUT_ELIMIT);
	cr_assert_not_null(strstr(g.err.message, "the rest of the archive was not read"),
	                   "%s", g.err.message);
	cr_assert_eq(vc_input_next_member(in, NULL), -1);
	vc_input_close(in);
	got_free(&g);
	free(z);
	free(zeros);
	free(gz);
	free(a);
}

/* A damaged member of a zip (its deflate stream broken: libarchive gives
 * up on the file) is that member's failure; the zip is opened again and
 * read on from the next entry of its central directory. */
Test(input, damaged_zip_member_then_good_members)
{
	size_t la = 60000, alen;
	char *a = make_text(la, 117), *b = make_text(la, 118), out[2048];
	struct entry e[] = {
		{ "a.pgn", a, la, AE_IFREG, NULL, 0 },
		{ "bad.pgn", b, la, AE_IFREG, NULL, 0 },
		{ "c.pgn", a, la, AE_IFREG, NULL, 0 },
		{ "d.pgn", a, 100, AE_IFREG, NULL, 0 },
	};
	write_archive_or_skip(tp("dmg.zip"), F_ZIP, C_NONE, e, 4);
	char *arc = read_file(tp("dmg.zip"), &alen);
	/* bad.pgn's data starts after its local header, after a.pgn's data:
	 * break its deflate stream in the middle */
	size_t at = find_bytes(arc, alen, "bad.pgn", 7, 0);
	cr_assert_neq(at, (size_t)-1);
	for (size_t k = at + 200; k < at + 400; k++)
		arc[k] = (char)0xff;
	write_file(tp("dmg.zip"), arc, alen);
	read_going_on(tp("dmg.zip"), NULL, out, sizeof out);
	cr_assert(strncmp(out, "a.pgn(60000) bad.pgn(", 21) == 0, "%s", out);
	cr_assert_not_null(strstr(out, ")!corrupt c.pgn(60000) d.pgn(100)"), "%s", out);
	/* from a pipe there is no directory to go on from: said */
	free(arc);
	free(a);
	free(b);
}

Test(input, damaged_compressed_member_delivers_what_zlib_decodes)
{
	size_t len = 300000, gzlen = 0, reflen, cut;
	char *text = make_text(len, 114), *gz = NULL, *ref;
	struct got g;

	gz_member(&gz, &gzlen, text, len, 6);
	cut = gzlen * 2 / 3;
	ref = gz_reference(gz, cut, &reflen);
	struct entry e[] = {
		{ "c.pgn.gz", gz, cut, AE_IFREG, NULL, 0 },
		{ "b.pgn", text, 100, AE_IFREG, NULL, 0 },
	};
	write_archive_or_skip(tp("cut.zip"), F_ZIP, C_NONE, e, 2);
	read_all(tp("cut.zip"), &g);
	cr_assert_eq(g.n, 1);
	assert_member(&g, 0, "c.pgn.gz", ref, reflen);
	cr_assert_eq(g.read_rc, -1);
	cr_assert_eq(g.err.kind, VC_INPUT_ECORRUPT, "%s", g.err.message);
	got_free(&g);
	free(ref);
	free(gz);
	free(text);
}

/* The outer CRC failure reaches the child with the member's last block: the
 * child decodes that block first, then the error comes. */
Test(input, bad_crc_of_a_compressed_member_comes_after_its_games)
{
	/* small: the child meets the error while sniffing its first bytes */
	static const size_t lens[] = { 300000, 5000, 100 };

	for (size_t k = 0; k < sizeof lens / sizeof *lens; k++) {
		size_t len = lens[k], gzlen = 0, alen;
		char *text = make_text(len, 115), *gz = NULL, *arc;

		gz_member(&gz, &gzlen, text, len, 6);
		struct entry e[] = {
			{ "c.pgn.gz", gz, gzlen, AE_IFREG, NULL, 0 },
			{ "b.pgn", text, 100, AE_IFREG, NULL, 0 },
		};
		write_options = "zip:compression=store";
		write_archive_or_skip(tp("c.zip"), F_ZIP, C_NONE, e, 2);
		write_options = NULL;
		arc = read_file(tp("c.zip"), &alen);
		cr_assert_geq(spoil_crc(arc, alen, gz, gzlen), 1);
		write_file(tp("cbad.zip"), arc, alen);
		check_crc_failure(tp("cbad.zip"), "c.pgn.gz", len, text, len);

		/* skipped unread, the member's CRC failure still counts */
		struct vc_input *in = vc_input_open(tp("cbad.zip"), NULL);
		cr_assert_eq(vc_input_next_member(in, NULL), 1);
		cr_assert_eq(vc_input_next_member(in, NULL), -1);
		cr_assert_eq(vc_input_error(in)->kind, VC_INPUT_ECORRUPT);
		vc_input_close(in);
		free(arc);
		free(gz);
		free(text);
	}
}

Test(input, gzip_bomb_inside_a_zip_hits_the_ratio_limit)
{
	size_t mlen = 10u << 20, gzlen = 0, one, alen;
	char *zeros = calloc(1, mlen), *gz = NULL;
	struct vc_input *in;
	static char buf[65536];
	ptrdiff_t r;

	gz_member(&gz, &gzlen, zeros, mlen, 9);
	one = gzlen;
	gz = realloc(gz, one * 20);
	for (size_t i = 1; i < 20; i++)
		memcpy(gz + i * one, gz, one);
	struct entry e[] = { { "bomb.pgn.gz", gz, one * 20, AE_IFREG, NULL, 0 } };
	write_archive_or_skip(tp("bomb.zip"), F_ZIP, C_NONE, e, 1);
	free(read_file(tp("bomb.zip"), &alen));
	in = vc_input_open(tp("bomb.zip"), NULL);
	cr_assert_not_null(in);
	cr_assert_eq(vc_input_next_member(in, NULL), 1);
	while ((r = vc_input_read(in, buf, sizeof buf)) > 0)
		;
	cr_assert_eq(r, -1);
	cr_assert_eq(vc_input_error(in)->kind, VC_INPUT_ELIMIT, "%s",
	             vc_input_error(in)->message);
	cr_assert_leq(vc_input_bytes_out(in),
	              VC_INPUT_DEFAULT_MAX_RATIO * alen + (1u << 20));
	vc_input_close(in);
	free(gz);
	free(zeros);
}

/* A member whose compressed data decompresses to almost nothing (a small
 * gzip and megabytes of zero padding) is measured by what the outer
 * decompression makes of the archive: it is a bomb at that level. */
Test(input, padding_bomb_inside_a_tar_gz_is_guarded)
{
	size_t len = 2000, gzlen = 0, plen = 16u << 20;
	char *text = make_text(len, 116), *gz = NULL;
	struct vc_input_options o;
	struct got g;

	gz_member(&gz, &gzlen, text, len, 6);
	gz = realloc(gz, gzlen + plen);
	memset(gz + gzlen, 0, plen);
	struct entry e[] = { { "pad.pgn.gz", gz, gzlen + plen, AE_IFREG, NULL, 0 } };
	write_archive_or_skip(tp("pad.tar.gz"), F_TAR, C_GZIP, e, 1);
	vc_input_options_init(&o);
	o.max_ratio = 100;
	struct vc_input *in = vc_input_open_opts(tp("pad.tar.gz"), &o, NULL);
	cr_assert_not_null(in);
	read_all_from(in, 65536, &g);
	cr_assert_eq(g.err.kind, VC_INPUT_ELIMIT, "%s", g.err.message);
	vc_input_close(in);
	got_free(&g);
	/* without the guard: the text, then padding */
	o.max_ratio = 0;
	in = vc_input_open_opts(tp("pad.tar.gz"), &o, NULL);
	read_all_from(in, 65536, &g);
	assert_member(&g, 0, "pad.pgn.gz", text, len);
	assert_clean_end(&g);
	vc_input_close(in);
	got_free(&g);
	free(gz);
	free(text);
}

/* A 7z whose header libarchive calls malformed (found by the command
 * fuzzer, tests/fuzz/fuzz_cmd.c): reopening it to go on from the next
 * entry fails at the same header, so the input must stop after one retry
 * with the error, never reopen for ever (a hang that no signal ended). The
 * kind: a damaged zip or 7z whose failure comes before any new entry. */
Test(input, damaged_archive_header_is_not_retried_for_ever)
{
	struct vc_input_error err;
	vc_input_error_init(&err);
	struct vc_input *in = vc_input_open("tests/data/input/malformed-header.7z", &err);
	cr_assert_not_null(in, "%s", err.message);
	const char *name;
	/* the failure, then at most one reopen that fails the same way */
	cr_assert_eq(vc_input_next_member(in, &name), -1);
	cr_assert_eq(vc_input_next_member(in, &name), -1);
	cr_assert_eq(vc_input_error(in)->kind, VC_INPUT_ECORRUPT, "%s", vc_input_error(in)->message);
	/* stopped: later calls try nothing more (the error stays as it is;
	 * a new attempt would record a new one) */
	struct vc_input_error before = *vc_input_error(in);
	for (int i = 0; i < 5; i++) {
		cr_assert_eq(vc_input_next_member(in, &name), -1);
		cr_assert(memcmp(&before, vc_input_error(in), sizeof before) == 0,
		          "call %d reopened the archive again", i + 3);
	}
	vc_input_close(in);
}
