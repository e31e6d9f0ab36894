// SPDX-License-Identifier: GPL-3.0-or-later
#include "calibrationrowsmodel.h"

#include "core/resultio.h"

#include <QBrush>
#include <QColor>

#include <algorithm>
#include <cmath>

namespace commtax {

namespace {
// A computed bandwidth keeps three significant digits below 1 GB/s (0.000123), so a small
// message's model and fit are not shown as 0.00; measured columns keep the log's two decimals.
QString formatComputedBandwidth(double gbps)
{
    if (std::isfinite(gbps) && gbps > 0 && gbps < 1)
        return QString::number(gbps, 'f', std::min(12, 2 - int(std::floor(std::log10(gbps)))));
    return formatNumber(gbps, 2);
}
} // namespace

CalibrationRowsModel::CalibrationRowsModel(QObject *parent)
    : QAbstractTableModel(parent) { }

void CalibrationRowsModel::setCalibration(const nccl::Calibration &c)
{
    beginResetModel();
    m_rows = c.rows;
    m_fitted = c.fit.ok;
    endResetModel();
}

void CalibrationRowsModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_fitted = false;
    endResetModel();
}

int CalibrationRowsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CalibrationRowsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CalibrationRowsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() < 0 || index.row() >= int(m_rows.size()) || index.column() < 0
        || index.column() >= ColumnCount)
        return QVariant();
    const nccl::CalibrationRow &r = m_rows[size_t(index.row())];
    const bool compared = r.model_busbw_gbps > 0;
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    if (role == Qt::BackgroundRole && r.below_model)
        return QBrush(QColor(255, 224, 224));
    if (role == Qt::ToolTipRole && r.below_model)
        return tr("Measured busbw is %1% of the model's: more than 20% below it").arg(formatNumber(100 * r.vs_model, 0));
    if (role != Qt::DisplayRole)
        return QVariant();
    const QString dash = QStringLiteral("-");
    switch (index.column()) {
    case Size: return QString::fromStdString(nccl::formatBytes(double(r.size_bytes)));
    case Time: return formatNumber(r.time_us, 2);
    case AlgBw: return formatNumber(r.algbw_gbps, 2);
    case BusBw: return formatNumber(r.busbw_gbps, 2);
    case InPlaceBusBw: return r.in_place_busbw_gbps ? formatNumber(*r.in_place_busbw_gbps, 2) : dash;
    case FitBusBw: return m_fitted ? formatComputedBandwidth(r.fit_busbw_gbps) : dash;
    case FitResidual: return m_fitted ? formatNumber(100 * r.fit_residual, 1) : dash;
    case ModelBusBw: return compared ? formatComputedBandwidth(r.model_busbw_gbps) : dash;
    case VsModel: return compared ? formatNumber(100 * r.vs_model, 0) : dash;
    case Line: return r.line;
    default: return QVariant();
    }
}

QVariant CalibrationRowsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case FitResidual: return tr("(measured - fitted) / measured time");
        case VsModel: return tr("Measured busbw over the model's busbw for the same collective, size and ranks");
        case Line: return tr("Line of the log");
        default: return QVariant();
        }
    }
    if (role != Qt::DisplayRole)
        return QVariant();
    switch (section) {
    case Size: return tr("Size");
    case Time: return tr("Time (us)");
    case AlgBw: return tr("algbw (GB/s)");
    case BusBw: return tr("busbw (GB/s)");
    case InPlaceBusBw: return tr("In-place busbw (GB/s)");
    case FitBusBw: return tr("Fit busbw (GB/s)");
    case FitResidual: return tr("Fit residual (%)");
    case ModelBusBw: return tr("Model busbw (GB/s)");
    case VsModel: return tr("Measured / model (%)");
    case Line: return tr("Line");
    default: return QVariant();
    }
}

} // namespace commtax
