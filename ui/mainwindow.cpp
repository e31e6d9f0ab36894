// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"
#include "text/modeltext.h"

#include "accuracydialog.h"
#include "appsettings.h"
#include "charts/plancharts.h"
#include "core/quote.h"
#include "core/resultio.h"
#include "editor/planeditor.h"
#include "editor/quotedialog.h"
#include "enginerunner.h"
#include "handbook.h"
#include "keyfigures.h"
#include "plandocument.h"
#include "preferencesdialog.h"
#include "screenfit.h"
#include "search/launchexportdialog.h"
#include "textpanels.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QListWidget>
#include <QMenuBar>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollArea>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QWhatsThis>

#include <algorithm>

namespace commtax {

namespace {
constexpr int kWarningsInList = 20;

// The platform's standard keys plus the usual Linux ones, for platforms whose key scheme lacks
// them (the Windows scheme has no Save As or Quit key).
QList<QKeySequence> keys(QKeySequence::StandardKey standard, const char *fallback)
{
    QList<QKeySequence> list = QKeySequence::keyBindings(standard);
    const QKeySequence extra(QString::fromLatin1(fallback));
    if (!list.contains(extra))
        list.append(extra);
    return list;
}
const QColor kErrorColor(0xb0, 0x00, 0x20);

// The banner above the key figures is always there, so that the charts never jump when it changes.
void setBanner(TextStrip *banner, const char *state, const QString &text)
{
    banner->setLook(QLatin1String(state));
    banner->setText(text);
}
} // namespace

namespace {
// The GPU lines of the charts, each named as the legend shows it: the preset's short name with its
// tags in words ("H100 SXM5 (edited)", "H100 SXM5 (measured 2026-12-02)"), so that an edited or
// measured copy is told from its original; two that still read the same add their preset's id.
std::vector<HardwareOption> shownHardwareOptions(const PresetCatalog &catalog)
{
    std::vector<HardwareOption> out = hardwareOptions(catalog);
    for (HardwareOption &o : out)
        if (const std::optional<Preset> p = catalog.find(Section::Gpu, o.gpuId))
            o.label = p->shortName() + presetNameTagsText(p->nameTags);
    for (HardwareOption &o : out) {
        const auto same = [&](const HardwareOption &q) { return q.label == o.label; };
        if (std::count_if(out.begin(), out.end(), same) > 1 && !PresetCatalog::builtIn().find(Section::Gpu, o.gpuId))
            o.label += QStringLiteral(" (%1)").arg(o.gpuId);
    }
    return out;
}
} // namespace

MainWindow::MainWindow(AppSettings &settings, QWidget *parent)
    : QMainWindow(parent)
    , m_settings(settings)
    , m_doc(new PlanDocument(this))
    , m_runner(new EngineRunner(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/commtax.svg")));
    m_hardware = shownHardwareOptions(m_doc->catalog());
    m_catalog = std::make_shared<const PresetCatalog>(m_doc->catalog());
    connect(m_doc, &PlanDocument::catalogChanged, this, [this] {
        m_catalog = std::make_shared<const PresetCatalog>(m_doc->catalog());
        scheduleAnalysis();
    });

    connect(m_runner, &EngineRunner::analysisReady, this, &MainWindow::applyAnalysis);
    connect(m_runner, &EngineRunner::uncertaintyReady, this, &MainWindow::applyUncertainty);
    connect(m_doc, &PlanDocument::scenarioChanged, this, &MainWindow::scheduleAnalysis);
    connect(m_doc, &PlanDocument::scenarioChanged, this, &MainWindow::updateTitle);
    connect(m_doc, &PlanDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_doc, &PlanDocument::fileNameChanged, this, &MainWindow::updateTitle);

    m_editor = new PlanEditor(m_doc);
    m_dock = new QDockWidget(tr("Plan"), this);
    m_dock->setObjectName(QStringLiteral("planDock"));
    // Not closable from its title bar: the close button sat beside the editor's scroll arrow and
    // was easy to hit by accident. View > Plan editor hides and shows it.
    m_dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    m_dock->setWidget(m_editor);
    m_dock->setMinimumWidth(320);
    addDockWidget(Qt::LeftDockWidgetArea, m_dock);

    buildCentral();
    buildActions();
    buildMenus();
    m_engineStatus = new TextStrip;
    m_engineStatus->setObjectName(QStringLiteral("engineStatus"));
    m_engineStatus->setMinimumWidth(120); // elided, the tooltip saying it all, on a narrow screen
    m_engineStatus->setAlignment(Qt::AlignRight);
    statusBar()->addPermanentWidget(m_engineStatus);

    // Room left for a title bar: placed at y=20 by a window manager, the whole screen's height
    // put the status bar off the screen.
    fitToScreen(this, QSize(1600, 1000));
    // The editor takes less of a small screen (a 1280x800 one at 150% is 853 pixels wide).
    resizeDocks({m_dock}, {std::clamp(width() * 3 / 10, 320, 420)}, Qt::Horizontal);
    if (!m_settings.windowGeometry().isEmpty())
        restoreGeometry(m_settings.windowGeometry());
    if (!m_settings.windowState().isEmpty())
        restoreState(m_settings.windowState());

    updateTitle();
    // The file open at exit is reopened once the event loop runs: after the features built around
    // the window (the preset library in main.cpp) have set the catalog its presets come from, and
    // not over a file opened from the command line meanwhile.
    QTimer::singleShot(0, this, [this] {
        const QString last = m_settings.lastFile();
        if (m_doc->fileName().isEmpty() && !m_doc->isModified() && m_settings.reopenLastFile() && !last.isEmpty()
            && QFileInfo::exists(last))
            openFile(last);
    });
    scheduleAnalysis();
}

MainWindow::~MainWindow() = default;

namespace {
// From this width of the charts area on, three charts and the warnings fit side by side, each
// chart wide enough for its legend in two columns (a 1920-pixel screen; 1600 has three columns).
constexpr int kWideChartArea = 1340;
// A chart narrower than this cuts its axis titles or squeezes its legend: the charts area then
// takes fewer columns, and scrolls.
constexpr int kChartColumnWidth = 300;
constexpr int kChartSpacing = 6;
} // namespace

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_chartArea && event->type() == QEvent::Resize)
        arrangeCharts();
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::arrangeCharts()
{
    const int width = m_chartArea->width();
    const int columns = width >= kWideChartArea              ? 4
        : width >= 3 * kChartColumnWidth + 2 * kChartSpacing ? 3
        : width >= 2 * kChartColumnWidth + kChartSpacing     ? 2
                                                             : 1;
    if (columns == m_chartColumns)
        return;
    m_chartColumns = columns;
    for (ChartView *c : std::as_const(m_charts))
        m_chartGrid->removeWidget(c);
    for (QWidget *w : {static_cast<QWidget *>(m_warningsBox), static_cast<QWidget *>(m_sideTabs)})
        m_chartGrid->removeWidget(w);
    while (m_sideTabs->count() > 0)
        m_sideTabs->removeTab(0);
    for (int i = 0; i < 6; ++i) {
        m_chartGrid->setColumnStretch(i, 0);
        m_chartGrid->setRowStretch(i, 0);
    }
    const int chartColumns = std::min(columns, 3);
    if (columns == 4) {
        // Six charts in two rows of three; the warnings and the plan at a glance beside them,
        // over both rows, a little narrower.
        m_warningsBox->setTitle(tr("Warnings and the plan at a glance"));
        m_warningsBox->setFlat(false);
        m_sideTabs->hide();
        for (int i = 0; i < int(m_charts.size()); ++i)
            m_chartGrid->addWidget(m_charts[i], i / 3, i % 3);
        m_sensitivity->show();
        m_chartGrid->addWidget(m_warningsBox, 0, 3, 2, 1);
        m_warningsBox->show();
        for (int c = 0; c < 3; ++c)
            m_chartGrid->setColumnStretch(c, 4);
        m_chartGrid->setColumnStretch(3, 3);
    } else {
        // The five charts in rows of three, two or one; the sensitivity chart and the warnings
        // share the last place, the tab saying how many warnings there are.
        m_warningsBox->setTitle(QString());
        m_warningsBox->setFlat(true);
        for (int i = 0; i < 5; ++i)
            m_chartGrid->addWidget(m_charts[i], i / chartColumns, i % chartColumns);
        m_sideTabs->addTab(m_sensitivity, tr("Sensitivity"));
        m_sideTabs->addTab(m_warningsBox, tr("Warnings (%1)").arg(m_warningCount));
        m_chartGrid->addWidget(m_sideTabs, 5 / chartColumns, 5 % chartColumns);
        m_sideTabs->setCurrentIndex(0);
        m_sideTabs->show();
        for (int c = 0; c < chartColumns; ++c)
            m_chartGrid->setColumnStretch(c, 1);
    }
    for (int r = 0; r < (6 + chartColumns - 1) / chartColumns; ++r)
        m_chartGrid->setRowStretch(r, 1);
    m_chartGrid->activate(); // the charts take their new places before the next paint
}

// ---------------------------------------------------------------------------------------------
// building

void MainWindow::buildCentral()
{
    // The banner, the key figures and the charts scroll together when the window is too short
    // for them (a 1280x800 screen at 150%): the window's minimum size stays that of its frame.
    auto *scroll = new QScrollArea;
    scroll->setObjectName(QStringLiteral("centralScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *central = new QWidget;
    central->setObjectName(QStringLiteral("central"));
    auto *v = new QVBoxLayout(central);
    v->setContentsMargins(6, 6, 6, 6);
    v->setSpacing(6);

    m_banner = new TextStrip;
    m_banner->setObjectName(QStringLiteral("staleBanner"));
    m_banner->setWordWrap(true);
    v->addWidget(m_banner);

    m_keyFigures = new KeyFigures;
    v->addWidget(m_keyFigures);

    m_chartArea = new QWidget;
    m_chartArea->setObjectName(QStringLiteral("chartArea"));
    m_chartGrid = new QGridLayout(m_chartArea);
    m_chartGrid->setContentsMargins(0, 0, 0, 0);
    m_chartGrid->setSpacing(kChartSpacing);
    // Each chart with its object name and its entry in the handbook (F1).
    const std::tuple<ChartView *, const char *, const char *> charts[] = {
        {new StepTimeChart, "chart_step_time", "chart-step-time"},
        {new CommTaxChart, "chart_comm_tax", "chart-comm-tax"},
        {new BubbleChart, "chart_bubble", "chart-bubble"},
        {new CostChart, "chart_cost", "chart-cost"},
        {new MemoryChart, "chart_memory", "chart-memory"},
        {new SensitivityChart, "chart_sensitivity", "chart-sensitivity"},
    };
    int i = 0;
    for (const auto &[chart, name, entry] : charts) {
        chart->setObjectName(QLatin1String(name));
        chart->setProperty("handbookEntry", QLatin1String(entry));
        chart->setWhatsThis(tr("%1. Press F1 for its entry in the handbook.").arg(chart->title()));
        chart->setMinimumWidth(220); // arrangeCharts() gives each at least kChartColumnWidth
        m_charts.append(chart);
        if (i < 5) // the sensitivity chart is drawn when the ranges come (applyUncertainty())
            connect(chart, &ChartView::redrawn, this, &MainWindow::onChartRedrawn);
        ++i;
    }
    m_sensitivity = m_charts.last();
    connect(m_sensitivity, &ChartView::redrawn, this, &MainWindow::sensitivityRedrawn);

    m_warningsBox = new QGroupBox(tr("Warnings and the plan at a glance"));
    m_warningsBox->setObjectName(QStringLiteral("warningsBox"));
    auto *wl = new QVBoxLayout(m_warningsBox);
    wl->setContentsMargins(6, 6, 6, 6);
    m_warnings = new QListWidget;
    m_warnings->setObjectName(QStringLiteral("warningsList"));
    m_warnings->setWordWrap(true);
    m_warnings->setSelectionMode(QAbstractItemView::NoSelection);
    m_warnings->setFocusPolicy(Qt::NoFocus);
    m_warnings->setSpacing(2);
    m_warnings->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    wl->addWidget(m_warnings, 1);
    m_details = new FactSheet({tr("Model"), tr("GPUs"), tr("Layout"),
                               tr("Bus bandwidth"), tr("Compute"), tr("Goodput"), tr("Money")});
    m_details->setObjectName(QStringLiteral("planDetails"));
    wl->addWidget(m_details);
    m_sideTabs = new QTabWidget;
    m_sideTabs->setObjectName(QStringLiteral("sideTabs"));
    m_sideTabs->setDocumentMode(true);
    m_sideTabs->hide();
    arrangeCharts();
    m_chartArea->installEventFilter(this);
    v->addWidget(m_chartArea, 1);
    scroll->setWidget(central);
    setCentralWidget(scroll);
}

void MainWindow::buildActions()
{
    QStyle *st = style();
    m_newAction = new QAction(st->standardIcon(QStyle::SP_FileIcon), tr("&New"), this);
    m_newAction->setShortcut(QKeySequence::New);
    m_newAction->setStatusTip(tr("Start again from the default plan"));
    connect(m_newAction, &QAction::triggered, this, [this] {
        if (maybeSave())
            newPlan();
    });
    m_openAction = new QAction(st->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open..."), this);
    m_openAction->setShortcut(QKeySequence::Open);
    connect(m_openAction, &QAction::triggered, this, [this] {
        if (!maybeSave())
            return;
        const QString file = m_fileDialog ? m_fileDialog(false)
                                          : QFileDialog::getOpenFileName(this, tr("Open scenario"),
                                                                         m_settings.lastDirectory(),
                                                                         tr("Commtax scenarios (*.json);;All files (*)"));
        if (!file.isEmpty())
            openFile(file);
    });
    m_saveAction = new QAction(st->standardIcon(QStyle::SP_DialogSaveButton), tr("&Save"), this);
    m_saveAction->setShortcut(QKeySequence::Save);
    connect(m_saveAction, &QAction::triggered, this, &MainWindow::save);
    m_saveAsAction = new QAction(tr("Save &As..."), this);
    m_saveAsAction->setShortcuts(keys(QKeySequence::SaveAs, "Ctrl+Shift+S"));
    connect(m_saveAsAction, &QAction::triggered, this, &MainWindow::saveAs);
    m_exportLaunchAction = new QAction(tr("Export &launch config..."), this);
    m_exportLaunchAction->setObjectName(QStringLiteral("exportLaunchAction"));
    m_exportLaunchAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    m_exportLaunchAction->setStatusTip(tr("Write the Megatron-LM, NeMo, DeepSpeed or torchtitan settings that run this plan's layout"));
    connect(m_exportLaunchAction, &QAction::triggered, this, &MainWindow::showLaunchExport);
    m_quitAction = new QAction(tr("&Quit"), this);
    m_quitAction->setShortcuts(keys(QKeySequence::Quit, "Ctrl+Q"));
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    m_undoAction = m_doc->undoStack()->createUndoAction(this, tr("&Undo"));
    m_undoAction->setShortcut(QKeySequence::Undo);
    m_undoAction->setIcon(st->standardIcon(QStyle::SP_ArrowBack));
    m_redoAction = m_doc->undoStack()->createRedoAction(this, tr("&Redo"));
    QList<QKeySequence> redoKeys = keys(QKeySequence::Redo, "Ctrl+Shift+Z");
    if (!redoKeys.contains(QKeySequence(QStringLiteral("Ctrl+Y"))))
        redoKeys.append(QKeySequence(QStringLiteral("Ctrl+Y")));
    m_redoAction->setShortcuts(redoKeys);
    m_redoAction->setIcon(st->standardIcon(QStyle::SP_ArrowForward));

    m_aboutAction = new QAction(tr("&About Commtax"), this);
    m_aboutAction->setObjectName(QStringLiteral("aboutAction"));
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::showAbout);

    auto *toolbar = addToolBar(tr("Main"));
    toolbar->setObjectName(QStringLiteral("mainToolBar"));
    toolbar->setMovable(false);
    toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolbar->addAction(m_newAction);
    toolbar->addAction(m_openAction);
    toolbar->addAction(m_saveAction);
    toolbar->addSeparator();
    toolbar->addAction(m_undoAction);
    toolbar->addAction(m_redoAction);
    // "Undo Choose GPU ... on ..." is for the menu; the toolbar shows the arrow, the tooltip the rest.
    for (QAction *a : {m_undoAction, m_redoAction})
        if (auto *button = qobject_cast<QToolButton *>(toolbar->widgetForAction(a)))
            button->setToolButtonStyle(Qt::ToolButtonIconOnly);
}

void MainWindow::buildMenus()
{
    m_fileMenu = menuBar()->addMenu(tr("&File"));
    m_fileMenu->setObjectName(QStringLiteral("fileMenu"));
    m_fileMenu->addAction(m_newAction);
    m_fileMenu->addAction(m_openAction);
    m_recentMenu = m_fileMenu->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_saveAction);
    m_fileMenu->addAction(m_saveAsAction);
    m_fileMenu->addAction(m_exportLaunchAction);
    // Export actions (reports...) are inserted before this separator by addExportAction().
    m_exportAnchor = m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_quitAction);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->setObjectName(QStringLiteral("editMenu"));
    edit->addAction(m_undoAction);
    edit->addAction(m_redoAction);
    edit->addSeparator();
    // economics.quote has no field in the editor: vendor, quote id, date and validity in a dialog.
    QAction *quote = edit->addAction(tr("&Quote..."), this, [this] {
        QuoteDialog dialog(m_doc, this);
        dialog.exec();
    });
    quote->setObjectName(QStringLiteral("quoteAction"));
    quote->setToolTip(tr("The vendor's quote this plan's prices come from"));
    QAction *preferences = edit->addAction(tr("Pre&ferences..."), this, [this] {
        PreferencesDialog dialog(m_settings, this);
        dialog.exec();
    });
    preferences->setObjectName(QStringLiteral("preferencesAction"));
    preferences->setMenuRole(QAction::PreferencesRole);
    preferences->setShortcut(QKeySequence::Preferences);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    QAction *toggleDock = m_dock->toggleViewAction();
    toggleDock->setText(tr("&Plan editor"));
    toggleDock->setShortcut(QKeySequence(QStringLiteral("Ctrl+1")));
    view->addAction(toggleDock);

    m_toolsMenu = menuBar()->addMenu(tr("&Tools"));
    m_toolsMenu->setObjectName(QStringLiteral("toolsMenu"));
    m_toolsMenu->menuAction()->setVisible(false);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("helpMenu"));
    // F1 opens the handbook at the entry of the field or chart that has the focus.
    QAction *handbook = help->addAction(tr("Commtax &Handbook"), this,
                                        [this] { showHandbook(this, handbookEntryOf(QApplication::focusWidget())); });
    handbook->setObjectName(QStringLiteral("handbookAction"));
    handbook->setShortcut(QKeySequence::HelpContents);
    QAction *whatsThis = QWhatsThis::createAction(this);
    whatsThis->setObjectName(QStringLiteral("whatsThisAction"));
    whatsThis->setText(tr("&What's This?"));
    help->addAction(whatsThis);
    // How far off the engine was on published runs like the current plan (docs/accuracy.md).
    QAction *accuracy = help->addAction(tr("&Model Accuracy..."), this, [this] {
        auto *d = new AccuracyDialog(scenario().plan, this);
        d->setAttribute(Qt::WA_DeleteOnClose);
        d->show();
    });
    accuracy->setObjectName(QStringLiteral("accuracyAction"));
    help->addSeparator();
    help->addAction(m_aboutAction);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

// ---------------------------------------------------------------------------------------------
// integration points

const Scenario &MainWindow::scenario() const { return m_doc->scenario(); }

const Analysis *MainWindow::latestAnalysis() const { return m_latest ? &*m_latest : nullptr; }

std::optional<Result> MainWindow::latestResult() const
{
    if (!m_latest)
        return std::nullopt;
    return m_latest->result;
}

void MainWindow::setPresetCatalog(const PresetCatalog &catalog)
{
    m_doc->setCatalog(catalog);
    m_hardware = shownHardwareOptions(catalog);
    scheduleAnalysis();
}

const PresetCatalog &MainWindow::presetCatalog() const { return m_doc->catalog(); }

QMenu *MainWindow::toolsMenu()
{
    m_toolsMenu->menuAction()->setVisible(true);
    return m_toolsMenu;
}

LaunchExportDialog *MainWindow::showLaunchExport()
{
    if (!m_launchExport) {
        m_launchExport = new LaunchExportDialog(m_doc, this);
        m_launchExport->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_launchExport->show();
    m_launchExport->raise();
    m_launchExport->activateWindow();
    return m_launchExport;
}

void MainWindow::addExportAction(QAction *action)
{
    if (!action->parent())
        action->setParent(this);
    m_fileMenu->insertAction(m_exportAnchor, action);
}

bool MainWindow::openScenario(const Scenario &scenario)
{
    if (!maybeSave())
        return false;
    m_doc->load(scenario, QString());
    return true;
}

// ---------------------------------------------------------------------------------------------
// files

void MainWindow::newPlan()
{
    m_doc->newScenario();
    statusBar()->showMessage(tr("New plan from the defaults"), 4000);
}

bool MainWindow::openFile(const QString &fileName)
{
    QList<LoadError> errors;
    if (!m_doc->open(fileName, errors)) {
        showOpenErrors(fileName, errors);
        return false;
    }
    rememberFile(fileName, tr("Opened"));
    // The ranges the file gives travel in the scenario (Scenario::ranges), which the document's
    // equality sees: a plan equal to the one before but for its ranges is analysed again.
    return true;
}

void MainWindow::rememberFile(const QString &fileName, const QString &verb)
{
    m_settings.addRecentFile(fileName);
    m_settings.setLastDirectory(QFileInfo(fileName).absolutePath());
    statusBar()->showMessage(verb + QLatin1Char(' ') + QDir::toNativeSeparators(fileName), 4000);
}

bool MainWindow::save()
{
    if (m_doc->fileName().isEmpty())
        return saveAs();
    return saveFile(m_doc->fileName());
}

bool MainWindow::saveAs()
{
    QString suggestion = m_doc->fileName();
    if (suggestion.isEmpty()) {
        QString base = m_doc->scenario().name.toLower();
        base.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
        suggestion = m_settings.lastDirectory() + QLatin1Char('/') + (base.isEmpty() ? QStringLiteral("plan") : base)
            + QStringLiteral(".json");
    }
    QString file = m_fileDialog ? m_fileDialog(true)
                                : QFileDialog::getSaveFileName(this, tr("Save scenario"), suggestion,
                                                               tr("Commtax scenarios (*.json)"));
    if (file.isEmpty())
        return false;
    if (QFileInfo(file).suffix().isEmpty())
        file += QStringLiteral(".json");
    return saveFile(file);
}

bool MainWindow::saveFile(const QString &fileName)
{
    QString error;
    if (!m_doc->save(fileName, &error)) {
        auto *box = new QMessageBox(QMessageBox::Warning, tr("Could not save"), error, QMessageBox::Ok, this);
        box->setObjectName(QStringLiteral("saveErrors"));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        return false;
    }
    rememberFile(fileName, tr("Saved"));
    return true;
}

bool MainWindow::maybeSave()
{
    if (!m_doc->isModified())
        return true;
    const QMessageBox::StandardButton answer = m_savePrompt
        ? m_savePrompt()
        : QMessageBox::question(this, tr("Unsaved changes"),
                                tr("\"%1\" has changes that are not saved. Save them first?")
                                    .arg(m_doc->scenario().name.isEmpty() ? tr("This plan")
                                                                          : m_doc->scenario().name),
                                QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::showOpenErrors(const QString &fileName, const QList<LoadError> &errors)
{
    QStringList lines;
    for (const LoadError &e : errors)
        lines << loadErrorText(e);
    // One error box at a time: the newest names the newest file.
    if (auto *previous = findChild<QMessageBox *>(QStringLiteral("openErrors"))) {
        previous->setObjectName(QString());
        previous->close();
    }
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Could not open the scenario"),
                                tr("%1 was not opened; the current plan is unchanged.")
                                    .arg(QDir::toNativeSeparators(fileName)),
                                QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("openErrors"));
    box->setInformativeText(lines.join(QLatin1Char('\n')));
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    if (!QFileInfo::exists(fileName))
        m_settings.removeRecentFile(fileName);
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = m_settings.recentFiles();
    for (qsizetype i = 0; i < files.size(); ++i) {
        const QString file = files[i];
        QAction *a = m_recentMenu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(file).fileName()));
        a->setToolTip(QDir::toNativeSeparators(file));
        a->setStatusTip(QDir::toNativeSeparators(file));
        connect(a, &QAction::triggered, this, [this, file] {
            if (maybeSave())
                openFile(file);
        });
    }
    if (files.isEmpty())
        m_recentMenu->addAction(tr("(none yet)"))->setEnabled(false);
    else {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("&Clear list"), this, [this] {
            for (const QString &f : m_settings.recentFiles())
                m_settings.removeRecentFile(f);
        });
    }
}

