// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis.h"

#include "gpumove.h"
#include "uncertaintyio.h"

#include <QElapsedTimer>

#include <algorithm>
#include <cmath>

namespace commtax {

std::vector<HardwareOption> hardwareOptions(const PresetCatalog &catalog)
{
    std::vector<HardwareOption> out;
    for (const Preset &g : catalog.presets(Section::Gpu)) {
        if (!gpuInServer(catalog, g.id)->cluster)
            continue; // a GPU without a server to put it in has no comparison line
        out.push_back(HardwareOption{g.id, g.shortName(), *hardwareFor(catalog, g.id, ClusterSpec())});
    }
    return out;
}

std::vector<int> microBatchRange(int planMicroBatches, int pipelineDepth, int interleaving)
{
    // Every m up to 32, then eight steps per doubling (a log axis shows no more), up to at least
    // 64 and four times the plan's m; with interleaving only multiples of pp are valid plans.
    const int n = std::clamp(4 * planMicroBatches, 64, 4096);
    const int step = interleaving > 1 ? std::max(1, pipelineDepth) : 1;
    std::vector<int> out;
    const auto add = [&](double m) {
        const int v = (int(std::lround(m)) + step - 1) / step * step;
        if (v >= 1 && v <= n * 2)
            out.push_back(v);
    };
    for (int m = 1; m <= 32; ++m)
        add(m);
    for (double m = 32; m <= n * 1.0001; m *= std::pow(2.0, 1.0 / 8.0))
        add(m);
    add(planMicroBatches);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

namespace {
bool finite(double x, double y) { return std::isfinite(x) && std::isfinite(y); }

ChartCurve curveOf(const std::vector<SweepPoint> &points, double (*value)(const Result &))
{
    ChartCurve c;
    for (const SweepPoint &p : points) {
        if (!p.valid)
            continue;
        const double y = value(p.result);
        if (!finite(p.x, y))
            continue;
        if (p.result.fits_in_memory) {
            c.x.append(p.x);
            c.y.append(y);
        } else {
            c.noFitX.append(p.x);
            c.noFitY.append(y);
        }
    }
    return c;
}

double commTaxPercent(const Result &r) { return r.comm_tax_exposed * 100.0; }
double bubblePercent(const Result &r) { return r.bubble_share * 100.0; }

HardwareBar barOf(const SweepPoint &p)
{
    HardwareBar b;
    b.valid = p.valid && std::isfinite(p.result.cost_per_billion_tokens_usd) && std::isfinite(p.result.days_to_train);
    b.error = QString::fromStdString(p.error);
    b.problem = p.problem;
    if (b.valid) {
        b.fits = p.result.fits_in_memory;
        b.usdPerBillionTokens = p.result.cost_per_billion_tokens_usd;
        b.daysToTrain = p.result.days_to_train;
        b.memoryNeededGb = p.result.memory_total_gb;
        b.memoryUsableGb = p.result.memory_usable_gb;
    }
    return b;
}
} // namespace

uncertainty::PlanInputs analysisInputs(const AnalysisRequest &request)
{
    const Scenario &s = request.scenario;
    std::vector<uncertainty::FieldNote> notes;
    if (request.catalog)
        notes = scenarioNotes(s, *request.catalog);
    for (const uncertainty::FieldNote &given : request.givenRanges) {
        const auto it = std::find_if(notes.begin(), notes.end(), [&](const uncertainty::FieldNote &n) { return n.path == given.path; });
        if (it != notes.end())
            *it = given;
        else
            notes.push_back(given);
    }
    // A given range that no longer holds the (edited) value falls back to the default of its kind.
    return uncertainty::planInputs(s.plan, notes);
}

namespace {
QVector<SensitivityBar> barsOf(const std::vector<uncertainty::TornadoBar> &bars)
{
    QVector<SensitivityBar> out;
    out.reserve(qsizetype(bars.size()));
    for (const uncertainty::TornadoBar &b : bars) {
        if (!std::isfinite(b.low) || !std::isfinite(b.high))
            continue;
        out.append(SensitivityBar{QString::fromStdString(b.input), b.input_low, b.input_high, b.low, b.high, b.swing});
    }
    return out;
}
} // namespace

UncertaintyFigures analyseUncertainty(const AnalysisRequest &request, const std::atomic<bool> *cancel)
{
    QElapsedTimer clock;
    clock.start();
    UncertaintyFigures u;
    u.requestId = request.id;
    const auto stopped = [&] { return cancel && cancel->load(std::memory_order_relaxed); };
    if (request.uncertaintyOptions.samples <= 0 || !evaluate(request.scenario.plan).ok())
        return u;
    const uncertainty::PlanInputs in = analysisInputs(request);
    uncertainty::Options options = request.uncertaintyOptions;
    options.cancel = cancel;
    const uncertainty::Summary s = uncertainty::monteCarlo(in, options);
    if (s.cancelled || stopped()) {
        u.cancelled = true;
        return u;
    }
    u.samples = s.samples;
    u.seed = s.seed;
    u.invalid = s.invalid;
    for (std::size_t m = 0; m < uncertainty::kMetricCount; ++m)
        u.metric[m] = s.metric[m];
    u.costTornado = barsOf(uncertainty::tornado(in, uncertainty::Metric::CostPerBillionTokens));
    if (stopped()) {
        u.cancelled = true;
        return u;
    }
    u.daysTornado = barsOf(uncertainty::tornado(in, uncertainty::Metric::DaysToTrain));
    u.regime = request.catalog ? planEngineRegime(request.scenario, *request.catalog) : engineRegime(request.scenario.plan, engineAccuracyData());
    u.valid = true;
    u.elapsedMs = double(clock.nsecsElapsed()) / 1e6;
    return u;
}

namespace {

// The comm tax against GPU count, of the plan and on each GPU preset of the request. The plan's own
// count joins the powers of two so that the marked point lies on its line.
void addCommTaxCurves(const AnalysisRequest &request, Analysis &a)
{
    const Plan &plan = request.scenario.plan;
    std::vector<int> counts = defaultGpuCounts();
    if (std::find(counts.begin(), counts.end(), a.result.gpus) == counts.end()) {
        counts.push_back(a.result.gpus);
        std::sort(counts.begin(), counts.end());
    }
    ChartCurve own = curveOf(sweepGpuCount(plan, counts), commTaxPercent);
    own.gpuId = QString::fromStdString(plan.gpu.id);
    own.isPlan = true;
    a.commTaxCurves.append(own);
    for (const HardwareOption &hw : request.hardware) {
        Plan other = plan;
        putOnHardware(other, hw.hardware); // the GPU count is the chart's axis
        ChartCurve c = curveOf(sweepGpuCount(other, defaultGpuCounts()), commTaxPercent);
        c.label = hw.label;
        c.gpuId = hw.gpuId;
        a.commTaxCurves.append(c);
    }
}

// The plan's cost and time, then the same plan on each GPU preset of the request.
void addHardwareBars(const AnalysisRequest &request, Analysis &a)
{
    const Plan &plan = request.scenario.plan;
    std::vector<Hardware> hw;
    hw.reserve(request.hardware.size());
    for (const HardwareOption &o : request.hardware)
        hw.push_back(o.hardware);
    const std::vector<SweepPoint> onHardware = sweepHardware(plan, hw);
    SweepPoint self;
    self.valid = true;
    self.result = a.result;
    HardwareBar planBar = barOf(self);
    planBar.gpuId = QString::fromStdString(plan.gpu.id);
    planBar.isPlan = true;
    a.hardware.append(planBar);
    for (size_t i = 0; i < onHardware.size(); ++i) {
        HardwareBar b = barOf(onHardware[i]);
        b.label = request.hardware[i].label;
        b.gpuId = request.hardware[i].gpuId;
        a.hardware.append(b);
    }
}

// The plan's memory under each ZeRO stage, 0 to 3.
QVector<MemoryBar> memoryBars(const Plan &plan)
{
    QVector<MemoryBar> bars;
    for (int stage = 0; stage <= 3; ++stage) {
        Plan z = plan;
        z.training.zero = stage;
        const Evaluation e = evaluate(z);
        MemoryBar m;
        m.label = QStringLiteral("ZeRO-%1").arg(stage);
        m.isPlan = stage == plan.training.zero;
        m.valid = e.ok() && std::isfinite(e.result.memory_total_gb);
        if (m.valid) {
            m.fits = e.result.fits_in_memory;
            m.weightsGb = e.result.memory_weights_gb;
            m.gradientsGb = e.result.memory_gradients_gb;
            m.optimizerGb = e.result.memory_optimizer_gb;
            m.activationsGb = e.result.memory_activations_gb;
        }
        bars.append(m);
    }
    return bars;
}

} // namespace

Analysis analyse(const AnalysisRequest &request)
{
    QElapsedTimer clock;
    clock.start();
    Analysis a;
    a.requestId = request.id;
    a.scenario = request.scenario;
    a.catalog = request.catalog;
    const Plan &plan = request.scenario.plan;

    const std::vector<PlanError> errors = validate(plan);
    if (!errors.empty()) {
        for (const PlanError &e : errors)
            a.errors.append(FieldError{QString::fromStdString(e.field), QString::fromStdString(e.message), e.text});
        a.elapsedMs = double(clock.nsecsElapsed()) / 1e6;
        return a;
    }
    a.valid = true;
    a.result = evaluateValid(plan);
    for (const std::string &w : warningMessages(a.result, plan))
        a.warnings.append(QString::fromStdString(w));

    // 2. comm tax against GPU count
    addCommTaxCurves(request, a);

    // 3. bubble against micro-batches
    const std::vector<int> mbs = microBatchRange(a.result.micro_batches, plan.training.pp, plan.training.vpp);
    a.bubbleCurve = curveOf(sweepMicroBatches(plan, mbs), bubblePercent);
    a.bubbleCurve.isPlan = true;
    if (plan.training.vpp > 1) {
        Plan plain = plan;
        plain.training.vpp = 1;
        a.bubbleWithoutInterleaving = curveOf(sweepMicroBatches(plain, mbs), bubblePercent);
    }

    // 4. cost and time on each GPU preset
    addHardwareBars(request, a);

    // 5. memory under each ZeRO stage
    a.memory = memoryBars(request.scenario.plan);
    a.elapsedMs = double(clock.nsecsElapsed()) / 1e6;
    return a;
}

} // namespace commtax
