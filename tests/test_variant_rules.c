/* Tests of the variant interface's contracts (lib/variant.h,
 * lib/variant_internal.h): the checked vc_play beside the unchecked make,
 * unknown variant ids as errors, the end-of-game order (the variant's hook,
 * then the shared rules, then fivefold repetition) in every variant, the
 * speed hooks agreeing with the rules hooks, and the position invariant
 * check that `make DEBUG=1` runs after every make.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "game.h"
#include "variant.h"
#include "variant_internal.h"

TestSuite(variant_rules);

static struct vc_position fen(const char *text, int variant)
{
	struct vc_position pos;
	struct vc_fen_result res;
	cr_assert_eq(vc_fen_parse(&pos, text, variant, &res), VC_FEN_OK, "%s: %s", text,
	             vc_fen_strerror(res.status));
	return pos;
}

/* Positions of every variant, with something special in each: castling
 * both ways, en passant, promotions, compulsory captures, retro moves. */
static const struct {
	const char *fen;
	int variant;
} positions[] = {
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", VC_STANDARD },
	{ "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", VC_STANDARD },
	{ "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", VC_STANDARD },
	{ "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", VC_STANDARD },
	{ "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", VC_CHESS960 },
	{ "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", VC_UNDO },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", VC_ANTICHESS },
	{ "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2", VC_ANTICHESS },
	{ "8/1P6/8/8/8/8/6p1/8 b - - 0 1", VC_ANTICHESS },
	{ "4k3/8/8/8/8/8/8/4K3 w - - 0 1", VC_BACKWARDS },
	{ "r3k3/8/8/8/8/8/8/R3K2N b - - 0 1", VC_BACKWARDS },
};
#define NPOS (sizeof positions / sizeof *positions)

/* ---- vc_play ----------------------------------------------------------- */

Test(variant_rules, play_is_make_on_every_legal_move)
{
	for (size_t i = 0; i < NPOS; i++) {
		struct vc_position pos = fen(positions[i].fen, positions[i].variant);
		vc_move list[VC_MAX_MOVES];
		int n = vc_legal_moves(&pos, list);
		cr_assert_gt(n, 0, "%s", positions[i].fen);
		for (int k = 0; k < n; k++) {
			struct vc_position played = pos, made = pos;
			cr_assert_eq(vc_play(&played, list[k]), VC_F_OK, "%s move %d", positions[i].fen, k);
			vc_make_move(&made, list[k]);
			cr_assert(memcmp(&played, &made, sizeof made) == 0, "%s move %d",
			          positions[i].fen, k);
			cr_assert_eq(vc_position_check(&played, VC_PCHK_ALL, NULL), 0);
		}
	}
}

Test(variant_rules, play_refuses_illegal_moves_and_leaves_the_position)
{
	for (size_t i = 0; i < NPOS; i++) {
		struct vc_position pos = fen(positions[i].fen, positions[i].variant);
		vc_move list[VC_MAX_MOVES];
		int n = vc_legal_moves(&pos, list);
		/* every from-to pair (with and without each flag) that is not a
		 * legal move, plus the null move */
		static const vc_move extra[] = { 0, VC_MF_CASTLE, VC_MF_EP, VC_MF_RETRO,
		                                 (vc_move)VC_QUEEN << 12 };
		int refused = 0;
		for (int from = 0; from < 64; from++)
			for (int to = 0; to < 64; to++)
				for (size_t e = 0; e < sizeof extra / sizeof *extra; e++) {
					vc_move m = VC_MOVE(from, to) | extra[e];
					bool legal = false;
					for (int k = 0; k < n && !legal; k++)
						legal = list[k] == m;
					if (legal)
						continue;
					struct vc_position after = pos;
					cr_assert_eq(vc_play(&after, m), VC_F_ILLEGAL_MOVE, "%s: %06x",
					             positions[i].fen, (unsigned)m);
					cr_assert(memcmp(&after, &pos, sizeof pos) == 0);
					refused++;
				}
		cr_assert_gt(refused, 20000);
	}
	/* compulsory capture: a quiet move of antichess is refused */
	struct vc_position pos = fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2",
	                             VC_ANTICHESS);
	struct vc_position after = pos;
	cr_assert_eq(vc_play(&after, VC_MOVE(VC_SQ(6, 0), VC_SQ(5, 2))), VC_F_ILLEGAL_MOVE);
	cr_assert(memcmp(&after, &pos, sizeof pos) == 0);
	cr_assert_eq(vc_play(&after, VC_MOVE(VC_SQ(4, 3), VC_SQ(3, 4))), VC_F_OK);
}

