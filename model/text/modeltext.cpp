// SPDX-License-Identifier: GPL-3.0-or-later
#include "text/modeltext.h"

#include "engine/engine.h"

#include <QCoreApplication>
#include <QLocale>

namespace commtax {

QString fieldText(const char *english) { return QCoreApplication::translate("commtax::Fields", english); }

QString sectionName(Section s) { return QCoreApplication::translate("commtax::Fields", sectionTitle(s).toUtf8().constData()); }

QString metricLabel(const MetricInfo &m) { return QCoreApplication::translate("commtax::Metrics", m.label); }

QString translateModelText(const char *context, const char *source) { return QCoreApplication::translate(context, source); }

QString libraryText(const LibraryText &text) { return toString(text, translateModelText); }

QStringList libraryTexts(const QList<LibraryText> &texts) { return toStrings(texts, translateModelText); }

ReportLanguage reportLanguage()
{
    ReportLanguage language;
    language.translate = translateModelText;
    language.warnings = warningTexts;
    language.planName = planNameText;
    language.source = provenanceSourceText;
    return language;
}

QString sourceKindName(SourceKind k)
{
    switch (k) {
    case SourceKind::Datasheet: return QCoreApplication::translate("commtax::Provenance", "datasheet");
    case SourceKind::Measured: return QCoreApplication::translate("commtax::Provenance", "measured");
    case SourceKind::Assumption: return QCoreApplication::translate("commtax::Provenance", "assumption");
    case SourceKind::Derived: return QCoreApplication::translate("commtax::Provenance", "derived");
    case SourceKind::User: return QCoreApplication::translate("commtax::Provenance", "user");
    }
    return toString(k);
}

QString provenanceSourceText(const QString &storedSource)
{
    // the sources the library and the editors store (core/presets.h), as they are written
    static const char *const stored[] = {QT_TRANSLATE_NOOP("commtax::Provenance", "edited by the user"),
                                         QT_TRANSLATE_NOOP("commtax::Provenance", "entered by the user")};
    for (const char *s : stored)
        if (storedSource == QLatin1String(s))
            return QCoreApplication::translate("commtax::Provenance", s);
    return storedSource;
}

QString presetNameText(const Preset &p) { return p.name + presetNameTagsText(p.nameTags); }

QString presetNameTagsText(const QList<PresetNameTag> &tags)
{
    // the words of core/presets.cpp presetNameTagText(), marked here for lupdate
    static const char *const words[] = {QT_TRANSLATE_NOOP("commtax::Library", " (edited)"),
                                        QT_TRANSLATE_NOOP("commtax::Library", " (copy)"),
                                        QT_TRANSLATE_NOOP("commtax::Library", " (measured %1)")};
    Q_UNUSED(words);
    QString out;
    for (const PresetNameTag &t : tags) {
        const QString word = QCoreApplication::translate("commtax::Library", presetNameTagText(t.kind));
        out += t.kind == PresetNameTag::Measured ? word.arg(t.date) : word; // the day as ISO, in every language
    }
    return out;
}

QString shortGpuNameText(const Plan &plan, const PresetCatalog &catalog)
{
    const PlanNameParts n = planNameParts(plan, catalog);
    return n.gpu + presetNameTagsText(n.gpuTags);
}

QString planNameTagsText(const QList<PlanNameTag> &tags)
{
    // the words of core/scenario.cpp planNameTagText(), marked here for lupdate
    static const char *const words[] = {QT_TRANSLATE_NOOP("commtax::Library", " (copy)"),
                                        QT_TRANSLATE_NOOP("commtax::Library", " rented")};
    Q_UNUSED(words);
    QString out;
    for (PlanNameTag t : tags)
        out += QCoreApplication::translate("commtax::Library", planNameTagText(t));
    return out;
}

QString scenarioNameText(const Scenario &s, const PresetCatalog &catalog)
{
    return scenarioGivenNameText(s, catalog) + planNameTagsText(s.nameTags);
}

QString scenarioGivenNameText(const Scenario &s, const PresetCatalog &catalog)
{
    if (s.name.isEmpty() || s.name != planNameFor(s.plan, catalog))
        return s.name;
    static const char *const pattern = QT_TRANSLATE_NOOP("commtax::Plan", "%1 on %2 %3");
    Q_ASSERT(qstrcmp(pattern, kPlanNamePattern) == 0);
    const PlanNameParts n = planNameParts(s.plan, catalog);
    return QCoreApplication::translate("commtax::Plan", pattern)
        .arg(n.model, QString::number(n.gpus), shortGpuNameText(s.plan, catalog));
}

QString planNameText(const PlanName &name) { return libraryText(nameText(name)); }

Comparison shownComparison(const Comparison &c)
{
    Comparison shown = c;
    for (ComparedPlan &p : shown.plans)
        p.name = planNameText(p.label);
    return shown;
}

QString libraryMessageText(const LibraryMessage &m)
{
    const LibraryText *t = m.shownText();
    return t ? libraryText(*t) : QString(m);
}

QString normalizationText(Normalization n) { return QCoreApplication::translate("commtax::Library", normalizationLabel(n).toUtf8().constData()); }

QString engineText(const char *context, const EngineText &text)
{
    QStringList args;
    args.reserve(qsizetype(text.args.size()));
    for (const std::string &a : text.args)
        args << QString::fromStdString(a);
    return fillPlaceholders(QCoreApplication::translate(context, text.pattern), args);
}

QString loadErrorMessage(const LoadError &e)
{
    if (!e.text.pattern[0])
        return e.message;
    const bool files = qstrcmp(e.context, kFileTextContext) == 0;
    QStringList args;
    args.reserve(qsizetype(e.text.args.size()));
    for (const std::string &a : e.text.args) {
        QString arg = QString::fromStdString(a);
        // a marked text of the readers ("a string"), else a field's label ("Memory (GB)")
        if (files && (arg = QCoreApplication::translate(kFileTextContext, a.c_str())) == QString::fromStdString(a))
            arg = QCoreApplication::translate("commtax::Fields", a.c_str());
        args << arg;
    }
    return fillPlaceholders(QCoreApplication::translate(e.context, e.text.pattern), args);
}

QString collectiveName(Collective c)
{
    switch (c) {
    case Collective::AllReduce: return QCoreApplication::translate("commtax::Calibration", "all_reduce");
    case Collective::ReduceScatter: return QCoreApplication::translate("commtax::Calibration", "reduce_scatter");
    case Collective::AllGather: return QCoreApplication::translate("commtax::Calibration", "all_gather");
    case Collective::AllToAll: return QCoreApplication::translate("commtax::Calibration", "alltoall");
    case Collective::Broadcast: return QCoreApplication::translate("commtax::Calibration", "broadcast");
    case Collective::Reduce: return QCoreApplication::translate("commtax::Calibration", "reduce");
    case Collective::SendRecv: return QCoreApplication::translate("commtax::Calibration", "sendrecv");
    }
    return QLatin1String(toString(c));
}

QString scopeName(nccl::Scope s)
{
    switch (s) {
    case nccl::Scope::IntraNode: return QCoreApplication::translate("commtax::Calibration", "intra-node");
    case nccl::Scope::InterNode: return QCoreApplication::translate("commtax::Calibration", "inter-node");
    case nccl::Scope::Unknown: break;
    }
    return QCoreApplication::translate("commtax::Calibration", "unknown scope");
}

QString calibrationHeading(Collective c, const QString &where, nccl::Scope s)
{
    //: the collective, where it ran ("16 ranks, 2 node(s)"), the scope ("inter-node")
    return QCoreApplication::translate("commtax::Calibration", "%1 on %2, %3").arg(collectiveName(c), where, scopeName(s));
}

QString loadErrorText(const LoadError &e)
{
    // 'saved plan "x"': the label translated, its argument (the plan's name) as it is
    const QString file = e.fileLabel.pattern[0] ? engineText(kFileTextContext, e.fileLabel) : e.file;
    return e.toString(file, loadErrorMessage(e));
}

QString errorText(const FieldError &e) { return e.text.pattern[0] ? engineText("commtax::Errors", e.text) : e.message; }

QString planErrorText(const PlanError &e) { return QString::fromStdString(e.field) + QStringLiteral(": ") + engineText("commtax::Errors", e.text); }

namespace {
QString pct(double v) { return QLocale().toString(v * 100.0, 'f', 1) + QLatin1Char('%'); }
QString fixed(double v, int digits) { return QLocale().toString(v, 'f', digits); }

// The sentences of the warnings on communication, memory and the pipeline, in warningTexts()'s order.
void appendCommAndPipelineWarnings(QStringList &out, const Result &r, const Plan &plan)
{
    const auto &t = plan.training;
    const QString gpu = QString::fromStdString(plan.gpu.id);
    if (r.warnings & WarnCommTaxHigh)
        out << QCoreApplication::translate("commtax::Warnings", "Communication tax %1 of the step is above 30%: change the network or the parallel layout")
                   .arg(pct(r.comm_tax_exposed));
    if (r.warnings & WarnRawCommTaxHigh)
        out << QCoreApplication::translate("commtax::Warnings", "Raw communication tax %1 is above 30%; only overlap keeps the exposed share lower")
                   .arg(pct(r.comm_tax_raw));
    if (r.warnings & WarnDoesNotFit)
        out << QCoreApplication::translate("commtax::Warnings", "Does not fit in memory: %1 GB per GPU needed, %2 GB usable of %3 GB; raise tp/pp, ZeRO or recompute")
                   .arg(fixed(r.memory_total_gb, 1), fixed(r.memory_usable_gb, 1), fixed(r.memory_capacity_gb, 0));
    if (r.warnings & WarnTpCrossesNodes)
        out << QCoreApplication::translate("commtax::Warnings", "Tensor parallelism tp=%1 crosses nodes of %2 GPUs: TP traffic runs over the network")
                   .arg(t.tp)
                   .arg(plan.cluster.gpus_per_node);
    if (r.warnings & WarnP2PDisabled)
        out << QCoreApplication::translate("commtax::Warnings", "%1 has peer-to-peer disabled: GPU-to-GPU traffic is staged through host memory").arg(gpu);
    if (r.warnings & WarnNoNvlinkForTp)
        out << QCoreApplication::translate("commtax::Warnings", "Tensor parallelism over PCIe (%1 has no NVLink): TP belongs inside an NVLink domain").arg(gpu);
    if (r.warnings & WarnBubbleHigh)
        out << QCoreApplication::translate("commtax::Warnings", "Pipeline bubble %1 of the step: more micro-batches or interleaving (vpp) would shrink it")
                   .arg(pct(r.bubble_time_s / r.step_time_s));
    if (r.warnings & WarnFewMicroBatches)
        out << QCoreApplication::translate("commtax::Warnings", "Only %1 micro-batches for %2 pipeline stages: the pipeline never fills")
                   .arg(r.micro_batches)
                   .arg(t.pp);
}

// The sentences of the warnings on efficiency, goodput, exposed communication and the layout, in
// warningTexts()'s order.
void appendEfficiencyAndLayoutWarnings(QStringList &out, const Result &r, const Plan &plan)
{
    const auto &t = plan.training;
    if (r.warnings & WarnEfficiencyHigh)
        out << QCoreApplication::translate("commtax::Warnings", "Compute efficiency %1 is above the measured BF16 matmul ceilings (80-87% of dense peak)")
                   .arg(pct(r.compute_efficiency_effective));
    if (r.warnings & WarnGoodputLow) {
        QString text = QCoreApplication::translate("commtax::Warnings", "Goodput %1 is low: failures, restarts and checkpoints cost more than 20% of the time").arg(pct(r.goodput_effective));
        if (!t.goodput) // "auto": what the time goes to
            text += QCoreApplication::translate("commtax::Warnings", " (checkpoints %1, lost work %2, restarts %3)")
                        .arg(pct(r.goodput_checkpoint_overhead), pct(r.goodput_lost_work), pct(r.goodput_restarts));
        out << text;
    }
    if (r.warnings & WarnCpExposed)
        out << QCoreApplication::translate("commtax::Warnings", "Context-parallel ring exposed for %1 of the step: the K/V exchange outlasts the attention it hides under; a smaller cp or a longer sequence per GPU would hide it")
                   .arg(pct(r.cp_comm_exposed_s / r.step_time_s));
    if (r.warnings & WarnEpCommHigh)
        out << QCoreApplication::translate("commtax::Warnings", "Expert all-to-all exposed for %1 of the step: keep ep inside a node, or overlap dispatch with compute (ep_overlap)")
                   .arg(pct(r.ep_comm_exposed_s / r.step_time_s));
    if (r.warnings & WarnMfuHigh)
        out << QCoreApplication::translate("commtax::Warnings", "MFU %1 is above the best published runs (52-59%): lower compute_efficiency for a conservative plan")
                   .arg(pct(r.mfu));
    if (r.warnings & WarnZero3WithPp)
        out << QCoreApplication::translate("commtax::Warnings", "ZeRO-3 with pipeline parallelism (pp=%1): every micro-batch gathers the stage's weights again; use ZeRO-1 with pp, or pp=1 with ZeRO-3")
                   .arg(t.pp);
    if (r.warnings & WarnBatchAboveOptimal) {
        const double tokens = double(t.global_batch) * t.seq_len;
        const double budget = r.flops_per_step / tokens * t.tokens_to_train;
        out << QCoreApplication::translate("commtax::Warnings", "Batch of %1M tokens per step is above the compute-optimal %2M for this run (DeepSeek LLM 2024: 0.292*C^0.3271): fewer tokens per step would learn more per token")
                   .arg(fixed(tokens / 1e6, 1), fixed(optimalBatchTokens(budget) / 1e6, 1));
    }
    if (r.warnings & WarnUnevenStages) {
        const StageSplit sp = stageSplit(plan);
        QStringList layout{QString::number(sp.first)};
        for (int i = 1; i < sp.stages; ++i)
            layout << QString::number(stageLayers(sp, i));
        out << QCoreApplication::translate("commtax::Warnings", "Layers=%1 do not divide evenly over pp*vpp=%2 pipeline chunks: spread as evenly as possible, stage layers %3; the slowest stage (%4) paces the pipeline (set first_stage_layers/last_stage_layers to choose)")
                   .arg(plan.model.layers)
                   .arg(t.pp * t.vpp)
                   .arg(layout.join(QLatin1Char(',')))
                   .arg(r.pacing_stage);
    }
    if (r.warnings & WarnHostMemoryFull)
        out << QCoreApplication::translate("commtax::Warnings", "Offloaded activations need %1 GB of host memory per GPU, %2 GB there: offload fewer layers")
                   .arg(fixed(r.memory_offloaded_gb, 1), fixed(r.memory_host_gb, 1));
    if (r.warnings & WarnOffloadExposed)
        out << QCoreApplication::translate("commtax::Warnings", "Activation offload waits on the host link for %1 of the step: offload fewer layers, or recompute instead")
                   .arg(pct(r.offload_time_s / r.step_time_s));
    if (r.warnings & WarnDpLatencyBound)
        out << QCoreApplication::translate("commtax::Warnings",
                                           "Data-parallel sync is latency-bound over %1 ranks: fewer, larger messages "
                                           "(larger tp*pp shards or bigger buckets) or shard groups inside a node "
                                           "(dp_shard) would help")
                   .arg(t.dp);
}

} // namespace

QStringList warningTexts(const Result &r, const Plan &plan)
{
    // The flags worded here; model/engine/warnings.cpp's warningMessages() is the reference for each sentence.
    constexpr std::uint32_t known = WarnCommTaxHigh | WarnRawCommTaxHigh | WarnDoesNotFit | WarnTpCrossesNodes
        | WarnP2PDisabled | WarnNoNvlinkForTp | WarnBubbleHigh | WarnFewMicroBatches
        | WarnEfficiencyHigh | WarnGoodputLow | WarnMfuHigh | WarnZero3WithPp
        | WarnBatchAboveOptimal | WarnUnevenStages | WarnDpLatencyBound | WarnCpExposed | WarnEpCommHigh
        | WarnHostMemoryFull | WarnOffloadExposed;
    QStringList out;
    appendCommAndPipelineWarnings(out, r, plan);
    appendEfficiencyAndLayoutWarnings(out, r, plan);
    Result unknown = r;
    unknown.warnings &= ~known;
    for (const std::string &w : warningMessages(unknown, plan))
        out << QString::fromStdString(w);
    return out;
}

} // namespace commtax
