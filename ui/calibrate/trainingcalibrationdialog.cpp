// SPDX-License-Identifier: GPL-3.0-or-later
#include "trainingcalibrationdialog.h"
#include "fittedcombobox.h"

#include "charts/graphs.h"
#include "screenfit.h"
#include "text/modeltext.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QCryptographicHash>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cstring>

namespace commtax {

struct TrainingCalibrationDialog::Log {
    QString file;
    QString sha256;
    QString readError;     // the file could not be read: the reason, placed by the file's name
    QString readErrorPath; // the same placed by the path the file was added with (the cell's tooltip)
    QString planError;     // its plan could not be built (set by refit())
    bool opened = false;   // the file was read (its framework recognised or not)
    traininglog::TrainingLog log;
    traininglog::SteadyState steady;
    TrainingPlanRead read;
    QString guess;
    std::optional<Scenario> scenario;
    QMap<QString, QString> given; // path -> value typed in the table of missing values
};

namespace {

enum MissingColumn { MissLog,
                     MissField,
                     MissValue,
                     MissingColumnCount };

// Marked cells: a value the log leaves to the user (still empty), and one the user gave.
const QColor kAskColor(255, 236, 179);
const QColor kGivenColor(220, 235, 250);

enum Column { ColLog,
              ColFramework,
              ColPlan,
              ColMeasured,
              ColPredicted,
              ColCalibrated,
              ColLeftOut,
              ColumnCount };

QString seconds(double s) { return QLocale().toString(s, 'f', s < 1 ? 4 : 3) + QStringLiteral(" s"); }

constexpr const char *kDialogContext = "commtax::TrainingCalibrationDialog";

// The reader's sentences say how the command line gives what a log does not ("with --set gpus=N",
// "with --gpu ID"); here the same is given in the Values field and the GPU preset list.
Sentence howInTheWindow(Sentence s)
{
    for (Sentence &a : s.args)
        a = howInTheWindow(std::move(a));
    const auto is = [&s](const char *pattern) { return s.pattern && std::strcmp(s.pattern, pattern) == 0; };
    if (is(traininglog::kGiveWithSet) && s.args.size() == 1) {
        s.pattern = QT_TRANSLATE_NOOP("commtax::TrainingCalibrationDialog", "in Values (%1)");
        s.args[0].value = QString::fromStdString(s.args[0].value)
                              .replace(QLatin1String(" --set "), QLatin1String("; "))
                              .toStdString();
    } else if (is(traininglog::kSetOption)) {
        s.pattern = QT_TRANSLATE_NOOP("commtax::TrainingCalibrationDialog", "%1 in Values");
    } else if (is(traininglog::kGiveGpu)) {
        s.pattern = QT_TRANSLATE_NOOP("commtax::TrainingCalibrationDialog", "in the GPU preset list");
    } else if (is(traininglog::kGiveFramework)) {
        s.pattern = QT_TRANSLATE_NOOP("commtax::TrainingCalibrationDialog",
                                      "with commtax calibrate --training FILE --framework NAME on the command line");
    } else {
        return s;
    }
    s.context = kDialogContext;
    return s;
}

QString windowText(const Sentence &s) { return trainingText(howInTheWindow(s)); }

QStringList windowTexts(const std::vector<Sentence> &sentences)
{
    QStringList out;
    for (const Sentence &s : sentences)
        out << windowText(s);
    return out;
}

QString signedPct(double v)
{
    return (v >= 0 ? QStringLiteral("+") : QString()) + QLocale().toString(100 * v, 'f', 1) + QLatin1Char('%');
}

} // namespace

TrainingCalibrationDialog::TrainingCalibrationDialog(QWidget *parent)
    : QDialog(parent), m_catalog(PresetCatalog::builtIn())
{
    setObjectName(QStringLiteral("trainingCalibrationDialog"));
    setWindowTitle(tr("Calibrate from training logs"));
    auto *layout = new QVBoxLayout(this);
    auto *intro
        = new QLabel(tr("Add logs of runs on one cluster (Megatron-LM, torchtitan, NeMo 2 / Megatron-Bridge, HF "
                        "Trainer, DeepSpeed). Each is priced by the model and the GPU's compute efficiency is fitted "
                        "to them."),
                     this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    layout->addLayout(buildLogButtons());
    layout->addLayout(buildForm());
    createTables();
    buildPlot();
    layout->addWidget(arrangeTablesAndPlot(), 1);
    m_fitLabel = new QLabel(this);
    m_fitLabel->setObjectName(QStringLiteral("fitLabel"));
    m_fitLabel->setWordWrap(true);
    m_fitLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_fitLabel);
    auto *box = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_save = box->addButton(tr("&Save preset..."), QDialogButtonBox::ActionRole);
    m_save->setObjectName(QStringLiteral("savePresetButton"));
    m_save->setEnabled(false);
    layout->addWidget(box);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connectSignals();
    setPresetCatalog(m_catalog);
    fitToScreen(this, QSize(1100, 520)); // bounded by the screen (1280x800 at 150%: 853x533)
}

// "Add logs..." and "Clear".
QHBoxLayout *TrainingCalibrationDialog::buildLogButtons()
{
    auto *buttons = new QHBoxLayout;
    auto *add = new QPushButton(tr("&Add logs..."), this);
    add->setObjectName(QStringLiteral("addLogsButton"));
    auto *clear = new QPushButton(tr("&Clear"), this);
    buttons->addWidget(add);
    buttons->addWidget(clear);
    buttons->addStretch();
    connect(add, &QPushButton::clicked, this, [this] {
        const QStringList files = QFileDialog::getOpenFileNames(this, tr("Add training logs"), QString(),
                                                                tr("Logs (*.log *.txt *.out);;All files (*)"));
        if (!files.isEmpty())
            addLogs(files);
    });
    connect(clear, &QPushButton::clicked, this, &TrainingCalibrationDialog::clearLogs);
    return buttons;
}

// The GPU preset and the values the logs do not print.
QFormLayout *TrainingCalibrationDialog::buildForm()
{
    auto *form = new QFormLayout;
    m_gpuCombo = new FittedComboBox(this);
    m_gpuCombo->setObjectName(QStringLiteral("gpuCombo"));
    form->addRow(tr("&GPU preset:"), m_gpuCombo);
    m_values = new QLineEdit(this);
    m_values->setObjectName(QStringLiteral("valuesEdit"));
    m_values->setPlaceholderText(tr("what the logs do not print, e.g. model.vocab=50304; gpus=8; 2:training.tp=2"));
    form->addRow(tr("&Values:"), m_values);
    return form;
}

// The logs' table and the table of what they do not print.
void TrainingCalibrationDialog::createTables()
{
    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setObjectName(QStringLiteral("logsTable"));
    m_table->setHorizontalHeaderLabels(
        {tr("Log"), tr("Framework"), tr("Plan"), tr("Measured"), tr("Predicted"), tr("Calibrated"), tr("Left out")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(ColPlan, QHeaderView::Stretch);
    // What the logs do not print: one row per log and field, the value cell editable and marked
    // until the user fills it (nothing is guessed).
    m_missing = new QTableWidget(0, MissingColumnCount, this);
    m_missing->setObjectName(QStringLiteral("missingTable"));
    m_missing->setHorizontalHeaderLabels({tr("Log"), tr("Not in the log"), tr("Your value")});
    m_missing->horizontalHeader()->setSectionResizeMode(MissValue, QHeaderView::Stretch);
    m_missing->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                               | QAbstractItemView::AnyKeyPressed);
    m_missing->verticalHeader()->setVisible(false);
    // Room for the header and two rows even on a low screen at 150%.
    m_missing->setMinimumHeight(m_missing->horizontalHeader()->sizeHint().height()
                                + 2 * m_missing->verticalHeader()->defaultSectionSize() + 8);
    m_table->setMinimumHeight(m_missing->minimumHeight());
}

// Predicted against measured step time, before and after the fit, on log scales.
void TrainingCalibrationDialog::buildPlot()
{
    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("scatterPlot"));
    m_plot->setMinimumSize(220, 160);
    m_plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    m_plot->yAxis->setScaleType(QCPAxis::stLogarithmic);
    m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    m_plot->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    m_plot->xAxis->setLabel(tr("Measured step (s)"));
    m_plot->yAxis->setLabel(tr("Model's step (s)"));
    // The legend sits under the plot: inside, it hid the fitted points on the diagonal (Chinese,
    // 1280x800 at 150%) and was cut at the right edge.
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    m_plot->plotLayout()->addElement(1, 0, m_plot->legend);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_plot->legend->setWrap(2);
    m_plot->legend->setBorderPen(Qt::NoPen);
}

// The two tables above each other on the left, the plot on the right.
QSplitter *TrainingCalibrationDialog::arrangeTablesAndPlot()
{
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("calibrationSplitter"));
    auto *left = new QSplitter(Qt::Vertical, split);
    left->addWidget(m_table);
    left->addWidget(m_missing);
    left->setStretchFactor(0, 3);
    left->setStretchFactor(1, 1);
    split->addWidget(left);
    split->addWidget(m_plot);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    return split;
}

