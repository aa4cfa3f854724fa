/* vchess - attack tables: leapers by table, sliders by magic bitboards.
 *
 * The tables are filled once by vc_init() (pthread_once) and only read
 * afterwards. Magic factors are searched at start-up with a fixed-seed
 * generator (a few milliseconds), so the build needs no generated sources.
 */
#include <pthread.h>
#include <string.h>

#include "position.h"
#include "internal.h"

struct magic {
	vc_bb mask;
	vc_bb magic;
	vc_bb *table;
	unsigned shift;
};

static vc_bb knight_tab[64], king_tab[64], pawn_tab[2][64];
static vc_bb between_tab[64][64], line_tab[64][64];
static struct magic rook_magic[64], bishop_magic[64];
static vc_bb rook_table[102400];
static vc_bb bishop_table[5248];
uint64_t vc_zob_piece_[16][64];
uint64_t vc_zob_castle_[64];
uint64_t vc_zob_ep_[8];
uint64_t vc_zob_side_;

static pthread_once_t init_once = PTHREAD_ONCE_INIT;

static uint64_t splitmix(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/* Slider attacks by walking rays; used to build the magic tables. */
static vc_bb slide(int sq, vc_bb occ, const int (*dirs)[2])
{
	vc_bb att = 0;
	for (int d = 0; d < 4; d++) {
		int f = VC_FILE(sq), r = VC_RANK(sq);
		for (;;) {
			f += dirs[d][0];
			r += dirs[d][1];
			if (f < 0 || f > 7 || r < 0 || r > 7)
				break;
			att |= VC_BIT(VC_SQ(f, r));
			if (occ & VC_BIT(VC_SQ(f, r)))
				break;
		}
	}
	return att;
}

static const int rook_dirs[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
static const int bishop_dirs[4][2] = { { 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 } };

static vc_bb relevant_mask(int sq, const int (*dirs)[2])
{
	vc_bb m = 0;
	for (int d = 0; d < 4; d++) {
		int f = VC_FILE(sq) + dirs[d][0], r = VC_RANK(sq) + dirs[d][1];
		while (f + dirs[d][0] >= 0 && f + dirs[d][0] <= 7 &&
		       r + dirs[d][1] >= 0 && r + dirs[d][1] <= 7 &&
		       f >= 0 && f <= 7 && r >= 0 && r <= 7) {
			m |= VC_BIT(VC_SQ(f, r));
			f += dirs[d][0];
			r += dirs[d][1];
		}
	}
	return m;
}

static void init_magics(struct magic *mg, vc_bb *table, const int (*dirs)[2],
                        uint64_t *seed)
{
	static vc_bb occs[4096], atts[4096];
	static unsigned epoch[4096];
	unsigned cur = 0;
	vc_bb *next = table;
	memset(epoch, 0, sizeof epoch);
	for (int sq = 0; sq < 64; sq++) {
		struct magic *m = &mg[sq];
		m->mask = relevant_mask(sq, dirs);
		int bits = vc_popcount(m->mask);
		m->shift = 64 - (unsigned)bits;
		m->table = next;
		int n = 0;
		vc_bb sub = 0;
		do { /* Carry-Rippler enumeration of all subsets of the mask */
			occs[n] = sub;
			atts[n] = slide(sq, sub, dirs);
			n++;
			sub = (sub - m->mask) & m->mask;
		} while (sub);
		for (;;) {
			vc_bb cand;
			do {
				cand = splitmix(seed) & splitmix(seed) & splitmix(seed);
			} while (vc_popcount((m->mask * cand) >> 56) < 6);
			cur++;
			int i;
			for (i = 0; i < n; i++) {
				unsigned idx = (unsigned)((occs[i] * cand) >> m->shift);
				if (epoch[idx] < cur) {
					epoch[idx] = cur;
					m->table[idx] = atts[i];
				} else if (m->table[idx] != atts[i]) {
					break;
				}
			}
			if (i == n) {
				m->magic = cand;
				break;
			}
		}
		next += (size_t)1 << bits;
	}
}

static void init_all(void)
{
	uint64_t seed = 0x5eed0fc4e55ull;
	for (int sq = 0; sq < 64; sq++) {
		int f = VC_FILE(sq), r = VC_RANK(sq);
		static const int kn[8][2] = { { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 },
		                              { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } };
		for (int i = 0; i < 8; i++) {
			int nf = f + kn[i][0], nr = r + kn[i][1];
			if (nf >= 0 && nf < 8 && nr >= 0 && nr < 8)
				knight_tab[sq] |= VC_BIT(VC_SQ(nf, nr));
		}
		for (int df = -1; df <= 1; df++)
			for (int dr = -1; dr <= 1; dr++) {
				int nf = f + df, nr = r + dr;
				if ((df || dr) && nf >= 0 && nf < 8 && nr >= 0 && nr < 8)
					king_tab[sq] |= VC_BIT(VC_SQ(nf, nr));
			}
		for (int df = -1; df <= 1; df += 2) {
			if (f + df < 0 || f + df > 7)
				continue;
			if (r < 7)
				pawn_tab[VC_WHITE][sq] |= VC_BIT(VC_SQ(f + df, r + 1));
			if (r > 0)
				pawn_tab[VC_BLACK][sq] |= VC_BIT(VC_SQ(f + df, r - 1));
		}
	}
	init_magics(rook_magic, rook_table, rook_dirs, &seed);
	init_magics(bishop_magic, bishop_table, bishop_dirs, &seed);
	for (int a = 0; a < 64; a++)
		for (int b = 0; b < 64; b++) {
			if (a == b)
				continue;
			if (slide(a, 0, rook_dirs) & VC_BIT(b)) {
				line_tab[a][b] = (slide(a, 0, rook_dirs) & slide(b, 0, rook_dirs)) |
				                 VC_BIT(a) | VC_BIT(b);
				between_tab[a][b] = slide(a, VC_BIT(b), rook_dirs) &
				                    slide(b, VC_BIT(a), rook_dirs);
			} else if (slide(a, 0, bishop_dirs) & VC_BIT(b)) {
				line_tab[a][b] = (slide(a, 0, bishop_dirs) & slide(b, 0, bishop_dirs)) |
				                 VC_BIT(a) | VC_BIT(b);
				between_tab[a][b] = slide(a, VC_BIT(b), bishop_dirs) &
				                    slide(b, VC_BIT(a), bishop_dirs);
			}
		}
	/* The full line: intersect the two rays along the common direction. */
	for (int a = 0; a < 64; a++)
		for (int b = 0; b < 64; b++) {
			if (!line_tab[a][b])
				continue;
			const int (*dirs)[2] = (slide(a, 0, rook_dirs) & VC_BIT(b)) ? rook_dirs : bishop_dirs;
			vc_bb l = VC_BIT(a) | VC_BIT(b);
			for (int d = 0; d < 4; d++) {
				vc_bb ray = 0;
				int f = VC_FILE(a), r = VC_RANK(a);
				for (;;) {
					f += dirs[d][0];
					r += dirs[d][1];
					if (f < 0 || f > 7 || r < 0 || r > 7)
						break;
					ray |= VC_BIT(VC_SQ(f, r));
				}
				vc_bb back = 0;
				f = VC_FILE(a);
				r = VC_RANK(a);
				for (;;) {
					f -= dirs[d][0];
					r -= dirs[d][1];
					if (f < 0 || f > 7 || r < 0 || r > 7)
						break;
					back |= VC_BIT(VC_SQ(f, r));
				}
				if ((ray | back) & VC_BIT(b))
					l |= ray | back;
			}
			line_tab[a][b] = l;
		}
	for (int pc = 0; pc < 16; pc++)
		for (int sq = 0; sq < 64; sq++)
			vc_zob_piece_[pc][sq] = splitmix(&seed);
	for (int sq = 0; sq < 64; sq++)
		vc_zob_castle_[sq] = splitmix(&seed);
	for (int f = 0; f < 8; f++)
		vc_zob_ep_[f] = splitmix(&seed);
	vc_zob_side_ = splitmix(&seed);
}

void vc_init(void)
{
	pthread_once(&init_once, init_all);
}

/* Run before main() so that hot paths need not call vc_init(). */
__attribute__((constructor)) static void vc_init_ctor(void)
{
	vc_init();
}

vc_bb vc_knight_attacks(int sq) { return knight_tab[sq]; }
vc_bb vc_king_attacks(int sq) { return king_tab[sq]; }
vc_bb vc_pawn_attacks(int color, int sq) { return pawn_tab[color][sq]; }
vc_bb vc_between(int a, int b) { return between_tab[a][b]; }
vc_bb vc_line(int a, int b) { return line_tab[a][b]; }

vc_bb vc_bishop_attacks(int sq, vc_bb occ)
{
	const struct magic *m = &bishop_magic[sq];
	return m->table[((occ & m->mask) * m->magic) >> m->shift];
}

vc_bb vc_rook_attacks(int sq, vc_bb occ)
{
	const struct magic *m = &rook_magic[sq];
	return m->table[((occ & m->mask) * m->magic) >> m->shift];
}

uint64_t vc_zobrist_piece(int pc, int sq) { return vc_zob_piece_[pc][sq]; }
uint64_t vc_zobrist_side(void) { return vc_zob_side_; }
uint64_t vc_zobrist_castle(int sq) { return vc_zob_castle_[sq]; }
uint64_t vc_zobrist_ep(int file) { return vc_zob_ep_[file]; }
