/* vchess - the registry of game-level variant rules (checker.h). A new
 * game-level variant adds its table here, not code in the checker. */
#include <string.h>

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

const struct vc_game_rules *vc_game_rules_tag_owner(const char *name)
{
	for (size_t i = 0; i < NRULES; i++)
		for (const char *const *t = all_rules[i]->tags; t && *t; t++)
			if (strcmp(*t, name) == 0)
				return all_rules[i];
	return NULL;
}

/* ---- what the record's rules add to the reports (checker.h) ---------------- */

bool vc_gc_counts(const struct vc_gc_game *g, int n[2])
{
	if (g->rules && g->rules->counts && g->rules->counts(g, n))
		return true;
	n[0] = n[1] = -1;
	return false;
}

void vc_gc_members(const struct vc_gc_game *g, enum vc_gc_at at, const int n[2],
                   const struct vc_gc_sink *s)
{
	if (g->rules && g->rules->members)
		g->rules->members(g, at, n, s);
}

const char *vc_gc_text(const struct vc_gc_game *g, enum vc_gc_at at, const int n[2], int color,
                       char *buf, size_t size)
{
	buf[0] = 0;
	if (g->rules && g->rules->text)
		g->rules->text(g, at, n, color, buf, size);
	return buf;
}
