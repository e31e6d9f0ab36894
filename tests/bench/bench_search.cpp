// SPDX-License-Identifier: GPL-3.0-or-later
// Layout search speed: plans evaluated per second on one core, and the whole space of a
// 70B dense model on 8 to 4096 GPUs in whole nodes with every dimension (tp, pp, cp, vpp,
// micro-batch, ZeRO, recompute, sequence parallelism; etp and ep have one value for a dense model),
// on every core; the same for two mixtures of experts (Mixtral 8x7B and Qwen3-30B-A3B), where etp
// and ep are searched too. plans_per_cpu_s: evaluated plans per second of process CPU time, i.e.
// per core.
// Run: build/tests/bench_search
#include "core/presets.h"
#include "core/scenario.h"
#include "search/search.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <ctime>
#include <thread>

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

// The default scenario with a built-in MoE model (its global batch and sequence length kept).
Space moe(const char *model, int minGpus, int maxGpus)
{
    Space s = llama70b(minGpus, maxGpus);
    PresetCatalog::builtIn().find(Section::Model, QLatin1String(model))->applyTo(s.base);
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

// One core: valid layouts decided per second of CPU time (those that fit evaluated whole, the others
// as far as their memory: engine.h Unfit), on 256 to 1024 GPUs: the dense model, and Mixtral 8x7B
// (ep and etp searched too).
void oneCore(benchmark::State &state, const Space &s)
{
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
    // The plans evaluated whole.
    const double fits = double(r.fits) * double(state.iterations());
    state.counters["fits_per_s"] = benchmark::Counter(fits, benchmark::Counter::kIsRate);
}
static void BM_SearchOneCore(benchmark::State &state) { oneCore(state, llama70b(256, 1024)); }
BENCHMARK(BM_SearchOneCore)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();
static void BM_SearchMoeOneCore(benchmark::State &state) { oneCore(state, moe("mixtral-8x7b", 256, 1024)); }
BENCHMARK(BM_SearchMoeOneCore)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();

// A whole space on every core: wall-clock rate and the rate per CPU second (per core).
void everyCore(benchmark::State &state, const Space &s)
{
    Options opt; // every core
    SearchResult r;
    double cpu = 0;
    for (auto _ : state) {
        const std::clock_t c0 = std::clock();
        r = runSearch(s, opt);
        cpu += double(std::clock() - c0) / CLOCKS_PER_SEC;
        benchmark::DoNotOptimize(r);
    }
    report(state, r);
    state.counters["plans_per_s"] = benchmark::Counter(double(r.valid) * double(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["plans_per_cpu_s"] = cpu > 0 ? double(r.valid) * double(state.iterations()) / cpu : 0.0;
}

// The full space: 70B, 8 to 4096 GPUs in whole nodes (512 counts), every dimension, every core.
static void BM_Search70B_8to4096(benchmark::State &state) { everyCore(state, llama70b(8, 4096)); }
BENCHMARK(BM_Search70B_8to4096)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

// Mixtral 8x7B (8 experts of width 14336: ep 1-8, etp up to 8) and Qwen3-30B-A3B (128 experts of
// width 768) on 8 to 1024 GPUs in whole nodes (128 counts), every core.
static void BM_SearchMixtral_8to1024(benchmark::State &state) { everyCore(state, moe("mixtral-8x7b", 8, 1024)); }
BENCHMARK(BM_SearchMixtral_8to1024)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);
static void BM_SearchQwen3_30B_A3B_8to1024(benchmark::State &state) { everyCore(state, moe("qwen3-30b-a3b", 8, 1024)); }
BENCHMARK(BM_SearchQwen3_30B_A3B_8to1024)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

// The app's search (Tools > Find best layout) of the default plan on its own GPU count, as the
// dialog runs it: all cores but one, the threads at the lowest priority (Options::low_priority) or,
// for comparison, at normal priority. Wall time: the target is results within 0.5 s.
static void BM_SearchDialogDefaultPlan(benchmark::State &state)
{
    Space s;
    s.base = defaultScenario().plan;
    Options opt;
    opt.threads = std::max(1, int(std::thread::hardware_concurrency()) - 1);
    opt.low_priority = state.range(0) != 0;
    SearchResult r;
    for (auto _ : state) {
        r = runSearch(s, opt);
        benchmark::DoNotOptimize(r);
    }
    report(state, r);
    state.counters["low_priority"] = opt.low_priority;
}
BENCHMARK(BM_SearchDialogDefaultPlan)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
