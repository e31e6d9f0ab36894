// SPDX-License-Identifier: GPL-3.0-or-later
// The communication phases of an evaluation (docs/model.md §4-7, §17): tensor, context and expert
// parallel traffic per layer, the pipeline, the data-parallel sync, then the step time.
#include "phases.h"

#include <algorithm>
#include <cmath>

namespace commtax::engine_detail {

namespace {

// An all-to-all of `bytes` per rank (nccl-tests' size) over a group spanning nodes: the share for
// ranks in the same node crosses the GPU fabric, the rest leaves on each GPU's own NIC (rail-optimised
// with PXN), both at once; the slower of the two sets the time.
// `netShare` scales the part that crosses the network (DeepEP's one copy per node, §17).
// NCCL's all-to-all is a send and a receive per peer, `n - 1` latency steps; DeepEP's kernels
// (`oneLaunch`) write to every peer at once, one step: its low-latency dispatch takes 155 us at EP 32
// and 194 us at EP 256 (DeepEP README, H800, CX7 400 Gb/s), where 255 steps of 14 us would be 3.6 ms.
double allToAllS(double bytes, const GroupLink &g, const Plan &plan, double netShare = 1.0, bool oneLaunch = false)
{
    if (g.ranks <= 1)
        return 0.0;
    const double n = g.ranks, k = g.nodes > 1 ? g.ranks_per_node : n;
    const double intra = bytes * (k - 1.0) / n / (intraNodeBusBwGbps(plan.gpu) * 1e9);
    double net = 0;
    if (g.nodes > 1) {
        net = bytes * netShare * (n - k) / n / (spineBusBwGbpsPerGpu(plan.cluster) * 1e9);
    }
    const double latency = collectiveLatencyS(oneLaunch ? Collective::SendRecv : Collective::AllToAll, g);
    return latency + std::max(intra, net);
}

// ZeRO-3's gathers of a layer of `params` parameters: one collective (FSDP wraps each block) or,
// with a bucket size (DeepSpeed's stage3_prefetch_bucket_size), ceil(params / bucket) collectives.
double gathersPerLayer(const TrainingSpec &tr, double params)
{
    return tr.zero3_bucket_params > 0 ? std::max(1.0, std::ceil(params / tr.zero3_bucket_params)) : 1.0;
}

// ZeRO-3 / FSDP (docs/model.md §5): each layer's parameters are all-gathered before its
// forward and again before its backward, its gradients reduce-scattered after it, every
// micro-batch. Prefetch hides a layer's collectives under the neighbouring layer's compute,
// no more; the first layer's gather has nothing to hide under.
// Each of a layer's gathers (gathersPerLayer()) pays the ring's latency over the whole group:
// (n - 1) steps, so at 1,536 ranks a 5e7-parameter bucket costs about 7 ms whatever its bytes.
// Returns the exposed time; sets r.dp_comm_time_s.
double zero3Sync(const Plan &plan, const Shape &k, const Placement &pl, bool dense, bool experts, Result &r)
{
    const TrainingSpec &tr = plan.training;
    const double denseShard = k.maxStageDenseParams / k.t;
    const double expertShard = k.maxStageExpertParams / (k.ep * k.etp);
    const double layers = std::max(k.pacingLayers, 1.0);
    const double denseLayer = denseShard / layers, expertLayer = expertShard / layers;
    auto gather = [&](double params, const GroupLink &link) {
        return collectiveTimeS(Collective::AllGather, params * 2.0, link)
            + (gathersPerLayer(tr, params) - 1.0) * collectiveLatencyS(Collective::AllGather, link);
    };
    // With hybrid sharding the gathers and the reduce-scatter stay in the shard group, and each shard of
    // the gradients is all-reduced over its copies once a step, in the last micro-batch's backward
    // (Megatron-FSDP: outer_fsdp_group_grad_reduce on the last micro-batch; FSDP2's HSDP with
    // set_requires_all_reduce on the last micro-batch only, as OLMo-core's train module sets it).
    auto allReduce = [&](double params, const GroupLink &shard, const GroupLink &replica) {
        return collectiveTimeS(Collective::AllReduce, params / shard.ranks * tr.grad_bytes, replica);
    };
    double ag = dense ? gather(denseLayer, pl.shard) : 0.0;
    double rs = dense ? collectiveTimeS(Collective::ReduceScatter, denseLayer * tr.grad_bytes, pl.shard) : 0.0;
    double ar = dense ? allReduce(denseLayer, pl.shard, pl.replica) : 0.0;
    if (experts) {
        ag += gather(expertLayer, pl.eshard);
        rs += collectiveTimeS(Collective::ReduceScatter, expertLayer * tr.grad_bytes, pl.eshard);
        ar += allReduce(expertLayer, pl.eshard, pl.ereplica);
    }
    const double layerCompute = k.tComp / k.mb / layers;
    const double fwd = (1.0 - k.backwardShare) * layerCompute, bwd = k.backwardShare * layerCompute;
    const double hiddenFwd = std::max(0.0, ag - tr.dp_overlap * fwd);
    const double perLayer = hiddenFwd + std::max(0.0, ag + rs - tr.dp_overlap * bwd);
    const double lastPerLayer = hiddenFwd + std::max(0.0, ag + rs + ar - tr.dp_overlap * bwd);
    r.dp_comm_time_s = k.mb * layers * (2.0 * ag + rs) + layers * ar;
    return std::min(r.dp_comm_time_s, (k.mb - 1.0) * layers * perLayer + layers * lastPerLayer + k.mb * ag);
}

// ZeRO-0/1: the gradients reduce (all-reduce, or reduce-scatter and the parameters' all-gather)
// once per step; ZeRO-2 reduce-scatters every micro-batch's gradients. Returns the exposed time;
// sets r.dp_comm_time_s.
double stepSync(const Plan &plan, const Shape &k, const Placement &pl, bool dense, bool experts, Result &r)
{
    const TrainingSpec &tr = plan.training;
    // With hybrid sharding (ZeRO 1-2) the reduce-scatter and the gather stay in the shard group and
    // each shard is all-reduced over its copies once a step (Megatron-Core's inter-instance
    // all-reduce with --num-distributed-optimizer-instances; under ZeRO-2, Megatron-FSDP's outer
    // all-reduce on the last micro-batch).
    double raw = 0, rs = 0, ar = 0, ag = 0;
    auto reduce = [&](double shard, const GroupLink &link, const GroupLink &group, const GroupLink &replica) {
        if (tr.zero == 0) {
            const double t = collectiveTimeS(Collective::AllReduce, shard * tr.grad_bytes, link);
            raw += t;
            rs += t;
        } else {
            const double a = collectiveTimeS(Collective::ReduceScatter, shard * tr.grad_bytes, group);
            const double c = collectiveTimeS(Collective::AllReduce, shard / group.ranks * tr.grad_bytes, replica);
            const double b = collectiveTimeS(Collective::AllGather, shard * 2.0, group);
            raw += a + c + b;
            rs += a;
            ar += c;
            ag += b;
        }
    };
    if (dense)
        reduce(k.maxStageDenseParams / k.t, pl.dp, pl.shard, pl.replica);
    if (experts)
        reduce(k.maxStageExpertParams / (k.ep * k.etp), pl.edp, pl.eshard, pl.ereplica);
    // Gradients accumulate over the micro-batches; the buckets go out during the last
    // micro-batch's backward pass, which is all the compute they can hide under. ZeRO-1/2: the
    // updated parameters can only be all-gathered after the optimizer step, so they hide under
    // the next step's first forward pass (Megatron's distributed optimizer with
    // overlap_param_gather), never under the backward the reduce-scatter uses.
    const double backward = k.backwardShare * k.tComp / k.mb;
    const double forward = (1.0 - k.backwardShare) * k.tComp / k.mb;
    // ZeRO-2 keeps only its shard of the gradients, so it cannot accumulate whole ones: each
    // micro-batch's gradients reduce-scatter under that micro-batch's backward, m times a step
    // (DeepSpeed's stage 2 reduces at every micro-step; PyTorch FSDP's SHARD_GRAD_OP and
    // Megatron-FSDP's optim_grads likewise). ZeRO-0/1 keep whole gradients and reduce once.
    const double reduces = tr.zero == 2 ? k.mb : 1.0;
    r.dp_comm_time_s = raw + (reduces - 1.0) * rs;
    return (reduces - 1.0) * std::max(0.0, rs - tr.dp_overlap * backward)
        + std::max(0.0, rs + ar - tr.dp_overlap * backward) + std::max(0.0, ag - tr.dp_overlap * forward);
}

// Data-parallel gradient (and ZeRO parameter) traffic and what of it hides under compute. The dense
// parameters reduce over the dp x cp group, the routed experts over their own group edp.
void dataParallelPhase(const Plan &plan, const Shape &k, const Placement &pl, Result &r)
{
    const TrainingSpec &tr = plan.training;
    // Each stage reduces its own gradients; the stage with the most parameters finishes last.
    const bool experts = k.maxStageExpertParams / (k.ep * k.etp) > 0 && pl.edp.ranks > 1;
    const bool dense = pl.dp.ranks > 1;
    if (tr.zero == 3)
        r.dp_comm_exposed_s = zero3Sync(plan, k, pl, dense, experts, r);
    else
        r.dp_comm_exposed_s = stepSync(plan, k, pl, dense, experts, r);
    if (dense) {
        // ZeRO's collectives run over the shard group, and with hybrid sharding the copies' all-reduce.
        const double latency = tr.zero == 0 ? collectiveLatencyS(Collective::AllReduce, pl.dp)
                                            : 2.0 * collectiveLatencyS(Collective::AllGather, pl.shard)
                + (pl.replica.ranks > 1 ? collectiveLatencyS(Collective::AllReduce, pl.replica) : 0.0);
        const double layers = std::max(k.pacingLayers, 1.0);
        const double bucketed = tr.zero == 3 ? gathersPerLayer(tr, k.maxStageDenseParams / k.t / layers) : 1.0;
        if (latency * (tr.zero == 3 ? 1.5 * k.mb * layers * bucketed : 1.0) > 0.5 * r.dp_comm_time_s)
            r.warnings |= WarnDpLatencyBound;
    }
}

// Activation offload (docs/model.md §8): an offloaded layer's saved activations go to host memory
// while the next layer runs its forward, and come back while the layer after it in the backward runs
// its backward (Transformer Engine's CPU offload: one layer in flight); fine-grained offload moves an
// MoE layer's expert inputs the same way, under the same layer's compute (Megatron-Core copies a
// module's input out after its forward and reloads it a module ahead in the backward). What a copy
// takes beyond the compute it hides under is waited for, per micro-batch and offloaded layer.
struct OffloadWait {
    double dense = 0, moe = 0, moeModules = 0; // moeModules: fine-grained offload, an MoE layer kept
};
OffloadWait offloadWait(const Plan &plan, const Shape &k)
{
    const LayerActivations &la = k.act;
    if (!offloadsActivations(plan.training, la))
        return {};
    const double bw = plan.cluster.host_link_gbps * 1e9;
    auto wait = [&](double bytes, double layerTime) {
        const double copy = bytes / bw;
        return std::max(0.0, copy - (1.0 - k.backwardShare) * layerTime) + std::max(0.0, copy - k.backwardShare * layerTime);
    };
    return {wait(la.dense, k.denseLayerTime), wait(la.moe + la.moeOffloaded, k.moeLayerTime),
            wait(la.moeOffloaded, k.moeLayerTime)};
}

// 1F1B A2A overlap (docs/model.md §17): one MoE layer's all-to-all, per micro-batch, that another
// micro-batch's compute does not hide. Megatron-Core's combined 1F1B runs one micro-batch's forward
// beside another's backward, block by block: each of the four all-to-alls (dispatch and combine,
// forward and backward) under one compute block of the other micro-batch (its attention or its MoE
// block, forward or backward; combined_1f1b.py, DeepSeek-V3 report §3.2.1), so each hides only under
// its own block. The warm-up forwards and the cool-down backwards have no partner: the first
// micro-batch's forward and the last's backward without a pipeline; with one, rank 0's warm-up:
// 2(p-1) + (v-1)p chunks of its m*v interleaved (Megatron's schedules.py), p-1 micro-batches of m
// without interleaving.
double epUnderOtherMicroBatch(const Shape &k)
{
    const double quarter = k.epLayerTime / 4.0;
    const double attn = k.moeAttnTime, block = k.moeLayerTime - k.moeAttnTime;
    const double fwd = 1.0 - k.backwardShare, bwd = k.backwardShare;
    const double paired = std::max(0.0, quarter - fwd * attn) + std::max(0.0, quarter - bwd * attn)
        + std::max(0.0, quarter - fwd * block) + std::max(0.0, quarter - bwd * block);
    const double warmup = k.p == 1 ? 1.0 : k.v > 1 ? 2.0 * (k.p - 1.0) + (k.v - 1.0) * k.p
                                                   : k.p - 1.0;
    const double alone = std::min(1.0, warmup / (k.mb * k.v));
    return alone * k.epLayerTime + (1.0 - alone) * paired;
}

// The pipeline (docs/model.md §6, §16): every stage's time per micro-batch is its compute and its
// exposed TP, CP and expert communication, u_i; the slowest stage paces the pipeline, which takes
// m * u_max + (sum u_i - u_max) / v. The pacing stage is busy m * u_max and idle for the rest: the
// bubble. Equal stages give the familiar (p - 1)/(v*m) of m * u.
void pipelinePhase(const Plan &plan, Shape &k, Result &r)
{
    const TrainingSpec &tr = plan.training;
    const double tpExposed = (k.tpLayerTime - k.tpLayerHidden) * (1.0 - tr.tp_overlap);
    const double commLayer = tpExposed + k.cpLayerExposed;
    // 1F1B A2A overlap: what another micro-batch's blocks leave exposed (epUnderOtherMicroBatch()).
    const double epBase = tr.ep_a2a_overlap ? epUnderOtherMicroBatch(k) : k.epLayerTime;
    const double epExposed = epBase * (1.0 - tr.ep_overlap);
    const OffloadWait wait = offloadWait(plan, k);
    const bool offloads = offloadsActivations(tr, k.act);
    auto stageWait = [&](double D, double Me) {
        if (!offloads)
            return 0.0;
        const OffloadedLayers off = offloadedLayers(tr, D, Me);
        return off.dense * wait.dense + off.moe * wait.moe + (Me - off.moe) * wait.moeModules;
    };
    // The FP8 weight casts (docs/model.md §3): once a step where the FP8 weights are cached for the
    // step's micro-batches (Megatron-Core), else in every micro-batch's forward and its recompute.
    const double castPasses = tr.fp8_weight_cache ? 0.0 : 1.0 + recomputedLinearShare(plan);
    auto stageCast = [&](double D, double Me) { return D * k.denseWeightCast + Me * k.moeWeightCast; };
    double sum = 0, slowest = -1, maxTotal = -1;
    int pace = 0;
    for (int i = 0; i < k.kindCount; ++i) {
        const StageKind &s = k.kinds[i];
        const double D = s.denseLayers, Me = s.moeLayers;
        const double u = D * k.denseLayerTime + Me * (k.moeLayerTime + epExposed) + s.layers * commLayer + (s.last ? k.headTime : 0.0)
            + stageWait(D, Me) + castPasses * stageCast(D, Me);
        sum += s.count * u;
        if (u > slowest) {
            slowest = u;
            pace = i;
        }
        const double total = s.denseParams / k.t + s.expertParams / (k.ep * k.etp);
        if (total > maxTotal) {
            maxTotal = total;
            k.maxStageDenseParams = s.denseParams;
            k.maxStageExpertParams = s.expertParams;
        }
    }
    const StageKind &s = k.kinds[pace];
    const double D = s.denseLayers, Me = s.moeLayers;
    r.pacing_stage = s.index;
    k.pacingLayers = s.layers;
    const double weightCast = tr.fp8_weight_cache ? stageCast(D, Me) : 0.0; // per step
    const double castPerMicroBatch = castPasses * stageCast(D, Me);
    r.offload_time_s = k.mb * stageWait(D, Me);
    const double layers = D * k.denseLayerTime + Me * k.moeLayerTime + (s.last ? k.headTime : 0.0);
    k.tComp = k.mb * (layers + castPerMicroBatch) + weightCast + r.offload_time_s;
    r.compute_time_s = k.tComp;
    r.compute_fp8_time_s = k.mb * (D * k.denseFp8Time + Me * k.moeFp8Time + castPerMicroBatch) + weightCast;
    r.tp_comm_time_s = k.mb * s.layers * k.tpLayerTime;
    r.tp_comm_exposed_s = k.mb * s.layers * tpExposed;
    r.cp_comm_time_s = k.mb * s.layers * k.cpLayerTime;
    r.cp_comm_exposed_s = k.mb * s.layers * k.cpLayerExposed;
    r.ep_comm_time_s = k.mb * Me * k.epLayerTime;
    r.ep_comm_exposed_s = k.mb * Me * epExposed;
    r.bubble_time_s = (sum - slowest) / k.v;
}

// Activations travel in 16 bits, also under FP8 compute.
constexpr double kActBytes = 2.0;

// One layer's tensor-parallel communication per micro-batch, raw (k.tpLayerTime), and the part of it
// its GEMMs hide (k.tpLayerHidden).
void tpLayerTime(const Plan &plan, Shape &k, const Placement &pl, double tokens)
{
    const bool full = plan.training.recompute == Recompute::Full;
    const double msg = tokens * k.h * kActBytes;
    if (plan.training.sequence_parallel) {
        // Korthikanti et al. 2022, §4.2.2: the forward's two all-reduces become an all-gather
        // (g, before the QKV and FC1 column-parallel GEMMs) and a reduce-scatter (g-bar, after the
        // projection and FC2), the backward their conjugates. The input of each column-parallel
        // GEMM is stored sharded (s*b*h/t, the memory saving) and all-gathered again in the
        // backward for the weight gradient (Megatron-LM megatron/core/tensor_parallel/layers.py,
        // LinearWithGradAccumulationAndAsyncCommunication.backward): forward 2 AG + 2 RS,
        // backward 4 AG + 2 RS. Selective recompute repeats no GEMM and so no collective; full
        // recompute runs the forward's 2 AG + 2 RS again, and its backward still re-gathers.
        const double ag = full ? 8.0 : 6.0, rs = full ? 6.0 : 4.0;
        const double agS = collectiveTimeS(Collective::AllGather, msg, pl.tp);
        const double rsS = collectiveTimeS(Collective::ReduceScatter, msg, pl.tp);
        k.tpLayerTime = ag * agS + rs * rsS;
        if (plan.training.tp_comm_overlap) {
            // Split into t chunks, each chunk's transfer under the previous chunk's GEMM (Transformer
            // Engine's userbuffers under Megatron-LM --tp-comm-overlap; PyTorch's micro-pipelined
            // async TP): the first chunk is exposed, and what outlasts the GEMM.
            auto exposed = [&](double c, double g) { return c / k.t + std::max(0.0, c - g) * (k.t - 1.0) / k.t; };
            const double fwd = exposed(agS, k.qkvGemm) + exposed(rsS, k.projGemm) + exposed(agS, k.fc1Gemm)
                + exposed(rsS, k.fc2Gemm);
            const double bwd = exposed(agS, k.projGemm) + exposed(agS, k.fc2Gemm) + exposed(rsS, k.qkvGemm)
                + exposed(rsS, k.fc1Gemm) + exposed(agS, k.qkvGemm) + exposed(agS, k.fc1Gemm);
            k.tpLayerHidden = k.tpLayerTime - (full ? 2.0 : 1.0) * fwd - bwd;
        } else if (plan.training.tp_async_backward) {
            // Megatron-LM and Transformer Engine launch the backward's re-gather of a column-parallel
            // GEMM's input before its data-gradient GEMM and the reduce-scatter of that gradient before
            // the weight-gradient GEMM, each under the GEMM
            // (LinearWithGradAccumulationAndAsyncCommunication.backward): 2 AG + 2 RS of the backward.
            k.tpLayerHidden = std::min(agS, k.qkvGemm) + std::min(rsS, k.qkvGemm) + std::min(agS, k.fc1Gemm)
                + std::min(rsS, k.fc1Gemm);
        }
        return;
    }
    const double arS = collectiveTimeS(Collective::AllReduce, msg, pl.tp);
    k.tpLayerTime = (full ? 6.0 : 4.0) * arS;
    if (plan.training.tp_async_backward)
        k.tpLayerHidden = std::min(arS, k.qkvGemm) + std::min(arS, k.fc1Gemm);
}

// Context parallelism (Megatron-Core's ring attention, TransformerEngine
// AttnFuncWithCPAndKVP2P): each of the cp-1 ring steps passes this GPU's K and V chunk to
// its neighbour while attention runs on the chunk it holds; the backward passes K and V
// again and their gradients. Only what outlasts the attention compute is exposed.
void cpLayerTime(const Plan &plan, Shape &k, const Placement &pl, double tokens)
{
    const bool full = plan.training.recompute == Recompute::Full;
    const LayerDims &L = k.dims;
    const double kv = tokens * (L.k_dim + L.v_dim) / k.t * kActBytes;
    const double step = collectiveTimeS(Collective::SendRecv, kv, pl.cp);
    const double steps = (k.c - 1.0) * (full ? 4.0 : 3.0);
    k.cpLayerTime = steps * step;
    k.cpLayerExposed = std::max(0.0, k.cpLayerTime - k.attnCoreTime);
}

// Token dispatch and combine (Megatron-Core's all-to-all dispatcher): each MoE layer sends
// every token's hidden state to its top-k experts and back, forward and backward (full
// recompute dispatches again), the busiest GPU `moe_imbalance` times the mean. With etp > 1
// the expert's tensor-parallel ranks all-gather the dispatched tokens and reduce-scatter
// the results.
double epLayerTime(const Plan &plan, const Shape &k, const Placement &pl, double tokens)
{
    const TrainingSpec &tr = plan.training;
    // Full recompute and the "moe" module of selective recompute run the layer's forward again.
    const bool full = tr.recompute == Recompute::Full || recomputeModules(plan).moe;
    const double dispatched = tokens / k.t * k.k * k.h * kActBytes * tr.moe_imbalance;
    // DeepEP (DeepSeek-V3 report §3.2.2; Megatron-Core's flex dispatcher) sends a token across
    // the network once per node that holds any of its experts and forwards it over NVLink: k
    // experts spread evenly over the N nodes of the EP group reach N(1 - (1 - 1/N)^k) distinct
    // nodes on average, at most max_nodes_per_token with node-limited routing (DeepSeek-V3: 4).
    double netShare = 1.0;
    if (tr.moe_deepep && pl.ep.nodes > 1) {
        const double N = pl.ep.nodes;
        // (1 - 1/N)^k by squaring: k is a whole number of experts, and std::pow costs as much as the
        // rest of an MoE evaluation (docs/performance.md).
        double miss = 1.0, base = 1.0 - 1.0 / N;
        for (int e = int(k.k); e > 0; e >>= 1, base *= base)
            if (e & 1)
                miss *= base;
        double nodes = N * (1.0 - miss);
        if (plan.model.max_nodes_per_token > 0)
            nodes = std::min(nodes, double(plan.model.max_nodes_per_token));
        netShare = std::min(1.0, nodes / k.k);
    }
    const double a2a = allToAllS(dispatched, pl.ep, plan, netShare, tr.moe_deepep);
    const double etpComm = k.etp > 1 ? collectiveTimeS(Collective::AllGather, dispatched * k.etp, pl.etp)
            + collectiveTimeS(Collective::ReduceScatter, dispatched * k.etp, pl.etp)
                                     : 0.0;
    return (full ? 6.0 : 4.0) * a2a + (full ? 3.0 : 2.0) * etpComm;
}

// The pipeline's sends between stages, and what of them is exposed.
void pipelineSends(const Shape &k, const Placement &pl, double tokens, Result &r)
{
    // Megatron's scatter/gather (and sequence parallelism) splits the boundary tensor over the
    // t ranks of a stage, each sending its shard on its own rail.
    const double msg = tokens * k.h * kActBytes / k.t;
    const double send = collectiveTimeS(Collective::SendRecv, msg, pl.pp);
    r.pp_comm_time_s = 2.0 * k.v * k.mb * send;
    r.pp_comm_exposed_s = r.pp_comm_time_s;
    if (k.v > 1) {
        // The interleaved schedule overlaps each send with the next chunk's compute
        // (Megatron-LM overlap_p2p_comm, on by default: --no-overlap-p2p-communication turns it
        // off; megatron/core/pipeline_parallel/schedules.py). What outlasts a chunk's forward
        // (a third of its compute) stays exposed, and so do the fill's and the drain's sends,
        // which have nothing to hide under. 1F1B without interleaving sends on the critical path.
        const double chunkForward = k.tComp / (k.mb * k.v) / 3.0;
        r.pp_comm_exposed_s = std::min(r.pp_comm_time_s, 2.0 * (k.p - 1.0) * send + 2.0 * k.v * k.mb * std::max(0.0, send - chunkForward));
    }
}

// The optimizer step, the step time and the figures derived from it (docs/model.md §7).
void stepTotals(const Plan &plan, const Shape &k, const Placement &pl, Result &r)
{
    const TrainingSpec &tr = plan.training;
    const double hidden = (r.tp_comm_time_s - r.tp_comm_exposed_s) + (r.dp_comm_time_s - r.dp_comm_exposed_s)
        + (r.cp_comm_time_s - r.cp_comm_exposed_s) + (r.ep_comm_time_s - r.ep_comm_exposed_s)
        + (r.pp_comm_time_s - r.pp_comm_exposed_s);
    r.overlap_slowdown_s = kOverlapComputeSlowdown * hidden;
    // The optimizer step: each GPU updates its shard of the fullest stage's parameters (divided over
    // the data-parallel group under ZeRO), reading and writing its states at the HBM bandwidth.
    // memory_bw_gbps = 0 (unknown) leaves it out.
    if (plan.gpu.memory_bw_gbps > 0) {
        const double denseDiv = tr.zero >= 1 ? double(pl.shard.ranks) : 1.0;
        const double expertDiv = tr.zero >= 1 ? double(pl.eshard.ranks) : 1.0;
        const double updated = k.maxStageDenseParams / k.t / denseDiv + k.maxStageExpertParams / (k.ep * k.etp) / expertDiv;
        r.optimizer_time_s = updated * optimizerBytesPerParam(tr) / (plan.gpu.memory_bw_gbps * 1e9);
    }
    const double commRaw = r.tp_comm_time_s + r.pp_comm_time_s + r.dp_comm_time_s + r.cp_comm_time_s + r.ep_comm_time_s;
    const double commExposed = r.tp_comm_exposed_s + r.pp_comm_exposed_s + r.dp_comm_exposed_s + r.cp_comm_exposed_s + r.ep_comm_exposed_s;
    r.step_time_s = k.tComp + r.bubble_time_s + commExposed + r.overlap_slowdown_s + r.optimizer_time_s;
    // The engine's own error, drawn by the uncertainty (plan.h); the parts above stay as computed.
    if (std::isfinite(plan.step_time_error) && plan.step_time_error > 0)
        r.step_time_s *= plan.step_time_error;
    r.comm_tax_raw = commRaw / (commRaw + k.tComp);
    r.comm_tax_exposed = commExposed / r.step_time_s;
    r.mfu = r.flops_per_step / (r.step_time_s * k.G * k.peak);
    r.hfu = r.hardware_flops_per_step / (r.step_time_s * k.G * k.peak);
    r.compute_efficiency_effective = std::min(1.0, r.hardware_flops_per_step / k.G / ((k.tComp - r.offload_time_s) * k.peak));
    r.tflops_per_gpu = r.flops_per_step / (r.step_time_s * k.G) / 1e12;
    r.tokens_per_s = k.B * k.s / r.step_time_s;
    r.tokens_per_day = r.tokens_per_s * 86400.0;
}

} // namespace

// One layer's TP, CP and EP traffic per micro-batch (docs/model.md §5, §17), part of the layer work
// (layerPhase()).
void layerCommunication(const Plan &plan, Shape &k, const Placement &pl)
{
    const double tokens = k.b * k.s / k.c; // of this GPU's sequence chunk, per micro-batch
    if (k.t > 1)
        tpLayerTime(plan, k, pl, tokens);
    if (k.c > 1)
        cpLayerTime(plan, k, pl, tokens);
    if (plan.model.moe() && (k.ep > 1 || k.etp > 1))
        k.epLayerTime = epLayerTime(plan, k, pl, tokens);
}

// Communication (docs/model.md §4-5, §17), then the step time and the communication tax (§7).
void communicationPhase(const Plan &plan, Shape &k, const Placement &pl, Result &r)
{
    r.tp_busbw_gbps = k.t > 1 ? pl.tp.busbw_gbps : 0.0;
    // ZeRO's collectives run in the shard group (the whole dp group without hybrid sharding).
    const GroupLink &dpLink = plan.training.zero == 0 ? pl.dp : pl.shard.ranks > 1 ? pl.shard
                                                                                   : pl.replica;
    r.dp_busbw_gbps = dpLink.ranks > 1 ? dpLink.busbw_gbps : 0.0;
    r.pp_bw_gbps = k.p > 1 ? pl.pp.busbw_gbps : 0.0;
    r.cp_bw_gbps = k.c > 1 ? pl.cp.busbw_gbps : 0.0;
    r.ep_busbw_gbps = k.ep > 1 ? pl.ep.busbw_gbps : 0.0;
    const double tokens = k.b * k.s / k.c; // of this GPU's sequence chunk, per micro-batch
    // The per-layer TP, CP and EP traffic is layerCommunication()'s (layerPhase()).
    // A pipeline slot is a whole micro-batch of a stage: its compute and the communication that
    // sits on the critical path inside it. The idle slots cost (p-1)/(v*m) of both (equal stages).
    pipelinePhase(plan, k, r);
    if (k.p > 1)
        pipelineSends(k, pl, tokens, r);
    dataParallelPhase(plan, k, pl, r);
    stepTotals(plan, k, pl, r);
}

} // namespace commtax::engine_detail
