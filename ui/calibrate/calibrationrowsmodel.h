// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The rows of a calibration as a table: size, time, algbw, busbw, in place, the fit, the model.

#include "nccl/calibration.h"

#include <QAbstractTableModel>

namespace commtax {

class CalibrationRowsModel : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CalibrationRowsModel)
public:
    enum Column { Size,
                  Time,
                  AlgBw,
                  BusBw,
                  InPlaceBusBw,
                  FitBusBw,
                  FitResidual,
                  ModelBusBw,
                  VsModel,
                  Line,
                  ColumnCount };

    explicit CalibrationRowsModel(QObject *parent = nullptr);

    void setCalibration(const nccl::Calibration &c); // a copy of its rows
    void clear();

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<nccl::CalibrationRow> m_rows;
    bool m_fitted = false;
};

} // namespace commtax
