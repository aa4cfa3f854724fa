#!/bin/sh
# Games in = entries out, on every file of shared/refdata/pgn/edgecases/.
#
# usage: tests/corpus_count.sh VCHESS
#
# For each file listed in tests/data/validate/edgecase-counts.txt (which must
# list every file of the folder, recursively), runs
# `VCHESS validate --format jsonl FILE` with a time limit and checks:
#   - it ends normally: exit status 0 or 1 (findings), never a signal, a
#     usage error (2), an unreadable input (3) or the time limit;
#   - nothing on standard error (a sanitizer report under make check-asan);
#   - one report line per game: as many game lines as the list's independent
#     count, and the summary line counts them too;
#   - the invalid games are as many as the list says (each read by hand).
# When python3 is there, the list's counts are also recomputed by
# tests/tools/count_games.py, so that the list cannot drift towards vchess.
#
# The folder is found at $VCHESS_REFDATA/pgn/edgecases, ../shared/refdata
# (beside the checkout, as CI has it) or /work/shared/refdata.
# Prints one line per problem and a last line with the totals; exits 1 on
# any problem.
set -u

if [ $# -ne 1 ]; then
	echo "usage: tests/corpus_count.sh VCHESS" >&2
	exit 2
fi
VCHESS=$1
case $VCHESS in
/*) ;;
*) VCHESS=$(pwd)/$VCHESS ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
list=$root/tests/data/validate/edgecase-counts.txt

dir=
for d in "${VCHESS_REFDATA:-}" "$root/../shared/refdata" /work/shared/refdata; do
	if [ -n "$d" ] && [ -d "$d/pgn/edgecases" ]; then
		dir=$d/pgn/edgecases
		break
	fi
done
if [ -z "$dir" ]; then
	# the corpus is reference data beside the checkout (CI has it); a
	# checkout alone skips this check rather than failing make check
	echo "corpus_count: skipped: shared/refdata/pgn/edgecases not found (set VCHESS_REFDATA)"
	exit 0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vchess-corpus.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
LC_ALL=C
export LC_ALL

problems=0
problem() {
	echo "$*"
	problems=$((problems + 1))
}

# every file of the folder is listed, and nothing else
grep -v '^#' "$list" | awk 'NF { print $3 }' | sort >"$tmp/listed"
(cd "$dir" && find . -type f | sed 's|^\./||' | sort) >"$tmp/present"
comm -13 "$tmp/listed" "$tmp/present" | while read -r f; do
	echo "not in the list: $f"
done >"$tmp/unlisted"
comm -23 "$tmp/listed" "$tmp/present" | while read -r f; do
	echo "listed but missing: $f"
done >>"$tmp/unlisted"
if [ -s "$tmp/unlisted" ]; then
	cat "$tmp/unlisted"
	problems=$((problems + $(wc -l <"$tmp/unlisted")))
fi

# the independent counter agrees with the list
if command -v python3 >/dev/null 2>&1; then
	(cd "$dir" && python3 "$root/tests/tools/count_games.py" $(cat "$tmp/listed")) \
		>"$tmp/counted" 2>&1
	grep -v '^#' "$list" | awk 'NF { print $1, $3 }' >"$tmp/listed-counts"
	if ! cmp -s "$tmp/listed-counts" "$tmp/counted"; then
		diff "$tmp/listed-counts" "$tmp/counted" | sed -n '1,20p' |
			sed 's/^/count_games.py disagrees with the list: /'
		problems=$((problems + 1))
	fi
fi

files=0
games=0
invalid=0
grep -v '^#' "$list" | awk 'NF' >"$tmp/entries"
# The runs, two at a time (make check's time; CI has 2 cores): entry N's
# output, standard error and status go to $tmp/N.out, .err, .status; the
# checks below read them in the list's order, so the lines printed do not
# depend on which run ends first.
runs() { # runs K: every second entry from the K-th (1 or 2)
	awk -v k="$1" 'NR % 2 == k % 2 { print NR, $3 }' "$tmp/entries" |
	while read -r n path; do
		timeout 120 "$VCHESS" validate --format jsonl --no-progress "$dir/$path" \
			>"$tmp/$n.out" 2>"$tmp/$n.err" </dev/null
		echo $? >"$tmp/$n.status"
	done
}
runs 1 &
runs 2
wait
n=0
while read -r want_games want_invalid path; do
	files=$((files + 1))
	n=$((n + 1))
	status=missing
	[ -f "$tmp/$n.status" ] && read -r status <"$tmp/$n.status"
	case $status in
	0 | 1) ;;
	124) problem "$path: no end within 120 s" ;;
	*) problem "$path: exit status $status" ;;
	esac
	if [ -s "$tmp/$n.err" ]; then
		problem "$path: standard error: $(head -c 300 "$tmp/$n.err" | tr '\n' ' ')"
	fi
	# one pass over the report (one process, not five): its game lines,
	# and the games and invalid games its last (summary) line counts
	counts=$(awk '/^\{"source":/ { n++ }
		{ last = $0 }
		END {
			g = "-"; i = "-"
			if (match(last, /^\{"summary":\{"games":[0-9]+,/)) g = substr(last, 21, RLENGTH - 21)
			if (match(last, /"invalid":[0-9]+,/)) i = substr(last, RSTART + 10, RLENGTH - 11)
			print n + 0, g, i
		}' "$tmp/$n.out" 2>/dev/null)
	set -- $counts
	got_games=${1:-0} sum_games=${2:--} got_invalid=${3:--}
	[ "$sum_games" = - ] && sum_games=
	[ "$got_invalid" = - ] && got_invalid=
	if [ "$got_games" != "$want_games" ]; then
		problem "$path: $got_games report entries, $want_games games"
	fi
	if [ "$sum_games" != "$got_games" ]; then
		problem "$path: the summary counts '$sum_games' games, $got_games entries"
	fi
	if [ "$got_invalid" != "$want_invalid" ]; then
		problem "$path: $got_invalid invalid games, the list says $want_invalid"
	fi
	games=$((games + want_games))
	invalid=$((invalid + want_invalid))
done <"$tmp/entries"

if [ $problems -gt 0 ]; then
	echo "corpus_count: $problems problems in $files files"
	exit 1
fi
echo "corpus_count: $files files, $games games, $invalid invalid: one report entry per game"
