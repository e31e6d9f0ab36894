// SPDX-License-Identifier: GPL-3.0-or-later
// `commtax launch` against the frameworks' own start-up rules: every shipped scenario,
// the launch fixtures and a few plans of the other preset models, exported for every target, and
// each rule the framework checks at start-up written as an assertion with the file and line it
// comes from at the pinned commit (model/search/launch.h pinnedVersion(): NVIDIA/Megatron-LM
// d98e8a64, NVIDIA-NeMo/Megatron-Bridge 067f987d, NVIDIA/NeMo 8cfedd72, deepspeedai/DeepSpeed
// edaa7221, pytorch/torchtitan b5bcd76c). No
// framework code is copied; the rules are restated. Plus: the model the written flags describe
// has the planned parameter count (engine parameterCount) within 0.5%.
#include "core/presets.h"
#include "core/scenario.h"
#include "engine/engine.h"
#include "engine/limits.h"
#include "planfixtures.h"
#include "search/launch.h"
#include "search/search.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>

using namespace commtax;

namespace {

struct Case {
    QString name;
    Scenario scenario;
};

// Plans of the preset models the shipped scenarios do not cover: MLA and shared experts, Qwen3
// MoE with qk-norm and a wider head, uneven interleaved stages (the search's best 405B layout
// shape), a GPT-like model with biases and tied embeddings under Megatron-FSDP.
const char *const kExtra[] = {
    R"({"format": "commtax-scenario", "version": 1, "name": "DeepSeek-V3 on 1024 H100",
        "model": {"preset": "deepseek-v3"}, "gpu": {"preset": "h100-sxm"}, "cluster": {"preset": "dgx-h100", "nodes": 128},
        "training": {"seq_len": 4096, "global_batch": 4096, "micro_batch": 1, "tp": 2, "pp": 16, "dp": 32, "vpp": 1,
                     "ep": 64, "etp": 1, "zero": 1, "recompute": "selective", "recompute_mla_up_proj": true,
                     "sequence_parallel": true, "tokens_to_train": 1e12}})",
    R"({"format": "commtax-scenario", "version": 1, "name": "Qwen3 235B on 256 H100",
        "model": {"preset": "qwen3-235b-a22b"}, "gpu": {"preset": "h100-sxm"}, "cluster": {"preset": "dgx-h100", "nodes": 32},
        "training": {"seq_len": 4096, "global_batch": 1024, "micro_batch": 1, "tp": 4, "pp": 8, "dp": 8, "vpp": 2,
                     "ep": 8, "etp": 1, "zero": 1, "recompute": "full", "sequence_parallel": true, "tokens_to_train": 1e12}})",
    R"({"format": "commtax-scenario", "version": 1, "name": "Llama 3.1 405B on 512 H100, uneven interleaved",
        "model": {"preset": "llama3.1-405b"}, "gpu": {"preset": "h100-sxm"}, "cluster": {"preset": "dgx-h100", "nodes": 64},
        "training": {"seq_len": 8192, "global_batch": 1024, "micro_batch": 1, "tp": 8, "pp": 8, "dp": 8, "vpp": 3,
                     "zero": 1, "recompute": "selective", "sequence_parallel": true, "dp_overlap": 0.8, "tokens_to_train": 1e12}})",
    R"({"format": "commtax-scenario", "version": 1, "name": "Llama 3.1 405B on 256 H100, embedding and loss chunks",
        "model": {"preset": "llama3.1-405b"}, "gpu": {"preset": "h100-sxm"},
        "cluster": {"preset": "dgx-h100", "nodes": 32},
        "training": {"seq_len": 8192, "global_batch": 1536, "micro_batch": 1, "tp": 4, "pp": 16, "dp": 4, "vpp": 8,
                     "first_stage_layers": 7, "last_stage_layers": 7, "zero": 1, "recompute": "selective",
                     "sequence_parallel": true, "tokens_to_train": 1e12}})",
    R"({"format": "commtax-scenario", "version": 1, "name": "GPT-3 175B on 256 H100, ZeRO-3",
        "model": {"preset": "gpt3-175b"}, "gpu": {"preset": "h100-sxm"}, "cluster": {"preset": "dgx-h100", "nodes": 32},
        "training": {"seq_len": 2048, "global_batch": 1536, "micro_batch": 1, "tp": 8, "pp": 1, "dp": 32, "vpp": 1,
                     "zero": 3, "recompute": "full", "sequence_parallel": true, "dp_overlap": 0.8, "tokens_to_train": 3e11}})",
    R"({"format": "commtax-scenario", "version": 1, "name": "Qwen3 30B-A3B on 16 H100, ZeRO-3",
        "model": {"preset": "qwen3-30b-a3b"}, "gpu": {"preset": "h100-sxm"}, "cluster": {"preset": "dgx-h100", "nodes": 2},
        "training": {"seq_len": 4096, "global_batch": 256, "micro_batch": 1, "tp": 1, "pp": 1, "dp": 16, "vpp": 1,
                     "ep": 8, "zero": 3, "recompute": "selective", "tokens_to_train": 1e11}})",
};

// The layout search's best plan (time objective) of a scenario on its own GPU count: what `search
// --emit-best` writes and the export then gets.
Case bestLayoutOf(const Case &c)
{
    search::Space space;
    space.base = c.scenario.plan;
    search::Options opt;
    opt.top = 1;
    const search::SearchResult r = search::runSearch(space, opt);
    if (r.top.empty())
        return {};
    Case best = c;
    best.scenario.plan = search::planOf(space, r.top.front().layout);
    best.name = c.name + QStringLiteral(" (best layout)");
    return best;
}

