/* libFuzzer harness: the library's game level (make fuzz): the checker fed
 * by the PGN reader or the EPD line reader (formats/epd.h), each record
 * judged (lib/verdict.h) and written as the JSON object the reports and the
 * pull API give (formats/report.h). The first byte picks the variant
 * option, the rule set, --strict and the read size; the rest is the input,
 * PGN or EPD by content as the commands tell them. Checks, besides "no
 * crash, no sanitizer report":
 *   - every record's JSON is one complete object (the writer reports no
 *     error and ends at depth 0), every finding's code has its word;
 *   - findings counted agree with those kept (nerrors + nwarnings >=
 *     nfindings, all of them when fewer than the record keeps);
 *   - reading the input in small pieces gives the same records. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "epd.h"
#include "pgn_checker.h"
#include "report.h"
#include "verdict.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct src {
	const uint8_t *p;
	size_t n, step;
};

static size_t src_read(void *ctx, char *buf, size_t n)
{
	struct src *s = ctx;
	if (s->step && n > s->step)
		n = s->step;
	if (n > s->n)
		n = s->n;
	memcpy(buf, s->p, n);
	s->p += n;
	s->n -= n;
	return n;
}

struct run {
	struct vc_judge judge;
	struct vc_report_options ro;
	uint64_t hash;
	unsigned long records;
};

static int on_game(void *user, const struct vc_gc_game *g)
{
	struct run *r = user;
	if (g->nfindings > g->nerrors + g->nwarnings)
		abort();
	if (g->nerrors + g->nwarnings < VC_GC_MAX_FINDINGS &&
	    g->nfindings != g->nerrors + g->nwarnings)
		abort();
	for (int i = 0; i < g->nfindings; i++)
		if (g->findings[i].code <= VC_F_OK || g->findings[i].code >= VC_F_COUNT ||
		    vc_code_from_word(vc_code_word(g->findings[i].code)) != g->findings[i].code)
			abort();
	struct vc_verdict v;
	vc_judge_game(&r->judge, g, &v);
	struct vc_json j;
	vc_json_init_buffer(&j, 0);
	if (vc_report_game_json(&j, g, &r->ro, NULL, NULL) || vc_json_depth(&j) != 0)
		abort();
	size_t len;
	const char *text = vc_json_buffer(&j, &len);
	if (!len || text[0] != '{')
		abort();
	for (size_t i = 0; i < len; i++)
		r->hash = (r->hash ^ (unsigned char)text[i]) * 1099511628211ull;
	r->hash ^= (uint64_t)v.basis << 8 | (uint64_t)v.result;
	vc_json_release(&j);
	r->records++;
	return 0;
}

static uint64_t run_once(const uint8_t *data, size_t size, size_t step,
                         const struct vc_gc_options *go, unsigned long *records)
{
	struct run r;
	memset(&r, 0, sizeof r);
	r.ro.strict = go->strict;
	if (vc_judge_init(&r.judge, go->rules))
		return 0;
	struct vc_checker c;
	if (vc_checker_init(&c, go, on_game, &r)) {
		vc_judge_release(&r.judge);
		return 0;
	}
	struct src s = { data, size, step };
	struct vc_peek pk;
	vc_peek_init(&pk, src_read, &s);
	if (vc_peek_is_epd(&pk)) {
		struct vc_epd_reader er;
		vc_checker_set_source(&c, "fuzz", NULL);
		if (vc_epd_reader_init(&er, &pk, &c) == VC_F_OK) {
			while (vc_epd_next(&er) == 1)
				;
			vc_epd_reader_release(&er);
		}
	} else {
		vc_checker_run(&c, vc_peek_read, &pk, "fuzz", NULL);
	}
	vc_checker_release(&c);
	vc_judge_release(&r.judge);
	*records = r.records;
	return r.hash;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	uint8_t sel = data[0];
	data++;
	size--;
	struct vc_gc_options go;
	memset(&go, 0, sizeof go);
	int nvar = vc_variant_count();
	int vsel = sel % (nvar + 1); /* nvar: each game's own tag */
	go.variant = vsel < nvar ? vc_variant_get(vsel) : NULL;
	go.rules = (sel >> 4) & 1 ? VC_RULES_LICHESS : VC_RULES_FIDE;
	go.strict = (sel >> 5) & 1;
	unsigned long whole_n, piece_n;
	uint64_t whole = run_once(data, size, 0, &go, &whole_n);
	uint64_t piece = run_once(data, size, 1 + (sel >> 6) * 5, &go, &piece_n);
	if (whole != piece || whole_n != piece_n)
		abort();
	return 0;
}
