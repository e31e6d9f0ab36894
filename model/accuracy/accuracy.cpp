// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's accuracy on published training runs: reading the rows, the fit, leave one source out
// (accuracy.h; docs/accuracy.md).
#include "accuracy/accuracy.h"

#include "core/engineaccuracy.h"
#include "core/fields.h"
#include "core/goldensection.h"
#include "core/scenario.h"
#include "core/uncertaintyio.h"
#include "engine/engine.h"
#include "search/search.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <map>

namespace commtax::accuracy {

namespace {

// The first year whose runs get FlashAttention by default (see readRun).
constexpr int kFirstFlashAttentionYear = 2023;
constexpr double kDeepSpeedPrefetchBucketParams = 5e7;
// The last year whose DeepSpeed ZeRO-3 runs synchronised every gather with the compute
// (frameworkDefaults).
constexpr int kLastYearOfSyncDeepSpeedZero3 = 2021;
// The last year whose runs predate Megatron-LM's asynchronous TP backward (see readRun).
constexpr int kLastYearWithoutAsyncTp = 2021;
// The last year whose runs predate Megatron's sequence parallelism, and the last whose DeepSpeed runs
// (Megatron-DeepSpeed, DeepSpeed's pipeline engine) ran without it (frameworkDefaults).
constexpr int kLastYearWithoutSequenceParallelism = 2021;
constexpr int kLastYearOfDeepSpeedWithoutSequenceParallelism = 2022;
// The last year whose runs had 2024's cuDNN attention (frameworkDefaults).
constexpr int kLastYearOfCudnn2024 = 2024;
// The source ids of NVIDIA's performance tables (tests/fixtures/published-runs.json).
constexpr char kNvidiaPerfTables[] = "nvidia-perf-summary";
// The last year whose torchtitan cut its local batch into one micro-batch per pipeline rank, not per
// stage (torchtitanPipelineMicroBatch).
constexpr int kLastYearTorchtitanMicroBatchPerRank = 2024;
// The deepest interleaving a tuned torchtitan pipeline is tried at (its stages must divide the local
// batch, so few depths qualify).
constexpr int kMaxTunedVpp = 16;

// torchtitan under a pipeline: without --experimental.pipeline_parallel_microbatches the local batch
// (the global batch over the data-parallel ranks) is cut into one micro-batch per pipeline stage,
// pp x vpp of them (torchtitan/parallelisms/pipelining_utils.py at d4c86e375, lines 85-89), since
// commit 90567fc98 of 2025-01-07 ("fix num_microbatches input for PP"). Before it, as at 9dec370
// (2024-12-26, the commit of torchtitan's December 2024 benchmarks), into one per pipeline rank:
// `n_microbatches = job_config.experimental.pipeline_parallel_degree` (build_pipeline_schedule),
// whatever the stages per rank. The year stands for the commit: a run of 2024 or before cuts pp.
// The micro-batch that gives, or 0 where the rule does not apply or does not divide.
int torchtitanPipelineMicroBatch(const Run &run, const TrainingSpec &t, int vpp)
{
    if (run.framework != QLatin1String("torchtitan") || t.pp <= 1 || t.dp <= 0
        || run.published_training.contains(QStringLiteral("micro_batch")) || t.global_batch % t.dp != 0)
        return 0;
    const bool perRank = run.year > 0 && run.year <= kLastYearTorchtitanMicroBatchPerRank;
    const int local = t.global_batch / t.dp, stages = t.pp * (perRank ? 1 : std::max(1, vpp));
    return local % stages == 0 ? local / stages : 0;
}

// The metrics as tests/fixtures/published-runs.json names them.
constexpr std::pair<const char *, Metric> kMetricKeys[] = {{"step_time_s", Metric::StepTime},
                                                           {"tokens_per_s_per_gpu", Metric::TokensPerSecPerGpu},
                                                           {"tflops_per_gpu", Metric::TflopsPerGpu},
                                                           {"mfu", Metric::Mfu},
                                                           {"gpu_hours", Metric::GpuHours}};

bool parseMetric(const QString &s, Metric &out)
{
    for (const auto &[key, m] : kMetricKeys)
        if (s == QLatin1String(key)) {
            out = m;
            return true;
        }
    return false;
}

// The layout a user gets for a parallel degree the source does not state: 1 (rule 1 in accuracy.h).
void unpublishedLayoutDefaults(TrainingSpec &t)
{
    t.tp = 1;
    t.pp = 1;
    t.cp = 1;
    t.ep = 1;
    t.etp = 0;
    t.vpp = 1;
    t.first_stage_layers = 0;
    t.last_stage_layers = 0;
}

// The row's own fields: what it is, where from, what it publishes.
bool readRunHeader(const QJsonObject &o, Run &run, QString &why)
{
    run.id = o.value(QStringLiteral("id")).toString();
    run.source = o.value(QStringLiteral("source")).toString();
    run.source_id = o.value(QStringLiteral("source_id")).toString();
    if (run.source_id.isEmpty())
        run.source_id = run.id.section(QLatin1Char('-'), 0, 1);
    run.framework = o.value(QStringLiteral("framework")).toString();
    run.year = o.value(QStringLiteral("year")).toInt();
    run.note = o.value(QStringLiteral("note")).toString();
    run.excluded = o.value(QStringLiteral("excluded")).toString();
    run.contradicts = o.value(QStringLiteral("contradicts")).toString();
    for (const QJsonValue &t : o.value(QStringLiteral("tuned")).toArray())
        run.tuned << t.toString();
    for (const QJsonValue &b : o.value(QStringLiteral("tuned_micro_batches")).toArray())
        if (b.toInt() >= 1 && b.toInt() <= 65536 && run.tuned_batches.size() < 64)
            run.tuned_batches.push_back(b.toInt());
    if (run.id.isEmpty() || run.source.isEmpty() || run.framework.isEmpty()) {
        why = QStringLiteral("id, source and framework are required");
        return false;
    }
    if (!parseMetric(o.value(QStringLiteral("metric")).toString(), run.metric)) {
        why = QStringLiteral("unknown metric ") + o.value(QStringLiteral("metric")).toString();
        return false;
    }
    run.published = o.value(QStringLiteral("published")).toDouble();
    if (!(run.published > 0) || !std::isfinite(run.published)) {
        why = QStringLiteral("published must be a positive number");
        return false;
    }
    run.causal = o.value(QStringLiteral("flop_count")).toString() == QLatin1String("causal");
    run.hardware_flops = o.value(QStringLiteral("flop_count")).toString() == QLatin1String("hardware");
    run.mfu_peak_tflops = o.value(QStringLiteral("mfu_peak_tflops")).toDouble();
    if (o.contains(QStringLiteral("published_memory_gb")))
        run.published_memory_gb = o.value(QStringLiteral("published_memory_gb")).toDouble();
    run.assert_within = o.value(QStringLiteral("assert_within")).toDouble();

    return true;
}

// The model: a preset's id, or the architecture's fields as published.
bool readRunModel(const QJsonValue &model, const PresetCatalog &c, Plan &plan, QString &why)
{
    if (model.isString()) {
        const std::optional<Preset> m = c.find(Section::Model, model.toString());
        if (!m) {
            why = QStringLiteral("no model preset ") + model.toString();
            return false;
        }
        m->applyTo(plan);
    } else {
        plan.model = ModelSpec{};
        const QJsonObject mo = model.toObject();
        for (auto it = mo.begin(); it != mo.end(); ++it) {
            if (it.key() == QLatin1String("name")) {
                plan.model.name = it.value().toString().toStdString();
                continue;
            }
            const FieldInfo *f = findField(Section::Model, it.key());
            if (!f || !checkFieldValue(*f, it.value()).isEmpty()) {
                why = QStringLiteral("model.") + it.key() + QStringLiteral(": unknown or out of range");
                return false;
            }
            f->set(plan, it.value());
        }
        if (plan.model.kv_heads == 0)
            plan.model.kv_heads = plan.model.heads;
    }
    return true;
}

// The GPU and cluster presets, and the cluster cut to the run's GPU count.
bool readRunHardware(const QJsonObject &o, const PresetCatalog &c, Plan &plan, QString &why)
{
    const std::optional<Preset> gpu = c.find(Section::Gpu, o.value(QStringLiteral("gpu")).toString());
    const std::optional<Preset> cluster = c.find(Section::Cluster, o.value(QStringLiteral("cluster")).toString());
    if (!gpu || !cluster) {
        why = QStringLiteral("no GPU or cluster preset named ") + o.value(QStringLiteral("gpu")).toString() + QLatin1Char('/') + o.value(QStringLiteral("cluster")).toString();
        return false;
    }
    gpu->applyTo(plan);
    cluster->applyTo(plan);
    const int gpus = o.value(QStringLiteral("gpus")).toInt();
    if (gpus < 1) {
        why = QStringLiteral("gpus must be at least 1");
        return false;
    }
    // A count below one node is one smaller node, as the sweep does.
    if (gpus < plan.cluster.gpus_per_node) {
        plan.cluster.gpus_per_node = gpus;
        plan.cluster.nodes = 1;
    } else {
        plan.cluster.nodes = gpus / plan.cluster.gpus_per_node;
        if (plan.cluster.nodes * plan.cluster.gpus_per_node != gpus) {
            why = QStringLiteral("gpus is not whole nodes of the cluster preset");
            return false;
        }
    }
    return true;
}

// The training fields the source publishes, listed in run.published_training.
bool readRunTraining(const QJsonObject &tr, Plan &plan, Run &run, QString &why)
{
    for (auto it = tr.begin(); it != tr.end(); ++it) {
        const FieldInfo *f = findField(Section::Training, it.key());
        if (!f || !checkFieldValue(*f, it.value()).isEmpty()) {
            why = QStringLiteral("training.") + it.key() + QStringLiteral(": unknown or out of range");
            return false;
        }
        f->set(plan, it.value());
        run.published_training << it.key();
    }
    return true;
}

// What a user gets for a layout setting the source leaves out (rule 1 in accuracy.h).
void unpublishedTrainingDefaults(const QJsonObject &tr, bool moe, int gpus, TrainingSpec &t)
{
    if (!tr.contains(QStringLiteral("dp"))) {
        const int mp = t.tp * t.pp * t.cp;
        t.dp = std::max(1, gpus / std::max(1, mp));
    }
    if (!tr.contains(QStringLiteral("sequence_parallel")))
        t.sequence_parallel = t.tp > 1; // Megatron-LM turns it off without tensor parallelism
    if (!tr.contains(QStringLiteral("global_batch"))) {
        const int unit = t.micro_batch * t.dp;
        t.global_batch = (1024 + unit - 1) / unit * unit;
    }
    if (moe && !tr.contains(QStringLiteral("ep")))
        t.ep = 1;
}

// The framework's own defaults where the engine's are another framework's (rule 2 in accuracy.h).
void frameworkDefaults(const QJsonObject &tr, const Run &run, TrainingSpec &t)
{
    // The attention kernel as the run's year had it: FlashAttention (Dao et al., arXiv 2205.14135)
    // came out in May 2022 and reached Megatron-LM and DeepSpeed in 2023; a run of 2022 or before
    // that does not say otherwise ran the unfused attention.
    if (!tr.contains(QStringLiteral("flash_attention")) && run.year > 0 && run.year <= kFirstFlashAttentionYear - 1)
        t.flash_attention = false;
    // The framework's own default where the engine's is another framework's: DeepSpeed gathers
    // ZeRO-3 parameters in buckets of stage3_prefetch_bucket_size, 5e7 unless set
    // (deepspeed/runtime/zero/constants.py, ZERO_OPTIMIZATION_PREFETCH_BUCKET_SIZE_DEFAULT); the
    // engine's default, one gather per layer, is PyTorch FSDP's.
    // A DeepSpeed run by its framework's name, however spelled ("deepspeed", "megatron-deepspeed",
    // GLM-130B's "DeepSpeed pipeline").
    const bool deepSpeed = run.framework.contains(QLatin1String("deepspeed"), Qt::CaseInsensitive);
    if (t.zero == 3 && deepSpeed && !tr.contains(QStringLiteral("zero3_bucket_params")))
        t.zero3_bucket_params = kDeepSpeedPrefetchBucketParams;
    // DeepSpeed's ZeRO-3 as its releases before 0.6.0 (March 2022) ran it hid none of its traffic:
    // v0.3.14 (April 2021) calls torch.cuda.synchronize() before every parameter's all-gather
    // (deepspeed/runtime/zero/partition_parameters.py _allgather_param) and again after each
    // submodule's fetch (stage3.py fetch_sub_module, _synchronize_communication), so the host waits
    // for the compute before each gather and the compute for the gather: "the async version is not
    // async at all, because each all_gather calls torch.cuda.synchronize()" (PR #1188, 2021-10-31).
    // The device-wide wait takes in the gradients' reduction stream too. PR #1453 (merged
    // 2022-01-20, first released in 0.6.0) brought "more fine grained synchronization for
    // communication that allows blocking on less work". A run of 2021 or before: dp_overlap 0.
    if (t.zero == 3 && deepSpeed && run.year > 0 && run.year <= kLastYearOfSyncDeepSpeedZero3
        && !tr.contains(QStringLiteral("dp_overlap")))
        t.dp_overlap = 0.0;
    // Megatron's sequence parallelism (Korthikanti et al. 2022, arXiv 2205.05198) came to Megatron-LM in
    // 2022 (`--sequence-parallel`, megatron/arguments.py, commit cfd2e21607 of 2022-04-28) and to
    // Megatron-DeepSpeed with its rebase on Megatron-LM in mid-2023 (deepspeedai/Megatron-DeepSpeed
    // issue #148, 2023-06-13: "the upcoming rebase of Megatron-LM should address this"), and DeepSpeed's
    // pipeline engine takes a stage's activation to be whole on every TP rank (it splits it for the send
    // and gathers it after), which the sequence split breaks (issue #170, 2023-07). A run of 2021 or
    // before, or a DeepSpeed one of 2022 or before (MT-NLG's and BLOOM's Megatron-DeepSpeed, GLM-130B's
    // DeepSpeed pipeline), that does not say ran without it: layer norms and dropout on every TP rank,
    // their activations kept whole.
    if (!tr.contains(QStringLiteral("sequence_parallel")) && run.year > 0
        && (run.year <= kLastYearWithoutSequenceParallelism
            || (deepSpeed && run.year <= kLastYearOfDeepSpeedWithoutSequenceParallelism)))
        t.sequence_parallel = false;
    // llm.c has one loss, its fused classifier (karpathy/llm.c llmc/fused_classifier.cuh, called by
    // train_gpt2.cu): softmax, loss and the logits' gradient in one pass, written over the logits in
    // place, which is what the engine's fused cross-entropy counts (docs/model.md §3).
    if (!tr.contains(QStringLiteral("fused_cross_entropy")) && run.framework == QLatin1String("llm.c"))
        t.fused_cross_entropy = true;
    // torchtitan's loss is PyTorch's F.cross_entropy on the logits cast to fp32 (train.py at 9dec370,
    // 2024-12; torchtitan/components/loss.py since), eager: its compiled form (build_cross_entropy_loss,
    // from 2025-04 with compile on) is a published setting, so the rows that ran it say so.
    // nanoGPT and modded-nanogpt take the loss inside the model's forward, F.cross_entropy, and compile
    // the model (nanoGPT train.py `compile = True`; modded-nanogpt train_gpt2.py at 3e48a54c, 2024-06,
    // lines 151 and 316): a compiled loss.
    if (!tr.contains(QStringLiteral("unfused_loss"))) {
        if (run.framework == QLatin1String("torchtitan"))
            t.unfused_loss = UnfusedLoss::Pytorch;
        else if (run.framework == QLatin1String("other:nanogpt-pytorch"))
            t.unfused_loss = UnfusedLoss::Compiled;
    }
    // The optimizer's kernel (plan.h OptimizerKernel, docs/model.md §5): the Hugging Face Trainer's
    // default optim in 2024, adamw_torch, is torch.optim.AdamW without fused=True, the foreach form
    // (transformers TrainingArguments); torchtitan ran foreach until its commit 6e4988550 (2025-02-24,
    // "use Fused AdamW as default", torchtitan/config_manager.py --optimizer.implementation), so its
    // 2024 runs did. The rest keep the engine's default, a fused kernel: Megatron-Core's and NeMo's
    // Apex/Transformer Engine FusedAdam, DeepSpeed's FusedAdam, nanoGPT's AdamW(fused=True).
    if (!tr.contains(QStringLiteral("optimizer_kernel")) && run.year > 0 && run.year <= 2024
        && (run.framework == QLatin1String("hf") || run.framework == QLatin1String("torchtitan")))
        t.optimizer_kernel = OptimizerKernel::Foreach;
    // Trainers without activation checkpointing run none: nanoGPT's and modded-nanogpt's train.py /
    // train_gpt2.py have no such option, and the Hugging Face Trainer's gradient_checkpointing is off
    // unless asked for (transformers TrainingArguments). The engine's default, selective, is Megatron's.
    if (!tr.contains(QStringLiteral("recompute"))
        && (run.framework == QLatin1String("other:nanogpt-pytorch") || run.framework == QLatin1String("hf")))
        t.recompute = Recompute::None;
    // The attention kernel the framework runs (plan.h AttentionKernel, docs/model.md §3): PyTorch-native
    // trainers call PyTorch's scaled_dot_product_attention or the flash-attn package, FlashAttention-2
    // (torchtitan's SDPA, Composer/llm-foundry's and OLMo-core's flash-attn, the Hugging Face
    // Trainer's attn_implementation flash_attention_2, nanoGPT's SDPA), and so does Megatron-DeepSpeed
    // (--use-flash-attn-v2); Megatron-LM, NeMo and Megatron-Bridge run Transformer Engine, whose fused
    // attention on Hopper and Blackwell is cuDNN's, as JAX and MaxText (XLA's cuDNN attention) and
    // llm.c (cuDNN) do: the engine's default.
    static const QStringList flash2Frameworks = {
        QStringLiteral("torchtitan"), QStringLiteral("composer"), QStringLiteral("hf"), QStringLiteral("pytorch-fsdp"),
        QStringLiteral("deepspeed"), QStringLiteral("megatron-deepspeed"), QStringLiteral("colossalai"),
        QStringLiteral("other:nanogpt-pytorch"), QStringLiteral("other:olmo-core"), QStringLiteral("other:lit-gpt"),
        QStringLiteral("other:flash-attn-training")};
    if (!tr.contains(QStringLiteral("attention_kernel")) && flash2Frameworks.contains(run.framework))
        t.attention_kernel = AttentionKernel::Flash2;
    // cuDNN's attention as the run's year had it: the GPU's figure is today's release's (cuDNN 9.1.0 of
    // May 2024 reaches 0.82 of 9.19.1's long-sequence speed in NVIDIA's own benchmark, model/engine/phases.h
    // kCudnn2024Ratio, with a ramp of its own);
    // a run of 2024 or before that says nothing else ran its year's release. The releases between are
    // not told apart: a run of 2025 takes today's.
    if (!tr.contains(QStringLiteral("attention_kernel")) && t.attention_kernel == AttentionKernel::Cudnn
        && run.year > 0 && run.year <= kLastYearOfCudnn2024)
        t.attention_kernel = AttentionKernel::Cudnn2024;
    // FP8 weights cast once a step are Megatron-Core's (it passes is_first_microbatch to Transformer
    // Engine's linear layers, which cache the FP8 copies for the step). torchao's Float8Linear, which
    // torchtitan and OLMo-core convert their linear layers to, casts the weight in every forward, and
    // Composer/llm-foundry call Transformer Engine's te.Linear and te.LayerNormMLP without
    // is_first_microbatch (llmfoundry/models/layers at v0.3.0), which Transformer Engine then casts
    // every call (transformer_engine/pytorch/module/linear.py, Linear.forward's docstring).
    static const QStringList fp8CastEveryMicroBatch = {QStringLiteral("torchtitan"), QStringLiteral("other:olmo-core"),
                                                       QStringLiteral("composer")};
    if (!tr.contains(QStringLiteral("fp8_weight_cache")) && fp8CastEveryMicroBatch.contains(run.framework))
        t.fp8_weight_cache = false;
    // The backward's TP collectives under the GEMMs are Megatron-LM's and Transformer Engine's
    // (LinearWithGradAccumulationAndAsyncCommunication, from Megatron-LM v2.6 of late 2021 on); PyTorch
    // DTensor's tensor parallelism (torchtitan) waits for each collective unless async TP is on.
    if (!tr.contains(QStringLiteral("tp_async_backward"))
        && (run.framework == QLatin1String("torchtitan") || (run.year > 0 && run.year <= kLastYearWithoutAsyncTp)))
        t.tp_async_backward = false;
    // torchtitan's FSDP does not reshard after forward under a pipeline (torchtitan/parallelisms/
    // parallelize_llama.py at d4c86e375, lines 326-339: "For PP, do not reshard after forward to avoid
    // per-microbatch all-gathers"), and PyTorch's pipeline schedule turns FSDP's gradient sync off but
    // for the last micro-batch (torch.distributed.pipelining, set_requires_gradient_sync(False)),
    // accumulating whole gradients in FSDP2's reduce dtype, fp32. So one all-gather and one
    // reduce-scatter a step, whole weights and gradients on every rank, the optimizer sharded: what
    // the engine calls ZeRO-1, not ZeRO-3's gathers every micro-batch.
    if (run.framework == QLatin1String("torchtitan") && t.pp > 1 && t.zero == 3)
        t.zero = 1;
    if (const int mb = torchtitanPipelineMicroBatch(run, t, t.vpp); mb > 0)
        t.micro_batch = mb;
    // NVIDIA's performance tables (NeMo's and Megatron-Bridge's performance summaries) ran the
    // performance recipes, which reduce gradients in BF16: Megatron-Bridge's
    // scripts/performance/utils/helpers.py set_basic_perf_overrides() sets
    // mixed_precision.grad_reduce_in_fp32 and ddp.grad_reduce_in_fp32 to False for every recipe,
    // NeMo 2's recipes' performance optimisations set plugins.grad_reduce_in_fp32 = False, and the
    // NeMo launcher's configs of the 24.x tables (conf/training/nemotron/nemotron_340b.yaml) have
    // optim.grad_sync_dtype: bf16. Megatron-LM's own default, the engine's, stays fp32.
    if (!tr.contains(QStringLiteral("grad_bytes")) && run.source_id.startsWith(QLatin1String(kNvidiaPerfTables)))
        t.grad_bytes = 2;
}

bool readRun(const QJsonObject &o, const PresetCatalog &c, Run &run, QString &why)
{
    if (!readRunHeader(o, run, why))
        return false;
    // The defaults a user gets (the default scenario), then the presets, then what is published.
    Plan plan = defaultScenario(c).plan;
    plan.training.compute_efficiency.reset();
    unpublishedLayoutDefaults(plan.training);
    const QJsonObject tr = o.value(QStringLiteral("training")).toObject();
    if (!readRunModel(o.value(QStringLiteral("model")), c, plan, why) || !readRunHardware(o, c, plan, why)
        || !readRunTraining(tr, plan, run, why))
        return false;
    unpublishedTrainingDefaults(tr, plan.model.moe(), o.value(QStringLiteral("gpus")).toInt(), plan.training);
    frameworkDefaults(tr, run, plan.training);
    run.plan = plan;
    return true;
}

} // namespace

LoadResult loadRunsJson(const QByteArray &json, const PresetCatalog &catalog)
{
    LoadResult out;
    const QJsonObject doc = QJsonDocument::fromJson(json).object();
    if (doc.value(QStringLiteral("format")).toString() != QLatin1String("commtax-published-runs")) {
        out.errors << QStringLiteral("not a commtax-published-runs file");
        return out;
    }
    QSet<QString> ids;
    for (const QJsonValue &v : doc.value(QStringLiteral("runs")).toArray()) {
        Run run;
        QString why;
        if (!readRun(v.toObject(), catalog, run, why)) {
            out.errors << run.id + QStringLiteral(": ") + why;
            continue;
        }
        if (ids.contains(run.id)) {
            out.errors << run.id + QStringLiteral(": duplicate id");
            continue;
        }
        ids.insert(run.id);
        out.runs.push_back(std::move(run));
    }
    return out;
}

LoadResult loadRuns(const QString &path, const PresetCatalog &catalog)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        LoadResult out;
        out.errors << path + QStringLiteral(": cannot be read");
        return out;
    }
    return loadRunsJson(f.readAll(), catalog);
}

