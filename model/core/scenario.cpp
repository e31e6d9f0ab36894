#include "scenario.h"

#include "atomicfile.h"

#include "engine/engine.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace commtax {

QString &Scenario::presetOf(Section s)
{
    switch (s) {
    case Section::Model: return modelPreset;
    case Section::Gpu: return gpuPreset;
    default: return clusterPreset;
    }
}

QString Scenario::presetOf(Section s) const
{
    return const_cast<Scenario *>(this)->presetOf(s);
}

bool operator==(const Scenario &a, const Scenario &b)
{
    if (a.name != b.name || a.modelPreset != b.modelPreset || a.gpuPreset != b.gpuPreset
        || a.clusterPreset != b.clusterPreset)
        return false;
    for (const FieldInfo &f : planFields())
        if (f.get(a.plan) != f.get(b.plan))
            return false;
    return a.plan.model.id == b.plan.model.id && a.plan.gpu.id == b.plan.gpu.id && a.plan.cluster.id == b.plan.cluster.id
        && a.plan.model.name == b.plan.model.name && a.plan.gpu.name == b.plan.gpu.name
        && a.plan.cluster.name == b.plan.cluster.name;
}

Scenario defaultScenario(const PresetCatalog &catalog)
{
    Scenario s;
    s.name = QStringLiteral("Llama-2-70B on 256 H100");
    s.modelPreset = QStringLiteral("llama2-70b");
    s.gpuPreset = QStringLiteral("h100-sxm");
    s.clusterPreset = QStringLiteral("dgx-h100");
    for (Section sec : kPresetSections)
        if (const std::optional<Preset> p = catalog.find(sec, s.presetOf(sec)))
            p->applyTo(s.plan);
    s.plan.cluster.nodes = 32;
    TrainingSpec &t = s.plan.training;
    t.seq_len = 4096;
    t.global_batch = 1024; // 4M tokens per step, as Llama 2
    t.micro_batch = 1;
    t.tp = 8;
    t.pp = 4;
    t.dp = 8;
    t.vpp = 1;
    t.zero = 1;
    t.recompute = Recompute::Selective;
    t.sequence_parallel = true;
    t.flash_attention = true;
    t.precision = Precision::Bf16;
    t.grad_bytes = 2;
    t.dp_overlap = 0.8;
    t.tp_overlap = 0;
    t.tokens_to_train = 2e12; // Llama 2's 2T tokens
    t.goodput = 0.9;
    return s;
}

namespace {

const QStringList &sectionKeys()
{
    static const QStringList keys = {QStringLiteral("model"), QStringLiteral("gpu"), QStringLiteral("cluster"),
                                     QStringLiteral("training"), QStringLiteral("economics")};
    return keys;
}

struct Parser {
    QString file;
    const JsonLocator &loc;
    QList<LoadError> &errors;

    void fail(const QString &path, const QString &msg)
    {
        const TextPosition pos = loc.find(path);
        errors.append(LoadError{file, pos.line, pos.column, path, msg});
    }

    // Apply the fields of `o` (except the keys in `skip`) to the plan.
    void applyFields(Section s, const QJsonObject &o, const QStringList &skip, Plan &plan)
    {
        const QString spath = sectionKey(s);
        for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
            if (skip.contains(it.key()))
                continue;
            const QString path = jsonPathJoin(spath, it.key());
            const FieldInfo *f = findField(s, it.key());
            if (!f) {
                QStringList known;
                for (const FieldInfo *k : fieldsOf(s))
                    known << QLatin1String(k->key);
                fail(path, QStringLiteral("unknown field; %1 fields are: %2").arg(spath, known.join(QStringLiteral(", "))));
                continue;
            }
            QJsonValue v = it.value();
            if (v.isObject() && v.toObject().contains(QStringLiteral("value")))
                v = v.toObject().value(QStringLiteral("value")); // value objects as in presets
            const QString why = checkFieldValue(*f, v);
            if (!why.isEmpty()) {
                fail(path, why);
                continue;
            }
            f->set(plan, v);
        }
    }
};

} // namespace

