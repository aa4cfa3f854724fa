/* Tests of cmd/duplicates.c (validate --duplicates): the hash of a replayed
 * game (what counts: variant, start position, main-line moves; what does
 * not: tags, comments, variations, move spelling, result) and the table
 * (first seen wins, growth keeps every key, --duplicates-max, the all-zero
 * hash). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "../cmd/duplicates.h"
#include "pgn_checker.h"

/* The hashes of the games of a PGN text, in order; has[i] false when game
 * i takes no part. */
struct hashes {
	struct vc_dup_hash h[16];
	bool has[16];
	int n;
};

static int on_game(void *user, const struct vc_gc_game *g)
{
	struct hashes *hs = user;
	cr_assert_lt(hs->n, 16);
	hs->has[hs->n] = vc_dup_hash_game(g, &hs->h[hs->n]);
	hs->n++;
	return 0;
}

static void hash_text(const char *pgn, struct hashes *hs)
{
	memset(hs, 0, sizeof *hs);
	struct vc_gc_options go = { 0 };
	struct vc_checker chk;
	cr_assert_eq(vc_checker_init(&chk, &go, on_game, hs), 0);
	FILE *in = fmemopen((void *)pgn, strlen(pgn), "rb");
	cr_assert_not_null(in);
	vc_checker_run(&chk, vc_pgn_stdio_read, in, "t.pgn", NULL);
	fclose(in);
	vc_checker_release(&chk);
}

static bool same(const struct vc_dup_hash *a, const struct vc_dup_hash *b)
{
	return a->hi == b->hi && a->lo == b->lo;
}

Test(duplicates, what_counts_in_the_hash)
{
	struct hashes hs;
	hash_text(
	        /* 0 */ "[Event \"a\"]\n[Result \"1-0\"]\n\n"
	                "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
	        /* 1: other tags, spelling, comments, variations, no result tag */
	                "[Event \"b\"]\n[White \"x\"]\n\n"
	                "1. e2e4 {c} e5 (1... c5) 2. Qd1h5 Nc6 3. Bc4 Nf6 4. Qf7# 1-0\n\n"
	        /* 2: one move less */
	                "[Event \"c\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 *\n\n"
	        /* 3: the same moves from another (equal-looking) start: a FEN
	         * with other counters */
	                "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2\"]\n\n"
	                "2. e4 e5 3. Qh5 Nc6 4. Bc4 Nf6 5. Qxf7# 1-0\n\n"
	        /* 4: another variant, the same moves */
	                "[Variant \"Chess960\"]\n[Result \"1-0\"]\n\n"
	                "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
	        /* 5: an illegal move: takes no part */
	                "[Event \"bad\"]\n\n1. e4 e4 *\n\n"
	        /* 6: an error that leaves the moves whole (result mismatch):
	         * still no part (only games without errors) */
	                "[Result \"0-1\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n",
	        &hs);
	cr_assert_eq(hs.n, 7);
	for (int i = 0; i < 5; i++)
		cr_assert(hs.has[i], "game %d takes part", i);
	cr_assert_not(hs.has[5]);
	cr_assert_not(hs.has[6]);
	cr_assert(same(&hs.h[0], &hs.h[1]), "tags, spelling, comments, variations do not count");
	cr_assert_not(same(&hs.h[0], &hs.h[2]), "the moves count");
	cr_assert_not(same(&hs.h[0], &hs.h[3]), "the start position counts (its counters too)");
	cr_assert_not(same(&hs.h[0], &hs.h[4]), "the variant counts");
	/* the same text gives the same hash in another run */
	struct hashes again;
	hash_text("[Event \"z\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n", &again);
	cr_assert(again.has[0] && same(&again.h[0], &hs.h[0]));
}

Test(duplicates, undo_chess_takes_no_part)
{
	struct hashes hs;
	hash_text("[Variant \"Undo\"]\n\n1. e4 e5 *\n", &hs);
	cr_assert_eq(hs.n, 1);
	cr_assert_not(hs.has[0]);
}

