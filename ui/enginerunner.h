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

    // Returns the request id (increasing). The hardware list is copied into the job.
    quint64 request(const Scenario &scenario, const std::vector<HardwareOption> &hardware);

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
    bool m_running = false;
    quint64 m_latestId = 0;
    int m_dropped = 0;
};

} // namespace commtax

Q_DECLARE_METATYPE(commtax::Analysis)
