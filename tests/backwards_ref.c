/* vchess tests - the simple reference generator for Backwards Stalemate
 * Chess (see backwards_ref.h). Every rule below is a sentence of RULES.md
 * section 5, checked the plain way; speed does not matter here.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "backwards_ref.h"

static bool on_board(int r, int f) { return r >= 0 && r < 8 && f >= 0 && f < 8; }
static int color_of(char p) { return isupper((unsigned char)p) ? 0 : 1; }
static char kind_of(char p) { return (char)toupper((unsigned char)p); }
static char with_color(char kind, int c) { return c == 0 ? kind : (char)tolower((unsigned char)kind); }

/* Are the squares strictly between (r1,f1) and (r2,f2), on a straight
 * line, all empty? */
static bool path_clear(const struct bref_pos *p, int r1, int f1, int r2, int f2)
{
	int dr = (r2 > r1) - (r2 < r1), df = (f2 > f1) - (f2 < f1);
	int r = r1 + dr, f = f1 + df;
	while (r != r2 || f != f2) {
		if (p->sq[r][f] != '.')
			return false;
		r += dr;
		f += df;
	}
	return true;
}

/* Could `piece` standing on (r1,f1) move to (r2,f2), capturing there
 * (capture) or not? Normal chess geometry, no castling, no en passant. */
static bool could_go(const struct bref_pos *p, char piece, int r1, int f1, int r2, int f2,
                     bool capture)
{
	int dr = r2 - r1, df = f2 - f1;
	int adr = abs(dr), adf = abs(df);
	if (dr == 0 && df == 0)
		return false;
	switch (kind_of(piece)) {
	case 'N':
		return (adr == 1 && adf == 2) || (adr == 2 && adf == 1);
	case 'K':
		return adr <= 1 && adf <= 1;
	case 'R':
		return (dr == 0 || df == 0) && path_clear(p, r1, f1, r2, f2);
	case 'B':
		return adr == adf && path_clear(p, r1, f1, r2, f2);
	case 'Q':
		return (dr == 0 || df == 0 || adr == adf) && path_clear(p, r1, f1, r2, f2);
	case 'P': {
		int fwd = color_of(piece) == 0 ? 1 : -1;
		int start = color_of(piece) == 0 ? 1 : 6;
		if (capture)
			return dr == fwd && adf == 1;
		if (df != 0)
			return false;
		if (dr == fwd)
			return true;
		return r1 == start && dr == 2 * fwd && p->sq[r1 + fwd][f1] == '.';
	}
	}
	return false;
}

static bool in_check(const struct bref_pos *p, int c)
{
	int kr = -1, kf = -1;
	for (int r = 0; r < 8; r++)
		for (int f = 0; f < 8; f++)
			if (p->sq[r][f] == with_color('K', c)) {
				kr = r;
				kf = f;
			}
	if (kr < 0)
		return false;
	for (int r = 0; r < 8; r++)
		for (int f = 0; f < 8; f++) {
			char x = p->sq[r][f];
			if (x != '.' && color_of(x) != c && could_go(p, x, r, f, kr, kf, true))
				return true;
		}
	return false;
}

bool bref_goal(const struct bref_pos *p, int c)
{
	static const char back[] = "RNBQKBNR";
	int br = c == 0 ? 0 : 7, pr = c == 0 ? 1 : 6;
	int n = 0;
	for (int r = 0; r < 8; r++)
		for (int f = 0; f < 8; f++)
			if (p->sq[r][f] != '.' && color_of(p->sq[r][f]) == c)
				n++;
	if (n != 16)
		return false;
	for (int f = 0; f < 8; f++)
		if (p->sq[br][f] != with_color(back[f], c) || p->sq[pr][f] != with_color('P', c))
			return false;
	return true;
}

/* The invariants of RULES.md section 5 on the board after a move, and the
 * reserve: no side has more of a kind than one standard set, nor two
 * bishops on one square colour; exactly one king each. */
static bool position_ok(const struct bref_pos *p)
{
	for (int c = 0; c < 2; c++) {
		int n[128] = { 0 }, light = 0, dark = 0;
		for (int r = 0; r < 8; r++)
			for (int f = 0; f < 8; f++) {
				char x = p->sq[r][f];
				if (x == '.' || color_of(x) != c)
					continue;
				n[(int)kind_of(x)]++;
				if (kind_of(x) == 'B') {
					if ((r + f) % 2)
						light++;
					else
						dark++;
				}
			}
		if (n['K'] != 1 || n['Q'] > 1 || n['R'] > 2 || n['N'] > 2 || n['P'] > 8 ||
		    light > 1 || dark > 1)
			return false;
	}
	for (int f = 0; f < 8; f++) {
		int wr = -1, br = -1;
		for (int r = 0; r < 8; r++) {
			char x = p->sq[r][f];
			if (x == 'P' || x == 'p') {
				if (r == 0 || r == 7)
					return false;
				if (x == 'P') {
					if (wr >= 0)
						return false;
					wr = r;
				} else {
					if (br >= 0)
						return false;
					br = r;
				}
			}
		}
		if (wr >= 0 && br >= 0 && wr > br)
			return false;
	}
	return true;
}

