/* vchess - the CI report formats: GitHub Actions workflow commands, SARIF
 * 2.1.0, JUnit XML. See report_ci_internal.h and vchess-validate(1)
 * REPORTS.
 *
 * Every string that comes from an input (file and member names, tags,
 * messages, moves) is first made printable by the text rule of textesc.h
 * (no control character is left, UTF-8 is well formed), then escaped for
 * the format: XML's five characters; GitHub's %, CR, LF, and in a
 * command's properties also ':' and ','. SARIF strings go through the
 * JSON writer, which escapes on its own.
 *
 * Under -j the games are rendered by worker reports into buffers that the
 * main report writes in order (struct vc_report `fragment`,
 * vc_report_join): a game's bytes depend on the game, the options and
 * the context documented in report.h only.
 */
#include <stdlib.h>
#include <string.h>

#include "report_ci_internal.h"
#include "textesc.h"

#ifndef VC_VERSION
#define VC_VERSION "0"
#endif

/* ---- escaping ----------------------------------------------------------- */

enum esc { ESC_XML, ESC_GH_DATA, ESC_GH_PROP };

/* s (NULL: nothing) made printable (textesc.h), then escaped for `mode`. */
static void put_esc(FILE *f, const char *s, enum esc mode)
{
	if (!s)
		return;
	char small[512];
	char *dup = NULL;
	const char *t = s;
	if (vc_text_needs_escape(s)) {
		dup = vc_text_escape_dup(s);
		/* out of memory: the text cut short rather than unescaped */
		t = dup ? dup : vc_text_escape(small, sizeof small, s);
	}
	for (const unsigned char *p = (const unsigned char *)t; *p; p++) {
		unsigned char c = *p;
		if (mode == ESC_XML) {
			switch (c) {
			case '&': fputs("&amp;", f); continue;
			case '<': fputs("&lt;", f); continue;
			case '>': fputs("&gt;", f); continue;
			case '"': fputs("&quot;", f); continue;
			case '\'': fputs("&apos;", f); continue;
			}
			/* U+FFFE and U+FFFF are no XML characters: U+FFFD */
			if (c == 0xef && p[1] == 0xbf && (p[2] == 0xbe || p[2] == 0xbf)) {
				fputs("\xef\xbf\xbd", f);
				p += 2;
				continue;
			}
		} else {
			if (c == '%' || c == '\r' || c == '\n' ||
			    (mode == ESC_GH_PROP && (c == ':' || c == ','))) {
				fprintf(f, "%%%02X", c);
				continue;
			}
		}
		putc(c, f);
	}
	free(dup);
}

/* "source" or "source:member" (escaped for mode). */
static void put_input(FILE *f, const char *source, const char *member, enum esc mode)
{
	put_esc(f, source, mode);
	if (member) {
		putc(':', f);
		put_esc(f, member, mode);
	}
}

/* The plural ending for a count of n: the CI formats' nouns are regular
 * (game, finding, error, warning, input, position), as the text summary's */
static const char *s_for(uint64_t n)
{
	return n == 1 ? "" : "s";
}

/* A finding's text as the text report writes it after "game N": ply,
 * move, variation, message and code (escaped for mode). */
static void put_finding_text(FILE *f, const struct vc_finding *fd, enum esc mode)
{
	if (fd->ply > 0)
		fprintf(f, ", ply %d", fd->ply);
	if (fd->move[0]) {
		fputs(" (", f);
		put_esc(f, fd->move, mode);
		putc(')', f);
	}
	if (fd->variation)
		fputs(" in a variation", f);
	fputs(": ", f);
	put_esc(f, fd->message, mode);
	fprintf(f, " [%s]", vc_code_word(fd->code));
}

static const char *tag_of(const struct vc_gc_game *g, const char *name)
{
	for (int i = g->ntags - 1; i >= 0; i--)
		if (strcmp(g->tags[i].name, name) == 0)
			return g->tags[i].value;
	return NULL;
}

/* ---- github -------------------------------------------------------------- */

/* "::KIND file=F[,line=L[,col=C]],title=T::" (the title escaped); the
 * location only for a file's own lines: a member's lines are the
 * member's, not the archive's, so its location goes in the message. */
