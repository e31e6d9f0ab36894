// SPDX-License-Identifier: GPL-3.0-or-later
#include "trainingcalibration.h"

#include "core/goldensection.h"
#include "core/sentencetext.h"
#include "engine/engine.h"
#include "engine/limits.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace commtax {

using traininglog::ConfigEntry;
using traininglog::Framework;
using traininglog::TrainingLog;

namespace {

using F = FieldId;

QString qs(const std::string &s) { return QString::fromStdString(s); }

// A value inside a sentence (engine/enginetext.h): the log's own words, a field path, a number.
Sentence val(const QString &s) { return s.toStdString(); }
Sentence val(const char *s) { return std::string(s); }
Sentence val(int v) { return std::to_string(v); }
Sentence val(double v) { return QString::number(v).toStdString(); }

// A field's path as the read plan keys it, "training.tp" (its row, engine/limits.h).
QString path(FieldId id) { return QLatin1String(fieldPath(id)); }

// A value as the frameworks print it: "None" and "null" are no value.
std::optional<QString> text(const TrainingLog &log, const char *key, int *line = nullptr)
{
    const ConfigEntry *e = log.find(key);
    if (!e)
        return std::nullopt;
    QString v = qs(e->value).trimmed();
    if (v.size() >= 2 && (v.front() == QLatin1Char('\'') || v.front() == QLatin1Char('"')))
        v = v.mid(1, v.size() - 2);
    if (line)
        *line = e->line;
    return v;
}

bool isNone(const std::optional<QString> &v)
{
    return !v || v->compare(QLatin1String("None"), Qt::CaseInsensitive) == 0
        || v->compare(QLatin1String("null"), Qt::CaseInsensitive) == 0 || v->isEmpty();
}

std::optional<double> number(const TrainingLog &log, const char *key, int *line = nullptr)
{
    const std::optional<QString> v = text(log, key, line);
    if (isNone(v))
        return std::nullopt;
    bool ok = false;
    const double d = v->toDouble(&ok);
    if (!ok || !std::isfinite(d))
        return std::nullopt;
    return d;
}

std::optional<bool> flag(const TrainingLog &log, const char *key, int *line = nullptr)
{
    const std::optional<QString> v = text(log, key, line);
    if (!v)
        return std::nullopt;
    const QString l = v->toLower();
    if (l == QLatin1String("true") || l == QLatin1String("1"))
        return true;
    if (l == QLatin1String("false") || l == QLatin1String("0") || l == QLatin1String("none"))
        return false;
    return std::nullopt;
}

struct Reader {
    const TrainingLog &log;
    TrainingPlanRead &r;
    void set(const QString &path, const QJsonValue &v, int line) // a value the log prints
    {
        r.fields.insert(path, v);
        r.lines.insert(path, line);
    }
    bool integer(const QString &path, const char *key)
    {
        int line = 0;
        const std::optional<double> v = number(log, key, &line);
        if (!v || *v < 0 || *v > 1e9 || std::floor(*v) != *v)
            return false;
        set(path, int(*v), line);
        return true;
    }
    // A probability the log prints (a dropout rate), within the field's range [0, 0.9].
    bool probability(const QString &path, const char *key)
    {
        int line = 0;
        const std::optional<double> v = number(log, key, &line);
        if (!v || *v < 0 || *v > 0.9)
            return false;
        set(path, *v, line);
        return true;
    }
    // A field Megatron-LM's and Megatron-Bridge's logs print by Megatron core's name (its launch name,
    // engine/limits.h: "tensor_model_parallel_size").
    bool mcore(FieldId id) { return integer(path(id), launchNames(id).mcore); }
    void note(Sentence n) { r.notes.push_back(std::move(n)); }
    int get(const QString &path, int fallback = 0) const { return r.fields.value(path).toInt(fallback); }
};

// Megatron-LM's and Megatron-Bridge's model: sizes, attention, MLP, embeddings and experts.
void readMegatronModel(Reader &rd, bool bridge)
{
    const TrainingLog &log = rd.log;
    rd.mcore(F::model_layers);
    // Megatron-LM's argument dump and NeMo's and Megatron-Bridge's model config print hidden_dropout
    // (the masks the activations keep, docs/model.md §8).
    rd.probability(path(F::model_dropout), launchNames(F::model_dropout).mcore);
    rd.mcore(F::model_hidden);
    rd.mcore(F::model_heads);
    rd.mcore(F::model_ffn);
    if (!rd.integer(path(F::model_vocab), "padded_vocab_size"))
        rd.mcore(F::model_vocab);
    int line = 0;
    const std::optional<bool> gqa = flag(log, "group_query_attention", &line);
    if (!rd.mcore(F::model_kv_heads) || (gqa && !*gqa)) {
        if (rd.r.fields.contains(path(F::model_heads))) {
            rd.set(path(F::model_kv_heads), rd.r.fields.value(path(F::model_heads)), line);
            rd.note(sentence(CT_TR("commtax::TrainingLog",
                                   "kv_heads = heads: no grouped-query attention in the log")));
        }
    }
    const std::optional<bool> swiglu = flag(log, bridge ? "gated_linear_unit" : "swiglu", &line);
    rd.set(path(F::model_mlp), swiglu && *swiglu ? QStringLiteral("swiglu") : QStringLiteral("gelu"), line);
    if (!swiglu)
        rd.note(sentence(CT_TR("commtax::TrainingLog",
                               "mlp = gelu: the framework's default (the log does not print "
                               "swiglu)")));
    const std::optional<bool> untie
        = bridge ? std::optional<bool>() : flag(log, "untie_embeddings_and_output_weights", &line);
    const std::optional<bool> share
        = bridge ? flag(log, "share_embeddings_and_output_weights", &line) : std::optional<bool>();
    rd.set(path(F::model_tied_embeddings), share ? *share : !(untie && *untie), line);
    if (const std::optional<double> kv = number(log, "kv_channels", &line); kv
        && rd.get(path(F::model_heads)) > 0 && *kv >= 1 && *kv <= 65536
        && int(*kv) * rd.get(path(F::model_heads)) != rd.get(path(F::model_hidden)))
        rd.set(path(F::model_head_dim), int(*kv), line);
    if (rd.integer(path(F::model_experts), bridge ? "num_moe_experts" : "num_experts")) {
        rd.mcore(F::model_experts_per_token);
        if (!rd.mcore(F::model_expert_ffn)
            && rd.r.fields.contains(path(F::model_ffn)))
            rd.set(path(F::model_expert_ffn), rd.r.fields.value(path(F::model_ffn)), 0);
    }
}

// Megatron-LM's and Megatron-Bridge's parallel layout, batch, recompute, precision, kernels and GPUs.
void readMegatronTraining(Reader &rd, bool bridge)
{
    const TrainingLog &log = rd.log;
    int line = 0;
    rd.mcore(F::training_seq_len);
    rd.mcore(F::training_micro_batch);
    rd.mcore(F::training_global_batch);
    rd.mcore(F::training_tp);
    rd.mcore(F::training_pp);
    for (const FieldId id : {F::training_cp, F::training_ep, F::training_vpp})
        if (!rd.mcore(id) && !rd.r.missing.contains(path(id))) {
            rd.set(path(id), 1, 0);
            const QString key = QLatin1String(launchNames(id).mcore);
            rd.note(sentence(CT_TR("commtax::TrainingLog",
                                   "%1 = 1: %2 is not printed or None"),
                             {val(path(id)), val(key)}));
        }
    if (const std::optional<bool> sp = flag(log, "sequence_parallel", &line))
        rd.set(path(F::training_sequence_parallel), *sp, line);
    if (const std::optional<QString> rg = text(log, "recompute_granularity", &line)) {
        const QString g = isNone(rg) ? QStringLiteral("none") : rg->toLower();
        if (g == QLatin1String("none") || g == QLatin1String("selective") || g == QLatin1String("full"))
            rd.set(path(F::training_recompute), g, line);
    }
    const std::optional<QString> fp8 = text(log, "fp8", &line);
    if (fp8) {
        const QString v = fp8->toLower();
        rd.set(path(F::training_precision),
               isNone(fp8) || v == QLatin1String("false") ? QStringLiteral("bf16") : QStringLiteral("fp8"), line);
    } else if (flag(log, "bf16", &line) || flag(log, "fp16", &line)) {
        rd.set(path(F::training_precision), QStringLiteral("bf16"), line);
    }
    if (const std::optional<bool> d = flag(log, "use_distributed_optimizer", &line))
        rd.set(path(F::training_zero), *d ? 1 : 0, line);
    const std::optional<bool> flash = flag(log, "use_flash_attn", &line);
    const std::optional<QString> impl = text(log, "transformer_impl", &line);
    if (impl && !isNone(impl))
        rd.set(path(F::training_flash_attention),
               *impl == QLatin1String("transformer_engine") || (flash && *flash), line);
    else if (flash)
        rd.set(path(F::training_flash_attention), *flash, line);
    // Megatron-Core's --attention-backend (AttnBackend.flash, fused, unfused, local or auto): flash is
    // the flash-attn package (FlashAttention-2), fused and auto Transformer Engine's cuDNN attention,
    // unfused and local no fused kernel at all.
    if (const std::optional<QString> backend = text(log, "attention_backend", &line); backend && !isNone(backend)) {
        const QString b = backend->section(QLatin1Char('.'), -1).toLower();
        const bool unfused = b == QLatin1String("unfused") || b == QLatin1String("local");
        rd.set(path(F::training_flash_attention), !unfused, line);
        if (!unfused)
            rd.set(path(F::training_attention_kernel),
                   b == QLatin1String("flash") ? QStringLiteral("flash2") : QStringLiteral("cudnn"), line);
    }
    if (const std::optional<bool> f = flag(log, "cross_entropy_loss_fusion", &line))
        rd.set(path(F::training_fused_cross_entropy), *f, line);
    if (!rd.integer(QStringLiteral("gpus"), "world_size") && !bridge)
        rd.note(sentence(CT_TR("commtax::TrainingLog", "world_size is not printed: give the GPU count %1"),
                         {traininglog::giveWithSet({"gpus=N"})}));
    // NeMo's trainer config: num_nodes x devices (GPUs per node).
    const std::optional<double> nodes = number(log, "num_nodes", &line);
    const std::optional<double> devices = number(log, "devices");
    if (bridge && !rd.r.fields.contains(QStringLiteral("gpus")) && nodes && devices && *nodes >= 1 && *devices >= 1
        && *nodes <= 1e5 && *devices <= 64 && std::floor(*nodes) == *nodes && std::floor(*devices) == *devices) {
        rd.set(QStringLiteral("gpus"), int(*nodes * *devices), line);
        rd.note(sentence(CT_TR("commtax::TrainingLog", "GPUs = trainer.num_nodes x trainer.devices")));
    }
}

void readMegatron(Reader &rd, bool bridge)
{
    readMegatronModel(rd, bridge);
    readMegatronTraining(rd, bridge);
}

// torchtitan's Llama model: sizes, heads, vocabulary and its FFN formula.
void readTorchtitanModel(Reader &rd)
{
    const TrainingLog &log = rd.log;
    rd.integer(path(F::model_layers), "n_layers");
    rd.integer(path(F::model_hidden), "dim");
    rd.integer(path(F::model_heads), "n_heads");
    if (!rd.integer(path(F::model_kv_heads), "n_kv_heads")
        && rd.r.fields.contains(path(F::model_heads)) && log.find("n_kv_heads")) {
        rd.set(path(F::model_kv_heads), rd.r.fields.value(path(F::model_heads)),
               log.find("n_kv_heads")->line);
        rd.note(sentence(CT_TR("commtax::TrainingLog", "kv_heads = heads: n_kv_heads is None")));
    }
    rd.integer(path(F::model_vocab), "vocab_size");
    // torchtitan's Llama FFN width (torchtitan/models/llama3/model): int(2 * 4 * dim / 3), times
    // ffn_dim_multiplier, rounded up to a multiple of multiple_of.
    int line = 0;
    const std::optional<double> dim = number(log, "dim", &line);
    const std::optional<double> multiple = number(log, "multiple_of");
    if (dim && multiple && *multiple > 0 && *dim > 0 && *dim < 1e7) {
        double h = std::floor(2.0 * 4.0 * *dim / 3.0);
        if (const std::optional<double> m = number(log, "ffn_dim_multiplier"))
            h = std::floor(*m * h);
        const double ffn = *multiple * std::ceil(h / *multiple);
        if (ffn >= 1 && ffn <= 1e8) {
            rd.set(path(F::model_ffn), int(ffn), line);
            rd.note(
                sentence(CT_TR("commtax::TrainingLog",
                               "ffn = %1 from dim, multiple_of and ffn_dim_multiplier "
                               "(torchtitan's Llama formula)"),
                         {val(int(ffn))}));
        }
    }
    if (log.find("dim")) {
        rd.set(path(F::model_mlp), QStringLiteral("swiglu"), 0);
        rd.set(path(F::model_tied_embeddings), false, 0);
        rd.note(sentence(CT_TR("commtax::TrainingLog",
                               "mlp = swiglu, untied embeddings: torchtitan's Llama")));
    }
}

// torchtitan's batch and device mesh: tp, pp, cp, the data-parallel degree, GPUs and ZeRO.
void readTorchtitanMesh(Reader &rd)
{
    const TrainingLog &log = rd.log;
    int line = 0;
    rd.integer(path(F::training_seq_len), "seq_len");
    rd.integer(path(F::training_micro_batch), "local_batch_size");
    const bool mesh = log.find("mesh.dp_shard") || log.find("mesh.dp_replicate") || log.find("mesh.tp")
        || log.find("mesh.pp") || log.find("mesh.cp");
    double gpus = 1; // products in double: a wild value in a log must not overflow
    int meshLine = 0;
    // The mesh's short names, or the config's (torchtitan's launch names of the field rows, engine/limits.h).
    for (const auto &[name, id] :
         {std::pair{"mesh.tp", F::training_tp}, std::pair{"mesh.pp", F::training_pp},
          std::pair{"mesh.cp", F::training_cp}}) {
        if (rd.integer(path(id), name) || rd.integer(path(id), launchNames(id).torchtitan)) {
            gpus *= rd.get(path(id), 1);
            meshLine = rd.r.lines.value(path(id));
        } else if (mesh) {
            rd.set(path(id), 1, 0);
        }
    }
    double dp = 1;
    bool dpKnown = false;
    for (const char *k : {"mesh.dp_shard", "mesh.dp_replicate"})
        if (const std::optional<double> v = number(log, k, &line); v && *v > 0) {
            dp *= std::floor(*v);
            dpKnown = true;
            meshLine = line;
        }
    if (mesh) {
        gpus *= dp;
        if (gpus >= 1 && gpus <= 1e7)
            rd.set(QStringLiteral("gpus"), int(gpus), meshLine);
        const std::optional<double> shard = number(log, "mesh.dp_shard");
        rd.set(path(F::training_zero), shard && *shard > 1 ? 3 : 0, meshLine);
        if (dpKnown && !log.find("global_batch_size") && dp <= 1e7
            && rd.r.fields.contains(path(F::training_micro_batch))) {
            rd.set(path(F::training_global_batch),
                   int(std::min(1e9, rd.get(path(F::training_micro_batch)) * dp)), 0);
            rd.note(sentence(CT_TR("commtax::TrainingLog",
                                   "global_batch = local_batch_size x the data-parallel degree")));
        }
        if (rd.get(path(F::training_tp), 1) > 1)
            rd.set(path(F::training_sequence_parallel), true, meshLine);
    }
    rd.integer(path(F::training_global_batch), "global_batch_size");
}

void readTorchtitan(Reader &rd)
{
    const TrainingLog &log = rd.log;
    readTorchtitanModel(rd);
    readTorchtitanMesh(rd);
    int line = 0;
    if (const std::optional<QString> ac = text(log, "activation_checkpoint", &line)) {
        // torchtitan's selective checkpointing is its per-op policy (the engine's "ops", plan.h).
        const bool selective = *ac == QLatin1String("selective");
        rd.set(path(F::training_recompute), selective ? QStringLiteral("ops") : *ac, line);
        if (selective)
            rd.note(sentence(CT_TR("commtax::TrainingLog",
                                   "recompute = ops: torchtitan's selective activation "
                                   "checkpointing saves per op")));
    } else if (!log.runs.empty() && log.find("dim")) {
        rd.set(path(F::training_recompute), QStringLiteral("none"), 0);
        rd.note(sentence(CT_TR("commtax::TrainingLog",
                               "recompute = none: no \"Applied ... activation checkpointing\" "
                               "line")));
    }
    rd.set(path(F::training_precision), log.find("float8") ? QStringLiteral("fp8") : QStringLiteral("bf16"),
           log.find("float8") ? log.find("float8")->line : 0);
    // torchao's Float8Linear casts the weights in every micro-batch's forward (docs/model.md §3).
    if (const ConfigEntry *float8 = log.find("float8"))
        rd.set(path(F::training_fp8_weight_cache), false, float8->line);
    rd.set(path(F::training_flash_attention), true, 0);
    // torchtitan's attention is PyTorch's scaled_dot_product_attention: FlashAttention-2 on NVIDIA GPUs.
    rd.set(path(F::training_attention_kernel), QStringLiteral("flash2"), 0);
    // torchtitan's loss is PyTorch's F.cross_entropy on fp32 logits, eager unless the log says it
    // compiled it (docs/model.md §8: 12 bytes a logit eager, 4 compiled).
    const ConfigEntry *lossCompiled = log.find("compile_loss");
    rd.set(path(F::training_unfused_loss), lossCompiled ? QStringLiteral("compiled") : QStringLiteral("pytorch"),
           lossCompiled ? lossCompiled->line : 0);
    if (!lossCompiled)
        rd.note(sentence(CT_TR("commtax::TrainingLog",
                               "unfused_loss = pytorch: no \"Compiling the loss function\" "
                               "line (torchtitan from 2025-04 prints it; from 2024-10-22 to "
                               "2024-12-18 it compiled the loss silently)")));
    if (log.find("compile"))
        rd.note(sentence(CT_TR("commtax::TrainingLog",
                               "torch.compile is on: the engine models only its loss "
                               "(unfused_loss), the fit absorbs the rest of its speed-up")));
    // torchtitan's AdamW is fused by default since 2025-02-24 (6e4988550) and was foreach before; the
    // log does not print it.
    rd.note(sentence(CT_TR("commtax::TrainingLog",
                           "optimizer_kernel: the log does not say; torchtitan steps "
                           "fused AdamW by default since 2025-02 and foreach before: set "
                           "optimizer_kernel foreach for an older run")));
}

void readHfModel(Reader &rd);

void readHf(Reader &rd)
{
    const TrainingLog &log = rd.log;
    readHfModel(rd);
    int line = 0;
    rd.integer(path(F::training_micro_batch), "per_device_train_batch_size");
    rd.integer(path(F::training_global_batch), "total_train_batch_size");
    const std::optional<double> total = number(log, "total_train_batch_size", &line);
    const std::optional<double> per = number(log, "per_device_train_batch_size");
    const double ga = number(log, "gradient_accumulation_steps").value_or(1);
    const double derived = total && per && *per > 0 && ga > 0 ? *total / (*per * ga) : 0;
    if (!rd.integer(QStringLiteral("gpus"), "num_processes") && derived >= 1 && derived <= 1e7
        && derived == std::floor(derived)) {
        rd.set(QStringLiteral("gpus"), int(derived), line);
        rd.note(sentence(CT_TR("commtax::TrainingLog",
                               "GPUs = total train batch / (batch per device x gradient "
                               "accumulation)")));
    }
    if (rd.r.fields.contains(QStringLiteral("gpus"))) {
        rd.set(path(F::training_tp), 1, 0);
        rd.set(path(F::training_pp), 1, 0);
        rd.set(path(F::training_cp), 1, 0);
    }
    if (const std::optional<bool> gc = flag(log, "gradient_checkpointing", &line))
        rd.set(path(F::training_recompute), *gc ? QStringLiteral("full") : QStringLiteral("none"), line);
    rd.set(path(F::training_precision), QStringLiteral("bf16"), 0);
    // The Trainer's optimizer (docs/model.md §5): its default, adamw_torch, is PyTorch's foreach AdamW
    // (transformers #25109, 2023-07) until adamw_torch_fused became the default on PyTorch 2.8
    // (transformers #37358, 2025-07); adamw_hf before it made the same passes. A log that prints its
    // optim says which.
    if (const std::optional<QString> optim = text(log, "optim", &line)) {
        const QString o = optim->toLower();
        if (o.contains(QLatin1String("fused")))
            rd.set(path(F::training_optimizer_kernel), QStringLiteral("fused"), line);
        else if (o.contains(QLatin1String("adamw_torch")) || o.contains(QLatin1String("adamw_hf")))
            rd.set(path(F::training_optimizer_kernel), QStringLiteral("foreach"), line);
        else
            rd.note(sentence(CT_TR("commtax::TrainingLog",
                                   "optim = %1: neither PyTorch's foreach AdamW nor a fused one; "
                                   "optimizer_kernel left to the plan"),
                             {val(*optim)}));
    } else {
        rd.set(path(F::training_optimizer_kernel), QStringLiteral("foreach"), 0);
        rd.note(sentence(CT_TR("commtax::TrainingLog",
                               "optimizer_kernel = foreach: the log prints no optim; the "
                               "Trainer's default, adamw_torch, until PyTorch 2.8 "
                               "(adamw_torch_fused since)")));
    }
}

// The model as transformers prints its config ("hidden_size": 4096, ...), under the HF Trainer or
// DeepSpeed.
void readHfModel(Reader &rd)
{
    const TrainingLog &log = rd.log;
    rd.integer(path(F::model_layers), "num_hidden_layers");
    rd.integer(path(F::model_hidden), "hidden_size");
    rd.integer(path(F::model_heads), "num_attention_heads");
    rd.integer(path(F::model_kv_heads), "num_key_value_heads");
    rd.integer(path(F::model_ffn), "intermediate_size");
    rd.integer(path(F::model_vocab), "vocab_size");
    int line = 0;
    if (const std::optional<QString> act = text(log, "hidden_act", &line))
        rd.set(path(F::model_mlp),
               *act == QLatin1String("silu") ? QStringLiteral("swiglu") : QStringLiteral("gelu"), line);
    if (const std::optional<bool> t = flag(log, "tie_word_embeddings", &line))
        rd.set(path(F::model_tied_embeddings), *t, line);
    // The residual dropout by its names in transformers' configs (GPT-2: resid_pdrop); Llama's, Mistral's
    // and Qwen's configs have only attention_dropout.
    for (const char *key : {"hidden_dropout", "resid_pdrop", "attention_dropout"})
        if (rd.probability(path(F::model_dropout), key))
            break;
    if (!rd.integer(path(F::training_seq_len), "max_seq_length"))
        rd.integer(path(F::training_seq_len), "block_size");
}

// DeepSpeed's engine: DeepSpeedConfig's dump ("train_batch_size ... 16", deepspeed/runtime/config.py
// 1000-1007) and its JSON ("json.zero_optimization.stage"), the FLOPS profiler's sizes. The
// config's world_size is the data-parallel size when the model is split by an mpu, all GPUs
// otherwise (config.py:722-733); the profiler's "world size" is every GPU.
void readDeepSpeed(Reader &rd)
{
    const TrainingLog &log = rd.log;
    readHfModel(rd);
    if (!rd.integer(path(F::training_micro_batch), "train_micro_batch_size_per_gpu")
        && !rd.integer(path(F::training_micro_batch), "json.train_micro_batch_size_per_gpu"))
        rd.integer(path(F::training_micro_batch), "profiler.micro_batch");
    if (!rd.integer(path(F::training_global_batch), "train_batch_size"))
        rd.integer(path(F::training_global_batch), "json.train_batch_size");
    int line = 0;
    const int mp = int(number(log, "profiler.mp_size", &line).value_or(0));
    if (mp >= 1 && mp <= 1000000) {
        rd.set(path(F::training_tp), mp, line);
        rd.note(sentence(CT_TR("commtax::TrainingLog",
                               "tp = %1: the FLOPS profiler's model parallel size (a pipeline "
                               "split is given %2)"),
                         {val(mp), traininglog::giveWithSet({"training.pp=N", "training.tp=M"})}));
    } else {
        rd.set(path(F::training_tp), 1, 0);
        rd.note(sentence(CT_TR("commtax::TrainingLog",
                               "tp = 1: DeepSpeed's engine prints no model-parallel size "
                               "(Megatron-DeepSpeed's arguments dump does: give it %1)"),
                         {traininglog::giveWithSet({"training.tp=N"})}));
    }
    rd.set(path(F::training_pp), 1, 0);
    rd.set(path(F::training_cp), 1, 0);
    if (!rd.integer(QStringLiteral("gpus"), "profiler.world_size")) {
        const std::optional<double> ws = number(log, "world_size", &line);
        if (ws && *ws >= 1 && *ws <= 1e6 && std::floor(*ws) == *ws) {
            rd.set(QStringLiteral("gpus"), int(*ws) * rd.get(path(F::training_tp), 1), line);
            if (rd.get(path(F::training_tp), 1) > 1)
                rd.note(sentence(CT_TR("commtax::TrainingLog",
                                       "GPUs = world_size (DeepSpeed's data-parallel size) x tp")));
        }
    }
    if (!rd.integer(path(F::training_zero), "zero_optimization_stage"))
        rd.integer(path(F::training_zero), "json.zero_optimization.stage");
    if (rd.get(path(F::training_zero)) > 3)
        rd.r.fields.remove(path(F::training_zero));
    const std::optional<bool> bf16 = flag(log, "bfloat16_enabled", &line);
    int fp16Line = 0;
    const std::optional<bool> fp16 = flag(log, "fp16_enabled", &fp16Line);
    if ((bf16 && *bf16) || (fp16 && *fp16)) {
        rd.set(path(F::training_precision), QStringLiteral("bf16"), bf16 && *bf16 ? line : fp16Line);
        if (!(bf16 && *bf16))
            rd.note(sentence(CT_TR("commtax::TrainingLog",
                                   "precision = bf16: the log trains in fp16, priced as bf16")));
    } else if (bf16 || fp16) {
        rd.note(sentence(CT_TR("commtax::TrainingLog",
                               "the log trains in fp32, which the model does not price: give "
                               "training.precision")));
    }
    if (const std::optional<bool> gc = flag(log, "gradient_checkpointing", &line))
        rd.set(path(F::training_recompute), *gc ? QStringLiteral("full") : QStringLiteral("none"), line);
}

// What the engine needs to price a step; anything else takes the engine's default.
const QStringList &requiredPaths()
{
    static const QStringList paths = {path(F::model_layers),
                                      path(F::model_hidden),
                                      path(F::model_heads),
                                      path(F::model_ffn),
                                      path(F::model_vocab),
                                      path(F::training_seq_len),
                                      path(F::training_micro_batch),
                                      path(F::training_global_batch),
                                      path(F::training_tp),
                                      path(F::training_pp),
                                      QStringLiteral("gpus")};
    return paths;
}

double clampEff(double v) { return std::clamp(v, 0.05, 0.98); }

double objective(const std::vector<Plan> &plans, const std::vector<double> &measured, const std::vector<int> &use,
                 double k, double c = 1.0)
{
    double sum = 0;
    for (int i : use) {
        const std::optional<double> t = predictedStepSeconds(plans[std::size_t(i)], k, c);
        if (!t || *t <= 0)
            return 1e300;
        const double e = std::log(*t / measured[std::size_t(i)]);
        sum += e * e;
    }
    return sum;
}

// Golden-section search on log(factor) within the bounds: the squared log error falls then rises.
double fitOn(const std::vector<Plan> &plans, const std::vector<double> &measured, const std::vector<int> &use,
             bool *atBound)
{
    const auto error = [&](double logFactor) { return objective(plans, measured, use, std::exp(logFactor)); };
    const double k = std::exp(goldenSectionMinimum(error, std::log(kMinFactor), std::log(kMaxFactor), 48));
    if (atBound)
        *atBound = k < kMinFactor * 1.01 || k > kMaxFactor * 0.99;
    return k;
}

// Both factors: alternating golden-section searches on log(k) and log(c), each within the
// bounds, from (1, 1), until neither moves by 0.05% (at most 40 rounds: the two are correlated,
// so each round only closes part of the way).
std::pair<double, double> fitBothOn(const std::vector<Plan> &plans, const std::vector<double> &measured,
                                    const std::vector<int> &use, bool *kAtBound, bool *cAtBound)
{
    double k = 1, c = 1;
    const double lo = std::log(kMinFactor), hi = std::log(kMaxFactor);
    for (int round = 0; round < 40; ++round) {
        const double k0 = k, c0 = c;
        k = std::exp(goldenSectionMinimum(
            [&](double x) { return objective(plans, measured, use, std::exp(x), c); }, lo, hi, 48));
        c = std::exp(goldenSectionMinimum(
            [&](double x) { return objective(plans, measured, use, k, std::exp(x)); }, lo, hi, 48));
        if (std::fabs(k / k0 - 1) < 5e-4 && std::fabs(c / c0 - 1) < 5e-4)
            break;
    }
    auto atBound = [](double f) { return f < kMinFactor * 1.01 || f > kMaxFactor * 0.99; };
    if (kAtBound)
        *kAtBound = atBound(k);
    if (cAtBound)
        *cAtBound = atBound(c);
    return {k, c};
}

QString pct(double v) { return QString::number(100 * v, 'f', 1) + QLatin1Char('%'); }

} // namespace

