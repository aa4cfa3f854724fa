/* vchess - perft reports for machines (perftreport.h). */
#include "perftreport.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- JSON ---------------------------------------------------------------- */

/* Seconds to the microsecond, nodes per second to the node. */
static void json_timing(struct vc_json *w, uint64_t nodes, double seconds)
{
	vc_json_key(w, "time");
	vc_json_double(w, round(seconds * 1e6) / 1e6);
	vc_json_kv_uint(w, "nps", seconds > 0 ? (uint64_t)((double)nodes / seconds) : 0);
}

static void json_where(struct vc_perftreport *r,
                       const struct vc_perftreport_position *p)
{
	struct vc_json *w = &r->json;
	if (p->file)
		vc_json_kv_string(w, "file", p->file);
	if (p->member)
		vc_json_kv_string(w, "member", p->member);
	if (p->line > 0)
		vc_json_kv_int(w, "line", p->line);
	if (p->column > 0)
		vc_json_kv_int(w, "column", p->column);
	if (p->id)
		vc_json_kv_string(w, "id", p->id);
	if (p->variant)
		vc_json_kv_string(w, "variant", p->variant);
	if (p->fen)
		vc_json_kv_string(w, "fen", p->fen);
}

static void json_position(struct vc_perftreport *r,
                          const struct vc_perftreport_position *p)
{
	struct vc_json *w = &r->json;
	if (p->error) {
		vc_json_begin_object(w);
		json_where(r, p);
		vc_json_kv_string(w, "error", p->error);
		vc_json_kv_bool(w, "ok", false);
		vc_json_end_object(w);
		return;
	}
	for (int i = 0; i < p->ncounts; i++) {
		const struct vc_perftreport_count *c = &p->counts[i];
		if (!c->checked)
			continue;
		vc_json_begin_object(w);
		json_where(r, p);
		vc_json_kv_int(w, "depth", c->depth);
		if (c->expected < 0)
			vc_json_kv_null(w, "expected");
		else
			vc_json_kv_int(w, "expected", c->expected);
		vc_json_kv_uint(w, "nodes", c->nodes);
		vc_json_kv_bool(w, "ok", c->expected < 0 ||
		                         (uint64_t)c->expected == c->nodes);
		if (r->flags & VC_PERFTREPORT_TIMING)
			json_timing(w, c->nodes, c->seconds);
		if (i == 0 && p->nmoves > 0) {
			vc_json_key(w, "divide");
			vc_json_begin_array(w);
			for (int m = 0; m < p->nmoves; m++) {
				vc_json_begin_object(w);
				vc_json_kv_string(w, "move", p->moves[m].move);
				vc_json_kv_uint(w, "nodes", p->moves[m].nodes);
				vc_json_end_object(w);
			}
			vc_json_end_array(w);
		}
		vc_json_end_object(w);
	}
}

static void json_summary(struct vc_perftreport *r,
                         const struct vc_perftreport_summary *s)
{
	struct vc_json *w = &r->json;
	vc_json_begin_object(w);
	if (r->file)
		vc_json_kv_string(w, "file", r->file);
	vc_json_kv_int(w, "positions", s->positions);
	vc_json_kv_int(w, "checked", s->checked);
	vc_json_kv_int(w, "skipped", s->skipped);
	vc_json_kv_int(w, "mismatches", s->mismatches);
	vc_json_kv_int(w, "errors", s->errors);
	vc_json_kv_uint(w, "nodes", s->nodes);
	vc_json_kv_bool(w, "complete", s->stopped == NULL);
	if (s->stopped)
		vc_json_kv_string(w, "stopped", s->stopped);
	if (r->flags & VC_PERFTREPORT_TIMING)
		json_timing(w, s->nodes, s->seconds);
	vc_json_end_object(w);
}

/* ---- XML ----------------------------------------------------------------- */

static void put(struct vc_perftreport *r, const char *s, size_t n)
{
	if (r->failed)
		return;
	if (r->cap - r->len < n + 1) {
		size_t cap = r->cap ? r->cap : 4096;
		while (cap - r->len < n + 1)
			cap *= 2;
		char *x = realloc(r->xml, cap);
		if (!x) {
			r->failed = true;
			return;
		}
		r->xml = x;
		r->cap = cap;
	}
	memcpy(r->xml + r->len, s, n);
	r->len += n;
	r->xml[r->len] = '\0';
}

