/* vchess - streaming, syntax-only PGN reader (contract in pgn.h).
 *
 * One resumable state machine over a refillable buffer: every state can
 * stop at the end of the buffer and go on after the refill, so no token
 * needs to fit in the buffer and nothing is read twice. Token text is
 * copied into small bounded buffers only where the visitor wants it.
 * Game boundaries are decided at the first byte of the next game's first
 * token, except for a `[Name` after movetext or after a blank line in a tag
 * section, which is decided when the name is complete (`pending`).
 */
#include "pgn_internal.h"
#include "pgn_fast_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t vc_pgn_stdio_read(void *ctx, char *buf, size_t n)
{
	FILE *f = ctx;
	size_t got = fread(buf, 1, n, f);
	if (got == 0 && ferror(f))
		return VC_PGN_READ_ERROR;
	return got;
}

/* ---- Positions ----------------------------------------------------------- */

static inline uint64_t here_off(const struct vc_pgn_reader *r)
{
	return r->buf_off + r->pos;
}

static inline void loc_at(const struct vc_pgn_reader *r, uint64_t off,
                          struct vc_loc *l)
{
	/* off is on the current line */
	l->offset = off;
	l->line = r->line;
	l->column = off >= r->line_start ? off - r->line_start + 1 : 1;
}

/* A line end at the current byte c ('\n' or '\r'). in_token: the line end is
 * inside a comment or tag (the next line is not blank whatever it holds). */
static inline void on_eol(struct vc_pgn_reader *r, unsigned char c,
                          bool in_token, bool *is_new)
{
	uint64_t off = here_off(r);
	if (c == '\n' && r->cr_end == off) {
		/* second half of CR LF */
		r->line_start = off + 1;
		if (r->eol_cr == off)
			r->game.eol = "\r\n";
		if (is_new)
			*is_new = false;
		return;
	}
	r->line++;
	r->line_start = off + 1;
	if (c == '\r')
		r->cr_end = off + 1;
	if (!r->line_has_token)
		r->blank_seen = true;
	r->line_has_token = in_token;
	if (r->phase != G_NONE && !r->eol_set) {
		r->eol_set = true;
		r->game.eol = c == '\r' ? "\r" : "\n";
		if (c == '\r')
			r->eol_cr = off + 1;
	}
	if (is_new)
		*is_new = true;
}

/* ---- Raw copy of the current game ------------------------------------------ */

/* While the copy is full, the last bytes seen are kept in a small tail, so
 * that a game whose start is decided a little late (`[Name` after an
 * overlong game) still gets its own bytes. */
static void tail_append(struct vc_pgn_reader *r, const unsigned char *s,
                        size_t n)
{
	size_t keep = r->tail_cap / 2;
	if (n >= keep) {
		memmove(r->tail, s + n - keep, keep);
		r->tail_len = keep;
		return;
	}
	if (r->tail_len + n > r->tail_cap) {
		size_t drop = r->tail_len + n - keep;
		memmove(r->tail, r->tail + drop, r->tail_len - drop);
		r->tail_len -= drop;
	}
	memmove(r->tail + r->tail_len, s, n);
	r->tail_len += n;
}

static void raw_append(struct vc_pgn_reader *r, const unsigned char *s,
                       size_t n)
{
	if (n == 0)
		return;
	r->raw_total += n;
	size_t k = 0;
	if (!r->raw_full) {
		size_t room = r->lim.raw - r->raw_len;
		k = n < room ? n : room;
		if (k && !grow(&r->raw, &r->raw_cap, r->raw_len + k, r->lim.raw))
			k = 0;
		if (k)
			memcpy(r->raw + r->raw_len, s, k);
		r->raw_len += k;
	}
	if (k < n) {
		/* s may be the tail itself (raw_from_tail): copied first */
		r->raw_full = true;
		tail_append(r, s + k, n - k);
	}
}

static void raw_flush(struct vc_pgn_reader *r, size_t upto)
{
	if (!r->raw_on || upto <= r->raw_from)
		return;
	raw_append(r, r->buf + r->raw_from, upto - r->raw_from);
	r->raw_from = upto;
}

/* Restarts the copy with the last k bytes of the tail. */
static void raw_from_tail(struct vc_pgn_reader *r, size_t k)
{
	memmove(r->tail, r->tail + r->tail_len - k, k);
	r->tail_len = 0;
	r->raw_full = false;
	r->raw_total = r->raw_len;
	raw_append(r, r->tail, k); /* may refill the tail: memmove there */
}

/* ---- Where a game's share of the input ends ---------------------------------
 * A game's share (vc_pgn_game.copy_end) ends after the blanks (space, tab)
 * and the one line end that directly follow its last token; without such
 * a line end, at the token. The scan starts at the last token's end and
 * stops at the first byte that decides it; it is done lazily, on the bytes
 * of the buffer when the game ends and before each refill while a game is
 * open (the token ended in the buffer being left, so no byte after it is
 * lost), never per byte or per token. */
enum { SP_BLANKS, SP_CR, SP_DONE };

static void split_scan(struct vc_pgn_reader *r)
{
	const uint64_t e = r->last_end.offset;
	if (r->sp_off != e) {
		r->sp_off = e;
		r->sp_at = e;
		r->sp_state = SP_BLANKS;
	}
	const uint64_t top = r->buf_off + r->len;
	if (r->sp_state != SP_DONE && r->sp_at < r->buf_off) {
		/* a token end set back into an earlier buffer (a word
		 * before `(`): a byte that is no blank follows it */
		r->sp_at = e;
		r->sp_state = SP_DONE;
	}
	while (r->sp_state != SP_DONE && r->sp_at < top) {
		unsigned char c = r->buf[r->sp_at - r->buf_off];
		if (r->sp_state == SP_CR) {
			if (c == '\n')
				r->sp_at++;
			r->sp_state = SP_DONE;
		} else if (c == ' ' || c == '\t') {
			r->sp_at++;
		} else if (c == '\n') {
			r->sp_at++;
			r->sp_state = SP_DONE;
		} else if (c == '\r') {
			r->sp_at++;
			r->sp_state = SP_CR;
		} else {
			r->sp_at = e; /* no line end after the game: the blanks go
			                 with the next one */
			r->sp_state = SP_DONE;
		}
	}
}

/* Where the game that ends now leaves off (split_scan for the bytes the
 * input still holds; at the end of the input (not a cut), the input's end:
 * bytes after the last game go with it). */
static uint64_t split_end(struct vc_pgn_reader *r)
{
	if (r->at_end && !r->cut)
		return r->buf_off + r->len; /* all read (finish: after the refill) */
	split_scan(r);
	return r->sp_state == SP_BLANKS ? r->last_end.offset : r->sp_at;
}

/* Capture starts (or restarts) at stream offset off <= the current byte.
 * The bytes from off on are taken from the read buffer when they are still
 * there, else from the copy made so far and the tail. */
