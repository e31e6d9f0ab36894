// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The phases of one evaluation (engine.cpp: evaluateValid()), each in the file of its job:
// compute.cpp, communication.cpp (with the pipeline and the data-parallel sync), memory.cpp,
// economics.cpp (goodput, time and money), warnings.cpp. Internal to the engine: not installed, not
// included outside model/engine. They run in this order and share one Shape, which each fills in
// for the later ones (layerPhase the per-layer times, activations and traffic, which a search may
// load instead from its cached LayerWork; pipelinePhase the pacing stage).

#include "collectives.h"
#include "engine.h"

#include <algorithm>
#include <cmath>

namespace commtax::engine_detail {

// The attention kernel's speed at head width 64 against 128, forward and backward together
// (3.5 / (1/fwd + 2.5/bwd), the backward 2.5 times the forward's FLOPs), BF16, no mask, on H100 SXM5
// (FlashAttention-3 paper, Shah et al. 2024, arXiv 2407.08608, Fig. 4 and 6): cuDNN forward 408, 412
// and 413 TFLOPS and backward 417, 432 and 433 at 4k, 8k and 16k tokens (width 64) against 609, 600
// and 595 and 499, 518 and 516 (width 128): 414, 426 and 427 against 526, 539 and 536, 0.79 at each;
// FlashAttention-2 forward 321 and 322, backward 279 and 287 at 4k and 8k against 368 and 370, 310
// and 318: 290 and 296 against 325 and 331, 0.89. Widths 64 to 128 interpolate in log2(width)
// (attentionWidthFactor); 128 and wider take 1, narrower than 64 the 64 figure. Blackwell's cuDNN
// takes Hopper's: no published benchmark times it at width 64 on a full or causal mask (cudnn-frontend's
// gpt_oss benchmark on GB200 and GB300 runs a 128-token sliding window only).
inline constexpr double kCudnnWidth64Ratio = 0.79;
inline constexpr double kFlash2Width64Ratio = 0.89;
inline double attentionWidthFactor(double width, bool flash2)
{
    const double at64 = flash2 ? kFlash2Width64Ratio : kCudnnWidth64Ratio;
    if (!(width < 128.0))
        return 1.0;
    if (!(width > 64.0))
        return at64;
    return at64 + (1.0 - at64) * std::log2(width / 64.0);
}

// The attention kernel's ramp with sequence length (docs/model.md §3): a call reaches L / (L + R) of the
// kernel's long-sequence speed at L keys per block of queries (a fixed cost per query block and, under
// a causal mask, its diagonal blocks), R per kernel and mask, least squares through NVIDIA's own
// benchmarks of the forward and backward together (3.5 / (1/fwd + 2.5/bwd)), head width 128, BF16,
// whose backward ramps more slowly than the forward alone. cudnn-frontend's files: cuDNN 9.19.1 on
// H200 (benchmark/sdpa_benchmark_training/results/h200_919_only_cudnn/llama3.1_20260227_034703.csv at
// df73764), cuDNN 9.1.0 and PyTorch's SDPA (FlashAttention-2) on H200 in May 2024
// (benchmark/benchmark_results.csv at b740542), GB200 in April 2026 (results/llama3.1/gb200 at
// 3929da2).
// - Causal: cuDNN 9.19.1 396.7, 502.4, 566.9, 603.1, 608.0 TFLOPS at 2k-32k tokens (forward 484-688,
//   backward 370-581) give R = 1,235; with 1,200 the curve is within 2% of each point and the
//   kernel's long-sequence speed 641.8. GB200's and GB300's series give 1,055 and 1,210. cuDNN 9.1.0,
//   467.9-520.4 at 4k-64k, gives 540 (September 2024's 9.4, at de355c7, 585): 560. FlashAttention-2,
//   264.5-328.5, gives 1,105: 1,100.
// - Unmasked, what a context-parallel ring runs off its diagonal: cuDNN 9.19.1 535.2, 587.8, 618.8,
//   635.3 and 602.0 at 2k-32k give 350 and 633.5 on long sequences, 0.99 of the causal; GB200 375
//   (0.98). cuDNN 9.1.0's 550.1, 563.7, 564.5, 556.0 at 4k-32k give 80 and 563.7, 1.065 of its causal
//   529.3. FlashAttention-2's 303.7, 316.6, 321.3, 322.2 give 295 and 326.4 (0.98).
// - FlashAttention-2 on Ampere and Ada, the kernel it was written for (mma.sync; on Hopper it leaves
//   the wgmma tensor cores idle and ramps as above): flash-attn's own benchmark
//   (benchmarks/benchmark_flash_attention.py) on an RTX A5000 (GA102), 2024-02-22
//   (gpu-mode/ring-attention notebooks/flash_attn_benchmark_results.txt at 3d13c24), head width 128,
//   512-16k tokens: causal 39.57, 49.85, 57.96, 64.08, 67.45 and 68.00 TFLOPS give 400, within 1.1%
//   of each point, 70.0 on long sequences; unmasked 55.71, 62.57, 68.29, 71.91, 73.88 and 74.13 give
//   185 and 75.0 (1.07). No A100 series is published as text; the A100 runs the same sm80 kernels.
struct AttentionRamp {
    double causalTokens;   // R under the causal mask
    double unmaskedTokens; // R without a mask
    double unmaskedSpeed;  // the unmasked kernel's long-sequence speed over the causal one's
};
inline constexpr AttentionRamp kCudnnRamp{1200.0, 350.0, 0.99};
inline constexpr AttentionRamp kCudnn2024Ramp{560.0, 80.0, 1.065};
inline constexpr AttentionRamp kFlash2Ramp{1100.0, 295.0, 0.98};
inline constexpr AttentionRamp kFlash2AmpereRamp{400.0, 185.0, 1.07};

// cuDNN's fused attention as 2024's releases had it against today's (training.attention_kernel
// cudnn_2024 against cudnn) on long sequences, the same benchmarks each through its kernel's ramp:
// cuDNN 9.1.0 reaches 529.3 TFLOPS, 9.19.1 641.8: 0.825 (9.4's 542.4: 0.845). With the ramps, 2024's
// kernel is 0.93 of today's at 4k tokens and 0.84 at 32k, as the benchmarks read 0.931 and 0.855.
inline constexpr double kCudnn2024Ratio = 0.82;

// The kernel that runs: FlashAttention-2 under every label on a GPU without its own cuDNN kernel.
inline AttentionKernel runningAttentionKernel(const GpuSpec &g, AttentionKernel label)
{
    return ownCudnnAttention(g) ? label : AttentionKernel::Flash2;
}

// The ramp of the kernel that runs on `g`: FlashAttention-2's own on the GPUs without a cuDNN kernel of
// their own (Ampere and Ada), Hopper's where it runs beside cuDNN's.
inline const AttentionRamp &attentionRamp(const GpuSpec &g, AttentionKernel running)
{
    if (!ownCudnnAttention(g))
        return kFlash2AmpereRamp;
    switch (running) {
    case AttentionKernel::Flash2: return kFlash2Ramp;
    case AttentionKernel::Cudnn2024: return kCudnn2024Ramp;
    case AttentionKernel::Cudnn: break;
    }
    return kCudnnRamp;
}

// The kernel's speed over its long-sequence causal figure for a sequence of s tokens over cp ranks
// (docs/model.md §3). Without context parallelism one causal call over s keys. A load-balanced ring
// (Transformer Engine's, PyTorch's context_parallel) cuts the sequence into 2 cp chunks, two per rank:
// its own two chunks are one causal call over s / cp keys, 1 / cp of the rank's work; each of the
// cp - 1 other steps is an unmasked call of the same FLOPs, half of them both query chunks against
// one key chunk (s / 2cp keys), half one query chunk against both (s / cp).
inline double attentionSpeed(const AttentionRamp &r, double s, double cp)
{
    const double keys = s / cp;
    const double causal = keys / (keys + r.causalTokens);
    if (!(cp > 1.0))
        return causal;
    auto unmasked = [&r](double l) { return r.unmaskedSpeed * l / (l + r.unmaskedTokens); };
    const double offDiagonal = 0.5 / unmasked(0.5 * keys) + 0.5 / unmasked(keys);
    return cp / (1.0 / causal + (cp - 1.0) * offDiagonal);
}

// Three paths Megatron-Core (Megatron-LM 2edffadb and b0cc2706, the releases of Megatron-Bridge's
// 26.04.01 and 26.02 tables) runs as separate PyTorch kernels for GPT-OSS, in bytes moved, forward and
// backward, counted op by op from the code and PyTorch's autograd formulas (docs/model.md §17):
// - The clamp of the gated activation's inputs (megatron/core/fusions/fused_bias_geglu.py,
//   weighted_bias_quick_geglu_impl): two clamps and a cat forward (4 passes over the [assignments,
//   2*ffn] BF16 input), the clamps' masked backward (2 and 3.5) and the chunk's cat (2): 11.5 passes
//   of 4*ffn bytes, 46*ffn a token and expert; "moe_act" recompute runs the forward's 4 again (16*ffn).
// - FC2's expert bias (megatron/core/transformer/moe/experts.py, _apply_bias): per local expert
//   t + b*p, a cat and a cast, 6 passes over the [assignments, h] BF16 output forward, 8 backward
//   (the cat's split, the bias's and the probabilities' gradients): 14 passes of 2*h bytes, 28*h a
//   token and expert, with BF16 routing probabilities (the all-to-all dispatcher's). The flex
//   dispatcher (DeepEP, HybridEP) keeps them in FP32: 34 passes, 68*h.
// - The unfused rotary embedding (megatron/core/models/common/embeddings/rope_utils.py,
//   _apply_rotary_pos_emb_bshd): 12 passes over Q and K forward and 14 backward against the fused
//   kernel's 4: 22 more, 44 bytes a token per unit of width of Q and K.
inline constexpr double kGluClampBytesPerFfn = 46.0;
inline constexpr double kGluClampAgainBytesPerFfn = 16.0;
inline constexpr double kExpertBiasBytesPerHidden = 28.0;
inline constexpr double kExpertBiasFp32ProbsBytesPerHidden = 68.0;
inline constexpr double kUnfusedRopeBytesPerWidth = 44.0;

// The model's parameters and FLOPs from its layer shapes (layerDims(), computed once per plan).
inline double parameterCount(const ModelSpec &m, const LayerDims &L, bool active)
{
    const double embeddings = double(m.vocab) * m.hidden * (m.tied_embeddings ? 1.0 : 2.0);
    return m.layers * L.attn_params + L.dense_layers * L.dense_mlp_params
        + L.moe_layers * (active ? L.moe_active_params : L.moe_total_params) + embeddings;
}
// The attention core's model FLOPs per sequence: QK^T and AV over the whole s x s score matrix,
// forward x 3 (Megatron-LM's MFU formula counts the full matrix, not the causal half).
inline double attentionFlopsPerSequence(const ModelSpec &m, const LayerDims &L, int seq_len)
{
    const double s = seq_len;
    return 3.0 * m.layers * L.attn_core_flops * s * s;
}
inline double modelFlopsPerSequence(const ModelSpec &m, const LayerDims &L, int seq_len)
{
    // 6 FLOPs per active matmul parameter per token (forward 2, backward 4) and the attention core
    // over the whole context, forward x 3 (Korthikanti et al. 2022 §6; Megatron-LM's MFU formula
    // counts the full s x s score matrix, not the causal half). The embedding lookup is free; the LM
    // head is a V x h matmul.
    const double s = seq_len, h = m.hidden;
    const double matmul = m.layers * L.attn_params + L.dense_layers * L.dense_mlp_params + L.moe_layers * L.moe_active_params;
    return s * (6.0 * matmul + 6.0 * double(m.vocab) * h) + attentionFlopsPerSequence(m, L, seq_len);
}

// The fewest layers a first or last pipeline stage may hold at interleaving depth `vpp` (docs/model.md
// §16): one a chunk but for the chunk that holds the embedding or the loss alone, and one at least.
// Middle stages need vpp. stageSplit() applies it and validate() names it in its errors.
inline int edgeStageMinLayers(int vpp) { return std::max(1, vpp - 1); }

// The plan's sizes as doubles, which every phase reads (validate() keeps them in range), and the
// embedding's parameters (the V x h matrix) and copies (1 when tied, 2 when not).
struct ShapeSizes {
    const double l, h, a, s, B, b, t, c, p, d, v, G, etp, ep, E, k, fe;
    const double embeddingParams, embeddingCopies;
};
inline ShapeSizes shapeSizes(const Plan &plan)
{
    const ModelSpec &m = plan.model;
    const TrainingSpec &tr = plan.training;
    const double t = tr.tp, c = tr.cp, p = tr.pp, d = tr.dp;
    return {double(m.layers), double(m.hidden), double(m.heads), double(tr.seq_len), double(tr.global_batch),
            double(tr.micro_batch), t, c, p, d, double(tr.vpp), t * c * p * d, double(tr.etp > 0 ? tr.etp : tr.tp),
            double(tr.ep), double(m.experts), double(m.experts_per_token), double(m.expert_ffn),
            double(m.vocab) * double(m.hidden), m.tied_embeddings ? 1.0 : 2.0};
}

// pipelineStages() into `ps` from the plan's sizes (a Shape's base is filled in place, not copied
// from a returned one).
void fillPipelineStages(PipelineStages &ps, const Plan &plan, const LayerDims &dims, const ShapeSizes &sizes);

// The shapes every phase of an evaluation reads, the pipeline's stages (engine.h PipelineStages) and
// the layer work (engine.h LayerWork) that layerPhase() fills or a search's cached copy gives.
// `layer_dims` must outlive the Shape (the plan's prefix holds them).
struct Shape : LayerWork, ShapeSizes, PipelineStages {
    // The layer work zero, for layerPhase() to fill, and the plan's stages, filled in place.
    Shape(const Plan &plan, const LayerDims &layer_dims)
        : LayerWork{}, ShapeSizes(shapeSizes(plan)), dims(layer_dims)
    {
        fillPipelineStages(*this, plan, layer_dims, *this);
    }
    // The layer work and the stages worked out already (a search's cached copies, engine.h LayerWork
    // and PipelineStages): copied into the bases.
    Shape(const Plan &plan, const LayerDims &layer_dims, const LayerWork &work, const PipelineStages &stages)
        : LayerWork(work), ShapeSizes(shapeSizes(plan)), PipelineStages(stages), dims(layer_dims)
    {
    }
    Shape(const Plan &, LayerDims &&) = delete; // dims is a reference: never to a temporary
    Shape(const Plan &, LayerDims &&, const LayerWork &, const PipelineStages &) = delete;
    const LayerDims &dims;
    double mb = 0;    // micro-batches per pipeline per step
    double peak = 0;  // FLOP/s of one GPU at the plan's precision, dense
    double tComp = 0; // compute time of a step on the pacing stage, without bubble or communication
    double backwardShare = 0;
    // The stage with the most parameters: its dense and its expert parameters (before any split).
    double maxStageDenseParams = 0, maxStageExpertParams = 0;
    double pacingLayers = 0; // layers of the pacing stage
};

// One GEMM of M x K by K x N, forward, on one GPU (docs/model.md §3): the larger of its compute
// time at `rate` FLOP/s and its memory time (inputs and output once, `bytes` per element, over
// `bw` B/s), plus the fixed cost every GEMM pays (launch, prologue and epilogue, the tail of
// the last wave), which is what makes small GEMMs slow. `experts` > 0: that many GEMMs of the shape
// (the experts of a GPU) as Transformer Engine's grouped GEMM, each paying `perExpert` fixed costs
// (engine.h: kExpertGemmFixedCosts, plus kExpertFp8CastFixedCosts in FP8).
inline double gemmS(double M, double N, double K, double rate, double bw, double bytes, double fixed,
                    double experts = 0.0, double perExpert = kExpertGemmFixedCosts)
{
    const double count = std::max(experts, 1.0);
    const double compute = count * 2.0 * M * N * K / rate;
    const double memory = bw > 0 ? count * bytes * (M * K + K * N + M * N) / bw : 0.0;
    return std::max(compute, memory) + fixed * (experts > 0 ? perExpert * experts : 1.0);
}

// The micro-batches of activations stage i holds at its peak, in whole-stage units (docs/model.md
// §16). 1F1B: i's p - i - 1 warm-up forwards and the steady state's one more, at most all m. The
// interleaved schedule (Megatron-Core schedules.py get_pp_rank_microbatches at d98e8a64): rank i
// runs 2(p - i - 1) + (v - 1)p forward chunks before its first backward and holds one more in the
// steady state, at most all m*v; a chunk is 1/v of the stage's layers. Rank 0 holds p + (p - 1)/v,
// Korthikanti et al. 2022's p(1 + (p - 1)/(pv)); with m < p + (p - 1)/v all m are in flight at once.
// The all-to-all under another micro-batch (ep_a2a_overlap, with expert parallelism, as Megatron-Core
// requires) warms up one chunk more, and without a pipeline runs each forward beside the previous
// micro-batch's backward, two in flight (combined_1f1b.py combined_1f1b_schedule_for_no_pipelining).
// Decreasing in i: the earliest stage of each kind is that kind's fullest.
inline double stageInFlight(const Shape &k, int i, bool a2aOverlap)
{
    const double overlap = a2aOverlap ? 1.0 : 0.0;
    if (k.v <= 1)
        return std::min(k.mb, k.p - i + overlap);
    const double chunks = 2.0 * (k.p - i - 1.0) + (k.v - 1.0) * k.p + 1.0 + overlap;
    return std::min(k.mb * k.v, chunks) / k.v;
}

// Megatron-Core's mla_up_proj recompute (docs/model.md §17): a module of selective recompute, MLA only.
inline bool recomputesMlaUpProj(const Plan &plan)
{
    const TrainingSpec &t = plan.training;
    return t.recompute_mla_up_proj && t.recompute == Recompute::Selective && plan.model.attention == Attention::Mla;
}

// Megatron-Core's other modules of selective recompute (plan.h, docs/model.md §3): in effect only
// under selective recompute, the MoE ones only in an MoE model.
struct RecomputeModules {
    bool layernorm = false, moeAct = false, mlp = false, moe = false;
};
inline RecomputeModules recomputeModules(const Plan &plan)
{
    const TrainingSpec &t = plan.training;
    if (t.recompute != Recompute::Selective)
        return {};
    const bool moe = plan.model.moe();
    return {t.recompute_layernorm, moe && t.recompute_moe_act, t.recompute_mlp, moe && t.recompute_moe};
}

LayerActivations layerActivations(const Plan &plan, const Shape &k);

// Whether the plan keeps any activations in host memory: whole layers (training.offload_layers) or
// the experts' inputs of every MoE layer (fine-grained offload, la.moeOffloaded; docs/model.md §8).
inline bool offloadsActivations(const TrainingSpec &tr, const LayerActivations &la)
{
    return tr.offload_layers > 0 || la.moeOffloaded > 0;
}

// The layers of a stage whose activations wait in host memory (training.offload_layers, docs/model.md
// §8): the stage's first, so its dense layers before its MoE layers. validate() keeps the count below
// every stage's layers.
struct OffloadedLayers {
    double dense = 0, moe = 0;
};
inline OffloadedLayers offloadedLayers(const TrainingSpec &tr, double denseLayers, double moeLayers)
{
    const double n = tr.offload_layers;
    const double dense = std::min(n, denseLayers);
    return {dense, std::min(n - dense, moeLayers)};
}

// What the plan's loss costs per logit (engine.h, docs/model.md §3, §8): the bytes it keeps on the
// last stage and the bytes its passes move, forward and backward. A compiled loss passes over the
// logits as a fused kernel does; PyTorch's eager one about as often as Megatron's.
struct LossBytes {
    double kept = 0, moved = 0;
};
inline LossBytes lossBytes(const TrainingSpec &tr)
{
    if (tr.fused_cross_entropy)
        return {kLogitBytesFused, kCrossEntropyBytesFused};
    switch (tr.unfused_loss) {
    case UnfusedLoss::Pytorch: return {kLogitBytesPytorch, kCrossEntropyBytesUnfused};
    case UnfusedLoss::Compiled: return {kLogitBytesCompiled, kCrossEntropyBytesFused};
    case UnfusedLoss::Megatron: break;
    }
    return {kLogitBytesUnfused, kCrossEntropyBytesUnfused};
}

// The optimizer step's HBM traffic a parameter it updates (docs/model.md §5). Every documented
// optimizer_bytes from 6 up carries a 4-byte fp32 master copy (12 Adam, 8 Adam with BF16 moments or
// SGD with momentum, 6 8-bit Adam); below that the update runs on the BF16 weight itself. Fused: the
// gradient read (its accumulation buffer's dtype), the state read and written, and the BF16 weight
// written (read and written when it is what is updated). PyTorch's foreach AdamW (engine.h
// kForeach*) passes over the tensor it updates, the two moments and a temporary of their width once
// per op.
inline double optimizerBytesPerParam(const TrainingSpec &tr)
{
    const double grad = gradBufferBytes(tr);
    const bool master = tr.optimizer_bytes >= kOptimizerMasterFrom;
    if (tr.optimizer_kernel == OptimizerKernel::Fused)
        return 2.0 * tr.optimizer_bytes + (master ? 1.0 : 2.0) * kOptimizerWeightBytes + grad;
    const double weight = master ? kOptimizerMasterBytes : kOptimizerWeightBytes;
    const double moment = (tr.optimizer_bytes - (master ? kOptimizerMasterBytes : 0.0)) / 2.0;
    return kForeachWeightAccesses * weight + kForeachStateAccesses * moment + kForeachGradAccesses * grad
        + (master ? kOptimizerWeightBytes : 0.0);
}

// One layer's compute per micro-batch, the activations it keeps and its TP, CP and EP traffic (the
// Shape's per-layer figures, engine.h LayerWork); then the phases below, which read them.
void layerPhase(const Plan &plan, Shape &k, const Placement &pl);
void layerCommunication(const Plan &plan, Shape &k, const Placement &pl); // communication.cpp
void computePhase(const Plan &plan, Shape &k, Result &r);
void communicationPhase(const Plan &plan, Shape &k, const Placement &pl, Result &r);
// What ZeRO-3 holds whole beyond its shards at the memory peak, in bytes (memory.cpp).
struct ZeroWorkingSet {
    double weights = 0, gradients = 0;
};
ZeroWorkingSet zeroWorkingSet(const Plan &plan, const Shape &k, const Placement &pl);
// Runs first after the layer work (engine.cpp evaluateInto(), so that a plan that does not fit can
// stop there, engine.h Unfit): it must read none of what computePhase() and communicationPhase()
// write, in the Shape (peak, backwardShare, tComp, pacingLayers, maxStageDenseParams and
// maxStageExpertParams) or in the Result.
void memoryPhase(const Plan &plan, const Shape &k, const Placement &pl, Result &r);
void goodputPhase(const Plan &plan, const Shape &k, Result &r);
void economicsPhase(const Plan &plan, const Shape &k, Result &r);
void warningPhase(const Plan &plan, const Shape &k, const Placement &pl, Result &r);

} // namespace commtax::engine_detail
