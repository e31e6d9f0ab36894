// SPDX-License-Identifier: GPL-3.0-or-later
#include "buydialog.h"

#include "charts/timelinechart.h"
#include "core/gpumove.h"
#include "core/resultio.h"
#include "core/uncertaintyio.h"
#include "library/comparisonio.h"
#include "screenfit.h"
#include "search/buyquestion.h"
#include "search/buytext.h"
#include "text/modeltext.h"

#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSplitter>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <atomic>
#include <numeric>

namespace commtax {

// One request: its question and the flags its worker reads. The worker holds it too, so that a
// request the dialog dropped (a newer one, or the dialog closed) can finish on its own.
struct BuyDialog::Run {
    search::buy::Question q;
    QStringList ids;
    QStringList clusters;
    std::int64_t total = 0;
    std::atomic<bool> cancel{false};
    std::atomic<std::int64_t> progress{0};
    QFutureWatcher<search::buy::Answer> *watcher = nullptr;
};

namespace {

// "256, 512, 1024" (these counts) or "64-2048" (whole nodes in that range of GPUs); false when
// neither.
bool parseCounts(const QString &text, QList<int> &counts, int &min, int &max)
{
    counts.clear();
    min = max = 0;
    const QString t = text.simplified();
    static const QRegularExpression range(QStringLiteral("^(\\d+)\\s*-\\s*(\\d+)$"));
    if (const QRegularExpressionMatch m = range.match(t); m.hasMatch()) {
        min = m.captured(1).toInt();
        max = m.captured(2).toInt();
        return min >= 1 && max >= min && max <= kMaxGoalGpuCount;
    }
    const QStringList parts = t.split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts);
    for (const QString &p : parts) {
        bool ok = false;
        const int n = p.toInt(&ok);
        if (!ok || n < 1 || n > kMaxGoalGpuCount)
            return false;
        if (!counts.contains(n))
            counts << n;
    }
    std::sort(counts.begin(), counts.end());
    return !counts.isEmpty() && counts.size() <= kMaxGoalGpuCounts;
}

// A number field of the goals, 0 shown as `none` (no limit).
QDoubleSpinBox *spin(QWidget *form, const QString &name, double max, int decimals, const QString &none,
                     const QString &suffix)
{
    auto *s = new QDoubleSpinBox(form);
    s->setObjectName(name);
    s->setRange(0, max);
    s->setDecimals(decimals);
    s->setSpecialValueText(none);
    s->setSuffix(suffix);
    return s;
}

// "tp1 pp8 cp2 vpp10 dp16 zero2": every degree above 1, and always tp, pp and dp.
QString layoutOf(const Plan &p)
{
    const TrainingSpec &t = p.training;
    return search::buy::parallelDegreesText(t) + QStringLiteral(" dp%1 zero%2").arg(t.dp).arg(t.zero); // notr
}

// "35.7–45.8–58.4" (en dashes, after which a line may break): P10, P50 and P90 of the days, or the
// estimate without ranges.
QString daysOf(const search::buy::Option &o)
{
    if (!o.ranged)
        return formatNumber(o.result.days_to_train, 1);
    return QStringLiteral("%1\u2013%2\u2013%3")
        .arg(formatNumber(o.days.p10, 1), formatNumber(o.days.p50, 1), formatNumber(o.days.p90, 1));
}

QString percent(double p)
{
    return QStringLiteral("%1%").arg(formatNumber(100 * p, 0));
}

// Where a cell's text may wrap: after a space or an en dash (Unicode line breaking, UAX #14).
const QRegularExpression kWordEnd(QStringLiteral("(?<=[ \u2013])"));

// Columns that fit the table's width: each as wide as its contents when they all fit, the width
// left over to the `wrap` column; else the columns whose text can wrap narrowed, the one with the
// most room first, down to their longest word (rows grow to their lines). Returns the pixels still
// missing then (0: the columns fit; else the table scrolls sideways).
int fitColumns(QTableWidget *t, int wrap)
{
    QHeaderView *h = t->horizontalHeader();
    const int n = t->columnCount();
    const QFontMetrics fm(t->font()), hfm(h->font());
    const int pad = 2 * t->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, t) + 8;
    const int hpad = 2 * t->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, h) + 6;
    QList<int> want(n), least(n);
    for (int c = 0; c < n; ++c) {
        if (t->isColumnHidden(c)) {
            want[c] = least[c] = 0;
            continue;
        }
        const QTableWidgetItem *head = t->horizontalHeaderItem(c);
        want[c] = least[c] = (head ? hfm.horizontalAdvance(head->text()) : 0) + hpad;
        for (int r = 0; r < t->rowCount(); ++r) {
            const QTableWidgetItem *item = t->item(r, c);
            if (!item)
                continue;
            want[c] = std::max(want[c], fm.horizontalAdvance(item->text()) + pad);
            for (const QString &word : item->text().split(kWordEnd))
                least[c] = std::max(least[c], fm.horizontalAdvance(word) + pad);
        }
    }
    int excess = int(std::accumulate(want.begin(), want.end(), 0)) - t->viewport()->width();
    if (excess < 0)
        want[wrap] -= excess;
    while (excess > 0) {
        int c = 0;
        for (int k = 1; k < n; ++k)
            if (want[k] - least[k] > want[c] - least[c])
                c = k;
        const int room = want[c] - least[c];
        if (room <= 0)
            break;
        const int take = std::min(excess, std::max(1, room / 2));
        want[c] -= take;
        excess -= take;
    }
    for (int c = 0; c < n; ++c)
        if (!t->isColumnHidden(c))
            h->resizeSection(c, want[c]);
    t->resizeRowsToContents();
    return std::max(excess, 0);
}