QString trainingText(const Sentence &s)
{
    return translatedSentence("commtax::TrainingLog", s);
}

QStringList trainingTexts(const std::vector<Sentence> &s)
{
    return translatedSentences("commtax::TrainingLog", s);
}

bool readTrainingLogFile(const QString &fileName, QByteArray &text, QString *error)
{
    auto fail = [error](const Sentence &m) {
        if (error)
            *error = trainingText(m);
        return false;
    };
    const bool standardInput = fileName == QLatin1String("-"); // as `commtax calibrate -` reads it
    QFile f;
    if (standardInput) {
        if (!f.open(stdin, QIODevice::ReadOnly))
            return fail(sentence(CT_TR("commtax::TrainingLog", "<stdin>: cannot read standard input")));
    } else {
        const QFileInfo info(fileName);
        if (info.isDir())
            return fail(sentence(CT_TR("commtax::TrainingLog",
                                       "%1: is a directory, not a log"),
                                 {val(fileName)}));
        if (info.exists() && !info.isFile())
            return fail(sentence(CT_TR("commtax::TrainingLog", "%1: not a regular file"), {val(fileName)}));
        if (info.exists() && info.size() > kMaxTrainingLogBytes)
            return fail(sentence(CT_TR("commtax::TrainingLog",
                                       "%1:1:1: the file is %2 MiB; Commtax reads at most %3 MiB of "
                                       "training log (cut it to the part with the configuration and a "
                                       "few hundred steps)"),
                                 {val(fileName),
                                  val(QString::number(double(info.size()) / (1 << 20), 'f', 1)),
                                  val(int(kMaxTrainingLogBytes >> 20))}));
        f.setFileName(fileName);
        if (!f.open(QIODevice::ReadOnly))
            return fail(sentence(CT_TR("commtax::TrainingLog",
                                       "%1: cannot open: %2"),
                                 {val(fileName), val(f.errorString())}));
    }
    text = f.read(kMaxTrainingLogBytes + 1);
    if (text.size() > kMaxTrainingLogBytes)
        return fail(sentence(CT_TR("commtax::TrainingLog",
                                   "%1:1:1: more than %2 MiB: too large for a training log"),
                             {val(standardInput ? QStringLiteral("<stdin>") : fileName),
                              val(int(kMaxTrainingLogBytes >> 20))}));
    return true;
}

