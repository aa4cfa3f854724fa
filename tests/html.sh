#!/bin/sh
# make check-html: the standings page of `vchess adjudicate --standings
# --format html` in a real browser (issue 17). Headless Chromium (Debian
# `chromium`, installed through tests/deps.sh when missing; as root it
# needs --no-sandbox) renders each page 375 and 1280 pixels wide, in one
# start a page: a frame 375 pixels wide (the headless window is at least
# 500) above one 1280 pixels wide, screenshot to a PNG 1280 pixels wide,
# and dumps the DOM; the test asserts that every player and every total of
# the JSON standings of the same games is in the page's tables, that its
# title and heading are the Event tag every game shares (else "Standings"),
# as rendered and HTML-escaped in its bytes (a page whose Event has < > &
# and quotes), that the screenshot is a PNG that wide, and that the page
# 375 and 1280 pixels wide does not
# overflow horizontally (a copy of the page with a measuring script; the
# page itself has no script). Each browser is started here and stopped
# by its pid when it does not end in time. Fails plainly when Chromium
# cannot be installed or cannot run.
#
# usage: tests/html.sh VCHESS
set -u
VCHESS=${1:?usage: tests/html.sh VCHESS}

sh tests/deps.sh chromium || { echo "check-html: FAIL: chromium is not installed and could not be" >&2; exit 1; }
CHROMIUM=$(command -v chromium || command -v chromium-browser)
[ -n "$CHROMIUM" ] || { echo "check-html: FAIL: no chromium command" >&2; exit 1; }

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0

# browse SECONDS ARGS...: run chromium headless with ARGS, its stdout to
# $T/out; kill it by its pid when it runs longer than SECONDS.
browse() {
	limit=$1
	shift
	"$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
		--no-first-run --no-default-browser-check --hide-scrollbars \
		--user-data-dir="$T/profile" "$@" >"$T/out" 2>"$T/err" &
	pid=$!
	n=0
	while kill -0 "$pid" 2>/dev/null; do
		if [ "$n" -ge $((limit * 10)) ]; then
			kill "$pid" 2>/dev/null
			sleep 1
			kill -9 "$pid" 2>/dev/null
			wait "$pid" 2>/dev/null
			echo "check-html: FAIL: chromium did not finish in ${limit}s (stopped pid $pid)" >&2
			return 1
		fi
		sleep 0.1
		n=$((n + 1))
	done
	wait "$pid"
	rc=$?
	if [ "$rc" -ne 0 ]; then
		echo "check-html: FAIL: chromium exited with status $rc:" >&2
		tail -5 "$T/err" >&2
		return 1
	fi
	return 0
}

