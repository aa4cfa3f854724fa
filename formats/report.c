/* vchess - text, JSON and JSONL reports. See report.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "position.h"
#include "report.h"
#include "report_ci_internal.h"
#include "textesc.h"

static size_t udigits(uint64_t v, char *buf)
{
	return (size_t)snprintf(buf, 24, "%llu", (unsigned long long)v);
}

int vc_report_mark_index(struct vc_report_marks *m, FILE *f, uint64_t index)
{
	if (!m)
		return 0;
	char d[24];
	long at = ftell(f) - (long)udigits(index, d);
	if (m->n == m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 64;
		struct vc_report_mark *p = realloc(m->v, cap * sizeof *p);
		if (!p) {
			m->failed = true;
			return -1;
		}
		m->v = p;
		m->cap = cap;
	}
	m->v[m->n].offset = at < 0 ? 0 : (uint64_t)at;
	m->v[m->n].index = index;
	m->n++;
	return 0;
}

const char *vc_report_number(char *buf, const struct vc_report_marks *m, int kind,
                             uint64_t v)
{
	if (m && m->placeholders)
		snprintf(buf, 32, "%c%c%llu%c", VC_REPORT_RELOC, kind, (unsigned long long)v,
		         VC_REPORT_RELOC_END);
	else
		snprintf(buf, 32, "%llu", (unsigned long long)v);
	return buf;
}

int vc_report_put_index(struct vc_report_marks *m, FILE *f, uint64_t index)
{
	if (m && m->placeholders) {
		char b[32];
		fputs(vc_report_number(b, m, VC_RELOC_INDEX, index), f);
		return 0;
	}
	fprintf(f, "%llu", (unsigned long long)index);
	return vc_report_mark_index(m, f, index);
}

int vc_report_write_marked(FILE *to, const char *buf, size_t len,
                           const struct vc_report_marks *m, uint64_t base)
{
	if (m && m->failed)
		return -1;
	if (!m || m->n == 0 || base == 0) {
		if (len)
			fwrite(buf, 1, len, to);
		return 0;
	}
	/* check every mark before writing: never a silently wrong number */
	size_t at = 0;
	for (size_t i = 0; i < m->n; i++) {
		char was[24];
		size_t k = udigits(m->v[i].index, was);
		size_t off = (size_t)m->v[i].offset;
		if (off < at || off + k > len || memcmp(buf + off, was, k) != 0)
			return -1;
		at = off + k;
	}
	at = 0;
	for (size_t i = 0; i < m->n; i++) {
		char was[24], now[24];
		size_t k = udigits(m->v[i].index, was);
		size_t off = (size_t)m->v[i].offset;
		fwrite(buf + at, 1, off - at, to);
		fwrite(now, 1, udigits(m->v[i].index + base, now), to);
		at = off + k;
	}
	fwrite(buf + at, 1, len - at, to);
	return 0;
}

void vc_report_location(char *buf, size_t size, const char *source, const char *member,
                        uint64_t line, uint64_t column)
{
	vc_report_location_m(buf, size, NULL, source, member, line, column);
}

void vc_report_location_m(char *buf, size_t size, const struct vc_report_marks *m,
                          const char *source, const char *member, uint64_t line,
                          uint64_t column)
{
	char lb[32];
	vc_report_number(lb, m, VC_RELOC_LINE, line);
	/* names from the input: control characters escaped (textesc.h) */
	char src[512], mem[512];
	if (vc_text_needs_escape(source))
		source = vc_text_escape(src, sizeof src, source);
	if (member && vc_text_needs_escape(member))
		member = vc_text_escape(mem, sizeof mem, member);
	if (member)
		snprintf(buf, size, "%s:%s:%s:%llu", source, member, lb,
		         (unsigned long long)column);
	else
		snprintf(buf, size, "%s:%s:%llu", source, lb, (unsigned long long)column);
}

