/* vchess - the report of adjudication verdicts and standings
 * (report_adjudicate.h). */
#include <string.h>

#include "report_adjudicate.h"
#include "report_standings.h"
#include "textesc.h"

/* The value the checker uses: the last one when a tag is repeated. */
static const char *tag_of(const struct vc_gc_game *g, const char *name)
{
	for (int i = g->ntags - 1; i >= 0; i--)
		if (strcmp(g->tags[i].name, name) == 0)
			return g->tags[i].value;
	return NULL;
}

static const char *color_name(int c)
{
	return c == VC_WHITE ? "White" : "Black";
}

/* The witness of a time forfeit's search as UCI and SAN arrays, replayed
 * from the final position (the library replayed it before). */
static void json_witness(struct vc_json *j, const struct vc_position *root,
                         const struct vc_winnable_result *r)
{
	vc_json_key(j, "witness");
	vc_json_begin_object(j);
	for (int k = 0; k < 2; k++) {
		vc_json_key(j, k ? "san" : "uci");
		vc_json_begin_array(j);
		{
			struct vc_position p = *root;
			for (int i = 0; i < r->nwitness; i++) {
				char buf[VC_MOVE_TEXT_MAX];
				vc_move_text(&p, r->witness[i], k ? VC_NOTATION_SAN : VC_NOTATION_UCI, buf,
				             sizeof buf);
				vc_json_string(j, buf);
				vc_make_move(&p, r->witness[i]);
			}
		}
		vc_json_end_array(j);
	}
	vc_json_end_object(j);
}

static const char *rules_word(enum vc_ruleset r)
{
	return r == VC_RULES_LICHESS ? "lichess" : "fide";
}

const char *vc_adjudicate_disagreement(char *buf, size_t size, const struct vc_verdict *v)
{
	int n;
	buf[0] = '\0';
	if (v->basis == VC_BASIS_RULES)
		n = snprintf(buf, size, "the rules give %s by %s at ply %d", vc_result_string(v->result),
		             vc_termination_word(v->term), v->ply);
	else
		n = snprintf(buf, size, "the verdict is %s as declared", vc_result_string(v->result));
	if (n < 0 || (size_t)n >= size)
		return buf;
	bool token = v->movetext && (!v->declared || strcmp(v->movetext, v->declared) != 0);
	snprintf(buf + n, size - (size_t)n, "; declared %.40s%s%.40s",
	         v->declared ? v->declared : "none", token ? ", movetext " : "",
	         token ? v->movetext : "");
	return buf;
}

void vc_adjudicate_json_verdict(struct vc_json *j, const struct vc_verdict *v,
                                enum vc_ruleset rules)
{
	vc_json_key(j, "adjudication");
	vc_json_begin_object(j);
	vc_json_kv_string(j, "result", vc_result_string(v->result));
	vc_json_kv_string(j, "termination", v->basis == VC_BASIS_INVALID
	                                        ? "invalid-record" : vc_termination_word(v->term));
	if (v->ply >= 0)
		vc_json_kv_int(j, "ply", v->ply);
	else
		vc_json_kv_null(j, "ply");
	vc_json_kv_string(j, "basis", vc_basis_word(v->basis));
	vc_json_kv_bool(j, "agrees", v->agrees);
	vc_json_kv_string(j, "by_rules", vc_result_string(v->by_rules));
	vc_json_kv_string(j, "rules", rules_word(rules));
	vc_json_kv_string(j, "declared", v->declared);
	vc_json_kv_string(j, "movetext_result", v->movetext);
	vc_json_kv_string(j, "termination_tag", v->termination_tag);
	vc_json_key(j, "claims");
	vc_json_begin_array(j);
	if (v->claims & VC_CLAIM_THREEFOLD)
		vc_json_string(j, "threefold-repetition");
	if (v->claims & VC_CLAIM_FIFTY)
		vc_json_string(j, "fifty-moves");
	vc_json_end_array(j);
	if (v->three_move[0] || v->fifty_move[0]) {
		vc_json_key(j, "claim_moves");
		vc_json_begin_object(j);
		if (v->three_move[0])
			vc_json_kv_string(j, "threefold-repetition", v->three_move);
		if (v->fifty_move[0])
			vc_json_kv_string(j, "fifty-moves", v->fifty_move);
		vc_json_end_object(j);
	}
	if (v->flagged >= 0) {
		vc_json_kv_string(j, "flagged", v->flagged == VC_WHITE ? "white" : "black");
		vc_json_kv_string(j, "flag_source", vc_flag_source_word(v->flag_source));
	}
	if (v->has_unwinnability) {
		vc_json_key(j, "unwinnability");
		vc_json_begin_object(j);
		vc_json_kv_string(j, "answer", vc_winnable_word(v->unwinnability.answer));
		json_witness(j, &v->unwinnability_pos, &v->unwinnability);
		vc_json_kv_uint(j, "nodes", v->unwinnability.nodes);
		vc_json_end_object(j);
	}
	if (v->warning != VC_F_OK)
		vc_json_kv_string(j, "warning", vc_code_word(v->warning));
	if (v->after_ply >= 0) {
		vc_json_key(j, "moves_after_end");
		vc_json_begin_object(j);
		vc_json_kv_int(j, "ply", v->after_ply);
		vc_json_kv_string(j, "move", v->after_move[0] ? v->after_move : NULL);
		vc_json_end_object(j);
	}
	if (v->basis == VC_BASIS_INVALID) {
		vc_json_kv_string(j, "error", vc_code_word(v->error_code));
		if (v->error_ply > 0)
			vc_json_kv_int(j, "error_ply", v->error_ply);
		else
			vc_json_kv_null(j, "error_ply");
	}
	vc_json_end_object(j);
}

