/* vchess - helpers shared by the subcommands. See common.h. */
#include "common.h"
#include "inputs.h"
#include "input.h"
#include "textesc.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The common options, in the order of their VC_OPT_* bits, so that bit i
 * has option value VC_OPT_VAL_BASE + i. --no-progress shares bit 8. */
enum {
	V_VARIANT = VC_OPT_VAL_BASE,
	V_RULES,
	V_FORMAT,
	V_STRICT,
	V_QUIET,
	V_VERBOSE,
	V_OUTPUT,
	V_JOBS,
	V_PROGRESS,
	V_MAX_ERRORS,
	V_MAX_RATIO,
	V_DEAD,
	V_AFTER_END,
	V_BUDGET,
	V_KEEP_PARTIAL,
	V_EXCLUDE,
	V_SHARD,
	V_NO_PROGRESS = VC_OPT_VAL_BASE + 32,
	V_HELP,
	V_SHARD_RANGE
};

struct common_option {
	unsigned bit;
	struct option opt;
};

static const struct common_option common_options[] = {
	{ VC_OPT_VARIANT, { "variant", required_argument, NULL, V_VARIANT } },
	{ VC_OPT_RULES, { "rules", required_argument, NULL, V_RULES } },
	{ VC_OPT_FORMAT, { "format", required_argument, NULL, V_FORMAT } },
	{ VC_OPT_STRICT, { "strict", no_argument, NULL, V_STRICT } },
	{ VC_OPT_QUIET, { "quiet", no_argument, NULL, V_QUIET } },
	{ VC_OPT_VERBOSE, { "verbose", no_argument, NULL, V_VERBOSE } },
	{ VC_OPT_OUTPUT, { "output", required_argument, NULL, V_OUTPUT } },
	{ VC_OPT_JOBS, { "jobs", required_argument, NULL, V_JOBS } },
	{ VC_OPT_PROGRESS, { "progress", no_argument, NULL, V_PROGRESS } },
	{ VC_OPT_PROGRESS, { "no-progress", no_argument, NULL, V_NO_PROGRESS } },
	{ VC_OPT_MAX_ERRORS, { "max-errors", required_argument, NULL, V_MAX_ERRORS } },
	{ VC_OPT_MAX_RATIO, { "max-ratio", required_argument, NULL, V_MAX_RATIO } },
	{ VC_OPT_DEAD, { "dead-positions", required_argument, NULL, V_DEAD } },
	{ VC_OPT_AFTER_END, { "after-end", required_argument, NULL, V_AFTER_END } },
	{ VC_OPT_BUDGET, { "budget", required_argument, NULL, V_BUDGET } },
	{ VC_OPT_KEEP_PARTIAL, { "keep-partial", no_argument, NULL, V_KEEP_PARTIAL } },
	{ VC_OPT_EXCLUDE, { "exclude", required_argument, NULL, V_EXCLUDE } },
	{ VC_OPT_SHARD, { "shard", required_argument, NULL, V_SHARD } },
	{ VC_OPT_SHARD, { "shard-range", required_argument, NULL, V_SHARD_RANGE } },
};

/* Options that are not part of what a report says (vc_cli_opts canon):
 * where output goes, how fast, which shard. Own options of commands
 * included (copies' files). */
static const char *const not_canon[] = {
	"output", "jobs", "progress", "no-progress", "keep-partial", "shard", "shard-range",
	"format", "exclude", "valid-out", "invalid-out", "fix-results", "final-pgn",
	"skipped-out", "duplicates-out", NULL,
};

/* "K/N" (K < N) and "START-END" (START <= END) */
static bool parse_pair(const char *text, char sep, uint64_t *a, uint64_t *b)
{
	const char *p = strchr(text, sep);
	char first[32];
	if (!p || (size_t)(p - text) >= sizeof first)
		return false;
	memcpy(first, text, (size_t)(p - text));
	first[p - text] = 0;
	return vc_cli_parse_u64(first, a) && vc_cli_parse_u64(p + 1, b);
}
#define NCOMMON (sizeof common_options / sizeof common_options[0])

#define MAX_OPTIONS 64

/* --keep-partial of the run (set by vc_cli_parse; read by the signal
 * handler) */
static volatile sig_atomic_t keep_partial;

static void vmessage(const char *name, const char *fmt, va_list ap)
{
	/* keep report and message in order on a terminal; a failed write
	 * keeps its reason for the report of the write error */
	int e = errno;
	if (fflush(stdout) != 0)
		vc_cli_check_output(stdout);
	errno = e;
	if (name)
		fprintf(stderr, "vchess %s: ", name);
	else
		fputs("vchess: ", stderr);
	/* the message names inputs (paths, members, FENs): their control
	 * characters escaped (formats/textesc.h) */
	char small[1024];
	va_list aq;
	va_copy(aq, ap);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	char *big = n >= (int)sizeof small ? malloc((size_t)n + 1) : NULL;
	if (big)
		vsnprintf(big, (size_t)n + 1, fmt, aq);
	va_end(aq);
	vc_text_put(stderr, big ? big : small);
	free(big);
	fputc('\n', stderr);
}

