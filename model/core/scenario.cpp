// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario.h"

#include "atomicfile.h"
#include "quote.h"
#include "uncertaintyio.h"

#include "engine/engine.h"
#include "engine/limits.h"

#include <QDate>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

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

const char *planNameTagText(PlanNameTag t)
{
    // marked for lupdate in model/text/modeltext.cpp planNameTagsText()
    switch (t) {
    case PlanNameTag::Copy: return " (copy)";
    case PlanNameTag::Rented: return " rented";
    }
    return "";
}

const char *planNameTagKey(PlanNameTag t)
{
    switch (t) {
    case PlanNameTag::Copy: return "copy";
    case PlanNameTag::Rented: return "rented";
    }
    return "";
}

bool parsePlanNameTag(const QString &key, PlanNameTag &out)
{
    for (PlanNameTag t : {PlanNameTag::Copy, PlanNameTag::Rented})
        if (key == QLatin1String(planNameTagKey(t))) {
            out = t;
            return true;
        }
    return false;
}

QString Scenario::fullName() const
{
    QString out = name;
    for (PlanNameTag t : nameTags)
        out += QLatin1String(planNameTagText(t));
    return out;
}

const char *const kPlanNamePattern = "%1 on %2 %3";

PlanNameParts planNameParts(const Plan &plan, const PresetCatalog &catalog)
{
    PlanNameParts n;
    n.model = QString::fromStdString(plan.model.name);
    n.gpus = static_cast<long long>(plan.cluster.nodes) * plan.cluster.gpus_per_node;
    n.gpu = shortGpuName(catalog, QString::fromStdString(plan.gpu.id), QString::fromStdString(plan.gpu.name));
    const std::optional<Preset> p = catalog.find(Section::Gpu, QString::fromStdString(plan.gpu.id));
    if (p && p->fullName() == QString::fromStdString(plan.gpu.name))
        n.gpuTags = p->nameTags;
    return n;
}

QString planNameFor(const Plan &plan, const PresetCatalog &catalog)
{
    const PlanNameParts n = planNameParts(plan, catalog);
    QString gpu = n.gpu;
    for (const PresetNameTag &t : n.gpuTags)
        gpu += presetNameTagEnglish(t);
    return QString::fromLatin1(kPlanNamePattern).arg(n.model).arg(n.gpus).arg(gpu);
}

std::optional<Provenance> Scenario::statedProvenance(const QString &path, const QJsonValue &current) const
{
    const auto it = stated.constFind(path);
    if (it == stated.constEnd() || it->value != current)
        return std::nullopt;
    return it->provenance;
}

std::optional<Scenario::ValueRange> Scenario::rangeFor(const QString &path, const QJsonValue &current) const
{
    const auto it = ranges.constFind(path);
    if (it == ranges.constEnd() || !current.isDouble()
        || !uncertainty::checkRange(path.toStdString(), current.toDouble(), it->low, it->high).empty())
        return std::nullopt;
    return *it;
}

bool operator==(const Scenario &a, const Scenario &b)
{
    if (a.name != b.name || a.nameTags != b.nameTags || a.modelPreset != b.modelPreset || a.gpuPreset != b.gpuPreset
        || a.clusterPreset != b.clusterPreset || a.ranges != b.ranges || !(a.quote == b.quote)
        || a.goals != b.goals)
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
    t.first_stage_layers = 0; // automatic (docs/model.md §16)
    t.last_stage_layers = 0;
    t.zero = 1;
    t.recompute = Recompute::Selective;
    t.sequence_parallel = true;
    t.flash_attention = true;
    t.precision = Precision::Bf16;
    t.grad_bytes = 4; // Megatron-LM's default with bf16: gradients reduced in fp32
    t.dp_overlap = 0.8;
    t.tp_overlap = 0;
    t.tokens_to_train = 2e12; // Llama 2's 2T tokens
    t.goodput = 0.9;
    s.name = planNameFor(s.plan); // "Llama 2 70B on 256 H100 SXM5"
    return s;
}

