#!/bin/sh
# Shard runs and their merge against one run, in every report format.
# usage: cmp.sh N 'validate options' FILE... (from the repository root,
# $VCHESS set). Cuts the FILEs into N shards (vchess shards -n N), runs
# each shard, merges, and compares with one run on the same FILEs: the
# report (cmp), standard error and the exit status, for text, json,
# jsonl, github, sarif and junit; prints one line a format, with
# --duplicates the number of duplicate-of warnings in each merged report,
# then the merged text report. Exits with the merge's status (text).
n=$1
opts=$2
shift 2
d=$(mktemp -d) || exit 9
trap 'rm -rf "$d"' EXIT
$VCHESS shards -n "$n" "$@" >"$d/plan" 2>/dev/null || exit 9
tab=$(printf '\t')
while IFS=$tab read -r f k N r; do
	# shard runs exit 0 or 3 (an unreadable input), never 1
	$VCHESS validate $opts --shard "$k/$N" --shard-range "$r" -o "$d/p$k.jsonl" "$f" \
		2>/dev/null
	s=$?
	[ $s = 0 ] || [ $s = 3 ] || { echo "shard $k: exit $s"; exit 9; }
done <"$d/plan"
echo "$(wc -l <"$d/plan" | tr -d ' ') shards"
for fmt in text json jsonl github sarif junit; do
	$VCHESS validate $opts --format $fmt -o "$d/one.$fmt" "$@" 2>"$d/one.err"
	s1=$?
	$VCHESS report merge --format $fmt -o "$d/m.$fmt" "$d"/p*.jsonl 2>"$d/m.err"
	s2=$?
	if ! cmp -s "$d/one.$fmt" "$d/m.$fmt"; then
		echo "$fmt: the merged report differs from one run's"
	elif ! cmp -s "$d/one.err" "$d/m.err"; then
		echo "$fmt: the merge's standard error differs from one run's"
	elif [ $s1 != $s2 ]; then
		echo "$fmt: exit $s2, one run $s1"
	else
		echo "$fmt: same report, standard error and exit status ($s1)"
	fi
done
case " $opts " in
*" --duplicates"*)
	# the duplicate-of warnings each format renders (the same number in
	# all: one a duplicate, vchess-validate(1) DUPLICATES)
	printf 'duplicate-of warnings:'
	for fmt in text json jsonl github sarif junit; do
		case $fmt in
		text | junit) pat='\[duplicate-of\]' ;;
		json | jsonl) pat='"duplicate_of":' ;;
		github) pat='^::warning [^:]*title=duplicate-of::' ;;
		sarif) pat='"ruleId":"duplicate-of"' ;;
		esac
		printf ' %s %s' $fmt "$(grep -o -e "$pat" "$d/m.$fmt" | wc -l | tr -d ' ')"
	done
	echo
	;;
esac
echo "--- merged text report"
cat "$d/m.text"
echo "--- standard error"
cat "$d/one.err"
$VCHESS report merge "$d"/p*.jsonl >/dev/null 2>&1
