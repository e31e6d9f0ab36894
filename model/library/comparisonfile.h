// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Saved comparisons (docs/formats.md, "Saved comparison files"): what the Compare window holds,
// so that it reopens as it was: the plans as scenarios (each plan's "name" is its column's name),
// which one is plan A, the normalisation and the layout choice, and the goals.
//
//   {"format": "commtax-saved-comparison", "version": 1,
//    "normalization": "gpus", "best_layout": "time", "plan_a": 0,
//    "goals": {"deadline_days": 60, "budget": {"tco_usd": 6e6}},
//    "plans": [{"format": "commtax-scenario", "version": 1, "name": "A100 at 512", ...}, ...]}
//
// Read like every other input: at most kMaxComparisonFileBytes, every problem with its
// FILE:LINE:COLUMN and JSON path ("plans[1].training.tp").

#include "compare.h"
#include "core/goals.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace commtax {

inline constexpr const char *kComparisonFileFormat = "commtax-saved-comparison";
inline constexpr int kComparisonFileVersion = 1;
// Eight plans at the 1 MiB a scenario may have: the JSON readers' 8 MiB (presets.h kMaxJsonBytes).
inline constexpr qint64 kMaxComparisonFileBytes = kMaxJsonBytes;

struct SavedComparison {
    QList<Scenario> plans; // kMinComparedPlans to kMaxComparedPlans
    int reference = 0;     // plan A, an index into plans
    Normalization normalization = Normalization::AsGiven;
    BestLayout bestLayout;
    std::optional<Goals> goals; // the deadline and budget the columns are judged against
    friend bool operator==(const SavedComparison &a, const SavedComparison &b)
    {
        return a.plans == b.plans && a.reference == b.reference && a.normalization == b.normalization
            && a.bestLayout.enabled == b.bestLayout.enabled
            && (!a.bestLayout.enabled || a.bestLayout.objective == b.bestLayout.objective) && a.goals == b.goals;
    }
};

// Parse a saved comparison. On failure `errors` names file, line, column and JSON path.
bool parseComparisonFile(const QByteArray &json, const QString &fileName, const PresetCatalog &catalog,
                         SavedComparison &out, QList<LoadError> &errors);
bool loadComparisonFile(const QString &fileName, const PresetCatalog &catalog, SavedComparison &out,
                        QList<LoadError> &errors);
// The text parseComparisonFile() reads back to the same comparison (each plan as
// serializeScenario() writes it).
QByteArray serializeComparisonFile(const SavedComparison &c, const PresetCatalog &catalog);
// Write atomically; false with a reason, the old file untouched.
bool saveComparisonFile(const QString &fileName, const SavedComparison &c, const PresetCatalog &catalog,
                        QString *error);

} // namespace commtax
