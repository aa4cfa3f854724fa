/* vchess shards: cut inputs into shards that a scheduler (GNU parallel,
 * a Slurm array job) hands to `vchess validate --shard-range` runs
 * (vchess-shards(1)). The cutting is formats/shards.h's; this file reads
 * the options, spreads the shard count over the files and prints. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "common.h"
#include "json.h"
#include "shards.h"

static const char usage[] =
        "usage: vchess shards [-n N | --size BYTES] [--format F] [-o FILE] FILE...\n"
        "\n"
        "Cut the inputs into shards for runs on several processes or machines:\n"
        "one line per shard, tab-separated: file, shard index K (from 0, as a\n"
        "Slurm array index), shard count N, byte range START-END (half open,\n"
        "bytes of the file as stored). A plain PGN/EPD file is cut into byte\n"
        "ranges (a shard checks the games that start in its range); a zstd file\n"
        "of several frames (pzstd, the lichess dumps) at frame boundaries;\n"
        "anything else (gzip, xz, one zstd frame, an archive) is one shard.\n"
        "\n"
        "Options:\n"
        "  -n, --count N        about N shards in all (default: the number of\n"
        "                       processors), spread over the files by size\n"
        "      --size BYTES     shards of about BYTES each (suffix K, M, G, T:\n"
        "                       powers of 1024)\n"
        "      --format F       text (default), json or jsonl\n"
        VC_HELP_OUTPUT
        "      --quiet          no note about files that are one shard\n"
        VC_HELP_HELP
        "\n"
        VC_HELP_EXIT;

enum { O_SIZE = VC_OPT_OWN };

/* The most shards one run prints (a Slurm array, a parallel job list):
 * --size 1 on a big file would otherwise print a line per byte. */
#define VC_SHARDS_MAX 1000000

static const struct option own[] = {
	{ "count", required_argument, NULL, 'n' },
	{ "size", required_argument, NULL, O_SIZE },
	{ 0, 0, 0, 0 },
};

struct shards_cmd {
	long count;         /* -n; 0: not given */
	uint64_t size_each; /* --size; 0: not given */
};

/* BYTES with an optional K, M, G or T (powers of 1024): > 0. */
static bool parse_size(const char *text, uint64_t *out)
{
	size_t n = strlen(text);
	unsigned shift = 0;
	char digits[32];
	if (n && strchr("KkMmGgTt", text[n - 1])) {
		static const char units[] = "kmgt";
		const char *u = strchr(units, text[n - 1] | 0x20);
		shift = 10u * (unsigned)(u - units + 1);
		n--;
	}
	if (!n || n >= sizeof digits)
		return false;
	memcpy(digits, text, n);
	digits[n] = 0;
	uint64_t v;
	if (!vc_cli_parse_u64(digits, &v) || v == 0 || v > (UINT64_MAX >> shift))
		return false;
	*out = v << shift;
	return true;
}

/* A C0 control character or DEL (text output lines would carry it raw) */
static bool has_control(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return true;
	return false;
}

static int shards_option(void *ctx, int opt, const char *arg)
{
	struct shards_cmd *s = ctx;
	if (opt == 'n') {
		uint64_t n;
		int rc = vc_cli_number_option("shards", "-n", arg, 1, 1000000,
		                              "a count from 1 to 1000000", &n);
		if (!rc)
			s->count = (long)n;
		return rc;
	}
	if (!parse_size(arg, &s->size_each)) {
		/* digits (and a unit) past 2^64 bytes: too large */
		size_t n = strlen(arg), d = strspn(arg, "0123456789");
		if (d && (d == n || (d + 1 == n && strchr("KkMmGgTt", arg[d]))) &&
		    strspn(arg, "0") < d)
			return vc_cli_usage_error("shards", "--size: '%s' is too large (at most "
			                          "18446744073709551615 bytes)", arg);
		return vc_cli_usage_error("shards", "--size needs a byte count (K, M, G, T allowed), "
		                                    "not '%s'", arg);
	}
	return 0;
}

static void print_json(struct vc_json *w, const struct vc_shard_file *f, size_t k, size_t n,
                       size_t first, uint64_t start, uint64_t end)
{
	char range[48];
	snprintf(range, sizeof range, "%llu-%llu", (unsigned long long)start,
	         (unsigned long long)end);
	vc_json_begin_object(w);
	vc_json_kv_string(w, "file", f->path);
	vc_json_kv_uint(w, "shard", first + k);
	vc_json_kv_uint(w, "count", n);
	vc_json_kv_string(w, "range", range);
	vc_json_kv_uint(w, "start", start);
	vc_json_kv_uint(w, "end", end);
	vc_json_kv_string(w, "unit", vc_shard_unit_name(f->unit));
	if (f->why)
		vc_json_kv_string(w, "reason", f->why);
	vc_json_end_object(w);
}

