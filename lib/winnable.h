/* vchess - can the intended winner still checkmate? Dead positions (FIDE
 * 5.2.2) and the time-forfeit draw (FIDE 6.9), decided by a sound search.
 *
 * vchess-rules(7) section 2 ("dead position", "Time forfeit"); the method
 * is explained in vchess-winnable(1), METHOD. For a position and an
 * intended winner the library answers:
 *   - winnable, with a witness: legal moves from the position that end in
 *     checkmate of the other side (a helpmate: both sides cooperate), each
 *     replayed by the library before it is returned;
 *   - unwinnable, proven (static analysis of material and of immovable
 *     pawn structures, or a search that visited every reachable position);
 *   - undetermined, when the node budget ran out first.
 * It is sound: never unwinnable when a helpmate exists. A position is dead
 * when it is unwinnable for both sides.
 *
 * Two entries, both reentrant (no global mutable state, vc_init() aside):
 * vc_winnable_quick, a cheap test meant for every ply of a game (answers
 * only unwinnable or undetermined), and vc_winnable,
 * the full decision, with a caller-owned workspace (struct vc_winnable_ws:
 * one per thread) and a node budget (deterministic: the same position,
 * winner and budget give the same answer, witness and node count).
 *
 * Variants: those with a royal king and ordinary moves (standard, Chess960,
 * Undo Chess: castling rights and en passant count; Undo Chess's take-back
 * tokens are a game-level matter and play no part). Antichess (its own
 * rule, vchess-antichess(7)) and Backwards Stalemate Chess (retro moves)
 * are not applicable: VC_F_UNSUPPORTED_VARIANT. The 75-move rule and
 * repetitions are not considered (a helpmate may be any series of legal
 * moves, as in FIDE 5.2.2 and 6.9).
 */
#ifndef VC_WINNABLE_H
#define VC_WINNABLE_H

#include "position.h"
#include "finding.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* The answer. Zero is "undetermined", the answer that claims nothing. */
enum vc_winnable_answer {
	VC_WINNABLE_UNDETERMINED = 0, /* the budget ran out (or quick test) */
	VC_WINNABLE_YES = 1,          /* a helpmate exists: see the witness */
	VC_WINNABLE_NO = 2            /* proven: no series of legal moves ends
	                                 in checkmate by the intended winner */
};

/* Longest witness (plies) vc_winnable returns. */
#define VC_WINNABLE_MAX_WITNESS 128
/* The node budget `vchess winnable` uses without --budget, and a sensible
 * default for callers: nodes are positions made by the search. */
#define VC_WINNABLE_DEFAULT_BUDGET 2000000u

/* What vc_winnable found. A value type, filled by the library. */
struct vc_winnable_result {
	enum vc_winnable_answer answer;
	uint64_t nodes;        /* positions the search made (0 when the static
	                          analysis decided) */
	int nwitness;          /* plies of witness[] (answer YES only; 0 when
	                          the position is already checkmate) */
	vc_move witness[VC_WINNABLE_MAX_WITNESS]; /* from the position given:
	                          legal moves, the last one mates the loser */
};

/* A search workspace (opaque): transposition table and the search stack.
 * One per thread; reused from query to query (its memory is kept). */
struct vc_winnable_ws;

/* Make a workspace into *out (NULL on failure). Returns VC_F_OK or
 * VC_F_OUT_OF_MEMORY. Free it with vc_winnable_ws_free. */
enum vc_code vc_winnable_ws_new(struct vc_winnable_ws **out);
/* Free a workspace; NULL is accepted. */
void vc_winnable_ws_free(struct vc_winnable_ws *ws);

/* Nodes the quick test may search (see vc_winnable_quick). */
#define VC_WINNABLE_QUICK_NODES 16

/* The quick test: VC_WINNABLE_NO when `winner` (VC_WHITE or VC_BLACK) can
 * never checkmate in pos by reasons seen without search (material; pawns
 * that can never move again with kings and pieces shut out of the squares
 * where a mate could happen), else VC_WINNABLE_UNDETERMINED. With a
 * workspace ws (NULL: none), a position where play is forced (the side to
 * move in check with at most 4 answers, or a side left with its king and
 * pawns that cannot advance) also gets
 * a search of at most VC_WINNABLE_QUICK_NODES nodes, whose "unwinnable"
 * is taken when it visited every reachable position. Never wrong, never
 * VC_WINNABLE_YES. Without ws nothing is allocated; with one, its arrays
 * may grow on first use. About 0.1 microsecond for a middlegame
 * position (measured through the library). pos: a position
 * the library made. Variants without a royal king or with retro moves, a
 * NULL pos or a winner other than 0/1: VC_WINNABLE_UNDETERMINED. */
enum vc_winnable_answer vc_winnable_quick(struct vc_winnable_ws *ws,
                                          const struct vc_position *pos, int winner);

/* The full decision for `winner` (VC_WHITE or VC_BLACK) in pos, within
 * `budget` nodes (0 = VC_WINNABLE_DEFAULT_BUDGET), into *out. ws: a
 * workspace of vc_winnable_ws_new, or NULL (then one is made and freed in
 * the call: slower). Returns VC_F_OK with *out filled; VC_F_UNSUPPORTED_
 * VARIANT (*out: undetermined, 0 nodes) for a variant without a royal king
 * or with retro moves (antichess, Backwards Stalemate Chess);
 * VC_F_OUT_OF_MEMORY when ws is NULL and none could be made. pos and out
 * must not be NULL; winner must be 0 or 1 (else VC_F_INVALID_ARGUMENT). A
 * witness is replayed (vc_play and the checkmate test) before it is
 * returned. Positions VC_WINNABLE_MAX_WITNESS plies deep are not
 * searched further: a search that finds no shorter mate ends as
 * undetermined, never as unwinnable, as when memory runs out while the
 * search grows. */
enum vc_code vc_winnable(struct vc_winnable_ws *ws, const struct vc_position *pos,
                         int winner, uint64_t budget, struct vc_winnable_result *out);

/* Does the decision cover the variant `variant_id` (enum vc_variant_id)?
 * True for the variants with a royal king and forward moves (standard,
 * Chess960, Undo Chess); false for antichess and Backwards Stalemate Chess
 * (RULES.md section 3 in vchess-rules(7): their own rules) and for an id
 * that names no variant. vc_winnable answers VC_F_UNSUPPORTED_VARIANT
 * exactly where this is false; vc_winnable_quick answers undetermined
 * there. */
bool vc_winnable_supported(int variant_id);

/* "winnable", "unwinnable", "undetermined" (the report words). */
const char *vc_winnable_word(enum vc_winnable_answer a);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