static void raw_begin(struct vc_pgn_reader *r, uint64_t off)
{
	if (!r->keep_raw)
		return;
	uint64_t cur = here_off(r);
	if (off >= r->buf_off) {
		r->raw_on = true;
		r->raw_len = 0;
		r->raw_total = 0;
		r->raw_full = false;
		r->raw_base = off;
		r->raw_from = (size_t)(off - r->buf_off);
		r->tail_len = 0;
		return;
	}
	if (r->raw_on) {
		raw_flush(r, r->pos);
		uint64_t skip = off - r->raw_base;
		if (off >= r->raw_base && skip <= r->raw_len) {
			/* the start is in the copy */
			memmove(r->raw, r->raw + skip, r->raw_len - (size_t)skip);
			r->raw_len -= (size_t)skip;
			r->raw_total -= skip;
			r->raw_base = off;
			uint64_t lost = r->raw_total - r->raw_len;
			if (lost == 0) {
				r->raw_full = false;
				r->tail_len = 0;
			} else if (lost <= r->tail_len) {
				raw_from_tail(r, (size_t)lost);
			}
			return;
		}
		if (off >= r->raw_base && cur - off <= r->tail_len) {
			/* the start is in the tail */
			r->raw_len = 0;
			r->raw_base = off;
			raw_from_tail(r, (size_t)(cur - off));
			return;
		}
	}
	r->raw_on = true;
	r->raw_len = 0;
	r->raw_total = cur - off;
	r->raw_full = true;
	r->raw_base = off;
	r->raw_from = r->pos;
	r->tail_len = 0;
}

void vc_pgn_finding(struct vc_pgn_reader *r, enum vc_code code,
                    const struct vc_loc *loc, const char *fmt, ...)
{
	bool err = vc_code_is_error(code);
	if (r->stopped)
		return;
	if (r->phase != G_NONE) {
		/* a skipped game reports nothing more, except that the input
		 * failed */
		if (r->skipping && code != VC_F_READ_ERROR)
			return;
		if (err) {
			r->game.errors++;
			if (r->game.first_error == VC_F_OK)
				r->game.first_error = code;
		} else {
			r->game.warnings++;
		}
	}
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->msg, sizeof r->msg, fmt, ap);
	va_end(ap);
	int (*fn)(void *, enum vc_code, const char *,
	          const struct vc_loc *) =
		err ? r->vis.error : r->vis.warning;
	if (fn)
		act(r, fn(r->vis.user, code, r->msg, loc));
	if (err && code != VC_F_LIMIT_COMMENT)
		start_skip(r);
}

/* ---- Games ---------------------------------------------------------------- */

static void close_game(struct vc_pgn_reader *r, bool reopen)
{
	struct vc_pgn_game *g = &r->game;
	if (r->phase == G_NONE)
		return;
	/* an input of comments and NAGs alone, without error, is no game
	 * (pgn.h notes_only): no missing-result for it */
	g->notes_only = g->notes_only && g->errors == 0;
	if (!r->skipping && !r->stopped && !g->notes_only) {
		if (r->depth > 0)
			vc_pgn_finding(r, VC_F_UNBALANCED_VARIATION, &r->last_end,
			        "game ends inside a variation (%llu unclosed)",
			        (unsigned long long)r->depth);
		if (g->result == VC_RTOK_NONE)
			vc_pgn_finding(r, VC_F_MISSING_RESULT, &r->last_end,
			        "game has no result token");
	}
	g->end = r->last_end;
	g->copy_end = split_end(r);
	if (r->keep_raw && r->raw_on) {
		raw_flush(r, r->pos);
		uint64_t want = g->end.offset - r->raw_base;
		if (want > r->raw_len)
			want = r->raw_len;
		g->raw = (const char *)r->raw;
		g->raw_len = (size_t)want;
		g->raw_truncated =
			r->raw_full && g->end.offset - r->raw_base > r->raw_len;
		if (g->raw_truncated && !r->skipping && !r->stopped)
			vc_pgn_finding(r, VC_F_LIMIT_RAW, &g->end,
			        "game longer than %zu bytes: its copy (keep_raw) holds "
			        "only its first bytes", r->lim.raw);
		if (!g->raw)
			g->raw = "";
	}
	r->phase = G_NONE;
	r->skipping = false;
	r->pending = false;
	if (!r->stopped && r->vis.end_game) {
		/* the game is still visible to vc_pgn_reader_game */
		r->in_end = true;
		act(r, r->vis.end_game(r->vis.user, g));
		r->in_end = false;
	}
	g->raw = NULL;
	g->raw_len = 0;
	if (!reopen)
		r->raw_on = false;
	if (r->one)
		r->brk = true;
}

static void open_game(struct vc_pgn_reader *r, const struct vc_loc *at,
                      int phase)
{
	struct vc_pgn_game *g = &r->game;
	if (r->stopped)
		return;
	memset(g, 0, sizeof *g);
	g->index = ++r->ngames;
	g->start = *at;
	g->end = *at;
	g->eol = "\n";
	r->last_end = *at;
	r->phase = phase;
	r->skipping = false;
	r->pending = false;
	r->warned_latin1 = r->warned_nonstd = false;
	r->eol_set = false;
	r->depth = 0;
	r->num_pending = false;
	r->num_value = 0;
	r->num_dots = 0;
	r->ntag_hash = 0;
	r->blank_seen = false;
	raw_begin(r, at->offset);
	if (r->vis.begin_game)
		act(r, r->vis.begin_game(r->vis.user, g));
}

/* The first byte of a token is at r->tok_loc. */
static void token_start(struct vc_pgn_reader *r, int kind)
{
	r->line_has_token = true;
	if (kind != TK_NOTE)
		r->game.notes_only = false;
	switch (r->phase) {
	case G_NONE:
		open_game(r, &r->tok_loc, kind == TK_MOVETEXT ? G_MOVES : G_TAGS);
		r->game.notes_only = kind == TK_NOTE;
		return;
	case G_TAGS:
		if (kind == TK_TAG) {
			if (r->blank_seen) {
				r->pending = true;
				r->pend_loc = r->tok_loc;
			}
		} else if (kind == TK_MOVETEXT) {
			r->phase = G_MOVES;
		}
		break;
	case G_MOVES:
		if (kind == TK_TAG) {
			r->pending = true;
			r->pend_loc = r->tok_loc;
		}
		break;
	case G_POST:
		if (kind == TK_NOTE)
			break;
		close_game(r, true);
		open_game(r, &r->tok_loc, kind == TK_TAG ? G_TAGS : G_MOVES);
		break;
	}
}

/* The current token ended just before stream offset off. */
static inline void tok_done(struct vc_pgn_reader *r, uint64_t off)
{
	if (r->phase != G_NONE)
		loc_at(r, off, &r->last_end);
}

/* Garbage in a tag section skips the rest of its line, so that the game's
 * next tag does not look like the start of another game (HTML pages with
 * `[Event "x"]<br>`). */
static void garbage(struct vc_pgn_reader *r, unsigned c)
{
	token_start(r, TK_GARBAGE);
	if (r->phase == G_TAGS)
		r->ls = LS_SKIPLINE;
	if (c >= 0x20 && c < 0x7f)
		vc_pgn_finding(r, VC_F_PGN_SYNTAX, &r->tok_loc,
		        "unexpected character '%c'", (int)c);
	else
		vc_pgn_finding(r, VC_F_PGN_SYNTAX, &r->tok_loc,
		        "unexpected byte 0x%02x", c);
}

/* ---- Movetext tokens -------------------------------------------------------- */

static void emit_nag(struct vc_pgn_reader *r, int nag,
                     const struct vc_loc *loc)
{
	if (r->skipping || r->stopped || !r->vis.nag)
		return;
	act(r, r->vis.nag(r->vis.user, nag, loc));
}

