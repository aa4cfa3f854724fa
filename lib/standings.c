/* vchess - the score table of an event (standings.h). */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "standings.h"

void vc_standings_init(struct vc_standings *st)
{
	memset(st, 0, sizeof *st);
}

void vc_standings_release(struct vc_standings *st)
{
	for (size_t i = 0; i < st->n; i++)
		free(st->p[i].name);
	free(st->p);
	free(st->slot);
	free(st->games);
	for (size_t i = 0; i < st->nsources; i++)
		free(st->sources[i]);
	free(st->sources);
	free(st->findings);
	free(st->event);
	memset(st, 0, sizeof *st);
}

/* One game's Event tag (NULL: none) into the table's event; empty, white
 * space alone or the PGN's unknown "?" is none. */
static void event_note(struct vc_standings *st, const char *ev)
{
	if (st->event_state == 2)
		return;
	if (!ev || !ev[strspn(ev, " \t")] || strcmp(ev, "?") == 0) {
		st->event_state = 2;
	} else if (st->event_state == 0) {
		st->event = strdup(ev);
		st->event_state = st->event ? 1 : 2; /* out of memory: no name */
	} else if (strcmp(st->event, ev) != 0) {
		st->event_state = 2;
	}
	if (st->event_state == 2) {
		free(st->event);
		st->event = NULL;
	}
}

const char *vc_standings_event(const struct vc_standings *st)
{
	return st->event_state == 1 ? st->event : NULL;
}

static size_t name_hash_n(const char *s, size_t n)
{
	size_t h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	return h;
}

static size_t name_hash(const char *s)
{
	return name_hash_n(s, strlen(s));
}

/* The index of `name`'s row (added when new), or -1 (memory). Indexes,
 * not pointers: adding a row may move the rows. */
static long player_get_n(struct vc_standings *st, const char *name, size_t len)
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
	size_t h = name_hash_n(name, len) & (st->nslots - 1);
	while (st->slot[h]) {
		const char *s = st->p[st->slot[h] - 1].name;
		if (strncmp(s, name, len) == 0 && s[len] == '\0')
			return (long)st->slot[h] - 1;
		h = (h + 1) & (st->nslots - 1);
	}
	if (st->n == st->cap) {
		size_t cap = st->cap ? st->cap * 2 : 32;
		struct vc_player *np = realloc(st->p, cap * sizeof *np);
		if (!np)
			return -1;
		st->p = np;
		st->cap = cap;
	}
	struct vc_player *p = &st->p[st->n];
	memset(p, 0, sizeof *p);
	p->name = strndup(name, len);
	if (!p->name)
		return -1;
	p->id = (long)st->n;
	st->slot[h] = ++st->n;
	return (long)st->n - 1;
}

static long player_get(struct vc_standings *st, const char *name)
{
	return player_get_n(st, name, strlen(name));
}

/* The row of a player's name as given: white space trimmed at both ends;
 * NULL or nothing left is "?". */
static long player_get_trim(struct vc_standings *st, const char *name)
{
	if (!name)
		return player_get(st, "?");
	while (*name && isspace((unsigned char)*name))
		name++;
	size_t n = strlen(name);
	while (n && isspace((unsigned char)name[n - 1]))
		n--;
	return n ? player_get_n(st, name, n) : player_get(st, "?");
}

bool vc_standings_is_bye(const char *name)
{
	return name && (strcmp(name, "BYE") == 0 || strcmp(name, "bye") == 0 ||
	                strcmp(name, "-") == 0);
}

/* The value the checker uses: the last one when a tag is repeated (the
 * duplicate-tag warning, vchess-validate(1)). */
static const char *tag_of(const struct vc_gc_game *g, const char *name)
{
	for (int i = g->ntags - 1; i >= 0; i--)
		if (strcmp(g->tags[i].name, name) == 0)
			return g->tags[i].value;
	return NULL;
}

bool vc_standings_unplayed(const struct vc_gc_game *g)
{
	if (g->plies > 0)
		return false;
	const char *t = tag_of(g, "Termination");
	if (t && (strcasecmp(t, "forfeit") == 0 || strcasecmp(t, "unplayed") == 0 ||
	          strcasecmp(t, "bye") == 0))
		return true;
	return vc_standings_is_bye(tag_of(g, "White")) || vc_standings_is_bye(tag_of(g, "Black"));
}

/* "3" or "3.1" into round 3, board 1 (0: none); false when not that. */
static bool parse_round(const char *s, int *round, int *board)
{
	*round = *board = 0;
	if (!s)
		return false;
	char *end;
	long r = strtol(s, &end, 10);
	if (end == s || r < 1 || r > 100000 || !isdigit((unsigned char)*s))
		return false;
	long b = 0;
	if (*end == '.') {
		const char *q = end + 1;
		b = strtol(q, &end, 10);
		if (end == q || b < 0 || b > 100000 || !isdigit((unsigned char)*q))
			return false;
	}
	if (*end)
		return false;
	*round = (int)r;
	*board = (int)b;
	return true;
}

static int parse_elo(const char *s)
{
	if (!s || !isdigit((unsigned char)*s))
		return 0;
	char *end;
	long v = strtol(s, &end, 10);
	return *end || v <= 0 || v > 9999 ? 0 : (int)v;
}

/* The index of source name `s` (copied when new), or -1 (memory). */
static long source_get(struct vc_standings *st, const char *s)
{
	for (size_t i = st->nsources; i-- > 0;)
		if (strcmp(st->sources[i], s) == 0)
			return (long)i;
	char **ns = realloc(st->sources, (st->nsources + 1) * sizeof *ns);
	if (!ns)
		return -1;
	st->sources = ns;
	if (!(ns[st->nsources] = strdup(s)))
		return -1;
	return (long)st->nsources++;
}

static int game_push(struct vc_standings *st, const struct vc_sgame *g)
{
	if (st->ngames == st->capgames) {
		size_t cap = st->capgames ? 2 * st->capgames : 64;
		struct vc_sgame *ng = realloc(st->games, cap * sizeof *ng);
		if (!ng)
			return -1;
		st->games = ng;
		st->capgames = cap;
	}
	st->games[st->ngames++] = *g;
	return 0;
}

