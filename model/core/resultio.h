// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Results as JSON, CSV and a readable table. The metrics are the rows of the registry
// engine/metrics.h (key, label, unit, which direction is better), shared by the CLI, the charts,
// the comparison view and the reports.

#include "engine/engine.h"
#include "engine/metrics.h"
#include "engine/sweep.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <QStringList>
#include <functional>

#include <vector>

namespace commtax {

// Whether a metric means something for the plan: compute_fp8_time_s only when it trains in FP8
// (a BF16 plan's 0 is "not applicable", shown as n/a in tables for people; files keep the 0),
// the goodput's losses and the checkpoint interval only when its goodput is "auto".
bool metricApplies(const MetricInfo &m, const Plan &plan);

// Every numeric metric, in the order of the JSON output (the rows of kMetricTable).
const std::vector<MetricInfo> &metrics();
// The row of a JSON key read from a file or the command line; null for an unknown key.
const MetricInfo *findMetric(const QString &key);
// "12.3 s", "45.6%", "$1.23M" (formatMetric()) of metric `id` of `r`.
QString metricText(MetricId id, const Result &r);

QJsonObject resultToJson(const Result &r, const Plan &plan, const QString &scenarioName);
QJsonArray warningsToJson(const Result &r, const Plan &plan);
// The layers of each pipeline stage (docs/model.md §16), one entry per stage; empty for an invalid split.
QJsonArray stageLayersToJson(const Plan &plan);
// The text table of `commtax evaluate`; names from the file are shown terminal-safe (terminaltext.h).
// In English, or with `translate` (context, English source) in the interface language: its words
// (context "commtax::Cli", marked QT_TRANSLATE_NOOP), the metric labels ("commtax::Metrics") and,
// when given, `warnings` in place of the engine's English warningMessages(); the labels are padded
// by display width (a Chinese character takes two columns).
using TableTranslator = std::function<QString(const char *context, const char *source)>;
QString resultTable(const Result &r, const Plan &plan, const QString &scenarioName, const TableTranslator &translate = {},
                    const QStringList *warnings = nullptr);

// Locale-independent number formatting ("1234.5", never "1 234,5").
QString formatNumber(double v, int decimals);
// A value with its unit for people: "12.3 s", "45.6%", "$1.23M".
QString formatMetric(const MetricInfo &m, double v);

// RFC 4180: quote fields holding a comma, a quote, CR or LF; double the quotes. A field that
// starts with = + - @ (tab, CR) and is not a number gets a leading ' (formula injection).
QString csvField(const QString &s);
// The formula-injection rule alone, for any spreadsheet cell written as text (CSV, xlsx): a text
// that starts with = + - @ (tab, CR) and is not a number gets a leading '.
QString spreadsheetSafeText(const QString &s);
QString csvRow(const QStringList &fields);

// Sweeps as JSON / CSV rows: x plus the main metrics (invalid points carry their error).
QJsonArray sweepToJson(const std::vector<SweepPoint> &points, const QString &xName);
QString sweepToCsv(const std::vector<SweepPoint> &points, const QString &xName);

} // namespace commtax
