// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The engine's accuracy on published training runs (docs/accuracy.md, docs/model.md §3).
//
// The rules of the fit:
//  1. A row says only what its source publishes. Every setting it does not state takes the engine's
//     default, the value a user gets (the default scenario's training fields; a parallel degree that
//     is not published is 1 and data parallelism takes the GPUs left; an unpublished global batch is
//     the default 1,024 sequences rounded up to whole micro-batches on every data-parallel rank).
//     The attention kernel is the one the run's year had: no FlashAttention before 2023 unless the
//     row says so.
//     Where a source says a tunable was tuned but not to what, the row lists it in "tuned" and
//     resolveTuned() sets it by code, the same for every row: the layout search's best value for
//     that tunable with everything published held fixed.
//  2. Cross-validation is the headline: the constants are fitted on every source but one, and that
//     source is predicted (leave one source out, LOSO), for every source.
//  3. The fitted constants are each GPU's GEMM efficiencies (BF16 and FP8) and its attention kernel's
//     efficiency. A GPU with no row in the fold keeps its preset's ratio to the H100 (the presets'
//     own rule for assumed GPUs).
//
// QtCore (the JSON reader and the preset catalog) and the search (for tuned settings).

#include "core/engineaccuracy.h" // gpuFamily()
#include "core/presets.h"
#include "engine/plan.h"
#include "engine/result.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace commtax::accuracy {

enum class Metric { StepTime,           // step_time_s
                    TokensPerSecPerGpu, // tokens_per_s_per_gpu
                    TflopsPerGpu,       // tflops_per_gpu (model FLOPs)
                    Mfu,                // mfu: model FLOPs over the source's stated peak
                    GpuHours };         // gpu_hours

// The groups the errors are reported by (and the regimes of the engine's error, docs/accuracy.md).
enum class GroupKind { All,
                       GpuFamily,
                       Framework,
                       Architecture, // dense, moe
                       Sharding,     // fsdp (ZeRO-3), other
                       Context,      // cp, no-cp
                       Precision,    // fp8, bf16
                       Scale };      // 1 node, up to 1k GPUs, beyond

struct Run {
    QString id;
    QString source;    // the citation
    QString source_id; // the independent source (one paper, one table release): the LOSO fold
    QString framework; // as the row names it (megatron-lm, nemo, torchtitan...)
    int year = 0;
    QString note;
    QString excluded;               // non-empty: reported, not counted (a contradiction; the row says why)
    QString contradicts;            // another row this one contradicts, and why
    QStringList tuned;              // settings the source tuned without publishing
    std::vector<int> tuned_batches; // the micro-batches the source says it tried ("tuned_micro_batches"); empty: any
    QStringList published_training; // the training keys the row states
    Plan plan;                      // presets + published settings + defaults (+ tuned, once resolved)
    Metric metric = Metric::StepTime;
    double published = 0;
    bool causal = false;                       // the source counts the causal half of the attention scores
    bool hardware_flops = false;               // the source counts the recompute passes too (hardware FLOPs)
    double mfu_peak_tflops = 0;                // Metric::Mfu: the peak the source divides by (0: the GPU's)
    std::optional<double> published_memory_gb; // peak per GPU, GB of 2^30 bytes (engine.h kBytesPerGB)
    double assert_within = 0;                  // > 0: the relative error the fidelity test asserts in sample
};

struct LoadResult {
    std::vector<Run> runs;
    QStringList errors; // "id: what is wrong"
};

// Read tests/fixtures/published-runs.json (format "commtax-published-runs").
LoadResult loadRuns(const QString &path, const PresetCatalog &catalog);
LoadResult loadRunsJson(const QByteArray &json, const PresetCatalog &catalog);

// Set every run's "tuned" settings to the layout search's best (rule 1); problems as "id: why".
QStringList resolveTuned(std::vector<Run> &runs);

// The engine's figure for the run's metric.
double predictedFigure(const Run &run, const Result &r);

// The group a run belongs to for a kind ("h100", "megatron", "moe", ...).
QString groupOf(const Run &run, GroupKind kind);
QString groupKindKey(GroupKind kind); // "gpu", "framework", ...
inline constexpr GroupKind kGroupKinds[] = {GroupKind::All, GroupKind::GpuFamily, GroupKind::Framework,
                                            GroupKind::Architecture, GroupKind::Sharding, GroupKind::Context,
                                            GroupKind::Precision, GroupKind::Scale};
QString frameworkFamily(const QString &framework);

