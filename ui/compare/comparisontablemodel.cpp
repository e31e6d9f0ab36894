// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparisontablemodel.h"
#include "text/modeltext.h"

#include "library/comparisonio.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>

#include <cmath>

namespace commtax {

ComparisonTableModel::ComparisonTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
    m_rows = {{RowKind::Gpu}, {RowKind::Cluster}, {RowKind::Layout}, {RowKind::Economics}, {RowKind::Status}, {RowKind::Normalisation}};
    for (const MetricInfo &m : metrics())
        m_rows.push_back({RowKind::Metric, &m});
    m_rows.push_back({RowKind::BreakEvenPrice});
    m_rows.push_back({RowKind::BuyVersusRent});
    m_best.resize(m_rows.size());
}

void ComparisonTableModel::setComparison(const Comparison &c)
{
    const bool reshape = c.plans.size() != m_comparison.plans.size();
    if (reshape)
        beginResetModel();
    m_comparison = c;
    m_breakEvens = breakEvens(c);
    for (size_t r = 0; r < m_rows.size(); ++r)
        m_best[r] = m_rows[r].metric ? c.best(*m_rows[r].metric) : QList<int>();
    if (reshape) {
        endResetModel();
    } else if (!m_comparison.plans.isEmpty()) {
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
        Q_EMIT headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
    }
}

int ComparisonTableModel::rowOfMetric(const QString &key) const
{
    for (size_t r = 0; r < m_rows.size(); ++r)
        if (m_rows[r].metric && key == QLatin1String(m_rows[r].metric->key))
            return int(r);
    return -1;
}

int ComparisonTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ComparisonTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_comparison.plans.size());
}

QString ComparisonTableModel::text(const Row &row, int plan) const
{
    const ComparedPlan &p = m_comparison.plans[plan];
    const Plan &pl = p.plan;
    switch (row.kind) {
    case RowKind::Gpu: return QString::fromStdString(pl.gpu.name);
    case RowKind::Cluster: return QString::fromStdString(pl.cluster.name);
    case RowKind::Layout:
        return libraryText(planLayoutText(pl));
    case RowKind::Economics:
        return pl.economics.mode == EconomicsMode::Rent
            ? tr("rent at %1 per GPU-hour").arg(formatUsd(rentUsdPerGpuHour(pl)))
            : tr("buy, %1 years").arg(formatNumber(pl.economics.years, 0));
    case RowKind::Status:
        if (!p.valid)
            return tr("invalid: %1").arg(libraryText(p.errorText));
        return p.result.fits_in_memory ? tr("runs") : tr("does not fit in memory");
    case RowKind::Normalisation:
        if (plan == m_comparison.reference) // its best layout's note too
            return p.note.isEmpty() ? tr("reference (A)") : tr("reference (A); %1").arg(libraryText(p.noteText));
        return p.note.isEmpty() ? tr("as given") : libraryText(p.noteText);
    case RowKind::Metric:
        if (!p.valid)
            return QStringLiteral("-");
        if (!metricApplies(*row.metric, pl)) // a BF16 plan's FP8 time: not a measured zero
            return tr("n/a");
        // A goodput given in the plan, not computed from its interruptions and checkpoints.
        if (row.metric->id == MetricId::Goodput && pl.training.goodput)
            return tr("%1 (given in the plan)").arg(formatMetric(*row.metric, row.metric->get(p.result)));
        return formatMetric(*row.metric, row.metric->get(p.result));
    case RowKind::BreakEvenPrice: {
        const BreakEvenRow be = m_breakEvens.value(plan);
        if (!be.hasPrice)
            return QStringLiteral("-");
        const QString unit = be.price.rent ? QStringLiteral("/GPU-h") : QStringLiteral("/GPU");
        if (!be.price.reachable)
            return tr("none (dearer even if free)");
        return QStringLiteral("%1%2 (today %3)").arg(formatUsd(be.price.breakEvenPrice), unit, formatUsd(be.price.currentPrice));
    }
    case RowKind::BuyVersusRent: {
        const BuyRentBreakEven br = m_breakEvens.value(plan).buyRent;
        if (!br.applicable)
            return QStringLiteral("-");
        return br.reachable ? tr("%1 months").arg(formatNumber(br.months, 1)) : tr("never (rent is cheaper)");
    }
    }
    return QString();
}

QVariant ComparisonTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const Row &row = m_rows[size_t(index.row())];
    const int plan = index.column();
    const bool best = m_best[size_t(index.row())].contains(plan);
    switch (role) {
    case Qt::DisplayRole:
        return best ? QString::fromUtf8(kBestMark) + QLatin1Char(' ') + text(row, plan) : text(row, plan);
    case Qt::ToolTipRole: {
        QString tip = text(row, plan);
        if (row.metric && m_comparison.plans[plan].valid && !metricApplies(*row.metric, m_comparison.plans[plan].plan))
            tip = tr("%1: not applicable (the plan does not train in FP8)").arg(metricLabel(*row.metric));
        else if (row.metric && m_comparison.plans[plan].valid)
            tip = QStringLiteral("%1: %2").arg(metricLabel(*row.metric), QLocale().toString(row.metric->get(m_comparison.plans[plan].result), 'g', 10));
        if (best)
            tip += tr("\nBest of the plans that run");
        return tip;
    }
    case Qt::FontRole:
        if (best) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return QVariant();
    case Qt::BackgroundRole:
        if (best)
            return QBrush(QColor(0xDF, 0xF0, 0xD8));
        if (row.kind == RowKind::Status && !m_comparison.plans[plan].runs())
            return QBrush(QColor(0xF8, 0xD7, 0xDA));
        return QVariant();
    case Qt::TextAlignmentRole:
        return row.metric ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case ValueRole:
        if (row.metric && m_comparison.plans[plan].valid) {
            const double v = row.metric->get(m_comparison.plans[plan].result);
            return std::isfinite(v) ? QVariant(v) : QVariant();
        }
        return QVariant();
    case BestRole:
        return best;
    case MetricKeyRole:
        return row.metric ? QString::fromLatin1(row.metric->key) : QString();
    default:
        return QVariant();
    }
}

QVariant ComparisonTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return QVariant();
    if (orientation == Qt::Horizontal) {
        if (section < 0 || section >= m_comparison.plans.size())
            return QVariant();
        const QString name = m_comparison.plans[section].name;
        return section == m_comparison.reference ? name + QStringLiteral(" (A)") : name;
    }
    if (section < 0 || size_t(section) >= m_rows.size())
        return QVariant();
    const Row &row = m_rows[size_t(section)];
    switch (row.kind) {
    case RowKind::Gpu: return QStringLiteral("GPU");
    case RowKind::Cluster: return tr("Cluster");
    case RowKind::Layout: return tr("Layout");
    case RowKind::Economics: return tr("Economics");
    case RowKind::Status: return tr("Status");
    case RowKind::Normalisation: return tr("Normalisation");
    case RowKind::Metric:
        if (role == Qt::ToolTipRole)
            return tr("%1 (%2); better: %3")
                .arg(metricLabel(*row.metric), QLatin1String(row.metric->key),
                     judgedByMemoryShare(*row.metric)           ? tr("a lower share of the GPU's usable memory")
                         : row.metric->better == Better::Lower  ? tr("lower")
                         : row.metric->better == Better::Higher ? tr("higher")
                                                                : tr("neither"));
        return metricLabel(*row.metric);
    case RowKind::BreakEvenPrice: return tr("Break-even GPU price vs A");
    case RowKind::BuyVersusRent: return tr("Buying beats renting after");
    }
    return QVariant();
}

} // namespace commtax
