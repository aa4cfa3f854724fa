/* The library-level part of the shared bug-report cases B01, B03, B05,
 * B21, B23, B24, B25, B27 (inputs in tests/data/cases/, copied from
 * shared/refdata/cases/; the expected behaviour is each case's
 * Bxx.expected.txt there). Their CLI behaviour belongs to golden tests.
 *
 * The data directory is tests/data relative to the working directory (the
 * repository root, as `make check-unit` runs it), or $VC_TEST_DATA.
 */
#include <criterion/criterion.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "san.h"

#define SQ(name) VC_SQ((name)[0] - 'a', (name)[1] - '1')

static char text[4096];

/* Read tests/data/cases/<name> into text[]. */
static const char *load(const char *name)
{
	const char *dir = getenv("VC_TEST_DATA");
	char path[512];
	snprintf(path, sizeof path, "%s/cases/%s", dir && *dir ? dir : "tests/data", name);
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "cannot open %s (run from the repository root)", path);
	size_t n = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[n] = 0;
	return text;
}

/* First line of a FEN/EPD file. */
static const char *load_line(const char *name)
{
	load(name);
	text[strcspn(text, "\r\n")] = 0;
	return text;
}

/* A minimal PGN reading for these one-game files: the FEN tag into fen[],
 * the SAN tokens of the movetext (move numbers and the result left out)
 * into moves[]. Returns the number of SAN tokens. */
static char fen[128];
static char moves[16][16];

static int load_pgn(const char *name)
{
	load(name);
	fen[0] = 0;
	const char *tag = strstr(text, "[FEN \"");
	if (tag) {
		tag += 6;
		size_t n = strcspn(tag, "\"");
		cr_assert_lt(n, sizeof fen);
		memcpy(fen, tag, n);
		fen[n] = 0;
	}
	const char *mt = strstr(text, "\n\n");
	cr_assert_not_null(mt);
	int count = 0;
	for (char *t = strtok((char *)mt, " \t\r\n"); t; t = strtok(NULL, " \t\r\n")) {
		if (isdigit((unsigned char)t[0]) && strchr(t, '.'))
			continue; /* move number */
		if (!strcmp(t, "*") || !strcmp(t, "1-0") || !strcmp(t, "0-1") || !strcmp(t, "1/2-1/2"))
			continue;
		cr_assert_lt(count, 16);
		cr_assert_lt(strlen(t), sizeof moves[0]);
		strcpy(moves[count++], t);
	}
	return count;
}

static struct vc_position parse_ok(const char *f, int variant, unsigned *warnings)
{
	struct vc_position p;
	struct vc_fen_result r;
	cr_assert_eq(vc_fen_parse(&p, f, variant, &r), VC_FEN_OK, "%s: %s", f, vc_fen_code(r.status));
	if (warnings)
		*warnings = r.warnings;
	return p;
}

static int castles(const struct vc_position *p)
{
	vc_move l[VC_MAX_MOVES];
	int n = vc_legal_moves(p, l), c = 0;
	for (int i = 0; i < n; i++)
		c += (l[i] & VC_MF_CASTLE) != 0;
	return c;
}

TestSuite(cases);

Test(cases, B01_kh1_is_illegal_kg1_lenient)
{
	cr_assert_eq(load_pgn("B01.pgn"), 1);
	cr_assert_str_eq(moves[0], "Kh1");
	struct vc_game g;
	cr_assert_eq(vc_game_init(&g, VC_STANDARD, VC_RULES_FIDE), 0);
	struct vc_position p = parse_ok(fen, VC_STANDARD, NULL);
	cr_assert_eq(p.variant, VC_STANDARD);
	vc_game_reset(&g, &p);
	/* perft(1) = 45, castling included, e1g1 in UCI */
	vc_game_legal(&g); /* the exact count, not just "a move exists" */
	cr_assert_eq(vc_game_nlegal(&g), 45);
	cr_assert_eq(castles(&p), 1);
	char u[8];
	vc_move oo = VC_MOVE(SQ("e1"), SQ("h1")) | VC_MF_CASTLE;
	cr_assert_str_eq(vc_move_to_uci(&p, oo, u), "e1g1");
	vc_move m;
	unsigned w;
	int suffix;
	/* the recorded move: illegal */
	cr_assert_eq(vc_game_parse_move(&g, moves[0], strlen(moves[0]), &m, &w, &suffix),
	             VC_SAN_ILLEGAL);
	/* Kg1: castling, but only leniently (an error under --strict) */
	cr_assert_eq(vc_game_parse_move(&g, "Kg1", 3, &m, &w, &suffix), VC_SAN_OK);
	cr_assert_eq(m, oo);
	cr_assert_eq(w, VC_SANW_KING_CASTLING);
	/* O-O: strict */
	cr_assert_eq(vc_game_parse_move(&g, "O-O", 3, &m, &w, &suffix), VC_SAN_OK);
	cr_assert_eq(m, oo);
	cr_assert_eq(w, 0);
	cr_assert_eq(vc_game_push(&g, m), 0);
	char buf[VC_FEN_MAX];
	cr_assert_str_eq(vc_fen_write(vc_game_pos(&g), buf, false), "4k3/8/8/8/8/8/8/RNBQ1RK1 b - - 1 1");
	vc_game_release(&g);
}

