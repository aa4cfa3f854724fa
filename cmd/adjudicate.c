/* vchess adjudicate: for every game, the result the rules give and why,
 * and whether the declared result agrees (RULES.md sections 2-6,
 * FORMATS.md section 4); optionally the corrected games (--fix-results)
 * and the event's score table (--standings).
 *
 * The verdict, in this order (one shared procedure; what differs between
 * variants comes from their hooks in lib/):
 *   1. the record could not be replayed to its end (an error other than
 *      those adjudicate explains itself): not judged, basis "invalid";
 *   2. the rules ended the game (the game checker's board outcome: the
 *      variant's outcome hook, fivefold repetition, Undo Chess pending
 *      mates): that result, basis "rules", at the ply where it happened,
 *      even when the record goes on after it;
 *   3. a time forfeit (Termination naming one, or a [%clk 0:00:00]): the
 *      flagged side loses unless vc_timeout_draw() says its opponent could
 *      never win, basis "rules";
 *   4. else the declared result is accepted as given, basis "declared".
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "commands.h"
#include "common.h"
#include "checker.h"
#include "inputloop.h"
#include "report.h"
#include "san.h"

static const char usage[] =
        "usage: vchess adjudicate [options] FILE...\n"
        "\n"
        "Judge every game of each FILE (PGN, or EPD/FEN positions one a line;\n"
        "'-' is standard input; compressed files and archives are opened by\n"
        "content): the result by the rules of its variant, the deciding rule,\n"
        "the ply where it applies, the declared Result and Termination, the\n"
        "basis (rules or declared) and whether the declared result agrees.\n"
        "Declared results the rules cannot confirm or refute (resignation,\n"
        "agreement, claims, adjudication by the event) are accepted as given;\n"
        "the report says when a threefold or fifty-move claim was available.\n"
        "\n"
        "Options:\n"
        VC_HELP_VARIANT
        VC_HELP_RULES
        VC_HELP_FORMAT
        VC_HELP_QUIET
        VC_HELP_VERBOSE
        VC_HELP_OUTPUT
        VC_HELP_MAX_RATIO
        "      --fix-results FILE  write the games to FILE with the Result tag and\n"
        "                       the result token set to the verdict where the\n"
        "                       rules decide it; every other byte unchanged\n"
        "                       ('-': standard output; then the report needs -o)\n"
        "      --standings      add the score table of the event (per player:\n"
        "                       games, points, wins, draws, losses)\n"
        "      --shredder       write FENs as Shredder-FEN (default X-FEN)\n"
        VC_HELP_HELP
        "\n"
        "Exit status: 0 all declared results agree, 1 a disagreement or a game\n"
        "that could not be judged, 2 usage error, 3 input unreadable.\n";

enum { O_FIX = VC_OPT_OWN, O_STANDINGS, O_SHREDDER };

static const struct option own_options[] = {
	{ "fix-results", required_argument, NULL, O_FIX },
	{ "standings", no_argument, NULL, O_STANDINGS },
	{ "shredder", no_argument, NULL, O_SHREDDER },
	{ 0, 0, 0, 0 },
};

/* ---- the verdict ------------------------------------------------------------ */

enum basis { BASIS_RULES, BASIS_DECLARED, BASIS_INVALID };
static const char *const basis_words[] = { "rules", "declared", "invalid" };

/* One game's adjudication. */
struct verdict {
	enum basis basis;
	enum vc_result result;       /* the verdict (the declared result when
	                                accepted as given; * when not judged) */
	enum vc_result by_rules;     /* what the rules alone say */
	enum vc_termination term;    /* VC_TERM_NONE only when not judged */
	int ply;                     /* where the deciding rule applied; -1 */
	bool agrees;
	const char *declared;        /* Result tag (raw text) or NULL */
	const char *movetext;        /* movetext result token or NULL */
	const char *termination_tag;
	/* time forfeit */
	int flagged;                 /* VC_WHITE / VC_BLACK, -1 none */
	const char *flag_source;     /* "termination" or "clock" */
	/* moves after the rules ended the game */
	int after_ply;               /* first ply after the end, -1 none */
	char after_move[48];
	/* claims available at the end (VC_CLAIM_*), and how */
	unsigned claims;
	bool three_on_board, fifty_on_board;
	char three_move[48], fifty_move[48];
	/* not judged: the first error that stopped the replay */
	const char *error_code;
	int error_ply;
};

/* The declared result: the Result tag, or the movetext result token when
 * the tag is missing or no result; NULL when neither is one. */
static const char *declared_result(const struct vc_gc_game *g)
{
	enum vc_result r;
	if (vc_result_parse(g->declared, &r))
		return g->declared;
	if (vc_result_parse(g->movetext_result, &r))
		return g->movetext_result;
	return NULL;
}

/* Errors that adjudicate explains in its own terms: the game is judged
 * all the same. */
