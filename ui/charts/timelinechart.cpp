// SPDX-License-Identifier: GPL-3.0-or-later
#include "timelinechart.h"

#include "core/resultio.h"

#include <algorithm>
#include <cmath>

namespace commtax {

using timeline::Kind;
using timeline::Lane;
using timeline::Segment;

// The rectangles of one kind of segment: [start, end] in milliseconds along the key axis, a lane's
// band across (lane i of the chart at value i + 1). One QCustomPlot plottable per kind, so that the
// legend has one entry per kind and a few thousand rectangles cost one pass each.
class GanttRects : public QCPAbstractPlottable
{
public:
    struct Rect {
        double key0, key1;
        double value;
        bool hidden; // communication under compute: thin and hatched
        bool block;  // a block standing for many passes: cross-hatched
    };
    GanttRects(QCPAxis *keyAxis, QCPAxis *valueAxis)
        : QCPAbstractPlottable(keyAxis, valueAxis)
    {
    }
    QVector<Rect> rects;

    double selectTest(const QPointF &, bool, QVariant *) const override { return -1; }
    QCPRange getKeyRange(bool &found, QCP::SignDomain) const override
    {
        found = !rects.isEmpty();
        QCPRange r(0, 1);
        for (const Rect &x : rects) {
            r.lower = std::min(r.lower, x.key0);
            r.upper = std::max(r.upper, x.key1);
        }
        return r;
    }
    QCPRange getValueRange(bool &found, QCP::SignDomain, const QCPRange &) const override
    {
        found = !rects.isEmpty();
        return QCPRange(0.5, 4.5);
    }

