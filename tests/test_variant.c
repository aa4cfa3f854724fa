/* Tests of the variant registry and start positions (lib/variant.c,
 * lib/position.c): the names of RULES.md section 1 and the start
 * position of each variant.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "variant.h"

static int find(const char *name, bool *unsupported)
{
	const struct vc_variant *v = vc_variant_find(name, unsupported);
	return v ? v->id : -1;
}

TestSuite(variant);

Test(variant, pgn_tag_values)
{
	static const struct {
		const char *tag;
		int id;
	} names[] = {
		{ "Standard", VC_STANDARD },
		{ "Chess", VC_STANDARD },
		{ "Normal", VC_STANDARD },
		{ "From Position", VC_STANDARD },
		{ "standard", VC_STANDARD },
		{ "Chess960", VC_CHESS960 },
		{ "Chess 960", VC_CHESS960 },
		{ "Fischerandom", VC_CHESS960 },
		{ "fischerandom", VC_CHESS960 },
		{ "Fischer Random", VC_CHESS960 },
		{ "FRC", VC_CHESS960 },
		{ "Antichess", VC_ANTICHESS },
		{ "Anti-chess", VC_ANTICHESS },
		{ "Giveaway", VC_ANTICHESS },
		{ "Losing chess", VC_ANTICHESS },
		{ "Undo Chess", VC_UNDO },
		{ "Undo", VC_UNDO },
		{ "Backwards Stalemate Chess", VC_BACKWARDS },
		{ "Backwards", VC_BACKWARDS },
		/* case-insensitive, trimmed */
		{ "  CHESS960 ", VC_CHESS960 },
		{ "\tfrom position\n", VC_STANDARD },
		{ "ANTICHESS", VC_ANTICHESS },
	};
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		bool unsupported = true;
		cr_assert_eq(find(names[i].tag, &unsupported), names[i].id, "%s", names[i].tag);
		cr_assert(!unsupported, "%s", names[i].tag);
	}
	/* the vchess names themselves */
	for (int id = 0; id < vc_variant_count(); id++) {
		const struct vc_variant *v = vc_variant_get(id);
		cr_assert_eq(v->id, id);
		cr_assert_eq(find(v->name, NULL), id, "%s", v->name);
	}
}

Test(variant, unsupported_and_unknown)
{
	static const char *const unsupported[] = {
		"Crazyhouse", "Atomic", "King of the Hill", "Three-check", "Horde", "Racing Kings",
		"Suicide", "crazyhouse", " suicide ",
	};
	for (size_t i = 0; i < sizeof unsupported / sizeof *unsupported; i++) {
		bool u = false;
		cr_assert_eq(find(unsupported[i], &u), -1, "%s", unsupported[i]);
		cr_assert(u, "%s is a known variant vchess does not implement", unsupported[i]);
	}
	static const char *const unknown[] = { "Shogi", "Chess961", "", "Standard chess", "960" };
	for (size_t i = 0; i < sizeof unknown / sizeof *unknown; i++) {
		bool u = true;
		cr_assert_eq(find(unknown[i], &u), -1, "%s", unknown[i]);
		cr_assert(!u, "%s is unknown, not unsupported", unknown[i]);
	}
	cr_assert_null(vc_variant_find(NULL, NULL));
}

Test(variant, start_positions)
{
	char buf[VC_FEN_MAX];
	struct vc_position p;
	static const struct {
		int id;
		const char *fen;
	} starts[] = {
		{ VC_STANDARD, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" },
		/* Chess960 without a FEN: the normal array, position 518 */
		{ VC_CHESS960, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" },
		{ VC_UNDO, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" },
		/* antichess: the normal array without castling rights */
		{ VC_ANTICHESS, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1" },
		{ VC_BACKWARDS, "4k3/8/8/8/8/8/8/4K3 w - - 0 1" },
	};
	for (size_t i = 0; i < sizeof starts / sizeof *starts; i++) {
		vc_startpos(&p, starts[i].id);
		cr_assert_eq(p.variant, starts[i].id);
		cr_assert_str_eq(vc_fen_write(&p, buf, false), starts[i].fen, "%s",
		                 vc_variant_get(starts[i].id)->name);
		cr_assert_eq(p.key, vc_compute_key(&p));
	}
	/* the Chess960 default is Scharnagl 518 */
	struct vc_position sp;
	vc_chess960_startpos(&sp, 518, VC_CHESS960);
	vc_startpos(&p, VC_CHESS960);
	cr_assert_eq(memcmp(&p, &sp, sizeof p), 0);
}

Test(variant, flags)
{
	cr_assert(vc_variant_get(VC_STANDARD)->flags & VC_VF_CASTLING);
	cr_assert(!(vc_variant_get(VC_STANDARD)->flags & VC_VF_CHESS960));
	cr_assert(vc_variant_get(VC_CHESS960)->flags & VC_VF_CHESS960);
	cr_assert(vc_variant_get(VC_UNDO)->flags & VC_VF_CHESS960);
	cr_assert(!(vc_variant_get(VC_ANTICHESS)->flags & VC_VF_CASTLING));
	cr_assert(!(vc_variant_get(VC_ANTICHESS)->flags & VC_VF_ROYAL_KING));
	cr_assert(vc_variant_get(VC_STANDARD)->flags & VC_VF_ROYAL_KING);
}

Test(variant, result_and_termination_words)
{
	cr_assert_str_eq(vc_result_string(VC_RES_WHITE), "1-0");
	cr_assert_str_eq(vc_result_string(VC_RES_BLACK), "0-1");
	cr_assert_str_eq(vc_result_string(VC_RES_DRAW), "1/2-1/2");
	cr_assert_str_eq(vc_result_string(VC_RES_NONE), "*");
	cr_assert_str_eq(vc_termination_word(VC_TERM_SEVENTYFIVE_MOVES), "seventyfive-moves");
	cr_assert_str_eq(vc_termination_word(VC_TERM_FIVEFOLD), "fivefold-repetition");
	cr_assert_str_eq(vc_termination_word(VC_TERM_INSUFFICIENT_MATERIAL), "insufficient-material");
	for (int t = 0; t < VC_TERM_N; t++)
		for (int o = 0; o < t; o++)
			cr_assert_str_neq(vc_termination_word((enum vc_termination)t),
			                  vc_termination_word((enum vc_termination)o));
}
