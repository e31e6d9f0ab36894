// SPDX-License-Identifier: GPL-3.0-or-later
#include "plancharts.h"
#include "tornado.h"

#include "core/fields.h"
#include "engine/engine.h"
#include "text/modeltext.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace commtax {

namespace {
QString seconds(double s)
{
    const int decimals = s >= 100 ? 0 : s >= 10 ? 1
        : s >= 1                                ? 2
                                                : 3;
    return QString::number(s, 'f', decimals) + QStringLiteral(" s");
}
QString percent(double p, int decimals = 1) { return QString::number(p, 'f', decimals) + QLatin1Char('%'); }
QString gigabytes(double gb) { return QString::number(gb, 'f', gb >= 100 ? 0 : 1) + QStringLiteral(" GB"); }
QString usd(double v)
{
    if (v >= 1e6)
        return QStringLiteral("$") + QString::number(v / 1e6, 'f', 2) + QLatin1Char('M');
    if (v >= 1e4)
        return QStringLiteral("$") + QString::number(v / 1e3, 'f', 1) + QLatin1Char('k');
    return QStringLiteral("$") + QString::number(v, 'f', v >= 100 ? 0 : 2);
}
QBrush hatched(const QColor &c) { return QBrush(c, Qt::BDiagPattern); }
bool finite(double v) { return std::isfinite(v); }

const QColor kInk(0x20, 0x20, 0x20);
const QColor kAlarm(0xb0, 0x00, 0x20);
} // namespace

// ---------------------------------------------------------------------------------------------
// 1. step time

namespace {
struct SegmentSpec {
    const char *object;
    const char *name;
    const char *what; // for the tooltip
    QColor color;
};
const SegmentSpec kSegments[] = {
    {"step_compute", QT_TRANSLATE_NOOP("commtax::StepTimeChart", "Compute"), QT_TRANSLATE_NOOP("commtax::StepTimeChart", "compute"), QColor(0x4c, 0x72, 0xb0)},
    {"step_overlap_slowdown", QT_TRANSLATE_NOOP("commtax::StepTimeChart", "Overlap slowdown"), QT_TRANSLATE_NOOP("commtax::StepTimeChart", "compute slowed by hidden communication"), QColor(0x9e, 0xb5, 0xd8)},
    {"step_bubble", QT_TRANSLATE_NOOP("commtax::StepTimeChart", "Pipeline bubble"), QT_TRANSLATE_NOOP("commtax::StepTimeChart", "pipeline bubble"), QColor(0xb8, 0xb8, 0xb8)},
    {"step_tp", QT_TRANSLATE_NOOP("commtax::StepTimeChart", "TP comm"), QT_TRANSLATE_NOOP("commtax::StepTimeChart", "tensor-parallel communication"), QColor(0xe6, 0x9f, 0x00)},
    {"step_pp", QT_TRANSLATE_NOOP("commtax::StepTimeChart", "PP comm"), QT_TRANSLATE_NOOP("commtax::StepTimeChart", "pipeline sends"), QColor(0x93, 0x78, 0x60)},
    {"step_dp", QT_TRANSLATE_NOOP("commtax::StepTimeChart", "DP comm"), QT_TRANSLATE_NOOP("commtax::StepTimeChart", "data-parallel gradient sync"), QColor(0xc4, 0x4e, 0x52)},
    {"step_cp", QT_TRANSLATE_NOOP("commtax::StepTimeChart", "CP ring"), QT_TRANSLATE_NOOP("commtax::StepTimeChart", "context-parallel K/V ring"), QColor(0x59, 0xa1, 0x4f)},
    {"step_ep", QT_TRANSLATE_NOOP("commtax::StepTimeChart", "Expert all-to-all"), QT_TRANSLATE_NOOP("commtax::StepTimeChart", "expert dispatch and combine"), QColor(0xed, 0xc9, 0x48)},
    {"step_optimizer", QT_TRANSLATE_NOOP("commtax::StepTimeChart", "Optimizer step"), QT_TRANSLATE_NOOP("commtax::StepTimeChart", "optimizer step (memory-bound)"), QColor(0x76, 0xb7, 0xb2)},
};
constexpr qsizetype kAlwaysShownSegments = 6; // compute ... DP comm
constexpr double kPlanKey = 2;
constexpr double kRawKey = 1;
constexpr double kStepBarWidth = 0.55;
} // namespace

StepTimeChart::StepTimeChart(QWidget *parent)
    : ChartView(tr("Step time breakdown"), parent)
{
    styleAxis(xAxis, tr("Time per training step (s)"));
    yAxis->setTicker(categoryTicker({tr("Without\noverlap"), tr("This plan")}));
    yAxis->setRange(0.45, 2.75);
    yAxis->grid()->setVisible(false);
    yAxis->setTickLength(0, 0);
    QList<BarSpec> specs;
    for (const SegmentSpec &spec : kSegments)
        specs.append({QLatin1String(spec.object), tr(spec.name), spec.color});
    m_segments = makeStackedBars(specs, yAxis, xAxis, kStepBarWidth);
}

StepTimeChart::~StepTimeChart() = default;

