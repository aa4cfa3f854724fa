/* vchess - Antichess, lichess rules (vchess-rules(7) section 3).
 * Move generation lives in movegen.c (shared bitboard generator); this file
 * holds the variant entry and its end-of-game rules.
 */
#include "variant.h"
#include "variant_antichess.h"
#include "variant_internal.h"
#include "movegen_internal.h"

static const char *const antichess_aliases[] = { "Antichess", "Anti-chess", "Giveaway",
                                                 "Losing chess", NULL };

/* Dead draw (vchess-rules(7) section 3): only bishops and pawns blocked head-on by
 * an opposing pawn remain, each side has a bishop, White's bishops all on
 * one square colour and Black's all on the other, every pawn on a square of
 * the colour the opposing bishops do not use, and no en passant. */
static bool antichess_dead_draw(const struct vc_position *pos)
{
	const vc_bb light = 0x55AA55AA55AA55AAull;
	vc_bb occ = vc_occupied(pos);
	if (occ & (pos->by_type[VC_KNIGHT] | pos->by_type[VC_ROOK] | pos->by_type[VC_QUEEN] |
	           pos->by_type[VC_KING]))
		return false;
	if (pos->ep != VC_NO_SQ)
		return false;
	vc_bb wb = vc_pieces(pos, VC_WHITE, VC_BISHOP), bb = vc_pieces(pos, VC_BLACK, VC_BISHOP);
	if (!wb || !bb)
		return false;
	bool w_light = (wb & light) != 0;
	if ((wb & light) && (wb & ~light))
		return false;
	if ((bb & light) && (bb & ~light))
		return false;
	bool b_light = (bb & light) != 0;
	if (w_light == b_light)
		return false;
	/* pawns: blocked head-on by an opposing pawn, and on the colour the
	 * opposing bishops do not use */
	for (vc_bb p = vc_pieces(pos, VC_WHITE, VC_PAWN); p; p &= p - 1) {
		int sq = vc_lsb(p);
		if (pos->board[sq + 8] != VC_PIECE(VC_BLACK, VC_PAWN))
			return false;
		bool on_light = (light >> sq) & 1;
		if (on_light == b_light)
			return false;
	}
	for (vc_bb p = vc_pieces(pos, VC_BLACK, VC_PAWN); p; p &= p - 1) {
		int sq = vc_lsb(p);
		if (pos->board[sq - 8] != VC_PIECE(VC_WHITE, VC_PAWN))
			return false;
		bool on_light = (light >> sq) & 1;
		if (on_light == w_light)
			return false;
	}
	return true;
}

/* Antichess's own end-of-game rules, before the shared ones (which then
 * find nothing to add: no royal king, and the 75-move rule comes after
 * this fifty-move one). */
static struct vc_outcome antichess_outcome(const struct vc_position *pos, int nlegal,
                                           enum vc_ruleset rules)
{
	(void)rules; /* the fifty-move draw is automatic under both rule sets */
	struct vc_outcome oc = { VC_RES_NONE, VC_TERM_NONE };
	if (!pos->by_color[pos->side] || nlegal == 0) {
		oc.result = pos->side == VC_WHITE ? VC_RES_WHITE : VC_RES_BLACK;
		oc.termination = VC_TERM_VARIANT_WIN;
	} else if (antichess_dead_draw(pos)) {
		oc.result = VC_RES_DRAW;
		oc.termination = VC_TERM_DEAD_DRAW;
	} else if (pos->halfmove >= 100) {
		oc.result = VC_RES_DRAW;
		oc.termination = VC_TERM_FIFTY_MOVES;
	}
	return oc;
}

/* Time forfeit (vchess-rules(7) section 3, lichess): knight v knight where the
 * flagged side can never capture. A knight move always changes the colour
 * of its square and a knight attacks only squares of the other colour, so
 * "same colour with the flagged side to move" holds for ever once it holds. */
bool vc_antichess_timeout_draw(const struct vc_position *pos, int flagged_color)
{
	const vc_bb light = 0x55AA55AA55AA55AAull;
	if (pos->variant != VC_ANTICHESS || (flagged_color != VC_WHITE && flagged_color != VC_BLACK))
		return false;
	vc_bb wn = vc_pieces(pos, VC_WHITE, VC_KNIGHT), bn = vc_pieces(pos, VC_BLACK, VC_KNIGHT);
	if (vc_popcount(wn) != 1 || vc_popcount(bn) != 1 || vc_occupied(pos) != (wn | bn))
		return false;
	bool same_colour = ((wn & light) != 0) == ((bn & light) != 0);
	bool flagged_to_move = pos->side == flagged_color;
	return same_colour == flagged_to_move;
}

/* Perft: the chess makes serve (no castling here), the count is its own. */
const struct vc_variant_speed vc_speed_antichess_ = {
	.make_fast = vc_make_chess_fast,
	.make_leaf = vc_make_chess_leaf,
	.count_legal = vc_count_legal_antichess,
};

const struct vc_variant vc_variant_antichess = {
	.id = VC_ANTICHESS, .name = "antichess", .aliases = antichess_aliases,
	.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
	.flags = 0,
	.summary = "lichess Antichess: captures compulsory; lose all pieces or have no move to win",
	.gen_legal = vc_gen_legal_antichess, .make = vc_make_antichess,
	.outcome = antichess_outcome,
	.timeout_draw = vc_antichess_timeout_draw,
	.speed = &vc_speed_antichess_,
};
