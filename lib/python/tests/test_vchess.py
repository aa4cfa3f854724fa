"""pytest tests of the vchess Python module against the vchess CLI.

Run by lib/python/tests/run.sh (make check-python), which installs the
module and the library into a temporary prefix and sets:
  VCHESS         the vchess program to compare with
  VCHESS_PREFIX  the prefix the module and libvchess.so.0 were installed in
The positions are those of the embedding test, tests/embed/positions.txt.
"""
import json
import os
import subprocess
import sys

import pytest

import vchess

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
VCHESS = os.environ.get("VCHESS", os.path.join(TOP, "vchess"))
PREFIX = os.environ.get("VCHESS_PREFIX")


def positions():
    with open(os.path.join(TOP, "tests", "embed", "positions.txt")) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                variant, depth, fen = line.split(None, 2)
                yield pytest.param(variant, int(depth), fen,
                                   id="%s-%s-%s" % (variant, depth, fen.split()[0]))


def cli(*args):
    return subprocess.run([VCHESS] + list(args), capture_output=True, text=True)


def cli_divide(variant, depth, fen):
    """`vchess perft --divide`: ({move: nodes}, total)."""
    r = cli("perft", "--divide", "--variant", variant, "--depth", str(depth), fen)
    assert r.returncode == 0, r.stderr
    lines = [l.split() for l in r.stdout.splitlines()]
    assert lines[-1][0] == "nodes"
    return {m: int(n) for m, n in lines[:-1]}, int(lines[-1][1])


def test_installed_copy():
    """The module and the library are the installed ones, found where
    make install put them."""
    if not PREFIX:
        pytest.skip("VCHESS_PREFIX not set (run by lib/python/tests/run.sh)")
    assert os.path.realpath(vchess.__file__).startswith(os.path.realpath(PREFIX) + os.sep)
    assert vchess.library_path == os.path.join(PREFIX, "lib", "libvchess.so.0")
    assert sys.executable == "/usr/bin/python3" or os.path.realpath(sys.executable) \
        == os.path.realpath("/usr/bin/python3")


@pytest.mark.parametrize("variant,depth,fen", positions())
def test_perft(variant, depth, fen):
    _, total = cli_divide(variant, depth, fen)
    assert vchess.perft(fen, depth, variant=variant) == total


@pytest.mark.parametrize("variant,depth,fen", positions())
def test_legal_moves(variant, depth, fen):
    moves, total = cli_divide(variant, 1, fen)
    got = vchess.legal_moves(fen, variant=variant)
    assert got == sorted(moves)
    assert len(got) == total


def test_defaults():
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert vchess.perft(start, 0) == 1
    assert vchess.perft(start, 2) == 400
    assert len(vchess.legal_moves(start)) == 20
    # a PGN Variant tag value names a variant too
    assert vchess.perft(start, 2, variant="Giveaway") == \
        vchess.perft(start, 2, variant="antichess")
    with pytest.raises(ValueError):
        vchess.perft(start, -1)


@pytest.mark.parametrize("fen,code", [
    ("8/8/8/8/8/8/8/8 w - - 0 1", "fen-no-king"),
    ("not a fen", "fen-bad-board"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", "fen-syntax"),
    ("", "fen-syntax"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "fen-bad-side"),
    ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "fen-pawn-on-back-rank"),
    ("4k3/8/8/8/8/8/8/4K2R w K z9 0 1", "fen-bad-en-passant"),
    ("4k3/8/8/8/8/8/8/4K2R w Qx - 0 1", "fen-bad-castling"),
])
def test_bad_fen(fen, code):
    """A bad FEN raises Error with the finding word; the CLI rejects it
    with the same message."""
    with pytest.raises(vchess.Error) as e:
        vchess.perft(fen, 1)
    assert e.value.code == code
    with pytest.raises(vchess.Error) as e2:
        vchess.legal_moves(fen)
    assert e2.value.code == code
    r = cli("perft", "--depth", "1", fen)
    assert r.returncode != 0
    if fen:  # the CLI reads no FEN argument as the start position
        assert e.value.message in r.stderr


@pytest.mark.parametrize("name,code", [
    ("no-such-variant", "unknown-variant"),
    ("Crazyhouse", "unsupported-variant"),
])
def test_bad_variant(name, code):
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    with pytest.raises(vchess.Error) as e:
        vchess.perft(start, 1, variant=name)
    assert e.value.code == code
    assert isinstance(e.value, Exception)
    assert cli("perft", "--variant", name, "--depth", "1").returncode != 0