const char *vc_report_format_word(enum vc_format f)
{
	static const char *const words[VC_FORMAT_COUNT] = { "text", "json", "jsonl", "github",
	                                                    "sarif", "junit" };
	return (unsigned)f < VC_FORMAT_COUNT ? words[f] : NULL;
}

void vc_report_init(struct vc_report *r, FILE *out, const struct vc_report_options *o)
{
	memset(r, 0, sizeof *r);
	r->out = out;
	r->format = o->format;
	r->quiet = o->quiet;
	r->verbose = o->verbose;
	r->strict = o->strict;
	r->rules = o->rules;
	r->command = o->command ? o->command : "vchess";
	r->shredder = o->shredder;
	r->after_write = o->after_write;
	r->on_note = o->on_note;
	r->with_copy_end = o->with_copy_end;
	r->copy_end = o->copy_end;
	if (r->format == VC_FORMAT_JSON) {
		vc_json_init_file(&r->json, out, VC_JSON_PRETTY);
		vc_json_begin_object(&r->json);
		vc_json_kv_string(&r->json, "command", r->command);
		vc_json_kv_string(&r->json, "rules", r->rules == VC_RULES_LICHESS ? "lichess" : "fide");
		vc_json_key(&r->json, "games");
		vc_json_begin_array(&r->json);
	}
	if (vc_report_ci_format(r->format))
		vc_report_ci_init(r);
}

void vc_report_count_code(struct vc_report *r, enum vc_code code, uint64_t n)
{
	if ((unsigned)code >= VC_F_COUNT || !n)
		return;
	if (!r->code_count[code])
		r->code_order[r->ncodes++] = code;
	r->code_count[code] += n;
}

static void count_code(struct vc_report *r, enum vc_code code)
{
	vc_report_count_code(r, code, 1);
}

/* The value the checker uses: the last one when a tag is repeated. */
static const char *tag_of(const struct vc_gc_game *g, const char *name)
{
	for (int i = g->ntags - 1; i >= 0; i--)
		if (strcmp(g->tags[i].name, name) == 0)
			return g->tags[i].value;
	return NULL;
}

enum vc_code vc_report_skip_reason(const struct vc_gc_game *g, bool strict)
{
	if (strict || g->valid || g->nerrors != 1)
		return VC_F_OK;
	for (int i = 0; i < g->nfindings; i++)
		if (g->findings[i].code == VC_F_UNSUPPORTED_VARIANT)
			return VC_F_UNSUPPORTED_VARIANT;
	return VC_F_OK;
}

/* "game" or "position" (a line of a position file), for the text lines */
static const char *record_word(const struct vc_report *r)
{
	return r->position ? "position" : "game";
}

