"""vchess - chess variant rules from Python, over the shared libvchess.

The module calls libvchess.so.0 (the library `make install` installed,
see vchess._ffi) through cffi in ABI mode: no compiler is needed.

    >>> import vchess
    >>> vchess.perft("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3)
    8902
    >>> vchess.legal_moves("7k/8/8/8/8/8/8/K7 w - - 0 1")
    ['a1a2', 'a1b1', 'a1b2']

Variants are named as `vchess variants` lists them ("standard", "chess960",
"antichess", "undo", "backwards") or by a PGN Variant tag value
("Chess960", "Giveaway", ...). The rules are those of vchess-rules(7).

validate(path) and adjudicate(path) are generators: one dict per game (or
EPD/FEN position line), the record `vchess validate --format jsonl` (or
`vchess adjudicate --format jsonl`) prints for it, read one game at a time
(flat memory on any file; compressed files and archives are opened by
content):

    >>> for game in vchess.validate("games.pgn.gz"):
    ...     if not game["valid"]:
    ...         print(game["index"], game["errors"][0]["code"])

winnable(fen) decides whether the intended winner can still checkmate by
some series of legal moves (FIDE 5.2.2 dead positions, 6.9 time forfeits;
vchess-winnable(1)), as `vchess winnable --format jsonl` does:

    >>> vchess.winnable("8/8/8/3k4/8/3K4/3N4/8 b - - 0 1")["answer"]
    'unwinnable'
    >>> vchess.winnable("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", winner="white")["witness"]["uci"]
    ['a1a8']

Errors raise vchess.Error, whose .code is the stable finding word of the
CLI's reports ("fen-no-king", "unknown-variant", "cannot-open", ...). An
invalid game is a record, not an error.
"""
import json
import os
import threading

from ._ffi import (FEN_SYNTAX, MAX_MOVES, MOVE_TEXT, NOTATION_SAN, NOTATION_UCI,
                   PERFT_MAX_DEPTH, ffi, lib, library_path)

__all__ = ["Error", "perft", "legal_moves", "validate", "adjudicate", "winnable",
           "winnable_quick", "library_path"]
__version__ = "0.1.0"


class Error(Exception):
    """An input libvchess rejects. .code is the finding word
    ("fen-syntax", "fen-no-king", "unknown-variant", ...), .message the
    text the CLI prints for it."""

    def __init__(self, code, message):
        super().__init__("%s: %s" % (code, message))
        self.code = code
        self.message = message


def _text(s):
    return ffi.string(s).decode("utf-8")


def _variant(name):
    """The variant's id for its vchess name or PGN tag alias."""
    return _variant_struct(name).id


def _variant_struct(name):
    """The variant (struct vc_variant *) of a vchess name or tag alias."""
    unsupported = ffi.new("bool *")
    v = lib.vc_variant_find(str(name).encode("utf-8"), unsupported)
    if v == ffi.NULL:
        if unsupported[0]:
            raise Error("unsupported-variant",
                        "variant '%s' is not supported by vchess" % name)
        raise Error("unknown-variant", "unknown variant '%s'" % name)
    return v


def _position(fen, variant):
    """Parse fen for the variant; raises Error on an invalid FEN."""
    if not isinstance(fen, str):
        raise TypeError("fen must be a str")
    pos = ffi.new("struct vc_position *")
    res = ffi.new("struct vc_fen_result *")
    data = fen.encode("utf-8")
    if b"\0" in data:
        raise Error(_text(lib.vc_fen_code(FEN_SYNTAX)),
                    _text(lib.vc_fen_strerror(FEN_SYNTAX)))
    status = lib.vc_fen_parse(pos, data, _variant("standard" if variant is None else variant), res)
    if status != 0:
        raise Error(_text(lib.vc_fen_code(status)),
                    _text(lib.vc_fen_strerror(status)))
    if res.rest != ffi.NULL and ffi.string(res.rest).strip(b" \t"):
        # as `vchess perft` says of a FEN argument with more after it
        raise Error("fen-trailing-text", "text after the FEN fields")
    return pos


def perft(fen, depth, variant="standard"):
    """The number of move paths of `depth` plies from the position `fen`
    (leaf nodes; perft(fen, 0) is 1), as `vchess perft` counts them.
    A FEN whose castling field needs Chess960 is read as Chess960 in
    standard chess, as the CLI does. Raises Error for an invalid FEN (text
    after its fields included) or an unknown variant, TypeError for a
    depth that is not an int, ValueError for one outside 0..64."""
    if not isinstance(depth, int) or isinstance(depth, bool):
        raise TypeError("depth must be an int")
    if not 0 <= depth <= PERFT_MAX_DEPTH:
        raise ValueError("depth must be from 0 to %d" % PERFT_MAX_DEPTH)
    pos = _position(fen, variant)
    return int(lib.vc_perft(pos, depth))


