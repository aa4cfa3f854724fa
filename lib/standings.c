/* vchess - the score table of an event (standings.h). */
#include <stdlib.h>
#include <string.h>

#include "standings.h"

void vc_standings_init(struct vc_standings *st)
{
	memset(st, 0, sizeof *st);
}

void vc_standings_release(struct vc_standings *st)
{
	for (size_t i = 0; i < st->n; i++)
		free(st->p[i].name);
	free(st->p);
	free(st->slot);
	memset(st, 0, sizeof *st);
}

static size_t name_hash(const char *s)
{
	size_t h = 1469598103934665603ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

/* The index of `name`'s row (added when new), or -1 (memory). Indexes,
 * not pointers: adding a row may move the rows. */
static long player_get(struct vc_standings *st, const char *name)
{
	if (st->n * 2 >= st->nslots) {
		size_t ns = st->nslots ? st->nslots * 2 : 64;
		size_t *slot = calloc(ns, sizeof *slot);
		if (!slot)
			return -1;
		for (size_t i = 0; i < st->n; i++) {
			size_t h = name_hash(st->p[i].name) & (ns - 1);
			while (slot[h])
				h = (h + 1) & (ns - 1);
			slot[h] = i + 1;
		}
		free(st->slot);
		st->slot = slot;
		st->nslots = ns;
	}
	size_t h = name_hash(name) & (st->nslots - 1);
	while (st->slot[h]) {
		if (strcmp(st->p[st->slot[h] - 1].name, name) == 0)
			return (long)st->slot[h] - 1;
		h = (h + 1) & (st->nslots - 1);
	}
	if (st->n == st->cap) {
		size_t cap = st->cap ? st->cap * 2 : 32;
		struct vc_player *np = realloc(st->p, cap * sizeof *np);
		if (!np)
			return -1;
		st->p = np;
		st->cap = cap;
	}
	struct vc_player *p = &st->p[st->n];
	memset(p, 0, sizeof *p);
	p->name = strdup(name);
	if (!p->name)
		return -1;
	st->slot[h] = ++st->n;
	return (long)st->n - 1;
}

int vc_standings_add(struct vc_standings *st, const char *white, const char *black,
                     enum vc_result r)
{
	if (r == VC_RES_NONE) {
		st->unfinished++;
		return 0;
	}
	long wi = player_get(st, white && *white ? white : "?");
	long bi = player_get(st, black && *black ? black : "?");
	if (wi < 0 || bi < 0)
		return -1;
	struct vc_player *w = &st->p[wi], *b = &st->p[bi];
	st->counted++;
	w->games++;
	b->games++;
	if (r == VC_RES_DRAW) {
		w->draws++;
		b->draws++;
		w->halves++;
		b->halves++;
	} else {
		struct vc_player *win = r == VC_RES_WHITE ? w : b, *lose = r == VC_RES_WHITE ? b : w;
		win->wins++;
		win->halves += 2;
		lose->losses++;
	}
	return 0;
}

static const char *tag_of(const struct vc_gc_game *g, const char *name)
{
	for (int i = 0; i < g->ntags; i++)
		if (strcmp(g->tags[i].name, name) == 0)
			return g->tags[i].value;
	return NULL;
}

int vc_standings_add_game(struct vc_standings *st, const struct vc_gc_game *g,
                          const struct vc_verdict *v)
{
	enum vc_result r;
	if (!vc_verdict_scored_result(v, g, &r))
		return 0;
	return vc_standings_add(st, tag_of(g, "White"), tag_of(g, "Black"), r);
}

int vc_standings_merge(struct vc_standings *to, const struct vc_standings *from)
{
	to->counted += from->counted;
	to->unfinished += from->unfinished;
	for (size_t i = 0; i < from->n; i++) {
		const struct vc_player *s = &from->p[i];
		long k = player_get(to, s->name);
		if (k < 0)
			return -1;
		struct vc_player *d = &to->p[k];
		d->games += s->games;
		d->wins += s->wins;
		d->draws += s->draws;
		d->losses += s->losses;
		d->halves += s->halves;
	}
	return 0;
}

static int player_cmp(const void *x, const void *y)
{
	const struct vc_player *a = x, *b = y;
	if (a->halves != b->halves)
		return a->halves > b->halves ? -1 : 1;
	if (a->wins != b->wins)
		return a->wins > b->wins ? -1 : 1;
	return strcmp(a->name, b->name);
}

void vc_standings_sort(struct vc_standings *st)
{
	if (!st->n) /* qsort of no players: p may be NULL */
		return;
	qsort(st->p, st->n, sizeof *st->p, player_cmp);
	/* the index points at the old places: rebuild it */
	for (size_t i = 0; i < st->nslots; i++)
		st->slot[i] = 0;
	for (size_t i = 0; i < st->n; i++) {
		size_t h = name_hash(st->p[i].name) & (st->nslots - 1);
		while (st->slot[h])
			h = (h + 1) & (st->nslots - 1);
		st->slot[h] = i + 1;
		st->p[i].rank = i == 0 || st->p[i].halves != st->p[i - 1].halves
		                        ? (long)i + 1 : st->p[i - 1].rank;
	}
}
