#include <stdio.h>
#include <stdlib.h>
/* Tests of lib/san.c: SAN read (strict and every lenient form of RULES.md
 * section 2 with its warning bit), errors, check suffixes, SAN write with
 * minimal disambiguation, and read(write(m)) == m over many positions.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "position.h"
#include "san.h"
#include "movegen_internal.h"
#include "variant.h"

#define SQ(name) VC_SQ((name)[0] - 'a', (name)[1] - '1')

static struct vc_position pos;
static struct vc_san_info info;

static void setup(const char *fen, int variant)
{
	struct vc_fen_result r;
	cr_assert_eq(vc_fen_parse(&pos, fen, variant, &r), VC_FEN_OK, "%s: %s", fen,
	             vc_fen_code(r.status));
}

static enum vc_san_status san(const char *text)
{
	return vc_san_parse(&pos, NULL, 0, text, strlen(text), &info);
}

/* Expect `text` to read as move m with exactly `warnings`. */
static void expect(const char *text, vc_move m, unsigned warnings)
{
	enum vc_san_status st = san(text);
	cr_assert_eq(st, VC_SAN_OK, "%s: status %s", text, vc_san_code(st));
	cr_assert_eq(info.move, m, "%s: move %#x, want %#x", text, info.move, m);
	cr_assert_eq(info.warnings, warnings, "%s: warnings %#x, want %#x", text, info.warnings,
	             warnings);
}

static void expect_status(const char *text, enum vc_san_status want)
{
	enum vc_san_status st = san(text);
	cr_assert_eq(st, want, "%s: status %s, want %s", text, vc_san_code(st), vc_san_code(want));
}

static const char *write_san(vc_move m)
{
	static char buf[VC_SAN_MAX];
	cr_assert(vc_is_legal(&pos, m), "write of an illegal move");
	return vc_san_write(&pos, m, buf);
}

/* Suffix check of `text` played in pos: returns vc_san_check_suffix's bits. */
static unsigned suffix_bits(const char *text)
{
	cr_assert_eq(san(text), VC_SAN_OK, "%s", text);
	struct vc_position after = pos;
	vc_make_move(&after, info.move);
	vc_move l[VC_MAX_MOVES];
	int n = vc_legal_moves(&after, l);
	unsigned bits = vc_san_check_suffix(&after, n, info.suffix);
	/* with the count unknown (-1) it is worked out when needed: same */
	cr_assert_eq(vc_san_check_suffix(&after, -1, info.suffix), bits, "%s, count unknown", text);
	return bits;
}

#define M(a, b) VC_MOVE(SQ(a), SQ(b))
#define CASTLE(k, r) (VC_MOVE(SQ(k), SQ(r)) | VC_MF_CASTLE)

TestSuite(san);

/* ---- strict forms ----------------------------------------------------------- */

Test(san, strict_pawn_and_piece_moves)
{
	vc_startpos(&pos, VC_STANDARD);
	expect("e4", M("e2", "e4"), 0);
	expect("e3", M("e2", "e3"), 0);
	expect("Nf3", M("g1", "f3"), 0);
	expect("Na3", M("b1", "a3"), 0);
	setup("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", VC_STANDARD);
	expect("exd5", M("e4", "d5"), 0);
	expect("Bb5+", M("f1", "b5"), 0);
	cr_assert_eq(info.suffix, VC_SUFFIX_CHECK);
	expect("Qh5", M("d1", "h5"), 0);
}

Test(san, strict_en_passant)
{
	setup("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", VC_STANDARD);
	expect("exf6", M("e5", "f6") | VC_MF_EP, 0);
	/* d6 is not an en-passant square here: exd6 is no move */
	expect_status("exd6", VC_SAN_ILLEGAL);
}

Test(san, strict_captures_pieces_and_pawns_sharing_letters)
{
	/* b2 pawn and the d2 bishop both take c3: bxc3 vs Bxc3 */
	setup("4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1", VC_STANDARD);
	expect("bxc3", M("b2", "c3"), 0);
	expect("Bxc3", M("d2", "c3"), 0);
}

Test(san, strict_promotions)
{
	setup("r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1", VC_STANDARD);
	expect("b8=Q+", VC_MOVE_PROMO(SQ("b7"), SQ("b8"), VC_QUEEN), 0);
	expect("b8=N", VC_MOVE_PROMO(SQ("b7"), SQ("b8"), VC_KNIGHT), 0);
	expect("b8=R+", VC_MOVE_PROMO(SQ("b7"), SQ("b8"), VC_ROOK), 0);
	expect("bxa8=B", VC_MOVE_PROMO(SQ("b7"), SQ("a8"), VC_BISHOP), 0);
	expect("bxa8=Q", VC_MOVE_PROMO(SQ("b7"), SQ("a8"), VC_QUEEN), 0);
	/* a pawn reaching the last rank must name its piece */
	expect_status("b8", VC_SAN_ILLEGAL);
	/* no king or pawn promotion in chess */
	expect_status("b8=K", VC_SAN_ILLEGAL);
	expect_status("b8=P", VC_SAN_SYNTAX);
}