void vc_cli_error(const char *name, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmessage(name, fmt, ap);
	va_end(ap);
}

int vc_cli_usage_error(const char *name, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmessage(name, fmt, ap);
	va_end(ap);
	if (name)
		fprintf(stderr, "Try 'vchess %s --help'.\n", name);
	else
		fputs("Try 'vchess --help'.\n", stderr);
	return VC_EXIT_USAGE;
}

bool vc_cli_parse_long(const char *text, long min, long max, long *out)
{
	char *end;
	if (!text || !*text || (*text != '-' && (*text < '0' || *text > '9')))
		return false;
	errno = 0;
	long v = strtol(text, &end, 10);
	if (errno || *end || v < min || v > max)
		return false;
	*out = v;
	return true;
}

bool vc_cli_parse_u64(const char *text, uint64_t *out)
{
	uint64_t v = 0;
	if (!text || !*text)
		return false;
	for (const char *p = text; *p; p++) {
		if (*p < '0' || *p > '9')
			return false;
		unsigned d = (unsigned)(*p - '0');
		if (v > (UINT64_MAX - d) / 10)
			return false;
		v = v * 10 + d;
	}
	*out = v;
	return true;
}

int vc_cli_number_option(const char *cmd, const char *opt, const char *text, uint64_t min,
                         uint64_t max, const char *what, uint64_t *out)
{
	bool digits = text && *text;
	for (const char *p = text; digits && *p; p++)
		digits = *p >= '0' && *p <= '9';
	uint64_t v = 0;
	bool over = digits && !vc_cli_parse_u64(text, &v); /* past 2^64 */
	if (over || (digits && v > max))
		return vc_cli_usage_error(cmd, "%s: '%s' is too large (at most %llu)", opt, text,
		                          (unsigned long long)max);
	if (!digits || v < min)
		return vc_cli_usage_error(cmd, "%s: '%s' is not %s", opt, text ? text : "", what);
	*out = v;
	return 0;
}

const struct vc_variant *vc_cli_variant(const char *name, const char *text)
{
	bool unsupported = false;
	const struct vc_variant *v = vc_variant_find(text, &unsupported);
	if (v)
		return v;
	if (unsupported)
		vc_cli_usage_error(name, "variant '%s' is not supported by vchess "
		                         "(see 'vchess variants')", text);
	else
		vc_cli_usage_error(name, "unknown variant '%s' (see 'vchess "
		                         "variants')", text);
	return NULL;
}

/* The option text for messages: argv[optind - 1] without "=value". */
static void bad_option_text(char **argv, int idx, char *buf, size_t size)
{
	const char *a = idx > 0 ? argv[idx] : "?";
	size_t n = strcspn(a, "=");
	if (n >= size)
		n = size - 1;
	memcpy(buf, a, n);
	buf[n] = '\0';
}

