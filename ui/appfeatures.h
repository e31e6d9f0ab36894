// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the desktop app adds around the main window, in one place so that tests build exactly what
// users run: the preset library features (Tools > Preset manager..., Tools > Compare hardware...,
// File > Export report...), Tools > What to buy..., Tools > Calibrate from nccl-tests log... and Tools > Calibrate from
// training logs.... A calibrated preset is
// saved into the user's library (recorded as measured, with the log's file name and date) and
// applied to the current plan as one undoable step, so every figure and chart recomputes.

#include <QObject>
#include <QPointer>

class QAction;

namespace commtax {

class BuyDialog;
class CalibrationDialog;
class TrainingCalibrationDialog;
class SearchDialog;
class LibraryFeatures;
class MainWindow;
struct Preset;

class AppFeatures : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AppFeatures)
public:
    // The window owns the features. `libraryFile` empty: the default library location.
    explicit AppFeatures(MainWindow *window, const QString &libraryFile = QString());
    ~AppFeatures() override;

    LibraryFeatures *library() const { return m_library; }
    QAction *calibrateAction() const { return m_calibrate; }
    CalibrationDialog *showCalibration();
    // Tools > Calibrate from training logs (ui/calibrate/trainingcalibrationdialog.h).
    QAction *calibrateTrainingAction() const { return m_calibrateTraining; }
    TrainingCalibrationDialog *showTrainingCalibration();
    // Tools > Find best layout (Ctrl+B): the layout search of the current plan (ui/search).
    QAction *searchAction() const { return m_search; }
    SearchDialog *showSearch();
    // Tools > What to buy...: the goals and the options that meet them (ui/buy); its "Compare these"
    // opens a Compare window with the chosen options.
    QAction *whatToBuyAction() const { return m_whatToBuy; }
    BuyDialog *showWhatToBuy();

    // Save a calibrated preset and put it into the current plan; the id it was saved as, or empty.
    QString applyCalibratedPreset(const Preset &preset);

private:
    MainWindow *m_window;
    LibraryFeatures *m_library = nullptr;
    QAction *m_calibrate = nullptr;
    QPointer<CalibrationDialog> m_calibrationDialog;
    QAction *m_calibrateTraining = nullptr;
    QPointer<TrainingCalibrationDialog> m_trainingDialog;
    QAction *m_search = nullptr;
    QPointer<SearchDialog> m_searchDialog;
    QAction *m_whatToBuy = nullptr;
    QPointer<BuyDialog> m_buyDialog;
};

} // namespace commtax
