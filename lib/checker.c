/* vchess - the game checker: record events -> rules library -> one record
 * per game. See checker.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "checker.h"
#include "checker_internal.h"
#include "clock.h"
#include "game_internal.h"
#include "san.h"

/* One variation level: the position before and after its last move. */
struct vc_gc_level {
	struct vc_position prev, cur;
	bool has_prev;
	int ply; /* plies made at this level's current position */
	/* the position before the variation's start, when known (for the
	 * reason an en-passant capture as its first move is illegal:
	 * illegal_move's prev); start_ply: ply at the start */
	struct vc_position before;
	bool has_before;
	int start_ply;
};

/* Variations nested deeper than this are not checked: the PGN reader's
 * default depth limit (VC_PGN_DEFAULT_DEPTH) reports them. */
#define MAX_DEPTH 256
#define MAX_LEVELS (MAX_DEPTH + 2)

void vc_gc_add(struct vc_checker *c, enum vc_code code, uint64_t line, uint64_t column,
               int ply, const char *move, const char *fmt, ...)
{
	struct vc_gc_game *r = &c->rec;
	const bool error = vc_code_is_error(code);
	if (error)
		r->nerrors++;
	else
		r->nwarnings++;
	if (r->nfindings >= VC_GC_MAX_FINDINGS)
		return;
	struct vc_finding *f = &r->findings[r->nfindings++];
	memset(f, 0, sizeof *f);
	f->code = code;
	f->error = error;
	f->line = line;
	f->column = column;
	f->ply = ply;
	f->variation = c->depth > 0;
	if (move)
		snprintf(f->move, sizeof f->move, "%s", move);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(f->message, sizeof f->message, fmt, ap);
	va_end(ap);
}

void vc_checker_on_event(struct vc_checker *c, vc_gc_on_event fn, void *user)
{
	c->on_event = fn;
	c->event_user = user;
}

void vc_gc_emit(struct vc_checker *c, const struct vc_gc_event *ev)
{
	if (c->on_event)
		c->on_event(c->event_user, ev);
}

enum vc_code vc_checker_init(struct vc_checker *c, const struct vc_gc_options *opt,
                             vc_gc_on_game on_game, void *user)
{
	memset(c, 0, sizeof *c);
	c->opt = *opt;
	c->on_game = on_game;
	c->user = user;
	c->levels = calloc(MAX_LEVELS, sizeof *c->levels);
	if (!c->levels || vc_game_init(&c->game, vc_variant_default()->id, opt->rules)) {
		vc_game_release(&c->game);
		free(c->levels);
		c->levels = NULL;
		return VC_F_OUT_OF_MEMORY;
	}
	return VC_F_OK;
}

void vc_checker_set_source(struct vc_checker *c, const char *source, const char *member)
{
	c->source = source;
	c->member = member;
}

void vc_checker_release(struct vc_checker *c)
{
	vc_game_release(&c->game);
	free(c->levels);
	free(c->tags);
	free(c->tag_off);
	free(c->arena);
	free(c->rules_state);
	c->rules_state = NULL;
	c->rules_state_cap = 0;
	c->levels = NULL;
	c->tags = NULL;
	c->arena = NULL;
}

/* ---- tags ---------------------------------------------------------------- */

/* Append text to the tag arena; returns its offset, or (size_t)-1. */
static size_t arena_add(struct vc_checker *c, const char *s, size_t len)
{
	if (c->arena_len + len + 1 > c->arena_cap) {
		size_t cap = c->arena_cap ? c->arena_cap : 4096;
		while (cap < c->arena_len + len + 1)
			cap *= 2;
		char *a = realloc(c->arena, cap);
		if (!a)
			return (size_t)-1;
		c->arena = a;
		c->arena_cap = cap;
	}
	size_t off = c->arena_len;
	memcpy(c->arena + off, s, len);
	c->arena[off + len] = 0;
	c->arena_len += len + 1;
	return off;
}

static const char *tag_value(const struct vc_checker *c, int idx)
{
	return idx >= 0 ? c->arena + c->tag_off[idx].value : NULL;
}

static int find_tag(const struct vc_checker *c, const char *name)
{
	for (int i = c->rec.ntags - 1; i >= 0; i--) {
		const char *n = c->arena + c->tag_off[i].name;
		if (n[0] == name[0] && strcmp(n, name) == 0)
			return i;
	}
	return -1;
}

/* The bit of a tag name in the game's name filter (tag_names). */
static inline unsigned name_hash(const char *name, size_t len)
{
	return ((unsigned)(unsigned char)name[0] * 31u +
	        (len ? (unsigned char)name[len - 1] : 0u) * 7u + (unsigned)len) & 255u;
}

const char *vc_checker_tag_value(const struct vc_checker *c, const char *name, uint64_t *line,
                                 uint64_t *column)
{
	const unsigned h = name_hash(name, strlen(name));
	int i = (c->tag_names[h >> 6] >> (h & 63)) & 1 ? find_tag(c, name) : -1;
	if (i < 0)
		return NULL;
	if (line)
		*line = c->tag_off[i].line;
	if (column)
		*column = c->tag_off[i].column;
	return c->arena + c->tag_off[i].value;
}

/* ---- move text for findings ---------------------------------------------- */

/* "12...Nf6": called for every move, so no printf. */
static void move_label(unsigned fullmove, int side, const char *text, size_t len,
                       char *buf, size_t size)
{
	char digits[12];
	int nd = 0;
	unsigned n = fullmove;
	do {
		digits[nd++] = (char)('0' + n % 10);
		n /= 10;
	} while (n && nd < 11);
	size_t o = 0;
	while (nd && o + 1 < size)
		buf[o++] = digits[--nd];
	const char *dots = side == VC_WHITE ? "." : "...";
	for (; *dots && o + 1 < size; dots++)
		buf[o++] = *dots;
	if (len > 32)
		len = 32;
	for (size_t i = 0; i < len && o + 1 < size; i++)
		buf[o++] = text[i];
	buf[o] = 0;
}

/* ---- set-up: variant and start position ----------------------------------- */