void MainWindow::updateTitle()
{
    const QString file = m_doc->fileName().isEmpty() ? QStringLiteral("untitled") : QFileInfo(m_doc->fileName()).fileName();
    // The name as the plan editor shows it: in the user's language, with its tags ("(copy)", "rented").
    const QString shown = m_doc->scenario().name.isEmpty() ? QString() : scenarioNameText(m_doc->scenario(), m_doc->catalog());
    const QString name = shown.isEmpty() ? QString() : shown + QStringLiteral(" - ");
    setWindowTitle(name + file + tr("[*] - Commtax"));
    setWindowModified(m_doc->isModified());
}

void MainWindow::saveWindowSettings()
{
    m_settings.setWindowGeometry(saveGeometry());
    m_settings.setWindowState(saveState());
    m_settings.setLastFile(m_doc->fileName());
    m_settings.sync();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    saveWindowSettings();
    event->accept();
}

void MainWindow::showAbout()
{
    const QString text = tr(
                             "<h3>Commtax %1</h3>"
                             "<p>Communication tax, pipeline bubble, memory and cost of training transformers on GPU clusters.</p>"
                             "<p><b>Versions</b>: Commtax %1; Qt %2 (built with %3); QCustomPlot %4.</p>"
                             "<p><b>Data sources</b></p><ul>"
                             "<li>GPU peaks (dense, per data type), memory and power: NVIDIA and AMD datasheets as tabulated in "
                             "stas00/ml-engineering and glennklockwood.com.</li>"
                             "<li>Link efficiencies: nccl-tests bus bandwidth measurements; collective latencies: NCCL's tuner "
                             "(src/graph/tuning.cc).</li>"
                             "<li>FLOPs and activation memory: Narayanan et al. 2021, Korthikanti et al. 2022; optimizer memory: "
                             "Rajbhandari et al. 2020 (ZeRO).</li>"
                             "<li>Overlap cost: Calculon; goodput: Llama 3 and MegaScale reports.</li>"
                             "<li>Prices and economics: editable assumptions, marked as such in each field's tooltip.</li></ul>"
                             "<p>Settings: %5</p>")
                             .arg(QStringLiteral(COMMTAX_VERSION), QString::fromLatin1(qVersion()),
                                  QStringLiteral(QT_VERSION_STR), QStringLiteral(QCUSTOMPLOT_VERSION_STR),
                                  QDir::toNativeSeparators(m_settings.fileName()).toHtmlEscaped());
    auto *box = new QMessageBox(QMessageBox::NoIcon, tr("About Commtax"), text, QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("aboutBox"));
    box->setInformativeText(
        tr("<p><b>Licence</b>: Commtax is free software: you can redistribute it and/or modify it under the terms of "
           "the GNU General Public License as published by the Free Software Foundation, either version 3 of the "
           "License, or (at your option) any later version (GPL-3.0-or-later). It comes with ABSOLUTELY NO "
           "WARRANTY. See <a href=\"https://www.gnu.org/licenses/gpl-3.0.html\">gnu.org/licenses/gpl-3.0</a>; on "
           "Debian, /usr/share/common-licenses/GPL-3 and /usr/share/doc/commtax/copyright.</p>"
           "<p>QCustomPlot is licensed under the GPL-3.0; Qt under the LGPL-3.0.</p>"));
    box->setIconPixmap(windowIcon().pixmap(64, 64));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

// ---------------------------------------------------------------------------------------------
// the engine

void MainWindow::scheduleAnalysis()
{
    // Edits made in one pass of the event loop (a preset that moves many fields, a burst of
    // keystrokes) become one engine request. A queued call rather than a zero timer: it runs
    // before the window repaints the editor, so the worker computes while the GUI paints.
    if (m_analysisQueued)
        return;
    m_analysisQueued = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_analysisQueued = false;
            // The ranges the plan gives (a file's, the editor's) travel in the scenario.
            m_runner->request(m_doc->scenario(), m_hardware, m_catalog);
        },
        Qt::QueuedConnection);
}

