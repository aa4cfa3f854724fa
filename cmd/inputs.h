/* vchess - the input operands of a command, directories walked
 * (vchess(1), INPUTS; --exclude). */
#ifndef VC_CMD_INPUTS_H
#define VC_CMD_INPUTS_H

#include <stdbool.h>

/* The files a command reads for its operands ops[0..nops-1]: a file (or
 * "-") as given; a directory walked depth first, each directory's entries
 * in byte order of their names (so reports are reproducible), entries whose
 * names start with '.' left out, symbolic links to files followed and to
 * directories not (no loops); of the files found in a directory, those
 * whose content holds games: compressed and archive files, and plain files
 * that read as PGN or EPD (the rule for archive members, vchess(1)). A path
 * matching one of excludes[0..nexcl-1] (fnmatch(3) patterns, tried on the
 * whole path and on the last name) is left out, an operand included.
 * On success returns true with *out (an array of *nout strings, each and
 * the array malloc'd: vc_cli_inputs_free) ; a directory that cannot be
 * read, or running out of memory, returns false after saying why on stderr
 * as "vchess NAME: ..." (the command's exit status 3). *nout may be 0 (a
 * directory without games). */
bool vc_cli_inputs(const char *name, char *const *ops, int nops, char *const *excludes,
                   int nexcl, char ***out, int *nout);

/* Free what vc_cli_inputs made (NULL: nothing). */
void vc_cli_inputs_free(char **files, int n);

struct vc_cli_opts;
/* A command's input files: its operands ops[0..nops-1] through
 * vc_cli_inputs with the --exclude patterns of opts. A file found in a
 * walked directory that is also one of the run's outputs stays an input,
 * as an operand does, so that the output check refuses the run (vchess(1)
 * Output files). The array lives until vc_cli_finish() (which calls
 * vc_cli_operands_release), so that a command may return at any point.
 * Returns false after saying why (exit status 3). */
bool vc_cli_operands(const char *name, const struct vc_cli_opts *opts, char **ops, int nops,
                     char ***files, int *nfiles);
void vc_cli_operands_release(void);

#endif
