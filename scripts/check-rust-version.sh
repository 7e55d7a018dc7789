#!/usr/bin/env bash
# Checks that the workspace's `rust-version` (Cargo.toml) is true: no crate pinned in
# Cargo.lock may declare a newer `rust-version` than the workspace does. Cargo itself does not
# check this with a newer toolchain, so a lock file update can silently raise the minimum.
# Needs cargo and python3. Exit 0: true; 1: a locked crate needs more (each one named).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo metadata --format-version 1 --locked | python3 -c '
import json, sys

def show(v):
    return ".".join(map(str, v))

def ver(s):
    parts = [int(x) for x in s.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))

meta = json.load(sys.stdin)
members = set(meta["workspace_members"])
declared = {p["rust_version"] for p in meta["packages"] if p["id"] in members}
if len(declared) != 1 or None in declared:
    sys.exit(f"check-rust-version: the workspace members declare {sorted(map(str, declared))}; "
             "expected one rust-version inherited from the root Cargo.toml")
declared = declared.pop()
over = sorted((ver(p["rust_version"]), p["name"], p["version"])
              for p in meta["packages"]
              if p["id"] not in members and p.get("rust_version")
              and ver(p["rust_version"]) > ver(declared))
if over:
    need = show(over[-1][0])
    print(f"check-rust-version: Cargo.toml declares rust-version {declared}, but Cargo.lock "
          f"pins crates that need more (raise it to {need}):", file=sys.stderr)
    for v, name, version in over:
        print(f"  {name} {version} needs {show(v)}", file=sys.stderr)
    sys.exit(1)
top = max((ver(p["rust_version"]) for p in meta["packages"]
           if p["id"] not in members and p.get("rust_version")), default=(0, 0, 0))
print(f"rust-version {declared} holds: the locked crates need at most {show(top)}")
'
