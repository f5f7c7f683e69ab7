#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Two builds of Imtehan side by side: before and after a change.

    compare-builds.py BEFORE_BUILD AFTER_BUILD SCENARIO... [--rounds N] [--runs M]

Each round runs every SCENARIO of tests/bench/run-bench.py once with the BEFORE build's
binaries, then once with the AFTER build's (each build's own run-bench.py), so that a machine
growing busier or quieter weighs on both alike. Prints the median of each RESULT over the
rounds, and AFTER / BEFORE. Run it under a display, as the benchmarks are
(build-aux/run-with-display.sh).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys


def bench_args(build):
    """The build's source tree (for its own run-bench.py) and the binaries it built."""
    with open(os.path.join(build, 'meson-info', 'meson-info.json'), encoding='utf-8') as f:
        source = json.load(f)['directories']['source']
    return source, [
        '--app', os.path.join(build, 'src', 'imtehan'),
        '--bare', os.path.join(build, 'tests', 'bench', 'bench-bare'),
        '--bench-ui', os.path.join(build, 'tests', 'bench', 'bench-ui'),
        '--schema-dir', os.path.join(build, 'data'),
        '--locale-dir', os.path.join(build, 'po'),
        '--bench-gift', os.path.join(build, 'tests', 'bench', 'bench-gift'),
        '--bench-report', os.path.join(build, 'tests', 'bench', 'bench-report'),
    ]


def run(build, scenario, extra):
    source, args = bench_args(build)
    script = os.path.join(source, 'tests', 'bench', 'run-bench.py')
    proc = subprocess.run([sys.executable, script, scenario] + args + extra,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=3600)
    out = proc.stdout.decode(errors='replace')
    if proc.returncode != 0:
        sys.exit('%s %s failed:\n%s' % (build, scenario, out[-3000:]))
    results = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == 'RESULT':
            results[parts[1]] = float(parts[2])
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('before')
    parser.add_argument('after')
    parser.add_argument('scenarios', nargs='+')
    parser.add_argument('--rounds', type=int, default=3)
    parser.add_argument('--runs', type=int, default=5,
                        help='process starts per program and round (run-bench --runs)')
    parser.add_argument('--renderer', default='cairo')
    args = parser.parse_args()

    extra = ['--runs', str(args.runs), '--renderer', args.renderer, '--rounds', '4']
    values = {'before': {}, 'after': {}}
    for r in range(args.rounds):
        for scenario in args.scenarios:
            for name, build in (('before', args.before), ('after', args.after)):
                for key, value in run(build, scenario, extra).items():
                    values[name].setdefault(key, []).append(value)
        print('round %d of %d done' % (r + 1, args.rounds), flush=True)

    print('%-44s %12s %12s %8s' % ('result (median of rounds)', 'before', 'after', 'after/before'))
    for key in sorted(set(values['before']) & set(values['after'])):
        b = statistics.median(values['before'][key])
        a = statistics.median(values['after'][key])
        ratio = a / b if b else float('nan')
        print('%-44s %12.3f %12.3f %8.3f' % (key, b, a, ratio))


if __name__ == '__main__':
    main()