TrainingPlanRead readTrainingPlan(const TrainingLog &log)
{
    TrainingPlanRead r;
    Reader rd{log, r};
    switch (log.framework) {
    case Framework::Megatron: readMegatron(rd, log.find("gated_linear_unit") != nullptr); break;
    case Framework::Nemo: readMegatron(rd, true); break;
    case Framework::Torchtitan: readTorchtitan(rd); break;
    case Framework::HfTrainer: readHf(rd); break;
    case Framework::DeepSpeed: readDeepSpeed(rd); break;
    default: break;
    }
    // Data parallelism: the GPUs left over (tp x cp x pp x dp = GPUs).
    const int gpus = rd.get(QStringLiteral("gpus"));
    const int mp = rd.get(path(F::training_tp), 1) * rd.get(path(F::training_pp), 1)
        * rd.get(path(F::training_cp), 1);
    if (gpus > 0 && mp > 0 && gpus % mp == 0)
        rd.set(path(F::training_dp), gpus / mp, 0);
    r.gpuName = qs(log.gpu_name);
    for (const QString &p : requiredPaths())
        if (!r.fields.contains(p))
            r.missing << p;
    if (r.gpuName.isEmpty())
        r.notes.push_back(sentence(CT_TR("commtax::TrainingLog", "the log names no GPU: choose the preset %1"),
                                   {sentence(traininglog::kGiveGpu)}));
    // Not required (the engine has a default), but never taken silently: NeMo, HF Trainer and
    // DeepSpeed logs often do not print it.
    if (!r.fields.contains(path(F::training_recompute)))
        r.notes.push_back(sentence(CT_TR("commtax::TrainingLog",
                                         "training.recompute is not in the log: the engine's default "
                                         "(selective) is used; give it %1"),
                                   {traininglog::giveWithSet({"training.recompute=none|selective|full"})}));
    return r;
}

