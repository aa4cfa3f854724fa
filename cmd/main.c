/* vchess - entry point: the command table, dispatch, global help and
 * version (vchess(1) OPTIONS). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "common.h"

#ifndef VC_VERSION
#define VC_VERSION "unknown"
#endif

/* The subcommands, in the order `vchess --help` lists them. Adding one is
 * one line here; see commands.h. */
const struct vc_command vc_commands[] = {
	{ "perft", cmd_perft, "count move-generator leaf nodes, check perft suites" },
	{ "validate", cmd_validate, "check PGN and EPD/FEN files game by game" },
	{ "adjudicate", cmd_adjudicate, "the result by the rules for every game, and whether the declared one agrees" },
	{ "replay", cmd_replay, "list moves and take-backs with tokens; write the final PGN" },
	{ "winnable", cmd_winnable, "can a side still checkmate? dead positions, time-forfeit draws" },
	{ "report", cmd_report, "merge the part reports of a sharded run into one report" },
	{ "shards", cmd_shards, "cut inputs into shards for GNU parallel or a Slurm array job" },
	{ "variants", cmd_variants, "list the variants and their PGN Variant tags" },
	{ "help", cmd_help, "show the help of vchess or of one command" },
	{ NULL, NULL, NULL }
};

static const struct vc_command *find_command(const char *name)
{
	for (const struct vc_command *c = vc_commands; c->name; c++)
		if (strcmp(c->name, name) == 0)
			return c;
	return NULL;
}

static void print_help(FILE *f)
{
	fputs("usage: vchess [--version] [--help] COMMAND [ARGS...]\n"
	      "\n"
	      "vchess checks chess-variant game records and move generators:\n"
	      "standard chess, Chess960, Antichess, Undo Chess and Backwards\n"
	      "Stalemate Chess.\n"
	      "\n"
	      "Commands:\n", f);
	for (const struct vc_command *c = vc_commands; c->name; c++)
		fprintf(f, "  %-12s %s\n", c->name, c->summary);
	fputs("\n"
	      "'vchess help COMMAND' or 'vchess COMMAND --help' shows the options "
	      "of a command.\n"
	      VC_HELP_EXIT, f);
}

static const char help_usage[] =
        "usage: vchess help [COMMAND]\n"
        "\n"
        "Without COMMAND, list the commands (as 'vchess --help'); with it, show\n"
        "the options of COMMAND (as 'vchess COMMAND --help').\n";

int cmd_help(int argc, char **argv)
{
	struct vc_cli_spec spec = { .name = "help", .usage = help_usage };
	struct vc_cli_opts opts;
	int first;
	int rc = vc_cli_parse(argc, argv, &spec, &opts, &first);
	if (rc != VC_CLI_CONTINUE)
		return rc;
	if (first == argc) {
		print_help(stdout);
		return VC_EXIT_OK;
	}
	if (argc - first > 1)
		return vc_cli_usage_error("help", "one command at a time");
	const struct vc_command *c = find_command(argv[first]);
	if (!c) {
		/* the hint names the command list, not help's own help */
		vc_cli_error("help", "'%s' is not a vchess command", argv[first]);
		fputs("Try 'vchess --help' for the list of commands.\n", stderr);
		return VC_EXIT_USAGE;
	}
	char help_opt[] = "--help";
	char *sub_argv[] = { argv[first], help_opt, NULL };
	return c->run(2, sub_argv);
}

int vc_cli_main(int argc, char **argv)
{
	if (argc < 2) {
		print_help(stderr);
		return VC_EXIT_USAGE;
	}
	const char *arg = argv[1];
	int rc;
	if (strcmp(arg, "--version") == 0) {
		printf("vchess %s\n", VC_VERSION);
		rc = VC_EXIT_OK;
	} else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
		print_help(stdout);
		rc = VC_EXIT_OK;
	} else if (arg[0] == '-') {
		return vc_cli_usage_error(NULL, "unknown option '%s'", arg);
	} else {
		const struct vc_command *c = find_command(arg);
		if (!c)
			return vc_cli_usage_error(NULL, "'%s' is not a vchess "
			                          "command", arg);
		rc = c->run(argc - 1, argv + 1);
	}
	int wrc = vc_cli_close_output(NULL, stdout);
	/* the output files renamed into place, or removed when interrupted */
	return vc_cli_finish(wrc ? wrc : rc);
}

/* A standard stream the caller closed (<&-, >&-) gets /dev/null opened
 * the other way round on its descriptor: no file vchess opens later takes
 * descriptor 0, 1 or 2 (a report written into a copy, standard input
 * read from /dev/null as an empty input), and using the stream fails
 * plainly (EBADF): reading '-' says standard input is closed, writing a
 * report to standard output is a write error (exit 3). */
static void hold_std_streams(void)
{
	for (int fd = STDIN_FILENO; fd <= STDERR_FILENO; fd++)
		if (fcntl(fd, F_GETFD) < 0 && errno == EBADF) {
			int n = open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY);
			if (n >= 0 && n != fd) /* never: the lowest free descriptor */
				close(n);
		}
}

int main(int argc, char **argv)
{
	hold_std_streams();
	/* A closed pipe is noticed as EPIPE on stdout and ends vchess quietly
	 * (vc_cli_check_output), not by a signal in the middle of a write. */
	signal(SIGPIPE, SIG_IGN);
	/* SIGINT, SIGTERM, SIGHUP: output files whole or absent (common.h) */
	vc_cli_signals_init();
	return vc_cli_main(argc, argv);
}
