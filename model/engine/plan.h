// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The inputs of one training plan. Plain value types: no Qt, no heap in the hot path.
// Units are in every field name: _gbps is GB/s (bytes), _gbit is Gb/s (bits), _us microseconds.
// Physics and sources: docs/model.md (the README's "The model" is the short version).

#include <cstdint>
#include <optional>
#include <string>

namespace commtax {

enum class Mlp { Gelu,
                 SwiGlu };
enum class Recompute { None,
                       Selective,
                       Full };
enum class Precision { Bf16,
                       Fp8 };
enum class EconomicsMode { Buy,
                           Rent };

struct ModelSpec {
    std::string id;
    std::string name;
    int layers = 0;
    int hidden = 0;
    int heads = 0;
    int kv_heads = 0; // GQA groups; equal to heads without GQA
    int ffn = 0;
    int vocab = 0;
    Mlp mlp = Mlp::SwiGlu;
    bool tied_embeddings = false;
};

struct GpuSpec {
    std::string id;
    std::string name;
    double bf16_dense_tflops = 0; // dense BF16 tensor peak, FP32 accumulate
    double fp8_dense_tflops = 0;  // dense FP8 tensor peak; 0 = no FP8 tensor cores
    double memory_gb = 0;
    double memory_bw_gbps = 0;   // HBM/GDDR bandwidth, GB/s
    double intra_bw_gbps = 0;    // GPU-GPU bandwidth inside a node, per direction, GB/s
    double intra_efficiency = 0; // achievable ring busbw / intra_bw_gbps
    double intra_latency_us = 0; // per collective step inside a node
    bool nvlink = true;          // intra-node link is NVLink/NVSwitch (false: PCIe)
    bool p2p = true;             // peer-to-peer works (false: staged through host memory)
    bool nvls = false;           // NVLink SHARP (NVSwitch multicast) capable
    double watts = 0;            // board power (TDP)
    double price_usd = 0;
    double compute_efficiency = 0; // default fraction of dense peak on large GEMMs in training
};

struct ClusterSpec {
    std::string id;
    std::string name;
    int nodes = 0;
    int gpus_per_node = 0;
    double nic_gbit_per_gpu = 0; // NIC line rate per GPU, Gb/s (rail-optimised)
    double nic_efficiency = 0;   // achievable busbw / line rate
    double nic_latency_us = 0;   // per collective step across the network
    double oversubscription = 1; // leaf-to-spine oversubscription (1 = non-blocking fat tree)
    double node_price_usd = 0;   // node without its GPUs
    double network_cost_per_gpu_usd = 0;
};

struct TrainingSpec {
    int seq_len = 4096;
    int global_batch = 1024; // sequences per step
    int micro_batch = 1;     // sequences per micro-batch
    int tp = 1;
    int pp = 1;
    int dp = 1;
    int vpp = 1; // virtual pipeline stages per GPU (interleaved 1F1B)
    // Layers of the first and last pipeline stage; 0 = automatic (docs/model.md §16). Megatron-LM's
    // --decoder-first-pipeline-num-layers and --decoder-last-pipeline-num-layers.
    int first_stage_layers = 0;
    int last_stage_layers = 0;
    int zero = 0; // ZeRO stage 0-3
    Recompute recompute = Recompute::Selective;
    bool sequence_parallel = true;
    bool flash_attention = true; // drops the 5*a*s/h activation term
    Precision precision = Precision::Bf16;
    // Bytes per gradient value on the wire and in the accumulation buffer. 4: Megatron-LM reduces
    // bf16 gradients in fp32 unless --grad-reduce-in-bf16 (megatron/training/arguments.py,
    // validate_args: "bfloat16 requires gradient accumulation and all-reduce to be done in fp32");
    // NeMo's bf16-mixed recipe sets grad_reduce_in_fp32=True. 2 is --grad-reduce-in-bf16.
    double grad_bytes = 4;
    double dp_overlap = 0.8;                  // fraction of the backward pass the DP collectives can hide under
    double tp_overlap = 0;                    // fraction of TP communication hidden under compute
    std::optional<double> compute_efficiency; // empty: the GPU's default
    double tokens_to_train = 1e12;
    double goodput = 0.9; // share of wall-clock time that trains
};

struct EconomicsSpec {
    EconomicsMode mode = EconomicsMode::Buy;
    double years = 4; // depreciation (buy) and the horizon of lifetime TCO
    double pue = 1.3;
    double usd_per_kwh = 0.10;
    double node_overhead = 0.35; // CPU, NIC, fans... as a fraction of GPU power
    double upkeep_pct = 5;       // % of capex per year (support, spares, staff)
    double usd_per_gpu_hour = 0; // rent
};

struct Plan {
    ModelSpec model;
    GpuSpec gpu;
    ClusterSpec cluster;
    TrainingSpec training;
    EconomicsSpec economics;
};

const char *toString(Mlp v);
const char *toString(Recompute v);
const char *toString(Precision v);
const char *toString(EconomicsMode v);
bool parseMlp(const std::string &s, Mlp &out);
bool parseRecompute(const std::string &s, Recompute &out);
bool parsePrecision(const std::string &s, Precision &out);
bool parseEconomicsMode(const std::string &s, EconomicsMode &out);

} // namespace commtax
