// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Commtax engine: one training plan in, every metric out. Plain C++, no Qt, no allocation on
// the success path, so that a full evaluation costs well under a microsecond.

#include "collectives.h"
#include "plan.h"
#include "result.h"

#include <cmath>
#include <string>
#include <vector>

namespace commtax {

// Constants of the model, each with its source (see README "Model").
inline constexpr double kBytesPerGB = 1e9;
// Fraction of memory kept for the allocator, CUDA context and workspaces (docs/model.md §8: 10-15%).
inline constexpr double kMemoryReserve = 0.10;
// Per-GPU GEMM width h/t at which matmul efficiency halves. Fitted on Korthikanti et al. 2022,
// Table 5 (A100, TP=8, h/t from 768 to 3200): small GEMMs reach less of the peak (docs/model.md §3).
inline constexpr double kGemmHalfEfficiencyWidth = 360.0;
// Adam's step per parameter it updates (mixed precision, Megatron's distributed optimizer): reads
// the gradient (grad buffer bytes) and fp32 master weight, momentum and variance (12 B), writes the
// three back (12 B) and the bf16 weight (2 B). Memory-bound: this traffic over the HBM bandwidth.
inline constexpr double kAdamBytesPerParam = 12.0 + 12.0 + 2.0; // plus the gradient's bytes
// Overlapped communication slows the compute it hides under (Calculon: 2-15%); we charge 5%.
inline constexpr double kOverlapComputeSlowdown = 0.05;
// Warning thresholds (docs/model.md §7 and the seeds' rules of thumb).
inline constexpr double kCommTaxWarn = 0.30;
inline constexpr double kBubbleWarn = 0.20;
inline constexpr double kEfficiencyCeiling = 0.87; // A100 BF16 matmul ceiling, stas00/ml-engineering
inline constexpr double kGoodputWarn = 0.80;
// Best published end-to-end MFU: A100 52-56% (Korthikanti et al. 2022), H100 BF16 54-59% (NVIDIA
// DGX Cloud recipes). A plan above 60% is optimistic.
inline constexpr double kMfuWarn = 0.60;
// Batch-size scaling law, DeepSeek LLM (DeepSeek-AI 2024, arXiv 2401.02954, §3.1): the optimal batch
// in tokens grows with the compute budget C (FLOPs) as B_opt = 0.2920 * C^0.3271. Beyond it, more
// tokens per step buy less loss per token (Kaplan et al. 2020's critical batch plays the same role).
inline constexpr double kBatchLawCoefficient = 0.2920;
inline constexpr double kBatchLawExponent = 0.3271;
// The law's batch in tokens for a training run of `flops` model FLOPs.
inline double optimalBatchTokens(double flops) { return kBatchLawCoefficient * std::pow(flops, kBatchLawExponent); }

struct PlanError {
    std::string field;   // JSON path in a scenario file, e.g. "training.tp"
    std::string message; // what is wrong and why
};

// Parameter count from the architecture (docs/model.md §2).
double parameterCount(const ModelSpec &m);
// Model FLOPs of forward + backward for one sequence of seq_len tokens (docs/model.md §2).
double modelFlopsPerSequence(const ModelSpec &m, int seq_len);

// How the layers spread over the pipeline stages (docs/model.md §16), in O(1) and without allocation.
// Stage 0 holds first layers, stage pp-1 last, and middle stage j (stage j+1) holds
// (middle_base + (j < middle_extra ? 1 : 0)) * vpp layers. With pp = 1 the one stage holds them all.
struct StageSplit {
    int first = 0;
    int last = 0;
    int middle_base = 0;  // layer units (of vpp layers) of a middle stage
    int middle_extra = 0; // middle stages (the first ones) with one unit more
    int stages = 1;
    int vpp = 1;
    bool valid = false; // every stage holds at least one unit and the counts add up to the layers
    bool even = false;  // every stage holds the same number of layers
    int remainder = 0;  // units the automatic spread could not divide evenly (0: it divided)
};
StageSplit stageSplit(const Plan &plan);
// Layers of stage `stage` (0-based) under `split`.
int stageLayers(const StageSplit &split, int stage);

// All errors of a plan (empty when valid). Never throws.
std::vector<PlanError> validate(const Plan &plan);
// Evaluate a plan that validate() accepted. Result is finite for every valid plan.
Result evaluateValid(const Plan &plan);

struct Evaluation {
    Result result;
    std::vector<PlanError> errors; // empty on success
    bool ok() const { return errors.empty(); }
};
Evaluation evaluate(const Plan &plan);

// Where the ranks of each parallel group sit, and the link each sees (Megatron rank order:
// TP fastest, then DP, then PP).
struct Placement {
    GroupLink tp;
    GroupLink dp;
    GroupLink pp;
};
Placement placeGroups(const Plan &plan);

} // namespace commtax
