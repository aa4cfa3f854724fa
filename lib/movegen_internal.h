/* vchess - movegen helpers shared inside the library (not installed). */
#ifndef VC_MOVEGEN_INTERNAL_H
#define VC_MOVEGEN_INTERNAL_H

#include "position.h"

/* Keep pos->ep only if the side to move has a legal en-passant capture on
 * it (RULES.md Terms: en passant counts for repetition only when legal);
 * updates pos->key when it clears the square. */
void vc_ep_fixup(struct vc_position *pos);

/* Legal chess moves (standard, Chess960, Undo) of pieces of `piece_type`
 * (and the king's) to the squares of `dest` only, castling excluded: what
 * SAN resolution needs (lib/movegen.c). */
int vc_gen_legal_chess_to(const struct vc_position *pos, vc_bb dest, int piece_type,
                          vc_move *out);

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