namespace {

const QStringList &sectionKeys()
{
    static const QStringList keys = {QStringLiteral("model"), QStringLiteral("gpu"), QStringLiteral("cluster"),
                                     QStringLiteral("training"), QStringLiteral("economics")};
    return keys;
}

// A file with more problems than this is the wrong file: say so instead of listing them all (each
// position costs a scan of the text).
constexpr qsizetype kMaxErrorsPerFile = 20;

struct Parser {
    QString file;
    const JsonLocator &loc;
    QList<LoadError> &errors;
    QString prefix = {}; // the scenario's own path in a larger file ("plans[1]"; empty for a scenario file)
    qsizetype first = errors.size();
    qsizetype dropped = 0;

    void fail(const QString &at, const EngineText &msg)
    {
        if (errors.size() - first >= kMaxErrorsPerFile) {
            ++dropped;
            return;
        }
        const QString path = at.isEmpty() ? prefix : jsonPathJoin(prefix, at);
        const TextPosition pos = loc.find(path);
        errors.append(fileError(file, pos.line, pos.column, path, msg));
    }
    // A message without a template (it stays as it is in every language).
    void fail(const QString &at, const QString &msg)
    {
        if (errors.size() - first >= kMaxErrorsPerFile) {
            ++dropped;
            return;
        }
        const QString path = at.isEmpty() ? prefix : jsonPathJoin(prefix, at);
        const TextPosition pos = loc.find(path);
        errors.append(LoadError{file, pos.line, pos.column, path, msg});
    }
    void finish()
    {
        if (dropped > 0)
            errors.append(
                fileError(file, 0, 0, QString(),
                          fileText(CT_TR("commtax::Files", "%1 more problems not listed; is this a Commtax scenario?"),
                                   {QString::number(dropped)})));
    }
    bool ok() const { return errors.size() == first; }

    // A string member (name, id); absent gives `fallback`, any other type is an error.
    QString stringField(const QJsonObject &o, const QString &key, const QString &path, const QString &fallback)
    {
        const QJsonValue v = o.value(key);
        if (v.isUndefined())
            return fallback;
        if (!v.isString()) {
            fail(path, fileText(CT_TR("commtax::Files", "expected a string, not %1"), {jsonTypeName(v)}));
            return fallback;
        }
        if (v.toString().size() > kMaxPlanNameChars) {
            fail(path,
                 fileText(CT_TR("commtax::Files", "at most %1 characters (got %2)"),
                          {QString::number(kMaxPlanNameChars), QString::number(v.toString().size())}));
            return fallback;
        }
        return v.toString();
    }

