#!/usr/bin/env bash
# The structure checks of issue #23, run by scripts/test.sh:
# 1. No source file of the project is over 1,000 lines (a reader can hold each file in their
#    head). Counted: crates/*/src/**/*.rs and web/**/*.js. A file that is a table of data,
#    clearer in one piece, may say so in its first five lines with the words
#    "line limit: data table" and is then not counted.
# 2. The browser's JavaScript modules import each other without a cycle (web/js).
# 3. Markup in web/js is built only by web/js/html.js (issue #30, docs/web.md "Markup and
#    escaping"): no file but html.js uses innerHTML, outerHTML, insertAdjacentHTML,
#    document.write, createContextualFragment, DOMParser, srcdoc or setHTMLUnsafe, and every
#    raw() takes string literals only (a constant, never a value).
# 4. The Rust modules of each crate use each other without a circle (issue #31,
#    docs/architecture.md "The map"): a file uses another when its code names a path into the
#    other's module; comments, strings, `#[cfg(test)]` modules, `mod x;`, a parent's `pub use`
#    of its own parts (a facade) and uses between a module and its own submodules do not count.
set -euo pipefail
cd "$(dirname "$0")/.."
limit=1000
over=0
while IFS= read -r -d '' f; do
  n=$(wc -l < "$f")
  if [ "$n" -gt "$limit" ]; then
    if head -n 5 "$f" | grep -qi "line limit: data table"; then
      continue
    fi
    echo "check-structure: $f has $n lines (limit $limit): split it by concept, or mark a data table (see this script)" >&2
    over=1
  fi
