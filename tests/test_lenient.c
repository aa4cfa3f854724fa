/* Lenient forms other tools accept without harm (issue 16): lower-case
 * castling has its own warning, an e.p. mark on a move that is no
 * en-passant capture is a warning, castling letters in any order are read
 * (the FEN side is in test_fen.c), and each has its finding code. The
 * whole path through validate is in the golden test validate-lenient. */
#include <criterion/criterion.h>
#include <string.h>

#include "finding.h"
#include "position.h"
#include "san.h"

static struct vc_position pos;

static void at(const char *fen)
{
	struct vc_fen_result r;
	cr_assert_eq(vc_fen_parse(&pos, fen, VC_STANDARD, &r), VC_FEN_OK, "%s", fen);
}

static unsigned warnings_of(const char *text)
{
	struct vc_san_info info;
	cr_assert_eq(vc_san_parse(&pos, NULL, 0, text, strlen(text), &info), VC_SAN_OK, "%s",
	             text);
	return info.warnings;
}

Test(lenient, lowercase_castling_has_its_own_word)
{
	at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
	cr_assert_eq(warnings_of("o-o"), VC_SANW_LOWERCASE_CASTLING);
	cr_assert_eq(warnings_of("o-o-o"), VC_SANW_LOWERCASE_CASTLING);
	cr_assert_eq(warnings_of("0-0"), VC_SANW_ZERO_CASTLING);
	cr_assert_eq(warnings_of("0-0-0+"), VC_SANW_ZERO_CASTLING);
	cr_assert_eq(warnings_of("O-O"), 0);
	cr_assert_str_eq(vc_code_word(vc_code_of_san_warning(VC_SANW_LOWERCASE_CASTLING)),
	                 "lowercase-castling");
	cr_assert_str_eq(vc_san_warning_code(VC_SANW_LOWERCASE_CASTLING), "lowercase-castling");
}

Test(lenient, ep_mark_only_on_en_passant)
{
	/* exd6 takes en passant, exf6 a pawn normally; e6, e5e6, Kd2 take nothing */
	at("4k3/8/5p2/3pP3/8/8/8/4K3 w - d6 0 2");
	static const char *const ep[] = { "exd6e.p.", "exd6e.p", "exd6ep", "exd6+e.p.", "e5d6e.p." };
	for (size_t i = 0; i < sizeof ep / sizeof *ep; i++)
		cr_assert_eq(warnings_of(ep[i]) & VC_SANW_EP_MARK, 0, "%s", ep[i]);
	cr_assert_eq(warnings_of("exd6"), 0);
	cr_assert_eq(warnings_of("exf6e.p."), VC_SANW_EP_MARK);
	cr_assert_eq(warnings_of("e6ep"), VC_SANW_EP_MARK);
	cr_assert_eq(warnings_of("Kd2e.p."), VC_SANW_EP_MARK);
	cr_assert_eq(warnings_of("e5e6ep"), VC_SANW_EP_MARK | VC_SANW_UCI);
	cr_assert_str_eq(vc_code_word(vc_code_of_san_warning(VC_SANW_EP_MARK)),
	                 "superfluous-ep-mark");
	cr_assert_not(vc_code_is_error(vc_code_of_san_warning(VC_SANW_EP_MARK)));
}

Test(lenient, new_codes_are_warnings_with_words)
{
	static const struct {
		enum vc_code code;
		const char *word;
	} c[] = {
		{ VC_F_FEN_CASTLING_ORDER, "fen-castling-order" },
		{ VC_F_LOWERCASE_CASTLING, "lowercase-castling" },
		{ VC_F_SUPERFLUOUS_EP_MARK, "superfluous-ep-mark" },
	};
	for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
		cr_assert_str_eq(vc_code_word(c[i].code), c[i].word);
		cr_assert_eq(vc_code_from_word(c[i].word), c[i].code);
		cr_assert_not(vc_code_is_error(c[i].code));
	}
	cr_assert_eq(vc_code_of_fen_warning(VC_FENW_CASTLING_ORDER), VC_F_FEN_CASTLING_ORDER);
	/* the older bits keep their codes */
	cr_assert_eq(vc_code_of_fen_warning(VC_FENW_CASTLING_IGNORED), VC_F_CASTLING_IGNORED);
	cr_assert_eq(vc_code_of_san_warning(VC_SANW_LONG_ALGEBRAIC), VC_F_LONG_ALGEBRAIC);
	cr_assert_eq(vc_code_of_san_warning(1u << 11), VC_F_OK);
	cr_assert_eq(vc_code_of_fen_warning(1u << 6), VC_F_OK);
}

/* ---- why a move is illegal ------------------------------------------------ */

