#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Prints, as one JSON list, what a screen reader is told about an application on the
# accessibility bus of this D-Bus session: every accessible's role, name and whether it
# has the keyboard focus, for each application of that name (default: imtehan). The Flatpak
# suite (test-flatpak.py) runs it as its test user, outside the sandbox, to read the
# sandboxed app's window the way Orca would.
#
# Usage: atspi-names.py [APPLICATION-NAME]

import json
import sys

import pyatspi

MAX_DEPTH = 80


def walk(accessible, depth, out):
    if accessible is None or depth > MAX_DEPTH:
        return
    try:
        state = accessible.getState()
        out.append({
            'role': accessible.getRoleName(),
            'name': accessible.name or '',
            'focused': state.contains(pyatspi.STATE_FOCUSED),
            'showing': state.contains(pyatspi.STATE_SHOWING),
        })
        children = list(accessible)
    except Exception:  # an object gone meanwhile is no failure of the reader
        return
    for child in children:
        walk(child, depth + 1, out)


def main(argv):
    wanted = argv[1] if len(argv) > 1 else 'imtehan'
    out = []
    desktop = pyatspi.Registry.getDesktop(0)
    for app in desktop:
        try:
            if app is not None and app.name == wanted:
                walk(app, 0, out)
        except Exception:
            continue
    json.dump(out, sys.stdout, ensure_ascii=False)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
