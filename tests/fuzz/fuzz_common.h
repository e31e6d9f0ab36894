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
    const double values[] = {
        r.step_time_s, r.compute_time_s, r.bubble_time_s, r.tp_comm_time_s, r.tp_comm_exposed_s,
        r.pp_comm_time_s, r.dp_comm_time_s, r.dp_comm_exposed_s, r.overlap_slowdown_s, r.comm_tax_raw,
        r.comm_tax_exposed, r.bubble_overhead, r.bubble_share, r.mfu, r.hfu, r.compute_efficiency_effective,
        r.tflops_per_gpu, r.tokens_per_s, r.tokens_per_day, r.memory_weights_gb, r.memory_gradients_gb,
        r.memory_optimizer_gb, r.memory_activations_gb, r.memory_total_gb, r.memory_capacity_gb,
        r.memory_usable_gb, r.tp_busbw_gbps, r.dp_busbw_gbps, r.pp_bw_gbps, r.days_to_train, r.gpu_hours,
        r.power_kw, r.energy_mwh, r.capex_usd, r.cost_per_hour_usd, r.tco_usd, r.lifetime_tco_usd,
        r.cost_per_billion_tokens_usd, r.params, r.flops_per_step, r.hardware_flops_per_step, r.attention_flops_per_step};
    // Every one a time, share, size, rate or cost: finite and never negative.
    for (double v : values)
        require(std::isfinite(v) && v >= 0);
    // And every figure of the metric registry (core/resultio.cpp), which is what evaluate --json,
    // CSV, the comparison and the reports print: a metric added later is checked too.
    for (const MetricInfo &m : metrics()) {
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
