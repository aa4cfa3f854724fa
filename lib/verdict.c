/* vchess - the adjudication verdict (verdict.h). */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "san.h"
#include "verdict.h"

const char *vc_basis_word(enum vc_basis b)
{
	static const char *const words[VC_BASIS_N] = { "rules", "declared", "invalid" };
	return (unsigned)b < VC_BASIS_N ? words[b] : "invalid";
}

const char *vc_flag_source_word(enum vc_flag_source s)
{
	switch (s) {
	case VC_FLAG_TERMINATION: return "termination";
	case VC_FLAG_CLOCK: return "clock";
	default: return NULL;
	}
}

const char *vc_declared_result(const struct vc_gc_game *g)
{
	enum vc_result r;
	if (vc_result_parse(g->declared, &r))
		return g->declared;
	if (vc_result_parse(g->movetext_result, &r))
		return g->movetext_result;
	return NULL;
}

/* Errors that the verdict explains in its own terms: the game is judged
 * all the same. */
static bool explained_error(const struct vc_finding *f)
{
	return f->code == VC_F_MOVE_AFTER_END || f->code == VC_F_TAKEBACK_AFTER_END ||
	       f->code == VC_F_RESULT_MISMATCH || f->code == VC_F_RESULT_CONTRADICTS_BOARD ||
	       f->code == VC_F_BAD_RESULT_TAG;
}

static bool is_after_end(const struct vc_finding *f)
{
	return f->code == VC_F_MOVE_AFTER_END || f->code == VC_F_TAKEBACK_AFTER_END;
}

/* Does `hay` contain `needle`, ignoring ASCII case? */
static bool contains_ci(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	for (; *hay; hay++)
		if (strncasecmp(hay, needle, n) == 0)
			return true;
	return false;
}

/* Who ran out of time (vchess-rules(7) section 2): from a Termination tag
 * that says so (lichess "Time forfeit", cutechess "time forfeit"; any
 * wording with "time" when the declared result is decisive), the loser of
 * the declared result, else the side whose last clock shows 0:00:00, else
 * the side to move at the end (its clock was running); or, with no
 * Termination tag at all, from a [%clk 0:00:00] comment. A Termination
 * tag that names another ending ("normal", "adjudication", ...) wins over
 * a clock shown as 0:00:00, which lichess also writes for a last move made
 * with less than a second left. Returns VC_WHITE, VC_BLACK or -1. */
static int flagged_side(const struct vc_gc_game *g, const struct vc_position *pos,
                        enum vc_flag_source *source)
{
	const char *t = g->termination_tag;
	enum vc_result decl = VC_RES_NONE;
	bool known = vc_result_parse(vc_declared_result(g), &decl);
	bool decisive = known && (decl == VC_RES_WHITE || decl == VC_RES_BLACK);
	bool zero[2] = { g->last_clock[VC_WHITE] >= 0 && g->last_clock[VC_WHITE] < 0.0005,
		         g->last_clock[VC_BLACK] >= 0 && g->last_clock[VC_BLACK] < 0.0005 };
	if (t && (contains_ci(t, "time forfeit") || (decisive && contains_ci(t, "time")))) {
		*source = VC_FLAG_TERMINATION;
		if (decisive)
			return decl == VC_RES_WHITE ? VC_BLACK : VC_WHITE;
		if (zero[VC_WHITE] != zero[VC_BLACK])
			return zero[VC_WHITE] ? VC_WHITE : VC_BLACK;
		return pos->side;
	}
	if (t)
		return -1;
	*source = VC_FLAG_CLOCK;
	if (zero[VC_WHITE] && zero[VC_BLACK])
		return pos->side;
	if (zero[VC_WHITE] || zero[VC_BLACK])
		return zero[VC_WHITE] ? VC_WHITE : VC_BLACK;
	return -1;
}

/* Numbered move text ("4...Ng8") of legal move m in pos. */
static void move_label(const struct vc_position *pos, vc_move m, char *buf, size_t size)
{
	char text[24]; /* SAN and Backwards move texts are shorter */
	vc_move_text(pos, m, VC_NOTATION_SAN, text, sizeof text);
	snprintf(buf, size, "%u%s%s", (unsigned)pos->fullmove,
	         pos->side == VC_WHITE ? "." : "...", text);
}

/* Draws claimable at the end of `game` (FIDE 9.2, 9.3): on the board, or
 * by declaring a move (vc_game_claims_by_move). */