void MainWindow::setUncertaintyOptions(const uncertainty::Options &options)
{
    m_runner->setUncertaintyOptions(options);
    scheduleAnalysis();
}

void MainWindow::applyAnalysis(const Analysis &a)
{
    if (a.valid) {
        m_latest = a;
        m_stale = false;
        m_keyFigures->showResult(a.result);
        // The ranges and the tornado of this plan come after (applyUncertainty()); until then
        // none are shown, rather than an older plan's.
        m_keyFigures->setRangesPending(m_runner->uncertaintyOptions().samples > 0);
        m_keyFigures->setStale(false);
        m_editor->setErrors({});
        m_chartsRequest = a.requestId;
        m_chartsPending = int(m_charts.size()) - 1;
        for (ChartView *c : std::as_const(m_charts))
            if (c != m_sensitivity)
                c->setAnalysis(a);
        if (m_runner->uncertaintyOptions().samples > 0)
            m_sensitivity->setPending(true);
        else
            m_sensitivity->setAnalysis(a); // no ranges asked for: an empty tornado
        scheduleChartRedraw();
        const Result &r = a.result;
        // The engine's warnings and the quote's (core/quote.h), as the Warnings tab counts them.
        const int warnings = int(a.warnings.size() + quoteWarnings(a.scenario, quoteToday()).size());
        if (r.fits_in_memory)
            setBanner(m_banner, "ok",
                      tr("Valid plan: %1 GPUs, fits in memory (%2 of %3 GB usable per GPU); %n warning(s).", nullptr,
                         warnings)
                          .arg(r.gpus)
                          .arg(locale().toString(r.memory_total_gb, 'f', 1), locale().toString(r.memory_usable_gb, 'f', 1)));
        else
            setBanner(m_banner, "nofit",
                      tr("This plan does not fit in GPU memory (%1 GB needed per GPU, %2 GB usable): times "
                         "and costs below are what it would take if it did.")
                          .arg(locale().toString(r.memory_total_gb, 'f', 1), locale().toString(r.memory_usable_gb, 'f', 1)));
    } else {
        m_stale = m_latest.has_value();
        m_editor->setErrors(a.errors);
        m_keyFigures->setStale(true);
        for (ChartView *c : std::as_const(m_charts))
            c->setStale(true);
        setBanner(m_banner, "invalid",
                  tr("The plan is invalid (%n problem(s), marked in the editor). Figures and charts show the "
                     "last valid plan and are stale.",
                     nullptr, int(a.errors.size())));
    }
    showWarnings(a);
    showDetails(a);
    m_engineStatus->setText(tr("Engine: %1 ms for the plan and every sweep").arg(locale().toString(a.elapsedMs, 'f', 1)));
    Q_EMIT analysisApplied(a);
}

