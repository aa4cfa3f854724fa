/* vchess - Undo Chess take-back tokens in the game checker. See undo.h.
 *
 * The tokens live in the record (c->rec.undo.tokens); the take-back stack
 * is the game's line itself: vc_game_pop restores position, castling and
 * en-passant rights, halfmove clock and repetition history (lib/game.h),
 * nothing is recomputed from the start.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "undo.h"

/* Clocks are compared to the millisecond: "0:02:57.3" parses inexactly. */
#define CLOCK_EPS 1e-3

static const char *color_name(int color)
{
	return color == VC_WHITE ? "White" : "Black";
}

static bool is_undo(const struct vc_checker *c)
{
	return c->rec.setup_ok && c->rec.variant_id == VC_UNDO;
}

static int find_tag_index(const struct vc_checker *c, const char *name)
{
	for (int i = c->rec.ntags - 1; i >= 0; i--)
		if (strcmp(c->arena + c->tag_off[i].name, name) == 0)
			return i;
	return -1;
}

static const char *find_value(const struct vc_checker *c, const char *name)
{
	int i = find_tag_index(c, name);
	return i >= 0 ? c->arena + c->tag_off[i].value : NULL;
}

/* Digits only, at most `max`; *end after them. */
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

static bool is_space(char ch)
{
	return ch == ' ' || ch == '\t';
}

/* TakebackTokens (FORMATS.md section 2): "N" with N in 0..3, or "W/B"
 * with each in 0..6. Beyond FORMATS.md: tokens are dealt T each (T <= 3)
 * and only change hands, so the total of a split is even and at most 6
 * ("2/1" or "6/2" can never arise); a split that differs between the
 * sides needs a FEN start (a game set up in mid-play). White space around
 * the value and around '/' is allowed. */
static bool parse_tokens_tag(const char *t, bool has_fen, int *w, int *b)
{
	const char *e;
	while (is_space(*t))
		t++;
	if (!parse_small(t, &e, 6, w))
		return false;
	while (is_space(*e))
		e++;
	if (!*e) {
		*b = *w;
		return *w <= 3;
	}
	if (*e != '/')
		return false;
	e++;
	while (is_space(*e))
		e++;
	if (!parse_small(e, &e, 6, b))
		return false;
	while (is_space(*e))
		e++;
	if (*e)
		return false;
	int total = *w + *b;
	if (total > 6 || total % 2)
		return false;
	return *w == *b || has_fen;
}

/* TimeControl "base+increment" in seconds (PGN standard 9.6.1): both plain
 * non-negative numbers. Anything else (moves/seconds, "-", "?") means no
 * clock check. */
static bool parse_time_control(const char *tc, double *inc)
{
	char *end;
	if (!tc || !(*tc >= '0' && *tc <= '9'))
		return false;
	double base = strtod(tc, &end);
	if (*end != '+' || !(end[1] >= '0' && end[1] <= '9') || base < 0)
		return false;
	*inc = strtod(end + 1, &end);
	return !*end && *inc >= 0;
}

bool vc_undo_start(struct vc_checker *c)
{
	struct vc_gc_undo_state *u = &c->undo;
	memset(u, 0, sizeof *u);
	u->last_clock[0] = u->last_clock[1] = -1;
	u->check_from[0] = u->check_from[1] = -1;
	u->clock_owner = -1;
	c->rec.undo.tokens[0] = c->rec.undo.tokens[1] = 2;
	if (!is_undo(c))
		return true;
	u->active = true;
	int ti = find_tag_index(c, "TakebackTokens");
	if (ti >= 0) {
		const char *t = c->arena + c->tag_off[ti].value;
		int w = 0, b = 0;
		if (!parse_tokens_tag(t, find_value(c, "FEN") != NULL, &w, &b)) {
			vc_gc_add(c, true, "bad-tokens-tag", c->tag_off[ti].line,
			          c->tag_off[ti].column, 0, NULL,
			          "TakebackTokens \"%s\": expected N (0 to 3 each), or W/B for a "
			          "game set up from a FEN (0 to 6 each, an even total of at most 6)",
			          t);
			c->rec.undo.tokens[0] = c->rec.undo.tokens[1] = -1; /* unknown */
			u->active = false;
			return false;
		}
		c->rec.undo.tokens[VC_WHITE] = w;
		c->rec.undo.tokens[VC_BLACK] = b;
	}
	u->total = c->rec.undo.tokens[0] + c->rec.undo.tokens[1];
	u->timed = parse_time_control(find_value(c, "TimeControl"), &u->increment);
	return true;
}

bool vc_undo_is_token(const struct vc_checker *c, const char *text, size_t len)
{
	(void)c;
	return len == 4 && memcmp(text, "undo", 4) == 0;
}