    // Apply the fields of `o` (except the keys in `skip`) to the plan.
    void applyFields(Section s, const QJsonObject &o, const QStringList &skip, Scenario &scenario)
    {
        Plan &plan = scenario.plan;
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
                fail(path,
                     fileText(CT_TR("commtax::Files", "unknown field; %1 fields are: %2"),
                              {spath, known.join(QStringLiteral(", "))}));
                continue;
            }
            QJsonValue v = it.value();
            if (v.isObject()) { // value objects as in presets: {"value": ..., "kind": ..., "source": ...}
                const QJsonObject vo = v.toObject();
                if (!vo.contains(QStringLiteral("value"))) {
                    fail(path, fileText(CT_TR("commtax::Files", "a value object needs \"value\"")));
                    continue;
                }
                v = vo.value(QStringLiteral("value"));
            }
            const EngineText why = checkFieldValueText(*f, v);
            if (why.pattern[0]) {
                fail(path, why);
                continue;
            }
            QString key; // a value object's kind and uncertainty range (uncertaintyio.h)
            if (const EngineText bad = it.value().isObject() ? checkValueObjectText(*f, it.value().toObject(), &key) : EngineText{}; bad.pattern[0]) {
                fail(jsonPathJoin(path, key), bad);
                continue;
            }
            f->set(plan, v);
            if (it.value().isObject()) { // its kind and source, for the reports; its range
                const QJsonObject vo = it.value().toObject();
                if (const QJsonArray r = vo.value(QStringLiteral("range")).toArray(); r.size() == 2) // checked above
                    scenario.ranges.insert(f->path(), Scenario::ValueRange{r[0].toDouble(), r[1].toDouble()});
                const QJsonValue kind = vo.value(QStringLiteral("kind")), source = vo.value(QStringLiteral("source"));
                if (!kind.isUndefined() || source.isString()) {
                    Scenario::Stated st{f->get(plan), Provenance{SourceKind::User, source.toString()}};
                    if (kind.isString())
                        parseSourceKind(kind.toString(), st.provenance.kind);
                    scenario.stated.insert(f->path(), st);
                }
            }
        }
    }

    // model, gpu or cluster: {"preset": id, overrides...} or every field inline.
    void presetSection(Section sec, const QJsonObject &root, const PresetCatalog &catalog, Scenario &s)
    {
        const QString key = sectionKey(sec);
        const QJsonValue v = root.value(key);
        if (!v.isObject()) {
            fail(v.isUndefined() ? QString() : key,
                 v.isUndefined() ? fileText(CT_TR("commtax::Files", "missing section \"%1\""), {key})
                                 : fileText(CT_TR("commtax::Files",
                                                  "expected an object: {\"preset\": \"id\"} or the fields, not %1"),
                                            {jsonTypeName(v)}));
            return;
        }
        const QJsonObject o = v.toObject();
        const QJsonValue presetId = o.value(QStringLiteral("preset"));
        std::string *id = sec == Section::Model ? &s.plan.model.id : sec == Section::Gpu ? &s.plan.gpu.id
                                                                                         : &s.plan.cluster.id;
        std::string *name = sec == Section::Model ? &s.plan.model.name : sec == Section::Gpu ? &s.plan.gpu.name
                                                                                             : &s.plan.cluster.name;
        const QString presetPath = jsonPathJoin(key, QStringLiteral("preset"));
        if (!presetId.isUndefined()) {
            if (!presetId.isString()) {
                fail(presetPath,
                     fileText(CT_TR("commtax::Files", "expected a preset id (a string), not %1"),
                              {jsonTypeName(presetId)}));
                return;
            }
            const std::optional<Preset> p = catalog.find(sec, presetId.toString());
            if (!p) {
                QStringList ids;
                for (const Preset &q : catalog.presets(sec))
                    ids << q.id;
                fail(presetPath,
                     fileText(CT_TR("commtax::Files", "unknown %1 preset \"%2\"; known: %3"),
                              {key, presetId.toString(), ids.join(QStringLiteral(", "))}));
                return;
            }
            p->applyTo(s.plan);
            s.presetOf(sec) = p->id;
            *name = stringField(o, QStringLiteral("name"), jsonPathJoin(key, QStringLiteral("name")), p->name).toStdString();
        } else {
            // Inline: every field of the section must be there.
            for (const FieldInfo *f : fieldsOf(sec))
                if (!o.contains(QLatin1String(f->key)) && !f->addedLater())
                    fail(
                        key,
                        fileText(CT_TR("commtax::Files",
                                       "inline %1 lacks \"%2\" (give every field, or start from {\"preset\": \"id\"})"),
                                 {key, QLatin1String(f->key)}));
            const QString inlineId = stringField(o, QStringLiteral("id"), jsonPathJoin(key, QStringLiteral("id")), QStringLiteral("custom"));
            *id = inlineId.toStdString();
            *name = stringField(o, QStringLiteral("name"), jsonPathJoin(key, QStringLiteral("name")), inlineId).toStdString();
            // A user preset written inline (as Save and the library's export write them, so that
            // the file opens anywhere) starts from that preset again where the catalog has it.
            if (const std::optional<Preset> p = catalog.find(sec, inlineId); p && !p->builtIn)
                s.presetOf(sec) = p->id;
        }
        applyFields(sec, o, {QStringLiteral("preset"), QStringLiteral("id"), QStringLiteral("name")}, s);
    }

    // economics.quote: {"vendor": ..., "id": ..., "date": "YYYY-MM-DD", "valid_until": "YYYY-MM-DD"};
    // vendor and id required, the dates optional, valid_until not before date.
    void quote(const QJsonValue &v, Scenario::Quote &q)
    {
        const QString path = QStringLiteral("economics.quote");
        if (!v.isObject()) {
            fail(path,
                 fileText(CT_TR("commtax::Files",
                                "expected an object {\"vendor\", \"id\", \"date\", \"valid_until\"}, not %1"),
                          {jsonTypeName(v)}));
            return;
        }
        const QJsonObject o = v.toObject();
        static const QStringList keys = {QStringLiteral("vendor"), QStringLiteral("id"), QStringLiteral("date"), QStringLiteral("valid_until")};
        for (auto it = o.constBegin(); it != o.constEnd(); ++it)
            if (!keys.contains(it.key()) && it.key() != QLatin1String("items"))
                fail(jsonPathJoin(path, it.key()),
                     fileText(
                         CT_TR("commtax::Files", "unknown field; a quote has vendor, id, date, valid_until, items")));
        if (o.contains(QStringLiteral("items")))
            quoteItemsOf(o.value(QStringLiteral("items")), jsonPathJoin(path, QStringLiteral("items")), q);
        QString *const targets[] = {&q.vendor, &q.id, &q.date, &q.validUntil};
        for (qsizetype i = 0; i < keys.size(); ++i) {
            const QString key = jsonPathJoin(path, keys[i]);
            *targets[i] = stringField(o, keys[i], key, QString()).trimmed();
            if (i < 2 && targets[i]->isEmpty() && (o.value(keys[i]).isUndefined() || o.value(keys[i]).isString()))
                fail(o.contains(keys[i]) ? key : path,
                     fileText(CT_TR("commtax::Files", "a quote needs a non-empty \"%1\""), {keys[i]}));
            // Exactly a day: Qt's ISODate reading takes "2025-01-01 whatever" and "2025-01-01T10:00".
            if (i >= 2 && !targets[i]->isEmpty()
                && (targets[i]->size() != 10 || !QDate::fromString(*targets[i], Qt::ISODate).isValid()))
                fail(key,
                     fileText(CT_TR("commtax::Files", "expected a date as YYYY-MM-DD (got \"%1\")"), {*targets[i]}));
        }
        const QDate from = QDate::fromString(q.date, Qt::ISODate), until = QDate::fromString(q.validUntil, Qt::ISODate);
        if (from.isValid() && until.isValid() && until < from)
            fail(jsonPathJoin(path, QStringLiteral("valid_until")),
                 fileText(CT_TR("commtax::Files", "%1 is before the quote's date %2"), {q.validUntil, q.date}));
    }

    // economics.quote.items: {"gpu_price_usd": 27000, ...}, each key one of quoteItems(), each
    // price checked as the field it sets.
    void quoteItemsOf(const QJsonValue &v, const QString &path, Scenario::Quote &q)
    {
        QStringList names;
        for (const QuoteItem &item : quoteItems())
            names << QLatin1String(item.key);
        const QString known = names.join(QStringLiteral(", "));
        if (!v.isObject()) {
            const QStringList args{known, jsonTypeName(v)};
            fail(path, fileText(CT_TR("commtax::Files", "expected an object of prices (%1), not %2"), args));
            return;
        }
        const QJsonObject o = v.toObject();
        for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
            const QString at = jsonPathJoin(path, it.key());
            const QuoteItem *item = findQuoteItem(it.key());
            const FieldInfo *f = item ? quoteItemField(*item) : nullptr;
            if (!f) {
                fail(at, fileText(CT_TR("commtax::Files", "unknown item; a quote's items are: %1"), {known}));
                continue;
            }
            if (const EngineText why = checkFieldValueText(*f, it.value()); why.pattern[0]) {
                fail(at, why);
                continue;
            }
            q.items.insert(f->path(), it.value().toDouble());
        }
    }

    // dp may be left out: it follows from the GPUs (in checked arithmetic; validate() checks the rest).
    void deriveDp(const QJsonObject &root, Plan &plan)
    {
        if (root.value(QStringLiteral("training")).toObject().contains(QStringLiteral("dp")))
            return;
        std::int64_t gpus = 0, replica = 0;
        if (checkedMul(plan.cluster.nodes, plan.cluster.gpus_per_node, gpus) && modelParallelGpus(plan.training, replica)
            && replica > 0 && gpus % replica == 0 && gpus / replica > 0 && fitsInt(gpus / replica))
            plan.training.dp = static_cast<int>(gpus / replica);
        else
            fail(QStringLiteral("training"),
                 fileText(CT_TR("commtax::Files",
                                "dp is not given and %1 nodes x %2 GPUs do not divide by tp*cp*pp=%3*%4*%5"),
                          {QString::number(plan.cluster.nodes), QString::number(plan.cluster.gpus_per_node),
                           QString::number(plan.training.tp), QString::number(plan.training.cp),
                           QString::number(plan.training.pp)}));
    }
};

