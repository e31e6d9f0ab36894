// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Every metric of every compared plan: one row per metric (after a few rows that say what each
// plan is), one column per plan, the best value of each row marked. The comparison view shows
// it; the PDF report prints the same cells.

#include "library/compare.h"

#include <QAbstractTableModel>

#include <vector>

namespace commtax {

class ComparisonTableModel : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ComparisonTableModel)
public:
    enum Role {
        ValueRole = Qt::UserRole, // the metric as a double (invalid QVariant for text rows)
        BestRole,                 // true where this plan has the row's best value
        MetricKeyRole,            // the metric's JSON key, empty for text rows
    };
    static constexpr const char *kBestMark = "\u2605"; // a star beside the best value

    explicit ComparisonTableModel(QObject *parent = nullptr);

    void setComparison(const Comparison &c);
    const Comparison &comparison() const { return m_comparison; }
    // The row of a metric key ("cost_per_billion_tokens_usd"), -1 if none.
    int rowOfMetric(const QString &key) const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    enum class RowKind { Gpu,
                         Cluster,
                         Layout,
                         Economics,
                         Status,
                         Normalisation,
                         Metric,
                         BreakEvenPrice,
                         BuyVersusRent };
    struct Row {
        RowKind kind;
        const MetricInfo *metric = nullptr;
    };
    QString text(const Row &row, int plan) const;

    Comparison m_comparison;
    std::vector<Row> m_rows;
    QList<BreakEvenRow> m_breakEvens;
    std::vector<QList<int>> m_best; // per row
};

} // namespace commtax