static int common_option(const struct vc_cli_spec *spec,
                         struct vc_cli_opts *o, int val, const char *arg)
{
	const char *name = spec->name;
	uint64_t u;
	int rc;
	switch (val) {
	case V_VARIANT:
		o->variant = vc_cli_variant(name, arg);
		return o->variant ? 0 : VC_EXIT_USAGE;
	case V_RULES:
		if (strcasecmp(arg, "fide") == 0)
			o->rules = VC_RULES_FIDE;
		else if (strcasecmp(arg, "lichess") == 0)
			o->rules = VC_RULES_LICHESS;
		else
			return vc_cli_usage_error(name, "--rules: '%s' is not "
			                          "fide or lichess", arg);
		o->rules_given = true;
		return 0;
	case V_FORMAT:
		if (strcmp(arg, "text") == 0)
			o->format = VC_FORMAT_TEXT;
		else if (strcmp(arg, "json") == 0)
			o->format = VC_FORMAT_JSON;
		else if (strcmp(arg, "jsonl") == 0)
			o->format = VC_FORMAT_JSONL;
		else if (spec->ci_formats && vc_cli_ci_format(arg, &o->format))
			;
		else
			return vc_cli_usage_error(name, "--format: '%s' is not text, json%s", arg,
			                          spec->ci_formats ? ", jsonl, github, sarif or junit"
			                                           : " or jsonl");
		return 0;
	case V_STRICT:
		o->strict = true;
		return 0;
	case V_QUIET: /* the last of --quiet and --verbose wins */
		o->quiet = true;
		o->verbose = false;
		return 0;
	case V_VERBOSE:
		o->verbose = true;
		o->quiet = false;
		return 0;
	case V_OUTPUT:
		if (!*arg)
			return vc_cli_usage_error(name, "-o: empty file name");
		o->output = strcmp(arg, "-") == 0 ? NULL : arg;
		return 0;
	case V_JOBS:
		if ((rc = vc_cli_number_option(name, "-j", arg, 1, 256, "a number from 1 to 256",
		                               &u)))
			return rc;
		o->jobs = (int)u;
		return 0;
	case V_PROGRESS:
		o->progress = 1;
		return 0;
	case V_NO_PROGRESS:
		o->progress = 0;
		return 0;
	case V_MAX_ERRORS:
		if ((rc = vc_cli_number_option(name, "--max-errors", arg, 0, LONG_MAX, "a number",
		                               &u)))
			return rc;
		o->max_errors = (long)u;
		return 0;
	case V_MAX_RATIO:
		return vc_cli_number_option(name, "--max-ratio", arg, 0, UINT64_MAX,
		                            "a number (0: no limit)", &o->max_ratio);
	case V_DEAD:
		if (strcmp(arg, "full") == 0)
			o->dead = VC_DEAD_FULL;
		else if (strcmp(arg, "material") == 0)
			o->dead = VC_DEAD_MATERIAL;
		else
			return vc_cli_usage_error(name, "--dead-positions: '%s' is not "
			                          "material or full", arg);
		return 0;
	case V_AFTER_END:
		if (strcmp(arg, "error") == 0)
			o->after_end_warn = false;
		else if (strcmp(arg, "warn") == 0)
			o->after_end_warn = true;
		else
			return vc_cli_usage_error(name, "--after-end: '%s' is not "
			                          "error or warn", arg);
		return 0;
	case V_BUDGET:
		return vc_cli_number_option(name, "--budget", arg, 1, UINT64_MAX, "a positive number",
		                            &o->budget);
	case V_KEEP_PARTIAL:
		o->keep_partial = true;
		return 0;
	case V_SHARD: {
		/* K/N of digits whose N (or K) is past the limit: too large */
		const char *slash = strchr(arg, '/');
		bool digits = slash && slash > arg && slash[1];
		for (const char *p = arg; digits && *p; p++)
			digits = (*p >= '0' && *p <= '9') || p == slash;
		if (digits && (!parse_pair(arg, '/', &o->shard_k, &o->shard_n) ||
		               o->shard_n > 1000000 || o->shard_k > 1000000))
			return vc_cli_usage_error(name, "--shard: '%s' is too large (K < N <= "
			                          "1000000)", arg);
		if (!parse_pair(arg, '/', &o->shard_k, &o->shard_n) || o->shard_n == 0 ||
		    o->shard_k >= o->shard_n || o->shard_n > 1000000)
			return vc_cli_usage_error(name, "--shard: '%s' is not K/N with 0 <= K < N "
			                          "<= 1000000 (K counts from 0)", arg);
		o->shard = true;
		return 0;
	}
	case V_SHARD_RANGE:
		if (!parse_pair(arg, '-', &o->range_start, &o->range_end) ||
		    o->range_start > o->range_end)
			return vc_cli_usage_error(name, "--shard-range: '%s' is not START-END "
			                          "(byte offsets, as vchess shards prints them)", arg);
		o->shard_range = true;
		return 0;
	case V_EXCLUDE:
		if (o->nexclude == VC_CLI_MAX_EXCLUDE)
			return vc_cli_usage_error(name, "more than %d --exclude patterns",
			                          VC_CLI_MAX_EXCLUDE);
		o->exclude[o->nexclude++] = (char *)arg;
		return 0;
	}
	return vc_cli_usage_error(name, "internal error: option %d", val);
}

/* Option c (its argument arg) into o->canon unless it is not_canon. */
static void record_canon(struct vc_cli_opts *o, const struct option *longopts, int c,
                         const char *arg)
{
	const char *name = NULL;
	for (const struct option *l = longopts; l->name; l++)
		if (l->val == c) {
			name = l->name;
			break;
		}
	if (!name)
		return;
	if (strcmp(name, "format") == 0)
		o->format_arg = arg; /* a command's own --format too */
	for (const char *const *n = not_canon; *n; n++)
		if (strcmp(*n, name) == 0)
			return;
	if (o->ncanon == VC_CLI_MAX_CANON)
		return;
	/* the long name, kept as its table entry's (static) */
	o->canon[o->ncanon].name = name;
	o->canon[o->ncanon++].arg = arg;
}

bool vc_cli_ci_format(const char *word, enum vc_format *format)
{
	static const struct { const char *word; enum vc_format f; } ci[] = {
		{ "github", VC_FORMAT_GITHUB }, { "sarif", VC_FORMAT_SARIF },
		{ "junit", VC_FORMAT_JUNIT },
	};
	for (size_t i = 0; i < sizeof ci / sizeof ci[0]; i++)
		if (strcmp(word, ci[i].word) == 0) {
			*format = ci[i].f;
			return true;
		}
	return false;
}

