// SPDX-License-Identifier: GPL-3.0-or-later
#include "searchdialog.h"

#include "charts/graphs.h"
#include "core/fields.h"
#include "core/resultio.h"
#include "plandocument.h"
#include "screenfit.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QThread>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

namespace commtax {

namespace {

// Memory headroom bands of the scatter's colours (GB of usable memory left per GPU).
constexpr double kTightHeadroomGb = 5.0;
constexpr double kRoomyHeadroomGb = 20.0;

// The table's columns; numbers are stored as numbers so that sorting is numeric.
enum Column { ColList,
              ColRank,
              ColGpus,
              ColTp,
              ColPp,
              ColCp,
              ColEp,
              ColVpp,
              ColDp,
              ColGlobalBatch,
              ColMicroBatch,
              ColZero,
              ColRecompute,
              ColSp,
              ColStep,
              ColCommTax,
              ColBubble,
              ColMfu,
              ColMemory,
              ColHeadroom,
              ColDays,
              ColCost,
              ColTco,
              ColCount };

QStandardItem *numberItem(double v, int decimals)
{
    auto *item = new QStandardItem;
    item->setData(v, Qt::UserRole + 1);
    item->setData(formatNumber(v, decimals), Qt::DisplayRole);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

// A number shown with its unit ("45.6%", "$878.5k"), sorted by the number.
QStandardItem *unitItem(double v, const QString &text)
{
    auto *item = new QStandardItem;
    item->setData(v, Qt::UserRole + 1);
    item->setData(text, Qt::DisplayRole);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QStandardItem *percentItem(double share)
{
    return unitItem(100 * share, formatNumber(100 * share, 1) + QLatin1Char('%'));
}

QStandardItem *moneyItem(double usd)
{
    return unitItem(usd, formatMetric(metricInfo(MetricId::Tco), usd));
}

QStandardItem *intItem(int v)
{
    auto *item = new QStandardItem;
    item->setData(v, Qt::DisplayRole);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

// Sorts the number columns by the value behind the formatted text.
class NumericProxy : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

protected:
    bool lessThan(const QModelIndex &a, const QModelIndex &b) const override
    {
        const QVariant va = a.data(Qt::UserRole + 1), vb = b.data(Qt::UserRole + 1);
        if (va.isValid() && vb.isValid())
            return va.toDouble() < vb.toDouble();
        return QSortFilterProxyModel::lessThan(a, b);
    }
};

} // namespace

SearchDialog::SearchDialog(PlanDocument *doc, QWidget *parent)
    : QDialog(parent)
    , m_doc(doc)
{
    setObjectName(QStringLiteral("searchDialog"));
    setWindowTitle(tr("Find best layout"));

    createSpaceFields();
    createLimitFields();
    QGridLayout *form = buildForm();
    QHBoxLayout *buttons = buildSearchRow();
    buildPlot();
    buildTable();

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_plot);
    splitter->addWidget(m_table);
    splitter->setSizes({400, 600}); // scaled to the height it gets
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(m_summary);
    layout->addWidget(splitter, 1);
    layout->addLayout(buildBottomRow());
    fitToScreen(this, QSize(1100, 760));

    connectSignals();
    updateButtons();
}

// What to search: the objective, the GPU counts and the tokens per step.
void SearchDialog::createSpaceFields()
{
    m_objective = new QComboBox(this);
    m_objective->setObjectName(QStringLiteral("objectiveCombo"));
    m_objective->addItem(tr("Time to train (days)"), int(search::Objective::Time));
    m_objective->addItem(tr("Cost (USD per billion tokens)"), int(search::Objective::Cost));
    m_objective->addItem(tr("TCO of the run (USD)"), int(search::Objective::Tco));
    m_range = new QCheckBox(tr("Search GPU counts from"), this);
    m_range->setObjectName(QStringLiteral("gpuRangeCheck"));
    m_range->setToolTip(tr("Every whole number of nodes in the range; off: the plan's GPU count only"));
    m_gpusMin = new QSpinBox(this);
    m_gpusMin->setObjectName(QStringLiteral("gpusMinSpin"));
    m_gpusMax = new QSpinBox(this);
    m_gpusMax->setObjectName(QStringLiteral("gpusMaxSpin"));
    for (QSpinBox *s : {m_gpusMin, m_gpusMax})
        s->setRange(1, 1000000);
    m_gpusMin->setValue(8);
    m_gpusMax->setValue(1024);
    // Tokens per step in millions: the plan's global batch, or every global batch of whole
    // sequences in the range.
    const TrainingSpec &planTraining = m_doc->scenario().plan.training;
    const double planTokensM = double(planTraining.global_batch) * planTraining.seq_len / 1e6;
    m_tokensRange = new QCheckBox(tr("Vary the global batch from"), this);
    m_tokensRange->setObjectName(QStringLiteral("tokensRangeCheck"));
    m_tokensRange->setToolTip(tr("Every global batch of whole sequences whose tokens per step lie in the range; off: the plan's global batch only"));
    m_tokensMin = new QDoubleSpinBox(this);
    m_tokensMin->setObjectName(QStringLiteral("tokensMinSpin"));
    m_tokensMax = new QDoubleSpinBox(this);
    m_tokensMax->setObjectName(QStringLiteral("tokensMaxSpin"));
    for (QDoubleSpinBox *s : {m_tokensMin, m_tokensMax}) {
        s->setRange(0.001, 1e6);
        s->setDecimals(3);
        s->setSingleStep(0.5);
    }
    m_tokensMin->setValue(planTokensM / 2);
    m_tokensMax->setValue(planTokensM);
}

// The limits: at most GPUs, the budget, the deadline; and how many plans to list.
void SearchDialog::createLimitFields()
{
    m_maxGpus = new QSpinBox(this);
    m_maxGpus->setObjectName(QStringLiteral("maxGpusSpin"));
    m_maxGpus->setRange(0, 10000000);
    m_maxGpus->setSpecialValueText(tr("no limit"));
    m_budget = new QDoubleSpinBox(this);
    m_budget->setObjectName(QStringLiteral("budgetSpin"));
    m_budget->setRange(0, 1e12);
    m_budget->setDecimals(0);
    m_budget->setSingleStep(1e6);
    m_budget->setSpecialValueText(tr("no limit"));
    m_budget->setToolTip(tr("Capex when buying; the run's TCO when renting"));
    m_deadline = new QDoubleSpinBox(this);
    m_deadline->setObjectName(QStringLiteral("deadlineSpin"));
    m_deadline->setRange(0, 1e6);
    m_deadline->setDecimals(1);
    m_deadline->setSpecialValueText(tr("no limit"));
    m_top = new QSpinBox(this);
    m_top->setObjectName(QStringLiteral("topSpin"));
    m_top->setRange(1, 1000);
    m_top->setValue(20);
}

// The space on the left, the limits on the right: three rows, not seven, so that the plot and
// the table keep their height on a 1280x800 screen at 150% (853x533).
QGridLayout *SearchDialog::buildForm()
{
    auto *gpus = new QHBoxLayout;
    gpus->addWidget(m_range);
    gpus->addWidget(m_gpusMin);
    gpus->addWidget(new QLabel(tr("to"), this));
    gpus->addWidget(m_gpusMax);
    gpus->addStretch();
    auto *tokens = new QHBoxLayout;
    tokens->addWidget(m_tokensRange);
    tokens->addWidget(m_tokensMin);
    tokens->addWidget(new QLabel(tr("to"), this));
    tokens->addWidget(m_tokensMax);
    tokens->addStretch();
    auto *form = new QGridLayout;
    auto addRow = [&](int row, int column, const QString &label, QWidget *field, QLayout *fields = nullptr) {
        auto *l = new QLabel(label, this);
        l->setBuddy(field);
        form->addWidget(l, row, column);
        if (fields)
            form->addLayout(fields, row, column + 1);
        else
            form->addWidget(field, row, column + 1);
    };
    auto *objective = new QHBoxLayout;
    objective->addWidget(m_objective, 1);
    auto *listed = new QLabel(tr("Plans listed"), this);
    listed->setBuddy(m_top);
    objective->addWidget(listed);
    objective->addWidget(m_top);
    addRow(0, 0, tr("Objective"), m_objective, objective);
    addRow(1, 0, tr("GPUs"), m_range, gpus);
    addRow(2, 0, tr("Tokens per step (millions)"), m_tokensRange, tokens);
    addRow(0, 2, tr("At most GPUs"), m_maxGpus);
    addRow(1, 2, tr("Budget (USD)"), m_budget);
    addRow(2, 2, tr("Deadline (days)"), m_deadline);
    form->setColumnStretch(1, 1);
    return form;
}

// Search, Cancel, the progress and the count; the summary under them.
QHBoxLayout *SearchDialog::buildSearchRow()
{
    m_searchButton = new QPushButton(tr("Search"), this);
    m_searchButton->setObjectName(QStringLiteral("searchButton"));
    m_searchButton->setDefault(true);
    m_cancelButton = new QPushButton(tr("Cancel"), this);
    m_cancelButton->setObjectName(QStringLiteral("cancelButton"));
    m_useButton = new QPushButton(tr("Use this layout"), this);
    m_useButton->setObjectName(QStringLiteral("useLayoutButton"));
    m_useButton->setToolTip(tr("Put the selected layout into the plan (one step to undo)"));
    m_progressBar = new QProgressBar(this);
    m_progressBar->setObjectName(QStringLiteral("searchProgress"));
    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("searchCount"));
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("searchSummary"));
    m_summary->setWordWrap(true);
    // Two lines of text are two lines: the plot and the table give way, not the summary.
    m_summary->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_searchButton);
    buttons->addWidget(m_cancelButton);
    buttons->addWidget(m_progressBar, 1);
    buttons->addWidget(m_count);
    return buttons;
}

