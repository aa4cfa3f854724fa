/* vchess - duplicate games: the hash and the table. See duplicates.h. */
#define _GNU_SOURCE /* mremap */
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
	/* a game without moves (a forfeit, a bare position) says nothing
	 * that two different games could not share: all forfeits from the
	 * standard start would be duplicates of the first */
	if (gm->nplies == 0)
		return false;
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

/* ---- the table ------------------------------------------------------------
 *
 * One array of 20-byte slots (the hash's four 32-bit words, hi's high word
 * first, then the game's id), sorted by hash with gaps: a hash's home slot
 * is hi * cap / 2^64 (monotone in the hash), it sits at or after its home,
 * and no slot between its home and it is empty. A look-up scans from the
 * home while the slots hold smaller hashes; an insertion shifts the run
 * that follows by one slot. The slots past cap (the tail) take the runs
 * that the last homes push beyond it: there is no wrapping around.
 *
 * The table is at most nine tenths full (of all its slots) and grows, when
 * it would be fuller, to a quarter more slots than games: 20 bytes a slot
 * makes 22.2 to 25 bytes a game at every size. It grows in place (on
 * Linux the mapping is moved by mremap, without copying, so old and new
 * are never both held): the hashes are first packed against the new end,
 * then, in order, each is put at its new home or just after the one before
 * (homes only move up, so nothing is overwritten before it was moved). */

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#define VC_DUP_MMAP 1
#endif

struct slot {
	uint32_t w[5]; /* hi >> 32, hi, lo >> 32, lo, id */
};
_Static_assert(sizeof(struct slot) == 20, "a slot is 20 bytes");

#define MIN_SLOTS 1024

static size_t page_size(void)
{
#ifdef VC_DUP_MMAP
	long p = sysconf(_SC_PAGESIZE);
	return p > 0 ? (size_t)p : 4096;
#else
	return 1;
#endif
}

/* The bytes held for n slots. */
static size_t bytes_for(size_t n)
{
	size_t pg = page_size();
	return (n * sizeof(struct slot) + pg - 1) / pg * pg;
}

/* Make t's array `bytes` long (zeroes past the old end); t unchanged on
 * failure. */
static bool resize(struct vc_dup_table *t, size_t bytes)
{
#ifdef VC_DUP_MMAP
	void *p = t->slots ? mremap(t->slots, t->bytes, bytes, MREMAP_MAYMOVE)
	                   : mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
	                          -1, 0);
	if (p == MAP_FAILED)
		return false;
#else
	void *p = realloc(t->slots, bytes);
	if (!p)
		return false;
	memset((char *)p + t->bytes, 0, bytes - t->bytes);
#endif
	t->slots = p;
	t->bytes = bytes;
	t->nslots = bytes / sizeof(struct slot);
	return true;
}

void vc_dup_table_init(struct vc_dup_table *t, size_t max)
{
	memset(t, 0, sizeof *t);
	t->max = max;
}

void vc_dup_table_release(struct vc_dup_table *t)
{
	if (t->slots) {
#ifdef VC_DUP_MMAP
		munmap(t->slots, t->bytes);
#else
		free(t->slots);
#endif
	}
	t->slots = NULL;
	t->nslots = t->cap = t->bytes = 0;
	t->count = 0;
	t->zero_seen = false;
}

size_t vc_dup_table_bytes(const struct vc_dup_table *t)
{
	return t->bytes;
}

static bool s_empty(const struct slot *s)
{
	return (s->w[0] | s->w[1] | s->w[2] | s->w[3]) == 0;
}

static uint64_t s_hi(const struct slot *s)
{
	return (uint64_t)s->w[0] << 32 | s->w[1];
}

static uint64_t s_lo(const struct slot *s)
{
	return (uint64_t)s->w[2] << 32 | s->w[3];
}

/* The high 64 bits of a * b. */
static inline uint64_t mulhi(uint64_t a, uint64_t b)
{
#ifdef __SIZEOF_INT128__
	return (uint64_t)(((unsigned __int128)a * b) >> 64);
#else
	uint64_t a1 = a >> 32, a0 = a & 0xffffffffu, b1 = b >> 32, b0 = b & 0xffffffffu;
	uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
	uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
	return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
#endif
}

static size_t home(uint64_t hi, size_t cap)
{
	return (size_t)mulhi(hi, cap);
}

/* The tail past cap for n slots. */
static size_t tail_for(size_t n)
{
	return 64 + n / 128;
}

/* Where h is, or where it goes (the first slot from its home that is
 * empty or holds a greater hash; nslots when the run reaches the end). */
static size_t find(const struct vc_dup_table *t, const struct vc_dup_hash *h)
{
	const struct slot *s = t->slots;
	size_t i = home(h->hi, t->cap);
	for (; i < t->nslots && !s_empty(&s[i]); i++) {
		uint64_t hi = s_hi(&s[i]);
		if (hi > h->hi || (hi == h->hi && s_lo(&s[i]) >= h->lo))
			break;
	}
	return i;
}

