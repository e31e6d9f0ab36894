// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The scenario side of uncertainty: a field may be a value object
// {"value": 0.6, "kind": "assumption", "source": "...", "range": [0.45, 0.7]}; its kind sets the
// default range (uncertainty/uncertainty.h), its range replaces it. Fields from a preset take the
// preset's kind, plain numbers in the file are "user", training and economics fields left out are
// assumptions.

#include "engineaccuracy.h"
#include "presets.h"
#include "scenario.h"
#include "uncertainty/uncertainty.h"

#include <QJsonObject>

#include <vector>

namespace commtax {

// What is wrong with the "kind" or "range" of a value object of field `f`, as a template (fields.h:
// fileText()); an empty pattern when nothing is wrong. `key` receives the offending key ("kind" or
// "range") for the error's JSON path.
EngineText checkValueObjectText(const FieldInfo &f, const QJsonObject &valueObject, QString *key);

// The kinds and ranges of a plan's uncertain inputs, the same for a plan read from a file and for
// the editor's: a preset field at the preset's value takes
// the preset's kind, one edited away from it is "user", as is every field of a custom section; a
// training or economics field at the default scenario's value is an assumption, else "user";
// a kind the plan states for the field's value (Scenario::stated) and a range it gives
// (Scenario::ranges) win over these. A plain number in a file at the default's value is therefore an
// assumption like the default itself (a saved file writes every training and economics field). The
// notes end with the engine's own error on published runs like the plan (engineaccuracy.h).
std::vector<uncertainty::FieldNote> scenarioNotes(const Scenario &s, const PresetCatalog &catalog);

// The regime whose error the plan's ranges hold: the user's own training logs when its GPU preset
// was calibrated from them (the preset's "engine_error"), else the published runs like the plan.
EngineRegime planEngineRegime(const Scenario &s, const PresetCatalog &catalog);

// Read a scenario file that loadAndValidateScenario() accepted into `s`, for its notes; the plan
// with the range of every uncertain input. False with the reason when the file cannot be read again.
bool scenarioPlanInputs(const QString &fileName, const Scenario &s, const PresetCatalog &catalog,
                        uncertainty::PlanInputs &out, LoadError *error);

} // namespace commtax
