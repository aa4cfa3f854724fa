/* vchess - every game of a file, one record at a time: the library's pull
 * API, for programs and bindings that want the records the CLI reports
 * without writing a reader loop (the Python module's validate() and
 * adjudicate() are generators over it).
 *
 *     struct vc_games *g;
 *     struct vc_games_options o;
 *     vc_games_options_init(&o);
 *     if (vc_games_open(&g, "dump.pgn.zst", &o, NULL) == VC_F_OK) {
 *         const char *line;
 *         size_t len;
 *         while (vc_games_next(g, &line, &len) == 1)
 *             puts(line);               -- one JSON object per game
 *         if (vc_games_failed(g))       -- the input broke off: say so
 *             fprintf(stderr, "%s\n", vc_games_error(g)->message);
 *         vc_games_close(g);
 *     }
 *
 * A path is opened as the commands open it (formats/input.h: plain, gzip,
 * zstd and the other compressions, archives member by member, "-" for
 * standard input); each stream is PGN or an EPD/FEN position file, told by
 * content (formats/epd.h); archive members that are neither are skipped.
 * Each game (or position line) gives one record: the JSON object that
 * `vchess validate --format jsonl` prints for it (vchess-validate(1),
 * vchess-validate(1) REPORTS), with, when options.adjudicate is set, the
 * "adjudication" member `vchess adjudicate --format jsonl` adds
 * (vchess-adjudicate(1)). An invalid game is a record (its "valid" is
 * false), never an error. Memory stays flat: one game is held at a time.
 */
#ifndef VC_GAMES_H
#define VC_GAMES_H

#include <stdbool.h>
#include <stddef.h>

#include "checker.h"
#include "input.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* Options: fill with vc_games_options_init, then set what differs. The
 * layout is frozen for the soname (libvchess(3) ABI RULE): a new option
 * comes with a new soname. */
struct vc_games_options {
	const struct vc_variant *variant; /* NULL: each game's Variant tag
	                                     (--variant) */
	enum vc_ruleset rules;            /* VC_RULES_FIDE (--rules) */
	bool strict;                      /* warnings make a game invalid */
	bool shredder;                    /* FENs as Shredder-FEN */
	bool adjudicate;                  /* add the verdict member */
	struct vc_input_options input;    /* zip-bomb guard (input.h) */
};

/* The defaults: every game's own variant, FIDE rules, not strict, X-FEN,
 * no verdict, the input layer's default guard. opt must not be NULL. */
void vc_games_options_init(struct vc_games_options *opt);

struct vc_games;

/* Open `path` (not NULL; "-" is standard input) for reading its games with
 * `opt` (NULL: the defaults; copied). On success *out is the reader (free
 * it with vc_games_close) and VC_F_OK is returned. Else *out is NULL and
 * the code says why: VC_F_CANNOT_OPEN or VC_F_READ_ERROR (the path; when
 * err is not NULL, *err has the input layer's message, such as "No such
 * file or directory"), VC_F_INVALID_ARGUMENT (opt names a variant that is
 * not one of the library's, vc_variant_get, or a rule set that is not a
 * VC_RULES_* value), VC_F_OUT_OF_MEMORY; the code's text is vc_strerror's.
 * Damaged content is not an open failure: it ends vc_games_next later. */
enum vc_code vc_games_open(struct vc_games **out, const char *path,
                           const struct vc_games_options *opt,
                           struct vc_input_error *err);

/* The next record: returns 1 and sets *json (NUL-terminated, owned by g,
 * valid until the next call on g) and *len (its length, no line end) to
 * the game's JSON object; 0 when every game has been given; -1 when the
 * input could not be read on (damaged, truncated, a zip-bomb guard,
 * a member nested too deep): the games before the fault have all been
 * given, vc_games_error tells the fault, and later calls return -1
 * again (the reader stops at the first fault, even where the commands
 * go on with the archive's next member, input.h). json and len must not
 * be NULL. */
int vc_games_next(struct vc_games *g, const char **json, size_t *len);

/* Did the input fail (vc_games_next returned -1)? */
bool vc_games_failed(const struct vc_games *g);
/* The input's fault, as the input layer reports it (input.h: kind,
 * message without the path); the code of finding.h for its kind is
 * vc_input_errkind_code(kind). Owned by g. */
const struct vc_input_error *vc_games_error(const struct vc_games *g);
/* The archive member being read (NULL for a file that is not an archive
 * or before the first member). Owned by g, valid until the next call. */
const char *vc_games_member(const struct vc_games *g);

/* Close the input and free g. NULL is a no-op. */
void vc_games_close(struct vc_games *g);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
