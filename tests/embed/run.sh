#!/bin/sh
# make check-embed: build tests/embed/embed.c (C) and embed.cc (C++) against
# an installed copy of libvchess and compare their output with the CLI's.
#
# usage: tests/embed/run.sh [VCHESS]   (from the top of the checkout)
#
# `make install DESTDIR=TMP` stages the library; the programs are built
# with `pkg-config --define-prefix --cflags --libs vchess` found through
# PKG_CONFIG_PATH=TMP/usr/local/lib/pkgconfig, four ways: C and C++, each
# shared (libvchess.so.0 found by rpath for C, LD_LIBRARY_PATH for C++) and
# static (--static: libvchess.a linked in, -l:libvchess.a for pkg-config's
# -lvchess, with the libraries it needs from Requires.private and
# Libs.private; the binary must not need the shared library). The system's
# libraries stay shared: Debian's static libxml2, which libarchive pulls
# in once files are read, needs ICU that its pkg-config file omits. Each prints, for every line of positions.txt, what
# `VCHESS perft --divide` prints for it.
set -u

vchess=${1:-./vchess}
make=${MAKE:-make}
here=tests/embed
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vchess-embed.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0

prefix=/usr/local
root=$tmp/root
libdir=$root$prefix/lib
$make -s install DESTDIR="$root" PREFIX="$prefix" >/dev/null ||
	{ echo "embed: make install DESTDIR=$root failed" >&2; exit 1; }
for f in libvchess.a libvchess.so libvchess.so.0 libvchess.so.0.1.0 pkgconfig/vchess.pc; do
	[ -e "$libdir/$f" ] || { echo "embed: not installed: lib/$f" >&2; fail=1; }
done
[ "$(readlink "$libdir/libvchess.so")" = libvchess.so.0 ] &&
[ "$(readlink "$libdir/libvchess.so.0")" = libvchess.so.0.1.0 ] ||
	{ echo "embed: libvchess.so -> .so.0 -> .so.0.1.0 links wrong" >&2; fail=1; }
readelf -d "$libdir/libvchess.so.0.1.0" | grep -q 'SONAME.*\[libvchess\.so\.0\]' ||
	{ echo "embed: libvchess.so.0.1.0 has no soname libvchess.so.0" >&2; fail=1; }

PKG_CONFIG_PATH=$libdir/pkgconfig
export PKG_CONFIG_PATH
pc="pkg-config --define-prefix"
shared=$($pc --cflags --libs vchess) || exit 1
# Static: libvchess.a and what it needs, all from --static.
static=$($pc --static --cflags --libs vchess | sed 's/-lvchess\b/-l:libvchess.a/') || exit 1

# shellcheck disable=SC2086 # the pkg-config flags are words
{
	gcc -std=c11 -Wall -Wextra -Werror -pedantic -o "$tmp/c-shared" \
		$here/embed.c $shared -Wl,-rpath,"$libdir" &&
	gcc -std=c11 -Wall -Wextra -Werror -pedantic -o "$tmp/c-static" \
		$here/embed.c $static &&
	g++ -std=c++17 -Wall -Wextra -Werror -o "$tmp/cc-shared" \
		$here/embed.cc $shared &&
	g++ -std=c++17 -Wall -Wextra -Werror -o "$tmp/cc-static" \
		$here/embed.cc $static
} || { echo "embed: building against the installed library failed" >&2; exit 1; }

for p in c-shared cc-shared; do
	readelf -d "$tmp/$p" | grep -q 'NEEDED.*\[libvchess\.so\.0\]' ||
		{ echo "embed: $p does not need libvchess.so.0" >&2; fail=1; }
done
for p in c-static cc-static; do
	! readelf -d "$tmp/$p" | grep -q 'NEEDED.*libvchess' ||
		{ echo "embed: $p needs the shared library" >&2; fail=1; }
done

# What the CLI says.
grep -v '^#' $here/positions.txt | grep . | while read -r variant depth fen; do
	echo "# $variant $depth $fen"
	"$vchess" perft --divide --variant "$variant" --depth "$depth" "$fen" 2>/dev/null ||
		echo "vchess perft failed"
done > "$tmp/want.txt"

