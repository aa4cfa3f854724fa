/* vchess - Undo Chess take-back tokens: the game-level hooks. See undo.h.
 *
 * The tokens live in the per-game state (struct vc_gc_undo, read by the
 * report hooks and vc_undo_of through the record); the take-back stack
 * is the game's line itself: vc_game_pop restores position, castling and
 * en-passant rights, halfmove clock and repetition history (lib/game.h),
 * nothing is recomputed from the start.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "undo.h"

/* Per-game state (c->rules_state, zeroed at set-up). */
struct undo_state {
	struct vc_gc_undo t;      /* tokens and events: the record's */
	int total;                /* tokens in the game (conserved) */
	bool timed;               /* TimeControl base+increment given */
	double increment;         /* seconds */
	double last_clock[2];     /* latest clock reading per colour, -1 none */
	bool takeback_since[2];   /* a take-back since that reading */
	double check_from[2];     /* the reading the event's clock is checked
	                             against, -1: not checked */
	bool clock_seen;          /* the last event already had its clock */
	char clock_label[48];     /* the last event's move text ("4.undo") */
	struct vc_outcome pending_outcome;
};

static struct undo_state *state(const struct vc_checker *c)
{
	return c->rules_state;
}

/* Clocks are compared to the millisecond: "0:02:57.3" parses inexactly. */
#define CLOCK_EPS 1e-3

static const char *color_name(int color)
{
	return color == VC_WHITE ? "White" : "Black";
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

/* TakebackTokens (vchess-undo(5)): "N" with N in 0..3, or "W/B"
 * with each in 0..6. Beyond vchess-undo(5): tokens are dealt T each (T <= 3)
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

static bool undo_start(struct vc_checker *c)
{
	struct undo_state *u = state(c);
	u->last_clock[0] = u->last_clock[1] = -1;
	u->check_from[0] = u->check_from[1] = -1;
	u->t.tokens[0] = u->t.tokens[1] = 2;
	uint64_t line, column;
	const char *t = vc_checker_tag_value(c, "TakebackTokens", &line, &column);
	if (t) {
		int w = 0, b = 0;
		if (!parse_tokens_tag(t, vc_checker_tag_value(c, "FEN", NULL, NULL) != NULL, &w,
		                      &b)) {
			vc_gc_add(c, VC_F_BAD_TOKENS_TAG, line, column, 0, NULL,
			          "TakebackTokens \"%s\": expected N (0 to 3 each), or W/B for a "
			          "game set up from a FEN (0 to 6 each, an even total of at most 6)",
			          t);
			u->t.tokens[0] = u->t.tokens[1] = -1; /* unknown */
			return false;
		}
		u->t.tokens[VC_WHITE] = w;
		u->t.tokens[VC_BLACK] = b;
	}
	u->total = u->t.tokens[0] + u->t.tokens[1];
	u->timed = parse_time_control(vc_checker_tag_value(c, "TimeControl", NULL, NULL),
	                              &u->increment);
	return true;
}

static bool undo_is_token(const char *text, size_t len)
{
	return len == 4 && memcmp(text, "undo", 4) == 0;
}

/* Tokens only change hands (vchess-rules(7) section 4): after every event. */
static bool conserved(struct vc_checker *c, const struct vc_move_token *mv, int ply,
                      const char *label)
{
	const int *t = state(c)->t.tokens;
	if (t[0] >= 0 && t[1] >= 0 && t[0] + t[1] == state(c)->total)
		return true;
	vc_gc_add(c, VC_F_TOKEN_CONSERVATION, mv->loc.line, mv->loc.column, ply, label,
	          "tokens %d/%d do not add up to the %d of the start (internal error)", t[0],
	          t[1], state(c)->total);
	return false;
}

/* `undo` in a game of another variant (the foreign hook). */
static int wrong_variant(struct vc_checker *c, const struct vc_move_token *mv, int ply,
                         const char *label)
{
	bool tagged = vc_checker_tag_value(c, "TakebackTokens", NULL, NULL) != NULL;
	vc_gc_add(c, VC_F_TAKEBACK_WRONG_VARIANT, mv->loc.line, mv->loc.column, ply, label,
	          "take-back (`undo`) in a %s game: only Undo Chess has take-backs%s",
	          c->rec.variant ? c->rec.variant : "non-Undo",
	          tagged ? " (TakebackTokens given: is [Variant \"Undo Chess\"] missing?)" : "");
	return VC_SKIP;
}