// Fits a table's columns again whenever its viewport changes width.
class ColumnFitter : public QObject
{
public:
    ColumnFitter(QTableWidget *table, int wrap)
        : QObject(table), m_table(table), m_wrap(wrap)
    {
        table->viewport()->installEventFilter(this);
    }
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Resize && watched == m_table->viewport() && !m_fitting) {
            m_fitting = true; // a section resized can show a scroll bar and resize the viewport again
            fitColumns(m_table, m_wrap);
            m_fitting = false;
        }
        return false;
    }

private:
    QTableWidget *m_table;
    int m_wrap;
    bool m_fitting = false;
};

// A table whose columns fit its width (fitColumns(): `wrap` takes the room left), short headers
// each with its full name as the tooltip, so that a narrow screen or a large font does not scroll
// it sideways.
QTableWidget *makeTable(const QString &name, const QList<QPair<QString, QString>> &headers, int wrap,
                        QWidget *parent)
{
    auto *t = new QTableWidget(0, int(headers.size()), parent);
    t->setObjectName(name);
    for (int c = 0; c < int(headers.size()); ++c) {
        auto *h = new QTableWidgetItem(headers[c].first);
        h->setToolTip(headers[c].second);
        t->setHorizontalHeaderItem(c, h);
    }
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->verticalHeader()->setVisible(false);
    t->setWordWrap(true);
    t->setTextElideMode(Qt::ElideNone);
    t->horizontalHeader()->setHighlightSections(false); // a bold header of a selected row is wider
    t->horizontalHeader()->setMinimumSectionSize(t->fontMetrics().horizontalAdvance(QStringLiteral("00")));
    t->verticalHeader()->setMinimumSectionSize(t->fontMetrics().height() + 6);
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
    new ColumnFitter(t, wrap);
    return t;
}

// The results' panes (the options, the closest misses, the details of the one selected): their
// shares of the height, in tenths.
constexpr int kPaneShares[3] = {4, 3, 3};

// The columns that wrap: the options' layout, the misses' "what meets it".
constexpr int kOptionLayout = 7;
constexpr int kMissFix = 4;

QTableWidgetItem *cell(const QString &text, bool number = false)
{
    auto *item = new QTableWidgetItem(text);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace

BuyDialog::BuyDialog(QWidget *parent)
    : QDialog(parent), m_poll(new QTimer(this))
{
    setWindowTitle(tr("What to buy"));
    setObjectName(QStringLiteral("buyDialog"));
    m_verdict = new QLabel(this);
    m_verdict->setObjectName(QStringLiteral("buyVerdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = m_verdict->font();
    bold.setBold(true);
    m_verdict->setFont(bold);
    m_verdict->setText(tr("State the goals and press Search."));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("buyStatus"));
    m_status->setWordWrap(true);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    m_sides = splitter;
    auto *formScroll = new QScrollArea(splitter);
    m_formPane = formScroll;
    formScroll->setWidgetResizable(true);
    formScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    formScroll->setWidget(buildForm());
    formScroll->setMinimumWidth(formScroll->widget()->minimumSizeHint().width() + 20);
    splitter->addWidget(formScroll);
    splitter->addWidget(buildResults());
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);

    m_searchButton = new QPushButton(tr("&Search"), this);
    m_searchButton->setObjectName(QStringLiteral("buySearchButton"));
    m_searchButton->setDefault(true);
    m_cancelButton = new QPushButton(tr("Cancel"), this);
    m_cancelButton->setObjectName(QStringLiteral("buyCancelButton"));
    m_compareButton = new QPushButton(tr("Com&pare these"), this);
    m_compareButton->setObjectName(QStringLiteral("buyCompareButton"));
    m_compareButton->setToolTip(tr("Open the chosen options side by side in the Compare window (the selected "
                                   "rows, or the first three)"));
    auto *close = new QPushButton(tr("Close"), this);
    close->setObjectName(QStringLiteral("buyCloseButton"));
    m_progressBar = new QProgressBar(this);
    m_progressBar->setObjectName(QStringLiteral("buyProgress"));
    m_progressBar->setTextVisible(false);
    m_progressBar->setMaximumWidth(160);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_progressBar);
    buttons->addStretch(1);
    buttons->addWidget(m_searchButton);
    buttons->addWidget(m_cancelButton);
    buttons->addWidget(m_compareButton);
    buttons->addWidget(close);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_verdict);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_status);
    layout->addLayout(buttons);

    connect(m_searchButton, &QPushButton::clicked, this, &BuyDialog::startSearch);
    connect(m_cancelButton, &QPushButton::clicked, this, &BuyDialog::cancelSearch);
    connect(m_compareButton, &QPushButton::clicked, this, &BuyDialog::compareChosen);
    connect(close, &QPushButton::clicked, this, &QDialog::close);
    m_poll->setInterval(100);
    connect(m_poll, &QTimer::timeout, this, &BuyDialog::updateProgress);
    setBusy(false);
    fitToScreen(this, QSize(1500, 900));
}

