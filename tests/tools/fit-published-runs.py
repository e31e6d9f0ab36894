#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Evaluate every run of tests/fixtures/published-runs.json with the built commtax, print each
run's error, MAPE and max, and optionally grid-search GPU constants (the fit behind the presets'
compute_efficiency and gemm_overhead_us; docs/model.md §3).

  tests/tools/fit-published-runs.py BUILD/bin/commtax                 # report with the presets
  tests/tools/fit-published-runs.py BUILD/bin/commtax --fit           # grid search, then report
"""
import json, os, subprocess, sys, tempfile, itertools

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Rows marked excluded (a contradiction between sources, the row says which) are left out.
runs = [r for r in json.load(open(os.path.join(root, 'tests/fixtures/published-runs.json')))['runs'] if 'excluded' not in r]
exe = sys.argv[1]

def scenario(run, gpu_over):
    model = {'preset': run['model']} if isinstance(run['model'], str) else dict(run['model'])
    gpu = {'preset': run['gpu']}
    gpu.update(gpu_over.get(run['gpu'], {}))
    gpn = 8
    return {'format': 'commtax-scenario', 'version': 1, 'name': run['id'], 'model': model, 'gpu': gpu,
            'cluster': {'preset': run['cluster'], 'nodes': max(1, run['gpus'] // gpn)},
            'training': run['training']}

def evaluate(gpu_over):
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for run in runs:
            path = os.path.join(tmp, run['id'] + '.json')
            json.dump(scenario(run, gpu_over), open(path, 'w'))
            res = subprocess.run([exe, 'evaluate', path, '--json'], capture_output=True, text=True)
            if res.returncode != 0:
                out.append((run, None, res.stderr.strip()))
                continue
            r = json.loads(res.stdout)
            r = r.get('result', r)
            m = run['metric']
            tflops = r['tflops_per_gpu']
            if run.get('flop_count') == 'causal':  # the source counts the causal half of attention
                tflops = (r['flops_per_step'] - r['attention_flops_per_step'] / 2) / (r['step_time_s'] * r['gpus']) / 1e12
            got = {'step_time_s': r['step_time_s'], 'tokens_per_s_per_gpu': r['tokens_per_s'] / r['gpus'],
                   'tflops_per_gpu': tflops, 'gpu_hours': r['gpu_hours']}[m]
            out.append((run, got, None))
    return out

def summary(results, show=True):
    errs = []
    for run, got, err in results:
        if got is None:
            if show: print(f"{run['id']:40s} ERROR {err}")
            errs.append(1.0)
            continue
        e = (got - run['published']) / run['published']
        errs.append(abs(e))
        if show: print(f"{run['id']:40s} {run['metric']:22s} published {run['published']:10.4g} engine {got:10.4g} error {100*e:+6.1f}%")
    mape, worst = sum(errs) / len(errs), max(errs)
    if show: print(f"runs {len(errs)}  MAPE {100*mape:.1f}%  max {100*worst:.1f}%")
    return mape, worst

def fit(gpu, grid, keys, base):
    """Grid search over one GPU's constants on that GPU's runs; returns the best overrides."""
    global runs
    everything, runs = runs, [r for r in runs if r['gpu'] == gpu]
    best = None
    for values in itertools.product(*grid):
        over = json.loads(json.dumps(base))
        over.setdefault(gpu, {}).update(dict(zip(keys, values)))
        mape, worst = summary(evaluate(over), show=False)
        if best is None or mape < best[0]:
            best = (mape, over)
            print(f"{gpu} {dict(zip(keys, values))}: MAPE {100*mape:.1f}% max {100*worst:.1f}% on {len(runs)} runs", flush=True)
    runs = everything
    return best[1]

if '--fit' in sys.argv:
    over = fit('a100-sxm-80gb', [[0.70, 0.74, 0.78, 0.82, 0.86], [4, 8, 12, 16, 24]], ['compute_efficiency', 'gemm_overhead_us'], {})
    fixed = over['a100-sxm-80gb']['gemm_overhead_us']
    # The H100 BF16 preset (0.76) is not this grid's best (0.65): the pipelined and unpipelined BF16
    # rows want different figures, and the compromise fits neither (docs/model.md §3).
    over = fit('h100-sxm', [[0.5, 0.55, 0.6, 0.65, 0.7, 0.76], [0.44, 0.48, 0.52], [8, 16, 24, 36]],
               ['compute_efficiency', 'fp8_efficiency', 'gemm_overhead_us'], over)
    print('best', over)
    summary(evaluate(over))
else:
    summary(evaluate({}))
