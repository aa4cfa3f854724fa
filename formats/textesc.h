/* vchess - control characters out of text reports and diagnostics.
 *
 * Text that comes from an input (file and member names, tag values,
 * comments, move text, the details of a finding) is written into text
 * reports and standard error through these functions, so that a newline
 * in an archive member name cannot split a finding line in two and a
 * terminal escape sequence never reaches the terminal (vchess(1) REPORTS,
 * "Control characters"). The JSON writer (json.h) escapes on its own.
 *
 * The rule, byte by byte after the decoding FORMATS of vchess(1) gives
 * (well-formed UTF-8 stays; any other byte is read as Latin-1):
 *   - LF, CR and TAB become \n, \r and \t;
 *   - every other C0 control (U+0000..U+001F) and DEL (U+007F) becomes
 *     \xHH (two lower-case hex digits): ESC is \x1b;
 *   - a C1 control (U+0080..U+009F, whether written as UTF-8 or as one
 *     Latin-1 byte) becomes \u0080..\u009f;
 *   - a byte that is not part of well-formed UTF-8 and not C1 is written
 *     as the UTF-8 of its Latin-1 character (0xE9 is "é");
 *   - everything else, the backslash included, is copied as it is: the
 *     text form is for people, the JSON form is the exact one.
 */
#ifndef VC_TEXTESC_H
#define VC_TEXTESC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* Whether s (NUL-terminated; NULL counts as clean) needs any change by
 * the rule above. */
bool vc_text_needs_escape(const char *s);

/* Write s (NUL-terminated, not NULL) to f by the rule above. Returns 0,
 * or -1 on a write error (ferror(f) is then set). */
int vc_text_put(FILE *f, const char *s);

/* s by the rule above into buf of `size` bytes (size > 0), NUL-terminated
 * and cut short (never inside an escape or a UTF-8 sequence) when it does
 * not fit. Returns buf. s NULL: "" (an empty buf). */
char *vc_text_escape(char *buf, size_t size, const char *s);

/* The same into a new string (malloc; the caller frees it). NULL when
 * memory runs out or s is NULL. */
char *vc_text_escape_dup(const char *s);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
