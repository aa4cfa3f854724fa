/* vchess report merge: the part reports of a sharded run (vchess
 * validate|adjudicate --shard) put together into the report one run on the
 * whole input writes, byte for byte (vchess-report(1)).
 *
 * Two passes over the parts, whatever order they are given in: the first
 * reads each part's header and trailer (every record is looked at, none
 * kept), orders the parts by shard index and checks that they belong
 * together: one command, the same options, every shard 0..N-1 once, the
 * ranges of each file end to end, and neighbouring shards agreeing about
 * the game boundary between them (the check that no game was split or
 * lost by a cut inside a comment). The second streams the games' records
 * in order, rebasing game numbers, lines and byte offsets by what comes
 * before the part in its file. Memory: one record at a time, plus each
 * part's header and trailer (adjudicate's trailer holds its shard's score
 * table).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "common.h"
#include "merge.h"
#include "part.h"

struct part {
	const char *name;       /* as given ("-": standard input) */
	FILE *f;                /* not owned when shared (standard input) */
	off_t data;             /* offset of its first record after the header */
	uint64_t nrec;          /* game records */
	uint64_t nother;        /* input_error and note records */
	struct vc_jdoc head, tail;
	uint64_t k, n;
	const char *command, *file, *unit, *format;
	uint64_t size, start, end;
	const struct vc_jval *end_rec; /* the trailer's part_end */
	/* rebasing */
	uint64_t base_index, base_line, base_offset;
	const char *src;        /* file, one pointer for all of its parts */
};

struct vc_merge {
	struct part *parts;
	size_t n, cap;
	FILE *spool;            /* standard input's copy */
	char *line;
	size_t line_cap;
	struct vc_merge_hooks hooks;
	/* --max-errors: the games that count towards it so far, and where
	 * one run stops (the part, its failed game's record) */
	long max_errors;
	uint64_t fails;
	bool cut, cut_input_failed;
	size_t cut_part;
	char *cut_rec;
};

static const char usage[] =
        "usage: vchess report merge [options] PART...\n"
        "\n"
        "Put the part reports of a sharded run (vchess validate|adjudicate\n"
        "--shard K/N ... -o PART) together into the report one run on the whole\n"
        "input writes, byte for byte: game numbers, lines and offsets those of\n"
        "the whole file, summary added up, standings computed again. Parts in\n"
        "any order, as files or concatenated on standard input ('-').\n"
        "\n"
        "Options:\n"
        "      --format F       text, json, jsonl, github, sarif or junit (default:\n"
        "                       the shards' --format, else text); adjudicate\n"
        "                       with --standings also csv, html\n"
        "  -o, --output FILE    write the report to FILE\n"
        "      --keep-partial   keep an interrupted report as FILE.partial\n"
        "      --standings, --tiebreak LIST, --system S, --crosstable\n"
        "                       adjudicate's standings (vchess-adjudicate(1));\n"
        "                       parts of adjudicate only\n"
        "  -h, --help           show this help\n"
        "\n"
        "Exit status: that of one run on the whole input (0, 1, 3); 2 for a\n"
        "usage error, a part missing, given twice, incomplete or not matching\n"
        "the others (named).\n";

static ssize_t read_line(struct vc_merge *m, FILE *f)
{
	ssize_t n = getline(&m->line, &m->line_cap, f);
	if (n > 0 && m->line[n - 1] == '\n')
		m->line[--n] = 0;
	return n;
}

static bool starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static int bad_part(const char *name, const char *fmt, const char *what)
{
	char msg[512];
	snprintf(msg, sizeof msg, fmt, what);
	vc_cli_error("report merge", "%s: %s", name, msg);
	return VC_EXIT_USAGE;
}

static const char *jstr(const struct vc_jval *v)
{
	return v && v->t == VC_J_STRING ? v->s : NULL;
}

/* Read parts from f (one file, or standard input's copy holding any
 * number of them one after the other). */
