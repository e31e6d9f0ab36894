// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// An H100 in a DGX H100 (the figures of presets/gpus.json and clusters.json) as plain specs, for
// the fuzz target and the benchmark, which do without Qt and so without the preset files.
#include "engine/plan.h"

namespace commtax::reference {

inline GpuSpec h100()
{
    GpuSpec g;
    g.id = "h100-sxm";
    g.intra_bw_gbps = 450;
    g.intra_efficiency = 0.82;
    g.intra_latency_us = 3.4;
    return g;
}

inline ClusterSpec dgxH100()
{
    ClusterSpec c;
    c.id = "dgx-h100";
    c.gpus_per_node = 8;
    c.nic_gbit_per_gpu = 400;
    c.nic_efficiency = 0.9;
    c.nic_latency_us = 14;
    return c;
}

} // namespace commtax::reference