// The Pareto plot: days to train against USD per billion tokens.
void SearchDialog::buildPlot()
{
    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("paretoPlot"));
    m_plot->setMinimumHeight(110); // the splitter gives it the rest of a larger screen
    m_plot->xAxis->setLabel(tr("Days to train"));
    fitVerticalAxisTitle(m_plot, m_plot->yAxis, tr("USD per billion tokens"), tr("USD/B tokens"));
    // The legend right of the plot, not over its points: the plot may be only 110 px high. It
    // shows once there is something to name (showResult()).
    m_plot->legend->setVisible(false);
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    m_plot->plotLayout()->addElement(0, 1, m_plot->legend);
    m_plot->plotLayout()->setColumnStretchFactor(1, 0.001);
    m_plot->legend->setMargins(QMargins(4, 2, 4, 2));
    fitSideLegendToHeight(m_plot);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
}

// The table of the plans found, sorted by any column.
void SearchDialog::buildTable()
{
    m_model = new QStandardItemModel(0, ColCount, this);
    m_model->setHorizontalHeaderLabels({tr("List"), tr("#"), tr("GPUs"), QStringLiteral("tp"), QStringLiteral("pp"), QStringLiteral("cp"), QStringLiteral("ep"), QStringLiteral("vpp"), QStringLiteral("dp"), tr("Global batch"), tr("Micro-batch"), tr("ZeRO"), tr("Recompute"), tr("SP"), tr("Step (s)"), tr("Comm tax"), tr("Bubble"), tr("MFU"), tr("Memory (GB)"), tr("Free (GB)"), tr("Days"), tr("USD/B tokens"), tr("TCO (USD)")});
    m_proxy = new NumericProxy(this);
    m_proxy->setSourceModel(m_model);
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("searchTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->hide();
    // Three rows show however small the screen: the plot above gives way first.
    m_table->setMinimumHeight(m_table->horizontalHeader()->sizeHint().height()
                              + 3 * m_table->verticalHeader()->defaultSectionSize()
                              + m_table->horizontalScrollBar()->sizeHint().height() + 2 * m_table->frameWidth());
}

// "Use this layout" and Close.
QHBoxLayout *SearchDialog::buildBottomRow()
{
    auto *bottom = new QHBoxLayout;
    bottom->addStretch();
    bottom->addWidget(m_useButton);
    auto *close = new QPushButton(tr("Close"), this);
    close->setObjectName(QStringLiteral("closeButton"));
    bottom->addWidget(close);
    connect(close, &QPushButton::clicked, this, &QDialog::close);
    return bottom;
}

// The search's watcher and progress timer, and what the buttons and the selection do.
void SearchDialog::connectSignals()
{
    m_watcher = new QFutureWatcher<search::SearchResult>(this);
    m_poll = new QTimer(this);
    m_poll->setInterval(50);
    connect(m_poll, &QTimer::timeout, this, &SearchDialog::updateProgress);
    connect(m_watcher, &QFutureWatcherBase::finished, this, &SearchDialog::finished);
    connect(m_searchButton, &QPushButton::clicked, this, &SearchDialog::startSearch);
    connect(m_cancelButton, &QPushButton::clicked, this, &SearchDialog::cancelSearch);
    connect(m_useButton, &QPushButton::clicked, this, &SearchDialog::useSelectedLayout);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &SearchDialog::updateButtons);
    connect(m_range, &QCheckBox::toggled, this, &SearchDialog::updateButtons);
    connect(m_tokensRange, &QCheckBox::toggled, this, &SearchDialog::updateButtons);
}

