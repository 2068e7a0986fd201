# scripts/availability/rules.awk: the rules of scripts/lint-availability
# (what is flagged, what guards it: see that script's header), over the
# lines text.awk strips.

# The major version an availability list gives platform p, 0 if none.
function major(args, p,    rest) {
    if (!match(args, "(^|[ ,(])" p "[ \t]+[0-9]+")) return 0
    rest = substr(args, RSTART, RLENGTH); sub(/^[^0-9]*/, "", rest)
    return rest + 0
}

# What an availability list allows: 15 (macOS 15 / iOS 18 / tvOS 18 /
# watchOS 11), 14 (… 14 / 17 / 17 / 10), 99 (unavailable), else 0.
function level(args) {
    if (args ~ /^[ \t]*\*[ \t]*,[ \t]*unavailable/) return 99
    if (major(args, "macOS") >= 15 && major(args, "iOS") >= 18 && major(args, "tvOS") >= 18 && major(args, "watchOS") >= 11) return 15
    if (major(args, "macOS") >= 14 && major(args, "iOS") >= 17 && major(args, "tvOS") >= 17 && major(args, "watchOS") >= 10) return 14
    return 0
}

function nonapple(c) { return c ~ /^os\((Linux|Windows|Android|WASI|FreeBSD|OpenBSD)\)$/ }

# Whether an #if condition excludes Apple OSes (kind "apple") or leaves
# only macOS and non-Apple ones (kind "process").
function excludes(cond, kind,    n, parts, k) {
    gsub(/[ \t]/, "", cond)
    if (cond == "!canImport(Darwin)") return 1
    n = split(cond, parts, /\|\|/)
    for (k = 1; k <= n; k++) {
        if (nonapple(parts[k])) continue
        if (kind == "process" && parts[k] == "os(macOS)") continue
        return 0
    }
    return n > 0
}

function ifguard(kind,    k) {
    for (k = 1; k <= nif; k++) if ((kind == "apple" && ifapple[k]) || (kind == "process" && ifproc[k])) return 1
    return 0
}

function report(col, api, needs, fix) {
    printf "%s:%d:%d: error: %s needs %s: %s\n", FILENAME, FNR, col, api, needs, fix
    found++
}

# Whether column c of the current line is guarded at level lv.
function guarded(c, lv) {
    return substr(mask, c, 1) + 0 >= (lv == 14 ? 1 : 2) || ifguard("apple")
}

function advice(lv,    v) {
    v = lv == 15 ? "macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0" : "macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0"
    return "put the use under @available(" v ", *) or if #available(" v ", *), or in an #if that excludes Apple OSes"
}

function need(lv) { return lv == 15 ? "macOS 15 / iOS 18 / tvOS 18 / watchOS 11" : "macOS 14 / iOS 17 / tvOS 17 / watchOS 10" }

# Reports the first unguarded column of cols (one report a line and API).
function check(cols, api, lv,    n, list, k) {
    n = split(cols, list, " ")
    for (k = 1; k <= n; k++) if (!guarded(list[k] + 0, lv)) { report(list[k] + 0, api, need(lv), advice(lv)); return }
}

# The generic parameters and associated types constrained to AsyncSequence.
function collect(code,    rest, name) {
    rest = code
    while (match(rest, /[A-Z][A-Za-z0-9_]*[ \t]*:[ \t]*(any[ \t]+)?Async(Sequence|IteratorProtocol)/)) {
        name = substr(rest, RSTART, RLENGTH); sub(/[ \t]*:.*/, "", name)
        sequences[name] = 1
        rest = substr(rest, RSTART + RLENGTH)
    }
}

# Two primary associated types: AsyncSequence<A, B>.
function twoargs(code,    rest, p, i, depth, c, out, base) {
    out = ""; base = 0; rest = code
    while (match(rest, /Async(Sequence|IteratorProtocol)[ \t]*</)) {
        p = base + RSTART; depth = 0
        if (ident(substr(rest, RSTART - 1, 1))) { base += RSTART + RLENGTH - 1; rest = substr(rest, RSTART + RLENGTH); continue }
        for (i = RSTART + RLENGTH - 1; i <= length(rest); i++) {
            c = substr(rest, i, 1)
            if (c == "<" || c == "(" || c == "[") depth++
            else if (c == ">" || c == ")" || c == "]") { depth--; if (depth == 0) break }
            else if (c == "," && depth == 1) { out = out " " p; break }
        }
        base += RSTART + RLENGTH - 1; rest = substr(rest, RSTART + RLENGTH)
    }
    return out
}