/* Grow t to a quarter more slots than `games`, rehashed in place. */
static bool grow(struct vc_dup_table *t, size_t games)
{
	size_t want = games + games / 4;
	if (want < MIN_SLOTS)
		want = MIN_SLOTS;
	size_t bytes = bytes_for(want);
	size_t n = bytes / sizeof(struct slot);
	size_t cap = n - tail_for(n);
	/* the slots the hashes will take with the new homes (a dry run): more
	 * than n only when the last homes are crowded */
	const struct slot *s = t->slots;
	size_t next = 0;
	for (size_t i = 0; i < t->nslots; i++)
		if (!s_empty(&s[i])) {
			size_t h = home(s_hi(&s[i]), cap);
			next = (h > next ? h : next) + 1;
		}
	if (next > n)
		bytes = bytes_for(next + 32);
	size_t old = t->nslots;
	if (!resize(t, bytes))
		return false;
	struct slot *v = t->slots;
	n = t->nslots;
	/* pack against the end, in order */
	size_t k = n;
	for (size_t i = old; i-- > 0;)
		if (!s_empty(&v[i])) {
			k--;
			if (k != i) {
				v[k] = v[i];
				memset(&v[i], 0, sizeof v[i]);
			}
		}
	/* then each at its home or after the one before: never after where
	 * it is (the dry run fits) */
	next = 0;
	for (size_t j = k; j < n; j++) {
		struct slot e = v[j];
		memset(&v[j], 0, sizeof v[j]);
		size_t h = home(s_hi(&e), cap);
		size_t p = h > next ? h : next;
		v[p] = e;
		next = p + 1;
	}
	t->cap = cap;
	return true;
}

enum vc_dup_result vc_dup_table_add(struct vc_dup_table *t, const struct vc_dup_hash *h,
                                    uint32_t id, uint32_t *first)
{
	if (h->hi == 0 && h->lo == 0) {
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
	struct slot *s = t->slots;
	size_t i = 0;
	if (t->nslots) {
		i = find(t, h);
		if (i < t->nslots && s_hi(&s[i]) == h->hi && s_lo(&s[i]) == h->lo) {
			*first = s[i].w[4];
			return VC_DUP_FOUND;
		}
	}
	if (t->count >= t->max)
		return VC_DUP_FULL;
	/* at most nine tenths full after adding (count includes the zero
	 * hash, which takes no slot: no matter) */
	if (10 * (t->count + 1) > 9 * t->nslots) {
		if (!grow(t, t->count + 1))
			return VC_DUP_NOMEM;
		i = find(t, h);
	}
	for (;;) {
		s = t->slots;
		size_t e = i;
		while (e < t->nslots && !s_empty(&s[e]))
			e++;
		if (e < t->nslots) {
			memmove(&s[i + 1], &s[i], (e - i) * sizeof *s);
			break;
		}
		/* the run reaches the end: a page more of tail (the homes
		 * stay) */
		if (!resize(t, bytes_for(t->nslots + 1)))
			return VC_DUP_NOMEM;
	}
	s[i].w[0] = (uint32_t)(h->hi >> 32);
	s[i].w[1] = (uint32_t)h->hi;
	s[i].w[2] = (uint32_t)(h->lo >> 32);
	s[i].w[3] = (uint32_t)h->lo;
	s[i].w[4] = id;
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
	snprintf(text, sizeof text, "--duplicates: %s after %zu game%s: later games are "
	         "not looked at", why, d->table.count, d->table.count == 1 ? "" : "s");
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

/* The member "duplicate_of": the first game's source, member (or null)
 * and number. */
static void first_json(void *ctx, struct vc_json *j)
{
	const struct vc_dups *d = ctx;
	vc_json_key(j, "duplicate_of");
	vc_json_begin_object(j);
	vc_json_kv_string(j, "source", d->first_src);
	if (d->first_member)
		vc_json_kv_string(j, "member", d->first_member);
	else
		vc_json_kv_null(j, "member");
	vc_json_kv_uint(j, "index", d->first_index);
	vc_json_end_object(j);
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
	if (d->rep->format == VC_FORMAT_GITHUB || d->rep->format == VC_FORMAT_SARIF ||
	    d->rep->format == VC_FORMAT_JUNIT) {
		/* a warning of the game, as the format writes any (report.h
		 * vc_report_ci_warning); SARIF's result has the JSON member
		 * among its properties */
		char small[512];
		char *big = NULL;
		int n = snprintf(small, sizeof small, "duplicate of game %llu of %s%s%s",
		                 (unsigned long long)d->first_index, d->first_src,
		                 d->first_member ? ":" : "", d->first_member ? d->first_member : "");
		if (n >= (int)sizeof small && (big = malloc((size_t)n + 1)) != NULL)
			snprintf(big, (size_t)n + 1, "duplicate of game %llu of %s%s%s",
			         (unsigned long long)d->first_index, d->first_src,
			         d->first_member ? ":" : "", d->first_member ? d->first_member : "");
		vc_report_ci_warning(d->rep, out, d->src, d->member, d->index, d->line,
		                     VC_F_DUPLICATE_OF, big ? big : small, first_json, d);
		free(big);
		return;
	}
	struct vc_json j;
	memcpy(&j, point, sizeof j);
	j.fp = out;
	first_json(d, &j);
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
		fprintf(out, "%s: duplicates: looked for among the first %zu game%s only%s\n",
		        command, d->table.count, d->table.count == 1 ? "" : "s",
		        d->nomem ? " (out of memory)" : " (--duplicates-max)");
}
