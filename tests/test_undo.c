/* Tests of Undo Chess in the rules library (RULES.md section 4): the
 * variant is Chess960 in every respect, and a take-back is two pops of the
 * game's line (vc_game_pop), which must restore the position exactly -
 * placement, castling and en-passant rights, halfmove clock, key - and the
 * repetition history (removed plies no longer count), without recomputing
 * anything from the start.
 *
 * The token rules themselves (lib/undo.c, a game-level hook table of the
 * checker) are tested through the checker's record API in
 * tests/test_checker.c and through the command line: data/games/undo/ and
 * tests/golden/undo-*.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "game.h"
#include "san.h"
#include "variant.h"

static void start(struct vc_game *g, const char *fen)
{
	cr_assert_eq(vc_game_init(g, VC_UNDO, VC_RULES_FIDE), 0);
	if (fen) {
		struct vc_position pos;
		struct vc_fen_result fr;
		cr_assert_eq(vc_fen_parse(&pos, fen, VC_UNDO, &fr), VC_FEN_OK, "%s", fen);
		vc_game_reset(g, &pos);
	}
}

/* Play a space-separated list of SAN moves. */
static void play(struct vc_game *g, const char *moves)
{
	char buf[512];
	snprintf(buf, sizeof buf, "%s", moves);
	for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
		vc_move m;
		unsigned w;
		int suffix;
		int st = vc_game_parse_move(g, tok, strlen(tok), &m, &w, &suffix);
		cr_assert_eq(st, VC_SAN_OK, "move %s: status %d", tok, st);
		cr_assert_eq(vc_game_push(g, m), 0);
	}
}

/* A take-back: the opponent's last ply and the taker's ply before it. */
static void take_back(struct vc_game *g)
{
	cr_assert_geq(g->nplies, 2);
	vc_game_pop(g);
	vc_game_pop(g);
}

static const char *fen_of(const struct vc_game *g, char *buf)
{
	return vc_fen_write(vc_game_pos(g), buf, false);
}

static void assert_same_position(const struct vc_position *a, const struct vc_position *b)
{
	cr_assert_eq(memcmp(a->board, b->board, sizeof a->board), 0, "placement differs");
	cr_assert_eq(a->side, b->side);
	cr_assert_eq(a->castle, b->castle, "castling rights differ");
	cr_assert_eq(a->ep, b->ep, "en-passant square differs");
	cr_assert_eq(a->halfmove, b->halfmove, "halfmove clock differs");
	cr_assert_eq(a->fullmove, b->fullmove);
	cr_assert_eq(a->key, b->key, "key differs");
}

Test(undo, registered_as_chess960_with_tokens)
{
	bool unsupported = false;
	const struct vc_variant *v = vc_variant_find("Undo Chess", &unsupported);
	cr_assert_not_null(v);
	cr_assert_eq(v->id, VC_UNDO);
	cr_assert_eq(vc_variant_find("  undo ", NULL), v);
	cr_assert(v->flags & VC_VF_TOKENS);
	cr_assert(v->flags & VC_VF_CHESS960);
	/* same move generator: same perft as Chess960 from a 960 array */
	const char *fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1";
	struct vc_position a, b;
	struct vc_fen_result fr;
	cr_assert_eq(vc_fen_parse(&a, fen, VC_UNDO, &fr), VC_FEN_OK);
	cr_assert_eq(vc_fen_parse(&b, fen, VC_CHESS960, &fr), VC_FEN_OK);
	cr_assert_eq(vc_perft(&a, 3), vc_perft(&b, 3));
}

Test(undo, takeback_symbol_is_no_move)
{
	/* `undo` is the game layer's symbol: SAN must not read it as a move */
	struct vc_game g;
	start(&g, NULL);
	vc_move m;
	unsigned w;
	int suffix;
	cr_assert_neq(vc_game_parse_move(&g, "undo", 4, &m, &w, &suffix), VC_SAN_OK);
	vc_game_release(&g);
}

Test(undo, castling_rights_restored)
{
	/* O-O swaps king f1 and rook g1 in this array; UCI is king-takes-rook */
	struct vc_game g;
	start(&g, "rnbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/RNBBQKRN w GAga - 0 1");
	play(&g, "e4 e5");
	struct vc_position before = *vc_game_pos(&g);
	char fen[VC_FEN_MAX];
	play(&g, "O-O Ng6");
	cr_assert_str_eq(fen_of(&g, fen), "rnbbqkr1/pppp1ppp/6n1/4p3/4P3/8/PPPP1PPP/RNBBQRKN w kq - 2 3");
	char uci[8];
	cr_assert_str_eq(vc_move_to_uci(&g.line[2], g.moves[2], uci), "f1g1");
	take_back(&g);
	assert_same_position(vc_game_pos(&g), &before);
	cr_assert_str_eq(fen_of(&g, fen), "rnbbqkrn/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBBQKRN w KQkq - 0 2");
	vc_game_release(&g);
}

