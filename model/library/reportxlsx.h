// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The comparison as an Excel workbook (libxlsxwriter): the recommendation with each plan's
// P10/P50/P90 and its probabilities of being the cheapest and the fastest, the comparison table
// (the CSV's columns as rows, one column per plan), every input with its kind and source, the cost breakdown, the bill
// of materials and the engine's warnings, each on its own sheet. Numbers are written as numbers
// with a number format (percent for ratios, thousands for money), never as text; text cells that
// start with = + - @ are neutralised as in the CSV (spreadsheetSafeText()).
//
// libxlsxwriter writes to a file name only: the workbook goes to a temporary folder first and
// is then written whole or not at all (writeFileAtomically) where asked.

#include "reportdocument.h"

namespace commtax {

// The workbook of a report document built with the stored plan names (files keep them; the PDF
// shows them translated): the recommendation, the verdict and the ranges from the document, the
// comparison table and the inputs from its comparison, and its cost and bill-of-materials tables
// row for row as the PDF prints them. Sheet names and labels in `language`. False with a reason.
bool writeReportXlsx(const ReportDocument &document, const QString &fileName, const ReportOptions &options,
                     const ReportLanguage &language, QString *error);

} // namespace commtax
