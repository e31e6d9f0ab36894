// SPDX-License-Identifier: GPL-3.0-or-later
// evaluate(): validate(), then the phases of an evaluation in order (phases.h).
#include "phases.h"

namespace commtax {

PlanPrefix preparePrefix(const Plan &plan) { return PlanPrefix{layerDims(plan.model), placeGroups(plan)}; }

Result evaluateValid(const Plan &plan) { return evaluateValid(plan, preparePrefix(plan)); }

namespace {

// The Shape's per-layer figures (layerPhase()) from and to a LayerWork, field by field: a loop over
// a table of member pointers was 6% slower on the search (docs/performance.md). A field added to
// one of the two lists and not the other fails test_search layerWorkSharedAcrossVppAndZero.
void loadLayerWork(engine_detail::Shape &k, const LayerWork &w)
{
    k.qkvGemm = w.qkv_gemm;
    k.projGemm = w.proj_gemm;
    k.fc1Gemm = w.fc1_gemm;
    k.fc2Gemm = w.fc2_gemm;
    k.attnCoreTime = w.attn_core;
    k.headTime = w.head;
    k.upRecompute = w.up_recompute;
    k.denseLayerTime = w.dense_layer;
    k.denseFp8Time = w.dense_fp8;
    k.denseWeightCast = w.dense_weight_cast;
    k.moeLayerTime = w.moe_layer;
    k.moeAttnTime = w.moe_attn;
    k.moeFp8Time = w.moe_fp8;
    k.moeWeightCast = w.moe_weight_cast;
    k.act = {w.act_dense, w.act_moe, w.act_recomputing};
    k.tpLayerTime = w.tp_layer;
    k.tpLayerHidden = w.tp_layer_hidden;
    k.cpLayerTime = w.cp_layer;
    k.cpLayerExposed = w.cp_layer_exposed;
    k.epLayerTime = w.ep_layer;
}

LayerWork savedLayerWork(const engine_detail::Shape &k)
{
    LayerWork w;
    w.qkv_gemm = k.qkvGemm;
    w.proj_gemm = k.projGemm;
    w.fc1_gemm = k.fc1Gemm;
    w.fc2_gemm = k.fc2Gemm;
    w.attn_core = k.attnCoreTime;
    w.head = k.headTime;
    w.up_recompute = k.upRecompute;
    w.dense_layer = k.denseLayerTime;
    w.dense_fp8 = k.denseFp8Time;
    w.dense_weight_cast = k.denseWeightCast;
    w.moe_layer = k.moeLayerTime;
    w.moe_attn = k.moeAttnTime;
    w.moe_fp8 = k.moeFp8Time;
    w.moe_weight_cast = k.moeWeightCast;
    w.act_dense = k.act.dense;
    w.act_moe = k.act.moe;
    w.act_recomputing = k.act.recomputing;
    w.tp_layer = k.tpLayerTime;
    w.tp_layer_hidden = k.tpLayerHidden;
    w.cp_layer = k.cpLayerTime;
    w.cp_layer_exposed = k.cpLayerExposed;
    w.ep_layer = k.epLayerTime;
    return w;
}

// The phases into `r`, a Result as default-constructed: evaluate() fills its Evaluation's in place
// instead of copying a returned one (a hundred figures). `work`: the layer work, worked out here
// when null.
void evaluateInto(const Plan &plan, const PlanPrefix &prefix, const LayerWork *work, Result &r)
{
    engine_detail::Shape k(plan, prefix.dims);
    // validate() bounds micro_batch*dp by global_batch, so the count fits an int.
    const int mbCount = static_cast<int>(plan.training.global_batch
                                         / (static_cast<std::int64_t>(plan.training.micro_batch) * plan.training.dp));
    k.mb = mbCount;
    r.gpus = static_cast<int>(k.G);
    r.micro_batches = mbCount;
    if (work)
        loadLayerWork(k, *work);
    else
        engine_detail::layerPhase(plan, k, prefix.placement);
    engine_detail::computePhase(plan, k, r);
    const Placement &pl = prefix.placement;
    engine_detail::communicationPhase(plan, k, pl, r);
    engine_detail::memoryPhase(plan, k, pl, r);
    engine_detail::goodputPhase(plan, k, r);
    engine_detail::economicsPhase(plan, k, r);
    engine_detail::warningPhase(plan, k, pl, r);
}
} // namespace

Result evaluateValid(const Plan &plan, const PlanPrefix &prefix)
{
    Result r;
    evaluateInto(plan, prefix, nullptr, r);
    return r;
}

LayerWork prepareLayerWork(const Plan &plan, const PlanPrefix &prefix)
{
    engine_detail::Shape k(plan, prefix.dims);
    engine_detail::layerPhase(plan, k, prefix.placement);
    return savedLayerWork(k);
}

Result evaluateValid(const Plan &plan, const PlanPrefix &prefix, const LayerWork &work)
{
    Result r;
    evaluateInto(plan, prefix, &work, r);
    return r;
}

Evaluation evaluate(const Plan &plan)
{
    Evaluation e;
    e.errors = validate(plan);
    if (e.errors.empty())
        evaluateInto(plan, preparePrefix(plan), nullptr, e.result);
    return e;
}

} // namespace commtax