void MainWindow::applyUncertainty(const UncertaintyFigures &u)
{
    // The runner drops the ranges of older plans; this holds whatever the order of signals.
    if (!m_latest || u.requestId != m_latest->requestId || !u.valid)
        return;
    m_latest->uncertainty = u;
    m_keyFigures->showRanges(u);
    m_sensitivity->setAnalysis(*m_latest);
    // The step-time and cost charts draw the plan's P10-P90 as whiskers. The three in one redraw
    // and one paint of the window.
    for (ChartView *chart : {m_charts.at(0), m_charts.at(3)})
        chart->setAnalysis(*m_latest);
    scheduleChartRedraw();
    Q_EMIT uncertaintyApplied(u);
}

void MainWindow::showWarnings(const Analysis &a)
{
    // What the list should say; rebuilt only when that changes (item layout with word wrap is
    // not free, and most edits leave the warnings as they were).
    struct Line {
        QString text;
        int kind; // 0 error, 1 warning, 2 stale warning, 3 all clear
    };
    QList<Line> lines;
    for (const FieldError &e : a.errors)
        lines.append({e.path + QStringLiteral(": ") + errorText(e), 0});
    const QStringList warnings = a.valid ? warningTexts(a.result, a.scenario.plan)
                                         : (m_latest ? warningTexts(m_latest->result, m_latest->scenario.plan) : QStringList());
    for (qsizetype i = 0; i < warnings.size() && i < kWarningsInList; ++i)
        lines.append(a.valid ? Line{warnings[i], 1} : Line{tr("(last valid plan) ") + warnings[i], 2});
    // The quote's own (core/quote.h): expired, or a price the plan no longer uses; first, as they
    // hold whatever the engine says.
    const std::vector<EngineText> quoteProblems = quoteWarnings(a.scenario, quoteToday());
    for (auto it = quoteProblems.rbegin(); it != quoteProblems.rend(); ++it)
        lines.insert(a.errors.size(), Line{engineText(kQuoteTextContext, *it), 1});
    if (a.valid && warnings.isEmpty() && quoteProblems.empty())
        lines.append({tr("No warnings: comm tax, memory, layout and efficiency are within the rules of thumb."), 3});
    QStringList key;
    for (const Line &l : lines)
        key << QString::number(l.kind) + l.text;
    if (key == m_warningsShown)
        return;
    m_warningsShown = key;
    m_warningCount = int(a.errors.size() + warnings.size() + quoteProblems.size());
    if (const int tab = m_sideTabs->indexOf(m_warningsBox); tab >= 0)
        m_sideTabs->setTabText(tab, tr("Warnings (%1)").arg(m_warningCount));
    m_warnings->clear();
    const QIcon icons[] = {style()->standardIcon(QStyle::SP_MessageBoxCritical), style()->standardIcon(QStyle::SP_MessageBoxWarning),
                           style()->standardIcon(QStyle::SP_MessageBoxWarning), style()->standardIcon(QStyle::SP_DialogApplyButton)};
    for (const Line &l : lines) {
        auto *item = new QListWidgetItem(icons[l.kind], l.text, m_warnings);
        if (l.kind == 0)
            item->setForeground(kErrorColor);
        else if (l.kind == 2)
            item->setForeground(QColor(0x80, 0x80, 0x80));
    }
}