/* One warning per repair of the FEN (VC_FENW_* bits), in bit order. */
static void fen_warnings(struct vc_checker *c, unsigned w)
{
	for (unsigned bit = 1; w; bit <<= 1) {
		if (!(w & bit))
			continue;
		w &= ~bit;
		enum vc_code code = vc_code_of_fen_warning(bit);
		if (code != VC_F_OK)
			vc_gc_add(c, code, c->fen_line, c->fen_col, 0, NULL, "%s", vc_strerror(code));
	}
}

static bool outcome_ends(const struct vc_outcome *oc)
{
	return oc->termination != VC_TERM_NONE;
}

/* The rules ended the main line here, with outcome oc. */
static void mark_end(struct vc_checker *c, const struct vc_outcome *oc)
{
	c->ended = true;
	c->rec.end_ply = c->game.nplies;
	c->rec.board = *oc;
}

/* The outcome of the main line's position now. validate (no event
 * listener, not Undo Chess) leaves an end without legal moves open when
 * every other rule lets the game go on: the next move being legal proves
 * a move existed, and settle_end decides it when a move cannot be read or
 * the record ends. Others get the whole outcome at once. */
static inline struct vc_outcome judge_now(struct vc_checker *c)
{
	if (c->on_event || c->rules)
		return vc_game_outcome(&c->game);
	if (vc_game_outcome_quiet(&c->game)) {
		c->end_open = true;
		return (struct vc_outcome){ VC_RES_NONE, VC_TERM_NONE };
	}
	struct vc_outcome oc = vc_game_outcome_if_movable(&c->game);
	if (outcome_ends(&oc))
		return vc_game_outcome(&c->game); /* mate may win over the rest */
	c->end_open = true;
	return oc;
}

/* Settles an end left open by judge_now: the same c->ended, end ply and
 * outcome as if judged at the ply. */
static void settle_end(struct vc_checker *c)
{
	if (!c->end_open)
		return;
	c->end_open = false;
	struct vc_outcome oc = vc_game_outcome(&c->game);
	if (outcome_ends(&oc))
		mark_end(c, &oc);
}

/* The record's variant v, with its game-level rules and their state,
 * zeroed (what the report hooks read when the rules did not start).
 * Returns false, after recording the finding, when the state cannot be
 * allocated (the record then has no game-level rules). */
static bool record_variant(struct vc_checker *c, const struct vc_variant *v, uint64_t line,
                           uint64_t column)
{
	struct vc_gc_game *r = &c->rec;
	r->variant = v->name;
	r->variant_id = v->id;
	r->rules = vc_game_rules_for(v);
	r->rules_state = NULL;
	if (!r->rules)
		return true;
	size_t n = r->rules->state_size ? r->rules->state_size : 1;
	if (n > c->rules_state_cap) {
		void *st = realloc(c->rules_state, n);
		if (!st) {
			r->rules = NULL;
			vc_gc_add(c, VC_F_OUT_OF_MEMORY, line, column, 0, NULL, "out of memory");
			return false;
		}
		c->rules_state = st;
		c->rules_state_cap = n;
	}
	memset(c->rules_state, 0, n);
	r->rules_state = c->rules_state;
	return true;
}

/* Decide variant and start position before the first move. Returns false
 * when the game cannot be checked (the error is recorded). */
static bool setup(struct vc_checker *c, const struct vc_loc *loc)
{
	struct vc_gc_game *r = &c->rec;
	if (c->started)
		return r->setup_ok;
	c->started = true;
	const struct vc_variant *v = c->opt.variant;
	const char *vt = tag_value(c, c->variant_tag);
	if (vt && !vt[strspn(vt, " \t")])
		vt = NULL; /* [Variant ""] says no variant: as absent, standard
		              (vchess-rules(7) section 1) */
	if (!v && vt) {
		bool unsupported = false;
		v = vc_variant_find(vt, &unsupported);
		if (!v) {
			/* at the Variant tag, where the fault is */
			vc_gc_add(c, unsupported ? VC_F_UNSUPPORTED_VARIANT : VC_F_UNKNOWN_VARIANT,
			          c->tag_off[c->variant_tag].line, c->tag_off[c->variant_tag].column, 0,
			          NULL,
			          unsupported ? "variant \"%s\" is not supported by vchess"
			                      : "unknown variant \"%s\"", vt);
			return false;
		}
	} else if (v && vt) {
		/* the caller's variant wins over the tag; say so where they
		 * disagree, at the tag */
		bool unsupported = false;
		const struct vc_variant *tv = vc_variant_find(vt, &unsupported);
		if (tv != v)
			vc_gc_add(c, VC_F_VARIANT_TAG_OVERRIDDEN, c->tag_off[c->variant_tag].line,
			          c->tag_off[c->variant_tag].column, 0, NULL,
			          "Variant tag \"%s\" is not the variant asked for (%s), which is used",
			          vt, v->name);
	}
	if (!v)
		v = vc_variant_default();
	if (!record_variant(c, v, loc->line, loc->column))
		return false;

	const char *fen = tag_value(c, c->fen_tag);
	const char *setup_val = tag_value(c, c->setup_tag);
	struct vc_position start;
	if (setup_val && strcmp(setup_val, "1") == 0 && !fen)
		vc_gc_add(c, VC_F_SETUP_WITHOUT_FEN, loc->line, loc->column, 0, NULL,
		          "SetUp \"1\" without a FEN tag");
	if (fen && (!setup_val || strcmp(setup_val, "1") != 0))
		vc_gc_add(c, VC_F_FEN_WITHOUT_SETUP, c->fen_line, c->fen_col, 0, NULL,
		          "FEN tag without SetUp \"1\": the FEN is used");
	if (fen) {
		if (!c->fen_cache.ok || c->fen_cache.variant != v->id ||
		    strcmp(c->fen_cache.text, fen) != 0) {
			struct vc_fen_result fr;
			c->fen_cache.ok = false;
			if (vc_fen_parse(&start, fen, v->id, &fr) != VC_FEN_OK) {
				vc_gc_add(c, vc_code_of_fen_status(fr.status), c->fen_line, c->fen_col, 0,
				          NULL, "FEN tag: %s (column %d)", vc_fen_strerror(fr.status),
				          fr.column);
				return false;
			}
			c->fen_cache.variant = v->id;
			c->fen_cache.pos = start;
			c->fen_cache.warnings = fr.warnings;
			c->fen_cache.trailing = *fr.rest != 0;
			c->fen_cache.ok = strlen(fen) < sizeof c->fen_cache.text;
			if (c->fen_cache.ok)
				strcpy(c->fen_cache.text, fen);
		}
		start = c->fen_cache.pos;
		if (c->fen_cache.trailing)
			vc_gc_add(c, VC_F_FEN_TRAILING_TEXT, c->fen_line, c->fen_col, 0, NULL,
			          "FEN tag: text after the FEN fields ignored");
		fen_warnings(c, c->fen_cache.warnings);
		/* the FEN may name a relative of the variant asked for
		 * (Chess960 castling in a standard game, fen-chess960) */
		if (start.variant != v->id) {
			v = vc_variant_get(start.variant);
			if (!record_variant(c, v, c->fen_line, c->fen_col))
				return false;
		}
	} else {
		vc_startpos(&start, v->id);
	}
	vc_game_reset(&c->game, &start);
	c->game.rules = c->opt.rules;
	c->game.dead = c->opt.dead_positions;
	c->levels[0].ply = 0;
	if (c->opt.want_start_fen)
		vc_fen_write(&start, r->start_fen, false);
	r->setup_ok = true;
	c->clock_owner = -1;
	c->rules = r->rules; /* its state zeroed by record_variant */
	if (c->rules) {
		if (!c->rules->start(c)) {
			c->rules = NULL;
			c->skip = true; /* e.g. a bad TakebackTokens tag: tokens unknown */
			return false;
		}
	} else {
		/* A start position the rules have ended already (a FEN of a
		 * mate, a stalemate, a dead position): moves after it are moves
		 * after the end, judged as after any ply (check_main_move). */
		struct vc_outcome oc = judge_now(c);
		if (outcome_ends(&oc))
			mark_end(c, &oc);
	}
	return true;
}

