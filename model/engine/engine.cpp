// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine.h"

#include "limits.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace commtax {

// ---------------------------------------------------------------------------------------------
// enums

const char *toString(Mlp v) { return v == Mlp::Gelu ? "gelu" : "swiglu"; }
const char *toString(Recompute v)
{
    switch (v) {
    case Recompute::None: return "none";
    case Recompute::Selective: return "selective";
    case Recompute::Full: return "full";
    }
    return "?";
}
const char *toString(Precision v) { return v == Precision::Fp8 ? "fp8" : "bf16"; }
const char *toString(EconomicsMode v) { return v == EconomicsMode::Rent ? "rent" : "buy"; }

bool parseMlp(const std::string &s, Mlp &out)
{
    if (s == "gelu") {
        out = Mlp::Gelu;
        return true;
    }
    if (s == "swiglu") {
        out = Mlp::SwiGlu;
        return true;
    }
    return false;
}
bool parseRecompute(const std::string &s, Recompute &out)
{
    if (s == "none") {
        out = Recompute::None;
        return true;
    }
    if (s == "selective") {
        out = Recompute::Selective;
        return true;
    }
    if (s == "full") {
        out = Recompute::Full;
        return true;
    }
    return false;
}
bool parsePrecision(const std::string &s, Precision &out)
{
    if (s == "bf16") {
        out = Precision::Bf16;
        return true;
    }
    if (s == "fp8") {
        out = Precision::Fp8;
        return true;
    }
    return false;
}
bool parseEconomicsMode(const std::string &s, EconomicsMode &out)
{
    if (s == "buy") {
        out = EconomicsMode::Buy;
        return true;
    }
    if (s == "rent") {
        out = EconomicsMode::Rent;
        return true;
    }
    return false;
}

// ---------------------------------------------------------------------------------------------
// the model's size and work

double parameterCount(const ModelSpec &m)
{
    const double h = m.hidden, f = m.ffn, l = m.layers, V = m.vocab;
    const double ga = m.heads > 0 ? double(m.kv_heads) / m.heads : 1.0;
    const double attention = 2.0 * h * h * (1.0 + ga);
    const double mlp = (m.mlp == Mlp::SwiGlu ? 3.0 : 2.0) * h * f;
    const double embeddings = V * h * (m.tied_embeddings ? 1.0 : 2.0);
    return l * (attention + mlp) + embeddings;
}

double modelFlopsPerSequence(const ModelSpec &m, int seq_len)
{
    const double h = m.hidden, f = m.ffn, l = m.layers, V = m.vocab, s = seq_len;
    const double ga = m.heads > 0 ? double(m.kv_heads) / m.heads : 1.0;
    const double mlp = (m.mlp == Mlp::SwiGlu ? 18.0 : 12.0) * l * f * h;
    return s * (12.0 * l * h * h * (1.0 + ga + s / h) + mlp + 6.0 * V * h);
}

// ---------------------------------------------------------------------------------------------
// pipeline stages (docs/model.md §16)

StageSplit stageSplit(const Plan &plan)
{
    const TrainingSpec &t = plan.training;
    StageSplit sp;
    const int l = plan.model.layers, p = std::max(t.pp, 1), v = std::max(t.vpp, 1);
    sp.stages = p;
    sp.vpp = v;
    if (p == 1) {
        sp.first = sp.last = l;
        sp.valid = l >= 1;
        sp.even = true;
        return sp;
    }
    // Stages left automatic share the rest in units of vpp layers (every stage holds vpp chunks);
    // the units that do not divide go to the middle stages first (lowest index first), then to the
    // first stage, never to the last, which carries the LM head and its loss.
    // 32-bit arithmetic (the ranges keep every count below 5,000) and no division by vpp = 1: this
    // runs twice per evaluation.
    const int F = t.first_stage_layers, L = t.last_stage_layers;
    const int free = (p - 2) + (F == 0 ? 1 : 0) + (L == 0 ? 1 : 0);
    const int rest = l - F - L;
    if (rest < 0 || (v > 1 && (F % v != 0 || L % v != 0 || rest % v != 0)))
        return sp;
    if (free == 0) { // pp = 2, both given
        sp.first = F;
        sp.last = L;
        sp.valid = rest == 0;
        sp.even = F == L;
        return sp;
    }
    const int units = v > 1 ? rest / v : rest, base = units / free, rem = units - base * free;
    if (base < 1)
        return sp;
    sp.remainder = rem;
    const int extraMiddle = std::min(rem, p - 2);
    int left = rem - extraMiddle;
    sp.middle_base = base;
    sp.middle_extra = extraMiddle;
    if (F != 0) {
        sp.first = F;
    } else {
        sp.first = (base + (left > 0 ? 1 : 0)) * v;
        left -= left > 0 ? 1 : 0;
    }
    sp.last = L != 0 ? L : (base + (left > 0 ? 1 : 0)) * v;
    sp.valid = true;
    const int mid = base * v;
    sp.even = rem == 0 && sp.first == mid && sp.last == mid;
    return sp;
}

