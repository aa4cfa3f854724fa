/* vchess - finding codes: words, severities, texts. See finding.h. */
#include <string.h>

#include "finding.h"
#include "position.h"
#include "san.h"

#define E true  /* error */
#define W false /* warning */

static const struct {
	const char *word;
	bool error;
	const char *text;
} codes[VC_F_COUNT] = {
	[VC_F_OK] = { "ok", W, "no finding" },
	[VC_F_PGN_SYNTAX] = { "pgn-syntax", E, "not PGN syntax" },
	[VC_F_UNTERMINATED_COMMENT] = { "unterminated-comment", E, "comment without its closing brace" },
	[VC_F_UNTERMINATED_TAG] = { "unterminated-tag", E, "tag without its closing bracket" },
	[VC_F_UNBALANCED_VARIATION] = { "unbalanced-variation", E, "unbalanced variation parentheses" },
	[VC_F_LIMIT_TAG_NAME] = { "limit-tag-name", E, "tag name too long" },
	[VC_F_LIMIT_TAG_VALUE] = { "limit-tag-value", E, "tag value too long" },
	[VC_F_LIMIT_COMMENT] = { "limit-comment", E, "comment too long" },
	[VC_F_LIMIT_VARIATION_DEPTH] = { "limit-variation-depth", E, "variations nested too deep" },
	[VC_F_LIMIT_PLIES] = { "limit-plies", E, "too many plies in one game" },
	[VC_F_LIMIT_TAGS] = { "limit-tags", E, "too many tags in one game" },
	[VC_F_LIMIT_TOKEN] = { "limit-token", E, "move token too long" },
	[VC_F_READ_ERROR] = { "read-error", E, "input/output error while reading" },
	[VC_F_OUT_OF_MEMORY] = { "out-of-memory", E, "out of memory" },
	[VC_F_MISSING_RESULT] = { "missing-result", W, "no result token at the end of the game" },
	[VC_F_ENCODING_LATIN1] = { "encoding-latin1", W, "text that is not UTF-8 read as Latin-1" },
	[VC_F_NONSTANDARD_NOTATION] = { "nonstandard-notation", W, "notation normalised to standard PGN" },
	[VC_F_RESULT_IN_VARIATION] = { "result-in-variation", W, "result token inside a variation: ignored" },
	[VC_F_BAD_NAG] = { "bad-nag", W, "unreadable annotation glyph: ignored" },
	[VC_F_LIMIT_RAW] = { "limit-raw", W, "game too long to keep a copy of" },
	[VC_F_CANNOT_OPEN] = { "cannot-open", E, "input cannot be opened" },
	[VC_F_CORRUPT] = { "corrupt", E, "damaged or unrecognised compressed data or archive" },
	[VC_F_UNSUPPORTED] = { "unsupported", E, "input format or method not supported" },
	[VC_F_LIMIT_EXCEEDED] = { "limit-exceeded", E, "decompressed input beyond its limit" },
	[VC_F_LIMIT_LINE] = { "limit-line", E, "line too long" },
	[VC_F_UNKNOWN_VARIANT] = { "unknown-variant", E, "unknown variant" },
	[VC_F_UNSUPPORTED_VARIANT] = { "unsupported-variant", E, "variant not supported by vchess" },
	[VC_F_VARIANT_TAG_OVERRIDDEN] = { "variant-tag-overridden", W, "Variant tag overridden by the variant asked for" },
	[VC_F_DUPLICATE_TAG] = { "duplicate-tag", W, "tag given twice: the last value is used" },
	[VC_F_SETUP_WITHOUT_FEN] = { "setup-without-fen", W, "SetUp \"1\" without a FEN tag" },
	[VC_F_FEN_WITHOUT_SETUP] = { "fen-without-setup", W, "FEN tag without SetUp \"1\": the FEN is used" },
	[VC_F_FEN_TRAILING_TEXT] = { "fen-trailing-text", W, "text after the FEN fields ignored" },
	[VC_F_FEN_SYNTAX] = { "fen-syntax", E, "malformed FEN: missing or unreadable field" },
	[VC_F_FEN_BAD_BOARD] = { "fen-bad-board", E, "malformed FEN board field" },
	[VC_F_FEN_NO_KING] = { "fen-no-king", E, "a side has no king" },
	[VC_F_FEN_TOO_MANY_KINGS] = { "fen-too-many-kings", E, "a side has more than one king" },
	[VC_F_FEN_PAWN_ON_BACK_RANK] = { "fen-pawn-on-back-rank", E, "pawn on the first or last rank" },
	[VC_F_FEN_OPPONENT_IN_CHECK] = { "fen-opponent-in-check", E, "the side not to move is in check" },
	[VC_F_FEN_TOO_MANY_PIECES] = { "fen-too-many-pieces", E, "more than 16 pieces or 8 pawns for a side" },
	[VC_F_FEN_BAD_SIDE] = { "fen-bad-side", E, "side to move must be 'w' or 'b'" },
	[VC_F_FEN_BAD_CASTLING] = { "fen-bad-castling", E, "malformed castling field" },
	[VC_F_FEN_BAD_EN_PASSANT] = { "fen-bad-en-passant", E, "malformed en-passant field" },
	[VC_F_FEN_BAD_CLOCK] = { "fen-bad-clock", E, "halfmove clock or fullmove number is not a number" },
	[VC_F_FEN_BAD_VARIANT_POSITION] = { "fen-bad-variant-position", E, "position impossible in this variant" },
	[VC_F_FEN_UNKNOWN_VARIANT] = { "fen-unknown-variant", E, "unknown variant id" },
	[VC_F_FEN_EP_IMPOSSIBLE] = { "fen-ep-impossible", W, "en-passant square that no double push made: dropped" },
	[VC_F_FEN_CASTLING_DROPPED] = { "fen-castling-dropped", W, "castling right without king and rook in place: dropped" },
	[VC_F_FEN_NO_CLOCKS] = { "fen-no-clocks", W, "FEN without halfmove clock and fullmove number: 0 and 1 assumed" },
	[VC_F_FEN_CHESS960] = { "fen-chess960", W, "castling rights that need Chess960: read as Chess960" },
	[VC_F_CASTLING_IGNORED] = { "castling-ignored", W, "castling rights ignored: this variant has no castling" },
	[VC_F_SAN_SYNTAX] = { "san-syntax", E, "not a move" },
	[VC_F_ILLEGAL_MOVE] = { "illegal-move", E, "illegal move" },
	[VC_F_AMBIGUOUS_MOVE] = { "ambiguous-move", E, "ambiguous move" },
	[VC_F_NULL_MOVE] = { "null-move", E, "null move (no variant here has one)" },
	[VC_F_IMPOSSIBLE_MOVE] = { "impossible-move", E, "impossible move" },
	[VC_F_MOVE_AFTER_END] = { "move-after-end", E, "move after the game ended" },
	[VC_F_ZERO_CASTLING] = { "zero-castling", W, "castling written with zeros (0-0)" },
	[VC_F_PROMOTION_FORM] = { "promotion-form", W, "promotion not written as SAN's =Q, =R, =B, =N" },
	[VC_F_MISSING_CAPTURE_MARK] = { "missing-capture-mark", W, "capture written without 'x'" },
	[VC_F_SUPERFLUOUS_CAPTURE_MARK] = { "superfluous-capture-mark", W, "'x' on a move that captures nothing" },
	[VC_F_OVER_DISAMBIGUATED] = { "over-disambiguated", W, "more disambiguation than SAN needs" },
	[VC_F_KING_MOVE_CASTLING] = { "king-move-castling", W, "castling written as a king move" },
	[VC_F_UCI_MOVE] = { "uci-move", W, "UCI move in PGN movetext" },
	[VC_F_CHECK_SUFFIX] = { "check-suffix", W, "missing or wrong check/mate suffix" },
	[VC_F_LONG_ALGEBRAIC] = { "long-algebraic", W, "long algebraic notation (from-square, '-', to-square) instead of SAN" },
	[VC_F_MISSING_RESULT_TAG] = { "missing-result-tag", W, "no Result tag" },
	[VC_F_BAD_RESULT_TAG] = { "bad-result-tag", E, "Result tag is not 1-0, 0-1, 1/2-1/2 or *" },
	[VC_F_RESULT_MISMATCH] = { "result-mismatch", E, "Result tag and movetext result differ" },
	[VC_F_UNFINISHED_RESULT] = { "unfinished-result", W, "result \"*\" but the rules ended the game" },
	[VC_F_RESULT_CONTRADICTS_BOARD] = { "result-contradicts-board", E, "result contradicts the end the rules give" },
	[VC_F_PLYCOUNT_MISMATCH] = { "plycount-mismatch", W, "PlyCount differs from the plies of the game" },
	[VC_F_TOO_MANY_ERRORS] = { "too-many-errors", E, "more errors than a record keeps" },
	[VC_F_INVALID_ARGUMENT] = { "invalid-argument", E, "an argument outside the function's contract" },
	[VC_F_FEN_CASTLING_ORDER] = { "fen-castling-order", W, "castling letters out of order or repeated" },
	[VC_F_LOWERCASE_CASTLING] = { "lowercase-castling", W, "castling written in lower case (o-o)" },
	[VC_F_SUPERFLUOUS_EP_MARK] = { "superfluous-ep-mark", W, "e.p. on a move that is not an en-passant capture" },
	[VC_F_DUPLICATE_OF] = { "duplicate-of", W, "the same variant, start position and main line as an earlier game" },
	[VC_F_EMPTY_INPUT] = { "empty-input", W, "no game or position in the input" },
	[VC_F_BAD_TOKENS_TAG] = { "bad-tokens-tag", E, "unreadable TakebackTokens tag" },
	[VC_F_TAKEBACK_WITHOUT_TOKEN] = { "takeback-without-token", E, "take-back by a player who holds no token" },
	[VC_F_TAKEBACK_TOO_EARLY] = { "takeback-too-early", E, "take-back before the player made a move" },
	[VC_F_MOVE_AFTER_DRAW] = { "move-after-draw", W, "move after a dead position, fivefold repetition or the 75-move rule ended the game" },
	[VC_F_UNWINNABILITY_UNDETERMINED] = { "unwinnability-undetermined", W, "whether the opponent could still mate is undetermined (search budget): the time-forfeit loss stands" },
	[VC_F_TAKEBACK_AFTER_END] = { "takeback-after-end", E, "take-back after the game ended" },
	[VC_F_MOVE_WHILE_PENDING] = { "move-while-pending", E, "move while a mate or stalemate awaits a take-back or acceptance" },
	[VC_F_CLOCK_GIVEN_BACK] = { "clock-given-back", E, "time given back across a take-back" },
	[VC_F_TAKEBACK_WRONG_VARIANT] = { "takeback-wrong-variant", E, "take-back in a game that is not Undo Chess" },
	[VC_F_TAKEBACK_IN_VARIATION] = { "takeback-in-variation", E, "take-back inside a variation" },
	[VC_F_TOKEN_CONSERVATION] = { "token-conservation", E, "take-back tokens do not add up (internal error)" },
	[VC_F_AWAITING_DECISION] = { "awaiting-decision", W, "mate or stalemate awaiting the player's decision" },
};