/* ---- the record API ---------------------------------------------------------- */

int vc_checker_begin_game(struct vc_checker *c, uint64_t index, const struct vc_loc *start)
{
	struct vc_gc_game *r = &c->rec;
	memset(r, 0, offsetof(struct vc_gc_game, findings));
	c->in_game = true;
	r->source = c->source;
	r->member = c->member;
	r->index = index;
	r->line = start->line;
	r->offset = start->offset;
	r->variant_id = -1;
	r->end_ply = -1;
	r->last_clock[0] = r->last_clock[1] = -1;
	c->arena_len = 0;
	c->depth = 0;
	c->skip = false;
	c->tags_lost = false;
	c->started = false;
	c->ended = false;
	c->overlooked = false;
	c->end_open = false;
	c->rules = NULL;
	c->clock_owner = -1;
	c->fen_tag = c->setup_tag = c->variant_tag = -1;
	c->result_tag = c->termination_tag = c->plycount_tag = -1;
	memset(c->tag_names, 0, sizeof c->tag_names);
	return VC_CONTINUE;
}

/* A tag that could not be kept: the game's error (out-of-memory), and
 * the reader skips the rest of the game; it still ends with its one
 * record. */
static int tag_out_of_memory(struct vc_checker *c, const char *name, const struct vc_loc *loc)
{
	vc_gc_add(c, VC_F_OUT_OF_MEMORY, loc->line, loc->column, 0, NULL,
	          "out of memory: tag %.40s not kept", name);
	c->skip = true;
	c->tags_lost = true;
	return VC_SKIP;
}

int vc_checker_tag(void *user, const char *name, const char *value, size_t value_len,
                   const struct vc_loc *loc)
{
	struct vc_checker *c = user;
	struct vc_gc_game *r = &c->rec;
	if (c->started) /* a tag after movetext belongs to the next game */
		return VC_CONTINUE;
	if (r->ntags >= c->tag_cap) {
		int cap = c->tag_cap ? c->tag_cap * 2 : 32;
		struct vc_gc_tag *t = realloc(c->tags, (size_t)cap * sizeof *t);
		if (!t)
			return tag_out_of_memory(c, name, loc);
		c->tags = t;
		struct vc_gc_tagoff *o = realloc(c->tag_off, (size_t)cap * sizeof *o);
		if (!o)
			return tag_out_of_memory(c, name, loc);
		c->tag_off = o;
		c->tag_cap = cap;
	}
	/* a duplicate is looked for only when the filter has seen a name
	 * like this one (most games repeat none) */
	const size_t name_len = strlen(name);
	const unsigned h = name_hash(name, name_len);
	const uint64_t bit = 1ull << (h & 63);
	int dup = (c->tag_names[h >> 6] & bit) ? find_tag(c, name) : -1;
	c->tag_names[h >> 6] |= bit;
	size_t n = arena_add(c, name, name_len);
	size_t v = n == (size_t)-1 ? n : arena_add(c, value, strnlen(value, value_len));
	if (v == (size_t)-1)
		return tag_out_of_memory(c, name, loc);
	c->tag_off[r->ntags].name = n;
	c->tag_off[r->ntags].value = v;
	c->tag_off[r->ntags].line = loc->line;
	c->tag_off[r->ntags].column = loc->column;
	int idx = r->ntags++;
	if (dup >= 0) /* both values, cut short to fit the message */
		vc_gc_add(c, VC_F_DUPLICATE_TAG, loc->line, loc->column, 0, NULL,
		          "tag %.40s given twice (\"%.56s\", then \"%.56s\"): the last value is used",
		          name, tag_value(c, dup), c->arena + v);
	if (name[0] == 'F' && strcmp(name, "FEN") == 0) {
		c->fen_tag = idx;
		c->fen_line = loc->line;
		c->fen_col = loc->column;
	} else if (name[0] == 'S' && strcmp(name, "SetUp") == 0) {
		c->setup_tag = idx;
	} else if (name[0] == 'V' && strcmp(name, "Variant") == 0) {
		c->variant_tag = idx;
	} else if (name[0] == 'R' && strcmp(name, "Result") == 0) {
		c->result_tag = idx;
	} else if (name[0] == 'T' && strcmp(name, "Termination") == 0) {
		c->termination_tag = idx;
	} else if (name[0] == 'P' && strcmp(name, "PlyCount") == 0) {
		c->plycount_tag = idx;
	}
	return VC_CONTINUE;
}