static void emit_move(struct vc_pgn_reader *r, unsigned char *s, size_t n,
                      const struct vc_loc *loc)
{
	unsigned long number = r->num_pending ? r->num_value : 0;
	unsigned dots = r->num_pending ? r->num_dots : 0;
	r->num_pending = false;
	if (r->skipping || r->stopped)
		return;
	if (r->depth == 0) {
		if (r->game.plies >= r->lim.plies) {
			vc_pgn_finding(r, VC_F_LIMIT_PLIES, loc,
			        "more than %lu plies in the main line",
			        r->lim.plies);
			return;
		}
		r->game.plies++;
	}
	if (!r->vis.move)
		return;
	s[n] = 0;
	struct vc_move_token m;
	m.text = (const char *)s;
	m.len = n;
	m.loc = *loc;
	m.number = number;
	m.number_dots = dots;
	m.depth = r->depth > 0xFFFFFFFFu ? 0xFFFFFFFFu : (unsigned)r->depth;
	m.ply = r->depth == 0 ? r->game.plies : 0;
	act(r, r->vis.move(r->vis.user, &m));
}

static void emit_result(struct vc_pgn_reader *r, const char *text,
                        enum vc_rtok res, const struct vc_loc *loc)
{
	r->num_pending = false;
	if (r->depth > 0) {
		vc_pgn_finding(r, VC_F_RESULT_IN_VARIATION, loc,
		        "result %s inside a variation ignored", text);
		return;
	}
	r->game.result = res;
	r->phase = G_POST;
	if (!r->skipping && !r->stopped && r->vis.result)
		act(r, r->vis.result(r->vis.user, text, res, loc));
}

static void lparen(struct vc_pgn_reader *r, const struct vc_loc *loc)
{
	r->num_pending = false;
	if (!r->skipping && r->depth >= r->lim.depth)
		vc_pgn_finding(r, VC_F_LIMIT_VARIATION_DEPTH, loc,
		        "variations nested deeper than %u", r->lim.depth);
	r->depth++;
	if (!r->skipping && !r->stopped && r->vis.begin_variation)
		act(r, r->vis.begin_variation(r->vis.user, (unsigned)r->depth,
		                              loc));
}

static void rparen(struct vc_pgn_reader *r, const struct vc_loc *loc)
{
	r->num_pending = false;
	if (r->depth == 0) {
		vc_pgn_finding(r, VC_F_UNBALANCED_VARIATION, loc,
		        "')' without a variation to close");
		return;
	}
	if (!r->skipping && !r->stopped && r->vis.end_variation)
		act(r, r->vis.end_variation(r->vis.user, (unsigned)r->depth,
		                            loc));
	r->depth--;
}

static void nonstandard(struct vc_pgn_reader *r, const struct vc_loc *loc,
                        const char *what)
{
	if (r->warned_nonstd)
		return;
	r->warned_nonstd = true;
	vc_pgn_finding(r, VC_F_NONSTANDARD_NOTATION, loc, "%s", what);
}

/* One word without Unicode spaces: s[0..n) in r->tok, at loc. `ascii`:
 * the caller knows it holds no byte above 0x7f. */
static void word_piece(struct vc_pgn_reader *r, unsigned char *s, size_t n,
                       struct vc_loc loc, bool ascii)
{
	for (size_t i = 0; i < n && !ascii; i++) {
		if (s[i] >= 0x80) {
			int nag = vc_pgn_glyph_nag(s, n);
			if (nag) {
				emit_nag(r, nag, &loc);
				return;
			}
			if (!vc_pgn_normalise_word(r, s, n, &n)) {
				vc_pgn_finding(r, VC_F_PGN_SYNTAX, &loc,
				        "unrecognised non-ASCII token");
				return;
			}
			s = r->conv;
			nonstandard(r, &loc,
			            "Unicode notation normalised to ASCII");
			break;
		}
	}
	while (n > 0) {
		if (is_digit(s[0])) {
			size_t i = 0;
			unsigned long v = 0;
			while (i < n && is_digit(s[i])) {
				if (v < 100000000ul)
					v = v * 10 + (s[i] - '0');
				i++;
			}
			if (i < n && s[i] == '.') {
				unsigned d = 0;
				while (i < n && s[i] == '.')
					i++, d++;
				r->num_pending = true;
				r->num_value = v;
				r->num_dots = d;
				s += i, n -= i;
				loc.offset += i, loc.column += i;
				continue;
			}
			if (i == n && s[0] != '0') {
				/* bare move number */
				r->num_pending = true;
				r->num_value = v;
				r->num_dots = 0;
				return;
			}
			enum vc_rtok res;
			bool lenient;
			if (vc_pgn_parse_result(s, n, &res, &lenient)) {
				if (lenient)
					nonstandard(r, &loc,
					            "result written in a "
					            "nonstandard way");
				emit_result(r, vc_pgn_result_text[res], res, &loc);
				return;
			}
			if (vc_pgn_is_zero_castle(s, n) || i == n) {
				/* `0-0`, or all zeros (`0000`): the caller
				 * judges */
				emit_move(r, s, n, &loc);
				return;
			}
			vc_pgn_finding(r, VC_F_PGN_SYNTAX, &loc,
			        "'%.*s' is not a move, move number or result",
			        (int)(n > 40 ? 40 : n), (const char *)s);
			return;
		}
		if (s[0] == '.') {
			/* `12. ... Nf6`: dots after a number mark Black */
			size_t i = 0;
			while (i < n && s[i] == '.')
				i++;
			if (r->num_pending)
				r->num_dots += (unsigned)i;
			s += i, n -= i;
			loc.offset += i, loc.column += i;
			continue;
		}
		if (is_alpha(s[0]) || s[0] == '@') {
			while (n > 1 && s[n - 1] == '.')
				n--;
			if (n == 3 && memcmp(s, "e.p", 3) == 0)
				return; /* "e.p." after an en-passant capture */
			emit_move(r, s, n, &loc);
			return;
		}
		if (n == 2 && s[0] == '-' && s[1] == '-') {
			emit_move(r, s, n, &loc); /* null move: the caller's */
			return;
		}
		enum vc_rtok res;
		bool lenient;
		if (vc_pgn_parse_result(s, n, &res, &lenient)) {
			nonstandard(r, &loc, "result written in a nonstandard way");
			emit_result(r, vc_pgn_result_text[res], res, &loc);
			return;
		}
		int nag = vc_pgn_eval_nag(s, n);
		if (nag) {
			emit_nag(r, nag, &loc);
			return;
		}
		vc_pgn_finding(r, VC_F_PGN_SYNTAX, &loc, "'%.*s' is not PGN",
		        (int)(n > 40 ? 40 : n), (const char *)s);
		return;
	}
}

/* Piece r->tok[from..to) of a word that began at `base`. A piece after a
 * result starts the next game, as a separate word would. */
static void word_split_piece(struct vc_pgn_reader *r,
                             const struct vc_loc *base, size_t from,
                             size_t to)
{
	struct vc_loc loc = *base;
	loc.offset += from, loc.column += from;
	if (from > 0 && r->phase == G_POST) {
		r->tok_loc = loc;
		token_start(r, TK_MOVETEXT);
		if (r->stopped)
			return;
	}
	tok_done(r, base->offset + to);
	word_piece(r, r->tok + from, to - from, loc, false);
}

