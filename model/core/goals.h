// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The goals of a scenario (docs/formats.md, "goals"): what the run must achieve and within which
// limits, and which hardware may be bought or rented for it. `commtax search` reads them from the
// file (its options override them) and answers "what to buy" (search/buy.h): the options that
// meet every limit, ranked, with their odds, or the closest misses.
//
//   "goals": {
//     "deadline_days": 60,                           // days to train at most
//     "budget": {"capex_usd": 2e7, "tco_usd": 6e6},  // capital (buy) and/or cost of the run
//     "power_mw": 1.5, "pue": 1.3,                   // power at the wall, with this PUE
//     "gpus": ["h100-sxm", "a100-sxm-80gb"],         // GPU preset ids (default: every one)
//     "modes": ["buy", "rent"],                      // default both
//     "rent_usd_per_gpu_hour": 2.5,                  // or {"h100-sxm": 2.5}; default: the preset's
//     "precisions": ["bf16", "fp8"],                 // default both; FP8 only where the GPU has it
//     "framework": "megatron",                       // default "any"
//     "nodes_min": 1, "nodes_max": 256,              // whole nodes of each GPU's cluster, or
//     "gpu_counts": [256, 512, 1024],                // these GPU counts (whole nodes only)
//     "objective": "cost",                           // cost, tco, time or capex
//     "listed": [{"gpu": "h100-sxm", "gpus": 256, "mode": "rent", "rent_usd_per_gpu_hour": 2.5}]
//   }
//
// "listed" are the options the user has in mind: the answer says for each whether it meets the
// limits. Every key is optional; a number out of its bounds (below) is refused with its position.

#include "presets.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <functional>

namespace commtax {

// Bounds of the goals' numbers (a limit of 0 or left out means "none").
inline constexpr double kMaxGoalDays = 36500;     // a century
inline constexpr double kMaxGoalUsd = 1e13;       // more than any cluster ever priced
inline constexpr double kMaxGoalPowerMw = 100000; // 100 GW
inline constexpr int kMaxGoalNodes = 100000;      // cluster.nodes' upper limit
inline constexpr int kMaxGoalGpuCounts = 64;      // entries of gpu_counts
inline constexpr int kMaxGoalGpuCount = 1000000;
inline constexpr int kMaxGoalListed = 32;

struct GoalOption {
    QString gpu; // a GPU preset id
    int gpus = 0;
    bool rent = false;
    bool fp8 = false;
    double rentUsdPerGpuHour = 0; // > 0: this price; else the goals' or the preset's
    friend bool operator==(const GoalOption &, const GoalOption &) = default;
};

struct Goals {
    double deadlineDays = 0; // 0: none
    double capexUsd = 0;     // 0: none (buy only: a rented cluster needs no capital)
    double tcoUsd = 0;       // 0: none (the run's cost, buy or rent)
    double powerMw = 0;      // 0: none; at the wall, PUE included
    double pue = 0;          // 0: the plan's economics.pue
    QStringList gpus;        // empty: every GPU preset of the catalog
    bool buy = true;
    bool rent = true;
    bool bf16 = true;
    bool fp8 = true;
    double rentUsdPerGpuHour = 0;    // > 0: every rented GPU at this price
    QMap<QString, double> rentByGpu; // per GPU preset id; wins over rentUsdPerGpuHour
    QString framework = QStringLiteral("any");
    QList<int> gpuCounts; // empty: nodesMin..nodesMax whole nodes
    int nodesMin = 1;
    int nodesMax = 256;
    QString objective = QStringLiteral("cost"); // cost, tco, time, capex
    QList<GoalOption> listed;
    friend bool operator==(const Goals &, const Goals &) = default;

    // The price per GPU-hour of renting `gpu` under these goals (0: the preset's own).
    double rentPriceFor(const QString &gpu, double listedPrice = 0) const;
};

// The frameworks a goal may name ("any" and launch::toString()'s names).
const QStringList &goalFrameworks();
// The objectives a goal may name.
const QStringList &goalObjectives();

// Read the "goals" object; every problem goes to `fail` with its JSON path ("goals.gpus[1]").
// True when there was none.
bool parseGoals(const QJsonValue &v, const PresetCatalog &catalog, Goals &out,
                const std::function<void(const QString &path, const EngineText &why)> &fail);
// The object parseGoals() reads back to the same goals.
QJsonObject goalsToJson(const Goals &g);

} // namespace commtax