void StepTimeChart::draw(const Analysis &a)
{
    const Result &r = a.result;
    const double planParts[] = {r.compute_time_s, r.overlap_slowdown_s, r.bubble_time_s,
                                r.tp_comm_exposed_s, r.pp_comm_exposed_s, r.dp_comm_exposed_s,
                                r.cp_comm_exposed_s, r.ep_comm_exposed_s, r.optimizer_time_s};
    const double rawParts[] = {r.compute_time_s, 0.0, r.bubble_time_s, r.tp_comm_time_s, r.pp_comm_time_s,
                               r.dp_comm_time_s, r.cp_comm_time_s, r.ep_comm_time_s, r.optimizer_time_s};
    static_assert(std::size(planParts) == std::size(kSegments) && std::size(rawParts) == std::size(kSegments));
    double planBase = 0, rawBase = 0;
    int shownSegments = int(kAlwaysShownSegments);
    for (qsizetype i = 0; i < m_segments.size(); ++i) {
        QCPBars *b = m_segments[i];
        const SegmentSpec &spec = kSegments[i];
        QVector<double> keys, values;
        if (finite(rawParts[i])) {
            keys.append(kRawKey);
            values.append(rawParts[i]);
        }
        if (finite(planParts[i])) {
            keys.append(kPlanKey);
            values.append(planParts[i]);
        }
        b->setData(keys, values, true);
        b->setBrush(r.fits_in_memory ? QBrush(spec.color) : hatched(spec.color.darker(115)));
        // The parts only some plans have (context and expert parallelism, the optimizer step) are in
        // the legend only when they are there.
        if (i >= kAlwaysShownSegments) {
            const bool present = (finite(planParts[i]) && planParts[i] > 0) || (finite(rawParts[i]) && rawParts[i] > 0);
            setInLegend(b, present);
            shownSegments += present ? 1 : 0;
        }
        const double half = kStepBarWidth / 2;
        if (finite(planParts[i]) && planParts[i] > 0) {
            const bool exposed = i == 3 || i == 5 || i == 6 || i == 7;
            addHoverBox(b, kPlanKey - half, kPlanKey + half, planBase, planBase + planParts[i],
                        tr("This plan: %1%2 %3 (%4 of the step)")
                            .arg(tr(spec.what), exposed ? tr(", exposed,") : QString(),
                                 seconds(planParts[i]), percent(100.0 * planParts[i] / r.step_time_s)));
            planBase += planParts[i];
        }
        if (finite(rawParts[i]) && rawParts[i] > 0) {
            addHoverBox(b, kRawKey - half, kRawKey + half, rawBase, rawBase + rawParts[i],
                        tr("Without overlap: %1 %2").arg(tr(spec.what), seconds(rawParts[i])));
            rawBase += rawParts[i];
        }
    }
    // Three columns hold the six parts every plan has; more parts get two wider columns, so that no
    // name is cut.
    setLegendColumns(shownSegments > int(kAlwaysShownSegments) ? 2 : 3);
    QCPBars *top = m_segments.last();
    // The plan's P10-P90 step time once the ranges have come, over its bar.
    const bool ranges = a.uncertainty.valid && a.uncertainty.requestId == a.requestId;
    const uncertainty::Percentiles step = a.uncertainty.of(uncertainty::Metric::StepTime);
    double planEnd = planBase;
    if (ranges) {
        addWhisker(top, kPlanKey, step.p10, step.p90, 0.3, kInk);
        planEnd = std::max(planBase, step.p90);
    }
    addLabel(top, kPlanKey, planEnd, QStringLiteral(" ") + seconds(r.step_time_s), kInk, Qt::AlignLeft | Qt::AlignVCenter);
    addLabel(top, kRawKey, rawBase, QStringLiteral(" ") + seconds(rawBase), kInk, Qt::AlignLeft | Qt::AlignVCenter);
    if (!r.fits_in_memory)
        addLabel(top, kPlanKey + 0.38, 0, tr("Does not fit in memory: times as if it did"), kAlarm,
                 Qt::AlignLeft | Qt::AlignVCenter);
    xAxis->setRange(0, std::max(planEnd, rawBase) * 1.2);

    QStringList parts;
    for (qsizetype i = 0; i < m_segments.size(); ++i)
        if (finite(planParts[i]) && planParts[i] > 0)
            parts << tr("%1 %2").arg(tr(kSegments[i].name), seconds(planParts[i]));
    setSummary(tr("%1 per step").arg(seconds(r.step_time_s)),
               tr("Step time %1: %2. Without overlap: %3.%4")
                       .arg(seconds(r.step_time_s), parts.join(tr(", ")), seconds(rawBase),
                            r.fits_in_memory ? QString() : tr(" The plan does not fit in memory: times as if it did."))
                   + (ranges ? tr(" P10-P90 %1 to %2.").arg(seconds(step.p10), seconds(step.p90)) : QString()));
}

// ---------------------------------------------------------------------------------------------
// 2. comm tax against GPU count

namespace {
constexpr int kMinGpus = 8;
constexpr int kMaxGpus = 16384;
} // namespace