// The GPU preset, the values and the cells of the missing values refit; Save saves.
void TrainingCalibrationDialog::connectSignals()
{
    connect(m_gpuCombo, &QComboBox::activated, this, [this] {
        m_gpuChosenByUser = true;
        refit();
    });
    connect(m_values, &QLineEdit::editingFinished, this, &TrainingCalibrationDialog::refit);
    connect(m_missing, &QTableWidget::itemChanged, this, &TrainingCalibrationDialog::missingValueEdited);
    connect(m_save, &QPushButton::clicked, this, &TrainingCalibrationDialog::savePreset);
}

// A value typed into the table of what the logs do not print: the log's own, then a refit.
void TrainingCalibrationDialog::missingValueEdited(QTableWidgetItem *item)
{
    if (m_rebuilding || item->column() != MissValue)
        return;
    const int log = item->data(Qt::UserRole).toInt();
    const QString path = item->data(Qt::UserRole + 1).toString();
    if (log < 0 || log >= int(m_logs.size()))
        return;
    const QString value = item->text().trimmed();
    if (value.isEmpty())
        m_logs[std::size_t(log)].given.remove(path);
    else
        m_logs[std::size_t(log)].given.insert(path, value);
    refit();
}

TrainingCalibrationDialog::~TrainingCalibrationDialog()
{
    // A cell editor still open commits when the dialog hides, after m_logs is gone: not to us.
    disconnect(m_missing, nullptr, this, nullptr);
}

