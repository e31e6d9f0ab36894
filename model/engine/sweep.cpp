// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweep.h"

#include "enginetext.h"
#include "limits.h"

#include <numeric>

namespace commtax {

std::vector<int> defaultGpuCounts()
{
    std::vector<int> out;
    for (int g = 8; g <= 16384; g *= 2)
        out.push_back(g);
    return out;
}

namespace {
// A reason as validate() gives one: the field, the English sentence and its template (context
// "commtax::Errors", translated by the GUI: model/text/modeltext.h planErrorText()).
PlanError problem(FieldId field, const char *pattern, std::vector<std::string> args = {})
{
    PlanError e;
    e.field = fieldPath(field);
    e.text = EngineText{pattern, std::move(args)};
    e.message = toString(e.text);
    return e;
}

void setError(SweepPoint &pt, PlanError e)
{
    pt.error = e.field + ": " + e.message;
    pt.problem = std::move(e);
}
} // namespace

bool resizePlan(Plan &plan, int gpus, GpuScaling scaling, PlanError *why)
{
    TrainingSpec &t = plan.training;
    auto fail = [&](PlanError reason) {
        if (why)
            *why = std::move(reason);
        return false;
    };
    const auto n = [](std::int64_t v) { return std::to_string(v); };
    // Sizes in checked 64-bit arithmetic: a plan that was never validated (or a huge count from
    // the command line) must give a reason, never a wrapped product or a division by zero.
    std::int64_t tp_pp = 0; // tp * cp * pp: the GPUs of one data-parallel replica
    if (!modelParallelGpus(t, tp_pp))
        return fail(problem(FieldId::training_tp,
                            CT_TR("commtax::Errors", "tp, cp and pp must be positive and small enough to multiply")));
    if (gpus <= 0 || gpus % tp_pp != 0)
        return fail(problem(FieldId::training_dp,
                            CT_TR("commtax::Errors", "%1 GPUs do not divide into tp*cp*pp=%2"), {n(gpus), n(tp_pp)}));
    std::int64_t perStep = 0;
    const bool oldLayoutOk = t.micro_batch > 0 && t.dp > 0 && checkedMul(t.micro_batch, t.dp, perStep);
    const std::int64_t mb = oldLayoutOk ? t.global_batch / perStep : 0;
    const int gpn = plan.cluster.gpus_per_node;
    if (gpn <= 0)
        return fail(problem(FieldId::cluster_gpus_per_node, CT_TR("commtax::Errors", "must be positive")));
    if (gpus < gpn) {
        plan.cluster.nodes = 1;
        plan.cluster.gpus_per_node = gpus;
    } else if (gpus % gpn == 0) {
        plan.cluster.nodes = gpus / gpn;
    } else {
        return fail(problem(FieldId::cluster_nodes, CT_TR("commtax::Errors", "%1 GPUs do not fill nodes of %2"),
                            {n(gpus), n(gpn)}));
    }
    t.dp = static_cast<int>(gpus / tp_pp);
    // Hybrid sharding keeps its shard groups where they divide the new dp, else the largest that
    // divides both (docs/model.md §5): groups of 8 on dp 12 become 4, as a framework's mesh needs.
    if (t.dp_shard > 0)
        t.dp_shard = std::gcd(t.dp_shard, t.dp);
    if (scaling == GpuScaling::FixedMicroBatches) {
        std::int64_t batch = 0;
        if (!checkedMul(mb, t.micro_batch, t.dp, batch) || !fitsInt(batch))
            return fail(
                problem(FieldId::training_global_batch,
                        CT_TR("commtax::Errors",
                              "%1 micro-batches of %2 on dp=%3 do not fit a whole number of sequences per step"),
                        {n(mb), n(t.micro_batch), n(t.dp)}));
        t.global_batch = static_cast<int>(batch);
    }
    return true;
}

namespace {
void evaluateInto(const Plan &plan, SweepPoint &pt)
{
    std::vector<PlanError> errors = validate(plan);
    if (errors.empty()) {
        pt.valid = true;
        pt.result = evaluateValid(plan);
    } else {
        setError(pt, std::move(errors.front()));
    }
}
} // namespace

std::vector<SweepPoint> sweepGpuCount(const Plan &plan, const std::vector<int> &gpuCounts, GpuScaling scaling)
{
    std::vector<SweepPoint> out(gpuCounts.size());
    Plan work = plan;
    for (size_t i = 0; i < gpuCounts.size(); ++i) {
        SweepPoint &pt = out[i];
        pt.x = gpuCounts[i];
        work.cluster.nodes = plan.cluster.nodes;
        work.cluster.gpus_per_node = plan.cluster.gpus_per_node;
        work.training = plan.training;
        if (PlanError why; resizePlan(work, gpuCounts[i], scaling, &why))
            evaluateInto(work, pt);
        else
            setError(pt, std::move(why));
    }
    return out;
}

std::vector<SweepPoint> sweepMicroBatches(const Plan &plan, const std::vector<int> &microBatchCounts)
{
    std::vector<SweepPoint> out(microBatchCounts.size());
    Plan work = plan;
    for (size_t i = 0; i < microBatchCounts.size(); ++i) {
        SweepPoint &pt = out[i];
        pt.x = microBatchCounts[i];
        std::int64_t batch = 0;
        if (checkedMul(microBatchCounts[i], plan.training.micro_batch, plan.training.dp, batch) && fitsInt(batch)) {
            work.training.global_batch = static_cast<int>(batch);
            evaluateInto(work, pt);
        } else {
            const std::string count = std::to_string(microBatchCounts[i]);
            const char *pattern
                = CT_TR("commtax::Errors", "%1 micro-batches do not fit a whole number of sequences per step");
            setError(pt, problem(FieldId::training_global_batch, pattern, {count}));
        }
    }
    return out;
}

std::vector<SweepPoint> sweepHardware(const Plan &plan, const std::vector<Hardware> &hardware)
{
    std::vector<SweepPoint> out(hardware.size());
    std::int64_t gpus64 = 0;
    const bool gpusFit = checkedMul(plan.cluster.nodes, plan.cluster.gpus_per_node, gpus64) && fitsInt(gpus64);
    const int gpus = gpusFit ? static_cast<int>(gpus64) : 0; // 0: every point says why
    for (size_t i = 0; i < hardware.size(); ++i) {
        Plan work = plan;
        work.gpu = hardware[i].gpu;
        work.cluster = hardware[i].cluster;
        work.training.compute_efficiency.reset(); // each GPU brings its own default
        work.economics.usd_per_gpu_hour = 0;      // and its own rent price (issue 12, defect 12)
        SweepPoint &pt = out[i];
        pt.x = static_cast<double>(i);
        if (PlanError why; resizePlan(work, gpus, GpuScaling::FixedGlobalBatch, &why))
            evaluateInto(work, pt);
        else
            setError(pt, std::move(why));
    }
    return out;
}

} // namespace commtax
