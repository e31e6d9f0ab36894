// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The alpha-beta model of NCCL collectives and nccl-tests' bus bandwidth (docs/model.md §4).

#include "plan.h"

namespace commtax {

enum class Collective { AllReduce,
                        ReduceScatter,
                        AllGather,
                        AllToAll,
                        Broadcast,
                        Reduce,
                        SendRecv };
const char *toString(Collective c);

// NCCL's tuner (src/graph/tuning.cc): base latency of one collective, Simple protocol.
inline constexpr double kCollectiveBaseLatencyUs = 8.4;
// NVLink SHARP (NVLS): the NVSwitch reduces in the fabric, so an all-reduce inside an NVSwitch node
// reaches a busbw above the link rate: 8x H100 about 480 GB/s against 450 GB/s of NVLink per
// direction and about 370 with the ring (docs/model.md §4 and §10; nccl-tests all_reduce_perf with
// NCCL_NVLS_ENABLE). We charge NVLS all-reduce busbw = 480/450 of the link rate, for a group that
// holds a whole NVSwitch node.
inline constexpr double kNvlsAllReduceBusBwPerLink = 480.0 / 450.0;

// nccl-tests' busbw/algbw factor (doc/PERFORMANCE.md): 2(n-1)/n for all-reduce, (n-1)/n for
// reduce-scatter, all-gather and all-to-all, 1 for broadcast, reduce and send/recv.
double busBandwidthFactor(Collective c, int ranks);

// The plain ring all-reduce of the seed articles: 2(n-1)*alpha + 2(n-1)/n * S / BW.
double ringAllReduceTimeS(double bytes, int ranks, double bw_gbps, double alpha_s);

// Nodes under one leaf switch per rail: a DGX SuperPOD scalable unit is 32 nodes, each rail's leaf
// switch connecting the same rail of all 32 (NVIDIA DGX SuperPOD reference architecture, DGX H100).
// A cluster of more nodes has spine switches above the leaves.
inline constexpr int kNodesPerLeaf = 32;

// A group of ranks and what connects them.
struct GroupLink {
    int ranks = 1;                   // n
    int nodes = 1;                   // nodes the group spans
    int ranks_per_node = 1;          // k
    double busbw_gbps = 0;           // achievable bus bandwidth of the group (ring), GB/s
    double allreduce_busbw_gbps = 0; // all-reduce busbw: the ring's, or NVLS's inside an NVSwitch node
    double line_gbps = 0;            // the bottleneck link's line rate, GB/s (busbw never exceeds it)
    double intra_step_us = 0;
    double net_step_us = 0;
    // The latency part of each kind of collective on this group (collectiveLatencyS), worked out once
    // by groupLink(): an evaluation asks for them dozens of times per plan and the layout search
    // evaluates millions of plans on the same few links. A default link (one rank) has only the
    // send/recv's base latency.
    double allreduce_latency_s = 0; // all-reduce: the ring or NCCL's tree, whichever is faster
    double ring_latency_s = 0;      // reduce-scatter and all-gather
    double linear_latency_s = 0;    // all-to-all, broadcast and reduce: n - 1 steps
    double sendrecv_latency_s = kCollectiveBaseLatencyUs * 1e-6;
    double ring_factor = 0; // (n - 1) / n, busBandwidthFactor's of a ring
};

// Link of a group of `ranks` ranks spread as `ranks_per_node` per node over `nodes` nodes.
GroupLink groupLink(const GpuSpec &gpu, const ClusterSpec &cluster, int ranks, int nodes, int ranks_per_node);
// Achievable intra-node busbw of a GPU (P2P off halves it: every byte crosses PCIe twice).
double intraNodeBusBwGbps(const GpuSpec &gpu);
double nicBusBwGbpsPerGpu(const ClusterSpec &cluster);
// A GPU's NIC busbw for traffic between nodes: divided by the oversubscription when the cluster
// has more nodes than one leaf switch serves (groupLink's rings and the expert all-to-all alike).
double spineBusBwGbpsPerGpu(const ClusterSpec &cluster);

// Latency part only (base + steps), seconds: groupLink()'s figure for the collective's kind.
inline double collectiveLatencyS(Collective c, const GroupLink &g)
{
    switch (c) {
    case Collective::AllReduce: return g.allreduce_latency_s;
    case Collective::ReduceScatter:
    case Collective::AllGather: return g.ring_latency_s;
    case Collective::AllToAll:
    case Collective::Broadcast:
    case Collective::Reduce: return g.linear_latency_s;
    case Collective::SendRecv: return g.sendrecv_latency_s;
    }
    return 0.0;
}

// Time of one collective of `bytes` (nccl-tests' "size") on a group, seconds:
// T = latency + busBandwidthFactor * S / busbw, whatever n was.
inline double collectiveTimeS(Collective c, double bytes, const GroupLink &g)
{
    if (g.ranks <= 1 && c != Collective::SendRecv)
        return 0.0;
    switch (c) {
    case Collective::AllReduce: // 2(n-1)/n, the ring's factor twice (exactly: doubling rounds nothing)
        return g.allreduce_latency_s + 2.0 * g.ring_factor * bytes / (g.allreduce_busbw_gbps * 1e9);
    case Collective::ReduceScatter:
    case Collective::AllGather:
    case Collective::AllToAll: return collectiveLatencyS(c, g) + g.ring_factor * bytes / (g.busbw_gbps * 1e9);
    case Collective::Broadcast:
    case Collective::Reduce:
    case Collective::SendRecv: break;
    }
    return collectiveLatencyS(c, g) + bytes / (g.busbw_gbps * 1e9);
}

} // namespace commtax