namespace {

// The search's best plan in `space` (time objective), or, when nothing tuned fits in memory under
// the engine, the fastest valid one all the same (the run ran, so the engine's memory is what is
// off, and docs/accuracy.md counts that). False when no plan is valid.
bool fastestPlan(search::Space space, Plan &best)
{
    search::Options opt;
    opt.top = 1;
    opt.threads = 1;
    search::SearchResult r = search::runSearch(space, opt);
    if (r.top.empty() && r.valid == 0) {
        // ZeRO and sequence parallelism have no candidate where they mean nothing (one rank):
        // free them and keep only the tuned values of what is found. Not when plans are valid but
        // none fits: another ZeRO stage would then stand in for the published one (Llama 3 405B's
        // ZeRO-1 on 8,192 GPUs took the interleaving depth of a ZeRO-2 plan); the fastest valid
        // plan is taken below, as for a run the engine says does not fit.
        space.allowed[search::DimZero].clear();
        space.allowed[search::DimSequenceParallel].clear();
        r = search::runSearch(space, opt);
    }
    if (!r.top.empty()) {
        best = search::planOf(space, r.top.front().layout);
        return true;
    }
    double fastest = 0;
    bool found = false;
    search::forEachCandidate(space, [&](const search::Candidate &cand) {
        if (!cand.accepted)
            return;
        const Result res = evaluateValid(cand.plan);
        if (std::isfinite(res.step_time_s) && (!found || res.step_time_s < fastest)) {
            fastest = res.step_time_s;
            best = cand.plan;
            found = true;
        }
    });
    return found;
}

} // namespace

