/* vchess - finding codes: one enum for every finding any layer reports.
 *
 * A finding is something wrong (an error: the game or input is invalid)
 * or questionable (a warning: read leniently, still valid) about a game
 * record, a position line or an input. Every finding has one code of
 * enum vc_code, whatever layer found it: the input layer (files,
 * archives), the PGN reader (syntax and limits), the game checker (rules),
 * a game-level variant (Undo Chess tokens) or the EPD checker. Code
 * compares these enums, never their words.
 *
 * Each code has
 *   - a stable kebab-case word (vc_code_word): what reports print; it never
 *     changes once released (vchess(1), vchess-validate(1));
 *   - a fixed severity (vc_code_is_error): the same code is never an error
 *     in one place and a warning in another;
 *   - a short text (vc_strerror): a generic description in English; the
 *     checker's finding messages add the particulars of each occurrence.
 * The rule behind each code: vchess-rules(7) section 1 (variant names),
 * section 2 (positions, moves, the end of a game, results), section 4 and
 * vchess-undo(5) (Undo Chess); PGN syntax, limits and input errors are in
 * vchess-validate(1).
 *
 * The enum's numeric values are fixed for a soname only (vchess.h, ABI
 * rule; new codes go before VC_F_COUNT): store words, not numbers. VC_F_OK (0) is "no finding" and the success value of the
 * library's functions that return an enum vc_code (see vchess.h).
 */
#ifndef VC_FINDING_H
#define VC_FINDING_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

enum vc_code {
	VC_F_OK = 0,                   /* "ok": no finding, success */

	/* The PGN reader (formats/pgn.h has each code's exact meaning).
	 * Errors, kept contiguous: VC_F_PGN_SYNTAX..VC_F_OUT_OF_MEMORY. */
	VC_F_PGN_SYNTAX,               /* pgn-syntax */
	VC_F_UNTERMINATED_COMMENT,     /* unterminated-comment */
	VC_F_UNTERMINATED_TAG,         /* unterminated-tag */
	VC_F_UNBALANCED_VARIATION,     /* unbalanced-variation */
	VC_F_LIMIT_TAG_NAME,           /* limit-tag-name */
	VC_F_LIMIT_TAG_VALUE,          /* limit-tag-value */
	VC_F_LIMIT_COMMENT,            /* limit-comment */
	VC_F_LIMIT_VARIATION_DEPTH,    /* limit-variation-depth */
	VC_F_LIMIT_PLIES,              /* limit-plies (reader or game line) */
	VC_F_LIMIT_TAGS,               /* limit-tags */
	VC_F_LIMIT_TOKEN,              /* limit-token */
	VC_F_READ_ERROR,               /* read-error (reader or input layer) */
	VC_F_OUT_OF_MEMORY,            /* out-of-memory (any layer) */
	/* reader warnings */
	VC_F_MISSING_RESULT,           /* missing-result */
	VC_F_ENCODING_LATIN1,          /* encoding-latin1 */
	VC_F_NONSTANDARD_NOTATION,     /* nonstandard-notation (reader, or a
	                                  Result tag read leniently) */
	VC_F_RESULT_IN_VARIATION,      /* result-in-variation */
	VC_F_BAD_NAG,                  /* bad-nag */
	VC_F_LIMIT_RAW,                /* limit-raw */

	/* The input layer (an input that cannot be read at all) */
	VC_F_CANNOT_OPEN,              /* cannot-open */
	VC_F_CORRUPT,                  /* corrupt */
	VC_F_UNSUPPORTED,              /* unsupported */
	VC_F_LIMIT_EXCEEDED,           /* limit-exceeded */
	VC_F_LIMIT_LINE,               /* limit-line: an EPD line too long */

