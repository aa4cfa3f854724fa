#!/bin/sh
# shard-merge-derived-json: the JSON report of a merge, derived from the
# parts' JSONL renderings (cmd/merge.c derive_pretty), against one run's,
# with every kind of record among the games: hostile tag strings
# (make.py), CR and CR LF files, duplicates, an unreadable input, an
# empty one; validate in every format (cmp.sh), adjudicate in json and
# jsonl; and a part that holds its own "json" rendering is merged from it.
T=$PWD/tests/golden/shard-merge-derived-json
C=$PWD/tests/golden/shard-merge-duplicates/cmp.sh
d=$(mktemp -d) || exit 9
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 9
python3 "$T/make.py" || exit 9
: >empty.pgn
zstd -q -c "$OLDPWD/data/games/standard/pgn-extract-fischer.pgn" >bad.zst
python3 -c "import sys; b=bytearray(open(sys.argv[1],'rb').read()); n=len(b)//2; b[n:n+16]=bytes(16); open(sys.argv[1],'wb').write(b)" bad.zst
F="lf.pgn cr.pgn bad.zst empty.pgn crlf.pgn lf.pgn"
echo "== what the report holds: duplicates, escapes, an input error, {}"
$VCHESS validate --duplicates --format json $F 2>/dev/null >one.json
for s in '"duplicate_of"' '"a\u0001b\u0002c"' '"del\u007f' '"back\\"' '"\\\""' \
	'"E {x} [y], z: \"q\""' '"input_error"' '"tags": {}' '"hash"'; do
	printf '%s %s\n' "$s" "$(grep -cF -- "$s" one.json)"
done
echo "== validate --duplicates"
sh "$C" 24 --duplicates $F | sed -n '1,7p'
echo "== validate --duplicates --strict --max-errors 5"
sh "$C" 24 "--duplicates --strict --max-errors 5" $F | sed -n '1,7p'
echo "== adjudicate"
$VCHESS shards -n 24 $F 2>/dev/null | while IFS=$(printf '\t') read -r f k n r; do
	$VCHESS adjudicate --shard "$k/$n" --shard-range "$r" -o "a$k.jsonl" "$f" 2>/dev/null
done
for fmt in json jsonl; do
	$VCHESS adjudicate --format $fmt -o one.$fmt $F 2>one.err
	s1=$?
	$VCHESS report merge --format $fmt -o m.$fmt a*.jsonl 2>m.err
	s2=$?
	if cmp -s one.$fmt m.$fmt && cmp -s one.err m.err && [ $s1 = $s2 ]; then
		echo "$fmt: same report, standard error and exit status ($s1)"
	else
		echo "$fmt: the merge differs from one run"
	fi
done
echo "== a part with its own json rendering"
$VCHESS validate --shard 0/1 -o p.jsonl lf.pgn 2>/dev/null
python3 -c "
import json, sys
out = []
for line in open('p.jsonl', encoding='utf-8'):
    r = json.loads(line)
    if 'g' in r:
        r['g']['json'] = ',\n    \"its own\"'
    out.append(json.dumps(r) + '\n')
open('p.jsonl', 'w', encoding='utf-8').writelines(out)
"
$VCHESS report merge --format json p.jsonl | grep -c '"its own"'
echo "== damaged jsonl renderings"
$VCHESS validate --shard 0/1 -o p.jsonl lf.pgn 2>/dev/null
for bad in '}{' '{"a":[1,2]' '"abc\\\\' "$(printf '[%.0s' $(seq 70))" \
	"{\"a\":1$(printf '\001d0.63.0')$(printf '.1%.0s' $(seq 63))$(printf '\002')}"; do
	python3 -c "
import json, sys
rs = [json.loads(l) for l in open('p.jsonl', encoding='utf-8')]
rs[1]['g']['jsonl'] = sys.argv[1]
open('q.jsonl', 'w', encoding='utf-8').writelines(json.dumps(r) + '\n' for r in rs)
" "$bad"
	$VCHESS report merge --format json -o /dev/null q.jsonl
	echo "exit $?"
done