static void score(struct vc_player *p, int halves)
{
	p->games++;
	p->halves += halves;
	if (halves == 2)
		p->wins++;
	else if (halves == 1)
		p->draws++;
	else
		p->losses++;
}

int vc_standings_add_ex(struct vc_standings *st, const char *white, const char *black,
                        enum vc_result r, const struct vc_standings_info *info)
{
	if (r == VC_RES_NONE) {
		st->unfinished++;
		return 0;
	}
	bool unplayed = info && info->unplayed;
	bool wbye = unplayed && vc_standings_is_bye(white);
	bool bbye = unplayed && vc_standings_is_bye(black);
	if (wbye && bbye)
		return 0; /* no player at all */
	long wi = wbye ? -1 : player_get_trim(st, white);
	long bi = bbye ? -1 : player_get_trim(st, black);
	if ((!wbye && wi < 0) || (!bbye && bi < 0))
		return -1;
	struct vc_sgame sg = { .white = wbye ? -1 : st->p[wi].id, .black = bbye ? -1 : st->p[bi].id,
	                       .result = (unsigned char)r, .source = -1 };
	if (info) {
		parse_round(info->round, &sg.round, &sg.board);
		sg.white_elo = parse_elo(info->white_elo);
		sg.black_elo = parse_elo(info->black_elo);
		sg.flags = (unsigned char)((unplayed ? VC_SG_UNPLAYED : 0) |
		                           (info->declared_invalid ? VC_SG_DECLARED : 0));
		sg.index = info->index;
		if (info->source) {
			char buf[1024];
			if (info->member)
				snprintf(buf, sizeof buf, "%s:%s", info->source, info->member);
			else
				snprintf(buf, sizeof buf, "%s", info->source);
			if ((sg.source = source_get(st, buf)) < 0)
				return -1;
		}
	}
	if (game_push(st, &sg))
		return -1;
	st->counted++;
	int wh = r == VC_RES_WHITE ? 2 : r == VC_RES_DRAW ? 1 : 0;
	if (!wbye)
		score(&st->p[wi], wh);
	if (!bbye)
		score(&st->p[bi], 2 - wh);
	return 0;
}

int vc_standings_add(struct vc_standings *st, const char *white, const char *black,
                     enum vc_result r)
{
	return vc_standings_add_ex(st, white, black, r, NULL);
}

int vc_standings_add_game(struct vc_standings *st, const struct vc_gc_game *g,
                          const struct vc_verdict *v)
{
	enum vc_result r;
	if (!vc_verdict_scored_result(v, g, &r))
		return 0;
	event_note(st, tag_of(g, "Event"));
	bool declared_invalid = v->basis == VC_BASIS_INVALID && r != VC_RES_NONE;
	if (st->from_declared) {
		r = VC_RES_NONE;
		vc_result_parse(vc_declared_result(g), &r);
		declared_invalid = false;
	}
	struct vc_standings_info info = {
		.round = tag_of(g, "Round"),
		.white_elo = tag_of(g, "WhiteElo"), .black_elo = tag_of(g, "BlackElo"),
		.unplayed = vc_standings_unplayed(g),
		.declared_invalid = declared_invalid,
		.source = g->source, .member = g->member, .index = g->index,
	};
	return vc_standings_add_ex(st, tag_of(g, "White"), tag_of(g, "Black"), r, &info);
}

int vc_standings_merge(struct vc_standings *to, const struct vc_standings *from)
{
	if (from->event_state == 2)
		event_note(to, NULL);
	else if (from->event_state == 1)
		event_note(to, from->event);
	to->counted += from->counted;
	to->unfinished += from->unfinished;
	long *map = from->n ? malloc(from->n * sizeof *map) : NULL; /* from's id -> to's id */
	if (from->n && !map)
		return -1;
	for (size_t i = 0; i < from->n; i++) {
		const struct vc_player *s = &from->p[i];
		long k = player_get(to, s->name);
		if (k < 0) {
			free(map);
			return -1;
		}
		struct vc_player *d = &to->p[k];
		d->games += s->games;
		d->wins += s->wins;
		d->draws += s->draws;
		d->losses += s->losses;
		d->halves += s->halves;
		map[s->id] = d->id;
	}
	for (size_t i = 0; i < from->ngames; i++) {
		struct vc_sgame g = from->games[i];
		if (g.white >= 0)
			g.white = map[g.white];
		if (g.black >= 0)
			g.black = map[g.black];
		if (g.source >= 0 && (g.source = source_get(to, from->sources[g.source])) < 0) {
			free(map);
			return -1;
		}
		if (game_push(to, &g)) {
			free(map);
			return -1;
		}
	}
	free(map);
	return 0;
}

static int player_cmp(const void *x, const void *y)
{
	const struct vc_player *a = x, *b = y;
	if (a->halves != b->halves)
		return a->halves > b->halves ? -1 : 1;
	if (a->wins != b->wins)
		return a->wins > b->wins ? -1 : 1;
	return strcmp(a->name, b->name);
}

/* The name index again after the players moved (a sort): slot[h] is
 * 1 + the player's place, open addressing by name_hash. */
static void reindex(struct vc_standings *st)
{
	for (size_t i = 0; i < st->nslots; i++)
		st->slot[i] = 0;
	for (size_t i = 0; i < st->n; i++) {
		size_t h = name_hash(st->p[i].name) & (st->nslots - 1);
		while (st->slot[h])
			h = (h + 1) & (st->nslots - 1);
		st->slot[h] = i + 1;
	}
}

void vc_standings_sort(struct vc_standings *st)
{
	if (!st->n) /* qsort of no players: p may be NULL */
		return;
	qsort(st->p, st->n, sizeof *st->p, player_cmp);
	reindex(st); /* the index points at the old places */
	for (size_t i = 0; i < st->n; i++)
		st->p[i].rank = i == 0 || st->p[i].halves != st->p[i - 1].halves
		                        ? (long)i + 1 : st->p[i - 1].rank;
}

