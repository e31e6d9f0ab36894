// SPDX-License-Identifier: GPL-3.0-or-later
// The step timeline (model/core/steptimeline.h, docs/model.md §20): one step of one pipeline rank
// adds up to the engine's step time, its exposed communication to the engine's exposed terms, its
// lanes never overlap themselves, its passes come in 1F1B order, and a step of many micro-batches
// stays a few hundred segments once condensed.
#include "core/steptimeline.h"
#include "engine/engine.h"

#include "planfixtures.h"
#include "testsupport.h"

#include <QElapsedTimer>
#include <QTest>

#include <map>

using namespace commtax;
using namespace commtax::test;
using namespace commtax::timeline;

namespace {

Plan scenarioPlan(const char *file)
{
    Scenario s;
    QList<LoadError> errors;
    const QString path = QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/") + QLatin1String(file);
    if (!loadScenarioFile(path, PresetCatalog::builtIn(), s, errors))
        qFatal("cannot load %s", qPrintable(path));
    return s.plan;
}

// The plans of the cases: dense and MoE, pp = 1, pp > 1, interleaved, each ZeRO stage, full
// recompute, tensor parallelism without sequence parallelism.
Plan casePlan(const QString &name)
{
    Plan p = scenarioPlan("llama2-70b-h100.json"); // tp8 pp4 dp8, ZeRO-1, 128 micro-batches
    TrainingSpec &t = p.training;
    if (name == QLatin1String("moe")) {
        p = scenarioPlan("mixtral-8x22b-moe-h100.json"); // tp2 cp2 pp4 ep8, full recompute
    } else if (name == QLatin1String("pp1")) {
        p = scenarioPlan("llama2-13b-a100.json");
        p.training.pp = 1;
        p.training.vpp = 1;
        p.training.dp = p.cluster.nodes * p.cluster.gpus_per_node / (p.training.tp * p.training.cp);
        p.training.global_batch = p.training.dp * p.training.micro_batch * 16;
    } else if (name == QLatin1String("vpp")) {
        t.vpp = 5;
        t.global_batch = 8 * 16; // 16 micro-batches: 160 passes, each drawn
    } else if (name == QLatin1String("zero0")) {
        t.zero = 0;
    } else if (name == QLatin1String("zero3")) {
        t.zero = 3;
    } else if (name == QLatin1String("full-recompute-no-sp")) {
        t.recompute = Recompute::Full;
        t.sequence_parallel = false;
        t.tp_overlap = 0.5;
    } else if (name == QLatin1String("few-micro-batches")) {
        t.global_batch = 16; // 2 micro-batches on 4 stages
    } else if (name == QLatin1String("engine-error")) {
        p.step_time_error = 1.17;
    }
    return p;
}

double exposedOf(const Result &r)
{
    return r.tp_comm_exposed_s + r.cp_comm_exposed_s + r.ep_comm_exposed_s + r.pp_comm_exposed_s + r.dp_comm_exposed_s;
}

double kindTime(const StepTimeline &t, Kind kind)
{
    double sum = 0;
    for (const Segment &s : t.segments)
        if (s.kind == kind)
            sum += s.duration();
    return sum;
}

// Each lane's segments in time order, none starting before the one before it ends.
bool lanesDisjoint(const StepTimeline &t, QString *why)
{
    double end[kLanes] = {0, 0, 0, 0};
    for (const Segment &s : t.segments) {
        const int lane = int(s.lane);
        if (!(s.start_s >= 0) || !(s.end_s > s.start_s) || s.end_s > t.step_time_s * (1 + 1e-12)) {
            *why = QStringLiteral("segment [%1, %2] outside the step").arg(s.start_s).arg(s.end_s);
            return false;
        }
        if (s.start_s < end[lane] - 1e-12 * t.step_time_s) {
            *why = QStringLiteral("lane %1: a segment at %2 starts before %3").arg(lane).arg(s.start_s).arg(end[lane]);
            return false;
        }
        end[lane] = s.end_s;
    }
    return true;
}

} // namespace

