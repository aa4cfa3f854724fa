/* vchess - the standings and the crosstable as the reports write them
 * (report_standings.h). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "report_standings.h"
#include "textesc.h"
#include "utf8_internal.h"

/* Text from the input, escaped for a text report (textesc.h). */
static const char *esc(char *buf, size_t size, const char *s)
{
	return vc_text_needs_escape(s) ? vc_text_escape(buf, size, s) : s;
}

/* ---- columns of names --------------------------------------------------------
 * The text tables' name columns are as wide as the longest name as a
 * terminal shows it (arbiters' tools widen the column rather than cut a
 * name): each character of the escaped name (well-formed UTF-8, textesc.h)
 * takes one column, an East Asian wide or full-width one two, a combining
 * mark or zero-width space none (Unicode's EastAsianWidth W/F and general
 * category Mn, in their common blocks). */

static const uint32_t wide[][2] = {
	{ 0x1100, 0x115F }, { 0x2E80, 0x303E }, { 0x3041, 0x33FF }, { 0x3400, 0x4DBF },
	{ 0x4E00, 0x9FFF }, { 0xA000, 0xA4CF }, { 0xAC00, 0xD7A3 }, { 0xF900, 0xFAFF },
	{ 0xFE30, 0xFE4F }, { 0xFF00, 0xFF60 }, { 0xFFE0, 0xFFE6 }, { 0x1F300, 0x1F64F },
	{ 0x1F900, 0x1F9FF }, { 0x20000, 0x3FFFD },
};
static const uint32_t zero[][2] = {
	{ 0x0300, 0x036F }, { 0x0483, 0x0489 }, { 0x0591, 0x05BD }, { 0x0610, 0x061A },
	{ 0x064B, 0x065F }, { 0x200B, 0x200F }, { 0x20D0, 0x20FF }, { 0xFE00, 0xFE0F },
	{ 0xFE20, 0xFE2F },
};

static bool in_ranges(uint32_t cp, const uint32_t (*r)[2], size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (cp >= r[i][0] && cp <= r[i][1])
			return true;
	return false;
}

/* The columns s takes (escaped text: well-formed UTF-8; any other byte
 * counts one). */
static size_t text_width(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t w = 0;
	while (*p) {
		size_t len = *p < 0x80 ? 1 : vc_utf8_len(p, SIZE_MAX);
		if (len <= 1) {
			w++;
			p++;
			continue;
		}
		uint32_t cp = p[0] & (0x7Fu >> len);
		for (size_t i = 1; i < len; i++)
			cp = cp << 6 | (p[i] & 0x3Fu);
		w += in_ranges(cp, zero, sizeof zero / sizeof zero[0])   ? 0
		     : in_ranges(cp, wide, sizeof wide / sizeof wide[0]) ? 2
		                                                         : 1;
		p += len;
	}
	return w;
}

/* s, then spaces up to `width` columns. */
static void put_padded(FILE *f, const char *s, size_t width)
{
	fputs(s, f);
	for (size_t w = text_width(s); w < width; w++)
		putc(' ', f);
}

/* The name column's width: the widest escaped name, at least `least`. */
static size_t name_width(const struct vc_standings *st, size_t least)
{
	char buf[1024];
	for (size_t i = 0; i < st->n; i++) {
		size_t w = text_width(esc(buf, sizeof buf, st->p[i].name));
		if (w > least)
			least = w;
	}
	return least;
}

const char *vc_standings_value(const struct vc_player *p, enum vc_tiebreak t, char *buf,
                               size_t size)
{
	if (!p->has_tb[t]) {
		snprintf(buf, size, "-");
		return buf;
	}
	snprintf(buf, size, "%.2f", p->tb[t]);
	char *dot = strchr(buf, '.');
	if (dot) {
		char *e = buf + strlen(buf);
		while (e > dot + 1 && e[-1] == '0')
			*--e = '\0';
		if (e == dot + 1)
			*dot = '\0';
	}
	return buf;
}

static const char *points(long halves, char *buf, size_t size)
{
	snprintf(buf, size, "%ld%s", halves / 2, halves % 2 ? ".5" : "");
	return buf;
}

/* ---- the table --------------------------------------------------------------- */

/* The games scored by their declared result because the rules could not
 * judge the record (the crosstable's footnotes). */
static size_t declared_games(const struct vc_standings *st)
{
	size_t n = 0;
	for (size_t i = 0; i < st->ngames; i++)
		n += (st->games[i].flags & VC_SG_DECLARED) != 0;
	return n;
}