int vc_cli_parse(int argc, char **argv, const struct vc_cli_spec *spec,
                 struct vc_cli_opts *opts, int *first)
{
	struct option longopts[MAX_OPTIONS + 1];
	char shortopts[128];
	size_t nl = 0;

	memset(opts, 0, sizeof *opts);
	opts->rules = VC_RULES_FIDE;
	opts->format = VC_FORMAT_TEXT;
	opts->jobs = 1;
	opts->progress = -1;
	opts->max_ratio = VC_INPUT_DEFAULT_MAX_RATIO;

	longopts[nl++] = (struct option){ "help", no_argument, NULL, V_HELP };
	for (size_t i = 0; i < NCOMMON; i++)
		if (spec->common & common_options[i].bit)
			longopts[nl++] = common_options[i].opt;
	for (const struct option *o = spec->options; o && o->name; o++) {
		if (nl == MAX_OPTIONS)
			return vc_cli_usage_error(spec->name, "internal error: "
			                          "too many options");
		longopts[nl++] = *o;
	}
	longopts[nl] = (struct option){ 0, 0, 0, 0 };

	/* ':' first: a missing argument is reported as ':' rather than '?' */
	snprintf(shortopts, sizeof shortopts, ":h%s%s%s",
	         spec->common & VC_OPT_OUTPUT ? "o:" : "",
	         spec->common & VC_OPT_JOBS ? "j:" : "",
	         spec->shortopts ? spec->shortopts : "");

	optind = 0; /* glibc: full re-initialisation for each parse */
	opterr = 0; /* our own messages */
	for (;;) {
		int c = getopt_long(argc, argv, shortopts, longopts, NULL);
		char opt[64];
		int rc;
		if (c == -1)
			break;
		switch (c) {
		case 'h':
		case V_HELP:
			fputs(spec->usage, stdout);
			return VC_EXIT_OK;
		case 'o':
			c = V_OUTPUT;
			break;
		case 'j':
			c = V_JOBS;
			break;
		case ':':
			bad_option_text(argv, optind - 1, opt, sizeof opt);
			return vc_cli_usage_error(spec->name, "option '%s' needs "
			                          "an argument", opt);
		case '?':
			if (optopt > 0 && optopt < 256 && argv[optind - 1][1] != '-')
				snprintf(opt, sizeof opt, "-%c", optopt);
			else
				bad_option_text(argv, optind - 1, opt, sizeof opt);
			if (optopt >= VC_OPT_VAL_BASE || (optopt > 0 && strchr(
			            argv[optind - 1], '=')))
				return vc_cli_usage_error(spec->name, "option '%s' "
				                          "takes no argument", opt);
			return vc_cli_usage_error(spec->name, "unknown option "
			                          "'%s'", opt);
		}
		record_canon(opts, longopts, c, optarg);
		if (c >= VC_OPT_VAL_BASE && c < VC_OPT_OWN)
			rc = common_option(spec, opts, c, optarg);
		else if (spec->handle)
			rc = spec->handle(spec->ctx, c, optarg);
		else
			rc = vc_cli_usage_error(spec->name, "internal error: "
			                        "option %d", c);
		if (rc)
			return rc;
	}
	*first = optind;
	keep_partial = opts->keep_partial;
	return VC_CLI_CONTINUE;
}

void vc_cli_input_options(const struct vc_cli_opts *opts,
                          struct vc_input_options *io)
{
	vc_input_options_init(io);
	io->max_ratio = opts->max_ratio;
}

bool vc_cli_progress(const struct vc_cli_opts *opts)
{
	if (opts->progress >= 0)
		return opts->progress == 1;
	return !opts->quiet && isatty(STDERR_FILENO);
}

const char *vc_cli_report_path(const struct vc_cli_opts *opts)
{
	return opts->output ? opts->output : "-";
}

/* What a path names, for telling whether two paths are one file. */
struct file_id {
	bool known;     /* false: cannot tell; never the same as anything */
	bool exists;    /* dev/ino are the file's; else its directory's */
	bool shared;    /* a character device: may be written by several */
	dev_t dev;
	ino_t ino;
	const char *base; /* !exists: the name in the directory */
};

static void id_from_stat(struct file_id *id, const struct stat *st)
{
	id->known = id->exists = true;
	id->shared = S_ISCHR(st->st_mode);
	id->dev = st->st_dev;
	id->ino = st->st_ino;
}