int cmd_shards(int argc, char **argv)
{
	struct shards_cmd s = { 0 };
	struct vc_cli_spec spec = {
		.name = "shards", .usage = usage,
		.common = VC_OPT_FORMAT | VC_OPT_OUTPUT | VC_OPT_QUIET,
		.options = own, .shortopts = "n:",
		.handle = shards_option, .ctx = &s,
	};
	struct vc_cli_opts opts;
	int first;
	int rc = vc_cli_parse(argc, argv, &spec, &opts, &first);
	if (rc != VC_CLI_CONTINUE)
		return rc;
	if (first >= argc)
		return vc_cli_usage_error("shards", "no input file");
	if (s.count && s.size_each)
		return vc_cli_usage_error("shards", "-n and --size exclude each other");
	const int nfiles = argc - first;
	for (int i = 0; i < nfiles; i++)
		if (opts.format == VC_FORMAT_TEXT && has_control(argv[first + i]))
			return vc_cli_usage_error("shards", "a file name with a control character (a "
			                                    "tab, a line break, an escape) cannot be "
			                                    "printed as text: use --format json");
	struct vc_cli_output outs[] = { { "-o", vc_cli_report_path(&opts), true } };
	rc = vc_cli_check_outputs("shards", outs, 1, argv + first, nfiles);
	if (rc != VC_EXIT_OK)
		return rc;

	struct vc_shard_file *files = calloc((size_t)nfiles, sizeof *files);
	size_t *counts = calloc((size_t)nfiles, sizeof *counts);
	if (!files || !counts) {
		free(files);
		free(counts);
		vc_cli_error("shards", "out of memory");
		return VC_EXIT_INPUT;
	}
	rc = VC_EXIT_OK;
	for (int i = 0; i < nfiles && rc == VC_EXIT_OK; i++) {
		char err[512];
		if (vc_shard_file_scan(argv[first + i], &files[i], err, sizeof err) != 0) {
			vc_cli_error("shards", "%s", err);
			rc = VC_EXIT_INPUT;
		}
	}
	/* -n N spread over the files that can be cut, by size */
	long want = s.count ? s.count : sysconf(_SC_NPROCESSORS_ONLN);
	if (want < 1)
		want = 1;
	size_t total = rc == VC_EXIT_OK ? vc_shard_plan(files, (size_t)nfiles, (size_t)want,
	                                                s.size_each, counts) : 0;
	for (int i = 0; i < nfiles && rc == VC_EXIT_OK; i++) {
		const struct vc_shard_file *f = &files[i];
		if (f->unit == VC_SHARD_FILE && !opts.quiet && (s.count > 1 || s.size_each))
			vc_cli_error("shards", "%s: %s: one shard (only a plain file or a zstd "
			                       "file of several frames can be cut)", f->path, f->why);
	}

	if (rc == VC_EXIT_OK && total > VC_SHARDS_MAX) {
		rc = vc_cli_usage_error("shards", "%zu shards: more than %d; give a larger --size "
		                                  "or a smaller -n", total, VC_SHARDS_MAX);
	}
	FILE *out = rc == VC_EXIT_OK ? vc_cli_open_output("shards", &opts) : NULL;
	if (rc == VC_EXIT_OK && !out)
		rc = VC_EXIT_INPUT;
	if (out) {
		struct vc_json w;
		vc_json_init_file(&w, out, opts.format == VC_FORMAT_JSON ? VC_JSON_PRETTY : 0);
		if (opts.format == VC_FORMAT_JSON) {
			vc_json_begin_object(&w);
			vc_json_kv_uint(&w, "count", total);
			vc_json_key(&w, "shards");
			vc_json_begin_array(&w);
		}
		size_t k0 = 0;
		for (int i = 0; i < nfiles; i++) {
			for (size_t k = 0; k < counts[i]; k++) {
				uint64_t a, b;
				vc_shard_range(&files[i], k, counts[i], &a, &b);
				if (opts.format == VC_FORMAT_TEXT)
					fprintf(out, "%s\t%zu\t%zu\t%llu-%llu\n", files[i].path, k0 + k, total,
					        (unsigned long long)a, (unsigned long long)b);
				else
					print_json(&w, &files[i], k, total, k0, a, b);
				vc_cli_check_output(out);
			}
			k0 += counts[i];
		}
		if (opts.format == VC_FORMAT_JSON) {
			vc_json_end_array(&w);
			vc_json_end_object(&w);
		}
		if (vc_cli_close_output("shards", out) != VC_EXIT_OK)
			rc = VC_EXIT_INPUT;
	}
	for (int i = 0; i < nfiles; i++)
		vc_shard_file_free(&files[i]);
	free(files);
	free(counts);
	return rc;
}
