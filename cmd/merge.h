/* vchess - `vchess report merge`: the part reports of a sharded run put
 * together into the report one run writes (vchess-report(1)). merge.c
 * reads and checks the parts and streams their games; the commands
 * (validate.c, adjudicate.c) render the result as their own runs do.
 */
#ifndef VC_CMD_MERGE_H
#define VC_CMD_MERGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "jsonread.h"
#include "report.h"

struct vc_merge;

/* A command's side of the merge: argv (argv[0] the command's name) holds
 * the options the shards were run with, then those given to the merge;
 * the command parses them as its own run would, opens the output (-o is
 * among them when given to the merge), and writes its report:
 * vc_merge_games for the games, vc_merge_counts for the summary's counts,
 * the parts' states for its own summary. Returns the exit status one run
 * would have had. */
typedef int (*vc_merge_fn)(struct vc_merge *m, int argc, char **argv);

int vc_merge_validate(struct vc_merge *m, int argc, char **argv);
int vc_merge_adjudicate(struct vc_merge *m, int argc, char **argv);

/* The format the shards were told (--format), NULL when none. */
const char *vc_merge_format(const struct vc_merge *m);

/* Write every game's rendering in rep->format to rep->out, in input
 * order, its game numbers, lines and offsets those of one run; JSON: the
 * first game's comma dropped, as a run writes it. rep's counts are not
 * touched (vc_merge_counts). Returns 0, or -1 after saying why (a part
 * changed or unreadable since it was checked). */
int vc_merge_games(struct vc_merge *m, struct vc_report *rep);

/* What a command does with each game at the merge, in input order
 * (validate --duplicates): game(ctx, rec, source, base_index, base_line)
 * before the game's rendering is written (rec: its part record; source:
 * its file, one pointer for all the games of a file; the bases: what to
 * add to the numbers and lines of the shard), returning 0, or -1 after
 * saying why (a damaged record); point(ctx, state, out) at each point of
 * the rendering (part.h vc_part_point; state: the JSON writer there,
 * writing to out). Set before vc_merge_games; h is copied. */
struct vc_merge_hooks {
	void *ctx;
	int (*game)(void *ctx, const struct vc_jval *rec, const char *source,
	            uint64_t base_index, uint64_t base_line);
	void (*point)(void *ctx, struct vc_json *state, FILE *out);
};
void vc_merge_set_hooks(struct vc_merge *m, const struct vc_merge_hooks *h);

/* --max-errors n of the run (0: none): vc_merge_games stops after the
 * n-th game that counts towards it (a record's "fail", part.h), and an
 * input error that follows it in its part, as one run stops;
 * vc_merge_counts then adds the counts up to there and marks the report
 * stopped (VC_REPORT_MAX_ERRORS). */
void vc_merge_set_max_errors(struct vc_merge *m, long n);

/* Add the parts' counts into rep (games, valid, ..., codes) and their
 * completeness (rep->stop). */
void vc_merge_counts(struct vc_merge *m, struct vc_report *rep);

/* The parts in order: how many; part i's trailer "state" object (the
 * command's), and the number of games before it in its file (to add to
 * the game numbers the state holds). */
size_t vc_merge_nparts(const struct vc_merge *m);
const struct vc_jval *vc_merge_state(const struct vc_merge *m, size_t i);
uint64_t vc_merge_index_base(const struct vc_merge *m, size_t i);

/* Whether a part could not read an input (exit 3 of its run). */
bool vc_merge_input_failed(const struct vc_merge *m);

#endif
