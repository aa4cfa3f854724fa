/* vchess - reports: one entry per game in text (GNU-style findings), JSON
 * (one document) or JSONL (one object per game, then a summary object);
 * the summary counts games, valid, invalid, warnings and errors by code.
 * The formats are those of vchess-validate(1), section REPORTS, and the
 * JSON ones are described member by member by formats/report-schema.json.
 *
 * The writers are bytes out only: the command line chooses the options
 * (struct vc_report_options) and the streams; nothing here parses options
 * or decides anything about chess (the game records come from the checker,
 * lib/checker.h).
 *
 * A library program prints one JSON line per game with
 * vc_report_game_jsonl() from its vc_checker on_game callback; a whole
 * report (entries, summary) goes through vc_report_init(), vc_report_game()
 * and vc_report_summary().
 */
#ifndef VC_REPORT_H
#define VC_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "checker.h"
#include "json.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* Report formats (vchess(1) --format). GITHUB, SARIF and JUNIT are the CI
 * formats of vchess-validate(1) REPORTS: GitHub Actions workflow commands,
 * a SARIF 2.1.0 log, JUnit XML (formats/report_ci.c). */
enum vc_format { VC_FORMAT_TEXT = 0, VC_FORMAT_JSON, VC_FORMAT_JSONL,
                 VC_FORMAT_GITHUB, VC_FORMAT_SARIF, VC_FORMAT_JUNIT };
/* The number of formats: every value from 0 to VC_FORMAT_COUNT - 1 is one
 * (a report part holds each game in all of them, vchess-report(1)). */
#define VC_FORMAT_COUNT 6

/* The word of a format in --format ("text", "json", ...); NULL out of
 * range. */
const char *vc_report_format_word(enum vc_format f);

/* What a report shows; the command line fills it from its options
 * (vchess-validate(1) OPTIONS). A zeroed struct is a text report under the
 * FIDE rules with nothing left out. */
struct vc_report_options {
	enum vc_format format;
	enum vc_ruleset rules;   /* named in the JSON document and summary */
	bool quiet;              /* --quiet: the summary only */
	bool verbose;            /* --verbose: a text line for every game */
	bool strict;             /* --strict: warnings count as errors */
	bool shredder;           /* --shredder: FENs as Shredder-FEN */
	const char *command;     /* names the command in the summary and in
	                            messages ("validate"); NULL: "vchess" */
	/* Called with the stream after each game entry, the summary and each
	 * copied game (vc_report_copy_game), e.g. to end the process quietly
	 * when standard output's reader has gone; NULL: nothing. */
	void (*after_write)(FILE *f);
	/* Told what the report does not write in its own stream (the library
	 * never writes to stderr): an unreadable input (vc_report_input_error;
	 * `code` is its input code), a game record without its bytes that
	 * vc_report_copy_game could not copy (VC_F_LIMIT_RAW), game numbers
	 * that could not be recorded in r->marks for lack of memory
	 * (VC_F_OUT_OF_MEMORY; the marked output is then incomplete).
	 * `command` is the report's command name; `text` one line without a
	 * line end or program name, e.g. "games.pgn: cannot-open: No such file or directory".
	 * NULL: nothing is said (the counts and return values still tell). The
	 * vchess command prints "vchess COMMAND: TEXT" on stderr. */
	void (*on_note)(const char *command, enum vc_code code, const char *text);
	/* JSON game records carry "copy_end": copy_end, the end of the
	 * game's share of the input (struct vc_pgn_game copy_end, pgn.h), for
	 * a caller that copies games' input (validate --valid-out and
	 * --invalid-out, vchess-validate(1)); it sets copy_end for each game. */
	bool with_copy_end;
	uint64_t copy_end;
};

/* Why a report is incomplete (struct vc_report.stop). */
enum vc_report_stop {
	VC_REPORT_COMPLETE = 0,    /* every input read to its end */
	VC_REPORT_MAX_ERRORS,      /* --max-errors ended the run */
	VC_REPORT_INTERRUPTED,     /* a signal (SIGINT, SIGTERM, SIGHUP) */
	VC_REPORT_ERROR            /* a fatal error (out of memory, the
	                              copies' temporary file failed) */
};

/* Where game numbers were written into a stream (validate -j: a worker
 * numbers the games of its part of a file from 1, and the writer adds the
 * number of games before that part; see vc_report_write_marked). */
