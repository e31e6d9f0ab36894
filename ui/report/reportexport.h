// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// File > Export report... : ask for a file name (PDF, CSV or JSON by the filter or the suffix),
// write the report, and say in a message box what went wrong. Returns the file written, or an
// empty string when the user cancelled or the write failed (the old file is then untouched).
//
// LibraryFeatures::exportReport() calls it for File > Export report... with the window's plan
// compared against the same plan on the default comparison's other GPUs.

#include "library/compare.h"

class QWidget;

namespace commtax {

// `sensitivity`: the comparison's, when the caller has it computed (null: the writer samples it).
struct ComparisonSensitivity;
QString exportReportInteractively(QWidget *parent, const Comparison &c, const PresetCatalog &catalog,
                                  const ComparisonSensitivity *sensitivity = nullptr,
                                  const QString &verdict = QString());

// The same without the file dialog: the format follows fileName's suffix.
// `verdict`: What to buy's verdict on the comparison's goals (library/comparisonverdict.h), which
// the PDF and the workbook open with; empty: none.
QString exportReportToFile(QWidget *parent, const Comparison &c, const PresetCatalog &catalog, const QString &fileName,
                           const ComparisonSensitivity *sensitivity = nullptr, const QString &verdict = QString());

} // namespace commtax