BuyDialog::~BuyDialog()
{
    if (m_run)
        m_run->cancel = true;
}

QWidget *BuyDialog::buildForm()
{
    auto *form = new QWidget;
    // The fields, then the plan's own options and quotes below them (a wrapped label in a form
    // layout does not get the height its lines need).
    auto *column = new QVBoxLayout(form);
    auto *fl = new QFormLayout;
    column->addLayout(fl);
    fl->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_deadline = spin(form, QStringLiteral("buyDeadline"), kMaxGoalDays, 0, tr("none"), tr(" days"));
    m_deadline->setToolTip(tr("Days to train at most (0: no deadline)"));
    fl->addRow(tr("Deadline:"), m_deadline);
    m_capex = spin(form, QStringLiteral("buyCapex"), kMaxGoalUsd / 1e6, 2, tr("none"), tr(" M USD"));
    m_capex->setToolTip(tr("Capital at most, in millions of USD, when buying (0: no limit)"));
    fl->addRow(tr("Capital budget:"), m_capex);
    m_tco = spin(form, QStringLiteral("buyTco"), kMaxGoalUsd / 1e6, 2, tr("none"), tr(" M USD"));
    m_tco->setToolTip(tr("Total cost of the run at most, in millions of USD, bought or rented (0: no limit)"));
    fl->addRow(tr("Cost of the run:"), m_tco);
    m_power = spin(form, QStringLiteral("buyPower"), kMaxGoalPowerMw, 2, tr("none"), tr(" MW"));
    m_power->setToolTip(tr("Power at the wall at most, cooling included by the PUE (0: no limit)"));
    fl->addRow(tr("Power:"), m_power);
    m_pue = spin(form, QStringLiteral("buyPue"), 3, 2, tr("plan's"), QString());
    m_pue->setToolTip(tr("Power usage effectiveness of the data centre (0: the plan's)"));
    fl->addRow(tr("PUE:"), m_pue);
    buildChoices(form, fl);
    return form;
}

void BuyDialog::buildChoices(QWidget *form, QFormLayout *fl)
{
    m_gpus = new QListWidget(form);
    m_gpus->setObjectName(QStringLiteral("buyGpus"));
    m_gpus->setToolTip(tr("The GPUs the search may choose, your own presets included"));
    m_gpus->setMinimumHeight(90);
    fl->addRow(tr("GPUs allowed:"), m_gpus);

    m_buy = new QCheckBox(tr("Buy"), form);
    m_buy->setObjectName(QStringLiteral("buyBuy"));
    m_rent = new QCheckBox(tr("Rent"), form);
    m_rent->setObjectName(QStringLiteral("buyRent"));
    auto *modes = new QHBoxLayout;
    modes->addWidget(m_buy);
    modes->addWidget(m_rent);
    modes->addStretch(1);
    fl->addRow(tr("Mode:"), modes);
    m_rentPrice = spin(form, QStringLiteral("buyRentPrice"), 1000, 2, tr("GPU's own"), tr(" USD/GPU-h"));
    m_rentPrice->setToolTip(tr("The price of renting a GPU for an hour (0: each GPU preset's own, or the "
                               "plan's quote for its GPU)"));
    fl->addRow(tr("Rent price:"), m_rentPrice);

    m_bf16 = new QCheckBox(QStringLiteral("BF16"), form);
    m_bf16->setObjectName(QStringLiteral("buyBf16"));
    m_fp8 = new QCheckBox(QStringLiteral("FP8"), form);
    m_fp8->setObjectName(QStringLiteral("buyFp8"));
    m_fp8->setToolTip(tr("FP8 only on GPUs with FP8 tensor cores"));
    auto *precisions = new QHBoxLayout;
    precisions->addWidget(m_bf16);
    precisions->addWidget(m_fp8);
    precisions->addStretch(1);
    fl->addRow(tr("Precision:"), precisions);

    m_counts = new QLineEdit(form);
    m_counts->setObjectName(QStringLiteral("buyCounts"));
    m_counts->setPlaceholderText(tr("256, 512, 1024 or 64-2048"));
    m_counts->setToolTip(tr("GPU counts to try: a list, or a range searched in whole nodes"));
    fl->addRow(tr("GPU counts:"), m_counts);

    m_objective = new QComboBox(form);
    m_objective->setObjectName(QStringLiteral("buyObjective"));
    m_objective->addItem(tr("USD per billion tokens"), QStringLiteral("cost"));
    m_objective->addItem(tr("Cost of the run"), QStringLiteral("tco"));
    m_objective->addItem(tr("Days to train"), QStringLiteral("time"));
    m_objective->addItem(tr("Capital"), QStringLiteral("capex"));
    fl->addRow(tr("Best by:"), m_objective);

    m_listedLabel = new QLabel(form);
    m_listedLabel->setObjectName(QStringLiteral("buyListed"));
    m_listedLabel->setWordWrap(true);
    qobject_cast<QVBoxLayout *>(form->layout())->addWidget(m_listedLabel);
    qobject_cast<QVBoxLayout *>(form->layout())->addStretch(1);
}

