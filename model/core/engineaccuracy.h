// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The engine's own error, as the uncertainty samples it (docs/accuracy.md, "The engine's error in
// every range"). presets/engine-accuracy.json, written by commtax_fit_runs from the published runs,
// holds per counted run the factor that turns the engine's step time into the published one, with
// the engine fitted without that run's source (leave one source out). A plan's regime is the runs
// like it, the first of these with at least kMinRegimeRuns runs from kMinRegimeSources sources:
//   0. the same GPU family, dense or MoE, fully sharded (ZeRO-3/FSDP) or not, and a GPU count within
//      4x of the plan's;
//   1. the same, at any scale;
//   2. dense or MoE and sharded or not, on any GPU;
//   3. every run (the plan is outside what was validated).
// Sharding is part of the regime because the error differs there (docs/accuracy.md: the engine
// models ZeRO-3's gathers, not the frameworks' FSDP schedules).

#include "engine/enginetext.h"
#include "engine/plan.h"
#include "uncertainty/uncertainty.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <array>
#include <utility>
#include <vector>

namespace commtax {

// A regime counts when it holds at least this many runs from at least this many independent
// sources: the runs of one source share their errors (one framework release, one cluster), and a
// regime of few sources gave ranges too narrow for the runs left out of it (test_ranges: with 3
// sources the P10-P90 held 62% of the runs held out, with 10 it holds 76%).
inline constexpr int kMinRegimeRuns = 10;
inline constexpr int kMinRegimeSources = 10;

struct AccuracyRun {
    QString id;
    QString source_id;
    QString gpu_family; // accuracy groups: "a100", "h100", "h200/h20", "blackwell", "amd", "workstation/consumer"
    bool moe = false;
    bool sharded = false; // ZeRO-3 / FSDP
    int gpus = 0;
    double time_factor = 1; // published / engine step time (leave one source out)
};

struct EngineAccuracyData {
    std::vector<AccuracyRun> runs;
    QString runsSha256; // of tests/fixtures/published-runs.json the factors came from
    QString fit;        // "leave one source out"
    QString date;       // when commtax_fit_runs wrote them
    int sources = 0;
};
// The embedded presets/engine-accuracy.json, read once.
const EngineAccuracyData &engineAccuracyData();
// The same from JSON text (false with a reason in *error when it is not the format).
bool parseEngineAccuracy(const QByteArray &json, EngineAccuracyData &out, QString *error);

// The engine's error over a set of runs: each run's time factor weighted so that each source weighs
// as one run (its runs share one framework release and one cluster, so their errors are one draw of
// the engine's error, and the next plan's run is another source's: docs/accuracy.md), sorted by
// factor, for uncertainty::weightedPercentile; and each run's absolute error |1 - 1/factor|, sorted.
struct SourceWeightedErrors {
    std::vector<std::pair<double, double>> factors; // (time factor, 1 / runs of its source)
    std::vector<double> errors;
    int sources = 0;
};
SourceWeightedErrors sourceWeightedErrors(const std::vector<const AccuracyRun *> &runs);

// The family a GPU preset id belongs to for the accuracy groups.
QString gpuFamily(const QString &gpuId);

struct EngineRegime {
    int runs = 0;           // the published runs like the plan the range is taken from
    int sources = 0;        // ... from this many independent sources
    int level = 3;          // which of the regimes above (0: runs like the plan ... 3: every run)
    int like = 0;           // the runs of regime 0 (like the plan), whether or not they were enough
    int logs = 0;           // > 0: calibrated from this many of the user's training logs (level -1)
    bool validated = false; // level 0: at least kMinRegimeRuns runs like the plan
    QString gpu_family;     // the plan's
    bool moe = false;
    bool sharded = false;
    int gpus_low = 0, gpus_high = 0;                // the GPU counts the regime covers (a quarter to 4x the plan's)
    std::array<double, 5> quantiles{1, 1, 1, 1, 1}; // P10, P25, P50, P75, P90 of the factor
    double low = 1, high = 1;                       // the ends of the sampled range
    double mape = 0;                                // mean |1 - 1/factor|: the engine's error on them
    double median_error = 0;                        // median |1 - 1/factor|
    // Whether run `r` is one of the regime's at level `atLevel` (the list in the header; -1, a
    // calibrated regime, holds no published run), and at the regime's own level.
    bool covers(const AccuracyRun &r, int atLevel) const;
    bool covers(const AccuracyRun &r) const { return covers(r, level); }
};
// The regime of `plan` in `data` (runs of source `excludeSource` left out: the coverage test holds
// out the run's own source).
EngineRegime engineRegime(const Plan &plan, const EngineAccuracyData &data, const QString &excludeSource = {});
// The regime of a plan on a GPU preset calibrated from the user's own training logs: `factors`
// are measured / predicted step time with each log left out of the fit. With n logs and the root
// mean square r of (factor - 1), the factor is taken as centred on 1 (the fit centres it) with a
// normal spread s = max(0.02, r * sqrt(1 + 1/n)): P10 and P90 at 1 -+ 1.28 s. Few logs, wider.
EngineRegime calibratedRegime(const std::vector<double> &factors);

// The note that makes engine.step_time_error uncertain with the regime's spread.
uncertainty::FieldNote engineErrorNote(const EngineRegime &regime);

// What the regime says, as an English template (context "commtax::Accuracy"; the GUI translates it
// with model/text/modeltext.h engineText()): how many runs, how far off the engine was there; a warning when
// the plan is outside what was validated (level 2 or 3).
EngineText engineRegimeText(const EngineRegime &regime);
bool engineRegimeWarns(const EngineRegime &regime);
// The same as data (evaluate --json, the JSON and XLSX reports).
QJsonObject engineRegimeJson(const EngineRegime &regime);

} // namespace commtax
