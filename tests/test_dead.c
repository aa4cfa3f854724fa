/* Tests of dead positions in the game layer and the checker (lib/game.h
 * vc_game_dead, vc_dead_prefilter_clear; lib/checker.h dead_positions,
 * after_end_warn) and of the time-forfeit search in the verdict
 * (lib/verdict.h). vchess-rules(7) section 2. The golden tests
 * tests/golden/dead-* and forfeit-* cover the commands. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checker.h"
#include "pgn_checker.h"
#include "verdict.h"

static void parse(struct vc_position *p, const char *fen, int variant)
{
	struct vc_fen_result fr;
	cr_assert_eq(vc_fen_parse(p, fen, variant, &fr), VC_FEN_OK, "%s", fen);
}

/* vc_game_dead of fen in a fresh game under rules/method. */
static bool dead_of(const char *fen, int variant, enum vc_ruleset rules,
                    enum vc_dead_method method, enum vc_termination *term)
{
	struct vc_game g;
	cr_assert_eq(vc_game_init(&g, variant, rules), 0);
	struct vc_position p;
	parse(&p, fen, variant);
	cr_assert_eq(vc_game_reset(&g, &p), 0);
	g.dead = method;
	bool d = vc_game_dead(&g);
	/* asked again: the kept answer */
	cr_assert_eq(vc_game_dead(&g), d, "%s", fen);
	if (term)
		*term = vc_game_outcome(&g).termination;
	vc_game_release(&g);
	return d;
}

