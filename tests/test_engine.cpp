// SPDX-License-Identifier: GPL-3.0-or-later
// Engine tests: the seeds' worked examples done right (docs/model.md §11), published parameter counts,
// Korthikanti et al. 2022 Table 5, properties, and invalid plans.
#include "core/presets.h"
#include "core/resultio.h"
#include "core/scenario.h"
#include "engine/engine.h"
#include "engine/sweep.h"

#include "planfixtures.h"
#include "testsupport.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

using namespace commtax;
using namespace commtax::test;

namespace {

// Every metric of the registry (resultio.cpp) is finite.
bool allFinite(const Result &r)
{
    for (const MetricInfo &m : metrics())
        if (!std::isfinite(m.get(r)))
            return false;
    return true;
}

// Korthikanti et al. 2022 (Reducing Activation Recomputation in Large Transformer Models), Table 5:
// A100-80GB, TP=8, s=2048, GPT vocabulary 51200, GELU MLP with f=4h.
Plan korthikantiPlan(int l, int h, int a, int gpus, int p, int v, int B, int b, Recompute rc)
{
    Plan plan = presetPlan("gpt3-175b", "a100-sxm-80gb", "dgx-a100");
    plan.model = ModelSpec{"gpt", "GPT", l, h, a, a, 4 * h, 51200, Mlp::Gelu, true};
    plan.cluster.gpus_per_node = 8;
    plan.cluster.nodes = gpus / 8;
    TrainingSpec &t = plan.training;
    t.seq_len = 2048;
    t.tp = 8;
    t.pp = p;
    t.dp = gpus / (8 * p);
    t.vpp = v;
    t.global_batch = B;
    t.micro_batch = b;
    t.recompute = rc;
    t.sequence_parallel = rc != Recompute::Full; // "full" is the baseline without SP in Table 5
    t.flash_attention = false;
    t.zero = 0;
    t.compute_efficiency.reset();
    return plan;
}

// An attention kernel's forward and backward together from its two TFLOPS figures: the backward runs
// 2.5 times the forward's FLOPs (FlashAttention-2's count), so 3.5 units of work take 1/fwd + 2.5/bwd.
double fwdAndBwd(double fwd, double bwd) { return 3.5 / (1 / fwd + 2.5 / bwd); }

// NVIDIA cudnn-frontend's benchmarks of its SDPA and PyTorch's on H200 (the H100's SMs and BF16 peak),
// head width 128, BF16, forward and backward together (fwdAndBwd), at the lengths each series lists.
// cuDNN 9.19.1, causal and unmasked (benchmark/sdpa_benchmark_training/results/h200_919_only_cudnn/
// llama3.1_20260227_034703.csv at df73764): forward 484, 591, 644, 673 and 688 TFLOPS and backward
// 370, 474, 541, 579 and 581 at 2k-32k causal; 633, 671, 691, 702, 693 and 504, 560, 594, 612, 572
// unmasked. May 2024 (benchmark/benchmark_results.csv at b740542, 4k-64k): cuDNN 9.1.0 causal 467.94,
// 490.27, 520.26, 519.64 and 520.38 TFLOPS together, unmasked (4k-32k) 550.15, 563.68, 564.45 and
// 556.03; PyTorch's SDPA (FlashAttention-2) causal 264.47, 289.58, 310.53, 324.81 and 328.50, unmasked
// 303.74, 316.55, 321.28 and 322.18. Today's cuDNN is what the GPU presets' attention figure is.
struct Bench {
    std::vector<double> tokens, tflops;
};
const Bench kCudnn919Causal{{2048, 4096, 8192, 16384, 32768},
                            {fwdAndBwd(484, 370), fwdAndBwd(591, 474), fwdAndBwd(644, 541), fwdAndBwd(673, 579),
                             fwdAndBwd(688, 581)}};
const Bench kCudnn919Unmasked{{2048, 4096, 8192, 16384, 32768},
                              {fwdAndBwd(633, 504), fwdAndBwd(671, 560), fwdAndBwd(691, 594), fwdAndBwd(702, 612),
                               fwdAndBwd(693, 572)}};
const Bench kCudnn91Causal{{4096, 8192, 16384, 32768, 65536}, {467.94, 490.27, 520.26, 519.64, 520.38}};
const Bench kCudnn91Unmasked{{4096, 8192, 16384, 32768}, {550.15, 563.68, 564.45, 556.03}};
const Bench kFlash2Causal{{4096, 8192, 16384, 32768, 65536}, {264.47, 289.58, 310.53, 324.81, 328.50}};
const Bench kFlash2Unmasked{{4096, 8192, 16384, 32768}, {303.74, 316.55, 321.28, 322.18}};
// FlashAttention-2 on Ampere: flash-attn's benchmarks/benchmark_flash_attention.py on an RTX A5000
// (GA102), head width 128, fwd + bwd TFLOPS at 512-16k tokens (gpu-mode/ring-attention
// notebooks/flash_attn_benchmark_results.txt at 3d13c24, 2024-02-22).
const Bench kFlash2A5000Causal{{512, 1024, 2048, 4096, 8192, 16384}, {39.57, 49.85, 57.96, 64.08, 67.45, 68.00}};
const Bench kFlash2A5000Unmasked{{512, 1024, 2048, 4096, 8192, 16384}, {55.71, 62.57, 68.29, 71.91, 73.88, 74.13}};

// The long-sequence speed P of a ramp P * L / (L + R) through a benchmark, least squares.
double longSequenceSpeed(const Bench &b, double R)
{
    double xy = 0, xx = 0;
    for (size_t i = 0; i < b.tokens.size(); ++i) {
        const double x = b.tokens[i] / (b.tokens[i] + R);
        xy += x * b.tflops[i];
        xx += x * x;
    }
    return xy / xx;
}

// The ramp's miss of each of the benchmark's points, as a share of the point, with its long-sequence
// speed fitted.
std::vector<double> rampMisses(const Bench &b, double R)
{
    const double P = longSequenceSpeed(b, R);
    std::vector<double> misses;
    for (size_t i = 0; i < b.tokens.size(); ++i)
        misses.push_back(P * b.tokens[i] / (b.tokens[i] + R) / b.tflops[i] - 1);
    return misses;
}

// The ramp's worst miss of the benchmark's points.
double worstRampMiss(const Bench &b, double R)
{
    double worst = 0;
    for (double m : rampMisses(b, R))
        worst = std::max(worst, std::abs(m));
    return worst;
}

// The R of least squares (of the misses), to 5 tokens.
double bestRampTokens(const Bench &b)
{
    double best = 0, bestErr = 1e300;
    for (double R = 0; R < 3000; R += 5) {
        double err = 0;
        for (double m : rampMisses(b, R))
            err += m * m;
        if (err < bestErr)
            bestErr = err, best = R;
    }
    return best;
}

// The H100 preset's attention figure (the fit's, docs/accuracy.md) and the kernels' ramps by hand.
constexpr double kH100Attention = 0.377;
double ramp(double keys, double tokens) { return keys / (keys + tokens); }

} // namespace

