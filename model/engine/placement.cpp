// SPDX-License-Identifier: GPL-3.0-or-later
// Where each parallel group's ranks sit and the link it uses (docs/model.md §4, §17).
#include "engine.h"

#include <algorithm>
#include <cstdint>

namespace commtax {

// placement (docs/model.md §4, §17)

GroupSpan groupSpan(std::int64_t stride, std::int64_t ranks, int gpn)
{
    if (ranks <= 1 || gpn <= 0)
        return {1, 1};
    const std::int64_t width = stride * ranks; // ranks from a group's first to one past its last
    if (width <= gpn) {
        if (gpn % width == 0)
            return {1, int(ranks)};
        // Groups fit a node's width but do not tile it (6 GPUs per node with tp=4): some straddle a
        // node boundary. The worst such group has the fewest members on one side. Groups start at
        // j*width + o (o < stride); the pattern repeats within gpn groups.
        int worst = int(ranks);
        bool straddles = false;
        for (std::int64_t j = 0; j < gpn; ++j)
            for (std::int64_t o = 0; o < stride; ++o) {
                const std::int64_t start = j * width + o, last = start + stride * (ranks - 1);
                const std::int64_t node = start / gpn;
                if (node == last / gpn)
                    continue;
                straddles = true;
                const std::int64_t onFirst = ((node + 1) * gpn - start + stride - 1) / stride;
                worst = std::min<int>(worst, int(std::min(onFirst, ranks - onFirst)));
            }
        return straddles ? GroupSpan{2, std::max(worst, 1)} : GroupSpan{1, int(ranks)};
    }
    if (stride % gpn == 0)
        return {int(std::min<std::int64_t>(ranks, INT32_MAX)), 1};
    if (gpn % stride == 0 && width % gpn == 0)
        return {int(width / gpn), int(gpn / stride)};
    // Irregular strides: the nodes the group's extent touches, and the ranks that share one.
    const std::int64_t nodes = std::min<std::int64_t>((stride * (ranks - 1)) / gpn + 2, ranks);
    return {int(nodes), int(std::max<std::int64_t>(1, ranks / nodes))};
}

namespace {
GroupLink linkOf(const Plan &plan, std::int64_t stride, std::int64_t ranks)
{
    const GroupSpan sp = groupSpan(stride, ranks, plan.cluster.gpus_per_node);
    return groupLink(plan.gpu, plan.cluster, int(ranks), sp.nodes, sp.per_node);
}
// Point-to-point between the members of a group (pipeline neighbours, a context-parallel ring):
// inside a node over the GPU fabric; across nodes each GPU sends its own data on its own rail.
GroupLink pairLinkOf(const Plan &plan, std::int64_t stride, std::int64_t ranks)
{
    const GroupSpan sp = groupSpan(stride, ranks, plan.cluster.gpus_per_node);
    return groupLink(plan.gpu, plan.cluster, 2, sp.nodes > 1 ? 2 : 1, sp.nodes > 1 ? 1 : 2);
}
} // namespace

Placement placeGroups(const Plan &plan)
{
    // Megatron-Core's rank order (megatron/core/parallel_state.py, order "tp-cp-ep-dp-pp"): tp
    // fastest, then cp, then dp, then pp; the expert layers fold etp, ep and their data-parallel
    // group edp over the same tp*cp*dp ranks of a stage.
    const TrainingSpec &tr = plan.training;
    const std::int64_t t = tr.tp, c = tr.cp, d = tr.dp, p = tr.pp;
    const std::int64_t etp = effectiveEtp(tr), ep = tr.ep;
    Placement pl;
    pl.tp = linkOf(plan, 1, t);
    // Gradients of the dense parameters reduce over dp x cp (the context-parallel ranks hold the
    // same weights): c*d ranks at stride t.
    pl.dp = linkOf(plan, t, c * d);
    // Hybrid sharding: a shard group is the dp x cp ranks of dp_shard consecutive data-parallel ranks
    // (torchtitan's mesh [dp_replicate, dp_shard, cp, tp]; Megatron-Core's intra-partial data-parallel
    // group, the first dp*cp/R ranks of the dp-cp group), its copies the ranks R groups apart.
    const std::int64_t replicas = dpReplicas(tr);
    if (replicas > 1) {
        pl.shard = linkOf(plan, t, c * d / replicas);
        pl.replica = linkOf(plan, t * c * d / replicas, replicas);
    } else {
        pl.shard = pl.dp;
    }
    pl.pp = pairLinkOf(plan, t * c * d, p);
    if (c > 1)
        pl.cp = pairLinkOf(plan, t, c);
    // A dense plan has no expert groups: one-rank links (nothing to send), computed only for MoE.
    if (plan.model.moe()) {
        pl.etp = linkOf(plan, 1, etp);
        pl.ep = linkOf(plan, etp, ep);
        const std::int64_t edp = expertDataParallelRanks(tr);
        pl.edp = linkOf(plan, etp * ep, edp);
        // The experts' shard groups split edp the same way (Megatron-Core's intra-partial expert
        // data-parallel group; validate() refuses replicas that do not divide edp).
        if (replicas > 1 && edp % replicas == 0) {
            pl.eshard = linkOf(plan, etp * ep, edp / replicas);
            pl.ereplica = linkOf(plan, etp * ep * (edp / replicas), replicas);
        } else {
            pl.eshard = pl.edp;
        }
    }
    return pl;
}

} // namespace commtax