static void puts_(struct vc_perftreport *r, const char *s)
{
	put(r, s, strlen(s));
}

/* Length of the well-formed UTF-8 sequence at s (RFC 3629), 0 if none. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	unsigned c = s[0];
	size_t len;
	unsigned min;
	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF)
		len = 2, min = 0x80;
	else if (c >= 0xE0 && c <= 0xEF)
		len = 3, min = 0x800;
	else if (c >= 0xF0 && c <= 0xF4)
		len = 4, min = 0x10000;
	else
		return 0;
	if (n < len)
		return 0;
	unsigned cp = c & (0x7F >> len);
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3F);
	}
	if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	return len;
}

/* Text escaped for XML (attribute values and character data alike). */
static void put_text(struct vc_perftreport *r, const char *text)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t n = strlen(text);
	for (size_t i = 0; i < n;) {
		unsigned c = s[i];
		size_t l = utf8_len(s + i, n - i);
		if (l > 1) {
			put(r, (const char *)s + i, l);
			i += l;
			continue;
		}
		i++;
		if (l == 0) { /* Latin-1 */
			char b[2] = { (char)(0xC0 | (c >> 6)), (char)(0x80 | (c & 0x3F)) };
			put(r, b, 2);
		} else if (c == '&')
			puts_(r, "&amp;");
		else if (c == '<')
			puts_(r, "&lt;");
		else if (c == '>')
			puts_(r, "&gt;");
		else if (c == '"')
			puts_(r, "&quot;");
		else if (c == '\n')
			puts_(r, "&#10;");
		else if (c == '\t')
			puts_(r, "&#9;");
		else if (c < 0x20 || c == 0x7F)
			puts_(r, "\xEF\xBF\xBD"); /* U+FFFD */
		else
			put(r, (const char *)s + i - 1, 1);
	}
}

static void put_fmt_time(struct vc_perftreport *r, double seconds)
{
	char b[48];
	snprintf(b, sizeof b, " time=\"%.6f\"", seconds);
	puts_(r, b);
}

static void junit_position(struct vc_perftreport *r,
                           const struct vc_perftreport_position *p)
{
	char b[160];
	double secs = 0;
	int nchecked = 0, nbad = 0;
	for (int i = 0; i < p->ncounts; i++) {
		if (!p->counts[i].checked)
			continue;
		nchecked++;
		secs += p->counts[i].seconds;
		if (p->counts[i].expected >= 0 &&
		    (uint64_t)p->counts[i].expected != p->counts[i].nodes)
			nbad++;
	}
	r->tests++;
	puts_(r, "    <testcase classname=\"");
	if (p->file) {
		put_text(r, p->file);
		if (p->member) {
			puts_(r, ":");
			put_text(r, p->member);
		}
	} else {
		puts_(r, "perft");
	}
	puts_(r, "\" name=\"");
	if (p->line > 0) {
		snprintf(b, sizeof b, "line %ld", p->line);
		puts_(r, b);
		if (p->column > 0) {
			snprintf(b, sizeof b, " column %d", p->column);
			puts_(r, b);
		}
		if (p->id || p->fen)
			puts_(r, ": ");
	}
	if (p->id)
		put_text(r, p->id);
	else if (p->fen)
		put_text(r, p->fen);
	puts_(r, "\"");
	if ((r->flags & VC_PERFTREPORT_TIMING) && !p->error)
		put_fmt_time(r, secs);
	if (p->error) {
		r->errors++;
		puts_(r, ">\n      <error type=\"unusable\" message=\"");
		put_text(r, p->error);
		puts_(r, "\"/>\n    </testcase>\n");
		return;
	}
	if (nchecked == 0) {
		r->skipped++;
		puts_(r, ">\n      <skipped message=\"every count left out by "
		         "a limit\"/>\n    </testcase>\n");
		return;
	}
	if (nbad == 0) {
		puts_(r, "/>\n");
		return;
	}
	r->failures++;
	puts_(r, ">\n      <failure type=\"mismatch\" message=\"");
	for (int i = 0, k = 0; i < p->ncounts; i++) {
		const struct vc_perftreport_count *c = &p->counts[i];
		if (!c->checked || c->expected < 0 || (uint64_t)c->expected == c->nodes)
			continue;
		snprintf(b, sizeof b, "%sdepth %d: expected %" PRId64 ", got %" PRIu64,
		         k++ ? "; " : "", c->depth, c->expected, c->nodes);
		puts_(r, b);
	}
	puts_(r, "\">");
	if (p->fen)
		put_text(r, p->fen);
	puts_(r, "</failure>\n    </testcase>\n");
}

