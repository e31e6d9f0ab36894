// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The six live charts of the main window. Each draws one part of an Analysis; their plottables
// carry object names so that tests can read the data back.

#include "chartview.h"
#include "tornado.h"

namespace commtax {

// 1. Where a step's time goes, stacked: the plan as it runs and the same plan without overlap.
class StepTimeChart : public ChartView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StepTimeChart)
public:
    explicit StepTimeChart(QWidget *parent = nullptr);
    ~StepTimeChart() override;

protected:
    void draw(const Analysis &a) override;
    // Room for every part (CP, expert and optimizer too) in two columns, whatever the plan has.
    LegendRoom legendRoom() const override { return {int(m_segments.size()), 2}; }

private:
    QList<QCPBars *> m_segments;
};

// 2. Exposed comm tax against GPU count (8 to 16384, log) for the plan and each GPU preset.
class CommTaxChart : public ChartView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CommTaxChart)
public:
    explicit CommTaxChart(QWidget *parent = nullptr);
    ~CommTaxChart() override;

protected:
    void draw(const Analysis &a) override;

private:
    void rebuildCurves(const QVector<ChartCurve> &curves);
    QStringList m_curveLabels;
    QList<QCPGraph *> m_fits;
    QList<QCPGraph *> m_noFits;
    QCPGraph *m_threshold = nullptr;
    QCPGraph *m_marker = nullptr;
    QCPGraph *m_noFitKey = nullptr;
};

// 3. Bubble share against micro-batches per pipeline for the plan's pp and vpp.
class BubbleChart : public ChartView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BubbleChart)
public:
    explicit BubbleChart(QWidget *parent = nullptr);
    ~BubbleChart() override;

protected:
    void draw(const Analysis &a) override;
    // The plan's line, its "does not fit" key, the line without interleaving and the marker.
    LegendRoom legendRoom() const override { return {4, 2}; }

private:
    QCPGraph *m_plan = nullptr;
    QCPGraph *m_planNoFit = nullptr;
    QCPGraph *m_plain = nullptr;
    QCPGraph *m_plainNoFit = nullptr;
    QCPGraph *m_marker = nullptr;
};

// 4. Cost per billion tokens and days to train: the plan, then the plan on each GPU preset.
class CostChart : public ChartView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CostChart)
public:
    explicit CostChart(QWidget *parent = nullptr);
    ~CostChart() override;

protected:
    void draw(const Analysis &a) override;
    int minimumPlotHeight() const override; // a line per GPU name

private:
    int m_categories = 0;
    QCPBars *m_cost = nullptr;
    QCPBars *m_costNoFit = nullptr;
    QCPBars *m_days = nullptr;
    QCPBars *m_daysNoFit = nullptr;
};

// 5. Memory per GPU, stacked, under each ZeRO stage, against the GPU's capacity.
class MemoryChart : public ChartView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryChart)
public:
    explicit MemoryChart(QWidget *parent = nullptr);
    ~MemoryChart() override;

protected:
    void draw(const Analysis &a) override;

private:
    double setBars(const Analysis &a, QStringList &labels);
    void drawLimits(const Result &r, double n);
    double labelBars(const Analysis &a, double top);
    void summarise(const Analysis &a);

    QList<QCPBars *> m_parts;
    QCPGraph *m_capacity = nullptr;
    QCPGraph *m_usable = nullptr;
};

// 6. Sensitivity: a tornado of USD per billion tokens, each uncertain input at the low and at the
//    high end of its range with the others at their values, largest swing on top.
class SensitivityChart : public TornadoChart
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SensitivityChart)
public:
    explicit SensitivityChart(QWidget *parent = nullptr);
    ~SensitivityChart() override;

    // The readable name of an input ("gpu.price_usd" -> "GPU price"), without its unit.
    static QString inputName(const QString &path);

protected:
    void draw(const Analysis &a) override;
};

} // namespace commtax
