#!/bin/sh
# The shared library exports exactly what the installed headers declare.
#
# usage: tests/exports.sh LIBVCHESS.so HEADER...
#   HEADER...: the headers `make install` puts in include/vchess/.
#
# 1. Every header has the C++ guard (extern "C" under #ifdef __cplusplus)
#    and marks its declarations visible (#pragma GCC visibility push(default)
#    ... pop): the library is built with -fvisibility=hidden, so a
#    declaration outside the pragma would not be exported.
# 2. Every header compiles alone, as C11 and as C++, from the installed
#    layout (include/vchess/, included as <vchess/NAME.h>).
# 3. The set of dynamic symbols the library defines (nm -D --defined-only)
#    equals the set the headers declare, found apart from nm: the functions
#    from gcc -aux-info on a file including every header (static inline ones
#    left out), the objects from the extern declarations of the
#    preprocessed headers. Any difference fails, both ways: a header
#    function missing from the library, or a symbol exported undeclared.
# 4. None of the exported objects is writable storage (below).
set -u

case $1 in /*) so=$1 ;; *) so=$(pwd)/$1 ;; esac
shift
[ -f "$so" ] || { echo "exports: no $so" >&2; exit 1; }
fail=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vchess-exports.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

say() { echo "exports: $*" >&2; fail=1; }

mkdir -p "$tmp/include/vchess"
for h in "$@"; do
	case $h in /*) ;; *) h=$(pwd)/$h ;; esac
	cp "$h" "$tmp/include/vchess/" || exit 1
	grep -q '^#pragma GCC visibility push(default)' "$h" ||
		say "$h: no '#pragma GCC visibility push(default)'"
	grep -q '^#pragma GCC visibility pop' "$h" ||
		say "$h: no '#pragma GCC visibility pop'"
	# The guard: #ifdef __cplusplus, then extern "C" {, then #endif.
	awk '/^#ifdef __cplusplus/ { n = NR }
	     /^extern "C" \{/ && n == NR - 1 { ok = 1 }
	     END { exit !ok }' "$h" ||
		say "$h: no extern \"C\" { guard under #ifdef __cplusplus"
done

cd "$tmp" || exit 1
for h in include/vchess/*.h; do
	name=${h#include/}
	printf '#include <%s>\n' "$name" > one.c
	cp one.c one.cc
	gcc -std=c11 -Wall -Wextra -Werror -pedantic -Iinclude -fsyntax-only one.c 2> err.txt ||
		{ cat err.txt >&2; say "$name does not compile alone as C11"; }
	g++ -Wall -Wextra -Werror -Iinclude -fsyntax-only one.cc 2> err.txt ||
		{ cat err.txt >&2; say "$name does not compile alone as C++"; }
done

for h in include/vchess/*.h; do
	printf '#include <%s>\n' "${h#include/}"
done > all.c

# Functions: gcc writes one prototype per declared function, with the file
# it comes from: "/* include/vchess/x.h:12:NC */ extern int vc_f (int);".
gcc -std=c11 -Iinclude -aux-info aux.txt -c all.c -o all.o || exit 1
grep '^/\* include/vchess/' aux.txt | grep -v '\*/ static ' |
	sed -e 's|^/\*[^*]*\*/ ||' -e 's| (.*||' -e 's|.*[ *]||' > declared.txt

# Objects: extern declarations without a parameter list in the headers'
# own preprocessed text ("extern vc_bb a[64], b[64];" declares a and b).
gcc -std=c11 -Iinclude -E all.c |
	awk '/^# [0-9]+ "/ { mine = ($3 ~ /^"include\/vchess\//); next }
	     /^#/ { next }
	     mine { print }' |
	tr '\n{};' '   \n' |
	sed -n -e 's/^[[:space:]]*//' -e '/^extern [^("]*$/p' |
	sed -e 's/\[[^]]*\]//g' -e 's/=.*//' | tr ',' '\n' |
	sed -e 's/[[:space:]]*$//' -e 's/.*[ *]//' >> declared.txt

sort -u declared.txt > want.txt
nm -D --defined-only "$so" > nm.txt || exit 1
awk 'NF == 3 { print $3 }' nm.txt | sort -u > have.txt

if [ ! -s want.txt ] || [ ! -s have.txt ]; then
	say "no declarations or no exported symbols found"
fi
comm -23 want.txt have.txt > missing.txt
comm -13 want.txt have.txt > extra.txt
if [ -s missing.txt ]; then
	say "declared in the headers but not exported by $so:"
	sed 's/^/  /' missing.txt >&2
fi
if [ -s extra.txt ]; then
	say "exported by $so but declared in no installed header:"
	sed 's/^/  /' extra.txt >&2
fi

# 4. No exported object is writable storage: every defined dynamic symbol
#    lives in .text, .rodata or .data.rel.ro (const data the loader
#    relocates), never .data or .bss (the library holds no mutable global
#    state, and its tables, written once by vc_init(), are hidden: a header
#    that reads one inline would export it). nm's letters cannot tell
#    .data from .data.rel.ro (both D), objdump's section names can.
# writable SO: the library's exported vc_ objects in a writable section
writable() {
	objdump -T "$1" | awk '$2 == "g" && $NF ~ /^vc_/ {
	sec = ""
	for (i = 3; i < NF; i++)
		if ($i ~ /^\./) { sec = $i; break }
	if (sec != ".text" && sec != ".rodata" && sec != ".data.rel.ro")
		print $NF " (" sec ")"
}'
}
# the check itself must see .data and .bss: a probe library with one of each
printf '%s\n' '__attribute__((visibility("default"))) int vc_probe_data_ = 1;' \
	'__attribute__((visibility("default"))) int vc_probe_bss_;' > probe.c
${CC:-cc} -shared -fPIC -o probe.so probe.c || say "cannot build the probe library"
[ "$(writable probe.so | sort | tr '\n' ' ')" = "vc_probe_bss_ (.bss) vc_probe_data_ (.data) " ] ||
	say "the writable-object check does not see .data and .bss: $(writable probe.so)"
writable "$so" > writable.txt
if [ -s writable.txt ]; then
	say "exports writable objects (internal tables belong in *_internal.h):"
	sed 's/^/  /' writable.txt >&2
fi

if [ "$fail" -ne 0 ]; then
	echo "exports: FAILED" >&2
	exit 1
fi
echo "exports: $(wc -l < have.txt) symbols, exactly the $# installed headers' declarations"
