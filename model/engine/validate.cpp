// SPDX-License-Identifier: GPL-3.0-or-later
// validate(): every field within its range, and the shapes that must divide (docs/model.md §1).
#include "engine.h"
#include "limits.h"
#include "phases.h"

#include <charconv>
#include <cmath>
#include <string_view>
#include <utility>

namespace commtax {

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
    // `pattern`: an English template marked CT_TR (enginetext.h), filled with `args`.
    void fail(const char *field, const char *pattern, std::vector<std::string> args = {})
    {
        EngineText text{pattern, std::move(args)};
        std::string message = toString(text);
        errors.push_back({field, std::move(message), std::move(text)});
    }
    void fail(FieldId field, const char *pattern, std::vector<std::string> args = {})
    {
        fail(fieldPath(field), pattern, std::move(args));
    }
};

using F = FieldId;

// Whether every numeric field is within its range (an optional one unset or within it): the fast
// path of validate(), each field compared with its bounds (limits.h) as constants, false at the
// first one out of range (or NaN). A branch per field costs fewer instructions than and-ing every
// result: 407 against 528 per plan for this and checkRanges (callgrind, BM_EvaluatePlan), and the
// branches go the same way for every plan that is in range.
bool allFieldsInRange(const Plan &p)
{
#define CT_IN_RANGE(SECTION, MEMBER, MIN, MAX, ...)  \
    {                                                \
        const double x = double(p.SECTION.MEMBER);   \
        if (!(x >= double(MIN) && x <= double(MAX))) \
            return false;                            \
    }
#define CT_IN_RANGE_OPT(SECTION, MEMBER, MIN, MAX, ...)          \
    {                                                            \
        const double x = p.SECTION.MEMBER.value_or(double(MIN)); \
        if (!(x >= double(MIN) && x <= double(MAX)))             \
            return false;                                        \
    }
    CT_NUMERIC_FIELDS(CT_IN_RANGE, CT_IN_RANGE_OPT)
#undef CT_IN_RANGE
#undef CT_IN_RANGE_OPT
    return true;
}

// The layers over the pipeline stages (docs/model.md §16), interleaving, and activation offload
// against the fewest layers of a stage.
void checkPipelineStages(Checker &c, const Plan &plan)
{
    const ModelSpec &m = plan.model;
    const TrainingSpec &t = plan.training;
    if (t.pp == 1 && (t.first_stage_layers != 0 || t.last_stage_layers != 0)) {
        c.fail(t.first_stage_layers != 0 ? F::training_first_stage_layers : F::training_last_stage_layers,
               CT_TR("commtax::Errors",
                     "first_stage_layers and last_stage_layers need pipeline parallelism (pp>1); 0 is automatic"));
    } else if (!stageSplit(plan).valid) {
        const bool given = t.first_stage_layers != 0 || t.last_stage_layers != 0;
        const int free = (t.pp - 2) + (t.first_stage_layers == 0 ? 1 : 0) + (t.last_stage_layers == 0 ? 1 : 0);
        // A first or last stage may hold vpp - 1 layers, a chunk of it the embedding or the loss alone
        // (stageSplit()); fewer would leave a chunk empty.
        const int edge = engine_detail::edgeStageMinLayers(t.vpp);
        const bool firstShort = t.first_stage_layers != 0 && t.first_stage_layers < edge;
        const bool lastShort = t.last_stage_layers != 0 && t.last_stage_layers < edge;
        if (!given && t.vpp == 1)
            c.fail(F::training_pp,
                   CT_TR("commtax::Errors",
                         "layers=%1 cannot fill pp*vpp=%2*%3=%4 pipeline chunks: every stage needs at least vpp "
                         "layers"),
                   {num(m.layers), num(t.pp), num(t.vpp), num(double(t.pp) * t.vpp)});
        else if (!given)
            c.fail(F::training_pp,
                   CT_TR("commtax::Errors",
                         "layers=%1 cannot fill pp*vpp=%2*%3=%4 pipeline chunks: they take at least pp*vpp-2=%5 "
                         "layers, vpp on every middle stage and vpp-1 on the first and the last (a chunk for the "
                         "embedding or the loss alone)"),
                   {num(m.layers), num(t.pp), num(t.vpp), num(double(t.pp) * t.vpp), num(double(t.pp) * t.vpp - 2)});
        else if (firstShort)
            c.fail(F::training_first_stage_layers,
                   CT_TR("commtax::Errors",
                         "first_stage_layers=%1 with vpp=%2: the stage runs vpp chunks of at least one layer each "
                         "but the one holding the embedding, so it needs at least vpp-1=%3 layers"),
                   {num(t.first_stage_layers), num(t.vpp), num(edge)});
        else if (lastShort)
            c.fail(F::training_last_stage_layers,
                   CT_TR("commtax::Errors",
                         "last_stage_layers=%1 with vpp=%2: the stage runs vpp chunks of at least one layer each "
                         "but the one holding the loss, so it needs at least vpp-1=%3 layers"),
                   {num(t.last_stage_layers), num(t.vpp), num(edge)});
        else
            c.fail(t.first_stage_layers != 0 ? F::training_first_stage_layers : F::training_last_stage_layers,
                   free == 0 ? CT_TR("commtax::Errors",
                                     "first_stage_layers=%1 and last_stage_layers=%2 (0 = automatic) leave %3 of the "
                                     "%4 layers for the other %5 stages: with pp=2 the two must add up to the layers")
                             : CT_TR("commtax::Errors",
                                     "first_stage_layers=%1 and last_stage_layers=%2 (0 = automatic) leave %3 of the "
                                     "%4 layers for the other %5 stages: a middle stage needs at least vpp=%6 "
                                     "layers, a first or last stage left automatic %7"),
                   {num(t.first_stage_layers), num(t.last_stage_layers),
                    num(double(m.layers) - t.first_stage_layers - t.last_stage_layers), num(m.layers), num(free),
                    num(t.vpp), num(edge)});
    }
    if (t.vpp > 1 && t.pp == 1)
        c.fail(F::training_vpp, CT_TR("commtax::Errors", "interleaving (vpp=%1) needs pipeline parallelism (pp>1)"),
               {num(t.vpp)});
    // Activation offload keeps each stage's last layer on the GPU, as Megatron-Core's
    // cpu_offloading_num_layers < num_layers does (docs/model.md §8): the backward starts there.
    if (t.offload_layers > 0) {
        const StageSplit sp = stageSplit(plan);
        const int fewest = fewestStageLayers(sp);
        if (sp.valid && t.offload_layers >= fewest)
            c.fail(F::training_offload_layers,
                   CT_TR("commtax::Errors", "offload_layers=%1 must be fewer than the fewest layers of a pipeline "
                                            "stage (%2): the last layer of each stage stays on the GPU"),
                   {num(t.offload_layers), num(fewest)});
    }
}

