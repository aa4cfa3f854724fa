#!/bin/sh
# Benchmarks (make bench): every speed and memory figure the project asks
# for, each beside a reference program run on the same machine in the same
# run, as ratios; one table per topic, each under a line naming its target.
#
# usage: tests/bench.sh [VCHESS]   (default ./vchess; run from the repo root)
#
# 1. perft nodes/s, one thread: vchess beside Stockfish's `go perft` (start
#    position depth 6, Kiwipete depth 5), antichess start position depth 6
#    beside Fairy-Stockfish, and beside Stockfish's standard figure; Backwards
#    Stalemate Chess (depth 4, ~0.3 s; depth 5 is 3.7e9 nodes) beside vchess's
#    standard figure. Each time is the best of BENCH_REPEAT runs less the best
#    time of the same command at depth 1 (process start, tables, networks).
# 2. validate throughput, one thread: `vchess validate` beside
#    `pgn-extract -s -o /dev/null` (which reads, replays and writes out every
#    game), on the TCEC files of ../shared/refdata/tcec/ concatenated several
#    times (comment-heavy, MB/s), and on the same files with their {comments}
#    stripped, ~20,000 games (comment-light, games/s). The game counts of both
#    programs are checked (pgn-extract's once more without -s, untimed).
#    Then both again with vchess -j 2 (pgn-extract has no threads).
# 3. parallel: `vchess validate --format jsonl -j 1` beside `-j 2` on both
#    corpora and the comment-heavy one twice over (548 MB), runs taken in
#    turn, with their CPU time (user + system); and
#    the comment-heavy one again while a `yes` process keeps one core busy
#    (killed by its pid after); the two reports must be identical (cmp).
# 4. memory: peak RSS of `vchess validate` on a 10 MB and a 1 GB input (and
#    the same gzipped with gzip -1), made by concatenating the TCEC files.
#
# 1b. with BASELINE=COMMIT: perft of this build beside that commit's, in
#    turn, the speed-up per row against issue 18's targets (Kiwipete d5,
#    the middlegame set data/perft/middlegame.perft, antichess, the start
#    position d6 and d7, Chess960), and Kiwipete and the middlegame set
#    again on the portable path (VCHESS_NO_BMI2=1); the median of
#    BENCH_PREPEAT (default 7) runs each, which goes first alternating.
# 5. with BASELINE=COMMIT (make bench BASELINE=cb8de6a): that commit built
#    in a scratch copy (git archive) and run beside this build, command by
#    command in turn, on backwards perft and the validate rows of 2
#    (one thread and -j 2): the median of BENCH_BREPEAT (default 3) runs
#    each, and the ratio this / baseline of the times (a row over 1.05 is
#    flagged: the redesign of issue 12 may cost at most 5%).
#
# Timings are wall clock (date +%s%N around /usr/bin/time, which also gives
# the peak RSS), best of BENCH_REPEAT runs (default 3; the validate rows,
# under a third of a second for vchess, best of BENCH_VREPEAT, default 5,
# for both programs): the machine is shared.
# Environment:
# 6. winnable: `vchess winnable` on the unwinnability test vectors and the
#    final positions of 30,000 lichess games, full and --quick, microseconds
#    a query (tests/bench_winnable.sh, which runs alone too).
# 7. dead positions: `vchess validate` with `--dead-positions full` (the
#    default) beside `--dead-positions material`, one thread, on the TCEC
#    corpus (comment-heavy) and the same stripped of comments
#    (comment-light), the two run in turn, median of BENCH_DREPEAT (default
#    3) runs each; the reports must agree but for the games the search ends
#    (counted). Target: full / material <= 1.10 (issue 13).
#
#   BENCH_QUICK=1    small sizes and 1 run each, for development
#   BENCH_REPEAT=N   runs per timing (best kept)
#   BENCH_VREPEAT=N  runs per validate timing (best kept)
#   BASELINE=COMMIT  also time that commit's build beside this one (5.)
#   BENCH_BREPEAT=N  runs per baseline comparison (median kept)
#   BENCH_PREPEAT=N  runs per perft baseline comparison (1b; default 7)
#   BENCH_ONLY=perft only 1 and 1b (the perft figures)
#   BENCH_DREPEAT=N  runs per dead-position comparison (median kept, 7.)
#   BENCH_BIG=0      skip the 1 GB memory input (BENCH_BIG_MB sets its size)
#   STOCKFISH, FAIRY_STOCKFISH, PGN_EXTRACT, TCEC: paths of the references
#   VCHESS_REFDATA: the reference data folder (else ../shared/refdata or
#                    /work/shared/refdata)
# Needs Debian packages stockfish, fairy-stockfish, pgn-extract and time
# (installed by tests/deps.sh when missing and root); a missing tool skips
# its column. Exit status 0 when the benchmark ran (it is not a test).
# shellcheck disable=SC2059 # the table formats are kept in variables
# shellcheck disable=SC2086 # file lists are split on purpose (no spaces)
set -u
VCHESS=${1:-./vchess}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
FAIRY_STOCKFISH=${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}
PGN_EXTRACT=${PGN_EXTRACT:-/usr/games/pgn-extract}
# the TCEC files: $TCEC, else $VCHESS_REFDATA/tcec, ../shared/refdata/tcec
# (beside the checkout) or /work/shared/refdata/tcec, as the tests look
if [ -z "${TCEC:-}" ]; then
	TCEC=../shared/refdata/tcec
	for d in "${VCHESS_REFDATA:-}" ../shared/refdata /work/shared/refdata; do
		if [ -n "$d" ] && [ -d "$d/tcec" ]; then
			TCEC=$d/tcec
			break
		fi
	done
