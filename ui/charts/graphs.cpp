// SPDX-License-Identifier: GPL-3.0-or-later
#include "graphs.h"

#include "chartview.h"

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

void fitVerticalAxisTitle(QCustomPlot *plot, QCPAxis *axis, const QString &whole, const QString &brief)
{
    axis->setLabel(whole);
    QObject::connect(plot, &QCustomPlot::afterLayout, axis, [plot, axis, whole, brief] {
        const QFontMetrics fm(axis->labelFont());
        const int length = axis->axisRect()->height() - 8;
        QString label = whole;
        if (fm.horizontalAdvance(whole) > length)
            label = fm.horizontalAdvance(brief) <= length ? brief
                                                          : ChartView::wrapText(brief, axis->labelFont(), length);
        if (label != axis->label()) {
            axis->setLabel(label);
            plot->replot(QCustomPlot::rpQueuedReplot);
        }
    });
}

} // namespace commtax