struct vc_report_mark {
	uint64_t offset; /* of the number's first digit in the stream */
	uint64_t index;  /* the number written */
};
struct vc_report_marks {
	struct vc_report_mark *v;
	size_t n, cap;
	/* A part of a sharded run (vchess-report(1) merge): instead of being
	 * recorded, every game number, line number and byte offset of a game
	 * is written as a relocatable number (VC_REPORT_RELOC), which the
	 * merge rebases to the whole input's numbering. */
	bool placeholders;
	bool failed; /* a mark could not be recorded (out of memory): the
	                numbers cannot be rewritten (vc_report_write_marked
	                refuses) */
};

/* A relocatable number: the byte VC_REPORT_RELOC, a kind letter
 * (VC_RELOC_INDEX 'i': a game number; VC_RELOC_LINE 'l': a line number;
 * VC_RELOC_OFFSET 'o': a byte offset), the decimal digits of the number
 * counted in the shard, and the byte VC_REPORT_RELOC_END. Reports never
 * hold these bytes otherwise (text escapes control characters, JSON
 * escapes them in strings), so the merge finds them unambiguously. */
#define VC_REPORT_RELOC '\x01'
#define VC_REPORT_RELOC_END '\x02'
enum { VC_RELOC_INDEX = 'i', VC_RELOC_LINE = 'l', VC_RELOC_OFFSET = 'o' };

/* A number into buf (at least 32 bytes): its decimal digits, or, when m
 * is not NULL and m->placeholders, its relocatable form of `kind`.
 * Returns buf. */
const char *vc_report_number(char *buf, const struct vc_report_marks *m, int kind,
                             uint64_t v);

/* The member `key` of JSON object j: the number v, relocatable of `kind`
 * when m is not NULL and m->placeholders (vc_report_number). */
void vc_report_kv_number(struct vc_json *j, const char *key, const struct vc_report_marks *m,
                         int kind, uint64_t v);

/* A report in progress. Fields are read by the commands (out, format,
 * quiet, verbose, command) and may be set by them between games (out,
 * quiet); the rest belongs to the writer. */
struct vc_report {
	FILE *out;
	enum vc_format format;
	bool quiet, verbose, strict, shredder;
	const char *command;
	enum vc_ruleset rules;
	void (*after_write)(FILE *f);
	void (*on_note)(const char *command, enum vc_code code, const char *text);
	struct vc_json json;
	uint64_t games, valid, invalid, warnings, errors, input_errors;
	/* findings counted by code; code_order: the codes counted, in the
	 * order first seen (vc_report_summary sorts it by word) */
	uint64_t code_count[VC_F_COUNT];
	enum vc_code code_order[VC_F_COUNT];
	int ncodes;
	bool any_game;
	/* NULL, or where the game numbers written to `out` go (set by the
	 * pipeline of -j N, cmd/pipeline.h) */
	struct vc_report_marks *marks;
	/* Why the run stopped before the end of its input, set by the
	 * command before the summary: the summary says the report is
	 * incomplete (vchess(1) EXIT STATUS; JSON "complete": false and
	 * "stopped": "max-errors", "interrupted" or "error"). */
	enum vc_report_stop stop;
	/* as in struct vc_report_options, set for each game by the caller */
	bool with_copy_end;
	uint64_t copy_end;
	/* Set for each record by the caller: the record is a line of a
	 * position file (EPD/FEN), not a PGN game. Text reports call such
	 * records positions ("position 3", and "N positions" in the summary
	 * of a run whose records all are). */
	bool position;
	/* games not checked (vc_report_skip_reason), counted apart from
	 * valid and invalid; records that were position lines; inputs
	 * without a record (empty-input warnings, vc_report_input_warning) */
	uint64_t skipped, positions, input_warnings;
	/* The CI formats' context (github, sarif, junit). A game's entries
	 * depend on the game, the options and this context only:
	 * - fragment: set by a caller whose report renders games into a
	 *   buffer that another report (the "main" one) writes later, in
	 *   order (the -j pipeline's workers, cmd/pipe_output.c; a merge of
	 *   rendered parts). Such a report writes no head or summary of its
	 *   own (vc_report_init with out NULL, no vc_report_summary); its
	 *   SARIF results are each written after a comma, as if others came
	 *   before, and its JUnit testcases without their <testsuite>. The
	 *   main report joins each buffer with vc_report_join, which writes
	 *   what goes between and says how many bytes to leave out.
	 * - ci_items: SARIF results written so far (0: the next one has no
	 *   comma); kept by the report that writes the stream; joining a
	 *   fragment with results makes it nonzero.
	 * - ci_suite: JUnit, the source (file operand) of the <testsuite>
	 *   open in the stream, a copy (malloc) owned by the report, freed
	 *   by the summary; NULL: none open. A game or input error of
	 *   another source closes it and opens the source's own.
	 * - ci_source: in a fragment report, the source of the last game it
	 *   rendered (the game's pointer, not a copy: valid as long as the
	 *   game's source string is, which the pipeline keeps until the
	 *   buffer is written); vc_report_join reads it from the copy of the
	 *   fragment report it is given. */
	bool fragment;
	uint64_t ci_items;
	char *ci_suite;
	const char *ci_source;
	/* Set for each game by the caller (NULL: none; zeroed by
	 * vc_report_init): in the CI formats, called with the ctx given to
	 * vc_report_game at the place in the game's entry where a warning
	 * the command adds goes (vc_report_ci_warning): GitHub and SARIF
	 * after the game's own lines and results, JUnit inside the
	 * testcase's <system-out> (a testcase is then never written
	 * empty). Not called under --quiet, nor for text and JSON. */
	void (*game_point)(void *ctx);
	/* Set for each record by a caller whose records pass or fail by more
	 * than their findings (adjudicate: by its verdict, the games that make
	 * the exit status 1, vchess-adjudicate(1) EXIT STATUS); left 0
	 * (VC_OUTCOME_FINDINGS), a record fails when it is invalid. The JUnit
	 * testcase is a failure when the record fails: its message and type
	 * are outcome_type and outcome_message when not NULL (strings the
	 * caller keeps until vc_report_game returns), else the first error
	 * finding's; a record that passes has its findings in <system-out>. */
	enum { VC_OUTCOME_FINDINGS, VC_OUTCOME_PASSED, VC_OUTCOME_FAILED } outcome;
	const char *outcome_type, *outcome_message;
};

