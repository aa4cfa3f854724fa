/* vchess - helpers shared by the subcommands: exit codes, the common
 * options (vchess(1) OPTIONS), usage errors, output streams.
 *
 * A command describes itself with a struct vc_cli_spec and calls
 * vc_cli_parse() first thing:
 *
 *     static const char usage[] =
 *         "usage: vchess frob [--variant V] [--quiet] FILE...\n"
 *         "\n"
 *         "Frobnicate the games of FILE.\n";
 *     static const struct option own[] = {
 *         { "depth", required_argument, NULL, 'd' },
 *         { 0, 0, 0, 0 }
 *     };
 *     int cmd_frob(int argc, char **argv)
 *     {
 *         struct frob_ctx ctx = { ... };
 *         struct vc_cli_spec spec = {
 *             .name = "frob", .usage = usage,
 *             .common = VC_OPT_VARIANT | VC_OPT_QUIET,
 *             .options = own, .shortopts = "d:",
 *             .handle = frob_option, .ctx = &ctx,
 *         };
 *         struct vc_cli_opts opts;
 *         int first;
 *         int rc = vc_cli_parse(argc, argv, &spec, &opts, &first);
 *         if (rc != VC_CLI_CONTINUE)
 *             return rc;
 *         ... operands are argv[first..argc-1] ...
 *     }
 *
 * Messages go to stderr as "vchess NAME: message"; reports go to stdout or
 * the -o file. No helper here calls exit() except the output checks, which
 * end the process when standard output's reader has gone (see
 * vc_cli_check_output), and vc_cli_fatal, which ends a run that cannot go
 * on.
 */
#ifndef VC_CMD_COMMON_H
#define VC_CMD_COMMON_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "report.h"
#include "variant.h"

/* Exit status, vchess(1) EXIT STATUS. */
enum vc_exit {
	VC_EXIT_OK = 0,       /* all valid / all counts match */
	VC_EXIT_FINDINGS = 1, /* at least one error finding */
	VC_EXIT_USAGE = 2,    /* bad option, malformed FEN argument */
	VC_EXIT_INPUT = 3     /* an input could not be read (or an output
	                         could not be written); wins over 1 */
};

/* Returned by vc_cli_parse() when the command should go on. */
#define VC_CLI_CONTINUE (-1)

/* Common options a command accepts: bits for vc_cli_spec.common. */
#define VC_OPT_VARIANT    (1u << 0) /* --variant NAME (vchess name or tag alias) */
#define VC_OPT_RULES      (1u << 1) /* --rules fide|lichess */
#define VC_OPT_FORMAT     (1u << 2) /* --format text|json|jsonl */
#define VC_OPT_STRICT     (1u << 3) /* --strict: warnings count as errors */
#define VC_OPT_QUIET      (1u << 4) /* --quiet: summary only */
#define VC_OPT_VERBOSE    (1u << 5) /* --verbose */
#define VC_OPT_OUTPUT     (1u << 6) /* -o FILE, --output FILE */
#define VC_OPT_JOBS       (1u << 7) /* -j N, --jobs N (1..256) */
#define VC_OPT_PROGRESS   (1u << 8) /* --progress, --no-progress */
#define VC_OPT_MAX_ERRORS (1u << 9) /* --max-errors N: stop after N invalid games */
#define VC_OPT_MAX_RATIO  (1u << 10) /* --max-ratio N: zip-bomb guard, 0 = off */
#define VC_OPT_DEAD       (1u << 11) /* --dead-positions material|full */
#define VC_OPT_AFTER_END  (1u << 12) /* --after-end error|warn */
#define VC_OPT_BUDGET     (1u << 13) /* --budget NODES: time-forfeit search */
#define VC_OPT_KEEP_PARTIAL (1u << 14) /* --keep-partial: an interrupted run
                                        keeps its output files as NAME.partial */
#define VC_OPT_EXCLUDE    (1u << 15) /* --exclude GLOB (repeatable): files of a
                                        walked directory left out (inputs.h) */
