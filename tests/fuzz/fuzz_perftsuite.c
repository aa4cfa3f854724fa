/* libFuzzer harness: the perft suite reader on arbitrary bytes (make fuzz).
 * Checks: no crash or sanitizer report; every entry it returns is
 * well-formed (FEN present, depths in range). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "perftsuite.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct vc_perft_suite suite;
	struct vc_perftsuite_error err;
	vc_perftsuite_init(&suite);
	int rc = vc_perftsuite_parse(&suite, (const char *)data, size, &err);
	if (rc != 0 && (!err.message || err.line < 1 || err.column < 1))
		abort();
	for (int i = 0; i < suite.count; i++) {
		const struct vc_perft_entry *e = &suite.entries[i];
		if (!e->fen || !*e->fen || e->line < 1)
			abort();
		for (int k = 0; k < e->ncounts; k++)
			if (e->counts[k].depth < 0 ||
			    e->counts[k].depth > VC_PERFTSUITE_MAX_DEPTH)
				abort();
	}
	vc_perftsuite_release(&suite);
	return 0;
}