done < <(find crates/*/src web -type f \( -name '*.rs' -o -name '*.js' \) -print0 | sort -z)
if [ "$over" -ne 0 ]; then
  exit 1
fi
python3 - <<'PY'
import os, re, sys
root = "web/js"
imp = re.compile(r'''^\s*(?:import|export)\b[^'"]*?from\s*["']\./([^"']+)["']|^\s*import\s*["']\./([^"']+)["']''', re.M)
graph = {}
for name in sorted(os.listdir(root)):
    if name.endswith(".js"):
        text = open(os.path.join(root, name), encoding="utf-8").read()
        graph[name] = sorted({a or b for a, b in imp.findall(text)})
for f, deps in graph.items():
    for d in deps:
        if d not in graph:
            sys.exit(f"check-structure: web/js/{f} imports ./{d}, which does not exist")
state = {}
def visit(n, path):
    state[n] = 1
    for d in graph[n]:
        if state.get(d) == 1:
            cycle = path[path.index(d):] + [d]
            sys.exit("check-structure: web/js imports go in a circle: " + " -> ".join(cycle))
        if d not in state:
            visit(d, path + [d])
    state[n] = 2
for n in graph:
    if n not in state:
        visit(n, [n])

sinks = re.compile(r"\b(innerHTML|outerHTML|insertAdjacentHTML|document\.write(?:ln)?|createContextualFragment|DOMParser|srcdoc|setHTMLUnsafe|parseHTMLUnsafe)\b")
literal = re.compile(r"""\s*(?:(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`[^`$\\]*`)\s*\+?\s*)+,?\s*""")
bad = []
for name in sorted(graph):
    if name == "html.js":
        continue
    text = open(os.path.join(root, name), encoding="utf-8").read()
    for m in sinks.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        bad.append(f"web/js/{name}:{line}: {m.group(1)}: write markup with setHtml/addHtml of web/js/html.js")
    for m in re.finditer(r"(?<![\w$.])raw\(", text):
        depth, i = 1, m.end()
        while depth and i < len(text):
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        if not literal.fullmatch(text[m.end():i - 1]):
            line = text.count("\n", 0, m.start()) + 1
            bad.append(f"web/js/{name}:{line}: raw() takes string literals only (constant markup); build markup with html`...`")
if bad:
    sys.exit("check-structure: markup outside web/js/html.js:\n" + "\n".join(bad))
PY
python3 - <<'PY'
import os, re, sys

def strip(text):
    # Comments, strings and chars out (so doc links and messages name no module), then every
    # `#[cfg(test)]` item (tests may use what they test from anywhere).
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i): depth += 1; i += 2
                elif text.startswith("*/", i): depth -= 1; i += 2
                else: i += 1
        elif c == '"' or (c == 'r' and re.match(r'r#*"', text[i:i+10]) and not re.match(r'\w', text[i-1:i] or ' ')):
            if c == 'r':
                m = re.match(r'r(#*)"', text[i:])
                end = '"' + m.group(1)
                j = text.find(end, i + len(m.group(0)))
                i = n if j < 0 else j + len(end)
            else:
                i += 1
                while i < n and text[i] != '"':
                    i += 2 if text[i] == "\\" else 1
                i += 1
            out.append('""')
        elif c == "'" and re.match(r"'(\\.|[^\\'])'|'\\u\{[0-9a-fA-F]+\}'", text[i:i+12]):
            m = re.match(r"'(\\.|[^\\'])'|'\\u\{[0-9a-fA-F]+\}'", text[i:i+12])
            i += len(m.group(0)); out.append("' '")
        else:
            out.append(c); i += 1
    s = "".join(out)
    while True:
        m = re.search(r"#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{", s)
        if not m:
            break
        depth, i = 1, m.end()
        while i < len(s) and depth:
            depth += {"{": 1, "}": -1}.get(s[i], 0); i += 1
        s = s[:m.start()] + s[i:]
    return s

def modpath(rel):
    parts = rel[:-3].split("/")
    if parts[-1] in ("lib", "main") and len(parts) == 1:
        return ()
    if parts[-1] == "mod":
        parts = parts[:-1]
    return tuple(parts)

def use_paths(body):
    # Expands a use tree (`a::{b, c::d as e, *}`) into its paths.
    body = re.sub(r"\s+as\s+\w+", "", body)
    body = re.sub(r"\s+", "", body)
    def expand(s):
        depth, parts, cur = 0, [], ""
        for ch in s:
            if ch == "{": depth += 1
            if ch == "}": depth -= 1
            if ch == "," and depth == 0:
                parts.append(cur); cur = ""
            else:
                cur += ch
        if cur: parts.append(cur)
        res = []
        for p in parts:
            k = p.find("{")
            if k >= 0 and p.endswith("}"):
                pre = p[:k].rstrip(":")
                for sub in expand(p[k+1:-1]):
                    res.append(pre + ("::" + sub if sub and sub != "self" else ""))
            else:
                res.append(p)
        return res
    return expand(body)

def crate_cycles(src):
    files = {}
    for dp, _, fs in os.walk(src):
        for f in fs:
            if f.endswith(".rs"):
                rel = os.path.relpath(os.path.join(dp, f), src).replace(os.sep, "/")
                files[modpath(rel)] = rel
    graph = {m: set() for m in files}
    def resolve(base, segs):
        # The file of the longest module prefix of base + segs.
        full = tuple(base) + tuple(segs)
        for k in range(len(full), -1, -1):
            if full[:k] in files:
                return full[:k]
        return None
    for m, rel in files.items():
        text = strip(open(os.path.join(src, rel), encoding="utf-8").read())
        children = {k[-1] for k in files if len(k) == len(m) + 1 and k[:len(m)] == m}
        targets = []
        def add(path):
            segs = [x for x in path.split("::") if x]
            if not segs:
                return
            if segs[0] == "crate":
                t = resolve((), segs[1:])
            elif segs[0] in ("super", "self"):
                base = list(m)
                while segs and segs[0] in ("super", "self"):
                    if segs[0] == "super": base = base[:-1]
                    segs = segs[1:]
                t = resolve(tuple(base), segs)
            elif segs[0] in children:
                t = resolve(m, segs)
            else:
                return
            targets.append(t)
        for um in re.finditer(r"(?<![\w])(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);", text):
            paths = use_paths(um.group(2))
            for p in paths:
                before = len(targets)
                add(p)
                # A parent's `pub use` of its own parts is a facade, not a use.
                if um.group(1) and len(targets) > before and targets[-1] is not None and targets[-1][:len(m)] == m:
                    targets.pop()
        text_no_use = re.sub(r"(?<![\w])(pub(?:\([^)]*\))?\s+)?use\s+[^;]+;", "", text)
        for pm in re.finditer(r"(?<![\w:])((?:crate|super|self|[a-z_][a-z0-9_]*)(?:::[A-Za-z_][A-Za-z0-9_]*)+)", text_no_use):
            add(pm.group(1))
        for t in targets:
            # A module and its own parts (ancestors and descendants) are one unit.
            if t is None or t == m or t[:len(m)] == m or m[:len(t)] == t:
                continue
            graph[m].add(t)
    # Strongly connected components (Tarjan).
    index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)
    def sc(v):
        index[v] = low[v] = counter[0]; counter[0] += 1
        stack.append(v); on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                sc(w); low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop(); on.discard(w); comp.append(w)
                if w == v: break
            if len(comp) > 1:
                comps.append(sorted(files[x] for x in comp))
    for v in sorted(graph):
        if v not in index:
            sc(v)
    return comps

bad = []
for crate in sorted(os.listdir("crates")):
    src = os.path.join("crates", crate, "src")
    if os.path.isdir(src):
        for comp in crate_cycles(src):
            bad.append(f"crates/{crate}/src: " + ", ".join(comp) + " use each other in a circle")
if bad:
    sys.exit("check-structure: Rust modules go in a circle (break it: move what both need into one of them or a third module):\n" + "\n".join(bad))
PY
echo "check-structure: every source file has at most $limit lines; web/js imports have no cycle; web/js writes markup only through html.js; Rust modules have no cycle"