QWidget *BuyDialog::buildResults()
{
    auto *w = new QWidget;
    auto *l = new QVBoxLayout(w);
    l->setContentsMargins(0, 0, 0, 0);

    auto *tables = new QSplitter(Qt::Vertical, w);
    tables->setObjectName(QStringLiteral("buyResultsSplitter"));
    tables->setChildrenCollapsible(false);
    m_tables = tables;
    auto *top = new QWidget(tables);
    auto *tl = new QVBoxLayout(top);
    tl->setContentsMargins(0, 0, 0, 0);
    auto *optionsLabel = new QLabel(tr("Options that meet every limit, best first:"), top);
    tl->addWidget(optionsLabel);
    m_options = makeTable(
        QStringLiteral("buyOptions"),
        {{tr("GPU"), tr("The GPU")},
         {tr("GPUs"), tr("How many GPUs")},
         {tr("Mode"), tr("Bought or rented, and the precision")},
         {tr("Days"), tr("Days to train: P10 - P50 - P90 over the input ranges, the engine's error included")},
         {tr("P(deadline)"), tr("The probability of finishing within the deadline")},
         {tr("P(budget)"), tr("The probability of staying within the budget")},
         {tr("USD/B tok."), tr("USD per billion tokens (the engine's estimate)")},
         {tr("Layout"), tr("The fastest layout on these GPUs, and whether it is conventional: the shape the "
                           "framework's published recipe uses for a model of this size (\"+28%\": this "
                           "much faster than the fastest conventional layout)")}},
        kOptionLayout, top);
    m_options->setSelectionMode(QAbstractItemView::ExtendedSelection);
    tl->addWidget(m_options, 1);
    auto *bottom = new QWidget(tables);
    auto *bl = new QVBoxLayout(bottom);
    bl->setContentsMargins(0, 0, 0, 0);
    m_missesLabel = new QLabel(tr("Closest misses, and what would meet the limits:"), bottom);
    bl->addWidget(m_missesLabel);
    m_misses = makeTable(QStringLiteral("buyMisses"),
                         {{tr("GPU"), tr("The GPU")},
                          {tr("GPUs"), tr("How many GPUs")},
                          {tr("Mode"), tr("Bought or rented, and the precision")},
                          {tr("Misses"), tr("The limits it misses")},
                          {tr("What meets it"), tr("A change that meets every limit: FP8 on the same GPUs, or "
                                                   "the fewest more GPUs")},
                          {tr("Days"), tr("Days to train: P10 - P50 - P90")}},
                         kMissFix, bottom);
    m_misses->setSelectionMode(QAbstractItemView::ExtendedSelection);
    bl->addWidget(m_misses, 1);
    tables->addWidget(top);
    tables->addWidget(bottom);
    tables->addWidget(buildDetails(tables));
    for (int i = 0; i < 3; ++i)
        tables->setStretchFactor(i, kPaneShares[i]);
    l->addWidget(tables, 1);
    connect(m_options, &QTableWidget::itemSelectionChanged, this, [this] { showDetails(m_options); });
    connect(m_misses, &QTableWidget::itemSelectionChanged, this, [this] { showDetails(m_misses); });

    return w;
}