// The parallel degrees against the cluster's GPU count, and context parallelism against the sequence.
void checkGpuLayout(Checker &c, const Plan &plan)
{
    const ClusterSpec &cl = plan.cluster;
    const TrainingSpec &t = plan.training;
    std::int64_t gpus = 0, layout = 0, replica = 0;
    const bool gpusFit = checkedMul(cl.nodes, cl.gpus_per_node, gpus) && fitsInt(gpus);
    if (!modelParallelGpus(t, replica) || !checkedMul(replica, t.dp, layout) || !gpusFit || layout != gpus)
        c.fail(
            F::training_dp,
            CT_TR("commtax::Errors", "tp*cp*pp*dp=%1*%2*%3*%4=%5 does not equal the cluster's %6 nodes x %7 GPUs=%8"),
            {num(t.tp), num(t.cp), num(t.pp), num(t.dp), num(double(t.tp) * t.cp * t.pp * t.dp), num(cl.nodes),
             num(cl.gpus_per_node), num(double(cl.nodes) * cl.gpus_per_node)});
    // Context parallelism: Megatron splits the sequence into 2*cp chunks so that every rank gets an
    // equal share of the causal mask (megatron/core/utils.py get_batch_on_this_cp_rank).
    if (t.cp > 1 && t.seq_len % (2 * t.cp) != 0)
        c.fail(F::training_cp, CT_TR("commtax::Errors", "cp=%1 needs seq_len=%2 to divide by 2*cp=%3"),
               {num(t.cp), num(t.seq_len), num(2.0 * t.cp)});
}

