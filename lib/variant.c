/* vchess - the variant registry, generic outcomes, UCI move text.
 * Each variant is one const struct vc_variant (see variant.h). Standard
 * chess, Chess960, Undo Chess and Antichess share the bitboard generator of
 * movegen.c; Backwards Stalemate Chess has its own (variant_backwards.c).
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "san.h"
#include "variant.h"
#include "variant_internal.h"
#include "movegen_internal.h"

static const char *const standard_aliases[] = { "Standard", "Chess", "Normal", "From Position", NULL };
static const char *const chess960_aliases[] = { "Chess960", "Chess 960", "Fischerandom", "Fischer Random", "FRC", NULL };
static const char *const undo_aliases[] = { "Undo Chess", "Undo", NULL };

/* Known variants that vchess does not implement (vchess-rules(7) section 1). */
static const char *const unsupported_names[] = {
	"Crazyhouse", "Atomic", "King of the Hill", "KOTH", "Three-check", "Three check", "3check",
	"Horde", "Racing Kings", "Racingkings", "Suicide", "Kingofthehill", "Threecheck", NULL
};

extern const struct vc_variant vc_variant_antichess;
extern const struct vc_variant vc_variant_backwards;
extern const struct vc_variant vc_variant_chess960;

/* Standard chess, Chess960 and Undo Chess move alike (movegen.c). */
const struct vc_variant_speed vc_speed_chess_ = {
	.make_fast = vc_make_chess_fast,
	.make_leaf = vc_make_chess_leaf,
	.count_legal = vc_count_legal_chess,
	.has_legal = vc_has_legal_chess,
};

const struct vc_variant vc_variant_standard = {
	.id = VC_STANDARD, .name = "standard", .aliases = standard_aliases,
	.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	.flags = VC_VF_CASTLING | VC_VF_ROYAL_KING | VC_VF_PGN_DEFAULT,
	.summary = "standard chess (FIDE Laws)",
	.gen_legal = vc_gen_legal_chess, .make = vc_make_chess,
	.castling960 = &vc_variant_chess960,
	.speed = &vc_speed_chess_,
};

const struct vc_variant vc_variant_chess960 = {
	.id = VC_CHESS960, .name = "chess960", .aliases = chess960_aliases,
	.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	.flags = VC_VF_CASTLING | VC_VF_ROYAL_KING | VC_VF_CHESS960 | VC_VF_START960,
	.summary = "Fischer Random Chess: 960 start arrays, castling king-to-rook",
	.gen_legal = vc_gen_legal_chess, .make = vc_make_chess,
	.speed = &vc_speed_chess_,
};

const struct vc_variant vc_variant_undo = {
	.id = VC_UNDO, .name = "undo", .aliases = undo_aliases,
	.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	.flags = VC_VF_CASTLING | VC_VF_ROYAL_KING | VC_VF_CHESS960 | VC_VF_START960 |
	         VC_VF_TOKENS,
	.summary = "Undo Chess: Chess960 with take-back tokens that change hands",
	.gen_legal = vc_gen_legal_chess, .make = vc_make_chess,
	.pgn_as = &vc_variant_chess960,
	.speed = &vc_speed_chess_,
};

const struct vc_variant *const vc_variants_[VC_NVARIANTS] = {
	[VC_STANDARD] = &vc_variant_standard,
	[VC_CHESS960] = &vc_variant_chess960,
	[VC_ANTICHESS] = &vc_variant_antichess,
	[VC_UNDO] = &vc_variant_undo,
	[VC_BACKWARDS] = &vc_variant_backwards,
};

static const struct vc_variant *registry(int id)
{
	return id >= 0 && id < VC_NVARIANTS ? vc_variants_[id] : NULL;
}

const struct vc_variant *vc_variant_get(int id)
{
	return registry(id);
}

const struct vc_variant *vc_variant_default(void)
{
	return &vc_variant_standard;
}

