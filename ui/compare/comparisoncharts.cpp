// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparisoncharts.h"

#include "library/comparisonio.h"
#include "library/comparisonuncertainty.h"
#include "text/modeltext.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace commtax {

namespace {
double finiteOr(double v, double fallback) { return std::isfinite(v) ? v : fallback; }

QString seconds(double v) { return formatNumber(v, v < 10 ? 2 : 1) + QStringLiteral(" s"); }
QString usd(double v) { return formatUsd(v); }
QString days(double v) { return formatNumber(v, 1) + QStringLiteral(" d"); }

const QColor kWhy(0x8b, 0x00, 0x00); // the label of a plan without a bar
const QColor kInk(0x20, 0x20, 0x20);

QString objectNameOf(ComparisonChart c)
{
    switch (c) {
    case ComparisonChart::StepBreakdown: return QStringLiteral("chartStepBreakdown");
    case ComparisonChart::CostPerBillionTokens: return QStringLiteral("chartCostPerBillionTokens");
    case ComparisonChart::DaysToTrain: return QStringLiteral("chartDaysToTrain");
    case ComparisonChart::Tco: return QStringLiteral("chartTco");
    case ComparisonChart::PriceBreakEven: return QStringLiteral("chartPriceBreakEven");
    case ComparisonChart::BuyVersusRent: return QStringLiteral("chartBuyVersusRent");
    case ComparisonChart::CostRanges: return QStringLiteral("chartCostRanges");
    }
    return QString();
}
} // namespace

QString chartTitle(ComparisonChart chart)
{
    switch (chart) {
    case ComparisonChart::StepBreakdown: return QCoreApplication::translate("commtax::ComparisonCharts",
                                                                            "Step time breakdown");
    case ComparisonChart::CostPerBillionTokens: return QCoreApplication::translate("commtax::ComparisonCharts",
                                                                                   "Cost per billion tokens");
    case ComparisonChart::DaysToTrain: return QCoreApplication::translate("commtax::ComparisonCharts", "Days to train");
    case ComparisonChart::Tco: return QCoreApplication::translate("commtax::ComparisonCharts",
                                                                  "TCO of the training run");
    case ComparisonChart::PriceBreakEven: return QCoreApplication::translate("commtax::ComparisonCharts",
                                                                             "Break-even GPU price");
    case ComparisonChart::BuyVersusRent: return QCoreApplication::translate("commtax::ComparisonCharts",
                                                                            "Buying against renting");
    case ComparisonChart::CostRanges:
        return QCoreApplication::translate("commtax::ComparisonCharts",
                                           "Cost per billion tokens: P10 to P90 (dot: P50)");
    }
    return QString();
}

QColor planColor(int index)
{
    // Tableau 10: distinct in colour and in grey when printed.
    static const QColor colors[] = {QColor(0x4E, 0x79, 0xA7), QColor(0xF2, 0x8E, 0x2B), QColor(0x59, 0xA1, 0x4F),
                                    QColor(0xE1, 0x57, 0x59), QColor(0x76, 0xB7, 0xB2), QColor(0xED, 0xC9, 0x48),
                                    QColor(0xB0, 0x7A, 0xA1), QColor(0xFF, 0x9D, 0xA7)};
    return colors[(index % 8 + 8) % 8];
}

ComparisonChartView::ComparisonChartView(ComparisonChart chart, QWidget *parent)
    : ChartView(chartTitle(chart), parent)
    , m_chart(chart)
{
    setObjectName(objectNameOf(chart));
    // Eight plans named in 60 characters: the legend keeps the axes most of the height.
    setLegendShare(0.45);
    setVerticalTitlesWrap(true);
    setLegendColumns(2);
}

ComparisonChartView::~ComparisonChartView() = default;

bool ComparisonChartView::showComparison(const Comparison &c)
{
    bool drawn = false;
    redraw(++m_drawn, [&] { drawn = drawChart(c, nullptr); });
    return drawn;
}

bool ComparisonChartView::showComparison(const Comparison &c, const ComparisonSensitivity &s)
{
    bool drawn = false;
    redraw(++m_drawn, [&] { drawn = drawChart(c, &s); });
    return drawn;
}

