/* vchess - the public header of libvchess: include this one.
 *
 * The rules library of vchess: types, squares and the vc_move bits
 * (types.h), positions and FEN (position.h), the variant interface, legal
 * moves, perft and outcomes (variant.h), SAN (san.h), games with
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
 * ABI rule (libvchess(3), "ABI RULE"). The shared library's soname,
 * libvchess.so.SOMAJOR (Makefile), changes with any change that can break
 * a program built against an earlier library of that soname: an exported
 * function or object removed, renamed, or given other parameters, return
 * type or meaning; the layout (size, members, their types or order) of a
 * public struct whose members a header shows; the value of a constant or
 * enumerator programs compile in (variant ids, codes, VC_MAX_MOVES, the
 * vc_move bits). Adding functions, enumerators at the end (the _N, _NERRORS
 * and _COUNT counts are not ABI) or members of opaque structs keeps the
 * soname and raises the file's minor version. So a public struct is either
 * opaque (declared only; the library makes and frees it: struct vc_input,
 * vc_games) or frozen for the soname, whoever allocates it: values (struct
 * vc_position, vc_fen_result, vc_outcome, vc_variant), options (struct
 * vc_games_options, vc_input_options, vc_gc_options) and the state callers
 * allocate with members private by contract (struct vc_pgn_reader,
 * vc_checker, vc_report, vc_json); a new option or member comes with a new
 * soname. Every public header wraps its
 * declarations in extern "C" and `#pragma GCC visibility push(default)`:
 * the library is built with -fvisibility=hidden and exports exactly what
 * the installed headers declare (make check-exports).
 *
 * Errors: one convention for every public function.
 *   - A function that can fail returns an enum vc_code (finding.h):
 *     VC_F_OK, which is 0, on success; otherwise the code of the failure
 *     (VC_F_OUT_OF_MEMORY, VC_F_FEN_NO_KING, ...), so `if (f(...))` tests
 *     for failure. The caller gets the stable word with vc_code_word()
 *     and a short English text with vc_strerror(); vc_code_is_error()
 *     tells errors from warnings. There is no errno, no global error
 *     state and no message buffer; an object a call failed on is left as
 *     its contract says (unchanged, or released).
 *   - Functions older than this rule return 0 on success and a negative
 *     value on failure, as their headers say (vc_game_init: -1 memory);
 *     parsers with a richer status (vc_fen_parse, vc_san_parse) return
 *     their own enum, which vc_code_of_fen_status / vc_code_of_san_status
 *     turn into a code.
 *   - Predicates return bool; counts return a value >= 0; lookups return a
 *     pointer or NULL (static storage unless the header says otherwise).
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
