/* vchess - recorded PGN visitor events. See pgnrec.h. */
#include <stdlib.h>
#include <string.h>

#include "pgnrec.h"

enum ev_type {
	EV_BEGIN = 1, EV_TAG, EV_MOVE, EV_NAG, EV_COMMENT, EV_BVAR, EV_EVAR,
	EV_RESULT, EV_ERROR, EV_WARNING, EV_END
};

/* Fixed part of every event; strings follow (len1 then len2 bytes, each
 * followed by a NUL). */
struct ev {
	uint32_t type;
	uint32_t code;          /* pgn code, nag, depth, result */
	uint64_t len1, len2;
	struct vc_pgn_loc loc;
	unsigned long number;   /* move: number; */
	unsigned number_dots;
	unsigned depth;
	unsigned long ply;
};

static bool reserve(struct vc_pgnrec *r, size_t more)
{
	if (r->len + more <= r->cap)
		return true;
	size_t cap = r->cap ? r->cap : 65536;
	while (cap < r->len + more)
		cap *= 2;
	char *b = realloc(r->buf, cap);
	if (!b) {
		r->nomem = true;
		return false;
	}
	r->buf = b;
	r->cap = cap;
	return true;
}

static void put(struct vc_pgnrec *r, const struct ev *e, const void *s1, const void *s2)
{
	size_t need = sizeof *e + e->len1 + 1 + e->len2 + 1 + 8;
	if (!reserve(r, need))
		return;
	char *o = r->buf + r->len;
	memcpy(o, e, sizeof *e);
	o += sizeof *e;
	if (e->len1)
		memcpy(o, s1, e->len1);
	o[e->len1] = 0;
	o += e->len1 + 1;
	if (e->len2)
		memcpy(o, s2, e->len2);
	o[e->len2] = 0;
	o += e->len2 + 1;
	/* keep every event 8-byte aligned */
	size_t used = (size_t)(o - (r->buf + r->len));
	r->len += (used + 7) & ~(size_t)7;
}

static int rec_begin(void *user, const struct vc_pgn_game *g)
{
	struct vc_pgnrec *r = user;
	struct ev e = { .type = EV_BEGIN, .len1 = sizeof *g };
	r->open = true;
	r->open_at = r->len;
	put(r, &e, g, "");
	return VC_PGN_CONTINUE;
}

static int rec_tag(void *user, const char *name, const char *value, size_t value_len,
                   const struct vc_pgn_loc *loc)
{
	struct ev e = { .type = EV_TAG, .len1 = strlen(name), .len2 = value_len, .loc = *loc };
	put(user, &e, name, value);
	return VC_PGN_CONTINUE;
}

static int rec_move(void *user, const struct vc_pgn_move *m)
{
	struct ev e = { .type = EV_MOVE, .len1 = m->len, .loc = m->loc, .number = m->number,
		        .number_dots = m->number_dots, .depth = m->depth, .ply = m->ply };
	put(user, &e, m->text, "");
	return VC_PGN_CONTINUE;
}

static int rec_comment(void *user, const char *text, size_t len, const struct vc_pgn_loc *loc)
{
	struct vc_pgnrec *r = user;
	if (!r->comments)
		return VC_PGN_CONTINUE;
	bool clk = false;
	for (size_t i = 0; i + 4 <= len && !clk; i++)
		clk = text[i] == '%' && memcmp(text + i, "%clk", 4) == 0;
	if (!clk)
		return VC_PGN_CONTINUE;
	struct ev e = { .type = EV_COMMENT, .len1 = len, .loc = *loc };
	put(user, &e, text, "");
	return VC_PGN_CONTINUE;
}

static int rec_bvar(void *user, unsigned depth, const struct vc_pgn_loc *loc)
{
	struct ev e = { .type = EV_BVAR, .code = depth, .loc = *loc };
	put(user, &e, "", "");
	return VC_PGN_CONTINUE;
}

static int rec_evar(void *user, unsigned depth, const struct vc_pgn_loc *loc)
{
	struct ev e = { .type = EV_EVAR, .code = depth, .loc = *loc };
	put(user, &e, "", "");
	return VC_PGN_CONTINUE;
}

static int rec_result(void *user, const char *text, enum vc_pgn_result res,
                      const struct vc_pgn_loc *loc)
{
	struct ev e = { .type = EV_RESULT, .code = (uint32_t)res, .len1 = strlen(text), .loc = *loc };
	put(user, &e, text, "");
	return VC_PGN_CONTINUE;
}

static int rec_finding(void *user, int type, enum vc_pgn_code code, const char *msg,
                       const struct vc_pgn_loc *loc)
{
	struct ev e = { .type = (uint32_t)type, .code = (uint32_t)code, .len1 = strlen(msg),
		        .loc = *loc };
	put(user, &e, msg, "");
	return VC_PGN_CONTINUE;
}