static enum vc_illegal_reason why(const char *fen, int variant, const char *text)
{
	struct vc_fen_result r;
	cr_assert_eq(vc_fen_parse(&pos, fen, variant, &r), VC_FEN_OK, "%s", fen);
	struct vc_san_info info;
	cr_assert_eq(vc_san_parse(&pos, NULL, 0, text, strlen(text), &info), VC_SAN_ILLEGAL,
	             "%s in %s", text, fen);
	return vc_san_illegal_reason(&pos, text, strlen(text));
}

Test(illegal_reason, each_reason)
{
	const char *start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
	cr_assert_eq(why(start, VC_STANDARD, "Ke3"), VC_ILLEGAL_UNREACHABLE);
	cr_assert_eq(why(start, VC_STANDARD, "Nd4"), VC_ILLEGAL_UNREACHABLE);
	cr_assert_eq(why(start, VC_STANDARD, "exd3"), VC_ILLEGAL_UNREACHABLE);
	cr_assert_eq(why(start, VC_STANDARD, "e5"), VC_ILLEGAL_WRONG_SIDE); /* e7-e5 */
	cr_assert_eq(why(start, VC_STANDARD, "Nd2"), VC_ILLEGAL_UNREACHABLE); /* own pawn */
	cr_assert_eq(why(start, VC_STANDARD, "e2e5"), VC_ILLEGAL_UNREACHABLE);
	cr_assert_eq(why(start, VC_STANDARD, "Nf6"), VC_ILLEGAL_WRONG_SIDE);
	cr_assert_eq(why(start, VC_STANDARD, "e7e5"), VC_ILLEGAL_WRONG_SIDE);
	cr_assert_eq(why(start, VC_STANDARD, "O-O"), VC_ILLEGAL_CASTLING_PATH);
	/* the e2 knight is pinned by the e8 rook */
	cr_assert_eq(why("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1", VC_STANDARD, "Nc3"),
	             VC_ILLEGAL_PINNED);
	cr_assert_eq(why("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1", VC_STANDARD, "e2c3"),
	             VC_ILLEGAL_PINNED);
	/* in check from the e8 rook: a knight move elsewhere does not help */
	cr_assert_eq(why("4r1k1/8/8/8/8/8/8/1N2K3 w - - 0 1", VC_STANDARD, "Nc3"),
	             VC_ILLEGAL_KING_IN_CHECK);
	/* the king onto an attacked square */
	cr_assert_eq(why("3r2k1/8/8/8/8/8/8/4K3 w - - 0 1", VC_STANDARD, "Kd1"),
	             VC_ILLEGAL_KING_IN_CHECK);
	/* castling */
	cr_assert_eq(why("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", VC_STANDARD, "O-O"),
	             VC_ILLEGAL_NO_CASTLING_RIGHT);
	cr_assert_eq(why("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", VC_STANDARD, "o-o-o"),
	             VC_ILLEGAL_NO_CASTLING_RIGHT);
	cr_assert_eq(why("r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1", VC_STANDARD, "O-O"),
	             VC_ILLEGAL_NO_CASTLING_RIGHT); /* dropped with its rook */
	cr_assert_eq(why("r3k1r1/8/8/8/8/8/8/R3K2R w KQq - 0 1", VC_STANDARD, "O-O"),
	             VC_ILLEGAL_CASTLING_PATH); /* g1 attacked */
	cr_assert_eq(why("r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1", VC_STANDARD, "O-O"),
	             VC_ILLEGAL_CASTLING_PATH); /* blocked */
	cr_assert_eq(why("4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", VC_STANDARD, "O-O"),
	             VC_ILLEGAL_KING_IN_CHECK);
	/* antichess: a capture is due (e4xd5), so a quiet move is refused */
	cr_assert_eq(why("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2",
	                 VC_ANTICHESS, "Nf3"), VC_ILLEGAL_CAPTURE_COMPULSORY);
	cr_assert_eq(why("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2",
	                 VC_ANTICHESS, "Nd4"), VC_ILLEGAL_UNREACHABLE);
}

Test(illegal_reason, words)
{
	static const char *const words[] = {
		NULL, "unreachable", "pinned", "king-in-check", "no-castling-right",
		"castling-path", "capture-compulsory", "wrong-side",
	};
	for (int r = 0; r < (int)(sizeof words / sizeof *words); r++) {
		const char *w = vc_illegal_reason_word((enum vc_illegal_reason)r);
		if (words[r])
			cr_assert_str_eq(w, words[r]);
		else
			cr_assert_null(w);
	}
	cr_assert_null(vc_illegal_reason_word((enum vc_illegal_reason)99));
}
