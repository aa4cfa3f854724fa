/* vchess - shard runs: the shard a command line names, and the part
 * report's header and trailer. See part.h. */
#include <stdlib.h>
#include <string.h>

#include "part.h"
#include "shards.h"
#include "shards_internal.h"

static int unit_of(enum vc_shard_unit u)
{
	return u == VC_SHARD_BYTES ? VC_INPUT_RANGE_BYTES
	       : u == VC_SHARD_FRAMES ? VC_INPUT_RANGE_FRAMES : VC_INPUT_RANGE_NONE;
}

int vc_part_resolve(const char *command, const struct vc_cli_opts *o, char **files, int nfiles,
                    struct vc_part_shard *out)
{
	memset(out, 0, sizeof *out);
	out->k = o->shard_k;
	out->n = o->shard_n;
	out->unit = "none";
	if (o->shard_range && !o->shard)
		return vc_cli_usage_error(command, "--shard-range needs --shard K/N (the shard's "
		                          "index and count, as vchess shards prints them)");
	if (o->max_errors > 0 && strcmp(command, "validate") != 0)
		return vc_cli_usage_error(command, "--max-errors cannot stop a shard run of %s where "
		                          "one run would stop (the merge would need the standings "
		                          "at every invalid game): leave it out", command);
	if (o->shard_range && nfiles != 1)
		return vc_cli_usage_error(command, "--shard-range needs exactly one input file");
	for (int i = 0; i < nfiles; i++)
		if (strcmp(files[i], "-") == 0)
			return vc_cli_usage_error(command, "a shard run reads files, not standard "
			                          "input");
	size_t nf = nfiles > 0 ? (size_t)nfiles : 1;
	struct vc_shard_file *sf = calloc(nf, sizeof *sf);
	size_t *counts = calloc(nf, sizeof *counts);
	if (!sf || !counts) {
		free(sf);
		free(counts);
		vc_cli_error(command, "out of memory");
		return VC_EXIT_INPUT;
	}
	int rc = VC_EXIT_OK;
	int scanned = 0;
	bool ok = false;
	for (; scanned < nfiles; scanned++) {
		char err[512];
		/* a range: only its own frames are read (shards_internal.h) */
		if ((o->shard_range ? vc_shard_file_scan_range(files[0], o->range_start, o->range_end,
		                                               &sf[0], &ok, err, sizeof err)
		                    : vc_shard_file_scan(files[scanned], &sf[scanned], err,
		                                         sizeof err)) != 0) {
			vc_cli_error(command, "%s", err);
			rc = VC_EXIT_INPUT;
			break;
		}
	}
	if (rc == VC_EXIT_OK && o->shard_range) {
		const struct vc_shard_file *f = &sf[0];
		uint64_t a = o->range_start, b = o->range_end;
		if (!ok) {
			rc = vc_cli_usage_error(command, "--shard-range %llu-%llu is not a range of %s "
			                        "as vchess shards cuts it (%s)",
			                        (unsigned long long)a, (unsigned long long)b, files[0],
			                        f->unit == VC_SHARD_FRAMES ? "zstd frame boundaries"
			                        : f->unit == VC_SHARD_FILE ? "the whole file: it cannot "
			                        "be cut" : "inside the file");
		} else {
			out->file = files[0];
			out->index = 0;
			out->size = f->size;
			out->unit = vc_shard_unit_name(f->unit);
			/* the shard list goes on: another file (or, when this
			 * range is not the file's last, maybe only this file's
			 * later shards: vchess-validate(1) COPIES) */
			out->pipe = (struct vc_pipe_shard){ unit_of(f->unit), a, b, a == 0,
			                                    o->shard_k + 1 < o->shard_n };
		}
	} else if (rc == VC_EXIT_OK) {
		size_t total = vc_shard_plan(sf, (size_t)nfiles, (size_t)o->shard_n, 0, counts);
		uint64_t k = o->shard_k;
		if (total > o->shard_n) {
			/* every file is at least one shard: N too small would leave
			 * shards of the plan unchecked */
			rc = vc_cli_usage_error(command, "--shard %llu/%llu: the %d files make %zu shards "
			                        "(each file at least one): give N = %zu, as vchess shards "
			                        "-n %llu prints it", (unsigned long long)o->shard_k,
			                        (unsigned long long)o->shard_n, nfiles, total, total,
			                        (unsigned long long)o->shard_n);
			k = UINT64_MAX;
		}
		for (int i = 0; i < nfiles && rc == VC_EXIT_OK; i++) {
			if (k < counts[i]) {
				uint64_t a, b;
				vc_shard_range(&sf[i], (size_t)k, counts[i], &a, &b);
				out->file = files[i];
				out->index = i;
				out->size = sf[i].size;
				out->unit = vc_shard_unit_name(sf[i].unit);
				/* more: another file follows in the list */
				out->pipe = (struct vc_pipe_shard){ unit_of(sf[i].unit), a, b, a == 0,
				                                    i + 1 < nfiles };
				break;
			}
			k -= counts[i];
		}
		(void)total;
	}
	for (int i = 0; i < scanned && i < nfiles; i++)
		vc_shard_file_free(&sf[i]);
	free(sf);
	free(counts);
	return rc;
}

