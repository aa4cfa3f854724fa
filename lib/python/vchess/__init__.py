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

Errors raise vchess.Error, whose .code is the stable finding word of the
CLI's reports ("fen-no-king", "unknown-variant", "cannot-open", ...). An
invalid game is a record, not an error.
"""
import json
import os

from ._ffi import (FEN_SYNTAX, MAX_MOVES, MOVE_TEXT, NOTATION_UCI, PERFT_MAX_DEPTH, ffi, lib,
                   library_path)

__all__ = ["Error", "perft", "legal_moves", "validate", "adjudicate", "library_path"]
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