static void gh_head(FILE *f, const struct vc_report_marks *m, const char *kind,
                    const char *source, const char *member, uint64_t line, uint64_t col,
                    const char *title)
{
	char lb[32]; /* the line: relocatable in a report part (report.h) */
	vc_report_number(lb, m, VC_RELOC_LINE, line);
	fprintf(f, "::%s file=", kind);
	put_esc(f, source, ESC_GH_PROP);
	if (!member && line > 0) {
		fprintf(f, ",line=%s", lb);
		if (col > 0)
			fprintf(f, ",col=%llu", (unsigned long long)col);
	}
	if (title) {
		fputs(",title=", f);
		put_esc(f, title, ESC_GH_PROP);
	}
	fputs("::", f);
	if (member) {
		put_esc(f, member, ESC_GH_DATA);
		if (line > 0)
			fprintf(f, ":%s:%llu", lb, (unsigned long long)col);
		fputs(": ", f);
	}
}

static void gh_game(struct vc_report *r, const struct vc_gc_game *g, void *ctx)
{
	FILE *f = r->out;
	/* a skipped game's reason (report.h vc_report_skip_reason) is no
	 * error: a notice */
	enum vc_code skip = vc_report_skip_reason(g, r->strict);
	for (int i = 0; i < g->nfindings; i++) {
		const struct vc_finding *fd = &g->findings[i];
		bool as_error = fd->error || r->strict;
		const char *kind = skip != VC_F_OK && fd->code == skip ? "notice"
		                   : as_error ? "error" : "warning";
		gh_head(f, r->marks, kind, g->source, g->member, fd->line,
		        fd->column, vc_code_word(fd->code));
		fputs("game ", f);
		vc_report_put_index(r->marks, f, g->index);
		put_finding_text(f, fd, ESC_GH_DATA);
		putc('\n', f);
	}
	int more = g->nerrors + g->nwarnings - g->nfindings;
	if (more > 0) {
		gh_head(f, r->marks, "notice", g->source, g->member, g->line, 1, NULL);
		fputs("game ", f);
		vc_report_put_index(r->marks, f, g->index);
		fprintf(f, ": %d more finding%s not shown\n", more, s_for((uint64_t)more));
	}
	if (ctx && r->game_point)
		r->game_point(ctx); /* a warning the command adds */
}

static void gh_summary(struct vc_report *r)
{
	FILE *f = r->out;
	fputs("::notice title=vchess ", f);
	put_esc(f, r->command, ESC_GH_PROP);
	fprintf(f, "::%llu game%s, %llu valid, %llu invalid, %llu error%s, %llu warning%s",
	        (unsigned long long)r->games, s_for(r->games), (unsigned long long)r->valid,
	        (unsigned long long)r->invalid, (unsigned long long)r->errors, s_for(r->errors),
	        (unsigned long long)r->warnings, s_for(r->warnings));
	if (r->skipped) /* games in a variant vchess does not implement */
		fprintf(f, ", %llu skipped", (unsigned long long)r->skipped);
	if (r->input_errors)
		fprintf(f, ", %llu unreadable input%s", (unsigned long long)r->input_errors,
		        s_for(r->input_errors));
	for (int i = 0; i < r->ncodes; i++)
		fprintf(f, "%s%s %llu", i ? ", " : "; ", vc_code_word(r->code_order[i]),
		        (unsigned long long)r->code_count[r->code_order[i]]);
	putc('\n', f);
	const char *stop = vc_report_stop_word(r->stop);
	if (stop) {
		fputs("::warning title=vchess ", f);
		put_esc(f, r->command, ESC_GH_PROP);
		fprintf(f, "::incomplete: stopped by %s\n",
		        r->stop == VC_REPORT_MAX_ERRORS ? "--max-errors" : "a signal");
	}
}

/* ---- SARIF --------------------------------------------------------------- */

/* A path as a URI reference (RFC 3986): bytes outside the unreserved
 * characters and '/' percent-encoded (':' too, so that no path reads as
 * a scheme). Into a new string; NULL when memory runs out. */
