/* Tests of cmd/common: the common options, own options, usage errors. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../cmd/common.h"
#include "input.h"

struct own {
	int calls;
	long depth;
	bool flag;
	char order[16];
};

static int own_option(void *ctx, int opt, const char *arg)
{
	struct own *o = ctx;
	o->order[o->calls++] = (char)(opt == 'd' ? 'd' : 'f');
	if (opt == 'd') {
		if (!vc_cli_parse_long(arg, 0, 10, &o->depth))
			return vc_cli_usage_error("test", "bad depth");
	} else {
		o->flag = true;
	}
	return 0;
}

static const struct option own_options[] = {
	{ "depth", required_argument, NULL, 'd' },
	{ "flag", no_argument, NULL, VC_OPT_OWN },
	{ 0, 0, 0, 0 }
};

static struct own own;
static struct vc_cli_opts opts;

static int parse(unsigned common, char **argv, int *first)
{
	int argc = 0;
	while (argv[argc])
		argc++;
	struct vc_cli_spec spec = {
		.name = "test", .usage = "usage: vchess test\n", .common = common,
		.options = own_options, .shortopts = "d:",
		.handle = own_option, .ctx = &own,
	};
	memset(&own, 0, sizeof own);
	return vc_cli_parse(argc, argv, &spec, &opts, first);
}

#define ARGV(...) ((char *[]){ "test", __VA_ARGS__, NULL })

Test(cli, defaults)
{
	int first = -1;
	char *argv[] = { "test", NULL };
	cr_assert_eq(parse(VC_OPT_ALL, argv, &first), VC_CLI_CONTINUE);
	cr_assert_eq(first, 1);
	cr_assert_null(opts.variant);
	cr_assert_eq(opts.rules, VC_RULES_FIDE);
	cr_assert_eq(opts.format, VC_FORMAT_TEXT);
	cr_assert_eq(opts.jobs, 1);
	cr_assert_eq(opts.progress, -1);
	cr_assert_eq(opts.max_errors, 0);
	cr_assert_null(opts.output);
	cr_assert(!opts.strict && !opts.quiet && !opts.verbose);
}

Test(cli, common_options_and_operands_mixed)
{
	int first;
	char **argv = ARGV("a.pgn", "--variant", "Chess960", "--rules=lichess",
	                   "--format", "jsonl", "--strict", "-o", "out.json",
	                   "b.pgn", "-j2", "--no-progress", "--max-errors", "5");
	cr_assert_eq(parse(VC_OPT_ALL, argv, &first), VC_CLI_CONTINUE);
	cr_assert_not_null(opts.variant);
	cr_assert_str_eq(opts.variant->name, "chess960");
	cr_assert_eq(opts.rules, VC_RULES_LICHESS);
	cr_assert(opts.rules_given);
	cr_assert_eq(opts.format, VC_FORMAT_JSONL);
	cr_assert(opts.strict);
	cr_assert_str_eq(opts.output, "out.json");
	cr_assert_eq(opts.jobs, 2);
	cr_assert_eq(opts.progress, 0);
	cr_assert_eq(opts.max_errors, 5);
	cr_assert_eq(first, 15 - 2, "operands are permuted to the end");
	cr_assert_str_eq(argv[first], "a.pgn");
	cr_assert_str_eq(argv[first + 1], "b.pgn");
}

Test(cli, own_options_in_order)
{
	int first;
	char **argv = ARGV("--flag", "-d", "3", "--depth=7", "--", "--notanoption");
	cr_assert_eq(parse(0, argv, &first), VC_CLI_CONTINUE);
	cr_assert_eq(own.calls, 3);
	cr_assert_str_eq(own.order, "fdd");
	cr_assert_eq(own.depth, 7);
	cr_assert(own.flag);
	cr_assert_str_eq(argv[first], "--notanoption");
}

Test(cli, quiet_and_verbose_last_wins)
{
	int first;
	cr_assert_eq(parse(VC_OPT_ALL, ARGV("--quiet", "--verbose"), &first),
	             VC_CLI_CONTINUE);
	cr_assert(opts.verbose && !opts.quiet);
	cr_assert_eq(parse(VC_OPT_ALL, ARGV("--verbose", "--quiet"), &first),
	             VC_CLI_CONTINUE);
	cr_assert(opts.quiet && !opts.verbose);
}

Test(cli, output_dash_is_stdout)
{
	int first;
	cr_assert_eq(parse(VC_OPT_ALL, ARGV("-o", "-"), &first), VC_CLI_CONTINUE);
	cr_assert_null(opts.output);
}

Test(cli, help_prints_usage, .init = cr_redirect_stdout)
{
	int first;
	cr_assert_eq(parse(0, ARGV("--depth", "2", "--help"), &first), VC_EXIT_OK);
	fflush(stdout);
	cr_assert_stdout_eq_str("usage: vchess test\n");
}

Test(cli, short_help, .init = cr_redirect_stdout)
{
	int first;
	cr_assert_eq(parse(0, ARGV("-h"), &first), VC_EXIT_OK);
}

Test(cli, usage_errors, .init = cr_redirect_stderr)
{
	int first;
	cr_assert_eq(parse(0, ARGV("--bogus"), &first), VC_EXIT_USAGE);
	cr_assert_eq(parse(0, ARGV("-x"), &first), VC_EXIT_USAGE);
	cr_assert_eq(parse(0, ARGV("--depth"), &first), VC_EXIT_USAGE);
	cr_assert_eq(parse(0, ARGV("--flag=1"), &first), VC_EXIT_USAGE);
	cr_assert_eq(parse(0, ARGV("-d", "11"), &first), VC_EXIT_USAGE,
	             "the handler's status is returned");
	/* common options not enabled are unknown */
	cr_assert_eq(parse(0, ARGV("--variant", "chess960"), &first), VC_EXIT_USAGE);
	cr_assert_eq(parse(VC_OPT_ALL, ARGV("--variant", "nosuch"), &first), VC_EXIT_USAGE);
	cr_assert_eq(parse(VC_OPT_ALL, ARGV("--variant", "crazyhouse"), &first), VC_EXIT_USAGE);
	cr_assert_eq(parse(VC_OPT_ALL, ARGV("--rules", "uscf"), &first), VC_EXIT_USAGE);
	cr_assert_eq(parse(VC_OPT_ALL, ARGV("--format", "xml"), &first), VC_EXIT_USAGE);
	cr_assert_eq(parse(VC_OPT_ALL, ARGV("-j", "0"), &first), VC_EXIT_USAGE);
	cr_assert_eq(parse(VC_OPT_ALL, ARGV("-j", "257"), &first), VC_EXIT_USAGE);
	cr_assert_eq(parse(VC_OPT_ALL, ARGV("--max-errors", "-1"), &first), VC_EXIT_USAGE);
	cr_assert_eq(parse(VC_OPT_ALL, ARGV("-o", ""), &first), VC_EXIT_USAGE);
}