function failures(code,    out, name, cols, n, list, k, c) {
    out = texts(code, "AsyncSequence.Failure") texts(code, "AsyncIteratorProtocol.Failure")
    for (name in sequences) {
        out = out prefixed(code, name ".Failure") prefixed(code, name ".AsyncIterator.Failure")
    }
    if (inext()) {
        n = split(columns(code, "Failure"), list, " ")
        for (k = 1; k <= n; k++) {
            c = list[k] + 0
            if (substr(code, c - 1, 1) != "." || substr(code, c - 5, 5) == "Self.") out = out " " c
        }
    }
    return out
}

function prefixed(code, t,    out, n, list, k, c) {
    out = ""; n = split(texts(code, t), list, " ")
    for (k = 1; k <= n; k++) {
        c = list[k] + 0
        if (!ident(substr(code, c - 1, 1)) && substr(code, c - 1, 1) != ".") out = out " " c
    }
    return out
}

function inext(    k) {
    if (pendext) return 1
    for (k = 1; k <= nstack; k++) if (skind[k] == "ext") return 1
    return 0
}

# Brace bookkeeping for one line: builds mask (per column: 2 where a
# level-15 guard holds, 1 for level 14, 0 none) and opens and closes
# guarded scopes. pending: the level a declaration header waits to open
# with its `{`; ifpending: that of an `if #available`, from column ifcol on.
function braces(code,    i, c, lv, k) {
    mask = ""
    for (i = 1; i <= length(code); i++) {
        c = substr(code, i, 1)
        if (c == "{") {
            depth++
            if (ifpending && i > ifcol) {
                nstack++; sdepth[nstack] = depth; slevel[nstack] = ifpending; skind[nstack] = "guard"
                ifpending = 0
            } else if (pending || pendext) {
                nstack++; sdepth[nstack] = depth; slevel[nstack] = pending; skind[nstack] = pendext ? "ext" : "guard"
                pending = 0; pendext = 0; header = 0
            }
        } else if (c == "}") {
            while (nstack > 0 && sdepth[nstack] >= depth) nstack--
            depth--
        }
        lv = header
        for (k = 1; k <= nstack; k++) if (slevel[k] > lv) lv = slevel[k]
        mask = mask (lv >= 15 ? 2 : lv >= 14 ? 1 : 0)
    }
}

