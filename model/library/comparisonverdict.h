// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The What to buy verdict of a comparison with goals, the line the PDF report's first page and the
// workbook's first sheet open with: "Meets the 60-day deadline: 256 H100 in FP8 (bought), 83%
// likely; none of the 4 options you listed does." The question is What to buy's
// (search/buyquestion.h) on plan A's model and job with the comparison's goals; the plans compared
// are the options "you listed", and, where the goals name none, their GPUs and GPU counts are the
// ones searched (every mode and precision the goals allow). The words are search/buytext.h's, as
// the dialog and the command line give them.

#include "compare.h"
#include "core/goals.h"
#include "core/presets.h"

#include <QString>

namespace commtax {

// Empty without a deadline or a budget in `goals`, or when the question cannot be asked (a GPU the
// catalog does not know).
QString comparisonVerdict(const Comparison &c, const Goals &goals, const PresetCatalog &catalog);

} // namespace commtax
