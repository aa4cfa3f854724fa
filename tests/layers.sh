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
# (gcc -fpreprocessed, one run over all the files). Exit status 1 names
# every violation.
set -u

CC=${CC:-cc}
fail=0

# The code of every file, comments removed, with its name and line numbers
# (FILE:NUMBER:TEXT), in $tmp/code: one gcc -fpreprocessed over all the
# files (each begins with its `# 1 "FILE"` line). Directive lines stay, so
# that VC_DEBUG blocks can be skipped: $tmp/release holds the lines of
# lib/ and formats/ without those of #ifdef VC_DEBUG / #if
# defined(VC_DEBUG) blocks (their #else part is kept).
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
"$CC" -fpreprocessed -dD -E lib/*.c lib/*.h formats/*.c formats/*.h cmd/*.c cmd/*.h 2>/dev/null |
	awk -v code="$tmp/code" -v rel="$tmp/release" '
	/^# [0-9]+ "/ {
		f = $3
		gsub(/"/, "", f)
		if (f != file) { file = f; depth = 0; skip = 0 }
		n = $2 - 1
		lib = (file ~ /^(lib|formats)\//)
		next
	}
	{
		n++
		line = $0
		print file ":" n ":" line > code
		if (!lib) next
		if (line ~ /^[ \t]*#[ \t]*if/) {
			depth++
			if (!skip && line ~ /VC_DEBUG/ && line !~ /!/ && line !~ /ifndef/)
				skip = depth
			next
		}
		if (line ~ /^[ \t]*#[ \t]*else/) { if (skip == depth) skip = 0; next }
		if (line ~ /^[ \t]*#[ \t]*endif/) { if (skip == depth) skip = 0; depth--; next }
		if (!skip) print file ":" n ":" line > rel
	}'
[ -s "$tmp/code" ] || { echo "layers: $CC -fpreprocessed read no code" >&2; exit 2; }

# hits WHAT: the FILE:NUMBER:TEXT lines on standard input as messages
# "layers: FILE:NUMBER: WHAT: TEXT" (on standard error); fails when there
# is one
hits() {
	awk -v what="$1" '{
		i = index($0, ":"); f = substr($0, 1, i - 1); r = substr($0, i + 1)
		j = index(r, ":"); print "layers: " f ":" substr(r, 1, j - 1) ": " what ": " substr(r, j + 1)
		n++ } END { exit n > 0 }' >&2
}

# 1. variant ids
ids='\bVC_(STANDARD|CHESS960|ANTICHESS|UNDO|BACKWARDS)\b'
grep -E "$ids" "$tmp/code" | grep -vE '^(lib/types\.h|lib/variant[^:/]*\.[ch]):' |
	hits "a variant id outside the variant files (ask a VC_VF_ flag or a hook)" || fail=1

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
grep -E "$io" "$tmp/release" |
	hits "the library prints or ends the process (return an error; cmd/ prints)" || fail=1

# 4. lib/vchess.h includes every public header of lib/ and names it in
#    its top comment (the lines before the first one with */)
hdrs=
for h in lib/*.h; do
	b=${h#lib/}
	case $b in vchess.h | internal.h | *_internal.h) continue ;; esac
	hdrs="$hdrs $b"
done
awk -v hdrs="$hdrs" '
	!top_done { if ($0 ~ /\*\//) top_done = 1; else top = top $0 "\n" }
	substr($0, 1, 10) == "#include \"" {
		r = substr($0, 11)
		inc[substr(r, 1, index(r, "\"") - 1)] = 1
	}
	END {
		n = split(hdrs, h, " ")
		for (i = 1; i <= n; i++) {
			if (!(h[i] in inc)) { print "layers: lib/vchess.h: does not include " h[i]; bad = 1 }
			if (!index(top, h[i])) { print "layers: lib/vchess.h: its top comment does not name " h[i]; bad = 1 }
		}
		exit bad
	}' lib/vchess.h >&2 || fail=1

# 5. cmd/ holds no rule (issue 12: options, wiring, output choice, exit
#    codes): no result words ("1-0", "0-1", "1/2-1/2"), no comparison of a
#    finding code's word or of a result string, no clock command (%clk), no
#    take-back token logic (VC_VF_TOKENS, vc_undo_*). String literals are
#    code here (help texts are checked too: they may name these only in
#    prose, not as quoted words).
rules='"(1-0|0-1|1/2-1/2)"|strcmp\([^)]*(vc_code_word|result|declared|movetext)|%clk|VC_VF_TOKENS|\bvc_undo_[a-z_]*\('
grep -E "$rules" "$tmp/code" | grep -E '^cmd/' |
	hits "a rule in cmd/ (results, finding codes, clocks and tokens belong to lib/)" || fail=1

[ $fail = 0 ] && echo "layers: variant ids, includes, library I/O, vchess.h and no rules in cmd/ as ARCHITECTURE.md says"
exit $fail
