// SPDX-License-Identifier: GPL-3.0-or-later
#include "enginerunner.h"

#include <QtConcurrent/QtConcurrentRun>

namespace commtax {

EngineRunner::EngineRunner(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<commtax::Analysis>();
    qRegisterMetaType<commtax::UncertaintyFigures>();
    m_uncertaintyPool.setMaxThreadCount(1);
    // Connected once, before any setFuture(): a job that finishes at once still reports.
    connect(&m_watcher, &QFutureWatcher<Analysis>::finished, this, &EngineRunner::onFinished);
    connect(&m_uncertaintyWatcher, &QFutureWatcher<UncertaintyFigures>::finished, this,
            &EngineRunner::onUncertaintyFinished);
}

// A point job still running holds only its own copies; it finishes in the pool without us. The
// uncertainty pool waits for its job, told to stop first.
EngineRunner::~EngineRunner()
{
    if (m_uncertaintyCancel)
        m_uncertaintyCancel->store(true);
}

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
    // The ranges under way are of an older plan now.
    if (m_uncertaintyCancel)
        m_uncertaintyCancel->store(true, std::memory_order_relaxed);
    for (SharedRequest *waiting : {&m_uncertaintyPending, &m_uncertaintyNext})
        if (*waiting) {
            waiting->reset();
            ++m_uncertaintyDropped;
        }
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
    m_runningRequest = std::make_shared<const AnalysisRequest>(std::move(request));
    m_watcher.setFuture(QtConcurrent::run([r = m_runningRequest] { return analyse(*r); }));
}

void EngineRunner::onFinished()
{
    m_running = false;
    SharedRequest finished = std::move(m_runningRequest);
    const QFuture<Analysis> future = m_watcher.future();
    if (future.resultCount() > 0) {
        Analysis a = future.result();
        if (a.requestId == m_latestId) {
            Q_EMIT analysisReady(a);
            // (a receiver may have asked for a newer plan meanwhile)
            if (a.valid && a.requestId == m_latestId && finished && finished->uncertaintyOptions.samples > 0)
                m_uncertaintyNext = std::move(finished);
        } else {
            ++m_dropped;
        }
    }
    if (m_pending) {
        AnalysisRequest next = std::move(*m_pending);
        m_pending.reset();
        start(std::move(next));
    }
}

void EngineRunner::startUncertainty(quint64 id)
{
    if (!m_uncertaintyNext || m_uncertaintyNext->id != id || id != m_latestId)
        return;
    SharedRequest next = std::move(m_uncertaintyNext);
    m_uncertaintyNext.reset();
    runUncertainty(std::move(next));
}

void EngineRunner::runUncertainty(SharedRequest request)
{
    if (m_uncertaintyRunning) { // an older plan's, cancelled: this one starts when it stops
        if (m_uncertaintyPending)
            ++m_uncertaintyDropped;
        m_uncertaintyPending = std::move(request);
        return;
    }
    m_uncertaintyRunning = true;
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_uncertaintyCancel = cancel;
    m_uncertaintyWatcher.setFuture(QtConcurrent::run(&m_uncertaintyPool, [r = std::move(request), cancel] {
        return analyseUncertainty(*r, cancel.get());
    }));
}

void EngineRunner::onUncertaintyFinished()
{
    m_uncertaintyRunning = false;
    const bool cancelled = m_uncertaintyCancel && m_uncertaintyCancel->load();
    m_uncertaintyCancel.reset();
    const QFuture<UncertaintyFigures> future = m_uncertaintyWatcher.future();
    if (future.resultCount() > 0) {
        const UncertaintyFigures u = future.result();
        if (!cancelled && !u.cancelled && u.requestId == m_latestId)
            Q_EMIT uncertaintyReady(u);
        else
            ++m_uncertaintyDropped;
    }
    if (m_uncertaintyPending) {
        SharedRequest next = std::move(m_uncertaintyPending);
        m_uncertaintyPending.reset();
        if (next->id == m_latestId)
            runUncertainty(std::move(next));
        else
            ++m_uncertaintyDropped;
    }
}

} // namespace commtax