void MainWindow::showDetails(const Analysis &a)
{
    m_details->setGreyed(!a.valid); // the last valid plan's
    if (!a.valid)
        return;
    const Result &r = a.result;
    const Plan &p = a.scenario.plan;
    const auto m = [&r](MetricId id) { return metricText(id, r); };
    const auto bw = [](double gbps) {
        return gbps > 0 ? QString::number(gbps, 'f', 0) + QStringLiteral(" GB/s") : QStringLiteral("-");
    };
    if (p.model.moe())
        m_details->setValue(tr("Model"),
                            tr("%1, %2 parameters, %3 active per token")
                                .arg(QString::fromStdString(p.model.name), m(MetricId::Params),
                                     m(MetricId::ParamsActive)));
    else
        m_details->setValue(tr("Model"),
                            tr("%1, %2 parameters").arg(QString::fromStdString(p.model.name), m(MetricId::Params)));
    const QString gpu = shortGpuNameText(p, presetCatalog());
    const QString gpus = tr("%1 = %2 nodes x %3 %4").arg(r.gpus).arg(p.cluster.nodes).arg(p.cluster.gpus_per_node);
    m_details->setValue(tr("GPUs"), gpus.arg(gpu));
    m_details->setValue(tr("Layout"), QStringLiteral("tp %1, pp %2, dp %3, vpp %4, ZeRO-%5, m = %6").arg(p.training.tp).arg(p.training.pp).arg(p.training.dp).arg(p.training.vpp).arg(p.training.zero).arg(r.micro_batches) + (p.training.cp > 1 ? tr(", cp %1").arg(p.training.cp) : QString()) + (p.model.moe() ? tr(", ep %1, etp %2").arg(p.training.ep).arg(p.training.etp > 0 ? p.training.etp : p.training.tp) : QString()));
    m_details->setValue(tr("Bus bandwidth"),
                        QStringLiteral("TP %1, DP %2, PP %3").arg(bw(r.tp_busbw_gbps), bw(r.dp_busbw_gbps), bw(r.pp_bw_gbps))
                            + (r.cp_bw_gbps > 0 ? tr(", CP %1").arg(bw(r.cp_bw_gbps)) : QString())
                            + (r.ep_busbw_gbps > 0 ? tr(", EP %1").arg(bw(r.ep_busbw_gbps)) : QString()));
    if (p.training.goodput)
        m_details->setValue(tr("Goodput"), m(MetricId::Goodput));
    else
        m_details->setValue(tr("Goodput"),
                            tr("%1 auto: checkpoints %2, lost work %3, restarts %4; checkpoint every %5")
                                .arg(m(MetricId::Goodput), m(MetricId::GoodputCheckpoints),
                                     m(MetricId::GoodputLostWork), m(MetricId::GoodputRestarts),
                                     m(MetricId::CheckpointInterval)));
    m_details->setValue(tr("Compute"),
                        tr("%1 of dense peak, %2 TFLOPS/GPU")
                            .arg(m(MetricId::ComputeEfficiency))
                            .arg(locale().toString(r.tflops_per_gpu, 'f', 0)));
    m_details->setValue(tr("Money"),
                        tr("capex %1, %2/hour, %3")
                            .arg(m(MetricId::Capex), m(MetricId::CostPerHour), m(MetricId::Power)));
}

void MainWindow::scheduleChartRedraw()
{
    // One queued redraw of the charts per batch of results, then one repaint of the window.
    // (Each chart's own rpQueuedReplot is a separate zero timer, and the window repainted between
    // them: five paint passes per edit instead of one.) A chart that would look the same as it
    // does is not drawn again; it says "redrawn" all the same.
    if (m_chartRedrawQueued)
        return;
    m_chartRedrawQueued = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_chartRedrawQueued = false;
            for (ChartView *c : std::as_const(m_charts))
                c->replotIfChanged();
        },
        Qt::QueuedConnection);
}

void MainWindow::onChartRedrawn(quint64 id)
{
    if (id != m_chartsRequest || m_chartsPending <= 0)
        return;
    if (--m_chartsPending == 0) {
        Q_EMIT chartsRedrawn(id);
        // After the charts' paint (posted before this): the sampling then does not compete with
        // drawing them for the CPU.
        QMetaObject::invokeMethod(
            m_runner, [runner = m_runner, id] { runner->startUncertainty(id); }, Qt::QueuedConnection);
    }
}

} // namespace commtax