/* A take-back by the side to move in the main line: checks the rules,
 * passes the token, pops two plies, reports the event. `ply`: where the
 * `undo` stands (the side to move's next ply). */
static int takeback(struct vc_checker *c, const struct vc_move_token *mv, int ply,
                    const char *label)
{
	struct undo_state *u = state(c);
	struct vc_gc_game *r = &c->rec;
	int p = vc_game_pos(&c->game)->side;
	if (c->ended) {
		vc_gc_add(c, VC_F_TAKEBACK_AFTER_END, mv->loc.line, mv->loc.column, ply, label,
		          "take-back after the game ended at ply %d by %s", r->end_ply,
		          vc_termination_word(r->board.termination));
		return VC_SKIP;
	}
	if (c->game.nplies < 2) {
		vc_gc_add(c, VC_F_TAKEBACK_TOO_EARLY, mv->loc.line, mv->loc.column, ply, label,
		          "take-back by %s, who has made no move that can be taken back%s",
		          color_name(p),
		          c->game.nplies ? "" : " (no ply since the start position)");
		return VC_SKIP;
	}
	if (u->t.tokens[p] < 1) {
		vc_gc_add(c, VC_F_TAKEBACK_WITHOUT_TOKEN, mv->loc.line, mv->loc.column, ply, label,
		          "take-back by %s, who holds no token (%s holds %d)", color_name(p),
		          color_name(!p), u->t.tokens[!p]);
		return VC_SKIP;
	}
	struct vc_gc_event ev = {
		.type = VC_GC_EVENT_TAKEBACK, .color = p, .loc = mv->loc,
		.removed = { c->game.moves[c->game.nplies - 2], c->game.moves[c->game.nplies - 1] },
		.game = &c->game, .rec = r,
	};
	u->t.tokens[p]--;
	u->t.tokens[!p]++;
	vc_game_pop(&c->game);
	vc_game_pop(&c->game);
	u->t.takebacks++;
	u->t.pending = false;
	/* clocks: the take-back lies between each side's last reading and its
	 * next one; a reading on the `undo` itself is the taker's */
	u->takeback_since[0] = u->takeback_since[1] = true;
	u->check_from[p] = u->last_clock[p];
	c->clock_owner = p;
	u->clock_seen = false;
	snprintf(u->clock_label, sizeof u->clock_label, "%s", label ? label : "");
	if (!conserved(c, mv, ply, label))
		return VC_SKIP;
	vc_gc_emit(c, &ev);
	return VC_CONTINUE;
}

static int undo_in_variation(struct vc_checker *c, const struct vc_move_token *mv, int ply,
                             const char *label)
{
	vc_gc_add(c, VC_F_TAKEBACK_IN_VARIATION, mv->loc.line, mv->loc.column, ply, label,
	          "take-back (`undo`) inside a variation: take-backs are recorded in the "
	          "main line only");
	return VC_SKIP;
}

/* Before a main-line token: `undo` is a take-back; while a mate or
 * stalemate is pending only `undo` or the result may follow. */
static int undo_before_move(struct vc_checker *c, const struct vc_move_token *mv, int ply,
                            const char *label)
{
	if (undo_is_token(mv->text, mv->len))
		return takeback(c, mv, ply, label);
	const struct undo_state *u = state(c);
	if (!u->t.pending)
		return VC_GR_MOVE;
	int p = vc_game_pos(&c->game)->side;
	vc_gc_add(c, VC_F_MOVE_WHILE_PENDING, mv->loc.line, mv->loc.column, ply, label,
	          "%s is %s and holds %d token%s: only a take-back (`undo`) or the result "
	          "(accepting) may follow", color_name(p),
	          u->pending_outcome.termination == VC_TERM_CHECKMATE ? "checkmated"
	                                                               : "stalemated",
	          u->t.tokens[p], u->t.tokens[p] == 1 ? "" : "s");
	return VC_SKIP;
}

/* After a main-line move stands: count it, note that its clock is still
 * to come, check token conservation. */