function directive(code,    t, cond) {
    t = trim(code)
    if (t ~ /^#if[ \t(!]/) {
        cond = t; sub(/^#if/, "", cond)
        nif++; ifapple[nif] = excludes(cond, "apple"); ifproc[nif] = excludes(cond, "process")
        return 1
    }
    if (t ~ /^#elseif[ \t(!]/) {
        cond = t; sub(/^#elseif/, "", cond)
        ifapple[nif] = excludes(cond, "apple"); ifproc[nif] = excludes(cond, "process")
        return 1
    }
    if (t ~ /^#else/) { ifapple[nif] = 0; ifproc[nif] = 0; return 1 }
    if (t ~ /^#endif/) { if (nif > 0) nif--; return 1 }
    return 0
}

# Whether a declaration header goes on past line `t` (trimmed code),
# given the next line with code.
function continues(t, after,    opens, closes, tmp) {
    tmp = t; opens = gsub(/[(\[]/, "", tmp); tmp = t; closes = gsub(/[)\]]/, "", tmp)
    parens += opens - closes
    if (parens > 0) return 1
    if (t ~ /^@[A-Za-z_]+(\(.*\))?$/ && !sawdecl) return 1
    if (t == "" && !sawdecl) return 1
    if (t ~ /(,|\(|->|=|:|&|\|)$/) return 1
    if (after ~ /^(->|where|\{|throws|async|rethrows|\)|\.|&)/) return 1
    return 0
}

FNR == 1 {
    depth = 0; nstack = 0; nif = 0; pending = 0; pendext = 0; header = 0; parens = 0; ifpending = 0; guardnext = 0
    inblock = 0; mlclose = ""; strclose = ""
    for (name in sequences) delete sequences[name]
    # A first pass collects the AsyncSequence-constrained names.
    n = 0; file = FILENAME
    while ((getline line < file) > 0) { lines[++n] = line }
    close(file)
    inblock = 0; mlclose = ""
    for (k = 1; k <= n; k++) { codes[k] = strip(lines[k]); collect(codes[k]) }
    inblock = 0; mlclose = ""
    nlines = n
}

{
    code = codes[FNR]
    t = trim(code)
    if (directive(code)) next

    # A declaration attribute: the header that follows is guarded.
    a = arglist(t, "@available")
    if (a != "" && level(a) > 0 && !header) { header = level(a); parens = 0; sawdecl = 0 }
    # if/guard #available.
    ifcol = 0
    a = arglist(code, "#available")
    if (a != "" && level(a) > 0) {
        if (match(code, /(^|[^A-Za-z0-9_])if[ \t]+#available\(/)) { ifpending = level(a); ifcol = RSTART }
        else if (match(code, /(^|[^A-Za-z0-9_])guard[ \t]+#available\(/)) guardnext = level(a)
    }
    if (t ~ /(^|[^A-Za-z0-9_])extension[ \t]+Async(Sequence|IteratorProtocol)([^A-Za-z0-9_]|$)/) pendext = 1
    if (header && !pending) pending = header

    braces(code)

    check(columns(code, "Mutex"), "Mutex", 15)
    check(columns(code, "Atomic"), "Atomic", 15)
    check(texts(code, ".next(isolation:"), ".next(isolation:)", 15)
    check(failures(code), "AsyncSequence.Failure", 15)
    check(twoargs(code), "AsyncSequence<Element, Failure>", 15)
    check(columns(code, "withTaskExecutorPreference"), "withTaskExecutorPreference", 15)
    check(columns(code, "TaskExecutor"), "TaskExecutor", 15)
    check(columns(code, "globalConcurrentExecutor"), "globalConcurrentExecutor", 15)
    check(texts(code, "String(validating:"), "String(validating:as:)", 15)
    check(columns(code, "Int128"), "Int128", 15)
    check(columns(code, "UInt128"), "UInt128", 15)
    check(columns(code, "RangeSet"), "RangeSet", 15)
    check(columns(code, "withDiscardingTaskGroup"), "withDiscardingTaskGroup", 14)
    check(columns(code, "withThrowingDiscardingTaskGroup"), "withThrowingDiscardingTaskGroup", 14)
    check(columns(code, "DiscardingTaskGroup"), "DiscardingTaskGroup", 14)
    check(columns(code, "ThrowingDiscardingTaskGroup"), "ThrowingDiscardingTaskGroup", 14)
    check(columns(code, "ExecutorJob"), "ExecutorJob", 14)
    check(columns(code, "withObservationTracking"), "withObservationTracking", 14)
    check(texts(code, "@Observable"), "@Observable", 14)
    if (!ifguard("process")) {
        if (split(columns(code, "Process"), list, " ") > 0)
            report(list[1] + 0, "Process", "macOS or Linux (iOS, tvOS and watchOS have none)",
                "put the use under #if os(macOS) || os(Linux)")
    }

    # The header of an attributed declaration ends here, or goes on.
    if (header) {
        if (t != "" && t !~ /^@/) sawdecl = 1
        if (index(code, "{") == 0) {
            nt = ""
            for (k = FNR + 1; k <= nlines; k++) { nt = trim(codes[k]); if (nt != "") break }
            if (!continues(t, nt)) { header = 0; pending = 0 }
        }
    }
    # After guard #available … else { … }: the rest of the scope.
    if (guardnext) { nstack++; sdepth[nstack] = depth; slevel[nstack] = guardnext; skind[nstack] = "guard"; guardnext = 0 }
}

END { exit (found > 0) }
