// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The comparison the Compare hardware window shows, without the window (no widgets): the plans
// (2 to 8 columns), plan A, the normalisation, the best layouts and the goals; the comparison of
// them, recomputed on every change; the in-place edits of a column as undoable steps; the
// sensitivity sampled off the GUI thread (LatestJob: the newest comparison wins, an older run is
// cancelled and its result never delivered); and whether it differs from what was opened or saved.
// ComparisonView (comparisonview.h) shows one and turns the user's actions into its calls; the
// tests drive one without a window (test_compare_gui.cpp).

#include "latestjob.h"
#include "library/compare.h"
#include "library/comparisonfile.h"
#include "library/comparisonuncertainty.h"

#include <QObject>

#include <optional>

class QUndoStack;

namespace commtax {

class PresetLibrary;

class ComparisonDocument : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ComparisonDocument)
public:
    // Empty: no plans, layouts as given, no goals.
    explicit ComparisonDocument(QObject *parent = nullptr);
    ~ComparisonDocument() override;

    // Where the plans' presets come from (for the sensitivity and the files): the library's when
    // it is open, else the built-in ones.
    void setLibrary(PresetLibrary *library);
    PresetLibrary *library() const { return m_library; }
    PresetCatalog catalog() const;

    const QList<Scenario> &scenarios() const { return m_scenarios; }
    // Keeps the first kMaxComparedPlans; plan A goes back to the first plan.
    void setScenarios(const QList<Scenario> &plans);
    bool addScenario(const Scenario &s, QString *error = nullptr);
    // A copy of plan `index`, inserted after it and named "<name> (copy)".
    bool duplicateScenario(int index, QString *error = nullptr);
    void removeScenario(int index);
    // Replace plan `index` and recompute (what an edit, its undo and its redo do).
    void replaceScenario(int index, const Scenario &s);
    // An in-place edit of column `index` (`what`: the step's name, "Change GPU"), pushed on the
    // undo stack; edits of the same field of the same plan in a row merge into one step.
    void editScenario(int index, const Scenario &after, const QString &what);

    Normalization normalization() const { return m_normalization; }
    void setNormalization(Normalization n);
    // Best layout per GPU, combinable with the normalisation.
    BestLayout bestLayout() const { return m_bestLayout; }
    void setBestLayout(const BestLayout &best);
    int reference() const { return m_reference; }
    void setReference(int index);
    // The deadline and budget the columns are judged against (none: not judged). A change samples
    // the sensitivity again; the comparison stays.
    const std::optional<Goals> &goals() const { return m_goals; }
    void setGoals(const std::optional<Goals> &goals);

    // The comparison of the plans as they are now (names in English: shownComparison() for people).
    const Comparison &comparison() const { return m_comparison; }
    // The sensitivity of comparison(), valid once sensitivityReady() has been emitted for it.
    const ComparisonSensitivity &sensitivity() const { return m_sensitivity; }
    bool isSensitivityBusy() const { return m_sensitivityJob.isBusy(); }
    // How it is sampled (samples 0: not at all).
    const uncertainty::Options &sensitivityOptions() const { return m_sensitivityOptions; }

    // In-place edits (editScenario()) are steps here. Adding, removing or duplicating a plan, or
    // setting all of them, clears it: the steps name plans by column.
    QUndoStack *undoStack() const { return m_undo; }

    // What a saved comparison holds: plans, plan A, normalisation, layouts, goals.
    SavedComparison savedComparison() const;
    // All of `c` at once, with one recomputation; the undo steps are cleared. Not marked saved.
    void setSavedComparison(const SavedComparison &c);
    // Whether the comparison differs from what was last marked saved.
    bool isModified() const { return !(savedComparison() == m_saved); }
    void markSaved() { m_saved = savedComparison(); }
    // Saved nowhere any more (its library entry was removed): modified unless empty.
    void markUnsaved() { m_saved = SavedComparison{}; }

Q_SIGNALS:
    // The plans' list changed (count, order, names): before the comparisonChanged() that follows.
    void plansChanged();
    // The comparison was recomputed; its sensitivity is reset and being sampled.
    void comparisonChanged();
    // Around replaceScenario(): a view keeps the edited column selected and where it was.
    void aboutToReplaceScenario(int index);
    void scenarioReplaced(int index);
    void goalsChanged();
    // The sensitivity was reset (new goals) or has arrived; sensitivityReady() when it arrives.
    void sensitivityChanged();
    void sensitivityReady();

private:
    void recompute();
    void startSensitivity();

    QList<Scenario> m_scenarios;
    Normalization m_normalization = Normalization::AsGiven;
    BestLayout m_bestLayout;
    int m_reference = 0;
    std::optional<Goals> m_goals;
    Comparison m_comparison;
    PresetLibrary *m_library = nullptr;
    QUndoStack *m_undo = nullptr;
    SavedComparison m_saved;

    uncertainty::Options m_sensitivityOptions;
    ComparisonSensitivity m_sensitivity; // of m_comparison once valid
    // The newest comparison's job wins: an older one is told to stop and its result dropped.
    LatestJob<ComparisonSensitivity> m_sensitivityJob;
};

} // namespace commtax
