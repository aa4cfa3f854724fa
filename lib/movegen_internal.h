/* vchess - movegen helpers shared inside the library (not installed). */
#ifndef VC_MOVEGEN_INTERNAL_H
#define VC_MOVEGEN_INTERNAL_H

#include "position.h"
#include "variant_internal.h"

/* Keep pos->ep only if the side to move has a legal en-passant capture on
 * it (vchess-rules(7): en passant counts for repetition only when legal);
 * updates pos->key when it clears the square. */
void vc_ep_fixup(struct vc_position *pos);

/* The legal king moves and castling moves (VC_MF_CASTLE) of the side to
 * move in the chess variants (standard, Chess960, Undo), into `out` (room
 * for VC_MAX_MOVES); returns their number. What "O-O" needs. */
int vc_gen_castling_chess(const struct vc_position *pos, vc_move *out);

/* Legal chess moves (standard, Chess960, Undo) of the side to move's
 * pieces of `piece_type` (VC_PAWN..VC_KING) to square `to` (0..63), castling
 * excluded: what SAN resolution needs. The candidates are found backwards
 * from `to` and each is tested for leaving its king attacked, so the cost
 * does not grow with the number of pieces. Writes the moves to `out` (room
 * for VC_MAX_MOVES) in square order of their origin, promotions as Q, R,
 * B, N; returns their number. pos must hold a king of the side to move
 * (else 0). Agrees with vc_gen_legal_chess filtered the same way
 * (tests/test_movegen.c checks it on every position of the perft suites). */
int vc_gen_legal_chess_to(const struct vc_position *pos, int to, int piece_type,
                          vc_move *out);

/* What vc_play_san_chess found. */
struct vc_san_play {
	vc_move move;      /* the move played */
	unsigned warnings; /* VC_SANW_* (san.h): the capture mark and the check
	                      suffix (VC_SANW_CHECK_SUFFIX), as vc_san_parse and
	                      vc_san_check_suffix give them */
	int nlegal_after;  /* the position after: 0 no legal move, 1 some
	                      (known only when it is in check), -1 not in
	                      check (its moves not known) */
};

/* Reads SAN text t[0..len) of the forms that make up nearly every move of
 * a game record in the chess variants (standard, Chess960, Undo: pos's
 * variant must generate with vc_gen_legal_chess and make with
 * vc_make_chess): Nf3, Nxf3, e4, exd5, each with at most a '+' or '#'.
 * When the text is one of them and names exactly one legal move, plays it
 * from pos into *after (pos itself unchanged), fills *out and returns 1.
 * Returns 0 otherwise (other forms, ambiguity, illegal moves, pawn moves to
 * the last rank, en passant), with *after undefined: the general parser
 * (vc_san_parse) then decides, and its answer is always the same as this
 * one where this one answers (tests/test_san.c and the fuzz_san harness
 * compare them). pos must be legal: the side not to move is not in check
 * (as vc_fen_parse and legal moves leave it), which the check suffix's
 * test relies on. vchess-rules(7) section 2 (SAN, check suffix). */
int vc_play_san_chess(const struct vc_position *pos, struct vc_position *after,
                      const char *t, size_t len, struct vc_san_play *out);
/* vc_play_san_chess for a pos whose side to move is known not to be in
 * check (a vc_san_play's nlegal_after of -1 for the move that led to it):
 * the same answers, the pin test reduced to the king's line through the
 * moving piece (tests/test_san.c compares the two). */
int vc_play_san_chess_unchecked(const struct vc_position *pos, struct vc_position *after,
                                const char *t, size_t len, struct vc_san_play *out);

/* Pseudo-legal-free antichess generator (lib/movegen.c). */
int vc_gen_legal_antichess(const struct vc_position *pos, vc_move *out);
int vc_count_legal_antichess(const struct vc_position *pos);
void vc_make_antichess(struct vc_position *pos, vc_move m);

/* Squares the king and rook end on when castling with the rook on rsq. */
static inline int vc_castle_king_to(int ksq, int rsq)
{
	return VC_SQ(rsq > ksq ? 6 : 2, VC_RANK(ksq));
}
static inline int vc_castle_rook_to(int ksq, int rsq)
{
	return VC_SQ(rsq > ksq ? 5 : 3, VC_RANK(ksq));
}

#endif