static void text_claims(FILE *f, const struct vc_verdict *v)
{
	if (!v->claims)
		return;
	fputs("; claim available at the end:", f);
	const char *sep = " ";
	if (v->claims & VC_CLAIM_THREEFOLD) {
		fprintf(f, "%sthreefold-repetition", sep);
		if (v->three_move[0])
			fprintf(f, " (by declaring %s)", v->three_move);
		sep = ", ";
	}
	if (v->claims & VC_CLAIM_FIFTY) {
		fprintf(f, "%sfifty-moves", sep);
		if (v->fifty_move[0])
			fprintf(f, " (by declaring %s)", v->fifty_move);
	}
}

/* "move 60, White to play" into buf: the position after `ply` plies of
 * g's line, when the line holds it (the move number is the position's
 * fullmove number, so a record that starts from a FEN counts on from
 * it); "" otherwise. */
static const char *move_of(char buf[64], const struct vc_gc_game *g, int ply)
{
	buf[0] = 0;
	if (g->game && g->game->line && ply >= 0 && ply <= g->game->nplies) {
		const struct vc_position *p = &g->game->line[ply];
		snprintf(buf, 64, "move %lu, %s to play", (unsigned long)p->fullmove,
		         color_name(p->side));
	}
	return buf;
}

/* " (move 60, White to play)", or nothing (move_of). */
static void text_move_of(FILE *f, const struct vc_gc_game *g, int ply)
{
	char buf[64];
	if (move_of(buf, g, ply)[0])
		fprintf(f, " (%s)", buf);
}

