// SPDX-License-Identifier: GPL-3.0-or-later
#include "calibrationdialog.h"
#include "fittedcombobox.h"

#include "calibrationrowsmodel.h"
#include "charts/chartview.h"
#include "charts/graphs.h"
#include "core/resultio.h"
#include "screenfit.h"
#include "text/modeltext.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

namespace commtax {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

QString gbps(double v)
{
    return formatNumber(v, v >= 100 ? 1 : 2) + QStringLiteral(" GB/s");
}

QString bytesLabel(double bytes)
{
    return qs(nccl::formatBytes(bytes));
}

// Log2 ticks with byte labels ("8 B", "1 KiB", "1 GiB") from the smallest to the largest measured
// size, at most seven of them: ten ran into each other at the dialog's smallest width.
QSharedPointer<QCPAxisTickerText> bytesTicker(double minBytes, double maxBytes)
{
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const int lo = int(std::floor(std::log2(std::max(minBytes, 1.0))));
    const int hi = std::max(lo + 1, int(std::ceil(std::log2(std::max(maxBytes, 1.0)))));
    const int span = hi - lo;
    int step = 0;
    for (int s = 1; s <= span && !step; ++s)
        if (span % s == 0 && span / s <= 6 && (span / s >= 3 || s == span))
            step = s;
    if (!step || span / step < 3)
        step = std::max(1, (span + 5) / 6);
    // From the smallest size up; the largest always gets its label, at least one step after the
    // tick before it.
    for (int k = lo; k <= hi - step; k += step)
        ticker->addTick(std::ldexp(1.0, k), bytesLabel(std::ldexp(1.0, k)));
    ticker->addTick(std::ldexp(1.0, hi), bytesLabel(std::ldexp(1.0, hi)));
    return ticker;
}

constexpr int kTitleRow = 0;
constexpr int kLegendRow = 2; // below the axis rect (row 1)
// Screens with less room than this, in device-independent pixels, show the chart as a tab.
constexpr int kChartTabBelowHeight = 640;

} // namespace

CalibrationDialog::CalibrationDialog(QWidget *parent)
    : QDialog(parent), m_catalog(PresetCatalog::builtIn())
{
    setObjectName(QStringLiteral("calibrationDialog"));
    setWindowTitle(tr("Calibrate the network from an nccl-tests log"));

    QHBoxLayout *sourceRow = buildSourceRow();
    createLogText();
    QHBoxLayout *controls = buildControls();
    createMessageLabels();
    buildPlot();
    createDetails();
    QSplitter *vertical = arrangeChartAndDetails();
    QDialogButtonBox *buttons = buildButtons();

    auto *root = new QVBoxLayout(this);
    root->addLayout(sourceRow);
    root->addLayout(controls);
    root->addWidget(m_askLabel);
    root->addWidget(vertical, 1);
    root->addWidget(m_statusLabel);
    root->addWidget(buttons);
    fitToScreen(this, QSize(1180, 860));

    connectSignals(buttons);
    updatePlot();
}

// "Open log..." and where the log came from.
QHBoxLayout *CalibrationDialog::buildSourceRow()
{
    m_openButton = new QPushButton(tr("Open log..."), this);
    m_openButton->setObjectName(QStringLiteral("openButton"));
    m_openButton->setAutoDefault(false); // Enter in a spin box must not open a file dialog
    m_sourceLabel = new QLabel(tr("Open the output of all_reduce_perf (or another nccl-tests / rccl-tests binary), or "
                                  "paste it below."),
                               this);
    m_sourceLabel->setObjectName(QStringLiteral("sourceLabel"));
    m_sourceLabel->setWordWrap(true);
    auto *sourceRow = new QHBoxLayout;
    sourceRow->addWidget(m_openButton);
    sourceRow->addWidget(m_sourceLabel, 1);
    return sourceRow;
}

// The log's text, pasted or opened.
void CalibrationDialog::createLogText()
{
    m_text = new QPlainTextEdit(this);
    m_text->setObjectName(QStringLiteral("logText"));
    m_text->setPlaceholderText(tr("Paste nccl-tests output here: the \"# size count type ...\" header and its rows, "
                                  "with the device list if you have it."));
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
}