static void undo_after_move(struct vc_checker *c, const struct vc_move_token *mv,
                            const char *label)
{
	struct undo_state *u = state(c);
	int mover = c->clock_owner; /* the checker set it to the mover */
	u->clock_seen = false;
	snprintf(u->clock_label, sizeof u->clock_label, "%s", label ? label : "");
	u->t.moves++;
	/* the clock of this ply is checked against the mover's previous
	 * reading when a take-back came between them */
	u->check_from[mover] = u->takeback_since[mover] ? u->last_clock[mover] : -1;
	u->takeback_since[mover] = false;
	u->last_clock[mover] = -1; /* a ply without a clock breaks the chain */
	conserved(c, mv, c->game.nplies, label);
}

/* Checkmate/stalemate while the side to move can take back: the game is
 * pending, not ended. */
static bool undo_pending(struct vc_checker *c, const struct vc_outcome *oc)
{
	if (oc->termination != VC_TERM_CHECKMATE && oc->termination != VC_TERM_STALEMATE)
		return false;
	int p = vc_game_pos(&c->game)->side;
	if (state(c)->t.tokens[p] < 1 || c->game.nplies < 2)
		return false;
	state(c)->t.pending = true;
	state(c)->pending_outcome = *oc;
	return true;
}

/* A clock comment for `mover`'s last event: time is not given back
 * across a take-back beyond the increment (clock-given-back). */
static void undo_clock(struct vc_checker *c, int mover, double seconds,
                       const struct vc_loc *loc)
{
	struct undo_state *u = state(c);
	if (u->clock_seen)
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
	vc_gc_add(c, VC_F_CLOCK_GIVEN_BACK, loc->line, loc->column, c->game.nplies,
	          u->clock_label[0] ? u->clock_label : NULL,
	          "%s's clock went from %s to %s across a take-back (increment %s): "
	          "time is not given back", color_name(mover), a, b, inc);
	c->skip = true; /* the first error ends the game's check */
}

/* At the end of a pending record: '*' means awaiting decision (sets the
 * record's board outcome and returns true: no contradiction check); the
 * matching result is the player accepting (returns false: the normal
 * check confirms it). */
static bool undo_decides_result(struct vc_checker *c, enum vc_result declared)
{
	struct vc_gc_game *r = &c->rec;
	if (!state(c)->t.pending)
		return false;
	r->end_ply = c->game.nplies;
	if (declared == VC_RES_NONE) {
		r->board.result = VC_RES_NONE;
		r->board.termination = VC_TERM_AWAITING_DECISION;
		return true;
	}
	r->board = state(c)->pending_outcome; /* the player accepted */
	return false;
}

/* With take-backs PlyCount counts differently. */
static bool undo_plycount_exempt(const struct vc_checker *c)
{
	return state(c)->t.takebacks > 0;
}

/* End of record: awaiting-decision for a pending record without a
 * decision. */
static void undo_finish(struct vc_checker *c, uint64_t line, uint64_t col)
{
	struct vc_gc_game *r = &c->rec;
	if (!state(c)->t.pending || c->skip)
		return;
	const char *decl = r->declared ? r->declared : r->movetext_result;
	enum vc_result res;
	if (decl && !(vc_result_parse(decl, &res) && res == VC_RES_NONE))
		return; /* accepted (or contradicted: the checker's finding) */
	r->board.result = VC_RES_NONE;
	r->board.termination = VC_TERM_AWAITING_DECISION;
	r->end_ply = c->game.nplies;
	int p = vc_game_pos(&c->game)->side;
	vc_gc_add(c, VC_F_AWAITING_DECISION, line, col, c->game.nplies, NULL,
	          "%s is %s holding %d token%s: awaiting %s's decision (take back or accept)",
	          color_name(p),
	          state(c)->pending_outcome.termination == VC_TERM_CHECKMATE ? "checkmated"
	                                                                      : "stalemated",
	          state(c)->t.tokens[p], state(c)->t.tokens[p] == 1 ? "" : "s", color_name(p));
}

/* ---- the reports (vchess-validate(1) JSON, vchess-replay(1)) ------------------ */

static const struct vc_gc_undo *tally(const struct vc_gc_game *g)
{
	return &((const struct undo_state *)g->rules_state)->t;
}

