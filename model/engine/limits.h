// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The range of every numeric plan field: one table, read by the engine's validate() (so the
// command line, sweeps, the editor, scenario files and preset imports all meet the same bounds)
// and by the field registry (model/core/fields.cpp) for the editor's spin boxes and the file
// readers' messages. The bounds are generous: they admit every real machine and model, and keep
// every product of sizes inside 64-bit integers and every figure finite. The same row says
// whether the field is an uncertain input of the Monte Carlo (model/uncertainty: its kInputs are
// these rows), so a numeric field's path is written once, here.

#include "plan.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace commtax {

// Inputs whose errors move together in the Monte Carlo (uncertainty.h): one draw per group.
enum class InputGroup : std::uint8_t { None,
                                       GpuEfficiency,
                                       Overlap };

// Whether a field is an uncertain input (a continuous physical or economic figure) and how.
struct Uncertain {
    bool uncertain = false;
    InputGroup group = InputGroup::None;
    // Smallest value a positive setting may take: these fields read 0 as "none", "unknown" or "the
    // BF16 efficiency", so a range of a positive value may not reach down to 0 (0 = no floor).
    double floor = 0;
    // A term of the step time whose error the engine's error on published runs already holds
    // (uncertainty::InputInfo::covered_by_engine_error).
    bool step_term = false;
};

