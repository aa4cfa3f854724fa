/* Tests of lib/fen.c and the start positions of lib/position.c: FEN, X-FEN
 * and Shredder-FEN read and write, the EPD form, every error status, every
 * repair warning, the silent en-passant rule, Chess960 switching and the
 * Scharnagl numbering. Rules: RULES.md sections 1 and 2, FORMATS.md 1.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "position.h"
#include "variant.h"

#define SQ(name) VC_SQ((name)[0] - 'a', (name)[1] - '1')

static struct vc_position pos;
static struct vc_fen_result res;
static char out[VC_FEN_MAX];

static enum vc_fen_status parse(const char *fen, int variant)
{
	return vc_fen_parse(&pos, fen, variant, &res);
}

/* Parse, expect success without warnings, and write back. */
static const char *roundtrip(const char *fen, int variant, bool shredder)
{
	cr_assert_eq(parse(fen, variant), VC_FEN_OK, "%s: %s", fen, vc_fen_code(res.status));
	cr_assert_eq(res.warnings, 0, "%s: warnings %#x", fen, res.warnings);
	cr_assert_eq(pos.key, vc_compute_key(&pos), "%s: incremental key", fen);
	return vc_fen_write(&pos, out, shredder);
}

/* Column (1-based) of the first occurrence of `needle` in `fen`. */
static int col_of(const char *fen, const char *needle)
{
	const char *p = strstr(fen, needle);
	cr_assert_not_null(p);
	return (int)(p - fen) + 1;
}

TestSuite(fen);

/* ---- round trips -------------------------------------------------------- */

Test(fen, roundtrip_xfen_default)
{
	static const char *const fens[] = {
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
		"4k3/8/8/8/8/8/8/R3K3 w Q - 17 42",
		"4k2r/8/8/8/8/8/8/4K3 b k - 99 150",
		/* a legal en-passant capture: the square is kept */
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2",
	};
	for (size_t i = 0; i < sizeof fens / sizeof *fens; i++) {
		cr_assert_str_eq(roundtrip(fens[i], VC_STANDARD, false), fens[i]);
		cr_assert_eq(pos.variant, VC_STANDARD, "%s", fens[i]);
	}
}