const char *const kUnknown
    = CT_TR("commtax::Files", "unknown section; known: name, model, gpu, cluster, training, economics, goals");

bool parseWith(const QJsonValue &doc, const JsonLocator &loc, const QString &fileName, const QString &prefix,
               const PresetCatalog &catalog, Scenario &out, QList<LoadError> &errors)
{
    Parser ps{fileName, loc, errors, prefix};
    if (!doc.isObject()) {
        ps.fail(QString(),
                fileText(CT_TR("commtax::Files", "expected a JSON object, not %1"),
                         {doc.isArray() ? QStringLiteral(CT_TR("commtax::Files", "an array"))
                                        : QStringLiteral(CT_TR("commtax::Files", "a value"))}));
        return false;
    }
    const QJsonObject root = doc.toObject();
    QString badKey;
    if (const EngineText why = formatVersionProblemText(root, QStringLiteral("commtax-scenario"), kScenarioVersion, &badKey); why.pattern[0]) {
        ps.fail(badKey, why);
        return false;
    }
    for (auto it = root.constBegin(); it != root.constEnd(); ++it)
        if (!sectionKeys().contains(it.key()) && it.key() != QLatin1String("format") && it.key() != QLatin1String("version")
            && it.key() != QLatin1String("name") && it.key() != QLatin1String("name_tags")
            && it.key() != QLatin1String("goals"))
            ps.fail(it.key(), fileText(kUnknown));

    Scenario s;
    s.name = ps.stringField(root, QStringLiteral("name"), QStringLiteral("name"), QString());
    // "name_tags" (optional; files before it say the whole name in "name"): ["copy", "rented"]. A
    // tag this build does not know (a newer one) is left out of the name.
    if (root.contains(QStringLiteral("name_tags"))) {
        const QJsonValue tags = root.value(QStringLiteral("name_tags"));
        const QJsonArray list = tags.toArray();
        bool strings = tags.isArray() && list.size() <= 8;
        for (qsizetype i = 0; i < list.size(); ++i)
            strings = strings && list.at(i).isString();
        if (!strings)
            ps.fail(QStringLiteral("name_tags"),
                    fileText(CT_TR("commtax::Files", "expected a list of at most 8 name tags")));
        else
            for (qsizetype i = 0; i < list.size(); ++i)
                if (PlanNameTag tag; parsePlanNameTag(list.at(i).toString(), tag))
                    s.nameTags.append(tag);
    }
    for (Section sec : kPresetSections)
        ps.presetSection(sec, root, catalog, s);
    for (Section sec : {Section::Training, Section::Economics}) {
        const QString key = sectionKey(sec);
        const QJsonValue v = root.value(key);
        if (v.isUndefined())
            continue; // defaults
        if (!v.isObject()) {
            ps.fail(key, fileText(CT_TR("commtax::Files", "expected an object, not %1"), {jsonTypeName(v)}));
            continue;
        }
        const QJsonObject o = v.toObject();
        ps.applyFields(sec, o, {QStringLiteral("quote")}, s);
        if (sec == Section::Economics && o.contains(QStringLiteral("quote")))
            ps.quote(o.value(QStringLiteral("quote")), s.quote);
    }
    if (!s.quote.items.isEmpty()) {
        // A field the file gives itself wins over the quote's price (docs/formats.md, "Quotes").
        QStringList given;
        for (const QuoteItem &item : quoteItems()) {
            const QString path = QLatin1String(item.path);
            const qsizetype dot = path.indexOf(QLatin1Char('.'));
            if (root.value(path.left(dot)).toObject().contains(path.mid(dot + 1)))
                given << path;
        }
        applyQuote(s, given);
    }
    if (root.contains(QStringLiteral("goals"))) {
        Goals g;
        const auto fail = [&](const QString &path, const EngineText &why) { ps.fail(path, why); };
        if (parseGoals(root.value(QStringLiteral("goals")), catalog, g, fail))
            s.goals = g;
    }
    if (ps.ok())
        ps.deriveDp(root, s.plan);
    ps.finish();
    if (!ps.ok())
        return false;
    out = s;
    return true;
}

} // namespace

