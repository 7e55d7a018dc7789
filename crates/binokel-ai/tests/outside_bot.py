#!/usr/bin/env python3
"""A small outside bot for the engine protocol (docs/engine-protocol.md), not written in Rust.

It plays a seeded random legal action, preferring to follow the heuristic "open at the
forced bid, then pass". Misbehaviour for the tests: `--misbehave illegal|garbage|error|lowercase|silent|crash`
makes it break the protocol on its second decision; `late` answers its second decision
properly but after 1.5 s, `lateready` greets after 1.5 s. `--transcript DIR` writes every line it
receives to DIR/<its process id>.txt (one file per session). It does not know the `result` command (it answers `error unknown command`,
as an engine written before `result` existed does); the host ignores that answer.
"""
import json
import random
import sys
import time

mode = None
transcript = None
args = sys.argv[1:]
while args:
    flag, value, args = args[0], args[1] if len(args) > 1 else None, args[2:]
    if flag == "--misbehave":
        mode = value
    elif flag == "--transcript":
        import os
        transcript = open(os.path.join(value, f"{os.getpid()}.txt"), "w")
    else:
        sys.exit(f"outside_bot.py: unknown option {flag}")
rng = random.Random(7)
decisions = 0

for line in sys.stdin:
    line = line.rstrip("\n")
    if transcript:
        transcript.write(line + "\n")
        transcript.flush()
    cmd, _, rest = line.partition(" ")
    if cmd == "binokel-engine":
        if mode == "lateready":
            time.sleep(1.5)
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
            if mode == "error":
                print("error I give up", flush=True)
                continue
            if mode == "lowercase" and len(legal[0]) == 2:
                print("action " + legal[0].lower(), flush=True)  # a card: `ah`
                continue
            if mode == "silent":
                time.sleep(3600)
            if mode == "late" and decisions == 2:
                time.sleep(1.5)  # past the host's limit, then a proper answer
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
