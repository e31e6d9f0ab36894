// SPDX-License-Identifier: GPL-3.0-or-later
#include "libraryfiles.h"

#include "core/jsonlocator.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

namespace commtax {

LibraryFileKind sniffLibraryFile(const QByteArray &json)
{
    const QJsonObject root = QJsonDocument::fromJson(json).object();
    const QString format = root.value(QStringLiteral("format")).toString();
    if (format == QLatin1String("commtax-presets"))
        return LibraryFileKind::Presets;
    if (format == QLatin1String("commtax-scenario"))
        return LibraryFileKind::Scenario;
    return LibraryFileKind::Unknown;
}

bool parsePresetSection(const QString &key, Section &out)
{
    for (Section s : kPresetSections)
        if (key == sectionKey(s) || key == sectionKey(s) + QLatin1Char('s')) {
            out = s;
            return true;
        }
    return false;
}

EngineText checkPresetRangesText(const Preset &p, QString *key)
{
    for (const FieldInfo *f : fieldsOf(p.section)) {
        if (f->type != FieldType::Int && f->type != FieldType::Double)
            continue;
        const double v = p.values.value(QLatin1String(f->key)).toDouble();
        if (v >= f->min && v <= f->max)
            continue;
        if (key)
            *key = QLatin1String(f->key);
        const QString unit = QLatin1String(f->unit).isEmpty() ? QString() : QLatin1Char(' ') + QLatin1String(f->unit);
        return fileText(CT_TR("commtax::Files", "%1%2 is outside %3 to %4%2 (%5)"),
                        {QString::number(v, 'g', 10), unit, QString::number(f->min, 'g', 10),
                         QString::number(f->max, 'g', 10), QLatin1String(f->label)});
    }
    return EngineText{};
}

namespace {

// The presets of a preset file's array into `file` (with their paths); each one that does not read,
// is out of range or repeats an id goes to `fail` (path, message) instead.
template <typename Fail>
void readPresetList(const QJsonArray &arr, PresetFile &file, Fail &fail)
{
    QSet<QString> seen;
    for (qsizetype i = 0; i < arr.size(); ++i) {
        const QString path = jsonPathIndex(QStringLiteral("presets"), i);
        if (!arr[i].isObject()) {
            fail(path, fileText(CT_TR("commtax::Files", "expected a preset object")));
            continue;
        }
        Preset p;
        QString errPath, why;
        EngineText whyText;
        if (!parsePreset(file.section, arr[i].toObject(), path, p, &errPath, &why, &whyText)) {
            fail(errPath, whyText);
            continue;
        }
        QString key;
        const EngineText rangeError = checkPresetRangesText(p, &key);
        if (rangeError.pattern[0]) {
            fail(jsonPathJoin(path, key), rangeError);
            continue;
        }
        const QString idPath = jsonPathJoin(path, QStringLiteral("id"));
        if (seen.contains(p.id)) {
            fail(idPath, fileText(CT_TR("commtax::Files", "id \"%1\" appears twice in this file"), {p.id}));
            continue;
        }
        seen.insert(p.id);
        file.presets.append(p);
        file.paths.append(path);
    }
}

} // namespace

bool readPresetFile(const QByteArray &json, const QString &fileName, PresetFile &out, QList<LoadError> &errors)
{
    QJsonDocument doc;
    if (!parseJsonText(json, fileName, doc, errors))
        return false;
    const JsonLocator loc(json);
    const qsizetype before = errors.size();
    auto fail = [&](const QString &path, const EngineText &msg) {
        const TextPosition pos = loc.find(path);
        errors.append(fileError(fileName, pos.line, pos.column, path, msg));
    };
    if (!doc.isObject()) {
        fail(QString(), fileText(CT_TR("commtax::Files", "expected a JSON object")));
        return false;
    }
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("format")).toString() != QLatin1String("commtax-presets")) {
        fail(QStringLiteral("format"),
             fileText(CT_TR("commtax::Files", "expected \"commtax-presets\" (a preset file)")));
        return false;
    }
    const QJsonValue version = root.value(QStringLiteral("version"));
    if (!version.isDouble() || version.toDouble() != 1.0) {
        fail(QStringLiteral("version"),
             fileText(CT_TR("commtax::Files", "unsupported version; this build reads version 1")));
        return false;
    }
    PresetFile file;
    if (!parsePresetSection(root.value(QStringLiteral("section")).toString(), file.section)
        || root.value(QStringLiteral("section")).toString().endsWith(QLatin1Char('s'))) {
        fail(QStringLiteral("section"),
             fileText(CT_TR("commtax::Files", "expected \"model\", \"gpu\" or \"cluster\"")));
        return false;
    }
    const QJsonValue list = root.value(QStringLiteral("presets"));
    if (!list.isArray()) {
        fail(QStringLiteral("presets"), fileText(CT_TR("commtax::Files", "expected an array of presets")));
        return false;
    }
    for (auto it = root.constBegin(); it != root.constEnd(); ++it) {
        static const QStringList known = {QStringLiteral("format"), QStringLiteral("version"), QStringLiteral("section"),
                                          QStringLiteral("presets")};
        if (!known.contains(it.key()))
            fail(it.key(),
                 fileText(CT_TR("commtax::Files",
                                "unknown member; a preset file has format, version, section and presets")));
    }
    const QJsonArray arr = list.toArray();
    if (arr.isEmpty())
        fail(QStringLiteral("presets"), fileText(CT_TR("commtax::Files", "the file holds no presets")));
    readPresetList(arr, file, fail);
    if (errors.size() != before)
        return false;
    out = file;
    return true;
}

QByteArray writePresetFile(Section section, const QList<Preset> &presets)
{
    QJsonObject root;
    root.insert(QStringLiteral("format"), QStringLiteral("commtax-presets"));
    root.insert(QStringLiteral("version"), 1);
    root.insert(QStringLiteral("section"), sectionKey(section));
    QJsonArray list;
    for (const Preset &p : presets)
        list.append(p.toJson());
    root.insert(QStringLiteral("presets"), list);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace commtax
