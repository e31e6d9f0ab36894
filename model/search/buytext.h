// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The words of a What-to-buy answer (buy.h), one source for the command line, Tools > What to buy...
// and the reports: a layout's shape, whether it is conventional and what leaving convention buys,
// and the verdict sentence that opens the answer. QtCore; translated in the context
// "commtax::search::buy" (resources/CMakeLists.txt lists this file for lupdate).

#include "buy.h"

#include <QString>
#include <QStringList>

namespace commtax::search::buy {

// "tp4 pp4 cp2 vpp5": tp and pp always, cp, ep and vpp above 1. The start of every layout's text
// (shapeText(), the What to buy dialog's and `commtax search`'s layout columns).
QString parallelDegreesText(const TrainingSpec &t);
// "tp4 pp4 cp2 vpp5": the degrees above 1 of the dimensions convention.h judges (tp and pp always;
// ZeRO from stage 2), not dp, micro-batch or recompute.
QString shapeText(const TrainingSpec &t);

// "conventional (NeMo llama3_70b)", "+28% speed over tp4 pp4 cp2 vpp5 (NeMo llama3_70b)", "not
// conventional; no conventional layout fits".
QString conventionText(const Convention &c);
// For a table cell: "yes", "+28%", "-12%" or "no".
QString conventionCell(const Convention &c);

// Where an option's step time goes against the user's current plan (null: none that runs), and
// its memory headroom: "Step 8.35 s (your plan: 14.1 s): compute 6.92 s (11.2 s), bubble 0.61 s
// (1.13 s), exposed DP 0.21 s (0.40 s)...; memory 61.2 of 76.0 GB usable (your plan: 70.1)".
// Communication is the exposed part; a part zero in both is left out.
QString breakdownText(const Result &option, const Result *current);

// "Meets the 60-day deadline: 256 H100 in FP8 (bought), 83% likely; none of the 4 options you
// listed does." `gpuNames`: the name shown for each of q.gpus.
QString verdictText(const Question &q, const Answer &a, const QStringList &gpuNames);

} // namespace commtax::search::buy
