// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// "Move a plan to another GPU": one rule on the preset catalogue for the plan editor, the hardware
// comparison and its columns, the comparison chart, `sweep --hardware` and `search --hardware`.

#include "presets.h"

#include "engine/sweep.h"

#include <optional>

namespace commtax {

// A GPU preset in the server it comes in: the cluster preset its "default_cluster" names, none when
// the catalogue has no such cluster (a user's GPU preset may name none).
struct GpuInServer {
    Preset gpu;
    std::optional<Preset> cluster;
};

// The GPU preset `gpuId` and its server, or nothing for an unknown id.
std::optional<GpuInServer> gpuInServer(const PresetCatalog &catalog, const QString &gpuId);

// Move `plan` to GPU preset `gpuId`:
//  - the GPU preset, in its server (gpuInServer(); the plan keeps its own cluster when the GPU
//    names none);
//  - the compute efficiency and the rent price (economics.usd_per_gpu_hour) go back to unset and
//    0, so that the new GPU brings its own (the engine's sweepHardware() does the same);
//  - the GPU count stays, with nodes and dp re-derived and the global batch fixed (resizePlan());
//    where the new server cannot hold that count, the server preset's node count stays and
//    *keptGpuCount is false.
// The GPU and cluster presets used, or nothing (and the plan unchanged) for an unknown GPU id.
// tests/test_scenario.cpp (moveToGpuRules) pins these rules.
std::optional<GpuInServer> moveToGpu(const PresetCatalog &catalog, Plan &plan, const QString &gpuId,
                                     bool *keptGpuCount = nullptr);

// The hardware moveToGpu() puts a plan on, for sweepHardware() and the layout search, which apply
// the rest of the rule themselves: the GPU in its server, `fallback` when it names none.
std::optional<Hardware> hardwareFor(const PresetCatalog &catalog, const QString &gpuId, const ClusterSpec &fallback);

// The GPU and server of `hardware` with the rest of moveToGpu()'s rule: the compute efficiency and
// the rent price go back to the GPU's own; the GPU count is left as it is.
void putOnHardware(Plan &plan, const Hardware &hardware);

} // namespace commtax