bool parseScenario(const QByteArray &json, const QString &fileName, const PresetCatalog &catalog, Scenario &out,
                   QList<LoadError> &errors)
{
    if (json.size() > kMaxScenarioBytes) {
        errors.append(
            fileError(fileName, 1, 1, QString(), // FILE:1:1:, as every refusal
                      fileText(CT_TR("commtax::Files", "the scenario is %1 KiB; Commtax reads at most %2 KiB"),
                               {QString::number(json.size() / 1024), QString::number(kMaxScenarioBytes / 1024)})));
        return false;
    }
    QJsonDocument doc;
    if (!parseJsonText(json, fileName, doc, errors))
        return false;
    const QJsonValue root = doc.isObject() ? QJsonValue(doc.object()) : doc.isArray() ? QJsonValue(doc.array())
                                                                                      : QJsonValue();
    return parseWith(root, JsonLocator(json), fileName, QString(), catalog, out, errors);
}

bool parseScenarioValue(const QJsonValue &v, const JsonLocator &loc, const QString &fileName, const QString &path,
                        const PresetCatalog &catalog, Scenario &out, QList<LoadError> &errors)
{
    return parseWith(v, loc, fileName, path, catalog, out, errors);
}

namespace {
// The text of a scenario file (regular files up to kMaxScenarioBytes), or a LoadError saying why not.
QString scenarioDisplayName(const QString &fileName)
{
    return fileName == QLatin1String("-") ? QStringLiteral("<stdin>") : fileName;
}

bool readScenarioText(const QString &fileName, QByteArray &json, QList<LoadError> &errors)
{
    if (fileName == QLatin1String("-")) { // standard input (the command line's "-")
        QFile in;
        if (!in.open(stdin, QIODevice::ReadOnly)) {
            errors.append(fileError(scenarioDisplayName(fileName), 0, 0, QString(),
                                    fileText(CT_TR("commtax::Files", "cannot read standard input"))));
            return false;
        }
        json = in.read(kMaxScenarioBytes + 1);
        if (json.size() > kMaxScenarioBytes) {
            errors.append(
                fileError(scenarioDisplayName(fileName), 0, 0, QString(),
                          fileText(CT_TR("commtax::Files", "standard input holds more than a scenario file may"))));
            return false;
        }
        return true;
    }
    LoadError readError;
    if (readInputFile(fileName, kMaxScenarioBytes, json, &readError))
        return true;
    errors.append(readError);
    return false;
}
} // namespace

