// SPDX-License-Identifier: GPL-3.0-or-later
// The parts under the main window, without a window: the settings facade, the document and its
// undo commands, the analysis the worker computes (checked against the engine called directly
// and against hand calculations), and the newest-wins engine runner.
#include "appsettings.h"
#include "charts/plancharts.h"
#include "core/analysis.h"
#include "editor/sectionpresets.h"
#include "enginerunner.h"
#include "plandocument.h"

#include "engine/engine.h"
#include "engine/sweep.h"

#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <cmath>

using namespace commtax;

namespace {
const FieldInfo &field(Section s, const char *key)
{
    const FieldInfo *f = findField(s, QLatin1String(key));
    Q_ASSERT(f);
    return *f;
}

bool allFinite(const ChartCurve &c)
{
    for (const QVector<double> *v : {&c.x, &c.y, &c.noFitX, &c.noFitY})
        for (double d : *v)
            if (!std::isfinite(d))
                return false;
    return c.x.size() == c.y.size() && c.noFitX.size() == c.noFitY.size();
}

AnalysisRequest requestFor(const Scenario &s)
{
    AnalysisRequest r;
    r.id = 1;
    r.scenario = s;
    r.hardware = hardwareOptions(PresetCatalog::builtIn());
    return r;
}
} // namespace

