/* vchess - the public header of libvchess: include this one.
 *
 * The rules library of vchess: types, squares and the vc_move bits
 * (types.h), positions and FEN (position.h), the variant interface, legal
 * moves, perft and outcomes (variant.h), perft with a transposition
 * table (perft.h), SAN (san.h), games with
 * repetition and take-backs (game.h), the two variants with public helpers
 * (variant_antichess.h, variant_backwards.h), and the game level: finding
 * codes (finding.h), the record a reader delivers (record.h), clock
 * comments (clock.h), the game checker (checker.h) with Undo Chess's game
 * rules (undo.h), a game's history of plies and take-backs (history.h),
 * the adjudication verdict (verdict.h), an event's standings
 * (standings.h) and whether a side can still checkmate: dead positions and
 * time-forfeit draws (winnable.h). The bytes in and out (input layer, PGN reader, report and
 * PGN writers) are the headers of formats/, installed beside these and
 * included one by one (<vchess/pgn_checker.h>, <vchess/report.h>, ...).
 * Every function has its contract in its header; the rules are those of
 * vchess-rules(7), the API in one page is libvchess(3). Installed as
 * <vchess/vchess.h>; build with `pkg-config --cflags --libs vchess` (add
 * --static for libvchess.a).
 *
 * ABI rule (libvchess(3), "ABI RULE"). The ABI of libvchess.so.SOMAJOR
 * (Makefile) is what a program compiled against these headers depends on:
 *   - every exported function (all declared in the installed headers, and
 *     nothing else: the library is built with -fvisibility=hidden, each
 *     public header wraps its declarations in extern "C" and `#pragma GCC
 *     visibility push(default)`, make check-exports compares nm -D with
 *     the headers): its name, parameters, return type and meaning;
 *   - the two exported objects, vc_variant_backwards and vc_undo_rules
 *     (const: no exported object is writable, make check-exports), and
 *     the size of their types;
 *   - the layout (size, members, their types and order) of every struct
 *     whose members a header shows, whoever allocates it, and the bodies
 *     of the headers' static inline functions (vc_game_pos, vc_lsb, ...),
 *     which programs compile in;
 *   - the value of every constant and enumerator (variant ids, finding
 *     codes, statuses, VC_MAX_MOVES, the vc_move bits, flags). Numbers are
 *     fixed for a soname only: data that outlives a program stores the
 *     words (vc_code_word, variant names), never the numbers.
 * Not ABI: whatever no installed header shows: the attack tables, magic
 * factors and Zobrist keys (read through vc_rook_attacks, vc_zobrist_piece
 * and the other functions of position.h), the speed hooks, the *_internal.h
 * headers; and the counts at the end of enums (the _N, _NERRORS and _COUNT
 * values), which grow.
 * The soname's number goes up with any change to that ABI that can break
 * a program built against an earlier library of the soname: a function or
 * object removed or renamed, other parameters, return type or meaning,
 * other return values for arguments its contract accepts (a defined answer
 * where there was none, such as an error for an unknown variant id, breaks
 * nothing), a struct's layout, a value renumbered.
 * Adding a function, an enumerator at the end of its enum, or a member of
 * an opaque struct keeps the soname and raises the minor number of the
 * file (libvchess.so.0.1.0 -> 0.2.0). Hence a public struct is either
 * opaque (declared only; made and freed by the library: struct vc_input,
 * vc_games, vc_pgnfix) or frozen for the soname: values and records (struct
 * vc_position, vc_fen_result, vc_outcome, vc_variant, vc_san_info,
 * vc_gc_game, vc_verdict, ...), options (struct vc_gc_options,
 * vc_games_options, vc_input_options, vc_pgn_options, vc_report_options,
 * ...) and the state a caller allocates, whose members are private by
 * contract (struct vc_game, vc_judge, vc_checker, vc_history,
 * vc_standings, vc_pgn_reader, vc_report, vc_json, ...); a new member or
 * option in any of them comes with a new soname.
 * The rule binds from the first release (a git tag v0.1.0 or later, and
 * the version in VC_VERSION): until then the 0.1.0 development line
 * changes freely under soname 0, as it did while the engine moved into
 * the library.
 *
 * Errors: one convention for every public function.
 *   - A function that can fail returns an enum vc_code (finding.h):
 *     VC_F_OK, which is 0, on success; otherwise the code of the failure
 *     (VC_F_OUT_OF_MEMORY, VC_F_ILLEGAL_MOVE, VC_F_INVALID_ARGUMENT for an
 *     argument outside the contract, ...), so `if (f(...))` tests for
 *     failure (vc_play, vc_judge_init, vc_checker_init, ...). The caller
 *     gets the stable word with vc_code_word() and a short English text
 *     with vc_strerror(); vc_code_is_error() tells errors from warnings.
 *     There is no errno, no global error state and no message buffer; an
 *     object a call failed on is left as its contract says (unchanged, or
 *     released).
 *   - Functions older than this rule return 0 on success and a negative
 *     value on failure, as their headers say (vc_game_init: -1 memory, -2
 *     unknown variant; vc_startpos); `if (f(...))` tests them alike.
 *     Parsers with a richer status (vc_fen_parse, vc_san_parse,
 *     vc_parse_move_at) return their own enum, which vc_code_of_fen_status
 *     / vc_code_of_san_status turn into a code.
 *   - Predicates return bool; counts return a value >= 0 (-1 or a named
 *     sentinel such as VC_PERFT_ERROR on an argument outside the
 *     contract); lookups return a pointer or NULL (static storage unless
 *     the header says otherwise); a function that writes text into the
 *     caller's buffer returns that buffer, or NULL with "" in it when it
 *     cannot (vc_san_write, vc_move_text on an unknown variant id).
 *     Functions whose answer has no room for an error (vc_position_outcome,
 *     vc_timeout_draw, vc_san_check_suffix) give the neutral answer their
 *     header names (nothing decided, no draw, no warning).
 *   - Inputs are checked where they enter: an unknown variant id, a NULL
 *     position, a square outside 0..63, a colour other than VC_WHITE/
 *     VC_BLACK or an illegal move is an error (or the neutral answer),
 *     never undefined behaviour. A position's board is trusted: one built
 *     or edited by hand (vc_put_piece, vc_remove_piece, writing the
 *     struct) must keep the invariants position.h lists, or go through
 *     vc_fen_parse, which checks them.
 *     The exceptions are the few unchecked fast calls whose headers say so
 *     (vc_make_move, vc_make_chess, vc_gen_legal_chess,
 *     vc_variant_outcome): their precondition is a position the library
 *     made (vc_fen_parse, vc_startpos, vc_play, a make), which always has
 *     a registered variant id; vc_play is the checked make.
 *   - The checker's record API returns an enum vc_action (record.h) for
 *     the reader; what it finds in a game is recorded as findings (struct
 *     vc_finding: code, location, ply, message), never returned as an
 *     error: an invalid game is a result, not a failure.
 */
#ifndef VCHESS_H
#define VCHESS_H

#include "types.h"
#include "position.h"
#include "variant.h"
#include "perft.h"
#include "san.h"
#include "game.h"
#include "variant_antichess.h"
#include "variant_backwards.h"
#include "finding.h"
#include "record.h"
#include "clock.h"
#include "checker.h"
#include "undo.h"
#include "history.h"
#include "verdict.h"
#include "standings.h"
#include "winnable.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
