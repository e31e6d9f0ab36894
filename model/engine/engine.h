// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Commtax engine: one training plan in, every metric out. Plain C++, no Qt, no allocation on
// the success path, so that a full evaluation costs well under a microsecond.

#include "collectives.h"
#include "enginetext.h"
#include "plan.h"
#include "result.h"

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace commtax {

// Constants of the model, each with its source (docs/model.md; fitted ones: docs/accuracy.md).
// Memory is counted in GB of 2^30 bytes, the unit GPU capacities are stated in (the "80 GB" A100
// shows 81,920 MiB in nvidia-smi, exactly 80 x 2^30 bytes; the "80 GB" H100 81,559 MiB; the
// "24 GB" RTX 4090 24,564 MiB) and PyTorch's memory summaries print (torchtitan's "GiB"). Counting
// in 1e9 bytes against a capacity in 2^30 had every GPU 7.4% smaller than it is (docs/model.md §8).
inline constexpr double kBytesPerGB = 1073741824.0;
// Fraction of memory kept for the CUDA context, NCCL's buffers, cuBLAS workspaces and the allocator's
// fragmentation (docs/model.md §8). 5%: the peaks published runs print reach 92-95% of the GPU
// (torchtitan's Llama 3.1 405B on 96 GB H100s: 91.2 GB; its 8B with CP: 90.7 GB; tests/fixtures/
// published-runs.json), so a 10% reserve flagged runs that ran as "does not fit".
inline constexpr double kMemoryReserve = 0.05;
// FlashAttention's fraction of the BF16 dense peak, forward and backward together, on a causal mask,
// the default of gpu.attention_efficiency: FlashAttention-2 (Dao 2023, arXiv 2307.08691, Fig. 4-6)
// reaches 50-63% of A100's peak for head width 128 fwd+bwd. Each GPU preset carries its own figure,
// fitted on the published runs (docs/accuracy.md): on H100 FlashAttention-2 reaches a smaller share
// (about 35% of the peak, FlashAttention-3 paper, Shah et al. 2024, arXiv 2407.08608, Fig. 1).
inline constexpr double kFlashAttentionEfficiency = 0.55;
// Memory traffic of the element-wise work per token per layer, forward and backward, in bytes per
// unit of width (docs/model.md §3): two layer norms, two residual adds, rotary embedding and dropout
// read and write h-wide rows (about 20*h bytes forward, twice that backward); the activation
// function reads 2*ffn and writes ffn values forward (6*ffn bytes), twice that backward.
inline constexpr double kElementwiseBytesPerHidden = 60.0;
inline constexpr double kElementwiseBytesPerFfn = 18.0;
// MoE token permutation (gather to the experts' order and back), forward and backward: read and write
// an h-wide row per token-expert assignment, 2 bytes each way, four times.
inline constexpr double kPermuteBytesPerHidden = 16.0;
// Without FlashAttention, memory traffic per attention score element in the forward: write the
// scores, softmax (read, write), dropout (read, write, mask), read for AV: about 12 bytes.
inline constexpr double kScoreBytesForward = 12.0;
// FP8 casts per GEMM operand element (Transformer Engine): read the BF16 value (2 B), write the FP8
// copy (1 B) and its transpose for the backward (1 B), plus the amax scan (2 B).
inline constexpr double kFp8CastBytesPerElement = 6.0;
// Memory traffic of the loss per logit (V/t per token), forward and backward. Megatron-Core's
// unfused vocab-parallel cross-entropy (megatron/core/tensor_parallel/cross_entropy.py,
// core_r0.8.0) casts the BF16 logits to fp32 (read 2, write 4), then max (read 4), subtract, exp and
// divide in place (read and write 4 each) and sum (read 4): 38 bytes forward; the backward scales
// the softmax in place (8) and casts the gradient back to BF16 (6): 52 in all. A fused kernel
// (Megatron's --cross-entropy-loss-fusion, Transformer Engine's parallel cross-entropy) reads the
// logits once per pass and writes the gradient: about 12.
inline constexpr double kCrossEntropyBytesUnfused = 52.0;
inline constexpr double kCrossEntropyBytesFused = 12.0;
// Logits the loss keeps per logit: the unfused loss the fp32 copy and the BF16 logits (6 bytes), the
// fused one the BF16 logits, whose gradient it writes in place (2).
inline constexpr double kLogitBytesUnfused = 6.0;
inline constexpr double kLogitBytesFused = 2.0;
// PyTorch's eager loss, F.cross_entropy(pred.float(), labels) (torchtitan train.py at 9dec370,
// 2024-12; `del pred` before the backward frees the BF16 logits): log_softmax keeps its fp32 output
// for its backward (4), and as the backward starts, with every layer's activations still held, the
// NLL's fp32 gradient (4) and log_softmax's fp32 input gradient (4) join it: 12 bytes a logit. The
// forward peaks lower: the BF16 logits, the fp32 copy and the output, 10.
inline constexpr double kLogitBytesPytorch = 12.0;
// The same under torch.compile (torchtitan components/loss.py build_cross_entropy_loss at e7c0cae,
// 2025-06, with compile on): the compiled graph keeps the BF16 logits and a log-sum-exp a token, and
// its backward computes the softmax again and writes a BF16 gradient: 4 bytes a logit. Its passes
// over the logits are the fused kernel's (kCrossEntropyBytesFused).
inline constexpr double kLogitBytesCompiled = 4.0;
// Fixed GEMM costs (the GPU's `gemm_overhead_us`) each expert of a grouped GEMM pays, per pass.
// Transformer Engine's grouped GEMM (te.GroupedLinear, Megatron-Core's TEGroupedMLP, the default
// with --moe-grouped-gemm) splits its input per expert and launches one cuBLAS GEMM per expert from
// one host thread (transformer_engine/pytorch/module/grouped_linear.py; nvte_multi_stream_cublas_gemm
// in common/gemm/cublaslt_gemm.cu): every expert pays its GEMM's fixed cost (its 4 CUDA streams
// overlap the GPU work of small GEMMs, not the host's launches). In FP8 each expert's slice is also
// cast on its own, with its own scale (amax, scale, cast): kExpertFp8CastFixedCosts more, fitted on
// the FP8 MoE rows of tests/fixtures/published-runs.json (docs/model.md §17: the least in-sample MAPE
// over them on a grid of 0.25, 0.75 since Blackwell takes the H100's 24 us; 1.5 before, at 12 us).
// Those rows separate Qwen3-30B-A3B (16 experts per GPU) from Qwen3-235B-A22B and DeepSeek-V3 (4), but
// cannot tell host launch time from the small expert GEMMs' lower efficiency: both grow with the
// experts per GPU.
inline constexpr double kExpertGemmFixedCosts = 1.0;
inline constexpr double kExpertFp8CastFixedCosts = 0.75;
// The lowest goodput "auto" reports (a plan whose interruptions outrun its checkpoints).
inline constexpr double kGoodputFloor = 0.01;
// The optimizer's step per parameter it updates (mixed precision, Megatron's distributed optimizer):
// reads the gradient (grad buffer bytes) and its state (training.optimizer_bytes: Adam's fp32 master
// weight, momentum and variance, 12 B), writes the state back and the bf16 weight (2 B).
// Memory-bound: this traffic over the HBM bandwidth.
inline constexpr double kOptimizerWeightBytes = 2.0;
// Bytes per gradient in the accumulation buffer: fp32 when the gradients reduce in fp32
// (training.grad_bytes 4, Megatron-LM's default), else BF16; a compressed wire format (1) still
// accumulates in BF16.
inline double gradBufferBytes(const TrainingSpec &t) { return t.grad_bytes >= 4 ? 4.0 : 2.0; }
// The fp32 master copy, and the optimizer_bytes from which one is counted in the state (6: 8-bit
// Adam's two bytes of moments beside it; 4 and below are BF16 moments or momentum without one, the
// update then reading and writing the BF16 weight).
inline constexpr double kOptimizerMasterBytes = 4.0;
inline constexpr double kOptimizerMasterFrom = 6.0;
// PyTorch's foreach AdamW (torch/optim/adamw.py _multi_tensor_adamw, torch 2.1-2.5, the path without
// capturable or amsgrad) passes over the state once per op, each pass reading and writing whole tensors:
// _foreach_mul_(params) (weight decay), _foreach_lerp_(exp_avgs, grads), _foreach_mul_(exp_avg_sqs),
// _foreach_addcmul_(exp_avg_sqs, grads, grads), exp_avg_sq_sqrt = _foreach_sqrt(exp_avg_sqs),
// _foreach_div_ and _foreach_add_ on that temporary, _foreach_addcdiv_(params, exp_avgs, tmp). Element
// accesses a parameter: the weight 4 (two read-writes), the gradient 2, the moments and the temporary
// (their dtype) 14 (momentum 3, variance 5, temporary 6). The fused kernel reads each once and writes
// the weight and moments once: 7. In BF16 without master weights (the Hugging Face Trainer with
// --bf16 weights): 40 bytes a parameter against 14.
inline constexpr double kForeachWeightAccesses = 4.0;
inline constexpr double kForeachStateAccesses = 14.0;
inline constexpr double kForeachGradAccesses = 2.0;
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

// GPUs of one data-parallel replica: tp * cp * pp, in checked arithmetic (false when it does not
// fit 64 bits or a degree is not positive). dp is the GPU count over this.
inline bool modelParallelGpus(const TrainingSpec &t, std::int64_t &out)
{
    std::int64_t tc = 0;
    return t.tp > 0 && t.cp > 0 && t.pp > 0 && !__builtin_mul_overflow(std::int64_t(t.tp), std::int64_t(t.cp), &tc)
        && !__builtin_mul_overflow(tc, std::int64_t(t.pp), &out);
}

struct PlanError {
    std::string field;   // JSON path in a scenario file, e.g. "training.tp"
    std::string message; // what is wrong and why: toString(text), in English
    EngineText text;     // the same as a template (context "commtax::Errors") for the GUI's language
};

// The per-layer sizes of a model (docs/model.md §2, §17): parameters of the attention's matmuls, of a
// dense FFN, of one MoE layer (all experts and the active ones), and the widths activations and
// context-parallel traffic use.
struct LayerDims {
    double attn_params = 0;      // Q, K, V and output projections (MLA: with the latents)
    double attn_core_flops = 0;  // forward FLOPs per token per context token: 2 * heads * (d_qk + d_v)
    double q_dim = 0;            // query width (heads x d_qk)
    double k_dim = 0;            // key width held per token (GQA: kv_heads x d_head; MLA: heads x d_qk)
    double v_dim = 0;            // value width per token
    double attn_out_dim = 0;     // input width of the output projection
    double latent_dim = 0;       // MLA: q_lora + kv_lora + rope widths (0 for mha)
    double kv_up_dim = 0;        // MLA: output width of the KV up-projection, heads x (qk_nope + v) (0 for mha)
    double dense_mlp_params = 0; // (3 or 2) x h x ffn
    double expert_params = 0;    // one expert: (3 or 2) x h x expert_ffn
    double router_params = 0;    // h x experts
    double moe_total_params = 0; // every expert, shared ones and the router, of one MoE layer
    double moe_active_params = 0;
    int dense_layers = 0; // layers with a dense FFN
    int moe_layers = 0;   // layers with experts
};
LayerDims layerDims(const ModelSpec &m);
// Parameter count from the architecture (docs/model.md §2): every expert counted.
double parameterCount(const ModelSpec &m);
// Parameters a token passes through: top-k routed and the shared experts of each MoE layer.
double activeParameterCount(const ModelSpec &m);
// Model FLOPs of forward + backward for one sequence of seq_len tokens (docs/model.md §2).
double modelFlopsPerSequence(const ModelSpec &m, int seq_len);

// How the layers spread over the pipeline stages (docs/model.md §16), in O(1) and without allocation.
// Stage 0 holds first layers, stage pp-1 last, and middle stage j (stage j+1) holds
// middle_base + (j < middle_extra ? 1 : 0) layers. With pp = 1 the one stage holds them all. A stage
// of n layers runs vpp chunks of n/vpp layers, n % vpp of them one layer more (chunkLayers()).
struct StageSplit {
    int first = 0;
    int last = 0;
    int middle_base = 0;  // layers of a middle stage
    int middle_extra = 0; // middle stages (the first ones) with one layer more
    int stages = 1;
    int vpp = 1;
    bool valid = false; // every stage holds at least one unit and the counts add up to the layers
    bool even = false;  // every stage holds the same number of layers
    int remainder = 0;  // layers the automatic spread could not divide evenly over the stages or a
                        // stage's chunks (0: it divided)
};
StageSplit stageSplit(const Plan &plan);
// Layers of stage `stage` (0-based) under `split`.
int stageLayers(const StageSplit &split, int stage);
// Layers of chunk `chunk` (0-based virtual stage of the rank) of stage `stage`: n / vpp, and one more
// on n % vpp of the chunks, the last ones of the first stage (its first chunk holds the embedding)
// and the first ones of the others (the last stage's last chunk holds the loss). A first stage of
// vpp - 1 layers so keeps a chunk for the embedding alone and a last one a chunk for the loss alone.
int chunkLayers(const StageSplit &split, int stage, int chunk);
// The layers of the stage that holds the fewest (with pp = 1, the one stage's).
int fewestStageLayers(const StageSplit &split);

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

// Where the ranks of each parallel group sit, and the link each sees (Megatron-Core rank order: tp
// fastest, then cp, then dp, then pp; the expert layers fold etp, ep and edp over the tp*cp*dp ranks
// of a stage). Each group's link is its worst member group's: the slowest link it crosses.
struct Placement {
    GroupLink tp;
    GroupLink cp; // a neighbour pair of the context-parallel ring
    GroupLink dp; // the dense gradients' group: dp x cp ranks
    GroupLink pp; // a neighbour pair of the pipeline
    GroupLink etp;
    GroupLink ep;
    GroupLink edp; // the expert gradients' group
    // Hybrid sharding (training.dp_shard): ZeRO's shard groups, dp x cp and edp over the replicas
    // (dpReplicas()), and the groups of each shard's copies; without it the shard groups are dp and
    // edp and the replica groups one rank.
    GroupLink shard, replica;
    GroupLink eshard, ereplica;
};
Placement placeGroups(const Plan &plan);
// Nodes spanned and ranks per node of the worst group of `ranks` ranks at rank stride `stride` on
// nodes of `gpus_per_node` GPUs (a TP group of 4 on 6-GPU nodes straddles two nodes, 2 + 2).
struct GroupSpan {
    int nodes;
    int per_node;
};
GroupSpan groupSpan(std::int64_t stride, std::int64_t ranks, int gpus_per_node);

// What an evaluation reads that depends only on the model, the GPUs and cluster and the parallel
// degrees tp, cp, pp, dp, etp and ep: the layer sizes and the placement. Not micro_batch, vpp,
// recompute, ZeRO or sequence parallelism: the layout search computes it once per (tp, cp, pp,
// etp, ep, dp) and evaluates every plan below that prefix with it.
struct PlanPrefix {
    LayerDims dims;
    Placement placement;
};
PlanPrefix preparePrefix(const Plan &plan);
// evaluateValid(plan) with the prefix of a plan that differs from `plan` at most in the fields the
// prefix does not read: the same Result, bit for bit (evaluateValid(plan) calls it with its own).
Result evaluateValid(const Plan &plan, const PlanPrefix &prefix);

// The bytes one micro-batch's layer keeps on one GPU of a stage for its backward (dense and MoE
// layers), and what recomputing a layer holds at once (memory.cpp, docs/model.md §8).
struct LayerActivations {
    double dense = 0, moe = 0, recomputing = 0;
    double moeOffloaded = 0; // of an MoE layer, what fine-grained offload keeps in host memory instead
};
// The per-layer work of an evaluation: one layer's compute per micro-batch on one GPU (the linear
// layers' GEMMs, attention's core, the element-wise work, the FP8 casts, the LM head's), the
// activations it keeps and its tensor-, context- and expert-parallel traffic. It reads the prefix
// (layer sizes, placement) and micro_batch, recompute (with its modules and the offloaded ones) and
// sequence parallelism, not vpp or the ZeRO stage: the layout search works it out once per (prefix,
// micro-batch, recompute, sequence parallelism) and evaluates every vpp and ZeRO stage below with it
// (docs/performance.md). Internal figures of the engine, not a result: the evaluation's Shape
// (model/engine/phases.h) is one, named as the phases read them.
struct LayerWork {
    // Per micro-batch, on one GPU of a stage (docs/model.md §16-17): the compute of a dense layer and
    // of an MoE layer, their FP8 parts, the LM head's (last stage), the attention core's; one layer's
    // TP and CP communication (raw) and CP's exposed part; one MoE layer's expert all-to-all (raw).
    double denseLayerTime = 0, moeLayerTime = 0, denseFp8Time = 0, moeFp8Time = 0, headTime = 0;
    double moeAttnTime = 0; // the attention part of moeLayerTime (the rest is the MoE block)
    // Casting one layer's weights to FP8 once (docs/model.md §3): paid once a step with the FP8
    // weight cache, else in every micro-batch's forward and recompute (pipelinePhase).
    double denseWeightCast = 0, moeWeightCast = 0;
    double attnCoreTime = 0, tpLayerTime = 0, cpLayerTime = 0, cpLayerExposed = 0, epLayerTime = 0;
    // The forward GEMM times of a dense layer's linear layers beside its TP collectives (QKV and FC1
    // after an all-gather, the projection and FC2 before a reduce-scatter), per micro-batch, and the
    // part of tpLayerTime the GEMMs hide (tpLayerTime(), docs/model.md §5).
    double qkvGemm = 0, projGemm = 0, fc1Gemm = 0, fc2Gemm = 0, tpLayerHidden = 0;
    double upRecompute = 0; // MLA's up-projections run again (0 unless mla_up_proj recompute)
    LayerActivations act;   // the activations a layer keeps
};
LayerWork prepareLayerWork(const Plan &plan, const PlanPrefix &prefix);
// A kind of pipeline stage (docs/model.md §16): its first stage index, its layers and how many stages
// of the kind there are, its dense-FFN and MoE layers, and the parameters it holds before any split:
// the non-expert part (attention, dense FFNs, shared experts, routers, the input embedding on the
// first stage and the LM head on the last; a tied embedding is held by both ends once pp > 1, as
// Megatron does) and the routed experts. With pp = 1 the one stage is first and last.
struct StageKind {
    int index;
    int layers;
    int count;
    bool first;
    bool last;
    double denseLayers, moeLayers;
    double denseParams, expertParams;
};
// The pipeline's stages as an evaluation reads them: the split (stageSplit()) and the kinds of stage
// that differ, at most four (the first, the middle stages with one layer more, the other middle
// stages, the last). They read the model, pp, vpp and the stage layers, not the micro-batch,
// recompute, sequence parallelism or the ZeRO stage: the layout search works them out once per
// (prefix, vpp) (docs/performance.md).
struct PipelineStages {
    StageSplit split;
    StageKind kinds[4]; // the first kindCount filled; the rest never read
    int kindCount = 0;
};
PipelineStages pipelineStages(const Plan &plan, const LayerDims &dims);
// What an evaluation works out for a plan that does not fit in memory: everything, or the memory
// figures alone (the rest of the Result stays zero). The memory reads none of the times, so it is
// worked out first; the layout search's unbounded walk, which drops such a plan unread, asks for the
// memory alone (docs/performance.md).
enum class Unfit {
    Evaluate,   // every figure
    MemoryOnly, // a plan that does not fit: its memory figures alone
};
// evaluateValid(plan, prefix) with the layer work (prepareLayerWork()) of a plan that differs from
// `plan` at most in vpp and the ZeRO stage, and the stages (pipelineStages(plan, prefix.dims)) of one
// that differs at most in the micro-batch, recompute, sequence parallelism and the ZeRO stage: the
// same Result, bit for bit.
Result evaluateValid(const Plan &plan, const PlanPrefix &prefix, const LayerWork &work, const PipelineStages &stages,
                     Unfit unfit = Unfit::Evaluate);

} // namespace commtax