// The selected option: in words (its whole layout, what leaving convention buys, where its step
// time goes against the plan's), and its step timeline. Each tab scrolls, so that a short screen
// keeps the tables' rows.
QWidget *BuyDialog::buildDetails(QWidget *parent)
{
    m_detailTabs = new QTabWidget(parent);
    m_detailTabs->setObjectName(QStringLiteral("buyDetailTabs"));
    m_details = new QLabel;
    m_details->setObjectName(QStringLiteral("buyDetails"));
    m_details->setWordWrap(true);
    m_details->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setContentsMargins(4, 4, 4, 4);
    auto *words = new QScrollArea;
    words->setWidgetResizable(true);
    words->setFrameShape(QFrame::NoFrame);
    words->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    words->setWidget(m_details);
    m_detailTabs->addTab(words, tr("Breakdown"));
    m_timeline = new TimelineChart;
    m_timeline->setObjectName(QStringLiteral("buyTimeline"));
    m_timeline->setToolTip(tr("One training step of one pipeline rank: forward and backward per micro-batch, "
                              "the communication hidden under compute (thin, hatched) and the communication "
                              "on the critical path. The mouse wheel zooms the time axis; drag to move along it."));
    auto *chart = new QScrollArea;
    chart->setObjectName(QStringLiteral("buyTimelineScroll"));
    chart->setWidgetResizable(true);
    chart->setFrameShape(QFrame::NoFrame);
    chart->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    chart->setWidget(m_timeline);
    m_detailTabs->addTab(chart, tr("Step timeline"));
    m_detailTabs->setMinimumHeight(m_detailTabs->tabBar()->sizeHint().height() + 3 * fontMetrics().height());
    return m_detailTabs;
}

void BuyDialog::setScenario(const Scenario &scenario, const PresetCatalog &catalog)
{
    m_scenario = scenario;
    m_catalog = catalog;
    m_gpus->clear();
    for (const Preset &p : m_catalog.presets(Section::Gpu)) {
        auto *item = new QListWidgetItem(presetNameText(p), m_gpus);
        item->setToolTip(p.id);
        item->setData(Qt::UserRole, p.id);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(Qt::Unchecked);
    }
    Goals g;
    if (scenario.goals) {
        g = *scenario.goals;
    } else {
        // Without goals: every GPU, at half, once and twice the plan's GPU count.
        const int n = std::max(1, scenario.plan.cluster.nodes * scenario.plan.cluster.gpus_per_node);
        g.gpuCounts = n >= 2 ? QList<int>{n / 2, n, 2 * n} : QList<int>{n, 2 * n};
    }
    fillForm(g);
}

void BuyDialog::fillForm(const Goals &g)
{
    m_deadline->setValue(g.deadlineDays);
    m_capex->setValue(g.capexUsd / 1e6);
    m_tco->setValue(g.tcoUsd / 1e6);
    m_power->setValue(g.powerMw);
    m_pue->setValue(g.pue);
    for (int i = 0; i < m_gpus->count(); ++i) {
        QListWidgetItem *item = m_gpus->item(i);
        const bool on = g.gpus.isEmpty() || g.gpus.contains(item->data(Qt::UserRole).toString());
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
    }
    m_buy->setChecked(g.buy);
    m_rent->setChecked(g.rent);
    m_rentPrice->setValue(g.rentUsdPerGpuHour);
    m_bf16->setChecked(g.bf16);
    m_fp8->setChecked(g.fp8);
    QStringList counts;
    for (int n : g.gpuCounts)
        counts << QString::number(n);
    const int perNode = std::max(1, m_scenario.plan.cluster.gpus_per_node);
    m_counts->setText(counts.isEmpty() ? QStringLiteral("%1-%2").arg(g.nodesMin * perNode).arg(g.nodesMax * perNode)
                                       : counts.join(QStringLiteral(", ")));
    m_objective->setCurrentIndex(std::max(0, m_objective->findData(g.objective)));
    m_listed = g.listed;
    m_rentByGpu = g.rentByGpu;
    m_framework = g.framework;
    QStringList lines;
    if (!m_listed.isEmpty())
        lines << tr("The plan lists %1 options of its own; the answer says whether each meets the limits.")
                     .arg(m_listed.size());
    for (auto it = g.rentByGpu.cbegin(); it != g.rentByGpu.cend(); ++it)
        lines << tr("Rent quote for %1: USD %2 per GPU-hour.").arg(it.key(), formatNumber(it.value(), 2));
    m_listedLabel->setText(lines.join(QLatin1Char('\n')));
    m_listedLabel->setVisible(!lines.isEmpty());
}

bool BuyDialog::formGoals(Goals &g, QString *error) const
{
    g = Goals{};
    g.deadlineDays = m_deadline->value();
    g.capexUsd = m_capex->value() * 1e6;
    g.tcoUsd = m_tco->value() * 1e6;
    g.powerMw = m_power->value();
    g.pue = m_pue->value();
    for (int i = 0; i < m_gpus->count(); ++i)
        if (m_gpus->item(i)->checkState() == Qt::Checked)
            g.gpus << m_gpus->item(i)->data(Qt::UserRole).toString();
    g.buy = m_buy->isChecked();
    g.rent = m_rent->isChecked();
    g.rentUsdPerGpuHour = m_rentPrice->value();
    g.rentByGpu = m_rentByGpu;
    g.bf16 = m_bf16->isChecked();
    g.fp8 = m_fp8->isChecked();
    g.framework = m_framework;
    g.objective = m_objective->currentData().toString();
    g.listed = m_listed;
    int min = 0, max = 0;
    QList<int> counts;
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (g.gpus.isEmpty())
        return fail(tr("Check at least one GPU."));
    if (!g.buy && !g.rent)
        return fail(tr("Check Buy, Rent or both."));
    if (!g.bf16 && !g.fp8)
        return fail(tr("Check BF16, FP8 or both."));
    if (g.pue > 0 && g.pue < 1)
        return fail(tr("PUE: 1 or more (0: the plan's)."));
    if (!parseCounts(m_counts->text(), counts, min, max))
        return fail(tr("GPU counts: give counts such as \"256, 512, 1024\" or a range such as \"64-2048\"."));
    g.gpuCounts = counts;
    return true;
}

