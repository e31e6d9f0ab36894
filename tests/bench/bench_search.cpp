// SPDX-License-Identifier: GPL-3.0-or-later
// Layout search speed (issue 11): plans evaluated per second on one core, and the whole space of a
// 70B dense model on 8 to 4096 GPUs in whole nodes with every dimension, on every core.
// Run: build/tests/bench_search
#include "core/presets.h"
#include "core/scenario.h"
#include "search/search.h"

#include <benchmark/benchmark.h>

using namespace commtax;
using namespace commtax::search;

namespace {
// The default scenario: Llama-2-70B on DGX H100 nodes (8 GPUs), global batch 1024.
Space llama70b(int minGpus, int maxGpus)
{
    Space s;
    s.base = defaultScenario().plan;
    s.gpus_min = minGpus;
    s.gpus_max = maxGpus;
    return s;
}

void report(benchmark::State &state, const SearchResult &r)
{
    state.counters["searched"] = double(r.searched);
    state.counters["valid"] = double(r.valid);
    state.counters["fits"] = double(r.fits);
    state.counters["threads"] = r.threads;
    state.counters["search_s"] = r.seconds;
}
} // namespace

// One core: plans evaluated (valid layouts) per second of CPU time, on 256 to 1024 GPUs.
static void BM_SearchOneCore(benchmark::State &state)
{
    const Space s = llama70b(256, 1024);
    Options opt;
    opt.threads = 1;
    SearchResult r;
    for (auto _ : state) {
        r = runSearch(s, opt);
        benchmark::DoNotOptimize(r);
    }
    report(state, r);
    state.counters["plans_per_s"] = benchmark::Counter(double(r.valid) * double(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["searched_per_s"] = benchmark::Counter(double(r.searched) * double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SearchOneCore)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();

// The space: 70B, 8 to 4096 GPUs in whole nodes (512 counts), every dimension, every core.
static void BM_Search70B_8to4096(benchmark::State &state)
{
    const Space s = llama70b(8, 4096);
    Options opt; // every core
    SearchResult r;
    for (auto _ : state) {
        r = runSearch(s, opt);
        benchmark::DoNotOptimize(r);
    }
    report(state, r);
    state.counters["plans_per_s"] = benchmark::Counter(double(r.valid) * double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Search70B_8to4096)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

BENCHMARK_MAIN();
