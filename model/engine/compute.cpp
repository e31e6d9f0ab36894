// SPDX-License-Identifier: GPL-3.0-or-later
// The compute phase of an evaluation: FLOPs and compute time (docs/model.md §2-3, §17).
#include "phases.h"

#include <algorithm>

namespace commtax::engine_detail {

namespace {

// The rates of one GPU at the plan's precision, and the linear layers' GEMMs with their FP8 casts.
// FP8 (Transformer Engine): the linear layers' GEMMs at the FP8 rate, plus casting their inputs
// and weights to FP8 and their transposes for the backward at memory speed; attention's core, softmax, norms
// and the LM head stay BF16 (TE's fp8_autocast covers te.Linear and friends only; Megatron keeps
// the output layer in BF16).
// The casts: each micro-batch casts the GEMM's input in the forward (again under full
// recompute) and the output gradient in the backward; the weight and its transpose are cast
// once per step and cached for the other micro-batches (Megatron-Core passes
// is_first_microbatch to Transformer Engine's linear layers unless
// disable_parameter_transpose_cache is set; megatron/core/extensions/transformer_engine.py,
// TELinear.forward), or, without that cache (training.fp8_weight_cache), in every micro-batch's
// forward and recompute (pipelinePhase, communication.cpp). linear() returns the GEMM and adds the
// casts to `actCast` (per micro-batch) and `weightCast` (one cast of the layer's weights) of the
// layer being built.
struct Linears {
    explicit Linears(const Plan &plan)
    {
        const TrainingSpec &tr = plan.training;
        const GpuSpec &g = plan.gpu;
        fp8 = tr.precision == Precision::Fp8;
        full = tr.recompute == Recompute::Full;
        redo = recomputedLinearShare(tr.recompute);
        // Per-op checkpointing and dots save no element-wise output: they all run again, as under full.
        elementwiseAgain = full || tr.recompute == Recompute::Ops || tr.recompute == Recompute::Dots;
        const double eff = tr.compute_efficiency.value_or(g.compute_efficiency);
        bf16Rate = g.bf16_dense_tflops * 1e12 * eff;
        // An explicit training.compute_efficiency scales FP8 like BF16; else the GPU's FP8 figure.
        const double fp8Eff = g.fp8_efficiency > 0 && !tr.compute_efficiency ? g.fp8_efficiency : eff;
        linRate = fp8 ? g.fp8_dense_tflops * 1e12 * fp8Eff : bf16Rate;
        bw = g.memory_bw_gbps * 1e9;
        linBytes = fp8 ? 1.0 : 2.0;
        fixed = g.gemm_overhead_us * 1e-6;
        // Passes of every linear layer: forward, and the backward's two GEMMs (input and weight
        // gradients, the same FLOPs); full recompute runs the forward again, per-op checkpointing
        // every second matmul's.
        passes = 3.0 + redo;
    }
    // Casting `count` rows x cols operands to FP8 at memory speed (0 under BF16).
    double cast(double rows, double cols, double count = 1.0) const
    {
        return fp8 && bw > 0 ? count * kFp8CastBytesPerElement * rows * cols / bw : 0.0;
    }
    double linear(double M, double N, double K, double experts = 0.0)
    {
        const double count = std::max(experts, 1.0);
        actCast += cast(M, K, count) * (1.0 + redo) + cast(M, N, count);
        weightCast += cast(K, N, count);
        return gemmS(M, N, K, linRate, bw, linBytes, fixed, experts, kExpertGemmFixedCosts + (fp8 ? kExpertFp8CastFixedCosts : 0.0));
    }
    bool fp8 = false, full = false, elementwiseAgain = false;
    double redo = 0; // recomputedLinearShare()
    double bf16Rate = 0, linRate = 0, bw = 0, linBytes = 2, fixed = 0, passes = 3;
    double actCast = 0, weightCast = 0;
};

// The attention's linear layers of one layer, forward (`upRecompute`: MLA's up-projections run
// forward again in the backward under mla_up_proj).
double attentionLinears(const Plan &plan, Shape &k, Linears &lin, double M, double &upRecompute)
{
    const ModelSpec &m = plan.model;
    const LayerDims &L = k.dims;
    double attnLinear = 0;
    if (m.attention == Attention::Mla) {
        // The down-projections to the latents are replicated over TP; the up-projections split heads.
        double qUp = 0;
        if (m.q_lora_rank > 0) {
            qUp = lin.linear(M, L.q_dim / k.t, m.q_lora_rank);
            attnLinear += lin.linear(M, m.q_lora_rank, k.h) + qUp;
        } else {
            attnLinear += lin.linear(M, L.q_dim / k.t, k.h);
        }
        const double kvUp = lin.linear(M, L.kv_up_dim / k.t, m.kv_lora_rank);
        attnLinear += lin.linear(M, double(m.kv_lora_rank) + m.qk_rope_head_dim, k.h) + kvUp;
        // Megatron-Core's mla_up_proj recompute (docs/model.md §17): keep the latents, not Q, K and V,
        // and run the up-projections again before the attention's backward, their FP8 input casts too.
        if (recomputesMlaUpProj(plan))
            upRecompute = qUp + kvUp + lin.cast(M, m.q_lora_rank) + lin.cast(M, m.kv_lora_rank);
    } else {
        attnLinear += lin.linear(M, (L.q_dim + L.k_dim + L.v_dim) / k.t, k.h);
    }
    k.qkvGemm = attnLinear;
    k.projGemm = lin.linear(M, k.h, L.attn_out_dim / k.t);
    attnLinear += k.projGemm;
    return attnLinear;
}

// Attention's core per layer, forward, on this GPU: its heads (a/t) and its queries (s/c) against
// the whole context. FlashAttention skips the masked half of a causal mask and recomputes the
// scores in the backward (FlashAttention-2's count: backward 2.5x forward); without it the
// scores are two batched GEMMs per head and the softmax and dropout run at memory speed.
double attentionCore(const Plan &plan, const Shape &k, const Linears &lin, double M)
{
    const TrainingSpec &tr = plan.training;
    const GpuSpec &g = plan.gpu;
    const double coreFwd = M * k.s * k.dims.attn_core_flops / k.t;
    if (tr.flash_attention) {
        // The GPU's figure is today's cuDNN fused attention; FlashAttention-2 reaches a share of it
        // (plan.h), and so did 2024's cuDNN (phases.h) on the GPUs where cuDNN has its own kernel: where
        // Transformer Engine calls FlashAttention-2 (ownCudnnAttention false) the labels run one kernel.
        const AttentionKernel running = runningAttentionKernel(g, tr.attention_kernel);
        const double kernel = running == AttentionKernel::Flash2 ? g.flash2_attention_ratio
            : running == AttentionKernel::Cudnn2024              ? kCudnn2024Ratio
                                                                 : 1.0;
        // The kernel's ramp with the keys a block of queries runs over, and the unmasked calls of a
        // context-parallel ring (phases.h).
        const double ramp = attentionSpeed(attentionRamp(g, running), k.s, k.c);
        // Its speed at the model's head width, (d_qk + d_v) / 2 (phases.h).
        const double width = k.dims.attn_core_flops / (4.0 * k.a);
        const double widthFactor = attentionWidthFactor(width, running == AttentionKernel::Flash2);
        const double rate = g.bf16_dense_tflops * 1e12 * g.attention_efficiency * kernel * ramp * widthFactor;
        return 0.5 * coreFwd * (lin.full ? 4.5 : 3.5) / rate;
    }
    const double scores = k.b * (k.a / k.t) * (k.s / k.c) * k.s;
    const double fwd = coreFwd / lin.bf16Rate + (lin.bw > 0 ? kScoreBytesForward * scores / lin.bw : 0.0);
    // Dots keep no score matrix (QK^T has batch dimensions): it runs again, as under selective.
    const bool again = lin.full || tr.recompute == Recompute::Selective || tr.recompute == Recompute::Dots;
    return fwd * (again ? 4.0 : 3.0);
}

// Memory-bound element-wise work (norms, residual adds, rotary, dropout, activation function):
// bytes per token, forward and backward. The per-h part is sharded over tp only with sequence
// parallelism; the activation function's part always is.
double elementwise(const Plan &plan, const Shape &k, const Linears &lin, double M, double ffnWidth)
{
    if (lin.bw <= 0)
        return 0.0;
    double perToken = kElementwiseBytesPerHidden * k.h / (plan.training.sequence_parallel ? k.t : 1.0)
        + kElementwiseBytesPerFfn * ffnWidth / k.t;
    // The rotary embedding run as separate kernels (training.fused_rope false) on this GPU's heads of Q
    // and K: MLA rotates only its decoupled part of each query head and the one shared key (phases.h).
    if (!plan.training.fused_rope) {
        const ModelSpec &m = plan.model;
        const double width = m.attention == Attention::Mla ? (k.a + 1.0) * m.qk_rope_head_dim
                                                           : k.dims.q_dim + k.dims.k_dim;
        perToken += kUnfusedRopeBytesPerWidth * width / k.t;
    }
    return (lin.elementwiseAgain ? 4.0 / 3.0 : 1.0) * M * perToken / lin.bw;
}

// The gated activation's clamp, run as separate kernels (model.glu_clamp, phases.h), over `rows`
// token-expert assignments (or tokens) of an FFN `width` wide on this GPU; `again` when the activation
// runs again in the backward (moe_act recompute, or full recompute).
double gluClamp(const Plan &plan, const Linears &lin, double rows, double width, bool again)
{
    if (!(plan.model.glu_clamp > 0) || plan.training.te_op_fuser || lin.bw <= 0)
        return 0.0;
    return rows * width * (kGluClampBytesPerFfn + (again ? kGluClampAgainBytesPerFfn : 0.0)) / lin.bw;
}

// What an MoE layer adds to its attention (`attnPart`, `attnLinear`, `attnCast`, `attnWeightCast`
// as computeLayers() has them): k.moeLayerTime, k.moeFp8Time, k.moeWeightCast.
struct AttentionPart {
    double time, linear, cast, weightCast, upRecompute;
};
void moeLayer(const Plan &plan, Shape &k, Linears &lin, double M, const AttentionPart &at)
{
    const TrainingSpec &tr = plan.training;
    const ModelSpec &m = plan.model;
    const double fc1 = m.mlp == Mlp::SwiGlu ? 2.0 : 1.0;
    // Each GPU's routed work: its tokens' top-k assignments, the busiest GPU `moe_imbalance` times
    // the mean; its E/ep experts as one grouped GEMM with N (FC1) or K (FC2) split by etp.
    const double assigned = M / k.t * k.k * tr.moe_imbalance; // token-expert pairs of this GPU
    const double perExpert = assigned * k.etp * k.ep / k.E;   // rows of each local expert's GEMM
    const double localExperts = k.E / k.ep;
    const double routed = lin.linear(perExpert, fc1 * k.fe / k.etp, k.h, localExperts)
        + lin.linear(perExpert, k.h, k.fe / k.etp, localExperts);
    const double sharedWidth = double(m.shared_experts) * k.fe;
    double shared = 0.0;
    if (m.shared_experts > 0)
        shared = lin.linear(M, fc1 * sharedWidth / k.t, k.h) + lin.linear(M, k.h, sharedWidth / k.t);
    const double router = gemmS(M / k.t, k.E, k.h, lin.bf16Rate, lin.bw, 2.0, lin.fixed); // BF16, on the SP shard
    // Permuting tokens to their experts and back: read and write h values per assignment.
    const double permute = lin.bw > 0 ? kPermuteBytesPerHidden * assigned * k.h / lin.bw : 0.0;
    const double moeWidth = (k.k * tr.moe_imbalance + m.shared_experts) * k.fe;
    const double moeCast = at.cast + lin.actCast;
    k.moeWeightCast = at.weightCast + lin.weightCast;
    const double moeElementwise = elementwise(plan, k, lin, M, moeWidth);
    // Selective modules (plan.h): "moe" runs the layer's forward again in the backward (its GEMMs,
    // their FP8 input casts, the permutation's forward half and the element-wise forward third; the
    // dispatch and combine again are epLayerTime's); "moe_act" the experts' activation function
    // (reads 2*fe, writes fe values per assignment, 6*fe bytes).
    const RecomputeModules mods = recomputeModules(plan);
    // GPT-OSS's paths Megatron-Core runs unfused (phases.h): the routed experts' activation clamp,
    // again when their activation runs again, and FC2's bias added expert by expert (its forward
    // again under "moe" or full recompute is not counted).
    const double clamp = gluClamp(plan, lin, assigned, k.fe / k.etp, mods.moeAct || mods.moe || lin.full);
    const double biasBytes = tr.moe_deepep ? kExpertBiasFp32ProbsBytesPerHidden : kExpertBiasBytesPerHidden;
    const double bias = m.expert_bias && !tr.te_op_fuser && lin.bw > 0 ? assigned * biasBytes * k.h / lin.bw : 0.0;
    double again = 0.0;
    if (mods.moe) {
        const double castsAgain = lin.cast(perExpert, k.h, localExperts)
            + lin.cast(perExpert, k.fe / k.etp, localExperts)
            + (m.shared_experts > 0 ? lin.cast(M, k.h) + lin.cast(M, sharedWidth / k.t) : 0.0);
        again = routed + shared + router + castsAgain + 0.5 * permute + moeElementwise / 3.0;
    } else if (mods.moeAct && lin.bw > 0) {
        again = assigned * 6.0 * k.fe / k.etp / lin.bw;
    }
    k.moeLayerTime
        = at.time + lin.passes * (routed + shared + router) + moeCast + permute + moeElementwise + again + clamp + bias;
    k.moeAttnTime = at.time;
    k.moeFp8Time = lin.fp8 ? lin.passes * (at.linear + routed + shared) + at.upRecompute + moeCast
            + (mods.moe ? routed + shared : 0.0)
                           : 0.0;
}

// One layer's compute per micro-batch on one GPU of a stage: dense, MoE and the LM head's. Returns
// the time of MLA's up-projections run again (0 unless mla_up_proj recompute).
double computeLayers(const Plan &plan, Shape &k)
{
    const TrainingSpec &tr = plan.training;
    const ModelSpec &m = plan.model;
    Linears lin(plan);
    // Rows of every GEMM on one GPU: the micro-batch's tokens of this GPU's sequence chunk; the t
    // ranks of a TP group split N (column-parallel) or K (row-parallel).
    const double M = k.b * k.s / k.c;
    double upRecompute = 0;
    const double attnLinear = attentionLinears(plan, k, lin, M, upRecompute);
    const double attnCast = lin.actCast, attnWeightCast = lin.weightCast;
    lin.actCast = lin.weightCast = 0;
    const double fc1 = m.mlp == Mlp::SwiGlu ? 2.0 : 1.0; // SwiGLU's gate and up projections in one GEMM
    k.fc1Gemm = lin.linear(M, fc1 * m.ffn / k.t, k.h);
    k.fc2Gemm = lin.linear(M, k.h, m.ffn / k.t);
    const double denseMlp = k.fc1Gemm + k.fc2Gemm;
    const double denseCast = attnCast + lin.actCast;
    k.denseWeightCast = attnWeightCast + lin.weightCast;
    lin.actCast = lin.weightCast = 0;
    const double core = attentionCore(plan, k, lin, M);
    k.attnCoreTime = core;
    // Selective modules (plan.h): "layernorm" runs both norms' forward again (read and write h
    // values each, 8*h bytes a token, sharded over tp with sequence parallelism); "mlp" the dense
    // MLP's forward (its GEMMs, their FP8 input casts and the activation function, 6*ffn bytes).
    const RecomputeModules mods = recomputeModules(plan);
    const double normsAgain = mods.layernorm && lin.bw > 0
        ? M * 8.0 * k.h / (tr.sequence_parallel ? k.t : 1.0) / lin.bw
        : 0.0;
    const double mlpAgain = mods.mlp
        ? denseMlp + lin.cast(M, k.h) + lin.cast(M, m.ffn / k.t) + (lin.bw > 0 ? M * 6.0 * m.ffn / k.t / lin.bw : 0.0)
        : 0.0;
    const double attnPart = lin.passes * attnLinear + upRecompute + core + normsAgain;
    k.denseLayerTime = attnPart + lin.passes * denseMlp + denseCast + elementwise(plan, k, lin, M, m.ffn) + mlpAgain
        + gluClamp(plan, lin, M, m.ffn / k.t, mods.mlp || lin.full);
    const double mlpFp8Again = mods.mlp ? denseMlp : 0.0;
    k.denseFp8Time = lin.fp8 ? lin.passes * (attnLinear + denseMlp) + upRecompute + denseCast + mlpFp8Again : 0.0;
    if (m.moe())
        moeLayer(plan, k, lin, M, {attnPart, attnLinear, attnCast, attnWeightCast, upRecompute});
    // The LM head and its loss on the last stage: a V/t x h GEMM in BF16, and the loss's passes
    // over the logits at memory speed (lossBytes). PyTorch's eager loss passes over them about as
    // often as Megatron's (a cast, log_softmax's two reads and a write, and their backward: about 48
    // bytes a logit against 52); a compiled one reads the BF16 logits once a pass, as a fused kernel.
    const double lossMoved = lossBytes(tr).moved;
    const double headGemm = gemmS(M, double(m.vocab) / k.t, k.h, lin.bf16Rate, lin.bw, 2.0, lin.fixed);
    k.headTime = 3.0 * headGemm * (lin.full ? 4.0 / 3.0 : 1.0)
        + (lin.bw > 0 ? lossMoved * M * double(m.vocab) / k.t / lin.bw : 0.0);
    return upRecompute;
}

} // namespace

namespace {

void layerWork(const Plan &plan, Shape &k, const Placement &pl)
{
    k.upRecompute = computeLayers(plan, k);
    k.act = layerActivations(plan, k);
    layerCommunication(plan, k, pl); // reads the GEMM and attention times above
}

// A layer of a plan that recomputes a share of its layers whole (training.recompute_num_layers): the
// mean of a fully recomputed layer (`full`) and of one that recomputes nothing (`none`), weighted by
// that share, as a stage's sum over its layers has them. While one layer is recomputed, its whole
// activations are held again: the full layer's `recomputing`.
void blendLayerWork(LayerWork &full, const LayerWork &none, double share)
{
    static_assert(sizeof(LayerWork) == 23 * sizeof(double), "blend every field of LayerWork");
    auto mix = [share](double &f, double n) { f = share * f + (1.0 - share) * n; };
    mix(full.denseLayerTime, none.denseLayerTime);
    mix(full.moeLayerTime, none.moeLayerTime);
    mix(full.denseFp8Time, none.denseFp8Time);
    mix(full.moeFp8Time, none.moeFp8Time);
    mix(full.headTime, none.headTime);
    mix(full.moeAttnTime, none.moeAttnTime);
    mix(full.denseWeightCast, none.denseWeightCast);
    mix(full.moeWeightCast, none.moeWeightCast);
    mix(full.attnCoreTime, none.attnCoreTime);
    mix(full.tpLayerTime, none.tpLayerTime);
    mix(full.cpLayerTime, none.cpLayerTime);
    mix(full.cpLayerExposed, none.cpLayerExposed);
    mix(full.epLayerTime, none.epLayerTime);
    mix(full.qkvGemm, none.qkvGemm);
    mix(full.projGemm, none.projGemm);
    mix(full.fc1Gemm, none.fc1Gemm);
    mix(full.fc2Gemm, none.fc2Gemm);
    mix(full.tpLayerHidden, none.tpLayerHidden);
    mix(full.upRecompute, none.upRecompute);
    mix(full.act.dense, none.act.dense);
    mix(full.act.moe, none.act.moe);
    mix(full.act.moeOffloaded, none.act.moeOffloaded);
}

} // namespace

void layerPhase(const Plan &plan, Shape &k, const Placement &pl)
{
    if (!recomputesSomeLayers(plan)) {
        layerWork(plan, k, pl);
        return;
    }
    Plan each = plan;
    each.training.recompute_num_layers = 0;
    each.training.recompute = Recompute::None;
    layerWork(each, k, pl);
    const LayerWork none = k;
    static_cast<LayerWork &>(k) = LayerWork{};
    each.training.recompute = Recompute::Full;
    layerWork(each, k, pl);
    blendLayerWork(k, none, fullRecomputeLayerShare(plan));
}

// FLOPs and compute time (docs/model.md §2-3, §17); the layer times are layerPhase()'s.
void computePhase(const Plan &plan, Shape &k, Result &r)
{
    const TrainingSpec &tr = plan.training;
    const ModelSpec &m = plan.model;
    const GpuSpec &g = plan.gpu;
    const LayerDims &L = k.dims;
    r.params = parameterCount(m, L, false);
    r.params_active = parameterCount(m, L, true);
    const double fSeq = modelFlopsPerSequence(m, L, tr.seq_len);
    r.flops_per_step = k.B * fSeq;
    const double attnSeq = attentionFlopsPerSequence(m, L, tr.seq_len);
    r.attention_flops_per_step = k.B * attnSeq;
    const bool fp8 = tr.precision == Precision::Fp8;
    k.peak = (fp8 ? g.fp8_dense_tflops : g.bf16_dense_tflops) * 1e12;

    const double upRecompute = k.upRecompute;

    const bool full = tr.recompute == Recompute::Full;
    const double redo = recomputedLinearShare(plan); // of the layers full recompute covers
    double hwSeq = fSeq;
    if (full)
        hwSeq = fSeq * (1.0 + redo / 3.0);
    else if (tr.recompute == Recompute::Ops) // every second matmul's forward again: half the non-attention forward
        hwSeq = fSeq + redo * (fSeq - attnSeq) / 3.0;
    else if ((tr.recompute == Recompute::Selective || tr.recompute == Recompute::Dots) && !tr.flash_attention)
        hwSeq = fSeq + attnSeq / 3.0; // the attention core's forward again
    if (upRecompute > 0)              // the MLA up-projections' forward again
        hwSeq += k.l * 2.0 * k.s * (double(m.q_lora_rank) * L.q_dim + double(m.kv_lora_rank) * L.kv_up_dim);
    const RecomputeModules mods = recomputeModules(plan);
    if (mods.mlp) // the dense MLPs' forward again: 2 FLOPs per parameter per token
        hwSeq += 2.0 * k.s * L.dense_layers * L.dense_mlp_params;
    if (mods.moe) // the MoE layers' forward again (active experts and the router)
        hwSeq += 2.0 * k.s * L.moe_layers * L.moe_active_params;
    r.hardware_flops_per_step = k.B * hwSeq;
    // Backward share of the compute: 2 of 3 passes, or 3 of 4 when full recompute adds a forward
    // (2.5 of 3.5 under per-op checkpointing).
    k.backwardShare = (2.0 + redo) / (3.0 + redo);

    // Pipeline bubble (docs/model.md §6); its time needs the TP communication (communicationPhase).
    r.bubble_overhead = (k.p - 1.0) / (k.v * k.mb);
    r.bubble_share = (k.p - 1.0) / (k.v * k.mb + k.p - 1.0);
}

} // namespace commtax::engine_detail