int vc_variant_count(void) { return VC_NVARIANTS; }

/* Compare ignoring case and surrounding white space. */
static bool name_eq(const char *a, size_t alen, const char *b)
{
	return strlen(b) == alen && strncasecmp(a, b, alen) == 0;
}

const struct vc_variant *vc_variant_find(const char *name, bool *unsupported)
{
	if (unsupported)
		*unsupported = false;
	if (!name)
		return NULL;
	while (isspace((unsigned char)*name))
		name++;
	size_t len = strlen(name);
	while (len && isspace((unsigned char)name[len - 1]))
		len--;
	for (int id = 0; id < VC_NVARIANTS; id++) {
		const struct vc_variant *v = registry(id);
		if (!v)
			continue;
		if (name_eq(name, len, v->name))
			return v;
		for (const char *const *a = v->aliases; *a; a++)
			if (name_eq(name, len, *a))
				return v;
	}
	for (const char *const *u = unsupported_names; *u; u++)
		if (name_eq(name, len, *u)) {
			if (unsupported)
				*unsupported = true;
			return NULL;
		}
	return NULL;
}

/* ---- Outcomes ----------------------------------------------------------- */

static bool bishops_one_colour(vc_bb bishops)
{
	const vc_bb light = 0x55AA55AA55AA55AAull;
	return !(bishops & light) || !(bishops & ~light);
}

bool vc_insufficient_material(const struct vc_position *pos)
{
	vc_bb occ = vc_occupied(pos);
	vc_bb kings = pos->by_type[VC_KING];
	vc_bb others = occ & ~kings;
	if (!others)
		return true; /* K v K */
	if (pos->by_type[VC_PAWN] | pos->by_type[VC_ROOK] | pos->by_type[VC_QUEEN])
		return false;
	if (pos->by_type[VC_KNIGHT])
		return vc_popcount(others) == 1; /* K+N v K */
	return bishops_one_colour(pos->by_type[VC_BISHOP]);
}

bool vc_insufficient_material_for(const struct vc_position *pos, int color)
{
	if ((unsigned)color > 1)
		return false;
	vc_bb ours = pos->by_color[color], theirs = pos->by_color[!color];
	if (ours & (pos->by_type[VC_PAWN] | pos->by_type[VC_ROOK] | pos->by_type[VC_QUEEN]))
		return false;
	vc_bb kn = ours & pos->by_type[VC_KNIGHT];
	vc_bb bi = ours & pos->by_type[VC_BISHOP];
	if (kn) {
		/* one knight, and the other side has only king and queens */
		return vc_popcount(ours) <= 2 && vc_popcount(kn) == 1 &&
		       !(theirs & ~pos->by_type[VC_KING] & ~pos->by_type[VC_QUEEN]);
	}
	if (bi) {
		/* bishops on one colour, and the other side has no pawns,
		 * knights or bishops of the other colour */
		const vc_bb light = 0x55AA55AA55AA55AAull;
		vc_bb same = (bi & light) ? light : ~light;
		if (!bishops_one_colour(bi))
			return false;
		return !(theirs & (pos->by_type[VC_PAWN] | pos->by_type[VC_KNIGHT])) &&
		       !(theirs & pos->by_type[VC_BISHOP] & ~same);
	}
	return true; /* king alone */
}

/* The shared rules for a position of variant v (registered): the game
 * layer's per-ply path, through vc_variant_outcome, with no id lookup. */
