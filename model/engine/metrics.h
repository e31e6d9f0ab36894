// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The metric registry: one row per output metric of Result (result.h), the single source of its
// JSON key, English label, unit, decimals and better direction. A typed MetricId names a metric in
// code; the JSON key is written only here. Without Qt, for the engine's users below model/core
// (uncertainty, search); core/resultio.h adds the Qt-side helpers (findMetric(), formatMetric()).
//
// A new metric: its member in Result, its id in MetricId and its row in kMetricTable, in the same
// place of both (a static_assert checks the order). Its label is marked for lupdate
// (CT_TR("commtax::Metrics", ...), enginetext.h) and translated by model/text (metricLabel()).

#include "enginetext.h"
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
    CT_M(StepTime, step_time_s, CT_TR("commtax::Metrics", "Step time (s)"), "s", 3, Lower),
    CT_M(ComputeTime, compute_time_s, CT_TR("commtax::Metrics", "Compute time (s)"), "s", 3, None),
    CT_M(ComputeFp8Time, compute_fp8_time_s, CT_TR("commtax::Metrics", "Compute time in FP8 (s)"), "s", 3, None),
    CT_M(BubbleTime, bubble_time_s, CT_TR("commtax::Metrics", "Pipeline bubble time (s)"), "s", 3, Lower),
    CT_M(TpCommTime, tp_comm_time_s, CT_TR("commtax::Metrics", "TP communication (s)"), "s", 3, Lower),
    CT_M(TpCommExposed, tp_comm_exposed_s, CT_TR("commtax::Metrics", "TP communication exposed (s)"), "s", 3, Lower),
    CT_M(PpCommTime, pp_comm_time_s, CT_TR("commtax::Metrics", "PP communication (s)"), "s", 3, Lower),
    CT_M(PpCommExposed, pp_comm_exposed_s, CT_TR("commtax::Metrics", "PP communication exposed (s)"), "s", 3, Lower),
    CT_M(DpCommTime, dp_comm_time_s, CT_TR("commtax::Metrics", "DP communication (s)"), "s", 3, Lower),
    CT_M(DpCommExposed, dp_comm_exposed_s, CT_TR("commtax::Metrics", "DP communication exposed (s)"), "s", 3, Lower),
    CT_M(OverlapSlowdown, overlap_slowdown_s, CT_TR("commtax::Metrics", "Overlap slowdown (s)"), "s", 3, Lower),
    CT_M(OptimizerTime, optimizer_time_s, CT_TR("commtax::Metrics", "Optimizer step (s)"), "s", 3, Lower),
    CT_M(CpCommTime, cp_comm_time_s, CT_TR("commtax::Metrics", "CP communication (s)"), "s", 3, Lower),
    CT_M(CpCommExposed, cp_comm_exposed_s, CT_TR("commtax::Metrics", "CP communication exposed (s)"), "s", 3, Lower),
    CT_M(EpCommTime, ep_comm_time_s, CT_TR("commtax::Metrics", "EP all-to-all (s)"), "s", 3, Lower),
    CT_M(EpCommExposed, ep_comm_exposed_s, CT_TR("commtax::Metrics", "EP all-to-all exposed (s)"), "s", 3, Lower),
    CT_M(OffloadTime, offload_time_s, CT_TR("commtax::Metrics", "Activation offload wait (s)"), "s", 3, Lower),
    CT_M(CommTaxRaw, comm_tax_raw, CT_TR("commtax::Metrics", "Comm tax, raw (no overlap)"), "fraction", 1, Lower),
    CT_M(CommTaxExposed, comm_tax_exposed, CT_TR("commtax::Metrics", "Comm tax, exposed (of step)"),
         "fraction", 1, Lower),
    CT_M(BubbleOverhead, bubble_overhead, CT_TR("commtax::Metrics", "Bubble overhead (p-1)/(v*m)"),
         "fraction", 1, Lower),
    CT_M(BubbleShare, bubble_share, CT_TR("commtax::Metrics", "Bubble share (p-1)/(v*m+p-1)"), "fraction", 1, Lower),
    CT_M(Mfu, mfu, CT_TR("commtax::Metrics", "MFU"), "fraction", 1, Higher),
    CT_M(Hfu, hfu, CT_TR("commtax::Metrics", "HFU"), "fraction", 1, Higher),
    CT_M(ComputeEfficiency, compute_efficiency_effective, CT_TR("commtax::Metrics", "Compute efficiency used"),
         "fraction", 1, None),
    CT_M(TflopsPerGpu, tflops_per_gpu, CT_TR("commtax::Metrics", "Model TFLOPS per GPU"), "TFLOPS", 1, Higher),
    CT_M(TokensPerS, tokens_per_s, CT_TR("commtax::Metrics", "Tokens per second"), "tokens/s", 0, Higher),
    CT_M(TokensPerDay, tokens_per_day, CT_TR("commtax::Metrics", "Tokens per day"), "tokens/day", 0, Higher),
    CT_M(MicroBatches, micro_batches, CT_TR("commtax::Metrics", "Micro-batches per step (m)"), "", 0, None),
    CT_M(Gpus, gpus, CT_TR("commtax::Metrics", "GPUs"), "", 0, None),
    CT_M(PacingStage, pacing_stage, CT_TR("commtax::Metrics", "Pacing pipeline stage"), "", 0, None),
    CT_M(MemoryWeights, memory_weights_gb, CT_TR("commtax::Metrics", "Memory: weights (GB)"), "GB", 2, Lower),
    CT_M(MemoryGradients, memory_gradients_gb, CT_TR("commtax::Metrics", "Memory: gradients (GB)"), "GB", 2, Lower),
    CT_M(MemoryOptimizer, memory_optimizer_gb, CT_TR("commtax::Metrics", "Memory: optimizer (GB)"), "GB", 2, Lower),
    CT_M(MemoryActivations, memory_activations_gb, CT_TR("commtax::Metrics", "Memory: activations (GB)"),
         "GB", 2, Lower),
    CT_M(MemoryTotal, memory_total_gb, CT_TR("commtax::Metrics", "Memory per GPU (GB)"), "GB", 2, Lower),
    CT_M(MemoryCapacity, memory_capacity_gb, CT_TR("commtax::Metrics", "GPU memory (GB)"), "GB", 0, Higher),
    CT_M(MemoryUsable, memory_usable_gb, CT_TR("commtax::Metrics", "GPU memory usable (GB)"), "GB", 1, Higher),
    CT_M(MemoryOffloaded, memory_offloaded_gb, CT_TR("commtax::Metrics", "Activations in host memory (GB)"), "GB", 2,
         Lower),
    CT_M(MemoryHost, memory_host_gb, CT_TR("commtax::Metrics", "Host memory per GPU (GB)"), "GB", 1, Higher),
    CT_M(TpBusbw, tp_busbw_gbps, CT_TR("commtax::Metrics", "TP busbw (GB/s)"), "GB/s", 1, Higher),
    CT_M(DpBusbw, dp_busbw_gbps, CT_TR("commtax::Metrics", "DP busbw (GB/s)"), "GB/s", 1, Higher),
    CT_M(PpBw, pp_bw_gbps, CT_TR("commtax::Metrics", "PP bandwidth (GB/s)"), "GB/s", 1, Higher),
    CT_M(CpBw, cp_bw_gbps, CT_TR("commtax::Metrics", "CP ring hop bandwidth (GB/s)"), "GB/s", 1, Higher),
    CT_M(EpBusbw, ep_busbw_gbps, CT_TR("commtax::Metrics", "EP busbw (GB/s)"), "GB/s", 1, Higher),
    CT_M(Goodput, goodput_effective, CT_TR("commtax::Metrics", "Goodput"), "fraction", 1, Higher),
    CT_M(GoodputCheckpoints, goodput_checkpoint_overhead, CT_TR("commtax::Metrics", "Goodput lost: checkpoints"),
         "fraction", 1, Lower),
    CT_M(GoodputLostWork, goodput_lost_work, CT_TR("commtax::Metrics", "Goodput lost: work since last checkpoint"),
         "fraction", 1, Lower),
    CT_M(GoodputRestarts, goodput_restarts, CT_TR("commtax::Metrics", "Goodput lost: restarts"), "fraction", 1, Lower),
    CT_M(CheckpointInterval, checkpoint_interval_s, CT_TR("commtax::Metrics", "Checkpoint interval (s)"), "s", 0, None),
    CT_M(DaysToTrain, days_to_train, CT_TR("commtax::Metrics", "Days to train"), "days", 1, Lower),
    CT_M(GpuHours, gpu_hours, CT_TR("commtax::Metrics", "GPU-hours"), "GPU-h", 0, Lower),
    CT_M(Power, power_kw, CT_TR("commtax::Metrics", "Power (kW)"), "kW", 0, Lower),
    CT_M(Energy, energy_mwh, CT_TR("commtax::Metrics", "Energy (MWh)"), "MWh", 1, Lower),
    CT_M(Capex, capex_usd, CT_TR("commtax::Metrics", "Capex (USD)"), "USD", 0, Lower),
    CT_M(CostPerHour, cost_per_hour_usd, CT_TR("commtax::Metrics", "Cost per hour (USD)"), "USD", 2, Lower),
    CT_M(Tco, tco_usd, CT_TR("commtax::Metrics", "TCO of the run (USD)"), "USD", 0, Lower),
    CT_M(LifetimeTco, lifetime_tco_usd, CT_TR("commtax::Metrics", "Lifetime TCO (USD)"), "USD", 0, Lower),
    CT_M(CostPerBillionTokens, cost_per_billion_tokens_usd, CT_TR("commtax::Metrics", "Cost per billion tokens (USD)"),
         "USD", 2, Lower),
    CT_M(Params, params, CT_TR("commtax::Metrics", "Parameters"), "", 0, None),
    CT_M(ParamsActive, params_active, CT_TR("commtax::Metrics", "Active parameters"), "", 0, None),
    CT_M(FlopsPerStep, flops_per_step, CT_TR("commtax::Metrics", "Model FLOPs per step"), "FLOP", 0, None),
    CT_M(HardwareFlopsPerStep, hardware_flops_per_step, CT_TR("commtax::Metrics", "Hardware FLOPs per step"),
         "FLOP", 0, None),
    CT_M(AttentionFlopsPerStep, attention_flops_per_step, CT_TR("commtax::Metrics", "Attention FLOPs per step"),
         "FLOP", 0, None),
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