void ComparisonChartView::reset(const QString &xLabel, const QString &yLabel)
{
    clearPlottables();
    m_summary.clear();
    setCategoryNames(xAxis, {});
    xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    yAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    xAxis->setLabel(xLabel);
    yAxis->setLabel(yLabel);
    xAxis->grid()->setVisible(false);
    yAxis->grid()->setVisible(true);
}

// The x axis with one category per plan at keys 1..n, plan A marked.
void ComparisonChartView::planAxis(const Comparison &c)
{
    QStringList names;
    for (qsizetype i = 0; i < c.plans.size(); ++i)
        names << c.plans[i].name + (i == c.reference ? QStringLiteral("\n(A)") : QString());
    setCategoryNames(xAxis, names);
}

void ComparisonChartView::valueAxisTo(double maxValue)
{
    // The labels on top of the bars get their room after the layout (ChartView::fitLabelsInside()).
    const bool some = maxValue > 0 && std::isfinite(maxValue);
    yAxis->setRange(0, some ? maxValue * 1.08 : 1.0);
}

void ComparisonChartView::whyNoBar(const Comparison &c, qsizetype plan)
{
    const ComparedPlan &p = c.plans[plan];
    const QString why = !p.valid ? QCoreApplication::translate("commtax::ComparisonCharts", "invalid plan")
                                 : QCoreApplication::translate("commtax::ComparisonCharts", "does not fit\nin memory");
    addLabel(xAxis, yAxis, double(plan + 1), 0, why, kWhy, Qt::AlignBottom | Qt::AlignHCenter);
    m_summary << QStringLiteral("%1: %2").arg(p.name, QString(why).replace(QLatin1Char('\n'), QLatin1Char(' ')));
}

// One bar per plan that runs, in the plan's colour; its value on top.
bool ComparisonChartView::drawPerPlanBars(const Comparison &c, double (*value)(const Result &), QString (*text)(double))
{
    planAxis(c);
    double maxValue = 0;
    bool any = false;
    for (qsizetype i = 0; i < c.plans.size(); ++i) {
        const ComparedPlan &p = c.plans[i];
        const double key = double(i + 1);
        if (!p.runs()) {
            whyNoBar(c, i);
            continue;
        }
        const double v = finiteOr(value(p.result), 0);
        // The axis names each bar: no legend entry; its colour is the plan's in every chart.
        QCPBars *bars = makeBars(QStringLiteral("plan%1").arg(i), QString(), planColor(int(i)), xAxis, yAxis);
        bars->setData({key}, {v}, true);
        const QString shown = text(value(p.result));
        addLabel(bars, key, v, shown, kInk, Qt::AlignBottom | Qt::AlignHCenter);
        addHoverBox(bars, key - 0.3, key + 0.3, 0, v, QStringLiteral("%1: %2").arg(p.name, shown));
        m_summary << QStringLiteral("%1: %2").arg(p.name, shown);
        maxValue = std::max(maxValue, v);
        any = true;
    }
    valueAxisTo(maxValue);
    return any;
}

struct ComparisonChartView::StackPart {
    const char *name;
    QColor color;
    double (*value)(const ComparedPlan &);
};