static int scan_file(struct vc_merge *m, const char *name, FILE *f, bool many)
{
	ssize_t n;
	bool any = false;
	for (;;) {
		n = read_line(m, f);
		if (n < 0)
			break;
		if (n == 0)
			continue;
		if (!starts(m->line, "{\"vchess_part\":"))
			return bad_part(name, "%s", "not a part report of vchess (a shard run's "
			                "output: vchess validate --shard K/N -o PART)");
		if (m->n == m->cap) {
			size_t cap = m->cap ? 2 * m->cap : 16;
			struct part *p = realloc(m->parts, cap * sizeof *p);
			if (!p) {
				vc_cli_error("report merge", "out of memory");
				return VC_EXIT_INPUT;
			}
			m->parts = p;
			m->cap = cap;
		}
		struct part *p = &m->parts[m->n++];
		memset(p, 0, sizeof *p);
		p->name = name;
		p->f = f;
		p->data = ftello(f);
		char err[256];
		if (vc_jdoc_parse(&p->head, m->line, (size_t)n, err, sizeof err))
			return bad_part(name, "header: %s", err);
		const struct vc_jval *h = &p->head.root;
		uint64_t ver = 0;
		if (!vc_jval_u64(vc_jget(h, "vchess_part"), &ver) || ver != VC_PART_VERSION)
			return bad_part(name, "%s", "a part of another version of vchess");
		const struct vc_jval *range = vc_jget(h, "range");
		p->command = jstr(vc_jget(h, "command"));
		p->file = jstr(vc_jget(h, "file"));
		p->unit = jstr(vc_jget(h, "unit"));
		p->format = jstr(vc_jget(h, "format"));
		if (!p->command || !p->unit || !vc_jval_u64(vc_jget(h, "shard"), &p->k) ||
		    !vc_jval_u64(vc_jget(h, "shards"), &p->n) ||
		    !vc_jval_u64(vc_jget(h, "size"), &p->size) || !range ||
		    range->t != VC_J_ARRAY || range->n != 2 ||
		    !vc_jval_u64(&range->kids[0], &p->start) ||
		    !vc_jval_u64(&range->kids[1], &p->end))
			return bad_part(name, "%s", "a header without its shard's identity");
		bool ended = false;
		while ((n = read_line(m, f)) >= 0) {
			if (starts(m->line, "{\"g\":")) {
				p->nrec++;
				continue;
			}
			if (starts(m->line, "{\"input_error\":") || starts(m->line, "{\"note\":")) {
				p->nother++;
				continue;
			}
			if (starts(m->line, "{\"part_end\":")) {
				if (vc_jdoc_parse(&p->tail, m->line, (size_t)n, err, sizeof err))
					return bad_part(name, "trailer: %s", err);
				p->end_rec = vc_jget(&p->tail.root, "part_end");
				ended = true;
				break;
			}
			return bad_part(name, "%s", "a record that is not a part's");
		}
		if (!ended)
			return bad_part(name, "shard %s: incomplete (its run did not finish): run "
			                "the shard again", h->n ? vc_jget(h, "shard")->s : "?");
		uint64_t games = 0;
		if (!vc_jval_u64(vc_jget(p->end_rec, "games"), &games) || games != p->nrec)
			return bad_part(name, "shard %s: damaged (its trailer does not count its game "
			                "records): run the shard again", vc_jget(h, "shard")->s);
		any = true;
		if (!many)
			break;
	}
	if (ferror(f)) {
		vc_cli_error("report merge", "%s: read error", name);
		return VC_EXIT_INPUT;
	}
	if (!any)
		return bad_part(name, "%s", "empty: not a part report");
	if (!many && read_line(m, f) >= 0)
		return bad_part(name, "%s", "more than one part in the file");
	return VC_EXIT_OK;
}

static uint64_t end_u64(const struct part *p, const char *key, bool *has)
{
	uint64_t v = 0;
	const struct vc_jval *x = vc_jget(p->end_rec, key);
	bool ok = vc_jval_u64(x, &v);
	if (has)
		*has = ok;
	return v;
}

static bool end_bool(const struct part *p, const char *key)
{
	const struct vc_jval *x = vc_jget(p->end_rec, key);
	return x && x->t == VC_J_BOOL && x->b;
}

static int by_shard(const void *a, const void *b)
{
	const struct part *x = a, *y = b;
	return x->k < y->k ? -1 : x->k > y->k;
}

static bool same_json(const struct vc_jval *a, const struct vc_jval *b)
{
	if (!a || !b)
		return a == b;
	if (a->t != b->t || a->n != b->n)
		return false;
	switch (a->t) {
	case VC_J_NULL: return true;
	case VC_J_BOOL: return a->b == b->b;
	case VC_J_NUMBER:
	case VC_J_STRING: return memcmp(a->s, b->s, a->n) == 0;
	case VC_J_ARRAY:
	case VC_J_OBJECT:
		for (size_t i = 0; i < a->n; i++)
			if ((a->t == VC_J_OBJECT && strcmp(a->keys[i], b->keys[i]) != 0) ||
			    !same_json(&a->kids[i], &b->kids[i]))
				return false;
		return true;
	}
	return false;
}

/* Order the parts and check that they make one run; compute each part's
 * bases. */