// The result table, the cluster preset, the ranks and the nodes.
QHBoxLayout *CalibrationDialog::buildControls()
{
    m_tableCombo = new FittedComboBox(this);
    m_tableCombo->setObjectName(QStringLiteral("tableCombo"));
    m_tableLabel = new QLabel(tr("Result table:"), this);
    m_clusterCombo = new FittedComboBox(this);
    m_clusterCombo->setObjectName(QStringLiteral("clusterCombo"));
    m_clusterCombo->setToolTip(tr("The cluster preset the measurement is compared with and calibrates"));
    fillClusterCombo();
    // Preset names are long: the box shows their start, the list the whole names.
    m_clusterCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_clusterCombo->setMinimumContentsLength(16);
    m_ranks = new QSpinBox(this);
    m_ranks->setObjectName(QStringLiteral("ranksSpin"));
    m_ranks->setRange(0, 1000000);
    m_ranks->setSpecialValueText(tr("from the log"));
    m_ranks->setToolTip(tr("GPUs (ranks) the test ran on; \"from the log\" uses the device list or busbw/algbw"));
    m_nodes = new QSpinBox(this);
    m_nodes->setObjectName(QStringLiteral("nodesSpin"));
    m_nodes->setRange(0, 100000);
    m_nodes->setSpecialValueText(tr("from the log"));
    m_nodes->setToolTip(tr("Servers the ranks were spread over; \"from the log\" counts the device list's hosts"));
    auto *controls = new QHBoxLayout;
    controls->addWidget(m_tableLabel);
    controls->addWidget(m_tableCombo);
    controls->addWidget(new QLabel(tr("Cluster preset:"), this));
    controls->addWidget(m_clusterCombo, 1);
    controls->addWidget(new QLabel(tr("Ranks:"), this));
    controls->addWidget(m_ranks);
    controls->addWidget(new QLabel(tr("Nodes:"), this));
    controls->addWidget(m_nodes);
    m_tableLabel->setVisible(false);
    m_tableCombo->setVisible(false);
    return controls;
}

// The question about the topology above the chart and the status line under it.
void CalibrationDialog::createMessageLabels()
{
    m_askLabel = new QLabel(this);
    m_askLabel->setObjectName(QStringLiteral("askTopologyLabel"));
    m_askLabel->setWordWrap(true);
    m_askLabel->setStyleSheet(tr("QLabel { background: #fff4cc; padding: 4px; }"));
    m_askLabel->setVisible(false);
    m_statusLabel = new QLabel(this);
    m_statusLabel->setObjectName(QStringLiteral("statusLabel"));
    m_statusLabel->setWordWrap(true);
    m_statusLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
}

// The plot of bus bandwidth against message size, its legend under it.
void CalibrationDialog::buildPlot()
{
    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("busbwPlot"));
    // The least a plot of it needs; on a higher screen, where the chart is not a tab, 240 (below).
    m_plot->setMinimumSize(320, 120);
    m_plot->plotLayout()->insertRow(kTitleRow);
    m_plot->plotLayout()->addElement(kTitleRow, 0, new QCPTextElement(m_plot, tr("Bus bandwidth against message size"), QFont(font().family(), font().pointSize() + 1, QFont::Bold)));
    m_plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    m_plot->xAxis->setLabel(tr("Message size (bytes, log scale)"));
    fitVerticalAxisTitle(m_plot, m_plot->yAxis, tr("Bus bandwidth, busbw (GB/s)"), tr("busbw (GB/s)"));
    // The legend sits under the plot: inside, it would hide points of flat or falling curves.
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    m_plot->plotLayout()->addElement(kLegendRow, 0, m_plot->legend);
    m_plot->plotLayout()->setRowStretchFactor(kLegendRow, 0.001);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_plot->legend->setWrap(2);
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->installEventFilter(this);
}

