/* vchess - recorded PGN visitor events, for parallel validation.
 *
 * The reading thread lexes the input once with the recorder visitor, which
 * appends each game's events (tags, moves, comments, variations, results,
 * findings, game boundaries) to a growable byte buffer; a worker thread
 * later replays them, in order, into any other visitor (the game checker),
 * exactly as the PGN reader would have called it. Strings are copied, so
 * the replay does not depend on the reader's buffers.
 */
#ifndef VC_PGNREC_H
#define VC_PGNREC_H

#include <stddef.h>

#include "pgn.h"

struct vc_pgnrec {
	char *buf;
	size_t len, cap;
	size_t games;         /* complete games in buf */
	bool comments;        /* record comments (only those holding "%clk") */
	bool keep_raw;        /* record each game's original bytes */
	bool nomem;           /* an append failed: the buffer is incomplete */
	bool open;            /* a game has begun and not ended yet */
	size_t open_at;       /* where that game's events start in buf */
};

/* A visitor whose user must be the struct vc_pgnrec. */
extern const struct vc_pgn_visitor vc_pgnrec_visitor;

void vc_pgnrec_init(struct vc_pgnrec *r, bool comments, bool keep_raw);
void vc_pgnrec_release(struct vc_pgnrec *r);
/* Forget the recorded events (keeps the allocation). */
void vc_pgnrec_clear(struct vc_pgnrec *r);
/* Move the events of the game still open in `from` (the reader may have
 * begun the next game before it returns) to the empty `to`, leaving only
 * complete games in `from`. Returns false on allocation failure. */
bool vc_pgnrec_move_open(struct vc_pgnrec *from, struct vc_pgnrec *to);

/* Replay the events of buf[0..len) into `vis` (its user pointer is used).
 * Returns 0, or the first non-zero action a callback returned as
 * VC_PGN_STOP (replay stops there). A VC_PGN_SKIP from a callback skips the
 * rest of that game's events up to its end_game, as the reader does. */
int vc_pgnrec_replay(const char *buf, size_t len, const struct vc_pgn_visitor *vis);

#endif
