// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The plan editor: five groups (Model, GPU, Cluster, Parallel layout, Economics), each starting
// from a preset, with one widget per field of planFields(). Every change goes to the document as
// an undoable edit; the widgets show the document, so undo and redo move them too.
//
// Object names, for tests and style sheets: "preset_<section>" (combo boxes),
// "field_<section>_<key>" (editors), "slider_<section>_<key>", "error_<section>_<key>",
// "group_<section>", "dpFollowsGpus", "scenarioName", "generalErrors"; a field's uncertainty range:
// "setRange_<section>_<key>", "defaultRange_<section>_<key>" (actions of its label) and "rangeDialog".

#include "core/analysis.h"

#include <QJsonValue>
#include <QWidget>

#include <functional>
#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QScrollArea;
class QSlider;
class QSpinBox;

namespace commtax {

class PlanDocument;

class PlanEditor : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PlanEditor)
public:
    explicit PlanEditor(PlanDocument *doc, QWidget *parent = nullptr);
    ~PlanEditor() override;

    // As wide as its fields need (it scrolls vertically only), so that the dock never cuts them.
    QSize minimumSizeHint() const override;

    // The engine's complaints about the current plan, shown next to the fields they name.
    void setErrors(const QList<FieldError> &errors);
    QStringList errorPaths() const;

    QWidget *fieldEditor(const QString &path) const;
    static QString objectNameFor(const QString &prefix, const QString &path);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Row {
        const FieldInfo *info = nullptr;
        QLabel *label = nullptr;
        QWidget *editor = nullptr;
        QWidget *field = nullptr; // the editor, or the editor with its slider
        QSlider *slider = nullptr;
        QLabel *error = nullptr;
        QJsonValue shown;
        bool edited = false; // differs from the section's preset
        bool bad = false;    // named by an engine error
    };
    struct Group {
        Section section;
        QComboBox *presets = nullptr;
        QGroupBox *box = nullptr;
        QString title;
        int edited = -1;
        QString presetKey; // what the tooltips were written for
    };

    void buildGroup(Section section, const QString &title, QLayout *into);
    QWidget *makeEditor(Row &row);
    QSpinBox *makeIntEditor(const FieldInfo &f, size_t ri);
    QDoubleSpinBox *makeDoubleEditor(const FieldInfo &f, size_t ri);
    static void describeEditor(QWidget *editor, const FieldInfo &f);
    QWidget *withSlider(Row &row, size_t ri);
    void fillPresetCombo(Group &g);
    void onPresetActivated(Group &g, int index);
    void edit(const Row &row, const QJsonValue &value);
    void showValue(Row &row, const QJsonValue &value);
    void refresh();
    void showName(const Scenario &s);
    void showRowState(Row &row, const Plan &plan);
    void refreshGroup(Group &g, const Scenario &s);
    void markEditedFields(Group &g, const std::optional<Preset> &preset, const Plan &plan);
    void refreshTooltips(Group &g);
    void colourLabel(Row &row);
    QString defaultNote(const Group &g, const FieldInfo &f) const;
    QList<FieldError> blameWhatTheUserSet(QList<FieldError> errors) const;
    static void blameNodesForBatch(QList<FieldError> &errors, const Plan &plan);
    static void blameFactorsForDp(FieldError &e, const Plan &plan);
    static QString nearestWhere(long long value, long long limit, const std::function<bool(long long)> &keep);
    // A field's uncertainty range: "Set uncertainty range..." and "Default uncertainty range" in
    // its label's context menu (actions "setRange_<section>_<key>", "defaultRange_..."; the dialog
    // "rangeDialog" with "rangeLow", "rangeHigh", "rangeError"); a given range shows in the label.
    void addRangeActions(Row &row);
    void showRange(Row &row);
    void askRange(Row &row);

    PlanDocument *m_doc;
    QScrollArea *m_scroll = nullptr;
    QLineEdit *m_name = nullptr;
    QCheckBox *m_dpFollows = nullptr;
    QLabel *m_generalErrors = nullptr;
    std::vector<Row> m_rows;
    std::vector<Group> m_groups;
    QStringList m_errorPaths;
    QList<FieldError> m_engineErrors; // as the engine gave them (before blameWhatTheUserSet())
    int m_dragSession = 0;
    int m_nextSession = 1;
};

} // namespace commtax