static char *uri_of(const char *path)
{
	size_t n = strlen(path);
	char *u = malloc(3 * n + 1), *o = u;
	if (!u)
		return NULL;
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		unsigned char c = *p;
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		    c == '-' || c == '.' || c == '_' || c == '~' || c == '/')
			*o++ = (char)c;
		else
			o += sprintf(o, "%%%02X", c);
	}
	*o = 0;
	return u;
}

/* "locations": one, the source file (a region when the line is the
 * file's), the member as a logical location. */
static void sarif_locations(struct vc_json *j, const struct vc_report_marks *m,
                            const char *source, const char *member, uint64_t line,
                            uint64_t col)
{
	vc_json_key(j, "locations");
	vc_json_begin_array(j);
	vc_json_begin_object(j);
	vc_json_key(j, "physicalLocation");
	vc_json_begin_object(j);
	vc_json_key(j, "artifactLocation");
	vc_json_begin_object(j);
	char *uri = uri_of(source);
	vc_json_kv_string(j, "uri", uri ? uri : "-");
	free(uri);
	vc_json_end_object(j);
	if (!member && line > 0) {
		vc_json_key(j, "region");
		vc_json_begin_object(j);
		vc_report_kv_number(j, "startLine", m, VC_RELOC_LINE, line);
		if (col > 0)
			vc_json_kv_uint(j, "startColumn", col);
		vc_json_end_object(j);
	}
	vc_json_end_object(j);
	if (member) {
		vc_json_key(j, "logicalLocations");
		vc_json_begin_array(j);
		vc_json_begin_object(j);
		vc_json_kv_string(j, "name", member);
		vc_json_kv_string(j, "kind", "resource");
		vc_json_end_object(j);
		vc_json_end_array(j);
	}
	vc_json_end_object(j);
	vc_json_end_array(j);
}

/* Before a result: a comma after another one (always in a fragment).
 * Each result is one line (the JSON writer ends a document with a line
 * end), so the comma starts the next line. */
static void sarif_sep(struct vc_report *r)
{
	if (r->ci_items > 0 || r->fragment)
		putc(',', r->out);
	r->ci_items++;
}

/* The rules are every code in enum order (VC_F_OK is none): code c is
 * rule c - 1. */
static void sarif_rule_ref(struct vc_json *j, enum vc_code code, bool error)
{
	vc_json_kv_string(j, "ruleId", vc_code_word(code));
	vc_json_kv_int(j, "ruleIndex", (int64_t)code - 1);
	vc_json_kv_string(j, "level", error ? "error" : "warning");
}

static void sarif_init(struct vc_report *r)
{
	FILE *f = r->out;
	fputs("{\n\"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
	      "\"version\": \"2.1.0\",\n\"runs\": [{\n"
	      "\"tool\": {\"driver\": {\"name\": \"vchess\", \"version\": \"" VC_VERSION "\",\n"
	      "\"rules\": [", f);
	struct vc_json j;
	for (int c = 1; c < VC_F_COUNT; c++) {
		fputs(c > 1 ? "," : "\n", f);
		vc_json_init_file(&j, f, 0);
		vc_json_begin_object(&j);
		vc_json_kv_string(&j, "id", vc_code_word((enum vc_code)c));
		vc_json_key(&j, "shortDescription");
		vc_json_begin_object(&j);
		vc_json_kv_string(&j, "text", vc_strerror((enum vc_code)c));
		vc_json_end_object(&j);
		vc_json_key(&j, "defaultConfiguration");
		vc_json_begin_object(&j);
		vc_json_kv_string(&j, "level",
		                  vc_code_is_error((enum vc_code)c) ? "error" : "warning");
		vc_json_end_object(&j);
		vc_json_end_object(&j);
		vc_json_release(&j);
	}
	fputs("]}},\n\"results\": [\n", f);
}

