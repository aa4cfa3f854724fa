/* vchess - reports: one entry per game in text (GNU-style findings), JSON
 * (one document) or JSONL (one object per game, then a summary object),
 * FORMATS.md section 4; the summary counts games, valid, invalid, warnings
 * and errors by code.
 */
#ifndef VC_REPORT_H
#define VC_REPORT_H

#include <stdio.h>

#include "common.h"
#include "checker.h"
#include "json.h"

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
};

struct vc_report {
	FILE *out;
	enum vc_format format;
	bool quiet, verbose, strict, shredder;
	const char *command;
	enum vc_ruleset rules;
	struct vc_json json;
	uint64_t games, valid, invalid, warnings, errors, input_errors;
	/* findings counted by code; code_order: the codes counted, in the
	 * order first seen (vc_report_summary sorts it by word) */
	uint64_t code_count[VC_F_COUNT];
	enum vc_code code_order[VC_F_COUNT];
	int ncodes;
	char fen_buf[VC_FEN_MAX];    /* a FEN rewritten for --shredder */
	bool any_game;
	/* NULL, or where the game numbers written to `out` go (text and JSONL
	 * only; set by validate -j) */
	struct vc_report_marks *marks;
};

/* Extra members a command adds to a game's JSON object (e.g. the
 * adjudication object) and to its text lines. */
typedef void (*vc_report_extra_json)(void *ctx, struct vc_json *j);

/* Start a report on `out` in opts->format; the JSON document is opened
 * here. `command` names the command in the summary. */
void vc_report_init(struct vc_report *r, FILE *out, const struct vc_cli_opts *opts,
                    const char *command, bool shredder);
/* One game's entry; extra_json (may be NULL) writes additional members of
 * the game object. */
void vc_report_game(struct vc_report *r, const struct vc_gc_game *g,
                    vc_report_extra_json extra_json, void *ctx);
/* An input that could not be read (missing file, damaged stream): a
 * finding of its own, counted in the summary as an input error. */
void vc_report_input_error(struct vc_report *r, const char *source, const char *member,
                           enum vc_code kind, const char *message);
/* Count n findings of `code` in the summary (first ones in first-seen
 * order), as a game's findings are. */
void vc_report_count_code(struct vc_report *r, enum vc_code code, uint64_t n);
/* The summary (text line or JSON summary object); closes the document. */
void vc_report_summary(struct vc_report *r);
/* The same, with extra members of the JSON summary object written by
 * extra_json (may be NULL; not called for text, where the command prints
 * its own lines after the summary). */
void vc_report_summary_ext(struct vc_report *r, vc_report_extra_json extra_json, void *ctx);
/* --valid-out / --invalid-out: write a game's original bytes (raw, len)
 * to f unchanged, then what separates it from the next one: nothing for
 * an EPD line that carries its line end, else a line end and a blank line
 * in the game's own line-end style (CR LF stays CR LF). f or raw NULL:
 * nothing. */
void vc_report_copy_raw(FILE *f, const char *raw, size_t len);
/* The same for a game record: its bytes, or, when the record has none
 * (a game too long to keep whole), a note on stderr that it was not
 * copied. f NULL: nothing. */
void vc_report_copy_game(const struct vc_report *r, FILE *f, const struct vc_gc_game *g);
/* Write a game number to f, and when m is not NULL record where (the
 * stream offset by ftell, so f must be a stream that has one, such as a
 * memstream) and what. Out of memory ends the process (exit 3). */
void vc_report_put_index(struct vc_report_marks *m, FILE *f, uint64_t index);
/* Record in m (not NULL) that the number `index` was just written to f,
 * ending at f's current position. */
void vc_report_mark_index(struct vc_report_marks *m, FILE *f, uint64_t index);
/* Write buf[0, len) to `to`, each game number recorded in m (written into
 * a stream that started with buf) increased by base. m NULL or base 0:
 * buf as it is. Aborts when a recorded number is not found at its place. */
void vc_report_write_marked(FILE *to, const char *buf, size_t len,
                            const struct vc_report_marks *m, uint64_t base);

/* Did any game fail (invalid)? */
bool vc_report_failed(const struct vc_report *r);

/* The GNU-style location prefix "file:member:line:col" into buf. */
void vc_report_location(char *buf, size_t size, const char *source, const char *member,
                        uint64_t line, uint64_t column);

#endif
