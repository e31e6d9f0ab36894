// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Uncertainty and sensitivity of a plan's figures (docs/handbook.md, "Uncertainty and
// sensitivity"). Plain C++ over the engine, no Qt: the command line, the app's worker and the
// benchmarks share it.
//
// Every continuous physical or economic input of a plan (findInput()) gets a range
// [low, high] around its value: given in the scenario, or by default +-2% (datasheet), +-10%
// (measured, derived, user) or +-25% (assumption) of the value, clamped to the field's limits
// (engine/limits.h). Whole-number inputs (layers, tp, ...) and design choices (peaks, NIC line
// rate, tokens to train, years) are not uncertain. An input is drawn uniformly on each side of its
// value, half the probability below and half above (plain uniform when the range is symmetric), so
// the median of every input is its value.
//
// Sampling is a Latin hypercube: each dimension's N draws fall one in each of N equal strata, in
// an order and at offsets drawn by splitmix64 from the seed and the dimension's name, so one seed
// gives the same numbers on every run and thread count, and a plan's draws do not change when
// other plans join a comparison. Inputs of one correlation group share one dimension:
//   - GpuEfficiency: gpu.compute_efficiency, gpu.fp8_efficiency and training.compute_efficiency of
//     one GPU (how well the kernels run on that GPU moves BF16 and FP8 together);
//   - Overlap: training.dp_overlap, tp_overlap and ep_overlap (how well the framework hides
//     communication).
// In a comparison, the same field of the same preset id (gpu and cluster inputs) with the same
// value and range, and a training or economics field with the same value and range, is one shared
// input: both plans see the same draw.

#include "engine/enginetext.h"
#include "engine/limits.h"
#include "engine/metrics.h"
#include "engine/plan.h"
#include "engine/result.h"

#include <array>
#include <atomic>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace commtax::uncertainty {

// Where a value comes from (core/provenance.h's SourceKind, without Qt).
enum class Kind { Datasheet,
                  Measured,
                  Assumption,
                  Derived,
                  User };
const char *toString(Kind k);
// Half-width of the default range as a fraction of the value.
double defaultHalfWidth(Kind k);

// The correlation groups (engine/limits.h, where each field's is kept).
using Group = InputGroup;

// One input that may be uncertain.
struct InputInfo {
    const char *path; // JSON path, e.g. "gpu.compute_efficiency"
    Group group;
    // Smallest value a positive setting may take: these fields read 0 as "none", "unknown" or "the
    // BF16 efficiency", so a range of a positive value may not reach down to 0 (0 = no floor).
    double floor;
    std::optional<double> (*get)(const Plan &); // empty: an optional field that is not set ("auto")
    void (*set)(Plan &, double);
    // Uncertain only with a range given by a note: the engine's own error (engine.step_time_error),
    // whose range comes from the published runs like the plan (core/engineaccuracy.h), never from a
    // kind's default width.
    bool given_only = false;
    // A term of the step time whose error the engine's error on published runs already holds (the
    // efficiencies, overheads, overlaps and latencies the fit stands in for): while a plan's inputs
    // include the engine's error, such an input is drawn only with a range the plan gives for it;
    // at its default width it stays in the tornado but is not drawn (it would count the same error
    // twice; docs/accuracy.md).
    bool covered_by_engine_error = false;
};
const InputInfo *findInput(std::string_view path);

// The range of one input of one plan.
struct InputRange {
    const InputInfo *info = nullptr;
    double value = 0;
    double low = 0;
    double high = 0;
    Kind kind = Kind::Assumption;
    bool given = false; // the range came from the scenario, not from the kind
    // When set: the input's P10, P25, P50, P75 and P90, and quantile() interpolates linearly between
    // them and the range's ends (an empirical distribution, e.g. the engine's error). Else the
    // two-sided uniform around the value.
    std::optional<std::array<double, 5>> quantiles;
    bool sampled = true; // drawn in the Monte Carlo (false: covered by the engine's error; tornado only)
    bool uncertain() const { return low < high; }
};

