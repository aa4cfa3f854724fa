/* vchess test tool - find a complete Backwards Stalemate Chess game in
 * which White reaches the goal, for data/games/backwards/. Both sides'
 * moves are chosen (a cooperative search): a beam search from the start
 * position, scoring positions by how much of White's array stands, how far
 * the other white pieces are from their squares, and what is still in the
 * reserve. Prints the game as PGN movetext (the variant notation).
 *
 * Build from the repo root after `make build/libvchess.a`:
 *   cc -std=c11 -O2 -D_DEFAULT_SOURCE -Ilib -o build/backwards_goal \
 *      tests/tools/backwards_goal.c build/libvchess.a
 *   build/backwards_goal [WIDTH [SEED]]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variant_backwards.h"

#define MAX_PLIES 400

static const int home[16] = {
	VC_ROOK, VC_KNIGHT, VC_BISHOP, VC_QUEEN, VC_KING, VC_BISHOP, VC_KNIGHT, VC_ROOK,
	VC_PAWN, VC_PAWN, VC_PAWN, VC_PAWN, VC_PAWN, VC_PAWN, VC_PAWN, VC_PAWN,
};

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static int cheb(int a, int b)
{
	int df = abs(VC_FILE(a) - VC_FILE(b)), dr = abs(VC_RANK(a) - VC_RANK(b));
	return df > dr ? df : dr;
}

static int score(const struct vc_position *pos)
{
	int s = 0;
	bool done[16];
	int count[7] = { 0 };
	for (int sq = 0; sq < 16; sq++) {
		int pc = pos->board[sq];
		done[sq] = pc == VC_PIECE(VC_WHITE, home[sq]);
		if (!done[sq] && pc && VC_PIECE_COLOR(pc) == VC_BLACK)
			s -= 40;
	}
	for (int sq = 0; sq < 16; sq++) {
		if (!done[sq])
			continue;
		/* A white pawn on rank 2 can never leave it: it only pays once
		 * the back-rank squares behind it that a slider must reach from
		 * above (not the knights' squares) are done. */
		bool ok = true;
		if (sq >= 8)
			for (int f = VC_FILE(sq) - 1; f <= VC_FILE(sq) + 1; f++)
				if (f >= 0 && f < 8 && home[f] != VC_KNIGHT && !done[f])
					ok = false;
		s += ok ? 100 : 20;
	}
	for (vc_bb w = pos->by_color[VC_WHITE]; w; w &= w - 1) {
		int sq = vc_lsb(w), t = VC_PIECE_TYPE(pos->board[sq]);
		count[t]++;
		if (sq < 16 && done[sq])
			continue;
		int best = 99;
		for (int h = 0; h < 16; h++) {
			if (done[h] || home[h] != t)
				continue;
			int d;
			if (t == VC_PAWN)
				d = abs(VC_RANK(sq) - 1) + 3 * abs(VC_FILE(sq) - VC_FILE(h));
			else if (t == VC_BISHOP && ((VC_FILE(sq) + VC_RANK(sq)) & 1) != ((VC_FILE(h) + VC_RANK(h)) & 1))
				continue;
			else
				d = cheb(sq, h);
			if (d < best)
				best = d;
		}
		s -= 10 + 4 * (best == 99 ? 20 : best);
		/* a piece on a pawn's square blocks it, and rank 2 is hard to
		 * leave once filled */
		if (t != VC_PAWN && VC_RANK(sq) == 1)
			s -= 60;
	}
	static const int full[7] = { 0, 8, 2, 2, 2, 1, 1 };
	for (int t = VC_PAWN; t <= VC_QUEEN; t++)
		s -= 30 * (full[t] - count[t]);
	s -= 50 * (vc_popcount(pos->by_color[VC_BLACK]) - 1);
	return s;
}

struct node {
	struct vc_position pos;
	int score;
	int parent;
	vc_move move;
};

/* Min-heap on score of the best `width` children of a ply. */
static struct node *heap;
static int heap_n, width;