def test_struct_layouts(tmp_path):
    """The module's cffi declarations (ABI mode, no compiler at install)
    match the installed headers: every member's offset and the sizes."""
    if not PREFIX:
        pytest.skip("VCHESS_PREFIX not set (run by lib/python/tests/run.sh)")
    ffi = vchess.ffi
    checks = []
    # struct vc_variant is declared as a prefix (id, name): offsets only
    for struct in ("vc_position", "vc_fen_result", "vc_variant", "vc_input_options",
                   "vc_input_error", "vc_games_options", "vc_winnable_result"):
        t = ffi.typeof("struct %s" % struct)
        for name, _ in t.fields:
            checks.append(("offsetof(struct %s, %s)" % (struct, name),
                           ffi.offsetof("struct %s" % struct, name)))
    for struct in ("vc_position", "vc_fen_result", "vc_input_options", "vc_input_error",
                   "vc_games_options", "vc_winnable_result"):
        checks.append(("sizeof(struct %s)" % struct, ffi.sizeof("struct %s" % struct)))
    src = tmp_path / "layout.c"
    src.write_text("#include <stddef.h>\n#include <stdio.h>\n"
                   "#include <vchess/vchess.h>\n#include <vchess/games.h>\n"
                   "int main(void) {\n" +
                   "".join('\tprintf("%%zu\\n", (size_t)%s);\n' % c for c, _ in checks) +
                   "\treturn 0;\n}\n")
    exe = tmp_path / "layout"
    subprocess.run(["gcc", "-std=c11", "-I", os.path.join(PREFIX, "include"),
                    "-o", str(exe), str(src)], check=True)
    got = subprocess.run([str(exe)], capture_output=True, text=True,
                         check=True).stdout.split()
    for (what, ours), theirs in zip(checks, got):
        assert (what, ours) == (what, int(theirs))
    assert len(got) == len(checks)


# ---- validate() and adjudicate(): the pull API against the CLI's JSONL ----

GAME_FILES = [
    "data/games/standard",
    "data/games/chess960",
    "data/games/antichess",
    "data/games/undo",
    "data/games/backwards",
    "tests/data/validate/results.pgn.gz",
    "tests/data/validate/two-members.zip",
    "tests/data/validate/positions.epd",
    "tests/data/validate/variations.pgn",
    "tests/data/validate/split.pgn",
]


def game_files():
    for f in GAME_FILES:
        p = os.path.join(TOP, f)
        if os.path.isdir(p):
            for name in sorted(os.listdir(p)):
                if name.endswith(".pgn"):
                    yield os.path.join(f, name)
        else:
            yield f


def cli_records(command, path, *options):
    """The CLI's JSONL records of path, its summary line left out."""
    r = subprocess.run([VCHESS, command, "--format", "jsonl"] + list(options) + [path],
                       capture_output=True, cwd=TOP)
    assert r.returncode in (0, 1), r.stderr
    lines = r.stdout.decode("utf-8").splitlines()
    assert lines and lines[-1].startswith('{"summary"')
    return [json.loads(l) for l in lines[:-1]]


@pytest.mark.parametrize("path", list(game_files()))
def test_validate_records_equal_cli(path):
    os.chdir(TOP)
    got = list(vchess.validate(path))
    assert got == cli_records("validate", path)
    assert got, "no games in %s" % path


@pytest.mark.parametrize("path", list(game_files()))
def test_adjudicate_records_equal_cli(path):
    os.chdir(TOP)
    got = list(vchess.adjudicate(path))
    assert got == cli_records("adjudicate", path)
    assert all("adjudication" in g for g in got)


def test_validate_options_equal_cli():
    os.chdir(TOP)
    path = "tests/data/validate/variation-warnings.pgn"
    assert list(vchess.validate(path, strict=True)) == cli_records("validate", path, "--strict")
    path = "data/games/antichess"
    name = sorted(n for n in os.listdir(path) if n.endswith(".pgn"))[0]
    path = os.path.join(path, name)
    assert (list(vchess.validate(path, variant="antichess", rules="lichess")) ==
            cli_records("validate", path, "--variant", "antichess", "--rules", "lichess"))


def test_validate_is_lazy(tmp_path):
    """A generator: the first record comes before the file is read to its
    end, and a damaged stream yields the games before the fault, then
    raises Error with the input's code."""
    src = os.path.join(TOP, "tests/data/validate/fischer-truncated.pgn.gz")
    games = vchess.validate(src)
    first = next(games)
    assert first["index"] == 1
    with pytest.raises(vchess.Error) as e:
        for _ in games:
            pass
    assert e.value.code == "corrupt"


def test_validate_errors():
    with pytest.raises(vchess.Error) as e:
        list(vchess.validate("/nonexistent/games.pgn"))
    assert e.value.code == "cannot-open"
    with pytest.raises(vchess.Error) as e:
        list(vchess.validate(os.path.join(TOP, "tests/data/validate/split.pgn"),
                             variant="no-such-variant"))
    assert e.value.code == "unknown-variant"
    with pytest.raises(ValueError):
        list(vchess.validate(os.path.join(TOP, "tests/data/validate/split.pgn"), rules="uscf"))


