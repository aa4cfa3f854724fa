/* vchess - SAN (Standard Algebraic Notation) read and write.
 *
 * Reading (vchess-rules(7) section 2): strict SAN plus the lenient forms, each
 * reported by a warning bit: 0-0 castling, promotion without '=' (e8Q,
 * e8(Q), e8/Q), missing or superfluous 'x', over-disambiguation, a king
 * move written as castling (Kg1 when O-O is legal), UCI text in movetext,
 * long algebraic notation with a dash (e2-e4, Ng1-f3, as pgn-extract and
 * python-chess read it).
 * Annotations (! ? !! ?? !? ?!) are tolerated silently. Errors are three
 * distinct statuses: syntax (no move at all), illegal, ambiguous.
 * Writing: strict SAN, minimal disambiguation, O-O, '+'/'#' suffixes.
 */
#ifndef VC_SAN_H
#define VC_SAN_H

#include "variant.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

enum vc_san_status {
	VC_SAN_OK = 0,
	VC_SAN_SYNTAX,    /* the text is no move at all ("syntax") */
	VC_SAN_ILLEGAL,   /* a well-formed move that is not legal here */
	VC_SAN_AMBIGUOUS, /* under-disambiguated: several legal moves match */
	VC_SAN_NULL_MOVE, /* "--" or "Z0": a null move, never legal in vchess */
	VC_SAN_IMPOSSIBLE, /* variant move text (Backwards) that is well formed
	                      but no move of any kind has that shape here */
	VC_SAN_UNKNOWN_VARIANT /* the position's variant id names no variant (a
	                          caller's error: nothing was read); its code
	                          is VC_F_INVALID_ARGUMENT */
};

/* Warning bits for lenient forms (vc_san_info.warnings). */
#define VC_SANW_ZERO_CASTLING  (1u << 0) /* 0-0 / 0-0-0 */
#define VC_SANW_PROMOTION_FORM (1u << 1) /* e8Q, e8(Q), e8/Q, e8=q */
#define VC_SANW_MISSING_X      (1u << 2) /* capture without 'x' */
#define VC_SANW_SUPERFLUOUS_X  (1u << 3) /* 'x' on a non-capture */
#define VC_SANW_OVERDISAMBIG   (1u << 4) /* Ngf3 where Nf3 suffices */
#define VC_SANW_KING_CASTLING  (1u << 5) /* Kg1 written for O-O */
#define VC_SANW_UCI            (1u << 6) /* UCI move in movetext */
#define VC_SANW_CHECK_SUFFIX   (1u << 7) /* wrong or missing '+'/'#' (set by
                                            vc_san_check_suffix) */
#define VC_SANW_LONG_ALGEBRAIC (1u << 8) /* e2-e4, Ng1-f3: long algebraic
                                            notation with a dash */
#define VC_SANW_LOWERCASE_CASTLING (1u << 9) /* o-o, o-o-o */
#define VC_SANW_EP_MARK        (1u << 10) /* e.p. / ep glued to a move that is
                                            no en-passant capture */

/* Why a move is illegal (vc_san_illegal_reason); words in
 * vchess-validate(1) FINDINGS, under illegal-move. */
enum vc_illegal_reason {
	VC_ILLEGAL_UNKNOWN = 0,        /* none of the below (no word) */
	VC_ILLEGAL_UNREACHABLE,        /* no piece of that kind can reach the square */
	VC_ILLEGAL_PINNED,             /* the piece is pinned to its king */
	VC_ILLEGAL_KING_IN_CHECK,      /* the king would be (or stay) in check */
	VC_ILLEGAL_NO_CASTLING_RIGHT,  /* castling right gone (or none that way) */
	VC_ILLEGAL_CASTLING_PATH,      /* path blocked, or a square attacked */
	VC_ILLEGAL_CAPTURE_COMPULSORY, /* a capture is due (antichess) */
	VC_ILLEGAL_WRONG_SIDE          /* a move of the side not to move */
};

/* Why the move `text` (len bytes; SAN, the lenient forms vc_san_parse
 * reads, or UCI) is illegal in pos, for a move vc_san_parse found
 * VC_SAN_ILLEGAL. Generates moves only when the piece can go there and is
 * safe (for the capture rule): call it off the per-ply path, once a move
 * is refused. VC_ILLEGAL_UNKNOWN when none applies, for variants with
 * their own move text (retro moves) and an unknown variant id. Rules:
 * vchess-rules(7) section 2. */
enum vc_illegal_reason vc_san_illegal_reason(const struct vc_position *pos, const char *text,
                                             size_t len);

/* The stable word of a reason ("pinned"), NULL for VC_ILLEGAL_UNKNOWN and
 * values that are no reason. Static storage. */
const char *vc_illegal_reason_word(enum vc_illegal_reason reason);

/* Check-suffix found in the text. */
enum vc_san_suffix { VC_SUFFIX_NONE = 0, VC_SUFFIX_CHECK, VC_SUFFIX_MATE };

struct vc_san_info {
	vc_move move;              /* the legal move, when status is OK */
	unsigned warnings;         /* VC_SANW_* */
	enum vc_san_suffix suffix; /* '+', '#' or none as written */
};

/* Parse `text` (len bytes, need not be NUL-terminated) as a move of `pos`.
 * `legal`/`nlegal` are pos's legal moves (from vc_legal_moves), passed in so
 * callers that already have them do not generate twice; NULL = generate.
 * On VC_SAN_OK, info->move is the legal move. The check suffix is recorded,
 * not judged: call vc_san_check_suffix after making the move.
 * VC_SAN_UNKNOWN_VARIANT (info cleared) when pos's variant id names no
 * variant. */
enum vc_san_status vc_san_parse(const struct vc_position *pos, const vc_move *legal,
                                int nlegal, const char *text, size_t len,
                                struct vc_san_info *info);

/* After the move: compare the written suffix with the position reached
 * (`after`, with `after_nlegal` legal moves: 0 for none, else any positive
 * lower bound; negative when not known, and then worked out here only if
 * the side to move is in check, the one case that needs it). Returns
 * VC_SANW_CHECK_SUFFIX when wrong or missing, else 0. Variants without
 * check (antichess, backwards) never warn, nor does a position whose
 * variant id names no variant. */
unsigned vc_san_check_suffix(const struct vc_position *after, int after_nlegal,
                             enum vc_san_suffix written);

/* Strict SAN of legal move m in pos into buf (>= VC_SAN_MAX bytes), with
 * '+'/'#'. Returns buf; NULL with buf set to "" when pos's variant id names
 * no variant. */
#define VC_SAN_MAX 16
char *vc_san_write(const struct vc_position *pos, vc_move m, char *buf);

/* Stable kebab-case codes and messages for statuses and warning bits. */
const char *vc_san_code(enum vc_san_status st);
const char *vc_san_warning_code(unsigned bit);
const char *vc_san_warning_message(unsigned bit);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
