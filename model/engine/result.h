// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The outputs of one evaluation: a plain struct of metrics (the JSON names are the field names).
// Ratios are fractions in [0, 1]. Every field is finite for a valid plan.

#include <cstdint>
#include <string>
#include <vector>

namespace commtax {

// Warnings are flags so that an evaluation allocates nothing; warningMessages() words them.
enum Warning : std::uint32_t {
    WarnCommTaxHigh = 1u << 0,        // exposed communication above 30% of the step
    WarnDoesNotFit = 1u << 1,         // memory per GPU above the usable capacity
    WarnTpCrossesNodes = 1u << 2,     // a TP group spans more than one node
    WarnP2PDisabled = 1u << 3,        // GPU-GPU traffic is staged through host memory
    WarnNoNvlinkForTp = 1u << 4,      // TP over PCIe
    WarnBubbleHigh = 1u << 5,         // bubble above 20% of the step
    WarnFewMicroBatches = 1u << 6,    // fewer micro-batches than pipeline stages
    WarnRawCommTaxHigh = 1u << 7,     // raw (un-overlapped) communication above 30%
    WarnEfficiencyHigh = 1u << 8,     // compute efficiency above the measured matmul ceilings
    WarnGoodputLow = 1u << 9,         // goodput below 0.8
    WarnDpLatencyBound = 1u << 10,    // DP all-reduce dominated by latency (many ranks, small shard)
    WarnMfuHigh = 1u << 11,           // MFU above what the best published runs reach
    WarnZero3WithPp = 1u << 12,       // ZeRO-3 gathers every stage's weights every micro-batch
    WarnBatchAboveOptimal = 1u << 13, // tokens per step beyond the compute-optimal batch size
    WarnUnevenStages = 1u << 14,      // the layers do not divide evenly over the pipeline stages
    WarnCpExposed = 1u << 15,         // the context-parallel ring outlasts the attention it hides under
    WarnEpCommHigh = 1u << 16,        // the expert all-to-all exposed for more than 20% of the step
    WarnHostMemoryFull = 1u << 17,    // offloaded activations above the host memory per GPU
    WarnOffloadExposed = 1u << 18,    // the host link outlasts the compute it hides under by 5% of the step
};

struct Result {
    // time per step
    double step_time_s = 0;
    double compute_time_s = 0;     // T_comp, without the bubble
    double compute_fp8_time_s = 0; // the part of T_comp in FP8 matmuls (linear layers); the rest is BF16
    double bubble_time_s = 0;
    double tp_comm_time_s = 0; // raw
    double tp_comm_exposed_s = 0;
    double pp_comm_time_s = 0;    // point-to-point sends between stages, raw
    double pp_comm_exposed_s = 0; // the part the interleaved schedule could not overlap
    double dp_comm_time_s = 0;    // raw
    double dp_comm_exposed_s = 0;
    double overlap_slowdown_s = 0; // compute slowed by the communication hidden under it
    double optimizer_time_s = 0;   // the optimizer step: memory-bound, exposed
    // The part of compute_time_s spent waiting for offloaded activations on the host link.
    double offload_time_s = 0;
    double cp_comm_time_s = 0;    // context-parallel K/V ring, raw
    double cp_comm_exposed_s = 0; // the part attention could not hide
    double ep_comm_time_s = 0;    // expert dispatch and combine (all-to-all), raw
    double ep_comm_exposed_s = 0;
    // ratios
    double comm_tax_raw = 0;     // T_comm / (T_comm + T_comp)
    double comm_tax_exposed = 0; // T_comm_exposed / T_step
    double bubble_overhead = 0;  // (p-1)/(v*m): relative to ideal compute
    double bubble_share = 0;     // (p-1)/(v*m+p-1): share of the pipeline's time
    double mfu = 0;
    double hfu = 0;
    double compute_efficiency_effective = 0; // hardware FLOPs over compute time x peak: what the GEMM shapes reach
    // throughput
    double tflops_per_gpu = 0; // model FLOPs achieved per GPU
    double tokens_per_s = 0;
    double tokens_per_day = 0;
    int micro_batches = 0; // m = B / (b * dp)
    int gpus = 0;
    int pacing_stage = 0; // the slowest pipeline stage (0-based), which paces the pipeline
    // memory per GPU (the fullest pipeline stage); under ZeRO-3 the weights and gradients include the
    // unit it holds whole beyond its shards (docs/model.md §8)
    double memory_weights_gb = 0;
    double memory_gradients_gb = 0;
    double memory_optimizer_gb = 0;
    double memory_activations_gb = 0;
    double memory_total_gb = 0;
    double memory_capacity_gb = 0;
    double memory_usable_gb = 0; // capacity less the allocator/workspace reserve
    // Activation offload (training.offload_layers): the fullest stage's activations in host memory
    // per GPU, and the host memory a GPU has (the node's over its GPUs).
    double memory_offloaded_gb = 0;
    double memory_host_gb = 0;
    bool fits_in_memory = false; // in the GPU's usable memory and, offloaded, in the host's
    // bandwidths the groups see (busbw, GB/s)
    double tp_busbw_gbps = 0;
    double dp_busbw_gbps = 0;
    double pp_bw_gbps = 0;
    double cp_bw_gbps = 0;    // a context-parallel ring hop
    double ep_busbw_gbps = 0; // the expert-parallel group's
    // goodput (docs/model.md §18): the share of wall-clock time that trains; the parts only for "auto"
    double goodput_effective = 0;
    double goodput_checkpoint_overhead = 0; // share of time writing checkpoints
    double goodput_lost_work = 0;           // share recomputing work lost since the last checkpoint
    double goodput_restarts = 0;            // share restarting after interruptions
    double checkpoint_interval_s = 0;       // Young/Daly's interval between checkpoints
    // time and money
    double days_to_train = 0;
    double gpu_hours = 0;
    double power_kw = 0;
    double energy_mwh = 0;
    double capex_usd = 0;
    double cost_per_hour_usd = 0;
    double tco_usd = 0;          // cost of the training run: cost per hour x wall-clock hours
    double lifetime_tco_usd = 0; // cost per hour x the economics horizon (years)
    double cost_per_billion_tokens_usd = 0;
    // the model
    double params = 0;         // every parameter, all experts
    double params_active = 0;  // the parameters a token passes through (MoE: top-k and shared experts)
    double flops_per_step = 0; // model FLOPs (MFU's numerator)
    double hardware_flops_per_step = 0;
    // The attention core's share of flops_per_step (QK^T and AV over the full s x s score matrix,
    // forward and backward). Counting only the causal half, as NVIDIA's "Model TFLOP/s" does, is
    // flops_per_step - attention_flops_per_step / 2.
    double attention_flops_per_step = 0;
    std::uint32_t warnings = 0;
};

struct Plan;
std::vector<std::string> warningMessages(const Result &r, const Plan &plan);

} // namespace commtax