QList<Case> casesUncached()
{
    QList<Case> out;
    QStringList files;
    for (const QString &f : QDir(QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios")).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        files << QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/") + f;
    for (const QString &f : QDir(QStringLiteral(COMMTAX_FIXTURES_DIR "/launch")).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        if (f.count(QLatin1Char('.')) == 1) // the scenarios, not the golden DeepSpeed exports (x.deepspeed.json)
            files << QStringLiteral(COMMTAX_FIXTURES_DIR "/launch/") + f;
    for (const QString &f : files) {
        Case c;
        QList<LoadError> errors;
        if (!loadScenarioFile(f, PresetCatalog::builtIn(), c.scenario, errors))
            qFatal("%s does not load", qPrintable(f));
        c.name = QFileInfo(f).fileName();
        out << c;
        // The shipped scenarios' best layouts too (the search's exotic shapes: uneven interleaved
        // stages, cp, ZeRO-2/3 with a pipeline).
        if (f.startsWith(QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/")))
            if (const Case best = bestLayoutOf(c); !best.name.isEmpty())
                out << best;
    }
    for (const char *json : kExtra) {
        Case c;
        QList<LoadError> errors;
        if (!parseScenario(QByteArray(json), QStringLiteral("extra"), PresetCatalog::builtIn(), c.scenario, errors))
            qFatal("extra scenario does not parse: %s", qPrintable(errors.isEmpty() ? QString() : errors.first().message));
        c.name = c.scenario.name;
        const std::vector<PlanError> invalid = validate(c.scenario.plan);
        if (!invalid.empty())
            qFatal("%s: %s: %s", qPrintable(c.name), invalid.front().field.c_str(), invalid.front().message.c_str());
        out << c;
    }
    return out;
}

const QList<Case> &cases()
{
    static const QList<Case> all = casesUncached();
    return all;
}

// Megatron's model settings by TransformerConfig field name, from the command line or a NeMo recipe.
using Config = std::map<std::string, std::string>;

// The flags of the torchrun command (one per line after the script name): "--x-y v" -> x_y = v.
Config megatronFlags(const std::string &text)
{
    Config c;
    static const QRegularExpression line(QStringLiteral("^    (--[a-z0-9-]+)(?: (.*?))? \\\\$"), QRegularExpression::MultilineOption);
    auto it = line.globalMatch(QString::fromStdString(text));
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        std::string key = m.captured(1).mid(2).toStdString();
        for (char &ch : key)
            ch = ch == '-' ? '_' : ch;
        QString value = m.captured(2);
        if (value.startsWith(QLatin1Char('"')))
            value = value.mid(1, value.size() - 2);
        if (c.count(key))
            qFatal("flag --%s written twice", key.c_str());
        c[key] = value.isNull() ? "True" : value.toStdString();
    }
    return c;
}

// NeMo: "    <prefix>x = v" lines.
Config pythonAssignments(const std::string &text, const QString &prefix)
{
    Config c;
    const QRegularExpression line(QStringLiteral("^    ") + QRegularExpression::escape(prefix) + QStringLiteral("([a-z0-9_]+) = (.*)$"), QRegularExpression::MultilineOption);
    auto it = line.globalMatch(QString::fromStdString(text));
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        QString v = m.captured(2);
        if (v.startsWith(QLatin1Char('"')))
            v = v.mid(1, v.size() - 2);
        c[m.captured(1).toStdString()] = v.toStdString();
    }
    return c;
}

bool has(const Config &c, const char *k) { return c.count(k) > 0; }
std::string get(const Config &c, const char *k, const char *fallback = "") { return c.count(k) ? c.at(k) : fallback; }
double num(const Config &c, const char *k, double fallback = 0)
{
    const std::string v = get(c, k);
    return v.empty() || v == "None" ? fallback : std::stod(v);
}
bool flag(const Config &c, const char *k, bool fallback) { return c.count(k) ? c.at(k) == "True" : fallback; }

// moe_layer_freq as Megatron's moe_freq_type reads it (megatron/training/arguments.py:327-345):
// an integer N (every N-th layer MoE) or a list expression "[0]*a+[1]*b"; the MoE layer count.
int moeLayers(const std::string &freq, int layers)
{
    static const QRegularExpression part(QStringLiteral("\\[([01])\\]\\*(\\d+)"));
    const QString f = QString::fromStdString(freq);
    if (!f.contains(QLatin1Char('['))) {
        const int n = f.isEmpty() ? 1 : f.toInt();
        int count = 0;
        for (int i = 0; i < layers; ++i)
            count += i % n == 0 ? 1 : 0;
        return count;
    }
    int moe = 0, total = 0;
    auto it = part.globalMatch(f);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        total += m.captured(2).toInt();
        moe += m.captured(1) == QLatin1String("1") ? m.captured(2).toInt() : 0;
    }
    if (total != layers) // the pattern's length must match the layers (moe_freq_type's rule)
        return -1;
    return moe;
}

// The parameters of the GPT model Megatron core builds from these settings (vocabulary from the
// tokenizer, here the plan's): megatron/core/transformer/attention.py:333-334,1689 (linear_qkv
// (heads + 2 groups) x kv_channels), multi_latent_attention.py:165,537-607 (the MLA projections and
// the q/kv latent norms), mlp.py:205-206 (fc1 doubled when gated), moe/router.py:65 (experts x h),
// gpt_model.py (embedding, learned positions, output layer unless shared).
double megatronParameters(const Config &c, int vocab)
{
    const double L = num(c, "num_layers"), h = num(c, "hidden_size"), heads = num(c, "num_attention_heads");
    const double kvc = num(c, "kv_channels", h / heads), groups = num(c, "num_query_groups", heads);
    const bool bias = flag(c, "add_bias_linear", true), gated = flag(c, "gated_linear_unit", false);
    const bool layerNorm = get(c, "normalization", "LayerNorm") == "LayerNorm";
    const double norm = layerNorm ? 2 * h : h; // weight (and bias)
    double attn = 0;
    if (flag(c, "multi_latent_attention", false)) {
        const double qk = num(c, "qk_head_dim", 128), pe = num(c, "qk_pos_emb_head_dim", 64), v = num(c, "v_head_dim", 128);
        const double qr = num(c, "q_lora_rank", 0), kvr = num(c, "kv_lora_rank", 32);
        attn += qr > 0 ? h * qr + qr + qr * heads * (qk + pe) : h * heads * (qk + pe);
        attn += h * (kvr + pe) + kvr + kvr * heads * (qk + v);
        attn += heads * v * h;
    } else {
        attn += h * (heads + 2 * groups) * kvc + heads * kvc * h;
        if (bias || flag(c, "add_qkv_bias", false))
            attn += (heads + 2 * groups) * kvc;
        if (flag(c, "qk_layernorm", false))
            attn += 2 * kvc;
    }
    if (bias)
        attn += h;
    const double mats = gated ? 3 : 2;
    const double ffn = num(c, "ffn_hidden_size", 4 * h);
    const double dense = mats * h * ffn + (bias ? ffn * (gated ? 2 : 1) + h : 0);
    const double experts = num(c, "num_moe_experts", 0);
    int moe = 0;
    double moeLayer = 0;
    if (experts > 0) {
        moe = moeLayers(get(c, "moe_layer_freq", "1"), int(L));
        const double eff = num(c, "moe_ffn_hidden_size", ffn), shared = num(c, "moe_shared_expert_intermediate_size", 0);
        moeLayer = experts * mats * h * eff + experts * h + (shared > 0 ? mats * h * shared : 0);
    }
    double total = L * (attn + 2 * norm) + (L - moe) * dense + moe * moeLayer + norm;
    total += double(vocab) * h * (flag(c, "share_embeddings_and_output_weights", true) ? 1 : 2);
    if (get(c, "position_embedding_type", "learned_absolute") == "learned_absolute")
        total += num(c, "max_position_embeddings", num(c, "seq_length")) * h;
    return total;
}

// The layout string's stages (pipeline_parallel_layer_layout.py:283-320, parse_str_to_list): the
// commas dropped, "x*n" unrolled, "|" between stages.
QStringList layoutStages(QString s)
{
    s.remove(QLatin1Char(','));
    static const QRegularExpression rep(QStringLiteral("(.)\\*(\\d+)"));
    QString out;
    int last = 0;
    auto it = rep.globalMatch(s);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        out += s.mid(last, m.capturedStart() - last) + m.captured(1).repeated(m.captured(2).toInt());
        last = int(m.capturedEnd());
    }
    out += s.mid(last);
    return out.split(QLatin1Char('|'));
}

// Megatron core's layout rules: PipelineParallelLayerLayout.__init__ (pipeline_parallel_layer_layout.py:41,
// stages divisible by pp) and validate_layer_layout (:95-110, E first, L last, each once, the
// decoder layers equal num_layers); the vpp it implies is stages / pp (arguments.py:944-951).
void checkLayout(const QString &layout, int pp, int vpp, int layers, const QString &what)
{
    const QStringList stages = layoutStages(layout);
    QVERIFY2(stages.size() % pp == 0, qPrintable(what));
    QCOMPARE(stages.size() / pp, vpp);
    const QString flat = stages.join(QString());
    QVERIFY2(flat.startsWith(QLatin1Char('E')) && flat.endsWith(QLatin1Char('L')), qPrintable(what));
    QCOMPARE(flat.count(QLatin1Char('E')), 1);
    QCOMPARE(flat.count(QLatin1Char('L')), 1);
    QCOMPARE(flat.count(QLatin1Char('t')), layers);
}

// Llama 3 8B data parallel on one DGX H100: a plan every framework runs as planned.
Plan oneNodeLlama3()
{
    Plan p = test::presetPlan("llama3-8b", "h100-sxm", "dgx-h100");
    p.cluster.nodes = 1;
    p.training.tp = 1;
    p.training.pp = 1;
    p.training.dp = 8;
    p.training.global_batch = 64;
    p.training.sequence_parallel = false;
    return p;
}
// An export's text.
QString launchText(const Plan &p, launch::Framework f)
{
    return QString::fromStdString(launch::exportLaunch(p, "x", f).text);
}

// An export's notes, one a line.
QString launchNotes(const Plan &p, launch::Framework f)
{
    QString all;
    for (const std::string &n : launch::exportLaunch(p, "x", f).notes)
        all += QString::fromStdString(n) + QLatin1Char('\n');
    return all;
}

} // namespace

