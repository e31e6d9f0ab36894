// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Small helpers for plots outside the main window's charts (the calibration dialogs' scatters).

#include <qcustomplot.h>

#include <QString>

namespace commtax {

// A graph added to `plot`, named for tests (objectName) and for the legend (name), drawn with
// `pen`, `scatter` and `line`.
QCPGraph *addNamedGraph(QCustomPlot *plot, const QString &objectName, const QString &name, const QPen &pen,
                        const QCPScatterStyle &scatter, QCPGraph::LineStyle line);

} // namespace commtax
