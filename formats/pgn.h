/* vchess - streaming, syntax-only PGN reader.
 *
 * Reads PGN (PGN Standard 1994, section 8, plus the habits of real files,
 * vchess(1) DESCRIPTION) from a caller-supplied read callback and reports
 * what it finds to a visitor: tags, move tokens, NAGs, comments,
 * variations, results, game boundaries, errors and warnings. It knows
 * syntax, not chess: a move token is passed on as text (SAN, UCI, `undo`,
 * Backwards Stalemate Chess tokens such as `ke8f7xN`, the null move `--`)
 * for a later layer to check against the rules.
 *
 * Memory stays flat however large the input: one read buffer (64 KiB by
 * default), token buffers bounded by the limits below and, when asked for,
 * a copy of the current game's bytes bounded by `limits.raw`. Nothing is
 * allocated per token. Strings passed to the visitor are borrowed: valid
 * only during the call, NUL-terminated, valid UTF-8 (bytes that are not
 * UTF-8 are decoded as Latin-1, with warning `encoding-latin1` once per
 * game). Tag values and comments may contain NUL bytes; their lengths are
 * given.
 *
 * Positions: every callback gets a struct vc_loc: `line` counts from 1
 * (LF, CR LF and lone CR each end a line), `column` counts bytes from 1
 * (a UTF-8 BOM at the start of the stream is not counted), `offset` counts
 * bytes from 0 from the start of the stream, BOM included, so a caller can
 * seek to it.
 *
 * Game boundaries. A game starts at its first token (a tag, a comment, a
 * move, a move number, a result, even a garbage byte; a comment before the
 * first tag section joins the first game; an input of comments and NAGs
 * alone is no game: game->notes_only). It ends:
 *   - at a `[Name` tag start after movetext (games without a blank line
 *     between them, or without a result);
 *   - at any token other than a comment or NAG after its result (a comment
 *     after the result still belongs to the game; `1-0 1-0` is two games);
 *   - in a tag section without movetext, at a tag after a blank line whose
 *     name the game already has (files of tag-only games); a new tag name
 *     after a blank line stays in the same game, as ChessBase writes it;
 *   - at the end of the input.
 * Blank lines inside movetext are whitespace (they do not end a game: a
 * forfeit game may be `{comment}`, blank line, `0-1`). A game without a
 * result token gets warning `missing-result`. Bytes that are not PGN after
 * a result (`1-0 </p>`) are a broken game of their own. Every game gets
 * exactly one begin_game and one end_game call, broken games too.
 *
 * Errors. After an error (except `limit-comment`) the reader skips the rest
 * of the game: it still finds the game's end (comments, tags and variations
 * are still lexed so that the next game is found where it starts) but makes
 * no further calls for that game other than end_game. A callback may ask
 * for the same (VC_SKIP), e.g. after an illegal move. An error inside a
 * tag section (a broken tag, `[Event "x"]<br>`) also skips the rest of its
 * line, so that the game's next tag lines do not look like a new game.
 *
 * Lenient by design (each documented where it happens): `0-0` castling and
 * `e8(Q)` promotions pass as move text; `e.p.` after a capture and dots
 * after a move (`e4.`) are dropped; a bare `12` counts as a move number;
 * textual evaluations (`+-`, `=`) and Unicode glyphs (`±`) are NAGs;
 * Unicode spaces are whitespace; ChessBase forfeits `+--`/`--+` and `1/2`
 * are results (warning nonstandard-notation).
 */