bool ComparisonChartView::drawStacked(const Comparison &c, const std::vector<StackPart> &parts, double scale,
                                      QString (*total)(const ComparedPlan &),
                                      double (*totalValue)(const ComparedPlan &))
{
    planAxis(c);
    QCPBars *below = nullptr;
    QMap<double, double> stacked; // each plan's bar's top so far
    bool any = false;
    for (const StackPart &part : parts) {
        QVector<double> keys, values;
        for (qsizetype i = 0; i < c.plans.size(); ++i)
            if (c.plans[i].runs()) {
                keys << double(i + 1);
                values << finiteOr(part.value(c.plans[i]) * scale, 0);
            }
        if (std::none_of(values.cbegin(), values.cend(), [](double v) { return v > 0; }))
            continue; // a part no plan has (e.g. rent in a comparison of bought plans) stays out of the legend
        QCPBars *bars = makeBars(QString::fromLatin1(part.name),
                                 QCoreApplication::translate("commtax::ComparisonCharts", part.name), part.color, xAxis,
                                 yAxis);
        bars->setData(keys, values, true);
        if (below)
            bars->moveAbove(below);
        below = bars;
        for (qsizetype k = 0; k < keys.size(); ++k) {
            const ComparedPlan &p = c.plans[qsizetype(keys[k]) - 1];
            const double base = stacked.value(keys[k]);
            stacked[keys[k]] = base + values[k];
            addHoverBox(bars, keys[k] - 0.3, keys[k] + 0.3, base, base + values[k],
                        QStringLiteral("%1, %2: %3").arg(p.name, bars->name(), formatNumber(values[k], 3)));
        }
        any = true;
    }
    double maxValue = 0;
    for (qsizetype i = 0; i < c.plans.size(); ++i) {
        const ComparedPlan &p = c.plans[i];
        if (!p.runs()) {
            whyNoBar(c, i);
            continue;
        }
        const double top = finiteOr(totalValue(p) * scale, 0);
        maxValue = std::max(maxValue, top);
        addLabel(xAxis, yAxis, double(i + 1), top, total(p), kInk, Qt::AlignBottom | Qt::AlignHCenter);
        m_summary << QStringLiteral("%1: %2").arg(p.name, total(p));
    }
    valueAxisTo(maxValue);
    return any;
}

QCPGraph *ComparisonChartView::planLine(const QString &name, const QString &planName, const QPen &pen)
{
    QCPGraph *line = makeGraph(QStringLiteral("line%1").arg(graphCount()), name, pen, QCPScatterStyle());
    line->setProperty("planName", planName); // the part of the legend's entry shortened first
    return line;
}

// Plan `i`'s cost at today's price (a circle) and, within the plot, the price at which it meets
// plan A's cost `aCost` (a diamond).
void ComparisonChartView::markBreakEven(qsizetype i, const ComparedPlan &b, const PriceBreakEven &be, double aCost,
                                        double maxX, const QString &name)
{
    const QColor color = planColor(int(i));
    // today's price, and where the line meets A's
    QCPGraph *today = makeGraph(QStringLiteral("today%1").arg(i), QString(), QPen(color),
                                QCPScatterStyle(QCPScatterStyle::ssCircle, color, Qt::white, 7));
    today->setLineStyle(QCPGraph::lsNone);
    today->setData({100}, {b.result.cost_per_billion_tokens_usd}, true);
    addHoverPoint(today, 100, b.result.cost_per_billion_tokens_usd,
                  QStringLiteral("%1: %2 (100%)").arg(b.name, formatUsd(b.result.cost_per_billion_tokens_usd)));
    if (be.reachable) {
        const double x = 100.0 * be.breakEvenPrice / be.currentPrice;
        if (x <= maxX) {
            QCPGraph *cross = makeGraph(QStringLiteral("breakEven%1").arg(i), QString(), QPen(color),
                                        QCPScatterStyle(QCPScatterStyle::ssDiamond, color, color, 9));
            cross->setLineStyle(QCPGraph::lsNone);
            cross->setData({x}, {aCost}, true); // the legend gives the price
            addHoverPoint(cross, x, aCost, name);
        }
    }
}

namespace {
// The break-even chart's price axis (% of today's price: to past the farthest break-even, 200 to
// 400) and its cost cap: a line that climbs past three times A's cost (and past every line's
// start) stops there, with an arrow and its end's value (the RTX 4090's ran off the plot).
std::pair<double, double> breakEvenBounds(const Comparison &c, const QList<BreakEvenRow> &rows)
{
    double maxX = 200;
    for (qsizetype i = 0; i < rows.size(); ++i)
        if (rows[i].hasPrice && rows[i].price.reachable && rows[i].price.currentPrice > 0 && c.plans[i].runs())
            maxX = std::max(maxX,
                            std::min(400.0, 100.0 * rows[i].price.breakEvenPrice / rows[i].price.currentPrice * 1.1));
    double cap = 3.0 * c.plans[c.reference].result.cost_per_billion_tokens_usd;
    for (qsizetype i = 0; i < c.plans.size(); ++i)
        if (i != c.reference && c.plans[i].runs() && rows[i].hasPrice && rows[i].price.currentPrice > 0) {
            const double y0 = costPerBillionTokensAtPrice(c.plans[i].plan, c.plans[i].result, 0);
            if (std::isfinite(y0))
                cap = std::max(cap, y0);
        }
    return {maxX, cap};
}
} // namespace