// Experts: ep divides the routed experts; the expert layers fold etp*ep*edp over the tp*cp*dp
// ranks of a stage (Megatron-Core MoE parallel folding), so etp*ep must divide tp*cp*dp.
void checkExpertParallel(Checker &c, const Plan &plan)
{
    const ModelSpec &m = plan.model;
    const TrainingSpec &t = plan.training;
    if (!m.moe()) {
        if (t.ep > 1)
            c.fail(F::training_ep, CT_TR("commtax::Errors", "ep=%1 needs a mixture-of-experts model (experts > 1)"),
                   {num(t.ep)});
    } else {
        const int etp = t.etp > 0 ? t.etp : t.tp;
        std::int64_t attnRanks = 0, expertRanks = 0;
        if (m.experts % t.ep != 0)
            c.fail(F::training_ep, CT_TR("commtax::Errors", "ep=%1 does not divide experts=%2"),
                   {num(t.ep), num(m.experts)});
        else if (!checkedMul(t.tp, t.cp, t.dp, attnRanks) || !checkedMul(etp, t.ep, expertRanks) || attnRanks % expertRanks != 0)
            c.fail(F::training_ep,
                   CT_TR("commtax::Errors",
                         "etp*ep=%1*%2 must divide tp*cp*dp=%3*%4*%5: the expert layers use the same GPUs as "
                         "attention"),
                   {num(etp), num(t.ep), num(t.tp), num(t.cp), num(t.dp)});
        if (m.expert_ffn % etp != 0)
            c.fail(t.etp > 0 ? F::training_etp : F::training_tp,
                   t.etp > 0 ? CT_TR("commtax::Errors", "etp=%1 does not divide expert_ffn=%2")
                             : CT_TR("commtax::Errors", "etp=%1 does not divide expert_ffn=%2 (etp 0 follows tp)"),
                   {num(etp), num(m.expert_ffn)});
    }
}

// Hybrid sharding: a shard group holds dp_shard of the data-parallel ranks, and its copies split the
// experts' data-parallel group too (plan.h hybridShardingFits()); not read under ZeRO 0.
void checkHybridSharding(Checker &c, const Plan &plan)
{
    const TrainingSpec &t = plan.training;
    if (hybridShardingFits(t, plan.model.moe()))
        return;
    if (t.dp % t.dp_shard != 0) {
        c.fail(F::training_dp_shard,
               CT_TR("commtax::Errors", "dp_shard=%1 does not divide dp=%2: a shard group holds dp_shard of the "
                                        "data-parallel ranks, and dp / dp_shard groups hold copies"),
               {num(t.dp_shard), num(t.dp)});
        return;
    }
    c.fail(F::training_dp_shard,
           CT_TR("commtax::Errors", "dp/dp_shard=%1 copies do not divide the experts' data-parallel group "
                                    "tp*cp*dp/(etp*ep)=%2"),
           {num(dpReplicas(t)), num(double(expertDataParallelRanks(t)))});
}

// The global batch over micro-batches and data parallelism, and the micro-batch count of interleaving.
void checkBatch(Checker &c, const TrainingSpec &t)
{
    std::int64_t perStep = 0;
    if (!checkedMul(t.micro_batch, t.dp, perStep) || t.global_batch % perStep != 0) {
        c.fail(F::training_global_batch,
               CT_TR("commtax::Errors", "global_batch=%1 is not divisible by micro_batch*dp=%2*%3=%4"),
               {num(t.global_batch), num(t.micro_batch), num(t.dp), num(double(t.micro_batch) * t.dp)});
    } else if (t.vpp > 1) {
        const std::int64_t mb = t.global_batch / perStep;
        if (mb % t.pp != 0)
            c.fail(F::training_vpp,
                   CT_TR("commtax::Errors", "interleaving needs the micro-batch count m=%1 to be a multiple of pp=%2"),
                   {num(double(mb)), num(t.pp)});
    }
}

// Divisibility and the GPU count. Runs only on fields within their ranges, and in 64-bit checked
// arithmetic all the same: a product that does not fit is an error, never a wrapped value.
void checkShapes(Checker &c, const Plan &plan)
{
    const ModelSpec &m = plan.model;
    const ClusterSpec &cl = plan.cluster;
    const TrainingSpec &t = plan.training;
    if (m.heads % t.tp != 0)
        c.fail(F::training_tp, CT_TR("commtax::Errors", "tp=%1 does not divide heads=%2"), {num(t.tp), num(m.heads)});
    else if (m.kv_heads % t.tp != 0 && t.tp % m.kv_heads != 0)
        c.fail(F::training_tp, CT_TR("commtax::Errors", "tp=%1 and kv_heads=%2: one must divide the other"),
               {num(t.tp), num(m.kv_heads)});
    if (m.ffn % t.tp != 0)
        c.fail(F::training_tp, CT_TR("commtax::Errors", "tp=%1 does not divide ffn=%2"), {num(t.tp), num(m.ffn)});
    checkPipelineStages(c, plan);
    checkGpuLayout(c, plan);
    checkExpertParallel(c, plan);
    checkHybridSharding(c, plan);
    if (t.tp > cl.gpus_per_node && t.tp % cl.gpus_per_node != 0)
        c.fail(F::training_tp,
               CT_TR("commtax::Errors", "tp=%1 spans nodes, so it must be a multiple of gpus_per_node=%2"),
               {num(t.tp), num(cl.gpus_per_node)});
    checkBatch(c, t);
}

