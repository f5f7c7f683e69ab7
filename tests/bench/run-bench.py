#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs Imtehan's benchmarks and compares them with a bare libadwaita window.

Each benchmark prints its figures, the bare baseline's where there is one, the ratio and
the target of issue "Instant with Nastaliq", for each GSK renderer (cairo, and GL, which
under Xvfb is Mesa's llvmpipe). Run it under a display, as meson's benchmark() does through
build-aux/run-with-display.sh (Xvfb and a private D-Bus session).

Process start-up ("startup", "history"): the app and the baseline are started one after
the other (ABAB...), each run a fresh process, with IMTEHAN_BENCH naming the mark at which
it prints the time and quits (src/widgets/imtehan-bench.c). The time counts from just before the
process is created to the after-paint of the frame clock; the peak RSS comes from wait4().
Medians are reported. Files are in the page cache ("warm"): both programs read the same
libraries, and a cold cache measures the disk.

In-process benchmarks run tests/bench/bench-ui, which links libimtehan. "gift-import"
runs tests/bench/bench-gift, which links the core only: it needs no display and
runs once, whatever the renderers.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

TARGETS = {
    'startup': 'first painted frame <= 1.25 x bare; peak RSS <= bare + 15 MiB',
    'navigate': 'open or move: median <= 8 ms, worst <= 16.7 ms; review and results: median <= 33 ms (action to after-paint)',
    'language': 'switch mid-quiz <= 100 ms to the repainted window',
    'font-check': 'font check at start-up < 5 ms',
    'history': 'start page ready with 10,000 attempts <= 1.5 x empty; no long frames scrolling',
    'save': 'main-thread part of saving an answer <= 2 ms, always',
    'gift-import': 'importing a 2,000-question GIFT bank <= 3 x loading the resulting quizzes',
    'library': 'first painted frame with 500 quizzes in the library <= 1.10 x with one',
    'report': 'class report over 10,000 attempt files (40 PCs x 250) <= 2 x a bare GKeyFile loop',
    'report-mixed': 'the same over attempts of a quiz of every question type <= 2 x a bare GKeyFile loop',
    'navigate-types': 'navigate over a quiz of every question type: the same targets',
    'navigate-long': 'navigate over a 200-question quiz of every type: moves as navigate; review '
                     'and results: median <= 66 ms (2 x the bundled quiz\'s target)',
    'quiz-load': 'loading a 200-question quiz of every type <= 1.5 x one of single-choice questions',
    'report-window': 'report window over 10,000 attempt files: peak RSS <= start page + 60 MiB',
}


def log(*args):
    print(*args, flush=True)


def base_env(args, renderer, data_home, cache_home=None):
    env = dict(os.environ)
    env.update({
        'GSETTINGS_BACKEND': 'memory',
        'GSETTINGS_SCHEMA_DIR': args.schema_dir,
        'IMTEHAN_LOCALEDIR': args.locale_dir,
        'LANGUAGE': 'ur',
        'LC_ALL': 'C.UTF-8',
        'XDG_DATA_HOME': data_home,
        # The store's summary cache: beside the data, never the user's.
        'XDG_CACHE_HOME': cache_home or os.path.join(data_home, 'cache'),
        'GSK_RENDERER': renderer,
    })
    # The UI tests' environment must not leak in: warnings are not fatal here, and the
    # accessibility bus is used when the session has one, as on a desktop.
    for name in ('G_DEBUG', 'GTK_A11Y', 'MALLOC_CHECK_', 'MALLOC_PERTURB_', 'IMTEHAN_BENCH'):
        env.pop(name, None)
    return env


def run_marked_rss(cmd, env, mark):
    """Starts @cmd with IMTEHAN_BENCH=@mark and waits for it to quit. Returns the times of its
    marks (ms since just before the fork), their values, and its peak RSS (MiB, wait4())."""
    env = dict(env, IMTEHAN_BENCH=mark)
    read_fd, write_fd = os.pipe()
    start = time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        os.dup2(write_fd, 1)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 2)
        try:
            os.execve(cmd[0], cmd, env)
        finally:
            os._exit(127)
    os.close(write_fd)
    chunks = []
    while True:
        chunk = os.read(read_fd, 65536)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(read_fd)
    _, status, rusage = os.wait4(pid, 0)
    marks = {}
    values = {}
    for line in b''.join(chunks).decode(errors='replace').splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[0] == 'IMTEHAN_BENCH':
            marks[fields[1]] = (int(fields[2]) - start) / 1000.0
            values[fields[1]] = int(fields[3])
    if mark not in marks:
        sys.exit('%s did not print the mark %s (status %s)' % (cmd[0], mark, status))
    marks['cpu'] = (rusage.ru_utime + rusage.ru_stime) * 1000.0
    return marks, values, rusage.ru_maxrss / 1024.0


