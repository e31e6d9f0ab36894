// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The sensitivity of a comparison (docs/handbook.md, "Uncertainty and sensitivity"): for every plan
// the P10/P50/P90 of its figures over the uncertainty of its inputs, the probability that it is
// the cheapest (USD per billion tokens) and the fastest (days to train), its tornados, and the
// input break-evens against the plan that is cheapest at the values ("the RTX 4090 plan matches
// the H100 on cost if its compute efficiency exceeds 0.71"). One Latin hypercube for all of it:
// a plan's ranges are those of `commtax evaluate --uncertainty` for its plan (as normalised), and
// inputs the plans share (the same preset field with the same value and range, the same training
// or economics setting) are drawn once for all of them (uncertainty/uncertainty.h).
//
// Plain arithmetic over the engine, QtCore only: the comparison view computes it on a worker
// thread, `commtax report` and the report writer in place.

#include "compare.h"
#include "core/engineaccuracy.h"
#include "core/goals.h"
#include "librarytext.h"
#include "uncertainty/uncertainty.h"

#include <QJsonObject>
#include <QStringList>

#include <atomic>
#include <vector>

namespace commtax {

struct PlanSensitivity {
    bool valid = false; // the plan evaluates (its ranges and tornados are computed)
    int invalid = 0;    // samples the engine refused
    uncertainty::Percentiles metric[uncertainty::kMetricCount];
    const uncertainty::Percentiles &of(uncertainty::Metric m) const { return metric[uncertainty::rangeIndex(m)]; }
    double probabilityCheapest = 0;
    double probabilityFastest = 0;
    std::vector<uncertainty::TornadoBar> costTornado; // USD per billion tokens, largest swing first
    std::vector<uncertainty::TornadoBar> daysTornado; // days to train, largest swing first
    EngineRegime regime;                              // the published runs like the plan whose error its ranges hold
    // With goals (addGoalOdds()): the probability of finishing within the deadline and of staying
    // within the budget (capex when bought, the run's TCO); -1 without that goal.
    double pMeetsDeadline = -1;
    double pWithinBudget = -1;
};

struct ComparisonSensitivity {
    bool valid = false;     // computed (not cancelled, at least one sample)
    bool cancelled = false; // stopped for a newer comparison
    int samples = 0;
    quint64 seed = 0;
    int recommended = -1;                           // Comparison::cheapest(): the plan whose tornado reports show
    std::vector<PlanSensitivity> plans;             // one per compared plan, in order
    std::vector<uncertainty::BreakEven> breakEvens; // against the plan cheapest at the values
    double elapsedMs = 0;
};

// The plans' inputs with their ranges: each compared plan (after normalisation) with the kinds and
// ranges its scenario states (scenarioNotes()), the provenance of its presets in `catalog`.
std::vector<uncertainty::PlanInputs> comparisonInputs(const Comparison &c, const PresetCatalog &catalog);

// Everything above; stops early (cancelled, not valid) once *cancel is set. Options::threads as
// given; the numbers do not depend on it.
ComparisonSensitivity comparisonSensitivity(const Comparison &c, const PresetCatalog &catalog,
                                            const uncertainty::Options &options,
                                            const std::atomic<bool> *cancel = nullptr);

// The odds of every plan that runs meeting the goals' deadline and budget over its input ranges,
// the engine's error included, exactly as Tools > What to buy judges its options
// (search/buy.h rangeOption(), `samples` samples from `seed`): fills pMeetsDeadline and
// pWithinBudget of s.plans. Without a deadline or a budget in `goals` they stay -1.
inline constexpr int kGoalOddsSamples = 300; // What to buy's samples per option
void addGoalOdds(ComparisonSensitivity &s, const Comparison &c, const Goals &goals, const PresetCatalog &catalog,
                 int samples = kGoalOddsSamples, quint64 seed = 1);

// The break-evens a reader needs, at most `perPlan` per plan: those inside the input's range first,
// then by how far the input has to move (relative to its value).
std::vector<uncertainty::BreakEven> keyBreakEvens(const ComparisonSensitivity &s, int perPlan);

// A break-even in words: "D: 1024 RTX 4090 matches A: 256 H100 on cost if its compute efficiency
// (GPU) exceeds 0.71 (now 0.5; outside its range 0.38 to 0.62)". breakEvenText() is translatable
// (librarytext.h; the comparison window and the PDF); breakEvenSentence() its English (JSON, CSV).
LibraryText breakEvenText(const Comparison &c, const uncertainty::BreakEven &b);
QString breakEvenSentence(const Comparison &c, const uncertainty::BreakEven &b);
// "gpu.compute_efficiency" -> "compute efficiency (GPU)": the field's label without its unit
// (inputLabelText(): translatable, its unit dropped in any language).
LibraryText inputLabelText(const QString &path);
// An input's value in the report's number convention, with the field's unit: "$331.3k",
// "$2.50/GPU-h", "$0.087/kWh", "0.50", "18.8k tokens" (formatUsd(), formatNumber()); in the
// scale of `like` when given, so that two figures side by side read alike ("$4.2k (now $10.0k)").
QString inputValueText(const QString &path, double v, double like = qQNaN());

// Reports: the "uncertainty" member of the JSON report, and the columns the CSV report adds to
// each plan's row (after comparisonColumns()) with their values.
QJsonObject comparisonSensitivityToJson(const Comparison &c, const ComparisonSensitivity &s);
QStringList sensitivityColumns();
QStringList sensitivityCsvValues(const Comparison &c, const ComparisonSensitivity &s, int plan);

} // namespace commtax
