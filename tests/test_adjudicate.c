/* Tests of the rules library parts that `vchess adjudicate` stands on:
 * vc_timeout_draw (time forfeits, RULES.md sections 2, 3 and 5) and
 * vc_game_claims_by_move (claims by declaring a move, FIDE 9.2.1.1 and
 * 9.3.1; case B13). The command itself is tested by the golden tests
 * tests/golden/adjudicate-*.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "game.h"
#include "san.h"

static struct vc_position adj_fen(const char *fen, int variant)
{
	struct vc_position pos;
	struct vc_fen_result fr;
	cr_assert_eq(vc_fen_parse(&pos, fen, variant, &fr), VC_FEN_OK, "%s", fen);
	return pos;
}

/* Play SAN moves (space separated) from `fen` into g. */
static void adj_play(struct vc_game *g, const char *fen, int variant, enum vc_ruleset rules,
                     const char *moves)
{
	cr_assert_eq(vc_game_init(g, variant, rules), 0);
	struct vc_position start = adj_fen(fen, variant);
	vc_game_reset(g, &start);
	g->rules = rules;
	const char *p = moves;
	while (*p) {
		while (*p == ' ')
			p++;
		size_t n = strcspn(p, " ");
		if (!n)
			break;
		vc_move m;
		unsigned warn;
		int suffix;
		cr_assert_eq(vc_game_parse_move(g, p, n, &m, &warn, &suffix), VC_SAN_OK, "%.*s",
		             (int)n, p);
		cr_assert_eq(vc_game_push(g, m), 0);
		p += n;
	}
}

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

Test(adjudicate, timeout_chess_rule)
{
	/* White flagged, Black has a lone king: draw; Black flagged: loses */
	struct vc_position pos = adj_fen("4k3/8/8/8/8/8/8/4K2R w - - 0 1", VC_STANDARD);
	cr_assert(vc_timeout_draw(&pos, VC_WHITE));
	cr_assert(!vc_timeout_draw(&pos, VC_BLACK));
	/* a knight against king and queen cannot mate (python-chess) ... */
	pos = adj_fen("4k3/q7/8/8/8/8/8/4K1N1 w - - 0 1", VC_STANDARD);
	cr_assert(vc_timeout_draw(&pos, VC_BLACK));
	/* ... against king and rook it can */
	pos = adj_fen("4k3/r7/8/8/8/8/8/4K1N1 w - - 0 1", VC_STANDARD);
	cr_assert(!vc_timeout_draw(&pos, VC_BLACK));
	/* Chess960 and Undo Chess follow the chess rule */
	pos = adj_fen("4k3/8/8/8/8/8/8/4K2R w - - 0 1", VC_CHESS960);
	cr_assert(vc_timeout_draw(&pos, VC_WHITE));
	pos = adj_fen("4k3/8/8/8/8/8/8/4K2R w - - 0 1", VC_UNDO);
	cr_assert(vc_timeout_draw(&pos, VC_WHITE));
	cr_assert(!vc_timeout_draw(&pos, -1));
}

Test(adjudicate, timeout_variant_hooks)
{
	/* antichess: its own rule (knight against knight), not the chess one */
	struct vc_position pos = adj_fen("8/8/8/8/8/8/7n/N7 w - - 0 1", VC_ANTICHESS);
	cr_assert(vc_timeout_draw(&pos, VC_WHITE));
	cr_assert(!vc_timeout_draw(&pos, VC_BLACK));
	pos = adj_fen("4k3/8/8/8/8/8/8/4K2R w - - 0 1", VC_ANTICHESS);
	cr_assert(!vc_timeout_draw(&pos, VC_WHITE));
	/* Backwards: pieces are created, never too few: the flag always loses */
	pos = adj_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", VC_BACKWARDS);
	cr_assert(!vc_timeout_draw(&pos, VC_WHITE));
	cr_assert(!vc_timeout_draw(&pos, VC_BLACK));
}

Test(adjudicate, threefold_by_declaring_a_move)
{
	/* case B13: Black can claim before 4...Ng8 makes the third occurrence */
	struct vc_game g;
	adj_play(&g, START, VC_STANDARD, VC_RULES_FIDE, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
	cr_assert_eq(vc_game_claims(&g) & VC_CLAIM_THREEFOLD, 0);
	vc_move three, fifty;
	unsigned c = vc_game_claims_by_move(&g, &three, &fifty);
	cr_assert_eq(c, VC_CLAIM_THREEFOLD);
	cr_assert_eq(fifty, VC_MOVE_NONE);
	char san[VC_SAN_MAX];
	cr_assert_str_eq(vc_san_write(vc_game_pos(&g), three, san), "Ng8");
	/* one ply earlier: no move repeats anything three times */
	vc_game_pop(&g);
	cr_assert_eq(vc_game_claims_by_move(&g, NULL, NULL), 0);
	vc_game_release(&g);
}

Test(adjudicate, fifty_by_declaring_a_move)
{
	/* halfmove clock 99: a quiet move makes it 100, a claim under FIDE */
	struct vc_game g;
	adj_play(&g, "8/R7/1r6/1k6/3KB3/8/8/8 b - - 99 111", VC_STANDARD, VC_RULES_FIDE, "");
	vc_move fifty;
	cr_assert_eq(vc_game_claims_by_move(&g, NULL, &fifty), VC_CLAIM_FIFTY);
	cr_assert_neq(fifty, VC_MOVE_NONE);
	vc_game_release(&g);
	/* under lichess rules the 100th ply ends the game: nothing to claim */
	adj_play(&g, "8/R7/1r6/1k6/3KB3/8/8/8 b - - 99 111", VC_STANDARD, VC_RULES_LICHESS, "");
	cr_assert_eq(vc_game_claims_by_move(&g, NULL, &fifty), 0);
	cr_assert_eq(fifty, VC_MOVE_NONE);
	vc_game_release(&g);
	/* nor in antichess, where it is automatic under both rule sets */
	adj_play(&g, "8/8/8/8/8/8/1B6/7k w - - 99 80", VC_ANTICHESS, VC_RULES_FIDE, "");
	cr_assert_eq(vc_game_claims_by_move(&g, NULL, NULL), 0);
	vc_game_release(&g);
}
