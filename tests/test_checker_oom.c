/* vchess - the game checker when memory runs out while it keeps a game's
 * tags (lib/checker.c vc_checker_tag): the game gets the error
 * out-of-memory and still exactly one record.
 *
 * The checker has no allocator hook, so the failure is made real: the
 * test process (Criterion runs each test in its own) lowers its address
 * space limit (RLIMIT_AS) a little above what it uses, then gives tags
 * with large values until the tag arena cannot grow. Not under
 * AddressSanitizer, whose allocator reserves address space of its own
 * and aborts instead of failing. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "checker.h"

#if defined(__SANITIZE_ADDRESS__)
#define VC_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define VC_TEST_ASAN 1
#endif
#endif

#ifndef VC_TEST_ASAN /* the helpers of the test that runs */
static int records;
static struct vc_gc_game last;

static int grab(void *user, const struct vc_gc_game *g)
{
	(void)user;
	records++;
	last = *g;
	return 0;
}

/* The process's address space in bytes now (/proc/self/statm). */
static size_t address_space(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	unsigned long pages = 0;
	if (f) {
		if (fscanf(f, "%lu", &pages) != 1)
			pages = 0;
		fclose(f);
	}
	return (size_t)pages * (size_t)sysconf(_SC_PAGESIZE);
}

#endif

/* A tag that cannot be kept is the game's one error, and its only finding:
 * the tags and movetext it could not read are not judged (no
 * missing-result-tag, no final position of a game never read); the checker
 * goes on with the next game. */
Test(checker_oom, a_tag_that_cannot_be_kept_is_the_games_only_finding)
{
#ifdef VC_TEST_ASAN
	cr_skip_test("RLIMIT_AS does not work under AddressSanitizer");
#else
	struct vc_checker c;
	struct vc_gc_options opt = { .rules = VC_RULES_FIDE };
	cr_assert_eq(vc_checker_init(&c, &opt, grab, NULL), VC_F_OK);
	const size_t len = 4u << 20; /* 4 MiB a value: the arena doubles past the limit */
	char *value = malloc(len + 1);
	cr_assert_not_null(value);
	memset(value, 'v', len);
	value[len] = 0;

	struct rlimit old;
	cr_assert_eq(getrlimit(RLIMIT_AS, &old), 0);
	size_t used = address_space();
	cr_assert_gt(used, 0);
	struct rlimit low = old;
	low.rlim_cur = used + (24u << 20);
	if (old.rlim_cur != RLIM_INFINITY && old.rlim_cur < low.rlim_cur)
		low.rlim_cur = old.rlim_cur;
	cr_assert_eq(setrlimit(RLIMIT_AS, &low), 0);

	struct vc_loc l = { .line = 1, .column = 1 };
	vc_checker_begin_game(&c, 1, &l);
	int rc = VC_CONTINUE, ntags = 0;
	char name[16];
	while (rc == VC_CONTINUE && ntags < 64) {
		snprintf(name, sizeof name, "Big%d", ntags);
		l.line = (uint64_t)++ntags;
		rc = vc_checker_tag(&c, name, value, len, &l);
	}
	setrlimit(RLIMIT_AS, &old); /* before anything else allocates */
	cr_assert_eq(rc, VC_SKIP, "the arena grew past the limit (%d tags)", ntags);
	cr_assert_lt(ntags, 64);

	/* the reader skips to the game's end: one record, with the error */
	struct vc_loc end = { .line = (uint64_t)ntags + 2, .column = 1 };
	cr_assert_eq(vc_checker_end_game(&c, &end, NULL, 0), VC_CONTINUE);
	cr_assert_eq(records, 1);
	cr_assert_not(last.valid);
	cr_assert_eq(last.ntags, ntags - 1); /* the tags kept before */
	bool found = false;
	for (int i = 0; i < last.nfindings; i++)
		if (last.findings[i].code == VC_F_OUT_OF_MEMORY) {
			found = true;
			cr_assert_eq(last.findings[i].line, (uint64_t)ntags);
			cr_assert(last.findings[i].error);
		}
	cr_assert(found);
	for (int i = 0; i < last.nfindings; i++)
		cr_assert_eq(last.findings[i].code, VC_F_OUT_OF_MEMORY, "also %s: %s",
		             vc_code_word(last.findings[i].code), last.findings[i].message);
	cr_assert_eq(last.nerrors, 1);
	cr_assert_not(last.setup_ok, "a start position for a game not read");

	/* the checker goes on with the next game */
	records = 0;
	vc_checker_begin_game(&c, 2, &end);
	cr_assert_eq(vc_checker_tag(&c, "Result", "*", 1, &end), VC_CONTINUE);
	vc_checker_end_game(&c, &end, NULL, 0);
	cr_assert_eq(records, 1);
	cr_assert_eq(last.ntags, 1);
	cr_assert_eq(last.nerrors, 0);
	vc_checker_release(&c);
	free(value);
#endif
}