static int check_parts(struct vc_merge *m)
{
	qsort(m->parts, m->n, sizeof *m->parts, by_shard);
	const struct part *p0 = &m->parts[0];
	uint64_t n = p0->n;
	for (size_t i = 0; i < m->n; i++) {
		const struct part *p = &m->parts[i];
		if (strcmp(p->command, p0->command) != 0)
			return bad_part(p->name, "a part of 'vchess %s', not of the others' command",
			                p->command);
		if (p->n != n) {
			vc_cli_error("report merge", "%s: shard %llu of %llu, but %s is of %llu shards",
			             p->name, (unsigned long long)p->k, (unsigned long long)p->n,
			             p0->name, (unsigned long long)n);
			return VC_EXIT_USAGE;
		}
		if (!same_json(vc_jget(&p->head.root, "options"), vc_jget(&p0->head.root, "options")) ||
		    !same_json(vc_jget(&p->head.root, "format"), vc_jget(&p0->head.root, "format"))) {
			vc_cli_error("report merge", "%s: run with other options than %s: the shards "
			             "of one run take the same options", p->name, p0->name);
			return VC_EXIT_USAGE;
		}
		if (i > 0 && p->k == m->parts[i - 1].k) {
			vc_cli_error("report merge", "shard %llu given twice: %s and %s",
			             (unsigned long long)p->k, m->parts[i - 1].name, p->name);
			return VC_EXIT_USAGE;
		}
	}
	for (uint64_t k = 0, i = 0; k < n; k++, i++) {
		if (i >= m->n || m->parts[i].k != k) {
			vc_cli_error("report merge", "shard %llu of %llu is missing", (unsigned long long)k,
			             (unsigned long long)n);
			return VC_EXIT_USAGE;
		}
	}
	/* each file's parts end to end, and agreeing on their boundaries */
	const struct part *prev = NULL;
	bool have_g = false;   /* the first game start after prev's range is known */
	uint64_t g = 0;        /* ... its offset in the file's stream (none: end of file) */
	bool g_none = false;
	bool stopped = false; /* a part before stopped at --max-errors */
	for (size_t i = 0; i < m->n; i++) {
		struct part *p = &m->parts[i];
		if (!p->file)
			continue; /* an empty shard */
		if (stopped) {
			/* the merge stops in that part or before (one run stops
			 * at the same game or before): later parts are not read,
			 * and their boundaries are not known */
			prev = p;
			continue;
		}
		const char *stop_w = jstr(vc_jget(p->end_rec, "stopped"));
		stopped = stop_w && strcmp(stop_w, "max-errors") == 0;
		bool has_start, has_next;
		uint64_t start = end_u64(p, "start", &has_start);
		uint64_t next = end_u64(p, "next", &has_next);
		uint64_t owned = end_u64(p, "owned", NULL);
		/* the file's next shard; a shard of the same file from its byte 0
		 * after its last is the file again, given twice to one run
		 * (`vchess validate f.pgn f.pgn`: its games twice, numbered from
		 * 1 each time, as one run reads them) */
		bool cont = prev && prev->file && strcmp(prev->file, p->file) == 0 &&
		            !(p->start == 0 && prev->end == prev->size);
		p->src = cont ? prev->src : p->file;
		if (!cont) {
			if (p->start != 0)
				return bad_part(p->name, "%s: the first shard of the file does not start at "
				                "its byte 0: a shard is missing", p->file);
			if (prev && prev->file && prev->end != prev->size)
				return bad_part(prev->name, "%s: the file's last shard does not reach its end",
				                prev->file);
			p->base_index = p->base_line = p->base_offset = 0;
			have_g = false;
		} else {
			if (p->start != prev->end || p->size != prev->size)
				return bad_part(p->name, "%s: its range does not follow the previous "
				                "shard's: the shards are of two different cuts", p->file);
			p->base_index = prev->base_index + end_u64(prev, "games", NULL);
			p->base_offset = prev->base_offset + end_u64(prev, "owned", NULL);
			p->base_line = prev->base_line + end_u64(prev, "lines", NULL);
			if (end_bool(prev, "trail_cr") && end_bool(p, "lead_lf"))
				p->base_line--; /* one CR LF, counted on both sides */
			/* the boundary check: the game after prev's range is
			 * p's first (which may start past p's range: its line
			 * starts in it), or runs over the whole of p */
			bool ok;
			if (!have_g || g_none)
				ok = !has_start;
			else if (has_start)
				ok = p->base_offset + start == g;
			else
				ok = g >= p->base_offset + owned;
			int64_t st_prev = 0;
			vc_jval_i64(vc_jget(prev->end_rec, "status"), &st_prev);
			if (st_prev == VC_EXIT_INPUT) {
				/* one run stops reading the file at its error; the
				 * shards after it read on: their games are not one
				 * run's (vchess-report(1)) */
				vc_cli_error("report merge", "shard %llu (%s) could not read its range of "
				             "%s (its run said why): one run stops reading the file there, "
				             "the later shards of the file do not. Check %s in one run",
				             (unsigned long long)prev->k, prev->name, p->file, p->file);
				return VC_EXIT_USAGE;
			}
			if (!ok) {
				/* which side saw a game start the other did not */
				const bool line_only = has_start &&
				                       (!have_g || g_none || p->base_offset + start < g);
				uint64_t at = line_only ? p->base_offset + start : g;
				vc_cli_error("report merge", "shards %llu (%s) and %llu (%s) disagree about "
				             "the game boundary near byte %llu of %s's content: %s. Cut the "
				             "file otherwise (vchess shards -n with another count, or --size) "
				             "or check it in one run", (unsigned long long)prev->k,
				             prev->name, (unsigned long long)p->k, p->name,
				             (unsigned long long)at, p->file,
				             line_only
				                 ? "a line that looks like a game start (a '[' first, after "
				                   "a blank line or a result) lies inside a comment or a game "
				                   "there"
				                 : "a game starts there on a line that does not look like a "
				                   "game start (its '[' not first on its line, or not after a "
				                   "blank line or a result)");
				return VC_EXIT_USAGE;
			}
		}
		if (has_start) {
			have_g = true;
			g_none = !has_next;
			g = has_next ? p->base_offset + next : 0;
		} else if (!cont) {
			have_g = true;
			g_none = true;
		}
		prev = p;
	}
	if (prev && prev->file && prev->end != prev->size)
		return bad_part(prev->name, "%s: the file's last shard does not reach its end",
		                prev->file);
	return VC_EXIT_OK;
}