class TestLaunch : public QObject
{
    Q_OBJECT
private slots:
    void megatron()
    {
        int checked = 0;
        for (const Case &k : cases()) {
            const Plan &p = k.scenario.plan;
            const std::string text = launch::exportLaunch(p, "x", launch::Framework::Megatron).text;
            const Config c = megatronFlags(text);
            const QString what = k.name + QStringLiteral(":\n") + QString::fromStdString(text);
            const TrainingSpec &t = p.training;
            // arguments.py:928-939: no more than one of --num-layers-per-virtual-pipeline-stage,
            // --num-virtual-stages-per-pipeline-rank, --pipeline-model-parallel-layout.
            QVERIFY2(int(has(c, "num_layers_per_virtual_pipeline_stage")) + int(has(c, "num_virtual_stages_per_pipeline_rank"))
                             + int(has(c, "pipeline_model_parallel_layout"))
                         <= 1,
                     qPrintable(what));
            if (has(c, "pipeline_model_parallel_layout"))
                checkLayout(QString::fromStdString(get(c, "pipeline_model_parallel_layout")), t.pp, t.vpp, p.model.layers, what);
            else
                QCOMPARE(int(num(c, "num_virtual_stages_per_pipeline_rank", 1)), t.vpp);
            // arguments.py:990-1000 (no layout, no first/last stage counts): the layers divide by pp, and
            // by pp x vpp with interleaving.
            if (!has(c, "pipeline_model_parallel_layout")) {
                QVERIFY2(p.model.layers % t.pp == 0, qPrintable(what));
                QVERIFY2(p.model.layers % (t.pp * t.vpp) == 0, qPrintable(what));
            }
            // transformer_config.py:1446 and :1459-1462: heads divide by tp; query groups and tp divide one the other.
            QVERIFY(int(num(c, "num_attention_heads")) % t.tp == 0);
            const int groups = int(num(c, "num_query_groups", num(c, "num_attention_heads")));
            QVERIFY(groups % t.tp == 0 || t.tp % groups == 0);
            // transformer_config.py:2612-2615: "Bias in Moe is only supported when ETP==1".
            if (has(c, "num_experts"))
                QVERIFY2(has(c, "disable_bias_linear") || int(num(c, "expert_tensor_parallel_size", t.tp)) == 1, qPrintable(what));
            // arguments.py:1118-1135: Megatron-FSDP v1 (the default --megatron-fsdp-version) runs on the
            // distributed optimizer; :1166-1170 CUDA_DEVICE_MAX_CONNECTIONS not 1 and --ckpt-format
            // fsdp_dtensor; :1675-1676 fsdp_dtensor only with Megatron-FSDP.
            if (has(c, "use_megatron_fsdp")) {
                QVERIFY2(get(c, "ckpt_format") == "fsdp_dtensor", qPrintable(what));
                QVERIFY(has(c, "use_distributed_optimizer") && !has(c, "megatron_fsdp_version"));
                QVERIFY(text.find("export CUDA_DEVICE_MAX_CONNECTIONS=1") == std::string::npos);
            } else {
                QVERIFY(get(c, "ckpt_format") != "fsdp_dtensor");
                // arguments.py:1453-1478: tp > 1 or cp > 1 before Blackwell asserts CUDA_DEVICE_MAX_CONNECTIONS == 1.
                if (t.tp > 1 || t.cp > 1)
                    QVERIFY2(text.find("\nexport CUDA_DEVICE_MAX_CONNECTIONS=1\n") != std::string::npos, qPrintable(what));
            }
            // arguments.py:1023-1028: --overlap-param-gather needs the distributed optimizer (or
            // Megatron-FSDP) and --overlap-grad-reduce.
            if (has(c, "overlap_param_gather"))
                QVERIFY((has(c, "use_distributed_optimizer") || has(c, "use_megatron_fsdp")) && has(c, "overlap_grad_reduce"));
            // arguments.py:1441-1442: --tp-comm-overlap needs sequence parallelism.
            if (has(c, "tp_comm_overlap"))
                QVERIFY(has(c, "sequence_parallel"));
            // arguments.py:1425-1428: selective recompute takes no --recompute-method;
            // transformer_config.py:1969-1973: mla_up_proj only with multi_latent_attention.
            if (get(c, "recompute_granularity") == "selective")
                QVERIFY(!has(c, "recompute_method"));
            // The recompute the plan was priced with: with FlashAttention, selective recompute runs
            // nothing of attention again (compute.cpp attentionCore), so Megatron-Core's core_attn
            // (its default module, attention.py _checkpointed_attention_forward) is not written, and
            // without another module neither is selective; without FlashAttention it is.
            if (t.recompute == Recompute::Selective) {
                const std::string mods = get(c, "recompute_modules");
                const bool core = get(c, "recompute_granularity") == "selective"
                    && (!has(c, "recompute_modules") || mods.find("core_attn") != std::string::npos);
                QVERIFY2(core == !t.flash_attention, qPrintable(what));
            }
            if (get(c, "recompute_modules").find("mla_up_proj") != std::string::npos)
                QVERIFY2(has(c, "multi_latent_attention"), qPrintable(what));
            // The model that was planned.
            Config model = c;
            model["num_moe_experts"] = get(c, "num_experts");
            model["gated_linear_unit"] = has(c, "swiglu") ? "True" : "False";
            model["add_bias_linear"] = has(c, "disable_bias_linear") ? "False" : "True";
            model["share_embeddings_and_output_weights"] = has(c, "untie_embeddings_and_output_weights") ? "False" : "True";
            const double built = megatronParameters(model, p.model.vocab), planned = parameterCount(p.model);
            QVERIFY2(std::abs(built / planned - 1) < 0.005, qPrintable(QStringLiteral("%1 built, %2 planned: ").arg(built).arg(planned) + what));
            if (p.model.mlp == Mlp::SwiGlu) // Llama, Mixtral, Qwen3, DeepSeek: RMSNorm, RoPE, no biases
                QVERIFY2(get(c, "normalization") == "RMSNorm" && get(c, "position_embedding_type") == "rope" && has(c, "disable_bias_linear")
                             && has(c, "rotary_base"),
                         qPrintable(what));
            if (p.model.attention == Attention::Mla)
                QVERIFY(has(c, "multi_latent_attention") && get(c, "kv_lora_rank") == std::to_string(p.model.kv_lora_rank));
            ++checked;
        }
        QVERIFY2(checked >= 26, qPrintable(QString::number(checked))); // 9 shipped and their 9 best layouts, 3 fixtures, 5 above
    }

    void nemo()
    {
        for (const Case &k : cases()) {
            const Plan &p = k.scenario.plan;
            const std::string text = launch::exportLaunch(p, "x", launch::Framework::Nemo).text;
            const QString what = k.name + QStringLiteral(":\n") + QString::fromStdString(text);
            const Config model = pythonAssignments(text, QStringLiteral("recipe.model.config."));
            const Config st = pythonAssignments(text, QStringLiteral("strategy."));
            const Config optim = pythonAssignments(text, QStringLiteral("recipe.optim.config."));
            const TrainingSpec &t = p.training;
            // transformer_config.py:2242-2258: a layout takes no first/last stage layer counts;
            // :2276-2287 its vpp equals the strategy's.
            if (get(st, "pipeline_model_parallel_layout", "None") != "None") {
                QCOMPARE(get(st, "num_layers_in_first_pipeline_stage"), std::string("None"));
                QCOMPARE(get(st, "num_layers_in_last_pipeline_stage"), std::string("None"));
                checkLayout(QString::fromStdString(get(st, "pipeline_model_parallel_layout")), t.pp, t.vpp, p.model.layers, what);
            } else {
                QVERIFY2(p.model.layers % (t.pp * t.vpp) == 0, qPrintable(what)); // the even split
            }
            QCOMPARE(int(num(st, "virtual_pipeline_model_parallel_size", 1)), t.vpp);
            // megatron_strategy.py:367-390 and Megatron's arguments.py:1118-1135: Megatron-FSDP on the
            // distributed optimizer with the fsdp_dtensor format.
            if (t.zero >= 2) {
                QCOMPARE(get(st, "fsdp"), std::string("megatron"));
                QCOMPARE(get(st, "save_ckpt_format"), std::string("fsdp_dtensor"));
                QCOMPARE(get(optim, "use_distributed_optimizer"), std::string("True"));
            }
            if (t.zero == 1)
                QCOMPARE(get(optim, "use_distributed_optimizer"), std::string("True"));
            // transformer_config.py:1969-1973.
            if (get(model, "recompute_modules").find("mla_up_proj") != std::string::npos)
                QVERIFY(p.model.attention == Attention::Mla);
            if (get(model, "recompute_granularity") == "selective")
                QVERIFY2(has(model, "recompute_modules"), qPrintable(what)); // the recipe's own list replaced
            // The recompute priced (megatron() above): core_attn only without FlashAttention.
            if (t.recompute == Recompute::Selective)
                QVERIFY2((get(model, "recompute_modules").find("core_attn") != std::string::npos) == !t.flash_attention,
                         qPrintable(what));
            // The model's own recipe for an MoE (nemo/collections/llm/recipes/deepseek_v3.py,
            // qwen3_30b_a3b.py, qwen3_235b_a22b.py, mixtral_8x22b.py).
            if (p.model.id == "deepseek-v3")
                QVERIFY2(text.find("llm.deepseek_v3.pretrain_recipe(") != std::string::npos && text.find("use_mtp=False") != std::string::npos, qPrintable(what));
            if (p.model.id == "qwen3-235b-a22b")
                QVERIFY(text.find("llm.qwen3_235b_a22b.pretrain_recipe(") != std::string::npos);
            if (p.model.id == "mixtral-8x22b")
                QVERIFY(text.find("llm.mixtral_8x22b.pretrain_recipe(") != std::string::npos);
            // transformer_config.py:2612-2615.
            if (has(model, "num_moe_experts"))
                QVERIFY(get(model, "add_bias_linear") == "False" || int(num(st, "expert_tensor_parallel_size", t.tp)) == 1);
            Config m = model;
            m["multi_latent_attention"] = p.model.attention == Attention::Mla ? "True" : "False"; // MLATransformerConfig of the recipe
            const double built = megatronParameters(m, p.model.vocab), planned = parameterCount(p.model);
            QVERIFY2(std::abs(built / planned - 1) < 0.005, qPrintable(QStringLiteral("%1 built, %2 planned: ").arg(built).arg(planned) + what));
        }
    }