Test(dead, prefilter_clears_live_positions_only_by_its_facts)
{
	struct vc_position p;
	vc_startpos(&p, VC_STANDARD);
	cr_assert(vc_dead_prefilter_clear(&p), "a pawn can step forward");
	/* locked walls, kings alone: not cleared */
	parse(&p, "4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/4K3 w - - 0 1", VC_STANDARD);
	cr_assert_not(vc_dead_prefilter_clear(&p));
	/* no pawn, rook or queen for one side: material may decide */
	parse(&p, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", VC_STANDARD);
	cr_assert_not(vc_dead_prefilter_clear(&p));
	/* a pawn that can capture */
	parse(&p, "4k1n1/8/8/1p1p1p1p/1P1P1PpP/8/8/4K1N1 w - - 0 1", VC_STANDARD);
	cr_assert(vc_dead_prefilter_clear(&p));
}

Test(dead, per_ply_method)
{
	enum vc_termination t;
	/* dead: locked pawns; bishops of one colour each that never reach a
	 * pawn; kings in their halves with a bishop; a boxed-in king */
	static const char *const dead[] = {
		"4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/4K3 b - - 0 1",
		"2b1k3/8/4b3/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 2",
		"4k3/8/8/p1p1p1p1/P1P1P1P1/8/5K2/3B4 b - - 0 1",
		"8/8/8/3k4/8/1p6/pP6/K7 b - - 0 1",
	};
	for (size_t i = 0; i < sizeof dead / sizeof *dead; i++) {
		cr_assert(dead_of(dead[i], VC_STANDARD, VC_RULES_FIDE, VC_DEAD_FULL, &t), "%s",
		          dead[i]);
		cr_assert_eq(t, VC_TERM_DEAD_POSITION, "%s", dead[i]);
		/* material alone, and lichess rules, say nothing of these (the
		 * outcome asks vc_game_dead only under FIDE rules, full method) */
		dead_of(dead[i], VC_STANDARD, VC_RULES_FIDE, VC_DEAD_MATERIAL, &t);
		cr_assert_eq(t, VC_TERM_NONE, "%s", dead[i]);
		dead_of(dead[i], VC_STANDARD, VC_RULES_LICHESS, VC_DEAD_FULL, &t);
		cr_assert_eq(t, VC_TERM_NONE, "%s", dead[i]);
	}
	/* material cases keep their word */
	dead_of("4k3/8/8/8/8/8/8/4KB2 w - - 0 1", VC_STANDARD, VC_RULES_FIDE, VC_DEAD_FULL, &t);
	cr_assert_eq(t, VC_TERM_INSUFFICIENT_MATERIAL);
	/* live: one side cannot mate, the other can; an opening; a wall with
	 * a bishop that can take a pawn */
	static const char *const live[] = {
		"k7/1b6/2b5/8/8/1pB5/pP6/K7 w - - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/3BK3 w - - 0 1",
		"4k3/8/8/1p1p1p1p/1P1P1P2/7P/8/4K3 w - - 0 1",
	};
	for (size_t i = 0; i < sizeof live / sizeof *live; i++) {
		cr_assert_not(dead_of(live[i], VC_STANDARD, VC_RULES_FIDE, VC_DEAD_FULL, &t), "%s",
		              live[i]);
		cr_assert_eq(t, VC_TERM_NONE, "%s", live[i]);
	}
	/* Chess960 and Undo Chess are served; antichess is not */
	cr_assert(dead_of("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/4K3 b - - 0 1", VC_CHESS960,
	                  VC_RULES_FIDE, VC_DEAD_FULL, NULL));
	cr_assert(dead_of("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/4K3 b - - 0 1", VC_UNDO,
	                  VC_RULES_FIDE, VC_DEAD_FULL, NULL));
	cr_assert_not(dead_of("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/4K3 b - - 0 1", VC_ANTICHESS,
	                      VC_RULES_FIDE, VC_DEAD_FULL, NULL));
}

/* A move that only carries a piece to an empty square (no pawn, no
 * capture, no castling): one that the other side's like can undo. */
static bool quiet_piece_move(const struct vc_position *p, vc_move m)
{
	const vc_bb from = 1ull << VC_MOVE_FROM(m), to = 1ull << VC_MOVE_TO(m);
	return !(m & VC_MF_CASTLE) && !VC_MOVE_PROMOTION(m) && !(p->by_type[VC_PAWN] & from) &&
	       !((p->by_color[VC_WHITE] | p->by_color[VC_BLACK]) & to);
}

/* Push the legal move of the current position from `from` to `to`. */
static bool push_back(struct vc_game *g, int from, int to)
{
	const vc_move *legal = vc_game_legal(g);
	for (int k = 0; k < g->nlegal; k++)
		if (VC_MOVE_FROM(legal[k]) == from && VC_MOVE_TO(legal[k]) == to &&
		    quiet_piece_move(vc_game_pos(g), legal[k]))
			return vc_game_push(g, legal[k]) == 0;
	return false;
}

/* vc_game_dead of fen's position reached by plies: a piece move of each
 * side, both taken back (the same position, castling rights and all, at
 * ply 4), so the layers of a position a ply led to decide; -1 when the
 * position has no such moves. */
static int dead_in_game(const char *fen)
{
	struct vc_game g;
	cr_assert_eq(vc_game_init(&g, VC_STANDARD, VC_RULES_FIDE), 0);
	struct vc_position p;
	parse(&p, fen, VC_STANDARD);
	cr_assert_eq(vc_game_reset(&g, &p), 0);
	int answer = -1;
	vc_move l1[VC_MAX_MOVES], l2[VC_MAX_MOVES];
	const int n1 = vc_legal_moves(&p, l1);
	for (int i = 0; i < n1 && answer < 0; i++) {
		if (!quiet_piece_move(&p, l1[i]))
			continue;
		cr_assert_eq(vc_game_push(&g, l1[i]), 0);
		struct vc_position q = *vc_game_pos(&g);
		const int n2 = vc_legal_moves(&q, l2);
		for (int j = 0; j < n2 && answer < 0; j++) {
			if (!quiet_piece_move(&q, l2[j]))
				continue;
			cr_assert_eq(vc_game_push(&g, l2[j]), 0);
			if (push_back(&g, VC_MOVE_TO(l1[i]), VC_MOVE_FROM(l1[i]))) {
				if (push_back(&g, VC_MOVE_TO(l2[j]), VC_MOVE_FROM(l2[j])) &&
				    vc_game_pos(&g)->key == p.key && g.nplies == 4)
					answer = vc_game_dead(&g);
				while (g.nplies > 2)
					vc_game_pop(&g);
			}
			vc_game_pop(&g);
		}
		vc_game_pop(&g);
	}
	vc_game_release(&g);
	return answer;
}

/* The first position of a game gets the whole decision: on CHA's labelled
 * positions (data/unwinnability, its source named there) vc_game_dead of
 * a game that starts there is vc_winnable's answer for both winners at
 * VC_DEAD_PLY_BUDGET (dead exactly when both are unwinnable), never dead
 * where a side is labelled able to mate. The same positions reached by
 * plies get the cheaper layers: dead there only where dead at the first
 * position. */
/* Of the labelled positions reached by plies (dead_in_game), those the
 * per-ply layers find dead: a ratchet (raise it when they find more) */
#define IN_GAME_FOUND 189

Test(dead, first_position_is_the_full_decision)
{
	FILE *f = fopen("data/unwinnability/test-vector-half.txt", "r");
	cr_assert_not_null(f, "cannot open the vectors (run from the repository root)");
	struct vc_winnable_ws *ws;
	cr_assert_eq(vc_winnable_ws_new(&ws), VC_F_OK);
	char line[512];
	int found = 0, labelled = 0, terminal = 0, reached = 0, in_game = 0;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#' || strlen(line) < 8)
			continue;
		line[strcspn(line, "\r\n")] = '\0';
		char fen[600];
		int fields = 0;
		for (const char *s = line + 3; *s; s++)
			fields += (s == line + 3 || s[-1] == ' ') && *s != ' ';
		snprintf(fen, sizeof fen, "%s%s", line + 3, fields == 2 ? " - -" : "");
		bool is_dead = line[0] == '-' && line[1] == '-';
		labelled += is_dead;
		struct vc_position p;
		parse(&p, fen, VC_STANDARD);
		vc_move buf[VC_MAX_MOVES];
		if (vc_legal_moves(&p, buf) == 0) {
			terminal += is_dead;
			continue; /* mate or stalemate: the shared rules decide */
		}
		enum vc_termination t;
		bool d = dead_of(fen, VC_STANDARD, VC_RULES_FIDE, VC_DEAD_FULL, &t);
		struct vc_winnable_result r[2];
		for (int w = 0; w < 2; w++)
			cr_assert_eq(vc_winnable(ws, &p, w, VC_DEAD_PLY_BUDGET, &r[w]), VC_F_OK);
		bool unwinnable = r[0].answer == VC_WINNABLE_NO && r[1].answer == VC_WINNABLE_NO;
		cr_assert_eq(d, unwinnable, "%s: vc_game_dead %d, vc_winnable %d %d", fen, d,
		             r[0].answer, r[1].answer);
		if (d) {
			cr_assert(is_dead, "%s: called dead, labelled %c%c", fen, line[0], line[1]);
			cr_assert(t == VC_TERM_DEAD_POSITION || t == VC_TERM_INSUFFICIENT_MATERIAL,
			          "%s", fen);
		}
		found += d;
		/* the same position reached by plies: the cheaper layers, sound,
		 * and never dead where the whole decision is not */
		int g = dead_in_game(fen);
		if (g >= 0) {
			reached++;
			cr_assert(!g || d, "%s: dead by plies, not at the first position", fen);
			in_game += g;
		}
	}
	fclose(f);
	vc_winnable_ws_free(ws);
	/* the count, a ratchet (the equality above is the test): 342 of the
	 * 396 labelled dead, 29 more being mate or stalemate; the rest
	 * vc_winnable leaves undetermined at this budget */
	cr_assert_eq(labelled, 396);
	cr_assert_geq(found, 342, "%d of %d", found, labelled - terminal);
	cr_log_info("dead at the first position: %d of %d (and %d mate or stalemate)", found,
	            labelled - terminal, terminal);
	/* a ratchet: reached by plies (the positions with piece moves to take
	 * back), the layers of game.h find fewer: the pre-filter clears some,
	 * and the full search is kept for the positions named there */
	cr_log_info("dead reached by plies: %d of %d positions reached", in_game, reached);
	cr_assert_geq(in_game, IN_GAME_FOUND, "%d of %d", in_game, reached);
}