def median(values):
    return statistics.median(values)


def verdict(ok):
    return 'met' if ok else 'NOT met'


def bench_startup(args, renderer):
    data_home = tempfile.mkdtemp(prefix='imtehan-bench-')
    try:
        env = base_env(args, renderer, data_home)
        app, bare = [args.app], [args.bare]
        # One run each first: the first start of a session activates the accessibility bus.
        run_marked_rss(app, env, 'first-frame')
        run_marked_rss(bare, env, 'first-frame')
        times = {'app': [], 'bare': []}
        cpu = {'app': [], 'bare': []}
        rss = {'app': [], 'bare': []}
        for _ in range(args.runs):
            for name, cmd in (('app', app), ('bare', bare)):
                marks, _, peak = run_marked_rss(cmd, env, 'first-frame')
                times[name].append(marks['first-frame'])
                cpu[name].append(marks['cpu'])
                rss[name].append(peak)
    finally:
        shutil.rmtree(data_home, ignore_errors=True)

    t_app, t_bare = median(times['app']), median(times['bare'])
    r_app, r_bare = median(rss['app']), median(rss['bare'])
    ratio = t_app / t_bare
    log('startup [%s], %d runs each, alternated, medians:' % (renderer, args.runs))
    log('  first painted frame: app %.1f ms, bare %.1f ms, ratio %.2f (target <= 1.25: %s)'
        % (t_app, t_bare, ratio, verdict(ratio <= 1.25)))
    log('    app  runs: %s' % ' '.join('%.0f' % t for t in sorted(times['app'])))
    log('    bare runs: %s' % ' '.join('%.0f' % t for t in sorted(times['bare'])))
    pairs = [a / b for a, b in zip(times['app'], times['bare'])]
    log('    median of the ratios of consecutive runs: %.2f' % median(pairs))
    log('  CPU time of the process until then (all threads): app %.1f ms, bare %.1f ms, ratio %.2f'
        % (median(cpu['app']), median(cpu['bare']), median(cpu['app']) / median(cpu['bare'])))
    log('  peak RSS: app %.1f MiB, bare %.1f MiB, +%.1f MiB (target <= +15 MiB: %s)'
        % (r_app, r_bare, r_app - r_bare, verdict(r_app - r_bare <= 15)))
    log('RESULT startup.%s.first-frame.app %.1f' % (renderer, t_app))
    log('RESULT startup.%s.first-frame.bare %.1f' % (renderer, t_bare))
    log('RESULT startup.%s.first-frame.ratio %.3f' % (renderer, ratio))
    log('RESULT startup.%s.cpu.ratio %.3f' % (renderer, median(cpu['app']) / median(cpu['bare'])))
    log('RESULT startup.%s.rss.app %.1f' % (renderer, r_app))
    log('RESULT startup.%s.rss.bare %.1f' % (renderer, r_bare))


def run_bench_ui(args, renderer, scenario, *extra, data_home=None):
    tmp = None
    if data_home is None:
        tmp = data_home = tempfile.mkdtemp(prefix='imtehan-bench-')
    env = base_env(args, renderer, data_home)
    env['IMTEHAN_BENCH_DATA_HOME'] = data_home
    try:
        proc = subprocess.run([args.bench_ui, scenario] + [str(e) for e in extra], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=900)
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    if proc.returncode != 0:
        sys.exit('bench-ui %s failed:\n%s' % (scenario, proc.stderr.decode(errors='replace')[-3000:]))
    return parse_results(proc.stdout)


def parse_results(stdout):
    """The "RESULT <name> <value>" lines of a benchmark program."""
    results = {}
    for line in stdout.decode().splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[0] == 'RESULT':
            results[fields[1]] = float(fields[2])
    return results


