#!/usr/bin/env python3
"""Check that the standings of a vchess adjudicate JSON report add up.

usage: standings_sum.py REPORT

Checks, independently of the program's arithmetic: every row's games =
wins + draws + losses and score = wins + draws / 2; the scores of all rows
sum to the games scored (a round robin without byes: one point per game);
the ranks are 1.. in order, equal only for equal scores and tie-breaks;
the crosstable's points per row sum to the row's score. Prints the table
and "standings add up" and exits 0, or prints each problem and exits 1.
"""
import json
import sys


def main():
    doc = json.load(open(sys.argv[1]))
    s = doc["summary"]
    rows = s["standings"]
    bad = []
    total = 0.0
    games = s["adjudication"]["agree"] + s["adjudication"]["disagree"] + \
        s["adjudication"]["not_judged"] - s["standings_unfinished"]
    for i, r in enumerate(rows):
        if r["games"] != r["wins"] + r["draws"] + r["losses"]:
            bad.append("%s: games != wins + draws + losses" % r["player"])
        if r["score"] != r["wins"] + r["draws"] / 2:
            bad.append("%s: score != wins + draws / 2" % r["player"])
        total += r["score"]
        if i and r["rank"] < rows[i - 1]["rank"]:
            bad.append("%s: rank out of order" % r["player"])
        if i and r["rank"] == rows[i - 1]["rank"] and \
                (r["score"], r["tiebreaks"]) != (rows[i - 1]["score"], rows[i - 1]["tiebreaks"]):
            bad.append("%s: shares a rank without a tie" % r["player"])
        if i and r["rank"] != rows[i - 1]["rank"] and r["rank"] != i + 1:
            bad.append("%s: rank %d, expected %d" % (r["player"], r["rank"], i + 1))
        print("%2d %-32s %5s %s" % (r["rank"], r["player"], r["score"],
                                    " ".join("%s=%s" % kv for kv in r["tiebreaks"].items())))
    if total != games:
        bad.append("scores sum to %s, %d games scored" % (total, games))
    ct = s.get("crosstable")
    if ct:
        for row, r in zip(ct["rows"], rows):
            if row["player"] != r["player"] or \
                    sum(g["points"] for g in row["games"]) != r["score"]:
                bad.append("%s: crosstable row does not add up" % row["player"])
    print("%s system, %d rounds, tie-breaks %s" % (s["standings_system"], s["standings_rounds"],
                                                  ",".join(s["standings_tiebreaks"])))
    for b in bad:
        print("problem: " + b)
    if not bad:
        print("standings add up: %d players, %s points = %d games" % (len(rows), total, games))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