    void megatronBridge()
    {
        for (const Case &k : cases()) {
            const Plan &p = k.scenario.plan;
            const std::string text = launch::exportLaunch(p, "x", launch::Framework::Bridge).text;
            const QString what = k.name + QStringLiteral(":\n") + QString::fromStdString(text);
            const Config model = pythonAssignments(text, QStringLiteral("cfg.model."));
            const Config ddp = pythonAssignments(text, QStringLiteral("cfg.ddp."));
            const Config optim = pythonAssignments(text, QStringLiteral("cfg.optimizer."));
            const Config ckpt = pythonAssignments(text, QStringLiteral("cfg.checkpoint."));
            const TrainingSpec &t = p.training;
            // Megatron core's transformer_config.py:2242-2258 and :2276-2287 (as for NeMo).
            if (get(model, "pipeline_model_parallel_layout", "None") != "None") {
                QCOMPARE(get(model, "num_layers_in_first_pipeline_stage"), std::string("None"));
                QCOMPARE(get(model, "num_layers_in_last_pipeline_stage"), std::string("None"));
                QCOMPARE(get(model, "account_for_embedding_in_pipeline_split"), std::string("False"));
                checkLayout(QString::fromStdString(get(model, "pipeline_model_parallel_layout")), t.pp, t.vpp, p.model.layers, what);
            } else {
                QVERIFY2(p.model.layers % (t.pp * t.vpp) == 0, qPrintable(what));
            }
            QCOMPARE(int(num(model, "virtual_pipeline_model_parallel_size", 1)), t.vpp);
            // src/megatron/bridge/training/config.py:1079-1111 (_validate_and_apply_megatron_fsdp_v1_configs):
            // the distributed optimizer, fsdp_dtensor checkpoints.
            if (get(ddp, "use_megatron_fsdp") == "True") {
                QCOMPARE(get(ckpt, "ckpt_format"), std::string("fsdp_dtensor"));
                QCOMPARE(get(ddp, "use_distributed_optimizer"), std::string("True"));
                QCOMPARE(get(optim, "use_distributed_optimizer"), std::string("True"));
            }
            QCOMPARE(get(ddp, "use_megatron_fsdp") == "True", t.zero >= 2);
            // Megatron-LM arguments.py:1023-1028 (overlap_param_gather needs the distributed optimizer).
            if (get(ddp, "overlap_param_gather") == "True")
                QVERIFY(get(ddp, "use_distributed_optimizer") == "True" && get(ddp, "overlap_grad_reduce") == "True");
            if (has(model, "num_moe_experts")) // transformer_config.py:2612-2615
                QVERIFY(get(model, "add_bias_linear") == "False" || int(num(model, "expert_tensor_parallel_size", t.tp)) == 1);
            if (get(model, "recompute_modules").find("mla_up_proj") != std::string::npos) // transformer_config.py:1969-1973
                QVERIFY(p.model.attention == Attention::Mla);
            Config m = model;
            m["multi_latent_attention"] = p.model.attention == Attention::Mla ? "True" : "False"; // the DeepSeek-V3 recipe's MLA provider
            QCOMPARE(int(num(model, "vocab_size")), p.model.vocab);
            const double built = megatronParameters(m, int(num(model, "vocab_size"))), planned = parameterCount(p.model);
            QVERIFY2(std::abs(built / planned - 1) < 0.005, qPrintable(QStringLiteral("%1 built, %2 planned: ").arg(built).arg(planned) + what));
            if (p.model.id == "deepseek-v3")
                QVERIFY(text.find("import deepseek_v3_pretrain_config") != std::string::npos);
        }
    }

