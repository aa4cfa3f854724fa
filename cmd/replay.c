/* vchess replay: the chronological events of each game - every move and,
 * in Undo Chess, every take-back - with who made it, SAN and UCI, the
 * tokens each side holds after it, its clock and the FEN after it; or,
 * with --final-pgn, the standing game as ordinary PGN (Undo Chess becomes
 * Chess960) with each taken-back stretch kept as a variation opening with
 * the comment {taken back} (FORMATS.md section 2, man/vchess-replay.1).
 *
 * The game checker does the reading and judging; this command only listens
 * to its events (vc_checker_on_event) and keeps each game's history: a tree
 * of every ply played, since a take-back removes plies from the line but
 * not from the history.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "common.h"
#include "checker.h"
#include "inputloop.h"
#include "report.h"
#include "clock.h"
#include "san.h"

static const char usage[] =
        "usage: vchess replay [options] FILE...\n"
        "\n"
        "List the events of every game of each FILE in the order they happened:\n"
        "each move and, in Undo Chess, each take-back ('undo'), with who made it,\n"
        "SAN and UCI, the tokens each side holds after it, the clock when\n"
        "recorded and the FEN after it. Games are checked as by 'vchess\n"
        "validate'; findings follow each game's events.\n"
        "\n"
        "With --final-pgn, write instead the standing game of each valid game as\n"
        "ordinary PGN (Undo Chess as Chess960) that other programs read: each\n"
        "stretch of taken-back plies becomes a variation opening with the\n"
        "comment {taken back}. Invalid games are not written; their findings go\n"
        "to standard error.\n"
        "\n"
        "Options:\n"
        "      --final-pgn      write the standing games as PGN (to -o FILE or\n"
        "                       standard output)\n"
        VC_HELP_VARIANT
        VC_HELP_RULES
        VC_HELP_FORMAT
        VC_HELP_STRICT
        VC_HELP_QUIET
        VC_HELP_VERBOSE
        VC_HELP_OUTPUT
        VC_HELP_MAX_ERRORS
        VC_HELP_MAX_RATIO
        "      --shredder       write FENs as Shredder-FEN (default X-FEN)\n"
        VC_HELP_HELP
        "\n"
        VC_HELP_EXIT;

enum { O_FINAL_PGN = VC_OPT_OWN, O_SHREDDER };

static const struct option own_options[] = {
	{ "final-pgn", no_argument, NULL, O_FINAL_PGN },
	{ "shredder", no_argument, NULL, O_SHREDDER },
	{ 0, 0, 0, 0 },
};

/* ---- one game's history ----------------------------------------------------- */

#define MOVE_TEXT_MAX 32

/* A ply ever played. Children of a node are the plies played from the
 * position after it, in the order they were played: all but the last
 * (or all, for a taken-back node) were taken back. */
struct node {
	vc_move move;
	int parent;                   /* -1: played from the start position */
	int first_child, last_child, next_sibling; /* -1: none */
	unsigned fullmove;            /* of the position before the ply */
	int color;                    /* who played it */
	int ply;                      /* its ply in the line, from 1 */
	bool standing;                /* in the line at the end */
	double clock;                 /* [%clk] in seconds, -1 none */
	char san[MOVE_TEXT_MAX];
	char uci[8];
};

enum { EV_MOVE, EV_TAKEBACK };

struct event {
	int type;
	int color;
	int ply;                      /* plies standing after the event */
	int node;                     /* EV_MOVE: its node */
	int removed[2];               /* EV_TAKEBACK: nodes removed, line order */
	int tokens[2];
	double clock;                 /* -1 none */
	uint64_t line, column;
	struct vc_outcome outcome;    /* EV_MOVE: ended or pending */
	bool pending;
	char fen[VC_FEN_MAX];
};

struct history {
	struct node *nodes;
	int nnodes, cap_nodes;
	struct event *events;
	int nevents, cap_events;
	int *line;                    /* node indices of the standing line */
	int nline, cap_line;
	int root_first, root_last;    /* children of the start position */
	int start_tokens[2];
	bool failed;                  /* out of memory: history incomplete */
};

struct replay {
	struct vc_cli_opts opts;
	bool final_pgn, shredder;
	FILE *out;                    /* report, or the final PGN */
	struct vc_report rep;         /* findings (stderr with --final-pgn) */
	struct history h;
	long invalid;
	bool first_pgn;
};