#define VC_OPT_ALL        ((1u << 16) - 1)
#define VC_OPT_SHARD      (1u << 16) /* --shard K/N, --shard-range START-END:
                                        a shard run (vchess-report(1)) */

/* Most --exclude patterns a command takes. */
#define VC_CLI_MAX_EXCLUDE 64

/* Option `val`s of the common options live in [VC_OPT_VAL_BASE,
 * VC_OPT_VAL_BASE + 64). A command's own options use a short-option letter
 * (< 256) or values from VC_OPT_OWN upwards. */
#define VC_OPT_VAL_BASE 0x100
#define VC_OPT_OWN      0x200

/* The common options after parsing, with their defaults. */
#define VC_CLI_MAX_CANON 48
struct vc_cli_opts {
	const struct vc_variant *variant; /* --variant; NULL if not given */
	enum vc_ruleset rules;            /* --rules; default VC_RULES_FIDE */
	bool rules_given;                 /* --rules was on the command line */
	enum vc_format format;            /* --format; default text */
	bool strict;                      /* --strict */
	bool quiet;                       /* --quiet */
	bool verbose;                     /* --verbose */
	long max_errors;                  /* --max-errors; 0 = no limit */
	uint64_t max_ratio;               /* --max-ratio: decompressed bytes per
	                                     compressed byte before an input
	                                     stops (struct vc_input_options);
	                                     default 1000, 0 = no limit */
	const char *output;               /* -o; NULL = standard output */
	int jobs;                         /* -j; default 1 */
	int progress;                     /* 1 --progress, 0 --no-progress,
	                                     -1 (default): when stderr is a
	                                     terminal; see vc_cli_progress() */
	enum vc_dead_method dead;         /* --dead-positions; default full */
	bool after_end_warn;              /* --after-end warn */
	uint64_t budget;                  /* --budget; 0 = the library's default */
	bool keep_partial;                /* --keep-partial (see vc_cli_finish) */
	char *exclude[VC_CLI_MAX_EXCLUDE]; /* --exclude patterns (argv's) */
	int nexclude;
	/* --shard K/N (shard true) and --shard-range START-END (range true):
	 * a shard run writes a part report (vchess-report(1)) */
	bool shard, shard_range;
	uint64_t shard_k, shard_n, range_start, range_end;
	/* The options that decide what a report says, as given (long names
	 * without "--", and the argument or NULL; pointers into argv or
	 * static): every option but those of where things go and how fast
	 * (-o, -j, --progress, --keep-partial, --shard, --shard-range,
	 * --format, --exclude and the copies' files). A shard run writes them
	 * into its part, and `report merge` parses them again. */
	struct { const char *name, *arg; } canon[VC_CLI_MAX_CANON];
	int ncanon;
	const char *format_arg;           /* --format's word as given, or NULL */
};

/* Help lines for the common options, for composing a command's usage text
 * so that every command describes them the same way. */
#define VC_HELP_VARIANT \
	"      --variant NAME   variant (vchess name or PGN Variant tag; see\n" \
	"                       'vchess variants')\n"
#define VC_HELP_RULES \
	"      --rules R        rule set: fide (default) or lichess\n"
#define VC_HELP_FORMAT \
	"      --format F       report format: text (default), json or jsonl\n"
/* validate and adjudicate: the CI formats too (vchess-validate(1) REPORTS) */
#define VC_HELP_FORMAT_CI \
	"      --format F       report format: text (default), json, jsonl; for CI:\n" \
	"                       github (workflow commands), sarif (SARIF 2.1.0)\n" \
	"                       or junit (JUnit XML)\n"
#define VC_HELP_STRICT \
	"      --strict         warnings count as errors, and games in a variant\n" \
	"                       vchess does not implement are invalid (else\n" \
	"                       skipped); an empty input is then an error\n"
#define VC_HELP_QUIET \
	"      --quiet          print the summary only\n"
#define VC_HELP_VERBOSE \
	"      --verbose        say more\n"
#define VC_HELP_OUTPUT \
	"  -o, --output FILE    write the report to FILE ('-': standard output)\n"