QStringList resolveTuned(std::vector<Run> &runs)
{
    QStringList problems;
    for (Run &run : runs) {
        if (run.tuned.isEmpty())
            continue;
        search::Space space;
        space.base = run.plan;
        space.gpu_counts = {run.plan.cluster.nodes * run.plan.cluster.gpus_per_node};
        const TrainingSpec &t = run.plan.training;
        const int fixed[search::kDimCount] = {t.tp, t.pp, t.cp, t.etp == 0 ? t.tp : t.etp, t.ep, t.vpp, t.micro_batch,
                                              t.zero, int(t.recompute), t.sequence_parallel ? 1 : 0};
        // An unpublished sequence parallelism follows tp (readRun: on with tensor parallelism), so a
        // tuned tp leaves it to the search as well.
        const bool spFollowsTp = run.tuned.contains(QLatin1String(search::dimKey(search::DimTp)))
            && !run.published_training.contains(QStringLiteral("sequence_parallel"));
        std::vector<int> tunedDims;
        for (int d = 0; d < search::kDimCount; ++d) {
            const bool tuned = run.tuned.contains(QLatin1String(search::dimKey(d)))
                || (d == search::DimSequenceParallel && spFollowsTp);
            if (tuned)
                tunedDims.push_back(d);
            else if (d != search::DimEtp || run.plan.model.moe())
                space.allowed[size_t(d)] = {fixed[d]};
        }
        // A tuned micro-batch with no published global batch: the global batch follows it, as the
        // rule for an unpublished one says (1,024 sequences rounded up to whole micro-batches on
        // every data-parallel rank), and the fastest per sequence wins, among the micro-batches the
        // source says it tried when it says.
        std::vector<int> batches{0};
        const bool freeBatch = run.tuned.contains(QLatin1String(search::dimKey(search::DimMicroBatch)))
            && !run.published_training.contains(QStringLiteral("global_batch"));
        if (freeBatch)
            batches = run.tuned_batches.empty() ? std::vector<int>{1, 2, 4, 8, 16, 32, 64} : run.tuned_batches;
        else if (!run.tuned_batches.empty())
            space.allowed[search::DimMicroBatch] = run.tuned_batches;
        // torchtitan's micro-batch follows the interleaving depth (torchtitanPipelineMicroBatch): each
        // depth the search may pick runs with its own micro-batch, the depths that do not divide the
        // local batch not at all.
        std::vector<std::pair<int, int>> depths{{0, 0}}; // (vpp, micro-batch), 0 = the space's
        const bool tunedDepth = run.tuned.contains(QLatin1String(search::dimKey(search::DimVpp)));
        if (tunedDepth && torchtitanPipelineMicroBatch(run, t, 1) > 0) {
            depths.clear();
            for (int v = 1; v <= kMaxTunedVpp; ++v)
                if (const int mb = torchtitanPipelineMicroBatch(run, t, v); mb > 0)
                    depths.emplace_back(v, mb);
        }
        Plan best;
        bool haveBest = false;
        double bestPerSequence = 0;
        for (const auto &[vpp, depthBatch] : depths)
            for (int mb : batches) {
                search::Space sp = space;
                if (vpp > 0) {
                    sp.allowed[search::DimVpp] = {vpp};
                    sp.allowed[search::DimMicroBatch] = {depthBatch};
                }
                if (mb > 0) {
                    const int unit = mb * std::max(1, t.dp);
                    sp.allowed[search::DimMicroBatch] = {mb};
                    sp.base.training.global_batch = (1024 + unit - 1) / unit * unit;
                }
                Plan found;
                if (!fastestPlan(sp, found))
                    continue;
                const Result res = evaluateValid(found);
                const double perSequence = res.step_time_s / std::max(1, found.training.global_batch);
                if (!haveBest || perSequence < bestPerSequence) {
                    best = found;
                    bestPerSequence = perSequence;
                    haveBest = true;
                }
            }
        if (!haveBest) {
            problems << run.id + QStringLiteral(": no valid plan for the tuned settings; kept as published");
            continue;
        }
        for (int d : tunedDims) {
            switch (d) {
            case search::DimTp: run.plan.training.tp = best.training.tp; break;
            case search::DimPp: run.plan.training.pp = best.training.pp; break;
            case search::DimCp: run.plan.training.cp = best.training.cp; break;
            case search::DimEtp: run.plan.training.etp = best.training.etp; break;
            case search::DimEp: run.plan.training.ep = best.training.ep; break;
            case search::DimVpp:
                run.plan.training.vpp = best.training.vpp;
                if (torchtitanPipelineMicroBatch(run, run.plan.training, 1) > 0)
                    run.plan.training.micro_batch = best.training.micro_batch;
                break;
            case search::DimMicroBatch: run.plan.training.micro_batch = best.training.micro_batch; break;
            case search::DimZero: run.plan.training.zero = best.training.zero; break;
            case search::DimRecompute: run.plan.training.recompute = best.training.recompute; break;
            case search::DimSequenceParallel: run.plan.training.sequence_parallel = best.training.sequence_parallel; break;
            default: break;
            }
        }
        run.plan.training.dp = best.training.dp;
        run.plan.training.global_batch = best.training.global_batch;
    }
    return problems;
}

