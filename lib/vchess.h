/* vchess - the public header of libvchess: include this one.
 *
 * The rules library of vchess: positions and FEN (position.h), the variant
 * interface, legal moves, perft and outcomes (variant.h), SAN (san.h), games
 * with repetition and take-backs (game.h), and the two variants with public
 * helpers (variant_antichess.h, variant_backwards.h). Every function has its
 * contract in its header; the rules are those of vchess-rules(7), the API
 * in one page is libvchess(3). Installed as <vchess/vchess.h>; build with
 * `pkg-config --cflags --libs vchess` (add --static for libvchess.a).
 *
 * ABI rule (libvchess(3), "ABI RULE"). The shared library's soname,
 * libvchess.so.SOMAJOR (Makefile), changes with any change that can break
 * a program built against an earlier library of that soname: an exported
 * function or object removed, renamed, or given other parameters, return
 * type or meaning; the layout (size, members, their types or order) of a
 * public struct whose members a header shows; the value of a constant or
 * enumerator programs compile in (variant ids, codes, VC_MAX_MOVES, the
 * vc_move bits). Adding functions, enumerators at the end (the _N and
 * _NERRORS counts are not ABI) or members of opaque or versioned structs
 * keeps the soname and raises the file's minor version. So a public struct
 * is opaque (declared only; the library makes and frees it), a value type
 * frozen for the soname (struct vc_position, vc_fen_result, vc_outcome,
 * vc_variant), or versioned (an options struct filled by its _init
 * function, which may grow at the end). Every public header wraps its
 * declarations in extern "C" and `#pragma GCC visibility push(default)`:
 * the library is built with -fvisibility=hidden and exports exactly what
 * the installed headers declare (make check-exports).
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

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
