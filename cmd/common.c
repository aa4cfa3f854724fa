/* vchess - helpers shared by the subcommands. See common.h. */
#include "common.h"
#include "input.h"
#include "textesc.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
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
	V_NO_PROGRESS = VC_OPT_VAL_BASE + 32,
	V_HELP
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
};
#define NCOMMON (sizeof common_options / sizeof common_options[0])

#define MAX_OPTIONS 64

static void vmessage(const char *name, const char *fmt, va_list ap)
{
	fflush(stdout); /* keep report and message in order on a terminal */
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
	long n;
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
		else
			return vc_cli_usage_error(name, "--format: '%s' is not "
			                          "text, json or jsonl", arg);
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
		if (!vc_cli_parse_long(arg, 1, 256, &n))
			return vc_cli_usage_error(name, "-j: '%s' is not a number "
			                          "from 1 to 256", arg);
		o->jobs = (int)n;
		return 0;
	case V_PROGRESS:
		o->progress = 1;
		return 0;
	case V_NO_PROGRESS:
		o->progress = 0;
		return 0;
	case V_MAX_ERRORS:
		if (!vc_cli_parse_long(arg, 0, LONG_MAX, &n))
			return vc_cli_usage_error(name, "--max-errors: '%s' is not "
			                          "a number", arg);
		o->max_errors = n;
		return 0;
	case V_MAX_RATIO:
		if (!vc_cli_parse_u64(arg, &o->max_ratio))
			return vc_cli_usage_error(name, "--max-ratio: '%s' is not "
			                          "a number (0: no limit)", arg);
		return 0;
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
		if (!vc_cli_parse_u64(arg, &o->budget) || o->budget == 0)
			return vc_cli_usage_error(name, "--budget: '%s' is not a "
			                          "positive number", arg);
		return 0;
	}
	return vc_cli_usage_error(name, "internal error: option %d", val);
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

FILE *vc_cli_open_file(const char *name, const char *path)
{
	if (strcmp(path, "-") == 0)
		return stdout;
	FILE *f = fopen(path, "wb");
	if (!f)
		vc_cli_error(name, "cannot write %s: %s", path, strerror(errno));
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
	if (f == stdout && ferror(f) && stdout_reader_gone()) {
		/* quietly, but files written so far (validate --valid-out)
		 * keep what was written to them */
		fflush(NULL);
		_exit(VC_EXIT_OK);
	}
}

int vc_cli_close_file(const char *name, FILE *f, const char *path)
{
	if (!f)
		return VC_EXIT_OK;
	if (f == stdout) {
		errno = 0;
		if (fflush(f) != 0 || ferror(f)) {
			vc_cli_check_output(f);
			vc_cli_error(name, "write error on standard output: %s",
			             strerror(errno ? errno : EIO));
			return VC_EXIT_INPUT;
		}
		return VC_EXIT_OK;
	}
	errno = 0;
	bool bad = ferror(f) != 0;
	if (fclose(f) != 0)
		bad = true;
	if (bad) {
		if (path)
			vc_cli_error(name, "write error on %s: %s", path,
			             strerror(errno ? errno : EIO));
		else
			vc_cli_error(name, "write error: %s", strerror(errno ? errno : EIO));
		return VC_EXIT_INPUT;
	}
	return VC_EXIT_OK;
}

int vc_cli_close_output(const char *name, FILE *f)
{
	return vc_cli_close_file(name, f, NULL);
}

double vc_cli_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The report's notes (report.h on_note) on stderr: an unreadable input, a
 * game not copied; out of memory ends the process as an unreadable input
 * does (vchess(1) EXIT STATUS). */
static void report_note(const char *command, enum vc_code code, const char *text)
{
	if (code == VC_F_OUT_OF_MEMORY) {
		fputs("vchess: out of memory\n", stderr);
		exit(VC_EXIT_INPUT);
	}
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
}
