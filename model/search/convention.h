// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Conventional layouts: does the framework's published recipe for a model of this size use this
// shape? A layout the search finds fastest may be one nobody runs (tp1 pp4 cp4 vpp16 with ZeRO-2
// for a 70B model); the user should see that it leaves convention, and what leaving it buys against
// the fastest conventional layout on the same hardware.
//
// The recipes (kRecipes, convention.cpp) are the pre-training defaults of NVIDIA NeMo 2's recipes
// (nemo/collections/llm/recipes/*.py, trainer() and pretrain_recipe()), which Megatron-Bridge and
// Megatron-LM's example scripts follow. The nearest recipe is the one of the same kind (dense or
// mixture of experts) whose parameter count is nearest on a log scale. A layout is conventional when
// every dimension is within what that recipe uses (docs/handbook.md, "Conventional layouts"):
//   tp   a power of two, at most 8 and at most the GPUs of one node, from half to twice the recipe's;
//   pp   at most twice the recipe's (at least 2);
//   cp   at most the recipe's, scaled by the plan's sequence length over the recipe's (at least 1);
//   vpp  at most the recipe's (1 when the recipe does not interleave);
//   ep   at most the recipe's (MoE; 1 for a dense model);
//   ZeRO 0 or 1 (the distributed optimizer every Megatron recipe uses); 0 to 3 for DeepSpeed and
//        torchtitan, whose own configurations shard with ZeRO-3 / FSDP.
// Micro-batch, recompute and sequence parallelism do not count: recipes tune them per cluster.

#include "search.h"

#include <array>
#include <vector>

namespace commtax::search {

struct Recipe {
    const char *name; // "NeMo llama3_70b"
    double params;    // every parameter, all experts
    bool moe;
    int seq_len;
    int tp, pp, vpp, cp, ep;
};

// The recipe nearest the plan's model (same kind, nearest parameter count on a log scale).
const Recipe &nearestRecipe(const ModelSpec &m);

// Per dimension, the values a conventional layout may take (empty: any), for Space::allowed.
std::array<std::vector<int>, kDimCount> conventionalValues(const Plan &plan, int framework);

// Whether the plan's layout is conventional for its model (see above). framework: launch::Framework, -1 any.
bool isConventional(const Plan &plan, int framework);

} // namespace commtax::search
