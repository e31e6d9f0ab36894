// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the window shows for one plan, computed off the GUI thread in one go: the evaluation, its
// warnings, and the data of every chart. A plain value: it travels from the worker to the GUI
// thread by copy and holds no pointer into anything.

#include "core/engineaccuracy.h"
#include "core/presets.h"
#include "core/scenario.h"
#include "engine/sweep.h"
#include "uncertainty/uncertainty.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QVector>

#include <atomic>
#include <memory>

namespace commtax {

// A GPU preset on its default cluster: one line of the comparisons (as `commtax sweep --hardware`).
struct HardwareOption {
    QString gpuId;
    QString label; // short, for chart ticks: "H100 SXM5"
    Hardware hardware;
};
std::vector<HardwareOption> hardwareOptions(const PresetCatalog &catalog);

struct FieldError {
    QString path;    // "training.tp", as FieldInfo::path()
    QString message; // the engine's words, in English
    EngineText text; // the same as a template (engine/enginetext.h); empty pattern: `message` only
};

// One line on a chart. Points of plans that do not fit in memory are kept apart (noFit*) so that
// they are drawn as such; invalid points and non-finite values are never in either list. The model
// writes no words for people here: a GPU's line has its short name (a preset's, as data), the plan's
// own lines none; the chart names those in the interface language from `isPlan` and the plan.
struct ChartCurve {
    QString label;       // a GPU preset's short name ("H100 SXM5"); empty for the plan's own lines
    QString gpuId;       // for the hardware curves
    bool isPlan = false; // the current plan's own hardware and layout
    QVector<double> x, y;
    QVector<double> noFitX, noFitY;
};

struct HardwareBar {
    QString label; // the GPU preset's short name; empty for the plan's own bar (isPlan), which the chart names
    QString gpuId;
    bool isPlan = false;
    bool valid = false;
    bool fits = false;
    double usdPerBillionTokens = 0;
    double daysToTrain = 0;
    double memoryNeededGb = 0;
    double memoryUsableGb = 0;
    QString error;     // why it could not be evaluated ("field: message", English)
    PlanError problem; // the same with its template, for the interface language (model/text/modeltext.h)
};

struct MemoryBar {
    QString label; // "ZeRO-1"
    bool isPlan = false;
    bool valid = false;
    bool fits = false;
    double weightsGb = 0, gradientsGb = 0, optimizerGb = 0, activationsGb = 0;
    double totalGb() const { return weightsGb + gradientsGb + optimizerGb + activationsGb; }
};

// One bar of the sensitivity (tornado) chart: the metric with one input at the low and at the
// high end of its range, the others at their values (uncertainty::tornado()).
struct SensitivityBar {
    QString input; // JSON path, "gpu.compute_efficiency"
    double inputLow = 0, inputHigh = 0;
    double low = 0, high = 0; // the metric with the input at inputLow, at inputHigh
    double swing = 0;         // |high - low|
};

// P10/P50/P90 of the key figures and the tornados of the plan (docs/handbook.md, "Uncertainty and
// sensitivity"), from the same Latin hypercube as `commtax evaluate --uncertainty`.
struct UncertaintyFigures {
    quint64 requestId = 0;  // the AnalysisRequest's id: the plan they belong to
    bool valid = false;     // computed (the plan was valid and the run not cancelled)
    bool cancelled = false; // the run was stopped for a newer plan
    double elapsedMs = 0;
    int samples = 0;
    quint64 seed = 0;
    int invalid = 0; // samples the engine refused
    uncertainty::Percentiles metric[uncertainty::kMetricCount];
    const uncertainty::Percentiles &of(uncertainty::Metric m) const { return metric[uncertainty::rangeIndex(m)]; }
    QVector<SensitivityBar> costTornado; // USD per billion tokens, largest swing first
    QVector<SensitivityBar> daysTornado; // days to train, largest swing first
    EngineRegime regime;                 // the published runs like the plan whose error the ranges hold
};

struct AnalysisRequest {
    quint64 id = 0;
    Scenario scenario;
    std::vector<HardwareOption> hardware;
    // For the uncertainty: the catalog the plan's presets come from (their provenance sets the
    // default ranges; none: every input an assumption), the ranges a scenario file gave (they
    // replace the defaults of their fields while the value stays inside them), and the sampling.
    std::shared_ptr<const PresetCatalog> catalog;
    std::vector<uncertainty::FieldNote> givenRanges;
    uncertainty::Options uncertaintyOptions; // 0 samples: no uncertainty figures
};

struct Analysis {
    quint64 requestId = 0;
    Scenario scenario;
    std::shared_ptr<const PresetCatalog> catalog; // the request's (may be none): how charts name its presets
    bool valid = false;
    QList<FieldError> errors; // when !valid
    Result result;
    QStringList warnings; // warningMessages(), in words
    double elapsedMs = 0; // time the worker spent

    // 2. comm tax (exposed, %) against GPU count: the plan, then each GPU preset
    QVector<ChartCurve> commTaxCurves;
    // 3. bubble share (%) against micro-batches per pipeline: the plan's pp and vpp, and the
    //    same depth without interleaving when vpp > 1 (empty otherwise); named by the chart from them
    ChartCurve bubbleCurve;
    ChartCurve bubbleWithoutInterleaving;
    // 4. the plan, then the plan on each GPU preset
    QVector<HardwareBar> hardware;
    // 5. memory per GPU under each ZeRO stage, the plan's stage marked
    QVector<MemoryBar> memory;
    // 6. ranges of the key figures and the sensitivity tornado: not computed by analyse() but by
    // analyseUncertainty(), after it, and set here by whoever holds both (the main window).
    UncertaintyFigures uncertainty;
};

// The ranges and tornados of a request's plan (its uncertaintyOptions; 0 samples or an invalid
// plan: not valid). Seconds rather than milliseconds, so a second step after analyse(): the
// point figures are shown first. Stops early, cancelled and not valid, once *cancel is set.
UncertaintyFigures analyseUncertainty(const AnalysisRequest &request, const std::atomic<bool> *cancel = nullptr);

// The plan's inputs with their ranges, as analyseUncertainty() samples them: kinds from the catalog's
// provenance (scenarioNotes()), ranges a file gave in place of the defaults.
uncertainty::PlanInputs analysisInputs(const AnalysisRequest &request);

// Micro-batch counts of the bubble chart: 1..32, then log-spaced up to n, n at least 64 and
// 4 times the plan's m, the plan's m included; multiples of pp only when interleaving (vpp > 1).
std::vector<int> microBatchRange(int planMicroBatches, int pipelineDepth, int interleaving);

// Runs the engine and every sweep. Pure: no Qt GUI, safe on any thread.
Analysis analyse(const AnalysisRequest &request);

} // namespace commtax
