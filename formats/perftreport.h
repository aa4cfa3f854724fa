/* vchess - perft reports for machines: JSON, JSON Lines and JUnit XML
 * (vchess-perft(1) REPORTS). Bytes out only: the caller counts and
 * compares, and hands each position here with its numbers.
 *
 * JSON: one document {"results": [RECORD...], "summary": SUMMARY}, two-space
 * indented. JSONL: one RECORD a line, then a line {"summary": SUMMARY}.
 * A RECORD is one count of one position:
 *   {"file", "member", "line", "id", "variant", "fen", "depth", "expected",
 *    "nodes", "ok", "time", "nps", "divide": [{"move", "nodes"}...]}
 * where "file", "member", "line", "id" are left out when unknown,
 * "expected" is null when no count is expected (then "ok" is true),
 * "time" (seconds) and "nps" are written only with VC_PERFTREPORT_TIMING
 * (so that reports of two runs compare byte for byte), and "divide" only
 * when moves are given. A position that cannot be counted (bad FEN, unknown
 * variant, syntax error of its line) is one RECORD without depth, expected
 * and nodes, with "error" (the reason) and "ok": false.
 * SUMMARY: {"file", "positions", "checked", "skipped", "mismatches",
 * "errors", "nodes", "complete", "stopped", "time", "nps"}: "file" when
 * known, "stopped" ("mismatch" or "input-error") only when the run stopped
 * early, "time" and "nps" only with VC_PERFTREPORT_TIMING.
 *
 * JUnit XML: <testsuites> holding one <testsuite> (the suite file, or
 * "perft"), a <testcase> per position (classname: the file, name: its line
 * and id or FEN), with a <failure type="mismatch"> naming every count that
 * differs, an <error> for a position that cannot be counted, and <skipped>
 * when every count of it was left out by a limit. Attributes "time" only
 * with VC_PERFTREPORT_TIMING. Text that is not UTF-8 is read as Latin-1;
 * control characters XML 1.0 cannot carry become U+FFFD.
 *
 * Errors are sticky: after a failed write or allocation every call returns
 * -1 and writes nothing more; the caller checks the FILE * as usual.
 */
#ifndef VC_PERFTREPORT_H
#define VC_PERFTREPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "json.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

enum vc_perftreport_format {
	VC_PERFTREPORT_JSON,
	VC_PERFTREPORT_JSONL,
	VC_PERFTREPORT_JUNIT
};

#define VC_PERFTREPORT_TIMING 1u /* write "time" and "nps" */

/* One count of a position. */
struct vc_perftreport_count {
	int depth;
	int64_t expected;  /* -1: none expected */
	uint64_t nodes;    /* the count found */
	bool checked;      /* false: left out by a limit (not written) */
	double seconds;    /* time taken, read with VC_PERFTREPORT_TIMING */
};

/* One line of a divide: a first move and the count under it. */
struct vc_perftreport_move {
	const char *move;  /* its text (UCI or the variant's own) */
	uint64_t nodes;
};

/* A position and what came of it. Strings are not owned and may be NULL
 * where said. */
struct vc_perftreport_position {
	const char *file;     /* the suite as named in reports; NULL: none */
	const char *member;   /* archive member, or NULL */
	long line;            /* 1-based line in the file; 0: none */
	int column;           /* syntax error: 1-based column; 0: none */
	const char *id;       /* or NULL */
	const char *variant;  /* vchess name, or NULL */
	const char *fen;      /* as written, or NULL */
	const char *error;    /* NULL: counted; else why not (no counts) */
	int ncounts;
	const struct vc_perftreport_count *counts;
	int nmoves;           /* --divide of counts[0]; 0: none */
	const struct vc_perftreport_move *moves;
};

/* The end of a report. */
struct vc_perftreport_summary {
	long positions, checked, skipped, mismatches, errors;
	uint64_t nodes;       /* all nodes counted */
	double seconds;       /* read with VC_PERFTREPORT_TIMING */
	const char *stopped;  /* NULL: ran to the end; else why not */
};

/* The writer. Treat as opaque. */
struct vc_perftreport {
	FILE *fp;
	enum vc_perftreport_format format;
	unsigned flags;
	const char *file;     /* not owned */
	struct vc_json json;
	char *xml;            /* JUnit: the test cases, held until the end */
	size_t len, cap;
	long tests, failures, errors, skipped;
	bool failed;
};

/* Start a report on fp (not owned, not closed, not flushed) in `format`
 * with flags (0 or VC_PERFTREPORT_TIMING). `file` names the suite (kept,
 * not copied: it must outlive the writer), or NULL for a FEN argument.
 * Returns 0, or -1 on a write error. */
int vc_perftreport_begin(struct vc_perftreport *r, FILE *fp,
                         enum vc_perftreport_format format, unsigned flags,
                         const char *file);

/* Add one position: one RECORD per checked count (or one for an error).
 * Returns 0, or -1 on a write or allocation error (sticky). */
int vc_perftreport_position(struct vc_perftreport *r,
                            const struct vc_perftreport_position *p);

/* Write the summary (and, for JUnit, the whole document) and free what the
 * writer holds. Call it once, also after an error. Returns 0, or -1 if any
 * call failed. */
int vc_perftreport_end(struct vc_perftreport *r,
                       const struct vc_perftreport_summary *s);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
