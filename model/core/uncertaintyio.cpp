// SPDX-License-Identifier: GPL-3.0-or-later
#include "uncertaintyio.h"

#include "engineaccuracy.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace commtax {

namespace {
uncertainty::Kind kindOf(SourceKind k)
{
    switch (k) {
    case SourceKind::Datasheet: return uncertainty::Kind::Datasheet;
    case SourceKind::Measured: return uncertainty::Kind::Measured;
    case SourceKind::Assumption: return uncertainty::Kind::Assumption;
    case SourceKind::Derived: return uncertainty::Kind::Derived;
    case SourceKind::User: return uncertainty::Kind::User;
    }
    return uncertainty::Kind::Assumption;
}
} // namespace

EngineText checkValueObjectText(const FieldInfo &f, const QJsonObject &vo, QString *key)
{
    const QJsonValue kind = vo.value(QStringLiteral("kind"));
    if (!kind.isUndefined()) {
        SourceKind k;
        if (!kind.isString() || !parseSourceKind(kind.toString(), k)) {
            *key = QStringLiteral("kind");
            return fileText(CT_TR("commtax::Files", "expected datasheet, measured, assumption, derived or user"));
        }
    }
    const QJsonValue range = vo.value(QStringLiteral("range"));
    if (range.isUndefined())
        return EngineText{};
    *key = QStringLiteral("range");
    const QJsonArray a = range.toArray();
    if (!range.isArray() || a.size() != 2 || !a[0].isDouble() || !a[1].isDouble())
        return range.isArray()
            ? fileText(CT_TR("commtax::Files", "expected [low, high], two numbers, not an array of %1 values"),
                       {QString::number(a.size())})
            : fileText(CT_TR("commtax::Files", "expected [low, high], two numbers, not %1"), {jsonTypeName(range)});
    const QJsonValue value = vo.value(QStringLiteral("value"));
    if (!value.isDouble())
        return fileText(CT_TR("commtax::Files", "a range needs a number as the value (\"auto\" takes no range)"));
    // uncertainty::checkRangeText(): a template of context kFileTextContext (marked CT_TR there)
    return uncertainty::checkRangeText(f.path().toStdString(), value.toDouble(), a[0].toDouble(), a[1].toDouble());
}

std::vector<uncertainty::FieldNote> scenarioNotes(const Scenario &s, const PresetCatalog &catalog)
{
    std::vector<uncertainty::FieldNote> notes;
    const Scenario defaults = defaultScenario(catalog);
    for (Section sec : kAllSections) {
        std::optional<Preset> preset;
        Plan base = defaults.plan;
        const bool presetSection = sec == Section::Model || sec == Section::Gpu || sec == Section::Cluster;
        if (presetSection && !s.presetOf(sec).isEmpty())
            preset = catalog.find(sec, s.presetOf(sec));
        if (preset)
            preset->applyTo(base);
        for (const FieldInfo *f : fieldsOf(sec)) {
            const std::string path = f->path().toStdString();
            if (!uncertainty::findInput(path))
                continue;
            uncertainty::FieldNote n;
            n.path = path;
            const bool asBase = f->get(s.plan) == f->get(base);
            if (presetSection && preset && asBase) {
                const auto p = preset->provenance.constFind(QLatin1String(f->key));
                n.kind = p != preset->provenance.constEnd() ? kindOf(p->kind) : uncertainty::Kind::Assumption;
            } else if (!presetSection && asBase) {
                n.kind = uncertainty::Kind::Assumption;
            } else {
                n.kind = uncertainty::Kind::User;
            }
            // What the plan's file or its editor says of the field wins over the defaults.
            const QJsonValue v = f->get(s.plan);
            if (const std::optional<Provenance> stated = s.statedProvenance(f->path(), v))
                n.kind = kindOf(stated->kind);
            if (const std::optional<Scenario::ValueRange> r = s.rangeFor(f->path(), v)) {
                n.low = r->low;
                n.high = r->high;
            }
            notes.push_back(std::move(n));
        }
    }
    // The engine's own error on runs like this plan (engineaccuracy.h).
    notes.push_back(engineErrorNote(planEngineRegime(s, catalog)));
    return notes;
}

EngineRegime planEngineRegime(const Scenario &s, const PresetCatalog &catalog)
{
    if (!s.presetOf(Section::Gpu).isEmpty())
        if (const std::optional<Preset> gpu = catalog.find(Section::Gpu, s.presetOf(Section::Gpu))) {
            const QJsonArray a = gpu->extras.value(QStringLiteral("engine_error")).toObject().value(QStringLiteral("step_time_factors")).toArray();
            std::vector<double> factors;
            for (const QJsonValue &v : a)
                factors.push_back(v.toDouble());
            // Checked when the preset was read (presets.cpp): 2 or more factors in [0.05, 20].
            if (factors.size() >= 2)
                return calibratedRegime(factors);
        }
    return engineRegime(s.plan, engineAccuracyData());
}

bool scenarioPlanInputs(const QString &fileName, const Scenario &s, const PresetCatalog &catalog,
                        uncertainty::PlanInputs &out, LoadError *error)
{
    // The file was read into `s` with its value objects' kinds and ranges (Scenario::stated,
    // Scenario::ranges): the same notes as the editor's plan, so that a file gives the same
    // P10-P90 on the command line, in the window and in every report. Reading the file again
    // only checks that it is still there.
    QByteArray json;
    if (!readInputFile(fileName, kMaxScenarioBytes, json, error))
        return false;
    out = uncertainty::planInputs(s.plan, scenarioNotes(s, catalog));
    return true;
}

} // namespace commtax
