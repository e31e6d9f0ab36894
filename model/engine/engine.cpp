// SPDX-License-Identifier: GPL-3.0-or-later
// evaluate(): validate(), then the phases of an evaluation in order (phases.h).
#include "phases.h"

namespace commtax {

PlanPrefix preparePrefix(const Plan &plan) { return PlanPrefix{layerDims(plan.model), placeGroups(plan)}; }

Result evaluateValid(const Plan &plan) { return evaluateValid(plan, preparePrefix(plan)); }

namespace {

// The phases into `r`, a Result as default-constructed: evaluate() fills its Evaluation's in place
// instead of copying a returned one (a hundred figures). `work` and `stages`: the layer work and the
// pipeline's stages, worked out here when null (both or neither).
void evaluateInto(const Plan &plan, const PlanPrefix &prefix, const LayerWork *work, const PipelineStages *stages,
                  Unfit unfit, Result &r)
{
    using engine_detail::Shape;
    Shape k = work ? Shape(plan, prefix.dims, *work, *stages) : Shape(plan, prefix.dims);
    // validate() bounds micro_batch*dp by global_batch, so the count fits an int.
    const int mbCount = static_cast<int>(plan.training.global_batch
                                         / (static_cast<std::int64_t>(plan.training.micro_batch) * plan.training.dp));
    k.mb = mbCount;
    r.gpus = static_cast<int>(k.G);
    r.micro_batches = mbCount;
    const Placement &pl = prefix.placement;
    if (!work)
        engine_detail::layerPhase(plan, k, pl);
    // The memory reads the layer work, the stages and the placement, none of the figures the compute
    // and communication phases write (the Shape's times, the pacing stage): first, so a plan that does
    // not fit can stop here.
    engine_detail::memoryPhase(plan, k, pl, r);
    if (unfit == Unfit::MemoryOnly && !r.fits_in_memory)
        return;
    engine_detail::computePhase(plan, k, r);
    engine_detail::communicationPhase(plan, k, pl, r);
    engine_detail::goodputPhase(plan, k, r);
    engine_detail::economicsPhase(plan, k, r);
    engine_detail::warningPhase(plan, k, pl, r);
}
} // namespace

Result evaluateValid(const Plan &plan, const PlanPrefix &prefix)
{
    Result r;
    evaluateInto(plan, prefix, nullptr, nullptr, Unfit::Evaluate, r);
    return r;
}

LayerWork prepareLayerWork(const Plan &plan, const PlanPrefix &prefix)
{
    engine_detail::Shape k(plan, prefix.dims);
    engine_detail::layerPhase(plan, k, prefix.placement);
    return static_cast<const LayerWork &>(k);
}

Result evaluateValid(const Plan &plan, const PlanPrefix &prefix, const LayerWork &work, const PipelineStages &stages,
                     Unfit unfit)
{
    Result r;
    evaluateInto(plan, prefix, &work, &stages, unfit, r);
    return r;
}

Evaluation evaluate(const Plan &plan)
{
    Evaluation e;
    e.errors = validate(plan);
    if (e.errors.empty())
        evaluateInto(plan, preparePrefix(plan), nullptr, nullptr, Unfit::Evaluate, e.result);
    return e;
}

} // namespace commtax