Test(variant_rules, play_refuses_a_position_without_a_variant)
{
	struct vc_position pos = fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", VC_STANDARD);
	cr_assert_eq(vc_play(NULL, VC_MOVE(4, 12)), VC_F_INVALID_ARGUMENT);
	pos.variant = 200;
	struct vc_position before = pos;
	cr_assert_eq(vc_play(&pos, VC_MOVE(4, 12)), VC_F_INVALID_ARGUMENT);
	cr_assert(memcmp(&pos, &before, sizeof pos) == 0);
}

/* ---- unknown variant ids -------------------------------------------------- */

Test(variant_rules, unknown_variant_ids_are_errors)
{
	static const int bad[] = { -1, VC_NVARIANTS, VC_NVARIANTS + 1, 255, 1000 };
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		int id = bad[i];
		cr_assert_null(vc_variant_get(id), "id %d", id);
		struct vc_position pos;
		struct vc_fen_result res;
		cr_assert_eq(vc_fen_parse(&pos, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", id, &res),
		             VC_FEN_UNKNOWN_VARIANT, "id %d", id);
		cr_assert_eq(res.status, VC_FEN_UNKNOWN_VARIANT);
		cr_assert_str_eq(vc_fen_code(res.status), "fen-unknown-variant");
		cr_assert_eq(vc_startpos(&pos, id), -1, "id %d", id);
		cr_assert_eq(vc_chess960_startpos(&pos, 518, id), -1, "id %d", id);
		struct vc_game g;
		cr_assert_eq(vc_game_init(&g, id, VC_RULES_FIDE), -2, "id %d", id);
		vc_game_release(&g);
	}
	/* the default is the one flagged so, and only one is */
	cr_assert(vc_variant_default()->flags & VC_VF_PGN_DEFAULT);
	int ndefault = 0;
	for (int id = 0; id < vc_variant_count(); id++)
		ndefault += (vc_variant_get(id)->flags & VC_VF_PGN_DEFAULT) != 0;
	cr_assert_eq(ndefault, 1);
	/* every registered id is found and starts */
	for (int id = 0; id < vc_variant_count(); id++) {
		const struct vc_variant *v = vc_variant_get(id);
		cr_assert_not_null(v);
		cr_assert_eq(v->id, id);
		struct vc_position pos;
		cr_assert_eq(vc_startpos(&pos, id), 0);
		cr_assert_eq(pos.variant, id);
		struct vc_game g;
		cr_assert_eq(vc_game_init(&g, id, VC_RULES_FIDE), 0);
		struct vc_position bad = pos;
		bad.variant = 99;
		cr_assert_eq(vc_game_reset(&g, &bad), -2);
		cr_assert_eq(vc_game_reset(&g, &pos), 0);
		vc_game_release(&g);
	}
}

Test(variant_rules, move_lists_and_perft_refuse_what_breaks_their_contract)
{
	struct vc_position pos;
	vc_move moves[VC_MAX_MOVES];
	cr_assert_eq(vc_startpos(&pos, VC_STANDARD), 0);
	cr_assert_eq(vc_legal_moves(&pos, moves), 20);
	cr_assert_eq(vc_perft(&pos, 0), 1);
	cr_assert_eq(vc_perft(&pos, 2), 400);
	cr_assert_eq(vc_perft(&pos, -1), VC_PERFT_ERROR);
	cr_assert_eq(vc_perft(&pos, VC_PERFT_MAX_DEPTH + 1), VC_PERFT_ERROR);
	cr_assert_eq(vc_perft(NULL, 1), VC_PERFT_ERROR);
	static const int bad[] = { VC_NVARIANTS, 99, 255 };
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct vc_position b = pos;
		b.variant = (uint8_t)bad[i];
		cr_assert_eq(vc_legal_moves(&b, moves), -1, "id %d", bad[i]);
		cr_assert_eq(vc_perft(&b, 1), VC_PERFT_ERROR, "id %d", bad[i]);
		cr_assert_eq(vc_perft(&b, 0), VC_PERFT_ERROR, "id %d", bad[i]);
	}
}

