// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one tornado renderer: the main window's Sensitivity chart (plancharts.h SensitivityChart),
// the comparison's Sensitivity tab and the PDF report's recommended plan (compare/comparisoncharts.h
// drawRecommendedTornado()) lay their bars out here. One row per uncertain input, the largest swing
// on top; from the plan's value, one bar to the figure with the input at the low end of its range
// and one to the figure at its high end. The callers add what is theirs: hover texts, the value's
// line, messages, titles.

#include <qcustomplot.h>

#include <QColor>
#include <QList>
#include <QString>

namespace commtax {

struct TornadoRow {
    QString label;   // the row's tick on the key (vertical) axis
    double low = 0;  // the figure with the input at the low end of its range
    double high = 0; // ... and at the high end
};

namespace tornado {
inline constexpr double kBarWidth = 0.6; // in rows
QColor lowColor();
QColor highColor();
// Row i (0: the largest swing) of n sits at key n - i.
inline double keyOf(int row, int rows) { return double(rows - row); }
} // namespace tornado

// Colours, outline and width of the two series of bars (`low`: the inputs' low ends).
void styleTornadoBars(QCPBars *low, QCPBars *high);
// Puts `rows` (the largest swing first) on `low` and `high`, horizontal bars whose key axis is the
// plot's vertical one: both start at `value`; the key axis gets a tick per row and spans 0.4 to
// n + 0.6 (one empty row when there are none); the value axis spans the bars and `value` with 8%
// to spare. Neither replots.
void drawTornado(QCPBars *low, QCPBars *high, const QList<TornadoRow> &rows, double value);

} // namespace commtax