static void sarif_game(struct vc_report *r, const struct vc_gc_game *g,
                       vc_report_extra_json extra, void *ctx)
{
	enum vc_code skip = vc_report_skip_reason(g, r->strict);
	for (int i = 0; i < g->nfindings; i++) {
		const struct vc_finding *fd = &g->findings[i];
		sarif_sep(r);
		struct vc_json j;
		vc_json_init_file(&j, r->out, 0);
		vc_json_begin_object(&j);
		if (skip != VC_F_OK && fd->code == skip) {
			/* a skipped game's reason is no error (report.h) */
			vc_json_kv_string(&j, "ruleId", vc_code_word(fd->code));
			vc_json_kv_int(&j, "ruleIndex", (int64_t)fd->code - 1);
			vc_json_kv_string(&j, "level", "note");
		} else {
			sarif_rule_ref(&j, fd->code, fd->error || r->strict);
		}
		vc_json_key(&j, "message");
		vc_json_begin_object(&j);
		vc_json_kv_string(&j, "text", fd->message);
		vc_json_end_object(&j);
		sarif_locations(&j, r->marks, g->source, g->member, fd->line, fd->column);
		vc_json_key(&j, "properties");
		vc_json_begin_object(&j);
		if (r->marks && r->marks->placeholders) {
			vc_report_kv_number(&j, "game", r->marks, VC_RELOC_INDEX, g->index);
		} else {
			vc_json_kv_uint(&j, "game", g->index);
			vc_report_mark_index(r->marks, r->out, g->index);
		}
		vc_report_kv_number(&j, "line", r->marks, VC_RELOC_LINE, fd->line);
		vc_json_kv_uint(&j, "column", fd->column);
		if (fd->ply > 0)
			vc_json_kv_int(&j, "ply", fd->ply);
		if (fd->move[0])
			vc_json_kv_string(&j, "move", fd->move);
		if (fd->variation)
			vc_json_kv_bool(&j, "variation", true);
		if (fd->reason)
			vc_json_kv_string(&j, "reason", fd->reason);
		if (extra)
			extra(ctx, &j);
		vc_json_end_object(&j);
		vc_json_end_object(&j);
		vc_json_release(&j);
	}
	if (ctx && r->game_point)
		r->game_point(ctx); /* a result the command adds */
}

static void sarif_input_error(struct vc_report *r, const char *source, const char *member,
                              enum vc_code code, const char *message)
{
	sarif_sep(r);
	struct vc_json j;
	vc_json_init_file(&j, r->out, 0);
	vc_json_begin_object(&j);
	sarif_rule_ref(&j, code, true);
	vc_json_key(&j, "message");
	vc_json_begin_object(&j);
	vc_json_kv_string(&j, "text", message);
	vc_json_end_object(&j);
	sarif_locations(&j, NULL, source, member, 0, 0);
	vc_json_end_object(&j);
	vc_json_release(&j);
}

static void sarif_summary(struct vc_report *r, vc_report_extra_json extra, void *ctx)
{
	FILE *f = r->out;
	fprintf(f, "],\n\"invocations\": [{\"executionSuccessful\": %s}],\n"
	        "\"properties\": {\"summary\": ",
	        r->stop == VC_REPORT_COMPLETE && r->input_errors == 0 ? "true" : "false");
	struct vc_json j;
	vc_json_init_file(&j, f, 0);
	vc_report_ci_json_summary(r, &j, extra, ctx);
	vc_json_release(&j);
	fputs("}\n}]\n}\n", f);
}

/* ---- JUnit --------------------------------------------------------------- */

/* The testsuite of `source` open in r's stream (a copy in r->ci_suite),
 * after the end of another one. */
static void junit_suite(struct vc_report *r, const char *source)
{
	if (r->ci_suite && strcmp(r->ci_suite, source) == 0)
		return;
	FILE *f = r->out;
	if (r->ci_suite)
		fputs("  </testsuite>\n", f);
	free(r->ci_suite);
	r->ci_suite = strdup(source);
	if (!r->ci_suite && r->on_note)
		r->on_note(r->command, VC_F_OUT_OF_MEMORY, "out of memory");
	fputs("  <testsuite name=\"", f);
	put_esc(f, source, ESC_XML);
	fputs("\">\n", f);
}

/* A JSON document written into j's buffer, XML-escaped, without the line
 * end the writer puts after it (nothing when it failed). */
