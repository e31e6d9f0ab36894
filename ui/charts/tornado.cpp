// SPDX-License-Identifier: GPL-3.0-or-later
#include "tornado.h"

#include "chartview.h"

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

} // namespace commtax
