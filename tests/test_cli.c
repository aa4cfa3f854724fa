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
