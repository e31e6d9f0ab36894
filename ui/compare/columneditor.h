// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// In-place edits of one comparison column: the GPU preset (on its default
// cluster, as Compare hardware puts it), the GPU count (whole nodes; dp follows), and the
// economics (buy or rent, rent per GPU-hour, utilisation over the horizon). The editor only
// proposes a changed scenario; the comparison view applies it as one undoable step.

#include "core/scenario.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace commtax {

class ColumnEditor : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ColumnEditor)
public:
    explicit ColumnEditor(QWidget *parent = nullptr);

    // Show plan `index` (-1: none selected, the fields disabled) with the GPUs of `catalog`.
    void setPlan(int index, const Scenario &s, const PresetCatalog &catalog);
    int plan() const { return m_index; }

    // The scenario with one edit applied; false with a reason when it cannot be (an unknown GPU,
    // a GPU count that no whole number of nodes or no dp gives).
    static bool withGpu(Scenario &s, const QString &gpuId, const PresetCatalog &catalog, QString *error);
    static bool withGpuCount(Scenario &s, int gpus, QString *error);

Q_SIGNALS:
    // The user changed a field: `after` is the plan with the change; `what` names it for the undo
    // history ("GPU of B", ...).
    void edited(int index, const Scenario &after, const QString &what);
    void failed(const QString &error);

private:
    // The constructor's parts, in the order it calls them.
    void createPlanFields();
    void createEconomicsFields();
    void layOutFields();
    void connectSignals();
    void nameEdited(); // the name typed: the plan's new name, or back to the one it had

    void emitEdit(Scenario after, const QString &what);

    int m_index = -1;
    Scenario m_scenario;
    PresetCatalog m_catalog;
    bool m_loading = false;
    QLabel *m_title = nullptr;
    QLineEdit *m_name = nullptr;
    QComboBox *m_gpu = nullptr;
    QSpinBox *m_gpus = nullptr;
    QComboBox *m_mode = nullptr;
    QDoubleSpinBox *m_rent = nullptr;
    QDoubleSpinBox *m_utilisation = nullptr;
};

} // namespace commtax