/* `fd`: the descriptor "-" stands for (standard input or output). */
static struct file_id file_id(const char *path, int fd)
{
	struct file_id id = { 0 };
	struct stat st;
	if (strcmp(path, "-") == 0) {
		if (fstat(fd, &st) == 0)
			id_from_stat(&id, &st);
		return id;
	}
	if (stat(path, &st) == 0) {
		id_from_stat(&id, &st);
		return id;
	}
	if (errno != ENOENT)
		return id;
	/* not there yet: the directory it would be created in, and its name */
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	if (!*base)
		return id; /* "dir/": no file can be created by that name */
	char dir[PATH_MAX];
	size_t n = slash ? (size_t)(slash - path) : 0;
	if (n >= sizeof dir)
		return id;
	if (!slash)
		strcpy(dir, ".");
	else if (n == 0)
		strcpy(dir, "/");
	else {
		memcpy(dir, path, n);
		dir[n] = '\0';
	}
	if (stat(dir, &st) != 0)
		return id;
	id.known = true;
	id.dev = st.st_dev;
	id.ino = st.st_ino;
	id.base = base;
	return id;
}

static bool same_id(const struct file_id *a, const struct file_id *b)
{
	if (!a->known || !b->known || a->exists != b->exists || a->dev != b->dev ||
	    a->ino != b->ino)
		return false;
	if (a->exists)
		return !a->shared; /* /dev/null twice is fine */
	return strcmp(a->base, b->base) == 0;
}

/* An output in messages: "-o FILE", "--valid-out - (standard output)",
 * "the report (standard output)". */
static void output_words(const struct vc_cli_output *o, char *buf, size_t size)
{
	if (strcmp(o->path, "-") == 0 && o->report)
		snprintf(buf, size, "the report (standard output)");
	else if (strcmp(o->path, "-") == 0)
		snprintf(buf, size, "%s - (standard output)", o->option);
	else
		snprintf(buf, size, "%s %s", o->option, o->path);
}

int vc_cli_check_outputs(const char *name, const struct vc_cli_output *outs, int nouts,
                         char *const *inputs, int ninputs)
{
	char wa[PATH_MAX + 64], wb[PATH_MAX + 64];
	for (int i = 0; i < nouts; i++) {
		const struct vc_cli_output *a = &outs[i];
		if (!a->path)
			continue;
		if (!*a->path)
			return vc_cli_usage_error(name, "%s: empty file name", a->option);
		bool a_std = strcmp(a->path, "-") == 0;
		struct file_id ia = file_id(a->path, STDOUT_FILENO);
		output_words(a, wa, sizeof wa);
		/* an input would be emptied before it is read */
		for (int k = 0; k < ninputs; k++) {
			struct file_id ik = file_id(inputs[k], STDIN_FILENO);
			if (same_id(&ia, &ik))
				return vc_cli_usage_error(name, "%s is also an input file%s", wa,
				                          strcmp(inputs[k], "-") == 0
				                                  ? " (standard input)" : "");
		}
		for (int j = 0; j < i; j++) {
			const struct vc_cli_output *b = &outs[j];
			if (!b->path)
				continue;
			bool b_std = strcmp(b->path, "-") == 0;
			output_words(b, wb, sizeof wb);
			if (a_std && b_std) {
				if (a->report || b->report)
					return vc_cli_usage_error(name, "the report and %s would both "
					                          "go to standard output: write the "
					                          "report to a file with -o FILE",
					                          a->report ? b->option : a->option);
				return vc_cli_usage_error(name, "%s and %s would both go to "
				                          "standard output", b->option, a->option);
			}
			struct file_id ib = file_id(b->path, STDOUT_FILENO);
			if (same_id(&ia, &ib))
				return vc_cli_usage_error(name, "%s and %s are the same file", wb, wa);
		}
	}
	return VC_EXIT_OK;
}

/* ---- output files: temporary names, renamed when the run completes ----
 *
 * Each regular output file is a slot here from its open to the end of the
 * run. The signal handler may remove a slot's temporary at any moment, so
 * a slot's names are written before `live` is set, and the handler reads
 * nothing else. */
#define MAX_OUT_FILES 8

enum { OF_FREE, OF_OPEN, OF_CLOSED };

struct out_file {
	volatile sig_atomic_t live; /* tmp exists and is ours to remove */
	int state;
	FILE *f;
	int err;                    /* errno of the first failed write, 0 */
	char tmp[PATH_MAX];
	char final[PATH_MAX];
	char partial[PATH_MAX + 16];
};

static struct out_file out_files[MAX_OUT_FILES];
static int stdout_err;               /* errno of standard output's first failed write */
static bool stdout_err_said;         /* its write error was reported */
static volatile sig_atomic_t got_signal;  /* the first signal that came */
static volatile sig_atomic_t cooperative; /* the command checks got_signal */
static int acted_signal;             /* the signal the run stopped for */
static int devnull_fd = -1;

/* Remove (or keep as .partial) every temporary still there. Async-signal-
 * safe: the handler calls it. */
static void drop_temporaries(void)
{
	for (int i = 0; i < MAX_OUT_FILES; i++) {
		struct out_file *o = &out_files[i];
		if (!o->live)
			continue;
		o->live = 0;
		if (keep_partial)
			rename(o->tmp, o->partial);
		else
			unlink(o->tmp);
	}
}

