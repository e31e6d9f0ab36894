// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine.h"

#include "limits.h"

#include <algorithm>
#include <charconv>
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
const char *toString(Attention v) { return v == Attention::Mla ? "mla" : "mha"; }

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
bool parseAttention(const std::string &s, Attention &out)
{
    if (s == "mha") {
        out = Attention::Mha;
        return true;
    }
    if (s == "mla") {
        out = Attention::Mla;
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

LayerDims layerDims(const ModelSpec &m)
{
    LayerDims L;
    const double h = m.hidden, a = m.heads;
    const double dh = m.head_dim > 0 ? double(m.head_dim) : (m.heads > 0 ? h / a : h);
    if (m.attention == Attention::Mla) {
        // DeepSeek-V2 (arXiv 2405.04434) §2.1.2-2.1.3, DeepSeek-V3 config.json: queries through a
        // q_lora_rank latent (or straight from h), keys and values through one kv_lora_rank latent
        // plus a shared RoPE key of qk_rope_head_dim; heads of qk_nope + qk_rope for Q and K, v_head_dim
        // for V; the output projection from heads x v_head_dim. Norms of the latents are left out.
        const double dqk = double(m.qk_nope_head_dim) + m.qk_rope_head_dim, dv = m.v_head_dim;
        const double q = m.q_lora_rank > 0 ? h * m.q_lora_rank + double(m.q_lora_rank) * a * dqk : h * a * dqk;
        L.kv_up_dim = a * (double(m.qk_nope_head_dim) + dv);
        const double kv = h * (double(m.kv_lora_rank) + m.qk_rope_head_dim) + double(m.kv_lora_rank) * L.kv_up_dim;
        L.attn_params = q + kv + a * dv * h;
        L.q_dim = a * dqk;
        L.k_dim = a * dqk;
        L.v_dim = a * dv;
        L.latent_dim = double(m.q_lora_rank) + m.kv_lora_rank + m.qk_rope_head_dim;
    } else {
        const double kv = double(m.kv_heads) * dh;
        L.q_dim = a * dh;
        L.k_dim = kv;
        L.v_dim = kv;
        L.attn_params = h * (2.0 * L.q_dim + 2.0 * kv);
    }
    // One query against one key: QK^T over the query/key width, AV over the value width; per
    // query head. Forward FLOPs per token per context token: 2 * heads * (d_qk + d_v).
    const double dqk = m.attention == Attention::Mla ? double(m.qk_nope_head_dim) + m.qk_rope_head_dim : dh;
    const double dv = m.attention == Attention::Mla ? double(m.v_head_dim) : dh;
    L.attn_core_flops = 2.0 * a * (dqk + dv);
    L.attn_out_dim = a * dv;
    const double mats = m.mlp == Mlp::SwiGlu ? 3.0 : 2.0;
    L.dense_mlp_params = mats * h * m.ffn;
    if (m.moe()) {
        L.moe_layers = std::max(m.layers - m.dense_layers, 0);
        L.dense_layers = m.layers - L.moe_layers;
        L.expert_params = mats * h * m.expert_ffn;
        L.router_params = h * m.experts;
        L.moe_total_params = (double(m.experts) + m.shared_experts) * L.expert_params + L.router_params;
        L.moe_active_params = (double(m.experts_per_token) + m.shared_experts) * L.expert_params + L.router_params;
    } else {
        L.dense_layers = m.layers;
    }
    return L;
}

namespace {
double parameterCount(const ModelSpec &m, const LayerDims &L, bool active)
{
    const double embeddings = double(m.vocab) * m.hidden * (m.tied_embeddings ? 1.0 : 2.0);
    return m.layers * L.attn_params + L.dense_layers * L.dense_mlp_params
        + L.moe_layers * (active ? L.moe_active_params : L.moe_total_params) + embeddings;
}
// The attention core's model FLOPs per sequence: QK^T and AV over the whole s x s score matrix,
// forward x 3 (Megatron-LM's MFU formula counts the full matrix, not the causal half).
double attentionFlopsPerSequence(const ModelSpec &m, const LayerDims &L, int seq_len)
{
    const double s = seq_len;
    return 3.0 * m.layers * L.attn_core_flops * s * s;
}
double modelFlopsPerSequence(const ModelSpec &m, const LayerDims &L, int seq_len)
{
    // 6 FLOPs per active matmul parameter per token (forward 2, backward 4) and the attention core
    // over the whole context, forward x 3 (Korthikanti et al. 2022 §6; Megatron-LM's MFU formula
    // counts the full s x s score matrix, not the causal half). The embedding lookup is free; the LM
    // head is a V x h matmul.
    const double s = seq_len, h = m.hidden;
    const double matmul = m.layers * L.attn_params + L.dense_layers * L.dense_mlp_params + L.moe_layers * L.moe_active_params;
    return s * (6.0 * matmul + 6.0 * double(m.vocab) * h) + attentionFlopsPerSequence(m, L, seq_len);
}
} // namespace

double parameterCount(const ModelSpec &m) { return parameterCount(m, layerDims(m), false); }
double activeParameterCount(const ModelSpec &m) { return parameterCount(m, layerDims(m), true); }
double modelFlopsPerSequence(const ModelSpec &m, int seq_len) { return modelFlopsPerSequence(m, layerDims(m), seq_len); }

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
    // Stages left automatic share the rest as evenly as possible; the layers that do not divide go
    // to the middle stages first (lowest index first), then to the first stage, never to the last,
    // which carries the LM head and its loss. With interleaving every stage needs at least vpp layers
    // (one per chunk); its chunks may differ by one layer (Megatron-Core's
    // --pipeline-model-parallel-layout takes any count per virtual stage).
    // 32-bit arithmetic (the ranges keep every count below 5,000): this runs twice per evaluation.
    const int F = t.first_stage_layers, L = t.last_stage_layers;
    const int free = (p - 2) + (F == 0 ? 1 : 0) + (L == 0 ? 1 : 0);
    const int rest = l - F - L;
    if (rest < 0 || (F != 0 && F < v) || (L != 0 && L < v))
        return sp;
    if (free == 0) { // pp = 2, both given
        sp.first = F;
        sp.last = L;
        sp.valid = rest == 0;
        sp.even = F == L && F % v == 0;
        return sp;
    }
    const int base = rest / free, rem = rest - base * free;
    if (base < v)
        return sp;
    sp.remainder = rem;
    const int extraMiddle = std::min(rem, p - 2);
    int left = rem - extraMiddle;
    sp.middle_base = base;
    sp.middle_extra = extraMiddle;
    if (F != 0) {
        sp.first = F;
    } else {
        sp.first = base + (left > 0 ? 1 : 0);
        left -= left > 0 ? 1 : 0;
    }
    sp.last = L != 0 ? L : base + (left > 0 ? 1 : 0);
    sp.valid = true;
    sp.even = rem == 0 && sp.first == base && sp.last == base && base % v == 0;
    // Chunks of unequal size are spread as evenly as the automatic stages could not be.
    if (!sp.even && rem == 0 && F == 0 && L == 0)
        sp.remainder = base % v;
    return sp;
}

int stageLayers(const StageSplit &split, int stage)
{
    if (stage <= 0)
        return split.first;
    if (stage >= split.stages - 1)
        return split.last;
    return split.middle_base + (stage - 1 < split.middle_extra ? 1 : 0);
}

// ---------------------------------------------------------------------------------------------
// validation

namespace {

// Numbers in messages are formatted with std::to_chars: printf's format in the C locale whatever
// the process's locale (under de_DE, snprintf would write "31,5").
std::string num(double v)
{
    char buf[64];
    const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, 10);
    return std::string(buf, r.ptr);
}

struct Checker {
    std::vector<PlanError> errors;
    // `pattern`: an English template marked CT_TEXT (enginetext.h), filled with `args`.
    void fail(const char *field, const char *pattern, std::vector<std::string> args = {})
    {
        EngineText text{pattern, std::move(args)};
        std::string message = toString(text);
        errors.push_back({field, std::move(message), std::move(text)});
    }
};

// Divisibility and the GPU count. Runs only on fields within their ranges, and in 64-bit checked
// arithmetic all the same: a product that does not fit is an error, never a wrapped value.
void checkShapes(Checker &c, const Plan &plan)
{
    const ModelSpec &m = plan.model;
    const ClusterSpec &cl = plan.cluster;
    const TrainingSpec &t = plan.training;
    if (m.heads % t.tp != 0)
        c.fail("training.tp", CT_TEXT("tp=%1 does not divide heads=%2"), {num(t.tp), num(m.heads)});
    else if (m.kv_heads % t.tp != 0 && t.tp % m.kv_heads != 0)
        c.fail("training.tp", CT_TEXT("tp=%1 and kv_heads=%2: one must divide the other"), {num(t.tp), num(m.kv_heads)});
    if (m.ffn % t.tp != 0)
        c.fail("training.tp", CT_TEXT("tp=%1 does not divide ffn=%2"), {num(t.tp), num(m.ffn)});
    // The layers over the pipeline stages (docs/model.md §16).
    if (t.pp == 1 && (t.first_stage_layers != 0 || t.last_stage_layers != 0)) {
        c.fail(t.first_stage_layers != 0 ? "training.first_stage_layers" : "training.last_stage_layers",
               CT_TEXT("first_stage_layers and last_stage_layers need pipeline parallelism (pp>1); 0 is automatic"));
    } else if (!stageSplit(plan).valid) {
        const bool given = t.first_stage_layers != 0 || t.last_stage_layers != 0;
        const int free = (t.pp - 2) + (t.first_stage_layers == 0 ? 1 : 0) + (t.last_stage_layers == 0 ? 1 : 0);
        if (!given)
            c.fail("training.pp", CT_TEXT("layers=%1 cannot fill pp*vpp=%2*%3=%4 pipeline chunks: every stage needs at least vpp layers"),
                   {num(m.layers), num(t.pp), num(t.vpp), num(double(t.pp) * t.vpp)});
        else
            c.fail(t.first_stage_layers != 0 ? "training.first_stage_layers" : "training.last_stage_layers",
                   free == 0 ? CT_TEXT("first_stage_layers=%1 and last_stage_layers=%2 (0 = automatic) leave %3 of the %4 layers for the other %5 stages: each needs at least vpp=%6 layers, and with pp=2 the two must add up to the layers")
                             : CT_TEXT("first_stage_layers=%1 and last_stage_layers=%2 (0 = automatic) leave %3 of the %4 layers for the other %5 stages: each needs at least vpp=%6 layers"),
                   {num(t.first_stage_layers), num(t.last_stage_layers), num(double(m.layers) - t.first_stage_layers - t.last_stage_layers), num(m.layers), num(free), num(t.vpp)});
    }
    if (t.vpp > 1 && t.pp == 1)
        c.fail("training.vpp", CT_TEXT("interleaving (vpp=%1) needs pipeline parallelism (pp>1)"), {num(t.vpp)});
    std::int64_t gpus = 0, layout = 0, replica = 0;
    const bool gpusFit = checkedMul(cl.nodes, cl.gpus_per_node, gpus) && fitsInt(gpus);
    if (!modelParallelGpus(t, replica) || !checkedMul(replica, t.dp, layout) || !gpusFit || layout != gpus)
        c.fail("training.dp", CT_TEXT("tp*cp*pp*dp=%1*%2*%3*%4=%5 does not equal the cluster's %6 nodes x %7 GPUs=%8"),
               {num(t.tp), num(t.cp), num(t.pp), num(t.dp), num(double(t.tp) * t.cp * t.pp * t.dp), num(cl.nodes), num(cl.gpus_per_node), num(double(cl.nodes) * cl.gpus_per_node)});
    // Context parallelism: Megatron splits the sequence into 2*cp chunks so that every rank gets an
    // equal share of the causal mask (megatron/core/utils.py get_batch_on_this_cp_rank).
    if (t.cp > 1 && t.seq_len % (2 * t.cp) != 0)
        c.fail("training.cp", CT_TEXT("cp=%1 needs seq_len=%2 to divide by 2*cp=%3"), {num(t.cp), num(t.seq_len), num(2.0 * t.cp)});
    // Experts: ep divides the routed experts; the expert layers fold etp*ep*edp over the tp*cp*dp
    // ranks of a stage (Megatron-Core MoE parallel folding), so etp*ep must divide tp*cp*dp.
    if (!m.moe()) {
        if (t.ep > 1)
            c.fail("training.ep", CT_TEXT("ep=%1 needs a mixture-of-experts model (experts > 1)"), {num(t.ep)});
    } else {
        const int etp = t.etp > 0 ? t.etp : t.tp;
        std::int64_t attnRanks = 0, expertRanks = 0;
        if (m.experts % t.ep != 0)
            c.fail("training.ep", CT_TEXT("ep=%1 does not divide experts=%2"), {num(t.ep), num(m.experts)});
        else if (!checkedMul(t.tp, t.cp, t.dp, attnRanks) || !checkedMul(etp, t.ep, expertRanks) || attnRanks % expertRanks != 0)
            c.fail("training.ep", CT_TEXT("etp*ep=%1*%2 must divide tp*cp*dp=%3*%4*%5: the expert layers use the same GPUs as attention"),
                   {num(etp), num(t.ep), num(t.tp), num(t.cp), num(t.dp)});
        if (m.expert_ffn % etp != 0)
            c.fail(t.etp > 0 ? "training.etp" : "training.tp",
                   t.etp > 0 ? CT_TEXT("etp=%1 does not divide expert_ffn=%2") : CT_TEXT("etp=%1 does not divide expert_ffn=%2 (etp 0 follows tp)"),
                   {num(etp), num(m.expert_ffn)});
    }
    if (t.tp > cl.gpus_per_node && t.tp % cl.gpus_per_node != 0)
        c.fail("training.tp", CT_TEXT("tp=%1 spans nodes, so it must be a multiple of gpus_per_node=%2"), {num(t.tp), num(cl.gpus_per_node)});
    std::int64_t perStep = 0;
    if (!checkedMul(t.micro_batch, t.dp, perStep) || t.global_batch % perStep != 0) {
        c.fail("training.global_batch", CT_TEXT("global_batch=%1 is not divisible by micro_batch*dp=%2*%3=%4"),
               {num(t.global_batch), num(t.micro_batch), num(t.dp), num(double(t.micro_batch) * t.dp)});
    } else if (t.vpp > 1) {
        const std::int64_t mb = t.global_batch / perStep;
        if (mb % t.pp != 0)
            c.fail("training.vpp", CT_TEXT("interleaving needs the micro-batch count m=%1 to be a multiple of pp=%2"), {num(double(mb)), num(t.pp)});
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
        c.fail(l.path, l.integer ? CT_TEXT("must be a whole number from %1 to %2 (got %3)") : CT_TEXT("must be from %1 to %2 (got %3)"), {num(l.min), num(l.max), num(*v)});
        const std::string_view path(l.path);
        if (!path.starts_with("gpu.") && !path.starts_with("economics."))
            shapesOk = false;
    }

    if (m.heads > 0 && m.kv_heads > 0 && m.heads % m.kv_heads != 0)
        c.fail("model.kv_heads", CT_TEXT("kv_heads=%1 must divide heads=%2"), {num(m.kv_heads), num(m.heads)});
    if (m.hidden > 0 && m.heads > 0 && m.head_dim == 0 && m.attention == Attention::Mha && m.hidden % m.heads != 0)
        c.fail("model.heads", CT_TEXT("heads=%1 must divide hidden=%2 (or set head_dim)"), {num(m.heads), num(m.hidden)});
    if (m.attention == Attention::Mla) {
        if (m.kv_lora_rank < 1)
            c.fail("model.kv_lora_rank", CT_TEXT("mla needs kv_lora_rank of at least 1 (DeepSeek-V3: 512)"));
        if (m.qk_nope_head_dim + m.qk_rope_head_dim < 1)
            c.fail("model.qk_nope_head_dim", CT_TEXT("mla needs query/key heads: qk_nope_head_dim + qk_rope_head_dim of at least 1"));
        if (m.v_head_dim < 1)
            c.fail("model.v_head_dim", CT_TEXT("mla needs v_head_dim of at least 1 (DeepSeek-V3: 128)"));
    }
    if (t.recompute_mla_up_proj && m.attention != Attention::Mla)
        c.fail("training.recompute_mla_up_proj", CT_TEXT("recompute_mla_up_proj needs multi-head latent attention (attention: mla)"));
    else if (t.recompute_mla_up_proj && t.recompute != Recompute::Selective)
        c.fail("training.recompute_mla_up_proj", CT_TEXT("recompute_mla_up_proj is a module of selective recompute: set recompute to selective"));
    if (m.moe()) {
        if (m.experts_per_token < 1 || m.experts_per_token > m.experts)
            c.fail("model.experts_per_token", CT_TEXT("experts_per_token=%1 must be from 1 to experts=%2"), {num(m.experts_per_token), num(m.experts)});
        if (m.expert_ffn < 1)
            c.fail("model.expert_ffn", CT_TEXT("a mixture-of-experts model needs expert_ffn of at least 1"));
        if (m.dense_layers > m.layers)
            c.fail("model.dense_layers", CT_TEXT("dense_layers=%1 is more than layers=%2"), {num(m.dense_layers), num(m.layers)});
    }
    // Fields whose 0 means "none" or "unknown" are divisors when set: a positive value below 1
    // (1e-320 reached here from the fuzzer) would make a step take forever, so the smallest
    // meaningful value is 1 (1 Gb/s, 1 TFLOPS, 1 GB/s).
    if (cl.nodes > 1 && !(cl.nic_gbit_per_gpu >= 1))
        c.fail("cluster.nic_gbit_per_gpu", CT_TEXT("must be greater than 0 when the cluster has more than one node (at least 1 Gb/s; got %1)"), {num(cl.nic_gbit_per_gpu)});
    if (t.precision == Precision::Fp8 && !(g.fp8_dense_tflops > 0))
        c.fail("training.precision", CT_TEXT("fp8 needs a GPU with FP8 tensor cores; %1 has fp8_dense_tflops=0"), {g.id});
    else if (t.precision == Precision::Fp8 && !(g.fp8_dense_tflops >= 1))
        c.fail("gpu.fp8_dense_tflops", CT_TEXT("must be 0 (no FP8) or at least 1 TFLOPS (got %1)"), {num(g.fp8_dense_tflops)});
    if (g.memory_bw_gbps > 0 && !(g.memory_bw_gbps >= 1))
        c.fail("gpu.memory_bw_gbps", CT_TEXT("must be 0 (unknown) or at least 1 GB/s (got %1)"), {num(g.memory_bw_gbps)});
    // The same shape for fractions whose 0 means "default" or "none" (issue 22): fp8_efficiency
    // divides the FP8 GEMM time (5e-324 made every figure null), so when set it has the floor of
    // compute_efficiency.
    if (g.fp8_efficiency > 0 && !(g.fp8_efficiency >= 0.01))
        c.fail("gpu.fp8_efficiency", CT_TEXT("must be 0 (use compute_efficiency) or at least 0.01 (got %1)"), {num(g.fp8_efficiency)});
    if (e.mode == EconomicsMode::Rent && !(rentUsdPerGpuHour(plan) > 0))
        c.fail("economics.usd_per_gpu_hour", CT_TEXT("must be greater than 0 in rent mode (got %1, and the GPU has no rent price of its own: gpu.rent_usd_per_hour=%2)"),
               {num(e.usd_per_gpu_hour), num(g.rent_usd_per_hour)});
    if (shapesOk)
        checkShapes(c, plan);
    return std::move(c.errors);
}

// ---------------------------------------------------------------------------------------------
// placement (docs/model.md §4, §17)

GroupSpan groupSpan(std::int64_t stride, std::int64_t ranks, int gpn)
{
    if (ranks <= 1 || gpn <= 0)
        return {1, 1};
    const std::int64_t width = stride * ranks; // ranks from a group's first to one past its last
    if (width <= gpn) {
        if (gpn % width == 0)
            return {1, int(ranks)};
        // Groups fit a node's width but do not tile it (6 GPUs per node with tp=4): some straddle a
        // node boundary. The worst such group has the fewest members on one side. Groups start at
        // j*width + o (o < stride); the pattern repeats within gpn groups.
        int worst = int(ranks);
        bool straddles = false;
        for (std::int64_t j = 0; j < gpn; ++j)
            for (std::int64_t o = 0; o < stride; ++o) {
                const std::int64_t start = j * width + o, last = start + stride * (ranks - 1);
                const std::int64_t node = start / gpn;
                if (node == last / gpn)
                    continue;
                straddles = true;
                const std::int64_t onFirst = ((node + 1) * gpn - start + stride - 1) / stride;
                worst = std::min<int>(worst, int(std::min(onFirst, ranks - onFirst)));
            }
        return straddles ? GroupSpan{2, std::max(worst, 1)} : GroupSpan{1, int(ranks)};
    }
    if (stride % gpn == 0)
        return {int(std::min<std::int64_t>(ranks, INT32_MAX)), 1};
    if (gpn % stride == 0 && width % gpn == 0)
        return {int(width / gpn), int(gpn / stride)};
    // Irregular strides: the nodes the group's extent touches, and the ranks that share one.
    const std::int64_t nodes = std::min<std::int64_t>((stride * (ranks - 1)) / gpn + 2, ranks);
    return {int(nodes), int(std::max<std::int64_t>(1, ranks / nodes))};
}

namespace {
GroupLink linkOf(const Plan &plan, std::int64_t stride, std::int64_t ranks)
{
    const GroupSpan sp = groupSpan(stride, ranks, plan.cluster.gpus_per_node);
    return groupLink(plan.gpu, plan.cluster, int(ranks), sp.nodes, sp.per_node);
}
// Point-to-point between the members of a group (pipeline neighbours, a context-parallel ring):
// inside a node over the GPU fabric; across nodes each GPU sends its own data on its own rail.
GroupLink pairLinkOf(const Plan &plan, std::int64_t stride, std::int64_t ranks)
{
    const GroupSpan sp = groupSpan(stride, ranks, plan.cluster.gpus_per_node);
    return groupLink(plan.gpu, plan.cluster, 2, sp.nodes > 1 ? 2 : 1, sp.nodes > 1 ? 1 : 2);
}
} // namespace

Placement placeGroups(const Plan &plan)
{
    // Megatron-Core's rank order (megatron/core/parallel_state.py, order "tp-cp-ep-dp-pp"): tp
    // fastest, then cp, then dp, then pp; the expert layers fold etp, ep and their data-parallel
    // group edp over the same tp*cp*dp ranks of a stage.
    const TrainingSpec &tr = plan.training;
    const std::int64_t t = tr.tp, c = tr.cp, d = tr.dp, p = tr.pp;
    const std::int64_t etp = tr.etp > 0 ? tr.etp : tr.tp, ep = tr.ep;
    Placement pl;
    pl.tp = linkOf(plan, 1, t);
    // Gradients of the dense parameters reduce over dp x cp (the context-parallel ranks hold the
    // same weights): c*d ranks at stride t.
    pl.dp = linkOf(plan, t, c * d);
    pl.pp = pairLinkOf(plan, t * c * d, p);
    if (c > 1)
        pl.cp = pairLinkOf(plan, t, c);
    // A dense plan has no expert groups: one-rank links (nothing to send), computed only for MoE.
    if (plan.model.moe()) {
        pl.etp = linkOf(plan, 1, etp);
        pl.ep = linkOf(plan, etp, ep);
        const std::int64_t edp = std::max<std::int64_t>(1, (t * c * d) / std::max<std::int64_t>(1, etp * ep));
        pl.edp = linkOf(plan, etp * ep, edp);
    }
    return pl;
}

// ---------------------------------------------------------------------------------------------
// evaluation

namespace {

// The shapes every phase of an evaluation reads, as doubles (validate() keeps them in range).
struct Shape {
    Shape(const Plan &plan, const LayerDims &layer_dims)
        : l(plan.model.layers), h(plan.model.hidden), a(plan.model.heads), s(plan.training.seq_len), B(plan.training.global_batch), b(plan.training.micro_batch), t(plan.training.tp), c(plan.training.cp), p(plan.training.pp), d(plan.training.dp), v(plan.training.vpp), G(t * c * p * d), etp(plan.training.etp > 0 ? plan.training.etp : plan.training.tp), ep(plan.training.ep), E(plan.model.experts), k(plan.model.experts_per_token), fe(plan.model.expert_ffn), dims(layer_dims), split(stageSplit(plan))
    {
    }
    const double l, h, a, s, B, b, t, c, p, d, v, G, etp, ep, E, k, fe;
    const LayerDims dims;
    const StageSplit split;
    double mb = 0;    // micro-batches per pipeline per step
    double peak = 0;  // FLOP/s of one GPU at the plan's precision, dense
    double tComp = 0; // compute time of a step on the pacing stage, without bubble or communication
    double backwardShare = 0;
    // Per micro-batch, on one GPU of a stage (docs/model.md §16-17): the compute of a dense layer and
    // of an MoE layer, their FP8 parts, the LM head's (last stage), the attention core's; one layer's
    // TP and CP communication (raw) and CP's exposed part; one MoE layer's expert all-to-all (raw).
    double denseLayerTime = 0, moeLayerTime = 0, denseFp8Time = 0, moeFp8Time = 0, headTime = 0;
    // Per step (once, not per micro-batch): casting one layer's weights to FP8 (docs/model.md §3).
    double denseWeightCast = 0, moeWeightCast = 0;
    double attnCoreTime = 0, tpLayerTime = 0, cpLayerTime = 0, cpLayerExposed = 0, epLayerTime = 0;
    double embeddingParams = 0, embeddingCopies = 2;
    // The stage with the most parameters: its dense and its expert parameters (before any split).
    double maxStageDenseParams = 0, maxStageExpertParams = 0;
    double pacingLayers = 0; // layers of the pacing stage
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
        out[n++] = {1, sp.middle_base + 1, sp.middle_extra, false, false};
    if (middle - sp.middle_extra > 0)
        out[n++] = {1 + sp.middle_extra, sp.middle_base, middle - sp.middle_extra, false, false};
    out[n++] = {sp.stages - 1, sp.last, 1, false, true};
    return n;
}
// The dense-FFN layers of a stage: the model's leading dense layers sit on the first stage; any the
// first stage cannot hold spread over the others (DeepSeek-V3's 3 of 61 always fit the first).
double stageDenseLayers(const Shape &k, const StageKind &s)
{
    const double D = k.dims.dense_layers;
    if (D >= k.l)
        return s.layers;
    const double onFirst = std::min(D, double(k.split.first));
    if (s.first)
        return onFirst;
    const double rest = D - onFirst;
    return rest > 0 ? std::min(double(s.layers), rest / (k.p - 1.0)) : 0.0;
}
// Parameters a stage holds, before any split: the non-expert part (attention, dense FFNs, shared
// experts, routers, the input embedding on the first stage and the LM head on the last; a tied
// embedding is held by both ends once pp > 1, as Megatron does) and the routed experts.
void stageParams(const Shape &k, const StageKind &s, double &dense, double &experts)
{
    const LayerDims &L = k.dims;
    const double D = stageDenseLayers(k, s), Me = s.layers - D;
    const double emb = k.split.stages == 1 ? k.embeddingParams * k.embeddingCopies : (s.first || s.last ? k.embeddingParams : 0.0);
    dense = s.layers * L.attn_params + D * L.dense_mlp_params + Me * (L.moe_total_params - k.E * L.expert_params) + emb;
    experts = Me * k.E * L.expert_params;
}

// One GEMM of M x K by K x N, forward, on one GPU (docs/model.md §3): the larger of its compute
// time at `rate` FLOP/s and its memory time (inputs and output once, `bytes` per element, over
// `bw` B/s), plus the fixed cost every GEMM pays (launch, prologue and epilogue, the tail of
// the last wave), which is what makes small GEMMs slow. `experts` > 0: that many GEMMs of the shape
// (the experts of a GPU) as Transformer Engine's grouped GEMM, each paying `perExpert` fixed costs
// (engine.h: kExpertGemmFixedCosts, plus kExpertFp8CastFixedCosts in FP8).
double gemmS(double M, double N, double K, double rate, double bw, double bytes, double fixed, double experts = 0.0, double perExpert = kExpertGemmFixedCosts)
{
    const double count = std::max(experts, 1.0);
    const double compute = count * 2.0 * M * N * K / rate;
    const double memory = bw > 0 ? count * bytes * (M * K + K * N + M * N) / bw : 0.0;
    return std::max(compute, memory) + fixed * (experts > 0 ? perExpert * experts : 1.0);
}

// Megatron-Core's mla_up_proj recompute (docs/model.md §17): a module of selective recompute, MLA only.
bool recomputesMlaUpProj(const Plan &plan)
{
    const TrainingSpec &t = plan.training;
    return t.recompute_mla_up_proj && t.recompute == Recompute::Selective && plan.model.attention == Attention::Mla;
}

// FLOPs and compute time (docs/model.md §2-3, §17).
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
    k.embeddingParams = double(m.vocab) * k.h;
    k.embeddingCopies = m.tied_embeddings ? 1.0 : 2.0;

    const bool fp8 = tr.precision == Precision::Fp8;
    k.peak = (fp8 ? g.fp8_dense_tflops : g.bf16_dense_tflops) * 1e12;
    const double eff = tr.compute_efficiency.value_or(g.compute_efficiency);
    const double bf16Rate = g.bf16_dense_tflops * 1e12 * eff;
    // An explicit training.compute_efficiency scales FP8 like BF16; else the GPU's FP8 figure.
    const double fp8Eff = g.fp8_efficiency > 0 && !tr.compute_efficiency ? g.fp8_efficiency : eff;
    const double linRate = fp8 ? g.fp8_dense_tflops * 1e12 * fp8Eff : bf16Rate;
    const double bw = g.memory_bw_gbps * 1e9;
    const double linBytes = fp8 ? 1.0 : 2.0;
    const double fixed = g.gemm_overhead_us * 1e-6;
    // Passes of every linear layer: forward, and the backward's two GEMMs (input and weight
    // gradients, the same FLOPs); full recompute runs the forward again.
    const bool full = tr.recompute == Recompute::Full;
    const double passes = full ? 4.0 : 3.0;
    // FP8 (Transformer Engine): the linear layers' GEMMs at the FP8 rate, plus casting their inputs
    // and weights to FP8 and their transposes for the backward at memory speed; attention's core, softmax, norms
    // and the LM head stay BF16 (TE's fp8_autocast covers te.Linear and friends only; Megatron keeps
    // the output layer in BF16).
    // The casts: each micro-batch casts the GEMM's input in the forward (again under full
    // recompute) and the output gradient in the backward; the weight and its transpose are cast
    // once per step and cached for the other micro-batches (Megatron-Core passes
    // is_first_microbatch to Transformer Engine's linear layers unless
    // disable_parameter_transpose_cache is set; megatron/core/extensions/transformer_engine.py,
    // TELinear.forward). `linear` returns the GEMM and adds the casts to `actCast` (per micro-batch)
    // and `weightCast` (per step) of the layer being built.
    double actCast = 0, weightCast = 0;
    // Casting `count` rows x cols operands to FP8 at memory speed (0 under BF16).
    auto cast = [&](double rows, double cols, double count = 1.0) {
        return fp8 && bw > 0 ? count * kFp8CastBytesPerElement * rows * cols / bw : 0.0;
    };
    auto linear = [&](double M, double N, double K, double experts = 0.0) {
        const double count = std::max(experts, 1.0);
        actCast += cast(M, K, count) * (full ? 2.0 : 1.0) + cast(M, N, count);
        weightCast += cast(K, N, count);
        return gemmS(M, N, K, linRate, bw, linBytes, fixed, experts, kExpertGemmFixedCosts + (fp8 ? kExpertFp8CastFixedCosts : 0.0));
    };
    // Rows of every GEMM on one GPU: the micro-batch's tokens of this GPU's sequence chunk; the t
    // ranks of a TP group split N (column-parallel) or K (row-parallel).
    const double M = k.b * k.s / k.c;
    double attnLinear = 0;
    double upRecompute = 0; // MLA's up-projections run forward again in the backward (mla_up_proj)
    if (m.attention == Attention::Mla) {
        // The down-projections to the latents are replicated over TP; the up-projections split heads.
        double qUp = 0;
        if (m.q_lora_rank > 0) {
            qUp = linear(M, L.q_dim / k.t, m.q_lora_rank);
            attnLinear += linear(M, m.q_lora_rank, k.h) + qUp;
        } else {
            attnLinear += linear(M, L.q_dim / k.t, k.h);
        }
        const double kvUp = linear(M, L.kv_up_dim / k.t, m.kv_lora_rank);
        attnLinear += linear(M, double(m.kv_lora_rank) + m.qk_rope_head_dim, k.h) + kvUp;
        // Megatron-Core's mla_up_proj recompute (docs/model.md §17): keep the latents, not Q, K and V,
        // and run the up-projections again before the attention's backward, their FP8 input casts too.
        if (recomputesMlaUpProj(plan))
            upRecompute = qUp + kvUp + cast(M, m.q_lora_rank) + cast(M, m.kv_lora_rank);
    } else {
        attnLinear += linear(M, (L.q_dim + L.k_dim + L.v_dim) / k.t, k.h);
    }
    attnLinear += linear(M, k.h, L.attn_out_dim / k.t);
    const double attnCast = actCast, attnWeightCast = weightCast;
    actCast = weightCast = 0;
    const double fc1 = m.mlp == Mlp::SwiGlu ? 2.0 : 1.0; // SwiGLU's gate and up projections in one GEMM
    const double denseMlp = linear(M, fc1 * m.ffn / k.t, k.h) + linear(M, k.h, m.ffn / k.t);
    const double denseCast = attnCast + actCast;
    k.denseWeightCast = attnWeightCast + weightCast;
    actCast = weightCast = 0;
    // Attention's core per layer, forward, on this GPU: its heads (a/t) and its queries (s/c) against
    // the whole context. FlashAttention skips the masked half of a causal mask and recomputes the
    // scores in the backward (FlashAttention-2's count: backward 2.5x forward); without it the
    // scores are two batched GEMMs per head and the softmax and dropout run at memory speed.
    const double coreFwd = M * k.s * L.attn_core_flops / k.t;
    double core = 0;
    if (tr.flash_attention) {
        core = 0.5 * coreFwd * (full ? 4.5 : 3.5) / (g.bf16_dense_tflops * 1e12 * g.attention_efficiency);
    } else {
        const double scores = k.b * (k.a / k.t) * (k.s / k.c) * k.s;
        const double fwd = coreFwd / bf16Rate + (bw > 0 ? kScoreBytesForward * scores / bw : 0.0);
        core = fwd * (full || tr.recompute == Recompute::Selective ? 4.0 : 3.0);
    }
    k.attnCoreTime = core;
    // Memory-bound element-wise work (norms, residual adds, rotary, dropout, activation function):
    // bytes per token, forward and backward. The per-h part is sharded over tp only with sequence
    // parallelism; the activation function's part always is.
    auto elementwise = [&](double ffnWidth) {
        if (bw <= 0)
            return 0.0;
        const double perToken = kElementwiseBytesPerHidden * k.h / (tr.sequence_parallel ? k.t : 1.0)
            + kElementwiseBytesPerFfn * ffnWidth / k.t;
        return (full ? 4.0 / 3.0 : 1.0) * M * perToken / bw;
    };
    const double attnPart = passes * attnLinear + upRecompute + core;
    k.denseLayerTime = attnPart + passes * denseMlp + denseCast + elementwise(m.ffn);
    k.denseFp8Time = fp8 ? passes * (attnLinear + denseMlp) + upRecompute + denseCast : 0.0;
    if (m.moe()) {
        // Each GPU's routed work: its tokens' top-k assignments, the busiest GPU `moe_imbalance` times
        // the mean; its E/ep experts as one grouped GEMM with N (FC1) or K (FC2) split by etp.
        const double assigned = M / k.t * k.k * tr.moe_imbalance; // token-expert pairs of this GPU
        const double perExpert = assigned * k.etp * k.ep / k.E;   // rows of each local expert's GEMM
        const double localExperts = k.E / k.ep;
        const double routed = linear(perExpert, fc1 * k.fe / k.etp, k.h, localExperts)
            + linear(perExpert, k.h, k.fe / k.etp, localExperts);
        const double sharedWidth = double(m.shared_experts) * k.fe;
        const double shared = m.shared_experts > 0 ? linear(M, fc1 * sharedWidth / k.t, k.h) + linear(M, k.h, sharedWidth / k.t) : 0.0;
        const double router = gemmS(M / k.t, k.E, k.h, bf16Rate, bw, 2.0, fixed); // BF16, on the SP shard
        // Permuting tokens to their experts and back: read and write h values per assignment.
        const double permute = bw > 0 ? kPermuteBytesPerHidden * assigned * k.h / bw : 0.0;
        const double moeWidth = (k.k * tr.moe_imbalance + m.shared_experts) * k.fe;
        const double moeCast = attnCast + actCast;
        k.moeWeightCast = attnWeightCast + weightCast;
        k.moeLayerTime = attnPart + passes * (routed + shared + router) + moeCast + permute + elementwise(moeWidth);
        k.moeFp8Time = fp8 ? passes * (attnLinear + routed + shared) + upRecompute + moeCast : 0.0;
    }
    // The LM head and its loss on the last stage: a V/t x h GEMM in BF16, and the loss's passes
    // over the logits at memory speed (engine.h: fused or not).
    const double lossBytes = tr.fused_cross_entropy ? kCrossEntropyBytesFused : kCrossEntropyBytesUnfused;
    k.headTime = 3.0 * gemmS(M, double(m.vocab) / k.t, k.h, bf16Rate, bw, 2.0, fixed) * (full ? 4.0 / 3.0 : 1.0)
        + (bw > 0 ? lossBytes * M * double(m.vocab) / k.t / bw : 0.0);

    double hwSeq = fSeq;
    if (full)
        hwSeq = fSeq * 4.0 / 3.0;
    else if (tr.recompute == Recompute::Selective && !tr.flash_attention)
        hwSeq = fSeq + attnSeq / 3.0; // the attention core's forward again
    if (upRecompute > 0)              // the MLA up-projections' forward again
        hwSeq += k.l * 2.0 * k.s * (double(m.q_lora_rank) * L.q_dim + double(m.kv_lora_rank) * L.kv_up_dim);
    r.hardware_flops_per_step = k.B * hwSeq;
    // Backward share of the compute: 2 of 3 passes, or 3 of 4 when full recompute adds a forward.
    k.backwardShare = full ? 0.75 : 2.0 / 3.0;

    // Pipeline bubble (docs/model.md §6); its time needs the TP communication (communicationPhase).
    r.bubble_overhead = (k.p - 1.0) / (k.v * k.mb);
    r.bubble_share = (k.p - 1.0) / (k.v * k.mb + k.p - 1.0);
}

// An all-to-all of `bytes` per rank (nccl-tests' size) over a group spanning nodes: the share for
// ranks in the same node crosses the GPU fabric, the rest leaves on each GPU's own NIC (rail-optimised
// with PXN), both at once; the slower of the two sets the time.
// `netShare` scales the part that crosses the network (DeepEP's one copy per node, §17).
double allToAllS(double bytes, const GroupLink &g, const Plan &plan, double netShare = 1.0)
{
    if (g.ranks <= 1)
        return 0.0;
    const double n = g.ranks, k = g.nodes > 1 ? g.ranks_per_node : n;
    const double intra = bytes * (k - 1.0) / n / (intraNodeBusBwGbps(plan.gpu) * 1e9);
    double net = 0;
    if (g.nodes > 1) {
        net = bytes * netShare * (n - k) / n / (spineBusBwGbpsPerGpu(plan.cluster) * 1e9);
    }
    return collectiveLatencyS(Collective::AllToAll, g) + std::max(intra, net);
}

// Data-parallel gradient (and ZeRO parameter) traffic and what of it hides under compute. The dense
// parameters reduce over the dp x cp group, the routed experts over their own group edp.
void dataParallelPhase(const Plan &plan, const Shape &k, const Placement &pl, Result &r)
{
    const TrainingSpec &tr = plan.training;
    // Each stage reduces its own gradients; the stage with the most parameters finishes last.
    const double denseShard = k.maxStageDenseParams / k.t;
    const double expertShard = k.maxStageExpertParams / (k.ep * k.etp);
    const bool experts = expertShard > 0 && pl.edp.ranks > 1;
    const bool dense = pl.dp.ranks > 1;
    double exposed = 0;
    if (tr.zero == 3) {
        // ZeRO-3 / FSDP (docs/model.md §5): each layer's parameters are all-gathered before its
        // forward and again before its backward, its gradients reduce-scattered after it, every
        // micro-batch. Prefetch hides a layer's collectives under the neighbouring layer's compute,
        // no more; the first layer's gather has nothing to hide under.
        // A layer's gather is one collective (FSDP wraps each block) or, with a bucket size
        // (DeepSpeed's stage3_prefetch_bucket_size), ceil(params / bucket) collectives, each paying
        // the ring's latency over the whole group: (n - 1) steps, so at 1,536 ranks a 5e7-parameter
        // bucket costs about 7 ms whatever its bytes.
        const double layers = std::max(k.pacingLayers, 1.0);
        const double denseLayer = denseShard / layers, expertLayer = expertShard / layers;
        auto extraGathers = [&](double params) {
            return tr.zero3_bucket_params > 0 ? std::max(0.0, std::ceil(params / tr.zero3_bucket_params) - 1.0) : 0.0;
        };
        auto gather = [&](double params, const GroupLink &link) {
            return collectiveTimeS(Collective::AllGather, params * 2.0, link)
                + extraGathers(params) * collectiveLatencyS(Collective::AllGather, link);
        };
        double ag = dense ? gather(denseLayer, pl.dp) : 0.0;
        double rs = dense ? collectiveTimeS(Collective::ReduceScatter, denseLayer * tr.grad_bytes, pl.dp) : 0.0;
        if (experts) {
            ag += gather(expertLayer, pl.edp);
            rs += collectiveTimeS(Collective::ReduceScatter, expertLayer * tr.grad_bytes, pl.edp);
        }
        const double layerCompute = k.tComp / k.mb / layers;
        const double fwd = (1.0 - k.backwardShare) * layerCompute, bwd = k.backwardShare * layerCompute;
        const double perLayer = std::max(0.0, ag - tr.dp_overlap * fwd) + std::max(0.0, ag + rs - tr.dp_overlap * bwd);
        r.dp_comm_time_s = k.mb * layers * (2.0 * ag + rs);
        exposed = std::min(r.dp_comm_time_s, k.mb * (layers * perLayer + ag));
    } else {
        auto reduce = [&](double shard, const GroupLink &link, double &raw, double &rs, double &agOut) {
            if (tr.zero == 0) {
                raw += collectiveTimeS(Collective::AllReduce, shard * tr.grad_bytes, link);
                rs += collectiveTimeS(Collective::AllReduce, shard * tr.grad_bytes, link);
            } else {
                const double a = collectiveTimeS(Collective::ReduceScatter, shard * tr.grad_bytes, link);
                const double b = collectiveTimeS(Collective::AllGather, shard * 2.0, link);
                raw += a + b;
                rs += a;
                agOut += b;
            }
        };
        double raw = 0, rs = 0, ag = 0;
        if (dense)
            reduce(denseShard, pl.dp, raw, rs, ag);
        if (experts)
            reduce(expertShard, pl.edp, raw, rs, ag);
        // Gradients accumulate over the micro-batches; the buckets go out during the last
        // micro-batch's backward pass, which is all the compute they can hide under. ZeRO-1/2: the
        // updated parameters can only be all-gathered after the optimizer step, so they hide under
        // the next step's first forward pass (Megatron's distributed optimizer with
        // overlap_param_gather), never under the backward the reduce-scatter uses.
        const double backward = k.backwardShare * k.tComp / k.mb;
        const double forward = (1.0 - k.backwardShare) * k.tComp / k.mb;
        r.dp_comm_time_s = raw;
        exposed = std::max(0.0, rs - tr.dp_overlap * backward) + std::max(0.0, ag - tr.dp_overlap * forward);
    }
    r.dp_comm_exposed_s = exposed;
    if (dense) {
        const double latency = tr.zero == 0 ? collectiveLatencyS(Collective::AllReduce, pl.dp)
                                            : 2.0 * collectiveLatencyS(Collective::AllGather, pl.dp);
        const double layers = std::max(k.pacingLayers, 1.0);
        const double layerParams = k.maxStageDenseParams / k.t / layers;
        const double bucket = tr.zero == 3 ? tr.zero3_bucket_params : 0.0;
        const double bucketed = bucket > 0 ? std::ceil(layerParams / bucket) : 1.0;
        if (latency * (tr.zero == 3 ? 1.5 * k.mb * layers * bucketed : 1.0) > 0.5 * r.dp_comm_time_s)
            r.warnings |= WarnDpLatencyBound;
    }
}

// The pipeline (docs/model.md §6, §16): every stage's time per micro-batch is its compute and its
// exposed TP, CP and expert communication, u_i; the slowest stage paces the pipeline, which takes
// m * u_max + (sum u_i - u_max) / v. The pacing stage is busy m * u_max and idle for the rest: the
// bubble. Equal stages give the familiar (p - 1)/(v*m) of m * u.
void pipelinePhase(const Plan &plan, Shape &k, Result &r)
{
    const TrainingSpec &tr = plan.training;
    const double commLayer = k.tpLayerTime * (1.0 - tr.tp_overlap) + k.cpLayerExposed;
    const double epExposed = k.epLayerTime * (1.0 - tr.ep_overlap);
    StageKind kinds[4];
    const int n = stageKinds(k, kinds);
    double sum = 0, slowest = -1, maxTotal = -1;
    int pace = 0;
    for (int i = 0; i < n; ++i) {
        const StageKind &s = kinds[i];
        const double D = stageDenseLayers(k, s), Me = s.layers - D;
        const double u = D * k.denseLayerTime + Me * (k.moeLayerTime + epExposed) + s.layers * commLayer + (s.last ? k.headTime : 0.0);
        sum += s.count * u;
        if (u > slowest) {
            slowest = u;
            pace = i;
        }
        double dense = 0, experts = 0;
        stageParams(k, s, dense, experts);
        if (dense / k.t + experts / (k.ep * k.etp) > maxTotal) {
            maxTotal = dense / k.t + experts / (k.ep * k.etp);
            k.maxStageDenseParams = dense;
            k.maxStageExpertParams = experts;
        }
    }
    const StageKind &s = kinds[pace];
    const double D = stageDenseLayers(k, s), Me = s.layers - D;
    r.pacing_stage = s.index;
    k.pacingLayers = s.layers;
    const double weightCast = D * k.denseWeightCast + Me * k.moeWeightCast;
    k.tComp = k.mb * (D * k.denseLayerTime + Me * k.moeLayerTime + (s.last ? k.headTime : 0.0)) + weightCast;
    r.compute_time_s = k.tComp;
    r.compute_fp8_time_s = k.mb * (D * k.denseFp8Time + Me * k.moeFp8Time) + weightCast;
    r.tp_comm_time_s = k.mb * s.layers * k.tpLayerTime;
    r.tp_comm_exposed_s = r.tp_comm_time_s * (1.0 - tr.tp_overlap);
    r.cp_comm_time_s = k.mb * s.layers * k.cpLayerTime;
    r.cp_comm_exposed_s = k.mb * s.layers * k.cpLayerExposed;
    r.ep_comm_time_s = k.mb * Me * k.epLayerTime;
    r.ep_comm_exposed_s = k.mb * Me * epExposed;
    r.bubble_time_s = (sum - slowest) / k.v;
}

// Communication (docs/model.md §4-5, §17), then the step time and the communication tax (§7).
void communicationPhase(const Plan &plan, Shape &k, const Placement &pl, Result &r)
{
    const TrainingSpec &tr = plan.training;
    r.tp_busbw_gbps = k.t > 1 ? pl.tp.busbw_gbps : 0.0;
    r.dp_busbw_gbps = pl.dp.ranks > 1 ? pl.dp.busbw_gbps : 0.0;
    r.pp_bw_gbps = k.p > 1 ? pl.pp.busbw_gbps : 0.0;
    r.cp_bw_gbps = k.c > 1 ? pl.cp.busbw_gbps : 0.0;
    r.ep_busbw_gbps = k.ep > 1 ? pl.ep.busbw_gbps : 0.0;
    const bool full = tr.recompute == Recompute::Full;
    constexpr double actBytes = 2.0;       // activations travel in 16 bits, also under FP8 compute
    const double tokens = k.b * k.s / k.c; // of this GPU's sequence chunk, per micro-batch
    if (k.t > 1) {
        const double msg = tokens * k.h * actBytes;
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
    if (k.c > 1) {
        // Context parallelism (Megatron-Core's ring attention, TransformerEngine
        // AttnFuncWithCPAndKVP2P): each of the cp-1 ring steps passes this GPU's K and V chunk to
        // its neighbour while attention runs on the chunk it holds; the backward passes K and V
        // again and their gradients. Only what outlasts the attention compute is exposed.
        const LayerDims &L = k.dims;
        const double kv = tokens * (L.k_dim + L.v_dim) / k.t * actBytes;
        const double step = collectiveTimeS(Collective::SendRecv, kv, pl.cp);
        const double steps = (k.c - 1.0) * (full ? 4.0 : 3.0);
        k.cpLayerTime = steps * step;
        k.cpLayerExposed = std::max(0.0, k.cpLayerTime - k.attnCoreTime);
    }
    if (plan.model.moe() && (k.ep > 1 || k.etp > 1)) {
        // Token dispatch and combine (Megatron-Core's all-to-all dispatcher): each MoE layer sends
        // every token's hidden state to its top-k experts and back, forward and backward (full
        // recompute dispatches again), the busiest GPU `moe_imbalance` times the mean. With etp > 1
        // the expert's tensor-parallel ranks all-gather the dispatched tokens and reduce-scatter
        // the results.
        const double dispatched = tokens / k.t * k.k * k.h * actBytes * tr.moe_imbalance;
        // DeepEP (DeepSeek-V3 report §3.2.2; Megatron-Core's flex dispatcher) sends a token across
        // the network once per node that holds any of its experts and forwards it over NVLink: k
        // experts spread evenly over the N nodes of the EP group reach N(1 - (1 - 1/N)^k) distinct
        // nodes on average, at most max_nodes_per_token with node-limited routing (DeepSeek-V3: 4).
        double netShare = 1.0;
        if (tr.moe_deepep && pl.ep.nodes > 1) {
            const double N = pl.ep.nodes;
            double nodes = N * (1.0 - std::pow(1.0 - 1.0 / N, k.k));
            if (plan.model.max_nodes_per_token > 0)
                nodes = std::min(nodes, double(plan.model.max_nodes_per_token));
            netShare = std::min(1.0, nodes / k.k);
        }
        const double a2a = allToAllS(dispatched, pl.ep, plan, netShare);
        const double etpComm = k.etp > 1 ? collectiveTimeS(Collective::AllGather, dispatched * k.etp, pl.etp)
                + collectiveTimeS(Collective::ReduceScatter, dispatched * k.etp, pl.etp)
                                         : 0.0;
        k.epLayerTime = (full ? 6.0 : 4.0) * a2a + (full ? 3.0 : 2.0) * etpComm;
    }
    // A pipeline slot is a whole micro-batch of a stage: its compute and the communication that
    // sits on the critical path inside it. The idle slots cost (p-1)/(v*m) of both (equal stages).
    pipelinePhase(plan, k, r);
    if (k.p > 1) {
        // Megatron's scatter/gather (and sequence parallelism) splits the boundary tensor over the
        // t ranks of a stage, each sending its shard on its own rail.
        const double msg = tokens * k.h * actBytes / k.t;
        const double send = collectiveTimeS(Collective::SendRecv, msg, pl.pp);
        r.pp_comm_time_s = 2.0 * k.v * k.mb * send;
        r.pp_comm_exposed_s = r.pp_comm_time_s;
        if (k.v > 1) {
            // The interleaved schedule overlaps each send with the next chunk's compute
            // (Megatron-LM overlap_p2p_comm, on by default: --no-overlap-p2p-communication turns it
            // off; megatron/core/pipeline_parallel/schedules.py). What outlasts a chunk's forward
            // (a third of its compute) stays exposed, and so do the fill's and the drain's sends,
            // which have nothing to hide under. 1F1B without interleaving sends on the critical path.
            const double chunkForward = k.tComp / (k.mb * k.v) / 3.0;
            r.pp_comm_exposed_s = std::min(r.pp_comm_time_s, 2.0 * (k.p - 1.0) * send + 2.0 * k.v * k.mb * std::max(0.0, send - chunkForward));
        }
    }
    dataParallelPhase(plan, k, pl, r);

    const double hidden = (r.tp_comm_time_s - r.tp_comm_exposed_s) + (r.dp_comm_time_s - r.dp_comm_exposed_s)
        + (r.cp_comm_time_s - r.cp_comm_exposed_s) + (r.ep_comm_time_s - r.ep_comm_exposed_s)
        + (r.pp_comm_time_s - r.pp_comm_exposed_s);
    r.overlap_slowdown_s = kOverlapComputeSlowdown * hidden;
    // The optimizer step: each GPU updates its shard of the fullest stage's parameters (divided over
    // the data-parallel group under ZeRO), reading and writing its states at the HBM bandwidth.
    // memory_bw_gbps = 0 (unknown) leaves it out.
    if (plan.gpu.memory_bw_gbps > 0) {
        const double denseDiv = tr.zero >= 1 ? double(pl.dp.ranks) : 1.0, expertDiv = tr.zero >= 1 ? double(pl.edp.ranks) : 1.0;
        const double updated = k.maxStageDenseParams / k.t / denseDiv + k.maxStageExpertParams / (k.ep * k.etp) / expertDiv;
        const double gradBytes = tr.grad_bytes >= 4 ? 4.0 : 2.0; // the accumulation buffer's dtype
        r.optimizer_time_s = updated * (kAdamBytesPerParam + gradBytes) / (plan.gpu.memory_bw_gbps * 1e9);
    }
    const double commRaw = r.tp_comm_time_s + r.pp_comm_time_s + r.dp_comm_time_s + r.cp_comm_time_s + r.ep_comm_time_s;
    const double commExposed = r.tp_comm_exposed_s + r.pp_comm_exposed_s + r.dp_comm_exposed_s + r.cp_comm_exposed_s + r.ep_comm_exposed_s;
    r.step_time_s = k.tComp + r.bubble_time_s + commExposed + r.overlap_slowdown_s + r.optimizer_time_s;
    // The engine's own error, drawn by the uncertainty (plan.h); the parts above stay as computed.
    if (std::isfinite(plan.step_time_error) && plan.step_time_error > 0)
        r.step_time_s *= plan.step_time_error;
    r.comm_tax_raw = commRaw / (commRaw + k.tComp);
    r.comm_tax_exposed = commExposed / r.step_time_s;
    r.mfu = r.flops_per_step / (r.step_time_s * k.G * k.peak);
    r.hfu = r.hardware_flops_per_step / (r.step_time_s * k.G * k.peak);
    r.compute_efficiency_effective = std::min(1.0, r.hardware_flops_per_step / k.G / (k.tComp * k.peak));
    r.tflops_per_gpu = r.flops_per_step / (r.step_time_s * k.G) / 1e12;
    r.tokens_per_s = k.B * k.s / r.step_time_s;
    r.tokens_per_day = r.tokens_per_s * 86400.0;
}

// Memory per GPU (docs/model.md §8, §16-17): the fullest stage's. Stage i keeps min(m, p - i)
// micro-batches in flight, so the earliest stage of each kind is that kind's fullest.
void memoryPhase(const Plan &plan, const Shape &k, const Placement &pl, Result &r)
{
    const TrainingSpec &tr = plan.training;
    const ModelSpec &m = plan.model;
    const LayerDims &L = k.dims;
    const double t = k.t, tokens = k.s * k.b / k.c; // this GPU's tokens of a micro-batch, before the tp split
    const double sp = tr.sequence_parallel ? t : 1.0;
    // Bytes kept per token per layer for the backward (Korthikanti et al. 2022 §4, generalised to
    // the attention's widths and the FFN's): 34*h for a GPT layer with h-wide heads and a 4h GELU FFN.
    // The layer norms' inputs and outputs and the dropout masks (10*h) shard over tp only with
    // sequence parallelism; the rest always does.
    const double replicated = 10.0 * k.h;
    // mla_up_proj recompute keeps the latents and the attention output, not Q, K and V.
    const double attn = (recomputesMlaUpProj(plan) ? 0.0 : 2.0 * (L.q_dim + L.k_dim) + 2.0 * L.v_dim) + 2.0 * L.attn_out_dim + 2.0 * L.latent_dim;
    const double fc1 = m.mlp == Mlp::SwiGlu ? 2.0 : 1.0;
    auto ffnBytes = [&](double width) { return 2.0 * fc1 * width + 2.0 * width; };
    const double denseShard = attn + ffnBytes(m.ffn);
    // MoE layer: the router's logits, the dispatched inputs (k per token, the busiest GPU's share) and
    // each expert's FFN activations; the shared experts like a dense FFN.
    const double moeShard = attn + k.E * 4.0 + k.k * tr.moe_imbalance * (2.0 * k.h + ffnBytes(k.fe)) + ffnBytes(double(m.shared_experts) * k.fe);
    const double scores = tr.flash_attention || tr.recompute != Recompute::None ? 0.0 : 5.0 * k.a * k.s / k.c;
    // Under FP8, Transformer Engine saves the inputs of the linear layers for the backward in FP8, one
    // byte instead of two: the two layer-norm outputs (h each, in the replicated part), the output
    // projection's input and the second FFN GEMM's input.
    const bool fp8 = tr.precision == Precision::Fp8;
    const double fp8Replicated = fp8 ? 2.0 * k.h : 0.0;
    const double fp8Dense = fp8 ? L.attn_out_dim + double(m.ffn) : 0.0;
    const double fp8Moe = fp8 ? L.attn_out_dim + (k.k * tr.moe_imbalance + m.shared_experts) * k.fe : 0.0;
    auto perLayer = [&](double shard, double fp8Saved) {
        if (tr.recompute == Recompute::Full)
            return tokens * 2.0 * k.h / sp; // the layer's input only
        return tokens * ((replicated - fp8Replicated) / sp + (shard - fp8Saved + scores) / t);
    };
    const double denseAct = perLayer(denseShard, fp8Dense), moeAct = perLayer(moeShard, fp8Moe);
    const double interleave = k.v > 1 ? 1.0 + (k.p - 1.0) / (k.v * k.p) : 1.0;
    StageKind kinds[4];
    const int n = stageKinds(k, kinds);
    // Bytes per parameter of a stage's shard, as ZeRO divides them over the data-parallel group of
    // the parameter (dp x cp for the dense ones, edp for the experts).
    const double gradB = tr.grad_bytes >= 4 ? 4.0 : 2.0;
    auto perParam = [&](double dpRanks) {
        return 2.0 / (tr.zero >= 3 ? dpRanks : 1.0) + gradB / (tr.zero >= 2 ? dpRanks : 1.0) + 12.0 / (tr.zero >= 1 ? dpRanks : 1.0);
    };
    const double densePer = perParam(pl.dp.ranks), expertPer = perParam(pl.edp.ranks);
    // Full recompute holds one layer's whole activations again while it recomputes it.
    const double recomputing = tr.recompute == Recompute::Full ? tokens * (replicated / sp + std::max(denseShard, moeShard) / t) : 0.0;
    // The loss: logits of the last stage's micro-batch (V/t wide), fp32 and BF16 unless fused.
    const double logits = tokens * double(m.vocab) / t * (tr.fused_cross_entropy ? kLogitBytesFused : kLogitBytesUnfused);
    double fullest = -1, fullestDense = 0, fullestExpert = 0, fullestAct = 0;
    for (int i = 0; i < n; ++i) {
        const StageKind &s = kinds[i];
        double dense = 0, experts = 0;
        stageParams(k, s, dense, experts);
        dense /= t;
        experts /= (k.ep * k.etp);
        const double D = stageDenseLayers(k, s);
        const double act = (D * denseAct + (s.layers - D) * moeAct) * (std::min(k.mb, k.p - s.index) * interleave) + recomputing + (s.last ? logits : 0.0);
        const double bytes = dense * densePer + experts * expertPer + act;
        if (bytes > fullest) {
            fullest = bytes;
            fullestDense = dense;
            fullestExpert = experts;
            fullestAct = act;
        }
    }
    auto shardBytes = [&](double bytesPerParam, int zeroStage) {
        return (fullestDense * bytesPerParam / (tr.zero >= zeroStage ? double(pl.dp.ranks) : 1.0)
                + fullestExpert * bytesPerParam / (tr.zero >= zeroStage ? double(pl.edp.ranks) : 1.0))
            / kBytesPerGB;
    };
    r.memory_weights_gb = shardBytes(2.0, 3);
    r.memory_gradients_gb = shardBytes(gradB, 2);
    r.memory_optimizer_gb = shardBytes(12.0, 1);
    r.memory_activations_gb = fullestAct / kBytesPerGB;
    r.memory_total_gb = r.memory_weights_gb + r.memory_gradients_gb + r.memory_optimizer_gb + r.memory_activations_gb;
    r.memory_capacity_gb = plan.gpu.memory_gb;
    r.memory_usable_gb = plan.gpu.memory_gb * (1.0 - kMemoryReserve);
    r.fits_in_memory = r.memory_total_gb <= r.memory_usable_gb;
}

// Goodput (docs/model.md §18): a number, or "auto" from the interruption rate. With N GPUs each
// interrupted at rate lambda, the job's mean time between interruptions is M = 1/(N lambda). A
// checkpoint costs delta; Young (1974) and Daly (2006, first order) put the interval at
// tau = sqrt(2 delta M) - delta. Per interruption the run loses the restart R and on average half an
// interval of work. Lost shares: checkpoints delta/(tau+delta), work (tau+delta)/(2M), restarts R/M.
void goodputPhase(const Plan &plan, const Shape &k, Result &r)
{
    const TrainingSpec &tr = plan.training;
    if (tr.goodput) {
        r.goodput_effective = *tr.goodput;
        return;
    }
    const double lambda = plan.cluster.interruptions_per_gpu_day / 86400.0; // per GPU per second
    if (!(lambda > 0)) {
        r.goodput_effective = 1.0;
        return;
    }
    const double mtbi = 1.0 / (k.G * lambda), delta = tr.checkpoint_write_s;
    const double tau = delta > 0 ? std::max(std::sqrt(2.0 * delta * mtbi) - delta, delta) : 0.0;
    r.checkpoint_interval_s = tau;
    r.goodput_checkpoint_overhead = delta > 0 ? delta / (tau + delta) : 0.0;
    r.goodput_lost_work = (tau + delta) / (2.0 * mtbi);
    r.goodput_restarts = tr.restart_s / mtbi;
    const double lost = r.goodput_checkpoint_overhead + r.goodput_lost_work + r.goodput_restarts;
    r.goodput_effective = std::clamp(1.0 - lost, kGoodputFloor, 1.0);
}

// Time and money (docs/model.md §9).
void economicsPhase(const Plan &plan, const Shape &k, Result &r)
{
    const EconomicsSpec &ec = plan.economics;
    const ClusterSpec &cl = plan.cluster;
    const double effectiveTokensPerS = r.tokens_per_s * r.goodput_effective;
    const double hours = plan.training.tokens_to_train / effectiveTokensPerS / 3600.0;
    r.days_to_train = hours / 24.0;
    r.gpu_hours = k.G * hours;
    r.power_kw = k.G * plan.gpu.watts * (1.0 + ec.node_overhead) * ec.pue / 1000.0;
    r.energy_mwh = r.power_kw * hours / 1000.0;
    if (ec.mode == EconomicsMode::Buy) {
        r.capex_usd = k.G * plan.gpu.price_usd + cl.nodes * cl.node_price_usd + k.G * cl.network_cost_per_gpu_usd;
        // Capital and upkeep accrue every hour of the horizon, useful or idle: an hour of use
        // carries 1/utilisation hours of them; energy is paid only while the cluster runs.
        const double fixedPerYear = capitalUsdPerYear(ec, r.capex_usd) + r.capex_usd * ec.upkeep_pct / 100.0;
        r.cost_per_hour_usd = fixedPerYear / (8760.0 * ec.utilisation) + r.power_kw * ec.usd_per_kwh;
    } else {
        r.capex_usd = 0;
        r.cost_per_hour_usd = k.G * rentUsdPerGpuHour(plan);
    }
    r.tco_usd = r.cost_per_hour_usd * hours;
    r.lifetime_tco_usd = r.cost_per_hour_usd * ec.utilisation * ec.years * 8760.0; // the hours of use over the horizon
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
    if (k.t > 1 && pl.tp.nodes > 1)
        r.warnings |= WarnTpCrossesNodes;
    const bool intraTraffic = cl.gpus_per_node > 1
        && (k.t > 1 || (pl.dp.ranks > 1 && pl.dp.ranks_per_node > 1) || (k.p > 1 && pl.pp.nodes == 1) || k.c > 1 || k.ep > 1);
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
    if (r.goodput_effective < kGoodputWarn)
        r.warnings |= WarnGoodputLow;
    if (r.mfu > kMfuWarn)
        r.warnings |= WarnMfuHigh;
    // ZeRO-3 with a pipeline: every micro-batch gathers the stage's weights again (twice), and the
    // pipeline's many micro-batches multiply that traffic; Megatron and DeepSpeed do not combine them.
    if (tr.zero == 3 && k.p > 1)
        r.warnings |= WarnZero3WithPp;
    if (k.split.remainder != 0)
        r.warnings |= WarnUnevenStages;
    if (k.c > 1 && r.cp_comm_exposed_s > 0.05 * r.step_time_s)
        r.warnings |= WarnCpExposed;
    if (r.ep_comm_exposed_s > 0.2 * r.step_time_s)
        r.warnings |= WarnEpCommHigh;
    // The run's compute budget: model FLOPs per token x tokens to train.
    const double tokensPerStep = k.B * k.s;
    if (tokensPerStep > optimalBatchTokens(r.flops_per_step / tokensPerStep * tr.tokens_to_train))
        r.warnings |= WarnBatchAboveOptimal;
}

} // namespace

PlanPrefix preparePrefix(const Plan &plan) { return PlanPrefix{layerDims(plan.model), placeGroups(plan)}; }

Result evaluateValid(const Plan &plan) { return evaluateValid(plan, preparePrefix(plan)); }

Result evaluateValid(const Plan &plan, const PlanPrefix &prefix)
{
    Result r;
    Shape k(plan, prefix.dims);
    // validate() bounds micro_batch*dp by global_batch, so the count fits an int.
    const int mbCount = static_cast<int>(plan.training.global_batch
                                         / (static_cast<std::int64_t>(plan.training.micro_batch) * plan.training.dp));
    k.mb = mbCount;
    r.gpus = static_cast<int>(k.G);
    r.micro_batches = mbCount;
    computePhase(plan, k, r);
    const Placement &pl = prefix.placement;
    communicationPhase(plan, k, pl, r);
    memoryPhase(plan, k, pl, r);
    goodputPhase(plan, k, r);
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
std::string fixed(double v, int digits) // locale-independent, as num()
{
    char buf[512];
    const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, digits);
    return r.ec == std::errc() ? std::string(buf, r.ptr) : std::string("inf");
}
std::string pct(double v)
{
    return fixed(v * 100.0, 1) + "%";
}
} // namespace

