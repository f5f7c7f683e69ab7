#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The commands that run without a window, through the built binary as a teacher or a
# script runs them: `imtehan --check FILE…`, `imtehan --import-gift` and `imtehan --report`.
# No display and no D-Bus session: a command that tried to open either fails here.
# Prints TAP. Usage: test-cli.py IMTEHAN-BINARY

import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_DIR = os.path.dirname(os.path.dirname(HERE))
BUNDLED = os.path.join(SOURCE_DIR, "data", "quizzes", "zero-sharded-optimizers.quiz")

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


def run(binary, args, cwd, language=None, extra_env=None):
    env = dict(os.environ)
    for name in ("DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(name, None)
    env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent/imtehan-test-bus"
    if language:
        env["LANGUAGE"] = language
    env.update(extra_env or {})
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
        "// an essay: skipped\r\n"
        "دو جمع دو کے بارے میں لکھیں۔{}\r\n"
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
       and result.stderr == "urdu bank.gift:9: skipped: an essay question, which a quiz cannot mark\n",
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
       and result.stderr == "essays.gift:1: skipped: an essay question, which a quiz cannot mark\n"
       "essays.gift: no question to import\n",
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


def test_import_xml(binary, folder):
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "data", "moodle-xml", "every-type.xml"), encoding="utf-8") as f:
        write(folder, "export.xml", f.read())

    result = run(binary, ["--import-xml", "export.xml", "--output", "export.quiz"], folder)
    quiz = read(folder, "export.quiz") if result.returncode == 0 else ""
    ok(result.returncode == 0 and result.stdout.endswith("questions written\n")
       and "export.xml:" in result.stderr and "“essay”" in result.stderr
       and "\nFormatVersion=2\n" in quiz and "\nType=matching\n" in quiz
       and "\n[Picture " in quiz,
       "--import-xml writes the quiz with its types and pictures, warns of each skipped question",
       result)
    result = run(binary, ["--check", "export.quiz"], folder)
    ok(result.returncode == 0 and result.stderr == "", "the imported quiz passes --check", result)

    write(folder, "not.xml", "this is not XML\n")
    result = run(binary, ["--import-xml", "not.xml", "--output", "not.quiz"], folder)
    ok(result.returncode == 1 and result.stderr.startswith("not.xml:1:")
       and not os.path.exists(os.path.join(folder, "not.quiz")),
       "a file that is not XML fails at its line and writes nothing", result)

    for args in (["--import-xml", "export.xml"],
                 ["--import-xml", "export.xml", "--import-gift", "x.gift", "-o", "x.quiz"],
                 ["--import-xml", "export.xml", "-o", "export.xml"]):
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


def bundled_questions():
    """The bundled quiz's questions: (id, choice ids in the quiz's order, right choice id)."""
    with open(BUNDLED, encoding="utf-8") as f:
        text = f.read()
    questions = []
    for match in re.finditer(r"^\[Question (\S+)\]\n(.*?)(?=^\[|\Z)", text, re.S | re.M):
        body = match.group(2)
        choices = re.search(r"^Choices=(.*)$", body, re.M).group(1).split(";")
        answer = re.search(r"^Answer=(.*)$", body, re.M).group(1)
        questions.append((match.group(1), choices, answer))
    return questions


def attempt_file(number, learner, pattern, host, started, finished, mode="exam", roll=None,
                 quiz="zero-sharded-optimizers", questions=None):
    """An attempt file as Imtehan writes it (Version 2, no QuizDigest: matched by
    QuizVersion), answered by @pattern: 'c' right, 'w' the first wrong choice, '-' none.
    The choices were shown in reverse order, so a count by screen position would be wrong."""
    questions = questions or bundled_questions()
    escaped = learner.replace("\\", "\\\\")
    lines = ["[Attempt]", "Version=2", f"Id=20260302T090000Z-{number:08x}", f"Quiz={quiz}",
             "QuizVersion=2" if quiz == "zero-sharded-optimizers" else "QuizVersion=1",
             "Language=en", f"Learner={escaped}"]
    if roll is not None:
        lines.append(f"RollNumber={roll}")
    lines += [f"Host={host}", f"Mode={mode}", "Seed=1", f"Started={started}"]
    if finished:
        lines.append(f"FinishedAt={finished}")
    lines.append("Finished=" + ("true" if finished else "false"))
    if finished:
        lines.append("FinishReason=submitted")
    lines += ["Current=0", f"Answered={sum(1 for p in pattern if p != '-')}"]
    if finished:
        lines.append(f"Score={pattern.count('c')}")
    lines.append(f"Total={len(questions)}")
    for i, (qid, choices, answer) in enumerate(questions):
        lines += ["", f"[Question {qid}]", "Order=" + ";".join(reversed(choices)) + ";"]
        mark = pattern[i] if i < len(pattern) else "-"
        if mark == "c":
            lines.append(f"Answer={answer}")
        elif mark == "w":
            lines.append("Answer=" + [c for c in choices if c != answer][0])
    return "\n".join(lines) + "\n"