static bool explained_error(enum vc_code code)
{
	return code == VC_F_MOVE_AFTER_END || code == VC_F_TAKEBACK_AFTER_END ||
	       code == VC_F_RESULT_MISMATCH || code == VC_F_RESULT_CONTRADICTS_BOARD ||
	       code == VC_F_BAD_RESULT_TAG;
}

/* Does `hay` contain `needle`, ignoring ASCII case? */
static bool contains_ci(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	for (; *hay; hay++)
		if (strncasecmp(hay, needle, n) == 0)
			return true;
	return false;
}

/* Who ran out of time (RULES.md section 2): from a Termination tag that
 * says so (lichess "Time forfeit", cutechess "time forfeit"; any wording
 * with "time" when the declared result is decisive), the loser of the
 * declared result, else the side whose last clock shows 0:00:00, else the
 * side to move at the end (its clock was running); or, with no
 * Termination tag at all, from a [%clk 0:00:00] comment. A Termination
 * tag that names another ending ("normal", "adjudication", ...) wins over
 * a clock shown as 0:00:00, which lichess also writes for a last move made
 * with less than a second left. Returns VC_WHITE, VC_BLACK or -1. */
static int flagged_side(const struct vc_gc_game *g, const struct vc_position *pos,
                        const char **source)
{
	const char *t = g->termination_tag;
	enum vc_result decl = VC_RES_NONE;
	bool known = vc_result_parse(declared_result(g), &decl);
	bool decisive = known && (decl == VC_RES_WHITE || decl == VC_RES_BLACK);
	bool zero[2] = { g->last_clock[VC_WHITE] >= 0 && g->last_clock[VC_WHITE] < 0.0005,
		         g->last_clock[VC_BLACK] >= 0 && g->last_clock[VC_BLACK] < 0.0005 };
	if (t && (contains_ci(t, "time forfeit") || (decisive && contains_ci(t, "time")))) {
		*source = "termination";
		if (decisive)
			return decl == VC_RES_WHITE ? VC_BLACK : VC_WHITE;
		if (zero[VC_WHITE] != zero[VC_BLACK])
			return zero[VC_WHITE] ? VC_WHITE : VC_BLACK;
		return pos->side;
	}
	if (t)
		return -1;
	*source = "clock";
	if (zero[VC_WHITE] && zero[VC_BLACK])
		return pos->side;
	if (zero[VC_WHITE] || zero[VC_BLACK])
		return zero[VC_WHITE] ? VC_WHITE : VC_BLACK;
	return -1;
}

/* Numbered move text ("4...Ng8") of legal move m in pos. */
static void move_label(const struct vc_position *pos, vc_move m, char *buf, size_t size)
{
	char text[32];
	const struct vc_variant *v = vc_variant_get(pos->variant);
	if (v->write_move)
		v->write_move(pos, m, text);
	else
		vc_san_write(pos, m, text);
	snprintf(buf, size, "%u%s%s", (unsigned)pos->fullmove,
	         pos->side == VC_WHITE ? "." : "...", text);
}

struct adjudicate;
static const struct vc_game *position_game(struct adjudicate *a, const struct vc_gc_game *g);

static void find_claims(struct verdict *v, const struct vc_game *game)
{
	unsigned on_board = vc_game_claims(game);
	vc_move three = VC_MOVE_NONE, fifty = VC_MOVE_NONE;
	unsigned by_move = vc_game_claims_by_move(game, &three, &fifty);
	const struct vc_position *pos = vc_game_pos(game);
	v->three_on_board = on_board & VC_CLAIM_THREEFOLD;
	v->fifty_on_board = on_board & VC_CLAIM_FIFTY;
	if (!v->three_on_board && (by_move & VC_CLAIM_THREEFOLD))
		move_label(pos, three, v->three_move, sizeof v->three_move);
	if (!v->fifty_on_board && (by_move & VC_CLAIM_FIFTY))
		move_label(pos, fifty, v->fifty_move, sizeof v->fifty_move);
	v->claims = on_board | by_move;
}

