// SPDX-License-Identifier: GPL-3.0-or-later
// The memory phase of an evaluation (docs/model.md §8, §16-17).
#include "phases.h"

#include <algorithm>

namespace commtax {

namespace engine_detail {

// The bytes one micro-batch's layer keeps on one GPU of a stage for its backward, dense and MoE, and
// what recomputing a layer holds at once (docs/model.md §8).
LayerActivations layerActivations(const Plan &plan, const Shape &k)
{
    const TrainingSpec &tr = plan.training;
    const ModelSpec &m = plan.model;
    const LayerDims &L = k.dims;
    const double t = k.t, tokens = k.s * k.b / k.c; // this GPU's tokens of a micro-batch, before the tp split
    const double sp = tr.sequence_parallel ? t : 1.0;
    // Bytes kept per token per layer for the backward (Korthikanti et al. 2022 §4, generalised to
    // the attention's widths and the FFN's): 34*h for a GPT layer with h-wide heads and a 4h GELU FFN.
    // The layer norms' inputs and outputs (8*h) and, with dropout, its two one-byte masks (2*h) shard
    // over tp only with sequence parallelism; the rest always does. PyTorch's dropout at p = 0 returns
    // its input and keeps no mask (aten/src/ATen/native/Dropout.cpp, _dropout_impl), so a run without
    // dropout keeps 8*h: a Llama layer about 6% fewer bytes than the 34*h count, which has dropout.
    const bool dropout = m.dropout > 0.0;
    const double replicated = (dropout ? 10.0 : 8.0) * k.h;
    // Megatron-Core's further selective modules (plan.h): "layernorm" drops the two norms' outputs
    // (2h bytes each, h under FP8), "moe_act" the experts' activation output (FC2's input), "mlp" a
    // dense MLP's activations and "moe" an MoE layer's (the router's logits, the dispatched inputs,
    // the experts' and the shared experts' FFNs): the block's input is kept, as the layer's input
    // or the norm's.
    const RecomputeModules mods = recomputeModules(plan);
    // mla_up_proj recompute keeps the latents and the attention output, not Q, K and V.
    const double attn = (recomputesMlaUpProj(plan) ? 0.0 : 2.0 * (L.q_dim + L.k_dim) + 2.0 * L.v_dim) + 2.0 * L.attn_out_dim + 2.0 * L.latent_dim;
    const double fc1 = m.mlp == Mlp::SwiGlu ? 2.0 : 1.0;
    auto ffnBytes = [&](double width) { return 2.0 * fc1 * width + 2.0 * width; };
    const double denseShard = attn + (mods.mlp ? 0.0 : ffnBytes(m.ffn));
    // MoE layer: the router's logits, the dispatched inputs (k per token, the busiest GPU's share) and
    // each expert's FFN activations; the shared experts like a dense FFN.
    const double sharedFfn = ffnBytes(double(m.shared_experts) * k.fe);
    const double moeBlock = k.E * 4.0 + k.k * tr.moe_imbalance * (2.0 * k.h + ffnBytes(k.fe)) + sharedFfn;
    const double moeActOut = mods.moeAct ? k.k * tr.moe_imbalance * 2.0 * k.fe : 0.0;
    const double moeShard = attn + (mods.moe ? 0.0 : moeBlock - moeActOut);
    // Without FlashAttention, per score (Korthikanti et al. 2022 §4.1, 5*a*s/h): the softmax's output
    // (2 bytes), the dropout's mask (1) and output (2), the input of the product with V. Without
    // dropout that input is the softmax's output itself: 2 bytes.
    const double scoreBytes = dropout ? 5.0 : 2.0;
    const double scores = tr.flash_attention || tr.recompute != Recompute::None ? 0.0 : scoreBytes * k.a * k.s / k.c;
    // Under FP8, Transformer Engine saves the inputs of the linear layers for the backward in FP8, one
    // byte instead of two: the two layer-norm outputs (h each, in the replicated part), the output
    // projection's input and the second FFN GEMM's input.
    const bool fp8 = tr.precision == Precision::Fp8;
    const double normOut = mods.layernorm ? 4.0 * k.h : 0.0;
    const double fp8Replicated = fp8 && !mods.layernorm ? 2.0 * k.h : 0.0;
    const double fp8Dense = fp8 ? L.attn_out_dim + (mods.mlp ? 0.0 : double(m.ffn)) : 0.0;
    const double fp8Routed = mods.moe || mods.moeAct ? 0.0 : k.k * tr.moe_imbalance;
    const double fp8Moe = fp8 ? L.attn_out_dim + (fp8Routed + (mods.moe ? 0.0 : double(m.shared_experts))) * k.fe : 0.0;
    // Per-op checkpointing (torchtitan's "op" policy, plan.h) keeps the layer's input, attention's
    // output and every second matmul's output: half of the matmul outputs' bytes. The router's
    // logits and the dispatched inputs of an MoE layer stay whole.
    // Dots (JAX's checkpoint_dots with attention's output, MaxText's minimal_flash) keep every
    // matmul's output: the same terms with all of the matmul outputs.
    const bool ops = tr.recompute == Recompute::Ops || tr.recompute == Recompute::Dots;
    const double mmKept = tr.recompute == Recompute::Dots ? 1.0 : 0.5;
    auto mmOut = [&](double width) { return 2.0 * fc1 * width + 2.0 * k.h; }; // FC1 and FC2 outputs
    const double attnMm = 2.0 * (L.q_dim + L.k_dim + L.v_dim + L.latent_dim) + 2.0 * k.h;
    const double denseOps = 2.0 * L.attn_out_dim + mmKept * (attnMm + mmOut(m.ffn));
    const double moeOps = 2.0 * L.attn_out_dim + k.E * 4.0 + k.k * tr.moe_imbalance * 2.0 * k.h
        + mmKept * (attnMm + k.k * tr.moe_imbalance * mmOut(k.fe) + double(m.shared_experts) * mmOut(k.fe));
    auto perLayer = [&](double shard, double fp8Saved, double opsSaved) {
        if (tr.recompute == Recompute::Full)
            return tokens * 2.0 * k.h / sp; // the layer's input only
        if (ops)
            return tokens * (2.0 * k.h / sp + opsSaved / t);
        return tokens * ((replicated - normOut - fp8Replicated) / sp + (shard - fp8Saved + scores) / t);
    };
    // Fine-grained activation offload (offloadedModules(), docs/model.md §8): the experts' FC1 input
    // (the dispatched tokens) and their activation function's input (FC1's output) wait in host
    // memory; the layer keeps the rest.
    const OffloadedModules off = offloadedModules(plan);
    const double routed = k.k * tr.moe_imbalance;
    const double fc1Input = off.expertFc1 ? routed * 2.0 * k.h : 0.0;     // the dispatched tokens
    const double actInput = off.moeAct ? routed * 2.0 * fc1 * k.fe : 0.0; // FC1's output
    const double offloaded = fc1Input + actInput;
    LayerActivations out;
    out.dense = perLayer(denseShard, fp8Dense, denseOps);
    out.moe = perLayer(moeShard - offloaded, fp8Moe, moeOps);
    out.moeOffloaded = tokens * offloaded / t;
    // Full recompute (and per-op checkpointing, in part) holds one layer's whole activations again
    // while it recomputes it.
    const double wholeLayer = tokens * (replicated / sp + std::max(denseShard, moeShard) / t);
    // So do "mlp" and "moe" for the block they run again.
    const double blockAgain = std::max(mods.mlp ? ffnBytes(m.ffn) : 0.0, mods.moe ? moeBlock : 0.0);
    out.recomputing = tr.recompute == Recompute::Full || ops ? wholeLayer : tokens * blockAgain / t;
    return out;
}

// ZeRO-3 / FSDP runs each unit of parameters whole (docs/model.md §8). PyTorch FSDP and
// Megatron-FSDP all-gather a wrapped module: a transformer block, and the root with the embedding
// and the output projection. As the backward starts, with every activation still held, the unit in
// compute is whole, the next one is gathered ahead of it (FSDP's prefetch), and the unit's gradient
// is whole in BF16 until its reduce-scatter. The unit: a layer (its dense and expert parameters on
// this GPU), or the output projection's V*h/t when that is larger (Llama 3 8B: 525M against a
// layer's 218M). DeepSpeed gathers parameters in buckets (zero3_bucket_params) and never splits
// one, so its unit is the bucket or the largest matrix, whichever is larger. In bytes.
ZeroWorkingSet zeroWorkingSet(const Plan &plan, const Shape &k, const Placement &pl)
{
    ZeroWorkingSet out;
    const TrainingSpec &tr = plan.training;
    if (tr.zero < 3)
        return out;
    // What is sharded, so gathered: the dense parameters over their shard group (dp x cp without hybrid
    // sharding), the routed experts over theirs (edp).
    const double dense = pl.shard.ranks > 1 ? 1.0 / k.t : 0.0;
    const double routed = pl.eshard.ranks > 1 ? 1.0 / (k.ep * k.etp) : 0.0;
    const LayerDims &L = k.dims;
    const double head = double(plan.model.vocab) * k.h * dense;
    double unit = 0, layer = 0;
    if (tr.zero3_bucket_params > 0) {
        // The largest matrices: the output projection, a dense FFN's first (its gate and up
        // projections are one matrix in Megatron's layout) and an expert's.
        const double fc1 = plan.model.mlp == Mlp::SwiGlu ? 2.0 : 1.0;
        const double ffn = L.dense_layers > 0 ? fc1 * double(plan.model.ffn) * k.h * dense : 0.0;
        const double expert = L.moe_layers > 0 ? fc1 * k.fe * k.h * routed : 0.0;
        const double biggest = std::max({head, ffn, expert});
        unit = biggest > 0 ? std::max(tr.zero3_bucket_params, biggest) : 0.0;
        layer = unit;
    } else {
        // A layer's parameters on this GPU: the attention's and a dense MLP's, or the attention's, the
        // router's and the shared experts' with the routed experts' share.
        const double experts = k.E * L.expert_params;
        double denseLayer = 0, moeLayer = 0;
        if (L.dense_layers > 0)
            denseLayer = (L.attn_params + L.dense_mlp_params) * dense;
        if (L.moe_layers > 0)
            moeLayer = (L.attn_params + L.moe_total_params - experts) * dense + experts * routed;
        layer = std::max(denseLayer, moeLayer);
        unit = std::max(layer, head);
    }
    out.weights = 2.0 * (unit + layer);
    out.gradients = 2.0 * unit;
    return out;
}

// Memory per GPU (docs/model.md §8, §16-17): the fullest stage's.
void memoryPhase(const Plan &plan, const Shape &k, const Placement &pl, Result &r)
{
    const TrainingSpec &tr = plan.training;
    const ModelSpec &m = plan.model;
    const double t = k.t, tokens = k.s * k.b / k.c; // this GPU's tokens of a micro-batch, before the tp split
    const LayerActivations &la = k.act;
    const double denseAct = la.dense, moeAct = la.moe, recomputing = la.recomputing;
    const bool offloads = offloadsActivations(tr, la);
    // Bytes per parameter of a stage's shard, as ZeRO divides them over the data-parallel group of
    // the parameter (dp x cp for the dense ones, edp for the experts; with hybrid sharding a shard group
    // of it, training.dp_shard).
    const double gradB = gradBufferBytes(tr);
    auto perParam = [&](double dpRanks) {
        return 2.0 / (tr.zero >= 3 ? dpRanks : 1.0) + gradB / (tr.zero >= 2 ? dpRanks : 1.0)
            + tr.optimizer_bytes / (tr.zero >= 1 ? dpRanks : 1.0);
    };
    const double densePer = perParam(pl.shard.ranks), expertPer = perParam(pl.eshard.ranks);
    // The loss: logits of the last stage's micro-batch (V/t wide), as many bytes each as the loss
    // keeps (lossBytes): fused, or the unfused loss the framework runs.
    const double logits = tokens * double(m.vocab) / t * lossBytes(tr).kept;
    double fullest = -1, fullestDense = 0, fullestExpert = 0, fullestAct = 0, hostMost = 0;
    for (int i = 0; i < k.kindCount; ++i) {
        const StageKind &s = k.kinds[i];
        const double dense = s.denseParams / t, experts = s.expertParams / (k.ep * k.etp);
        const double D = s.denseLayers;
        // Offloaded layers (docs/model.md §8): their activations wait in host memory; one layer's stays
        // on the GPU while it is copied out or back.
        const OffloadedLayers off = offloadedLayers(tr, D, s.moeLayers);
        const double inFlight = stageInFlight(k, s.index, tr.ep_a2a_overlap && k.ep > 1);
        const double moeKept = s.moeLayers - off.moe;
        const double kept = (D - off.dense) * denseAct + moeKept * moeAct;
        double transit = 0;
        if (offloads) {
            // Every MoE layer holds its fine-grained offload's share in host memory (la.moeOffloaded);
            // one layer's of it is on the move in the layers kept on the GPU (docs/model.md §8).
            const double moeWhole = moeAct + la.moeOffloaded;
            const double host = (off.dense * denseAct + off.moe * moeWhole + moeKept * la.moeOffloaded) * inFlight;
            transit = std::max(std::max(off.dense > 0 ? denseAct : 0.0, off.moe > 0 ? moeWhole : 0.0),
                               moeKept > 0 ? la.moeOffloaded : 0.0);
            hostMost = std::max(hostMost, host);
        }
        const double act = kept * inFlight + transit + recomputing + (s.last ? logits : 0.0);
        const double bytes = dense * densePer + experts * expertPer + act;
        if (bytes > fullest) {
            fullest = bytes;
            fullestDense = dense;
            fullestExpert = experts;
            fullestAct = act;
        }
    }
    auto shardBytes = [&](double bytesPerParam, int zeroStage) {
        return (fullestDense * bytesPerParam / (tr.zero >= zeroStage ? double(pl.shard.ranks) : 1.0)
                + fullestExpert * bytesPerParam / (tr.zero >= zeroStage ? double(pl.eshard.ranks) : 1.0))
            / kBytesPerGB;
    };
    const ZeroWorkingSet gathered = zeroWorkingSet(plan, k, pl);
    r.memory_weights_gb = shardBytes(2.0, 3) + gathered.weights / kBytesPerGB;
    r.memory_gradients_gb = shardBytes(gradB, 2) + gathered.gradients / kBytesPerGB;
    r.memory_optimizer_gb = shardBytes(tr.optimizer_bytes, 1);
    r.memory_activations_gb = fullestAct / kBytesPerGB;
    r.memory_total_gb = r.memory_weights_gb + r.memory_gradients_gb + r.memory_optimizer_gb + r.memory_activations_gb;
    r.memory_capacity_gb = plan.gpu.memory_gb;
    r.memory_usable_gb = plan.gpu.memory_gb * (1.0 - kMemoryReserve);
    // The host's share per GPU: a node's host memory over its GPUs, all of it (the engine keeps no
    // reserve there: pinned buffers, the data loader and the OS are the user's margin).
    r.memory_offloaded_gb = hostMost / kBytesPerGB;
    r.memory_host_gb = plan.cluster.host_memory_gb / plan.cluster.gpus_per_node;
    r.fits_in_memory = r.memory_total_gb <= r.memory_usable_gb && r.memory_offloaded_gb <= r.memory_host_gb;
}

} // namespace engine_detail

} // namespace commtax
