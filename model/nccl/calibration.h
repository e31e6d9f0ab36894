// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// From one nccl-tests result table to what the model needs (docs/model.md §4 and §7): which collective
// ran on how many ranks and nodes, the alpha-beta fit of time against size, the plateau bus
// bandwidth, whether the all-reduce beat the wire (NVLS, SHARP, NCCL's tree), the engine's
// prediction on a cluster preset for every measured size, and the link figures (efficiency and
// per-step latency) that make the engine reproduce the measurement. Plain values, no Qt.

#include "engine/collectives.h"
#include "nccllog.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace commtax::nccl {

// Busbw plateaus only at 256 MiB-1 GiB (docs/model.md §4): no plateau is claimed from smaller sizes.
inline constexpr double kPlateauMinBytes = 256.0 * 1024 * 1024;
// The seeds' rule of thumb (docs/model.md §7): a measured busbw more than 20% below the model means
// check the topology.
inline constexpr double kBelowModelRatio = 0.8;

enum class Scope { Unknown,
                   IntraNode,
                   InterNode };
const char *toString(Scope s); // "unknown", "intra-node", "inter-node"

// "all_reduce_perf" -> AllReduce ... false for tests the engine does not model (gather_perf...).
bool collectiveFromTestName(std::string_view testName, Collective &c);

// time_us = alpha_us + factor * size / (bw_gbps * 1e3): the alpha-beta model with the bus bandwidth
// as the beta term, as the engine uses it (collectives.h).
struct AlphaBetaFit {
    bool ok = false;
    std::optional<double> alpha_us; // empty when the sizes cannot show the latency (fitted as 0)
    double bw_gbps = 0;             // bus bandwidth the time tends to at large sizes, GB/s
    double factor = 1;              // busbw / algbw of the collective
    int points = 0;
    double rms_residual = 0; // relative residuals (measured - fitted) / measured
    double max_abs_residual = 0;
    double timeUs(double bytes) const;
    double busBwGbps(double bytes) const; // factor * size / time
};

// Weighted least squares of time against size, weights 1/time: the timing jitter of a transfer
// grows with its duration, so the variance is taken proportional to time. Ordinary least squares
// lets the largest size decide everything (and the latency comes out negative); relative least
// squares (weights 1/time^2) lets the dozen latency-bound sizes of a full sweep pull the bandwidth
// down through NCCL's protocol changes (on the fixtures: 273 instead of 331 GB/s). A negative
// intercept, or one below 5% of the smallest time, means the sizes cannot show the latency: the
// bandwidth is then fitted through the origin and alpha is left empty.
AlphaBetaFit fitAlphaBeta(const std::vector<double> &sizesBytes, const std::vector<double> &timesUs, double factor);

struct CalibrationOptions {
    int ranks = 0; // 0: from the device list, else from busbw/algbw
    int nodes = 0; // 0: from the device list's host names
    std::optional<Collective> collective;
};

struct CalibrationRow {
    int line = 0;
    std::uint64_t size_bytes = 0;
    double time_us = 0;
    double algbw_gbps = 0;
    double busbw_gbps = 0;
    std::optional<double> in_place_busbw_gbps;
    double fit_busbw_gbps = 0;   // 0 without a fit
    double fit_residual = 0;     // (measured - fitted) / measured time
    double model_busbw_gbps = 0; // 0 without a comparison
    double vs_model = 0;         // measured busbw / model busbw (= model time / measured time)
    bool below_model = false;    // vs_model < 0.8
};

// The engine's prediction for the same collective, sizes and ranks on a cluster preset.
struct ModelComparison {
    bool available = false;
    std::string gpu_id, cluster_id;
    int ranks = 0, nodes = 0, ranks_per_node = 0;
    bool nodes_assumed = false;
    double link_busbw_gbps = 0; // the group's achievable busbw in the model
    double line_gbps = 0;       // its bottleneck link's line rate
    double latency_us = 0;      // the model's latency of one collective
    int sizes_compared = 0;
    int sizes_below = 0;
    GroupLink link;                                     // the link the engine gives the group
    double bus_factor = 1;                              // the engine's busbw/algbw for the group
    double busBwGbps(Collective c, double bytes) const; // the model's busbw at any size (0 if none)
};

// Link figures that make the engine reproduce the fit: intra-node fields of the GPU preset
// (intra_efficiency, intra_latency_us) or network fields of the cluster preset (nic_efficiency,
// nic_latency_us).
struct CalibratedLink {
    bool available = false;
    Scope scope = Scope::Unknown;
    std::optional<double> efficiency;      // busbw / basis line rate, within (0, 1]
    std::optional<double> step_latency_us; // per collective step
    double basis_line_gbps = 0;            // the line rate the efficiency multiplies
    std::vector<Sentence> notes;           // why a figure was not derived
};

struct Calibration {
    Collective collective = Collective::AllReduce;
    std::string test_name;                        // as named in the log, or empty
    Sentence collective_source;                   // how the collective was known
    int ranks = 0, nodes = 0, ranks_per_node = 0; // 0: unknown
    std::string topology_source;
    Scope scope = Scope::Unknown;
    std::string gpu_name; // from the device list
    std::string tool;     // nccl-tests / rccl-tests
    std::vector<CalibrationRow> rows;
    double peak_busbw_gbps = 0;
    std::uint64_t peak_size_bytes = 0;
    std::optional<double> plateau_busbw_gbps;
    AlphaBetaFit fit;
    std::optional<double> footer_avg_busbw_gbps;
    double mean_busbw_gbps = 0;   // over every busbw column: what the footer averages
    bool above_line_rate = false; // all-reduce busbw above the link: NVLS, SHARP or tree
    ModelComparison model;
    CalibratedLink calibrated;
    std::vector<std::string> missing; // tags: device_list, device_list_incomplete, footer, header,
                                      // collective_name, in_place, plateau, latency, ranks, nodes
    std::vector<Sentence> warnings;   // for people (Note's templates)
};

// Calibrate one table. `gpu` and `cluster` (both or neither) are the preset to compare with.
// Returns false with `error` when the table cannot be calibrated (a test the engine does not model,
// no row with a positive time).
bool calibrate(const ResultTable &table, const CalibrationOptions &options, const GpuSpec *gpu,
               const ClusterSpec *cluster, Calibration &out, Sentence &error);

// "8 B", "64 KiB", "1 GiB", "1.5 MiB": sizes as people read them.
std::string formatBytes(double bytes);

} // namespace commtax::nccl