/* The 960 first ranks of Chess960 starts (king between the rooks,
 * bishops on both colours), the standard one among them, into rows. */
static int start_rows(char rows[960][9])
{
	char cur[9];
	int n = 0;
	memcpy(cur, "BBKNNQRR", 9);
	for (;;) {
		int b[2], r[2], nb = 0, nr = 0, k = 0;
		for (int i = 0; i < 8; i++) {
			if (cur[i] == 'B')
				b[nb++] = i;
			else if (cur[i] == 'R')
				r[nr++] = i;
			else if (cur[i] == 'K')
				k = i;
		}
		if ((b[0] & 1) != (b[1] & 1) && r[0] < k && k < r[1]) {
			cr_assert_lt(n, 960);
			memcpy(rows[n++], cur, 9);
		}
		/* the next permutation of cur, in order */
		int i = 6;
		while (i >= 0 && cur[i] >= cur[i + 1])
			i--;
		if (i < 0)
			break;
		int j = 7;
		while (cur[j] <= cur[i])
			j--;
		char t = cur[i];
		cur[i] = cur[j];
		cur[j] = t;
		for (int a = i + 1, z = 7; a < z; a++, z--) {
			t = cur[a];
			cur[a] = cur[z];
			cur[z] = t;
		}
	}
	return n;
}