/* One warning finding per lenient form (VC_SANW_* bits) of a move. */
static void add_move_warnings(struct vc_checker *c, unsigned warn, const struct vc_move_token *mv,
                              int ply, const char *label)
{
	for (unsigned bit = 1; warn; bit <<= 1) {
		if (!(warn & bit))
			continue;
		warn &= ~bit;
		enum vc_code code = vc_code_of_san_warning(bit);
		vc_gc_add(c, code, mv->loc.line, mv->loc.column, ply, label, "%s", vc_strerror(code));
	}
}

/* An end players overlook (--after-end warn): a dead position, fivefold
 * repetition, the 75-move rule; never checkmate or stalemate. */
static bool overlookable(enum vc_termination t)
{
	return t == VC_TERM_INSUFFICIENT_MATERIAL || t == VC_TERM_DEAD_POSITION ||
	       t == VC_TERM_FIVEFOLD || t == VC_TERM_SEVENTYFIVE_MOVES;
}

static int move_after_end(struct vc_checker *c, const struct vc_move_token *mv, int ply,
                          const char *label)
{
	if (c->opt.after_end_warn && !c->rules && overlookable(c->rec.board.termination)) {
		/* once; the moves after it are still checked */
		vc_gc_add(c, VC_F_MOVE_AFTER_DRAW, mv->loc.line, mv->loc.column, ply, label,
		          "move after the game ended at ply %d by %s (the draw was overlooked: "
		          "the moves are checked on)", c->rec.end_ply,
		          vc_termination_word(c->rec.board.termination));
		c->overlooked = true;
		return VC_GR_MOVE;
	}
	vc_gc_add(c, VC_F_MOVE_AFTER_END, mv->loc.line, mv->loc.column, ply, label,
	          "move after the game ended at ply %d by %s", c->rec.end_ply,
	          vc_termination_word(c->rec.board.termination));
	return VC_SKIP;
}

static const char *san_failure(int st)
{
	return st == VC_SAN_ILLEGAL ? "illegal move"
	       : st == VC_SAN_AMBIGUOUS ? "ambiguous move"
	       : st == VC_SAN_NULL_MOVE ? "null move (no variant here has one)"
	       : st == VC_SAN_IMPOSSIBLE ? "impossible move"
	                                 : "not a move";
}

/* The square an en-passant capture would go to after the move from prev
 * to pos, when that move was a double pawn push (whether or not such a
 * capture is legal: pos->ep is set only when it is); -1 when not. */
static int double_push_ep(const struct vc_position *prev, const struct vc_position *pos)
{
	const int them = !pos->side;
	const vc_bb before = vc_pieces(prev, them, VC_PAWN), after = vc_pieces(pos, them, VC_PAWN);
	const vc_bb from = before & ~after, to = after & ~before;
	if (!from || !to || (from & (from - 1)) || (to & (to - 1)))
		return -1;
	const int f = vc_lsb(from), t = vc_lsb(to), dir = them == VC_WHITE ? 8 : -8;
	return t - f == 2 * dir ? f + dir : -1;
}

/* An illegal move's finding, with why (vc_san_illegal_reason): worked out
 * here, once a move is refused, never on the per-ply path. prev: the
 * position before pos (NULL: unknown), for an en-passant capture that the
 * position's ep square leaves out because it would expose the king. */
static void illegal_move(struct vc_checker *c, const struct vc_position *pos,
                         const struct vc_position *prev, const struct vc_move_token *mv,
                         int ply, const char *label, const char *where)
{
	static const char *const why[] = {
		[VC_ILLEGAL_UNKNOWN] = "",
		[VC_ILLEGAL_UNREACHABLE] = ": no such piece can reach the square",
		[VC_ILLEGAL_PINNED] = ": the piece is pinned",
		[VC_ILLEGAL_KING_IN_CHECK] = ": the king would be in check",
		[VC_ILLEGAL_NO_CASTLING_RIGHT] = ": no castling right that way",
		[VC_ILLEGAL_CASTLING_PATH] = ": the castling path is blocked or attacked",
		[VC_ILLEGAL_CAPTURE_COMPULSORY] = ": a capture is compulsory",
		[VC_ILLEGAL_WRONG_SIDE] = ": a move of the side not to move",
	};
	struct vc_position with_ep;
	int ep = prev && pos->ep == VC_NO_SQ ? double_push_ep(prev, pos) : -1;
	if (ep >= 0) {
		/* the capture there is judged as a move that exists but leaves
		 * the king attacked (pinned, king-in-check), not as one no
		 * piece can make (unreachable) */
		with_ep = *pos;
		with_ep.ep = (uint8_t)ep;
		pos = &with_ep;
	}
	enum vc_illegal_reason r = vc_san_illegal_reason(pos, mv->text, mv->len);
	if ((unsigned)r >= sizeof why / sizeof *why)
		r = VC_ILLEGAL_UNKNOWN;
	int before = c->rec.nfindings;
	vc_gc_add(c, VC_F_ILLEGAL_MOVE, mv->loc.line, mv->loc.column, ply, label,
	          "illegal move%s%s", where, why[r]);
	if (c->rec.nfindings > before)
		c->rec.findings[before].reason = vc_illegal_reason_word(r);
}

/* A token of a game-level variant other than this game's: its error
 * (returns an action), else VC_GR_MOVE. Off the per-ply path: called
 * only once a token is no move. */
static int foreign_token(struct vc_checker *c, const struct vc_move_token *mv, int ply,
                         const char *label)
{
	const struct vc_game_rules *o = vc_game_rules_token_owner(mv->text, mv->len);
	return o && o != c->rules ? o->foreign(c, mv, ply, label) : VC_GR_MOVE;
}

