// SPDX-License-Identifier: GPL-3.0-or-later
#include "collectives.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace commtax {

const char *toString(Collective c)
{
    switch (c) {
    case Collective::AllReduce: return "all_reduce";
    case Collective::ReduceScatter: return "reduce_scatter";
    case Collective::AllGather: return "all_gather";
    case Collective::AllToAll: return "alltoall";
    case Collective::Broadcast: return "broadcast";
    case Collective::Reduce: return "reduce";
    case Collective::SendRecv: return "sendrecv";
    }
    return "?";
}

double busBandwidthFactor(Collective c, int ranks)
{
    const double n = std::max(ranks, 1);
    switch (c) {
    case Collective::AllReduce: return 2.0 * (n - 1.0) / n;
    case Collective::ReduceScatter:
    case Collective::AllGather:
    case Collective::AllToAll: return (n - 1.0) / n;
    case Collective::Broadcast:
    case Collective::Reduce:
    case Collective::SendRecv: return 1.0;
    }
    return 1.0;
}

double ringAllReduceTimeS(double bytes, int ranks, double bw_gbps, double alpha_s)
{
    if (ranks <= 1)
        return 0.0;
    const double n = ranks;
    return 2.0 * (n - 1.0) * alpha_s + 2.0 * (n - 1.0) / n * bytes / (bw_gbps * 1e9);
}

double intraNodeBusBwGbps(const GpuSpec &gpu)
{
    return gpu.intra_bw_gbps * gpu.intra_efficiency * (gpu.p2p ? 1.0 : 0.5);
}

double nicBusBwGbpsPerGpu(const ClusterSpec &cluster)
{
    return cluster.nic_gbit_per_gpu / 8.0 * cluster.nic_efficiency;
}

double spineBusBwGbpsPerGpu(const ClusterSpec &cluster)
{
    // Oversubscribed spine: kept simple, any group spanning more than one node crosses the spine
    // when the cluster has more nodes than one leaf serves (a job's nodes are not guaranteed to
    // share a leaf), and gets the NIC bandwidth divided by the oversubscription.
    const double nic = nicBusBwGbpsPerGpu(cluster);
    return cluster.nodes > kNodesPerLeaf ? nic / cluster.oversubscription : nic;
}

namespace {
// Latency steps of a ring: across nodes every step waits for the network.
double stepS(const GroupLink &g)
{
    return (g.nodes > 1 ? g.net_step_us : g.intra_step_us) * 1e-6;
}
// A ring of `steps` steps of which `netSteps` cross the network, the rest inside a node, as NCCL's
// tuner counts them (src/graph/tuning.cc: (nsteps - nInterSteps) * intraLat + nInterSteps * interLat,
// nInterSteps = 2*(nNodes-1) for all-reduce, nNodes-1 for reduce-scatter and all-gather).
double ringStepsS(const GroupLink &g, double steps, double netSteps)
{
    if (g.nodes <= 1)
        return steps * g.intra_step_us * 1e-6;
    return ((steps - netSteps) * g.intra_step_us + netSteps * g.net_step_us) * 1e-6;
}

// The latency of each kind of collective (docs/model.md §4), once per link.
double latencyS(Collective c, const GroupLink &g)
{
    if (g.ranks <= 1 && c != Collective::SendRecv)
        return 0.0;
    const double n = g.ranks;
    const double base = kCollectiveBaseLatencyUs * 1e-6;
    switch (c) {
    case Collective::AllReduce: {
        double lat = ringStepsS(g, 2.0 * (n - 1.0), 2.0 * (g.nodes - 1.0));
        if (g.nodes > 1) {
            // NCCL's tree takes 2*log2(nodes) network steps (plus the ranks inside a node); NCCL
            // picks whichever is faster. ceil(log2(nodes)) of a whole number of nodes >= 2 is the bit
            // width of nodes - 1, exactly.
            const double levels = std::bit_width(static_cast<unsigned>(g.nodes - 1));
            const double tree = 2.0 * levels * g.net_step_us * 1e-6
                + 2.0 * (g.ranks_per_node - 1) * g.intra_step_us * 1e-6;
            lat = std::min(lat, tree);
        }
        return base + lat;
    }
    case Collective::ReduceScatter:
    case Collective::AllGather: return base + ringStepsS(g, n - 1.0, g.nodes - 1.0);
    case Collective::AllToAll:
    case Collective::Broadcast:
    case Collective::Reduce: return base + (n - 1.0) * stepS(g);
    case Collective::SendRecv: return base + stepS(g);
    }
    return base;
}

void setLatencies(GroupLink &g)
{
    g.allreduce_latency_s = latencyS(Collective::AllReduce, g);
    g.ring_latency_s = latencyS(Collective::ReduceScatter, g);
    g.linear_latency_s = latencyS(Collective::AllToAll, g);
    g.sendrecv_latency_s = latencyS(Collective::SendRecv, g);
    g.ring_factor = busBandwidthFactor(Collective::ReduceScatter, g.ranks);
}
} // namespace

GroupLink groupLink(const GpuSpec &gpu, const ClusterSpec &cluster, int ranks, int nodes, int ranks_per_node)
{
    GroupLink g;
    g.ranks = std::max(ranks, 1);
    g.nodes = std::max(nodes, 1);
    g.ranks_per_node = std::clamp(ranks_per_node, 1, g.ranks);
    g.intra_step_us = gpu.intra_latency_us;
    g.net_step_us = cluster.nic_latency_us;
    const double intra = intraNodeBusBwGbps(gpu);
    if (g.nodes <= 1) {
        g.busbw_gbps = intra;
        g.line_gbps = gpu.intra_bw_gbps;
    } else {
        // Rail-optimised: a ring over nodes runs one channel per rail, so k ranks per node use k NICs.
        const double k = g.ranks_per_node;
        const double net = k * spineBusBwGbpsPerGpu(cluster);
        g.busbw_gbps = std::min(intra, net);
        g.line_gbps = std::min(gpu.intra_bw_gbps, k * cluster.nic_gbit_per_gpu / 8.0);
    }
    g.allreduce_busbw_gbps = g.busbw_gbps;
    // NVLS reduces inside the NVSwitch: for a group holding a whole NVSwitch node, the case the
    // 480 GB/s was measured on (8x H100). A 4-GPU H100 log runs at the ring's 370 GB/s
    // (tests/fixtures/nccl/llminsights_dgxh100_4gpu_fragment.txt), so smaller groups keep the ring.
    if (g.nodes <= 1 && g.ranks > 1 && g.ranks >= cluster.gpus_per_node && gpu.nvls && gpu.nvlink && gpu.p2p)
        g.allreduce_busbw_gbps = std::max(g.busbw_gbps, gpu.intra_bw_gbps * kNvlsAllReduceBusBwPerLink);
    setLatencies(g);
    return g;
}

} // namespace commtax
