// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one tornado renderer: TornadoChart, the chart view of the main window's Sensitivity chart
// (plancharts.h SensitivityChart) and of the comparison's recommended plan (Sensitivity tab and PDF
// report: compare/comparisoncharts.h RecommendedTornadoChart). One row per uncertain input, the
// largest swing on top; from the plan's value, one bar to the figure with the input at the low end
// of its range and one to the figure at its high end, the value's line across. The subclasses say
// which rows, their texts and the title.

#include "chartview.h"

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

class TornadoChart : public ChartView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TornadoChart)
public:
    ~TornadoChart() override;
    static constexpr int kMaxBars = 8; // the inputs that move the figure most

protected:
    // The bars' object names are `objectPrefix` + "_low", "_high", the value's line "_value";
    // `lowName` and `highName` their legend entries, `valueLabel` the value axis's title.
    TornadoChart(const QString &title, const QString &objectPrefix, const QString &valueLabel, const QString &lowName,
                 const QString &highName, QWidget *parent);
    // The rows (largest swing first), each row's hover text, the plan's value. Without rows,
    // `empty` is written at the value.
    void drawRows(const QList<TornadoRow> &rows, const QStringList &hoverTexts, double value, const QString &empty);
    int minimumPlotHeight() const override; // a line per row

private:
    int m_categories = 0;
    QCPBars *m_low = nullptr;
    QCPBars *m_high = nullptr;
    QCPGraph *m_value = nullptr;
};

} // namespace commtax