def legal_moves(fen, variant="standard"):
    """The legal moves of the position `fen` as UCI strings, sorted, as
    `vchess perft --divide --depth 1` lists them. Castling is written
    king-to-rook square in Chess960-like variants (e1h1), e1g1 in standard
    chess. A variant whose moves UCI cannot write has its own move text,
    also used here: Backwards Stalemate Chess (vchess-backwards(7),
    "Pf7e6xb"). Raises Error for an invalid FEN or an unknown variant."""
    pos = _position(fen, variant)
    moves = ffi.new("vc_move[]", MAX_MOVES)
    n = lib.vc_legal_moves(pos, moves)
    buf = ffi.new("char[]", MOVE_TEXT)
    out = [_text(lib.vc_move_text(pos, moves[i], NOTATION_UCI, buf, MOVE_TEXT))
           for i in range(n)]
    return sorted(out)


_RULES = {"fide": 0, "lichess": 1}


def _games(path, variant, rules, strict, adjudicate, max_ratio):
    if not isinstance(rules, str) or rules not in _RULES:
        raise ValueError("rules must be 'fide' or 'lichess'")
    if not isinstance(strict, bool):
        raise TypeError("strict must be a bool")
    opt = ffi.new("struct vc_games_options *")
    lib.vc_games_options_init(opt)
    if max_ratio is not None:
        if not isinstance(max_ratio, int) or isinstance(max_ratio, bool) or max_ratio < 0:
            raise ValueError("max_ratio must be an int of 0 or more (0: no guard)")
        opt.input.max_ratio = max_ratio
    if variant is not None:
        opt.variant = _variant_struct(variant)
    opt.rules = _RULES[rules]
    opt.strict = strict
    opt.adjudicate = adjudicate
    name = os.fsencode(path)
    if b"\0" in name:
        raise ValueError("embedded null byte in path")
    out = ffi.new("struct vc_games **")
    err = ffi.new("struct vc_input_error *")
    rc = lib.vc_games_open(out, name, opt, err)
    if rc != 0:
        why = ffi.string(err.message).decode("utf-8", "replace") or _text(lib.vc_strerror(rc))
        raise Error(_text(lib.vc_code_word(rc)), "%s: %s" % (path, why))
    g = out[0]
    text = ffi.new("const char **")
    size = ffi.new("size_t *")
    try:
        while True:
            r = lib.vc_games_next(g, text, size)
            if r == 1:
                yield json.loads(ffi.unpack(text[0], size[0]))
            elif r == 0:
                return
            else:
                err = lib.vc_games_error(g)
                code = lib.vc_input_errkind_code(err.kind)
                raise Error(_text(lib.vc_code_word(code)),
                            "%s: %s" % (path, ffi.string(err.message).decode("utf-8", "replace")))
    finally:
        lib.vc_games_close(g)


def validate(path, variant=None, rules="fide", strict=False, max_ratio=None):
    """Every game of the file at `path` (PGN or EPD/FEN; "-" is standard
    input; gzip, zstd, xz, bzip2 and archives are opened by content), one
    dict per game, lazily: the record `vchess validate --format jsonl`
    prints ("valid", "errors", "warnings" with code, line, column, ply and
    move, "final_fen", ...). variant overrides each game's Variant tag
    (--variant), rules is "fide" or "lichess" (--rules), strict makes
    warnings errors (--strict), max_ratio sets the zip-bomb guard
    (--max-ratio: decompressed bytes per compressed byte, 0 none; None the
    default 1000). The file is opened at the first next().
    Raises Error then for an unknown variant or a file that cannot be opened
    or read on (code "cannot-open", "corrupt", "limit-exceeded", ...; the
    games before a fault have been yielded); an invalid game is a record
    with "valid": False."""
    return _games(path, variant, rules, strict, False, max_ratio)


def adjudicate(path, rules="fide", max_ratio=None):
    """Like validate, with the verdict of each game under "adjudication",
    as `vchess adjudicate --format jsonl` prints it (result by the rules,
    deciding rule, basis, agreement with the declared result)."""
    return _games(path, None, rules, False, True, max_ratio)


# ---- can the intended winner still checkmate? (winnable.h) ----------------

_COLORS = {"white": 0, "black": 1}
# winnable.h: VC_WINNABLE_DEFAULT_BUDGET, the budget of `vchess winnable`.
WINNABLE_DEFAULT_BUDGET = 2000000
_tls = threading.local()


def _winnable_ws():
    """This thread's search workspace (kept from call to call: the library
    keeps its memory for the next query; freed with the thread)."""
    ws = getattr(_tls, "ws", None)
    if ws is None:
        out = ffi.new("struct vc_winnable_ws **")
        rc = lib.vc_winnable_ws_new(out)
        if rc != 0:
            raise MemoryError(_text(lib.vc_strerror(rc)))
        ws = _tls.ws = ffi.gc(out[0], lib.vc_winnable_ws_free)
    return ws