/* Extra members a command adds to a game's JSON object (e.g. the
 * adjudication object) and to its text lines. */
typedef void (*vc_report_extra_json)(void *ctx, struct vc_json *j);

/* Start a report on `out` (not owned: never closed; may be NULL until
 * r->out is set, before the first entry) with the options *o (copied;
 * o->command must outlive the report). JSON: the document is opened here
 * (its "command" and "rules" members written). No allocation; nothing to
 * release. */
void vc_report_init(struct vc_report *r, FILE *out, const struct vc_report_options *o);
/* One game's entry (g from the checker, not kept), counted in the summary
 * whatever the format: text, the findings as "file:line:col: error: ..."
 * lines (none under --quiet); JSON, an element of the "games" array; JSONL,
 * the line vc_report_game_jsonl writes. extra_json (may be NULL) writes
 * additional members at the end of the game's JSON object (ctx passed to
 * it). Write errors stay in the stream (ferror) for the caller. */
void vc_report_game(struct vc_report *r, const struct vc_gc_game *g,
                    vc_report_extra_json extra_json, void *ctx);
/* One game's JSON object, the "game" of formats/report-schema.json, into w
 * (any writer: a file, or a memory buffer for a binding): source, index,
 * tags, plies, validity, final FEN, errors and warnings with their codes
 * (vchess-validate(1) CODES), lines, columns and plies, the declared and
 * the board's result. Only o->strict (warnings listed as errors) and
 * o->shredder are read; o NULL: the defaults. extra_json as for
 * vc_report_game. Returns 0, or -1 when the writer failed (vc_json_error
 * says why). */
int vc_report_game_json(struct vc_json *w, const struct vc_gc_game *g,
                        const struct vc_report_options *o,
                        vc_report_extra_json extra_json, void *ctx);
/* Make *s a sink (checker.h) that writes the members it is given into w
 * (s->user is w): how a report writes a game-level variant's members
 * (vc_gc_members) as JSON. */
void vc_report_json_sink(struct vc_gc_sink *s, struct vc_json *w);
/* The same object as one line of JSON Lines on f (not NULL; not flushed):
 * exactly the line `vchess validate --format jsonl` prints for the game
 * with the same options (o NULL: the defaults). Returns 0, or -1 on a
 * write error (ferror(f) is then set). */
int vc_report_game_jsonl(FILE *f, const struct vc_gc_game *g,
                         const struct vc_report_options *o);
