/* Tests of lib/movegen.c and the UCI functions of lib/variant.c: perft
 * against published counts, Chess960 castling pitfalls, en-passant
 * legality, promotions, make move, UCI text, vc_is_legal.
 * Rules: RULES.md section 2.
 *
 * Counts of positions built here (not from a published suite) were
 * cross-checked with Stockfish 15.1 `go perft` (UCI_Chess960 where the
 * position is Chess960) and are explained move by move at depth 1.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "position.h"
#include "variant.h"
#include "attacks_internal.h"
#include "movegen_internal.h"

#define SQ(name) VC_SQ((name)[0] - 'a', (name)[1] - '1')

static struct vc_position setup(const char *fen, int variant)
{
	struct vc_position p;
	struct vc_fen_result r;
	cr_assert_eq(vc_fen_parse(&p, fen, variant, &r), VC_FEN_OK, "%s: %s", fen,
	             vc_fen_code(r.status));
	return p;
}

static void check_perft(const char *fen, int variant, int maxdepth, const uint64_t *counts)
{
	struct vc_position p = setup(fen, variant);
	for (int d = 1; d <= maxdepth; d++) {
		uint64_t got = vc_perft(&p, d);
		cr_assert_eq(got, counts[d - 1], "%s depth %d: %llu, want %llu", fen, d,
		             (unsigned long long)got, (unsigned long long)counts[d - 1]);
	}
}

/* Find the legal move with this UCI text (or VC_MOVE_NONE). */
static vc_move find_uci(const struct vc_position *p, const char *uci)
{
	return vc_move_from_uci(p, uci, strlen(uci));
}

static int count_castles(const struct vc_position *p)
{
	vc_move l[VC_MAX_MOVES];
	int n = vc_legal_moves(p, l), c = 0;
	for (int i = 0; i < n; i++)
		if (l[i] & VC_MF_CASTLE)
			c++;
	return c;
}

static bool has_move(const struct vc_position *p, vc_move m)
{
	vc_move l[VC_MAX_MOVES];
	int n = vc_legal_moves(p, l);
	for (int i = 0; i < n; i++)
		if (l[i] == m)
			return true;
	return false;
}

static const char *fen_after(struct vc_position p, vc_move m, char *buf)
{
	cr_assert(vc_is_legal(&p, m));
	vc_make_move(&p, m);
	cr_assert_eq(p.key, vc_compute_key(&p), "incremental key after the move");
	return vc_fen_write(&p, buf, false);
}

TestSuite(movegen);

/* ---- perft: published counts --------------------------------------------- */

Test(movegen, perft_start_depth4)
{
	static const uint64_t c[] = { 20, 400, 8902, 197281 };
	check_perft("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", VC_STANDARD, 4, c);
}