CommTaxChart::CommTaxChart(QWidget *parent)
    : ChartView(tr("Comm tax vs GPU count"), parent)
{
    styleAxis(xAxis, tr("GPUs (log scale; tp and pp kept, global batch fixed)"));
    styleAxis(yAxis, tr("Exposed comm tax (% of step)"));
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    xAxis->setTicker(powersOfTwoTicker(kMinGpus, kMaxGpus));
    xAxis->setRange(6.5, 20000);
    addLayer(QStringLiteral("plan"), layer(QStringLiteral("main")), QCustomPlot::limAbove);
    m_threshold = makeGraph(QStringLiteral("commtax_threshold"), tr("30% rule of thumb"),
                            QPen(kAlarm, 1.3, Qt::DashLine), QCPScatterStyle(QCPScatterStyle::ssNone));
    m_threshold->setData({double(kMinGpus) * 0.8, double(kMaxGpus) * 1.25}, {30.0, 30.0}, true);
    m_threshold->setAntialiased(false); // horizontal: crisp without, and much cheaper dashed
    m_noFitKey = makeGraph(QStringLiteral("commtax_nofit_key"), tr("does not fit in memory"), QPen(Qt::NoPen),
                           QCPScatterStyle(QCPScatterStyle::ssCross, QColor(0x70, 0x70, 0x70), 7));
    m_noFitKey->setLineStyle(QCPGraph::lsNone);
    m_marker = makeGraph(QStringLiteral("commtax_marker"), tr("This plan"), QPen(Qt::NoPen),
                         QCPScatterStyle(QCPScatterStyle::ssStar, QPen(kInk, 2), Qt::NoBrush, 16));
    m_marker->setLineStyle(QCPGraph::lsNone);
    m_marker->setLayer(QStringLiteral("plan"));
    setLegendColumns(2);
}

CommTaxChart::~CommTaxChart() = default;

void CommTaxChart::rebuildCurves(const QVector<ChartCurve> &curves)
{
    // Graphs are made only when the number of lines changes (a preset catalog with more GPUs);
    // a new GPU for the plan only renames and recolours its line.
    if (m_fits.size() != curves.size()) {
        for (QCPGraph *g : std::as_const(m_fits))
            removeGraph(g);
        for (QCPGraph *g : std::as_const(m_noFits))
            removeGraph(g);
        m_fits.clear();
        m_noFits.clear();
        for (qsizetype i = 0; i < curves.size(); ++i) {
            QCPGraph *g = makeGraph(QStringLiteral("commtax_curve_%1").arg(i), QString(), QPen(), QCPScatterStyle());
            setInLegend(g, true); // named below
            QCPGraph *n = makeGraph(QStringLiteral("commtax_nofit_%1").arg(i), QString(), QPen(Qt::NoPen), QCPScatterStyle());
            n->setLineStyle(QCPGraph::lsNone);
            setInLegend(n, false);
            m_fits.append(g);
            m_noFits.append(n);
        }
        m_curveLabels.clear();
        // keys after the curves in the legend
        for (QCPGraph *g : {m_marker, m_threshold, m_noFitKey}) {
            setInLegend(g, false);
            setInLegend(g, true);
        }
    }
    for (qsizetype i = 0; i < curves.size(); ++i) {
        const ChartCurve &c = curves[i];
        const QString key = c.label + QLatin1Char('\x1f') + c.gpuId + (c.isPlan ? QStringLiteral("*") : QString());
        if (m_curveLabels.value(i) == key)
            continue;
        if (m_curveLabels.size() <= i)
            m_curveLabels.resize(i + 1);
        m_curveLabels[i] = key;
        const QColor color = c.isPlan ? kInk : colorForGpu(c.gpuId);
        QCPGraph *g = m_fits[i];
        QCPGraph *n = m_noFits[i];
        g->setName(c.label);
        g->setPen(QPen(color, c.isPlan ? 2.6 : 1.5));
        // The plan's line in ink with circles; each GPU in its colour and marker (a few share a colour).
        const QCPScatterStyle::ScatterShape shape = c.isPlan ? QCPScatterStyle::ssCircle : shapeForGpu(c.gpuId);
        g->setScatterStyle(QCPScatterStyle(shape, color, color, 5));
        n->setName(c.label + tr(" (does not fit)"));
        n->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, QPen(color, 1.5), Qt::NoBrush, 7));
        const QString layerName = c.isPlan ? QStringLiteral("plan") : QStringLiteral("main");
        g->setLayer(layerName);
        n->setLayer(layerName);
    }
}