def test_invalid_game_is_a_record(tmp_path):
    p = tmp_path / "bad.pgn"
    p.write_text('[Event "x"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 *\n')
    (g,) = list(vchess.validate(str(p)))
    assert g["valid"] is False
    assert g["errors"][0]["code"] == "illegal-move"
    assert (g["errors"][0]["line"], g["errors"][0]["column"], g["errors"][0]["ply"]) == (4, 13, 3)


def test_arguments_outside_the_contract():
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert vchess.perft(start, 0) == 1
    assert vchess.perft(start, 1, variant=None) == 20
    for depth in (-1, 65, 2000):
        with pytest.raises(ValueError):
            vchess.perft(start, depth)
    for depth in ("3", 3.7, True, None):
        with pytest.raises(TypeError):
            vchess.perft(start, depth)
    for extra in (" extra", " ;D1 20"):
        with pytest.raises(vchess.Error) as e:
            vchess.perft(start + extra, 1)
        assert e.value.code == "fen-trailing-text"
        assert cli("perft", "--depth", "1", start + extra).returncode == 2
    split = os.path.join(TOP, "tests/data/validate/split.pgn")
    with pytest.raises(ValueError):
        list(vchess.validate(split + "\0zzz"))
    with pytest.raises(TypeError):
        list(vchess.validate(split, strict="no"))
    with pytest.raises(ValueError):
        list(vchess.validate(split, rules=[]))
    with pytest.raises(ValueError):
        list(vchess.validate(split, max_ratio=-1))


def test_open_errors_say_why(tmp_path):
    with pytest.raises(vchess.Error) as e:
        list(vchess.validate(str(tmp_path / "missing.pgn")))
    assert e.value.code == "cannot-open"
    assert "No such file or directory" in e.value.message
    with pytest.raises(vchess.Error) as e:
        list(vchess.validate(str(tmp_path)))
    assert e.value.code == "cannot-open"
    assert "directory" in e.value.message


def test_max_ratio_as_the_cli():
    """repetitive.pgn.xz decompresses past 1000:1: the default guard stops
    it as `vchess validate` does; max_ratio=0 reads it whole, as
    --max-ratio 0 does."""
    path = "tests/data/validate/repetitive.pgn.xz"
    os.chdir(TOP)
    with pytest.raises(vchess.Error) as e:
        list(vchess.validate(path))
    assert e.value.code == "limit-exceeded"
    got = list(vchess.validate(path, max_ratio=0))
    assert got == cli_records("validate", path, "--max-ratio", "0")
    assert len(got) > 1


# ---- winnable(): the unwinnability decision against `vchess winnable` ----