// What a scenario says about one field: its kind and, optionally, a range.
struct FieldNote {
    std::string path;
    Kind kind = Kind::Assumption;
    std::optional<double> low, high;                // both or neither
    std::optional<std::array<double, 5>> quantiles; // with low and high: P10..P90 inside them (InputRange)
};

// What is wrong with a given range of a field whose value is `value` ("" when it is right).
std::string checkRange(std::string_view path, double value, double low, double high);
// The same as an English template (engine/enginetext.h, context "commtax::Files": the GUI and the
// command line translate it with model/text/modeltext.h engineText()); an empty pattern when it is right.
EngineText checkRangeText(std::string_view path, double value, double low, double high);
// The default range of an input of value `value` and kind `kind`, clamped to its limits.
InputRange defaultRange(const InputInfo &info, double value, Kind kind);

// A plan with the ranges of its inputs.
struct PlanInputs {
    Plan plan;
    std::vector<InputRange> inputs; // one per uncertain input the plan sets (goodput "auto" has none)
};
// Every input of `plan`: kind and range from `notes` (by path), else an assumption with its default
// range. Given ranges are expected to pass checkRange(); one that does not falls back to the default.
PlanInputs planInputs(const Plan &plan, const std::vector<FieldNote> &notes);
// Every range collapsed to its value (P10 = P50 = P90 = the point estimate).
PlanInputs collapsed(const PlanInputs &in);

// The metrics given a P10-P90 range, by their id in the metric registry (engine/metrics.h), in the
// order of the range tables and CSV columns; Summary::metric holds them in this order.
using Metric = MetricId;
using commtax::metricKey;   // the JSON name, e.g. "cost_per_billion_tokens_usd"
using commtax::metricValue; // the value of a metric in a Result
inline constexpr Metric kMetrics[] = {Metric::StepTime, Metric::DaysToTrain, Metric::Tco,
                                      Metric::CostPerBillionTokens, Metric::CommTaxExposed, Metric::Mfu};
inline constexpr std::size_t kMetricCount = std::size(kMetrics);
// The place of `m` in kMetrics; kMetricCount for a metric without a range.
constexpr std::size_t rangeIndex(Metric m)
{
    std::size_t i = 0;
    while (i < kMetricCount && kMetrics[i] != m)
        ++i;
    return i;
}

struct Options {
    int samples = 2000;
    std::uint64_t seed = 1;
    int threads = 1; // 0: every core; the numbers do not depend on it
    // Set from another thread to stop a run early (a newer plan made it useless); the Summary
    // then says cancelled and holds no percentiles. Null: never cancelled.
    const std::atomic<bool> *cancel = nullptr;
    // Engine evaluations done so far, added to as the run goes, for a caller that shows progress
    // (the command line's report and evaluate with a large --samples). Null: not counted.
    std::atomic<std::int64_t> *progress = nullptr;
    // Keep every accepted sample's Result in Summary::results (the probability of meeting a limit,
    // search/buy.h); off by default, as it costs a Result per sample.
    bool keep_results = false;
};

struct Percentiles {
    double p10 = 0;
    double p50 = 0;
    double p90 = 0;
    double p25 = 0; // the quartiles, for the coverage of the engine's error (test_ranges)
    double p75 = 0;
};

struct Summary {
    int samples = 0;
    std::uint64_t seed = 0;
    int invalid = 0;        // samples the engine refused (left out of the percentiles; 0 for ranges within limits)
    bool cancelled = false; // Options::cancel was set before the run finished
    Result point;           // the plan at its values
    // In the order of kMetrics; of() finds one by its id.
    Percentiles metric[kMetricCount];
    std::vector<Result> results; // with Options::keep_results: the samples the engine accepted
    const Percentiles &of(Metric m) const
    {
        assert(rangeIndex(m) < kMetricCount); // a metric of kMetrics
        return metric[rangeIndex(m)];
    }
};
// Latin hypercube Monte Carlo over the plan's inputs. The plan itself must be valid.
Summary monteCarlo(const PlanInputs &in, const Options &opt);

