/* Tests of Backwards Stalemate Chess (lib/variant_backwards.c): the seed's
 * worked example, move text and its three error kinds, FEN validation,
 * outcomes, the move-list bound, the perft suite, and agreement with the
 * simple reference generator tests/backwards_ref.c on positions reached by
 * random play.
 *
 * The long agreement run (perft depth 2 on 100 sampled positions and depth 3
 * on 10, against the slow reference; about 20 s) is skipped unless
 * VCHESS_LONG is set:
 *     VCHESS_LONG=1 build/unit-tests --filter backwards_long/\*
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backwards_ref.h"
#include "perftsuite.h"
#include "variant_backwards.h"

static const struct vc_variant *const V = &vc_variant_backwards;

static struct vc_position fen(const char *text)
{
	struct vc_position pos;
	struct vc_fen_result res;
	enum vc_fen_status st = vc_fen_parse(&pos, text, VC_BACKWARDS, &res);
	cr_assert_eq(st, VC_FEN_OK, "FEN %s: %s", text, vc_fen_strerror(st));
	return pos;
}

static enum vc_fen_status fen_status(const char *text)
{
	struct vc_position pos;
	struct vc_fen_result res;
	return vc_fen_parse(&pos, text, VC_BACKWARDS, &res);
}

/* The board field of pos. */
static const char *board_of(const struct vc_position *pos)
{
	static char buf[VC_FEN_MAX];
	vc_fen_write(pos, buf, false);
	*strchr(buf, ' ') = 0;
	return buf;
}

static int parse(const struct vc_position *pos, const char *text, vc_move *m, unsigned *w)
{
	unsigned dummy = 0;
	return V->parse_move(pos, text, strlen(text), m, w ? w : &dummy);
}

/* Parse and make a move that must be legal. */
static void play(struct vc_position *pos, const char *text)
{
	vc_move m;
	int st = parse(pos, text, &m, NULL);
	cr_assert_eq(st, VC_BW_PARSE_OK, "%s in %s: status %d", text, board_of(pos), st);
	vc_make_move(pos, m);
	cr_assert_eq(pos->key, vc_compute_key(pos), "key after %s", text);
}

static void agree(const struct vc_position *pos);

static int legal_count(const struct vc_position *pos)
{
	vc_move list[VC_MAX_MOVES];
	return vc_legal_moves(pos, list);
}

/* ---- Registry, start, encoding ----------------------------------------- */