for p in c-shared c-static cc-shared cc-static; do
	case $p in
	cc-shared) LD_LIBRARY_PATH=$libdir "$tmp/$p" perft $here/positions.txt ;;
	*) "$tmp/$p" perft $here/positions.txt ;;
	esac > "$tmp/$p.txt" || { echo "embed: $p perft failed" >&2; fail=1; }
	if ! cmp -s "$tmp/want.txt" "$tmp/$p.txt"; then
		echo "embed: $p perft differs from $vchess perft --divide:" >&2
		diff "$tmp/want.txt" "$tmp/$p.txt" | head -20 >&2
		fail=1
	fi
done

# validate and adjudicate: every game of these files (PGN, EPD, gzip, xz,
# zip members, a tar) through the pull API, against the CLI's JSONL
# records (its summary line left out)
ls data/games/*/*.pgn tests/data/validate/*.pgn tests/data/validate/*.epd \
	tests/data/validate/*.fen tests/data/validate/results.pgn.gz \
	tests/data/validate/two-members.zip \
	tests/data/validate/mixed-members.zip > "$tmp/files.txt"
for cmd in validate adjudicate; do
	: > "$tmp/want-$cmd.jsonl"
	while read -r f; do
		"$vchess" $cmd --format jsonl "$f" 2>/dev/null | grep -v '^{"summary"' >> "$tmp/want-$cmd.jsonl"
	done < "$tmp/files.txt"
	[ -s "$tmp/want-$cmd.jsonl" ] || { echo "embed: $vchess $cmd gave no records" >&2; fail=1; }
	for p in c-shared c-static cc-shared cc-static; do
		case $p in
		cc-shared) LD_LIBRARY_PATH=$libdir "$tmp/$p" $cmd "$tmp/files.txt" ;;
		*) "$tmp/$p" $cmd "$tmp/files.txt" ;;
		esac > "$tmp/$p-$cmd.jsonl" || { echo "embed: $p $cmd failed" >&2; fail=1; }
		if ! cmp -s "$tmp/want-$cmd.jsonl" "$tmp/$p-$cmd.jsonl"; then
			echo "embed: $p $cmd differs from $vchess $cmd --format jsonl:" >&2
			diff "$tmp/want-$cmd.jsonl" "$tmp/$p-$cmd.jsonl" | head -10 >&2
			fail=1
		fi
	done
done

# The EXAMPLE of man/libvchess.3, as printed there: it builds against the
# installed library and prints the lines of `vchess validate --format
# jsonl` (without the summary line).
awk '/^\.SH EXAMPLE/ { on = 1; next } /^\.SH/ { on = 0 }
     on && /^\.fi/ { code = 0 } on && code { print } on && /^\.nf/ { code = 1 }' \
	man/libvchess.3 | sed 's/\\e/\\/g' > "$tmp/manex.c"
# shellcheck disable=SC2086
if gcc -std=c11 -Wall -Wextra -Werror -o "$tmp/manex" "$tmp/manex.c" $shared \
	-Wl,-rpath,"$libdir"; then
	for f in data/games/standard/pgn-extract-fischer.pgn tests/data/validate/B01.pgn \
		tests/data/validate/B21.pgn; do
		"$vchess" validate --format jsonl "$f" 2>/dev/null | sed '$d' > "$tmp/manex.want"
		"$tmp/manex" "$f" > "$tmp/manex.got" ||
			{ echo "embed: the libvchess(3) example failed on $f" >&2; fail=1; }
		cmp -s "$tmp/manex.want" "$tmp/manex.got" ||
			{ echo "embed: the libvchess(3) example differs from $vchess on $f" >&2; fail=1; }
	done
else
	echo "embed: the libvchess(3) example does not build" >&2
	fail=1
fi

if [ "$fail" -ne 0 ]; then
	echo "embed: FAILED" >&2
	exit 1
fi
echo "embed: C and C++, static and shared, agree with $vchess on $(grep -c '^nodes' "$tmp/want.txt") perft positions and $(wc -l < "$tmp/want-validate.jsonl") validate and adjudicate records of $(wc -l < "$tmp/files.txt") files; so does the libvchess(3) example"