int stageLayers(const StageSplit &split, int stage)
{
    if (stage <= 0)
        return split.first;
    if (stage >= split.stages - 1)
        return split.last;
    return (split.middle_base + (stage - 1 < split.middle_extra ? 1 : 0)) * split.vpp;
}

// ---------------------------------------------------------------------------------------------
// validation

namespace {

std::string num(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
}

struct Checker {
    std::vector<PlanError> errors;
    void fail(const char *field, std::string msg) { errors.push_back({field, std::move(msg)}); }
};

// Divisibility and the GPU count. Runs only on fields within their ranges, and in 64-bit checked
// arithmetic all the same: a product that does not fit is an error, never a wrapped value.
void checkShapes(Checker &c, const Plan &plan)
{
    const ModelSpec &m = plan.model;
    const ClusterSpec &cl = plan.cluster;
    const TrainingSpec &t = plan.training;
    if (m.heads % t.tp != 0)
        c.fail("training.tp", "tp=" + num(t.tp) + " does not divide heads=" + num(m.heads));
    else if (m.kv_heads % t.tp != 0 && t.tp % m.kv_heads != 0)
        c.fail("training.tp", "tp=" + num(t.tp) + " and kv_heads=" + num(m.kv_heads) + ": one must divide the other");
    if (m.ffn % t.tp != 0)
        c.fail("training.tp", "tp=" + num(t.tp) + " does not divide ffn=" + num(m.ffn));
    // The layers over the pipeline stages (docs/model.md §16).
    if (t.pp == 1 && (t.first_stage_layers != 0 || t.last_stage_layers != 0)) {
        c.fail(t.first_stage_layers != 0 ? "training.first_stage_layers" : "training.last_stage_layers",
               "first_stage_layers and last_stage_layers need pipeline parallelism (pp>1); 0 is automatic");
    } else if (!stageSplit(plan).valid) {
        const bool given = t.first_stage_layers != 0 || t.last_stage_layers != 0;
        const int free = (t.pp - 2) + (t.first_stage_layers == 0 ? 1 : 0) + (t.last_stage_layers == 0 ? 1 : 0);
        if (!given)
            c.fail("training.pp", "layers=" + num(m.layers) + " cannot fill pp*vpp=" + num(t.pp) + "*" + num(t.vpp) + "=" + num(double(t.pp) * t.vpp) + " pipeline chunks: every stage needs at least vpp layers" + (m.layers % t.vpp != 0 ? " and layers must divide by vpp" : ""));
        else
            c.fail(t.first_stage_layers != 0 ? "training.first_stage_layers" : "training.last_stage_layers",
                   "first_stage_layers=" + num(t.first_stage_layers) + " and last_stage_layers="
                       + num(t.last_stage_layers) + " (0 = automatic) leave " + num(double(m.layers) - t.first_stage_layers - t.last_stage_layers) + " of the " + num(m.layers) + " layers for the other " + num(free)
                       + " stages: each needs at least vpp=" + num(t.vpp) + " layers, every count a multiple of vpp"
                       + (free == 0 ? ", and with pp=2 the two must add up to the layers" : ""));
    }
    if (t.vpp > 1 && t.pp == 1)
        c.fail("training.vpp", "interleaving (vpp=" + num(t.vpp) + ") needs pipeline parallelism (pp>1)");
    std::int64_t gpus = 0, layout = 0;
    const bool gpusFit = checkedMul(cl.nodes, cl.gpus_per_node, gpus) && fitsInt(gpus);
    if (!checkedMul(t.tp, t.pp, t.dp, layout) || !gpusFit || layout != gpus)
        c.fail("training.dp", "tp*pp*dp=" + num(t.tp) + "*" + num(t.pp) + "*" + num(t.dp) + "=" + num(double(t.tp) * t.pp * t.dp) + " does not equal the cluster's " + num(cl.nodes) + " nodes x " + num(cl.gpus_per_node) + " GPUs=" + num(double(cl.nodes) * cl.gpus_per_node));
    if (t.tp > cl.gpus_per_node && t.tp % cl.gpus_per_node != 0)
        c.fail("training.tp", "tp=" + num(t.tp) + " spans nodes, so it must be a multiple of gpus_per_node=" + num(cl.gpus_per_node));
    std::int64_t perStep = 0;
    if (!checkedMul(t.micro_batch, t.dp, perStep) || t.global_batch % perStep != 0) {
        c.fail("training.global_batch", "global_batch=" + num(t.global_batch) + " is not divisible by micro_batch*dp=" + num(t.micro_batch) + "*" + num(t.dp) + "=" + num(double(t.micro_batch) * t.dp));
    } else if (t.vpp > 1) {
        const std::int64_t mb = t.global_batch / perStep;
        if (mb % t.pp != 0)
            c.fail("training.vpp", "interleaving needs the micro-batch count m=" + num(double(mb)) + " to be a multiple of pp=" + num(t.pp));
    }
}

} // namespace

