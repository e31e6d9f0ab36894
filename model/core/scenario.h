// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Scenario files: {"format": "commtax-scenario", "version": 1, "name": ..., "model": ...,
// "gpu": ..., "cluster": ..., "training": ..., "economics": ..., "goals": ...} (goals: optional,
// goals.h). model, gpu and cluster are each
// {"preset": "id"}, a preset plus overriding fields, or fully inline (every field, plus id and name).

#include "goals.h"
#include "presets.h"

#include <QJsonValue>
#include <QList>
#include <QMap>
#include <QString>

namespace commtax {

inline constexpr int kScenarioVersion = 1;

// A word the app adds to a plan's name: Compare's Duplicate makes "<name> (copy)", the default
// comparison's rented column "<name> rented". Kept apart from the name (Scenario::nameTags, the
// file's "name_tags"), so that a name the user typed is shown as typed and never re-parsed (an old
// file's "X (copy)" is the user's text); the UI words the tags in the interface language
// (model/text/modeltext.h planNameTagsText()), files, reports and the command line the English.
enum class PlanNameTag { Copy,
                         Rented };
const char *planNameTagText(PlanNameTag t); // the English, context "commtax::Library": " (copy)"
const char *planNameTagKey(PlanNameTag t);  // as files store it: "copy", "rented"
bool parsePlanNameTag(const QString &key, PlanNameTag &out);

struct Scenario {
    QString name;                // as given: the user's, or planNameFor() when the app named it
    QList<PlanNameTag> nameTags; // added by the app after `name`, in order
    // The name with its tags in English ("... (copy)"): what reports, exports and the library's
    // list of saved plans call the plan.
    QString fullName() const;
    Plan plan;
    // The preset each of model, gpu and cluster started from; empty when inline (custom).
    QString modelPreset;
    QString gpuPreset;
    QString clusterPreset;
    // The kind and source a value object of the file gives a field ({"value": 27000, "kind":
    // "measured", "source": "Vendor X quote Q-123"}), by field path ("gpu.price_usd"), with the
    // value it was given for: it holds while the field keeps that value (reports print it, Save
    // writes it back). Not part of equality: it describes a value, it is not one.
    struct Stated {
        QJsonValue value;
        Provenance provenance;
    };
    QMap<QString, Stated> stated;
    // The vendor's quote the plan's prices come from (economics.quote in the file: {"vendor",
    // "id", "date", "valid_until", "items"}, dates as YYYY-MM-DD): printed beside the plan in the
    // reports; its items set the plan's prices (core/quote.h).
    struct Quote {
        QString vendor;
        QString id;
        QString date;       // YYYY-MM-DD, or empty
        QString validUntil; // YYYY-MM-DD, or empty
        // The quoted prices ("items" in the file), by the plan field each sets ("gpu.price_usd";
        // core/quote.h quoteItems()): they become the plan's values with the quote as their source.
        QMap<QString, double> items;
        bool isEmpty() const
        {
            return vendor.isEmpty() && id.isEmpty() && date.isEmpty() && validUntil.isEmpty() && items.isEmpty();
        }
        friend bool operator==(const Quote &, const Quote &) = default;
    };
    Quote quote;
    // The stated provenance of field `path` while it still has the value it was stated for.
    std::optional<Provenance> statedProvenance(const QString &path, const QJsonValue &current) const;
    // The uncertainty range a value object gives a field ({"value": 0.6, "range": [0.45, 0.7]}) or
    // the editor sets (Set range...), by field path: it replaces the default range of the field's
    // kind (docs/handbook.md, "Uncertainty and sensitivity") while it holds the value (an edit outside it
    // falls back to the default; Save then leaves it out). Part of equality: it changes the ranges.
    struct ValueRange {
        double low = 0;
        double high = 0;
        friend bool operator==(const ValueRange &, const ValueRange &) = default;
    };
    QMap<QString, ValueRange> ranges;
    // The range of field `path` if one is given and it holds `current` (a number) within the
    // field's limits (uncertainty::checkRange()).
    std::optional<ValueRange> rangeFor(const QString &path, const QJsonValue &current) const;

    // What the run must achieve and the hardware it may use (goals.h); empty when the file has none.
    std::optional<Goals> goals;

    QString &presetOf(Section s);
    QString presetOf(Section s) const;
    friend bool operator==(const Scenario &a, const Scenario &b);
};

// The name a plan goes by until the user names it: "Llama 2 70B on 256 H100 SXM5" (the model,
// the GPU count and the GPU without its maker and memory size). The app renames a plan whose name
// is still this when its model, GPU or GPU count changes.
// The GPU as the plan's short name (core/presets.h shortGpuName(): its preset's "short_name").
QString planNameFor(const Plan &plan, const PresetCatalog &catalog = PresetCatalog::builtIn());
// The words of planNameFor(), "%1 on %2 %3" (the model, the GPU count, the GPU): the UI puts them in
// the interface language (model/text/modeltext.h scenarioNameText()), files keep the English.
extern const char *const kPlanNamePattern;
struct PlanNameParts {
    QString model;
    long long gpus = 0;
    QString gpu;                  // its short name
    QList<PresetNameTag> gpuTags; // its preset's tags: "H100 SXM5 (edited)"
    bool operator==(const PlanNameParts &) const = default;
};
PlanNameParts planNameParts(const Plan &plan, const PresetCatalog &catalog = PresetCatalog::builtIn());

// The plan the app opens with: Llama-2-70B on 32 DGX H100 (256 GPUs), tp=8, pp=4, dp=8.
Scenario defaultScenario(const PresetCatalog &catalog = PresetCatalog::builtIn());

// Parse a scenario. On failure `errors` holds at least one entry naming file, line, column and path.
// Only the format is checked here; validateScenario() adds the engine's checks with positions.
bool parseScenario(const QByteArray &json, const QString &fileName, const PresetCatalog &catalog, Scenario &out,
                   QList<LoadError> &errors);
// The same for a scenario object inside a larger file (a saved comparison's "plans[1]"): errors
// carry `path` before the scenario's own paths and their positions in the larger file's text
// (`loc`). No size check: the larger file's reader bounds its text.
class JsonLocator;
bool parseScenarioValue(const QJsonValue &v, const JsonLocator &loc, const QString &fileName, const QString &path,
                        const PresetCatalog &catalog, Scenario &out, QList<LoadError> &errors);
// The file name "-" reads standard input (the command line's "-"; errors then name "<stdin>").
bool loadScenarioFile(const QString &fileName, const PresetCatalog &catalog, Scenario &out, QList<LoadError> &errors);
// Parse and run the engine's validation; every problem with its position in the file.
// `text`, when given, receives the bytes read (for the audit trail's SHA-256).
bool loadAndValidateScenario(const QString &fileName, const PresetCatalog &catalog, Scenario &out,
                             QList<LoadError> &errors, QByteArray *text = nullptr);

// Serialize: sections that came from a preset are written as the preset plus the fields that
// differ from it; custom sections are written inline.
QByteArray serializeScenario(const Scenario &s, const PresetCatalog &catalog = PresetCatalog::builtIn());
// Write atomically (QSaveFile). False with a reason on failure; the old file is untouched then.
bool saveScenarioFile(const QString &fileName, const Scenario &s, const PresetCatalog &catalog, QString *error);

} // namespace commtax
