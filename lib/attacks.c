/* vchess - attack tables: leapers by table, sliders by magic bitboards.
 *
 * The tables are filled once by vc_init() (pthread_once) and only read
 * afterwards; the PEXT tables, which only perft reads, are filled by
 * vc_pext_init() at the first vc_perft instead (pthread_once too), so that
 * a run that only checks games does not pay for them at start (840 KB
 * read off the magic tables, ~0.9 M instructions). The magic factors are
 * constants, found by the search in
 * search_magic (a fixed-seed generator, see there) and checked as the
 * tables are filled, so the build needs no generated sources and start-up
 * (which every run pays, every shard of a sharded run too) only fills.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif
#if defined(__x86_64__)
#include <cpuid.h>
#endif

#include "attacks_internal.h"
#include "internal.h"

vc_bb vc_knight_tab_[64], vc_king_tab_[64], vc_pawn_tab_[2][64];
vc_bb vc_between_tab_[64][64], vc_line_tab_[64][64];
struct vc_magic_ vc_rook_magic_[64], vc_bishop_magic_[64];
vc_bb vc_rook_rays_[64], vc_bishop_rays_[64];
struct vc_pext_ vc_rook_pext_[64], vc_bishop_pext_[64];
bool vc_pext_;
vc_bb vc_castle_empty_[8][64], vc_castle_walk_[8][64];
#define knight_tab vc_knight_tab_
#define king_tab vc_king_tab_
#define pawn_tab vc_pawn_tab_
#define between_tab vc_between_tab_
#define line_tab vc_line_tab_
#define rook_magic vc_rook_magic_
#define bishop_magic vc_bishop_magic_

/* The slider tables: the magic ones and the PEXT ones (the same sizes, in
 * the order of the packed bits), 1.7 MB in one block. Where the kernel
 * allows it (Linux, transparent huge pages on madvise or always) the block
 * is one 2 MB page: one page fault instead of ~420 when the tables are
 * written, and one TLB entry for every lookup. A page fault of a fresh
 * page is dear where the memory comes from a hypervisor (~20 us measured
 * on the project's Firecracker machines: 420 of them were 8 ms, ~5% of a
 * Kiwipete depth-5 perft run). Without the mmap the static block. */
#define ROOK_ENTRIES 102400
#define BISHOP_ENTRIES 5248
#define SLIDER_WORDS (2 * (ROOK_ENTRIES + BISHOP_ENTRIES))
static vc_bb slider_static[SLIDER_WORDS];
static vc_bb *rook_table, *bishop_table, *rook_pext_table, *bishop_pext_table;

static vc_bb *slider_block(void)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
	const size_t huge = (size_t)2 << 20;
	_Static_assert(SLIDER_WORDS * sizeof(vc_bb) <= ((size_t)2 << 20), "one huge page");
	/* twice the size, then trimmed to the aligned 2 MB in it */
	char *p = mmap(NULL, 2 * huge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p != MAP_FAILED) {
		char *a = (char *)(((uintptr_t)p + huge - 1) & ~(uintptr_t)(huge - 1));
		if (a > p)
			munmap(p, (size_t)(a - p));
		if (p + 2 * huge > a + huge)
			munmap(a + huge, (size_t)(p + 2 * huge - (a + huge)));
		(void)madvise(a, huge, MADV_HUGEPAGE); /* a hint: 4 KB pages if refused */
		return (vc_bb *)(void *)a;
	}
#endif
	return slider_static;
}
uint64_t vc_zob_piece_[16][64];
uint64_t vc_zob_castle_[64];
uint64_t vc_zob_ep_[8];
uint64_t vc_zob_side_;

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static pthread_once_t pext_once = PTHREAD_ONCE_INIT;

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

/* Magic factors found once by search_magic (fixed seed 0x5eed0fc4e55, see
 * there) and kept here so that start-up only fills the tables; init_magics
 * checks each factor as it fills and searches again for any that does not
 * fit. */
