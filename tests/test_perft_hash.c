/* Perft with a transposition table (lib/perft_hash.c, vc_perft_hashed):
 * on the published suites of data/perft/ (sources named in each file), for
 * every variant, the hashed count equals the suite's expected count at
 * every depth it gives up to a node bound, with a table of 1 KiB (64
 * entries: nearly every store overwrites another position, so the check
 * words are what keep the counts right) and of 1 MiB, asked twice (the
 * second time answered from the table). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perft.h"
#include "perftsuite.h"
#include "position.h"
#include "variant.h"

#define NODE_BOUND 3000000 /* deepest expected count tried, per entry */
#define PER_FILE 24        /* entries tried per file (spread over it) */

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "%s", path);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *buf = malloc((size_t)n + 1);
	cr_assert_not_null(buf);
	cr_assert_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	buf[n] = 0;
	*len = (size_t)n;
	return buf;
}

static int suite(const char *path, const char *variant, struct vc_perft_table *small,
                 struct vc_perft_table *big)
{
	size_t len;
	char *text = slurp(path, &len);
	struct vc_perft_suite s;
	struct vc_perftsuite_error err;
	vc_perftsuite_init(&s);
	cr_assert_eq(vc_perftsuite_parse(&s, text, len, &err), 0, "%s", path);
	int checked = 0, step = s.count > PER_FILE ? s.count / PER_FILE : 1;
	for (int i = 0; i < s.count; i += step) {
		const struct vc_perft_entry *e = &s.entries[i];
		const char *vname = e->variant ? e->variant : variant;
		const struct vc_variant *v = vc_variant_find(vname, NULL);
		cr_assert_not_null(v, "%s: variant %s", path, vname);
		struct vc_position pos;
		cr_assert_eq(vc_fen_parse(&pos, e->fen, v->id, NULL), VC_FEN_OK, "%s", e->fen);
		for (int c = 0; c < e->ncounts; c++) {
			const int d = e->counts[c].depth;
			const int64_t want = vc_perftsuite_expected(e, d);
			if (want < 0 || want > NODE_BOUND)
				continue;
			for (int twice = 0; twice < 2; twice++) {
				cr_assert_eq(vc_perft_hashed(&pos, d, small), (uint64_t)want,
				             "%s line %ld depth %d (1 KiB table)", path, e->line, d);
				cr_assert_eq(vc_perft_hashed(&pos, d, big), (uint64_t)want,
				             "%s line %ld depth %d (1 MiB table)", path, e->line, d);
			}
			checked++;
		}
	}
	vc_perftsuite_release(&s);
	free(text);
	return checked;
}

Test(perft_hash, published_suites_every_variant)
{
	struct vc_perft_table *small, *big;
	cr_assert_eq(vc_perft_table_new(1024, &small), VC_F_OK);
	cr_assert_eq(vc_perft_table_new(1 << 20, &big), VC_F_OK);
	cr_assert_eq(vc_perft_table_bytes(small), 1024);
	static const char *const files[][2] = {
		{ "data/perft/standard.epd", "standard" },
		{ "data/perft/tricky.perft", "standard" },
		{ "data/perft/chess960-xfen.epd", "chess960" },
		{ "data/perft/chess960-shredder.epd", "chess960" },
		{ "data/perft/antichess.epd", "antichess" },
		{ "data/perft/backwards.epd", "backwards" },
	};
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
		cr_assert_gt(suite(files[i][0], files[i][1], small, big), 0, "%s: nothing checked",
		             files[i][0]);
	vc_perft_table_free(small);
	vc_perft_table_free(big);
}

Test(perft_hash, arguments)
{
	struct vc_perft_table *t = (struct vc_perft_table *)1;
	cr_assert_eq(vc_perft_table_new(1023, &t), VC_F_INVALID_ARGUMENT);
	cr_assert_null(t);
	cr_assert_eq(vc_perft_table_new(4096, NULL), VC_F_INVALID_ARGUMENT);
	cr_assert_eq(vc_perft_table_new(5000, &t), VC_F_OK);
	cr_assert_eq(vc_perft_table_bytes(t), 4096); /* a power of two of 16-byte entries */
	struct vc_position pos;
	vc_startpos(&pos, VC_STANDARD);
	cr_assert_eq(vc_perft_hashed(&pos, 4, t), 197281);
	cr_assert_eq(vc_perft_hashed(&pos, 0, t), 1);
	cr_assert_eq(vc_perft_hashed(NULL, 3, t), VC_PERFT_ERROR);
	cr_assert_eq(vc_perft_hashed(&pos, 3, NULL), VC_PERFT_ERROR);
	cr_assert_eq(vc_perft_hashed(&pos, VC_PERFT_MAX_DEPTH + 1, t), VC_PERFT_ERROR);
	vc_perft_table_free(t);
	vc_perft_table_free(NULL);
}