namespace {

// The --set PATH=VALUE overrides into the fields read from the log, each checked (gpus a whole
// number, the others a model or training field's value); an error for each one that does not fit.
void applyOverrides(const QMap<QString, QString> &overrides, QMap<QString, QJsonValue> &fields,
                    std::vector<Sentence> &errors, std::vector<Sentence> *notes)
{
    for (auto it = overrides.constBegin(); it != overrides.constEnd(); ++it) {
        const QString &path = it.key();
        bool isNum = false;
        const double d = it.value().toDouble(&isNum);
        QJsonValue v = isNum ? QJsonValue(d) : QJsonValue(it.value());
        if (it.value() == QLatin1String("true") || it.value() == QLatin1String("false"))
            v = it.value() == QLatin1String("true");
        if (path == QLatin1String("gpus")) {
            if (!isNum || d < 1 || d > 1e6 || std::floor(d) != d) {
                errors.push_back(sentence(CT_TR("commtax::TrainingLog",
                                                "%1: expected a whole number from 1 to 1000000, not \"%2\""),
                                          {traininglog::setOption("gpus"), val(it.value())}));
                continue;
            }
        } else {
            const qsizetype dot = path.indexOf(QLatin1Char('.'));
            const QString sec = path.left(dot);
            const Section section = sec == QLatin1String("model") ? Section::Model : Section::Training;
            const FieldInfo *f = dot > 0 && (sec == QLatin1String("model") || sec == QLatin1String("training"))
                ? findField(section, path.mid(dot + 1))
                : nullptr;
            if (!f) {
                errors.push_back(sentence(CT_TR("commtax::TrainingLog", "%1: not a model or training field"),
                                          {traininglog::setOption(path.toStdString())}));
                continue;
            }
            const EngineText why = checkFieldValueText(*f, v);
            if (*why.pattern) {
                errors.push_back(sentence(CT_TR("commtax::TrainingLog", "%1: %2"),
                                          {traininglog::setOption(path.toStdString()), fileTextSentence(why)}));
                continue;
            }
        }
        // A value the log prints, replaced: said, since the fit then calibrates another run than
        // the one timed (a sequence of 10,000,000 against the log's 1,024 pinned the factor at its bound).
        if (const auto logged = fields.constFind(path); notes && logged != fields.constEnd() && *logged != v)
            notes->push_back(sentence(CT_TR("commtax::TrainingLog", "%1 = %2 as given with --set; the log says %3"),
                                      {val(path), val(it.value()), val(logged->toVariant().toString())}));
        fields.insert(path, v);
    }
}

} // namespace