Test(san, strict_disambiguation)
{
	/* B23: knights a2, e2, e4 all reach c3 */
	setup("8/8/6K1/4k3/4N3/p4r2/N3N3/8 w - - 3 82", VC_STANDARD);
	expect("Nac3", M("a2", "c3"), 0);
	expect("Ne2c3", M("e2", "c3"), 0);
	expect("N4c3", M("e4", "c3"), 0);
	/* rank disambiguation: rooks a1 and a5 */
	setup("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", VC_STANDARD);
	expect("R1a3", M("a1", "a3"), 0);
	expect("R5a3", M("a5", "a3"), 0);
	/* file disambiguation: rooks a1 and h1 */
	setup("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", VC_STANDARD);
	expect("Rad1", M("a1", "d1"), 0);
	expect("Rhf1", M("h1", "f1"), 0);
	expect("Ra2", M("a1", "a2"), 0);
	expect_status("Rb1", VC_SAN_AMBIGUOUS);
	/* file and rank: queens a1, c1, a3, c3 all reach b2 */
	setup("4k3/8/8/8/8/Q1Q5/8/Q1Q1K3 w - - 0 1", VC_STANDARD);
	expect("Qa1b2", M("a1", "b2"), 0);
	expect("Qc3b2", M("c3", "b2"), 0);
	expect_status("Qab2", VC_SAN_AMBIGUOUS);
	expect_status("Q1b2", VC_SAN_AMBIGUOUS);
}

Test(san, strict_castling_and_suffixes)
{
	setup("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", VC_STANDARD);
	expect("O-O", CASTLE("e1", "h1"), 0);
	expect("O-O-O", CASTLE("e1", "a1"), 0);
	/* annotations, alone and after suffixes, are tolerated silently */
	expect("O-O!", CASTLE("e1", "h1"), 0);
	expect("O-O-O?!", CASTLE("e1", "a1"), 0);
	expect("Rxa8+!!", M("a1", "a8"), 0);
	cr_assert_eq(info.suffix, VC_SUFFIX_CHECK);
	expect("Rb1??", M("a1", "b1"), 0);
	cr_assert_eq(info.suffix, VC_SUFFIX_NONE);
	expect("Rb1!?", M("a1", "b1"), 0);
	expect("Rb1?", M("a1", "b1"), 0);
	/* Black's castling */
	setup("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", VC_STANDARD);
	expect("O-O", CASTLE("e8", "h8"), 0);
	expect("O-O-O", CASTLE("e8", "a8"), 0);
}

Test(san, strict_chess960_castling)
{
	/* king on g1: O-O moves only the rook; O-O-O brings the king to c1 */
	setup("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w KQkq - 0 1", VC_CHESS960);
	expect("O-O", CASTLE("g1", "h1"), 0);
	expect("O-O-O", CASTLE("g1", "b1"), 0);
	/* king d1, rook c1: they swap */
	setup("4k3/8/8/8/8/8/8/2RK4 w Q - 0 1", VC_CHESS960);
	expect("O-O-O", CASTLE("d1", "c1"), 0);
	expect_status("O-O", VC_SAN_ILLEGAL);
	/* king f1, rook h1: Kg1 is an ordinary king move, O-O is castling */
	setup("4k3/8/8/8/8/8/8/5K1R w K - 0 1", VC_CHESS960);
	expect("Kg1", M("f1", "g1"), 0);
	expect("O-O", CASTLE("f1", "h1"), 0);
	cr_assert_str_eq(write_san(M("f1", "g1")), "Kg1");
	cr_assert_str_eq(write_san(CASTLE("f1", "h1")), "O-O");
}

/* ---- lenient forms: accepted with a warning bit ---------------------------- */

Test(san, lenient_zero_castling)
{
	setup("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", VC_STANDARD);
	expect("0-0", CASTLE("e1", "h1"), VC_SANW_ZERO_CASTLING);
	expect("0-0-0", CASTLE("e1", "a1"), VC_SANW_ZERO_CASTLING);
	expect("0-0+", CASTLE("e1", "h1"), VC_SANW_ZERO_CASTLING);
	cr_assert_eq(info.suffix, VC_SUFFIX_CHECK);
}

Test(san, lenient_promotion_forms)
{
	setup("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", VC_STANDARD);
	vc_move q = VC_MOVE_PROMO(SQ("e7"), SQ("e8"), VC_QUEEN);
	vc_move n = VC_MOVE_PROMO(SQ("e7"), SQ("e8"), VC_KNIGHT);
	expect("e8Q", q, VC_SANW_PROMOTION_FORM);
	expect("e8(Q)", q, VC_SANW_PROMOTION_FORM);
	expect("e8/Q", q, VC_SANW_PROMOTION_FORM);
	expect("e8N+", n, VC_SANW_PROMOTION_FORM);
	expect("e8=Q", q, 0);
	/* a lower-case piece letter is read, with the same warning */
	expect("e8=q", q, VC_SANW_PROMOTION_FORM);
	expect("e8=n+", n, VC_SANW_PROMOTION_FORM);
}

