/* vchess - the game line's fast steps (not installed): shared by game.c
 * and the checker's main-line fast lane (checker_internal.h). */
#ifndef VC_GAME_INTERNAL_H
#define VC_GAME_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "movegen_internal.h"

/* The current position of g joins the line: its key goes into the filter
 * of keys seen (g->seen), g->seen_before tells whether it was there. */
static inline void vc_game_note_key_(struct vc_game *g)
{
	const uint64_t key = g->keys[g->nplies];
	const uint64_t bit = 1ull << ((key >> 52) & 63);
	uint64_t *w = &g->seen[key >> 58];
	g->seen_before = (*w & bit) != 0;
	*w |= bit;
}

/* vc_game_play_san for a move that gives no warning: plays it and returns
 * true exactly when vc_game_play_san would play it with *warnings 0 and
 * the line has room for it without growing; false with g unchanged
 * otherwise (the line's next entry may be written). */
static inline __attribute__((always_inline)) bool
vc_game_play_plain_(struct vc_game *g, const char *text, size_t len)
{
	const int n = g->nplies;
	if (!g->plain_san || n >= g->max_plies || n + 1 > g->cap)
		return false;
	struct vc_san_play p;
	if (!vc_play_san_chess(&g->line[n], &g->line[n + 1], text, len, &p) || p.warnings)
		return false;
	g->moves[n] = p.move;
	g->nplies = n + 1;
	g->keys[n + 1] = g->line[n + 1].key;
	vc_game_note_key_(g);
	g->nlegal = p.nlegal_after;
	g->legal_ok = false;
	return true;
}

#endif
