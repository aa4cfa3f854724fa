/* vchess - cutting PGN bytes into pieces at game starts, without parsing
 * them: the syntax a reader of a big input needs to hand pieces of it to
 * several PGN readers (vchess -j N, vchess(1) OPTIONS; byte ranges of a
 * file read apart).
 *
 * A piece boundary must be a place where a fresh PGN reader can start, so
 * that its records are those of one reader reading the whole stream. The
 * functions here find *candidates* by the shape of the lines only: a line
 * whose first bytes other than blanks are a `[` (a tag section's first
 * tag, as every PGN writer puts it), right after a blank line or a line
 * that ends with a result. The blanks are those the PGN reader passes over
 * between tokens: space, tab, VT, FF, a Latin-1 no-break space (0xA0) and
 * the Unicode spaces, the BOM EF BB BF among them (files joined by `cat`),
 * so that the reader and every finder here take the same lines; one
 * predicate in pgn_split.c serves them all. A candidate's place (where a
 * piece starts) is its line's start, so that a reader started there
 * counts columns as the reader of the whole stream. They do not parse, so a candidate can lie
 * inside a multi-line `{...}` comment, inside a game that has no result
 * yet, or a tag section written with a blank line inside it; whether it is
 * a real game boundary is the reader's to say: a reader that reads the
 * bytes up to a candidate and is then at rest (vc_pgn_reader_at_rest,
 * pgn.h) ends the stream there exactly as the candidate's `[` would end
 * it, and a fresh reader started at the candidate (options start_offset =
 * the candidate's offset, start_line = 1 + vc_pgn_count_lines of the bytes
 * before it) goes on with the same records. When the reader is not at
 * rest, the piece is not cut there: its reader reads on into the next.
 *
 * Line ends are LF, CR LF and a lone CR, as the PGN reader counts them
 * (pgn.h). A CR LF pair must not be split between two pieces (each piece
 * would count one line end for it): candidates never split one, and
 * vc_pgn_plain_cut moves a cut made at an arbitrary byte off one.
 *
 * The functions are pure: no allocation, no state, any thread. Buffers
 * are bytes (any values, no NUL needed); sizes are in bytes.
 */
#ifndef VC_PGN_SPLIT_H
#define VC_PGN_SPLIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* Is the `[` at buf[pos] a candidate game start's: only blanks before it
 * on its line (the reader's: space, tab, VT, FF, NBSP, a BOM, Unicode
 * spaces), and the line before is blank (empty: LF LF, LF CR LF, CR LF CR
 * LF, CR CR, LF CR; or of blanks only) or ends with a result token (`%`
 * lines passed over)? Reads buf[0, pos]; false when the
 * line before does not lie in buf: the start of a stream is the caller's
 * to treat as a start. */
bool vc_pgn_game_start_at(const char *buf, size_t pos);

/* The start of the first candidate line (vc_pgn_game_start_at: its `[`
 * follows the blanks) that starts in buf[from, to), or `to` when there is
 * none (also when from >= to). Reads buf[from - 3, to): the bytes before
 * `from` decide whether a line starts at buf[from]; a result line before
 * the candidate counts when it starts after buf[from]. */
size_t vc_pgn_next_cut(const char *buf, size_t from, size_t to);

/* The first game start in buf[0, len), a block of a stream cut anywhere,
 * by the rule of vc_pgn_line_scan below: the start of a line whose first
 * bytes but blanks are a `[` (the line starts in buf: a lead of blanks
 * that begins before buf is the block before's), after a blank line, or
 * after a line whose last token is a game result, `%` lines between
 * passed over. before[0, nbefore) are the bytes of the
 * stream just before buf (its last 3 at most are read; nbefore 0 at the
 * stream's start, where buf[0] is not a candidate: the caller's to treat
 * as a start): a blank line that ends there counts; a result line or `%`
 * line must lie in buf. Returns len when there is none. Like the other
 * candidates, one can lie inside a comment or a game: the reader of the
 * bytes before it says (vc_pgn_reader_at_rest). */
size_t vc_pgn_first_start(const char *before, size_t nbefore, const char *buf, size_t len);

/* A cut at an arbitrary byte `at` (0 < at, buf[at - 1] and buf[at]
 * readable) made safe for line counting: at - 1 when it would split a
 * CR LF pair (buf[at - 1] is CR, buf[at] is LF), else at. Used when no
 * game start is in reach; the reader of the first piece reads on. */
size_t vc_pgn_plain_cut(const char *buf, size_t at);

/* The line ends in buf[0, n), counted as the PGN reader counts them: each
 * LF, each CR LF pair once, each CR not followed by LF once (a CR at
 * buf[n - 1] counts as a lone CR: do not end a piece between CR and LF).
 * 1 + the count is the line number of buf[n]. Vectorised (SSE2, AVX2 when
 * the CPU has it): a pass costs little beside reading the bytes. */
uint64_t vc_pgn_count_lines(const char *buf, size_t n);

/* Game starts by the shape of the lines, as a reader that starts in the
 * middle of a file must find them without parsing what came before: a `[`
 * that is the first byte but blanks of a line (the rule above: its lead
 * is read a byte at a time, a `%` escapes a line only in its first
 * column) after a blank line (every PGN writer separates games
 * so) or after a line whose last token is a game result (files of games
 * joined without a blank line). Such a line can also lie inside a
 * multi-line comment: the merge's boundary check catches that. */
struct vc_pgn_line_scan {
	bool at_start;       /* the next byte starts a line, or is in its lead
	                        of blanks (tok holds a blank begun, tok_done
	                        says that the lead holds one) */
	bool prev_blank;     /* the line before was blank */
	bool prev_result;    /* ... or ended with a result token */
	bool nonblank;       /* the current line has a byte other than space/tab */
	bool after_cr;       /* the last byte was CR (a LF after it ends nothing) */
	char tok[8];         /* the current line's last token's last bytes */
	size_t ntok;
	bool tok_done;       /* space after the token: a new one starts over */
	bool escape;         /* the current line is a `%` escape line: it does
	                        not change what the line before was */
	/* The stream starts where the line before cannot be seen (a zstd
	 * frame): set by the caller with at_start and prev_blank. Until a
	 * line with content ends, a `[` found is a game start only when it
	 * opens an Event tag (every game's first tag in export format), so
	 * that a cut inside a tag section is not taken for a game start. */
	bool unsure;
	bool need_event;     /* out: the `[` just returned needs "[Event " */
};

/* Feed the next byte c of a stream to *l (zeroed at first, or set with
 * at_start and prev_blank when the stream starts after a blank line, and
 * unsure when what came before cannot be seen): true when c is the `[` of
 * a line that starts a game by the rule above (the caller knows where the
 * line started: the byte after the last line end it fed); need_event then says whether the caller
 * must also see "[Event " there. `%` escape lines between a game's end and
 * the next game are passed over. Feed the bytes
 * before a point in the middle of a file first, when they can be read, so
 * that the first line is judged by the line before it. */
bool vc_pgn_line_scan_feed(struct vc_pgn_line_scan *l, char c);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
