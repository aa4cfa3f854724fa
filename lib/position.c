/* vchess - board editing, Zobrist keys, attack queries, start positions. */
#include <pthread.h>
#include <string.h>
#ifdef VC_DEBUG
#include <stdio.h>
#include <stdlib.h>
#endif

#include "position.h"
#include "attacks_internal.h"
#include "internal.h"
#include "variant.h"
#include "variant_internal.h"

void vc_put_piece(struct vc_position *pos, int sq, int pc)
{
	vc_bb b = VC_BIT(sq);
	pos->board[sq] = (uint8_t)pc;
	pos->by_color[VC_PIECE_COLOR(pc)] |= b;
	pos->by_type[VC_PIECE_TYPE(pc)] |= b;
	pos->key ^= vc_zob_piece_[pc][sq];
}

void vc_remove_piece(struct vc_position *pos, int sq)
{
	int pc = pos->board[sq];
	vc_bb b = VC_BIT(sq);
	pos->board[sq] = 0;
	pos->by_color[VC_PIECE_COLOR(pc)] &= ~b;
	pos->by_type[VC_PIECE_TYPE(pc)] &= ~b;
	pos->key ^= vc_zob_piece_[pc][sq];
}

uint64_t vc_compute_key(const struct vc_position *pos)
{
	uint64_t k = 0;
	for (int sq = 0; sq < 64; sq++)
		if (pos->board[sq])
			k ^= vc_zob_piece_[pos->board[sq]][sq];
	if (pos->side == VC_BLACK)
		k ^= vc_zob_side_;
	for (vc_bb c = pos->castle; c; c &= c - 1)
		k ^= vc_zob_castle_[vc_lsb(c)];
	if (pos->ep != VC_NO_SQ)
		k ^= vc_zob_ep_[VC_FILE(pos->ep)];
	return k;
}

vc_bb vc_attackers(const struct vc_position *pos, int sq, int by, vc_bb occ)
{
	if ((unsigned)sq > 63 || (unsigned)by > 1)
		return 0; /* outside the contract (one predictable compare) */
	vc_bb them = pos->by_color[by];
	vc_bb diag = pos->by_type[VC_BISHOP] | pos->by_type[VC_QUEEN];
	vc_bb orth = pos->by_type[VC_ROOK] | pos->by_type[VC_QUEEN];
	return them & ((vc_pawn_attacks(!by, sq) & pos->by_type[VC_PAWN]) |
	               (vc_knight_attacks(sq) & pos->by_type[VC_KNIGHT]) |
	               (vc_king_attacks(sq) & pos->by_type[VC_KING]) |
	               (vc_bishop_attacks(sq, occ) & diag) |
	               (vc_rook_attacks(sq, occ) & orth));
}

bool vc_square_attacked(const struct vc_position *pos, int sq, int by)
{
	if ((unsigned)sq > 63 || (unsigned)by > 1)
		return false;
	const vc_bb them = pos->by_color[by];
	if (them & ((vc_pawn_attacks(!by, sq) & pos->by_type[VC_PAWN]) |
	            (vc_knight_attacks(sq) & pos->by_type[VC_KNIGHT]) |
	            (vc_king_attacks(sq) & pos->by_type[VC_KING])))
		return true;
	/* sliders on the square's lines, each tested by the squares between
	 * (a 32 KB table that stays cached when this is called between other
	 * work, where the magic tables miss) */
	const vc_bb occ = vc_occupied(pos);
	vc_bb s = (vc_rook_rays_[sq] & them & (pos->by_type[VC_ROOK] | pos->by_type[VC_QUEEN])) |
	          (vc_bishop_rays_[sq] & them & (pos->by_type[VC_BISHOP] | pos->by_type[VC_QUEEN]));
	for (; s; s &= s - 1)
		if (!(vc_between(vc_lsb(s), sq) & occ))
			return true;
	return false;
}

bool vc_in_check(const struct vc_position *pos, int color)
{
	if ((unsigned)color > 1)
		return false;
	vc_bb k = vc_pieces(pos, color, VC_KING);
	if (!k)
		return false;
	for (; k; k &= k - 1)
		if (vc_square_attacked(pos, vc_lsb(k), !color))
			return true;
	return false;
}

