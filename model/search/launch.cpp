// SPDX-License-Identifier: GPL-3.0-or-later
#include "launch.h"

#include "engine/engine.h"
#include "engine/limits.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace commtax::launch {

const char *toString(Framework f)
{
    switch (f) {
    case Framework::Megatron: return "megatron";
    case Framework::Bridge: return "megatron-bridge";
    case Framework::Nemo: return "nemo";
    case Framework::DeepSpeed: return "deepspeed";
    case Framework::Torchtitan: return "torchtitan";
    }
    return "?";
}

bool parseFramework(const std::string &s, Framework &out)
{
    for (Framework f : kFrameworks)
        if (s == toString(f)) {
            out = f;
            return true;
        }
    return false;
}

const char *fileSuffix(Framework f)
{
    switch (f) {
    case Framework::Megatron: return ".sh";
    case Framework::DeepSpeed: return ".json";
    case Framework::Bridge:
    case Framework::Nemo:
    case Framework::Torchtitan: return ".py";
    }
    return "";
}

namespace {

std::string str(std::int64_t v) { return std::to_string(v); }
// The copies of each ZeRO shard group a launch file writes (hybrid sharding, training.dp_shard):
// dp / dp_shard under ZeRO 1-3; 1 without hybrid sharding or under ZeRO 0, which shards nothing.
std::int64_t shardCopies(const TrainingSpec &t) { return t.zero >= 1 ? dpReplicas(t) : 1; }

// A probability as the shortest decimal that reads back as the same double ("0.0", "0.1", "0.125"),
// never an exponent and never the locale's comma: Python and argparse read it alike.
std::string probability(double p)
{
    char buf[64];
    const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, p, std::chars_format::fixed);
    std::string out(buf, r.ptr);
    if (out.find('.') == std::string::npos)
        out += ".0";
    return out;
}

// A name from a file in a comment line: control characters and newlines would break the format.
std::string commentSafe(const std::string &s)
{
    std::string out;
    for (char c : s)
        out += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? '?' : c;
    return out;
}

// A string for a Python or JSON literal: printable ASCII kept, quotes and backslashes escaped.
std::string quoted(const std::string &s)
{
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? '?' : c;
    }
    return out + "\"";
}

using F = FieldId;

// A plan field's name in a framework's configuration, from the field's row (engine/limits.h,
// LaunchNames: written once there). The settings that are not one field each (zero, recompute,
// precision, flash_attention, dp_overlap, tp_overlap, grad_bytes, tokens_to_train, shared_experts,
// dense_layers, the stage layers) are written by the writers below.
std::string named(const char *name) { return name ? name : "?"; }
std::string megatronFlag(F id) { return named(launchNames(id).megatron); }
std::string mcoreName(F id) { return named(launchNames(id).mcore); }
std::string titanName(F id) { return named(launchNames(id).torchtitan); }
std::string deepspeedKey(F id) { return named(launchNames(id).deepspeed); }

struct Shape {
    int gpus, nodes, gpn, tp, pp, dp, vpp, mb, gb, m, seq;
    // The hosts the launcher runs on and the processes on each (torchrun's --nnodes and
    // --nproc-per-node): a node's GPUs over cluster.gpus_per_host when a node (an NVLink domain)
    // spans hosts, as an NVL72 rack's 4-GPU trays do; the node itself otherwise, or when its GPUs
    // do not fill hosts of that size (hostsUneven, said in a note).
    int hosts, gph;
    bool hostsUneven;
    int cp, ep, etp; // etp as the engine uses it: the plan's, or tp when it is 0 (docs/model.md §17)
    bool moe;
    std::int64_t samples; // sequences to train: tokens_to_train / seq_len, rounded up
    StageSplit split;
    bool uneven;
};

Shape shapeOf(const Plan &p)
{
    const TrainingSpec &t = p.training;
    Shape s{};
    s.nodes = p.cluster.nodes;
    s.gpn = p.cluster.gpus_per_node;
    s.gpus = s.nodes * s.gpn;
    const int perHost = p.cluster.gpus_per_host > 0 ? std::min(p.cluster.gpus_per_host, s.gpn) : s.gpn;
    s.hostsUneven = perHost > 0 && s.gpn % perHost != 0;
    s.gph = s.hostsUneven || perHost <= 0 ? s.gpn : perHost;
    s.hosts = s.nodes * (s.gpn / std::max(1, s.gph));
    s.tp = t.tp;
    s.pp = t.pp;
    s.dp = t.dp;
    s.cp = t.cp;
    s.moe = p.model.moe();
    s.ep = s.moe ? t.ep : 1;
    s.etp = s.moe ? (t.etp > 0 ? t.etp : t.tp) : 1;
    s.vpp = t.vpp;
    s.mb = t.micro_batch;
    s.gb = t.global_batch;
    s.m = t.global_batch / (t.micro_batch * t.dp);
    s.seq = t.seq_len;
    s.samples = static_cast<std::int64_t>(std::ceil(t.tokens_to_train / t.seq_len));
    s.split = stageSplit(p);
    s.uneven = !s.split.even;
    return s;
}

// Whether the plan asks for Megatron's TP communication overlap (--tp-comm-overlap): chunked TP
// collectives, or a share of TP traffic claimed hidden.
bool wantsTpCommOverlap(const TrainingSpec &t) { return t.tp_overlap > 0 || t.tp_comm_overlap; }

// Megatron-LM's --pipeline-model-parallel-layout for the engine's stages: one entry per virtual
// stage, in the order layout[vpp_rank * pp + pp_rank] (megatron/core/transformer/
// pipeline_parallel_layer_layout.py, PipelineParallelLayerLayout.__init__), "t*n" for n decoder
// layers, E (embedding) first, L (loss) last, "|" between stages.
std::string megatronLayout(const Shape &s)
{
    std::string out;
    for (int v = 0; v < s.vpp; ++v)
        for (int p = 0; p < s.pp; ++p) {
            if (!out.empty())
                out += '|';
            if (v == 0 && p == 0)
                out += "E,";
            out += "t*" + str(chunkLayers(s.split, p, v));
            if (v == s.vpp - 1 && p == s.pp - 1)
                out += ",L";
        }
    return out;
}

