#!/usr/bin/env python3
"""Lists the tests a `swift test` log shows started but never finished.

A run stopped by its time limit ends with whatever was still running; this names it.
Usage: unfinished-tests.py LOG
"""
import re
import sys

STARTED = re.compile(r"^◇ Test (?!case passing)(.+) started\.$")
ENDED = re.compile(r"^[✔✘━] Test (?!case passing)(.+?) (?:passed|failed|with \d+ test cases?|recorded)")

started, ended = [], set()
with open(sys.argv[1], encoding="utf-8", errors="replace") as log:
    for line in log:
        line = line.rstrip("\n")
        if line == "◇ Test run started.":
            continue
        if match := STARTED.match(line):
            started.append(match.group(1))
        elif match := ENDED.match(line):
            ended.add(match.group(1))
unfinished = [name for name in started if name not in ended]
for name in unfinished:
    print(f"  still running: {name}")
if not unfinished:
    print("  every test that started also ended")
