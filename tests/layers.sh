#!/bin/sh
# The layers of ARCHITECTURE.md, checked on the source (run from the top of
# the checkout by `make check-layers`):
#
# 1. No variant id outside a variant's own file: the enum vc_variant_id
#    constants (VC_STANDARD, VC_CHESS960, ...) appear only where they are
#    defined (lib/types.h) and in the variant files (lib/variant*.c,
#    lib/variant*.h). Generic code asks a flag (VC_VF_*), a hook, pgn_as or
#    vc_variant_default() (the checklist at the top of lib/variant.h).
# 2. lib/ includes no formats/ header (data flows bytes -> formats -> lib).
# 3. The installed library (lib/, formats/) never prints on its own, nor
#    ends its caller: no printf, puts, perror, nothing to stderr or stdout,
#    no exit, _exit or abort, except in debug-only code (#ifdef VC_DEBUG,
#    the `make DEBUG=1` invariant checks). formats/ writes to the FILE *
#    its caller gives it.
# 4. lib/vchess.h, the one header a program includes, includes every
#    public header of lib/ and names it in its top comment.
# 5. cmd/ holds no rule: no result words, finding-code or result string
#    comparisons, clock commands or token logic.
#
# Comments are not code: each file is read with its comments removed
# (gcc -fpreprocessed). Exit status 1 names every violation.
set -u

CC=${CC:-cc}
fail=0
say() { echo "layers: $*" >&2; fail=1; }

# The code of a file, comments removed, with line numbers (NUMBER:TEXT).
# Directive lines stay, so that VC_DEBUG blocks can be skipped.
# Each file is read once (into a temporary directory removed at exit).
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
code_of() {
	c="$tmp/$(echo "$1" | tr / _)"
	[ -f "$c" ] || "$CC" -fpreprocessed -dD -E "$1" 2>/dev/null |
		awk '/^# [0-9]+ "/ { n = $2 - 1; next } { n++; print n ":" $0 }' >"$c"
	cat "$c"
}

# The same without the lines of #ifdef VC_DEBUG / #if defined(VC_DEBUG)
# blocks (their #else part is kept).
release_code_of() {
	code_of "$1" | awk '
		{ line = $0; sub(/^[0-9]+:/, "", line) }
		line ~ /^[ \t]*#[ \t]*if/ {
			depth++
			if (!skip && line ~ /VC_DEBUG/ && line !~ /!/ && line !~ /ifndef/) {
				skip = depth
			}
			next
		}
		line ~ /^[ \t]*#[ \t]*else/ { if (skip == depth) { skip = 0; elsed = depth }
		                              next }
		line ~ /^[ \t]*#[ \t]*endif/ { if (skip == depth) skip = 0; depth--; next }
		!skip { print }'
}

# 1. variant ids
ids='\bVC_(STANDARD|CHESS960|ANTICHESS|UNDO|BACKWARDS)\b'
for f in lib/*.c lib/*.h formats/*.c formats/*.h cmd/*.c cmd/*.h; do
	case $f in
	lib/types.h | lib/variant*.c | lib/variant*.h) continue ;;
	esac
	code_of "$f" | grep -E "$ids" | while IFS= read -r hit; do
		echo "layers: $f:${hit%%:*}: a variant id outside the variant files (ask a VC_VF_ flag or a hook): ${hit#*:}" >&2
		echo x
	done | grep -q x && fail=1
done

# 2. lib/ includes no formats/ header (one pass over lib/'s include lines,
#    each named header looked up among formats/'s)
grep -nE '^[ \t]*#[ \t]*include[ \t]*["<]' lib/*.c lib/*.h |
	sed -E 's/^([^:]*):[0-9]+:[^"<]*["<]([^">]*)[">].*/\1 \2/' |
	while read -r f inc; do
		b=${inc#formats/}
		case $b in */*) continue ;; esac
		[ -f "formats/$b" ] && echo "layers: $f: includes $b of formats/ (lib/ is below formats/)" >&2 && echo x
	done | grep -q x && fail=1

# 3. no printing, no ending the process in the installed library
io='(^|[^a-z_.>])(printf|vprintf|puts|putchar|perror|exit|_exit|_Exit|abort|quick_exit)[ \t]*\(|\bstd(err|out)\b'
for f in lib/*.c lib/*.h formats/*.c formats/*.h; do
	release_code_of "$f" | grep -E "$io" | while IFS= read -r hit; do
		echo "layers: $f:${hit%%:*}: the library prints or ends the process (return an error; cmd/ prints): ${hit#*:}" >&2
		echo x
	done | grep -q x && fail=1
done

# 4. lib/vchess.h includes every public header of lib/ and names it in
#    its top comment
for h in lib/*.h; do
	b=${h#lib/}
	case $b in vchess.h | internal.h | *_internal.h) continue ;; esac
	grep -qE "^#include \"$b\"" lib/vchess.h ||
		say "lib/vchess.h: does not include $b"
	awk '/\*\// { exit } { print }' lib/vchess.h | grep -qF "$b" ||
		say "lib/vchess.h: its top comment does not name $b"
done

# 5. cmd/ holds no rule (issue 12: options, wiring, output choice, exit
#    codes): no result words ("1-0", "0-1", "1/2-1/2"), no comparison of a
#    finding code's word or of a result string, no clock command (%clk), no
#    take-back token logic (VC_VF_TOKENS, vc_undo_*). String literals are
#    code here (help texts are checked too: they may name these only in
#    prose, not as quoted words).
rules='"(1-0|0-1|1/2-1/2)"|strcmp\([^)]*(vc_code_word|result|declared|movetext)|%clk|VC_VF_TOKENS|\bvc_undo_[a-z_]*\('
for f in cmd/*.c cmd/*.h; do
	code_of "$f" | grep -E "$rules" | while IFS= read -r hit; do
		echo "layers: $f:${hit%%:*}: a rule in cmd/ (results, finding codes, clocks and tokens belong to lib/): ${hit#*:}" >&2
		echo x
	done | grep -q x && fail=1
done

[ $fail = 0 ] && echo "layers: variant ids, includes, library I/O, vchess.h and no rules in cmd/ as ARCHITECTURE.md says"
exit $fail