/* A main-line move. `rules` is c->rules != NULL, a constant in each of
 * the two copies vc_checker_move calls: a game without game-level rules
 * pays one branch per ply for them, there. */
static inline __attribute__((always_inline)) int
check_main_move(struct vc_checker *c, const struct vc_move_token *mv, const bool rules)
{
	struct vc_gc_game *r = &c->rec;
	const struct vc_position *pos = vc_game_pos(&c->game);
	/* "12...Nf6" for findings: made only when one is written (most moves
	 * have none); Undo Chess passes it to its hooks on every move */
	char label[64];
	label[0] = 0;
	const unsigned fullmove = pos->fullmove;
	const int side = pos->side;
#define LABEL() (label[0] ? label : (move_label(fullmove, side, mv->text, mv->len, label, sizeof label), label))
	int ply = c->game.nplies + 1;

	if (rules) { /* a game-level variant: its tokens, its refusals */
		int rc = c->rules->before_move(c, mv, ply, LABEL());
		if (rc != VC_GR_MOVE)
			return rc;
	}
	if (c->ended && !c->overlooked) {
		int rc = foreign_token(c, mv, ply, LABEL());
		if (rc == VC_GR_MOVE)
			rc = move_after_end(c, mv, ply, LABEL());
		if (rc != VC_GR_MOVE)
			return rc;
	}
	vc_move m;
	unsigned warn;
	if (!vc_game_play_san(&c->game, mv->text, mv->len, &m, &warn)) {
		/* the general path: every form, every variant, every error */
		int suffix;
		int st = vc_game_parse_move(&c->game, mv->text, mv->len, &m, &warn, &suffix);
		if (st != VC_SAN_OK) {
			/* another game-level variant's token (`undo` in a
			 * standard game): no move text, an error of its own */
			int rc = foreign_token(c, mv, ply, LABEL());
			if (rc != VC_GR_MOVE)
				return rc;
			settle_end(c); /* no legal move at all: the game had ended */
			if (c->ended && !c->overlooked) {
				rc = move_after_end(c, mv, ply, LABEL());
				if (rc != VC_GR_MOVE)
					return rc;
			}
			if (st == VC_SAN_ILLEGAL) {
				illegal_move(c, vc_game_pos(&c->game),
				             c->game.nplies > 0 ? &c->game.line[c->game.nplies - 1] : NULL,
				             mv, ply, LABEL(), "");
				return VC_SKIP;
			}
			vc_gc_add(c, vc_code_of_san_status(st), mv->loc.line, mv->loc.column, ply,
			          LABEL(), "%s", san_failure(st));
			return VC_SKIP;
		}
		int rc = vc_game_push(&c->game, m);
		if (rc) {
			vc_gc_add(c, rc == -2 ? VC_F_LIMIT_PLIES : VC_F_OUT_OF_MEMORY, mv->loc.line,
			          mv->loc.column, ply, LABEL(), "%s",
			          rc == -2 ? "too many plies in one game" : "out of memory");
			return VC_SKIP;
		}
		/* the count is known only when asked for before (-1: unknown);
		 * UCI has no check suffix to judge */
		if (!(warn & VC_SANW_UCI))
			warn |= vc_san_check_suffix(vc_game_pos(&c->game), c->game.nlegal, suffix);
	}
	c->end_open = false; /* a legal move: the position before it had one */
	if (warn)
		add_move_warnings(c, warn, mv, ply, LABEL());
	/* a clock comment after this ply is the mover's */
	c->clock_owner = !vc_game_pos(&c->game)->side;
	if (rules)
		c->rules->after_move(c, mv, LABEL());
	if (c->overlooked) /* after an overlooked draw: its end stands */
		return VC_CONTINUE;
	struct vc_outcome oc = judge_now(c);
	bool pending = false;
	if (outcome_ends(&oc) && !(pending = rules && c->rules->pending(c, &oc)))
		mark_end(c, &oc);
	if (c->on_event) {
		struct vc_gc_event ev = {
			.type = VC_GC_EVENT_MOVE, .color = !vc_game_pos(&c->game)->side, .loc = mv->loc, .move = m,
			.before = &c->game.line[c->game.nplies - 1], .game = &c->game, .rec = r,
			.outcome = oc, .pending = pending,
		};
		c->on_event(c->event_user, &ev);
	}
	return VC_CONTINUE;
#undef LABEL
}

static int check_variation_move(struct vc_checker *c, const struct vc_move_token *mv)
{
	struct vc_gc_level *L = &c->levels[c->depth];
	char label[64];
	move_label(L->cur.fullmove, L->cur.side, mv->text, mv->len, label, sizeof label);
	vc_move legal[VC_MAX_MOVES];
	int n = vc_legal_moves(&L->cur, legal);
	vc_move m;
	unsigned warn;
	int suffix;
	int st = vc_parse_move_at(&L->cur, legal, n, mv->text, mv->len, &m, &warn, &suffix);
	if (st != VC_SAN_OK) {
		/* a game-level variant's token: its own finding */
		const struct vc_game_rules *o = vc_game_rules_token_owner(mv->text, mv->len);
		if (o)
			return o == c->rules ? o->in_variation(c, mv, L->ply + 1, label)
			                     : o->foreign(c, mv, L->ply + 1, label);
		if (st == VC_SAN_ILLEGAL) {
			illegal_move(c, &L->cur,
			             L->has_prev ? &L->prev : L->has_before ? &L->before : NULL, mv,
			             L->ply + 1, label, " in a variation");
			return VC_SKIP;
		}
		vc_gc_add(c, vc_code_of_san_status(st), mv->loc.line, mv->loc.column, L->ply + 1, label,
		          "%s in a variation", st == VC_SAN_ILLEGAL ? "illegal move"
		                               : st == VC_SAN_AMBIGUOUS ? "ambiguous move"
		                               : st == VC_SAN_NULL_MOVE ? "null move"
		                               : st == VC_SAN_IMPOSSIBLE ? "impossible move"
		                                                         : "not a move");
		return VC_SKIP;
	}
	L->prev = L->cur;
	L->has_prev = true;
	vc_make_move(&L->cur, m);
	L->ply++;
	/* warnings accumulate in variations as in the main line (UCI has no
	 * check suffix to judge) */
	if (!(warn & VC_SANW_UCI))
		warn |= vc_san_check_suffix(&L->cur, -1, suffix);
	add_move_warnings(c, warn, mv, L->ply, label);
	return VC_CONTINUE;
}

