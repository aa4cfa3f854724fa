/* vchess - the registry of game-level variant rules (checker.h). A new
 * game-level variant adds its table here, not code in the checker. */
#include "checker.h"
#include "undo.h"

static const struct vc_game_rules *const all_rules[] = {
	&vc_undo_rules,
};

#define NRULES (sizeof all_rules / sizeof *all_rules)

const struct vc_game_rules *vc_game_rules_for(const struct vc_variant *v)
{
	for (size_t i = 0; i < NRULES; i++)
		if (v->flags & all_rules[i]->variant_flag)
			return all_rules[i];
	return NULL;
}

const struct vc_game_rules *vc_game_rules_token_owner(const char *text, size_t len)
{
	for (size_t i = 0; i < NRULES; i++)
		if (all_rules[i]->is_token && all_rules[i]->is_token(text, len))
			return all_rules[i];
	return NULL;
}