check_page() {
	name=$1
	shift
	"$VCHESS" adjudicate --standings --format html -o "$T/$name.html" "$@" 2>/dev/null
	"$VCHESS" adjudicate --standings --quiet --format json -o "$T/$name.json" "$@" 2>/dev/null
	[ -s "$T/$name.html" ] || { echo "check-html: FAIL: $name: no page written" >&2; fail=1; return; }
	# self-contained: nothing fetched from elsewhere
	if grep -Eiq '<(script|link|img|iframe)|url\(|@import|src=' "$T/$name.html"; then
		echo "check-html: FAIL: $name: the page refers to an external resource" >&2
		fail=1
	fi
	# the page 375 pixels wide: headless Chromium's window is at least 500
	# pixels wide, so the page is shown in a frame 375 pixels wide (srcdoc:
	# same origin) whose script measures the page and copies its DOM out;
	# below it the page in a frame 1280 pixels wide, measured the same
	# way (one browser start renders both, the window 1280 pixels wide)
	python3 - "$T/$name.html" >"$T/$name-375.html" <<'PY'
import html, sys
page = open(sys.argv[1], encoding="utf-8").read()
print('<!DOCTYPE html><html><head><meta charset="utf-8"><style>body{margin:0}'
      'iframe{border:0;display:block}#f{width:375px;height:1400px}'
      '#w{width:1280px;height:1000px}</style></head><body>'
      '<iframe id="f" srcdoc="%s"></iframe><iframe id="w" srcdoc="%s"></iframe><script>'
      'function vcDoc(id){var d=document.getElementById(id).contentDocument;'
      'return d&&d.URL==="about:srcdoc"&&d.readyState==="complete"?d:null;}'
      'function vcDone(){var d=vcDoc("f"),w=vcDoc("w");'
      'if(!d||!w||document.getElementById("vc-measure"))return;'
      'var e=d.documentElement;var p=document.createElement("p");p.id="vc-measure";'
      'p.textContent=e.scrollWidth+" "+e.clientWidth;document.body.appendChild(p);'
      'var x=w.documentElement;var q=document.createElement("p");q.id="vc-measure-w";'
      'q.textContent=x.scrollWidth+" "+x.clientWidth;document.body.appendChild(q);'
      'var t=document.createElement("p");t.id="vc-title";t.textContent=d.title;'
      'document.body.appendChild(t);'
      'var c=document.createElement("div");c.id="vc-frame";c.innerHTML=d.body.innerHTML;'
      'document.body.appendChild(c);}'
      'document.getElementById("f").addEventListener("load",vcDone);'
      'document.getElementById("w").addEventListener("load",vcDone);vcDone();'
      '</script></body></html>' % (html.escape(page, quote=True), html.escape(page, quote=True)))
PY
	# one start: the screenshot of both frames, then the DOM
	browse 90 --window-size=1280,2400 --virtual-time-budget=3000 \
		--screenshot="$T/$name.png" --dump-dom "file://$T/$name-375.html" || { fail=1; return; }
	cp "$T/out" "$T/$name.dom"
	python3 - "$T/$name.dom" "$T/$name.json" "$name" "$T/$name.html" "$T/$name.png" "$@" <<'PY' || fail=1
import html, html.parser, json, re, struct, sys

dom = open(sys.argv[1], encoding="utf-8").read()
doc = json.load(open(sys.argv[2]))
name = sys.argv[3]
page = open(sys.argv[4], encoding="utf-8").read()
png = open(sys.argv[5], "rb").read(24)
rows = doc["summary"]["standings"]
# the title the page must have: the Event tag when every game has the same
# one (not "?"), else "Standings" (PGN strings escape " and \ with \)
events = []
for pgn in sys.argv[6:]:
    for m in re.finditer(r'^\[Event "((?:[^"\\]|\\.)*)"\]', open(pgn, encoding="utf-8").read(), re.M):
        events.append(re.sub(r'\\(.)', r'\1', m.group(1)))
games = sum(len(re.findall(r'^\[White ', open(p, encoding="utf-8").read(), re.M)) for p in sys.argv[6:])
title = events[0] if events and len(events) == games and len(set(events)) == 1 and events[0] not in ("", "?") else "Standings"

class Tables(html.parser.HTMLParser):
    """The text of every cell of the tables with an id, row by row."""
    def __init__(self):
        super().__init__()
        self.tables, self.cur, self.row, self.cell = {}, None, None, None
        self.texts, self.text_of = {}, None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("h1", "p") and a.get("id", tag) in ("h1", "vc-title"):
            self.text_of = a.get("id", tag)
            self.texts[self.text_of] = ""
        if tag == "table" and a.get("id"):
            self.cur = self.tables.setdefault(a["id"], [])
        elif tag == "tr" and self.cur is not None:
            self.row = []
        elif tag in ("td", "th") and self.row is not None:
            self.cell = ""
    def handle_endtag(self, tag):
        if tag in ("h1", "p"):
            self.text_of = None
        if tag == "table":
            self.cur = None
        elif tag == "tr" and self.row is not None and self.cur is not None:
            self.cur.append(self.row)
            self.row = None
        elif tag in ("td", "th") and self.cell is not None and self.row is not None:
            self.row.append(self.cell.strip())
            self.cell = None
    def handle_data(self, data):
        if self.text_of is not None:
            self.texts[self.text_of] += data
        if self.cell is not None:
            self.cell += data

p = Tables()
i = dom.find('<p id="vc-measure">')
p.feed(dom[i:] if i >= 0 else "")
bad = []
# the screenshot: a PNG as wide as the window (the 375 and 1280 frames)
if png[:8] != b"\x89PNG\r\n\x1a\n":
    bad.append("the screenshot is not a PNG")
elif struct.unpack(">I", png[16:20])[0] != 1280:
    bad.append("the screenshot is %d pixels wide, not 1280" % struct.unpack(">I", png[16:20])[0])
# the title and the heading: the event's name as the browser shows it, and
# escaped in the page's bytes
for what, got in (("title", p.texts.get("vc-title")), ("heading", p.texts.get("h1"))):
    if got != title:
        bad.append("the rendered %s is %r, expected %r" % (what, got, title))
for tag in ("title", "h1"):
    if "<%s>%s</%s>" % (tag, html.escape(title, quote=True).replace("&#x27;", "&#39;"), tag) not in page:
        bad.append("<%s> in the page is not the escaped %r" % (tag, title))
for tid in ("standings", "crosstable"):
    if tid not in p.tables:
        bad.append("no table #%s in the DOM" % tid)
def pts(s):
    return ("%g" % s)
st = p.tables.get("standings", [])[1:]
ct = p.tables.get("crosstable", [])[1:]
if len(st) != len(rows):
    bad.append("%d standings rows in the page, %d players" % (len(st), len(rows)))
for r, tr in zip(rows, st):
    if tr[:3] != [str(r["rank"]), r["player"], pts(r["score"])]:
        bad.append("standings row %s, expected rank %s %s %s" % (tr[:3], r["rank"], r["player"], pts(r["score"])))
# the crosstable's total, then a column per tie-break (as the standings)
head = (p.tables.get("crosstable") or [[]])[0]
tot = head.index("Points") if "Points" in head else -1
if tot < 0 or head[tot + 1:] != doc["summary"]["standings_tiebreaks"]:
    bad.append("crosstable header %s: no Points column followed by the tie-breaks %s"
               % (head, doc["summary"]["standings_tiebreaks"]))
for r, tr in zip(rows, ct):
    if tr[1] != r["player"] or tr[tot] != pts(r["score"]):
        bad.append("crosstable row %s ... %s, expected %s ... %s" % (tr[1], tr[tot], r["player"], pts(r["score"])))
if len(ct) != len(rows):
    bad.append("%d crosstable rows, %d players" % (len(ct), len(rows)))
m = re.search(r'<p id="vc-measure">(\d+) (\d+)</p>', dom)
if not m:
    bad.append("the measuring script did not run")
elif int(m.group(1)) > int(m.group(2)):
    bad.append("the page 375 pixels wide overflows: %s > %s pixels" % (m.group(1), m.group(2)))
elif int(m.group(2)) != 375:
    bad.append("the viewport is %s pixels wide, not 375" % m.group(2))
w = re.search(r'<p id="vc-measure-w">(\d+) (\d+)</p>', dom)
if not w:
    bad.append("the measuring script did not see the 1280-pixel frame")
elif int(w.group(1)) > int(w.group(2)):
    bad.append("the page 1280 pixels wide overflows: %s > %s pixels" % (w.group(1), w.group(2)))
elif int(w.group(2)) != 1280:
    bad.append("the wide frame is %s pixels wide, not 1280" % w.group(2))
for b in bad:
    print("check-html: FAIL: %s: %s" % (name, b))
if not bad:
    print("check-html: %s: %d players and totals in the page, title %r, no overflow at 375 px (%s px wide) or 1280 px"
          % (name, len(rows), title, m.group(1)))
sys.exit(1 if bad else 0)
PY
}

check_page swiss-byes tests/data/standings/swiss-byes.pgn
check_page tcec-frd5 tests/data/standings/tcec-s29-frd5-playoff.pgn
# an event whose name needs escaping: < > & and quotes in the Event tag
cat >"$T/escape.pgn" <<'PGN'
[Event "Club <Open> & \"Cup\" 'A'"]
[Round "1"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "Club <Open> & \"Cup\" 'A'"]
[Round "2"]
[White "Bob"]
[Black "Ann"]
[Result "1/2-1/2"]

1. d4 d5 1/2-1/2
PGN
check_page escape "$T/escape.pgn"

if [ "$fail" -ne 0 ]; then
	echo "check-html: FAILED" >&2
	exit 1
fi
echo "check-html: passed"