/* ---- end of game: the variant's hook, then the shared rules ------------- */

static struct vc_outcome outcome(const char *text, int variant, enum vc_ruleset rules)
{
	struct vc_position pos = fen(text, variant);
	return vc_position_outcome(&pos, rules);
}

Test(variant_rules, shared_move_count_rules_apply_to_every_variant)
{
	/* a rook and two kings: no variant's own rule ends this */
	for (int id = 0; id < vc_variant_count(); id++) {
		struct vc_outcome oc = outcome("4k3/8/8/8/8/8/8/R3K3 w - - 149 100", id, VC_RULES_FIDE);
		bool anti = id == VC_ANTICHESS;
		/* antichess's own fifty-move draw (both rule sets) comes first */
		cr_assert_eq(oc.termination, anti ? VC_TERM_FIFTY_MOVES : VC_TERM_NONE, "%d", id);
		oc = outcome("4k3/8/8/8/8/8/8/R3K3 w - - 150 100", id, VC_RULES_FIDE);
		cr_assert_eq(oc.termination, anti ? VC_TERM_FIFTY_MOVES : VC_TERM_SEVENTYFIVE_MOVES,
		             "variant %d", id);
		cr_assert_eq(oc.result, VC_RES_DRAW);
		oc = outcome("4k3/8/8/8/8/8/8/R3K3 w - - 99 100", id, VC_RULES_LICHESS);
		cr_assert_eq(oc.termination, VC_TERM_NONE, "variant %d", id);
		oc = outcome("4k3/8/8/8/8/8/8/R3K3 w - - 100 100", id, VC_RULES_LICHESS);
		cr_assert_eq(oc.termination, VC_TERM_FIFTY_MOVES, "variant %d", id);
	}
}

Test(variant_rules, the_variant_hook_is_asked_first)
{
	/* Backwards: the goal reached outranks the 75-move rule */
	struct vc_outcome oc = outcome("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 150 90",
	                               VC_BACKWARDS, VC_RULES_FIDE);
	cr_assert_eq(oc.termination, VC_TERM_GOAL_REACHED);
	/* Antichess: a side without pieces wins, whatever the clock */
	oc = outcome("8/8/8/8/8/8/8/R7 b - - 150 90", VC_ANTICHESS, VC_RULES_FIDE);
	cr_assert_eq(oc.termination, VC_TERM_VARIANT_WIN);
	cr_assert_eq(oc.result, VC_RES_BLACK);
	/* Backwards: no legal move loses (before the shared stalemate rule) */
	struct vc_position pos = fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", VC_BACKWARDS);
	oc = vc_variant_outcome(vc_variant_get(VC_BACKWARDS), &pos, 0, VC_RULES_FIDE);
	cr_assert_eq(oc.termination, VC_TERM_NO_LEGAL_MOVE);
	/* the shared rules alone do not know the variant's */
	oc = vc_generic_outcome(&pos, 0, VC_RULES_FIDE);
	cr_assert_eq(oc.termination, VC_TERM_STALEMATE);
	/* chess: checkmate outranks the 75-move rule (no hook) */
	oc = outcome("R5k1/5ppp/8/8/8/8/8/4K3 b - - 150 90", VC_STANDARD, VC_RULES_FIDE);
	cr_assert_eq(oc.termination, VC_TERM_CHECKMATE);
}

Test(variant_rules, insufficient_material_only_where_the_king_is_royal)
{
	for (int id = 0; id < vc_variant_count(); id++) {
		const struct vc_variant *v = vc_variant_get(id);
		struct vc_outcome oc = outcome("4k3/8/8/8/8/8/8/4K3 w - - 0 1", id, VC_RULES_FIDE);
		if (v->flags & VC_VF_ROYAL_KING)
			cr_assert_eq(oc.termination, VC_TERM_INSUFFICIENT_MATERIAL, "%s", v->name);
		else
			cr_assert_eq(oc.termination, VC_TERM_NONE, "%s", v->name);
	}
}