static bool grow(void **p, int *cap, int need, size_t size)
{
	if (need <= *cap)
		return true;
	int cap2 = *cap ? *cap : 64;
	while (cap2 < need)
		cap2 *= 2;
	void *q = realloc(*p, (size_t)cap2 * size);
	if (!q)
		return false;
	*p = q;
	*cap = cap2;
	return true;
}

static void history_clear(struct history *h)
{
	h->nnodes = h->nevents = h->nline = 0;
	h->root_first = h->root_last = -1;
	h->start_tokens[0] = h->start_tokens[1] = -1;
	h->failed = false;
}

static void history_release(struct history *h)
{
	free(h->nodes);
	free(h->events);
	free(h->line);
	memset(h, 0, sizeof *h);
}

static void move_text(const struct vc_position *pos, vc_move m, char *san, char *uci)
{
	const struct vc_variant *v = vc_variant_get(pos->variant);
	char buf[128];
	if (v->write_move)
		v->write_move(pos, m, buf);
	else
		vc_san_write(pos, m, buf);
	size_t n = strnlen(buf, MOVE_TEXT_MAX - 1);
	memcpy(san, buf, n);
	san[n] = 0;
	if (v->flags & VC_VF_RETRO)
		uci[0] = 0; /* retro moves have no UCI form */
	else
		vc_move_to_uci(pos, m, uci);
}

static struct event *new_event(struct replay *R, const struct vc_gc_event *ev, int type)
{
	struct history *h = &R->h;
	if (!grow((void **)&h->events, &h->cap_events, h->nevents + 1, sizeof *h->events)) {
		h->failed = true;
		return NULL;
	}
	struct event *e = &h->events[h->nevents++];
	memset(e, 0, sizeof *e);
	e->type = type;
	e->color = ev->color;
	e->ply = ev->game->nplies;
	e->node = -1;
	e->removed[0] = e->removed[1] = -1;
	e->tokens[0] = ev->rec->undo.tokens[0];
	e->tokens[1] = ev->rec->undo.tokens[1];
	e->clock = -1;
	e->line = ev->loc.line;
	e->column = ev->loc.column;
	vc_fen_write(vc_game_pos(ev->game), e->fen, R->shredder);
	if (h->start_tokens[0] < 0) {
		/* the first event is a move (a take-back needs two plies), which
		 * leaves the tokens as dealt */
		h->start_tokens[0] = e->tokens[0];
		h->start_tokens[1] = e->tokens[1];
	}
	return e;
}

static void on_move(struct replay *R, const struct vc_gc_event *ev)
{
	struct history *h = &R->h;
	if (!grow((void **)&h->nodes, &h->cap_nodes, h->nnodes + 1, sizeof *h->nodes) ||
	    !grow((void **)&h->line, &h->cap_line, h->nline + 1, sizeof *h->line)) {
		h->failed = true;
		return;
	}
	int id = h->nnodes++;
	struct node *n = &h->nodes[id];
	memset(n, 0, sizeof *n);
	n->move = ev->move;
	n->parent = h->nline ? h->line[h->nline - 1] : -1;
	n->first_child = n->last_child = n->next_sibling = -1;
	n->fullmove = ev->before->fullmove;
	n->color = ev->before->side;
	n->ply = ev->game->nplies;
	n->clock = -1;
	move_text(ev->before, ev->move, n->san, n->uci);
	int *first = n->parent < 0 ? &h->root_first : &h->nodes[n->parent].first_child;
	int *last = n->parent < 0 ? &h->root_last : &h->nodes[n->parent].last_child;
	if (*last >= 0)
		h->nodes[*last].next_sibling = id;
	else
		*first = id;
	*last = id;
	h->line[h->nline++] = id;
	struct event *e = new_event(R, ev, EV_MOVE);
	if (e) {
		e->node = id;
		e->outcome = ev->outcome;
		e->pending = ev->pending;
	}
}

static void on_takeback(struct replay *R, const struct vc_gc_event *ev)
{
	struct history *h = &R->h;
	if (h->nline < 2) {
		h->failed = true; /* cannot happen: the checker refused it */
		return;
	}
	struct event *e = new_event(R, ev, EV_TAKEBACK);
	if (e) {
		e->removed[0] = h->line[h->nline - 2];
		e->removed[1] = h->line[h->nline - 1];
	}
	h->nline -= 2;
}