def _winnable_query(fen, winner, variant):
    """The position and the intended winner's colour (0 white, 1 black)."""
    pos = _position(fen, variant)
    if winner is None:
        w = 1 - pos.side  # the side that just moved, as for a time forfeit
    elif isinstance(winner, str) and winner in _COLORS:
        w = _COLORS[winner]
    else:
        raise ValueError("winner must be 'white', 'black' or None")
    return pos, w


def _winnable_error(pos, rc):
    """The Error of a code of vc_winnable: unsupported-variant, a variant
    outside the decision (antichess, backwards), worded as the CLI's
    record."""
    word = _text(lib.vc_code_word(rc))
    if word == "unsupported-variant":
        return Error(word, "the decision does not cover %s, whose own rules decide "
                     "its end (vchess-winnable(1))" % _text(lib.vc_variant_get(pos.variant).name))
    return Error(word, _text(lib.vc_strerror(rc)))


def winnable(fen, winner=None, budget=None, variant="standard"):
    """Can `winner` ("white" or "black"; None: the side that just moved,
    i.e. not the side to move, as for a time forfeit) still checkmate in
    the position `fen` by some series of legal moves (a helpmate: both
    sides cooperate)? The full decision of `vchess winnable`, within
    `budget` nodes (an int of 1 or more; None: the CLI's default,
    2,000,000; --budget). Returns the dict `vchess winnable --format
    jsonl` prints for the query:
        {"fen": ..., "winner": "white"|"black",
         "answer": "winnable"|"unwinnable"|"undetermined",
         "witness": {"uci": [...], "san": [...]} or None, "nodes": N}
    witness is the mating line (the moves from the position, the last one
    mates; empty lists when the position is already checkmate) when the
    answer is winnable, else None; "undetermined" means the budget ran out.
    fen is the position as given (FEN fields only: text after them is an
    Error, as for perft). Raises Error for an invalid FEN, an unknown
    variant, or a variant the decision does not cover (code
    "unsupported-variant": antichess, backwards), ValueError for a bad
    winner or budget. Deterministic: the same query gives the same answer,
    witness and node count."""
    pos, w = _winnable_query(fen, winner, variant)
    if budget is None:
        budget = 0  # the library's default, VC_WINNABLE_DEFAULT_BUDGET
    elif not isinstance(budget, int) or isinstance(budget, bool) or budget < 1 \
            or budget >= 1 << 64:
        raise ValueError("budget must be an int of 1 or more")
    res = ffi.new("struct vc_winnable_result *")
    rc = lib.vc_winnable(_winnable_ws(), pos, w, budget, res)
    if rc != 0:
        raise _winnable_error(pos, rc)
    witness = None
    if res.answer == 1:
        witness = {"uci": _line(pos, res, NOTATION_UCI), "san": _line(pos, res, NOTATION_SAN)}
    return {"fen": fen.rstrip(" \t"), "winner": "white" if w == 0 else "black",
            "answer": _text(lib.vc_winnable_word(res.answer)), "witness": witness,
            "nodes": int(res.nodes)}


def winnable_quick(fen, winner=None, variant="standard"):
    """The quick test of `vchess winnable --quick` (the one validate and
    adjudicate run at every ply): "unwinnable" when `winner` (as for
    winnable) can never checkmate by reasons seen without a real search
    (material, pawns that can never move with the kings shut out, a forced
    line of a few moves), else "undetermined"; never "winnable", never
    wrong. Raises as winnable does (a variant outside the decision
    included, as the CLI's --quick reports it)."""
    pos, w = _winnable_query(fen, winner, variant)
    ws = _winnable_ws()
    # vc_winnable_quick answers "undetermined" for a variant outside the
    # decision; vc_winnable declines one before any search: asked once a
    # variant (a query of one node), as the CLI does
    rc = _covered.get(pos.variant)
    if rc is None:
        rc = _covered[pos.variant] = lib.vc_winnable(
            ws, pos, w, 1, ffi.new("struct vc_winnable_result *"))
    if rc != 0:
        raise _winnable_error(pos, rc)
    return _text(lib.vc_winnable_word(lib.vc_winnable_quick(ws, pos, w)))


_covered = {}  # variant id -> vc_winnable's code for it (0: covered)


def _line(pos, res, notation):
    """The witness's moves as text, each in the position before it."""
    p = ffi.new("struct vc_position *")
    p[0] = pos[0]
    buf = ffi.new("char[]", MOVE_TEXT)
    out = []
    for i in range(res.nwitness):
        out.append(_text(lib.vc_move_text(p, res.witness[i], notation, buf, MOVE_TEXT)))
        lib.vc_make_move(p, res.witness[i])
    return out