bool ComparisonChartView::drawPriceBreakEven(const Comparison &c)
{
    const ComparedPlan &a = c.plans[c.reference];
    // On screen a long name is shortened to keep the title on one line, its whole text in the
    // title's tooltip; print wraps it whole.
    setTitle(QCoreApplication::translate("commtax::ComparisonCharts", "Break-even GPU price against %1 (A)")
                 .arg(a.name),
             a.name);
    reset(QCoreApplication::translate("commtax::ComparisonCharts",
                                      "GPU price (% of today's price; circle: today, diamond: break-even)"),
          QCoreApplication::translate("commtax::ComparisonCharts", "Cost per billion tokens (USD)"));
    xAxis->grid()->setVisible(true);
    if (!a.runs()) {
        addMessage(QCoreApplication::translate("commtax::ComparisonCharts",
                                               "Plan A (%1) does not run: no price can match it")
                       .arg(a.name));
        return false;
    }
    const double aCost = a.result.cost_per_billion_tokens_usd;
    const QList<BreakEvenRow> rows = breakEvens(c);
    const auto [maxX, cap] = breakEvenBounds(c, rows);
    double maxY = aCost;
    QCPGraph *refLine = planLine(QCoreApplication::translate("commtax::ComparisonCharts", "%1 (A) today: %2")
                                     .arg(a.name, formatUsd(aCost)),
                                 a.name,
                                 QPen(planColor(c.reference), 2, Qt::DashLine));
    refLine->setData({0, maxX}, {aCost, aCost}, true);
    m_summary << refLine->name();
    bool any = false;
    for (qsizetype i = 0; i < c.plans.size(); ++i) {
        const ComparedPlan &b = c.plans[i];
        if (i == c.reference || !b.runs() || !rows[i].hasPrice || !(rows[i].price.currentPrice > 0))
            continue;
        const PriceBreakEven &be = rows[i].price;
        const double y0 = costPerBillionTokensAtPrice(b.plan, b.result, 0);
        const double y1 = costPerBillionTokensAtPrice(b.plan, b.result, be.currentPrice * maxX / 100.0);
        if (!std::isfinite(y0) || !std::isfinite(y1))
            continue;
        const QColor color = planColor(int(i));
        const QString name = be.reachable ? QCoreApplication::translate("commtax::ComparisonCharts",
                                                                        "%1: matches A at %2%3")
                                                .arg(b.name, formatUsd(be.breakEvenPrice),
                                                     be.rent ? QStringLiteral("/GPU-h") : QStringLiteral("/GPU"))
                                          : QCoreApplication::translate("commtax::ComparisonCharts",
                                                                        "%1: dearer even with free GPUs")
                                                .arg(b.name);
        QCPGraph *line = planLine(name, b.name, QPen(color, 2));
        m_summary << name;
        if (y1 > cap && y1 > y0) {
            const double xCut = maxX * (cap - y0) / (y1 - y0);
            line->setData({0, xCut}, {y0, cap}, true);
            line->setProperty("continuesTo", y1);
            auto *arrow = new QCPItemLine(this);
            arrow->start->setCoords(xCut - 0.08 * xCut, y0 + 0.92 * (cap - y0));
            arrow->end->setCoords(xCut, cap);
            arrow->setPen(QPen(color, 2));
            arrow->setHead(QCPLineEnding(QCPLineEnding::esSpikeArrow, 10, 12));
            addDrawnItem(arrow);
            addLabel(xAxis, yAxis, xCut, cap,
                     QCoreApplication::translate("commtax::ComparisonCharts", "continues: %1 at %2% of today's price")
                         .arg(formatUsd(y1), formatNumber(maxX, 0)),
                     color,
                     Qt::AlignBottom | (xCut > maxX / 2 ? Qt::AlignRight : Qt::AlignLeft));
        } else {
            line->setData({0, maxX}, {y0, y1}, true);
        }
        addHoverGraph(line, [name = b.name](double k, double v) {
            return QStringLiteral("%1: %2 (%3%)").arg(name, formatUsd(v), formatNumber(k, 0));
        });
        maxY = std::max({maxY, std::min(y1, cap), y0});
        markBreakEven(i, b, be, aCost, maxX, name);
        any = true;
    }
    xAxis->setRange(0, maxX);
    yAxis->setRange(0, maxY * 1.25);
    if (!any)
        addMessage(QCoreApplication::translate("commtax::ComparisonCharts",
                                               "No other plan runs: nothing to compare with A"));
    return any;
}