void CommTaxChart::draw(const Analysis &a)
{
    // The model leaves the plan's own line unnamed (its words are the interface's).
    QVector<ChartCurve> curves = a.commTaxCurves;
    const QString gpuName = shortGpuNameText(a.scenario.plan, a.catalog ? *a.catalog : PresetCatalog::builtIn());
    for (ChartCurve &c : curves)
        if (c.isPlan)
            c.label = tr("This plan (%1)").arg(gpuName);
    rebuildCurves(curves);
    double maxY = 35;
    for (qsizetype i = 0; i < curves.size(); ++i) {
        const ChartCurve &c = curves[i];
        m_fits[i]->setData(c.x, c.y, true);
        m_noFits[i]->setData(c.noFitX, c.noFitY, true);
        const QString label = c.label;
        addHoverGraph(m_fits[i], [label](double x, double y) {
            return tr("%1: %2 GPUs, comm tax %3 of the step (exposed)").arg(label).arg(x).arg(percent(y));
        });
        addHoverGraph(m_noFits[i], [label](double x, double y) {
            return tr("%1: %2 GPUs, does not fit in memory (comm tax would be %3)").arg(label).arg(x).arg(percent(y));
        });
        for (double y : c.y)
            maxY = std::max(maxY, y);
        for (double y : c.noFitY)
            maxY = std::max(maxY, y);
    }
    const Result &r = a.result;
    const double gpus = r.gpus, tax = r.comm_tax_exposed * 100.0;
    if (finite(tax) && gpus > 0) {
        m_marker->setData({gpus}, {tax}, true);
        m_marker->setName(tr("This plan: %1 GPUs, %2").arg(r.gpus).arg(percent(tax)));
        m_marker->setScatterStyle(r.fits_in_memory
                                      ? QCPScatterStyle(QCPScatterStyle::ssStar, QPen(kInk, 2), Qt::NoBrush, 16)
                                      : QCPScatterStyle(QCPScatterStyle::ssCrossCircle, QPen(kAlarm, 2), Qt::NoBrush, 14));
        addHoverPoint(m_marker, gpus, tax,
                      tr("This plan: %1 GPUs, comm tax %2 exposed, %3 raw%4")
                          .arg(r.gpus)
                          .arg(percent(tax), percent(r.comm_tax_raw * 100.0),
                               r.fits_in_memory ? QString() : tr("; does not fit in memory")));
        if (!r.fits_in_memory)
            addLabel(m_marker, gpus, tax, tr("does not fit"), kAlarm, Qt::AlignLeft | Qt::AlignBottom);
        maxY = std::max(maxY, tax);
    } else {
        m_marker->data()->clear();
    }
    xAxis->setRange(std::min(6.5, gpus * 0.8), std::max(20000.0, gpus * 1.25));
    yAxis->setRange(0, std::min(100.0, maxY * 1.12));

    // Each line from its fewest to its most GPUs that fit.
    QStringList lines;
    for (const ChartCurve &c : std::as_const(curves))
        if (!c.x.isEmpty())
            lines << tr("%1 from %2 at %3 GPUs to %4 at %5 GPUs")
                         .arg(c.label, percent(c.y.first()))
                         .arg(c.x.first())
                         .arg(percent(c.y.last()))
                         .arg(c.x.last());
    const QString plan = finite(tax) && gpus > 0 ? tr("this plan %1 at %2 GPUs").arg(percent(tax)).arg(r.gpus) : tr("no point for this plan");
    setSummary(plan, tr("Exposed comm tax, %1 of the step (raw %2)%3. %4.").arg(percent(tax), percent(r.comm_tax_raw * 100.0), r.fits_in_memory ? QString() : tr(", does not fit in memory"), lines.join(tr("; "))));
}

// ---------------------------------------------------------------------------------------------
// 3. bubble against micro-batches

BubbleChart::BubbleChart(QWidget *parent)
    : ChartView(tr("Pipeline bubble vs micro-batches"), parent)
{
    styleAxis(xAxis, tr("Micro-batches per pipeline per step, m (log scale)"));
    styleAxis(yAxis, tr("Bubble (p-1)/(v*m+p-1), % of pipeline time"));
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    xAxis->setTicker(powersOfTwoTicker(1, 4096));
    const QColor planColor(0x00, 0x72, 0xb2);
    m_plan = makeGraph(QStringLiteral("bubble_plan"), tr("This plan"), QPen(planColor, 2.2),
                       QCPScatterStyle(QCPScatterStyle::ssNone));
    // The micro-batch counts that do not fit form one run (activations in flight only grow with
    // m), so they are drawn as a dotted line rather than hundreds of markers.
    m_planNoFit = makeGraph(QStringLiteral("bubble_plan_nofit"), tr("does not fit (dotted)"),
                            QPen(planColor, 1.6, Qt::DotLine), QCPScatterStyle(QCPScatterStyle::ssNone));
    m_plain = makeGraph(QStringLiteral("bubble_plain"), tr("without interleaving"),
                        QPen(QColor(0x80, 0x80, 0x80), 1.5, Qt::DashLine), QCPScatterStyle(QCPScatterStyle::ssNone));
    m_plainNoFit = makeGraph(QStringLiteral("bubble_plain_nofit"), QString(), QPen(QColor(0x80, 0x80, 0x80), 1.2, Qt::DotLine),
                             QCPScatterStyle(QCPScatterStyle::ssNone));
    setInLegend(m_plainNoFit, false);
    m_marker = makeGraph(QStringLiteral("bubble_marker"), tr("This plan's m"), QPen(Qt::NoPen),
                         QCPScatterStyle(QCPScatterStyle::ssStar, QPen(kInk, 2), Qt::NoBrush, 16));
    m_marker->setLineStyle(QCPGraph::lsNone);
    setLegendColumns(2);
}

BubbleChart::~BubbleChart() = default;