std::vector<PlanError> validate(const Plan &plan)
{
    Checker c;
    const ModelSpec &m = plan.model;
    const GpuSpec &g = plan.gpu;
    const ClusterSpec &cl = plan.cluster;
    const TrainingSpec &t = plan.training;
    const EconomicsSpec &e = plan.economics;

    // Every numeric field within its range (limits.cpp): finite, and small enough that every
    // product of sizes below fits in 64 bits.
    bool shapesOk = true;
    std::size_t count = 0;
    const FieldLimit *limits = fieldLimits(&count);
    double values[kFieldLimitCount];
    fieldValues(plan, values);
    for (std::size_t i = 0; i < count; ++i) {
        const FieldLimit &l = limits[i];
        const double x = values[i];
        if (std::isnan(x) ? !l.get(plan) : (x >= l.min && x <= l.max))
            continue;
        const std::optional<double> v = l.get(plan);
        c.fail(l.path, std::string(l.integer ? "must be a whole number from " : "must be from ") + num(l.min) + " to " + num(l.max) + " (got " + num(*v) + ")");
        const std::string_view path(l.path);
        if (!path.starts_with("gpu.") && !path.starts_with("economics."))
            shapesOk = false;
    }

    if (m.heads > 0 && m.kv_heads > 0 && m.heads % m.kv_heads != 0)
        c.fail("model.kv_heads", "kv_heads=" + num(m.kv_heads) + " must divide heads=" + num(m.heads));
    if (m.hidden > 0 && m.heads > 0 && m.hidden % m.heads != 0)
        c.fail("model.heads", "heads=" + num(m.heads) + " must divide hidden=" + num(m.hidden));
    // Fields whose 0 means "none" or "unknown" are divisors when set: a positive value below 1
    // (1e-320 reached here from the fuzzer) would make a step take forever, so the smallest
    // meaningful value is 1 (1 Gb/s, 1 TFLOPS, 1 GB/s).
    if (cl.nodes > 1 && !(cl.nic_gbit_per_gpu >= 1))
        c.fail("cluster.nic_gbit_per_gpu", "must be greater than 0 when the cluster has more than one node (at least 1 Gb/s; got " + num(cl.nic_gbit_per_gpu) + ")");
    if (t.precision == Precision::Fp8 && !(g.fp8_dense_tflops > 0))
        c.fail("training.precision", "fp8 needs a GPU with FP8 tensor cores; " + g.id + " has fp8_dense_tflops=0");
    else if (t.precision == Precision::Fp8 && !(g.fp8_dense_tflops >= 1))
        c.fail("gpu.fp8_dense_tflops", "must be 0 (no FP8) or at least 1 TFLOPS (got " + num(g.fp8_dense_tflops) + ")");
    if (g.memory_bw_gbps > 0 && !(g.memory_bw_gbps >= 1))
        c.fail("gpu.memory_bw_gbps", "must be 0 (unknown) or at least 1 GB/s (got " + num(g.memory_bw_gbps) + ")");
    if (e.mode == EconomicsMode::Rent && !(e.usd_per_gpu_hour > 0))
        c.fail("economics.usd_per_gpu_hour", "must be greater than 0 in rent mode (got " + num(e.usd_per_gpu_hour) + ")");
    if (shapesOk)
        checkShapes(c, plan);
    return std::move(c.errors);
}

// ---------------------------------------------------------------------------------------------
// placement

Placement placeGroups(const Plan &plan)
{
    const int gpn = plan.cluster.gpus_per_node;
    const int t = plan.training.tp, d = plan.training.dp, p = plan.training.pp;
    Placement pl;
    // TP: t consecutive ranks.
    if (t <= gpn)
        pl.tp = groupLink(plan.gpu, plan.cluster, t, 1, t);
    else
        pl.tp = groupLink(plan.gpu, plan.cluster, t, t / gpn, gpn);
    // DP: d ranks with stride t.
    if (t >= gpn) {
        pl.dp = groupLink(plan.gpu, plan.cluster, d, d, 1);
    } else {
        const int k = std::min(d, gpn / t);
        pl.dp = groupLink(plan.gpu, plan.cluster, d, (d + k - 1) / k, k);
    }
    // PP: neighbours at stride t*d. If any boundary crosses a node the pipeline runs at the
    // network's pace; each GPU sends its shard over its own rail (k = 1).
    const bool crosses = static_cast<long long>(t) * d * p > gpn;
    pl.pp = groupLink(plan.gpu, plan.cluster, 2, crosses ? 2 : 1, crosses ? 1 : 2);
    return pl;
}

// ---------------------------------------------------------------------------------------------
// evaluation

