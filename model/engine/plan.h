// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The inputs of one training plan. Plain value types: no Qt, no heap in the hot path.
// Units are in every field name: _gbps is GB/s (bytes), _gbit is Gb/s (bits), _us microseconds.
// Physics and sources: docs/model.md (docs/handbook.md, "The model", is the short version);
// the accuracy on published runs: docs/accuracy.md.

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

namespace commtax {

enum class Mlp { Gelu,
                 SwiGlu };
// Activation recompute (docs/model.md §3, §8). Ops: PyTorch's per-op selective checkpointing as
// torchtitan applies it (selective_ac_option "op"): the outputs of the matmuls and of attention
// are saved except every second matmul's, everything else runs forward again in the backward.
// Dots: JAX's checkpoint_dots_with_no_batch_dims with attention's output saved too (MaxText
// remat_policy "minimal_flash", now "minimal_with_context"): every matmul's output is kept, only
// the element-wise work runs again.
enum class Recompute { None,
                       Selective,
                       Full,
                       Ops,
                       Dots };
// The share of the linear layers' forward that runs again in the backward: all of it under full
// recompute, every second matmul under per-op checkpointing (torchtitan's _custom_policy in
// torchtitan/distributed/activation_checkpoint.py: "Saves output of all compute ops, except every
// second mm"), none under selective recompute or dots (docs/model.md §3).
inline double recomputedLinearShare(Recompute r)
{
    return r == Recompute::Full ? 1.0 : r == Recompute::Ops ? 0.5
                                                            : 0.0;
}
enum class Precision { Bf16,
                       Fp8 };
// The attention kernel FlashAttention's algorithm runs as (docs/model.md §3): cuDNN's fused attention
// through Transformer Engine, what Megatron-LM, NeMo and Megatron-Bridge pick on Hopper and Blackwell
// (and the one gpu.attention_efficiency is fitted as: today's releases, cuDNN 9.19 of 2026), the
// same kernel as 2024's releases had it (Cudnn2024: phases.h kCudnn2024Ratio of today's speed), or the
// FlashAttention-2 kernels of the flash-attn package and PyTorch's scaled_dot_product_attention, what
// PyTorch-native trainers run.
enum class AttentionKernel { Cudnn,
                             Cudnn2024,
                             Flash2 };
// An unfused loss, as the framework writes it (docs/model.md §3, §8): Megatron-Core's vocab-parallel
// cross-entropy, PyTorch's F.cross_entropy on the logits cast to fp32 run eagerly, or the same under
// torch.compile.
enum class UnfusedLoss { Megatron,
                         Pytorch,
                         Compiled };
// How the optimizer's update runs (docs/model.md §5): one fused kernel a tensor group (Apex's and
// Transformer Engine's FusedAdam, DeepSpeed's FusedAdam, torch.optim.AdamW(fused=True)), or PyTorch's
// multi-tensor foreach ops, one pass over the state per arithmetic op (torch.optim.AdamW's default
// without fused=True; its for-loop form makes the same passes).
enum class OptimizerKernel { Fused,
                             Foreach };
enum class EconomicsMode { Buy,
                           Rent };
enum class Attention { Mha, // multi-head attention, grouped-query through kv_heads
                       Mla  // multi-head latent attention (DeepSeek-V2/V3)
};

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
    int head_dim = 0; // width of one attention head; 0 = hidden/heads (Qwen3 sets 128 at any width)
    // Multi-head latent attention (DeepSeek-V2 arXiv 2405.04434 §2.1, DeepSeek-V3 arXiv 2412.19437
    // Table 1 / config.json): queries and keys/values go through low-rank latents.
    Attention attention = Attention::Mha;
    int q_lora_rank = 0; // 0: queries projected directly from h (DeepSeek-V2-Lite)
    int kv_lora_rank = 0;
    int qk_rope_head_dim = 0;
    int qk_nope_head_dim = 0;
    int v_head_dim = 0;
    // Mixture of experts (docs/model.md §17). experts 0 or 1: a dense model.
    int experts = 0;
    int experts_per_token = 0;   // top-k routed experts per token
    int expert_ffn = 0;          // FFN width of one expert
    int shared_experts = 0;      // experts every token passes through (DeepSeek), width expert_ffn each
    int dense_layers = 0;        // leading layers with a dense FFN of width ffn (DeepSeek-V3: 3)
    int max_nodes_per_token = 0; // node-limited routing: a token's experts sit on at most this many
                                 // nodes (DeepSeek-V3: 4); 0 = no limit
    // Dropout probability after attention and after the FFN (and on the attention scores). A layer
    // with dropout keeps a one-byte mask of each of its two h-wide outputs for the backward
    // (docs/model.md §8). 0, the default, is what today's recipes train with (Llama 2/3, Mixtral,
    // Qwen3 and DeepSeek-V3 config.json: attention_dropout 0.0; NeMo's GPTConfig175B: 0.0);
    // Megatron-LM's own default is 0.1 (--hidden-dropout, --attention-dropout).
    double dropout = 0.0;
    // The clamp of a gated activation's inputs (GPT-OSS: swiglu_limit 7, the gate's half at most 7, the
    // linear half within +-7); 0 = none. Megatron-Core runs it in eager PyTorch before its fused GLU
    // (megatron/core/fusions/fused_bias_geglu.py, weighted_bias_quick_geglu_impl): docs/model.md §17.
    double glu_clamp = 0.0;
    // Biases in the experts' linear layers (GPT-OSS). Megatron-Core adds FC2's per local expert in a
    // Python loop (megatron/core/transformer/moe/experts.py, _apply_bias): docs/model.md §17.
    bool expert_bias = false;
    bool moe() const { return experts > 1; }
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
    double rent_usd_per_hour = 0;  // the GPU's own cloud price per GPU-hour (rent mode; 0 = none known)
    double compute_efficiency = 0; // default fraction of dense peak on large GEMMs in training
    // Fixed cost of one GEMM (launch, prologue/epilogue, the last wave's tail), microseconds: what
    // makes small GEMMs slow (docs/model.md §3). Fitted on tests/fixtures/published-runs.json.
    double gemm_overhead_us = 12;
    // Fraction of the dense FP8 peak large FP8 GEMMs reach in training; 0 = compute_efficiency.
    // Measured FP8 GEMMs reach a smaller share of their peak than BF16 ones (H100: about 1,300-1,450
    // of 1,979 TFLOPS against 700-780 of 989).
    double fp8_efficiency = 0;
    // FlashAttention's fraction of the dense BF16 peak, forward and backward together on a causal
    // mask (docs/model.md §3): the attention kernel the GPU's software reaches. Fitted per GPU on the
    // published runs (long-context rows pin it: there attention is most of the step); the default
    // is engine.h's kFlashAttentionEfficiency (FlashAttention-2 on A100).
    double attention_efficiency = 0.55;
    // FlashAttention-2's speed as a share of that figure on this GPU (training.attention_kernel flash2):
    // on H100 0.52, NVIDIA's benchmark of PyTorch's SDPA (FlashAttention-2) in May 2024 against its
    // cuDNN 9.19.1 in February 2026, both on H200, causal, head width 128, forward and backward, 4k-32k
    // tokens: 264.5, 289.6, 310.5 and 324.8 TFLOPS against 502.4, 566.9, 603.1 and 608.0 (the files
    // named at phases.h AttentionRamp), each series through its kernel's ramp: 333.0 against 641.8 on
    // long sequences, 0.519. 1: no slower.
    double flash2_attention_ratio = 1.0;
};

