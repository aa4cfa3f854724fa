/* vchess - perft with a transposition table (perft.h). */
#include "perft.h"

#include <stdatomic.h>
#include <stdlib.h>

#include "variant.h"
#include "variant_internal.h"

/* One entry: data = count << 8 | depth, check = key ^ data. A reader
 * takes the entry only when check ^ data gives back its key and the depth
 * is its own: an entry half written by another thread fails the test. */
struct slot {
	_Atomic uint64_t check, data;
};

struct vc_perft_table {
	struct slot *slots;
	size_t mask; /* entries - 1 */
};

enum vc_code vc_perft_table_new(size_t bytes, struct vc_perft_table **out)
{
	if (!out || bytes < 1024) {
		if (out)
			*out = NULL;
		return VC_F_INVALID_ARGUMENT;
	}
	*out = NULL;
	size_t n = 1;
	while (n <= bytes / sizeof(struct slot) / 2)
		n *= 2;
	struct vc_perft_table *t = malloc(sizeof *t);
	if (!t)
		return VC_F_OUT_OF_MEMORY;
	t->slots = calloc(n, sizeof *t->slots); /* all zero: no entry (depth 0
	                                           is never stored) */
	if (!t->slots) {
		free(t);
		return VC_F_OUT_OF_MEMORY;
	}
	t->mask = n - 1;
	*out = t;
	return VC_F_OK;
}

void vc_perft_table_free(struct vc_perft_table *t)
{
	if (t) {
		free(t->slots);
		free(t);
	}
}

size_t vc_perft_table_bytes(const struct vc_perft_table *t)
{
	return t ? (t->mask + 1) * sizeof(struct slot) : 0;
}

/* A key for (position, depth): the depth mixed in, so that one position's
 * counts at several depths live in different places */
static inline uint64_t slot_key(uint64_t key, int depth)
{
	return key ^ ((uint64_t)depth * 0x9E3779B97F4A7C15ull);
}

static uint64_t rec(const struct vc_variant *v, const struct vc_position *pos, int depth,
                    struct vc_perft_table *t)
{
	if (depth <= 2)
		return vc_perft(pos, depth); /* bulk counting: no table below */
	const uint64_t k = slot_key(pos->key, depth);
	struct slot *s = &t->slots[k & t->mask];
	uint64_t d = atomic_load_explicit(&s->data, memory_order_relaxed);
	uint64_t c = atomic_load_explicit(&s->check, memory_order_relaxed);
	if ((c ^ d) == k && (int)(d & 0xFF) == depth)
		return d >> 8;
	vc_move list[VC_MAX_MOVES];
	const int n = v->gen_legal(pos, list);
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		struct vc_position next = *pos;
		v->make(&next, list[i]); /* the rules make: it keeps the key */
		total += rec(v, &next, depth - 1, t);
	}
	if (total < ((uint64_t)1 << 56)) {
		d = total << 8 | (uint64_t)depth;
		atomic_store_explicit(&s->data, d, memory_order_relaxed);
		atomic_store_explicit(&s->check, k ^ d, memory_order_relaxed);
	}
	return total;
}

uint64_t vc_perft_hashed(const struct vc_position *pos, int depth, struct vc_perft_table *t)
{
	const struct vc_variant *v = pos ? vc_variant_checked(pos) : NULL;
	if (!v || !t || depth < 0 || depth > VC_PERFT_MAX_DEPTH)
		return VC_PERFT_ERROR;
	return rec(v, pos, depth, t);
}
