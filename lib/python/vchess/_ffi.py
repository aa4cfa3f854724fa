"""The C side of the vchess module: libvchess.so.0 through cffi in ABI mode.

No compiler is needed: the declarations below are those of the installed
headers (include/vchess/*.h) that the module calls, and the shared library
is opened at import time. They follow libvchess's ABI rule (libvchess(3)):
within soname libvchess.so.0 no function changes and no public struct's
layout changes, so these declarations stay valid for every libvchess.so.0.

The library is looked up in this order: the VCHESS_LIBRARY environment
variable (a path), the path `make install` wrote into vchess/_libpath.py
(where the library was installed), then the soname through the dynamic
linker's search path.
"""
import os

from cffi import FFI

ffi = FFI()
ffi.cdef("""
typedef uint64_t vc_bb;
typedef uint32_t vc_move;

/* position.h: a plain value type, copied with '=' */
struct vc_position {
    vc_bb by_color[2];
    vc_bb by_type[7];
    uint8_t board[64];
    uint8_t side;
    uint8_t ep;
    uint8_t variant;
    uint8_t pad_;
    vc_bb castle;
    uint32_t halfmove;
    uint32_t fullmove;
    uint64_t key;
};

/* status is enum vc_fen_status (VC_FEN_OK = 0) */
struct vc_fen_result {
    int status;
    unsigned warnings;
    int column;
    const char *rest;
};

/* variant.h: the module reads only the id and the name, the first
 * members (declared alone: a prefix of the installed struct;
 * tests/test_vchess.py checks their offsets) */
struct vc_variant {
    int id;
    const char *name;
};

void vc_init(void);
int vc_fen_parse(struct vc_position *pos, const char *fen, int variant,
                 struct vc_fen_result *res);
const char *vc_fen_strerror(int st);
const char *vc_fen_code(int st);
const struct vc_variant *vc_variant_find(const char *name, bool *unsupported);
const struct vc_variant *vc_variant_get(int id);
int vc_legal_moves(const struct vc_position *pos, vc_move *out);
uint64_t vc_perft(const struct vc_position *pos, int depth);
/* input.h, games.h: the pull API (one JSON record per game) */
struct vc_input_options {
    uint64_t max_ratio;
    uint64_t ratio_floor;
    uint64_t max_output;
    int range_unit;
    uint64_t range_start, range_end;
};
struct vc_input_error {
    int kind;
    int sys_errno;
    uint64_t offset;
    char message[256];
};
struct vc_games_options {
    const struct vc_variant *variant;
    int rules;
    bool strict;
    bool shredder;
    bool adjudicate;
    struct vc_input_options input;
};
struct vc_games;
void vc_games_options_init(struct vc_games_options *opt);
int vc_games_open(struct vc_games **out, const char *path,
                  const struct vc_games_options *opt, struct vc_input_error *err);
int vc_games_next(struct vc_games *g, const char **json, size_t *len);
const struct vc_input_error *vc_games_error(const struct vc_games *g);
void vc_games_close(struct vc_games *g);
int vc_input_errkind_code(int kind);
/* finding.h */
const char *vc_code_word(int code);
const char *vc_strerror(int code);
char *vc_move_text(const struct vc_position *pos, vc_move m, int notation,
                   char *buf, size_t size);
/* variant.h: the unchecked make (a witness's moves are legal: the
 * library replayed them) */
void vc_make_move(struct vc_position *pos, vc_move m);
/* winnable.h: can the intended winner still checkmate? answer is enum
 * vc_winnable_answer (0 undetermined, 1 winnable, 2 unwinnable) */
struct vc_winnable_result {
    int answer;
    uint64_t nodes;
    int nwitness;
    vc_move witness[128];
};
struct vc_winnable_ws;
int vc_winnable_ws_new(struct vc_winnable_ws **out);
void vc_winnable_ws_free(struct vc_winnable_ws *ws);
int vc_winnable_quick(struct vc_winnable_ws *ws, const struct vc_position *pos, int winner);
int vc_winnable(struct vc_winnable_ws *ws, const struct vc_position *pos, int winner,
                uint64_t budget, struct vc_winnable_result *out);
const char *vc_winnable_word(int a);
""")

# position.h: VC_FEN_SYNTAX of enum vc_fen_status.
FEN_SYNTAX = 1
# types.h: VC_MAX_MOVES, the room every move list needs.
MAX_MOVES = 1024
# variant.h: VC_MOVE_TEXT_MAX, and VC_NOTATION_SAN/UCI of enum vc_notation.
MOVE_TEXT = 64
NOTATION_SAN = 0
NOTATION_UCI = 1
# variant.h: VC_PERFT_MAX_DEPTH.
PERFT_MAX_DEPTH = 64
SONAME = "libvchess.so.0"


def _candidates():
    env = os.environ.get("VCHESS_LIBRARY")
    if env:
        yield env
    try:
        from ._libpath import LIBRARY
    except ImportError:  # a source tree, not an installed copy
        LIBRARY = None
    if LIBRARY and os.path.exists(LIBRARY):
        yield LIBRARY
    yield SONAME


def _open():
    errors = []
    for path in _candidates():
        try:
            return ffi.dlopen(path), path
        except OSError as e:
            errors.append("%s: %s" % (path, e))
    raise ImportError("vchess: cannot load libvchess (" + "; ".join(errors) + ")")


lib, library_path = _open()