Test(cli, usage_error_message, .init = cr_redirect_stderr)
{
	int first;
	parse(0, ARGV("--bogus=3"), &first);
	fflush(stderr);
	cr_assert_stderr_eq_str("vchess test: unknown option '--bogus'\n"
	                        "Try 'vchess test --help'.\n");
}

Test(cli, numbers)
{
	long l = 42;
	uint64_t u = 42;
	cr_assert(vc_cli_parse_long("17", 0, 20, &l) && l == 17);
	cr_assert(vc_cli_parse_long("-3", -5, 5, &l) && l == -3);
	cr_assert(!vc_cli_parse_long("21", 0, 20, &l));
	cr_assert(!vc_cli_parse_long("1x", 0, 20, &l));
	cr_assert(!vc_cli_parse_long("", 0, 20, &l));
	cr_assert(!vc_cli_parse_long(" 1", 0, 20, &l));
	cr_assert_eq(l, -3, "failures leave *out alone");
	cr_assert(vc_cli_parse_u64("18446744073709551615", &u) && u == UINT64_MAX);
	cr_assert(!vc_cli_parse_u64("18446744073709551616", &u));
	cr_assert(!vc_cli_parse_u64("-1", &u));
	cr_assert(!vc_cli_parse_u64("", &u));
}

Test(cli, variant_by_alias)
{
	const struct vc_variant *v = vc_cli_variant("test", "  fischerandom ");
	cr_assert_not_null(v);
	cr_assert_str_eq(v->name, "chess960");
}

