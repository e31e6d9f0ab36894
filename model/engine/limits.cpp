// SPDX-License-Identifier: GPL-3.0-or-later
#include "limits.h"

#include <iterator>
#include <limits>

namespace commtax {

namespace {

#define CT_LIMIT(PATH, MEMBER, MIN, MAX, INTEGER, ...)                                                         \
    FieldLimit                                                                                                 \
    {                                                                                                          \
        PATH, MIN, MAX, INTEGER, [](const Plan &p) -> std::optional<double> { return double(p.MEMBER); },      \
            [](Plan &p, double v) { p.MEMBER = static_cast<decltype(p.MEMBER)>(v); } __VA_OPT__(, __VA_ARGS__) \
    }
// An uncertain input (the Monte Carlo's, model/uncertainty): its correlation group and floor
// (Uncertain); CT_STEP for a term of the step time the engine's own error already holds.
#define CT_IN(GROUP, FLOOR) \
    Uncertain { true, InputGroup::GROUP, FLOOR, false }
#define CT_STEP(GROUP, FLOOR) \
    Uncertain { true, InputGroup::GROUP, FLOOR, true }

// Sources of the upper bounds: the largest real values known today, with at least 10x headroom.
// Lower bounds: the smallest value the formulas stay meaningful (and finite) for.
// One list of every numeric field, in the order of the scenario format: X(path, member, min, max,
// integer[, uncertainty]), XOPT for an optional field. It builds the table and the reader
// validate() uses. The uncertain inputs' order here is the order of the Monte Carlo's inputs.
#define CT_LIMITS(X, XOPT)                                                                                      \
    /* model: 1,000 layers, h 131,072 and 10M vocabulary exceed every published transformer. */                 \
    X("model.layers", model.layers, 1, 1000, true)                                                              \
    X("model.hidden", model.hidden, 64, 131072, true)                                                           \
    X("model.heads", model.heads, 1, 1024, true)                                                                \
    X("model.kv_heads", model.kv_heads, 1, 1024, true)                                                          \
    X("model.ffn", model.ffn, 64, 1048576, true)                                                                \
    X("model.vocab", model.vocab, 1, 10000000, true)                                                            \
    /* 0 = hidden/heads; MLA's ranks and head widths 0 when attention is mha. */                                \
    X("model.head_dim", model.head_dim, 0, 4096, true)                                                          \
    X("model.q_lora_rank", model.q_lora_rank, 0, 131072, true)                                                  \
    X("model.kv_lora_rank", model.kv_lora_rank, 0, 131072, true)                                                \
    X("model.qk_rope_head_dim", model.qk_rope_head_dim, 0, 4096, true)                                          \
    X("model.qk_nope_head_dim", model.qk_nope_head_dim, 0, 4096, true)                                          \
    X("model.v_head_dim", model.v_head_dim, 0, 4096, true)                                                      \
    /* MoE: 0 = dense. 65,536 experts and top-1,024 are far beyond DeepSeek-V3's 256 and top-8. */              \
    X("model.experts", model.experts, 0, 65536, true)                                                           \
    X("model.experts_per_token", model.experts_per_token, 0, 1024, true)                                        \
    X("model.expert_ffn", model.expert_ffn, 0, 1048576, true)                                                   \
    X("model.shared_experts", model.shared_experts, 0, 1024, true)                                              \
    X("model.dense_layers", model.dense_layers, 0, 1000, true)                                                  \
    X("model.max_nodes_per_token", model.max_nodes_per_token, 0, 65536, true)                                   \
    /* gpu: B200 is 2,250 dense BF16 TFLOPS and 192 GB; the bounds leave room for decades. */                   \
    X("gpu.bf16_dense_tflops", gpu.bf16_dense_tflops, 1, 100000, false)                                         \
    X("gpu.fp8_dense_tflops", gpu.fp8_dense_tflops, 0, 200000, false)                                           \
    X("gpu.memory_gb", gpu.memory_gb, 1, 10000, false)                                                          \
    X("gpu.memory_bw_gbps", gpu.memory_bw_gbps, 0, 100000, false, CT_STEP(None, 1))                             \
    X("gpu.intra_bw_gbps", gpu.intra_bw_gbps, 0.1, 10000, false)                                                \
    X("gpu.intra_efficiency", gpu.intra_efficiency, 0.01, 1, false, CT_STEP(None, 0))                           \
    X("gpu.intra_latency_us", gpu.intra_latency_us, 0, 1000, false, CT_STEP(None, 0))                           \
    X("gpu.watts", gpu.watts, 0, 5000, false, CT_IN(None, 0))                                                   \
    X("gpu.price_usd", gpu.price_usd, 0, 1e7, false, CT_IN(None, 0))                                            \
    X("gpu.rent_usd_per_hour", gpu.rent_usd_per_hour, 0, 1000, false)                                           \
    X("gpu.compute_efficiency", gpu.compute_efficiency, 0.01, 1, false, CT_STEP(GpuEfficiency, 0))              \
    X("gpu.gemm_overhead_us", gpu.gemm_overhead_us, 0, 10000, false, CT_STEP(None, 0))                          \
    X("gpu.fp8_efficiency", gpu.fp8_efficiency, 0, 1, false, CT_STEP(GpuEfficiency, 0.01))                      \
    X("gpu.attention_efficiency", gpu.attention_efficiency, 0.05, 1, false, CT_STEP(GpuEfficiency, 0.05))       \
    /* cluster: 100,000 nodes x 72 GPUs (an NVL72 rack) is 7.2M GPUs, beyond any cluster announced. */          \
    X("cluster.nodes", cluster.nodes, 1, 100000, true)                                                          \
    X("cluster.gpus_per_node", cluster.gpus_per_node, 1, 72, true)                                              \
    X("cluster.nic_gbit_per_gpu", cluster.nic_gbit_per_gpu, 0, 10000, false)                                    \
    X("cluster.nic_efficiency", cluster.nic_efficiency, 0.01, 1, false, CT_STEP(None, 0))                       \
    X("cluster.nic_latency_us", cluster.nic_latency_us, 0, 10000, false, CT_STEP(None, 0))                      \
    /* 1:1 (non-blocking) to 16:1, beyond the 2:1-4:1 of budget Ethernet fabrics. */                            \
    X("cluster.oversubscription", cluster.oversubscription, 1, 16, false)                                       \
    /* 0 (no failures) to one interruption per GPU per day, 2,000x Llama 3's rate. */                           \
    X("cluster.interruptions_per_gpu_day", cluster.interruptions_per_gpu_day, 0, 1, false, CT_IN(None, 0))      \
    X("cluster.node_price_usd", cluster.node_price_usd, 0, 1e8, false, CT_IN(None, 0))                          \
    X("cluster.network_cost_per_gpu_usd", cluster.network_cost_per_gpu_usd, 0, 1e7, false, CT_IN(None, 0))      \
    /* training: 10M-token sequences and 1e16 tokens are 10x beyond published long-context and */               \
    /* pre-training runs (Llama 3: 128k context, 15.6T tokens). */                                              \
    X("training.seq_len", training.seq_len, 1, 10000000, true)                                                  \
    X("training.global_batch", training.global_batch, 1, 100000000, true)                                       \
    X("training.micro_batch", training.micro_batch, 1, 65536, true)                                             \
    X("training.tp", training.tp, 1, 4096, true)                                                                \
    X("training.pp", training.pp, 1, 4096, true)                                                                \
    X("training.dp", training.dp, 1, 10000000, true)                                                            \
    X("training.vpp", training.vpp, 1, 64, true)                                                                \
    X("training.cp", training.cp, 1, 4096, true)                                                                \
    X("training.ep", training.ep, 1, 65536, true)                                                               \
    X("training.etp", training.etp, 0, 4096, true)                                                              \
    X("training.moe_imbalance", training.moe_imbalance, 1, 16, false, CT_STEP(None, 0))                         \
    X("training.ep_overlap", training.ep_overlap, 0, 1, false, CT_STEP(Overlap, 0))                             \
    /* 0 = automatic; at most the layers' own bound. */                                                         \
    X("training.first_stage_layers", training.first_stage_layers, 0, 1000, true)                                \
    X("training.last_stage_layers", training.last_stage_layers, 0, 1000, true)                                  \
    X("training.zero", training.zero, 0, 3, true)                                                               \
    /* 0 = one gather per layer; up to 1e12 parameters, past any model's layer. */                              \
    X("training.zero3_bucket_params", training.zero3_bucket_params, 0, 1e12, false)                             \
    X("training.grad_bytes", training.grad_bytes, 0.125, 4, false)                                              \
    /* 0 (a stateless optimizer on bf16 weights) to 32, beyond fp32 Adam's 12 with an fp64 copy. */             \
    X("training.optimizer_bytes", training.optimizer_bytes, 0, 32, false)                                       \
    X("training.dp_overlap", training.dp_overlap, 0, 1, false, CT_STEP(Overlap, 0))                             \
    X("training.tp_overlap", training.tp_overlap, 0, 1, false, CT_STEP(Overlap, 0))                             \
    XOPT("training.compute_efficiency", training.compute_efficiency, 0.01, 1, false, CT_STEP(GpuEfficiency, 0)) \
    X("training.tokens_to_train", training.tokens_to_train, 1, 1e16, false)                                     \
    XOPT("training.goodput", training.goodput, 0.01, 1, false, CT_IN(None, 0))                                  \
    /* a checkpoint of a day, a restart of a week: beyond any run that could finish. */                         \
    X("training.checkpoint_write_s", training.checkpoint_write_s, 0, 86400, false, CT_IN(None, 0))              \
    X("training.restart_s", training.restart_s, 0, 604800, false, CT_IN(None, 0))                               \
    /* economics */                                                                                             \
    X("economics.years", economics.years, 0.1, 20, false)                                                       \
    X("economics.pue", economics.pue, 1, 3, false, CT_IN(None, 0))                                              \
    X("economics.usd_per_kwh", economics.usd_per_kwh, 0, 10, false, CT_IN(None, 0))                             \
    X("economics.node_overhead", economics.node_overhead, 0, 5, false, CT_IN(None, 0))                          \
    X("economics.upkeep_pct", economics.upkeep_pct, 0, 100, false, CT_IN(None, 0))                              \
    /* uncertain: 0 is refused in rent mode, so a positive rate keeps a positive floor. */                      \
    X("economics.usd_per_gpu_hour", economics.usd_per_gpu_hour, 0, 1000, false, CT_IN(None, 0.001))             \
    /* utilisation (0, 1]: 1% of the horizon is as idle as a cluster worth modelling gets. */                   \
    X("economics.utilisation", economics.utilisation, 0.01, 1, false)                                           \
    /* The finance inputs: residual value and cost of capital (at their default 0, no range). */                \
    /* Utilisation is not uncertain on purpose: at its default of 1 an assumption's +-25% can only */           \
    /* fall, to 0.75, which makes every bought plan 33% dearer at P90 and tops every tornado; what */           \
    /* range a committee should see for it is a product decision still open (docs/handbook.md). */              \
    X("economics.residual_fraction", economics.residual_fraction, 0, 1, false, CT_IN(None, 0))                  \
    X("economics.cost_of_capital", economics.cost_of_capital, 0, 1, false, CT_IN(None, 0))

#define CT_LIMIT_OPT(PATH, MEMBER, MIN, MAX, INTEGER, ...)                                        \
    FieldLimit                                                                                    \
    {                                                                                             \
        PATH, MIN, MAX, INTEGER, [](const Plan &p) -> std::optional<double> { return p.MEMBER; }, \
            [](Plan &p, double v) { p.MEMBER = v; } __VA_OPT__(, __VA_ARGS__)                     \
    }
#define CT_LIMIT_ITEM(...) CT_LIMIT(__VA_ARGS__),
#define CT_LIMIT_OPT_ITEM(...) CT_LIMIT_OPT(__VA_ARGS__),
constexpr FieldLimit kLimits[] = {CT_LIMITS(CT_LIMIT_ITEM, CT_LIMIT_OPT_ITEM)};
#undef CT_LIMIT_ITEM
#undef CT_LIMIT_OPT_ITEM
static_assert(std::size(kLimits) == kFieldLimitCount, "kFieldLimitCount in limits.h");

#undef CT_LIMIT
#undef CT_LIMIT_OPT
#undef CT_IN
#undef CT_STEP

} // namespace

const FieldLimit *fieldLimits(std::size_t *count)
{
    if (count)
        *count = std::size(kLimits);
    return kLimits;
}

const FieldLimit *findFieldLimit(std::string_view path)
{
    for (const FieldLimit &l : kLimits)
        if (path == l.path)
            return &l;
    return nullptr;
}

void fieldValues(const Plan &p, double *out)
{
    // Straight-line loads, no call per field: validate() runs this on every evaluation.
#define CT_VALUE(PATH, MEMBER, ...) *out++ = double(p.MEMBER);
#define CT_VALUE_OPT(PATH, MEMBER, ...) *out++ = p.MEMBER ? *p.MEMBER : std::numeric_limits<double>::quiet_NaN();
    CT_LIMITS(CT_VALUE, CT_VALUE_OPT)
#undef CT_VALUE
#undef CT_VALUE_OPT
}

} // namespace commtax