void BubbleChart::draw(const Analysis &a)
{
    const auto show = [this](QCPGraph *fits, QCPGraph *noFit, const ChartCurve &c, bool inLegend) {
        fits->setData(c.x, c.y, true);
        noFit->setData(c.noFitX, c.noFitY, true);
        fits->setName(c.label);
        const bool any = !c.x.isEmpty() || !c.noFitX.isEmpty();
        fits->setVisible(any);
        noFit->setVisible(any);
        if (any && inLegend)
            setInLegend(fits, true);
        else
            setInLegend(fits, false);
        const QString label = c.label;
        addHoverGraph(fits, [label](double x, double y) {
            return tr("%1: m = %2, bubble %3 of the pipeline").arg(label).arg(x).arg(percent(y));
        });
        addHoverGraph(noFit, [label](double x, double y) {
            return tr("%1: m = %2 does not fit in memory (bubble would be %3)").arg(label).arg(x).arg(percent(y));
        });
    };
    // The lines' names, from the plan's pipeline (the model's curves carry none).
    const TrainingSpec &t = a.scenario.plan.training;
    ChartCurve planCurve = a.bubbleCurve, plainCurve = a.bubbleWithoutInterleaving;
    planCurve.label = t.vpp > 1 ? tr("pp=%1, interleaved vpp=%2").arg(t.pp).arg(t.vpp) : tr("pp=%1 (1F1B)").arg(t.pp);
    if (t.vpp > 1)
        plainCurve.label = tr("pp=%1 without interleaving").arg(t.pp);
    show(m_plan, m_planNoFit, planCurve, true);
    show(m_plain, m_plainNoFit, plainCurve, true);
    if (a.bubbleCurve.noFitX.isEmpty())
        setInLegend(m_planNoFit, false);
    else
        setInLegend(m_planNoFit, true);

    const Result &r = a.result;
    const double m = r.micro_batches, bubble = r.bubble_share * 100.0;
    if (finite(bubble) && m > 0)
        m_marker->setData({m}, {bubble}, true);
    else
        m_marker->data()->clear();
    m_marker->setName(tr("This plan: m=%1, %2").arg(r.micro_batches).arg(percent(bubble)));
    addHoverPoint(m_marker, m, bubble,
                  tr("This plan: m = %1 micro-batches, pp = %2, vpp = %3: bubble %4 of the pipeline, "
                     "%5 overhead on compute")
                      .arg(r.micro_batches)
                      .arg(a.scenario.plan.training.pp)
                      .arg(a.scenario.plan.training.vpp)
                      .arg(percent(bubble), percent(r.bubble_overhead * 100.0)));
    double maxX = 64, maxY = 10;
    for (const ChartCurve *c : {&a.bubbleCurve, &a.bubbleWithoutInterleaving}) {
        for (double x : c->x)
            maxX = std::max(maxX, x);
        for (double x : c->noFitX)
            maxX = std::max(maxX, x);
        for (double y : c->y)
            maxY = std::max(maxY, y);
        for (double y : c->noFitY)
            maxY = std::max(maxY, y);
    }
    xAxis->setRange(0.8, maxX * 1.25);
    yAxis->setRange(0, std::min(100.0, maxY * 1.1));

    setSummary(tr("this plan %1 of the pipeline at m = %2").arg(percent(bubble)).arg(r.micro_batches),
               tr("Bubble %1 of the pipeline time with pp = %2, vpp = %3 and m = %4 micro-batches: %5 overhead on compute.")
                   .arg(percent(bubble))
                   .arg(a.scenario.plan.training.pp)
                   .arg(a.scenario.plan.training.vpp)
                   .arg(r.micro_batches)
                   .arg(percent(r.bubble_overhead * 100.0)));
}

// ---------------------------------------------------------------------------------------------
// 4. cost and days per GPU preset

namespace {
const QColor kCostColor(0x00, 0x72, 0xb2);
const QColor kDaysColor(0xe6, 0x9f, 0x00);
constexpr double kCostBarWidth = 0.38;
} // namespace

CostChart::CostChart(QWidget *parent)
    : ChartView(tr("Cost and time to train, per GPU"), parent)
{
    // Horizontal bars: the GPU names read on the left however many presets there are.
    styleAxis(xAxis, tr("USD per billion tokens (blue)"));
    styleAxis(xAxis2, tr("Days to train (orange)"));
    xAxis2->setVisible(true);
    xAxis2->grid()->setVisible(false);
    yAxis->grid()->setVisible(false);
    yAxis->setTickLength(0, 3);
    m_cost = makeBars(QStringLiteral("cost_usd_per_btok"), tr("USD per billion tokens"), kCostColor, yAxis,
                      xAxis);
    m_costNoFit = makeBars(QStringLiteral("cost_usd_per_btok_nofit"), tr("hatched: does not fit in memory"),
                           kCostColor, yAxis, xAxis);
    m_costNoFit->setBrush(hatched(kCostColor));
    m_costNoFit->moveAbove(m_cost);
    m_costNoFit->setStackingGap(0); // stacked only to share the slot: it starts at zero
    m_days = makeBars(QStringLiteral("cost_days"), tr("Days to train"), kDaysColor, yAxis, xAxis2);
    m_daysNoFit = makeBars(QStringLiteral("cost_days_nofit"), QString(), kDaysColor, yAxis, xAxis2);
    m_daysNoFit->setBrush(hatched(kDaysColor));
    m_daysNoFit->moveAbove(m_days);
    m_daysNoFit->setStackingGap(0);
    setInLegend(m_daysNoFit, false);
    auto *group = new QCPBarsGroup(this);
    group->setSpacingType(QCPBarsGroup::stAbsolute);
    group->setSpacing(1);
    for (QCPBars *b : {m_cost, m_costNoFit, m_days, m_daysNoFit}) {
        b->setWidth(kCostBarWidth);
        b->setBarsGroup(group);
    }
    // the legend key of the hatched bars comes last
    setInLegend(m_costNoFit, false);
    setInLegend(m_costNoFit, true);
    setLegendColumns(2);
}

