// SPDX-License-Identifier: GPL-3.0-or-later
#include "presets.h"

#include "jsonsyntax.h"

#include <QDate>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QRegularExpression>

namespace commtax {

QString LoadError::toString() const { return toString(message); }

LoadError fileError(const QString &file, int line, int column, const QString &path, const EngineText &text)
{
    LoadError e{file, line, column, path, toQString(text), text};
    e.context = kFileTextContext;
    return e;
}

QString LoadError::toString(const QString &shownMessage) const { return toString(file, shownMessage); }

QString LoadError::toString(const QString &shownFile, const QString &shownMessage) const
{
    QString out = shownFile.isEmpty() ? QStringLiteral("<input>") : shownFile;
    if (line > 0)
        out += QLatin1Char(':') + QString::number(line) + QLatin1Char(':') + QString::number(column);
    out += QStringLiteral(": ");
    if (!path.isEmpty())
        out += path + QStringLiteral(": ");
    return out + shownMessage;
}

namespace {
QString byteSize(qint64 bytes)
{
    if (bytes >= (1 << 20))
        return QString::number(double(bytes) / (1 << 20), 'f', 1) + QStringLiteral(" MiB");
    if (bytes >= 1024)
        return QString::number(double(bytes) / 1024, 'f', 1) + QStringLiteral(" KiB");
    return QString::number(bytes) + QStringLiteral(" bytes");
}
} // namespace

bool readInputFile(const QString &fileName, qint64 maxBytes, QByteArray &out, LoadError *error)
{
    // A file too large has no position of its own: "FILE:1:1:", the FILE:LINE:COLUMN form of every
    // other refusal; opening errors keep "FILE:".
    auto fail = [&](const EngineText &why, int line = 0) {
        if (error)
            *error = fileError(fileName, line, line, QString(), why);
        return false;
    };
    const QFileInfo info(fileName);
    if (!info.exists())
        return fail(fileText(CT_TR("commtax::Files", "cannot open: no such file")));
    if (info.isDir())
        return fail(fileText(CT_TR("commtax::Files", "cannot open: it is a folder, not a file")));
    if (!info.isFile())
        return fail(fileText(CT_TR("commtax::Files", "cannot open: not a regular file (a device, pipe or socket)")));
    if (info.size() > maxBytes)
        return fail(fileText(CT_TR("commtax::Files", "the file is %1; Commtax reads at most %2 here"),
                             {byteSize(info.size()), byteSize(maxBytes)}),
                    1);
    QFile f(fileName);
    if (!f.open(QIODevice::ReadOnly))
        return fail(fileText(CT_TR("commtax::Files", "cannot open: %1"), {f.errorString()}));
    out = f.read(maxBytes + 1); // the file may have grown since it was measured
    if (out.size() > maxBytes)
        return fail(fileText(CT_TR("commtax::Files", "the file is larger than %1, the most Commtax reads here"),
                             {byteSize(maxBytes)}),
                    1);
    if (f.error() != QFileDevice::NoError)
        return fail(fileText(CT_TR("commtax::Files", "cannot read: %1"), {f.errorString()}));
    return true;
}

bool parseJsonText(const QByteArray &json, const QString &fileName, QJsonDocument &doc, LoadError *error)
{
    if (json.size() > kMaxJsonBytes) {
        if (error)
            *error = fileError(fileName, 1, 1, QString(),
                               fileText(CT_TR("commtax::Files", "the text is %1; Commtax reads at most %2 of JSON"),
                                        {byteSize(json.size()), byteSize(kMaxJsonBytes)}));
        return false;
    }
    // The strict check first: Qt's reader takes some text that is not JSON, and misnames some
    // that it refuses (jsonsyntax.h). Its own refusal stays for what the check lets through.
    const JsonSyntaxProblem syntax = checkJsonSyntax(json);
    if (!syntax.ok()) {
        if (error) {
            const TextPosition pos = JsonLocator::positionOfOffset(json, syntax.offset);
            *error = fileError(fileName, pos.line, pos.column, syntax.path, syntax.text);
        }
        return false;
    }
    QJsonParseError pe;
    doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError) {
        if (error) {
            const TextPosition pos = JsonLocator::positionOfOffset(json, pe.offset);
            *error = fileError(fileName, pos.line, pos.column, QString(),
                               fileText(CT_TR("commtax::Files", "invalid JSON: %1"), {pe.errorString()}));
        }
        return false;
    }
    const QList<DuplicateKey> dups = JsonLocator::duplicateKeys(json, 1);
    if (!dups.isEmpty()) {
        if (error) {
            const DuplicateKey &d = dups.first();
            *error = fileError(
                fileName, d.position.line, d.position.column, d.path,
                fileText(CT_TR("commtax::Files",
                               "duplicate key: given already at line %1, column %2 (a key may appear once)"),
                         {QString::number(d.first.line), QString::number(d.first.column)}));
        }
        return false;
    }
    return true;
}

