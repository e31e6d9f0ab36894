// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Side-by-side comparison of 2 to 8 plans: the normalisation choice, plan A (the reference of
// the break-even figures), a table of every metric with the best marked, the four charts (step
// time breakdown, cost per billion tokens, days to train, TCO), the break-even charts and the
// recommendation. Starts with the default comparison (defaultComparison()).
//
// Wiring: LibraryFeatures (ui/library/libraryfeatures.h) opens it from Tools > Compare hardware...
// as openWindow(window, library, hardwareComparisonFor(window->scenario())). The view works
// without a library; with one it also offers the saved plans and loads plan files with the
// user's presets.

#include "comparisoncharts.h"
#include "latestjob.h"
#include "library/compare.h"
#include "library/comparisonfile.h"
#include "library/comparisonuncertainty.h"

#include <QWidget>

#include <atomic>
#include <functional>
#include <memory>

class QAbstractProxyModel;
class QMenu;
class QUndoStack;
class QVBoxLayout;
class QComboBox;
class QDoubleSpinBox;
class QCustomPlot;
class QLabel;
class QPushButton;
class QGridLayout;
class QScrollArea;
class QSplitter;
class QTabWidget;
class QTableView;
class QToolButton;

namespace commtax {

class AppSettings;
class ColumnEditor;
class ComparisonTableModel;
class PresetLibrary;

class ComparisonView : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ComparisonView)
public:
    explicit ComparisonView(QWidget *parent = nullptr);
    ~ComparisonView() override;

    // A top-level comparison window (deleted when closed) holding `plans`, or the default
    // comparison when `plans` is empty.
    static ComparisonView *openWindow(QWidget *parent, PresetLibrary *library, const QList<Scenario> &plans = {});

    void setLibrary(PresetLibrary *library);
    // Where "Add current plan" takes the plan from (the main window's editor); without one the
    // button is disabled.
    void setCurrentPlanSource(std::function<Scenario()> source);
    // A copy of plan `index`, inserted after it and named "<name> (copy)" (Duplicate column).
    bool duplicateScenario(int index, QString *error = nullptr);
    // Keeps the first kMaxComparedPlans; plan A goes back to the first plan.
    void setScenarios(const QList<Scenario> &plans);
    QList<Scenario> scenarios() const { return m_scenarios; }
    bool addScenario(const Scenario &s, QString *error = nullptr);
    void removeScenario(int index);
    void setNormalization(Normalization n);
    Normalization normalization() const { return m_normalization; }
    // Best layout per GPU, combinable with the normalisation; off by default.
    void setBestLayout(const BestLayout &best);
    BestLayout bestLayout() const { return m_bestLayout; }
    void setReference(int index);
    int reference() const { return m_reference; }

    const Comparison &comparison() const { return m_comparison; }
    ComparisonTableModel *tableModel() const { return m_model; }
    QCustomPlot *chart(ComparisonChart chart) const;
    // The recommendation shown under the table (the report's, word for word).
    QString findingsText() const;

    // The Sensitivity tab: ranges, win odds, the recommended plan's tornado and the
    // input break-evens, sampled on a worker thread after every change of the comparison (the
    // newest wins: an older run is cancelled, its result never shown). Valid once
    // sensitivityReady() has been emitted for the comparison shown.
    const ComparisonSensitivity &sensitivity() const { return m_sensitivity; }
    bool isSensitivityBusy() const { return m_sensitivityJob.isBusy(); }
    // In-place edits of a column (GPU, GPU count, economics) are undoable
    // steps on this stack (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y in the window). Adding, removing or
    // duplicating a plan clears it: the steps name plans by column.
    QUndoStack *undoStack() const { return m_undo; }
    // Replace plan `index` and recompute, keeping its column selected (what an edit does).
    void replaceScenario(int index, const Scenario &s);

    // Saved comparisons (library/comparisonfile.h; File > Open, Save, Save as in the window).
    // What a saved comparison holds of the window: plans, plan A, normalisation, layouts, goals.
    SavedComparison savedComparison() const;
    // Show `c` as it was saved (the undo steps are cleared); not yet marked unmodified.
    void setSavedComparison(const SavedComparison &c);
    // The deadline and budget the columns are judged against (none: not judged).
    void setGoals(const std::optional<Goals> &goals);
    const std::optional<Goals> &goals() const { return m_goals; }
    // The file the comparison was opened from or last saved to; empty for a new one.
    QString fileName() const { return m_fileName; }
    // Whether the comparison differs from what was opened, saved or first shown.
    bool isModified() const;
    // The comparison as it is now counts as saved (openWindow() calls it for the plans it opens with).
    void markSaved();
    // Where File > Open Recent keeps its list (the app's settings); without it there is no list.
    void setSettings(AppSettings *settings);

