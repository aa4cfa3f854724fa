/* vchess - the PGN reader feeding the game checker. See pgn_checker.h. */
#include <string.h>

#include "pgn_checker.h"

static int on_begin(void *user, const struct vc_pgn_game *g)
{
	return vc_checker_begin_game(user, g->index, &g->start);
}

static int on_end(void *user, const struct vc_pgn_game *g)
{
	if (g->notes_only) {
		/* an input of comments alone holds no game (pgn.h): no
		 * record, so no count and no copy of it */
		((struct vc_checker *)user)->in_game = false;
		return VC_CONTINUE;
	}
	/* a copy cut at limits.raw is not the game: no copy (limit-raw) */
	return vc_checker_end_game(user, &g->end, g->raw_truncated ? NULL : g->raw,
	                           g->raw_truncated ? 0 : g->raw_len);
}

void vc_checker_visitor(struct vc_checker *c, struct vc_pgn_visitor *vis,
                        const char *source, const char *member)
{
	static const struct vc_pgn_visitor tmpl = {
		.begin_game = on_begin,
		.tag = vc_checker_tag,
		.move = vc_checker_move,
		.comment = vc_checker_comment,
		.begin_variation = vc_checker_begin_variation,
		.end_variation = vc_checker_end_variation,
		.result = vc_checker_result,
		.end_game = on_end,
		.error = vc_checker_finding,
		.warning = vc_checker_finding,
	};
	*vis = tmpl;
	vis->user = c;
	vc_checker_set_source(c, source, member);
}

int vc_checker_run(struct vc_checker *c, vc_pgn_read_fn read, void *ctx,
                   const char *source, const char *member)
{
	struct vc_pgn_visitor vis;
	vc_checker_visitor(c, &vis, source, member);
	struct vc_pgn_options po;
	memset(&po, 0, sizeof po);
	po.keep_raw = c->opt.keep_raw;
	po.comment_marker = '%'; /* the checker reads only [%clk] commands */
	struct vc_pgn_reader rd;
	if (vc_pgn_reader_init(&rd, read, ctx, &vis, &po))
		return VC_PGN_NOMEM;
	int st = vc_pgn_read(&rd);
	vc_pgn_reader_release(&rd);
	return st;
}