bool parseJsonText(const QByteArray &json, const QString &fileName, QJsonDocument &doc, QList<LoadError> &errors)
{
    LoadError invalid;
    if (parseJsonText(json, fileName, doc, &invalid))
        return true;
    errors.append(invalid);
    return false;
}

EngineText formatVersionProblemText(const QJsonObject &root, const QString &format, int version, QString *path)
{
    const QJsonValue f = root.value(QStringLiteral("format"));
    if (f.toString() != format) {
        *path = QStringLiteral("format");
        return f.isUndefined()
            ? fileText(CT_TR("commtax::Files", "missing: a %1 file starts with \"format\": \"%1\""), {format})
            : fileText(CT_TR("commtax::Files", "expected \"%1\""), {format});
    }
    const QJsonValue v = root.value(QStringLiteral("version"));
    *path = QStringLiteral("version");
    if (v.isUndefined())
        return fileText(CT_TR("commtax::Files", "missing: this build reads version %1"), {QString::number(version)});
    if (!v.isDouble())
        return fileText(CT_TR("commtax::Files", "expected the number %1, not %2"),
                        {QString::number(version), jsonTypeName(v)});
    if (v.toDouble() != version)
        return fileText(CT_TR("commtax::Files", "unsupported version %1; this build reads version %2"),
                        {QLocale::c().toString(v.toDouble(), 'g', 10), QString::number(version)});
    path->clear();
    return EngineText{};
}

void Preset::applyTo(Plan &plan) const
{
    for (const FieldInfo *f : fieldsOf(section)) {
        const QJsonValue v = values.value(QLatin1String(f->key));
        if (!v.isUndefined() && checkFieldValue(*f, v).isEmpty())
            f->set(plan, v);
    }
    const std::string sid = id.toStdString(), sname = fullName().toStdString();
    switch (section) {
    case Section::Model:
        plan.model.id = sid;
        plan.model.name = sname;
        break;
    case Section::Gpu:
        plan.gpu.id = sid;
        plan.gpu.name = sname;
        break;
    case Section::Cluster:
        plan.cluster.id = sid;
        plan.cluster.name = sname;
        break;
    default: break;
    }
}

double Preset::publishedParams() const
{
    const QJsonValue v = extras.value(QStringLiteral("published_params"));
    return v.isObject() ? v.toObject().value(QStringLiteral("value")).toDouble() : v.toDouble();
}

QString Preset::shortName() const
{
    const QString given = extras.value(QStringLiteral("short_name")).toString();
    return given.isEmpty() ? shortGpuName(name) : given;
}

void Preset::rename(const QString &newName)
{
    if (newName != name)
        extras.remove(QStringLiteral("short_name"));
    name = newName;
    nameTags.clear();
}

QString Preset::fullName() const
{
    QString out = name;
    for (const PresetNameTag &t : nameTags)
        out += presetNameTagEnglish(t);
    return out;
}

const char *presetNameTagText(PresetNameTag::Kind k)
{
    // marked for lupdate in model/text/modeltext.cpp presetNameTagsText()
    switch (k) {
    case PresetNameTag::Edited: return " (edited)";
    case PresetNameTag::Copy: return " (copy)";
    case PresetNameTag::Measured: return " (measured %1)";
    }
    return "";
}

void markMeasured(Preset &p, const QString &day)
{
    p.nameTags.removeIf([](const PresetNameTag &t) { return t.kind == PresetNameTag::Measured; });
    p.nameTags.append(PresetNameTag(PresetNameTag::Measured, day));
}

QString presetNameTagEnglish(const PresetNameTag &t)
{
    const QString text = QLatin1String(presetNameTagText(t.kind));
    return t.kind == PresetNameTag::Measured ? text.arg(t.date) : text;
}

