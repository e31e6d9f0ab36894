// SPDX-License-Identifier: GPL-3.0-or-later
#include "enginerunner.h"

namespace commtax {

EngineRunner::EngineRunner(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<commtax::Analysis>();
    qRegisterMetaType<commtax::UncertaintyFigures>();
    m_uncertaintyPool.setMaxThreadCount(1);
}

// A point job still running holds only its own copies; it finishes in the pool without us. The
// uncertainty job is told to stop (LatestJob's destructor) and the pool waits for it.
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
    // The ranges under way, waiting or delivered are of an older plan now.
    m_uncertaintyJob.invalidate();
    if (m_uncertaintyNext) {
        m_uncertaintyNext.reset();
        ++m_uncertaintyDropped;
    }
    auto shared = std::make_shared<const AnalysisRequest>(std::move(r));
    m_point.start([shared](const std::atomic<bool> *) { return analyse(*shared); },
                  [this, shared](const Analysis &a) {
                      Q_EMIT analysisReady(a);
                      // (a receiver may have asked for a newer plan meanwhile)
                      if (a.valid && a.requestId == m_latestId && shared->uncertaintyOptions.samples > 0)
                          m_uncertaintyNext = shared;
                  });
    return m_latestId;
}

void EngineRunner::startUncertainty(quint64 id)
{
    if (!m_uncertaintyNext || m_uncertaintyNext->id != id || id != m_latestId)
        return;
    SharedRequest next = std::move(m_uncertaintyNext);
    m_uncertaintyNext.reset();
    // An older plan's job, cancelled by request(), may still be stopping: this one waits for it.
    m_uncertaintyJob.start([next](const std::atomic<bool> *cancel) { return analyseUncertainty(*next, cancel); },
                           [this](const UncertaintyFigures &u) {
                               if (!u.cancelled && u.requestId == m_latestId)
                                   Q_EMIT uncertaintyReady(u);
                               else
                                   ++m_uncertaintyDropped;
                           });
}

} // namespace commtax
