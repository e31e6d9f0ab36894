// SPDX-License-Identifier: GPL-3.0-or-later
#include "enginerunner.h"

#include <QtConcurrent/QtConcurrentRun>

namespace commtax {

EngineRunner::EngineRunner(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<commtax::Analysis>();
    // Connected once, before any setFuture(): a job that finishes at once still reports.
    connect(&m_watcher, &QFutureWatcher<Analysis>::finished, this, &EngineRunner::onFinished);
}

// A job still running holds only its own copies; it finishes in the pool without us.
EngineRunner::~EngineRunner() = default;

quint64 EngineRunner::request(const Scenario &scenario, const std::vector<HardwareOption> &hardware,
                              std::shared_ptr<const PresetCatalog> catalog,
                              std::vector<uncertainty::FieldNote> givenRanges)
{
    AnalysisRequest r;
    r.id = ++m_latestId;
    r.scenario = scenario;
    r.hardware = hardware;
    r.catalog = std::move(catalog);
    r.givenRanges = std::move(givenRanges);
    r.uncertaintyOptions = m_uncertainty;
    // Our own flag, not m_watcher.isRunning(): a job that has finished but whose finished()
    // has not been delivered yet still counts, or setFuture() would silently swallow it.
    if (m_running) {
        if (m_pending)
            ++m_dropped; // replaced before it ran
        m_pending = std::move(r);
    } else {
        start(std::move(r));
    }
    return m_latestId;
}

void EngineRunner::start(AnalysisRequest request)
{
    m_running = true;
    m_watcher.setFuture(QtConcurrent::run([r = std::move(request)] { return analyse(r); }));
}

void EngineRunner::onFinished()
{
    m_running = false;
    const QFuture<Analysis> future = m_watcher.future();
    if (future.resultCount() > 0) {
        Analysis a = future.result();
        if (a.requestId == m_latestId)
            Q_EMIT analysisReady(a);
        else
            ++m_dropped;
    }
    if (m_pending) {
        AnalysisRequest next = std::move(*m_pending);
        m_pending.reset();
        start(std::move(next));
    }
}

} // namespace commtax
