// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The hand calculations and the plan that test_fidelity.cpp and test_fidelity_stages.cpp share: one
// dense layer's and the LM head's compute by hand, and Llama-2-7B on one DGX H100 node.
#include "core/presets.h"
#include "engine/engine.h"

#include "planfixtures.h"

#include <algorithm>

namespace commtax::test {

// Llama-2-7B on one DGX H100 node, tp=1 dp=8: NeMo 24.07's LLAMA2-7B row (8 GPUs, GBS 128, MBS 1,
// s=4096, TP=PP=1), NVIDIA/NeMo docs/source/performance/performance_summary.md.
// One dense layer's compute on one GPU per micro-batch by hand (docs/model.md §3): BF16, FlashAttention,
// selective recompute, sequence parallelism, SwiGLU; every GEMM the larger of its FLOPs at
// peak x compute_efficiency and its bytes at the HBM bandwidth, plus the GPU's fixed GEMM cost, x3.
inline double handLayerS(const Plan &p, double h, double heads, double kvHeads, double f, double s, double b, double t)
{
    const double rate = p.gpu.bf16_dense_tflops * 1e12 * p.gpu.compute_efficiency, bw = p.gpu.memory_bw_gbps * 1e9;
    auto gemm = [&](double M, double N, double K) { return std::max(2 * M * N * K / rate, 2 * (M * K + K * N + M * N) / bw) + p.gpu.gemm_overhead_us * 1e-6; };
    const double M = b * s, dh = h / heads, kv = kvHeads * dh;
    const double lin = gemm(M, (h + 2 * kv) / t, h) + gemm(M, h, h / t) + gemm(M, 2 * f / t, h) + gemm(M, h, f / t);
    // Today's cuDNN's causal ramp with sequence length, L / (L + 1200) (docs/model.md §3; cp 1 here):
    // the H100 plans this serves run the default kernel.
    const double ramp = s / (s + 1200.0);
    const double core = 0.5 * (M * s * 2 * heads * 2 * dh / t) * 3.5
        / (p.gpu.bf16_dense_tflops * 1e12 * p.gpu.attention_efficiency * ramp);
    const double ew = M * (60 * h / t + 18 * f / t) / bw;
    return 3 * lin + core + ew;
}
// The LM head on the last stage: a V/t x h BF16 GEMM x3 and 12 bytes per fp32 logit.
inline double handHeadS(const Plan &p, double h, double V, double s, double b, double t)
{
    const double rate = p.gpu.bf16_dense_tflops * 1e12 * p.gpu.compute_efficiency, bw = p.gpu.memory_bw_gbps * 1e9, M = b * s;
    // The loss's passes over the logits: 52 bytes each unfused (Megatron-LM's default, PyTorch's eager
    // loss), 12 fused or compiled.
    const double loss = p.training.fused_cross_entropy || p.training.unfused_loss == UnfusedLoss::Compiled ? 12 : 52;
    return 3 * (std::max(2 * M * V / t * h / rate, 2 * (M * h + h * V / t + M * V / t) / bw) + p.gpu.gemm_overhead_us * 1e-6) + loss * M * V / t / bw;
}

inline Plan llama7bOneNode()
{
    Plan p = presetPlan("llama2-7b", "h100-sxm", "dgx-h100");
    p.cluster.nodes = 1;
    TrainingSpec &t = p.training;
    t.seq_len = 4096;
    t.global_batch = 128;
    t.micro_batch = 1;
    t.tp = 1;
    t.pp = 1;
    t.dp = 8;
    t.vpp = 1;
    t.zero = 1;
    t.recompute = Recompute::Selective;
    t.sequence_parallel = false;
    return p;
}

} // namespace commtax::test