SearchDialog::~SearchDialog()
{
    m_cancel = true;
    m_watcher->waitForFinished();
}

bool SearchDialog::isRunning() const
{
    return m_watcher->isRunning();
}

void SearchDialog::updateButtons()
{
    const bool running = isRunning();
    m_searchButton->setEnabled(!running);
    m_cancelButton->setEnabled(running);
    m_useButton->setEnabled(!running && m_table->selectionModel()->hasSelection());
    m_gpusMin->setEnabled(m_range->isChecked());
    m_gpusMax->setEnabled(m_range->isChecked());
    m_tokensMin->setEnabled(m_tokensRange->isChecked());
    m_tokensMax->setEnabled(m_tokensRange->isChecked());
}

void SearchDialog::startSearch()
{
    if (isRunning())
        return;
    m_space = search::Space{};
    m_space.base = m_doc->scenario().plan;
    if (m_range->isChecked()) {
        m_space.gpus_min = std::min(m_gpusMin->value(), m_gpusMax->value());
        m_space.gpus_max = std::max(m_gpusMin->value(), m_gpusMax->value());
    }
    if (m_tokensRange->isChecked()) {
        m_space.tokens_min = std::llround(1e6 * std::min(m_tokensMin->value(), m_tokensMax->value()));
        m_space.tokens_max = std::llround(1e6 * std::max(m_tokensMin->value(), m_tokensMax->value()));
        if (search::globalBatchCount(m_space) == 0) {
            m_summary->setText(tr("No global batch of whole sequences of %1 tokens lies in that range of tokens per step.").arg(QLocale().toString(m_space.base.training.seq_len)));
            return;
        }
    }
    search::Options options;
    m_objectiveValue = static_cast<search::Objective>(m_objective->currentData().toInt());
    options.objective = m_objectiveValue;
    options.top = m_top->value();
    options.constraints.max_gpus = m_maxGpus->value();
    options.constraints.budget_usd = m_budget->value();
    options.constraints.deadline_days = m_deadline->value();
    // Leave a core to the window, and give the window and the engine's jobs the cores whenever
    // they want them (the search's threads at the lowest priority): editing stays as fast while a
    // search runs (tests/tools/edit-latency-with-search.sh).
    options.threads = std::max(1, QThread::idealThreadCount() - 1);
    options.low_priority = m_lowPriority;
    m_cancel = false;
    m_progress = 0;
    options.cancel = &m_cancel;
    options.progress = &m_progress;
    // A space that cannot finish in reasonable time is refused with its size (issue 22): the
    // contexts by arithmetic here, the layouts by the job, which counts them before it searches.
    const std::int64_t contexts = search::countContexts(m_space, options.constraints);
    if (contexts > search::kMaxContexts) {
        m_summary->setText(tr("The space has %1 contexts (GPU, GPU count and global batch), more than the %2 a search can finish in reasonable time: narrow the GPU counts or the tokens per step.").arg(QLocale().toString(qlonglong(contexts)), QLocale().toString(qlonglong(search::kMaxContexts))));
        return;
    }
    m_total = kCounting;
    m_stopCount = false;
    m_refusal = Refusal::None;
    m_started.start();
    m_progressBar->setRange(0, 0); // busy while counting
    m_summary->setText(tr("Counting the layouts..."));
    const search::Space space = m_space;
    m_watcher->setFuture(QtConcurrent::run([this, space, options] {
        const std::int64_t n = search::countSpace(space, options.constraints, &m_stopCount, search::kMaxLayouts);
        if (m_cancel.load()) {
            search::SearchResult cancelled;
            cancelled.cancelled = true;
            return cancelled;
        }
        if (m_stopCount.load() || n > search::kMaxLayouts) {
            m_refusal = m_stopCount.load() ? Refusal::CountTooLong : Refusal::TooManyLayouts;
            m_total = std::min(n, search::kMaxLayouts + 1);
            return search::SearchResult{};
        }
        m_total = n;
        return search::runSearch(space, options);
    }));
    m_poll->start();
    updateProgress();
    updateButtons();
}