const char *vc_merge_format(const struct vc_merge *m)
{
	return m->n ? m->parts[0].format : NULL;
}

size_t vc_merge_nparts(const struct vc_merge *m)
{
	return m->n;
}

const struct vc_jval *vc_merge_state(const struct vc_merge *m, size_t i)
{
	return vc_jget(m->parts[i].end_rec, "state");
}

uint64_t vc_merge_index_base(const struct vc_merge *m, size_t i)
{
	return m->parts[i].base_index;
}

bool vc_merge_input_failed(const struct vc_merge *m)
{
	if (m->cut && m->cut_input_failed)
		return true;
	for (size_t i = 0; i < (m->cut ? m->cut_part : m->n); i++) {
		int64_t st = 0;
		if (vc_jval_i64(vc_jget(m->parts[i].end_rec, "status"), &st) && st == VC_EXIT_INPUT)
			return true;
	}
	return false;
}

void vc_merge_counts(struct vc_merge *m, struct vc_report *rep)
{
	for (size_t i = 0; i < m->n; i++) {
		if (m->cut && i == m->cut_part) {
			/* where one run stops: the part's counts up to there */
			struct vc_jdoc d;
			char err[256];
			if (vc_jdoc_parse(&d, m->cut_rec, strlen(m->cut_rec), err, sizeof err) == 0)
				vc_part_add_counts(rep, vc_jget(&d.root, "fail"));
			vc_jdoc_free(&d);
			rep->stop = VC_REPORT_MAX_ERRORS;
			break;
		}
		vc_part_add_counts(rep, vc_jget(m->parts[i].end_rec, "counts"));
		const char *stop = jstr(vc_jget(m->parts[i].end_rec, "stopped"));
		if (stop && strcmp(stop, "interrupted") == 0)
			rep->stop = VC_REPORT_INTERRUPTED;
	}
}

void vc_merge_set_hooks(struct vc_merge *m, const struct vc_merge_hooks *h)
{
	m->hooks = *h;
}

/* One rendering into rep->out with its relocatable numbers rebased, and
 * the command's points (part.h vc_part_point) given to its hook. outer:
 * NULL, or for a rendering derived from a JSONL one (derive_pretty) the
 * JSON document's writer around the game (pretty, the games array open):
 * a point's compact writer state, which counts from the game's line, goes
 * on inside it, as the JSON rendering's own point would have said. */
static int put_rebased(FILE *out, const char *s, size_t n, const struct part *p,
                       const struct vc_merge_hooks *hk, const struct vc_json *outer)
{
	const char *e = s + n;
	while (s < e) {
		const char *q = memchr(s, VC_REPORT_RELOC, (size_t)(e - s));
		if (!q) {
			fwrite(s, 1, (size_t)(e - s), out);
			break;
		}
		fwrite(s, 1, (size_t)(q - s), out);
		if (e - q < 3)
			return -1;
		char kind = q[1];
		if (kind == VC_PART_POINT) {
			struct vc_json state;
			size_t used = vc_part_point_parse(q, (size_t)(e - q), out, &state);
			if (!used)
				return -1;
			if (outer) {
				int od = outer->depth;
				if (od + state.depth > VC_JSON_MAX_DEPTH)
					return -1;
				memmove(state.stack + od, state.stack, (size_t)state.depth);
				memcpy(state.stack, outer->stack, (size_t)od);
				state.depth += od;
				state.flags = outer->flags;
			}
			if (hk->point)
				hk->point(hk->ctx, &state, out);
			s = q + used;
			continue;
		}
		uint64_t v = 0;
		const char *d = q + 2;
		for (; d < e && *d >= '0' && *d <= '9'; d++)
			v = v * 10 + (uint64_t)(*d - '0');
		if (d >= e || *d != VC_REPORT_RELOC_END || d == q + 2)
			return -1;
		switch (kind) {
		case VC_RELOC_INDEX: v += p->base_index; break;
		case VC_RELOC_LINE: v += p->base_line; break;
		case VC_RELOC_OFFSET: v += p->base_offset; break;
		default: return -1;
		}
		fprintf(out, "%llu", (unsigned long long)v);
		s = d + 1;
	}
	return 0;
}

/* The JSON document's writer goes on after the games written since it
 * last wrote (raw, by vc_merge_games): as if it had written one item. */
static int json_catch_up(struct vc_report *rep)
{
	FILE *sink = fopen("/dev/null", "w");
	if (!sink) {
		vc_cli_error("report merge", "cannot open /dev/null: %m");
		return -1;
	}
	rep->json.fp = sink;
	vc_json_null(&rep->json);
	fclose(sink);
	rep->json.fp = rep->out;
	return 0;
}

/* A part's record of an unreadable input (part.h vc_part_report): the
 * report's record of it, as one run writes it there; its counts are the
 * trailer's, its note a record of its own. */
/* (count_it: past a --max-errors stop, where the counts are not the
 * trailer's) */
