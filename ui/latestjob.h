// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// "The newest request wins" for work run off the GUI thread, in the shape of hotspot's JobTracker:
//   - at most one job runs; a job started while one runs waits, and replaces (drops) an older
//     waiting one;
//   - a job's result reaches its `deliver` on the GUI thread only if no newer job was started and
//     invalidate() was not called since it started; otherwise it is dropped (a stale result);
//   - invalidate(), and start() with cancelRunning, set the running job's cancel flag, which the
//     work may read to stop early.
// Nothing here blocks the calling thread. `deliver` may start the next job itself.

#include <QFutureWatcher>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

namespace commtax {

template <typename T>
class LatestJob
{
public:
    using Work = std::function<T(const std::atomic<bool> *cancel)>;
    using Deliver = std::function<void(T result)>;

    // Jobs run in `pool` (the global pool by default), which must outlive this.
    explicit LatestJob(QThreadPool *pool = QThreadPool::globalInstance())
        : m_pool(pool)
    {
        // Connected once, before any setFuture(): a job that finishes at once still reports.
        QObject::connect(&m_watcher, &QFutureWatcherBase::finished, &m_watcher, [this] { onFinished(); });
    }
    // A running job is told to stop; it holds only its own copies and finishes in its pool.
    ~LatestJob()
    {
        if (m_cancel)
            m_cancel->store(true);
    }
    Q_DISABLE_COPY_MOVE(LatestJob)

    // Start `work` as the newest job: now, or when the running one has finished.
    void start(Work work, Deliver deliver, bool cancelRunning = false)
    {
        Job job{std::move(work), std::move(deliver), ++m_generation};
        // Our own flag, not m_watcher.isRunning(): a job that has finished but whose finished()
        // has not been delivered yet still counts, or setFuture() would silently swallow it.
        if (!m_running) {
            run(std::move(job));
            return;
        }
        if (cancelRunning && m_cancel)
            m_cancel->store(true, std::memory_order_relaxed);
        if (m_waiting)
            ++m_dropped; // replaced before it ran
        m_waiting = std::move(job);
    }

    // Every job started so far is stale: the running one is told to stop and its result will be
    // dropped, a waiting one is dropped now.
    void invalidate()
    {
        ++m_generation;
        if (m_cancel)
            m_cancel->store(true, std::memory_order_relaxed);
        if (m_waiting) {
            m_waiting.reset();
            ++m_dropped;
        }
    }

    bool isBusy() const { return m_running || m_waiting.has_value(); }
    // Results that came after a newer job or invalidate(), and jobs replaced before they ran.
    int droppedCount() const { return m_dropped; }

private:
    struct Job {
        Work work;
        Deliver deliver;
        quint64 generation = 0;
    };

    void run(Job job)
    {
        m_running = true;
        m_cancel = std::make_shared<std::atomic<bool>>(false);
        m_runningGeneration = job.generation;
        m_runningDeliver = std::move(job.deliver);
        m_watcher.setFuture(QtConcurrent::run(m_pool, [work = std::move(job.work), cancel = m_cancel] {
            return work(cancel.get());
        }));
    }

    void onFinished()
    {
        m_running = false;
        m_cancel.reset();
        Deliver deliver = std::move(m_runningDeliver);
        m_runningDeliver = nullptr;
        const QFuture<T> future = m_watcher.future();
        if (future.resultCount() > 0) {
            if (m_runningGeneration == m_generation)
                deliver(future.result());
            else
                ++m_dropped;
        }
        if (m_waiting && !m_running) {
            Job next = std::move(*m_waiting);
            m_waiting.reset();
            run(std::move(next));
        }
    }

    QThreadPool *m_pool;
    QFutureWatcher<T> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel; // the running job's
    Deliver m_runningDeliver;
    std::optional<Job> m_waiting;
    quint64 m_generation = 0;
    quint64 m_runningGeneration = 0;
    bool m_running = false;
    int m_dropped = 0;
};

} // namespace commtax