double rentUsdPerGpuHour(const Plan &plan)
{
    return plan.economics.usd_per_gpu_hour > 0 ? plan.economics.usd_per_gpu_hour : plan.gpu.rent_usd_per_hour;
}

// (1 - (1 + r)^-n) / r, written with log1p and expm1 so that a tiny rate keeps its digits: 1 + 1e-17
// rounds to 1, and the textbook form then divides 0 by the rate (issue 22); this one tends to n.
double annuityFactor(double rate, double years)
{
    if (!(rate > 0))
        return years;
    return -std::expm1(-years * std::log1p(rate)) / rate;
}

double capitalUsdPerYear(const EconomicsSpec &e, double capexUsd)
{
    const double discount = e.cost_of_capital > 0 ? std::exp(-e.years * std::log1p(e.cost_of_capital)) : 1.0;
    const double residualToday = capexUsd * e.residual_fraction * discount;
    return (capexUsd - residualToday) / annuityFactor(e.cost_of_capital, e.years);
}

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
        out.push_back("Goodput " + pct(r.goodput_effective) + " is low: failures, restarts and checkpoints cost more than 20% of the time"
                      + (tr.goodput ? std::string() : " (checkpoints " + pct(r.goodput_checkpoint_overhead) + ", lost work " + pct(r.goodput_lost_work) + ", restarts " + pct(r.goodput_restarts) + ")"));
    if (r.warnings & WarnCpExposed)
        out.push_back("Context-parallel ring exposed for " + pct(r.cp_comm_exposed_s / r.step_time_s)
                      + " of the step: the K/V exchange outlasts the attention it hides under; a smaller cp or a longer sequence per GPU would hide it");
    if (r.warnings & WarnEpCommHigh)
        out.push_back("Expert all-to-all exposed for " + pct(r.ep_comm_exposed_s / r.step_time_s)
                      + " of the step: keep ep inside a node, or overlap dispatch with compute (ep_overlap)");
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
