// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Side-by-side comparison of 2 to 8 plans: the normalisation choice, plan A (the reference of
// the break-even figures), a table of every metric with the best marked, the four charts (step
// time breakdown, cost per billion tokens, days to train, TCO), the break-even charts and the
// recommendation. Starts with the default comparison (defaultComparison()). The comparison itself
// (plans, settings, undo steps, the sensitivity's worker) is a ComparisonDocument
// (comparisondocument.h) the view shows; the view's setters forward to it.
//
// Wiring: LibraryFeatures (ui/library/libraryfeatures.h) opens it from Tools > Compare hardware...
// as openWindow(window, library, hardwareComparisonFor(window->scenario())). The view works
// without a library; with one it also offers the saved plans and loads plan files with the
// user's presets.

#include "comparisoncharts.h"
#include "comparisondocument.h"

#include <QWidget>

#include <functional>

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
class QHBoxLayout;
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
    bool duplicateScenario(int index, QString *error = nullptr) { return m_doc->duplicateScenario(index, error); }
    // Keeps the first kMaxComparedPlans; plan A goes back to the first plan.
    void setScenarios(const QList<Scenario> &plans) { m_doc->setScenarios(plans); }
    QList<Scenario> scenarios() const { return m_doc->scenarios(); }
    bool addScenario(const Scenario &s, QString *error = nullptr) { return m_doc->addScenario(s, error); }
    void removeScenario(int index) { m_doc->removeScenario(index); }
    void setNormalization(Normalization n) { m_doc->setNormalization(n); }
    Normalization normalization() const { return m_doc->normalization(); }
    // Best layout per GPU, combinable with the normalisation; the best for time at first.
    void setBestLayout(const BestLayout &best) { m_doc->setBestLayout(best); }
    BestLayout bestLayout() const { return m_doc->bestLayout(); }
    void setReference(int index) { m_doc->setReference(index); }
    int reference() const { return m_doc->reference(); }

    ComparisonDocument *document() const { return m_doc; }
    const Comparison &comparison() const { return m_doc->comparison(); }
    ComparisonTableModel *tableModel() const { return m_model; }
    ComparisonChartView *chart(ComparisonChart chart) const;
    // The recommendation shown under the table (the report's, word for word).
    QString findingsText() const;

    // The Sensitivity tab: ranges, win odds, the recommended plan's tornado and the
    // input break-evens, sampled on a worker thread after every change of the comparison (the
    // newest wins: an older run is cancelled, its result never shown). Valid once
    // sensitivityReady() has been emitted for the comparison shown.
    const ComparisonSensitivity &sensitivity() const { return m_doc->sensitivity(); }
    bool isSensitivityBusy() const { return m_doc->isSensitivityBusy(); }
    // In-place edits of a column (GPU, GPU count, economics) are undoable
    // steps on this stack (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y in the window). Adding, removing or
    // duplicating a plan clears it: the steps name plans by column.
    QUndoStack *undoStack() const { return m_doc->undoStack(); }
    // Replace plan `index` and recompute, keeping its column selected (what an edit does).
    void replaceScenario(int index, const Scenario &s) { m_doc->replaceScenario(index, s); }

    // Saved comparisons (library/comparisonfile.h; File > Open, Save, Save as in the window).
    // What a saved comparison holds of the window: plans, plan A, normalisation, layouts, goals.
    SavedComparison savedComparison() const { return m_doc->savedComparison(); }
    // Show `c` as it was saved (the undo steps are cleared); not yet marked unmodified.
    void setSavedComparison(const SavedComparison &c) { m_doc->setSavedComparison(c); }
    // The deadline and budget the columns are judged against (none: not judged).
    void setGoals(const std::optional<Goals> &goals);
    const std::optional<Goals> &goals() const { return m_doc->goals(); }
    // The file the comparison was opened from or last saved to; empty for a new one.
    QString fileName() const { return m_fileName; }
    // The name in the preset library it was opened from or last saved to (File > Save to library);
    // then it has no file, and Save writes it to the library again under that name.
    QString libraryName() const { return m_libraryName; }
    // Whether the comparison differs from what was opened, saved or first shown.
    bool isModified() const { return m_doc->isModified(); }
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
    // Save into the preset library under `name` (replacing one of that name) and mark it saved.
    // False when there is no library or it refused (the error was shown).
    bool saveToLibrary(const QString &name);
    // Replace the comparison by the one saved in the library as `name`. False with its problems,
    // placed in the library, in `error`; nothing is replaced.
    bool openFromLibrary(const QString &name, QString *error = nullptr);

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
    // The constructor's parts, in the order it calls them.
    void createChoiceBoxes();
    QHBoxLayout *buildButtonRow();
    QHBoxLayout *buildChoiceRow();
    void buildTable();
    QTabWidget *buildChartTabs();
    QHBoxLayout *buildStatusAndFindings();
    void connectChoices();
    void connectPlanButtons();
    void connectDocument();
    void startDefaultComparison();
    void showComparison(); // the document's comparison in the table, the charts and the findings
    void syncChoices();    // the normalisation, layout and plan A boxes as the document has them
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
    void showSensitivity();
    void setupColumnEditor(QVBoxLayout *layout);
    void refreshColumnEditor();
    PresetCatalog catalog() const { return m_doc->catalog(); }
    QMenu *buildFileMenu();
    QWidget *makeGoalsBox(QWidget *parent);
    void goalsEdited();
    void showGoals(const std::optional<Goals> &goals); // in the Goals box, without a signal
    void chooseAndOpenComparison();
    void rebuildRecentMenu();
    void askAndSaveToLibrary(); // File > Save to library...: asks the name (window-modal)
    void rebuildLibraryMenu();  // File > Open from library: newest first, and Remove
    void removeFromLibrary(const QString &name);
    void rememberFile(const QString &fileName);
    void updateTitle();
    bool maybeSave(); // false: the user cancelled

    ComparisonDocument *m_doc = nullptr;
    PresetLibrary *m_library = nullptr; // the document's too
    int m_scrolledBeforeReplace = 0;    // the table's scroll bar before an edit replaced a plan

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
    QList<ComparisonChartView *> m_charts; // in kAllComparisonCharts order
    QGridLayout *m_overviewGrid = nullptr; // the Charts tab: two columns, or one when narrow
    QScrollArea *m_overviewScroll = nullptr;
    int m_overviewColumns = 2;
    QSplitter *m_split = nullptr; // the table | the charts
    bool m_splitDone = false;

    // the Sensitivity tab and its worker
    QTabWidget *m_chartTabs = nullptr;
    QLabel *m_sensitivityTable = nullptr;
    ComparisonChartView *m_rangesChart = nullptr;
    RecommendedTornadoChart *m_tornadoChart = nullptr;
    QLabel *m_breakEvens = nullptr;
    bool m_screenHooked = false;
    ColumnEditor *m_columnEditor = nullptr;

    // the saved comparison
    QDoubleSpinBox *m_goalDeadline = nullptr; // the Goals box (Sensitivity tab)
    QDoubleSpinBox *m_goalCapex = nullptr;
    QDoubleSpinBox *m_goalTco = nullptr;
    QString m_fileName;
    AppSettings *m_settings = nullptr;
    QMenu *m_recentMenu = nullptr;
    QString m_libraryName;
    QMenu *m_libraryMenu = nullptr;
    bool m_closeConfirmed = false; // the user answered Save or Discard: the next close goes through
};

} // namespace commtax