/* A tie-break column's name in the text tables and the CSV: "tb-" and the
 * word of --tiebreak, so that no tie-break (wins) reads as a count column
 * (wins) of the same name. */
#define TB_PREFIX "tb-"

/* The width of tie-break k's column: its name, prefix included. */
static int tb_width(const struct vc_standings *st, int k)
{
	return (int)(strlen(TB_PREFIX) + strlen(vc_tiebreak_word(st->tb[k])));
}

void vc_standings_text(FILE *f, const struct vc_standings *st)
{
	char buf[512];
	fprintf(f, "standings: %ld game%s scored", st->counted, st->counted == 1 ? "" : "s");
	if (st->unfinished)
		fprintf(f, ", %ld without a result", st->unfinished);
	fputc('\n', f);
	size_t nd = declared_games(st);
	if (nd)
		fprintf(f, "standings: %zu game%s scored by %s declared result: the rules could not "
		        "judge the record%s (--crosstable lists %s)\n", nd,
		        nd == 1 ? "" : "s", nd == 1 ? "its" : "their", nd == 1 ? "" : "s",
		        nd == 1 ? "it" : "them");
	if (st->system != VC_SYSTEM_AUTO) {
		fprintf(f, "standings: %s", st->system == VC_SYSTEM_RR ? "round robin" : "Swiss");
		if (st->rounds)
			fprintf(f, ", %d round%s", st->rounds, st->rounds == 1 ? "" : "s");
		fputs("; tie-breaks", f);
		for (int k = 0; k < st->ntb; k++)
			fprintf(f, "%s%s", k ? ", " : " ", vc_tiebreak_word(st->tb[k]));
		if (!st->ntb)
			fputs(" none", f);
		fputc('\n', f);
	}
	for (size_t i = 0; i < st->nfindings; i++)
		fprintf(f, "standings: warning %s: %s\n", st->findings[i].code,
		        esc(buf, sizeof buf, st->findings[i].message));
	if (st->findings_omitted)
		fprintf(f, "standings: %zu more warnings not shown\n", st->findings_omitted);
	/* 32 columns at least, as wide as the widest name */
	const size_t namew = name_width(st, 32);
	fprintf(f, "%4s  ", "rank");
	put_padded(f, "player", namew);
	fprintf(f, " %6s %7s %5s %6s %7s", "games", "points", "wins", "draws", "losses");
	for (int k = 0; k < st->ntb; k++)
		fprintf(f, " " TB_PREFIX "%s", vc_tiebreak_word(st->tb[k]));
	fputc('\n', f);
	for (size_t i = 0; i < st->n; i++) {
		const struct vc_player *p = &st->p[i];
		char nb[1024];
		fprintf(f, "%4ld  ", p->rank);
		put_padded(f, esc(nb, sizeof nb, p->name), namew);
		fprintf(f, " %6ld %5ld%s %5ld %6ld %7ld", p->games, p->halves / 2, p->halves % 2 ? ".5" : "  ", p->wins, p->draws, p->losses);
		for (int k = 0; k < st->ntb; k++) {
			char v[32];
			fprintf(f, " %*s", tb_width(st, k), vc_standings_value(p, st->tb[k], v, sizeof v));
		}
		fputc('\n', f);
	}
}

static void json_value(struct vc_json *j, const struct vc_player *p, enum vc_tiebreak t)
{
	vc_json_key(j, vc_tiebreak_word(t));
	if (!p->has_tb[t])
		vc_json_null(j);
	else if (t == VC_TB_ARO || t == VC_TB_WINS || t == VC_TB_BLACK_GAMES)
		vc_json_int(j, (int64_t)p->tb[t]);
	else
		vc_json_double(j, p->tb[t]);
}

