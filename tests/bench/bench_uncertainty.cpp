// SPDX-License-Identifier: GPL-3.0-or-later
// Uncertainty speed: 2,000 Latin hypercube samples plus the tornado of USD per billion
// tokens and of days to train, for the default plan, on one core. Target: under 20 ms.
// Run: build/tests/bench_uncertainty
#include "core/scenario.h"
#include "core/uncertaintyio.h"
#include "uncertainty/uncertainty.h"

#include <benchmark/benchmark.h>

using namespace commtax;
using namespace commtax::uncertainty;

static void BM_MonteCarlo2000AndTornado(benchmark::State &state)
{
    const PlanInputs in = planInputs(defaultScenario().plan, {});
    for (auto _ : state) {
        Summary s = monteCarlo(in, Options{2000, 1, 1});
        std::vector<TornadoBar> cost = tornado(in, Metric::CostPerBillionTokens);
        std::vector<TornadoBar> days = tornado(in, Metric::DaysToTrain);
        benchmark::DoNotOptimize(s);
        benchmark::DoNotOptimize(cost);
        benchmark::DoNotOptimize(days);
    }
}
BENCHMARK(BM_MonteCarlo2000AndTornado)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

// As the app, the command line and the reports sample a plan: the kinds of its presets and the
// engine's own error on published runs like it (scenarioNotes). Target: under 5 ms for 2,000
// samples of a dense plan.
static void BM_MonteCarlo2000WithEngineError(benchmark::State &state)
{
    const Scenario sc = defaultScenario();
    const PlanInputs in = planInputs(sc.plan, scenarioNotes(sc, PresetCatalog::builtIn()));
    for (auto _ : state) {
        Summary s = monteCarlo(in, Options{2000, 1, 1});
        benchmark::DoNotOptimize(s);
    }
}
BENCHMARK(BM_MonteCarlo2000WithEngineError)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

// The sampling alone and the tornado alone.
static void BM_MonteCarlo2000(benchmark::State &state)
{
    const PlanInputs in = planInputs(defaultScenario().plan, {});
    for (auto _ : state) {
        Summary s = monteCarlo(in, Options{2000, 1, 1});
        benchmark::DoNotOptimize(s);
    }
}
BENCHMARK(BM_MonteCarlo2000)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

static void BM_Tornado(benchmark::State &state)
{
    const PlanInputs in = planInputs(defaultScenario().plan, {});
    for (auto _ : state) {
        std::vector<TornadoBar> cost = tornado(in, Metric::CostPerBillionTokens);
        benchmark::DoNotOptimize(cost);
    }
}
BENCHMARK(BM_Tornado)->Unit(benchmark::kMicrosecond)->MeasureProcessCPUTime();

// Win odds of four plans (the default plan on four GPUs' prices), 2,000 shared samples, one core.
static void BM_WinOdds4Plans(benchmark::State &state)
{
    std::vector<PlanInputs> plans;
    for (double f : {0.8, 0.9, 1.0, 1.1}) {
        Plan p = defaultScenario().plan;
        p.gpu.price_usd *= f;
        plans.push_back(planInputs(p, {}));
    }
    for (auto _ : state) {
        WinOdds w = winOdds(plans, Options{2000, 1, 1});
        benchmark::DoNotOptimize(w);
    }
}
BENCHMARK(BM_WinOdds4Plans)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

BENCHMARK_MAIN();