static void put_json(FILE *f, const struct vc_json *j)
{
	size_t len;
	const char *s = vc_json_buffer(j, &len);
	if (!s || vc_json_error(j))
		return;
	while (len > 0 && s[len - 1] == '\n')
		len--;
	char *t = strndup(s, len);
	if (t)
		put_esc(f, t, ESC_XML);
	free(t);
}

/* The finding's line, as text reports write it, XML-escaped. */
static void junit_finding(struct vc_report *r, const struct vc_gc_game *g,
                          const struct vc_finding *fd)
{
	FILE *f = r->out;
	put_input(f, g->source, g->member, ESC_XML);
	char lb[32];
	fprintf(f, ":%s:%llu: %s: game ", vc_report_number(lb, r->marks, VC_RELOC_LINE, fd->line),
	        (unsigned long long)fd->column, fd->error || r->strict ? "error" : "warning");
	vc_report_put_index(r->marks, f, g->index);
	put_finding_text(f, fd, ESC_XML);
	putc('\n', f);
}

static void junit_game(struct vc_report *r, const struct vc_gc_game *g,
                       vc_report_extra_json extra, void *ctx)
{
	FILE *f = r->out;
	if (r->fragment)
		r->ci_source = g->source;
	else
		junit_suite(r, g->source);
	const char *w = tag_of(g, "White"), *b = tag_of(g, "Black");
	fputs("    <testcase classname=\"", f);
	put_input(f, g->source, g->member, ESC_XML);
	fputs("\" name=\"game ", f);
	vc_report_put_index(r->marks, f, g->index);
	if (w || b) {
		fputs(": ", f);
		put_esc(f, w ? w : "?", ESC_XML);
		fputs(" - ", f);
		put_esc(f, b ? b : "?", ESC_XML);
	}
	fputs("\" file=\"", f);
	put_esc(f, g->source, ESC_XML);
	char lb[32];
	fprintf(f, "\" line=\"%s\"", vc_report_number(lb, r->marks, VC_RELOC_LINE, g->line));
	int more = g->nerrors + g->nwarnings - g->nfindings;
	bool point = ctx && r->game_point; /* a warning the command adds */
	if (g->valid && g->nfindings == 0 && more <= 0 && !extra && !point) {
		fputs("/>\n", f);
		return;
	}
	fputs(">\n", f);
	bool listed = false; /* the findings in the failure */
	enum vc_code skip = vc_report_skip_reason(g, r->strict);
	if (skip != VC_F_OK) {
		/* not checked: a variant vchess does not implement (report.h) */
		fprintf(f, "      <skipped message=\"%s\"/>\n", vc_code_word(skip));
	} else if (r->outcome == VC_OUTCOME_FINDINGS ? !g->valid : r->outcome == VC_OUTCOME_FAILED) {
		const struct vc_finding *first = NULL;
		for (int i = 0; i < g->nfindings && !first; i++)
			if (g->findings[i].error || r->strict)
				first = &g->findings[i];
		fputs("      <failure message=\"", f);
		if (r->outcome_type && r->outcome_message) {
			/* the command's reason (adjudicate: the verdict) */
			put_esc(f, r->outcome_type, ESC_XML);
			fputs(": ", f);
			put_esc(f, r->outcome_message, ESC_XML);
			fputs("\" type=\"", f);
			put_esc(f, r->outcome_type, ESC_XML);
			fputs("\">", f);
			put_esc(f, r->outcome_message, ESC_XML);
			putc('\n', f);
		} else if (first) {
			fprintf(f, "%s: ", vc_code_word(first->code));
			put_esc(f, first->message, ESC_XML);
			fprintf(f, "\" type=\"%s\">", vc_code_word(first->code));
		} else {
			fputs("invalid game\" type=\"invalid\">", f);
		}
		for (int i = 0; i < g->nfindings; i++)
			junit_finding(r, g, &g->findings[i]);
		if (more > 0)
			fprintf(f, "%d more finding%s not shown\n", more, s_for((uint64_t)more));
		fputs("</failure>\n", f);
		listed = true;
	}
	if ((!listed && (g->nfindings > 0 || more > 0)) || extra || point) {
		fputs("      <system-out>", f);
		if (!listed) {
			for (int i = 0; i < g->nfindings; i++)
				junit_finding(r, g, &g->findings[i]);
			if (more > 0)
				fprintf(f, "%d more finding%s not shown\n", more, s_for((uint64_t)more));
		}
		/* never an error (vc_report_ci_warning): here, not in the
		 * failure */
		if (point)
			r->game_point(ctx);
		if (extra) {
			/* the command's members (adjudicate: "adjudication"), as
			 * the JSON report has them */
			struct vc_json j;
			vc_json_init_buffer(&j, 0);
			vc_json_begin_object(&j);
			extra(ctx, &j);
			vc_json_end_object(&j);
			put_json(f, &j);
			putc('\n', f);
			vc_json_release(&j);
		}
		fputs("</system-out>\n", f);
	}
	fputs("    </testcase>\n", f);
}