double predictedFigure(const Run &run, const Result &r)
{
    const double gpus = std::max(1, r.gpus);
    switch (run.metric) {
    case Metric::StepTime: return r.step_time_s;
    case Metric::TokensPerSecPerGpu: return r.tokens_per_s / gpus;
    case Metric::GpuHours: return r.gpu_hours;
    case Metric::TflopsPerGpu:
    case Metric::Mfu: {
        const double flops = run.hardware_flops ? r.hardware_flops_per_step
            : run.causal                        ? r.flops_per_step - r.attention_flops_per_step / 2
                                                : r.flops_per_step;
        const double tflops = r.step_time_s > 0 ? flops / (r.step_time_s * gpus) / 1e12 : 0;
        if (run.metric == Metric::TflopsPerGpu)
            return tflops;
        const double peak = run.mfu_peak_tflops > 0 ? run.mfu_peak_tflops
                                                    : (run.plan.training.precision == Precision::Fp8 && run.plan.gpu.fp8_dense_tflops > 0
                                                           ? run.plan.gpu.fp8_dense_tflops
                                                           : run.plan.gpu.bf16_dense_tflops);
        return peak > 0 ? tflops / peak : 0;
    }
    }
    return 0;
}

double fasterSign(Metric m) { return m == Metric::StepTime || m == Metric::GpuHours ? -1 : 1; }