const struct vc_gc_undo *vc_undo_of(const struct vc_gc_game *g)
{
	return g->rules == &vc_undo_rules && g->rules_state ? tally(g) : NULL;
}

static bool undo_counts(const struct vc_gc_game *g, int n[2])
{
	const struct vc_gc_undo *t = tally(g);
	if (t->tokens[0] < 0)
		return false; /* a TakebackTokens tag that could not be read */
	n[0] = t->tokens[0];
	n[1] = t->tokens[1];
	return true;
}

static void sink_tokens(const struct vc_gc_sink *s, const char *key, const int n[2])
{
	s->begin(s->user, key);
	if (n) {
		s->integer(s->user, "white", n[VC_WHITE]);
		s->integer(s->user, "black", n[VC_BLACK]);
	} else {
		s->null(s->user, "white");
		s->null(s->user, "black");
	}
	s->end(s->user);
}

/* The record: "tokens" held at the end (null: unknown) and "events";
 * replay: "start_tokens" (when known) and each event's "tokens". */
static void undo_members(const struct vc_gc_game *g, enum vc_gc_at at, const int n[2],
                         const struct vc_gc_sink *s)
{
	const struct vc_gc_undo *t = tally(g);
	switch (at) {
	case VC_GC_AT_RECORD:
		sink_tokens(s, "tokens", t->tokens[0] < 0 ? NULL : t->tokens);
		s->begin(s->user, "events");
		s->integer(s->user, "moves", t->moves);
		s->integer(s->user, "takebacks", t->takebacks);
		s->end(s->user);
		break;
	case VC_GC_AT_START:
		if (n)
			sink_tokens(s, "start_tokens", n);
		break;
	case VC_GC_AT_EVENT:
		if (n)
			sink_tokens(s, "tokens", n);
		break;
	default:
		break;
	}
}

static void undo_text(const struct vc_gc_game *g, enum vc_gc_at at, const int n[2], int color,
                      char *buf, size_t size)
{
	const struct vc_gc_undo *t = tally(g);
	switch (at) {
	case VC_GC_AT_START:
		if (n)
			snprintf(buf, size, ", tokens %d/%d (White/Black)", n[0], n[1]);
		else
			snprintf(buf, size, ", tokens unknown (bad TakebackTokens tag)");
		break;
	case VC_GC_AT_EVENT:
		if (n)
			snprintf(buf, size, "  tokens %d/%d", n[0], n[1]);
		break;
	case VC_GC_AT_PENDING:
		if (n)
			snprintf(buf, size, "%s holds %d token%s, may take back or accept",
			         color_name(color), n[color], n[color] == 1 ? "" : "s");
		break;
	case VC_GC_AT_END:
		if (t->tokens[0] >= 0)
			snprintf(buf, size, " (%d move%s, %d take-back%s), tokens %d/%d", t->moves,
			         t->moves == 1 ? "" : "s", t->takebacks, t->takebacks == 1 ? "" : "s",
			         t->tokens[0], t->tokens[1]);
		break;
	case VC_GC_AT_DECIDED:
		/* a pending end the side to move accepted (with its result) */
		if (t->pending && g->game && g->board.termination != VC_TERM_AWAITING_DECISION &&
		    g->board.termination != VC_TERM_NONE)
			snprintf(buf, size, " (accepted by %s)",
			         color_name(vc_game_pos(g->game)->side));
		break;
	default:
		break;
	}
}

static const char *const undo_tags[] = { "TakebackTokens", NULL };

const struct vc_game_rules vc_undo_rules = {
	.name = "undo",
	.variant_flag = VC_VF_TOKENS,
	.state_size = sizeof(struct undo_state),
	.start = undo_start,
	.is_token = undo_is_token,
	.before_move = undo_before_move,
	.in_variation = undo_in_variation,
	.foreign = wrong_variant,
	.after_move = undo_after_move,
	.pending = undo_pending,
	.clock = undo_clock,
	.decides_result = undo_decides_result,
	.plycount_exempt = undo_plycount_exempt,
	.finish = undo_finish,
	.tags = undo_tags,
	.counts = undo_counts,
	.members = undo_members,
	.text = undo_text,
};
