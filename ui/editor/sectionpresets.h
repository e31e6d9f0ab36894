// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Starting points for the two sections that have no preset files: parallel layouts and economics.
// Each is a partial preset: it sets only the fields it lists and keeps the rest of the plan.

#include "core/presets.h"

#include <QList>

namespace commtax {

const QList<Preset> &trainingPresets();
const QList<Preset> &economicsPresets();

// The preset of `section` whose every listed value equals the plan's, or nullptr.
std::optional<Preset> matchingPartialPreset(Section section, const Plan &plan);

} // namespace commtax