class TestGuiParts : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // ---- settings facade
    void settingsHaveDefaultsAndPersist()
    {
        QTemporaryDir dir;
        const QString ini = dir.filePath(QStringLiteral("settings.ini"));
        {
            AppSettings s(ini);
            QVERIFY(s.windowGeometry().isEmpty());
            QVERIFY(s.recentFiles().isEmpty());
            QVERIFY(s.lastFile().isEmpty());
            QVERIFY(s.reopenLastFile()); // default on
            s.setWindowGeometry(QByteArray("geometry-bytes"));
            s.setLastFile(dir.filePath(QStringLiteral("a.json")));
            s.setReopenLastFile(false);
            s.sync();
        }
        AppSettings again(ini);
        QCOMPARE(again.fileName(), ini);
        QCOMPARE(again.windowGeometry(), QByteArray("geometry-bytes"));
        QCOMPARE(again.lastFile(), dir.filePath(QStringLiteral("a.json")));
        QVERIFY(!again.reopenLastFile());
    }
    void recentFilesAreMostRecentFirstUniqueAndCapped()
    {
        QTemporaryDir dir;
        AppSettings s(dir.filePath(QStringLiteral("settings.ini")));
        for (int i = 0; i < AppSettings::kMaxRecentFiles + 3; ++i)
            s.addRecentFile(dir.filePath(QStringLiteral("f%1.json").arg(i)));
        s.addRecentFile(dir.filePath(QStringLiteral("f5.json"))); // again: moves to the top
        const QStringList list = s.recentFiles();
        QCOMPARE(list.size(), AppSettings::kMaxRecentFiles);
        QCOMPARE(list.first(), dir.filePath(QStringLiteral("f5.json")));
        QCOMPARE(list.count(dir.filePath(QStringLiteral("f5.json"))), 1);
        QVERIFY(!list.contains(dir.filePath(QStringLiteral("f0.json")))); // the oldest fell off
        s.removeRecentFile(dir.filePath(QStringLiteral("f5.json")));
        QVERIFY(!s.recentFiles().contains(dir.filePath(QStringLiteral("f5.json"))));
    }

    // ---- document: what triggers a replot
    void editEmitsWhenChangedAndNotWhenUnchanged()
    {
        PlanDocument doc;
        QSignalSpy changed(&doc, &PlanDocument::scenarioChanged);
        const FieldInfo &nodes = field(Section::Cluster, "nodes");
        QVERIFY(!doc.setField(nodes, QJsonValue(32))); // already 32
        QCOMPARE(changed.count(), 0);
        QCOMPARE(doc.undoStack()->count(), 0);
        QVERIFY(!doc.isModified());

        QVERIFY(doc.setField(nodes, QJsonValue(16)));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(doc.undoStack()->count(), 1);
        QVERIFY(doc.isModified());
        QCOMPARE(doc.scenario().plan.cluster.nodes, 16);
        QCOMPARE(doc.scenario().plan.training.dp, 4); // 128 GPUs / (tp 8 * pp 4)

        QVERIFY(!doc.setName(doc.scenario().name)); // same name: nothing
        QCOMPARE(changed.count(), 1);
        QVERIFY(!doc.applyPreset(Section::Model, doc.scenario().modelPreset)); // same preset, same values
        QCOMPARE(changed.count(), 1);

        doc.undoStack()->undo();
        QCOMPARE(changed.count(), 2);
        QCOMPARE(doc.scenario().plan.cluster.nodes, 32);
        QCOMPARE(doc.scenario().plan.training.dp, 8);
        QVERIFY(!doc.isModified());
        doc.undoStack()->redo();
        QCOMPARE(changed.count(), 3);
        QCOMPARE(doc.scenario().plan.cluster.nodes, 16);
    }
    void dpFollowsGpusOnlyWhenAsked()
    {
        PlanDocument doc;
        QVERIFY(doc.dpFollowsGpus());
        QVERIFY(doc.setField(field(Section::Training, "pp"), QJsonValue(8)));
        QCOMPARE(doc.scenario().plan.training.dp, 4); // 256 / (8 * 8)
        QVERIFY(doc.setDpFollowsGpus(false));
        QVERIFY(doc.setField(field(Section::Training, "pp"), QJsonValue(4)));
        QCOMPARE(doc.scenario().plan.training.dp, 4); // left alone: the plan is now invalid
        QVERIFY(!validate(doc.scenario().plan).empty());
        QVERIFY(doc.setDpFollowsGpus(true)); // turning it on derives again, as one undo step
        QCOMPARE(doc.scenario().plan.training.dp, 8);
        doc.undoStack()->undo();
        QVERIFY(!doc.dpFollowsGpus());
        QCOMPARE(doc.scenario().plan.training.dp, 4);
    }
    void dragSessionMergesIntoOneStep()
    {
        PlanDocument doc;
        const FieldInfo &overlap = field(Section::Training, "dp_overlap");
        const double before = doc.scenario().plan.training.dp_overlap;
        for (double v : {0.5, 0.4, 0.3})
            doc.setField(overlap, QJsonValue(v), /*mergeSession*/ 7);
        QCOMPARE(doc.undoStack()->count(), 1);
        QCOMPARE(doc.scenario().plan.training.dp_overlap, 0.3);
        doc.setField(overlap, QJsonValue(0.2), /*another drag*/ 8);
        QCOMPARE(doc.undoStack()->count(), 2);
        doc.setField(overlap, QJsonValue(0.1)); // not a drag: its own step
        QCOMPARE(doc.undoStack()->count(), 3);
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        QCOMPARE(doc.scenario().plan.training.dp_overlap, before);
        // a drag that comes back where it started leaves no step at all
        doc.setField(overlap, QJsonValue(0.5), 9);
        doc.setField(overlap, QJsonValue(before), 9);
        QCOMPARE(doc.undoStack()->index(), 0);
        QCOMPARE(doc.scenario().plan.training.dp_overlap, before);
    }
    void gpuPresetBringsItsClusterAndKeepsGpuCount()
    {
        PlanDocument doc;
        QVERIFY(doc.applyPreset(Section::Gpu, QStringLiteral("a100-sxm-80gb")));
        const Plan &p = doc.scenario().plan;
        QCOMPARE(doc.scenario().gpuPreset, QStringLiteral("a100-sxm-80gb"));
        QCOMPARE(doc.scenario().clusterPreset, QStringLiteral("dgx-a100"));
        QCOMPARE(p.gpu.bf16_dense_tflops, 312.0);
        QCOMPARE(p.cluster.nodes * p.cluster.gpus_per_node, 256);
        QCOMPARE(p.training.dp, 8);
        QVERIFY(validate(p).empty());
        QCOMPARE(doc.undoStack()->count(), 1); // GPU and cluster in one step
        doc.undoStack()->undo();
        QCOMPARE(doc.scenario().clusterPreset, QStringLiteral("dgx-h100"));
    }
    void partialPresetsMatchTheDefaultPlan()
    {
        const Plan plan = defaultScenario().plan;
        const std::optional<Preset> layout = matchingPartialPreset(Section::Training, plan);
        QVERIFY(layout);
        QCOMPARE(layout->id, QStringLiteral("megatron-3d"));
        const std::optional<Preset> economics = matchingPartialPreset(Section::Economics, plan);
        QVERIFY(economics);
        QCOMPARE(economics->id, QStringLiteral("buy-4y"));
        for (const QList<Preset> *list : {&trainingPresets(), &economicsPresets()})
            for (const Preset &p : *list)
                for (auto it = p.values.constBegin(); it != p.values.constEnd(); ++it) {
                    const FieldInfo *f = findField(p.section, it.key());
                    QVERIFY2(f, qPrintable(p.id + QLatin1Char('.') + it.key()));
                    QVERIFY2(checkFieldValue(*f, it.value()).isEmpty(), qPrintable(p.id + QLatin1Char('.') + it.key()));
                    QVERIFY(!p.provenance.value(it.key()).source.isEmpty());
                }
    }

    // ---- the analysis the charts draw
    void analysisMatchesTheEngine()
    {
        const Scenario s = defaultScenario();
        const Analysis a = analyse(requestFor(s));
        QVERIFY(a.valid);
        const Result direct = evaluate(s.plan).result;
        QCOMPARE(a.result.step_time_s, direct.step_time_s);
        QCOMPARE(a.warnings.size(), qsizetype(warningMessages(direct, s.plan).size()));

        // comm tax: the plan's line, then one per GPU preset, as sweepGpuCount gives them
        const std::vector<HardwareOption> hw = hardwareOptions(PresetCatalog::builtIn());
        QCOMPARE(a.commTaxCurves.size(), qsizetype(hw.size() + 1));
        QVERIFY(a.commTaxCurves.first().isPlan);
        for (qsizetype i = 1; i < a.commTaxCurves.size(); ++i) {
            const ChartCurve &c = a.commTaxCurves[i];
            QVERIFY(allFinite(c));
            Plan other = s.plan;
            other.gpu = hw[size_t(i - 1)].hardware.gpu;
            other.cluster = hw[size_t(i - 1)].hardware.cluster;
            other.training.compute_efficiency.reset();
            int fits = 0, noFit = 0;
            for (const SweepPoint &p : sweepGpuCount(other, defaultGpuCounts())) {
                if (!p.valid) {
                    QVERIFY2(!c.x.contains(p.x) && !c.noFitX.contains(p.x), "an invalid point is on the chart");
                    continue;
                }
                const QVector<double> &xs = p.result.fits_in_memory ? c.x : c.noFitX;
                const QVector<double> &ys = p.result.fits_in_memory ? c.y : c.noFitY;
                const qsizetype k = xs.indexOf(p.x);
                QVERIFY(k >= 0);
                QCOMPARE(ys[k], p.result.comm_tax_exposed * 100.0);
                (p.result.fits_in_memory ? fits : noFit)++;
            }
            QCOMPARE(c.x.size(), qsizetype(fits));
            QCOMPARE(c.noFitX.size(), qsizetype(noFit));
        }
        // tp*pp = 32: 8 and 16 GPUs cannot hold the layout and must not be drawn
        QVERIFY(!a.commTaxCurves.first().x.contains(8.0));
        QVERIFY(!a.commTaxCurves.first().x.contains(16.0));
        QVERIFY(a.commTaxCurves.first().x.contains(256.0));

        // hardware bars as `commtax sweep --hardware` computes them
        QCOMPARE(a.hardware.size(), qsizetype(hw.size() + 1));
        std::vector<Hardware> list;
        for (const HardwareOption &o : hw)
            list.push_back(o.hardware);
        const std::vector<SweepPoint> onHw = sweepHardware(s.plan, list);
        for (size_t i = 0; i < onHw.size(); ++i) {
            const HardwareBar &b = a.hardware[qsizetype(i + 1)];
            QCOMPARE(b.valid, onHw[i].valid);
            if (b.valid) {
                QCOMPARE(b.usdPerBillionTokens, onHw[i].result.cost_per_billion_tokens_usd);
                QCOMPARE(b.fits, onHw[i].result.fits_in_memory);
            }
        }
        // the sweep example of docs/cli.md: 4090 does not fit this plan, H100 does
        for (const HardwareBar &b : a.hardware) {
            if (b.gpuId == QLatin1String("rtx-4090"))
                QVERIFY(!b.fits);
            if (b.gpuId == QLatin1String("h100-sxm"))
                QVERIFY(b.fits);
        }
    }
    void bubbleCurveIsTheFormula()
    {
        // Narayanan et al. 2021: a pipeline of p stages with m micro-batches and v virtual stages
        // idles (p-1)/(v*m+p-1) of its time. By hand for p = 4, v = 1.
        Scenario s = defaultScenario();
        const Analysis a = analyse(requestFor(s));
        const ChartCurve &c = a.bubbleCurve;
        QVERIFY(allFinite(c));
        QVERIFY(a.bubbleWithoutInterleaving.x.isEmpty()); // vpp = 1: no second line
        const auto at = [&](double m) {
            const qsizetype k = c.x.indexOf(m);
            return k < 0 ? -1.0 : c.y[k];
        };
        QVERIFY(qAbs(at(1) - 100.0 * 3.0 / 4.0) < 1e-9);
        QVERIFY(qAbs(at(4) - 100.0 * 3.0 / 7.0) < 1e-9);
        QVERIFY(qAbs(at(32) - 100.0 * 3.0 / 35.0) < 1e-9);
        QCOMPARE(c.x.size() + c.noFitX.size(), qsizetype(microBatchRange(a.result.micro_batches, 4, 1).size()));
        QVERIFY(c.x.contains(double(a.result.micro_batches))); // the plan's point is on its line

        // interleaving: v = 2 halves the idle slots; only m that are multiples of pp are valid
        s.plan.training.vpp = 2;
        const Analysis b = analyse(requestFor(s));
        QVERIFY(b.valid);
        for (double m : b.bubbleCurve.x)
            QCOMPARE(std::fmod(m, 4.0), 0.0);
        const qsizetype k = b.bubbleCurve.x.indexOf(8);
        QVERIFY(k >= 0);
        QVERIFY(qAbs(b.bubbleCurve.y[k] - 100.0 * 3.0 / 19.0) < 1e-9);
        QVERIFY(!b.bubbleWithoutInterleaving.x.isEmpty());
    }
    // The analysis carries data, not words: the plan's own lines and bar have no name from the model
    // (the charts name them in the interface language), the GPUs' have their presets' short names.
    void analysisWritesNoWordsForPeople()
    {
        Scenario s = defaultScenario();
        s.plan.training.vpp = 2;
        const Analysis a = analyse(requestFor(s));
        QVERIFY(a.valid && !a.commTaxCurves.isEmpty() && !a.hardware.isEmpty());
        for (const ChartCurve &c : a.commTaxCurves)
            QVERIFY2(c.isPlan == c.label.isEmpty(), qPrintable(c.label));
        for (const HardwareBar &b : a.hardware)
            QVERIFY2(b.isPlan == b.label.isEmpty(), qPrintable(b.label));
        QVERIFY2(a.bubbleCurve.label.isEmpty(), qPrintable(a.bubbleCurve.label));
        QVERIFY(!a.bubbleWithoutInterleaving.x.isEmpty());
        QVERIFY2(a.bubbleWithoutInterleaving.label.isEmpty(), qPrintable(a.bubbleWithoutInterleaving.label));
    }
    void memoryBarsFollowZeroStages()
    {
        const Scenario s = defaultScenario();
        const Analysis a = analyse(requestFor(s));
        QCOMPARE(a.memory.size(), 4);
        // 70B over tp*pp = 32 GPUs: 2 B weights, 4 B gradients (fp32, Megatron's default with bf16),
        // 12 B optimizer per parameter (Rajbhandari et al. 2020), divided over dp = 8 as each ZeRO
        // stage says.
        // The fullest stage is the first: 20 of the 80 layers and the embedding (V*h), over tp = 8.
        const double shardGb = ((a.result.params - 2 * 32000.0 * 8192) / 4 + 32000.0 * 8192) / 8 / kBytesPerGB;
        const double dp = 8;
        QVERIFY(qAbs(a.memory[0].optimizerGb / (12 * shardGb) - 1) < 1e-9);
        QVERIFY(qAbs(a.memory[1].optimizerGb / (12 * shardGb / dp) - 1) < 1e-9);
        QVERIFY(qAbs(a.memory[2].gradientsGb / (4 * shardGb / dp) - 1) < 1e-9);
        // ZeRO-3 also holds a layer whole as it runs, the next one gathered ahead and the layer's BF16
        // gradient (docs/model.md §8): Llama 2 70B's layer, Q and O 2 x 8192^2, K and V 2 x 8192 x 1024
        // and the MLP 3 x 8192 x 28672, over tp = 8; the output projection, 32000 x 8192 / 8, is smaller.
        const double layerGb = (2 * 8192.0 * 8192 + 2 * 8192.0 * 1024 + 3 * 8192.0 * 28672) / 8 / kBytesPerGB;
        QVERIFY(qAbs(a.memory[3].weightsGb / (2 * shardGb / dp + 4 * layerGb) - 1) < 1e-9);
        QVERIFY(qAbs(a.memory[3].gradientsGb / (4 * shardGb / dp + 2 * layerGb) - 1) < 1e-9);
        QVERIFY(a.memory[1].isPlan && !a.memory[0].isPlan);
        QVERIFY(qAbs(a.memory[1].totalGb() / a.result.memory_total_gb - 1) < 1e-12);
    }
    void invalidPlanCarriesTheEngineErrors()
    {
        Scenario s = defaultScenario();
        s.plan.training.tp = 3;
        const Analysis a = analyse(requestFor(s));
        QVERIFY(!a.valid);
        const std::vector<PlanError> errors = validate(s.plan);
        QCOMPARE(a.errors.size(), qsizetype(errors.size()));
        QCOMPARE(a.errors.first().path, QString::fromStdString(errors.front().field));
        QCOMPARE(a.errors.first().message, QString::fromStdString(errors.front().message));
        QVERIFY(a.commTaxCurves.isEmpty());
    }

    // ---- a chart: what triggers its replot
    void chartRedrawsWhenChangedAndNotWhenUnchanged()
    {
        BubbleChart chart;
        chart.resize(400, 300);
        QSignalSpy replots(&chart, &QCustomPlot::afterReplot);
        QSignalSpy redrawn(&chart, &ChartView::redrawn);
        Analysis a = analyse(requestFor(defaultScenario()));
        a.requestId = 7;
        chart.showAnalysis(a);
        QTRY_COMPARE(redrawn.count(), 1);
        QCOMPARE(redrawn.first().first().toULongLong(), quint64(7));
        const int afterShow = int(replots.count());
        QVERIFY(afterShow >= 1);

        // the same figures again (a newer request that changes nothing the chart shows): no
        // replot, and "redrawn" all the same
        a.requestId = 8;
        chart.showAnalysis(a);
        QTRY_COMPARE(redrawn.count(), 2);
        QCOMPARE(redrawn.last().first().toULongLong(), quint64(8));
        QCOMPARE(int(replots.count()), afterShow);

        chart.setStale(false); // already fresh: nothing to draw
        Analysis invalid = analyse(requestFor(defaultScenario()));
        invalid.valid = false;
        chart.showAnalysis(invalid); // an invalid plan never reaches a chart
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        QCOMPARE(int(replots.count()), afterShow);
        QCOMPARE(redrawn.count(), 2);

        chart.setStale(true); // changed: one replot, no new "redrawn" (same data)
        QTRY_COMPARE(int(replots.count()), afterShow + 1);
        chart.setStale(true);
        QCoreApplication::processEvents();
        QCOMPARE(int(replots.count()), afterShow + 1);
        QCOMPARE(redrawn.count(), 2);
        QVERIFY(chart.isStale());
    }

    // Defect found in review: a total just under the usable or the capacity line had its label
    // crossed out by the line; the label stands above the line then, and the others on their bars.
    void memoryLabelsAreNotCrossedByCapacityLines()
    {
        MemoryChart chart;
        chart.resize(420, 340);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        Analysis a = analyse(requestFor(defaultScenario()));
        QVERIFY(a.valid && a.memory.size() == 4);
        const double usable = a.result.memory_usable_gb, capacity = a.result.memory_capacity_gb;
        QVERIFY(usable < capacity);
        const double totals[] = {usable - 0.5, capacity - 1.0, 40.0, usable + 0.5};
        for (int i = 0; i < 4; ++i) {
            MemoryBar &m = a.memory[i];
            m.valid = true;
            m.weightsGb = totals[i];
            m.gradientsGb = m.optimizerGb = m.activationsGb = 0;
            m.fits = totals[i] <= usable;
        }
        QSignalSpy redrawn(&chart, &ChartView::redrawn);
        a.requestId = 3;
        chart.showAnalysis(a);
        QTRY_COMPARE(redrawn.count(), 1);
        chart.replot(); // with the laid-out plot
        const double lines[] = {chart.yAxis->coordToPixel(usable), chart.yAxis->coordToPixel(capacity)};
        int labels = 0;
        for (int i = 0; i < chart.itemCount(); ++i) {
            auto *label = qobject_cast<QCPItemText *>(chart.item(i));
            if (!label || !label->visible() || !label->text().contains(QStringLiteral(" GB")))
                continue;
            ++labels;
            const double top = label->topLeft->pixelPosition().y(), bottom = label->bottomRight->pixelPosition().y();
            for (double y : lines)
                QVERIFY2(!(y > top && y < bottom), qPrintable(QStringLiteral("\"%1\" (%2-%3 px) crossed at %4 px").arg(label->text()).arg(top).arg(bottom).arg(y)));
            QVERIFY2(top >= chart.axisRect()->top(), qPrintable(label->text())); // inside the plot
        }
        QCOMPARE(labels, 4);
        QDir().mkpath(QStringLiteral(COMMTAX_BUILD_DIR "/screenshots"));
        QVERIFY(chart.grab().save(QStringLiteral(COMMTAX_BUILD_DIR "/screenshots/chart_memory-near-capacity.png")));
    }

    // ---- the runner
    void newestRequestWinsAndStaleResultsAreDropped()
    {
        EngineRunner runner;
        QSignalSpy ready(&runner, &EngineRunner::analysisReady);
        const std::vector<HardwareOption> hw = hardwareOptions(PresetCatalog::builtIn());
        Scenario s = defaultScenario();
        quint64 last = 0;
        for (int nodes : {4, 8, 16, 32, 64}) {
            s.plan.cluster.nodes = nodes;
            deriveDataParallel(s.plan);
            last = runner.request(s, hw);
        }
        QCOMPARE(last, quint64(5));
        QTRY_COMPARE(ready.count(), 1);
        QTRY_VERIFY(!runner.isBusy());
        QCOMPARE(ready.count(), 1); // nothing older arrives after the newest
        const Analysis a = ready.first().first().value<Analysis>();
        QCOMPARE(a.requestId, last);
        QCOMPARE(a.scenario.plan.cluster.nodes, 64);
        QCOMPARE(runner.droppedCount(), 4); // the first ran and was dropped, three were replaced
    }
};

QTEST_MAIN(TestGuiParts)
#include "test_gui_parts.moc"
