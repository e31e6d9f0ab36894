// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparisondocument.h"

#include "library/presetlibrary.h"
#include "text/modeltext.h"

#include <QUndoStack>

#include <memory>

namespace commtax {

namespace {
// One in-place edit of a comparison column: the plan before and after. Steps of the same
// field of the same plan merge (a spin box held down is one step).
class EditPlanCommand : public QUndoCommand
{
public:
    EditPlanCommand(ComparisonDocument *doc, int index, const Scenario &before, const Scenario &after,
                    const QString &text)
        : QUndoCommand(text)
        , m_doc(doc)
        , m_index(index)
        , m_before(before)
        , m_after(after)
    {
    }
    void undo() override { m_doc->replaceScenario(m_index, m_before); }
    void redo() override { m_doc->replaceScenario(m_index, m_after); }
    int id() const override { return 1; }
    bool mergeWith(const QUndoCommand *other) override
    {
        const auto *o = static_cast<const EditPlanCommand *>(other);
        if (o->m_index != m_index || o->text() != text())
            return false;
        m_after = o->m_after;
        return true;
    }

private:
    ComparisonDocument *m_doc;
    int m_index;
    Scenario m_before;
    Scenario m_after;
};
} // namespace

ComparisonDocument::ComparisonDocument(QObject *parent)
    : QObject(parent)
    , m_undo(new QUndoStack(this))
{
}

// A sensitivity job still running holds only its own copies; m_sensitivityJob tells it to stop, and
// it ends in the pool.
ComparisonDocument::~ComparisonDocument() = default;

void ComparisonDocument::setLibrary(PresetLibrary *library) { m_library = library; }

PresetCatalog ComparisonDocument::catalog() const
{
    return m_library && m_library->isOpen() ? m_library->catalog() : PresetCatalog::builtIn();
}

void ComparisonDocument::setScenarios(const QList<Scenario> &plans)
{
    m_scenarios = plans.mid(0, kMaxComparedPlans);
    m_reference = 0;
    m_undo->clear();
    Q_EMIT plansChanged();
    recompute();
}

bool ComparisonDocument::addScenario(const Scenario &s, QString *error)
{
    if (m_scenarios.size() >= kMaxComparedPlans) {
        if (error)
            *error = tr("a comparison holds at most %1 plans; remove one first").arg(kMaxComparedPlans);
        return false;
    }
    m_scenarios << s;
    m_undo->clear();
    Q_EMIT plansChanged();
    recompute();
    return true;
}

bool ComparisonDocument::duplicateScenario(int index, QString *error)
{
    if (index < 0 || index >= m_scenarios.size()) {
        if (error)
            *error = tr("select the column of the plan to duplicate");
        return false;
    }
    if (m_scenarios.size() >= kMaxComparedPlans) {
        if (error)
            *error = tr("a comparison holds at most %1 plans; remove one first").arg(kMaxComparedPlans);
        return false;
    }
    Scenario copy = m_scenarios[index];
    // tagged as a copy (worded by the UI, saved as the tag); an unnamed plan's copy is named after
    // its column in the interface language, the user's name from now on
    if (copy.name.isEmpty())
        copy.name = unnamedPlanName(index, translateModelText);
    copy.nameTags.append(PlanNameTag::Copy);
    m_scenarios.insert(index + 1, copy);
    m_undo->clear();
    if (m_reference > index)
        ++m_reference;
    Q_EMIT plansChanged();
    recompute();
    return true;
}

void ComparisonDocument::removeScenario(int index)
{
    if (index < 0 || index >= m_scenarios.size())
        return;
    m_scenarios.removeAt(index);
    m_undo->clear();
    if (m_reference >= m_scenarios.size() || m_reference == index)
        m_reference = 0;
    else if (index < m_reference)
        --m_reference;
    Q_EMIT plansChanged();
    recompute();
}

void ComparisonDocument::replaceScenario(int index, const Scenario &s)
{
    if (index < 0 || index >= m_scenarios.size())
        return;
    Q_EMIT aboutToReplaceScenario(index);
    m_scenarios[index] = s;
    Q_EMIT plansChanged(); // names may have changed
    recompute();
    Q_EMIT scenarioReplaced(index);
}

void ComparisonDocument::editScenario(int index, const Scenario &after, const QString &what)
{
    if (index >= 0 && index < m_scenarios.size())
        m_undo->push(new EditPlanCommand(this, index, m_scenarios[index], after, what));
}

void ComparisonDocument::setNormalization(Normalization n)
{
    if (n == m_normalization)
        return;
    m_normalization = n;
    recompute();
}

void ComparisonDocument::setBestLayout(const BestLayout &best)
{
    if (best.enabled == m_bestLayout.enabled && (!best.enabled || best.objective == m_bestLayout.objective))
        return;
    m_bestLayout = best;
    recompute();
}

void ComparisonDocument::setReference(int index)
{
    if (index < 0 || index >= m_scenarios.size() || index == m_reference)
        return;
    m_reference = index;
    recompute();
}

void ComparisonDocument::setGoals(const std::optional<Goals> &goals)
{
    if (goals == m_goals)
        return;
    m_goals = goals;
    // The comparison stays: only the odds are sampled again.
    m_sensitivity = ComparisonSensitivity{};
    Q_EMIT sensitivityChanged();
    startSensitivity();
    Q_EMIT goalsChanged();
}

SavedComparison ComparisonDocument::savedComparison() const
{
    SavedComparison c;
    c.plans = m_scenarios;
    c.reference = m_reference;
    c.normalization = m_normalization;
    c.bestLayout = m_bestLayout;
    c.goals = m_goals;
    return c;
}

void ComparisonDocument::setSavedComparison(const SavedComparison &c)
{
    // One recomputation for the whole change, not one per setting.
    m_goals = c.goals;
    m_normalization = c.normalization;
    m_bestLayout = c.bestLayout;
    m_scenarios = c.plans.mid(0, kMaxComparedPlans);
    m_reference = c.reference >= 0 && c.reference < m_scenarios.size() ? c.reference : 0;
    m_undo->clear();
    Q_EMIT goalsChanged();
    Q_EMIT plansChanged();
    recompute();
}

void ComparisonDocument::recompute()
{
    m_comparison = comparePlans(m_scenarios, m_normalization, m_bestLayout, m_reference);
    // The sensitivity of this comparison comes after, from a worker.
    m_sensitivity = ComparisonSensitivity{};
    startSensitivity();
    Q_EMIT comparisonChanged();
}

void ComparisonDocument::startSensitivity()
{
    m_sensitivityJob.invalidate(); // an older comparison's result is stale from now on
    if (m_sensitivityOptions.samples <= 0 || m_comparison.plans.isEmpty())
        return;
    auto shared = std::make_shared<const PresetCatalog>(catalog());
    auto work = [c = m_comparison, shared, options = m_sensitivityOptions,
                 goals = m_goals](const std::atomic<bool> *cancel) {
        ComparisonSensitivity s = comparisonSensitivity(c, *shared, options, cancel);
        if (goals && s.valid && !cancel->load(std::memory_order_relaxed))
            addGoalOdds(s, c, *goals, *shared);
        return s;
    };
    m_sensitivityJob.start(std::move(work), [this](ComparisonSensitivity s) {
        if (!s.valid)
            return;
        m_sensitivity = std::move(s);
        Q_EMIT sensitivityChanged();
        Q_EMIT sensitivityReady();
    });
}

} // namespace commtax