#define VC_HELP_JOBS \
	"  -j, --jobs N         use N threads (default 1)\n"
#define VC_HELP_SHARD \
	"      --shard K/N      check shard K (from 0) of N only and write a part\n" \
	"                       report for 'vchess report merge' (see 'vchess\n" \
	"                       shards'); --shard-range START-END as it prints\n"
#define VC_HELP_PROGRESS \
	"      --[no-]progress  progress on standard error (default: when it is\n" \
	"                       a terminal)\n"
#define VC_HELP_MAX_ERRORS \
	"      --max-errors N   stop after N invalid games\n"
#define VC_HELP_MAX_RATIO \
	"      --max-ratio N    zip-bomb guard: a compressed input stops past N\n" \
	"                       bytes out per byte in (default 1000; 0: off)\n"
#define VC_HELP_DEAD \
	"      --dead-positions M  dead positions and time forfeits under FIDE\n" \
	"                       rules: full (default: material, then a sound\n" \
	"                       search) or material (material alone)\n"
#define VC_HELP_AFTER_END \
	"      --after-end A    moves after a dead position, fivefold or the\n" \
	"                       75-move rule: error (default) or warn\n"
#define VC_HELP_BUDGET \
	"      --budget NODES   node budget of the time-forfeit search (default\n" \
	"                       2000000)\n"
#define VC_HELP_EXCLUDE \
	"      --exclude GLOB   leave out files of a directory operand whose path\n" \
	"                       or name matches GLOB (repeatable)\n"
#define VC_HELP_KEEP_PARTIAL \
	"      --keep-partial   an interrupted run keeps its output files as\n" \
	"                       FILE.partial (default: removes them)\n"
#define VC_HELP_HELP \
	"  -h, --help           show this help\n"
#define VC_HELP_EXIT \
	"Exit status: 0 ok, 1 findings, 2 usage error, 3 input unreadable.\n"

/* What a command tells vc_cli_parse() about itself. */
struct vc_cli_spec {
	const char *name;   /* "perft": used in messages and usage hints */
	const char *usage;  /* full --help text, printed as is on stdout */
	unsigned common;    /* VC_OPT_* bits of the common options accepted */
	/* The command's own long options, terminated by a zeroed entry; `flag`
	 * must be NULL. NULL = none. */
	const struct option *options;
	/* The command's own short options in getopt syntax ("d:x"); NULL = none.
	 * 'h', 'o' and 'j' are taken by the helper. */
	const char *shortopts;
	/* Called for each own option in command-line order: `opt` is the
	 * option's `val`, `arg` its argument or NULL. Return 0 to go on, or an
	 * exit status (normally the value of vc_cli_usage_error()). May be NULL
	 * if the command has no own options. */
	int (*handle)(void *ctx, int opt, const char *arg);
	void *ctx;          /* passed to handle */
	/* --format also takes the CI formats github, sarif and junit
	 * (vc_cli_ci_format) */
	bool ci_formats;
};

/* Parse argv[1..argc-1] (argv[0] is the command's name) with getopt_long:
 * -h/--help, the common options in spec->common and the command's own
 * options; operands may come before, between or after options, and "--"
 * ends options. Fills *opts (defaults for what is not given) and sets
 * *first to the index of the first operand (operands are argv[*first ..
 * argc-1]; argv may be permuted).
 * Returns VC_CLI_CONTINUE to go on; otherwise the exit status the command
 * must return at once: VC_EXIT_OK after printing --help, VC_EXIT_USAGE
 * after reporting a usage error on stderr, or what `handle` returned. */
int vc_cli_parse(int argc, char **argv, const struct vc_cli_spec *spec,
                 struct vc_cli_opts *opts, int *first);

/* Whether `word` names a CI report format (github, sarif, junit:
 * vchess-validate(1) REPORTS); if so *format is set to it. */
bool vc_cli_ci_format(const char *word, enum vc_format *format);

/* Report a usage error on stderr ("vchess NAME: message" and a hint to run
 * `vchess NAME --help`). printf-style. Returns VC_EXIT_USAGE. */