void SearchDialog::cancelSearch()
{
    m_cancel = true;
    m_stopCount = true;
}

void SearchDialog::updateProgress()
{
    const std::int64_t total = m_total.load();
    if (total == kCounting) {
        const qint64 ms = m_started.elapsed();
        if (ms > 1000LL * search::kMaxCountSeconds)
            m_stopCount = true;
        m_count->setText(tr("Counting the layouts (%1 s)...").arg(ms / 1000));
        return;
    }
    if (m_progressBar->maximum() == 0)
        m_progressBar->setRange(0, 1000);
    const std::int64_t done = m_progress.load();
    m_progressBar->setValue(total > 0 ? int(1000.0 * double(std::min(done, total)) / double(total)) : 0);
    const QLocale locale;
    const QString searched = tr("%1 of %2 layouts searched");
    m_count->setText(searched.arg(locale.toString(qlonglong(done)), locale.toString(qlonglong(total))));
    if (isRunning())
        m_summary->setText(tr("Searching..."));
}

void SearchDialog::finished()
{
    m_poll->stop();
    m_result = m_watcher->result();
    const Refusal refusal = m_refusal.load();
    if (refusal != Refusal::None) {
        showResult(); // empty: the last search's plans do not belong to this space
        m_progressBar->setRange(0, 1000);
        m_progressBar->setValue(0);
        m_count->clear();
        const QLocale locale;
        if (refusal == Refusal::TooManyLayouts) {
            const QString why = tr("The space has more than %1 layouts, more than a search can finish in reasonable "
                                   "time: narrow the GPU counts or the tokens per step.");
            m_summary->setText(why.arg(locale.toString(qlonglong(search::kMaxLayouts))));
        } else {
            const QString why = tr("Counting the layouts took over %1 s (%2 counted): the space is more than a search "
                                   "can finish in reasonable time; narrow the GPU counts or the tokens per step.");
            m_summary->setText(why.arg(search::kMaxCountSeconds).arg(locale.toString(qlonglong(m_total.load()))));
        }
        updateButtons();
        Q_EMIT searchFinished();
        return;
    }
    if (m_total.load() == kCounting) // cancelled while counting
        m_total = 0;
    updateProgress();
    showResult();
    updateButtons();
    Q_EMIT searchFinished();
}