Test(duplicates, hex)
{
	struct vc_dup_hash h = { 0x0123456789abcdefull, 0xfedcba9876543210ull };
	char buf[33];
	cr_assert_str_eq(vc_dup_hash_hex(&h, buf), "0123456789abcdeffedcba9876543210");
	struct vc_dup_hash back;
	cr_assert(vc_dup_hash_parse(buf, &back));
	cr_assert(same(&back, &h));
	cr_assert(vc_dup_hash_parse("0123456789ABCDEFFEDCBA9876543210", &back));
	cr_assert(same(&back, &h));
	cr_assert_not(vc_dup_hash_parse("0123456789abcdeffedcba987654321", &back));
	cr_assert_not(vc_dup_hash_parse("0123456789abcdeffedcba98765432100", &back));
	cr_assert_not(vc_dup_hash_parse("0123456789abcdeffedcba987654321g", &back));
}

Test(duplicates, table_first_seen_wins_and_grows)
{
	struct vc_dup_table t;
	vc_dup_table_init(&t, 1000000);
	uint32_t first = 0;
	/* 100,000 keys (the table grows from 1,024 slots many times), each
	 * added once, then each found with its own id */
	for (uint32_t i = 1; i <= 100000; i++) {
		struct vc_dup_hash h = { i * 0x9e3779b97f4a7c15ull, i };
		cr_assert_eq(vc_dup_table_add(&t, &h, i, &first), VC_DUP_NEW);
	}
	cr_assert_eq(t.count, 100000);
	cr_assert_leq(10 * t.count, 9 * t.nslots, "at most nine tenths full");
	for (uint32_t i = 1; i <= 100000; i++) {
		struct vc_dup_hash h = { i * 0x9e3779b97f4a7c15ull, i };
		cr_assert_eq(vc_dup_table_add(&t, &h, 200000 + i, &first), VC_DUP_FOUND);
		cr_assert_eq(first, i);
	}
	/* keys equal in their low bits (the slot) and different above */
	struct vc_dup_hash a = { 1, 42 }, b = { 2, 42 };
	cr_assert_eq(vc_dup_table_add(&t, &a, 7, &first), VC_DUP_NEW);
	cr_assert_eq(vc_dup_table_add(&t, &b, 8, &first), VC_DUP_NEW);
	cr_assert_eq(vc_dup_table_add(&t, &b, 9, &first), VC_DUP_FOUND);
	cr_assert_eq(first, 8);
	vc_dup_table_release(&t);
}

Test(duplicates, table_max_and_zero_hash)
{
	struct vc_dup_table t;
	vc_dup_table_init(&t, 2);
	uint32_t first = 0;
	struct vc_dup_hash zero = { 0, 0 }, one = { 0, 1 }, two = { 5, 2 };
	/* the all-zero hash marks empty slots: kept apart, found all the same */
	cr_assert_eq(vc_dup_table_add(&t, &zero, 1, &first), VC_DUP_NEW);
	cr_assert_eq(vc_dup_table_add(&t, &zero, 2, &first), VC_DUP_FOUND);
	cr_assert_eq(first, 1);
	cr_assert_eq(vc_dup_table_add(&t, &one, 3, &first), VC_DUP_NEW);
	/* full: a new game is not added, known ones are still found */
	cr_assert_eq(vc_dup_table_add(&t, &two, 4, &first), VC_DUP_FULL);
	cr_assert_eq(vc_dup_table_add(&t, &two, 5, &first), VC_DUP_FULL);
	cr_assert_eq(vc_dup_table_add(&t, &one, 6, &first), VC_DUP_FOUND);
	cr_assert_eq(first, 3);
	cr_assert_eq(t.count, 2);
	vc_dup_table_release(&t);
	vc_dup_table_release(&t); /* twice: nothing left to free */
}

/* A stream of pseudo-random 64-bit numbers (splitmix64): the test's own
 * keys, independent of the hash. */