static void on_clock(struct replay *R, const struct vc_gc_event *ev)
{
	struct history *h = &R->h;
	if (!h->nevents)
		return;
	struct event *e = &h->events[h->nevents - 1];
	if (e->clock >= 0 || e->color != ev->color)
		return; /* the first clock of an event counts */
	e->clock = ev->clock;
	if (e->type == EV_MOVE)
		h->nodes[e->node].clock = ev->clock;
}

static void on_event(void *user, const struct vc_gc_event *ev)
{
	struct replay *R = user;
	if (R->h.failed)
		return;
	switch (ev->type) {
	case VC_GC_EVENT_MOVE: on_move(R, ev); break;
	case VC_GC_EVENT_TAKEBACK: on_takeback(R, ev); break;
	case VC_GC_EVENT_CLOCK: on_clock(R, ev); break;
	}
}

/* ---- text ------------------------------------------------------------------- */

static const char *color_word(int c, bool upper)
{
	if (upper)
		return c == VC_WHITE ? "White" : "Black";
	return c == VC_WHITE ? "white" : "black";
}


/* "12. Nf3" or "12... Nf6" */
static void numbered(const struct node *n, char *buf, size_t size)
{
	snprintf(buf, size, "%u%s %s", n->fullmove, n->color == VC_WHITE ? "." : "...", n->san);
}

static const char *tag_of(const struct vc_gc_game *g, const char *name)
{
	for (int i = 0; i < g->ntags; i++)
		if (strcmp(g->tags[i].name, name) == 0)
			return g->tags[i].value;
	return NULL;
}

static bool is_undo_game(const struct vc_gc_game *g)
{
	return g->variant_id == VC_UNDO;
}

/* Tokens are unknown when the TakebackTokens tag could not be read. */
static bool tokens_known(const struct vc_gc_game *g)
{
	for (int i = 0; i < g->nfindings; i++)
		if (g->findings[i].code == VC_F_BAD_TOKENS_TAG)
			return false;
	return true;
}

static void start_tokens(const struct replay *R, const struct vc_gc_game *g, int t[2])
{
	t[0] = R->h.start_tokens[0] >= 0 ? R->h.start_tokens[0] : g->undo.tokens[0];
	t[1] = R->h.start_tokens[1] >= 0 ? R->h.start_tokens[1] : g->undo.tokens[1];
}

