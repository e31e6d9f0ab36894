#include "limits.h"

#include <iterator>

namespace commtax {

namespace {

#define CT_LIMIT(PATH, MEMBER, MIN, MAX, INTEGER)                                                        \
    FieldLimit                                                                                           \
    {                                                                                                    \
        PATH, MIN, MAX, INTEGER, [](const Plan &p) -> std::optional<double> { return double(p.MEMBER); } \
    }

// Sources of the upper bounds: the largest real values known today, with at least 10x headroom.
// Lower bounds: the smallest value the formulas stay meaningful (and finite) for.
constexpr FieldLimit kLimits[] = {
    // model: 1,000 layers, h 131,072 and 10M vocabulary exceed every published transformer.
    CT_LIMIT("model.layers", model.layers, 1, 1000, true),
    CT_LIMIT("model.hidden", model.hidden, 64, 131072, true),
    CT_LIMIT("model.heads", model.heads, 1, 1024, true),
    CT_LIMIT("model.kv_heads", model.kv_heads, 1, 1024, true),
    CT_LIMIT("model.ffn", model.ffn, 64, 1048576, true),
    CT_LIMIT("model.vocab", model.vocab, 1, 10000000, true),
    // gpu: B200 is 2,250 dense BF16 TFLOPS and 192 GB; the bounds leave room for decades.
    CT_LIMIT("gpu.bf16_dense_tflops", gpu.bf16_dense_tflops, 1, 100000, false),
    CT_LIMIT("gpu.fp8_dense_tflops", gpu.fp8_dense_tflops, 0, 200000, false),
    CT_LIMIT("gpu.memory_gb", gpu.memory_gb, 1, 10000, false),
    CT_LIMIT("gpu.memory_bw_gbps", gpu.memory_bw_gbps, 0, 100000, false),
    CT_LIMIT("gpu.intra_bw_gbps", gpu.intra_bw_gbps, 0.1, 10000, false),
    CT_LIMIT("gpu.intra_efficiency", gpu.intra_efficiency, 0.01, 1, false),
    CT_LIMIT("gpu.intra_latency_us", gpu.intra_latency_us, 0, 1000, false),
    CT_LIMIT("gpu.watts", gpu.watts, 0, 5000, false),
    CT_LIMIT("gpu.price_usd", gpu.price_usd, 0, 1e7, false),
    CT_LIMIT("gpu.compute_efficiency", gpu.compute_efficiency, 0.01, 1, false),
    // cluster: 100,000 nodes x 72 GPUs (an NVL72 rack) is 7.2M GPUs, beyond any cluster announced.
    CT_LIMIT("cluster.nodes", cluster.nodes, 1, 100000, true),
    CT_LIMIT("cluster.gpus_per_node", cluster.gpus_per_node, 1, 72, true),
    CT_LIMIT("cluster.nic_gbit_per_gpu", cluster.nic_gbit_per_gpu, 0, 10000, false),
    CT_LIMIT("cluster.nic_efficiency", cluster.nic_efficiency, 0.01, 1, false),
    CT_LIMIT("cluster.nic_latency_us", cluster.nic_latency_us, 0, 10000, false),
    // 1:1 (non-blocking) to 16:1, beyond the 2:1-4:1 of budget Ethernet fabrics.
    CT_LIMIT("cluster.oversubscription", cluster.oversubscription, 1, 16, false),
    CT_LIMIT("cluster.node_price_usd", cluster.node_price_usd, 0, 1e8, false),
    CT_LIMIT("cluster.network_cost_per_gpu_usd", cluster.network_cost_per_gpu_usd, 0, 1e7, false),
    // training: 10M-token sequences and 1e16 tokens are 10x beyond published long-context and
    // pre-training runs (Llama 3: 128k context, 15.6T tokens).
    CT_LIMIT("training.seq_len", training.seq_len, 1, 10000000, true),
    CT_LIMIT("training.global_batch", training.global_batch, 1, 100000000, true),
    CT_LIMIT("training.micro_batch", training.micro_batch, 1, 65536, true),
    CT_LIMIT("training.tp", training.tp, 1, 4096, true),
    CT_LIMIT("training.pp", training.pp, 1, 4096, true),
    CT_LIMIT("training.dp", training.dp, 1, 10000000, true),
    CT_LIMIT("training.vpp", training.vpp, 1, 64, true),
    CT_LIMIT("training.zero", training.zero, 0, 3, true),
    CT_LIMIT("training.grad_bytes", training.grad_bytes, 0.125, 4, false),
    CT_LIMIT("training.dp_overlap", training.dp_overlap, 0, 1, false),
    CT_LIMIT("training.tp_overlap", training.tp_overlap, 0, 1, false),
    FieldLimit{"training.compute_efficiency", 0.01, 1, false,
               [](const Plan &p) -> std::optional<double> { return p.training.compute_efficiency; }},
    CT_LIMIT("training.tokens_to_train", training.tokens_to_train, 1, 1e16, false),
    CT_LIMIT("training.goodput", training.goodput, 0.01, 1, false),
    // economics
    CT_LIMIT("economics.years", economics.years, 0.1, 20, false),
    CT_LIMIT("economics.pue", economics.pue, 1, 3, false),
    CT_LIMIT("economics.usd_per_kwh", economics.usd_per_kwh, 0, 10, false),
    CT_LIMIT("economics.node_overhead", economics.node_overhead, 0, 5, false),
    CT_LIMIT("economics.upkeep_pct", economics.upkeep_pct, 0, 100, false),
    CT_LIMIT("economics.usd_per_gpu_hour", economics.usd_per_gpu_hour, 0, 1000, false),
};

#undef CT_LIMIT

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

} // namespace commtax