/* White's first rank `w` and Black's `b`: both sides to move winnable for
 * both winners, and not dead at the first position of a game. */
static void start_pair_winnable(struct vc_winnable_ws *ws, const char *w, const char *b)
{
	char lower[9], fen[100];
	for (int i = 0; i < 9; i++)
		lower[i] = (char)(b[i] >= 'A' && b[i] <= 'Z' ? b[i] + 32 : b[i]);
	for (int side = 0; side < 2; side++) {
		snprintf(fen, sizeof fen, "%s/pppppppp/8/8/8/8/PPPPPPPP/%s %c - - 0 1", lower, w,
		         side ? 'b' : 'w');
		struct vc_position p;
		parse(&p, fen, VC_CHESS960);
		for (int winner = 0; winner < 2; winner++) {
			struct vc_winnable_result r;
			cr_assert_eq(vc_winnable(ws, &p, winner, 0, &r), VC_F_OK);
			cr_assert_eq(r.answer, VC_WINNABLE_YES, "%s for %d", fen, winner);
		}
	}
	cr_assert_not(dead_of(fen, VC_CHESS960, VC_RULES_FIDE, VC_DEAD_FULL, NULL), "%s", fen);
}

/* The start positions vc_game_dead clears without a search (every pawn on
 * its second rank, each first rank one of Chess960's 960, White's and
 * Black's alike or not): winnable for both sides, either side to move
 * (without castling rights: rights only add moves). Here every mirrored
 * pair and every 401st of the 921,600 pairs; all of them with
 * VCHESS_LONG set (a few minutes; done for this fact on 2026-12-02):
 *     VCHESS_LONG=1 build/unit-tests --filter dead_long/\*  */
Test(dead, start_positions_are_winnable)
{
	static char rows[960][9];
	cr_assert_eq(start_rows(rows), 960);
	struct vc_winnable_ws *ws;
	cr_assert_eq(vc_winnable_ws_new(&ws), VC_F_OK);
	for (int i = 0; i < 960; i++)
		start_pair_winnable(ws, rows[i], rows[i]);
	for (int k = 0; k < 960 * 960; k += 401)
		start_pair_winnable(ws, rows[k / 960], rows[k % 960]);
	vc_winnable_ws_free(ws);
}

Test(dead_long, every_start_pair_is_winnable, .timeout = 3600)
{
	if (!getenv("VCHESS_LONG"))
		cr_skip_test("set VCHESS_LONG=1 to run");
	static char rows[960][9];
	cr_assert_eq(start_rows(rows), 960);
	struct vc_winnable_ws *ws;
	cr_assert_eq(vc_winnable_ws_new(&ws), VC_F_OK);
	for (int k = 0; k < 960 * 960; k++)
		start_pair_winnable(ws, rows[k / 960], rows[k % 960]);
	vc_winnable_ws_free(ws);
}

/* ---- the checker and the verdict on PGN text ---------------------------------- */

#define MAX_GAMES 8

struct seen {
	enum vc_termination term;
	int end_ply, plies;
	bool valid;
	int nerrors, nwarnings;
	enum vc_code first;
	struct vc_verdict v;
};

struct run {
	struct vc_judge judge;
	struct seen games[MAX_GAMES];
	int n;
};

#include "text_src.h"

static int on_game(void *user, const struct vc_gc_game *g)
{
	struct run *r = user;
	cr_assert_lt(r->n, MAX_GAMES);
	struct seen *s = &r->games[r->n++];
	s->term = g->board.termination;
	s->end_ply = g->end_ply;
	s->plies = g->plies;
	s->valid = g->valid;
	s->nerrors = g->nerrors;
	s->nwarnings = g->nwarnings;
	s->first = g->nfindings ? g->findings[0].code : VC_F_OK;
	vc_judge_game(&r->judge, g, &s->v);
	s->v.declared = s->v.movetext = s->v.termination_tag = NULL;
	return 0;
}