/* An input that could not be read (missing file, damaged stream): a
 * finding of its own, counted in the summary as an input error and under
 * its code `kind` (an input code of finding.h, vchess-validate(1) CODES:
 * vc_input_errkind_code), and passed to the on_note hook in every format
 * as "source[:member]: kind: message" (member may be NULL; the vchess
 * command prints it on stderr as "vchess COMMAND: ..."). JSON and JSONL
 * (not under --quiet) also get a record of it where it happens among the
 * games, the "inputError" of formats/report-schema.json: an element
 * {"input_error": {"source", "member", "code", "message"}} of the "games"
 * array, or such a line (vchess-validate(1) REPORTS). */
void vc_report_input_error(struct vc_report *r, const char *source, const char *member,
                           enum vc_code kind, const char *message);
/* A warning about a whole input (empty-input: an input that holds no game
 * and no position, vchess-validate(1) CODES), as vc_report_input_error
 * says an error: counted under its code in the summary's by_code and
 * among the warnings (among the errors under --strict, where it also
 * makes vc_report_failed true), and passed to the on_note hook as
 * "source[:member]: warning: code: message". */
void vc_report_input_warning(struct vc_report *r, const char *source, const char *member,
                             enum vc_code code, const char *message);
/* Why game g is not checked at all, or VC_F_OK when it is checked (valid
 * or invalid). A game in a variant vchess knows of but does not implement
 * (vchess-rules(7) section 1) is skipped: its only error is
 * unsupported-variant; it is neither valid nor invalid, is counted in
 * the summary's "skipped", not in its errors, and does not make
 * vc_report_failed true. Under --strict (strict true) it is an error like
 * any other (VC_F_OK is returned). A game with another error besides is
 * invalid. g not NULL. */
enum vc_code vc_report_skip_reason(const struct vc_gc_game *g, bool strict);
/* Join a fragment to r's stream (CI formats; see `fragment` in struct
 * vc_report): `part` is the fragment report's state after rendering the
 * games of buf[0, len) (its games count and ci_source are read), written
 * next into r->out by the caller. Writes to r->out what goes before the
 * fragment: JUnit, when the fragment's source is not that of the
 * testsuite open in r, the end of that one and the start of the source's
 * own. Returns how many bytes at buf's start the caller leaves out (SARIF:
 * the first result's comma when r has written no result yet, 1; else 0);
 * game number marks into buf are then that much lower. Updates r's
 * context (ci_items, ci_suite) as if r had rendered the games itself.
 * Other formats, len 0 or part->games 0: nothing, 0. Out of memory (the
 * copy of a source name): on_note VC_F_OUT_OF_MEMORY. Then the counts are
 * merged by the caller as for any format; at the end vc_report_summary
 * closes the open testsuite and the document. Under this contract the
 * output of -j N is byte for byte that of -j 1 (vchess(1) --jobs). */
size_t vc_report_join(struct vc_report *r, const struct vc_report *part, const char *buf,
                      size_t len);
/* A warning that a command adds to a game's entry in a CI format (github,
 * sarif, junit; nothing in the others, nor under --quiet), written on out
 * where the report called r->game_point (or later, in the same place of
 * the stream: the -j pipeline and `report merge` write it when they know
 * it): the game of source (not NULL), member (NULL: none), number `index`
 * and line `line` (final numbers, never relocatable), the finding's code
 * and message (not NULL; made printable and escaped as any finding's).
 * Rendered as the report renders a warning of the game, always a
 * warning, --strict or not (such a warning says nothing of the record,
 * e.g. duplicate-of, vchess-validate(1) DUPLICATES): github, a
 * "::warning file=F,line=L,col=1,title=CODE::game N: MESSAGE [CODE]"
 * line; sarif, a result of the code's rule, level "warning", at column
 * 1, with the properties "game", "line", "column" and those `props`
 * writes (may be NULL; ctx passed to it), after a comma when r has
 * written a result (r->ci_items, which it counts); junit, the line
 * "F:L:1: warning: game N: MESSAGE [CODE]" (XML-escaped). Not counted:
 * the caller counts it (vc_report_count_code and r->warnings). */
void vc_report_ci_warning(struct vc_report *r, FILE *out, const char *source,
                          const char *member, uint64_t index, uint64_t line,
                          enum vc_code code, const char *message,
                          vc_report_extra_json props, void *ctx);
/* Count n findings of `code` in the summary (first ones in first-seen
 * order), as a game's findings are. */
