/* vchess - a small streaming JSON writer (RFC 8259), for the reports of
 * vchess-validate(1) REPORTS.
 *
 * Output goes to a FILE * or to a growing memory buffer, as it is written:
 * nothing is held back but the nesting state (at most VC_JSON_MAX_DEPTH
 * levels, in the struct itself; no allocation in file mode). The writer
 * puts the commas, colons and (with VC_JSON_PRETTY) the line breaks and
 * two-space indentation; the caller only says what comes next.
 *
 * Every complete top-level value is followed by a newline, so writing
 * several top-level objects gives JSON Lines (one object per line in the
 * compact default), and one document ends with a newline too. The compact
 * form has no spaces at all: {"a":1,"b":[true,null]}.
 *
 * Strings are always valid UTF-8 on output, whatever the input bytes:
 *   - well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates,
 *     nothing above U+10FFFF) is copied unchanged;
 *   - every byte that is not part of a well-formed sequence is taken as
 *     Latin-1 and re-encoded (0xE9 -> U+00E9 "é"), as PGN readers do for
 *     files that are not UTF-8;
 *   - `"` and `\` are escaped as \" and \\; control characters as \b \f
 *     \n \r \t or, for the others (and DEL, 0x7F), \u00XX with lower-case
 *     hex; a NUL byte (only possible through the _n functions) as \u0000;
 *   - `/` and non-ASCII characters are not escaped.
 * Keys are written the same way.
 *
 * Errors are sticky and reported, not fatal: a failed write (EIO or the
 * stream's errno, e.g. EPIPE), a failed allocation (ENOMEM) or a misuse
 * (EINVAL: a value in an object without its key, a key outside an object or
 * twice, an end that does not match, nesting deeper than VC_JSON_MAX_DEPTH)
 * make that call and every later one write nothing and return -1;
 * vc_json_error() says why. Output already written stays (so a misuse
 * leaves an incomplete document, never a wrong one).
 *
 * The writer never flushes the FILE *; the caller does (after each JSONL
 * line when streaming to a pipe, for instance).
 */
#ifndef VC_JSON_H
#define VC_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

#define VC_JSON_PRETTY 1u     /* line breaks and two-space indentation */
#define VC_JSON_MAX_DEPTH 64  /* nested objects/arrays */

/* The writer. Treat as opaque; it lives wherever the caller puts it (no
 * heap in file mode). */
struct vc_json {
	FILE *fp;         /* file mode; NULL in buffer mode */
	char *buf;        /* buffer mode: owned, NUL-terminated */
	size_t len, cap;
	unsigned flags;
	int depth;
	unsigned char stack[VC_JSON_MAX_DEPTH]; /* per open container */
	bool after_key;   /* a key was written, its value is due */
	int error;        /* 0 or an errno value, sticky */
};

/* Start a writer on fp (not owned: not closed, not flushed), with flags
 * VC_JSON_PRETTY or 0. fp must not be NULL. */
void vc_json_init_file(struct vc_json *w, FILE *fp, unsigned flags);

/* Start a writer into an internal buffer that grows as needed; read it
 * with vc_json_buffer, free it with vc_json_release. */
void vc_json_init_buffer(struct vc_json *w, unsigned flags);

/* Free the buffer (buffer mode); the file is left alone. The writer may be
 * initialised again afterwards. */
void vc_json_release(struct vc_json *w);

/* Buffer mode: the text written so far (NUL-terminated, "" when nothing;
 * owned by the writer, valid until the next call on it) and its length in
 * *len (len may be NULL). File mode: "" and 0. */
const char *vc_json_buffer(const struct vc_json *w, size_t *len);

/* Buffer mode: forget the text written so far, keep the nesting state and
 * the memory (to reuse one writer for line after line of JSONL). */
void vc_json_buffer_clear(struct vc_json *w);

/* 0 while all is well, else the errno value of the first failure (see the
 * top of this file). */
int vc_json_error(const struct vc_json *w);

/* Open containers (0 at top level, i.e. between complete values). */
int vc_json_depth(const struct vc_json *w);

/* Structure. Each returns 0, or -1 on error (sticky). */
int vc_json_begin_object(struct vc_json *w);
int vc_json_end_object(struct vc_json *w);
int vc_json_begin_array(struct vc_json *w);
int vc_json_end_array(struct vc_json *w);

/* The key of the next member of the current object. key: NUL-terminated
 * (vc_json_key) or len bytes that may contain NUL (vc_json_key_n); not
 * NULL. */
int vc_json_key(struct vc_json *w, const char *key);
int vc_json_key_n(struct vc_json *w, const char *key, size_t len);

/* Values. vc_json_string(w, NULL) writes null. vc_json_string_n writes len
 * bytes (NUL bytes included) and needs s != NULL unless len is 0. */
int vc_json_string(struct vc_json *w, const char *s);
int vc_json_string_n(struct vc_json *w, const char *s, size_t len);
int vc_json_int(struct vc_json *w, int64_t v);
int vc_json_uint(struct vc_json *w, uint64_t v);
int vc_json_bool(struct vc_json *w, bool v);
int vc_json_null(struct vc_json *w);
/* A value written as given, unquoted and unchecked: `text` (NUL-terminated)
 * must be a JSON number, literal, or a relocatable number of a report part
 * (formats/report.h, VC_REPORT_RELOC), which only a report merge reads. */
int vc_json_raw(struct vc_json *w, const char *text);
/* A multiple of 0.5 given in halves: 7 -> 3.5, 6 -> 3, -1 -> -0.5. For
 * scores in standings, exact whatever the size. */
int vc_json_halves(struct vc_json *w, int64_t halves);
/* A double, shortest text that reads back the same (up to 17 significant
 * digits); NaN and infinities, which JSON cannot hold, as null. */
int vc_json_double(struct vc_json *w, double v);

/* Key and value in one call (a member of the current object). */
int vc_json_kv_string(struct vc_json *w, const char *key, const char *s);
int vc_json_kv_int(struct vc_json *w, const char *key, int64_t v);
int vc_json_kv_uint(struct vc_json *w, const char *key, uint64_t v);
int vc_json_kv_bool(struct vc_json *w, const char *key, bool v);
int vc_json_kv_null(struct vc_json *w, const char *key);
int vc_json_kv_halves(struct vc_json *w, const char *key, int64_t halves);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
