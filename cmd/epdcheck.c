/* vchess - EPD/FEN position files in `validate`. See epdcheck.h. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "epdcheck.h"

#define EPD_MAX_LINE 65536

void vc_peek_init(struct vc_peek *p, vc_pgn_read_fn read, void *ctx)
{
	p->read = read;
	p->ctx = ctx;
	p->len = p->pos = 0;
	p->eof = p->error = false;
	while (p->len < sizeof p->buf) {
		size_t got = read(ctx, p->buf + p->len, sizeof p->buf - p->len);
		if (got == VC_PGN_READ_ERROR) {
			p->error = true;
			break;
		}
		if (got == 0) {
			p->eof = true;
			break;
		}
		p->len += got;
	}
}

size_t vc_peek_read(void *ctx, char *buf, size_t n)
{
	struct vc_peek *p = ctx;
	if (p->pos < p->len) {
		size_t k = p->len - p->pos < n ? p->len - p->pos : n;
		memcpy(buf, p->buf + p->pos, k);
		p->pos += k;
		return k;
	}
	if (p->error)
		return VC_PGN_READ_ERROR;
	if (p->eof)
		return 0;
	size_t got = p->read(p->ctx, buf, n);
	if (got == VC_PGN_READ_ERROR)
		p->error = true;
	else if (got == 0)
		p->eof = true;
	return got;
}

/* Does the text [s, e) start with a FEN board field (8 ranks)? */
static bool looks_like_fen(const char *s, const char *e)
{
	int slashes = 0, squares = 0;
	const char *q = s;
	for (; q < e && !isspace((unsigned char)*q); q++) {
		if (*q == '/') {
			if (squares != 8)
				return false;
			slashes++;
			squares = 0;
		} else if (*q >= '1' && *q <= '8') {
			squares += *q - '0';
		} else if (strchr("pnbrqkPNBRQK", *q)) {
			squares++;
		} else {
			return false;
		}
	}
	if (slashes != 7 || squares != 8 || q >= e)
		return false;
	while (q < e && (*q == ' ' || *q == '\t'))
		q++;
	return q < e && (*q == 'w' || *q == 'b');
}