static int put_input_error(struct vc_report *rep, const struct vc_jval *e, bool count_it)
{
	const struct vc_jval *src = vc_jget(e, "source"), *mb = vc_jget(e, "member");
	const char *code_w = jstr(vc_jget(e, "code")), *msg = jstr(vc_jget(e, "message"));
	enum vc_code code = code_w ? vc_code_from_word(code_w) : VC_F_COUNT;
	if (!jstr(src) || !mb || (mb->t != VC_J_NULL && mb->t != VC_J_STRING) || !msg ||
	    code == VC_F_COUNT)
		return -1;
	uint64_t input_errors = rep->input_errors, count = rep->code_count[code];
	int ncodes = rep->ncodes;
	void (*on_note)(const char *, enum vc_code, const char *) = rep->on_note;
	rep->on_note = NULL;
	vc_report_input_error(rep, src->s, mb->t == VC_J_STRING ? mb->s : NULL, code, msg);
	rep->on_note = on_note;
	if (!count_it) {
		rep->input_errors = input_errors;
		rep->code_count[code] = count;
		rep->ncodes = ncodes;
	}
	return 0;
}

/* A part's note: said as one run says it (report.h on_note). */
static int put_note(struct vc_report *rep, const struct vc_jval *e)
{
	const char *code_w = jstr(vc_jget(e, "code")), *text = jstr(vc_jget(e, "text"));
	enum vc_code code = code_w ? vc_code_from_word(code_w) : VC_F_COUNT;
	if (!text || code == VC_F_COUNT)
		return -1;
	if (rep->on_note)
		rep->on_note(rep->command, code, text);
	return 0;
}

void vc_merge_set_max_errors(struct vc_merge *m, long n)
{
	m->max_errors = n;
}

/* A growing text buffer for derive_pretty. */
struct tbuf {
	char *p;
	size_t len, cap;
};

static bool tbuf_grow(struct tbuf *b, size_t n)
{
	size_t cap = b->cap ? b->cap : 4096;
	while (cap - b->len < n) {
		if (cap > SIZE_MAX / 2)
			return false;
		cap *= 2;
	}
	char *q = realloc(b->p, cap);
	if (!q)
		return false;
	b->p = q;
	b->cap = cap;
	return true;
}

/* Room for n more bytes (the call is on every token: inline when there
 * is). */
static inline bool tbuf_room(struct tbuf *b, size_t n)
{
	return b->cap - b->len >= n || tbuf_grow(b, n);
}

/* JSON's structural bytes and the quote: what ends a scalar */
static const unsigned char jstruct[256] = {
	['"'] = 1, ['{'] = 1, ['}'] = 1, ['['] = 1, [']'] = 1, [','] = 1, [':'] = 1,
};

/* A line end and the indentation of depth d (formats/json.c's pretty
 * form: two spaces a level); room for it made by the caller. */
static void tbuf_indent(struct tbuf *b, int d)
{
	b->p[b->len++] = '\n';
	memset(b->p + b->len, ' ', (size_t)d * 2);
	b->len += (size_t)d * 2;
}

/* A game's JSON (pretty) rendering from its JSONL one, t[0, n) (one
 * compact value and its line end), as the shard would have rendered it
 * (cmd/pipe_shard.c): an item of the games array at depth `depth`, after
 * another (",", the line end and the indentation first). The two are the
 * one tree of the one writer (formats/report.c json_game; formats/json.c)
 * without and with VC_JSON_PRETTY, so putting back the pretty writer's
 * line ends and indentation gives its bytes: a line end and the
 * indentation after `{`, `[` and `,` and before `}` and `]` (an empty
 * object or array stays `{}`, `[]`), a space after the `:` of a key;
 * strings (their escapes) and scalars as they are, relocatable numbers
 * and points (part.h) among the scalars: a point follows a value, where
 * the pretty writer is after that value too (its writer state is the
 * compact one's: put_rebased's outer). Returns 0, -1 when out of memory,
 * -2 when t is not such a value (a damaged part: a container closed that
 * was not open or not closed, a string not closed, nesting deeper than a
 * writer can). */
static int derive_pretty(struct tbuf *b, const char *t, size_t n, int depth)
{
	while (n && t[n - 1] == '\n')
		n--;
	b->len = 0;
	int d = depth;
	if (!tbuf_room(b, 2 + (size_t)d * 2))
		return -1;
	b->p[b->len++] = ',';
	tbuf_indent(b, d);
	size_t i = 0;
	while (i < n) {
		char c = t[i];
		/* a structural byte writes at most itself, a line end and the
		 * indentation of one level more */
		if (!tbuf_room(b, 3 + (size_t)(d + 1) * 2))
			return -1;
		switch (c) {
		case '{':
		case '[':
			b->p[b->len++] = c;
			if (i + 1 < n && t[i + 1] == (c == '{' ? '}' : ']')) {
				b->p[b->len++] = t[++i];
			} else {
				if (++d > VC_JSON_MAX_DEPTH)
					return -2;
				tbuf_indent(b, d);
			}
			i++;
			continue;
		case '}':
		case ']':
			if (--d < depth)
				return -2;
			tbuf_indent(b, d);
			b->p[b->len++] = c;
			i++;
			continue;
		case ',':
			b->p[b->len++] = c;
			tbuf_indent(b, d);
			i++;
			continue;
		case ':':
			b->p[b->len++] = ':';
			b->p[b->len++] = ' ';
			i++;
			continue;
		default:
			break;
		}
		size_t k = i + 1;
		if (c == '"') {
			/* a string, to its closing quote (one after an even
			 * number of backslashes) */
			for (;;) {
				const char *q = memchr(t + k, '"', n - k);
				if (!q)
					return -2; /* not closed */
				size_t e = (size_t)(q - t), bs = 0;
				while (e - bs > k && t[e - bs - 1] == '\\')
					bs++;
				k = e + 1;
				if (bs % 2 == 0)
					break;
			}
		} else {
			/* a scalar, a relocatable number or a point */
			while (k < n && !jstruct[(unsigned char)t[k]])
				k++;
		}
		if (!tbuf_room(b, k - i))
			return -1;
		memcpy(b->p + b->len, t + i, k - i);
		b->len += k - i;
		i = k;
	}
	if (d != depth)
		return -2;
	return 0;
}

