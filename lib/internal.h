/* vchess - library-internal declarations (not installed). */
#ifndef VC_INTERNAL_H
#define VC_INTERNAL_H

#include "types.h"

/* Zobrist keys, filled once by vc_init(); read-only afterwards. */
extern uint64_t vc_zob_piece_[16][64];
extern uint64_t vc_zob_castle_[64];
extern uint64_t vc_zob_ep_[8];
extern uint64_t vc_zob_side_;

#endif