def write_class(folder):
    """A lab of four PCs and a practice attempt, with names a spreadsheet could misread."""
    rows = [("pc-01", 1, "Khan, Ali \"the ace\"", "007", "cccccccc", "exam",
             "2026-03-02T09:00:00Z", "2026-03-02T09:12:34Z"),
            ("pc-02", 2, "عائشہ", "12", "ccwwcc-w", "exam",
             "2026-03-02T09:01:00Z", "2026-03-02T10:02:03Z"),
            ("pc-03", 3, "=1+2", "-5", "wcww-www", "exam",
             "2026-03-02T09:02:00Z", "2026-03-02T09:03:00Z"),
            ("pc-04", 4, "@admin", None, "c-w", "exam", "2026-03-02T09:05:00Z", None),
            ("pc-05", 5, "Parveen", "3", "cccccccc", "practice",
             "2026-03-02T09:06:00Z", "2026-03-02T09:07:00Z")]
    for pc, number, learner, roll, pattern, mode, started, finished in rows:
        os.makedirs(os.path.join(folder, pc), exist_ok=True)
        write(os.path.join(folder, pc), f"20260302T090000Z-{number:08x}.ini",
              attempt_file(number, learner, pattern, pc, started, finished, mode, roll))


QUESTION_IDS = ("redundancy,adam-state-memory,stage-3-partition,parameter-gathering,"
                "pytorch-fsdp,memory-trade-off,stage-1-partition,sharding-cost")
ROW = "zero-sharded-optimizers,2,ZeRO and Sharded Optimizers,"

# What the window exports for the class above (tests/core/test-report-csv.c checks the same
# bytes from the library): the practice attempt left out, times in local time (TZ=UTC).
EXPECTED_ATTEMPTS = (
    "\ufeffLearner,Roll number,Quiz,Version,Title,PC,Mode,Started,Finished,Time taken,Score,"
    "Out of," + QUESTION_IDS + "\r\n"
    "\"Khan, Ali \"\"the ace\"\"\",007," + ROW + "pc-01,Exam,"
    "2026-03-02 09:00:00,2026-03-02 09:12:34,0:12:34,8,8,1,1,1,1,1,1,1,1\r\n"
    "عائشہ,12," + ROW + "pc-02,Exam,"
    "2026-03-02 09:01:00,2026-03-02 10:02:03,1:01:03,4,8,1,1,0,0,1,1,,0\r\n"
    "'=1+2,'-5," + ROW + "pc-03,Exam,"
    "2026-03-02 09:02:00,2026-03-02 09:03:00,0:01:00,1,8,0,1,0,0,,0,0,0\r\n"
    "'@admin,," + ROW + "pc-04,Exam,2026-03-02 09:05:00,,,1,8,1,,0,,,,,\r\n")
PRACTICE_ROW = ("Parveen,3," + ROW + "pc-05,Practice,"
                "2026-03-02 09:06:00,2026-03-02 09:07:00,0:01:00,8,8,1,1,1,1,1,1,1,1\r\n")

# Worked out by hand in tests/core/test-report-csv.c (test_figures_stats_csv).
EXPECTED_STATS = (
    "\ufeffQuiz,Version,Title,Question,Attempts,Facility index (%),Discrimination index (%),"
    "Answered,Not answered,Right choice,Choice 1,Count 1,Choice 2,Count 2,Choice 3,Count 3,"
    "Choice 4,Count 4\r\n"
    + ROW + "redundancy,3,66.67,75.59,3,0,replicated-states,replicated-states,2,"
    "replicated-data,1,optimizer-state-only,0,redundant-all-reduce,0\r\n"
    + ROW + "adam-state-memory,3,100.00,,3,0,per-parameter-state,fp16-state,0,"
    "per-parameter-state,3,per-example-state,0,past-gradients,0\r\n"
    + ROW + "stage-3-partition,3,33.33,86.60,3,0,model-parameters,gradients,2,"
    "optimizer-state,0,model-parameters,1,activations,0\r\n"
    + ROW + "parameter-gathering,3,33.33,86.60,3,0,all-gather-discard,never-needed,2,"
    "from-one-gpu,0,all-gather-keep,0,all-gather-discard,1\r\n"
    + ROW + "pytorch-fsdp,3,66.67,75.59,2,1,fsdp,ddp,0,fsdp,2,fsdp-no-shard,0,"
    "all-reduce-gradients,0\r\n"
    + ROW + "memory-trade-off,3,66.67,75.59,3,0,extra-communication,changed-convergence,1,"
    "extra-communication,2,stale-parameters,0,same-communication,0\r\n"
    + ROW + "stage-1-partition,3,33.33,86.60,2,1,optimizer-states,parameters-only,1,"
    "optimizer-state-and-gradients,0,optimizer-states,1,activations-only,0\r\n"
    + ROW + "sharding-cost,3,33.33,86.60,3,0,extra-communication,optimizer-state-all-gather,2,"
    "local-updates,0,cpu-offload,0,extra-communication,1\r\n")