// Whether cuDNN's fused attention is a kernel of its own on this GPU (Hopper, Blackwell). Where it is
// not (flash2_attention_ratio 1: Ampere and Ada, where Transformer Engine calls FlashAttention-2),
// every attention_kernel label runs FlashAttention-2.
inline bool ownCudnnAttention(const GpuSpec &g)
{
    return g.flash2_attention_ratio < 1.0;
}

struct ClusterSpec {
    std::string id;
    std::string name;
    int nodes = 0;
    int gpus_per_node = 0;
    // GPUs one host drives (one operating system, one torchrun): a node above is what NVLink joins,
    // which in a rack-scale system spans hosts (GB200 and GB300 NVL72: 4 GPUs per compute tray).
    // Only the launch configs read it. 0 = gpus_per_node.
    int gpus_per_host = 0;
    double nic_gbit_per_gpu = 0; // NIC line rate per GPU, Gb/s (rail-optimised)
    double nic_efficiency = 0;   // achievable busbw / line rate
    double nic_latency_us = 0;   // per collective step across the network
    double oversubscription = 1; // leaf-to-spine oversubscription (1 = non-blocking fat tree)
    // Unexpected job interruptions per GPU per day, every cause (GPU, HBM, network, host, software).
    // Llama 3 (Dubey et al. 2024, §3.3.4, Table 5): 419 unexpected interruptions in 54 days of
    // pre-training on up to 16,384 H100s: 419 / (54 x 16,384) = 4.74e-4.
    double interruptions_per_gpu_day = 4.74e-4;
    double node_price_usd = 0; // node without its GPUs
    double network_cost_per_gpu_usd = 0;
    // The link between a GPU and its host's memory, GB/s each way per GPU when every GPU of the node
    // copies at once, and the host memory of a node (docs/model.md §8, activation offload). PCIe
    // Gen4 x16 is 32 GB/s each way and Gen5 64 (PCI-SIG); the defaults are a Gen4 link's achievable
    // figure and a 1 TB node, for a cluster preset that predates the fields.
    double host_link_gbps = 25;
    double host_memory_gb = 1024;
};