int vc_checker_move(void *user, const struct vc_move_token *mv)
{
	struct vc_checker *c = user;
	if (c->skip)
		return VC_SKIP;
	if (!setup(c, &mv->loc)) {
		c->skip = true;
		return VC_SKIP;
	}
	int rc = c->depth != 0 ? check_variation_move(c, mv)
	         : c->rules    ? check_main_move(c, mv, true)
	                       : check_main_move(c, mv, false);
	if (rc == VC_SKIP)
		c->skip = true;
	return rc;
}

/* The fast lane (checker_internal.h): check_main_move without game-level
 * rules, event listener, label or finding, for a move that needs none.
 * What it skips, and why the state is the same: c->skip, set-up (done:
 * c->started, setup_ok), a variation (c->depth), a game-level variant
 * (c->rules: before_move, after_move, pending), an ended line (c->ended:
 * move-after-end, overlooked), warnings (the game declines them), the
 * event (c->on_event). */
bool vc_checker_move_plain(void *user, const char *text, size_t len)
{
	struct vc_checker *c = user;
	if (c->skip | !c->started | c->ended | (c->depth != 0) | (c->rules != NULL) |
	    (c->on_event != NULL) || !c->rec.setup_ok)
		return false;
	if (!vc_game_play_plain_(&c->game, text, len))
		return false;
	c->clock_owner = !vc_game_pos(&c->game)->side;
	/* judge_now without game-level rules or listener, inline; the end
	 * left open but for an end by the other rules (c->end_open: a legal
	 * move was read, the position before it had one) */
	if (vc_game_outcome_quiet_(&c->game)) {
		c->end_open = true;
		return true;
	}
	struct vc_outcome oc = vc_game_outcome_if_movable(&c->game);
	if (outcome_ends(&oc)) {
		c->end_open = false;
		oc = vc_game_outcome(&c->game); /* mate may win over the rest */
		if (outcome_ends(&oc))
			mark_end(c, &oc);
		return true;
	}
	c->end_open = true;
	return true;
}

int vc_checker_begin_variation(void *user, unsigned depth, const struct vc_loc *loc)
{
	struct vc_checker *c = user;
	if (c->skip || !setup(c, loc))
		return VC_CONTINUE;
	if (depth >= MAX_LEVELS)
		return VC_CONTINUE; /* the reader reports the depth limit */
	struct vc_gc_level *L = &c->levels[depth];
	/* A variation replaces the last move of the line it branches from. */
	L->has_before = false;
	if (depth == 1) {
		const struct vc_game *g = &c->game;
		if (g->nplies > 0) {
			L->cur = g->line[g->nplies - 1];
			L->ply = g->nplies - 1;
			if (g->nplies > 1) {
				L->before = g->line[g->nplies - 2];
				L->has_before = true;
			}
		} else {
			L->cur = g->line[0];
			L->ply = 0;
		}
	} else {
		struct vc_gc_level *P = &c->levels[depth - 1];
		L->cur = P->has_prev ? P->prev : P->cur;
		L->ply = P->has_prev ? P->ply - 1 : P->ply;
		/* the position before: the parent's start's, when the parent
		 * starts here or made one move (only one back is kept) */
		const bool one_back = P->has_prev && P->ply == P->start_ply + 1;
		if ((!P->has_prev || one_back) && P->has_before) {
			L->before = P->before;
			L->has_before = true;
		}
	}
	L->start_ply = L->ply;
	L->has_prev = false;
	c->depth = depth;
	return VC_CONTINUE;
}

int vc_checker_end_variation(void *user, unsigned depth, const struct vc_loc *loc)
{
	struct vc_checker *c = user;
	(void)loc;
	c->depth = depth > 0 ? depth - 1 : 0;
	return VC_CONTINUE;
}

int vc_checker_result(void *user, const char *text, enum vc_rtok res,
                      const struct vc_loc *loc)
{
	struct vc_checker *c = user;
	if (c->depth == 0) {
		setup(c, loc);
		if (res == VC_RTOK_NONE) { /* a caller that gives the text only */
			unsigned form;
			res = vc_result_read(text, strlen(text), &form);
			if (res != VC_RTOK_NONE && form)
				vc_gc_add(c, VC_F_NONSTANDARD_NOTATION, loc->line, loc->column,
				          0, NULL, "result \"%s\" read as \"%s\"", text,
				          vc_rtok_word(res));
		}
		/* the record keeps the word as PGN writes it, which every later
		 * reader of the record (verdict, writers) parses */
		if (res != VC_RTOK_NONE)
			text = vc_rtok_word(res);
		size_t n = strnlen(text, sizeof c->result_text - 1); /* no printf per game */
		memcpy(c->result_text, text, n);
		c->result_text[n] = 0;
		c->result_tok = res;
		c->rec.movetext_result = c->result_text;
		c->result_line = loc->line;
		c->result_col = loc->column;
	}
	return VC_CONTINUE;
}

int vc_checker_comment(void *user, const char *text, size_t len, const struct vc_loc *loc)
{
	struct vc_checker *c = user;
	if (c->skip || c->depth != 0 || !c->started || !c->rec.setup_ok)
		return VC_CONTINUE;
	double clk = vc_clock_parse(text, len);
	/* the clock of the side that just moved (or took back) */
	int mover = c->clock_owner;
	if (clk >= 0 && mover >= 0) {
		c->rec.last_clock[mover] = clk;
		if (c->rules)
			c->rules->clock(c, mover, clk, loc);
		struct vc_gc_event ev = {
			.type = VC_GC_EVENT_CLOCK, .color = mover, .loc = *loc,
			.game = &c->game, .rec = &c->rec, .clock = clk,
		};
		vc_gc_emit(c, &ev);
	}
	return VC_CONTINUE;
}