bool BuyDialog::buildQuestion(const Goals &g, search::buy::Question &q, QString *error)
{
    search::buy::GoalsQuestion gq;
    QString what;
    const search::buy::GoalsError e = search::buy::questionFromGoals(m_scenario, g, m_catalog, gq, &what);
    if (e != search::buy::GoalsError::None) {
        if (error)
            *error = e == search::buy::GoalsError::UnknownGpu ? tr("Unknown GPU preset \"%1\".").arg(what)
                                                              : tr("Unknown framework \"%1\".").arg(what);
        return false;
    }
    q = std::move(gq.question);
    m_ids = gq.ids;
    m_clusters = gq.clusters;
    int min = 0, max = 0;
    QList<int> counts;
    parseCounts(m_counts->text(), counts, min, max);
    q.gpu_counts.assign(counts.begin(), counts.end());
    q.gpus_min = min;
    q.gpus_max = max;
    const std::int64_t contexts = search::buy::countContexts(q);
    if (contexts > search::buy::kMaxContexts) {
        if (error)
            *error = tr("These goals make %1 searches (GPU, GPU count and precision), more than the %2 a search can "
                        "finish in reasonable time: uncheck GPUs or give fewer counts.")
                         .arg(contexts)
                         .arg(search::buy::kMaxContexts);
        return false;
    }
    if (contexts == 0 && q.listed.empty()) {
        if (error)
            *error = tr("Nothing to search: no GPU count holds whole nodes of the GPUs checked.");
        return false;
    }
    return true;
}

void BuyDialog::startSearch()
{
    Goals g;
    QString error;
    auto run = std::make_shared<Run>();
    if (!formGoals(g, &error) || !buildQuestion(g, run->q, &error)) {
        m_status->setText(error);
        return;
    }
    if (m_run) // the latest request wins
        m_run->cancel = true;
    run->ids = m_ids;
    run->clusters = m_clusters;
    run->total = search::buy::countContexts(run->q);
    run->q.cancel = &run->cancel;
    run->q.progress = &run->progress;
    run->watcher = new QFutureWatcher<search::buy::Answer>(this);
    connect(run->watcher, &QFutureWatcherBase::finished, this, [this, run] { finished(run); });
    m_run = run;
    run->watcher->setFuture(QtConcurrent::run([run] { return search::buy::answer(run->q); }));
    m_status->setText(tr("Searching %1 GPU, count and precision combinations...").arg(run->total));
    setBusy(true);
    m_poll->start();
}

void BuyDialog::cancelSearch()
{
    if (!m_run)
        return;
    m_run->cancel = true;
    m_status->setText(tr("Cancelling..."));
}

bool BuyDialog::isRunning() const
{
    return m_run != nullptr;
}

void BuyDialog::updateProgress()
{
    if (!m_run)
        return;
    m_progressBar->setRange(0, int(std::max<std::int64_t>(1, m_run->total)));
    m_progressBar->setValue(int(std::min(m_run->progress.load(), m_run->total)));
}

void BuyDialog::finished(const std::shared_ptr<Run> &run)
{
    run->watcher->deleteLater();
    if (run != m_run) // an older request: never shown
        return;
    m_run.reset();
    m_poll->stop();
    setBusy(false);
    const search::buy::Answer a = run->watcher->result();
    if (a.cancelled || run->cancel) { // a cancel after the last context still drops the answer
        m_status->setText(tr("Cancelled; the answer shown is the previous one."));
        return;
    }
    m_question = run->q;
    m_question.cancel = nullptr;
    m_question.progress = nullptr;
    m_ids = run->ids;
    m_clusters = run->clusters;
    m_answer = a;
    showAnswer();
    Q_EMIT searchFinished();
}

void BuyDialog::setBusy(bool busy)
{
    m_progressBar->setVisible(busy);
    if (busy) {
        m_progressBar->setRange(0, 0);
        m_progressBar->setValue(0);
    }
    m_cancelButton->setEnabled(busy);
    m_compareButton->setEnabled(!busy && !m_answer.options.empty());
}

QString BuyDialog::gpuName(int gpu) const
{
    QString id = m_ids.value(gpu);
    const std::optional<Preset> p = m_catalog.find(Section::Gpu, id);
    if (!p)
        return id;
    // "H100 SXM5": the short name plan names use (planNameFor()), an edited copy's tags in words
    Plan plan;
    p->applyTo(plan);
    return shortGpuNameText(plan, m_catalog);
}

