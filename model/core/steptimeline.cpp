// SPDX-License-Identifier: GPL-3.0-or-later
// One step of one pipeline rank as a Gantt chart's segments (docs/model.md §20).
#include "steptimeline.h"

#include <algorithm>
#include <cmath>

namespace commtax::timeline {

namespace {

// One communication of a pass: its kind, and its exposed and hidden time per pass.
struct Comm {
    Kind kind;
    double exposed;
    double hidden;
};

// The times of one pass (one model chunk of one micro-batch), forward or backward.
struct PassTimes {
    double compute = 0;   // the forward, or the backward without its recompute
    double recompute = 0; // full recompute's forward again, before the backward
    std::vector<Comm> comms[kLanes];
};

// The Result's parts of a step, scaled so that they add up to its step time (the engine's own
// error, Plan::step_time_error, scales the step time and leaves the parts as computed).
struct Parts {
    double comp, bubble, optimizer, tpRaw, tpExp, cpRaw, cpExp, epRaw, epExp, ppRaw, ppExp, dpRaw, dpExp;
};
Parts partsOf(const Result &r)
{
    Parts p{r.compute_time_s + r.overlap_slowdown_s,
            r.bubble_time_s,
            r.optimizer_time_s,
            r.tp_comm_time_s,
            r.tp_comm_exposed_s,
            r.cp_comm_time_s,
            r.cp_comm_exposed_s,
            r.ep_comm_time_s,
            r.ep_comm_exposed_s,
            r.pp_comm_time_s,
            r.pp_comm_exposed_s,
            r.dp_comm_time_s,
            r.dp_comm_exposed_s};
    const double sum = p.comp + p.bubble + p.optimizer + p.tpExp + p.cpExp + p.epExp + p.ppExp + p.dpExp;
    const double scale = sum > 0 && r.step_time_s > 0 ? r.step_time_s / sum : 1.0;
    for (double *x : {&p.comp, &p.bubble, &p.optimizer, &p.tpRaw, &p.tpExp, &p.cpRaw, &p.cpExp, &p.epRaw, &p.epExp,
                      &p.ppRaw, &p.ppExp, &p.dpRaw, &p.dpExp})
        *x = std::max(0.0, *x * scale);
    return p;
}

// A communication of `raw` and `exposed` seconds a step, `share` of it in each of `passes` passes.
void addComm(PassTimes &pt, Lane lane, Kind kind, double raw, double exposed, double share, double passes)
{
    if (raw <= 0 || share <= 0)
        return;
    const double e = std::min(exposed, raw);
    pt.comms[int(lane)].push_back({kind, e * share / passes, (raw - e) * share / passes});
}

class Builder
{
public:
    Builder(const Plan &plan, const Result &r, std::int64_t maxDrawn);
    StepTimeline build();

private:
    struct PassRef {
        int first = -1, last = -1, chunk = 0;
        std::int64_t count = 1;
    };
    void setPassTimes(const Plan &plan);
    void setStepSync(const Plan &plan);
    std::int64_t microBatchOf(std::int64_t k) const;
    PassRef ref(bool forward, std::int64_t first, std::int64_t count) const;
    void emit(Lane lane, Kind kind, double start, double duration, bool overlapped, const PassRef &id);
    void pass(bool forward, std::int64_t first, std::int64_t count, double gapEach);
    void run(bool forward, std::int64_t first, std::int64_t count, double gapEach);
    void pairs(std::int64_t firstBackward, std::int64_t firstForward, std::int64_t count);
    void stepEnd();

