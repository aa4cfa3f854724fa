/* vchess - the input's bytes held for the copies of games (validate
 * --valid-out/--invalid-out; struct vc_pipe copy_input). The copies are
 * the input itself cut at each game's copy_end (pgn.h): every byte of a
 * member goes to the copy of the game whose share holds it, so that the
 * copies, put back together in game order, are the member byte for byte.
 *
 * The calling thread feeds the member's bytes in order (-j 1: as the
 * member reader reads them; -j N: each chunk before the output of the
 * games that end in it is written) and gives the games' shares away in
 * order (pipe_copy_emit), each to its copy or to none. What is held is the
 * bytes from the last share given away on: the game being read and a read
 * buffer or chunk. Up to HOLD_MEM of it is kept in memory, the rest in an
 * unlinked temporary file (spill_fd), so a game of any size is copied
 * whole and memory stays flat. The file is used as a queue: bytes are
 * written at its end and read from its front, and it is emptied (its
 * space given back) whenever all of it has been read.
 *
 * Line end between members: a member (a file, an archive member) whose
 * last byte is not a line end (LF or CR) would glue the next member's
 * first bytes onto its last line in a copy (`1-0 ; note[Event ...`: the
 * comment swallows the tag, the copy read again loses a game). So when
 * another member is read after it, the copy that got its last bytes (its
 * last game's share) gets two LF first, whatever copy the next member's
 * bytes go to: the first ends the open line (and a `;` comment), the
 * empty line makes the next `[` a game start even after a game of tags
 * only or without a result. A `{` comment left open stays open (closing
 * it would change the game). The rule depends on the input alone, not on the order the
 * copies are written in, so it is the same at every -j; a shard run that
 * reads its file to the end writes the LF at its end when later shards
 * follow (pipe_copy_finish), so the shards' copies put together are one
 * run's. The last member of a run gets none: each input alone is still
 * copied byte for byte (vchess-validate(1) COPIES).
 *
 * Separator between games not next to each other: in the input a game
 * without a result token ends at the next game's tag (or the member's
 * end); a copy that holds it and then a tagless game (or a result alone,
 * or any game after a game of tags only) would read the two as one. So
 * when the share after a game's is given to another copy or to none
 * (pipe_copy_emit), the game's copy gets a line end if the share ended
 * inside a line (a `%` line after it in the copy stays at a line start),
 * then, if the game had no result token, its result token (the result
 * of its Result tag as PGN writes it, else `*`: pipe_copy_term) on a
 * line of its own; the result line is owed at a member's end too, with
 * the two LF.
 * Decided by the input and each game's copy alone: a shard run sees its
 * next shard's first game's copy (pipe_shard.c), so it is one run's.
 */
#define _GNU_SOURCE /* pread, pwrite on 64-bit offsets */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pipeline_internal.h"

#define HOLD_MEM ((size_t)4 << 20)  /* held in memory at most; the rest spills */
#define MOVE_BUF ((size_t)64 << 10) /* piece copied from the file at once */

/* Where the temporary file goes: TMPDIR, else /tmp. */
static const char *tmp_dir(void)
{
	const char *dir = getenv("TMPDIR");
	return dir && *dir ? dir : "/tmp";
}

/* The temporary file failed (TMPDIR missing, unwritable or full): the
 * copies cannot be whole. The run ends there (vc_cli_fatal: the summary
 * marked incomplete, the outputs removed, exit 3), named by TMPDIR. */
__attribute__((noreturn)) static void copy_fail(const char *what, int err)
{
	vc_cli_fatal(err, "TMPDIR %s: %s the temporary file of the copies", tmp_dir(), what);
}

/* The separator after a game's share in copy f: a line end when the share
 * ends inside a line (eol), then the game's result token on a line of its
 * own when it has none (term). */
static void put_sep(FILE *f, bool eol, const char *term)
{
	if (eol)
		fputc('\n', f);
	if (term) {
		fputs(term, f);
		fputc('\n', f);
	}
}

/* The separator owed to the copy that got the previous member's end. */
static void pay_owed(struct copier *cp)
{
	if (cp->owed) {
		if (cp->owed_eol)
			fputs("\n\n", cp->owed);
		put_sep(cp->owed, false, cp->owed_term);
	}
	cp->owed = NULL;
	cp->owed_eol = false;
	cp->owed_term = NULL;
}

void pipe_copy_begin(struct copier *cp)
{
	pay_owed(cp); /* another member follows the one without a line end */
	cp->tail = '\n';
	cp->base = cp->top = 0;
	cp->mstart = cp->mlen = 0;
	cp->frd = cp->fwr = 0;
	cp->last = NULL;
	cp->games = false;
	cp->ltail = '\n';
	cp->lterm = NULL;
}

/* The temporary file, made when first needed: in TMPDIR (else /tmp),
 * unlinked at once, so that nothing is left behind however vchess ends. */
static int spill_fd(struct copier *cp)
{
	if (cp->spill >= 0)
		return cp->spill;
	const char *dir = tmp_dir();
	size_t n = strlen(dir) + sizeof "/vchess-copy.XXXXXX";
	char *path = malloc(n);
	if (!path)
		pipe_out_of_memory();
	snprintf(path, n, "%s/vchess-copy.XXXXXX", dir);
	int fd = mkstemp(path);
	if (fd < 0)
		copy_fail("cannot make", errno);
	unlink(path);
	free(path);
	return cp->spill = fd;
}

