/* diff_antichess - differential test of antichess move generation against
 * Fairy-Stockfish (variant "antichess" = lichess rules).
 *
 * Plays random games from the start position with a fixed seed, collects
 * positions along them, and compares perft(depth) of each position with the
 * engine's `go perft`. On a difference it prints the FEN and both divides.
 * Exit status: 0 no difference, 1 differences, 2 usage or engine failure.
 *
 * usage: diff_antichess [-n POSITIONS] [-d DEPTH] [-s SEED] [-e ENGINE]
 *                       [-V UCI_VARIANT]   (default antichess; another
 *                       variant, e.g. losers, checks that differences show)
 *
 * Run by tests/diff_fairy.sh (make check-diff), linked with libvchess.a.
 */
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "variant.h"

static uint64_t rng_state;

static uint64_t rng_next(void)
{
	uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/* ---- the engine, over two pipes ------------------------------------------ */

static FILE *to_engine, *from_engine;
static pid_t engine_pid;

static int engine_start(const char *path)
{
	int in[2], out[2];
	if (pipe(in) || pipe(out))
		return -1;
	engine_pid = fork();
	if (engine_pid < 0)
		return -1;
	if (engine_pid == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[0]); close(in[1]); close(out[0]); close(out[1]);
		execl(path, path, (char *)NULL);
		fprintf(stderr, "diff_antichess: cannot run %s: %s\n", path, strerror(errno));
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	to_engine = fdopen(in[1], "w");
	from_engine = fdopen(out[0], "r");
	return to_engine && from_engine ? 0 : -1;
}

static void engine_send(const char *fmt, const char *arg)
{
	fprintf(to_engine, fmt, arg);
	fflush(to_engine);
}

/* Read lines until one starts with `prefix`; returns it (static) or NULL at
 * end of output. Every other line goes to `other` if given. */
static char *engine_until(const char *prefix, void (*other)(const char *line))
{
	static char line[4096];
	while (fgets(line, sizeof line, from_engine)) {
		line[strcspn(line, "\r\n")] = 0;
		if (!strncmp(line, prefix, strlen(prefix)))
			return line;
		if (other)
			other(line);
	}
	return NULL;
}

/* Divide lines of the engine ("e2e4: 123"). */
struct divide {
	int n;
	char move[VC_MAX_MOVES][8];
	unsigned long long nodes[VC_MAX_MOVES];
};
static struct divide engine_div;

static void collect_divide(const char *line)
{
	char mv[8];
	unsigned long long n;
	if (sscanf(line, "%7[a-h1-8nbrqk]: %llu", mv, &n) == 2 && strlen(mv) >= 4 &&
	    engine_div.n < VC_MAX_MOVES) {
		memcpy(engine_div.move[engine_div.n], mv, sizeof mv);
		engine_div.nodes[engine_div.n++] = n;
	}
}

static long long engine_perft(const char *fen, int depth)
{
	char cmd[64];
	engine_div.n = 0;
	engine_send("position fen %s\n", fen);
	snprintf(cmd, sizeof cmd, "go perft %d\n", depth);
	engine_send("%s", cmd);
	char *l = engine_until("Nodes searched", collect_divide);
	if (!l)
		return -1;
	const char *colon = strchr(l, ':');
	return colon ? atoll(colon + 1) : -1;
}

/* ---- comparison ---------------------------------------------------------- */

static int cmp_move(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

static void report(const struct vc_position *pos, const char *fen, int depth,
                   unsigned long long ours, long long theirs)
{
	printf("DIFFERENCE %s: perft(%d) vchess %llu, Fairy-Stockfish %lld\n", fen, depth, ours,
	       theirs);
	vc_move list[VC_MAX_MOVES];
	int n = vc_legal_moves(pos, list);
	struct divide mine = { 0 };
	for (int i = 0; i < n; i++) {
		struct vc_position next = *pos;
		vc_move_to_uci(pos, list[i], mine.move[i]);
		vc_make_move(&next, list[i]);
		mine.nodes[i] = vc_perft(&next, depth - 1);
	}
	mine.n = n;
	/* sort both by move text, keeping counts aligned */
	struct row { char move[8]; unsigned long long nodes; } a[VC_MAX_MOVES], b[VC_MAX_MOVES];
	for (int i = 0; i < mine.n; i++) {
		memcpy(a[i].move, mine.move[i], 8);
		a[i].nodes = mine.nodes[i];
	}
	for (int i = 0; i < engine_div.n; i++) {
		memcpy(b[i].move, engine_div.move[i], 8);
		b[i].nodes = engine_div.nodes[i];
	}
	qsort(a, (size_t)mine.n, sizeof a[0], cmp_move);
	qsort(b, (size_t)engine_div.n, sizeof b[0], cmp_move);
	printf("  %-8s %12s %12s\n", "move", "vchess", "fairy-sf");
	int i = 0, j = 0;
	while (i < mine.n || j < engine_div.n) {
		int c = i >= mine.n ? 1 : j >= engine_div.n ? -1 : strcmp(a[i].move, b[j].move);
		if (c < 0) {
			printf("  %-8s %12llu %12s  <-- only vchess\n", a[i].move, a[i].nodes, "-");
			i++;
		} else if (c > 0) {
			printf("  %-8s %12s %12llu  <-- only fairy-sf\n", b[j].move, "-", b[j].nodes);
			j++;
		} else {
			printf("  %-8s %12llu %12llu%s\n", a[i].move, a[i].nodes, b[j].nodes,
			       a[i].nodes != b[j].nodes ? "  <--" : "");
			i++;
			j++;
		}
	}
}

int main(int argc, char **argv)
{
	int npos = 3000, depth = 3, opt;
	uint64_t seed = 20240601;
	const char *engine = "/usr/games/fairy-stockfish";
	const char *uci_variant = "antichess";
	while ((opt = getopt(argc, argv, "n:d:s:e:V:")) != -1) {
		switch (opt) {
		case 'n': npos = atoi(optarg); break;
		case 'd': depth = atoi(optarg); break;
		case 's': seed = strtoull(optarg, NULL, 10); break;
		case 'e': engine = optarg; break;
		case 'V': uci_variant = optarg; break; /* self-test: a wrong variant must differ */
		default:
			fprintf(stderr, "usage: %s [-n POSITIONS] [-d DEPTH] [-s SEED] [-e ENGINE] [-V UCI_VARIANT]\n", argv[0]);
			return 2;
		}
	}
	if (npos < 1 || depth < 1 || depth > 6) {
		fprintf(stderr, "diff_antichess: bad -n or -d\n");
		return 2;
	}
	rng_state = seed;
	signal(SIGPIPE, SIG_IGN);
	if (engine_start(engine)) {
		fprintf(stderr, "diff_antichess: cannot start %s\n", engine);
		return 2;
	}
	engine_send("%s", "uci\n");
	if (!engine_until("uciok", NULL)) {
		fprintf(stderr, "diff_antichess: %s did not answer uci\n", engine);
		return 2;
	}
	engine_send("setoption name UCI_Variant value %s\nisready\n", uci_variant);
	if (!engine_until("readyok", NULL)) {
		fprintf(stderr, "diff_antichess: %s did not answer isready\n", engine);
		return 2;
	}

	int checked = 0, diffs = 0, games = 0, ep_positions = 0, promo_positions = 0;
	unsigned long long total_nodes = 0;
	while (checked < npos) {
		/* one random game; a quarter of its positions are compared, and
		 * every one with an en-passant capture or a promotion */
		struct vc_position pos;
		vc_startpos(&pos, VC_ANTICHESS);
		games++;
		for (int ply = 0; ply < 300 && checked < npos; ply++) {
			vc_move list[VC_MAX_MOVES];
			int n = vc_legal_moves(&pos, list);
			if (n == 0)
				break;
			bool special = pos.ep != VC_NO_SQ;
			for (int i = 0; i < n && !special; i++)
				special = VC_MOVE_PROMOTION(list[i]) != 0;
			if (ply > 0 && (special || rng_next() % 4 == 0)) {
				char fen[VC_FEN_MAX];
				vc_fen_write(&pos, fen, false);
				unsigned long long ours = vc_perft(&pos, depth);
				long long theirs = engine_perft(fen, depth);
				if (theirs < 0) {
					fprintf(stderr, "diff_antichess: engine gave no count for %s\n", fen);
					return 2;
				}
				if ((unsigned long long)theirs != ours) {
					diffs++;
					report(&pos, fen, depth, ours, theirs);
				}
				checked++;
				total_nodes += ours;
				ep_positions += pos.ep != VC_NO_SQ;
				for (int i = 0; i < n; i++)
					if (VC_MOVE_PROMOTION(list[i])) {
						promo_positions++;
						break;
					}
			}
			vc_make_move(&pos, list[rng_next() % (unsigned)n]);
		}
	}
	engine_send("%s", "quit\n");
	fclose(to_engine);
	fclose(from_engine);
	waitpid(engine_pid, NULL, 0);
	printf("diff_antichess: %d positions from %d random games (seed %llu), perft(%d), "
	       "%llu nodes; %d with en passant, %d with promotions: %d difference%s\n",
	       checked, games, (unsigned long long)seed, depth, total_nodes, ep_positions,
	       promo_positions, diffs, diffs == 1 ? "" : "s");
	return diffs ? 1 : 0;
}