/* Tokens only change hands (RULES.md section 4): after every event. */
static bool conserved(struct vc_checker *c, const struct vc_pgn_move *mv, int ply,
                      const char *label)
{
	const int *t = c->rec.undo.tokens;
	if (t[0] >= 0 && t[1] >= 0 && t[0] + t[1] == c->undo.total)
		return true;
	vc_gc_add(c, true, "token-conservation", mv->loc.line, mv->loc.column, ply, label,
	          "tokens %d/%d do not add up to the %d of the start (internal error)", t[0],
	          t[1], c->undo.total);
	return false;
}

static int wrong_variant(struct vc_checker *c, const struct vc_pgn_move *mv, int ply,
                         const char *label)
{
	bool tagged = find_value(c, "TakebackTokens") != NULL;
	vc_gc_add(c, true, "takeback-wrong-variant", mv->loc.line, mv->loc.column, ply, label,
	          "take-back (`undo`) in a %s game: only Undo Chess has take-backs%s",
	          c->rec.variant ? c->rec.variant : "non-Undo",
	          tagged ? " (TakebackTokens given: is [Variant \"Undo Chess\"] missing?)" : "");
	return VC_PGN_SKIP;
}

int vc_undo_takeback(struct vc_checker *c, const struct vc_pgn_move *mv, const char *label)
{
	struct vc_gc_undo_state *u = &c->undo;
	struct vc_gc_game *r = &c->rec;
	int p = vc_game_pos(&c->game)->side;
	/* an `undo` stands where the side to move would make its next ply */
	int ply = c->game.nplies + 1;
	if (!u->active)
		return wrong_variant(c, mv, ply, label);
	if (c->ended) {
		vc_gc_add(c, true, "takeback-after-end", mv->loc.line, mv->loc.column, ply, label,
		          "take-back after the game ended at ply %d by %s", r->end_ply,
		          vc_termination_word(r->board.termination));
		return VC_PGN_SKIP;
	}
	if (c->game.nplies < 2) {
		vc_gc_add(c, true, "takeback-too-early", mv->loc.line, mv->loc.column, ply, label,
		          "take-back by %s, who has made no move that can be taken back%s",
		          color_name(p),
		          c->game.nplies ? "" : " (no ply since the start position)");
		return VC_PGN_SKIP;
	}
	if (r->undo.tokens[p] < 1) {
		vc_gc_add(c, true, "takeback-without-token", mv->loc.line, mv->loc.column, ply, label,
		          "take-back by %s, who holds no token (%s holds %d)", color_name(p),
		          color_name(!p), r->undo.tokens[!p]);
		return VC_PGN_SKIP;
	}
	struct vc_gc_event ev = {
		.type = VC_GC_EVENT_TAKEBACK, .color = p, .loc = mv->loc,
		.removed = { c->game.moves[c->game.nplies - 2], c->game.moves[c->game.nplies - 1] },
		.game = &c->game, .rec = r,
	};
	r->undo.tokens[p]--;
	r->undo.tokens[!p]++;
	vc_game_pop(&c->game);
	vc_game_pop(&c->game);
	r->undo.takebacks++;
	r->undo.pending = false;
	/* clocks: the take-back lies between each side's last reading and its
	 * next one; a reading on the `undo` itself is the taker's */
	u->takeback_since[0] = u->takeback_since[1] = true;
	u->check_from[p] = u->last_clock[p];
	u->clock_owner = p;
	u->clock_seen = false;
	snprintf(u->clock_label, sizeof u->clock_label, "%s", label ? label : "");
	if (!conserved(c, mv, ply, label))
		return VC_PGN_SKIP;
	vc_gc_emit(c, &ev);
	return VC_PGN_CONTINUE;
}

int vc_undo_in_variation(struct vc_checker *c, const struct vc_pgn_move *mv,
                         const char *label, int ply)
{
	if (!c->undo.active)
		return wrong_variant(c, mv, ply, label);
	vc_gc_add(c, true, "takeback-in-variation", mv->loc.line, mv->loc.column, ply, label,
	          "take-back (`undo`) inside a variation: take-backs are recorded in the "
	          "main line only");
	return VC_PGN_SKIP;
}

bool vc_undo_may_move(struct vc_checker *c, const struct vc_pgn_move *mv, const char *label)
{
	struct vc_gc_game *r = &c->rec;
	if (!c->undo.active || !r->undo.pending)
		return true;
	int p = vc_game_pos(&c->game)->side;
	vc_gc_add(c, true, "move-while-pending", mv->loc.line, mv->loc.column,
	          c->game.nplies + 1, label,
	          "%s is %s and holds %d token%s: only a take-back (`undo`) or the result "
	          "(accepting) may follow", color_name(p),
	          c->undo.pending_outcome.termination == VC_TERM_CHECKMATE ? "checkmated"
	                                                                    : "stalemated",
	          r->undo.tokens[p], r->undo.tokens[p] == 1 ? "" : "s");
	return false;
}

