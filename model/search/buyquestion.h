// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The "what to buy" question of a scenario's goals (core/goals.h), for buy.h's answer(): one place
// for the command line (`commtax search` with goals) and Tools > What to buy... QtCore, over the
// preset catalog; buy.h stays plain C++.
//
// Each GPU the goals allow (none: every GPU preset of the catalog) in its own server (the preset's
// default cluster; the scenario's cluster when it names none), with the goals' rent price, else the
// scenario's when the GPU is the scenario's own; the listed options, a listed GPU the goals leave
// out judged but not searched; the goals' GPU counts (a list, else nodes_min..nodes_max whole
// nodes), modes, precisions, framework, limits and objective; each option's ranges from the
// scenario's uncertainty (its notes, the engine's error included). The caller sets what the goals do
// not hold: the command line's --gpus, --max-gpus, --budget and --top, the dialog's counts.

#include "buy.h"
#include "core/goals.h"
#include "core/presets.h"
#include "core/scenario.h"

#include <QString>
#include <QStringList>

namespace commtax::search::buy {

struct GoalsQuestion {
    Question question;
    QStringList ids;      // the GPU preset id of each of question.gpus
    QStringList clusters; // the cluster preset id of each (the scenario's when the GPU names none)
};

enum class GoalsError {
    None,
    UnknownGpu,      // `what`: the GPU preset id
    UnknownFramework // `what`: the framework's name
};
// The question, or what the goals name that the catalog or the launch rules do not know (the caller
// words it, in its own language).
GoalsError questionFromGoals(const Scenario &scenario, const Goals &goals, const PresetCatalog &catalog,
                             GoalsQuestion &out, QString *what = nullptr);

} // namespace commtax::search::buy