static void judge(struct adjudicate *a, const struct vc_gc_game *g, struct verdict *v)
{
	memset(v, 0, sizeof *v);
	v->declared = g->declared;
	v->movetext = g->movetext_result;
	v->termination_tag = g->termination_tag;
	v->flagged = -1;
	v->after_ply = -1;
	v->ply = -1;
	v->error_ply = -1;

	int explained = 0;
	for (int i = 0; i < g->nfindings; i++) {
		const struct vc_finding *f = &g->findings[i];
		if (!f->error)
			continue;
		if (explained_error(f->code)) {
			explained++;
			if (v->after_ply < 0 && (f->code == VC_F_MOVE_AFTER_END ||
			                         f->code == VC_F_TAKEBACK_AFTER_END)) {
				v->after_ply = f->ply;
				snprintf(v->after_move, sizeof v->after_move, "%s", f->move);
			}
		} else if (!v->error_code) {
			v->error_code = vc_code_word(f->code);
			v->error_ply = f->ply;
		}
	}
	if (!g->setup_ok || g->nerrors > explained) {
		v->basis = BASIS_INVALID;
		v->result = VC_RES_NONE;
		v->by_rules = VC_RES_NONE;
		v->term = VC_TERM_NONE;
		if (!v->error_code)
			v->error_code = vc_code_word(VC_F_TOO_MANY_ERRORS);
		v->agrees = false;
		return;
	}

	const struct vc_game *game = g->game ? g->game : position_game(a, g);
	const struct vc_position *pos = game ? vc_game_pos(game) : NULL;
	if (g->board.termination != VC_TERM_NONE) {
		v->basis = BASIS_RULES;
		v->result = v->by_rules = g->board.result;
		v->term = g->board.termination;
		v->ply = g->end_ply >= 0 ? g->end_ply : g->plies;
	} else {
		const char *src = NULL;
		int flagged = pos && g->game ? flagged_side(g, pos, &src) : -1;
		if (flagged >= 0) {
			bool draw = vc_timeout_draw(pos, flagged);
			v->basis = BASIS_RULES;
			v->flagged = flagged;
			v->flag_source = src;
			v->result = v->by_rules = draw ? VC_RES_DRAW
			                               : flagged == VC_WHITE ? VC_RES_BLACK : VC_RES_WHITE;
			v->term = draw ? VC_TERM_TIME_FORFEIT_INSUFFICIENT : VC_TERM_TIME_FORFEIT;
			v->ply = g->plies;
		} else {
			v->basis = BASIS_DECLARED;
			v->by_rules = VC_RES_NONE;
			v->term = VC_TERM_DECLARED;
			v->ply = g->plies;
			enum vc_result r = VC_RES_NONE;
			vc_result_parse(declared_result(g), &r);
			v->result = r;
		}
		if (game)
			find_claims(v, game);
	}

	/* Agreement: the declared result (Result tag and result token, where
	 * given) against the verdict. A record that declares nothing agrees
	 * only when there is nothing to declare: a position line (EPD/FEN), or
	 * a game the rules leave open. */
	const char *vt = vc_result_string(v->result);
	if (!v->declared && !v->movetext) {
		v->agrees = !g->game || v->result == VC_RES_NONE;
	} else {
		enum vc_result r;
		bool tag_ok = !v->declared || vc_result_parse(v->declared, &r);
		bool same = !v->declared || !v->movetext || strcmp(v->declared, v->movetext) == 0;
		const char *d = v->declared ? v->declared : v->movetext;
		v->agrees = tag_ok && same && (v->basis == BASIS_DECLARED || strcmp(d, vt) == 0);
	}
}

/* ---- standings -------------------------------------------------------------- */

struct player {
	char *name;
	long games, wins, draws, losses;
	long halves; /* points, in halves */
};

struct standings {
	struct player *p;
	size_t n, cap;
	size_t *slot;      /* open addressing: index+1 into p, 0 = empty */
	size_t nslots;
	long counted, unfinished;
};

