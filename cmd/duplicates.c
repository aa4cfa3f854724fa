/* vchess - duplicate games: the hash and the table. See duplicates.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xxhash.h>

#include "duplicates.h"
#include "textesc.h"
#include "position.h"
#include "variant.h"

bool vc_dup_hash_game(const struct vc_gc_game *g, struct vc_dup_hash *h)
{
	if (!g->setup_ok || !g->game || g->nerrors > 0 || g->rules || !g->game->variant)
		return false;
	const struct vc_game *gm = g->game;
	char fen[VC_FEN_MAX];
	vc_fen_write(&gm->line[0], fen, false);
	/* the library's state is opaque (its size may change with the
	 * shared library's version): one allocation a game, small beside
	 * checking it */
	XXH3_state_t *st = XXH3_createState();
	if (!st)
		return false;
	XXH3_128bits_reset(st);
	/* each part with its terminating NUL: no two splits of the same
	 * bytes give the same input */
	const char *name = gm->variant->name;
	XXH3_128bits_update(st, name, strlen(name) + 1);
	XXH3_128bits_update(st, fen, strlen(fen) + 1);
	if (gm->nplies > 0)
		XXH3_128bits_update(st, gm->moves, (size_t)gm->nplies * sizeof *gm->moves);
	XXH128_hash_t r = XXH3_128bits_digest(st);
	XXH3_freeState(st);
	h->hi = r.high64;
	h->lo = r.low64;
	return true;
}

char *vc_dup_hash_hex(const struct vc_dup_hash *h, char buf[33])
{
	static const char hex[] = "0123456789abcdef";
	for (int i = 0; i < 16; i++) {
		buf[i] = hex[(h->hi >> (60 - 4 * i)) & 15];
		buf[16 + i] = hex[(h->lo >> (60 - 4 * i)) & 15];
	}
	buf[32] = 0;
	return buf;
}

bool vc_dup_hash_parse(const char *s, struct vc_dup_hash *h)
{
	uint64_t v[2] = { 0, 0 };
	for (int i = 0; i < 32; i++) {
		char c = s[i];
		int d = c >= '0' && c <= '9' ? c - '0'
		        : c >= 'a' && c <= 'f' ? c - 'a' + 10
		        : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
		if (d < 0)
			return false; /* the NUL of a short string too */
		v[i / 16] = v[i / 16] << 4 | (uint64_t)d;
	}
	if (s[32])
		return false;
	h->hi = v[0];
	h->lo = v[1];
	return true;
}

void vc_dup_table_init(struct vc_dup_table *t, size_t max)
{
	memset(t, 0, sizeof *t);
	t->max = max;
}

void vc_dup_table_release(struct vc_dup_table *t)
{
	free(t->keys);
	free(t->ids);
	t->keys = NULL;
	t->ids = NULL;
	t->cap = t->count = 0;
}

static bool is_empty(const struct vc_dup_hash *k)
{
	return (k->hi | k->lo) == 0;
}

/* The slot of h, or the empty slot where it goes (cap a power of two,
 * never full). The hash's bits are uniform: its low bits are the start. */
static size_t probe(const struct vc_dup_hash *keys, size_t cap, const struct vc_dup_hash *h)
{
	size_t i = (size_t)h->lo & (cap - 1);
	while (!is_empty(&keys[i]) && (keys[i].hi != h->hi || keys[i].lo != h->lo))
		i = (i + 1) & (cap - 1);
	return i;
}

static bool grow(struct vc_dup_table *t)
{
	size_t cap = t->cap ? 2 * t->cap : 1024;
	struct vc_dup_hash *keys = calloc(cap, sizeof *keys);
	uint32_t *ids = malloc(cap * sizeof *ids);
	if (!keys || !ids) {
		free(keys);
		free(ids);
		return false;
	}
	for (size_t i = 0; i < t->cap; i++)
		if (!is_empty(&t->keys[i])) {
			size_t j = probe(keys, cap, &t->keys[i]);
			keys[j] = t->keys[i];
			ids[j] = t->ids[i];
		}
	free(t->keys);
	free(t->ids);
	t->keys = keys;
	t->ids = ids;
	t->cap = cap;
	return true;
}

