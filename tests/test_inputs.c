/* Input operands with directories walked (cmd/inputs.c, vchess(1) INPUTS):
 * depth first, entries in byte order, hidden entries left out, links to
 * files followed and to directories not, files that hold no games left
 * out, --exclude patterns on the path or the last name. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "../cmd/inputs.h"

static char root[64];

static void put(const char *rel, const char *text)
{
	char path[256];
	snprintf(path, sizeof path, "%s/%s", root, rel);
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f, "%s", path);
	fputs(text, f);
	fclose(f);
}

static void dir(const char *rel)
{
	char path[256];
	snprintf(path, sizeof path, "%s/%s", root, rel);
	cr_assert_eq(mkdir(path, 0755), 0, "%s", path);
}

static void setup(void)
{
	strcpy(root, "/tmp/vchess-inputs.XXXXXX");
	cr_assert_not_null(mkdtemp(root));
	dir("a");
	dir("a/b");
	dir("a/c");
	dir("a/.git");
	put("a/x.pgn", "[Event \"x\"]\n\n1. e4 e5 *\n");
	put("a/b/y.epd", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"start\";\n");
	put("a/readme.txt", "<html>not games</html>\n");
	/* text that the loose PGN rule would take for moves or a comment: not
	 * games unless named .pgn (the name is a hint) or starting as games do */
	put("a/hello.txt", "hello world\n");
	put("a/data.json", "{\"a\": 1}\n");
	put("a/t.csv", "a,b\n1,2\n");
	put("a/tags.txt", "\xEF\xBB\xBF% escape\n{ a comment }\n[Event \"x\"]\n1. e4 *\n");
	put("a/moves.pgn", "e4 e5 *\n");
	put("a/numbers.dat", "12. Nf3 *\n");
	put("a/.hidden.pgn", "1. e4 *\n");
	put("a/.git/config.pgn", "1. e4 *\n");
	char cmd[512];
	snprintf(cmd, sizeof cmd,
	         "cd %s/a && printf '1. d4 *\\n' | gzip > z.pgn.gz && ln -s x.pgn l.pgn && "
	         "ln -s b link && ln -s missing dangling",
	         root);
	cr_assert_eq(system(cmd), 0);
}

static void teardown(void)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", root);
	cr_assert_eq(system(cmd), 0);
}

TestSuite(inputs, .init = setup, .fini = teardown);

static void expect(char *const *ops, int nops, char *const *ex, int nex, const char *const *want,
                   int nwant)
{
	char **got;
	int n;
	cr_assert(vc_cli_inputs("test", ops, nops, ex, nex, &got, &n));
	cr_assert_eq(n, nwant, "%d files, expected %d (first: %s)", n, nwant, n ? got[0] : "-");
	for (int i = 0; i < n; i++) {
		char full[256];
		if (want[i][0] == '/' || !strcmp(want[i], "-"))
			snprintf(full, sizeof full, "%s", want[i]);
		else
			snprintf(full, sizeof full, "%s/%s", root, want[i]);
		cr_assert_str_eq(got[i], full, "file %d", i);
	}
	vc_cli_inputs_free(got, n);
}

Test(inputs, walk_sorted_depth_first)
{
	char a[128];
	snprintf(a, sizeof a, "%s/a", root);
	char *ops[] = { a };
	const char *want[] = { "a/b/y.epd", "a/l.pgn",  "a/moves.pgn", "a/numbers.dat",
		               "a/tags.txt", "a/x.pgn", "a/z.pgn.gz" };
	expect(ops, 1, NULL, 0, want, 7);
}

Test(inputs, operands_kept_as_given_and_excludes)
{
	char a[128], t[128];
	snprintf(a, sizeof a, "%s/a/", root);
	snprintf(t, sizeof t, "%s/a/readme.txt", root);
	/* a file operand stays whatever it holds (the command reports it);
	 * a trailing slash gives no double slash */
	char *ops[] = { t, "-", a };
	char *ex[] = { "*.epd", "*/l.pgn", "*.dat", "*/tags.txt", "moves.pgn" };
	const char *want[] = { t, "-", "a/x.pgn", "a/z.pgn.gz" };
	expect(ops, 3, ex, 5, want, 4);
	char *ex2[] = { "b", "m*", "n*", "t*" }; /* a directory's last name */
	const char *want2[] = { "a/l.pgn", "a/x.pgn", "a/z.pgn.gz" };
	expect(ops + 2, 1, ex2, 4, want2, 3);
	/* a directory operand that matches is left out too */
	char *ex3[] = { "a" };
	expect(ops + 2, 1, ex3, 1, NULL, 0);
}

Test(inputs, empty_and_unreadable_directories)
{
	char c[128], missing[128];
	snprintf(c, sizeof c, "%s/a/c", root);
	snprintf(missing, sizeof missing, "%s/nope", root);
	char *ops[] = { c };
	expect(ops, 1, NULL, 0, NULL, 0);
	/* a missing operand is kept: opening it is the command's error */
	char *ops2[] = { missing };
	const char *want[] = { missing };
	expect(ops2, 1, NULL, 0, want, 1);
	if (geteuid() != 0) {
		cr_assert_eq(chmod(c, 0), 0);
		char **got;
		int n;
		cr_assert_not(vc_cli_inputs("test", ops, 1, NULL, 0, &got, &n));
		chmod(c, 0755);
	}
}