static void junit_end(struct vc_perftreport *r,
                      const struct vc_perftreport_summary *s)
{
	const char *name = r->file ? r->file : "perft";
	char b[256];
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", r->fp);
	/* the test cases are held in r->xml: the counts go first */
	char *body = r->xml;
	size_t blen = r->len;
	r->xml = NULL;
	r->len = r->cap = 0;
	/* an input that could not be read to its end: a test case of its
	 * own with an error, so that a reader of the JUnit alone fails the
	 * run, as the exit status (3) does */
	const bool input_error = s->stopped && strcmp(s->stopped, "input-error") == 0;
	snprintf(b, sizeof b, " tests=\"%ld\" failures=\"%ld\" errors=\"%ld\" "
	         "skipped=\"%ld\"", r->tests + input_error, r->failures,
	         r->errors + input_error, r->skipped);
	puts_(r, "<testsuites name=\"vchess perft\"");
	puts_(r, b);
	if (r->flags & VC_PERFTREPORT_TIMING)
		put_fmt_time(r, s->seconds);
	puts_(r, ">\n  <testsuite name=\"");
	put_text(r, name);
	puts_(r, "\"");
	puts_(r, b);
	if (r->flags & VC_PERFTREPORT_TIMING)
		put_fmt_time(r, s->seconds);
	puts_(r, ">\n");
	if (s->stopped) {
		puts_(r, "    <properties>\n      <property name=\"stopped\" value=\"");
		put_text(r, s->stopped);
		puts_(r, "\"/>\n    </properties>\n");
	}
	if (!r->failed) {
		fwrite(r->xml, 1, r->len, r->fp);
		if (blen)
			fwrite(body, 1, blen, r->fp);
		if (input_error)
			fputs("    <testcase classname=\"perft\" name=\"input\">\n"
			      "      <error type=\"input-error\" message=\"the suite could not be "
			      "read to its end\"/>\n    </testcase>\n", r->fp);
		fputs("  </testsuite>\n</testsuites>\n", r->fp);
	}
	free(body);
}

/* ---- The writer ---------------------------------------------------------- */

int vc_perftreport_begin(struct vc_perftreport *r, FILE *fp,
                         enum vc_perftreport_format format, unsigned flags,
                         const char *file)
{
	memset(r, 0, sizeof *r);
	r->fp = fp;
	r->format = format;
	r->flags = flags;
	r->file = file;
	if (format == VC_PERFTREPORT_JUNIT)
		return 0;
	vc_json_init_file(&r->json, fp, format == VC_PERFTREPORT_JSON ?
	                                VC_JSON_PRETTY : 0);
	if (format == VC_PERFTREPORT_JSON) {
		vc_json_begin_object(&r->json);
		vc_json_key(&r->json, "results");
		vc_json_begin_array(&r->json);
	}
	return vc_json_error(&r->json) ? -1 : 0;
}

int vc_perftreport_position(struct vc_perftreport *r,
                            const struct vc_perftreport_position *p)
{
	if (r->format == VC_PERFTREPORT_JUNIT) {
		junit_position(r, p);
		return r->failed ? -1 : 0;
	}
	json_position(r, p);
	return vc_json_error(&r->json) ? -1 : 0;
}

int vc_perftreport_end(struct vc_perftreport *r,
                       const struct vc_perftreport_summary *s)
{
	if (r->format == VC_PERFTREPORT_JUNIT) {
		junit_end(r, s);
		bool failed = r->failed;
		free(r->xml);
		r->xml = NULL;
		r->len = r->cap = 0;
		return failed ? -1 : 0;
	}
	struct vc_json *w = &r->json;
	if (r->format == VC_PERFTREPORT_JSON) {
		vc_json_end_array(w);
		vc_json_key(w, "summary");
		json_summary(r, s);
		vc_json_end_object(w);
	} else {
		vc_json_begin_object(w);
		vc_json_key(w, "summary");
		json_summary(r, s);
		vc_json_end_object(w);
	}
	int rc = vc_json_error(w) ? -1 : 0;
	vc_json_release(w);
	return rc;
}