bool ComparisonChartView::drawBuyVersusRent(const Comparison &c)
{
    reset(QCoreApplication::translate("commtax::ComparisonCharts", "Months of use"),
          QCoreApplication::translate("commtax::ComparisonCharts", "Cumulative cost (USD millions)"));
    xAxis->grid()->setVisible(true);
    const QList<BreakEvenRow> rows = breakEvens(c);
    double maxMonths = 0;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const ComparedPlan &bought = rows[i].buyIsReference ? c.plans[c.reference] : c.plans[i];
        if (rows[i].buyRent.applicable)
            maxMonths = std::max({maxMonths, bought.plan.economics.years * 12.0,
                                  rows[i].buyRent.reachable ? rows[i].buyRent.months * 1.3 : 0.0});
    }
    if (maxMonths <= 0) {
        addMessage(QCoreApplication::translate("commtax::ComparisonCharts",
                                               "No bought plan against a rented one in this comparison"));
        return false;
    }
    maxMonths = std::min(maxMonths, 240.0);
    double maxY = 0;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const BuyRentBreakEven &br = rows[i].buyRent;
        if (!br.applicable)
            continue;
        const int boughtIndex = rows[i].buyIsReference ? c.reference : int(i);
        const int rentedIndex = rows[i].buyIsReference ? int(i) : c.reference;
        const QString bought = c.plans[boughtIndex].name, rented = c.plans[rentedIndex].name;
        QCPGraph *buy = planLine(QCoreApplication::translate("commtax::ComparisonCharts", "Buy %1: %2 up front")
                                     .arg(bought, formatUsd(br.capex_usd)),
                                 bought,
                                 QPen(planColor(boughtIndex), 2));
        buy->setData({0, maxMonths}, {br.cumulativeBuyUsd(0) / 1e6, br.cumulativeBuyUsd(maxMonths) / 1e6}, true);
        QCPGraph *rent = planLine(QCoreApplication::translate("commtax::ComparisonCharts",
                                                              "Rent: %1, for as many tokens")
                                      .arg(rented),
                                  rented,
                                  QPen(planColor(rentedIndex), 2, Qt::DashLine));
        rent->setData({0, maxMonths}, {0, br.cumulativeRentUsd(maxMonths) / 1e6}, true);
        for (const std::pair<QCPGraph *, QString> &line : {std::pair{buy, bought}, std::pair{rent, rented}})
            addHoverGraph(line.first, [name = line.second](double k, double v) {
                return QStringLiteral("%1: %2, %3").arg(name, formatUsd(v * 1e6), formatNumber(k, 1));
            });
        m_summary << buy->name() << rent->name();
        maxY = std::max({maxY, br.cumulativeBuyUsd(maxMonths) / 1e6, br.cumulativeRentUsd(maxMonths) / 1e6});
        if (br.reachable && br.months <= maxMonths) {
            auto *mark = new QCPItemStraightLine(this);
            mark->point1->setCoords(br.months, 0);
            mark->point2->setCoords(br.months, 1);
            mark->setPen(QPen(Qt::darkGray, 1, Qt::DotLine));
            addDrawnItem(mark);
            const QString when = QCoreApplication::translate("commtax::ComparisonCharts",
                                                             "buying is cheaper\nafter %1 months")
                                     .arg(formatNumber(br.months, 1));
            addLabel(xAxis, yAxis, br.months, br.cumulativeBuyUsd(br.months) / 1e6, when, kInk,
                     Qt::AlignTop | Qt::AlignLeft);
            m_summary << QString(when).replace(QLatin1Char('\n'), QLatin1Char(' '));
        }
    }
    xAxis->setRange(0, maxMonths);
    yAxis->setRange(0, maxY * 1.1);
    return true;
}