static void run_pgn(struct run *r, const char *pgn, const struct vc_gc_options *go,
                    uint64_t budget)
{
	memset(r, 0, sizeof *r);
	cr_assert_eq(vc_judge_init(&r->judge, go->rules), VC_F_OK);
	vc_judge_set_unwinnability(&r->judge, go->dead_positions, budget);
	struct vc_checker chk;
	cr_assert_eq(vc_checker_init(&chk, go, on_game, r), 0);
	struct text_src src = { pgn, strlen(pgn) };
	vc_checker_run(&chk, text_read, &src, "test", NULL);
	vc_checker_release(&chk);
	vc_judge_release(&r->judge);
}

static const char after_dead[] =
        "[FEN \"4k3/8/8/1p1p1p1p/1P1P1P2/7P/8/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n"
        "[Result \"1/2-1/2\"]\n\n1. h4 Ke7 2. Kd2 Kd6 1/2-1/2\n\n"
        "[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# Ke7 1-0\n";

Test(dead, checker_ends_the_game_at_the_dead_ply)
{
	struct run r;
	struct vc_gc_options go = { .rules = VC_RULES_FIDE };
	run_pgn(&r, after_dead, &go, 0);
	cr_assert_eq(r.n, 2);
	cr_assert_eq(r.games[0].term, VC_TERM_DEAD_POSITION);
	cr_assert_eq(r.games[0].end_ply, 1);
	cr_assert_eq(r.games[0].plies, 1, "the moves after it do not stand");
	cr_assert_eq(r.games[0].first, VC_F_MOVE_AFTER_END);
	cr_assert_not(r.games[0].valid);
	cr_assert_eq(r.games[0].v.term, VC_TERM_DEAD_POSITION);
	cr_assert_eq(r.games[0].v.ply, 1);
	cr_assert_eq(r.games[0].v.after_ply, 2);

	/* --after-end warn: a warning, the moves are checked on; after
	 * checkmate it stays an error */
	go.after_end_warn = true;
	run_pgn(&r, after_dead, &go, 0);
	cr_assert_eq(r.games[0].term, VC_TERM_DEAD_POSITION);
	cr_assert_eq(r.games[0].end_ply, 1);
	cr_assert_eq(r.games[0].plies, 4);
	cr_assert_eq(r.games[0].first, VC_F_MOVE_AFTER_DRAW);
	cr_assert_eq(r.games[0].nerrors, 0);
	cr_assert_eq(r.games[0].nwarnings, 1);
	cr_assert(r.games[0].valid);
	cr_assert_eq(r.games[0].v.after_ply, 2, "the verdict names the first move after");
	cr_assert_eq(r.games[1].term, VC_TERM_CHECKMATE);
	cr_assert_eq(r.games[1].first, VC_F_MOVE_AFTER_END);

	/* --dead-positions material: today's behaviour, the game goes on */
	go.after_end_warn = false;
	go.dead_positions = VC_DEAD_MATERIAL;
	run_pgn(&r, after_dead, &go, 0);
	cr_assert_eq(r.games[0].term, VC_TERM_NONE);
	cr_assert_eq(r.games[0].plies, 4);
	cr_assert(r.games[0].valid);
}

/* Replay a witness from its UCI text with the checked play, apart from
 * the search: it must end in checkmate of the loser. */
static void replay_uci(const struct vc_position *root, const struct vc_winnable_result *r,
                       int winner)
{
	struct vc_position p = *root;
	for (int i = 0; i < r->nwitness; i++) {
		char uci[8];
		vc_move_to_uci(&p, r->witness[i], uci);
		vc_move m = vc_move_from_uci(&p, uci, strlen(uci));
		cr_assert_neq(m, VC_MOVE_NONE, "witness ply %d %s is no legal move", i + 1, uci);
		cr_assert_eq(vc_play(&p, m), VC_F_OK);
	}
	vc_move buf[VC_MAX_MOVES];
	cr_assert_eq(p.side, !winner);
	cr_assert(vc_in_check(&p, !winner));
	cr_assert_eq(vc_legal_moves(&p, buf), 0, "the witness ends in checkmate");
}

