#!/usr/bin/env python3
"""A small outside bot for the engine protocol (docs/engine-protocol.md), not written in Rust.

It plays a seeded random legal action, preferring to follow the heuristic "open at the
forced bid, then pass". Misbehaviour for the tests: `--misbehave illegal|garbage|silent|crash`
makes it break the protocol on its second decision.
"""
import json
import random
import sys
import time

mode = sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] == "--misbehave" else None
rng = random.Random(7)
decisions = 0

for line in sys.stdin:
    line = line.rstrip("\n")
    cmd, _, rest = line.partition(" ")
    if cmd == "binokel-engine":
        print("ready pybot" if rest == "1" else "error unsupported version", flush=True)
    elif cmd in ("choose", "hint"):
        view = json.loads(rest)
        legal = view["legal"]
        decisions += 1
        if mode and decisions >= 2:
            if mode == "illegal":
                print("action bid 5", flush=True)
                continue
            if mode == "garbage":
                print("I would rather play chess", flush=True)
                continue
            if mode == "silent":
                time.sleep(3600)
            if mode == "crash":
                sys.exit(3)
        if cmd == "hint":
            print("hint " + json.dumps([[a, 0.0] for a in legal]), flush=True)
            continue
        choice = "pass" if "pass" in legal else rng.choice(legal)
        print("action " + choice, flush=True)
    elif cmd == "quit":
        break
    else:
        print("error unknown command", flush=True)