static void junit_input_error(struct vc_report *r, const char *source, const char *member,
                              enum vc_code code, const char *message)
{
	FILE *f = r->out;
	junit_suite(r, source);
	fputs("    <testcase classname=\"", f);
	put_input(f, source, member, ESC_XML);
	fputs("\" name=\"input\">\n      <error message=\"", f);
	fprintf(f, "%s: ", vc_code_word(code));
	put_esc(f, message, ESC_XML);
	fprintf(f, "\" type=\"%s\"/>\n    </testcase>\n", vc_code_word(code));
}

static void junit_property(FILE *f, const char *name, uint64_t v)
{
	fprintf(f, "      <property name=\"%s\" value=\"%llu\"/>\n", name, (unsigned long long)v);
}

static void junit_summary(struct vc_report *r, vc_report_extra_json extra, void *ctx)
{
	FILE *f = r->out;
	if (r->ci_suite)
		fputs("  </testsuite>\n", f);
	free(r->ci_suite);
	r->ci_suite = NULL;
	/* the counts of the whole run in a testsuite of no testcases: a
	 * streamed report cannot put them in the attributes of testsuites
	 * written before their games */
	fputs("  <testsuite name=\"vchess ", f);
	put_esc(f, r->command, ESC_XML);
	fputs(" summary\" tests=\"0\" failures=\"0\" errors=\"0\">\n    <properties>\n", f);
	junit_property(f, "games", r->games);
	junit_property(f, "valid", r->valid);
	junit_property(f, "invalid", r->invalid);
	junit_property(f, "errors", r->errors);
	junit_property(f, "warnings", r->warnings);
	junit_property(f, "input_errors", r->input_errors);
	for (int i = 0; i < r->ncodes; i++)
		fprintf(f, "      <property name=\"by_code.%s\" value=\"%llu\"/>\n",
		        vc_code_word(r->code_order[i]),
		        (unsigned long long)r->code_count[r->code_order[i]]);
	fprintf(f, "      <property name=\"complete\" value=\"%s\"/>\n",
	        r->stop == VC_REPORT_COMPLETE ? "true" : "false");
	if (r->stop != VC_REPORT_COMPLETE)
		fprintf(f, "      <property name=\"stopped\" value=\"%s\"/>\n",
		        vc_report_stop_word(r->stop));
	fputs("    </properties>\n", f);
	if (extra) {
		/* the command's summary members as the JSON summary has them */
		struct vc_json j;
		vc_json_init_buffer(&j, 0);
		vc_json_begin_object(&j);
		extra(ctx, &j);
		vc_json_end_object(&j);
		fputs("    <system-out>", f);
		put_json(f, &j);
		fputs("</system-out>\n", f);
		vc_json_release(&j);
	}
	fputs("  </testsuite>\n</testsuites>\n", f);
}

/* ---- a warning a command adds (report.h vc_report_ci_warning) ------------ */

