/* libFuzzer harness: the whole vchess command (make fuzz), run in this
 * process through vc_cli_main (cmd/commands.h) on a file made of the input:
 * input decoding (plain, gzip, tar, zip, nested archives, standard input),
 * the PGN reader and the EPD line reader, the game checker in every
 * variant (Undo Chess, Backwards notation), validate with its copies,
 * adjudicate (--standings, --fix-results), replay (--final-pgn), winnable
 * with a small budget, perft suites with a tiny depth, every report format,
 * -j 1 and -j 2.
 *
 * Input: three selector bytes, then the content.
 *   byte 0  bits 0-3  the command and its own options (commands[] below)
 *           bits 4-5  --format: text, json, jsonl, text
 *           bit 6     -j 2 as well: the run is done with -j 1 and with
 *                     -j 2 (small chunks, VCHESS_CHUNK_SIZE) and every
 *                     output must be the same
 *           bit 7     the report to -o FILE instead of standard output
 *   byte 1  bits 0-2  the container (containers[] below); tar and zip
 *                     members are the content split at NUL bytes
 *           bit 3     --rules lichess
 *           bit 4     --dead-positions material
 *           bit 5     --strict (validate, replay) or --shredder
 *                     (adjudicate), --quick (winnable)
 *           bit 6     --quiet
 *           bit 7     --verbose (after --quiet: it wins)
 *   byte 2  bits 0-2  --variant of the commands that do not fix it
 *                     (0, 6, 7: none; 1-5: the variants)
 *           bit 3     read the plain file as standard input ('-')
 *           bit 4     --after-end warn (validate)
 *           bit 5     --max-ratio 2: the zip-bomb guard trips early
 *           bit 6     the input file given twice
 *           bit 7     chunks of 16 bytes under -j 2 (else 200)
 *
 * Checks, besides "no crash, no sanitizer report, no leak": the exit
 * status is 0, 1 or 3 (2 would be a usage error: the harness's options are
 * all valid); every JSON report (standard output or -o) is one strict JSON
 * document (RFC 8259: UTF-8, no control characters in strings, no repeated
 * key in an object), every JSON Lines report one such object a line; with
 * -j 2, the same exit status, report, standard error and copies as -j 1
 * (vchess(1): output is the same for every -j).
 *
 * Standard output and standard error are the harness's files during a run
 * (dup2); sanitizer reports go to the original standard error
 * (__sanitizer_set_report_fd). VCHESS_FUZZ_DUPKEYS=0 in the environment
 * turns off the repeated-key check (issue 14 point 5 makes it hold). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "commands.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);
void __sanitizer_set_report_fd(void *fd);

static char dir[64];          /* the run's files */
static int saved_out = -1, saved_err = -1, saved_in = -1;
static bool check_dupkeys = true;
static bool show;             /* VCHESS_FUZZ_SHOW=1: print each run */

/* ---- a growable byte buffer ---------------------------------------------- */

struct buf {
	unsigned char *p;
	size_t n, cap;
};

static void put(struct buf *b, const void *p, size_t n)
{
	if (b->n + n > b->cap) {
		size_t cap = b->cap ? b->cap : 1024;
		while (cap < b->n + n)
			cap *= 2;
		b->p = realloc(b->p, cap);
		if (!b->p)
			abort();
		b->cap = cap;
	}
	if (n)
		memcpy(b->p + b->n, p, n);
	b->n += n;
}

static void put_le(struct buf *b, uint32_t v, int bytes)
{
	unsigned char c[4];
	for (int i = 0; i < bytes; i++)
		c[i] = (unsigned char)(v >> (8 * i));
	put(b, c, (size_t)bytes);
}

