/* vchess - EPD/FEN position files: sniffing and the position-line reader. See epd.h. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "epd.h"


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
		       (c >= '0' && c <= '9') || (c && strchr("KQRBNOabcdefgh", c) != NULL);
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

/* ---- the position-line reader ---------------------------------------------- */

enum vc_code vc_epd_reader_init(struct vc_epd_reader *er, struct vc_peek *p,
                                struct vc_checker *c)
{
	memset(er, 0, sizeof *er);
	er->p = p;
	er->c = c;
	er->line = malloc(2 * (VC_EPD_MAX_LINE + 2));
	if (!er->line)
		return VC_F_OUT_OF_MEMORY;
	er->text = er->line + VC_EPD_MAX_LINE + 2;
	return VC_F_OK;
}

void vc_epd_reader_release(struct vc_epd_reader *er)
{
	free(er->line);
	er->line = er->text = NULL;
}

/* A line of the stream ended (at a '\n' when nl, else at the end of the
 * input): a record when it holds a position. Returns 1 after a record. */
static int line_end(struct vc_epd_reader *er, bool nl)
{
	char *line = er->line;
	size_t len = er->len;
	er->lineno++;
	bool overlong = er->full > VC_EPD_MAX_LINE;
	size_t textlen = len;
	if (textlen && line[textlen - 1] == '\r')
		textlen--;
	size_t skip = 0; /* a UTF-8 BOM starting the stream */
	if (er->lineno == 1 && textlen >= 3 && !memcmp(line, "\xEF\xBB\xBF", 3))
		skip = 3;
	size_t t = skip;
	while (t < textlen && isspace((unsigned char)line[t]))
		t++;
	int delivered = 0;
	/* a NUL ends the line's text (a line that starts with one is blank) */
	if (t < textlen && line[t] && line[t] != '#' && line[t] != '%') {
		struct vc_position_line pl = {
			.index = ++er->index, .line = er->lineno, .offset = er->offset + skip,
		};
		char vname[64], msg[64];
		if (overlong) {
			snprintf(msg, sizeof msg, "line longer than %d bytes", VC_EPD_MAX_LINE);
			pl.error = VC_F_LIMIT_LINE;
			pl.error_column = VC_EPD_MAX_LINE + 1;
			pl.error_message = msg;
		} else {
			/* the text for the checks (NUL-terminated, without the line
			 * end); the original bytes with a line end for the record
			 * (one is added to a last line without it) */
			memcpy(er->text, line + t, textlen - t);
			er->text[textlen - t] = 0;
			pl.fen = er->text;
			pl.indent = t - skip;
			if (epd_variant(er->text, vname, sizeof vname))
				pl.variant = vname;
			line[len] = '\n';
			pl.raw = line + skip;
			pl.raw_len = len + 1 - skip;
		}
		vc_checker_position(er->c, &pl);
		delivered = 1;
	}
	er->offset += er->full + nl;
	er->len = 0;
	er->full = 0;
	return delivered;
}

int vc_epd_next(struct vc_epd_reader *er)
{
	for (;;) {
		if (er->pos == er->got && !er->eof) {
			size_t got = vc_peek_read(er->p, er->chunk, sizeof er->chunk);
			if (got == VC_PGN_READ_ERROR || got == 0) {
				er->eof = true;
				got = 0;
			}
			er->got = got;
			er->pos = 0;
		}
		if (er->pos == er->got) {
			/* the end: a last line without a line end */
			if (er->finished)
				return 0;
			er->finished = true;
			return er->full ? line_end(er, false) : 0;
		}
		const char *from = er->chunk + er->pos;
		size_t avail = er->got - er->pos;
		const char *nl = memchr(from, '\n', avail);
		size_t n = nl ? (size_t)(nl - from) : avail;
		size_t keep = n, room = VC_EPD_MAX_LINE - er->len; /* len <= the max */
		if (keep > room)
			keep = room;
		memcpy(er->line + er->len, from, keep);
		er->len += keep;
		er->full += n;
		er->pos += n + (nl != NULL);
		if (nl && line_end(er, true))
			return 1;
	}
}
