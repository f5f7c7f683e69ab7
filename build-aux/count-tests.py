#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Counts test cases in meson's testlog.json files (one per build, e.g. the README build and
the sanitizer build): every TAP line of a TAP test, and the result of any other test.
Prints one line for all of them: "tests: N passed, N failed, N skipped"."""

import json
import os
import re
import sys

passed = failed = skipped = 0
tap_line = re.compile(r"^(not ok|ok)\b(.*)$")

if len(sys.argv) < 2:
    sys.exit("usage: count-tests.py TESTLOG.JSON...")

for path in sys.argv[1:]:
    # A build that did not get as far as its tests has no log: that is a failure too.
    if not os.path.isfile(path) or os.path.getsize(path) == 0:
        print(f"no test log at {path}", file=sys.stderr)
        failed += 1
        continue
    with open(path, encoding="utf-8") as log:
        for line in log:
            if not line.strip():
                continue
            entry = json.loads(line)
            result = entry.get("result")
            cases = []
            stdout = entry.get("stdout") or ""
            # testlog.json does not record the protocol: a TAP plan line marks a TAP test.
            if re.search(r"^\s*1\.\.\d+", stdout, re.M):
                for out in (entry.get("stdout") or "").splitlines():
                    m = tap_line.match(out.strip())
                    if m:
                        cases.append((m.group(1), m.group(2)))
            if cases:
                for status, rest in cases:
                    directive = rest.split("#", 1)[1].strip().upper() if "#" in rest else ""
                    if directive.startswith("SKIP"):
                        skipped += 1
                    elif status == "ok" or directive.startswith("TODO"):
                        passed += 1
                    else:
                        failed += 1
                # A TAP test that crashed after its last line still failed.
                if result in ("FAIL", "ERROR", "TIMEOUT") and all(s == "ok" for s, _ in cases):
                    failed += 1
            elif result in ("OK", "EXPECTEDFAIL"):
                passed += 1
            elif result == "SKIP":
                skipped += 1
            else:
                failed += 1

print(f"tests: {passed} passed, {failed} failed, {skipped} skipped")