void SearchDialog::showResult()
{
    m_summary->setText(resultSummary());
    fillTable();
    plotResult();
}

// "Searched N layouts (...) in S s.", and what the best gains over the runner-up.
QString SearchDialog::resultSummary() const
{
    const search::SearchResult &r = m_result;
    const QLocale locale;
    QString summary = r.cancelled ? tr("Cancelled after %1 layouts (%2 valid, %3 fit in memory) in %4 s.").arg(locale.toString(qlonglong(r.searched)), locale.toString(qlonglong(r.valid)), locale.toString(qlonglong(r.fits)), formatNumber(r.seconds, 3))
                                  : tr("Searched %1 layouts (%2 valid, %3 fit in memory, %4 meet the constraints) in %5 s.").arg(locale.toString(qlonglong(r.searched)), locale.toString(qlonglong(r.valid)), locale.toString(qlonglong(r.fits)), locale.toString(qlonglong(r.feasible)), formatNumber(r.seconds, 3));
    if (!r.cancelled && r.top.empty())
        summary += QLatin1Char(' ') + tr("No plan fits in memory and meets the constraints.");
    else if (r.top.size() > 1) {
        const double a = search::objectiveValue(m_objectiveValue, r.top[0].result), b = search::objectiveValue(m_objectiveValue, r.top[1].result);
        QStringList differs;
        for (const std::string &k : search::differingFields(r.top[0].layout, r.top[1].layout, m_space))
            differs << QString::fromStdString(k);
        summary += QLatin1Char(' ') + tr("The best is %1% better than the runner-up, which differs in %2.").arg(formatNumber(a > 0 ? 100 * (b - a) / a : 0.0, 1), differs.join(QStringLiteral(", ")));
    }
    return summary;
}

