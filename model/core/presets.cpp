#include "presets.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace commtax {

QString LoadError::toString() const
{
    QString out = file.isEmpty() ? QStringLiteral("<input>") : file;
    if (line > 0)
        out += QLatin1Char(':') + QString::number(line) + QLatin1Char(':') + QString::number(column);
    out += QStringLiteral(": ");
    if (!path.isEmpty())
        out += path + QStringLiteral(": ");
    return out + message;
}

bool parseJsonText(const QByteArray &json, const QString &fileName, QJsonDocument &doc, LoadError *error)
{
    QJsonParseError pe;
    doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error == QJsonParseError::NoError)
        return true;
    if (error) {
        const TextPosition pos = JsonLocator::positionOfOffset(json, pe.offset);
        *error = LoadError{fileName, pos.line, pos.column, QString(), QStringLiteral("invalid JSON: ") + pe.errorString()};
    }
    return false;
}

bool parseJsonText(const QByteArray &json, const QString &fileName, QJsonDocument &doc, QList<LoadError> &errors)
{
    LoadError invalid;
    if (parseJsonText(json, fileName, doc, &invalid))
        return true;
    errors.append(invalid);
    return false;
}

void Preset::applyTo(Plan &plan) const
{
    for (const FieldInfo *f : fieldsOf(section)) {
        const QJsonValue v = values.value(QLatin1String(f->key));
        if (!v.isUndefined() && checkFieldValue(*f, v).isEmpty())
            f->set(plan, v);
    }
    const std::string sid = id.toStdString(), sname = name.toStdString();
    switch (section) {
    case Section::Model: plan.model.id = sid; plan.model.name = sname; break;
    case Section::Gpu: plan.gpu.id = sid; plan.gpu.name = sname; break;
    case Section::Cluster: plan.cluster.id = sid; plan.cluster.name = sname; break;
    default: break;
    }
}

Preset Preset::fromPlan(Section s, const Plan &plan, const QString &id, const QString &name)
{
    Preset p;
    p.section = s;
    p.id = id;
    p.name = name;
    for (const FieldInfo *f : fieldsOf(s)) {
        p.values.insert(QLatin1String(f->key), f->get(plan));
        p.provenance.insert(QLatin1String(f->key), Provenance{SourceKind::User, QStringLiteral("edited by the user")});
    }
    return p;
}

double Preset::publishedParams() const
{
    const QJsonValue v = extras.value(QStringLiteral("published_params"));
    return v.isObject() ? v.toObject().value(QStringLiteral("value")).toDouble() : v.toDouble();
}

QJsonObject Preset::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("id"), id);
    o.insert(QStringLiteral("name"), name);
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
const QStringList &metaKeys()
{
    static const QStringList keys = {QStringLiteral("id"), QStringLiteral("name"), QStringLiteral("description")};
    return keys;
}
QStringList extraKeys(Section s)
{
    switch (s) {
    case Section::Gpu: return {QStringLiteral("default_cluster")};
    case Section::Cluster: return {QStringLiteral("default_gpu")};
    case Section::Model: return {QStringLiteral("published_params")};
    default: return {};
    }
}
} // namespace

bool parsePreset(Section s, const QJsonObject &o, const QString &path, Preset &out, QString *errorPath, QString *error)
{
    auto fail = [&](const QString &p, const QString &msg) {
        if (errorPath)
            *errorPath = p;
        if (error)
            *error = msg;
        return false;
    };
    Preset p;
    p.section = s;
    const QJsonValue id = o.value(QStringLiteral("id"));
    if (!id.isString() || id.toString().trimmed().isEmpty())
        return fail(jsonPathJoin(path, QStringLiteral("id")), QStringLiteral("expected a non-empty string id"));
    p.id = id.toString();
    p.name = o.value(QStringLiteral("name")).toString(p.id);
    p.description = o.value(QStringLiteral("description")).toString();
    const QStringList extras = extraKeys(s);
    for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
        const QString key = it.key();
        const QString fpath = jsonPathJoin(path, key);
        if (metaKeys().contains(key))
            continue;
        if (extras.contains(key)) {
            p.extras.insert(key, it.value());
            continue;
        }
        const FieldInfo *f = findField(s, key);
        if (!f)
            return fail(fpath, QStringLiteral("unknown %1 field").arg(sectionKey(s)));
        QJsonValue v = it.value();
        if (v.isObject()) {
            const QJsonObject vo = v.toObject();
            v = vo.value(QStringLiteral("value"));
            if (v.isUndefined())
                return fail(fpath, QStringLiteral("a value object needs \"value\""));
            Provenance prov;
            const QString kind = vo.value(QStringLiteral("kind")).toString();
            if (!parseSourceKind(kind, prov.kind))
                return fail(jsonPathJoin(fpath, QStringLiteral("kind")),
                            QStringLiteral("expected datasheet, measured, assumption, derived or user"));
            prov.source = vo.value(QStringLiteral("source")).toString();
            p.provenance.insert(key, prov);
        }
        const QString why = checkFieldValue(*f, v);
        if (!why.isEmpty())
            return fail(fpath, why);
        p.values.insert(key, v);
    }
    for (const FieldInfo *f : fieldsOf(s))
        if (!p.values.contains(QLatin1String(f->key)))
            return fail(path, QStringLiteral("%1 preset \"%2\" lacks field \"%3\"")
                                  .arg(sectionKey(s), p.id, QLatin1String(f->key)));
    out = p;
    return true;
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
    QFile f(fileName);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = LoadError{fileName, 0, 0, QString(), QStringLiteral("cannot open: ") + f.errorString()};
        return false;
    }
    return loadJson(f.readAll(), fileName, error);
}

bool PresetCatalog::loadJson(const QByteArray &json, const QString &fileName, LoadError *error)
{
    auto fail = [&](const JsonLocator &loc, const QString &path, const QString &msg) {
        if (error) {
            const TextPosition pos = loc.find(path);
            *error = LoadError{fileName, pos.line, pos.column, path, msg};
        }
        return false;
    };
    QJsonDocument doc;
    if (!parseJsonText(json, fileName, doc, error))
        return false;
    const JsonLocator loc(json);
    if (!doc.isObject())
        return fail(loc, QString(), QStringLiteral("expected a JSON object"));
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("format")).toString() != QLatin1String("commtax-presets"))
        return fail(loc, QStringLiteral("format"), QStringLiteral("expected \"commtax-presets\""));
    if (root.value(QStringLiteral("version")).toInt() != 1)
        return fail(loc, QStringLiteral("version"), QStringLiteral("unsupported version (this build reads version 1)"));
    const QString sectionName = root.value(QStringLiteral("section")).toString();
    Section section = Section::Model;
    bool found = false;
    for (Section s : kPresetSections)
        if (sectionKey(s) == sectionName) {
            section = s;
            found = true;
        }
    if (!found)
        return fail(loc, QStringLiteral("section"), QStringLiteral("expected \"model\", \"gpu\" or \"cluster\""));
    const QJsonValue list = root.value(QStringLiteral("presets"));
    if (!list.isArray())
        return fail(loc, QStringLiteral("presets"), QStringLiteral("expected an array of presets"));
    QList<Preset> parsed;
    const QJsonArray arr = list.toArray();
    for (qsizetype i = 0; i < arr.size(); ++i) {
        const QString path = jsonPathIndex(QStringLiteral("presets"), i);
        if (!arr[i].isObject())
            return fail(loc, path, QStringLiteral("expected a preset object"));
        Preset p;
        QString errPath, why;
        if (!parsePreset(section, arr[i].toObject(), path, p, &errPath, &why))
            return fail(loc, errPath, why);
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
