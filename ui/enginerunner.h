// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs analyse() off the GUI thread. The newest request wins (ui/latestjob.h): at most one job
// runs; a request made while it runs waits as "pending" and replaces any older pending one, and a
// finished job whose request is no longer the newest is dropped. Results arrive as values through
// a signal. Nothing here ever blocks the GUI thread.
//
// The ranges and tornados (analyseUncertainty()) come second: once the point figures of the
// newest plan have been delivered and drawn (startUncertainty()), a job of their own, on a thread of their own, computes them
// and delivers them through uncertaintyReady(). A newer request cancels that job (it stops within
// a few samples) and drops whatever it would have delivered: ranges never belong to an older plan.

#include "core/analysis.h"
#include "latestjob.h"

#include <QObject>
#include <QThreadPool>

#include <atomic>
#include <memory>
#include <optional>

namespace commtax {

class EngineRunner : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EngineRunner)
public:
    explicit EngineRunner(QObject *parent = nullptr);
    ~EngineRunner() override;

    // Returns the request id (increasing). The hardware list is copied into the job. The catalog
    // and the ranges a file gave set the uncertainty ranges (AnalysisRequest).
    quint64 request(const Scenario &scenario, const std::vector<HardwareOption> &hardware,
                    std::shared_ptr<const PresetCatalog> catalog = {},
                    std::vector<uncertainty::FieldNote> givenRanges = {});

    // The sampling of the ranges and sensitivity (default: 2,000 samples, seed 1, one thread);
    // 0 samples leaves them out. Applies to the requests made after.
    void setUncertaintyOptions(const uncertainty::Options &options) { m_uncertainty = options; }
    const uncertainty::Options &uncertaintyOptions() const { return m_uncertainty; }

    // Start the ranges of request `id` once its point figures are on screen (the caller's
    // word: the charts have been drawn), so that the sampling does not compete with drawing
    // them for the CPU. Ignored unless `id` is the newest request, delivered, valid.
    void startUncertainty(quint64 id);

    bool isBusy() const { return m_point.isBusy(); }
    // Jobs that finished after a newer request came in, and requests replaced before they ran.
    int droppedCount() const { return m_point.droppedCount(); }
    // Uncertainty jobs cancelled or dropped for a newer plan, and ones that never started.
    int droppedUncertaintyCount() const { return m_uncertaintyJob.droppedCount() + m_uncertaintyDropped; }

Q_SIGNALS:
    void analysisReady(const commtax::Analysis &analysis);
    // The ranges of the newest plan, after its analysisReady() (valid plans, samples > 0 only).
    void uncertaintyReady(const commtax::UncertaintyFigures &figures);

private:
    using SharedRequest = std::shared_ptr<const AnalysisRequest>;

    LatestJob<Analysis> m_point; // in the global pool
    uncertainty::Options m_uncertainty;
    quint64 m_latestId = 0;

    // One thread for the uncertainty, apart from the global pool the point jobs run in: a new
    // edit's point job never waits behind it. Declared before its job, so that the job is told to
    // stop before the pool waits for it.
    QThreadPool m_uncertaintyPool;
    LatestJob<UncertaintyFigures> m_uncertaintyJob{&m_uncertaintyPool};
    SharedRequest m_uncertaintyNext; // delivered, waits for startUncertainty()
    int m_uncertaintyDropped = 0;    // waiting for startUncertainty() when a newer plan came
};

} // namespace commtax

Q_DECLARE_METATYPE(commtax::Analysis)
Q_DECLARE_METATYPE(commtax::UncertaintyFigures)