fi
QUICK=${BENCH_QUICK:-0}
BIG=${BENCH_BIG:-1}

if [ "$QUICK" = 1 ]; then
	REPEAT=${BENCH_REPEAT:-1}
	VREPEAT=${BENCH_VREPEAT:-$REPEAT}
	# Stockfish needs ~0.2 s to start: smaller standard depths drown in it
	D_STD=6 D_KIWI=5 D_ANTI=5 D_BACK=4
	HEAVY_COPIES=2 LIGHT_GAMES=2000 SMALL_MB=10 BIG_MB=${BENCH_BIG_MB:-100}
else
	REPEAT=${BENCH_REPEAT:-3}
	VREPEAT=${BENCH_VREPEAT:-5}
	D_STD=6 D_KIWI=5 D_ANTI=6 D_BACK=4
	HEAVY_COPIES=20 LIGHT_GAMES=20000 SMALL_MB=10 BIG_MB=${BENCH_BIG_MB:-1000}
fi

if [ ! -x "$VCHESS" ]; then
	echo "bench: $VCHESS is not an executable (run make first)" >&2
	exit 2
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vchess-bench.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# A private copy: others may rebuild ./vchess in the shared tree meanwhile.
cp "$VCHESS" "$tmp/vchess" || exit 2
VC=$tmp/vchess

# the baseline build (5.): git archive of BASELINE into $tmp, built there
BASE_VC=
if [ -n "${BASELINE:-}" ]; then
	mkdir -p "$tmp/base" &&
		git archive "$BASELINE" | tar -x -C "$tmp/base" &&
		make -C "$tmp/base" -j "$(nproc)" vchess >"$tmp/base.log" 2>&1 &&
		BASE_VC=$tmp/base/vchess
	if [ -z "$BASE_VC" ]; then
		echo "bench: could not build BASELINE=$BASELINE:" >&2
		tail -n 20 "$tmp/base.log" >&2
		exit 2
	fi
fi

for p in stockfish fairy-stockfish pgn-extract time; do
	sh tests/deps.sh "$p" >/dev/null 2>&1 ||
		echo "bench: Debian package $p is missing (sh tests/deps.sh $p); its column is skipped" >&2
done

now() { date +%s%N; } # nanoseconds

# seconds between two now() readings
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b - a) / 1e9 }'; }

min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b < a) ? b : a }'; }

sub() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a - b }'; }

ratio() { # a b -> a/b with 2 decimals, or "-"
	awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2f", a / b; else print "-" }'
}

met() { # value op target -> yes / NO / -
	awk -v v="$1" -v op="$2" -v t="$3" 'BEGIN {
		if (v == "-" || v == "") { print "-"; exit }
		ok = (op == ">=") ? (v + 0 >= t + 0) : (v + 0 <= t + 0)
		print ok ? "yes" : "NO" }'
}

rate() { # count seconds -> count/s, or "-"
	awk -v n="$1" -v s="$2" 'BEGIN { if (s > 0 && n > 0) printf "%.0f", n / s; else print "-" }'
}

mega() { # number -> "123.4M", or "-"
	awk -v n="$1" 'BEGIN { if (n + 0 > 0) printf "%.1fM", n / 1e6; else print "-" }'
}

size() { wc -c <"$1" | tr -d ' '; }

mb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1e6 }'; }

have() { [ -x "$1" ] && echo 1 || echo 0; }
have_sf=$(have "$STOCKFISH")
have_fsf=$(have "$FAIRY_STOCKFISH")
have_pe=$(have "$PGN_EXTRACT")
have_time=$(have /usr/bin/time)

nl='
'

# ---- header --------------------------------------------------------------
echo "vchess benchmarks: $("$VC" --version), $(nproc) cores, $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
if [ "$QUICK" = 1 ]; then
	echo "QUICK SIZES (BENCH_QUICK=1): small depths and inputs, figures are indicative only"
fi
echo "each time is the best of $REPEAT run(s), validate times of $VREPEAT; ratios compare programs run on this machine in this run"
if [ "$have_sf" = 1 ]; then
	echo "reference: $(printf 'quit\n' | "$STOCKFISH" 2>/dev/null | head -n 1)"
fi
if [ "$have_fsf" = 1 ]; then
	echo "reference: $(printf 'quit\n' | "$FAIRY_STOCKFISH" 2>/dev/null | head -n 1) (the Debian package is a slow large-board build)"
fi
if [ "$have_pe" = 1 ]; then
	echo "reference: $("$PGN_EXTRACT" --version 2>&1 | head -n 1)"
fi

# ---- 1. perft ------------------------------------------------------------
# vchess perft: prints "NODES SECONDS" (wall, best of REPEAT)
vchess_perft() { # depth [--variant V] [fen]
	vp_best=
	vp_i=0
	while [ $vp_i -lt "$REPEAT" ]; do
		t0=$(now)
		vp_n=$("$VC" perft --quiet --depth "$@" 2>/dev/null | awk '$1 == "nodes" { print $2 }')
		t1=$(now)
		vp_best=$(min "$vp_best" "$(secs "$t0" "$t1")")
		vp_i=$((vp_i + 1))
	done
	echo "${vp_n:-0} $vp_best"
}