void vc_adjudicate_text_verdict(FILE *f, const char *loc, const struct vc_gc_game *g,
                                const struct vc_verdict *v, const struct vc_report *r)
{
	const char *w = tag_of(g, "White"), *b = tag_of(g, "Black");
	fprintf(f, "%s: %s ", loc, r->position ? "position" : "game");
	vc_report_put_index(r->marks, f, g->index);
	if (w || b) {
		fputs(" (", f);
		vc_text_put(f, w ? w : "?");
		fputs(" - ", f);
		vc_text_put(f, b ? b : "?");
		fputc(')', f);
	}
	fputs(": ", f);
	switch (v->basis) {
	case VC_BASIS_INVALID:
	case VC_BASIS_N:
		if (vc_report_skip_reason(g, r->strict) != VC_F_OK) {
			/* not checked: neither judged nor a failure */
			const char *variant = tag_of(g, "Variant");
			fputs("skipped: ", f);
			if (variant) {
				fputs("variant \"", f);
				vc_text_put(f, variant);
				fputs("\" is", f);
			} else {
				fputs("a variant", f);
			}
			fprintf(f, " not implemented by vchess [%s]", vc_code_word(v->error_code));
			break;
		}
		fputs("not judged", f);
		if (v->error_ply > 0) {
			/* the position the failing move was played in */
			fprintf(f, ": the replay stops at ply %d", v->error_ply);
			text_move_of(f, g, v->error_ply - 1);
		}
		fprintf(f, " [%s]", vc_code_word(v->error_code));
		break;
	case VC_BASIS_RULES:
		fprintf(f, "%s by %s at ply %d", vc_result_string(v->result),
		        vc_termination_word(v->term), v->ply);
		if (v->flagged < 0)
			text_move_of(f, g, v->ply);
		if (v->flagged >= 0) {
			/* one parenthesis: where, then who ran out of time */
			char where[64];
			if (move_of(where, g, v->ply)[0])
				fprintf(f, " (%s; %s ran out of time", where, color_name(v->flagged));
			else
				fprintf(f, " (%s ran out of time", color_name(v->flagged));
			if (v->flag_source == VC_FLAG_CLOCK)
				fputs(": clock 0:00:00", f);
			if (v->term == VC_TERM_TIME_FORFEIT_INSUFFICIENT ||
			    v->term == VC_TERM_TIME_FORFEIT_UNWINNABLE)
				fprintf(f, "; %s cannot win", color_name(!v->flagged));
			else if (v->warning == VC_F_UNWINNABILITY_UNDETERMINED)
				fprintf(f, "; whether %s could still mate is undetermined after %llu "
				        "node%s [warning %s]", color_name(!v->flagged),
				        (unsigned long long)v->unwinnability.nodes,
				        v->unwinnability.nodes == 1 ? "" : "s", vc_code_word(v->warning));
			fputc(')', f);
		}
		break;
	case VC_BASIS_DECLARED:
		if (v->result == VC_RES_NONE)
			fputs("* (the rules do not decide this game)", f);
		else
			fprintf(f, "%s as declared (the rules do not decide this game)",
			        vc_result_string(v->result));
		break;
	}
	fputs("; declared ", f);
	if (v->declared)
		vc_text_put(f, v->declared);
	else
		fputs("none", f);
	if (v->movetext && (!v->declared || strcmp(v->movetext, v->declared)))
	{
		fputs(", movetext ", f);
		vc_text_put(f, v->movetext);
	}
	if (v->termination_tag) {
		fputs(", Termination \"", f);
		vc_text_put(f, v->termination_tag);
		fputc('"', f);
	}
	if (v->basis != VC_BASIS_INVALID)
		fputs(v->agrees ? ": agrees" : ": disagrees", f);
	if (v->after_ply >= 0) {
		fprintf(f, "; moves after the end from ply %d", v->after_ply);
		if (v->after_move[0]) {
			fputs(" (", f);
			vc_text_put(f, v->after_move);
			fputc(')', f);
		}
	}
	text_claims(f, v);
	fputc('\n', f);
}

void vc_adjudicate_json_summary(struct vc_json *j, const struct vc_adjudicate_summary *s)
{
	const struct vc_verdict_tally *t = s->tally;
	vc_json_key(j, "adjudication");
	vc_json_begin_object(j);
	vc_json_kv_uint(j, "agree", t->agree);
	vc_json_kv_uint(j, "disagree", t->disagree);
	vc_json_kv_uint(j, "not_judged", t->not_judged);
	vc_json_key(j, "by_basis");
	vc_json_begin_object(j);
	for (int b = 0; b < VC_BASIS_N; b++)
		vc_json_kv_uint(j, vc_basis_word((enum vc_basis)b), t->by_basis[b]);
	vc_json_end_object(j);
	vc_json_key(j, "by_termination");
	vc_json_begin_object(j);
	for (int k = 1; k < VC_TERM_N; k++)
		if (t->by_term[k])
			vc_json_kv_uint(j, vc_termination_word((enum vc_termination)k), t->by_term[k]);
	vc_json_end_object(j);
	if (s->fixed >= 0)
		vc_json_kv_int(j, "fixed", s->fixed);
	vc_json_end_object(j);
	if (!s->st)
		return;
	vc_standings_json(j, s->st); /* formats/report_standings.h */

}

void vc_adjudicate_text_summary(FILE *f, const struct vc_adjudicate_summary *s)
{
	const struct vc_verdict_tally *t = s->tally;
	fprintf(f, "adjudicate: rules %s: %llu agree, %llu disagree, %llu not judged",
	        rules_word(s->rules), (unsigned long long)t->agree,
	        (unsigned long long)t->disagree, (unsigned long long)t->not_judged);
	fprintf(f, "; basis rules %llu, declared %llu\n",
	        (unsigned long long)t->by_basis[VC_BASIS_RULES],
	        (unsigned long long)t->by_basis[VC_BASIS_DECLARED]);
	for (int k = 1; k < VC_TERM_N; k++)
		if (t->by_term[k])
			fprintf(f, "  %-34s %llu\n", vc_termination_word((enum vc_termination)k),
			        (unsigned long long)t->by_term[k]);
	if (s->fixed >= 0)
		fprintf(f, "adjudicate: %ld game%s corrected in %s\n", s->fixed,
		        s->fixed == 1 ? "" : "s", s->fixed_to);
	if (!s->st)
		return;
	vc_standings_text(f, s->st); /* formats/report_standings.h */
}