static struct vc_outcome generic_outcome(const struct vc_variant *v,
                                         const struct vc_position *pos, int nlegal,
                                         enum vc_ruleset rules)
{
	struct vc_outcome oc = { VC_RES_NONE, VC_TERM_NONE };
	if (nlegal == 0) {
		if (vc_in_check(pos, pos->side)) {
			oc.result = pos->side == VC_WHITE ? VC_RES_BLACK : VC_RES_WHITE;
			oc.termination = VC_TERM_CHECKMATE;
		} else {
			oc.result = VC_RES_DRAW;
			oc.termination = VC_TERM_STALEMATE;
		}
		return oc;
	}
	if ((v->flags & VC_VF_ROYAL_KING) && vc_insufficient_material(pos)) {
		oc.result = VC_RES_DRAW;
		oc.termination = VC_TERM_INSUFFICIENT_MATERIAL;
	} else if (pos->halfmove >= 150) {
		oc.result = VC_RES_DRAW;
		oc.termination = VC_TERM_SEVENTYFIVE_MOVES;
	} else if (rules == VC_RULES_LICHESS && pos->halfmove >= 100) {
		oc.result = VC_RES_DRAW;
		oc.termination = VC_TERM_FIFTY_MOVES;
	}
	return oc;
}

struct vc_outcome vc_generic_outcome(const struct vc_position *pos, int nlegal,
                                     enum vc_ruleset rules)
{
	const struct vc_variant *v = vc_variant_checked(pos);
	if (!v)
		return (struct vc_outcome){ VC_RES_NONE, VC_TERM_NONE };
	return generic_outcome(v, pos, nlegal, rules);
}

struct vc_outcome vc_variant_outcome(const struct vc_variant *v,
                                     const struct vc_position *pos, int nlegal,
                                     enum vc_ruleset rules)
{
	if (v->outcome) {
		struct vc_outcome oc = v->outcome(pos, nlegal, rules);
		if (oc.termination != VC_TERM_NONE)
			return oc;
	}
	return generic_outcome(v, pos, nlegal, rules);
}

struct vc_outcome vc_position_outcome(const struct vc_position *pos, enum vc_ruleset rules)
{
	const struct vc_variant *v = vc_variant_checked(pos);
	if (!v)
		return (struct vc_outcome){ VC_RES_NONE, VC_TERM_NONE };
	vc_move list[VC_MAX_MOVES];
	int n = v->gen_legal(pos, list);
	return vc_variant_outcome(v, pos, n, rules);
}

bool vc_timeout_draw(const struct vc_position *pos, int flagged)
{
	const struct vc_variant *v = vc_variant_checked(pos);
	if (!v || (flagged != VC_WHITE && flagged != VC_BLACK))
		return false;
	if (v->timeout_draw)
		return v->timeout_draw(pos, flagged);
	if (v->flags & VC_VF_ROYAL_KING)
		return vc_insufficient_material_for(pos, !flagged);
	return false;
}

const char *vc_result_string(enum vc_result r)
{
	switch (r) {
	case VC_RES_WHITE: return "1-0";
	case VC_RES_BLACK: return "0-1";
	case VC_RES_DRAW: return "1/2-1/2";
	default: return "*";
	}
}

const char *vc_termination_word(enum vc_termination t)
{
	static const char *const words[VC_TERM_N] = {
		[VC_TERM_NONE] = "none",
		[VC_TERM_CHECKMATE] = "checkmate",
		[VC_TERM_STALEMATE] = "stalemate",
		[VC_TERM_SEVENTYFIVE_MOVES] = "seventyfive-moves",
		[VC_TERM_FIVEFOLD] = "fivefold-repetition",
		[VC_TERM_INSUFFICIENT_MATERIAL] = "insufficient-material",
		[VC_TERM_DEAD_DRAW] = "dead-draw",
		[VC_TERM_FIFTY_MOVES] = "fifty-moves",
		[VC_TERM_VARIANT_WIN] = "variant-win",
		[VC_TERM_GOAL_REACHED] = "goal-reached",
		[VC_TERM_NO_LEGAL_MOVE] = "no-legal-move",
		[VC_TERM_TIME_FORFEIT] = "time-forfeit",
		[VC_TERM_TIME_FORFEIT_INSUFFICIENT] = "time-forfeit-insufficient-material",
		[VC_TERM_AWAITING_DECISION] = "awaiting-decision",
		[VC_TERM_DECLARED] = "declared",
		[VC_TERM_DEAD_POSITION] = "dead-position",
		[VC_TERM_TIME_FORFEIT_UNWINNABLE] = "time-forfeit-unwinnable",
	};
	return (unsigned)t < VC_TERM_N ? words[t] : "none";
}

