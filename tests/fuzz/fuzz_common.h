// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Shared by the Qt-based fuzz targets (fuzz_scenario, fuzz_presets): invariants that must hold
// for any input, checked with __builtin_trap() so that libFuzzer records the input.
#include "core/resultio.h"
#include "engine/engine.h"

#include <QtGlobal>

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace commtax::fuzz {

inline void require(bool ok)
{
    if (!ok)
        __builtin_trap();
}

// Qt's debug and warning messages would flood the fuzzer's output; qFatal still aborts.
inline void quietQt()
{
    qInstallMessageHandler([](QtMsgType type, const QMessageLogContext &, const QString &msg) {
        if (type == QtFatalMsg) {
            std::fprintf(stderr, "qFatal: %s\n", qPrintable(msg));
            std::abort();
        }
    });
}

// "Every field is finite for a valid plan" (engine/result.h): what the charts and the JSON receive.
inline void requireFinite(const Result &r)
{
    // Every figure of the metric registry (engine/metrics.h), which is what evaluate --json, CSV,
    // the comparison and the reports print (a time, share, size, rate or cost): finite and never
    // negative. A metric added later is checked too.
    for (const MetricInfo &m : kMetricTable) {
        const double v = m.get(r);
        require(std::isfinite(v) && v >= 0);
    }
    require(r.micro_batches >= 1 && r.gpus >= 1);
}

// validate() never throws; a plan it accepts evaluates to finite figures.
inline void validateAndEvaluate(const Plan &plan)
{
    const std::vector<PlanError> errors = validate(plan);
    for (const PlanError &e : errors)
        require(!e.message.empty());
    if (errors.empty())
        requireFinite(evaluateValid(plan));
}

} // namespace commtax::fuzz
