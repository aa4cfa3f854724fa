#!/bin/sh
# Shard runs on real engines (issue 15): `vchess shards` lines fed to GNU
# parallel (-j 2 and -j 3) and to a Slurm array job with a dependent merge
# job; `vchess report merge` of the part reports must equal one run
# (`validate -j 1`, `adjudicate -j 1 --standings`) byte for byte, exit status
# too, and the per-shard --valid-out/--invalid-out copies put together in
# shard order must equal one run's. Inputs, made in a temporary directory
# by tests/distributed_gen.py from real games (data/games/,
# tests/data/distributed/): a plain PGN with hostile boundaries (BOM, CR LF,
# '%' lines, games with no blank line between them, comments over lines, a
# game longer than several shards) cut inside tags, inside comments, between
# CR and LF; the same as a multi-frame zstd file (pzstd's format, one frame
# per cut) and as a file made by pzstd itself. A comment holding
# "\n\n[Event" lines, cut there, must be refused (exit 2 naming the two
# shards), never merged into another report; missing, duplicated and
# foreign parts are refused (exit 2) too.
#
# Slurm: slurmctld and slurmd for one node on loopback, configured under the
# temporary directory (auth/none, cred/none: no munge, no systemd), stopped
# by their process ids at the end. Fails plainly when GNU parallel, pzstd or
# Slurm is missing and cannot be installed, or when Slurm does not start.
#
# usage: tests/distributed.sh VCHESS          (make check-distributed)
set -u
case $1 in /*) VCHESS=$1 ;; *) VCHESS=$(pwd)/$1 ;; esac
root=$(cd "$(dirname "$0")/.." && pwd)
PATH=$PATH:/usr/sbin:/sbin
if ! sh "$root/tests/deps.sh" parallel zstd slurmctld slurmd slurm-client; then
	echo "distributed: FAIL: GNU parallel, zstd (pzstd) and Slurm (slurmctld, slurmd, slurm-client) are needed and could not be installed"
	exit 1
fi
for t in parallel pzstd zstd python3 slurmctld slurmd sbatch squeue sinfo; do
	command -v "$t" >/dev/null || { echo "distributed: FAIL: $t not found"; exit 1; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vchess-dist.XXXXXX") || exit 1
ctld_pid="" slurmd_pid=""
stop_slurm() {
	for pid in $slurmd_pid $ctld_pid; do
		kill "$pid" 2>/dev/null
	done
	for pid in $slurmd_pid $ctld_pid; do
		i=0
		while kill -0 "$pid" 2>/dev/null && [ $i -lt 100 ]; do
			sleep 0.1
			i=$((i + 1))
		done
		kill -0 "$pid" 2>/dev/null && { echo "distributed: Slurm daemon $pid did not stop: killed"; kill -9 "$pid"; }
	done
	slurmd_pid="" ctld_pid=""
}
trap 'stop_slurm; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
failed=0
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
TAB=$(printf '\t')
gen() { python3 "$root/tests/distributed_gen.py" "$@"; }

# the inputs
src="$root/data/games/standard/*.pgn $root/data/games/chess960/*.pgn $root/data/games/antichess/*.pgn $root/tests/data/distributed/TCEC_Cup_6_Bronze.pgn"
# shellcheck disable=SC2086 # the globs are meant
{
	gen hostile "$tmp/h.pgn" "$tmp/cuts" $src &&
	gen frames "$tmp/h.pgn" "$tmp/cuts" "$tmp/h.zst" nolf &&
	gen frames "$tmp/h.pgn" "$tmp/cuts" "$tmp/lf.zst" lf &&
	trapoff=$(gen trap "$tmp/t.pgn" $src) &&
	gen pct "$tmp/pct.pgn" "$tmp/bomcuts" $src
} || { echo "distributed: FAIL: tests/distributed_gen.py"; exit 1; }
pzstd -d -q -c "$tmp/h.zst" | cmp -s - "$tmp/h.pgn" || fail "h.zst does not decode (pzstd -d) to h.pgn"
for i in 1 2 3 4 5 6; do cat "$tmp/h.pgn"; done >"$tmp/h6.pgn"
pzstd -q -1 -p 2 "$tmp/h6.pgn" -o "$tmp/p.zst" || fail "pzstd failed"
frames=$("$VCHESS" shards -n 1000 "$tmp/p.zst" | wc -l)
[ "$frames" -ge 2 ] || fail "pzstd wrote $frames frame(s): too few to test"
frames=$("$VCHESS" shards -n 1000 "$tmp/h.zst" | wc -l)
[ "$frames" -gt 30 ] || fail "h.zst: $frames frames, expected one per cut"

# list FILE NAME ARGS...: the shard list `vchess shards ARGS FILE` in $tmp/NAME
list() {
	f=$1 name=$2
	shift 2
	"$VCHESS" shards "$@" "$f" >"$tmp/$name" 2>/dev/null || fail "shards $* $f: exit $?"
}
# cutlist FILE NAME CUT...: a list of byte ranges with the CUTs between them
cutlist() {
	f=$1 name=$2
	shift 2
	size=$(wc -c <"$f")
	echo "$@" "$size" | tr ' ' '\n' | awk -v f="$f" -v OFS="$TAB" '
		{ c[NR] = $1 } END { for (i = 1; i <= NR; i++) print f, i - 1, NR, (i > 1 ? c[i - 1] : 0) "-" c[i] }' >"$tmp/$name"
}

# sharded CMD LIST J DIR [OPTS...]: `vchess CMD --shard K/N --shard-range R
# OPTS -o DIR/part.K FILE` for every line of LIST under GNU parallel -j J,
# validate with --valid-out/--invalid-out DIR/valid.K, DIR/invalid.K
sharded() {
	cmd=$1 lst=$2 j=$3 dir=$4
	shift 4
	rm -rf "$dir"
	mkdir -p "$dir"
	copies=""
	[ "$cmd" = validate ] && copies="--valid-out $dir/valid.{2} --invalid-out $dir/invalid.{2}"
	# shellcheck disable=SC2086 # $copies is two options or none
	parallel -j "$j" --colsep "$TAB" --halt now,fail=1 \
		"$VCHESS" "$cmd" --shard '{2}/{3}' --shard-range '{4}' "$@" -o "$dir/part.{2}" $copies '{1}' \
		:::: "$lst" 2>"$dir/stderr" || fail "$cmd $lst -j $j: a shard run failed: $(head -c 600 "$dir/stderr")"
	[ -s "$dir/stderr" ] && fail "$cmd $lst: shard runs wrote to standard error: $(head -c 600 "$dir/stderr")"
}
# serial CMD LIST DIR: as sharded, one shard after the other (the sweeps
# over many counts: a process each, GNU parallel's own start costs more)
serial() {
	cmd=$1 lst=$2 dir=$3
	rm -rf "$dir"
	mkdir -p "$dir"
	while IFS="$TAB" read -r file k count range; do
		"$VCHESS" "$cmd" --shard "$k/$count" --shard-range "$range" -o "$dir/part.$k" "$file" ||
			fail "$cmd $lst: shard $k: exit $?"
	done <"$lst"
}
# merged DIR ARGS...: the merge of DIR's parts into DIR/merged, exit status in $mrc
merged() {
	dir=$1
	shift
	"$VCHESS" report merge "$@" "$dir"/part.* >"$dir/merged" 2>"$dir/merge.err"
	mrc=$?
}
# one FILE CMD ARGS...: one run on the whole FILE into $tmp/one, exit status in $orc
one() {
	f=$1
	shift
	"$VCHESS" "$@" "$f" >"$tmp/one" 2>/dev/null
	orc=$?
}
# same WHAT DIR: DIR's merge equals one run (report and exit status)
same() {
	if [ "$mrc" -ne "$orc" ] || ! cmp -s "$2/merged" "$tmp/one"; then
		fail "$1: the merge (exit $mrc) differs from one run (exit $orc): $(head -c 600 "$2/merge.err")"
		diff "$tmp/one" "$2/merged" | head -5
	fi
}
# copies LIST DIR: DIR's copies put together in shard order equal one run's
# (one run with --valid-out $tmp/one.valid --invalid-out $tmp/one.invalid)
copies() {
	for kind in valid invalid; do
		: >"$tmp/joined"
		n=$(wc -l <"$1")
		k=0
		while [ $k -lt "$n" ]; do
			cat "$2/$kind.$k" >>"$tmp/joined" 2>/dev/null || fail "$1: no $kind.$k"
			k=$((k + 1))
		done
		cmp -s "$tmp/joined" "$tmp/one.$kind" || fail "$1: the --$kind-out copies put together differ from one run's"
	done
}
# check LIST J: validate (text, json, jsonl, copies) and adjudicate --standings
# (text, json) of LIST's shards under parallel -j J against one run
check() {
	lst=$tmp/$1 j=$2 d=$tmp/parts
	f=$(cut -f1 "$lst" | head -n 1)
	sharded validate "$lst" "$j" "$d"
	for fmt in text json jsonl; do
		merged "$d" --format "$fmt"
		one "$f" validate -j 1 --format "$fmt" --valid-out "$tmp/one.valid" --invalid-out "$tmp/one.invalid"
		same "validate $1 -j $j --format $fmt" "$d"
	done
	copies "$lst" "$d"
	sharded adjudicate "$lst" "$j" "$d"
	for fmt in text json; do
		merged "$d" --standings --format "$fmt"
		one "$f" adjudicate -j 1 --standings --format "$fmt"
		same "adjudicate $1 -j $j --standings --format $fmt" "$d"
	done
}

# DIST_SLURM_ONLY=1: the Slurm part alone (make check-distributed runs the
# whole test, then the Slurm part again: daemons started twice in a row)
if [ -z "${DIST_SLURM_ONLY:-}" ]; then
# GNU parallel: the plain file by count and at the hostile cuts, the
# framed file one shard per frame and grouped, pzstd's own file
list "$tmp/h.pgn" h7 -n 7
list "$tmp/h.pgn" h3 -n 3
cutlist "$tmp/h.pgn" hcuts $(cat "$tmp/cuts")
list "$tmp/h.zst" zall -n 100000
list "$tmp/h.zst" z5 -n 5
list "$tmp/p.zst" pall -n 1000
check h7 2
check h3 3
check hcuts 3
check zall 2
check z5 3
check pall 2
# --duplicates: p.zst holds h.pgn six times, so most games have their first
# in an earlier shard; the merge names the same firsts as one run, in every
# format. Each shard's --duplicates-out holds its own duplicates only (the
# copies are not moved), but every game still goes to one copy of one shard.
sharded validate "$tmp/pall" 3 "$tmp/parts" --duplicates-max 100000 \
	--duplicates-out "$tmp/parts/dups.{2}"
for fmt in text json jsonl github sarif junit; do
	merged "$tmp/parts" --format "$fmt"
	one "$tmp/p.zst" validate -j 1 --duplicates-max 100000 --format "$fmt" \
		--valid-out "$tmp/one.valid" --invalid-out "$tmp/one.invalid" --duplicates-out "$tmp/one.dups"
	same "validate --duplicates pall -j 3 --format $fmt" "$tmp/parts"
done
grep -q "duplicate-of" "$tmp/one" || fail "p.zst: one run found no duplicate"
a=$(cat "$tmp/parts"/valid.* "$tmp/parts"/invalid.* "$tmp/parts"/dups.* | wc -c)
b=$(cat "$tmp/one.valid" "$tmp/one.invalid" "$tmp/one.dups" | wc -c)
[ "$a" -eq "$b" ] || fail "validate --duplicates pall: the shards' copies hold $a bytes, one run's $b"
# --max-errors: each shard stops at its own count, the merge where one run
# stops
for m in 1 3 7; do
	sharded validate "$tmp/h7" 2 "$tmp/parts" --max-errors $m
	for fmt in text jsonl; do
		merged "$tmp/parts" --format "$fmt"
		one "$tmp/h.pgn" validate -j 1 --max-errors $m --format "$fmt" \
			--valid-out "$tmp/one.valid" --invalid-out "$tmp/one.invalid"
		same "validate --max-errors $m h7 --format $fmt" "$tmp/parts"
	done
done
# the shards' --format is the merge's default
sharded validate "$tmp/h7" 2 "$tmp/parts" --format json
merged "$tmp/parts"
one "$tmp/h.pgn" validate -j 1 --format json --valid-out "$tmp/one.valid" --invalid-out "$tmp/one.invalid"
same "validate --format json in the shards, none in the merge" "$tmp/parts"

# more counts on the plain file: always identical (one run made once: the
# loop leaves $tmp/one and $orc alone)
one "$tmp/h.pgn" validate -j 1 --format jsonl
for n in 1 2 4 5 6 9 11 16 23 31; do
	list "$tmp/h.pgn" hn -n "$n"
	serial validate "$tmp/hn" "$tmp/parts"
	merged "$tmp/parts" --format jsonl
	same "validate -n $n" "$tmp/parts"
done

# a comment holding "\n\n[Event" lines: for every count, the merge is one
# run's report or a refusal (exit 2) naming the two shards; at least one
# count cuts there, and so does a cut made inside the comment on purpose
refused=0
one "$tmp/t.pgn" validate -j 1 --format jsonl
cp "$tmp/one" "$tmp/t.one"
t_orc=$orc
for n in 2 3 4 5 6 7 8 9 10 11 12 13 17 19; do
	list "$tmp/t.pgn" tn -n "$n"
	serial validate "$tmp/tn" "$tmp/parts"
	merged "$tmp/parts" --format jsonl
	if [ "$mrc" -eq 2 ]; then
		refused=$((refused + 1))
		grep -Eq "shards [0-9]+ \([^)]*part\.[0-9]+\) and [0-9]+ \([^)]*part\.[0-9]+\) disagree" "$tmp/parts/merge.err" ||
			fail "t.pgn -n $n: exit 2 without naming the two shards: $(cat "$tmp/parts/merge.err")"
	elif [ "$mrc" -ne "$t_orc" ] || ! cmp -s "$tmp/parts/merged" "$tmp/t.one"; then
		fail "t.pgn -n $n: a report that is not one run's (exit $mrc), and no refusal"
	fi
done
[ "$refused" -gt 0 ] || fail "t.pgn: no count cut inside the comment: the test does not test the refusal"
cutlist "$tmp/t.pgn" tcut $((trapoff - 5))
sharded validate "$tmp/tcut" 3 "$tmp/parts"
merged "$tmp/parts"
[ "$mrc" -eq 2 ] && grep -q "shards 0 (.*part.0) and 1 (.*part.1) disagree" "$tmp/parts/merge.err" ||
	fail "t.pgn cut inside the comment before [Event: exit $mrc, $(cat "$tmp/parts/merge.err")"

# parts missing, given twice, of another run
sharded validate "$tmp/h3" 2 "$tmp/parts"
refuse() {
	want=$1
	shift
	"$VCHESS" report merge "$@" >/dev/null 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 2 ] || fail "merge $*: exit $rc, expected 2"
	grep -q -- "$want" "$tmp/err" || fail "merge $*: the message does not name $want: $(cat "$tmp/err")"
}
P=$tmp/parts/part
refuse "shard 1 of 3 is missing" "$P.0" "$P.2"
refuse "shard 2 of 3 is missing" "$P.0" "$P.1"
refuse "$P.1" "$P.0" "$P.1" "$P.1" "$P.2"
cp "$P.1" "$tmp/copy.1"
refuse "$tmp/copy.1" "$P.0" "$P.1" "$tmp/copy.1" "$P.2"
"$VCHESS" validate --strict --shard 1/3 --shard-range "$(sed -n 2p "$tmp/h3" | cut -f4)" -o "$tmp/strict.1" "$tmp/h.pgn"
refuse "$tmp/strict.1" "$P.0" "$tmp/strict.1" "$P.2"
"$VCHESS" adjudicate --shard 1/3 --shard-range "$(sed -n 2p "$tmp/h3" | cut -f4)" -o "$tmp/adj.1" "$tmp/h.pgn"
refuse "$tmp/adj.1" "$P.0" "$tmp/adj.1" "$P.2"
list "$tmp/t.pgn" t3 -n 3
"$VCHESS" validate --shard 1/3 --shard-range "$(sed -n 2p "$tmp/t3" | cut -f4)" -o "$tmp/other.1" "$tmp/t.pgn"
refuse "$tmp/other.1" "$P.0" "$tmp/other.1" "$P.2"
head -c 2000 "$P.2" >"$tmp/cut.2"
refuse "$tmp/cut.2" "$P.0" "$P.1" "$tmp/cut.2"

fi

# Slurm: one node on loopback, an array job of shards, a dependent merge
slurm_up() {
	d=$tmp/slurm
	rm -rf "$d"
	mkdir -p "$d/state" "$d/spool" "$d/log" "$d/out"
	host=$(hostname -s)
	p1=$((20000 + ($$ * 7 + $1 * 2) % 20000))
	cat >"$d/slurm.conf" <<-CONF
	ClusterName=vchess
	SlurmctldHost=$host(127.0.0.1)
	AuthType=auth/none
	CredType=cred/none
	SlurmctldPort=$p1
	SlurmdPort=$((p1 + 1))
	StateSaveLocation=$d/state
	SlurmdSpoolDir=$d/spool
	SlurmctldPidFile=$d/slurmctld.pid
	SlurmdPidFile=$d/slurmd.pid
	SlurmctldLogFile=$d/log/slurmctld.log
	SlurmdLogFile=$d/log/slurmd.log
	ProctrackType=proctrack/linuxproc
	TaskPlugin=task/none
	SchedulerType=sched/builtin
	SelectType=select/cons_tres
	SelectTypeParameters=CR_Core
	ReturnToService=2
	MpiDefault=none
	SlurmUser=root
	SlurmdUser=root
	JobCompType=jobcomp/none
	AccountingStorageType=accounting_storage/none
	PlugStackConfig=$d/plugstack.conf
	NodeName=$host NodeAddr=127.0.0.1 CPUs=2 RealMemory=1000 State=UNKNOWN
	PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
	CONF
	: >"$d/plugstack.conf"
	export SLURM_CONF="$d/slurm.conf"
	slurmctld -i -c >"$d/log/ctld.err" 2>&1 || { slurm_failed "slurmctld did not start"; return 1; }
	i=0
	while [ ! -s "$d/slurmctld.pid" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
	ctld_pid=$(cat "$d/slurmctld.pid" 2>/dev/null)
	slurmd >"$d/log/d.err" 2>&1 || { slurm_failed "slurmd did not start"; return 1; }
	i=0
	while [ ! -s "$d/slurmd.pid" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
	slurmd_pid=$(cat "$d/slurmd.pid" 2>/dev/null)
	[ -n "$ctld_pid" ] && [ -n "$slurmd_pid" ] || { slurm_failed "no pid file"; return 1; }
	i=0
	until sinfo -h -o %t 2>/dev/null | grep -q idle; do
		i=$((i + 1))
		[ $i -lt 300 ] || { slurm_failed "the node is not idle after 30 s"; return 1; }
		sleep 0.1
	done
}
slurm_failed() {
	fail "Slurm: $1; its logs:"
	for l in "$tmp"/slurm/log/*; do
		echo "== $l"
		tail -n 30 "$l"
	done
}
# slurm_run LIST: the shards of LIST as an array job, the merge (jsonl, and
# the copies put together) as a job that waits for them all (afterok)
slurm_run() {
	lst=$tmp/$1 d=$tmp/slurm
	n=$(wc -l <"$lst")
	rm -rf "$d/parts" "$d/out"/*
	mkdir -p "$d/parts"
	cat >"$d/shard.sh" <<-EOF
	#!/bin/sh
	IFS='$TAB' read -r file k count range <<LINE
	\$(sed -n "\$((SLURM_ARRAY_TASK_ID + 1))p" '$lst')
	LINE
	exec '$VCHESS' validate --shard "\$k/\$count" --shard-range "\$range" -o "$d/parts/part.\$k" \\
	  --valid-out "$d/parts/valid.\$k" --invalid-out "$d/parts/invalid.\$k" "\$file"
	EOF
	cat >"$d/merge.sh" <<-EOF
	#!/bin/sh
	'$VCHESS' report merge --format jsonl -o "$d/merged.tmp" "$d"/parts/part.*
	echo \$? >"$d/merge.rc"
	mv "$d/merged.tmp" "$d/merged"
	EOF
	rm -f "$d/merged" "$d/merge.rc"
	jid=$(sbatch --parsable --array="0-$((n - 1))" -o "$d/out/shard-%a.out" "$d/shard.sh") ||
		{ slurm_failed "sbatch of the array job"; return; }
	mid=$(sbatch --parsable --dependency="afterok:$jid" -o "$d/out/merge.out" "$d/merge.sh") ||
		{ slurm_failed "sbatch of the merge job"; return; }
	i=0
	while [ ! -s "$d/merge.rc" ] || [ -n "$(squeue -h -j "$jid,$mid" 2>/dev/null)" ]; do
		i=$((i + 1))
		if [ $i -gt 1200 ]; then
			squeue
			slurm_failed "$1: the jobs did not finish in 120 s"
			return
		fi
		sleep 0.1
	done
	cat "$d/out"/* >"$d/joblog"
	[ -s "$d/joblog" ] && fail "Slurm $1: the jobs wrote: $(head -c 600 "$d/joblog")"
	one "$(head -n 1 "$lst" | cut -f1)" validate -j 1 --format jsonl --valid-out "$tmp/one.valid" --invalid-out "$tmp/one.invalid"
	mrc=$(cat "$d/merge.rc")
	cp "$d/merged" "$d/parts/merged" 2>/dev/null
	: >"$d/parts/merge.err"
	same "Slurm $1" "$d/parts"
	copies "$lst" "$d/parts"
}
[ -s "$tmp/h7" ] || list "$tmp/h.pgn" h7 -n 7
[ -s "$tmp/zall" ] || list "$tmp/h.zst" zall -n 100000
if slurm_up 0; then
	slurm_run h7
	# one task per frame: the long array, once per make check
	[ -z "${DIST_SLURM_ONLY:-}" ] && slurm_run zall
	list "$tmp/p.zst" p2 -n 2
	slurm_run p2
fi
stop_slurm
# nothing left of this run's daemons
for f in "$tmp"/slurm/*.pid; do
	[ -s "$f" ] && kill -0 "$(cat "$f")" 2>/dev/null && fail "Slurm daemon $(cat "$f") still running"
done

if [ -z "${DIST_SLURM_ONLY:-}" ]; then
# Faults this test found in the shard runs, fixed, kept as regression
# tests: the game after a '%' line, the first game after a BOM cut at byte
# 1, 2 or 3, and the tag line after a zstd frame that starts with the LF of
# a line (the LF alone looked like a blank line) were not found by a shard
# run's resync, and the merge refused (exit 2) where it must give one run's
# report.
list "$tmp/lf.zst" lfall -n 100000
serial validate "$tmp/lfall" "$tmp/parts"
merged "$tmp/parts" --format jsonl
one "$tmp/lf.zst" validate -j 1 --format jsonl
same "zstd frames that start with a LF (lf.zst)" "$tmp/parts"
one "$tmp/pct.pgn" validate -j 1 --format jsonl
size=$(wc -c <"$tmp/pct.pgn")
for n in 3 8; do
	list "$tmp/pct.pgn" pn -n "$n"
	serial validate "$tmp/pn" "$tmp/parts"
	merged "$tmp/parts" --format jsonl
	same "'%' lines right before games (pct.pgn), -n $n" "$tmp/parts"
done
for c in $(cat "$tmp/bomcuts"); do
	cutlist "$tmp/pct.pgn" bom "$c"
	serial validate "$tmp/bom" "$tmp/parts"
	merged "$tmp/parts" --format jsonl
	same "a cut at byte $c of a file that starts with a BOM" "$tmp/parts"
done

fi

if [ "$failed" -ne 0 ]; then
	echo "distributed: $failed failure(s)"
	exit 1
fi
echo "distributed: all passed"