static void hold_signals(sigset_t *old)
{
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &set, old);
}

static struct out_file *slot_of(FILE *f)
{
	if (!f)
		return NULL;
	for (int i = 0; i < MAX_OUT_FILES; i++)
		if (out_files[i].state != OF_FREE && out_files[i].f == f)
			return &out_files[i];
	return NULL;
}

/* One slot's temporary removed (kept as .partial), the slot freed. */
static void free_slot(struct out_file *o);
static void drop_one(struct out_file *o)
{
	if (o->live) {
		o->live = 0;
		if (keep_partial)
			rename(o->tmp, o->partial);
		else
			unlink(o->tmp);
	}
	free_slot(o);
}

/* A slot's file is given up: closed if open, its temporary removed or
 * kept as .partial, the slot freed. */
static void give_up(struct out_file *o)
{
	sigset_t old;
	if (o->state == OF_OPEN)
		fclose(o->f);
	hold_signals(&old);
	drop_one(o);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}

static void free_slot(struct out_file *o)
{
	o->live = 0;
	o->state = OF_FREE;
	o->f = NULL;
	o->err = 0;
}

static mode_t create_mode(void)
{
	/* the umask can only be read by setting it: back at once (no
	 * file is created meanwhile: outputs are opened before threads) */
	mode_t m = umask(0);
	umask(m);
	return 0666 & ~m;
}

/* dir and base of `path` into tmp as "DIR/.BASE.XXXXXX"; false when too long. */
static bool temp_name(char *tmp, size_t size, const char *path)
{
	const char *slash = strrchr(path, '/');
	int n;
	if (slash)
		n = snprintf(tmp, size, "%.*s/.%s.XXXXXX", (int)(slash - path), path, slash + 1);
	else
		n = snprintf(tmp, size, ".%s.XXXXXX", path);
	return n > 0 && (size_t)n < size;
}

/* Is st the file of standard output or error (/dev/stdout, /proc/self/fd/1
 * redirected to a file)? Then it is the caller's: written, not replaced. */
static bool std_stream(const struct stat *st)
{
	struct stat o;
	for (int fd = STDOUT_FILENO; fd <= STDERR_FILENO; fd++)
		if (fstat(fd, &o) == 0 && o.st_dev == st->st_dev && o.st_ino == st->st_ino)
			return true;
	return false;
}

/* The files written directly (no temporary: a device, a FIFO), with the
 * errno of their first failed write, which stdio does not keep: by the
 * close the buffer that failed is gone and errno says nothing (a copy
 * to /dev/full said EIO, not ENOSPC). */
static struct direct_file {
	FILE *f;
	int err;
} direct_files[MAX_OUT_FILES];

static struct direct_file *direct_of(FILE *f)
{
	for (int i = 0; f && i < MAX_OUT_FILES; i++)
		if (direct_files[i].f == f)
			return &direct_files[i];
	return NULL;
}

static FILE *open_direct(const char *name, const char *path)
{
	FILE *f = fopen(path, "wb");
	if (!f) {
		vc_cli_error(name, "cannot write %s: %s", path, strerror(errno));
		return NULL;
	}
	struct direct_file *d = NULL;
	for (int i = 0; i < MAX_OUT_FILES && !d; i++)
		if (!direct_files[i].f)
			d = &direct_files[i];
	if (d) /* else (never: a command opens a few) the reason may be EIO */
		*d = (struct direct_file){ f, 0 };
	return f;
}

FILE *vc_cli_open_file(const char *name, const char *path)
{
	if (strcmp(path, "-") == 0)
		return stdout;
	struct stat st;
	bool exists = stat(path, &st) == 0;
	if (exists && (!S_ISREG(st.st_mode) || std_stream(&st) || strncmp(path, "/dev/", 5) == 0))
		return open_direct(name, path); /* /dev/null, a FIFO, a terminal,
		                                   /dev/stdout on a file */
	if (exists && access(path, W_OK) != 0) {
		vc_cli_error(name, "cannot write %s: %s", path, strerror(errno));
		return NULL;
	}
	struct out_file *o = NULL;
	for (int i = 0; i < MAX_OUT_FILES && !o; i++)
		if (out_files[i].state == OF_FREE)
			o = &out_files[i];
	if (!o) {
		vc_cli_error(name, "cannot write %s: too many output files", path);
		return NULL;
	}
	/* a symbolic link is followed, as fopen follows it: the file it
	 * names is replaced, not the link */
	char real[PATH_MAX];
	const char *target = exists && realpath(path, real) ? real : path;
	if (strlen(target) >= sizeof o->final || !temp_name(o->tmp, sizeof o->tmp, target)) {
		vc_cli_error(name, "cannot write %s: %s", path, strerror(ENAMETOOLONG));
		return NULL;
	}
	strcpy(o->final, target);
	snprintf(o->partial, sizeof o->partial, "%s.partial", target);
	mode_t mode = exists ? (st.st_mode & 07777) : create_mode();
	int fd = mkstemp(o->tmp);
	if (fd < 0) {
		/* no temporary next to it (a directory we may not write), but
		 * the file itself may be written: as before, directly */
		if (exists && (errno == EACCES || errno == EPERM || errno == EROFS))
			return open_direct(name, path);
		vc_cli_error(name, "cannot write %s: %s", path, strerror(errno));
		return NULL;
	}
	o->live = 1; /* from here the handler removes it */
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	FILE *f = NULL;
	if (fchmod(fd, mode) != 0 || !(f = fdopen(fd, "wb"))) {
		int e = errno;
		close(fd);
		unlink(o->tmp);
		free_slot(o);
		vc_cli_error(name, "cannot write %s: %s", path, strerror(e));
		return NULL;
	}
	o->f = f;
	o->err = 0;
	o->state = OF_OPEN;
	return f;
}