static void spill(struct copier *cp, const char *b, size_t n)
{
	int fd = spill_fd(cp);
	while (n) {
		ssize_t w = pwrite(fd, b, n, (off_t)cp->fwr);
		if (w <= 0) {
			if (w < 0 && errno == EINTR)
				continue;
			copy_fail("cannot write", w < 0 ? errno : ENOSPC);
		}
		b += w;
		n -= (size_t)w;
		cp->fwr += (uint64_t)w;
	}
}

void pipe_copy_feed(struct copier *cp, const char *b, size_t n)
{
	if (!n)
		return;
	cp->tail = b[n - 1];
	cp->top += n;
	size_t held = cp->mlen - cp->mstart;
	if (cp->frd < cp->fwr || held + n > HOLD_MEM) {
		/* once bytes spill, the later ones follow them */
		spill(cp, b, n);
		return;
	}
	if (cp->mlen + n > cp->mcap) {
		if (cp->mstart) {
			memmove(cp->mem, cp->mem + cp->mstart, held);
			cp->mstart = 0;
			cp->mlen = held;
		}
		if (cp->mlen + n > cp->mcap) {
			size_t cap = cp->mcap ? cp->mcap : 65536;
			while (cap < cp->mlen + n)
				cap *= 2;
			if (cap > HOLD_MEM)
				cap = HOLD_MEM;
			char *m = realloc(cp->mem, cap);
			if (!m)
				pipe_out_of_memory();
			cp->mem = m;
			cp->mcap = cap;
		}
	}
	memcpy(cp->mem + cp->mlen, b, n);
	cp->mlen += n;
}

/* The next n held bytes (n <= what is held) to f, or dropped (f NULL). */
static void give(struct copier *cp, FILE *f, uint64_t n)
{
	size_t held = cp->mlen - cp->mstart;
	size_t k = n < held ? (size_t)n : held;
	if (k) {
		if (f)
			fwrite(cp->mem + cp->mstart, 1, k, f);
		cp->ltail = cp->mem[cp->mstart + k - 1];
		cp->mstart += k;
		n -= k;
		if (cp->mstart == cp->mlen)
			cp->mstart = cp->mlen = 0;
	}
	if (!n)
		return;
	char *tmp = NULL;
	if (f && !(tmp = malloc(MOVE_BUF)))
		pipe_out_of_memory();
	int fd = cp->spill;
	while (n) {
		size_t want = n < MOVE_BUF ? (size_t)n : MOVE_BUF;
		if (f) {
			ssize_t r = pread(fd, tmp, want, (off_t)cp->frd);
			if (r <= 0) {
				if (r < 0 && errno == EINTR)
					continue;
				copy_fail("cannot read", r < 0 ? errno : EIO);
			}
			want = (size_t)r;
			fwrite(tmp, 1, want, f);
			cp->ltail = tmp[want - 1];
		}
		cp->frd += want;
		n -= want;
	}
	free(tmp);
	if (cp->frd == cp->fwr) {
		/* nothing left in the file: its space back */
		cp->frd = cp->fwr = 0;
		if (ftruncate(fd, 0) != 0)
			copy_fail("cannot truncate", errno);
	}
}

const char *pipe_copy_term(const struct vc_pgn_game *pg, const char *declared)
{
	if (!pg || pg->result != VC_RTOK_NONE || pg->notes_only)
		return NULL;
	unsigned form;
	enum vc_rtok t = declared ? vc_result_read(declared, strlen(declared), &form) : VC_RTOK_NONE;
	return vc_rtok_word(t == VC_RTOK_NONE ? VC_RTOK_OPEN : t);
}

void pipe_copy_emit(struct copier *cp, FILE *f, uint64_t end, const char *term)
{
	if (cp->games && cp->last && cp->last != f) {
		/* the previous game's share is the last of its copy before a
		 * share that was not next to it in the input */
		put_sep(cp->last, cp->ltail != '\n' && cp->ltail != '\r', cp->lterm);
	}
	cp->games = true;
	cp->last = f;
	cp->lterm = term;
	if (end > cp->top)
		end = cp->top; /* never: a game's share is read before it ends */
	if (end > cp->base) {
		give(cp, f, end - cp->base);
		cp->base = end;
	}
}

void pipe_copy_end(struct copier *cp, bool whole)
{
	/* bytes after the last game's share (none when each game said where
	 * its share ends): the last game's, unless the run stopped */
	if (cp->top > cp->base)
		give(cp, whole && cp->games ? cp->last : NULL, cp->top - cp->base);
	/* the member's end went to cp->last: a line end is owed there if
	 * another member follows (a run stopped reads none) */
	bool eol = cp->tail != '\n' && cp->tail != '\r';
	const char *term = cp->lterm;
	FILE *end = whole && cp->games && (eol || term) ? cp->last : NULL;
	pipe_copy_begin(cp);
	cp->owed = end;
	cp->owed_eol = end && eol;
	cp->owed_term = end ? term : NULL;
}

void pipe_copy_finish(struct copier *cp, bool more)
{
	if (more)
		pay_owed(cp);
	cp->owed = NULL;
	cp->owed_eol = false;
	cp->owed_term = NULL;
}

void pipe_copy_release(struct copier *cp)
{
	free(cp->mem);
	cp->mem = NULL;
	cp->mcap = 0;
	if (cp->spill >= 0)
		close(cp->spill);
	cp->spill = -1;
}