void vc_standings_json(struct vc_json *j, const struct vc_standings *st)
{
	vc_json_key(j, "standings");
	vc_json_begin_array(j);
	for (size_t i = 0; i < st->n; i++) {
		const struct vc_player *p = &st->p[i];
		vc_json_begin_object(j);
		vc_json_kv_int(j, "rank", p->rank);
		vc_json_kv_string(j, "player", p->name);
		vc_json_kv_halves(j, "score", p->halves);
		vc_json_kv_int(j, "games", p->games);
		vc_json_kv_int(j, "wins", p->wins);
		vc_json_kv_int(j, "draws", p->draws);
		vc_json_kv_int(j, "losses", p->losses);
		vc_json_key(j, "tiebreaks");
		vc_json_begin_object(j);
		for (int k = 0; k < st->ntb; k++)
			json_value(j, p, st->tb[k]);
		vc_json_end_object(j);
		vc_json_end_object(j);
	}
	vc_json_end_array(j);
	vc_json_kv_int(j, "standings_unfinished", st->unfinished);
	if (st->system != VC_SYSTEM_AUTO)
		vc_json_kv_string(j, "standings_system", vc_system_word(st->system));
	else
		vc_json_kv_null(j, "standings_system");
	vc_json_key(j, "standings_tiebreaks");
	vc_json_begin_array(j);
	for (int k = 0; k < st->ntb; k++)
		vc_json_string(j, vc_tiebreak_word(st->tb[k]));
	vc_json_end_array(j);
	vc_json_kv_int(j, "standings_rounds", st->rounds);
	vc_json_key(j, "standings_findings");
	vc_json_begin_array(j);
	for (size_t i = 0; i < st->nfindings; i++) {
		vc_json_begin_object(j);
		vc_json_kv_string(j, "code", st->findings[i].code);
		vc_json_kv_string(j, "message", st->findings[i].message);
		vc_json_end_object(j);
	}
	vc_json_end_array(j);
	vc_json_kv_uint(j, "standings_findings_omitted", st->findings_omitted);
}

