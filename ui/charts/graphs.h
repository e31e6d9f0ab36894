// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Small helpers for plots outside the main window's charts (the calibration dialogs' scatters, the
// layout search's Pareto plot).

#include <qcustomplot.h>

#include <QString>

namespace commtax {

// A graph added to `plot`, named for tests (objectName) and for the legend (name), drawn with
// `pen`, `scatter` and `line`.
QCPGraph *addNamedGraph(QCustomPlot *plot, const QString &objectName, const QString &name, const QPen &pen,
                        const QCPScatterStyle &scatter, QCPGraph::LineStyle line);

// Titles the vertical `axis` `whole` where the axis is long enough for it after each layout, else
// `brief` (the name a table column gives the figure), in lines as long as the axis where even that
// is too long: a plot squeezed on a small screen (a dialog at 150% on a laptop) keeps a whole,
// readable axis title instead of one cut at both ends.
void fitVerticalAxisTitle(QCustomPlot *plot, QCPAxis *axis, const QString &whole, const QString &brief);

// A legend in a column beside the plot that wraps into as many columns as the plot's height needs
// after each layout: on a short plot (a dialog at 150% on a laptop) its last entries were cut off.
void fitSideLegendToHeight(QCustomPlot *plot);

} // namespace commtax
