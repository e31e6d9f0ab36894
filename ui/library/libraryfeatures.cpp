// SPDX-License-Identifier: GPL-3.0-or-later
#include "libraryfeatures.h"

#include "compare/comparisonview.h"
#include "libraryui.h"
#include "mainwindow.h"
#include "modeltext.h"
#include "presetmanagerdialog.h"
#include "report/reportexport.h"

#include <QAction>
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
    view->setCurrentPlanSource([window = QPointer<MainWindow>(m_window)] { return window ? window->scenario() : Scenario{}; });
    m_comparisons.removeIf([](const QPointer<ComparisonView> &v) { return v.isNull(); });
    m_comparisons << view;
    return view;
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