/* Chess960, the castling right decides (tests/data/dead/castling960.pgn):
 * White's king g1 and rook h1 are walled in by their own pawns, the
 * bishop e1 (itself shut in by d2 and f2) and Black's pawns (f1 and g2
 * attacked, e2 held by the bishop); the rook can never pass its king on
 * the first rank, so nothing of White's can ever move but the a-pawn, and
 * Black has only its king: dead. With the right, O-O (the king stays on
 * g1, the rook jumps to f1) puts the rook beyond the king: Kh1, Rg1-g2
 * and the rook is out (White can mate), and exf1 takes the rook for a
 * new queen (Black can mate). Either side to move. */
Test(dead, chess960_castling_right_decides)
{
	static const char *const with[] = {
		"4k3/8/8/p7/8/3p1p1p/P2PpP1P/4B1KR w H - 0 1",
		"4k3/8/8/p7/8/3p1p1p/P2PpP1P/4B1KR b H - 0 1",
	};
	static const char *const without[] = {
		"4k3/8/8/p7/8/3p1p1p/P2PpP1P/4B1KR w - - 0 1",
		"4k3/8/8/p7/8/3p1p1p/P2PpP1P/4B1KR b - - 0 1",
	};
	struct vc_winnable_ws *ws;
	cr_assert_eq(vc_winnable_ws_new(&ws), VC_F_OK);
	for (int i = 0; i < 2; i++) {
		struct vc_position p;
		enum vc_termination t;
		parse(&p, with[i], VC_CHESS960);
		cr_assert_not(dead_of(with[i], VC_CHESS960, VC_RULES_FIDE, VC_DEAD_FULL, &t), "%s",
		              with[i]);
		cr_assert_eq(t, VC_TERM_NONE);
		for (int w = 0; w < 2; w++) {
			struct vc_winnable_result r;
			cr_assert_eq(vc_winnable(ws, &p, w, VC_DEAD_PLY_BUDGET, &r), VC_F_OK);
			cr_assert_eq(r.answer, VC_WINNABLE_YES, "%s for %d", with[i], w);
			replay_uci(&p, &r, w);
			/* every mate goes through the castling */
			bool castles = false;
			for (int k = 0; k < r.nwitness; k++)
				castles |= (r.witness[k] & VC_MF_CASTLE) != 0;
			cr_assert(castles, "%s for %d: a witness without O-O", with[i], w);
		}
		parse(&p, without[i], VC_CHESS960);
		cr_assert(dead_of(without[i], VC_CHESS960, VC_RULES_FIDE, VC_DEAD_FULL, &t), "%s",
		          without[i]);
		cr_assert_eq(t, VC_TERM_DEAD_POSITION);
		for (int w = 0; w < 2; w++) {
			struct vc_winnable_result r;
			cr_assert_eq(vc_winnable(ws, &p, w, VC_DEAD_PLY_BUDGET, &r), VC_F_OK);
			cr_assert_eq(r.answer, VC_WINNABLE_NO, "%s for %d", without[i], w);
		}
	}
	vc_winnable_ws_free(ws);
}

static const char forfeits[] =
        "[FEN \"k7/1b6/2b5/8/8/1pB5/pP6/K7 b - - 0 1\"]\n[SetUp \"1\"]\n"
        "[Result \"0-1\"]\n[Termination \"time forfeit\"]\n\n1... Bd5 2. Bd2 Bdc6 3. Bc3 0-1\n\n"
        "[FEN \"k7/1b6/2b5/8/8/1pB5/pP6/K7 b - - 0 1\"]\n[SetUp \"1\"]\n"
        "[Result \"1-0\"]\n[Termination \"time forfeit\"]\n\n1... Bd5 2. Bd2 Bdc6 3. Bc3 1-0\n";