def read_bytes(folder, name):
    with open(os.path.join(folder, name), "rb") as f:
        return f.read()


def test_report(binary, top):
    folder = os.path.join(top, "report")
    lab = os.path.join(folder, "lab")
    os.makedirs(lab)
    write_class(lab)
    # Only the bundled quiz: no quiz of the developer's own, and times as the files say.
    data = os.path.join(folder, "data")
    env = {"TZ": "UTC", "XDG_DATA_HOME": data, "XDG_DATA_DIRS": data,
           "XDG_CACHE_HOME": os.path.join(folder, "cache")}

    def report(args, language=None):
        return run(binary, ["--report"] + args, folder, language, env)

    def exists(name):
        return os.path.exists(os.path.join(folder, name))

    result = report(["lab", "--csv", "class.csv", "--stats-csv", "questions.csv"])
    ok(result.returncode == 0 and result.stderr == ""
       and result.stdout == "4 attempts listed; written: class.csv, questions.csv\n",
       "--report writes both files with no display, and says so in one line", result)
    ok(exists("class.csv") and read_bytes(folder, "class.csv")
       == EXPECTED_ATTEMPTS.encode("utf-8"),
       "the attempts CSV: BOM, quoting, the formula guard, local times, blanks, CRLF",
       read_bytes(folder, "class.csv") if exists("class.csv") else "")
    ok(exists("questions.csv") and read_bytes(folder, "questions.csv")
       == EXPECTED_STATS.encode("utf-8"),
       "the statistics CSV: the figures worked out by hand, choices counted by id",
       read_bytes(folder, "questions.csv") if exists("questions.csv") else "")
    ok(not any(name.startswith(".") for name in os.listdir(folder)),
       "no temporary file is left beside the files written", os.listdir(folder))

    result = report(["lab", "--csv", "with-practice.csv", "--include-practice"])
    ok(result.returncode == 0 and exists("with-practice.csv")
       and read_bytes(folder, "with-practice.csv")
       == (EXPECTED_ATTEMPTS + PRACTICE_ROW).encode("utf-8")
       and result.stdout.startswith("5 attempts listed"),
       "--include-practice lists the practice attempt too", result)

    # Problems in the files read are listed, one a line with the file and line, and do not
    # fail the run: the figures leave them out.
    damaged = os.path.join(lab, "pc-06")
    os.makedirs(damaged)
    write(damaged, "broken.ini", "[Attempt]\nVersion=2\nthis is not a key file\n")
    write(damaged, "other-quiz.ini",
          attempt_file(7, "Sana", "c", "pc-06", "2026-03-02T09:00:00Z",
                       "2026-03-02T09:01:00Z", quiz="tiny",
                       questions=[("q1", ["four", "five"], "four")]))
    result = report(["lab", "--csv", "class.csv"])
    lines = result.stderr.splitlines()
    broken = os.path.join(damaged, "broken.ini")
    ok(result.returncode == 0 and len(lines) == 3 and lines[0].startswith(broken + ":3: ")
       and lines[1].startswith(os.path.join(damaged, "other-quiz.ini") + ": ")
       and "“tiny”" in lines[1] and lines[2].startswith("2 ")
       and read_bytes(folder, "class.csv") == EXPECTED_ATTEMPTS.encode("utf-8"),
       "problems go to stderr as FILE:LINE: message; the files are still written, exit 0",
       result)

    # The quiz an attempt was taken on, given with the folders, scores it.
    write(folder, "tiny.quiz", GOOD.replace("Id=tiny", "Id=tiny\nVersion=1"))
    result = report(["lab", "tiny.quiz", "--csv", "with-tiny.csv"])
    csv = read_bytes(folder, "with-tiny.csv").decode("utf-8") if exists("with-tiny.csv") else ""
    ok(result.returncode == 0 and "\r\nSana,,tiny,1,Tiny,pc-06,Exam," in csv
       and ",tiny/q1," in csv.splitlines()[0] and "other-quiz.ini" not in result.stderr,
       "a .quiz file among the sources scores the attempts taken on it", result)

    for args, expected in ((["--csv", "x.csv"], "go with --report"),
                           (["--stats-csv", "x.csv", "lab"], "go with --report"),
                           (["--include-practice", "lab"], "go with --report"),
                           (["--report", "--csv", "x.csv"], "Usage: imtehan --report"),
                           (["--report", "lab", "--csv", "x.csv", "--stats-csv", "./x.csv"],
                            "./x.csv: two of --csv"),
                           (["--report", "tiny.quiz", "lab", "--csv", "tiny.quiz"],
                            "tiny.quiz: the output would overwrite")):
        result = run(binary, args, folder, extra_env=env)
        ok(result.returncode == 2 and expected in result.stderr and not exists("x.csv")
           and "display" not in result.stderr,
           f"usage error: {' '.join(args)}", result)

    # A folder that is not there (a USB stick not mounted): nothing is written, since a CSV
    # without that PC's attempts would look complete.
    result = report(["lab", "missing", "--csv", "partial.csv"])
    ok(result.returncode == 1 and result.stderr.startswith("missing: No such file or directory\n")
       and not exists("partial.csv") and result.stdout == "",
       "a missing folder fails the run and writes nothing", result)

    write(folder, "broken.quiz", GOOD.replace("Answer=four", "Answer=six"))
    result = report(["lab", "broken.quiz", "--csv", "partial.csv"])
    ok(result.returncode == 1 and result.stderr.startswith("broken.quiz:12: [Question q1] Answer:")
       and not exists("partial.csv"),
       "a quiz file that does not load fails the run", result)

    # Files that cannot be written: each says why; the others are still written.
    before = read_bytes(lab, "pc-01/20260302T090000Z-00000001.ini")
    result = report(["lab", "--csv", "lab/pc-01/20260302T090000Z-00000001.ini",
                     "--stats-csv", "nowhere/questions.csv", "--pdf", "lab/report.ini"])
    lines = result.stderr.splitlines()[-3:]
    ok(result.returncode == 1 and "00000001.ini: " in lines[0]
       and "nowhere/questions.csv: No such file" in lines[1] and "report.ini: " in lines[2]
       and read_bytes(lab, "pc-01/20260302T090000Z-00000001.ini") == before
       and not os.path.exists(os.path.join(lab, "report.ini")) and result.stdout == "",
       "an attempt file, a missing folder or a .ini name is never written; exit 1", result)

    result = report(["lab", "--stats-csv", "questions.csv", "--csv", "nowhere/class.csv"])
    ok(result.returncode == 1 and result.stdout.endswith("written: questions.csv\n"),
       "one file that cannot be written fails the run, not the others", result)

    # Without an output file the window opens, which needs a display.
    result = report(["lab"])
    ok(result.returncode == 1 and "display" in result.stderr,
       "--report without --csv, --stats-csv or --pdf opens the window", result)


