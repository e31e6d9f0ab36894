// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Calibration from training logs (Tools > Calibrate from training logs...): add logs, choose the
// GPU preset (the guess from the logs' device names preselected), give what the logs do not print
// (a table of those cells, editable and marked until filled: never guessed), see each log's plan and
// its measured, predicted and calibrated step time, in the table and on a predicted-against-measured
// scatter (before and after the fit), and save the fitted GPU preset. The reading, the plan and the
// fit are model/traininglog's, as for `commtax calibrate --training`.

#include "core/presets.h"
#include "traininglog/trainingcalibration.h"

#include <QDialog>

#include <optional>
#include <vector>

class QComboBox;
class QCustomPlot;
class QFormLayout;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSplitter;
class QTableWidget;
class QTableWidgetItem;

namespace commtax {

class TrainingCalibrationDialog : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TrainingCalibrationDialog)

public:
    explicit TrainingCalibrationDialog(QWidget *parent = nullptr);
    ~TrainingCalibrationDialog() override;

    void setPresetCatalog(const PresetCatalog &catalog);
    // Read the files and refit; problems are shown in the table, never thrown.
    void addLogs(const QStringList &files);
    void clearLogs();
    const std::optional<FactorFit> &fit() const { return m_fit; }

signals:
    // The measured GPU preset, to save into the library and apply to the plan.
    void calibratedGpuReady(const commtax::Preset &preset);

private:
    struct Log;
    // The constructor's parts, in the order it calls them.
    QHBoxLayout *buildLogButtons();
    QFormLayout *buildForm();
    void createTables();
    void buildPlot();
    QSplitter *arrangeTablesAndPlot();
    void connectSignals();
    void missingValueEdited(QTableWidgetItem *item);

    void refit();
    static QMap<QString, QString> valuesForLog(const QMap<QString, QString> &all, const Log &l, int number);
    void fitLogs(const QMap<QString, QString> &all, const std::optional<Preset> &gpu, std::vector<int> &fitted,
                 std::vector<double> &measured);
    void setLogCell(int row, int column, const QString &text, bool marked = false);
    void showLogRow(std::size_t i, const std::vector<int> &fitted, const std::vector<double> &measured);
    void markMissingValues();
    QString fitText(const QStringList &bad, const std::optional<Preset> &gpu) const;
    void rebuildMissing();
    void drawScatter(const std::vector<int> &fitted, const std::vector<double> &measured);
    void savePreset();
    QMap<QString, QString> values(QStringList *bad) const;

    PresetCatalog m_catalog;
    std::vector<Log> m_logs;
    std::optional<FactorFit> m_fit;
    bool m_gpuChosenByUser = false;
    QComboBox *m_gpuCombo = nullptr;
    QLineEdit *m_values = nullptr;
    QTableWidget *m_table = nullptr;
    QTableWidget *m_missing = nullptr; // log, field, value: what the logs do not print
    QCustomPlot *m_plot = nullptr;
    QLabel *m_fitLabel = nullptr;
    bool m_rebuilding = false;
    QPushButton *m_save = nullptr;
};

} // namespace commtax