Test(san, lenient_missing_x)
{
	setup("rnbqkbnr/ppp1pppp/8/3p4/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 2", VC_STANDARD);
	expect("Nd5", M("c3", "d5"), VC_SANW_MISSING_X);
	expect("ed5", M("e4", "d5"), VC_SANW_MISSING_X);
	expect("Nxd5", M("c3", "d5"), 0);
}

Test(san, lenient_superfluous_x)
{
	vc_startpos(&pos, VC_STANDARD);
	expect("Nxf3", M("g1", "f3"), VC_SANW_SUPERFLUOUS_X);
	expect("Nf3", M("g1", "f3"), 0);
}

Test(san, lenient_over_disambiguation)
{
	vc_startpos(&pos, VC_STANDARD);
	expect("Ngf3", M("g1", "f3"), VC_SANW_OVERDISAMBIG);
	expect("N1f3", M("g1", "f3"), VC_SANW_OVERDISAMBIG);
	expect("Ng1f3", M("g1", "f3"), VC_SANW_OVERDISAMBIG);
	/* B23: the a2 knight needs only its file */
	setup("8/8/6K1/4k3/4N3/p4r2/N3N3/8 w - - 3 82", VC_STANDARD);
	expect("Na2c3", M("a2", "c3"), VC_SANW_OVERDISAMBIG);
	expect("Ne4c3", M("e4", "c3"), VC_SANW_OVERDISAMBIG);
	/* over-disambiguation and a missing x together */
	setup("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", VC_STANDARD);
	expect("Rdd5", M("d1", "d5"), VC_SANW_OVERDISAMBIG | VC_SANW_MISSING_X);
}

Test(san, lenient_king_move_for_castling)
{
	setup("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", VC_STANDARD);
	expect("Kg1", CASTLE("e1", "h1"), VC_SANW_KING_CASTLING);
	expect("Kc1", CASTLE("e1", "a1"), VC_SANW_KING_CASTLING);
	setup("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", VC_STANDARD);
	expect("Kg8", CASTLE("e8", "h8"), VC_SANW_KING_CASTLING);
	/* an ordinary king move stays an ordinary king move */
	setup("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", VC_STANDARD);
	expect("Kf1", M("e1", "f1"), 0);
	/* without the right, Kg1 is just illegal */
	setup("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", VC_STANDARD);
	expect_status("Kg1", VC_SAN_ILLEGAL);
}

Test(san, lenient_uci_in_movetext)
{
	vc_startpos(&pos, VC_STANDARD);
	expect("e2e4", M("e2", "e4"), VC_SANW_UCI);
	expect("g1f3", M("g1", "f3"), VC_SANW_UCI);
	expect_status("e2e5", VC_SAN_ILLEGAL);
	setup("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", VC_STANDARD);
	expect("e1g1", CASTLE("e1", "h1"), VC_SANW_UCI);
	expect("e1h1", CASTLE("e1", "h1"), VC_SANW_UCI);
	setup("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", VC_STANDARD);
	expect("e7e8q", VC_MOVE_PROMO(SQ("e7"), SQ("e8"), VC_QUEEN), VC_SANW_UCI);
	expect("e7e8n", VC_MOVE_PROMO(SQ("e7"), SQ("e8"), VC_KNIGHT), VC_SANW_UCI);
}

Test(san, check_suffix_right_wrong_missing)
{
	/* Fool's mate position, Black to move: Qh4 mates */
	setup("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", VC_STANDARD);
	cr_assert_eq(suffix_bits("Qh4#"), 0);
	cr_assert_eq(info.suffix, VC_SUFFIX_MATE);
	cr_assert_eq(suffix_bits("Qh4"), VC_SANW_CHECK_SUFFIX, "mate without #");
	cr_assert_eq(suffix_bits("Qh4+"), VC_SANW_CHECK_SUFFIX, "+ on a mating move");
	cr_assert_eq(info.suffix, VC_SUFFIX_CHECK);
	cr_assert_eq(suffix_bits("Qh4#!"), 0);
	cr_assert_eq(suffix_bits("Nc6"), 0);
	cr_assert_eq(suffix_bits("Nc6+"), VC_SANW_CHECK_SUFFIX, "+ on a quiet move");
	cr_assert_eq(suffix_bits("Nc6#"), VC_SANW_CHECK_SUFFIX);
	/* a plain check */
	setup("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", VC_STANDARD);
	cr_assert_eq(suffix_bits("Bb5+"), 0);
	cr_assert_eq(suffix_bits("Bb5"), VC_SANW_CHECK_SUFFIX, "missing +");
	cr_assert_eq(suffix_bits("Bb5#"), VC_SANW_CHECK_SUFFIX, "# on a check");
	/* parsing itself never sets the suffix bit */
	expect("Bb5", M("f1", "b5"), 0);
}