QString metricKey(Metric m)
{
    for (const auto &[key, metric] : kMetricKeys)
        if (metric == m)
            return QLatin1String(key);
    return {};
}

QString frameworkFamily(const QString &framework)
{
    static const QStringList megatron = {QStringLiteral("megatron-lm"), QStringLiteral("nemo"), QStringLiteral("megatron-bridge"),
                                         QStringLiteral("megatron-deepspeed")};
    static const QStringList pytorch = {QStringLiteral("torchtitan"), QStringLiteral("pytorch-fsdp"), QStringLiteral("composer"),
                                        QStringLiteral("hf"), QStringLiteral("nanotron"), QStringLiteral("llm.c"),
                                        QStringLiteral("colossalai")};
    if (megatron.contains(framework) || framework.contains(QLatin1String("megatron")))
        return QStringLiteral("megatron");
    // Frameworks named "other:NAME" in the rows: PyTorch-native trainers by name.
    static const QStringList pytorchWords = {QStringLiteral("olmo"), QStringLiteral("nanogpt"), QStringLiteral("flash-attn"),
                                             QStringLiteral("lit-gpt"), QStringLiteral("pytorch"), QStringLiteral("meta")};
    for (const QString &w : pytorchWords)
        if (framework.contains(w))
            return QStringLiteral("pytorch-native");
    if (pytorch.contains(framework))
        return QStringLiteral("pytorch-native");
    if (framework == QLatin1String("deepspeed"))
        return QStringLiteral("deepspeed");
    return QStringLiteral("other");
}

QString groupKindKey(GroupKind kind)
{
    switch (kind) {
    case GroupKind::All: return QStringLiteral("all");
    case GroupKind::GpuFamily: return QStringLiteral("gpu");
    case GroupKind::Framework: return QStringLiteral("framework");
    case GroupKind::Architecture: return QStringLiteral("architecture");
    case GroupKind::Sharding: return QStringLiteral("sharding");
    case GroupKind::Context: return QStringLiteral("context");
    case GroupKind::Precision: return QStringLiteral("precision");
    case GroupKind::Scale: return QStringLiteral("scale");
    }
    return {};
}

QString groupOf(const Run &run, GroupKind kind)
{
    const TrainingSpec &t = run.plan.training;
    switch (kind) {
    case GroupKind::All: return QStringLiteral("all");
    case GroupKind::GpuFamily: return gpuFamily(run.plan.gpu.id.empty() ? QString() : QString::fromStdString(run.plan.gpu.id));
    case GroupKind::Framework: return frameworkFamily(run.framework);
    case GroupKind::Architecture: return run.plan.model.moe() ? QStringLiteral("moe") : QStringLiteral("dense");
    case GroupKind::Sharding: return t.zero >= 3 ? QStringLiteral("fsdp/zero-3") : QStringLiteral("no full sharding");
    case GroupKind::Context: return t.cp > 1 ? QStringLiteral("cp") : QStringLiteral("no cp");
    case GroupKind::Precision: return t.precision == Precision::Fp8 ? QStringLiteral("fp8") : QStringLiteral("bf16");
    case GroupKind::Scale: {
        const int gpus = run.plan.cluster.nodes * run.plan.cluster.gpus_per_node;
        if (gpus <= 8)
            return QStringLiteral("1 node");
        return gpus <= 1024 ? QStringLiteral("9-1024 GPUs") : QStringLiteral("over 1024 GPUs");
    }
    }
    return {};
}

const GpuConstants *Constants::find(const QString &gpu) const
{
    for (const GpuConstants &g : gpus)
        if (g.gpu == gpu)
            return &g;
    return nullptr;
}

Constants presetConstants(const std::vector<Run> &runs, const PresetCatalog &catalog)
{
    Constants c;
    QSet<QString> seen;
    auto add = [&](const QString &id) {
        if (seen.contains(id))
            return;
        seen.insert(id);
        Plan p;
        if (const std::optional<Preset> g = catalog.find(Section::Gpu, id))
            g->applyTo(p);
        const double fp8 = p.gpu.fp8_efficiency > 0 ? p.gpu.fp8_efficiency : p.gpu.compute_efficiency;
        int all = 0;
        for (const Run &r : runs)
            all += r.excluded.isEmpty() && QString::fromStdString(r.plan.gpu.id) == id ? 1 : 0;
        c.gpus.push_back({id, gpuFamily(id), p.gpu.compute_efficiency, fp8, p.gpu.attention_efficiency, 0, all});
    };
    add(QStringLiteral("h100-sxm"));
    for (const Run &r : runs)
        add(QString::fromStdString(r.plan.gpu.id));
    return c;
}

namespace {

// The plan with the GPU constants `g`.
Plan withGpu(Plan p, const GpuConstants &g)
{
    p.gpu.compute_efficiency = g.compute_efficiency;
    p.gpu.fp8_efficiency = g.fp8_efficiency;
    p.gpu.attention_efficiency = g.attention_efficiency;
    return p;
}

} // namespace

Plan withConstants(const Run &run, const Constants &c)
{
    const GpuConstants *g = c.find(QString::fromStdString(run.plan.gpu.id));
    return g ? withGpu(run.plan, *g) : run.plan;
}

