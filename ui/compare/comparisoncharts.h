// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The comparison's charts, chart views like the plan's (charts/chartview.h: title, legend below,
// hover texts, export from the context menu, stale mark, accessible summary, texts fitted to the
// size). The comparison view shows them and the PDF report prints the same views, made offscreen
// at the page's size, so a chart is defined once. Each plan keeps its colour in every chart; a plan
// that is invalid or does not fit in memory gets no bar, only a label saying why (it is never
// charted as if it ran). Every value handed to a plot is finite.

#include "charts/chartview.h"
#include "charts/tornado.h"
#include "library/compare.h"

#include <QColor>
#include <QString>

namespace commtax {

struct ComparisonSensitivity;

enum class ComparisonChart {
    StepBreakdown, // stacked step time: compute, bubble, TP, PP, DP exposed, overlap slowdown
    CostPerBillionTokens,
    DaysToTrain,
    Tco,            // TCO of the run, stacked: depreciation, energy, upkeep, rent
    PriceBreakEven, // cost per billion tokens against the GPU price (% of today's), plan A's line
    BuyVersusRent,  // cumulative cost of buying against renting, by month
    CostRanges,     // the sensitivity: each plan's USD per billion tokens from P10 to P90, its P50
};
// The charts drawn from the comparison alone (CostRanges needs its sensitivity).
inline constexpr ComparisonChart kAllComparisonCharts[] = {
    ComparisonChart::StepBreakdown, ComparisonChart::CostPerBillionTokens, ComparisonChart::DaysToTrain,
    ComparisonChart::Tco, ComparisonChart::PriceBreakEven, ComparisonChart::BuyVersusRent};

QString chartTitle(ComparisonChart chart);
QColor planColor(int index);

class ComparisonChartView : public ChartView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ComparisonChartView)
public:
    explicit ComparisonChartView(ComparisonChart chart, QWidget *parent = nullptr);
    ~ComparisonChartView() override;

    ComparisonChart chart() const { return m_chart; }
    // Draw the chart (queues a replot). False (and a centred explanation instead) when the
    // comparison holds nothing it can show, e.g. no bought/rented pair for BuyVersusRent.
    // CostRanges draws "Sampling the ranges..." until it has a valid sensitivity.
    bool showComparison(const Comparison &c);
    bool showComparison(const Comparison &c, const ComparisonSensitivity &s);
    // The plot's own height at least (the window's layout asks for room for the names).
    void setMinimumPlotHeight(int height) { m_minimumPlotHeight = height; }

protected:
    int minimumPlotHeight() const override { return m_minimumPlotHeight; }

private:
    bool drawChart(const Comparison &c, const ComparisonSensitivity *s);
    void reset(const QString &xLabel, const QString &yLabel);
    void planAxis(const Comparison &c);
    void valueAxisTo(double maxValue);
    void whyNoBar(const Comparison &c, qsizetype plan);
    bool drawPerPlanBars(const Comparison &c, double (*value)(const Result &), QString (*text)(double));
    struct StackPart;
    static const std::vector<StackPart> &stepParts();
    static const std::vector<StackPart> &tcoParts();
    bool drawStacked(const Comparison &c, const std::vector<StackPart> &parts, double scale,
                     QString (*total)(const ComparedPlan &), double (*totalValue)(const ComparedPlan &));
    bool drawPriceBreakEven(const Comparison &c);
    void markBreakEven(qsizetype i, const ComparedPlan &b, const PriceBreakEven &be, double aCost, double maxX,
                       const QString &name);
    bool drawBuyVersusRent(const Comparison &c);
    bool drawCostRanges(const Comparison &c, const ComparisonSensitivity &s);
    // A line in the plan's colour, named in the legend; its hover text at each point.
    QCPGraph *planLine(const QString &name, const QString &planName, const QPen &pen);

    ComparisonChart m_chart;
    int m_minimumPlotHeight = kMinimumPlotHeight;
    quint64 m_drawn = 0; // redrawn()'s ids: one per draw
    QStringList m_summary;
};

// The tornado of the recommended plan's USD per billion tokens (its `maxBars` largest swings),
// drawn by the plan's tornado renderer; "Sampling the ranges..." until the sensitivity arrives.
class RecommendedTornadoChart : public TornadoChart
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RecommendedTornadoChart)
public:
    explicit RecommendedTornadoChart(QWidget *parent = nullptr);
    ~RecommendedTornadoChart() override;
    bool showSensitivity(const Comparison &c, const ComparisonSensitivity &s, int maxBars = kMaxBars);

private:
    quint64 m_drawn = 0;
};

} // namespace commtax