static void text_game(struct vc_report *r, const struct vc_gc_game *g, enum vc_code skip)
{
	char loc[512];
	bool named = false;
	const char *word = record_word(r);
	for (int i = 0; i < g->nfindings; i++) {
		const struct vc_finding *f = &g->findings[i];
		bool as_error = f->error || r->strict;
		if (!as_error && !r->verbose && r->quiet)
			continue;
		if (!named) {
			/* who played, once before a game's findings (USERS.md: the
			 * arbiter reads findings with the players) */
			const char *w = tag_of(g, "White"), *b = tag_of(g, "Black");
			named = true;
			if (w || b) {
				vc_report_location_m(loc, sizeof loc, r->marks, g->source, g->member, g->line, 1);
				fprintf(r->out, "%s: note: %s ", loc, word);
				vc_report_put_index(r->marks, r->out, g->index);
				fputs(": ", r->out);
				vc_text_put(r->out, w ? w : "?");
				fputs(" - ", r->out);
				vc_text_put(r->out, b ? b : "?");
				fputc('\n', r->out);
			}
		}
		/* a skipped game's reason is no error: a note */
		bool why_skipped = skip != VC_F_OK && f->code == skip;
		vc_report_location_m(loc, sizeof loc, r->marks, g->source, g->member, f->line, f->column);
		fprintf(r->out, "%s: %s: %s ", loc,
		        why_skipped ? "note" : as_error ? "error" : "warning", word);
		vc_report_put_index(r->marks, r->out, g->index);
		if (f->ply > 0)
			fprintf(r->out, ", ply %d", f->ply);
		if (f->move[0]) {
			fputs(" (", r->out);
			vc_text_put(r->out, f->move);
			fputc(')', r->out);
		}
		if (f->variation)
			fputs(" in a variation", r->out);
		fputs(why_skipped ? ": skipped: " : ": ", r->out);
		vc_text_put(r->out, f->message);
		fprintf(r->out, " [%s]\n", vc_code_word(f->code));
	}
	int more = g->nerrors + g->nwarnings - g->nfindings;
	if (more > 0 && !r->quiet) {
		vc_report_location_m(loc, sizeof loc, r->marks, g->source, g->member, g->line, 1);
		fprintf(r->out, "%s: note: %s ", loc, word);
		vc_report_put_index(r->marks, r->out, g->index);
		fprintf(r->out, ": %d more finding%s not shown\n", more, more == 1 ? "" : "s");
	}
	if (r->verbose) {
		const char *w = tag_of(g, "White"), *b = tag_of(g, "Black");
		vc_report_location_m(loc, sizeof loc, r->marks, g->source, g->member, g->line, 1);
		fprintf(r->out, "%s: %s: %s ", loc,
		        skip != VC_F_OK ? "skipped" : g->valid ? "valid" : "invalid", word);
		vc_report_put_index(r->marks, r->out, g->index);
		fputs(" (", r->out);
		vc_text_put(r->out, w ? w : "?");
		fputs(" - ", r->out);
		vc_text_put(r->out, b ? b : "?");
		fputs("), ", r->out);
		vc_text_put(r->out, g->variant ? g->variant : "unknown variant");
		fprintf(r->out, ", %d pl%s, result ", g->plies, g->plies == 1 ? "y" : "ies");
		vc_text_put(r->out, g->declared ? g->declared
		                    : (g->movetext_result ? g->movetext_result : "none"));
		fprintf(r->out, ", board %s%s%s\n",
		        vc_result_string(g->board.result),
		        g->board.termination ? " by " : "",
		        g->board.termination ? vc_termination_word(g->board.termination) : "");
	}
}

static bool is_result(const char *s)
{
	enum vc_result r;
	return vc_result_parse(s, &r);
}

/* A FEN of the record as the report writes it: as recorded (X-FEN), or
 * rewritten as Shredder-FEN under --shredder (into buf). */
static const char *fen_out(bool shredder, char buf[VC_FEN_MAX], const struct vc_gc_game *g,
                           const char *fen)
{
	if (!shredder || g->variant_id < 0)
		return fen;
	struct vc_position pos;
	struct vc_fen_result fr;
	if (vc_fen_parse(&pos, fen, g->variant_id, &fr) != VC_FEN_OK)
		return fen;
	return vc_fen_write(&pos, buf, true);
}

void vc_report_kv_number(struct vc_json *j, const char *key, const struct vc_report_marks *m,
                         int kind, uint64_t v)
{
	if (m && m->placeholders) {
		char b[32];
		vc_json_key(j, key);
		vc_json_raw(j, vc_report_number(b, m, kind, v));
	} else {
		vc_json_kv_uint(j, key, v);
	}
}

static void json_finding(struct vc_json *j, const struct vc_finding *f,
                         const struct vc_report_marks *m)
{
	vc_json_begin_object(j);
	vc_json_kv_string(j, "code", vc_code_word(f->code));
	vc_json_kv_string(j, "message", f->message);
	vc_report_kv_number(j, "line", m, VC_RELOC_LINE, f->line);
	vc_json_kv_uint(j, "column", f->column);
	if (f->ply > 0)
		vc_json_kv_int(j, "ply", f->ply);
	else
		vc_json_kv_null(j, "ply");
	if (f->move[0])
		vc_json_kv_string(j, "move", f->move);
	else
		vc_json_kv_null(j, "move");
	if (f->variation)
		vc_json_kv_bool(j, "variation", true);
	if (f->reason)
		vc_json_kv_string(j, "reason", f->reason);
	vc_json_end_object(j);
}