static size_t name_hash(const char *s)
{
	size_t h = 1469598103934665603ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

/* The index of `name`'s row (added when new), or -1 (memory). Indexes,
 * not pointers: adding a row may move the rows. */
static long player_get(struct standings *st, const char *name)
{
	if (st->n * 2 >= st->nslots) {
		size_t ns = st->nslots ? st->nslots * 2 : 64;
		size_t *slot = calloc(ns, sizeof *slot);
		if (!slot)
			return -1;
		for (size_t i = 0; i < st->n; i++) {
			size_t h = name_hash(st->p[i].name) & (ns - 1);
			while (slot[h])
				h = (h + 1) & (ns - 1);
			slot[h] = i + 1;
		}
		free(st->slot);
		st->slot = slot;
		st->nslots = ns;
	}
	size_t h = name_hash(name) & (st->nslots - 1);
	while (st->slot[h]) {
		if (strcmp(st->p[st->slot[h] - 1].name, name) == 0)
			return (long)st->slot[h] - 1;
		h = (h + 1) & (st->nslots - 1);
	}
	if (st->n == st->cap) {
		size_t cap = st->cap ? st->cap * 2 : 32;
		struct player *np = realloc(st->p, cap * sizeof *np);
		if (!np)
			return -1;
		st->p = np;
		st->cap = cap;
	}
	struct player *p = &st->p[st->n];
	memset(p, 0, sizeof *p);
	p->name = strdup(name);
	if (!p->name)
		return -1;
	st->slot[h] = ++st->n;
	return (long)st->n - 1;
}

static void standings_add(struct standings *st, const char *white, const char *black,
                          enum vc_result r)
{
	if (r == VC_RES_NONE) {
		st->unfinished++;
		return;
	}
	long wi = player_get(st, white && *white ? white : "?");
	long bi = player_get(st, black && *black ? black : "?");
	if (wi < 0 || bi < 0)
		return;
	struct player *w = &st->p[wi], *b = &st->p[bi];
	st->counted++;
	w->games++;
	b->games++;
	if (r == VC_RES_DRAW) {
		w->draws++;
		b->draws++;
		w->halves++;
		b->halves++;
	} else {
		struct player *win = r == VC_RES_WHITE ? w : b, *lose = r == VC_RES_WHITE ? b : w;
		win->wins++;
		win->halves += 2;
		lose->losses++;
	}
}

static int player_cmp(const void *x, const void *y)
{
	const struct player *a = x, *b = y;
	if (a->halves != b->halves)
		return a->halves > b->halves ? -1 : 1;
	if (a->wins != b->wins)
		return a->wins > b->wins ? -1 : 1;
	return strcmp(a->name, b->name);
}

static void standings_release(struct standings *st)
{
	for (size_t i = 0; i < st->n; i++)
		free(st->p[i].name);
	free(st->p);
	free(st->slot);
}

/* ---- --fix-results: the input's bytes with corrected results ----------------- */

/* Bytes of the current stream from offset `base` on, kept until written. */
struct fixer {
	FILE *f;
	const char *path;
	char *buf;
	size_t len, cap;
	uint64_t base;     /* stream offset of buf[0] */
	bool any, last_nl; /* something written; it ended with a line end */
	bool failed;       /* out of memory: the output is incomplete */
	long fixed;        /* games corrected */
};

static void fix_write(struct fixer *fx, const char *p, size_t n)
{
	if (!n)
		return;
	fwrite(p, 1, n, fx->f);
	fx->any = true;
	fx->last_nl = p[n - 1] == '\n' || p[n - 1] == '\r';
}

static void fix_tap_begin(void *ctx, const char *source, const char *member)
{
	struct fixer *fx = ctx;
	(void)source;
	(void)member;
	if (fx->any && !fx->last_nl)
		fix_write(fx, "\n", 1); /* keep the next stream's first line apart */
	fx->len = 0;
	fx->base = 0;
}

static void fix_tap(void *ctx, const char *buf, size_t n)
{
	struct fixer *fx = ctx;
	if (fx->len + n > fx->cap) {
		size_t cap = fx->cap ? fx->cap : 1 << 16;
		while (cap < fx->len + n)
			cap *= 2;
		char *b = realloc(fx->buf, cap);
		if (!b) {
			/* write what is held and pass the rest through unchanged */
			fx->failed = true;
			fix_write(fx, fx->buf, fx->len);
			fix_write(fx, buf, n);
			fx->base += fx->len + n;
			fx->len = 0;
			return;
		}
		fx->buf = b;
		fx->cap = cap;
	}
	memcpy(fx->buf + fx->len, buf, n);
	fx->len += n;
}

static void fix_tap_end(void *ctx)
{
	struct fixer *fx = ctx;
	fix_write(fx, fx->buf, fx->len);
	fx->base += fx->len;
	fx->len = 0;
}

/* Write held bytes up to stream offset `to` unchanged. */
static void fix_flush_to(struct fixer *fx, uint64_t to)
{
	if (to <= fx->base)
		return;
	size_t n = to - fx->base > fx->len ? fx->len : (size_t)(to - fx->base);
	fix_write(fx, fx->buf, n);
	memmove(fx->buf, fx->buf + n, fx->len - n);
	fx->len -= n;
	fx->base += n;
}

static bool is_delim(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '(' || c == ')' ||
	       c == '{' || c == '}' || c == ';' || c == '[' || c == ']' || c == '"';
}

/* Where the Result tag's value and the main line's result token are in a
 * game's bytes: a small lexer that knows tags, comments, `%` lines and
 * variations. Offsets into p; -1 when absent. tag_end: one past the last
 * tag's ']' line (where a missing Result tag goes), eol: the game's line
 * end. */
struct result_spots {
	long tag_from, tag_to;
	long tok_from, tok_to;
	long tag_end;
	const char *eol;
};

static void find_result_spots(const char *p, size_t n, struct result_spots *s)
{
	s->tag_from = s->tag_to = s->tok_from = s->tok_to = s->tag_end = -1;
	s->eol = "\n";
	bool eol_seen = false;
	int depth = 0;
	bool line_start = true, movetext = false;
	size_t i = 0;
	while (i < n) {
		char c = p[i];
		if (c == '\n' || c == '\r') {
			if (!eol_seen) {
				s->eol = c == '\r' && i + 1 < n && p[i + 1] == '\n' ? "\r\n"
				         : c == '\r' ? "\r" : "\n";
				eol_seen = true;
			}
			line_start = true;
			i++;
			continue;
		}
		if (line_start && c == '%') {
			while (i < n && p[i] != '\n' && p[i] != '\r')
				i++;
			continue;
		}
		line_start = false;
		if (c == ' ' || c == '\t') {
			i++;
		} else if (c == '{') {
			while (i < n && p[i] != '}')
				i++;
			i++;
		} else if (c == ';') {
			while (i < n && p[i] != '\n' && p[i] != '\r')
				i++;
		} else if (c == '[' && !movetext) {
			/* [Name "value"] */
			size_t j = i + 1;
			while (j < n && (p[j] == ' ' || p[j] == '\t'))
				j++;
			size_t name = j;
			while (j < n && !is_delim(p[j]))
				j++;
			bool result = j - name == 6 && memcmp(p + name, "Result", 6) == 0;
			while (j < n && (p[j] == ' ' || p[j] == '\t'))
				j++;
			if (j < n && p[j] == '"') {
				size_t from = ++j;
				while (j < n && p[j] != '"') {
					if (p[j] == '\\' && j + 1 < n)
						j++;
					j++;
				}
				if (result) {
					s->tag_from = (long)from;
					s->tag_to = (long)j;
				}
			}
			while (j < n && p[j] != ']' && p[j] != '\n' && p[j] != '\r')
				j++;
			if (j < n && p[j] == ']')
				j++;
			/* the end of the tag's line, line end included */
			size_t e = j;
			while (e < n && p[e] != '\n' && p[e] != '\r')
				e++;
			if (e < n && p[e] == '\r' && e + 1 < n && p[e + 1] == '\n')
				e++;
			s->tag_end = (long)(e < n ? e + 1 : n);
			i = j;
		} else if (c == '(') {
			movetext = true;
			depth++;
			i++;
		} else if (c == ')') {
			if (depth > 0)
				depth--;
			i++;
		} else {
			movetext = true;
			size_t j = i;
			while (j < n && !is_delim(p[j]))
				j++;
			if (j == i)
				j++;
			size_t len = j - i;
			if (depth == 0 && ((len == 3 && (!memcmp(p + i, "1-0", 3) || !memcmp(p + i, "0-1", 3))) ||
			                   (len == 7 && !memcmp(p + i, "1/2-1/2", 7)) ||
			                   (len == 1 && p[i] == '*'))) {
				s->tok_from = (long)i;
				s->tok_to = (long)j;
			}
			i = j;
		}
	}
}

/* Copy one game, its results set to `result` when fix is true. */
static void fix_game(struct fixer *fx, const struct vc_gc_game *g, bool fix, const char *result)
{
	if (!g->raw)
		return; /* a position line: copied with the stream */
	uint64_t from = g->offset, to = g->offset + g->raw_len;
	fix_flush_to(fx, from);
	if (!fix || from != fx->base || to - fx->base > fx->len) {
		fix_flush_to(fx, to);
		return;
	}
	const char *p = fx->buf;
	size_t n = (size_t)(to - from);
	struct result_spots s;
	find_result_spots(p, n, &s);
	size_t at = 0;
	if (s.tag_from >= 0) {
		fix_write(fx, p, (size_t)s.tag_from);
		fix_write(fx, result, strlen(result));
		at = (size_t)s.tag_to;
	} else if (s.tag_end >= 0) {
		/* no Result tag: one after the last tag */
		fix_write(fx, p, (size_t)s.tag_end);
		fprintf(fx->f, "[Result \"%s\"]%s", result, s.eol);
		at = (size_t)s.tag_end;
	}
	if (s.tok_from >= 0) {
		fix_write(fx, p + at, (size_t)s.tok_from - at);
		fix_write(fx, result, strlen(result));
		fix_write(fx, p + s.tok_to, n - (size_t)s.tok_to);
	} else {
		/* no result token: one at the end of the movetext */
		fix_write(fx, p + at, n - at);
		fputc(' ', fx->f);
		fix_write(fx, result, strlen(result));
	}
	fx->fixed++;
	memmove(fx->buf, fx->buf + n, fx->len - n);
	fx->len -= n;
	fx->base += n;
}

/* ---- the command ------------------------------------------------------------ */

struct adjudicate {
	struct vc_cli_opts opts;
	const char *fix_path;
	bool standings, shredder;
	struct vc_report rep;
	struct verdict cur;          /* the game being reported */
	struct fixer fx;
	bool fixing;
	struct standings st;
	struct vc_game scratch;      /* positions of EPD lines, for claims */
	bool scratch_ok;
	/* counts */
	uint64_t games, agree, disagree, not_judged;
	uint64_t by_basis[3];
	uint64_t by_term[VC_TERM_N];
};

/* A one-position game for an EPD/FEN line (its claims), or NULL. */
static const struct vc_game *position_game(struct adjudicate *a, const struct vc_gc_game *g)
{
	if (!a->scratch_ok || !g->final_fen[0] || g->variant_id < 0)
		return NULL;
	struct vc_position pos;
	struct vc_fen_result fr;
	if (vc_fen_parse(&pos, g->final_fen, g->variant_id, &fr) != VC_FEN_OK)
		return NULL;
	vc_game_reset(&a->scratch, &pos);
	a->scratch.rules = a->opts.rules;
	return &a->scratch;
}

static const char *tag_of(const struct vc_gc_game *g, const char *name)
{
	for (int i = 0; i < g->ntags; i++)
		if (strcmp(g->tags[i].name, name) == 0)
			return g->tags[i].value;
	return NULL;
}

static const char *color_name(int c)
{
	return c == VC_WHITE ? "White" : "Black";
}

static void json_adjudication(void *ctx, struct vc_json *j)
{
	struct adjudicate *a = ctx;
	const struct verdict *v = &a->cur;
	vc_json_key(j, "adjudication");
	vc_json_begin_object(j);
	vc_json_kv_string(j, "result", vc_result_string(v->result));
	vc_json_kv_string(j, "termination", v->basis == BASIS_INVALID
	                                        ? "invalid-record" : vc_termination_word(v->term));
	if (v->ply >= 0)
		vc_json_kv_int(j, "ply", v->ply);
	else
		vc_json_kv_null(j, "ply");
	vc_json_kv_string(j, "basis", basis_words[v->basis]);
	vc_json_kv_bool(j, "agrees", v->agrees);
	vc_json_kv_string(j, "by_rules", vc_result_string(v->by_rules));
	vc_json_kv_string(j, "rules", a->opts.rules == VC_RULES_LICHESS ? "lichess" : "fide");
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
		vc_json_kv_string(j, "flag_source", v->flag_source);
	}
	if (v->after_ply >= 0) {
		vc_json_key(j, "moves_after_end");
		vc_json_begin_object(j);
		vc_json_kv_int(j, "ply", v->after_ply);
		vc_json_kv_string(j, "move", v->after_move[0] ? v->after_move : NULL);
		vc_json_end_object(j);
	}
	if (v->basis == BASIS_INVALID) {
		vc_json_kv_string(j, "error", v->error_code);
		if (v->error_ply > 0)
			vc_json_kv_int(j, "error_ply", v->error_ply);
		else
			vc_json_kv_null(j, "error_ply");
	}
	vc_json_end_object(j);
}

