// SPDX-License-Identifier: GPL-3.0-or-later
// Speed targets: one full plan evaluation under 1 us on one core; a 2048-point sweep
// under 2 ms. Run: build/tests/bench_engine
#include "core/presets.h"
#include "core/scenario.h"
#include "engine/engine.h"
#include "engine/sweep.h"

#include <benchmark/benchmark.h>

using namespace commtax;

static void BM_EvaluatePlan(benchmark::State &state)
{
    const Plan plan = defaultScenario().plan;
    for (auto _ : state) {
        Evaluation e = evaluate(plan); // validation + evaluation
        benchmark::DoNotOptimize(e);
    }
}
BENCHMARK(BM_EvaluatePlan);

static void BM_EvaluateValid(benchmark::State &state)
{
    const Plan plan = defaultScenario().plan;
    for (auto _ : state) {
        Result r = evaluateValid(plan);
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(BM_EvaluateValid);

// An MoE plan with context parallelism and goodput "auto": Mixtral 8x22B on 128 H100, tp2 cp2 pp4
// ep8 (presets/scenarios/mixtral-8x22b-moe-h100.json). Target: under 1 us.
static Plan moePlan()
{
    Plan p = defaultScenario().plan;
    PresetCatalog::builtIn().find(Section::Model, QStringLiteral("mixtral-8x22b"))->applyTo(p);
    p.cluster.nodes = 16;
    TrainingSpec &t = p.training;
    t.seq_len = 16384;
    t.global_batch = 256;
    t.micro_batch = 1;
    t.tp = 2;
    t.cp = 2;
    t.pp = 4;
    t.dp = 8;
    t.ep = 8;
    t.recompute = Recompute::Full;
    t.goodput.reset();
    return p;
}
static void BM_EvaluateMoePlan(benchmark::State &state)
{
    const Plan plan = moePlan();
    if (!evaluate(plan).ok()) {
        state.SkipWithError("the MoE plan does not validate");
        return;
    }
    for (auto _ : state) {
        Evaluation e = evaluate(plan);
        benchmark::DoNotOptimize(e);
    }
}
BENCHMARK(BM_EvaluateMoePlan);

static void BM_Sweep2048GpuCounts(benchmark::State &state)
{
    const Plan plan = defaultScenario().plan; // tp*pp = 32
    std::vector<int> counts;
    for (int i = 1; i <= 2048; ++i)
        counts.push_back(32 * i); // 32 .. 65536 GPUs, fixed micro-batches so every point is valid
    for (auto _ : state) {
        auto pts = sweepGpuCount(plan, counts, GpuScaling::FixedMicroBatches);
        benchmark::DoNotOptimize(pts);
    }
    state.SetItemsProcessed(state.iterations() * 2048);
}
BENCHMARK(BM_Sweep2048GpuCounts)->Unit(benchmark::kMicrosecond);

static void BM_Sweep2048MicroBatches(benchmark::State &state)
{
    const Plan plan = defaultScenario().plan;
    std::vector<int> ms;
    for (int i = 1; i <= 2048; ++i)
        ms.push_back(i);
    for (auto _ : state) {
        auto pts = sweepMicroBatches(plan, ms);
        benchmark::DoNotOptimize(pts);
    }
    state.SetItemsProcessed(state.iterations() * 2048);
}
BENCHMARK(BM_Sweep2048MicroBatches)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
