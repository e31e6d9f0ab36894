// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Calibration from training logs, the QtCore half shared by `commtax calibrate --training` and the
// tests: reading a log file, the plan a log states (as a scenario), the engine's prediction, the
// fit of one bounded compute-efficiency factor per cluster across every log with its
// leave-one-log-out error, and the measured GPU preset that carries the fit with its provenance.

#include "core/presets.h"
#include "core/scenario.h"
#include "traininglog/traininglog.h"

#include <QDate>
#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace commtax {

// Training logs of long runs are large (a line per iteration on every rank); past this a file is
// refused before it is read, as the nccl-tests and JSON readers refuse theirs.
inline constexpr qint64 kMaxTrainingLogBytes = 64ll * 1024 * 1024;

// The calibration's sentences, the reader's notes and errors among them (context
// "commtax::TrainingLog"), in the interface language; toString() gives the English (JSON).
QString trainingText(const Sentence &s);
QStringList trainingTexts(const std::vector<Sentence> &s);

// Read a log file of at most kMaxTrainingLogBytes ("-": standard input, as the command line reads
// it). False with "FILE:1:1: ..." or "FILE: ...".
bool readTrainingLogFile(const QString &fileName, QByteArray &text, QString *error);

// What a log says of the plan, as scenario field paths ("model.layers", "training.tp") with the
// line each came from, plus "gpus" (the GPU count). `missing` lists the paths the engine needs that
// the log does not say: they must be given (--set PATH=VALUE), never guessed.
struct TrainingPlanRead {
    QMap<QString, QJsonValue> fields;
    QMap<QString, int> lines; // path -> line of the log (0: derived from other values)
    QStringList missing;
    std::vector<Sentence> notes; // how a value was derived, or which framework default it takes
    QString gpuName;             // the device name the log prints, or empty
};
TrainingPlanRead readTrainingPlan(const traininglog::TrainingLog &log);

// The plan of a log on a GPU preset and its default cluster, with `overrides` (path -> value as
// typed; "gpus" too) applied over what the log says. False with the reasons (missing fields,
// unknown paths, the engine's validation) in `errors`. `notes`, when given, gets a sentence for each
// value the log prints that an override replaced.
bool trainingScenario(const TrainingPlanRead &read, const QMap<QString, QString> &overrides, const Preset &gpu,
                      const PresetCatalog &catalog, Scenario &out, std::vector<Sentence> &errors,
                      std::vector<Sentence> *notes = nullptr);

// The engine's step time for the plan with the GPU's BF16 and FP8 GEMM efficiencies scaled by
// `factor` and the achievable bandwidth of NVLink and of the network (intra_efficiency,
// nic_efficiency) by `commFactor` (each held within [0.05, 0.98]); nullopt when the engine refuses
// the plan.
std::optional<double> predictedStepSeconds(Plan plan, double factor = 1.0, double commFactor = 1.0);

// The share of the predicted step that is exposed communication (tp, pp, dp, cp, ep), at the
// preset's values; nullopt when the engine refuses the plan.
std::optional<double> exposedCommShare(const Plan &plan);

// The compute-efficiency factor, fitted as the minimum of the squared log errors over every log
// (golden-section search within the bounds), and the leave-one-log-out error of each log: the
// factor fitted on the others predicting it. When the logs vary layout or scale enough to tell
// communication from compute (see commPinned()), a communication factor is fitted with it
// (alternating golden-section searches), else it stays 1 and the output says why.
inline constexpr double kMinFactor = 0.3;
inline constexpr double kMaxFactor = 2.0;
// The logs pin the communication factor when there are at least kMinLogsForComm of them, the
// engine's exposed-communication share of their steps spans at least kMinCommShareSpread (so
// some steps are communication-bound and some are not), and the logs' sensitivities to the two
// factors are not parallel (the sine of the angle between them at least kMinCommAngle).
inline constexpr int kMinLogsForComm = 3;
inline constexpr double kMinCommShareSpread = 0.10;
inline constexpr double kMinCommAngle = 0.10;
struct FactorFit {
    bool ok = false;
    double factor = 1;
    bool atBound = false;
    bool commFitted = false;
    double commFactor = 1; // on intra_efficiency and nic_efficiency; 1 when not fitted
    bool commAtBound = false;
    std::vector<double> commShare;     // per log: exposed communication / step, at the preset's values
    double commShareSpread = 0;        // max - min of commShare
    double commAngle = 0;              // sine of the angle between the two sensitivity vectors
    std::vector<double> looCommFactor; // fitted without log i, with the comm factor (empty otherwise)
    std::vector<double> before;        // (predicted - measured) / measured with the preset as it is
    std::vector<double> after;         // with the factor fitted on every log
    std::vector<double> looFactor;     // fitted without log i (empty with one log)
    std::vector<double> looError;      // log i predicted with looFactor[i]
    double meanAbsBefore = 0, meanAbsAfter = 0, meanAbsLoo = 0;
    std::vector<Sentence> pinned;    // the terms the logs pin down
    std::vector<Sentence> notPinned; // and those they do not, with why
};
FactorFit fitComputeFactor(const std::vector<Plan> &plans, const std::vector<double> &measuredSeconds);

// A log given to the fit: its file name and the SHA-256 of its bytes.
struct LogProvenance {
    QString file;
    QString sha256;
};
// The measured GPU preset: `gpu` with compute_efficiency and fp8_efficiency scaled by the fit,
// recorded as measured with the logs, their SHA-256, the date, the factor and the residuals.
Preset measuredGpuPreset(const Preset &gpu, const FactorFit &fit, const QList<LogProvenance> &logs, const QDate &date,
                         const QString &id);

// The scenario as JSON in the scenario format (docs/formats.md).
QJsonObject scenarioJson(const Scenario &s, const PresetCatalog &catalog);

} // namespace commtax