void TrainingCalibrationDialog::setPresetCatalog(const PresetCatalog &catalog)
{
    m_catalog = catalog;
    const QString current = m_gpuCombo->currentData().toString();
    m_gpuCombo->clear();
    for (const Preset &p : m_catalog.presets(Section::Gpu))
        m_gpuCombo->addItem(QStringLiteral("%1 (%2)").arg(presetNameText(p), p.id), p.id);
    const int at = m_gpuCombo->findData(current);
    if (at >= 0)
        m_gpuCombo->setCurrentIndex(at);
    refit();
}

void TrainingCalibrationDialog::clearLogs()
{
    m_logs.clear();
    m_gpuChosenByUser = false;
    rebuildMissing();
    refit();
}

void TrainingCalibrationDialog::addLogs(const QStringList &files)
{
    for (const QString &file : files) {
        Log l;
        l.file = file;
        QByteArray bytes;
        QString why;
        traininglog::ParseError err;
        l.opened = readTrainingLogFile(file, bytes, &why);
        if (!l.opened) {
            l.readErrorPath = why;
        } else if (!traininglog::parseTrainingLog(std::string_view(bytes.constData(), std::size_t(bytes.size())),
                                                  traininglog::Framework::Unknown, l.log, err)) {
            l.readErrorPath = QStringLiteral("%1:%2:%3: %4")
                                  .arg(file)
                                  .arg(err.line)
                                  .arg(err.column)
                                  .arg(windowText(err.message));
        }
        if (!l.readErrorPath.isEmpty()) {
            // The cell is narrow and the Log column names the file: its name, not its path, places the reason.
            l.readError = l.readErrorPath;
            if (l.readError.startsWith(file))
                l.readError.replace(0, file.size(), QFileInfo(file).fileName());
        } else {
            l.sha256 = QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
            l.steady = traininglog::steadyState(l.log);
            l.read = readTrainingPlan(l.log);
            l.guess = matchGpuPreset(m_catalog, l.read.gpuName);
            if (!l.steady.ok)
                l.readError = tr("no step time left after warm-up");
        }
        m_logs.push_back(l);
    }
    // The GPU the logs' device names match, until the user chooses one.
    if (!m_gpuChosenByUser)
        for (const Log &l : m_logs)
            if (!l.guess.isEmpty()) {
                const int at = m_gpuCombo->findData(l.guess);
                if (at >= 0)
                    m_gpuCombo->setCurrentIndex(at);
                break;
            }
    rebuildMissing();
    refit();
}

