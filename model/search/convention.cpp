// SPDX-License-Identifier: GPL-3.0-or-later
#include "convention.h"

#include "launch.h"

#include <algorithm>
#include <cmath>

namespace commtax::search {

namespace {

// NVIDIA NeMo 2 pre-training recipes (nemo/collections/llm/recipes/), the trainer() defaults:
//   llama3_8b.py      tensor 1, pipeline 1, no virtual pipeline, context 2; seq_length 8192
//   llama3_70b.py     tensor 4, pipeline 4, virtual pipeline 5, context 2; seq_length 8192
//   gpt3_175b.py      tensor 4, pipeline 8, virtual pipeline 6, context 1; seq_length 2048
//   llama31_405b.py   tensor 8, pipeline 9, virtual pipeline 2, context 4; seq_length 8192
//   mixtral_8x7b.py   tensor 1, pipeline 4, virtual pipeline 8, context 1, expert 8; seq_length 8192
//   deepseek_v3.py    tensor 2, pipeline 16, no virtual pipeline, expert 64 (expert tensor 1); seq_length 4096
// Every one of them uses distributed_fused_adam (the distributed optimizer: ZeRO-1).
const Recipe kRecipes[] = {
    {"NeMo llama3_8b", 8.03e9, false, 8192, 1, 1, 1, 2, 1},
    {"NeMo llama3_70b", 70.6e9, false, 8192, 4, 4, 5, 2, 1},
    {"NeMo gpt3_175b", 175e9, false, 2048, 4, 8, 6, 1, 1},
    {"NeMo llama31_405b", 405e9, false, 8192, 8, 9, 2, 4, 1},
    {"NeMo mixtral_8x7b", 46.7e9, true, 8192, 1, 4, 8, 1, 8},
    {"NeMo deepseek_v3", 671e9, true, 4096, 2, 16, 1, 1, 64},
};

std::vector<int> upTo(int lo, int hi)
{
    std::vector<int> v;
    for (int x = lo; x <= hi; ++x)
        v.push_back(x);
    return v;
}

} // namespace

const Recipe &nearestRecipe(const ModelSpec &m)
{
    const double params = std::max(1.0, parameterCount(m));
    const Recipe *best = nullptr;
    double bestDistance = 0;
    for (const Recipe &r : kRecipes) {
        if (r.moe != m.moe())
            continue;
        const double d = std::abs(std::log(params / r.params));
        if (!best || d < bestDistance) {
            best = &r;
            bestDistance = d;
        }
    }
    return *best;
}

std::array<std::vector<int>, kDimCount> conventionalValues(const Plan &plan, int framework)
{
    const Recipe &r = nearestRecipe(plan.model);
    std::array<std::vector<int>, kDimCount> v;
    const int tpMax = std::min({8, std::max(1, plan.cluster.gpus_per_node), 2 * r.tp});
    for (int tp = 1; tp <= tpMax; tp *= 2)
        if (2 * tp >= r.tp)
            v[DimTp].push_back(tp);
    if (v[DimTp].empty())
        v[DimTp].push_back(tpMax); // a node smaller than half the recipe's tp: its largest power of two
    v[DimPp] = upTo(1, std::max(2, 2 * r.pp));
    const double seqScale = std::max(1.0, double(plan.training.seq_len) / double(r.seq_len));
    v[DimCp] = upTo(1, std::max(1, int(std::floor(r.cp * seqScale))));
    v[DimVpp] = upTo(1, std::max(1, r.vpp));
    v[DimEp] = upTo(1, plan.model.moe() ? std::max(1, r.ep) : 1);
    const bool fsdp = framework == int(launch::Framework::DeepSpeed) || framework == int(launch::Framework::Torchtitan);
    v[DimZero] = fsdp ? std::vector<int>{0, 1, 2, 3} : std::vector<int>{0, 1};
    return v;
}

bool isConventional(const Plan &plan, int framework)
{
    const std::array<std::vector<int>, kDimCount> v = conventionalValues(plan, framework);
    const TrainingSpec &t = plan.training;
    auto in = [&v](int dim, int value) {
        const std::vector<int> &allowed = v[size_t(dim)];
        return allowed.empty() || std::find(allowed.begin(), allowed.end(), value) != allowed.end();
    };
    return in(DimTp, t.tp) && in(DimPp, t.pp) && in(DimCp, t.cp) && in(DimVpp, t.vpp) && in(DimEp, t.ep)
        && in(DimZero, t.zero);
}

} // namespace commtax::search
