"""pytest tests of the vchess Python module against the vchess CLI.

Run by lib/python/tests/run.sh (make check-python), which installs the
module and the library into a temporary prefix and sets:
  VCHESS         the vchess program to compare with
  VCHESS_PREFIX  the prefix the module and libvchess.so.0 were installed in
The positions are those of the embedding test, tests/embed/positions.txt.
"""
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
    # struct vc_variant is declared as a prefix (its id): offsets only
    for struct in ("vc_position", "vc_fen_result", "vc_variant"):
        t = ffi.typeof("struct %s" % struct)
        for name, _ in t.fields:
            checks.append(("offsetof(struct %s, %s)" % (struct, name),
                           ffi.offsetof("struct %s" % struct, name)))
    for struct in ("vc_position", "vc_fen_result"):
        checks.append(("sizeof(struct %s)" % struct, ffi.sizeof("struct %s" % struct)))
    src = tmp_path / "layout.c"
    src.write_text("#include <stddef.h>\n#include <stdio.h>\n"
                   "#include <vchess/vchess.h>\nint main(void) {\n" +
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
