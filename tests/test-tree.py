#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""test-tree.py SOURCE_ROOT: the rules of the source tree, as TAP.

The arrows run one way, app -> learner and teacher -> widgets -> core: a folder includes
no header that exists only in a folder above it, and only src/app knows the application.
No source file is over MAX_LINES lines, and no comment names an issue number (the code
says why, the issue tracker says when).

Headers are included by their flat name (every src folder is on the include path), so
"exists only under" means: no file of that name is anywhere else under src/.

The KNOWN_* sets hold today's offenders: each is printed as an expected failure
(`not ok ... # TODO`), which meson does not count as a failure. An entry that no longer
offends fails, so the sets only shrink; once a set is empty its rule is a plain check.
"""

import os
import re
import sys

MAX_LINES = 800

# Source files over MAX_LINES lines.
KNOWN_OVER: set = set()

# Files below src/app that include the application's header.
KNOWN_APP_HEADER: set = set()

# Files of src/learner or src/teacher that include a header found only in src/app.
KNOWN_UP_TO_APP: set = set()

# Files of src/learner that include a header found only in src/teacher, or the reverse.
KNOWN_CROSS: set = set()

# Files whose text names an issue number.
KNOWN_ISSUE_NUMBER: set = set()

FOLDERS = ("app", "learner", "teacher", "widgets", "core")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
ISSUE_NUMBER = re.compile(r"\bissues?\s*#?\s*\d+", re.I)
TOOLKIT = re.compile(r"^(gtk|gdk|gsk)/|^adwaita\.h$")

# Where comments are looked for: the code, the tests, the build and the data files' sources.
COMMENT_ROOTS = ("src", "ui", "tests", "build-aux", "data", ".ci")
COMMENT_TOP_FILES = ("meson.build", "meson_options.txt")
# Fixtures and generated input, not comments.
COMMENT_SKIP = ("tests/data/", "tests/fuzz/corpus-", "data/quizzes/")


def walk(root, top):
    for folder, dirs, files in os.walk(os.path.join(root, top)):
        # A build directory inside the source tree has meson-private/ or build.ninja.
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") or d == ".ci")
        dirs[:] = [d for d in dirs
                   if not os.path.exists(os.path.join(folder, d, "meson-private"))]
        for name in sorted(files):
            path = os.path.join(folder, name)
            yield os.path.relpath(path, root).replace(os.sep, "/")


def read(root, rel):
    try:
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            return f.read()
    except (UnicodeDecodeError, OSError):
        return None


def folder_of(rel):
    """The part of src/ a path belongs to: app, learner, teacher, widgets or core."""
    parts = rel.split("/")
    return parts[1] if len(parts) > 2 and parts[0] == "src" and parts[1] in FOLDERS else None


class Tap:
    def __init__(self):
        self.lines = []
        self.failed = False

    def ok(self, text):
        self.lines.append(("ok", text, ""))

    def not_ok(self, text):
        self.lines.append(("not ok", text, ""))
        self.failed = True

    def todo(self, text, why):
        self.lines.append(("not ok", text, f" # TODO {why}"))

    def print(self):
        print(f"1..{len(self.lines)}")
        for n, (status, text, directive) in enumerate(self.lines, 1):
            # A "#" in the description would start a directive.
            print(f"{status} {n} - {text.replace('#', '')}{directive}")


def check(tap, rule, found, known, known_name):
    """found: {file: detail} of the files that break the rule; known: its set of offenders."""
    for rel in sorted(found):
        if rel in known:
            tap.todo(f"{rel}: {found[rel]}", f"known, listed in {known_name}")
        else:
            tap.not_ok(f"{rel}: {found[rel]} ({rule})")
    stale = known - set(found)
    for rel in sorted(stale):
        tap.not_ok(f"{rel} no longer breaks the rule ({rule}): take it out of {known_name}")
    if not set(found) - known and not stale:
        tap.ok(rule if not known else f"{rule}, but for the TODOs of {known_name}")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: test-tree.py SOURCE_ROOT")
    root = sys.argv[1]
    tap = Tap()

    sources = [rel for rel in walk(root, "src") if rel.endswith((".c", ".h"))]
    if not sources:
        print("1..0 # SKIP no sources under " + os.path.join(root, "src"))
        return 0
    texts = {rel: read(root, rel) or "" for rel in sources}

    # Which folders have a header of each name.
    homes = {}
    for rel in sources:
        if rel.endswith(".h") and folder_of(rel):
            homes.setdefault(os.path.basename(rel), set()).add(folder_of(rel))

    def only_in(header, folders):
        where = homes.get(header)
        return bool(where) and where <= set(folders)

    app_header, core_up, widgets_up, up_to_app, cross = {}, {}, {}, {}, {}
    for rel in sources:
        part = folder_of(rel)
        includes = INCLUDE.findall(texts[rel])
        local = [h for kind, h in includes if kind == '"']

        def note(found, what):
            found.setdefault(rel, [])
            if what not in found[rel]:
                found[rel].append(what)

        if part in ("learner", "teacher", "widgets", "core"):
            for h in local:
                if os.path.basename(h) == "imtehan-application.h":
                    note(app_header, f'includes "{h}"')
        if part == "core":
            for kind, h in includes:
                if kind == "<" and TOOLKIT.search(h):
                    note(core_up, f"includes <{h}>")
                elif kind == '"' and only_in(h, ("app", "learner", "teacher", "widgets")):
                    note(core_up, f'includes "{h}" of src/{"|".join(sorted(homes[h]))}')
        if part == "widgets":
            for h in local:
                if only_in(h, ("app", "learner", "teacher")):
                    note(widgets_up, f'includes "{h}" of src/{"|".join(sorted(homes[h]))}')
        if part in ("learner", "teacher"):
            other = "teacher" if part == "learner" else "learner"
            for h in local:
                if only_in(h, ("app",)) and h != "imtehan-application.h":
                    note(up_to_app, f'includes "{h}" of src/app')
                if only_in(h, (other,)):
                    note(cross, f'includes "{h}" of src/{other}')

    def joined(found):
        return {rel: ", ".join(what) for rel, what in found.items()}

    check(tap, "only src/app includes imtehan-application.h",
          joined(app_header), KNOWN_APP_HEADER, "KNOWN_APP_HEADER")
    check(tap, "src/core includes no GTK, libadwaita or header of the folders above it",
          joined(core_up), set(), "")
    check(tap, "src/widgets includes no header of src/app, src/learner or src/teacher",
          joined(widgets_up), set(), "")
    check(tap, "src/learner and src/teacher include no header of src/app",
          joined(up_to_app), KNOWN_UP_TO_APP, "KNOWN_UP_TO_APP")
    check(tap, "src/learner and src/teacher include no header of each other",
          joined(cross), KNOWN_CROSS, "KNOWN_CROSS")

    over = {}
    for rel in sources:
        n = texts[rel].count("\n")
        if n > MAX_LINES:
            over[rel] = f"{n} lines"
    check(tap, f"no source file under src/ is over {MAX_LINES} lines",
          over, KNOWN_OVER, "KNOWN_OVER")

    named = {}
    candidates = [rel for top in COMMENT_ROOTS for rel in walk(root, top)]
    candidates += [f for f in COMMENT_TOP_FILES if os.path.isfile(os.path.join(root, f))]
    for rel in candidates:
        if rel.startswith(COMMENT_SKIP):
            continue
        text = texts.get(rel) if rel in texts else read(root, rel)
        if not text:
            continue
        lines = [str(text.count("\n", 0, m.start()) + 1) for m in ISSUE_NUMBER.finditer(text)]
        if lines:
            named[rel] = "names an issue number on line " + ", ".join(lines)
    check(tap, "no comment names an issue number", named, KNOWN_ISSUE_NUMBER,
          "KNOWN_ISSUE_NUMBER")

    tap.print()
    return 1 if tap.failed else 0


if __name__ == "__main__":
    sys.exit(main())
