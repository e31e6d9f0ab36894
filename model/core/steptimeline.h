// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The step timeline (docs/model.md §20): one training step of one pipeline rank laid out in time,
// forward and backward per micro-batch, with the communication hidden under compute and the
// communication on the critical path, from an evaluation's Result and the plan's layout. Plain C++
// (no Qt): the engine's per-phase times are spread over the passes of a 1F1B schedule, so that the
// segments add up to the Result's step time and the exposed communication drawn to its exposed
// terms. The engine's own files stay as they are: this reads the Result, nothing inside the engine.

#include "engine/plan.h"
#include "engine/result.h"

#include <cstdint>
#include <vector>

namespace commtax::timeline {

// The rows of the chart.
enum class Lane : std::uint8_t {
    Compute,      // forward, backward, recompute, idle (the bubble), the optimizer step
    ModelComm,    // tensor, context and expert parallel collectives of each pass
    DataComm,     // the data-parallel gradient (and ZeRO parameter) traffic
    PipelineSend, // the activations and gradients sent to the neighbouring stages
};
constexpr int kLanes = 4;

enum class Kind : std::uint8_t {
    Forward,
    Backward,
    Recompute, // full recompute: the forward run again before the backward
    Idle,      // waiting on the other stages: the pipeline bubble
    Optimizer,
    AllGather,
    ReduceScatter,
    AllReduce,
    AllToAll,
    P2P, // point-to-point: the context-parallel ring, the pipeline's sends
};
constexpr int kKinds = 10;

struct Segment {
    Lane lane = Lane::Compute;
    Kind kind = Kind::Forward;
    // The micro-batch of the pass (0-based; -1: none, as for idle time, the step-end sync and the
    // optimizer). A block that stands for several passes (count > 1) covers the micro-batches
    // micro_batch to micro_batch_last.
    int micro_batch = -1;
    int micro_batch_last = -1;
    int chunk = 0;          // the model chunk of an interleaved schedule (0 to vpp - 1)
    std::int64_t count = 1; // the passes it stands for
    double start_s = 0;
    double end_s = 0;
    bool overlapped = false; // communication hidden under compute (false: on the critical path)
    double duration() const { return end_s - start_s; }
};

struct StepTimeline {
    std::vector<Segment> segments; // in time order within each lane; none overlaps another of its lane
    double step_time_s = 0;        // the end of the last segment: the Result's step time
    int stage = 0;                 // the pipeline stage whose times are drawn (the pacing stage)
    int pp = 1;
    int vpp = 1;
    std::int64_t micro_batches = 0;
    std::int64_t passes = 0; // forward and backward passes of one step: 2 x micro-batches x vpp
    bool condensed = false;  // some runs of passes are drawn as blocks (count > 1)
};

// At most this many passes are drawn one by one; a longer step draws the first and the last
// kKeepPasses of each run of alike passes and one block for the rest.
constexpr std::int64_t kMaxDrawnPasses = 2048;
constexpr std::int64_t kKeepPasses = 16;

// The step of `plan` whose evaluation is `r` (a valid plan; empty timeline otherwise). Bounded in
// time and memory whatever the micro-batch count: some ten segments a pass drawn (Llama 2 70B at
// tp8 pp4 with 128 micro-batches: 1,033), a few hundred once condensed.
StepTimeline stepTimeline(const Plan &plan, const Result &r, std::int64_t maxDrawnPasses = kMaxDrawnPasses);

// Sums over the segments: all of a lane's time, and the communication on the critical path.
double laneTime(const StepTimeline &t, Lane lane);
double exposedCommTime(const StepTimeline &t);

} // namespace commtax::timeline