# (fen, winner, budget): unwinnable by material, by the search (locked
# pawns, 236 nodes), winnable (a witness of 7 plies), undetermined when the
# budget runs out first (the same position, 20 nodes), already checkmate,
# the default winner (the side that just moved), Chess960 rights.
WINNABLE_QUERIES = [
    ("8/8/8/3k4/8/3K4/3N4/8 b - - 0 1", "white", None),
    ("5b1k/1p2p1p1/4P1P1/8/8/4p1p1/1P2P1P1/5B1K w - -", "white", None),
    ("5b1k/1p2p1p1/4P1P1/8/8/4p1p1/1P2P1P1/5B1K w - -", "black", None),
    ("5K1k/8/7P/8/8/8/8/8 w - -", "white", None),
    ("5K1k/8/7P/8/8/8/8/8 w - -", "white", 20),
    ("5K1k/8/7P/8/8/8/8/8 w - -", "black", None),
    ("1K6/P7/8/8/8/8/p7/1k6 b - -", "black", 1000000),
    ("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "black", None),
    ("4k3/8/8/8/8/8/8/4KR2 b - - 0 1", None, None),
    ("4k3/8/8/8/8/8/8/R3K2R w HA - 0 1", None, 5000),
]


def cli_winnable(fen, winner, budget, *extra):
    args = ["winnable", "--format", "jsonl", "--fen"] + list(extra)
    if winner:
        args += ["--winner", winner]
    if budget:
        args += ["--budget", str(budget)]
    r = cli(*(args + [fen]))
    lines = [json.loads(l) for l in r.stdout.splitlines()]
    assert lines[-1].keys() == {"summary"}, r.stdout
    return lines[:-1], r


@pytest.mark.parametrize("fen,winner,budget", WINNABLE_QUERIES)
def test_winnable_equals_cli(fen, winner, budget):
    want, _ = cli_winnable(fen, winner, budget)
    assert len(want) == 1
    got = vchess.winnable(fen, winner=winner, budget=budget)
    assert got == want[0]
    if got["answer"] == "winnable":
        # the witness is legal, move by move, and ends the game
        assert len(got["witness"]["uci"]) == len(got["witness"]["san"])
        assert got["witness"]["san"] == [] or got["witness"]["san"][-1].endswith("#")


@pytest.mark.parametrize("fen,winner,budget", WINNABLE_QUERIES)
def test_winnable_quick_equals_cli(fen, winner, budget):
    want, _ = cli_winnable(fen, winner, None, "--quick")
    got = vchess.winnable_quick(fen, winner=winner)
    assert got == want[0]["answer"]
    assert got in ("unwinnable", "undetermined")


def test_winnable_answers():
    """The three answers are there, as the queries above were chosen."""
    answers = {vchess.winnable(f, winner=w, budget=b)["answer"] for f, w, b in WINNABLE_QUERIES}
    assert answers == {"winnable", "unwinnable", "undetermined"}
    r = vchess.winnable("5K1k/8/7P/8/8/8/8/8 w - -", winner="white", budget=20)
    assert r["answer"] == "undetermined" and r["witness"] is None and r["nodes"] >= 20
    r = vchess.winnable("5K1k/8/7P/8/8/8/8/8 w - -", winner="white")
    # a lone pawn mates only once promoted: the witness promotes it and
    # ends in mate (its last SAN move carries '#'), whatever the order
    assert r["answer"] == "winnable"
    assert any(m.startswith("h7h8") and len(m) == 5 for m in r["witness"]["uci"])
    assert r["witness"]["san"][-1].endswith("#")


def test_winnable_unsupported_variant_as_the_cli():
    fen = "4k3/8/8/8/8/8/8/4KR2 b - - 0 1"
    for variant in ("antichess", "backwards"):
        want, r = cli_winnable(fen, "white", None, "--variant", variant)
        wantq, rq = cli_winnable(fen, "white", None, "--variant", variant, "--quick")
        assert r.returncode == rq.returncode == 1
        assert want == wantq
        for call in (lambda: vchess.winnable(fen, winner="white", variant=variant),
                     lambda: vchess.winnable_quick(fen, winner="white", variant=variant)):
            with pytest.raises(vchess.Error) as e:
                call()
            assert e.value.code == want[0]["error"]["code"] == "unsupported-variant"
            assert e.value.message == want[0]["error"]["message"]


def test_winnable_arguments():
    fen = "5K1k/8/7P/8/8/8/8/8 w - -"
    for bad in ("White", "both", 0, ""):
        with pytest.raises(ValueError):
            vchess.winnable(fen, winner=bad)
        with pytest.raises(ValueError):
            vchess.winnable_quick(fen, winner=bad)
    for bad in (0, -1, 1.5, True, "10", 1 << 64):
        with pytest.raises(ValueError):
            vchess.winnable(fen, budget=bad)
    with pytest.raises(vchess.Error) as e:
        vchess.winnable("8/8/8/8/8/8/8/8 w - - 0 1")
    assert e.value.code == "fen-no-king"
    with pytest.raises(vchess.Error) as e:
        vchess.winnable(fen + " winner white;")
    assert e.value.code == "fen-trailing-text"
    with pytest.raises(TypeError):
        vchess.winnable(None)


def test_cdef_structs_are_the_headers(tmp_path):
    """Every struct the module allocates (ffi.new) and declares with its
    members (vchess/_ffi.py) has the size the C headers give it: a member
    added in a header and not in the module would have the library write
    past the module's objects. (Structs the module only reads through the
    library's pointers may be declared in part.)"""
    import re
    from vchess._ffi import ffi
    pkg = os.path.join(TOP, "lib", "python", "vchess")
    src = open(os.path.join(pkg, "_ffi.py")).read()
    use = open(os.path.join(pkg, "__init__.py")).read()
    made = set(re.findall(r'ffi\.new\("struct (vc_\w+)', use))
    names = sorted(set(re.findall(r"^struct (vc_\w+) \{", src, re.M)) & made)
    assert names, "no struct with members in the cdef"
    prog = tmp_path / "sizes.c"
    prog.write_text("#include <stdio.h>\n#include \"vchess.h\"\n#include \"games.h\"\n"
                    "#include \"input.h\"\n#include \"winnable.h\"\nint main(void)\n{\n" +
                    "".join('\tprintf("%%zu\\n", sizeof(struct %s));\n' % n for n in names) +
                    "\treturn 0;\n}\n")
    exe = tmp_path / "sizes"
    subprocess.run(["cc", "-I", os.path.join(TOP, "lib"), "-I", os.path.join(TOP, "formats"),
                    str(prog), "-o", str(exe)], check=True)
    got = subprocess.run([str(exe)], capture_output=True, check=True).stdout.split()
    assert [int(x) for x in got] == [ffi.sizeof("struct " + n) for n in names], names