/* A word (letters, digits, -+#=@/:. and UTF-8) ended just before stream
 * offset `end`. Unicode spaces inside it (`1.<NBSP>e4`) separate words. */
static void word_end(struct vc_pgn_reader *r, uint64_t end)
{
	const unsigned char *s = r->tok;
	size_t n = r->tok_len, start = 0, i = 0;
	bool high = false;
	tok_done(r, end);
	if (r->tok_over) {
		vc_pgn_finding(r, VC_F_LIMIT_TOKEN, &r->tok_loc,
		        "token longer than %zu bytes", r->lim.token);
		return;
	}
	for (size_t j = 0; j < n; j++)
		high |= s[j] >= 0x80;
	if (!high) {
		word_piece(r, r->tok, n, r->tok_loc, true); /* no byte above 0x7f */
		return;
	}
	struct vc_loc base = r->tok_loc;
	while (i < n && !r->stopped) {
		uint32_t cp;
		size_t k;
		if (s[i] >= 0x80 && (k = vc_pgn_u8_seq(s + i, n - i, &cp)) &&
		    vc_pgn_unicode_space(cp)) {
			if (i > start)
				word_split_piece(r, &base, start, i);
			i += k;
			start = i;
		} else {
			i++;
		}
	}
	if (start < n && !r->stopped)
		word_split_piece(r, &base, start, n);
}

static void nag_end(struct vc_pgn_reader *r)
{
	tok_done(r, here_off(r));
	if (r->nag_digits == 0)
		vc_pgn_finding(r, VC_F_PGN_SYNTAX, &r->tok_loc, "'$' without a number");
	else if (r->nag_val > 255)
		vc_pgn_finding(r, VC_F_BAD_NAG, &r->tok_loc,
		        "NAG above $255 ignored");
	else
		emit_nag(r, (int)r->nag_val, &r->tok_loc);
}

static void annot_end(struct vc_pgn_reader *r)
{
	static const char *const t[] = {"!", "?", "!!", "??", "!?", "?!"};
	tok_done(r, here_off(r));
	if (r->annot_len <= 2) {
		for (int i = 0; i < 6; i++)
			if (strlen(t[i]) == r->annot_len &&
			    memcmp(t[i], r->annot, r->annot_len) == 0) {
				emit_nag(r, i + 1, &r->tok_loc);
				return;
			}
	}
	vc_pgn_finding(r, VC_F_BAD_NAG, &r->tok_loc,
	        "unknown annotation symbol ignored");
}

/* ---- Comments ------------------------------------------------------------- */

static void comment_begin(struct vc_pgn_reader *r)
{
	r->val_len = 0;
	r->val_over = false;
	r->val_nomem = false;
	r->val_collect = r->vis.comment != NULL && !r->skipping;
	r->val_lazy = r->val_collect && r->comment_marker;
}

/* Appends c to r->val unless that would pass `limit` bytes; false then.
 * Keeps room for a NUL. */
static bool val_add(struct vc_pgn_reader *r, unsigned char c, size_t limit)
{
	if (r->val_len >= limit)
		return false;
	if (!grow(&r->val, &r->val_cap, r->val_len + 2, limit + 1)) {
		r->val_nomem = true;
		return false;
	}
	r->val[r->val_len++] = c;
	return true;
}

static void comment_add(struct vc_pgn_reader *r, unsigned char c)
{
	if (val_add(r, c, r->lim.comment))
		return;
	r->val_collect = false;
	r->val_over = true;
	if (r->val_nomem)
		vc_pgn_finding(r, VC_F_OUT_OF_MEMORY, &r->tok_loc,
		        "out of memory reading a comment");
	else
		vc_pgn_finding(r, VC_F_LIMIT_COMMENT, &r->tok_loc,
		        "comment longer than %zu bytes; skipped",
		        r->lim.comment);
}

/* Appends n bytes of comment text; past the limit, as comment_add. */
static void comment_add_run(struct vc_pgn_reader *r, const unsigned char *p,
                            size_t n)
{
	size_t room = r->lim.comment - r->val_len;
	size_t k = n < room ? n : room;
	if (k && !grow(&r->val, &r->val_cap, r->val_len + k + 1,
	               r->lim.comment + 1)) {
		r->val_nomem = true;
		k = 0;
		n = 1;
	}
	memcpy(r->val + r->val_len, p, k);
	r->val_len += k;
	if (k < n)
		comment_add(r, p[k]); /* reports the limit */
}

static void comment_end(struct vc_pgn_reader *r)
{
	if (!r->val_collect || r->val_over || r->skipping || r->stopped)
		return;
	size_t n = r->val_len;
	if (r->comment_marker && !memchr(r->val, r->comment_marker, n))
		return;
	const char *t = vc_pgn_deliver_text(r, r->val, &n, &r->tok_loc);
	if (t && !r->skipping && !r->stopped)
		act(r, r->vis.comment(r->vis.user, t, n, &r->tok_loc));
}

/* ---- Tags ----------------------------------------------------------------- */

static uint64_t name_hash(const unsigned char *s, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ s[i]) * 1099511628211ull;
	return h;
}

static bool has_tag(const struct vc_pgn_reader *r, uint64_t h)
{
	for (unsigned long i = 0; i < r->ntag_hash; i++)
		if (r->tag_hash[i] == h)
			return true;
	return false;
}

/* A `[` that could have started a new game turned out not to be a tag:
 * the error is the current game's. */
static void tag_fail(struct vc_pgn_reader *r, enum vc_code code,
                     const char *msg)
{
	r->pending = false;
	tok_done(r, here_off(r));
	vc_pgn_finding(r, code, &r->tok_loc, "%s", msg);
}

/* The tag name is complete: decide a pending game boundary. h is
 * name_hash of the name. */
static void tag_name_hashed(struct vc_pgn_reader *r, uint64_t h)
{
	if (r->pending) {
		r->pending = false;
		if (r->phase == G_MOVES || (r->phase == G_TAGS && has_tag(r, h))) {
			struct vc_loc at = r->pend_loc;
			close_game(r, true);
			open_game(r, &at, G_TAGS);
		}
	}
	r->cur_hash = h;
	if (r->tok_over)
		vc_pgn_finding(r, VC_F_LIMIT_TAG_NAME, &r->tok_loc,
		        "tag name longer than %zu bytes", r->lim.tag_name);
}

static void tag_name_done(struct vc_pgn_reader *r)
{
	tag_name_hashed(r, name_hash(r->tok, r->tok_len));
}

static void tag_add(struct vc_pgn_reader *r, unsigned char c)
{
	if (!val_add(r, c, r->lim.tag_value))
		r->val_over = true;
}

static void tag_add_tentative(struct vc_pgn_reader *r, unsigned char c)
{
	if (!val_add(r, c, r->lim.tag_value + QUOTE_SLACK))
		r->val_over = true;
}

/* `ascii`: the caller knows the value holds no byte above 0x7f, so it is
 * valid UTF-8 as it is. */
