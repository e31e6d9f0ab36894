// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A comparison as a table for machines (CSV, JSON: the same columns) and in sentences for people
// (the question a report answers and its recommendation, written from the numbers).

#include "compare.h"
#include "librarytext.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace commtax {

// The columns of the CSV header and of each JSON plan object, in order: plan identity and layout,
// then every metric of metrics(), then best_in, the break-even price and buy-vs-rent months.
QStringList comparisonColumns();
// The CSV's columns after comparisonColumns(): every input figure of the plan with its kind and
// source ("input.gpu.price_usd", "input.gpu.price_usd.kind", "input.gpu.price_usd.source"). The
// JSON has them as each plan's "inputs": {"gpu.price_usd": {"value", "kind", "source"}}.
QStringList inputColumns();
// RFC 4180 (CRLF line ends, quoted where needed), numbers in the C locale whatever the user's.
// `catalog`: where the plans' presets come from, for the inputs' provenance.
QString comparisonToCsv(const Comparison &c, const PresetCatalog &catalog = PresetCatalog::builtIn());
// The same with the sensitivity columns after them (comparisonuncertainty.h; null: none).
struct ComparisonSensitivity;
QString comparisonToCsv(const Comparison &c, const ComparisonSensitivity *sensitivity, const PresetCatalog &catalog = PresetCatalog::builtIn());
QJsonObject comparisonToJson(const Comparison &c, const PresetCatalog &catalog = PresetCatalog::builtIn());

// Every input figure of every plan with where it comes from (the PDF's assumptions, the xlsx's
// and CSV's inputs). The plan file's stated kind and source win ({"value", "kind", "source"});
// else, in model, GPU and cluster, the preset's provenance while the field keeps the preset's
// value; else economics at the default of a new plan are assumptions ("Commtax default");
// anything else was set by the user or the plan file.
struct InputFigure {
    int plan = 0; // index into Comparison::plans
    const FieldInfo *field = nullptr;
    QJsonValue value;
    Provenance provenance;
};
QList<InputFigure> comparisonInputFigures(const Comparison &c, const PresetCatalog &catalog);
inline constexpr const char *kDefaultEconomicsSource = "Commtax defaults (README, docs/model.md section 9): editable assumptions";

// The question and the findings as translatable texts (librarytext.h): the comparison window and
// the PDF report show them in the interface language (model/text/modeltext.h: libraryText()); the
// QString forms are their English (the CLI, JSON, CSV).
LibraryText comparisonQuestionText(const Comparison &c);
QString comparisonQuestion(const Comparison &c);
// The recommendation: the cheapest plan that runs and why, then what stands out (fastest,
// least capital, plans that do not fit, a network bottleneck, the runner-up's break-even GPU
// price, buying against renting). One sentence per entry.
QList<LibraryText> comparisonFindingTexts(const Comparison &c);
QStringList comparisonFindings(const Comparison &c);
// A plan's size and layout in words, for the comparison window's Layout row and the PDF report's
// "Size and layout" column: "256 GPUs: 32 nodes x 8; tp=2 pp=4 dp=32", cp too when the layout
// splits the sequence (tp x cp x pp x dp is the GPU count).
LibraryText planLayoutText(const Plan &plan);

// Money for people: "$1.23M", "$25,000" style without locale ("$25000" -> "$25.0k").
QString formatUsd(double usd);
// Money in the scale and decimals formatUsd() gives `like`, so that the figures of one tile or
// cell read in one unit: formatUsdLike(1.26e6, 980.5e3) = "$1260.2k", beside "$980.5k".
QString formatUsdLike(double usd, double like);

} // namespace commtax