int vc_cli_usage_error(const char *name, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

/* Report an error or warning about vchess's own run on stderr as
 * "vchess NAME: message" (no hint). printf-style. */
void vc_cli_error(const char *name, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

/* Parse a whole decimal integer in [min, max]: returns false (and leaves
 * *out alone) for empty text, other characters or a value out of range. */
bool vc_cli_parse_long(const char *text, long min, long max, long *out);
bool vc_cli_parse_u64(const char *text, uint64_t *out);

/* A numeric option's value, the one parser every numeric option of every
 * command goes through for its message: text, all decimal digits, from
 * min to max, into *out (left alone on error). Returns 0, or the usage
 * error (VC_EXIT_USAGE, said for command `cmd` on stderr):
 *   "OPT: 'TEXT' is not WHAT"            not digits, empty, or below min
 *   "OPT: 'TEXT' is too large (at most MAX)"   digits above max, however
 *                                        many (past 2^64 too)
 * where WHAT says the range in words ("a number from 1 to 256"). */
int vc_cli_number_option(const char *cmd, const char *opt, const char *text, uint64_t min,
                         uint64_t max, const char *what, uint64_t *out);

/* Resolve a variant name as --variant does (vchess name or PGN Variant tag
 * alias, case-insensitive). On failure reports a usage error naming `name`
 * (the command) and returns NULL. */
const struct vc_variant *vc_cli_variant(const char *name, const char *text);

/* The input-layer options (formats/input.h) the common options ask for:
 * --max-ratio (the default when the command does not take it). */
struct vc_input_options;
void vc_cli_input_options(const struct vc_cli_opts *opts,
                          struct vc_input_options *io);

/* Should progress be shown on stderr? --progress: yes; --no-progress: no;
 * default: when stderr is a terminal and --quiet was not given. */
bool vc_cli_progress(const struct vc_cli_opts *opts);

/* ---- output files ----------------------------------------------------------
 *
 * Every file a command writes - the report (-o), validate --valid-out and
 * --invalid-out, adjudicate --fix-results, replay's final PGN - goes
 * through these helpers, in this order:
 *
 *   1. vc_cli_check_outputs(), before any output is opened: an output that
 *      is also an input, two outputs that are one file, two outputs on
 *      standard output are usage errors (exit 2), and nothing has been
 *      created or truncated yet;
 *   2. vc_cli_open_file() (or vc_cli_open_output() for the report) for each;
 *   3. vc_cli_check_output() after each piece written to a stream;
 *   4. vc_cli_close_file() (or vc_cli_close_output()) for each at the end:
 *      a write error on any output (a full disk, /dev/full) is reported and
 *      gives VC_EXIT_INPUT (exit 3).
 *
 *     struct vc_cli_output outs[] = {
 *         { "-o", vc_cli_report_path(&opts), true },
 *         { "--copy", copy_path, false },          // NULL: not given
 *     };
 *     int rc = vc_cli_check_outputs("frob", outs, 2, argv + first,
 *                                   argc - first);
 *     if (rc != VC_EXIT_OK)
 *         return rc;
 *     FILE *out = vc_cli_open_output("frob", &opts);
 *     FILE *copy = copy_path ? vc_cli_open_file("frob", copy_path) : NULL;
 *     ...
 *     int w = vc_cli_close_file("frob", copy, copy_path);
 *     if (vc_cli_close_output("frob", out) != VC_EXIT_OK) w = VC_EXIT_INPUT;
 *
 * "-" names standard output for every output option.
 */

/* One output of a command, for vc_cli_check_outputs(). */
struct vc_cli_output {
	const char *option;  /* how the user names it in messages: "-o",
	                        "--valid-out", "--fix-results" */
	const char *path;    /* the file; "-": standard output; NULL: the
	                        option was not given (nothing written) */
	bool report;         /* the report: when it and another output would
	                        both go to standard output, the message says
	                        to send the report elsewhere with -o */
};

/* The report's path for a vc_cli_output: opts->output, or "-" when the
 * report goes to standard output. */
const char *vc_cli_report_path(const struct vc_cli_opts *opts);

/* Check a command's outputs against each other and against its inputs
 * (inputs[0..ninputs-1], "-" being standard input) before any of them is
 * opened. Files are compared by device and inode (stat), so x.pgn,
 * ./x.pgn, dir/../x.pgn, a hard link and a symbolic link are one file; an
 * output that does not exist yet is compared by its directory and name.
 * Character devices (/dev/null, a terminal, /dev/full) may be shared.
 * Usage errors, reported on stderr, return VC_EXIT_USAGE:
 *   - an output that is also an input (it would be emptied before it is
 *     read), including standard output redirected to an input file;
 *   - two outputs that are the same file (one would overwrite the other);
 *   - two outputs on standard output ("-", or the report by default): the
 *     message says to write the report to a file with -o.
 * Returns VC_EXIT_OK when the outputs may be opened. */
int vc_cli_check_outputs(const char *name, const struct vc_cli_output *outs, int nouts,
                         char *const *inputs, int ninputs);

/* Open an output checked by vc_cli_check_outputs() (binary: bytes are
 * written as given): standard output for "-"; a path that names something
 * other than a regular file (/dev/null, a FIFO, a terminal), a path under
 * /dev/, or the file standard output or error is (/dev/stdout redirected
 * to a file) is opened and written directly, never replaced; a regular file (or a name not taken)
 * is written to a temporary file in its directory (".NAME.XXXXXX", made
 * with the permissions a plain create would give: 0666 less the umask, or
 * those of the file it replaces; a symbolic link is followed), which
 * vc_cli_finish() renames to PATH when the run completes and removes
 * otherwise (vchess(1) OUTPUT FILES). A file that exists but cannot be
 * written is refused as fopen would refuse it. When no temporary file can
 * be made in the directory (not writable) but the file exists and is
 * writable, it is written directly. At most 8 files at once.
 * Returns NULL after reporting "cannot write PATH: reason" (the command
 * should return VC_EXIT_INPUT). */
FILE *vc_cli_open_file(const char *name, const char *path);

/* Flush and close what vc_cli_open_file() returned; `path` names it in the
 * message. Standard output is flushed, not closed; NULL (an output not
 * asked for) is fine. Returns VC_EXIT_OK, or VC_EXIT_INPUT after reporting
 * a write error ("write error on PATH: reason", the reason being that of
 * the first write that failed, as seen by vc_cli_check_output, else of the
 * flush or close): ferror() of the stream and the result of fflush/fclose
 * both count. A write error on standard output is reported once per run,
 * however often it is closed. A file with a write error is not renamed
 * into place: its temporary is removed (kept as PATH.partial under
 * --keep-partial); one closed without error waits for vc_cli_finish().
 * A closed pipe on standard output ends the process quietly (see
 * vc_cli_check_output). */
int vc_cli_close_file(const char *name, FILE *f, const char *path);

/* The report stream: standard output, or the -o file opened for writing
 * (truncated), as vc_cli_open_file(). Returns NULL after reporting the
 * error (the command should return VC_EXIT_INPUT). */
FILE *vc_cli_open_output(const char *name, const struct vc_cli_opts *opts);

/* vc_cli_close_file() for what vc_cli_open_output() returned. */
int vc_cli_close_output(const char *name, FILE *f);

/* Call after writing a piece of report (a game, a perft line): if standard
 * output's reader has gone (EPIPE: `vchess ... | head`), the process ends
 * at once, quietly, with status 0 (vchess ignores SIGPIPE so that this is
 * the one place that decides); the run is then incomplete, so the output
 * files are removed (kept as NAME.partial under --keep-partial). Other
 * write errors are left for vc_cli_close_output to report; the reason
 * (errno) of the first is remembered for it. `f` may be any stream; only
 * standard output ends the process. */
void vc_cli_check_output(FILE *f);

/* ---- interrupted runs (vchess(1) EXIT STATUS, OUTPUT FILES) ---------------
 *
 * SIGINT, SIGTERM and SIGHUP: before vc_cli_cooperate() (and in commands
 * that never call it: perft, variants) a signal removes the temporary
 * output files (or renames them to NAME.partial under --keep-partial) and
 * ends the process by the signal's default action. After it, the first
 * signal only sets a flag (and points standard input at /dev/null, so
 * that a read blocked on it ends): the command notices the flag with
 * vc_cli_interrupted() between games, stops reading, writes what it has
 * and its summary marked incomplete, and vc_cli_finish() removes the
 * temporaries and gives the status 128 + the signal. A second signal ends
 * the process at once, after removing the temporaries.
 *
 *     vc_cli_signals_init();                 // main, once, before a command
 *     ... the command: vc_cli_cooperate(); between games
 *         if (vc_cli_interrupted()) stop ...;
 *     rc = vc_cli_finish(rc);                // main, after the command
 */

/* Install the handlers of SIGINT, SIGTERM and SIGHUP (SA_RESTART: a write
 * to a slow pipe is not cut by them) and the exit hook that removes the
 * temporaries of a run ended by exit() before its report was opened.
 * Idempotent. */
void vc_cli_signals_init(void);

/* From now on the command notices signals itself (see above). */
void vc_cli_cooperate(void);

/* The signal that stopped the run: 0 while none arrived. The first call
 * that sees a signal decides that the run stops because of it; later
 * calls return the same. Call it only where the command acts on it (a
 * signal that comes after the last call is not acted on: the run
 * completes). Any thread. */
int vc_cli_interrupted(void);

/* End of a run, `rc` its exit status: when vc_cli_interrupted() stopped
 * it, every output file is removed (NAME.partial kept under
 * --keep-partial) and the result is 128 + the signal; otherwise each
 * output file closed without error is renamed into place (a rename that
 * fails is reported: VC_EXIT_INPUT), any left open is removed as
 * incomplete, and the result is rc. Signals are held meanwhile, so the
 * files of a completed run appear together. Resets the state for another
 * run in the same process. */
int vc_cli_finish(int rc);

/* ---- fatal errors (vchess(1) EXIT STATUS) ---------------------------------
 *
 * A fault the run cannot go on from (memory running out where the
 * pipeline has no way back, the temporary file of validate's copies
 * failing: TMPDIR missing or full) ends the run here, the one place: the
 * report opened by vc_cli_report_init() gets its summary, marked
 * incomplete ("complete": false, "stopped": "error"; text "COMMAND:
 * incomplete: stopped by an error"), after the whole entries written so
 * far; the output files are removed as for a signal (kept as NAME.partial
 * under --keep-partial); the reason is said on stderr ("vchess: MESSAGE"
 * or "vchess: MESSAGE: strerror(err)"); the process ends with status 3.
 *
 * Any thread may call it. The report's own stream is written by the
 * calling thread of the pipeline only, between vc_cli_output_hold() and
 * vc_cli_output_release(); the summary waits for such a stretch to end,
 * so it follows whole entries. A thread that holds the output calls
 * vc_cli_fatal only between entries (the pipeline's writers do). A second
 * fatal error in another thread waits for the first to end the process.
 * err: an errno value, or 0. */
__attribute__((noreturn, format(printf, 2, 3)))
void vc_cli_fatal(int err, const char *fmt, ...);

/* The calling thread writes to the final outputs (the report, the copies)
 * from hold to release: vc_cli_fatal in another thread waits meanwhile.
 * Nested calls in one thread are fine. Never wait for another thread's
 * lock while holding it. */
void vc_cli_output_hold(void);
void vc_cli_output_release(void);

/* Start the report r on `out` (formats/report.h) with what the common
 * options say (--format, --rules, --quiet, --verbose, --strict), under the
 * command's name, --shredder or not; after every piece written the report
 * calls vc_cli_check_output. With `out` not NULL it is the run's report,
 * the one vc_cli_fatal ends (until vc_cli_finish). */
void vc_cli_report_init(struct vc_report *r, FILE *out, const struct vc_cli_opts *opts,
                        const char *command, bool shredder);

/* Monotonic seconds, for timings. */
double vc_cli_now(void);

#endif
