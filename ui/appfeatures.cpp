// SPDX-License-Identifier: GPL-3.0-or-later
#include "appfeatures.h"

#include "buy/buydialog.h"
#include "calibrate/calibrationdialog.h"
#include "calibrate/trainingcalibrationdialog.h"
#include "library/libraryfeatures.h"
#include "mainwindow.h"
#include "plandocument.h"
#include "search/searchdialog.h"

#include <QAction>
#include <QMenu>

namespace commtax {

AppFeatures::AppFeatures(MainWindow *window, const QString &libraryFile)
    : QObject(window), m_window(window)
{
    m_library = libraryFile.isEmpty() ? new LibraryFeatures(window) : new LibraryFeatures(window, libraryFile);
    m_calibrate = new QAction(tr("Ca&librate from nccl-tests log..."), this);
    m_calibrate->setObjectName(QStringLiteral("calibrateAction"));
    m_calibrate->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    m_calibrate->setStatusTip(tr("Fit the network model to a measured nccl-tests or rccl-tests log"));
    connect(m_calibrate, &QAction::triggered, this, [this] { showCalibration(); });
    window->toolsMenu()->addSeparator();
    window->toolsMenu()->addAction(m_calibrate);
    m_calibrateTraining = new QAction(tr("Calibrate from &training logs..."), this);
    m_calibrateTraining->setObjectName(QStringLiteral("calibrateTrainingAction"));
    m_calibrateTraining->setStatusTip(
        tr("Fit the GPU's compute efficiency to the step times of your own training runs"));
    connect(m_calibrateTraining, &QAction::triggered, this, [this] { showTrainingCalibration(); });
    window->toolsMenu()->addAction(m_calibrateTraining);
    m_search = new QAction(tr("Find &best layout..."), this);
    m_search->setObjectName(QStringLiteral("findBestLayoutAction"));
    m_search->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    m_search->setStatusTip(tr("Search every parallel layout of the plan for the fastest or cheapest that fits"));
    connect(m_search, &QAction::triggered, this, [this] { showSearch(); });
    window->toolsMenu()->addAction(m_search);
    m_whatToBuy = new QAction(tr("What to b&uy..."), this);
    m_whatToBuy->setObjectName(QStringLiteral("whatToBuyAction"));
    m_whatToBuy->setStatusTip(
        tr("State the deadline, budget and power, and get the GPUs, counts and modes that meet them, with the odds"));
    connect(m_whatToBuy, &QAction::triggered, this, [this] { showWhatToBuy(); });
    window->toolsMenu()->addAction(m_whatToBuy);
}

BuyDialog *AppFeatures::showWhatToBuy()
{
    if (!m_buyDialog) {
        m_buyDialog = new BuyDialog(m_window);
        m_buyDialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(m_buyDialog, &BuyDialog::compareRequested, this,
                [this](const QList<Scenario> &plans) { m_library->compareScenarios(plans); });
    }
    // The plan as it is now (a plan edited since the dialog opened starts the form afresh).
    if (!m_buyDialog->isRunning() && !(m_buyDialog->scenario() == m_window->scenario()))
        m_buyDialog->setScenario(m_window->scenario(), m_library->catalog());
    m_buyDialog->show();
    m_buyDialog->raise();
    m_buyDialog->activateWindow();
    return m_buyDialog;
}

SearchDialog *AppFeatures::showSearch()
{
    if (!m_searchDialog) {
        m_searchDialog = new SearchDialog(m_window->document(), m_window);
        m_searchDialog->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_searchDialog->show();
    m_searchDialog->raise();
    m_searchDialog->activateWindow();
    return m_searchDialog;
}

AppFeatures::~AppFeatures() = default;

CalibrationDialog *AppFeatures::showCalibration()
{
    if (!m_calibrationDialog) {
        m_calibrationDialog = new CalibrationDialog(m_window);
        m_calibrationDialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(m_calibrationDialog, &CalibrationDialog::calibratedClusterReady, this,
                &AppFeatures::applyCalibratedPreset);
        connect(m_calibrationDialog, &CalibrationDialog::calibratedGpuReady, this,
                &AppFeatures::applyCalibratedPreset);
    }
    m_calibrationDialog->setPresetCatalog(m_library->catalog());
    m_calibrationDialog->show();
    m_calibrationDialog->raise();
    m_calibrationDialog->activateWindow();
    return m_calibrationDialog;
}

TrainingCalibrationDialog *AppFeatures::showTrainingCalibration()
{
    if (!m_trainingDialog) {
        m_trainingDialog = new TrainingCalibrationDialog(m_window);
        m_trainingDialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(m_trainingDialog, &TrainingCalibrationDialog::calibratedGpuReady, this,
                &AppFeatures::applyCalibratedPreset);
    }
    m_trainingDialog->setPresetCatalog(m_library->catalog());
    m_trainingDialog->show();
    m_trainingDialog->raise();
    m_trainingDialog->activateWindow();
    return m_trainingDialog;
}

QString AppFeatures::applyCalibratedPreset(const Preset &preset)
{
    const QString id = m_library->savePreset(preset);
    if (!id.isEmpty())
        m_window->document()->applyPreset(preset.section, id);
    return id;
}

} // namespace commtax