#undef E
#undef W

static bool is_code(enum vc_code code)
{
	return (unsigned)code < VC_F_COUNT;
}

const char *vc_code_word(enum vc_code code)
{
	return is_code(code) ? codes[code].word : "unknown";
}

enum vc_code vc_code_from_word(const char *word)
{
	for (int i = 0; i < VC_F_COUNT; i++)
		if (strcmp(codes[i].word, word) == 0)
			return (enum vc_code)i;
	return VC_F_COUNT;
}

bool vc_code_is_error(enum vc_code code)
{
	return is_code(code) && codes[code].error;
}

const char *vc_strerror(enum vc_code code)
{
	return is_code(code) ? codes[code].text : "unknown finding";
}

/* The lower layers' enums run in the same order as their blocks here. */
enum vc_code vc_code_of_fen_status(int st)
{
	if (st <= VC_FEN_OK || st >= VC_FEN_NERRORS)
		return st == VC_FEN_OK ? VC_F_OK : VC_F_FEN_SYNTAX;
	return (enum vc_code)(VC_F_FEN_SYNTAX + (st - VC_FEN_SYNTAX));
}

/* Index of a single set bit, or -1. */
static int bit_index(unsigned bit)
{
	if (!bit || (bit & (bit - 1)))
		return -1;
	return __builtin_ctz(bit);
}