void vc_undo_after_move_tokens(struct vc_checker *c, const struct vc_pgn_move *mv,
                               const char *label)
{
	struct vc_gc_undo_state *u = &c->undo;
	int mover = u->clock_owner;
	snprintf(u->clock_label, sizeof u->clock_label, "%s", label ? label : "");
	c->rec.undo.moves++;
	/* the clock of this ply is checked against the mover's previous
	 * reading when a take-back came between them */
	u->check_from[mover] = u->takeback_since[mover] ? u->last_clock[mover] : -1;
	u->takeback_since[mover] = false;
	u->last_clock[mover] = -1; /* a ply without a clock breaks the chain */
	conserved(c, mv, c->game.nplies, label);
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

int vc_undo_clock_owner(const struct vc_checker *c)
{
	return c->undo.clock_owner;
}

void vc_clock_text(double s, char *buf, size_t size)
{
	long long ms = llround(s * 1000);
	long long sec = ms / 1000;
	int frac = (int)(ms % 1000);
	int n = snprintf(buf, size, "%lld:%02lld:%02lld", sec / 3600, sec / 60 % 60, sec % 60);
	if (frac && n > 0 && (size_t)n < size) {
		char f[8];
		snprintf(f, sizeof f, ".%03d", frac);
		for (int i = 3; i > 0 && f[i] == '0'; i--)
			f[i] = 0;
		snprintf(buf + n, size - (size_t)n, "%s", f);
	}
}

void vc_undo_clock(struct vc_checker *c, int mover, double seconds,
                   const struct vc_pgn_loc *loc)
{
	struct vc_gc_undo_state *u = &c->undo;
	if (!u->active || u->clock_seen)
		return;
	u->clock_seen = true;
	double from = u->check_from[mover];
	u->check_from[mover] = -1;
	u->last_clock[mover] = seconds;
	if (!u->timed || from < 0 || seconds <= from + u->increment + CLOCK_EPS)
		return;
	char a[32], b[32], inc[32];
	vc_clock_text(from, a, sizeof a);
	vc_clock_text(seconds, b, sizeof b);
	vc_clock_text(u->increment, inc, sizeof inc);
	vc_gc_add(c, true, "clock-given-back", loc->line, loc->column, c->game.nplies,
	          u->clock_label[0] ? u->clock_label : NULL,
	          "%s's clock went from %s to %s across a take-back (increment %s): "
	          "time is not given back", color_name(mover), a, b, inc);
	c->skip = true; /* the first error ends the game's check */
}

bool vc_undo_decides_result(struct vc_checker *c, const char *declared)
{
	struct vc_gc_game *r = &c->rec;
	if (!c->undo.active || !r->undo.pending)
		return false;
	r->end_ply = c->game.nplies;
	if (strcmp(declared, "*") == 0) {
		r->board.result = VC_RES_NONE;
		r->board.termination = VC_TERM_AWAITING_DECISION;
		return true;
	}
	r->board = c->undo.pending_outcome; /* the player accepted */
	return false;
}

bool vc_undo_active(const struct vc_checker *c)
{
	return c->undo.active && c->rec.undo.takebacks > 0;
}

void vc_undo_finish(struct vc_checker *c, uint64_t line, uint64_t col)
{
	struct vc_gc_game *r = &c->rec;
	if (!c->undo.active || !is_undo(c)) {
		c->undo.active = false;
		return;
	}
	c->undo.active = false;
	if (!r->undo.pending || c->skip)
		return;
	const char *decl = r->declared ? r->declared : r->movetext_result;
	if (decl && strcmp(decl, "*") != 0)
		return; /* accepted (or contradicted: the checker's finding) */
	r->board.result = VC_RES_NONE;
	r->board.termination = VC_TERM_AWAITING_DECISION;
	r->end_ply = c->game.nplies;
	int p = vc_game_pos(&c->game)->side;
	vc_gc_add(c, false, "awaiting-decision", line, col, c->game.nplies, NULL,
	          "%s is %s holding %d token%s: awaiting %s's decision (take back or accept)",
	          color_name(p),
	          c->undo.pending_outcome.termination == VC_TERM_CHECKMATE ? "checkmated"
	                                                                    : "stalemated",
	          r->undo.tokens[p], r->undo.tokens[p] == 1 ? "" : "s", color_name(p));
}