#ifndef VC_PGN_H
#define VC_PGN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "finding.h" /* enum vc_code: the reader's findings */
#include "record.h"  /* struct vc_loc, struct vc_move_token, enum vc_rtok,
                        enum vc_action: what the visitor is told */

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* ---- Findings -----------------------------------------------------------
 * Codes of the library's one finding enum (lib/finding.h), with their
 * stable kebab-case words (vc_code_word); messages may change.
 *
 * Errors (the game is invalid; the reader skips the rest of the game unless
 * noted):
 *   pgn-syntax             a byte or token that is not PGN: control bytes,
 *                          invalid UTF-8 in movetext, a stray `]`, `}` or
 *                          `"`, `%` not in column 1, a `[` not followed by a
 *                          tag name (within 64 blanks), a tag without a
 *                          quoted value, a token starting with a digit that
 *                          is no move number, result or castling (`12-3`).
 *   unterminated-comment   `{` without `}` before the end of the input.
 *   unterminated-tag       a line end or the end of input inside `[...]`,
 *                          or a tag whose closing `]` is missing.
 *   unbalanced-variation   `)` without `(`, or the game ends inside a
 *                          variation (reported at the game's end).
 *   limit-tag-name         tag name longer than limits.tag_name.
 *   limit-tag-value        tag value longer than limits.tag_value.
 *   limit-comment          comment longer than limits.comment: the rest of
 *                          the comment is skipped and NOT delivered, reading
 *                          goes on normally (no skip; the caller may return
 *                          VC_SKIP).
 *   limit-variation-depth  more than limits.depth nested `(`.
 *   limit-plies            more than limits.plies main-line moves.
 *   limit-tags             more than limits.tags tags in one game.
 *   limit-token            a move-like token longer than limits.token.
 *   read-error             the read callback reported an I/O error; the
 *                          reader ends the current game and stops. A token
 *                          the failure cut short is not judged; a game
 *                          whose result was read is ended first and the
 *                          error comes between games.
 *   out-of-memory          a buffer could not grow (within the limits).
 * Warnings (the game stays valid as far as syntax goes):
 *   missing-result         no result token (`1-0 0-1 1/2-1/2 *`) at the
 *                          end of the game's main line.
 *   encoding-latin1        bytes that are not UTF-8 in a tag value or
 *                          comment were decoded as Latin-1 (once a game).
 *   nonstandard-notation   a token written with Unicode (figurines, `½`,
 *                          dashes such as U+2013) or the result `1/2` was
 *                          normalised to ASCII before delivery (once a game).
 *   result-in-variation    a result token inside a variation; ignored.
 *   bad-nag                a NAG above $255 or an annotation like `!!!`;
 *                          ignored.
 *   limit-raw              (keep_raw only) the game's original bytes
 *                          exceed limits.raw; the copy given at end_game
 *                          holds only the first limits.raw bytes
 *                          (game->raw_truncated). copy_end is exact
 *                          whatever the size: a copier that cuts the
 *                          input itself at it never meets this limit.
 * `null-move` and all rules findings belong to the caller.
 */
/* The reader reports codes VC_F_PGN_SYNTAX..VC_F_OUT_OF_MEMORY (errors)
 * and VC_F_MISSING_RESULT..VC_F_LIMIT_RAW (warnings); vc_code_is_error
 * tells them apart. */

/* ---- Limits ---------------------------------------------------------------
 * Each zero field means the default in brackets. Exceeding one is the error
 * named above, never a crash, a hang or unbounded memory.
 *   tag_name   [255 bytes]        longest tag name
 *   tag_value  [65536 bytes]      longest tag value (after unescaping)
 *   comment    [1048576 bytes]    longest comment, `{...}` or `;...`
 *   token      [255 bytes]        longest move-like token
 *   depth      [256]              deepest variation nesting
 *   plies      [20000]            main-line moves per game (the longest
 *                                 possible game under FIDE rules has
 *                                 fewer than 12000 plies)
 *   tags       [1000]             tags per game
 *   raw        [16777216 bytes]   copy of a game's original bytes
 *                                 (options.keep_raw), warning limit-raw
 */
struct vc_pgn_limits {
	size_t tag_name;
	size_t tag_value;
	size_t comment;
	size_t token;
	unsigned depth;
	unsigned long plies;
	unsigned long tags;
	size_t raw;
};

#define VC_PGN_DEFAULT_TAG_NAME 255u
#define VC_PGN_DEFAULT_TAG_VALUE 65536u
#define VC_PGN_DEFAULT_COMMENT 1048576u
#define VC_PGN_DEFAULT_TOKEN 255u
#define VC_PGN_DEFAULT_DEPTH 256u
#define VC_PGN_DEFAULT_PLIES 20000ul
#define VC_PGN_DEFAULT_TAGS 1000ul
#define VC_PGN_DEFAULT_RAW 16777216u
#define VC_PGN_DEFAULT_BUFFER 65536u

struct vc_pgn_options {
	struct vc_pgn_limits limits;
	/* Keep a copy of each game's original bytes for end_game, up to
	 * limits.raw (game->raw). Off: no copy is made. (validate's copies
	 * are cut from the input at copy_end instead, with no limit.) */
	bool keep_raw;
	/* Read buffer size in bytes; 0 = VC_PGN_DEFAULT_BUFFER. Any size >= 1
	 * works (tests use tiny ones to cross refill boundaries). */
	size_t buffer_size;
	/* When not 0: deliver only the comments that contain this byte, e.g.
	 * '%' for comments carrying commands such as [%clk 0:02:57]; the others
	 * are skipped as if there were no comment callback (engine output in
	 * comments costs nothing to a reader that only wants clocks). */
	char comment_marker;
	/* Where the bytes the read callback delivers begin in the stream: their
	 * first byte is at offset start_offset and starts line start_line (0 =
	 * line 1). For readers that start inside a file at a line start, e.g.
	 * parallel validation reading a chunk of it; positions reported are then
	 * those of the whole stream. A BOM is recognised at offset 0 only. */
	uint64_t start_offset;
	uint64_t start_line;
};

/* ---- Input -----------------------------------------------------------------
 * The read callback fills buf with at most n (>= 1) bytes and returns how
 * many; it may return fewer than n at any time. It returns 0 at the end of
 * the input and VC_PGN_READ_ERROR on an I/O error (error `read-error`; the
 * reader ends the current game and vc_pgn_read returns VC_PGN_IO_ERROR).
 * After 0 or VC_PGN_READ_ERROR it is not called again. */
typedef size_t (*vc_pgn_read_fn)(void *ctx, char *buf, size_t n);
#define VC_PGN_READ_ERROR ((size_t)-1)

/* Zero-copy input (vc_pgn_reader_init_borrow): the callback sets *data to
 * its next bytes and returns how many (>= 1); they must stay valid and
 * unchanged until its next call or vc_pgn_reader_release. It returns 0 at
 * the end of the input and VC_PGN_READ_ERROR on an I/O error, as a read
 * callback does. */
typedef size_t (*vc_pgn_borrow_fn)(void *ctx, const char **data);

/* A read callback over a stdio stream (ctx is a FILE *); ferror() gives
 * VC_PGN_READ_ERROR. */
size_t vc_pgn_stdio_read(void *ctx, char *buf, size_t n);

/* ---- What the visitor is told ---------------------------------------------- */

/* Locations are struct vc_loc (record.h); result tokens enum vc_rtok. */

/* A move-like token (struct vc_move_token, record.h: text, len, loc, the
 * move number and dots written before it, depth, main-line ply). `text`
 * is ASCII: letters, digits and `-+#=@/:`, plus a promotion written
 * `e8(Q)`, as in the input (Unicode figurines and dashes are normalised,
 * warning nonstandard-notation). Suffix annotations (`!`, `?!`, ...) are
 * split off and reported as NAGs after the move; check marks `+`/`#` stay
 * in the text; trailing dots (`e4.`) are dropped. A number is used by one
 * move only. */

/* The game being read. Valid at begin_game, end_game and (through
 * vc_pgn_reader_game) during every callback of the game. */
struct vc_pgn_game {
	uint64_t index;          /* from 1 within this reader's input */
	struct vc_loc start; /* first byte of the game's first token */
	/* One past the last byte of the game's last token, and where that
	 * byte is; final at end_game. Whitespace, `%` lines and comments
	 * before the next game belong to no game, except a comment directly
	 * after the result. */
	struct vc_loc end;
	/* keep_raw: the original bytes [start.offset, end.offset), unchanged
	 * (CR LF stays CR LF, no BOM); a copier writes them and a line end.
	 * NULL / 0 without keep_raw; only at end_game. Not NUL-terminated. */
	const char *raw;
	size_t raw_len;
	bool raw_truncated;      /* raw holds only a prefix, maybe empty
	                            (warning limit-raw) */
	/* One past the game's share of the input: the bytes a copy of the
	 * game holds (vchess-validate(1) --valid-out) are those from the
	 * previous game's copy_end (the first game's: the start of the input)
	 * up to here. It is the end of the game's last token, moved past the
	 * blanks (space, tab) and the one line end (LF, CR LF, CR) that
	 * directly follow it, if they do; so blank lines, `%` lines and
	 * other bytes between games go with the game after them. The last
	 * game of the input takes every byte up to the end of the input (or
	 * up to the read error: every byte read): its copy_end is the
	 * input's length plus start_offset, unless the input ends at a cut
	 * (vc_pgn_reader_cut). Final at end_game; with or without keep_raw. */
	uint64_t copy_end;
	const char *eol;         /* first line end seen in the game: "\n",
	                            "\r\n" or "\r"; "\n" when none */
	unsigned long plies;     /* main-line moves delivered so far */
	unsigned long tags;      /* tags seen */
	unsigned long errors;    /* errors reported for this game */
	unsigned long warnings;  /* warnings reported for this game */
	enum vc_code first_error; /* VC_F_OK when none */
	enum vc_rtok result;    /* the main-line result token */
	bool skipped;            /* part of the game was skipped (an error or
	                            a callback's VC_SKIP) */
	/* No game: the input (a file, an archive member) held nothing but
	 * comments and NAGs, whitespace and `%` lines aside, and no error
	 * (a file of one `{comment}`). It still gets its begin_game and
	 * end_game, without warning missing-result; a caller counts no
	 * game for it (the checker makes no record: pgn_checker.h), as
	 * pgn-extract counts none. Final at end_game. */
	bool notes_only;
};

/* What a callback returns: enum vc_action (record.h). VC_CONTINUE;
 * VC_SKIP: skip the rest of this game, no more calls for it but end_game,
 * the reader resynchronises at the next game; VC_STOP: stop reading,
 * vc_pgn_read returns VC_PGN_STOPPED at once, the open game gets no
 * end_game (unless STOP came from end_game itself). */

/* The visitor: every pointer may be NULL (= ignore, returns CONTINUE).
 * `user` is passed back unchanged. All strings are borrowed. */
struct vc_pgn_visitor {
	void *user;
	int (*begin_game)(void *user, const struct vc_pgn_game *game);
	/* name: ASCII [A-Za-z0-9_+#=:.-]; value unescaped (\" and \\). */
	int (*tag)(void *user, const char *name, const char *value,
	           size_t value_len, const struct vc_loc *loc);
	int (*move)(void *user, const struct vc_move_token *move);
	/* $n (0..255), or a suffix annotation: ! $1, ? $2, !! $3, ?? $4,
	 * !? $5, ?! $6; or a textual evaluation: = $10, += / +/= $14,
	 * =+ / =/+ $15, +/- $16, -/+ $17, +- $18, -+ $19. */
	int (*nag)(void *user, int nag, const struct vc_loc *loc);
	/* The text between `{` and `}` (or after `;` to the line end), line
	 * ends written as "\n". Not called when the comment exceeds
	 * limits.comment. Without this callback comments are skipped unread. */
	int (*comment)(void *user, const char *text, size_t len,
	               const struct vc_loc *loc);
	/* depth: of the variation opened (1 for a variation of the main line)
	 * or closed. */
	int (*begin_variation)(void *user, unsigned depth,
	                       const struct vc_loc *loc);
	int (*end_variation)(void *user, unsigned depth,
	                     const struct vc_loc *loc);
	/* text as written ("1-0", "0-1", "1/2-1/2", "*"; lenient forms are
	 * normalised, warning nonstandard-notation). */
	int (*result)(void *user, const char *text, enum vc_rtok result,
	              const struct vc_loc *loc);
	int (*end_game)(void *user, const struct vc_pgn_game *game);
	/* A finding in the current game (see the codes above). A read-error
	 * between games comes with vc_pgn_reader_game() == NULL. */
	int (*error)(void *user, enum vc_code code, const char *message,
	             const struct vc_loc *loc);
	int (*warning)(void *user, enum vc_code code, const char *message,
	               const struct vc_loc *loc);
};

/* ---- The reader -------------------------------------------------------------
 * Allocate it anywhere (stack is fine); its fields are private. */
struct vc_pgn_reader {
	/* input */
	vc_pgn_read_fn read;
	vc_pgn_borrow_fn borrow;    /* instead of read: no copy */
	void *read_ctx;
	struct vc_pgn_visitor vis;
	struct vc_pgn_limits lim;
	bool keep_raw;
	char comment_marker;
	unsigned char *buf;          /* the bytes being read: buf_mem or borrowed */
	unsigned char *buf_mem;      /* the read buffer (not with borrow) */
	size_t buf_size, pos, len;
	uint64_t buf_off;           /* stream offset of buf[0] */
	bool eof, io_error, stopped, brk, done, one, in_end;
	/* position */
	uint64_t line, line_start, cr_end, eol_cr;
	bool line_has_token, blank_seen, eol_set;
	/* lexer */
	int ls;                     /* lexer state */
	unsigned tag_blanks;
	struct vc_loc tok_loc;  /* where the current token began */
	unsigned char *tok;         /* word or tag name */
	size_t tok_len;
	bool tok_over;
	unsigned char *val;         /* tag value or comment */
	size_t val_len, val_cap, val_quote;
	bool val_over, val_collect, val_nomem;
	bool val_lazy; /* a comment not yet begun to be read (comment_begin) */
	unsigned char *conv;        /* normalised or Latin-1-decoded text */
	size_t conv_cap, conv_max;
	unsigned char u8[4];
	unsigned u8_len, u8_need;
	unsigned long nag_val;
	unsigned nag_digits;
	char annot[4];
	unsigned annot_len;
	struct vc_loc paren_loc;
	unsigned char paren_piece;
	/* game */
	int phase;
	bool skipping, pending, warned_latin1, warned_nonstd;
	struct vc_loc pend_loc;
	struct vc_pgn_game game;
	uint64_t ngames;
	uint64_t depth;
	unsigned long num_value;
	unsigned num_dots;
	bool num_pending;
	uint64_t *tag_hash;         /* names of this game's tags */
	size_t tag_hash_cap;
	unsigned long ntag_hash;
	uint64_t cur_hash;
	struct vc_loc last_end;
	/* raw copy of the current game */
	unsigned char *raw;
	size_t raw_len, raw_cap;
	uint64_t raw_base, raw_total; /* stream offset of raw[0]; bytes seen */
	bool raw_on, raw_full;
	size_t raw_from;            /* buf index not yet copied */
	unsigned char *tail;        /* last bytes seen while raw is full */
	size_t tail_len, tail_cap;
	/* where the last game's share of the input ends (split_scan) */
	uint64_t sp_off, sp_at;
	int sp_state;
	bool at_end, cut;
	char msg[160];
};

/* Status of vc_pgn_read / vc_pgn_read_game. */
enum vc_pgn_status {
	VC_PGN_DONE = 0,     /* end of input reached, every game ended */
	VC_PGN_GAME = 1,     /* vc_pgn_read_game: one game ended, more may follow */
	VC_PGN_STOPPED = 2,  /* a callback returned VC_STOP */
	VC_PGN_IO_ERROR = -1,/* the read callback failed (reported as read-error) */
	VC_PGN_NOMEM = -2    /* vc_pgn_reader_init could not allocate */
};

/* Prepares r to read from `read(read_ctx, ...)`. The visitor is copied;
 * opt may be NULL (defaults). Allocates the read buffer and small token
 * buffers; more memory is taken only as tokens need it, within the limits.
 * Returns 0, or VC_PGN_NOMEM (r is then released already). */
int vc_pgn_reader_init(struct vc_pgn_reader *r, vc_pgn_read_fn read,
                       void *read_ctx, const struct vc_pgn_visitor *visitor,
                       const struct vc_pgn_options *opt);

/* The same for a zero-copy input: the reader lexes the bytes the borrow
 * callback lends it where they are, with no read buffer (buffer_size is
 * not used). */
int vc_pgn_reader_init_borrow(struct vc_pgn_reader *r, vc_pgn_borrow_fn borrow,
                              void *ctx, const struct vc_pgn_visitor *visitor,
                              const struct vc_pgn_options *opt);

/* Frees what r holds; r may be read again only after a new init. Accepts
 * a reader whose init failed, or one zeroed with memset. */
void vc_pgn_reader_release(struct vc_pgn_reader *r);

/* Reads to the end of the input, calling the visitor. Returns VC_PGN_DONE,
 * VC_PGN_STOPPED or VC_PGN_IO_ERROR. Calling it again after DONE returns
 * DONE with no calls. */
int vc_pgn_read(struct vc_pgn_reader *r);

/* Like vc_pgn_read but returns VC_PGN_GAME right after a game's end_game
 * (the next game's begin_game may already have been called when the next
 * game's first token ended the previous one); call again to go on.
 * VC_PGN_DONE once the input is exhausted (its last end_game included). */
int vc_pgn_read_game(struct vc_pgn_reader *r);

/* Is the reader at rest: every byte it was given consumed, between tokens
 * (not inside a comment, tag, word, `%` line or pending game start), and
 * either no game open or only one whose main-line result has been read?
 * Then, if the next byte of the input is a `[` that starts a line, the
 * reader goes on exactly as a fresh reader whose input starts at that byte
 * (options start_offset/start_line) would, apart from game indexes: the
 * open game ends there the same whether the `[` or the end of the input
 * comes next. Meant for a read callback (the reader asks for more bytes only
 * once it has consumed all it holds), to decide whether the input can be
 * cut there; one that cuts says so with vc_pgn_reader_cut, so that the
 * open game's copy_end is where the `[` would put it. False after a read
 * error or a STOP. */
bool vc_pgn_reader_at_rest(const struct vc_pgn_reader *r);

/* For a read or borrow callback that ends its input at a cut (the input
 * goes on in another reader, vc_pgn_reader_at_rest having said it may be
 * cut there): call it before returning 0. The last game's copy_end is
 * then where it would be had the next game followed (the end of its last
 * token and the line end after it), not the end of the input, so that
 * the pieces' games have the copy_end the whole input's would. */
void vc_pgn_reader_cut(struct vc_pgn_reader *r);

/* The game being read, or NULL between games. For use inside callbacks. */
const struct vc_pgn_game *vc_pgn_reader_game(const struct vc_pgn_reader *r);

/* Convenience for tests and fuzzers: reads the len bytes at data (any
 * bytes; need not be NUL-terminated) with a fresh reader. Returns like
 * vc_pgn_read, or VC_PGN_NOMEM. */
int vc_pgn_parse_memory(const void *data, size_t len,
                        const struct vc_pgn_visitor *visitor,
                        const struct vc_pgn_options *opt);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