void vc_report_count_code(struct vc_report *r, enum vc_code code, uint64_t n);
/* The summary: text, the counts line and the count of each error code in
 * name order; JSON, the "summary" member, which closes the document;
 * JSONL, a {"summary":...} line. Codes in name order make the summary the
 * same whatever order the games came in (-j). No entry may follow.
 * Completeness (r->stop): the JSON summary object ends with "complete":
 * true, or "complete": false and "stopped": "max-errors", "interrupted"
 * or "error"; the text summary of an incomplete report ends with the
 * line "COMMAND: incomplete: stopped by --max-errors" (or "...: stopped
 * by a signal", "...: stopped by an error"), a complete one has no such
 * line (vchess(1) REPORTS). */
void vc_report_summary(struct vc_report *r);
/* The same, with extra members of the JSON summary object written by
 * extra_json (may be NULL; not called for text, where the command prints
 * its own lines after the summary). */
void vc_report_summary_ext(struct vc_report *r, vc_report_extra_json extra_json, void *ctx);
/* The completeness marker alone, for summaries written by a command of
 * its own (winnable): JSON, "complete": true, or "complete": false and
 * "stopped": WORD, as members of the open object j; text, the line
 * "COMMAND: incomplete: ..." on f when stop says so, nothing otherwise.
 * vc_report_stop_word: "max-errors", "interrupted", "error", NULL when
 * complete. */
void vc_report_json_complete(enum vc_report_stop stop, struct vc_json *j);
void vc_report_text_complete(FILE *f, const char *command, enum vc_report_stop stop);
const char *vc_report_stop_word(enum vc_report_stop stop);
/* A game record's own bytes (raw, len: a reader's copy with keep_raw,
 * pgn.h) written as a file of games: the bytes unchanged, then what
 * separates them from the next game: nothing for
 * an EPD line that carries its line end, else a line end and a blank line
 * in the game's own line-end style (CR LF stays CR LF). f or raw NULL:
 * nothing. */
void vc_report_copy_raw(FILE *f, const char *raw, size_t len);
/* The same for a game record: its bytes, or, when the record has none
 * (a game too long to keep whole), nothing but a note to the on_note hook
 * (code VC_F_LIMIT_RAW, "LOCATION: game N not copied: ..."): never a cut
 * copy. Returns 0 when copied or f is NULL, -1 when not copied. For a
 * caller holding records; vchess validate's --valid-out and --invalid-out
 * lose nothing instead, whatever a game's size: they cut the input itself
 * at each game's copy_end (vchess-validate(1) COPIES). */
int vc_report_copy_game(const struct vc_report *r, FILE *f, const struct vc_gc_game *g);
/* Write a game number to f, and when m is not NULL record where (the
 * stream offset by ftell, so f must be a stream that has one, such as a
 * memstream) and what. Returns 0, or -1 when the mark could not be
 * recorded for lack of memory (the number is written; m->failed is set). */
int vc_report_put_index(struct vc_report_marks *m, FILE *f, uint64_t index);
/* Record in m that the number `index` was just written to f, ending at
 * f's current position. m->v grows with realloc (the caller frees it).
 * Returns 0 (m NULL: nothing recorded), or -1 out of memory: m->failed is
 * set and stays set. */
int vc_report_mark_index(struct vc_report_marks *m, FILE *f, uint64_t index);
/* Write buf[0, len) to `to`, each game number recorded in m (written into
 * a stream that started with buf) increased by base. m NULL or base 0:
 * buf as it is. Returns 0; -1, writing nothing, when m->failed is set or a
 * recorded number is not found at its place (an internal error: never a
 * silently wrong number). */
int vc_report_write_marked(FILE *to, const char *buf, size_t len,
                            const struct vc_report_marks *m, uint64_t base);

/* Whether at least one game so far was invalid (the exit status 1 of
 * vchess(1) EXIT STATUS; unreadable inputs and skipped games are not
 * counted here; under --strict an empty input is). */
bool vc_report_failed(const struct vc_report *r);

/* The GNU-style location prefix "source:member:line:col" (no ":member"
 * when member is NULL) into buf of `size` bytes, NUL-terminated and cut
 * short when it does not fit. */
void vc_report_location(char *buf, size_t size, const char *source, const char *member,
                        uint64_t line, uint64_t column);
/* The same with the line number written by vc_report_number(m, 'l'). */
void vc_report_location_m(char *buf, size_t size, const struct vc_report_marks *m,
                          const char *source, const char *member, uint64_t line,
                          uint64_t column);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
