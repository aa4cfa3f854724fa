/* vchess tests - a deliberately simple second move generator for Backwards
 * Stalemate Chess, written straight from RULES.md section 5 on a plain 8x8
 * array of FEN letters. It shares no code with lib/variant_backwards.c:
 * no bitboards, no attack tables, no vc_move. Candidate moves are every
 * (piece, empty square, created letter) whose geometry fits a move kind; a
 * candidate is legal if the board after it satisfies every invariant,
 * checked from scratch. Slow on purpose; used to check the fast generator
 * by agreement (tests/test_backwards.c).
 */
#ifndef VC_TESTS_BACKWARDS_REF_H
#define VC_TESTS_BACKWARDS_REF_H

#include <stdbool.h>
#include <stdint.h>

#include "position.h"

/* sq[rank][file], rank 0 = rank 1; FEN letters, '.' = empty. */
struct bref_pos {
	char sq[8][8];
	int side;          /* 0 White, 1 Black to move */
	unsigned halfmove; /* plies with no creation, no unpromotion, no pawn move */
};

/* One move: the piece `moved` on (from_rank, from_file) goes to (to_rank,
 * to_file); `created` (a FEN letter, or 0) appears where it stood;
 * `unpromo`: it arrives as a pawn of its colour. */
struct bref_move {
	int from_rank, from_file, to_rank, to_file;
	char moved, created;
	bool unpromo;
};

#define BREF_MAX_MOVES 4096

/* Copy the placement, side and halfmove clock of a position read by
 * vc_fen_parse (the only code shared with the library). */
void bref_from_position(struct bref_pos *rp, const struct vc_position *pos);

/* All legal moves into out (room for BREF_MAX_MOVES); returns the count. */
int bref_gen(const struct bref_pos *rp, struct bref_move *out);

/* Apply a move returned by bref_gen. */
void bref_make(struct bref_pos *rp, const struct bref_move *m);

/* Leaf count at depth (depth 0 = 1). */
uint64_t bref_perft(const struct bref_pos *rp, int depth);

/* All 16 pieces of colour c (0 White) on their starting squares? */
bool bref_goal(const struct bref_pos *rp, int c);

/* The board field of the FEN (buf >= 72). */
char *bref_placement(const struct bref_pos *rp, char *buf);

#endif