namespace {

// The shapes every phase of an evaluation reads, as doubles (validate() keeps them in range).
struct Shape {
    explicit Shape(const Plan &plan)
        : l(plan.model.layers), h(plan.model.hidden), a(plan.model.heads), s(plan.training.seq_len), B(plan.training.global_batch), b(plan.training.micro_batch), t(plan.training.tp), p(plan.training.pp), d(plan.training.dp), v(plan.training.vpp), G(t * p * d), split(stageSplit(plan))
    {
    }
    const double l, h, a, s, B, b, t, p, d, v, G;
    const StageSplit split;
    double mb = 0;    // micro-batches per pipeline per step
    double peak = 0;  // FLOP/s of one GPU at the plan's precision, dense
    double tComp = 0; // compute time of a step on the pacing stage, without bubble or communication
    double backwardShare = 0;
    // Per micro-batch, on one GPU of a stage (docs/model.md §16): one layer's compute, its FP8 part,
    // the LM head's (last stage), and one layer's TP communication (raw).
    double layerTime = 0, layerFp8Time = 0, headTime = 0, tpLayerTime = 0;
    double layerParams = 0, embeddingParams = 0;
    double maxStageParams = 0; // the stage with the most parameters
};

// The stages that differ (docs/model.md §16): the first, the middle stages with one unit more, the
// other middle stages, the last; each with its first stage index, its layers and how many there are.
// With pp = 1 the one stage is first and last. No allocation: at most four kinds.
struct StageKind {
    int index;
    int layers;
    int count;
    bool first;
    bool last;
};
int stageKinds(const Shape &k, StageKind out[4])
{
    const StageSplit &sp = k.split;
    if (sp.stages == 1) {
        out[0] = {0, sp.first, 1, true, true};
        return 1;
    }
    int n = 0;
    out[n++] = {0, sp.first, 1, true, false};
    const int middle = sp.stages - 2;
    if (sp.middle_extra > 0)
        out[n++] = {1, (sp.middle_base + 1) * sp.vpp, sp.middle_extra, false, false};
    if (middle - sp.middle_extra > 0)
        out[n++] = {1 + sp.middle_extra, sp.middle_base * sp.vpp, middle - sp.middle_extra, false, false};
    out[n++] = {sp.stages - 1, sp.last, 1, false, true};
    return n;
}
// Parameters a stage holds: its layers, the input embedding on the first stage and the LM head on
// the last (a tied embedding is held by both ends once pp > 1, as Megatron does).
double stageParams(const Plan &plan, const Shape &k, const StageKind &s)
{
    if (k.split.stages == 1)
        return parameterCount(plan.model);
    return s.layers * k.layerParams + (s.first || s.last ? k.embeddingParams : 0.0);
}

// FLOPs and compute time (docs/model.md §2-3).
void computePhase(const Plan &plan, Shape &k, Result &r)
{
    const TrainingSpec &tr = plan.training;
    r.params = parameterCount(plan.model);
    const double fSeq = modelFlopsPerSequence(plan.model, tr.seq_len);
    r.flops_per_step = k.B * fSeq;
    double hwSeq = fSeq;
    if (tr.recompute == Recompute::Full)
        hwSeq = fSeq * 4.0 / 3.0;
    else if (tr.recompute == Recompute::Selective)
        hwSeq = fSeq + k.l * 4.0 * k.s * k.s * k.h; // the attention core's forward again: QK^T and AV
    r.hardware_flops_per_step = k.B * hwSeq;

    k.peak = (tr.precision == Precision::Fp8 ? plan.gpu.fp8_dense_tflops : plan.gpu.bf16_dense_tflops) * 1e12;
    const double eff = tr.compute_efficiency.value_or(plan.gpu.compute_efficiency);
    const double width = k.h / k.t;
    r.compute_efficiency_effective = eff * width / (width + kGemmHalfEfficiencyWidth);
    // One layer's FLOPs per sequence by kind (docs/model.md §2), and the LM head's (last stage).
    const ModelSpec &m = plan.model;
    const double ga = m.heads > 0 ? double(m.kv_heads) / m.heads : 1.0;
    const double linear = k.s * (12.0 * k.h * k.h * (1.0 + ga) + (m.mlp == Mlp::SwiGlu ? 18.0 : 12.0) * m.ffn * k.h);
    double layerHw = linear + k.s * 12.0 * k.h * k.s, linearHw = linear;
    double headHw = k.s * 6.0 * m.vocab * k.h;
    if (tr.recompute == Recompute::Full) {
        layerHw *= 4.0 / 3.0;
        linearHw *= 4.0 / 3.0;
        headHw *= 4.0 / 3.0;
    } else if (tr.recompute == Recompute::Selective) {
        layerHw += 4.0 * k.s * k.s * k.h;
    }
    k.layerParams = 2.0 * k.h * k.h * (1.0 + ga) + (m.mlp == Mlp::SwiGlu ? 3.0 : 2.0) * k.h * m.ffn;
    k.embeddingParams = double(m.vocab) * k.h;
    // A stage's t GPUs share each micro-batch's b sequences.
    const double perGpu = k.b / k.t;
    const double bf16 = plan.gpu.bf16_dense_tflops * 1e12 * r.compute_efficiency_effective;
    k.headTime = perGpu * headHw / bf16;
    if (tr.precision == Precision::Fp8) {
        // Transformer Engine runs the linear layers (QKV, projection, MLP) in FP8; attention's QK^T
        // and AV, softmax, norms and the LM head stay in BF16 (TE's fp8_autocast covers te.Linear and
        // friends only; Megatron keeps the output layer in BF16). The linear FLOPs are the
        // 12*l*h^2*(1+g/a) + 18*l*f*h part of F_seq, and every kind of FLOP repeats with recompute.
        // The fixed cost of a GEMM (launch, epilogue, and FP8's casts and amax scans, which run at
        // memory speed) does not shrink with a faster tensor core, so the width at which FP8 GEMMs
        // reach half their peak grows with the peak: 360 * fp8/bf16 (720 on H100).
        const double ratio = plan.gpu.fp8_dense_tflops / plan.gpu.bf16_dense_tflops;
        const double fp8Eff = eff * width / (width + kGemmHalfEfficiencyWidth * ratio);
        const double fp8 = plan.gpu.fp8_dense_tflops * 1e12 * fp8Eff;
        k.layerFp8Time = perGpu * linearHw / fp8;
        k.layerTime = k.layerFp8Time + perGpu * (layerHw - linearHw) / bf16;
    } else {
        k.layerFp8Time = 0;
        k.layerTime = perGpu * layerHw / bf16;
    }
    // Backward share of the compute: 2 of 3 passes, or 3 of 4 when full recompute adds a forward.
    k.backwardShare = tr.recompute == Recompute::Full ? 0.75 : 2.0 / 3.0;

    // Pipeline bubble (docs/model.md §6); its time needs the TP communication (communicationPhase).
    r.bubble_overhead = (k.p - 1.0) / (k.v * k.mb);
    r.bubble_share = (k.p - 1.0) / (k.v * k.mb + k.p - 1.0);
}

// Data-parallel gradient (and ZeRO parameter) traffic and what of it hides under compute.
void dataParallelPhase(const Plan &plan, const Shape &k, const GroupLink &link, Result &r)
{
    const TrainingSpec &tr = plan.training;
    // Each stage reduces its own gradients; the stage with the most parameters finishes last.
    const double shard = k.maxStageParams / k.t;
    const double gradMsg = shard * tr.grad_bytes;
    const double paramMsg = shard * 2.0;
    double exposed = 0;
    if (tr.zero == 3) {
        // Parameters gathered for the forward and again for the backward, gradients
        // reduce-scattered, every micro-batch; prefetch can hide them under that micro-batch.
        const double perMb = 2.0 * collectiveTimeS(Collective::AllGather, paramMsg, link)
            + collectiveTimeS(Collective::ReduceScatter, gradMsg, link);
        r.dp_comm_time_s = k.mb * perMb;
        exposed = k.mb * std::max(0.0, perMb - tr.dp_overlap * k.tComp / k.mb);
    } else {
        // Gradients accumulate over the micro-batches; the buckets go out during the last
        // micro-batch's backward pass, which is all the compute they can hide under.
        const double backward = k.backwardShare * k.tComp / k.mb;
        if (tr.zero == 0) {
            r.dp_comm_time_s = collectiveTimeS(Collective::AllReduce, gradMsg, link);
            exposed = std::max(0.0, r.dp_comm_time_s - tr.dp_overlap * backward);
        } else {
            // ZeRO-1/2: the updated parameters can only be all-gathered after the optimizer step, so
            // they hide under the next step's first forward pass (Megatron's distributed optimizer
            // with overlap_param_gather), never under the backward the reduce-scatter uses.
            const double rs = collectiveTimeS(Collective::ReduceScatter, gradMsg, link);
            const double ag = collectiveTimeS(Collective::AllGather, paramMsg, link);
            const double forward = (1.0 - k.backwardShare) * k.tComp / k.mb;
            r.dp_comm_time_s = rs + ag;
            exposed = std::max(0.0, rs - tr.dp_overlap * backward) + std::max(0.0, ag - tr.dp_overlap * forward);
        }
    }
    r.dp_comm_exposed_s = exposed;
    const double latency = tr.zero == 0 ? collectiveLatencyS(Collective::AllReduce, link)
                                        : 2.0 * collectiveLatencyS(Collective::AllGather, link);
    if (latency * (tr.zero == 3 ? 1.5 * k.mb : 1.0) > 0.5 * r.dp_comm_time_s)
        r.warnings |= WarnDpLatencyBound;
}

// The pipeline (docs/model.md §6, §16): every stage's time per micro-batch is its compute and its
// exposed TP communication, u_i; the slowest stage paces the pipeline, which takes
// m * u_max + (sum u_i - u_max) / v. The pacing stage is busy m * u_max and idle for the rest: the
// bubble. Equal stages give the familiar (p - 1)/(v*m) of m * u.
void pipelinePhase(const Plan &plan, Shape &k, Result &r)
{
    const double tpExposedLayer = k.tpLayerTime * (1.0 - plan.training.tp_overlap);
    StageKind kinds[4];
    const int n = stageKinds(k, kinds);
    double sum = 0, slowest = -1, maxParams = 0;
    int pace = 0;
    for (int i = 0; i < n; ++i) {
        const StageKind &s = kinds[i];
        const double u = s.layers * (k.layerTime + tpExposedLayer) + (s.last ? k.headTime : 0.0);
        sum += s.count * u;
        if (u > slowest) {
            slowest = u;
            pace = i;
        }
        maxParams = std::max(maxParams, stageParams(plan, k, s));
    }
    k.maxStageParams = maxParams;
    const StageKind &s = kinds[pace];
    r.pacing_stage = s.index;
    k.tComp = k.mb * (s.layers * k.layerTime + (s.last ? k.headTime : 0.0));
    r.compute_time_s = k.tComp;
    r.compute_fp8_time_s = k.mb * s.layers * k.layerFp8Time;
    r.tp_comm_time_s = k.mb * s.layers * k.tpLayerTime;
    r.tp_comm_exposed_s = r.tp_comm_time_s * (1.0 - plan.training.tp_overlap);
    r.bubble_time_s = (sum - slowest) / k.v;
}

// Communication (docs/model.md §4-5), then the step time and the communication tax (§7).
void communicationPhase(const Plan &plan, Shape &k, const Placement &pl, Result &r)
{
    const TrainingSpec &tr = plan.training;
    r.tp_busbw_gbps = k.t > 1 ? pl.tp.busbw_gbps : 0.0;
    r.dp_busbw_gbps = k.d > 1 ? pl.dp.busbw_gbps : 0.0;
    r.pp_bw_gbps = k.p > 1 ? pl.pp.busbw_gbps : 0.0;

    constexpr double actBytes = 2.0; // activations travel in 16 bits, also under FP8 compute
    if (k.t > 1) {
        const double msg = k.b * k.s * k.h * actBytes;
        const bool full = tr.recompute == Recompute::Full;
        double perLayer = 0;
        if (tr.sequence_parallel) {
            // Korthikanti et al. 2022, §4.2.2: the forward's two all-reduces become an all-gather
            // (g, before the QKV and FC1 column-parallel GEMMs) and a reduce-scatter (g-bar, after the
            // projection and FC2), the backward their conjugates. The input of each column-parallel
            // GEMM is stored sharded (s*b*h/t, the memory saving) and all-gathered again in the
            // backward for the weight gradient (Megatron-LM megatron/core/tensor_parallel/layers.py,
            // LinearWithGradAccumulationAndAsyncCommunication.backward): forward 2 AG + 2 RS,
            // backward 4 AG + 2 RS. Selective recompute repeats no GEMM and so no collective; full
            // recompute runs the forward's 2 AG + 2 RS again, and its backward still re-gathers.
            const double ag = full ? 8.0 : 6.0, rs = full ? 6.0 : 4.0;
            perLayer = ag * collectiveTimeS(Collective::AllGather, msg, pl.tp)
                + rs * collectiveTimeS(Collective::ReduceScatter, msg, pl.tp);
        } else {
            perLayer = (full ? 6.0 : 4.0) * collectiveTimeS(Collective::AllReduce, msg, pl.tp);
        }
        k.tpLayerTime = perLayer;
    }
    // A pipeline slot is a whole micro-batch of a stage: its compute and the TP communication that
    // sits on the critical path inside it. The idle slots cost (p-1)/(v*m) of both (equal stages).
    pipelinePhase(plan, k, r);
    if (k.p > 1) {
        // Megatron's scatter/gather (and sequence parallelism) splits the boundary tensor over the
        // t ranks of a stage, each sending its shard on its own rail.
        const double msg = k.b * k.s * k.h * actBytes / k.t;
        r.pp_comm_time_s = 2.0 * k.v * k.mb * collectiveTimeS(Collective::SendRecv, msg, pl.pp);
    }
    if (k.d > 1)
        dataParallelPhase(plan, k, pl.dp, r);

    const double hidden = (r.tp_comm_time_s - r.tp_comm_exposed_s) + (r.dp_comm_time_s - r.dp_comm_exposed_s);
    r.overlap_slowdown_s = kOverlapComputeSlowdown * hidden;
    // The optimizer step: each GPU updates its P/(t*p) parameters (divided by d under ZeRO), reading
    // and writing its states at the HBM bandwidth. memory_bw_gbps = 0 (unknown) leaves it out.
    if (plan.gpu.memory_bw_gbps > 0) {
        const double updated = k.maxStageParams / k.t / (tr.zero >= 1 ? k.d : 1.0);
        const double gradBytes = tr.grad_bytes >= 4 ? 4.0 : 2.0; // the accumulation buffer's dtype
        r.optimizer_time_s = updated * (kAdamBytesPerParam + gradBytes) / (plan.gpu.memory_bw_gbps * 1e9);
    }
    const double commRaw = r.tp_comm_time_s + r.pp_comm_time_s + r.dp_comm_time_s;
    const double commExposed = r.tp_comm_exposed_s + r.pp_comm_time_s + r.dp_comm_exposed_s;
    r.step_time_s = k.tComp + r.bubble_time_s + commExposed + r.overlap_slowdown_s + r.optimizer_time_s;
    r.comm_tax_raw = commRaw / (commRaw + k.tComp);
    r.comm_tax_exposed = commExposed / r.step_time_s;
    r.mfu = r.flops_per_step / (r.step_time_s * k.G * k.peak);
    r.hfu = r.hardware_flops_per_step / (r.step_time_s * k.G * k.peak);
    r.tflops_per_gpu = r.flops_per_step / (r.step_time_s * k.G) / 1e12;
    r.tokens_per_s = k.B * k.s / r.step_time_s;
    r.tokens_per_day = r.tokens_per_s * 86400.0;
}

// Memory per GPU (docs/model.md §8, §16): the fullest stage's. Stage i keeps min(m, p - i)
// micro-batches in flight, so the earliest stage of each kind is that kind's fullest.
void memoryPhase(const Plan &plan, const Shape &k, Result &r)
{
    const TrainingSpec &tr = plan.training;
    const double sbh = k.s * k.b * k.h, t = k.t;
    const double attn = tr.flash_attention ? 0.0 : 5.0 * k.a * k.s / k.h;
    const double fullLayer = tr.sequence_parallel ? sbh * (34.0 + attn) / t : sbh * (10.0 + 24.0 / t + attn / t);
    double perLayer = fullLayer;
    if (tr.recompute == Recompute::Selective)
        perLayer = tr.sequence_parallel ? sbh * 34.0 / t : sbh * (10.0 + 24.0 / t);
    else if (tr.recompute == Recompute::Full)
        perLayer = 2.0 * sbh / (tr.sequence_parallel ? t : 1.0);
    const double interleave = k.v > 1 ? 1.0 + (k.p - 1.0) / (k.v * k.p) : 1.0;
    StageKind kinds[4];
    const int n = stageKinds(k, kinds);
    // Bytes per parameter of a stage's shard, as ZeRO divides them over d.
    const double wBytes = 2.0 / (tr.zero >= 3 ? k.d : 1.0), gBytes = (tr.grad_bytes >= 4 ? 4.0 : 2.0) / (tr.zero >= 2 ? k.d : 1.0),
                 oBytes = 12.0 / (tr.zero >= 1 ? k.d : 1.0);
    const double recomputing = tr.recompute == Recompute::Full ? fullLayer : 0.0; // one layer live again
    double fullest = -1, fullestShard = 0, fullestAct = 0;
    for (int i = 0; i < n; ++i) {
        const StageKind &s = kinds[i];
        const double shard = stageParams(plan, k, s) / k.t;
        const double act = perLayer * s.layers * (std::min(k.mb, k.p - s.index) * interleave) + recomputing;
        const double bytes = shard * (wBytes + gBytes + oBytes) + act;
        if (bytes > fullest) {
            fullest = bytes;
            fullestShard = shard;
            fullestAct = act;
        }
    }
    r.memory_weights_gb = fullestShard * wBytes / kBytesPerGB;
    r.memory_gradients_gb = fullestShard * gBytes / kBytesPerGB;
    r.memory_optimizer_gb = fullestShard * oBytes / kBytesPerGB;
    r.memory_activations_gb = fullestAct / kBytesPerGB;
    r.memory_total_gb = r.memory_weights_gb + r.memory_gradients_gb + r.memory_optimizer_gb + r.memory_activations_gb;
    r.memory_capacity_gb = plan.gpu.memory_gb;
    r.memory_usable_gb = plan.gpu.memory_gb * (1.0 - kMemoryReserve);
    r.fits_in_memory = r.memory_total_gb <= r.memory_usable_gb;
}

// Time and money (docs/model.md §9).
void economicsPhase(const Plan &plan, const Shape &k, Result &r)
{
    const EconomicsSpec &ec = plan.economics;
    const ClusterSpec &cl = plan.cluster;
    const double effectiveTokensPerS = r.tokens_per_s * plan.training.goodput;
    const double hours = plan.training.tokens_to_train / effectiveTokensPerS / 3600.0;
    r.days_to_train = hours / 24.0;
    r.gpu_hours = k.G * hours;
    r.power_kw = k.G * plan.gpu.watts * (1.0 + ec.node_overhead) * ec.pue / 1000.0;
    r.energy_mwh = r.power_kw * hours / 1000.0;
    if (ec.mode == EconomicsMode::Buy) {
        r.capex_usd = k.G * plan.gpu.price_usd + cl.nodes * cl.node_price_usd + k.G * cl.network_cost_per_gpu_usd;
        r.cost_per_hour_usd = r.capex_usd / (ec.years * 8760.0) + r.power_kw * ec.usd_per_kwh
            + r.capex_usd * ec.upkeep_pct / 100.0 / 8760.0;
    } else {
        r.capex_usd = 0;
        r.cost_per_hour_usd = k.G * ec.usd_per_gpu_hour;
    }
    r.tco_usd = r.cost_per_hour_usd * hours;
    r.lifetime_tco_usd = r.cost_per_hour_usd * ec.years * 8760.0;
    r.cost_per_billion_tokens_usd = r.cost_per_hour_usd / (effectiveTokensPerS * 3600.0 / 1e9);
}

void warningPhase(const Plan &plan, const Shape &k, const Placement &pl, Result &r)
{
    const TrainingSpec &tr = plan.training;
    const ClusterSpec &cl = plan.cluster;
    if (r.comm_tax_exposed > kCommTaxWarn)
        r.warnings |= WarnCommTaxHigh;
    else if (r.comm_tax_raw > kCommTaxWarn)
        r.warnings |= WarnRawCommTaxHigh;
    if (!r.fits_in_memory)
        r.warnings |= WarnDoesNotFit;
    if (tr.tp > cl.gpus_per_node)
        r.warnings |= WarnTpCrossesNodes;
    const bool intraTraffic = cl.gpus_per_node > 1
        && (k.t > 1 || (k.d > 1 && pl.dp.ranks_per_node > 1) || (k.p > 1 && pl.pp.nodes == 1));
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
    if (tr.goodput < kGoodputWarn)
        r.warnings |= WarnGoodputLow;
    if (r.mfu > kMfuWarn)
        r.warnings |= WarnMfuHigh;
    // ZeRO-3 with a pipeline: every micro-batch gathers the stage's weights again (twice), and the
    // pipeline's many micro-batches multiply that traffic; Megatron and DeepSpeed do not combine them.
    if (tr.zero == 3 && k.p > 1)
        r.warnings |= WarnZero3WithPp;
    if (k.split.remainder != 0)
        r.warnings |= WarnUnevenStages;
    // The run's compute budget: model FLOPs per token x tokens to train.
    const double tokensPerStep = k.B * k.s;
    if (tokensPerStep > optimalBatchTokens(r.flops_per_step / tokensPerStep * tr.tokens_to_train))
        r.warnings |= WarnBatchAboveOptimal;
}

} // namespace