static void text_claims(FILE *f, const struct verdict *v)
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

static void text_game(struct adjudicate *a, const struct vc_gc_game *g)
{
	const struct verdict *v = &a->cur;
	FILE *f = a->rep.out;
	char loc[512];
	vc_report_location(loc, sizeof loc, g->source, g->member, g->line, 1);
	const char *w = tag_of(g, "White"), *b = tag_of(g, "Black");
	fprintf(f, "%s: game %llu", loc, (unsigned long long)g->index);
	if (w || b)
		fprintf(f, " (%s - %s)", w ? w : "?", b ? b : "?");
	fputs(": ", f);
	switch (v->basis) {
	case BASIS_INVALID:
		fputs("not judged", f);
		if (v->error_ply > 0)
			fprintf(f, ": the replay stops at ply %d", v->error_ply);
		fprintf(f, " [%s]", v->error_code);
		break;
	case BASIS_RULES:
		fprintf(f, "%s by %s at ply %d", vc_result_string(v->result),
		        vc_termination_word(v->term), v->ply);
		if (v->flagged >= 0) {
			fprintf(f, " (%s ran out of time", color_name(v->flagged));
			if (!strcmp(v->flag_source, "clock"))
				fputs(": clock 0:00:00", f);
			if (v->term == VC_TERM_TIME_FORFEIT_INSUFFICIENT)
				fprintf(f, "; %s cannot win", color_name(!v->flagged));
			fputc(')', f);
		}
		break;
	case BASIS_DECLARED:
		if (v->result == VC_RES_NONE)
			fputs("* (the rules do not end it)", f);
		else
			fprintf(f, "%s as declared (the rules alone give *)",
			        vc_result_string(v->result));
		break;
	}
	fputs("; declared ", f);
	if (v->declared)
		fputs(v->declared, f);
	else
		fputs("none", f);
	if (v->movetext && (!v->declared || strcmp(v->movetext, v->declared)))
		fprintf(f, ", movetext %s", v->movetext);
	if (v->termination_tag)
		fprintf(f, ", Termination \"%s\"", v->termination_tag);
	if (v->basis != BASIS_INVALID)
		fputs(v->agrees ? ": agrees" : ": disagrees", f);
	if (v->after_ply >= 0)
		fprintf(f, "; moves after the end from ply %d%s%s%s", v->after_ply,
		        v->after_move[0] ? " (" : "", v->after_move, v->after_move[0] ? ")" : "");
	text_claims(f, v);
	fputc('\n', f);
}