namespace {

constexpr int kMinRowsToFit = 6;

// The family whose fitted figures a family without a fitted GPU of its own takes: the one that runs
// the same kernels. The workstation and consumer cards (GA102 Ampere, AD102 Ada) run the GEMM and
// attention kernels of the A100 (sm_80 to sm_89: mma.sync, FlashAttention-2; Hopper's wgmma and
// cuDNN's Hopper attention are not there): the A100's. Two sources on those cards, out of sample
// in every fold (nanoGPT's GPT-2 on an RTX 4090 at 55% of its peak; whyNLP's single-card TinyLlama
// runs at 55-80%), say the assumption this replaces, the H100's ratio (0.49), was 25-40% slow.
QString kernelFamily(const QString &family)
{
    return family == QLatin1String("workstation/consumer") ? QStringLiteral("a100") : family;
}

// Attention kernels measured on two GPUs of a family: `gpu`'s speed over `base`'s, which replaces
// their BF16 GEMM figures' ratio where a GPU's attention figure is set from its family's. cuDNN's fused
// attention on GB200 and GB300 (cudnn-frontend benchmark/sdpa_benchmark_training/results/llama3.1/
// gb200 and gb300 at 3929da2, April 2026: BF16, head width 128, causal, forward and backward together,
// 3.5 / (1/fwd + 2.5/bwd), 4k-32k tokens): 1,211.9, 1,393.2, 1,418.1 and 1,317.9 TFLOPS against
// 1,351.1, 1,534.4, 1,604.7 and 1,598.3; least squares through each series' ramp (phases.h, R 1,055
// and 1,210) give 1,484.4 and 1,718.0 on long sequences: 1.157. The GB300's fitted GEMM figures are
// 1.24-1.26 times the GB200's, so their ratio read its attention 8% fast (LOSO MAPE 10.39% to 10.33%).
// The B300 against the B200 (the same two dies on HGX boards) has no published benchmark and keeps
// the GEMM ratio; taking GB300's measured one too reads 10.32%, the B300 rows 2 points closer and its
// two outliers 1-3 points further (docs/model.md section 3).
struct MeasuredAttentionRatio {
    const char *gpu;
    const char *base;
    double ratio;
};
constexpr MeasuredAttentionRatio kMeasuredAttentionRatios[] = {{"gb300", "gb200", 1.157}};

// A row enters its family's attention fit when the attention kernel takes at least this share of
// its step (2026-12-04: 0.1, 0.2 and 0.3 give LOSO MAPE 12.1%, 12.0% and 12.0%).
constexpr double kAttentionShareToFit = 0.2;

// The run's absolute relative miss with the plan `p` (its constants applied), capped at 1; a plan
// the engine refuses misses by 1.
double relativeMiss(const Run &run, const Plan &p)
{
    const Evaluation e = evaluate(p);
    const double got = e.ok() ? predictedFigure(run, e.result) : 0;
    return std::min(1.0, std::abs(got - run.published) / run.published);
}

// Mean absolute relative error of the runs `idx` with GPU constants `g`.
double foldError(const std::vector<Run> &runs, const std::vector<int> &idx, const GpuConstants &g)
{
    double sum = 0;
    for (int i : idx)
        sum += relativeMiss(runs[size_t(i)], withGpu(runs[size_t(i)].plan, g));
    return idx.empty() ? 0 : sum / double(idx.size());
}

// The share of a row's step its attention kernel takes with the constants `g`: halving the kernel's
// efficiency doubles its time, so the step grows by exactly that time.
double attentionShare(const Run &run, const GpuConstants &g)
{
    Plan p = withGpu(run.plan, g);
    const Evaluation at = evaluate(p);
    p.gpu.attention_efficiency = g.attention_efficiency / 2;
    const Evaluation half = evaluate(p);
    if (!at.ok() || !half.ok() || !(at.result.step_time_s > 0))
        return 0;
    return std::max(0.0, (half.result.step_time_s - at.result.step_time_s) / at.result.step_time_s);
}

// Minimise f over [lo, hi]: a grid, then golden-section refinement around its best point.
template <typename F>
double minimise(F f, double lo, double hi)
{
    const int steps = 24;
    double best = lo, bestValue = f(lo);
    for (int i = 1; i <= steps; ++i) {
        const double x = lo + (hi - lo) * i / steps, v = f(x);
        if (v < bestValue) {
            best = x;
            bestValue = v;
        }
    }
    const double a = std::max(lo, best - (hi - lo) / steps), b = std::min(hi, best + (hi - lo) / steps);
    const double x = goldenSectionMinimum(f, a, b, 14);
    return f(x) <= bestValue ? x : best;
}

} // namespace

