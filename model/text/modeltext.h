// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The model's English texts in the interface language. The rest of model/ writes English templates
// and data (the engine has no Qt); the field registry's labels and help, the metric labels, the
// section titles, the engine's warnings and the comparison's plan names are put into words here, at
// the edge (QtCore only: the GUI and the command line both use it), by their
// English source text (contexts "commtax::Fields" and "commtax::Metrics": marked where they are
// written, CT_TR in model/core/fields.cpp and model/engine/metrics.h, and read there by lupdate).
// A text without a translation stays English.

#include "core/analysis.h"
#include "core/fields.h"
#include "core/presets.h"
#include "core/resultio.h"
#include "engine/collectives.h"
#include "engine/engine.h"
#include "engine/plan.h"
#include "engine/result.h"
#include "library/compare.h"
#include "library/librarytext.h"
#include "library/presetlibrary.h"
#include "library/reportdocument.h"
#include "nccl/calibration.h"

#include <QString>
#include <QStringList>

namespace commtax {

QString fieldText(const char *englishLabelOrHelp); // FieldInfo::label or ::help
QString sectionName(Section s);                    // sectionTitle(s), translated
QString metricLabel(const MetricInfo &m);          // MetricInfo::label, translated
// warningMessages(r, plan) in the interface language, numbers in its locale. Warnings that this
// file does not know yet (a flag added to the engine later) come in the engine's English.
QStringList warningTexts(const Result &r, const Plan &plan);
// A comparison text of model/library (the recommendation, the question, the findings, the
// break-even sentences) in the interface language: every template translated by its English
// source (context "commtax::Library", input names "commtax::Fields"), then filled.
QString libraryText(const LibraryText &text);
// The translator libraryText() uses (QCoreApplication::translate): for model functions that take a
// TextTranslator.
QString translateModelText(const char *context, const char *source);
QStringList libraryTexts(const QList<LibraryText> &texts);
QString normalizationText(Normalization n); // normalizationLabel(n), translated
// A provenance kind ("datasheet", "measured", "assumption", "derived", "user") in the interface
// language (context "commtax::Provenance"); files keep toString(k).
QString sourceKindName(SourceKind k);
// A provenance's source as shown: the ones the app itself stores ("edited by the user", "entered by
// the user": core/presets.h kEditedByUser, kEnteredByUser) in the interface language, any other
// (a datasheet's title, a URL) as it is. Files and the library keep the English.
QString provenanceSourceText(const QString &storedSource);
// A preset's name as shown: the name as given, its tags (core/presets.h PresetNameTag: " (edited)",
// " (copy)") in the interface language. Files, plans and the command line keep Preset::fullName().
QString presetNameText(const Preset &p);
// The tags of a preset's name in words, in order: " (edited) (copy)" in English.
QString presetNameTagsText(const QList<PresetNameTag> &tags);
// A plan's GPU as plan names, columns and lists say it: its short name (core/scenario.h
// planNameParts()) with its preset's tags in words ("H100 SXM5 (edited)").
QString shortGpuNameText(const Plan &plan, const PresetCatalog &catalog = PresetCatalog::builtIn());
// A plan's name as shown: one the app gave (planNameFor(): "Llama 2 70B on 256 H100 SXM5") in the
// interface language with `catalog`'s GPU names, one the user gave as typed. Files keep Scenario::name.
// Its tags (core/scenario.h PlanNameTag: " (copy)", " rented") in words, after the name.
QString scenarioNameText(const Scenario &s, const PresetCatalog &catalog = PresetCatalog::builtIn());
// The name alone, as scenarioNameText() shows it (what the plan editor's name field holds).
QString scenarioGivenNameText(const Scenario &s, const PresetCatalog &catalog = PresetCatalog::builtIn());
// The tags of a plan's name in words, in order.
QString planNameTagsText(const QList<PlanNameTag> &tags);
// A compared plan's name in the interface language: the name the user gave as typed, the tags the
// comparison adds (library/compare.h PlanName: "Plan 2", "(2048 GPUs)", "(best layout)") in words.
// Files (JSON, CSV, XLSX, scenarios) keep ComparedPlan::name, the English.
QString planNameText(const PlanName &name);
// `c` with every plan's name as planNameText() shows it: for the comparison window and the PDF.
Comparison shownComparison(const Comparison &c);
// A message of the preset library (an error, the read-only reason, the recovery notice, an import's
// summary) in the interface language; one without a template as it is.
QString libraryMessageText(const LibraryMessage &m);
// An engine text (engine/enginetext.h: a validation error, context "commtax::Errors", or a launch
// note, "commtax::Launch") in the interface language: its template translated, then filled.
QString engineText(const char *context, const EngineText &text);
// A validation error's message in the interface language (FieldError::message when it has no
// template); planErrorText() prefixes the field path: "training.tp: ...".
QString errorText(const FieldError &e);
QString planErrorText(const PlanError &e);
// A file reader's or the engine's message of a LoadError in the interface language, with its
// position: "file:line:column: path: message" (the prefix as in English; core/presets.h). A text of
// the readers (context "commtax::Files") has its arguments translated too when they are marked
// texts themselves ("a string"); a message without a template stays as it is.
QString loadErrorMessage(const LoadError &e);
QString loadErrorText(const LoadError &e);
// A collective's name ("all_reduce", as nccl-tests writes it, kept beside the translation) and a
// calibration's scope ("intra-node"...) in the interface language (context "commtax::Calibration");
// JSON keeps the English of toString().
QString collectiveName(Collective c);
QString scopeName(nccl::Scope s);
// The calibration's first line: "all_reduce on 16 ranks, 2 node(s), inter-node" in the language.
QString calibrationHeading(Collective c, const QString &where, nccl::Scope s);
// The report document's words (library/reportdocument.h) in the interface language: its templates
// translated, the engine's warnings as warningTexts(), plan names as planNameText(), sources as
// provenanceSourceText().
ReportLanguage reportLanguage();

} // namespace commtax
