// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs analyse() off the GUI thread. The newest request wins: at most one job runs; a request
// made while it runs waits as "pending" and replaces any older pending one, and a finished job
// whose id is no longer the newest is dropped. Results arrive as values through a queued
// signal. Nothing here ever blocks the GUI thread.

#include "core/analysis.h"

#include <QFutureWatcher>
#include <QObject>

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

    quint64 latestRequestId() const { return m_latestId; }
    bool isBusy() const { return m_running || m_pending.has_value(); }
    // Jobs that finished after a newer request came in, and requests replaced before they ran.
    int droppedCount() const { return m_dropped; }

Q_SIGNALS:
    void analysisReady(const commtax::Analysis &analysis);

private:
    void start(AnalysisRequest request);
    void onFinished();

    QFutureWatcher<Analysis> m_watcher;
    std::optional<AnalysisRequest> m_pending;
    uncertainty::Options m_uncertainty;
    bool m_running = false;
    quint64 m_latestId = 0;
    int m_dropped = 0;
};

} // namespace commtax

Q_DECLARE_METATYPE(commtax::Analysis)