void TrainingCalibrationDialog::rebuildMissing()
{
    m_rebuilding = true;
    m_missing->setRowCount(0);
    for (std::size_t i = 0; i < m_logs.size(); ++i) {
        const Log &l = m_logs[i];
        if (!l.readError.isEmpty())
            continue;
        for (const QString &path : l.read.missing) {
            const int row = m_missing->rowCount();
            m_missing->insertRow(row);
            auto *log = new QTableWidgetItem(QFileInfo(l.file).fileName());
            log->setFlags(log->flags() & ~Qt::ItemIsEditable);
            auto *field = new QTableWidgetItem(path);
            field->setFlags(field->flags() & ~Qt::ItemIsEditable);
            auto *value = new QTableWidgetItem(l.given.value(path));
            value->setData(Qt::UserRole, int(i));
            value->setData(Qt::UserRole + 1, path);
            m_missing->setItem(row, MissLog, log);
            m_missing->setItem(row, MissField, field);
            m_missing->setItem(row, MissValue, value);
        }
    }
    m_missing->resizeColumnsToContents();
    m_missing->setVisible(m_missing->rowCount() > 0);
    m_rebuilding = false;
}

QMap<QString, QString> TrainingCalibrationDialog::values(QStringList *bad) const
{
    QMap<QString, QString> out;
    for (const QString &part : m_values->text().split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const int eq = part.indexOf(QLatin1Char('='));
        if (eq <= 0) {
            *bad << part.trimmed();
            continue;
        }
        out.insert(part.left(eq).trimmed(), part.mid(eq + 1).trimmed());
    }
    return out;
}

void TrainingCalibrationDialog::refit()
{
    m_fit.reset();
    QStringList bad;
    const QMap<QString, QString> all = values(&bad);
    const std::optional<Preset> gpu = m_catalog.find(Section::Gpu, m_gpuCombo->currentData().toString());
    std::vector<double> measured;
    std::vector<int> fitted; // index of each fitted log in m_logs
    fitLogs(all, gpu, fitted, measured);
    m_table->setRowCount(int(m_logs.size()));
    for (std::size_t i = 0; i < m_logs.size(); ++i)
        showLogRow(i, fitted, measured);
    m_table->resizeColumnsToContents();
    markMissingValues();
    drawScatter(fitted, measured);
    m_fitLabel->setText(fitText(bad, gpu));
    m_save->setEnabled(m_fit.has_value());
}