Test(movegen, perft_kiwipete_depth3)
{
	static const uint64_t c[] = { 48, 2039, 97862 };
	check_perft("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	            VC_STANDARD, 3, c);
}

/* Lines of shared/refdata/perft/standard_perftsuite.epd (thomasahle/sunfish
 * tests/files/perft.epd, the classic perftsuite.epd; refdata SOURCES.md). */
static const struct {
	int line;
	const char *fen;
	int depth;
	uint64_t counts[4];
} suite[] = {
	{ 3, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", 4, { 15, 66, 1197, 7059 } },
	{ 8, "r3k2r/8/8/8/8/8/8/4K3 w kq - 0 1", 4, { 5, 130, 782, 22180 } },
	{ 13, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 3, { 26, 568, 13744 } },
	{ 14, "r3k2r/8/8/8/8/8/8/1R2K2R w Kkq - 0 1", 3, { 25, 567, 14095 } },
	{ 19, "r3k1r1/8/8/8/8/8/8/R3K2R w KQq - 0 1", 3, { 25, 560, 13607 } },
	{ 29, "r3k3/1K6/8/8/8/8/8/8 b q - 0 1", 4, { 15, 65, 1018, 4573 } },
	{ 111, "3k4/3pp3/8/8/8/8/3PP3/3K4 w - - 0 1", 4, { 7, 49, 378, 2902 } },
	{ 120, "n1n5/1Pk5/8/8/8/8/5Kp1/5N1N w - - 0 1", 3, { 24, 421, 7421 } },
	{ 122, "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1", 3, { 24, 496, 9483 } },
	{ 125, "8/PPPk4/8/8/8/8/4Kppp/8 b - - 0 1", 3, { 18, 270, 4699 } },
	{ 127, "1k6/8/8/5pP1/4K1P1/8/8/8 w - f6 0 1", 4, { 10, 63, 533, 3508 } },
};

Test(movegen, perft_standard_suite_subset)
{
	for (size_t i = 0; i < sizeof suite / sizeof *suite; i++)
		check_perft(suite[i].fen, VC_STANDARD, suite[i].depth, suite[i].counts);
}

/* Positions of shared/refdata/perft/python-chess_tricky.perft
 * (niklasf/python-chess examples/perft/tricky.perft; 4-field EPD). */
Test(movegen, perft_tricky_positions)
{
	static const uint64_t pos3[] = { 14, 191, 2812, 43238 };
	check_perft("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", VC_STANDARD, 4, pos3);
	static const uint64_t pos4[] = { 6, 264, 9467 };
	check_perft("r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ -", VC_STANDARD, 3,
	            pos4);
	static const uint64_t pos5[] = { 44, 1486, 62379 };
	check_perft("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ -", VC_STANDARD, 3, pos5);
	static const uint64_t align_ep[] = { 6, 121, 711 };
	check_perft("8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3", VC_STANDARD, 3, align_ep);
	static const uint64_t align_ep_pinned[] = { 5, 100, 555 };
	check_perft("1b1k4/8/8/1rPpK3/8/8/8/8 w - d6", VC_STANDARD, 3, align_ep_pinned);
	static const uint64_t ep_unrelated_check[] = { 2, 92, 2528 };
	check_perft("rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6", VC_STANDARD, 3,
	            ep_unrelated_check);
	static const uint64_t align_horizontal[] = { 2, 56, 1030 };
	check_perft("5R2/2P5/8/4k3/8/3rK2r/8/8 w - -", VC_STANDARD, 3, align_horizontal);
	static const uint64_t asym[] = { 14, 206, 3672 };
	check_perft("r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq -", VC_STANDARD, 3, asym);
	/* X-FEN Chess960 positions of the same file */
	static const uint64_t x0[] = { 23, 522, 12333 };
	check_perft("r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq -", VC_CHESS960, 3, x0);
	static const uint64_t x1[] = { 28, 738, 20218 };
	check_perft("r1k2r1q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K2R1Q w KQkq -", VC_CHESS960, 3, x1);
	static const uint64_t x2[] = { 34, 318, 9002, 118388 };
	check_perft("8/8/8/4B2b/6nN/8/5P2/2R1K2k w Q -", VC_CHESS960, 4, x2);
	static const uint64_t x3[] = { 17, 242, 3931, 57700 };
	check_perft("2r5/8/8/8/8/8/6PP/k2KR3 w K -", VC_CHESS960, 4, x3);
	static const uint64_t x4[] = { 19, 628, 12858 };
	check_perft("4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ -", VC_CHESS960, 3, x4);
}

/* Lines N+1 of shared/refdata/perft/chess960_startpos_xfen.epd (Scharnagl
 * number N), built with vc_chess960_startpos. */
Test(movegen, perft_chess960_start_positions)
{
	static const struct {
		int n;
		uint64_t c[3];
	} sp[] = {
		{ 0, { 20, 400, 9006 } },   { 3, { 21, 441, 10238 } },  { 191, { 19, 361, 7782 } },
		{ 519, { 20, 400, 9000 } }, { 777, { 19, 361, 7718 } }, { 959, { 20, 400, 9006 } },
	};
	for (size_t i = 0; i < sizeof sp / sizeof *sp; i++) {
		struct vc_position p;
		vc_chess960_startpos(&p, sp[i].n, VC_CHESS960);
		for (int d = 1; d <= 3; d++)
			cr_assert_eq(vc_perft(&p, d), sp[i].c[d - 1], "SP %d depth %d", sp[i].n, d);
	}
}

/* ---- Chess960 castling pitfalls ------------------------------------------ */

Test(movegen, c960_king_already_on_target)
{
	/* O-O with the king on g1: only the h1 rook moves (to f1). O-O-O goes
	 * g1->c1 with b1->d1. 22 other moves + 2 castles = 24. */
	struct vc_position p = setup("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w KQkq - 0 1", VC_CHESS960);
	vc_move oo = find_uci(&p, "g1h1"), ooo = find_uci(&p, "g1b1");
	cr_assert(oo & VC_MF_CASTLE);
	cr_assert(ooo & VC_MF_CASTLE);
	char buf[VC_FEN_MAX];
	cr_assert_str_eq(fen_after(p, oo, buf), "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b kq - 1 1");
	cr_assert_str_eq(fen_after(p, ooo, buf), "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1");
	static const uint64_t c[] = { 24, 576, 13518, 317204 };
	check_perft("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w KQkq - 0 1", VC_CHESS960, 4, c);
	/* with f1 taken the king-side castle is gone although the king stays */
	p = setup("4k3/8/8/8/8/8/8/5BKR w K - 0 1", VC_CHESS960);
	cr_assert_eq(count_castles(&p), 0);
	static const uint64_t c2[] = { 17, 77, 1643, 9407 };
	check_perft("4k3/8/8/8/8/8/8/5BKR w K - 0 1", VC_CHESS960, 4, c2);
}

Test(movegen, c960_king_and_rook_swap)
{
	/* king d1, rook c1: O-O-O puts the king on c1 and the rook on d1 */
	struct vc_position p = setup("4k3/8/8/8/8/8/8/2RK4 w Q - 0 1", VC_CHESS960);
	vc_move ooo = find_uci(&p, "d1c1");
	cr_assert(ooo & VC_MF_CASTLE);
	char buf[VC_FEN_MAX];
	cr_assert_str_eq(fen_after(p, ooo, buf), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
	/* king 4 (c2 d2 e2 e1) + rook 9 (c2-c8, b1, a1) + castle = 14 */
	static const uint64_t c[] = { 14, 63, 1110, 6173 };
	check_perft("4k3/8/8/8/8/8/8/2RK4 w Q - 0 1", VC_CHESS960, 4, c);
	/* king f1, rook g1: O-O swaps them */
	p = setup("4k3/8/8/8/8/8/8/5KR1 w K - 0 1", VC_CHESS960);
	vc_move oo = find_uci(&p, "f1g1");
	cr_assert(oo & VC_MF_CASTLE);
	cr_assert_str_eq(fen_after(p, oo, buf), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
	static const uint64_t c2[] = { 13, 58, 1033, 5689 };
	check_perft("4k3/8/8/8/8/8/8/5KR1 w K - 0 1", VC_CHESS960, 4, c2);
}

Test(movegen, c960_rook_shields_king_target)
{
	/* King c1, castling rook b1, black rook a1. O-O-O would leave the king
	 * on c1 with the b1 rook gone to d1: c1 is then attacked from a1.
	 * Legal: king b2 c2 d2 d1, rook takes a1 = 5, no castling. */
	struct vc_position p = setup("4k3/8/8/8/8/8/8/rRK5 w Q - 0 1", VC_CHESS960);
	cr_assert(!vc_in_check(&p, VC_WHITE));
	cr_assert_eq(count_castles(&p), 0);
	cr_assert(!vc_is_legal(&p, VC_MOVE(SQ("c1"), SQ("b1")) | VC_MF_CASTLE));
	static const uint64_t c[] = { 5, 57, 821, 12489 };
	check_perft("4k3/8/8/8/8/8/8/rRK5 w Q - 0 1", VC_CHESS960, 4, c);
	/* B03's position without pawns: king e1 passes d1 and lands on c1,
	 * both open to a1 once b1 is empty */
	p = setup("4k3/8/8/8/8/8/8/rR2K3 w Q - 0 1", VC_CHESS960);
	cr_assert_eq(count_castles(&p), 0);
	static const uint64_t c2[] = { 8, 97, 1400, 21690 };
	check_perft("4k3/8/8/8/8/8/8/rR2K3 w Q - 0 1", VC_CHESS960, 4, c2);
}

Test(movegen, c960_two_rooks_on_one_side)
{
	/* Rooks a1 and b1, king e1. Q = a1: its way to d1 passes b1, blocked. */
	struct vc_position p = setup("4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1", VC_CHESS960);
	cr_assert_eq(p.castle, VC_BIT(SQ("a1")));
	cr_assert_eq(count_castles(&p), 0);
	static const uint64_t c[] = { 21, 93, 2576, 14576 };
	check_perft("4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1", VC_CHESS960, 4, c);
	/* B = the inner b1 rook: b1->d1, e1->c1, legal; one more move */
	p = setup("4k3/8/8/8/8/8/8/RR2K3 w B - 0 1", VC_CHESS960);
	cr_assert_eq(p.castle, VC_BIT(SQ("b1")));
	vc_move ooo = find_uci(&p, "e1b1");
	cr_assert(ooo & VC_MF_CASTLE);
	char buf[VC_FEN_MAX];
	cr_assert_str_eq(fen_after(p, ooo, buf), "4k3/8/8/8/8/8/8/R1KR4 b - - 1 1");
	static const uint64_t c2[] = { 22, 96, 2645, 14954 };
	check_perft("4k3/8/8/8/8/8/8/RR2K3 w B - 0 1", VC_CHESS960, 4, c2);
	/* B05: K = h1; g1 (the king's target) holds the other rook */
	p = setup("4k3/8/8/8/8/8/8/4K1RR w K - 0 1", VC_CHESS960);
	cr_assert_eq(count_castles(&p), 0);
	static const uint64_t c3[] = { 20, 88, 2380, 12022 };
	check_perft("4k3/8/8/8/8/8/8/4K1RR w K - 0 1", VC_CHESS960, 4, c3);
}

Test(movegen, c960_piece_on_rook_target)
{
	/* King b1, rook a1: O-O-O is Kc1, Rd1. A knight on d1 blocks it
	 * although the king's own way (c1) is free. */
	struct vc_position p = setup("4k3/8/8/8/8/8/8/RK1N4 w Q - 0 1", VC_CHESS960);
	cr_assert_eq(count_castles(&p), 0);
	static const uint64_t c[] = { 15, 70, 1370, 8280 };
	check_perft("4k3/8/8/8/8/8/8/RK1N4 w Q - 0 1", VC_CHESS960, 4, c);
	/* without the knight it is legal */
	p = setup("4k3/8/8/8/8/8/8/RK6 w Q - 0 1", VC_CHESS960);
	cr_assert_eq(count_castles(&p), 1);
	char buf[VC_FEN_MAX];
	cr_assert_str_eq(fen_after(p, find_uci(&p, "b1a1"), buf), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
	static const uint64_t c2[] = { 12, 53, 945, 5549 };
	check_perft("4k3/8/8/8/8/8/8/RK6 w Q - 0 1", VC_CHESS960, 4, c2);
}

Test(movegen, c960_rook_stays)
{
	/* the rook already stands on its target: only the king moves */
	struct vc_position p = setup("4k3/8/8/8/8/8/8/4KR2 w K - 0 1", VC_CHESS960);
	char buf[VC_FEN_MAX];
	cr_assert_str_eq(fen_after(p, find_uci(&p, "e1f1"), buf), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
	static const uint64_t c[] = { 14, 47, 781, 4432 };
	check_perft("4k3/8/8/8/8/8/8/4KR2 w K - 0 1", VC_CHESS960, 4, c);
	p = setup("4k3/8/8/8/8/8/8/3RK3 w Q - 0 1", VC_CHESS960);
	cr_assert_str_eq(fen_after(p, find_uci(&p, "e1d1"), buf), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
	static const uint64_t c2[] = { 15, 52, 866, 4965 };
	check_perft("4k3/8/8/8/8/8/8/3RK3 w Q - 0 1", VC_CHESS960, 4, c2);
}

Test(movegen, castling_through_or_into_check_or_out_of_check)
{
	/* f1 attacked by the f8 rook: no O-O, O-O-O fine */
	struct vc_position p = setup("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", VC_STANDARD);
	cr_assert(!has_move(&p, VC_MOVE(SQ("e1"), SQ("h1")) | VC_MF_CASTLE));
	cr_assert(has_move(&p, VC_MOVE(SQ("e1"), SQ("a1")) | VC_MF_CASTLE));
	/* g1 (target) attacked */
	p = setup("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", VC_STANDARD);
	cr_assert(!has_move(&p, VC_MOVE(SQ("e1"), SQ("h1")) | VC_MF_CASTLE));
	/* b1 attacked: O-O-O is still legal (only the rook passes b1) */
	p = setup("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", VC_STANDARD);
	cr_assert(has_move(&p, VC_MOVE(SQ("e1"), SQ("a1")) | VC_MF_CASTLE));
	/* in check: no castling at all */
	p = setup("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", VC_STANDARD);
	cr_assert_eq(count_castles(&p), 0);
	/* the rook is attacked: castling still legal */
	p = setup("7r/4k3/8/8/8/8/8/R3K2R w KQ - 0 1", VC_STANDARD);
	cr_assert(has_move(&p, VC_MOVE(SQ("e1"), SQ("h1")) | VC_MF_CASTLE));
}

Test(movegen, castling_rights_lost)
{
	char buf[VC_FEN_MAX];
	struct vc_position p = setup("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", VC_STANDARD);
	/* a rook move loses that rook's right only */
	cr_assert_str_eq(fen_after(p, find_uci(&p, "h1h2"), buf), "r3k2r/8/8/8/8/8/7R/R3K3 b Qkq - 1 1");
	/* a king move loses both */
	cr_assert_str_eq(fen_after(p, find_uci(&p, "e1d1"), buf), "r3k2r/8/8/8/8/8/8/R2K3R b kq - 1 1");
	/* capturing a rook removes its owner's right */
	cr_assert_str_eq(fen_after(p, find_uci(&p, "a1a8"), buf), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
	/* castling itself */
	cr_assert_str_eq(fen_after(p, find_uci(&p, "e1g1"), buf), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
	cr_assert_str_eq(fen_after(p, find_uci(&p, "e1c1"), buf), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
}

/* ---- en passant ------------------------------------------------------------ */

Test(movegen, ep_pinned_along_rank)
{
	/* 8/8/8/KPp4r: bxc6 would take both pawns off the fifth rank and
	 * expose the a5 king to the h5 rook. */
	struct vc_position p = setup("8/2p5/8/KP5r/8/8/8/4k3 b - - 0 1", VC_STANDARD);
	vc_make_move(&p, find_uci(&p, "c7c5"));
	cr_assert_eq(p.ep, VC_NO_SQ, "no legal capture: the square is not kept");
	vc_move ep = VC_MOVE(SQ("b5"), SQ("c6")) | VC_MF_EP;
	cr_assert(!has_move(&p, ep));
	/* the generator itself refuses it even with the square set */
	p.ep = (uint8_t)SQ("c6");
	p.key = vc_compute_key(&p);
	cr_assert(!has_move(&p, ep));
	/* a4 b4 b6 a6 and b6 (pawn push) = 4; perft cross-checked */
	static const uint64_t c[] = { 4, 68, 317, 5850 };
	check_perft("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1", VC_STANDARD, 4, c);
	/* the same from the FEN of the whole line */
	static const uint64_t c2[] = { 20, 66, 1310, 6742 };
	check_perft("8/2p5/8/KP5r/8/8/8/4k3 b - - 0 1", VC_STANDARD, 4, c2);
}

Test(movegen, ep_evades_check)
{
	/* e2-e4 gave check to the f5 king: d4xe3 takes the checker. King: 8
	 * squares (e4 e5 e6 f4 f6 g4 g5 g6); d3 does not help. 9 moves. */
	struct vc_position p = setup("8/8/8/5k2/3pP3/8/8/4K3 b - e3 0 1", VC_STANDARD);
	cr_assert(vc_in_check(&p, VC_BLACK));
	cr_assert(has_move(&p, VC_MOVE(SQ("d4"), SQ("e3")) | VC_MF_EP));
	cr_assert(!has_move(&p, VC_MOVE(SQ("d4"), SQ("d3"))));
	static const uint64_t c[] = { 9, 49, 364, 2233 };
	check_perft("8/8/8/5k2/3pP3/8/8/4K3 b - e3 0 1", VC_STANDARD, 4, c);
	char buf[VC_FEN_MAX];
	cr_assert_str_eq(fen_after(p, find_uci(&p, "d4e3"), buf), "8/8/8/5k2/8/4p3/8/4K3 w - - 0 2");
}

Test(movegen, ep_does_not_evade_other_check)
{
	/* the king is checked by the a8 rook: en passant is no answer */
	struct vc_position p = setup("R3k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", VC_STANDARD);
	p.ep = (uint8_t)SQ("e3");
	p.key = vc_compute_key(&p);
	cr_assert(!has_move(&p, VC_MOVE(SQ("d4"), SQ("e3")) | VC_MF_EP));
	static const uint64_t c[] = { 3, 60, 392, 7395 };
	check_perft("R3k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", VC_STANDARD, 4, c);
}

Test(movegen, ep_diagonal_pins)
{
	/* pinned on the b6-f2 diagonal, capturing along it: legal */
	struct vc_position p = setup("8/8/1k6/8/3pP3/8/5B2/4K3 b - e3 0 1", VC_STANDARD);
	cr_assert(has_move(&p, VC_MOVE(SQ("d4"), SQ("e3")) | VC_MF_EP));
	static const uint64_t c[] = { 9, 87, 622, 7600 };
	check_perft("8/8/1k6/8/3pP3/8/5B2/4K3 b - e3 0 1", VC_STANDARD, 4, c);
	/* pinned on the g7-a1 diagonal, capturing off it: illegal */
	p = setup("8/6k1/8/8/3pP3/8/1B6/4K3 b - e3 0 1", VC_STANDARD);
	p.ep = (uint8_t)SQ("e3");
	p.key = vc_compute_key(&p);
	cr_assert(!has_move(&p, VC_MOVE(SQ("d4"), SQ("e3")) | VC_MF_EP));
	static const uint64_t c2[] = { 8, 88, 543, 6624 };
	check_perft("8/6k1/8/8/3pP3/8/1B6/4K3 b - e3 0 1", VC_STANDARD, 4, c2);
	/* two capturers: c5 pinned (a7-f2), e5 free */
	p = setup("8/K7/8/2PpP3/8/8/5b2/4k3 w - d6 0 2", VC_STANDARD);
	cr_assert(!has_move(&p, VC_MOVE(SQ("c5"), SQ("d6")) | VC_MF_EP));
	cr_assert(has_move(&p, VC_MOVE(SQ("e5"), SQ("d6")) | VC_MF_EP));
	static const uint64_t c3[] = { 7, 76, 524, 6884 };
	check_perft("8/K7/8/2PpP3/8/8/5b2/4k3 w - d6 0 2", VC_STANDARD, 4, c3);
}

Test(movegen, ep_square_set_only_when_capturable)
{
	struct vc_position p;
	vc_startpos(&p, VC_STANDARD);
	vc_make_move(&p, find_uci(&p, "e2e4"));
	cr_assert_eq(p.ep, VC_NO_SQ);
	p = setup("rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3", VC_STANDARD);
	vc_make_move(&p, find_uci(&p, "e2e4"));
	cr_assert_eq(p.ep, SQ("e3"));
	cr_assert_eq(p.key, vc_compute_key(&p));
	vc_make_move(&p, find_uci(&p, "d4e3"));
	cr_assert_eq(p.board[SQ("e4")], 0, "the captured pawn is gone");
	cr_assert_eq(p.board[SQ("e3")], VC_PIECE(VC_BLACK, VC_PAWN));
	cr_assert_eq(p.halfmove, 0);
}

/* ---- promotions ------------------------------------------------------------- */

Test(movegen, promotions)
{
	/* b7: b8 and bxa8, four pieces each, never a king; king 5 moves */
	struct vc_position p = setup("r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1", VC_STANDARD);
	static const int pieces[] = { VC_QUEEN, VC_ROOK, VC_BISHOP, VC_KNIGHT };
	for (int i = 0; i < 4; i++) {
		cr_assert(has_move(&p, VC_MOVE_PROMO(SQ("b7"), SQ("b8"), pieces[i])));
		cr_assert(has_move(&p, VC_MOVE_PROMO(SQ("b7"), SQ("a8"), pieces[i])));
	}
	cr_assert(!has_move(&p, VC_MOVE_PROMO(SQ("b7"), SQ("b8"), VC_KING)));
	cr_assert(!has_move(&p, VC_MOVE_PROMO(SQ("b7"), SQ("b8"), VC_PAWN)));
	cr_assert(!has_move(&p, VC_MOVE(SQ("b7"), SQ("b8"))));
	static const uint64_t c[] = { 13, 124, 1434, 18285 };
	check_perft("r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1", VC_STANDARD, 4, c);
	char buf[VC_FEN_MAX];
	/* capture-promotion takes the a8 rook and with it Black's right */
	cr_assert_str_eq(fen_after(p, find_uci(&p, "b7a8n"), buf), "N3k3/8/8/8/8/8/8/4K3 b - - 0 1");
	cr_assert_str_eq(fen_after(p, find_uci(&p, "b7b8q"), buf), "rQ2k3/8/8/8/8/8/8/4K3 b q - 0 1");
}

/* ---- check evasion, pins ----------------------------------------------------- */

Test(movegen, double_check_king_moves_only)
{
	/* Bb5+ and Re1+ at once: only king moves (d8 e7... as computed) */
	struct vc_position p = setup("3qk3/8/8/1B6/8/8/8/4R1K1 b - - 0 1", VC_STANDARD);
	vc_move l[VC_MAX_MOVES];
	int n = vc_legal_moves(&p, l);
	cr_assert_gt(n, 0);
	for (int i = 0; i < n; i++)
		cr_assert_eq(VC_MOVE_FROM(l[i]), SQ("e8"), "only the king may move");
}

Test(movegen, pinned_piece_moves_along_pin)
{
	/* the e4 rook is pinned by the e8 rook against e1: it may move on the
	 * e-file only */
	struct vc_position p = setup("k3r3/8/8/8/4R3/8/8/4K3 w - - 0 1", VC_STANDARD);
	vc_move l[VC_MAX_MOVES];
	int n = vc_legal_moves(&p, l);
	int rook_moves = 0;
	for (int i = 0; i < n; i++) {
		if (VC_MOVE_FROM(l[i]) != SQ("e4"))
			continue;
		rook_moves++;
		cr_assert_eq(VC_FILE(VC_MOVE_TO(l[i])), 4);
	}
	cr_assert_eq(rook_moves, 6); /* e2 e3 e5 e6 e7 e8 */
}

/* ---- UCI ------------------------------------------------------------------- */

Test(movegen, uci_standard_castling)
{
	struct vc_position p = setup("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", VC_STANDARD);
	vc_move oo = VC_MOVE(SQ("e1"), SQ("h1")) | VC_MF_CASTLE;
	vc_move ooo = VC_MOVE(SQ("e1"), SQ("a1")) | VC_MF_CASTLE;
	char u[8];
	cr_assert_str_eq(vc_move_to_uci(&p, oo, u), "e1g1");
	cr_assert_str_eq(vc_move_to_uci(&p, ooo, u), "e1c1");
	cr_assert_eq(find_uci(&p, "e1g1"), oo);
	cr_assert_eq(find_uci(&p, "e1c1"), ooo);
	/* king-takes-rook is accepted too */
	cr_assert_eq(find_uci(&p, "e1h1"), oo);
	cr_assert_eq(find_uci(&p, "e1a1"), ooo);
}

Test(movegen, uci_chess960_castling_is_king_takes_rook)
{
	struct vc_position p = setup("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", VC_CHESS960);
	vc_move oo = VC_MOVE(SQ("e1"), SQ("h1")) | VC_MF_CASTLE;
	char u[8];
	cr_assert_str_eq(vc_move_to_uci(&p, oo, u), "e1h1");
	cr_assert_eq(find_uci(&p, "e1h1"), oo);
	/* e1g1 is a two-square king move in Chess960: not a move */
	cr_assert_eq(find_uci(&p, "e1g1"), VC_MOVE_NONE);
	/* king on g1, rook h1 */
	p = setup("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w KQkq - 0 1", VC_CHESS960);
	cr_assert_str_eq(vc_move_to_uci(&p, find_uci(&p, "g1h1"), u), "g1h1");
	cr_assert_str_eq(vc_move_to_uci(&p, find_uci(&p, "g1b1"), u), "g1b1");
	/* a standard FEN read as Chess960 writes king-takes-rook */
	struct vc_fen_result r;
	cr_assert_eq(vc_fen_parse(&p, "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", VC_STANDARD, &r),
	             VC_FEN_OK);
	cr_assert_str_eq(vc_move_to_uci(&p, find_uci(&p, "b1a1"), u), "b1a1");
	cr_assert(find_uci(&p, "b1a1") & VC_MF_CASTLE);
}

Test(movegen, uci_moves_and_promotions)
{
	struct vc_position p;
	vc_startpos(&p, VC_STANDARD);
	char u[8];
	vc_move m = find_uci(&p, "e2e4");
	cr_assert_eq(m, VC_MOVE(SQ("e2"), SQ("e4")));
	cr_assert_str_eq(vc_move_to_uci(&p, m, u), "e2e4");
	cr_assert_eq(find_uci(&p, "g1f3"), VC_MOVE(SQ("g1"), SQ("f3")));
	cr_assert_eq(find_uci(&p, "e2e5"), VC_MOVE_NONE);
	cr_assert_eq(find_uci(&p, "e7e5"), VC_MOVE_NONE, "not the side to move");
	cr_assert_eq(find_uci(&p, "e2"), VC_MOVE_NONE);
	cr_assert_eq(find_uci(&p, "e2e4q"), VC_MOVE_NONE, "promotion letter on a push");
	cr_assert_eq(find_uci(&p, "i2i4"), VC_MOVE_NONE);
	cr_assert_eq(find_uci(&p, "0000"), VC_MOVE_NONE);
	p = setup("r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1", VC_STANDARD);
	m = find_uci(&p, "b7a8r");
	cr_assert_eq(m, VC_MOVE_PROMO(SQ("b7"), SQ("a8"), VC_ROOK));
	cr_assert_str_eq(vc_move_to_uci(&p, m, u), "b7a8r");
	cr_assert_str_eq(vc_move_to_uci(&p, find_uci(&p, "b7b8n"), u), "b7b8n");
	cr_assert_eq(find_uci(&p, "b7b8"), VC_MOVE_NONE, "promotion piece missing");
	cr_assert_eq(find_uci(&p, "b7b8k"), VC_MOVE_NONE, "no king promotion in chess");
	/* every legal move of a busy position survives to_uci/from_uci */
	p = setup("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	          VC_STANDARD);
	vc_move l[VC_MAX_MOVES];
	int n = vc_legal_moves(&p, l);
	for (int i = 0; i < n; i++) {
		vc_move_to_uci(&p, l[i], u);
		cr_assert_eq(find_uci(&p, u), l[i], "%s", u);
	}
}

Test(movegen, is_legal)
{
	struct vc_position p = setup("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", VC_STANDARD);
	cr_assert(vc_is_legal(&p, VC_MOVE(SQ("e1"), SQ("h1")) | VC_MF_CASTLE));
	/* the same squares without the castling flag: the king onto its rook */
	cr_assert(!vc_is_legal(&p, VC_MOVE(SQ("e1"), SQ("h1"))));
	cr_assert(!vc_is_legal(&p, VC_MOVE(SQ("e1"), SQ("g1"))));
	cr_assert(vc_is_legal(&p, VC_MOVE(SQ("a1"), SQ("a8"))));
	cr_assert(!vc_is_legal(&p, VC_MOVE(SQ("a8"), SQ("a1"))), "Black's move");
	cr_assert(!vc_is_legal(&p, VC_MOVE_NONE));
	/* a king move into check */
	p = setup("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", VC_STANDARD);
	cr_assert(vc_is_legal(&p, VC_MOVE(SQ("e1"), SQ("d2"))));
	cr_assert(!vc_is_legal(&p, VC_MOVE(SQ("e1"), SQ("e2"))));
	cr_assert(!vc_is_legal(&p, VC_MOVE(SQ("e1"), SQ("d1"))));
	cr_assert(vc_is_legal(&p, VC_MOVE(SQ("e1"), SQ("f1"))));
}

Test(movegen, make_move_counters)
{
	struct vc_position p;
	vc_startpos(&p, VC_STANDARD);
	vc_make_move(&p, find_uci(&p, "g1f3"));
	cr_assert_eq(p.halfmove, 1);
	cr_assert_eq(p.fullmove, 1);
	cr_assert_eq(p.side, VC_BLACK);
	vc_make_move(&p, find_uci(&p, "g8f6"));
	cr_assert_eq(p.halfmove, 2);
	cr_assert_eq(p.fullmove, 2);
	vc_make_move(&p, find_uci(&p, "e2e4"));
	cr_assert_eq(p.halfmove, 0);
	vc_make_move(&p, find_uci(&p, "f6e4"));
	cr_assert_eq(p.halfmove, 0, "a capture resets the clock");
	cr_assert_eq(p.key, vc_compute_key(&p));
	char buf[VC_FEN_MAX];
	cr_assert_str_eq(vc_fen_write(&p, buf, false),
	                 "rnbqkb1r/pppppppp/8/8/4n3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3");
}

/* has_legal (does a legal move exist? stops at the first) must agree with
 * the full count everywhere, above all in mates and stalemates, where the
 * king is tried last when not in check. */
Test(movegen, has_legal_agrees_with_count)
{
	static const char *const fens[] = {
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",            /* stalemate */
		"k7/8/1QK5/8/8/8/8/8 b - - 0 1",             /* stalemate */
		"7k/7p/7P/8/8/8/8/K5Q1 b - - 0 1",           /* stalemate, pawn blocked */
		"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", /* mate */
		"4k3/8/8/8/8/8/8/r3K2R w K - 0 1",           /* check along the rank */
		"8/8/8/8/8/5k2/5p2/5K2 w - - 0 1",           /* only a king, no move */
		"8/8/8/8/8/6k1/4r3/R3K3 w Q - 0 1",          /* only castling? no: in check */
		"8/8/8/8/8/8/r5k1/R3K2R w KQ - 0 1",         /* castling among few moves */
	};
	for (size_t i = 0; i < sizeof fens / sizeof *fens; i++) {
		struct vc_position p;
		cr_assert_eq(vc_fen_parse(&p, fens[i], VC_STANDARD, NULL), VC_FEN_OK, "%s", fens[i]);
		cr_assert_eq(vc_has_legal_chess(&p) != 0, vc_count_legal_chess(&p) > 0, "%s", fens[i]);
	}
	/* and along random walks from the start position */
	uint64_t seed = 12345;
	for (int game = 0; game < 200; game++) {
		struct vc_position p;
		vc_startpos(&p, VC_STANDARD);
		for (int ply = 0; ply < 200; ply++) {
			vc_move list[VC_MAX_MOVES];
			int n = vc_gen_legal_chess(&p, list);
			cr_assert_eq(vc_has_legal_chess(&p) != 0, n > 0);
			cr_assert_eq(vc_count_legal_chess(&p), n);
			if (!n)
				break;
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			vc_make_chess(&p, list[(seed >> 33) % (uint64_t)n]);
		}
	}
}

/* SAN resolution's generator (moves of one piece type to one square, found
 * backwards from the square) must give exactly the moves of the full
 * generator with that piece type and destination, castling aside: on every
 * square, for every piece type, in the perft positions above (pins, checks,
 * en passant exposing the king, promotions, Chess960) and along random
 * walks from standard and Chess960 start positions. */
static int cmp_move(const void *a, const void *b)
{
	vc_move x = *(const vc_move *)a, y = *(const vc_move *)b;
	return x < y ? -1 : x > y;
}

static void check_legal_to(const struct vc_position *p, const char *what)
{
	vc_move all[VC_MAX_MOVES];
	int n = vc_gen_legal_chess(p, all);
	for (int pt = VC_PAWN; pt <= VC_KING; pt++) {
		for (int to = 0; to < 64; to++) {
			vc_move want[VC_MAX_MOVES], got[VC_MAX_MOVES];
			int nw = 0;
			for (int i = 0; i < n; i++)
				if (!(all[i] & VC_MF_CASTLE) && VC_MOVE_TO(all[i]) == to &&
				    VC_PIECE_TYPE(p->board[VC_MOVE_FROM(all[i])]) == pt)
					want[nw++] = all[i];
			int ng = vc_gen_legal_chess_to(p, to, pt, got);
			cr_assert_eq(ng, nw, "%s: piece type %d to square %d: %d moves, want %d", what,
			             pt, to, ng, nw);
			qsort(want, (size_t)nw, sizeof *want, cmp_move);
			qsort(got, (size_t)ng, sizeof *got, cmp_move);
			cr_assert_arr_eq(got, want, (size_t)nw * sizeof *want, "%s: piece type %d to %d",
			                 what, pt, to);
		}
	}
}

Test(movegen, legal_to_agrees_with_full_generator)
{
	static const char *const fens[] = {
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",
		"1b1k4/8/8/1rPpK3/8/8/8/8 w - d6 0 1",
		"rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6 0 1",
		"5R2/2P5/8/4k3/8/3rK2r/8/8 w - - 0 1",
		"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/8/8/4k3/3Pp3/8/8/3K4 b - d3 0 1",  /* en passant takes the checker */
		"8/8/8/8/k1pPp2R/8/8/3K4 b - d3 0 1", /* one en passant exposes */
		"4k3/8/8/8/8/8/8/r3K2R w K - 0 1",
		"3k4/8/8/8/8/8/3p4/3K3B w - - 0 1",
	};
	for (size_t i = 0; i < sizeof fens / sizeof *fens; i++) {
		struct vc_position p;
		cr_assert_eq(vc_fen_parse(&p, fens[i], VC_STANDARD, NULL), VC_FEN_OK, "%s", fens[i]);
		check_legal_to(&p, fens[i]);
	}
	uint64_t seed = 987654321;
	for (int game = 0; game < 60; game++) {
		struct vc_position p;
		if (game % 2)
			vc_startpos(&p, VC_STANDARD);
		else
			vc_chess960_startpos(&p, game * 7 % 960, VC_CHESS960);
		for (int ply = 0; ply < 160; ply++) {
			check_legal_to(&p, "random walk");
			vc_move list[VC_MAX_MOVES];
			int n = vc_gen_legal_chess(&p, list);
			if (!n)
				break;
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			vc_make_chess(&p, list[(seed >> 33) % (uint64_t)n]);
		}
	}
}

/* Perft's last two plies (lib/movegen.c: a copy per side to move, the
 * leaf make, the counter with what a node's children share worked out once
 * per node: king square, castling masks, the sliders near the king) must
 * count what the rules hooks list: vc_perft against a perft that lists
 * every move with vc_legal_moves and plays it with vc_make_move, at depths
 * 2 and 3, with the PEXT lookups (where vc_init chose them) and the magic
 * ones. Positions: castling rights on both sides with their rooks taken on
 * the last plies, paths under attack, Chess960 kings that stay or cross,
 * and random walks from the standard and Chess960 start positions. */
static uint64_t perft_listing(const struct vc_position *p, int depth)
{
	if (depth == 0)
		return 1;
	vc_move list[VC_MAX_MOVES];
	int n = vc_legal_moves(p, list);
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		struct vc_position q = *p;
		vc_make_move(&q, list[i]);
		total += perft_listing(&q, depth - 1);
	}
	return total;
}

static void check_leaf_counts(const struct vc_position *p, const char *what)
{
	char fen[VC_FEN_MAX];
	for (int d = 2; d <= 3; d++)
		cr_assert_eq(vc_perft(p, d), perft_listing(p, d), "%s %s depth %d", what,
		             vc_fen_write(p, fen, true), d);
}

static void leaf_counts_all(void)
{
	static const struct {
		const char *fen;
		int variant;
	} cases[] = {
		{ "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", VC_STANDARD },
		{ "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1", VC_STANDARD },
		{ "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", VC_STANDARD },
		{ "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", VC_STANDARD },
		{ "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", VC_STANDARD },
		{ "r3k2r/7B/8/8/8/8/1b4bq/R3K2R b KQkq - 0 1", VC_STANDARD },
		{ "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", VC_STANDARD },
		{ "rn2k1nr/8/8/8/8/8/8/R3K2R b KQkq - 0 1", VC_STANDARD },
		{ "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", VC_CHESS960 },
		{ "1r4kr/p6p/8/8/8/8/P6P/1R4KR w HBhb - 0 1", VC_CHESS960 },
		{ "1r4kr/p6p/8/8/8/8/P6P/1R4KR b HBhb - 0 1", VC_CHESS960 },
		{ "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", VC_CHESS960 },
		{ "2r1kr2/8/8/8/8/8/8/2R1KR2 w FCfc - 0 1", VC_CHESS960 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct vc_position p = setup(cases[i].fen, cases[i].variant);
		check_leaf_counts(&p, "case");
	}
	/* random walks */
	uint64_t seed = 18;
	for (int game = 0; game < 12; game++) {
		struct vc_position q;
		if (game & 1)
			vc_chess960_startpos(&q, (int)(seed % 960), VC_CHESS960);
		else
			vc_startpos(&q, VC_STANDARD);
		for (int ply = 0; ply < 80; ply++) {
			vc_move list[VC_MAX_MOVES];
			int n = vc_legal_moves(&q, list);
			if (!n)
				break;
			if (ply % 16 == 15)
				check_leaf_counts(&q, "walk");
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			vc_make_move(&q, list[(seed >> 33) % (uint64_t)n]);
		}
	}
}

Test(movegen, perft_leaf_counts_agree_with_listing)
{
	leaf_counts_all();
	if (vc_pext_) {
		vc_pext_ = false; /* the magic lookups too (this test's own process) */
		leaf_counts_all();
		vc_pext_ = true;
	}
}
