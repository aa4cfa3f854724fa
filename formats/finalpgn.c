/* vchess - the final PGN of a game's history (finalpgn.h). */
#include <string.h>

#include "finalpgn.h"
#include "pgnwrite.h"
#include "clock.h"
#include "verdict.h"

/* A ply with its move number when it needs one (White always, Black after
 * a comment or variation), then its clock. Returns whether the next Black
 * ply needs its number. Inside a comment no comment is nested: clocks are
 * left out. */
static bool put_ply(struct vc_pgnw *w, const struct vc_hnode *n, bool need_number,
                    bool with_clock)
{
	if (n->color == VC_WHITE || need_number)
		vc_pgnw_move_number(w, n->fullmove, n->color);
	vc_pgnw_token(w, n->san);
	if (with_clock && n->clock >= 0) {
		char ck[32], com[48];
		vc_clock_text(n->clock, ck, sizeof ck);
		snprintf(com, sizeof com, "[%%clk %s]", ck);
		return vc_pgnw_comment(w, com);
	}
	return false;
}

/* Write the line that leaves `parent` with ply `m`: each ply, then the
 * other plies played from the same position as variations (not for the
 * first ply of a variation: its siblings are its caller's), and on. */
static void put_line(struct vc_pgnw *w, const struct vc_history *h, int parent, int m,
                     bool need_number, bool main, bool variation_start)
{
	const struct vc_hnode *N = h->nodes;
	for (;;) {
		need_number = put_ply(w, &N[m], need_number, true);
		if (!variation_start) {
			for (int c = vc_history_first_child(h, parent); c >= 0; c = N[c].next_sibling) {
				if (c == m)
					continue;
				vc_pgnw_open_variation(w);
				vc_pgnw_comment(w, "taken back");
				put_line(w, h, parent, c, true, false, true);
				vc_pgnw_close_variation(w);
				need_number = true;
			}
		}
		variation_start = false;
		parent = m;
		m = vc_history_next_in_line(h, parent, main);
		if (m < 0)
			break;
	}
}

/* The movetext of the standing game and its taken-back stretches. */
static void put_movetext(struct vc_pgnw *w, const struct vc_history *h)
{
	const struct vc_hnode *N = h->nodes;
	int m = vc_history_next_in_line(h, -1, true);
	int tip = -1;
	if (m >= 0) {
		put_line(w, h, -1, m, true, true, false);
		tip = h->line[h->nline - 1];
	}
	/* Plies taken back at the end of the standing line, with nothing
	 * played in their place: PGN puts a variation beside a move, so the
	 * variation repeats the last standing ply and {taken back} stands
	 * before the first removed one. When no ply stands at all there is no
	 * move to stand beside (and readers such as python-chess would read a
	 * variation there as the main line): each stretch becomes a comment
	 * {taken back: 1. e4 e5}. */
	for (int c = vc_history_first_child(h, tip); c >= 0; c = N[c].next_sibling) {
		if (N[c].standing)
			continue;
		if (tip < 0) {
			vc_pgnw_comment_begin(w, "taken back:");
			put_line(w, h, tip, c, true, false, true);
			vc_pgnw_comment_end(w);
			continue;
		}
		vc_pgnw_open_variation(w);
		put_ply(w, &N[tip], true, false);
		vc_pgnw_comment(w, "taken back");
		put_line(w, h, tip, c, true, false, true);
		vc_pgnw_close_variation(w);
	}
}

/* The value the checker uses: the last one when a tag is repeated (the
 * duplicate-tag warning, vchess-validate(1)). */
static const char *tag_of(const struct vc_gc_game *g, const char *name)
{
	for (int i = g->ntags - 1; i >= 0; i--)
		if (strcmp(g->tags[i].name, name) == 0)
			return g->tags[i].value;
	return NULL;
}

static const char *const str_tags[] = { "Event", "Site", "Date", "Round", "White", "Black" };
static const char *const str_default[] = { "?", "?", "????.??.??", "?", "?", "?" };

/* Tags the final PGN writes itself or drops: PlyCount (take-backs may
 * have made it count otherwise) and the tags of game-level rules (Undo
 * Chess's TakebackTokens: the game is written as its pgn_as variant). */
static bool own_tag(const char *name)
{
	static const char *const own[] = { "Event", "Site", "Date", "Round", "White", "Black",
		                           "Result", "Variant", "SetUp", "FEN", "PlyCount" };
	for (size_t i = 0; i < sizeof own / sizeof *own; i++)
		if (strcmp(name, own[i]) == 0)
			return true;
	return vc_game_rules_tag_owner(name) != NULL;
}

void vc_final_pgn_game(FILE *f, bool first, const struct vc_gc_game *g,
                       const struct vc_history *h)
{
	if (!first)
		fputc('\n', f);
	for (size_t i = 0; i < sizeof str_tags / sizeof *str_tags; i++) {
		const char *v = tag_of(g, str_tags[i]);
		vc_pgnw_tag(f, str_tags[i], v ? v : str_default[i], "\n");
	}
	/* the Result tag, else the result token; "*" when not a result */
	enum vc_result r = VC_RES_NONE;
	vc_result_parse(g->declared ? g->declared : g->movetext_result, &r);
	const char *result = vc_result_string(r);
	vc_pgnw_tag(f, "Result", result, "\n");
	/* A variant is written as its pgn_as relation when it has one (Undo
	 * Chess as Chess960), else as itself; the PGN default variant
	 * (standard chess) without a Variant tag. */
	const struct vc_variant *v = vc_variant_get(g->variant_id);
	if (!v)
		v = vc_variant_default();
	if (v->pgn_as)
		v = v->pgn_as;
	if (!(v->flags & VC_VF_PGN_DEFAULT))
		vc_pgnw_tag(f, "Variant", v->aliases && v->aliases[0] ? v->aliases[0] : v->name,
		            "\n");
	if ((v->flags & VC_VF_START960) || strcmp(g->start_fen, v->start_fen) != 0) {
		vc_pgnw_tag(f, "SetUp", "1", "\n");
		vc_pgnw_tag(f, "FEN", g->start_fen, "\n");
	}
	/* each other tag once, at its first place, with the value the
	 * checker uses (the last one given: duplicate-tag) */
	for (int i = 0; i < g->ntags; i++) {
		const char *name = g->tags[i].name;
		bool seen = false;
		for (int k = 0; k < i && !seen && g->nwarnings > 0; k++)
			seen = strcmp(g->tags[k].name, name) == 0;
		if (!seen && !own_tag(name))
			vc_pgnw_tag(f, name, tag_of(g, name), "\n");
	}
	fputc('\n', f);
	struct vc_pgnw w;
	vc_pgnw_init(&w, f);
	put_movetext(&w, h);
	vc_pgnw_end(&w, result);
}