def show(results, name, label, unit='ms'):
    log('  %-44s median %7.2f  p90 %7.2f  max %7.2f %s  (cpu: median %6.2f, max %6.2f)'
        % (label, results[name + '.median'], results[name + '.p90'], results[name + '.max'], unit,
           results.get(name + '.cpu.median', float('nan')), results.get(name + '.cpu.max', float('nan'))))


def bench_navigate(args, renderer, quiz=None, name=None, rounds=None, page_target=33):
    bare = run_bench_ui(args, renderer, 'bare-frame', 40)
    name = name or ('navigate-types' if quiz else 'navigate')
    if quiz:
        r = run_bench_ui(args, renderer, 'navigate-quiz', rounds or args.rounds, quiz)
    else:
        r = run_bench_ui(args, renderer, 'navigate', args.rounds)
    log('%s [%s] (action to after-paint, Urdu, 720x680):' % (name, renderer))
    show(bare, 'bare.relabel', 'bare window, change its label')
    show(r, 'open-question.first', 'open the first question (builds the page)')
    show(r, 'open-question', 'open a question again')
    show(r, 'move-question', 'next, previous, jump')
    show(r, 'open-review', 'review (its first rows; the rest after)')
    show(r, 'open-results', 'submit, results (the score; cards after)')
    moves_ok = r['move-question.median'] <= 8 and r['move-question.max'] <= 16.7
    opens_ok = (r['open-question.median'] <= 8 and
                max(r['open-question.max'], r['open-question.first.max']) <= 16.7)
    # Two frames of the action, for the review and the results pages.
    pages_ok = r['open-review.median'] <= page_target and r['open-results.median'] <= page_target
    log('  moves: median <= 8 ms and worst <= 16.7 ms: %s; opening: %s; review and results: '
        'median <= %d ms: %s' % (verdict(moves_ok), verdict(opens_ok), page_target,
                                 verdict(pages_ok)))
    for key in ('open-question.first', 'open-question', 'move-question', 'open-review',
                'open-results', 'bare.relabel'):
        src = bare if key.startswith('bare') else r
        log('RESULT %s.%s.%s.median %.2f' % (name, renderer, key, src[key + '.median']))
        log('RESULT %s.%s.%s.max %.2f' % (name, renderer, key, src[key + '.max']))


def bench_navigate_types(args, renderer):
    if not args.mixed_quiz:
        sys.exit('navigate-types needs --mixed-quiz')
    bench_navigate(args, renderer, args.mixed_quiz)


def bench_navigate_long(args, renderer):
    if not args.bench_quiz_load:
        sys.exit('navigate-long needs --bench-quiz-load')
    folder = tempfile.mkdtemp(prefix='imtehan-bench-long-')
    try:
        quiz = os.path.join(folder, 'long.quiz')
        subprocess.run([args.bench_quiz_load, '--write', quiz], check=True)
        # Each round moves through all 200 questions and back: two rounds are enough.
        bench_navigate(args, renderer, quiz, 'navigate-long', min(args.rounds, 2), 66)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def bench_language(args, renderer):
    bare = run_bench_ui(args, renderer, 'bare-frame', 40)
    r = run_bench_ui(args, renderer, 'language', args.rounds)
    log('language switch mid-quiz [%s] (action to after-paint, all pages rebuilt):' % renderer)
    show(bare, 'bare.relabel', 'bare window, change its label')
    show(r, 'language-switch.to-urdu', 'English to Urdu')
    show(r, 'language-switch.to-english', 'Urdu to English')
    worst = max(r['language-switch.to-urdu.max'], r['language-switch.to-english.max'])
    log('  worst %.1f ms (target <= 100 ms: %s)' % (worst, verdict(worst <= 100)))
    log('RESULT language.%s.worst %.2f' % (renderer, worst))


def bench_font_check(args, renderer):
    data_home = tempfile.mkdtemp(prefix='imtehan-bench-')
    try:
        env = base_env(args, renderer, data_home)
        values = []
        for _ in range(args.runs):
            _, v, _ = run_marked_rss([args.app], env, 'font-check')
            values.append(v['font-check'] / 1000.0)
    finally:
        shutil.rmtree(data_home, ignore_errors=True)
    r = run_bench_ui(args, renderer, 'font-check')
    log('font check [%s]:' % renderer)
    log('  in the app, run after the first frame: median %.3f ms, max %.3f ms over %d starts '
        '(target < 5 ms: %s)' % (median(values), max(values), len(values), verdict(max(values) < 5)))
    log('  before any text is laid out (pays for fontconfig\'s start): %.3f ms' %
        r['font-check.before-any-text'])
    log('RESULT font-check.%s.app.max %.3f' % (renderer, max(values)))