static const vc_bb rook_seed_magics[64] = {
	0x0480001360804000ull, 0x2040002000401000ull, 0x408020008010000aull,
	0x0100090004201000ull, 0x6200041002000820ull, 0x1080018002000400ull,
	0x0c00082402010090ull, 0xc500010000204082ull, 0x8048800084400020ull,
	0x0022004020810200ull, 0x0040801000802000ull, 0x0090801000800800ull,
	0x1002802400080080ull, 0x0152000450086201ull, 0x4084000110088204ull,
	0x0401000040910022ull, 0x0040048020448002ull, 0x4001050040008024ull,
	0x0240808020001000ull, 0xd0204200100a0020ull, 0x0440110008010084ull,
	0x0006008080040002ull, 0x2080040001a81210ull, 0x1020020011008044ull,
	0x040080208000401cull, 0x0802010200204080ull, 0x9230008080102000ull,
	0x00020022000c1040ull, 0x000500130008000cull, 0x2300100801200440ull,
	0x0008210400500208ull, 0x2214184200040081ull, 0x8140004020800084ull,
	0x5040201000400040ull, 0x1a20040010100200ull, 0x0400100101000820ull,
	0x1008000a80800400ull, 0x0402000402001108ull, 0x0000904804000102ull,
	0x2026142042000081ull, 0x0000800040008020ull, 0x4000201000404009ull,
	0x0800288042020010ull, 0x9208100100210008ull, 0xb000040008008080ull,
	0x020a004488020050ull, 0x0001020004010100ull, 0x00000480450a000cull,
	0x0100210080104900ull, 0x8040200040100040ull, 0x1300201600428200ull,
	0x2000201000090100ull, 0x0000880100445100ull, 0x2145000804002300ull,
	0x0004280281104400ull, 0x0041404401008200ull, 0x2000630144528001ull,
	0x0a00400100108021ull, 0x0008100820010041ull, 0x086200581040a016ull,
	0x0142002009841002ull, 0x0a05000804000225ull, 0x0002000088010402ull,
	0x0000c40110208042ull,
};
static const vc_bb bishop_seed_magics[64] = {
	0x0202088200840101ull, 0x0050815104028004ull, 0x430800b902000810ull,
	0x3088086300020004ull, 0x4901104010890056ull, 0x2003900420024088ull,
	0x8011040120081223ull, 0x000061a110301002ull, 0x4000109001090420ull,
	0x0000041424040430ull, 0x0600411401204000ull, 0x0000110502000000ull,
	0x4020820210040240ull, 0x0400010482400805ull, 0x200103112110c000ull,
	0x0048033101105006ull, 0x0021310420042106ull, 0x0038080230040280ull,
	0x20020020420c0020ull, 0x0260808802004204ull, 0x0502100401202200ull,
	0x4000206110082008ull, 0x800881440404020aull, 0x0480404a24040488ull,
	0x0003400010043802ull, 0x0010024809020402ull, 0x0400340098004400ull,
	0x6804004124010202ull, 0x4119010000104001ull, 0x0008118010c06008ull,
	0x1b48430000441a00ull, 0x0043004981004840ull, 0x680188a012400408ull,
	0x1550880800049040ull, 0x0102905000080180ull, 0x0000110800240041ull,
	0x0220020400088082ull, 0x0c50100040002400ull, 0x2212020060040420ull,
	0x0009042880002200ull, 0x4044010430904280ull, 0x0102a21010000280ull,
	0x002a001088001088ull, 0x0220014208800800ull, 0x040a200820821012ull,
	0x2042200401020020ull, 0x0020020089084200ull, 0x0010010100201104ull,
	0x2411240920280200ull, 0x00082a0802080000ull, 0x020821a184500880ull,
	0x0000080042020104ull, 0x40000028230c0142ull, 0x0101881101020000ull,
	0x0220a40902042400ull, 0x5344100c11082400ull, 0x0000460801011020ull,
	0x0000a02201100802ull, 0x48222800a3084810ull, 0x0004040000420208ull,
	0x0208100092c20200ull, 0x500000c010020084ull, 0x0043101001810400ull,
	0x00040800c40c0140ull,
};

/* The squares from sq along one direction to the board's edge. */
static vc_bb one_ray(int sq, int df, int dr)
{
	vc_bb ray = 0;
	for (int f = VC_FILE(sq) + df, r = VC_RANK(sq) + dr; f >= 0 && f <= 7 && r >= 0 && r <= 7;
	     f += df, r += dr)
		ray |= VC_BIT(VC_SQ(f, r));
	return ray;
}

