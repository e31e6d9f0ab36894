// SPDX-License-Identifier: GPL-3.0-or-later
#include "plandocument.h"
#include "text/modeltext.h"

#include "core/gpumove.h"
#include "core/quote.h"
#include "engine/engine.h"
#include "uncertainty/uncertainty.h"

#include <QUndoStack>

namespace commtax {

bool deriveDataParallel(Plan &plan)
{
    const long long gpus = static_cast<long long>(plan.cluster.nodes) * plan.cluster.gpus_per_node;
    std::int64_t tpPp = 0; // tp * cp * pp
    if (!modelParallelGpus(plan.training, tpPp))
        return false;
    if (gpus <= 0 || tpPp <= 0 || gpus % tpPp != 0 || gpus / tpPp > 10'000'000)
        return false;
    plan.training.dp = static_cast<int>(gpus / tpPp);
    return true;
}

namespace {
PlanState initialState()
{
    PlanState s;
    s.scenario = defaultScenario();
    s.dpFollowsGpus = true;
    return s;
}

QString valueText(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Bool: return v.toBool() ? QStringLiteral("on") : QStringLiteral("off");
    case QJsonValue::Double: return QString::number(v.toDouble(), 'g', 6);
    case QJsonValue::String: return v.toString();
    case QJsonValue::Null: return QStringLiteral("default");
    default: return QString();
    }
}
} // namespace

PlanDocument::PlanDocument(QObject *parent)
    : QObject(parent)
    , m_state(initialState())
    , m_catalog(PresetCatalog::builtIn())
    , m_undo(new QUndoStack(this))
{
    connect(m_undo, &QUndoStack::cleanChanged, this, [this](bool clean) { Q_EMIT modifiedChanged(!clean); });
}

PlanDocument::~PlanDocument() = default;

bool PlanDocument::isModified() const { return !m_undo->isClean(); }

void PlanDocument::setCatalog(const PresetCatalog &catalog)
{
    m_catalog = catalog;
    Q_EMIT catalogChanged();
}

void PlanDocument::setState(const PlanState &state)
{
    const bool scenarioDiffers = !(state.scenario == m_state.scenario);
    const bool followDiffers = state.dpFollowsGpus != m_state.dpFollowsGpus;
    m_state = state;
    if (followDiffers)
        Q_EMIT dpFollowsGpusChanged(m_state.dpFollowsGpus);
    if (scenarioDiffers)
        Q_EMIT scenarioChanged();
}

bool PlanDocument::push(PlanState next, const QString &text, const QString &mergeKey, int mergeSession)
{
    // Defect found in review: a name the user has not given ("Llama 2 70B on 256 H100 SXM5", or none)
    // follows the model, the GPU and their count; once the user names the plan, the name is theirs.
    const QString &name = m_state.scenario.name;
    if (mergeKey != QLatin1String("name") && (name.isEmpty() || name == planNameFor(m_state.scenario.plan, catalog())))
        next.scenario.name = planNameFor(next.scenario.plan, catalog());
    if (next == m_state)
        return false;
    m_undo->push(new PlanEditCommand(this, m_state, next, text, mergeKey, mergeSession));
    return true;
}

bool PlanDocument::setField(const FieldInfo &field, const QJsonValue &value, int mergeSession)
{
    if (!checkFieldValue(field, value).isEmpty())
        return false;
    PlanState next = m_state;
    field.set(next.scenario.plan, value);
    if (next.dpFollowsGpus && !(field.section == Section::Training && QLatin1String(field.key) == QLatin1String("dp")))
        deriveDataParallel(next.scenario.plan);
    QString label = fieldText(field.label);
    if (const qsizetype paren = label.indexOf(QLatin1String(" (")); paren > 0)
        label.truncate(paren);
    return push(next, tr("Set %1 to %2").arg(label, valueText(value)), field.path(), mergeSession);
}

bool PlanDocument::setName(const QString &name)
{
    PlanState next = m_state;
    next.scenario.name = name;
    next.scenario.nameTags.clear(); // the name as typed: the tags were shown in it
    return push(next, tr("Rename plan"), QStringLiteral("name"), 0);
}

bool PlanDocument::applyPreset(Section section, const QString &id)
{
    if (section == Section::Gpu)
        return moveToGpu(id);
    const std::optional<Preset> preset = m_catalog.find(section, id);
    if (!preset)
        return false;
    PlanState next = m_state;
    Plan &plan = next.scenario.plan;
    const int gpus = plan.cluster.nodes * plan.cluster.gpus_per_node;
    preset->applyTo(plan);
    next.scenario.presetOf(section) = preset->id;
    const QString text = tr("Choose %1 %2").arg(sectionName(section), preset->name);
    if (section == Section::Cluster) {
        const int perNode = plan.cluster.gpus_per_node;
        if (perNode > 0 && gpus >= perNode && gpus % perNode == 0)
            plan.cluster.nodes = gpus / perNode; // keep the GPU count
    }
    if (next.dpFollowsGpus)
        deriveDataParallel(plan);
    return push(next, text, QString(), 0);
}

