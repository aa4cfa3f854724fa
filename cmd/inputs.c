/* vchess - input operands with directories walked (inputs.h). */
#include "inputs.h"

#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common.h"
#include "epd.h"
#include "input.h"
#include "member.h"

struct list {
	char **v;
	int n, cap;
	bool failed;
};

static bool push(struct list *l, const char *s)
{
	if (l->n == l->cap) {
		int cap = l->cap ? l->cap * 2 : 16;
		char **v = realloc(l->v, (size_t)cap * sizeof *v);
		if (!v)
			return false;
		l->v = v;
		l->cap = cap;
	}
	if (!(l->v[l->n] = strdup(s)))
		return false;
	l->n++;
	return true;
}

static bool excluded(const char *path, char *const *ex, int nex)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	for (int i = 0; i < nex; i++)
		if (fnmatch(ex[i], path, 0) == 0 || fnmatch(ex[i], base, 0) == 0)
			return true;
	return false;
}

/* Does the file hold games? Compressed and archives: yes (their members
 * are judged as they are read); plain text: when it reads as PGN or EPD. An
 * unreadable file: yes, so that the command reports it. */
static bool holds_games(const char *path)
{
	struct vc_input_error err;
	vc_input_error_init(&err);
	struct vc_input *in = vc_input_open(path, &err);
	if (!in)
		return true;
	bool yes = true;
	if (vc_input_kind(in) == VC_INPUT_PLAIN && vc_input_next_member(in, NULL) == 1) {
		struct vc_member_reader mr;
		struct vc_peek *pk = malloc(sizeof *pk);
		if (pk) {
			vc_member_reader_init(&mr, in);
			yes = vc_member_peek(pk, &mr, path); /* an archive member's rule */
			free(pk);
		}
	}
	vc_input_close(in);
	return yes;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool walk(const char *name, const char *dir, char *const *ex, int nex, struct list *out)
{
	DIR *d = opendir(dir);
	if (!d) {
		vc_cli_error(name, "cannot read directory %s: %s", dir, strerror(errno));
		return false;
	}
	struct list names = { 0 };
	struct dirent *e;
	bool ok = true;
	while ((e = readdir(d)))
		if (e->d_name[0] != '.' && !push(&names, e->d_name))
			ok = false;
	closedir(d);
	if (!ok) {
		vc_cli_inputs_free(names.v, names.n);
		vc_cli_error(name, "out of memory");
		return false;
	}
	if (names.n) /* qsort wants a real array, even of nothing */
		qsort(names.v, (size_t)names.n, sizeof *names.v, by_name);
	const size_t dl = strlen(dir);
	const bool slash = dl && dir[dl - 1] == '/';
	for (int i = 0; i < names.n && ok; i++) {
		size_t len = dl + 1 + strlen(names.v[i]) + 1;
		char *path = malloc(len);
		if (!path) {
			vc_cli_error(name, "out of memory");
			ok = false;
			break;
		}
		snprintf(path, len, "%s%s%s", dir, slash ? "" : "/", names.v[i]);
		struct stat ls, st;
		if (!excluded(path, ex, nex) && lstat(path, &ls) == 0) {
			if (S_ISDIR(ls.st_mode))
				ok = walk(name, path, ex, nex, out);
			else if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && holds_games(path) &&
			         !push(out, path)) {
				vc_cli_error(name, "out of memory");
				ok = false;
			}
		}
		free(path);
	}
	vc_cli_inputs_free(names.v, names.n);
	return ok;
}

bool vc_cli_inputs(const char *name, char *const *ops, int nops, char *const *excludes,
                   int nexcl, char ***out, int *nout)
{
	struct list l = { 0 };
	bool ok = true;
	for (int i = 0; i < nops && ok; i++) {
		struct stat st;
		if (strcmp(ops[i], "-") != 0 && stat(ops[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			/* "dir/" matches a pattern as "dir" does */
			char bare[4096];
			size_t n = strlen(ops[i]);
			while (n > 1 && ops[i][n - 1] == '/')
				n--;
			snprintf(bare, sizeof bare, "%.*s", (int)n, ops[i]);
			if (!excluded(bare, excludes, nexcl))
				ok = walk(name, ops[i], excludes, nexcl, &l);
		}
		else if (!excluded(ops[i], excludes, nexcl) && !push(&l, ops[i])) {
			vc_cli_error(name, "out of memory");
			ok = false;
		}
	}
	if (!ok) {
		vc_cli_inputs_free(l.v, l.n);
		return false;
	}
	*out = l.v;
	*nout = l.n;
	return true;
}

/* the operands of the run (vc_cli_operands), freed by vc_cli_finish */
static char **run_files;
static int run_nfiles;

bool vc_cli_operands(const char *name, const struct vc_cli_opts *opts, char **ops, int nops,
                     char ***files, int *nfiles)
{
	vc_cli_operands_release();
	if (!vc_cli_inputs(name, ops, nops, opts->exclude, opts->nexclude, &run_files,
	                   &run_nfiles))
		return false;
	*files = run_files;
	*nfiles = run_nfiles;
	return true;
}

void vc_cli_operands_release(void)
{
	vc_cli_inputs_free(run_files, run_nfiles);
	run_files = NULL;
	run_nfiles = 0;
}

void vc_cli_inputs_free(char **files, int n)
{
	if (!files)
		return;
	for (int i = 0; i < n; i++)
		free(files[i]);
	free(files);
}
