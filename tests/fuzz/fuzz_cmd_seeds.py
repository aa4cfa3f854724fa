#!/usr/bin/env python3
"""Write the seed corpus of tests/fuzz/fuzz_cmd.c into tests/fuzz/fuzz_cmd/.

Each seed is three selector bytes (their meaning is at the top of
fuzz_cmd.c) and a file of the project's tests (tests/data, the inputs of
tests/golden) or of the reference data (../shared/refdata beside the
checkout, skipped when it is not there). Run from the repository root:
    python3 tests/fuzz/fuzz_cmd_seeds.py [REFDATA]
The list below is the whole corpus; files over 64 KiB are left out so the
corpus stays small (under 2 MB)."""
import os
import sys

OUT = "tests/fuzz/fuzz_cmd"
REF = sys.argv[1] if len(sys.argv) > 1 else "../shared/refdata"

# command slots (byte 0, bits 0-3)
V_ANY, V_STD, V_960, V_ANTI, V_UNDO, V_BACK = 0, 1, 2, 3, 4, 5
COPIES, MAXERR, ADJ, ADJ_ST, ADJ_FIX, REPLAY, FINAL, WIN, WIN2, PERFT = range(6, 16)
VARIANT = {"standard": 1, "chess960": 2, "antichess": 3, "undo": 4, "backwards": 5}

SEEDS = [
    # tests/data: the commands' own test inputs
    ("tests/data/validate/B17.pgn", V_STD), ("tests/data/validate/B18.pgn", V_STD),
    ("tests/data/validate/B29.pgn", V_ANY), ("tests/data/validate/crlf.pgn", V_ANY),
    ("tests/data/validate/double-chess960.pgn", V_960),
    ("tests/data/validate/end-without-moves.pgn", V_ANY),
    ("tests/data/validate/fen-already-ended.pgn", V_ANY),
    ("tests/data/validate/fen-chess960.pgn", V_960),
    ("tests/data/validate/fullwidth-result.pgn", V_ANY),
    ("tests/data/validate/null-move.pgn", V_ANY),
    ("tests/data/validate/result-columns.pgn", V_ANY),
    ("tests/data/validate/setup-fen.pgn", V_ANY),
    ("tests/data/validate/split.pgn", COPIES),
    ("tests/data/validate/variants.pgn", V_ANY),
    ("tests/data/validate/variations.pgn", V_ANY),
    ("tests/data/validate/variation-warnings.pgn", V_ANY),
    ("tests/data/validate/positions.epd", V_ANY),
    ("tests/data/validate/epd-trailing.epd", V_ANY),
    ("tests/data/validate/bad-crc.zip", V_ANY),
    ("tests/data/validate/mixed-members.zip", ADJ),
    ("tests/data/validate/nested.zip", V_ANY),
    ("tests/data/validate/nested-archive.tar", COPIES),
    ("tests/data/validate/two-members.zip", REPLAY),
    ("tests/data/validate/results.pgn.gz", ADJ_FIX),
    ("tests/data/validate/repetitive.pgn.xz", V_ANY),
    ("tests/data/validate/fischer-truncated.pgn.gz", V_960),
    ("tests/data/adjudicate/antichess.pgn", V_ANTI),
    ("tests/data/adjudicate/backwards.pgn", V_BACK),
    ("tests/data/adjudicate/undo.pgn", V_UNDO),
    ("tests/data/adjudicate/chess960.pgn", ADJ),
    ("tests/data/adjudicate/declared.pgn", ADJ_FIX),
    ("tests/data/adjudicate/lichess.pgn", ADJ),
    ("tests/data/adjudicate/standard.pgn", ADJ_ST),
    ("tests/data/adjudicate/timeforfeit.pgn", ADJ),
    ("tests/data/adjudicate/broken.pgn", REPLAY),
    ("tests/data/adjudicate/B12.epd", ADJ),
    ("tests/data/dead/dead.pgn", V_ANY), ("tests/data/dead/forfeit.pgn", ADJ),
    ("tests/data/dead/castling960.pgn", ADJ), ("tests/data/dead/kings-take.pgn", V_ANY),
    ("tests/data/dead/dead.epd", WIN),
    ("tests/data/winnable-input-forms.epd", WIN),
    ("tests/data/winnable-invalid.epd", WIN2),
    ("tests/data/winnable-positions.epd.gz", WIN),
    ("tests/data/winnable-two-members.zip", WIN2),
    # the inputs of tests/golden
    ("tests/golden/replay-clock-forms/games.pgn", REPLAY),
    ("tests/golden/validate-duplicate-tags/games.pgn", V_ANY),
    ("tests/golden/validate-fen-repeated/games.pgn", V_ANY),
    ("tests/golden/perft-suite-bad-entries/suite.epd", PERFT),
    ("tests/golden/perft-suite-gzip/ok.perft.gz", PERFT),
    ("tests/golden/perft-suite-mismatch/ok.perft", PERFT),
    ("tests/golden/perft-suite-truncated/standard.epd.gz", PERFT),
    ("tests/golden/winnable-file/positions.epd", WIN),
    # the reference data
    ("REF/cases/B01.pgn", V_ANY), ("REF/cases/B08.pgn", V_ANY),
    ("REF/cases/B13.pgn", ADJ), ("REF/cases/B19.pgn", V_ANY),
    ("REF/cases/B07.epd", V_ANY), ("REF/cases/B24.epd", ADJ),
    ("REF/cases/B03.fen", V_ANY), ("REF/cases/B15.fen", WIN),
    ("REF/perft/standard_perftsuite.epd", PERFT),
    ("REF/perft/python-chess_tricky.perft", PERFT),
    ("REF/perft/python-chess_giveaway.perft", PERFT),
    ("REF/perft/fairy-stockfish_antichess_giveaway_perft.txt", PERFT),
    ("REF/pgn/antichess/python-chess-antichess-programfox.pgn", V_ANTI),
    ("REF/pgn/antichess/scalachess-AntichessVariantTest-fics-Gnarus-CatNail.pgn", ADJ),
    ("REF/pgn/chess960/scalachess-Chess960Test-castles-a1-taken.pgn", V_960),
    ("REF/pgn/chess960/scalachess-Fixtures-stLouisFischerandom.pgn", REPLAY),
    ("REF/pgn/chess960/python-chess-cutechess-fischerrandom.pgn", V_ANY),
    ("REF/pgn/edgecases/anastasian-lewis.pgn", V_ANY),
    ("REF/pgn/edgecases/chessbase-empty-line.pgn", V_ANY),
    ("REF/pgn/edgecases/knightvuillaume-jannlee-zh-lichess.pgn", V_ANY),
    ("REF/pgn/edgecases/molinari-bordais-1979.pgn", ADJ),
    ("REF/pgn/edgecases/stockfish-learning.pgn", V_ANY),
    ("REF/pgn/edgecases/uci-moves.pgn", V_ANY),
    ("REF/pgn/edgecases/utf8-bom.pgn", COPIES),
    ("REF/pgn/edgecases/pgn-read/Little_01.pgn", V_ANY),
    ("REF/pgn/edgecases/pgn-read/break_pgn_0_8_1_a.pgn", V_ANY),
    ("REF/pgn/standard/nepomniachtchi-liren-game1.pgn", FINAL),
    ("REF/pgn/standard/kasparov-deep-blue-1997.pgn", ADJ_ST),
]