static void text_game(struct replay *R, const struct vc_gc_game *g)
{
	FILE *f = R->out;
	const struct history *h = &R->h;
	bool undo = is_undo_game(g);
	char loc[512];
	vc_report_location(loc, sizeof loc, g->source, g->member, g->line, 1);
	const char *w = tag_of(g, "White"), *b = tag_of(g, "Black");
	fprintf(f, "%s: game %llu (%s - %s), %s", loc, (unsigned long long)g->index, w ? w : "?",
	        b ? b : "?", g->variant ? g->variant : "unknown variant");
	if (undo && g->setup_ok && !tokens_known(g)) {
		fputs(", tokens unknown (bad TakebackTokens tag)", f);
		undo = false; /* no token columns */
	} else if (undo && g->setup_ok) {
		int t[2];
		start_tokens(R, g, t);
		fprintf(f, ", tokens %d/%d (White/Black)", t[0], t[1]);
	}
	if (g->setup_ok) {
		char fen[VC_FEN_MAX];
		struct vc_position start;
		struct vc_fen_result fr;
		const char *sf = g->start_fen;
		if (R->shredder && vc_fen_parse(&start, g->start_fen, g->variant_id, &fr) == VC_FEN_OK)
			sf = vc_fen_write(&start, fen, true);
		fprintf(f, ", start %s", sf);
	}
	fputc('\n', f);
	for (int i = 0; i < h->nevents; i++) {
		const struct event *e = &h->events[i];
		char san[2 * MOVE_TEXT_MAX + 32], uci[24], a[MOVE_TEXT_MAX + 16];
		if (e->type == EV_MOVE) {
			numbered(&h->nodes[e->node], san, sizeof san);
			snprintf(uci, sizeof uci, "%s", h->nodes[e->node].uci);
		} else {
			/* "3... Nf6 4. Qxf7#", "4. Qh5 Nf6" */
			const struct node *r0 = &h->nodes[e->removed[0]], *r1 = &h->nodes[e->removed[1]];
			numbered(r0, a, sizeof a);
			if (r1->color == VC_WHITE) {
				char b2[MOVE_TEXT_MAX + 16];
				numbered(r1, b2, sizeof b2);
				snprintf(san, sizeof san, "%s %s", a, b2);
			} else {
				snprintf(san, sizeof san, "%s %s", a, r1->san);
			}
			snprintf(uci, sizeof uci, "%s %s", r0->uci, r1->uci);
		}
		fprintf(f, "%5d  %-5s  %-9s  %-22s  %-10s", i + 1, color_word(e->color, true),
		        e->type == EV_MOVE ? "move" : "take-back", san, uci);
		if (undo)
			fprintf(f, "  tokens %d/%d", e->tokens[0], e->tokens[1]);
		fprintf(f, "  %s", e->fen);
		if (e->clock >= 0) {
			char ck[32];
			vc_clock_text(e->clock, ck, sizeof ck);
			fprintf(f, "  clock %s", ck);
		}
		if (e->type == EV_MOVE && e->outcome.termination != VC_TERM_NONE) {
			int loser = !e->color;
			if (e->pending)
				fprintf(f, "  (%s: %s holds %d token%s, may take back or accept)",
				        vc_termination_word(e->outcome.termination),
				        color_word(loser, true), e->tokens[loser],
				        e->tokens[loser] == 1 ? "" : "s");
			else
				fprintf(f, "  (%s: %s)", vc_termination_word(e->outcome.termination),
				        vc_result_string(e->outcome.result));
		}
		fputc('\n', f);
	}
	if (g->setup_ok) {
		fprintf(f, "  end: %d %s", g->plies, g->plies == 1 ? "ply stands" : "plies stand");
		if (undo)
			fprintf(f, " (%d move%s, %d take-back%s), tokens %d/%d", g->undo.moves,
			        g->undo.moves == 1 ? "" : "s", g->undo.takebacks,
			        g->undo.takebacks == 1 ? "" : "s", g->undo.tokens[0],
			        g->undo.tokens[1]);
		const char *decl = g->declared ? g->declared : g->movetext_result;
		fprintf(f, ", result %s, board %s", decl ? decl : "none",
		        vc_result_string(g->board.result));
		if (g->board.termination != VC_TERM_NONE)
			fprintf(f, " by %s", vc_termination_word(g->board.termination));
		if (undo && g->undo.pending && g->board.termination != VC_TERM_AWAITING_DECISION &&
		    g->board.termination != VC_TERM_NONE)
			fprintf(f, " (accepted by %s)", color_word(vc_game_pos(g->game)->side, true));
		fprintf(f, "%s\n", g->valid ? "" : " (invalid: the events stop at the first error)");
	}
	if (h->failed)
		fprintf(f, "  (out of memory: the events above are incomplete)\n");
}

/* ---- JSON ------------------------------------------------------------------- */