static void tag_done_text(struct vc_pgn_reader *r, bool ascii)
{
	struct vc_pgn_game *g = &r->game;
	tok_done(r, here_off(r));
	r->blank_seen = false;
	if (r->phase == G_NONE)
		return;
	g->tags++;
	if (r->ntag_hash < r->lim.tags) {
		if (r->ntag_hash == r->tag_hash_cap) {
			size_t cap = r->tag_hash_cap ? 2 * r->tag_hash_cap : 32;
			if (cap > r->lim.tags)
				cap = r->lim.tags;
			uint64_t *p = realloc(r->tag_hash, cap * sizeof *p);
			if (p) {
				r->tag_hash = p;
				r->tag_hash_cap = cap;
			}
		}
		if (r->ntag_hash < r->tag_hash_cap)
			r->tag_hash[r->ntag_hash++] = r->cur_hash;
	}
	if (r->skipping || r->stopped)
		return;
	if (r->val_over) {
		if (r->val_nomem)
			vc_pgn_finding(r, VC_F_OUT_OF_MEMORY, &r->tok_loc,
			        "out of memory reading a tag value");
		else
			vc_pgn_finding(r, VC_F_LIMIT_TAG_VALUE, &r->tok_loc,
			        "tag value longer than %zu bytes",
			        r->lim.tag_value);
		return;
	}
	if (g->tags > r->lim.tags) {
		vc_pgn_finding(r, VC_F_LIMIT_TAGS, &r->tok_loc,
		        "more than %lu tags", r->lim.tags);
		return;
	}
	if (!r->vis.tag)
		return;
	size_t n = r->val_len;
	const char *v;
	if (ascii) {
		r->val[n] = 0;
		v = (const char *)r->val;
	} else {
		v = vc_pgn_deliver_text(r, r->val, &n, &r->tok_loc);
		if (!v || r->skipping || r->stopped)
			return;
	}
	r->tok[r->tok_len] = 0;
	act(r, r->vis.tag(r->vis.user, (const char *)r->tok, v, n,
	                  &r->tok_loc));
}

static void tag_done(struct vc_pgn_reader *r) { tag_done_text(r, false); }

/* ---- The state machine ------------------------------------------------------ */

/* Between tokens: the byte c at r->pos starts a token. */
static void ws_dispatch(struct vc_pgn_reader *r, unsigned char c)
{
	loc_at(r, here_off(r), &r->tok_loc);
	switch (cls[c]) {
	case LB:
		token_start(r, TK_NOTE);
		r->pos++;
		comment_begin(r);
		r->ls = LS_BRACE;
		return;
	case SC:
		token_start(r, TK_NOTE);
		r->pos++;
		comment_begin(r);
		r->ls = LS_SEMI;
		return;
	case PC:
		if (r->tok_loc.column == 1) {
			r->line_has_token = true;
			r->pos++;
			r->ls = LS_ESCAPE;
			return;
		}
		break;
	case LK:
		token_start(r, TK_TAG);
		r->pos++;
		r->tag_blanks = 0;
		r->tok_len = 0;
		r->tok_over = false;
		r->ls = LS_TAG_OPEN;
		if (!r->brk)
			fast_tag(r);
		return;
	case LP:
		token_start(r, TK_MOVETEXT);
		r->pos++;
		tok_done(r, here_off(r));
		lparen(r, &r->tok_loc);
		return;
	case RP:
		token_start(r, TK_MOVETEXT);
		r->pos++;
		tok_done(r, here_off(r));
		rparen(r, &r->tok_loc);
		return;
	case DL:
		token_start(r, TK_NOTE);
		r->pos++;
		r->nag_val = 0;
		r->nag_digits = 0;
		r->ls = LS_NAG;
		return;
	case AN:
		token_start(r, TK_NOTE);
		r->annot_len = 0;
		r->ls = LS_ANNOT;
		return;
	case ST:
		token_start(r, TK_MOVETEXT);
		r->pos++;
		tok_done(r, here_off(r));
		emit_result(r, "*", VC_RTOK_OPEN, &r->tok_loc);
		return;
	case W: {
		token_start(r, TK_MOVETEXT);
		r->tok_len = 0;
		r->tok_over = false;
		/* Most words are plain ASCII and end inside the buffer: taken
		 * whole here. Words that go on into the next buffer, hold UTF-8
		 * or Latin-1 bytes, run past the token limit or meet a '('
		 * (`e8(Q)`) take the byte-wise path (LS_WORD). */
		const unsigned char *buf = r->buf;
		size_t p = r->pos, q = p, len = r->len;
		while (q < len && cls[buf[q]] == W)
			q++;
		if (q < len && cls[buf[q]] != H && buf[q] != '(' && q - p <= r->lim.token) {
			/* a few bytes: a loop beats a call to memcpy */
			for (size_t i = p; i < q; i++)
				r->tok[i - p] = buf[i];
			r->tok_len = q - p;
			r->pos = q;
			r->ls = LS_WS;
			tok_done(r, here_off(r));
			word_piece(r, r->tok, r->tok_len, r->tok_loc, true);
			return;
		}
		r->ls = LS_WORD;
		return;
	}
	case H:
		if (c == 0xA0) {
			/* Latin-1 no-break space */
			r->pos++;
			return;
		}
		if (c >= 0xC2 && c <= 0xF4) {
			r->u8[0] = c;
			r->u8_len = 1;
			r->u8_need = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
			if (r->phase == G_NONE)
				raw_begin(r, r->tok_loc.offset); /* hold */
			r->pos++;
			r->ls = LS_U8;
			return;
		}
		break;
	default:
		break;
	}
	r->pos++;
	garbage(r, c);
	tok_done(r, here_off(r));
}

/* A UTF-8 character between tokens is complete (or broken at c). */
static void u8_done(struct vc_pgn_reader *r, bool broken)
{
	uint32_t cp = 0;
	r->ls = LS_WS;
	if (!broken && vc_pgn_u8_seq(r->u8, r->u8_len, &cp) == r->u8_len &&
	    vc_pgn_unicode_space(cp)) {
		if (cp == 0xFEFF && r->tok_loc.offset == 0)
			r->line_start = 3; /* the BOM takes no column */
		if (r->phase == G_NONE)
			r->raw_on = false;
		return;
	}
	if (broken || vc_pgn_u8_seq(r->u8, r->u8_len, &cp) != r->u8_len) {
		token_start(r, TK_GARBAGE);
		if (r->phase == G_TAGS)
			r->ls = LS_SKIPLINE;
		tok_done(r, here_off(r));
		vc_pgn_finding(r, VC_F_PGN_SYNTAX, &r->tok_loc,
		        "invalid UTF-8 byte 0x%02x", r->u8[0]);
		return;
	}
	/* a word that starts with a non-ASCII character */
	token_start(r, TK_MOVETEXT);
	memcpy(r->tok, r->u8, r->u8_len);
	r->tok_len = r->u8_len;
	r->tok_over = r->u8_len > r->lim.token;
	r->ls = LS_WORD;
}

/* A word was followed by `(` (and a piece letter: with_piece) that turned
 * out not to be `e8(Q)`: the word ended at the `(`, which opens a variation,
 * whose first word starts with the piece letter. */
static void paren_fail(struct vc_pgn_reader *r, bool with_piece)
{
	struct vc_loc pl = r->paren_loc;
	word_end(r, pl.offset);
	if (r->stopped)
		return;
	lparen(r, &pl);
	tok_done(r, pl.offset + 1);
	if (!with_piece || r->stopped)
		return;
	r->tok_loc = pl;
	r->tok_loc.offset++;
	r->tok_loc.column++;
	r->line_has_token = true;
	r->tok[0] = r->paren_piece;
	r->tok_len = 1;
	r->tok_over = false;
	r->ls = LS_WORD;
}