// Every numeric field within its range (limits.h): finite, and small enough that every
// product of sizes below fits in 64 bits. False when a field the shapes depend on is out of range
// (a gpu. or economics. field is not one).
bool checkRanges(Checker &c, const Plan &plan)
{
    bool shapesOk = true;
    std::size_t count = 0;
    const FieldLimit *limits = fieldLimits(&count);
    double values[kFieldLimitCount];
    // The fast path: every field in range (the common case) needs no look at each row.
    if (allFieldsInRange(plan))
        count = 0;
    else
        fieldValues(plan, values);
    for (std::size_t i = 0; i < count; ++i) {
        const FieldLimit &l = limits[i];
        const double x = values[i];
        if (std::isnan(x) ? !l.get(plan) : (x >= l.min && x <= l.max))
            continue;
        const std::optional<double> v = l.get(plan);
        c.fail(l.path,
               l.integer ? CT_TR("commtax::Errors", "must be a whole number from %1 to %2 (got %3)")
                         : CT_TR("commtax::Errors", "must be from %1 to %2 (got %3)"),
               {num(l.min), num(l.max), num(*v)});
        const std::string_view path(l.path);
        if (!path.starts_with("gpu.") && !path.starts_with("economics."))
            shapesOk = false;
    }
    return shapesOk;
}

// Heads against kv_heads and hidden, and the sizes multi-head latent attention needs.
void checkAttention(Checker &c, const ModelSpec &m)
{
    if (m.heads > 0 && m.kv_heads > 0 && m.heads % m.kv_heads != 0)
        c.fail(F::model_kv_heads, CT_TR("commtax::Errors", "kv_heads=%1 must divide heads=%2"),
               {num(m.kv_heads), num(m.heads)});
    if (m.hidden > 0 && m.heads > 0 && m.head_dim == 0 && m.attention == Attention::Mha && m.hidden % m.heads != 0)
        c.fail(F::model_heads, CT_TR("commtax::Errors", "heads=%1 must divide hidden=%2 (or set head_dim)"),
               {num(m.heads), num(m.hidden)});
    if (m.attention == Attention::Mla) {
        if (m.kv_lora_rank < 1)
            c.fail(F::model_kv_lora_rank,
                   CT_TR("commtax::Errors", "mla needs kv_lora_rank of at least 1 (DeepSeek-V3: 512)"));
        if (m.qk_nope_head_dim + m.qk_rope_head_dim < 1)
            c.fail(F::model_qk_nope_head_dim,
                   CT_TR("commtax::Errors",
                         "mla needs query/key heads: qk_nope_head_dim + qk_rope_head_dim of at least 1"));
        if (m.v_head_dim < 1)
            c.fail(F::model_v_head_dim,
                   CT_TR("commtax::Errors", "mla needs v_head_dim of at least 1 (DeepSeek-V3: 128)"));
    }
}

// The modules of selective recompute need recompute: selective (and MLA for its up-projection).
void checkRecomputeModules(Checker &c, const Plan &plan)
{
    const ModelSpec &m = plan.model;
    const TrainingSpec &t = plan.training;
    if (t.recompute_mla_up_proj && m.attention != Attention::Mla)
        c.fail(F::training_recompute_mla_up_proj,
               CT_TR("commtax::Errors", "recompute_mla_up_proj needs multi-head latent attention (attention: mla)"));
    else if (t.recompute_mla_up_proj && t.recompute != Recompute::Selective)
        c.fail(F::training_recompute_mla_up_proj,
               CT_TR("commtax::Errors",
                     "recompute_mla_up_proj is a module of selective recompute: set recompute to selective"));
    // Megatron-Core's other modules of selective recompute (plan.h); the MoE ones do nothing in a dense
    // model (the editor hides them there), as Megatron-Core skips a module the layer does not have.
    if (t.recompute != Recompute::Selective) {
        const std::pair<bool, FieldId> modules[] = {{t.recompute_layernorm, F::training_recompute_layernorm},
                                                    {t.recompute_moe_act, F::training_recompute_moe_act},
                                                    {t.recompute_mlp, F::training_recompute_mlp},
                                                    {t.recompute_moe, F::training_recompute_moe}};
        for (const auto &[on, id] : modules)
            if (on)
                c.fail(id,
                       CT_TR("commtax::Errors", "%1 is a module of selective recompute: set recompute to selective"),
                       {std::string(fieldPath(id)).substr(9)});
    }
}

