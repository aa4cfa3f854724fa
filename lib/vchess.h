/* vchess - the public header of libvchess: include this one.
 *
 * The rules library of vchess: positions and FEN (position.h), the variant
 * interface, legal moves, perft and outcomes (variant.h), SAN (san.h), games
 * with repetition and take-backs (game.h), and the two variants with public
 * helpers (variant_antichess.h, variant_backwards.h). Every function has its
 * contract in its header. Link with -lvchess -lpthread.
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