void vc_part_header(FILE *f, const char *command, const struct vc_cli_opts *o,
                    const struct vc_part_shard *sh)
{
	struct vc_json j;
	vc_json_init_file(&j, f, 0);
	vc_json_begin_object(&j);
	vc_json_kv_int(&j, "vchess_part", VC_PART_VERSION);
	vc_json_kv_string(&j, "command", command);
	if (sh->file)
		vc_json_kv_string(&j, "file", sh->file);
	else
		vc_json_kv_null(&j, "file");
	vc_json_kv_uint(&j, "size", sh->size);
	vc_json_kv_uint(&j, "shard", sh->k);
	vc_json_kv_uint(&j, "shards", sh->n);
	vc_json_kv_string(&j, "unit", sh->unit);
	vc_json_key(&j, "range");
	vc_json_begin_array(&j);
	vc_json_uint(&j, sh->pipe.start);
	vc_json_uint(&j, sh->pipe.end);
	vc_json_end_array(&j);
	if (o->format_arg)
		vc_json_kv_string(&j, "format", o->format_arg);
	else
		vc_json_kv_null(&j, "format");
	vc_json_key(&j, "options");
	vc_json_begin_array(&j);
	for (int i = 0; i < o->ncanon; i++) {
		vc_json_begin_array(&j);
		vc_json_string(&j, o->canon[i].name);
		if (o->canon[i].arg)
			vc_json_string(&j, o->canon[i].arg);
		else
			vc_json_null(&j);
		vc_json_end_array(&j);
	}
	vc_json_end_array(&j);
	vc_json_end_object(&j);
	vc_json_release(&j);
}

static void kv_opt_uint(struct vc_json *j, const char *key, bool has, uint64_t v)
{
	if (has)
		vc_json_kv_uint(j, key, v);
	else
		vc_json_kv_null(j, key);
}

void vc_part_put_fields(struct vc_json *j, const struct vc_part_field *f, size_t n,
                        const void *s)
{
	for (size_t i = 0; i < n; i++) {
		const void *m = (const char *)s + f[i].offset;
		if (f[i].word)
			vc_json_key(j, f[i].word);
		switch (f[i].type) {
		case VC_PART_U64:
			vc_json_uint(j, *(const uint64_t *)m);
			break;
		case VC_PART_U64S:
			vc_json_begin_array(j);
			for (size_t k = 0; k < f[i].n; k++)
				vc_json_uint(j, ((const uint64_t *)m)[k]);
			vc_json_end_array(j);
			break;
		case VC_PART_LONG:
			vc_json_int(j, *(const long *)m);
			break;
		case VC_PART_INT:
			vc_json_int(j, *(const int *)m);
			break;
		case VC_PART_UCHAR:
			vc_json_int(j, *(const unsigned char *)m);
			break;
		}
	}
}