CostChart::~CostChart() = default;

int CostChart::minimumPlotHeight() const
{
    // GPU names one above the other with a little air, or they run into each other.
    return std::max(kMinimumPlotHeight, m_categories * (QFontMetrics(yAxis->tickLabelFont()).height() + 4));
}

void CostChart::draw(const Analysis &a)
{
    // The plan on top: category i sits at key n - i.
    const qsizetype n = a.hardware.size();
    m_categories = int(n);
    const auto keyOf = [n](qsizetype i) { return double(n - i); };
    // The plan's bar carries no name from the model (isPlan); the others their GPU's short name.
    const auto nameOf = [](const HardwareBar &b) { return b.isPlan ? tr("This plan") : b.label; };
    QStringList labels;
    QVector<double> costKeys, costValues, costNoFitKeys, costNoFitValues;
    QVector<double> dayKeys, dayValues, dayNoFitKeys, dayNoFitValues;
    double maxCost = 0, maxDays = 0;
    for (qsizetype i = n - 1; i >= 0; --i) { // ascending keys
        const HardwareBar &b = a.hardware[i];
        const double key = keyOf(i);
        labels << nameOf(b);
        if (!b.valid)
            continue;
        maxCost = std::max(maxCost, b.usdPerBillionTokens);
        maxDays = std::max(maxDays, b.daysToTrain);
        (b.fits ? costKeys : costNoFitKeys) << key;
        (b.fits ? costValues : costNoFitValues) << b.usdPerBillionTokens;
        (b.fits ? dayKeys : dayNoFitKeys) << key;
        (b.fits ? dayValues : dayNoFitValues) << b.daysToTrain;
    }
    m_cost->setData(costKeys, costValues, true);
    m_costNoFit->setData(costNoFitKeys, costNoFitValues, true);
    m_days->setData(dayKeys, dayValues, true);
    m_daysNoFit->setData(dayNoFitKeys, dayNoFitValues, true);
    yAxis->setTicker(categoryTicker(labels));
    yAxis->setRange(0.45, double(n) + 0.55);
    // The plan's P10-P90 cost and days once the ranges have come: whiskers over its two
    // bars, which the bars group puts half a bar below (cost) and above (days) its key.
    const bool ranges = n > 0 && a.hardware.first().valid && a.uncertainty.valid && a.uncertainty.requestId == a.requestId;
    const uncertainty::Percentiles cost = a.uncertainty.of(uncertainty::Metric::CostPerBillionTokens);
    const uncertainty::Percentiles days = a.uncertainty.of(uncertainty::Metric::DaysToTrain);
    if (ranges) {
        maxCost = std::max(maxCost, cost.p90);
        maxDays = std::max(maxDays, days.p90);
    }
    const double costTop = maxCost > 0 ? maxCost * 1.25 : 1.0;
    const double daysTop = maxDays > 0 ? maxDays * 1.25 : 1.0;
    xAxis->setRange(0, costTop);
    xAxis2->setRange(0, daysTop);
    if (ranges) {
        addWhisker(m_cost, keyOf(0) - kCostBarWidth / 2, cost.p10, cost.p90, kCostBarWidth * 0.6, kInk);
        addWhisker(m_days, keyOf(0) + kCostBarWidth / 2, days.p10, days.p90, kCostBarWidth * 0.6, kInk);
    }

    QStringList lines;
    for (qsizetype i = 0; i < n; ++i) {
        const HardwareBar &b = a.hardware[i];
        const double key = keyOf(i);
        QString text;
        if (!b.valid) {
            text = tr("%1: cannot run this layout (%2)").arg(nameOf(b), b.problem.text.pattern[0] ? planErrorText(b.problem) : b.error);
            addLabel(m_cost, key, 0, tr(" n/a: cannot hold the layout"), kAlarm, Qt::AlignLeft | Qt::AlignVCenter);
        } else {
            text = tr("%1: %2 per billion tokens, %3 days to train")
                       .arg(nameOf(b), usd(b.usdPerBillionTokens), QString::number(b.daysToTrain, 'f', 1));
            if (!b.fits) {
                text += tr("; does not fit in memory (%1 needed, %2 usable)")
                            .arg(gigabytes(b.memoryNeededGb), gigabytes(b.memoryUsableGb));
                const double end = std::max(b.usdPerBillionTokens / costTop, b.daysToTrain / daysTop) * costTop;
                addLabel(m_cost, key, end, tr(" no fit"), kAlarm, Qt::AlignLeft | Qt::AlignVCenter);
            }
        }
        addHoverBox(m_cost, key - 0.45, key + 0.45, 0, costTop, text);
        lines << text;
    }
    const HardwareBar *plan = a.hardware.isEmpty() ? nullptr : &a.hardware.first();
    setSummary(plan && plan->valid ? tr("%1 per billion tokens, %2 days for this plan").arg(usd(plan->usdPerBillionTokens), QString::number(plan->daysToTrain, 'f', 1))
                                   : tr("this plan cannot run"),
               lines.join(tr("; ")) + QLatin1Char('.')
                   + (ranges ? tr(" This plan P10-P90: %1 to %2 per billion tokens, %3 to %4 days.")
                                   .arg(usd(cost.p10), usd(cost.p90), QString::number(days.p10, 'f', 1), QString::number(days.p90, 'f', 1))
                             : QString()));
}