def bench_history(args, renderer):
    empty = tempfile.mkdtemp(prefix='imtehan-bench-empty-')
    full = tempfile.mkdtemp(prefix='imtehan-bench-full-')
    try:
        subprocess.run([args.bench_ui, 'make-history', full, str(args.attempts)], check=True)
        env_empty = base_env(args, renderer, empty)
        env_full = base_env(args, renderer, full)
        # Without its summary cache (the first start after the attempts were written, or a
        # cache folder that cannot be written): every attempt file is read.
        env_cold = base_env(args, renderer, full, cache_home='/dev/null/no-cache')
        # The first start writes the cache; the alternated runs then find it, as every start
        # after the first does.
        run_marked_rss([args.app], env_empty, 'history-ready')
        run_marked_rss([args.app], env_full, 'history-ready')
        ready = {'empty': [], 'full': [], 'cold': []}
        first = {'empty': [], 'full': [], 'cold': []}
        for i in range(args.runs):
            runs = [('empty', env_empty), ('full', env_full)]
            if i % 3 == 0:
                runs.append(('cold', env_cold))
            for name, env in runs:
                marks, _, _ = run_marked_rss([args.app], env, 'history-ready')
                ready[name].append(marks['history-ready'])
                first[name].append(marks['first-frame'])
        r = run_bench_ui(args, renderer, 'history', data_home=full)
    finally:
        shutil.rmtree(empty, ignore_errors=True)
        shutil.rmtree(full, ignore_errors=True)

    e, f = median(ready['empty']), median(ready['full'])
    log('history [%s], %d attempts, %d runs each, alternated, medians:' %
        (renderer, args.attempts, args.runs))
    log('  start page ready (history listed and painted): empty %.1f ms, %d attempts %.1f ms, '
        'ratio %.2f (target <= 1.5: %s)' % (e, args.attempts, f, f / e, verdict(f / e <= 1.5)))
    log('  first painted frame: empty %.1f ms, %d attempts %.1f ms' %
        (median(first['empty']), args.attempts, median(first['full'])))
    log('  without the summary cache (every file read; %d runs): ready %.1f ms, ratio %.2f '
        '(not the target: it is the first start only)' %
        (len(ready['cold']), median(ready['cold']), median(ready['cold']) / e))
    log('  the frame that shows them (in-process): %.1f ms' % r['history.shown-frame'])
    show(r, 'history.open-all-attempts', 'open All Attempts')
    show(r, 'history.scroll-40px-frame', 'scroll 40 px a frame')
    show(r, 'history.scroll-page-frame', 'scroll a page a frame')
    worst = max(r['history.scroll-40px-frame.max'], r['history.scroll-page-frame.max'])
    log('  frames longer than 16.7 ms while scrolling: %d of %d (worst %.1f ms)' %
        (r['history.scroll-long-frames'], r['history.scroll-frames'], worst))
    log('RESULT history.%s.ready.ratio %.3f' % (renderer, f / e))
    log('RESULT history.%s.ready-no-cache.ratio %.3f' % (renderer, median(ready['cold']) / e))
    log('RESULT history.%s.scroll.worst %.2f' % (renderer, worst))


def bench_save(args, renderer):
    r = run_bench_ui(args, renderer, 'save', 400)
    log('saving an answer [%s] (main thread; the write runs on the store\'s worker):' % renderer)
    show(r, 'save.save-async-call', 'imtehan_store_save_async(): the save\'s part')
    show(r, 'save.choose-action', 'the whole answer action, widgets included')
    worst, cpu = r['save.save-async-call.max'], r['save.save-async-call.cpu.max']
    log('  main-thread part of the save: worst %.3f ms, CPU %.3f ms (target <= 2 ms: %s; '
        'wall clock above CPU time is time the thread waited for a CPU)'
        % (worst, cpu, verdict(worst <= 2)))
    log('RESULT save.%s.worst %.3f' % (renderer, worst))
    log('RESULT save.%s.worst-cpu %.3f' % (renderer, cpu))


