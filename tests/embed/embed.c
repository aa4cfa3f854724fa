/* tests/embed/embed.c - a C program built against the installed libvchess
 * (make check-embed: tests/embed/run.sh builds it with `pkg-config --cflags
 * --libs vchess`, static and shared).
 *
 * usage: embed COMMAND [FILE]   (FILE or standard input)
 *   perft   each line "VARIANT DEPTH FEN" (blank lines and # comments
 *           skipped): prints "# VARIANT DEPTH FEN", then what
 *           `vchess perft --divide` prints: one "MOVE NODES" line per legal
 *           move sorted by move text, then "nodes TOTAL".
 *   validate    each line a path (a PGN or EPD file, compressed or an
 *               archive): one JSON line per game, read with the pull API
 *               (formats/games.h), as `vchess validate --format jsonl`
 *               prints them (without its summary line)
 *   adjudicate  the same with the verdict, as `vchess adjudicate
 *               --format jsonl` prints them
 * A command is one function in the table `commands` below.
 * Exit status: 0, 1 on a bad line (message on standard error), 2 on usage.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vchess/vchess.h>
#include <vchess/games.h> /* the pull API (formats/) */

#define MOVE_TEXT 64

struct divide_line {
	char text[MOVE_TEXT];
	uint64_t nodes;
};

static int cmp_line(const void *a, const void *b)
{
	return strcmp(((const struct divide_line *)a)->text,
	              ((const struct divide_line *)b)->text);
}

/* The variant's own move text (Backwards Stalemate Chess) or UCI. */
static void move_text(const struct vc_variant *v,
                      const struct vc_position *pos, vc_move m, char *out)
{
	char buf[MOVE_TEXT];
	if (v->write_move && v->write_move(pos, m, buf)) {
		snprintf(out, MOVE_TEXT, "%s", buf);
		return;
	}
	vc_move_to_uci(pos, m, buf);
	snprintf(out, MOVE_TEXT, "%s", buf);
}

static int perft_line(char *line, int lineno)
{
	char name[64];
	int depth, used = 0;
	if (sscanf(line, "%63s %d %n", name, &depth, &used) != 2 || depth < 1) {
		fprintf(stderr, "embed: line %d: want VARIANT DEPTH FEN\n", lineno);
		return 1;
	}
	const char *fen = line + used;
	const struct vc_variant *v = vc_variant_find(name, NULL);
	if (!v) {
		fprintf(stderr, "embed: line %d: unknown variant '%s'\n", lineno, name);
		return 1;
	}
	struct vc_position pos;
	struct vc_fen_result res;
	if (vc_fen_parse(&pos, fen, v->id, &res) != VC_FEN_OK) {
		fprintf(stderr, "embed: line %d: %s: %s\n", lineno,
		        vc_fen_code(res.status), vc_fen_strerror(res.status));
		return 1;
	}
	v = vc_variant_get(pos.variant); /* a 960 castling field switches */

	vc_move moves[VC_MAX_MOVES];
	int n = vc_legal_moves(&pos, moves);
	struct divide_line *lines = calloc((size_t)n + 1, sizeof *lines);
	if (!lines)
		return 1;
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		struct vc_position child = pos;
		move_text(v, &pos, moves[i], lines[i].text);
		vc_make_move(&child, moves[i]);
		lines[i].nodes = depth > 1 ? vc_perft(&child, depth - 1) : 1;
		total += lines[i].nodes;
	}
	qsort(lines, (size_t)n, sizeof *lines, cmp_line);
	printf("# %s %d %s\n", name, depth, fen);
	for (int i = 0; i < n; i++)
		printf("%s %" PRIu64 "\n", lines[i].text, lines[i].nodes);
	printf("nodes %" PRIu64 "\n", total);
	free(lines);
	/* the whole-tree count agrees with the sum of the divide */
	if (vc_perft(&pos, depth) != total) {
		fprintf(stderr, "embed: line %d: vc_perft disagrees with the divide\n", lineno);
		return 1;
	}
	return 0;
}

static int cmd_perft(FILE *in)
{
	char line[1024];
	int lineno = 0, status = 0;
	while (fgets(line, sizeof line, in)) {
		lineno++;
		line[strcspn(line, "\r\n")] = '\0';
		if (line[0] == '\0' || line[0] == '#')
			continue;
		if (perft_line(line, lineno))
			status = 1;
	}
	return status;
}

/* Every game of each path listed in `in`, one JSON line each. */
static int games(FILE *in, int adjudicate)
{
	char path[4096];
	int status = 0;
	while (fgets(path, sizeof path, in)) {
		path[strcspn(path, "\r\n")] = '\0';
		if (path[0] == '\0' || path[0] == '#')
			continue;
		struct vc_games_options o;
		vc_games_options_init(&o);
		o.adjudicate = adjudicate;
		struct vc_games *g;
		enum vc_code rc = vc_games_open(&g, path, &o, NULL);
		if (rc != VC_F_OK) {
			fprintf(stderr, "embed: %s: %s: %s\n", path, vc_code_word(rc), vc_strerror(rc));
			status = 1;
			continue;
		}
		const char *json;
		size_t len;
		int r;
		while ((r = vc_games_next(g, &json, &len)) == 1)
			if (fwrite(json, 1, len, stdout) != len || putchar('\n') == EOF)
				status = 1;
		if (r < 0) {
			fprintf(stderr, "embed: %s: %s\n", path, vc_games_error(g)->message);
			status = 1;
		}
		vc_games_close(g);
	}
	return status;
}

static int cmd_validate(FILE *in)
{
	return games(in, 0);
}

static int cmd_adjudicate(FILE *in)
{
	return games(in, 1);
}

static const struct {
	const char *name;
	int (*run)(FILE *in);
} commands[] = {
	{ "perft", cmd_perft },
	{ "validate", cmd_validate },
	{ "adjudicate", cmd_adjudicate },
};

int main(int argc, char **argv)
{
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: embed COMMAND [FILE]\n");
		return 2;
	}
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
		if (strcmp(argv[1], commands[i].name) != 0)
			continue;
		FILE *in = argc == 3 ? fopen(argv[2], "r") : stdin;
		if (!in) {
			perror(argv[2]);
			return 1;
		}
		int status = commands[i].run(in);
		if (in != stdin)
			fclose(in);
		if (fflush(stdout) != 0)
			status = 1;
		return status;
	}
	fprintf(stderr, "embed: unknown command '%s'\n", argv[1]);
	return 2;
}