void CalibrationDialog::fitPlotToWidth()
{
    const int width = std::max(m_plot->width() - 40, 100); // the title's margins, and some air
    bool changed = false;
    if (auto *title = qobject_cast<QCPTextElement *>(m_plot->plotLayout()->element(kTitleRow, 0))) {
        const QString wrapped = ChartView::wrapText(m_plotTitle, title->font(), width);
        changed = wrapped != title->text();
        title->setText(wrapped);
    }
    // The legend keeps its two columns (one would take the plot's height on a short screen): an
    // entry too long for its column is shortened, its whole text kept ("fullName") and shown again
    // once the plot is wide enough. An entry: its icon, the gap after it, its text and the margins.
    QCPLegend *legend = m_plot->legend;
    const QFontMetrics fm(legend->font());
    const int room = std::max(width / 2 - legend->iconSize().width() - legend->iconTextPadding() - 12, 40);
    for (int i = 0; i < legend->itemCount(); ++i) {
        auto *item = qobject_cast<QCPPlottableLegendItem *>(legend->item(i));
        if (!item) // an empty cell of the grid
            continue;
        QCPAbstractPlottable *p = item->plottable();
        if (!p->property("fullName").isValid())
            p->setProperty("fullName", p->name());
        const QString shown = fm.elidedText(p->property("fullName").toString(), Qt::ElideRight, room);
        if (shown != p->name()) {
            p->setName(shown);
            changed = true;
        }
    }
    if (changed)
        m_plot->replot(QCustomPlot::rpQueuedReplot);
}

bool CalibrationDialog::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_plot && event->type() == QEvent::Resize)
        fitPlotToWidth();
    return QDialog::eventFilter(watched, event);
}

// The summary beside the plot, and the tabs of rows and warnings.
void CalibrationDialog::createDetails()
{
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("summaryLabel"));
    m_summary->setWordWrap(true);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setMinimumWidth(200);

    m_rowsModel = new CalibrationRowsModel(this);
    m_rowsView = new QTableView(this);
    m_rowsView->setObjectName(QStringLiteral("rowsView"));
    m_rowsView->setModel(m_rowsModel);
    m_rowsView->verticalHeader()->setVisible(false);
    m_rowsView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_rowsView->setAlternatingRowColors(true);
    // A few rows show however small the screen: the log text and the plot give way first.
    m_rowsView->setMinimumHeight(m_rowsView->horizontalHeader()->sizeHint().height()
                                 + 3 * m_rowsView->verticalHeader()->defaultSectionSize()
                                 + 2 * m_rowsView->frameWidth());
    m_warnings = new QListWidget(this);
    m_warnings->setObjectName(QStringLiteral("warningsList"));
    m_warnings->setWordWrap(true);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("detailTabs"));
    m_tabs->addTab(m_rowsView, tr("Rows"));
    m_tabs->addTab(m_warnings, tr("Warnings"));
}

// The log text above; the chart and the summary beside it, then the tabs, below. On a low screen
// the chart is a tab.
QSplitter *CalibrationDialog::arrangeChartAndDetails()
{
    auto *chartRow = new QSplitter(Qt::Horizontal, this);
    chartRow->addWidget(m_plot);
    // The summary scrolls: in a splitter it was cut at the plot's height.
    auto *summaryScroll = new QScrollArea(this);
    summaryScroll->setObjectName(QStringLiteral("summaryScroll"));
    summaryScroll->setWidgetResizable(true);
    summaryScroll->setFrameShape(QFrame::NoFrame);
    summaryScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    summaryScroll->setWidget(m_summary);
    chartRow->addWidget(summaryScroll);
    chartRow->setStretchFactor(0, 3);
    chartRow->setStretchFactor(1, 2);
    auto *vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(m_text);
    vertical->setStretchFactor(0, 1);
    // On a low screen (a 1280x800 one at 150% leaves about 490 px) the chart is a tab beside
    // the rows and the warnings, shown first: above them it kept no height for its axes.
    if (roomOnScreen(screenOf(this)).height() < kChartTabBelowHeight) {
        m_tabs->addTab(chartRow, tr("Chart"));
        m_tabs->setCurrentWidget(chartRow);
        vertical->addWidget(m_tabs);
        vertical->setStretchFactor(1, 6);
    } else {
        m_plot->setMinimumHeight(240); // a legend of three rows and the axes
        vertical->addWidget(chartRow);
        vertical->addWidget(m_tabs);
        vertical->setStretchFactor(1, 4);
        vertical->setStretchFactor(2, 2);
    }
    return vertical;
}