/* ---- tie-breaks -------------------------------------------------------------- */

static const char *const tb_words[VC_TB_N] = {
	[VC_TB_DIRECT_ENCOUNTER] = "direct-encounter",
	[VC_TB_SONNEBORN_BERGER] = "sonneborn-berger",
	[VC_TB_BUCHHOLZ] = "buchholz",
	[VC_TB_BUCHHOLZ_CUT1] = "buchholz-cut1",
	[VC_TB_BUCHHOLZ_MEDIAN1] = "buchholz-median1",
	[VC_TB_WINS] = "wins",
	[VC_TB_BLACK_GAMES] = "black-games",
	[VC_TB_KOYA] = "koya",
	[VC_TB_PROGRESSIVE] = "progressive",
	[VC_TB_ARO] = "aro",
};

const char *vc_tiebreak_word(enum vc_tiebreak t)
{
	return (unsigned)t < VC_TB_N ? tb_words[t] : NULL;
}

bool vc_tiebreak_parse(const char *word, enum vc_tiebreak *t)
{
	for (int i = 0; i < VC_TB_N; i++)
		if (strcmp(word, tb_words[i]) == 0) {
			*t = (enum vc_tiebreak)i;
			return true;
		}
	return false;
}

int vc_tiebreak_parse_list(const char *list, enum vc_tiebreak *out, int max,
                           const char **bad)
{
	int n = 0;
	const char *s = list;
	for (;;) {
		size_t len = strcspn(s, ",");
		char word[32];
		enum vc_tiebreak t;
		bool ok = len > 0 && len < sizeof word && n < max;
		if (ok) {
			memcpy(word, s, len);
			word[len] = '\0';
			ok = vc_tiebreak_parse(word, &t);
			for (int i = 0; ok && i < n; i++)
				ok = out[i] != t;
		}
		if (!ok) {
			if (bad)
				*bad = s;
			return -1;
		}
		out[n++] = t;
		if (!s[len])
			return n;
		s += len + 1;
	}
}

int vc_tiebreak_defaults(enum vc_system s, enum vc_tiebreak *out)
{
	static const enum vc_tiebreak rr[] = { VC_TB_DIRECT_ENCOUNTER, VC_TB_SONNEBORN_BERGER,
		                               VC_TB_WINS, VC_TB_KOYA };
	static const enum vc_tiebreak sw[] = { VC_TB_BUCHHOLZ_CUT1, VC_TB_BUCHHOLZ,
		                               VC_TB_SONNEBORN_BERGER, VC_TB_DIRECT_ENCOUNTER,
		                               VC_TB_WINS };
	const enum vc_tiebreak *d = s == VC_SYSTEM_SWISS ? sw : rr;
	int n = s == VC_SYSTEM_SWISS ? 5 : 4;
	memcpy(out, d, (size_t)n * sizeof *d);
	return n;
}

const char *vc_system_word(enum vc_system s)
{
	return s == VC_SYSTEM_RR ? "round-robin" : s == VC_SYSTEM_SWISS ? "swiss" : NULL;
}

