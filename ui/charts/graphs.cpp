// SPDX-License-Identifier: GPL-3.0-or-later
#include "graphs.h"

namespace commtax {

QCPGraph *addNamedGraph(QCustomPlot *plot, const QString &objectName, const QString &name, const QPen &pen,
                        const QCPScatterStyle &scatter, QCPGraph::LineStyle line)
{
    QCPGraph *g = plot->addGraph();
    g->setObjectName(objectName);
    g->setName(name);
    g->setPen(pen);
    g->setScatterStyle(scatter);
    g->setLineStyle(line);
    return g;
}

} // namespace commtax
