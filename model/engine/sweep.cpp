#include "sweep.h"

namespace commtax {

std::vector<int> defaultGpuCounts()
{
    std::vector<int> out;
    for (int g = 8; g <= 16384; g *= 2)
        out.push_back(g);
    return out;
}

bool resizePlan(Plan &plan, int gpus, GpuScaling scaling, std::string *why)
{
    TrainingSpec &t = plan.training;
    const int tp_pp = t.tp * t.pp;
    if (gpus <= 0 || gpus % tp_pp != 0) {
        if (why)
            *why = "training.dp: " + std::to_string(gpus) + " GPUs do not divide into tp*pp=" + std::to_string(tp_pp);
        return false;
    }
    const int oldDp = t.dp;
    const int mb = t.micro_batch > 0 && oldDp > 0 ? t.global_batch / (t.micro_batch * oldDp) : 0;
    const int gpn = plan.cluster.gpus_per_node;
    if (gpus < gpn) {
        plan.cluster.nodes = 1;
        plan.cluster.gpus_per_node = gpus;
    } else if (gpus % gpn == 0) {
        plan.cluster.nodes = gpus / gpn;
    } else {
        if (why)
            *why = "cluster.nodes: " + std::to_string(gpus) + " GPUs do not fill nodes of " + std::to_string(gpn);
        return false;
    }
    t.dp = gpus / tp_pp;
    if (scaling == GpuScaling::FixedMicroBatches)
        t.global_batch = mb * t.micro_batch * t.dp;
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
        pt.error = errors.front().field + ": " + errors.front().message;
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
        if (resizePlan(work, gpuCounts[i], scaling, &pt.error))
            evaluateInto(work, pt);
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
        work.training.global_batch = microBatchCounts[i] * plan.training.micro_batch * plan.training.dp;
        evaluateInto(work, pt);
    }
    return out;
}

std::vector<SweepPoint> sweepHardware(const Plan &plan, const std::vector<Hardware> &hardware)
{
    std::vector<SweepPoint> out(hardware.size());
    const int gpus = plan.cluster.nodes * plan.cluster.gpus_per_node;
    for (size_t i = 0; i < hardware.size(); ++i) {
        Plan work = plan;
        work.gpu = hardware[i].gpu;
        work.cluster = hardware[i].cluster;
        work.training.compute_efficiency.reset(); // each GPU brings its own default
        SweepPoint &pt = out[i];
        pt.x = static_cast<double>(i);
        if (resizePlan(work, gpus, GpuScaling::FixedGlobalBatch, &pt.error))
            evaluateInto(work, pt);
    }
    return out;
}

} // namespace commtax
