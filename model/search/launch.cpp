// SPDX-License-Identifier: GPL-3.0-or-later
#include "launch.h"

#include "engine/engine.h"

#include <cmath>
#include <cstdint>

namespace commtax::launch {

const char *toString(Framework f)
{
    switch (f) {
    case Framework::Megatron: return "megatron";
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
    case Framework::Nemo:
    case Framework::Torchtitan: return ".py";
    }
    return "";
}

namespace {

std::string str(std::int64_t v) { return std::to_string(v); }

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

struct Shape {
    int gpus, nodes, gpn, tp, pp, dp, vpp, mb, gb, m, seq;
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
            const int n = stageLayers(s.split, p); // chunk v of the stage: n / vpp, the first n % vpp one more
            out += "t*" + str(n / s.vpp + (v < n % s.vpp ? 1 : 0));
            if (v == s.vpp - 1 && p == s.pp - 1)
                out += ",L";
        }
    return out;
}

void header(std::string &out, const char *prefix, const Plan &p, const std::string &name, const Shape &s)
{
    out += std::string(prefix) + "Written by commtax launch for \"" + commentSafe(name) + "\": " + commentSafe(p.model.name) + " on " + str(s.gpus)
        + " x " + commentSafe(p.gpu.name) + " (" + str(s.nodes) + " nodes x " + str(s.gpn) + ").\n";
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

// The MoE layer pattern as a Python list expression (Megatron-LM's --moe-layer-freq and
// TransformerConfig.moe_layer_freq): the first dense_layers layers dense (0), the rest MoE (1).
std::string moeLayerPattern(const ModelSpec &m)
{
    return "[0]*" + str(m.dense_layers) + "+[1]*" + str(m.layers - m.dense_layers);
}

// A note of the export: `pattern` an English template marked CT_TEXT, filled with `args`.
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
Export megatron(const Plan &p, const std::string &name)
{
    const Shape s = shapeOf(p);
    const TrainingSpec &t = p.training;
    const ModelSpec &m = p.model;
    Export e;
    std::vector<std::string> args;
    auto arg = [&](const std::string &flag, const std::string &value = std::string()) {
        args.push_back(value.empty() ? flag : flag + " " + value);
    };
    arg("--tensor-model-parallel-size", str(s.tp));
    arg("--pipeline-model-parallel-size", str(s.pp));
    if (s.vpp > 1)
        arg("--num-virtual-stages-per-pipeline-rank", str(s.vpp));
    if (s.uneven)
        arg("--pipeline-model-parallel-layout", "\"" + megatronLayout(s) + "\"");
    if (t.sequence_parallel && s.tp > 1)
        arg("--sequence-parallel");
    arg("--context-parallel-size", str(s.cp));
    if (s.moe) {
        arg("--expert-model-parallel-size", str(s.ep));
        arg("--expert-tensor-parallel-size", str(s.etp));
    }
    arg("--micro-batch-size", str(s.mb));
    arg("--global-batch-size", str(s.gb));
    arg("--seq-length", str(s.seq));
    arg("--max-position-embeddings", str(s.seq));
    arg("--num-layers", str(m.layers));
    arg("--hidden-size", str(m.hidden));
    arg("--ffn-hidden-size", str(m.ffn));
    arg("--num-attention-heads", str(m.heads));
    if (m.kv_heads != m.heads) {
        arg("--group-query-attention");
        arg("--num-query-groups", str(m.kv_heads));
    }
    if (m.mlp == Mlp::SwiGlu)
        arg("--swiglu");
    if (s.moe) {
        arg("--num-experts", str(m.experts));
        arg("--moe-router-topk", str(m.experts_per_token));
        arg("--moe-ffn-hidden-size", str(m.expert_ffn));
        if (m.shared_experts > 0)
            arg("--moe-shared-expert-intermediate-size", str(std::int64_t(m.shared_experts) * m.expert_ffn));
        if (m.dense_layers > 0)
            arg("--moe-layer-freq", "\"(" + moeLayerPattern(m) + ")\"");
        arg("--moe-grouped-gemm");
        arg("--moe-token-dispatcher-type", "alltoall");
    }
    if (!m.tied_embeddings)
        arg("--untie-embeddings-and-output-weights");
    arg("--bf16");
    if (t.precision == Precision::Fp8)
        arg("--fp8-format", "hybrid");
    if (t.flash_attention)
        arg("--attention-backend", "flash");
    if (t.fused_cross_entropy)
        arg("--cross-entropy-loss-fusion");
    if (t.recompute == Recompute::Selective) {
        arg("--recompute-granularity", "selective");
        if (t.recompute_mla_up_proj)
            arg("--recompute-modules", "core_attn mla_up_proj");
    } else if (t.recompute == Recompute::Full) {
        arg("--recompute-granularity", "full");
        arg("--recompute-method", "uniform");
        arg("--recompute-num-layers", "1");
    }
    if (t.zero == 1) {
        arg("--use-distributed-optimizer");
    } else if (t.zero >= 2) {
        arg("--use-megatron-fsdp");
        arg("--data-parallel-sharding-strategy", t.zero == 2 ? "optim_grads" : "optim_grads_params");
    }
    if (t.dp_overlap > 0 && s.dp > 1) {
        arg("--overlap-grad-reduce");
        if (t.zero >= 1)
            arg("--overlap-param-gather");
    }
    if (t.tp_overlap > 0 && t.sequence_parallel && s.tp > 1)
        arg("--tp-comm-overlap");
    if (t.tp_overlap > 0 && !(t.sequence_parallel && s.tp > 1))
        note(e, CT_TEXT("tp_overlap needs sequence parallelism and tp > 1 in Megatron-LM (--tp-comm-overlap): left out"));
    if (t.grad_bytes < 4)
        arg("--grad-reduce-in-bf16");
    arg("--train-samples", str(s.samples));
    if (t.zero >= 2 && s.pp > 1)
        note(e, CT_TEXT("Megatron-FSDP (ZeRO-%1) with pipeline parallelism: check that your Megatron-LM version supports the combination"), {str(t.zero)});
    if (t.zero == 2)
        note(e, CT_TEXT("ZeRO-2 is Megatron-FSDP's optim_grads strategy (parameters kept whole, gradients and optimizer states sharded)"));

    std::string &out = e.text;
    out += "#!/bin/sh\n";
    header(out, "# ", p, name, s);
    out += "# Megatron-LM arguments; names checked against NVIDIA/Megatron-LM main d98e8a64 (core 0.20.0,\n"
           "# 2026-08-22), megatron/training/arguments.py. Add your data, tokenizer, optimizer and checkpoint\n"
           "# arguments. Run on each node with NODE_RANK, MASTER_ADDR and MASTER_PORT set.\n";
    addNotes(out, "# ", e.notes);
    out += "torchrun --nnodes " + str(s.nodes) + " --nproc-per-node " + str(s.gpn)
        + " --node-rank \"${NODE_RANK:-0}\" --master-addr \"${MASTER_ADDR:-localhost}\" --master-port \"${MASTER_PORT:-6000}\" \\\n"
          "    pretrain_gpt.py";
    for (const std::string &a : args)
        out += " \\\n    " + a;
    out += " \\\n    \"$@\"\n";
    return e;
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
// expert_tensor_parallel_size; an MoE model starts from nemo/collections/llm/recipes/mixtral_8x7b.py
// (pretrain_recipe(name, num_nodes, num_gpus_per_node); MixtralConfig in
// nemo/collections/llm/gpt/model/mixtral.py: num_moe_experts, moe_router_topk,
// moe_token_dispatcher_type) with TransformerConfig's moe_ffn_hidden_size,
// moe_shared_expert_intermediate_size, moe_layer_freq and moe_grouped_gemm.
Export nemo(const Plan &p, const std::string &name)
{
    const Shape s = shapeOf(p);
    const TrainingSpec &t = p.training;
    const ModelSpec &m = p.model;
    Export e;
    const double params = parameterCount(m);
    const char *base = m.moe() ? "mixtral_8x7b" : params < 20e9 ? "llama3_8b"
        : params < 200e9                                        ? "llama3_70b"
                                                                : "llama31_405b";
    // First and last stage layers given, NeMo (Megatron core) splits the rest evenly over the middle
    // stages: the engine's spread is expressible when its middle stages are equal.
    const bool middleEqual = s.split.middle_extra == 0 || s.split.middle_extra == s.pp - 2;
    const bool firstLast = s.uneven && s.vpp == 1 && middleEqual;
    if (s.uneven && !firstLast)
        note(e, CT_TEXT("the engine's stages cannot be given to NeMo with first and last stage layers (unequal middle stages or interleaving): NeMo splits the layers its own way"));
    if (t.zero == 2)
        note(e, CT_TEXT("ZeRO-2 has no NeMo switch of its own: Megatron FSDP shards parameters too (ZeRO-3)"));
    if (t.tp_overlap > 0)
        note(e, CT_TEXT("tp_overlap: add MegatronCommOverlapCallback(tp_comm_overlap=True) to recipe.trainer.callbacks (see the recipe's pretrain_performance_optimizations)"));

    std::string &out = e.text;
    header(out, "# ", p, name, s);
    out += "# NeMo 2 recipe; names checked against NVIDIA/NeMo 8cfedd72 (2.6.0rc0, 2025-09-20):\n"
           "# nemo/lightning/pytorch/strategies/megatron_strategy.py and nemo/collections/llm/recipes/.\n"
           "# The base recipe is the nearest Llama 3 size (Mixtral 8x7B for a mixture of experts); the\n"
           "# architecture below replaces its model's.\n";
    addNotes(out, "# ", e.notes);
    out += "import nemo_run as run\n"
           "from nemo.collections import llm\n"
           "from nemo.collections.llm.recipes.precision.mixed_precision import ";
    out += t.precision == Precision::Fp8 ? "bf16_with_fp8_mixed\n" : "bf16_mixed\n";
    out += "\n\ndef commtax_recipe():\n";
    out += "    recipe = llm." + std::string(base) + ".pretrain_recipe(name=" + quoted(p.model.id.empty() ? "commtax" : p.model.id) + ", num_nodes=" + str(s.nodes)
        + ", num_gpus_per_node=" + str(s.gpn) + ")\n";
    out += "    # the model\n";
    out += "    recipe.model.config.num_layers = " + str(m.layers) + "\n";
    out += "    recipe.model.config.hidden_size = " + str(m.hidden) + "\n";
    out += "    recipe.model.config.ffn_hidden_size = " + str(m.ffn) + "\n";
    out += "    recipe.model.config.num_attention_heads = " + str(m.heads) + "\n";
    out += "    recipe.model.config.num_query_groups = " + str(m.kv_heads) + "\n";
    out += "    recipe.model.config.seq_length = " + str(s.seq) + "\n";
    out += std::string("    recipe.model.config.share_embeddings_and_output_weights = ") + (m.tied_embeddings ? "True" : "False") + "\n";
    if (s.moe) {
        out += "    recipe.model.config.num_moe_experts = " + str(m.experts) + "\n";
        out += "    recipe.model.config.moe_router_topk = " + str(m.experts_per_token) + "\n";
        out += "    recipe.model.config.moe_ffn_hidden_size = " + str(m.expert_ffn) + "\n";
        out += "    recipe.model.config.moe_shared_expert_intermediate_size = "
            + (m.shared_experts > 0 ? str(std::int64_t(m.shared_experts) * m.expert_ffn) : std::string("None")) + "\n";
        out += "    recipe.model.config.moe_layer_freq = " + (m.dense_layers > 0 ? moeLayerPattern(m) : std::string("1")) + "\n";
        out += "    recipe.model.config.moe_token_dispatcher_type = \"alltoall\"\n";
        out += "    recipe.model.config.moe_grouped_gemm = True\n";
    }
    out += "    # the layout\n";
    out += "    strategy = recipe.trainer.strategy\n";
    out += "    strategy.tensor_model_parallel_size = " + str(s.tp) + "\n";
    out += "    strategy.pipeline_model_parallel_size = " + str(s.pp) + "\n";
    out += "    strategy.virtual_pipeline_model_parallel_size = " + (s.vpp > 1 ? str(s.vpp) : std::string("None")) + "\n";
    if (firstLast) {
        out += "    strategy.num_layers_in_first_pipeline_stage = " + str(s.split.first) + "\n";
        out += "    strategy.num_layers_in_last_pipeline_stage = " + str(s.split.last) + "\n";
    }
    out += "    strategy.context_parallel_size = " + str(s.cp) + "\n";
    if (s.moe) {
        out += "    strategy.expert_model_parallel_size = " + str(s.ep) + "\n";
        out += "    strategy.expert_tensor_parallel_size = " + str(s.etp) + "\n";
    }
    out += std::string("    strategy.sequence_parallel = ") + (t.sequence_parallel && s.tp > 1 ? "True" : "False") + "\n";
    if (t.zero >= 2)
        out += "    strategy.fsdp = \"megatron\"\n";
    out += std::string("    recipe.optim.config.use_distributed_optimizer = ") + (t.zero == 1 ? "True" : "False") + "\n";
    out += std::string("    strategy.ddp.overlap_grad_reduce = ") + (t.dp_overlap > 0 ? "True" : "False") + "\n";
    out += std::string("    strategy.ddp.overlap_param_gather = ") + (t.dp_overlap > 0 && t.zero >= 1 ? "True" : "False") + "\n";
    out += std::string("    strategy.ddp.grad_reduce_in_fp32 = ") + (t.grad_bytes >= 4 ? "True" : "False") + "\n";
    out += "    recipe.data.seq_length = " + str(s.seq) + "\n";
    out += "    recipe.data.micro_batch_size = " + str(s.mb) + "\n";
    out += "    recipe.data.global_batch_size = " + str(s.gb) + "\n";
    if (t.recompute == Recompute::None) {
        out += "    recipe.model.config.recompute_granularity = None\n";
    } else if (t.recompute == Recompute::Selective) {
        out += "    recipe.model.config.recompute_granularity = \"selective\"\n";
        if (t.recompute_mla_up_proj)
            out += "    recipe.model.config.recompute_modules = [\"core_attn\", \"mla_up_proj\"]\n";
    } else {
        out += "    recipe.model.config.recompute_granularity = \"full\"\n";
        out += "    recipe.model.config.recompute_method = \"uniform\"\n";
        out += "    recipe.model.config.recompute_num_layers = 1\n";
    }
    // NeMo 2's GPTConfig fuses the loss by default (cross_entropy_loss_fusion = True): say which.
    out += std::string("    recipe.model.config.cross_entropy_loss_fusion = ") + (t.fused_cross_entropy ? "True" : "False") + "\n";
    out += std::string("    recipe.trainer.plugins = ") + (t.precision == Precision::Fp8 ? "bf16_with_fp8_mixed()" : "bf16_mixed()") + "\n";
    out += std::string("    recipe.trainer.plugins.grad_reduce_in_fp32 = ") + (t.grad_bytes >= 4 ? "True" : "False") + "\n";
    out += "    recipe.trainer.max_steps = " + str((s.samples + s.gb - 1) / s.gb) + "\n";
    out += "    return recipe\n\n\n";
    out += "if __name__ == \"__main__\":\n";
    out += "    # One node here; on a cluster use run.SlurmExecutor with nodes=" + str(s.nodes) + ", ntasks_per_node=" + str(s.gpn) + ".\n";
    out += "    run.run(commtax_recipe(), executor=run.LocalExecutor(ntasks_per_node=" + str(s.gpn) + ", launcher=\"torchrun\"))\n";
    return e;
}

// ---------------------------------------------------------------------------------------------
// DeepSpeed. Keys from deepspeedai/DeepSpeed master at edaa7221 (2026-08-22, version.txt 0.19.6):
// deepspeed/runtime/constants.py (train_batch_size, train_micro_batch_size_per_gpu,
// gradient_accumulation_steps, bf16.enabled), deepspeed/runtime/zero/config.py
// (zero_optimization.stage, overlap_comm, reduce_scatter, contiguous_gradients),
// deepspeed/runtime/tensor_parallel/config.py (tensor_parallel.autotp_size: AutoTP training),
// deepspeed/runtime/config.py get_pipeline_config (pipeline.stages, activation_checkpoint_interval)
// and deepspeed/runtime/activation_checkpointing/config.py (partition_activations...).
// deepspeed/runtime/pipe/engine.py asserts "ZeRO-2 and ZeRO-3 are incompatible with pipeline
// parallelism".
Export deepspeed(const Plan &p, const std::string &)
{
    const Shape s = shapeOf(p);
    const TrainingSpec &t = p.training;
    Export e;
    if (s.pp > 1)
        note(e, CT_TEXT("pipeline parallelism: build the model as a deepspeed.pipe.PipelineModule with num_stages=%1 (the pipeline section's stages says the same)"), {str(s.pp)});
    if (s.vpp > 1)
        note(e, CT_TEXT("vpp=%1: DeepSpeed's pipeline engine has no interleaved schedule; it runs vpp=1"), {str(s.vpp)});
    if (t.zero >= 2 && s.pp > 1)
        note(e, CT_TEXT("ZeRO-%1 with pp=%2: DeepSpeed's pipeline engine refuses ZeRO-2 and ZeRO-3"), {str(t.zero), str(s.pp)});
    if (t.sequence_parallel && s.tp > 1)
        note(e, CT_TEXT("Megatron-style sequence parallelism has no DeepSpeed config key (DeepSpeed's sequence parallelism is Ulysses, which splits attention heads)"));
    if (t.recompute == Recompute::Selective)
        note(e, CT_TEXT("selective recompute is chosen in the model code, not in the DeepSpeed config"));
    if (t.precision == Precision::Fp8)
        note(e, CT_TEXT("FP8: DeepSpeed's config has no FP8 training switch; use Transformer Engine in the model"));
    if (s.uneven)
        note(e, CT_TEXT("uneven pipeline stages: give PipelineModule a partition_method that matches them"));
    if (s.cp > 1)
        note(e, CT_TEXT("cp=%1: DeepSpeed has no ring context parallelism in its config (its sequence parallelism is Ulysses, in the model code); the batch sizes below count dp=%2 replicas"), {str(s.cp), str(s.dp)});
    if (s.moe && (s.ep > 1 || s.etp > 1))
        note(e,
             s.etp > 1 ? CT_TEXT("experts: build the MoE layers as deepspeed.moe.layer.MoE(num_experts=%1, ep_size=%2, k=%3) (deepspeed/moe/layer.py); DeepSpeed splits no expert over tensor-parallel ranks (etp=%4)")
                       : CT_TEXT("experts: build the MoE layers as deepspeed.moe.layer.MoE(num_experts=%1, ep_size=%2, k=%3) (deepspeed/moe/layer.py)"),
             {str(p.model.experts), str(s.ep), str(p.model.experts_per_token), str(s.etp)});

    std::string &out = e.text;
    out += "{\n";
    out += "  \"train_batch_size\": " + str(s.gb) + ",\n";
    out += "  \"train_micro_batch_size_per_gpu\": " + str(s.mb) + ",\n";
    out += "  \"gradient_accumulation_steps\": " + str(s.m) + ",\n";
    out += "  \"bf16\": {\"enabled\": true},\n";
    out += "  \"zero_optimization\": {\"stage\": " + str(t.zero) + ", \"overlap_comm\": " + (t.dp_overlap > 0 ? "true" : "false")
        + ", \"reduce_scatter\": true, \"contiguous_gradients\": true}";
    if (s.tp > 1)
        out += ",\n  \"tensor_parallel\": {\"autotp_size\": " + str(s.tp) + "}";
    if (s.pp > 1)
        out += ",\n  \"pipeline\": {\"stages\": " + str(s.pp) + ", \"activation_checkpoint_interval\": " + (t.recompute == Recompute::Full ? "1" : "0") + "}";
    if (t.recompute == Recompute::Full)
        out += std::string(",\n  \"activation_checkpointing\": {\"partition_activations\": ") + (s.tp > 1 ? "true" : "false")
            + ", \"cpu_checkpointing\": false, \"contiguous_memory_optimization\": false, \"synchronize_checkpoint_boundary\": false}";
    out += "\n}\n";
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
Export torchtitan(const Plan &p, const std::string &name)
{
    const Shape s = shapeOf(p);
    const TrainingSpec &t = p.training;
    Export e;
    const double params = parameterCount(p.model);
    const char *base = params < 20e9 ? "llama3_8b" : params < 200e9 ? "llama3_70b"
                                                                    : "llama3_405b";
    if (t.zero == 1 || t.zero == 2)
        note(e, CT_TEXT("ZeRO-%1: torchtitan shards with FSDP2; reshard_after_forward=never keeps the parameters after the forward (ZeRO-2-like), the nearest it has"), {str(t.zero)});
    if (t.precision == Precision::Fp8)
        note(e, CT_TEXT("FP8: start from a float8 config of the registry (e.g. llama3_debugmodel_float8 shows the converter)"));
    if (s.uneven)
        note(e, CT_TEXT("uneven pipeline stages: set parallelism.module_fqns_per_model_part to match them"));
    if (s.moe && s.etp > 1)
        note(e, CT_TEXT("etp=%1: torchtitan has no expert tensor parallelism (each expert whole on its rank, etp 1)"), {str(s.etp)});
    if (s.moe && s.ep > 1 && (std::int64_t(t.zero == 0 ? 1 : s.dp) * s.cp * s.tp) % s.ep != 0)
        note(e, CT_TEXT("ep=%1 must divide data_parallel_shard_degree * cp * tp in torchtitan: shard the data-parallel ranks (ZeRO 1-3) or lower ep"), {str(s.ep)});
    note(e, CT_TEXT("the model comes from the base config %1; give it a model_spec for %2 if they differ"), {std::string(base), commentSafe(p.model.name)});

    std::string &out = e.text;
    header(out, "# ", p, name, s);
    out += "# torchtitan config function; names checked against pytorch/torchtitan main b5bcd76c (0.2.2,\n"
           "# 2026-08-21), torchtitan/config/configs.py. torchtitan reads no TOML since #2386 (2026-02):\n"
           "# run with NGPU="
        + str(s.gpn) + " MODULE=<this module> CONFIG=commtax_plan ./run_train.sh on each of the " + str(s.nodes) + " node(s).\n";
    addNotes(out, "# ", e.notes);
    out += "from torchtitan.distributed.activation_checkpoint import FullAC, SelectiveAC\n";
    out += "from torchtitan.models.llama3.config_registry import " + std::string(base) + "\n";
    out += "from torchtitan.trainer import Trainer\n\n\n";
    out += "def commtax_plan() -> Trainer.Config:\n";
    out += "    config = " + std::string(base) + "()\n";
    out += "    par = config.parallelism\n";
    out += "    par.data_parallel_replicate_degree = " + str(t.zero == 0 ? s.dp : 1) + "\n";
    out += "    par.data_parallel_shard_degree = " + str(t.zero == 0 ? 1 : s.dp) + "\n";
    if (t.zero >= 1)
        out += std::string("    par.fsdp_reshard_after_forward = ") + (t.zero == 3 ? "\"always\"" : "\"never\"") + "\n";
    out += "    par.tensor_parallel_degree = " + str(s.tp) + "\n";
    out += std::string("    par.enable_sequence_parallel = ") + (t.sequence_parallel ? "True" : "False") + "\n";
    out += "    par.context_parallel_degree = " + str(s.cp) + "\n";
    if (s.moe)
        out += "    par.expert_parallel_degree = " + str(s.ep) + "\n";
    out += "    par.pipeline_parallel_degree = " + str(s.pp) + "\n";
    if (s.pp > 1) {
        out += std::string("    par.pipeline_parallel_schedule = ") + (s.vpp > 1 ? "\"Interleaved1F1B\"" : "\"1F1B\"") + "\n";
        out += "    par.num_pp_microbatches = " + str(s.m) + "\n";
        out += "    par.pipeline_parallel_first_stage_less_layers = 0\n";
        out += "    par.pipeline_parallel_last_stage_less_layers = 0\n";
        if (!s.uneven)
            out += "    par.pipeline_parallel_layers_per_stage = " + str(p.model.layers / (s.pp * s.vpp)) + "\n";
    }
    out += "    config.training.num_tokens_per_microbatch_per_dp_rank = " + str(std::int64_t(s.mb) * s.seq) + "\n";
    out += "    config.training.num_tokens_per_train_step = " + str(std::int64_t(s.gb) * s.seq) + "\n";
    out += "    config.training.max_context_length = " + str(s.seq) + "\n";
    out += "    config.training.steps = " + str((s.samples + s.gb - 1) / s.gb) + "\n";
    out += std::string("    config.activation_checkpoint = ")
        + (t.recompute == Recompute::Full ? "FullAC.Config()" : t.recompute == Recompute::Selective ? "SelectiveAC.Config()"
                                                                                                    : "None")
        + "\n";
    out += "    return config\n";
    return e;
}

} // namespace

Export exportLaunch(const Plan &plan, const std::string &name, Framework f)
{
    switch (f) {
    case Framework::Megatron: return megatron(plan, name);
    case Framework::Nemo: return nemo(plan, name);
    case Framework::DeepSpeed: return deepspeed(plan, name);
    case Framework::Torchtitan: return torchtitan(plan, name);
    }
    return {};
}

} // namespace commtax::launch
