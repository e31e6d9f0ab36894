// SPDX-License-Identifier: GPL-3.0-or-later
#include "gpumove.h"

#include "engine/limits.h"

namespace commtax {

std::optional<GpuInServer> gpuInServer(const PresetCatalog &catalog, const QString &gpuId)
{
    std::optional<Preset> gpu = catalog.find(Section::Gpu, gpuId);
    if (!gpu)
        return std::nullopt;
    std::optional<Preset> cluster = catalog.find(Section::Cluster, gpu->defaultCluster());
    return GpuInServer{std::move(*gpu), std::move(cluster)};
}

std::optional<Hardware> hardwareFor(const PresetCatalog &catalog, const QString &gpuId, const ClusterSpec &fallback)
{
    const std::optional<GpuInServer> found = gpuInServer(catalog, gpuId);
    if (!found)
        return std::nullopt;
    Plan plan;
    plan.cluster = fallback;
    found->gpu.applyTo(plan);
    if (found->cluster)
        found->cluster->applyTo(plan);
    return Hardware{plan.gpu, plan.cluster};
}

std::optional<GpuInServer> moveToGpu(const PresetCatalog &catalog, Plan &plan, const QString &gpuId, bool *keptGpuCount)
{
    const std::optional<Hardware> hardware = hardwareFor(catalog, gpuId, plan.cluster);
    if (!hardware)
        return std::nullopt;
    std::int64_t gpus = 0;
    const bool countFits = checkedMul(plan.cluster.nodes, plan.cluster.gpus_per_node, gpus) && fitsInt(gpus);
    putOnHardware(plan, *hardware);
    const bool kept = countFits && resizePlan(plan, static_cast<int>(gpus), GpuScaling::FixedGlobalBatch, nullptr);
    if (keptGpuCount)
        *keptGpuCount = kept;
    return gpuInServer(catalog, gpuId);
}

void putOnHardware(Plan &plan, const Hardware &hardware)
{
    plan.gpu = hardware.gpu;
    plan.cluster = hardware.cluster;
    plan.training.compute_efficiency.reset(); // each GPU brings its own default
    plan.economics.usd_per_gpu_hour = 0;      // and its own rent price
}

} // namespace commtax