bool parseScenario(const QByteArray &json, const QString &fileName, const PresetCatalog &catalog, Scenario &out,
                   QList<LoadError> &errors)
{
    QJsonDocument doc;
    if (!parseJsonText(json, fileName, doc, errors))
        return false;
    const JsonLocator loc(json);
    Parser ps{fileName, loc, errors};
    const qsizetype before = errors.size();
    if (!doc.isObject()) {
        ps.fail(QString(), QStringLiteral("expected a JSON object"));
        return false;
    }
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("format")).toString() != QLatin1String("commtax-scenario")) {
        ps.fail(QStringLiteral("format"), QStringLiteral("expected \"commtax-scenario\""));
        return false;
    }
    const QJsonValue version = root.value(QStringLiteral("version"));
    if (!version.isDouble() || version.toInt() != kScenarioVersion) {
        ps.fail(QStringLiteral("version"), QStringLiteral("unsupported version %1; this build reads version %2")
                                               .arg(version.isDouble() ? QString::number(version.toDouble()) : QStringLiteral("(missing)"))
                                               .arg(kScenarioVersion));
        return false;
    }
    for (auto it = root.constBegin(); it != root.constEnd(); ++it)
        if (!sectionKeys().contains(it.key()) && it.key() != QLatin1String("format") && it.key() != QLatin1String("version")
            && it.key() != QLatin1String("name"))
            ps.fail(it.key(), QStringLiteral("unknown section; expected name, model, gpu, cluster, training, economics"));

    Scenario s;
    s.name = root.value(QStringLiteral("name")).toString();
    const QStringList presetSkip = {QStringLiteral("preset"), QStringLiteral("id"), QStringLiteral("name")};
    for (Section sec : kPresetSections) {
        const QString key = sectionKey(sec);
        const QJsonValue v = root.value(key);
        if (!v.isObject()) {
            ps.fail(v.isUndefined() ? QString() : key,
                    v.isUndefined() ? QStringLiteral("missing section \"%1\"").arg(key)
                                    : QStringLiteral("expected an object: {\"preset\": \"id\"} or the fields"));
            continue;
        }
        const QJsonObject o = v.toObject();
        const QJsonValue presetId = o.value(QStringLiteral("preset"));
        if (!presetId.isUndefined()) {
            const std::optional<Preset> p = presetId.isString() ? catalog.find(sec, presetId.toString()) : std::nullopt;
            if (!p) {
                QStringList ids;
                for (const Preset &q : catalog.presets(sec))
                    ids << q.id;
                ps.fail(jsonPathJoin(key, QStringLiteral("preset")), QStringLiteral("unknown %1 preset \"%2\"; known: %3")
                                                                         .arg(key, presetId.toString(), ids.join(QStringLiteral(", "))));
                continue;
            }
            p->applyTo(s.plan);
            s.presetOf(sec) = p->id;
        } else {
            // Inline: every field of the section must be there.
            for (const FieldInfo *f : fieldsOf(sec))
                if (!o.contains(QLatin1String(f->key)))
                    ps.fail(key, QStringLiteral("inline %1 lacks \"%2\" (give every field, or start from {\"preset\": \"id\"})")
                                     .arg(key, QLatin1String(f->key)));
            const std::string id = o.value(QStringLiteral("id")).toString(QStringLiteral("custom")).toStdString();
            const std::string name = o.value(QStringLiteral("name")).toString(QString::fromStdString(id)).toStdString();
            if (sec == Section::Model) { s.plan.model.id = id; s.plan.model.name = name; }
            if (sec == Section::Gpu) { s.plan.gpu.id = id; s.plan.gpu.name = name; }
            if (sec == Section::Cluster) { s.plan.cluster.id = id; s.plan.cluster.name = name; }
        }
        if (o.contains(QStringLiteral("name")) && !presetId.isUndefined()) {
            const std::string name = o.value(QStringLiteral("name")).toString().toStdString();
            if (sec == Section::Model) s.plan.model.name = name;
            if (sec == Section::Gpu) s.plan.gpu.name = name;
            if (sec == Section::Cluster) s.plan.cluster.name = name;
        }
        ps.applyFields(sec, o, presetSkip, s.plan);
    }
    for (Section sec : {Section::Training, Section::Economics}) {
        const QString key = sectionKey(sec);
        const QJsonValue v = root.value(key);
        if (v.isUndefined())
            continue; // defaults
        if (!v.isObject()) {
            ps.fail(key, QStringLiteral("expected an object"));
            continue;
        }
        ps.applyFields(sec, v.toObject(), {}, s.plan);
    }
    // dp may be left out: it follows from the GPUs.
    const QJsonObject tr = root.value(QStringLiteral("training")).toObject();
    if (!tr.contains(QStringLiteral("dp"))) {
        const long long gpus = static_cast<long long>(s.plan.cluster.nodes) * s.plan.cluster.gpus_per_node;
        const long long tp_pp = static_cast<long long>(s.plan.training.tp) * s.plan.training.pp;
        if (tp_pp > 0 && gpus % tp_pp == 0 && gpus / tp_pp > 0)
            s.plan.training.dp = static_cast<int>(gpus / tp_pp);
        else
            ps.fail(QStringLiteral("training"), QStringLiteral("dp is not given and %1 GPUs do not divide by tp*pp=%2")
                                                    .arg(gpus).arg(tp_pp));
    }
    if (errors.size() != before)
        return false;
    out = s;
    return true;
}