int vc_checker_finding(void *user, enum vc_code code, const char *message,
                       const struct vc_loc *loc)
{
	struct vc_checker *c = user;
	/* A read error between games belongs to no game: the input loop
	 * reports the unreadable input itself (exit status 3). */
	if (!c->in_game)
		return VC_CONTINUE;
	if (!vc_code_is_error(code)) {
		vc_gc_add(c, code, loc->line, loc->column, 0, NULL, "%s", message);
		return VC_CONTINUE;
	}
	/* the ply the replay stands at; the main line's ply limit refuses
	 * the next move, whose ply it is (as a limit the game line meets) */
	int ply = c->started && c->rec.setup_ok ? c->game.nplies : 0;
	if (code == VC_F_LIMIT_PLIES && c->depth == 0)
		ply++;
	vc_gc_add(c, code, loc->line, loc->column, ply, NULL, "%s", message);
	if (code != VC_F_LIMIT_COMMENT)
		c->skip = true;
	return VC_CONTINUE;
}

/* Checks that need the whole game: results, PlyCount. */
static void finish(struct vc_checker *c, const struct vc_loc *end, const char *raw,
                   size_t raw_len)
{
	struct vc_gc_game *r = &c->rec;
	c->depth = 0; /* findings from here on are the game's, not a variation's
	                 (a game skipped inside a variation never closed it) */
	for (int i = 0; i < r->ntags; i++) {
		c->tags[i].name = c->arena + c->tag_off[i].name;
		c->tags[i].value = c->arena + c->tag_off[i].value;
	}
	r->tags = c->tags;
	int rtag = c->result_tag; /* the last one, as for every tag */
	r->declared = tag_value(c, rtag);
	if (c->tags_lost) {
		/* tags and movetext not read are not judged, and a game never
		 * set up has no position */
		r->declared = NULL;
		goto done;
	}
	/* the Result tag is read as the reader reads the movetext's result
	 * token (vc_result_read): a word written as in print (½-½, 1–0 or
	 * 1－0 with a Unicode dash, 1/2) is the ASCII word, with the same
	 * warning. A forfeit sign (+--) is no result word here: it says the
	 * game was not played, which a Result tag cannot (bad-result-tag). */
	enum vc_rtok dtok = VC_RTOK_NONE;
	if (r->declared) {
		unsigned form;
		dtok = vc_result_read(r->declared, strlen(r->declared), &form);
		if (form & VC_RFORM_FORFEIT)
			dtok = VC_RTOK_NONE;
		if (dtok != VC_RTOK_NONE && form) {
			vc_gc_add(c, VC_F_NONSTANDARD_NOTATION, c->tag_off[rtag].line,
			          c->tag_off[rtag].column, 0, NULL,
			          "Result tag \"%s\" read as \"%s\"", r->declared,
			          vc_rtok_word(dtok));
			r->declared = vc_rtok_word(dtok);
		}
	}
	r->termination_tag = tag_value(c, c->termination_tag);
	if (r->movetext_result && r->movetext_result[0] == 0)
		r->movetext_result = NULL;
	const enum vc_rtok mtok = r->movetext_result ? c->result_tok : VC_RTOK_NONE;
	/* Findings about the result point at it: the movetext result, else
	 * the Result tag, else the end of the game's text. */
	uint64_t line = end->line, col = end->column;
	if (r->movetext_result) {
		line = c->result_line;
		col = c->result_col;
	} else if (rtag >= 0) {
		line = c->tag_off[rtag].line;
		col = c->tag_off[rtag].column;
	}
	if (!r->declared) {
		if (r->ntags)
			vc_gc_add(c, VC_F_MISSING_RESULT_TAG, r->line, 1, 0, NULL,
			          "no Result tag");
	} else if (dtok == VC_RTOK_NONE) {
		vc_gc_add(c, VC_F_BAD_RESULT_TAG, r->line, 1, 0, NULL,
		          "Result tag \"%s\" is not 1-0, 0-1, 1/2-1/2 or *", r->declared);
	} else if (mtok != VC_RTOK_NONE && dtok != mtok) {
		vc_gc_add(c, VC_F_RESULT_MISMATCH, line, col, 0, NULL,
		          "Result tag \"%s\" but movetext ends with \"%s\"", r->declared,
		          r->movetext_result);
	}
	if (!r->setup_ok && !c->started)
		setup(c, end); /* games without movetext still get a position */
	if (r->setup_ok) {
		const struct vc_position *pos = vc_game_pos(&c->game);
		r->plies = c->game.nplies;
		if (!c->opt.no_final_fen)
			vc_fen_write(pos, r->final_fen, false);
		r->claims = vc_game_claims(&c->game);
		if (!c->overlooked)
			settle_end(c);
		if (!c->ended)
			r->board = vc_game_outcome(&c->game);
		const char *decl = r->declared ? r->declared : r->movetext_result;
		enum vc_result dres;
		if (!c->skip && vc_rtok_result(r->declared ? dtok : mtok, &dres) &&
		    r->board.termination != VC_TERM_NONE &&
		    !(c->rules && c->rules->decides_result(c, dres))) {
			const char *board = vc_result_string(r->board.result);
			if (dres == VC_RES_NONE) {
				vc_gc_add(c, VC_F_UNFINISHED_RESULT, line, col, r->end_ply, NULL,
				          "result \"*\" but the game ended by %s (%s)",
				          vc_termination_word(r->board.termination), board);
			} else if (dres != r->board.result) {
				vc_gc_add(c, VC_F_RESULT_CONTRADICTS_BOARD, line, col, r->end_ply, NULL,
				          "declared %s but the rules end the game by %s: %s", decl,
				          vc_termination_word(r->board.termination), board);
			}
		}
		const char *pc = tag_value(c, c->plycount_tag);
		if (pc && !c->skip) {
			char *pend;
			long v = strtol(pc, &pend, 10);
			if (*pc && !*pend && v != c->game.nplies && !(c->rules && c->rules->plycount_exempt(c)))
				vc_gc_add(c, VC_F_PLYCOUNT_MISMATCH, r->line, 1, 0, NULL,
				          "PlyCount %ld but the game has %d plies", v, c->game.nplies);
		}
		r->game = &c->game;
	}
	if (c->rules) {
		c->rules->finish(c, line, col);
		c->rules = NULL;
	}
done:
	r->valid = r->nerrors == 0 && (!c->opt.strict || r->nwarnings == 0);
	r->raw = raw;
	r->raw_len = raw ? raw_len : 0;
}