    Parts m_parts;
    std::int64_t m_p, m_v, m_m, m_passes; // pp, vpp, micro-batches, chunk passes each way (m x v)
    double m_full;                        // the share of layers full recompute covers (0 without it)
    bool m_zero3;
    double m_redo; // the share of the forward run again in the backward (recomputedLinearShare())
    double m_backwardShare;
    bool m_condense;
    PassTimes m_fwd, m_bwd;
    Kind m_syncKind = Kind::AllReduce; // ZeRO-0's all-reduce, or ZeRO-1/2's reduce-scatter
    double m_syncHidden = 0, m_syncExposed = 0, m_gatherHidden = 0, m_gatherExposed = 0;
    double m_t = 0;
    double m_laneEnd[kLanes] = {};
    double m_lastBackwardEnd = 0;
    StepTimeline m_out;
};

Builder::Builder(const Plan &plan, const Result &r, std::int64_t maxDrawn)
    : m_parts(partsOf(r))
    , m_p(std::max(1, plan.training.pp))
    , m_v(std::max(1, plan.training.vpp))
    , m_m(std::max(1, r.micro_batches))
    , m_passes(m_m * m_v)
    , m_full(fullRecomputeLayerShare(plan))
    , m_zero3(plan.training.zero == 3)
    , m_redo(recomputedLinearShare(plan))
    // The engine's backward share of the compute (compute.cpp): 2 of 3 passes, 3 of 4 with full
    // recompute, 2.5 of 3.5 under per-op checkpointing.
    , m_backwardShare((2.0 + m_redo) / (3.0 + m_redo))
    , m_condense(2 * m_passes > std::max<std::int64_t>(maxDrawn, 4 * kKeepPasses))
{
    m_out.stage = r.pacing_stage;
    m_out.pp = int(m_p);
    m_out.vpp = int(m_v);
    m_out.micro_batches = m_m;
    m_out.passes = 2 * m_passes;
    m_out.condensed = m_condense;
    setPassTimes(plan);
    setStepSync(plan);
}

// Each pass's compute and communication: the step's figures spread evenly over the passes, each
// collective split between forward and backward as the engine counts them (communication.cpp).
void Builder::setPassTimes(const Plan &plan)
{
    const TrainingSpec &tr = plan.training;
    const Parts &s = m_parts;
    const double n = double(m_passes), fs = 1.0 - m_backwardShare;
    m_fwd.compute = s.comp * fs / n;
    m_bwd.recompute = s.comp * m_redo / (3.0 + m_redo) / n;
    m_bwd.compute = s.comp * m_backwardShare / n - m_bwd.recompute;
    // Tensor parallel: forward 2 all-reduces, backward 2 (4 with full recompute); with sequence
    // parallelism forward 2 all-gathers and 2 reduce-scatters, backward 4 and 2 (6 and 4). Full
    // recompute of a share of the layers adds that share of the extra ones.
    if (tr.sequence_parallel) {
        const double all = 10.0 + 4.0 * m_full;
        addComm(m_fwd, Lane::ModelComm, Kind::AllGather, s.tpRaw, s.tpExp, 2.0 / all, n);
        addComm(m_fwd, Lane::ModelComm, Kind::ReduceScatter, s.tpRaw, s.tpExp, 2.0 / all, n);
        addComm(m_bwd, Lane::ModelComm, Kind::AllGather, s.tpRaw, s.tpExp, (4.0 + 2.0 * m_full) / all, n);
        addComm(m_bwd, Lane::ModelComm, Kind::ReduceScatter, s.tpRaw, s.tpExp, (2.0 + 2.0 * m_full) / all, n);
    } else {
        const double all = 4.0 + 2.0 * m_full;
        addComm(m_fwd, Lane::ModelComm, Kind::AllReduce, s.tpRaw, s.tpExp, 2.0 / all, n);
        addComm(m_bwd, Lane::ModelComm, Kind::AllReduce, s.tpRaw, s.tpExp, (all - 2.0) / all, n);
    }
    // The context-parallel ring: forward 1 of 3 (4) passes of K and V; the expert all-to-all:
    // forward 2 of 4 (6) dispatches and combines.
    addComm(m_fwd, Lane::ModelComm, Kind::P2P, s.cpRaw, s.cpExp, fs, n);
    addComm(m_bwd, Lane::ModelComm, Kind::P2P, s.cpRaw, s.cpExp, 1.0 - fs, n);
    const double epForward = 2.0 / (4.0 + 2.0 * m_full);
    addComm(m_fwd, Lane::ModelComm, Kind::AllToAll, s.epRaw, s.epExp, epForward, n);
    addComm(m_bwd, Lane::ModelComm, Kind::AllToAll, s.epRaw, s.epExp, 1.0 - epForward, n);
    // ZeRO-3 gathers each layer before its forward and its backward and reduce-scatters its
    // gradients after the backward: 2 bytes a parameter each gather, grad_bytes the reduce.
    if (m_zero3) {
        const double all = 4.0 + tr.grad_bytes;
        addComm(m_fwd, Lane::DataComm, Kind::AllGather, s.dpRaw, s.dpExp, 2.0 / all, n);
        addComm(m_bwd, Lane::DataComm, Kind::AllGather, s.dpRaw, s.dpExp, 2.0 / all, n);
        addComm(m_bwd, Lane::DataComm, Kind::ReduceScatter, s.dpRaw, s.dpExp, tr.grad_bytes / all, n);
    }
    // The pipeline: one send after each pass (activations forward, gradients backward).
    addComm(m_fwd, Lane::PipelineSend, Kind::P2P, s.ppRaw, s.ppExp, 0.5, n);
    addComm(m_bwd, Lane::PipelineSend, Kind::P2P, s.ppRaw, s.ppExp, 0.5, n);
}

// ZeRO-0/1/2's sync once a step (communication.cpp, stepSync()): the gradients' all-reduce, or their
// reduce-scatter under the last backward and the updated parameters' all-gather under the next
// step's first forward. The engine gives the sync's raw and exposed totals; the split between the
// two collectives is estimated from their bytes (grad_bytes and 2 a parameter) and the overlap.
void Builder::setStepSync(const Plan &plan)
{
    if (m_zero3)
        return;
    const TrainingSpec &tr = plan.training;
    const Parts &s = m_parts;
    const double gather = tr.zero == 0 ? 0.0 : s.dpRaw * 2.0 / (2.0 + tr.grad_bytes);
    const double reduce = s.dpRaw - gather;
    m_syncKind = tr.zero == 0 ? Kind::AllReduce : Kind::ReduceScatter;
    const double backward = s.comp * m_backwardShare / double(m_m), forward = s.comp / double(m_m) - backward;
    const double eReduce = std::max(0.0, reduce - tr.dp_overlap * backward);
    const double eGather = std::max(0.0, gather - tr.dp_overlap * forward);
    m_syncExposed = eReduce + eGather > 0 ? s.dpExp * eReduce / (eReduce + eGather) : s.dpExp;
    m_gatherExposed = s.dpExp - m_syncExposed;
    m_syncHidden = std::max(0.0, reduce - m_syncExposed);
    m_gatherHidden = std::max(0.0, gather - m_gatherExposed);
}

// Micro-batch of the k-th pass each way: Megatron's interleaved order takes pp micro-batches
// through one chunk, then the same through the next chunk, and so on.
std::int64_t Builder::microBatchOf(std::int64_t k) const
{
    return m_v == 1 ? k : (k / (m_p * m_v)) * m_p + k % m_p;
}

Builder::PassRef Builder::ref(bool forward, std::int64_t first, std::int64_t count) const
{
    PassRef id;
    id.count = count;
    const std::int64_t chunk = m_v == 1 ? 0 : (first / m_p) % m_v;
    id.chunk = int(forward ? chunk : m_v - 1 - chunk);
    // The least micro-batch of a run is among its first pp passes, the greatest among its last pp.
    const std::int64_t last = first + count - 1, window = std::min(count, m_p);
    std::int64_t lo = microBatchOf(first), hi = microBatchOf(last);
    for (std::int64_t i = 0; i < window; ++i) {
        lo = std::min(lo, microBatchOf(first + i));
        hi = std::max(hi, microBatchOf(last - i));
    }
    id.first = int(lo);
    id.last = int(hi);
    return id;
}

void Builder::emit(Lane lane, Kind kind, double start, double duration, bool overlapped, const PassRef &id)
{
    if (!(duration > 0))
        return;
    Segment s;
    s.lane = lane;
    s.kind = kind;
    s.micro_batch = id.first;
    s.micro_batch_last = id.last;
    s.chunk = id.chunk;
    s.count = id.count;
    s.start_s = std::max(start, m_laneEnd[int(lane)]);
    s.end_s = s.start_s + duration;
    s.overlapped = overlapped;
    m_laneEnd[int(lane)] = s.end_s;
    m_out.segments.push_back(s);
}

// `count` alike passes from the `first`-th, as one segment per part (a block when count > 1), each
// after `gapEach` idle: the compute, the communication hidden under it (as much as it holds) in
// its lanes, then the exposed communication one after the other.
void Builder::pass(bool forward, std::int64_t first, std::int64_t count, double gapEach)
{
    const PassRef id = ref(forward, first, count), none{};
    const double n = double(count);
    emit(Lane::Compute, Kind::Idle, m_t, gapEach * n, false, none);
    m_t += std::max(0.0, gapEach * n);
    const PassTimes &pt = forward ? m_fwd : m_bwd;
    const double start = m_t;
    emit(Lane::Compute, Kind::Recompute, m_t, pt.recompute * n, false, id);
    emit(Lane::Compute, forward ? Kind::Forward : Kind::Backward, m_t + pt.recompute * n, pt.compute * n, false, id);
    const double end = start + (pt.recompute + pt.compute) * n;
    for (int lane = 0; lane < kLanes; ++lane) {
        double t = std::max(start, m_laneEnd[lane]);
        for (const Comm &c : pt.comms[lane]) {
            const double d = std::min(c.hidden * n, end - t);
            emit(Lane(lane), c.kind, t, d, true, id);
            t += std::max(0.0, d);
        }
    }
    m_t = end;
    for (int lane = 0; lane < kLanes; ++lane)
        for (const Comm &c : pt.comms[lane]) {
            emit(Lane(lane), c.kind, m_t, c.exposed * n, false, id);
            m_t += c.exposed * n;
        }
    if (!forward)
        m_lastBackwardEnd = end;
}

// A run of alike passes: one by one, or, condensed, the first and last kKeepPasses one by one and
// a block for those between.
void Builder::run(bool forward, std::int64_t first, std::int64_t count, double gapEach)
{
    if (!m_condense || count <= 2 * kKeepPasses + 1) {
        for (std::int64_t i = 0; i < count; ++i)
            pass(forward, first + i, 1, gapEach);
        return;
    }
    for (std::int64_t i = 0; i < kKeepPasses; ++i)
        pass(forward, first + i, 1, gapEach);
    pass(forward, first + kKeepPasses, count - 2 * kKeepPasses, gapEach);
    for (std::int64_t i = count - kKeepPasses; i < count; ++i)
        pass(forward, first + i, 1, gapEach);
}

// The steady state of 1F1B: a backward, then a forward, `count` times.
void Builder::pairs(std::int64_t firstBackward, std::int64_t firstForward, std::int64_t count)
{
    const auto pair = [&](std::int64_t i, std::int64_t n) {
        pass(false, firstBackward + i, n, 0.0);
        pass(true, firstForward + i, n, 0.0);
    };
    if (!m_condense || count <= 2 * kKeepPasses + 1) {
        for (std::int64_t i = 0; i < count; ++i)
            pair(i, 1);
        return;
    }
    for (std::int64_t i = 0; i < kKeepPasses; ++i)
        pair(i, 1);
    pair(kKeepPasses, count - 2 * kKeepPasses);
    for (std::int64_t i = count - kKeepPasses; i < count; ++i)
        pair(i, 1);
}

// The data-parallel sync after the last backward (its hidden part under the last backwards), the
// optimizer step, and ZeRO-1/2's exposed parameter gather.
void Builder::stepEnd()
{
    const PassRef none{};
    const double lane = m_laneEnd[int(Lane::DataComm)];
    emit(Lane::DataComm, m_syncKind, std::max(lane, m_lastBackwardEnd - m_syncHidden),
         std::min(m_syncHidden, m_lastBackwardEnd - lane), true, none);
    emit(Lane::DataComm, m_syncKind, m_t, m_syncExposed, false, none);
    m_t += m_syncExposed;
    emit(Lane::Compute, Kind::Optimizer, m_t, m_parts.optimizer, false, none);
    m_t += m_parts.optimizer;
    emit(Lane::DataComm, Kind::AllGather, m_t, m_gatherExposed, false, none);
    m_t += m_gatherExposed;
}

// Rank 0's 1F1B order (Megatron-LM schedules.py): warm-up forwards (pp - 1; interleaved
// 2(pp - 1) + (vpp - 1)pp chunk passes), then a backward after each forward, then the cool-down
// backwards. Its idle time as in 1F1B with equal stages: before the first backward the backward
// part of the bubble (and the forward part a short warm-up leaves), between the last pp - 1
// backwards one pp - 1-th of its forward part each.
StepTimeline Builder::build()
{
    const std::int64_t warmup = std::min(m_passes, m_v == 1 ? m_p - 1 : 2 * (m_p - 1) + (m_v - 1) * m_p);
    const std::int64_t leading = std::min(warmup + 1, m_passes);
    const std::int64_t steady = std::max<std::int64_t>(0, m_passes - warmup - 1);
    const std::int64_t cooldown = m_passes - steady;
    const std::int64_t gapped = std::min(m_p - 1, cooldown - 1);
    const double gapEach = m_p > 1 ? m_parts.bubble * (1.0 - m_backwardShare) / double(m_p - 1) : 0.0;
    const double firstGap = std::max(0.0, m_parts.bubble - double(gapped) * gapEach);
    // The previous step's parameter gather, hidden under this step's first forward.
    emit(Lane::DataComm, Kind::AllGather, 0.0, m_gatherHidden, true, PassRef{});
    run(true, 0, leading, 0.0);
    emit(Lane::Compute, Kind::Idle, m_t, firstGap, false, PassRef{});
    m_t += firstGap;
    pairs(0, leading, steady);
    run(false, steady, cooldown - gapped, 0.0);
    run(false, m_passes - gapped, gapped, gapEach);
    stepEnd();
    std::stable_sort(m_out.segments.begin(), m_out.segments.end(),
                     [](const Segment &a, const Segment &b) { return a.start_s < b.start_s; });
    m_out.step_time_s = m_t;
    return m_out;
}

} // namespace

StepTimeline stepTimeline(const Plan &plan, const Result &r, std::int64_t maxDrawnPasses)
{
    if (!(r.step_time_s > 0) || !std::isfinite(r.step_time_s) || r.micro_batches < 1)
        return {};
    return Builder(plan, r, maxDrawnPasses).build();
}

double laneTime(const StepTimeline &t, Lane lane)
{
    double sum = 0;
    for (const Segment &s : t.segments)
        if (s.lane == lane)
            sum += s.duration();
    return sum;
}

double exposedCommTime(const StepTimeline &t)
{
    double sum = 0;
    for (const Segment &s : t.segments)
        if (s.lane != Lane::Compute && !s.overlapped)
            sum += s.duration();
    return sum;
}

} // namespace commtax::timeline