namespace {
const char *presetNameTagWord(PresetNameTag::Kind k)
{
    switch (k) {
    case PresetNameTag::Edited: return "edited";
    case PresetNameTag::Copy: return "copy";
    case PresetNameTag::Measured: return "measured";
    }
    return "";
}
} // namespace

QString presetNameTagKey(const PresetNameTag &t)
{
    const QString word = QLatin1String(presetNameTagWord(t.kind));
    return t.kind == PresetNameTag::Measured ? word + QLatin1Char(':') + t.date : word;
}

bool parsePresetNameTag(const QString &key, PresetNameTag &out)
{
    for (PresetNameTag::Kind k : {PresetNameTag::Edited, PresetNameTag::Copy})
        if (key == QLatin1String(presetNameTagWord(k))) {
            out = PresetNameTag(k);
            return true;
        }
    // "measured:YYYY-MM-DD"
    const QString prefix = QLatin1String(presetNameTagWord(PresetNameTag::Measured)) + QLatin1Char(':');
    if (key.startsWith(prefix)) {
        const QString day = key.mid(prefix.size());
        if (QDate::fromString(day, Qt::ISODate).isValid() && day.size() == 10) {
            out = PresetNameTag(PresetNameTag::Measured, day);
            return true;
        }
    }
    return false;
}

QString shortGpuName(const QString &presetName)
{
    QString s = presetName;
    for (const char *prefix : {"NVIDIA ", "AMD Instinct ", "AMD ", "GeForce "})
        s.replace(QLatin1String(prefix), QString());
    s.replace(QLatin1String("GeForce "), QString());
    s.remove(QLatin1String(" (HGX)"));
    // drop a trailing memory size such as "80GB": the preset list says it
    QStringList words = s.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words.size() > 1 && words.last().endsWith(QLatin1String("GB")))
        words.removeLast();
    return words.join(QLatin1Char(' '));
}

QString shortGpuName(const PresetCatalog &catalog, const QString &gpuId, const QString &gpuName)
{
    if (const std::optional<Preset> p = catalog.find(Section::Gpu, gpuId); p && p->fullName() == gpuName)
        return p->shortName();
    return shortGpuName(gpuName);
}

QJsonObject Preset::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("id"), id);
    // the name as given and its tags as data ("name_tags": ["edited", "measured:2026-12-02"]), so that
    // a file read back names the preset as the library did; a reader words the tags
    o.insert(QStringLiteral("name"), name);
    if (!nameTags.isEmpty()) {
        QJsonArray tags;
        for (const PresetNameTag &t : nameTags)
            tags.append(presetNameTagKey(t));
        o.insert(QStringLiteral("name_tags"), tags);
    }
    if (!description.isEmpty())
        o.insert(QStringLiteral("description"), description);
    for (auto it = extras.constBegin(); it != extras.constEnd(); ++it)
        o.insert(it.key(), it.value());
    for (const FieldInfo *f : fieldsOf(section)) {
        const QString key = QLatin1String(f->key);
        const auto prov = provenance.constFind(key);
        if (prov == provenance.constEnd()) {
            o.insert(key, values.value(key));
            continue;
        }
        QJsonObject vo;
        vo.insert(QStringLiteral("value"), values.value(key));
        vo.insert(QStringLiteral("kind"), commtax::toString(prov->kind));
        if (!prov->source.isEmpty())
            vo.insert(QStringLiteral("source"), prov->source);
        o.insert(key, vo);
    }
    return o;
}