/* ---- errors ------------------------------------------------------------------ */

Test(san, error_syntax)
{
	vc_startpos(&pos, VC_STANDARD);
	static const char *const bad[] = {
		"", "+", "!!", "xyz", "e", "e9", "i4", "Nf9", "N", "Zf3", "Ke", "e4e", "O-O-O-O",
		"Nf3x", "Nff", "=Q", "4e",
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		expect_status(bad[i], VC_SAN_SYNTAX);
}

Test(san, error_illegal)
{
	vc_startpos(&pos, VC_STANDARD);
	static const char *const bad[] = {
		"e5", "Nf4", "Ke2", "O-O", "O-O-O", "0-0", "Qh5", "exd3", "Bb5", "a1=Q", "Nxe4",
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		expect_status(bad[i], VC_SAN_ILLEGAL);
	/* a king move into check */
	setup("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", VC_STANDARD);
	expect_status("Ke2", VC_SAN_ILLEGAL);
	expect("Kxd2", M("e1", "d2"), 0);
	/* a pinned piece */
	setup("k3r3/8/8/8/4N3/8/8/4K3 w - - 0 1", VC_STANDARD);
	expect_status("Nf6", VC_SAN_ILLEGAL);
}

Test(san, error_king_onto_own_rook_is_not_castling)
{
	/* B01 */
	setup("4k3/8/8/8/8/8/8/RNBQK2R w K - 0 1", VC_STANDARD);
	expect_status("Kh1", VC_SAN_ILLEGAL);
	expect_status("Kxh1", VC_SAN_ILLEGAL);
	expect("O-O", CASTLE("e1", "h1"), 0);
	expect("Kg1", CASTLE("e1", "h1"), VC_SANW_KING_CASTLING);
	/* also in Chess960 the SAN of castling is O-O, not king-takes-rook */
	setup("4k3/8/8/8/8/8/8/RNBQK2R w K - 0 1", VC_CHESS960);
	expect_status("Kh1", VC_SAN_ILLEGAL);
	expect("O-O", CASTLE("e1", "h1"), 0);
}

Test(san, error_ambiguous)
{
	/* B23 */
	setup("8/8/6K1/4k3/4N3/p4r2/N3N3/8 w - - 3 82", VC_STANDARD);
	expect_status("Nec3", VC_SAN_AMBIGUOUS);
	expect_status("Nc3", VC_SAN_AMBIGUOUS);
	expect_status("N2c3", VC_SAN_AMBIGUOUS);
	expect_status("Nxc3", VC_SAN_AMBIGUOUS);
	setup("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", VC_STANDARD);
	expect_status("Nd2", VC_SAN_AMBIGUOUS);
	expect("Nbd2", M("b1", "d2"), 0);
	expect("Nfd2", M("f3", "d2"), 0);
	cr_assert_str_eq(vc_san_code(VC_SAN_AMBIGUOUS), "ambiguous-move");
}

Test(san, error_null_move)
{
	vc_startpos(&pos, VC_STANDARD);
	expect_status("--", VC_SAN_NULL_MOVE);
	expect_status("Z0", VC_SAN_NULL_MOVE);
	expect_status("0000", VC_SAN_NULL_MOVE);
}

Test(san, pinned_knight_needs_no_disambiguation)
{
	/* both knights see d2, but the e4 knight is pinned by the e8 rook, so
	 * only the b1 knight can go to d2: plain Nd2 */
	setup("4r1k1/8/8/8/4N3/8/8/1N2K3 w - - 0 1", VC_STANDARD);
	expect("Nd2", M("b1", "d2"), 0);
	expect("Nbd2", M("b1", "d2"), VC_SANW_OVERDISAMBIG);
	cr_assert_str_eq(write_san(M("b1", "d2")), "Nd2");
}

/* ---- writing -------------------------------------------------------------------- */

Test(san, write_disambiguation)
{
	setup("8/8/6K1/4k3/4N3/p4r2/N3N3/8 w - - 3 82", VC_STANDARD);
	cr_assert_str_eq(write_san(M("a2", "c3")), "Nac3");
	cr_assert_str_eq(write_san(M("e2", "c3")), "Ne2c3");
	cr_assert_str_eq(write_san(M("e4", "c3")), "N4c3");
	cr_assert_str_eq(write_san(M("e4", "f2")), "Nf2");
	setup("4k3/8/8/R7/8/8/8/R3K2R w - - 0 1", VC_STANDARD);
	cr_assert_str_eq(write_san(M("a1", "a3")), "R1a3");
	cr_assert_str_eq(write_san(M("a1", "d1")), "Rd1");
	cr_assert_str_eq(write_san(M("h1", "f1")), "Rf1");
	cr_assert_str_eq(write_san(M("a5", "a8")), "Ra8+");
	setup("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", VC_STANDARD);
	cr_assert_str_eq(write_san(M("a1", "d1")), "Rad1");
	cr_assert_str_eq(write_san(M("h1", "d1")), "Rhd1");
	setup("4k3/8/8/8/8/Q1Q5/8/Q1Q1K3 w - - 0 1", VC_STANDARD);
	cr_assert_str_eq(write_san(M("a1", "b2")), "Qa1b2");
	cr_assert_str_eq(write_san(M("c1", "b2")), "Qc1b2");
	cr_assert_str_eq(write_san(M("a3", "a2")), "Q3a2");
	cr_assert_str_eq(write_san(M("c3", "d4")), "Qd4");
}

Test(san, write_captures_promotions_checks)
{
	setup("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", VC_STANDARD);
	cr_assert_str_eq(write_san(M("e5", "f6") | VC_MF_EP), "exf6");
	cr_assert_str_eq(write_san(M("d1", "h5")), "Qh5+");
	cr_assert_str_eq(write_san(M("f1", "b5")), "Bb5+");
	cr_assert_str_eq(write_san(M("g1", "f3")), "Nf3");
	setup("r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1", VC_STANDARD);
	cr_assert_str_eq(write_san(VC_MOVE_PROMO(SQ("b7"), SQ("b8"), VC_QUEEN)), "b8=Q+");
	cr_assert_str_eq(write_san(VC_MOVE_PROMO(SQ("b7"), SQ("b8"), VC_KNIGHT)), "b8=N");
	cr_assert_str_eq(write_san(VC_MOVE_PROMO(SQ("b7"), SQ("a8"), VC_QUEEN)), "bxa8=Q+");
	cr_assert_str_eq(write_san(VC_MOVE_PROMO(SQ("b7"), SQ("a8"), VC_BISHOP)), "bxa8=B");
	/* mate */
	setup("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", VC_STANDARD);
	cr_assert_str_eq(write_san(M("d8", "h4")), "Qh4#");
	/* B27: the promotion is written with '=' */
	setup("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", VC_STANDARD);
	cr_assert_str_eq(write_san(VC_MOVE_PROMO(SQ("e7"), SQ("e8"), VC_QUEEN)), "e8=Q");
}

Test(san, write_castling)
{
	setup("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", VC_STANDARD);
	cr_assert_str_eq(write_san(CASTLE("e1", "h1")), "O-O");
	cr_assert_str_eq(write_san(CASTLE("e1", "a1")), "O-O-O");
	setup("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w KQkq - 0 1", VC_CHESS960);
	cr_assert_str_eq(write_san(CASTLE("g1", "h1")), "O-O");
	cr_assert_str_eq(write_san(CASTLE("g1", "b1")), "O-O-O");
	setup("4k3/8/8/8/8/8/8/2RK4 w Q - 0 1", VC_CHESS960);
	cr_assert_str_eq(write_san(CASTLE("d1", "c1")), "O-O-O");
	setup("4k3/8/8/8/8/8/8/5KR1 w K - 0 1", VC_CHESS960);
	cr_assert_str_eq(write_san(CASTLE("f1", "g1")), "O-O");
	/* B21: O-O-O giving check */
	setup("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", VC_STANDARD);
	cr_assert_str_eq(write_san(CASTLE("e1", "a1")), "O-O-O+");
}

/* ---- round trip ------------------------------------------------------------------ */

static const struct {
	const char *fen;
	int variant;
} rt_positions[] = {
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", VC_STANDARD },
	{ "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", VC_STANDARD },
	{ "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", VC_STANDARD },
	{ "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", VC_STANDARD },
	{ "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", VC_STANDARD },
	{ "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", VC_STANDARD },
	{ "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1", VC_STANDARD },
	{ "n1n5/1Pk5/8/8/8/8/5Kp1/5N1N b - - 0 1", VC_STANDARD },
	{ "1k6/8/8/5pP1/4K1P1/8/8/8 w - f6 0 1", VC_STANDARD },
	{ "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1", VC_STANDARD },
	{ "1b1k4/8/8/1rPpK3/8/8/8/8 w - d6 0 1", VC_STANDARD },
	{ "8/ppp3p1/8/8/3p4/5Q2/1ppp2K1/brk4n w - - 0 1", VC_STANDARD },
	{ "8/6kR/8/8/8/bq6/1rqqqqqq/K1nqnbrq b - - 0 1", VC_STANDARD },
	{ "3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1", VC_STANDARD },
	{ "r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq - 0 1", VC_STANDARD },
	{ "8/8/6K1/4k3/4N3/p4r2/N3N3/8 w - - 3 82", VC_STANDARD },
	{ "QQQ5/8/8/7k/8/8/QQQ5/K7 w - - 0 1", VC_STANDARD },
	{ "4k3/8/8/8/8/Q1Q5/8/Q1Q1K3 w - - 0 1", VC_STANDARD },
	{ "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1", VC_CHESS960 },
	{ "r1k2r1q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K2R1Q w KQkq - 0 1", VC_CHESS960 },
	{ "2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1", VC_CHESS960 },
	{ "4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1", VC_CHESS960 },
	{ "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w KQkq - 0 1", VC_CHESS960 },
	{ "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1", VC_CHESS960 },
};

/* read(write(m)) == m, without warnings and with a correct suffix, for every
 * legal move of pos; returns the number of moves checked. */
static int roundtrip_all(void)
{
	vc_move l[VC_MAX_MOVES];
	int n = vc_legal_moves(&pos, l);
	for (int i = 0; i < n; i++) {
		char text[VC_SAN_MAX];
		vc_san_write(&pos, l[i], text);
		enum vc_san_status st = vc_san_parse(&pos, l, n, text, strlen(text), &info);
		char fen[VC_FEN_MAX];
		cr_assert_eq(st, VC_SAN_OK, "%s in %s: %s", text, vc_fen_write(&pos, fen, false),
		             vc_san_code(st));
		cr_assert_eq(info.move, l[i], "%s in %s", text, vc_fen_write(&pos, fen, false));
		cr_assert_eq(info.warnings, 0, "%s in %s: warnings %#x", text,
		             vc_fen_write(&pos, fen, false), info.warnings);
		struct vc_position after = pos;
		vc_make_move(&after, l[i]);
		vc_move l2[VC_MAX_MOVES];
		int n2 = vc_legal_moves(&after, l2);
		cr_assert_eq(vc_san_check_suffix(&after, n2, info.suffix), 0, "%s suffix", text);
	}
	return n;
}

Test(san, roundtrip_every_legal_move)
{
	int checked = 0;
	for (size_t i = 0; i < sizeof rt_positions / sizeof *rt_positions; i++) {
		setup(rt_positions[i].fen, rt_positions[i].variant);
		/* the position itself and the next 12 plies of a fixed walk */
		for (int ply = 0; ply < 12; ply++) {
			checked += roundtrip_all();
			vc_move l[VC_MAX_MOVES];
			int n = vc_legal_moves(&pos, l);
			if (!n)
				break;
			vc_make_move(&pos, l[(ply * 7 + 3) % n]);
		}
	}
	cr_assert_gt(checked, 3000);
}

Test(san, codes_and_messages)
{
	static const unsigned bits[] = {
		VC_SANW_ZERO_CASTLING, VC_SANW_PROMOTION_FORM, VC_SANW_MISSING_X,
		VC_SANW_SUPERFLUOUS_X, VC_SANW_OVERDISAMBIG,   VC_SANW_KING_CASTLING,
		VC_SANW_UCI,           VC_SANW_CHECK_SUFFIX,
	};
	for (size_t i = 0; i < sizeof bits / sizeof *bits; i++) {
		for (size_t j = 0; j < i; j++)
			cr_assert_str_neq(vc_san_warning_code(bits[i]), vc_san_warning_code(bits[j]));
		cr_assert_str_neq(vc_san_warning_code(bits[i]), "san-warning");
		cr_assert_not_null(vc_san_warning_message(bits[i]));
	}
	cr_assert_str_neq(vc_san_code(VC_SAN_SYNTAX), vc_san_code(VC_SAN_ILLEGAL));
	cr_assert_str_neq(vc_san_code(VC_SAN_NULL_MOVE), vc_san_code(VC_SAN_SYNTAX));
}

/* The text need not be NUL-terminated (san.h): every form is parsed from an
 * exactly sized heap buffer, so AddressSanitizer (make check-asan) catches a
 * read past its end. Found by fuzz_san (strchr on the text). */
Test(san, parse_respects_length)
{
	static const char *const texts[] = { "e4", "O-O", "0-0-0", "o-o", "Nf3", "exd5",
		                             "e8=Q", "e8(Q)", "e2e4", "--", "Kg1", "Qh4#",
		                             "O", "0", "x", "" };
	struct vc_position pos;
	cr_assert_eq(vc_fen_parse(&pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", VC_STANDARD, NULL),
	             VC_FEN_OK);
	for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
		size_t len = strlen(texts[i]);
		char *buf = malloc(len ? len : 1);
		memcpy(buf, texts[i], len);
		struct vc_san_info info;
		enum vc_san_status st = vc_san_parse(&pos, NULL, 0, buf, len, &info);
		cr_assert(st <= VC_SAN_IMPOSSIBLE);
		free(buf);
	}
}

/* Long algebraic notation with a dash (e2-e4, Ng1-f3), as pgn-extract and
 * python-chess read it: accepted with its own warning; a dash without the
 * full from-square is no move. */
Test(san, long_algebraic_with_dash)
{
	struct vc_position pos;
	vc_startpos(&pos, VC_STANDARD);
	struct vc_san_info info;
	cr_assert_eq(vc_san_parse(&pos, NULL, 0, "e2-e4", 5, &info), VC_SAN_OK);
	cr_assert_eq(info.move, VC_MOVE(12, 28));
	cr_assert_eq(info.warnings, VC_SANW_LONG_ALGEBRAIC);
	cr_assert_eq(vc_san_parse(&pos, NULL, 0, "Ng1-f3", 6, &info), VC_SAN_OK);
	cr_assert_eq(info.move, VC_MOVE(6, 21));
	cr_assert_eq(info.warnings, VC_SANW_LONG_ALGEBRAIC);
	cr_assert_eq(vc_san_parse(&pos, NULL, 0, "Ng1-g3", 6, &info), VC_SAN_ILLEGAL);
	cr_assert_eq(vc_san_parse(&pos, NULL, 0, "N-f3", 4, &info), VC_SAN_SYNTAX);
	cr_assert_eq(vc_san_parse(&pos, NULL, 0, "g-f3", 4, &info), VC_SAN_SYNTAX);
}

/* An en-passant mark glued to the move ("exd6e.p.") is read as the move,
 * as the PGN reader drops a separate "e.p." token. */
Test(san, glued_en_passant_mark)
{
	struct vc_position pos;
	cr_assert_eq(vc_fen_parse(&pos, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", VC_STANDARD, NULL),
	             VC_FEN_OK);
	struct vc_san_info info;
	cr_assert_eq(vc_san_parse(&pos, NULL, 0, "exd6e.p.", 8, &info), VC_SAN_OK);
	cr_assert(info.move & VC_MF_EP);
	cr_assert_eq(info.warnings, 0);
	cr_assert_eq(vc_san_parse(&pos, NULL, 0, "exd6e.p", 7, &info), VC_SAN_OK);
	cr_assert_eq(vc_san_parse(&pos, NULL, 0, "exd6ep", 6, &info), VC_SAN_OK);
	cr_assert(info.move & VC_MF_EP);
	cr_assert_eq(vc_san_parse(&pos, NULL, 0, "e.p.", 4, &info), VC_SAN_SYNTAX);
}

/* The main line's shortcut, vc_play_san_chess (the plain forms Nf3, Nxf3,
 * e4, exd5 with '+'/'#', played at once), must agree with the general
 * parser (vc_san_parse with and without a list of legal moves, then the
 * move made and vc_san_check_suffix) wherever it answers: move, warnings
 * including the check suffix, the position reached. Tried on every legal
 * move's SAN and its usual misspellings (capture mark dropped or added,
 * suffix dropped, doubled or swapped, the piece letter of a pawn move) and
 * the castling forms, along random walks in standard chess and Chess960. */
static int shortcut_hits, disambiguated_hits, unchecked_hits;

/* s starts with a square (f3). */
static bool is_square_at(const char *s)
{
	return s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8';
}

static void agree(const struct vc_position *p, const vc_move *legal, int n, const char *text)
{
	struct vc_san_info a, b;
	size_t len = strlen(text);
	enum vc_san_status sa = vc_san_parse(p, NULL, 0, text, len, &a);
	enum vc_san_status sb = vc_san_parse(p, legal, n, text, len, &b);
	cr_assert_eq(sa, sb, "%s: status %d without a list, %d with one", text, sa, sb);
	struct vc_position after;
	struct vc_san_play fast;
	const int hit = vc_play_san_chess(p, &after, text, len, &fast);
	if (!vc_in_check(p, p->side)) {
		/* the game line's form for a position known not in check: the
		 * same answers (its pin test looks at the king's lines only) */
		struct vc_position after_u;
		struct vc_san_play fast_u;
		const int hit_u = vc_play_san_chess_unchecked(p, &after_u, text, len, &fast_u);
		cr_assert_eq(hit_u, hit, "%s: unchecked form answers %d, %d", text, hit_u, hit);
		if (hit) {
			unchecked_hits++;
			cr_assert(memcmp(&after_u, &after, sizeof after) == 0, "%s: unchecked position", text);
			cr_assert_eq(fast_u.move, fast.move, "%s: unchecked move", text);
			cr_assert_eq(fast_u.warnings, fast.warnings, "%s: unchecked warnings", text);
			cr_assert_eq(fast_u.nlegal_after, fast.nlegal_after, "%s: unchecked nlegal", text);
		}
	}
	if (hit) {
		shortcut_hits++;
		if (strchr("NBRQ", text[0]) && text[1] != 'x' && !is_square_at(text + 1))
			disambiguated_hits++; /* Nbd7, N1xd7 */
		cr_assert_eq(sb, VC_SAN_OK, "%s: the shortcut played a move the parser refuses", text);
		struct vc_position made = *p;
		vc_make_move(&made, b.move);
		unsigned w = b.warnings | vc_san_check_suffix(&made, -1, b.suffix);
		cr_assert_eq(fast.move, b.move, "%s: shortcut's move", text);
		cr_assert_eq(fast.warnings, w, "%s: shortcut's warnings %#x, %#x", text, fast.warnings, w);
		cr_assert(memcmp(&after, &made, sizeof made) == 0, "%s: position after", text);
		cr_assert(fast.nlegal_after < 0 || (fast.nlegal_after > 0) == (vc_legal_moves(&made, (vc_move[VC_MAX_MOVES]){0}) > 0),
		          "%s: legal moves after", text);
		/* -1 exactly when the position after is not in check (the
		 * game line then takes the unchecked form) */
		cr_assert_eq(fast.nlegal_after < 0, !vc_in_check(&made, made.side),
		             "%s: nlegal_after %d and the check", text, fast.nlegal_after);
	}
	if (sa != VC_SAN_OK)
		return;
	cr_assert_eq(a.move, b.move, "%s: move", text);
	cr_assert_eq(a.warnings, b.warnings, "%s: warnings %#x, %#x", text, a.warnings, b.warnings);
	cr_assert_eq(a.suffix, b.suffix, "%s: suffix", text);
}

Test(san, shortcut_agrees_with_general_parser)
{
	uint64_t seed = 4242;
	for (int game = 0; game < 80; game++) {
		struct vc_position p;
		if (game % 2)
			vc_startpos(&p, VC_STANDARD);
		else
			vc_chess960_startpos(&p, game * 11 % 960, VC_CHESS960);
		for (int ply = 0; ply < 150; ply++) {
			vc_move legal[VC_MAX_MOVES];
			int n = vc_legal_moves(&p, legal);
			if (!n)
				break;
			for (int i = 0; i < n; i++) {
				char w[16], v[24];
				vc_san_write(&p, legal[i], w);
				agree(&p, legal, n, w);
				size_t l = strlen(w);
				while (l && (w[l - 1] == '+' || w[l - 1] == '#'))
					l--;
				w[l] = 0;
				agree(&p, legal, n, w); /* no suffix */
				snprintf(v, sizeof v, "%s+", w);
				agree(&p, legal, n, v);
				snprintf(v, sizeof v, "%s#", w);
				agree(&p, legal, n, v);
				snprintf(v, sizeof v, "%s+!", w);
				agree(&p, legal, n, v);
				char *x = strchr(w, 'x');
				if (x) { /* capture mark dropped */
					snprintf(v, sizeof v, "%.*s%s", (int)(x - w), w, x + 1);
					agree(&p, legal, n, v);
				} else if (l >= 2) { /* capture mark added */
					snprintf(v, sizeof v, "%.*sx%s", (int)(l - 2), w, w + l - 2);
					agree(&p, legal, n, v);
				}
				snprintf(v, sizeof v, "P%s", w); /* piece letter of a pawn */
				agree(&p, legal, n, v);
				if (strchr("NBRQ", w[0]) && !(legal[i] & VC_MF_CASTLE)) {
					/* the origin's file or rank written, needed or not
					 * (overdisambiguation), with and without the
					 * capture mark, and a file or rank that holds no
					 * such piece */
					const int from = VC_MOVE_FROM(legal[i]);
					const char fc = (char)('a' + VC_FILE(from)), rc = (char)('1' + VC_RANK(from));
					const char *dst = w + l - 2;
					const char dis[4] = { fc, rc, (char)('a' + (VC_FILE(from) + 3) % 8),
					                      (char)('1' + (VC_RANK(from) + 5) % 8) };
					for (int d = 0; d < 4; d++) {
						snprintf(v, sizeof v, "%c%c%s", w[0], dis[d], dst);
						agree(&p, legal, n, v);
						snprintf(v, sizeof v, "%c%cx%s+", w[0], dis[d], dst);
						agree(&p, legal, n, v);
						snprintf(v, sizeof v, "%c%cx%s", w[0], dis[d], dst);
						agree(&p, legal, n, v);
					}
					snprintf(v, sizeof v, "%c%c%c%s", w[0], fc, rc, dst); /* both */
					agree(&p, legal, n, v);
				}
				snprintf(v, sizeof v, "N%s", w + l - 2);
				agree(&p, legal, n, v);
				snprintf(v, sizeof v, "%s", w + l - 2); /* bare square */
				agree(&p, legal, n, v);
			}
			/* castling, legal or not */
			agree(&p, legal, n, "O-O");
			agree(&p, legal, n, "O-O-O+");
			agree(&p, legal, n, "0-0");
			agree(&p, legal, n, "o-o-o");
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			vc_make_move(&p, legal[(seed >> 33) % (uint64_t)n]);
		}
	}
	/* the shortcut took most of the texts: the comparison was made */
	cr_assert_gt(shortcut_hits, 50000, "the shortcut answered only %d times", shortcut_hits);
	cr_assert_gt(unchecked_hits, 40000, "the unchecked form answered only %d times", unchecked_hits);
	cr_assert_gt(disambiguated_hits, 500, "the shortcut read a file or rank written only %d times",
	             disambiguated_hits);
}