static void json_tokens(struct vc_json *j, const char *key, const int t[2])
{
	vc_json_key(j, key);
	vc_json_begin_object(j);
	vc_json_kv_int(j, "white", t[0]);
	vc_json_kv_int(j, "black", t[1]);
	vc_json_end_object(j);
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

static void json_ply(struct vc_json *j, const struct node *n)
{
	char num[24];
	snprintf(num, sizeof num, "%u%s", n->fullmove, n->color == VC_WHITE ? "." : "...");
	vc_json_kv_int(j, "ply", n->ply);
	vc_json_kv_string(j, "move_number", num);
	vc_json_kv_string(j, "san", n->san);
	vc_json_kv_string(j, "uci", n->uci);
}

struct json_ctx {
	struct replay *R;
	const struct vc_gc_game *g;
};

static void json_extra(void *ctx, struct vc_json *j)
{
	struct json_ctx *jc = ctx;
	const struct history *h = &jc->R->h;
	const struct vc_gc_game *g = jc->g;
	bool undo = is_undo_game(g);
	if (g->setup_ok)
		vc_json_kv_string(j, "start_fen", g->start_fen);
	else
		vc_json_kv_null(j, "start_fen");
	if (undo && g->setup_ok && tokens_known(g)) {
		int t[2];
		start_tokens(jc->R, g, t);
		json_tokens(j, "start_tokens", t);
	}
	vc_json_key(j, "history");
	vc_json_begin_array(j);
	for (int i = 0; i < h->nevents; i++) {
		const struct event *e = &h->events[i];
		vc_json_begin_object(j);
		vc_json_kv_int(j, "event", i + 1);
		vc_json_kv_string(j, "type", e->type == EV_MOVE ? "move" : "takeback");
		vc_json_kv_string(j, "by", color_word(e->color, false));
		vc_json_kv_uint(j, "line", e->line);
		vc_json_kv_uint(j, "column", e->column);
		if (e->type == EV_MOVE) {
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
		if (undo)
			json_tokens(j, "tokens", e->tokens);
		json_clock(j, e->clock);
		vc_json_kv_string(j, "fen", e->fen);
		if (e->type == EV_MOVE && e->outcome.termination != VC_TERM_NONE) {
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

/* ---- final PGN -------------------------------------------------------------- */

/* Movetext with line wrapping at 79 columns (PGN export format, 8.2.6);
 * a token (a comment included) is never split, and "(" stays with the
 * token after it. In a comment (`comment`), no comment is nested: clocks
 * and {taken back} marks are left out. */
struct pgnw {
	FILE *f;
	int col;
	bool open;    /* "(" waiting for the next token */
	bool comment; /* writing inside a {...} comment */
};

static void put(struct pgnw *w, const char *tok)
{
	char buf[128];
	if (w->open) {
		snprintf(buf, sizeof buf, "( %s", tok);
		tok = buf;
		w->open = false;
	}
	int len = (int)strlen(tok);
	if (w->col > 0 && w->col + 1 + len > 79) {
		fputc('\n', w->f);
		w->col = 0;
	}
	if (w->col > 0) {
		fputc(' ', w->f);
		w->col++;
	}
	fputs(tok, w->f);
	w->col += len;
}

static void put_open(struct pgnw *w)
{
	w->open = true;
}

/* A ply with its move number when it needs one (White always, Black after
 * a comment or variation), then its clock. Returns whether the next Black
 * ply needs its number. */
static bool put_ply(struct pgnw *w, const struct node *n, bool need_number, bool with_clock)
{
	char num[24];
	if (n->color == VC_WHITE || need_number) {
		snprintf(num, sizeof num, "%u%s", n->fullmove, n->color == VC_WHITE ? "." : "...");
		put(w, num);
	}
	put(w, n->san);
	if (with_clock && n->clock >= 0 && !w->comment) {
		char ck[32], com[48];
		vc_clock_text(n->clock, ck, sizeof ck);
		snprintf(com, sizeof com, "{[%%clk %s]}", ck);
		put(w, com);
		return true;
	}
	return false;
}

static int first_child(const struct history *h, int parent)
{
	return parent < 0 ? h->root_first : h->nodes[parent].first_child;
}

static int last_child(const struct history *h, int parent)
{
	return parent < 0 ? h->root_last : h->nodes[parent].last_child;
}

/* The ply the line goes on with from `parent`: in the main line the one
 * that stands, in a taken-back line the one played last from there (the
 * line that stood when the stretch was taken back); -1 when none. */
static int next_in_line(const struct history *h, int parent, bool main)
{
	if (!main)
		return last_child(h, parent);
	for (int c = first_child(h, parent); c >= 0; c = h->nodes[c].next_sibling)
		if (h->nodes[c].standing)
			return c;
	return -1;
}

/* Write the line that leaves `parent` with ply `m`: each ply, then the
 * other plies played from the same position as variations (not for the
 * first ply of a variation: its siblings are its caller's), and on. */
static void put_line(struct pgnw *w, const struct history *h, int parent, int m,
                     bool need_number, bool main, bool variation_start)
{
	const struct node *N = h->nodes;
	for (;;) {
		need_number = put_ply(w, &N[m], need_number, true);
		if (!variation_start) {
			for (int c = first_child(h, parent); c >= 0; c = N[c].next_sibling) {
				if (c == m)
					continue;
				put_open(w);
				if (!w->comment)
					put(w, "{taken back}");
				put_line(w, h, parent, c, true, false, true);
				put(w, ")");
				need_number = true;
			}
		}
		variation_start = false;
		parent = m;
		m = next_in_line(h, parent, main);
		if (m < 0)
			break;
	}
}

/* The movetext of the standing game and its taken-back stretches. */
static void put_movetext(struct pgnw *w, const struct history *h)
{
	const struct node *N = h->nodes;
	int m = next_in_line(h, -1, true);
	int tip = -1;
	if (m >= 0) {
		put_line(w, h, -1, m, true, true, false);
		tip = h->line[h->nline - 1];
	}
	/* Plies taken back at the end of the standing line, with nothing
	 * played in their place: PGN puts a variation beside a move, so the
	 * variation repeats the last standing ply and {taken back} stands
	 * before the first removed one. When no ply stands at all there is no
	 * move to stand beside (and readers such as python-chess would read a
	 * variation there as the main line): each stretch becomes a comment
	 * {taken back: 1. e4 e5}. */
	for (int c = first_child(h, tip); c >= 0; c = N[c].next_sibling) {
		if (N[c].standing)
			continue;
		if (tip < 0) {
			put(w, "{taken back:");
			w->comment = true;
			put_line(w, h, tip, c, true, false, true);
			w->comment = false;
			fputc('}', w->f);
			w->col++;
			continue;
		}
		put_open(w);
		put_ply(w, &N[tip], true, false);
		put(w, "{taken back}");
		put_line(w, h, tip, c, true, false, true);
		put(w, ")");
	}
}

static void put_tag(FILE *f, const char *name, const char *value)
{
	fprintf(f, "[%s \"", name);
	for (const char *p = value; *p; p++) {
		if (*p == '"' || *p == '\\')
			fputc('\\', f);
		fputc(*p, f);
	}
	fputs("\"]\n", f);
}

static const char *const str_tags[] = { "Event", "Site", "Date", "Round", "White", "Black" };
static const char *const str_default[] = { "?", "?", "????.??.??", "?", "?", "?" };

/* Tags the final PGN writes itself or drops (Undo Chess only). */
static bool own_tag(const char *name)
{
	static const char *const own[] = { "Event", "Site", "Date", "Round", "White", "Black",
		                           "Result", "Variant", "SetUp", "FEN", "TakebackTokens",
		                           "PlyCount" };
	for (size_t i = 0; i < sizeof own / sizeof *own; i++)
		if (strcmp(name, own[i]) == 0)
			return true;
	return false;
}

static void final_pgn_game(struct replay *R, const struct vc_gc_game *g)
{
	FILE *f = R->out;
	const struct history *h = &R->h;
	if (!R->first_pgn)
		fputc('\n', f);
	R->first_pgn = false;
	for (size_t i = 0; i < sizeof str_tags / sizeof *str_tags; i++) {
		const char *v = tag_of(g, str_tags[i]);
		put_tag(f, str_tags[i], v ? v : str_default[i]);
	}
	enum vc_result res = VC_RES_NONE; /* "*" when no result is known */
	vc_result_parse(g->declared ? g->declared : g->movetext_result, &res);
	const char *result = vc_result_string(res);
	put_tag(f, "Result", result);
	/* Undo Chess is written as Chess960; other variants as themselves. */
	int vid = is_undo_game(g) ? VC_CHESS960 : g->variant_id;
	const struct vc_variant *v = vc_variant_get(vid);
	if (vid != VC_STANDARD)
		put_tag(f, "Variant", v->aliases && v->aliases[0] ? v->aliases[0] : v->name);
	if (vid == VC_CHESS960 || strcmp(g->start_fen, v->start_fen) != 0) {
		put_tag(f, "SetUp", "1");
		put_tag(f, "FEN", g->start_fen);
	}
	for (int i = 0; i < g->ntags; i++)
		if (!own_tag(g->tags[i].name))
			put_tag(f, g->tags[i].name, g->tags[i].value);
	fputc('\n', f);
	struct pgnw w = { f, 0, false, false };
	put_movetext(&w, h);
	put(&w, result);
	fputc('\n', f);
}

/* ---- driving ------------------------------------------------------------------ */

static int on_game(void *user, const struct vc_gc_game *g)
{
	struct replay *R = user;
	struct history *h = &R->h;
	for (int i = 0; i < h->nline; i++)
		h->nodes[h->line[i]].standing = true;
	if (R->final_pgn) {
		vc_report_game(&R->rep, g, NULL, NULL);
		if (g->valid && g->setup_ok && !h->failed)
			final_pgn_game(R, g);
		else
			vc_cli_error("replay", "%s: game %llu not written to the final PGN: %s",
			             g->source, (unsigned long long)g->index,
			             h->failed ? "out of memory" : "invalid");
	} else {
		if (R->opts.format == VC_FORMAT_TEXT && !R->opts.quiet)
			text_game(R, g);
		struct json_ctx jc = { R, g };
		vc_report_game(&R->rep, g, json_extra, &jc);
	}
	vc_cli_check_output(R->out);
	history_clear(h);
	if (!g->valid) {
		R->invalid++;
		if (R->opts.max_errors > 0 && R->invalid >= R->opts.max_errors)
			return 1; /* the input loop stops */
	}
	return 0;
}

static int own_option(void *ctx, int opt, const char *arg)
{
	struct replay *R = ctx;
	(void)arg;
	switch (opt) {
	case O_FINAL_PGN: R->final_pgn = true; break;
	case O_SHREDDER: R->shredder = true; break;
	default: break;
	}
	return 0;
}

int cmd_replay(int argc, char **argv)
{
	struct replay R;
	memset(&R, 0, sizeof R);
	struct vc_cli_spec spec = {
		.name = "replay", .usage = usage,
		.common = VC_OPT_VARIANT | VC_OPT_RULES | VC_OPT_FORMAT | VC_OPT_STRICT |
		          VC_OPT_QUIET | VC_OPT_VERBOSE | VC_OPT_OUTPUT | VC_OPT_MAX_ERRORS |
		          VC_OPT_MAX_RATIO,
		.options = own_options, .handle = own_option, .ctx = &R,
	};
	int first;
	int rc = vc_cli_parse(argc, argv, &spec, &R.opts, &first);
	if (rc != VC_CLI_CONTINUE)
		return rc;
	if (first >= argc)
		return vc_cli_usage_error("replay", "no input file (use '-' for standard input)");
	if (R.final_pgn && R.opts.format != VC_FORMAT_TEXT)
		return vc_cli_usage_error("replay", "--final-pgn writes PGN: --format does not "
		                                    "apply");

	/* before the output is opened: it must not be an input (it would be
	 * emptied before it is read; common.h) */
	const struct vc_cli_output outs[] = {
		{ R.final_pgn ? "--final-pgn -o" : "-o", vc_cli_report_path(&R.opts),
		  !R.final_pgn },
	};
	rc = vc_cli_check_outputs("replay", outs, 1, argv + first, argc - first);
	if (rc != VC_EXIT_OK)
		return rc;
	R.out = vc_cli_open_output("replay", &R.opts);
	if (!R.out)
		return VC_EXIT_INPUT;
	R.first_pgn = true;
	if (R.final_pgn) {
		/* the PGN owns the output: findings go to stderr, as text, and
		 * the summary only when asked for */
		struct vc_cli_opts ro = R.opts;
		ro.format = VC_FORMAT_TEXT;
		vc_report_init(&R.rep, stderr, &ro, "replay", R.shredder);
	} else {
		vc_report_init(&R.rep, R.out, &R.opts, "replay", R.shredder);
	}
	history_clear(&R.h);

	struct vc_gc_options go = {
		.variant = R.opts.variant,
		.rules = R.opts.rules,
		.strict = R.opts.strict,
		.want_start_fen = true,
	};
	struct vc_checker chk;
	if (vc_checker_init(&chk, &go, on_game, &R)) {
		vc_cli_error("replay", "out of memory");
		return VC_EXIT_INPUT;
	}
	vc_checker_on_event(&chk, on_event, &R);
	struct vc_input_options io;
	vc_cli_input_options(&R.opts, &io);
	struct vc_input_loop loop = {
		.rep = &R.rep, .chk = &chk, .on_game = on_game, .user = &R,
		.input_opts = &io,
	};
	int status = VC_EXIT_OK;
	for (int i = first; i < argc && !loop.stopped; i++) {
		history_clear(&R.h);
		if (vc_input_loop_path(&loop, argv[i]) == VC_EXIT_INPUT)
			status = VC_EXIT_INPUT;
	}
	vc_checker_release(&chk);
	if (!R.final_pgn || R.opts.verbose)
		vc_report_summary(&R.rep);
	history_release(&R.h);
	int closed = vc_cli_close_file("replay", R.out, vc_cli_report_path(&R.opts));
	if (status == VC_EXIT_INPUT || closed != VC_EXIT_OK)
		return VC_EXIT_INPUT;
	return vc_report_failed(&R.rep) ? VC_EXIT_FINDINGS : VC_EXIT_OK;
}