Test(undo, en_passant_right_restored)
{
	struct vc_game g;
	start(&g, NULL);
	play(&g, "e4 Nf6 e5 d5");
	struct vc_position before = *vc_game_pos(&g);
	cr_assert_eq(before.ep, VC_SQ(3, 5), "d6 should be capturable en passant");
	play(&g, "exd6 cxd6");
	cr_assert_eq(vc_game_pos(&g)->ep, VC_NO_SQ);
	take_back(&g);
	assert_same_position(vc_game_pos(&g), &before);
	/* and the capture is legal again */
	play(&g, "exd6");
	vc_game_release(&g);
}

Test(undo, halfmove_clock_restored)
{
	struct vc_game g;
	start(&g, NULL);
	play(&g, "Nf3 Nf6 Nc3 Nc6 Ng5");
	cr_assert_eq(vc_game_pos(&g)->halfmove, 5);
	struct vc_position before = *vc_game_pos(&g);
	play(&g, "e5 Nxf7");
	cr_assert_eq(vc_game_pos(&g)->halfmove, 0);
	take_back(&g); /* Black takes back Nxf7 and e5 */
	assert_same_position(vc_game_pos(&g), &before);
	cr_assert_eq(vc_game_pos(&g)->halfmove, 5);
	vc_game_release(&g);
}

Test(undo, consecutive_takebacks_reach_the_start)
{
	struct vc_game g;
	start(&g, NULL);
	struct vc_position initial = *vc_game_pos(&g);
	play(&g, "e4 e5 Nf3 Nc6");
	take_back(&g);
	take_back(&g);
	cr_assert_eq(g.nplies, 0);
	assert_same_position(vc_game_pos(&g), &initial);
	vc_game_legal(&g);
	cr_assert_eq(vc_game_nlegal(&g), 20, "legal moves refreshed after the pops");
	vc_game_release(&g);
}

Test(undo, takenback_positions_leave_the_repetition_history)
{
	struct vc_game g;
	start(&g, NULL);
	play(&g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
	cr_assert_eq(vc_game_repetitions(&g), 3);
	take_back(&g);
	cr_assert_eq(vc_game_repetitions(&g), 2, "Nf3/Nf6 position: occurrences at plies 2 and 6");
	play(&g, "Ng1 Ng8");
	cr_assert_eq(vc_game_repetitions(&g), 3, "the taken-back occurrence does not count");
	play(&g, "Nf3 Nf6 Ng1 Ng8");
	cr_assert_eq(vc_game_repetitions(&g), 4);
	cr_assert_eq(vc_game_outcome(&g).termination, VC_TERM_NONE,
	             "four occurrences in the line: no fivefold yet");
	play(&g, "Nf3 Nf6 Ng1 Ng8");
	cr_assert_eq(vc_game_repetitions(&g), 5);
	struct vc_outcome oc = vc_game_outcome(&g);
	cr_assert_eq(oc.termination, VC_TERM_FIVEFOLD);
	cr_assert_eq(oc.result, VC_RES_DRAW);
	vc_game_release(&g);
}

Test(undo, mate_and_stalemate_are_seen_by_the_rules)
{
	/* the game layer decides whether they end the game (tokens); the
	 * rules library reports them as for Chess960 */
	struct vc_game g;
	start(&g, NULL);
	play(&g, "f3 e5 g4 Qh4#");
	struct vc_outcome oc = vc_game_outcome(&g);
	cr_assert_eq(oc.termination, VC_TERM_CHECKMATE);
	cr_assert_eq(oc.result, VC_RES_BLACK);
	take_back(&g);
	cr_assert_eq(vc_game_outcome(&g).termination, VC_TERM_NONE);
	vc_game_release(&g);

	start(&g, "1k6/8/8/2Q5/8/8/8/7K b - - 0 1");
	play(&g, "Ka8 Qc7");
	oc = vc_game_outcome(&g);
	cr_assert_eq(oc.termination, VC_TERM_STALEMATE);
	cr_assert_eq(oc.result, VC_RES_DRAW);
	take_back(&g);
	cr_assert_eq(g.nplies, 0);
	vc_game_legal(&g);
	cr_assert_eq(vc_game_nlegal(&g), 2);
	vc_game_release(&g);
}