// The table: the top plans, then the front; the first row selected.
void SearchDialog::fillTable()
{
    const search::SearchResult &r = m_result;
    m_rows.clear();
    m_model->removeRows(0, m_model->rowCount());
    m_table->setSortingEnabled(false);
    auto addRows = [&](const QString &list, const std::vector<search::Found> &plans) {
        for (size_t i = 0; i < plans.size(); ++i) {
            const search::Found &f = plans[i];
            const Result &x = f.result;
            const search::Layout &l = f.layout;
            QList<QStandardItem *> row;
            auto *listItem = new QStandardItem(list);
            listItem->setData(int(m_rows.size()), Qt::UserRole + 2);
            row << listItem << intItem(int(i) + 1) << intItem(l.gpus) << intItem(l.value[search::DimTp]) << intItem(l.value[search::DimPp])
                << intItem(l.value[search::DimCp]) << intItem(l.value[search::DimEp]) << intItem(l.value[search::DimVpp]) << intItem(l.dp) << intItem(l.global_batch > 0 ? l.global_batch : m_space.base.training.global_batch) << intItem(l.value[search::DimMicroBatch]) << intItem(l.value[search::DimZero])
                << new QStandardItem(QLatin1String(toString(Recompute(l.value[search::DimRecompute]))))
                << new QStandardItem(l.value[search::DimSequenceParallel] ? tr("on") : tr("off")) << numberItem(x.step_time_s, 3)
                << percentItem(x.comm_tax_exposed) << percentItem(x.bubble_share) << percentItem(x.mfu)
                << numberItem(x.memory_total_gb, 1) << numberItem(search::memoryHeadroomGb(x), 1) << numberItem(x.days_to_train, 1)
                << numberItem(x.cost_per_billion_tokens_usd, 2) << moneyItem(x.tco_usd);
            m_model->appendRow(row);
            m_rows.push_back(f);
        }
    };
    addRows(tr("top"), r.top);
    addRows(tr("front"), r.pareto);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder);
    if (m_model->rowCount() > 0)
        m_table->selectRow(0);
}