static int on_game(void *user, const struct vc_gc_game *g)
{
	struct adjudicate *a = user;
	struct verdict *v = &a->cur;
	judge(a, g, v);

	a->games++;
	a->by_basis[v->basis]++;
	if (v->basis == BASIS_INVALID)
		a->not_judged++;
	else if (v->agrees)
		a->agree++;
	else
		a->disagree++;
	if (v->basis != BASIS_INVALID)
		a->by_term[v->term]++;

	if (a->rep.format == VC_FORMAT_TEXT) {
		/* the checker's findings only where they say more than the
		 * verdict line: a record that could not be judged, --verbose */
		bool quiet = a->rep.quiet;
		if (v->basis != BASIS_INVALID && !a->rep.verbose)
			a->rep.quiet = true;
		vc_report_game(&a->rep, g, NULL, NULL);
		a->rep.quiet = quiet;
		if (!quiet)
			text_game(a, g);
	} else {
		vc_report_game(&a->rep, g, json_adjudication, a);
	}

	if (a->standings) {
		enum vc_result final = v->result;
		if (v->basis == BASIS_INVALID) {
			final = VC_RES_NONE;
			vc_result_parse(declared_result(g), &final);
		}
		if (g->game || g->ntags)
			standings_add(&a->st, tag_of(g, "White"), tag_of(g, "Black"), final);
	}
	if (a->fixing)
		fix_game(&a->fx, g, v->basis == BASIS_RULES && !v->agrees,
		         vc_result_string(v->result));
	vc_cli_check_output(a->rep.out);
	vc_cli_check_output(a->fx.f); /* --fix-results -: a closed pipe */
	return 0;
}