bool vc_part_get_field(const struct vc_jval *v, const struct vc_part_field *f, void *s)
{
	void *m = (char *)s + f->offset;
	int64_t x;
	switch (f->type) {
	case VC_PART_U64:
		return vc_jval_u64(v, m);
	case VC_PART_U64S:
		if (!v || v->t != VC_J_ARRAY || v->n != f->n)
			return false;
		for (size_t k = 0; k < f->n; k++)
			if (!vc_jval_u64(&v->kids[k], (uint64_t *)m + k))
				return false;
		return true;
	case VC_PART_LONG:
	case VC_PART_INT:
	case VC_PART_UCHAR:
		if (!vc_jval_i64(v, &x))
			return false;
		if (f->type == VC_PART_LONG)
			*(long *)m = (long)x;
		else if (f->type == VC_PART_INT)
			*(int *)m = (int)x;
		else
			*(unsigned char *)m = (unsigned char)x;
		return true;
	}
	return false;
}

/* The report's counters in a part's counts, in the order written; each a
 * uint64_t (VC_PART_U64), which the merge adds up. */
static const struct vc_part_field count_fields[] = {
	VC_PART_FIELD("games", struct vc_report, games, VC_PART_U64),
	VC_PART_FIELD("valid", struct vc_report, valid, VC_PART_U64),
	VC_PART_FIELD("invalid", struct vc_report, invalid, VC_PART_U64),
	VC_PART_FIELD("warnings", struct vc_report, warnings, VC_PART_U64),
	VC_PART_FIELD("errors", struct vc_report, errors, VC_PART_U64),
	VC_PART_FIELD("input_errors", struct vc_report, input_errors, VC_PART_U64),
	VC_PART_FIELD("skipped", struct vc_report, skipped, VC_PART_U64),
	VC_PART_FIELD("positions", struct vc_report, positions, VC_PART_U64),
	VC_PART_FIELD("input_warnings", struct vc_report, input_warnings, VC_PART_U64),
};

void vc_part_counts(struct vc_json *j, const char *key, const struct vc_report *rep)
{
	vc_json_key(j, key);
	vc_json_begin_object(j);
	vc_part_put_fields(j, count_fields, VC_PART_NFIELDS(count_fields), rep);
	vc_json_key(j, "codes");
	vc_json_begin_object(j);
	for (int i = 0; i < rep->ncodes; i++)
		vc_json_kv_uint(j, vc_code_word(rep->code_order[i]),
		                rep->code_count[rep->code_order[i]]);
	vc_json_end_object(j);
	vc_json_end_object(j);
}

void vc_part_add_counts(struct vc_report *rep, const struct vc_jval *c)
{
	uint64_t v;
	for (size_t i = 0; i < VC_PART_NFIELDS(count_fields); i++)
		if (vc_jval_u64(vc_jget(c, count_fields[i].word), &v))
			*(uint64_t *)((char *)rep + count_fields[i].offset) += v;
	const struct vc_jval *codes = vc_jget(c, "codes");
	for (size_t k = 0; codes && codes->t == VC_J_OBJECT && k < codes->n; k++) {
		enum vc_code code = vc_code_from_word(codes->keys[k]);
		if (code != VC_F_COUNT && vc_jval_u64(&codes->kids[k], &v))
			vc_report_count_code(rep, code, v);
	}
}

