// SPDX-License-Identifier: GPL-3.0-or-later
#include "uncertaintyio.h"

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
            return fileText(CT_TEXT("expected datasheet, measured, assumption, derived or user"));
        }
    }
    const QJsonValue range = vo.value(QStringLiteral("range"));
    if (range.isUndefined())
        return EngineText{};
    *key = QStringLiteral("range");
    const QJsonArray a = range.toArray();
    if (!range.isArray() || a.size() != 2 || !a[0].isDouble() || !a[1].isDouble())
        return range.isArray() ? fileText(CT_TEXT("expected [low, high], two numbers, not an array of %1 values"), {QString::number(a.size())})
                               : fileText(CT_TEXT("expected [low, high], two numbers, not %1"), {jsonTypeName(range)});
    const QJsonValue value = vo.value(QStringLiteral("value"));
    if (!value.isDouble())
        return fileText(CT_TEXT("a range needs a number as the value (\"auto\" takes no range)"));
    // uncertainty::checkRangeText(): a template of context kFileTextContext (tests/i18n/gen_modeltext.py)
    return uncertainty::checkRangeText(f.path().toStdString(), value.toDouble(), a[0].toDouble(), a[1].toDouble());
}

std::vector<uncertainty::FieldNote> scenarioNotes(const QJsonObject &root, const Scenario &s, const PresetCatalog &catalog)
{
    std::vector<uncertainty::FieldNote> notes;
    for (Section sec : kAllSections) {
        const QJsonObject o = root.value(sectionKey(sec)).toObject();
        std::optional<Preset> preset;
        if (sec == Section::Model || sec == Section::Gpu || sec == Section::Cluster)
            if (!s.presetOf(sec).isEmpty())
                preset = catalog.find(sec, s.presetOf(sec));
        for (const FieldInfo *f : fieldsOf(sec)) {
            const std::string path = f->path().toStdString();
            if (!uncertainty::findInput(path))
                continue;
            uncertainty::FieldNote n;
            n.path = path;
            const QJsonValue v = o.value(QLatin1String(f->key));
            if (v.isObject()) {
                const QJsonObject vo = v.toObject();
                SourceKind k = SourceKind::User; // a value object without a kind is the user's
                parseSourceKind(vo.value(QStringLiteral("kind")).toString(), k);
                n.kind = kindOf(k);
                const QJsonArray r = vo.value(QStringLiteral("range")).toArray();
                if (r.size() == 2 && r[0].isDouble() && r[1].isDouble()) {
                    n.low = r[0].toDouble();
                    n.high = r[1].toDouble();
                }
            } else if (!v.isUndefined()) {
                n.kind = uncertainty::Kind::User;
            } else if (preset) {
                const auto p = preset->provenance.constFind(QLatin1String(f->key));
                n.kind = p != preset->provenance.constEnd() ? kindOf(p->kind) : uncertainty::Kind::Assumption;
            } else {
                n.kind = uncertainty::Kind::Assumption; // a default of the format
            }
            notes.push_back(std::move(n));
        }
    }
    return notes;
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
    return notes;
}

bool scenarioPlanInputs(const QString &fileName, const Scenario &s, const PresetCatalog &catalog,
                        uncertainty::PlanInputs &out, LoadError *error)
{
    QByteArray json;
    if (!readInputFile(fileName, kMaxScenarioBytes, json, error))
        return false;
    QJsonDocument doc;
    if (!parseJsonText(json, fileName, doc, error))
        return false;
    out = uncertainty::planInputs(s.plan, scenarioNotes(doc.object(), s, catalog));
    return true;
}

} // namespace commtax
