// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Calibration from an nccl-tests log: open a file or paste the output, see busbw against size
// (measured, the model on a cluster preset, the alpha-beta fit), the rows and the warnings, then
// carry the fitted link figures into a preset recorded as measured.
//
// Wiring (main window): create it with the window as parent, give it the catalog that holds the
// user's presets too (setPresetCatalog), show() it, and connect calibratedClusterReady (a log
// across nodes: a cluster preset with nic_efficiency / nic_latency_us measured) and
// calibratedGpuReady (a log inside one node: a GPU preset with intra_efficiency /
// intra_latency_us measured) to the slot that saves a preset into the library.

#include "nccl/calibrationio.h"

#include <QDialog>

#include <optional>

class QComboBox;
class QDialogButtonBox;
class QHBoxLayout;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QSplitter;
class QTabWidget;
class QTableView;
class QTimer;
class QCustomPlot;

namespace commtax {

class CalibrationRowsModel;

class CalibrationDialog : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CalibrationDialog)
public:
    explicit CalibrationDialog(QWidget *parent = nullptr);
    ~CalibrationDialog() override;

    // The presets offered for comparison (default: the built-in catalog).
    void setPresetCatalog(const PresetCatalog &catalog);

    // What "Open log..." does once a file is chosen. False (and the reason shown) on failure.
    bool openLogFile(const QString &fileName);

    // The current calibration, when the text parsed.
    const nccl::Calibration *calibration() const { return m_calibration ? &*m_calibration : nullptr; }
    // The reason the text could not be used (empty when it could).
    QString errorText() const { return m_error; }
    QCustomPlot *plot() const { return m_plot; }

Q_SIGNALS:
    // A copy of the chosen cluster preset with the measured network figures.
    void calibratedClusterReady(const commtax::Preset &preset);
    // A copy of the GPU preset with the measured intra-node figures.
    void calibratedGpuReady(const commtax::Preset &preset);

private:
    // The constructor's parts, in the order it calls them.
    QHBoxLayout *buildSourceRow();
    void createLogText();
    QHBoxLayout *buildControls();
    void createMessageLabels();
    void buildPlot();
    void createDetails();
    QSplitter *arrangeChartAndDetails();
    QDialogButtonBox *buildButtons();
    void connectSignals(QDialogButtonBox *buttons);

    void chooseFile();
    void reparse();
    void recalibrate();
    void apply();
    void showError(const QString &message);
    void updatePlot();
    struct PlotSeries;
    void showEmptyPlot();
    static PlotSeries plotSeries(const nccl::Calibration &c);
    void addCurveGraphs(const nccl::Calibration &c, PlotSeries &p);
    void addMeasuredGraphs(const PlotSeries &p);
    void showPlotAxes(const nccl::Calibration &c, const PlotSeries &p);
    // The title wrapped to the plot's width, the legend's entries shortened to their columns: at
    // 150% on a laptop the plot is about 400 px wide, and a Chinese title ran off both of its sides.
    void fitPlotToWidth();
    bool eventFilter(QObject *watched, QEvent *event) override;
    void updateSummary();
    void fillClusterCombo();

    PresetCatalog m_catalog;
    QString m_sourceName; // the file name, or "pasted text"
    std::vector<nccl::ResultTable> m_tables;
    std::vector<nccl::Note> m_logNotes;
    std::optional<nccl::Calibration> m_calibration;
    std::optional<CalibrationTarget> m_target;
    QString m_error;
    QString m_chosenCluster; // the cluster the log's GPU picked, until the user picks another
    bool m_loading = false;

    QPushButton *m_openButton = nullptr;
    QLabel *m_sourceLabel = nullptr;
    QPlainTextEdit *m_text = nullptr;
    QComboBox *m_tableCombo = nullptr;
    QLabel *m_tableLabel = nullptr;
    QComboBox *m_clusterCombo = nullptr;
    QSpinBox *m_ranks = nullptr;
    QSpinBox *m_nodes = nullptr;
    QLabel *m_askLabel = nullptr;
    QLabel *m_statusLabel = nullptr;
    QCustomPlot *m_plot = nullptr;
    QString m_plotTitle; // unwrapped
    QLabel *m_summary = nullptr;
    QTableView *m_rowsView = nullptr;
    CalibrationRowsModel *m_rowsModel = nullptr;
    QListWidget *m_warnings = nullptr;
    QTabWidget *m_tabs = nullptr;
    QPushButton *m_applyButton = nullptr;
    QTimer *m_parseTimer = nullptr;
};

} // namespace commtax
