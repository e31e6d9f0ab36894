// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// commtax search with goals: what to buy (model/search/buy.h). The scenario's "goals" object
// (core/goals.h) with the command line's options over it.

#include "core/scenario.h"

#include <QString>

#include <vector>

namespace commtax::cli {

struct BuyArgs {
    bool json = false;
    bool hasHardware = false;
    QString hardware; // IDS or "all"
    std::vector<int> gpuCounts;
    int gpusMin = 0, gpusMax = 0;
    double maxGpus = 0, budget = 0, deadline = 0, powerMw = 0;
    bool hasModes = false, hasPrecisions = false, hasObjective = false, hasFramework = false;
    QString modes, precisions, objective, framework;
    int top = 10;
};

// The options of the answer and the closest misses, as text or JSON on stdout; the exit code.
int whatToBuy(const Scenario &s, const BuyArgs &a);

} // namespace commtax::cli
