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
echo "check-structure: every source file has at most $limit lines; web/js imports have no cycle; web/js writes markup only through html.js"