Test(cli, progress)
{
	struct vc_cli_opts o;
	memset(&o, 0, sizeof o);
	o.progress = 1;
	cr_assert(vc_cli_progress(&o));
	o.progress = 0;
	cr_assert(!vc_cli_progress(&o));
	o.progress = -1;
	o.quiet = true;
	cr_assert(!vc_cli_progress(&o));
}

/* vc_cli_check_outputs: outputs against inputs and each other, before
 * anything is opened. */
Test(cli, check_outputs, .init = cr_redirect_stderr)
{
	char dir[] = "/tmp/vchess-cli-XXXXXX";
	cr_assert_not_null(mkdtemp(dir));
	char in[64], same[96], fresh[64], fresh2[96], link[64];
	snprintf(in, sizeof in, "%s/in.pgn", dir);
	snprintf(same, sizeof same, "%s/./in.pgn", dir);
	snprintf(fresh, sizeof fresh, "%s/new.pgn", dir);
	snprintf(fresh2, sizeof fresh2, "%s/../%s/new.pgn", dir, strrchr(dir, '/') + 1);
	snprintf(link, sizeof link, "%s/link.pgn", dir);
	FILE *f = fopen(in, "w");
	cr_assert_not_null(f);
	fclose(f);
	cr_assert_eq(symlink("in.pgn", link), 0);
	char *inputs[] = { in };

#define CHECK(p1, p2) vc_cli_check_outputs("test", (const struct vc_cli_output[]){ \
		{ "-o", p1, true }, { "--copy", p2, false } }, 2, inputs, 1)
	cr_assert_eq(CHECK("/dev/null", NULL), VC_EXIT_OK);
	cr_assert_eq(CHECK(fresh, NULL), VC_EXIT_OK, "a new file is no input");
	cr_assert_eq(CHECK(NULL, same), VC_EXIT_USAGE, "./ in the path");
	cr_assert_eq(CHECK(NULL, link), VC_EXIT_USAGE, "a symbolic link to an input");
	cr_assert_eq(CHECK(fresh, fresh2), VC_EXIT_USAGE, "one new file, two names");
	cr_assert_eq(CHECK("-", "-"), VC_EXIT_USAGE, "two outputs on standard output");
	cr_assert_eq(CHECK("/dev/null", "/dev/null"), VC_EXIT_OK, "devices may be shared");
	cr_assert_eq(CHECK("", NULL), VC_EXIT_USAGE, "empty name");
#undef CHECK
	unlink(link);
	unlink(in);
	rmdir(dir);
}

Test(cli, max_ratio, .init = cr_redirect_stderr)
{
	int first;
	struct vc_input_options io;
	cr_assert_eq(parse(VC_OPT_ALL, ARGV("a.pgn"), &first), VC_CLI_CONTINUE);
	cr_assert_eq(opts.max_ratio, VC_INPUT_DEFAULT_MAX_RATIO);
	vc_cli_input_options(&opts, &io);
	cr_assert_eq(io.max_ratio, VC_INPUT_DEFAULT_MAX_RATIO);
	cr_assert_eq(io.ratio_floor, VC_INPUT_DEFAULT_RATIO_FLOOR);
	cr_assert_eq(io.max_output, 0);
	cr_assert_eq(parse(VC_OPT_ALL, ARGV("--max-ratio", "0"), &first), VC_CLI_CONTINUE);
	cr_assert_eq(opts.max_ratio, 0, "0: no limit");
	cr_assert_eq(parse(VC_OPT_ALL, ARGV("--max-ratio=100000"), &first), VC_CLI_CONTINUE);
	vc_cli_input_options(&opts, &io);
	cr_assert_eq(io.max_ratio, 100000);
	cr_assert_eq(parse(VC_OPT_ALL, ARGV("--max-ratio", "-1"), &first), VC_EXIT_USAGE);
	cr_assert_eq(parse(VC_OPT_ALL, ARGV("--max-ratio", "1e6"), &first), VC_EXIT_USAGE);
	cr_assert_eq(parse(VC_OPT_ALL, ARGV("--max-ratio", ""), &first), VC_EXIT_USAGE);
	cr_assert_eq(parse(VC_OPT_ALL & ~VC_OPT_MAX_RATIO, ARGV("--max-ratio", "5"), &first),
	             VC_EXIT_USAGE, "not taken by every command");
}