struct TrainingSpec {
    int seq_len = 4096;
    int global_batch = 1024; // sequences per step
    int micro_batch = 1;     // sequences per micro-batch
    int tp = 1;
    int pp = 1;
    int dp = 1;
    int vpp = 1; // virtual pipeline stages per GPU (interleaved 1F1B)
    int cp = 1;  // context parallel: the sequence split over cp GPUs (tp*cp*pp*dp = GPUs)
    int ep = 1;  // expert parallel: the experts split over ep GPUs (MoE)
    // Expert tensor parallel; 0 = tp, as Megatron-Core's --expert-tensor-parallel-size (default None,
    // "set to the value of --tensor-model-parallel-size", megatron/training/arguments.py).
    int etp = 0;
    // Tokens of the busiest expert GPU over the mean (1 = perfectly balanced). Default 1.25:
    // Megatron-MoE-ModelZoo, Qwen3-235B-A22B on 256 H100 at 16k context, 295 TFLOPS with forced
    // balance against 237 dropless (1.24x end to end).
    double moe_imbalance = 1.25;
    double ep_overlap = 0; // a further fraction of the exposed expert all-to-all hidden under compute
    // The expert all-to-all of one micro-batch under another's compute: Megatron-LM
    // --overlap-moe-expert-parallel-comm (1F1B A2A overlap), DeepSeek's DualPipe (docs/model.md §17).
    bool ep_a2a_overlap = false;
    bool moe_deepep = false; // DeepEP dispatch: a token crosses the network once per target node
    // With selective recompute and MLA: recompute the up-projections from the latents in the
    // backward instead of keeping Q, K and V (Megatron-Core --recompute-modules mla_up_proj).
    bool recompute_mla_up_proj = false;
    // Further modules of selective recompute (Megatron-Core --recompute-modules; the choices and their
    // kinds in megatron/core/transformer/transformer_config.py, recompute_modules): "layernorm" and
    // "moe_act" discard an output and compute it again (the two norms' outputs; the experts'
    // activation function's output), "mlp" and "moe" keep only a block's input and run its forward
    // again in the backward (the dense MLP; the whole MoE layer with its dispatch and combine).
    bool recompute_layernorm = false;
    bool recompute_moe_act = false;
    bool recompute_mlp = false;
    bool recompute_moe = false;
    // The loss as one fused kernel over the BF16 logits (Megatron-LM --cross-entropy-loss-fusion; on
    // in NeMo 2 and Megatron-Bridge, off in Megatron-LM and NeMo 1): docs/model.md §3.
    bool fused_cross_entropy = false;
    // The rotary embedding as one fused kernel on Q and K (Transformer Engine's, Megatron-LM's default;
    // --no-rope-fusion turns it off). false: PyTorch's eager ops, 22 more passes over Q and K (YaRN
    // models in Megatron-Core, whose fused kernel refuses YaRN's mscale): docs/model.md §3.
    bool fused_rope = true;
    // Transformer Engine's op fuser for the MLP (Megatron-Core use_transformer_engine_op_fuser, off by
    // default): the experts' grouped MLP as fused ops, the activation's clamp and FC2's bias inside
    // them, so model.glu_clamp and model.expert_bias cost nothing apart (docs/model.md §17).
    bool te_op_fuser = false;
    // Without the fused loss, whose loss runs: Megatron's (the default), PyTorch's eager
    // F.cross_entropy(logits.float()) (torchtitan without compile, and with it from 2024-12-18 to
    // 2025-04) or that under torch.compile (torchtitan with compile on from 2025-04, and from
    // 2024-10-22 to 2024-12-18). They keep 6, 12 and 4 bytes a logit (engine.h).
    UnfusedLoss unfused_loss = UnfusedLoss::Megatron;
    // Layers of the first and last pipeline stage; 0 = automatic (docs/model.md §16). Megatron-LM's
    // --decoder-first-pipeline-num-layers and --decoder-last-pipeline-num-layers.
    int first_stage_layers = 0;
    int last_stage_layers = 0;
    int zero = 0; // ZeRO stage 0-3
    // Hybrid sharding (HSDP): the data-parallel ranks of a shard group; 0 = all of dp. With ZeRO 1-3
    // the states are sharded over dp_shard x cp ranks and replicated over dp / dp_shard such groups,
    // whose gradients are all-reduced shard by shard (docs/model.md §5, §8): torchtitan's
    // data_parallel_shard_degree beside data_parallel_replicate_degree, Megatron-Core's
    // --num-distributed-optimizer-instances dp / dp_shard, DeepSpeed's mics_shard_size, MaxText's
    // ici_fsdp_parallelism beside dcn_data_parallelism. It divides dp; ZeRO 0 replicates everything and
    // does not read it.
    int dp_shard = 0;
    // ZeRO-3: parameters per all-gather. 0: one gather per layer, as PyTorch FSDP and Megatron-FSDP
    // wrap each transformer block. DeepSpeed gathers in buckets of stage3_prefetch_bucket_size,
    // 5e7 by default (deepspeed/runtime/zero/constants.py, ZERO_OPTIMIZATION_PREFETCH_BUCKET_SIZE_DEFAULT),
    // each paying a ring's latency across the whole data-parallel group (docs/model.md §5).
    double zero3_bucket_params = 0;
    Recompute recompute = Recompute::Selective;
    // Full recompute of some layers only (docs/model.md §8): of each pipeline stage's model chunk the
    // first this many layers keep only their input and run their forward again in the backward; the
    // others keep every activation and run nothing again (Megatron-LM --recompute-method block
    // --recompute-num-layers; torchtitan's selective_ac_option "N", one layer in N whole). 0: every
    // layer (Megatron-LM's uniform method, one layer a group). Only with recompute full.
    int recompute_num_layers = 0;
    bool sequence_parallel = true;
    bool flash_attention = true;                               // drops the 5*a*s/h activation term
    AttentionKernel attention_kernel = AttentionKernel::Cudnn; // with flash_attention: whose kernel
    Precision precision = Precision::Bf16;
    // FP8: the weights' FP8 copies are made once a step and kept for its other micro-batches:
    // Megatron-Core passes is_first_microbatch to Transformer Engine's linear layers, which then
    // cache them (megatron/core/extensions/transformer_engine.py, TELinear.forward). false: they are
    // cast again in every micro-batch's forward and its recompute: torchao's Float8Linear
    // (torchtitan, OLMo-core), Transformer Engine called without is_first_microbatch
    // (Composer/llm-foundry), Megatron-Core with disable_parameter_transpose_cache (docs/model.md §3).
    bool fp8_weight_cache = true;
    // Bytes per gradient value on the wire and in the accumulation buffer. 4: Megatron-LM reduces
    // bf16 gradients in fp32 unless --grad-reduce-in-bf16 (megatron/training/arguments.py,
    // validate_args: "bfloat16 requires gradient accumulation and all-reduce to be done in fp32");
    // NeMo's bf16-mixed recipe sets grad_reduce_in_fp32=True. 2 is --grad-reduce-in-bf16.
    double grad_bytes = 4;
    // Bytes per parameter of the optimizer's state, master weights included: 12 for mixed-precision
    // Adam (fp32 master weights, momentum and variance; Rajbhandari et al. 2020, ZeRO, §3.1: K = 12).
    // 8 with BF16 moments (Megatron-Core --use-precision-aware-optimizer --exp-avg-dtype bf16
    // --exp-avg-sq-dtype bf16; DeepSeek-V3 report §3.3.4: "BF16 ... for the first and second
    // moments"), 6 for 8-bit Adam, 8 for SGD with momentum (docs/model.md §8).
    double optimizer_bytes = 12;
    // The optimizer's kernel: fused (Megatron-Core, NeMo, DeepSpeed; the default) or PyTorch's foreach
    // AdamW (the Hugging Face Trainer's adamw_torch, torchtitan before 2025-02), about three times the
    // traffic a parameter (engine.h kForeach*).
    OptimizerKernel optimizer_kernel = OptimizerKernel::Fused;
    // Layers per pipeline stage whose saved activations wait in host memory between their forward and
    // their backward (Megatron-Core --cpu-offloading-num-layers, Transformer Engine's
    // get_cpu_offload_context): each is copied out after its forward and back before its backward,
    // under the neighbouring layer's compute (docs/model.md §8). 0 = none.
    int offload_layers = 0;
    // Megatron-Core's fine-grained activation offload (--fine-grained-activation-offloading
    // --offload-modules expert_fc1 moe_act): in an MoE layer, the saved input of the experts' first
    // GEMM (the dispatched tokens) and of their activation function (FC1's output) is copied to host
    // memory after the module's forward and back before its backward (docs/model.md §8).
    // offloadedModules() says when they are in effect.
    bool offload_expert_fc1 = false;
    bool offload_moe_act = false;
    double dp_overlap = 0.8; // fraction of the backward pass the DP collectives can hide under
    double tp_overlap = 0;   // a further fraction of the exposed TP communication hidden under compute
    // The backward's TP re-gather and reduce-scatter under the data- and weight-gradient GEMMs
    // (Megatron-LM, Transformer Engine); false: PyTorch DTensor, Megatron-LM before 2022 (docs/model.md §4).
    bool tp_async_backward = true;
    // Every TP collective chunked under its GEMM (Megatron-LM --tp-comm-overlap with Transformer
    // Engine's userbuffers, torchtitan's async TP); needs sequence parallelism (docs/model.md §4).
    bool tp_comm_overlap = false;
    std::optional<double> compute_efficiency; // empty: the GPU's default
    double tokens_to_train = 1e12;
    // Share of wall-clock time that trains; empty = "auto": from the interruption rate, the
    // checkpoint write and restart times, with the Young/Daly checkpoint interval (docs/model.md §18).
    std::optional<double> goodput = 0.9;
    double checkpoint_write_s = 30; // training paused per checkpoint (the blocking part of a save)
    double restart_s = 300;         // from failure to training again: detect, reschedule, reload, warm up
};

