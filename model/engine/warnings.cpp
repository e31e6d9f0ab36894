// SPDX-License-Identifier: GPL-3.0-or-later
// The warning flags of an evaluation, and their English sentences (result.h).
#include "phases.h"

#include <charconv>
#include <string>

namespace commtax {

namespace engine_detail {

namespace {
// optimalBatchTokens() of the last budget this thread asked for: std::pow was a tenth of an
// evaluation, and the budget (model FLOPs per token x tokens to train) is the same for every plan of
// a sweep or a search context. The same value as the call, bit for bit.
double optimalBatchTokensMemo(double flops)
{
    // optimalBatchTokens(0) is 0; a NaN is never remembered.
    thread_local double lastFlops = 0, lastTokens = 0;
    if (!(flops == lastFlops)) {
        lastTokens = optimalBatchTokens(flops);
        lastFlops = flops;
    }
    return lastTokens;
}
} // namespace

void warningPhase(const Plan &plan, const Shape &k, const Placement &pl, Result &r)
{
    const TrainingSpec &tr = plan.training;
    const ClusterSpec &cl = plan.cluster;
    if (r.comm_tax_exposed > kCommTaxWarn)
        r.warnings |= WarnCommTaxHigh;
    else if (r.comm_tax_raw > kCommTaxWarn)
        r.warnings |= WarnRawCommTaxHigh;
    if (r.memory_total_gb > r.memory_usable_gb)
        r.warnings |= WarnDoesNotFit;
    if (r.memory_offloaded_gb > r.memory_host_gb)
        r.warnings |= WarnHostMemoryFull;
    if (r.offload_time_s > 0.05 * r.step_time_s)
        r.warnings |= WarnOffloadExposed;
    if (k.t > 1 && pl.tp.nodes > 1)
        r.warnings |= WarnTpCrossesNodes;
    const bool intraTraffic = cl.gpus_per_node > 1
        && (k.t > 1 || (pl.dp.ranks > 1 && pl.dp.ranks_per_node > 1) || (k.p > 1 && pl.pp.nodes == 1) || k.c > 1 || k.ep > 1);
    if (!plan.gpu.p2p && intraTraffic)
        r.warnings |= WarnP2PDisabled;
    if (k.t > 1 && !plan.gpu.nvlink)
        r.warnings |= WarnNoNvlinkForTp;
    if (r.bubble_time_s / r.step_time_s > kBubbleWarn)
        r.warnings |= WarnBubbleHigh;
    if (k.p > 1 && k.mb < k.p)
        r.warnings |= WarnFewMicroBatches;
    if (tr.compute_efficiency.value_or(plan.gpu.compute_efficiency) > kEfficiencyCeiling)
        r.warnings |= WarnEfficiencyHigh;
    if (r.goodput_effective < kGoodputWarn)
        r.warnings |= WarnGoodputLow;
    if (r.mfu > kMfuWarn)
        r.warnings |= WarnMfuHigh;
    // ZeRO-3 with a pipeline: every micro-batch gathers the stage's weights again (twice), and the
    // pipeline's many micro-batches multiply that traffic; Megatron and DeepSpeed do not combine them.
    if (tr.zero == 3 && k.p > 1)
        r.warnings |= WarnZero3WithPp;
    if (k.split.remainder != 0)
        r.warnings |= WarnUnevenStages;
    if (k.c > 1 && r.cp_comm_exposed_s > 0.05 * r.step_time_s)
        r.warnings |= WarnCpExposed;
    if (r.ep_comm_exposed_s > 0.2 * r.step_time_s)
        r.warnings |= WarnEpCommHigh;
    // The run's compute budget: model FLOPs per token x tokens to train.
    const double tokensPerStep = k.B * k.s;
    if (tokensPerStep > optimalBatchTokensMemo(r.flops_per_step / tokensPerStep * tr.tokens_to_train))
        r.warnings |= WarnBatchAboveOptimal;
}

} // namespace engine_detail

namespace {
std::string fixed(double v, int digits) // locale-independent, as num()
{
    char buf[512];
    const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, digits);
    return r.ec == std::errc() ? std::string(buf, r.ptr) : std::string("inf");
}
std::string pct(double v)
{
    return fixed(v * 100.0, 1) + "%";
}
} // namespace