public Q_SLOTS:
    // Load a scenario file (with the library's presets when there is one) and add it.
    bool addPlanFile(const QString &fileName, QString *error = nullptr);
    // Write the report of the comparison shown (PDF, CSV or JSON by the suffix); without a file
    // name, ask for one. Returns the file written, or empty (cancelled, or the error was shown).
    // File > Export report... of the main window comes here while this window is open.
    QString exportReport(const QString &fileName = QString());
    // Replace the comparison by the one saved in `fileName` (with the library's presets when
    // there is one). False with the file's problems, FILE:LINE:COLUMN each, in `error`.
    bool openComparisonFile(const QString &fileName, QString *error = nullptr);
    // Save to `fileName`; without one to fileName(), or ask for one (Save as). False when
    // cancelled or the file could not be written (the error was shown).
    bool saveComparison(const QString &fileName = QString());
    bool saveComparisonAs();

Q_SIGNALS:
    void comparisonChanged();
    void sensitivityReady();

protected:
    void showEvent(QShowEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    // An unsaved comparison: ask before closing (Save, Discard, Cancel).
    void closeEvent(QCloseEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void recompute();
    void chooseAndAddFiles();
    void chooseAndAddSavedPlan();
    void removeSelectedPlan();
    int selectedPlan() const;
    void updatePlanButtons(); // Remove and Duplicate: enabled, and naming the selected plan
    void arrangeOverview();   // the Charts tab's columns for its width
    int twoChartColumnsWidth() const;
    void splitTableAndCharts(); // the table's and the charts' shares of the width
    void fitColumns();          // the plan of the selected column; -1 when none is selected
    void refreshReferenceChoices();
    void showFindings(); // the recommendation under the table, compact unless "Details" is on
    QWidget *makeSensitivityTab(QWidget *parent);
    void startSensitivity();
    void showSensitivity();
    void setupColumnEditor(QVBoxLayout *layout);
    void refreshColumnEditor();
    PresetCatalog catalog() const;
    QMenu *buildFileMenu();
    QWidget *makeGoalsBox(QWidget *parent);
    void goalsEdited();
    void showGoals(const std::optional<Goals> &goals); // in the Goals box, without a signal
    void chooseAndOpenComparison();
    void rebuildRecentMenu();
    void rememberFile(const QString &fileName);
    void updateTitle();
    bool maybeSave(); // false: the user cancelled

    QList<Scenario> m_scenarios;
    Normalization m_normalization = Normalization::AsGiven;
    BestLayout m_bestLayout;
    int m_reference = 0;
    Comparison m_comparison;
    PresetLibrary *m_library = nullptr;

    ComparisonTableModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QAbstractProxyModel *m_headers = nullptr; // the model the table shows: names wrapped
    bool m_fitting = false;
    QComboBox *m_normalizationBox = nullptr;
    QComboBox *m_layoutBox = nullptr; // layouts as given, or the best for time, cost or TCO
    QComboBox *m_referenceBox = nullptr;
    QPushButton *m_addSaved = nullptr;
    QPushButton *m_remove = nullptr;
    QPushButton *m_addCurrent = nullptr;
    QPushButton *m_duplicate = nullptr;
    std::function<Scenario()> m_currentPlan;
    QLabel *m_status = nullptr;
    QLabel *m_findings = nullptr;
    QToolButton *m_findingsMore = nullptr; // "Details": the findings after the decision
    QList<QCustomPlot *> m_charts;         // in kAllComparisonCharts order
    QGridLayout *m_overviewGrid = nullptr; // the Charts tab: two columns, or one when narrow
    QScrollArea *m_overviewScroll = nullptr;
    int m_overviewColumns = 2;
    QSplitter *m_split = nullptr; // the table | the charts
    bool m_splitDone = false;

    // the Sensitivity tab and its worker
    QTabWidget *m_chartTabs = nullptr;
    QLabel *m_sensitivityTable = nullptr;
    QCustomPlot *m_rangesChart = nullptr;
    QCustomPlot *m_tornadoChart = nullptr;
    QLabel *m_breakEvens = nullptr;
    uncertainty::Options m_sensitivityOptions;
    ComparisonSensitivity m_sensitivity; // of m_comparison once valid
    // The newest comparison's job wins: an older one is told to stop and its result dropped.
    LatestJob<ComparisonSensitivity> m_sensitivityJob;
    bool m_screenHooked = false;
    ColumnEditor *m_columnEditor = nullptr;
    QUndoStack *m_undo = nullptr;

    // the saved comparison
    std::optional<Goals> m_goals;
    QDoubleSpinBox *m_goalDeadline = nullptr; // the Goals box (Sensitivity tab)
    QDoubleSpinBox *m_goalCapex = nullptr;
    QDoubleSpinBox *m_goalTco = nullptr;
    QString m_fileName;
    SavedComparison m_saved; // as opened, saved or first shown: isModified() compares with it
    AppSettings *m_settings = nullptr;
    QMenu *m_recentMenu = nullptr;
    bool m_closeConfirmed = false; // the user answered Save or Discard: the next close goes through
};

} // namespace commtax
