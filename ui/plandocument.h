// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The plan being edited: a Scenario, the file it came from, and its undo history. Every edit the
// user makes goes through an undoable command; loading or starting a new plan resets the history.

#include "core/presets.h"
#include "core/scenario.h"

#include <QObject>
#include <QUndoCommand>

class QUndoStack;

namespace commtax {

// Everything an undo step restores.
struct PlanState {
    Scenario scenario;
    bool dpFollowsGpus = true; // dp = GPUs / (tp * pp) after every edit
    friend bool operator==(const PlanState &a, const PlanState &b)
    {
        return a.dpFollowsGpus == b.dpFollowsGpus && a.scenario == b.scenario;
    }
};

// dp that makes tp*pp*dp equal the cluster's GPUs; false (plan untouched) when none does.
bool deriveDataParallel(Plan &plan);

class PlanDocument : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PlanDocument)
public:
    explicit PlanDocument(QObject *parent = nullptr);
    ~PlanDocument() override;

    const Scenario &scenario() const { return m_state.scenario; }
    const PlanState &state() const { return m_state; }
    bool dpFollowsGpus() const { return m_state.dpFollowsGpus; }
    QUndoStack *undoStack() const { return m_undo; }
    QString fileName() const { return m_fileName; }
    bool isModified() const;

    // The presets that applyPreset() and the scenario files resolve ids against.
    const PresetCatalog &catalog() const { return m_catalog; }
    void setCatalog(const PresetCatalog &catalog);

    // Undoable edits. Each returns false, records nothing and emits nothing when the plan would
    // not change. Edits with the same non-zero `mergeSession` on the same field (one slider drag)
    // become one undo step.
    bool setField(const FieldInfo &field, const QJsonValue &value, int mergeSession = 0);
    // The name; until the user gives one (setName()), a plan's name follows its model, GPU and
    // GPU count (planNameFor()).
    bool setName(const QString &name);
    // Model, GPU and cluster presets come from the catalog; a GPU preset moves the plan to that GPU
    // (moveToGpu() in core/gpumove.h: its default cluster, its own efficiency and rent price, the GPU
    // count kept where the new nodes can hold it), a cluster preset keeps the GPU count when its
    // nodes can hold it. Training and economics presets (partial: only the fields they set) come
    // from `presets`.
    bool applyPreset(Section section, const QString &id);
    bool applyPartialPreset(const Preset &preset);
    bool setDpFollowsGpus(bool on);
    // The uncertainty range of field `path` (Scenario::ranges; docs/handbook.md, "Uncertainty
    // and sensitivity"), or back to its kind's default range with none. False, nothing recorded, when
    // the range does not hold the field's value within its limits (uncertainty::checkRange(); the
    // reason in `error`) or nothing changes.
    bool setRange(const FieldInfo &field, std::optional<Scenario::ValueRange> range, QString *error = nullptr);
    // The vendor's quote the prices come from (economics.quote; Edit > Quote...); an empty quote
    // removes it. Its items set their fields, with the quote as their source (core/quote.h
    // applyQuote()); a field the old quote priced and this one does not keeps its value but no
    // longer names the old quote. The caller checks it first (QuoteDialog::check()).
    bool setQuote(const Scenario::Quote &quote);

    // Whole-document operations: not undoable, they clear the history.
    void newScenario();
    void load(const Scenario &scenario, const QString &fileName);
    // Parse and validate; on failure `errors` say file:line:column: path: message and the
    // document is unchanged.
    bool open(const QString &fileName, QList<LoadError> &errors);
    // Atomic write (QSaveFile); on success the document takes the name and is clean.
    bool save(const QString &fileName, QString *error);

Q_SIGNALS:
    void scenarioChanged(); // only when the plan or its name really changed
    void dpFollowsGpusChanged(bool on);
    void fileNameChanged(const QString &fileName);
    void modifiedChanged(bool modified);
    void catalogChanged();

private:
    friend class PlanEditCommand;
    bool moveToGpu(const QString &id);
    void setState(const PlanState &state);
    bool push(PlanState next, const QString &text, const QString &mergeKey, int mergeSession);

    PlanState m_state;
    PresetCatalog m_catalog;
    QString m_fileName;
    QUndoStack *m_undo = nullptr;
};

// One undo step: the state before and after. SetField commands of the same field and the same
// non-zero merge session (a slider drag) merge into one step.
class PlanEditCommand : public QUndoCommand
{
public:
    static constexpr int kCommandId = 0x436d7478; // "Cmtx"
    PlanEditCommand(PlanDocument *doc, PlanState before, PlanState after, const QString &text, QString mergeKey,
                    int mergeSession);
    void undo() override;
    void redo() override;
    int id() const override { return m_mergeSession != 0 ? kCommandId : -1; }
    bool mergeWith(const QUndoCommand *other) override;

private:
    PlanDocument *m_doc;
    PlanState m_before;
    PlanState m_after;
    QString m_mergeKey; // the field path, e.g. "training.dp_overlap"
    int m_mergeSession;
};

} // namespace commtax
