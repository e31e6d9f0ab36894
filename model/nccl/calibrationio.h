// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Calibration from nccl-tests logs, the parts shared by `commtax calibrate` and the calibration
// dialog: reading a log, choosing the presets to compare with, the JSON, and the preset that
// carries the measurement. QtCore only.

#include "core/presets.h"
#include "nccl/calibration.h"

#include <QCoreApplication>
#include <QDate>
#include <QJsonObject>
#include <QString>

namespace commtax {

// Logs larger than this are not nccl-tests output (a 10k-size sweep is about 1.5 MB; a full run of
// every size from 8 B to 16 GiB is about 20 KB). Capped like the JSON readers (an 11.7 MB
// log took 6.5 s and 439 MB to refuse row by row).
inline constexpr qint64 kMaxCalibrationLogBytes = 4ll * 1024 * 1024;

// The calibration's sentences (context "commtax::Calibration") in the interface language: each
// template translated, then filled with its arguments, themselves translated when they are sentences.
QString calibrationText(const Sentence &s);

// Read a log file, or standard input for "-". False with a one-line reason on failure.
bool readCalibrationLog(const QString &fileName, QByteArray &text, QString *error);

// Where a problem in a log is, as `commtax calibrate` and the dialog print it in front of the
// message: "FILE:LINE:COLUMN: ", "FILE:LINE: " without a column, "FILE: " without a line.
QString logLocation(const QString &fileName, int line, int column);

// The presets a measurement is compared with and calibrates.
struct CalibrationTarget {
    Preset gpu; // the GPU the log names, else the cluster's default GPU
    Preset cluster;
    Plan plan;       // gpu and cluster applied (for their GpuSpec and ClusterSpec)
    Sentence reason; // how they were chosen
};

// `clusterId` when given (false with an error when unknown); else the default cluster of the GPU.
// The GPU: `gpuId` when given (the user's choice; false with an error when unknown), else the
// preset whose "match" names the device list's GPU name (matchGpuPreset()), else the cluster's
// default. False without an error when there is nothing to go by.
bool chooseCalibrationTarget(const PresetCatalog &catalog, const QString &clusterId, const std::string &gpuName,
                             CalibrationTarget &out, QString *error, const QString &gpuId = QString());

// The calibration as JSON (keys in docs/formats.md, "calibrate --json").
QJsonObject calibrationToJson(const nccl::Calibration &c, const nccl::ResultTable &table, const CalibrationTarget *target);

// Field keys the calibration writes: {efficiency, latency} of the cluster (network) or GPU (intra-node).
QString calibratedEfficiencyKey(nccl::Scope scope);
QString calibratedLatencyKey(nccl::Scope scope);

// The preset that carries the measurement: a copy of the cluster preset with nic_efficiency and
// nic_latency_us replaced (a log across nodes), or of the GPU preset with intra_efficiency and
// intra_latency_us (a log inside one node), each recorded as measured with the source
// "nccl-tests log <logName>, <date>". False with the reason when nothing could be derived.
bool calibratedPreset(const nccl::Calibration &c, const CalibrationTarget &target, const QString &logName,
                      const QDate &date, Preset &out, QString *why);

} // namespace commtax