Test(cases, B03_xfen_q_is_whites_b1_rook)
{
	const char *f = load_line("B03.fen");
	char buf[VC_FEN_MAX];
	/* Chess960: Q = the white b1 rook; O-O-O illegal (c1 open to a1 once
	 * b1 is empty); 16 pawn moves + Ra1 Rc1 Rd1 + Kd1 Kf1 = 21 */
	struct vc_position p = parse_ok(f, VC_CHESS960, NULL);
	cr_assert_eq(p.castle, VC_BIT(SQ("b1")));
	cr_assert_eq(vc_perft(&p, 1), 21);
	cr_assert_eq(castles(&p), 0);
	cr_assert_str_eq(vc_fen_write(&p, buf, true), "4k3/pppppppp/8/8/8/8/PPPPPPPP/rR2K3 w B - 0 1");
	cr_assert_str_eq(vc_fen_write(&p, buf, false), "4k3/pppppppp/8/8/8/8/PPPPPPPP/rR2K3 w Q - 0 1");
	/* standard mode: the right names a rook off a1, so the FEN is read as
	 * Chess960 with a warning (RULES.md section 1); perft(1) is 21 anyway */
	unsigned w;
	p = parse_ok(f, VC_STANDARD, &w);
	cr_assert(w & VC_FENW_CHESS960);
	cr_assert_eq(p.variant, VC_CHESS960);
	cr_assert_eq(p.castle, VC_BIT(SQ("b1")));
	cr_assert_eq(vc_perft(&p, 1), 21);
	/* the black a1 rook is never White's castling rook */
	cr_assert_eq(p.castle & VC_BIT(SQ("a1")), 0);
}

Test(cases, B05_xfen_k_is_outermost_rook)
{
	const char *f = load_line("B05.fen");
	static const int variants[] = { VC_STANDARD, VC_CHESS960 };
	for (int i = 0; i < 2; i++) {
		char buf[VC_FEN_MAX];
		unsigned w;
		struct vc_position p = parse_ok(f, variants[i], &w);
		cr_assert_eq(w, 0);
		cr_assert_eq(p.castle, VC_BIT(SQ("h1")), "K = h1, not the inner g1 rook");
		cr_assert_eq(vc_perft(&p, 1), 20);
		cr_assert_eq(castles(&p), 0, "g1, the king's target, holds the other rook");
		cr_assert_str_eq(vc_fen_write(&p, buf, false), "4k3/8/8/8/8/8/8/4K1RR w K - 0 1");
		cr_assert_str_eq(vc_fen_write(&p, buf, true), "4k3/8/8/8/8/8/8/4K1RR w H - 0 1");
	}
}

Test(cases, B21_zero_castling_with_check)
{
	cr_assert_eq(load_pgn("B21.pgn"), 2);
	cr_assert_str_eq(moves[0], "0-0-0+");
	cr_assert_str_eq(moves[1], "Ke7");
	struct vc_game g;
	cr_assert_eq(vc_game_init(&g, VC_STANDARD, VC_RULES_FIDE), 0);
	struct vc_position p = parse_ok(fen, VC_STANDARD, NULL);
	vc_game_reset(&g, &p);
	vc_move m;
	unsigned w;
	int suffix;
	cr_assert_eq(vc_game_parse_move(&g, moves[0], strlen(moves[0]), &m, &w, &suffix), VC_SAN_OK);
	cr_assert_eq(m, VC_MOVE(SQ("e1"), SQ("a1")) | VC_MF_CASTLE);
	cr_assert_eq(w, VC_SANW_ZERO_CASTLING, "accepted with the warning only");
	cr_assert_eq(suffix, VC_SUFFIX_CHECK);
	cr_assert_eq(vc_game_push(&g, m), 0);
	/* the '+' is right: the d1 rook checks the d8 king */
	cr_assert_eq(vc_san_check_suffix(vc_game_pos(&g), vc_game_nlegal(&g), (enum vc_san_suffix)suffix), 0);
	cr_assert_eq(vc_game_parse_move(&g, moves[1], strlen(moves[1]), &m, &w, &suffix), VC_SAN_OK);
	cr_assert_eq(w, 0);
	cr_assert_eq(vc_game_push(&g, m), 0);
	char buf[VC_FEN_MAX];
	cr_assert_str_eq(vc_fen_write(vc_game_pos(&g), buf, false), "8/4k3/8/8/8/8/8/2KR4 w - - 2 2");
	vc_game_release(&g);
}