bool vc_peek_is_epd(const struct vc_peek *p)
{
	const char *s = p->buf, *e = p->buf + p->len;
	if (e - s >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
		s += 3;
	while (s < e) {
		const char *nl = memchr(s, '\n', (size_t)(e - s));
		const char *le = nl ? nl : e;
		const char *t = s;
		while (t < le && isspace((unsigned char)*t))
			t++;
		if (t < le && *t != '#' && *t != '%')
			return looks_like_fen(t, le);
		if (!nl)
			break;
		s = nl + 1;
	}
	return false;
}

/* The value of an EPD `variant` operation in the line, copied to out. */
static bool epd_variant(const char *line, char *out, size_t size)
{
	const char *p = line;
	while ((p = strstr(p, "variant")) != NULL) {
		bool start = p == line || isspace((unsigned char)p[-1]) || p[-1] == ';';
		const char *q = p + 7;
		if (start && (*q == ' ' || *q == '\t')) {
			while (*q == ' ' || *q == '\t')
				q++;
			size_t n = 0;
			if (*q == '"') {
				q++;
				while (q[n] && q[n] != '"')
					n++;
			} else {
				while (q[n] && q[n] != ';' && !isspace((unsigned char)q[n]))
					n++;
			}
			if (n >= size)
				n = size - 1;
			memcpy(out, q, n);
			out[n] = 0;
			return true;
		}
		p += 7;
	}
	return false;
}

static void check_line(struct vc_checker *c, char *line, uint64_t lineno,
                       const struct vc_gc_options *opt)
{
	struct vc_gc_game *r = &c->rec;
	const struct vc_variant *v = opt->variant;
	char vname[64];
	if (epd_variant(line, vname, sizeof vname)) {
		bool unsupported;
		const struct vc_variant *found = vc_variant_find(vname, &unsupported);
		if (!found) {
			vc_gc_add(c, true, unsupported ? "unsupported-variant" : "unknown-variant",
			          lineno, 1, 0, NULL, "%s variant \"%s\"",
			          unsupported ? "unsupported" : "unknown", vname);
			return;
		}
		if (!opt->variant)
			v = found;
	}
	if (!v)
		v = vc_variant_get(VC_STANDARD);
	r->variant = v->name;
	r->variant_id = v->id;
	struct vc_position pos;
	struct vc_fen_result fr;
	if (vc_fen_parse(&pos, line, v->id, &fr) != VC_FEN_OK) {
		vc_gc_add(c, true, vc_fen_code(fr.status), lineno, (uint64_t)fr.column, 0, NULL,
		          "%s", vc_fen_strerror(fr.status));
		return;
	}
	static const struct { unsigned bit; const char *code, *msg; } tab[] = {
		{ VC_FENW_EP_IMPOSSIBLE, "fen-ep-impossible", "en-passant square that no double push made: dropped" },
		{ VC_FENW_CASTLING_DROPPED, "fen-castling-dropped", "castling right without king and rook in place: dropped" },
		{ VC_FENW_CHESS960, "fen-chess960", "castling rights that need Chess960: read as Chess960" },
		{ VC_FENW_CASTLING_IGNORED, "castling-ignored", "castling rights ignored: this variant has no castling" },
	};
	for (size_t i = 0; i < sizeof tab / sizeof *tab; i++)
		if (fr.warnings & tab[i].bit)
			vc_gc_add(c, false, tab[i].code, lineno, 1, 0, NULL, "%s", tab[i].msg);
	if (pos.variant != v->id) {
		r->variant = vc_variant_get(pos.variant)->name;
		r->variant_id = pos.variant;
	}
	r->setup_ok = true;
	vc_fen_write(&pos, r->final_fen, false);
	memcpy(r->start_fen, r->final_fen, sizeof r->start_fen);
	r->board = vc_position_outcome(&pos, opt->rules);
}

int vc_epd_check(struct vc_peek *p, const char *source, const char *member,
                 const struct vc_gc_options *opt, vc_gc_on_game on_game, void *user)
{
	struct vc_checker *c = calloc(1, sizeof *c);
	char *line = malloc(EPD_MAX_LINE + 1);
	char chunk[8192];
	int stop = 0;
	if (!c || !line) {
		free(c);
		free(line);
		return 0;
	}
	size_t len = 0;
	bool overlong = false, done = false;
	uint64_t lineno = 0, index = 0, offset = 0, line_off = 0;
	while (!done && !stop) {
		size_t got = vc_peek_read(p, chunk, sizeof chunk);
		if (got == VC_PGN_READ_ERROR || got == 0) {
			done = true;
			got = 0;
		}
		for (size_t i = 0; i <= got && !stop; i++) {
			bool eol = i < got ? chunk[i] == '\n' : (done && (len || overlong));
			if (i == got && !eol)
				break;
			if (!eol) {
				if (len < EPD_MAX_LINE)
					line[len++] = chunk[i];
				else
					overlong = true;
				continue;
			}
			lineno++;
			line[len] = 0;
			if (len && line[len - 1] == '\r')
				line[--len] = 0;
			char *t = line;
			if (lineno == 1 && !strncmp(t, "\xEF\xBB\xBF", 3))
				t += 3;
			while (isspace((unsigned char)*t))
				t++;
			if (*t && *t != '#' && *t != '%') {
				struct vc_gc_game *r = &c->rec;
				memset(r, 0, sizeof *r);
				c->depth = 0;
				r->source = source;
				r->member = member;
				r->index = ++index;
				r->line = lineno;
				r->offset = line_off;
				r->variant_id = -1;
				r->end_ply = -1;
				r->last_clock[0] = r->last_clock[1] = -1;
				if (overlong)
					vc_gc_add(c, true, "limit-line", lineno, EPD_MAX_LINE, 0, NULL,
					          "line longer than %d bytes", EPD_MAX_LINE);
				else
					check_line(c, t, lineno, opt);
				r->valid = r->nerrors == 0 && (!opt->strict || r->nwarnings == 0);
				r->raw = line;
				r->raw_len = len;
				stop = on_game(user, r);
			}
			offset += len + 1;
			line_off = offset;
			len = 0;
			overlong = false;
			if (i == got)
				break;
		}
	}
	free(line);
	free(c);
	return stop;
}