bool loadScenarioFile(const QString &fileName, const PresetCatalog &catalog, Scenario &out, QList<LoadError> &errors)
{
    QByteArray json;
    return readScenarioText(fileName, json, errors) && parseScenario(json, scenarioDisplayName(fileName), catalog, out, errors);
}

bool loadAndValidateScenario(const QString &fileName, const PresetCatalog &catalog, Scenario &out, QList<LoadError> &errors,
                             QByteArray *text)
{
    QByteArray json;
    const bool read = readScenarioText(fileName, json, errors);
    if (text)
        *text = json;
    if (!read || !parseScenario(json, scenarioDisplayName(fileName), catalog, out, errors))
        return false;
    const std::vector<PlanError> planErrors = validate(out.plan);
    if (planErrors.empty())
        return true;
    const JsonLocator loc(json);
    for (const PlanError &e : planErrors) {
        const QString path = QString::fromStdString(e.field);
        const TextPosition pos = loc.find(path);
        errors.append(LoadError{scenarioDisplayName(fileName), pos.line, pos.column, path, QString::fromStdString(e.message), e.text});
    }
    return false;
}

namespace {
// A field's value, as the value object it was stated in while it keeps that value, with its
// uncertainty range while that holds the value.
QJsonValue withStated(const Scenario &s, const FieldInfo &f, const QJsonValue &v)
{
    const std::optional<Provenance> pr = s.statedProvenance(f.path(), v);
    const std::optional<Scenario::ValueRange> range = s.rangeFor(f.path(), v);
    if (!pr && !range)
        return v;
    QJsonObject o{{QStringLiteral("value"), v}};
    if (pr) {
        o.insert(QStringLiteral("kind"), toString(pr->kind));
        if (!pr->source.isEmpty())
            o.insert(QStringLiteral("source"), pr->source);
    }
    if (range)
        o.insert(QStringLiteral("range"), QJsonArray{range->low, range->high});
    return o;
}

// A field whose value is not its quote's price: written even where the value is the preset's,
// else the quote's price would take its place when the file is read.
bool leavesQuote(const Scenario &s, const FieldInfo &f, const QJsonValue &v)
{
    const auto price = s.quote.items.constFind(f.path());
    return price != s.quote.items.constEnd() && v != QJsonValue(*price);
}

// A value object says more than the value: written even where the value is the preset's.
bool statesMore(const Scenario &s, const FieldInfo &f, const QJsonValue &v)
{
    return s.statedProvenance(f.path(), v) || s.rangeFor(f.path(), v);
}
} // namespace