    void deepspeed()
    {
        for (const Case &k : cases()) {
            const Plan &p = k.scenario.plan;
            const launch::Export e = launch::exportLaunch(p, "x", launch::Framework::DeepSpeed);
            // Selective recompute with FlashAttention runs nothing again (megatron() above): nothing to
            // choose in the model code.
            const bool modelCodeNote = std::any_of(e.notes.begin(), e.notes.end(), [](const std::string &n) {
                return n.find("chosen in the model code") != std::string::npos;
            });
            const TrainingSpec &r = p.training;
            const bool modules = r.recompute_layernorm || r.recompute_mlp || r.recompute_mla_up_proj || r.recompute_moe
                || r.recompute_moe_act;
            if (r.recompute == Recompute::Selective && r.flash_attention && !modules)
                QVERIFY2(!modelCodeNote, qPrintable(k.name));
            QJsonParseError error;
            const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(e.text), &error).object();
            QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(k.name));
            const TrainingSpec &t = p.training;
            const int gpus = p.cluster.nodes * p.cluster.gpus_per_node;
            // deepspeed/runtime/config.py:711-724 (the data-parallel world: the mpu's, else every rank),
            // deepspeed/__init__.py:243-244 (a PipelineModule's own mpu: deepspeed/runtime/pipe/module.py:179,
            // PipeDataParallelTopology(num_pp, num_dp = world / pp)), config.py:937-940 (_batch_assertion).
            const int world = t.pp > 1 ? gpus / t.pp : gpus;
            const int micro = o.value(QStringLiteral("train_micro_batch_size_per_gpu")).toInt(), gas = o.value(QStringLiteral("gradient_accumulation_steps")).toInt();
            QCOMPARE(o.value(QStringLiteral("train_batch_size")).toInt(), micro * gas * world);
            QCOMPARE(micro, t.micro_batch);
            QCOMPARE(gas, t.global_batch / (t.micro_batch * t.dp));
            // deepspeed/runtime/pipe/engine.py:76-77: "ZeRO-2 and ZeRO-3 are incompatible with pipeline parallelism".
            const int stage = o.value(QStringLiteral("zero_optimization")).toObject().value(QStringLiteral("stage")).toInt();
            if (o.contains(QStringLiteral("pipeline")))
                QVERIFY2(stage < 2, qPrintable(k.name));
            // deepspeed/runtime/engine.py:1889-1891: no native MoE under ZeRO-3, AutoEP instead
            // (deepspeed/module_inject/auto_ep_config.py:47, expert_parallel.enabled).
            if (stage == 3 && p.model.moe() && t.ep > 1) {
                QVERIFY(o.value(QStringLiteral("expert_parallel")).toObject().value(QStringLiteral("enabled")).toBool());
                for (const std::string &n : e.notes)
                    QVERIFY(n.find("build the MoE layers as deepspeed.moe.layer.MoE") == std::string::npos);
            }
        }
        // ZeRO-3 writes the plan's gather bucket (deepspeed/runtime/zero/config.py,
        // stage3_prefetch_bucket_size), or a layer's parameters for the engine's one gather per layer.
        Plan p = cases().front().scenario.plan;
        p.training.pp = 1;
        p.training.vpp = 1;
        p.training.dp *= cases().front().scenario.plan.training.pp;
        p.training.zero = 3;
        auto bucket = [&p] {
            const std::string text = launch::exportLaunch(p, "x", launch::Framework::DeepSpeed).text;
            const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
            const QJsonObject zero = o.value(QStringLiteral("zero_optimization")).toObject();
            return zero.value(QStringLiteral("stage3_prefetch_bucket_size")).toDouble();
        };
        QCOMPARE(bucket(), std::ceil(parameterCount(p.model) / p.model.layers));
        p.training.zero3_bucket_params = 5e7;
        QCOMPARE(bucket(), 5e7);
    }

    // Hybrid sharding (training.dp_shard): each framework's own setting, or a note where the file
    // shards over the whole data-parallel group.
    void hybridShardingAsEachFrameworkTakesIt()
    {
        Plan p = cases().front().scenario.plan;
        p.training.dp *= p.training.pp;
        p.training.pp = 1;
        p.training.vpp = 1;
        p.training.zero = 3;
        QVERIFY(p.training.dp % 2 == 0);
        const int shard = p.training.dp / 2;
        auto text = [&p](launch::Framework f) { return launch::exportLaunch(p, "x", f).text; };
        auto has = [](const std::string &t, const std::string &what) { return t.find(what) != std::string::npos; };
        auto noted = [&p, &has](launch::Framework f, const std::string &what) {
            const std::vector<std::string> notes = launch::exportLaunch(p, "x", f).notes;
            return std::any_of(notes.begin(), notes.end(), [&](const std::string &n) { return has(n, what); });
        };
        QVERIFY(!has(text(launch::Framework::Megatron), "--num-distributed-optimizer-instances"));
        p.training.dp_shard = shard;
        QVERIFY(validate(p).empty());
        // Megatron-LM: Megatron-FSDP's HSDP (and the distributed optimizer's instances), dp / dp_shard.
        QVERIFY(has(text(launch::Framework::Megatron), "--num-distributed-optimizer-instances 2"));
        QVERIFY(has(text(launch::Framework::Bridge), "cfg.ddp.num_distributed_optimizer_instances = 2\n"));
        const Config par = pythonAssignments(text(launch::Framework::Torchtitan), QStringLiteral("par."));
        QCOMPARE(get(par, "data_parallel_replicate_degree"), std::string("2"));
        QCOMPARE(get(par, "data_parallel_shard_degree"), std::to_string(shard));
        auto zeroJson = [&] {
            const QByteArray json = QByteArray::fromStdString(text(launch::Framework::DeepSpeed));
            const QJsonObject o = QJsonDocument::fromJson(json).object();
            return o.value(QStringLiteral("zero_optimization")).toObject();
        };
        // MiCS counts every rank of a shard group (consecutive global ranks): dp_shard x tp x cp.
        QVERIFY(p.training.tp * p.training.cp > 1); // so the count differs from dp_shard
        QCOMPARE(zeroJson().value(QStringLiteral("mics_shard_size")).toInt(), shard * p.training.tp * p.training.cp);
        QVERIFY(noted(launch::Framework::DeepSpeed, "MiCS_Init"));
        QVERIFY(has(text(launch::Framework::Nemo), "strategy.num_distributed_optimizer_instances = 2\n"));
        // ZeRO-1: Megatron's instances again; DeepSpeed has MiCS for ZeRO-3 only and says so.
        p.training.zero = 1;
        QVERIFY(has(text(launch::Framework::Megatron), "--num-distributed-optimizer-instances 2"));
        QVERIFY(zeroJson().value(QStringLiteral("mics_shard_size")).isUndefined());
        QVERIFY(noted(launch::Framework::DeepSpeed, "(MiCS) is ZeRO-3's only"));
        // Under ZeRO 0 nothing is sharded: nothing is written.
        p.training.zero = 0;
        QVERIFY(!has(text(launch::Framework::Megatron), "--num-distributed-optimizer-instances"));
        QVERIFY(!has(text(launch::Framework::Bridge), "num_distributed_optimizer_instances"));
        QVERIFY(!has(text(launch::Framework::Nemo), "num_distributed_optimizer_instances"));
    }

    void torchtitan()
    {
        for (const Case &k : cases()) {
            const Plan &p = k.scenario.plan;
            const std::string text = launch::exportLaunch(p, "x", launch::Framework::Torchtitan).text;
            const QString what = k.name + QStringLiteral(":\n") + QString::fromStdString(text);
            const Config par = pythonAssignments(text, QStringLiteral("par."));
            const TrainingSpec &t = p.training;
            // An MoE plan gets one of torchtitan's MoE models (torchtitan/models/qwen3, deepseek_v3).
            if (p.model.moe())
                QVERIFY2(text.find("torchtitan.models.llama3") == std::string::npos, qPrintable(what));
            if (t.pp > 1) {
                const bool single = get(par, "pipeline_parallel_schedule") == "1F1B";
                static const QRegularExpression stageLine(QStringLiteral("^        (\\[\"tok_embeddings\"\\] \\+ )?\\[f\"layers\\.\\{i\\}\" for i in range\\((\\d+), (\\d+)\\)\\]( \\+ \\[\"norm\", \"lm_head\"\\])?,$"),
                                                          QRegularExpression::MultilineOption);
                int stages = 0, next = 0;
                bool first = false, last = false;
                auto it = stageLine.globalMatch(QString::fromStdString(text));
                while (it.hasNext()) {
                    const QRegularExpressionMatch m = it.next();
                    QCOMPARE(m.captured(2).toInt(), next); // every layer once, in order
                    // A part holds a layer at least, or the embedding or the loss alone.
                    QVERIFY2(m.captured(3).toInt() > next || !m.captured(1).isEmpty() || !m.captured(4).isEmpty(),
                             qPrintable(what));
                    next = m.captured(3).toInt();
                    QCOMPARE(!m.captured(1).isEmpty(), stages == 0);
                    first |= !m.captured(1).isEmpty();
                    last = !m.captured(4).isEmpty();
                    ++stages;
                }
                if (stages > 0) {
                    // module_fqns_per_model_part given: pipeline_parallel.py:88-92 takes it as the stages;
                    // :554-556 (_get_pp_rank_to_stage_indices_mapping) asserts they divide by pp. The
                    // layer count per stage stays None, else :219-257 checks it against its own count.
                    QVERIFY(first && last && next == p.model.layers);
                    QCOMPARE(get(par, "pipeline_parallel_layers_per_stage"), std::string("None"));
                } else {
                    // torchtitan/distributed/pipeline_parallel.py:219-257: without a layer count per
                    // stage, 1 stage per rank (1F1B) or 2 (interleaved), split by
                    // _generate_llm_fqn_per_model_part (:392-418) as evenly as the layers go: the plan's
                    // stages only when they are even.
                    QCOMPARE(get(par, "pipeline_parallel_layers_per_stage"), std::string("None"));
                    stages = t.pp * (single ? 1 : 2);
                    QVERIFY2(p.model.layers % t.pp == 0 && num(par, "pipeline_parallel_first_stage_less_layers") == 0
                                 && num(par, "pipeline_parallel_last_stage_less_layers") == 0,
                             qPrintable(what));
                }
                QVERIFY2(stages % t.pp == 0, qPrintable(what));
                QVERIFY(single ? stages == t.pp : stages / t.pp >= 2);
                QVERIFY2(stages == t.pp * t.vpp, qPrintable(what)); // vpp as planned, not silently another
            }
        }
    }

    // The header names the Commtax version, the scenario's SHA-256, the predicted step time and the
    // pinned framework version.
    void header()
    {
        const Scenario s = defaultScenario();
        launch::Provenance prov;
        prov.commtax_version = "9.8.7";
        prov.scenario_sha256 = std::string(64, 'a');
        const std::string step = [&] {
            char buf[32];
            std::snprintf(buf, sizeof buf, "%.3f s", evaluate(s.plan).result.step_time_s);
            return std::string(buf);
        }();
        for (launch::Framework f : launch::kFrameworks) {
            const std::string text = launch::exportLaunch(s.plan, "x", f, prov).text;
            QVERIFY(text.find("9.8.7") != std::string::npos);
            QVERIFY(text.find(prov.scenario_sha256) != std::string::npos);
            QVERIFY(text.find(launch::pinnedVersion(f)) != std::string::npos);
            if (f == launch::Framework::DeepSpeed)
                QVERIFY(text.find(step.substr(0, step.size() - 2)) != std::string::npos);
            else
                QVERIFY2(text.find("predicted step time " + step) != std::string::npos, text.c_str());
        }
    }

    // The loss each framework runs where the plan's differs (launch.cpp lossNote, docs/model.md §8).
    void lossAsEachFrameworkRunsIt()
    {
        Plan p = oneNodeLlama3();
        QVERIFY(validate(p).empty());
        auto notes = [&](launch::Framework f) { return launchNotes(p, f); };
        const QString unfused = QStringLiteral("unfused_loss="), fused = QStringLiteral("fused_cross_entropy");
        // Megatron's loss: what Megatron-Core runs; torchtitan's holds 12 bytes a logit.
        QVERIFY(!p.training.fused_cross_entropy);
        QCOMPARE(p.training.unfused_loss, UnfusedLoss::Megatron);
        for (auto f : {launch::Framework::Megatron, launch::Framework::Nemo, launch::Framework::Bridge})
            QVERIFY(!notes(f).contains(unfused));
        QVERIFY(notes(launch::Framework::Torchtitan).contains(QStringLiteral("unfused_loss=megatron")));
        // PyTorch's eager loss: torchtitan's own; Megatron-Core runs its own instead.
        p.training.unfused_loss = UnfusedLoss::Pytorch;
        QVERIFY(!notes(launch::Framework::Torchtitan).contains(unfused));
        for (auto f : {launch::Framework::Megatron, launch::Framework::Nemo, launch::Framework::Bridge})
            QVERIFY(notes(f).contains(QStringLiteral("unfused_loss=pytorch: not written")));
        // Compiled: written for torchtitan, the loss alone (configs.py CompileConfig at b5bcd76c).
        QVERIFY(!launchText(p, launch::Framework::Torchtitan).contains(QStringLiteral("config.compile")));
        p.training.unfused_loss = UnfusedLoss::Compiled;
        QVERIFY(!notes(launch::Framework::Torchtitan).contains(unfused));
        const QString titan = launchText(p, launch::Framework::Torchtitan);
        QVERIFY(titan.contains(QStringLiteral("    config.compile.enable = True\n")));
        QVERIFY(titan.contains(QStringLiteral("config.compile.components = [\"loss\"]")));
        // The fused loss: Megatron-Core's flag; torchtitan has none.
        p.training.fused_cross_entropy = true;
        QVERIFY(!notes(launch::Framework::Megatron).contains(unfused));
        QVERIFY(!notes(launch::Framework::Megatron).contains(fused));
        QVERIFY(notes(launch::Framework::Torchtitan).contains(fused));
    }

    // The optimizer's kernel (launch.cpp optimizerNote, docs/model.md §5): torchtitan writes foreach
    // (OptimizersContainer.Config.implementation at b5bcd76c, "fused" unless set); Megatron-Core's
    // frameworks step a fused Adam and say so; DeepSpeed's config names no optimizer, which it says for
    // either kernel.
    void optimizerKernelAsEachFrameworkRunsIt()
    {
        Plan p = oneNodeLlama3();
        QVERIFY(validate(p).empty());
        const QString kernel = QStringLiteral("optimizer_kernel=");
        const QString line = QStringLiteral("config.optimizer.implementation");
        QCOMPARE(p.training.optimizer_kernel, OptimizerKernel::Fused);
        for (auto f : {launch::Framework::Megatron, launch::Framework::Nemo, launch::Framework::Bridge,
                       launch::Framework::Torchtitan})
            QVERIFY(!launchNotes(p, f).contains(kernel));
        QVERIFY(!launchText(p, launch::Framework::Torchtitan).contains(line));
        p.training.optimizer_kernel = OptimizerKernel::Foreach;
        for (auto f : {launch::Framework::Megatron, launch::Framework::Nemo, launch::Framework::Bridge})
            QVERIFY(launchNotes(p, f).contains(QStringLiteral("optimizer_kernel=foreach: not written")));
        const QString script = QStringLiteral("optimizer_kernel=foreach: the config");
        QVERIFY(launchNotes(p, launch::Framework::DeepSpeed).contains(script));
        p.training.optimizer_kernel = OptimizerKernel::Fused;
        const QString fusedScript = QStringLiteral("optimizer_kernel=fused: the config");
        QVERIFY(launchNotes(p, launch::Framework::DeepSpeed).contains(fusedScript));
        p.training.optimizer_kernel = OptimizerKernel::Foreach;
        QVERIFY(!launchNotes(p, launch::Framework::Torchtitan).contains(kernel));
        const QString written = QStringLiteral("    config.optimizer.implementation = \"foreach\"\n");
        QVERIFY(launchText(p, launch::Framework::Torchtitan).contains(written));
    }

    // The FP8 weight cache (launch.cpp fp8CacheLaunch, docs/model.md §3): NeMo and Megatron-Bridge
    // write TransformerConfig.disable_parameter_transpose_cache for an FP8 plan, True when the plan
    // casts in every micro-batch, False when it caches (a base recipe may set it); Megatron-LM has no
    // flag for it and says so; torchtitan's torchao linears cannot cache and say so when the plan
    // does. BF16 plans say nothing of it.
    void fp8WeightCacheAsEachFrameworkRunsIt()
    {
        Plan p = oneNodeLlama3();
        QVERIFY(validate(p).empty());
        const QString field = QStringLiteral("disable_parameter_transpose_cache");
        const QString line = field + QStringLiteral(" = True\n");
        const QString key = QStringLiteral("fp8_weight_cache");
        const auto all = {launch::Framework::Megatron, launch::Framework::Nemo, launch::Framework::Bridge,
                          launch::Framework::Torchtitan, launch::Framework::DeepSpeed};
        for (bool cache : {true, false}) {
            p.training.fp8_weight_cache = cache;
            for (auto f : all)
                QVERIFY(!launchNotes(p, f).contains(key) && !launchText(p, f).contains(field));
        }
        p.training.precision = Precision::Fp8;
        p.training.fp8_weight_cache = true;
        const QString cached = field + QStringLiteral(" = False\n");
        QVERIFY(launchText(p, launch::Framework::Nemo).contains(QStringLiteral("    recipe.model.config.") + cached));
        QVERIFY(launchText(p, launch::Framework::Bridge).contains(QStringLiteral("    cfg.model.") + cached));
        for (auto f : all)
            QVERIFY(!launchText(p, f).contains(line));
        const QString titanNote = QStringLiteral("fp8_weight_cache: torchtitan's");
        QVERIFY(launchNotes(p, launch::Framework::Torchtitan).contains(titanNote));
        for (auto f : {launch::Framework::Megatron, launch::Framework::Nemo, launch::Framework::Bridge})
            QVERIFY(!launchNotes(p, f).contains(key));
        p.training.fp8_weight_cache = false;
        QVERIFY(launchText(p, launch::Framework::Nemo).contains(QStringLiteral("    recipe.model.config.") + line));
        QVERIFY(launchText(p, launch::Framework::Bridge).contains(QStringLiteral("    cfg.model.") + line));
        QVERIFY(!launchText(p, launch::Framework::Megatron).contains(line)); // the note names the field
        const QString megatronNote = QStringLiteral("fp8_weight_cache off: not written");
        QVERIFY(launchNotes(p, launch::Framework::Megatron).contains(megatronNote));
        QVERIFY(!launchNotes(p, launch::Framework::Torchtitan).contains(key));
    }

    // Async TP is torchtitan's CompileConfig.enable_async_tensor_parallel at b5bcd76c, with compile on
    // and "model" in the components (CompileConfig.__post_init__ raises otherwise); ParallelismConfig
    // has no such field and, a slots dataclass, refuses one.
    void torchtitanAsyncTpIsACompileSetting()
    {
        Plan p = oneNodeLlama3();
        p.training.tp = 8;
        p.training.dp = 1;
        p.training.sequence_parallel = true;
        p.training.tp_comm_overlap = true;
        QVERIFY(validate(p).empty());
        const QString text = QString::fromStdString(launch::exportLaunch(p, "x", launch::Framework::Torchtitan).text);
        QVERIFY(!text.contains(QStringLiteral("par.enable_async_tensor_parallel")));
        QVERIFY(text.contains(QStringLiteral("    config.compile.enable = True\n")));
        QVERIFY(text.contains(QStringLiteral("    config.compile.components = [\"model\"]\n")));
        QVERIFY(text.contains(QStringLiteral("    config.compile.enable_async_tensor_parallel = True\n")));
        p.training.unfused_loss = UnfusedLoss::Compiled;
        const QString both = QString::fromStdString(launch::exportLaunch(p, "x", launch::Framework::Torchtitan).text);
        QVERIFY(both.contains(QStringLiteral("config.compile.components = [\"model\", \"loss\"]")));
    }

    // The launch names are a column of the field rows (engine/limits.h): Megatron-LM's flag is its
    // argument factory's "--" + Megatron core's field with "_" as "-", except where arguments.py
    // names the flag by hand; every name the writers read is there.
    // The attention kernel (docs/model.md §3): Megatron-LM's --attention-backend names it (AttnBackend in
    // megatron/core/transformer/enums.py: fused is cuDNN's through Transformer Engine, flash the
    // flash-attn package); a framework that cannot choose it says what it runs instead.
    // Megatron-Bridge 26.04's Llama 3.1 405B recipe (PP 16, VP 8, the embedding and the loss counted
    // as pipeline layers): the first virtual stage holds the embedding alone and the last the loss
    // alone, in Megatron core's layout string and in torchtitan's model parts.
    void embeddingAndLossChunksAsEachFrameworkTakesThem()
    {
        const Case *k = nullptr;
        for (const Case &c : cases())
            if (c.name.contains(QStringLiteral("embedding and loss chunks")))
                k = &c;
        QVERIFY(k);
        const Plan &p = k->scenario.plan;
        for (auto f : {launch::Framework::Megatron, launch::Framework::Nemo, launch::Framework::Bridge}) {
            const std::string text = launch::exportLaunch(p, "x", f).text;
            static const QRegularExpression layout(QStringLiteral("\"(E[^\"]*L)\""));
            const QRegularExpressionMatch m = layout.match(QString::fromStdString(text));
            QVERIFY2(m.hasMatch(), text.c_str());
            const QStringList stages = layoutStages(m.captured(1));
            QCOMPARE(stages.size(), 128);
            QCOMPARE(stages.first(), QStringLiteral("E"));
            QCOMPARE(stages.last(), QStringLiteral("L"));
            for (int i = 1; i < 127; ++i)
                QCOMPARE(stages.at(i), QStringLiteral("t"));
        }
        const QString titan = QString::fromStdString(launch::exportLaunch(p, "x", launch::Framework::Torchtitan).text);
        QVERIFY(titan.contains(QStringLiteral("[\"tok_embeddings\"] + [f\"layers.{i}\" for i in range(0, 0)],")));
        QVERIFY(titan.contains(
            QStringLiteral("[f\"layers.{i}\" for i in range(126, 126)] + [\"norm\", \"lm_head\"],")));
    }

    void attentionKernelAsEachFrameworkRunsIt()
    {
        Plan p = oneNodeLlama3();
        QVERIFY(validate(p).empty());
        auto notes = [&](launch::Framework f) { return launchNotes(p, f); };
        QVERIFY(launchText(p, launch::Framework::Megatron).contains(QStringLiteral("--attention-backend fused")));
        QVERIFY(notes(launch::Framework::Torchtitan).contains(QStringLiteral("attention_kernel=cudnn")));
        QVERIFY(notes(launch::Framework::Torchtitan).contains(QStringLiteral("0.52")));
        QVERIFY(!notes(launch::Framework::Nemo).contains(QStringLiteral("attention_kernel")));
        // 2024's cuDNN is the same backend to Megatron-LM; a container of today runs today's release,
        // which the Transformer Engine frameworks' notes say; torchtitan runs FlashAttention-2 still.
        p.training.attention_kernel = AttentionKernel::Cudnn2024;
        QVERIFY(launchText(p, launch::Framework::Megatron).contains(QStringLiteral("--attention-backend fused")));
        QVERIFY(notes(launch::Framework::Nemo).contains(QStringLiteral("attention_kernel=cudnn_2024: not written")));
        QVERIFY(notes(launch::Framework::Bridge).contains(QStringLiteral("attention_kernel=cudnn_2024: not written")));
        QVERIFY(notes(launch::Framework::Torchtitan).contains(QStringLiteral("attention_kernel=cudnn_2024: this")));
        p.training.attention_kernel = AttentionKernel::Flash2;
        QVERIFY(launchText(p, launch::Framework::Megatron).contains(QStringLiteral("--attention-backend flash")));
        QVERIFY(!launchText(p, launch::Framework::Megatron).contains(QStringLiteral("--attention-backend fused")));
        QVERIFY(notes(launch::Framework::Bridge).contains(QStringLiteral("attention_kernel=flash2")));
        QVERIFY(!notes(launch::Framework::Torchtitan).contains(QStringLiteral("attention_kernel")));
        // On an A100 the two kernels are one figure: nothing to say.
        Plan a = test::presetPlan("llama3-8b", "a100-sxm-80gb", "dgx-a100");
        a.cluster.nodes = 1;
        for (const std::string &n : launch::exportLaunch(a, "x", launch::Framework::Torchtitan).notes)
            QVERIFY(n.find("attention_kernel") == std::string::npos);
    }

    void dropoutAsThePlanHasIt()
    {
        // Megatron-LM's and Megatron-Core's defaults are 0.1: every export says the plan's dropout,
        // exactly and without an exponent; torchtitan's models have none, so it notes a plan with it.
        Plan p = defaultScenario().plan;
        auto noted = [&](launch::Framework f) {
            for (const std::string &n : launch::exportLaunch(p, "x", f).notes)
                if (n.find("dropout") != std::string::npos)
                    return true;
            return false;
        };
        QVERIFY(launchText(p, launch::Framework::Megatron).contains(QStringLiteral("--hidden-dropout 0.0 \\")));
        QVERIFY(launchText(p, launch::Framework::Megatron).contains(QStringLiteral("--attention-dropout 0.0 \\")));
        QVERIFY(!noted(launch::Framework::Torchtitan));
        p.model.dropout = 0.125;
        QVERIFY(launchText(p, launch::Framework::Megatron).contains(QStringLiteral("--hidden-dropout 0.125 \\")));
        for (launch::Framework f : {launch::Framework::Nemo, launch::Framework::Bridge}) {
            QVERIFY(launchText(p, f).contains(QStringLiteral("hidden_dropout = 0.125\n")));
            QVERIFY(launchText(p, f).contains(QStringLiteral("attention_dropout = 0.125\n")));
        }
        QVERIFY(noted(launch::Framework::Torchtitan));
        p.model.dropout = 1e-5;
        QVERIFY(launchText(p, launch::Framework::Megatron).contains(QStringLiteral("--hidden-dropout 0.00001 \\")));
    }

    // GPT-OSS's clamp, expert biases and unfused rotary embedding (docs/model.md §17), and Transformer
    // Engine's op fuser: what Megatron-LM, NeMo and Megatron-Bridge are told. Megatron-LM has no flag for
    // the clamp (a note says so); the Python configs set activation_func_clamp_value. Expert biases keep
    // a llama-like MoE's biases at etp 1 and drop them, with a note, at etp 2.
    void gptOssPathsAsMegatronCoreTakeThem()
    {
        Plan p = test::presetPlan("qwen3-30b-a3b", "h100-sxm", "dgx-h100");
        p.cluster.nodes = 1;
        TrainingSpec &t = p.training;
        t.tp = t.pp = t.cp = 1;
        t.dp = t.ep = 8;
        t.etp = 1;
        t.micro_batch = 1;
        t.global_batch = 64;
        auto noted = [&](launch::Framework f, const char *what) {
            return launchNotes(p, f).contains(QLatin1String(what));
        };
        const auto mcore = {launch::Framework::Nemo, launch::Framework::Bridge};
        QVERIFY(launchText(p, launch::Framework::Megatron).contains(QStringLiteral("--disable-bias-linear")));
        QVERIFY(!launchText(p, launch::Framework::Megatron).contains(QStringLiteral("--no-rope-fusion")));
        QVERIFY(!launchText(p, launch::Framework::Megatron).contains(QStringLiteral("op-fuser")));
        QVERIFY(!noted(launch::Framework::Megatron, "glu_clamp"));
        for (launch::Framework f : mcore) {
            QVERIFY(!launchText(p, f).contains(QStringLiteral("activation_func_clamp_value")));
            QVERIFY(!launchText(p, f).contains(QStringLiteral("apply_rope_fusion")));
            QVERIFY(!launchText(p, f).contains(QStringLiteral("use_transformer_engine_op_fuser")));
            QVERIFY(launchText(p, f).contains(QStringLiteral("add_bias_linear = False\n")));
        }
        p.model.glu_clamp = 7;
        p.model.expert_bias = true;
        t.fused_rope = false;
        t.te_op_fuser = true;
        const QString megatron = launchText(p, launch::Framework::Megatron);
        QVERIFY(!megatron.contains(QStringLiteral("--disable-bias-linear")));
        QVERIFY(megatron.contains(QStringLiteral("--no-rope-fusion \\")));
        QVERIFY(megatron.contains(QStringLiteral("--use-transformer-engine-op-fuser \\")));
        QVERIFY(noted(launch::Framework::Megatron, "glu_clamp"));
        for (launch::Framework f : mcore) {
            QVERIFY(launchText(p, f).contains(QStringLiteral("activation_func_clamp_value = 7.0\n")));
            QVERIFY(launchText(p, f).contains(QStringLiteral("apply_rope_fusion = False\n")));
            QVERIFY(launchText(p, f).contains(QStringLiteral("use_transformer_engine_op_fuser = True\n")));
            QVERIFY(launchText(p, f).contains(QStringLiteral("add_bias_linear = True\n")));
        }
        t.tp = t.etp = 2;
        t.dp = t.ep = 4;
        QVERIFY(launchText(p, launch::Framework::Megatron).contains(QStringLiteral("--disable-bias-linear")));
        QVERIFY(noted(launch::Framework::Megatron, "biases left out"));
    }

    void activationOffloadWhereMegatronCoreTakesIt()
    {
        // Megatron-Core takes cpu_offloading_num_layers only with pp = 1 and no activation recompute
        // (transformer_config.py, __post_init__); Megatron-LM sets cpu_offloading from the count
        // (arguments.py). Megatron-Bridge's Llama 3 70B GB200 BF16 recipe: 20 layers.
        Plan p = test::presetPlan("llama3-70b", "gb200", "gb200-nvl72");
        p.cluster.nodes = 1;
        p.training.tp = p.training.pp = p.training.cp = 1;
        p.training.dp = 64;
        p.training.global_batch = 256;
        p.training.zero = 3;
        p.training.recompute = Recompute::None;
        p.training.sequence_parallel = false;
        p.training.offload_layers = 20;
        QVERIFY(validate(p).empty());
        QVERIFY(launchText(p, launch::Framework::Megatron).contains(QStringLiteral("--cpu-offloading-num-layers 20")));
        QVERIFY(!launchText(p, launch::Framework::Megatron).contains(QStringLiteral("offload_layers=20")));
        for (launch::Framework f : {launch::Framework::Nemo, launch::Framework::Bridge}) {
            QVERIFY(launchText(p, f).contains(QStringLiteral("cpu_offloading = True")));
            QVERIFY(launchText(p, f).contains(QStringLiteral("cpu_offloading_num_layers = 20")));
        }
        // torchtitan and DeepSpeed have no activation offload: a note, no setting.
        auto notes = [&](launch::Framework f) {
            QStringList out;
            for (const std::string &n : launch::exportLaunch(p, "x", f).notes)
                out << QString::fromStdString(n);
            return out.join(QLatin1Char('\n'));
        };
        for (launch::Framework f : {launch::Framework::Torchtitan, launch::Framework::DeepSpeed})
            QVERIFY(notes(f).contains(QStringLiteral("offload_layers=20")));
        QVERIFY(launchText(p, launch::Framework::Torchtitan).contains(QStringLiteral("offload_layers=20")));
        // With recompute Megatron-Core would refuse it: left out, with a note.
        p.training.recompute = Recompute::Selective;
        QVERIFY(!launchText(p, launch::Framework::Megatron).contains(QStringLiteral("--cpu-offloading-num-layers")));
        QVERIFY(launchText(p, launch::Framework::Megatron).contains(QStringLiteral("offload_layers=20")));
        // NeMo and Megatron-Bridge say so in the file's comments too.
        for (launch::Framework f : {launch::Framework::Nemo, launch::Framework::Bridge}) {
            QVERIFY(!launchText(p, f).contains(QStringLiteral("cpu_offloading = True")));
            QVERIFY(launchText(p, f).contains(QStringLiteral("# NOTE: offload_layers=20")));
        }
    }
    void partialRecomputeAsMegatronCoreTakesIt()
    {
        // Megatron-LM: --recompute-granularity full --recompute-method block --recompute-num-layers N
        // checkpoints the first N layers of each chunk (transformer_block.py, _checkpointed_forward);
        // NeMo and Megatron-Bridge set the same TransformerConfig fields.
        Plan p = test::presetPlan("llama3-8b", "h100-sxm", "dgx-h100");
        p.cluster.nodes = 1;
        p.training.tp = p.training.pp = p.training.cp = 1;
        p.training.dp = 8;
        p.training.global_batch = 64;
        p.training.recompute = Recompute::Full;
        p.training.recompute_num_layers = 16;
        QVERIFY(validate(p).empty());
        QVERIFY(launchText(p, launch::Framework::Megatron).contains(QStringLiteral("--recompute-method block")));
        QVERIFY(launchText(p, launch::Framework::Megatron).contains(QStringLiteral("--recompute-num-layers 16")));
        for (launch::Framework f : {launch::Framework::Nemo, launch::Framework::Bridge}) {
            QVERIFY(launchText(p, f).contains(QStringLiteral("recompute_method = \"block\"")));
            QVERIFY(launchText(p, f).contains(QStringLiteral("recompute_num_layers = 16")));
        }
        // torchtitan and DeepSpeed recompute every layer or none: every layer, with a note, and the
        // layout does not run as planned there.
        for (launch::Framework f : {launch::Framework::Torchtitan, launch::Framework::DeepSpeed}) {
            QStringList notes;
            for (const std::string &n : launch::exportLaunch(p, "x", f).notes)
                notes << QString::fromStdString(n);
            QVERIFY(notes.join(QLatin1Char('\n')).contains(QStringLiteral("recompute_num_layers=16")));
            QVERIFY(!launch::runsAsPlanned(f, p));
        }
        QVERIFY(launchText(p, launch::Framework::Torchtitan).contains(QStringLiteral("FullAC.Config()")));
        // A count of the whole chunk is every layer: Megatron's uniform method, one layer a group.
        p.training.recompute_num_layers = 32;
        QVERIFY(launchText(p, launch::Framework::Megatron).contains(QStringLiteral("--recompute-method uniform")));
        QVERIFY(launchText(p, launch::Framework::Megatron).contains(QStringLiteral("--recompute-num-layers 1")));
        QVERIFY(launch::runsAsPlanned(launch::Framework::Torchtitan, p));
    }
    // An NVL72 rack's node is its NVLink domain (64 GPUs here), its host a 4-GPU compute tray: the
    // launchers run one process per GPU of a host, so torchrun, NeMo-Run and torchtitan's script get
    // hosts and GPUs per host (cluster.gpus_per_host), not the NVLink domain. torchrun with
    // --nproc-per-node 64 on a 4-GPU host fails: CUDA device ordinals 4-63 do not exist.
    void rackScaleNodesLaunchPerHost()
    {
        Plan p = test::presetPlan("llama3-70b", "gb300", "gb300-nvl72");
        QCOMPARE(p.cluster.gpus_per_node, 64);
        QCOMPARE(p.cluster.gpus_per_host, 4); // presets/clusters.json
        p.cluster.nodes = 4;
        p.training.tp = 1;
        p.training.pp = 4;
        p.training.cp = 1;
        p.training.dp = 64;
        p.training.global_batch = 256;
        p.training.sequence_parallel = false;
        QVERIFY(validate(p).empty());
        // 256 GPUs = 4 NVLink domains of 64 = 64 hosts of 4.
        const QString perHost = QStringLiteral("torchrun --nnodes 64 --nproc-per-node 4 ");
        QVERIFY(launchText(p, launch::Framework::Megatron).contains(perHost));
        QVERIFY(launchText(p, launch::Framework::Megatron).contains(QStringLiteral("(4 nodes x 64; 64 hosts x 4)")));
        QVERIFY(launchText(p, launch::Framework::Bridge).contains(perHost));
        QVERIFY(launchText(p, launch::Framework::Nemo).contains(QStringLiteral("num_nodes=64, num_gpus_per_node=4")));
        QVERIFY(launchText(p, launch::Framework::Nemo).contains(QStringLiteral("LocalExecutor(ntasks_per_node=4,")));
        QVERIFY(launchText(p, launch::Framework::Torchtitan).contains(QStringLiteral("NGPU=4 ")));
        QVERIFY(launchText(p, launch::Framework::Torchtitan).contains(QStringLiteral("on each of the 64 node(s)")));
        // 0: the node is the host, as on every 8-GPU server (the GB200 preset's 4 set to 0).
        Plan whole = p;
        whole.cluster.gpus_per_host = 0;
        const QString perNode = QStringLiteral("torchrun --nnodes 4 --nproc-per-node 64 ");
        QVERIFY(launchText(whole, launch::Framework::Megatron).contains(perNode));
        // A slice smaller than a host (2 GPUs) is one host of 2; one that does not fill hosts of 4 (6
        // GPUs) is written as one host of 6, with a note.
        Plan two = p;
        two.cluster.nodes = 1;
        two.cluster.gpus_per_node = 2;
        two.training.pp = 2;
        two.training.dp = 1;
        two.training.global_batch = 16;
        QVERIFY(validate(two).empty());
        const QString twoMegatron = launchText(two, launch::Framework::Megatron);
        QVERIFY(twoMegatron.contains(QStringLiteral("torchrun --nnodes 1 --nproc-per-node 2 ")));
        QVERIFY(!launchText(two, launch::Framework::Megatron).contains(QStringLiteral("do not fill hosts")));
        Plan six = two;
        six.cluster.gpus_per_node = 6;
        six.training.pp = 2;
        six.training.dp = 3;
        six.training.global_batch = 48;
        QVERIFY(validate(six).empty());
        const launch::Export e = launch::exportLaunch(six, "x", launch::Framework::Megatron);
        QVERIFY(QString::fromStdString(e.text).contains(QStringLiteral("torchrun --nnodes 1 --nproc-per-node 6 ")));
        QVERIFY(QString::fromStdString(e.text).contains(
            QStringLiteral("a node's 6 GPUs do not fill hosts of 4 (cluster.gpus_per_host)")));
    }

    void fineGrainedOffloadAsMegatronCoreTakesIt()
    {
        // Megatron-LM: --fine-grained-activation-offloading --offload-modules expert_fc1 moe_act, with
        // NVTE_CPU_OFFLOAD_V1=1 (arguments.py validate_args at d98e8a64); Megatron-Bridge sets the same
        // TransformerConfig fields. Megatron-Core has them from 0.16 (2026-01), after NeMo 2.6.
        Plan p = test::presetPlan("qwen3-30b-a3b", "h100-sxm", "dgx-h100");
        p.cluster.nodes = 1;
        p.training.tp = p.training.pp = p.training.cp = 1;
        p.training.dp = p.training.ep = 8;
        p.training.global_batch = 64;
        p.training.recompute = Recompute::Selective;
        p.training.offload_expert_fc1 = p.training.offload_moe_act = true;
        QVERIFY(validate(p).empty());
        const QString megatron = launchText(p, launch::Framework::Megatron);
        QVERIFY(megatron.contains(QStringLiteral("--fine-grained-activation-offloading")));
        QVERIFY(megatron.contains(QStringLiteral("--offload-modules expert_fc1 moe_act")));
        QVERIFY(megatron.contains(QStringLiteral("export NVTE_CPU_OFFLOAD_V1=1")));
        const QString bridge = launchText(p, launch::Framework::Bridge);
        QVERIFY(bridge.contains(QStringLiteral("fine_grained_activation_offloading = True")));
        QVERIFY(bridge.contains(QStringLiteral("offload_modules = [\"expert_fc1\", \"moe_act\"]")));
        // NeMo 2.6, torchtitan and DeepSpeed have no such offload: not written, with a note.
        for (launch::Framework f :
             {launch::Framework::Nemo, launch::Framework::Torchtitan, launch::Framework::DeepSpeed}) {
            QStringList notes;
            for (const std::string &n : launch::exportLaunch(p, "x", f).notes)
                notes << QString::fromStdString(n);
            QVERIFY(notes.join(QLatin1Char('\n')).contains(QStringLiteral("fine-grained activation offload")));
            QVERIFY(!launchText(p, f).contains(QStringLiteral("offload_modules")));
        }
        // Megatron-Core refuses it beside cpu_offloading (transformer_config.py): offload_layers wins.
        Plan both = p;
        both.training.recompute = Recompute::None;
        both.training.offload_layers = 2;
        const launch::Export e = launch::exportLaunch(both, "x", launch::Framework::Megatron);
        QVERIFY(QString::fromStdString(e.text).contains(QStringLiteral("--cpu-offloading-num-layers 2")));
        QVERIFY(!QString::fromStdString(e.text).contains(QStringLiteral("--offload-modules")));
        // Under full recompute nothing is kept, so nothing is offloaded or written.
        p.training.recompute = Recompute::Full;
        QVERIFY(!launchText(p, launch::Framework::Megatron).contains(QStringLiteral("--offload-modules")));
        QVERIFY(!launchText(p, launch::Framework::Bridge).contains(QStringLiteral("offload_modules")));
    }
    void launchNamesOfTheFieldRows()
    {
        // Megatron-LM's flag for the rotary fusion is its negation (--no-rope-fusion, store_false).
        const std::map<std::string, std::string> byHand = {{"model.experts", "--num-experts"},
                                                           {"training.vpp", "--num-virtual-stages-per-pipeline-rank"},
                                                           {"training.fused_rope", "--no-rope-fusion"}};
        int megatron = 0, mcore = 0, titan = 0, deepspeed = 0;
        for (std::size_t i = 0; i < kFieldCount; ++i) {
            const FieldId id = FieldId(i);
            const LaunchNames &n = launchNames(id);
            FieldId back{};
            QVERIFY(findFieldId(fieldPath(id), back) && back == id);
            megatron += n.megatron != nullptr;
            mcore += n.mcore != nullptr;
            titan += n.torchtitan != nullptr;
            deepspeed += n.deepspeed != nullptr;
            if (!n.megatron || !n.mcore)
                continue;
            std::string flag = std::string("--") + n.mcore;
            std::replace(flag.begin(), flag.end(), '_', '-');
            const auto hand = byHand.find(fieldPath(id));
            QCOMPARE(std::string(n.megatron), hand != byHand.end() ? hand->second : flag);
        }
        QCOMPARE(megatron, 31); // recompute_num_layers: --recompute-num-layers, recompute_num_layers
        QCOMPARE(mcore, 32);    // glu_clamp has no Megatron-LM flag: activation_func_clamp_value only
        QCOMPARE(titan, 8);
        QCOMPARE(deepspeed, 1);
        QCOMPARE(std::string(fieldPath(FieldId::training_tp)), std::string("training.tp"));
        QVERIFY(fieldLimit(FieldId::training_sequence_parallel) == nullptr);
        const FieldLimit *last = fieldLimit(FieldId::economics_cost_of_capital);
        QCOMPARE(std::string(last->path), std::string("economics.cost_of_capital"));
    }
};

QTEST_GUILESS_MAIN(TestLaunch)
#include "test_launch.moc"