bool trainingScenario(const TrainingPlanRead &read, const QMap<QString, QString> &overrides, const Preset &gpu,
                      const PresetCatalog &catalog, Scenario &out, std::vector<Sentence> &errors,
                      std::vector<Sentence> *notes)
{
    Scenario s;
    s.plan = Plan();
    s.plan.economics = defaultScenario(catalog).plan.economics;
    gpu.applyTo(s.plan);
    s.gpuPreset = gpu.id;
    const std::optional<Preset> cluster = catalog.find(Section::Cluster, gpu.defaultCluster());
    if (!cluster) {
        errors.push_back(sentence(CT_TR("commtax::TrainingLog",
                                        "GPU preset \"%1\" names no cluster preset"),
                                  {val(gpu.id)}));
        return false;
    }
    cluster->applyTo(s.plan);
    s.clusterPreset = cluster->id;
    s.plan.training.compute_efficiency.reset();
    QMap<QString, QJsonValue> fields = read.fields;
    applyOverrides(overrides, fields, errors, notes);
    QStringList missing;
    for (const QString &p : requiredPaths())
        if (!fields.contains(p))
            missing << p;
    if (!missing.isEmpty())
        errors.push_back(sentence(CT_TR("commtax::TrainingLog", "the log does not say %1: give them %2"),
                                  {val(missing.join(QStringLiteral(", "))), traininglog::giveWithSet({"PATH=VALUE"})}));
    if (!errors.empty())
        return false;
    // The data-parallel degree follows the GPU count unless given.
    const int gpus = fields.value(QStringLiteral("gpus")).toInt();
    if (overrides.contains(QStringLiteral("gpus")) || !fields.contains(path(F::training_dp))) {
        const int mp = fields.value(path(F::training_tp)).toInt(1)
            * fields.value(path(F::training_pp)).toInt(1)
            * fields.value(path(F::training_cp)).toInt(1);
        if (mp <= 0 || gpus % mp != 0) {
            errors.push_back(sentence(CT_TR("commtax::TrainingLog",
                                            "%1 GPUs are not a multiple of tp x pp x cp = %2"),
                                      {val(gpus), val(mp)}));
            return false;
        }
        if (!overrides.contains(path(F::training_dp)))
            fields.insert(path(F::training_dp), gpus / mp);
    }
    s.plan.model.id.clear();
    s.plan.model.name = "Model of the log";
    s.modelPreset.clear();
    for (auto it = fields.constBegin(); it != fields.constEnd(); ++it) {
        const int dot = it.key().indexOf(QLatin1Char('.'));
        if (dot < 0)
            continue;
        const QString sec = it.key().left(dot);
        const Section section = sec == QLatin1String("model") ? Section::Model : Section::Training;
        const FieldInfo *f = findField(section, it.key().mid(dot + 1));
        const Sentence value = val(it.value().toVariant().toString());
        if (!f) {
            errors.push_back(sentence(CT_TR("commtax::TrainingLog",
                                            "%1: the log's value %2 does not fit the field"),
                                      {val(it.key()), value}));
            continue;
        }
        // The field's own reason, as --set gives it: the range or the choices it takes.
        if (const EngineText why = checkFieldValueText(*f, it.value()); *why.pattern) {
            errors.push_back(sentence(CT_TR("commtax::TrainingLog", "%1: the log's value %2: %3"),
                                      {val(it.key()), value, fileTextSentence(why)}));
            continue;
        }
        f->set(s.plan, it.value());
    }
    if (s.plan.model.kv_heads == 0)
        s.plan.model.kv_heads = s.plan.model.heads;
    // The cluster: as many of its nodes as the log's GPUs fill.
    const int perNode = std::max(1, s.plan.cluster.gpus_per_node);
    if (gpus < perNode) {
        s.plan.cluster.gpus_per_node = gpus;
        s.plan.cluster.nodes = 1;
    } else if (gpus % perNode == 0) {
        s.plan.cluster.nodes = gpus / perNode;
    } else {
        errors.push_back(sentence(CT_TR("commtax::TrainingLog",
                                        "%1 GPUs do not fill whole nodes of %2 GPUs (cluster %3)"),
                                  {val(gpus), val(perNode), val(cluster->id)}));
        return false;
    }
    s.name = QStringLiteral("Training log on %1 %2").arg(gpus).arg(gpu.name);
    for (const PlanError &e : validate(s.plan))
        errors.push_back(sentence(CT_TR("commtax::TrainingLog",
                                        "%1: %2"),
                                  {e.field, sentence(e.text, "commtax::Errors")}));
    if (!errors.empty())
        return false;
    out = s;
    return true;
}

