// SPDX-License-Identifier: GPL-3.0-or-later
#include "tornado.h"

#include <algorithm>
#include <cmath>

namespace commtax {

QColor tornado::lowColor() { return {0x4c, 0x72, 0xb0}; }
QColor tornado::highColor() { return {0xdd, 0x84, 0x52}; }

void styleTornadoBars(QCPBars *low, QCPBars *high)
{
    for (const auto &[bars, color] : {std::pair{low, tornado::lowColor()}, std::pair{high, tornado::highColor()}}) {
        // The outline gives each bar 3:1 against the plot, as ChartView's bars.
        bars->setPen(QPen(ChartView::withContrast(color.darker(130), ChartView::plotBackground()), 1));
        bars->setBrush(color);
        bars->setWidth(tornado::kBarWidth);
    }
}

void drawTornado(QCPBars *low, QCPBars *high, const QList<TornadoRow> &rows, double value)
{
    const int n = int(rows.size());
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    ticker->setSubTickCount(0);
    QVector<double> keys, lows, highs;
    double lo = value, hi = value;
    for (int i = n - 1; i >= 0; --i) { // keys ascending
        const TornadoRow &r = rows[i];
        const double key = tornado::keyOf(i, n);
        ticker->addTick(key, r.label);
        keys << key;
        lows << r.low - value; // QCPBars run from the base value to base + value
        highs << r.high - value;
        lo = std::min({lo, r.low, r.high});
        hi = std::max({hi, r.low, r.high});
    }
    for (QCPBars *b : {low, high})
        b->setBaseValue(value);
    low->setData(keys, lows, true);
    high->setData(keys, highs, true);
    QCPAxis *keyAxis = low->keyAxis();
    keyAxis->setTicker(ticker);
    keyAxis->setRange(0.4, double(std::max(n, 1)) + 0.6);
    const double pad = std::max((hi - lo) * 0.08, std::abs(value) * 0.01 + 1e-9);
    low->valueAxis()->setRange(lo - pad, hi + pad);
}

TornadoChart::TornadoChart(const QString &title, const QString &objectPrefix, const QString &valueLabel,
                           const QString &lowName, const QString &highName, QWidget *parent)
    : ChartView(title, parent)
{
    styleAxis(xAxis, valueLabel);
    yAxis->grid()->setVisible(false);
    yAxis->setTickLength(0, 0);
    // Both sides start at the plan's value (the bars' base value; their data is the change from
    // it): a bar reaches the figure with the input at that end of its range.
    m_low = makeBars(objectPrefix + QStringLiteral("_low"), lowName, tornado::lowColor(), yAxis, xAxis);
    m_high = makeBars(objectPrefix + QStringLiteral("_high"), highName, tornado::highColor(), yAxis, xAxis);
    styleTornadoBars(m_low, m_high);
    m_value = makeGraph(objectPrefix + QStringLiteral("_value"), QString(), QPen(QColor(0x20, 0x20, 0x20), 1.5),
                        QCPScatterStyle(), yAxis, xAxis);
    setInLegend(m_value, false);
    setLegendColumns(2);
}

TornadoChart::~TornadoChart() = default;

int TornadoChart::minimumPlotHeight() const
{
    return std::max(kMinimumPlotHeight, m_categories * (QFontMetrics(yAxis->tickLabelFont()).height() + 4));
}

void TornadoChart::drawRows(const QList<TornadoRow> &rows, const QStringList &hoverTexts, double value,
                            const QString &empty)
{
    const int n = int(rows.size());
    m_categories = n;
    drawTornado(m_low, m_high, rows, value);
    m_value->setData(QVector<double>{0.4, double(std::max(n, 1)) + 0.6}, QVector<double>{value, value}, true);
    const double half = tornado::kBarWidth / 2;
    for (int i = 0; i < n; ++i) {
        const double key = tornado::keyOf(i, n);
        const QString text = hoverTexts.value(i);
        addHoverBox(m_low, key - half, key + half, std::min(value, rows[i].low), std::max(value, rows[i].low), text);
        addHoverBox(m_high, key - half, key + half, std::min(value, rows[i].high), std::max(value, rows[i].high), text);
    }
    if (n == 0 && !empty.isEmpty())
        addLabel(m_low, 1, value, empty, QColor(0x20, 0x20, 0x20), Qt::AlignCenter);
}

} // namespace commtax
