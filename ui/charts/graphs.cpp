// SPDX-License-Identifier: GPL-3.0-or-later
#include "graphs.h"

#include "chartview.h"

#include <algorithm>

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

void fitSideLegendToHeight(QCustomPlot *plot)
{
    QObject::connect(plot, &QCustomPlot::afterLayout, plot->legend, [plot] {
        QCPLegend *legend = plot->legend;
        const int n = legend->itemCount();
        if (n == 0)
            return;
        int itemHeight = 1;
        for (int i = 0; i < n; ++i)
            if (QCPAbstractLegendItem *item = legend->item(i))
                itemHeight = std::max(itemHeight, item->minimumOuterSizeHint().height());
        const QMargins outer = plot->plotLayout()->margins();
        const int available = plot->height() - outer.top() - outer.bottom() - legend->margins().top()
            - legend->margins().bottom() - 2;
        const int rows = std::clamp((available + legend->rowSpacing()) / (itemHeight + legend->rowSpacing()), 1, n);
        if (legend->fillOrder() == QCPLayoutGrid::foRowsFirst && legend->wrap() == rows)
            return;
        legend->setWrap(rows);
        legend->setFillOrder(QCPLayoutGrid::foRowsFirst, true); // rows first: a column, then the next
        plot->replot(QCustomPlot::rpQueuedReplot);
    });
}

} // namespace commtax