// ---------------------------------------------------------------------------------------------
// 5. memory per GPU

namespace {
struct MemorySpec {
    const char *object;
    const char *name;
    QColor color;
};
const MemorySpec kMemoryParts[] = {
    {"memory_weights", QT_TRANSLATE_NOOP("commtax::MemoryChart", "Weights"), QColor(0x4c, 0x72, 0xb0)},
    {"memory_gradients", QT_TRANSLATE_NOOP("commtax::MemoryChart", "Gradients"), QColor(0x55, 0xa8, 0x68)},
    {"memory_optimizer", QT_TRANSLATE_NOOP("commtax::MemoryChart", "Optimizer states"), QColor(0xdd, 0x84, 0x52)},
    {"memory_activations", QT_TRANSLATE_NOOP("commtax::MemoryChart", "Activations"), QColor(0x81, 0x72, 0xb2)},
};
constexpr double kMemoryBarWidth = 0.6;
} // namespace

MemoryChart::MemoryChart(QWidget *parent)
    : ChartView(tr("Memory per GPU by ZeRO stage"), parent)
{
    styleAxis(yAxis, tr("Memory per GPU, first pipeline stage (GB)"));
    xAxis->grid()->setVisible(false);
    xAxis->setTickLength(0, 3);
    QList<BarSpec> specs;
    for (const MemorySpec &spec : kMemoryParts)
        specs.append({QLatin1String(spec.object), tr(spec.name), spec.color});
    m_parts = makeStackedBars(specs, xAxis, yAxis, kMemoryBarWidth);
    m_capacity = makeGraph(QStringLiteral("memory_capacity"), tr("Capacity"), QPen(kAlarm, 1.6),
                           QCPScatterStyle(QCPScatterStyle::ssNone));
    m_usable = makeGraph(QStringLiteral("memory_usable"), tr("Usable"), QPen(kAlarm, 1.2, Qt::DashLine),
                         QCPScatterStyle(QCPScatterStyle::ssNone));
    m_capacity->setAntialiased(false); // horizontal lines: crisp without
    m_usable->setAntialiased(false);
    setLegendColumns(2);
}

MemoryChart::~MemoryChart() = default;

void MemoryChart::draw(const Analysis &a)
{
    QStringList labels;
    const double maxTotal = setBars(a, labels);
    const Result &r = a.result;
    const double n = double(a.memory.size());
    drawLimits(r, n);
    xAxis->setTicker(categoryTicker(labels));
    xAxis->setRange(0.5, n + 0.5);
    const double top = labelBars(a, std::max(maxTotal, r.memory_capacity_gb) * 1.18);
    yAxis->setRange(0, top);
    summarise(a);
}

// Each stage's bar stacked from its four parts; `labels` the stages' names. The largest total.
double MemoryChart::setBars(const Analysis &a, QStringList &labels)
{
    QVector<double> keys;
    QVector<double> parts[4];
    double maxTotal = 0;
    for (qsizetype i = 0; i < a.memory.size(); ++i) {
        const MemoryBar &m = a.memory[i];
        labels << (m.isPlan ? m.label + tr("\n(this plan)") : m.label);
        if (!m.valid)
            continue;
        keys << double(i + 1);
        parts[0] << m.weightsGb;
        parts[1] << m.gradientsGb;
        parts[2] << m.optimizerGb;
        parts[3] << m.activationsGb;
        maxTotal = std::max(maxTotal, m.totalGb());
    }
    for (int p = 0; p < 4; ++p)
        m_parts[p]->setData(keys, parts[p], true);
    return maxTotal;
}

// The capacity and usable-memory lines across the `n` bars, named with their values.
void MemoryChart::drawLimits(const Result &r, double n)
{
    const auto line = [n](QCPGraph *g, double gb) {
        if (finite(gb))
            g->setData({0.5, n + 0.5}, {gb, gb}, true);
        else
            g->data()->clear();
    };
    line(m_capacity, r.memory_capacity_gb);
    m_capacity->setName(tr("Capacity %1").arg(gigabytes(r.memory_capacity_gb)));
    line(m_usable, r.memory_usable_gb);
    m_usable->setName(tr("Usable %1 (%2% reserve)")
                          .arg(gigabytes(r.memory_usable_gb), QString::number(kMemoryReserve * 100, 'f', 0)));
}

