// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The step timeline as a Gantt chart (model/core/steptimeline.h, docs/model.md §20): one step of
// one pipeline rank, its lanes (compute, the tensor/context/expert collectives, the data-parallel
// sync, the pipeline's sends) down the side, time in milliseconds across, a colour per kind of
// segment. Communication hidden under compute is drawn thin and hatched, communication on the
// critical path full height; a block standing for a long run of passes is cross-hatched. Hovering a
// segment says its micro-batch and its duration.

#include "chartview.h"
#include "core/steptimeline.h"

namespace commtax {

class GanttRects;

class TimelineChart : public ChartView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TimelineChart)
public:
    explicit TimelineChart(QWidget *parent = nullptr);
    ~TimelineChart() override;

    // Draw this step (an empty timeline: nothing, and the chart says to select an option).
    void setTimeline(const timeline::StepTimeline &t);
    const timeline::StepTimeline &timeline() const { return m_timeline; }
    // The rectangles drawn, over every kind, and the lanes shown top to bottom.
    int drawnSegmentCount() const;
    QList<timeline::Lane> shownLanes() const { return m_lanes; }

    static QString kindName(timeline::Kind kind);
    static QString laneName(timeline::Lane lane);
    static QColor kindColor(timeline::Kind kind);

protected:
    void draw(const Analysis &a) override;
    int minimumPlotHeight() const override { return 4 * fontMetrics().height() + 24; } // four lanes
    LegendRoom legendRoom() const override { return {timeline::kKinds, 5}; }

private:
    QString hoverText(const timeline::Segment &s) const;
    QList<GanttRects *> m_kinds; // one plottable per kind, in Kind order
    QList<timeline::Lane> m_lanes;
    timeline::StepTimeline m_timeline;
};

} // namespace commtax
