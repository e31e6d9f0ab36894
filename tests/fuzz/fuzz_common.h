// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Shared by the Qt-based fuzz targets (fuzz_scenario, fuzz_presets, fuzz_comparison): invariants
// that must hold for any input, checked with __builtin_trap() so that libFuzzer records the input.
#include "core/presets.h"
#include "core/resultio.h"
#include "engine/engine.h"

#include <QByteArray>
#include <QList>

#include <QtGlobal>

#include <cmath>
#include <cstddef>
#include <cstdint>
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

// LLVMFuzzerInitialize() of a target that reads JSON against the presets: Qt quiet, and the
// built-in presets loaded once, outside the measured inputs.
inline int initializeWithPresets()
{
    quietQt();
    (void)PresetCatalog::builtIn();
    return 0;
}

// The fuzzer's bytes as the file's text.
inline QByteArray fileText(const std::uint8_t *data, std::size_t size)
{
    return QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
}

// A reader's refusal: at least one message, each with its place in the file.
inline void requirePositioned(const QList<LoadError> &errors)
{
    require(!errors.isEmpty());
    for (const LoadError &e : errors)
        require(!e.message.isEmpty() && e.line >= 0 && e.column >= 0);
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
