// SPDX-License-Identifier: GPL-3.0-or-later
#include "libraryfeatures.h"

#include "appsettings.h"
#include "compare/comparisonview.h"
#include "libraryui.h"
#include "mainwindow.h"
#include "presetmanagerdialog.h"
#include "report/reportexport.h"
#include "text/modeltext.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>

namespace commtax {

LibraryFeatures::LibraryFeatures(MainWindow *window, const QString &libraryFile)
    : QObject(window)
    , m_window(window)
    , m_library(openPresetLibrary(window, libraryFile))
{
    if (m_library->isOpen())
        m_window->setPresetCatalog(m_library->catalog());

    m_presetManager = new QAction(tr("&Preset manager..."), this);
    m_presetManager->setObjectName(QStringLiteral("presetManagerAction"));
    m_presetManager->setStatusTip(tr("Your GPUs, clusters, models and saved plans"));
    m_compare = new QAction(tr("&Compare hardware..."), this);
    m_compare->setObjectName(QStringLiteral("compareHardwareAction"));
    m_compare->setStatusTip(tr("This plan on H100, A100, L40S and RTX 4090 clusters side by side"));
    m_exportReport = new QAction(tr("&Export report..."), this);
    m_exportReport->setObjectName(QStringLiteral("exportReportAction"));
    m_exportReport->setStatusTip(tr("A PDF for procurement, or the comparison table as CSV or JSON"));
    m_window->toolsMenu()->addAction(m_presetManager);
    m_window->toolsMenu()->addAction(m_compare);
    m_window->addExportAction(m_exportReport);
    addComparisonFileActions();
    connect(m_presetManager, &QAction::triggered, this, [this] { showPresetManager(); });
    connect(m_compare, &QAction::triggered, this, [this] { compareHardware(); });
    connect(m_exportReport, &QAction::triggered, this, [this] { exportReport(); });
}

LibraryFeatures::~LibraryFeatures() = default;

PresetCatalog LibraryFeatures::catalog() const
{
    return m_library->isOpen() ? m_library->catalog() : PresetCatalog::builtIn();
}

PresetManagerDialog *LibraryFeatures::showPresetManager()
{
    if (!m_manager) {
        m_manager = new PresetManagerDialog(m_library.get(), m_window);
        m_manager->setAttribute(Qt::WA_DeleteOnClose);
        connect(m_manager, &PresetManagerDialog::catalogChanged, m_window, &MainWindow::setPresetCatalog);
        connect(m_manager, &PresetManagerDialog::planOpenRequested, m_window, &MainWindow::openScenario);
    }
    m_manager->setCurrentScenario(m_window->scenario());
    m_manager->show();
    m_manager->raise();
    m_manager->activateWindow();
    return m_manager;
}

QString LibraryFeatures::savePreset(const Preset &preset)
{
    QString savedAs;
    LibraryMessage error;
    if (!m_library->savePreset(preset, &savedAs, &error)) {
        QMessageBox::warning(m_window, tr("Cannot save the preset"),
                             error.isEmpty() ? tr("The preset library is not available.") : libraryMessageText(error));
        return QString();
    }
    m_window->setPresetCatalog(m_library->catalog());
    if (m_manager)
        m_manager->reloadAll();
    QMessageBox::information(m_window, tr("Preset saved"),
                             tr("Saved in your preset library as \"%1\"%2.")
                                 .arg(savedAs, savedAs == preset.id ? QString() : tr(" (a copy: \"%1\" is built in)").arg(preset.id)));
    return savedAs;
}

QList<Scenario> LibraryFeatures::currentComparison() const
{
    return hardwareComparisonFor(m_window->scenario(), catalog());
}

ComparisonView *LibraryFeatures::compareHardware()
{
    return compareScenarios(currentComparison());
}

ComparisonView *LibraryFeatures::compareScenarios(const QList<Scenario> &plans)
{
    ComparisonView *view = ComparisonView::openWindow(m_window, m_library.get(), plans);
    view->setSettings(&m_window->settings());
    view->setCurrentPlanSource([window = QPointer<MainWindow>(m_window)] { return window ? window->scenario() : Scenario{}; });
    m_comparisons.removeIf([](const QPointer<ComparisonView> &v) { return v.isNull(); });
    m_comparisons << view;
    return view;
}

void LibraryFeatures::addComparisonFileActions()
{
    // File > Open comparison... and Recent comparisons, after the plans' Open Recent.
    QMenu *file = m_window->fileMenu();
    QAction *before = nullptr;
    const QList<QAction *> actions = file->actions();
    for (qsizetype i = 0; i + 1 < actions.size(); ++i)
        if (actions[i]->menu() && actions[i]->menu()->objectName() == QLatin1String("recentMenu"))
            before = actions[i + 1];
    auto *open = new QAction(tr("Open co&mparison..."), this);
    open->setObjectName(QStringLiteral("openComparisonAction"));
    open->setStatusTip(tr("A saved comparison in a Compare hardware window"));
    connect(open, &QAction::triggered, this, [this] {
        const QString dir = m_window->settings().lastDirectory();
        const QString name = QFileDialog::getOpenFileName(m_window, tr("Open comparison"), dir,
                                                          tr("Commtax comparisons (*.json)"));
        if (!name.isEmpty())
            openComparisonFile(name);
    });
    auto *recent = new QMenu(tr("Recent compar&isons"), file);
    recent->setObjectName(QStringLiteral("recentComparisonsMenu"));
    connect(recent, &QMenu::aboutToShow, this, [this, recent] {
        recent->clear();
        const QStringList files = m_window->settings().recentComparisons();
        for (qsizetype i = 0; i < files.size(); ++i) {
            const QString &name = files[i]; // the lambda below keeps a copy
            QAction *a = recent->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(name).fileName()));
            a->setToolTip(QDir::toNativeSeparators(name));
            connect(a, &QAction::triggered, this, [this, name] { openComparisonFile(name); });
        }
        if (files.isEmpty())
            recent->addAction(tr("(none yet)"))->setEnabled(false);
    });
    file->insertAction(before, open);
    file->insertMenu(before, recent);
}

ComparisonView *LibraryFeatures::openComparisonFile(const QString &fileName, QString *error)
{
    ComparisonView *view = compareScenarios({});
    QString why;
    if (view->openComparisonFile(fileName, &why))
        return view;
    view->close(); // unchanged: closes without asking
    if (!QFileInfo::exists(fileName))
        m_window->settings().removeRecentComparison(fileName);
    if (error)
        *error = why;
    else
        QMessageBox::warning(m_window, tr("Cannot open the comparison"), why);
    return nullptr;
}

ComparisonView *LibraryFeatures::openComparison() const
{
    // The one the user looked at last: the active window if it is a comparison, else the newest.
    for (const QPointer<ComparisonView> &v : m_comparisons)
        if (v && v->isVisible() && v->isActiveWindow())
            return v;
    for (auto it = m_comparisons.crbegin(); it != m_comparisons.crend(); ++it)
        if (*it && (*it)->isVisible())
            return *it;
    return nullptr;
}

QString LibraryFeatures::exportReport(const QString &fileName)
{
    if (ComparisonView *view = openComparison())
        return view->exportReport(fileName);
    const Comparison c = comparePlans(currentComparison(), Normalization::AsGiven);
    const PresetCatalog presets = catalog();
    return fileName.isEmpty() ? exportReportInteractively(m_window, c, presets)
                              : exportReportToFile(m_window, c, presets, fileName);
}

} // namespace commtax