// The fitted constants: per GPU preset id, the BF16 and FP8 GEMM efficiencies and the attention
// kernel's.
struct GpuConstants {
    QString gpu;
    QString family; // gpuFamily(gpu): the GPUs that share an attention figure
    double compute_efficiency = 0;
    double fp8_efficiency = 0;
    double attention_efficiency = 0;
    int rows = 0;                  // rows of the fold on this GPU
    int all_rows = 0;              // counted rows of every source on this GPU (the same in every fold)
    bool attention_fitted = false; // the attention figure fitted on its family's rows of the fold
};
struct Constants {
    std::vector<GpuConstants> gpus;
    const GpuConstants *find(const QString &gpu) const;
};
// The constants as the presets have them, for every GPU the runs use.
Constants presetConstants(const std::vector<Run> &runs, const PresetCatalog &catalog);
// Fit the constants on the runs whose index is in `fold` (a coordinate search on the mean absolute
// relative error, bounded to [0.2, 0.95]): the GEMM figures per GPU, the attention kernel's per GPU
// family on the rows where it weighs; GPUs without enough rows keep their preset ratio to H100.
Constants fitConstants(const std::vector<Run> &runs, const std::vector<int> &fold, const Constants &start);
// The run's plan with the constants applied.
Plan withConstants(const Run &run, const Constants &c);

struct Prediction {
    double in_sample = 0;       // predicted figure with the constants fitted on every counted run
    double loso = 0;            // predicted figure with the constants fitted without the run's source
    double in_sample_error = 0; // (predicted - published) / published
    double loso_error = 0;
    bool evaluated = false; // false: the engine refused the plan (error says why)
    QString error;
    bool fits = false;               // the engine says the plan fits in memory (LOSO constants)
    double memory_gb = 0;            // the engine's memory per GPU
    double step_time_s = 0;          // the LOSO step time (for the ranges of docs/accuracy.md)
    Plan plan;                       // the run's plan with the LOSO constants
    double tokens_per_s_per_gpu = 0; // the LOSO throughput: the axis every metric maps to
};

struct GroupStats {
    GroupKind kind = GroupKind::All;
    QString group;
    int rows = 0;
    double mape = 0, max = 0, signed_mean = 0; // + = the engine is faster than published
    double median = 0;                         // the median absolute error: what a typical row misses by
    double in_mape = 0, in_max = 0, in_signed_mean = 0;
    int flagged = 0; // rows the engine says do not fit
};

struct Report {
    std::vector<Prediction> predictions; // one per run, in the runs' order
    Constants fitted;                    // on every counted run
    std::vector<GroupStats> groups;      // every kind, every group
    int sources = 0;
    int counted = 0;
    QString problems;
};

// Fit on everything (in sample) and leave one source out for every source.
Report crossValidate(const std::vector<Run> &runs, const Constants &start);

// How often the published step time falls inside the engine's range (docs/accuracy.md, "The
// engine's error in every range"): each counted run's plan with its LOSO constants, sampled as the
// app samples a plan (scenarioNotes: its presets' kinds and the engine's error), with the regime's
// error taken without the run's own source.
struct Coverage {
    int rows = 0;
    int in80 = 0; // inside P10-P90
    int in50 = 0; // inside P25-P75
    double share80() const { return rows ? double(in80) / rows : 0; }
    double share50() const { return rows ? double(in50) / rows : 0; }
};
struct RangeCoverage {
    Coverage all;
    std::vector<std::pair<QString, Coverage>> groups; // "gpu:h100", ... (every kind but All)
    double medianWidth = 0;                           // median of (P90 - P10) / P50 of the step time
};
RangeCoverage rangeCoverage(const std::vector<Run> &runs, const Report &rep, const PresetCatalog &catalog, const EngineAccuracyData &data,
                            int samples);
// The factor published / engine step time of a run's LOSO prediction (what engine-accuracy.json keeps).
double timeFactor(const Run &run, const Prediction &p);
// The engine's memory per GPU against the peak a run's source prints (docs/accuracy.md): within 10%
// or not; a peak above the GPU's capacity cannot be one GPU's and is not counted.
enum class MemoryMatch { NotPrinted,
                         MoreThanTheGpuHolds,
                         Within,
                         Outside };
MemoryMatch memoryMatch(const Run &run, double engineGb);

// Signed error "engine faster" positive: for a time metric (step time, GPU-hours) the engine is
// faster when its figure is smaller.
double fasterSign(Metric m);
// The metric's name in tests/fixtures/published-runs.json ("step_time_s", "tflops_per_gpu", ...).
QString metricKey(Metric m);

} // namespace commtax::accuracy
