/* vchess - core types shared by every module of the rules library.
 *
 * Squares: 0..63, a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63.
 * VC_NO_SQ (64) means "no square".
 * Pieces: a piece code is (colour << 3) | type; 0 is an empty square.
 */
#ifndef VC_TYPES_H
#define VC_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

typedef uint64_t vc_bb;   /* bitboard: bit n set = square n */
typedef uint32_t vc_move; /* see the bit layout below */

enum vc_color { VC_WHITE = 0, VC_BLACK = 1 };

enum vc_ptype {
	VC_NOPIECE = 0,
	VC_PAWN = 1,
	VC_KNIGHT = 2,
	VC_BISHOP = 3,
	VC_ROOK = 4,
	VC_QUEEN = 5,
	VC_KING = 6
};

#define VC_PIECE(color, type) ((uint8_t)(((color) << 3) | (type)))
#define VC_PIECE_COLOR(p) ((int)((p) >> 3))
#define VC_PIECE_TYPE(p) ((int)((p) & 7))
#define VC_SQ(file, rank) ((rank) * 8 + (file))
#define VC_FILE(sq) ((sq) & 7)
#define VC_RANK(sq) ((sq) >> 3)
#define VC_NO_SQ 64
#define VC_BIT(sq) ((vc_bb)1 << (sq))

/* Variants. The numeric values are fixed for a soname only (vchess.h, ABI
 * rule): store names (struct vc_variant's name), not numbers. */
enum vc_variant_id {
	VC_STANDARD = 0,
	VC_CHESS960 = 1,
	VC_ANTICHESS = 2,
	VC_UNDO = 3,
	VC_BACKWARDS = 4,
	VC_NVARIANTS = 5
};

/* ---- Moves -------------------------------------------------------------
 * A vc_move is 32 bits:
 *   bits  0-5   from square
 *   bits  6-11  to square
 *   bits 12-14  promotion piece type (VC_KNIGHT..VC_KING) or 0; in
 *               Backwards Stalemate Chess an unpromotion has VC_PAWN here
 *               (the piece becomes a pawn) together with VC_MF_UNPROMO
 *   bits 15-18  created piece code (colour << 3 | type) or 0: the piece an
 *               uncapture places on the from square (Backwards only)
 *   bit  19     VC_MF_CASTLE: castling, encoded king square -> castling
 *               rook square (Chess960 convention, used for standard too)
 *   bit  20     VC_MF_EP: en-passant capture
 *   bit  21     VC_MF_UNPROMO: unpromotion (Backwards)
 *   bit  22     VC_MF_RETRO: a retro move (Backwards)
 * The captured piece is not in the move: a move parsed from text equals the
 * generated one. VC_MOVE_NONE (0) is never a legal move (from == to).
 */
#define VC_MOVE_NONE ((vc_move)0)
#define VC_MF_CASTLE (1u << 19)
#define VC_MF_EP (1u << 20)
#define VC_MF_UNPROMO (1u << 21)
#define VC_MF_RETRO (1u << 22)

#define VC_MOVE(from, to) ((vc_move)((unsigned)(from) | ((unsigned)(to) << 6)))
#define VC_MOVE_PROMO(from, to, pt) (VC_MOVE(from, to) | ((vc_move)(pt) << 12))
#define VC_MOVE_FROM(m) ((int)((m) & 63))
#define VC_MOVE_TO(m) ((int)(((m) >> 6) & 63))
#define VC_MOVE_PROMOTION(m) ((int)(((m) >> 12) & 7))
#define VC_MOVE_CREATED(m) ((int)(((m) >> 15) & 15))
#define VC_MOVE_WITH_CREATED(m, piece) ((m) | ((vc_move)(piece) << 15))

/* Move lists: every generator writes at most VC_MAX_MOVES moves. Retro
 * positions (Backwards Stalemate Chess) have several hundred. */
#define VC_MAX_MOVES 1024

struct vc_movelist {
	int count;
	vc_move moves[VC_MAX_MOVES];
};

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