namespace {
// A preset's "name_tags": a list of at most 8 strings; the tags this build knows, in order.
bool parseNameTags(const QJsonValue &v, QList<PresetNameTag> &out)
{
    const QJsonArray list = v.toArray();
    if (!v.isArray() || list.size() > 8)
        return false;
    for (qsizetype i = 0; i < list.size(); ++i) {
        if (!list.at(i).isString())
            return false;
        if (PresetNameTag tag; parsePresetNameTag(list.at(i).toString(), tag))
            out.append(tag);
    }
    return true;
}

const QStringList &metaKeys()
{
    static const QStringList keys = {QStringLiteral("id"), QStringLiteral("name"), QStringLiteral("description"),
                                     QStringLiteral("name_tags")};
    return keys;
}
QStringList extraKeys(Section s)
{
    switch (s) {
    case Section::Gpu:
        return {QStringLiteral("default_cluster"), QStringLiteral("match"), QStringLiteral("engine_error"),
                QStringLiteral("family"), QStringLiteral("color"), QStringLiteral("short_name")};
    case Section::Cluster: return {QStringLiteral("default_gpu")};
    case Section::Model: return {QStringLiteral("published_params")};
    default: return {};
    }
}
// "family", "color" and "short_name" of a GPU preset: an empty text when right, else what is wrong.
EngineText gpuLookProblem(const QString &key, const QJsonValue &v)
{
    if (key == QLatin1String("family") && !gpuFamilies().contains(v.toString()))
        return fileText(CT_TR("commtax::Files", "expected one of %1"), {gpuFamilies().join(QStringLiteral(", "))});
    static const QRegularExpression rgb(QStringLiteral("^#[0-9A-Fa-f]{6}$"));
    if (key == QLatin1String("color") && !(v.isString() && rgb.match(v.toString()).hasMatch()))
        return fileText(CT_TR("commtax::Files", "expected a colour as \"#rrggbb\""));
    if (key == QLatin1String("short_name")
        && !(v.isString() && !v.toString().trimmed().isEmpty() && v.toString().size() <= kMaxPlanNameChars))
        return fileText(CT_TR("commtax::Files", "expected a short name of 1 to 200 characters"));
    return {};
}

// An extra key of a preset (extraKeys()): an empty text when right, else what is wrong, at `where`
// (the key's path `fpath`, or an element under it).
EngineText extraKeyProblem(const QString &key, const QJsonValue &v, const QString &fpath, QString &where)
{
    where = fpath;
    // "match": the device names (as nvidia-smi, torch and nccl-tests print them) that
    // choose this GPU preset for a log; a list of non-empty strings.
    if (key == QLatin1String("match")) {
        if (!v.isArray() || v.toArray().size() > kMaxMatchNames)
            return fileText(CT_TR("commtax::Files", "expected a list of at most 64 device names"));
        for (qsizetype i = 0; i < v.toArray().size(); ++i) {
            const QJsonValue n = v.toArray().at(i);
            if (!n.isString() || n.toString().trimmed().isEmpty() || n.toString().size() > kMaxPlanNameChars) {
                where = fpath + QStringLiteral("[%1]").arg(i);
                return fileText(CT_TR("commtax::Files", "expected a device name of 1 to 200 characters"));
            }
        }
    }
    // "engine_error": the engine's error on the user's own training logs (a calibrated
    // preset, model/traininglog): {"step_time_factors": [measured / predicted, each log left
    // out of the fit], "source": "..."}; it sets the range of plans on this GPU
    // (core/engineaccuracy.h calibratedRegime()).
    if (key == QLatin1String("engine_error")) {
        const QJsonArray f = v.toObject().value(QStringLiteral("step_time_factors")).toArray();
        if (!v.isObject() || f.size() < 2 || f.size() > kMaxCalibrationLogs)
            return fileText(CT_TR("commtax::Files",
                                  "expected {\"step_time_factors\": [2 to 1000 numbers], \"source\": \"...\"}"));
        for (qsizetype i = 0; i < f.size(); ++i) {
            if (!f.at(i).isDouble() || !(f.at(i).toDouble() >= 0.05 && f.at(i).toDouble() <= 20)) {
                where = fpath + QStringLiteral(".step_time_factors[%1]").arg(i);
                return fileText(CT_TR("commtax::Files", "expected a number from 0.05 to 20"));
            }
        }
    }
    return gpuLookProblem(key, v);
}

// Fills the fields newer than preset p with the default of a new plan (0 = automatic or none for
// most), said so in their provenance: an empty text, or what field the preset lacks.
EngineText completeFields(Section s, Preset &p)
{
    for (const FieldInfo *f : fieldsOf(s)) {
        if (!p.values.contains(QLatin1String(f->key)) && f->addedLater()) {
            p.values.insert(QLatin1String(f->key), defaultFieldValue(*f));
            if (!p.provenance.contains(QLatin1String(f->key)))
                p.provenance.insert(QLatin1String(f->key),
                                    Provenance{SourceKind::Assumption,
                                               QStringLiteral("Commtax default (the preset does not set this field): ")
                                                   + QLatin1String(f->help)});
        }
        if (!p.values.contains(QLatin1String(f->key)))
            return fileText(CT_TR("commtax::Files", "%1 preset \"%2\" lacks field \"%3\""),
                            {sectionKey(s), p.id, QLatin1String(f->key)});
    }
    return {};
}
} // namespace

