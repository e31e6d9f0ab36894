// SPDX-License-Identifier: GPL-3.0-or-later
#include "accuracydialog.h"

#include "screenfit.h"
#include "text/modeltext.h"

#include <qcustomplot.h>

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <map>

namespace commtax {

AccuracyDialog::AccuracyDialog(const Plan &plan, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Model accuracy"));
    setObjectName(QStringLiteral("accuracyDialog"));
    const EngineAccuracyData &runs = engineAccuracyData();
    m_regime = engineRegime(plan, runs);

    auto *layout = new QVBoxLayout(this);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setText(tr("On %1 published runs from %2 sources, each predicted with the engine fitted without its source. "
                          "This plan (%3 GPUs):")
                           .arg(runs.runs.size())
                           .arg(runs.sources)
                           .arg(plan.cluster.nodes * plan.cluster.gpus_per_node)
                       + QLatin1Char(' ') + engineText("commtax::Accuracy", engineRegimeText(m_regime)));
    layout->addWidget(m_summary);
    buildPlot(runs);
    layout->addWidget(m_plot, 1);
    buildTable(runs);
    layout->addWidget(m_table, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    // Bounded by the screen it opens on (a 1280x800 screen at 150% is 853x533 logical pixels).
    fitToScreen(this, QSize(760, 520));
}

// Every run: published / engine step time against its GPU count; the plan's regime filled.
void AccuracyDialog::buildPlot(const EngineAccuracyData &runs)
{
    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("accuracyPlot"));
    m_plot->setMinimumHeight(160);
    QVector<double> x, y, hx, hy;
    for (const AccuracyRun &r : runs.runs) {
        // Every run is in the whole list (level 3): then none is highlighted.
        const bool like = m_regime.level < 3 && m_regime.covers(r);
        (like ? hx : x).append(r.gpus);
        (like ? hy : y).append(r.time_factor);
    }
    m_highlighted = m_regime.level < 3 ? int(hx.size()) : 0;
    QCPGraph *others = m_plot->addGraph();
    others->setName(tr("Other published runs"));
    others->setLineStyle(QCPGraph::lsNone);
    others->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QColor(150, 150, 150), 5));
    others->setData(x, y);
    QCPGraph *like = m_plot->addGraph();
    like->setName(tr("Runs like this plan"));
    like->setLineStyle(QCPGraph::lsNone);
    like->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(31, 119, 180), 6));
    like->setData(hx, hy);
    QCPGraph *one = m_plot->addGraph();
    one->setName(tr("Engine exact"));
    one->setPen(QPen(QColor(80, 80, 80), 1, Qt::DashLine));
    one->setData(QVector<double>{1, 1e6}, QVector<double>{1, 1});
    m_plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    m_plot->xAxis->setLabel(tr("GPUs"));
    m_plot->xAxis->setRange(1, 65536);
    m_plot->yAxis->setLabel(tr("Published /\nengine step time"));
    double top = 1.5;
    for (double v : y + hy)
        top = std::max(top, std::min(v, 4.5));
    m_plot->yAxis->setRange(0, top * 1.05);
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
}

// The spread by kind of run: GPU family, dense or MoE, sharded or not. P10 and P90 are the ranges'
// (core/engineaccuracy.h): each source weighs as one run, at the percentiles of a next source's draw
// (uncertainty::predictivePercentile); the median error is the runs'.
void AccuracyDialog::buildTable(const EngineAccuracyData &runs)
{
    std::map<QString, std::vector<const AccuracyRun *>> groups;
    for (const AccuracyRun &r : runs.runs)
        groups[r.gpu_family + (r.moe ? QStringLiteral(", MoE") : QStringLiteral(", dense")) + (r.sharded ? QStringLiteral(", ZeRO-3/FSDP") : QString())]
            .push_back(&r);
    m_table = new QTableWidget(int(groups.size()), 5, this);
    m_table->setObjectName(QStringLiteral("accuracyTable"));
    m_table->setHorizontalHeaderLabels({tr("Runs of"), tr("Runs"), tr("Median error"), tr("P10"), tr("P90")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    int row = 0;
    for (const auto &[kind, members] : groups) {
        const SourceWeightedErrors w = sourceWeightedErrors(members);
        const long medianError = std::lround(100 * uncertainty::percentile(w.errors, 0.5));
        const QStringList cells = {kind, QString::number(members.size()), QStringLiteral("%1%").arg(medianError),
                                   QString::number(uncertainty::predictivePercentile(w.factors, 0.1, 1.0), 'f', 2),
                                   QString::number(uncertainty::predictivePercentile(w.factors, 0.9, 1.0), 'f', 2)};
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            if (c > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(row, c, item);
        }
        ++row;
    }
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->resizeColumnsToContents();
    m_table->setMinimumHeight(100);
}

} // namespace commtax
