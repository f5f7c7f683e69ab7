#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Checks the Flatpak manifest against what the design decided: the app id and
# command, exactly four sandbox permissions, a bundled Urdu font fetched from a pinned
# URL with its sha256, and the app built from the local checkout with its tests.
# Prints TAP. Usage: test-flatpak-manifest.py [MANIFEST]

import json
import os
import sys

APP_ID = "io.github.imtehan.Imtehan"
FINISH_ARGS = ["--share=ipc", "--socket=wayland", "--socket=fallback-x11", "--device=dri"]
HEX = set("0123456789abcdef")


def default_manifest():
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(here, os.pardir, "flatpak", APP_ID + ".json")


def is_sha256(value):
    return isinstance(value, str) and len(value) == 64 and set(value) <= HEX


def commands_of(module):
    commands = module.get("build-commands", [])
    return [c for c in commands if isinstance(c, str)]


def font_modules(manifest):
    """Modules whose build commands install a .ttf or .otf into /app/share/fonts."""
    found = []
    for module in manifest.get("modules", []):
        if not isinstance(module, dict):
            continue
        for command in commands_of(module):
            if "/app/share/fonts" in command and (".ttf" in command or ".otf" in command):
                found.append(module)
                break
    return found


def check_font_sources(manifest):
    modules = font_modules(manifest)
    if not modules:
        return False, "no module installs a font into /app/share/fonts"
    for module in modules:
        sources = module.get("sources", [])
        if not sources:
            return False, "font module %r has no sources" % module.get("name")
        for source in sources:
            if not isinstance(source, dict) or source.get("type") not in ("file", "archive"):
                return False, "font source is not a downloaded file: %r" % (source,)
            url = source.get("url", "")
            if not isinstance(url, str) or not url.startswith("https://"):
                return False, "font source has no https url: %r" % (source,)
            if not is_sha256(source.get("sha256")):
                return False, "font source %s has no 64-hex sha256" % url
    return True, ""


def check_font_files(manifest):
    installed = " ".join(c for m in font_modules(manifest) for c in commands_of(m))
    missing = [name for name in ("NotoNastaliqUrdu-Regular.ttf", "NotoNastaliqUrdu-Bold.ttf")
               if name not in installed]
    if missing:
        return False, "not installed: " + ", ".join(missing)
    return True, ""


def check_font_licence(manifest):
    licence_dir = "/app/share/licenses/%s/" % APP_ID
    for module in font_modules(manifest):
        for command in commands_of(module):
            if licence_dir in command:
                return True, ""
    return False, "the font licence is not installed into " + licence_dir


def last_module(manifest):
    modules = manifest.get("modules", [])
    if modules and isinstance(modules[-1], dict):
        return modules[-1]
    return {}


def check_last_module_source(manifest):
    module = last_module(manifest)
    sources = module.get("sources", [])
    if len(sources) != 1:
        return False, "the last module has %d sources, expected one" % len(sources)
    source = sources[0]
    if source.get("type") != "dir" or source.get("path") != "..":
        return False, "the last module's source is %r" % (source,)
    return True, ""


def check_last_module_build(manifest):
    module = last_module(manifest)
    if module.get("name") != "imtehan":
        return False, "the last module is %r" % module.get("name")
    if module.get("buildsystem") != "meson":
        return False, "buildsystem is %r" % module.get("buildsystem")
    if module.get("run-tests") is not True:
        return False, "run-tests is not true"
    return True, ""


def check_tests_offline(manifest):
    for module in manifest.get("modules", []):
        if not isinstance(module, dict):
            continue
        options = module.get("build-options", {})
        for key in ("build-args", "test-args"):
            if "--share=network" in options.get(key, []):
                return False, "module %r gets the network in %s" % (module.get("name"), key)
    return True, ""


def main(argv):
    path = argv[1] if len(argv) > 1 else default_manifest()

    checks = [
        ("app id is " + APP_ID,
         lambda m: (m.get("id", m.get("app-id")) == APP_ID,
                    "id is %r" % m.get("id", m.get("app-id")))),
        ("command is imtehan",
         lambda m: (m.get("command") == "imtehan", "command is %r" % m.get("command"))),
        ("runtime and sdk are GNOME's, with a version",
         lambda m: (m.get("runtime") == "org.gnome.Platform"
                    and m.get("sdk") == "org.gnome.Sdk"
                    and isinstance(m.get("runtime-version"), str)
                    and m.get("runtime-version") != "",
                    "runtime %r %r, sdk %r" % (m.get("runtime"), m.get("runtime-version"),
                                               m.get("sdk")))),
        ("finish-args are exactly " + " ".join(FINISH_ARGS),
         lambda m: (isinstance(m.get("finish-args"), list)
                    and sorted(m.get("finish-args")) == sorted(FINISH_ARGS),
                    "finish-args are %r" % m.get("finish-args"))),
        ("a font module installs into /app/share/fonts from url + sha256 sources",
         check_font_sources),
        ("Noto Nastaliq Urdu Regular and Bold are installed", check_font_files),
        ("the font licence is installed with the app", check_font_licence),
        ("the last module builds the local checkout (type dir, path ..)",
         check_last_module_source),
        ("the last module is imtehan, built with meson, with its tests run",
         check_last_module_build),
        ("no build or test step gets the network", check_tests_offline),
    ]

    print("1..%d" % (len(checks) + 1))

    try:
        with open(path, encoding="utf-8") as f:
            manifest = json.load(f)
        if not isinstance(manifest, dict):
            raise ValueError("the top level is not an object")
    except (OSError, ValueError) as e:
        print("not ok 1 - %s is valid JSON" % path)
        print("# %s" % e)
        print("Bail out! cannot check a manifest that does not parse")
        return 1
    print("ok 1 - %s is valid JSON" % os.path.basename(path))

    failed = 0
    for number, (description, check) in enumerate(checks, start=2):
        try:
            ok, why = check(manifest)
        except (AttributeError, TypeError) as e:
            ok, why = False, "unexpected shape: %s" % e
        if ok:
            print("ok %d - %s" % (number, description))
        else:
            failed += 1
            print("not ok %d - %s" % (number, description))
            print("# %s" % why)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
