/* vchess - the text and JSON report of a game's history (report_replay.h). */
#include <math.h>
#include <string.h>

#include "report_replay.h"
#include "textesc.h"
#include "clock.h"

static const char *color_word(int c, bool upper)
{
	if (upper)
		return c == VC_WHITE ? "White" : "Black";
	return c == VC_WHITE ? "white" : "black";
}

/* "12. Nf3" or "12... Nf6" */
static void numbered(const struct vc_hnode *n, char *buf, size_t size)
{
	snprintf(buf, size, "%u%s %s", n->fullmove, n->color == VC_WHITE ? "." : "...", n->san);
}

/* The value the checker uses: the last one when a tag is repeated. */
static const char *tag_of(const struct vc_gc_game *g, const char *name)
{
	for (int i = g->ntags - 1; i >= 0; i--)
		if (strcmp(g->tags[i].name, name) == 0)
			return g->tags[i].value;
	return NULL;
}

void vc_replay_text_game(FILE *f, const char *loc, const struct vc_gc_game *g,
                         const struct vc_history *h, bool shredder,
                         struct vc_report_marks *marks)
{
	/* a game-level variant's counts (Undo Chess: tokens), shown when known */
	int t[2];
	bool counted = g->rules && g->setup_ok && vc_history_start_tokens(h, g, t);
	char note[160];
	const char *w = tag_of(g, "White"), *b = tag_of(g, "Black");
	fprintf(f, "%s: game ", loc);
	vc_report_put_index(marks, f, g->index);
	fputs(" (", f);
	vc_text_put(f, w ? w : "?");
	fputs(" - ", f);
	vc_text_put(f, b ? b : "?");
	fputs("), ", f);
	vc_text_put(f, g->variant ? g->variant : "unknown variant");
	if (g->setup_ok) {
		fputs(vc_gc_text(g, VC_GC_AT_START, counted ? t : NULL, VC_WHITE, note, sizeof note), f);
		char fen[VC_FEN_MAX];
		struct vc_position start;
		struct vc_fen_result fr;
		const char *sf = g->start_fen;
		if (shredder && vc_fen_parse(&start, g->start_fen, g->variant_id, &fr) == VC_FEN_OK)
			sf = vc_fen_write(&start, fen, true);
		fprintf(f, ", start %s", sf);
	}
	fputc('\n', f);
	for (int i = 0; i < h->nevents; i++) {
		const struct vc_hevent *e = &h->events[i];
		char san[2 * VC_HISTORY_MOVE_MAX + 32], uci[24], a[VC_HISTORY_MOVE_MAX + 16];
		if (e->type == VC_HEVENT_MOVE) {
			numbered(&h->nodes[e->node], san, sizeof san);
			snprintf(uci, sizeof uci, "%s", h->nodes[e->node].uci);
		} else {
			/* "3... Nf6 4. Qxf7#", "4. Qh5 Nf6" */
			const struct vc_hnode *r0 = &h->nodes[e->removed[0]], *r1 = &h->nodes[e->removed[1]];
			numbered(r0, a, sizeof a);
			if (r1->color == VC_WHITE) {
				char b2[VC_HISTORY_MOVE_MAX + 16];
				numbered(r1, b2, sizeof b2);
				snprintf(san, sizeof san, "%s %s", a, b2);
			} else {
				snprintf(san, sizeof san, "%s %s", a, r1->san);
			}
			snprintf(uci, sizeof uci, "%s %s", r0->uci, r1->uci);
		}
		fprintf(f, "%5d  %-5s  %-9s  %-22s  %-10s", i + 1, color_word(e->color, true),
		        e->type == VC_HEVENT_MOVE ? "move" : "take-back", san, uci);
		if (counted)
			fputs(vc_gc_text(g, VC_GC_AT_EVENT, e->tokens, e->color, note, sizeof note), f);
		fprintf(f, "  %s", e->fen);
		if (e->clock >= 0) {
			char ck[32];
			vc_clock_text(e->clock, ck, sizeof ck);
			fprintf(f, "  clock %s", ck);
		}
		if (e->type == VC_HEVENT_MOVE && e->outcome.termination != VC_TERM_NONE) {
			int loser = !e->color;
			if (e->pending) /* the game-level rules say why it goes on */
				fprintf(f, "  (%s: %s)", vc_termination_word(e->outcome.termination),
				        vc_gc_text(g, VC_GC_AT_PENDING, e->tokens, loser, note,
				                   sizeof note));
			else
				fprintf(f, "  (%s: %s)", vc_termination_word(e->outcome.termination),
				        vc_result_string(e->outcome.result));
		}
		fputc('\n', f);
	}
	if (g->setup_ok) {
		fprintf(f, "  end: %d %s", g->plies, g->plies == 1 ? "ply stands" : "plies stand");
		fputs(vc_gc_text(g, VC_GC_AT_END, NULL, VC_WHITE, note, sizeof note), f);
		const char *decl = g->declared ? g->declared : g->movetext_result;
		fprintf(f, ", result %s, board %s", decl ? decl : "none",
		        vc_result_string(g->board.result));
		if (g->board.termination != VC_TERM_NONE)
			fprintf(f, " by %s", vc_termination_word(g->board.termination));
		fputs(vc_gc_text(g, VC_GC_AT_DECIDED, NULL, VC_WHITE, note, sizeof note), f);
		fprintf(f, "%s\n", g->valid ? "" : " (invalid: the events stop at the first error)");
	}
	if (h->failed)
		fprintf(f, "  (out of memory: the events above are incomplete)\n");
}