struct EconomicsSpec {
    EconomicsMode mode = EconomicsMode::Buy;
    double years = 4; // depreciation (buy) and the horizon of lifetime TCO
    double pue = 1.3;
    double usd_per_kwh = 0.10;
    double node_overhead = 0.35; // CPU, NIC, fans... as a fraction of GPU power
    double upkeep_pct = 5;       // % of capex per year (support, spares, staff)
    double usd_per_gpu_hour = 0; // rent: > 0 overrides the GPU's own price (gpu.rent_usd_per_hour), 0 takes it
    // Finance over the horizon (`years`; docs/model.md §9): the share of it the cluster is busy
    // with useful work (0, 1]; the fraction of capex it is worth at the end; the annual cost of
    // capital (discount rate, 0.08 = 8%).
    double utilisation = 1.0;
    double residual_fraction = 0;
    double cost_of_capital = 0;
};

struct Plan;
// The price per GPU-hour a rented plan pays: economics.usd_per_gpu_hour when set (> 0), else the
// GPU's own rent price, so that a rented RTX 4090 does not cost like an H100 (issue 12, defect 12).
double rentUsdPerGpuHour(const Plan &plan);
// The present value of 1 USD a year over `years` at annual rate `rate`: (1 - (1+r)^-Y) / r, Y at r = 0.
double annuityFactor(double rate, double years);
// What owning `capexUsd` of hardware costs a year over the horizon: capex less the present value
// of its residual, spread as an annuity at the cost of capital (straight-line depreciation of
// capex (1 - residual) / years at a rate of 0).
double capitalUsdPerYear(const EconomicsSpec &e, double capexUsd);