static const char *rules_word(enum vc_ruleset r)
{
	return r == VC_RULES_LICHESS ? "lichess" : "fide";
}

static void json_summary(void *ctx, struct vc_json *j)
{
	struct adjudicate *a = ctx;
	vc_json_key(j, "adjudication");
	vc_json_begin_object(j);
	vc_json_kv_uint(j, "agree", a->agree);
	vc_json_kv_uint(j, "disagree", a->disagree);
	vc_json_kv_uint(j, "not_judged", a->not_judged);
	vc_json_key(j, "by_basis");
	vc_json_begin_object(j);
	for (int b = 0; b < 3; b++)
		vc_json_kv_uint(j, basis_words[b], a->by_basis[b]);
	vc_json_end_object(j);
	vc_json_key(j, "by_termination");
	vc_json_begin_object(j);
	for (int t = 1; t < VC_TERM_N; t++)
		if (a->by_term[t])
			vc_json_kv_uint(j, vc_termination_word((enum vc_termination)t), a->by_term[t]);
	vc_json_end_object(j);
	if (a->fixing)
		vc_json_kv_int(j, "fixed", a->fx.fixed);
	vc_json_end_object(j);
	if (a->standings) {
		vc_json_key(j, "standings");
		vc_json_begin_array(j);
		long rank = 0;
		for (size_t i = 0; i < a->st.n; i++) {
			const struct player *p = &a->st.p[i];
			if (i == 0 || p->halves != a->st.p[i - 1].halves)
				rank = (long)i + 1;
			vc_json_begin_object(j);
			vc_json_kv_int(j, "rank", rank);
			vc_json_kv_string(j, "player", p->name);
			vc_json_kv_halves(j, "score", p->halves);
			vc_json_kv_int(j, "games", p->games);
			vc_json_kv_int(j, "wins", p->wins);
			vc_json_kv_int(j, "draws", p->draws);
			vc_json_kv_int(j, "losses", p->losses);
			vc_json_end_object(j);
		}
		vc_json_end_array(j);
		vc_json_kv_int(j, "standings_unfinished", a->st.unfinished);
	}
}

static void text_summary(struct adjudicate *a)
{
	FILE *f = a->rep.out;
	fprintf(f, "adjudicate: rules %s: %llu agree, %llu disagree, %llu not judged", rules_word(a->opts.rules),
	        (unsigned long long)a->agree, (unsigned long long)a->disagree,
	        (unsigned long long)a->not_judged);
	fprintf(f, "; basis rules %llu, declared %llu\n", (unsigned long long)a->by_basis[BASIS_RULES],
	        (unsigned long long)a->by_basis[BASIS_DECLARED]);
	for (int t = 1; t < VC_TERM_N; t++)
		if (a->by_term[t])
			fprintf(f, "  %-34s %llu\n", vc_termination_word((enum vc_termination)t),
			        (unsigned long long)a->by_term[t]);
	if (a->fixing)
		fprintf(f, "adjudicate: %ld games corrected in %s\n", a->fx.fixed,
		        strcmp(a->fix_path, "-") == 0 ? "standard output" : a->fix_path);
	if (!a->standings)
		return;
	fprintf(f, "standings: %ld games scored", a->st.counted);
	if (a->st.unfinished)
		fprintf(f, ", %ld without a result", a->st.unfinished);
	fputc('\n', f);
	fprintf(f, "%4s  %-32s %6s %7s %5s %6s %7s\n", "rank", "player", "games", "points", "wins",
	        "draws", "losses");
	long rank = 0;
	for (size_t i = 0; i < a->st.n; i++) {
		const struct player *p = &a->st.p[i];
		if (i == 0 || p->halves != a->st.p[i - 1].halves)
			rank = (long)i + 1;
		fprintf(f, "%4ld  %-32s %6ld %5ld%s %5ld %6ld %7ld\n", rank, p->name, p->games,
		        p->halves / 2, p->halves % 2 ? ".5" : "  ", p->wins, p->draws, p->losses);
	}
}