static void find_claims(struct vc_verdict *v, const struct vc_game *game)
{
	unsigned on_board = vc_game_claims(game);
	vc_move three = VC_MOVE_NONE, fifty = VC_MOVE_NONE;
	unsigned by_move = vc_game_claims_by_move(game, &three, &fifty);
	const struct vc_position *pos = vc_game_pos(game);
	v->three_on_board = on_board & VC_CLAIM_THREEFOLD;
	v->fifty_on_board = on_board & VC_CLAIM_FIFTY;
	if (!v->three_on_board && (by_move & VC_CLAIM_THREEFOLD))
		move_label(pos, three, v->three_move, sizeof v->three_move);
	if (!v->fifty_on_board && (by_move & VC_CLAIM_FIFTY))
		move_label(pos, fifty, v->fifty_move, sizeof v->fifty_move);
	v->claims = on_board | by_move;
}

enum vc_code vc_judge_init(struct vc_judge *j, enum vc_ruleset rules)
{
	memset(j, 0, sizeof *j);
	if (rules != VC_RULES_FIDE && rules != VC_RULES_LICHESS)
		return VC_F_INVALID_ARGUMENT;
	j->rules = rules;
	if (vc_game_init(&j->scratch, vc_variant_default()->id, rules) != 0) {
		vc_game_release(&j->scratch);
		return VC_F_OUT_OF_MEMORY;
	}
	j->scratch_ok = true;
	return VC_F_OK;
}

void vc_judge_set_unwinnability(struct vc_judge *j, enum vc_dead_method dead, uint64_t budget)
{
	j->dead = dead;
	j->budget = budget;
}

void vc_judge_release(struct vc_judge *j)
{
	vc_winnable_ws_free(j->ws);
	j->ws = NULL;
	if (j->scratch_ok)
		vc_game_release(&j->scratch);
	j->scratch_ok = false;
}

/* A one-position game for an EPD/FEN line (its claims), or NULL. */
static const struct vc_game *position_game(struct vc_judge *j, const struct vc_gc_game *g)
{
	if (!j->scratch_ok || !g->final_fen[0] || g->variant_id < 0)
		return NULL;
	struct vc_position pos;
	struct vc_fen_result fr;
	if (vc_fen_parse(&pos, g->final_fen, g->variant_id, &fr) != VC_FEN_OK)
		return NULL;
	vc_game_reset(&j->scratch, &pos);
	j->scratch.rules = j->rules;
	return &j->scratch;
}

/* The full search for the time forfeit of `flagged` in pos (FIDE 6.9):
 * can its opponent still mate? Into v->unwinnability; the warning when
 * undetermined. Memory short or a variant the search does not serve: no
 * answer kept (the material rule alone). */
static void search_forfeit(struct vc_judge *j, const struct vc_position *pos, int flagged,
                           struct vc_verdict *v)
{
	if (!j->ws && vc_winnable_ws_new(&j->ws) != VC_F_OK) {
		j->ws = NULL;
		return;
	}
	if (vc_winnable(j->ws, pos, !flagged, j->budget, &v->unwinnability) != VC_F_OK)
		return;
	v->has_unwinnability = true;
	v->unwinnability_pos = *pos;
	if (v->unwinnability.answer == VC_WINNABLE_UNDETERMINED)
		v->warning = VC_F_UNWINNABILITY_UNDETERMINED;
}

