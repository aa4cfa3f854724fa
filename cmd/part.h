/* vchess - shard runs and their part reports (vchess-report(1)): which
 * shard a command line names, and the part's first and last records. The
 * games' records are the pipeline's (cmd/pipe_shard.c); `vchess report
 * merge` reads parts (cmd/merge.c).
 *
 * A part report is JSON Lines:
 *   {"vchess_part": 1, "command": C, "file": F, "size": S, "shard": K,
 *    "shards": N, "unit": U, "range": [START, END], "format": W,
 *    "options": [[NAME, ARG-or-null], ...]}
 *   {"g": {"text": T, "jsonl": L, "github": G, ...}}   one per game
 * (every format's rendering but JSON's: the merge derives that from the
 * JSONL one; a part that holds "json" too, as parts of version 1 from
 * before, is merged from its "json")
 *   {"part_end": {...}}                                  the trailer
 * where each game's renderings hold relocatable numbers (formats/report.h
 * VC_REPORT_RELOC) and the trailer says what the shard found (struct
 * vc_pipe_part), the report's counts and the command's own summary state.
 */
#ifndef VC_CMD_PART_H
#define VC_CMD_PART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "common.h"
#include "json.h"
#include "jsonread.h"
#include "pipeline.h"
#include "report.h"

/* The part format's version (the header's "vchess_part"). */
#define VC_PART_VERSION 1

/* A shard as the command line names it. */
struct vc_part_shard {
	const char *file;       /* the input (argv's), NULL: an empty shard */
	int index;              /* ... its index among the operands */
	uint64_t size;          /* its size in bytes */
	uint64_t k, n;          /* shard K of N */
	const char *unit;       /* "bytes", "frames", "file", "none" (empty) */
	struct vc_pipe_shard pipe; /* for the pipeline */
};

/* Resolve --shard K/N (and --shard-range) against the operands: the shard
 * K of the plan `vchess shards -n N FILE...` makes (formats/shards.h
 * vc_shard_plan), or, with --shard-range START-END, that range of the one
 * FILE. A K past the plan's shards is an empty shard (its part holds no
 * game: a scheduler may run more shards than a file gives). Returns
 * VC_EXIT_OK, VC_EXIT_USAGE (said: --shard-range without --shard or with
 * several files, files that make more than N shards (a shard would be
 * left out: the message gives the count to use), a range outside the file or off a zstd frame boundary,
 * an option a shard run cannot take) or VC_EXIT_INPUT (a file that cannot
 * be read). */
int vc_part_resolve(const char *command, const struct vc_cli_opts *o, char **files, int nfiles,
                    struct vc_part_shard *out);

/* The header record on f. */
void vc_part_header(FILE *f, const char *command, const struct vc_cli_opts *o,
                    const struct vc_part_shard *sh);

/* A member of a struct that a part record holds as a JSON integer: one
 * row of the table that both the record's writer and its reader go
 * through (vc_part_put_fields, vc_part_get_field), so a member is added
 * to a record in one place. The struct's type is the table's: its
 * members are read and written at `offset` as `type` says. */
enum vc_part_type {
	VC_PART_U64,            /* uint64_t */
	VC_PART_U64S,           /* uint64_t[n], a JSON array of n numbers */
	VC_PART_LONG,           /* long */
	VC_PART_INT,            /* int */
	VC_PART_UCHAR           /* unsigned char */
};
struct vc_part_field {
	const char *word;       /* its key in an object; NULL: an element of
	                           an array (the table's order is the array's) */
	size_t offset;          /* offsetof(the struct, the member) */
	enum vc_part_type type;
	size_t n;               /* VC_PART_U64S: the array's length */
};
#define VC_PART_FIELD(word, st, member, type) { word, offsetof(st, member), type, 0 }
#define VC_PART_FIELD_N(word, st, member) \
	{ word, offsetof(st, member), VC_PART_U64S, sizeof ((st *)0)->member / sizeof (uint64_t) }
/* The number of rows of a table (an array, not a pointer). */
#define VC_PART_NFIELDS(table) (sizeof (table) / sizeof (table)[0])

/* The fields f[0, n) of the struct at s written into the object or array
 * that j has open: as members `word` when the field has one, else as
 * elements, in the table's order. */
void vc_part_put_fields(struct vc_json *j, const struct vc_part_field *f, size_t n,
                        const void *s);

/* The value v (NULL: missing) read into field f of the struct at s: an
 * integer (a signed one cast to the member's type, unchecked),
 * or for VC_PART_U64S an array of exactly f->n of them. Returns false,
 * when v is not such a value, having stored nothing (VC_PART_U64S: maybe
 * the array's first elements). */
bool vc_part_get_field(const struct vc_jval *v, const struct vc_part_field *f, void *s);

/* The report's counts (games, valid, ..., codes) as member `key` of the
 * object j is writing: the trailer's "counts", and with --max-errors a
 * failed game's "fail" (the shard's counts up to and with that game, for
 * the merge to stop there as one run stops). */
void vc_part_counts(struct vc_json *j, const char *key, const struct vc_report *rep);

/* Counts c that vc_part_counts wrote (NULL: none) added into rep's, as
 * the merge adds up its parts: each counter present, each code's count
 * (vc_report_count_code); a counter or code missing, unknown or not a
 * count adds nothing. */
void vc_part_add_counts(struct vc_report *rep, const struct vc_jval *c);

/* The trailer record on f: what the shard found (*pp), the report's counts
 * and completeness (*rep) and the exit status of the shard's checks
 * (status: what one run would have exited with for these games), then the
 * command's own members (extra may be NULL) inside "state". */
void vc_part_trailer(FILE *f, const struct vc_pipe_part *pp, const struct vc_report *rep,
                     int status, vc_report_extra_json extra, void *ctx);

/* Make rep, the report of a shard run (JSONL to the part), write the
 * records of the part that are not games, where they happen among the
 * games: an unreadable input's {"input_error": {...}} (report.h
 * vc_report_input_error, whatever the run's --quiet: the merge applies
 * it), and each note (report.h on_note: an unreadable input, an empty
 * one) as {"note": {"code": C, "text": T}} before it is said on standard
 * error as before, for the merge to say it where one run says it. One
 * report per process. */
void vc_part_report(struct vc_report *rep);

/* A point of a game's rendering where the merge writes what depends on
 * the games of other shards (validate --duplicates: the duplicate-of
 * warning, pipeline.h write_point): the byte VC_REPORT_RELOC, the letter
 * VC_PART_POINT, the state of the JSON writer there as decimal numbers
 * separated by dots (its flags, depth, whether a key is due, then one
 * number per open container; "0.0.0" when the point has no writer: text)
 * and VC_REPORT_RELOC_END. */
#define VC_PART_POINT 'd'
void vc_part_point(FILE *out, const struct vc_json *state);

/* The point at s[0, n) (s[0] is VC_REPORT_RELOC, s[1] VC_PART_POINT): a
 * writer in *state in that state, writing to out. Returns the bytes the
 * point takes, 0 when it is damaged. */
size_t vc_part_point_parse(const char *s, size_t n, FILE *out, struct vc_json *state);

#endif
