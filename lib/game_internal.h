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

/* The SAN shortcut's move p, made into g->line[g->nplies + 1], joins the
 * line: its move, key and what p found of the new position (a legal
 * move's existence when the move gave check, else that the side to move
 * is not in check). */
static inline __attribute__((always_inline)) void
vc_game_took_san_(struct vc_game *g, const struct vc_san_play *p)
{
	const int n = g->nplies;
	g->moves[n] = p->move;
	g->nplies = n + 1;
	g->keys[n + 1] = g->line[n + 1].key;
	vc_game_note_key_(g);
	g->nlegal = p->nlegal_after;
	g->legal_ok = false;
	g->unchecked = p->nlegal_after < 0;
}

/* One of the SAN shortcut's two entries, by what g knows of its position. */
static inline __attribute__((always_inline)) int
vc_game_san_step_(const struct vc_game *g, const char *text, size_t len, struct vc_san_play *p)
{
	const int n = g->nplies;
	return g->unchecked ? vc_play_san_chess_unchecked(&g->line[n], &g->line[n + 1], text, len, p)
	                    : vc_play_san_chess(&g->line[n], &g->line[n + 1], text, len, p);
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
	if (!vc_game_san_step_(g, text, len, &p) || p.warnings)
		return false;
	vc_game_took_san_(g, &p);
	return true;
}

/* The pawn part of vc_dead_prefilter_clear in the current position, a ply
 * led to (g->nplies > 0), judged and kept in g->pf_* (vc_game_dead_clear's
 * cache): the body of vc_game_dead_clear_slow there. */
static inline __attribute__((always_inline)) bool vc_game_pawns_judged_(struct vc_game *g)
{
	const struct vc_position *p = vc_game_pos(g);
	const vc_bb b = p->by_color[VC_BLACK];
	g->pf_pawns = p->by_type[VC_PAWN];
	g->pf_wp = p->by_type[VC_PAWN] & p->by_color[VC_WHITE];
	/* the pawn part alone: no piece counts (as an attacked enemy) here, so
	 * that the answer holds while only pieces move */
	g->pf_open = vc_dead_pawns_open(g->pf_wp, g->pf_pawns & b, g->pf_wp, g->pf_pawns & b);
	return g->pf_open;
}

/* vc_game_outcome_quiet (game.h), the same test always inline: the
 * checker's fast lane asks it on every ply, and the compiler keeps the
 * header's copy out of line there. */
static inline __attribute__((always_inline)) bool vc_game_outcome_quiet_(struct vc_game *g)
{
	const struct vc_position *p = vc_game_pos(g);
	if (g->variant->outcome || (p->halfmove >= 16 && (g->seen_before || p->halfmove >= 100)))
		return false;
	if (g->dead != VC_DEAD_FULL || g->rules != VC_RULES_FIDE)
		return (p->by_type[VC_PAWN] | p->by_type[VC_ROOK] | p->by_type[VC_QUEEN]) != 0;
	if (!vc_dead_sides_open(p))
		return false;
	const vc_bb pawns = p->by_type[VC_PAWN];
	if (pawns == g->pf_pawns && (pawns & p->by_color[VC_WHITE]) == g->pf_wp)
		return g->pf_open;
	return g->nplies ? vc_game_pawns_judged_(g) : vc_game_dead_clear_slow(g);
}

#endif