static int merge_games(struct vc_merge *m, struct vc_report *rep, struct tbuf *pretty)
{
	const char *word = vc_report_format_word(rep->format);
	bool first = true;
	bool behind = false; /* JSON: games written that rep->json has not seen */
	/* JSON: the document's writer as a game's rendering finds it in a
	 * shard (pipe_shard.c: after an item of the games array), for the
	 * points of renderings derived from JSONL ones */
	struct vc_json outer;
	memset(&outer, 0, sizeof outer);
	if (rep->format == VC_FORMAT_JSON) {
		outer = rep->json;
		outer.fp = NULL;
		outer.buf = NULL;
		outer.len = outer.cap = 0;
		vc_json_null(&outer);
		vc_json_release(&outer);
	}
	for (size_t i = 0; i < m->n; i++) {
		struct part *p = &m->parts[i];
		if (fseeko(p->f, p->data, SEEK_SET) != 0) {
			vc_cli_error("report merge", "%s: cannot read it again", p->name);
			return -1;
		}
		bool part_ie = false; /* an input_error record of the part taken */
		if (m->cut)
			break;
		for (uint64_t r = 0; r < p->nrec + p->nother; r++) {
			ssize_t n = read_line(m, p->f);
			struct vc_jdoc d;
			char err[256];
			if (n < 0 || vc_jdoc_parse(&d, m->line, (size_t)n, err, sizeof err)) {
				vc_cli_error("report merge", "%s: changed while it was read", p->name);
				if (n >= 0)
					vc_jdoc_free(&d);
				return -1;
			}
			const struct vc_jval *ie = vc_jget(&d.root, "input_error");
			const struct vc_jval *note = vc_jget(&d.root, "note");
			if (ie || note) {
				if (ie && rep->format == VC_FORMAT_JSON && behind && json_catch_up(rep)) {
					vc_jdoc_free(&d);
					return -1;
				}
				int bad = ie ? put_input_error(rep, ie, m->cut) : put_note(rep, note);
				vc_jdoc_free(&d);
				if (bad) {
					vc_cli_error("report merge", "%s: a damaged %s record", p->name,
					             ie ? "input_error" : "note");
					return -1;
				}
				if (ie && !rep->quiet) {
					first = false; /* the games after it keep their commas */
					behind = false;
				}
				if (ie)
					part_ie = true;
				continue;
			}
			if (m->cut) {
				/* past the game one run stops at */
				vc_jdoc_free(&d);
				break;
			}
			if (m->hooks.game && m->hooks.game(m->hooks.ctx, &d.root, p->src,
			                                   p->base_index, p->base_line)) {
				vc_jdoc_free(&d);
				return -1;
			}
			const struct vc_jval *s = vc_jget(vc_jget(&d.root, "g"), word);
			bool derived = false;
			if (!s && rep->format == VC_FORMAT_JSON) {
				/* a part holds the JSONL rendering only: the JSON
				 * one is its tree, pretty (derive_pretty) */
				s = vc_jget(vc_jget(&d.root, "g"), "jsonl");
				derived = true;
			}
			if (!s || s->t != VC_J_STRING) {
				vc_cli_error("report merge", "%s: a game without its %s rendering", p->name,
				             word);
				vc_jdoc_free(&d);
				return -1;
			}
			const char *t = s->s;
			size_t len = s->n;
			if (derived && len) {
				int rc = derive_pretty(pretty, t, len, outer.depth);
				if (rc) {
					vc_jdoc_free(&d);
					if (rc == -1)
						vc_cli_error("report merge", "out of memory");
					else
						vc_cli_error("report merge", "%s: a damaged jsonl rendering",
						             p->name);
					return -1;
				}
				t = pretty->p;
				len = pretty->len;
			}
			if (len && first && rep->format == VC_FORMAT_JSON && t[0] == ',') {
				/* rendered as if after another game */
				t++;
				len--;
			}
			if (len && (rep->format == VC_FORMAT_SARIF || rep->format == VC_FORMAT_JUNIT)) {
				/* what goes between fragments (report.h `fragment`):
				 * a shard's games are of its file */
				struct vc_report one;
				memset(&one, 0, sizeof one);
				one.games = 1;
				one.ci_source = p->file;
				/* joined by its bytes before a point (part.h
				 * vc_part_point): what the point writes is
				 * joined by its writer (a SARIF result made by
				 * the command, report.h vc_report_ci_warning) */
				size_t before = 0;
				while (before < len && !(t[before] == VC_REPORT_RELOC &&
				                         before + 1 < len && t[before + 1] == VC_PART_POINT))
					before++;
				size_t skip = vc_report_join(rep, &one, t, before);
				t += skip;
				len -= skip;
			}
			if (len) {
				first = false;
				behind = true;
			}
			if (m->max_errors > 0 && vc_jget(&d.root, "fail") &&
			    ++m->fails >= (uint64_t)m->max_errors) {
				/* one run stops after this game: its counts so far
				 * are the part's "fail"; an input error the reader
				 * met in it follows and is said (pipeline.c) */
				m->cut = true;
				m->cut_part = i;
				if (!(m->cut_rec = strdup(m->line))) {
					vc_cli_error("report merge", "out of memory");
					vc_jdoc_free(&d);
					return -1;
				}
			}
			int rc = put_rebased(rep->out, t, len, p, &m->hooks, derived ? &outer : NULL);
			vc_jdoc_free(&d);
			if (rc) {
				vc_cli_error("report merge", "%s: a damaged relocatable number", p->name);
				return -1;
			}
			if (rep->after_write)
				rep->after_write(rep->out);
		}
		if (m->cut)
			m->cut_input_failed = part_ie;
	}
	/* the document's writer goes on after the games array's items */
	if (behind && rep->format == VC_FORMAT_JSON && json_catch_up(rep))
		return -1;
	return 0;
}