// One bar of a tornado: the metric with the input at its low and at its high end, the rest at
// their values.
struct TornadoBar {
    std::string input;
    Metric metric = Metric::CostPerBillionTokens;
    double input_low = 0;
    double input_high = 0;
    double low = 0;   // the metric with the input at input_low
    double high = 0;  // ... at input_high
    double swing = 0; // |high - low|
};
// The inputs that move the metric, largest swing first (ties by path).
std::vector<TornadoBar> tornado(const PlanInputs &in, Metric m);

// A comparison: the probability that each plan is the cheapest (USD per billion tokens) and the
// fastest (days to train), from shared samples. A plan that does not fit in memory never wins;
// ties split the win.
struct WinOdds {
    int samples = 0;
    std::vector<double> cheapest;
    std::vector<double> fastest;
};
WinOdds winOdds(const std::vector<PlanInputs> &plans, const Options &opt);

// The value of one input at which plan `plan` costs as much (USD per billion tokens) as plan
// `against`, the cheapest at the values, found by bisection over the field's limits (the cost is
// taken as monotone in the input there). A shared input moves in both plans.
struct BreakEven {
    int plan = 0;
    int against = 0;
    std::string input;
    int owner = 0;       // the plan whose input it is (either; both when shared)
    bool shared = false; // the same input in both plans
    double value = 0;    // the input's value
    double break_even = 0;
    bool plan_cheaper_above = false; // `plan` is the cheaper one for input values above break_even
    bool within_range = false;       // break_even lies inside the input's uncertainty range
};
std::vector<BreakEven> breakEvens(const std::vector<PlanInputs> &plans);

// Building blocks, for the tests.
struct SplitMix64 {
    std::uint64_t state;
    std::uint64_t next()
    {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    double uniform() { return double(next() >> 11) * 0x1.0p-53; } // [0, 1)
};
// N stratified draws in [0, 1) of the dimension `key`, one per stratum, in a shuffled order.
std::vector<double> latinColumn(std::uint64_t seed, std::string_view key, int n);
// The input's value at probability u (half the probability on each side of the value).
double quantile(const InputRange &r, double u);
// Linear interpolation between order statistics of sorted values (numpy's default, type 7).
double percentile(const std::vector<double> &sorted, double q);
// The same with weights: `sorted` holds (value, weight > 0) pairs in ascending value. Each value
// sits at the middle of its weight's share of the cumulative weight, those positions rescaled so
// that the first is 0 and the last 1, and q is interpolated linearly between them: with equal
// weights that is percentile() exactly.
double weightedPercentile(const std::vector<std::pair<double, double>> &sorted, double q);
// The q-quantile of the next draw from what `sorted` ((value, weight > 0) pairs in ascending value)
// sampled, the next draw weighing `next`: each value sits at the cumulative weight through it over
// the total plus `next`, and q is interpolated linearly between those positions (held at the first
// and the last value beyond them). With k equal weights and `next` one of them the i-th value sits at
// i / (k + 1), the position at which a next draw falls below it with probability i / (k + 1) (the
// order statistics of k + 1 exchangeable draws; Hyndman and Fan 1996, definition 6), so the range
// between the P10 and the P90 holds the next draw 80% of the time on average. percentile() and
// weightedPercentile() put the ends at 0 and 1 (definition 7) and describe the sample: between their
// P10 and P90 a next draw falls 0.8 (k - 1) / (k + 1) of the time on average, 65% for 10 draws.
double predictivePercentile(const std::vector<std::pair<double, double>> &sorted, double q, double next);

} // namespace commtax::uncertainty