/* s between double quotes, after PREFIX, its quotes doubled (RFC 4180). */
static void csv_quoted(FILE *f, const char *prefix, const char *s)
{
	fputc('"', f);
	fputs(prefix, f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static void csv_field(FILE *f, const char *s)
{
	if (!strpbrk(s, ",\"\r\n"))
		fputs(s, f);
	else
		csv_quoted(f, "", s);
}

/* A field of text from the games (a player's name, a footnote naming a
 * file): one that begins with = + - @, a tab or a carriage return, which a
 * spreadsheet would read as a formula, gets a leading ' and quotes (OWASP,
 * CSV injection; vchess-adjudicate(1) STANDINGS). The table's own cells
 * (results, "---") are written as they are. */
static void csv_text(FILE *f, const char *s)
{
	if (!*s || !strchr("=+-@\t\r", *s))
		csv_field(f, s);
	else
		csv_quoted(f, "'", s);
}

/* ---- the crosstable ---------------------------------------------------------- */

/* One round of one player as the crosstable shows it. */
struct xgame {
	int round;
	long opp;                    /* the opponent's row; -1 bye, -2 absent */
	char colour;                 /* 'w', 'b'; 0 unplayed */
	int halves;
	bool unplayed;
	int footnote;                /* 1..; 0 none */
	size_t game;                 /* index into st->games */
};

struct xtab {
	size_t n;
	struct xgame **g;            /* per row */
	size_t *ng;
	int cols;                    /* Swiss: rounds (or most games); RR: n */
	int *colround;               /* Swiss with rounds: column -> round number
	                                (only the round numbers games have) */
	bool multi;                  /* a round robin of several cycles */
	size_t *notes;               /* footnote k+1 -> game index */
	size_t nnotes;
};

static int xgame_cmp(const void *x, const void *y)
{
	const struct xgame *a = x, *b = y;
	if (a->round != b->round)
		return a->round < b->round ? -1 : 1;
	return a->game < b->game ? -1 : a->game > b->game;
}

static void xtab_free(struct xtab *x)
{
	if (x->g)
		for (size_t i = 0; i < x->n; i++)
			free(x->g[i]);
	free(x->g);
	free(x->ng);
	free(x->notes);
	free(x->colround);
}

/* false: out of memory */
static bool xtab_build(struct xtab *x, const struct vc_standings *st)
{
	memset(x, 0, sizeof *x);
	size_t n = x->n = st->n;
	long *row = calloc(n + 1, sizeof *row);
	size_t *cap = calloc(n + 1, sizeof *cap);
	x->g = calloc(n + 1, sizeof *x->g);
	x->ng = calloc(n + 1, sizeof *x->ng);
	x->notes = calloc(st->ngames + 1, sizeof *x->notes);
	bool ok = row && cap && x->g && x->ng && x->notes;
	for (size_t i = 0; ok && i < n; i++)
		row[st->p[i].id] = (long)i;
	for (size_t i = 0; ok && i < st->ngames; i++) {
		const struct vc_sgame *sg = &st->games[i];
		int wh = sg->result == VC_RES_WHITE ? 2 : sg->result == VC_RES_DRAW ? 1 : 0;
		int note = 0;
		if (sg->flags & VC_SG_DECLARED) {
			x->notes[x->nnotes++] = i;
			note = (int)x->nnotes;
		}
		for (int side = 0; side < 2 && ok; side++) {
			long me = side ? sg->black : sg->white, opp = side ? sg->white : sg->black;
			if (me < 0)
				continue;
			size_t r = (size_t)row[me];
			if (x->ng[r] == cap[r]) {
				size_t c = cap[r] ? 2 * cap[r] : 8;
				struct xgame *ng = realloc(x->g[r], c * sizeof *ng);
				if (!ng) {
					ok = false;
					break;
				}
				x->g[r] = ng;
				cap[r] = c;
			}
			bool unplayed = sg->flags & VC_SG_UNPLAYED;
			x->g[r][x->ng[r]++] = (struct xgame){
				.round = st->rounds ? sg->round : 0, .opp = opp < 0 ? -1 : row[opp],
				.colour = unplayed ? 0 : side ? 'b' : 'w', .halves = side ? 2 - wh : wh,
				.unplayed = unplayed, .footnote = note, .game = i,
			};
		}
	}
	free(row);
	free(cap);
	if (!ok) {
		xtab_free(x);
		return false;
	}
	int most = 0;
	for (size_t i = 0; i < n; i++) {
		qsort(x->g[i], x->ng[i], sizeof *x->g[i], xgame_cmp);
		if ((int)x->ng[i] > most)
			most = (int)x->ng[i];
		for (size_t k = 0; k < x->ng[i] && !x->multi; k++)
			for (size_t m = k + 1; m < x->ng[i] && !x->multi; m++)
				x->multi = x->g[i][k].opp >= 0 && x->g[i][k].opp == x->g[i][m].opp;
	}
	x->cols = st->system == VC_SYSTEM_RR ? (int)n : st->rounds ? 0 : most;
	if (st->system != VC_SYSTEM_RR && st->rounds) {
		/* a column per round number some game has: "Round 1000" in an
		 * event of 9 rounds makes 10 columns, not 1000 */
		unsigned char *has = calloc((size_t)st->rounds + 1, 1);
		x->colround = malloc(((size_t)st->rounds + 1) * sizeof *x->colround);
		if (!has || !x->colround) {
			free(has);
			xtab_free(x);
			return false;
		}
		for (size_t i = 0; i < st->ngames; i++)
			if (st->games[i].round > 0 && st->games[i].round <= st->rounds)
				has[st->games[i].round] = 1;
		for (int r = 1; r <= st->rounds; r++)
			if (has[r])
				x->colround[x->cols++] = r;
		free(has);
	}
	return true;
}

/* The heading of column c: the round number, or the column's place. */
static int col_label(const struct xtab *x, int c)
{
	return x->colround ? x->colround[c] : c + 1;
}

static const char *symbol(int halves, bool unplayed, bool html)
{
	if (unplayed)
		return halves == 2 ? "+" : halves == 1 ? "=" : "-";
	return halves == 2 ? "1" : halves == 1 ? (html ? "\xc2\xbd" : "=") : "0";
}

/* The text of one round (Swiss) or one encounter list (RR) into buf. */
static void cell_text(const struct xtab *x, const struct vc_standings *st, size_t i, int col,
                      bool html, char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = '\0';
#define PUT(...) \
	do { \
		if (len < size) { \
			int k_ = snprintf(buf + len, size - len, __VA_ARGS__); \
			if (k_ > 0) \
				len += (size_t)k_; \
		} \
	} while (0)
	if (st->system == VC_SYSTEM_RR) {
		if ((size_t)col == i) {
			PUT("%s", html ? "\xe2\x96\xa0" : "X");
			return;
		}
		for (size_t k = 0; k < x->ng[i]; k++) {
			const struct xgame *g = &x->g[i][k];
			if (g->opp != col)
				continue;
			if (x->multi && g->colour)
				PUT("%c", g->colour);
			PUT("%s", symbol(g->halves, g->unplayed, html));
			if (g->footnote)
				PUT("*%d", g->footnote);
		}
		if (!len)
			PUT(".");
		return;
	}
	/* Swiss: the games of round col+1 (or the col-th game without rounds) */
	for (size_t k = 0; k < x->ng[i]; k++) {
		const struct xgame *g = &x->g[i][k];
		if (x->colround ? g->round != x->colround[col] : (int)k != col)
			continue;
		if (len)
			PUT("/");
		if (g->opp < 0)
			PUT("bye%s", symbol(g->halves, true, html));
		else if (g->unplayed)
			PUT("%ld%s", st->p[g->opp].rank, symbol(g->halves, true, html));
		else
			PUT("%ld%c%s", st->p[g->opp].rank, g->colour, symbol(g->halves, false, html));
		if (g->footnote)
			PUT("*%d", g->footnote);
	}
	if (!len)
		PUT("---");
#undef PUT
}

static void note_text(const struct vc_standings *st, size_t game, char *buf, size_t size)
{
	const struct vc_sgame *g = &st->games[game];
	char w[160], b[160];
	snprintf(w, sizeof w, "%s", "BYE");
	snprintf(b, sizeof b, "%s", "BYE");
	for (size_t i = 0; i < st->n; i++) {
		if (st->p[i].id == g->white)
			snprintf(w, sizeof w, "%s", st->p[i].name);
		if (st->p[i].id == g->black)
			snprintf(b, sizeof b, "%s", st->p[i].name);
	}
	const char *res = g->result == VC_RES_WHITE ? "1-0" : g->result == VC_RES_BLACK ? "0-1"
	                                                                            : "1/2-1/2";
	snprintf(buf, size, "%s game %llu (%s - %s): scored %s as declared; the rules could "
	         "not judge the record", g->source >= 0 ? st->sources[g->source] : "?",
	         (unsigned long long)g->index, w, b, res);
}

void vc_standings_crosstable_text(FILE *f, const struct vc_standings *st)
{
	struct xtab x;
	if (!xtab_build(&x, st)) {
		fputs("crosstable: out of memory\n", f);
		return;
	}
	fprintf(f, "crosstable (%s):\n", st->system == VC_SYSTEM_RR ? "round robin, by opponent"
	                                                          : "Swiss, by round");
	/* column widths: the widest cell of each column */
	int *wd = calloc((size_t)x.cols + 1, sizeof *wd);
	/* the names as written (escaped, textesc.h): as wide as the widest */
	const size_t namew = name_width(st, 6);
	for (int c = 0; wd && c < x.cols; c++) {
		char h[16];
		snprintf(h, sizeof h, "%d", col_label(&x, c));
		wd[c] = (int)strlen(h);
		for (size_t i = 0; i < x.n; i++) {
			char buf[128];
			cell_text(&x, st, i, c, false, buf, sizeof buf);
			if ((int)strlen(buf) > wd[c])
				wd[c] = (int)strlen(buf);
		}
	}
	if (!wd) {
		xtab_free(&x);
		return;
	}
	fprintf(f, "%4s  ", "rank");
	put_padded(f, "player", namew);
	for (int c = 0; c < x.cols; c++)
		fprintf(f, " %*d", wd[c], col_label(&x, c));
	fprintf(f, " %7s", "points");
	for (int k = 0; k < st->ntb; k++)
		fprintf(f, " " TB_PREFIX "%s", vc_tiebreak_word(st->tb[k]));
	fputc('\n', f);
	for (size_t i = 0; i < x.n; i++) {
		char pts[32];
		char nb[1024];
		fprintf(f, "%4ld  ", st->p[i].rank);
		put_padded(f, esc(nb, sizeof nb, st->p[i].name), namew);
		for (int c = 0; c < x.cols; c++) {
			char buf[128];
			cell_text(&x, st, i, c, false, buf, sizeof buf);
			fprintf(f, " %*s", wd[c], buf);
		}
		fprintf(f, " %7s", points(st->p[i].halves, pts, sizeof pts));
		for (int k = 0; k < st->ntb; k++) {
			char v[32];
			fprintf(f, " %*s", tb_width(st, k),
			        vc_standings_value(&st->p[i], st->tb[k], v, sizeof v));
		}
		fputc('\n', f);
	}
	for (size_t k = 0; k < x.nnotes; k++) {
		char buf[512], eb[1024];
		note_text(st, x.notes[k], buf, sizeof buf);
		fprintf(f, "  *%zu %s\n", k + 1, esc(eb, sizeof eb, buf));
	}
	free(wd);
	xtab_free(&x);
}

void vc_standings_crosstable_json(struct vc_json *j, const struct vc_standings *st)
{
	struct xtab x;
	vc_json_key(j, "crosstable");
	if (!xtab_build(&x, st)) {
		vc_json_null(j);
		return;
	}
	vc_json_begin_object(j);
	vc_json_kv_string(j, "system", st->system == VC_SYSTEM_RR ? "round-robin" : "swiss");
	vc_json_kv_int(j, "rounds", st->rounds);
	vc_json_key(j, "rows");
	vc_json_begin_array(j);
	for (size_t i = 0; i < x.n; i++) {
		vc_json_begin_object(j);
		vc_json_kv_int(j, "rank", st->p[i].rank);
		vc_json_kv_string(j, "player", st->p[i].name);
		vc_json_kv_halves(j, "score", st->p[i].halves);
		vc_json_key(j, "games");
		vc_json_begin_array(j);
		for (size_t k = 0; k < x.ng[i]; k++) {
			const struct xgame *g = &x.g[i][k];
			vc_json_begin_object(j);
			if (g->round)
				vc_json_kv_int(j, "round", g->round);
			else
				vc_json_kv_null(j, "round");
			if (g->opp >= 0) {
				vc_json_kv_int(j, "opponent_rank", st->p[g->opp].rank);
				vc_json_kv_string(j, "opponent", st->p[g->opp].name);
			} else {
				vc_json_kv_null(j, "opponent_rank");
				vc_json_kv_null(j, "opponent");
			}
			if (g->colour)
				vc_json_kv_string(j, "colour", g->colour == 'w' ? "white" : "black");
			else
				vc_json_kv_null(j, "colour");
			vc_json_kv_halves(j, "points", g->halves);
			vc_json_kv_bool(j, "played", !g->unplayed);
			if (g->footnote)
				vc_json_kv_int(j, "footnote", g->footnote);
			else
				vc_json_kv_null(j, "footnote");
			vc_json_end_object(j);
		}
		vc_json_end_array(j);
		vc_json_end_object(j);
	}
	vc_json_end_array(j);
	vc_json_key(j, "footnotes");
	vc_json_begin_array(j);
	for (size_t k = 0; k < x.nnotes; k++) {
		char buf[512];
		note_text(st, x.notes[k], buf, sizeof buf);
		vc_json_begin_object(j);
		vc_json_kv_int(j, "footnote", (int64_t)k + 1);
		const struct vc_sgame *g = &st->games[x.notes[k]];
		vc_json_kv_string(j, "source", g->source >= 0 ? st->sources[g->source] : NULL);
		vc_json_kv_uint(j, "index", g->index);
		vc_json_kv_string(j, "text", buf);
		vc_json_end_object(j);
	}
	vc_json_end_array(j);
	vc_json_end_object(j);
	xtab_free(&x);
}

/* A tie-break column's CSV name: as the text tables' (TB_PREFIX). */
#define CSV_TB_PREFIX TB_PREFIX

void vc_standings_csv(FILE *f, const struct vc_standings *st, bool crosstable)
{
	fputs("rank,player,score,games,wins,draws,losses", f);
	for (int k = 0; k < st->ntb; k++)
		fprintf(f, "," CSV_TB_PREFIX "%s", vc_tiebreak_word(st->tb[k]));
	fputs("\r\n", f);
	for (size_t i = 0; i < st->n; i++) {
		const struct vc_player *p = &st->p[i];
		char pts[32];
		fprintf(f, "%ld,", p->rank);
		csv_text(f, p->name);
		fprintf(f, ",%s,%ld,%ld,%ld,%ld", points(p->halves, pts, sizeof pts), p->games,
		        p->wins, p->draws, p->losses);
		for (int k = 0; k < st->ntb; k++) {
			char v[32];
			vc_standings_value(p, st->tb[k], v, sizeof v);
			fprintf(f, ",%s", strcmp(v, "-") ? v : "");
		}
		fputs("\r\n", f);
	}
	if (!crosstable) {
		/* the games scored as declared, as the crosstable's footnotes
		 * name them (the same numbers) */
		size_t k = 0;
		for (size_t i = 0; i < st->ngames; i++) {
			if (!(st->games[i].flags & VC_SG_DECLARED))
				continue;
			char buf[512], key[32];
			note_text(st, i, buf, sizeof buf);
			snprintf(key, sizeof key, "*%zu", ++k);
			fputs(k == 1 ? "\r\n" : "", f);
			csv_field(f, key);
			fputc(',', f);
			csv_text(f, buf);
			fputs("\r\n", f);
		}
		return;
	}
	struct xtab x;
	if (!xtab_build(&x, st))
		return;
	fputs("\r\nrank,player", f);
	for (int c = 0; c < x.cols; c++)
		fprintf(f, ",%d", col_label(&x, c));
	fputs(",score", f);
	for (int k = 0; k < st->ntb; k++)
		fprintf(f, "," CSV_TB_PREFIX "%s", vc_tiebreak_word(st->tb[k]));
	fputs("\r\n", f);
	for (size_t i = 0; i < x.n; i++) {
		char pts[32];
		fprintf(f, "%ld,", st->p[i].rank);
		csv_text(f, st->p[i].name);
		for (int c = 0; c < x.cols; c++) {
			char buf[128];
			cell_text(&x, st, i, c, false, buf, sizeof buf);
			fputc(',', f);
			csv_field(f, buf);
		}
		fprintf(f, ",%s", points(st->p[i].halves, pts, sizeof pts));
		for (int k = 0; k < st->ntb; k++) {
			char v[32];
			vc_standings_value(&st->p[i], st->tb[k], v, sizeof v);
			fprintf(f, ",%s", strcmp(v, "-") ? v : "");
		}
		fputs("\r\n", f);
	}
	for (size_t k = 0; k < x.nnotes; k++) {
		char buf[512], key[32];
		note_text(st, x.notes[k], buf, sizeof buf);
		snprintf(key, sizeof key, "*%zu", k + 1);
		fputs("\r\n", f);
		csv_field(f, key);
		fputc(',', f);
		csv_text(f, buf);
	}
	if (x.nnotes)
		fputs("\r\n", f);
	xtab_free(&x);
}

/* ---- HTML ---------------------------------------------------------------------- */

/* Text from the input into the page: first by the text reports' rule
 * (textesc.h: a control byte such as ESC becomes a visible \x1b, a byte
 * that is not UTF-8 its Latin-1 character, so the page is the UTF-8 it
 * declares), then with the characters HTML gives a meaning escaped. */
static void html_text(FILE *f, const char *s)
{
	char *dup = vc_text_needs_escape(s) ? vc_text_escape_dup(s) : NULL;
	bool unsafe = !dup && vc_text_needs_escape(s); /* out of memory */
	for (const char *p = dup ? dup : s; *p; p++) {
		unsigned char c = (unsigned char)*p;
		switch (c) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&#39;", f); break;
		default:
			/* out of memory: no control or non-ASCII byte raw */
			fputc(unsafe && (c < 0x20 || c >= 0x7f) ? '?' : c, f);
		}
	}
	free(dup);
}

static const char html_style[] =
        "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:0;"
        "padding:12px;color:#111;background:#fff;line-height:1.35}\n"
        "h1{font-size:1.3em;margin:0 0 .3em}h2{font-size:1.1em;margin:1.2em 0 .4em}\n"
        "p.meta{margin:.2em 0;color:#444;font-size:.9em}\n"
        ".scroll{max-width:100%;overflow-x:auto;-webkit-overflow-scrolling:touch}\n"
        "table{border-collapse:collapse;font-size:.9em}\n"
        "th,td{border:1px solid #bbb;padding:3px 6px;text-align:center;white-space:nowrap}\n"
        "th{background:#eee}td.player{text-align:left;white-space:normal;"
        "min-width:7em;max-width:14em;overflow-wrap:anywhere}\n"
        "tbody tr:nth-child(even){background:#f6f6f6}\n"
        "td.self{background:#ccc}sup{font-size:.7em}\n"
        "ol.notes{font-size:.85em;padding-left:1.4em}ul.warn{color:#842;font-size:.85em}\n"
        "@media print{body{padding:0;font-size:10pt}.scroll{overflow:visible}"
        "th{background:#ddd !important;-webkit-print-color-adjust:exact;print-color-adjust:exact}"
        "tr{break-inside:avoid}}\n";

void vc_standings_html(FILE *f, const struct vc_standings *st, const char *title)
{
	const char *t = title && title[strspn(title, " \t")] ? title : vc_standings_event(st);
	if (!t)
		t = "Standings";
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	      "<title>", f);
	html_text(f, t);
	fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>", html_style);
	html_text(f, t);
	fputs("</h1>\n", f);
	fprintf(f, "<p class=\"meta\">%ld game%s scored", st->counted, st->counted == 1 ? "" : "s");
	if (st->unfinished)
		fprintf(f, ", %ld without a result", st->unfinished);
	if (st->system != VC_SYSTEM_AUTO)
		fprintf(f, "; %s", st->system == VC_SYSTEM_RR ? "round robin" : "Swiss");
	if (st->rounds)
		fprintf(f, ", %d round%s", st->rounds, st->rounds == 1 ? "" : "s");
	fputs(". Tie-breaks (FIDE C.07):", f);
	for (int k = 0; k < st->ntb; k++)
		fprintf(f, "%s%s", k ? ", " : " ", vc_tiebreak_word(st->tb[k]));
	if (!st->ntb)
		fputs(" none", f);
	fputs(".</p>\n", f);
	if (st->nfindings) {
		fputs("<ul class=\"warn\">\n", f);
		for (size_t i = 0; i < st->nfindings; i++) {
			fputs("<li>", f);
			html_text(f, st->findings[i].message);
			fputs("</li>\n", f);
		}
		fputs("</ul>\n", f);
	}
	fputs("<h2>Standings</h2>\n<div class=\"scroll\"><table id=\"standings\">\n<thead><tr>"
	      "<th>Rank</th><th>Player</th><th>Points</th><th>Games</th><th>Won</th>"
	      "<th>Drawn</th><th>Lost</th>", f);
	for (int k = 0; k < st->ntb; k++)
		fprintf(f, "<th>%s</th>", vc_tiebreak_word(st->tb[k]));
	fputs("</tr></thead>\n<tbody>\n", f);
	for (size_t i = 0; i < st->n; i++) {
		const struct vc_player *p = &st->p[i];
		char pts[32];
		fprintf(f, "<tr><td>%ld</td><td class=\"player\">", p->rank);
		html_text(f, p->name);
		fprintf(f, "</td><td class=\"total\">%s</td><td>%ld</td><td>%ld</td><td>%ld</td>"
		        "<td>%ld</td>", points(p->halves, pts, sizeof pts), p->games, p->wins,
		        p->draws, p->losses);
		for (int k = 0; k < st->ntb; k++) {
			char v[32];
			fprintf(f, "<td>%s</td>", vc_standings_value(p, st->tb[k], v, sizeof v));
		}
		fputs("</tr>\n", f);
	}
	fputs("</tbody>\n</table></div>\n", f);

	struct xtab x;
	if (xtab_build(&x, st)) {
		fprintf(f, "<h2>Crosstable (%s)</h2>\n<div class=\"scroll\"><table id=\"crosstable\">"
		        "\n<thead><tr><th>Rank</th><th>Player</th>",
		        st->system == VC_SYSTEM_RR ? "round robin" : "by round");
		for (int c = 0; c < x.cols; c++)
			fprintf(f, "<th>%s%d</th>", st->system == VC_SYSTEM_RR ? "" : "R",
			        col_label(&x, c));
		fputs("<th>Points</th>", f);
		for (int k = 0; k < st->ntb; k++)
			fprintf(f, "<th>%s</th>", vc_tiebreak_word(st->tb[k]));
		fputs("</tr></thead>\n<tbody>\n", f);
		for (size_t i = 0; i < x.n; i++) {
			char pts[32];
			fprintf(f, "<tr><td>%ld</td><td class=\"player\">", st->p[i].rank);
			html_text(f, st->p[i].name);
			fputs("</td>", f);
			for (int c = 0; c < x.cols; c++) {
				char buf[160];
				cell_text(&x, st, i, c, true, buf, sizeof buf);
				bool self = st->system == VC_SYSTEM_RR && (size_t)c == i;
				fputs(self ? "<td class=\"self\">" : "<td>", f);
				/* footnote marks "*N" as superscript links */
				for (const char *s = buf; *s; s++) {
					if (*s == '*') {
						int nn = atoi(s + 1);
						fprintf(f, "<sup><a href=\"#note%d\">%d</a></sup>", nn, nn);
						s++;
						while (s[1] >= '0' && s[1] <= '9')
							s++;
					} else if (*s == '<' || *s == '>' || *s == '&') {
						html_text(f, (char[]){ *s, 0 });
					} else {
						fputc(*s, f);
					}
				}
				fputs("</td>", f);
			}
			fprintf(f, "<td class=\"total\">%s</td>",
			        points(st->p[i].halves, pts, sizeof pts));
			for (int k = 0; k < st->ntb; k++) {
				char v[32];
				fprintf(f, "<td>%s</td>",
				        vc_standings_value(&st->p[i], st->tb[k], v, sizeof v));
			}
			fputs("</tr>\n", f);
		}
		fputs("</tbody>\n</table></div>\n", f);
		if (x.nnotes) {
			fputs("<ol class=\"notes\">\n", f);
			for (size_t k = 0; k < x.nnotes; k++) {
				char buf[512];
				note_text(st, x.notes[k], buf, sizeof buf);
				fprintf(f, "<li id=\"note%zu\">", k + 1);
				html_text(f, buf);
				fputs("</li>\n", f);
			}
			fputs("</ol>\n", f);
		}
		xtab_free(&x);
	}
	fputs("<p class=\"meta\">Made by vchess adjudicate from the games' records.</p>\n"
	      "</body>\n</html>\n", f);
}