/* ---- output files whole or absent (issue 14; vchess(1) OUTPUT FILES) ---- */

#include <dirent.h>
#include <limits.h>
#include <signal.h>
#include <sys/stat.h>

/* A fresh directory for one test's outputs; its entries counted. */
static char out_dir[64];

static void make_out_dir(void)
{
	strcpy(out_dir, "/tmp/vchess-cli-XXXXXX");
	cr_assert_not_null(mkdtemp(out_dir));
}

/* Remove the test's directory and what is in it (no subdirectories). */
static void clean_out_dir(void)
{
	if (!out_dir[0])
		return;
	DIR *d = opendir(out_dir);
	struct dirent *e;
	char p[PATH_MAX];
	while (d && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			snprintf(p, sizeof p, "%s/%s", out_dir, e->d_name);
			unlink(p);
		}
	if (d)
		closedir(d);
	rmdir(out_dir);
	out_dir[0] = '\0';
}

TestSuite(cli_output, .fini = clean_out_dir);

static int dir_entries(void)
{
	DIR *d = opendir(out_dir);
	cr_assert_not_null(d);
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

static char *slurp(const char *path)
{
	static char buf[256];
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void path_in(char *buf, size_t size, const char *name)
{
	snprintf(buf, size, "%s/%s", out_dir, name);
}

Test(cli_output, temporary_then_renamed_at_the_end)
{
	char path[128];
	make_out_dir();
	path_in(path, sizeof path, "report.txt");
	mode_t old = umask(027);
	int first;
	cr_assert_eq(parse(VC_OPT_OUTPUT | VC_OPT_KEEP_PARTIAL, ARGV("x"), &first),
	             VC_CLI_CONTINUE);
	FILE *f = vc_cli_open_file("test", path);
	cr_assert_not_null(f);
	fputs("whole\n", f);
	/* written to a temporary beside it, nothing at the name yet */
	cr_assert_eq(access(path, F_OK), -1);
	cr_assert_eq(dir_entries(), 1);
	cr_assert_eq(vc_cli_close_file("test", f, path), VC_EXIT_OK);
	cr_assert_eq(access(path, F_OK), -1, "renamed only when the run completes");
	cr_assert_eq(vc_cli_finish(VC_EXIT_FINDINGS), VC_EXIT_FINDINGS);
	cr_assert_str_eq(slurp(path), "whole\n");
	cr_assert_eq(dir_entries(), 1, "no temporary left");
	struct stat st;
	cr_assert_eq(stat(path, &st), 0);
	cr_assert_eq(st.st_mode & 0777, 0640, "0666 less the umask, as a plain create");
	umask(old);
}

Test(cli_output, replaced_file_keeps_its_mode_and_links_are_followed)
{
	char path[128], link[128];
	make_out_dir();
	path_in(path, sizeof path, "r.txt");
	path_in(link, sizeof link, "l.txt");
	FILE *f = fopen(path, "w");
	fputs("old\n", f);
	fclose(f);
	chmod(path, 0604);
	cr_assert_eq(symlink("r.txt", link), 0);
	int first;
	parse(VC_OPT_OUTPUT, ARGV("x"), &first);
	f = vc_cli_open_file("test", link);
	cr_assert_not_null(f);
	fputs("new\n", f);
	cr_assert_eq(vc_cli_close_file("test", f, link), VC_EXIT_OK);
	cr_assert_str_eq(slurp(path), "old\n", "the old file stays until the end");
	cr_assert_eq(vc_cli_finish(VC_EXIT_OK), VC_EXIT_OK);
	cr_assert_str_eq(slurp(path), "new\n");
	struct stat st;
	cr_assert_eq(lstat(link, &st), 0);
	cr_assert(S_ISLNK(st.st_mode), "the link is not replaced");
	cr_assert_eq(stat(path, &st), 0);
	cr_assert_eq(st.st_mode & 0777, 0604);
	cr_assert_eq(dir_entries(), 2);
}

Test(cli_output, not_regular_files_are_written_directly)
{
	int first;
	parse(VC_OPT_OUTPUT, ARGV("x"), &first);
	FILE *f = vc_cli_open_file("test", "/dev/null");
	cr_assert_not_null(f);
	fputs("gone\n", f);
	cr_assert_eq(vc_cli_close_file("test", f, "/dev/null"), VC_EXIT_OK);
	cr_assert_eq(vc_cli_finish(VC_EXIT_OK), VC_EXIT_OK);
	struct stat st;
	cr_assert_eq(stat("/dev/null", &st), 0);
	cr_assert(S_ISCHR(st.st_mode), "/dev/null is never replaced");
	cr_assert_eq(vc_cli_open_file("test", "-"), stdout);
}

Test(cli_output, unwritable_file_is_refused, .init = cr_redirect_stderr)
{
	char path[128];
	make_out_dir();
	path_in(path, sizeof path, "ro.txt");
	FILE *f = fopen(path, "w");
	fclose(f);
	chmod(path, 0444);
	if (access(path, W_OK) == 0)
		return; /* root writes anything: nothing to test */
	int first;
	parse(VC_OPT_OUTPUT, ARGV("x"), &first);
	cr_assert_null(vc_cli_open_file("test", path));
	cr_assert_eq(vc_cli_finish(VC_EXIT_INPUT), VC_EXIT_INPUT);
}

/* An interrupted run: every output removed, or kept as NAME.partial under
 * --keep-partial, and the status 128 + the signal. */
static void interrupted(bool keep, int sig)
{
	char a[128], b[128], pa[160];
	make_out_dir();
	path_in(a, sizeof a, "a.pgn");
	path_in(b, sizeof b, "b.jsonl");
	int first;
	if (keep)
		parse(VC_OPT_OUTPUT | VC_OPT_KEEP_PARTIAL, ARGV("--keep-partial", "x"), &first);
	else
		parse(VC_OPT_OUTPUT | VC_OPT_KEEP_PARTIAL, ARGV("x"), &first);
	/* vc_cli_signals_init leaves an ignored signal ignored (nohup): start
	 * from the default so the test holds under nohup too */
	signal(sig, SIG_DFL);
	vc_cli_signals_init();
	FILE *fa = vc_cli_open_file("test", a);
	FILE *fb = vc_cli_open_file("test", b);
	cr_assert(fa && fb);
	fputs("part\n", fa);
	vc_cli_cooperate();
	cr_assert_eq(vc_cli_interrupted(), 0);
	raise(sig); /* the handler sets the flag only */
	cr_assert_eq(vc_cli_interrupted(), sig);
	cr_assert_eq(vc_cli_interrupted(), sig, "the same on every call");
	cr_assert_eq(vc_cli_close_file("test", fa, a), VC_EXIT_OK);
	/* fb left open: finish gives it up too */
	cr_assert_eq(vc_cli_finish(VC_EXIT_OK), 128 + sig);
	cr_assert_eq(access(a, F_OK), -1);
	cr_assert_eq(access(b, F_OK), -1);
	snprintf(pa, sizeof pa, "%s.partial", a);
	if (keep) {
		cr_assert_str_eq(slurp(pa), "part\n");
		cr_assert_eq(dir_entries(), 2, "a.pgn.partial and b.jsonl.partial");
	} else {
		cr_assert_eq(dir_entries(), 0, "no temporary left");
	}
	cr_assert_eq(vc_cli_interrupted(), 0, "finish resets for another run");
}

Test(cli_output, interrupted_removes_outputs)
{
	interrupted(false, SIGINT);
}

Test(cli_output, interrupted_keep_partial)
{
	interrupted(true, SIGTERM);
}

Test(cli_output, hangup_is_129)
{
	interrupted(false, SIGHUP);
}

/* Before vc_cli_cooperate a signal ends the process by its default
 * action, after removing the temporaries. */
Test(cli_output, signal_before_cooperating_kills, .signal = SIGTERM)
{
	char a[128]; /* its temporary is removed by the handler: nothing left */
	snprintf(a, sizeof a, "/tmp/vchess-cli-kill-%ld.pgn", (long)getpid());
	int first;
	parse(VC_OPT_OUTPUT, ARGV("x"), &first);
	vc_cli_signals_init();
	FILE *fa = vc_cli_open_file("test", a);
	cr_assert_not_null(fa);
	raise(SIGTERM);
	cr_assert_fail("not reached");
}