struct Plan {
    ModelSpec model;
    GpuSpec gpu;
    ClusterSpec cluster;
    TrainingSpec training;
    EconomicsSpec economics;
    // The engine's own error: a factor on the step time it computes (1 = the engine's figure). Not a
    // field of the scenario: the uncertainty draws it from the engine's error on published runs like
    // the plan (core/engineaccuracy.h, docs/accuracy.md), so every range holds the engine's error too.
    double step_time_error = 1.0;
};

// The share of the layers full recompute runs again: 1, or with recompute_num_layers that many of
// each of the pp x vpp model chunks' layers, l / (pp x vpp) a chunk on average (uneven stages are
// taken at the average); 0 without full recompute.
inline double fullRecomputeLayerShare(const Plan &plan)
{
    const TrainingSpec &t = plan.training;
    if (t.recompute != Recompute::Full)
        return 0.0;
    if (t.recompute_num_layers <= 0 || plan.model.layers <= 0)
        return 1.0;
    const double chunks = double(std::max(t.pp, 1)) * std::max(t.vpp, 1);
    return std::min(1.0, t.recompute_num_layers * chunks / plan.model.layers);
}
// Whether full recompute covers some of the layers but not all (recompute_num_layers below a chunk's
// layers): the engine blends a recomputed and a plain layer, and a launch file names the layers.
inline bool recomputesSomeLayers(const Plan &plan)
{
    const double share = fullRecomputeLayerShare(plan);
    return share > 0.0 && share < 1.0;
}
// The modules whose saved inputs fine-grained activation offload moves to host memory (training.
// offload_expert_fc1, offload_moe_act): an MoE model's, while its layers keep them (no full
// recompute, no recompute of the whole MoE layer; Megatron-Core only offloads what a module saves).
struct OffloadedModules {
    bool expertFc1 = false, moeAct = false;
    bool any() const { return expertFc1 || moeAct; }
};
inline OffloadedModules offloadedModules(const Plan &plan)
{
    const TrainingSpec &t = plan.training;
    const bool kept = t.recompute == Recompute::None || (t.recompute == Recompute::Selective && !t.recompute_moe);
    if (!plan.model.moe() || !kept)
        return {};
    return {t.offload_expert_fc1, t.offload_moe_act};
}
// recomputedLinearShare() of the plan's step: under full recompute, of the layers it covers.
inline double recomputedLinearShare(const Plan &plan)
{
    const Recompute r = plan.training.recompute;
    return r == Recompute::Full ? fullRecomputeLayerShare(plan) : recomputedLinearShare(r);
}