    static constexpr double kFull = 0.36, kThin = 0.2; // half-heights of a band, in lanes
    static constexpr double kNarrow = 2.0;             // pixels: narrower rectangles are blended (NarrowRects)
    QRectF pixels(const Rect &r) const
    {
        const double h = r.hidden ? kThin : kFull;
        return QRectF(coordsToPixels(r.key0, r.value - h), coordsToPixels(r.key1, r.value + h)).normalized();
    }
    QColor fill(const Rect &r) const
    {
        return r.hidden || r.block ? mBrush.color().lighter(r.hidden ? 160 : 130) : mBrush.color();
    }

protected:
    void draw(QCPPainter *painter) override
    {
        const QColor hatch = mBrush.color().darker(140);
        for (const Rect &r : rects) {
            const QRectF px = pixels(r);
            if (px.width() < kNarrow)
                continue;
            painter->fillRect(px, fill(r));
            if (r.hidden || r.block)
                painter->fillRect(px, QBrush(hatch, r.hidden ? Qt::BDiagPattern : Qt::DiagCrossPattern));
            if (px.width() >= 4) {
                painter->setPen(mPen);
                painter->setBrush(Qt::NoBrush);
                painter->drawRect(px);
            }
        }
    }
    void drawLegendIcon(QCPPainter *painter, const QRectF &rect) const override
    {
        const QRectF box(rect.left(), rect.center().y() - rect.height() / 3, rect.width(), 2 * rect.height() / 3);
        painter->fillRect(box, mBrush);
        painter->setPen(mPen);
        painter->drawRect(box);
    }
};

// The passes narrower than two pixels (a step of hundreds of micro-batches), of every kind: each
// pixel column of a band takes the colours that cover it, weighted by how much of it each covers,
// so that a steady run of forwards and backwards shows as the mix of the two instead of as
// whichever kind was drawn last. A column a narrow segment only partly covers is still drawn at
// three quarters opacity at least: a short exposed collective stays visible.
class NarrowRects : public QCPAbstractPlottable
{
public:
    NarrowRects(QCPAxis *keyAxis, QCPAxis *valueAxis, const QList<GanttRects *> &kinds)
        : QCPAbstractPlottable(keyAxis, valueAxis), m_kinds(kinds)
    {
    }
    double selectTest(const QPointF &, bool, QVariant *) const override { return -1; }
    QCPRange getKeyRange(bool &found, QCP::SignDomain) const override
    {
        found = false;
        return QCPRange();
    }
    QCPRange getValueRange(bool &found, QCP::SignDomain, const QCPRange &) const override
    {
        found = false;
        return QCPRange();
    }

protected:
    struct Column {
        double r = 0, g = 0, b = 0, weight = 0;
    };
    void draw(QCPPainter *painter) override
    {
        const QRect area = mKeyAxis->axisRect()->rect();
        const int width = area.width();
        QHash<QPair<int, int>, QVector<Column>> bands; // (top, height) of a band: its columns
        QHash<QPair<int, int>, QRectF> bandRects;
        for (const GanttRects *kind : m_kinds)
            for (const GanttRects::Rect &r : kind->rects) {
                const QRectF px = kind->pixels(r);
                if (px.width() >= GanttRects::kNarrow || px.right() < area.left() || px.left() > area.right())
                    continue;
                const QPair<int, int> band(qRound(px.top()), qRound(px.height()));
                QVector<Column> &columns = bands[band];
                if (columns.isEmpty()) {
                    columns.resize(width + 1);
                    bandRects.insert(band, px);
                }
                const QColor c = kind->fill(r);
                for (int x = int(std::floor(px.left())); x <= int(std::floor(px.right())); ++x) {
                    const double cover = std::min(px.right(), x + 1.0) - std::max(px.left(), double(x));
                    const int i = x - area.left();
                    if (cover <= 0 || i < 0 || i > width)
                        continue;
                    Column &col = columns[i];
                    col.r += cover * c.redF();
                    col.g += cover * c.greenF();
                    col.b += cover * c.blueF();
                    col.weight += cover;
                }
            }
        for (auto it = bands.cbegin(); it != bands.cend(); ++it) {
            const QRectF band = bandRects.value(it.key());
            for (int i = 0; i <= width; ++i) {
                const Column &c = it.value()[i];
                if (c.weight <= 0)
                    continue;
                const double w = c.weight;
                const QColor mixed = QColor::fromRgbF(float(c.r / w), float(c.g / w), float(c.b / w),
                                                      float(std::min(1.0, std::max(0.75, w))));
                painter->fillRect(QRectF(area.left() + i, band.top(), 1, band.height()), mixed);
            }
        }
    }
    void drawLegendIcon(QCPPainter *, const QRectF &) const override { }

private:
    QList<GanttRects *> m_kinds;
};

TimelineChart::TimelineChart(QWidget *parent)
    : ChartView(tr("Step timeline"), parent)
{
    setObjectName(QStringLiteral("stepTimelineChart"));
    static constexpr const char *kObjectNames[timeline::kKinds] = {
        "timeline_forward", "timeline_backward", "timeline_recompute", "timeline_idle", "timeline_optimizer",
        "timeline_allgather", "timeline_reducescatter", "timeline_allreduce", "timeline_alltoall", "timeline_p2p"};
    for (int k = 0; k < timeline::kKinds; ++k) {
        auto *g = new GanttRects(xAxis, yAxis);
        g->setObjectName(QLatin1String(kObjectNames[k]));
        g->setName(kindName(Kind(k)));
        const QColor c = kindColor(Kind(k));
        g->setBrush(c);
        g->setPen(QPen(withContrast(c.darker(130), plotBackground()), 1));
        g->setAntialiased(false);
        m_kinds << g;
    }
    new NarrowRects(xAxis, yAxis, m_kinds);
    styleAxis(xAxis, tr("Time in the step (ms)"));
    yAxis->setRangeReversed(true); // compute on top
    // A step of hundreds of passes is wider than the chart: the wheel zooms the time axis, a drag
    // moves along it.
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    axisRect()->setRangeDrag(Qt::Horizontal);
    axisRect()->setRangeZoom(Qt::Horizontal);
    yAxis->grid()->setVisible(false);
    setLegendColumns(5);
    setTimeline({});
}

TimelineChart::~TimelineChart() = default;

QString TimelineChart::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Forward: return tr("Forward");
    case Kind::Backward: return tr("Backward");
    case Kind::Recompute: return tr("Recompute");
    case Kind::Idle: return tr("Idle (bubble)");
    case Kind::Optimizer: return tr("Optimizer");
    case Kind::AllGather: return tr("All-gather");
    case Kind::ReduceScatter: return tr("Reduce-scatter");
    case Kind::AllReduce: return tr("All-reduce");
    case Kind::AllToAll: return tr("All-to-all");
    case Kind::P2P: return tr("Send/receive");
    }
    return QString();
}

QString TimelineChart::laneName(Lane lane)
{
    switch (lane) {
    case Lane::Compute: return tr("Compute");
    case Lane::ModelComm: return tr("TP/CP/EP");
    case Lane::DataComm: return tr("Data parallel");
    case Lane::PipelineSend: return tr("Pipeline");
    }
    return QString();
}

QColor TimelineChart::kindColor(Kind kind)
{
    // Paul Tol's bright and muted schemes, each darkened to 3:1 against the plot where needed.
    static const QColor colors[timeline::kKinds] = {
        QColor(0x44, 0x77, 0xaa), QColor(0x22, 0x88, 0x33), QColor(0xcc, 0xbb, 0x44), QColor(0xbb, 0xbb, 0xbb),
        QColor(0xaa, 0x33, 0x77), QColor(0xee, 0x66, 0x77), QColor(0x66, 0xcc, 0xee), QColor(0xee, 0x77, 0x33),
        QColor(0x00, 0x99, 0x88), QColor(0x33, 0x22, 0x88)};
    return withContrast(colors[int(kind)], plotBackground());
}