Test(cases, B23_ambiguous_knight_move)
{
	cr_assert_eq(load_pgn("B23.pgn"), 1);
	cr_assert_str_eq(moves[0], "Nec3");
	struct vc_position p = parse_ok(fen, VC_STANDARD, NULL);
	struct vc_san_info info;
	cr_assert_eq(vc_san_parse(&p, NULL, 0, moves[0], strlen(moves[0]), &info), VC_SAN_AMBIGUOUS);
	cr_assert_eq(vc_san_parse(&p, NULL, 0, "Nc3", 3, &info), VC_SAN_AMBIGUOUS);
	char s[VC_SAN_MAX];
	cr_assert_str_eq(vc_san_write(&p, VC_MOVE(SQ("a2"), SQ("c3")), s), "Nac3");
	cr_assert_str_eq(vc_san_write(&p, VC_MOVE(SQ("e2"), SQ("c3")), s), "Ne2c3");
	cr_assert_str_eq(vc_san_write(&p, VC_MOVE(SQ("e4"), SQ("c3")), s), "N4c3");
}

Test(cases, B24_kiwipete_perft)
{
	/* the counts are read from the EPD operations of the case file */
	const char *line = load_line("B24.epd");
	struct vc_position p;
	struct vc_fen_result r;
	cr_assert_eq(vc_fen_parse(&p, line, VC_STANDARD, &r), VC_FEN_OK);
	cr_assert_eq(r.warnings, VC_FENW_NO_CLOCKS);
	int seen = 0;
	for (const char *op = strchr(r.rest, 'D'); op; op = strchr(op + 1, 'D')) {
		int depth;
		unsigned long long nodes;
		cr_assert_eq(sscanf(op, "D%d %llu", &depth, &nodes), 2);
		cr_assert_eq(vc_perft(&p, depth), nodes, "depth %d", depth);
		seen++;
	}
	cr_assert_eq(seen, 4);
	/* the facts as stated in B24.expected.txt */
	cr_assert_eq(vc_perft(&p, 4), 4085603);
}

Test(cases, B25_no_white_king)
{
	const char *f = load_line("B25.fen");
	struct vc_position p;
	struct vc_fen_result r;
	cr_assert_eq(vc_fen_parse(&p, f, VC_STANDARD, &r), VC_FEN_NO_KING);
	cr_assert_eq(r.status, VC_FEN_NO_KING);
	cr_assert_str_eq(vc_fen_code(r.status), "fen-no-king");
	cr_assert_gt(strlen(vc_fen_strerror(r.status)), 0);
	cr_assert_eq(vc_fen_parse(&p, f, VC_CHESS960, &r), VC_FEN_NO_KING);
}

Test(cases, B27_promotion_without_equals)
{
	cr_assert_eq(load_pgn("B27.pgn"), 2);
	cr_assert_str_eq(moves[0], "e8Q");
	struct vc_game g;
	cr_assert_eq(vc_game_init(&g, VC_STANDARD, VC_RULES_FIDE), 0);
	struct vc_position p = parse_ok(fen, VC_STANDARD, NULL);
	vc_game_reset(&g, &p);
	vc_move m;
	unsigned w;
	int suffix;
	/* e8 alone, e8=K and e8=P are errors */
	cr_assert_neq(vc_game_parse_move(&g, "e8", 2, &m, &w, &suffix), VC_SAN_OK);
	cr_assert_neq(vc_game_parse_move(&g, "e8=K", 4, &m, &w, &suffix), VC_SAN_OK);
	cr_assert_neq(vc_game_parse_move(&g, "e8=P", 4, &m, &w, &suffix), VC_SAN_OK);
	cr_assert_eq(vc_game_parse_move(&g, moves[0], strlen(moves[0]), &m, &w, &suffix), VC_SAN_OK);
	cr_assert_eq(m, VC_MOVE_PROMO(SQ("e7"), SQ("e8"), VC_QUEEN));
	cr_assert_eq(w, VC_SANW_PROMOTION_FORM);
	char s[VC_SAN_MAX];
	cr_assert_str_eq(vc_san_write(vc_game_pos(&g), m, s), "e8=Q");
	cr_assert_eq(vc_game_push(&g, m), 0);
	cr_assert_eq(vc_game_parse_move(&g, moves[1], strlen(moves[1]), &m, &w, &suffix), VC_SAN_OK);
	cr_assert_eq(w, 0);
	cr_assert_eq(vc_game_push(&g, m), 0);
	char buf[VC_FEN_MAX];
	cr_assert_str_eq(vc_fen_write(vc_game_pos(&g), buf, false), "4Q3/8/5k2/8/8/8/8/4K3 w - - 1 2");
	vc_game_release(&g);
}