bool ComparisonChartView::drawCostRanges(const Comparison &c, const ComparisonSensitivity &s)
{
    reset(QString(), QCoreApplication::translate("commtax::ComparisonCharts", "USD per billion tokens"));
    planAxis(c);
    if (!s.valid) {
        addMessage(QCoreApplication::translate("commtax::ComparisonCharts", "Sampling the ranges..."));
        return false;
    }
    double top = 0;
    bool any = false;
    for (qsizetype i = 0; i < c.plans.size() && std::size_t(i) < s.plans.size(); ++i) {
        const PlanSensitivity &p = s.plans[std::size_t(i)];
        const double key = double(i + 1);
        if (!p.valid || !c.plans[i].runs()) {
            whyNoBar(c, i);
            continue;
        }
        const uncertainty::Percentiles q = p.of(uncertainty::Metric::CostPerBillionTokens);
        if (!std::isfinite(q.p10) || !std::isfinite(q.p90) || !std::isfinite(q.p50))
            continue;
        // The axis names each plan: no legend entries.
        QCPBars *bar = makeBars(QStringLiteral("range%1").arg(i), QString(), planColor(int(i)).lighter(125), xAxis,
                                yAxis);
        bar->setWidth(0.35);
        bar->setBaseValue(q.p10);
        bar->setData({key}, {q.p90 - q.p10}, true);
        QCPGraph *median = makeGraph(QStringLiteral("median%1").arg(i), QString(), QPen(Qt::black),
                                     QCPScatterStyle(QCPScatterStyle::ssDisc, Qt::black, Qt::black, 6));
        median->setLineStyle(QCPGraph::lsNone);
        median->setData({key}, {q.p50}, true);
        const QString range = QStringLiteral("%1 - %2").arg(formatUsd(q.p10), formatUsd(q.p90));
        addLabel(bar, key, q.p90, range, kInk, Qt::AlignBottom | Qt::AlignHCenter);
        const QString text = QStringLiteral("%1: %2 (P50 %3)").arg(c.plans[i].name, range, formatUsd(q.p50));
        addHoverBox(bar, key - 0.175, key + 0.175, q.p10, q.p90, text);
        m_summary << text;
        top = std::max(top, q.p90);
        any = true;
    }
    valueAxisTo(top);
    if (!any)
        addMessage(QCoreApplication::translate("commtax::ComparisonCharts", "None of the plans can run"));
    return any;
}

// The parts of a plan's step, bottom to top.
const std::vector<ComparisonChartView::StackPart> &ComparisonChartView::stepParts()
{
    static const std::vector<StackPart> parts = {
        {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "Compute"), QColor(0x4E, 0x79, 0xA7),
         [](const ComparedPlan &p) { return p.result.compute_time_s; }},
        {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "Pipeline bubble"), QColor(0xBA, 0xB0, 0xAC),
         [](const ComparedPlan &p) { return p.result.bubble_time_s; }},
        {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "TP comm (exposed)"), QColor(0xF2, 0x8E, 0x2B),
         [](const ComparedPlan &p) { return p.result.tp_comm_exposed_s; }},
        {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "PP comm"), QColor(0xB0, 0x7A, 0xA1),
         [](const ComparedPlan &p) { return p.result.pp_comm_exposed_s; }},
        {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "DP comm (exposed)"), QColor(0xE1, 0x57, 0x59),
         [](const ComparedPlan &p) { return p.result.dp_comm_exposed_s; }},
        {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "CP ring (exposed)"), QColor(0x59, 0xA1, 0x4F),
         [](const ComparedPlan &p) { return p.result.cp_comm_exposed_s; }},
        {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "Expert all-to-all (exposed)"), QColor(0xED, 0xC9, 0x48),
         [](const ComparedPlan &p) { return p.result.ep_comm_exposed_s; }},
        {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "Overlap slowdown"), QColor(0x9C, 0x75, 0x5F),
         [](const ComparedPlan &p) { return p.result.overlap_slowdown_s; }},
        {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "Optimizer step"), QColor(0x76, 0xB7, 0xB2),
         [](const ComparedPlan &p) { return p.result.optimizer_time_s; }},
    };
    return parts;
}