/* Does this processor have BMI2 with a fast PEXT, and does the
 * environment allow its use (VCHESS_NO_BMI2 unset, empty or "0")? AMD
 * processors before Zen 3 (family 0x19) run PEXT in microcode, slower than
 * the magic lookups: they keep those. */
static bool want_pext(void)
{
#if defined(__x86_64__)
	const char *no = getenv("VCHESS_NO_BMI2");
	if (no && *no && strcmp(no, "0") != 0)
		return false;
	unsigned a, b, c, d;
	if (__get_cpuid_max(0, NULL) < 7)
		return false;
	__cpuid_count(7, 0, a, b, c, d);
	if (!(b & (1u << 8))) /* BMI2 */
		return false;
	__cpuid(0, a, b, c, d);
	const bool amd = b == 0x68747541u && d == 0x69746e65u && c == 0x444d4163u; /* AuthenticAMD */
	if (amd) {
		__cpuid(1, a, b, c, d);
		unsigned family = (a >> 8) & 0xf;
		if (family == 0xf)
			family += (a >> 20) & 0xff;
		if (family < 0x19)
			return false;
	}
	return true;
#else
	return false;
#endif
}

/* The attacks of every subset of each square's mask, by the old way: all
 * subsets in carry-rippler order (the n-th is PEXT index n), each ray cut
 * at its nearest blocker (the lowest square on rays going up the board,
 * the highest going down). For search_magic only. */
static int all_subsets(const struct vc_magic_ *m, int sq, const vc_bb (*rays)[64],
                       const bool *up, vc_bb *occs, vc_bb *atts)
{
	int n = 0;
	vc_bb sub = 0;
	do {
		vc_bb att = 0;
		for (int d = 0; d < 4; d++) {
			vc_bb ray = rays[d][sq], block = ray & sub;
			if (block)
				ray ^= rays[d][up[d] ? vc_lsb(block) : 63 - __builtin_clzll(block)];
			att |= ray;
		}
		occs[n] = sub;
		atts[n] = att;
		n++;
		sub = (sub - m->mask) & m->mask;
	} while (sub);
	return n;
}

/* A magic factor for m (its mask and shift set) by trial, from the
 * fixed-seed generator: its table slice is filled. Only for a square whose
 * committed factor does not fit, which never happens with the factors
 * above; kept so that a wrong factor costs time, not wrong moves, and as
 * the generator that found them: with each known[] entry replaced by 0
 * (every first try then fails) it finds these factors again, in this
 * order from the seed 0x5eed0fc4e55 (rooks first, then bishops). */
static void search_magic(struct vc_magic_ *m, int sq, const vc_bb (*rays)[64], const bool *up,
                         uint64_t *seed)
{
	static vc_bb occs[4096], atts[4096];
	static unsigned epoch[4096];
	static unsigned cur;
	int n = all_subsets(m, sq, rays, up, occs, atts);
	for (;;) {
		vc_bb cand;
		do {
			cand = splitmix(seed) & splitmix(seed) & splitmix(seed);
		} while (vc_popcount((m->mask * cand) >> 56) < 6);
		if (++cur == 0) {
			memset(epoch, 0, sizeof epoch);
			cur = 1;
		}
		memset(m->table, 0, sizeof(vc_bb) << (64 - m->shift));
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
			return;
		}
	}
}

/* One ray's share of a square's mask: each subset of the ray's mask bits
 * and the attacks along the ray it leaves. */
struct ray_part {
	int n;
	vc_bb occ[64], att[64];
};

static void ray_part(struct ray_part *rp, vc_bb ray, vc_bb mask, bool up)
{
	vc_bb rmask = ray & mask;
	vc_bb sub = 0;
	rp->n = 0;
	do {
		vc_bb att = ray;
		if (sub)
			att &= up ? (VC_BIT(vc_lsb(sub)) << 1) - 1
			          : ~((VC_BIT(63 - __builtin_clzll(sub))) - 1);
		rp->occ[rp->n] = sub;
		rp->att[rp->n] = att;
		rp->n++;
		sub = (sub - rmask) & rmask;
	} while (sub);
}

/* The slider tables of one piece: the magic table of each square with the
 * committed factor (known[sq]), each entry written once, every subset of
 * the mask met as the product of its four rays' subsets (no ray walking
 * per subset: most of the start-up time of every run before), a factor
 * checked as it goes (two subsets with different attacks on one entry:
 * search_magic finds another). The PEXT tables are read off these
 * (pext_from_magic). */