static void json_clock(struct vc_json *j, double clock)
{
	if (clock < 0) {
		vc_json_kv_null(j, "clock");
		vc_json_kv_null(j, "clock_ms");
		return;
	}
	char ck[32];
	vc_clock_text(clock, ck, sizeof ck);
	vc_json_kv_string(j, "clock", ck);
	vc_json_kv_int(j, "clock_ms", llround(clock * 1000));
}

static void json_ply(struct vc_json *j, const struct vc_hnode *n)
{
	char num[24];
	snprintf(num, sizeof num, "%u%s", n->fullmove, n->color == VC_WHITE ? "." : "...");
	vc_json_kv_int(j, "ply", n->ply);
	vc_json_kv_string(j, "move_number", num);
	vc_json_kv_string(j, "san", n->san);
	vc_json_kv_string(j, "uci", n->uci);
}

void vc_replay_json_game(struct vc_json *j, const struct vc_gc_game *g,
                         const struct vc_history *h)
{
	struct vc_gc_sink sink; /* a game-level variant's members (Undo Chess: tokens) */
	vc_report_json_sink(&sink, j);
	if (g->setup_ok)
		vc_json_kv_string(j, "start_fen", g->start_fen);
	else
		vc_json_kv_null(j, "start_fen");
	int t[2];
	if (g->rules && g->setup_ok && vc_history_start_tokens(h, g, t))
		vc_gc_members(g, VC_GC_AT_START, t, &sink);
	vc_json_key(j, "history");
	vc_json_begin_array(j);
	for (int i = 0; i < h->nevents; i++) {
		const struct vc_hevent *e = &h->events[i];
		vc_json_begin_object(j);
		vc_json_kv_int(j, "event", i + 1);
		vc_json_kv_string(j, "type", e->type == VC_HEVENT_MOVE ? "move" : "takeback");
		vc_json_kv_string(j, "by", color_word(e->color, false));
		vc_json_kv_uint(j, "line", e->line);
		vc_json_kv_uint(j, "column", e->column);
		if (e->type == VC_HEVENT_MOVE) {
			json_ply(j, &h->nodes[e->node]);
		} else {
			vc_json_key(j, "taken_back");
			vc_json_begin_array(j);
			for (int k = 0; k < 2; k++) {
				vc_json_begin_object(j);
				json_ply(j, &h->nodes[e->removed[k]]);
				vc_json_end_object(j);
			}
			vc_json_end_array(j);
		}
		vc_json_kv_int(j, "plies", e->ply);
		if (g->rules)
			vc_gc_members(g, VC_GC_AT_EVENT, e->tokens, &sink);
		json_clock(j, e->clock);
		vc_json_kv_string(j, "fen", e->fen);
		if (e->type == VC_HEVENT_MOVE && e->outcome.termination != VC_TERM_NONE) {
			vc_json_key(j, "outcome");
			vc_json_begin_object(j);
			vc_json_kv_string(j, "termination", vc_termination_word(e->outcome.termination));
			vc_json_kv_string(j, "result", vc_result_string(e->outcome.result));
			vc_json_kv_bool(j, "pending", e->pending);
			vc_json_end_object(j);
		}
		vc_json_end_object(j);
	}
	vc_json_end_array(j);
	if (h->failed)
		vc_json_kv_bool(j, "history_incomplete", true);
}
