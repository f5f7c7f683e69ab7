#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The commands that run without a window, through the built binary as a teacher or a
# script runs them: `imtehan --check FILE…` and `imtehan --import-gift`. No display and no
# D-Bus session: a command that tried to open either fails here.
# Prints TAP. Usage: test-cli.py IMTEHAN-BINARY

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BUNDLED = os.path.join(HERE, os.pardir, "data", "quizzes", "zero-sharded-optimizers.quiz")

GOOD = """[Quiz]
FormatVersion=1
Id=tiny
Title=Tiny
Title[ur]=چھوٹا

[Question q1]
Text=Two plus two?
Choices=four;five
Choice.four=Four
Choice.five=Five
Answer=four
"""

# Each broken quiz with the exact line --check prints for it.
BROKEN = {
    "answer.quiz": (GOOD.replace("Answer=four", "Answer=six"),
                    "answer.quiz:12: [Question q1] Answer: “six” is not one of the choices "
                    "(four, five)"),
    "no-questions.quiz": (GOOD.split("\n\n")[0] + "\n",
                          "no-questions.quiz:1: [Quiz]: the quiz has no questions; "
                          "add a [Question <id>] group"),
    "duplicate.quiz": (GOOD + "\n" + GOOD.split("\n\n")[1],
                       "duplicate.quiz:14: the group [Question q1] appears twice; "
                       "it already began at line 7"),
    "empty.quiz": ("", "empty.quiz: the file is empty"),
    "binary.quiz": ("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", "binary.quiz:3: the file contains a NUL "
                    "byte; it is not a text file"),
    "truncated.quiz": (GOOD[:GOOD.index("Choice.five")] + "Choi",
                       "truncated.quiz:11: this line is not a [group], a key=value pair or a "
                       "# comment"),
}

tests = 0
failed = False


def ok(condition, name, detail=""):
    global tests, failed
    tests += 1
    if condition:
        print(f"ok {tests} - {name}")
    else:
        failed = True
        print(f"not ok {tests} - {name}")
        for line in str(detail).splitlines():
            print(f"# {line}")