FILE *vc_cli_open_output(const char *name, const struct vc_cli_opts *opts)
{
	return vc_cli_open_file(name, vc_cli_report_path(opts));
}

/* Has the reader of standard output gone away? errno tells when it is
 * fresh; otherwise a pipe without readers polls as POLLERR (Linux). */
static bool stdout_reader_gone(void)
{
	if (errno == EPIPE)
		return true;
	struct pollfd p = { .fd = STDOUT_FILENO, .events = POLLOUT };
	return poll(&p, 1, 0) == 1 && (p.revents & POLLERR);
}

void vc_cli_check_output(FILE *f)
{
	if (!f || !ferror(f))
		return;
	int e = errno;
	if (f == stdout) {
		if (stdout_reader_gone()) {
			/* quietly; the run stops short, so the output files are
			 * incomplete: removed, or kept as .partial */
			fflush(NULL);
			drop_temporaries();
			_exit(VC_EXIT_OK);
		}
		if (!stdout_err)
			stdout_err = e ? e : EIO;
		return;
	}
	struct out_file *o = slot_of(f);
	if (o && !o->err)
		o->err = e ? e : EIO;
	struct direct_file *d = o ? NULL : direct_of(f);
	if (d && !d->err)
		d->err = e ? e : EIO;
}

int vc_cli_close_file(const char *name, FILE *f, const char *path)
{
	if (!f)
		return VC_EXIT_OK;
	if (f == stdout) {
		errno = 0;
		if (fflush(f) != 0 || ferror(f)) {
			int e = errno;
			vc_cli_check_output(f);
			if (!stdout_err)
				stdout_err = e ? e : EIO;
			if (!stdout_err_said)
				vc_cli_error(name, "write error on standard output: %s",
				             strerror(stdout_err));
			stdout_err_said = true;
			return VC_EXIT_INPUT;
		}
		return VC_EXIT_OK;
	}
	struct out_file *o = slot_of(f);
	struct direct_file *d = o ? NULL : direct_of(f);
	int derr = d ? d->err : 0;
	if (d)
		*d = (struct direct_file){ NULL, 0 };
	errno = 0;
	bool bad = ferror(f) != 0;
	if (fclose(f) != 0)
		bad = true;
	int e = o && o->err ? o->err : derr ? derr : errno ? errno : EIO;
	if (o) {
		o->state = OF_CLOSED;
		if (bad)
			give_up(o);
	}
	if (bad) {
		if (path)
			vc_cli_error(name, "write error on %s: %s", path, strerror(e));
		else
			vc_cli_error(name, "write error: %s", strerror(e));
		return VC_EXIT_INPUT;
	}
	return VC_EXIT_OK;
}

int vc_cli_close_output(const char *name, FILE *f)
{
	return vc_cli_close_file(name, f, NULL);
}

static void on_signal(int sig)
{
	int saved = errno;
	if (cooperative && !got_signal) {
		got_signal = sig;
		/* a read blocked on standard input ends (SA_RESTART: the read
		 * starts again, on /dev/null, and sees the end) */
		if (devnull_fd >= 0)
			dup2(devnull_fd, STDIN_FILENO);
		errno = saved;
		return;
	}
	drop_temporaries();
	signal(sig, SIG_DFL);
	raise(sig); /* held until the handler returns, then the default */
	errno = saved;
}

static void at_exit(void)
{
	/* exit() before vc_cli_finish: incomplete */
	drop_temporaries();
}

/* ---- fatal errors (common.h) ---- */

static struct vc_report *run_report;    /* vc_cli_report_init's, until finish */
static pthread_mutex_t output_mu = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local int output_depth;  /* this thread's holds */

void vc_cli_output_hold(void)
{
	if (output_depth++ == 0)
		pthread_mutex_lock(&output_mu);
}