// Apply to cluster preset, and Close.
QDialogButtonBox *CalibrationDialog::buildButtons()
{
    m_applyButton = new QPushButton(tr("Apply to cluster preset"), this);
    m_applyButton->setObjectName(QStringLiteral("applyButton"));
    m_applyButton->setEnabled(false);
    m_applyButton->setAutoDefault(false); // nor send a preset
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_applyButton, QDialogButtonBox::ActionRole);
    return buttons;
}

// Typing or pasting re-reads the text once it settles; every control recalibrates.
void CalibrationDialog::connectSignals(QDialogButtonBox *buttons)
{
    m_parseTimer = new QTimer(this);
    m_parseTimer->setSingleShot(true);
    m_parseTimer->setInterval(250);
    connect(m_parseTimer, &QTimer::timeout, this, &CalibrationDialog::reparse);
    connect(m_text, &QPlainTextEdit::textChanged, this, [this] {
        if (m_loading)
            return;
        m_sourceName = tr("pasted text");
        m_parseTimer->start();
    });
    connect(m_openButton, &QPushButton::clicked, this, &CalibrationDialog::chooseFile);
    connect(m_tableCombo, &QComboBox::currentIndexChanged, this, &CalibrationDialog::recalibrate);
    connect(m_clusterCombo, &QComboBox::currentIndexChanged, this, &CalibrationDialog::recalibrate);
    connect(m_ranks, &QSpinBox::valueChanged, this, &CalibrationDialog::recalibrate);
    connect(m_nodes, &QSpinBox::valueChanged, this, &CalibrationDialog::recalibrate);
    connect(m_applyButton, &QPushButton::clicked, this, &CalibrationDialog::apply);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

CalibrationDialog::~CalibrationDialog() = default;

void CalibrationDialog::fillClusterCombo()
{
    const QString current = m_clusterCombo->currentData().toString();
    const QSignalBlocker block(m_clusterCombo);
    m_clusterCombo->clear();
    for (const Preset &p : m_catalog.presets(Section::Cluster))
        m_clusterCombo->addItem(presetNameText(p), p.id);
    const int at = m_clusterCombo->findData(current);
    m_clusterCombo->setCurrentIndex(at >= 0 ? at : 0);
}

void CalibrationDialog::setPresetCatalog(const PresetCatalog &catalog)
{
    m_catalog = catalog;
    fillClusterCombo();
    recalibrate();
}

void CalibrationDialog::chooseFile()
{
    const QString file = QFileDialog::getOpenFileName(this, tr("Open an nccl-tests log"), QString(),
                                                      tr("Logs (*.txt *.log *.out);;All files (*)"));
    if (!file.isEmpty())
        openLogFile(file);
}

bool CalibrationDialog::openLogFile(const QString &fileName)
{
    QByteArray bytes;
    QString why;
    if (!readCalibrationLog(fileName, bytes, &why)) {
        showError(why);
        return false;
    }
    m_parseTimer->stop();
    m_loading = true;
    m_text->setPlainText(QString::fromUtf8(bytes));
    m_loading = false;
    m_sourceName = QFileInfo(fileName).fileName();
    {
        // A new log: its own device list decides again.
        const QSignalBlocker b1(m_ranks), b2(m_nodes);
        m_ranks->setValue(0);
        m_nodes->setValue(0);
    }
    reparse();
    return m_calibration.has_value();
}

void CalibrationDialog::showError(const QString &message)
{
    m_error = message;
    m_calibration.reset();
    m_target.reset();
    m_statusLabel->setStyleSheet(QStringLiteral("QLabel { color: #b00000; }"));
    m_statusLabel->setText(message);
    m_rowsModel->clear();
    m_warnings->clear();
    m_tabs->setTabText(1, tr("Warnings"));
    m_askLabel->setVisible(false);
    m_applyButton->setEnabled(false);
    m_applyButton->setAutoDefault(false); // nor send a preset
    updatePlot();
    updateSummary();
}

void CalibrationDialog::reparse()
{
    const QByteArray utf8 = m_text->toPlainText().toUtf8();
    nccl::LogParse log;
    nccl::ParseError e;
    m_tables.clear();
    if (!nccl::parseLog(std::string_view(utf8.constData(), size_t(utf8.size())), log, e)) {
        showError(logLocation(m_sourceName, e.line, e.column) + calibrationText(e.message));
        return;
    }
    m_tables = std::move(log.tables);
    m_logNotes = std::move(log.notes);
    m_sourceLabel->setText(tr("%1: %2, %3")
                               .arg(m_sourceName, tr("%n line(s)", nullptr, log.lines),
                                    tr("%n result table(s)", nullptr, int(m_tables.size()))));
    {
        const QSignalBlocker block(m_tableCombo);
        m_tableCombo->clear();
        for (size_t i = 0; i < m_tables.size(); ++i) {
            const nccl::ResultTable &t = m_tables[i];
            m_tableCombo->addItem(tr("%1: %2, line %3, %4 rows")
                                      .arg(i + 1)
                                      .arg(t.test_name.empty() ? tr("unnamed") : qs(t.test_name))
                                      .arg(t.header_line > 0 ? t.header_line : t.rows.front().line)
                                      .arg(t.rows.size()));
        }
        m_tableCombo->setCurrentIndex(0);
    }
    m_tableLabel->setVisible(m_tables.size() > 1);
    m_tableCombo->setVisible(m_tables.size() > 1);
    // A log that names its GPU picks that GPU's cluster.
    m_chosenCluster.clear();
    for (const nccl::DeviceLine &d : m_tables.front().devices) {
        const std::optional<Preset> gpu = m_catalog.find(Section::Gpu, matchGpuPreset(m_catalog, qs(d.gpu_name)));
        if (!gpu)
            continue;
        const int at = m_clusterCombo->findData(gpu->defaultCluster());
        if (at >= 0) {
            const QSignalBlocker block(m_clusterCombo);
            m_clusterCombo->setCurrentIndex(at);
            m_chosenCluster = gpu->defaultCluster();
        }
        break;
    }
    recalibrate();
}

void CalibrationDialog::recalibrate()
{
    const int index = m_tableCombo->currentIndex();
    if (m_tables.empty() || index < 0 || index >= int(m_tables.size()))
        return;
    const nccl::ResultTable &t = m_tables[size_t(index)];
    nccl::CalibrationOptions options;
    options.ranks = m_ranks->value();
    options.nodes = m_nodes->value();
    std::string gpuName;
    for (const nccl::DeviceLine &d : t.devices)
        if (!d.gpu_name.empty()) {
            gpuName = d.gpu_name;
            break;
        }
    CalibrationTarget target;
    QString why;
    // While the cluster is the one the log's GPU picked, say so; once the user picks, it is theirs.
    const QString clusterId = m_clusterCombo->currentData().toString();
    const bool automatic = !m_chosenCluster.isEmpty() && clusterId == m_chosenCluster;
    const bool haveTarget = chooseCalibrationTarget(m_catalog, automatic ? QString() : clusterId, gpuName, target, &why)
        || chooseCalibrationTarget(m_catalog, clusterId, gpuName, target, &why);
    nccl::Calibration c;
    Sentence error;
    if (!nccl::calibrate(t, options, haveTarget ? &target.plan.gpu : nullptr, haveTarget ? &target.plan.cluster : nullptr,
                         c, error)) {
        showError(QStringLiteral("%1:%2: %3").arg(m_sourceName).arg(t.header_line).arg(calibrationText(error)));
        return;
    }
    for (const nccl::Note &n : m_logNotes)
        c.warnings.push_back(n.text);
    m_error.clear();
    m_calibration = std::move(c);
    m_target.reset();
    if (haveTarget)
        m_target = target;

    // No device list: ask where the ranks ran.
    if (t.devices.empty()) {
        const nccl::Calibration &k = *m_calibration;
        if (options.ranks > 0 && options.nodes > 0)
            m_askLabel->setText(tr("This log has no device list: using the %1 and %2 you entered.")
                                    .arg(tr("%n rank(s)", nullptr, options.ranks), tr("%n node(s)", nullptr, options.nodes)));
        else
            m_askLabel->setText(tr("This log has no device list. Enter the ranks and nodes it ran on (now: %1; %2).")
                                    .arg(k.ranks > 0 ? tr("%n rank(s)", nullptr, k.ranks)
                                                 + (options.ranks > 0 ? tr(" as entered") : tr(" inferred from busbw/algbw"))
                                                     : tr("ranks unknown"),
                                         options.nodes > 0       ? tr("%n node(s)", nullptr, options.nodes) + tr(" as entered")
                                             : k.model.nodes > 0 ? tr("nodes unknown, %1 assumed for the comparison").arg(k.model.nodes)
                                                                 : tr("nodes unknown")));
        m_askLabel->setVisible(true);
    } else {
        m_askLabel->setVisible(false);
    }
    m_rowsModel->setCalibration(*m_calibration);
    m_warnings->clear();
    for (const Sentence &w : m_calibration->warnings)
        m_warnings->addItem(calibrationText(w));
    m_tabs->setTabText(1, tr("Warnings (%1)").arg(m_calibration->warnings.size()));

    const bool inter = m_calibration->calibrated.scope == nccl::Scope::InterNode;
    m_applyButton->setText(inter ? tr("Apply to cluster preset") : tr("Apply to GPU preset (intra-node link)"));
    Preset probe;
    QString whyNot;
    const bool can = m_target && calibratedPreset(*m_calibration, *m_target, m_sourceName, QDate::currentDate(), probe, &whyNot);
    m_applyButton->setEnabled(can);
    m_applyButton->setToolTip(can ? tr("Send %1 with the measured %2 to the preset library").arg(probe.name, inter ? tr("network figures") : tr("intra-node figures"))
                                  : whyNot);
    m_statusLabel->setStyleSheet(QString());
    m_statusLabel->setText(haveTarget ? tr("Compared with %1.").arg(calibrationText(target.reason))
                                      : tr("Choose a cluster preset to compare with."));
    updatePlot();
    updateSummary();
}

void CalibrationDialog::apply()
{
    if (!m_calibration || !m_target)
        return;
    Preset p;
    QString why;
    if (!calibratedPreset(*m_calibration, *m_target, m_sourceName, QDate::currentDate(), p, &why)) {
        m_statusLabel->setText(why);
        return;
    }
    if (m_calibration->calibrated.scope == nccl::Scope::InterNode)
        Q_EMIT calibratedClusterReady(p);
    else
        Q_EMIT calibratedGpuReady(p);
    m_statusLabel->setStyleSheet(QString());
    m_statusLabel->setText(tr("Preset \"%1\" sent: %2").arg(presetNameText(p), p.description));
}

// The measured points of a calibration as the plot shows them (a log axis: no 0-byte rows), their
// sizes' range and the highest busbw.
struct CalibrationDialog::PlotSeries {
    QVector<double> keys, measured, inPlace, inPlaceKeys, belowKeys, below;
    double minSize = 0, maxSize = 0, top = 0;
};

void CalibrationDialog::updatePlot()
{
    m_plot->clearGraphs();
    if (!m_calibration || m_calibration->rows.empty()) {
        showEmptyPlot();
        return;
    }
    const nccl::Calibration &c = *m_calibration;
    PlotSeries p = plotSeries(c);
    if (p.keys.isEmpty()) {
        m_plot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    addCurveGraphs(c, p);
    addMeasuredGraphs(p);
    showPlotAxes(c, p);
}

// No log: the axes of a typical run, no legend.
void CalibrationDialog::showEmptyPlot()
{
    m_plot->xAxis->setTicker(bytesTicker(8, 8.0 * (1ll << 30)));
    m_plot->xAxis->setRange(4, 16.0 * (1ll << 30));
    m_plot->yAxis->setRange(0, 100);
    // Out of the layout, not only hidden: an empty legend's maximum width (its margins) would
    // hold the plot's column to the title's width, squeezing the axis into a smear of labels.
    m_plot->legend->setVisible(false);
    if (m_plot->plotLayout()->take(m_plot->legend))
        m_plot->plotLayout()->simplify();
    m_plotTitle = tr("Bus bandwidth against message size");
    fitPlotToWidth();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

CalibrationDialog::PlotSeries CalibrationDialog::plotSeries(const nccl::Calibration &c)
{
    PlotSeries p;
    for (const nccl::CalibrationRow &r : c.rows) {
        if (r.size_bytes == 0 || !std::isfinite(r.busbw_gbps))
            continue; // a log axis cannot show 0 bytes
        const double s = double(r.size_bytes);
        p.minSize = p.keys.isEmpty() ? s : std::min(p.minSize, s);
        p.maxSize = std::max(p.maxSize, s);
        p.keys << s;
        p.measured << r.busbw_gbps;
        p.top = std::max(p.top, r.busbw_gbps);
        if (r.in_place_busbw_gbps && std::isfinite(*r.in_place_busbw_gbps)) {
            p.inPlaceKeys << s;
            p.inPlace << *r.in_place_busbw_gbps;
            p.top = std::max(p.top, *r.in_place_busbw_gbps);
        }
        if (r.below_model) {
            p.belowKeys << s;
            p.below << r.busbw_gbps;
        }
    }
    return p;
}

// Smooth curves of the model and the fit over the measured range; `p.top` grows to hold them.
void CalibrationDialog::addCurveGraphs(const nccl::Calibration &c, PlotSeries &p)
{
    QVector<double> curveKeys, model, fit;
    const int points = 96;
    const double span = std::log2(p.maxSize / p.minSize);
    for (int i = 0; i < points; ++i) {
        const double s = p.minSize * std::exp2(span * i / (points - 1));
        curveKeys << s;
        if (c.model.available) {
            const double v = c.model.busBwGbps(c.collective, s);
            model << (std::isfinite(v) ? v : 0.0);
            p.top = std::max(p.top, model.back());
        }
        if (c.fit.ok) {
            const double v = c.fit.busBwGbps(s);
            fit << (std::isfinite(v) ? v : 0.0);
            p.top = std::max(p.top, fit.back());
        }
    }
    if (c.model.available)
        addNamedGraph(m_plot, QStringLiteral("modelGraph"),
                      tr("Model: %1 with %2").arg(qs(c.model.cluster_id), qs(c.model.gpu_id)),
                      QPen(QColor(230, 120, 0), 2, Qt::DashLine), QCPScatterStyle(), QCPGraph::lsLine)
            ->setData(curveKeys, model, true);
    if (c.fit.ok)
        addNamedGraph(m_plot, QStringLiteral("fitGraph"),
                      tr("Alpha-beta fit: %1, %2")
                          .arg(c.fit.alpha_us ? tr("alpha %1 us").arg(formatNumber(*c.fit.alpha_us, 1)) : tr("no latency"),
                               gbps(c.fit.bw_gbps)),
                      QPen(QColor(40, 150, 60), 2), QCPScatterStyle(), QCPGraph::lsLine)
            ->setData(curveKeys, fit, true);
}

// The measured points: in place, out of place, and those more than 20% below the model.
void CalibrationDialog::addMeasuredGraphs(const PlotSeries &p)
{
    if (!p.inPlace.isEmpty())
        addNamedGraph(m_plot, QStringLiteral("inPlaceGraph"), tr("Measured, in place"), QPen(QColor(120, 160, 220)),
                      QCPScatterStyle(QCPScatterStyle::ssSquare, QColor(120, 160, 220), 6), QCPGraph::lsNone)
            ->setData(p.inPlaceKeys, p.inPlace);
    addNamedGraph(m_plot, QStringLiteral("measuredGraph"), tr("Measured busbw (out of place)"),
                  QPen(QColor(20, 70, 160), 1.5),
                  QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(20, 70, 160), 6), QCPGraph::lsLine)
        ->setData(p.keys, p.measured);
    if (!p.below.isEmpty())
        addNamedGraph(m_plot, QStringLiteral("belowGraph"), tr("More than 20% below the model"),
                      QPen(QColor(200, 0, 0)),
                      QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(QColor(200, 0, 0), 2), Qt::NoBrush, 11),
                      QCPGraph::lsNone)
            ->setData(p.belowKeys, p.below);
}

// The axes over the measured range, the legend back under the plot, the title naming the run.
void CalibrationDialog::showPlotAxes(const nccl::Calibration &c, const PlotSeries &p)
{
    m_plot->xAxis->setTicker(bytesTicker(p.minSize, p.maxSize));
    m_plot->xAxis->setRange(p.minSize / 1.6, p.maxSize * 1.6);
    m_plot->yAxis->setRange(0, p.top > 0 ? p.top * 1.12 : 1.0);
    if (!m_plot->plotLayout()->hasElement(kLegendRow, 0)) {
        m_plot->plotLayout()->addElement(kLegendRow, 0, m_plot->legend);
        m_plot->plotLayout()->setRowStretchFactor(kLegendRow, 0.001);
    }
    m_plot->legend->setVisible(true);
    QString where = c.ranks > 0 ? tr("%n rank(s)", nullptr, c.ranks) : tr("unknown ranks");
    if (c.nodes > 0)
        where += tr(" on ") + tr("%n node(s)", nullptr, c.nodes);
    m_plotTitle = tr("%1 busbw against message size, %2").arg(collectiveName(c.collective), where);
    fitPlotToWidth();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void CalibrationDialog::updateSummary()
{
    if (!m_calibration) {
        m_summary->setText(m_error.isEmpty() ? tr("No log yet.") : tr("Nothing to show: %1").arg(m_error.toHtmlEscaped()));
        return;
    }
    const nccl::Calibration &c = *m_calibration;
    QString html = tr("<table cellspacing=\"3\">");
    auto row = [&html](const QString &label, const QString &value) {
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(label.toHtmlEscaped(), value.toHtmlEscaped());
    };
    QString where = c.ranks > 0 ? tr("%n rank(s)", nullptr, c.ranks) : tr("unknown ranks");
    if (c.nodes > 0)
        where += QStringLiteral(", ") + tr("%n node(s)", nullptr, c.nodes);
    if (c.nodes > 1 && c.ranks_per_node > 0)
        where += tr(" (%1 per node)").arg(c.ranks_per_node);
    row(tr("Collective"), calibrationHeading(c.collective, where, c.scope));
    row(tr("Known from"), calibrationText(c.collective_source));
    if (!c.gpu_name.empty())
        row(tr("GPU"), qs(c.gpu_name));
    row(tr("Peak busbw"), tr("%1 at %2").arg(gbps(c.peak_busbw_gbps), bytesLabel(double(c.peak_size_bytes))));
    row(tr("Plateau busbw"), c.plateau_busbw_gbps ? tr("%1 (sizes of 256 MiB and more)").arg(gbps(*c.plateau_busbw_gbps)) : tr("not reached: no size of 256 MiB or more"));
    if (c.fit.ok)
        row(tr("Alpha-beta fit"), tr("latency %1, bandwidth %2 (busbw); rms residual %3%").arg(c.fit.alpha_us ? formatNumber(*c.fit.alpha_us, 1) + QStringLiteral(" us") : tr("not measurable"), gbps(c.fit.bw_gbps), formatNumber(100 * c.fit.rms_residual, 1)));
    else
        row(tr("Alpha-beta fit"), tr("none: time does not grow with size"));
    row(tr("Footer average"), c.footer_avg_busbw_gbps ? tr("%1, a mean over every size, not a peak").arg(gbps(*c.footer_avg_busbw_gbps)) : tr("absent"));
    if (c.model.available) {
        row(tr("Model"), tr("%1 with %2: busbw %3, line rate %4, latency %5 us").arg(qs(c.model.cluster_id), qs(c.model.gpu_id), gbps(c.model.link_busbw_gbps), gbps(c.model.line_gbps), formatNumber(c.model.latency_us, 1)));
        row(tr("Below the model"), tr("%1 of %2 sizes more than 20% below").arg(c.model.sizes_below).arg(c.model.sizes_compared));
        QStringList fields;
        if (c.calibrated.efficiency)
            fields << calibratedEfficiencyKey(c.calibrated.scope) + QStringLiteral(" = ") + formatNumber(*c.calibrated.efficiency, 3);
        if (c.calibrated.step_latency_us)
            fields << calibratedLatencyKey(c.calibrated.scope) + QStringLiteral(" = ")
                    + formatNumber(*c.calibrated.step_latency_us, 2);
        row(tr("Calibrated"), fields.isEmpty() ? tr("nothing") : fields.join(QStringLiteral(", ")));
        for (const Sentence &n : c.calibrated.notes)
            row(QString(), calibrationText(n));
    } else {
        row(tr("Model"), tr("no comparison (choose a cluster preset; the ranks must be known)"));
    }
    html += QStringLiteral("</table>");
    if (c.above_line_rate)
        html += tr("<p style=\"color:#b05000\"><b>Busbw above the link's line rate</b>: NVLS, SHARP or NCCL's tree at "
                   "work, not a link bandwidth.</p>");
    m_summary->setText(html);
}

} // namespace commtax