// Sources of the upper bounds: the largest real values known today, with at least 10x headroom.
// Lower bounds: the smallest value the formulas stay meaningful (and finite) for.
// One row of every numeric field, in the order of the scenario format: X(section, member, min, max,
// integer[, uncertainty][, launch names]), XOPT for an optional field. The section and member name
// the path ("training.tp"), the member of Plan (training.tp) and the FieldId (training_tp) at once.
// The list builds the table, the reader validate() uses and FieldId. The uncertain inputs' order
// here is the order of the Monte Carlo's inputs. The uncertainty (limits.cpp): CT_IN(group, floor)
// for an uncertain input, CT_STEP for a term of the step time the engine's own error already holds.
// The launch names (LaunchNames, model/search/launch.cpp) where a framework's setting is the field's
// own: CT_LAUNCH(megatron, mcore[, torchtitan[, deepspeed]]).
#define CT_NUMERIC_FIELDS(X, XOPT)                                                                             \
    /* model: 1,000 layers, h 131,072 and 10M vocabulary exceed every published transformer. */                \
    X(model, layers, 1, 1000, true, CT_LAUNCH("--num-layers", "num_layers"))                                   \
    X(model, hidden, 64, 131072, true, CT_LAUNCH("--hidden-size", "hidden_size"))                              \
    X(model, heads, 1, 1024, true, CT_LAUNCH("--num-attention-heads", "num_attention_heads"))                  \
    X(model, kv_heads, 1, 1024, true, CT_LAUNCH("--num-query-groups", "num_query_groups"))                     \
    X(model, ffn, 64, 1048576, true, CT_LAUNCH("--ffn-hidden-size", "ffn_hidden_size"))                        \
    X(model, vocab, 1, 10000000, true, CT_LAUNCH(nullptr, "vocab_size"))                                       \
    /* 0 = hidden/heads; MLA's ranks and head widths 0 when attention is mha. */                               \
    X(model, head_dim, 0, 4096, true, CT_LAUNCH("--kv-channels", "kv_channels"))                               \
    X(model, q_lora_rank, 0, 131072, true, CT_LAUNCH("--q-lora-rank", "q_lora_rank"))                          \
    X(model, kv_lora_rank, 0, 131072, true, CT_LAUNCH("--kv-lora-rank", "kv_lora_rank"))                       \
    X(model, qk_rope_head_dim, 0, 4096, true, CT_LAUNCH("--qk-pos-emb-head-dim", "qk_pos_emb_head_dim"))       \
    X(model, qk_nope_head_dim, 0, 4096, true, CT_LAUNCH("--qk-head-dim", "qk_head_dim"))                       \
    X(model, v_head_dim, 0, 4096, true, CT_LAUNCH("--v-head-dim", "v_head_dim"))                               \
    /* MoE: 0 = dense. 65,536 experts and top-1,024 are far beyond DeepSeek-V3's 256 and top-8. */             \
    X(model, experts, 0, 65536, true, CT_LAUNCH("--num-experts", "num_moe_experts"))                           \
    X(model, experts_per_token, 0, 1024, true, CT_LAUNCH("--moe-router-topk", "moe_router_topk"))              \
    X(model, expert_ffn, 0, 1048576, true, CT_LAUNCH("--moe-ffn-hidden-size", "moe_ffn_hidden_size"))          \
    X(model, shared_experts, 0, 1024, true)                                                                    \
    X(model, dense_layers, 0, 1000, true)                                                                      \
    X(model, max_nodes_per_token, 0, 65536, true)                                                              \
    /* A probability; above 0.9 a network learns nothing. */                                                   \
    X(model, dropout, 0, 0.9, false, CT_LAUNCH("--hidden-dropout", "hidden_dropout"))                          \
    /* The clamp of a gated activation (GPT-OSS 7); 0 = none. */                                               \
    X(model, glu_clamp, 0, 1000, false, CT_LAUNCH(nullptr, "activation_func_clamp_value"))                     \
    /* gpu: B200 is 2,250 dense BF16 TFLOPS and 192 GB; the bounds leave room for decades. */                  \
    X(gpu, bf16_dense_tflops, 1, 100000, false)                                                                \
    X(gpu, fp8_dense_tflops, 0, 200000, false)                                                                 \
    X(gpu, memory_gb, 1, 10000, false)                                                                         \
    X(gpu, memory_bw_gbps, 0, 100000, false, CT_STEP(None, 1))                                                 \
    X(gpu, intra_bw_gbps, 0.1, 10000, false)                                                                   \
    X(gpu, intra_efficiency, 0.01, 1, false, CT_STEP(None, 0))                                                 \
    X(gpu, intra_latency_us, 0, 1000, false, CT_STEP(None, 0))                                                 \
    X(gpu, watts, 0, 5000, false, CT_IN(None, 0))                                                              \
    X(gpu, price_usd, 0, 1e7, false, CT_IN(None, 0))                                                           \
    X(gpu, rent_usd_per_hour, 0, 1000, false)                                                                  \
    X(gpu, compute_efficiency, 0.01, 1, false, CT_STEP(GpuEfficiency, 0))                                      \
    X(gpu, gemm_overhead_us, 0, 10000, false, CT_STEP(None, 0))                                                \
    X(gpu, fp8_efficiency, 0, 1, false, CT_STEP(GpuEfficiency, 0.01))                                          \
    X(gpu, attention_efficiency, 0.05, 1, false, CT_STEP(GpuEfficiency, 0.05))                                 \
    X(gpu, flash2_attention_ratio, 0.05, 1, false)                                                             \
    /* cluster: 100,000 nodes x 72 GPUs (an NVL72 rack) is 7.2M GPUs, beyond any cluster announced. */         \
    X(cluster, nodes, 1, 100000, true)                                                                         \
    X(cluster, gpus_per_node, 1, 72, true)                                                                     \
    X(cluster, gpus_per_host, 0, 72, true)                                                                     \
    X(cluster, nic_gbit_per_gpu, 0, 10000, false)                                                              \
    X(cluster, nic_efficiency, 0.01, 1, false, CT_STEP(None, 0))                                               \
    X(cluster, nic_latency_us, 0, 10000, false, CT_STEP(None, 0))                                              \
    /* 1:1 (non-blocking) to 16:1, beyond the 2:1-4:1 of budget Ethernet fabrics. */                           \
    X(cluster, oversubscription, 1, 16, false)                                                                 \
    /* 0 (no failures) to one interruption per GPU per day, 2,000x Llama 3's rate. */                          \
    X(cluster, interruptions_per_gpu_day, 0, 1, false, CT_IN(None, 0))                                         \
    X(cluster, node_price_usd, 0, 1e8, false, CT_IN(None, 0))                                                  \
    X(cluster, network_cost_per_gpu_usd, 0, 1e7, false, CT_IN(None, 0))                                        \
    /* the host link: 0.1 GB/s (PCIe Gen1 x1 is 0.25) to 10 TB/s, past any chip-to-chip link; */               \
    /* a node's host memory up to 1 PB. */                                                                     \
    X(cluster, host_link_gbps, 0.1, 10000, false)                                                              \
    X(cluster, host_memory_gb, 0, 1e6, false)                                                                  \
    /* training: 10M-token sequences and 1e16 tokens are 10x beyond published long-context and */              \
    /* pre-training runs (Llama 3: 128k context, 15.6T tokens). */                                             \
    X(training, seq_len, 1, 10000000, true, CT_LAUNCH("--seq-length", "seq_length", "max_context_length"))     \
    X(training, global_batch, 1, 100000000, true, CT_LAUNCH("--global-batch-size", "global_batch_size"))       \
    X(training, micro_batch, 1, 65536, true,                                                                   \
      CT_LAUNCH("--micro-batch-size", "micro_batch_size", nullptr, "train_micro_batch_size_per_gpu"))          \
    X(training, tp, 1, 4096, true,                                                                             \
      CT_LAUNCH("--tensor-model-parallel-size", "tensor_model_parallel_size", "tensor_parallel_degree"))       \
    X(training, pp, 1, 4096, true,                                                                             \
      CT_LAUNCH("--pipeline-model-parallel-size", "pipeline_model_parallel_size", "pipeline_parallel_degree")) \
    X(training, dp, 1, 10000000, true)                                                                         \
    X(training, vpp, 1, 64, true,                                                                              \
      CT_LAUNCH("--num-virtual-stages-per-pipeline-rank", "virtual_pipeline_model_parallel_size"))             \
    X(training, cp, 1, 4096, true,                                                                             \
      CT_LAUNCH("--context-parallel-size", "context_parallel_size", "context_parallel_degree"))                \
    X(training, ep, 1, 65536, true,                                                                            \
      CT_LAUNCH("--expert-model-parallel-size", "expert_model_parallel_size", "expert_parallel_degree"))       \
    X(training, etp, 0, 4096, true, CT_LAUNCH("--expert-tensor-parallel-size", "expert_tensor_parallel_size")) \
    X(training, moe_imbalance, 1, 16, false, CT_STEP(None, 0))                                                 \
    X(training, ep_overlap, 0, 1, false, CT_STEP(Overlap, 0))                                                  \
    /* 0 = automatic; at most the layers' own bound. */                                                        \
    X(training, first_stage_layers, 0, 1000, true)                                                             \
    X(training, last_stage_layers, 0, 1000, true)                                                              \
    X(training, zero, 0, 3, true)                                                                              \
    X(training, dp_shard, 0, 65536, true)                                                                      \
    /* 0 = every layer; up to the layers' own bound (above a chunk's layers: all of them). */                  \
    X(training, recompute_num_layers, 0, 1000, true,                                                           \
      CT_LAUNCH("--recompute-num-layers", "recompute_num_layers"))                                             \
    /* 0 = one gather per layer; up to 1e12 parameters, past any model's layer. */                             \
    X(training, zero3_bucket_params, 0, 1e12, false)                                                           \
    X(training, grad_bytes, 0.125, 4, false)                                                                   \
    /* 0 (a stateless optimizer on bf16 weights) to 32, beyond fp32 Adam's 12 with an fp64 copy. */            \
    X(training, optimizer_bytes, 0, 32, false)                                                                 \
    /* at most the layers' own bound; validate() keeps it below the fewest layers of a stage. */               \
    X(training, offload_layers, 0, 1000, true,                                                                 \
      CT_LAUNCH("--cpu-offloading-num-layers", "cpu_offloading_num_layers"))                                   \
    X(training, dp_overlap, 0, 1, false, CT_STEP(Overlap, 0))                                                  \
    X(training, tp_overlap, 0, 1, false, CT_STEP(Overlap, 0))                                                  \
    XOPT(training, compute_efficiency, 0.01, 1, false, CT_STEP(GpuEfficiency, 0))                              \
    X(training, tokens_to_train, 1, 1e16, false)                                                               \
    XOPT(training, goodput, 0.01, 1, false, CT_IN(None, 0))                                                    \
    /* a checkpoint of a day, a restart of a week: beyond any run that could finish. */                        \
    X(training, checkpoint_write_s, 0, 86400, false, CT_IN(None, 0))                                           \
    X(training, restart_s, 0, 604800, false, CT_IN(None, 0))                                                   \
    /* economics */                                                                                            \
    X(economics, years, 0.1, 20, false)                                                                        \
    X(economics, pue, 1, 3, false, CT_IN(None, 0))                                                             \
    X(economics, usd_per_kwh, 0, 10, false, CT_IN(None, 0))                                                    \
    X(economics, node_overhead, 0, 5, false, CT_IN(None, 0))                                                   \
    X(economics, upkeep_pct, 0, 100, false, CT_IN(None, 0))                                                    \
    /* uncertain: 0 is refused in rent mode, so a positive rate keeps a positive floor. */                     \
    X(economics, usd_per_gpu_hour, 0, 1000, false, CT_IN(None, 0.001))                                         \
    /* utilisation (0, 1]: 1% of the horizon is as idle as a cluster worth modelling gets. */                  \
    X(economics, utilisation, 0.01, 1, false)                                                                  \
    /* The finance inputs: residual value and cost of capital (at their default 0, no range). */               \
    /* Utilisation is not uncertain on purpose: at its default of 1 an assumption's +-25% can only */          \
    /* fall, to 0.75, which makes every bought plan 33% dearer at P90 and tops every tornado; what */          \
    /* range a committee should see for it is a product decision still open (docs/handbook.md). */             \
    X(economics, residual_fraction, 0, 1, false, CT_IN(None, 0))                                               \
    X(economics, cost_of_capital, 0, 1, false, CT_IN(None, 0))