int TimelineChart::drawnSegmentCount() const
{
    int n = 0;
    for (const GanttRects *g : m_kinds)
        n += int(g->rects.size());
    return n;
}

void TimelineChart::setTimeline(const timeline::StepTimeline &t)
{
    m_timeline = t;
    Analysis a;
    a.valid = true;
    setAnalysis(a);
    replot(rpQueuedReplot); // the rectangles are not in what ChartView compares to skip a replot
}

QString TimelineChart::hoverText(const Segment &s) const
{
    QString what = kindName(s.kind);
    if (s.count > 1)
        what = tr("%1, micro-batches %2 to %3 (%4 passes drawn as one block)")
                   .arg(what)
                   .arg(s.micro_batch + 1)
                   .arg(s.micro_batch_last + 1)
                   .arg(s.count);
    else if (s.micro_batch >= 0 && m_timeline.vpp > 1)
        what = tr("%1, micro-batch %2, chunk %3").arg(what).arg(s.micro_batch + 1).arg(s.chunk + 1);
    else if (s.micro_batch >= 0)
        what = tr("%1, micro-batch %2").arg(what).arg(s.micro_batch + 1);
    if (s.lane != Lane::Compute)
        what += QLatin1Char('\n') + (s.overlapped ? tr("hidden under compute") : tr("on the critical path"));
    return what + QLatin1Char('\n')
        + tr("%1 ms, from %2 to %3 ms")
              .arg(formatNumber(s.duration() * 1e3, 2), formatNumber(s.start_s * 1e3, 2),
                   formatNumber(s.end_s * 1e3, 2));
}

void TimelineChart::draw(const Analysis &)
{
    for (GanttRects *g : std::as_const(m_kinds))
        g->rects.clear();
    // The lanes that have something, compute always, in Lane order.
    bool used[timeline::kLanes] = {true, false, false, false};
    for (const Segment &s : m_timeline.segments)
        used[int(s.lane)] = true;
    m_lanes.clear();
    int row[timeline::kLanes] = {};
    QStringList labels;
    for (int l = 0; l < timeline::kLanes; ++l)
        if (used[l]) {
            m_lanes << Lane(l);
            row[l] = int(m_lanes.size());
            labels << laneName(Lane(l));
        }
    for (const Segment &s : m_timeline.segments) {
        GanttRects *g = m_kinds[int(s.kind)];
        const double value = row[int(s.lane)];
        g->rects.push_back({s.start_s * 1e3, s.end_s * 1e3, value, s.overlapped, s.count > 1});
        addHoverBox(g, s.start_s * 1e3, s.end_s * 1e3, value - 0.4, value + 0.4, hoverText(s));
    }
    for (GanttRects *g : std::as_const(m_kinds))
        setInLegend(g, !g->rects.isEmpty());
    yAxis->setTicker(categoryTicker(labels));
    yAxis->setRange(0.5, double(labels.size()) + 0.5);
    xAxis->setRange(0, std::max(1e-3, m_timeline.step_time_s * 1e3));
    if (m_timeline.segments.empty()) {
        setSummary(tr("no option selected"), tr("Select an option to see one step of its pipeline."));
        return;
    }
    QString headline = tr("%1 ms a step, pipeline stage %2 of %3, %4 micro-batches")
                           .arg(formatNumber(m_timeline.step_time_s * 1e3, 1))
                           .arg(m_timeline.stage + 1)
                           .arg(m_timeline.pp)
                           .arg(m_timeline.micro_batches);
    double compute = 0, idle = 0;
    for (const Segment &s : m_timeline.segments) {
        compute += s.lane == Lane::Compute && s.kind != Kind::Idle ? s.duration() : 0.0;
        idle += s.kind == Kind::Idle ? s.duration() : 0.0;
    }
    QString details = tr("Compute %1 ms, idle %2 ms, communication on the critical path %3 ms.")
                          .arg(formatNumber(1e3 * compute, 1), formatNumber(1e3 * idle, 1),
                               formatNumber(1e3 * timeline::exposedCommTime(m_timeline), 1));
    if (m_timeline.condensed)
        details += QLatin1Char(' ') + tr("Long runs of alike passes are drawn as one cross-hatched block each.");
    setSummary(headline, details);
}

} // namespace commtax