const QStringList &gpuFamilies()
{
    static const QStringList families = {QStringLiteral("h100"), QStringLiteral("h200/h20"),
                                         QStringLiteral("a100"), QStringLiteral("blackwell"),
                                         QStringLiteral("amd"), QLatin1String(kDefaultGpuFamily)};
    return families;
}

bool parsePreset(Section s, const QJsonObject &o, const QString &path, Preset &out, QString *errorPath, QString *error, EngineText *errorText)
{
    auto fail = [&](const QString &p, const EngineText &msg) {
        if (errorPath)
            *errorPath = p;
        if (error)
            *error = toQString(msg);
        if (errorText)
            *errorText = msg;
        return false;
    };
    Preset p;
    p.section = s;
    const QJsonValue id = o.value(QStringLiteral("id"));
    if (!id.isString() || id.toString().trimmed().isEmpty())
        return fail(jsonPathJoin(path, QStringLiteral("id")),
                    fileText(CT_TR("commtax::Files", "expected a non-empty string id")));
    p.id = id.toString();
    for (const QString &key : {QStringLiteral("name"), QStringLiteral("description")})
        if (o.contains(key) && !o.value(key).isString())
            return fail(jsonPathJoin(path, key),
                        fileText(CT_TR("commtax::Files", "expected a string, not %1"), {jsonTypeName(o.value(key))}));
    p.name = o.value(QStringLiteral("name")).toString(p.id);
    p.description = o.value(QStringLiteral("description")).toString();
    // "name_tags": the words the library or calibration added to the name, as data (core/presets.h
    // PresetNameTag); optional (files before them name the preset in one string). A tag this build
    // does not know (a newer one) is left out of the name.
    if (o.contains(QStringLiteral("name_tags")) && !parseNameTags(o.value(QStringLiteral("name_tags")), p.nameTags))
        return fail(jsonPathJoin(path, QStringLiteral("name_tags")),
                    fileText(CT_TR("commtax::Files", "expected a list of at most 8 name tags")));
    const QStringList extras = extraKeys(s);
    for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
        const QString key = it.key();
        const QString fpath = jsonPathJoin(path, key);
        if (metaKeys().contains(key))
            continue;
        if (extras.contains(key)) {
            QString where;
            if (const EngineText why = extraKeyProblem(key, it.value(), fpath, where); why.pattern[0])
                return fail(where, why);
            p.extras.insert(key, it.value());
            continue;
        }
        const FieldInfo *f = findField(s, key);
        if (!f)
            return fail(fpath, fileText(CT_TR("commtax::Files", "unknown %1 field"), {sectionKey(s)}));
        QJsonValue v = it.value();
        if (v.isObject()) {
            const QJsonObject vo = v.toObject();
            v = vo.value(QStringLiteral("value"));
            if (v.isUndefined())
                return fail(fpath, fileText(CT_TR("commtax::Files", "a value object needs \"value\"")));
            Provenance prov;
            const QString kind = vo.value(QStringLiteral("kind")).toString();
            if (!parseSourceKind(kind, prov.kind))
                return fail(
                    jsonPathJoin(fpath, QStringLiteral("kind")),
                    fileText(CT_TR("commtax::Files", "expected datasheet, measured, assumption, derived or user")));
            prov.source = vo.value(QStringLiteral("source")).toString();
            p.provenance.insert(key, prov);
        }
        const EngineText why = checkFieldValueText(*f, v);
        if (why.pattern[0])
            return fail(fpath, why);
        p.values.insert(key, v);
    }
    if (const EngineText why = completeFields(s, p); why.pattern[0])
        return fail(path, why);
    out = p;
    return true;
}

QString matchGpuPreset(const PresetCatalog &catalog, const QString &deviceName, QStringList *candidates)
{
    auto norm = [](const QString &s) {
        QString o;
        for (const QChar c : s)
            if (c.isLetterOrNumber())
                o += c.toUpper();
        return o;
    };
    const QString name = norm(deviceName);
    if (candidates)
        candidates->clear();
    if (name.isEmpty())
        return {};
    int best = 0;
    QStringList bestIds;
    for (const Preset &p : catalog.presets(Section::Gpu)) {
        int len = 0;
        for (const QJsonValue v : p.extras.value(QStringLiteral("match")).toArray()) {
            const QString pat = norm(v.toString());
            if (!pat.isEmpty() && name.contains(pat))
                len = std::max(len, int(pat.size()));
        }
        if (len == 0)
            continue;
        if (candidates)
            *candidates << p.id;
        if (len > best) {
            best = len;
            bestIds = {p.id};
        } else if (len == best) {
            bestIds << p.id;
        }
    }
    return bestIds.size() == 1 ? bestIds.first() : QString();
}