	/* Set-up: variant, tags, start position */
	VC_F_UNKNOWN_VARIANT,          /* unknown-variant */
	VC_F_UNSUPPORTED_VARIANT,      /* unsupported-variant */
	VC_F_VARIANT_TAG_OVERRIDDEN,   /* variant-tag-overridden (warning): the
	                                  Variant tag names another variant than
	                                  the one asked for (--variant), which
	                                  is used */
	VC_F_DUPLICATE_TAG,            /* duplicate-tag (warning) */
	VC_F_SETUP_WITHOUT_FEN,        /* setup-without-fen (warning) */
	VC_F_FEN_WITHOUT_SETUP,        /* fen-without-setup (warning) */
	VC_F_FEN_TRAILING_TEXT,        /* fen-trailing-text (warning) */
	/* FEN errors, in the order of enum vc_fen_status */
	VC_F_FEN_SYNTAX,               /* fen-syntax */
	VC_F_FEN_BAD_BOARD,            /* fen-bad-board */
	VC_F_FEN_NO_KING,              /* fen-no-king */
	VC_F_FEN_TOO_MANY_KINGS,       /* fen-too-many-kings */
	VC_F_FEN_PAWN_ON_BACK_RANK,    /* fen-pawn-on-back-rank */
	VC_F_FEN_OPPONENT_IN_CHECK,    /* fen-opponent-in-check */
	VC_F_FEN_TOO_MANY_PIECES,      /* fen-too-many-pieces */
	VC_F_FEN_BAD_SIDE,             /* fen-bad-side */
	VC_F_FEN_BAD_CASTLING,         /* fen-bad-castling */
	VC_F_FEN_BAD_EN_PASSANT,       /* fen-bad-en-passant */
	VC_F_FEN_BAD_CLOCK,            /* fen-bad-clock */
	VC_F_FEN_BAD_VARIANT_POSITION, /* fen-bad-variant-position */
	VC_F_FEN_UNKNOWN_VARIANT,      /* fen-unknown-variant (a caller's error) */
	/* FEN warnings (repairs), in the order of the VC_FENW_* bits */
	VC_F_FEN_EP_IMPOSSIBLE,        /* fen-ep-impossible */
	VC_F_FEN_CASTLING_DROPPED,     /* fen-castling-dropped */
	VC_F_FEN_NO_CLOCKS,            /* fen-no-clocks */
	VC_F_FEN_CHESS960,             /* fen-chess960 */
	VC_F_CASTLING_IGNORED,         /* castling-ignored */

	/* Moves: errors, in the order of enum vc_san_status */
	VC_F_SAN_SYNTAX,               /* san-syntax */
	VC_F_ILLEGAL_MOVE,             /* illegal-move */
	VC_F_AMBIGUOUS_MOVE,           /* ambiguous-move */
	VC_F_NULL_MOVE,                /* null-move */
	VC_F_IMPOSSIBLE_MOVE,          /* impossible-move */
	VC_F_MOVE_AFTER_END,           /* move-after-end */
	/* Move text warnings, in the order of the VC_SANW_* bits */
	VC_F_ZERO_CASTLING,            /* zero-castling */
	VC_F_PROMOTION_FORM,           /* promotion-form */
	VC_F_MISSING_CAPTURE_MARK,     /* missing-capture-mark */
	VC_F_SUPERFLUOUS_CAPTURE_MARK, /* superfluous-capture-mark */
	VC_F_OVER_DISAMBIGUATED,       /* over-disambiguated */
	VC_F_KING_MOVE_CASTLING,       /* king-move-castling */
	VC_F_UCI_MOVE,                 /* uci-move */
	VC_F_CHECK_SUFFIX,             /* check-suffix */
	VC_F_LONG_ALGEBRAIC,           /* long-algebraic */

	/* Results and the end of the game */
	VC_F_MISSING_RESULT_TAG,       /* missing-result-tag (warning) */
	VC_F_BAD_RESULT_TAG,           /* bad-result-tag */
	VC_F_RESULT_MISMATCH,          /* result-mismatch */
	VC_F_UNFINISHED_RESULT,        /* unfinished-result (warning) */
	VC_F_RESULT_CONTRADICTS_BOARD, /* result-contradicts-board */
	VC_F_PLYCOUNT_MISMATCH,        /* plycount-mismatch (warning) */
	VC_F_TOO_MANY_ERRORS,          /* too-many-errors: more errors than a
	                                  record stores (adjudicate's verdict) */

