// SPDX-License-Identifier: GPL-3.0-or-later
// What to buy (model/search/buy.h), issue 27 item 6: every GPU preset x 8-2,048 GPUs in whole nodes
// x buy/rent x BF16/FP8 x every layout, for the question of presets/scenarios/what-to-buy-llama2-70b.json
// (Llama 2 70B, 2T tokens, 60 days) and for the same job on DeepSeek-V3 (671B MoE), with the layout
// search's branch and bound (bound:1) and without it (bound:0, every layout evaluated). Counters:
// contexts, layouts searched, layouts the bound ruled out unevaluated (bounded) and their share.
// Run: build/tests/bench_buy
#include "core/presets.h"
#include "core/scenario.h"
#include "search/buyquestion.h"

#include <benchmark/benchmark.h>

#include <cstdlib>

using namespace commtax;

namespace {

search::buy::Question question(const char *model)
{
    Scenario s;
    QList<LoadError> errors;
    if (!loadScenarioFile(QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/what-to-buy-llama2-70b.json"),
                          PresetCatalog::builtIn(), s, errors))
        std::abort();
    if (model)
        PresetCatalog::builtIn().find(Section::Model, QLatin1String(model))->applyTo(s.plan);
    Goals g = *s.goals;
    g.gpus.clear(); // every GPU preset
    g.listed.clear();
    search::buy::GoalsQuestion gq;
    if (search::buy::questionFromGoals(s, g, PresetCatalog::builtIn(), gq) != search::buy::GoalsError::None)
        std::abort();
    search::buy::Question q = gq.question;
    q.gpu_counts.clear();
    q.gpus_min = 8;
    q.gpus_max = 2048;
    q.samples = 100;
    return q;
}

void run(benchmark::State &state, const char *model)
{
    search::buy::Question q = question(model);
    q.bound = state.range(0) != 0;
    search::buy::Answer a;
    for (auto _ : state) {
        a = search::buy::answer(q);
        benchmark::DoNotOptimize(a);
    }
    state.counters["contexts"] = double(a.contexts);
    state.counters["searched"] = double(a.searched);
    state.counters["bounded"] = double(a.bounded);
    state.counters["bounded_share"] = a.searched > 0 ? double(a.bounded) / double(a.searched) : 0.0;
    state.counters["options"] = double(a.option_count);
    state.counters["meeting"] = a.meeting;
    state.counters["answer_s"] = a.seconds;
}

} // namespace

static void BM_WhatToBuyLlama70b(benchmark::State &state) { run(state, nullptr); }
BENCHMARK(BM_WhatToBuyLlama70b)
    ->ArgName("bound")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kSecond)
    ->Iterations(1)
    ->UseRealTime();

static void BM_WhatToBuyDeepSeekV3(benchmark::State &state) { run(state, "deepseek-v3"); }
BENCHMARK(BM_WhatToBuyDeepSeekV3)
    ->ArgName("bound")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kSecond)
    ->Iterations(1)
    ->UseRealTime();

BENCHMARK_MAIN();