/* check_before[c]: was c's king in check before the move? */
static bool legal_after(const bool check_before[2], const struct bref_pos *after)
{
	if (!position_ok(after))
		return false;
	bool wb = check_before[0], bb = check_before[1];
	bool wa = in_check(after, 0), ba = in_check(after, 1);
	if (wa && ba)
		return false;
	if ((wb && wa) || (bb && ba))
		return false;
	return true;
}

void bref_make(struct bref_pos *p, const struct bref_move *m)
{
	char x = p->sq[m->from_rank][m->from_file];
	p->sq[m->from_rank][m->from_file] = m->created ? m->created : '.';
	p->sq[m->to_rank][m->to_file] = m->unpromo ? with_color('P', color_of(x)) : x;
	if (m->created || m->unpromo || kind_of(x) == 'P')
		p->halfmove = 0;
	else
		p->halfmove++;
	p->side ^= 1;
}

static int try_add(const struct bref_pos *p, const bool check_before[2], struct bref_move *out,
                   int n, int fr, int ff, int tr, int tf, char created, bool unpromo)
{
	struct bref_move m = { fr, ff, tr, tf, p->sq[fr][ff], created, unpromo };
	struct bref_pos after = *p;
	bref_make(&after, &m);
	if (legal_after(check_before, &after))
		out[n++] = m;
	return n;
}

int bref_gen(const struct bref_pos *p, struct bref_move *out)
{
	static const char kinds[] = "PNBRQ"; /* never a created king */
	int us = p->side, n = 0;
	if (bref_goal(p, 0) || bref_goal(p, 1))
		return 0;
	bool cb[2] = { in_check(p, 0), in_check(p, 1) };
	for (int sr = 0; sr < 8; sr++)
		for (int sf = 0; sf < 8; sf++) {
			char x = p->sq[sr][sf];
			if (x == '.')
				continue;
			bool mine = color_of(x) == us;
			for (int tr = 0; tr < 8; tr++)
				for (int tf = 0; tf < 8; tf++) {
					if (p->sq[tr][tf] != '.')
						continue;
					/* Could X, standing on T, have captured on S? */
					if (could_go(p, x, tr, tf, sr, sf, true)) {
						/* kind 1: theirs moved, one of ours appears;
						 * kind 2: ours moved, one of theirs appears */
						int cc = mine ? !us : us;
						for (const char *k = kinds; *k; k++)
							n = try_add(p, cb, out, n, sr, sf, tr, tf, with_color(*k, cc), false);
					}
					/* kind 3: retraction of our own piece */
					if (mine && could_go(p, x, tr, tf, sr, sf, false))
						n = try_add(p, cb, out, n, sr, sf, tr, tf, 0, false);
				}
			/* Unpromotion: our piece, not king or pawn, on the opponent's
			 * first rank, becomes a pawn one square back: straight to an
			 * empty square, or diagonally with one of their pieces put
			 * where it stood. */
			char k = kind_of(x);
			if (mine && k != 'K' && k != 'P' && sr == (us == 0 ? 7 : 0)) {
				int tr = us == 0 ? 6 : 1;
				for (int df = -1; df <= 1; df++) {
					int tf = sf + df;
					if (!on_board(tr, tf) || p->sq[tr][tf] != '.')
						continue;
					if (df == 0)
						n = try_add(p, cb, out, n, sr, sf, tr, tf, 0, true);
					else
						for (const char *c = kinds; *c; c++)
							n = try_add(p, cb, out, n, sr, sf, tr, tf, with_color(*c, !us), true);
				}
			}
		}
	return n;
}

uint64_t bref_perft(const struct bref_pos *p, int depth)
{
	if (depth <= 0)
		return 1;
	struct bref_move *list = malloc(sizeof *list * BREF_MAX_MOVES);
	if (!list)
		abort();
	int n = bref_gen(p, list);
	uint64_t total = 0;
	if (depth == 1) {
		total = (uint64_t)n;
	} else {
		for (int i = 0; i < n; i++) {
			struct bref_pos next = *p;
			bref_make(&next, &list[i]);
			total += bref_perft(&next, depth - 1);
		}
	}
	free(list);
	return total;
}

void bref_from_position(struct bref_pos *rp, const struct vc_position *pos)
{
	static const char letters[] = ".PNBRQK";
	for (int r = 0; r < 8; r++)
		for (int f = 0; f < 8; f++) {
			int pc = pos->board[r * 8 + f];
			char ch = letters[pc & 7];
			rp->sq[r][f] = (pc >> 3) ? (char)tolower((unsigned char)ch) : ch;
		}
	rp->side = pos->side;
	rp->halfmove = pos->halfmove;
}

char *bref_placement(const struct bref_pos *p, char *buf)
{
	char *o = buf;
	for (int r = 7; r >= 0; r--) {
		int gap = 0;
		for (int f = 0; f < 8; f++) {
			if (p->sq[r][f] == '.') {
				gap++;
				continue;
			}
			if (gap)
				*o++ = (char)('0' + gap);
			gap = 0;
			*o++ = p->sq[r][f];
		}
		if (gap)
			*o++ = (char)('0' + gap);
		if (r)
			*o++ = '/';
	}
	*o = 0;
	return buf;
}