// The parts of a run's TCO, bottom to top.
const std::vector<ComparisonChartView::StackPart> &ComparisonChartView::tcoParts()
{
    static const std::vector<StackPart> parts = {
        {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "Depreciation"), QColor(0x4E, 0x79, 0xA7),
         [](const ComparedPlan &p) { const CostBreakdown b = costBreakdown(p.plan,
                 p.result); return b.depreciation_usd_per_hour * b.run_hours; }},
        {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "Energy"), QColor(0xED, 0xC9, 0x48),
         [](const ComparedPlan &p) { const CostBreakdown b = costBreakdown(p.plan,
                 p.result); return b.energy_usd_per_hour * b.run_hours; }},
        {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "Upkeep"), QColor(0x76, 0xB7, 0xB2),
         [](const ComparedPlan &p) { const CostBreakdown b = costBreakdown(p.plan,
                 p.result); return b.upkeep_usd_per_hour * b.run_hours; }},
        {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "Rent"), QColor(0xFF, 0x9D, 0xA7),
         [](const ComparedPlan &p) { const CostBreakdown b = costBreakdown(p.plan,
                 p.result); return b.rent_usd_per_hour * b.run_hours; }},
    };
    return parts;
}

bool ComparisonChartView::drawChart(const Comparison &c, const ComparisonSensitivity *s)
{
    setTitle(chartTitle(m_chart));
    if (c.plans.isEmpty()) {
        reset(QString(), QString());
        addMessage(QCoreApplication::translate("commtax::ComparisonCharts", "No plans to compare"));
        setSummary(QCoreApplication::translate("commtax::ComparisonCharts", "No plans to compare"), QString());
        return false;
    }
    bool drawn = false;
    switch (m_chart) {
    case ComparisonChart::StepBreakdown: {
        reset(QString(), QCoreApplication::translate("commtax::ComparisonCharts", "Step time (s)"));
        const std::vector<StackPart> &parts = stepParts();
        drawn = drawStacked(
            c, parts, 1.0, [](const ComparedPlan &p) { return seconds(p.result.step_time_s); },
            [](const ComparedPlan &p) { return p.result.step_time_s; });
        break;
    }
    case ComparisonChart::CostPerBillionTokens:
        reset(QString(), QCoreApplication::translate("commtax::ComparisonCharts", "USD per billion tokens"));
        drawn = drawPerPlanBars(
            c, [](const Result &r) { return r.cost_per_billion_tokens_usd; }, usd);
        break;
    case ComparisonChart::DaysToTrain:
        reset(QString(),
              QCoreApplication::translate("commtax::ComparisonCharts", "Days to train (wall clock, with goodput)"));
        drawn = drawPerPlanBars(
            c, [](const Result &r) { return r.days_to_train; }, days);
        break;
    case ComparisonChart::Tco: {
        reset(QString(), QCoreApplication::translate("commtax::ComparisonCharts", "USD millions"));
        const std::vector<StackPart> &parts = tcoParts();
        drawn = drawStacked(
            c, parts, 1e-6, [](const ComparedPlan &p) { return formatUsd(p.result.tco_usd); },
            [](const ComparedPlan &p) { return p.result.tco_usd; });
        break;
    }
    case ComparisonChart::PriceBreakEven: drawn = drawPriceBreakEven(c); break;
    case ComparisonChart::BuyVersusRent: drawn = drawBuyVersusRent(c); break;
    case ComparisonChart::CostRanges: {
        static const ComparisonSensitivity notYet; // not valid: "Sampling the ranges..."
        drawn = drawCostRanges(c, s ? *s : notYet);
        break;
    }
    }
    const bool explains = m_chart == ComparisonChart::PriceBreakEven || m_chart == ComparisonChart::BuyVersusRent
        || m_chart == ComparisonChart::CostRanges; // each says why itself
    if (!drawn && !explains)
        addMessage(QCoreApplication::translate("commtax::ComparisonCharts", "None of the plans can run"));
    setSummary(QString(), m_summary.join(QStringLiteral("; ")));
    return drawn;
}

