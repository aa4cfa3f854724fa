/* libFuzzer harness: the perft suite reader on arbitrary bytes (make fuzz).
 * Checks: no crash or sanitizer report; every entry it returns is
 * well-formed (FEN present, depths in range, in line order); reading on
 * after errors (vc_perftsuite_parse_all) tells each error once, in line
 * order, and keeps at least the entries the stopping reader returns. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "perftsuite.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_entries(const struct vc_perft_suite *suite)
{
	long last = 0;
	for (int i = 0; i < suite->count; i++) {
		const struct vc_perft_entry *e = &suite->entries[i];
		if (!e->fen || !*e->fen || e->line < 1 || e->line <= last)
			abort();
		last = e->line;
		for (int k = 0; k < e->ncounts; k++)
			if (e->counts[k].depth < 0 ||
			    e->counts[k].depth > VC_PERFTSUITE_MAX_DEPTH)
				abort();
	}
}

struct errs {
	long last_line;
	int n;
};

static void on_error(void *ctx, const struct vc_perftsuite_error *e)
{
	struct errs *x = ctx;
	if (!e->message || e->line < 1 || e->column < 1 || e->line <= x->last_line)
		abort(); /* errors come one per line, in line order */
	x->last_line = e->line;
	x->n++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct vc_perft_suite suite;
	struct vc_perftsuite_error err;
	vc_perftsuite_init(&suite);
	int rc = vc_perftsuite_parse(&suite, (const char *)data, size, &err);
	if (rc != 0 && (!err.message || err.line < 1 || err.column < 1))
		abort();
	check_entries(&suite);
	int stopped_at = suite.count;
	vc_perftsuite_release(&suite);

	/* reading on after errors: the same entries up to the first error,
	 * then more, and as many errors told as returned */
	vc_perftsuite_init(&suite);
	struct errs x = { 0, 0 };
	int n = vc_perftsuite_parse_all(&suite, (const char *)data, size, on_error, &x);
	if (n >= 0 && (n != x.n || (rc == 0) != (n == 0) || suite.count < stopped_at))
		abort();
	check_entries(&suite);
	vc_perftsuite_release(&suite);
	return 0;
}