	/* Undo Chess (vchess-undo(5), vchess-rules(7) section 4) */
	VC_F_BAD_TOKENS_TAG,           /* bad-tokens-tag */
	VC_F_TAKEBACK_WITHOUT_TOKEN,   /* takeback-without-token */
	VC_F_TAKEBACK_TOO_EARLY,       /* takeback-too-early */
	VC_F_TAKEBACK_AFTER_END,       /* takeback-after-end */
	VC_F_MOVE_WHILE_PENDING,       /* move-while-pending */
	VC_F_CLOCK_GIVEN_BACK,         /* clock-given-back */
	VC_F_TAKEBACK_WRONG_VARIANT,   /* takeback-wrong-variant */
	VC_F_TAKEBACK_IN_VARIATION,    /* takeback-in-variation */
	VC_F_TOKEN_CONSERVATION,       /* token-conservation (internal error) */
	VC_F_AWAITING_DECISION,        /* awaiting-decision (warning) */

	/* Dead positions and time forfeits (vchess-rules(7) section 2) */
	VC_F_MOVE_AFTER_DRAW,          /* move-after-draw (warning): a move after
	                                  a draw players overlook (dead position,
	                                  fivefold, 75 moves), validate
	                                  --after-end warn */
	VC_F_UNWINNABILITY_UNDETERMINED, /* unwinnability-undetermined (warning):
	                                  the time-forfeit search ran out of its
	                                  budget; the loss stands */

	/* The library's own callers */
	VC_F_INVALID_ARGUMENT,         /* invalid-argument: an argument outside
	                                  its function's contract (an unknown
	                                  variant or rule set in options) */

	/* Lenient forms other tools accept (warnings), added after the
	 * blocks above (the numbers of those stay) */
	VC_F_FEN_CASTLING_ORDER,       /* fen-castling-order: castling letters
	                                  out of order or repeated (VC_FENW_
	                                  CASTLING_ORDER) */
	VC_F_LOWERCASE_CASTLING,       /* lowercase-castling: o-o, o-o-o
	                                  (VC_SANW_LOWERCASE_CASTLING) */
	VC_F_SUPERFLUOUS_EP_MARK,      /* superfluous-ep-mark: e.p. on a move
	                                  that is no en-passant capture
	                                  (VC_SANW_EP_MARK) */

	/* The set of games (vchess-validate(1) --duplicates) */
	VC_F_DUPLICATE_OF,             /* duplicate-of (warning): the game's
	                                  variant, start position and main line
	                                  are an earlier game's; said by the
	                                  command, not the checker (no rule of
	                                  the record) */
	/* The input layer's warning (vchess-validate(1) CODES) */
	VC_F_EMPTY_INPUT,              /* empty-input (warning): an input that
	                                  holds no game and no position */

	VC_F_COUNT                     /* number of codes, not a code */
};

/* The stable kebab-case word of a code ("illegal-move"); "unknown" for a
 * value that is no code (VC_F_COUNT or beyond, negative). Static storage. */
const char *vc_code_word(enum vc_code code);

/* The code whose word is `word` (NUL-terminated), or VC_F_COUNT when no
 * code has it. vc_code_from_word(vc_code_word(c)) == c for every code. */
enum vc_code vc_code_from_word(const char *word);

/* Severity: true for errors (the game or input is invalid), false for
 * warnings, VC_F_OK and values that are no code. */
bool vc_code_is_error(enum vc_code code);

/* A short generic description of the code ("illegal move"), for messages
 * and bindings (like strerror). "unknown finding" for a value that is no
 * code. Static storage. */
const char *vc_strerror(enum vc_code code);

/* The codes of the lower layers' own status values: a FEN status
 * (VC_FEN_*, position.h), a FEN warning bit (one VC_FENW_* bit), a move
 * status (VC_SAN_*, san.h) and a move warning bit (one VC_SANW_* bit).
 * VC_F_OK for VC_FEN_OK / VC_SAN_OK / a bit that is no warning. */
enum vc_code vc_code_of_fen_status(int fen_status);
enum vc_code vc_code_of_fen_warning(unsigned bit);
enum vc_code vc_code_of_san_status(int san_status);
enum vc_code vc_code_of_san_warning(unsigned bit);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