/* The "tags" members: each name once, at its first place, with the value
 * the checker uses (the last one given); the earlier values are in the
 * duplicate-tag warnings. A repeat always brings such a warning, so a game
 * without warnings is written straight. */
static void write_tags(struct vc_json *j, const struct vc_gc_game *g)
{
	for (int i = 0; i < g->ntags; i++) {
		const char *name = g->tags[i].name, *value = g->tags[i].value;
		if (g->nwarnings > 0) {
			bool seen = false;
			for (int k = 0; k < i && !seen; k++)
				seen = strcmp(g->tags[k].name, name) == 0;
			if (seen)
				continue;
			for (int k = i + 1; k < g->ntags; k++)
				if (strcmp(g->tags[k].name, name) == 0)
					value = g->tags[k].value;
		}
		vc_json_kv_string(j, name, value);
	}
}

/* The game object. marks (may be NULL): where the index is written on
 * mark_f (JSON and JSONL under validate -j). */
static void json_game(const struct vc_report_options *o, struct vc_json *j,
                      const struct vc_gc_game *g, vc_report_extra_json extra, void *ctx,
                      struct vc_report_marks *marks, FILE *mark_f)
{
	vc_json_begin_object(j);
	vc_json_kv_string(j, "source", g->source);
	if (g->member)
		vc_json_kv_string(j, "member", g->member);
	else
		vc_json_kv_null(j, "member");
	if (marks && marks->placeholders) {
		vc_report_kv_number(j, "index", marks, VC_RELOC_INDEX, g->index);
	} else {
		vc_json_kv_uint(j, "index", g->index);
		if (marks)
			vc_report_mark_index(marks, mark_f, g->index);
	}
	vc_report_kv_number(j, "line", marks, VC_RELOC_LINE, g->line);
	vc_report_kv_number(j, "offset", marks, VC_RELOC_OFFSET, g->offset);
	if (o->with_copy_end)
		vc_report_kv_number(j, "copy_end", marks, VC_RELOC_OFFSET, o->copy_end);
	if (g->variant)
		vc_json_kv_string(j, "variant", g->variant);
	else
		vc_json_kv_null(j, "variant");
	vc_json_key(j, "tags");
	vc_json_begin_object(j);
	write_tags(j, g);
	vc_json_end_object(j);
	vc_json_kv_int(j, "plies", g->plies);
	vc_json_kv_bool(j, "valid", g->valid);
	enum vc_code skip = vc_report_skip_reason(g, o->strict);
	if (skip != VC_F_OK)
		vc_json_kv_string(j, "skipped", vc_code_word(skip));
	if (g->final_fen[0]) {
		char buf[VC_FEN_MAX];
		vc_json_kv_string(j, "final_fen", fen_out(o->shredder, buf, g, g->final_fen));
	}
	else
		vc_json_kv_null(j, "final_fen");
	for (int pass = 0; pass < 2; pass++) {
		vc_json_key(j, pass == 0 ? "errors" : "warnings");
		vc_json_begin_array(j);
		for (int i = 0; i < g->nfindings; i++)
			if ((g->findings[i].error || o->strict) == (pass == 0))
				json_finding(j, &g->findings[i], marks);
		vc_json_end_array(j);
	}
	/* findings counted but not listed (the record keeps the first
	 * VC_GC_MAX_FINDINGS): written only when there are some */
	int omitted = g->nerrors + g->nwarnings - g->nfindings;
	if (omitted > 0)
		vc_json_kv_int(j, "findings_omitted", omitted);
	vc_json_key(j, "result");
	vc_json_begin_object(j);
	/* a Result tag that is no result (reported as bad-result-tag) is not
	 * repeated here: the movetext's token stands in, else null */
	const char *decl = is_result(g->declared) ? g->declared
	                   : is_result(g->movetext_result) ? g->movetext_result : NULL;
	if (decl)
		vc_json_kv_string(j, "declared", decl);
	else
		vc_json_kv_null(j, "declared");
	vc_json_kv_string(j, "board", vc_result_string(g->board.result));
	if (g->board.termination != VC_TERM_NONE) {
		vc_json_kv_string(j, "termination", vc_termination_word(g->board.termination));
		if (g->end_ply >= 0)
			vc_json_kv_int(j, "ply", g->end_ply);
	}
	vc_json_end_object(j);
	if (g->rules) { /* a game-level variant's own members (Undo Chess: tokens) */
		struct vc_gc_sink sink;
		vc_report_json_sink(&sink, j);
		vc_gc_members(g, VC_GC_AT_RECORD, NULL, &sink);
	}
	if (extra)
		extra(ctx, j);
	vc_json_end_object(j);
}