// The other fields of a plan (bools and choices), in the order of the scenario format:
// Y(section, member[, launch names]).
#define CT_OTHER_FIELDS(Y)                                                                                      \
    Y(model, mlp)                                                                                               \
    Y(model, tied_embeddings)                                                                                   \
    Y(model, attention)                                                                                         \
    Y(model, expert_bias)                                                                                       \
    Y(gpu, nvlink)                                                                                              \
    Y(gpu, p2p)                                                                                                 \
    Y(gpu, nvls)                                                                                                \
    Y(training, moe_deepep)                                                                                     \
    Y(training, ep_a2a_overlap, CT_LAUNCH("--overlap-moe-expert-parallel-comm", nullptr))                       \
    Y(training, recompute)                                                                                      \
    Y(training, recompute_mla_up_proj)                                                                          \
    Y(training, recompute_layernorm)                                                                            \
    Y(training, recompute_moe_act)                                                                              \
    Y(training, recompute_mlp)                                                                                  \
    Y(training, recompute_moe)                                                                                  \
    Y(training, fused_cross_entropy, CT_LAUNCH("--cross-entropy-loss-fusion", "cross_entropy_loss_fusion"))     \
    Y(training, fused_rope, CT_LAUNCH("--no-rope-fusion", "apply_rope_fusion"))                                 \
    Y(training, te_op_fuser, CT_LAUNCH("--use-transformer-engine-op-fuser", "use_transformer_engine_op_fuser")) \
    Y(training, unfused_loss)                                                                                   \
    Y(training, sequence_parallel,                                                                              \
      CT_LAUNCH("--sequence-parallel", "sequence_parallel", "enable_sequence_parallel"))                        \
    Y(training, flash_attention)                                                                                \
    Y(training, attention_kernel)                                                                               \
    Y(training, precision)                                                                                      \
    Y(training, fp8_weight_cache)                                                                               \
    Y(training, optimizer_kernel, CT_LAUNCH(nullptr, nullptr, "implementation"))                                \
    Y(training, offload_expert_fc1)                                                                             \
    Y(training, offload_moe_act)                                                                                \
    Y(training, tp_async_backward)                                                                              \
    Y(training, tp_comm_overlap, CT_LAUNCH(nullptr, nullptr, "enable_async_tensor_parallel"))                   \
    Y(economics, mode)