// The values of the Values line for the Nth log (1-based; "N:path=value" is for the Nth log
// only), then those typed into the log's own cells.
QMap<QString, QString> TrainingCalibrationDialog::valuesForLog(const QMap<QString, QString> &all, const Log &l,
                                                               int number)
{
    QMap<QString, QString> mine;
    for (auto it = all.constBegin(); it != all.constEnd(); ++it) {
        const int colon = it.key().indexOf(QLatin1Char(':'));
        if (colon > 0) {
            if (it.key().left(colon).toInt() == number)
                mine.insert(it.key().mid(colon + 1), it.value());
        } else {
            mine.insert(it.key(), it.value());
        }
    }
    for (auto it = l.given.constBegin(); it != l.given.constEnd(); ++it)
        mine.insert(it.key(), it.value()); // typed into this log's own cell
    return mine;
}

// Each readable log's plan on the GPU, and the compute factor fitted across those that have one
// (m_fit): `fitted` the logs' indexes in m_logs, `measured` their step times.
void TrainingCalibrationDialog::fitLogs(const QMap<QString, QString> &all, const std::optional<Preset> &gpu,
                                        std::vector<int> &fitted, std::vector<double> &measured)
{
    std::vector<Plan> plans;
    for (std::size_t i = 0; i < m_logs.size(); ++i) {
        Log &l = m_logs[i];
        l.scenario.reset();
        l.planError.clear();
        if (!l.readError.isEmpty())
            continue;
        const QMap<QString, QString> mine = valuesForLog(all, l, int(i) + 1);
        Scenario s;
        std::vector<Sentence> errors;
        if (gpu && trainingScenario(l.read, mine, *gpu, m_catalog, s, errors)) {
            l.scenario = s;
            plans.push_back(s.plan);
            measured.push_back(l.steady.median_s);
            fitted.push_back(int(i));
        } else if (gpu) {
            l.planError = windowTexts(errors).join(QStringLiteral("; "));
        }
    }
    if (!plans.empty()) {
        const FactorFit f = fitComputeFactor(plans, measured);
        if (f.ok)
            m_fit = f;
    }
}

void TrainingCalibrationDialog::setLogCell(int row, int column, const QString &text, bool marked)
{
    auto *item = new QTableWidgetItem(text);
    if (marked) {
        item->setBackground(QColor(255, 236, 179));
        item->setToolTip(text);
    }
    m_table->setItem(row, column, item);
}

