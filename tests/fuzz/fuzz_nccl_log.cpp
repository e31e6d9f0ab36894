// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the nccl-tests log reader, and the calibration of whatever it accepts, must
// never crash, hang or produce a NaN or an infinity (those would end up on a chart or in JSON).
// Built and run by run_fuzz.sh with clang (-fsanitize=fuzzer,address,undefined).
#include "nccl/calibration.h"
#include "reference_hardware.h"
#include "sentencecheck.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

using namespace commtax;
using namespace commtax::nccl;
using commtax::fuzz::requireSentence;

namespace {

void require(bool ok)
{
    if (!ok)
        __builtin_trap();
}

void finite(double v)
{
    require(std::isfinite(v));
}
// A time or a bandwidth: finite and never negative.
void finiteNonNegative(double v)
{
    require(std::isfinite(v) && v >= 0);
}

void check(const Calibration &c)
{
    requireSentence(c.collective_source);
    for (const Sentence &w : c.warnings)
        requireSentence(w);
    for (const Sentence &n : c.calibrated.notes)
        requireSentence(n);
    finiteNonNegative(c.peak_busbw_gbps);
    finiteNonNegative(c.mean_busbw_gbps);
    if (c.plateau_busbw_gbps)
        finiteNonNegative(*c.plateau_busbw_gbps);
    if (c.fit.ok) {
        finite(c.fit.bw_gbps);
        require(c.fit.bw_gbps > 0);
        finiteNonNegative(c.fit.rms_residual);
        if (c.fit.alpha_us)
            finite(*c.fit.alpha_us);
    }
    for (const CalibrationRow &r : c.rows) {
        finiteNonNegative(r.time_us);
        finiteNonNegative(r.busbw_gbps);
        finiteNonNegative(r.fit_busbw_gbps);
        finite(r.fit_residual); // measured minus fitted: either sign
        finiteNonNegative(r.model_busbw_gbps);
        finiteNonNegative(r.vs_model);
        if (c.fit.ok)
            finiteNonNegative(c.fit.busBwGbps(double(r.size_bytes)));
        if (c.model.available)
            finiteNonNegative(c.model.busBwGbps(c.collective, double(r.size_bytes)));
    }
    if (c.calibrated.efficiency)
        require(*c.calibrated.efficiency > 0 && *c.calibrated.efficiency <= 1);
    if (c.calibrated.step_latency_us)
        require(*c.calibrated.step_latency_us >= 0 && *c.calibrated.step_latency_us <= 10000);
    require(c.ranks >= 0 && c.nodes >= 0 && c.ranks_per_node >= 0);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    LogParse log;
    ParseError error;
    if (!parseLog(std::string_view(reinterpret_cast<const char *>(data), size), log, error)) {
        require(log.tables.empty());
        requireSentence(error.message);
        return 0;
    }
    require(!log.tables.empty());

    const GpuSpec gpu = reference::h100();
    const ClusterSpec cluster = reference::dgxH100();
    for (const Note &n : log.notes)
        requireSentence(n.text);
    for (const ResultTable &t : log.tables) {
        require(!t.rows.empty());
        for (const Note &n : t.notes)
            requireSentence(n.text);
        Calibration c;
        Sentence why;
        if (calibrate(t, {}, &gpu, &cluster, c, why))
            check(c);
        else
            requireSentence(why);
        CalibrationOptions given;
        given.ranks = int(size % 4096) + 1;
        given.nodes = int(size % 7) + 1;
        if (calibrate(t, given, nullptr, nullptr, c, why))
            check(c);
    }
    return 0;
}