QString BuyDialog::optionName(const search::buy::Option &o) const
{
    return tr("%1 %2 in %3, %4")
        .arg(o.gpus)
        .arg(gpuName(o.gpu), o.fp8 ? QStringLiteral("FP8") : QStringLiteral("BF16"),
             o.rent ? tr("rented") : tr("bought"));
}

QString BuyDialog::verdictText() const
{
    QStringList names;
    for (int g = 0; g < int(m_ids.size()); ++g)
        names << gpuName(g);
    return search::buy::verdictText(m_question, m_answer, names);
}

void BuyDialog::showAnswer()
{
    const search::buy::Answer &a = m_answer;
    m_verdict->setText(verdictText());
    auto common = [this](QTableWidget *t, int row, const search::buy::Option &o) {
        t->setItem(row, 0, cell(gpuName(o.gpu)));
        t->setItem(row, 1, cell(QString::number(o.gpus), true));
        t->setItem(row, 2, cell(modeOf(o)));
    };
    const bool hasDeadline = m_question.limits.deadline_days > 0;
    const bool hasBudget = m_question.limits.capex_usd > 0 || m_question.limits.tco_usd > 0;
    // A column without its limit would say "no limit" on every row: hidden, for the width.
    m_options->setColumnHidden(4, !hasDeadline);
    m_options->setColumnHidden(5, !hasBudget);
    m_options->setRowCount(int(a.options.size()));
    for (int r = 0; r < int(a.options.size()); ++r) {
        const search::buy::Option &o = a.options[size_t(r)];
        common(m_options, r, o);
        m_options->setItem(r, 3, cell(daysOf(o), true));
        m_options->setItem(r, 4, cell(hasDeadline && o.ranged ? percent(o.p_meets_deadline) : tr("no limit"), true));
        m_options->setItem(r, 5, cell(hasBudget && o.ranged ? percent(o.p_within_budget) : tr("no limit"), true));
        // The engine's estimate, which "meets" judges (as the command line prints it).
        m_options->setItem(r, 6, cell(formatUsd(o.result.cost_per_billion_tokens_usd), true));
        QTableWidgetItem *layout = cell(search::buy::shapeText(o.plan.training) + QStringLiteral(" (")
                                        + search::buy::conventionCell(o.convention) + QLatin1Char(')'));
        layout->setToolTip(search::buy::conventionText(o.convention));
        m_options->setItem(r, kOptionLayout, layout);
    }
    m_misses->setRowCount(int(a.closest_misses.size()));
    for (int r = 0; r < int(a.closest_misses.size()); ++r) {
        const search::buy::Option &o = a.closest_misses[size_t(r)];
        common(m_misses, r, o);
        m_misses->setItem(r, 3, cell(lacksOf(o)));
        m_misses->setItem(r, kMissFix, cell(fixOf(o)));
        m_misses->setItem(r, 5, cell(daysOf(o), true));
    }
    giveTablesRoom();
    m_missesLabel->setText(a.closest_misses.empty() ? tr("No closest misses: every option meets the limits.")
                                                    : tr("Closest misses, and what would meet the limits:"));
    m_status->setText(tr("Searched %1 layouts over %2 GPU, count and precision combinations in %3 s; %4 of %5 "
                         "options meet every limit.")
                          .arg(QLocale().toString(qlonglong(a.searched)))
                          .arg(a.contexts)
                          .arg(formatNumber(a.seconds, 1))
                          .arg(a.meeting)
                          .arg(a.option_count));
    m_compareButton->setEnabled(!a.options.empty());
    m_details->setText(a.options.empty() && a.closest_misses.empty()
                           ? QString()
                           : tr("Select an option to see its whole layout and what leaving convention buys."));
    m_timeline->setTimeline({});
}

QString BuyDialog::modeOf(const search::buy::Option &o) const
{
    return tr("%1, %2").arg(o.rent ? tr("rent") : tr("buy"), o.fp8 ? QStringLiteral("FP8") : QStringLiteral("BF16"));
}

QString BuyDialog::lacksOf(const search::buy::Option &o) const
{
    QStringList lacks;
    for (const std::string &l : o.lacks) {
        const QString k = QString::fromStdString(l);
        lacks << (k == QLatin1String("deadline")    ? tr("deadline")
                      : k == QLatin1String("capex") ? tr("capital")
                      : k == QLatin1String("tco")   ? tr("cost of the run")
                      : k == QLatin1String("power") ? tr("power")
                      : k == QLatin1String("fits")  ? tr("memory")
                                                    : tr("budget"));
    }
    return lacks.join(QStringLiteral(", "));
}

