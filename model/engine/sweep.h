// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Sweeps for the charts: one plan varied along one axis. Invalid points carry their reason.

#include "engine.h"

#include <string>
#include <vector>

namespace commtax {

struct SweepPoint {
    double x = 0; // the swept value (GPUs, micro-batches)
    bool valid = false;
    Result result;
    std::string error; // why the point is invalid ("field: message"), in English
    PlanError problem; // the same: its field, message and template (for the GUI's language)
};

enum class GpuScaling {
    FixedGlobalBatch,  // the same run on more GPUs: fewer micro-batches per pipeline
    FixedMicroBatches, // the global batch grows with dp (weak scaling)
};

// Powers of two from 8 to 16384.
std::vector<int> defaultGpuCounts();

// Comm tax and step time over GPU counts, keeping tp and pp and growing dp. The cluster keeps its
// node shape (gpus_per_node); a count below one node becomes one smaller node.
std::vector<SweepPoint> sweepGpuCount(const Plan &plan, const std::vector<int> &gpuCounts,
                                      GpuScaling scaling = GpuScaling::FixedGlobalBatch);

// Bubble (and the rest) over the number of micro-batches per pipeline: global_batch = m*b*dp.
std::vector<SweepPoint> sweepMicroBatches(const Plan &plan, const std::vector<int> &microBatchCounts);

// The plan on other hardware: each entry's GPU on its cluster, keeping the GPU count, the model
// and the layout (nodes are resized to hold the same number of GPUs).
struct Hardware {
    GpuSpec gpu;
    ClusterSpec cluster;
};
std::vector<SweepPoint> sweepHardware(const Plan &plan, const std::vector<Hardware> &hardware); // each at its own efficiency and rent price

// Apply a GPU count to a plan as sweepGpuCount does; false with a reason if it cannot (as validate()
// gives one: the field, the English message and its CT_TR template, context "commtax::Errors").
bool resizePlan(Plan &plan, int gpus, GpuScaling scaling, PlanError *why);

} // namespace commtax