std::optional<double> predictedStepSeconds(Plan plan, double factor, double commFactor)
{
    plan.gpu.compute_efficiency = clampEff(plan.gpu.compute_efficiency * factor);
    if (plan.gpu.fp8_efficiency > 0)
        plan.gpu.fp8_efficiency = clampEff(plan.gpu.fp8_efficiency * factor);
    if (commFactor != 1.0) {
        plan.gpu.intra_efficiency = clampEff(plan.gpu.intra_efficiency * commFactor);
        plan.cluster.nic_efficiency = clampEff(plan.cluster.nic_efficiency * commFactor);
    }
    const Evaluation e = evaluate(plan);
    if (!e.ok() || !std::isfinite(e.result.step_time_s) || e.result.step_time_s <= 0)
        return std::nullopt;
    return e.result.step_time_s;
}

std::optional<double> exposedCommShare(const Plan &plan)
{
    const Evaluation e = evaluate(plan);
    if (!e.ok() || !(e.result.step_time_s > 0))
        return std::nullopt;
    const Result &r = e.result;
    const double exposed = r.tp_comm_exposed_s + r.pp_comm_exposed_s + r.dp_comm_exposed_s + r.cp_comm_exposed_s
        + r.ep_comm_exposed_s;
    const double share = exposed / r.step_time_s;
    return std::isfinite(share) ? std::optional<double>(std::clamp(share, 0.0, 1.0)) : std::nullopt;
}