enum vc_dup_result vc_dup_table_add(struct vc_dup_table *t, const struct vc_dup_hash *h,
                                    uint32_t id, uint32_t *first)
{
	if (is_empty(h)) {
		if (t->zero_seen) {
			*first = t->zero_id;
			return VC_DUP_FOUND;
		}
		if (t->count >= t->max)
			return VC_DUP_FULL;
		t->zero_seen = true;
		t->zero_id = id;
		t->count++;
		return VC_DUP_NEW;
	}
	if (t->cap) {
		size_t i = probe(t->keys, t->cap, h);
		if (!is_empty(&t->keys[i])) {
			*first = t->ids[i];
			return VC_DUP_FOUND;
		}
	}
	if (t->count >= t->max)
		return VC_DUP_FULL;
	/* at most three quarters full after adding */
	if (4 * (t->count + 1) > 3 * t->cap && !grow(t))
		return VC_DUP_NOMEM;
	size_t i = probe(t->keys, t->cap, h);
	t->keys[i] = *h;
	t->ids[i] = id;
	t->count++;
	return VC_DUP_NEW;
}

/* ---- validate --duplicates ---------------------------------------------- */

size_t vc_dup_query_make(struct vc_dup_query *q, const struct vc_gc_game *g,
                         const struct vc_dup_hash *h)
{
	q->h = *h;
	q->source = g->source;
	q->index = g->index;
	q->line = g->line;
	q->has_member = g->member != NULL;
	size_t n = 0;
	if (g->member) {
		n = strnlen(g->member, VC_DUP_MEMBER_MAX);
		memcpy(q->member, g->member, n);
	}
	q->member[n] = 0;
	return sizeof *q + n + 1;
}

void vc_dups_init(struct vc_dups *d, size_t max, struct vc_report *rep)
{
	memset(d, 0, sizeof *d);
	vc_dup_table_init(&d->table, max);
	d->rep = rep;
	d->text = rep->format == VC_FORMAT_TEXT;
}

void vc_dups_release(struct vc_dups *d)
{
	vc_dup_table_release(&d->table);
	for (size_t i = 0; i < d->nmembers; i++)
		free(d->members[i].member);
	free(d->members);
	d->members = NULL;
	d->nmembers = 0;
}

static void note(struct vc_dups *d, const char *text)
{
	if (d->rep->on_note)
		d->rep->on_note(d->rep->command, VC_F_DUPLICATE_OF, text);
}

/* Stop looking (said once). */
static void stop(struct vc_dups *d, const char *why)
{
	if (d->stopped)
		return;
	d->stopped = true;
	char text[256];
	snprintf(text, sizeof text, "--duplicates: %s after %zu games: later games are "
	         "not looked at", why, d->table.count);
	note(d, text);
}

/* The member a game of q belongs to: the last one, or a new one when the
 * source or member name changes or the numbers start again (two members of
 * one name). Returns its index, or -1 out of memory. */
static long member_of(struct vc_dups *d, const struct vc_dup_query *q, uint64_t index)
{
	if (d->nmembers) {
		struct vc_dup_member *m = &d->members[d->nmembers - 1];
		bool same = m->source == q->source && index > d->cur_max &&
		            (m->member ? q->has_member && strcmp(m->member, q->member) == 0
		                       : !q->has_member);
		if (same)
			return (long)d->nmembers - 1;
	}
	if (d->nmembers == d->capmembers) {
		size_t cap = d->capmembers ? 2 * d->capmembers : 16;
		struct vc_dup_member *v = realloc(d->members, cap * sizeof *v);
		if (!v)
			return -1;
		d->members = v;
		d->capmembers = cap;
	}
	struct vc_dup_member *m = &d->members[d->nmembers];
	m->base = d->nmembers ? d->members[d->nmembers - 1].base + d->cur_max : 1;
	m->source = q->source;
	m->member = NULL;
	if (q->has_member && !(m->member = strdup(q->member)))
		return -1;
	d->cur_max = 0;
	return (long)d->nmembers++;
}

