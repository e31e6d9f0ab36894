// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Help > Model accuracy: how far the engine was off on published runs it was not fitted on
// (docs/accuracy.md), with the current plan's regime highlighted: a scatter of every run's
// published / engine step time against its GPU count, the plan's regime and what it says, and the
// spread by GPU family, dense or MoE and sharding.
#include "core/engineaccuracy.h"

#include <QDialog>

class QCustomPlot;
class QLabel;
class QTableWidget;

namespace commtax {

class AccuracyDialog : public QDialog
{
    Q_OBJECT
public:
    explicit AccuracyDialog(const Plan &plan, QWidget *parent = nullptr);
    // The rows of the regime table and how many runs the plot highlights (for the tests).
    QTableWidget *table() const { return m_table; }
    int highlighted() const { return m_highlighted; }
    const EngineRegime &regime() const { return m_regime; }

private:
    void buildPlot(const EngineAccuracyData &runs);
    void buildTable(const EngineAccuracyData &runs);

    EngineRegime m_regime;
    QCustomPlot *m_plot = nullptr;
    QLabel *m_summary = nullptr;
    QTableWidget *m_table = nullptr;
    int m_highlighted = 0;
};

} // namespace commtax
