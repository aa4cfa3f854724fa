/* vchess - positions: bitboards, FEN/X-FEN/Shredder-FEN read and write,
 * position validation, Zobrist keys, attacks, make move.
 *
 * Rules: vchess-rules(7) sections 1-2 (FEN, validation), 3 (antichess
 * castling field), 5 (backwards start positions).
 */
#ifndef VC_POSITION_H
#define VC_POSITION_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* A position. Plain value type: copy it with '=' (copy-make). Its
 * invariants, which every position the library makes keeps and a
 * position written by hand must keep: board[] and the bitboards agree
 * (each square's piece in exactly one by_color and one by_type), side is
 * VC_WHITE or VC_BLACK, ep is VC_NO_SQ or a square of rank 3/6, castle
 * holds only squares of the side's own rooks, variant is a registered id,
 * key is vc_compute_key of the rest (DEBUG=1 builds check them after every
 * make). */
struct vc_position {
	vc_bb by_color[2];    /* all pieces of each colour */
	vc_bb by_type[7];     /* [VC_PAWN..VC_KING], both colours; [0] unused */
	uint8_t board[64];    /* piece code per square, 0 = empty */
	uint8_t side;         /* enum vc_color: side to move */
	uint8_t ep;           /* en-passant target square, or VC_NO_SQ. Set only
	                         when a legal en-passant capture exists (so it
	                         can go into repetition keys and FEN output) */
	uint8_t variant;      /* enum vc_variant_id */
	uint8_t pad_;
	vc_bb castle;         /* squares of the rooks that keep a castling right */
	uint32_t halfmove;    /* halfmove clock (plies since capture/pawn move;
	                         Backwards: since creation/unpromotion/pawn move) */
	uint32_t fullmove;    /* fullmove number, from 1 */
	uint64_t key;         /* Zobrist key: placement, side, castling rights,
	                         en-passant square (only when set, i.e. legal) */
};

/* Attack tables must be ready before any other call: vc_init() is
 * idempotent and thread-safe; every public entry that needs the tables
 * calls it, so callers normally need not. */
void vc_init(void);

/* ---- Attacks ------------------------------------------------------------
 * Lookups in tables that vc_init() writes once (lib/attacks.c; the tables
 * are the library's own, no part of the ABI). Squares are 0..63 and
 * colours VC_WHITE/VC_BLACK: a lookup given anything else returns 0. */
/* Squares a knight / king on `sq` attacks. */
vc_bb vc_knight_attacks(int sq);
vc_bb vc_king_attacks(int sq);
/* Squares a pawn of colour `color` on `sq` attacks (captures towards). */
vc_bb vc_pawn_attacks(int color, int sq);
/* Squares a bishop / rook on `sq` attacks given the occupied squares
 * (sliders stop on the first occupied square, which they attack). */
vc_bb vc_bishop_attacks(int sq, vc_bb occupied);
vc_bb vc_rook_attacks(int sq, vc_bb occupied);
/* Pieces of colour `by` attacking square `sq` given occupancy `occ`;
 * 0 for a square outside 0..63 or a colour other than VC_WHITE/VC_BLACK. */
vc_bb vc_attackers(const struct vc_position *pos, int sq, int by, vc_bb occ);
/* Squares strictly between a and b on a line (empty if not aligned). */
vc_bb vc_between(int a, int b);
/* The full line through a and b (0 if not aligned). */
vc_bb vc_line(int a, int b);

static inline int vc_lsb(vc_bb b) { return __builtin_ctzll(b); }
static inline int vc_popcount(vc_bb b)
{
#ifdef __POPCNT__
	return __builtin_popcountll(b);
#else
	/* without the popcnt instruction gcc calls a slow library routine */
	b = b - ((b >> 1) & 0x5555555555555555ull);
	b = (b & 0x3333333333333333ull) + ((b >> 2) & 0x3333333333333333ull);
	b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0Full;
	return (int)((b * 0x0101010101010101ull) >> 56);
#endif
}
static inline vc_bb vc_pieces(const struct vc_position *p, int color, int type)
{
	return p->by_color[color] & p->by_type[type];
}
static inline vc_bb vc_occupied(const struct vc_position *p)
{
	return p->by_color[0] | p->by_color[1];
}

/* ---- Board editing (used by FEN parsing, retro moves, tests) ---------
 * Unchecked, like vc_make_move (the retro make calls them on every ply):
 * sq is 0..63, pc a piece code VC_PIECE(VC_WHITE or VC_BLACK, VC_PAWN ..
 * VC_KING); anything else is undefined. An edited position is for the
 * checked calls (vc_legal_moves, vc_play, ...) only once it is valid:
 * vc_fen_write and vc_fen_parse validate it. */
/* Put piece code `pc` on empty square `sq`; updates bitboards and key. */
void vc_put_piece(struct vc_position *pos, int sq, int pc);
/* Remove the piece on `sq` (must be occupied); updates bitboards and key. */
void vc_remove_piece(struct vc_position *pos, int sq);
/* Recompute pos->key from scratch (placement, side, castling, ep). */
uint64_t vc_compute_key(const struct vc_position *pos);
/* Zobrist key part for piece code `pc` (0..15) on `sq` (for incremental
 * updates), for the side to move being Black, for the castling right of
 * the rook on `sq`, for an en-passant square on `file` (0..7); 0 for an
 * argument out of range. Fixed within one library build only: never
 * store them. */
uint64_t vc_zobrist_piece(int pc, int sq);
uint64_t vc_zobrist_side(void);
uint64_t vc_zobrist_castle(int sq);
uint64_t vc_zobrist_ep(int file);

/* Is `color`'s king attacked? (false if `color` has no king, or is not
 * VC_WHITE/VC_BLACK) */
bool vc_in_check(const struct vc_position *pos, int color);
/* Is square `sq` attacked by `by` with the current occupancy? false for a
 * square outside 0..63 or a colour other than VC_WHITE/VC_BLACK. */
bool vc_square_attacked(const struct vc_position *pos, int sq, int by);

/* ---- FEN ---------------------------------------------------------------
 * Findings of FEN parsing and position validation. Errors make the
 * position unusable; warnings are repairs (the position was fixed). */
enum vc_fen_status {
	VC_FEN_OK = 0,
	/* errors */
	VC_FEN_SYNTAX,            /* not a FEN at all / malformed field */
	VC_FEN_BAD_BOARD,         /* board field: bad rank count, bad char */
	VC_FEN_NO_KING,           /* a side without a king (non-antichess) */
	VC_FEN_TOO_MANY_KINGS,    /* a side with two or more kings */
	VC_FEN_PAWN_ON_BACK_RANK, /* pawn on rank 1 or 8 */
	VC_FEN_OPPONENT_IN_CHECK, /* the side not to move is in check */
	VC_FEN_TOO_MANY_PIECES,   /* more than 16 units or 8 pawns a side */
	VC_FEN_BAD_SIDE,          /* side field not w/b */
	VC_FEN_BAD_CASTLING,      /* castling field unreadable */
	VC_FEN_BAD_EP,            /* en-passant field unreadable */
	VC_FEN_BAD_CLOCK,         /* halfmove/fullmove not numbers */
	VC_FEN_BAD_VARIANT_POSITION, /* variant-specific invalidity (backwards:
	                              reserve, pawn file rule, both in check) */
	VC_FEN_UNKNOWN_VARIANT,   /* the variant id names no variant (a caller's
	                             error: nothing was read) */
	VC_FEN_NERRORS
};

/* Warning bits (repairs), or-ed into vc_fen_result.warnings. */
#define VC_FENW_EP_IMPOSSIBLE   (1u << 0) /* ep square no double push made: dropped */
#define VC_FENW_CASTLING_DROPPED (1u << 1) /* right without king+rook: dropped */
#define VC_FENW_NO_CLOCKS       (1u << 2) /* missing halfmove/fullmove */
#define VC_FENW_CHESS960        (1u << 3) /* standard requested, castling needs 960 */
#define VC_FENW_CASTLING_IGNORED (1u << 4) /* antichess/backwards: rights ignored */
#define VC_FENW_CASTLING_ORDER  (1u << 5) /* castling letters out of order or
                                             repeated (kqKQ, KKq): read */

struct vc_fen_result {
	enum vc_fen_status status;
	unsigned warnings;    /* VC_FENW_* bits */
	int column;           /* 1-based column in the FEN text of the error */
	const char *rest;     /* after parsing: first char after the FEN fields
	                         (EPD operations start here) */
};

/* Parse `fen` (4 to 6 fields; X-FEN or Shredder-FEN castling) for variant
 * `variant` into *pos. Trailing text after the fields is left for the
 * caller in res->rest (EPD operations). Validation per vchess-rules(7) section 2
 * (and the variant's own rules). In a variant with a castling960 relation
 * (standard chess), a castling field that only makes sense in Chess960
 * switches pos->variant to that variant (Chess960) with warning
 * VC_FENW_CHESS960. An id that names no variant is the error
 * VC_FEN_UNKNOWN_VARIANT (column 1). res may be NULL. Returns res->status;
 * *pos is valid only if VC_FEN_OK. */
enum vc_fen_status vc_fen_parse(struct vc_position *pos, const char *fen,
                                int variant, struct vc_fen_result *res);

/* Write FEN into buf (size >= VC_FEN_MAX). shredder=false: X-FEN (KQkq, a
 * file letter only for an inner rook); true: Shredder-FEN (rook files).
 * The en-passant square is written only when a legal capture exists.
 * Returns buf. */
#define VC_FEN_MAX 128
char *vc_fen_write(const struct vc_position *pos, char *buf, bool shredder);

/* Stable message for a FEN status ("no king", ...) and its kebab-case code
 * ("fen-no-king", ...). */
const char *vc_fen_strerror(enum vc_fen_status st);
const char *vc_fen_code(enum vc_fen_status st);

/* Start position of a variant (standard array; Backwards two bare kings).
 * Returns 0, or -1 when `variant` names no variant (then *pos is cleared:
 * no position). */
int vc_startpos(struct vc_position *pos, int variant);

/* Chess960 start position by Scharnagl number 0..959 (518 = normal; a
 * number out of range gives 518), in variant `variant` (castling rights on
 * both rooks when the variant castles, VC_VF_CASTLING). Returns 0, or -1
 * when `variant` names no variant (*pos cleared). */
int vc_chess960_startpos(struct vc_position *pos, int number, int variant);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