int vc_dups_decide(struct vc_dups *d, const struct vc_dup_query *q, uint64_t base)
{
	if (d->stopped)
		return 0;
	uint64_t index = q->index + base;
	long mi = member_of(d, q, index);
	if (mi < 0) {
		d->nomem = true;
		stop(d, "out of memory");
		return 0;
	}
	struct vc_dup_member *m = &d->members[mi];
	d->cur_max = index;
	uint64_t id = m->base + index - 1;
	if (id > UINT32_MAX) {
		stop(d, "games numbered beyond 2^32");
		return 0;
	}
	uint32_t first;
	switch (vc_dup_table_add(&d->table, &q->h, (uint32_t)id, &first)) {
	case VC_DUP_NEW:
		return 0;
	case VC_DUP_FULL:
		stop(d, "--duplicates-max reached");
		return 0;
	case VC_DUP_NOMEM:
		d->nomem = true;
		stop(d, "out of memory");
		return 0;
	case VC_DUP_FOUND:
		break;
	}
	/* the member of the first: the last whose base is not above it */
	size_t lo = 0, hi = d->nmembers;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if (d->members[mid].base <= first)
			lo = mid;
		else
			hi = mid;
	}
	d->found++;
	d->src = q->source;
	d->member = m->member;
	d->index = index;
	d->line = q->line;
	d->first_src = d->members[lo].source;
	d->first_member = d->members[lo].member;
	d->first_index = first - d->members[lo].base + 1;
	d->rep->warnings++;
	vc_report_count_code(d->rep, VC_F_DUPLICATE_OF, 1);
	return 1;
}

void vc_dups_write(struct vc_dups *d, const void *point, int answer, FILE *out)
{
	if (answer <= 0)
		return;
	if (d->text) {
		if (d->rep->quiet && !d->rep->verbose)
			return; /* as the record's warnings */
		char loc[512];
		vc_report_location(loc, sizeof loc, d->src, d->member, d->line, 1);
		fprintf(out, "%s: warning: game %llu: duplicate of game %llu of ", loc,
		        (unsigned long long)d->index, (unsigned long long)d->first_index);
		vc_text_put(out, d->first_src);
		if (d->first_member) {
			fputc(':', out);
			vc_text_put(out, d->first_member);
		}
		fputs(" [duplicate-of]\n", out);
		return;
	}
	struct vc_json j;
	memcpy(&j, point, sizeof j);
	j.fp = out;
	vc_json_key(&j, "duplicate_of");
	vc_json_begin_object(&j);
	vc_json_kv_string(&j, "source", d->first_src);
	if (d->first_member)
		vc_json_kv_string(&j, "member", d->first_member);
	else
		vc_json_kv_null(&j, "member");
	vc_json_kv_uint(&j, "index", d->first_index);
	vc_json_end_object(&j);
}

void vc_dups_summary_json(struct vc_dups *d, struct vc_json *j)
{
	vc_json_key(j, "duplicates");
	vc_json_begin_object(j);
	vc_json_kv_uint(j, "found", d->found);
	vc_json_kv_uint(j, "games", d->table.count);
	vc_json_kv_bool(j, "stopped", d->stopped);
	vc_json_end_object(j);
}

void vc_dups_summary_text(struct vc_dups *d, FILE *out, const char *command)
{
	if (d->stopped)
		fprintf(out, "%s: duplicates: looked for among the first %zu games only%s\n", command,
		        d->table.count, d->nomem ? " (out of memory)" : " (--duplicates-max)");
}
