// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The comparison's charts, drawn into a QCustomPlot. The comparison view shows them and the PDF
// report prints the same plots, so a chart is defined once. Each plan keeps its colour in every
// chart; a plan that is invalid or does not fit in memory gets no bar, only a label saying why
// (it is never charted as if it ran). Every value handed to a plot is finite.

#include "library/compare.h"

#include <QColor>
#include <QString>

class QCustomPlot;

namespace commtax {

enum class ComparisonChart {
    StepBreakdown, // stacked step time: compute, bubble, TP, PP, DP exposed, overlap slowdown
    CostPerBillionTokens,
    DaysToTrain,
    Tco,            // TCO of the run, stacked: depreciation, energy, upkeep, rent
    PriceBreakEven, // cost per billion tokens against the GPU price (% of today's), plan A's line
    BuyVersusRent,  // cumulative cost of buying against renting, by month
};
inline constexpr ComparisonChart kAllComparisonCharts[] = {
    ComparisonChart::StepBreakdown, ComparisonChart::CostPerBillionTokens, ComparisonChart::DaysToTrain,
    ComparisonChart::Tco, ComparisonChart::PriceBreakEven, ComparisonChart::BuyVersusRent};

QString chartTitle(ComparisonChart chart);
QColor planColor(int index);

// Clear the plot and draw the chart. Returns false (and draws a centred explanation instead) when
// the comparison holds nothing this chart can show, e.g. no bought/rented pair for BuyVersusRent.
bool drawComparisonChart(QCustomPlot *plot, ComparisonChart chart, const Comparison &c);

// The sensitivity of a comparison (library/comparisonuncertainty.h): each plan's USD per billion
// tokens from P10 to P90 with its P50, and the tornado of the recommended plan's USD per billion
// tokens (its `maxBars` largest swings). A sensitivity not yet computed draws "Sampling...".
struct ComparisonSensitivity;
bool drawCostRanges(QCustomPlot *plot, const Comparison &c, const ComparisonSensitivity &s);
bool drawRecommendedTornado(QCustomPlot *plot, const Comparison &c, const ComparisonSensitivity &s, int maxBars = 8);

// The plan names under the bars, wrapped to one category's width at the plot's present layout;
// true when they changed (a chart with plans on its x axis does this after every layout).
bool fitCategoryLabels(QCustomPlot *plot);

// "A100 SXM 80GB" -> "A100 SXM\n80GB": short lines for axis labels under narrow bars.
QString wrapLabel(const QString &name, int maxLine = 10);

} // namespace commtax