// The routing of a mixture-of-experts model.
void checkMoeModel(Checker &c, const ModelSpec &m)
{
    if (m.experts_per_token < 1 || m.experts_per_token > m.experts)
        c.fail(F::model_experts_per_token,
               CT_TR("commtax::Errors", "experts_per_token=%1 must be from 1 to experts=%2"),
               {num(m.experts_per_token), num(m.experts)});
    if (m.expert_ffn < 1)
        c.fail(F::model_expert_ffn,
               CT_TR("commtax::Errors", "a mixture-of-experts model needs expert_ffn of at least 1"));
    if (m.dense_layers > m.layers)
        c.fail(F::model_dense_layers, CT_TR("commtax::Errors", "dense_layers=%1 is more than layers=%2"),
               {num(m.dense_layers), num(m.layers)});
}

void checkDivisorFields(Checker &c, const Plan &plan)
{
    const GpuSpec &g = plan.gpu;
    const ClusterSpec &cl = plan.cluster;
    const TrainingSpec &t = plan.training;
    const EconomicsSpec &e = plan.economics;
    // Fields whose 0 means "none" or "unknown" are divisors when set: a positive value below 1
    // (1e-320 reached here from the fuzzer) would make a step take forever, so the smallest
    // meaningful value is 1 (1 Gb/s, 1 TFLOPS, 1 GB/s).
    if (cl.nodes > 1 && !(cl.nic_gbit_per_gpu >= 1))
        c.fail(F::cluster_nic_gbit_per_gpu,
               CT_TR("commtax::Errors",
                     "must be greater than 0 when the cluster has more than one node (at least 1 Gb/s; got %1)"),
               {num(cl.nic_gbit_per_gpu)});
    if (t.precision == Precision::Fp8 && !(g.fp8_dense_tflops > 0))
        c.fail(F::training_precision,
               CT_TR("commtax::Errors", "fp8 needs a GPU with FP8 tensor cores; %1 has fp8_dense_tflops=0"), {g.id});
    else if (t.precision == Precision::Fp8 && !(g.fp8_dense_tflops >= 1))
        c.fail(F::gpu_fp8_dense_tflops,
               CT_TR("commtax::Errors", "must be 0 (no FP8) or at least 1 TFLOPS (got %1)"), {num(g.fp8_dense_tflops)});
    if (g.memory_bw_gbps > 0 && !(g.memory_bw_gbps >= 1))
        c.fail(F::gpu_memory_bw_gbps,
               CT_TR("commtax::Errors", "must be 0 (unknown) or at least 1 GB/s (got %1)"), {num(g.memory_bw_gbps)});
    // The same shape for fractions whose 0 means "default" or "none" (issue 22): fp8_efficiency
    // divides the FP8 GEMM time (5e-324 made every figure null), so when set it has the floor of
    // compute_efficiency.
    if (g.fp8_efficiency > 0 && !(g.fp8_efficiency >= 0.01))
        c.fail(F::gpu_fp8_efficiency,
               CT_TR("commtax::Errors", "must be 0 (use compute_efficiency) or at least 0.01 (got %1)"),
               {num(g.fp8_efficiency)});
    if (e.mode == EconomicsMode::Rent && !(rentUsdPerGpuHour(plan) > 0))
        c.fail(F::economics_usd_per_gpu_hour,
               CT_TR("commtax::Errors",
                     "must be greater than 0 in rent mode (got %1, and the GPU has no rent price of its own: "
                     "gpu.rent_usd_per_hour=%2)"),
               {num(e.usd_per_gpu_hour), num(g.rent_usd_per_hour)});
}

} // namespace

std::vector<PlanError> validate(const Plan &plan)
{
    Checker c;
    const bool shapesOk = checkRanges(c, plan);
    checkAttention(c, plan.model);
    checkRecomputeModules(c, plan);
    if (plan.model.moe())
        checkMoeModel(c, plan.model);
    checkDivisorFields(c, plan);
    if (shapesOk)
        checkShapes(c, plan);
    return std::move(c.errors);
}

} // namespace commtax