void vc_report_ci_warning(struct vc_report *r, FILE *out, const char *source,
                          const char *member, uint64_t index, uint64_t line,
                          enum vc_code code, const char *message,
                          vc_report_extra_json props, void *ctx)
{
	if (r->quiet)
		return;
	const char *word = vc_code_word(code);
	switch (r->format) {
	case VC_FORMAT_GITHUB:
		gh_head(out, NULL, "warning", source, member, line, 1, word);
		fprintf(out, "game %llu: ", (unsigned long long)index);
		put_esc(out, message, ESC_GH_DATA);
		fprintf(out, " [%s]\n", word);
		break;
	case VC_FORMAT_SARIF: {
		if (r->ci_items > 0)
			putc(',', out);
		r->ci_items++;
		struct vc_json j;
		vc_json_init_file(&j, out, 0);
		vc_json_begin_object(&j);
		sarif_rule_ref(&j, code, false);
		vc_json_key(&j, "message");
		vc_json_begin_object(&j);
		vc_json_kv_string(&j, "text", message);
		vc_json_end_object(&j);
		sarif_locations(&j, NULL, source, member, line, 1);
		vc_json_key(&j, "properties");
		vc_json_begin_object(&j);
		vc_json_kv_uint(&j, "game", index);
		vc_json_kv_uint(&j, "line", line);
		vc_json_kv_uint(&j, "column", 1);
		if (props)
			props(ctx, &j);
		vc_json_end_object(&j);
		vc_json_end_object(&j);
		vc_json_release(&j);
		break;
	}
	case VC_FORMAT_JUNIT:
		put_input(out, source, member, ESC_XML);
		fprintf(out, ":%llu:1: warning: game %llu: ", (unsigned long long)line,
		        (unsigned long long)index);
		put_esc(out, message, ESC_XML);
		fprintf(out, " [%s]\n", word);
		break;
	default:
		break;
	}
}

/* ---- dispatch ------------------------------------------------------------ */

void vc_report_ci_init(struct vc_report *r)
{
	if (!r->out)
		return;
	if (r->format == VC_FORMAT_SARIF) {
		sarif_init(r);
	} else if (r->format == VC_FORMAT_JUNIT) {
		fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"vchess ", r->out);
		put_esc(r->out, r->command, ESC_XML);
		fputs("\">\n", r->out);
	}
}

void vc_report_ci_game(struct vc_report *r, const struct vc_gc_game *g,
                       vc_report_extra_json extra, void *ctx)
{
	switch (r->format) {
	case VC_FORMAT_GITHUB: gh_game(r, g, ctx); break;
	case VC_FORMAT_SARIF: sarif_game(r, g, extra, ctx); break;
	case VC_FORMAT_JUNIT: junit_game(r, g, extra, ctx); break;
	default: break;
	}
}

void vc_report_ci_input_error(struct vc_report *r, const char *source, const char *member,
                              enum vc_code code, const char *message)
{
	switch (r->format) {
	case VC_FORMAT_GITHUB:
		gh_head(r->out, NULL, "error", source, member, 0, 0, vc_code_word(code));
		put_esc(r->out, message, ESC_GH_DATA);
		putc('\n', r->out);
		break;
	case VC_FORMAT_SARIF: sarif_input_error(r, source, member, code, message); break;
	case VC_FORMAT_JUNIT: junit_input_error(r, source, member, code, message); break;
	default: break;
	}
}

void vc_report_ci_summary(struct vc_report *r, vc_report_extra_json extra, void *ctx)
{
	switch (r->format) {
	case VC_FORMAT_GITHUB: gh_summary(r); break;
	case VC_FORMAT_SARIF: sarif_summary(r, extra, ctx); break;
	case VC_FORMAT_JUNIT: junit_summary(r, extra, ctx); break;
	default: break;
	}
}

size_t vc_report_join(struct vc_report *r, const struct vc_report *part, const char *buf,
                      size_t len)
{
	if (len == 0 || part->games == 0)
		return 0;
	if (r->format == VC_FORMAT_SARIF) {
		size_t skip = r->ci_items == 0 && buf[0] == ',' ? 1 : 0;
		r->ci_items++;
		return skip;
	}
	if (r->format == VC_FORMAT_JUNIT && part->ci_source)
		junit_suite(r, part->ci_source);
	return 0;
}