static void step(struct vc_pgn_reader *r)
{
	const unsigned char *buf = r->buf;
	size_t len = r->len;
	unsigned char c;

	switch (r->ls) {
	case LS_WS: {
		if (r->phase == G_MOVES && !r->skipping && !r->pending) {
			fast_movetext(r);
			if (r->brk)
				return;
		}
		/* the position in a local: the stores through r cost more than
		 * the scan */
		size_t p = r->pos;
		while (p < len) {
			c = buf[p];
			unsigned k = cls[c];
			if (k == S) {
				p++;
			} else if (k == E) {
				r->pos = p;
				on_eol(r, c, false, NULL);
				p++;
			} else {
				r->pos = p;
				ws_dispatch(r, c);
				return;
			}
		}
		r->pos = p;
		return;
	}

	case LS_ESCAPE:
	case LS_SKIPLINE:
		while (r->pos < len) {
			c = buf[r->pos];
			if (c == '\n' || c == '\r') {
				if (r->ls == LS_SKIPLINE)
					tok_done(r, here_off(r));
				r->ls = LS_WS;
				return;
			}
			r->pos++;
		}
		if (r->ls == LS_SKIPLINE)
			tok_done(r, here_off(r));
		return;

	case LS_SEMI:
		while (r->pos < len) {
			c = buf[r->pos];
			if (c == '\n' || c == '\r') {
				tok_done(r, here_off(r));
				r->ls = LS_WS;
				comment_end(r);
				return;
			}
			if (r->val_collect)
				comment_add(r, c);
			r->pos++;
		}
		return;

	case LS_BRACE:
		if (!r->val_collect) {
			/* skip without copying */
			while (r->pos < len) {
				r->pos = comment_stop(buf, r->pos, len, '}');
				if (r->pos >= len)
					break;
				c = buf[r->pos];
				if (c == '}') {
					r->pos++;
					tok_done(r, here_off(r));
					r->ls = LS_WS;
					return;
				}
				if (c == '\n' || c == '\r')
					on_eol(r, c, true, NULL);
				r->pos++;
			}
			return;
		}
		if (r->val_lazy) {
			/* The visitor wants only comments with options.comment_marker
			 * in them: one that ends on its line in this buffer without
			 * it is passed over in place, never copied (engine output).
			 * Any other goes back to its first byte and is read as every
			 * comment is (still stateless here: nothing was done). */
			r->val_lazy = false;
			size_t end = comment_stop(buf, r->pos, len, (unsigned char)r->comment_marker);
			if (end < len && buf[end] == '}' && end - r->pos <= r->lim.comment) {
				r->pos = end + 1;
				tok_done(r, here_off(r));
				r->ls = LS_WS;
				return;
			}
		}
		while (r->pos < len) {
			/* copy the run up to the next `}` or line end at once */
			size_t run = comment_stop(buf, r->pos, len, '}');
			if (run > r->pos) {
				comment_add_run(r, buf + r->pos, run - r->pos);
				r->pos = run;
				if (!r->val_collect)
					return; /* limit reached: go on skipping */
				continue;
			}
			c = buf[r->pos];
			if (c == '}') {
				r->pos++;
				tok_done(r, here_off(r));
				r->ls = LS_WS;
				comment_end(r);
				return;
			}
			bool is_new;
			on_eol(r, c, true, &is_new);
			r->pos++;
			if (is_new)
				comment_add(r, '\n');
			if (!r->val_collect)
				return;
		}
		return;

	case LS_TAG_OPEN:
		c = buf[r->pos];
		if ((c == ' ' || c == '\t') && ++r->tag_blanks <= TAG_BLANKS) {
			r->pos++;
		} else if (c == ' ' || c == '\t') {
			r->ls = LS_SKIPLINE;
			tag_fail(r, VC_F_PGN_SYNTAX, "'[' not followed by a tag name");
		} else if (is_name_char(c)) {
			r->ls = LS_TAG_NAME;
		} else if (c == '\n' || c == '\r') {
			r->ls = LS_WS;
			tag_fail(r, VC_F_UNTERMINATED_TAG,
			         "line ends inside a tag");
		} else {
			r->ls = LS_SKIPLINE;
			tag_fail(r, VC_F_PGN_SYNTAX, "'[' not followed by a tag name");
		}
		return;

	case LS_TAG_NAME:
		while (r->pos < len) {
			c = buf[r->pos];
			if (!is_name_char(c)) {
				r->ls = LS_TAG_AFTER_NAME;
				tag_name_done(r);
				return;
			}
			if (r->tok_len == r->lim.tag_name) {
				/* decided now, so that a pending game start
				 * stays within reach of the raw copy */
				r->tok_over = true;
				r->ls = LS_SKIPLINE;
				tag_name_done(r);
				return;
			}
			r->tok[r->tok_len++] = c;
			r->pos++;
		}
		return;

	case LS_TAG_AFTER_NAME:
		c = buf[r->pos];
		if (c == ' ' || c == '\t') {
			r->pos++;
		} else if (c == '"') {
			r->pos++;
			r->val_len = 0;
			r->val_over = false;
			r->val_nomem = false;
			r->ls = LS_TAG_VALUE;
		} else if (c == '\n' || c == '\r') {
			r->ls = LS_WS;
			tag_fail(r, VC_F_UNTERMINATED_TAG,
			         "line ends inside a tag");
		} else {
			r->ls = LS_SKIPLINE;
			tag_fail(r, VC_F_PGN_SYNTAX,
			         "tag name not followed by a quoted value");
		}
		return;

	case LS_TAG_VALUE:
		while (r->pos < len) {
			/* the plain run up to the next quote, backslash or line
			 * end, appended at once (as tag_add would, byte by byte) */
			size_t q = r->pos;
			while (q < len && buf[q] != '"' && buf[q] != '\\' && buf[q] != '\n' &&
			       buf[q] != '\r' && buf[q] != 0)
				q++;
			if (q > r->pos) {
				size_t run = q - r->pos, room = r->lim.tag_value > r->val_len
				                                    ? r->lim.tag_value - r->val_len : 0;
				size_t take = run < room ? run : room;
				if (take && grow(&r->val, &r->val_cap, r->val_len + take + 1,
				                 r->lim.tag_value + 1)) {
					memcpy(r->val + r->val_len, buf + r->pos, take);
					r->val_len += take;
				} else if (take) {
					r->val_nomem = true;
					take = 0;
				}
				if (take < run)
					r->val_over = true;
				r->pos = q;
				if (q == len)
					return;
			}
			c = buf[r->pos];
			if (c == '"') {
				r->pos++;
				r->val_quote = r->val_len;
				tag_add_tentative(r, c);
				r->ls = LS_TAG_QUOTE;
				return;
			}
			if (c == '\\') {
				r->pos++;
				r->ls = LS_TAG_ESC;
				return;
			}
			if (c == 0) {
				/* a NUL would cut the value short for every C reader
				 * after us: an error, as in movetext */
				struct vc_loc at;
				loc_at(r, here_off(r), &at);
				vc_pgn_finding(r, VC_F_PGN_SYNTAX, &at, "NUL byte in a tag value");
				r->pos++;
				continue;
			}
			if (c == '\n' || c == '\r') {
				r->ls = LS_WS;
				tag_fail(r, VC_F_UNTERMINATED_TAG,
				         "line ends inside a tag value");
				return;
			}
			tag_add(r, c);
			r->pos++;
		}
		return;

	case LS_TAG_ESC:
		c = buf[r->pos];
		if (c == '"' || c == '\\') {
			tag_add(r, c);
			r->pos++;
		} else {
			tag_add(r, '\\'); /* a lone backslash stays */
		}
		r->ls = LS_TAG_VALUE;
		return;

	case LS_TAG_QUOTE:
		c = buf[r->pos];
		if (c == ']') {
			r->pos++;
			r->val_len = r->val_quote;
			r->ls = LS_WS;
			tag_done(r);
		} else if (c == ' ' || c == '\t') {
			tag_add_tentative(r, c);
			r->pos++;
		} else if (c == '"') {
			if (r->val_len > r->lim.tag_value)
				r->val_over = true;
			r->val_quote = r->val_len;
			tag_add_tentative(r, c);
			r->pos++;
		} else if (c == '\n' || c == '\r') {
			r->ls = LS_WS;
			tag_fail(r, VC_F_UNTERMINATED_TAG,
			         "tag without its closing ']'");
		} else {
			/* the quote was part of the value */
			if (r->val_len > r->lim.tag_value)
				r->val_over = true;
			r->ls = LS_TAG_VALUE;
		}
		return;

	case LS_WORD: {
		size_t p = r->pos, tl = r->tok_len;
		const size_t lim = r->lim.token;
		unsigned char *tok = r->tok;
		while (p < len) {
			c = buf[p];
			unsigned k = cls[c];
			if (k != W && k != H)
				break;
			if (tl < lim)
				tok[tl++] = c;
			else
				r->tok_over = true;
			p++;
		}
		r->pos = p;
		r->tok_len = tl;
		if (r->pos == len)
			return;
	}
		c = buf[r->pos];
		if (c == '(' && !r->tok_over && r->tok_len >= 2 &&
		    is_alpha(r->tok[0]) &&
		    (r->tok[r->tok_len - 1] == '8' ||
		     r->tok[r->tok_len - 1] == '1')) {
			loc_at(r, here_off(r), &r->paren_loc);
			r->pos++;
			r->ls = LS_PAREN1;
			return;
		}
		r->ls = LS_WS;
		word_end(r, here_off(r));
		return;

	case LS_PAREN1:
		c = buf[r->pos];
		if (c && strchr("QRBNqrbnKk", c)) {
			r->paren_piece = c;
			r->pos++;
			r->ls = LS_PAREN2;
			return;
		}
		r->ls = LS_WS;
		paren_fail(r, false);
		return;

	case LS_PAREN2:
		c = buf[r->pos];
		if (c == ')') {
			/* `e8(Q)`: a promotion, part of the word */
			r->tok[r->tok_len++] = '(';
			r->tok[r->tok_len++] = r->paren_piece;
			r->tok[r->tok_len++] = ')';
			r->pos++;
			r->ls = LS_WORD;
			return;
		}
		r->ls = LS_WS;
		paren_fail(r, true);
		return;

	case LS_NAG:
		while (r->pos < len) {
			c = buf[r->pos];
			if (!is_digit(c)) {
				r->ls = LS_WS;
				nag_end(r);
				return;
			}
			if (r->nag_val < 100000)
				r->nag_val = r->nag_val * 10 + (c - '0');
			r->nag_digits++;
			r->pos++;
		}
		return;

	case LS_ANNOT:
		while (r->pos < len) {
			c = buf[r->pos];
			if (c != '!' && c != '?') {
				r->ls = LS_WS;
				annot_end(r);
				return;
			}
			if (r->annot_len < 3)
				r->annot[r->annot_len++] = (char)c;
			r->pos++;
		}
		return;

	case LS_U8:
		c = buf[r->pos];
		if ((c & 0xC0) != 0x80) {
			u8_done(r, true); /* c is dealt with from LS_WS */
			return;
		}
		r->u8[r->u8_len++] = c;
		r->pos++;
		if (r->u8_len == r->u8_need)
			u8_done(r, false);
		return;
	}
}