std::vector<std::string> warningMessages(const Result &r, const Plan &plan)
{
    std::vector<std::string> out;
    const auto &tr = plan.training;
    if (r.warnings & WarnCommTaxHigh)
        out.push_back("Communication tax " + pct(r.comm_tax_exposed)
                      + " of the step is above 30%: change the network or the parallel layout");
    if (r.warnings & WarnRawCommTaxHigh)
        out.push_back("Raw communication tax " + pct(r.comm_tax_raw)
                      + " is above 30%; only overlap keeps the exposed share lower");
    if (r.warnings & WarnDoesNotFit)
        out.push_back("Does not fit in memory: " + fixed(r.memory_total_gb, 1) + " GB per GPU needed, "
                      + fixed(r.memory_usable_gb, 1) + " GB usable of " + fixed(r.memory_capacity_gb, 0)
                      + " GB; raise tp/pp, ZeRO or recompute");
    if (r.warnings & WarnTpCrossesNodes)
        out.push_back("Tensor parallelism tp=" + std::to_string(tr.tp) + " crosses nodes of "
                      + std::to_string(plan.cluster.gpus_per_node) + " GPUs: TP traffic runs over the network");
    if (r.warnings & WarnP2PDisabled)
        out.push_back(plan.gpu.id + " has peer-to-peer disabled: GPU-to-GPU traffic is staged through host memory");
    if (r.warnings & WarnNoNvlinkForTp)
        out.push_back("Tensor parallelism over PCIe (" + plan.gpu.id + " has no NVLink): TP belongs inside an NVLink domain");
    if (r.warnings & WarnBubbleHigh)
        out.push_back("Pipeline bubble " + pct(r.bubble_time_s / r.step_time_s)
                      + " of the step: more micro-batches or interleaving (vpp) would shrink it");
    if (r.warnings & WarnFewMicroBatches)
        out.push_back("Only " + std::to_string(r.micro_batches) + " micro-batches for " + std::to_string(tr.pp)
                      + " pipeline stages: the pipeline never fills");
    if (r.warnings & WarnEfficiencyHigh)
        out.push_back("Compute efficiency " + pct(r.compute_efficiency_effective)
                      + " is above the measured BF16 matmul ceilings (80-87% of dense peak)");
    if (r.warnings & WarnGoodputLow)
        out.push_back("Goodput " + pct(r.goodput_effective) + " is low: failures, restarts and checkpoints cost more than 20% of the time"
                      + (tr.goodput ? std::string() : " (checkpoints " + pct(r.goodput_checkpoint_overhead) + ", lost work " + pct(r.goodput_lost_work) + ", restarts " + pct(r.goodput_restarts) + ")"));
    if (r.warnings & WarnCpExposed)
        out.push_back("Context-parallel ring exposed for " + pct(r.cp_comm_exposed_s / r.step_time_s)
                      + " of the step: the K/V exchange outlasts the attention it hides under; a smaller cp or a longer sequence per GPU would hide it");
    if (r.warnings & WarnEpCommHigh)
        out.push_back("Expert all-to-all exposed for " + pct(r.ep_comm_exposed_s / r.step_time_s)
                      + " of the step: keep ep inside a node, or overlap dispatch with compute (ep_overlap)");
    if (r.warnings & WarnMfuHigh)
        out.push_back("MFU " + pct(r.mfu) + " is above the best published runs (52-59%): lower compute_efficiency "
                                            "for a conservative plan");
    if (r.warnings & WarnZero3WithPp)
        out.push_back("ZeRO-3 with pipeline parallelism (pp=" + std::to_string(tr.pp)
                      + "): every micro-batch gathers the stage's weights again; use ZeRO-1 with pp, or pp=1 with ZeRO-3");
    if (r.warnings & WarnBatchAboveOptimal) {
        const double tokens = double(tr.global_batch) * tr.seq_len;
        const double budget = r.flops_per_step / tokens * tr.tokens_to_train;
        out.push_back("Batch of " + fixed(tokens / 1e6, 1) + "M tokens per step is above the compute-optimal "
                      + fixed(optimalBatchTokens(budget) / 1e6, 1) + "M for this run (DeepSeek LLM 2024: 0.292*C^0.3271): "
                                                                     "fewer tokens per step would learn more per token");
    }
    if (r.warnings & WarnUnevenStages) {
        const StageSplit sp = stageSplit(plan);
        std::string layout = std::to_string(sp.first);
        for (int i = 1; i < sp.stages; ++i) {
            layout += ',';
            layout += std::to_string(stageLayers(sp, i));
        }
        out.push_back("Layers=" + std::to_string(plan.model.layers) + " do not divide evenly over pp*vpp="
                      + std::to_string(tr.pp * tr.vpp) + " pipeline chunks: spread as evenly as possible, "
                                                         "stage layers "
                      + layout + "; the slowest stage (" + std::to_string(r.pacing_stage)
                      + ") paces the pipeline (set first_stage_layers/last_stage_layers to choose)");
    }
    if (r.warnings & WarnHostMemoryFull)
        out.push_back("Offloaded activations need " + fixed(r.memory_offloaded_gb, 1) + " GB of host memory per GPU, "
                      + fixed(r.memory_host_gb, 1) + " GB there: offload fewer layers");
    if (r.warnings & WarnOffloadExposed)
        out.push_back("Activation offload waits on the host link for " + pct(r.offload_time_s / r.step_time_s)
                      + " of the step: offload fewer layers, or recompute instead");
    if (r.warnings & WarnDpLatencyBound)
        out.push_back("Data-parallel sync is latency-bound over " + std::to_string(tr.dp)
                      + " ranks: fewer, larger messages (larger tp*pp shards or bigger buckets) or shard groups "
                        "inside a node (dp_shard) would help");
    return out;
}

} // namespace commtax
