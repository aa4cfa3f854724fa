/* vchess - a small JSON reader: one document (a JSON Lines line, say) into
 * a tree of values, for reading vchess's own records back (report parts,
 * vchess-report(1)). RFC 8259 syntax; strings are decoded to bytes (UTF-8
 * from \u escapes and surrogate pairs; a lone surrogate is an error),
 * numbers are kept as their text. Bytes in, values out: no rules.
 */
#ifndef VC_JSONREAD_H
#define VC_JSONREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

enum vc_jtype { VC_J_NULL, VC_J_BOOL, VC_J_NUMBER, VC_J_STRING, VC_J_ARRAY, VC_J_OBJECT };

/* A value. Strings (decoded) and numbers (as written) are s[0, n), NUL
 * after; an array's or object's n items are kids[0, n) (an object's keys
 * are keys[0, n), decoded, NUL-terminated); b is a boolean's value. */
struct vc_jval {
	enum vc_jtype t;
	bool b;
	const char *s;
	size_t n;
	struct vc_jval *kids;
	const char **keys;
};

/* A parsed document: its values live in the document (vc_jdoc_free). */
struct vc_jdoc {
	struct vc_jval root;
	void *arena;
};

/* Parse text[0, len) (one JSON value, white space around it allowed)
 * into *d. Returns 0, or -1 with a message in err[errlen] ("at byte N:
 * ..."): bad syntax, nesting deeper than 64, or out of memory. *d needs
 * vc_jdoc_free either way. */
int vc_jdoc_parse(struct vc_jdoc *d, const char *text, size_t len, char *err, size_t errlen);
void vc_jdoc_free(struct vc_jdoc *d);

/* The member `key` of object v, NULL when v is not an object or has none. */
const struct vc_jval *vc_jget(const struct vc_jval *v, const char *key);
/* A number's value as an unsigned 64-bit integer into *out: false when v
 * is NULL, not a number or not such an integer. */
bool vc_jval_u64(const struct vc_jval *v, uint64_t *out);
/* The same for a signed integer. */
bool vc_jval_i64(const struct vc_jval *v, int64_t *out);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
