/* vchess - the PGN writer (pgnwrite.h). */
#include <string.h>

#include "pgnwrite.h"
#include "types.h"

void vc_pgnw_tag(FILE *f, const char *name, const char *value, const char *eol)
{
	fprintf(f, "[%s \"", name);
	for (const char *p = value; *p; p++) {
		if (*p == '"' || *p == '\\')
			fputc('\\', f);
		fputc(*p, f);
	}
	fputs("\"]", f);
	fputs(eol, f);
}

void vc_pgnw_init(struct vc_pgnw *w, FILE *f)
{
	w->f = f;
	w->col = 0;
	w->open = false;
	w->comment = false;
}

/* Write pre, tok and post as one token. */
static void put(struct vc_pgnw *w, const char *pre, const char *tok, const char *post)
{
	/* a waiting "(" is written with the token, "( e4", and never
	 * parted from it by a line end */
	const char *open = w->open ? "( " : "";
	w->open = false;
	int len = (int)(strlen(open) + strlen(pre) + strlen(tok) + strlen(post));
	if (w->col > 0 && w->col + 1 + len > VC_PGNW_WIDTH) {
		fputc('\n', w->f);
		w->col = 0;
	}
	if (w->col > 0) {
		fputc(' ', w->f);
		w->col++;
	}
	fputs(open, w->f);
	fputs(pre, w->f);
	fputs(tok, w->f);
	fputs(post, w->f);
	w->col += len;
}

void vc_pgnw_token(struct vc_pgnw *w, const char *tok)
{
	put(w, "", tok, "");
}

void vc_pgnw_move_number(struct vc_pgnw *w, unsigned fullmove, int color)
{
	char num[24];
	snprintf(num, sizeof num, "%u%s", fullmove, color == VC_WHITE ? "." : "...");
	vc_pgnw_token(w, num);
}

bool vc_pgnw_comment(struct vc_pgnw *w, const char *text)
{
	if (w->comment)
		return false;
	put(w, "{", text, "}");
	return true;
}

void vc_pgnw_comment_begin(struct vc_pgnw *w, const char *text)
{
	put(w, "{", text, "");
	w->comment = true;
}

void vc_pgnw_comment_end(struct vc_pgnw *w)
{
	w->comment = false;
	fputc('}', w->f);
	w->col++;
}

void vc_pgnw_open_variation(struct vc_pgnw *w)
{
	w->open = true;
}

void vc_pgnw_close_variation(struct vc_pgnw *w)
{
	vc_pgnw_token(w, ")");
}

void vc_pgnw_end(struct vc_pgnw *w, const char *result)
{
	vc_pgnw_token(w, result);
	fputc('\n', w->f);
	w->col = 0;
}