Test(fen, fields_are_read)
{
	cr_assert_eq(parse("r3k2r/8/8/8/8/8/8/R3K2R b Kq - 7 33", VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(pos.side, VC_BLACK);
	cr_assert_eq(pos.castle, VC_BIT(SQ("h1")) | VC_BIT(SQ("a8")));
	cr_assert_eq(pos.ep, VC_NO_SQ);
	cr_assert_eq(pos.halfmove, 7);
	cr_assert_eq(pos.fullmove, 33);
	cr_assert_eq(pos.board[SQ("e1")], VC_PIECE(VC_WHITE, VC_KING));
	cr_assert_eq(pos.board[SQ("h8")], VC_PIECE(VC_BLACK, VC_ROOK));
	cr_assert_eq(pos.board[SQ("d4")], 0);
	cr_assert_eq(vc_popcount(vc_occupied(&pos)), 6);
}

Test(fen, startpos_matches_start_fen)
{
	struct vc_position sp;
	vc_startpos(&sp, VC_STANDARD);
	cr_assert_str_eq(vc_fen_write(&sp, out, false),
	                 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
	cr_assert_str_eq(vc_fen_write(&sp, out, true),
	                 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
}

Test(fen, shredder_on_request)
{
	cr_assert_str_eq(roundtrip("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", VC_STANDARD, true),
	                 "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
	cr_assert_str_eq(roundtrip("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", VC_STANDARD, true),
	                 "r3k2r/8/8/8/8/8/8/R3K2R w Ha - 0 1");
	/* Chess960 start position 0 (bbqnnrkr): rooks on f and h */
	cr_assert_str_eq(roundtrip("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
	                           VC_CHESS960, true),
	                 "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
}

Test(fen, shredder_read)
{
	struct vc_position xfen;
	cr_assert_eq(vc_fen_parse(&xfen, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", VC_CHESS960, NULL),
	             VC_FEN_OK);
	cr_assert_str_eq(roundtrip("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", VC_CHESS960, false),
	                 "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
	cr_assert_eq(pos.castle, xfen.castle);
	cr_assert_eq(pos.key, xfen.key);
	/* a Shredder field in the same order as written by others: AHah */
	cr_assert_eq(parse("r3k2r/8/8/8/8/8/8/R3K2R w AHah - 0 1", VC_CHESS960), VC_FEN_OK);
	cr_assert_eq(pos.castle, xfen.castle);
	/* Shredder letters of a 960 start position */
	cr_assert_str_eq(roundtrip("bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w GEge - 0 1",
	                           VC_CHESS960, false),
	                 "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1");
	cr_assert_eq(pos.castle, VC_BIT(SQ("e1")) | VC_BIT(SQ("g1")) | VC_BIT(SQ("e8")) |
	                             VC_BIT(SQ("g8")));
}

/* ---- EPD: four fields, operations after them ------------------------------ */

Test(fen, epd_four_fields)
{
	const char *epd = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"x\";";
	cr_assert_eq(parse(epd, VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(res.warnings, VC_FENW_NO_CLOCKS);
	cr_assert_str_eq(res.rest, "bm e5; id \"x\";");
	cr_assert_eq(pos.halfmove, 0);
	cr_assert_eq(pos.fullmove, 1);
	cr_assert_eq(pos.side, VC_BLACK);
	cr_assert_str_eq(vc_fen_write(&pos, out, false),
	                 "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

Test(fen, epd_four_fields_perft_operations)
{
	const char *epd = "4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D2 66";
	cr_assert_eq(parse(epd, VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(res.warnings, VC_FENW_NO_CLOCKS);
	cr_assert_str_eq(res.rest, ";D1 15 ;D2 66");
	/* nothing after the four fields */
	cr_assert_eq(parse("4k3/8/8/8/8/8/8/4K2R w K -", VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(res.warnings, VC_FENW_NO_CLOCKS);
	cr_assert_str_eq(res.rest, "");
}

Test(fen, six_fields_then_operations)
{
	const char *epd = "4k3/8/8/8/8/8/8/4K2R w K - 3 9 ;D1 15";
	cr_assert_eq(parse(epd, VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(res.warnings, 0);
	cr_assert_str_eq(res.rest, ";D1 15");
	cr_assert_eq(pos.halfmove, 3);
	cr_assert_eq(pos.fullmove, 9);
}

Test(fen, halfmove_only_is_missing_clock)
{
	cr_assert_eq(parse("4k3/8/8/8/8/8/8/4K2R w K - 12", VC_STANDARD), VC_FEN_OK);
	cr_assert(res.warnings & VC_FENW_NO_CLOCKS);
	cr_assert_eq(pos.halfmove, 12);
	cr_assert_eq(pos.fullmove, 1);
}

/* ---- X-FEN: K/Q = outermost rook, file letters for inner rooks -------------- */

Test(fen, xfen_kq_is_outermost_rook)
{
	/* two rooks on each side of each king: KQkq are a1, h1, a8, h8 */
	cr_assert_eq(parse("rr2k1rr/8/8/8/8/8/8/RR2K1RR w KQkq - 0 1", VC_CHESS960), VC_FEN_OK);
	cr_assert_eq(pos.castle, VC_BIT(SQ("a1")) | VC_BIT(SQ("h1")) | VC_BIT(SQ("a8")) |
	                             VC_BIT(SQ("h8")));
	cr_assert_str_eq(vc_fen_write(&pos, out, false), "rr2k1rr/8/8/8/8/8/8/RR2K1RR w KQkq - 0 1");
}

Test(fen, xfen_file_letters_for_inner_rooks)
{
	/* rights for the inner rooks b1 and g1 (and b8/g8): written as letters */
	const char *fen = "rr2k1rr/8/8/8/8/8/8/RR2K1RR w GBgb - 0 1";
	cr_assert_str_eq(roundtrip(fen, VC_CHESS960, false), fen);
	cr_assert_eq(pos.castle, VC_BIT(SQ("b1")) | VC_BIT(SQ("g1")) | VC_BIT(SQ("b8")) |
	                             VC_BIT(SQ("g8")));
	cr_assert_str_eq(vc_fen_write(&pos, out, true), "rr2k1rr/8/8/8/8/8/8/RR2K1RR w GBgb - 0 1");
	/* mixed: inner on one side, outermost on the other */
	const char *mixed = "rr2k1rr/8/8/8/8/8/8/RR2K1RR w GQkb - 0 1";
	cr_assert_str_eq(roundtrip(mixed, VC_CHESS960, false), mixed);
	cr_assert_eq(pos.castle, VC_BIT(SQ("g1")) | VC_BIT(SQ("a1")) | VC_BIT(SQ("h8")) |
	                             VC_BIT(SQ("b8")));
	cr_assert_str_eq(vc_fen_write(&pos, out, true), "rr2k1rr/8/8/8/8/8/8/RR2K1RR w GAhb - 0 1");
}

Test(fen, xfen_letter_for_outermost_rook_written_as_kq)
{
	/* a file letter that names the outermost rook is K/Q in X-FEN */
	cr_assert_eq(parse("rr2k1rr/8/8/8/8/8/8/RR2K1RR w HAha - 0 1", VC_CHESS960), VC_FEN_OK);
	cr_assert_str_eq(vc_fen_write(&pos, out, false), "rr2k1rr/8/8/8/8/8/8/RR2K1RR w KQkq - 0 1");
}

Test(fen, xfen_ignores_other_colours_rook)
{
	/* B03: "Q" is White's outermost queen-side rook (b1), never the black
	 * rook on a1 */
	cr_assert_eq(parse("4k3/pppppppp/8/8/8/8/PPPPPPPP/rR2K3 w Q - 0 1", VC_CHESS960), VC_FEN_OK);
	cr_assert_eq(pos.castle, VC_BIT(SQ("b1")));
	cr_assert_str_eq(vc_fen_write(&pos, out, false), "4k3/pppppppp/8/8/8/8/PPPPPPPP/rR2K3 w Q - 0 1");
	cr_assert_str_eq(vc_fen_write(&pos, out, true), "4k3/pppppppp/8/8/8/8/PPPPPPPP/rR2K3 w B - 0 1");
}

/* ---- errors --------------------------------------------------------------- */

Test(fen, error_no_king)
{
	cr_assert_eq(parse("4k3/8/8/8/8/8/8/8 w - - 0 1", VC_STANDARD), VC_FEN_NO_KING);
	cr_assert_eq(parse("8/8/8/8/8/8/8/4K3 w - - 0 1", VC_STANDARD), VC_FEN_NO_KING);
	cr_assert_eq(parse("8/8/8/8/8/8/8/4K3 b - - 0 1", VC_CHESS960), VC_FEN_NO_KING);
	cr_assert_str_eq(vc_fen_code(VC_FEN_NO_KING), "fen-no-king");
}

Test(fen, error_two_kings)
{
	cr_assert_eq(parse("4k3/8/8/8/8/8/8/K3K3 w - - 0 1", VC_STANDARD), VC_FEN_TOO_MANY_KINGS);
	cr_assert_eq(parse("k3k3/8/8/8/8/8/8/4K3 w - - 0 1", VC_STANDARD), VC_FEN_TOO_MANY_KINGS);
}

Test(fen, error_pawn_on_back_rank)
{
	cr_assert_eq(parse("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", VC_STANDARD), VC_FEN_PAWN_ON_BACK_RANK);
	cr_assert_eq(parse("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", VC_STANDARD), VC_FEN_PAWN_ON_BACK_RANK);
	cr_assert_eq(parse("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", VC_STANDARD), VC_FEN_PAWN_ON_BACK_RANK);
	cr_assert_eq(parse("p3k3/8/8/8/8/8/8/4K3 w - - 0 1", VC_STANDARD), VC_FEN_PAWN_ON_BACK_RANK);
}

Test(fen, error_side_not_to_move_in_check)
{
	/* White to move, the black king on e8 is attacked by the e1 rook */
	cr_assert_eq(parse("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", VC_STANDARD), VC_FEN_OPPONENT_IN_CHECK);
	/* the same with Black to move is a check, not an error */
	cr_assert_eq(parse("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1", VC_STANDARD), VC_FEN_OK);
	/* Black to move, the white king attacked by a knight */
	cr_assert_eq(parse("4k3/8/8/8/8/8/5n2/7K b - - 0 1", VC_STANDARD), VC_FEN_OPPONENT_IN_CHECK);
}

Test(fen, error_too_many_units_or_pawns)
{
	/* 17 white units */
	cr_assert_eq(parse("4k3/8/8/8/NNNNNNNN/NNNNNNNN/8/4K3 w - - 0 1", VC_STANDARD),
	             VC_FEN_TOO_MANY_PIECES);
	/* 16 white units is fine */
	cr_assert_eq(parse("4k3/8/8/8/NNNNNNNN/NNNNNNN1/8/4K3 w - - 0 1", VC_STANDARD), VC_FEN_OK);
	/* 9 white pawns (10 units) */
	cr_assert_eq(parse("4k3/8/8/P7/8/8/PPPPPPPP/4K3 w - - 0 1", VC_STANDARD),
	             VC_FEN_TOO_MANY_PIECES);
	/* 9 black pawns */
	cr_assert_eq(parse("4k3/pppppppp/8/8/7p/8/8/4K3 w - - 0 1", VC_STANDARD),
	             VC_FEN_TOO_MANY_PIECES);
}

Test(fen, error_bad_side)
{
	const char *fen = "4k3/8/8/8/8/8/8/4K3 x - - 0 1";
	cr_assert_eq(parse(fen, VC_STANDARD), VC_FEN_BAD_SIDE);
	cr_assert_eq(res.column, col_of(fen, " x ") + 1);
	cr_assert_eq(parse("4k3/8/8/8/8/8/8/4K3 white - - 0 1", VC_STANDARD), VC_FEN_BAD_SIDE);
	cr_assert_eq(parse("4k3/8/8/8/8/8/8/4K3 W - - 0 1", VC_STANDARD), VC_FEN_BAD_SIDE);
}

Test(fen, error_bad_castling)
{
	const char *fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQxq - 0 1";
	cr_assert_eq(parse(fen, VC_STANDARD), VC_FEN_BAD_CASTLING);
	cr_assert_eq(res.column, col_of(fen, "x"));
	cr_assert_eq(parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq1 - 0 1", VC_STANDARD), VC_FEN_BAD_CASTLING);
	cr_assert_eq(parse("r3k2r/8/8/8/8/8/8/R3K2R w 0 - 0 1", VC_STANDARD), VC_FEN_BAD_CASTLING);
}

Test(fen, error_bad_ep)
{
	const char *fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e9 0 1";
	cr_assert_eq(parse(fen, VC_STANDARD), VC_FEN_BAD_EP);
	cr_assert_eq(res.column, col_of(fen, "e9"));
	cr_assert_eq(parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq z3 0 1",
	                   VC_STANDARD), VC_FEN_BAD_EP);
	cr_assert_eq(parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3e 0 1",
	                   VC_STANDARD), VC_FEN_BAD_EP);
}

Test(fen, error_bad_clocks)
{
	const char *fen = "4k3/8/8/8/8/8/8/4K3 w - - 0x 1";
	cr_assert_eq(parse(fen, VC_STANDARD), VC_FEN_BAD_CLOCK);
	cr_assert_eq(res.column, col_of(fen, "0x"));
	const char *fen2 = "4k3/8/8/8/8/8/8/4K3 w - - 0 1z";
	cr_assert_eq(parse(fen2, VC_STANDARD), VC_FEN_BAD_CLOCK);
	cr_assert_eq(res.column, col_of(fen2, "1z"));
}

Test(fen, error_bad_board_with_column)
{
	/* `at` and `off`: the error is `off` characters after the first
	 * occurrence of `at` */
	static const struct {
		const char *fen, *at;
		int off;
	} cases[] = {
		/* a letter that is no piece */
		{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "X", 0 },
		/* a ninth piece in a rank */
		{ "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "r/", 0 },
		/* a piece after eight squares of digits */
		{ "4k3/8/8/8/44P/8/8/4K3 w - - 0 1", "P/", 0 },
		/* a rank of seven squares: found at its '/' */
		{ "4k3/8/8/7/8/8/8/4K3 w - - 0 1", "7/", 1 },
		/* a digit 9 */
		{ "4k3/8/8/9/8/8/8/4K3 w - - 0 1", "9", 0 },
		/* digits adding up to nine */
		{ "4k3/8/8/54/8/8/8/4K3 w - - 0 1", "54", 1 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const char *fen = cases[i].fen;
		cr_assert_eq(parse(fen, VC_STANDARD), VC_FEN_BAD_BOARD, "%s: %s", fen,
		             vc_fen_code(res.status));
		int want = col_of(fen, cases[i].at) + cases[i].off;
		cr_assert_eq(res.column, want, "%s: column %d, want %d", fen, res.column, want);
	}
	/* seven ranks: the error is at the end of the board field */
	const char *seven = "4k3/8/8/8/8/8/4K3 w - - 0 1";
	cr_assert_eq(parse(seven, VC_STANDARD), VC_FEN_BAD_BOARD);
	cr_assert_eq(res.column, col_of(seven, " w"));
	/* nine ranks: the error is at the eighth '/' */
	const char *nine = "4k3/8/8/8/8/8/8/4K3/8 w - - 0 1";
	cr_assert_eq(parse(nine, VC_STANDARD), VC_FEN_BAD_BOARD);
	cr_assert_eq(res.column, col_of(nine, "/8 w"));
}

Test(fen, error_empty_and_truncated)
{
	cr_assert_eq(parse("", VC_STANDARD), VC_FEN_SYNTAX);
	cr_assert_eq(parse("   ", VC_STANDARD), VC_FEN_SYNTAX);
	cr_assert_eq(parse("4k3/8/8/8/8/8/8/4K3", VC_STANDARD), VC_FEN_SYNTAX);
	cr_assert_eq(parse("4k3/8/8/8/8/8/8/4K3 w", VC_STANDARD), VC_FEN_SYNTAX);
	cr_assert_eq(parse("4k3/8/8/8/8/8/8/4K3 w -", VC_STANDARD), VC_FEN_SYNTAX);
}

Test(fen, every_status_has_code_and_message)
{
	for (int st = 0; st < VC_FEN_NERRORS; st++) {
		cr_assert_not_null(vc_fen_code((enum vc_fen_status)st));
		cr_assert_not_null(vc_fen_strerror((enum vc_fen_status)st));
		for (int o = 0; o < st; o++)
			cr_assert_str_neq(vc_fen_code((enum vc_fen_status)st),
			                  vc_fen_code((enum vc_fen_status)o));
	}
}

/* ---- repair warnings -------------------------------------------------------- */

Test(fen, warning_ep_impossible)
{
	/* wrong rank for the side to move */
	cr_assert_eq(parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1",
	                   VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(res.warnings, VC_FENW_EP_IMPOSSIBLE);
	cr_assert_eq(pos.ep, VC_NO_SQ);
	/* no pawn that could have made the double push */
	cr_assert_eq(parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
	                   VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(res.warnings, VC_FENW_EP_IMPOSSIBLE);
	cr_assert_eq(pos.ep, VC_NO_SQ);
	/* the pawn's start square is occupied (e2) */
	cr_assert_eq(parse("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
	                   VC_STANDARD), VC_FEN_TOO_MANY_PIECES);
	cr_assert_eq(parse("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPPNPPP/RNBQKB1R b KQkq e3 0 1",
	                   VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(res.warnings, VC_FENW_EP_IMPOSSIBLE);
	cr_assert_eq(pos.ep, VC_NO_SQ);
	/* the ep square itself is occupied */
	cr_assert_eq(parse("rnbqkbnr/ppp1pppp/8/8/3pP3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1",
	                   VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(res.warnings, VC_FENW_EP_IMPOSSIBLE);
	/* the pushed pawn is of the wrong colour */
	cr_assert_eq(parse("4k3/8/8/8/3pp3/8/8/4K3 b - e3 0 1", VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(res.warnings, VC_FENW_EP_IMPOSSIBLE);
	cr_assert_eq(pos.ep, VC_NO_SQ);
	cr_assert_str_eq(vc_fen_write(&pos, out, false), "4k3/8/8/8/3pp3/8/8/4K3 b - - 0 1");
}

Test(fen, warning_castling_dropped)
{
	/* no rook at all */
	cr_assert_eq(parse("4k3/8/8/8/8/8/8/4K3 w K - 0 1", VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(res.warnings, VC_FENW_CASTLING_DROPPED);
	cr_assert_eq(pos.castle, 0);
	cr_assert_str_eq(vc_fen_write(&pos, out, false), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
	/* Black's rights kept, White's dropped (king not on the back rank) */
	cr_assert_eq(parse("r3k2r/8/8/8/8/8/4K3/R6R w KQkq - 0 1", VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(res.warnings, VC_FENW_CASTLING_DROPPED);
	cr_assert_eq(pos.castle, VC_BIT(SQ("a8")) | VC_BIT(SQ("h8")));
	/* one right of four dropped */
	cr_assert_eq(parse("r3k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1", VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(res.warnings, VC_FENW_CASTLING_DROPPED);
	cr_assert_str_eq(vc_fen_write(&pos, out, false), "r3k3/8/8/8/8/8/8/R3K2R w KQq - 0 1");
	/* a file letter naming a square without a rook */
	cr_assert_eq(parse("4k3/8/8/8/8/8/8/R3K2R w C - 0 1", VC_CHESS960), VC_FEN_OK);
	cr_assert_eq(res.warnings, VC_FENW_CASTLING_DROPPED);
	cr_assert_eq(pos.castle, 0);
	/* a file letter naming the other colour's rook */
	cr_assert_eq(parse("4k3/8/8/8/8/8/8/r3K2R w A - 0 1", VC_CHESS960), VC_FEN_OK);
	cr_assert_eq(res.warnings, VC_FENW_CASTLING_DROPPED);
	cr_assert_eq(pos.castle, 0);
}

Test(fen, warning_missing_clocks)
{
	cr_assert_eq(parse("4k3/8/8/8/8/8/8/4K3 w - -", VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(res.warnings, VC_FENW_NO_CLOCKS);
	cr_assert_eq(pos.halfmove, 0);
	cr_assert_eq(pos.fullmove, 1);
	cr_assert_str_eq(vc_fen_write(&pos, out, false), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

/* ---- the en-passant square and legal captures ------------------------------ */

Test(fen, ep_without_legal_capture_dropped_silently)
{
	/* after 1.e4: e3 is plausible but no black pawn can take */
	const char *fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
	cr_assert_eq(parse(fen, VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(res.warnings, 0);
	cr_assert_eq(pos.ep, VC_NO_SQ);
	cr_assert_str_eq(vc_fen_write(&pos, out, false),
	                 "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
	/* and it is the same position as the FEN without the square */
	struct vc_position plain;
	vc_fen_parse(&plain, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
	             VC_STANDARD, NULL);
	cr_assert_eq(pos.key, plain.key);
	cr_assert_eq(memcmp(&pos, &plain, sizeof pos), 0);
}

Test(fen, ep_with_legal_capture_kept)
{
	const char *fen = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3";
	cr_assert_str_eq(roundtrip(fen, VC_STANDARD, false), fen);
	cr_assert_eq(pos.ep, SQ("e3"));
	struct vc_position plain;
	vc_fen_parse(&plain, "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3",
	             VC_STANDARD, NULL);
	cr_assert_neq(pos.key, plain.key);
	/* the capturer pinned along the diagonal it captures on: still legal */
	const char *diag = "8/8/1k6/8/3pP3/8/5B2/4K3 b - e3 0 1";
	cr_assert_str_eq(roundtrip(diag, VC_STANDARD, false), diag);
	/* capturing the pawn that gives check: legal */
	const char *evade = "8/8/8/5k2/3pP3/8/8/4K3 b - e3 0 1";
	cr_assert_str_eq(roundtrip(evade, VC_STANDARD, false), evade);
}

Test(fen, ep_with_pinned_capturer_dropped)
{
	/* d4xe3 would empty the fourth rank between the a4 king and the h4
	 * queen: no legal capture, the square goes silently */
	cr_assert_eq(parse("8/8/8/8/k2pP2Q/8/8/4K3 b - e3 0 1", VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(res.warnings, 0);
	cr_assert_eq(pos.ep, VC_NO_SQ);
	cr_assert_str_eq(vc_fen_write(&pos, out, false), "8/8/8/8/k2pP2Q/8/8/4K3 b - - 0 1");
	/* the capturer pinned on the other diagonal (g7-a1) */
	cr_assert_eq(parse("8/6k1/8/8/3pP3/8/1B6/4K3 b - e3 0 1", VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(res.warnings, 0);
	cr_assert_eq(pos.ep, VC_NO_SQ);
	/* in check from a piece the capture does not address */
	cr_assert_eq(parse("R3k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(pos.ep, VC_NO_SQ);
}

Test(fen, ep_white_to_move)
{
	const char *fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
	cr_assert_str_eq(roundtrip(fen, VC_STANDARD, false), fen);
	cr_assert_eq(pos.ep, SQ("d6"));
	/* two capturers, c5 pinned on the a7-f2 diagonal: e5 keeps the square */
	const char *two = "8/K7/8/2PpP3/8/8/5b2/4k3 w - d6 0 2";
	cr_assert_eq(parse(two, VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(pos.ep, SQ("d6"));
}

/* ---- standard FEN that needs Chess960 ---------------------------------------- */

Test(fen, standard_fen_with_960_rights_is_960)
{
	/* king on b1 */
	cr_assert_eq(parse("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(pos.variant, VC_CHESS960);
	cr_assert(res.warnings & VC_FENW_CHESS960);
	cr_assert_eq(pos.castle, VC_BIT(SQ("a1")) | VC_BIT(SQ("h1")) | VC_BIT(SQ("a8")) |
	                             VC_BIT(SQ("h8")));
	/* rook off the corner (b1, g1) */
	cr_assert_eq(parse("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1", VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(pos.variant, VC_CHESS960);
	cr_assert(res.warnings & VC_FENW_CHESS960);
	/* a file letter for an inner rook */
	cr_assert_eq(parse("4k3/8/8/8/8/8/8/4K1RR w G - 0 1", VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(pos.variant, VC_CHESS960);
	cr_assert(res.warnings & VC_FENW_CHESS960);
	cr_assert_eq(pos.castle, VC_BIT(SQ("g1")));
	/* a 960 start position */
	cr_assert_eq(parse("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1", VC_STANDARD),
	             VC_FEN_OK);
	cr_assert_eq(pos.variant, VC_CHESS960);
	cr_assert_eq(res.warnings, VC_FENW_CHESS960);
	/* only Black's rights are odd */
	cr_assert_eq(parse("1r2k1r1/8/8/8/8/8/8/R3K2R w KQkq - 0 1", VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(pos.variant, VC_CHESS960);
}

Test(fen, standard_fen_with_standard_rights_stays_standard)
{
	cr_assert_eq(parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(pos.variant, VC_STANDARD);
	cr_assert_eq(res.warnings, 0);
	/* odd placement but no castling rights: nothing needs 960 */
	cr_assert_eq(parse("rk5r/8/8/8/8/8/8/RK5R w - - 0 1", VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(pos.variant, VC_STANDARD);
	cr_assert_eq(res.warnings, 0);
	/* B05: K is the outer (corner) rook, king on e1: standard */
	cr_assert_eq(parse("4k3/8/8/8/8/8/8/4K1RR w K - 0 1", VC_STANDARD), VC_FEN_OK);
	cr_assert_eq(pos.variant, VC_STANDARD);
	cr_assert_eq(res.warnings, 0);
	cr_assert_eq(pos.castle, VC_BIT(SQ("h1")));
}

Test(fen, chess960_variant_is_kept)
{
	cr_assert_eq(parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", VC_CHESS960), VC_FEN_OK);
	cr_assert_eq(pos.variant, VC_CHESS960);
	cr_assert_eq(res.warnings, 0);
}

/* ---- Chess960 start positions by Scharnagl number ---------------------------- */

/* Line N+1 of shared/refdata/perft/chess960_startpos_xfen.epd (SamuraiDangyo/
 * LastEmperor perft_960_starting_pos.txt, re-sorted so that line N+1 is
 * Scharnagl position N; see refdata SOURCES.md), the FEN fields only. */
static const struct {
	int n;
	const char *fen;
} sp960[] = {
	{ 0, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1" },
	{ 1, "bqnbnrkr/pppppppp/8/8/8/8/PPPPPPPP/BQNBNRKR w KQkq - 0 1" },
	{ 2, "bqnnrbkr/pppppppp/8/8/8/8/PPPPPPPP/BQNNRBKR w KQkq - 0 1" },
	{ 3, "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1" },
	{ 100, "qbbnrnkr/pppppppp/8/8/8/8/PPPPPPPP/QBBNRNKR w KQkq - 0 1" },
	{ 191, "nrnkrqbb/pppppppp/8/8/8/8/PPPPPPPP/NRNKRQBB w KQkq - 0 1" },
	{ 359, "nrbkrqnb/pppppppp/8/8/8/8/PPPPPPPP/NRBKRQNB w KQkq - 0 1" },
	{ 518, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" },
	{ 519, "rnbqknrb/pppppppp/8/8/8/8/PPPPPPPP/RNBQKNRB w KQkq - 0 1" },
	{ 600, "rbqnbkrn/pppppppp/8/8/8/8/PPPPPPPP/RBQNBKRN w KQkq - 0 1" },
	{ 777, "qrkbbnrn/pppppppp/8/8/8/8/PPPPPPPP/QRKBBNRN w KQkq - 0 1" },
	{ 958, "rkrnnbbq/pppppppp/8/8/8/8/PPPPPPPP/RKRNNBBQ w KQkq - 0 1" },
	{ 959, "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1" },
};

Test(fen, chess960_startpos_by_number)
{
	for (size_t i = 0; i < sizeof sp960 / sizeof *sp960; i++) {
		struct vc_position sp, parsed;
		vc_chess960_startpos(&sp, sp960[i].n, VC_CHESS960);
		cr_assert_str_eq(vc_fen_write(&sp, out, false), sp960[i].fen, "SP %d", sp960[i].n);
		cr_assert_eq(vc_fen_parse(&parsed, sp960[i].fen, VC_CHESS960, NULL), VC_FEN_OK);
		cr_assert_eq(sp.key, parsed.key, "SP %d key", sp960[i].n);
		cr_assert_eq(sp.key, vc_compute_key(&sp));
		cr_assert_eq(sp.castle, parsed.castle);
		cr_assert_eq(sp.variant, VC_CHESS960);
	}
}

Test(fen, chess960_startpos_518_is_standard_array)
{
	struct vc_position sp, std;
	vc_chess960_startpos(&sp, 518, VC_STANDARD);
	vc_startpos(&std, VC_STANDARD);
	cr_assert_eq(memcmp(&sp, &std, sizeof sp), 0);
}

Test(fen, chess960_startpos_all_numbers_distinct_and_valid)
{
	/* Every number gives a different legal array: bishops on opposite
	 * colours, the king between the rooks, mirrored for Black. */
	static uint64_t keys[960];
	for (int n = 0; n < 960; n++) {
		struct vc_position sp;
		vc_chess960_startpos(&sp, n, VC_CHESS960);
		vc_bb wb = vc_pieces(&sp, VC_WHITE, VC_BISHOP);
		cr_assert_eq(vc_popcount(wb), 2);
		cr_assert_eq((wb & 0x55AA55AA55AA55AAull) != 0, (wb & ~0x55AA55AA55AA55AAull) != 0);
		int k = VC_FILE(vc_lsb(vc_pieces(&sp, VC_WHITE, VC_KING)));
		vc_bb rooks = vc_pieces(&sp, VC_WHITE, VC_ROOK);
		cr_assert_lt(VC_FILE(vc_lsb(rooks)), k);
		cr_assert_gt(VC_FILE(63 - __builtin_clzll(rooks)), k);
		for (int f = 0; f < 8; f++)
			cr_assert_eq(sp.board[VC_SQ(f, 7)], sp.board[VC_SQ(f, 0)] | 8);
		char buf[VC_FEN_MAX];
		struct vc_position again;
		cr_assert_eq(vc_fen_parse(&again, vc_fen_write(&sp, buf, false), VC_CHESS960, &res),
		             VC_FEN_OK);
		cr_assert_eq(again.key, sp.key);
		keys[n] = sp.key;
		for (int o = 0; o < n; o++)
			cr_assert_neq(keys[o], keys[n], "SP %d and %d", o, n);
	}
}

/* RULES.md section 1: in standard mode, castling rights written with file
 * letters (Shredder-FEN) only make sense in Chess960: read as Chess960 with a
 * warning, even for the corner rooks. */
Test(fen, standard_file_letters_read_as_chess960)
{
	struct vc_position p;
	struct vc_fen_result r;
	cr_assert_eq(vc_fen_parse(&p, "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", VC_STANDARD, &r),
	             VC_FEN_OK);
	cr_assert_eq(p.variant, VC_CHESS960);
	cr_assert(r.warnings & VC_FENW_CHESS960);
	cr_assert_eq(vc_fen_parse(&p, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", VC_STANDARD, &r),
	             VC_FEN_OK);
	cr_assert_eq(p.variant, VC_STANDARD);
	cr_assert(!(r.warnings & VC_FENW_CHESS960));
}

/* RULES.md section 5: a Backwards Stalemate Chess FEN must have '-' in the
 * en-passant field (and castling field); anything else is an error. */
Test(fen, backwards_rejects_en_passant_field)
{
	struct vc_position p;
	struct vc_fen_result r;
	cr_assert_eq(vc_fen_parse(&p, "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", VC_BACKWARDS, &r),
	             VC_FEN_BAD_VARIANT_POSITION);
	cr_assert_eq(r.column, 27); /* the en-passant field */
	cr_assert_eq(vc_fen_parse(&p, "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1", VC_BACKWARDS, &r),
	             VC_FEN_OK);
}

/* The castling field in python-chess's reading of X-FEN/Shredder-FEN:
 * White's letters before Black's, at most two a side, no letter twice;
 * and a clock field that starts like a number must be a whole number. */
Test(fen, castling_field_order_and_clocks)
{
	struct vc_position p;
	struct vc_fen_result r;
	/* three different letters of one side, more than 8 letters */
	static const char *const bad_castling[] = {
		"r3k2r/8/8/8/8/8/8/R3K2R w KQA - 0 1",
		"r3k2r/8/8/8/8/8/8/R3K2R w kqKQb - 0 1",
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkqKQkqK - 0 1",
	};
	for (size_t i = 0; i < sizeof bad_castling / sizeof *bad_castling; i++)
		cr_assert_eq(vc_fen_parse(&p, bad_castling[i], VC_STANDARD, &r), VC_FEN_BAD_CASTLING,
		             "%s", bad_castling[i]);
	/* any order, repeated letters: read as KQkq, with a warning (other
	 * tools accept them) */
	static const char *const messy_castling[] = {
		"r3k2r/8/8/8/8/8/8/R3K2R w kqKQ - 0 1",
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkqK - 0 1",
		"r3k2r/8/8/8/8/8/8/R3K2R w QKqk - 0 1",
		"r3k2r/8/8/8/8/8/8/R3K2R w KKQQkkqq - 0 1",
		"r3k2r/8/8/8/8/8/8/R3K2R w KqQk - 0 1",
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
	};
	struct vc_position want;
	cr_assert_eq(vc_fen_parse(&want, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", VC_STANDARD, &r),
	             VC_FEN_OK);
	cr_assert_eq(r.warnings, 0);
	for (size_t i = 0; i < sizeof messy_castling / sizeof *messy_castling; i++) {
		cr_assert_eq(vc_fen_parse(&p, messy_castling[i], VC_STANDARD, &r), VC_FEN_OK,
		             "%s", messy_castling[i]);
		cr_assert_eq(p.castle, want.castle, "%s", messy_castling[i]);
		cr_assert_eq(p.key, want.key, "%s", messy_castling[i]);
		cr_assert_eq(r.warnings, i == 5 ? 0u : VC_FENW_CASTLING_ORDER, "%s",
		             messy_castling[i]);
	}
	cr_assert_eq(vc_fen_parse(&p, "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", VC_STANDARD, &r), VC_FEN_OK);
	cr_assert_eq(r.warnings, 0);
	cr_assert_eq(vc_fen_parse(&p, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - -1 1", VC_STANDARD, &r),
	             VC_FEN_BAD_CLOCK);
	cr_assert_eq(vc_fen_parse(&p, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 -3", VC_STANDARD, &r),
	             VC_FEN_BAD_CLOCK);
	/* an EPD operation after four fields is still fine */
	cr_assert_eq(vc_fen_parse(&p, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm O-O;", VC_STANDARD, &r),
	             VC_FEN_OK);
}

/* The reader puts the pieces and sums the key inline: the position it
 * makes is the one vc_put_piece and vc_compute_key make, in every variant
 * and with every key part (side, rights, an en-passant square kept). */
Test(fen, inline_placement_and_key_match_the_library)
{
	static const struct {
		const char *fen;
		int variant;
	} cases[] = {
		{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", VC_STANDARD },
		{ "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", VC_STANDARD },
		{ "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b Kq d3 0 2", VC_STANDARD },
		{ "4k3/8/8/8/8/8/8/4K2R b K - 5 40", VC_STANDARD },
		{ "bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w FDfd - 0 1", VC_CHESS960 },
		{ "1r2k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", VC_STANDARD },
		{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1", VC_ANTICHESS },
		{ "8/8/8/8/8/8/8/8 w - - 0 1", VC_ANTICHESS },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const char *fen = cases[i].fen;
		cr_assert_eq(parse(fen, cases[i].variant), VC_FEN_OK, "%s: %s", fen,
		             vc_fen_code(res.status));
		struct vc_position ref;
		memset(&ref, 0, sizeof ref);
		for (int sq = 0; sq < 64; sq++)
			if (pos.board[sq])
				vc_put_piece(&ref, sq, pos.board[sq]);
		cr_assert_eq(memcmp(ref.by_color, pos.by_color, sizeof ref.by_color), 0, "%s", fen);
		cr_assert_eq(memcmp(ref.by_type, pos.by_type, sizeof ref.by_type), 0, "%s", fen);
		cr_assert_eq(pos.key, vc_compute_key(&pos), "%s: key", fen);
	}
}

/* Every byte in the board field other than a piece letter, a digit 1..8
 * or '/' is a bad board at its own column; a blank or tab ends the field. */
Test(fen, every_other_board_byte_is_bad)
{
	char fen[] = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
	for (int c = 1; c < 256; c++) {
		fen[4] = (char)c; /* the second rank field, "8" */
		enum vc_fen_status st = parse(fen, VC_STANDARD);
		if (c == '8') {
			cr_assert_eq(st, VC_FEN_OK);
		} else if (c >= '1' && c <= '7') {
			cr_assert_eq(st, VC_FEN_BAD_BOARD, "byte %d", c);
			cr_assert_eq(res.column, 6, "byte %d: column %d", c, res.column);
		} else if (c == ' ' || c == '\t') {
			/* the board ends after "4k3/": seven ranks short */
			cr_assert_eq(st, VC_FEN_BAD_BOARD, "byte %d", c);
			cr_assert_eq(res.column, 5, "byte %d: column %d", c, res.column);
		} else if (c == '/') {
			/* an empty rank: found at the second '/' */
			cr_assert_eq(st, VC_FEN_BAD_BOARD, "byte %d", c);
			cr_assert_eq(res.column, 5, "byte %d: column %d", c, res.column);
		} else if (c && strchr("PNBRQKpnbrqk", c)) {
			/* one square in that rank: found at the '/' after it */
			cr_assert_eq(st, VC_FEN_BAD_BOARD, "byte %d", c);
			cr_assert_eq(res.column, 6, "byte %d: column %d", c, res.column);
		} else {
			cr_assert_eq(st, VC_FEN_BAD_BOARD, "byte %d", c);
			cr_assert_eq(res.column, 5, "byte %d: column %d", c, res.column);
		}
	}
}
