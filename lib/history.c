/* vchess - a game's history (history.h). */
#include <stdlib.h>
#include <string.h>

#include "history.h"
#include "san.h"


static bool grow(void **p, int *cap, int need, size_t size)
{
	if (need <= *cap)
		return true;
	int cap2 = *cap ? *cap : 64;
	while (cap2 < need)
		cap2 *= 2;
	void *q = realloc(*p, (size_t)cap2 * size);
	if (!q)
		return false;
	*p = q;
	*cap = cap2;
	return true;
}

void vc_history_clear(struct vc_history *h)
{
	h->nnodes = h->nevents = h->nline = 0;
	h->root_first = h->root_last = -1;
	h->start_tokens[0] = h->start_tokens[1] = -1;
	h->failed = false;
}

void vc_history_release(struct vc_history *h)
{
	free(h->nodes);
	free(h->events);
	free(h->line);
	memset(h, 0, sizeof *h);
}

static void move_text(const struct vc_position *pos, vc_move m, char *san, char *uci)
{
	const struct vc_variant *v = vc_variant_get(pos->variant);
	vc_move_text(pos, m, VC_NOTATION_SAN, san, VC_HISTORY_MOVE_MAX);
	if (v->flags & VC_VF_RETRO)
		uci[0] = 0; /* retro moves have no UCI form */
	else
		vc_move_to_uci(pos, m, uci);
}

static struct vc_hevent *new_event(struct vc_history *h, const struct vc_gc_event *ev,
                                   enum vc_hevent_type type)
{
	if (!grow((void **)&h->events, &h->cap_events, h->nevents + 1, sizeof *h->events)) {
		h->failed = true;
		return NULL;
	}
	struct vc_hevent *e = &h->events[h->nevents++];
	memset(e, 0, sizeof *e);
	e->type = type;
	e->color = ev->color;
	e->ply = ev->game->nplies;
	e->node = -1;
	e->removed[0] = e->removed[1] = -1;
	vc_gc_counts(ev->rec, e->tokens); /* -1 each: none */
	e->clock = -1;
	e->line = ev->loc.line;
	e->column = ev->loc.column;
	vc_fen_write(vc_game_pos(ev->game), e->fen, h->shredder);
	if (h->start_tokens[0] < 0) {
		/* the first event is a move (a take-back needs two plies), which
		 * leaves the tokens as dealt */
		h->start_tokens[0] = e->tokens[0];
		h->start_tokens[1] = e->tokens[1];
	}
	return e;
}

static void on_move(struct vc_history *h, const struct vc_gc_event *ev)
{
	if (!grow((void **)&h->nodes, &h->cap_nodes, h->nnodes + 1, sizeof *h->nodes) ||
	    !grow((void **)&h->line, &h->cap_line, h->nline + 1, sizeof *h->line)) {
		h->failed = true;
		return;
	}
	int id = h->nnodes++;
	struct vc_hnode *n = &h->nodes[id];
	memset(n, 0, sizeof *n);
	n->move = ev->move;
	n->parent = h->nline ? h->line[h->nline - 1] : -1;
	n->first_child = n->last_child = n->next_sibling = -1;
	n->fullmove = ev->before->fullmove;
	n->color = ev->before->side;
	n->ply = ev->game->nplies;
	n->clock = -1;
	move_text(ev->before, ev->move, n->san, n->uci);
	int *first = n->parent < 0 ? &h->root_first : &h->nodes[n->parent].first_child;
	int *last = n->parent < 0 ? &h->root_last : &h->nodes[n->parent].last_child;
	if (*last >= 0)
		h->nodes[*last].next_sibling = id;
	else
		*first = id;
	*last = id;
	h->line[h->nline++] = id;
	struct vc_hevent *e = new_event(h, ev, VC_HEVENT_MOVE);
	if (e) {
		e->node = id;
		e->outcome = ev->outcome;
		e->pending = ev->pending;
	}
}

static void on_takeback(struct vc_history *h, const struct vc_gc_event *ev)
{
	if (h->nline < 2) {
		h->failed = true; /* cannot happen: the checker refused it */
		return;
	}
	struct vc_hevent *e = new_event(h, ev, VC_HEVENT_TAKEBACK);
	if (e) {
		e->removed[0] = h->line[h->nline - 2];
		e->removed[1] = h->line[h->nline - 1];
	}
	h->nline -= 2;
}

static void on_clock(struct vc_history *h, const struct vc_gc_event *ev)
{
	if (!h->nevents)
		return;
	struct vc_hevent *e = &h->events[h->nevents - 1];
	if (e->clock >= 0 || e->color != ev->color)
		return; /* the first clock of an event counts */
	e->clock = ev->clock;
	if (e->type == VC_HEVENT_MOVE)
		h->nodes[e->node].clock = ev->clock;
}

void vc_history_on_event(void *user, const struct vc_gc_event *ev)
{
	struct vc_history *h = user;
	if (h->failed)
		return;
	switch (ev->type) {
	case VC_GC_EVENT_MOVE: on_move(h, ev); break;
	case VC_GC_EVENT_TAKEBACK: on_takeback(h, ev); break;
	case VC_GC_EVENT_CLOCK: on_clock(h, ev); break;
	}
}

void vc_history_finish(struct vc_history *h)
{
	for (int i = 0; i < h->nline; i++)
		h->nodes[h->line[i]].standing = true;
}

bool vc_history_start_tokens(const struct vc_history *h, const struct vc_gc_game *g, int t[2])
{
	int now[2];
	if (!vc_gc_counts(g, now))
		return false;
	t[0] = h->start_tokens[0] >= 0 ? h->start_tokens[0] : now[0];
	t[1] = h->start_tokens[1] >= 0 ? h->start_tokens[1] : now[1];
	return true;
}

bool vc_history_has_tokens(const struct vc_gc_game *g)
{
	return g->rules && g->rules->counts;
}

int vc_history_first_child(const struct vc_history *h, int parent)
{
	return parent < 0 ? h->root_first : h->nodes[parent].first_child;
}

int vc_history_last_child(const struct vc_history *h, int parent)
{
	return parent < 0 ? h->root_last : h->nodes[parent].last_child;
}

int vc_history_next_in_line(const struct vc_history *h, int parent, bool main)
{
	if (!main)
		return vc_history_last_child(h, parent);
	for (int c = vc_history_first_child(h, parent); c >= 0; c = h->nodes[c].next_sibling)
		if (h->nodes[c].standing)
			return c;
	return -1;
}
