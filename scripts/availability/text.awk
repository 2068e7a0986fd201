# scripts/availability/text.awk: reading Swift source as text for
# scripts/lint-availability: strings and comments removed, identifiers and
# literal text found by column.

function ident(c) { return c ~ /[A-Za-z0-9_]/ }

# The code of a line, comments and string contents removed (a string
# becomes ""), with state carried across lines for /* */ and """.
function strip(s,    out, i, j, n, c, h) {
    out = ""; n = length(s); i = 1
    while (i <= n) {
        if (inblock) {
            if (substr(s, i, 2) == "*/") { inblock = 0; i += 2 } else i++
            out = out " "; continue
        }
        if (mlclose != "") {
            if (substr(s, i, length(mlclose)) == mlclose) { i += length(mlclose); mlclose = ""; out = out "\"\"" }
            else { i++; out = out " " }
            continue
        }
        if (strclose != "") {
            if (!strraw && substr(s, i, 1) == "\\") { i += 2; out = out "  "; continue }
            if (substr(s, i, length(strclose)) == strclose) {
                i += length(strclose); strclose = ""; out = out "\"\""; continue
            }
            i++; out = out " "; continue
        }
        c = substr(s, i, 1)
        if (substr(s, i, 2) == "//") break
        if (substr(s, i, 2) == "/*") { inblock = 1; i += 2; out = out "  "; continue }
        if (c == "#" || c == "\"") {
            h = 0; j = i
            while (substr(s, j, 1) == "#") { h++; j++ }
            if (substr(s, j, 1) == "\"") {
                if (substr(s, j, 3) == "\"\"\"") { mlclose = "\"\"\"" substr(s, i, h); i = j + 3 }
                else { strclose = "\"" substr(s, i, h); strraw = h > 0; i = j + 1 }
                continue
            }
        }
        out = out c; i++
    }
    strclose = ""
    return out
}

function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }

# Each column where word w starts in s as a whole identifier, space-separated.
function columns(s, w,    out, i, p, n) {
    out = ""; p = 0; n = length(w)
    while ((i = index(substr(s, p + 1), w)) > 0) {
        p += i
        if (!ident(substr(s, p - 1, 1)) && !ident(substr(s, p + n, 1))) out = out " " p
    }
    return out
}

# Each column where the literal text t starts in s.
function texts(s, t,    out, i, p) {
    out = ""; p = 0
    while ((i = index(substr(s, p + 1), t)) > 0) { p += i; out = out " " p }
    return out
}

# The argument list of the first "word(" … ")" in s ("" if none).
function arglist(s, word,    i) {
    i = index(s, word "(")
    if (i == 0) return ""
    s = substr(s, i + length(word) + 1)
    i = index(s, ")")
    return i ? substr(s, 1, i - 1) : s
}