int vc_merge_games(struct vc_merge *m, struct vc_report *rep)
{
	struct tbuf pretty = { NULL, 0, 0 };
	int rc = merge_games(m, rep, &pretty);
	free(pretty.p);
	return rc;
}

static void merge_free(struct vc_merge *m)
{
	for (size_t i = 0; i < m->n; i++) {
		vc_jdoc_free(&m->parts[i].head);
		vc_jdoc_free(&m->parts[i].tail);
		if (m->parts[i].f != m->spool && (i == 0 || m->parts[i - 1].f != m->parts[i].f))
			fclose(m->parts[i].f);
	}
	if (m->spool)
		fclose(m->spool);
	free(m->cut_rec);
	free(m->parts);
	free(m->line);
}

/* Options of the merge passed on to the command's parser. */
enum { M_FORMAT = 0x400, M_KEEP, M_STANDINGS, M_TIEBREAK, M_SYSTEM, M_CROSSTABLE };

static const struct option merge_options[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "format", required_argument, NULL, M_FORMAT },
	{ "output", required_argument, NULL, 'o' },
	{ "keep-partial", no_argument, NULL, M_KEEP },
	{ "standings", no_argument, NULL, M_STANDINGS },
	{ "tiebreak", required_argument, NULL, M_TIEBREAK },
	{ "system", required_argument, NULL, M_SYSTEM },
	{ "crosstable", no_argument, NULL, M_CROSSTABLE },
	{ 0, 0, 0, 0 },
};

/* The merge's options that only adjudicate's parts take (its standings). */
static const char *const standings_options[] = {
	"--standings", "--tiebreak", "--system", "--crosstable", NULL,
};