static void heap_push(const struct node *x)
{
	if (heap_n == width) {
		if (x->score <= heap[0].score)
			return;
		heap[0] = *x;
		for (int i = 0;;) {
			int l = 2 * i + 1, r = l + 1, m = i;
			if (l < heap_n && heap[l].score < heap[m].score)
				m = l;
			if (r < heap_n && heap[r].score < heap[m].score)
				m = r;
			if (m == i)
				break;
			struct node t = heap[i];
			heap[i] = heap[m];
			heap[m] = t;
			i = m;
		}
		return;
	}
	int i = heap_n++;
	heap[i] = *x;
	while (i > 0 && heap[(i - 1) / 2].score > heap[i].score) {
		struct node t = heap[i];
		heap[i] = heap[(i - 1) / 2];
		heap[(i - 1) / 2] = t;
		i = (i - 1) / 2;
	}
}

/* Keys seen in this ply (open addressing). */
#define SEEN_BITS 22
static uint64_t *seen;
static bool seen_add(uint64_t key)
{
	key |= 1;
	size_t mask = ((size_t)1 << SEEN_BITS) - 1, i = (size_t)key & mask;
	while (seen[i]) {
		if (seen[i] == key)
			return false;
		i = (i + 1) & mask;
	}
	seen[i] = key;
	return true;
}

int main(int argc, char **argv)
{
	width = argc > 1 ? atoi(argv[1]) : 1000;
	if (argc > 2)
		rng_state = strtoull(argv[2], NULL, 10) | 1;
	heap = malloc(sizeof *heap * (size_t)width);
	struct node *beam = malloc(sizeof *beam * (size_t)width);
	/* parents and moves of every ply, for the way back */
	int *par = malloc(sizeof *par * (size_t)width * MAX_PLIES);
	vc_move *mov = malloc(sizeof *mov * (size_t)width * MAX_PLIES);
	seen = calloc((size_t)1 << SEEN_BITS, sizeof *seen);
	int nbeam = 1;
	vc_startpos(&beam[0].pos, VC_BACKWARDS);
	beam[0].score = score(&beam[0].pos);
	for (int ply = 0; ply < MAX_PLIES; ply++) {
		heap_n = 0;
		memset(seen, 0, sizeof *seen << SEEN_BITS);
		int found = -1;
		for (int b = 0; b < nbeam && found < 0; b++) {
			vc_move list[VC_MAX_MOVES];
			int n = vc_legal_moves(&beam[b].pos, list);
			for (int i = 0; i < n; i++) {
				struct node x;
				x.pos = beam[b].pos;
				vc_make_move(&x.pos, list[i]);
				if (!seen_add(x.pos.key))
					continue;
				x.parent = b;
				x.move = list[i];
				if (vc_bw_goal_reached(&x.pos, VC_WHITE)) {
					heap[0] = x;
					heap_n = 1;
					found = 0;
					break;
				}
				/* a position with no move for the next side ends the game */
				vc_move l2[VC_MAX_MOVES];
				if (!vc_legal_moves(&x.pos, l2))
					continue;
				x.score = score(&x.pos) * 16 + (int)(rng() % 16);
				heap_push(&x);
			}
		}
		for (int i = 0; i < heap_n; i++) {
			par[ply * width + i] = heap[i].parent;
			mov[ply * width + i] = heap[i].move;
			beam[i] = heap[i];
		}
		nbeam = heap_n;
		int best = 0;
		for (int i = 1; i < nbeam; i++)
			if (beam[i].score > beam[best].score)
				best = i;
		char fen[VC_FEN_MAX];
		fprintf(stderr, "ply %d: best %d %s\n", ply + 1, beam[best].score / 16,
		        vc_fen_write(&beam[best].pos, fen, false));
		if (found >= 0) {
			/* walk back, then replay forward to write the moves */
			vc_move line[MAX_PLIES];
			int idx = 0;
			for (int p = ply; p >= 0; p--) {
				line[p] = mov[p * width + idx];
				idx = par[p * width + idx];
			}
			struct vc_position pos;
			vc_startpos(&pos, VC_BACKWARDS);
			for (int p = 0; p <= ply; p++) {
				char buf[VC_BW_MOVE_TEXT_MAX];
				if (pos.side == VC_WHITE)
					printf("%u. ", (unsigned)pos.fullmove);
				printf("%s%s", vc_variant_backwards.write_move(&pos, line[p], buf),
				       (p % 8 == 7) ? "\n" : " ");
				vc_make_move(&pos, line[p]);
			}
			printf("1-0\n");
			fprintf(stderr, "final %s\n", vc_fen_write(&pos, fen, false));
			return 0;
		}
	}
	fprintf(stderr, "no goal within %d plies\n", MAX_PLIES);
	return 1;
}