std::string fixed(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

void header(std::string &out, const char *prefix, const Plan &p, const std::string &name, const Shape &s, Framework f, const Provenance &prov)
{
    out += std::string(prefix) + "Written by commtax launch for \"" + commentSafe(name) + "\": " + commentSafe(p.model.name) + " on " + str(s.gpus)
        + " x " + commentSafe(p.gpu.name) + " (" + str(s.nodes) + " nodes x " + str(s.gpn)
        + (s.hosts != s.nodes ? "; " + str(s.hosts) + " hosts x " + str(s.gph) : std::string()) + ").\n";
    const Evaluation ev = evaluate(p);
    out += std::string(prefix) + "Commtax " + (prov.commtax_version.empty() ? std::string("?") : commentSafe(prov.commtax_version))
        + (prov.scenario_sha256.empty() ? std::string() : ", scenario SHA-256 " + commentSafe(prov.scenario_sha256))
        + (ev.ok() ? ", predicted step time " + fixed(ev.result.step_time_s, 3) + " s" : std::string()) + "; for " + pinnedVersion(f) + ".\n";
    out += std::string(prefix) + "Layout: tp=" + str(s.tp) + " pp=" + str(s.pp) + " vpp=" + str(s.vpp) + " cp=" + str(s.cp)
        + (s.moe ? " ep=" + str(s.ep) + " etp=" + str(s.etp) : std::string()) + " dp=" + str(s.dp) + " micro_batch=" + str(s.mb)
        + " global_batch=" + str(s.gb) + " (" + str(s.m) + " micro-batches per step) zero=" + str(p.training.zero)
        + " recompute=" + toString(p.training.recompute) + " sequence_parallel=" + (p.training.sequence_parallel ? "true" : "false") + ".\n";
    if (s.uneven) {
        std::string layers;
        for (int i = 0; i < s.pp; ++i)
            layers += (i ? "," : "") + str(stageLayers(s.split, i));
        out += std::string(prefix) + "Pipeline stages hold " + layers + " layers (the engine's spread, docs/model.md §16).\n";
    }
}

// The architecture the scenario's model stands for, beyond ModelSpec's sizes: what each framework
// needs to build the same model. Known by the preset's id (presets/models.json cites each model's
// config.json); other models by their MLP: SwiGLU ones are Llama-like (RMSNorm, rotary positions,
// no linear biases), GELU ones GPT-like (LayerNorm, learned positions, biases).
enum class Family { Llama,
                    Mixtral,
                    Qwen3,
                    DeepSeekV3,
                    Gpt,
                    Custom };
struct Arch {
    Family family = Family::Custom;
    bool llamaLike = true; // RMSNorm, RoPE, no biases
    bool qkNorm = false;   // Qwen3's per-head RMSNorm of queries and keys
    long ropeBase = 10000; // rope_theta of the model's config.json
};

bool startsWith(const std::string &s, const char *prefix) { return s.rfind(prefix, 0) == 0; }

Arch archOf(const ModelSpec &m)
{
    Arch a;
    const std::string &id = m.id;
    if (m.attention == Attention::Mla) {
        a.family = Family::DeepSeekV3; // rope_theta 10000 (deepseek-ai/DeepSeek-V3 config.json)
    } else if (startsWith(id, "qwen3")) {
        a.family = Family::Qwen3; // rope_theta 1000000, qk RMSNorm (Qwen/Qwen3-* config.json)
        a.qkNorm = true;
        a.ropeBase = 1000000;
    } else if (startsWith(id, "mixtral")) {
        a.family = Family::Mixtral; // rope_theta 1000000 (mistralai/Mixtral-* config.json)
        a.ropeBase = 1000000;
    } else if (startsWith(id, "llama3")) {
        a.family = Family::Llama; // rope_theta 500000 (meta-llama/Meta-Llama-3-*, Llama-3.1-405B)
        a.ropeBase = 500000;
    } else if (startsWith(id, "codellama")) {
        a.family = Family::Llama; // rope_theta 1000000 (codellama/CodeLlama-34b-hf)
        a.ropeBase = 1000000;
    } else if (startsWith(id, "llama2")) {
        a.family = Family::Llama; // rope_theta 10000 (meta-llama/Llama-2-*-hf)
    } else if (m.mlp == Mlp::Gelu) {
        a.family = Family::Gpt;
        a.llamaLike = false;
    }
    if (a.family == Family::Custom && m.mlp == Mlp::Gelu)
        a.llamaLike = false;
    return a;
}

// The MoE layer pattern as a Python list expression (Megatron-LM's --moe-layer-freq and
// TransformerConfig.moe_layer_freq): the first dense_layers layers dense (0), the rest MoE (1).
std::string moeLayerPattern(const ModelSpec &m)
{
    return "[0]*" + str(m.dense_layers) + "+[1]*" + str(m.layers - m.dense_layers);
}

// A note of the export: `pattern` an English template marked CT_TR, filled with `args`.
void note(Export &e, const char *pattern, std::vector<std::string> args = {})
{
    EngineText text{pattern, std::move(args)};
    e.notes.push_back(toString(text));
    e.noteTexts.push_back(std::move(text));
}

void addNotes(std::string &out, const char *prefix, const std::vector<std::string> &notes)
{
    for (const std::string &n : notes)
        out += std::string(prefix) + "NOTE: " + n + "\n";
}

// ---------------------------------------------------------------------------------------------
// Megatron-LM. Flag names from NVIDIA/Megatron-LM main at d98e8a64ddf3 (2026-08-22,
// megatron/core/package_info.py 0.20.0): megatron/training/arguments.py adds the layout flags
// through ArgumentGroupFactory (megatron/training/argument_utils.py: "--" + field name with "_"
// replaced by "-", store_true for booleans that default to False) over TransformerConfig and its
// base ModelParallelConfig (--tensor-model-parallel-size, --pipeline-model-parallel-size,
// --sequence-parallel, --context-parallel-size, --expert-model-parallel-size, --num-layers,
// --hidden-size, --num-attention-heads, --num-query-groups, --ffn-hidden-size,
// --recompute-granularity/-method/-num-layers, --recompute-modules (nargs "*", default core_attn), --bf16, --fp8-format (the fp8 field's arg_names),
// --attention-backend, --tp-comm-overlap), TrainingConfig (--micro-batch-size, --global-batch-size,
// --train-samples), DistributedInitConfig (--use-megatron-fsdp) and DistributedDataParallelConfig;
// and by hand in _add_distributed_args (--num-virtual-stages-per-pipeline-rank,
// --pipeline-model-parallel-layout, --use-distributed-optimizer, --overlap-grad-reduce,
// --overlap-param-gather, --data-parallel-sharding-strategy), _add_network_size_args
// (--group-query-attention, --swiglu, --untie-embeddings-and-output-weights,
// --max-position-embeddings), _add_data_args (--seq-length) and _add_mixed_precision_args
// (--grad-reduce-in-bf16). validate_args turns sequence parallelism off at tp=1 ("Disabling
// sequence parallelism because tensor model parallelism is disabled").
// Context and expert parallelism: ModelParallelConfig (megatron/core/model_parallel_config.py:
// context_parallel_size, expert_model_parallel_size, expert_tensor_parallel_size, None = tp) through
// the same factory (--context-parallel-size, --expert-model-parallel-size,
// --expert-tensor-parallel-size); the MoE fields of TransformerConfig
// (megatron/core/transformer/transformer_config.py: moe_ffn_hidden_size, moe_router_topk,
// moe_shared_expert_intermediate_size, moe_grouped_gemm, moe_token_dispatcher_type) likewise; and
// by hand in _add_moe_args: --num-experts (num_moe_experts is excluded from the factory) and
// --moe-layer-freq (a Python list expression such as "([0]*3+[1]*58)").
// The plans a framework's selective setting stands for: Megatron's selective, and PyTorch's per-op
// and JAX's dots policies, which the frameworks without them write as their nearest (the notes below).
bool writtenAsSelective(const TrainingSpec &t)
{
    return t.recompute == Recompute::Selective || t.recompute == Recompute::Ops || t.recompute == Recompute::Dots;
}
// JAX's dots policy (MaxText's minimal_flash) has no PyTorch framework's setting: the writers take
// selective (Megatron-LM, NeMo, Megatron-Bridge, DeepSpeed) or torchtitan's per-op policy.
void dotsNote(Export &e, const TrainingSpec &t, bool perOp = false)
{
    if (t.recompute != Recompute::Dots)
        return;
    if (perOp)
        note(e,
             CT_TR("commtax::Launch",
                   "recompute dots (every matmul's output kept, as JAX and MaxText's minimal_flash do) has no "
                   "torchtitan setting: its per-op SelectiveAC is written (every second matmul again: less "
                   "memory and more recompute than planned)"));
    else
        note(e,
             CT_TR("commtax::Launch",
                   "recompute dots (every matmul's output kept, as JAX and MaxText's minimal_flash do) has no "
                   "setting here: the nearest, selective recompute, is written (more memory and less "
                   "recompute than planned)"));
}
// Per-op checkpointing has no Megatron-LM, NeMo or Megatron-Bridge setting: selective is written.
void opsNote(Export &e, const TrainingSpec &t)
{
    if (t.recompute == Recompute::Ops)
        note(e,
             CT_TR("commtax::Launch",
                   "per-op checkpointing (recompute ops) is PyTorch's and torchtitan's: the nearest here is "
                   "selective recompute, written (more memory and less recompute than planned)"));
    dotsNote(e, t);
}

// Whether Megatron-Core's core_attn module is written for a plan its selective setting stands for. Not
// for a selective plan with FlashAttention: the engine prices selective recompute there as nothing of
// attention again (docs/model.md section 2), since the fused kernel keeps no score matrix, while
// core_attn would run the kernel's forward again in the backward
// (megatron/core/transformer/attention.py, _checkpointed_attention_forward) to save its few bytes of
// softmax statistics. The recipes behind the 22 rows of tests/fixtures/published-runs.json that list
// their modules never name it. Without FlashAttention it is Korthikanti's selective recompute, as
// priced; ops and dots plans keep it as their nearest (opsNote).
bool writesCoreAttention(const TrainingSpec &t)
{
    return writtenAsSelective(t) && !(t.recompute == Recompute::Selective && t.flash_attention);
}

// Megatron-Core's --recompute-modules of a selective plan, core_attn (its default) first where
// writesCoreAttention; "moe" recomputes the whole MoE layer, so "moe_act" is not written beside it.
// Empty: the plan recomputes nothing, and no recompute setting is written.
std::vector<std::string> recomputeModules(const Plan &p)
{
    const TrainingSpec &t = p.training;
    std::vector<std::string> out;
    if (writesCoreAttention(t))
        out.emplace_back("core_attn");
    if (t.recompute_mla_up_proj)
        out.emplace_back("mla_up_proj");
    if (t.recompute_layernorm)
        out.emplace_back("layernorm");
    if (t.recompute_mlp)
        out.emplace_back("mlp");
    if (p.model.moe() && t.recompute_moe)
        out.emplace_back("moe");
    else if (p.model.moe() && t.recompute_moe_act)
        out.emplace_back("moe_act");
    return out;
}
// Megatron-LM's list argument: the items, space-separated.
std::string spaced(const std::vector<std::string> &items)
{
    std::string out;
    for (const std::string &i : items)
        out += (out.empty() ? "" : " ") + i;
    return out;
}
std::string pyList(const std::vector<std::string> &items)
{
    std::string out = "[";
    for (const std::string &i : items)
        out += (out.size() > 1 ? ", \"" : "\"") + i + "\"";
    return out + "]";
}
// Activation offload (offload_layers) is Megatron-Core's cpu_offloading_num_layers, which it refuses
// with pipeline parallelism or any activation recompute (transformer_config.py, __post_init__).
bool offloadWritten(const Plan &p)
{
    const TrainingSpec &t = p.training;
    return t.offload_layers > 0 && t.pp == 1 && t.recompute == Recompute::None;
}
// Fine-grained activation offload's modules as Megatron-Core names them (--offload-modules;
// transformer_config.py at d98e8a64): those in effect (offloadedModules()), none beside
// cpu_offloading, which Megatron-Core refuses with them (offloadNote() says so).
std::vector<std::string> offloadModuleNames(const Plan &p)
{
    const OffloadedModules off = offloadedModules(p);
    std::vector<std::string> out;
    if (offloadWritten(p))
        return out;
    if (off.expertFc1)
        out.emplace_back("expert_fc1");
    if (off.moeAct)
        out.emplace_back("moe_act");
    return out;
}
// What a config leaves out of activation offload: all of it without Megatron-Core (`hasOffload`).
void offloadNote(Export &e, const Plan &p, bool hasOffload)
{
    const bool modules = offloadedModules(p).any();
    if (!hasOffload && modules)
        note(e, CT_TR("commtax::Launch", "offload_expert_fc1, offload_moe_act: fine-grained activation offload is "
                                         "Megatron-Core's: not written (more GPU memory than planned)"));
    else if (modules && offloadWritten(p))
        note(e, CT_TR("commtax::Launch", "offload_expert_fc1, offload_moe_act: Megatron-Core refuses fine-grained "
                                         "activation offload beside offload_layers: not written (more GPU memory "
                                         "than planned)"));
    const int n = p.training.offload_layers;
    if (n <= 0 || (hasOffload && offloadWritten(p)))
        return;
    if (!hasOffload)
        note(e,
             CT_TR("commtax::Launch", "offload_layers=%1: activation offload to host memory is Megatron-Core's: not "
                                      "written (more GPU memory than planned)"),
             {str(n)});
    else
        note(e,
             CT_TR("commtax::Launch", "offload_layers=%1: Megatron-Core offloads activations only with pp=1 and "
                                      "without activation recompute: not written (more GPU memory than planned)"),
             {str(n)});
}

// A node (an NVLink domain) whose GPUs do not fill hosts of cluster.gpus_per_host: written as one
// host of the node's GPUs, which a launcher on smaller hosts refuses (Shape::hostsUneven).
void hostNote(Export &e, const Plan &p, const Shape &s)
{
    if (s.hostsUneven)
        note(e,
             CT_TR("commtax::Launch", "a node's %1 GPUs do not fill hosts of %2 (cluster.gpus_per_host): written as "
                                      "one host of %1; set the launcher's processes per host by hand"),
             {str(s.gpn), str(p.cluster.gpus_per_host)});
}

// The attention kernel a config cannot choose (training.attention_kernel, docs/model.md §3): NeMo's and
// Megatron-Bridge's Transformer Engine (`te`) picks cuDNN's fused attention on Hopper and Blackwell;
// torchtitan and DeepSpeed's models call PyTorch's scaled_dot_product_attention, FlashAttention-2.
void kernelNote(Export &e, const Plan &p, bool te)
{
    const TrainingSpec &t = p.training;
    if (!t.flash_attention || !ownCudnnAttention(p.gpu))
        return;
    if (te && t.attention_kernel == AttentionKernel::Flash2)
        note(e, CT_TR("commtax::Launch", "attention_kernel=flash2: not written: Transformer Engine picks cuDNN's "
                                         "fused attention on this GPU (faster attention than planned)"));
    else if (!te && t.attention_kernel != AttentionKernel::Flash2)
        note(e, CT_TR("commtax::Launch", "attention_kernel=%1: this framework runs FlashAttention-2 (PyTorch's "
                                         "scaled_dot_product_attention), %2 of cuDNN's speed on this GPU (slower "
                                         "attention than planned)"),
             {toString(t.attention_kernel), fixed(p.gpu.flash2_attention_ratio, 2)});
    else if (te && t.attention_kernel == AttentionKernel::Cudnn2024)
        note(e, CT_TR("commtax::Launch", "attention_kernel=cudnn_2024: not written: a container of today runs "
                                         "today's cuDNN (faster attention than planned)"));
}

// The loss a framework runs where the plan's differs (training.fused_cross_entropy and unfused_loss,
// docs/model.md §3, §8): Megatron-Core's unfused loss is its vocab-parallel cross-entropy (6 bytes a
// logit kept); torchtitan has no fused loss, and its loss is PyTorch's F.cross_entropy on fp32
// logits, 12 bytes a logit eager; a compiled loss is written (titanCompile).
void lossNote(Export &e, const Plan &p, bool megatronCore)
{
    const TrainingSpec &t = p.training;
    if (megatronCore) {
        if (!t.fused_cross_entropy && t.unfused_loss != UnfusedLoss::Megatron)
            note(e,
                 CT_TR("commtax::Launch", "unfused_loss=%1: not written: Megatron-Core's unfused loss is its own "
                                          "vocab-parallel cross-entropy, 6 bytes per logit (less memory than planned)"),
                 {toString(t.unfused_loss)});
        return;
    }
    if (t.fused_cross_entropy)
        note(e, CT_TR("commtax::Launch", "fused_cross_entropy: torchtitan has no fused loss: PyTorch's F.cross_entropy "
                                         "runs, 12 bytes per logit (more memory and time than planned)"));
    else if (t.unfused_loss == UnfusedLoss::Megatron)
        note(e, CT_TR("commtax::Launch", "unfused_loss=megatron: torchtitan's loss is PyTorch's F.cross_entropy on "
                                         "fp32 logits, 12 bytes per logit (more memory than planned)"));
}

// The optimizer's kernel (training.optimizer_kernel, docs/model.md §5): Megatron-LM, NeMo and
// Megatron-Bridge step Transformer Engine's or Apex's fused Adam, so a foreach plan is noted;
// DeepSpeed's config here names no optimizer, so the training script's runs, whichever the plan's
// kernel. torchtitan writes it (config.optimizer.implementation).
void optimizerNote(Export &e, const Plan &p, bool megatronCore)
{
    const bool foreach = p.training.optimizer_kernel == OptimizerKernel::Foreach;
    if (megatronCore) {
        if (foreach)
            note(e, CT_TR("commtax::Launch", "optimizer_kernel=foreach: not written: this framework steps a fused "
                                             "Adam (less time than planned)"));
    } else if (foreach) {
        note(e, CT_TR("commtax::Launch", "optimizer_kernel=foreach: the config names no optimizer: the training "
                                         "script's runs (torch.optim.AdamW without fused=True, as planned)"));
    } else {
        note(e, CT_TR("commtax::Launch", "optimizer_kernel=fused: the config names no optimizer: the training "
                                         "script's runs (a fused one as planned, such as DeepSpeed's FusedAdam or "
                                         "torch.optim.AdamW(fused=True); PyTorch's default AdamW takes longer)"));
    }
}

// The FP8 weights cast once a step or in every micro-batch (training.fp8_weight_cache, docs/model.md
// §3). Megatron-Core caches them unless TransformerConfig.disable_parameter_transpose_cache, which
// NeMo and Megatron-Bridge write on the model config either way (`config`: the line prefix; a base
// recipe may set it) and Megatron-LM has no flag for (megatron/training/arguments.py lists it among
// the fields without a CLI argument); torchtitan's Float8 linears (torchao) cast in every forward.
void fp8CacheLaunch(std::string *out, const std::string &config, Export &e, const TrainingSpec &t, bool megatronCore)
{
    if (t.precision != Precision::Fp8)
        return;
    if (megatronCore && out) {
        *out += config + "disable_parameter_transpose_cache = " + (t.fp8_weight_cache ? "False" : "True") + "\n";
    } else if (megatronCore && !t.fp8_weight_cache) {
        note(e, CT_TR("commtax::Launch", "fp8_weight_cache off: not written: Megatron-LM has no flag for "
                                         "disable_parameter_transpose_cache and casts the FP8 weights once a "
                                         "step (less time than planned)"));
    } else if (!megatronCore && t.fp8_weight_cache) {
        note(e, CT_TR("commtax::Launch", "fp8_weight_cache: torchtitan's Float8 linears (torchao) cast the weights "
                                         "in every micro-batch, not once a step (more time than planned)"));
    }
}

// Full recompute as Megatron-Core takes it. Of some layers only (recomputesSomeLayers): the block
// method, the first N layers of each chunk; of every layer: uniform, one layer a group. DeepSpeed's
// activation_checkpoint_interval groups layers and recomputes them all, and torchtitan's FullAC
// wraps every block (activation_checkpoint.py at b5bcd76c has no layer selection).
struct MegatronFullRecompute {
    std::string method, layers;
};
MegatronFullRecompute megatronFullRecompute(const Plan &p)
{
    if (recomputesSomeLayers(p))
        return {"block", str(p.training.recompute_num_layers)};
    return {"uniform", "1"};
}

// What a framework without Megatron-Core's recompute modules, its activation offload or its
// precision-aware optimizer leaves out (`hasModules`: the framework is Megatron-Core's).
void moduleNotes(Export &e, const Plan &p, bool hasModules, bool hasBf16Moments)
{
    if (!hasModules && recomputesSomeLayers(p))
        note(e,
             CT_TR("commtax::Launch",
                   "recompute_num_layers=%1: full recompute of some layers only is Megatron-Core's "
                   "(--recompute-method block): every layer is written (more recompute and less memory than "
                   "planned)"),
             {str(p.training.recompute_num_layers)});
    const std::vector<std::string> mods = recomputeModules(p);
    const bool beyondCore = mods.size() > (writesCoreAttention(p.training) ? 1U : 0U);
    if (hasModules && p.training.recompute == Recompute::Selective && mods.empty())
        note(e,
             CT_TR("commtax::Launch",
                   "selective recompute with FlashAttention runs nothing again, as planned: the fused kernel keeps "
                   "no score matrix, and Megatron-Core's core_attn module would run its forward again in the "
                   "backward to save only its softmax statistics. No recompute setting is written"));
    if (!hasModules && p.training.recompute == Recompute::Selective && beyondCore)
        note(e,
             CT_TR("commtax::Launch",
                   "recompute modules beyond the attention core (layernorm, mlp, moe, moe_act) are "
                   "Megatron-Core's: not written (less recompute and more memory than planned)"));
    const double ob = p.training.optimizer_bytes;
    if (ob != 12.0 && !(hasBf16Moments && ob == 8.0))
        note(e,
             CT_TR("commtax::Launch",
                   "optimizer_bytes=%1: the config keeps the framework's Adam with fp32 states (12 bytes per "
                   "parameter)"),
             {fixed(ob, 1)});
    offloadNote(e, p, hasModules);
}

// Megatron-LM's command-line arguments in order, each "--flag" or "--flag value".
struct Args {
    std::vector<std::string> list;
    void operator()(const std::string &flag, const std::string &value = std::string())
    {
        list.push_back(value.empty() ? flag : flag + " " + value);
    }
};

// The parallel layout and the batch.
void megatronLayoutArgs(Args &arg, const Shape &s, const TrainingSpec &t)
{
    arg(megatronFlag(F::training_tp), str(s.tp));
    arg(megatronFlag(F::training_pp), str(s.pp));
    // validate_args takes no more than one of --num-layers-per-virtual-pipeline-stage,
    // --num-virtual-stages-per-pipeline-rank and --pipeline-model-parallel-layout: uneven stages
    // carry vpp in the layout (its stage count over pp), even ones name vpp alone.
    if (s.uneven)
        arg("--pipeline-model-parallel-layout", "\"" + megatronLayout(s) + "\"");
    else if (s.vpp > 1)
        arg(megatronFlag(F::training_vpp), str(s.vpp));
    if (t.sequence_parallel && s.tp > 1)
        arg(megatronFlag(F::training_sequence_parallel));
    arg(megatronFlag(F::training_cp), str(s.cp));
    if (s.moe) {
        arg(megatronFlag(F::training_ep), str(s.ep));
        arg(megatronFlag(F::training_etp), str(s.etp));
    }
    arg(megatronFlag(F::training_micro_batch), str(s.mb));
    arg(megatronFlag(F::training_global_batch), str(s.gb));
    arg(megatronFlag(F::training_seq_len), str(s.seq));
    arg("--max-position-embeddings", str(s.seq));
}

// The model's sizes and its attention (MLA, grouped-query or multi-head).
void megatronAttentionArgs(Args &arg, const ModelSpec &m)
{
    arg(megatronFlag(F::model_layers), str(m.layers));
    arg(megatronFlag(F::model_hidden), str(m.hidden));
    arg(megatronFlag(F::model_ffn), str(m.ffn));
    arg(megatronFlag(F::model_heads), str(m.heads));
    if (m.attention == Attention::Mla) {
        arg("--multi-latent-attention");
        if (m.q_lora_rank > 0)
            arg(megatronFlag(F::model_q_lora_rank), str(m.q_lora_rank));
        arg(megatronFlag(F::model_kv_lora_rank), str(m.kv_lora_rank));
        arg(megatronFlag(F::model_qk_nope_head_dim), str(m.qk_nope_head_dim));
        arg(megatronFlag(F::model_qk_rope_head_dim), str(m.qk_rope_head_dim));
        arg(megatronFlag(F::model_v_head_dim), str(m.v_head_dim));
    } else {
        if (m.kv_heads != m.heads) {
            arg("--group-query-attention");
            arg(megatronFlag(F::model_kv_heads), str(m.kv_heads));
        }
        arg(megatronFlag(F::model_head_dim), str(m.head_dim > 0 ? m.head_dim : m.hidden / m.heads));
    }
}

// Whether the model has linear biases (a GPT-like model, or one with expert biases), and whether a
// config may keep them: bias in an MoE layer needs etp = 1 (TransformerConfig.__post_init__, "Bias in
// Moe is only supported when ETP==1"), so an MoE model drops them at etp > 1.
bool modelHasBiases(const ModelSpec &m, const Arch &a) { return !a.llamaLike || m.expert_bias; }
bool biasesKept(const Shape &s, const ModelSpec &m, const Arch &a)
{
    return modelHasBiases(m, a) && !(s.moe && s.etp > 1);
}

// Normalization, position embedding, biases, the MLP and the embeddings.
void megatronArchArgs(Args &arg, Export &e, const Shape &s, const ModelSpec &m, const Arch &a)
{
    const bool biased = modelHasBiases(m, a);
    const bool bias = biasesKept(s, m, a);
    if (a.llamaLike) {
        arg("--normalization", "RMSNorm");
        arg("--position-embedding-type", "rope");
        arg("--rotary-base", str(a.ropeBase));
    } else {
        arg("--normalization", "LayerNorm");
        arg("--position-embedding-type", "learned_absolute");
    }
    if (!bias)
        arg("--disable-bias-linear");
    if (biased && !bias)
        note(e,
             CT_TR("commtax::Launch",
                   "biases left out: Megatron-LM allows biases in MoE layers only with etp=1 (etp=%1)"),
             {str(s.etp)});
    if (m.glu_clamp > 0)
        note(e, CT_TR("commtax::Launch", "glu_clamp: Megatron-LM has no command-line flag for the activation's "
                                         "clamp (TransformerConfig.activation_func_clamp_value): not written"));
    if (a.qkNorm || m.attention == Attention::Mla)
        arg("--qk-layernorm");
    if (m.mlp == Mlp::SwiGlu)
        arg("--swiglu");
    if (!m.tied_embeddings)
        arg("--untie-embeddings-and-output-weights");
    // Megatron-LM's defaults are 0.1 (arguments.py): a model that trains without dropout says 0.0.
    arg(megatronFlag(F::model_dropout), probability(m.dropout));
    arg("--attention-dropout", probability(m.dropout));
}

// The experts, their router and their dispatcher (nothing for a dense model).
void megatronMoeArgs(Args &arg, const Shape &s, const TrainingSpec &t, const ModelSpec &m, const Arch &a)
{
    if (!s.moe)
        return;
    arg(megatronFlag(F::model_experts), str(m.experts));
    arg(megatronFlag(F::model_experts_per_token), str(m.experts_per_token));
    arg(megatronFlag(F::model_expert_ffn), str(m.expert_ffn));
    if (m.shared_experts > 0)
        arg("--moe-shared-expert-intermediate-size", str(std::int64_t(m.shared_experts) * m.expert_ffn));
    if (m.dense_layers > 0)
        arg("--moe-layer-freq", "\"(" + moeLayerPattern(m) + ")\"");
    if (a.family == Family::DeepSeekV3) {
        // DeepSeek-V3's router (config.json: scoring_func sigmoid, routed_scaling_factor 2.5,
        // n_group 8, topk_group 4, the aux-loss-free expert bias).
        arg("--moe-router-score-function", "sigmoid");
        arg("--moe-router-enable-expert-bias");
        arg("--moe-router-topk-scaling-factor", "2.5");
        arg("--moe-router-num-groups", "8");
        arg("--moe-router-group-topk", "4");
    }
    arg("--moe-grouped-gemm");
    arg("--moe-token-dispatcher-type", "alltoall");
    if (t.ep_a2a_overlap && s.ep > 1)
        arg(megatronFlag(F::training_ep_a2a_overlap)); // 1F1B A2A overlap (megatron/training/arguments.py)
}

// Precision, the attention kernel, the fused loss and activation recompute.
void megatronComputeArgs(Args &arg, Export &e, const Plan &p)
{
    const TrainingSpec &t = p.training;
    arg("--bf16");
    if (t.precision == Precision::Fp8)
        arg("--fp8-format", "hybrid");
    // The plan's attention kernel (megatron/core/transformer/enums.py AttnBackend): fused is cuDNN's
    // fused attention through Transformer Engine, flash the flash-attn package's FlashAttention-2.
    // MLA's query/key heads (qk_head_dim + qk_pos_emb_head_dim) are wider than its value heads:
    // Transformer Engine's choice there (auto).
    if (t.flash_attention) {
        const bool flash2 = t.attention_kernel == AttentionKernel::Flash2;
        arg("--attention-backend", p.model.attention == Attention::Mla ? "auto" : flash2 ? "flash"
                                                                                         : "fused");
    }
    if (t.fused_cross_entropy)
        arg(megatronFlag(F::training_fused_cross_entropy));
    if (!t.fused_rope)
        arg(megatronFlag(F::training_fused_rope));
    if (t.te_op_fuser)
        arg(megatronFlag(F::training_te_op_fuser));
    lossNote(e, p, true);
    optimizerNote(e, p, true);
    fp8CacheLaunch(nullptr, {}, e, p.training, true);
    opsNote(e, t);
    if (const std::vector<std::string> mods = recomputeModules(p); writtenAsSelective(t) && !mods.empty()) {
        arg("--recompute-granularity", "selective");
        if (mods != std::vector<std::string>{"core_attn"}) // Megatron-Core's default list otherwise
            arg("--recompute-modules", spaced(mods));
    } else if (t.recompute == Recompute::Full) {
        const MegatronFullRecompute full = megatronFullRecompute(p);
        arg("--recompute-granularity", "full");
        arg("--recompute-method", full.method);
        arg(megatronFlag(F::training_recompute_num_layers), full.layers);
    }
}

// The data-parallel side: ZeRO as the distributed optimizer or Megatron-FSDP, and its overlap.
void megatronZeroArgs(Args &arg, const Shape &s, const TrainingSpec &t)
{
    if (t.zero == 1) {
        arg("--use-distributed-optimizer");
    } else if (t.zero >= 2) {
        // Megatron-FSDP (v1, the default --megatron-fsdp-version) runs on the distributed optimizer
        // and saves only the fsdp_dtensor checkpoint format (validate_args).
        arg("--use-megatron-fsdp");
        arg("--data-parallel-sharding-strategy", t.zero == 2 ? "optim_grads" : "optim_grads_params");
        arg("--use-distributed-optimizer");
        arg("--ckpt-format", "fsdp_dtensor");
    }
    // Hybrid sharding: the distributed optimizer (or Megatron-FSDP, whose HSDP it turns on:
    // mcore_fsdp_adapter.py, enable_hsdp) in dp / dp_shard instances, each over dp_shard x cp ranks.
    if (shardCopies(t) > 1)
        arg("--num-distributed-optimizer-instances", str(shardCopies(t)));
    if (t.dp_overlap > 0 && s.dp > 1) {
        arg("--overlap-grad-reduce");
        if (t.zero >= 1)
            arg("--overlap-param-gather");
    }
}

// Tensor-parallel overlap, gradient and optimizer-state precision, offload and the run's length.
void megatronMemoryArgs(Args &arg, Export &e, const Plan &p, const Shape &s)
{
    const TrainingSpec &t = p.training;
    const bool tpOverlap = wantsTpCommOverlap(t) && t.sequence_parallel && s.tp > 1;
    if (tpOverlap)
        arg("--tp-comm-overlap");
    if (t.tp_overlap > 0 && !tpOverlap)
        note(e,
             CT_TR("commtax::Launch",
                   "tp_overlap needs sequence parallelism and tp > 1 in Megatron-LM (--tp-comm-overlap): left out"));
    if (t.grad_bytes < 4)
        arg("--grad-reduce-in-bf16");
    // BF16 moments: Transformer Engine's FusedAdam through Megatron-Core's precision-aware optimizer
    // (megatron/training/arguments.py: --use-precision-aware-optimizer, --exp-avg-dtype,
    // --exp-avg-sq-dtype; it needs the distributed optimizer).
    if (t.optimizer_bytes == 8.0 && t.zero >= 1) {
        arg("--use-precision-aware-optimizer");
        arg("--exp-avg-dtype", "bf16");
        arg("--exp-avg-sq-dtype", "bf16");
    }
    moduleNotes(e, p, true, t.zero >= 1);
    if (offloadWritten(p)) // --cpu-offloading follows from the count (megatron/training/arguments.py)
        arg(megatronFlag(F::training_offload_layers), str(t.offload_layers));
    if (const std::vector<std::string> mods = offloadModuleNames(p); !mods.empty()) {
        arg("--fine-grained-activation-offloading");
        arg("--offload-modules", spaced(mods));
    }
    arg("--train-samples", str(s.samples));
}

// What the arguments cannot say: Megatron-FSDP's combinations and a guessed rotary base.
void megatronNotes(Export &e, const Shape &s, const TrainingSpec &t, const Arch &a)
{
    if (t.zero >= 2 && s.pp > 1)
        note(e,
             CT_TR("commtax::Launch",
                   "Megatron-FSDP (ZeRO-%1) with pipeline parallelism: check that your Megatron-LM version supports "
                   "the combination"),
             {str(t.zero)});
    if (t.zero == 2)
        note(e,
             CT_TR("commtax::Launch",
                   "ZeRO-2 is Megatron-FSDP's optim_grads strategy (parameters kept whole, gradients and optimizer "
                   "states sharded)"));
    if (a.family == Family::Custom && a.llamaLike)
        note(e,
             CT_TR("commtax::Launch",
                   "the scenario does not give the model's rotary base: %1 written, change --rotary-base to your "
                   "model's rope_theta"),
             {str(a.ropeBase)});
}

// The shell script: header, notes, environment and the torchrun line with the arguments.
void megatronScript(Export &e, const Plan &p, const std::string &name, const Shape &s, const Provenance &prov,
                    const Args &args)
{
    const TrainingSpec &t = p.training;
    std::string &out = e.text;
    out += "#!/bin/sh\n";
    header(out, "# ", p, name, s, Framework::Megatron, prov);
    out += "# Megatron-LM arguments; names checked against NVIDIA/Megatron-LM main d98e8a64 (core 0.20.0,\n"
           "# 2026-08-22), megatron/training/arguments.py. Add your data, tokenizer, optimizer and checkpoint\n"
           "# arguments. Run on each node with NODE_RANK, MASTER_ADDR and MASTER_PORT set.\n";
    addNotes(out, "# ", e.notes);
    // validate_args: Megatron-FSDP refuses CUDA_DEVICE_MAX_CONNECTIONS=1; without it, tp > 1 or
    // cp > 1 before Blackwell requires it.
    if (t.zero >= 2)
        out += "unset CUDA_DEVICE_MAX_CONNECTIONS\n";
    else if (s.tp > 1 || s.cp > 1)
        out += "export CUDA_DEVICE_MAX_CONNECTIONS=1\n";
    // validate_args: fine-grained activation offload with Transformer Engine 2.10 or later needs it.
    if (!offloadModuleNames(p).empty())
        out += "export NVTE_CPU_OFFLOAD_V1=1\n";
    out += "torchrun --nnodes " + str(s.hosts) + " --nproc-per-node " + str(s.gph)
        + " --node-rank \"${NODE_RANK:-0}\" --master-addr \"${MASTER_ADDR:-localhost}\" --master-port \"${MASTER_PORT:-6000}\" \\\n"
          "    pretrain_gpt.py";
    for (const std::string &x : args.list)
        out += " \\\n    " + x;
    out += " \\\n    \"$@\"\n";
}

Export megatron(const Plan &p, const std::string &name, const Provenance &prov)
{
    const Shape s = shapeOf(p);
    const TrainingSpec &t = p.training;
    const ModelSpec &m = p.model;
    const Arch a = archOf(m);
    Export e;
    hostNote(e, p, s);
    Args arg;
    megatronLayoutArgs(arg, s, t);
    megatronAttentionArgs(arg, m);
    megatronArchArgs(arg, e, s, m, a);
    megatronMoeArgs(arg, s, t, m, a);
    megatronComputeArgs(arg, e, p);
    megatronZeroArgs(arg, s, t);
    megatronMemoryArgs(arg, e, p, s);
    megatronNotes(e, s, t, a);
    megatronScript(e, p, name, s, prov, arg);
    return e;
}

// Megatron core's TransformerConfig (and MLATransformerConfig) fields of the planned model, one
// "<prefix>field = value" line each: NeMo 2's recipe.model.config and Megatron-Bridge's cfg.model.
std::string mcoreModel(const std::string &c, const Plan &p, const Shape &s, const Arch &a)
{
    const ModelSpec &m = p.model;
    auto py = [](bool b) { return std::string(b ? "True" : "False"); };
    std::string out;
    out += c + mcoreName(F::model_layers) + " = " + str(m.layers) + "\n";
    out += c + mcoreName(F::model_hidden) + " = " + str(m.hidden) + "\n";
    out += c + mcoreName(F::model_ffn) + " = " + str(m.ffn) + "\n";
    out += c + mcoreName(F::model_heads) + " = " + str(m.heads) + "\n";
    if (m.attention == Attention::Mla) {
        const std::string q = m.q_lora_rank > 0 ? str(m.q_lora_rank) : std::string("None");
        out += c + mcoreName(F::model_q_lora_rank) + " = " + q + "\n";
        out += c + mcoreName(F::model_kv_lora_rank) + " = " + str(m.kv_lora_rank) + "\n";
        out += c + mcoreName(F::model_qk_nope_head_dim) + " = " + str(m.qk_nope_head_dim) + "\n";
        out += c + mcoreName(F::model_qk_rope_head_dim) + " = " + str(m.qk_rope_head_dim) + "\n";
        out += c + mcoreName(F::model_v_head_dim) + " = " + str(m.v_head_dim) + "\n";
        out += c + "mtp_num_layers = None\n"; // the plan has no multi-token prediction module
    } else {
        out += c + mcoreName(F::model_kv_heads) + " = " + str(m.kv_heads) + "\n";
        out += c + mcoreName(F::model_head_dim) + " = " + str(m.head_dim > 0 ? m.head_dim : m.hidden / m.heads) + "\n";
    }
    out += c + mcoreName(F::training_seq_len) + " = " + str(s.seq) + "\n";
    const bool bias = biasesKept(s, m, a);
    out += c + "normalization = " + (a.llamaLike ? "\"RMSNorm\"" : "\"LayerNorm\"") + "\n";
    out += c + "position_embedding_type = " + (a.llamaLike ? "\"rope\"" : "\"learned_absolute\"") + "\n";
    if (a.llamaLike)
        out += c + "rotary_base = " + str(a.ropeBase) + "\n";
    out += c + "add_bias_linear = " + py(bias) + "\n";
    if (a.family != Family::DeepSeekV3)
        out += c + "add_qkv_bias = " + py(bias) + "\n";
    out += c + "qk_layernorm = " + py(a.qkNorm || m.attention == Attention::Mla) + "\n";
    out += c + "gated_linear_unit = " + py(m.mlp == Mlp::SwiGlu) + "\n";
    out += c + "share_embeddings_and_output_weights = " + py(m.tied_embeddings) + "\n";
    // Megatron-Core's TransformerConfig defaults are 0.1; the recipes' own model configs set their own.
    out += c + mcoreName(F::model_dropout) + " = " + probability(m.dropout) + "\n";
    out += c + "attention_dropout = " + probability(m.dropout) + "\n";
    if (m.glu_clamp > 0)
        out += c + mcoreName(F::model_glu_clamp) + " = " + probability(m.glu_clamp) + "\n";
    if (!p.training.fused_rope)
        out += c + mcoreName(F::training_fused_rope) + " = False\n";
    if (p.training.te_op_fuser)
        out += c + mcoreName(F::training_te_op_fuser) + " = True\n";
    if (s.moe) {
        out += c + mcoreName(F::model_experts) + " = " + str(m.experts) + "\n";
        out += c + mcoreName(F::model_experts_per_token) + " = " + str(m.experts_per_token) + "\n";
        out += c + mcoreName(F::model_expert_ffn) + " = " + str(m.expert_ffn) + "\n";
        out += c + "moe_shared_expert_intermediate_size = "
            + (m.shared_experts > 0 ? str(std::int64_t(m.shared_experts) * m.expert_ffn) : std::string("None")) + "\n";
        out += c + "moe_layer_freq = " + (m.dense_layers > 0 ? moeLayerPattern(m) : std::string("1")) + "\n";
        out += c + "moe_token_dispatcher_type = \"alltoall\"\n";
        out += c + "moe_grouped_gemm = True\n";
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// NeMo 2. Names from NVIDIA/NeMo at 8cfedd720346 (2025-09-20, nemo/package_info.py 2.6.0rc0):
// nemo/lightning/pytorch/strategies/megatron_strategy.py (MegatronStrategy.__init__:
// tensor_model_parallel_size, pipeline_model_parallel_size, virtual_pipeline_model_parallel_size,
// num_layers_in_first_pipeline_stage, num_layers_in_last_pipeline_stage, context_parallel_size,
// sequence_parallel, fsdp "megatron"|"pytorch"), the recipe layout of
// nemo/collections/llm/recipes/llama3_70b.py (pretrain_recipe(name, num_nodes, num_gpus_per_node);
// recipe.data.micro_batch_size / global_batch_size / seq_length; recipe.trainer.plugins;
// recipe.optim.config.use_distributed_optimizer; recipe.trainer.strategy.ddp), the precision
// plugins of nemo/collections/llm/recipes/precision/mixed_precision.py (bf16_mixed,
// bf16_with_fp8_mixed), and Megatron core's TransformerConfig fields on recipe.model.config.
// Expert parallelism: MegatronStrategy.__init__'s expert_model_parallel_size and
// expert_tensor_parallel_size; an MoE model starts from its own recipe (deepseek_v3.py,
// pretrain_recipe(..., use_mtp); qwen3_30b_a3b.py, qwen3_235b_a22b.py; mixtral_8x7b.py,
// mixtral_8x22b.py) with TransformerConfig's num_moe_experts, moe_router_topk,
// moe_token_dispatcher_type, moe_ffn_hidden_size, moe_shared_expert_intermediate_size,
// moe_layer_freq and moe_grouped_gemm, and MLATransformerConfig's q_lora_rank, kv_lora_rank,
// qk_head_dim, qk_pos_emb_head_dim and v_head_dim. Uneven stages: MegatronStrategy's
// pipeline_model_parallel_layout (Megatron core's layout string); Megatron-FSDP: its fsdp,
// save_ckpt_format ("fsdp_dtensor") and the DDP config's data_parallel_sharding_strategy.
std::string py(bool b) { return b ? "True" : "False"; }

// The base recipe of a framework: its module and name, or its name and extra arguments.
struct Recipe {
    std::string first, second;
};

// The recipe of the model itself where NeMo ships one (nemo/collections/llm/recipes/), else the
// nearest of its family, and its further pretrain_recipe arguments.
Recipe nemoRecipe(const Arch &a, const Shape &s, double params)
{
    std::string base;
    std::string extra; // further pretrain_recipe arguments
    switch (a.family) {
    case Family::DeepSeekV3:
        base = "deepseek_v3";
        extra = ", use_mtp=False"; // the plan has no multi-token prediction module
        break;
    case Family::Qwen3: base = s.moe ? (params < 100e9 ? "qwen3_30b_a3b" : "qwen3_235b_a22b") : (params < 20e9 ? "qwen3_8b" : "qwen3_32b"); break;
    case Family::Mixtral: base = params < 80e9 ? "mixtral_8x7b" : "mixtral_8x22b"; break;
    case Family::Gpt: base = "gpt3_175b"; break;
    case Family::Llama:
    case Family::Custom:
        base = s.moe ? "mixtral_8x7b" : params < 20e9 ? "llama3_8b"
            : params < 200e9                          ? "llama3_70b"
                                                      : "llama31_405b";
        break;
    }
    return {base, extra};
}

// The recipe's strategy (the parallel layout), its distributed optimizer and DDP, and the batch.
void nemoStrategy(std::string &out, const Shape &s, const TrainingSpec &t)
{
    out += "    # the layout\n";
    out += "    strategy = recipe.trainer.strategy\n";
    out += "    strategy." + mcoreName(F::training_tp) + " = " + str(s.tp) + "\n";
    out += "    strategy." + mcoreName(F::training_pp) + " = " + str(s.pp) + "\n";
    out += "    strategy." + mcoreName(F::training_vpp) + " = " + (s.vpp > 1 ? str(s.vpp) : std::string("None")) + "\n";
    // Uneven stages as Megatron core's layout string (TransformerConfig takes it with neither
    // first- nor last-stage layer counts, and a vpp equal to its own).
    out += "    strategy.num_layers_in_first_pipeline_stage = None\n";
    out += "    strategy.num_layers_in_last_pipeline_stage = None\n";
    out += "    strategy.pipeline_model_parallel_layout = " + (s.uneven ? quoted(megatronLayout(s)) : std::string("None")) + "\n";
    out += "    strategy." + mcoreName(F::training_cp) + " = " + str(s.cp) + "\n";
    if (s.moe) {
        out += "    strategy." + mcoreName(F::training_ep) + " = " + str(s.ep) + "\n";
        out += "    strategy." + mcoreName(F::training_etp) + " = " + str(s.etp) + "\n";
    }
    const std::string sp = py(t.sequence_parallel && s.tp > 1);
    out += "    strategy." + mcoreName(F::training_sequence_parallel) + " = " + sp + "\n";
    if (t.zero >= 2) {
        // Megatron-FSDP: the strategy's fsdp switch, the sharding strategy of the DDP config, the
        // fsdp_dtensor checkpoint format and the distributed optimizer (Megatron-FSDP v1 needs it).
        out += "    strategy.fsdp = \"megatron\"\n";
        out += std::string("    strategy.ddp.data_parallel_sharding_strategy = ") + (t.zero == 2 ? "\"optim_grads\"" : "\"optim_grads_params\"") + "\n";
        out += "    strategy.save_ckpt_format = \"fsdp_dtensor\"\n";
    }
    out += "    recipe.optim.config.use_distributed_optimizer = " + py(t.zero >= 1) + "\n";
    // Hybrid sharding: MegatronStrategy's num_distributed_optimizer_instances (NeMo 8cfedd72,
    // megatron_strategy.py), copied into its DDP config and passed to initialize_model_parallel.
    if (shardCopies(t) > 1)
        out += "    strategy.num_distributed_optimizer_instances = " + str(shardCopies(t)) + "\n";
    out += "    strategy.ddp.overlap_grad_reduce = " + py(t.dp_overlap > 0) + "\n";
    out += "    strategy.ddp.overlap_param_gather = " + py(t.dp_overlap > 0 && t.zero >= 1) + "\n";
    out += "    strategy.ddp.grad_reduce_in_fp32 = " + py(t.grad_bytes >= 4) + "\n";
    out += "    recipe.data." + mcoreName(F::training_seq_len) + " = " + str(s.seq) + "\n";
    out += "    recipe.data." + mcoreName(F::training_micro_batch) + " = " + str(s.mb) + "\n";
    out += "    recipe.data." + mcoreName(F::training_global_batch) + " = " + str(s.gb) + "\n";
}

// Offload, activation recompute and the fused loss as Megatron core's TransformerConfig fields,
// "<c>field = value" each. Megatron-Bridge (`bridge`) also resets recompute_modules where it is unused,
// and has fine-grained activation offload: it came with Megatron-Core 0.16 (2026-01), after NeMo 2.6.
void mcoreRecompute(std::string &out, const std::string &c, const Plan &p, bool bridge)
{
    const TrainingSpec &t = p.training;
    if (offloadWritten(p)) {
        out += c + "cpu_offloading = True\n";
        out += c + mcoreName(F::training_offload_layers) + " = " + str(t.offload_layers) + "\n";
    }
    if (const std::vector<std::string> mods = offloadModuleNames(p); bridge && !mods.empty()) {
        out += c + "fine_grained_activation_offloading = True\n";
        out += c + "offload_modules = " + pyList(mods) + "\n";
    }
    const std::vector<std::string> mods = recomputeModules(p);
    if (t.recompute == Recompute::None || (writtenAsSelective(t) && mods.empty())) {
        out += c + "recompute_granularity = None\n";
        if (bridge)
            out += c + "recompute_modules = None\n";
    } else if (writtenAsSelective(t)) {
        out += c + "recompute_granularity = \"selective\"\n";
        out += c + "recompute_modules = " + pyList(mods) + "\n";
    } else {
        const MegatronFullRecompute full = megatronFullRecompute(p);
        out += c + "recompute_granularity = \"full\"\n";
        out += c + "recompute_method = \"" + full.method + "\"\n";
        out += c + mcoreName(F::training_recompute_num_layers) + " = " + full.layers + "\n";
        if (bridge)
            out += c + "recompute_modules = None\n";
    }
}

// The trainer's precision plugin and length, and the main block that runs the recipe.
void nemoTrainer(std::string &out, const Shape &s, const TrainingSpec &t)
{
    out += std::string("    recipe.trainer.plugins = ") + (t.precision == Precision::Fp8 ? "bf16_with_fp8_mixed()" : "bf16_mixed()") + "\n";
    out += "    recipe.trainer.plugins.grad_reduce_in_fp32 = " + py(t.grad_bytes >= 4) + "\n";
    out += "    recipe.trainer.max_steps = " + str((s.samples + s.gb - 1) / s.gb) + "\n";
    out += "    return recipe\n\n\n";
    out += "if __name__ == \"__main__\":\n";
    out += "    # One node here; on a cluster use run.SlurmExecutor with nodes=" + str(s.hosts)
        + ", ntasks_per_node=" + str(s.gph) + ".\n";
    out += "    run.run(commtax_recipe(), executor=run.LocalExecutor(ntasks_per_node=" + str(s.gph)
        + ", launcher=\"torchrun\"))\n";
}

Export nemo(const Plan &p, const std::string &name, const Provenance &prov)
{
    const Shape s = shapeOf(p);
    const TrainingSpec &t = p.training;
    const ModelSpec &m = p.model;
    const Arch a = archOf(m);
    Export e;
    hostNote(e, p, s);
    // The architecture below replaces the recipe's model either way.
    const Recipe recipe = nemoRecipe(a, s, parameterCount(m));
    const std::string &base = recipe.first;
    const std::string &extra = recipe.second;
    if (wantsTpCommOverlap(t))
        note(e,
             CT_TR("commtax::Launch",
                   "tp_overlap: add MegatronCommOverlapCallback(tp_comm_overlap=True) to recipe.trainer.callbacks (see "
                   "the recipe's pretrain_performance_optimizations)"));

    std::string &out = e.text;
    header(out, "# ", p, name, s, Framework::Nemo, prov);
    out += "# NeMo 2 recipe; names checked against NVIDIA/NeMo 8cfedd72 (2.6.0rc0, 2025-09-20):\n"
           "# nemo/lightning/pytorch/strategies/megatron_strategy.py and nemo/collections/llm/recipes/.\n"
           "# The base recipe is the model's own where NeMo has one, else the nearest of its family; the\n"
           "# architecture below replaces its model's.\n";
    // The notes go here; the settings below add to them (notesAt).
    const std::size_t notesAt = out.size();
    out += "import nemo_run as run\n"
           "from nemo.collections import llm\n"
           "from nemo.collections.llm.recipes.precision.mixed_precision import ";
    out += t.precision == Precision::Fp8 ? "bf16_with_fp8_mixed\n" : "bf16_mixed\n";
    out += "\n\ndef commtax_recipe():\n";
    out += "    recipe = llm." + base + ".pretrain_recipe(name=" + quoted(m.id.empty() ? "commtax" : m.id)
        + ", num_nodes=" + str(s.hosts) + ", num_gpus_per_node=" + str(s.gph) + extra + ")\n";
    const std::string c = "    recipe.model.config.";
    out += "    # the model\n";
    out += mcoreModel(c, p, s, a);
    nemoStrategy(out, s, t);
    opsNote(e, t);
    moduleNotes(e, p, true, false);
    if (!offloadModuleNames(p).empty())
        note(e, CT_TR("commtax::Launch", "offload_expert_fc1, offload_moe_act: fine-grained activation offload came "
                                         "with Megatron-Core 0.16 (2026-01), after NeMo 2.6: not written (more GPU "
                                         "memory than planned)"));
    kernelNote(e, p, true);
    mcoreRecompute(out, c, p, false);
    // NeMo 2's GPTConfig fuses the loss by default (cross_entropy_loss_fusion = True): say which.
    out += c + mcoreName(F::training_fused_cross_entropy) + " = " + py(t.fused_cross_entropy) + "\n";
    fp8CacheLaunch(&out, c, e, p.training, true);
    lossNote(e, p, true);
    optimizerNote(e, p, true);
    nemoTrainer(out, s, t);
    std::string notes;
    addNotes(notes, "# ", e.notes);
    out.insert(notesAt, notes);
    return e;
}

// ---------------------------------------------------------------------------------------------
// Megatron-Bridge (NVIDIA's training stack after NeMo 2). Names from NVIDIA-NeMo/Megatron-Bridge
// main at 067f987d (2026-08-22, src/megatron/bridge/package_info.py 0.7.0): the recipes'
// <model>_pretrain_config() aliases (src/megatron/bridge/recipes/llama/llama2.py, llama/llama3.py,
// gpt/gpt3_175b.py, deepseek/deepseek_v3.py, qwen/qwen3_moe.py) returning a ConfigContainer
// (src/megatron/bridge/training/config.py): cfg.model (a GPTModelProvider, Megatron core's
// TransformerConfig fields and the parallel sizes), cfg.train (global_batch_size,
// micro_batch_size, train_iters), cfg.dataset.seq_length, cfg.tokenizer.vocab_size, cfg.ddp
// (use_distributed_optimizer, use_megatron_fsdp, data_parallel_sharding_strategy,
// overlap_grad_reduce, overlap_param_gather, grad_reduce_in_fp32), cfg.optimizer
// (use_distributed_optimizer), cfg.checkpoint.ckpt_format, cfg.mixed_precision (a name of
// training/mixed_precision.py: bf16_mixed, bf16_with_fp8_current_scaling_mixed) and
// cfg.comm_overlap (training/comm_overlap.py CommOverlapConfig); launched as README.md shows,
// pretrain(cfg, forward_step) (training/pretrain.py, training/gpt_step.py). config.py
// _validate_and_apply_megatron_fsdp_v1_configs: Megatron-FSDP runs on the distributed optimizer,
// saves fsdp_dtensor checkpoints and refuses CUDA_DEVICE_MAX_CONNECTIONS=1.
// The recipe of the model itself where Megatron-Bridge has one, else the nearest of its family:
// its module under megatron.bridge.recipes and its config function.
Recipe bridgeRecipe(const Arch &a, const Shape &s, const ModelSpec &m)
{
    const double params = parameterCount(m);
    std::string module, recipe;
    switch (a.family) {
    case Family::DeepSeekV3: module = "deepseek.deepseek_v3", recipe = "deepseek_v3_pretrain_config"; break;
    case Family::Gpt: module = "gpt.gpt3_175b", recipe = "gpt3_175b_pretrain_config"; break;
    default:
        if (s.moe)
            module = "qwen.qwen3_moe", recipe = params < 100e9 ? "qwen3_30b_a3b_pretrain_config" : "qwen3_235b_a22b_pretrain_config";
        else if (startsWith(m.id, "llama2"))
            module = "llama.llama2", recipe = "llama2_7b_pretrain_config";
        else
            module = "llama.llama3", recipe = params < 20e9 ? "llama3_8b_pretrain_config" : params < 200e9 ? "llama3_70b_pretrain_config"
                                                                                                           : "llama31_405b_pretrain_config";
        break;
    }
    return {module, recipe};
}

// cfg.model's parallel layout and tensor-parallel overlap.
void bridgeLayout(std::string &out, const Shape &s, const TrainingSpec &t, bool tpOverlap)
{
    out += "    # the layout\n";
    out += "    cfg.model." + mcoreName(F::training_tp) + " = " + str(s.tp) + "\n";
    out += "    cfg.model." + mcoreName(F::training_pp) + " = " + str(s.pp) + "\n";
    const std::string vpp = s.vpp > 1 ? str(s.vpp) : std::string("None");
    out += "    cfg.model." + mcoreName(F::training_vpp) + " = " + vpp + "\n";
    out += "    cfg.model.num_layers_in_first_pipeline_stage = None\n";
    out += "    cfg.model.num_layers_in_last_pipeline_stage = None\n";
    out += "    cfg.model.account_for_embedding_in_pipeline_split = False\n";
    out += "    cfg.model.account_for_loss_in_pipeline_split = False\n";
    out += "    cfg.model.pipeline_model_parallel_layout = " + (s.uneven ? quoted(megatronLayout(s)) : std::string("None")) + "\n";
    out += "    cfg.model." + mcoreName(F::training_cp) + " = " + str(s.cp) + "\n";
    out += "    cfg.model." + mcoreName(F::training_ep) + " = " + str(s.ep) + "\n";
    out += "    cfg.model." + mcoreName(F::training_etp) + " = " + str(s.etp) + "\n";
    const std::string sp = py(t.sequence_parallel && s.tp > 1);
    out += "    cfg.model." + mcoreName(F::training_sequence_parallel) + " = " + sp + "\n";
    out += "    cfg.comm_overlap = " + (tpOverlap ? std::string("CommOverlapConfig(tp_comm_overlap=True)") : std::string("None")) + "\n";
}

// cfg.ddp and cfg.optimizer (ZeRO as the distributed optimizer or Megatron-FSDP), the mixed
// precision and cfg.train's batch and length.
void bridgeTraining(std::string &out, const Shape &s, const TrainingSpec &t)
{
    out += "    cfg.ddp.use_megatron_fsdp = " + py(t.zero >= 2) + "\n";
    out += std::string("    cfg.ddp.data_parallel_sharding_strategy = ") + (t.zero == 3 ? "\"optim_grads_params\"" : t.zero == 2 ? "\"optim_grads\""
                                                                                                                                 : "\"no_shard\"")
        + "\n";
    out += "    cfg.ddp.use_distributed_optimizer = " + py(t.zero >= 1) + "\n";
    out += "    cfg.optimizer.use_distributed_optimizer = " + py(t.zero >= 1) + "\n";
    // Hybrid sharding (training/initialize.py builds the instance groups from it).
    if (shardCopies(t) > 1)
        out += "    cfg.ddp.num_distributed_optimizer_instances = " + str(shardCopies(t)) + "\n";
    if (t.zero >= 2)
        out += "    cfg.checkpoint.ckpt_format = \"fsdp_dtensor\"\n";
    out += "    cfg.ddp.overlap_grad_reduce = " + py(t.dp_overlap > 0 && s.dp > 1) + "\n";
    out += "    cfg.ddp.overlap_param_gather = " + py(t.dp_overlap > 0 && s.dp > 1 && t.zero >= 1) + "\n";
    out += "    cfg.ddp.grad_reduce_in_fp32 = " + py(t.grad_bytes >= 4) + "\n";
    out += std::string("    cfg.mixed_precision = ") + (t.precision == Precision::Fp8 ? "\"bf16_with_fp8_current_scaling_mixed\"" : "\"bf16_mixed\"") + "\n";
    out += "    cfg.dataset." + mcoreName(F::training_seq_len) + " = " + str(s.seq) + "\n";
    out += "    cfg.train." + mcoreName(F::training_micro_batch) + " = " + str(s.mb) + "\n";
    out += "    cfg.train." + mcoreName(F::training_global_batch) + " = " + str(s.gb) + "\n";
    out += "    cfg.train.train_iters = " + str((s.samples + s.gb - 1) / s.gb) + "\n";
}

Export bridge(const Plan &p, const std::string &name, const Provenance &prov)
{
    const Shape s = shapeOf(p);
    const TrainingSpec &t = p.training;
    const ModelSpec &m = p.model;
    const Arch a = archOf(m);
    Export e;
    hostNote(e, p, s);
    const Recipe r = bridgeRecipe(a, s, m);
    const std::string &module = r.first;
    const std::string &recipe = r.second;
    const bool tpOverlap = wantsTpCommOverlap(t) && t.sequence_parallel && s.tp > 1;
    if (t.tp_overlap > 0 && !tpOverlap)
        note(e,
             CT_TR("commtax::Launch",
                   "tp_overlap needs sequence parallelism and tp > 1 in Megatron-LM (--tp-comm-overlap): left out"));

    std::string &out = e.text;
    header(out, "# ", p, name, s, Framework::Bridge, prov);
    out += "# Megatron-Bridge recipe; names checked against NVIDIA-NeMo/Megatron-Bridge main 067f987d (0.7.0,\n"
           "# 2026-08-22), src/megatron/bridge/training/config.py and src/megatron/bridge/recipes/. The recipe\n"
           "# is the model's own where Megatron-Bridge has one, else the nearest of its family; the\n"
           "# architecture below replaces its model's. Add your data, tokenizer and checkpoint paths.\n"
           "# Run on each node: torchrun --nnodes "
        + str(s.hosts) + " --nproc-per-node " + str(s.gph)
        + " --node-rank $NODE_RANK --master-addr $MASTER_ADDR <this file>\n";
    if (t.zero >= 2)
        out += "# Megatron-FSDP: leave CUDA_DEVICE_MAX_CONNECTIONS unset (it refuses 1).\n";
    else if (s.tp > 1 || s.cp > 1)
        out += "# tp > 1 or cp > 1 before Blackwell: CUDA_DEVICE_MAX_CONNECTIONS=1 (the recipes' env_vars set it).\n";
    if (!offloadModuleNames(p).empty())
        out += "# Fine-grained activation offload with Transformer Engine 2.10 or later: NVTE_CPU_OFFLOAD_V1=1.\n";
    // The notes go here; the settings below add to them (notesAt).
    const std::size_t notesAt = out.size();
    out += "from megatron.bridge.recipes." + module + " import " + recipe + "\n";
    out += "from megatron.bridge.training.comm_overlap import CommOverlapConfig\n";
    out += "from megatron.bridge.training.gpt_step import forward_step\n";
    out += "from megatron.bridge.training.pretrain import pretrain\n\n\n";
    out += "def commtax_config():\n";
    out += "    cfg = " + recipe + "()\n";
    out += "    # the model\n";
    out += mcoreModel("    cfg.model.", p, s, a);
    out += "    cfg.model." + mcoreName(F::model_vocab) + " = " + str(m.vocab) + "\n";
    out += "    cfg.tokenizer.vocab_size = " + str(m.vocab) + "\n";
    bridgeLayout(out, s, t, tpOverlap);
    bridgeTraining(out, s, t);
    const std::string c = "    cfg.model.";
    opsNote(e, t);
    moduleNotes(e, p, true, false);
    kernelNote(e, p, true);
    mcoreRecompute(out, c, p, true);
    out += c + mcoreName(F::training_fused_cross_entropy) + " = " + py(t.fused_cross_entropy) + "\n";
    fp8CacheLaunch(&out, c, e, p.training, true);
    lossNote(e, p, true);
    optimizerNote(e, p, true);
    out += "    return cfg\n\n\n";
    out += "if __name__ == \"__main__\":\n";
    out += "    pretrain(commtax_config(), forward_step)\n";
    std::string notes;
    addNotes(notes, "# ", e.notes);
    out.insert(notesAt, notes);
    return e;
}

// ---------------------------------------------------------------------------------------------
// ZeRO-3's gather bucket as DeepSpeed's stage3_prefetch_bucket_size: the plan's, or, for the
// engine's one gather per layer, a layer's parameters.
std::int64_t zero3Bucket(const Plan &p)
{
    if (p.training.zero3_bucket_params > 0)
        return std::int64_t(std::llround(p.training.zero3_bucket_params));
    return std::int64_t(std::ceil(parameterCount(p.model) / std::max(1, p.model.layers)));
}

// DeepSpeed. Keys from deepspeedai/DeepSpeed master at edaa7221 (2026-08-22, version.txt 0.19.6):
// deepspeed/runtime/constants.py (train_batch_size, train_micro_batch_size_per_gpu,
// gradient_accumulation_steps, bf16.enabled), deepspeed/runtime/zero/config.py
// (zero_optimization.stage, overlap_comm, reduce_scatter, contiguous_gradients),
// deepspeed/runtime/tensor_parallel/config.py (tensor_parallel.autotp_size: AutoTP training),
// deepspeed/runtime/config.py get_pipeline_config (pipeline.stages, activation_checkpoint_interval)
// and deepspeed/runtime/activation_checkpointing/config.py (partition_activations...).
// deepspeed/runtime/pipe/engine.py asserts "ZeRO-2 and ZeRO-3 are incompatible with pipeline
// parallelism".

// What DeepSpeed's pipeline and batch make of the plan: its stages, its data-parallel count, its
// schedule and the ZeRO stage it runs.
void deepspeedLayoutNotes(Export &e, const Shape &s, const TrainingSpec &t, int dsWorld, std::int64_t trainBatch,
                          int stage)
{
    if (s.pp > 1)
        note(e,
             CT_TR("commtax::Launch",
                   "pipeline parallelism: build the model as a deepspeed.pipe.PipelineModule with num_stages=%1 (the "
                   "pipeline section's stages says the same)"),
             {str(s.pp)});
    if (dsWorld != s.dp)
        note(e,
             s.pp > 1 ? CT_TR("commtax::Launch",
                              "DeepSpeed counts %1 data-parallel ranks (the ranks of a pipeline stage): "
                              "train_batch_size %2 is the plan's %3 sequences per step times %4, the ranks of a "
                              "tensor- or context-parallel group reading the same samples")
                      : CT_TR("commtax::Launch",
                              "DeepSpeed counts %1 data-parallel ranks (every rank): train_batch_size %2 is the plan's "
                              "%3 sequences per step times %4, the ranks of a tensor- or context-parallel group "
                              "reading the same samples"),
             {str(dsWorld), str(trainBatch), str(s.gb), str(dsWorld / s.dp)});
    if (s.vpp > 1)
        note(e,
             CT_TR("commtax::Launch", "vpp=%1: DeepSpeed's pipeline engine has no interleaved schedule; it runs vpp=1"),
             {str(s.vpp)});
    if (stage != t.zero)
        note(e,
             t.zero == 3
                 ? CT_TR("commtax::Launch",
                         "ZeRO-%1 with pp=%2: DeepSpeed's pipeline engine refuses ZeRO-2 and ZeRO-3, so stage 1 is "
                         "written (gradients and parameters kept whole on each GPU: more memory than planned)")
                 : CT_TR("commtax::Launch",
                         "ZeRO-%1 with pp=%2: DeepSpeed's pipeline engine refuses ZeRO-2 and ZeRO-3, so stage 1 is "
                         "written (gradients kept whole on each GPU: more memory than planned)"),
             {str(t.zero), str(s.pp)});
}

// The plan's features DeepSpeed's config has no key for, and how its experts are built.
void deepspeedFeatureNotes(Export &e, const Plan &p, const Shape &s, int stage)
{
    const TrainingSpec &t = p.training;
    if (t.sequence_parallel && s.tp > 1)
        note(e,
             CT_TR("commtax::Launch",
                   "Megatron-style sequence parallelism has no DeepSpeed config key (DeepSpeed's sequence parallelism "
                   "is Ulysses, which splits attention heads)"));
    if (writtenAsSelective(t) && !recomputeModules(p).empty()) // with FlashAttention nothing runs again
        note(e,
             CT_TR("commtax::Launch", "selective recompute is chosen in the model code, not in the DeepSpeed config"));
    if (t.precision == Precision::Fp8)
        note(e,
             CT_TR("commtax::Launch",
                   "FP8: DeepSpeed's config has no FP8 training switch; use Transformer Engine in the model"));
    if (s.uneven)
        note(e,
             CT_TR("commtax::Launch",
                   "uneven pipeline stages: give PipelineModule a partition_method that matches them"));
    if (shardCopies(t) > 1)
        note(e,
             stage == 3 ? CT_TR("commtax::Launch",
                                "dp_shard=%1: written as MiCS (mics_shard_size, every rank of a shard group: "
                                "dp_shard x tp x cp); build the model under deepspeed.zero.MiCS_Init instead of "
                                "deepspeed.zero.Init")
                        : CT_TR("commtax::Launch",
                                "dp_shard=%1: DeepSpeed's hybrid sharding (MiCS) is ZeRO-3's only, so stage %2 shards "
                                "over all %3 data-parallel ranks: less memory and other traffic than planned"),
             {str(t.dp_shard), str(stage), str(s.pp > 1 ? s.gpus / s.pp : s.gpus)});
    if (s.cp > 1)
        note(e,
             CT_TR("commtax::Launch",
                   "cp=%1: DeepSpeed has no ring context parallelism in its config (its sequence parallelism is "
                   "Ulysses, in the model code)"),
             {str(s.cp)});
    if (s.moe && (s.ep > 1 || s.etp > 1)) {
        if (stage == 3)
            // deepspeed/runtime/engine.py: "Native DeepSpeed MoE is not supported with ZeRO Stage 3.
            // Use AutoEP or choose ZeRO stage 1/2."; AutoEP under ZeRO-3 takes no AutoTP.
            note(e,
                 CT_TR("commtax::Launch",
                       "experts under ZeRO-3: DeepSpeed refuses deepspeed.moe.layer.MoE there; use AutoEP "
                       "(expert_parallel.autoep_size=%1, deepspeed/module_inject/auto_ep_config.py), which under "
                       "ZeRO-3 takes no tensor parallelism (tp=%2)"),
                 {str(s.ep), str(s.tp)});
        else
            note(e,
                 s.etp > 1 ? CT_TR(
                     "commtax::Launch",
                     "experts: build the MoE layers as deepspeed.moe.layer.MoE(num_experts=%1, ep_size=%2, k=%3) "
                     "(deepspeed/moe/layer.py); DeepSpeed splits no expert over tensor-parallel ranks (etp=%4)")
                           : CT_TR("commtax::Launch",
                                   "experts: build the MoE layers as deepspeed.moe.layer.MoE(num_experts=%1, "
                                   "ep_size=%2, k=%3) (deepspeed/moe/layer.py)"),
                 {str(p.model.experts), str(s.ep), str(p.model.experts_per_token), str(s.etp)});
    }
}

// The DeepSpeed config (JSON), with Commtax's facts in a key of its own.
void deepspeedJson(Export &e, const Plan &p, const Shape &s, std::int64_t trainBatch, int stage, const Provenance &prov)
{
    const TrainingSpec &t = p.training;
    // JSON has no comments: the header's facts go into a key DeepSpeed does not read (its config
    // reads the keys it knows and ignores the rest).
    const Evaluation ev = evaluate(p);
    std::string &out = e.text;
    out += "{\n";
    out += "  \"commtax\": {\"written_by\": " + quoted("Commtax " + (prov.commtax_version.empty() ? std::string("?") : prov.commtax_version))
        + (prov.scenario_sha256.empty() ? std::string() : ", \"scenario_sha256\": " + quoted(prov.scenario_sha256))
        + (ev.ok() ? ", \"predicted_step_time_s\": " + fixed(ev.result.step_time_s, 3) : std::string()) + ", \"for\": " + quoted(pinnedVersion(Framework::DeepSpeed))
        + "},\n";
    out += "  \"train_batch_size\": " + str(trainBatch) + ",\n";
    out += "  \"" + deepspeedKey(F::training_micro_batch) + "\": " + str(s.mb) + ",\n";
    out += "  \"gradient_accumulation_steps\": " + str(s.m) + ",\n";
    out += "  \"bf16\": {\"enabled\": true},\n";
    out += "  \"zero_optimization\": {\"stage\": " + str(stage) + ", \"overlap_comm\": " + (t.dp_overlap > 0 ? "true" : "false")
        + ", \"reduce_scatter\": true, \"contiguous_gradients\": true"
        + (stage == 3 ? ", \"stage3_prefetch_bucket_size\": " + str(zero3Bucket(p)) : std::string())
        // MiCS groups consecutive global ranks (deepspeed/runtime/zero/mics_utils.py, reshape(-1,
        // shard_size)): a shard group is every rank of dp_shard data-parallel ranks, tp and cp included.
        + (stage == 3 && shardCopies(t) > 1 ? ", \"mics_shard_size\": " + str(s.gpus / shardCopies(t))
                                            : std::string())
        + "}";
    if (s.tp > 1)
        out += ",\n  \"tensor_parallel\": {\"autotp_size\": " + str(s.tp) + "}";
    if (s.moe && s.ep > 1 && stage == 3)
        out += ",\n  \"expert_parallel\": {\"enabled\": true, \"autoep_size\": " + str(s.ep) + "}";
    if (s.pp > 1)
        out += ",\n  \"pipeline\": {\"stages\": " + str(s.pp) + ", \"activation_checkpoint_interval\": " + (t.recompute == Recompute::Full ? "1" : "0") + "}";
    if (t.recompute == Recompute::Full)
        out += std::string(",\n  \"activation_checkpointing\": {\"partition_activations\": ") + (s.tp > 1 ? "true" : "false")
            + ", \"cpu_checkpointing\": false, \"contiguous_memory_optimization\": false, \"synchronize_checkpoint_boundary\": false}";
    out += "\n}\n";
}

Export deepspeed(const Plan &p, const std::string &, const Provenance &prov)
{
    const Shape s = shapeOf(p);
    const TrainingSpec &t = p.training;
    Export e;
    moduleNotes(e, p, false, false);
    kernelNote(e, p, false);
    dotsNote(e, t);
    // The data-parallel world DeepSpeed divides train_batch_size by (deepspeed/runtime/config.py,
    // DeepSpeedConfig.__init__ and _batch_assertion): the mpu's data-parallel size when one is
    // given, else every rank. A PipelineModule brings its own mpu whose topology is
    // PipeDataParallelTopology(num_pp=pp, num_dp=world/pp) (deepspeed/__init__.py initialize,
    // deepspeed/runtime/pipe/module.py), so world / pp; without a pipeline, AutoTP gives none, so
    // the whole world.
    const int dsWorld = s.pp > 1 ? s.gpus / s.pp : s.gpus;
    const std::int64_t trainBatch = std::int64_t(s.mb) * s.m * dsWorld;
    // deepspeed/runtime/pipe/engine.py asserts "ZeRO-2 and ZeRO-3 are incompatible with pipeline
    // parallelism": a pipeline gets stage 1, the nearest it runs.
    const int stage = s.pp > 1 && t.zero >= 2 ? 1 : t.zero;
    optimizerNote(e, p, false);
    deepspeedLayoutNotes(e, s, t, dsWorld, trainBatch, stage);
    deepspeedFeatureNotes(e, p, s, stage);
    deepspeedJson(e, p, s, trainBatch, stage, prov);
    return e;
}

// ---------------------------------------------------------------------------------------------
// torchtitan. Names from pytorch/torchtitan main at b5bcd76c (2026-08-21, assets/version.txt
// 0.2.2): the TOML config files were replaced by Python config functions returning Trainer.Config
// ("[BC Breaking] Config System Refactor: TOML to Python Dataclass Registry", #2386, 2026-02-23;
// torchtitan/config/README.md). Fields from torchtitan/config/configs.py (ParallelismConfig:
// data_parallel_replicate_degree, data_parallel_shard_degree, fsdp_reshard_after_forward,
// tensor_parallel_degree, enable_sequence_parallel, pipeline_parallel_degree,
// pipeline_parallel_schedule, pipeline_parallel_layers_per_stage,
// pipeline_parallel_first_stage_less_layers, pipeline_parallel_last_stage_less_layers,
// num_pp_microbatches, context_parallel_degree, expert_parallel_degree; TrainingConfig:
// num_tokens_per_microbatch_per_dp_rank, num_tokens_per_train_step, max_context_length, steps),
// torchtitan/distributed/activation_checkpoint.py (SelectiveAC.Config, FullAC.Config, None), and
// torchtitan/models/llama3/config_registry.py (llama3_8b, llama3_70b, llama3_405b).
// torchtitan/distributed/parallel_dims.py: experts fold over dp_shard*cp*tp ("expert_parallel_degree
// (ep) must divide dp_shard * cp * tp"), with no tensor parallelism of their own (no
// expert_tensor_parallel_degree: every expert whole on its rank, etp 1).
// torchtitan's modules of each virtual stage, in stage order (rank r holds stages r, r + pp, ...:
// torchtitan/distributed/pipeline_parallel.py, _get_pp_rank_to_stage_indices_mapping, "loop"
// style), as a Python list for parallelism.module_fqns_per_model_part: the engine's stages chunked
// as megatronLayout() chunks them, "tok_embeddings" first, "norm" and "lm_head" last.
std::string titanStages(const Shape &s)
{
    std::string out = "[\n";
    int layer = 0;
    for (int v = 0; v < s.vpp; ++v)
        for (int p = 0; p < s.pp; ++p) {
            const int n = chunkLayers(s.split, p, v);
            out += "        ";
            if (v == 0 && p == 0)
                out += "[\"tok_embeddings\"] + ";
            out += "[f\"layers.{i}\" for i in range(" + str(layer) + ", " + str(layer + n) + ")]";
            if (v == s.vpp - 1 && p == s.pp - 1)
                out += " + [\"norm\", \"lm_head\"]";
            out += ",\n";
            layer += n;
        }
    return out + "    ]";
}

// torchtitan's model for the plan's: its module, config function, flavour and the model id it is.
struct TitanModel {
    std::string module, base, flavour, exact;
};

// torchtitan's own model for the plan's: torchtitan/models/{llama3,qwen3,deepseek_v3}
// (model_registry flavours, config_registry functions). A mixture of experts gets an MoE model
// so that expert parallelism has experts to split.
TitanModel titanModel(const Arch &a, const Shape &s, double params)
{
    TitanModel tm;
    std::string &module = tm.module, &base = tm.base, &flavour = tm.flavour, &exact = tm.exact;
    if (a.family == Family::DeepSeekV3) {
        module = "deepseek_v3", base = "deepseek_v3_671b", flavour = "671B", exact = "deepseek-v3";
    } else if (s.moe) {
        const bool big = params > 100e9;
        module = "qwen3", base = "qwen3_30b_a3b", flavour = big ? "235B-A22B" : "30B-A3B", exact = big ? "qwen3-235b-a22b" : "qwen3-30b-a3b";
    } else {
        module = "llama3";
        base = params < 20e9 ? "llama3_8b" : params < 200e9 ? "llama3_70b"
                                                            : "llama3_405b";
        flavour = params < 20e9 ? "8B" : params < 200e9 ? "70B"
                                                        : "405B";
        exact = params < 20e9 ? "llama3-8b" : params < 200e9 ? "llama3-70b"
                                                             : "llama3.1-405b";
    }
    return tm;
}

// torchtitan's data-parallel degrees: replicated copies and the ranks each copy shards over
// (parallelism.data_parallel_replicate_degree and data_parallel_shard_degree). ZeRO 0 replicates
// every rank (DDP); ZeRO 1-3 shard over dp / shardCopies (FSDP2, HSDP with hybrid sharding).
struct TitanDegrees {
    std::int64_t replicate, shard;
};
TitanDegrees titanDegrees(const Shape &s, const TrainingSpec &t)
{
    const std::int64_t replicate = t.zero == 0 ? s.dp : shardCopies(t);
    return {replicate, s.dp / replicate};
}

// What torchtitan runs differently from the plan, and a model that is not the plan's.
void titanNotes(Export &e, const Shape &s, const TrainingSpec &t, const ModelSpec &m, const TitanModel &tm)
{
    const std::string &module = tm.module, &flavour = tm.flavour, &exact = tm.exact;
    if (t.recompute == Recompute::Selective)
        note(e,
             CT_TR("commtax::Launch",
                   "torchtitan's selective checkpointing is per-op (recompute ops: every second matmul runs "
                   "again), not Megatron's attention-core recompute: expect more recompute and less memory "
                   "than planned"));
    if (t.zero == 1 || t.zero == 2)
        note(e,
             CT_TR("commtax::Launch",
                   "ZeRO-%1: torchtitan shards with FSDP2; reshard_after_forward=never keeps the parameters after the "
                   "forward (ZeRO-2-like), the nearest it has"),
             {str(t.zero)});
    if (t.precision == Precision::Fp8)
        note(
            e,
            CT_TR(
                "commtax::Launch",
                "FP8: start from a float8 config of the registry (e.g. llama3_debugmodel_float8 shows the converter)"));
    fp8CacheLaunch(nullptr, {}, e, t, false);
    if (m.dropout > 0.0)
        note(e, CT_TR("commtax::Launch", "dropout %1: torchtitan's models have no dropout; the run keeps no masks"),
             {probability(m.dropout)});
    if (s.moe && s.etp > 1)
        note(e,
             CT_TR("commtax::Launch",
                   "etp=%1: torchtitan has no expert tensor parallelism (each expert whole on its rank, etp 1)"),
             {str(s.etp)});
    if (s.moe && s.ep > 1 && (titanDegrees(s, t).shard * s.cp * s.tp) % s.ep != 0)
        note(e,
             CT_TR("commtax::Launch",
                   "ep=%1 must divide data_parallel_shard_degree * cp * tp in torchtitan: shard the data-parallel "
                   "ranks (ZeRO 1-3) or lower ep"),
             {str(s.ep)});
    if (m.id != exact)
        note(e,
             CT_TR("commtax::Launch",
                   "torchtitan has no model of its own for %2: the nearest, %1 (flavour %3), is a different model; "
                   "give the config a model_spec for %2"),
             {module, commentSafe(m.name), flavour});
}

// config.parallelism: data-parallel replication and sharding, tp, cp, ep and the pipeline.
void titanParallelism(std::string &out, const Shape &s, const TrainingSpec &t, bool explicitStages)
{
    out += "    par = config.parallelism\n";
    const TitanDegrees dp = titanDegrees(s, t);
    out += "    par.data_parallel_replicate_degree = " + str(dp.replicate) + "\n";
    out += "    par.data_parallel_shard_degree = " + str(dp.shard) + "\n";
    if (t.zero >= 1)
        out += std::string("    par.fsdp_reshard_after_forward = ") + (t.zero == 3 ? "\"always\"" : "\"never\"") + "\n";
    out += "    par." + titanName(F::training_tp) + " = " + str(s.tp) + "\n";
    const char *sp = t.sequence_parallel ? "True" : "False";
    out += "    par." + titanName(F::training_sequence_parallel) + " = " + sp + "\n";
    out += "    par." + titanName(F::training_cp) + " = " + str(s.cp) + "\n";
    out += "    par." + titanName(F::training_ep) + " = " + str(s.moe ? s.ep : 1) + "\n";
    out += "    par." + titanName(F::training_pp) + " = " + str(s.pp) + "\n";
    if (s.pp > 1) {
        out += std::string("    par.pipeline_parallel_schedule = ") + (s.vpp > 1 ? "\"Interleaved1F1B\"" : "\"1F1B\"") + "\n";
        out += "    par.num_pp_microbatches = " + str(s.m) + "\n";
        out += "    par.pipeline_parallel_first_stage_less_layers = 0\n";
        out += "    par.pipeline_parallel_last_stage_less_layers = 0\n";
        out += "    par.pipeline_parallel_layers_per_stage = None\n";
        if (explicitStages)
            out += "    par.module_fqns_per_model_part = " + titanStages(s) + "\n";
    }
}

// config.compile (configs.py CompileConfig at b5bcd76c): async TP is its enable_async_tensor_parallel,
// which needs compile on with "model" in the components (CompileConfig.__post_init__ raises
// otherwise; ParallelismConfig has no such field and, a slots dataclass, refuses it), and a compiled
// loss is "loss" in them (components/loss.py build_cross_entropy_loss). The components are the
// plan's: without "loss" the loss stays eager, as the plan has it.
void titanCompile(std::string &out, const Shape &s, const TrainingSpec &t)
{
    const bool asyncTp = t.tp_comm_overlap && s.tp > 1;
    const bool loss = !t.fused_cross_entropy && t.unfused_loss == UnfusedLoss::Compiled;
    if (!asyncTp && !loss)
        return;
    const std::string components = asyncTp && loss ? "\"model\", \"loss\"" : asyncTp ? "\"model\""
                                                                                     : "\"loss\"";
    out += "    config.compile.enable = True\n";
    out += "    config.compile.components = [" + components + "]\n";
    if (asyncTp)
        out += "    config.compile." + titanName(F::training_tp_comm_overlap) + " = True\n";
}

Export torchtitan(const Plan &p, const std::string &name, const Provenance &prov)
{
    const Shape s = shapeOf(p);
    const TrainingSpec &t = p.training;
    const ModelSpec &m = p.model;
    const Arch a = archOf(m);
    Export e;
    hostNote(e, p, s);
    moduleNotes(e, p, false, false);
    kernelNote(e, p, false);
    lossNote(e, p, false);
    dotsNote(e, t, true);
    const TitanModel tm = titanModel(a, s, parameterCount(m));
    const std::string &module = tm.module, &base = tm.base, &flavour = tm.flavour;
    titanNotes(e, s, t, m, tm);
    // pp x vpp stages exactly, and the engine's spread: torchtitan derives neither from a layer
    // count per stage for every plan (ceil((layers + first + last) / n) stages, each as even as
    // it splits: pipeline_parallel.py _get_pipeline_metadata, _generate_llm_fqn_per_model_part), so
    // uneven or interleaved stages are given module by module.
    const bool explicitStages = s.pp > 1 && (s.uneven || s.vpp > 1);

    std::string &out = e.text;
    header(out, "# ", p, name, s, Framework::Torchtitan, prov);
    out += "# torchtitan config function; names checked against pytorch/torchtitan main b5bcd76c (0.2.2,\n"
           "# 2026-08-21), torchtitan/config/configs.py. torchtitan reads no TOML since #2386 (2026-02):\n"
           "# run with NGPU="
        + str(s.gph) + " MODULE=<this module> CONFIG=commtax_plan ./run_train.sh on each of the " + str(s.hosts)
        + " node(s).\n";
    addNotes(out, "# ", e.notes);
    out += "from torchtitan.distributed.activation_checkpoint import FullAC, SelectiveAC\n";
    // The config function's own model, except Qwen3 235B-A22B, which has a flavour and no function.
    const bool respec = base == "qwen3_30b_a3b" && flavour != "30B-A3B";
    if (respec)
        out += "from torchtitan.models." + module + " import model_registry\n";
    out += "from torchtitan.models." + module + ".config_registry import " + base + "\n";
    out += "from torchtitan.trainer import Trainer\n\n\n";
    out += "def commtax_plan() -> Trainer.Config:\n";
    out += "    config = " + base + "()\n";
    if (respec)
        out += "    config.model_spec = model_registry(\"" + flavour + "\")\n";
    titanParallelism(out, s, t, explicitStages);
    titanCompile(out, s, t);
    // OptimizersContainer.Config.implementation (components/optimizer/optimizer.py at b5bcd76c),
    // "fused" unless set.
    if (t.optimizer_kernel == OptimizerKernel::Foreach)
        out += "    config.optimizer." + titanName(F::training_optimizer_kernel) + " = \"foreach\"\n";
    out += "    config.training.num_tokens_per_microbatch_per_dp_rank = " + str(std::int64_t(s.mb) * s.seq) + "\n";
    out += "    config.training.num_tokens_per_train_step = " + str(std::int64_t(s.gb) * s.seq) + "\n";
    out += "    config.training." + titanName(F::training_seq_len) + " = " + str(s.seq) + "\n";
    out += "    config.training.steps = " + str((s.samples + s.gb - 1) / s.gb) + "\n";
    // torchtitan's SelectiveAC is per-op: the engine's ops, and the nearest to Megatron's selective.
    const char *ac = t.recompute == Recompute::Full ? "FullAC.Config()"
        : t.recompute == Recompute::None            ? "None"
                                                    : "SelectiveAC.Config()";
    out += std::string("    config.activation_checkpoint = ") + ac + "\n";
    out += "    return config\n";
    return e;
}

} // namespace

const char *pinnedVersion(Framework f)
{
    switch (f) {
    case Framework::Megatron: return "Megatron-LM core 0.20.0 (NVIDIA/Megatron-LM d98e8a64)";
    case Framework::Bridge: return "Megatron-Bridge 0.7.0 (NVIDIA-NeMo/Megatron-Bridge 067f987d)";
    case Framework::Nemo: return "NeMo 2.6.0rc0 (NVIDIA/NeMo 8cfedd72)";
    case Framework::DeepSpeed: return "DeepSpeed 0.19.6 (deepspeedai/DeepSpeed edaa7221)";
    case Framework::Torchtitan: return "torchtitan 0.2.2 (pytorch/torchtitan b5bcd76c)";
    }
    return "?";
}

bool runsAsPlanned(Framework f, const Plan &plan)
{
    const TrainingSpec &t = plan.training;
    const bool moe = plan.model.moe();
    const int etp = moe ? (t.etp > 0 ? t.etp : t.tp) : 1;
    switch (f) {
    case Framework::Megatron:
    case Framework::Bridge:
    case Framework::Nemo: return true;
    case Framework::DeepSpeed:
        if (recomputesSomeLayers(plan))
            return false;
        return t.vpp == 1 && t.cp == 1 && !(t.sequence_parallel && t.tp > 1) && etp == 1 && !(t.pp > 1 && t.zero >= 2)
            && !(moe && t.ep > 1 && t.zero == 3 && t.tp > 1);
    case Framework::Torchtitan:
        if (recomputesSomeLayers(plan))
            return false;
        return etp == 1 && !(moe && t.ep > 1 && (std::int64_t(t.zero == 0 ? 1 : t.dp) * t.cp * t.tp) % t.ep != 0);
    }
    return true;
}

Export exportLaunch(const Plan &plan, const std::string &name, Framework f, const Provenance &provenance)
{
    switch (f) {
    case Framework::Megatron: return megatron(plan, name, provenance);
    case Framework::Bridge: return bridge(plan, name, provenance);
    case Framework::Nemo: return nemo(plan, name, provenance);
    case Framework::DeepSpeed: return deepspeed(plan, name, provenance);
    case Framework::Torchtitan: return torchtitan(plan, name, provenance);
    }
    return {};
}

} // namespace commtax::launch