void vc_cli_output_release(void)
{
	if (--output_depth == 0)
		pthread_mutex_unlock(&output_mu);
}

void vc_cli_fatal(int err, const char *fmt, ...)
{
	static _Thread_local bool in_fatal;
	if (in_fatal) {
		/* failed again while ending the run: at once */
		drop_temporaries();
		_exit(VC_EXIT_INPUT);
	}
	in_fatal = true;
	/* after the stretch of output the calling thread is writing; a
	 * fatal error of another thread waits here for ever: this one ends
	 * the process */
	if (output_depth++ == 0)
		pthread_mutex_lock(&output_mu);
	sigset_t old;
	hold_signals(&old);
	char text[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	struct vc_report *r = run_report;
	if (r && r->out) {
		/* the summary after the whole entries written: no exit on a
		 * closed pipe from here (the status is 3) */
		r->after_write = NULL;
		r->stop = VC_REPORT_ERROR;
		vc_report_summary(r);
		fflush(r->out);
	}
	/* what the files hold, for NAME.partial */
	for (int i = 0; i < MAX_OUT_FILES; i++)
		if (out_files[i].state == OF_OPEN)
			fflush(out_files[i].f);
	drop_temporaries();
	/* as vc_cli_error says it, but a failed standard output ends
	 * nothing here */
	fflush(stdout);
	fputs("vchess: ", stderr);
	vc_text_put(stderr, text);
	if (err)
		fprintf(stderr, ": %s", strerror(err));
	fputc('\n', stderr);
	fflush(stderr);
	/* _exit: the other threads may hold streams of their own */
	_exit(VC_EXIT_INPUT);
}

void vc_cli_signals_init(void)
{
	static bool done;
	if (done)
		return;
	done = true;
	devnull_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGINT);
	sigaddset(&sa.sa_mask, SIGTERM);
	sigaddset(&sa.sa_mask, SIGHUP);
	int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	for (int i = 0; i < 3; i++) {
		struct sigaction old;
		/* a signal ignored by whoever started vchess (nohup) stays so */
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
			continue;
		sigaction(sigs[i], &sa, NULL);
	}
	atexit(at_exit);
}

void vc_cli_cooperate(void)
{
	cooperative = 1;
}

int vc_cli_interrupted(void)
{
	static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
	int sig = __atomic_load_n(&acted_signal, __ATOMIC_ACQUIRE);
	if (sig || !got_signal)
		return sig;
	pthread_mutex_lock(&mu);
	if (!acted_signal)
		__atomic_store_n(&acted_signal, (int)got_signal, __ATOMIC_RELEASE);
	sig = acted_signal;
	pthread_mutex_unlock(&mu);
	return sig;
}

int vc_cli_finish(int rc)
{
	sigset_t old;
	int sig = acted_signal;
	/* held for the whole loop: the outputs appear together, or none */
	hold_signals(&old);
	for (int i = 0; i < MAX_OUT_FILES; i++) {
		struct out_file *o = &out_files[i];
		if (o->state == OF_FREE)
			continue;
		if (o->state == OF_OPEN || sig) {
			give_up(o); /* never closed: the command did not finish it */
			continue;
		}
		if (o->live && rename(o->tmp, o->final) != 0) {
			int e = errno;
			unlink(o->tmp);
			vc_cli_error(NULL, "cannot write %s: %s", o->final, strerror(e));
			if (rc < VC_EXIT_INPUT)
				rc = VC_EXIT_INPUT;
		}
		free_slot(o);
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	vc_cli_operands_release();
	/* for another run in this process */
	run_report = NULL;
	acted_signal = 0;
	got_signal = 0;
	cooperative = 0;
	stdout_err = 0;
	stdout_err_said = false;
	return sig ? 128 + sig : rc;
}

double vc_cli_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The report's notes (report.h on_note) on stderr: an unreadable input, a
 * game not copied; out of memory ends the run (vc_cli_fatal: vchess(1)
 * EXIT STATUS). */
static void report_note(const char *command, enum vc_code code, const char *text)
{
	if (code == VC_F_OUT_OF_MEMORY)
		vc_cli_fatal(0, "out of memory");
	fprintf(stderr, "vchess %s: %s\n", command, text);
}

void vc_cli_report_init(struct vc_report *r, FILE *out, const struct vc_cli_opts *opts,
                        const char *command, bool shredder)
{
	struct vc_report_options o = {
		.format = opts->format,
		.rules = opts->rules,
		.quiet = opts->quiet,
		.verbose = opts->verbose,
		.strict = opts->strict,
		.shredder = shredder,
		.command = command,
		.after_write = vc_cli_check_output,
		.on_note = report_note,
	};
	vc_report_init(r, out, &o);
	if (out)
		run_report = r;
	/* the report is open: a signal from now on ends the run with its
	 * summary, marked incomplete (vc_pipe_run checks) */
	vc_cli_cooperate();
}