/* ---- UCI ----------------------------------------------------------------- */

char *vc_move_to_uci(const struct vc_position *pos, vc_move m, char *buf)
{
	const struct vc_variant *v = vc_variant_checked(pos);
	if (!v) {
		buf[0] = 0;
		return NULL;
	}
	int from = VC_MOVE_FROM(m), to = VC_MOVE_TO(m);
	if ((m & VC_MF_CASTLE) && !(v->flags & VC_VF_CHESS960))
		to = vc_castle_king_to(from, to);
	buf[0] = (char)('a' + VC_FILE(from));
	buf[1] = (char)('1' + VC_RANK(from));
	buf[2] = (char)('a' + VC_FILE(to));
	buf[3] = (char)('1' + VC_RANK(to));
	int pr = VC_MOVE_PROMOTION(m);
	int n = 4;
	if (pr && !(m & VC_MF_UNPROMO))
		buf[n++] = " pnbrqk"[pr];
	buf[n] = 0;
	return buf;
}

char *vc_move_text(const struct vc_position *pos, vc_move m, enum vc_notation notation,
                   char *buf, size_t size)
{
	char tmp[VC_MOVE_TEXT_MAX + 64]; /* the hooks write unbounded: room */
	const struct vc_variant *v = vc_variant_checked(pos);
	if (!v) {
		if (size)
			buf[0] = 0;
		return NULL;
	}
	tmp[0] = 0;
	if (!(v->write_move && v->write_move(pos, m, tmp))) {
		if (notation == VC_NOTATION_UCI)
			vc_move_to_uci(pos, m, tmp);
		else
			vc_san_write(pos, m, tmp);
	}
	size_t n = strnlen(tmp, sizeof tmp - 1);
	if (n >= size)
		n = size - 1;
	memcpy(buf, tmp, n);
	buf[n] = 0;
	return buf;
}

vc_move vc_move_from_uci(const struct vc_position *pos, const char *text, size_t len)
{
	if (len < 4 || len > 5)
		return VC_MOVE_NONE;
	if (text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8' ||
	    text[2] < 'a' || text[2] > 'h' || text[3] < '1' || text[3] > '8')
		return VC_MOVE_NONE;
	int from = VC_SQ(text[0] - 'a', text[1] - '1');
	int to = VC_SQ(text[2] - 'a', text[3] - '1');
	int promo = 0;
	if (len == 5) {
		const char *p = strchr("pnbrqk", tolower((unsigned char)text[4]));
		if (!p || !text[4])
			return VC_MOVE_NONE;
		promo = (int)(p - "pnbrqk") + 1;
	}
	vc_move list[VC_MAX_MOVES];
	int n = vc_legal_moves(pos, list);
	for (int i = 0; i < n; i++) {
		vc_move m = list[i];
		if (VC_MOVE_FROM(m) != from || VC_MOVE_PROMOTION(m) != promo || (m & VC_MF_RETRO))
			continue;
		if (VC_MOVE_TO(m) == to)
			return m;
		/* standard castling written as the king's two-square move */
		if ((m & VC_MF_CASTLE) && vc_castle_king_to(from, VC_MOVE_TO(m)) == to &&
		    !(vc_variant_of(pos)->flags & VC_VF_CHESS960) &&
		    VC_FILE(from) == 4 && (VC_FILE(VC_MOVE_TO(m)) == 0 || VC_FILE(VC_MOVE_TO(m)) == 7))
			return m;
	}
	return VC_MOVE_NONE;
}