static void clear_position(struct vc_position *pos, int variant)
{
	memset(pos, 0, sizeof *pos);
	pos->ep = VC_NO_SQ;
	pos->variant = (uint8_t)variant;
	pos->fullmove = 1;
}

int vc_chess960_startpos(struct vc_position *pos, int n, int variant)
{
	const struct vc_variant *v = vc_variant_get(variant);
	/* Scharnagl numbering: bishops, queen, knights (KRN table), then R K R
	 * in the remaining squares. */
	static const int krn[10][2] = { { 0, 1 }, { 0, 2 }, { 0, 3 }, { 0, 4 }, { 1, 2 },
	                                { 1, 3 }, { 1, 4 }, { 2, 3 }, { 2, 4 }, { 3, 4 } };
	int back[8] = { 0 };
	vc_init();
	clear_position(pos, variant);
	if (!v) {
		memset(pos, 0, sizeof *pos);
		return -1;
	}
	if (n < 0 || n > 959)
		n = 518;
	int n2 = n / 4, b1 = n % 4;
	back[b1 * 2 + 1] = VC_BISHOP;
	int n3 = n2 / 4, b2 = n2 % 4;
	back[b2 * 2] = VC_BISHOP;
	int n4 = n3 / 6, q = n3 % 6;
	int free_idx[8], nf = 0;
	for (int f = 0; f < 8; f++)
		if (!back[f])
			free_idx[nf++] = f;
	back[free_idx[q]] = VC_QUEEN;
	nf = 0;
	for (int f = 0; f < 8; f++)
		if (!back[f])
			free_idx[nf++] = f;
	back[free_idx[krn[n4][0]]] = VC_KNIGHT;
	back[free_idx[krn[n4][1]]] = VC_KNIGHT;
	static const int rkr[3] = { VC_ROOK, VC_KING, VC_ROOK };
	for (int f = 0, i = 0; f < 8; f++)
		if (!back[f])
			back[f] = rkr[i++];
	for (int f = 0; f < 8; f++) {
		vc_put_piece(pos, VC_SQ(f, 0), VC_PIECE(VC_WHITE, back[f]));
		vc_put_piece(pos, VC_SQ(f, 7), VC_PIECE(VC_BLACK, back[f]));
		vc_put_piece(pos, VC_SQ(f, 1), VC_PIECE(VC_WHITE, VC_PAWN));
		vc_put_piece(pos, VC_SQ(f, 6), VC_PIECE(VC_BLACK, VC_PAWN));
		if (back[f] == VC_ROOK && (v->flags & VC_VF_CASTLING))
			pos->castle |= VC_BIT(VC_SQ(f, 0)) | VC_BIT(VC_SQ(f, 7));
	}
	pos->key = vc_compute_key(pos);
	return 0;
}

/* variant: a registered id */
static void startpos_from_fen(struct vc_position *pos, int variant)
{
	const struct vc_variant *v = vc_variant_get(variant);
	struct vc_fen_result res;
	if (vc_fen_parse(pos, v->start_fen, variant, &res) != VC_FEN_OK)
		vc_chess960_startpos(pos, 518, variant); /* unreachable: start FENs are tested */
}

/* Every game of a file starts here: read from the FENs once. */
static struct vc_position start_cache[VC_NVARIANTS];
static pthread_once_t start_once = PTHREAD_ONCE_INIT;

static void init_starts(void)
{
	for (int v = 0; v < VC_NVARIANTS; v++)
		if (vc_variant_get(v))
			startpos_from_fen(&start_cache[v], v);
}

int vc_startpos(struct vc_position *pos, int variant)
{
	if (!vc_variant_get(variant)) {
		memset(pos, 0, sizeof *pos);
		return -1;
	}
	pthread_once(&start_once, init_starts);
	*pos = start_cache[variant];
	return 0;
}

/* ---- Invariants (variant_internal.h) ---------------------------------- */