static int rec_error(void *user, enum vc_pgn_code code, const char *msg,
                     const struct vc_pgn_loc *loc)
{
	return rec_finding(user, EV_ERROR, code, msg, loc);
}

static int rec_warning(void *user, enum vc_pgn_code code, const char *msg,
                       const struct vc_pgn_loc *loc)
{
	return rec_finding(user, EV_WARNING, code, msg, loc);
}

static int rec_end(void *user, const struct vc_pgn_game *g)
{
	struct vc_pgnrec *r = user;
	struct ev e = { .type = EV_END, .len1 = sizeof *g,
		        .len2 = r->keep_raw && g->raw ? g->raw_len : 0 };
	put(r, &e, g, g->raw ? g->raw : "");
	r->games++;
	r->open = false;
	return VC_PGN_CONTINUE;
}

const struct vc_pgn_visitor vc_pgnrec_visitor = {
	.begin_game = rec_begin, .tag = rec_tag, .move = rec_move, .comment = rec_comment,
	.begin_variation = rec_bvar, .end_variation = rec_evar, .result = rec_result,
	.end_game = rec_end, .error = rec_error, .warning = rec_warning,
};

void vc_pgnrec_init(struct vc_pgnrec *r, bool comments, bool keep_raw)
{
	memset(r, 0, sizeof *r);
	r->comments = comments;
	r->keep_raw = keep_raw;
}

void vc_pgnrec_release(struct vc_pgnrec *r)
{
	free(r->buf);
	memset(r, 0, sizeof *r);
}

void vc_pgnrec_clear(struct vc_pgnrec *r)
{
	r->len = 0;
	r->games = 0;
	r->nomem = false;
	r->open = false;
}

bool vc_pgnrec_move_open(struct vc_pgnrec *from, struct vc_pgnrec *to)
{
	if (!from->open)
		return true;
	size_t tail = from->len - from->open_at;
	if (!reserve(to, tail))
		return false;
	memcpy(to->buf + to->len, from->buf + from->open_at, tail);
	to->open = true;
	to->open_at = to->len;
	to->len += tail;
	from->len = from->open_at;
	from->open = false;
	return true;
}

int vc_pgnrec_replay(const char *buf, size_t len, const struct vc_pgn_visitor *vis)
{
	size_t pos = 0;
	bool skipping = false;
	void *u = vis->user;
	while (pos + sizeof(struct ev) <= len) {
		struct ev e;
		memcpy(&e, buf + pos, sizeof e);
		const char *s1 = buf + pos + sizeof e;
		const char *s2 = s1 + e.len1 + 1;
		pos += (sizeof e + e.len1 + 1 + e.len2 + 1 + 7) & ~(size_t)7;
		int rc = VC_PGN_CONTINUE;
		if (skipping && e.type != EV_END && e.type != EV_BEGIN)
			continue;
		switch (e.type) {
		case EV_BEGIN: {
			struct vc_pgn_game g;
			memcpy(&g, s1, sizeof g);
			g.raw = NULL;
			g.raw_len = 0;
			g.eol = "\n";
			skipping = false;
			if (vis->begin_game)
				rc = vis->begin_game(u, &g);
			break;
		}
		case EV_TAG:
			if (vis->tag)
				rc = vis->tag(u, s1, s2, e.len2, &e.loc);
			break;
		case EV_MOVE:
			if (vis->move) {
				struct vc_pgn_move m = { .text = s1, .len = e.len1, .loc = e.loc,
					                 .number = e.number, .number_dots = e.number_dots,
					                 .depth = e.depth, .ply = e.ply };
				rc = vis->move(u, &m);
			}
			break;
		case EV_COMMENT:
			if (vis->comment)
				rc = vis->comment(u, s1, e.len1, &e.loc);
			break;
		case EV_BVAR:
			if (vis->begin_variation)
				rc = vis->begin_variation(u, e.code, &e.loc);
			break;
		case EV_EVAR:
			if (vis->end_variation)
				rc = vis->end_variation(u, e.code, &e.loc);
			break;
		case EV_RESULT:
			if (vis->result)
				rc = vis->result(u, s1, (enum vc_pgn_result)e.code, &e.loc);
			break;
		case EV_ERROR:
			if (vis->error)
				rc = vis->error(u, (enum vc_pgn_code)e.code, s1, &e.loc);
			break;
		case EV_WARNING:
			if (vis->warning)
				rc = vis->warning(u, (enum vc_pgn_code)e.code, s1, &e.loc);
			break;
		case EV_END: {
			struct vc_pgn_game g;
			memcpy(&g, s1, sizeof g);
			g.raw = e.len2 ? s2 : NULL;
			g.raw_len = e.len2;
			g.eol = "\n";
			skipping = false;
			if (vis->end_game)
				rc = vis->end_game(u, &g);
			break;
		}
		default:
			return VC_PGN_STOP;
		}
		if (rc == VC_PGN_STOP)
			return VC_PGN_STOP;
		if (rc == VC_PGN_SKIP)
			skipping = true;
	}
	return 0;
}