static void finding(struct vc_standings *st, const char *code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void finding(struct vc_standings *st, const char *code, const char *fmt, ...)
{
	if (st->nfindings >= VC_STANDINGS_FINDINGS_MAX) {
		st->findings_omitted++;
		return;
	}
	if (st->nfindings == st->capfindings) {
		size_t cap = st->capfindings ? 2 * st->capfindings : 8;
		struct vc_standings_finding *f = realloc(st->findings, cap * sizeof *f);
		if (!f)
			return; /* a finding lost to memory: the table stands */
		st->findings = f;
		st->capfindings = cap;
	}
	struct vc_standings_finding *f = &st->findings[st->nfindings++];
	snprintf(f->code, sizeof f->code, "%s", code);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(f->message, sizeof f->message, fmt, ap);
	va_end(ap);
}

/* One round of one player, as the tie-breaks read it. Unplayed rounds
 * (C.07 15.1: a round in which the player, paired or not, played no game)
 * are read as C.07 says: in a Swiss by Article 16 (15.3), in a round
 * robin as 15.2 says (its forfeits are regular games against the
 * scheduled opponent; Article 16 does not apply). Categories (16.2): a
 * bye scoring a win is 16.2.1, a forfeit win 16.2.2, a forfeit loss
 * 16.2.4, a half- or zero-point bye or an absence (16.1.1: every round
 * after a withdrawal is a zero-point bye) 16.2.3 or 16.2.5 as the rounds
 * after it say. */
struct entry {
	int round;                   /* 0 when the games have no rounds */
	long opp;                    /* opponent's id; -1 bye; -2 absent */
	int halves;                  /* points scored, in halves */
	signed char colour;          /* 0 White, 1 Black, -1 none */
	bool played;                 /* over the board */
	bool vur;                    /* voluntary unplayed round (C.07 16.1.2):
	                                forfeit loss, half- or zero-point bye,
	                                absence */
	bool requested;              /* requested bye (16.1.1): half- or
	                                zero-point bye, absence */
	int opp_elo;                 /* the opponent's rating in that game */
	size_t game;                 /* index into st->games; SIZE_MAX none */
};

struct work {
	struct vc_standings *st;
	size_t n;                    /* players; ids 0..n-1 */
	long *row;                   /* id -> row index in st->p */
	struct entry **e;            /* per id, its rounds in order */
	size_t *ne;
	long *adj;                   /* adjusted score (C.07 16.3), halves */
	long maxrounds;              /* most rounds of any player */
};

static int entry_cmp(const void *x, const void *y)
{
	const struct entry *a = x, *b = y;
	if (a->round != b->round)
		return a->round < b->round ? -1 : 1;
	return a->game < b->game ? -1 : a->game > b->game;
}

static void work_free(struct work *w)
{
	if (w->e)
		for (size_t i = 0; i < w->n; i++)
			free(w->e[i]);
	free(w->e);
	free(w->ne);
	free(w->row);
	free(w->adj);
}

static int entry_add(struct work *w, long id, const struct entry *en, size_t *cap)
{
	if (w->ne[id] == cap[id]) {
		size_t c = cap[id] ? 2 * cap[id] : 8;
		struct entry *ne = realloc(w->e[id], c * sizeof *ne);
		if (!ne)
			return -1;
		w->e[id] = ne;
		cap[id] = c;
	}
	w->e[id][w->ne[id]++] = *en;
	return 0;
}

/* The rounds of every player, the system, the findings about rounds. */
static int work_build(struct work *w, enum vc_system sys)
{
	struct vc_standings *st = w->st;
	size_t n = w->n = st->n;
	w->row = calloc(n + 1, sizeof *w->row);
	w->e = calloc(n + 1, sizeof *w->e);
	w->ne = calloc(n + 1, sizeof *w->ne);
	w->adj = calloc(n + 1, sizeof *w->adj);
	size_t *cap = calloc(n + 1, sizeof *cap);
	if (!w->row || !w->e || !w->ne || !w->adj || !cap) {
		free(cap);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		w->row[st->p[i].id] = (long)i;

	/* rounds: all tagged, or none used */
	long missing = 0;
	int maxround = 0;
	for (size_t i = 0; i < st->ngames; i++) {
		if (!st->games[i].round)
			missing++;
		else if (st->games[i].round > maxround)
			maxround = st->games[i].round;
	}
	bool rounds = st->ngames && !missing;
	if (missing)
		finding(st, "round-missing", "%ld of %zu games have no round number in their Round "
		        "tag: the rounds are taken in input order; progressive and unplayed "
		        "rounds cannot be told", missing, st->ngames);
	st->rounds = rounds ? maxround : 0;

	for (size_t i = 0; i < st->ngames; i++) {
		const struct vc_sgame *g = &st->games[i];
		int wh = g->result == VC_RES_WHITE ? 2 : g->result == VC_RES_DRAW ? 1 : 0;
		bool unplayed = g->flags & VC_SG_UNPLAYED;
		for (int side = 0; side < 2; side++) {
			long me = side ? g->black : g->white, opp = side ? g->white : g->black;
			if (me < 0)
				continue;
			int h = side ? 2 - wh : wh;
			struct entry en = {
				.round = rounds ? g->round : 0, .opp = opp, .halves = h,
				.colour = unplayed ? -1 : (signed char)side, .played = !unplayed,
				.vur = unplayed && h < 2 && !(opp >= 0 && h == 1),
				.requested = unplayed && opp < 0 && h < 2,
				.opp_elo = side ? g->white_elo : g->black_elo, .game = i,
			};
			if (entry_add(w, me, &en, cap)) {
				free(cap);
				return -1;
			}
		}
	}
	for (size_t id = 0; id < n; id++)
		qsort(w->e[id], w->ne[id], sizeof *w->e[id], entry_cmp);

	/* a player twice in one round */
	if (rounds)
		for (size_t id = 0; id < n; id++)
			for (size_t k = 1; k < w->ne[id]; k++)
				if (w->e[id][k].round == w->e[id][k - 1].round &&
				    (k < 2 || w->e[id][k - 2].round != w->e[id][k].round))
					finding(st, "player-twice-in-round", "%s plays more than one game "
					        "in round %d", st->p[w->row[id]].name, w->e[id][k].round);

	/* the system: round robin when every two players met equally often */
	if (sys == VC_SYSTEM_AUTO && st->ngames) {
		sys = VC_SYSTEM_SWISS;
		if (n >= 2 && n <= 1024) { /* a round robin of more is not met */
			long *met = calloc(n * n, sizeof *met);
			if (!met) {
				free(cap);
				return -1;
			}
			for (size_t i = 0; i < st->ngames; i++) {
				const struct vc_sgame *g = &st->games[i];
				if (g->white >= 0 && g->black >= 0 && g->white != g->black) {
					met[g->white * n + g->black]++;
					met[g->black * n + g->white]++;
				}
			}
			long k = met[1];
			bool rr = k > 0;
			for (size_t a = 0; rr && a < n; a++)
				for (size_t b = a + 1; rr && b < n; b++)
					rr = met[a * n + b] == k;
			free(met);
			if (rr)
				sys = VC_SYSTEM_RR;
		}
	}
	st->system = sys;

	/* Swiss with rounds: a round of the event (a round number some game
	 * has) in which a player has no game is an absence (a zero-point
	 * round the player chose: C.07 16.2). A round number no game has is
	 * no round: "Round 1000" in an event of 9 rounds adds no 991 absences
	 * to every player. And when the absences would outnumber the games
	 * many times over (a database of many events, not one), they are not
	 * counted: memory and time stay in proportion to the games. */
	bool absences = sys == VC_SYSTEM_SWISS && rounds;
	int *held = NULL;            /* the round numbers games have, ascending */
	size_t nheld = 0;
	if (absences) {
		unsigned char *has = calloc((size_t)maxround + 1, 1);
		held = malloc(((size_t)maxround + 1) * sizeof *held);
		if (!has || !held) {
			free(has);
			free(held);
			free(cap);
			return -1;
		}
		for (size_t i = 0; i < st->ngames; i++)
			has[st->games[i].round] = 1;
		for (int r = 1; r <= maxround; r++)
			if (has[r])
				held[nheld++] = r;
		free(has);
		if (nheld < (size_t)maxround)
			finding(st, "round-gap", "the round numbers run to %d but games have only "
			        "%zu of them: a round number without games is no round, and no "
			        "player is absent from it", maxround, nheld);
		/* the absences to add: per player, the rounds held minus its own */
		size_t total = 0;
		for (size_t id = 0; id < n; id++) {
			size_t own = 0;
			for (size_t k = 0; k < w->ne[id]; k++)
				own += k == 0 || w->e[id][k].round != w->e[id][k - 1].round;
			total += nheld - own;
		}
		size_t limit = 8 * st->ngames > ((size_t)1 << 20) ? 8 * st->ngames
		                                                  : ((size_t)1 << 20);
		if (total > limit) {
			finding(st, "rounds-sparse", "%zu players in %zu rounds with most of them "
			        "absent from most rounds (%zu absences for %zu games): not one "
			        "event; absences are not counted", n, nheld, total, st->ngames);
			absences = false;
		}
	}
	if (absences) {
		for (size_t id = 0; id < n; id++) {
			size_t had = w->ne[id], k = 0;
			/* the entries are sorted by round: walk both lists */
			for (size_t h = 0; h < nheld; h++) {
				int r = held[h];
				while (k < had && w->e[id][k].round < r)
					k++;
				if (k < had && w->e[id][k].round == r)
					continue;
				struct entry en = { .round = r, .opp = -2, .colour = -1, .vur = true,
				                    .requested = true, .game = SIZE_MAX };
				if (entry_add(w, (long)id, &en, cap)) {
					free(held);
					free(cap);
					return -1;
				}
			}
			qsort(w->e[id], w->ne[id], sizeof *w->e[id], entry_cmp);
		}
	}
	free(held);
	if (sys == VC_SYSTEM_SWISS && rounds) {
		/* a pairing twice */
		for (size_t id = 0; id < n; id++)
			for (size_t a = 0; a < w->ne[id]; a++) {
				long o = w->e[id][a].opp;
				if (o <= (long)id)
					continue; /* each pair once, from its lower id */
				for (size_t b = a + 1; b < w->ne[id]; b++)
					if (w->e[id][b].opp == o) {
						finding(st, "pairing-repeated", "%s and %s are paired more "
						        "than once (rounds %d and %d) in a Swiss event",
						        st->p[w->row[id]].name, st->p[w->row[o]].name,
						        w->e[id][a].round, w->e[id][b].round);
						break;
					}
			}
	}
	free(cap);

	/* adjusted scores (C.07 16.3): a requested bye (or absence) followed
	 * only by voluntary unplayed rounds counts as a draw. Article 16 is
	 * for Swiss events (15.3): in a round robin the score stands (its
	 * forfeits are regular games, 15.2, and a free round of an odd number
	 * of players scores what it scored).
	 * maxrounds, for koya (9.2, the maximum possible score): the most
	 * rounds of any player; in a round robin the most games against an
	 * opponent (a free round cannot score). */
	w->maxrounds = 0;
	bool rr = sys == VC_SYSTEM_RR;
	for (size_t id = 0; id < n; id++) {
		long adj = 0, rounds_of = 0;
		bool later_all_vur = true;
		for (size_t k = w->ne[id]; k-- > 0;) {
			const struct entry *en = &w->e[id][k];
			adj += !rr && en->requested && later_all_vur ? 1 : en->halves;
			later_all_vur = later_all_vur && en->vur;
			rounds_of += !rr || en->opp >= 0;
		}
		w->adj[id] = adj;
		if (rounds_of > w->maxrounds)
			w->maxrounds = rounds_of;
	}
	return 0;
}

static int dbl_cmp(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return a < b ? -1 : a > b;
}

/* Whether an entry counts as a game against its opponent in the
 * tie-breaks on the opponents' scores (Buchholz, Sonneborn-Berger, direct
 * encounter): a game played, or in a round robin a forfeit too (C.07
 * 15.2: with pre-determined pairings forfeits are treated as regular
 * games; so does the FIDE Technical Commission's reference tie-break
 * program). In a Swiss a forfeit is an unplayed round: a game against the
 * dummy (16.4), no encounter (6.1.1). */
static bool as_played(const struct work *w, const struct entry *en)
{
	return en->played || (w->st->system == VC_SYSTEM_RR && en->opp >= 0);
}

/* A round robin's round without an opponent (a bye of an odd number of
 * players): no opponent to count in Buchholz or Sonneborn-Berger, and no
 * dummy either (the dummy is Article 16's, for Swiss events; 15.2 knows
 * no other unplayed round than forfeits). */
static bool rr_no_opponent(const struct work *w, const struct entry *en)
{
	return w->st->system == VC_SYSTEM_RR && en->opp < 0;
}

/* Buchholz of id (points) with `cut` lowest (voluntary unplayed rounds
 * first: C.07 16.5) and `top` highest contributions removed. */
static double buchholz(const struct work *w, long id, int cut, int top)
{
	const struct vc_player *me = &w->st->p[w->row[id]];
	size_t ne = w->ne[id];
	double *vur = malloc((ne + 1) * sizeof *vur), *rest = malloc((ne + 1) * sizeof *rest);
	if (!vur || !rest) {
		free(vur);
		free(rest);
		return NAN;
	}
	size_t nv = 0, nr = 0;
	for (size_t k = 0; k < ne; k++) {
		const struct entry *en = &w->e[id][k];
		if (rr_no_opponent(w, en))
			continue;
		/* played: the opponent's adjusted score; unplayed: the dummy
		 * opponent's, the player's own score (C.07 16.4) */
		double c = as_played(w, en) ? w->adj[en->opp] / 2.0 : me->halves / 2.0;
		if (en->vur)
			vur[nv++] = c;
		else
			rest[nr++] = c;
	}
	qsort(vur, nv, sizeof *vur, dbl_cmp);
	qsort(rest, nr, sizeof *rest, dbl_cmp);
	/* cut from the lowest: the voluntary unplayed rounds first */
	size_t cv = (size_t)cut < nv ? (size_t)cut : nv;
	size_t cr = (size_t)cut - cv < nr ? (size_t)cut - cv : nr;
	/* the kept values, then the highest `top` of them cut */
	double *kept = vur; /* room for all */
	size_t nk = 0;
	for (size_t k = cv; k < nv; k++)
		kept[nk++] = vur[k];
	for (size_t k = cr; k < nr; k++)
		kept[nk++] = rest[k];
	qsort(kept, nk, sizeof *kept, dbl_cmp);
	if ((size_t)top < nk)
		nk -= (size_t)top;
	else
		nk = 0;
	double sum = 0;
	for (size_t k = 0; k < nk; k++)
		sum += kept[k];
	free(vur);
	free(rest);
	return sum;
}

/* Every tie-break but direct-encounter, of every player. */
static void compute(const struct work *w)
{
	struct vc_standings *st = w->st;
	for (size_t id = 0; id < w->n; id++) {
		struct vc_player *p = &st->p[w->row[id]];
		double sb = 0, koya = 0, prog = 0;
		long cum = 0, wins = 0, black = 0, elo_sum = 0, rated = 0;
		for (size_t k = 0; k < w->ne[id]; k++) {
			const struct entry *en = &w->e[id][k];
			/* SB: the opponent's adjusted score times the points scored
			 * (C.07 9.1); an unplayed round against the dummy (16.4) */
			if (!rr_no_opponent(w, en)) {
				double opp = as_played(w, en) ? w->adj[en->opp] / 2.0
				                              : p->halves / 2.0;
				sb += opp * en->halves / 2.0;
			}
			/* koya: points against opponents with at least half the
			 * maximum score (C.07 9.2); the rounds with an opponent,
			 * forfeits included (points achieved against him); not in
			 * Article 16's scope: scores as achieved */
			if (en->opp >= 0 && st->p[w->row[en->opp]].halves >= w->maxrounds)
				koya += en->halves / 2.0;
			/* progressive (C.07 7.5): the score after each round, an
			 * unplayed round scoring what it was awarded (an absence 0);
			 * wins and black-games count games over the board only
			 * (7.2, 7.3: never a forfeit or a bye, C.07 15.2 for round
			 * robins) */
			cum += en->halves;
			prog += cum / 2.0;
			if (en->played && en->halves == 2)
				wins++;
			if (en->played && en->colour == 1)
				black++;
			/* ARO: rated opponents played over the board (C.07 10.1):
			 * no forfeit, in a Swiss or a round robin */
			if (en->played && en->opp_elo > 0) {
				elo_sum += en->opp_elo;
				rated++;
			}
		}
		for (int t = 0; t < VC_TB_N; t++)
			p->has_tb[t] = true;
		p->tb[VC_TB_SONNEBORN_BERGER] = sb;
		p->tb[VC_TB_BUCHHOLZ] = buchholz(w, (long)id, 0, 0);
		p->tb[VC_TB_BUCHHOLZ_CUT1] = buchholz(w, (long)id, 1, 0);
		p->tb[VC_TB_BUCHHOLZ_MEDIAN1] = buchholz(w, (long)id, 1, 1);
		p->tb[VC_TB_WINS] = (double)wins;
		p->tb[VC_TB_BLACK_GAMES] = (double)black;
		p->tb[VC_TB_KOYA] = koya;
		p->tb[VC_TB_PROGRESSIVE] = prog;
		/* rounded to the nearest whole number, halves up */
		p->tb[VC_TB_ARO] = rated ? (double)((2 * elo_sum + rated) / (2 * rated)) : 0;
		p->has_tb[VC_TB_ARO] = rated > 0;
		p->tb[VC_TB_DIRECT_ENCOUNTER] = 0;
		p->has_tb[VC_TB_DIRECT_ENCOUNTER] = false;
		p->de_place = 0;
	}
}

/* ---- direct encounter (C.07 6) ---------------------------------------------
 *
 * C.07 6.1: the games among the tied players give "separate standings":
 * each one's points against the others of the set, the average of their
 * games where two met more than once (6.1.2), forfeits counted only where
 * they are regular games (6.1.1 with 15.2: a round robin; as_played).
 * 6.2: when every two of the set met, the separate standings rank them,
 * and Article 6 is applied again to each subset they leave tied (its own
 * games only), until no tie can be resolved.
 * 6.3: in a Swiss, when not every two met, a player who is alone at the
 * top of the separate standings whatever the outcome of the games not
 * played is ranked first; then the same for the second place, and so on;
 * Article 6 is then applied again to the players left unranked.
 * "Whatever the outcome": the candidate's points (every missing game of
 * his lost) must exceed every rival's points plus a win for each game that
 * rival did not play against the set (all won); the rival's best outcome
 * depends on the rival's own games only, so checking the rivals one by
 * one covers every outcome. In a round robin where not every two met, 6.3
 * does not apply and the set stays tied. */

#define DE_EPS 1e-9 /* averages of 2 or 3 games are not exact in binary */

struct de_member {
	long id;
	double score;                /* points in the separate standings */
	long missing;                /* players of the set not met */
	const char *name;
};

struct de_ctx {
	const struct work *w;
	long *pos;                   /* id -> index in the set scored, -1 none */
	long *rowof;                 /* id -> its row in st->p (the group's rows) */
	long *place;                 /* id -> place from Article 6, from 1 */
	struct de_pair {
		long opp;            /* index in the set */
		int halves;
	} *pairs;                    /* scratch: one member's games in the set */
	size_t cap;
};

static int de_pair_cmp(const void *x, const void *y)
{
	const struct de_pair *a = x, *b = y;
	return (a->opp > b->opp) - (a->opp < b->opp);
}

static int de_member_cmp(const void *x, const void *y)
{
	const struct de_member *a = x, *b = y;
	if (fabs(a->score - b->score) > DE_EPS)
		return a->score > b->score ? -1 : 1;
	return strcmp(a->name, b->name);
}

/* The separate standings (6.1) of the m players of set into mb (sorted:
 * points, highest first). Returns -1 when out of memory. */
static int de_score(struct de_ctx *c, const long *set, size_t m, struct de_member *mb)
{
	const struct work *w = c->w;
	for (size_t i = 0; i < m; i++)
		c->pos[set[i]] = (long)i;
	int rc = 0;
	for (size_t i = 0; i < m && !rc; i++) {
		long id = set[i];
		size_t np = 0;
		for (size_t k = 0; k < w->ne[id]; k++) {
			const struct entry *en = &w->e[id][k];
			if (en->opp < 0 || en->opp == id || c->pos[en->opp] < 0 || !as_played(w, en))
				continue;
			if (np == c->cap) {
				size_t cap = c->cap ? 2 * c->cap : 64;
				struct de_pair *p = realloc(c->pairs, cap * sizeof *p);
				if (!p) {
					rc = -1;
					break;
				}
				c->pairs = p;
				c->cap = cap;
			}
			c->pairs[np++] = (struct de_pair){ c->pos[en->opp], en->halves };
		}
		if (np > 1) /* qsort of NULL, 0 is undefined */
			qsort(c->pairs, np, sizeof *c->pairs, de_pair_cmp);
		double score = 0;
		long met = 0;
		for (size_t k = 0; k < np;) {
			size_t e = k;
			long sum = 0;
			while (e < np && c->pairs[e].opp == c->pairs[k].opp)
				sum += c->pairs[e++].halves;
			score += sum / 2.0 / (double)(e - k); /* 6.1.2: the average */
			met++;
			k = e;
		}
		mb[i] = (struct de_member){ id, score, (long)m - 1 - met,
		                            w->st->p[c->rowof[id]].name };
	}
	for (size_t i = 0; i < m; i++)
		c->pos[set[i]] = -1;
	if (!rc)
		if (m > 1)
			qsort(mb, m, sizeof *mb, de_member_cmp);
	return rc;
}

/* Article 6 on the m players of set (tied so far): their places, from
 * `base`, into c->place; set is reordered. Returns -1 when out of memory. */
static int de_order(struct de_ctx *c, long *set, size_t m, long base)
{
	if (m == 1) {
		c->place[set[0]] = base;
		return 0;
	}
	struct de_member *mb = malloc(m * sizeof *mb);
	if (!mb || de_score(c, set, m, mb)) {
		free(mb);
		return -1;
	}
	for (size_t i = 0; i < m; i++)
		set[i] = mb[i].id;
	bool all_met = true;
	for (size_t i = 0; i < m; i++)
		all_met = all_met && mb[i].missing == 0;
	if (all_met) {
		/* 6.2: the separate standings rank them; each group they leave
		 * tied, if smaller than the set, is ranked by Article 6 again on
		 * its own games. The groups are found before the recursion (it
		 * scores again, reusing the scratch). */
		size_t *run = malloc((m + 1) * sizeof *run), nrun = 0;
		if (!run) {
			free(mb);
			return -1;
		}
		for (size_t i = 0; i < m;) {
			size_t j = i + 1;
			while (j < m && fabs(mb[j].score - mb[i].score) <= DE_EPS)
				j++;
			run[nrun++] = i;
			i = j;
		}
		run[nrun] = m;
		free(mb);
		int rc = 0;
		if (nrun == 1) { /* all equal: no tie resolved */
			for (size_t i = 0; i < m; i++)
				c->place[set[i]] = base;
		} else {
			for (size_t r = 0; r < nrun && !rc; r++)
				rc = de_order(c, set + run[r], run[r + 1] - run[r],
				              base + (long)run[r]);
		}
		free(run);
		return rc;
	}
	size_t k = 0;
	if (c->w->st->system == VC_SYSTEM_SWISS) {
		/* 6.3: the highest must stay alone on top whatever the missing
		 * games give: above every rival's points plus a win for each of
		 * the rival's missing games. best[i]: the highest such bound of
		 * the players from i on. */
		double *best = malloc((m + 1) * sizeof *best);
		if (!best) {
			free(mb);
			return -1;
		}
		best[m] = -1;
		for (size_t i = m; i-- > 0;) {
			double b = mb[i].score + (double)mb[i].missing;
			best[i] = b > best[i + 1] ? b : best[i + 1];
		}
		while (k + 1 < m && mb[k].score > best[k + 1] + DE_EPS) {
			c->place[set[k]] = base + (long)k;
			k++;
		}
		free(best);
	}
	free(mb);
	if (k == 0) { /* nobody alone on top: the set stays tied */
		for (size_t i = 0; i < m; i++)
			c->place[set[i]] = base;
		return 0;
	}
	/* Article 6 again on the players left unranked */
	return de_order(c, set + k, m - k, base + (long)k);
}

/* Direct encounter on rows [a, b) of st->p, tied so far: each row's points
 * in the separate standings of the whole group (the value reported; none
 * when no two of them met) and its place by Article 6 (vc_player.de_place,
 * which orders them). A group of more than 1024 (a database, not one
 * event's tie) or one out of memory stays tied, without values. */
static void direct_encounter(struct de_ctx *c, size_t a, size_t b)
{
	struct vc_standings *st = c->w->st;
	size_t g = b - a;
	for (size_t i = a; i < b; i++) {
		st->p[i].de_place = 1;
		c->rowof[st->p[i].id] = (long)i;
	}
	if (g > 1024)
		return;
	long *set = malloc(g * sizeof *set);
	struct de_member *mb = malloc(g * sizeof *mb);
	if (!set || !mb)
		goto out;
	for (size_t i = a; i < b; i++)
		set[i - a] = st->p[i].id;
	if (de_score(c, set, g, mb))
		goto out;
	bool met = false;
	for (size_t i = 0; i < g; i++)
		met = met || mb[i].missing < (long)g - 1;
	if (met)
		for (size_t i = 0; i < g; i++) {
			struct vc_player *p = &st->p[c->rowof[mb[i].id]];
			p->tb[VC_TB_DIRECT_ENCOUNTER] = mb[i].score;
			p->has_tb[VC_TB_DIRECT_ENCOUNTER] = true;
		}
	if (de_order(c, set, g, 1) == 0)
		for (size_t i = a; i < b; i++)
			st->p[i].de_place = c->place[st->p[i].id];
out:
	free(set);
	free(mb);
}

/* Order of rows a and b by tie-break t: a value before none, the higher
 * first, then the name; direct-encounter by the place Article 6 gave. */
static int tb_cmp(const struct vc_player *a, const struct vc_player *b, enum vc_tiebreak t)
{
	if (t == VC_TB_DIRECT_ENCOUNTER && a->de_place != b->de_place)
		return a->de_place < b->de_place ? -1 : 1;
	if (t == VC_TB_DIRECT_ENCOUNTER)
		return strcmp(a->name, b->name);
	bool ha = a->has_tb[t], hb = b->has_tb[t];
	if (ha != hb)
		return ha ? -1 : 1;
	if (ha && a->tb[t] != b->tb[t])
		return a->tb[t] > b->tb[t] ? -1 : 1;
	return strcmp(a->name, b->name);
}

/* Sort rows p[0, n) by tie-break t: a merge sort through `tmp` (room for
 * n rows), as qsort has no context and the library keeps no global
 * state. */
static void tb_sort(struct vc_player *p, struct vc_player *tmp, size_t n, enum vc_tiebreak t)
{
	if (n < 2)
		return;
	size_t h = n / 2;
	tb_sort(p, tmp, h, t);
	tb_sort(p + h, tmp, n - h, t);
	size_t i = 0, j = h, k = 0;
	while (i < h && j < n)
		tmp[k++] = tb_cmp(&p[j], &p[i], t) < 0 ? p[j++] : p[i++];
	while (i < h)
		tmp[k++] = p[i++];
	while (j < n)
		tmp[k++] = p[j++];
	memcpy(p, tmp, n * sizeof *p);
}

static int points_cmp(const void *x, const void *y)
{
	const struct vc_player *a = x, *b = y;
	if (a->halves != b->halves)
		return a->halves > b->halves ? -1 : 1;
	return strcmp(a->name, b->name);
}

static bool tb_equal(const struct vc_player *a, const struct vc_player *b, enum vc_tiebreak t)
{
	if (t == VC_TB_DIRECT_ENCOUNTER)
		return a->de_place == b->de_place;
	if (a->has_tb[t] != b->has_tb[t])
		return false;
	return !a->has_tb[t] || a->tb[t] == b->tb[t];
}

/* Whether rows a and b are still tied after the first k tie-breaks. */
static bool tied(const struct vc_standings *st, const struct vc_player *a,
                 const struct vc_player *b, int k)
{
	if (a->halves != b->halves)
		return false;
	for (int i = 0; i < k; i++)
		if (!tb_equal(a, b, st->tb[i]))
			return false;
	return true;
}

struct name_key {
	char *key;                   /* lower case, no white space */
	const char *name;
};

static int name_key_cmp(const void *x, const void *y)
{
	const struct name_key *a = x, *b = y;
	int d = strcmp(a->key, b->key);
	return d ? d : strcmp(a->name, b->name);
}

/* Names equal but for case and spacing: a warning (the names stay apart).
 * Sorted by their folded form, such names are neighbours. */
static void name_variants(struct vc_standings *st)
{
	size_t n = st->n;
	struct name_key *k = calloc(n + 1, sizeof *k);
	if (!k)
		return;
	size_t m = 0;
	for (; m < n; m++) {
		const char *s = st->p[m].name;
		char *key = malloc(strlen(s) + 1);
		if (!key)
			goto out;
		size_t len = 0;
		for (; *s; s++)
			if (!isspace((unsigned char)*s))
				key[len++] = (char)tolower((unsigned char)*s);
		key[len] = '\0';
		k[m] = (struct name_key){ key, st->p[m].name };
	}
	qsort(k, n, sizeof *k, name_key_cmp);
	for (size_t i = 1; i < n; i++)
		if (strcmp(k[i].key, k[i - 1].key) == 0)
			finding(st, "name-variants", "\"%s\" and \"%s\" differ only in case or "
			        "spacing: scored as two players", k[i - 1].name, k[i].name);
out:
	for (size_t i = 0; i < m; i++)
		free(k[i].key);
	free(k);
}

int vc_standings_rank(struct vc_standings *st, const enum vc_tiebreak *tb, int ntb,
                      enum vc_system sys)
{
	st->nfindings = 0;
	st->findings_omitted = 0;
	st->ntb = 0;
	struct work w = { .st = st };
	if (work_build(&w, sys)) {
		work_free(&w);
		vc_standings_sort(st);
		return -1;
	}
	if (ntb > VC_TB_N)
		ntb = VC_TB_N;
	for (int i = 0; i < ntb; i++)
		st->tb[i] = tb[i];
	st->ntb = ntb;
	compute(&w);
	name_variants(st);
	struct vc_player *tmp = st->n ? malloc(st->n * sizeof *tmp) : NULL;
	if (st->n && !tmp) {
		work_free(&w);
		vc_standings_sort(st);
		return -1;
	}
	struct de_ctx de = { .w = &w };
	bool want_de = false;
	for (int k = 0; k < ntb; k++)
		want_de = want_de || tb[k] == VC_TB_DIRECT_ENCOUNTER;
	if (want_de && st->n) {
		de.pos = malloc(st->n * sizeof *de.pos);
		de.rowof = malloc(st->n * sizeof *de.rowof);
		de.place = malloc(st->n * sizeof *de.place);
		if (!de.pos || !de.rowof || !de.place) {
			free(de.pos);
			free(de.rowof);
			free(de.place);
			free(tmp);
			work_free(&w);
			vc_standings_sort(st);
			return -1;
		}
		for (size_t i = 0; i < st->n; i++)
			de.pos[i] = -1;
	}
	if (st->n)
		qsort(st->p, st->n, sizeof *st->p, points_cmp);
	/* each tie-break orders the groups still tied */
	for (int k = 0; k < ntb; k++) {
		for (size_t a = 0; a < st->n;) {
			size_t b = a + 1;
			while (b < st->n && tied(st, &st->p[a], &st->p[b], k))
				b++;
			if (b - a > 1) {
				if (tb[k] == VC_TB_DIRECT_ENCOUNTER)
					direct_encounter(&de, a, b);
				tb_sort(st->p + a, tmp, b - a, tb[k]);
			}
			a = b;
		}
	}
	free(de.pos);
	free(de.rowof);
	free(de.place);
	free(de.pairs);
	free(tmp);
	work_free(&w);
	reindex(st); /* the index points at the old places; then the ranks */
	for (size_t i = 0; i < st->n; i++)
		st->p[i].rank = i && tied(st, &st->p[i], &st->p[i - 1], ntb) ? st->p[i - 1].rank
		                                                            : (long)i + 1;
	return 0;
}