QString BuyDialog::fixOf(const search::buy::Option &o) const
{
    if (o.fix == "fp8")
        return tr("FP8: %1 days").arg(formatNumber(o.fix_days, 1));
    if (o.fix == "gpus")
        return tr("+%1% GPUs (%2): %3 days")
            .arg(formatNumber(100.0 * (o.fix_gpus - o.gpus) / o.gpus, 0))
            .arg(o.fix_gpus)
            .arg(formatNumber(o.fix_days, 1));
    return tr("nothing found");
}

void BuyDialog::showDetails(QTableWidget *table)
{
    const QList<QTableWidgetItem *> items = table->selectedItems();
    if (items.isEmpty())
        return;
    const std::vector<search::buy::Option> &list = table == m_options ? m_answer.options : m_answer.closest_misses;
    const int row = items.front()->row();
    if (row < 0 || row >= int(list.size()))
        return;
    const search::buy::Option &o = list[size_t(row)];
    QString text = tr("%1: %2; %3.").arg(optionName(o), layoutOf(o.plan), search::buy::conventionText(o.convention));
    if (table == m_misses)
        text += QLatin1Char(' ') + tr("Misses: %1; what meets it: %2.").arg(lacksOf(o), fixOf(o));
    // Where its step time goes against the plan the dialog was opened on.
    const Evaluation current = evaluate(m_scenario.plan);
    const bool runs = current.ok() && current.result.fits_in_memory;
    text += QLatin1Char('\n') + search::buy::breakdownText(o.result, runs ? &current.result : nullptr);
    m_details->setText(text);
    m_timeline->setTimeline(timeline::stepTimeline(o.plan, o.result));
}

Scenario BuyDialog::planOf(const search::buy::Option &o) const
{
    Scenario s = m_scenario;
    s.goals.reset();
    // The option's plan is the base plan moved to its GPU (moveToGpu()'s rule) with its best layout,
    // precision and price: keep it, and name the presets it came from.
    s.plan = o.plan;
    s.gpuPreset = m_ids.value(o.gpu);
    s.clusterPreset = m_clusters.value(o.gpu);
    s.name = optionName(o);
    return s;
}

QList<Scenario> BuyDialog::chosenPlans() const
{
    QList<int> rows;
    for (const QModelIndex &i : m_options->selectionModel()->selectedRows())
        rows << i.row();
    std::sort(rows.begin(), rows.end());
    if (rows.isEmpty())
        for (int r = 0; r < std::min(3, m_options->rowCount()); ++r)
            rows << r;
    QList<Scenario> plans;
    for (int r : rows)
        if (r < int(m_answer.options.size()))
            plans << planOf(m_answer.options[size_t(r)]);
    return plans;
}

void BuyDialog::compareChosen()
{
    const QList<Scenario> plans = chosenPlans();
    if (!plans.isEmpty())
        Q_EMIT compareRequested(plans);
}

void BuyDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    if (m_paneSizesSet)
        return;
    // The panes in their shares of the height the dialog has, once: the tables' size hints would
    // otherwise leave the details and the timeline a few lines. The user's dragging is kept after.
    m_paneSizesSet = true;
    const int h = m_tables->height();
    // With room to spare (forty lines or more: a 1600x1000 screen at 1x), the details get the
    // height the whole timeline needs, up to half, and the tables share the rest.
    const int whole = m_timeline->minimumHeight() + m_detailTabs->tabBar()->sizeHint().height() + 8;
    const bool roomy = h >= 40 * fontMetrics().height();
    const int details = std::max(h * kPaneShares[2] / 10, roomy ? std::min(whole, h / 2) : 0);
    const int options = (h - details) * kPaneShares[0] / (kPaneShares[0] + kPaneShares[1]);
    m_tables->setSizes({options, h - details - options, details});
}

void BuyDialog::resizeEvent(QResizeEvent *event)
{
    QDialog::resizeEvent(event);
    // After the panes have their new widths.
    QTimer::singleShot(0, this, &BuyDialog::giveTablesRoom);
}

// The tables' columns fitted; when they still need more width than the results have (an 800x600
// screen: the options' eight columns want about 400 pixels at their narrowest), the goals' form
// gives up what it can of its width, down to its own minimum, rather than the tables scrolling
// sideways. The form's scroll bar keeps every field in reach.
void BuyDialog::giveTablesRoom()
{
    const int missing = std::max(fitColumns(m_options, kOptionLayout), fitColumns(m_misses, kMissFix));
    QList<int> sizes = m_sides->sizes();
    if (missing <= 0 || sizes.size() != 2)
        return;
    const int take = std::min(missing, sizes[0] - m_formPane->minimumWidth());
    if (take <= 0)
        return;
    sizes[0] -= take;
    sizes[1] += take;
    m_sides->setSizes(sizes); // the tables' viewports grow, and their columns are fitted again
}

void BuyDialog::closeEvent(QCloseEvent *event)
{
    if (m_run) {
        m_run->cancel = true;
        m_run.reset();
        m_poll->stop();
        setBusy(false);
    }
    QDialog::closeEvent(event);
}

} // namespace commtax
