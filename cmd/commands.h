/* vchess - the subcommands.
 *
 * Adding a command:
 *   1. write cmd/<name>.c with `int cmd_<name>(int argc, char **argv)`;
 *      argv[0] is the command's name, options are parsed with
 *      vc_cli_parse() (common.h), which also answers --help;
 *   2. declare it below;
 *   3. add one line to the table `commands[]` in cmd/main.c (name, function,
 *      one-line summary for `vchess --help`);
 *   4. a man page man/vchess-<name>.1 and golden tests tests/golden/<name>-*.
 *
 * Every command returns its exit status (enum vc_exit in common.h) and
 * prints reports on stdout (or -o FILE), messages on stderr.
 */
#ifndef VC_CMD_COMMANDS_H
#define VC_CMD_COMMANDS_H

/* One row of the command table. */
struct vc_command {
	const char *name;                  /* "perft" */
	int (*run)(int argc, char **argv); /* argv[0] == name */
	const char *summary;               /* one line, for vchess --help */
};

/* The table itself (cmd/main.c), terminated by a row of NULLs. */
extern const struct vc_command vc_commands[];

/* vchess perft: move generator node counts, divide, suites (cmd/perft.c). */
int cmd_perft(int argc, char **argv);

/* vchess validate: check games and positions (cmd/validate.c). */
int cmd_validate(int argc, char **argv);

/* vchess adjudicate: verdict by the rules per game, fixed results,
 * standings (cmd/adjudicate.c). */
int cmd_adjudicate(int argc, char **argv);

/* vchess replay: events of each game (moves, Undo Chess take-backs) and
 * the final PGN (cmd/replay.c). */
int cmd_replay(int argc, char **argv);

/* vchess winnable: can a side still checkmate (cmd/winnable.c). */
int cmd_winnable(int argc, char **argv);

/* vchess shards: cut inputs into shards for many processes or machines
 * (cmd/shards.c). */
int cmd_shards(int argc, char **argv);

/* vchess variants: list the registry (cmd/variants.c). */
int cmd_variants(int argc, char **argv);

/* The whole vchess command: argv[1] names the command (or is --help,
 * --version), as main() gets it. Returns the exit status (vchess(1) EXIT
 * STATUS) with standard output flushed. Runnable again in the same process
 * (tests/fuzz/fuzz_cmd.c): it keeps no state between calls and ends the
 * process only where vchess(1) says it stops at once (standard output's
 * reader gone: vc_cli_check_output) or memory runs out inside the pipeline
 * (pipeline.h). SIGPIPE must be ignored by the caller (main() does). */
int vc_cli_main(int argc, char **argv);

/* vchess help [CMD]: vchess --help, or CMD --help (cmd/main.c). */
int cmd_help(int argc, char **argv);

/* vchess report merge: the part reports of a sharded run into one
 * report (cmd/merge.c). */
int cmd_report(int argc, char **argv);

#endif