QByteArray serializeScenario(const Scenario &s, const PresetCatalog &catalog)
{
    QJsonObject root;
    root.insert(QStringLiteral("format"), QStringLiteral("commtax-scenario"));
    root.insert(QStringLiteral("version"), kScenarioVersion);
    if (!s.name.isEmpty())
        root.insert(QStringLiteral("name"), s.name);
    if (!s.nameTags.isEmpty()) {
        QJsonArray tags;
        for (PlanNameTag t : s.nameTags)
            tags.append(QLatin1String(planNameTagKey(t)));
        root.insert(QStringLiteral("name_tags"), tags);
    }
    for (Section sec : kPresetSections) {
        QJsonObject o;
        const std::optional<Preset> p = s.presetOf(sec).isEmpty() ? std::nullopt : catalog.find(sec, s.presetOf(sec));
        Plan base;
        if (p) {
            o.insert(QStringLiteral("preset"), p->id);
            p->applyTo(base);
        } else {
            const std::string &id = sec == Section::Model ? s.plan.model.id : sec == Section::Gpu ? s.plan.gpu.id
                                                                                                  : s.plan.cluster.id;
            const std::string &name = sec == Section::Model ? s.plan.model.name : sec == Section::Gpu ? s.plan.gpu.name
                                                                                                      : s.plan.cluster.name;
            o.insert(QStringLiteral("id"), QString::fromStdString(id.empty() ? std::string("custom") : id));
            o.insert(QStringLiteral("name"), QString::fromStdString(name));
        }
        for (const FieldInfo *f : fieldsOf(sec)) {
            const QJsonValue v = f->get(s.plan);
            if (!p || v != f->get(base) || statesMore(s, *f, v) || leavesQuote(s, *f, v))
                o.insert(QLatin1String(f->key), withStated(s, *f, v));
        }
        root.insert(sectionKey(sec), o);
    }
    for (Section sec : {Section::Training, Section::Economics}) {
        QJsonObject o;
        for (const FieldInfo *f : fieldsOf(sec)) {
            const QJsonValue v = f->get(s.plan);
            if (!v.isNull())
                o.insert(QLatin1String(f->key), withStated(s, *f, v));
        }
        if (sec == Section::Economics && !s.quote.isEmpty()) {
            QJsonObject q{{QStringLiteral("vendor"), s.quote.vendor}, {QStringLiteral("id"), s.quote.id}};
            if (!s.quote.date.isEmpty())
                q.insert(QStringLiteral("date"), s.quote.date);
            if (!s.quote.validUntil.isEmpty())
                q.insert(QStringLiteral("valid_until"), s.quote.validUntil);
            QJsonObject items;
            for (const QuoteItem &item : quoteItems()) {
                const auto price = s.quote.items.constFind(QLatin1String(item.path));
                if (price != s.quote.items.constEnd())
                    items.insert(QLatin1String(item.key), *price);
            }
            if (!items.isEmpty())
                q.insert(QStringLiteral("items"), items);
            o.insert(QStringLiteral("quote"), q);
        }
        root.insert(sectionKey(sec), o);
    }
    if (s.goals)
        root.insert(QStringLiteral("goals"), goalsToJson(*s.goals));
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

bool saveScenarioFile(const QString &fileName, const Scenario &s, const PresetCatalog &catalog, QString *error)
{
    return writeFileAtomically(fileName, serializeScenario(s, catalog), error);
}

} // namespace commtax