void vc_part_trailer(FILE *f, const struct vc_pipe_part *pp, const struct vc_report *rep,
                     int status, vc_report_extra_json extra, void *ctx)
{
	struct vc_json j;
	vc_json_init_file(&j, f, 0);
	vc_json_begin_object(&j);
	vc_json_key(&j, "part_end");
	vc_json_begin_object(&j);
	vc_json_kv_uint(&j, "owned", pp->owned);
	vc_json_kv_uint(&j, "lines", pp->lines);
	kv_opt_uint(&j, "start", pp->has_start, pp->start);
	vc_json_kv_uint(&j, "start_lines", pp->start_lines);
	kv_opt_uint(&j, "next", pp->has_next, pp->next);
	vc_json_kv_bool(&j, "lead_lf", pp->lead_lf);
	vc_json_kv_bool(&j, "trail_cr", pp->trail_cr);
	vc_json_kv_uint(&j, "games", pp->games);
	vc_part_counts(&j, "counts", rep);
	const char *stop = vc_report_stop_word(rep->stop);
	if (stop)
		vc_json_kv_string(&j, "stopped", stop);
	else
		vc_json_kv_null(&j, "stopped");
	vc_json_kv_int(&j, "status", status);
	vc_json_key(&j, "state");
	vc_json_begin_object(&j);
	if (extra)
		extra(ctx, &j);
	vc_json_end_object(&j);
	vc_json_end_object(&j);
	vc_json_end_object(&j);
	vc_json_release(&j);
}

void vc_part_point(FILE *out, const struct vc_json *state)
{
	fprintf(out, "%c%c", VC_REPORT_RELOC, VC_PART_POINT);
	if (!state) {
		fprintf(out, "0.0.0%c", VC_REPORT_RELOC_END);
		return;
	}
	fprintf(out, "%u.%d.%d", state->flags, state->depth, state->after_key ? 1 : 0);
	for (int i = 0; i < state->depth && i < VC_JSON_MAX_DEPTH; i++)
		fprintf(out, ".%u", (unsigned)state->stack[i]);
	fputc(VC_REPORT_RELOC_END, out);
}

size_t vc_part_point_parse(const char *s, size_t n, FILE *out, struct vc_json *state)
{
	if (n < 3 || s[0] != VC_REPORT_RELOC || s[1] != VC_PART_POINT)
		return 0;
	uint64_t v[3 + VC_JSON_MAX_DEPTH];
	size_t nv = 0, i = 2;
	for (;;) {
		if (nv == sizeof v / sizeof v[0] || i >= n || s[i] < '0' || s[i] > '9')
			return 0;
		uint64_t x = 0;
		for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			if ((x = x * 10 + (uint64_t)(s[i] - '0')) > UINT32_MAX)
				return 0;
		v[nv++] = x;
		if (i < n && s[i] == '.') {
			i++;
			continue;
		}
		if (i < n && s[i] == VC_REPORT_RELOC_END)
			break;
		return 0;
	}
	if (nv < 3 || v[1] > VC_JSON_MAX_DEPTH || nv != 3 + v[1] || v[2] > 1)
		return 0;
	vc_json_init_file(state, out, (unsigned)v[0]);
	state->depth = (int)v[1];
	state->after_key = v[2] != 0;
	for (size_t k = 0; k < v[1]; k++)
		state->stack[k] = (unsigned char)v[3 + k];
	return i + 1;
}

static FILE *note_out;
static void (*note_next)(const char *command, enum vc_code code, const char *text);

static void part_note(const char *command, enum vc_code code, const char *text)
{
	struct vc_json j;
	vc_json_init_file(&j, note_out, 0);
	vc_json_begin_object(&j);
	vc_json_key(&j, "note");
	vc_json_begin_object(&j);
	vc_json_kv_string(&j, "code", vc_code_word(code));
	vc_json_kv_string(&j, "text", text);
	vc_json_end_object(&j);
	vc_json_end_object(&j);
	vc_json_release(&j);
	vc_cli_check_output(note_out);
	if (note_next)
		note_next(command, code, text);
}

void vc_part_report(struct vc_report *rep)
{
	rep->quiet = false;
	note_out = rep->out;
	note_next = rep->on_note;
	rep->on_note = part_note;
}