/* A four-ply cycle (from, to pairs) that returns to the start, per variant. */
static void play_cycle(struct vc_game *g, const int (*cycle)[2], int plies)
{
	for (int p = 0; p < plies; p++) {
		const vc_move *legal = vc_game_legal(g);
		vc_move m = VC_MOVE_NONE;
		for (int k = 0; k < g->nlegal && !m; k++)
			if (VC_MOVE_FROM(legal[k]) == cycle[p % 4][0] &&
			    VC_MOVE_TO(legal[k]) == cycle[p % 4][1] && !VC_MOVE_CREATED(legal[k]) &&
			    !VC_MOVE_PROMOTION(legal[k]))
				m = legal[k];
		cr_assert_neq(m, VC_MOVE_NONE, "ply %d", p);
		cr_assert_eq(vc_game_push(g, m), 0);
	}
}

Test(variant_rules, fivefold_repetition_applies_to_every_variant)
{
	static const int knights[4][2] = { { 6, 21 }, { 62, 45 }, { 21, 6 }, { 45, 62 } };
	static const int kings[4][2] = { { 4, 3 }, { 60, 59 }, { 3, 4 }, { 59, 60 } };
	for (int id = 0; id < vc_variant_count(); id++) {
		const struct vc_variant *v = vc_variant_get(id);
		struct vc_game g;
		cr_assert_eq(vc_game_init(&g, id, VC_RULES_FIDE), 0);
		const int (*cycle)[2] = (v->flags & VC_VF_RETRO) ? kings : knights;
		play_cycle(&g, cycle, 15);
		cr_assert_eq(vc_game_outcome(&g).termination, VC_TERM_NONE, "%s", v->name);
		play_cycle(&g, cycle + 3, 1);
		struct vc_outcome oc = vc_game_outcome(&g);
		cr_assert_eq(oc.termination, VC_TERM_FIVEFOLD, "%s", v->name);
		cr_assert_eq(oc.result, VC_RES_DRAW);
		vc_game_release(&g);
	}
}

/* ---- speed hooks agree with the rules hooks ------------------------------ */

Test(variant_rules, speed_hooks_agree_with_rules_hooks)
{
	for (size_t i = 0; i < NPOS; i++) {
		struct vc_position pos = fen(positions[i].fen, positions[i].variant);
		const struct vc_variant *v = vc_variant_of(&pos);
		const struct vc_variant_speed *s = v->speed;
		vc_move list[VC_MAX_MOVES];
		int n = v->gen_legal(&pos, list);
		if (!s)
			continue;
		if (s->count_legal)
			cr_assert_eq(s->count_legal(&pos), n, "%s", positions[i].fen);
		if (s->has_legal)
			cr_assert_eq(s->has_legal(&pos) > 0, n > 0, "%s", positions[i].fen);
		for (int k = 0; k < n; k++) {
			struct vc_position slow = pos, fast = pos, leaf;
			v->make(&slow, list[k]);
			if (s->make_fast) {
				s->make_fast(&fast, list[k]);
				cr_assert(memcmp(fast.board, slow.board, sizeof slow.board) == 0);
				cr_assert(memcmp(fast.by_color, slow.by_color, sizeof slow.by_color) == 0);
			}
			if (s->make_leaf && s->count_legal) {
				memset(&leaf, 0, sizeof leaf);
				s->make_leaf(&pos, &leaf, list[k]);
				cr_assert(memcmp(leaf.by_type, slow.by_type, sizeof slow.by_type) == 0);
				vc_move next[VC_MAX_MOVES];
				cr_assert_eq(s->count_legal(&leaf), v->gen_legal(&slow, next), "%s move %d",
				             positions[i].fen, k);
			}
		}
	}
}

/* ---- position invariants (the DEBUG=1 check) ---------------------------- */

static void expect_broken(const struct vc_position *pos, unsigned what, const char *prefix)
{
	const char *why = NULL;
	cr_assert_eq(vc_position_check(pos, what, &why), -1, "expected \"%s...\"", prefix);
	cr_assert_not_null(why);
	cr_assert(strncmp(why, prefix, strlen(prefix)) == 0, "got \"%s\", expected \"%s...\"",
	          why, prefix);
}

Test(variant_rules, invariant_check_accepts_every_library_position)
{
	for (size_t i = 0; i < NPOS; i++) {
		struct vc_position pos = fen(positions[i].fen, positions[i].variant);
		const char *why = "unset";
		cr_assert_eq(vc_position_check(&pos, VC_PCHK_ALL, &why), 0, "%s: %s",
		             positions[i].fen, why);
		cr_assert_null(why);
	}
	for (int id = 0; id < vc_variant_count(); id++) {
		struct vc_position pos;
		vc_startpos(&pos, id);
		cr_assert_eq(vc_position_check(&pos, VC_PCHK_ALL, NULL), 0);
	}
}