enum vc_code vc_code_of_fen_warning(unsigned bit)
{
	int i = bit_index(bit);
	if (bit == VC_FENW_CASTLING_ORDER) /* a later bit, a later code */
		return VC_F_FEN_CASTLING_ORDER;
	return i >= 0 && i <= VC_F_CASTLING_IGNORED - VC_F_FEN_EP_IMPOSSIBLE
	               ? (enum vc_code)(VC_F_FEN_EP_IMPOSSIBLE + i) : VC_F_OK;
}

enum vc_code vc_code_of_san_status(int st)
{
	if (st == VC_SAN_UNKNOWN_VARIANT)
		return VC_F_INVALID_ARGUMENT; /* a caller's error, no finding */
	if (st <= VC_SAN_OK || st > VC_SAN_IMPOSSIBLE)
		return st == VC_SAN_OK ? VC_F_OK : VC_F_SAN_SYNTAX;
	return (enum vc_code)(VC_F_SAN_SYNTAX + (st - VC_SAN_SYNTAX));
}

enum vc_code vc_code_of_san_warning(unsigned bit)
{
	int i = bit_index(bit);
	if (bit == VC_SANW_LOWERCASE_CASTLING) /* later bits, later codes */
		return VC_F_LOWERCASE_CASTLING;
	if (bit == VC_SANW_EP_MARK)
		return VC_F_SUPERFLUOUS_EP_MARK;
	return i >= 0 && i <= VC_F_LONG_ALGEBRAIC - VC_F_ZERO_CASTLING
	               ? (enum vc_code)(VC_F_ZERO_CASTLING + i) : VC_F_OK;
}