/* ---- the JSON sink for game-level members (checker.h) ---------------------- */

static void sink_begin(void *w, const char *key)
{
	vc_json_key(w, key);
	vc_json_begin_object(w);
}

static void sink_end(void *w)
{
	vc_json_end_object(w);
}

static void sink_integer(void *w, const char *key, int64_t v)
{
	vc_json_kv_int(w, key, v);
}

static void sink_string(void *w, const char *key, const char *s)
{
	vc_json_kv_string(w, key, s);
}

static void sink_boolean(void *w, const char *key, bool v)
{
	vc_json_kv_bool(w, key, v);
}

static void sink_null(void *w, const char *key)
{
	vc_json_kv_null(w, key);
}

void vc_report_json_sink(struct vc_gc_sink *s, struct vc_json *w)
{
	*s = (struct vc_gc_sink){
		.user = w, .begin = sink_begin, .end = sink_end, .integer = sink_integer,
		.string = sink_string, .boolean = sink_boolean, .null = sink_null,
	};
}

/* One JSONL line on f: the one code for vc_report_game_jsonl and the
 * JSONL entries of vc_report_game. */
static int jsonl_game(FILE *f, const struct vc_gc_game *g, const struct vc_report_options *o,
                      vc_report_extra_json extra, void *ctx, struct vc_report_marks *marks)
{
	struct vc_json j;
	vc_json_init_file(&j, f, 0);
	json_game(o, &j, g, extra, ctx, marks, f);
	int rc = vc_json_error(&j) ? -1 : 0;
	vc_json_release(&j);
	return rc;
}

static const struct vc_report_options default_options;

int vc_report_game_json(struct vc_json *w, const struct vc_gc_game *g,
                        const struct vc_report_options *o,
                        vc_report_extra_json extra_json, void *ctx)
{
	json_game(o ? o : &default_options, w, g, extra_json, ctx, NULL, NULL);
	return vc_json_error(w) ? -1 : 0;
}

int vc_report_game_jsonl(FILE *f, const struct vc_gc_game *g,
                         const struct vc_report_options *o)
{
	return jsonl_game(f, g, o ? o : &default_options, NULL, NULL, NULL);
}

/* The options as they stand (a command may change r->quiet between
 * games). */
static struct vc_report_options options_of(const struct vc_report *r)
{
	struct vc_report_options o = {
		.format = r->format, .rules = r->rules, .quiet = r->quiet,
		.verbose = r->verbose, .strict = r->strict, .shredder = r->shredder,
		.command = r->command, .after_write = r->after_write,
		.on_note = r->on_note, .with_copy_end = r->with_copy_end,
		.copy_end = r->copy_end,
	};
	return o;
}

static void after_write(const struct vc_report *r, FILE *f)
{
	if (r->after_write)
		r->after_write(f);
}

/* Notes name inputs (paths, member names) and carry the input layer's
 * messages: their control characters are escaped (textesc.h), whatever
 * the hook does with them. Escaping is idempotent (a backslash stays), so
 * a location escaped already is unchanged. */
static void note(const struct vc_report *r, enum vc_code code, const char *text)
{
	if (!r->on_note)
		return;
	char *esc = vc_text_needs_escape(text) ? vc_text_escape_dup(text) : NULL;
	r->on_note(r->command, code, esc ? esc : text);
	free(esc);
}

