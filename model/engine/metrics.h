// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The metric registry: one row per output metric of Result (result.h), the single source of its
// JSON key, English label, unit, decimals and better direction. A typed MetricId names a metric in
// code; the JSON key is written only here. Without Qt, for the engine's users below model/core
// (uncertainty, search); core/resultio.h adds the Qt-side helpers (findMetric(), formatMetric()).
//
// A new metric: its member in Result, its id in MetricId and its row in kMetricTable, in the same
// place of both (a static_assert checks the order). Its label is translated
// (tests/i18n/gen_modeltext.py reads the rows).

#include "result.h"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>

namespace commtax {

enum class Better : std::uint8_t { Lower,
                                   Higher,
                                   None };

// In the order of the JSON output (evaluate --json, the CSV, the tables and reports).
enum class MetricId : std::uint8_t {
    StepTime,
    ComputeTime,
    ComputeFp8Time,
    BubbleTime,
    TpCommTime,
    TpCommExposed,
    PpCommTime,
    PpCommExposed,
    DpCommTime,
    DpCommExposed,
    OverlapSlowdown,
    OptimizerTime,
    CpCommTime,
    CpCommExposed,
    EpCommTime,
    EpCommExposed,
    OffloadTime,
    CommTaxRaw,
    CommTaxExposed,
    BubbleOverhead,
    BubbleShare,
    Mfu,
    Hfu,
    ComputeEfficiency,
    TflopsPerGpu,
    TokensPerS,
    TokensPerDay,
    MicroBatches,
    Gpus,
    PacingStage,
    MemoryWeights,
    MemoryGradients,
    MemoryOptimizer,
    MemoryActivations,
    MemoryTotal,
    MemoryCapacity,
    MemoryUsable,
    MemoryOffloaded,
    MemoryHost,
    TpBusbw,
    DpBusbw,
    PpBw,
    CpBw,
    EpBusbw,
    Goodput,
    GoodputCheckpoints,
    GoodputLostWork,
    GoodputRestarts,
    CheckpointInterval,
    DaysToTrain,
    GpuHours,
    Power,
    Energy,
    Capex,
    CostPerHour,
    Tco,
    LifetimeTco,
    CostPerBillionTokens,
    Params,
    ParamsActive,
    FlopsPerStep,
    HardwareFlopsPerStep,
    AttentionFlopsPerStep
};

struct MetricInfo {
    MetricId id;
    const char *key;   // the JSON name and the Result member, e.g. "step_time_s"
    const char *label; // English, with the unit, e.g. "Step time (s)" (translated in context "commtax::Metrics")
    const char *unit;  // "s", "GB", "USD", "" for counts, "fraction" for ratios
    int decimals;      // for display (ratios are shown as percent with this many decimals)
    Better better;
    double (*get)(const Result &);
    constexpr bool isRatio() const { return std::string_view(unit) == "fraction"; }
};

// The row: id, Result member (also its JSON key), label, unit, decimals, which direction is better.
#define CT_M(ID, MEMBER, LABEL, UNIT, DEC, BETTER)                                                                \
    MetricInfo                                                                                                    \
    {                                                                                                             \
        MetricId::ID, #MEMBER, LABEL, UNIT, DEC, Better::BETTER, [](const Result &r) { return double(r.MEMBER); } \
    }

inline constexpr MetricInfo kMetricTable[] = {
    CT_M(StepTime, step_time_s, "Step time (s)", "s", 3, Lower),
    CT_M(ComputeTime, compute_time_s, "Compute time (s)", "s", 3, None),
    CT_M(ComputeFp8Time, compute_fp8_time_s, "Compute time in FP8 (s)", "s", 3, None),
    CT_M(BubbleTime, bubble_time_s, "Pipeline bubble time (s)", "s", 3, Lower),
    CT_M(TpCommTime, tp_comm_time_s, "TP communication (s)", "s", 3, Lower),
    CT_M(TpCommExposed, tp_comm_exposed_s, "TP communication exposed (s)", "s", 3, Lower),
    CT_M(PpCommTime, pp_comm_time_s, "PP communication (s)", "s", 3, Lower),
    CT_M(PpCommExposed, pp_comm_exposed_s, "PP communication exposed (s)", "s", 3, Lower),
    CT_M(DpCommTime, dp_comm_time_s, "DP communication (s)", "s", 3, Lower),
    CT_M(DpCommExposed, dp_comm_exposed_s, "DP communication exposed (s)", "s", 3, Lower),
    CT_M(OverlapSlowdown, overlap_slowdown_s, "Overlap slowdown (s)", "s", 3, Lower),
    CT_M(OptimizerTime, optimizer_time_s, "Optimizer step (s)", "s", 3, Lower),
    CT_M(CpCommTime, cp_comm_time_s, "CP communication (s)", "s", 3, Lower),
    CT_M(CpCommExposed, cp_comm_exposed_s, "CP communication exposed (s)", "s", 3, Lower),
    CT_M(EpCommTime, ep_comm_time_s, "EP all-to-all (s)", "s", 3, Lower),
    CT_M(EpCommExposed, ep_comm_exposed_s, "EP all-to-all exposed (s)", "s", 3, Lower),
    CT_M(OffloadTime, offload_time_s, "Activation offload wait (s)", "s", 3, Lower),
    CT_M(CommTaxRaw, comm_tax_raw, "Comm tax, raw (no overlap)", "fraction", 1, Lower),
    CT_M(CommTaxExposed, comm_tax_exposed, "Comm tax, exposed (of step)", "fraction", 1, Lower),
    CT_M(BubbleOverhead, bubble_overhead, "Bubble overhead (p-1)/(v*m)", "fraction", 1, Lower),
    CT_M(BubbleShare, bubble_share, "Bubble share (p-1)/(v*m+p-1)", "fraction", 1, Lower),
    CT_M(Mfu, mfu, "MFU", "fraction", 1, Higher),
    CT_M(Hfu, hfu, "HFU", "fraction", 1, Higher),
    CT_M(ComputeEfficiency, compute_efficiency_effective, "Compute efficiency used", "fraction", 1, None),
    CT_M(TflopsPerGpu, tflops_per_gpu, "Model TFLOPS per GPU", "TFLOPS", 1, Higher),
    CT_M(TokensPerS, tokens_per_s, "Tokens per second", "tokens/s", 0, Higher),
    CT_M(TokensPerDay, tokens_per_day, "Tokens per day", "tokens/day", 0, Higher),
    CT_M(MicroBatches, micro_batches, "Micro-batches per step (m)", "", 0, None),
    CT_M(Gpus, gpus, "GPUs", "", 0, None),
    CT_M(PacingStage, pacing_stage, "Pacing pipeline stage", "", 0, None),
    CT_M(MemoryWeights, memory_weights_gb, "Memory: weights (GB)", "GB", 2, Lower),
    CT_M(MemoryGradients, memory_gradients_gb, "Memory: gradients (GB)", "GB", 2, Lower),
    CT_M(MemoryOptimizer, memory_optimizer_gb, "Memory: optimizer (GB)", "GB", 2, Lower),
    CT_M(MemoryActivations, memory_activations_gb, "Memory: activations (GB)", "GB", 2, Lower),
    CT_M(MemoryTotal, memory_total_gb, "Memory per GPU (GB)", "GB", 2, Lower),
    CT_M(MemoryCapacity, memory_capacity_gb, "GPU memory (GB)", "GB", 0, Higher),
    CT_M(MemoryUsable, memory_usable_gb, "GPU memory usable (GB)", "GB", 1, Higher),
    CT_M(MemoryOffloaded, memory_offloaded_gb, "Activations in host memory (GB)", "GB", 2, Lower),
    CT_M(MemoryHost, memory_host_gb, "Host memory per GPU (GB)", "GB", 1, Higher),
    CT_M(TpBusbw, tp_busbw_gbps, "TP busbw (GB/s)", "GB/s", 1, Higher),
    CT_M(DpBusbw, dp_busbw_gbps, "DP busbw (GB/s)", "GB/s", 1, Higher),
    CT_M(PpBw, pp_bw_gbps, "PP bandwidth (GB/s)", "GB/s", 1, Higher),
    CT_M(CpBw, cp_bw_gbps, "CP ring hop bandwidth (GB/s)", "GB/s", 1, Higher),
    CT_M(EpBusbw, ep_busbw_gbps, "EP busbw (GB/s)", "GB/s", 1, Higher),
    CT_M(Goodput, goodput_effective, "Goodput", "fraction", 1, Higher),
    CT_M(GoodputCheckpoints, goodput_checkpoint_overhead, "Goodput lost: checkpoints", "fraction", 1, Lower),
    CT_M(GoodputLostWork, goodput_lost_work, "Goodput lost: work since last checkpoint", "fraction", 1, Lower),
    CT_M(GoodputRestarts, goodput_restarts, "Goodput lost: restarts", "fraction", 1, Lower),
    CT_M(CheckpointInterval, checkpoint_interval_s, "Checkpoint interval (s)", "s", 0, None),
    CT_M(DaysToTrain, days_to_train, "Days to train", "days", 1, Lower),
    CT_M(GpuHours, gpu_hours, "GPU-hours", "GPU-h", 0, Lower),
    CT_M(Power, power_kw, "Power (kW)", "kW", 0, Lower),
    CT_M(Energy, energy_mwh, "Energy (MWh)", "MWh", 1, Lower),
    CT_M(Capex, capex_usd, "Capex (USD)", "USD", 0, Lower),
    CT_M(CostPerHour, cost_per_hour_usd, "Cost per hour (USD)", "USD", 2, Lower),
    CT_M(Tco, tco_usd, "TCO of the run (USD)", "USD", 0, Lower),
    CT_M(LifetimeTco, lifetime_tco_usd, "Lifetime TCO (USD)", "USD", 0, Lower),
    CT_M(CostPerBillionTokens, cost_per_billion_tokens_usd, "Cost per billion tokens (USD)", "USD", 2, Lower),
    CT_M(Params, params, "Parameters", "", 0, None),
    CT_M(ParamsActive, params_active, "Active parameters", "", 0, None),
    CT_M(FlopsPerStep, flops_per_step, "Model FLOPs per step", "FLOP", 0, None),
    CT_M(HardwareFlopsPerStep, hardware_flops_per_step, "Hardware FLOPs per step", "FLOP", 0, None),
    CT_M(AttentionFlopsPerStep, attention_flops_per_step, "Attention FLOPs per step", "FLOP", 0, None),
};

#undef CT_M

inline constexpr std::size_t kMetricIdCount = std::size(kMetricTable);

constexpr bool metricTableInOrder()
{
    for (std::size_t i = 0; i < kMetricIdCount; ++i)
        if (std::size_t(kMetricTable[i].id) != i)
            return false;
    return true;
}
static_assert(metricTableInOrder(), "kMetricTable: one row per MetricId, in the enum's order");
static_assert(std::size_t(MetricId::AttentionFlopsPerStep) + 1 == kMetricIdCount, "kMetricTable: a row per MetricId");

constexpr const MetricInfo &metricInfo(MetricId id) { return kMetricTable[std::size_t(id)]; }
// The JSON key, e.g. "cost_per_billion_tokens_usd".
constexpr const char *metricKey(MetricId id) { return metricInfo(id).key; }
inline double metricValue(const Result &r, MetricId id) { return metricInfo(id).get(r); }

} // namespace commtax
