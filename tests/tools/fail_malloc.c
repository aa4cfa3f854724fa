/* An LD_PRELOAD shim for tests/nomem.sh: makes one chosen allocation of
 * vchess fail, so that the handling of running out of memory can be
 * tested without running out of it.
 *
 *   VCHESS_FAIL_MALLOC=SIZE:N   the Nth malloc of exactly SIZE bytes (N
 *                               from 1) returns NULL, once; every other
 *                               allocation is glibc's.
 *   VCHESS_FAIL_MALLOC_LOG=1    print "malloc SIZE" for each malloc of
 *                               65536 bytes or more to standard error
 *                               (to find SIZE and N).
 *
 * Build: cc -shared -fPIC -o fail_malloc.so tests/tools/fail_malloc.c -ldl
 * The process's other threads may allocate too: the count is atomic. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static size_t fail_size;
static long fail_nth;
static long seen;
static int log_big;
static int ready;

extern void *__libc_malloc(size_t n);

static void setup(void)
{
	const char *s = getenv("VCHESS_FAIL_MALLOC");
	if (s) {
		unsigned long long size;
		long nth;
		if (sscanf(s, "%llu:%ld", &size, &nth) == 2) {
			fail_size = (size_t)size;
			fail_nth = nth;
		}
	}
	log_big = getenv("VCHESS_FAIL_MALLOC_LOG") != NULL;
	ready = 1;
}

void *malloc(size_t n)
{
	if (!ready)
		setup();
	if (log_big && n >= 65536) {
		char b[64];
		int k = snprintf(b, sizeof b, "malloc %zu\n", n);
		if (write(2, b, (size_t)k) < 0)
			return NULL;
	}
	if (fail_nth && n == fail_size &&
	    __atomic_add_fetch(&seen, 1, __ATOMIC_RELAXED) == fail_nth)
		return NULL;
	return __libc_malloc(n);
}
