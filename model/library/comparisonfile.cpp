// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparisonfile.h"

#include "core/atomicfile.h"
#include "core/fields.h"
#include "core/jsonlocator.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace commtax {

namespace {

const QStringList &comparisonKeys()
{
    static const QStringList keys = {QStringLiteral("format"), QStringLiteral("version"),
                                     QStringLiteral("normalization"),
                                     QStringLiteral("best_layout"), QStringLiteral("plan_a"), QStringLiteral("goals"),
                                     QStringLiteral("plans")};
    return keys;
}

// The reader's state: every problem placed in the text, at most kMaxErrors of them (a file with more
// is the wrong file; each position costs a scan of the text).
struct Reader {
    static constexpr qsizetype kMaxErrors = 40;
    const QString &file;
    const JsonLocator &loc;
    QList<LoadError> &errors;
    qsizetype first = errors.size();

    void fail(const QString &path, const EngineText &why)
    {
        if (errors.size() - first >= kMaxErrors)
            return;
        const TextPosition pos = loc.find(path);
        errors.append(fileError(file, pos.line, pos.column, path, why));
    }
    bool ok() const { return errors.size() == first; }

    void normalization(const QJsonObject &root, SavedComparison &out)
    {
        const QJsonValue v = root.value(QStringLiteral("normalization"));
        if (v.isUndefined())
            return;
        const QString key = v.toString();
        if (!v.isString() || !parseNormalization(key, out.normalization) || key.contains(QLatin1Char(',')))
            fail(QStringLiteral("normalization"),
                 fileText(CT_TR("commtax::Files", "expected one of as-given, gpus, budget, time")));
    }
    void bestLayout(const QJsonObject &root, SavedComparison &out)
    {
        const QJsonValue v = root.value(QStringLiteral("best_layout"));
        if (v.isUndefined() || v.isNull())
            return;
        search::Objective o{};
        if (!v.isString() || !search::parseObjective(v.toString().toStdString(), o)) {
            fail(QStringLiteral("best_layout"), fileText(CT_TR("commtax::Files", "expected time, cost, tco or null")));
            return;
        }
        out.bestLayout.enabled = true;
        out.bestLayout.objective = o;
    }
    void plans(const QJsonObject &root, const PresetCatalog &catalog, SavedComparison &out)
    {
        const QJsonValue v = root.value(QStringLiteral("plans"));
        const QJsonArray a = v.toArray();
        if (!v.isArray() || a.size() < kMinComparedPlans || a.size() > kMaxComparedPlans) {
            const QStringList bounds{QString::number(kMinComparedPlans), QString::number(kMaxComparedPlans)};
            fail(QStringLiteral("plans"),
                 fileText(CT_TR("commtax::Files", "expected a list of %1 to %2 scenarios"), bounds));
            return;
        }
        for (qsizetype i = 0; i < a.size(); ++i) {
            Scenario s;
            if (parseScenarioValue(a.at(i), loc, file, jsonPathIndex(QStringLiteral("plans"), i), catalog, s, errors))
                out.plans << s;
        }
    }
    void reference(const QJsonObject &root, SavedComparison &out)
    {
        const QJsonValue v = root.value(QStringLiteral("plan_a"));
        if (v.isUndefined())
            return;
        const double d = v.toDouble(-1);
        const qsizetype n = root.value(QStringLiteral("plans")).toArray().size();
        if (!v.isDouble() || d != std::floor(d) || d < 0 || d >= double(std::max<qsizetype>(n, 1))) {
            const QString last = QString::number(std::max<qsizetype>(n, 1) - 1);
            fail(QStringLiteral("plan_a"),
                 fileText(CT_TR("commtax::Files", "expected the index of a plan, 0 to %1"), {last}));
            return;
        }
        out.reference = int(d);
    }
};

} // namespace

bool parseComparisonFile(const QByteArray &json, const QString &fileName, const PresetCatalog &catalog,
                         SavedComparison &out, QList<LoadError> &errors)
{
    if (json.size() > kMaxComparisonFileBytes) {
        errors.append(fileError(
            fileName, 1, 1, QString(),
            fileText(CT_TR("commtax::Files", "the comparison is %1 KiB; Commtax reads at most %2 KiB"),
                     {QString::number(json.size() / 1024), QString::number(kMaxComparisonFileBytes / 1024)})));
        return false;
    }
    QJsonDocument doc;
    if (!parseJsonText(json, fileName, doc, errors))
        return false;
    const JsonLocator loc(json);
    Reader r{fileName, loc, errors};
    if (!doc.isObject()) {
        const QString what = doc.isArray() ? QStringLiteral(CT_TR("commtax::Files", "an array"))
                                           : QStringLiteral(CT_TR("commtax::Files", "a value"));
        r.fail(QString(), fileText(CT_TR("commtax::Files", "expected a JSON object, not %1"), {what}));
        return false;
    }
    const QJsonObject root = doc.object();
    QString badKey;
    const QString format = QLatin1String(kComparisonFileFormat);
    if (const EngineText why = formatVersionProblemText(root, format, kComparisonFileVersion, &badKey);
        why.pattern[0]) {
        r.fail(badKey, why);
        return false;
    }
    for (auto it = root.constBegin(); it != root.constEnd(); ++it)
        if (!comparisonKeys().contains(it.key()))
            r.fail(it.key(),
                   fileText(CT_TR("commtax::Files",
                                  "unknown key; known: normalization, best_layout, plan_a, goals, plans")));
    SavedComparison c;
    r.normalization(root, c);
    r.bestLayout(root, c);
    r.reference(root, c);
    if (root.contains(QStringLiteral("goals"))) {
        Goals g;
        const auto fail = [&](const QString &path, const EngineText &why) { r.fail(path, why); };
        if (parseGoals(root.value(QStringLiteral("goals")), catalog, g, fail))
            c.goals = g;
    }
    r.plans(root, catalog, c);
    if (!r.ok())
        return false;
    out = c;
    return true;
}

bool loadComparisonFile(const QString &fileName, const PresetCatalog &catalog, SavedComparison &out,
                        QList<LoadError> &errors)
{
    QByteArray json;
    LoadError readError;
    if (!readInputFile(fileName, kMaxComparisonFileBytes, json, &readError)) {
        errors.append(readError);
        return false;
    }
    return parseComparisonFile(json, fileName, catalog, out, errors);
}

QByteArray serializeComparisonFile(const SavedComparison &c, const PresetCatalog &catalog)
{
    QJsonObject root;
    root.insert(QStringLiteral("format"), QLatin1String(kComparisonFileFormat));
    root.insert(QStringLiteral("version"), kComparisonFileVersion);
    root.insert(QStringLiteral("normalization"), normalizationKey(c.normalization));
    const QJsonValue layouts = QLatin1String(search::toString(c.bestLayout.objective));
    root.insert(QStringLiteral("best_layout"), c.bestLayout.enabled ? layouts : QJsonValue());
    root.insert(QStringLiteral("plan_a"), c.reference);
    if (c.goals)
        root.insert(QStringLiteral("goals"), goalsToJson(*c.goals));
    QJsonArray plans;
    for (const Scenario &s : c.plans)
        plans.append(QJsonDocument::fromJson(serializeScenario(s, catalog)).object());
    root.insert(QStringLiteral("plans"), plans);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

bool saveComparisonFile(const QString &fileName, const SavedComparison &c, const PresetCatalog &catalog,
                        QString *error)
{
    return writeFileAtomically(fileName, serializeComparisonFile(c, catalog), error);
}

} // namespace commtax