Result evaluateValid(const Plan &plan)
{
    Result r;
    Shape k(plan);
    // validate() bounds micro_batch*dp by global_batch, so the count fits an int.
    const int mbCount = static_cast<int>(plan.training.global_batch
                                         / (static_cast<std::int64_t>(plan.training.micro_batch) * plan.training.dp));
    k.mb = mbCount;
    r.gpus = static_cast<int>(k.G);
    r.micro_batches = mbCount;
    computePhase(plan, k, r);
    const Placement pl = placeGroups(plan);
    communicationPhase(plan, k, pl, r);
    memoryPhase(plan, k, r);
    economicsPhase(plan, k, r);
    warningPhase(plan, k, pl, r);
    return r;
}

Evaluation evaluate(const Plan &plan)
{
    Evaluation e;
    e.errors = validate(plan);
    if (e.errors.empty())
        e.result = evaluateValid(plan);
    return e;
}

// ---------------------------------------------------------------------------------------------
// warnings in words

namespace {
std::string pct(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", v * 100.0);
    return buf;
}
std::string fixed(double v, int digits)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
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
        out.push_back("Goodput " + pct(tr.goodput) + " is low: failures and restarts cost more than 20% of the time");
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
        for (int i = 1; i < sp.stages; ++i)
            layout += "," + std::to_string(stageLayers(sp, i));
        out.push_back("Layers=" + std::to_string(plan.model.layers) + " do not divide evenly over pp*vpp="
                      + std::to_string(tr.pp * tr.vpp) + " pipeline chunks: spread as evenly as possible, "
                                                         "stage layers "
                      + layout + "; the slowest stage (" + std::to_string(r.pacing_stage)
                      + ") paces the pipeline (set first_stage_layers/last_stage_layers to choose)");
    }
    if (r.warnings & WarnDpLatencyBound)
        out.push_back("Data-parallel sync is latency-bound over " + std::to_string(tr.dp)
                      + " ranks: fewer, larger messages (larger tp*pp shards or bigger buckets) would help");
    return out;
}

} // namespace commtax
