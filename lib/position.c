/* vchess - board editing, Zobrist keys, attack queries, start positions. */
#include <pthread.h>
#include <string.h>

#include "position.h"
#include "internal.h"
#include "variant.h"

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

void vc_chess960_startpos(struct vc_position *pos, int n, int variant)
{
	/* Scharnagl numbering: bishops, queen, knights (KRN table), then R K R
	 * in the remaining squares. */
	static const int krn[10][2] = { { 0, 1 }, { 0, 2 }, { 0, 3 }, { 0, 4 }, { 1, 2 },
	                                { 1, 3 }, { 1, 4 }, { 2, 3 }, { 2, 4 }, { 3, 4 } };
	int back[8] = { 0 };
	vc_init();
	clear_position(pos, variant);
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
		if (back[f] == VC_ROOK && variant != VC_ANTICHESS)
			pos->castle |= VC_BIT(VC_SQ(f, 0)) | VC_BIT(VC_SQ(f, 7));
	}
	pos->key = vc_compute_key(pos);
}

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
		startpos_from_fen(&start_cache[v], v);
}

void vc_startpos(struct vc_position *pos, int variant)
{
	if ((unsigned)variant >= VC_NVARIANTS) {
		startpos_from_fen(pos, variant);
		return;
	}
	pthread_once(&start_once, init_starts);
	*pos = start_cache[variant];
}