/* End of input (or a read error): finish the token and the game. */
static void finish(struct vc_pgn_reader *r)
{
	int ls = r->ls;
	r->ls = LS_WS;
	if (r->io_error && ls != LS_WS && ls != LS_ESCAPE) {
		/* A failed read is no end of the input: the token it cut short
		 * (`e` of `e5`, half a tag or comment) is left unjudged and the
		 * game gets read-error alone. */
		r->pending = false;
		tok_done(r, here_off(r));
		ls = LS_WS;
	}
	switch (ls) {
	case LS_WORD:
		word_end(r, here_off(r));
		break;
	case LS_PAREN1:
		paren_fail(r, false);
		break;
	case LS_PAREN2:
		paren_fail(r, true);
		if (r->ls == LS_WORD) {
			r->ls = LS_WS;
			word_end(r, here_off(r));
		}
		break;
	case LS_SEMI:
		tok_done(r, here_off(r));
		comment_end(r);
		break;
	case LS_BRACE:
		tok_done(r, here_off(r));
		if (!r->io_error) /* a failed read is no end of the input */
			vc_pgn_finding(r, VC_F_UNTERMINATED_COMMENT, &r->tok_loc,
			        "comment not closed before the end of the input");
		break;
	case LS_TAG_OPEN:
	case LS_TAG_NAME:
	case LS_TAG_AFTER_NAME:
	case LS_TAG_VALUE:
	case LS_TAG_ESC:
	case LS_TAG_QUOTE:
		if (r->io_error) { /* a failed read is no end of the input */
			r->pending = false;
			tok_done(r, here_off(r));
		} else {
			tag_fail(r, VC_F_UNTERMINATED_TAG,
			         "input ends inside a tag");
		}
		break;
	case LS_NAG:
		nag_end(r);
		break;
	case LS_ANNOT:
		annot_end(r);
		break;
	case LS_U8:
		u8_done(r, true);
		break;
	case LS_SKIPLINE:
		tok_done(r, here_off(r));
		break;
	default:
		break;
	}
	if (r->io_error) {
		struct vc_loc l;
		loc_at(r, here_off(r), &l);
		/* a game whose result was read is complete: the failure is
		 * reported between games */
		r->at_end = true; /* the game ended now is the input's last */
		if (r->phase == G_POST)
			close_game(r, false);
		vc_pgn_finding(r, VC_F_READ_ERROR, &l, "read error");
	}
	r->at_end = true;
	close_game(r, false);
	r->done = true;
}

static bool refill(struct vc_pgn_reader *r)
{
	if (r->eof)
		return false;
	if (r->phase != G_NONE)
		split_scan(r); /* the bytes after the last token leave */
	raw_flush(r, r->len);
	r->buf_off += r->len;
	r->pos = 0;
	r->len = 0;
	r->raw_from = 0;
	size_t n;
	if (r->borrow) {
		const char *d = NULL;
		n = r->borrow(r->read_ctx, &d);
		if (n != VC_PGN_READ_ERROR && n != 0)
			r->buf = (unsigned char *)d; /* only read, never written */
	} else {
		n = r->read(r->read_ctx, (char *)r->buf, r->buf_size);
		if (n != VC_PGN_READ_ERROR && n > r->buf_size)
			n = r->buf_size;
	}
	if (n == VC_PGN_READ_ERROR) {
		r->io_error = true;
		r->eof = true;
		return false;
	}
	if (n == 0) {
		r->eof = true;
		return false;
	}
	r->len = n;
	return true;
}

