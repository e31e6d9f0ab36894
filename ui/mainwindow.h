// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Commtax main window: the plan editor (dock), key figures, warnings and five live charts.
// Edits go to a PlanDocument (undoable); a debounced request goes to the EngineRunner off the GUI
// thread; the newest analysis comes back as a value and is drawn once per batch of edits.
//
// Integration points for the feature folders (keep this list short and stable):
//   - scenario(), latestAnalysis(), latestResult(), isResultStale(): the current plan and the
//     newest evaluation of a valid plan (stale when the current plan is invalid).
//   - analysisApplied(a): emitted after each analysis reached the window.
//   - setPresetCatalog(c): the presets the editor's combo boxes offer and scenario files resolve
//     against (built-in + user library). The current plan is kept.
//   - toolsMenu(): the "Tools" menu (hidden until first asked for), e.g. "Calibrate from
//     nccl-tests log...", "Preset manager...", "Compare hardware...".
//   - addExportAction(a): adds an action to File, in the export section after "Save As...",
//     e.g. "Export report...".
//   - openScenario(s): show a scenario as a new, unsaved plan (asks before dropping edits).
//   - document(): the PlanDocument for anything else (undo stack, file name, edits).

#include "core/analysis.h"

#include <QMainWindow>
#include <QMessageBox>
#include <QPointer>

#include <functional>
#include <memory>
#include <optional>

class QAction;
class QGridLayout;
class QGroupBox;
class QTabWidget;
class QDockWidget;
class QListWidget;
class QMenu;

namespace commtax {

class AppSettings;
class ChartView;
class EngineRunner;
class FactSheet;
class TextStrip;
class KeyFigures;
class LaunchExportDialog;
class PlanDocument;
class PlanEditor;

class MainWindow : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)
public:
    // `settings` must outlive the window. Restores geometry and docks, and the last file once the
    // event loop runs (after the preset library has set the catalog).
    explicit MainWindow(AppSettings &settings, QWidget *parent = nullptr);
    ~MainWindow() override;

    // ---- integration points (see the top of this file)
    const Scenario &scenario() const;
    const Analysis *latestAnalysis() const; // nullptr before the first valid plan
    std::optional<Result> latestResult() const;
    bool isResultStale() const { return m_stale; }
    PlanDocument *document() const { return m_doc; }
    void setPresetCatalog(const PresetCatalog &catalog);
    const PresetCatalog &presetCatalog() const;
    QMenu *toolsMenu();
    QMenu *fileMenu() const { return m_fileMenu; }
    AppSettings &settings() const { return m_settings; }
    void addExportAction(QAction *action);
    // File > Export launch config (Ctrl+Shift+E): the dialog, opened or brought to the front.
    LaunchExportDialog *showLaunchExport();
    bool openScenario(const Scenario &scenario);

    // ---- file operations behind the menus
    void newPlan();
    bool openFile(const QString &fileName); // errors go to a non-blocking dialog named "openErrors"
    bool save();                            // Save As when the plan has no file yet
    bool saveAs();
    bool saveFile(const QString &fileName);
    // Asks to save a modified plan; true when it is fine to drop it.
    bool maybeSave();
    // The question maybeSave() asks (Save, Discard or Cancel). Tests replace the dialog.
    using SavePrompt = std::function<QMessageBox::StandardButton()>;
    void setSavePrompt(SavePrompt prompt) { m_savePrompt = std::move(prompt); }
    using FileDialog = std::function<QString(bool save)>; // returns a path or empty
    void setFileDialog(FileDialog dialog) { m_fileDialog = std::move(dialog); }

    QList<ChartView *> charts() const { return m_charts; }
    // The sampling behind the key figures' ranges and the sensitivity chart (0 samples: none),
    // e.g. for a benchmark of what they cost. Takes effect with the next evaluation.
    void setUncertaintyOptions(const uncertainty::Options &options);

Q_SIGNALS:
    void analysisApplied(const commtax::Analysis &analysis);
    // Every chart has drawn the analysis of this request (after its queued replot).
    void chartsRedrawn(quint64 requestId);
    // The ranges and tornados of the plan of this request are on the key figures; the
    // sensitivity chart has drawn them after its replot (sensitivityRedrawn). They come after
    // analysisApplied() and chartsRedrawn() of the same request, and never for an older plan.
    void uncertaintyApplied(const commtax::UncertaintyFigures &figures);
    void sensitivityRedrawn(quint64 requestId);

protected:
    void closeEvent(QCloseEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void buildActions();
    void buildMenus();
    void buildCentral();
    void scheduleAnalysis();
    void applyAnalysis(const Analysis &a);
    void applyUncertainty(const UncertaintyFigures &u);
    // Four columns (three of charts, the warnings) when the charts area is wide; three, two or
    // one as it narrows, the sensitivity chart and the warnings then sharing a tab widget (the
    // charts area scrolls when the rows do not fit its height).
    void arrangeCharts();
    void showWarnings(const Analysis &a);
    void showDetails(const Analysis &a);
    void scheduleChartRedraw();
    void onChartRedrawn(quint64 id);
    void updateTitle();
    void rebuildRecentMenu();
    void rememberFile(const QString &fileName, const QString &verb);
    void showOpenErrors(const QString &fileName, const QList<LoadError> &errors);
    void showAbout();
    void saveWindowSettings();

    AppSettings &m_settings;
    PlanDocument *m_doc = nullptr;
    EngineRunner *m_runner = nullptr;
    PlanEditor *m_editor = nullptr;
    KeyFigures *m_keyFigures = nullptr;
    TextStrip *m_banner = nullptr;
    QListWidget *m_warnings = nullptr;
    FactSheet *m_details = nullptr; // the plan at a glance
    QStringList m_warningsShown;
    TextStrip *m_engineStatus = nullptr;
    QList<ChartView *> m_charts;
    ChartView *m_sensitivity = nullptr; // drawn when the ranges arrive, not with the point figures
    QGridLayout *m_chartGrid = nullptr;
    QWidget *m_chartArea = nullptr;
    QGroupBox *m_warningsBox = nullptr;
    QTabWidget *m_sideTabs = nullptr; // narrow layout: sensitivity | warnings
    int m_chartColumns = 0;           // 4: three charts and the warnings; 3, 2, 1: charts, the tabs last
    int m_warningCount = 0;
    bool m_analysisQueued = false;
    std::vector<HardwareOption> m_hardware;
    std::shared_ptr<const PresetCatalog> m_catalog; // the document's, shared with the engine's jobs

    std::optional<Analysis> m_latest;
    bool m_stale = false;
    quint64 m_chartsRequest = 0;
    int m_chartsPending = 0;
    bool m_chartRedrawQueued = false;

    QMenu *m_fileMenu = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_toolsMenu = nullptr;
    QAction *m_newAction = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_saveAction = nullptr;
    QAction *m_saveAsAction = nullptr;
    QAction *m_quitAction = nullptr;
    QAction *m_undoAction = nullptr;
    QAction *m_redoAction = nullptr;
    QAction *m_aboutAction = nullptr;
    QAction *m_exportAnchor = nullptr;
    QAction *m_exportLaunchAction = nullptr;
    QPointer<LaunchExportDialog> m_launchExport;
    QDockWidget *m_dock = nullptr;

    SavePrompt m_savePrompt;
    FileDialog m_fileDialog;
};

} // namespace commtax