// The scatter: every listed plan coloured by headroom, the front as a line, the current plan.
void SearchDialog::plotResult()
{
    const search::SearchResult &r = m_result;
    m_plot->clearGraphs();
    auto addGraph = [&](const char *name, const QString &label, const QColor &color, QCPScatterStyle::ScatterShape shape, bool line) {
        QCPGraph *g = m_plot->addGraph();
        g->setObjectName(QLatin1String(name));
        g->setName(label);
        g->setPen(line ? QPen(color, 1.5) : QPen(color));
        g->setLineStyle(line ? QCPGraph::lsLine : QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(shape, color, line ? Qt::white : color, line ? 7 : 6));
        return g;
    };
    QCPGraph *front = addGraph("pareto", tr("Pareto front"), QColor(40, 40, 40), QCPScatterStyle::ssCircle, true);
    QCPGraph *tight = addGraph("headroom_tight", tr("under %1 GB free").arg(kTightHeadroomGb), QColor(214, 39, 40), QCPScatterStyle::ssDisc, false);
    QCPGraph *some = addGraph("headroom_some", tr("%1-%2 GB free").arg(kTightHeadroomGb).arg(kRoomyHeadroomGb), QColor(255, 127, 14), QCPScatterStyle::ssDisc, false);
    QCPGraph *roomy = addGraph("headroom_roomy", tr("over %1 GB free").arg(kRoomyHeadroomGb), QColor(44, 160, 44), QCPScatterStyle::ssDisc, false);
    QCPGraph *current = addGraph("current", tr("current plan"), QColor(31, 119, 180), QCPScatterStyle::ssCrossCircle, false);
    current->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCrossCircle, QColor(31, 119, 180), 12));
    for (const search::Found &f : r.pareto)
        front->addData(f.result.days_to_train, f.result.cost_per_billion_tokens_usd);
    for (const search::Found &f : m_rows) {
        const double h = search::memoryHeadroomGb(f.result);
        (h < kTightHeadroomGb ? tight : h < kRoomyHeadroomGb ? some
                                                             : roomy)
            ->addData(f.result.days_to_train, f.result.cost_per_billion_tokens_usd);
    }
    const Evaluation now = evaluate(m_doc->scenario().plan);
    if (now.ok() && now.result.fits_in_memory && std::isfinite(now.result.days_to_train))
        current->addData(now.result.days_to_train, now.result.cost_per_billion_tokens_usd);
    // The legend names only what is drawn; an empty plot has none.
    for (int i = 0; i < m_plot->graphCount(); ++i)
        if (m_plot->graph(i)->dataCount() == 0)
            m_plot->graph(i)->removeFromLegend();
    m_plot->legend->setVisible(m_plot->legend->itemCount() > 0);
    m_plot->rescaleAxes();
    m_plot->xAxis->scaleRange(1.1);
    m_plot->yAxis->scaleRange(1.1);
    m_plot->replot();
}

QString SearchDialog::layoutText(const search::Layout &l)
{
    // tp, pp and dp always; cp, etp, ep and vpp when they split the work (not 1).
    QStringList parts;
    for (int dim : {int(search::DimTp), int(search::DimPp), int(search::DimCp), int(search::DimEtp), int(search::DimEp),
                    int(search::DimVpp)})
        if (dim == search::DimTp || dim == search::DimPp || l.value[dim] != 1)
            parts << QStringLiteral("%1=%2").arg(QLatin1String(search::dimKey(dim))).arg(l.value[dim]);
    parts << QStringLiteral("dp=%1").arg(l.dp);
    return parts.join(QLatin1Char(' '));
}

bool SearchDialog::useSelectedLayout()
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows(ColList);
    if (rows.isEmpty() || isRunning())
        return false;
    const int index = rows.first().data(Qt::UserRole + 2).toInt();
    if (index < 0 || size_t(index) >= m_rows.size())
        return false;
    const search::Layout &l = m_rows[size_t(index)].layout;
    const Plan plan = search::planOf(m_space, l);
    // Every cluster and training field to the searched plan's value, in one undo step.
    QList<QPair<const FieldInfo *, QJsonValue>> edits;
    for (Section s : {Section::Cluster, Section::Training})
        for (const FieldInfo *f : fieldsOf(s)) {
            const QJsonValue v = f->get(plan);
            if (v != f->get(m_doc->scenario().plan))
                edits.append({f, v});
        }
    if (edits.isEmpty())
        return false;
    QUndoStack *undo = m_doc->undoStack();
    undo->beginMacro(tr("Use layout %1 on %2 GPUs").arg(layoutText(l)).arg(l.gpus));
    for (const auto &[field, value] : edits)
        m_doc->setField(*field, value);
    // dp last: with "dp follows the GPUs" off, an earlier tp or pp edit left it as it was.
    if (const FieldInfo *dp = findField(Section::Training, QStringLiteral("dp")))
        m_doc->setField(*dp, plan.training.dp);
    undo->endMacro();
    return true;
}

void SearchDialog::closeEvent(QCloseEvent *event)
{
    m_cancel = true;
    QDialog::closeEvent(event);
}

} // namespace commtax