void vc_judge_game(struct vc_judge *j, const struct vc_gc_game *g, struct vc_verdict *v)
{
	memset(v, 0, sizeof *v);
	v->declared = g->declared;
	v->movetext = g->movetext_result;
	v->termination_tag = g->termination_tag;
	v->flagged = -1;
	v->flag_source = VC_FLAG_NONE;
	v->after_ply = -1;
	v->ply = -1;
	v->error_ply = -1;

	int explained = 0;
	for (int i = 0; i < g->nfindings; i++) {
		const struct vc_finding *f = &g->findings[i];
		if (f->code == VC_F_MOVE_AFTER_DRAW && v->after_ply < 0) {
			v->after_ply = f->ply; /* validate --after-end warn */
			snprintf(v->after_move, sizeof v->after_move, "%s", f->move);
		}
		if (!f->error)
			continue;
		if (explained_error(f)) {
			explained++;
			if (v->after_ply < 0 && is_after_end(f)) {
				v->after_ply = f->ply;
				snprintf(v->after_move, sizeof v->after_move, "%s", f->move);
			}
		} else if (!v->error_code) {
			v->error_code = f->code;
			v->error_ply = f->ply;
		}
	}
	if (!g->setup_ok || g->nerrors > explained) {
		v->basis = VC_BASIS_INVALID;
		v->result = VC_RES_NONE;
		v->by_rules = VC_RES_NONE;
		v->term = VC_TERM_NONE;
		if (!v->error_code)
			v->error_code = VC_F_TOO_MANY_ERRORS;
		v->agrees = false;
		return;
	}

	const struct vc_game *game = g->game ? g->game : position_game(j, g);
	const struct vc_position *pos = game ? vc_game_pos(game) : NULL;
	if (g->board.termination != VC_TERM_NONE) {
		v->basis = VC_BASIS_RULES;
		v->result = v->by_rules = g->board.result;
		v->term = g->board.termination;
		v->ply = g->end_ply >= 0 ? g->end_ply : g->plies;
	} else {
		enum vc_flag_source src = VC_FLAG_NONE;
		int flagged = pos && g->game ? flagged_side(g, pos, &src) : -1;
		if (flagged >= 0) {
			bool draw = vc_timeout_draw(pos, flagged);
			v->term = draw ? VC_TERM_TIME_FORFEIT_INSUFFICIENT : VC_TERM_TIME_FORFEIT;
			if (j->rules == VC_RULES_FIDE && j->dead == VC_DEAD_FULL)
				search_forfeit(j, pos, flagged, v);
			if (!draw && v->has_unwinnability &&
			    v->unwinnability.answer == VC_WINNABLE_NO) {
				draw = true;
				v->term = VC_TERM_TIME_FORFEIT_UNWINNABLE;
			}
			v->basis = VC_BASIS_RULES;
			v->flagged = flagged;
			v->flag_source = src;
			v->result = v->by_rules = draw ? VC_RES_DRAW
			                               : flagged == VC_WHITE ? VC_RES_BLACK : VC_RES_WHITE;
			v->ply = g->plies;
		} else {
			v->basis = VC_BASIS_DECLARED;
			v->by_rules = VC_RES_NONE;
			v->term = VC_TERM_DECLARED;
			v->ply = g->plies;
			enum vc_result r = VC_RES_NONE;
			vc_result_parse(vc_declared_result(g), &r);
			v->result = r;
		}
		if (game)
			find_claims(v, game);
	}

	/* Agreement: the declared result (Result tag and result token, where
	 * given) against the verdict. A record that declares nothing agrees
	 * only when there is nothing to declare: a position line (EPD/FEN), or
	 * a game the rules leave open. */
	const char *vt = vc_result_string(v->result);
	if (!v->declared && !v->movetext) {
		v->agrees = !g->game || v->result == VC_RES_NONE;
	} else {
		enum vc_result r;
		bool tag_ok = !v->declared || vc_result_parse(v->declared, &r);
		bool same = !v->declared || !v->movetext || strcmp(v->declared, v->movetext) == 0;
		const char *d = v->declared ? v->declared : v->movetext;
		v->agrees = tag_ok && same && (v->basis == VC_BASIS_DECLARED || strcmp(d, vt) == 0);
	}
}

bool vc_verdict_scored_result(const struct vc_verdict *v, const struct vc_gc_game *g,
                              enum vc_result *r)
{
	if (!g->game && !g->ntags)
		return false;
	*r = v->result;
	if (v->basis == VC_BASIS_INVALID) {
		*r = VC_RES_NONE;
		vc_result_parse(vc_declared_result(g), r);
	}
	return true;
}

void vc_verdict_tally_add(struct vc_verdict_tally *t, const struct vc_verdict *v)
{
	t->games++;
	t->by_basis[v->basis]++;
	if (v->basis == VC_BASIS_INVALID)
		t->not_judged++;
	else if (v->agrees)
		t->agree++;
	else
		t->disagree++;
	if (v->basis != VC_BASIS_INVALID)
		t->by_term[v->term]++;
}

void vc_verdict_tally_merge(struct vc_verdict_tally *to, const struct vc_verdict_tally *from)
{
	to->games += from->games;
	to->agree += from->agree;
	to->disagree += from->disagree;
	to->not_judged += from->not_judged;
	for (int b = 0; b < VC_BASIS_N; b++)
		to->by_basis[b] += from->by_basis[b];
	for (int t = 0; t < VC_TERM_N; t++)
		to->by_term[t] += from->by_term[t];
}