class TestStepTimeline : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void addsUpToTheEngine_data()
    {
        QTest::addColumn<QString>("name");
        for (const char *n : {"dense", "moe", "pp1", "vpp", "zero0", "zero3", "full-recompute-no-sp",
                              "few-micro-batches", "engine-error"})
            QTest::newRow(n) << QString::fromLatin1(n);
    }
    // Totals: the step, the exposed communication, the compute, the bubble and the optimizer.
    void addsUpToTheEngine()
    {
        QFETCH(QString, name);
        const Plan plan = casePlan(name);
        const Evaluation e = evaluate(plan);
        QVERIFY2(e.ok(), e.ok() ? "" : e.errors.front().message.c_str());
        const Result &r = e.result;
        const StepTimeline t = stepTimeline(plan, r);
        QVERIFY(!t.segments.empty());
        qInfo("%d micro-batches, %d segments", r.micro_batches, int(t.segments.size()));
        QVERIFY_NEAR(t.step_time_s, r.step_time_s, 1e-9);
        // The engine's parts add up to its step time times its own error; so do the segments.
        const double scale = plan.step_time_error;
        QVERIFY_NEAR(exposedCommTime(t), exposedOf(r) * scale, 1e-9);
        QVERIFY_NEAR(kindTime(t, Kind::Forward) + kindTime(t, Kind::Backward) + kindTime(t, Kind::Recompute),
                     (r.compute_time_s + r.overlap_slowdown_s) * scale, 1e-9);
        if (r.bubble_time_s > 0)
            QVERIFY_NEAR(kindTime(t, Kind::Idle), r.bubble_time_s * scale, 1e-9);
        else
            QCOMPARE(kindTime(t, Kind::Idle), 0.0);
        QVERIFY_NEAR(kindTime(t, Kind::Optimizer), r.optimizer_time_s * scale, 1e-9);
        // Hidden communication is drawn under compute, never beyond the step.
        QString why;
        QVERIFY2(lanesDisjoint(t, &why), qPrintable(why));
        QCOMPARE(t.stage, r.pacing_stage);
        if (plan.training.recompute == Recompute::Full)
            QVERIFY(kindTime(t, Kind::Recompute) > 0);
        if (plan.model.moe())
            QVERIFY(kindTime(t, Kind::AllToAll) > 0);
    }

    // 1F1B on the first rank: min(pp, m) forwards lead (interleaved: the warm-up of chunk passes),
    // every pass of every micro-batch and chunk appears once each way, a micro-batch's backward
    // of a chunk comes after its forward, and the step ends with a backward, the sync and the
    // optimizer.
    void passesInOneForwardOneBackwardOrder_data()
    {
        QTest::addColumn<QString>("name");
        for (const char *n : {"dense", "moe", "pp1", "vpp", "few-micro-batches"})
            QTest::newRow(n) << QString::fromLatin1(n);
    }
    void passesInOneForwardOneBackwardOrder()
    {
        QFETCH(QString, name);
        const Plan plan = casePlan(name);
        const Result r = evaluate(plan).result;
        const StepTimeline t = stepTimeline(plan, r);
        QVERIFY(!t.condensed);
        const int p = plan.training.pp, v = plan.training.vpp, m = r.micro_batches;
        QList<const Segment *> passes;
        for (const Segment &s : t.segments)
            if (s.lane == Lane::Compute && (s.kind == Kind::Forward || s.kind == Kind::Backward))
                passes << &s;
        QCOMPARE(passes.size(), 2 * m * v);
        const int warmup = v == 1 ? std::min(p, m) : std::min(m * v, 2 * (p - 1) + (v - 1) * p + 1);
        for (int i = 0; i < int(passes.size()); ++i) {
            const bool steadyForward = i >= warmup && (i - warmup) % 2 == 1 && i < 2 * m * v - warmup;
            QCOMPARE(passes[i]->kind == Kind::Forward, i < warmup || steadyForward);
        }
        std::map<std::pair<int, int>, double> forwardEnd;
        for (const Segment *s : passes) {
            QCOMPARE(s->count, std::int64_t(1));
            QVERIFY(s->micro_batch >= 0 && s->micro_batch < m && s->chunk >= 0 && s->chunk < v);
            const auto key = std::make_pair(s->micro_batch, s->chunk);
            if (s->kind == Kind::Forward) {
                QVERIFY(!forwardEnd.count(key));
                forwardEnd[key] = s->end_s;
            } else {
                QVERIFY2(forwardEnd.count(key) && forwardEnd[key] <= s->start_s,
                         qPrintable(QStringLiteral("backward of micro-batch %1 chunk %2 before its forward")
                                        .arg(s->micro_batch)
                                        .arg(s->chunk)));
            }
        }
        QCOMPARE(int(forwardEnd.size()), m * v);
        QCOMPARE(passes.front()->micro_batch, 0);
        QCOMPARE(passes.back()->kind, Kind::Backward);
        QCOMPARE(passes.back()->micro_batch, m - 1);
        // With pp > 1 the first backward (its recompute first, under full recompute) waits for the
        // other stages: idle just before it.
        if (p > 1) {
            const Segment *firstBackward = nullptr;
            for (const Segment &s : t.segments)
                if (!firstBackward && (s.kind == Kind::Backward || s.kind == Kind::Recompute))
                    firstBackward = &s;
            QVERIFY(firstBackward && firstBackward->start_s >= passes[warmup - 1]->end_s);
            bool idleBefore = false;
            for (const Segment &s : t.segments)
                idleBefore |= s.kind == Kind::Idle && std::abs(s.end_s - firstBackward->start_s) < 1e-12;
            QVERIFY(idleBefore);
        }
    }

    // A hundred thousand micro-batches: a few hundred segments, in milliseconds, the totals kept.
    void manyMicroBatchesStayBounded()
    {
        Plan plan = casePlan(QStringLiteral("dense"));
        plan.training.global_batch = 8 * 100000;
        const Evaluation e = evaluate(plan);
        QVERIFY(e.ok());
        QCOMPARE(e.result.micro_batches, 100000);
        QElapsedTimer timer;
        timer.start();
        const StepTimeline t = stepTimeline(plan, e.result);
        const qint64 ns = timer.nsecsElapsed();
        QVERIFY2(ns < 500'000'000, qPrintable(QStringLiteral("%1 ms").arg(ns / 1e6)));
        qInfo("100,000 micro-batches: %d segments in %.3f ms", int(t.segments.size()), ns / 1e6);
        QVERIFY(t.condensed);
        QVERIFY2(t.segments.size() < 1500, qPrintable(QString::number(t.segments.size())));
        QVERIFY_NEAR(t.step_time_s, e.result.step_time_s, 1e-9);
        QVERIFY_NEAR(exposedCommTime(t), exposedOf(e.result), 1e-9);
        std::int64_t forwards = 0, backwards = 0;
        for (const Segment &s : t.segments) {
            forwards += s.kind == Kind::Forward ? s.count : 0;
            backwards += s.kind == Kind::Backward ? s.count : 0;
            if (s.count > 1)
                QVERIFY(s.micro_batch_last > s.micro_batch);
        }
        QCOMPARE(forwards, std::int64_t(100000));
        QCOMPARE(backwards, std::int64_t(100000));
        QString why;
        QVERIFY2(lanesDisjoint(t, &why), qPrintable(why));
        // Drawn one by one, the same step has some ten segments a pass.
        QVERIFY(stepTimeline(plan, e.result, 1000000).segments.size() > 10 * t.segments.size());
    }

    // Deep interleaved pipelines condense too, and a plan that does not evaluate draws nothing.
    void deepInterleavedAndInvalid()
    {
        Plan plan = casePlan(QStringLiteral("vpp"));
        plan.training.global_batch = 8 * 4 * 2000;
        const Result r = evaluate(plan).result;
        const StepTimeline t = stepTimeline(plan, r);
        QVERIFY(t.condensed && t.segments.size() < 1500);
        QVERIFY_NEAR(t.step_time_s, r.step_time_s, 1e-9);
        QVERIFY(stepTimeline(plan, Result{}).segments.empty());
    }
};

QTEST_GUILESS_MAIN(TestStepTimeline)
#include "test_steptimeline.moc"