def run(binary, args, cwd, language=None):
    env = dict(os.environ)
    for name in ("DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(name, None)
    env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent/imtehan-test-bus"
    if language:
        env["LANGUAGE"] = language
    return subprocess.run([binary] + args, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=60)


def write(folder, name, text, encoding="utf-8"):
    path = os.path.join(folder, name)
    with open(path, "w", encoding=encoding, newline="") as f:
        f.write(text)
    return path


def test_check(binary, folder):
    write(folder, "good.quiz", GOOD)
    for name, (text, _) in BROKEN.items():
        write(folder, name, text, encoding="latin-1" if name == "binary.quiz" else "utf-8")

    result = run(binary, ["--check", BUNDLED, "good.quiz"], folder)
    ok(result.returncode == 0 and result.stdout == "" and result.stderr == "",
       "--check of good files prints nothing and exits 0", result)

    for name, (_, expected) in BROKEN.items():
        result = run(binary, ["--check", name], folder)
        ok(result.returncode == 1 and result.stdout == "" and result.stderr == expected + "\n",
           f"--check {name}: one line naming the file and line, exit 1",
           f"expected: {expected}\n{result}")

    # Every file is checked, in order, and one broken file fails the whole run.
    result = run(binary, ["--check", "answer.quiz", "good.quiz", "missing.quiz", "empty.quiz"],
                 folder)
    lines = result.stderr.splitlines()
    ok(result.returncode == 1 and len(lines) == 3 and lines[0].startswith("answer.quiz:12:")
       and lines[1].startswith("missing.quiz: ") and lines[2] == "empty.quiz: the file is empty",
       "--check of several files reports each broken one, in order", result)

    with open(os.path.join(folder, "utf16.quiz"), "wb") as f:
        f.write(GOOD.encode("utf-16"))
    result = run(binary, ["--check", "utf16.quiz"], folder)
    ok(result.returncode == 1
       and result.stderr == "utf16.quiz:1: the file is in UTF-16; save it as UTF-8\n",
       "--check names a file in the wrong encoding", result)

    # 100 MB, sparse: refused after reading just past the limit.
    with open(os.path.join(folder, "huge.quiz"), "wb") as f:
        f.truncate(100 * 1024 * 1024)
    result = run(binary, ["--check", "huge.quiz"], folder)
    ok(result.returncode == 1 and result.stderr.startswith("huge.quiz: the file is larger than"),
       "--check refuses a 100 MB file", result)

    result = run(binary, ["--check"], folder)
    ok(result.returncode == 2 and "--check FILE" in result.stderr,
       "--check without a file is a usage error", result)

    # A file alone is opened in a window; without a display that cannot be, and saying so
    # (with the command that needs none) is all it does.
    result = run(binary, ["good.quiz"], folder)
    ok(result.returncode == 1 and "display" in result.stderr and "--check" in result.stderr
       and "CRITICAL" not in result.stderr,
       "a file without a display: a clear message, no crash", result)


GIFT = ("$CATEGORY: $course$/top/ریاضی\r\n"
        "\r\n"
        "::جمع::دو جمع دو کتنے ہوتے ہیں؟{\r\n"
        "=چار#شاباش!\r\n"
        "~پانچ\r\n"
        "}\r\n"
        "\r\n"
        "// a short answer: skipped\r\n"
        "دو جمع دو؟{=چار =4}\r\n"
        "\r\n"
        "پاکستان کا دارالحکومت اسلام آباد ہے۔{T}\r\n")


def read(folder, name):
    with open(os.path.join(folder, name), encoding="utf-8") as f:
        return f.read()


def test_import_gift(binary, folder):
    with open(os.path.join(folder, "urdu bank.gift"), "w", encoding="utf-8-sig", newline="") as f:
        f.write(GIFT)

    result = run(binary, ["--import-gift", "urdu bank.gift", "--output", "urdu.quiz",
                          "--language", "ur"], folder)
    ok(result.returncode == 0 and result.stdout == "urdu.quiz: 2 questions written\n"
       and result.stderr == "urdu bank.gift:9: skipped: a short-answer question (Imtehan "
       "imports multiple-choice and true/false questions)\n",
       "--import-gift writes the quiz, says how many questions, warns of each skipped one",
       result)
    quiz = read(folder, "urdu.quiz")
    ok("\nId=urdu\n" in quiz and "\nTitle[ur]=urdu bank\n" in quiz
       and "\nText[ur]=دو جمع دو کتنے ہوتے ہیں؟\n" in quiz and "\nText=" not in quiz
       and "\nChoice.true[ur]=درست\n" in quiz,
       "--language ur writes the Urdu keys", quiz)
    result = run(binary, ["--check", "urdu.quiz"], folder)
    ok(result.returncode == 0 and result.stderr == "", "the imported quiz passes --check", result)

    result = run(binary, ["--import-gift", "urdu bank.gift", "-o", "guessed.quiz"], folder)
    ok(result.returncode == 0 and read(folder, "guessed.quiz") == quiz.replace("Id=urdu", "Id=guessed"),
       "without --language, Urdu text is imported as Urdu, as Open… in the app does", result)

    result = run(binary, ["--import-gift", "urdu bank.gift", "-o", "english.quiz",
                          "--language", "en"], folder)
    quiz = read(folder, "english.quiz")
    ok(result.returncode == 0 and "\nText=دو جمع دو کتنے ہوتے ہیں؟\n" in quiz
       and "\nChoice.true=True\n" in quiz, "--language en writes the English keys", result)

    # A failed import changes nothing: not the GIFT file, not an existing quiz.
    write(folder, "broken.gift", "First?{=a ~b}\n\nSecond?{=a\n~b\n\n~c}\n")
    before = read(folder, "english.quiz")
    result = run(binary, ["--import-gift", "broken.gift", "--output", "english.quiz"], folder)
    ok(result.returncode == 1 and result.stdout == ""
       and result.stderr == "broken.gift:3: this “{” is never closed by a “}”\n"
       and read(folder, "english.quiz") == before,
       "an unclosed { fails at its line and leaves the output alone", result)

    write(folder, "essays.gift", "Write an essay.{}\n")
    result = run(binary, ["--import-gift", "essays.gift", "--output", "essays.quiz"], folder)
    ok(result.returncode == 1 and not os.path.exists(os.path.join(folder, "essays.quiz"))
       and result.stderr == "essays.gift:1: skipped: an essay question (Imtehan imports "
       "multiple-choice and true/false questions)\n"
       "essays.gift: no multiple-choice or true/false question to import\n",
       "a file with no question left writes nothing, and says why", result)

    with open(os.path.join(folder, "huge.gift"), "wb") as f:
        f.truncate(100 * 1024 * 1024)
    result = run(binary, ["--import-gift", "huge.gift", "--output", "from-huge.quiz"], folder)
    ok(result.returncode == 1 and result.stderr.startswith("huge.gift: the file is larger than")
       and not os.path.exists(os.path.join(folder, "from-huge.quiz")),
       "--import-gift refuses a 100 MB file", result)

    before = read(folder, "broken.gift")
    os.symlink("broken.gift", os.path.join(folder, "link.gift"))
    for output in ["broken.gift", "./broken.gift", "link.gift"]:
        result = run(binary, ["--import-gift", "broken.gift", "--output", output], folder)
        ok(result.returncode == 2 and "would overwrite the GIFT file" in result.stderr
           and read(folder, "broken.gift") == before,
           f"--output {output} never overwrites the GIFT file", result)

    for args in (["--import-gift", "urdu bank.gift"],
                 ["--import-gift", "urdu bank.gift", "-o", "x.quiz", "--language", "fr"],
                 ["--import-gift", "urdu bank.gift", "-o", "x.quiz", "other.gift"],
                 ["--import-gift", "urdu bank.gift", "-o", "x.quiz", "--check"],
                 ["--output", "x.quiz"]):
        result = run(binary, args, folder)
        ok(result.returncode == 2 and result.stderr != ""
           and not os.path.exists(os.path.join(folder, "x.quiz")),
           f"usage error: {' '.join(args)}", result)


def test_lab_options(binary, folder):
    # A bad value of a lab launcher's option: one line naming the option and the value,
    # status 2, and no window (without a display, trying to open one would say "display").
    for args, expected in ((["--mode", "xyz"], "--mode: “xyz”"),
                           (["--mode=Practice"], "--mode: “Practice”"),
                           (["--time-limit", "-5"], "--time-limit: “-5”"),
                           (["--time-limit", "99999"], "--time-limit: “99999”"),
                           (["--time-limit", "ten"], "--time-limit: “ten”"),
                           (["--attempts", "3x"], "--attempts: “3x”"),
                           (["--attempts=-1"], "--attempts: “-1”"),
                           (["--results-folder="], "--results-folder:"),
                           (["--learner-required", "--mode", "exam", "--time-limit", "1e3"],
                            "--time-limit: “1e3”")):
        result = run(binary, args, folder)
        lines = result.stderr.splitlines()
        ok(result.returncode == 2 and result.stdout == "" and len(lines) == 1
           and lines[0].startswith(expected) and "display" not in result.stderr,
           f"bad value: {' '.join(args)}", result)

    # A value out of GOption's reach (no number at all) is GOption's own usage error.
    result = run(binary, ["--time-limit"], folder)
    ok(result.returncode != 0 and "--time-limit" in result.stderr
       and "display" not in result.stderr,
       "--time-limit without a value is a usage error", result)

    # Good values get past the checks to the window, which needs a display.
    result = run(binary, ["--results-folder", folder, "--learner-required", "--mode", "practice",
                          "--time-limit", "45", "--attempts", "2"], folder)
    ok(result.returncode == 1 and "display" in result.stderr,
       "good lab options are accepted and go on to open the window", result)


def test_help(binary, folder):
    result = run(binary, ["--help"], folder)
    ok(result.returncode == 0 and all(option in result.stdout for option in
                                      ["--check", "--import-gift=FILE.gift",
                                       "--output=FILE.quiz", "--language=en|ur",
                                       "--results-folder=DIR", "--learner-required",
                                       "--mode=exam|practice", "--time-limit=MINUTES",
                                       "--attempts=N"]),
       "--help lists the commands and the lab's options", result)

    # In Urdu when the user's language is Urdu: the options and the problems.
    if "IMTEHAN_LOCALEDIR" in os.environ:
        result = run(binary, ["--help"], folder, language="ur")
        ok(result.returncode == 0 and "کوئز فائلیں جانچیں" in result.stdout,
           "--help is in Urdu for an Urdu user", result)
        result = run(binary, ["--check", "answer.quiz"], folder, language="ur")
        ok(result.returncode == 1 and result.stderr.startswith("answer.quiz:12: [Question q1] "
                                                               "Answer: “six” آپشنز"),
           "--check speaks Urdu for an Urdu user", result)


def main():
    if len(sys.argv) != 2:
        print("usage: test-cli.py IMTEHAN-BINARY", file=sys.stderr)
        return 2
    binary = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory(prefix="imtehan-test-cli-") as folder:
        test_check(binary, folder)
        test_import_gift(binary, folder)
        test_lab_options(binary, folder)
        test_help(binary, folder)
    print(f"1..{tests}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
