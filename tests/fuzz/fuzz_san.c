/* libFuzzer harness: move text parsing (SAN, UCI, Backwards tokens) in a
 * spread of positions of every variant (make fuzz). The first byte picks the
 * position, the rest is the move text. Checks: no crash or sanitizer report;
 * a move that parses is legal; the answer is the same with and without the
 * legal-move list passed in; the main line's shortcut (vc_play_san_chess)
 * agrees with them where it answers; and for SAN variants the strict SAN written
 * for it parses back to the same move. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "san.h"
#include "movegen_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const struct {
	int variant;
	const char *fen;
} positions[] = {
	{ VC_STANDARD, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" },
	{ VC_STANDARD, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" },
	{ VC_STANDARD, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1" },
	{ VC_STANDARD, "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1" },
	{ VC_STANDARD, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3" },
	{ VC_STANDARD, "7k/P7/8/8/8/8/8/K1N1N1N1 w - - 0 1" },
	{ VC_CHESS960, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1" },
	{ VC_CHESS960, "1r2k1r1/8/8/8/8/8/8/R1K2R2 w BGag - 0 1" },
	{ VC_ANTICHESS, "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b - e3 0 1" },
	{ VC_ANTICHESS, "8/1P6/8/8/8/8/6p1/8 w - - 0 1" },
	{ VC_BACKWARDS, "4k3/8/8/8/8/8/8/4K3 w - - 0 1" },
	{ VC_BACKWARDS, "4N1k1/8/5P2/8/8/8/8/4K3 w - - 0 1" },
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > 64)
		return 0;
	size_t npos = sizeof positions / sizeof positions[0];
	struct vc_position pos;
	if (vc_fen_parse(&pos, positions[data[0] % npos].fen, positions[data[0] % npos].variant,
	                 NULL) != VC_FEN_OK)
		abort();
	/* the text, not NUL-terminated: parsers must respect the length */
	char *text = malloc(size - 1 ? size - 1 : 1);
	memcpy(text, data + 1, size - 1);
	vc_move legal[VC_MAX_MOVES], m;
	int n = vc_legal_moves(&pos, legal);
	unsigned warnings;
	int suffix;
	int st = vc_parse_move_at(&pos, data[0] & 0x80 ? legal : NULL, n, text, size - 1, &m,
	                          &warnings, &suffix);
	/* with and without the list: the same answer (without one, the common
	 * strict forms take a shortcut and castling a smaller generator) */
	vc_move m2;
	unsigned w2;
	int s2;
	int st2 = vc_parse_move_at(&pos, data[0] & 0x80 ? NULL : legal, n, text, size - 1, &m2, &w2,
	                           &s2);
	if (st2 != st || (st == VC_SAN_OK && (m2 != m || w2 != warnings || s2 != suffix)))
		abort();
	/* the main line's shortcut: where it plays a move, the parser's move,
	 * warnings (with the check suffix) and position after */
	const struct vc_variant *cv = vc_variant_get(pos.variant);
	struct vc_position after;
	struct vc_san_play fast;
	if (cv->gen_legal == vc_gen_legal_chess && cv->make == vc_make_chess &&
	    vc_play_san_chess(&pos, &after, text, size - 1, &fast)) {
		if (st != VC_SAN_OK || fast.move != m)
			abort();
		struct vc_position made = pos;
		vc_make_move(&made, m);
		if (fast.warnings != (warnings | vc_san_check_suffix(&made, -1, suffix)) ||
		    memcmp(&after, &made, sizeof made) != 0)
			abort();
	}
	if (st == VC_SAN_OK) {
		if (!vc_is_legal(&pos, m))
			abort(); /* parsed to a move that is not legal */
		const struct vc_variant *v = vc_variant_get(pos.variant);
		if (!v->parse_move) {
			char san[VC_SAN_MAX];
			vc_san_write(&pos, m, san);
			vc_move back;
			if (vc_parse_move_at(&pos, NULL, n, san, strlen(san), &back, &warnings,
			                     &suffix) != VC_SAN_OK || back != m || warnings)
				abort(); /* written SAN does not read back */
		}
	}
	free(text);
	return 0;
}