class TestEngine : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parameterCountsMatchPublished_data()
    {
        QTest::addColumn<QString>("id");
        for (const Preset &p : PresetCatalog::builtIn().presets(Section::Model))
            QTest::addRow("%s", qPrintable(p.id)) << p.id;
    }
    void parameterCountsMatchPublished()
    {
        QFETCH(QString, id);
        const std::optional<Preset> p = PresetCatalog::builtIn().find(Section::Model, id);
        Plan plan;
        p->applyTo(plan);
        QVERIFY(p->publishedParams() > 0);
        QVERIFY_NEAR(parameterCount(plan.model), p->publishedParams(), 0.01);
    }
    // ZeRO-3 in DeepSpeed's buckets (docs/model.md §5). Narayanan et al. 2021 (SC'21) Table 2:
    // GPT 174.6B with ZeRO-3 and no model parallelism, batch 1536, on 384, 768 and 1536 A100s
    // ran at 144, 88 and 44 TFLOP/s per GPU: the same ~67 s a step whatever the GPU count. With
    // 5e7-parameter gathers each paying the ring's latency over the whole group, the gathers per
    // step are (micro-batches) x (buckets) and the latency per gather grows with the ranks, so
    // their product is the same at every scale, as published.
    void zero3BucketsPayTheRingLatency()
    {
        auto plan = [](int gpus, double bucket) {
            Plan p = presetPlan("gpt3-175b", "a100-sxm-80gb", "dgx-a100");
            p.model = ModelSpec{"gpt", "GPT 174.6B", 96, 12288, 96, 96, 4 * 12288, 51200, Mlp::Gelu, true};
            p.cluster.gpus_per_node = 8;
            p.cluster.nodes = gpus / 8;
            TrainingSpec &t = p.training;
            t.seq_len = 2048;
            t.tp = t.pp = t.cp = 1;
            t.dp = gpus;
            t.global_batch = 1536;
            t.micro_batch = 1;
            t.zero = 3;
            t.recompute = Recompute::Full;
            t.sequence_parallel = false;
            t.zero3_bucket_params = bucket;
            return p;
        };
        // By hand, 1536 ranks on 192 nodes: a gather's latency is NCCL's ring, 8.4 us + 1344 NVLink
        // steps of 3.4 us + 191 network steps of 14 us (gpus.json, clusters.json) = 7.25 ms.
        const double latency = (8.4 + 1344 * 3.4 + 191 * 14) * 1e-6;
        // A layer: 12h^2 + 13h = 1.812e9 parameters, and the 51200 x 12288 embedding spread over
        // 96 layers (6.55e6 each): 37 buckets of 5e7, 36 more gathers than one, forward and backward.
        const double layerParams = 12.0 * 12288 * 12288 + 13.0 * 12288 + 51200.0 * 12288 / 96;
        QCOMPARE(std::ceil(layerParams / 5e7), 37.0);
        const Result whole = evaluateValid(plan(1536, 0)), bucketed = evaluateValid(plan(1536, 5e7));
        QVERIFY_NEAR(bucketed.dp_comm_time_s - whole.dp_comm_time_s, 96 * 2 * 36 * latency, 0.01);
        // Published: the same step time at 768 and 1536 GPUs (88 x 768 = 67.6k vs 44 x 1536 =
        // 67.6k TFLOP/s in total, i.e. the same time for the same batch). The engine: 15% apart, as
        // it hides 80% of the compute's worth of gathers at 768 (dp_overlap) where DeepSpeed hid
        // less (docs/accuracy.md); one gather per layer would put them 2x apart.
        const Result half = evaluateValid(plan(768, 5e7));
        QVERIFY_NEAR(bucketed.step_time_s / half.step_time_s, 1.0, 0.2);
        // and one gather per layer (PyTorch FSDP) is not latency-bound: the step halves instead.
        QVERIFY(evaluateValid(plan(768, 0)).step_time_s > 1.8 * whole.step_time_s);
    }
    // Per-op checkpointing (recompute "ops", torchtitan's selective AC; docs/model.md §2, §8), by
    // hand on torchtitan's Llama 3 8B run: 8 GPUs, FSDP, 2 x 8192 tokens per micro-batch.
    // That run: Llama 3 8B on 8 H100s, FSDP, 2 x 8192 tokens per micro-batch, one GPU per replica.
    static Plan torchtitanLlama3_8b(Recompute rc)
    {
        Plan p = presetPlan("llama3-8b", "h100-sxm", "dgx-h100");
        TrainingSpec &t = p.training;
        t.seq_len = 8192;
        t.tp = t.pp = t.cp = 1;
        t.dp = 8;
        t.micro_batch = 2;
        t.global_batch = 16;
        t.zero = 3;
        t.sequence_parallel = false;
        t.recompute = rc;
        return p;
    }
    // Qwen3-30B-A3B (48 MoE layers, h 2048, 128 experts, top-8, expert ffn 768) on one node, EP 8, one
    // micro-batch of 4096 tokens, imbalance 1.25: 10 token-expert pairs per token on the busiest GPU.
    static Plan qwen3MoeOneNode()
    {
        Plan p = presetPlan("qwen3-30b-a3b", "h100-sxm", "dgx-h100");
        TrainingSpec &t = p.training;
        t.seq_len = 4096;
        t.tp = t.pp = t.cp = 1;
        t.dp = t.ep = 8;
        t.micro_batch = 1;
        t.global_batch = 8;
        t.moe_imbalance = 1.25;
        return p;
    }
    // GPT-OSS's paths Megatron-Core runs as separate kernels (docs/model.md §17, model/engine/phases.h),
    // by hand on qwen3MoeOneNode(): 48 MoE layers, one micro-batch of 4,096 tokens per GPU, top-8 at
    // imbalance 1.25, so 40,960 token-expert assignments on the busiest GPU, at the H100's 3,350 GB/s.
    // The clamp: 11.5 passes over the [assignments, 2 x 768] BF16 input, 46 x 768 bytes an
    // assignment: 48 x 40960 x 768 x 46 B = 69.46 GB, 20.73 ms; with moe_act recompute its forward
    // again, 62 x 768: 27.94 ms; through Transformer Engine's op fuser nothing. FC2's bias: 14 passes
    // over the [assignments, 2048] output with BF16 probabilities, 28 x 2048 B: 33.65 ms; 34 passes
    // with the flex dispatcher's FP32 ones, 68 x 2048: 81.73 ms. The rotary embedding unfused: 22 more
    // passes over Q (32 x 128) and K (4 x 128), 44 x 4608 B a token: 48 x 4096 x 202752 B, 11.90 ms.
    void gptOssPathsByHand()
    {
        const Plan base = qwen3MoeOneNode();
        QCOMPARE(base.model.layers, 48);
        QVERIFY(base.training.recompute != Recompute::Full);
        const double bw = 3350e9, layers = 48, assigned = 4096 * 8 * 1.25;
        auto compute = [](const Plan &p) { return evaluateValid(p).compute_time_s; };
        const double before = compute(base);
        Plan clamp = base;
        clamp.model.glu_clamp = 7;
        const double byHand = layers * assigned * 768 * 46 / bw;
        QVERIFY_NEAR(byHand, 20.73e-3, 1e-3);
        QVERIFY_NEAR(compute(clamp) - before, byHand, 1e-9);
        Plan again = clamp, againBase = base;
        again.training.recompute_moe_act = againBase.training.recompute_moe_act = true;
        again.training.recompute = againBase.training.recompute = Recompute::Selective;
        QVERIFY_NEAR(compute(again) - compute(againBase), layers * assigned * 768 * 62 / bw, 1e-9);
        QVERIFY_NEAR(layers * assigned * 768 * 62 / bw, 27.94e-3, 1e-3);
        Plan fused = clamp;
        fused.training.te_op_fuser = true;
        QCOMPARE(compute(fused), before);
        Plan bias = base;
        bias.model.expert_bias = true;
        QVERIFY_NEAR(compute(bias) - before, layers * assigned * 28 * 2048 / bw, 1e-9);
        QVERIFY_NEAR(layers * assigned * 28 * 2048 / bw, 33.65e-3, 1e-3);
        Plan flex = bias, flexBase = base;
        flex.training.moe_deepep = flexBase.training.moe_deepep = true;
        QVERIFY_NEAR(compute(flex) - compute(flexBase), layers * assigned * 68 * 2048 / bw, 1e-9);
        QVERIFY_NEAR(layers * assigned * 68 * 2048 / bw, 81.73e-3, 1e-3);
        bias.training.te_op_fuser = true;
        QCOMPARE(compute(bias), before);
        Plan rope = base;
        rope.training.fused_rope = false;
        QVERIFY_NEAR(compute(rope) - before, layers * 4096 * 44 * (32 * 128 + 4 * 128) / bw, 1e-9);
        QVERIFY_NEAR(layers * 4096 * 44 * (32 * 128 + 4 * 128) / bw, 11.90e-3, 1e-3);
    }
    void perOpCheckpointingByHand()
    {
        const auto plan = torchtitanLlama3_8b;
        const Result ops = evaluateValid(plan(Recompute::Ops)), full = evaluateValid(plan(Recompute::Full)),
                     sel = evaluateValid(plan(Recompute::Selective));
        // Kept per token per layer: the input 2h = 8192 B, attention's output 2o = 8192 B and half the
        // matmul outputs: Q, K, V 2(4096 + 1024 + 1024), the projection's 2*4096, FC1 2*2*14336 and
        // FC2 2*4096 = 86016 B, half 43008 B. Full recompute keeps the input only, and both hold one
        // layer's whole activations while it runs again and the same logits: the difference is
        // 32 layers x 16384 tokens x (59392 - 8192) B = 25.0 GiB.
        const double keptGiB = 32.0 * 16384 * 51200 / 1073741824.0;
        QVERIFY_NEAR(ops.memory_activations_gb - full.memory_activations_gb, keptGiB, 0.001);
        // Against selective recompute's 147456 B (72 GiB) and the same 11.7 GiB of logits: 29 GiB +
        // 2.25 GiB (the layer run again) + 11.7 GiB = 43 GiB of 83.7.
        QVERIFY(ops.memory_activations_gb < 0.55 * sel.memory_activations_gb);
        // Hardware FLOPs: half the forward of everything but attention's core again.
        QVERIFY_NEAR(ops.hardware_flops_per_step,
                     ops.flops_per_step + (ops.flops_per_step - ops.attention_flops_per_step) / 6.0, 1e-9);
        // Time: more than selective, less than full; about half of full's extra (full also runs
        // attention's core and the LM head again).
        QVERIFY(sel.compute_time_s < ops.compute_time_s && ops.compute_time_s < full.compute_time_s);
        QVERIFY_NEAR((ops.compute_time_s - sel.compute_time_s) / (full.compute_time_s - sel.compute_time_s), 0.5, 0.25);

        // Dots (MaxText's minimal_flash: JAX's checkpoint_dots_with_no_batch_dims and attention's
        // "context"): every matmul output, not half: 43008 B more per token per layer than ops,
        // 32 x 16384 x 43008 B = 21.0 GiB; no matmul runs again (HFU = MFU); the element-wise work does.
        const Result dots = evaluateValid(plan(Recompute::Dots));
        QVERIFY_NEAR(dots.memory_activations_gb - ops.memory_activations_gb, 32.0 * 16384 * 43008 / 1073741824.0, 1e-9);
        QVERIFY_NEAR(dots.hardware_flops_per_step, dots.flops_per_step, 1e-12);
        QVERIFY(sel.compute_time_s < dots.compute_time_s && dots.compute_time_s < ops.compute_time_s);
    }
    // ZeRO-3's working set (docs/model.md §8), by hand on torchtitan's Llama 3 8B plan (8 GPUs, FSDP):
    // the output projection, 128256 x 4096 = 525.3M parameters, is the largest unit (a layer is
    // 218.1M: Q and O 2 x 4096^2, K and V 2 x 4096 x 1024, the SwiGLU MLP 3 x 4096 x 14336). As the
    // backward starts it is whole (2 B), the layer after it is gathered ahead (2 B) and its gradient
    // is whole in BF16 (2 B): 2 x (525.3M + 218.1M) + 2 x 525.3M bytes = 2.364 GiB beyond the shards.
    void zero3HoldsAUnitWhole()
    {
        const Plan fsdp = torchtitanLlama3_8b(Recompute::Ops);
        Plan one = fsdp; // ZeRO-1 keeps the whole weights anyway: no gathers
        one.training.zero = 1;
        const Result a = evaluateValid(fsdp), b = evaluateValid(one);
        const double head = 128256.0 * 4096, layer = 2 * 4096.0 * 4096 + 2 * 4096.0 * 1024 + 3 * 4096.0 * 14336;
        QVERIFY_NEAR(a.memory_weights_gb - b.memory_weights_gb / 8.0, 2 * (head + layer) / 1073741824.0, 1e-6);
        QVERIFY_NEAR(a.memory_gradients_gb - b.memory_gradients_gb / 8.0, 2 * head / 1073741824.0, 1e-6);
        QVERIFY_NEAR(2 * (head + layer) / 1073741824.0 + 2 * head / 1073741824.0, 2.364, 0.001);
        // DeepSpeed gathers 5e7-parameter buckets, never splitting a matrix: its unit is the largest
        // matrix, the output projection here, gathered and prefetched, and its gradient.
        Plan ds = fsdp;
        ds.training.zero3_bucket_params = 5e7;
        const Result c = evaluateValid(ds);
        QVERIFY_NEAR(c.memory_weights_gb - b.memory_weights_gb / 8.0, 4 * head / 1073741824.0, 1e-6);
        QVERIFY_NEAR(c.memory_gradients_gb - b.memory_gradients_gb / 8.0, 2 * head / 1073741824.0, 1e-6);
    }
    static bool hasError(const std::vector<PlanError> &errors, const char *field)
    {
        return std::any_of(errors.begin(), errors.end(), [&](const PlanError &e) { return e.field == field; });
    }
    // Hybrid sharding (training.dp_shard, docs/model.md §5, §8): torchtitan's Llama 3 8B with FSDP on
    // four nodes, sharded inside each node's 8 GPUs (data_parallel_shard_degree 8, replicate 4).
    void hybridShardingByHand()
    {
        Plan node = torchtitanLlama3_8b(Recompute::Ops); // one node: dp 8, 2 x 8,192 tokens, one micro-batch
        Plan full = node;
        full.cluster.nodes = 4;
        full.training.dp = 32;
        full.training.global_batch = 64; // still one micro-batch a step
        Plan hsdp = full;
        hsdp.training.dp_shard = 8;
        QVERIFY(validate(hsdp).empty());
        const Result n = evaluateValid(node), f = evaluateValid(full), h = evaluateValid(hsdp);
        // A GPU holds what a GPU of one shard group alone holds: its states over 8 ranks, not 32.
        QCOMPARE(h.memory_total_gb, n.memory_total_gb);
        QCOMPARE(h.memory_optimizer_gb, n.memory_optimizer_gb);
        QVERIFY_NEAR(h.memory_optimizer_gb, 4 * f.memory_optimizer_gb, 1e-12 * h.memory_optimizer_gb);
        // Its traffic: the node's gathers and reduce-scatters, and then each layer's shard of the
        // gradients (a 32nd of the model's parameters over 8, in FP32: grad_bytes 4) all-reduced over
        // the 4 copies, one GPU a node, once a micro-batch.
        const double layerShard = h.params / 32 / 8;
        QVERIFY_NEAR(layerShard, 8.03e9 / 256, 0.01 * 8.03e9 / 256); // Llama 3 8B: 8.03B parameters
        const GroupLink copies = groupLink(hsdp.gpu, hsdp.cluster, 4, 4, 1);
        const double allReduce = collectiveTimeS(Collective::AllReduce, layerShard * 4.0, copies);
        QVERIFY(allReduce > 0);
        QVERIFY_NEAR(h.dp_comm_time_s, n.dp_comm_time_s + 32 * allReduce, 1e-9 * h.dp_comm_time_s);
        // The copies' all-reduce runs once a step, in the last micro-batch's backward: with two
        // micro-batches the node's traffic doubles and the all-reduces stay 32 (ZeRO-3) and one (ZeRO-2).
        for (const int zero : {3, 2}) {
            Plan two = hsdp, twoNode = node;
            two.training.zero = twoNode.training.zero = zero;
            two.training.micro_batch = twoNode.training.micro_batch = 1; // 2 micro-batches a step
            const double layers = zero == 3 ? 32 : 1, bytes = (zero == 3 ? h.params / 32 : h.params) / 8 * 4.0;
            const Result r2 = evaluateValid(two), n2 = evaluateValid(twoNode);
            QVERIFY_NEAR(r2.dp_comm_time_s,
                         n2.dp_comm_time_s + layers * collectiveTimeS(Collective::AllReduce, bytes, copies),
                         1e-9 * r2.dp_comm_time_s);
        }
        // On rail-optimised nodes a ring across them runs each of its 8 channels over its own NIC
        // (360 GB/s here, NVLink's), so full sharding's bandwidth matches HSDP's; what HSDP saves at
        // scale is the ring's latency: 2,047 steps a collective over 256 nodes, against 7 and 255.
        Plan bigFull = full, bigHsdp = hsdp;
        bigFull.cluster.nodes = bigHsdp.cluster.nodes = 256;
        bigFull.training.dp = bigHsdp.training.dp = 2048;
        bigFull.training.global_batch = bigHsdp.training.global_batch = 4096;
        const Result bf = evaluateValid(bigFull), bh = evaluateValid(bigHsdp);
        QVERIFY(bf.dp_comm_time_s > 2 * bh.dp_comm_time_s);
        // The full group's sync is latency-bound, and the warning names hybrid sharding; HSDP's is not.
        QVERIFY(bf.warnings & WarnDpLatencyBound);
        QVERIFY(!(bh.warnings & WarnDpLatencyBound));
        const std::vector<std::string> said = warningMessages(bf, bigFull);
        QVERIFY(std::any_of(said.begin(), said.end(), [](const std::string &w) {
            return w.find("latency-bound") != std::string::npos && w.find("dp_shard") != std::string::npos;
        }));
        // dp_shard = dp is no hybrid sharding; under ZeRO 0 it changes nothing.
        Plan whole = full;
        whole.training.dp_shard = 32;
        QCOMPARE(evaluateValid(whole).step_time_s, f.step_time_s);
        Plan ddp = hsdp, ddpFull = full;
        ddp.training.zero = ddpFull.training.zero = 0;
        QCOMPARE(evaluateValid(ddp).step_time_s, evaluateValid(ddpFull).step_time_s);
        // ZeRO-1 (Megatron-Core's --num-distributed-optimizer-instances 4): the reduce-scatter and
        // the gather in the node, the shard's all-reduce over the copies, once a step.
        Plan one = hsdp, oneNode = node;
        one.training.zero = oneNode.training.zero = 1;
        const double wholeShard = h.params / 8;
        QVERIFY_NEAR(evaluateValid(one).dp_comm_time_s,
                     evaluateValid(oneNode).dp_comm_time_s
                         + collectiveTimeS(Collective::AllReduce, wholeShard * 4.0, copies),
                     1e-9 * evaluateValid(one).dp_comm_time_s);
        // A GPU count applied to the plan (the sweeps, the comparison, a GPU move) keeps the shard
        // groups where they divide the new dp, else the largest that divides both.
        Plan resized = hsdp;
        resized.training.tp = 2;
        resized.training.dp = 16;
        QVERIFY(resizePlan(resized, 24, GpuScaling::FixedGlobalBatch, nullptr));
        QCOMPARE(resized.training.dp, 12);
        QCOMPARE(resized.training.dp_shard, 4);
        QVERIFY(!hasError(validate(resized), "training.dp_shard"));
        QVERIFY(resizePlan(resized, 64, GpuScaling::FixedGlobalBatch, nullptr));
        QCOMPARE(resized.training.dp_shard, 4); // 4 divides 32: kept
        // A shard group must divide dp, and its copies the experts' data-parallel group.
        Plan odd = hsdp;
        odd.training.dp_shard = 12;
        QVERIFY(hasError(validate(odd), "training.dp_shard"));
        odd.training.zero = 0; // nothing sharded: not read
        QVERIFY(validate(odd).empty());
        Plan moe = qwen3MoeOneNode();
        moe.cluster.nodes = 4;
        moe.training.dp = 32;
        moe.training.global_batch = 32;
        moe.training.ep = 32; // edp = 32 / 32 = 1: four copies cannot split it
        moe.training.dp_shard = 8;
        QVERIFY(hasError(validate(moe), "training.dp_shard"));
        moe.training.ep = 8; // edp 4: one expert rank a node per copy
        QVERIFY(validate(moe).empty());
        // The experts' states: over edp = 4 without hybrid sharding, whole in each of the 4 copies
        // with it (Megatron-Core's intra-partial expert group of edp / 4 = 1 rank); the dense ones
        // over 32 and 8. By hand: ZeRO-1, 12 bytes a parameter of the optimizer's state.
        Plan moeFull = moe;
        moeFull.training.dp_shard = 0;
        moe.training.zero = moeFull.training.zero = 1;
        const Result mh = evaluateValid(moe), mf = evaluateValid(moeFull);
        const double experts = 48.0 * 128 * 3 * 2048 * 768 / 8; // a GPU's 16 experts of each layer
        const double dense = mh.params - 48.0 * 128 * 3 * 2048 * 768;
        QVERIFY_NEAR(mf.memory_optimizer_gb * 1073741824.0, 12 * (experts / 4 + dense / 32), 1e-6 * 12 * dense);
        QVERIFY_NEAR(mh.memory_optimizer_gb * 1073741824.0, 12 * (experts + dense / 8), 1e-6 * 12 * dense);
    }
    void partialRecomputeIsItsShareOfFull()
    {
        // Megatron-LM's --recompute-method block --recompute-num-layers 16 on Llama 3 8B's 32 layers,
        // one stage (torchtitan's selective_ac_option "2" alike): half the layers recomputed whole.
        const Plan full = torchtitanLlama3_8b(Recompute::Full), none = torchtitanLlama3_8b(Recompute::None);
        Plan half = full;
        half.training.recompute_num_layers = 16;
        QCOMPARE(fullRecomputeLayerShare(half), 0.5);
        const Result h = evaluateValid(half), f = evaluateValid(full), n = evaluateValid(none);
        // By hand: half the layers' forward again, F_hw = (1 + 1/2 / 3) F = 7/6 F (docs/model.md §2).
        QVERIFY_NEAR(h.hardware_flops_per_step / h.flops_per_step, 7.0 / 6.0, 1e-12);
        QVERIFY_NEAR(f.hardware_flops_per_step / f.flops_per_step, 4.0 / 3.0, 1e-12);
        // Every per-layer time is the mean of the two ends: so is the step's compute.
        QVERIFY_NEAR(h.compute_time_s, (f.compute_time_s + n.compute_time_s) / 2, 1e-9 * f.compute_time_s);
        // The kept activations lie between; a recomputed layer's whole activations are held again.
        QVERIFY(h.memory_activations_gb > f.memory_activations_gb);
        QVERIFY(h.memory_activations_gb < n.memory_activations_gb);
        // A count of a whole chunk or more is every layer; without full recompute it is ignored.
        Plan all = full;
        all.training.recompute_num_layers = 32;
        QCOMPARE(evaluateValid(all).step_time_s, f.step_time_s);
        Plan sel = torchtitanLlama3_8b(Recompute::Selective);
        const double selStep = evaluateValid(sel).step_time_s;
        sel.training.recompute_num_layers = 16;
        QCOMPARE(evaluateValid(sel).step_time_s, selStep);
        QCOMPARE(fullRecomputeLayerShare(sel), 0.0);
        // Per chunk: pp 2 x vpp 2 makes four chunks of 8 layers; 4 of each is half again.
        Plan chunks = half;
        chunks.training.pp = 2;
        chunks.training.vpp = 2;
        chunks.training.dp = 4;
        chunks.training.recompute_num_layers = 4;
        chunks.cluster.nodes = 1;
        QCOMPARE(fullRecomputeLayerShare(chunks), 0.5);
        const std::vector<PlanError> errors = validate(chunks);
        QVERIFY2(errors.empty(), errors.empty() ? "" : errors.front().message.c_str());
    }
    void recomputeModulesByHand()
    {
        // Megatron-Core's --recompute-modules (megatron/core/transformer/transformer_config.py): the
        // memory each drops and the work it adds, on Llama 3 8B (h 4096, SwiGLU ffn 14336, 32 layers)
        // with 16384 tokens per micro-batch on one GPU.
        auto dense = [](auto set) {
            Plan p = torchtitanLlama3_8b(Recompute::Selective);
            set(p.training);
            return p;
        };
        const Result sel = evaluateValid(dense([](TrainingSpec &) {}));
        // layernorm: the two norms' outputs, 2 x 2h = 16384 B per token per layer: 32 x 16384 x 16384 B
        // = 8 GiB.
        const Result ln = evaluateValid(dense([](TrainingSpec &t) { t.recompute_layernorm = true; }));
        QVERIFY_NEAR(sel.memory_activations_gb - ln.memory_activations_gb, 8.0, 1e-9);
        QVERIFY(ln.compute_time_s > sel.compute_time_s);
        // mlp: FC1's output 2 x 2 x 14336, the activation's 2 x 14336 = 86016 B per token per layer,
        // held again for the one layer running again: 31 x 16384 x 86016 B = 40.6875 GiB.
        const Result mlp = evaluateValid(dense([](TrainingSpec &t) { t.recompute_mlp = true; }));
        QVERIFY_NEAR(sel.memory_activations_gb - mlp.memory_activations_gb, 31.0 * 16384 * 86016 / 1073741824.0, 1e-9);
        // The MLPs' forward again: 2 FLOPs x 3 x 4096 x 14336 parameters x 32 layers per token, 16 x
        // 8192 tokens a step.
        QVERIFY_NEAR(mlp.hardware_flops_per_step - sel.hardware_flops_per_step, 2.0 * 3 * 4096 * 14336 * 32 * 16 * 8192,
                     1e-9);
        QVERIFY(mlp.compute_time_s > ln.compute_time_s);
        // Not selective: refused, naming the field.
        Plan full = dense([](TrainingSpec &t) { t.recompute_mlp = true; });
        full.training.recompute = Recompute::Full;
        QVERIFY(!validate(full).empty());
        QCOMPARE(QString::fromStdString(validate(full).front().field), QStringLiteral("training.recompute_mlp"));

        auto moe = [](auto set) {
            Plan p = qwen3MoeOneNode();
            set(p.training);
            return p;
        };
        const Result msel = evaluateValid(moe([](TrainingSpec &) {}));
        // moe_act: the activation's output, 2 x 768 B per pair: 48 x 4096 x 10 x 1536 B = 2.8125 GiB.
        const Result act = evaluateValid(moe([](TrainingSpec &t) { t.recompute_moe_act = true; }));
        QVERIFY_NEAR(msel.memory_activations_gb - act.memory_activations_gb, 2.8125, 1e-9);
        // moe: the router's logits 128 x 4 B, and per pair the dispatched input 2 x 2048 and the FFN's
        // 6 x 768 B: 87552 B per token per layer, held again for the one layer running again.
        const Result whole = evaluateValid(moe([](TrainingSpec &t) { t.recompute_moe = true; }));
        const double wholeGiB = 47.0 * 4096 * 87552 / 1073741824.0;
        QVERIFY_NEAR(msel.memory_activations_gb - whole.memory_activations_gb, wholeGiB, 1e-9);
        // The dispatch and combine run again with the forward: 6 all-to-alls a layer instead of 4.
        QVERIFY_NEAR(whole.ep_comm_time_s / msel.ep_comm_time_s, 1.5, 1e-9);
        QVERIFY(whole.compute_time_s > act.compute_time_s && act.compute_time_s > msel.compute_time_s);
    }
    // Megatron-Core's fine-grained activation offload (--offload-modules expert_fc1 moe_act; its
    // docs/source/api-guide/fine_grained_activation_offloading.md): each module's saved input goes to
    // host memory after its forward and comes back before its backward. qwen3MoeOneNode(): one stage,
    // one micro-batch of 4096 tokens, 10 token-expert pairs per token, 48 MoE layers.
    void fineGrainedOffloadByHand()
    {
        auto moe = [](bool fc1, bool act) {
            Plan p = qwen3MoeOneNode();
            p.training.offload_expert_fc1 = fc1;
            p.training.offload_moe_act = act;
            return p;
        };
        const Result sel = evaluateValid(moe(false, false));
        QCOMPARE(sel.memory_offloaded_gb, 0.0);
        // expert_fc1: the dispatched input, 2 x 2048 B per pair: 4096 x 10 x 4096 B = 0.15625 GiB a
        // layer. The host holds the 48 layers'; the GPU keeps the one on the move.
        const Result fc1 = evaluateValid(moe(true, false));
        QVERIFY_NEAR(sel.memory_activations_gb - fc1.memory_activations_gb, 47 * 0.15625, 1e-9);
        QVERIFY_NEAR(fc1.memory_offloaded_gb, 48 * 0.15625, 1e-9);
        // moe_act: FC1's SwiGLU output, 2 x 2 x 768 B per pair: 0.1171875 GiB a layer; both, 0.2734375.
        const Result both = evaluateValid(moe(true, true));
        QVERIFY_NEAR(sel.memory_activations_gb - both.memory_activations_gb, 47 * 0.2734375, 1e-9);
        QVERIFY_NEAR(both.memory_offloaded_gb, 48 * 0.2734375, 1e-9);
        // It adds to recomputing the activation's output (2.8125 GiB, recomputeModulesByHand): NVIDIA's
        // recipes offload the input and recompute the output.
        Plan mixed = moe(false, true);
        mixed.training.recompute_moe_act = true;
        QVERIFY_NEAR(sel.memory_activations_gb - evaluateValid(mixed).memory_activations_gb, 47 * 0.1171875 + 2.8125,
                     1e-9);
        // Time: each layer's copy out and back beyond the forward and the backward it hides under. On
        // two host links too slow for either copy to hide, the waits differ by exactly 48 layers x 2
        // copies x 0.2734375 GiB over each link's speed (1 and 2 GB/s): 14.09 s.
        Plan slow = moe(true, true), slower = slow, fast = slow;
        slow.cluster.host_link_gbps = 2;
        slower.cluster.host_link_gbps = 1;
        fast.cluster.host_link_gbps = 1e6;
        const double bytes = 0.2734375 * 1073741824.0;
        QVERIFY_NEAR(evaluateValid(slower).offload_time_s - evaluateValid(slow).offload_time_s,
                     48 * 2 * bytes * (1 / 1e9 - 1 / 2e9), 1e-9);
        // On a fast link it all hides: the compute is the plan's without offload.
        const Result hidden = evaluateValid(fast);
        QCOMPARE(hidden.offload_time_s, 0.0);
        QVERIFY_NEAR(hidden.compute_time_s, sel.compute_time_s, 1e-12 * sel.compute_time_s);
        // Nothing to move where the layer keeps none of it: under full recompute, or recompute of the
        // whole MoE layer, and in a dense model (the fields are ignored there, as Megatron-Core's
        // modules are in a layer without them).
        for (const auto set : {+[](TrainingSpec &t) { t.recompute = Recompute::Full; },
                               +[](TrainingSpec &t) { t.recompute_moe = true; }}) {
            Plan off = moe(true, true), base = moe(false, false);
            set(off.training);
            set(base.training);
            QCOMPARE(evaluateValid(off).memory_activations_gb, evaluateValid(base).memory_activations_gb);
            QCOMPARE(evaluateValid(off).memory_offloaded_gb, 0.0);
        }
        Plan dense = torchtitanLlama3_8b(Recompute::Selective);
        const double denseGb = evaluateValid(dense).memory_activations_gb;
        dense.training.offload_expert_fc1 = dense.training.offload_moe_act = true;
        QCOMPARE(evaluateValid(dense).memory_activations_gb, denseGb);
    }
    void optimizerBytesByHand()
    {
        // BF16 moments (DeepSeek-V3 report §3.3.4; Megatron-Core --use-precision-aware-optimizer):
        // 8 bytes per parameter instead of 12, ZeRO-1 over dp 8 on Llama 3 8B.
        auto plan = [](double bytes) {
            Plan p = presetPlan("llama3-8b", "h100-sxm", "dgx-h100");
            p.training.tp = p.training.pp = p.training.cp = 1;
            p.training.dp = 8;
            p.training.zero = 1;
            p.training.global_batch = 64;
            p.training.optimizer_bytes = bytes;
            return p;
        };
        const Result adam = evaluateValid(plan(12)), bf16 = evaluateValid(plan(8));
        QVERIFY_NEAR(adam.memory_optimizer_gb - bf16.memory_optimizer_gb, 4.0 * adam.params / 8 / 1073741824.0, 1e-9);
        // The step reads and writes the state, writes the bf16 weight and reads the fp32 gradient:
        // (2 x 8 + 2 + 4) / (2 x 12 + 2 + 4) = 22 / 30 of the traffic.
        QVERIFY_NEAR(bf16.optimizer_time_s / adam.optimizer_time_s, 22.0 / 30.0, 1e-9);
    }
    // Llama 3 8B on one node of 8 GPUs, one sequence of `seq` tokens per GPU and context-parallel
    // group (dp 8 / cp, tp = pp = 1, no sequence parallelism), on the attention kernel `kernel`: the
    // attention tests' plan.
    static Plan llama3_8bAttention(int seq, AttentionKernel kernel, const char *gpu = "h100-sxm",
                                   const char *cluster = "dgx-h100", int cp = 1)
    {
        Plan p = presetPlan("llama3-8b", gpu, cluster);
        p.cluster.nodes = 1;
        TrainingSpec &t = p.training;
        t.seq_len = seq;
        t.tp = t.pp = 1;
        t.cp = cp;
        t.dp = 8 / cp;
        t.micro_batch = 1;
        t.global_batch = t.dp;
        t.sequence_parallel = false;
        t.attention_kernel = kernel;
        return p;
    }
    // The attention kernel (docs/model.md §3). Llama 3 8B (32 layers, hidden 4096) at 32,768 tokens,
    // one sequence per H100 (dp 8, tp = cp = 1): a layer's attention core runs, forward, on the causal
    // half of QK^T and AV, 0.5 x 4 x 32768^2 x 4096 = 8.796e12 FLOP, and 3.5 times that with the
    // backward (FlashAttention-2's count, selective recompute runs it once): 32 layers x 3.078e13 =
    // 9.852e14 FLOP a step. Today's cuDNN kernel reaches 0.377 of 989 TFLOPS (the H100 preset) on long
    // sequences, 32768 / (32768 + 1200) of that at 32,768 tokens (its causal ramp, phases.h): 2.739 s;
    // FlashAttention-2 0.52 of that figure with its own ramp, 32768 / (32768 + 1100): 5.252 s, 2.513 s
    // more; 2024's cuDNN 0.82 of it with a ramp of 560 tokens: 0.538 s more. On the A100 the kernels
    // are one.
    void attentionKernelByHand()
    {
        auto plan = [](const char *gpu, const char *cluster, AttentionKernel kernel) {
            return llama3_8bAttention(32768, kernel, gpu, cluster);
        };
        const Plan cudnn = plan("h100-sxm", "dgx-h100", AttentionKernel::Cudnn);
        QCOMPARE(cudnn.gpu.bf16_dense_tflops, 989.0);
        QCOMPARE(cudnn.gpu.attention_efficiency, kH100Attention);
        QCOMPARE(cudnn.gpu.flash2_attention_ratio, 0.52);
        // The ratio by hand: FlashAttention-2's long-sequence speed over today's cuDNN's, each through
        // its own ramp (kFlash2Causal, kCudnn919Causal): 333.0 / 641.8.
        QVERIFY_NEAR(longSequenceSpeed(kFlash2Causal, 1100) / longSequenceSpeed(kCudnn919Causal, 1200), 0.519, 1e-3);
        const double flops = 32 * 3.5 * 0.5 * 4 * 32768.0 * 32768.0 * 4096;
        const double onCudnn = flops / (989e12 * kH100Attention * ramp(32768, 1200));
        QVERIFY_NEAR(onCudnn, 2.739, 1e-3);
        const double onFlash2 = flops / (989e12 * kH100Attention * 0.52 * ramp(32768, 1100));
        QVERIFY_NEAR(onFlash2 - onCudnn, 2.513, 1e-3);
        const Result a = evaluateValid(cudnn), b = evaluateValid(plan("h100-sxm", "dgx-h100", AttentionKernel::Flash2));
        QVERIFY_NEAR(b.compute_time_s - a.compute_time_s, onFlash2 - onCudnn, 1e-9 * onFlash2);
        const Result c = evaluateValid(plan("h100-sxm", "dgx-h100", AttentionKernel::Cudnn2024));
        const double on2024 = flops / (989e12 * kH100Attention * 0.82 * ramp(32768, 560));
        QVERIFY_NEAR(on2024 - onCudnn, 0.538, 1e-3);
        QVERIFY_NEAR(c.compute_time_s - a.compute_time_s, on2024 - onCudnn, 1e-9 * onCudnn);
        // Without FlashAttention the kernel is not asked about.
        Plan unfusedA = cudnn, unfusedB = plan("h100-sxm", "dgx-h100", AttentionKernel::Flash2);
        unfusedA.training.flash_attention = unfusedB.training.flash_attention = false;
        QCOMPARE(evaluateValid(unfusedA).step_time_s, evaluateValid(unfusedB).step_time_s);
        // Ampere: one kernel, FlashAttention-2, for all three labels.
        const double a100 = evaluateValid(plan("a100-sxm-80gb", "dgx-a100", AttentionKernel::Cudnn)).step_time_s;
        QCOMPARE(evaluateValid(plan("a100-sxm-80gb", "dgx-a100", AttentionKernel::Flash2)).step_time_s, a100);
        QCOMPARE(evaluateValid(plan("a100-sxm-80gb", "dgx-a100", AttentionKernel::Cudnn2024)).step_time_s, a100);
    }

    // The kernels' ramps and 2024's cuDNN against today's (model/engine/phases.h) from the benchmarks
    // (kCudnn919Causal and the others): the least-squares R of each series, the ramp's worst miss of
    // its points with the engine's R, and the long-sequence speeds: cuDNN 9.1.0 529.3 TFLOPS against
    // 9.19.1's 641.8, 0.825 (the engine's 0.82).
    void attentionRampsFromBenchmarks()
    {
        QCOMPARE(bestRampTokens(kCudnn919Causal), 1235.0);
        QCOMPARE(bestRampTokens(kCudnn91Causal), 540.0);
        QCOMPARE(bestRampTokens(kFlash2Causal), 1105.0);
        QCOMPARE(bestRampTokens(kCudnn919Unmasked), 350.0);
        QCOMPARE(bestRampTokens(kCudnn91Unmasked), 80.0);
        QCOMPARE(bestRampTokens(kFlash2Unmasked), 295.0);
        QCOMPARE(bestRampTokens(kFlash2A5000Causal), 400.0);
        QCOMPARE(bestRampTokens(kFlash2A5000Unmasked), 185.0);
        QVERIFY(worstRampMiss(kFlash2A5000Causal, 400) < 0.012);
        QVERIFY_NEAR(longSequenceSpeed(kFlash2A5000Unmasked, 185) / longSequenceSpeed(kFlash2A5000Causal, 400), 1.07,
                     0.003);
        QVERIFY(worstRampMiss(kCudnn919Causal, 1200) < 0.021);
        QVERIFY(worstRampMiss(kCudnn91Causal, 560) < 0.017);
        QVERIFY(worstRampMiss(kFlash2Causal, 1100) < 0.015);
        // The forward-only ramp the engine had before (385 tokens, the FlashAttention-3 paper's forward)
        // misses today's kernel by a fifth at 2k tokens.
        QVERIFY(worstRampMiss(kCudnn919Causal, 385) > 0.18);
        const double today = longSequenceSpeed(kCudnn919Causal, 1200);
        QVERIFY_NEAR(today, 641.8, 0.1);
        QVERIFY_NEAR(longSequenceSpeed(kCudnn91Causal, 560) / today, 0.825, 1e-3);
        // Unmasked against causal, each kernel's long-sequence speeds: 0.99, 1.065 and 0.98.
        QVERIFY_NEAR(longSequenceSpeed(kCudnn919Unmasked, 350) / today, 0.99, 0.003);
        QVERIFY_NEAR(longSequenceSpeed(kCudnn91Unmasked, 80) / longSequenceSpeed(kCudnn91Causal, 560), 1.065, 0.003);
        QVERIFY_NEAR(longSequenceSpeed(kFlash2Unmasked, 295) / longSequenceSpeed(kFlash2Causal, 1100), 0.98, 0.003);
        // The engine's constant, read through a plan: Llama 3 8B at 8,192 tokens on H100 and B200.
        const Plan today8k = llama3_8bAttention(8192, AttentionKernel::Cudnn, "h100-sxm", "dgx-h100");
        const Plan old8k = llama3_8bAttention(8192, AttentionKernel::Cudnn2024, "h100-sxm", "dgx-h100");
        const double flops = 32 * 3.5 * 0.5 * 4 * 8192.0 * 8192.0 * 4096;
        const double core = flops / (989e12 * kH100Attention * ramp(8192, 1200));
        const double core2024 = flops / (989e12 * kH100Attention * 0.82 * ramp(8192, 560));
        QVERIFY_NEAR(core2024 - core, 0.02583, 1e-3);
        QVERIFY_NEAR(evaluateValid(old8k).compute_time_s - evaluateValid(today8k).compute_time_s, core2024 - core,
                     1e-9 * core);
        // Blackwell has its own cuDNN kernel: 2024's is slower there too.
        const Plan todayB = llama3_8bAttention(8192, AttentionKernel::Cudnn, "b200", "hgx-b200");
        const Plan oldB = llama3_8bAttention(8192, AttentionKernel::Cudnn2024, "b200", "hgx-b200");
        QVERIFY(evaluateValid(oldB).compute_time_s > evaluateValid(todayB).compute_time_s);
    }

    // The ramp with sequence length (docs/model.md §3), through a plan. Llama 3 8B at 1,024 tokens,
    // 32 sequences per H100 in one micro-batch: the attention core is 32 layers x 3.5 x 0.5 x 4 x
    // 1024^2 x 4096 x 32 = 3.079e13 FLOP, at 989 TFLOPS x 0.377 x 1024 / 2224 = 171.7 TFLOPS 0.1793 s;
    // FlashAttention-2 (0.52, 1024 / 2124) 0.3294 s, 0.1500 s more. With context parallelism 2 at
    // 2,048 tokens each GPU holds 1,024 tokens in two chunks of 512: its own chunks are one causal call
    // over 1,024 keys, half its work; the other half is one unmasked call (the other GPU's keys), half
    // of it both query chunks against 512 keys, half one against 1,024. Today's cuDNN unmasked: 0.99 x
    // L / (L + 350): 0.5880 at 512 keys, 0.7378 at 1,024; causal 0.4604: the GPU's speed 2 / (1/0.4604
    // + 0.5/0.5880 + 0.5/0.7378) = 0.5406 of the long-sequence figure, where the causal call alone
    // would have 0.4604: 0.1527 s for the 3.079e13 FLOP, against 0.1793.
    void attentionRampByHand()
    {
        auto plan = [](int seq, int cp, AttentionKernel kernel) {
            Plan p = llama3_8bAttention(seq, kernel, "h100-sxm", "dgx-h100", cp);
            p.training.micro_batch = 32768 / seq;
            p.training.global_batch = p.training.micro_batch * p.training.dp;
            return p;
        };
        const double flops = 32 * 3.5 * 0.5 * 4 * 1024.0 * 1024.0 * 4096 * 32;
        QVERIFY_NEAR(flops, 3.079e13, 1e-3 * 3.079e13);
        const double onCudnn = flops / (989e12 * kH100Attention * ramp(1024, 1200));
        QVERIFY_NEAR(onCudnn, 0.1793, 1e-3);
        const double onFlash2 = flops / (989e12 * kH100Attention * 0.52 * ramp(1024, 1100));
        QVERIFY_NEAR(onFlash2 - onCudnn, 0.1500, 1e-3);
        const Result a = evaluateValid(plan(1024, 1, AttentionKernel::Cudnn));
        const Result b = evaluateValid(plan(1024, 1, AttentionKernel::Flash2));
        QVERIFY_NEAR(b.compute_time_s - a.compute_time_s, onFlash2 - onCudnn, 1e-9 * onFlash2);
        // cp 2 at 2,048 tokens: the same FLOPs a GPU (half of a 2,048-token sequence's causal work).
        const double flopsCp = 32 * 3.5 * 0.5 * 4 * 2048.0 * 2048.0 * 4096 * 16 / 2;
        QCOMPARE(flopsCp, flops);
        const double causal = ramp(1024, 1200), u512 = 0.99 * ramp(512, 350), u1024 = 0.99 * ramp(1024, 350);
        QVERIFY_NEAR(causal, 0.4604, 1e-3);
        QVERIFY_NEAR(u512, 0.5880, 1e-3);
        QVERIFY_NEAR(u1024, 0.7378, 1e-3);
        const double speed = 2 / (1 / causal + 0.5 / u512 + 0.5 / u1024);
        QVERIFY_NEAR(speed, 0.5406, 1e-3);
        const double onCudnnCp = flopsCp / (989e12 * kH100Attention * speed);
        QVERIFY_NEAR(onCudnnCp, 0.1527, 1e-3);
        // FlashAttention-2's: causal 1024 / 2124, unmasked 0.98 x L / (L + 295).
        const double fSpeed
            = 2 / (1 / ramp(1024, 1100) + 0.5 / (0.98 * ramp(512, 295)) + 0.5 / (0.98 * ramp(1024, 295)));
        const double onFlash2Cp = flopsCp / (989e12 * kH100Attention * 0.52 * fSpeed);
        const Result c = evaluateValid(plan(2048, 2, AttentionKernel::Cudnn));
        const Result d = evaluateValid(plan(2048, 2, AttentionKernel::Flash2));
        QVERIFY_NEAR(d.compute_time_s - c.compute_time_s, onFlash2Cp - onCudnnCp, 1e-6 * onCudnnCp);
        // On the A100 FlashAttention-2 ramps as on Ampere (400 tokens): the same tokens a GPU as 32
        // sequences of 1,024 in 16 of 2,048 leave every term but attention alone, whose FLOPs double:
        // 3.079e13 FLOP at 312 TFLOPS x 0.432 x 1024 / 1424 is 0.3176 s, 6.157e13 at 2048 / 2448
        // 0.5460 s: 0.2284 s more.
        auto a100 = [](int seq) {
            Plan p = llama3_8bAttention(seq, AttentionKernel::Flash2, "a100-sxm-80gb", "dgx-a100");
            p.training.micro_batch = 32768 / seq;
            p.training.global_batch = p.training.micro_batch * p.training.dp;
            return p;
        };
        const Plan a1k = a100(1024);
        QCOMPARE(a1k.gpu.attention_efficiency, 0.432);
        const double t1k = flops / (312e12 * 0.432 * ramp(1024, 400));
        const double t2k = 2 * flops / (312e12 * 0.432 * ramp(2048, 400));
        QVERIFY_NEAR(t1k, 0.3176, 1e-3);
        QVERIFY_NEAR(t2k - t1k, 0.2284, 1e-3);
        QVERIFY_NEAR(evaluateValid(a100(2048)).compute_time_s - evaluateValid(a1k).compute_time_s, t2k - t1k,
                     1e-6 * t2k);
    }

    // The attention kernel at a head width under 128 (docs/model.md §3). FlashAttention-3 paper (arXiv
    // 2407.08608), H100 SXM5, BF16, no mask, forward and backward TFLOPS at 8k tokens: cuDNN 412 and
    // 432 at width 64, 600 and 518 at 128; FlashAttention-2 322 and 287 against 370 and 318. Forward
    // and backward together (the backward 2.5 times the forward's FLOPs): 3.5 / (1/412 + 2.5/432) =
    // 426.1 against 3.5 / (1/600 + 2.5/518) = 539.0, 0.79; FlashAttention-2 296.2 against 331.3,
    // 0.89. Llama 3 8B at 8,192 tokens with 64 heads of width 64 (the same FLOPs as its 32 of 128):
    // its attention core, 32 x 3.5 x 0.5 x 4 x 8192^2 x 4096 = 6.157e13 FLOP per sequence, at
    // 989 TFLOPS x 0.377 x 8192 / 9392 = 325.2 TFLOPS: 0.1893 s at width 128, 0.0503 s more at
    // 64 (1/0.79 - 1); FlashAttention-2 (0.52 of cuDNN, its ramp 8192 / 9292: 0.3602 s) 0.0445 s more
    // (1/0.89 - 1).
    // Width 96 takes 0.79 + 0.21 x log2(1.5) = 0.913.
    void attentionHeadWidthByHand()
    {
        const double cudnn64 = fwdAndBwd(412, 432), cudnn128 = fwdAndBwd(600, 518);
        const double flash64 = fwdAndBwd(322, 287), flash128 = fwdAndBwd(370, 318);
        QVERIFY_NEAR(cudnn64 / cudnn128, 0.79, 0.005);
        QVERIFY_NEAR(flash64 / flash128, 0.89, 0.005);
        auto plan = [](int heads, AttentionKernel kernel, const char *gpu = "h100-sxm",
                       const char *cluster = "dgx-h100") {
            Plan p = llama3_8bAttention(8192, kernel, gpu, cluster);
            p.model.heads = heads;
            p.model.kv_heads = 8;
            p.model.head_dim = 4096 / heads;
            return p;
        };
        const double flops = 32 * 3.5 * 0.5 * 4 * 8192.0 * 8192.0 * 4096;
        const double core128 = flops / (989e12 * kH100Attention * ramp(8192, 1200));
        QVERIFY_NEAR(core128, 0.1893, 1e-3);
        const double fa128 = flops / (989e12 * kH100Attention * 0.52 * ramp(8192, 1100));
        QVERIFY_NEAR(fa128, 0.3602, 1e-3);
        // The QKV projection's width changes with the heads (GQA: 8 key-value heads of the head width),
        // so each width is compared with itself: the difference of its two kernels' steps is the
        // attention core's alone (FlashAttention-2 runs at 0.52 of cuDNN on H100).
        auto core = [&](int heads, AttentionKernel kernel) {
            return evaluateValid(plan(heads, kernel)).compute_time_s;
        };
        const double d128 = core(32, AttentionKernel::Flash2) - core(32, AttentionKernel::Cudnn);
        QVERIFY_NEAR(d128, fa128 - core128, 1e-9);
        const double d64 = core(64, AttentionKernel::Flash2) - core(64, AttentionKernel::Cudnn);
        QVERIFY_NEAR(d64, fa128 / 0.89 - core128 / 0.79, 1e-9);
        QVERIFY_NEAR(core128 / 0.79 - core128, 0.0503, 1e-3);
        QVERIFY_NEAR(fa128 / 0.89 - fa128, 0.0445, 1e-3);
        // Width 96: 43 heads would not divide 4096; 1536 wide with 16 heads does (the GPT-3 760M shape).
        Plan w96 = plan(32, AttentionKernel::Flash2), w96c = plan(32, AttentionKernel::Cudnn);
        for (Plan *q : {&w96, &w96c}) {
            q->model.hidden = 1536;
            q->model.heads = 16;
            q->model.kv_heads = 16;
            q->model.head_dim = 96;
            q->model.ffn = 4096;
        }
        const double f96 = 32 * 3.5 * 0.5 * 4 * 8192.0 * 8192.0 * 1536;
        const double c96 = f96 / (989e12 * kH100Attention * ramp(8192, 1200));
        const double fa96 = f96 / (989e12 * kH100Attention * 0.52 * ramp(8192, 1100));
        const double r96 = 0.79 + 0.21 * std::log2(1.5), fr96 = 0.89 + 0.11 * std::log2(1.5);
        QVERIFY_NEAR(r96, 0.913, 1e-3);
        QVERIFY_NEAR(evaluateValid(w96).compute_time_s - evaluateValid(w96c).compute_time_s,
                     fa96 / fr96 - c96 / r96, 1e-9);
        // On the A100 FlashAttention-2 runs for both labels: FlashAttention-2's ratio for both.
        QCOMPARE(evaluateValid(plan(64, AttentionKernel::Flash2, "a100-sxm-80gb", "dgx-a100")).step_time_s,
                 evaluateValid(plan(64, AttentionKernel::Cudnn, "a100-sxm-80gb", "dgx-a100")).step_time_s);
    }

    void activationOffloadByHand()
    {
        // Megatron-Bridge's Llama 3 70B BF16 recipe on 64 GB200 (perf_recipes/llama/gb200/llama3.py
        // @067f987: FSDP, tp = pp = 1, micro-batch 1, seq 8192, cpu_offloading_num_layers 20, no
        // recompute, which Megatron-Core requires with offload).
        auto plan = [](int offloaded, const char *cluster) {
            Plan p = presetPlan("llama3-70b", "gb200", cluster);
            p.cluster.nodes = 1; // one 64-GPU NVLink domain
            TrainingSpec &t = p.training;
            t.seq_len = 8192;
            t.tp = t.pp = t.cp = 1;
            t.dp = p.cluster.nodes * p.cluster.gpus_per_node;
            t.micro_batch = 1;
            t.global_batch = 4 * t.dp;
            t.zero = 3;
            t.recompute = Recompute::None;
            t.sequence_parallel = false;
            t.offload_layers = offloaded;
            return p;
        };
        // A layer keeps, per token, the norms' inputs and outputs 8h (Llama 3 has no dropout, so no
        // masks), Q and K 2 x (8192 + 1024), V 2 x 1024, attention's output 2 x 8192 and the SwiGLU
        // MLP's 2 x 2 x 28672 + 2 x 28672: 274432 B, so 8192 x 274432 B = 2.09375 GiB a micro-batch
        // (docs/model.md §8).
        const double layerGiB = 8192.0 * 274432 / 1073741824.0;
        QVERIFY_NEAR(layerGiB, 2.09375, 1e-12);
        const Result kept = evaluateValid(plan(0, "gb200-nvl72")), off = evaluateValid(plan(20, "gb200-nvl72"));
        // Twenty layers wait in host memory; one of them is on the GPU while it moves.
        QVERIFY_NEAR(off.memory_offloaded_gb, 20 * layerGiB, 1e-9);
        QVERIFY_NEAR(kept.memory_activations_gb - off.memory_activations_gb, 19 * layerGiB, 1e-9);
        // The host: 480 GB per Grace, one Grace per two GPUs.
        QVERIFY_NEAR(off.memory_host_gb, 240.0, 1e-9);
        QVERIFY(off.fits_in_memory);
        // Grace's NVLink-C2C at 225 GB/s: 2.38 GB take 10.6 ms, under the next layer's forward (about
        // 14 TFLOP at half of 2.5 PFLOPS, 11-12 ms): nothing waits.
        QCOMPARE(off.offload_time_s, 0.0);
        QCOMPARE(off.step_time_s, kept.step_time_s);
        // Over PCIe at 1 GB/s every copy is exposed beyond its layer's compute: going from 1 to 0.5 GB/s
        // adds the copy's time twice (out and back), for 20 layers and 4 micro-batches.
        Plan slow = plan(20, "gb200-nvl72");
        slow.cluster.host_link_gbps = 1;
        const Result s1 = evaluateValid(slow);
        slow.cluster.host_link_gbps = 0.5;
        const Result s2 = evaluateValid(slow);
        const double copy1 = layerGiB * 1073741824.0 / 1e9;
        QVERIFY_NEAR(s2.offload_time_s - s1.offload_time_s, 4 * 20 * 2 * copy1, 1e-9);
        QVERIFY_NEAR(s1.step_time_s - kept.step_time_s, s1.offload_time_s, 1e-9);
        QVERIFY(s1.warnings & WarnOffloadExposed);
        // Host memory too small: the plan does not fit, and says it is the host.
        slow.cluster.host_memory_gb = 64 * 20.0;
        const Result full = evaluateValid(slow);
        QVERIFY(!full.fits_in_memory);
        QVERIFY(full.warnings & WarnHostMemoryFull);
        QVERIFY(!(full.warnings & WarnDoesNotFit));
        // Every stage keeps its last layer: 80 layers on one stage take at most 79; on pp 2, 39.
        Plan all = plan(80, "gb200-nvl72");
        QCOMPARE(QString::fromStdString(validate(all).front().field), QStringLiteral("training.offload_layers"));
        all.training.offload_layers = 79;
        QVERIFY(validate(all).empty());
        all.training.pp = 2;
        all.training.dp /= 2;
        all.training.global_batch = 8 * all.training.dp;
        QVERIFY(!validate(all).empty());
        all.training.offload_layers = 39;
        QVERIFY(validate(all).empty());
    }
    void llama2ParameterCountsFromThePaper()
    {
        // Touvron et al. 2023: Llama-2-7B 6.74e9, Llama-2-70B 6.90e10 (docs/model.md §2).
        const Plan p7 = presetPlan("llama2-7b", "h100-sxm", "dgx-h100");
        const Plan p70 = presetPlan("llama2-70b", "h100-sxm", "dgx-h100");
        QVERIFY_NEAR(parameterCount(p7.model), 6.74e9, 0.01);
        QVERIFY_NEAR(parameterCount(p70.model), 6.90e10, 0.01);
    }
    void flopsMatchMegatronForGpt()
    {
        // Narayanan et al. 2021: 72*B*s*l*h^2*(1 + s/(6h) + V/(12*l*h)) per step for GELU, f=4h, g=a.
        const ModelSpec m{"gpt", "GPT", 96, 12288, 96, 96, 4 * 12288, 51200, Mlp::Gelu, true};
        const double s = 2048, l = 96, h = 12288, V = 51200;
        const double megatron = 72.0 * s * l * h * h * (1 + s / (6 * h) + V / (12 * l * h));
        QVERIFY_NEAR(modelFlopsPerSequence(m, 2048), megatron, 1e-9);
    }

    // ---- seed errata (docs/model.md §11)
    void seed004GradientBytes()
    {
        // "140GB of gradients (FP32)" for 70B: FP32 is 4 bytes, so 280 GB; 140 GB is BF16.
        Plan p = presetPlan("llama2-70b", "h100-sxm", "dgx-h100");
        p.model.layers = 80;
        const double P = 70e9;
        QVERIFY_NEAR(P * 4 / 1e9, 280.0, 1e-12);
        // The engine's gradient memory with tp=pp=1, ZeRO 0: P * bytes.
        p.cluster.nodes = 1;
        p.training.tp = 1;
        p.training.pp = 1;
        p.training.dp = 8;
        p.training.zero = 0;
        p.training.global_batch = 8;
        p.training.grad_bytes = 4;
        const Result r32 = evaluateValid(p);
        QVERIFY_NEAR(r32.memory_gradients_gb, parameterCount(p.model) * 4 / kBytesPerGB, 1e-9);
        // 280e9 bytes are 261 GB of 2^30 bytes, the unit the engine counts memory in (engine.h).
        QVERIFY(r32.memory_gradients_gb > 255 && r32.memory_gradients_gb < 268);
        p.training.grad_bytes = 2;
        const Result r16 = evaluateValid(p);
        QVERIFY_NEAR(r16.memory_gradients_gb, r32.memory_gradients_gb / 2, 1e-9);
    }
    void seed004ComputeTimeIs70sNot0_7s()
    {
        // T_comp = 6*70e9*4e6 / (256 * 312e12 * 0.3): 1.68e18 / 2.396e16 = 70.1 s, not 0.7 s.
        const double tcomp = 6.0 * 70e9 * 4e6 / (256 * 312e12 * 0.3);
        QVERIFY_NEAR(tcomp, 70.1, 0.01);
        // The engine, for a 70B model on 256 A100 at 30% efficiency, is of that order (it also counts
        // attention and the vocabulary, and the GEMM-width factor), never 0.7 s.
        Plan p = presetPlan("llama2-70b", "a100-sxm-80gb", "dgx-a100");
        p.cluster.nodes = 32;
        p.training.seq_len = 4096;
        p.training.global_batch = 1024; // 4M tokens
        p.training.tp = 8;
        p.training.pp = 4;
        p.training.dp = 8;
        p.training.compute_efficiency = 0.3;
        p.training.recompute = Recompute::None;
        const Result r = evaluateValid(p);
        QVERIFY(r.compute_time_s > 60 && r.compute_time_s < 200);
    }
    void seed004GradientSyncOnEightH100()
    {
        // A ring all-reduce of 140 GB over 8 GPUs at 450 GB/s: 2*7/8*140/450 = 0.544 s at line rate
        // (the seed's 0.16 s divides by 900 GB/s and drops 2(n-1)/n).
        QVERIFY_NEAR(ringAllReduceTimeS(140e9, 8, 450, 0), 0.5444, 0.001);
        // With the engine's group link at 100% efficiency:
        GpuSpec g;
        g.intra_bw_gbps = 450;
        g.intra_efficiency = 1.0;
        g.intra_latency_us = 0;
        ClusterSpec c;
        c.nic_efficiency = 1;
        const GroupLink link = groupLink(g, c, 8, 1, 8);
        QVERIFY_NEAR(collectiveTimeS(Collective::AllReduce, 140e9, link) - kCollectiveBaseLatencyUs * 1e-6, 0.5444, 0.001);
    }
    void seed004Rtx4090HasNoP2P()
    {
        const std::optional<Preset> g = PresetCatalog::builtIn().find(Section::Gpu, QStringLiteral("rtx-4090"));
        QCOMPARE(g->values.value(QStringLiteral("p2p")).toBool(), false);
        Plan p = presetPlan("llama2-7b", "rtx-4090", "rtx4090-pcie");
        // 4090 trains at its FP32-accumulate 165 TFLOPS, not the 330 FP16-accumulate figure.
        QCOMPARE(p.gpu.bf16_dense_tflops, 165.0);
        // and H100 at 989 dense BF16, not the 1979 FP8/sparse figure.
        QCOMPARE(presetPlan("llama2-7b", "h100-sxm", "dgx-h100").gpu.bf16_dense_tflops, 989.0);
        // P2P off halves the usable intra-node bandwidth.
        GpuSpec on = p.gpu;
        on.p2p = true;
        QVERIFY_NEAR(intraNodeBusBwGbps(p.gpu), intraNodeBusBwGbps(on) / 2, 1e-12);
    }
    void seed000AllReduceUnits()
    {
        // Seed 000's allreduce_time(msg_gb=140, bw_gbps=800, n=48) claims 0.45 s. Done right, a ring
        // all-reduce of 140 GB over 48 ranks moves 2*47/48*140 GB = 274 GB per rank: at 800 Gb/s
        // (100 GB/s) that is 2.74 s, and even at 800 GB/s it is 0.343 s, never 0.45 s.
        QVERIFY_NEAR(ringAllReduceTimeS(140e9, 48, 100, 0), 2.0 * 47 / 48 * 140 / 100, 1e-12);
        QVERIFY_NEAR(ringAllReduceTimeS(140e9, 48, 100, 0), 2.742, 0.001);
        QVERIFY_NEAR(ringAllReduceTimeS(140e9, 48, 800, 0), 0.3427, 0.001);
        // the latency term: 2(n-1) steps of alpha
        QVERIFY_NEAR(ringAllReduceTimeS(0, 48, 100, 10e-6), 94 * 10e-6, 1e-12);
    }
    void seed000BusBwFactorIsNotAGain()
    {
        // busbw/algbw = 2(n-1)/n: 1.0, 1.5, 1.75, 1.875 for n = 2, 4, 8, 16: a conversion factor.
        QCOMPARE(busBandwidthFactor(Collective::AllReduce, 2), 1.0);
        QCOMPARE(busBandwidthFactor(Collective::AllReduce, 4), 1.5);
        QCOMPARE(busBandwidthFactor(Collective::AllReduce, 8), 1.75);
        QCOMPARE(busBandwidthFactor(Collective::AllReduce, 16), 1.875);
        // and busbw never exceeds the bottleneck link, whatever the factor.
        const Plan p = presetPlan("llama2-70b", "h100-sxm", "dgx-h100");
        for (int n : {2, 4, 8}) {
            const GroupLink intra = groupLink(p.gpu, p.cluster, n, 1, n);
            QVERIFY(intra.busbw_gbps <= intra.line_gbps);
            const GroupLink inter = groupLink(p.gpu, p.cluster, n * 4, 4, n);
            QVERIFY(inter.busbw_gbps <= inter.line_gbps);
        }
    }
    void seed002Arithmetic()
    {
        // 14 GB x 2 x 7/8 = 24.5 GB; 24.5 GB at 25 GB/s is 0.98 s (the seed said 1 s from "5GB/25GB/s").
        QVERIFY_NEAR(ringAllReduceTimeS(14e9, 8, 25, 0), 0.98, 1e-9);
    }

    // ---- Korthikanti et al. 2022, Table 5 (docs/model.md §12)
    void korthikantiTable5_data()
    {
        QTest::addColumn<int>("l");
        QTest::addColumn<int>("h");
        QTest::addColumn<int>("a");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("p");
        QTest::addColumn<int>("v");
        QTest::addColumn<int>("B");
        QTest::addColumn<int>("b");
        QTest::addColumn<int>("recompute");
        QTest::addColumn<double>("step_s");
        const int full = int(Recompute::Full), sel = int(Recompute::Selective);
        QTest::addRow("22B full") << 48 << 6144 << 64 << 8 << 1 << 1 << 4 << 4 << full << 1.42;
        QTest::addRow("22B sp+selective") << 48 << 6144 << 64 << 8 << 1 << 1 << 4 << 4 << sel << 1.10;
        QTest::addRow("175B full") << 96 << 12288 << 96 << 64 << 8 << 3 << 64 << 1 << full << 18.13;
        QTest::addRow("175B sp+selective") << 96 << 12288 << 96 << 64 << 8 << 3 << 64 << 1 << sel << 13.75;
        QTest::addRow("530B full") << 105 << 20480 << 128 << 280 << 35 << 3 << 280 << 1 << full << 49.05;
        QTest::addRow("530B sp+selective") << 105 << 20480 << 128 << 280 << 35 << 3 << 280 << 1 << sel << 37.83;
        QTest::addRow("1T full") << 128 << 25600 << 160 << 512 << 64 << 1 << 512 << 1 << full << 94.42;
        QTest::addRow("1T sp+selective") << 128 << 25600 << 160 << 512 << 64 << 1 << 512 << 1 << sel << 71.49;
    }
    void korthikantiTable5()
    {
        QFETCH(int, l);
        QFETCH(int, h);
        QFETCH(int, a);
        QFETCH(int, gpus);
        QFETCH(int, p);
        QFETCH(int, v);
        QFETCH(int, B);
        QFETCH(int, b);
        QFETCH(int, recompute);
        QFETCH(double, step_s);
        const Plan plan = korthikantiPlan(l, h, a, gpus, p, v, B, b, Recompute(recompute));
        const Evaluation e = evaluate(plan);
        QVERIFY2(e.ok(), e.ok() ? "" : e.errors.front().message.c_str());
        // Before the out-of-sample fit (docs/accuracy.md) these rows set the A100's efficiency (0.74)
        // and matched within 10%. Fitted with the other six A100 sources (Narayanan et al. 2021,
        // torchtitan, llm-foundry, NeMo's launcher...) the A100 runs at 0.54 and the engine is 18-39%
        // slower than Korthikanti's table (39% on the 1T rows): the two Megatron papers on the same Selene nodes disagree by
        // more than any term the engine has (docs/accuracy.md, worst rows). The guard holds that.
        QVERIFY_NEAR(e.result.step_time_s, step_s, 0.40);
    }

    // ---- hand calculation of one whole plan (the default: Llama-2-70B, 256 H100)
    void defaultPlanByHand()
    {
        const Plan p = defaultScenario().plan;
        const Result r = evaluateValid(p);
        const double P = parameterCount(p.model);
        // compute (docs/model.md §3): every GEMM of a layer on one GPU, per micro-batch of 1 x 4096
        // tokens, N or K split over tp = 8: the larger of 2MNK / (989 TFLOPS x the preset's efficiency) and its bytes
        // (2 per element, in and out once) / 3350 GB/s, plus the H100's fitted 24 us fixed cost; forward
        // and the backward's two GEMMs: x3. FlashAttention on the causal half, 3.5x the forward's FLOPs
        // at the preset's attention efficiency of 989 TFLOPS; element-wise traffic 60*h/tp + 18*ffn/tp bytes per token at 3350 GB/s.
        const double l = 80, h = 8192, s = 4096, f = 28672, V = 32000, ga = 8.0 / 64;
        const double fseq = s * (12 * l * h * h * (1 + ga + s / h) + 18 * l * f * h + 6 * V * h);
        const double hw = 1024 * fseq; // FlashAttention: selective recompute repeats nothing
        const double rate = 989e12 * p.gpu.compute_efficiency, bw = 3350e9;
        auto gemm = [&](double M, double N, double K) { return std::max(2 * M * N * K / rate, 2 * (M * K + K * N + M * N) / bw) + 24e-6; };
        const double M = 4096, kv = 8 * 128;
        const double attnLin = gemm(M, (h + 2 * kv) / 8, h) + gemm(M, h, h / 8);
        const double mlpLin = gemm(M, 2 * f / 8, h) + gemm(M, h, f / 8);
        // today's cuDNN's causal ramp with sequence length: s / (s + 1200) (docs/model.md §3)
        const double core
            = 0.5 * (M * s * 2 * 64 * (128 + 128) / 8) * 3.5 / (989e12 * p.gpu.attention_efficiency * s / (s + 1200));
        const double ew = M * (60 * h / 8 + 18 * f / 8) / bw;
        const double layer = 3 * (attnLin + mlpLin) + core + ew;
        // The pipeline is paced by its last stage: 20 layers and the LM head (a V/t x h GEMM in BF16,
        // fp32 logits: 12 bytes per logit), 128 micro-batches (docs/model.md §16).
        const double head = 3 * gemm(M, V / 8, h) + 52 * M * V / 8 / bw; // the unfused loss, 52 bytes per logit
        const double tcomp = 128 * (20 * layer + head);
        const double eff = hw / 256 / (tcomp * 989e12);
        QVERIFY_NEAR(r.compute_time_s, tcomp, 1e-9);
        QCOMPARE(r.pacing_stage, 3);
        // m = 1024/(1*8) = 128 micro-batches; bubble (p-1)/(v*m) = 3/128.
        QCOMPARE(r.micro_batches, 128);
        QVERIFY_NEAR(r.bubble_overhead, 3.0 / 128, 1e-12);
        QVERIFY_NEAR(r.bubble_share, 3.0 / 131, 1e-12);
        // TP with sequence parallelism: 6 all-gathers + 4 reduce-scatters of b*s*h*2 bytes per layer
        // per micro-batch (Korthikanti et al. 2022 §4.2.2, the stored input shards gathered again in
        // the backward), 20 layers per stage, on NVLink at 450*0.82 GB/s with 8.4 us + 7*3.4 us latency.
        const double msg = 1 * s * h * 2;
        const double agrs = 8.4e-6 + 7 * 3.4e-6 + 7.0 / 8 * msg / (450e9 * 0.82);
        QVERIFY_NEAR(r.tp_comm_time_s, 128 * 20 * 10 * agrs, 1e-9);
        // Megatron-LM's backward runs the re-gather and the reduce-scatter of the QKV and FC1 inputs
        // under their data- and weight-gradient GEMMs (docs/model.md §5): each hides up to its GEMM.
        const double qkvGemm = gemm(M, (h + 2 * kv) / 8, h), fc1Gemm = gemm(M, 2 * f / 8, h);
        const double tpHidden = 128 * 20 * (2 * std::min(agrs, qkvGemm) + 2 * std::min(agrs, fc1Gemm));
        const double tpExposed = r.tp_comm_time_s - tpHidden;
        QVERIFY_NEAR(r.tp_comm_exposed_s, tpExposed, 1e-9);
        // Each stage reduces its own gradients; the end stages hold the most: 20 layers and the
        // embedding or the LM head, V*h (docs/model.md §16), over tp = 8.
        const double Pst = (P - 2 * V * h) / 4 + V * h;
        // DP (ZeRO-1): reduce-scatter of Pst/8 fp32 gradients (Megatron's default with bf16) +
        // all-gather of Pst/8 bf16 weights over 8 ranks, one per node, on one 400 Gb/s NIC at 0.9:
        // 45 GB/s; tree-free ring latency 7 * 14 us each (ring 98 us vs tree 2*3*14 = 84 us is only
        // for all-reduce).
        const double rs = 8.4e-6 + 7 * 14e-6 + 7.0 / 8 * (Pst / 8 * 4) / 45e9;
        const double ag = 8.4e-6 + 7 * 14e-6 + 7.0 / 8 * (Pst / 8 * 2) / 45e9;
        QVERIFY_NEAR(r.dp_comm_time_s, rs + ag, 1e-9);
        // exposed: the reduce-scatter minus 0.8 x the last micro-batch's backward (2/3 of tcomp/128),
        // the all-gather minus 0.8 x the next step's first forward (1/3 of tcomp/128).
        QVERIFY_NEAR(r.dp_comm_exposed_s, std::max(0.0, rs - 0.8 * (2.0 / 3) * tcomp / 128) + std::max(0.0, ag - 0.8 * (1.0 / 3) * tcomp / 128), 1e-9);
        // PP: 2*v*m sends of b*s*h*2/t bytes over one 45 GB/s rail, 8.4 + 14 us latency.
        QVERIFY_NEAR(r.pp_comm_time_s, 2 * 128 * (8.4e-6 + 14e-6 + msg / 8 / 45e9), 1e-9);
        const double hidden = r.dp_comm_time_s - r.dp_comm_exposed_s + tpHidden;
        // The bubble: the pacing (last) stage idles while the 3 others each run one micro-batch, their
        // compute (20 layers, no LM head) and exposed TP communication alike: 3/128 of the body's step.
        const double tcompHead = 128 * head;
        const double bubble = (tcomp - tcompHead + tpExposed) * 3.0 / 128;
        QVERIFY_NEAR(r.bubble_time_s, bubble, 1e-9);
        // optimizer: Adam over Pst/8/8 parameters (ZeRO-1), 30 B each (26 B of states and weights + 4 B
        // fp32 gradient), at 3350 GB/s.
        const double opt = Pst / 8 / 8 * 30 / 3350e9;
        QVERIFY_NEAR(r.optimizer_time_s, opt, 1e-9);
        const double step = tcomp + tpExposed + bubble + r.pp_comm_time_s + r.dp_comm_exposed_s + 0.05 * hidden + opt;
        QVERIFY_NEAR(r.step_time_s, step, 1e-9);
        QVERIFY_NEAR(r.tokens_per_s, 1024 * 4096 / step, 1e-9);
        QVERIFY_NEAR(r.mfu, 1024 * fseq / (step * 256 * 989e12), 1e-9);
        // memory, the first stage (the fullest: 4 micro-batches in flight): Pst/8 parameters per GPU: 2 B weights, 4 B fp32 gradients, 12 B optimizer / 8 (ZeRO-1).
        QVERIFY_NEAR(r.memory_weights_gb, Pst / 8 * 2 / kBytesPerGB, 1e-9);
        QVERIFY_NEAR(r.memory_gradients_gb, Pst / 8 * 4 / kBytesPerGB, 1e-9);
        QVERIFY_NEAR(r.memory_optimizer_gb, Pst / 8 * 12 / 8 / kBytesPerGB, 1e-9);
        // activations: SP + selective, per token 8*h (the norms' inputs and outputs; Llama 2 has no
        // dropout, so no masks) + the attention's Q, K, V, output inputs 2*(h + kv) + 2*kv + 2*h and
        // SwiGLU's 2*2f + 2f, all over t = 8 (Korthikanti's 34*h for a GPT layer with dropout), 20
        // layers, min(m, p) = 4 in flight on the first stage.
        const double perToken = (8 * h + 2 * (h + kv) + 2 * kv + 2 * h + 6 * f) / 8;
        QVERIFY_NEAR(r.memory_activations_gb, s * perToken * 20 * 4 / kBytesPerGB, 1e-9);
        {
            // With dropout each layer also keeps its two one-byte masks: 2*h more per token, over t.
            Plan withDropout = p;
            withDropout.model.dropout = 0.1;
            const Result d = evaluateValid(withDropout);
            QVERIFY_NEAR(d.memory_activations_gb - r.memory_activations_gb, s * 2 * h / 8 * 20 * 4 / kBytesPerGB, 1e-9);
            QCOMPARE(d.step_time_s, r.step_time_s); // memory only: the masks cost no modelled time
        }
        // cost: capex = 256*25000 + 32*120000 + 256*3000; cost/h = capex/(4*8760) + power + upkeep.
        const double capex = 256 * 25000.0 + 32 * 120000.0 + 256 * 3000.0;
        QVERIFY_NEAR(r.capex_usd, capex, 1e-12);
        const double kw = 256 * 700 * 1.35 * 1.3 / 1000;
        const double perHour = capex / (4 * 8760) + kw * 0.10 + capex * 0.05 / 8760;
        QVERIFY_NEAR(r.cost_per_hour_usd, perHour, 1e-12);
        const double hours = 2e12 / (r.tokens_per_s * 0.9) / 3600;
        QVERIFY_NEAR(r.days_to_train, hours / 24, 1e-12);
        QVERIFY_NEAR(r.tco_usd, perHour * hours, 1e-12);
        QVERIFY_NEAR(r.cost_per_billion_tokens_usd, perHour / (r.tokens_per_s * 0.9 * 3600 / 1e9), 1e-12);
        // The secondary figures the app and the JSON show, by the same hand calculation.
        QVERIFY_NEAR(r.compute_efficiency_effective, eff, 1e-12);
        QVERIFY_NEAR(r.hardware_flops_per_step, hw, 1e-12);
        QVERIFY_NEAR(r.flops_per_step, 1024 * fseq, 1e-12);
        // The attention core's part of it: QK^T and AV, 2 x 2 x s x h FLOPs per token forward, x 3.
        QVERIFY_NEAR(r.attention_flops_per_step, 1024 * 12 * l * h * s * s, 1e-12);
        QVERIFY_NEAR(r.tp_comm_exposed_s, tpExposed, 1e-9); // tp_overlap 0: only the backward's GEMMs hide TP traffic
        QVERIFY_NEAR(r.overlap_slowdown_s, 0.05 * hidden, 1e-9);
        QVERIFY_NEAR(r.hfu, hw / (step * 256 * 989e12), 1e-9);
        QVERIFY_NEAR(r.tflops_per_gpu, 1024 * fseq / (step * 256) / 1e12, 1e-9);
        QVERIFY_NEAR(r.tokens_per_day, 1024 * 4096 / step * 86400, 1e-9);
        QVERIFY_NEAR(r.tp_busbw_gbps, 450 * 0.82, 1e-12); // NVLink per direction x efficiency
        QVERIFY_NEAR(r.dp_busbw_gbps, 45.0, 1e-12);       // 400 Gb/s / 8 x 0.9
        QVERIFY_NEAR(r.pp_bw_gbps, 45.0, 1e-12);
        QVERIFY_NEAR(r.memory_total_gb, (Pst / 8 * (2 + 4 + 12.0 / 8) + s * perToken * 20 * 4) / kBytesPerGB, 1e-9);
        QVERIFY_NEAR(r.memory_capacity_gb, 80.0, 1e-12);
        QVERIFY_NEAR(r.memory_usable_gb, 76.0, 1e-12); // 5% reserve for the CUDA context, NCCL and the allocator
        QVERIFY(r.fits_in_memory);
        QVERIFY_NEAR(r.power_kw, kw, 1e-12);
        QVERIFY_NEAR(r.gpu_hours, 256 * hours, 1e-12);
        QVERIFY_NEAR(r.energy_mwh, kw * hours / 1000, 1e-12);
        QVERIFY_NEAR(r.lifetime_tco_usd, perHour * 4 * 8760, 1e-12);
        QVERIFY(allFinite(r));
    }
    void llama2_70bGpuHoursFromThePaper()
    {
        // Touvron et al. 2023 (Llama 2), Table 2: Llama-2-70B took 1,720,320 A100-80GB GPU-hours for
        // 2T tokens (4096-token sequences, 4M-token batches). The layout (tp=8, pp=4 on 512 GPUs) is our
        // assumption; goodput 1 because the paper counts GPU time, not lost time.
        Plan p = presetPlan("llama2-70b", "a100-sxm-80gb", "dgx-a100");
        p.cluster.nodes = 64;
        p.training.seq_len = 4096;
        p.training.global_batch = 1024;
        p.training.micro_batch = 1;
        p.training.tp = 8;
        p.training.pp = 4;
        p.training.dp = 16;
        p.training.zero = 1;
        p.training.tokens_to_train = 2e12;
        p.training.goodput = 1.0;
        p.training.compute_efficiency.reset();
        const Evaluation e = evaluate(p);
        QVERIFY(e.ok());
        // The paper counts every GPU-hour of the run (evaluation, restarts, stragglers); the engine gives
        // the step time alone. With the A100 efficiency fitted out of sample (0.54, docs/accuracy.md)
        // this assumed layout comes out about 12% above the paper's hours, where before (0.74, fitted
        // on this row among others) it was 16% below: the A100's Megatron runs want a higher
        // efficiency than its FSDP runs, a split the engine does not yet explain.
        QVERIFY_NEAR(e.result.gpu_hours, 1720320.0, 0.20);
    }
    void rentEconomics()
    {
        Plan p = defaultScenario().plan;
        p.economics.mode = EconomicsMode::Rent;
        p.economics.usd_per_gpu_hour = 2.5;
        const Result r = evaluateValid(p);
        QCOMPARE(r.capex_usd, 0.0);
        QVERIFY_NEAR(r.cost_per_hour_usd, 256 * 2.5, 1e-12);
    }

    // ---- properties
    void moreBandwidthNeverSlowsAStep()
    {
        for (const char *gpu : {"h100-sxm", "a100-sxm-80gb", "l40s", "rtx-4090"}) {
            Plan p = defaultScenario().plan;
            const std::optional<Preset> g = PresetCatalog::builtIn().find(Section::Gpu, QLatin1String(gpu));
            g->applyTo(p);
            PresetCatalog::builtIn().find(Section::Cluster, g->defaultCluster())->applyTo(p);
            p.cluster.nodes = 32;
            p.training.compute_efficiency.reset();
            double prev = evaluateValid(p).step_time_s;
            for (int i = 0; i < 12; ++i) {
                p.cluster.nic_gbit_per_gpu *= 1.5;
                p.gpu.intra_bw_gbps *= 1.3;
                const double t = evaluateValid(p).step_time_s;
                QVERIFY2(t <= prev * (1 + 1e-12), gpu);
                prev = t;
            }
        }
    }
    void bubbleFallsAsMicroBatchesGrow()
    {
        const Plan p = defaultScenario().plan;
        std::vector<int> ms;
        for (int m = 1; m <= 512; m *= 2)
            ms.push_back(m);
        const auto pts = sweepMicroBatches(p, ms);
        for (size_t i = 1; i < pts.size(); ++i) {
            QVERIFY(pts[i].valid && pts[i - 1].valid);
            QVERIFY(pts[i].result.bubble_overhead < pts[i - 1].result.bubble_overhead);
            QVERIFY(pts[i].result.bubble_share < pts[i - 1].result.bubble_share);
        }
        // (p-1)/(v*m) at m=1, p=4: 3.
        QVERIFY_NEAR(pts[0].result.bubble_overhead, 3.0, 1e-12);
    }
    void busBandwidthNeverExceedsALink()
    {
        const PresetCatalog &c = PresetCatalog::builtIn();
        for (const Preset &gp : c.presets(Section::Gpu))
            for (const Preset &cp : c.presets(Section::Cluster)) {
                Plan p;
                gp.applyTo(p);
                cp.applyTo(p);
                for (int nodes : {1, 2, 4, 64})
                    for (int k = 1; k <= p.cluster.gpus_per_node; k *= 2) {
                        const GroupLink g = groupLink(p.gpu, p.cluster, nodes * k, nodes, k);
                        QVERIFY(g.busbw_gbps <= g.line_gbps);
                        QVERIFY(g.busbw_gbps <= p.gpu.intra_bw_gbps);
                        if (nodes > 1)
                            QVERIFY(g.busbw_gbps <= k * p.cluster.nic_gbit_per_gpu / 8);
                        if (g.ranks < 2)
                            continue;
                        // and the time it implies: busbw = factor * S / T never above the group's busbw,
                        // the ring's for all-gather; for all-reduce NVLS inside an NVSwitch node may
                        // exceed the link rate (docs/model.md §4: 480 GB/s on 450 GB/s links), never more.
                        const double S = 1e9;
                        const double Tg = collectiveTimeS(Collective::AllGather, S, g);
                        QVERIFY(busBandwidthFactor(Collective::AllGather, g.ranks) * S / Tg / 1e9 <= g.busbw_gbps * (1 + 1e-12));
                        const double T = collectiveTimeS(Collective::AllReduce, S, g);
                        const double arBus = busBandwidthFactor(Collective::AllReduce, g.ranks) * S / T / 1e9;
                        QVERIFY(arBus <= g.allreduce_busbw_gbps * (1 + 1e-12));
                        QVERIFY(arBus <= (g.nodes == 1 && p.gpu.nvls ? p.gpu.intra_bw_gbps * 480 / 450 : g.line_gbps) * (1 + 1e-12));
                    }
            }
    }
    void zeroStagesNeverRaiseMemory()
    {
        Plan p = defaultScenario().plan;
        double prev = 1e300;
        for (int z = 0; z <= 3; ++z) {
            p.training.zero = z;
            const Result r = evaluateValid(p);
            QVERIFY(r.memory_total_gb <= prev);
            QVERIFY(r.memory_weights_gb > 0 && r.memory_optimizer_gb > 0);
            prev = r.memory_total_gb;
        }
    }
    void costsScaleLinearlyWithPrice()
    {
        Plan p = defaultScenario().plan;
        p.economics.usd_per_kwh = 0; // only capex-driven costs
        p.economics.upkeep_pct = 0;
        p.cluster.node_price_usd = 0;
        p.cluster.network_cost_per_gpu_usd = 0;
        const Result r1 = evaluateValid(p);
        p.gpu.price_usd *= 3;
        const Result r3 = evaluateValid(p);
        QVERIFY_NEAR(r3.capex_usd, 3 * r1.capex_usd, 1e-12);
        QVERIFY_NEAR(r3.tco_usd, 3 * r1.tco_usd, 1e-12);
        QVERIFY_NEAR(r3.cost_per_billion_tokens_usd, 3 * r1.cost_per_billion_tokens_usd, 1e-12);
        QCOMPARE(r3.step_time_s, r1.step_time_s);
        // rent: linear in the hourly price
        p.economics.mode = EconomicsMode::Rent;
        p.economics.usd_per_gpu_hour = 2;
        const Result a = evaluateValid(p);
        p.economics.usd_per_gpu_hour = 5;
        const Result b = evaluateValid(p);
        QVERIFY_NEAR(b.cost_per_billion_tokens_usd, 2.5 * a.cost_per_billion_tokens_usd, 1e-12);
    }
    void gpuCountSweepKeepsTpPpAndGrowsDp()
    {
        const Plan p = defaultScenario().plan;
        const auto pts = sweepGpuCount(p, defaultGpuCounts());
        QCOMPARE(pts.size(), size_t(12));
        int valid = 0;
        for (const SweepPoint &pt : pts) {
            if (!pt.valid) {
                QVERIFY(!pt.error.empty());
                continue;
            }
            ++valid;
            QCOMPARE(pt.result.gpus, int(pt.x));
            QVERIFY(allFinite(pt.result));
        }
        // 32 GPUs (tp*pp) up to 8192 (dp = 256 = global_batch/b... 1024/1): 32..8192 valid.
        QVERIFY(valid >= 8);
        QVERIFY(!pts[0].valid); // 8 GPUs cannot hold tp*pp = 32
    }
    void hardwareSweepUsesEachGpusCluster()
    {
        const PresetCatalog &c = PresetCatalog::builtIn();
        const Plan p = presetPlan("llama2-7b", "h100-sxm", "dgx-h100");
        std::vector<Hardware> hw;
        for (const char *id : {"h100-sxm", "a100-sxm-80gb"}) {
            Plan q;
            const std::optional<Preset> g = c.find(Section::Gpu, QLatin1String(id));
            g->applyTo(q);
            c.find(Section::Cluster, g->defaultCluster())->applyTo(q);
            hw.push_back({q.gpu, q.cluster});
        }
        const auto pts = sweepHardware(p, hw);
        QVERIFY(pts[0].valid && pts[1].valid);
        QVERIFY(pts[1].result.step_time_s > pts[0].result.step_time_s); // A100 slower than H100
        QCOMPARE(pts[1].result.gpus, pts[0].result.gpus);
    }
    void warningsFire()
    {
        Plan p = presetPlan("llama2-70b", "rtx-4090", "rtx4090-pcie");
        p.training.compute_efficiency.reset();
        const Result r = evaluateValid(p);
        QVERIFY(r.warnings & WarnDoesNotFit); // 70B on 24 GB
        QVERIFY(r.warnings & WarnP2PDisabled);
        QVERIFY(r.warnings & WarnNoNvlinkForTp);
        QVERIFY(r.warnings & WarnCommTaxHigh);
        const auto words = warningMessages(r, p);
        QVERIFY(words.size() >= 4);
        Plan q = defaultScenario().plan;
        q.training.tp = 16;
        q.training.dp = 4;
        QVERIFY(evaluate(q).ok());
        QVERIFY(evaluateValid(q).warnings & WarnTpCrossesNodes);
        // the default plan is healthy
        // the default plan fits (its exposed communication tax sits near the 30% line: TP over 8 GPUs
        // without overlap on a 70B model)
        QCOMPARE(evaluateValid(defaultScenario().plan).warnings & WarnDoesNotFit, 0u);
    }

    // ---- invalid plans name the field and why
    void invalidPlans_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("fragment");
        QTest::addRow("tp not dividing heads") << "tp3"
                                               << "training.tp"
                                               << "does not divide heads";
        QTest::addRow("layers not filling pp*vpp") << "pp3"
                                                   << "training.pp"
                                                   << "cannot fill pp*vpp=4*1=4";
        QTest::addRow("batch not divisible") << "batch"
                                             << "training.global_batch"
                                             << "not divisible by micro_batch*dp";
        QTest::addRow("layout not the GPUs") << "gpus"
                                             << "training.dp"
                                             << "does not equal the cluster";
        QTest::addRow("zero layers") << "layers0"
                                     << "model.layers"
                                     << "from 1 to 1000 (got 0)";
        QTest::addRow("negative price") << "price"
                                        << "gpu.price_usd"
                                        << "from 0 to 10000000 (got -1)";
        QTest::addRow("efficiency above 1") << "eff"
                                            << "gpu.intra_efficiency"
                                            << "from 0.01 to 1 (got 1.5)";
        QTest::addRow("efficiency zero") << "eff0"
                                         << "cluster.nic_efficiency"
                                         << "from 0.01 to 1 (got 0)";
        QTest::addRow("zero stage 4") << "zero4"
                                      << "training.zero"
                                      << "whole number from 0 to 3 (got 4)";
        QTest::addRow("fp8 on A100") << "fp8"
                                     << "training.precision"
                                     << "FP8";
        QTest::addRow("NaN") << "nan"
                             << "training.goodput"
                             << "(got nan)";
        QTest::addRow("interleave needs m multiple of p") << "vpp"
                                                          << "training.vpp"
                                                          << "multiple of pp";
        // Sizes whose products overflowed 32 bits (SIGFPE on layers % (pp*vpp) before the ranges).
        QTest::addRow("pp*vpp overflow") << "ppvpp"
                                         << "training.pp"
                                         << "from 1 to 4096 (got 65536)";
        QTest::addRow("GPU count overflow") << "gpus2e9"
                                            << "cluster.nodes"
                                            << "from 1 to 100000 (got 2000000000)";
        QTest::addRow("infinite price") << "inf"
                                        << "gpu.price_usd"
                                        << "(got inf)";
        QTest::addRow("tiny years") << "years"
                                    << "economics.years"
                                    << "from 0.1 to 20 (got 1e-300)";
    }
    void invalidPlans()
    {
        QFETCH(QString, what);
        QFETCH(QString, field);
        QFETCH(QString, fragment);
        Plan p = defaultScenario().plan;
        if (what == QLatin1String("tp3")) {
            p.training.tp = 3;
        }
        if (what == QLatin1String("pp3")) {
            p.model.layers = 3;
        }
        if (what == QLatin1String("batch")) {
            p.training.global_batch = 1000;
            p.training.micro_batch = 3;
        }
        if (what == QLatin1String("gpus")) {
            p.training.dp = 4;
        }
        if (what == QLatin1String("layers0")) {
            p.model.layers = 0;
        }
        if (what == QLatin1String("price")) {
            p.gpu.price_usd = -1;
        }
        if (what == QLatin1String("eff")) {
            p.gpu.intra_efficiency = 1.5;
        }
        if (what == QLatin1String("eff0")) {
            p.cluster.nic_efficiency = 0;
        }
        if (what == QLatin1String("zero4")) {
            p.training.zero = 4;
        }
        if (what == QLatin1String("fp8")) {
            PresetCatalog::builtIn().find(Section::Gpu, QStringLiteral("a100-sxm-80gb"))->applyTo(p);
            p.training.precision = Precision::Fp8;
        }
        if (what == QLatin1String("nan")) {
            p.training.goodput = std::nan("");
        }
        if (what == QLatin1String("vpp")) {
            p.training.vpp = 2;
            p.training.global_batch = 8 * 6;
        }
        if (what == QLatin1String("ppvpp")) {
            p.training.pp = 65536;
            p.training.vpp = 65536;
        }
        if (what == QLatin1String("gpus2e9")) {
            p.cluster.nodes = 2000000000;
            p.cluster.gpus_per_node = 2;
            p.training.tp = 1;
            p.training.pp = 1;
            p.training.dp = 2000000000;
        }
        if (what == QLatin1String("inf")) {
            p.gpu.price_usd = std::numeric_limits<double>::infinity();
        }
        if (what == QLatin1String("years")) {
            p.economics.years = 1e-300;
        }
        const Evaluation e = evaluate(p);
        QVERIFY(!e.ok());
        bool found = false;
        for (const PlanError &err : e.errors)
            if (QString::fromStdString(err.field) == field && QString::fromStdString(err.message).contains(fragment))
                found = true;
        QVERIFY2(found, qPrintable(QString::fromStdString(e.errors.front().field + ": " + e.errors.front().message)));
    }
    void resultsAreFiniteAcrossPresets()
    {
        const PresetCatalog &c = PresetCatalog::builtIn();
        for (const Preset &m : c.presets(Section::Model))
            for (const Preset &g : c.presets(Section::Gpu)) {
                Plan p = defaultScenario().plan;
                m.applyTo(p);
                g.applyTo(p);
                c.find(Section::Cluster, g.defaultCluster())->applyTo(p);
                p.cluster.nodes = 32;
                p.training.compute_efficiency.reset();
                for (int tp : {1, 2, 8})
                    for (int pp : {1, 4, 8}) {
                        p.training.tp = tp;
                        p.training.pp = pp;
                        p.training.dp = 256 / (tp * pp);
                        p.training.global_batch = p.training.dp * 16;
                        const Evaluation e = evaluate(p);
                        if (e.ok())
                            QVERIFY2(allFinite(e.result), qPrintable(m.id + QLatin1Char('/') + g.id));
                    }
            }
    }
};

QTEST_GUILESS_MAIN(TestEngine)
#include "test_engine.moc"