// Every plan field by name: FieldId::training_tp is "training.tp". The numeric fields first, in the
// order of fieldLimits() (so a numeric field's id is its index there), then the others.
enum class FieldId : std::uint8_t {
#define CT_FIELD_ID(SECTION, MEMBER, ...) SECTION##_##MEMBER,
    CT_NUMERIC_FIELDS(CT_FIELD_ID, CT_FIELD_ID) CT_OTHER_FIELDS(CT_FIELD_ID)
#undef CT_FIELD_ID
};
#define CT_FIELD_ONE(...) +1 // NOLINT(bugprone-macro-parentheses): one term of a sum
// The numeric fields (fieldLimits()) and every field (FieldId).
inline constexpr std::size_t kFieldLimitCount = 0 CT_NUMERIC_FIELDS(CT_FIELD_ONE, CT_FIELD_ONE);
inline constexpr std::size_t kFieldCount = kFieldLimitCount CT_OTHER_FIELDS(CT_FIELD_ONE);
#undef CT_FIELD_ONE

// A field's names in the launch configurations (model/search/launch.h) where a framework's setting
// is the field itself, the value as the plan has it or as the engine reads it (etp 0 = tp, head_dim
// 0 = hidden/heads); nullptr where the framework has none or the mapping is not one to one (zero,
// recompute, precision, dp_overlap...: those stay code in launch.cpp).
struct LaunchNames {
    const char *megatron = nullptr;   // Megatron-LM's command-line flag, "--tensor-model-parallel-size"
    const char *mcore = nullptr;      // Megatron core's config field (NeMo 2, Megatron-Bridge)
    const char *torchtitan = nullptr; // torchtitan's config field (ParallelismConfig, TrainingConfig)
    const char *deepspeed = nullptr;  // a top-level key of DeepSpeed's JSON config
};