namespace {

// Can the logs tell communication from compute? Each log's exposed share of communication, their
// spread, and the angle between the logs' sensitivities to the two factors.
void commSeparability(FactorFit &f, const std::vector<Plan> &plans, std::size_t n)
{
    // The sensitivity of each log's log(step time) to the two factors (a 10% change of each).
    std::vector<double> gk, gc;
    for (std::size_t i = 0; i < n; ++i) {
        f.commShare.push_back(exposedCommShare(plans[i]).value_or(0));
        const double t0 = std::log(predictedStepSeconds(plans[i], 1.0).value_or(1));
        gk.push_back((std::log(predictedStepSeconds(plans[i], 1.1).value_or(1)) - t0) / std::log(1.1));
        gc.push_back((std::log(predictedStepSeconds(plans[i], 1.0, 1.1).value_or(1)) - t0) / std::log(1.1));
    }
    f.commShareSpread = *std::max_element(f.commShare.begin(), f.commShare.end())
        - *std::min_element(f.commShare.begin(), f.commShare.end());
    double kk = 0, cc = 0, kc = 0;
    for (std::size_t i = 0; i < n; ++i) {
        kk += gk[i] * gk[i];
        cc += gc[i] * gc[i];
        kc += gk[i] * gc[i];
    }
    const double cosine = kk > 0 && cc > 0 ? std::clamp(kc / std::sqrt(kk * cc), -1.0, 1.0) : 1.0;
    f.commAngle = std::sqrt(std::max(0.0, 1 - cosine * cosine));
}

// Each log's error predicted by the factors fitted on the other logs (leave one log out).
void leaveOneOut(FactorFit &f, const std::vector<Plan> &plans, const std::vector<double> &measured, std::size_t n)
{
    if (n >= 2) {
        for (std::size_t i = 0; i < n; ++i) {
            std::vector<int> others;
            for (std::size_t j = 0; j < n; ++j)
                if (j != i)
                    others.push_back(int(j));
            double k = 1, c = 1;
            if (f.commFitted)
                std::tie(k, c) = fitBothOn(plans, measured, others, nullptr, nullptr);
            else
                k = fitOn(plans, measured, others, nullptr);
            const double t = predictedStepSeconds(plans[i], k, c).value_or(0);
            f.looFactor.push_back(k);
            if (f.commFitted)
                f.looCommFactor.push_back(c);
            f.looError.push_back((t - measured[i]) / measured[i]);
        }
    }
}

// What the fit pins (compute, and communication where the logs tell it apart) and what it does not.
void describeFit(FactorFit &f, const std::vector<Plan> &plans, std::size_t n)
{
    bool fp8 = false, bf16 = false;
    for (std::size_t i = 0; i < n; ++i)
        (plans[i].training.precision == Precision::Fp8 ? fp8 : bf16) = true;
    const Sentence precisions = fp8 && bf16 ? sentence(CT_TR("commtax::TrainingLog", "BF16 and FP8"))
                                            : val(fp8 ? "FP8" : "BF16");
    f.pinned.push_back(sentence(CT_TR("commtax::TrainingLog",
                                      "compute efficiency (one factor on the GPU's %1 GEMM "
                                      "efficiency)"),
                                {precisions}));
    if (fp8 != bf16)
        f.notPinned.push_back(sentence(CT_TR("commtax::TrainingLog",
                                             "%1 efficiency: no log runs in %1; scaled by the same factor"),
                                       {val(fp8 ? "BF16" : "FP8")}));
    if (f.commFitted) {
        f.pinned.push_back(sentence(CT_TR("commtax::TrainingLog",
                                          "communication efficiency (one factor on the achievable NVLink "
                                          "and network bandwidth): the logs' exposed communication spans "
                                          "%1 to %2 of the step"),
                                    {val(pct(*std::min_element(f.commShare.begin(), f.commShare.end()))),
                                     val(pct(*std::max_element(f.commShare.begin(), f.commShare.end())))}));
        f.notPinned.push_back(sentence(CT_TR("commtax::TrainingLog",
                                             "overlap: not fitted apart from bandwidth; a slower link and "
                                             "less overlap cost the same exposed time in these logs")));
        if (f.commAtBound)
            f.notPinned.push_back(sentence(CT_TR("commtax::TrainingLog",
                                                 "the communication factor stopped at its bound (%1-%2)"),
                                           {val(kMinFactor), val(kMaxFactor)}));
    } else {
        Sentence why;
        if (int(n) < kMinLogsForComm)
            why = sentence(CT_TR("commtax::TrainingLog", "needs %1 logs or more"), {val(kMinLogsForComm)});
        else if (f.commShareSpread < kMinCommShareSpread)
            why = sentence(CT_TR("commtax::TrainingLog",
                                 "the logs' exposed communication spans only %1 of the step (at "
                                 "least %2 needed): vary the layout or the scale more"),
                           {val(pct(f.commShareSpread)), val(pct(kMinCommShareSpread))});
        else
            why = sentence(CT_TR("commtax::TrainingLog",
                                 "the logs move with compute and communication alike (sine of "
                                 "the angle %1, at least %2 needed)"),
                           {val(QString::number(f.commAngle, 'f', 2)), val(QString::number(kMinCommAngle, 'f', 2))});
        f.notPinned.push_back(sentence(CT_TR("commtax::TrainingLog",
                                             "communication and overlap efficiency: not fitted; %1"),
                                       {why}));
    }
    if (n < 2)
        f.notPinned.push_back(sentence(CT_TR("commtax::TrainingLog",
                                             "leave-one-log-out error: needs two logs or more")));
    if (f.atBound)
        f.notPinned.push_back(sentence(CT_TR("commtax::TrainingLog",
                                             "the factor stopped at its bound (%1-%2): the logs and the "
                                             "plans read from them disagree by more than compute efficiency "
                                             "explains"),
                                       {val(kMinFactor), val(kMaxFactor)}));
}

} // namespace