Test(dead, time_forfeit_searched)
{
	struct run r;
	struct vc_gc_options go = { .rules = VC_RULES_FIDE };
	run_pgn(&r, forfeits, &go, 0);
	cr_assert_eq(r.n, 2);
	/* White flagged: Black can never mate the boxed king, a draw */
	const struct vc_verdict *v = &r.games[0].v;
	cr_assert_eq(v->flagged, VC_WHITE);
	cr_assert_eq(v->result, VC_RES_DRAW);
	cr_assert_eq(v->term, VC_TERM_TIME_FORFEIT_UNWINNABLE);
	cr_assert(v->has_unwinnability);
	cr_assert_eq(v->unwinnability.answer, VC_WINNABLE_NO);
	cr_assert_eq(v->warning, VC_F_OK);
	/* Black flagged: White can mate, the loss stands; its witness replays */
	v = &r.games[1].v;
	cr_assert_eq(v->flagged, VC_BLACK);
	cr_assert_eq(v->result, VC_RES_WHITE);
	cr_assert_eq(v->term, VC_TERM_TIME_FORFEIT);
	cr_assert_eq(v->unwinnability.answer, VC_WINNABLE_YES);
	cr_assert_gt(v->unwinnability.nwitness, 0);
	replay_uci(&v->unwinnability_pos, &v->unwinnability, VC_WHITE);

	/* a budget too small: undetermined, the loss stands with a warning */
	run_pgn(&r, forfeits, &go, 10);
	v = &r.games[1].v;
	cr_assert_eq(v->result, VC_RES_WHITE);
	cr_assert_eq(v->term, VC_TERM_TIME_FORFEIT);
	cr_assert_eq(v->unwinnability.answer, VC_WINNABLE_UNDETERMINED);
	cr_assert_eq(v->warning, VC_F_UNWINNABILITY_UNDETERMINED);
	cr_assert_leq(v->unwinnability.nodes, 10);

	/* material only, and lichess rules: no search, the loss */
	go.dead_positions = VC_DEAD_MATERIAL;
	run_pgn(&r, forfeits, &go, 0);
	cr_assert_eq(r.games[0].v.term, VC_TERM_TIME_FORFEIT);
	cr_assert_not(r.games[0].v.has_unwinnability);
	go.dead_positions = VC_DEAD_FULL;
	go.rules = VC_RULES_LICHESS;
	run_pgn(&r, forfeits, &go, 0);
	cr_assert_eq(r.games[0].v.term, VC_TERM_TIME_FORFEIT);
	cr_assert_not(r.games[0].v.has_unwinnability);
}

/* Every witness printed in the adjudication reports of the golden tests,
 * replayed from its record's final position by its UCI text alone (apart
 * from the search that found it): it must end in checkmate. */
static int replay_report(const char *path)
{
	FILE *f = fopen(path, "r");
	cr_assert_not_null(f, "%s (run from the repository root)", path);
	static char text[1 << 20];
	size_t n = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[n] = 0;
	char fen[VC_FEN_MAX] = "";
	int replayed = 0;
	for (const char *s = text; *s; s++) {
		if (strncmp(s, "\"final_fen\":", 12) == 0) {
			const char *q = strchr(s + 12, '"');
			cr_assert_not_null(q);
			size_t len = strcspn(q + 1, "\"");
			cr_assert_lt(len, sizeof fen);
			memcpy(fen, q + 1, len);
			fen[len] = 0;
		} else if (strncmp(s, "\"uci\":", 6) == 0) {
			const char *end = strchr(s, ']');
			cr_assert_not_null(end);
			struct vc_position p;
			parse(&p, fen, VC_STANDARD);
			int plies = 0;
			for (const char *q = strchr(s + 6, '"'); q && q < end; q = strchr(q, '"')) {
				size_t len = strcspn(q + 1, "\"");
				vc_move m = vc_move_from_uci(&p, q + 1, len);
				cr_assert_neq(m, VC_MOVE_NONE, "%s: %.*s", path, (int)len, q + 1);
				cr_assert_eq(vc_play(&p, m), VC_F_OK);
				plies++;
				q += len + 2;
			}
			if (plies) {
				vc_move buf[VC_MAX_MOVES];
				cr_assert(vc_in_check(&p, p.side), "%s: %s", path, fen);
				cr_assert_eq(vc_legal_moves(&p, buf), 0, "%s: %s", path, fen);
				replayed++;
			}
			s = end;
		}
	}
	return replayed;
}

Test(dead, report_witnesses_replay)
{
	cr_assert_gt(replay_report("tests/golden/forfeit-adjudicate-json/stdout"), 0);
	cr_assert_gt(replay_report("tests/golden/adjudicate-json/stdout"), 0);
	replay_report("tests/golden/forfeit-budget/stdout"); /* none: budget 10 */
}