// ---------------------------------------------------------------------------------------------
// The recommended plan's tornado: the plan's tornado renderer with the comparison's rows.

RecommendedTornadoChart::RecommendedTornadoChart(QWidget *parent)
    : TornadoChart(QCoreApplication::translate("commtax::ComparisonCharts",
                                               "Sensitivity of the recommended plan (%1)")
                       .arg(QString()),
                   QStringLiteral("tornado"),
                   QCoreApplication::translate("commtax::ComparisonCharts", "USD per billion tokens"),
                   QCoreApplication::translate("commtax::ComparisonCharts", "Input at its low end"),
                   QCoreApplication::translate("commtax::ComparisonCharts", "Input at its high end"), parent)
{
    setObjectName(QStringLiteral("chartTornado"));
}

RecommendedTornadoChart::~RecommendedTornadoChart() = default;

bool RecommendedTornadoChart::showSensitivity(const Comparison &c, const ComparisonSensitivity &s, int maxBars)
{
    bool drawn = false;
    redraw(++m_drawn, [&] {
        const int r = s.recommended;
        const QString name = r >= 0 && r < c.plans.size() ? c.plans[r].name : QString();
        // On screen a long name is shortened to keep the title on one line, its whole text in the
        // title's tooltip; print wraps it whole.
        setTitle(QCoreApplication::translate("commtax::ComparisonCharts", "Sensitivity of the recommended plan (%1)")
                     .arg(name),
                 name);
        if (!s.valid || r < 0 || std::size_t(r) >= s.plans.size() || !s.plans[std::size_t(r)].valid) {
            drawRows({}, {}, 0, QString());
            const QString why = !s.valid ? QCoreApplication::translate("commtax::ComparisonCharts",
                                                                       "Sampling the ranges...")
                                         : QCoreApplication::translate("commtax::ComparisonCharts",
                                                                       "No plan can run: nothing is recommended");
            addMessage(why);
            setSummary(why, QString());
            return;
        }
        const std::vector<uncertainty::TornadoBar> &bars = s.plans[std::size_t(r)].costTornado;
        const double value = c.plans[r].result.cost_per_billion_tokens_usd;
        const int n = std::min(int(bars.size()), maxBars);
        QList<TornadoRow> rows;
        QStringList texts;
        for (int i = 0; i < n; ++i) {
            const uncertainty::TornadoBar &b = bars[std::size_t(i)];
            // One line per bar: "GPU price ($18.8k-$31.3k)", in the report's number convention with the unit.
            const QString input = QString::fromStdString(b.input);
            const double scale = std::max(std::fabs(b.input_low), std::fabs(b.input_high));
            const auto number = [&](double v) { return inputValueText(input, v, scale); };
            const QString what = libraryText(inputLabelText(input));
            const QString label = QStringLiteral("%1 (%2-%3)").arg(what, number(b.input_low), number(b.input_high));
            rows << TornadoRow{label, b.low, b.high};
            texts << QStringLiteral("%1: %2 - %3").arg(label, formatUsd(b.low), formatUsd(b.high));
        }
        const QString none = QCoreApplication::translate("commtax::ComparisonCharts",
                                                         "No uncertain input moves the cost");
        drawRows(rows, texts, value, none);
        setSummary(name, texts.join(QStringLiteral("; ")));
        drawn = n > 0;
    });
    return drawn;
}

} // namespace commtax