def main():
    os.makedirs(OUT, exist_ok=True)
    for f in os.listdir(OUT):
        if f != "README.md":
            os.remove(os.path.join(OUT, f))
    total = 0
    for i, (path, slot) in enumerate(SEEDS):
        src = path.replace("REF", REF, 1) if path.startswith("REF/") else path
        if not os.path.exists(src):
            continue
        data = open(src, "rb").read()
        if len(data) > 65536:
            continue
        fmt = i % 3                      # text, json, jsonl
        both_j = (i % 2) << 6            # every other seed: -j 1 and -j 2
        to_file = ((i // 2) % 2) << 7    # every other pair: -o FILE
        b0 = slot | fmt << 4 | both_j | to_file
        b1 = (i // 4) % 2 << 3           # lichess rules on some
        b2 = 0
        if path.endswith((".pgn", ".epd", ".fen")) and i % 5 == 4:
            b1 |= 5                      # zip-wrapped
        if i % 7 == 3:
            b2 |= 0x80                   # 16-byte chunks under -j 2
        name = ("ref-" if path.startswith("REF/") else "") + \
            path.split("/")[-2] + "-" + os.path.basename(path)
        with open(os.path.join(OUT, name), "wb") as out:
            out.write(bytes([b0, b1, b2]) + data)
        total += len(data) + 3
    print("%d seeds, %d bytes" % (len(os.listdir(OUT)), total))


if __name__ == "__main__":
    main()
