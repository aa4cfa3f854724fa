/* vchess - the input loop of adjudicate and replay. See
 * inputloop.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "epd.h"
#include "input.h"
#include "inputloop.h"

int vc_input_loop_path(struct vc_input_loop *L, const char *path)
{
	struct vc_report *rep = L->rep;
	struct vc_checker *chk = L->chk;
	struct vc_input_error err;
	vc_input_error_init(&err);
	struct vc_input *in = vc_input_open_opts(path, L->input_opts, &err);
	if (!in) {
		vc_report_input_error(rep, path, NULL, vc_input_errkind_code(err.kind), err.message);
		return VC_EXIT_INPUT;
	}
	int status = VC_EXIT_OK;
	const char *member;
	int r = 0;
	L->cur = in;
	while (!L->stopped && (r = vc_input_next_member(in, &member)) == 1) {
		struct vc_member_reader ic = { in, false, L->tap, L->tap_ctx, false };
		char *mname = member ? strdup(member) : NULL;
		struct vc_peek pk;
		if (!vc_member_peek(&pk, &ic, rep->command, path, mname)) {
			free(mname);
			continue;
		}
		if (L->tap_begin)
			L->tap_begin(L->tap_ctx, path, mname);
		if (L->tap && pk.len)
			L->tap(L->tap_ctx, pk.buf, pk.len);
		ic.tap_on = true;
		if (vc_peek_is_epd(&pk)) {
			if (vc_epd_check(&pk, path, mname, &chk->opt, L->on_game, L->user))
				L->stopped = true;
		} else {
			vc_checker_run(chk, vc_peek_read, &pk, path, mname);
			if (chk->stop)
				L->stopped = true;
		}
		if (L->tap_end)
			L->tap_end(L->tap_ctx);
		free(mname);
		if (ic.failed) {
			const struct vc_input_error *e = vc_input_error(in);
			vc_report_input_error(rep, path, member, vc_input_errkind_code(e->kind),
			                      e->message);
			status = VC_EXIT_INPUT;
			break;
		}
	}
	if (!L->stopped && r < 0 && status == VC_EXIT_OK) {
		const struct vc_input_error *e = vc_input_error(in);
		vc_report_input_error(rep, path, NULL, vc_input_errkind_code(e->kind), e->message);
		status = VC_EXIT_INPUT;
	}
	L->bytes_done += vc_input_bytes_consumed(in);
	L->cur = NULL;
	vc_input_close(in);
	return status;
}
