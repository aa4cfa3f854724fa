/* vchess perft -j N on one position (perft_split.h): the tree is cut into
 * pieces of work (positions a few plies below the root, each remembering
 * which root move it descends from), threads take them one by one from a
 * shared counter, and the counts are added up per root move in piece
 * order, so the result never depends on the threads. */
#include "perft_split.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct piece {
	struct vc_position pos;
	int root;       /* index of the root move it descends from */
	uint64_t nodes; /* its count, once done */
};

struct split {
	struct piece *p;
	size_t n;
	int depth; /* of every piece */
	struct vc_perft_table *table;
	atomic_size_t next;
};

static void *worker(void *arg)
{
	struct split *s = arg;
	for (;;) {
		size_t i = atomic_fetch_add(&s->next, 1);
		if (i >= s->n)
			return NULL;
		s->p[i].nodes = s->table ? vc_perft_hashed(&s->p[i].pos, s->depth, s->table)
		                         : vc_perft(&s->p[i].pos, s->depth);
	}
}

/* Replace every piece by its children (one ply deeper). Returns the new
 * array (the old one freed) and its size in *n, or NULL (old one kept). */
static struct piece *deepen(struct piece *p, size_t *n)
{
	size_t cap = *n * 8 + 16, m = 0;
	struct piece *q = malloc(cap * sizeof *q);
	if (!q)
		return NULL;
	for (size_t i = 0; i < *n; i++) {
		vc_move mv[VC_MAX_MOVES];
		const int k = vc_legal_moves(&p[i].pos, mv);
		if (m + (size_t)k > cap) {
			cap = (m + (size_t)k) * 2;
			struct piece *r = realloc(q, cap * sizeof *q);
			if (!r) {
				free(q);
				return NULL;
			}
			q = r;
		}
		for (int j = 0; j < k; j++) {
			q[m].pos = p[i].pos;
			vc_make_move(&q[m].pos, mv[j]);
			q[m].root = p[i].root;
			q[m].nodes = 0;
			m++;
		}
	}
	free(p);
	*n = m;
	return q;
}

uint64_t vc_cli_perft_split(const struct vc_position *pos, int depth, int jobs,
                            struct vc_perft_table *table, vc_move *moves, uint64_t *per_move,
                            int *nmoves)
{
	const int n = vc_legal_moves(pos, moves);
	*nmoves = n;
	for (int i = 0; i < n; i++)
		per_move[i] = depth <= 1 ? 1 : 0;
	if (depth <= 1 || n == 0)
		return depth <= 1 ? (uint64_t)n : 0;
	struct piece *p = malloc((size_t)n * sizeof *p);
	if (!p)
		return VC_PERFT_ERROR;
	for (int i = 0; i < n; i++) {
		p[i].pos = *pos;
		vc_make_move(&p[i].pos, moves[i]);
		p[i].root = i;
	}
	struct split s = { .p = p, .n = (size_t)n, .depth = depth - 1, .table = table };
	/* deeper while the pieces are few; a piece keeps two plies at least
	 * (perft's bulk counting at the last ply) */
	while (s.n < (size_t)jobs * 16 && s.depth > 2) {
		struct piece *q = deepen(s.p, &s.n);
		if (!q) {
			free(s.p);
			return VC_PERFT_ERROR;
		}
		s.p = q;
		s.depth--;
	}
	atomic_init(&s.next, 0);
	pthread_t *t = malloc((size_t)jobs * sizeof *t);
	int started = 0;
	if (t)
		for (; started < jobs - 1; started++)
			if (pthread_create(&t[started], NULL, worker, &s) != 0)
				break;
	worker(&s); /* this thread works too */
	for (int i = 0; i < started; i++)
		pthread_join(t[i], NULL);
	free(t);
	uint64_t total = 0;
	for (size_t i = 0; i < s.n; i++) {
		per_move[s.p[i].root] += s.p[i].nodes;
		total += s.p[i].nodes;
	}
	free(s.p);
	return total;
}