static int run(struct vc_pgn_reader *r, bool one)
{
	if (!r->buf)
		return VC_PGN_NOMEM;
	if (r->stopped)
		return VC_PGN_STOPPED;
	if (r->done)
		return r->io_error ? VC_PGN_IO_ERROR : VC_PGN_DONE;
	r->one = one;
	r->brk = false;
	while (!r->brk) {
		if (r->pos >= r->len) {
			if (!refill(r)) {
				finish(r);
				break;
			}
			continue;
		}
		step(r);
	}
	if (r->stopped)
		return VC_PGN_STOPPED;
	if (r->done)
		return r->io_error ? VC_PGN_IO_ERROR : VC_PGN_DONE;
	return VC_PGN_GAME;
}

int vc_pgn_read(struct vc_pgn_reader *r) { return run(r, false); }

int vc_pgn_read_game(struct vc_pgn_reader *r) { return run(r, true); }

bool vc_pgn_reader_at_rest(const struct vc_pgn_reader *r)
{
	/* G_POST: a game whose result was read ends at the next tag; a game
	 * in its tags or movetext might take the tag as its own (or a broken
	 * `[` as its error), so it is not at rest */
	return r->pos >= r->len && r->ls == LS_WS && !r->pending && !r->stopped &&
	       !r->io_error && !r->done && (r->phase == G_NONE || r->phase == G_POST);
}

void vc_pgn_reader_cut(struct vc_pgn_reader *r)
{
	r->cut = true;
}

const struct vc_pgn_game *vc_pgn_reader_game(const struct vc_pgn_reader *r)
{
	return r->phase != G_NONE || r->in_end ? &r->game : NULL;
}

/* ---- Life cycle ------------------------------------------------------------- */

static size_t or_default(size_t v, size_t d) { return v ? v : d; }

static int reader_init(struct vc_pgn_reader *r, vc_pgn_read_fn read,
                       vc_pgn_borrow_fn borrow, void *read_ctx,
                       const struct vc_pgn_visitor *visitor,
                       const struct vc_pgn_options *opt)
{
	static const struct vc_pgn_options defaults;
	if (!opt)
		opt = &defaults;
	memset(r, 0, sizeof *r);
	r->read = read;
	r->borrow = borrow;
	r->read_ctx = read_ctx;
	if (visitor)
		r->vis = *visitor;
	const struct vc_pgn_limits *l = &opt->limits;
	r->lim.tag_name = or_default(l->tag_name, VC_PGN_DEFAULT_TAG_NAME);
	r->lim.tag_value = or_default(l->tag_value, VC_PGN_DEFAULT_TAG_VALUE);
	r->lim.comment = or_default(l->comment, VC_PGN_DEFAULT_COMMENT);
	r->lim.token = or_default(l->token, VC_PGN_DEFAULT_TOKEN);
	r->lim.depth = l->depth ? l->depth : VC_PGN_DEFAULT_DEPTH;
	r->lim.plies = l->plies ? l->plies : VC_PGN_DEFAULT_PLIES;
	r->lim.tags = l->tags ? l->tags : VC_PGN_DEFAULT_TAGS;
	r->lim.raw = or_default(l->raw, VC_PGN_DEFAULT_RAW);
	r->keep_raw = opt->keep_raw;
	r->comment_marker = opt->comment_marker;
	r->buf_size = or_default(opt->buffer_size, VC_PGN_DEFAULT_BUFFER);
	r->line = opt->start_line ? opt->start_line : 1;
	r->buf_off = opt->start_offset;
	r->line_start = opt->start_offset;
	r->cr_end = UINT64_MAX;
	r->eol_cr = UINT64_MAX;
	r->sp_off = UINT64_MAX;
	size_t longest = r->lim.comment;
	if (longest < r->lim.tag_value + QUOTE_SLACK)
		longest = r->lim.tag_value + QUOTE_SLACK;
	if (longest < r->lim.token + 8)
		longest = r->lim.token + 8;
	r->conv_max = 2 * longest + 8;
	static unsigned char no_bytes[1];
	r->buf_mem = r->borrow ? NULL : malloc(r->buf_size);
	r->buf = r->borrow ? no_bytes : r->buf_mem;
	/* words, tag names and `e8(Q)` fit; longer ones set tok_over */
	size_t tcap = (r->lim.token > r->lim.tag_name ? r->lim.token
	                                              : r->lim.tag_name) + 8;
	if (tcap < 32)
		tcap = 32; /* fm_word stores 16 bytes at once */
	r->tok = malloc(tcap);
	r->val_cap = 256;
	r->val = malloc(r->val_cap);
	if (r->keep_raw) {
		r->tail_cap = 2 * (r->lim.tag_name + TAG_BLANKS + 256);
		r->tail = malloc(r->tail_cap);
		if (!r->tail)
			r->buf = NULL;
	}
	if (!r->buf || !r->tok || !r->val) {
		vc_pgn_reader_release(r);
		return VC_PGN_NOMEM;
	}
	return 0;
}

int vc_pgn_reader_init(struct vc_pgn_reader *r, vc_pgn_read_fn read,
                       void *read_ctx, const struct vc_pgn_visitor *visitor,
                       const struct vc_pgn_options *opt)
{
	return reader_init(r, read, NULL, read_ctx, visitor, opt);
}

int vc_pgn_reader_init_borrow(struct vc_pgn_reader *r, vc_pgn_borrow_fn borrow,
                              void *ctx, const struct vc_pgn_visitor *visitor,
                              const struct vc_pgn_options *opt)
{
	return reader_init(r, NULL, borrow, ctx, visitor, opt);
}

void vc_pgn_reader_release(struct vc_pgn_reader *r)
{
	if (!r)
		return;
	free(r->buf_mem);
	free(r->tok);
	free(r->val);
	free(r->conv);
	free(r->raw);
	free(r->tag_hash);
	free(r->tail);
	r->tail = NULL;
	r->tail_cap = r->tail_len = 0;
	r->buf = r->buf_mem = r->tok = r->val = r->conv = r->raw = NULL;
	r->tag_hash = NULL;
	r->buf_size = r->val_cap = r->conv_cap = r->raw_cap = 0;
	r->tag_hash_cap = 0;
}

struct mem_src {
	const unsigned char *p;
	size_t left;
};

static size_t mem_read(void *ctx, char *buf, size_t n)
{
	struct mem_src *m = ctx;
	if (n > m->left)
		n = m->left;
	if (n == 0)
		return 0;
	memcpy(buf, m->p, n);
	m->p += n;
	m->left -= n;
	return n;
}

int vc_pgn_parse_memory(const void *data, size_t len,
                        const struct vc_pgn_visitor *visitor,
                        const struct vc_pgn_options *opt)
{
	struct vc_pgn_reader r;
	struct mem_src m = {data, len};
	if (vc_pgn_reader_init(&r, mem_read, &m, visitor, opt))
		return VC_PGN_NOMEM;
	int rc = vc_pgn_read(&r);
	vc_pgn_reader_release(&r);
	return rc;
}
