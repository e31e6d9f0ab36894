// SPDX-License-Identifier: GPL-3.0-or-later
// The "newest request wins" rule of ui/latestjob.h, which the engine runner's point and uncertainty
// jobs follow: a stale result is dropped, a waiting job is replaced by a newer one, invalidate()
// tells the running job to stop, and a result's receiver may start the next job.
#include "latestjob.h"

#include <QSemaphore>
#include <QTest>
#include <QThread>

#include <atomic>
#include <memory>

using namespace commtax;

class TestLatestJob : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // A runs while B and then C are started: A's result comes after newer jobs and is dropped, B
    // is replaced before it runs, only C's arrives.
    void staleResultIsDropped()
    {
        auto gate = std::make_shared<QSemaphore>();
        LatestJob<int> job;
        QList<int> delivered;
        const auto deliver = [&delivered](int v) { delivered << v; };
        const auto blocked = [gate](const std::atomic<bool> *) {
            gate->acquire();
            return 1;
        };
        job.start(blocked, deliver);
        job.start([](const std::atomic<bool> *) { return 2; }, deliver);
        job.start([](const std::atomic<bool> *) { return 3; }, deliver);
        QVERIFY(job.isBusy());
        QCOMPARE(job.droppedCount(), 1); // B, replaced
        gate->release();
        QTRY_VERIFY(!job.isBusy());
        QCOMPARE(delivered, QList<int>{3});
        QCOMPARE(job.droppedCount(), 2); // and A, stale
    }

    // invalidate() sets the running job's cancel flag and drops its result and a waiting job.
    void invalidateStopsTheRunningJob()
    {
        LatestJob<int> job;
        QList<int> delivered;
        const auto deliver = [&delivered](int v) { delivered << v; };
        const auto untilCancelled = [](const std::atomic<bool> *cancel) {
            while (!cancel->load())
                QThread::msleep(1);
            return -1;
        };
        job.start(untilCancelled, deliver);
        job.start([](const std::atomic<bool> *) { return 2; }, deliver);
        job.invalidate();
        QTRY_VERIFY(!job.isBusy());
        QVERIFY(delivered.isEmpty());
        QCOMPARE(job.droppedCount(), 2);
        // start(cancelRunning) stops the running job too, and the newer one runs after it
        job.start(untilCancelled, deliver);
        job.start([](const std::atomic<bool> *) { return 4; }, deliver, true);
        QTRY_VERIFY(!job.isBusy());
        QCOMPARE(delivered, QList<int>{4});
    }

    // A receiver that starts the next job from its result: that job runs and is delivered too.
    void receiverMayStartTheNextJob()
    {
        LatestJob<int> job;
        QList<int> delivered;
        std::function<void(int)> deliver = [&](int v) {
            delivered << v;
            if (v < 3)
                job.start([v](const std::atomic<bool> *) { return v + 1; }, deliver);
        };
        job.start([](const std::atomic<bool> *) { return 1; }, deliver);
        QTRY_COMPARE(delivered, (QList<int>{1, 2, 3}));
        QTRY_VERIFY(!job.isBusy());
        QCOMPARE(job.droppedCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestLatestJob)
#include "test_latestjob.moc"
