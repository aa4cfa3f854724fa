/* vchess - duplicate games for `validate --duplicates`
 * (vchess-validate(1) DUPLICATES): the 128-bit hash of a replayed game and
 * the table of the hashes seen, in input order.
 *
 * Two games are duplicates when their variant, start position and main
 * line (the moves as the checker played them) are the same: tags,
 * comments, variations, the move text's spelling (Nf3 or Ng1f3) and the
 * result do not count. That is an exact comparison made on a hash: XXH3's
 * 128 bits (Debian libxxhash-dev), where two different games share a
 * value with a chance of about n^2 / 2^129 for n games (below 10^-23 for
 * ten million).
 *
 * Not a rule of chess: the hash and the table live in cmd/ (the checker's
 * record, lib/checker.h, gives the moves: vc_gc_game game->moves).
 */
#ifndef VC_CMD_DUPLICATES_H
#define VC_CMD_DUPLICATES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "checker.h"
#include "json.h"
#include "report.h"

/* A game's hash: 16 bytes, hi then lo (printed as 32 hex digits, hi
 * first). */
struct vc_dup_hash {
	uint64_t hi, lo;
};

/* The hash of game g (a record of the checker, during on_game; any
 * thread): XXH3_128bits of the variant's name, the start position's FEN
 * (X-FEN, counters included) and the main line's moves as played (the
 * 32-bit vc_move values of g->game->moves, in order). Returns true with
 * *h set, or false when the game takes no part: no position could be set
 * up, it has an error (its replay may have stopped before its end, so the
 * moves played do not say what the record holds), it is a game-level
 * variant's (Undo Chess: the moves that stand after take-backs are not the
 * record's moves), or its main line has no move (a forfeit, `1-0` alone:
 * games between different players that were never played are not the
 * same game; vchess-validate(1) DUPLICATES). */
bool vc_dup_hash_game(const struct vc_gc_game *g, struct vc_dup_hash *h);

/* The 32 lowercase hex digits of h, NUL-terminated, into buf[33]. */
char *vc_dup_hash_hex(const struct vc_dup_hash *h, char buf[33]);
/* The other way (a report's "hash" member, for `report merge`): s must be
 * exactly 32 hex digits (either case). Returns true with *h set, else
 * false. */
bool vc_dup_hash_parse(const char *s, struct vc_dup_hash *h);

/* The table: 20 bytes a slot (the hash, and a 32-bit number the caller
 * gives each game; the caller keeps where its games are, by ranges of
 * numbers), the slots sorted by hash with gaps (open addressing from a
 * home slot that grows with the hash; see duplicates.c). It is kept at
 * most nine tenths full and grows in place, when it would be fuller, to a
 * quarter more slots than games: between 22.2 and 25 bytes a game at every
 * size (VC_DUP_TABLE_BYTES_PER_GAME; at least VC_DUP_TABLE_MIN_BYTES),
 * about 25 MB per million games. Calling thread only. */
struct vc_dup_table {
	void *slots;      /* nslots slots; a hash {0, 0}: empty */
	size_t nslots;    /* bytes / 20 */
	size_t cap;       /* home slots: the others are the tail */
	size_t bytes;     /* held */
	size_t count;     /* games kept */
	size_t max;       /* games kept at most (--duplicates-max) */
	bool zero_seen;   /* the hash {0, 0}, which marks empty slots, was
	                     added: kept apart */
	uint32_t zero_id;
};

/* The memory a table holds, vc_dup_table_bytes, is at most
 * VC_DUP_TABLE_BYTES_PER_GAME bytes a game kept plus one page, or
 * VC_DUP_TABLE_MIN_BYTES when that is more (a table that has added
 * anything). Hashes that crowd at one place (none that XXH3 gives in
 * practice) may take more, never fewer, slots. */
#define VC_DUP_TABLE_BYTES_PER_GAME 25
#define VC_DUP_TABLE_MIN_BYTES (1024 * 20)

/* An empty table that keeps at most `max` games (max > 0). Allocates
 * nothing yet. */
void vc_dup_table_init(struct vc_dup_table *t, size_t max);
/* Frees what t holds (it is then empty, max kept); t may be zeroed. */
void vc_dup_table_release(struct vc_dup_table *t);
/* The bytes t holds now (its slots: the table's own accounting). */
size_t vc_dup_table_bytes(const struct vc_dup_table *t);