static void init_magics(struct vc_magic_ *mg, vc_bb *table, const int (*dirs)[2],
                        const vc_bb *known, uint64_t *seed)
{
	static unsigned epoch[4096];
	static unsigned cur;
	vc_bb *next = table;
	vc_bb rays[4][64];
	bool up[4];
	static struct ray_part rp[4];
	for (int d = 0; d < 4; d++) {
		up[d] = dirs[d][0] + 8 * dirs[d][1] > 0;
		for (int sq = 0; sq < 64; sq++)
			rays[d][sq] = one_ray(sq, dirs[d][0], dirs[d][1]);
	}
	for (int sq = 0; sq < 64; sq++) {
		const vc_bb mask = relevant_mask(sq, dirs);
		const int bits = vc_popcount(mask);
		struct vc_magic_ *m = &mg[sq];
		m->mask = mask;
		m->shift = 64 - (unsigned)bits;
		m->table = next;
		m->magic = known[sq];
		for (int d = 0; d < 4; d++)
			ray_part(&rp[d], rays[d][sq], mask, up[d]);
		if (++cur == 0) {
			memset(epoch, 0, sizeof epoch);
			cur = 1;
		}
		const vc_bb magic = known[sq];
		const unsigned shift = 64 - (unsigned)bits;
		bool fits = true;
		for (int i0 = 0; i0 < rp[0].n; i0++)
			for (int i1 = 0; i1 < rp[1].n; i1++) {
				const vc_bb o01 = rp[0].occ[i0] | rp[1].occ[i1];
				const vc_bb a01 = rp[0].att[i0] | rp[1].att[i1];
				for (int i2 = 0; i2 < rp[2].n; i2++) {
					const vc_bb o012 = o01 | rp[2].occ[i2];
					const vc_bb a012 = a01 | rp[2].att[i2];
					for (int i3 = 0; i3 < rp[3].n; i3++) {
						const vc_bb att = a012 | rp[3].att[i3];
						unsigned idx = (unsigned)(((o012 | rp[3].occ[i3]) * magic) >> shift);
						if (epoch[idx] != cur) {
							epoch[idx] = cur;
							m->table[idx] = att;
						} else if (m->table[idx] != att) {
							fits = false;
						}
					}
				}
			}
		if (!fits)
			search_magic(m, sq, (const vc_bb (*)[64])rays, up, seed);
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
	for (int sq = 0; sq < 64; sq++) {
		vc_rook_rays_[sq] = slide(sq, 0, rook_dirs);
		vc_bishop_rays_[sq] = slide(sq, 0, bishop_dirs);
	}
	/* the PEXT tables: vc_pext_init, at the first perft */
	vc_pext_ = want_pext();
	rook_table = slider_block();
	bishop_table = rook_table + ROOK_ENTRIES;
	rook_pext_table = bishop_table + BISHOP_ENTRIES;
	bishop_pext_table = rook_pext_table + ROOK_ENTRIES;
	init_magics(rook_magic, rook_table, rook_dirs, rook_seed_magics, &seed);
	init_magics(bishop_magic, bishop_table, bishop_dirs, bishop_seed_magics, &seed);
	/* between and line by walking the eight rays of each square once:
	 * the squares passed before b are between a and b, and the line
	 * through both is a's two rays along that direction with a */
	static const int dirs8[8][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 },
	                                 { 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 } };
	for (int a = 0; a < 64; a++)
		for (int d = 0; d < 8; d++) {
			const int df = dirs8[d][0], dr = dirs8[d][1];
			const vc_bb line = VC_BIT(a) | one_ray(a, df, dr) | one_ray(a, -df, -dr);
			vc_bb path = 0;
			for (int f = VC_FILE(a) + df, r = VC_RANK(a) + dr;
			     f >= 0 && f <= 7 && r >= 0 && r <= 7; f += df, r += dr) {
				const int b = VC_SQ(f, r);
				between_tab[a][b] = path;
				line_tab[a][b] = line;
				path |= VC_BIT(b);
			}
		}
	/* castling paths, both back ranks (the king and rook squares as
	 * lib/movegen_internal.h's vc_castle_king_to / vc_castle_rook_to) */
	for (int kf = 0; kf < 8; kf++)
		for (int rank = 0; rank < 8; rank += 7)
			for (int rf = 0; rf < 8; rf++) {
				const int ksq = VC_SQ(kf, rank), rsq = VC_SQ(rf, rank);
				if (rf == kf)
					continue;
				const int kto = VC_SQ(rsq > ksq ? 6 : 2, rank);
				const int rto = VC_SQ(rsq > ksq ? 5 : 3, rank);
				/* a king that stays (kto == ksq) still has its own
				 * square to keep: it is the path then */
				const vc_bb walk = between_tab[ksq][kto] | VC_BIT(kto);
				const vc_bb rpath = between_tab[rsq][rto] | VC_BIT(rto);
				vc_castle_walk_[kf][rsq] = walk;
				vc_castle_empty_[kf][rsq] = (between_tab[ksq][rsq] | walk | rpath) &
				                            ~VC_BIT(ksq) & ~VC_BIT(rsq);
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

/* The PEXT tables of one piece, read off its magic tables (filled and
 * checked by vc_init): the subsets of a mask in carry-rippler order are in
 * the order of their packed bits (the n-th is PEXT index n), so each entry
 * is one magic lookup (~8 instructions; building them from the rays as
 * the magic tables are was ~28). */
static void pext_from_magic(const struct vc_magic_ *mg, struct vc_pext_ *px, vc_bb *ptable)
{
	for (int sq = 0; sq < 64; sq++) {
		const struct vc_magic_ *m = &mg[sq];
		vc_bb *t = ptable;
		vc_bb sub = 0;
		do {
			*t++ = m->table[((sub & m->mask) * m->magic) >> m->shift];
			sub = (sub - m->mask) & m->mask;
		} while (sub);
		px[sq].mask = m->mask;
		px[sq].table = ptable;
		ptable = t;
	}
}

static void init_pext(void)
{
	pext_from_magic(rook_magic, vc_rook_pext_, rook_pext_table);
	pext_from_magic(bishop_magic, vc_bishop_pext_, bishop_pext_table);
}

void vc_pext_init(void)
{
	vc_init();
	if (vc_pext_)
		pthread_once(&pext_once, init_pext);
}

/* Run before main() so that hot paths need not call vc_init(). */
__attribute__((constructor)) static void vc_init_ctor(void)
{
	vc_init();
}

/* The lookups of the ABI (position.h), for programs linked to the library:
 * an argument out of range gives 0 (position.h). The library's own code
 * inlines the unchecked bodies (attacks_internal.h) with arguments it made. */
static bool square(int sq) { return (unsigned)sq < 64; }

vc_bb vc_knight_attacks(int sq) { return square(sq) ? vc_knight_tab_[sq] : 0; }
vc_bb vc_king_attacks(int sq) { return square(sq) ? vc_king_tab_[sq] : 0; }
vc_bb vc_pawn_attacks(int color, int sq)
{
	return square(sq) && (unsigned)color < 2 ? vc_pawn_tab_[color][sq] : 0;
}
vc_bb vc_between(int a, int b) { return square(a) && square(b) ? vc_between_tab_[a][b] : 0; }
vc_bb vc_line(int a, int b) { return square(a) && square(b) ? vc_line_tab_[a][b] : 0; }
vc_bb vc_bishop_attacks(int sq, vc_bb occupied)
{
	if (!square(sq))
		return 0;
	const struct vc_magic_ *m = &vc_bishop_magic_[sq];
	return m->table[((occupied & m->mask) * m->magic) >> m->shift];
}
vc_bb vc_rook_attacks(int sq, vc_bb occupied)
{
	if (!square(sq))
		return 0;
	const struct vc_magic_ *m = &vc_rook_magic_[sq];
	return m->table[((occupied & m->mask) * m->magic) >> m->shift];
}

uint64_t vc_zobrist_piece(int pc, int sq)
{
	return (unsigned)pc < 16 && square(sq) ? vc_zob_piece_[pc][sq] : 0;
}
uint64_t vc_zobrist_side(void) { return vc_zob_side_; }
uint64_t vc_zobrist_castle(int sq) { return square(sq) ? vc_zob_castle_[sq] : 0; }
uint64_t vc_zobrist_ep(int file) { return (unsigned)file < 8 ? vc_zob_ep_[file] : 0; }