// The tensor-parallel degree inside each expert: etp, or tp when it is 0 (Megatron-Core's default).
inline int effectiveEtp(const TrainingSpec &t) { return t.etp > 0 ? t.etp : t.tp; }
// The experts' data-parallel group edp: the expert layers fold etp x ep x edp over the tp*cp*dp ranks
// of a stage (Megatron-Core's MoE parallel folding), at least one rank.
inline std::int64_t expertDataParallelRanks(const TrainingSpec &t)
{
    const std::int64_t folded = std::int64_t(effectiveEtp(t)) * t.ep;
    return std::max<std::int64_t>(1, std::int64_t(t.tp) * t.cp * t.dp / std::max<std::int64_t>(1, folded));
}

// Hybrid sharding (training.dp_shard, docs/model.md §5): the copies of each shard group, dp / dp_shard;
// 1 without it (0, dp_shard = dp, or one that does not divide dp, which validate() refuses).
inline int dpReplicas(const TrainingSpec &t)
{
    return t.dp_shard > 0 && t.dp_shard < t.dp && t.dp % t.dp_shard == 0 ? t.dp / t.dp_shard : 1;
}

// Whether training.dp_shard splits the plan's data-parallel groups: it divides dp, and with experts
// its replicas divide the experts' data-parallel group tp*cp*dp / (etp*ep) (Megatron-Core asserts
// both, megatron/core/parallel_state.py). Under ZeRO 0 nothing is sharded and it is not read.
// validate() and the layout search ask it.
inline bool hybridShardingFits(const TrainingSpec &t, bool moe)
{
    if (t.dp_shard <= 0 || t.zero == 0)
        return true;
    if (t.dp <= 0 || t.dp % t.dp_shard != 0)
        return false;
    return !moe || expertDataParallelRanks(t) % (t.dp / t.dp_shard) == 0;
}

const char *toString(Mlp v);
const char *toString(Recompute v);
const char *toString(Precision v);
const char *toString(EconomicsMode v);
const char *toString(Attention v);
const char *toString(AttentionKernel v);
const char *toString(UnfusedLoss v);
const char *toString(OptimizerKernel v);
bool parseMlp(const std::string &s, Mlp &out);
bool parseRecompute(const std::string &s, Recompute &out);
bool parsePrecision(const std::string &s, Precision &out);
bool parseEconomicsMode(const std::string &s, EconomicsMode &out);
bool parseAttention(const std::string &s, Attention &out);
bool parseAttentionKernel(const std::string &s, AttentionKernel &out);
bool parseUnfusedLoss(const std::string &s, UnfusedLoss &out);
bool parseOptimizerKernel(const std::string &s, OptimizerKernel &out);

} // namespace commtax