bool PlanDocument::moveToGpu(const QString &id)
{
    // The GPU comes in its own server, at its own efficiency and rent price, with the GPU count
    // kept: the rule every "on another GPU" follows (moveToGpu(), core/gpumove.h).
    PlanState next = m_state;
    const std::optional<GpuInServer> moved = commtax::moveToGpu(m_catalog, next.scenario.plan, id);
    if (!moved)
        return false;
    next.scenario.gpuPreset = moved->gpu.id;
    QString text = tr("Choose %1 %2").arg(sectionName(Section::Gpu), moved->gpu.name);
    if (moved->cluster) {
        next.scenario.clusterPreset = moved->cluster->id;
        text += QStringLiteral(" on %1").arg(moved->cluster->name);
    }
    if (next.dpFollowsGpus)
        deriveDataParallel(next.scenario.plan);
    return push(next, text, QString(), 0);
}

bool PlanDocument::applyPartialPreset(const Preset &preset)
{
    PlanState next = m_state;
    preset.applyTo(next.scenario.plan);
    if (next.dpFollowsGpus)
        deriveDataParallel(next.scenario.plan);
    return push(next, tr("Choose %1 %2").arg(sectionName(preset.section), presetNameText(preset)), QString(), 0);
}

bool PlanDocument::setDpFollowsGpus(bool on)
{
    PlanState next = m_state;
    next.dpFollowsGpus = on;
    if (on)
        deriveDataParallel(next.scenario.plan);
    return push(next, on ? tr("Derive dp from the GPU count") : tr("Set dp by hand"), QString(),
                0);
}

bool PlanDocument::setRange(const FieldInfo &field, std::optional<Scenario::ValueRange> range, QString *error)
{
    PlanState next = m_state;
    QString label = fieldText(field.label);
    if (const qsizetype paren = label.indexOf(QLatin1String(" (")); paren > 0)
        label.truncate(paren);
    if (!range) {
        next.scenario.ranges.remove(field.path());
        return push(next, tr("Default range of %1").arg(label), QString(), 0);
    }
    const QJsonValue v = field.get(m_state.scenario.plan);
    const EngineText why = v.isDouble() ? uncertainty::checkRangeText(field.path().toStdString(), v.toDouble(), range->low, range->high)
                                        : EngineText{};
    if (!v.isDouble() || why.pattern[0]) {
        if (error)
            *error = v.isDouble() ? engineText(kFileTextContext, why) : tr("takes no range while it is not a number");
        return false;
    }
    next.scenario.ranges.insert(field.path(), *range);
    return push(next, tr("Set the range of %1 to %2 - %3").arg(label, valueText(range->low), valueText(range->high)), QString(), 0);
}

bool PlanDocument::setQuote(const Scenario::Quote &quote)
{
    PlanState next = m_state;
    next.scenario.quote = quote;
    applyQuote(next.scenario, {}, m_state.scenario.quote); // its prices become the plan's
    return push(next, quote.isEmpty() ? tr("Remove the quote") : tr("Set the quote %1 of %2").arg(quote.id, quote.vendor), QStringLiteral("quote"), 0);
}

void PlanDocument::newScenario()
{
    PlanState s;
    s.scenario = defaultScenario(m_catalog);
    s.dpFollowsGpus = true;
    m_undo->clear();
    setState(s);
    if (!m_fileName.isEmpty()) {
        m_fileName.clear();
        Q_EMIT fileNameChanged(m_fileName);
    }
}

void PlanDocument::load(const Scenario &scenario, const QString &fileName)
{
    PlanState s;
    s.scenario = scenario;
    Plan derived = scenario.plan;
    // Follow the GPU count only when the file's dp already does, so opening never edits the plan.
    s.dpFollowsGpus = deriveDataParallel(derived) && derived.training.dp == scenario.plan.training.dp;
    m_undo->clear();
    setState(s);
    if (m_fileName != fileName) {
        m_fileName = fileName;
        Q_EMIT fileNameChanged(m_fileName);
    }
}

bool PlanDocument::open(const QString &fileName, QList<LoadError> &errors)
{
    Scenario s;
    if (!loadAndValidateScenario(fileName, m_catalog, s, errors))
        return false;
    load(s, fileName);
    return true;
}

bool PlanDocument::save(const QString &fileName, QString *error)
{
    // Built-in presets by id, the user's own (library, calibrated) inline with every field: the
    // file opens on a machine without that library (a colleague's, `commtax evaluate`).
    if (!saveScenarioFile(fileName, m_state.scenario, PresetCatalog::builtIn(), error))
        return false;
    m_undo->setClean();
    if (m_fileName != fileName) {
        m_fileName = fileName;
        Q_EMIT fileNameChanged(m_fileName);
    }
    return true;
}

// ---------------------------------------------------------------------------------------------

PlanEditCommand::PlanEditCommand(PlanDocument *doc, PlanState before, PlanState after, const QString &text,
                                 QString mergeKey, int mergeSession)
    : QUndoCommand(text)
    , m_doc(doc)
    , m_before(std::move(before))
    , m_after(std::move(after))
    , m_mergeKey(std::move(mergeKey))
    , m_mergeSession(mergeSession)
{
}

void PlanEditCommand::undo() { m_doc->setState(m_before); }
void PlanEditCommand::redo() { m_doc->setState(m_after); }

bool PlanEditCommand::mergeWith(const QUndoCommand *other)
{
    const auto *o = static_cast<const PlanEditCommand *>(other); // same id() means same class
    if (m_mergeSession == 0 || o->m_mergeSession != m_mergeSession || o->m_mergeKey != m_mergeKey)
        return false;
    m_after = o->m_after;
    setText(o->text());
    if (m_after == m_before)
        setObsolete(true); // the drag came back to where it started
    return true;
}

} // namespace commtax