FactorFit fitComputeFactor(const std::vector<Plan> &plans, const std::vector<double> &measured)
{
    FactorFit f;
    const std::size_t n = std::min(plans.size(), measured.size());
    if (n == 0)
        return f;
    std::vector<int> all;
    for (std::size_t i = 0; i < n; ++i) {
        const std::optional<double> t = predictedStepSeconds(plans[i], 1.0);
        if (!t || !(measured[i] > 0))
            return f;
        f.before.push_back((*t - measured[i]) / measured[i]);
        all.push_back(int(i));
    }
    commSeparability(f, plans, n);
    f.commFitted
        = int(n) >= kMinLogsForComm && f.commShareSpread >= kMinCommShareSpread && f.commAngle >= kMinCommAngle;
    if (f.commFitted) {
        const auto [k, c] = fitBothOn(plans, measured, all, &f.atBound, &f.commAtBound);
        f.factor = k;
        f.commFactor = c;
    } else {
        f.factor = fitOn(plans, measured, all, &f.atBound);
    }
    for (std::size_t i = 0; i < n; ++i) {
        const double t = predictedStepSeconds(plans[i], f.factor, f.commFactor).value_or(0);
        f.after.push_back((t - measured[i]) / measured[i]);
    }
    leaveOneOut(f, plans, measured, n);
    auto meanAbs = [](const std::vector<double> &v) {
        double s = 0;
        for (double x : v)
            s += std::fabs(x);
        return v.empty() ? 0.0 : s / double(v.size());
    };
    f.meanAbsBefore = meanAbs(f.before);
    f.meanAbsAfter = meanAbs(f.after);
    f.meanAbsLoo = meanAbs(f.looError);
    describeFit(f, plans, n);
    f.ok = true;
    return f;
}

Preset measuredGpuPreset(const Preset &gpu, const FactorFit &fit, const QList<LogProvenance> &logs, const QDate &date,
                         const QString &id)
{
    Preset p = gpu;
    p.builtIn = false;
    p.extras.remove(QStringLiteral("match")); // chosen with --gpu, never guessed (see matchGpuPreset())
    p.id = id;
    const QString day = date.toString(Qt::ISODate);
    markMeasured(p, day);
    QStringList files;
    for (const LogProvenance &l : logs)
        files << QStringLiteral("%1 (sha256 %2)").arg(l.file, l.sha256);
    QStringList residuals;
    for (std::size_t i = 0; i < fit.after.size() && i < std::size_t(logs.size()); ++i)
        residuals << QStringLiteral("%1 %2").arg(logs[int(i)].file, pct(fit.after[i]));
    const QString source
        = QStringLiteral("training logs %1, %2: factor %3 on the preset's value; residuals %4%5")
              .arg(files.join(QStringLiteral(", ")), day, QString::number(fit.factor, 'f', 3),
                   residuals.join(QStringLiteral(", ")),
                   fit.looError.empty()
                       ? QString()
                       : QStringLiteral("; leave-one-log-out mean error %1").arg(pct(fit.meanAbsLoo)));
    const Provenance measured{SourceKind::Measured, source};
    const double eff = clampEff(gpu.values.value(QStringLiteral("compute_efficiency")).toDouble() * fit.factor);
    p.values.insert(QStringLiteral("compute_efficiency"), std::round(eff * 1000) / 1000);
    p.provenance.insert(QStringLiteral("compute_efficiency"), measured);
    const double fp8 = gpu.values.value(QStringLiteral("fp8_efficiency")).toDouble();
    if (fp8 > 0) {
        p.values.insert(QStringLiteral("fp8_efficiency"), std::round(clampEff(fp8 * fit.factor) * 1000) / 1000);
        p.provenance.insert(QStringLiteral("fp8_efficiency"), measured);
    }
    // The communication factor: the GPU preset holds the NVLink efficiency; the network's is a
    // cluster preset value, so it is recorded in the provenance, not saved.
    if (fit.commFitted && gpu.values.contains(QStringLiteral("intra_efficiency"))) {
        const double intra = gpu.values.value(QStringLiteral("intra_efficiency")).toDouble();
        p.values.insert(QStringLiteral("intra_efficiency"), std::round(clampEff(intra * fit.commFactor) * 1000) / 1000);
        p.provenance.insert(QStringLiteral("intra_efficiency"),
                            Provenance{SourceKind::Measured,
                                       source
                                           + QStringLiteral("; communication factor %1 (the cluster's nic_efficiency "
                                                            "takes the same factor; it is a cluster preset value and "
                                                            "is not saved here)")
                                                 .arg(QString::number(fit.commFactor, 'f', 3))});
    }
    // The engine's error on these logs, each left out of the fit: measured / predicted step time.
    // Plans on this preset take their engine-error range from it (core/uncertaintyio.h
    // planEngineRegime()); one log cannot say how far off a left-out log would be, so it keeps none.
    if (fit.looError.size() >= 2) {
        QJsonArray factors;
        for (double e : fit.looError)
            if (std::isfinite(e) && e > -1)
                factors.append(std::round(1e4 / (1 + e)) / 1e4);
        if (factors.size() >= 2)
            p.extras.insert(QStringLiteral("engine_error"), QJsonObject{{QStringLiteral("step_time_factors"), factors}, {QStringLiteral("source"), source}});
    } else {
        p.extras.remove(QStringLiteral("engine_error"));
    }
    p.description = QStringLiteral("%1 calibrated from %2 training log(s): compute efficiency %3 (factor %4)")
                        .arg(gpu.name)
                        .arg(logs.size())
                        .arg(QString::number(eff, 'f', 3), QString::number(fit.factor, 'f', 3));
    return p;
}

QJsonObject scenarioJson(const Scenario &s, const PresetCatalog &catalog)
{
    return QJsonDocument::fromJson(serializeScenario(s, catalog)).object();
}

} // namespace commtax