const PresetCatalog &PresetCatalog::builtIn()
{
    static const PresetCatalog catalog = [] {
        PresetCatalog c;
        const QStringList files = {QStringLiteral(":/presets/models.json"), QStringLiteral(":/presets/gpus.json"),
                                   QStringLiteral(":/presets/clusters.json")};
        for (const QString &f : files) {
            LoadError err;
            if (!c.loadFile(f, &err))
                qFatal("built-in presets are broken: %s", qPrintable(err.toString()));
        }
        for (Preset &p : c.m_presets)
            p.builtIn = true;
        return c;
    }();
    return catalog;
}

bool PresetCatalog::loadFile(const QString &fileName, LoadError *error)
{
    QByteArray json;
    return readInputFile(fileName, kMaxJsonBytes, json, error) && loadJson(json, fileName, error);
}

bool PresetCatalog::loadJson(const QByteArray &json, const QString &fileName, LoadError *error)
{
    auto fail = [&](const JsonLocator &loc, const QString &path, const EngineText &msg) {
        if (error) {
            const TextPosition pos = loc.find(path);
            *error = fileError(fileName, pos.line, pos.column, path, msg);
        }
        return false;
    };
    QJsonDocument doc;
    if (!parseJsonText(json, fileName, doc, error))
        return false;
    const JsonLocator loc(json);
    if (!doc.isObject())
        return fail(loc, QString(), fileText(CT_TR("commtax::Files", "expected a JSON object")));
    const QJsonObject root = doc.object();
    QString badKey;
    if (const EngineText why = formatVersionProblemText(root, QStringLiteral("commtax-presets"), 1, &badKey); why.pattern[0])
        return fail(loc, badKey, why);
    const QString sectionName = root.value(QStringLiteral("section")).toString();
    Section section = Section::Model;
    bool found = false;
    for (Section s : kPresetSections)
        if (sectionKey(s) == sectionName) {
            section = s;
            found = true;
        }
    if (!found)
        return fail(loc, QStringLiteral("section"),
                    fileText(CT_TR("commtax::Files", "expected \"model\", \"gpu\" or \"cluster\"")));
    const QJsonValue list = root.value(QStringLiteral("presets"));
    if (!list.isArray())
        return fail(loc, QStringLiteral("presets"), fileText(CT_TR("commtax::Files", "expected an array of presets")));
    QList<Preset> parsed;
    const QJsonArray arr = list.toArray();
    for (qsizetype i = 0; i < arr.size(); ++i) {
        const QString path = jsonPathIndex(QStringLiteral("presets"), i);
        if (!arr[i].isObject())
            return fail(loc, path, fileText(CT_TR("commtax::Files", "expected a preset object")));
        Preset p;
        QString errPath, why;
        EngineText whyText;
        if (!parsePreset(section, arr[i].toObject(), path, p, &errPath, &why, &whyText))
            return fail(loc, errPath, whyText);
        parsed.append(p);
    }
    for (const Preset &p : parsed)
        add(p);
    return true;
}

std::optional<Preset> PresetCatalog::find(Section s, const QString &id) const
{
    for (const Preset &p : m_presets)
        if (p.section == s && p.id == id)
            return p;
    return std::nullopt;
}

bool PresetCatalog::contains(Section s, const QString &id) const
{
    for (const Preset &p : m_presets)
        if (p.section == s && p.id == id)
            return true;
    return false;
}

QList<Preset> PresetCatalog::presets(Section s) const
{
    QList<Preset> out;
    for (const Preset &p : m_presets)
        if (p.section == s)
            out.append(p);
    return out;
}

void PresetCatalog::add(const Preset &p)
{
    for (Preset &existing : m_presets)
        if (existing.section == p.section && existing.id == p.id) {
            existing = p;
            return;
        }
    m_presets.append(p);
}

bool PresetCatalog::remove(Section s, const QString &id)
{
    for (qsizetype i = 0; i < m_presets.size(); ++i)
        if (m_presets[i].section == s && m_presets[i].id == id) {
            m_presets.removeAt(i);
            return true;
        }
    return false;
}

} // namespace commtax