static uint64_t mix(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

struct keyed {
	struct vc_dup_hash h;
	uint32_t id;
};

static int by_hash_then_id(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;
	if (x->h.hi != y->h.hi)
		return x->h.hi < y->h.hi ? -1 : 1;
	if (x->h.lo != y->h.lo)
		return x->h.lo < y->h.lo ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

/* Two million additions, a third of them repeats of earlier keys, with
 * keys made to collide: equal low bits (lo, and hi's low half), equal high
 * bits (hi's top bits: one home slot for many keys), equal hi with
 * another lo, and the all-zero hash. The oracle is a sort of (key, number)
 * pairs: a key's first is the least number of its group; every addition
 * must say new exactly for a first, and found with that first otherwise. */
Test(duplicates, table_millions_against_a_sort, .timeout = 300)
{
	enum { N = 2000000 };
	struct keyed *k = malloc(N * sizeof *k);
	uint32_t *first_of = malloc(N * sizeof *first_of);
	cr_assert(k && first_of);
	uint64_t st = 12345;
	for (uint32_t i = 0; i < N; i++) {
		uint64_t r = mix(&st), a = mix(&st), b = mix(&st);
		struct vc_dup_hash h;
		switch (r % 12) {
		case 0: case 1: case 2: case 3: /* a repeat of an earlier key */
			if (i > 0) {
				h = k[(size_t)(a % i)].h;
				break;
			}
			/* fall through */
		case 4: case 5: case 6: /* random */
			h.hi = a;
			h.lo = b;
			break;
		case 7: /* the low bits of both words shared by all */
			h.hi = (a << 32) | 0x5555u;
			h.lo = (b << 40) | 0xabcdefu;
			break;
		case 8: /* the same lo for all: only hi differs */
			h.hi = a;
			h.lo = 42;
			break;
		case 9: /* hi's top 12 bits then 36 zero bits: some 40 keys a
			 * home slot */
			h.hi = ((a % 4096) << 52) | (b & 0xffffu);
			h.lo = b;
			break;
		case 10: /* 512 keys of one home: 64 hi by 8 lo */
			h.hi = 0x0123456789abcdefull ^ (a % 64);
			h.lo = b % 8 + 1;
			break;
		default: /* small keys near zero, the zero hash among them */
			h.hi = 0;
			h.lo = a % 1024;
			break;
		}
		k[i].h = h;
		k[i].id = i;
	}
	struct vc_dup_table t;
	vc_dup_table_init(&t, N);
	enum vc_dup_result *got = malloc(N * sizeof *got);
	uint32_t *said = malloc(N * sizeof *said);
	cr_assert(got && said);
	for (uint32_t i = 0; i < N; i++) {
		said[i] = UINT32_MAX;
		got[i] = vc_dup_table_add(&t, &k[i].h, i, &said[i]);
	}
	/* the oracle */
	struct keyed *sorted = malloc(N * sizeof *sorted);
	cr_assert_not_null(sorted);
	memcpy(sorted, k, N * sizeof *k);
	qsort(sorted, N, sizeof *sorted, by_hash_then_id);
	size_t firsts = 0;
	for (size_t i = 0; i < N; i++) {
		bool starts = i == 0 || sorted[i].h.hi != sorted[i - 1].h.hi ||
		              sorted[i].h.lo != sorted[i - 1].h.lo;
		if (starts)
			firsts++;
		first_of[sorted[i].id] = starts ? sorted[i].id : first_of[sorted[i - 1].id];
	}
	cr_assert_gt(firsts, N / 2);
	cr_assert_lt(firsts, N - N / 5, "repeats were made");
	for (uint32_t i = 0; i < N; i++) {
		if (first_of[i] == i)
			cr_assert_eq(got[i], VC_DUP_NEW, "addition %u: a first, not said new", i);
		else {
			cr_assert_eq(got[i], VC_DUP_FOUND, "addition %u: a repeat not found", i);
			cr_assert_eq(said[i], first_of[i], "addition %u: first %u, said %u", i,
			             first_of[i], said[i]);
		}
	}
	cr_assert_eq(t.count, firsts);
	/* everything kept is still there after the last growth */
	for (uint32_t i = 0; i < N; i += 7) {
		uint32_t f = UINT32_MAX;
		cr_assert_eq(vc_dup_table_add(&t, &k[i].h, N + i, &f), VC_DUP_FOUND);
		cr_assert_eq(f, first_of[i]);
	}
	vc_dup_table_release(&t);
	free(sorted);
	free(said);
	free(got);
	free(first_of);
	free(k);
}

/* The memory the table holds (its own accounting) after every addition of
 * three million keys: at most VC_DUP_TABLE_BYTES_PER_GAME bytes a game plus
 * a page, or VC_DUP_TABLE_MIN_BYTES; and no less than the 20 bytes a slot
 * at nine tenths full (22.2 a game) that the man page gives as the other
 * bound; both within 0.05 bytes a game at every size past 100,000 games
 * (where the page is 0.04 bytes a game). More than 40 sizes: the table
 * grows by small steps, not by doubling. */
Test(duplicates, table_memory_per_game, .timeout = 300)
{
	enum { N = 3000000 };
	struct vc_dup_table t;
	vc_dup_table_init(&t, N);
	uint64_t st = 777;
	double most = 0, least = 1e9;
	size_t growths = 0, last = 0;
	for (uint32_t i = 1; i <= N; i++) {
		struct vc_dup_hash h = { mix(&st), mix(&st) };
		uint32_t first;
		cr_assert_eq(vc_dup_table_add(&t, &h, i, &first), VC_DUP_NEW);
		size_t b = vc_dup_table_bytes(&t);
		size_t bound = (size_t)VC_DUP_TABLE_BYTES_PER_GAME * t.count + 4096;
		if (bound < VC_DUP_TABLE_MIN_BYTES)
			bound = VC_DUP_TABLE_MIN_BYTES;
		cr_assert_leq(b, bound, "%zu bytes for %zu games", b, t.count);
		if (b != last) {
			growths++;
			last = b;
		}
		if (t.count >= 100000) {
			double per = (double)b / (double)t.count;
			most = per > most ? per : most;
			least = per < least ? per : least;
		}
	}
	cr_assert_gt(growths, 40, "grown in small steps (%zu)", growths);
	cr_assert_leq(most, 25.05, "at most %.3f bytes a game", most);
	cr_assert_geq(least, 22.2, "at least %.3f bytes a game", least);
	cr_log_info("bytes a game past 100,000 games: %.3f to %.3f, %zu sizes", least, most,
	            growths);
	/* released: nothing held */
	vc_dup_table_release(&t);
	cr_assert_eq(vc_dup_table_bytes(&t), 0);
}

/* Out of memory when it grows (the address space limited, in this test's
 * own process): the addition says so, and every game kept is still found
 * with its number; with the memory back the table grows again. */
Test(duplicates, table_out_of_memory_keeps_what_it_has)
{
#ifdef __SANITIZE_ADDRESS__
	cr_skip_test("ASan's shadow memory needs the address space");
#endif
	struct vc_dup_table t;
	vc_dup_table_init(&t, 100000000);
	uint64_t st = 99;
	uint32_t first;
	uint32_t n = 0;
	for (; n < 100000; n++) {
		struct vc_dup_hash h = { mix(&st), mix(&st) };
		cr_assert_eq(vc_dup_table_add(&t, &h, n, &first), VC_DUP_NEW);
	}
	FILE *f = fopen("/proc/self/statm", "r");
	unsigned long pages = 0;
	if (!f || fscanf(f, "%lu", &pages) != 1)
		cr_skip_test("no /proc/self/statm");
	fclose(f);
	struct rlimit was, lim;
	cr_assert_eq(getrlimit(RLIMIT_AS, &was), 0);
	lim = was;
	lim.rlim_cur = (rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE) + (1u << 20);
	cr_assert_eq(setrlimit(RLIMIT_AS, &lim), 0);
	enum vc_dup_result r = VC_DUP_NEW;
	for (; n < 10000000 && (r = vc_dup_table_add(&t, &(struct vc_dup_hash){ mix(&st), mix(&st) },
	                                             n, &first)) == VC_DUP_NEW;
	     n++)
		;
	cr_assert_eq(r, VC_DUP_NOMEM, "out of memory said (%u games)", n);
	cr_assert_eq(t.count, n);
	cr_assert_eq(setrlimit(RLIMIT_AS, &was), 0);
	/* the keys again, from the start of the stream */
	st = 99;
	for (uint32_t i = 0; i < n; i++) {
		struct vc_dup_hash h = { mix(&st), mix(&st) };
		cr_assert_eq(vc_dup_table_add(&t, &h, n + i, &first), VC_DUP_FOUND, "game %u", i);
		cr_assert_eq(first, i);
	}
	/* the one refused, and more: added now */
	for (uint32_t i = 0; i < 1000000; i++) {
		struct vc_dup_hash h = { mix(&st), mix(&st) };
		cr_assert_eq(vc_dup_table_add(&t, &h, 2 * n + i, &first), VC_DUP_NEW);
	}
	vc_dup_table_release(&t);
}

/* The command's side: members named by their first games' numbers across
 * sources and archive members, the numbers of -j N's segments (base). */
Test(duplicates, decide_names_the_first)
{
	struct vc_report rep;
	struct vc_report_options ro = { .format = VC_FORMAT_TEXT, .command = "validate" };
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	vc_report_init(&rep, out, &ro);
	struct vc_dups d;
	vc_dups_init(&d, 100, &rep);
	union {
		struct vc_dup_query q;
		char b[sizeof(struct vc_dup_query) + 64];
	} u;
	struct vc_dup_hash x = { 1, 1 }, y = { 2, 2 };
	const char *a = "a.zip", *b = "b.pgn";
	/* a.zip:m1 games 1-3 (x at 2), a.zip:m2 game 1 (y), b.pgn game 4 (x),
	 * given as -j N gives them: index 1 + base 3 */
	u.q = (struct vc_dup_query){ .h = y, .source = a, .index = 1, .line = 1, .has_member = true };
	strcpy(u.q.member, "m1");
	cr_assert_eq(vc_dups_decide(&d, &u.q, 0), 0);
	u.q.h = x;
	u.q.index = 2;
	cr_assert_eq(vc_dups_decide(&d, &u.q, 0), 0);
	u.q.h = y;
	u.q.index = 1;
	strcpy(u.q.member, "m2");
	cr_assert_eq(vc_dups_decide(&d, &u.q, 0), 1);
	cr_assert_str_eq(d.first_src, "a.zip");
	cr_assert_str_eq(d.first_member, "m1");
	cr_assert_eq(d.first_index, 1);
	vc_dups_write(&d, NULL, 1, out);
	u.q = (struct vc_dup_query){ .h = x, .source = b, .index = 1, .line = 9 };
	u.q.member[0] = 0;
	cr_assert_eq(vc_dups_decide(&d, &u.q, 3), 1);
	cr_assert_str_eq(d.first_member, "m1");
	cr_assert_eq(d.first_index, 2);
	cr_assert_eq(d.index, 4);
	vc_dups_write(&d, NULL, 1, out);
	vc_dups_write(&d, NULL, 0, out); /* not a duplicate: nothing */
	fclose(out);
	cr_assert_str_eq(text,
	                 "a.zip:m2:1:1: warning: game 1: duplicate of game 1 of a.zip:m1 [duplicate-of]\n"
	                 "b.pgn:9:1: warning: game 4: duplicate of game 2 of a.zip:m1 [duplicate-of]\n");
	cr_assert_eq(d.found, 2);
	cr_assert_eq(rep.warnings, 2);
	cr_assert_eq(rep.code_count[VC_F_DUPLICATE_OF], 2);
	free(text);
	vc_dups_release(&d);
}
