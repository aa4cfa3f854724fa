/* vchess - libarchive loaded on first use (archive_dl_internal.h). */
#define VC_ARCHIVE_DL_NO_REDIRECT
#include "archive_dl_internal.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

struct vc_archive_fns vc_archive_fns;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *lib_name = VC_ARCHIVE_SONAME;
static int load_status = -1;
static char load_why[256];

static void load(void)
{
	/* RTLD_LOCAL: its symbols stay out of the program's namespace;
	 * RTLD_NOW: a missing function shows here, not in the middle of a
	 * file. */
	void *h = dlopen(lib_name, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		const char *e = dlerror();
		snprintf(load_why, sizeof load_why, "%s", e ? e : lib_name);
		return;
	}
	void *p;
#define VC_ARCHIVE_LOAD(f) \
	if (!(p = dlsym(h, #f))) { \
		snprintf(load_why, sizeof load_why, "%s: no %s", lib_name, #f); \
		return; \
	} \
	memcpy(&vc_archive_fns.f, &p, sizeof p);
	VC_ARCHIVE_FUNCS(VC_ARCHIVE_LOAD)
#undef VC_ARCHIVE_LOAD
	load_status = 0;
}

int vc_archive_load(const char **why)
{
	pthread_once(&load_once, load);
	if (why)
		*why = load_status == 0 ? NULL : load_why;
	return load_status;
}

void vc_archive_dl_name_for_tests(const char *name)
{
	lib_name = name;
}