bool loadScenarioFile(const QString &fileName, const PresetCatalog &catalog, Scenario &out, QList<LoadError> &errors)
{
    QFile f(fileName);
    if (!f.open(QIODevice::ReadOnly)) {
        errors.append(LoadError{fileName, 0, 0, QString(), QStringLiteral("cannot open: ") + f.errorString()});
        return false;
    }
    return parseScenario(f.readAll(), fileName, catalog, out, errors);
}

bool loadAndValidateScenario(const QString &fileName, const PresetCatalog &catalog, Scenario &out, QList<LoadError> &errors)
{
    QFile f(fileName);
    if (!f.open(QIODevice::ReadOnly)) {
        errors.append(LoadError{fileName, 0, 0, QString(), QStringLiteral("cannot open: ") + f.errorString()});
        return false;
    }
    const QByteArray json = f.readAll();
    if (!parseScenario(json, fileName, catalog, out, errors))
        return false;
    const std::vector<PlanError> planErrors = validate(out.plan);
    if (planErrors.empty())
        return true;
    const JsonLocator loc(json);
    for (const PlanError &e : planErrors) {
        const QString path = QString::fromStdString(e.field);
        const TextPosition pos = loc.find(path);
        errors.append(LoadError{fileName, pos.line, pos.column, path, QString::fromStdString(e.message)});
    }
    return false;
}

QByteArray serializeScenario(const Scenario &s, const PresetCatalog &catalog)
{
    QJsonObject root;
    root.insert(QStringLiteral("format"), QStringLiteral("commtax-scenario"));
    root.insert(QStringLiteral("version"), kScenarioVersion);
    if (!s.name.isEmpty())
        root.insert(QStringLiteral("name"), s.name);
    for (Section sec : kPresetSections) {
        QJsonObject o;
        const std::optional<Preset> p = s.presetOf(sec).isEmpty() ? std::nullopt : catalog.find(sec, s.presetOf(sec));
        Plan base;
        if (p) {
            o.insert(QStringLiteral("preset"), p->id);
            p->applyTo(base);
        } else {
            const std::string &id = sec == Section::Model ? s.plan.model.id : sec == Section::Gpu ? s.plan.gpu.id : s.plan.cluster.id;
            const std::string &name = sec == Section::Model ? s.plan.model.name : sec == Section::Gpu ? s.plan.gpu.name : s.plan.cluster.name;
            o.insert(QStringLiteral("id"), QString::fromStdString(id.empty() ? std::string("custom") : id));
            o.insert(QStringLiteral("name"), QString::fromStdString(name));
        }
        for (const FieldInfo *f : fieldsOf(sec)) {
            const QJsonValue v = f->get(s.plan);
            if (!p || v != f->get(base))
                o.insert(QLatin1String(f->key), v);
        }
        root.insert(sectionKey(sec), o);
    }
    for (Section sec : {Section::Training, Section::Economics}) {
        QJsonObject o;
        for (const FieldInfo *f : fieldsOf(sec)) {
            const QJsonValue v = f->get(s.plan);
            if (!v.isNull())
                o.insert(QLatin1String(f->key), v);
        }
        root.insert(sectionKey(sec), o);
    }
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

bool saveScenarioFile(const QString &fileName, const Scenario &s, const PresetCatalog &catalog, QString *error)
{
    return writeFileAtomically(fileName, serializeScenario(s, catalog), error);
}

} // namespace commtax
