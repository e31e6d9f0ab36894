// SPDX-License-Identifier: GPL-3.0-or-later
#include "sectionpresets.h"

#include <QCoreApplication>
#include <QJsonObject>

namespace commtax {

namespace {
Preset make(Section section, const char *id, const char *name, const char *description, const QJsonObject &values,
            SourceKind kind, const char *source)
{
    Preset p;
    p.section = section;
    p.id = QLatin1String(id);
    p.name = QCoreApplication::translate("commtax::SectionPresets", name);
    p.description = QCoreApplication::translate("commtax::SectionPresets", description);
    p.values = values;
    p.builtIn = true;
    for (auto it = values.constBegin(); it != values.constEnd(); ++it)
        p.provenance.insert(it.key(), Provenance{kind, QCoreApplication::translate("commtax::SectionPresets", source)});
    return p;
}

QJsonObject layout(int tp, int pp, int vpp, int zero, const char *recompute, bool sequenceParallel)
{
    return QJsonObject{{QStringLiteral("tp"), tp},
                       {QStringLiteral("pp"), pp},
                       {QStringLiteral("vpp"), vpp},
                       {QStringLiteral("zero"), zero},
                       {QStringLiteral("micro_batch"), 1},
                       {QStringLiteral("recompute"), QLatin1String(recompute)},
                       {QStringLiteral("sequence_parallel"), sequenceParallel}};
}
} // namespace

const QList<Preset> &trainingPresets()
{
    static const QList<Preset> presets = {
        make(Section::Training, "megatron-3d", QT_TRANSLATE_NOOP("commtax::SectionPresets", "Megatron 3D: tp 8, pp 4, ZeRO-1"),
             QT_TRANSLATE_NOOP("commtax::SectionPresets", "Tensor parallel inside the node, pipeline across nodes, data parallel over the rest"),
             layout(8, 4, 1, 1, "selective", true), SourceKind::Assumption,
             QT_TRANSLATE_NOOP("commtax::SectionPresets", "Layout of Narayanan et al. 2021 (Megatron-LM 3D parallelism) with sequence parallelism and selective "
                                                          "recompute from Korthikanti et al. 2022; the default plan's layout")),
        make(Section::Training, "interleaved", QT_TRANSLATE_NOOP("commtax::SectionPresets", "Interleaved 1F1B: tp 8, pp 4, vpp 2"),
             QT_TRANSLATE_NOOP("commtax::SectionPresets", "Two virtual stages per GPU halve the bubble"), layout(8, 4, 2, 1, "selective", true), SourceKind::Assumption,
             QT_TRANSLATE_NOOP("commtax::SectionPresets", "Interleaved schedule of Narayanan et al. 2021 (section 2.2): bubble (p-1)/(v*m)")),
        make(Section::Training, "tp-dp", QT_TRANSLATE_NOOP("commtax::SectionPresets", "Tensor + data parallel: tp 8, pp 1, ZeRO-1"),
             QT_TRANSLATE_NOOP("commtax::SectionPresets", "No pipeline: no bubble, but every GPU holds 1/8 of all layers"), layout(8, 1, 1, 1, "selective", true),
             SourceKind::Assumption, QT_TRANSLATE_NOOP("commtax::SectionPresets", "Megatron-LM tensor parallelism (Shoeybi et al. 2019) with ZeRO-1 (Rajbhandari et al. 2020)")),
        make(Section::Training, "fsdp", QT_TRANSLATE_NOOP("commtax::SectionPresets", "FSDP / ZeRO-3: tp 1, pp 1, full recompute"),
             QT_TRANSLATE_NOOP("commtax::SectionPresets", "Everything sharded over data parallelism"), layout(1, 1, 1, 3, "full", false), SourceKind::Assumption,
             QT_TRANSLATE_NOOP("commtax::SectionPresets", "ZeRO stage 3 (Rajbhandari et al. 2020), as PyTorch FSDP full sharding")),
        make(Section::Training, "ddp", QT_TRANSLATE_NOOP("commtax::SectionPresets", "Plain DDP: tp 1, pp 1, ZeRO-0"),
             QT_TRANSLATE_NOOP("commtax::SectionPresets", "Every GPU holds the whole model and its optimizer"), layout(1, 1, 1, 0, "selective", false),
             SourceKind::Assumption, QT_TRANSLATE_NOOP("commtax::SectionPresets", "PyTorch DistributedDataParallel: one gradient all-reduce per step")),
    };
    return presets;
}

const QList<Preset> &economicsPresets()
{
    static const QList<Preset> presets = {
        make(Section::Economics, "buy-4y", QT_TRANSLATE_NOOP("commtax::SectionPresets", "Buy, 4-year depreciation"),
             QT_TRANSLATE_NOOP("commtax::SectionPresets", "Capex over 4 years, energy at PUE 1.3 and 0.10 USD/kWh, upkeep 5% a year"),
             QJsonObject{{QStringLiteral("mode"), QStringLiteral("buy")},
                         {QStringLiteral("years"), 4},
                         {QStringLiteral("pue"), 1.3},
                         {QStringLiteral("usd_per_kwh"), 0.10},
                         {QStringLiteral("node_overhead"), 0.35},
                         {QStringLiteral("upkeep_pct"), 5}},
             SourceKind::Assumption, QT_TRANSLATE_NOOP("commtax::SectionPresets", "Commtax defaults (README, scenario files): editable assumptions")),
        make(Section::Economics, "rent", QT_TRANSLATE_NOOP("commtax::SectionPresets", "Rent at each GPU's price per GPU-hour"),
             QT_TRANSLATE_NOOP("commtax::SectionPresets", "A cloud price per GPU-hour instead of capex: the GPU's own rent price (GPU group), unless set here"),
             QJsonObject{{QStringLiteral("mode"), QStringLiteral("rent")}, {QStringLiteral("usd_per_gpu_hour"), 0}},
             SourceKind::Assumption,
             QT_TRANSLATE_NOOP("commtax::SectionPresets", "Assumptions, not quotes: each GPU preset's rent price is an order of magnitude of 2024-2025 "
                                                          "cloud prices; enter your provider's price")),
    };
    return presets;
}

std::optional<Preset> matchingPartialPreset(Section section, const Plan &plan)
{
    const QList<Preset> &list = section == Section::Training ? trainingPresets() : economicsPresets();
    for (const Preset &p : list) {
        bool all = true;
        for (auto it = p.values.constBegin(); it != p.values.constEnd() && all; ++it) {
            const FieldInfo *f = findField(section, it.key());
            all = f && f->get(plan) == it.value();
        }
        if (all)
            return p;
    }
    return std::nullopt;
}

} // namespace commtax