Constants fitConstants(const std::vector<Run> &runs, const std::vector<int> &fold, const Constants &start)
{
    Constants out = start;
    const GpuConstants *h100Start = start.find(QStringLiteral("h100-sxm"));
    // The rows of each GPU, BF16 and FP8 apart.
    std::map<QString, std::pair<std::vector<int>, std::vector<int>>> rows;
    for (int i : fold) {
        const Run &r = runs[size_t(i)];
        if (!r.excluded.isEmpty())
            continue;
        auto &[bf16, fp8] = rows[QString::fromStdString(r.plan.gpu.id)];
        (r.plan.training.precision == Precision::Fp8 ? fp8 : bf16).push_back(i);
    }
    // The GEMM figures are the GPU's own; the attention kernel's is its family's (B200 and GB200,
    // H100 and its power- and memory-variants run the same kernels), fitted on the rows of every GPU
    // of the family where attention is a real share of the step (kAttentionShareToFit): on the
    // others it would absorb whatever else a row misses (GPT-OSS's small experts pulled the B200's
    // to 0.26 without NeMo's long-context table; a GPU of one source traded it against its GEMMs).
    // On dense rows only, as the GEMM figures: an MoE row's miss is mostly its own terms', and with the
    // kernels' forward-and-backward ramps (2026-12-06) five Blackwell MoE rows (Mixtral 8x22B at 30%
    // fast, GPT-OSS at 23%) crossed the share and, without NeMo's table, pinned the B200's at 0.35.
    // Each GPU of a family takes the family's figure times its BF16 GEMM figure over the reference's
    // (the family's GPU with the most rows): a power cap slows both alike.
    struct Fit {
        GpuConstants *g;
        const GpuConstants *s;
        std::vector<int> bf16, fp8, every;
        bool fitBf16 = false, fitFp8 = false;
    };
    std::vector<Fit> fits;
    std::map<QString, std::vector<int>> attentionRows, familyRows; // per family
    for (GpuConstants &g : out.gpus) {
        const auto it = rows.find(g.gpu);
        g.rows = it == rows.end() ? 0 : int(it->second.first.size() + it->second.second.size());
        g.attention_fitted = false;
        if (it == rows.end())
            continue;
        for (const auto *list : {&it->second.first, &it->second.second})
            for (int i : *list) {
                familyRows[g.family].push_back(i);
                if (!runs[size_t(i)].plan.model.moe() && attentionShare(runs[size_t(i)], g) >= kAttentionShareToFit)
                    attentionRows[g.family].push_back(i);
            }
        if (g.rows < kMinRowsToFit) // too few to fit its GEMMs: the preset ratio below
            continue;
        Fit f{&g, start.find(g.gpu), it->second.first, it->second.second, {}};
        // The GEMM figures on the GPU's dense rows when it has six of a precision: an MoE row's miss
        // is mostly its own terms' (the per-expert costs, the dispatch, GPT-OSS's attention), and
        // fitted on every row the GEMM figure averaged those in (LOSO MAPE 11.9% -> 11.7%).
        auto denseOnly = [&](const std::vector<int> &v) {
            std::vector<int> d;
            for (int i : v)
                if (!runs[size_t(i)].plan.model.moe())
                    d.push_back(i);
            return int(d.size()) >= kMinRowsToFit ? d : v;
        };
        f.bf16 = denseOnly(f.bf16);
        f.fp8 = denseOnly(f.fp8);
        f.every = f.bf16;
        f.every.insert(f.every.end(), f.fp8.begin(), f.fp8.end());
        // A constant is fitted only on kMinRowsToFit rows or more; with fewer it keeps the preset's
        // ratio (one or two rows would fit noise: H800's single row asks for an FP8 efficiency of 0.95).
        f.fitBf16 = int(f.bf16.size()) >= kMinRowsToFit;
        f.fitFp8 = int(f.fp8.size()) >= kMinRowsToFit;
        fits.push_back(std::move(f));
    }
    // The family's GPU with the most rows by `count` (of a tie, the first id).
    auto mostRows = [&](const QString &family, int GpuConstants::*count) {
        GpuConstants *best = nullptr;
        for (GpuConstants &o : out.gpus)
            if (o.family == family
                && (!best || o.*count > best->*count || (o.*count == best->*count && o.gpu < best->gpu)))
                best = &o;
        return best;
    };
    // The family's reference GPU: the one with the most rows of the fold.
    auto reference = [&](const QString &family) { return mostRows(family, &GpuConstants::rows); };
    // The GPU whose figure a family's attention figure is: the family's GPU with the most counted rows
    // of every source (all_rows), the same in every fold. Chosen by the fold's rows, a fold that leaves
    // out a table of one GPU made another the reference and scaled the first's figure by their GEMM
    // figures' ratio: without NeMo 25.04's table the GB300 (its GEMM figure 1.3 times the B200's)
    // took the H100's attention figure and the B200 0.25 of its peak.
    auto attentionReference = [&](const QString &family) { return mostRows(family, &GpuConstants::all_rows); };
    // The speed of `o`'s attention kernel over the reference's: their BF16 GEMM figures' ratio (a power
    // cap slows both alike), or a measured one (kMeasuredAttentionRatios) times its base's GEMM ratio.
    auto attentionRatio = [&](const GpuConstants &o, const GpuConstants &ref) {
        for (const MeasuredAttentionRatio &m : kMeasuredAttentionRatios)
            if (o.gpu == QLatin1String(m.gpu) && ref.gpu != o.gpu)
                if (const GpuConstants *base = out.find(QLatin1String(m.base)); base && base->family == o.family)
                    return m.ratio * base->compute_efficiency / ref.compute_efficiency;
        return o.compute_efficiency / ref.compute_efficiency;
    };
    auto setFamilyAttention = [&](const QString &family, double x) {
        const GpuConstants *ref = attentionReference(family);
        for (GpuConstants &o : out.gpus)
            if (o.family == family)
                o.attention_efficiency = std::clamp(x * attentionRatio(o, *ref), 0.05, 1.0);
    };
    // Mean absolute relative error of `idx`, each row with its GPU's current constants.
    auto error = [&](const std::vector<int> &idx) {
        double sum = 0;
        for (int i : idx)
            sum += relativeMiss(runs[size_t(i)], withConstants(runs[size_t(i)], out));
        return idx.empty() ? 0.0 : sum / double(idx.size());
    };
    // A GPU with too few rows of the fold for its GEMM figures takes those of its family's reference
    // GPU when the fold fits one (A100 40 GB the 80 GB's: the same die; H800 the H100's), else those
    // of the reference of the family that runs its kernels (kernelFamily: the consumer cards the
    // A100's), else its preset's ratio to the H100's fitted figures. Never the preset's own figure:
    // it was fitted on every source, the left-out one too.
    auto fewRowGemms = [&] {
        const GpuConstants *h = out.find(QStringLiteral("h100-sxm"));
        for (GpuConstants &g : out.gpus) {
            if (g.rows >= kMinRowsToFit || (h && g.gpu == h->gpu))
                continue;
            const GpuConstants *ref = reference(g.family);
            if (!ref || ref == &g || ref->rows < kMinRowsToFit)
                ref = reference(kernelFamily(g.family));
            if (ref && ref != &g && ref->rows >= kMinRowsToFit) {
                g.compute_efficiency = ref->compute_efficiency;
                g.fp8_efficiency = ref->fp8_efficiency;
            } else if (h && h100Start && h->rows >= kMinRowsToFit) {
                const GpuConstants &st = *start.find(g.gpu);
                const double bf16 = st.compute_efficiency * h->compute_efficiency / h100Start->compute_efficiency;
                g.compute_efficiency = std::clamp(bf16, 0.05, 1.0);
                const double fp8 = st.fp8_efficiency * h->fp8_efficiency / h100Start->fp8_efficiency;
                g.fp8_efficiency = std::clamp(fp8, 0.05, 1.0);
            }
        }
    };
    // Coordinate descent, twice round: the BF16 GEMMs on each GPU's BF16 rows, the FP8 GEMMs on its
    // FP8 rows, then each family's attention kernel on its rows where attention weighs.
    for (int round = 0; round < 2; ++round) {
        for (Fit &f : fits) {
            GpuConstants &g = *f.g;
            const GpuConstants &s = *f.s;
            // One constant of g fitted on `on`: a trial value x of `field`, with FP8 kept in the preset's
            // ratio to BF16 when `fp8FollowsBf16` (no FP8 rows of its own to fit it on).
            auto fitField = [&](double GpuConstants::*field, const std::vector<int> &on, double lo, double hi, bool fp8FollowsBf16) {
                return minimise(
                    [&](double x) {
                        GpuConstants t = g;
                        t.*field = x;
                        if (fp8FollowsBf16)
                            t.fp8_efficiency = s.fp8_efficiency * x / s.compute_efficiency;
                        return foldError(runs, on, t);
                    },
                    lo, hi);
            };
            if (f.fitBf16)
                g.compute_efficiency = fitField(&GpuConstants::compute_efficiency, f.bf16, 0.2, 0.95, f.fp8.empty());
            if (f.fitFp8)
                g.fp8_efficiency = fitField(&GpuConstants::fp8_efficiency, f.fp8, 0.2, 0.95, false);
            // With too few rows of one precision, one scale on all of them: both GEMM efficiencies
            // keep their preset ratio.
            if (!f.fitBf16 && !f.fitFp8)
                g.compute_efficiency = fitField(&GpuConstants::compute_efficiency, f.every, 0.2, 0.95, true);
            // One precision fitted, the other not: the H100's ratio between them (H100 comes first).
            const GpuConstants *h = out.find(QStringLiteral("h100-sxm"));
            if (f.fitFp8 && !f.fitBf16 && h && h != &g)
                g.compute_efficiency = g.fp8_efficiency * h->compute_efficiency / h->fp8_efficiency;
            if (f.fitBf16 && !f.fitFp8)
                g.fp8_efficiency = h && h != &g ? g.compute_efficiency * h->fp8_efficiency / h->compute_efficiency
                                                : s.fp8_efficiency * g.compute_efficiency / s.compute_efficiency;
        }
        fewRowGemms();
        // A family whose rows do not pin its attention kernel: Blackwell and H200/H20 take H100's
        // figure (the same cuDNN and FlashAttention kernel families; H200 and H20 are the H100's die);
        // any other is fitted on all its rows when it has 2 * kMinRowsToFit, else takes the figure of
        // the family that runs its kernels (kernelFamily: the consumer cards the A100's), else keeps
        // its preset's.
        const GpuConstants *h100 = out.find(QStringLiteral("h100-sxm"));
        std::vector<QString> families; // H100's first: Blackwell may take its figure
        for (const auto &[family, all] : familyRows)
            families.insert(h100 && family == h100->family ? families.begin() : families.end(), family);
        for (const QString &family : families) {
            const std::vector<int> &all = familyRows[family];
            const auto it = attentionRows.find(family);
            const bool pinned = it != attentionRows.end() && int(it->second.size()) >= kMinRowsToFit;
            if (!pinned && (family == QLatin1String("blackwell") || family == QLatin1String("h200/h20"))) {
                if (h100 && h100->attention_fitted && h100->family != family)
                    setFamilyAttention(family, h100->attention_efficiency);
                continue;
            }
            const std::vector<int> &idx = pinned ? it->second : all;
            if (int(idx.size()) < (pinned ? kMinRowsToFit : 2 * kMinRowsToFit)) {
                const GpuConstants *kernels = reference(kernelFamily(family));
                if (kernels && kernels->family != family && kernels->attention_fitted) {
                    // Each of the family's GPUs then holds the kernels' figure times its BF16 GEMM
                    // figure over the kernel family's reference's (setFamilyAttention scales by ref).
                    const double ratio = reference(family)->compute_efficiency / kernels->compute_efficiency;
                    setFamilyAttention(family, kernels->attention_efficiency * ratio);
                }
                continue;
            }
            const double x = minimise(
                [&](double trial) {
                    setFamilyAttention(family, trial);
                    return error(idx);
                },
                0.15, 0.9);
            setFamilyAttention(family, x);
            for (GpuConstants &o : out.gpus)
                if (o.family == family)
                    o.attention_fitted = true;
        }
    }
    return out;
}