def test_report_earlier_version(binary, top):
    """Attempts the release with Version 1 of the bundled quiz wrote (no QuizDigest) are
    read against Version 1, which the app ships, after the quiz went to Version 2."""
    folder = os.path.join(top, "report-v1")
    data = os.path.join(folder, "data")
    os.makedirs(data)
    shutil.copytree(os.path.join(SOURCE_DIR, "tests", "data", "attempts-quiz-v1"),
                    os.path.join(folder, "lab"))
    env = {"TZ": "UTC", "XDG_DATA_HOME": data, "XDG_DATA_DIRS": data,
           "XDG_CACHE_HOME": os.path.join(folder, "cache")}
    result = run(binary, ["--report", "lab", "--csv", "class.csv"], folder, None, env)
    rows = []
    if os.path.exists(os.path.join(folder, "class.csv")):
        rows = read_bytes(folder, "class.csv").decode("utf-8-sig").splitlines()[1:]
    ok(result.returncode == 0 and "was not found" not in result.stderr
       and result.stdout.startswith("6 attempts listed") and len(rows) == 6
       and any("Ayesha Khan" in row for row in rows),
       "--report reads the attempts of Version 1 of the bundled quiz", (result, rows))


def main():
    if len(sys.argv) != 2:
        print("usage: test-cli.py IMTEHAN-BINARY", file=sys.stderr)
        return 2
    binary = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory(prefix="imtehan-test-cli-") as folder:
        test_check(binary, folder)
        test_import_gift(binary, folder)
        test_import_xml(binary, folder)
        test_lab_options(binary, folder)
        test_help(binary, folder)
        test_report(binary, folder)
        test_report_earlier_version(binary, folder)
    print(f"1..{tests}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