// Each bar's hover boxes and the label of its total, or "n/a"; the axis top raised to hold the
// labels, returned.
double MemoryChart::labelBars(const Analysis &a, double top)
{
    const Result &r = a.result;
    // A total's label stands on its bar; a capacity line through it would cross it out, so it
    // goes just above the line then. Its height in GB, from the plot's height.
    QFont labelFont = font();
    labelFont.setPointSizeF(labelFont.pointSizeF() - 1);
    const double labelGb = (QFontMetrics(labelFont).height() + 4) * top / std::max(axisRect()->height(), kMinimumPlotHeight);
    const auto labelBase = [&](double total) {
        double y = total;
        for (double limit : {r.memory_usable_gb, r.memory_capacity_gb}) // lowest first
            if (finite(limit) && limit >= y - 0.05 * labelGb && limit <= y + labelGb)
                y = limit + 0.1 * labelGb;
        top = std::max(top, y + 1.1 * labelGb);
        return y;
    };

    for (qsizetype i = 0; i < a.memory.size(); ++i) {
        const MemoryBar &m = a.memory[i];
        const double key = double(i + 1);
        if (!m.valid) {
            addLabel(m_parts[0], key, 0, QStringLiteral("n/a"), kAlarm, Qt::AlignHCenter | Qt::AlignBottom);
            continue;
        }
        const double values[] = {m.weightsGb, m.gradientsGb, m.optimizerGb, m.activationsGb};
        double base = 0;
        for (int p = 0; p < 4; ++p) {
            if (values[p] > 0)
                addHoverBox(m_parts[p], key - kMemoryBarWidth / 2, key + kMemoryBarWidth / 2, base, base + values[p],
                            tr("%1: %2 %3 of %4 per GPU")
                                .arg(m.label, tr(kMemoryParts[p].name).toLower(), gigabytes(values[p]),
                                     gigabytes(m.totalGb())));
            base += values[p];
        }
        addLabel(m_parts[3], key, labelBase(base), m.fits ? gigabytes(base) : gigabytes(base) + tr(", no fit"),
                 m.fits ? kInk : kAlarm, Qt::AlignHCenter | Qt::AlignBottom);
    }
    return top;
}

// The summary: the plan's stage against the usable memory, and every stage's parts.
void MemoryChart::summarise(const Analysis &a)
{
    const Result &r = a.result;
    QStringList stages;
    QString planStage;
    for (const MemoryBar &m : a.memory) {
        const QString stage = !m.valid ? tr("%1 n/a").arg(m.label)
                                       : tr("%1 %2 (weights %3, gradients %4, optimizer states %5, activations %6)%7")
                                             .arg(m.label, gigabytes(m.totalGb()), gigabytes(m.weightsGb), gigabytes(m.gradientsGb),
                                                  gigabytes(m.optimizerGb), gigabytes(m.activationsGb), m.fits ? QString() : tr(", does not fit"));
        stages << stage;
        if (m.isPlan && m.valid)
            planStage = tr("%1 of %2 usable at %3").arg(gigabytes(m.totalGb()), gigabytes(r.memory_usable_gb), m.label);
    }
    setSummary(planStage, tr("Capacity %1, usable %2. %3.").arg(gigabytes(r.memory_capacity_gb), gigabytes(r.memory_usable_gb), stages.join(tr("; "))));
}

// ---------------------------------------------------------------------------------------------
// 6. sensitivity

namespace {
const FieldInfo *fieldOfPath(const QString &path)
{
    for (const FieldInfo &f : planFields())
        if (f.path() == path)
            return &f;
    return nullptr;
}
} // namespace

SensitivityChart::SensitivityChart(QWidget *parent)
    : TornadoChart(tr("Sensitivity of the cost"), QStringLiteral("sensitivity"), tr("USD per billion tokens"),
                   tr("Input low"), tr("Input high"), parent)
{
}

SensitivityChart::~SensitivityChart() = default;

QString SensitivityChart::inputName(const QString &path)
{
    if (path == QLatin1String("engine.step_time_error")) // not a field: the engine's own error (core/engineaccuracy.h)
        return tr("Engine accuracy");
    const FieldInfo *f = fieldOfPath(path);
    if (!f)
        return path;
    static const QRegularExpression unit(QStringLiteral("\\s*\\([^)]*\\)$"));
    QString name = fieldText(f->label);
    name.remove(unit);
    return name;
}

void SensitivityChart::draw(const Analysis &a)
{
    const UncertaintyFigures &u = a.uncertainty;
    const double value = a.result.cost_per_billion_tokens_usd;
    const qsizetype n = u.valid ? std::min<qsizetype>(u.costTornado.size(), kMaxBars) : 0;
    QList<TornadoRow> rows;
    QStringList texts;
    for (qsizetype i = 0; i < n; ++i) {
        const SensitivityBar &b = u.costTornado[i];
        const QString name = inputName(b.input);
        rows << TornadoRow{name, b.low, b.high};
        // The same input's effect on the days to train, when it has one.
        QString days;
        for (const SensitivityBar &d : u.daysTornado)
            if (d.input == b.input)
                days = tr("; days to train %1 to %2").arg(QString::number(d.low, 'f', 1), QString::number(d.high, 'f', 1));
        texts << tr("%1 from %2 to %3: %4 to %5 per billion tokens (this plan %6)%7")
                     .arg(name, QString::number(b.inputLow, 'g', 4), QString::number(b.inputHigh, 'g', 4), usd(b.low),
                          usd(b.high), usd(value), days);
    }
    drawRows(rows, texts, value, tr("no uncertain input moves the cost"));

    QStringList lines;
    for (qsizetype i = 0; i < n; ++i)
        lines << tr("%1: %2 to %3").arg(inputName(u.costTornado[i].input), usd(u.costTornado[i].low), usd(u.costTornado[i].high));
    if (n == 0)
        setSummary(u.valid ? tr("no uncertain input moves the cost") : tr("not computed"), QString());
    else
        setSummary(tr("%1 moves the cost most").arg(inputName(u.costTornado[0].input)),
                   tr("USD per billion tokens %1 for this plan; with each input at the low and the high end of its range: %2.")
                           .arg(usd(value), lines.join(tr("; ")))
                       + QLatin1Char(' ') + engineText("commtax::Accuracy", engineRegimeText(u.regime)));
}

} // namespace commtax