struct FieldLimit {
    const char *path; // JSON path in a scenario file, e.g. "training.tp"
    double min;       // inclusive
    double max;       // inclusive
    bool integer;
    // The value in the plan; empty for an optional field that is not set.
    std::optional<double> (*get)(const Plan &);
    void (*set)(Plan &, double); // an int field takes the value truncated
    Uncertain uncertainty{};
    LaunchNames launch{};
};

// Every numeric field (int and double) of a plan, in the order of the scenario format.
const FieldLimit *fieldLimits(std::size_t *count);
// Every numeric field's value, in the order of fieldLimits(), into out[count]; NaN for an optional
// field that is not set. The same values as FieldLimit::get, without an indirect call per field.
void fieldValues(const Plan &plan, double *out);
// The limit of one field by its path, or nullptr for a field without one (bools, choices).
const FieldLimit *findFieldLimit(std::string_view path);
// The same by id, or nullptr for a bool or a choice.
const FieldLimit *fieldLimit(FieldId id);
// A field's path, "training.tp".
const char *fieldPath(FieldId id);
// A field's id by its path; false when no field has it.
bool findFieldId(std::string_view path, FieldId &out);
// A field's names in the launch configurations.
const LaunchNames &launchNames(FieldId id);

// Checked arithmetic for sizes: false when the exact result does not fit in 64 bits.
inline bool checkedMul(std::int64_t a, std::int64_t b, std::int64_t &out)
{
    return !__builtin_mul_overflow(a, b, &out);
}
inline bool checkedMul(std::int64_t a, std::int64_t b, std::int64_t c, std::int64_t &out)
{
    std::int64_t ab = 0;
    return checkedMul(a, b, ab) && checkedMul(ab, c, out);
}
// A 64-bit size that must also fit the int fields of a plan.
inline bool fitsInt(std::int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }

} // namespace commtax