/* A note of printf-style text: the whole of it, however long (cut short
 * only when memory runs out). */
static void notef(const struct vc_report *r, enum vc_code code, const char *fmt, ...)
{
	if (!r->on_note)
		return;
	char small[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	char *big = NULL;
	if (n >= (int)sizeof small && (big = malloc((size_t)n + 1)) != NULL) {
		va_start(ap, fmt);
		vsnprintf(big, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	note(r, code, big ? big : small);
	free(big);
}

void vc_report_game(struct vc_report *r, const struct vc_gc_game *g,
                    vc_report_extra_json extra, void *ctx)
{
	bool marks_failed = r->marks && r->marks->failed;
	enum vc_code skip = vc_report_skip_reason(g, r->strict);
	r->games++;
	if (r->position)
		r->positions++;
	if (skip != VC_F_OK)
		r->skipped++; /* its one error, the reason, is not counted */
	else if (g->valid)
		r->valid++;
	else
		r->invalid++;
	/* --strict: warnings count as errors (vchess(1) OPTIONS), in the
	 * counts, by code and in the JSON "errors" lists alike */
	if (r->strict) {
		r->errors += (uint64_t)g->nerrors + (uint64_t)g->nwarnings;
	} else {
		r->warnings += (uint64_t)g->nwarnings;
		r->errors += (uint64_t)g->nerrors - (skip != VC_F_OK);
	}
	for (int i = 0; i < g->nfindings; i++)
		if ((g->findings[i].error || r->strict) && g->findings[i].code != skip)
			count_code(r, g->findings[i].code);
	switch (r->format) {
	case VC_FORMAT_TEXT:
		if (!r->quiet || r->verbose)
			text_game(r, g, skip);
		break;
	case VC_FORMAT_JSON:
		if (!r->quiet) {
			struct vc_report_options o = options_of(r);
			json_game(&o, &r->json, g, extra, ctx, r->marks, r->out);
		}
		break;
	case VC_FORMAT_JSONL: {
		if (r->quiet)
			break;
		struct vc_report_options o = options_of(r);
		jsonl_game(r->out, g, &o, extra, ctx, r->marks);
		break;
	}
	case VC_FORMAT_GITHUB:
	case VC_FORMAT_SARIF:
	case VC_FORMAT_JUNIT:
		if (!r->quiet)
			vc_report_ci_game(r, g, extra, ctx);
		break;
	}
	if (r->marks && r->marks->failed && !marks_failed)
		note(r, VC_F_OUT_OF_MEMORY, "out of memory");
	after_write(r, r->out);
}

void vc_report_input_error(struct vc_report *r, const char *source, const char *member,
                           enum vc_code code, const char *message)
{
	const char *kind = vc_code_word(code);
	r->input_errors++;
	count_code(r, code);
	/* a record where it happens among the games (JSON, JSONL) */
	if ((r->format == VC_FORMAT_JSON || r->format == VC_FORMAT_JSONL) && !r->quiet && r->out) {
		struct vc_json line, *j = &line;
		if (r->format == VC_FORMAT_JSON)
			j = &r->json;
		else
			vc_json_init_file(&line, r->out, 0);
		vc_json_begin_object(j);
		vc_json_key(j, "input_error");
		vc_json_begin_object(j);
		vc_json_kv_string(j, "source", source);
		vc_json_kv_string(j, "member", member); /* NULL: null */
		vc_json_kv_string(j, "code", kind);
		vc_json_kv_string(j, "message", message);
		vc_json_end_object(j);
		vc_json_end_object(j);
		if (r->format == VC_FORMAT_JSONL)
			vc_json_release(&line); /* the line ends with the object */
		after_write(r, r->out);
	}
	/* Diagnostics about an unreadable input go to the caller in every
	 * format, and into the JSON summary. */
	if (member)
		notef(r, code, "%s:%s: %s: %s", source, member, kind, message);
	else
		notef(r, code, "%s: %s: %s", source, kind, message);
	if (vc_report_ci_format(r->format) && !r->quiet)
		vc_report_ci_input_error(r, source, member, code, message);
}

void vc_report_input_warning(struct vc_report *r, const char *source, const char *member,
                             enum vc_code code, const char *message)
{
	const char *kind = vc_code_word(code);
	r->input_warnings++;
	if (r->strict)
		r->errors++;
	else
		r->warnings++;
	count_code(r, code);
	if (member)
		notef(r, code, "%s:%s: warning: %s: %s", source, member, kind, message);
	else
		notef(r, code, "%s: warning: %s: %s", source, kind, message);
}

static void json_summary(struct vc_report *r, struct vc_json *j, vc_report_extra_json extra,
                         void *ctx)
{
	vc_json_begin_object(j);
	vc_json_kv_uint(j, "games", r->games);
	vc_json_kv_uint(j, "valid", r->valid);
	vc_json_kv_uint(j, "invalid", r->invalid);
	vc_json_kv_uint(j, "skipped", r->skipped);
	vc_json_kv_uint(j, "errors", r->errors);
	vc_json_kv_uint(j, "warnings", r->warnings);
	vc_json_kv_uint(j, "input_errors", r->input_errors);
	vc_json_kv_string(j, "rules", r->rules == VC_RULES_LICHESS ? "lichess" : "fide");
	vc_json_key(j, "by_code");
	vc_json_begin_object(j);
	for (int i = 0; i < r->ncodes; i++)
		vc_json_kv_uint(j, vc_code_word(r->code_order[i]), r->code_count[r->code_order[i]]);
	vc_json_end_object(j);
	if (extra)
		extra(ctx, j);
	vc_report_json_complete(r->stop, j);
	vc_json_end_object(j);
}

void vc_report_ci_json_summary(struct vc_report *r, struct vc_json *j,
                               vc_report_extra_json extra, void *ctx)
{
	json_summary(r, j, extra, ctx);
}

void vc_report_json_complete(enum vc_report_stop stop, struct vc_json *j)
{
	vc_json_kv_bool(j, "complete", stop == VC_REPORT_COMPLETE);
	if (stop != VC_REPORT_COMPLETE)
		vc_json_kv_string(j, "stopped", vc_report_stop_word(stop));
}

const char *vc_report_stop_word(enum vc_report_stop stop)
{
	switch (stop) {
	case VC_REPORT_MAX_ERRORS: return "max-errors";
	case VC_REPORT_INTERRUPTED: return "interrupted";
	case VC_REPORT_ERROR: return "error";
	case VC_REPORT_COMPLETE: break;
	}
	return NULL;
}

void vc_report_text_complete(FILE *f, const char *command, enum vc_report_stop stop)
{
	if (stop == VC_REPORT_MAX_ERRORS)
		fprintf(f, "%s: incomplete: stopped by --max-errors\n", command);
	else if (stop == VC_REPORT_INTERRUPTED)
		fprintf(f, "%s: incomplete: stopped by a signal\n", command);
	else if (stop == VC_REPORT_ERROR)
		fprintf(f, "%s: incomplete: stopped by an error\n", command);
}

/* "word" or "words" for a count of n: the few nouns of the text summary
 * (each has a plural in s). */
static const char *plural(uint64_t n, const char *word)
{
	static const char *const words[][2] = {
		{ "game", "games" }, { "position", "positions" }, { "error", "errors" },
		{ "warning", "warnings" }, { "input", "inputs" },
	};
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strcmp(words[i][0], word) == 0)
			return words[i][n != 1];
	return word;
}

/* Codes in the order of their words (the summary's order). */
static int code_cmp(const void *a, const void *b)
{
	return strcmp(vc_code_word(*(const enum vc_code *)a), vc_code_word(*(const enum vc_code *)b));
}

void vc_report_summary(struct vc_report *r)
{
	vc_report_summary_ext(r, NULL, NULL);
}

void vc_report_summary_ext(struct vc_report *r, vc_report_extra_json extra, void *ctx)
{
	/* codes in name order, so that the summary is the same whatever order
	 * the games were checked in (-j) and their counts were merged in */
	qsort(r->code_order, (size_t)r->ncodes, sizeof r->code_order[0], code_cmp);
	switch (r->format) {
	case VC_FORMAT_TEXT:
		/* counts agree in number; a run whose records all are position
		 * lines counts positions */
		fprintf(r->out, "%s: %llu %s, %llu valid, %llu invalid",
		        r->command, (unsigned long long)r->games,
		        r->games && r->positions == r->games ? plural(r->games, "position")
		                                             : plural(r->games, "game"),
		        (unsigned long long)r->valid, (unsigned long long)r->invalid);
		if (r->skipped)
			fprintf(r->out, ", %llu skipped", (unsigned long long)r->skipped);
		fprintf(r->out, ", %llu %s, %llu %s", (unsigned long long)r->errors,
		        plural(r->errors, "error"), (unsigned long long)r->warnings,
		        plural(r->warnings, "warning"));
		if (r->input_errors)
			fprintf(r->out, ", %llu unreadable %s", (unsigned long long)r->input_errors,
			        plural(r->input_errors, "input"));
		fputc('\n', r->out);
		for (int i = 0; i < r->ncodes; i++)
			fprintf(r->out, "  %-28s %llu\n", vc_code_word(r->code_order[i]),
			        (unsigned long long)r->code_count[r->code_order[i]]);
		vc_report_text_complete(r->out, r->command, r->stop);
		break;
	case VC_FORMAT_JSON:
		vc_json_end_array(&r->json);
		vc_json_key(&r->json, "summary");
		json_summary(r, &r->json, extra, ctx);
		vc_json_end_object(&r->json);
		vc_json_release(&r->json);
		break;
	case VC_FORMAT_JSONL: {
		struct vc_json j;
		vc_json_init_file(&j, r->out, 0);
		vc_json_begin_object(&j);
		vc_json_key(&j, "summary");
		json_summary(r, &j, extra, ctx);
		vc_json_end_object(&j);
		vc_json_release(&j);
		break;
	}
	case VC_FORMAT_GITHUB:
	case VC_FORMAT_SARIF:
	case VC_FORMAT_JUNIT:
		vc_report_ci_summary(r, extra, ctx);
		break;
	}
	after_write(r, r->out);
}

void vc_report_copy_raw(FILE *f, const char *raw, size_t len)
{
	if (!f || !raw)
		return;
	fwrite(raw, 1, len, f);
	if (len && (raw[len - 1] == '\n' || raw[len - 1] == '\r'))
		return; /* a line with its own line end (EPD) */
	/* A PGN game ends at its last token: a line end and a blank line, in
	 * the game's own style (CR LF files stay CR LF). */
	const char *eol = "\n\n";
	const char *cr = memchr(raw, '\r', len);
	if (cr && (!memchr(raw, '\n', len) || (const char *)memchr(raw, '\n', len) > cr))
		eol = cr + 1 < raw + len && cr[1] == '\n' ? "\r\n\r\n" : "\r\r";
	fputs(eol, f);
}

int vc_report_copy_game(const struct vc_report *r, FILE *f, const struct vc_gc_game *g)
{
	if (!f)
		return 0;
	if (g->raw) {
		vc_report_copy_raw(f, g->raw, g->raw_len);
		after_write(r, f); /* --valid-out -: a closed pipe */
		return 0;
	}
	/* never a cut copy: say which game is missing from it */
	char loc[512];
	vc_report_location(loc, sizeof loc, g->source, g->member, g->line, 1);
	notef(r, VC_F_LIMIT_RAW, "%s: game %llu not copied: longer than vchess keeps "
	      "(limit-raw, limit-line)", loc, (unsigned long long)g->index);
	return -1;
}

bool vc_report_failed(const struct vc_report *r)
{
	return r->invalid > 0 || (r->strict && r->input_warnings > 0);
}
