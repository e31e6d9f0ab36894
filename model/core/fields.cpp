// SPDX-License-Identifier: GPL-3.0-or-later
#include "fields.h"

#include "engine/limits.h"

#include <QLocale>

#include <cmath>
#include <iterator>

namespace commtax {

QString sectionKey(Section s)
{
    switch (s) {
    case Section::Model: return QStringLiteral("model");
    case Section::Gpu: return QStringLiteral("gpu");
    case Section::Cluster: return QStringLiteral("cluster");
    case Section::Training: return QStringLiteral("training");
    case Section::Economics: return QStringLiteral("economics");
    }
    return QString();
}

QString fieldPathText(FieldId id)
{
    return QLatin1String(fieldPath(id));
}

QString sectionTitle(Section s)
{
    switch (s) {
    case Section::Model: return QStringLiteral(CT_TR("commtax::Fields", "Model"));
    case Section::Gpu: return QStringLiteral(CT_TR("commtax::Fields", "GPU"));
    case Section::Cluster: return QStringLiteral(CT_TR("commtax::Fields", "Cluster"));
    case Section::Training: return QStringLiteral(CT_TR("commtax::Fields", "Parallel layout and training"));
    case Section::Economics: return QStringLiteral(CT_TR("commtax::Fields", "Economics"));
    }
    return QString();
}

// min and max come from the engine's range table (engine/limits.h), filled in below. After the
// row's own columns, optionally: the version that added it (Later, or Added::InVersion1 before a
// relevance; FieldInfo::added) and the plans it means something for (FieldInfo::relevance).
#define CT_NUM(TYPE, CONV, SEC, MEMBER, KEY, LABEL, UNIT, HELP, DEC, ...)                       \
    FieldInfo                                                                                   \
    {                                                                                           \
        Section::SEC, KEY, FieldType::TYPE, LABEL, UNIT, HELP, 0, 0, DEC, {},                   \
            [](const Plan &p) { return QJsonValue(p.MEMBER); },                                 \
            [](Plan &p, const QJsonValue &v) { p.MEMBER = v.CONV(); } __VA_OPT__(, __VA_ARGS__) \
    }
#define CT_INT(SEC, MEMBER, KEY, LABEL, UNIT, HELP, ...) \
    CT_NUM(Int, toInt, SEC, MEMBER, KEY, LABEL, UNIT, HELP, 0 __VA_OPT__(, __VA_ARGS__))
#define CT_DBL(SEC, MEMBER, KEY, LABEL, UNIT, HELP, DEC, ...) \
    CT_NUM(Double, toDouble, SEC, MEMBER, KEY, LABEL, UNIT, HELP, DEC __VA_OPT__(, __VA_ARGS__))
#define CT_BOOL(SEC, MEMBER, KEY, LABEL, HELP, ...) \
    CT_NUM(Bool, toBool, SEC, MEMBER, KEY, LABEL, "", HELP, 0 __VA_OPT__(, __VA_ARGS__))
#define CT_CHOICE(SEC, MEMBER, KEY, LABEL, HELP, CHOICES, PARSE, ...)                                   \
    FieldInfo                                                                                           \
    {                                                                                                   \
        Section::SEC, KEY, FieldType::Choice, LABEL, "", HELP, 0, 0, 0, CHOICES,                        \
            [](const Plan &p) { return QJsonValue(QLatin1String(toString(p.MEMBER))); },                \
            [](Plan &p, const QJsonValue &v) { PARSE(stdText(v), p.MEMBER); } __VA_OPT__(, __VA_ARGS__) \
    }
// A row written out (an optional or "auto" field), as a macro call so that it keeps its line breaks.
#define CT_ROW(...) \
    FieldInfo { __VA_ARGS__ }
static std::string stdText(const QJsonValue &v)
{
    return v.toString().toStdString();
}
constexpr Added Later = Added::Later;
constexpr Relevance ForMla = Relevance::Mla;
constexpr Relevance ForMoe = Relevance::Moe;
constexpr Relevance ForGoodputAuto = Relevance::GoodputAuto;
constexpr Relevance ForFp8Gpu = Relevance::Fp8Gpu;
constexpr Relevance ForZero3 = Relevance::Zero3;
constexpr Relevance ForSharded = Relevance::Sharded;
constexpr Relevance ForFlash = Relevance::Flash;
constexpr Relevance ForFp8 = Relevance::Fp8;
constexpr Relevance ForUnfusedLoss = Relevance::UnfusedLoss;
constexpr Relevance ForFullRecompute = Relevance::FullRecompute;

namespace {

// Numeric fields take their range from the engine's table, so validation, the editor and the file
// readers share one set of bounds.
// Every field here has a row in the engine's table (engine/limits.h: its FieldId), and no more.
std::vector<FieldInfo> withLimits(std::vector<FieldInfo> fields)
{
    if (fields.size() != kFieldCount)
        qFatal("%d fields here, %d rows in engine/limits.h", int(fields.size()), int(kFieldCount));
    for (FieldInfo &f : fields) {
        FieldId id{};
        if (!findFieldId(f.path().toStdString(), id))
            qFatal("field %s has no row in engine/limits.h", qPrintable(f.path()));
        if (!f.numeric())
            continue;
        const FieldLimit *l = findFieldLimit(f.path().toStdString());
        if (!l)
            qFatal("field %s has no range in engine/limits.h", qPrintable(f.path()));
        f.min = l->min;
        f.max = l->max;
    }
    return fields;
}

QString formatBound(double v) { return QLocale::c().toString(v, 'g', 10); }

// The model section: shape, attention, MLP and experts.
std::vector<FieldInfo> modelFields()
{
    return {
        CT_INT(Model, model.layers, "layers", CT_TR("commtax::Fields", "Layers"), "",
               CT_TR("commtax::Fields", "Transformer layers (l)")),
        CT_INT(Model, model.hidden, "hidden", CT_TR("commtax::Fields", "Hidden size"), "",
               CT_TR("commtax::Fields", "Model width h")),
        CT_INT(Model, model.heads, "heads", CT_TR("commtax::Fields", "Attention heads"), "",
               CT_TR("commtax::Fields", "Query heads a; tp must divide it")),
        CT_INT(Model, model.kv_heads, "kv_heads", CT_TR("commtax::Fields", "KV heads (GQA)"), "",
               CT_TR("commtax::Fields", "Key/value heads g; equal to heads without grouped-query attention")),
        CT_INT(Model, model.ffn, "ffn", CT_TR("commtax::Fields", "FFN size"), "",
               CT_TR("commtax::Fields", "MLP inner size f")),
        CT_INT(Model, model.vocab, "vocab", CT_TR("commtax::Fields", "Vocabulary"), "",
               CT_TR("commtax::Fields", "Vocabulary size V")),
        CT_CHOICE(Model, model.mlp, "mlp", CT_TR("commtax::Fields", "MLP"),
                  CT_TR("commtax::Fields", "swiglu (Llama: 3*h*f parameters) or gelu (GPT: 2*h*f)"),
                  (QStringList{QStringLiteral("swiglu"), QStringLiteral("gelu")}), parseMlp),
        CT_BOOL(Model, model.tied_embeddings, "tied_embeddings", CT_TR("commtax::Fields", "Tied embeddings"),
                CT_TR("commtax::Fields", "Input and output embeddings share one V*h matrix")),
        CT_INT(Model, model.head_dim, "head_dim", CT_TR("commtax::Fields", "Head width"), "",
               CT_TR("commtax::Fields", "Width of one attention head; 0 = hidden/heads (Qwen3 uses 128 at every "
                                        "width)"),
               Later),
        CT_CHOICE(Model, model.attention, "attention", CT_TR("commtax::Fields", "Attention"),
                  CT_TR("commtax::Fields", "mha (multi-head, grouped-query through kv_heads) or mla (DeepSeek-V2/V3 "
                                           "multi-head latent attention)"),
                  (QStringList{QStringLiteral("mha"), QStringLiteral("mla")}), parseAttention, Later),
        CT_BOOL(Model, model.expert_bias, "expert_bias", CT_TR("commtax::Fields", "Expert biases"),
                CT_TR("commtax::Fields", "Biases in the experts' linear layers (GPT-OSS). Megatron-Core adds the "
                                         "second layer's per expert in a Python loop: about 28 bytes per token and "
                                         "expert per unit of hidden size"),
                Later, ForMoe),
        CT_INT(Model, model.q_lora_rank, "q_lora_rank", CT_TR("commtax::Fields", "MLA query rank"), "",
               CT_TR("commtax::Fields", "MLA: rank of the query latent (DeepSeek-V3: 1536); 0 = queries projected "
                                        "from h directly"),
               Later, ForMla),
        CT_INT(Model, model.kv_lora_rank, "kv_lora_rank", CT_TR("commtax::Fields", "MLA key/value rank"), "",
               CT_TR("commtax::Fields", "MLA: rank of the compressed key/value latent d_c (DeepSeek-V3: 512)"), Later,
               ForMla),
        CT_INT(Model, model.qk_rope_head_dim, "qk_rope_head_dim", CT_TR("commtax::Fields", "MLA RoPE head width"), "",
               CT_TR("commtax::Fields", "MLA: decoupled RoPE part of each query/key head (DeepSeek-V3: 64)"), Later,
               ForMla),
        CT_INT(Model, model.qk_nope_head_dim, "qk_nope_head_dim", CT_TR("commtax::Fields", "MLA no-RoPE head width"),
               "", CT_TR("commtax::Fields", "MLA: the rest of each query/key head (DeepSeek-V3: 128)"), Later, ForMla),
        CT_INT(Model, model.v_head_dim, "v_head_dim", CT_TR("commtax::Fields", "MLA value head width"), "",
               CT_TR("commtax::Fields", "MLA: width of each value head (DeepSeek-V3: 128)"), Later, ForMla),
        CT_INT(Model, model.experts, "experts", CT_TR("commtax::Fields", "Routed experts"), "",
               CT_TR("commtax::Fields", "Mixture of experts: routed experts per MoE layer; 0 or 1 = dense"), Later),
        CT_INT(Model, model.experts_per_token, "experts_per_token",
               CT_TR("commtax::Fields", "Experts per token (top-k)"), "",
               CT_TR("commtax::Fields", "Routed experts each token goes to (Mixtral 2, DeepSeek-V3 8)"), Later, ForMoe),
        CT_INT(Model, model.expert_ffn, "expert_ffn", CT_TR("commtax::Fields", "Expert FFN size"), "",
               CT_TR("commtax::Fields", "FFN width of one expert (Mixtral 8x7B: 14336, DeepSeek-V3: 2048)"), Later,
               ForMoe),
        CT_INT(Model, model.shared_experts, "shared_experts", CT_TR("commtax::Fields", "Shared experts"), "",
               CT_TR("commtax::Fields", "Experts every token passes through, each of width expert_ffn (DeepSeek-V3: "
                                        "1)"),
               Later, ForMoe),
        CT_INT(Model, model.dense_layers, "dense_layers", CT_TR("commtax::Fields", "Leading dense layers"), "",
               CT_TR("commtax::Fields", "First layers with a dense FFN of width ffn instead of experts "
                                        "(DeepSeek-V3: 3)"),
               Later, ForMoe),
        CT_INT(Model, model.max_nodes_per_token, "max_nodes_per_token", CT_TR("commtax::Fields", "Max nodes per token"),
               "",
               CT_TR("commtax::Fields", "Node-limited routing: a token's experts sit on at most this many nodes "
                                        "(DeepSeek-V3: 4, its n_group 8 / topk_group 4); 0 = no limit. Saves "
                                        "network traffic only with DeepEP dispatch"),
               Later, ForMoe),
        CT_DBL(Model, model.dropout, "dropout", CT_TR("commtax::Fields", "Dropout"), "",
               CT_TR("commtax::Fields", "Dropout probability after attention and the FFN; 0 = none, as Llama, "
                                        "Mixtral, Qwen3 and DeepSeek-V3 train. Dropout keeps a mask of each "
                                        "layer's two outputs (2*h bytes per token). Megatron-LM's default is 0.1"),
               2, Later),
        CT_DBL(Model, model.glu_clamp, "glu_clamp", CT_TR("commtax::Fields", "Activation clamp"), "",
               CT_TR("commtax::Fields", "Clamp of the gated activation's inputs (GPT-OSS: 7); 0 = none. "
                                        "Megatron-Core runs it as separate kernels before its fused activation: "
                                        "about 46 bytes per token and expert per unit of FFN width"),
               1, Later),
    };
}

// The GPU section: peak rates, memory and power.
std::vector<FieldInfo> gpuFields()
{
    return {
        CT_DBL(Gpu, gpu.bf16_dense_tflops, "bf16_dense_tflops", CT_TR("commtax::Fields", "BF16 dense peak (TFLOPS)"),
               "TFLOPS",
               CT_TR("commtax::Fields", "Dense BF16 tensor-core peak with FP32 accumulate (not the 2:4-sparse figure)"),
               1),
        CT_DBL(Gpu, gpu.fp8_dense_tflops, "fp8_dense_tflops", CT_TR("commtax::Fields", "FP8 dense peak (TFLOPS)"),
               "TFLOPS", CT_TR("commtax::Fields", "Dense FP8 tensor-core peak; 0 when the GPU has no FP8"), 1),
        CT_DBL(Gpu, gpu.memory_gb, "memory_gb", CT_TR("commtax::Fields", "Memory (GB)"), "GB",
               CT_TR("commtax::Fields", "Device memory, 1 GB = 1e9 bytes"), 0),
        CT_DBL(Gpu, gpu.memory_bw_gbps, "memory_bw_gbps", CT_TR("commtax::Fields", "Memory bandwidth (GB/s)"), "GB/s",
               CT_TR("commtax::Fields", "HBM/GDDR bandwidth; paces the optimizer step (0 leaves it out)"), 0),
        CT_DBL(Gpu, gpu.intra_bw_gbps, "intra_bw_gbps",
               CT_TR("commtax::Fields", "GPU-GPU in node (GB/s per direction)"), "GB/s",
               CT_TR("commtax::Fields", "NVLink (or PCIe) bandwidth per GPU per direction, line rate"), 1),
        CT_DBL(Gpu, gpu.intra_efficiency, "intra_efficiency", CT_TR("commtax::Fields", "Intra-node efficiency"), "",
               CT_TR("commtax::Fields", "Achievable ring busbw over line rate (0-1]"), 2),
        CT_DBL(Gpu, gpu.intra_latency_us, "intra_latency_us", CT_TR("commtax::Fields", "Intra-node step latency (us)"),
               "us",
               CT_TR("commtax::Fields", "Latency of one collective step inside a node (NCCL tuner: NVLink 3.4, PCIe "
                                        "5.7)"),
               1),
        CT_BOOL(Gpu, gpu.nvlink, "nvlink", CT_TR("commtax::Fields", "NVLink (GPU fabric)"),
                CT_TR("commtax::Fields", "The node has a GPU fabric (NVLink/NVSwitch, Infinity Fabric); false means "
                                         "PCIe only")),
        CT_BOOL(Gpu, gpu.p2p, "p2p", CT_TR("commtax::Fields", "P2P works"),
                CT_TR("commtax::Fields", "Peer-to-peer copies work; false stages every transfer through host memory "
                                         "(half the bandwidth)")),
        CT_BOOL(Gpu, gpu.nvls, "nvls", CT_TR("commtax::Fields", "NVLS capable"),
                CT_TR("commtax::Fields", "NVLink SHARP (NVSwitch multicast): all-reduce busbw can exceed the link "
                                         "rate")),
        CT_DBL(Gpu, gpu.watts, "watts", CT_TR("commtax::Fields", "Board power (W)"), "W",
               CT_TR("commtax::Fields", "Thermal design power per GPU"), 0),
        CT_DBL(Gpu, gpu.price_usd, "price_usd", CT_TR("commtax::Fields", "GPU price (USD)"), "USD",
               CT_TR("commtax::Fields", "Price per GPU (an editable default)"), 0),
        CT_DBL(Gpu, gpu.rent_usd_per_hour, "rent_usd_per_hour", CT_TR("commtax::Fields", "GPU rent (USD per GPU-hour)"),
               "USD/GPU-h",
               CT_TR("commtax::Fields", "This GPU's cloud price per GPU-hour, used in rent mode unless the "
                                        "economics set their own (an editable default)"),
               2, Later),
        CT_DBL(Gpu, gpu.gemm_overhead_us, "gemm_overhead_us", CT_TR("commtax::Fields", "GEMM fixed cost (us)"), "us",
               CT_TR("commtax::Fields", "Fixed cost of one matrix multiply (launch, prologue/epilogue, last wave): "
                                        "why small GEMMs (small h/tp, many small experts) reach less of the peak"),
               1,
               Later),
        CT_DBL(Gpu, gpu.fp8_efficiency, "fp8_efficiency", CT_TR("commtax::Fields", "FP8 GEMM efficiency"), "",
               CT_TR("commtax::Fields", "Fraction of the dense FP8 peak large FP8 GEMMs reach in training; 0 = the "
                                        "BF16 compute efficiency"),
               2, Later, ForFp8Gpu),
        CT_DBL(Gpu, gpu.attention_efficiency, "attention_efficiency",
               CT_TR("commtax::Fields", "Attention kernel efficiency"), "",
               CT_TR("commtax::Fields", "Fraction of the dense BF16 peak FlashAttention reaches, forward and "
                                        "backward on a causal mask, at head width 128 (narrower heads reach less); "
                                        "fitted per GPU on published runs (long-context runs pin it)"),
               2, Later),
        CT_DBL(Gpu, gpu.flash2_attention_ratio, "flash2_attention_ratio",
               CT_TR("commtax::Fields", "FlashAttention-2 speed ratio"), "",
               CT_TR("commtax::Fields", "FlashAttention-2's speed as a share of the attention kernel efficiency "
                                        "(cuDNN's fused attention) on this GPU: 0.52 on H100, 1 where it is as fast"),
               2, Later),
        CT_DBL(Gpu, gpu.compute_efficiency, "compute_efficiency",
               CT_TR("commtax::Fields", "Default compute efficiency"), "",
               CT_TR("commtax::Fields", "Fraction of dense peak large GEMMs reach inside a training step"), 2),
    };
}

// The cluster section: nodes and the network between the GPUs.
std::vector<FieldInfo> clusterFields()
{
    return {
        CT_INT(Cluster, cluster.nodes, "nodes", CT_TR("commtax::Fields", "Nodes"), "",
               CT_TR("commtax::Fields", "Servers in the cluster")),
        CT_INT(Cluster, cluster.gpus_per_node, "gpus_per_node", CT_TR("commtax::Fields", "GPUs per node"), "",
               CT_TR("commtax::Fields", "GPUs in one server, or in one NVLink domain of a rack-scale system")),
        CT_INT(Cluster, cluster.gpus_per_host, "gpus_per_host", CT_TR("commtax::Fields", "GPUs per host"), "",
               CT_TR("commtax::Fields", "GPUs one host runs (one torchrun) when a node spans hosts: 4 on a GB200 or "
                                        "GB300 NVL72 tray; 0 = GPUs per node. Only the launch configs use it"),
               Later),
        CT_DBL(Cluster, cluster.nic_gbit_per_gpu, "nic_gbit_per_gpu", CT_TR("commtax::Fields", "NIC per GPU (Gb/s)"),
               "Gb/s", CT_TR("commtax::Fields", "Network line rate per GPU (rail-optimised); 400 Gb/s moves 50 GB/s"),
               1),
        CT_DBL(Cluster, cluster.nic_efficiency, "nic_efficiency", CT_TR("commtax::Fields", "Network efficiency"), "",
               CT_TR("commtax::Fields", "Achievable busbw over line rate (0-1]"), 2),
        CT_DBL(Cluster, cluster.nic_latency_us, "nic_latency_us", CT_TR("commtax::Fields", "Network step latency (us)"),
               "us", CT_TR("commtax::Fields", "Latency of one collective step across nodes (NCCL tuner: about 14 us)"),
               1),
        CT_DBL(Cluster, cluster.oversubscription, "oversubscription",
               CT_TR("commtax::Fields", "Spine oversubscription"), "",
               CT_TR("commtax::Fields", "Leaf-to-spine oversubscription (1 = non-blocking); traffic of groups "
                                        "spanning nodes gets NIC bandwidth / this when the cluster has more nodes "
                                        "than one leaf serves (32)"),
               1, Later),
        CT_DBL(Cluster, cluster.interruptions_per_gpu_day, "interruptions_per_gpu_day",
               CT_TR("commtax::Fields", "Interruptions per GPU-day"), "1/GPU-day",
               CT_TR("commtax::Fields", "Unexpected job interruptions per GPU per day, all causes; Llama 3: 419 in "
                                        "54 days on 16,384 GPUs = 0.000474. Used by goodput \"auto\""),
               6, Later,
               ForGoodputAuto),
        CT_DBL(Cluster, cluster.node_price_usd, "node_price_usd",
               CT_TR("commtax::Fields", "Node price without GPUs (USD)"), "USD",
               CT_TR("commtax::Fields", "Server, CPUs, memory, NICs, without the GPUs"), 0),
        CT_DBL(Cluster, cluster.network_cost_per_gpu_usd, "network_cost_per_gpu_usd",
               CT_TR("commtax::Fields", "Network cost per GPU (USD)"), "USD",
               CT_TR("commtax::Fields", "Switches, optics and cables per GPU"), 0),
        CT_DBL(Cluster, cluster.host_link_gbps, "host_link_gbps", CT_TR("commtax::Fields", "Host link per GPU (GB/s)"),
               "GB/s",
               CT_TR("commtax::Fields", "GPU to host memory, each way, per GPU while every GPU of the node copies: "
                                        "PCIe Gen4 x16 about 13-25, Gen5 about 27-50, Grace's NVLink-C2C about 225 "
                                        "(GB200). Activation offload uses it"),
               0, Later),
        CT_DBL(Cluster, cluster.host_memory_gb, "host_memory_gb", CT_TR("commtax::Fields", "Host memory per node (GB)"),
               "GB",
               CT_TR("commtax::Fields", "The CPU memory of one node; offloaded activations must fit in its share per "
                                        "GPU"),
               0, Later),
    };
}

// The training section, first part: batch, the parallel degrees, pipeline stages and ZeRO.
std::vector<FieldInfo> trainingParallelFields()
{
    return {
        CT_INT(Training, training.seq_len, "seq_len", CT_TR("commtax::Fields", "Sequence length (tokens)"), "tokens",
               CT_TR("commtax::Fields", "Tokens per sequence s")),
        CT_INT(Training, training.global_batch, "global_batch", CT_TR("commtax::Fields", "Global batch (sequences)"),
               "sequences", CT_TR("commtax::Fields", "Sequences per optimizer step B")),
        CT_INT(Training, training.micro_batch, "micro_batch", CT_TR("commtax::Fields", "Micro-batch (sequences)"),
               "sequences", CT_TR("commtax::Fields", "Sequences per micro-batch b")),
        CT_INT(Training, training.tp, "tp", CT_TR("commtax::Fields", "Tensor parallel (tp)"), "",
               CT_TR("commtax::Fields", "Tensor-parallel degree t; must divide heads")),
        CT_INT(Training, training.pp, "pp", CT_TR("commtax::Fields", "Pipeline parallel (pp)"), "",
               CT_TR("commtax::Fields", "Pipeline stages p")),
        CT_INT(Training, training.dp, "dp", CT_TR("commtax::Fields", "Data parallel (dp)"), "",
               CT_TR("commtax::Fields", "Data-parallel degree d; tp*pp*dp = GPUs")),
        CT_INT(Training, training.vpp, "vpp", CT_TR("commtax::Fields", "Interleaving (vpp)"), "",
               CT_TR("commtax::Fields", "Virtual pipeline stages per GPU (1 = plain 1F1B)")),
        CT_INT(Training, training.cp, "cp", CT_TR("commtax::Fields", "Context parallel (cp)"), "",
               CT_TR("commtax::Fields", "Context-parallel degree: the sequence split over cp GPUs, K/V passed "
                                        "around a ring; tp*cp*pp*dp = GPUs. Megatron-LM --context-parallel-size"),
               Later),
        CT_INT(Training, training.ep, "ep", CT_TR("commtax::Fields", "Expert parallel (ep)"), "",
               CT_TR("commtax::Fields", "Expert-parallel degree: the routed experts split over ep GPUs; must divide "
                                        "experts. Megatron-LM --expert-model-parallel-size"),
               Later, ForMoe),
        CT_INT(Training, training.etp, "etp", CT_TR("commtax::Fields", "Expert tensor parallel (etp)"), "",
               CT_TR("commtax::Fields", "Tensor-parallel degree inside each expert; 0 = tp (Megatron-Core's default "
                                        "for --expert-tensor-parallel-size)"),
               Later, ForMoe),
        CT_DBL(Training, training.moe_imbalance, "moe_imbalance",
               CT_TR("commtax::Fields", "MoE load imbalance (max/mean)"), "",
               CT_TR("commtax::Fields", "Tokens of the busiest expert GPU over the mean; 1 = balanced. Default "
                                        "1.25: Qwen3-235B on H100, 295 TFLOPS force-balanced vs 237 dropless "
                                        "(Megatron-MoE-ModelZoo)"),
               2, Later, ForMoe),
        CT_BOOL(Training, training.moe_deepep, "moe_deepep", CT_TR("commtax::Fields", "DeepEP dispatch"),
                CT_TR("commtax::Fields", "Expert dispatch with DeepEP (Megatron-Core --moe-token-dispatcher-type "
                                         "flex --moe-enable-deepep): a token crosses the network once per node it "
                                         "goes to, then NVLink; off: the all-to-all dispatcher sends one copy per "
                                         "expert"),
                Later, ForMoe),
        CT_BOOL(Training, training.ep_a2a_overlap, "ep_a2a_overlap",
                CT_TR("commtax::Fields", "EP all-to-all under another micro-batch"),
                CT_TR("commtax::Fields", "Each MoE layer's token dispatch and combine run under another "
                                         "micro-batch's compute of the same layer (Megatron-LM "
                                         "--overlap-moe-expert-parallel-comm, DeepSeek's DualPipe); what outlasts "
                                         "that compute stays exposed"),
                Later, ForMoe),
        CT_DBL(Training, training.ep_overlap, "ep_overlap", CT_TR("commtax::Fields", "EP overlap (0-1)"), "",
               CT_TR("commtax::Fields", "Further share of the exposed expert all-to-all hidden under compute"), 2,
               Later, ForMoe),
        CT_INT(Training, training.first_stage_layers, "first_stage_layers",
               CT_TR("commtax::Fields", "First stage layers"), "",
               CT_TR("commtax::Fields", "Layers of the first pipeline stage (which also holds the embedding); 0 = "
                                        "automatic: spread as evenly as possible, the extra layers on the middle "
                                        "stages. With interleaving at least vpp-1: one chunk may hold the embedding "
                                        "alone. Megatron-LM --decoder-first-pipeline-num-layers"),
               Later),
        CT_INT(Training, training.last_stage_layers, "last_stage_layers", CT_TR("commtax::Fields", "Last stage layers"),
               "",
               CT_TR("commtax::Fields", "Layers of the last pipeline stage (which also holds the LM head and its "
                                        "loss); 0 = automatic. With interleaving at least vpp-1: one chunk may hold "
                                        "the loss alone. Megatron-LM --decoder-last-pipeline-num-layers"),
               Later),
        CT_INT(Training, training.zero, "zero", CT_TR("commtax::Fields", "ZeRO stage"), "",
               CT_TR("commtax::Fields", "0: DDP, 1: shard optimizer, 2: + gradients, 3: + weights")),
        CT_INT(Training, training.dp_shard, "dp_shard", CT_TR("commtax::Fields", "Shard group (data-parallel ranks)"),
               "",
               CT_TR("commtax::Fields", "Hybrid sharding (HSDP): ZeRO shards over this many data-parallel ranks "
                                        "(times cp) and keeps dp/dp_shard copies, whose gradients are all-reduced "
                                        "shard by shard. 0: one shard group over all of dp. torchtitan "
                                        "data_parallel_shard_degree, Megatron-Core "
                                        "--num-distributed-optimizer-instances dp/dp_shard, DeepSpeed "
                                        "mics_shard_size"),
               Later, ForSharded),
        CT_DBL(Training, training.zero3_bucket_params, "zero3_bucket_params",
               CT_TR("commtax::Fields", "ZeRO-3 gather bucket (parameters)"), "",
               CT_TR("commtax::Fields", "ZeRO-3: parameters per all-gather, each paying the ring's latency over the "
                                        "data-parallel group. 0: one per layer (PyTorch FSDP, Megatron-FSDP); "
                                        "DeepSpeed's stage3_prefetch_bucket_size is 5e7 by default"),
               0, Later,
               ForZero3),
    };
}

// The training section, second part: activation recompute and the loss.
std::vector<FieldInfo> trainingRecomputeFields()
{
    return {
        CT_CHOICE(Training, training.recompute, "recompute", CT_TR("commtax::Fields", "Activation recompute"),
                  CT_TR("commtax::Fields", "none; selective (Megatron: the attention core again, nothing with "
                                           "FlashAttention); full (every layer's forward again); ops (PyTorch "
                                           "per-op checkpointing, torchtitan's selective AC: every second matmul "
                                           "and the element-wise work again); "
                                           "dots (JAX, MaxText's minimal_flash: every matmul's and attention's "
                                           "output kept, the element-wise work again)"),
                  (QStringList{QStringLiteral("none"), QStringLiteral("selective"), QStringLiteral("full"),
                               QStringLiteral("ops"), QStringLiteral("dots")}),
                  parseRecompute),
        CT_INT(Training, training.recompute_num_layers, "recompute_num_layers",
               CT_TR("commtax::Fields", "Layers recomputed per chunk"), "layers",
               CT_TR("commtax::Fields", "With full recompute: of each pipeline stage's model chunk, the first this "
                                        "many layers keep only their input and run their forward again; the others "
                                        "keep every activation and run nothing again (Megatron-LM --recompute-method "
                                        "block --recompute-num-layers). 0 = every layer"),
               Later, ForFullRecompute),
        CT_BOOL(Training, training.recompute_mla_up_proj, "recompute_mla_up_proj",
                CT_TR("commtax::Fields", "Recompute MLA up-projections"),
                CT_TR("commtax::Fields", "With selective recompute and multi-head latent attention: keep the "
                                         "latents, not Q, K and V, and run the up-projections again in the backward "
                                         "(Megatron-Core --recompute-modules mla_up_proj; NVIDIA's DeepSeek-V3 H100 "
                                         "recipe sets it)"),
                Later, ForMla),
        CT_BOOL(Training, training.recompute_layernorm, "recompute_layernorm",
                CT_TR("commtax::Fields", "Recompute the layer norms"),
                CT_TR("commtax::Fields", "With selective recompute: drop both norms' outputs and compute them again "
                                         "in the backward (Megatron-Core --recompute-modules layernorm)"),
                Later),
        CT_BOOL(Training, training.recompute_moe_act, "recompute_moe_act",
                CT_TR("commtax::Fields", "Recompute the experts' activation"),
                CT_TR("commtax::Fields", "With selective recompute: drop the experts' activation-function output "
                                         "and compute it again (Megatron-Core --recompute-modules moe_act)"),
                Later,
                ForMoe),
        CT_BOOL(Training, training.recompute_mlp, "recompute_mlp", CT_TR("commtax::Fields", "Recompute the dense MLP"),
                CT_TR("commtax::Fields", "With selective recompute: keep only a dense MLP's input and run its "
                                         "forward again in the backward (Megatron-Core --recompute-modules mlp)"),
                Later),
        CT_BOOL(Training, training.recompute_moe, "recompute_moe", CT_TR("commtax::Fields", "Recompute the MoE layer"),
                CT_TR("commtax::Fields", "With selective recompute: keep only an MoE layer's input and run its "
                                         "forward again in the backward, the token dispatch and combine included "
                                         "(Megatron-Core --recompute-modules moe)"),
                Later, ForMoe),
        CT_BOOL(Training, training.fused_cross_entropy, "fused_cross_entropy",
                CT_TR("commtax::Fields", "Fused cross-entropy"),
                CT_TR("commtax::Fields", "The loss as one kernel over the BF16 logits (Megatron-LM "
                                         "--cross-entropy-loss-fusion; on in NeMo 2 and Megatron-Bridge). Off: "
                                         "Megatron-LM's default, the logits cast to fp32 and passed over six times, "
                                         "about 52 bytes per logit against 12, and the fp32 copy kept"),
                Later),
        CT_BOOL(Training, training.fused_rope, "fused_rope", CT_TR("commtax::Fields", "Fused rotary embedding"),
                CT_TR("commtax::Fields", "The rotary embedding as one kernel on Q and K (Megatron-LM's default; "
                                         "--no-rope-fusion turns it off). Off: PyTorch's separate ops, 22 more "
                                         "passes over Q and K, as Megatron-Core runs YaRN models such as GPT-OSS"),
                Later),
        CT_BOOL(Training, training.te_op_fuser, "te_op_fuser", CT_TR("commtax::Fields", "TE op fuser"),
                CT_TR("commtax::Fields", "The MLP through Transformer Engine's op fuser (Megatron-Core "
                                         "use_transformer_engine_op_fuser; Megatron-Bridge's MXFP8 GPT-OSS recipes "
                                         "from 26.06): the activation's clamp and the experts' biases run inside "
                                         "the fused ops, at no cost apart"),
                Later),
        CT_CHOICE(Training, training.unfused_loss, "unfused_loss", CT_TR("commtax::Fields", "Unfused loss"),
                  CT_TR("commtax::Fields", "Whose loss runs when it is not fused: megatron (Megatron-LM's, the "
                                           "fp32 copy kept: 6 bytes per logit), pytorch (PyTorch's eager "
                                           "F.cross_entropy on fp32 logits, as torchtitan runs it without compile: "
                                           "12 bytes per logit as the backward starts) or compiled (the same under "
                                           "torch.compile, as torchtitan with compile on since 2025-04: 4 bytes, one "
                                           "pass over the logits)"),
                  (QStringList{QStringLiteral("megatron"), QStringLiteral("pytorch"), QStringLiteral("compiled")}),
                  parseUnfusedLoss, Later, ForUnfusedLoss),
    };
}

// The training section, third part: kernels, precision, optimizer state and offload.
std::vector<FieldInfo> trainingMemoryFields()
{
    return {
        CT_BOOL(Training, training.sequence_parallel, "sequence_parallel",
                CT_TR("commtax::Fields", "Sequence parallel"),
                CT_TR("commtax::Fields", "Megatron sequence parallelism (shards norms and dropout over tp)")),
        CT_BOOL(Training, training.flash_attention, "flash_attention", CT_TR("commtax::Fields", "FlashAttention"),
                CT_TR("commtax::Fields", "Fused attention: no s*s activations kept")),
        CT_CHOICE(Training, training.attention_kernel, "attention_kernel", CT_TR("commtax::Fields", "Attention kernel"),
                  CT_TR("commtax::Fields", "cudnn (Transformer Engine's fused attention: Megatron-LM, NeMo, "
                                           "Megatron-Bridge), cudnn_2024 (the same as 2024's releases had it, 0.82 "
                                           "of today's long-sequence speed on Hopper and Blackwell) or flash2 "
                                           "(FlashAttention-2: flash-attn, PyTorch SDPA, torchtitan and other "
                                           "PyTorch-native trainers)"),
                  (QStringList{QStringLiteral("cudnn"), QStringLiteral("cudnn_2024"), QStringLiteral("flash2")}),
                  parseAttentionKernel, Later,
                  ForFlash),
        CT_CHOICE(Training, training.precision, "precision", CT_TR("commtax::Fields", "Precision"),
                  CT_TR("commtax::Fields", "bf16 or fp8 matmuls (FP8 uses the FP8 dense peak)"),
                  (QStringList{QStringLiteral("bf16"), QStringLiteral("fp8")}), parsePrecision),
        CT_BOOL(Training, training.fp8_weight_cache, "fp8_weight_cache",
                CT_TR("commtax::Fields", "FP8 weights cast once a step"),
                CT_TR("commtax::Fields", "The weights' FP8 copies are made in the first micro-batch and kept for the "
                                         "step's others, as Megatron-Core, NeMo and Megatron-Bridge do. Off: cast "
                                         "again in every micro-batch (torchtitan and OLMo-core's torchao Float8, "
                                         "Composer's Transformer Engine layers)"),
                Later, ForFp8),
        CT_DBL(Training, training.grad_bytes, "grad_bytes", CT_TR("commtax::Fields", "Gradient bytes on the wire"), "B",
               CT_TR("commtax::Fields", "4 fp32 (default: Megatron-LM reduces bf16 gradients in fp32 unless "
                                        "--grad-reduce-in-bf16), 2 bf16, 1 fp8/int8 compression"),
               3),
        CT_DBL(Training, training.optimizer_bytes, "optimizer_bytes",
               CT_TR("commtax::Fields", "Optimizer state (bytes per parameter)"), "B",
               CT_TR("commtax::Fields", "The optimizer's state per parameter, master weights included: 12 "
                                        "mixed-precision Adam (fp32 master, momentum, variance), 8 with BF16 "
                                        "moments (Megatron-Core --use-precision-aware-optimizer; DeepSeek-V3), 6 "
                                        "8-bit Adam"),
               1, Later),
        CT_CHOICE(Training, training.optimizer_kernel, "optimizer_kernel", CT_TR("commtax::Fields", "Optimizer kernel"),
                  CT_TR("commtax::Fields", "How the optimizer's update runs: fused (one kernel: Megatron-Core, NeMo, "
                                           "DeepSpeed, torch.optim.AdamW(fused=True)) or foreach (PyTorch's default "
                                           "AdamW, as the Hugging Face Trainer's adamw_torch and torchtitan before "
                                           "2025-02 run it: one pass over the state per operation, 40 bytes per BF16 "
                                           "parameter against 14)"),
                  (QStringList{QStringLiteral("fused"), QStringLiteral("foreach")}), parseOptimizerKernel, Later),
        CT_INT(Training, training.offload_layers, "offload_layers",
               CT_TR("commtax::Fields", "Layers offloaded to host memory"), "layers",
               CT_TR("commtax::Fields", "Layers per pipeline stage whose activations wait in host memory between "
                                        "forward and backward (Megatron-Core --cpu-offloading-num-layers): GPU "
                                        "memory for time on the host link"),
               Later),
        CT_BOOL(Training, training.offload_expert_fc1, "offload_expert_fc1",
                CT_TR("commtax::Fields", "Offload the experts' FC1 input"),
                CT_TR("commtax::Fields", "In each MoE layer, copy the experts' first GEMM input (the dispatched "
                                         "tokens) to host memory after the forward and back before the backward "
                                         "(Megatron-Core --fine-grained-activation-offloading --offload-modules "
                                         "expert_fc1): GPU memory for time on the host link"),
                Later, ForMoe),
        CT_BOOL(Training, training.offload_moe_act, "offload_moe_act",
                CT_TR("commtax::Fields", "Offload the experts' activation input"),
                CT_TR("commtax::Fields", "In each MoE layer, copy the input of the experts' activation function "
                                         "(FC1's output) to host memory after the forward and back before the "
                                         "backward (Megatron-Core --offload-modules moe_act); it combines with "
                                         "recomputing the activation's output"),
                Later, ForMoe),
    };
}

// The training section, last part: communication overlap, the run's length and failures.
std::vector<FieldInfo> trainingOverlapAndRunFields()
{
    return {
        CT_DBL(Training, training.dp_overlap, "dp_overlap", CT_TR("commtax::Fields", "DP overlap (0-1)"), "",
               CT_TR("commtax::Fields", "Share of the last backward pass the gradient sync can hide under"), 2),
        CT_BOOL(Training, training.tp_async_backward, "tp_async_backward",
                CT_TR("commtax::Fields", "TP backward beside the GEMMs"),
                CT_TR("commtax::Fields", "The backward's tensor-parallel re-gather and reduce-scatter run under the "
                                         "data- and weight-gradient GEMMs, as Megatron-LM and Transformer Engine "
                                         "do. Off: PyTorch DTensor (torchtitan without async TP), Megatron-LM "
                                         "before 2022"),
                Later),
        CT_BOOL(Training, training.tp_comm_overlap, "tp_comm_overlap",
                CT_TR("commtax::Fields", "TP communication pipelined"),
                CT_TR("commtax::Fields", "Every tensor-parallel all-gather and reduce-scatter split into chunks "
                                         "under its GEMM (Megatron-LM --tp-comm-overlap, torchtitan async TP); "
                                         "needs sequence parallelism. The first chunk and what outlasts the GEMM "
                                         "stay exposed"),
                Later),
        CT_DBL(Training, training.tp_overlap, "tp_overlap", CT_TR("commtax::Fields", "TP overlap (0-1)"), "",
               CT_TR("commtax::Fields", "Further share of the exposed TP communication hidden under compute"), 2),
        CT_ROW(
            Section::Training, "compute_efficiency", FieldType::OptionalDouble,
            CT_TR("commtax::Fields", "Compute efficiency (blank = GPU default)"), "",
            CT_TR("commtax::Fields", "Fraction of dense peak large GEMMs reach; empty uses the GPU's default"),
            0, 0, 2, {},
            [](const Plan &p) {
                return p.training.compute_efficiency ? QJsonValue(*p.training.compute_efficiency)
                                                     : QJsonValue(QJsonValue::Null);
            },
            [](Plan &p, const QJsonValue &v) {
                if (v.isNull() || v.isUndefined())
                    p.training.compute_efficiency.reset();
                else
                    p.training.compute_efficiency = v.toDouble();
            }),
        CT_DBL(Training, training.tokens_to_train, "tokens_to_train", CT_TR("commtax::Fields", "Tokens to train"),
               "tokens", CT_TR("commtax::Fields", "Training tokens of the whole run"), 0),
        CT_ROW(
            Section::Training, "goodput", FieldType::AutoDouble, CT_TR("commtax::Fields", "Goodput (0-1, or auto)"), "",
            CT_TR("commtax::Fields", "Share of wall-clock time spent training; \"auto\" computes it from the "
                                     "interruption rate, the checkpoint write and restart times and the "
                                     "Young/Daly checkpoint interval"),
            0, 0, 2, {},
            [](const Plan &p) {
                return p.training.goodput ? QJsonValue(*p.training.goodput) : QJsonValue(QStringLiteral("auto"));
            },
            [](Plan &p, const QJsonValue &v) {
                if (v.isString())
                    p.training.goodput.reset();
                else
                    p.training.goodput = v.toDouble();
            }),
        CT_DBL(Training, training.checkpoint_write_s, "checkpoint_write_s",
               CT_TR("commtax::Fields", "Checkpoint write (s)"), "s",
               CT_TR("commtax::Fields", "Training paused per checkpoint (the blocking part of a save); goodput "
                                        "\"auto\""),
               0, Later, ForGoodputAuto),
        CT_DBL(Training, training.restart_s, "restart_s", CT_TR("commtax::Fields", "Restart after a failure (s)"), "s",
               CT_TR("commtax::Fields", "From an interruption to training again: detect, reschedule, reload the "
                                        "checkpoint; goodput \"auto\""),
               0, Later, ForGoodputAuto),
    };
}

// The economics section: buying or renting, power and money.
std::vector<FieldInfo> economicsFields()
{
    return {
        CT_CHOICE(Economics, economics.mode, "mode", CT_TR("commtax::Fields", "Buy or rent"),
                  CT_TR("commtax::Fields", "buy: capex + power + upkeep; rent: USD per GPU-hour"),
                  (QStringList{QStringLiteral("buy"), QStringLiteral("rent")}), parseEconomicsMode),
        CT_DBL(Economics, economics.years, "years", CT_TR("commtax::Fields", "Depreciation (years)"), "years",
               CT_TR("commtax::Fields", "Straight-line depreciation, also the horizon of lifetime TCO"), 1),
        CT_DBL(Economics, economics.pue, "pue", CT_TR("commtax::Fields", "PUE"), "",
               CT_TR("commtax::Fields", "Power usage effectiveness of the data centre (>= 1)"), 2),
        CT_DBL(Economics, economics.usd_per_kwh, "usd_per_kwh", CT_TR("commtax::Fields", "Electricity (USD/kWh)"),
               "USD/kWh", CT_TR("commtax::Fields", "Price of energy"), 3),
        CT_DBL(Economics, economics.node_overhead, "node_overhead", CT_TR("commtax::Fields", "Node power overhead"), "",
               CT_TR("commtax::Fields", "CPU, NICs, fans... as a fraction of GPU power"), 2),
        CT_DBL(Economics, economics.upkeep_pct, "upkeep_pct", CT_TR("commtax::Fields", "Upkeep (% of capex per year)"),
               "%", CT_TR("commtax::Fields", "Support, spares and staff"), 1),
        CT_DBL(Economics, economics.usd_per_gpu_hour, "usd_per_gpu_hour",
               CT_TR("commtax::Fields", "Rent (USD per GPU-hour)"), "USD/GPU-h",
               CT_TR("commtax::Fields", "Cloud price per GPU-hour (rent mode); 0 takes the GPU's own rent price"), 2),
        CT_DBL(Economics, economics.utilisation, "utilisation",
               CT_TR("commtax::Fields", "Utilisation over the horizon (fraction)"), "",
               CT_TR("commtax::Fields", "Share of the depreciation years the bought cluster does useful work (0-1]; "
                                        "capital and upkeep of idle hours fall on the hours of use"),
               2, Later),
        CT_DBL(Economics, economics.residual_fraction, "residual_fraction",
               CT_TR("commtax::Fields", "Residual value (fraction of capex)"), "",
               CT_TR("commtax::Fields", "What the hardware is worth at the end of the depreciation years, as a "
                                        "fraction of capex (0-1)"),
               2, Later),
        CT_DBL(Economics, economics.cost_of_capital, "cost_of_capital",
               CT_TR("commtax::Fields", "Cost of capital (per year, fraction)"), "1/year",
               CT_TR("commtax::Fields", "Annual discount rate of the money tied up in the cluster (0.08 = 8%); "
                                        "gives the net present cost"),
               3, Later),
    };
}

// Every field, in the order of the sections and of the editor.
std::vector<FieldInfo> allFields()
{
    using Part = std::vector<FieldInfo> (*)();
    const Part parts[] = {modelFields, gpuFields, clusterFields, trainingParallelFields, trainingRecomputeFields,
                          trainingMemoryFields, trainingOverlapAndRunFields, economicsFields};
    std::vector<FieldInfo> fields;
    for (const Part part : parts) {
        std::vector<FieldInfo> rows = part();
        fields.insert(fields.end(), std::make_move_iterator(rows.begin()), std::make_move_iterator(rows.end()));
    }
    return fields;
}

} // namespace

const std::vector<FieldInfo> &planFields()
{
    static const std::vector<FieldInfo> fields = withLimits(allFields());
    return fields;
}

bool fieldRelevant(const FieldInfo &f, const Plan &plan)
{
    switch (f.relevance) {
    case Relevance::Always: return true;
    case Relevance::Mla: return plan.model.attention == Attention::Mla;
    case Relevance::Moe: return plan.model.moe();
    case Relevance::GoodputAuto: return !plan.training.goodput.has_value();
    case Relevance::Fp8Gpu: return plan.gpu.fp8_dense_tflops > 0;
    case Relevance::Zero3: return plan.training.zero == 3;
    case Relevance::Sharded: return plan.training.zero >= 1;
    case Relevance::Flash: return plan.training.flash_attention;
    case Relevance::Fp8: return plan.training.precision == Precision::Fp8;
    case Relevance::UnfusedLoss: return !plan.training.fused_cross_entropy;
    case Relevance::FullRecompute: return plan.training.recompute == Recompute::Full;
    }
    return true;
}

QJsonValue defaultFieldValue(const FieldInfo &f)
{
    static const Plan defaults;
    return f.get(defaults);
}

std::vector<const FieldInfo *> fieldsOf(Section s)
{
    std::vector<const FieldInfo *> out;
    for (const FieldInfo &f : planFields())
        if (f.section == s)
            out.push_back(&f);
    return out;
}

const FieldInfo *findField(Section s, const QString &key)
{
    for (const FieldInfo &f : planFields())
        if (f.section == s && key == QLatin1String(f.key))
            return &f;
    return nullptr;
}

EngineText fileText(const char *pattern, const QStringList &args)
{
    EngineText t{pattern, {}};
    t.args.reserve(std::size_t(args.size()));
    for (const QString &a : args)
        t.args.push_back(a.toStdString());
    return t;
}

QString toQString(const EngineText &text) { return QString::fromStdString(toString(text)); }

QString checkFieldValue(const FieldInfo &f, const QJsonValue &v)
{
    const EngineText t = checkFieldValueText(f, v);
    return t.pattern[0] ? toQString(t) : QString();
}

EngineText checkFieldValueText(const FieldInfo &f, const QJsonValue &v)
{
    auto range = [&](double x) -> EngineText {
        if (x >= f.min && x <= f.max)
            return EngineText{};
        const QString unit = QLatin1String(f.unit).isEmpty() ? QString() : QLatin1Char(' ') + QLatin1String(f.unit);
        return fileText(f.type == FieldType::Int
                            ? CT_TR("commtax::Files", "expected a whole number from %1 to %2%3 (got %4)")
                            : CT_TR("commtax::Files", "expected a number from %1 to %2%3 (got %4)"),
                        {formatBound(f.min), formatBound(f.max), unit, formatBound(x)});
    };
    switch (f.type) {
    case FieldType::Int:
        if (!v.isDouble())
            return fileText(CT_TR("commtax::Files", "expected a whole number, not %1"), {jsonTypeName(v)});
        if (std::floor(v.toDouble()) != v.toDouble())
            // Every digit it takes to show the fraction: 1.0000000000000002 read "(got 1)".
            return fileText(CT_TR("commtax::Files", "expected a whole number (got %1)"),
                            {QLocale::c().toString(v.toDouble(), 'g', QLocale::FloatingPointShortest)});
        return range(v.toDouble());
    case FieldType::Double:
        if (!v.isDouble())
            return fileText(CT_TR("commtax::Files", "expected a number, not %1"), {jsonTypeName(v)});
        return range(v.toDouble());
    case FieldType::OptionalDouble:
        if (v.isNull())
            return EngineText{};
        if (!v.isDouble())
            return fileText(CT_TR("commtax::Files", "expected a number or null, not %1"), {jsonTypeName(v)});
        return range(v.toDouble());
    case FieldType::AutoDouble:
        if (v.isString() && v.toString() == QLatin1String("auto"))
            return EngineText{};
        if (!v.isDouble())
            return fileText(CT_TR("commtax::Files", "expected a number or \"auto\", not %1"), {jsonTypeName(v)});
        return range(v.toDouble());
    case FieldType::Bool:
        if (!v.isBool())
            return fileText(CT_TR("commtax::Files", "expected true or false, not %1"), {jsonTypeName(v)});
        return EngineText{};
    case FieldType::Choice:
        if (!v.isString() || !f.choices.contains(v.toString()))
            return fileText(CT_TR("commtax::Files", "expected one of %1"), {f.choices.join(QStringLiteral(", "))});
        return EngineText{};
    }
    return EngineText{};
}

namespace {
// jsonTypeName()'s words (marked for translation), which fileTextSentence() recognises among a
// file text's arguments.
const char *const kJsonTypeNames[] = {
    CT_TR("commtax::Files", "null"),
    CT_TR("commtax::Files", "true/false"),
    CT_TR("commtax::Files", "a number"),
    CT_TR("commtax::Files", "a string"),
    CT_TR("commtax::Files", "an array"),
    CT_TR("commtax::Files", "an object"),
    CT_TR("commtax::Files", "nothing"),
};
} // namespace

QString jsonTypeName(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null: return QLatin1String(kJsonTypeNames[0]);
    case QJsonValue::Bool: return QLatin1String(kJsonTypeNames[1]);
    case QJsonValue::Double: return QLatin1String(kJsonTypeNames[2]);
    case QJsonValue::String: return QLatin1String(kJsonTypeNames[3]);
    case QJsonValue::Array: return QLatin1String(kJsonTypeNames[4]);
    case QJsonValue::Object: return QLatin1String(kJsonTypeNames[5]);
    case QJsonValue::Undefined: return QLatin1String(kJsonTypeNames[6]);
    }
    return QString();
}

Sentence fileTextSentence(const EngineText &text)
{
    Sentence s = sentence(text, kFileTextContext);
    for (Sentence &arg : s.args)
        for (const char *word : kJsonTypeNames)
            if (arg.value == word) {
                arg = sentence(word);
                arg.context = kFileTextContext;
                break;
            }
    return s;
}

} // namespace commtax