static int own_option(void *ctx, int opt, const char *arg)
{
	struct adjudicate *a = ctx;
	switch (opt) {
	case O_FIX: a->fix_path = arg; break;
	case O_STANDINGS: a->standings = true; break;
	case O_SHREDDER: a->shredder = true; break;
	default: break;
	}
	return 0;
}

int cmd_adjudicate(int argc, char **argv)
{
	struct adjudicate *a = calloc(1, sizeof *a);
	if (!a) {
		vc_cli_error("adjudicate", "out of memory");
		return VC_EXIT_INPUT;
	}
	struct vc_cli_spec spec = {
		.name = "adjudicate", .usage = usage,
		.common = VC_OPT_VARIANT | VC_OPT_RULES | VC_OPT_FORMAT | VC_OPT_QUIET |
		          VC_OPT_VERBOSE | VC_OPT_OUTPUT | VC_OPT_MAX_RATIO,
		.options = own_options, .handle = own_option, .ctx = a,
	};
	int first;
	int rc = vc_cli_parse(argc, argv, &spec, &a->opts, &first);
	if (rc != VC_CLI_CONTINUE) {
		free(a);
		return rc;
	}
	if (first >= argc) {
		free(a);
		return vc_cli_usage_error("adjudicate", "no input file (use '-' for standard input)");
	}
	/* before anything is opened: --fix-results FILE must not be an input
	 * (it would be emptied before it is read), nor the report's file, nor
	 * share standard output with the report (common.h) */
	const struct vc_cli_output outs[] = {
		{ "-o", vc_cli_report_path(&a->opts), true },
		{ "--fix-results", a->fix_path, false },
	};
	rc = vc_cli_check_outputs("adjudicate", outs, 2, argv + first, argc - first);
	if (rc != VC_EXIT_OK) {
		free(a);
		return rc;
	}
	FILE *out = vc_cli_open_output("adjudicate", &a->opts);
	if (!out) {
		free(a);
		return VC_EXIT_INPUT;
	}
	if (a->fix_path) {
		a->fx.f = vc_cli_open_file("adjudicate", a->fix_path);
		if (!a->fx.f) {
			vc_cli_close_output("adjudicate", out);
			free(a);
			return VC_EXIT_INPUT;
		}
		a->fx.path = a->fix_path;
		a->fixing = true;
	}
	vc_report_init(&a->rep, out, &a->opts, "adjudicate", a->shredder);
	a->scratch_ok = vc_game_init(&a->scratch, VC_STANDARD, a->opts.rules) == 0;

	struct vc_gc_options go = {
		.variant = a->opts.variant,
		.rules = a->opts.rules,
		.keep_raw = a->fixing,
	};
	struct vc_checker chk;
	if (vc_checker_init(&chk, &go, on_game, a)) {
		vc_cli_error("adjudicate", "out of memory");
		return VC_EXIT_INPUT;
	}
	struct vc_input_options io;
	vc_cli_input_options(&a->opts, &io);
	struct vc_input_loop loop = {
		.rep = &a->rep, .chk = &chk, .on_game = on_game, .user = a,
		.input_opts = &io,
	};
	if (a->fixing) {
		loop.tap_begin = fix_tap_begin;
		loop.tap = fix_tap;
		loop.tap_end = fix_tap_end;
		loop.tap_ctx = &a->fx;
	}
	int status = VC_EXIT_OK;
	for (int i = first; i < argc && !loop.stopped; i++)
		if (vc_input_loop_path(&loop, argv[i]) == VC_EXIT_INPUT)
			status = VC_EXIT_INPUT;
	vc_checker_release(&chk);

	if (a->standings && a->st.n) /* qsort of no players: p may be NULL */
		qsort(a->st.p, a->st.n, sizeof *a->st.p, player_cmp);
	if (a->rep.format == VC_FORMAT_TEXT) {
		vc_report_summary(&a->rep);
		text_summary(a);
	} else {
		vc_report_summary_ext(&a->rep, json_summary, a);
	}

	if (a->fixing) {
		if (a->fx.failed) {
			vc_cli_error("adjudicate", "out of memory: %s holds the games uncorrected "
			             "from some point on", a->fix_path);
			status = VC_EXIT_INPUT;
		}
		if (vc_cli_close_file("adjudicate", a->fx.f, a->fix_path) != VC_EXIT_OK)
			status = VC_EXIT_INPUT;
	}
	int closed = vc_cli_close_file("adjudicate", out, vc_cli_report_path(&a->opts));
	bool findings = a->disagree > 0 || a->not_judged > 0;
	if (a->scratch_ok)
		vc_game_release(&a->scratch);
	free(a->fx.buf);
	standings_release(&a->st);
	free(a);
	if (status == VC_EXIT_INPUT || closed != VC_EXIT_OK)
		return VC_EXIT_INPUT;
	return findings ? VC_EXIT_FINDINGS : VC_EXIT_OK;
}
