/* vchess - Undo Chess take-back tokens in the game checker. See undo.h. */
#include <stdlib.h>
#include <string.h>

#include "undo.h"

static bool is_undo(const struct vc_checker *c)
{
	return c->rec.setup_ok && c->rec.variant_id == VC_UNDO;
}

static const char *find_value(const struct vc_checker *c, const char *name)
{
	for (int i = c->rec.ntags - 1; i >= 0; i--)
		if (strcmp(c->arena + c->tag_off[i].name, name) == 0)
			return c->arena + c->tag_off[i].value;
	return NULL;
}

static bool parse_small(const char *s, const char **end, int max, int *out)
{
	if (*s < '0' || *s > '9')
		return false;
	int v = 0;
	while (*s >= '0' && *s <= '9' && v <= max)
		v = v * 10 + (*s++ - '0');
	*end = s;
	if (v > max)
		return false;
	*out = v;
	return true;
}

void vc_undo_start(struct vc_checker *c)
{
	struct vc_gc_undo_state *u = &c->undo;
	memset(u, 0, sizeof *u);
	u->last_clock[0] = u->last_clock[1] = -1;
	c->rec.undo.tokens[0] = c->rec.undo.tokens[1] = 2;
	if (!is_undo(c))
		return;
	u->active = true;
	const char *t = find_value(c, "TakebackTokens");
	if (t) {
		const char *e;
		int w, b;
		bool ok = false;
		if (parse_small(t, &e, 3, &w) && !*e) {
			b = w;
			ok = true;
		} else if (parse_small(t, &e, 6, &w) && *e == '/' && parse_small(e + 1, &e, 6, &b) &&
		           !*e) {
			/* an uneven split needs a FEN start (a game in mid-play) */
			ok = w == b || find_value(c, "FEN");
		}
		if (!ok) {
			vc_gc_add(c, true, "bad-tokens-tag", c->rec.line, 1, 0, NULL,
			          "TakebackTokens \"%s\": expected N (0-3), or W/B (0-6 each; "
			          "an uneven split needs a FEN start)", t);
			w = b = 0;
		}
		c->rec.undo.tokens[VC_WHITE] = w;
		c->rec.undo.tokens[VC_BLACK] = b;
	}
	u->total = c->rec.undo.tokens[0] + c->rec.undo.tokens[1];
	const char *tc = find_value(c, "TimeControl");
	if (tc) {
		const char *plus = strchr(tc, '+');
		if (plus) {
			char *end;
			double base = strtod(tc, &end);
			double inc = strtod(plus + 1, &end);
			if (base > 0 && inc >= 0 && !*end) {
				u->increment = inc;
				u->timed = true;
			}
		}
	}
}

bool vc_undo_is_token(const struct vc_checker *c, const char *text, size_t len)
{
	return c->undo.active && len == 4 && memcmp(text, "undo", 4) == 0;
}

int vc_undo_takeback(struct vc_checker *c, const struct vc_pgn_move *mv, const char *label)
{
	struct vc_gc_undo_state *u = &c->undo;
	struct vc_gc_game *r = &c->rec;
	int p = vc_game_pos(&c->game)->side;
	int ply = c->game.nplies;
	if (c->ended) {
		vc_gc_add(c, true, "takeback-after-end", mv->loc.line, mv->loc.column, ply, label,
		          "take-back after the game ended by %s",
		          vc_termination_word(r->board.termination));
		return VC_PGN_SKIP;
	}
	if (c->game.nplies < 2) {
		vc_gc_add(c, true, "takeback-too-early", mv->loc.line, mv->loc.column, ply, label,
		          "take-back before %s has made a move that can be taken back",
		          p == VC_WHITE ? "White" : "Black");
		return VC_PGN_SKIP;
	}
	if (r->undo.tokens[p] < 1) {
		vc_gc_add(c, true, "takeback-without-token", mv->loc.line, mv->loc.column, ply, label,
		          "take-back by %s, who holds no token", p == VC_WHITE ? "White" : "Black");
		return VC_PGN_SKIP;
	}
	r->undo.tokens[p]--;
	r->undo.tokens[!p]++;
	vc_game_pop(&c->game);
	vc_game_pop(&c->game);
	r->undo.takebacks++;
	r->undo.pending = false;
	u->takeback_since[0] = u->takeback_since[1] = true;
	if (r->undo.tokens[0] + r->undo.tokens[1] != u->total || r->undo.tokens[0] < 0 ||
	    r->undo.tokens[1] < 0)
		vc_gc_add(c, true, "token-conservation", mv->loc.line, mv->loc.column, ply, label,
		          "token count broken (internal error)");
	return VC_PGN_CONTINUE;
}

bool vc_undo_may_move(struct vc_checker *c, const struct vc_pgn_move *mv, const char *label)
{
	(void)c;
	(void)mv;
	(void)label;
	return true; /* a pending mate has no legal move: SAN says illegal */
}

void vc_undo_after_move(struct vc_checker *c)
{
	if (c->undo.active)
		c->rec.undo.moves++;
}

bool vc_undo_pending(struct vc_checker *c, const struct vc_outcome *oc)
{
	if (!c->undo.active)
		return false;
	if (oc->termination != VC_TERM_CHECKMATE && oc->termination != VC_TERM_STALEMATE)
		return false;
	int p = vc_game_pos(&c->game)->side;
	if (c->rec.undo.tokens[p] < 1 || c->game.nplies < 2)
		return false;
	c->rec.undo.pending = true;
	c->undo.pending_outcome = *oc;
	return true;
}

void vc_undo_clock(struct vc_checker *c, int mover, double seconds,
                   const struct vc_pgn_loc *loc)
{
	struct vc_gc_undo_state *u = &c->undo;
	if (!u->active || !u->timed)
		return;
	if (u->takeback_since[mover] && u->last_clock[mover] >= 0 &&
	    seconds > u->last_clock[mover] + u->increment + 1e-9)
		vc_gc_add(c, true, "clock-given-back", loc->line, loc->column, c->game.nplies, NULL,
		          "%s's clock went from %.1f s to %.1f s across a take-back "
		          "(increment %.1f s): time is not given back",
		          mover == VC_WHITE ? "White" : "Black", u->last_clock[mover], seconds,
		          u->increment);
	u->last_clock[mover] = seconds;
	u->takeback_since[mover] = false;
}

bool vc_undo_decides_result(struct vc_checker *c, const char *declared)
{
	struct vc_gc_game *r = &c->rec;
	if (!c->undo.active || !r->undo.pending)
		return false;
	if (strcmp(declared, "*") == 0) {
		r->board.result = VC_RES_NONE;
		r->board.termination = VC_TERM_AWAITING_DECISION;
		r->end_ply = c->game.nplies;
		return true;
	}
	r->board = c->undo.pending_outcome; /* the player accepted */
	r->end_ply = c->game.nplies;
	return false;
}

bool vc_undo_active(const struct vc_checker *c)
{
	return c->undo.active && c->rec.undo.takebacks > 0;
}

void vc_undo_finish(struct vc_checker *c, uint64_t line, uint64_t col)
{
	(void)line;
	(void)col;
	if (!c->undo.active)
		return;
	if (c->rec.undo.pending && !c->rec.declared && !c->rec.movetext_result) {
		c->rec.board.result = VC_RES_NONE;
		c->rec.board.termination = VC_TERM_AWAITING_DECISION;
	}
}