// The row of the log m_logs[i]: its plan and step times, or why it has none (marked).
void TrainingCalibrationDialog::showLogRow(std::size_t i, const std::vector<int> &fitted,
                                           const std::vector<double> &measured)
{
    const Log &l = m_logs[i];
    const int row = int(i);
    setLogCell(row, ColLog, QFileInfo(l.file).fileName());
    QString framework; // none for a file never read: nothing to recognise
    if (l.opened)
        framework = l.log.framework == traininglog::Framework::Unknown
            ? tr("not recognised")
            : QString::fromLatin1(traininglog::toString(l.log.framework));
    setLogCell(row, ColFramework, framework);
    // The plan cell's tooltip: how the reader and the plan took each value the log does not print.
    const auto explainPlan = [this, &l, row] {
        QStringList lines;
        for (const traininglog::Note &n : l.log.notes)
            lines << (n.line > 0 ? tr("line %1: %2").arg(n.line).arg(windowText(n.text)) : windowText(n.text));
        lines << windowTexts(l.read.notes);
        QTableWidgetItem *item = m_table->item(row, ColPlan);
        if (!item)
            return;
        // A refusal by the path the file was added with (the cell has its name), then the notes the
        // reader made before it refused (a truncated last line, a line too long).
        const QString head = !l.readErrorPath.isEmpty() ? l.readErrorPath : item->text();
        item->setToolTip(lines.isEmpty() ? head : head + QStringLiteral("\n\n") + lines.join(QLatin1Char('\n')));
    };
    const auto at = std::find(fitted.begin(), fitted.end(), int(i));
    if (at == fitted.end() || !m_fit) {
        const QString why = !l.readError.isEmpty() ? l.readError
            : !l.planError.isEmpty()               ? l.planError
                                                   : tr("choose a GPU preset");
        setLogCell(row, ColPlan, why, true);
        explainPlan();
        setLogCell(row, ColMeasured, l.steady.ok ? seconds(l.steady.median_s) : QString());
        for (int c : {ColPredicted, ColCalibrated, ColLeftOut})
            setLogCell(row, c, QString());
        return;
    }
    const std::size_t k = std::size_t(at - fitted.begin());
    const Plan &p = l.scenario->plan;
    setLogCell(row, ColPlan,
               tr("%1 layers x %2, seq %3, global batch %4; tp %5 pp %6 cp %7 dp %8 on %9 GPUs")
                   .arg(p.model.layers)
                   .arg(p.model.hidden)
                   .arg(p.training.seq_len)
                   .arg(p.training.global_batch)
                   .arg(p.training.tp)
                   .arg(p.training.pp)
                   .arg(p.training.cp)
                   .arg(p.training.dp)
                   .arg(p.cluster.nodes * p.cluster.gpus_per_node),
               !l.read.missing.isEmpty());
    explainPlan();
    const double m = measured[k];
    setLogCell(row, ColMeasured, seconds(m));
    setLogCell(row, ColPredicted,
               QStringLiteral("%1 (%2)").arg(seconds(m * (1 + m_fit->before[k])), signedPct(m_fit->before[k])));
    setLogCell(row, ColCalibrated,
               QStringLiteral("%1 (%2)").arg(seconds(m * (1 + m_fit->after[k])), signedPct(m_fit->after[k])));
    setLogCell(row, ColLeftOut,
               m_fit->looError.empty() ? QString()
                                       : QStringLiteral("%1 (%2)").arg(seconds(m * (1 + m_fit->looError[k])),
                                                                       signedPct(m_fit->looError[k])));
}

// The marks of the missing values: still to give, or given.
void TrainingCalibrationDialog::markMissingValues()
{
    m_rebuilding = true;
    for (int row = 0; row < m_missing->rowCount(); ++row) {
        QTableWidgetItem *item = m_missing->item(row, MissValue);
        const bool empty = item->text().trimmed().isEmpty();
        item->setBackground(empty ? kAskColor : kGivenColor);
        item->setToolTip(empty ? tr("The log does not print this: type the value (it is never guessed)")
                               : tr("Given by you"));
    }
    m_rebuilding = false;
}

// The text under the tables: the values not understood, and the fit or why there is none.
QString TrainingCalibrationDialog::fitText(const QStringList &bad, const std::optional<Preset> &gpu) const
{
    QString text;
    if (!bad.isEmpty())
        text = tr("Not PATH=VALUE: %1. ").arg(bad.join(QStringLiteral(", ")));
    if (m_fit) {
        text += tr("Factor %1 on the compute efficiency of %2 (%3 -> %4). Mean error before %5%, after %6%, left out "
                   "%7.")
                    .arg(QLocale().toString(m_fit->factor, 'f', 3), gpu->id,
                         QLocale().toString(gpu->values.value(QStringLiteral("compute_efficiency")).toDouble(), 'f',
                                            3),
                         QLocale().toString(
                             std::clamp(gpu->values.value(QStringLiteral("compute_efficiency")).toDouble()
                                            * m_fit->factor,
                                        0.05, 0.98),
                             'f', 3),
                         QLocale().toString(100 * m_fit->meanAbsBefore, 'f', 1),
                         QLocale().toString(100 * m_fit->meanAbsAfter, 'f', 1),
                         m_fit->looError.empty()
                             ? tr("- (one log)")
                             : QLocale().toString(100 * m_fit->meanAbsLoo, 'f', 1) + QLatin1Char('%'));
        if (m_fit->atBound)
            text += QLatin1Char(' ')
                + tr("The factor stopped at its bound: the logs and their plans disagree by more than compute "
                     "efficiency explains.");
        if (m_fit->commFitted)
            text += QLatin1Char(' ')
                + tr("Communication factor %1 on the NVLink and network bandwidth: the logs vary enough to tell it "
                     "from compute.")
                      .arg(QLocale().toString(m_fit->commFactor, 'f', 3));
        else if (m_fit->before.size() >= 2)
            text += QLatin1Char(' ')
                + tr("Communication is not fitted: the logs do not vary the layout or the scale enough to tell it "
                     "from compute.");
    } else if (!m_logs.empty()) {
        text += tr("Nothing to fit yet: give what the marked logs do not print, or choose the GPU preset.");
    }
    return text;
}