static int merge_main(int argc, char **argv)
{
	/* the options for the command: what the merge is given */
	char **pass = calloc((size_t)argc * 2 + 2, sizeof *pass);
	if (!pass) {
		vc_cli_error("report merge", "out of memory");
		return VC_EXIT_INPUT;
	}
	int npass = 0;
	bool format_given = false;
	optind = 0;
	opterr = 0;
	int c;
	while ((c = getopt_long(argc, argv, ":ho:", merge_options, NULL)) != -1) {
		switch (c) {
		case 'h':
			fputs(usage, stdout);
			free(pass);
			return VC_EXIT_OK;
		case ':':
			free(pass);
			return vc_cli_usage_error("report merge", "option '%s' needs an argument",
			                          argv[optind - 1]);
		case '?':
			free(pass);
			return vc_cli_usage_error("report merge", "unknown option '%s'",
			                          argv[optind - 1]);
		case 'o':
			pass[npass++] = "--output";
			pass[npass++] = optarg;
			break;
		default:
			for (const struct option *o = merge_options; o->name; o++)
				if (o->val == c) {
					static char names[8][32];
					int slot = (int)(o - merge_options);
					snprintf(names[slot], sizeof names[slot], "--%s", o->name);
					pass[npass++] = names[slot];
					if (o->has_arg)
						pass[npass++] = optarg;
				}
			if (c == M_FORMAT)
				format_given = true;
			break;
		}
	}
	if (optind >= argc) {
		free(pass);
		return vc_cli_usage_error("report merge", "no part report given");
	}
	/* the report must not replace a part it reads (common.h) */
	for (int i = 0; i + 1 < npass; i++)
		if (strcmp(pass[i], "--output") == 0) {
			const struct vc_cli_output outs[] = { { "-o", pass[i + 1], true } };
			int rc = vc_cli_check_outputs("report merge", outs, 1, argv + optind,
			                              argc - optind);
			if (rc != VC_EXIT_OK) {
				free(pass);
				return rc;
			}
		}
	struct vc_merge m;
	memset(&m, 0, sizeof m);
	int rc = VC_EXIT_OK;
	bool stdin_seen = false;
	for (int i = optind; i < argc && rc == VC_EXIT_OK; i++) {
		FILE *f;
		bool many = false;
		if (strcmp(argv[i], "-") == 0) {
			if (stdin_seen) {
				rc = vc_cli_usage_error("report merge", "'-' given twice");
				break;
			}
			stdin_seen = true;
			/* closed by the caller (<&-: vchess(1) holds it open for
			 * writing only), as the other commands say it */
			int fl = fcntl(STDIN_FILENO, F_GETFL);
			if (fl < 0 || (fl & O_ACCMODE) == O_WRONLY) {
				vc_cli_error("report merge", "-: standard input is closed");
				rc = VC_EXIT_INPUT;
				break;
			}
			/* a copy, to be read twice */
			m.spool = tmpfile();
			if (!m.spool) {
				vc_cli_error("report merge", "cannot make a temporary file: %m");
				rc = VC_EXIT_INPUT;
				break;
			}
			char buf[65536];
			size_t n;
			while ((n = fread(buf, 1, sizeof buf, stdin)) > 0)
				fwrite(buf, 1, n, m.spool);
			if (ferror(stdin) || fflush(m.spool) != 0) {
				vc_cli_error("report merge", "standard input: cannot keep a copy of it");
				rc = VC_EXIT_INPUT;
				break;
			}
			rewind(m.spool);
			f = m.spool;
			many = true;
		} else if (!(f = fopen(argv[i], "r"))) {
			vc_cli_error("report merge", "%s: %m", argv[i]);
			rc = VC_EXIT_INPUT;
			break;
		}
		rc = scan_file(&m, argv[i], f, many);
		if (rc != VC_EXIT_OK && f != m.spool && (m.n == 0 || m.parts[m.n - 1].f != f))
			fclose(f);
	}
	if (rc == VC_EXIT_OK)
		rc = check_parts(&m);
	if (rc == VC_EXIT_OK) {
		/* the command's options: the shards', then the merge's */
		const struct part *p0 = &m.parts[0];
		const struct vc_jval *opts = vc_jget(&p0->head.root, "options");
		size_t nopts = opts && opts->t == VC_J_ARRAY ? opts->n : 0;
		char **cargv = calloc(2 * nopts + (size_t)npass + 4, sizeof *cargv);
		char **owned = calloc(nopts + 1, sizeof *owned);
		int cargc = 0;
		if (!cargv || !owned) {
			vc_cli_error("report merge", "out of memory");
			rc = VC_EXIT_INPUT;
		} else {
			cargv[cargc++] = (char *)p0->command;
			for (size_t i = 0; i < nopts; i++) {
				const struct vc_jval *o = &opts->kids[i];
				const char *name = o->t == VC_J_ARRAY && o->n == 2 ? jstr(&o->kids[0]) : NULL;
				if (!name)
					continue;
				size_t k = strlen(name) + 3;
				if (!(owned[i] = malloc(k)))
					continue;
				snprintf(owned[i], k, "--%s", name);
				cargv[cargc++] = owned[i];
				if (o->kids[1].t == VC_J_STRING)
					cargv[cargc++] = (char *)o->kids[1].s;
			}
			if (!format_given && p0->format) {
				cargv[cargc++] = "--format";
				cargv[cargc++] = (char *)p0->format;
			}
			for (int i = 0; i < npass; i++)
				cargv[cargc++] = pass[i];
			cargv[cargc] = NULL;
			const char *adj_only = NULL; /* an option of adjudicate's parts only */
			for (int i = 0; i < npass; i++)
				for (const char *const *o = standings_options; *o; o++)
					if (!adj_only && strcmp(pass[i], *o) == 0)
						adj_only = *o;
			if (adj_only && strcmp(p0->command, "adjudicate") != 0)
				rc = vc_cli_usage_error("report merge", "%s applies to parts of "
				                        "'vchess adjudicate' only: these are parts "
				                        "of 'vchess %s'", adj_only, p0->command);
			else if (strcmp(p0->command, "validate") == 0)
				rc = vc_merge_validate(&m, cargc, cargv);
			else if (strcmp(p0->command, "adjudicate") == 0)
				rc = vc_merge_adjudicate(&m, cargc, cargv);
			else
				rc = bad_part(p0->name, "parts of 'vchess %s' cannot be merged",
				              p0->command);
			for (size_t i = 0; i < nopts; i++)
				free(owned[i]);
		}
		free(cargv);
		free(owned);
	}
	merge_free(&m);
	free(pass);
	return rc;
}

static const char report_usage[] =
        "usage: vchess report merge [options] PART...\n"
        "\n"
        "Reports: 'vchess report merge --help' for the merge of a sharded\n"
        "run's part reports.\n";

int cmd_report(int argc, char **argv)
{
	if (argc < 2) {
		fputs(report_usage, stderr);
		return VC_EXIT_USAGE;
	}
	if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
		fputs(report_usage, stdout);
		return VC_EXIT_OK;
	}
	if (strcmp(argv[1], "merge") == 0)
		return merge_main(argc - 1, argv + 1);
	return vc_cli_usage_error("report", "unknown report command '%s' (merge)", argv[1]);
}
