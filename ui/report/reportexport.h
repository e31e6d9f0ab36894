// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// File > Export report... : ask for a file name (PDF, CSV, JSON or xlsx by the filter or the
// suffix), then compute what the report needs that takes time (the sensitivity when the caller has
// none, What to buy's verdict when the comparison has goals) off the GUI thread, with a busy dialog
// that can cancel it, then write the report and say in a message box what went wrong. Returns the
// file written, or an empty string when the user cancelled or the write failed (the old file is
// then untouched).
//
// LibraryFeatures::exportReport() calls it for File > Export report... with the window's plan
// compared against the same plan on the default comparison's other GPUs.

#include "core/goals.h"
#include "library/compare.h"

#include <optional>

class QWidget;

namespace commtax {

// `sensitivity`: the comparison's, when the caller has it computed (null or not valid: sampled, 2,000
// samples from seed 1, off the GUI thread). `goals`: the comparison's, whose verdict the PDF and the
// workbook open with (library/comparisonverdict.h); none: no verdict.
struct ComparisonSensitivity;
QString exportReportInteractively(QWidget *parent, const Comparison &c, const PresetCatalog &catalog,
                                  const ComparisonSensitivity *sensitivity = nullptr,
                                  const std::optional<Goals> &goals = std::nullopt);

// The same without the file dialog: the format follows fileName's suffix.
QString exportReportToFile(QWidget *parent, const Comparison &c, const PresetCatalog &catalog, const QString &fileName,
                           const ComparisonSensitivity *sensitivity = nullptr,
                           const std::optional<Goals> &goals = std::nullopt);

} // namespace commtax