namespace {

// The figures of every group (docs/accuracy.md's tables) from the predictions of the counted rows
// `all`; a row the engine refused goes to rep.problems.
void groupFigures(const std::vector<Run> &runs, const std::vector<int> &all, Report &rep)
{
    for (GroupKind kind : kGroupKinds) {
        std::map<QString, GroupStats> groups;
        std::map<QString, std::vector<double>> absErrors;
        for (int i : all) {
            const Prediction &p = rep.predictions[size_t(i)];
            if (!p.evaluated) {
                if (kind == GroupKind::All)
                    rep.problems += runs[size_t(i)].id + QStringLiteral(": ") + p.error + QLatin1Char('\n');
                continue;
            }
            GroupStats &g = groups[groupOf(runs[size_t(i)], kind)];
            g.kind = kind;
            g.group = groupOf(runs[size_t(i)], kind);
            ++g.rows;
            const double sign = fasterSign(runs[size_t(i)].metric);
            g.mape += std::abs(p.loso_error);
            absErrors[g.group].push_back(std::abs(p.loso_error));
            g.max = std::max(g.max, std::abs(p.loso_error));
            g.signed_mean += sign * p.loso_error;
            g.in_mape += std::abs(p.in_sample_error);
            g.in_max = std::max(g.in_max, std::abs(p.in_sample_error));
            g.in_signed_mean += sign * p.in_sample_error;
            g.flagged += p.fits ? 0 : 1;
        }
        for (auto &[name, g] : groups) {
            std::vector<double> &e = absErrors[name];
            std::sort(e.begin(), e.end());
            g.median = e.size() % 2 ? e[e.size() / 2] : (e[e.size() / 2 - 1] + e[e.size() / 2]) / 2;
            g.mape /= g.rows;
            g.signed_mean /= g.rows;
            g.in_mape /= g.rows;
            g.in_signed_mean /= g.rows;
            rep.groups.push_back(g);
        }
    }
}

} // namespace

Report crossValidate(const std::vector<Run> &runs, const Constants &start)
{
    Report rep;
    rep.predictions.resize(runs.size());
    std::vector<int> all;
    QStringList sources;
    for (int i = 0; i < int(runs.size()); ++i) {
        if (!runs[size_t(i)].excluded.isEmpty())
            continue;
        all.push_back(i);
        if (!sources.contains(runs[size_t(i)].source_id))
            sources << runs[size_t(i)].source_id;
    }
    rep.sources = int(sources.size());
    rep.counted = int(all.size());
    rep.fitted = fitConstants(runs, all, start);
    // Evaluate run i with constants c: its figure and error, and (`full`) what the report shows of
    // the plan. False, with the engine's reason, when the engine refuses the plan.
    auto predict = [&](int i, const Constants &c, double &figure, double &error, bool full) {
        const Run &r = runs[size_t(i)];
        const Plan plan = withConstants(r, c);
        const Evaluation e = evaluate(plan);
        Prediction &p = rep.predictions[size_t(i)];
        if (!e.ok()) {
            p.evaluated = false;
            p.error = QString::fromStdString(e.errors.front().field + ": " + e.errors.front().message);
            return false;
        }
        figure = predictedFigure(r, e.result);
        error = (figure - r.published) / r.published;
        if (full) {
            p.fits = e.result.fits_in_memory;
            p.memory_gb = e.result.memory_total_gb;
            p.step_time_s = e.result.step_time_s;
            p.plan = plan;
            p.tokens_per_s_per_gpu = e.result.gpus > 0 ? e.result.tokens_per_s / e.result.gpus : 0;
        }
        return true;
    };
    // Excluded rows: predicted with the in-sample constants, reported only.
    for (int i = 0; i < int(runs.size()); ++i) {
        Prediction &p = rep.predictions[size_t(i)];
        p.evaluated = predict(i, rep.fitted, p.in_sample, p.in_sample_error, !runs[size_t(i)].excluded.isEmpty());
        if (p.evaluated && !runs[size_t(i)].excluded.isEmpty()) {
            p.loso = p.in_sample;
            p.loso_error = p.in_sample_error;
        }
    }
    for (const QString &src : sources) {
        std::vector<int> fold, held;
        for (int i : all)
            (runs[size_t(i)].source_id == src ? held : fold).push_back(i);
        const Constants c = fitConstants(runs, fold, start);
        for (int i : held) {
            Prediction &p = rep.predictions[size_t(i)];
            if (p.evaluated)
                predict(i, c, p.loso, p.loso_error, true);
        }
    }
    groupFigures(runs, all, rep);
    return rep;
}

MemoryMatch memoryMatch(const Run &run, double engineGb)
{
    if (!run.published_memory_gb)
        return MemoryMatch::NotPrinted;
    if (*run.published_memory_gb > run.plan.gpu.memory_gb)
        return MemoryMatch::MoreThanTheGpuHolds;
    return std::abs(engineGb / *run.published_memory_gb - 1) <= 0.10 ? MemoryMatch::Within : MemoryMatch::Outside;
}

double timeFactor(const Run &run, const Prediction &p)
{
    // Time metrics: published / engine; rates: engine / published. > 1: the run was slower.
    return fasterSign(run.metric) < 0 ? run.published / p.loso : p.loso / run.published;
}

RangeCoverage rangeCoverage(const std::vector<Run> &runs, const Report &rep, const PresetCatalog &catalog, const EngineAccuracyData &data,
                            int samples)
{
    RangeCoverage out;
    std::map<QString, Coverage> groups;
    std::vector<double> widths;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const Run &r = runs[i];
        const Prediction &p = rep.predictions[i];
        if (!r.excluded.isEmpty() || !p.evaluated)
            continue;
        const double published = p.step_time_s * timeFactor(r, p);
        Scenario s;
        s.plan = p.plan;
        for (Section sec : kPresetSections) {
            const std::string &id = sec == Section::Model ? s.plan.model.id : sec == Section::Gpu ? s.plan.gpu.id
                                                                                                  : s.plan.cluster.id;
            if (catalog.find(sec, QString::fromStdString(id)))
                s.presetOf(sec) = QString::fromStdString(id);
        }
        std::vector<uncertainty::FieldNote> notes = scenarioNotes(s, catalog);
        // The run is held out of its own regime, as it was held out of the fit.
        const EngineRegime regime = engineRegime(s.plan, data, r.source_id);
        for (uncertainty::FieldNote &n : notes)
            if (n.path == "engine.step_time_error")
                n = engineErrorNote(regime);
        const uncertainty::Summary sum = uncertainty::monteCarlo(uncertainty::planInputs(s.plan, notes), uncertainty::Options{samples, 1, 1});
        const uncertainty::Percentiles &st = sum.of(uncertainty::Metric::StepTime);
        const bool in80 = published >= st.p10 && published <= st.p90, in50 = published >= st.p25 && published <= st.p75;
        if (st.p50 > 0)
            widths.push_back((st.p90 - st.p10) / st.p50);
        auto count = [&](Coverage &c) {
            ++c.rows;
            c.in80 += in80 ? 1 : 0;
            c.in50 += in50 ? 1 : 0;
        };
        count(out.all);
        for (GroupKind kind : kGroupKinds)
            if (kind != GroupKind::All)
                count(groups[groupKindKey(kind) + QLatin1Char(':') + groupOf(r, kind)]);
    }
    for (auto &g : groups)
        out.groups.emplace_back(g.first, g.second);
    if (!widths.empty()) {
        std::sort(widths.begin(), widths.end());
        out.medianWidth = widths[widths.size() / 2];
    }
    return out;
}

} // namespace commtax::accuracy