Test(backwards, registry_and_start)
{
	cr_assert_eq(vc_variant_find("Backwards Stalemate Chess", NULL), V);
	cr_assert_eq(vc_variant_find(" backwards ", NULL), V);
	cr_assert_eq(vc_variant_find("BACKWARDS", NULL), V);
	cr_assert_eq(vc_variant_get(VC_BACKWARDS), V);
	struct vc_position pos;
	vc_startpos(&pos, VC_BACKWARDS);
	char buf[VC_FEN_MAX];
	cr_assert_str_eq(vc_fen_write(&pos, buf, false), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
	/* White: 5 squares for the black king x 4 pieces (no pawn on e8),
	 * 5 squares for its own king x 4 black pieces (no pawn on e1), 5
	 * retractions of its king. */
	cr_assert_eq(legal_count(&pos), 45);
	cr_assert_eq(vc_perft(&pos, 2), 3125);
}

Test(backwards, encoding)
{
	struct vc_position pos = fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
	vc_move m;
	cr_assert_eq(parse(&pos, "ke8f7xN", &m, NULL), VC_BW_PARSE_OK);
	cr_assert_eq(VC_MOVE_FROM(m), VC_SQ(4, 7));
	cr_assert_eq(VC_MOVE_TO(m), VC_SQ(5, 6));
	cr_assert_eq(VC_MOVE_CREATED(m), VC_PIECE(VC_WHITE, VC_KNIGHT));
	cr_assert(m & VC_MF_RETRO);
	cr_assert_not(m & VC_MF_UNPROMO);
	cr_assert_eq(vc_bw_move_kind(&pos, m), 1);
	cr_assert_eq(parse(&pos, "Ke1d2xq", &m, NULL), VC_BW_PARSE_OK);
	cr_assert_eq(VC_MOVE_CREATED(m), VC_PIECE(VC_BLACK, VC_QUEEN));
	cr_assert_eq(vc_bw_move_kind(&pos, m), 2);
	cr_assert_eq(parse(&pos, "Ke1d2", &m, NULL), VC_BW_PARSE_OK);
	cr_assert_eq(m, VC_MOVE(VC_SQ(4, 0), VC_SQ(3, 1)) | VC_MF_RETRO);
	cr_assert_eq(vc_bw_move_kind(&pos, m), 3);

	pos = fen("4N1k1/8/5P2/8/8/8/8/4K3 w - - 0 1");
	cr_assert_eq(parse(&pos, "Ne8d7=Pxq", &m, NULL), VC_BW_PARSE_OK);
	cr_assert_eq(VC_MOVE_PROMOTION(m), VC_PAWN);
	cr_assert(m & VC_MF_UNPROMO);
	cr_assert_eq(VC_MOVE_CREATED(m), VC_PIECE(VC_BLACK, VC_QUEEN));
	cr_assert_eq(vc_bw_move_kind(&pos, m), 2);
}

/* ---- The seed's worked example ------------------------------------------ */

Test(backwards, seed_example)
{
	struct vc_position pos;
	vc_startpos(&pos, VC_BACKWARDS);
	play(&pos, "ke8f7xN");
	cr_assert_str_eq(board_of(&pos), "4N3/5k2/8/8/8/8/8/4K3");
	cr_assert_eq(pos.side, VC_BLACK);
	play(&pos, "kf7g8xP");
	cr_assert_str_eq(board_of(&pos), "4N1k1/5P2/8/8/8/8/8/4K3");
	/* Black put its own king in check: allowed, White must lift it. */
	cr_assert(vc_in_check(&pos, VC_BLACK));
	vc_move m;
	cr_assert_eq(parse(&pos, "Ke1d1", &m, NULL), VC_BW_PARSE_ILLEGAL);
	play(&pos, "Pf7f6");
	cr_assert_str_eq(board_of(&pos), "4N1k1/8/5P2/8/8/8/8/4K3");
	cr_assert_eq(pos.halfmove, 0);
	cr_assert_eq(pos.fullmove, 2);

	/* The unpromotions, from that board with White to move (the seed's
	 * side-to-move fields are wrong; only the boards count). */
	struct vc_position w = fen("4N1k1/8/5P2/8/8/8/8/4K3 w - - 0 1");
	struct vc_position a = w;
	play(&a, "Ne8e7=P");
	cr_assert_str_eq(board_of(&a), "6k1/4P3/5P2/8/8/8/8/4K3");
	struct vc_position b = w;
	play(&b, "Ne8d7=Pxq");
	cr_assert_str_eq(board_of(&b), "4q1k1/3P4/5P2/8/8/8/8/4K3");
	/* the black queen checks the white king: the mover's own, allowed */
	cr_assert(vc_in_check(&b, VC_WHITE));
	cr_assert_not(vc_in_check(&b, VC_BLACK));
}

/* ---- Move text ------------------------------------------------------------ */

Test(backwards, notation_malformed)
{
	struct vc_position pos;
	vc_startpos(&pos, VC_BACKWARDS);
	static const char *const bad[] = {
		"", "k", "ke8", "ke8f", "ke8f7x", "ke8f7xZ", "ke8f7=", "ke8f7=N", "ke8f7xNx",
		"Ke1d2+#", "Xe1d2", "Ke9d2", "Ki1d2", "Ke1-d2", "ke8f7Nx", "ke8f7 xN", "e1d2",
		"ke8f7xN!!!", "O-O", "--", "Ke1d2q", "ke8f7xN#",
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		vc_move m = 1;
		cr_assert_eq(parse(&pos, bad[i], &m, NULL), VC_BW_PARSE_MALFORMED, "'%s'", bad[i]);
		cr_assert_eq(m, VC_MOVE_NONE);
	}
}

Test(backwards, notation_impossible)
{
	struct vc_position pos;
	vc_startpos(&pos, VC_BACKWARDS);
	static const char *const bad[] = {
		"Ke1e3",     /* a king moves one square */
		"Qe1d2",     /* no queen on e1 */
		"ke1d2",     /* wrong colour on e1 */
		"Kd1d2",     /* empty from-square */
		"Ke1e8xq",   /* to-square occupied (and too far) */
		"ke8f7",     /* White cannot retract a black piece */
		"ke8f7xn",   /* moving Black's piece creates a white one */
		"Ke1d2xQ",   /* moving one's own piece creates an opponent's */
		"ke8f7xK",   /* created pieces are never kings */
		"Ke1d1=P",   /* a king does not unpromote */
		"Ke1e1",     /* from == to */
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		vc_move m = 1;
		cr_assert_eq(parse(&pos, bad[i], &m, NULL), VC_BW_PARSE_IMPOSSIBLE, "'%s'", bad[i]);
		cr_assert_eq(m, VC_MOVE_NONE);
	}
	/* unpromotion shapes */
	pos = fen("4N1k1/8/5P2/8/8/8/8/4K3 w - - 0 1");
	static const char *const bad2[] = {
		"Ne8e7=p",   /* the pawn has the piece's colour */
		"Ne8d7=P",   /* diagonal without an uncapture */
		"Ne8e7=Pxq", /* straight with an uncapture */
		"Ne8e6=P",   /* one square back only */
		"Ne8d7=PxQ", /* the uncapture creates an opponent's piece */
		"Pf6f5=P",   /* a pawn does not unpromote */
	};
	for (size_t i = 0; i < sizeof bad2 / sizeof *bad2; i++) {
		vc_move m;
		cr_assert_eq(parse(&pos, bad2[i], &m, NULL), VC_BW_PARSE_IMPOSSIBLE, "'%s'", bad2[i]);
	}
	/* a knight off the last rank does not unpromote */
	pos = fen("6k1/8/4N3/8/8/8/8/4K3 w - - 0 1");
	vc_move m;
	cr_assert_eq(parse(&pos, "Ne6e5=P", &m, NULL), VC_BW_PARSE_IMPOSSIBLE);
}

Test(backwards, notation_illegal)
{
	struct vc_position pos;
	vc_startpos(&pos, VC_BACKWARDS);
	vc_move m;
	/* a white pawn created on rank 8 */
	cr_assert_eq(parse(&pos, "ke8f7xP", &m, NULL), VC_BW_PARSE_ILLEGAL);
	/* a black pawn created on rank 1 */
	cr_assert_eq(parse(&pos, "Ke1d2xp", &m, NULL), VC_BW_PARSE_ILLEGAL);
	/* kings side by side: both in check */
	pos = fen("8/8/8/4k3/8/4K3/8/8 w - - 0 1");
	cr_assert_eq(parse(&pos, "Ke3e4", &m, NULL), VC_BW_PARSE_ILLEGAL);
	/* reserve: the white queen is on the board already */
	pos = fen("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1");
	cr_assert_eq(parse(&pos, "ke8f7xQ", &m, NULL), VC_BW_PARSE_ILLEGAL);
	cr_assert_eq(parse(&pos, "ke8f7xR", &m, NULL), VC_BW_PARSE_OK);
	/* bishop slot: the light-square white bishop is on f1; e8 is light */
	pos = fen("4k3/8/8/8/8/8/8/4KB2 w - - 0 1");
	cr_assert_eq(parse(&pos, "ke8f7xB", &m, NULL), VC_BW_PARSE_ILLEGAL);
	pos = fen("3k4/8/8/8/8/8/8/4KB2 w - - 0 1"); /* d8 is dark */
	cr_assert_eq(parse(&pos, "kd8e7xB", &m, NULL), VC_BW_PARSE_OK);
	/* the per-file pawn rule: a second white pawn on the e-file */
	pos = fen("8/8/3k4/8/8/4P3/8/4K3 w - - 0 1");
	cr_assert_eq(parse(&pos, "kd6d7xN", &m, NULL), VC_BW_PARSE_OK);
	pos = fen("8/8/4k3/8/8/4P3/8/K7 w - - 0 1");
	cr_assert_eq(parse(&pos, "ke6d7xP", &m, NULL), VC_BW_PARSE_ILLEGAL);
	/* ... and a black pawn below White's on the file: Black moves the
	 * white knight off e3 and creates a pawn there, under White's e5 */
	pos = fen("4k3/8/8/4P3/8/4N3/8/K7 b - - 0 1");
	cr_assert_eq(parse(&pos, "Ne3c2xp", &m, NULL), VC_BW_PARSE_ILLEGAL);
	cr_assert_eq(parse(&pos, "Ne3c2xn", &m, NULL), VC_BW_PARSE_OK);
	/* a pawn may be created where an opposing pawn just left the file */
	pos = fen("4k3/8/8/4P3/3p4/8/8/K7 w - - 0 1");
	cr_assert_eq(parse(&pos, "pd4e5xP", &m, NULL), VC_BW_PARSE_IMPOSSIBLE); /* e5 taken */
	pos = fen("4k3/8/8/8/3p4/8/8/K7 w - - 0 1");
	cr_assert_eq(parse(&pos, "pd4c5xP", &m, NULL), VC_BW_PARSE_OK);
	/* a pawn may not uncapture onto its last rank nor retract onto its
	 * first */
	pos = fen("4k3/8/8/8/8/8/3P4/K7 w - - 0 1");
	cr_assert_eq(parse(&pos, "Pd2c1xn", &m, NULL), VC_BW_PARSE_ILLEGAL);
	cr_assert_eq(parse(&pos, "Pd2d1", &m, NULL), VC_BW_PARSE_ILLEGAL);
	/* a king in check must be out of check after the move */
	pos = fen("4N1k1/5P2/8/8/8/8/8/4K3 w - - 0 1");
	cr_assert_eq(parse(&pos, "Ne8d6", &m, NULL), VC_BW_PARSE_ILLEGAL);
	cr_assert_eq(parse(&pos, "Pf7f6", &m, NULL), VC_BW_PARSE_OK);
	cr_assert_eq(parse(&pos, "Pf7e6xn", &m, NULL), VC_BW_PARSE_OK);
	/* a reached goal: no move is legal */
	pos = fen("k7/8/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 40");
	cr_assert_eq(parse(&pos, "ka8b8", &m, NULL), VC_BW_PARSE_ILLEGAL);
}

Test(backwards, notation_check_suffix)
{
	struct vc_position pos;
	vc_startpos(&pos, VC_BACKWARDS);
	play(&pos, "ke8f7xN");
	vc_move m;
	unsigned w = 0;
	/* the white pawn on f7 checks the black king on g8 */
	cr_assert_eq(parse(&pos, "kf7g8xP+", &m, &w), VC_BW_PARSE_OK);
	cr_assert_eq(w, 0);
	cr_assert_eq(parse(&pos, "kf7g8xN+", &m, &w), VC_BW_PARSE_OK);
	cr_assert_eq(w, VC_BW_WARN_FALSE_CHECK);
	w = 0;
	cr_assert_eq(parse(&pos, "kf7g8xN?!", &m, &w), VC_BW_PARSE_OK);
	cr_assert_eq(w, 0);
}

/* write_move then parse_move gives the move back, for every legal move. */
static void roundtrip(const struct vc_position *pos)
{
	vc_move list[VC_MAX_MOVES];
	int n = vc_legal_moves(pos, list);
	for (int i = 0; i < n; i++) {
		char buf[VC_BW_MOVE_TEXT_MAX];
		V->write_move(pos, list[i], buf);
		cr_assert_lt(strlen(buf), sizeof buf);
		vc_move m;
		cr_assert_eq(parse(pos, buf, &m, NULL), VC_BW_PARSE_OK, "%s", buf);
		cr_assert_eq(m, list[i], "%s", buf);
	}
}

Test(backwards, notation_roundtrip)
{
	static const char *const fens[] = {
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1",
		"4N1k1/8/5P2/8/8/8/8/4K3 w - - 0 1",
		"r2qk2r/1p3p2/2n1b1p1/3p4/2P1P3/1N6/PB3PPP/R2QKB1R b - - 0 1",
		"3Q4/7k/8/8/8/8/1K6/3q4 b - - 0 1",
		"R3k2N/8/8/8/8/8/7r/1n2K3 w - - 0 1",
	};
	for (size_t i = 0; i < sizeof fens / sizeof *fens; i++) {
		struct vc_position pos = fen(fens[i]);
		roundtrip(&pos);
	}
	struct vc_position pos = fen("3Q4/7k/8/8/8/8/1K6/3q4 w - - 0 1");
	vc_move m;
	cr_assert_eq(parse(&pos, "Qd8d7=P", &m, NULL), VC_BW_PARSE_OK);
	pos = fen("3Q4/7k/8/8/8/8/1K6/3q4 b - - 0 1");
	cr_assert_eq(parse(&pos, "qd1c2=pxR", &m, NULL), VC_BW_PARSE_OK);
	char buf[VC_BW_MOVE_TEXT_MAX];
	cr_assert_str_eq(V->write_move(&pos, m, buf), "qd1c2=pxR");
}

/* ---- FEN validation --------------------------------------------------------- */

Test(backwards, fen_validation)
{
	/* the side not to move may be in check (the seed's own example) */
	cr_assert_eq(fen_status("4N1k1/5P2/8/8/8/8/8/4K3 w - - 0 1"), VC_FEN_OK);
	cr_assert_eq(fen_status("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1"), VC_FEN_BAD_VARIANT_POSITION);
	cr_assert_eq(fen_status("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), VC_FEN_BAD_VARIANT_POSITION);
	cr_assert_eq(fen_status("8/8/8/8/8/8/8/4K3 w - - 0 1"), VC_FEN_NO_KING);
	cr_assert_eq(fen_status("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"), VC_FEN_TOO_MANY_KINGS);
	cr_assert_eq(fen_status("4k3/8/8/8/8/8/8/3QK2Q w - - 0 1"), VC_FEN_BAD_VARIANT_POSITION);
	cr_assert_eq(fen_status("4k3/8/8/8/8/8/8/RR2K2R w - - 0 1"), VC_FEN_BAD_VARIANT_POSITION);
	cr_assert_eq(fen_status("4k3/8/8/8/8/8/8/1NN1K1N1 w - - 0 1"), VC_FEN_BAD_VARIANT_POSITION);
	/* two light-square bishops (f1, d3); a light and a dark one are fine */
	cr_assert_eq(fen_status("4k3/8/8/8/8/3B4/8/4KB2 w - - 0 1"), VC_FEN_BAD_VARIANT_POSITION);
	cr_assert_eq(fen_status("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"), VC_FEN_OK);
	/* pawn rules */
	cr_assert_eq(fen_status("4k3/8/8/8/8/8/8/P3K3 w - - 0 1"), VC_FEN_PAWN_ON_BACK_RANK);
	cr_assert_eq(fen_status("4k3/8/8/8/P7/8/P7/4K3 w - - 0 1"), VC_FEN_BAD_VARIANT_POSITION);
	cr_assert_eq(fen_status("4k3/8/8/8/P7/8/p7/4K3 w - - 0 1"), VC_FEN_BAD_VARIANT_POSITION);
	cr_assert_eq(fen_status("4k3/p7/8/8/8/8/P7/4K3 w - - 0 1"), VC_FEN_OK);
	/* both kings in check */
	cr_assert_eq(fen_status("4k3/8/8/8/8/8/8/4K2r w - - 0 1"), VC_FEN_OK);
	cr_assert_eq(fen_status("4k3/8/8/8/8/8/4R3/4K2r w - - 0 1"), VC_FEN_BAD_VARIANT_POSITION);
	cr_assert_eq(fen_status("8/8/8/8/8/3k4/3K4/8 w - - 0 1"), VC_FEN_BAD_VARIANT_POSITION);
}

/* ---- Outcomes ------------------------------------------------------------------- */

static struct vc_outcome outcome(const char *text, enum vc_ruleset rules)
{
	struct vc_position pos = fen(text);
	return vc_position_outcome(&pos, rules);
}

Test(backwards, outcome_goal)
{
	struct vc_outcome oc = outcome("4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 40", VC_RULES_FIDE);
	cr_assert_eq(oc.result, VC_RES_WHITE);
	cr_assert_eq(oc.termination, VC_TERM_GOAL_REACHED);
	/* whoever made the move: White reached it with White to move too */
	oc = outcome("4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 40", VC_RULES_FIDE);
	cr_assert_eq(oc.result, VC_RES_WHITE);
	oc = outcome("rnbqkbnr/pppppppp/8/8/8/8/8/4K3 w - - 0 40", VC_RULES_FIDE);
	cr_assert_eq(oc.result, VC_RES_BLACK);
	cr_assert_eq(oc.termination, VC_TERM_GOAL_REACHED);
	oc = outcome("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 40", VC_RULES_FIDE);
	cr_assert_eq(oc.result, VC_RES_DRAW);
	cr_assert_eq(oc.termination, VC_TERM_GOAL_REACHED);
	/* a reached goal leaves no moves (RULES.md: perft) */
	struct vc_position pos = fen("4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 40");
	cr_assert_eq(legal_count(&pos), 0);
	/* one piece off its square is not the goal */
	oc = outcome("4k3/8/8/8/8/5N2/PPPPPPPP/RNBQKB1R b - - 0 40", VC_RULES_FIDE);
	cr_assert_eq(oc.result, VC_RES_NONE);
	cr_assert_eq(oc.termination, VC_TERM_NONE);
	/* The move that completes the goal, made by White (kind 1) or by
	 * Black (kind 2): the black knight leaves g1, a white one appears. */
	pos = fen("k7/8/8/8/8/8/PPPPPPPP/RNBQKBnR w - - 0 40");
	play(&pos, "ng1h3xN");
	oc = vc_position_outcome(&pos, VC_RULES_FIDE);
	cr_assert_eq(oc.result, VC_RES_WHITE);
	cr_assert_eq(oc.termination, VC_TERM_GOAL_REACHED);
	pos = fen("k7/8/8/8/8/8/PPPPPPPP/RNBQKBnR b - - 0 40");
	play(&pos, "ng1h3xN");
	oc = vc_position_outcome(&pos, VC_RULES_FIDE);
	cr_assert_eq(oc.result, VC_RES_WHITE);
	cr_assert_eq(oc.termination, VC_TERM_GOAL_REACHED);
}

Test(backwards, outcome_no_legal_move_and_clock)
{
	/* Found by random play (tests/tools/backwards_tool.c nomove 1, the
	 * end of data/games/backwards/no-legal-move.pgn): White's king is in
	 * check and no move ends it. The side to move loses. */
	struct vc_outcome oc;
	const char *stuck = "2rk1r2/Q2P1K1R/R1b1p1B1/5pbn/np5p/2p1B3/3N2p1/N6q w - - 0 16";
	struct vc_position pos = fen(stuck);
	cr_assert_eq(legal_count(&pos), 0);
	oc = outcome(stuck, VC_RULES_FIDE);
	cr_assert_eq(oc.result, VC_RES_BLACK);
	cr_assert_eq(oc.termination, VC_TERM_NO_LEGAL_MOVE);
	/* no legal move outranks the move-count rules */
	oc = outcome("2rk1r2/Q2P1K1R/R1b1p1B1/5pbn/np5p/2p1B3/3N2p1/N6q w - - 150 90",
	             VC_RULES_FIDE);
	cr_assert_eq(oc.termination, VC_TERM_NO_LEGAL_MOVE);
	agree(&pos);
	oc = outcome("4k3/8/8/8/8/8/8/4K3 w - - 149 80", VC_RULES_FIDE);
	cr_assert_eq(oc.result, VC_RES_NONE);
	oc = outcome("4k3/8/8/8/8/8/8/4K3 w - - 150 80", VC_RULES_FIDE);
	cr_assert_eq(oc.result, VC_RES_DRAW);
	cr_assert_eq(oc.termination, VC_TERM_SEVENTYFIVE_MOVES);
	oc = outcome("4k3/8/8/8/8/8/8/4K3 w - - 100 80", VC_RULES_FIDE);
	cr_assert_eq(oc.result, VC_RES_NONE);
	oc = outcome("4k3/8/8/8/8/8/8/4K3 w - - 100 80", VC_RULES_LICHESS);
	cr_assert_eq(oc.result, VC_RES_DRAW);
	cr_assert_eq(oc.termination, VC_TERM_FIFTY_MOVES);
}

/* The complete game of data/games/backwards/goal-reached.pgn: every move
 * legal, White's array complete after the last one. */
Test(backwards, goal_game)
{
	static const char *const moves[] = {
		"ke8d8xB", "kd8c7xQ", "Qd8d1", "Be8b5xn", "Bb5f1", "kc7b6xR", "Rc7c1", "Rc1a1xq",
		"qc1c2xB", "qc2e2xP", "qe2f3xP", "qf3d3xP", "Pf3f2", "qd3b3xP", "Pd3d2", "qb3a3xP",
		"Pb3b2", "qa3h3xP", "Pa3a2", "qh3g3xR", "Rh3h1", "qg3f3xP", "Pg3g2", "qf3h3xN",
		"Nf3g1", "qh3c3xP", "Ph3h2", "qc3b3xN", "Nc3b1xp",
	};
	struct vc_position pos;
	vc_startpos(&pos, VC_BACKWARDS);
	for (size_t i = 0; i < sizeof moves / sizeof *moves; i++) {
		struct vc_outcome oc = vc_position_outcome(&pos, VC_RULES_FIDE);
		cr_assert_eq(oc.result, VC_RES_NONE, "over before %s", moves[i]);
		play(&pos, moves[i]);
	}
	char buf[VC_FEN_MAX];
	cr_assert_str_eq(vc_fen_write(&pos, buf, false),
	                 "4n3/8/1k6/8/8/1qp5/PPPPPPPP/RNBQKBNR b - - 0 15");
	struct vc_outcome oc = vc_position_outcome(&pos, VC_RULES_FIDE);
	cr_assert_eq(oc.result, VC_RES_WHITE);
	cr_assert_eq(oc.termination, VC_TERM_GOAL_REACHED);
}

Test(backwards, halfmove_clock)
{
	struct vc_position pos = fen("4k3/8/8/8/8/3P4/8/4K3 w - - 7 1");
	play(&pos, "Ke1f1"); /* a retraction of a piece counts */
	cr_assert_eq(pos.halfmove, 8);
	play(&pos, "ke8e7");
	cr_assert_eq(pos.halfmove, 9);
	cr_assert_eq(pos.fullmove, 2);
	play(&pos, "Pd3d2"); /* a pawn moved: reset */
	cr_assert_eq(pos.halfmove, 0);
	play(&pos, "ke7e8");
	cr_assert_eq(pos.halfmove, 1);
	play(&pos, "ke8f7xB"); /* a piece created: reset */
	cr_assert_eq(pos.halfmove, 0);
	pos = fen("3Q3k/8/8/8/8/8/8/K7 w - - 33 1");
	play(&pos, "Qd8d7=P"); /* an unpromotion: reset */
	cr_assert_eq(pos.halfmove, 0);
	cr_assert_eq(pos.by_type[VC_QUEEN], 0);
}

/* ---- The move-list bound ---------------------------------------------------- */

/* Number of kinds a side with these counts can still create (bishops
 * counted while a slot is free; pawns only if pawn_ok). */
static int creatable_kinds(const int n[7], bool pawn_ok)
{
	return (n[VC_QUEEN] < 1) + (n[VC_ROOK] < 2) + (n[VC_KNIGHT] < 2) + (n[VC_BISHOP] < 2) +
	       (pawn_ok && n[VC_PAWN] < 8);
}

/* An upper bound on the legal moves of any valid position, by material
 * alone. Per piece, the most squares it can reach backwards on an empty
 * board (Q 27, R 14, B 13, N 8, K 8; a pawn 2 diagonally and at most 2
 * straight) times what may be created: an opponent's piece X gives at most
 * reach(X) x (our creatable kinds) uncaptures; our piece gives reach x
 * (their kinds) uncaptures plus reach retractions; each of our pieces on
 * the last rank adds at most 1 + 2 x (their kinds, no pawn) unpromotions. */
static int material_bound(void)
{
	static const int reach[7] = { 0, 2, 8, 13, 14, 27, 8 };
	int best = 0;
	int us[7], th[7];
	us[VC_KING] = th[VC_KING] = 1;
	for (int a = 0; a < 2 * 3 * 3 * 3 * 9; a++)
		for (int b = 0; b < 2 * 3 * 3 * 3 * 9; b++) {
			int x = a, y = b;
			us[VC_QUEEN] = x % 2, x /= 2;
			us[VC_ROOK] = x % 3, x /= 3;
			us[VC_BISHOP] = x % 3, x /= 3;
			us[VC_KNIGHT] = x % 3, x /= 3;
			us[VC_PAWN] = x;
			th[VC_QUEEN] = y % 2, y /= 2;
			th[VC_ROOK] = y % 3, y /= 3;
			th[VC_BISHOP] = y % 3, y /= 3;
			th[VC_KNIGHT] = y % 3, y /= 3;
			th[VC_PAWN] = y;
			int ru = 0, rt = 0, pieces = 0, officers;
			for (int t = VC_PAWN; t <= VC_KING; t++)
				pieces += us[t] + th[t];
			/* every move goes to an empty square */
			int empty = 64 - pieces;
			for (int t = VC_PAWN; t <= VC_KING; t++) {
				int r = reach[t] < empty ? reach[t] : empty;
				ru += r * us[t];
				rt += r * th[t];
			}
			officers = us[VC_QUEEN] + us[VC_ROOK] + us[VC_BISHOP] + us[VC_KNIGHT];
			int total = rt * creatable_kinds(us, true) + ru * (creatable_kinds(th, true) + 1);
			if (us[VC_PAWN] < 8)
				total += officers * (1 + 2 * creatable_kinds(th, false));
			if (total > best)
				best = total;
		}
	return best;
}

Test(backwards, max_moves_bound)
{
	/* The bound by material is below VC_MAX_MOVES (computed: 834). */
	int bound = material_bound();
	cr_log_info("material bound on legal moves: %d", bound);
	cr_assert_lt(bound, VC_MAX_MOVES, "material bound %d", bound);
	/* The most moves found (tests/tools/backwards_tool.c maxmoves:
	 * simulated annealing over valid positions, several seeds; 600-623
	 * every run): both generators agree on it, well below the bound. */
	struct vc_position pos = fen("8/5R2/r3N3/7R/nPNBB3/6Q1/k3K3/8 w - - 0 1");
	int n = legal_count(&pos);
	cr_assert_eq(n, 623);
	cr_assert_lt(n, bound);
	cr_assert_lt(n, VC_MAX_MOVES);
	agree(&pos);
}

/* ---- Agreement with the reference generator ------------------------------ */

/* Deterministic xorshift64: the same positions on every run. */
static uint64_t rng_state;

static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

#define NSAMPLE 2000

/* NSAMPLE positions reached by random play from the start: games of a
 * random length below 160 plies, restarted when they end. */
static struct vc_position *sample_positions(void)
{
	struct vc_position *out = malloc(sizeof *out * NSAMPLE);
	cr_assert_not_null(out);
	rng_state = 0x5eed0003a351ff84ull;
	struct vc_position pos;
	vc_startpos(&pos, VC_BACKWARDS);
	int left = (int)(rng() % 160);
	vc_move list[VC_MAX_MOVES];
	for (int i = 0; i < NSAMPLE; i++) {
		out[i] = pos;
		int n = vc_legal_moves(&pos, list);
		if (!n || left-- <= 0) {
			vc_startpos(&pos, VC_BACKWARDS);
			left = (int)(rng() % 160);
		} else {
			vc_make_move(&pos, list[rng() % (uint64_t)n]);
		}
	}
	return out;
}

static vc_move ref_to_vc(const struct bref_move *r)
{
	static const char kinds[] = " PNBRQK";
	vc_move m = VC_MOVE(VC_SQ(r->from_file, r->from_rank), VC_SQ(r->to_file, r->to_rank)) |
	            VC_MF_RETRO;
	if (r->created) {
		char up = r->created >= 'a' ? (char)(r->created - 32) : r->created;
		int t = (int)(strchr(kinds, up) - kinds);
		m |= (vc_move)VC_PIECE(r->created >= 'a' ? VC_BLACK : VC_WHITE, t) << 15;
	}
	if (r->unpromo)
		m |= VC_MF_UNPROMO | ((vc_move)VC_PAWN << 12);
	return m;
}

static int cmp_move(const void *a, const void *b)
{
	vc_move x = *(const vc_move *)a, y = *(const vc_move *)b;
	return x < y ? -1 : x > y;
}

/* Compare the legal move sets, and the positions each move leads to
 * (placement, side, halfmove clock, incremental Zobrist key). */
static void agree(const struct vc_position *pos)
{
	static vc_move fast[VC_MAX_MOVES], slow[BREF_MAX_MOVES];
	static struct bref_move rl[BREF_MAX_MOVES];
	char fenbuf[VC_FEN_MAX];
	vc_fen_write(pos, fenbuf, false);
	struct bref_pos rp;
	bref_from_position(&rp, pos);
	int nf = vc_legal_moves(pos, fast);
	int ns = bref_gen(&rp, rl);
	cr_assert_eq(nf, ns, "%s: fast %d moves, reference %d", fenbuf, nf, ns);
	for (int i = 0; i < ns; i++)
		slow[i] = ref_to_vc(&rl[i]);
	qsort(fast, (size_t)nf, sizeof *fast, cmp_move);
	qsort(slow, (size_t)ns, sizeof *slow, cmp_move);
	for (int i = 0; i < nf; i++)
		cr_assert_eq(fast[i], slow[i], "%s: move sets differ (fast %08x ref %08x)", fenbuf,
		             fast[i], slow[i]);
	for (int i = 0; i < ns; i++) {
		struct vc_position next = *pos;
		vc_make_move(&next, ref_to_vc(&rl[i]));
		struct bref_pos rnext = rp;
		bref_make(&rnext, &rl[i]);
		char pl[80];
		cr_assert_str_eq(board_of(&next), bref_placement(&rnext, pl), "%s", fenbuf);
		cr_assert_eq(next.side, rnext.side);
		cr_assert_eq(next.halfmove, rnext.halfmove);
		cr_assert_eq(next.key, vc_compute_key(&next), "%s: key", fenbuf);
	}
}

Test(backwards, agreement_random_play, .timeout = 120)
{
	struct vc_position *sample = sample_positions();
	int total = 0, maxn = 0, nomove = 0;
	vc_move list[VC_MAX_MOVES];
	for (int i = 0; i < NSAMPLE; i++) {
		agree(&sample[i]);
		int n = vc_legal_moves(&sample[i], list);
		total += n;
		if (n > maxn)
			maxn = n;
		nomove += n == 0;
	}
	/* the sample is not trivial */
	cr_assert_gt(total / NSAMPLE, 50);
	cr_assert_gt(maxn, 200);
	free(sample);
}

/* Hand-picked corners: unpromotions both ways, double-step retractions,
 * pawns on both sides of a file, kings in check, a side with no move. */
Test(backwards, agreement_corners)
{
	static const char *const fens[] = {
		"4N1k1/5P2/8/8/8/8/8/4K3 w - - 0 1",
		"4N1k1/5P2/8/8/8/8/8/4K3 b - - 0 1",
		"3Q4/7k/8/8/8/8/1K6/3q4 w - - 0 1",
		"3Q4/7k/8/8/8/8/1K6/3q4 b - - 0 1",
		"R1B1k1N1/2p5/5p2/3pP3/2P5/8/5P2/1n1bK1r1 w - - 0 1",
		"R1B1k1N1/2p5/5p2/3pP3/2P5/8/5P2/1n1bK1r1 b - - 0 1",
		"4k3/8/8/1p6/1P6/8/8/4K3 w - - 0 1",
		"4k3/8/8/pppppppp/PPPPPPPP/8/8/4K3 w - - 0 1",
		"4k3/8/8/pppppppp/PPPPPPPP/8/8/4K3 b - - 0 1",
		"4k3/8/8/8/8/8/8/R3K2r w - - 0 1",
		"4k3/8/8/8/8/8/8/R3K2r b - - 0 1",
		"2rk1r2/Q2P1K1R/R1b1p1B1/5pbn/np5p/2p1B3/3N2p1/N6q w - - 0 16",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
		"rnbqkbn1/pppppppp/7r/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1",
	};
	for (size_t i = 0; i < sizeof fens / sizeof *fens; i++) {
		struct vc_position pos = fen(fens[i]);
		agree(&pos);
	}
}

/* Perft depth 2 on 100 sampled positions and depth 3 on 10, fast against
 * reference. The reference is slow (a fraction of a millisecond per node;
 * about 20 seconds in all), so this runs only with VCHESS_LONG set:
 *     VCHESS_LONG=1 build/unit-tests --filter backwards_long/\*  */
Test(backwards_long, perft_agreement, .timeout = 1200)
{
	if (!getenv("VCHESS_LONG"))
		cr_skip_test("set VCHESS_LONG=1 to run");
	struct vc_position *sample = sample_positions();
	int d3 = 0;
	for (int i = 0; i < NSAMPLE; i += NSAMPLE / 100) {
		struct bref_pos rp;
		bref_from_position(&rp, &sample[i]);
		char fenbuf[VC_FEN_MAX];
		vc_fen_write(&sample[i], fenbuf, false);
		uint64_t a = vc_perft(&sample[i], 2), b = bref_perft(&rp, 2);
		cr_assert_eq(a, b, "%s: perft 2 fast %llu ref %llu", fenbuf, (unsigned long long)a,
		             (unsigned long long)b);
		/* depth 3 on every tenth of these */
		if (i % (NSAMPLE / 10) == 0) {
			a = vc_perft(&sample[i], 3);
			b = bref_perft(&rp, 3);
			cr_assert_eq(a, b, "%s: perft 3 fast %llu ref %llu", fenbuf,
			             (unsigned long long)a, (unsigned long long)b);
			d3++;
		}
	}
	cr_assert_eq(d3, 10);
	free(sample);
}

/* ---- Perft suite --------------------------------------------------------------- */

/* data/perft/backwards.epd: every count agreed by both generators when the
 * file was made (see its header); here the fast generator must match. */
Test(backwards, epd_suite, .timeout = 120)
{
	const char *dir = getenv("VCHESS_SRCDIR");
	char path[512];
	snprintf(path, sizeof path, "%s%sdata/perft/backwards.epd", dir ? dir : "", dir ? "/" : "");
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "cannot open %s (run from the repo root or set VCHESS_SRCDIR)", path);
	static char text[1 << 16];
	size_t len = fread(text, 1, sizeof text, f);
	fclose(f);
	cr_assert_lt(len, sizeof text);
	struct vc_perft_suite suite;
	struct vc_perftsuite_error err;
	vc_perftsuite_init(&suite);
	cr_assert_eq(vc_perftsuite_parse(&suite, text, len, &err), 0, "%s:%ld: %s", path, err.line,
	             err.message);
	cr_assert_geq(suite.count, 30);
	for (int i = 0; i < suite.count; i++) {
		const struct vc_perft_entry *e = &suite.entries[i];
		struct vc_position pos = fen(e->fen);
		cr_assert_geq(e->ncounts, 3, "line %ld", e->line);
		for (int k = 0; k < e->ncounts; k++) {
			uint64_t n = vc_perft(&pos, e->counts[k].depth);
			cr_assert_eq(n, e->counts[k].nodes, "%s:%ld: %s depth %d: %llu, expected %llu",
			             path, e->line, e->fen, e->counts[k].depth, (unsigned long long)n,
			             (unsigned long long)e->counts[k].nodes);
		}
	}
	vc_perftsuite_release(&suite);
}