static void fail(const char *what, const char *detail)
{
	/* back to the real streams, so that the message is seen */
	fflush(stdout);
	if (saved_out >= 0)
		dup2(saved_out, STDOUT_FILENO);
	if (saved_err >= 0)
		dup2(saved_err, STDERR_FILENO);
	fprintf(stderr, "fuzz_cmd: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
	abort();
}

/* ---- containers -------------------------------------------------------- */

/* The members: the content split at NUL bytes, at most 8 (the last takes
 * the rest, NULs and all). */
struct member {
	const uint8_t *p;
	size_t n;
};

static int split_members(const uint8_t *p, size_t n, struct member *m, int max)
{
	int k = 0;
	while (k < max - 1) {
		const uint8_t *z = memchr(p, 0, n);
		if (!z)
			break;
		m[k++] = (struct member){ p, (size_t)(z - p) };
		n -= (size_t)(z - p) + 1;
		p = z + 1;
	}
	m[k++] = (struct member){ p, n };
	return k;
}

static void gzip(struct buf *out, const void *p, size_t n)
{
	z_stream z;
	memset(&z, 0, sizeof z);
	if (deflateInit2(&z, 1, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		abort();
	uLong bound = deflateBound(&z, (uLong)n) + 32;
	size_t at = out->n;
	put(out, NULL, 0);
	if (out->cap - out->n < bound) {
		size_t need = out->n + bound;
		out->p = realloc(out->p, need);
		if (!out->p)
			abort();
		out->cap = need;
	}
	z.next_in = (Bytef *)(uintptr_t)p;
	z.avail_in = (uInt)n;
	z.next_out = out->p + at;
	z.avail_out = (uInt)bound;
	if (deflate(&z, Z_FINISH) != Z_STREAM_END)
		abort();
	out->n = at + z.total_out;
	deflateEnd(&z);
}

static void tar_member(struct buf *out, const char *name, const void *p, size_t n)
{
	unsigned char h[512];
	memset(h, 0, sizeof h);
	snprintf((char *)h, 100, "%s", name);
	memcpy(h + 100, "0000644", 8);
	memcpy(h + 108, "0000000", 8);
	memcpy(h + 116, "0000000", 8);
	snprintf((char *)h + 124, 12, "%011lo", (unsigned long)n);
	memcpy(h + 136, "00000000000", 12);
	h[156] = '0';
	memcpy(h + 257, "ustar", 6);
	memcpy(h + 263, "00", 2);
	memset(h + 148, ' ', 8);
	unsigned sum = 0;
	for (int i = 0; i < 512; i++)
		sum += h[i];
	snprintf((char *)h + 148, 8, "%06o", sum);
	put(out, h, 512);
	put(out, p, n);
	static const unsigned char zero[512];
	put(out, zero, (512 - n % 512) % 512);
}

static void tar_end(struct buf *out)
{
	static const unsigned char zero[1024];
	put(out, zero, sizeof zero);
}

static void zip(struct buf *out, const struct member *m, int k)
{
	struct buf cd = { 0 };
	for (int i = 0; i < k; i++) {
		char name[16];
		int nl = snprintf(name, sizeof name, "m%d.pgn", i);
		uint32_t crc = (uint32_t)crc32(0, m[i].p, (uInt)m[i].n);
		uint32_t off = (uint32_t)out->n;
		put_le(out, 0x04034b50, 4);
		put_le(out, 10, 2);          /* version needed */
		put_le(out, 0, 2);           /* flags */
		put_le(out, 0, 2);           /* stored */
		put_le(out, 0, 2);           /* time */
		put_le(out, 0x21, 2);        /* date: 1980-01-01 */
		put_le(out, crc, 4);
		put_le(out, (uint32_t)m[i].n, 4);
		put_le(out, (uint32_t)m[i].n, 4);
		put_le(out, (uint32_t)nl, 2);
		put_le(out, 0, 2);
		put(out, name, (size_t)nl);
		put(out, m[i].p, m[i].n);
		put_le(&cd, 0x02014b50, 4);
		put_le(&cd, 20, 2);          /* made by */
		put_le(&cd, 10, 2);
		put_le(&cd, 0, 2);
		put_le(&cd, 0, 2);
		put_le(&cd, 0, 2);
		put_le(&cd, 0x21, 2);
		put_le(&cd, crc, 4);
		put_le(&cd, (uint32_t)m[i].n, 4);
		put_le(&cd, (uint32_t)m[i].n, 4);
		put_le(&cd, (uint32_t)nl, 2);
		put_le(&cd, 0, 2);           /* extra */
		put_le(&cd, 0, 2);           /* comment */
		put_le(&cd, 0, 2);           /* disk */
		put_le(&cd, 0, 2);           /* internal attributes */
		put_le(&cd, 0, 4);           /* external attributes */
		put_le(&cd, off, 4);
		put(&cd, name, (size_t)nl);
	}
	uint32_t cd_off = (uint32_t)out->n;
	put(out, cd.p, cd.n);
	put_le(out, 0x06054b50, 4);
	put_le(out, 0, 2);
	put_le(out, 0, 2);
	put_le(out, (uint32_t)k, 2);
	put_le(out, (uint32_t)k, 2);
	put_le(out, (uint32_t)cd.n, 4);
	put_le(out, cd_off, 4);
	put_le(out, 0, 2);
	free(cd.p);
}

static void tar(struct buf *out, const struct member *m, int k)
{
	for (int i = 0; i < k; i++) {
		char name[16];
		snprintf(name, sizeof name, "m%d.pgn", i);
		tar_member(out, name, m[i].p, m[i].n);
	}
	tar_end(out);
}

/* The input file's name and bytes for container c. */
static const char *container(int c, const uint8_t *p, size_t n, struct buf *out)
{
	struct member m[8];
	int k;
	struct buf t = { 0 }, z = { 0 };
	switch (c) {
	case 0: put(out, p, n); return "in.pgn";
	case 1: put(out, p, n); return "in.epd";
	case 2: put(out, p, n); return "in";
	case 3: gzip(out, p, n); return "in.pgn.gz";
	case 4:
		k = split_members(p, n, m, 8);
		tar(out, m, k);
		return "in.tar";
	case 5:
		k = split_members(p, n, m, 8);
		zip(out, m, k);
		return "in.zip";
	case 6:
		k = split_members(p, n, m, 8);
		tar(&t, m, k);
		gzip(out, t.p, t.n);
		free(t.p);
		return "in.tar.gz";
	default: /* a zip inside a .tar.gz, as people send them */
		k = split_members(p, n, m, 8);
		zip(&z, m, k);
		tar_member(&t, "inner.zip", z.p, z.n);
		tar_end(&t);
		gzip(out, t.p, t.n);
		free(t.p);
		free(z.p);
		return "outer.tar.gz";
	}
}

/* ---- strict JSON ------------------------------------------------------- */

struct json {
	const unsigned char *p, *end;
	int depth;
};

static void json_ws(struct json *j)
{
	while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' ||
	                         *j->p == '\r'))
		j->p++;
}

static int hex4(const unsigned char *p)
{
	int v = 0;
	for (int i = 0; i < 4; i++) {
		int c = p[i], d;
		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else
			return -1;
		v = v * 16 + d;
	}
	return v;
}

/* One UTF-8 sequence at j->p (RFC 3629: no overlong forms, no
 * surrogates, at most U+10FFFF). */
static bool json_utf8(struct json *j)
{
	const unsigned char *p = j->p;
	size_t left = (size_t)(j->end - p);
	unsigned c = p[0], len, cp, min;
	if (c < 0x80) {
		j->p++;
		return true;
	}
	if (c >= 0xc2 && c <= 0xdf)
		len = 2, cp = c & 0x1f, min = 0x80;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3, cp = c & 0x0f, min = 0x800;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4, cp = c & 0x07, min = 0x10000;
	else
		return false;
	if (left < len)
		return false;
	for (unsigned i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return false;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return false;
	j->p += len;
	return true;
}

static bool json_string(struct json *j)
{
	if (j->p >= j->end || *j->p != '"')
		return false;
	j->p++;
	while (j->p < j->end) {
		unsigned char c = *j->p;
		if (c == '"') {
			j->p++;
			return true;
		}
		if (c < 0x20)
			return false;
		if (c != '\\') {
			if (!json_utf8(j))
				return false;
			continue;
		}
		if (j->end - j->p < 2)
			return false;
		c = j->p[1];
		if (strchr("\"\\/bfnrt", c) && c) {
			j->p += 2;
			continue;
		}
		if (c != 'u' || j->end - j->p < 6)
			return false;
		int u = hex4(j->p + 2);
		if (u < 0)
			return false;
		j->p += 6;
		if (u >= 0xdc00 && u <= 0xdfff)
			return false; /* a low surrogate alone */
		if (u >= 0xd800 && u <= 0xdbff) {
			if (j->end - j->p < 6 || j->p[0] != '\\' || j->p[1] != 'u')
				return false;
			int lo = hex4(j->p + 2);
			if (lo < 0xdc00 || lo > 0xdfff)
				return false;
			j->p += 6;
		}
	}
	return false;
}

static bool digits(struct json *j)
{
	const unsigned char *s = j->p;
	while (j->p < j->end && *j->p >= '0' && *j->p <= '9')
		j->p++;
	return j->p > s;
}

static bool json_number(struct json *j)
{
	if (j->p < j->end && *j->p == '-')
		j->p++;
	if (j->p < j->end && *j->p == '0')
		j->p++;
	else if (!(j->p < j->end && *j->p >= '1' && *j->p <= '9') || !digits(j))
		return false;
	if (j->p < j->end && *j->p == '.') {
		j->p++;
		if (!digits(j))
			return false;
	}
	if (j->p < j->end && (*j->p == 'e' || *j->p == 'E')) {
		j->p++;
		if (j->p < j->end && (*j->p == '+' || *j->p == '-'))
			j->p++;
		if (!digits(j))
			return false;
	}
	return true;
}

static bool json_word(struct json *j, const char *w)
{
	size_t n = strlen(w);
	if ((size_t)(j->end - j->p) < n || memcmp(j->p, w, n) != 0)
		return false;
	j->p += n;
	return true;
}

struct span {
	const unsigned char *p;
	size_t n;
};

static bool json_value(struct json *j);

static bool json_object(struct json *j)
{
	struct span *keys = NULL;
	size_t nkeys = 0, cap = 0;
	bool ok = false;
	j->p++; /* { */
	json_ws(j);
	if (j->p < j->end && *j->p == '}') {
		j->p++;
		return true;
	}
	for (;;) {
		json_ws(j);
		const unsigned char *k = j->p;
		if (!json_string(j))
			break;
		struct span key = { k, (size_t)(j->p - k) };
		if (check_dupkeys) {
			/* the writer spells a key one way: raw bytes compare */
			bool dup = false;
			for (size_t i = 0; i < nkeys && !dup; i++)
				dup = keys[i].n == key.n && memcmp(keys[i].p, key.p, key.n) == 0;
			if (dup)
				break;
			if (nkeys == cap) {
				cap = cap ? 2 * cap : 16;
				keys = realloc(keys, cap * sizeof *keys);
				if (!keys)
					abort();
			}
			keys[nkeys++] = key;
		}
		json_ws(j);
		if (j->p >= j->end || *j->p != ':')
			break;
		j->p++;
		if (!json_value(j))
			break;
		json_ws(j);
		if (j->p < j->end && *j->p == ',') {
			j->p++;
			continue;
		}
		if (j->p < j->end && *j->p == '}') {
			j->p++;
			ok = true;
		}
		break;
	}
	free(keys);
	return ok;
}

static bool json_array(struct json *j)
{
	j->p++; /* [ */
	json_ws(j);
	if (j->p < j->end && *j->p == ']') {
		j->p++;
		return true;
	}
	for (;;) {
		if (!json_value(j))
			return false;
		json_ws(j);
		if (j->p < j->end && *j->p == ',') {
			j->p++;
			continue;
		}
		if (j->p < j->end && *j->p == ']') {
			j->p++;
			return true;
		}
		return false;
	}
}

static bool json_value(struct json *j)
{
	json_ws(j);
	if (j->p >= j->end || ++j->depth > 256)
		return false;
	bool ok;
	switch (*j->p) {
	case '{': ok = json_object(j); break;
	case '[': ok = json_array(j); break;
	case '"': ok = json_string(j); break;
	case 't': ok = json_word(j, "true"); break;
	case 'f': ok = json_word(j, "false"); break;
	case 'n': ok = json_word(j, "null"); break;
	default: ok = json_number(j); break;
	}
	j->depth--;
	return ok;
}

/* Where the last json_document() failed: the text from there. */
static char json_where[80];

/* The whole of [p, p+n) is one JSON value (whitespace around it). */
static bool json_document(const unsigned char *p, size_t n, bool object)
{
	struct json j = { p, p + n, 0 };
	json_ws(&j);
	bool ok = !(object && (j.p >= j.end || *j.p != '{')) && json_value(&j);
	if (ok)
		json_ws(&j);
	if (ok && j.p == j.end)
		return true;
	size_t at = (size_t)(j.p - p), k = 0;
	k = (size_t)snprintf(json_where, sizeof json_where, "byte %zu: ", at);
	for (const unsigned char *q = j.p; q < j.end && k + 5 < sizeof json_where; q++)
		k += (size_t)snprintf(json_where + k, sizeof json_where - k,
		                      *q >= 0x20 && *q < 0x7f ? "%c" : "\\x%02x", *q);
	return false;
}

/* ---- running the command ----------------------------------------------- */

static void slurp(const char *path, struct buf *b)
{
	b->n = 0;
	FILE *f = fopen(path, "rb");
	if (!f)
		return; /* not written: empty */
	char tmp[65536];
	size_t n;
	while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
		put(b, tmp, n);
	fclose(f);
}

static void spit(const char *path, const void *p, size_t n)
{
	FILE *f = fopen(path, "wb");
	if (!f || (n && fwrite(p, 1, n, f) != n) || fclose(f) != 0)
		fail("cannot write", path);
}

static void path_of(char *out, size_t size, const char *name)
{
	snprintf(out, size, "%s/%s", dir, name);
}

/* The files a run leaves; compared between -j 1 and -j 2. */
static const char *const outputs[] = {
	"stdout", "stderr", "report", "valid.pgn", "invalid.pgn", "fixed.pgn",
};
#define NOUTPUTS (sizeof outputs / sizeof outputs[0])

static int run(int argc, char **argv, const char *stdin_path)
{
	char p[128];
	for (size_t i = 0; i < NOUTPUTS; i++) {
		path_of(p, sizeof p, outputs[i]);
		unlink(p);
	}
	fflush(stdout);
	fflush(stderr);
	path_of(p, sizeof p, "stdout");
	int fo = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	path_of(p, sizeof p, "stderr");
	int fe = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int fi = open(stdin_path ? stdin_path : "/dev/null", O_RDONLY);
	if (fo < 0 || fe < 0 || fi < 0)
		fail("cannot open the run's files", strerror(errno));
	dup2(fo, STDOUT_FILENO);
	dup2(fe, STDERR_FILENO);
	dup2(fi, STDIN_FILENO);
	close(fo);
	close(fe);
	close(fi);
	int rc = vc_cli_main(argc, argv);
	fflush(stdout);
	fflush(stderr);
	clearerr(stdout);
	clearerr(stderr);
	dup2(saved_out, STDOUT_FILENO);
	dup2(saved_err, STDERR_FILENO);
	dup2(saved_in, STDIN_FILENO);
	return rc;
}

/* The commands (byte 0, bits 0-3): argv after "vchess", the input file
 * and the common options the harness adds. */
enum { VALIDATE, ADJUDICATE, REPLAY, WINNABLE, PERFT };
static const struct {
	int cmd;
	const char *args[4];
	int variant;          /* 0: from byte 2; 1-5: this one; -1: none */
} commands[16] = {
	{ VALIDATE, { NULL }, -1 },
	{ VALIDATE, { NULL }, 1 },
	{ VALIDATE, { NULL }, 2 },
	{ VALIDATE, { NULL }, 3 },
	{ VALIDATE, { NULL }, 4 },
	{ VALIDATE, { NULL }, 5 },
	{ VALIDATE, { "--valid-out", "@valid.pgn", "--invalid-out", "@invalid.pgn" }, 0 },
	{ VALIDATE, { "--max-errors", "1", NULL }, 0 },
	{ ADJUDICATE, { "--budget", "300", NULL }, 0 },
	{ ADJUDICATE, { "--budget", "300", "--standings", NULL }, 0 },
	{ ADJUDICATE, { "--budget", "300", "--fix-results", "@fixed.pgn" }, 0 },
	{ REPLAY, { NULL }, 0 },
	{ REPLAY, { "--final-pgn", NULL }, 0 },
	{ WINNABLE, { "--budget", "200", NULL }, 0 },
	{ WINNABLE, { "--budget", "50", "--winner", "both" }, 0 },
	{ PERFT, { "--max-depth", "2", "--max-nodes", "100000" }, 0 },
};
static const char *const command_names[] = {
	"validate", "adjudicate", "replay", "winnable", "perft",
};
static const char *const variants[] = {
	NULL, "standard", "chess960", "antichess", "undo", "backwards",
};

/* Strings the argument list points into: one run's. */
static char arg_store[16][160];

static const char *at_path(int slot, const char *name)
{
	path_of(arg_store[slot], sizeof arg_store[slot], name);
	return arg_store[slot];
}

static void remove_dir(void)
{
	char p[128];
	static const char *const names[] = {
		"stdout", "stderr", "report", "valid.pgn", "invalid.pgn", "fixed.pgn",
		"in.pgn", "in.epd", "in", "in.pgn.gz", "in.tar", "in.zip", "in.tar.gz",
		"outer.tar.gz",
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		path_of(p, sizeof p, names[i]);
		unlink(p);
	}
	rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
	snprintf(dir, sizeof dir, "%s/fuzz_cmd.XXXXXX", base);
	if (!mkdtemp(dir)) {
		perror("fuzz_cmd: mkdtemp");
		exit(1);
	}
	saved_out = dup(STDOUT_FILENO);
	saved_err = dup(STDERR_FILENO);
	saved_in = dup(STDIN_FILENO);
	if (saved_out < 0 || saved_err < 0 || saved_in < 0) {
		perror("fuzz_cmd: dup");
		exit(1);
	}
	__sanitizer_set_report_fd((void *)(intptr_t)saved_err);
	signal(SIGPIPE, SIG_IGN); /* as main() does */
	const char *d = getenv("VCHESS_FUZZ_DUPKEYS");
	check_dupkeys = !(d && strcmp(d, "0") == 0);
	d = getenv("VCHESS_FUZZ_SHOW");
	show = d && strcmp(d, "1") == 0;
	atexit(remove_dir);
	return 0;
}

static void check_json(const char *what, const struct buf *b, int format)
{
	if (format == 1) {
		if (!json_document(b->p, b->n, true)) {
			fprintf(stderr, "fuzz_cmd: at %s\n", json_where);
			fail("not one JSON document", what);
		}
		return;
	}
	/* JSON Lines: every line one object, the last one ended */
	size_t i = 0;
	while (i < b->n) {
		const unsigned char *nl = memchr(b->p + i, '\n', b->n - i);
		if (!nl)
			fail("JSON Lines report not ended by a line end", what);
		size_t len = (size_t)(nl - (b->p + i));
		if (!json_document(b->p + i, len, true)) {
			fprintf(stderr, "fuzz_cmd: at %s\n", json_where);
			fail("a JSON Lines line is not a JSON object", what);
		}
		i += len + 1;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 3 || size > 200000)
		return 0;
	const uint8_t b0 = data[0], b1 = data[1], b2 = data[2];
	data += 3;
	size -= 3;
	int ci = b0 & 15;
	int cmd = commands[ci].cmd;
	int format = (b0 >> 4) & 3;
	if (format == 3 || cmd == PERFT || ci == 12)
		format = 0; /* perft and replay --final-pgn write text only */
	bool both_j = (b0 >> 6) & 1;
	bool to_file = ((b0 >> 7) & 1) && cmd != PERFT; /* perft: no -o */
	int cont = b1 & 7;
	bool use_stdin = ((b2 >> 3) & 1) && cont <= 2;

	struct buf content = { 0 };
	char inpath[128];
	path_of(inpath, sizeof inpath, container(cont, data, size, &content));
	spit(inpath, content.p, content.n);
	free(content.p);

	/* the argument list */
	const char *args[48];
	int n = 0, slot = 0;
	args[n++] = "vchess";
	args[n++] = command_names[cmd];
	for (int i = 0; i < 4 && commands[ci].args[i]; i++) {
		const char *a = commands[ci].args[i];
		args[n++] = a[0] == '@' ? at_path(slot++, a + 1) : a;
	}
	int v = commands[ci].variant;
	if (v == 0)
		v = b2 & 7;
	if (v > 0 && v <= 5) {
		args[n++] = "--variant";
		args[n++] = variants[v];
	}
	if (format) {
		args[n++] = "--format";
		args[n++] = format == 1 ? "json" : "jsonl";
	}
	if (to_file) {
		args[n++] = "-o";
		args[n++] = at_path(slot++, "report");
	}
	if (cmd != WINNABLE)
		args[n++] = "--no-progress";
	if (cmd == VALIDATE || cmd == ADJUDICATE || cmd == REPLAY) {
		if ((b1 >> 3) & 1) {
			args[n++] = "--rules";
			args[n++] = "lichess";
		}
		if ((b1 >> 4) & 1) {
			args[n++] = "--dead-positions";
			args[n++] = "material";
		}
	}
	if ((b1 >> 5) & 1)
		args[n++] = cmd == ADJUDICATE ? "--shredder" : cmd == WINNABLE ? "--quick"
		          : cmd == PERFT ? "--verbose" : "--strict";
	if ((b1 >> 6) & 1)
		args[n++] = "--quiet";
	if (((b1 >> 7) & 1) && cmd != WINNABLE)
		args[n++] = "--verbose";
	if (((b2 >> 4) & 1) && cmd == VALIDATE) {
		args[n++] = "--after-end";
		args[n++] = "warn";
	}
	if ((b2 >> 5) & 1) {
		args[n++] = "--max-ratio";
		args[n++] = "2";
	}
	int jpos = -1;
	if (both_j) {
		args[n++] = "-j";
		jpos = n;
		args[n++] = "1";
	}
	if (cmd == PERFT)
		args[n++] = "--suite";
	args[n++] = use_stdin ? "-" : inpath;
	if (((b2 >> 6) & 1) && cmd != PERFT)
		args[n++] = inpath;
	args[n] = NULL;

	/* getopt permutes argv: each run gets a fresh copy */
	char *argv[48];
	memcpy(argv, args, sizeof(char *) * (size_t)(n + 1));
	int rc = run(n, argv, use_stdin ? inpath : NULL);
	if (show) {
		for (int i = 0; i < n; i++)
			fprintf(stderr, "%s%s", i ? " " : "", args[i]);
		fprintf(stderr, "%s\n=> exit %d\n", use_stdin ? " < input" : "", rc);
		char sp[128];
		for (int i = 0; i < 3; i++) {
			struct buf b = { 0 };
			path_of(sp, sizeof sp, outputs[i]);
			slurp(sp, &b);
			fprintf(stderr, "--- %s (%zu bytes)\n%.*s\n", outputs[i], b.n,
			        (int)(b.n > 2000 ? 2000 : b.n), (const char *)b.p);
			free(b.p);
		}
	}
	if (rc != 0 && rc != 1 && rc != 3) {
		char msg[32];
		snprintf(msg, sizeof msg, "%d", rc);
		fail("exit status not 0, 1 or 3", msg);
	}

	struct buf got[NOUTPUTS];
	memset(got, 0, sizeof got);
	char p[128];
	for (size_t i = 0; i < NOUTPUTS; i++) {
		path_of(p, sizeof p, outputs[i]);
		slurp(p, &got[i]);
	}
	if (format) {
		check_json(to_file ? "-o" : "standard output", &got[to_file ? 2 : 0], format);
		if (to_file && got[0].n)
			fail("a report to -o left output on standard output", NULL);
	}

	if (both_j) {
		setenv("VCHESS_CHUNK_SIZE", (b2 >> 7) & 1 ? "16" : "200", 1);
		args[jpos] = "2";
		memcpy(argv, args, sizeof(char *) * (size_t)(n + 1));
		int rc2 = run(n, argv, use_stdin ? inpath : NULL);
		unsetenv("VCHESS_CHUNK_SIZE");
		if (rc2 != rc)
			fail("-j 2 gave another exit status than -j 1", NULL);
		struct buf b = { 0 };
		for (size_t i = 0; i < NOUTPUTS; i++) {
			if (cmd == PERFT && i == 1)
				continue; /* the time and speed */
			path_of(p, sizeof p, outputs[i]);
			slurp(p, &b);
			if (b.n != got[i].n || (b.n && memcmp(b.p, got[i].p, b.n) != 0))
				fail("-j 2 wrote another output than -j 1", outputs[i]);
		}
		free(b.p);
	}
	for (size_t i = 0; i < NOUTPUTS; i++)
		free(got[i].p);
	unlink(inpath);
	return 0;
}
