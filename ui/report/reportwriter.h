// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reports of a comparison: a PDF for procurement, the comparison table as CSV or JSON, and an Excel
// workbook of the table, inputs, cost breakdown, bill of materials and warnings (reportxlsx.h).
//
// The PDF renders the report document (library/reportdocument.h) that the other formats render too.
// The PDF (A4, vector throughout): title and date, the question, the recommendation written from
// the numbers, the plans compared with the engine's warnings beside each, the comparison table
// with the best values marked, the charts, the break-even figures, the sensitivity (P10-P90 per
// plan, the odds of being the cheapest and the fastest, the recommended plan's tornado, the input
// break-evens; issue 13), a bill of materials, the cost
// breakdown, the assumptions with their provenance and sources (a value the plan file gives a
// kind and source keeps them), and an audit trail (tool version, date, each input file's name and
// SHA-256). "Page i of N" on every page; table headers repeat on every page a table spans. The charts are the comparison view's QCustomPlots drawn straight into the PDF at
// 96 dpi logical, so their text keeps its size and they stay sharp at any zoom.
//
// Every file is written whole or not at all (QSaveFile). Needs a QApplication (the charts are
// widgets); without a display, QT_QPA_PLATFORM=offscreen works.

#include "library/reportdocument.h"

#include <QString>

namespace commtax {

enum class ReportFormat { Pdf,
                          Csv,
                          Json,
                          Xlsx };
// From the file name's suffix (.pdf, .csv, .json, .xlsx; any case). False for anything else.
bool reportFormatForFile(const QString &fileName, ReportFormat &out);

// Write the report the file name asks for. False with a reason; an existing file is then left as
// it was. `pages` receives the PDF's page count (0 for CSV and JSON).
bool writeComparisonReport(const Comparison &c, const QString &fileName, const ReportOptions &options, QString *error,
                           int *pages = nullptr);

} // namespace commtax