enum vc_dup_result {
	VC_DUP_NEW = 0,   /* not seen before: added with `id` */
	VC_DUP_FOUND,     /* seen before: *first is the id it was added with */
	VC_DUP_FULL,      /* not seen before, and the table already holds max
	                     games: not added */
	VC_DUP_NOMEM      /* not seen before, and the table could not grow */
};

/* Look h up and add it when new. first not NULL. */
enum vc_dup_result vc_dup_table_add(struct vc_dup_table *t, const struct vc_dup_hash *h,
                                    uint32_t id, uint32_t *first);



/* ---- validate --duplicates: the command's side ----------------------------
 * What the pipeline's decide and write_point hooks do (cmd/pipeline.h):
 * each game that takes part is looked up in input order (calling thread),
 * and a duplicate gets, in its own report entry, the warning duplicate-of
 * naming the first game with the same hash (its file, archive member and
 * index). The warning says nothing about the record itself: it never makes
 * a game invalid, --strict or not, and is written apart from the record's
 * findings (text: a warning line after the game's entry; JSON: the game's
 * member "duplicate_of"; the CI formats: a warning of the game as they
 * write any, at the place the report marks, report.h game_point and
 * vc_report_ci_warning); it is counted in the summary under duplicate-of. */

/* A game's question (vc_pipe_decide's data), made in on_game. */
struct vc_dup_query {
	struct vc_dup_hash h;
	const char *source;   /* g->source: lives for the run */
	uint64_t index, line; /* g->index (before the pipeline's base), g->line */
	bool has_member;
	char member[];        /* NUL-terminated, when has_member */
};

/* The longest member name a query keeps (longer ones are cut: only the
 * naming of a first game in such a member may suffer). */
#define VC_DUP_MEMBER_MAX 4096

/* Fill q (of at least sizeof *q + VC_DUP_MEMBER_MAX + 1 bytes) for game g
 * of hash h; returns its length for vc_pipe_decide. */
size_t vc_dup_query_make(struct vc_dup_query *q, const struct vc_gc_game *g,
                         const struct vc_dup_hash *h);

/* A member of the input, for naming first games: its games have the
 * numbers base + index - 1. */
struct vc_dup_member {
	uint64_t base;
	const char *source;
	char *member; /* owned, NULL for none */
};

struct vc_dups {
	struct vc_dup_table table;
	struct vc_report *rep;    /* counts and notes */
	struct vc_dup_member *members;
	size_t nmembers, capmembers;
	uint64_t cur_max;         /* highest index looked up in the last member */
	uint64_t found;           /* duplicates found */
	bool stopped;             /* --duplicates-max reached (or memory): no
	                             more look-ups */
	bool nomem;
	bool text;                /* the report is text */
	/* the last answer, for write_point: the game and its first */
	const char *src, *first_src;
	char *member;             /* borrowed from members[] */
	const char *first_member;
	uint64_t index, line, first_index;
};

/* Start with a table of at most max games for report rep (whose format,
 * quiet and verbose decide what write_point writes). */
void vc_dups_init(struct vc_dups *d, size_t max, struct vc_report *rep);
void vc_dups_release(struct vc_dups *d);
/* The decide hook: q a struct vc_dup_query; returns 1 for a duplicate
 * (then counted in rep under duplicate-of), else 0. */
int vc_dups_decide(struct vc_dups *d, const struct vc_dup_query *q, uint64_t base);
/* The write_point hook: for answer 1, the warning (text; github, sarif,
 * junit: report.h vc_report_ci_warning, point unused) or the member
 * "duplicate_of" through the JSON writer state `point` (a struct vc_json
 * copied where the game's object may take one more member), on out. */
void vc_dups_write(struct vc_dups *d, const void *point, int answer, FILE *out);
/* The summary's member "duplicates": {"found", "games" (looked at and
 * kept), "stopped"} (JSON), or, text, a line when it stopped looking. */
void vc_dups_summary_json(struct vc_dups *d, struct vc_json *j);
void vc_dups_summary_text(struct vc_dups *d, FILE *out, const char *command);
#endif