# UCI engine go perft: prints "NODES SECONDS" (wall, best of REPEAT)
uci_perft() { # engine setup-commands depth
	up_best=
	up_i=0
	while [ $up_i -lt "$REPEAT" ]; do
		t0=$(now)
		up_n=$(printf '%s\ngo perft %s\nquit\n' "$2" "$3" |
			"$1" 2>/dev/null | awk '/^Nodes searched:/ { print $3 }')
		t1=$(now)
		up_best=$(min "$up_best" "$(secs "$t0" "$t1")")
		up_i=$((up_i + 1))
	done
	echo "${up_n:-0} $up_best"
}

# vchess_rate depth args...: sets v_nodes, v_rate (counting time only)
vchess_rate() {
	vr_base=$(vchess_perft 1 "$@")
	vr_full=$(vchess_perft "$@")
	v_nodes=${vr_full% *}
	v_rate=$(rate "$v_nodes" "$(sub "${vr_full#* }" "${vr_base#* }")")
}

# uci_rate engine setup depth: sets u_nodes, u_rate
uci_rate() {
	ur_base=$(uci_perft "$1" "$2" 1)
	ur_full=$(uci_perft "$1" "$2" "$3")
	u_nodes=${ur_full% *}
	u_rate=$(rate "$u_nodes" "$(sub "${ur_full#* }" "${ur_base#* }")")
}

pfmt='%-34s %5s %12s %10s %10s %-18s %7s %7s %4s\n'
perft_row() { # label depth nodes vrate refrate refname target-op target
	r=$(ratio "$4" "$5")
	if [ -n "$8" ]; then
		printf "$pfmt" "$1" "$2" "$3" "$(mega "$4")" "$(mega "$5")" "$6" "$r" "$7 $8" "$(met "$r" "$7" "$8")"
	else
		printf "$pfmt" "$1" "$2" "$3" "$(mega "$4")" "$(mega "$5")" "$6" "$r" "-" "-"
	fi
}
count_check() { # who vchess-nodes ref-nodes
	if [ "$3" != - ] && [ "$3" != "$2" ]; then
		echo "  WARNING: node counts differ: vchess $2, $1 $3"
	fi
}

START="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWI="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

echo
echo "== 1. perft nodes/s, one thread, higher is better"
echo "   targets: vchess / Stockfish >= 3 (standard, Kiwipete); vchess antichess / Stockfish standard start >= 1.3"
printf "$pfmt" "position" "depth" "nodes" "vchess" "reference" "reference is" "ratio" "target" "met"

vchess_rate "$D_STD" "$START"
std_nodes=$v_nodes std_rate=$v_rate
sf_std_rate=- sf_nodes=-
if [ "$have_sf" = 1 ]; then
	uci_rate "$STOCKFISH" "position startpos" "$D_STD"
	sf_std_rate=$u_rate sf_nodes=$u_nodes
fi
perft_row "standard start position" "$D_STD" "$std_nodes" "$std_rate" "$sf_std_rate" stockfish ">=" 3
count_check stockfish "$std_nodes" "$sf_nodes"

vchess_rate "$D_KIWI" "$KIWI"
kiwi_nodes=$v_nodes kiwi_rate=$v_rate
sf_rate=- sf_nodes=-
if [ "$have_sf" = 1 ]; then
	uci_rate "$STOCKFISH" "position fen $KIWI" "$D_KIWI"
	sf_rate=$u_rate sf_nodes=$u_nodes
fi
perft_row "Kiwipete" "$D_KIWI" "$kiwi_nodes" "$kiwi_rate" "$sf_rate" stockfish ">=" 3
count_check stockfish "$kiwi_nodes" "$sf_nodes"

vchess_rate "$D_ANTI" --variant antichess
anti_nodes=$v_nodes anti_rate=$v_rate
fsf_rate=- fsf_nodes=-
if [ "$have_fsf" = 1 ]; then
	uci_rate "$FAIRY_STOCKFISH" "setoption name UCI_Variant value antichess${nl}position startpos" "$D_ANTI"
	fsf_rate=$u_rate fsf_nodes=$u_nodes
fi
perft_row "antichess start position" "$D_ANTI" "$anti_nodes" "$anti_rate" "$fsf_rate" "fairy-stockfish (*)" "" ""
count_check fairy-stockfish "$anti_nodes" "$fsf_nodes"
perft_row "antichess start / standard start" "$D_ANTI" "$anti_nodes" "$anti_rate" "$sf_std_rate" "stockfish std d$D_STD" ">=" 1.3

vchess_rate "$D_BACK" --variant backwards
perft_row "backwards start / standard start" "$D_BACK" "$v_nodes" "$v_rate" "$std_rate" "vchess std d$D_STD" "" ""

echo "(ratio = vchess / reference; M = million nodes/s; '-' = not measured)"
[ "$have_sf" = 1 ] || echo "(stockfish missing: sh tests/deps.sh stockfish)"
if [ "$have_fsf" = 1 ]; then
	echo "(*) Debian's fairy-stockfish is a large-board build (LB), several times slower than"
	echo "    a standard build: compare antichess against Stockfish's standard figure instead"
else
	echo "(fairy-stockfish missing: sh tests/deps.sh fairy-stockfish)"
fi

# ---- 1b. perft beside BASELINE (issue 18) ----------------------------------
# The same command of this build and of the baseline's, in turn, BREPEAT
# times each; the median wall times and the speed-up base / this (higher is
# better), each row against its target: Kiwipete and the middlegame set
# (data/perft/middlegame.perft, the ratio of the whole suite's times) the
# open positions, antichess, and the start position and Chess960 not slower.
# With VCHESS_NO_BMI2=1 in the environment this build runs its portable
# path (the magic lookups); the row "(portable)" runs it so in any case.
perft_base_row() { # label target vchess-perft-args...
	pb_label=$1 pb_target=$2
	shift 2
	pb_a='' pb_b=''
	pb_i=0
	while [ $pb_i -lt "$BREPEAT" ]; do
		# in turn, which of the two goes first alternating
		if [ $((pb_i % 2)) = 0 ]; then
			pb_t0=$(now)
			env ${PB_ENV:-} "$VC" perft "$@" >/dev/null 2>&1
			pb_t1=$(now)
			"$BASE_VC" perft "$@" >/dev/null 2>&1
			pb_t2=$(now)
			pb_a="$pb_a $(secs "$pb_t0" "$pb_t1")"
			pb_b="$pb_b $(secs "$pb_t1" "$pb_t2")"
		else
			pb_t0=$(now)
			"$BASE_VC" perft "$@" >/dev/null 2>&1
			pb_t1=$(now)
			env ${PB_ENV:-} "$VC" perft "$@" >/dev/null 2>&1
			pb_t2=$(now)
			pb_b="$pb_b $(secs "$pb_t0" "$pb_t1")"
			pb_a="$pb_a $(secs "$pb_t1" "$pb_t2")"
		fi
		pb_i=$((pb_i + 1))
	done
	pb_ma=$(echo "$pb_a" | median1) pb_mb=$(echo "$pb_b" | median1)
	pb_r=$(ratio "$pb_mb" "$pb_ma")
	printf "$pbfmt" "$pb_label" "$pb_ma" "$pb_mb" "$pb_r" ">= $pb_target" "$(met "$pb_r" ">=" "$pb_target")"
}
median1() { tr ' ' '\n' | sed '/^$/d' | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
if [ -n "$BASE_VC" ]; then
	# the perft rows run 0.1 to 3 s: 7 runs each (the machine's noise
	# moved a median of 3 by 5-10% between runs)
	BREPEAT=${BENCH_PREPEAT:-7}
	C960="bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
	# antichess at depth 7 here (0.76 G nodes, about a second): at depth 6
	# (0.07 s) the process start-up of both builds weighed on the ratio
	if [ "$QUICK" = 1 ]; then D_START_DEEP=6 D_960=5 D_MID=4 D_ANTI_B=5; else D_START_DEEP=7 D_960=6 D_MID=5 D_ANTI_B=7; fi
	echo
	echo "== 1b. perft, one thread, this build beside BASELINE=$BASELINE ($("$BASE_VC" --version)), median of $BREPEAT runs each, taken in turn"
	echo "   targets (issue 18): Kiwipete >= 1.7 (1.3 at the least), middlegame set >= 1.4, antichess >= 1.3, start position and Chess960 >= 1.0"
	pbfmt='%-44s %9s %9s %8s %7s %4s\n'
	printf "$pbfmt" "command (vchess perft ...)" "this s" "base s" "speed-up" "target" "met"
	perft_base_row "Kiwipete d$D_KIWI" 1.7 --quiet --depth "$D_KIWI" "$KIWI"
	perft_base_row "middlegame set d1-$D_MID (24 positions)" 1.4 --no-progress --suite data/perft/middlegame.perft --max-depth "$D_MID"
	perft_base_row "antichess start d$D_ANTI_B" 1.3 --quiet --variant antichess --depth "$D_ANTI_B"
	perft_base_row "start position d$D_STD" 1.0 --quiet --depth "$D_STD" "$START"
	perft_base_row "start position d$D_START_DEEP" 1.0 --quiet --depth "$D_START_DEEP" "$START"
	perft_base_row "Chess960 bqnb1rkr d$D_960" 1.0 --quiet --variant chess960 --depth "$D_960" "$C960"
	PB_ENV=VCHESS_NO_BMI2=1
	perft_base_row "Kiwipete d$D_KIWI (portable)" 1.3 --quiet --depth "$D_KIWI" "$KIWI"
	perft_base_row "middlegame set d1-$D_MID (portable)" 1.4 --no-progress --suite data/perft/middlegame.perft --max-depth "$D_MID"
	PB_ENV=
	echo "(speed-up = the baseline's median time / this build's, whole process; (portable): this build"
	echo " with VCHESS_NO_BMI2=1, the magic lookups any x86-64 runs; the others use PEXT where the"
	echo " processor has a fast one. Wall times on a shared machine are noisy: the instruction counts"
	echo " (valgrind --tool=cachegrind, or perf stat -e instructions where the processor counts them)"
	echo " are steadier)"
fi
if [ "${BENCH_ONLY:-}" = perft ]; then
	exit 0
fi

# ---- corpora -------------------------------------------------------------
if [ ! -d "$TCEC" ]; then
	echo
	echo "validate, parallel, memory: skipped ($TCEC not found: it is ../shared beside the checkout)"
	exit 0
fi
if ! "$VC" help validate >/dev/null 2>&1; then
	echo
	echo "validate, parallel, memory: skipped (this vchess has no validate command yet)"
	exit 0
fi
if [ "$have_time" = 0 ]; then
	echo
	echo "validate, parallel, memory: skipped (/usr/bin/time missing: sh tests/deps.sh time)"
	exit 0
fi

tcec_files=$(ls "$TCEC"/*.pgn)
tcec_games=$(cat $tcec_files | grep -c '^\[Event ')

# concat DEST TARGET-BYTES FILE...: append whole FILEs, cycling through
# them, until DEST holds at least TARGET-BYTES
concat() {
	c_dest=$1 c_target=$2
	shift 2
	: >"$c_dest"
	c_have=0
	while [ "$c_have" -lt "$c_target" ]; do
		for c_f in "$@"; do
			cat "$c_f" >>"$c_dest"
			c_have=$(size "$c_dest")
			[ "$c_have" -ge "$c_target" ] && break
		done
	done
}

# comment-heavy: the TCEC files, HEAVY_COPIES times
heavy=$tmp/heavy.pgn
: >"$heavy"
i=0
while [ $i -lt "$HEAVY_COPIES" ]; do
	cat $tcec_files >>"$heavy"
	i=$((i + 1))
done
heavy_games=$((tcec_games * HEAVY_COPIES))

# comment-light: the same without their {comments}, LIGHT_GAMES games or more
cat $tcec_files | sed 's/ \{0,1\}{[^}]*}//g' >"$tmp/light1.pgn"
light_copies=$(((LIGHT_GAMES + tcec_games - 1) / tcec_games))
light=$tmp/light.pgn
: >"$light"
i=0
while [ $i -lt "$light_copies" ]; do
	cat "$tmp/light1.pgn" >>"$light"
	i=$((i + 1))
done
rm -f "$tmp/light1.pgn"
light_games=$((tcec_games * light_copies))
# the corpora just written are still being flushed to disk: a flush in the
# background takes a core from the -j 2 rows (seen: -j 2 at 1.1x -j 1)
sync

# timed OUT CMD...: REPEAT runs under /usr/bin/time, stdout to OUT, stderr to
# $tmp/err; sets t_best (wall s, best run), t_rss (peak RSS KB, largest),
# t_status (exit status of the last run)
timed() {
	t_out=$1
	shift
	t_best='' t_rss=0
	t_i=0
	while [ $t_i -lt "${T_REPEAT:-$REPEAT}" ]; do
		t0=$(now)
		/usr/bin/time -f '%M' -o "$tmp/time" "$@" >"$t_out" 2>"$tmp/err"
		t_status=$?
		t1=$(now)
		t_best=$(min "$t_best" "$(secs "$t0" "$t1")")
		t_r=$(tail -n 1 "$tmp/time")
		[ "${t_r:-0}" -gt "$t_rss" ] 2>/dev/null && t_rss=$t_r
		t_i=$((t_i + 1))
	done
}

kb2mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }

# games counted by vchess: from the text summary or the jsonl summary
vgames() {
	sed -n -e 's/^validate: \([0-9]*\) games.*/\1/p' \
		-e 's/^{"summary":{"games":\([0-9]*\).*/\1/p' "$1" | tail -n 1
}

# ---- 2. validate throughput ---------------------------------------------
echo
echo "== 2. validate throughput, one thread (and -j 2), higher is better"
echo "   targets: vchess / pgn-extract >= 10 in MB/s (comment-heavy), >= 20 in games/s (comment-light)"
vfmt='%-30s %6s %7s %8s %8s %15s %15s %6s %6s %4s\n'
printf "$vfmt" "corpus" "games" "MB" "vchess s" "p-e s" "vchess" "pgn-extract" "ratio" "target" "met"
notes=

per_s() { # amount seconds -> amount/s: MB with 1 decimal, games whole
	awk -v a="$1" -v s="$2" 'BEGIN { if (s <= 0) print "-"; else printf (a ~ /\./) ? "%.1f" : "%.0f", a / s }'
}

# validate_row LABEL FILE GAMES UNIT(MB|games) TARGET [VCHESS-OPTION...]
# pgn-extract runs once per file: a second row on the same file (other
# vchess options) reuses its time.
pe_file= pe_time= pe_rss=
validate_row() {
	vl_label=$1 vl_file=$2 vl_games=$3 vl_unit=$4 vl_target=$5
	shift 5
	vl_bytes=$(size "$vl_file")
	if [ "$vl_unit" = MB ]; then vl_amount=$(mb "$vl_bytes"); else vl_amount=$vl_games; fi
	T_REPEAT=$VREPEAT timed "$tmp/out" "$VC" validate "$@" "$vl_file"
	vl_vs=$t_best vl_vrss=$t_rss
	vl_vg=$(vgames "$tmp/out")
	[ "$t_status" = 0 ] || notes="$notes${nl}  $vl_label: vchess validate exited $t_status: $(cat "$tmp/out" "$tmp/err" | head -c 300)"
	[ "$vl_vg" = "$vl_games" ] || notes="$notes${nl}  $vl_label: WARNING vchess counted ${vl_vg:-?} games, the corpus has $vl_games"
	vl_vrate=$(per_s "$vl_amount" "$vl_vs")
	vl_ps=- vl_prate=- vl_prss=
	if [ "$have_pe" = 1 ] && [ "$pe_file" = "$vl_file" ]; then
		vl_ps=$pe_time vl_prss=$pe_rss
		vl_prate=$(per_s "$vl_amount" "$vl_ps")
	elif [ "$have_pe" = 1 ]; then
		T_REPEAT=$VREPEAT timed /dev/null "$PGN_EXTRACT" -s -o /dev/null "$vl_file"
		vl_ps=$t_best vl_prss=$t_rss
		pe_file=$vl_file pe_time=$vl_ps pe_rss=$vl_prss
		vl_prate=$(per_s "$vl_amount" "$vl_ps")
		# -s hides the count: one untimed run without it, for the count
		vl_pc=$("$PGN_EXTRACT" -o /dev/null "$vl_file" 2>&1 >/dev/null |
			sed -n 's/^\([0-9]*\) games matched out of \([0-9]*\)\..*/\1 \2/p' | tail -n 1)
		if [ "$vl_pc" != "$vl_games $vl_games" ]; then
			notes="$notes${nl}  $vl_label: WARNING pgn-extract matched/read '${vl_pc:-?}' games, the corpus has $vl_games"
		else
			notes="$notes${nl}  $vl_label: game counts agree (vchess $vl_vg, pgn-extract $vl_games of $vl_games)"
		fi
	fi
	vl_r=$(ratio "$vl_vrate" "$vl_prate")
	printf "$vfmt" "$vl_label" "$vl_games" "$(mb "$vl_bytes")" "$vl_vs" "$vl_ps" \
		"$vl_vrate $vl_unit/s" "$vl_prate $vl_unit/s" "$vl_r" ">= $vl_target" "$(met "$vl_r" ">=" "$vl_target")"
	notes="$notes${nl}  $vl_label: peak RSS vchess $(kb2mb "$vl_vrss") MB, pgn-extract $(kb2mb "${vl_prss:-0}") MB"
}

validate_row "comment-heavy: TCEC x$HEAVY_COPIES" "$heavy" "$heavy_games" MB 10
validate_row "comment-light: TCEC x$light_copies, no {}" "$light" "$light_games" games 20
# the same with both cores (pgn-extract has one thread; its time is reused)
validate_row "comment-heavy, vchess -j 2" "$heavy" "$heavy_games" MB 10 -j 2
validate_row "comment-light, vchess -j 2" "$light" "$light_games" games 20 -j 2
echo "(ratio = vchess / pgn-extract; p-e = pgn-extract -s -o /dev/null FILE; the -j 2 rows use"
echo " two threads against pgn-extract's one)$notes"
[ "$have_pe" = 1 ] || echo "(pgn-extract missing: sh tests/deps.sh pgn-extract)"

# ---- 3. parallel ---------------------------------------------------------
echo
echo "== 3. parallel: vchess validate --format jsonl, -j 1 beside -j 2, higher speed-up is better"
echo "   target: -j 2 >= 1.7 times faster than -j 1 on 2 cores (this machine: $(nproc) cores), and no"
echo "   slower (>= 1.0) with another process busy on one core; reports identical"
jfmt='%-34s %8s %8s %9s %7s %4s %13s %10s\n'
printf "$jfmt" "corpus" "-j 1 s" "-j 2 s" "speed-up" "target" "met" "cpu -j 1/-j 2" "reports"
# alt_runs FILE: VREPEAT runs of -j 1 and -j 2 taken in turn (a change in
# the machine's load hits both); sets pr_1, pr_2 (best wall s) and pr_c1,
# pr_c2 (user + system s of those runs), pr_st1, pr_st2 (exit status)
alt_runs() {
	pr_1= pr_2= pr_c1= pr_c2=
	ar_i=0
	while [ $ar_i -lt "$VREPEAT" ]; do
		for ar_j in 1 2; do
			# into /dev/null: a report file truncated and rewritten run
			# after run is flushed (and its blocks discarded) by the
			# kernel in the background, which took a core from the -j 2
			# runs (seen: 1.1x); one untimed run of each writes the
			# reports compared below
			t0=$(now)
			/usr/bin/time -f '%U %S' -o "$tmp/time" "$VC" validate --format jsonl -o /dev/null \
				-j $ar_j "$1" >/dev/null 2>"$tmp/err"
			ar_st=$?
			t1=$(now)
			ar_w=$(secs "$t0" "$t1")
			ar_c=$(tail -n 1 "$tmp/time" | awk '{ printf "%.2f", $1 + $2 }')
			if [ $ar_j = 1 ]; then
				pr_st1=$ar_st
				[ "$(min "$pr_1" "$ar_w")" = "$ar_w" ] && pr_1=$ar_w pr_c1=$ar_c
			else
				pr_st2=$ar_st
				[ "$(min "$pr_2" "$ar_w")" = "$ar_w" ] && pr_2=$ar_w pr_c2=$ar_c
			fi
		done
		ar_i=$((ar_i + 1))
	done
}
parallel_row() { # label file [busy]
	pr_busy=
	if [ -n "${3:-}" ]; then
		# another process keeps one core busy meanwhile
		yes >/dev/null &
		pr_busy=$!
	fi
	alt_runs "$2"
	[ -n "$pr_busy" ] && kill "$pr_busy" && wait "$pr_busy" 2>/dev/null
	"$VC" validate --format jsonl -o "$tmp/j1.jsonl" -j 1 "$2" >/dev/null 2>&1
	"$VC" validate --format jsonl -o "$tmp/j2.jsonl" -j 2 "$2" >/dev/null 2>&1
	if cmp -s "$tmp/j1.jsonl" "$tmp/j2.jsonl"; then pr_same=identical; else pr_same=DIFFER; fi
	[ -s "$tmp/j1.jsonl" ] || pr_same=empty
	pr_r=$(ratio "$pr_1" "$pr_2")
	pr_t=${4:-1.7}
	printf "$jfmt" "$1" "$pr_1" "$pr_2" "$pr_r" ">= $pr_t" "$(met "$pr_r" ">=" "$pr_t")" \
		"$pr_c1/$pr_c2" "$pr_same"
	if [ "$pr_same" = DIFFER ]; then
		echo "  $1: first difference: $(cmp "$tmp/j1.jsonl" "$tmp/j2.jsonl" 2>&1 | head -n 1)"
	fi
	[ "$pr_st1$pr_st2" = 00 ] || echo "  $1: exit status -j 1: $pr_st1, -j 2: $pr_st2"
	rm -f "$tmp/j1.jsonl" "$tmp/j2.jsonl"
}
parallel_row "comment-heavy: TCEC x$HEAVY_COPIES" "$heavy"
# the same twice over (548 MB in a full run): the fixed part of a run
# (threads started, the last block's tail) weighs half as much in a run of
# a few tenths of a second, as in the long runs of a database
cat "$heavy" "$heavy" >"$tmp/heavy2.pgn"
parallel_row "comment-heavy: TCEC x$((HEAVY_COPIES * 2))" "$tmp/heavy2.pgn"
rm -f "$tmp/heavy2.pgn"
parallel_row "comment-light: TCEC x$light_copies, no {}" "$light"
parallel_row "comment-heavy, one core busy (yes)" "$heavy" busy 1.0
echo "(speed-up = time -j 1 / time -j 2, best of $VREPEAT runs each, taken in turn; cpu = user + system s"
echo " of those runs: what -j 2 adds to the work decides the row with a busy core)"

# ---- 5. this build beside BASELINE -----------------------------------------
if [ -n "$BASE_VC" ]; then
	BREPEAT=${BENCH_BREPEAT:-3}
	echo
	echo "== 5. this build beside BASELINE=$BASELINE ($("$BASE_VC" --version)), median of $BREPEAT runs each, taken in turn"
	echo "   target: no row slower than the baseline by more than 5% (ratio <= 1.05)"
	bfmt='%-36s %10s %10s %7s %4s\n'
	printf "$bfmt" "command" "this s" "base s" "ratio" "met"
	wall() { # program args... -> seconds of one run, output discarded
		w0=$(now)
		"$@" >/dev/null 2>&1
		w1=$(now)
		secs "$w0" "$w1"
	}
	median() { tr ' ' '\n' | sed '/^$/d' | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
	base_row() { # label vchess-args...
		br_label=$1
		shift
		br_a= br_b=
		br_i=0
		while [ $br_i -lt "$BREPEAT" ]; do
			br_a="$br_a $(wall "$VC" "$@")"
			br_b="$br_b $(wall "$BASE_VC" "$@")"
			br_i=$((br_i + 1))
		done
		br_ma=$(echo "$br_a" | median) br_mb=$(echo "$br_b" | median)
		br_r=$(ratio "$br_ma" "$br_mb")
		printf "$bfmt" "$br_label" "$br_ma" "$br_mb" "$br_r" "$(met "$br_r" "<=" 1.05)"
	}
	base_row "perft backwards d$D_BACK" perft --quiet --depth "$D_BACK" --variant backwards
	base_row "validate comment-heavy" validate "$heavy"
	base_row "validate comment-light" validate "$light"
	base_row "validate comment-heavy -j 2" validate -j 2 "$heavy"
	base_row "validate comment-light -j 2" validate -j 2 "$light"
	base_row "validate --format jsonl comment-light" validate --format jsonl -o /dev/null "$light"
	echo "(ratio = this build's time / the baseline's; lower is better)"
fi
rm -f "$heavy" "$light"

# ---- 4. memory -----------------------------------------------------------
echo
echo "== 4. memory: peak RSS of vchess validate (one thread, and -j 2 on plain PGN), lower is better"
echo "   target: the ${SMALL_MB} MB and the ${BIG_MB} MB input within 1 MB of each other, both under 32 MB"
small=$tmp/small.pgn
concat "$small" $((SMALL_MB * 1000000)) $tcec_files
gzip -1 -c "$small" >"$small.gz"
big=
if [ "$BIG" != 0 ]; then
	big=$tmp/big.pgn
	concat "$big" $((BIG_MB * 1000000)) $tcec_files
	gzip -1 -c "$big" >"$big.gz"
fi

peak() { # file -> sets m_rss (KB), m_note; vchess options in $PEAK_ARGS
	REPEAT_SAVED=$REPEAT REPEAT=1
	timed "$tmp/out" "$VC" validate $PEAK_ARGS "$1"
	REPEAT=$REPEAT_SAVED
	m_rss=$t_rss m_note=
	[ "$t_status" = 0 ] || m_note="exit $t_status"
	m_games=$(vgames "$tmp/out")
}

mfmt='%-10s %9s %13s %9s %13s %11s %5s  %s\n'
printf "$mfmt" "input" "small MB" "small RSS MB" "big MB" "big RSS MB" "difference" "met" "games small/big"
memory_row() { # label smallfile bigfile
	peak "$2"
	mr_s=$m_rss mr_sg=$m_games mr_note=$m_note
	mr_b=- mr_bmb=- mr_d=- mr_ok=- mr_bg=-
	if [ -n "$3" ]; then
		peak "$3"
		mr_b=$(kb2mb "$m_rss") mr_bg=$m_games
		mr_bmb=$(mb "$(size "$3")")
		mr_note="$mr_note${m_note:+ big: $m_note}"
		mr_d=$(awk -v a="$mr_s" -v b="$m_rss" 'BEGIN { printf "%+.1f MB", (b - a) / 1024 }')
		mr_ok=$(awk -v a="$mr_s" -v b="$m_rss" 'BEGIN {
			d = (b - a) / 1024; if (d < 0) d = -d
			print (d <= 1 && a < 32 * 1024 && b < 32 * 1024) ? "yes" : "NO" }')
	fi
	printf "$mfmt" "$1" "$(mb "$(size "$2")")" "$(kb2mb "$mr_s")" "$mr_bmb" "$mr_b" "$mr_d" "$mr_ok" \
		"${mr_sg:-?}/$mr_bg${mr_note:+ ($mr_note)}"
}
PEAK_ARGS=
memory_row "plain PGN" "$small" "$big"
PEAK_ARGS="-j 2"
memory_row "plain -j2" "$small" "$big"
PEAK_ARGS=
rm -f "$small" ${big:+"$big"}
memory_row "gzip -1" "$small.gz" "${big:+$big.gz}"
[ -n "$big" ] || echo "(big input skipped: BENCH_BIG=0)"
echo "(RSS from /usr/bin/time -f %M; difference = big - small)"

# ---- 6. winnable -----------------------------------------------------------
echo
echo "6. vchess winnable (issue 13): whole process, us per query"
BENCH_REPEAT=$REPEAT sh tests/bench_winnable.sh "$VC"

# ---- 7. dead positions ---------------------------------------------------------
echo
echo "== 7. validate with dead positions found by search (issue 13), one thread"
echo "   target: --dead-positions full / material <= 1.10 (median of ${BENCH_DREPEAT:-3} runs each, in turn)"
if ! "$VC" validate --dead-positions material /dev/null >/dev/null 2>&1; then
	echo "(skipped: this vchess has no --dead-positions)"
	exit 0
fi
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
dfmt="%-16s %9s %11s %11s %7s %7s %4s  %s\n"
printf "$dfmt" "corpus" "games" "material s" "full s" "ratio" "target" "met" "games the search ends"
dead_row() { # label file
	: >"$tmp/d_material"
	: >"$tmp/d_full"
	d_i=0
	while [ $d_i -lt "${BENCH_DREPEAT:-3}" ]; do
		for d_m in material full; do
			t0=$(now)
			"$VC" validate --quiet --dead-positions $d_m "$2" >"$tmp/d_out_$d_m" 2>/dev/null
			t1=$(now)
			secs "$t0" "$t1" >>"$tmp/d_$d_m"; echo >>"$tmp/d_$d_m"
		done
		d_i=$((d_i + 1))
	done
	d_tm=$(median <"$tmp/d_material") d_tf=$(median <"$tmp/d_full")
	d_r=$(ratio "$d_tf" "$d_tm")
	d_g=$("$VC" validate --quiet --format jsonl "$2" 2>/dev/null | tail -n 1 |
		sed -n 's/.*"games":\([0-9]*\).*/\1/p')
	d_n=$("$VC" validate --format jsonl "$2" 2>/dev/null | grep -c '"termination":"dead-position"')
	printf "$dfmt" "$1" "${d_g:-?}" "$d_tm" "$d_tf" "$d_r" "<= 1.10" "$(met "$d_r" "<=" 1.10)" "$d_n"
}
dead_heavy=$tmp/dead_heavy.pgn dead_light=$tmp/dead_light.pgn
# the corpora of 2. (made again: they were removed after 3.)
: >"$dead_heavy"
: >"$dead_light"
i=0
while [ $i -lt "${HEAVY_COPIES:-1}" ]; do
	cat $tcec_files >>"$dead_heavy"
	i=$((i + 1))
done
i=0
while [ $i -lt "${light_copies:-1}" ]; do
	cat $tcec_files | sed 's/ \{0,1\}{[^}]*}//g' >>"$dead_light"
	i=$((i + 1))
done
dead_row "comment-heavy" "$dead_heavy"
dead_row "comment-light" "$dead_light"
rm -f "$dead_heavy" "$dead_light" "$tmp"/d_*
echo "(wall clock, seconds; the instruction counts of callgrind, steadier on a shared machine:"
echo " valgrind --tool=callgrind vchess validate --quiet --dead-positions full|material FILES)"
exit 0