int vc_checker_end_game(struct vc_checker *c, const struct vc_loc *end, const char *raw,
                        size_t raw_len)
{
	finish(c, end, raw, raw_len);
	c->in_game = false;
	int rc = c->on_game(c->user, &c->rec);
	if (rc)
		c->stop = rc;
	return rc ? VC_STOP : VC_CONTINUE;
}

/* ---- position records ------------------------------------------------------- */

/* Which side breaks the one-king rule of a board field, for a message
 * that names it ("white has no king"). */
static void king_message(const char *fen, enum vc_fen_status st, char *buf, size_t size)
{
	int kings[2] = { 0, 0 };
	for (const char *q = fen; *q && *q != ' ' && *q != '\t'; q++)
		if (*q == 'K' || *q == 'k')
			kings[*q == 'k']++;
	int side = st == VC_FEN_NO_KING ? (kings[0] == 0 ? 0 : 1) : (kings[0] > 1 ? 0 : 1);
	snprintf(buf, size, "invalid position: %s has %s", side ? "black" : "white",
	         st == VC_FEN_NO_KING ? "no king" : "more than one king");
}

/* The checks of one readable position line into c->rec. */
static void check_position(struct vc_checker *c, const struct vc_position_line *pl)
{
	struct vc_gc_game *r = &c->rec;
	const char *line = pl->fen;
	uint64_t lineno = pl->line, indent = pl->indent;
	const struct vc_variant *v = c->opt.variant;
	if (pl->variant) {
		bool unsupported;
		const struct vc_variant *found = vc_variant_find(pl->variant, &unsupported);
		if (v && found != v) {
			/* the caller's variant wins, as over a PGN Variant tag */
			vc_gc_add(c, VC_F_VARIANT_TAG_OVERRIDDEN, lineno, indent + 1, 0, NULL,
			          "variant operation \"%s\" is not the variant asked for (%s), which "
			          "is used", pl->variant, v->name);
		} else if (!found) {
			vc_gc_add(c, unsupported ? VC_F_UNSUPPORTED_VARIANT : VC_F_UNKNOWN_VARIANT,
			          lineno, indent + 1, 0, NULL, "%s variant \"%s\"",
			          unsupported ? "unsupported" : "unknown", pl->variant);
			return;
		}
		if (!v)
			v = found;
	}
	if (!v)
		v = vc_variant_default();
	if (!record_variant(c, v, lineno, indent + 1))
		return;
	struct vc_position pos;
	struct vc_fen_result fr;
	if (vc_fen_parse(&pos, line, v->id, &fr) != VC_FEN_OK) {
		char msg[96];
		if (fr.status == VC_FEN_NO_KING || fr.status == VC_FEN_TOO_MANY_KINGS)
			king_message(line, fr.status, msg, sizeof msg);
		else
			snprintf(msg, sizeof msg, "%s", vc_fen_strerror(fr.status));
		vc_gc_add(c, vc_code_of_fen_status(fr.status), lineno, indent + (uint64_t)fr.column, 0,
		          NULL, "%s", msg);
		return;
	}
	/* the FEN's repairs, in bit order (an EPD line has no clocks to miss) */
	for (unsigned bit = 1, w = fr.warnings & ~VC_FENW_NO_CLOCKS; w; bit <<= 1) {
		if (!(w & bit))
			continue;
		w &= ~bit;
		enum vc_code code = vc_code_of_fen_warning(bit);
		if (code != VC_F_OK)
			vc_gc_add(c, code, lineno, indent + 1, 0, NULL, "%s", vc_strerror(code));
	}
	/* EPD operations end with ';' (perft suites' ";D1 20" start with one):
	 * text after the fields with none is no operation (vchess(1) DESCRIPTION) */
	const char *rest = fr.rest ? fr.rest : "";
	while (*rest == ' ' || *rest == '\t')
		rest++;
	if (*rest && !strchr(rest, ';'))
		vc_gc_add(c, VC_F_FEN_TRAILING_TEXT, lineno,
		          indent + (uint64_t)(rest - line) + 1, 0, NULL,
		          "text after the FEN fields that is not an EPD operation "
		          "(opcode operands;): ignored");
	if (pos.variant != v->id && !record_variant(c, vc_variant_get(pos.variant), lineno, indent + 1))
		return;
	r->setup_ok = true;
	vc_fen_write(&pos, r->final_fen, false);
	memcpy(r->start_fen, r->final_fen, sizeof r->start_fen);
	/* the game layer's outcome: the same decision as for a game's ply
	 * (dead positions included) */
	vc_game_reset(&c->game, &pos);
	c->game.rules = c->opt.rules;
	c->game.dead = c->opt.dead_positions;
	r->board = vc_game_outcome(&c->game);
}

int vc_checker_position(struct vc_checker *c, const struct vc_position_line *pl)
{
	struct vc_gc_game *r = &c->rec;
	struct vc_loc at = { .line = pl->line, .column = 1, .offset = pl->offset };
	vc_checker_begin_game(c, pl->index, &at);
	c->in_game = false;
	if (pl->fen)
		check_position(c, pl);
	else
		vc_gc_add(c, pl->error, pl->line, pl->error_column, 0, NULL, "%s",
		          pl->error_message ? pl->error_message : vc_strerror(pl->error));
	r->valid = r->nerrors == 0 && (!c->opt.strict || r->nwarnings == 0);
	r->raw = pl->raw;
	r->raw_len = pl->raw_len;
	int rc = c->on_game(c->user, r);
	if (rc) {
		c->stop = rc; /* as vc_checker_end_game keeps it */
		return VC_STOP;
	}
	return VC_CONTINUE;
}
