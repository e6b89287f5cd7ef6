#!/bin/sh
# match-options.sh -- makes the OPTIONS section of doc/tabula-match.6 from
# `tabula-match --help`, whose options live in one table in the code
# (src/match/options.c). tests/run_manpage checks that the page is up to
# date.
#   match-options.sh TABULA-MATCH            print the section
#   match-options.sh TABULA-MATCH MANPAGE    rewrite it in MANPAGE, between
#                                            the BEGIN/END OPTIONS lines
set -e
[ $# -ge 1 ] || { echo "usage: $0 TABULA-MATCH [MANPAGE]" >&2; exit 2; }
gen() {
    "$1" --help | awk '
    function esc(s) {
        gsub(/\\/, "\\e", s)
        gsub(/-/, "\\-", s)
        return s
    }
    function text(s) {
        gsub(/\\/, "\\e", s)
        if (s ~ /^[.'\'']/) s = "\\&" s
        return s
    }
    function flush() {
        if (head != "") { print ".TP"; print head; b = text(body); gsub(/-/, "\\-", b); print b }
        head = ""; body = ""
    }
    /^Exit status:/ { flush(); exit }
    /^[A-Z][^:]*:$/ && !/^Usage/ {
        flush(); sub(/:$/, ""); print ".SS " text($0); on = 1; next
    }
    !on { next }
    /^  --/ {
        flush()
        line = substr($0, 3)
        h = line; b = ""
        if (match(line, /   +/)) { h = substr(line, 1, RSTART - 1); b = substr(line, RSTART + RLENGTH) }
        n = index(h, " ")
        if (n) head = "\\fB" esc(substr(h, 1, n - 1)) "\\fR \\fI" esc(substr(h, n + 1)) "\\fR"
        else head = "\\fB" esc(h) "\\fR"
        body = b
        next
    }
    /^ +[^ ]/ { s = $0; sub(/^ +/, "", s); body = body == "" ? s : body " " s; next }
    END { flush() }'
}
if [ $# -eq 1 ]; then
    gen "$1"
    exit 0
fi
tmp=$(mktemp) || exit 1
trap 'rm -f "$tmp"' EXIT
gen "$1" >"$tmp.sec"
awk -v sec="$tmp.sec" '
    /^\.\\" BEGIN OPTIONS/ { print; while ((getline l < sec) > 0) print l; skip = 1; next }
    /^\.\\" END OPTIONS/ { skip = 0 }
    !skip' "$2" >"$tmp"
rm -f "$tmp.sec"
cat "$tmp" >"$2"