def bench_gift_import(args, renderer):
    if not args.bench_gift:
        sys.exit('gift-import needs --bench-gift')
    proc = subprocess.run([args.bench_gift, str(args.runs)], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=600)
    if proc.returncode != 0:
        sys.exit('bench-gift failed:\n%s' % proc.stderr.decode(errors='replace')[-3000:])
    log(proc.stderr.decode().rstrip())
    ratio = parse_results(proc.stdout)['gift-import.ratio']
    log('  import / load: %.2f (target <= 3: %s)' % (ratio, verdict(ratio <= 3)))
    log(proc.stdout.decode().rstrip())


def bench_report(args, renderer, quiz=None):
    if not args.bench_report:
        sys.exit('report needs --bench-report')
    # Each round reads 10,000 files three times: fewer rounds than process starts.
    proc = subprocess.run([args.bench_report, str(max(3, args.runs // 2))] + ([quiz] if quiz else []),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
    if proc.returncode != 0:
        sys.exit('bench-report failed:\n%s' % proc.stderr.decode(errors='replace')[-3000:])
    log(proc.stderr.decode().rstrip())
    results = parse_results(proc.stdout)
    ratio = results['report.ratio']
    log('  report / bare: %.2f (target <= 2: %s); on one thread: %.2f'
        % (ratio, verdict(ratio <= 2), results['report.one-thread.ratio']))
    log(proc.stdout.decode().rstrip())


def bench_report_mixed(args, renderer):
    if not args.mixed_quiz:
        sys.exit('report-mixed needs --mixed-quiz')
    bench_report(args, renderer, args.mixed_quiz)


def bench_quiz_load(args, renderer):
    if not args.bench_quiz_load:
        sys.exit('quiz-load needs --bench-quiz-load')
    proc = subprocess.run([args.bench_quiz_load, str(max(31, args.runs))], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=600)
    if proc.returncode != 0:
        sys.exit('bench-quiz-load failed:\n%s' % proc.stderr.decode(errors='replace')[-3000:])
    log(proc.stderr.decode().rstrip())
    ratio = parse_results(proc.stdout)['quiz-load.ratio']
    log('  mixed / single: %.2f (target <= 1.5: %s)' % (ratio, verdict(ratio <= 1.5)))
    log(proc.stdout.decode().rstrip())


def write_class(folder, quiz_path, n_pcs=40, per_pc=250):
    """A lab's attempt files as Imtehan writes them (Version 2, with the quiz's digest), for
    the bundled quiz: answers of every kind, a tenth unfinished."""
    import hashlib
    import re
    data = open(quiz_path, 'rb').read()
    digest = hashlib.sha256(data).hexdigest()
    questions = []
    for line in data.decode().splitlines():
        match = re.match(r'^\[Question (.+)\]$', line)
        if match:
            questions.append({'id': match.group(1), 'choices': []})
        elif questions:
            match = re.match(r'^Choice\.([^=\[]+)=', line)
            if match and match.group(1) not in questions[-1]['choices']:
                questions[-1]['choices'].append(match.group(1))
    for pc in range(n_pcs):
        pc_folder = os.path.join(folder, 'lab-pc-%02d' % (pc + 1))
        os.makedirs(pc_folder)
        for i in range(per_pc):
            finished = i % 10 != 0
            attempt_id = '20261201T09%02d%02dZ-%08x%08x' % (i // 60 % 60, i % 60, pc, i)
            lines = ['[Attempt]', 'Version=2', 'Id=' + attempt_id,
                     'Quiz=zero-sharded-optimizers', 'QuizVersion=2', 'QuizDigest=' + digest,
                     'Language=ur', 'Learner=Learner %d-%d' % (pc + 1, i + 1),
                     'RollNumber=%d' % (pc * per_pc + i), 'Host=lab-pc-%02d' % (pc + 1),
                     'Mode=exam', 'Seed=%d' % (pc * per_pc + i + 1),
                     'Started=2026-12-01T09:%02d:00Z' % (i % 60)]
            if finished:
                lines += ['FinishedAt=2026-12-01T10:%02d:00Z' % (i % 60), 'Finished=true',
                          'FinishReason=submitted']
            else:
                lines += ['Finished=false']
            answers = []
            for q, question in enumerate(questions):
                pick = (pc * 7 + i * 3 + q * 5) % (len(question['choices']) + 1)
                answers.append(question['choices'][pick] if pick < len(question['choices'])
                               else None)
            lines += ['Current=0', 'Answered=%d' % sum(1 for a in answers if a),
                      'Total=%d' % len(questions), '']
            for question, answer in zip(questions, answers):
                lines += ['[Question %s]' % question['id'],
                          'Order=' + ';'.join(question['choices']) + ';']
                if answer:
                    lines.append('Answer=' + answer)
                lines.append('')
            with open(os.path.join(pc_folder, attempt_id + '.ini'), 'w') as f:
                f.write('\n'.join(lines))


def bench_report_window(args, renderer):
    """The report window's memory: `imtehan --report` over a lab's 10,000 attempt files until
    the report is painted, against the app's start page, both fresh processes, alternated;
    peak RSS from wait4(), so the reading's own peak counts."""
    data_home = tempfile.mkdtemp(prefix='imtehan-bench-')
    folder = os.path.join(data_home, 'lab')
    try:
        write_class(folder, args.quiz)
        env = base_env(args, renderer, data_home)
        report = [args.app, '--report', folder]
        run_marked_rss([args.app], env, 'first-frame')
        rss = {'start': [], 'report': []}
        shown = []
        for _ in range(max(3, args.runs // 3)):
            _, _, peak = run_marked_rss([args.app], env, 'first-frame')
            rss['start'].append(peak)
            marks, _, peak = run_marked_rss(report, env, 'report-shown')
            rss['report'].append(peak)
            shown.append(marks['report-shown'])
    finally:
        shutil.rmtree(data_home, ignore_errors=True)
    r_start, r_report = median(rss['start']), median(rss['report'])
    log('report-window [%s], %d runs each, alternated, medians:' % (renderer, len(shown)))
    log('  peak RSS: start page %.1f MiB, report of 10,000 files %.1f MiB, +%.1f MiB '
        '(target <= +60 MiB: %s)' % (r_start, r_report, r_report - r_start,
                                     verdict(r_report - r_start <= 60)))
    log('  process start to the report painted: %.0f ms' % median(shown))
    log('RESULT report-window.%s.rss.start %.1f' % (renderer, r_start))
    log('RESULT report-window.%s.rss.report %.1f' % (renderer, r_report))
    log('RESULT report-window.%s.shown %.1f' % (renderer, median(shown)))


QUIZ_TEMPLATE = """[Quiz]
FormatVersion=1
Id=bench-%(n)03d
Title=Benchmark quiz %(n)d
Title[ur]=جانچ کا کوئز %(n)d
Difficulty=medium
""" + "".join("""[Question q%(q)d]
Text=Question %(q)d of the benchmark quiz, long enough to be a real question?
Text[ur]=جانچ کے کوئز کا سوال %(q)d، اتنا لمبا جتنا ایک اصل سوال ہوتا ہے؟
Choices=a;b;c;d
Choice.a=The first answer
Choice.b=The second answer
Choice.c=The third answer
Choice.d=The fourth answer
Answer=b
Explanation=Because the second answer is right.
""" % {'q': q} for q in range(8)).replace('%(', '%%(').replace('%%(n)', '%(n)')


def bench_library(args, renderer):
    """Start-up with a library of 500 quizzes against one: the quizzes are listed on
    a worker, so the first frame should not wait for them."""
    one = tempfile.mkdtemp(prefix='imtehan-bench-one-')
    many = tempfile.mkdtemp(prefix='imtehan-bench-many-')
    n_quizzes = 500
    try:
        folder = os.path.join(many, 'imtehan', 'quizzes')
        os.makedirs(folder)
        for n in range(n_quizzes):
            with open(os.path.join(folder, 'bench-%03d.quiz' % n), 'w', encoding='utf-8') as f:
                f.write(QUIZ_TEMPLATE % {'n': n})
        env_one = base_env(args, renderer, one)
        env_many = base_env(args, renderer, many)
        run_marked_rss([args.app], env_one, 'first-frame')
        run_marked_rss([args.app], env_many, 'first-frame')
        first = {'one': [], 'many': []}
        cpu = {'one': [], 'many': []}
        listed = []
        for _ in range(args.runs):
            for name, env in (('one', env_one), ('many', env_many)):
                marks, _, _ = run_marked_rss([args.app], env, 'first-frame')
                first[name].append(marks['first-frame'])
                cpu[name].append(marks['cpu'])
            marks, values, _ = run_marked_rss([args.app], env_many, 'library-listed')
            listed.append(marks['library-listed'])
    finally:
        shutil.rmtree(one, ignore_errors=True)
        shutil.rmtree(many, ignore_errors=True)

    o, m = median(first['one']), median(first['many'])
    log('library [%s], %d runs each, alternated, medians:' % (renderer, args.runs))
    log('  first painted frame: 1 quiz %.1f ms, %d quizzes %.1f ms, ratio %.2f (target <= 1.10: %s)'
        % (o, n_quizzes, m, m / o, verdict(m / o <= 1.10)))
    log('  CPU time until then (all threads): 1 quiz %.1f ms, %d quizzes %.1f ms, ratio %.2f'
        % (median(cpu['one']), n_quizzes, median(cpu['many']),
           median(cpu['many']) / median(cpu['one'])))
    log('  the %d quizzes listed (worker) at %.1f ms after the start (not a target)'
        % (n_quizzes, median(listed)))
    log('RESULT library.%s.first-frame.ratio %.3f' % (renderer, m / o))
    log('RESULT library.%s.listed %.1f' % (renderer, median(listed)))


BENCHMARKS = {
    'startup': bench_startup,
    'navigate': bench_navigate,
    'language': bench_language,
    'font-check': bench_font_check,
    'history': bench_history,
    'save': bench_save,
    'gift-import': bench_gift_import,
    'library': bench_library,
    'report': bench_report,
    'report-mixed': bench_report_mixed,
    'navigate-types': bench_navigate_types,
    'navigate-long': bench_navigate_long,
    'quiz-load': bench_quiz_load,
    'report-window': bench_report_window,
}

# These draw nothing: run once, not once per renderer.
NO_RENDERER = {'gift-import', 'report'}


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('benchmark', choices=sorted(BENCHMARKS) + ['all'])
    parser.add_argument('--app', required=True, help='the imtehan executable')
    parser.add_argument('--bare', required=True, help='the bench-bare executable')
    parser.add_argument('--bench-ui', required=True, help='the bench-ui executable')
    parser.add_argument('--schema-dir', required=True)
    parser.add_argument('--locale-dir', required=True)
    parser.add_argument('--bench-gift', help='the bench-gift executable (for gift-import)')
    parser.add_argument('--bench-report', help='the bench-report executable (for report)')
    parser.add_argument('--bench-quiz-load', help='the bench-quiz-load executable (for quiz-load)')
    parser.add_argument('--mixed-quiz', help='a quiz of every question type (for report-mixed)')
    parser.add_argument('--renderer', default='cairo,gl',
                        help='comma-separated GSK renderers (default: cairo,gl)')
    parser.add_argument('--runs', type=int, default=int(os.environ.get('IMTEHAN_BENCH_RUNS', 15)),
                        help='process starts per program (default 15, or IMTEHAN_BENCH_RUNS)')
    parser.add_argument('--rounds', type=int, default=8, help='rounds of in-process scenarios')
    parser.add_argument('--attempts', type=int, default=10000)
    parser.add_argument('--quiz', default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                       '..', '..', 'data', 'quizzes',
                                                       'zero-sharded-optimizers.quiz'),
                        help='the bundled quiz (for report-window)')
    args = parser.parse_args()

    names = sorted(BENCHMARKS) if args.benchmark == 'all' else [args.benchmark]
    log('machine: %s, %d CPUs, load average %.2f %.2f %.2f' %
        ((os.uname().machine, os.cpu_count()) + os.getloadavg()))
    for name in names:
        log('== %s: %s' % (name, TARGETS[name]))
        if name in NO_RENDERER:
            BENCHMARKS[name](args, None)
            continue
        for renderer in args.renderer.split(','):
            BENCHMARKS[name](args, renderer)
    return 0


if __name__ == '__main__':
    sys.exit(main())