int vc_position_check(const struct vc_position *pos, unsigned what, const char **broken)
{
	const char *why = NULL;
	const vc_bb occ = pos->by_color[0] | pos->by_color[1];
	const struct vc_variant *v = vc_variant_get(pos->variant);
	const vc_bb back[2] = { 0xFFull, 0xFFull << 56 };
	if (!v) {
		why = "variant: not a registered id";
	} else if (pos->side > 1) {
		why = "side: neither white nor black";
	} else if (pos->by_color[0] & pos->by_color[1]) {
		why = "bitboards: a square of both colours";
	} else if (pos->by_type[0]) {
		why = "bitboards: by_type[0] (no piece type) not empty";
	} else if (what & (VC_PCHK_BITBOARDS | VC_PCHK_MAILBOX | VC_PCHK_KEY)) {
		vc_bb all = 0;
		int n = 0;
		for (int t = VC_PAWN; t <= VC_KING; t++) {
			all |= pos->by_type[t];
			n += vc_popcount(pos->by_type[t]);
		}
		if (all != occ || n != vc_popcount(occ))
			why = "bitboards: piece types disagree with the colours";
		else if (pos->by_type[VC_PAWN] & (back[0] | back[1]))
			why = "bitboards: a pawn on rank 1 or 8";
	}
	if (!why && (what & VC_PCHK_MAILBOX)) {
		for (int sq = 0; sq < 64 && !why; sq++) {
			int pc = pos->board[sq];
			vc_bb b = VC_BIT(sq);
			if (!pc) {
				if (occ & b)
					why = "mailbox: an occupied square empty on the board";
			} else if ((pc & ~15) || VC_PIECE_TYPE(pc) < VC_PAWN ||
			           VC_PIECE_TYPE(pc) > VC_KING) {
				why = "mailbox: not a piece code";
			} else if (!(pos->by_color[VC_PIECE_COLOR(pc)] & b) ||
			           !(pos->by_type[VC_PIECE_TYPE(pc)] & b)) {
				why = "mailbox: a piece the bitboards do not hold";
			}
		}
	}
	if (!why && (v->flags & VC_VF_ROYAL_KING)) {
		for (int c = 0; c < 2 && !why; c++)
			if (vc_popcount(vc_pieces(pos, c, VC_KING)) != 1)
				why = "kings: not exactly one king per side (royal king variant)";
		if (!why && vc_in_check(pos, !pos->side))
			why = "kings: the side not to move is in check";
	}
	if (!why && pos->castle) {
		if (!(v->flags & VC_VF_CASTLING))
			why = "castling: rights in a variant without castling";
		for (int c = 0; c < 2 && !why; c++) {
			vc_bb rights = pos->castle & back[c];
			vc_bb kings = vc_pieces(pos, c, VC_KING) & back[c];
			if ((rights & ~vc_pieces(pos, c, VC_ROOK)) || (rights && !kings))
				why = "castling: a right without its rook and king on the back rank";
			else if (vc_popcount(rights) > 2)
				why = "castling: more than two rights for a side";
		}
		if (!why && (pos->castle & ~(back[0] | back[1])))
			why = "castling: a right off the back ranks";
	}
	if (!why && pos->ep != VC_NO_SQ) {
		int us = pos->side, ep = pos->ep;
		int pushed = us == VC_WHITE ? ep - 8 : ep + 8, origin = us == VC_WHITE ? ep + 8 : ep - 8;
		if (ep > 63 || VC_RANK(ep) != (us == VC_WHITE ? 5 : 2))
			why = "en passant: square not on the 6th (White to move) or 3rd rank";
		else if ((occ & (VC_BIT(ep) | VC_BIT(origin))) ||
		         !(vc_pieces(pos, !us, VC_PAWN) & VC_BIT(pushed)))
			why = "en passant: no pawn just pushed two squares past it";
		else if ((what & VC_PCHK_KEY) &&
		         !(vc_pawn_attacks(!us, ep) & vc_pieces(pos, us, VC_PAWN)))
			why = "en passant: kept with no pawn to capture";
	}
	if (!why && (what & VC_PCHK_KEY) && pos->key != vc_compute_key(pos))
		why = "key: differs from the key computed from scratch";
	if (broken)
		*broken = why;
	return why ? -1 : 0;
}

#ifdef VC_DEBUG
void vc_debug_check_(const struct vc_position *pos, unsigned what, const char *where)
{
	const char *why;
	if (vc_position_check(pos, what, &why) == 0)
		return;
	fprintf(stderr, "vchess: position invariant broken after %s: %s\n", where, why);
	abort();
}
#endif
