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

/* Skips blanks; returns the first byte after them. */
static const char *skip_blanks(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* Skips one field (non-blank bytes); returns the first byte after it. */
static const char *skip_field(const char *p)
{
	while (*p && *p != ' ' && *p != '\t')
		p++;
	return p;
}

bool vc_peek_is_pgn(const struct vc_peek *p)
{
	const unsigned char *s = (const unsigned char *)p->buf, *e = s + p->len;
	if (e - s >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
		s += 3;
	bool line_start = true;
	while (s < e) {
		unsigned char c = *s;
		if (c == '\n' || c == '\r') {
			line_start = true;
			s++;
			continue;
		}
		if (c == ' ' || c == '\t') {
			s++;
			continue;
		}
		if (line_start && c == '%') { /* escape line */
			const unsigned char *nl = memchr(s, '\n', (size_t)(e - s));
			s = nl ? nl : e;
			continue;
		}
		/* a tag, a comment, a variation, a move number or result, or a
		 * SAN/UCI move letter */
		return c == '[' || c == '{' || c == ';' || c == '(' || c == '*' ||
		       (c >= '0' && c <= '9') || strchr("KQRBNOabcdefgh", c) != NULL;
	}
	return true;
}

/* The value of an EPD `variant` operation in the line, copied to out.
 * Operations follow the four FEN fields (and the two clock fields of a
 * six-field FEN): `opcode operand ...;`, a quoted operand may hold `;`
 * and blanks. Only an opcode counts, never text inside another
 * operation's string (`id "variant x";`). */
static bool epd_variant(const char *line, char *out, size_t size)
{
	const char *p = skip_blanks(line);
	for (int f = 0; f < 4 && *p; f++)
		p = skip_blanks(skip_field(p));
	for (int f = 0; f < 2 && *p >= '0' && *p <= '9'; f++) {
		const char *q = p;
		while (*q >= '0' && *q <= '9')
			q++;
		if (*q && *q != ' ' && *q != '\t' && *q != ';')
			break;
		p = skip_blanks(q);
	}
	while (*p) {
		/* one operation: opcode, then operands up to an unquoted ';' */
		p = skip_blanks(p);
		if (*p == ';') {
			p++;
			continue;
		}
		const char *op = p;
		while (*p && *p != ' ' && *p != '\t' && *p != ';')
			p++;
		bool is_variant = p - op == 7 && memcmp(op, "variant", 7) == 0;
		bool first = true;
		while (*p && *p != ';') {
			p = skip_blanks(p);
			if (!*p || *p == ';')
				break;
			const char *v = p;
			size_t n;
			if (*p == '"') {
				v = ++p;
				while (*p && *p != '"')
					p++;
				n = (size_t)(p - v);
				if (*p == '"')
					p++;
			} else {
				while (*p && *p != ' ' && *p != '\t' && *p != ';')
					p++;
				n = (size_t)(p - v);
			}
			if (is_variant && first) {
				if (n >= size)
					n = size - 1;
				memcpy(out, v, n);
				out[n] = 0;
				return true;
			}
			first = false;
		}
	}
	return false;
}

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

/* Check one position line; `indent` is how many bytes of the line stand
 * before `line` (columns count from the line's first byte). */
static void check_line(struct vc_checker *c, char *line, uint64_t lineno, uint64_t indent,
                       const struct vc_gc_options *opt)
{
	struct vc_gc_game *r = &c->rec;
	const struct vc_variant *v = opt->variant;
	char vname[64];
	if (epd_variant(line, vname, sizeof vname)) {
		bool unsupported;
		const struct vc_variant *found = vc_variant_find(vname, &unsupported);
		if (!found) {
			vc_gc_add(c, unsupported ? VC_F_UNSUPPORTED_VARIANT : VC_F_UNKNOWN_VARIANT,
			          lineno, indent + 1, 0, NULL, "%s variant \"%s\"",
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
	 * text after the fields with none is no operation (FORMATS.md 1) */
	const char *rest = fr.rest ? fr.rest : "";
	while (*rest == ' ' || *rest == '\t')
		rest++;
	if (*rest && !strchr(rest, ';'))
		vc_gc_add(c, VC_F_FEN_TRAILING_TEXT, lineno,
		          indent + (uint64_t)(rest - line) + 1, 0, NULL,
		          "text after the FEN fields that is not an EPD operation "
		          "(opcode operands;): ignored");
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
	/* the line's bytes as read, its line end included (for --valid-out) */
	char *line = malloc(EPD_MAX_LINE + 2);
	char chunk[8192];
	int stop = 0;
	if (!c || !line) {
		free(c);
		free(line);
		return 0;
	}
	size_t len = 0;       /* bytes kept in line[], the '\n' not included */
	uint64_t full = 0;    /* bytes of the line, however long */
	bool done = false;
	uint64_t lineno = 0, index = 0, offset = 0;
	while (!done && !stop) {
		size_t got = vc_peek_read(p, chunk, sizeof chunk);
		if (got == VC_PGN_READ_ERROR || got == 0) {
			done = true;
			got = 0;
		}
		for (size_t i = 0; i <= got && !stop; i++) {
			bool nl = i < got && chunk[i] == '\n';
			if (i == got && !(done && full))
				break;
			if (i < got && !nl) {
				if (len < EPD_MAX_LINE)
					line[len++] = chunk[i];
				full++;
				continue;
			}
			/* a line ended: at '\n' or at the end of the input */
			lineno++;
			bool overlong = full > EPD_MAX_LINE;
			size_t textlen = len;
			if (textlen && line[textlen - 1] == '\r')
				textlen--;
			size_t skip = 0; /* a UTF-8 BOM starting the stream */
			if (lineno == 1 && textlen >= 3 && !memcmp(line, "\xEF\xBB\xBF", 3))
				skip = 3;
			line[textlen] = 0;
			char *t = line + skip;
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
				r->offset = offset + skip;
				r->variant_id = -1;
				r->end_ply = -1;
				r->last_clock[0] = r->last_clock[1] = -1;
				if (overlong)
					vc_gc_add(c, VC_F_LIMIT_LINE, lineno, EPD_MAX_LINE + 1, 0, NULL,
					          "line longer than %d bytes", EPD_MAX_LINE);
				else
					check_line(c, t, lineno, (uint64_t)(t - line - skip), opt);
				r->valid = r->nerrors == 0 && (!opt->strict || r->nwarnings == 0);
				if (!overlong) {
					/* the original bytes: the '\r' back, and the line end
					 * (one is added to a last line without it) */
					if (textlen < len)
						line[textlen] = '\r';
					line[len] = '\n';
					r->raw = line + skip;
					r->raw_len = len + 1 - skip;
				}
				stop = on_game(user, r);
			}
			offset += full + nl;
			len = 0;
			full = 0;
			if (i == got)
				break;
		}
	}
	free(line);
	free(c);
	return stop;
}