Test(variant_rules, invariant_check_catches_corrupted_positions)
{
	const char *kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
	struct vc_position good = fen(kiwi, VC_STANDARD), p;

	p = good; /* a knight gone from its bitboard but not from the board */
	p.by_type[VC_KNIGHT] &= ~VC_BIT(VC_SQ(4, 4));
	expect_broken(&p, VC_PCHK_ALL, "bitboards");
	p = good;
	p.by_color[VC_BLACK] |= VC_BIT(VC_SQ(4, 0));
	expect_broken(&p, VC_PCHK_ALL, "bitboards");
	p = good; /* the board array disagrees */
	p.board[VC_SQ(0, 3)] = VC_PIECE(VC_WHITE, VC_QUEEN);
	expect_broken(&p, VC_PCHK_ALL, "mailbox");
	p = good;
	p.board[VC_SQ(4, 4)] = VC_PIECE(VC_WHITE, VC_BISHOP);
	expect_broken(&p, VC_PCHK_ALL, "mailbox");
	cr_assert_eq(vc_position_check(&p, VC_PCHK_BITBOARDS, NULL), 0, "board[] not checked");
	p = good; /* a stale key */
	p.key ^= 1;
	expect_broken(&p, VC_PCHK_ALL, "key");
	cr_assert_eq(vc_position_check(&p, VC_PCHK_BITBOARDS | VC_PCHK_MAILBOX, NULL), 0);
	p = good; /* a right on a square without a rook */
	p.castle |= VC_BIT(VC_SQ(1, 0));
	p.key = vc_compute_key(&p);
	expect_broken(&p, VC_PCHK_ALL, "castling");
	p = good; /* en passant on the wrong rank */
	p.ep = VC_SQ(3, 2);
	p.key = vc_compute_key(&p);
	expect_broken(&p, VC_PCHK_ALL, "en passant");
	p = good; /* the side to move out of range */
	p.side = 2;
	expect_broken(&p, VC_PCHK_ALL, "side");
	p = good;
	p.variant = 77;
	expect_broken(&p, VC_PCHK_ALL, "variant");

	/* royal kings: two white kings, or the side not to move in check */
	p = fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", VC_STANDARD);
	vc_put_piece(&p, VC_SQ(0, 0), VC_PIECE(VC_WHITE, VC_KING));
	expect_broken(&p, VC_PCHK_ALL, "kings");
	p = fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", VC_STANDARD);
	vc_put_piece(&p, VC_SQ(4, 3), VC_PIECE(VC_WHITE, VC_ROOK));
	expect_broken(&p, VC_PCHK_ALL, "kings");
	/* ... which antichess allows (no royal king) */
	p = fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", VC_ANTICHESS);
	vc_put_piece(&p, VC_SQ(0, 0), VC_PIECE(VC_WHITE, VC_KING));
	cr_assert_eq(vc_position_check(&p, VC_PCHK_ALL, NULL), 0);
	/* castling rights in a variant without castling */
	p.castle = VC_BIT(VC_SQ(7, 0));
	vc_put_piece(&p, VC_SQ(7, 0), VC_PIECE(VC_WHITE, VC_ROOK));
	p.key = vc_compute_key(&p);
	expect_broken(&p, VC_PCHK_ALL, "castling");

}

/* A make from a corrupt position: the result breaks an invariant, which a
 * DEBUG=1 build catches in the make itself (it aborts). */
static void make_from_corrupt(void)
{
	const char *kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
	struct vc_position p = fen(kiwi, VC_STANDARD);
	p.board[VC_SQ(4, 4)] = 0; /* the knight on e5 is no longer on the board */
	vc_make_chess(&p, VC_MOVE(VC_SQ(3, 4), VC_SQ(4, 5))); /* d5-e6 */
	p.key = vc_compute_key(&p);
	expect_broken(&p, VC_PCHK_ALL, "mailbox");
}

#ifdef VC_DEBUG
#include <signal.h>
Test(variant_rules, debug_make_aborts_on_a_broken_invariant, .signal = SIGABRT)
{
	make_from_corrupt();
}
#else
Test(variant_rules, make_from_a_corrupt_position_breaks_an_invariant)
{
	make_from_corrupt();
}
#endif