void TrainingCalibrationDialog::drawScatter(const std::vector<int> &fitted, const std::vector<double> &measured)
{
    m_plot->clearGraphs();
    QVector<double> keys, before, after;
    double lo = 0, hi = 0;
    if (m_fit)
        for (std::size_t k = 0; k < fitted.size() && k < m_fit->before.size(); ++k) {
            const double m = measured[k];
            const double b = m * (1 + m_fit->before[k]);
            const double a = m * (1 + m_fit->after[k]);
            if (!(m > 0 && b > 0 && a > 0) || !std::isfinite(b) || !std::isfinite(a))
                continue;
            keys << m;
            before << b;
            after << a;
            lo = keys.size() == 1 ? std::min({m, b, a}) : std::min({lo, m, b, a});
            hi = std::max({hi, m, b, a});
        }
    const auto addGraph = [this](const QString &objectName, const QString &name, const QPen &pen,
                                 const QCPScatterStyle &scatter, QCPGraph::LineStyle line) {
        return addNamedGraph(m_plot, objectName, name, pen, scatter, line);
    };
    if (!keys.isEmpty()) {
        lo /= 1.5;
        hi *= 1.5;
        addGraph(QStringLiteral("equalGraph"), tr("Model = measured"), QPen(QColor(150, 150, 150), 1, Qt::DashLine),
                 QCPScatterStyle(), QCPGraph::lsLine)
            ->setData({lo, hi}, {lo, hi});
        addGraph(QStringLiteral("beforeGraph"), tr("Before the fit"), QPen(QColor(200, 90, 0)),
                 QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(QColor(200, 90, 0), 1.5), Qt::NoBrush, 8),
                 QCPGraph::lsNone)
            ->setData(keys, before, true);
        addGraph(QStringLiteral("afterGraph"), tr("After the fit"), QPen(QColor(20, 90, 170)),
                 QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(20, 90, 170), 7), QCPGraph::lsNone)
            ->setData(keys, after, true);
        m_plot->xAxis->setRange(lo, hi);
        m_plot->yAxis->setRange(lo, hi);
    }
    m_plot->legend->setVisible(!keys.isEmpty());
    m_plot->setAccessibleName(tr("Model's step time against measured, before and after the fit"));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void TrainingCalibrationDialog::savePreset()
{
    const std::optional<Preset> gpu = m_catalog.find(Section::Gpu, m_gpuCombo->currentData().toString());
    if (!m_fit || !gpu)
        return;
    bool ok = false;
    const QString id = QInputDialog::getText(this, tr("Save preset"), tr("Id of the measured GPU preset:"),
                                             QLineEdit::Normal, gpu->id + QStringLiteral("-measured"), &ok)
                           .trimmed();
    if (!ok || id.isEmpty())
        return;
    QList<LogProvenance> logs;
    for (const Log &l : m_logs)
        if (l.scenario)
            logs.append({QFileInfo(l.file).fileName(), l.sha256});
    emit calibratedGpuReady(measuredGpuPreset(*gpu, *m_fit, logs, QDate::currentDate(), id));
}

} // namespace commtax
