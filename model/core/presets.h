// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Built-in and user presets of models, GPUs and clusters. A preset is a complete section of a plan
// (every field of the section), with the provenance of each number.

#include "fields.h"
#include "jsonlocator.h"
#include "provenance.h"

#include "engine/enginetext.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>
#include <utility>

namespace commtax {

inline constexpr Section kPresetSections[] = {Section::Model, Section::Gpu, Section::Cluster};

// A word the library adds to a preset's name: a built-in saved with edits is stored as a copy
// "... (edited)", Duplicate makes "... (copy)", calibration "... (measured 2026-12-02)" (with its
// date as data). Kept apart from the name (Preset::nameTags), so that a name the user typed is shown
// as typed and never re-parsed; the UI words the tags in the interface language
// (model/text/modeltext.h presetNameText()), files and plans get the English.
struct PresetNameTag {
    enum Kind { Edited,
                Copy,
                Measured };
    Kind kind = Edited;
    QString date; // Measured: the day of the measurement, YYYY-MM-DD

    // NOLINTNEXTLINE(google-explicit-constructor): PresetNameTag::Copy reads as a tag
    PresetNameTag(Kind k = Edited, QString day = {})
        : kind(k)
        , date(std::move(day))
    {
    }
    friend bool operator==(const PresetNameTag &, const PresetNameTag &) = default;
};
// The English template, context "commtax::Library": " (edited)", " (copy)", " (measured %1)" (%1 the date).
const char *presetNameTagText(PresetNameTag::Kind k);
QString presetNameTagEnglish(const PresetNameTag &t); // filled: " (measured 2026-12-02)"
// As the library's name_tags column and the preset files' "name_tags" store it: "edited", "copy",
// "measured:2026-12-02".
QString presetNameTagKey(const PresetNameTag &t);
bool parsePresetNameTag(const QString &key, PresetNameTag &out);
struct Preset;
// Tag a calibrated copy "... (measured `day`)" (YYYY-MM-DD): the name and short name stay, an earlier
// measurement's tag gives way to this one.
void markMeasured(Preset &p, const QString &day);

struct Preset {
    Section section = Section::Gpu;
    QString id;
    QString name;                  // as given: the built-in's, or the name the user typed
    QList<PresetNameTag> nameTags; // added by the library or calibration after `name`, in order
    QString description;
    QJsonObject values;       // field key -> plain JSON value (every field of the section)
    ProvenanceMap provenance; // field key -> where the value comes from
    // default_cluster, match, family, color and short_name (GPU), default_gpu (cluster),
    // published_params (model)
    QJsonObject extras;
    bool builtIn = false;

    // The name with its tags in English ("NVIDIA H100 SXM5 80GB (edited)"): what plans, files and
    // the command line call the preset.
    QString fullName() const;
    // Write the values into a plan's section (and its id and its fullName()).
    void applyTo(Plan &plan) const;
    QString defaultCluster() const { return extras.value(QStringLiteral("default_cluster")).toString(); }
    QString defaultGpu() const { return extras.value(QStringLiteral("default_gpu")).toString(); }
    // A GPU's "family" (one of gpuFamilies()) and chart "color" ("#rrggbb"); empty when not given.
    QString family() const { return extras.value(QStringLiteral("family")).toString(); }
    QString color() const { return extras.value(QStringLiteral("color")).toString(); }
    // A GPU's short name, for chart ticks and labels ("H100 SXM5" for "NVIDIA H100 SXM5 80GB"): its
    // "short_name", else shortGpuName(name).
    QString shortName() const;
    // A new name, as the user typed it: the tags are dropped, and so is a "short_name" given for
    // the old one (a renamed copy is shortened from its own name).
    void rename(const QString &newName);
    double publishedParams() const;
    // The preset as JSON (value objects with kind and source), named by its fullName().
    QJsonObject toJson() const;
};

struct LoadError {
    QString file;
    int line = 0;
    int column = 0;
    QString path; // JSON path, e.g. "training.tp"
    QString message;
    // `message` as a template (engine/enginetext.h) in translation context `context`: the engine's
    // validation errors ("commtax::Errors") or the file readers' own (kFileTextContext, fileError()).
    // Empty for a text that has none (a system's error string).
    EngineText text = {};
    const char *context = "commtax::Errors";
    // `file` as a template in kFileTextContext when it names no file but a thing ('saved plan "x"',
    // the preset library's plans); empty for a file name, which is shown as it is.
    EngineText fileLabel = {};
    QString toString() const; // "file:line:col: path: message"
    // The same with another wording of the message (the interface language's, model/text/modeltext.h).
    QString toString(const QString &shownMessage) const;
    // The same with another wording of `file` too (the interface language's fileLabel).
    QString toString(const QString &shownFile, const QString &shownMessage) const;
};

// A LoadError with `text` in kFileTextContext (fields.h: fileText()), `message` its English.
LoadError fileError(const QString &file, int line, int column, const QString &path, const EngineText &text);

// The largest JSON input Commtax reads: 8 MiB for preset files and imports (a library export of
// some 2,500 presets with their provenance), 1 MiB for a scenario (about 500 times the largest
// shipped one). Larger input is refused before it is parsed, so a wrong file (a log, an image,
// /dev/zero) costs bounded time and memory: a 1 MiB scenario of the worst shape parses in about
// 0.05 s and 30 MB.
inline constexpr qint64 kMaxJsonBytes = 8 << 20;
inline constexpr qint64 kMaxScenarioBytes = 1 << 20;
// The longest plan or preset name, id or other string a file may give (issue 22: a 3,000-character
// plan name kept the PDF report from finishing). The editor's name field holds at most as many.
inline constexpr int kMaxPlanNameChars = 200;
// The most device names a GPU preset's "match" list may hold.
inline constexpr int kMaxMatchNames = 64;
// The GPU families a GPU preset's "family" may name: the groups of the published runs that the
// engine's accuracy regimes are drawn from (core/engineaccuracy.h). kDefaultGpuFamily is the
// catch-all for a GPU that is none of the data-centre families.
const QStringList &gpuFamilies();
inline constexpr const char *kDefaultGpuFamily = "workstation/consumer";
// The most training logs whose residuals a calibrated GPU preset keeps ("engine_error").
inline constexpr int kMaxCalibrationLogs = 1000;

// Read a whole input file of at most `maxBytes`: regular files only (a folder, device, pipe or
// socket is refused with a message, never read), so a mistaken path cannot hang or exhaust memory.
bool readInputFile(const QString &fileName, qint64 maxBytes, QByteArray &out, LoadError *error);

// Parse JSON text. On a syntax error: false, and *error (when given) is "invalid JSON: <reason>" at
// the line and column where the parser stopped. Text over kMaxJsonBytes and keys given twice in
// one object are errors too (QJsonDocument would silently keep the last).
bool parseJsonText(const QByteArray &json, const QString &fileName, QJsonDocument &doc, LoadError *error);
// The same for parsers that collect their errors: the syntax error is appended to `errors`.
bool parseJsonText(const QByteArray &json, const QString &fileName, QJsonDocument &doc, QList<LoadError> &errors);

// What is wrong with a file's "format" and "version" (an empty pattern when both are right); `path`
// receives the offending key. Missing, mistyped and unsupported versions each get their own words.
EngineText formatVersionProblemText(const QJsonObject &root, const QString &format, int version, QString *path);

// Parse one preset object (from a presets file, the library or an import). `path` is its JSON path
// for errors, e.g. "presets[2]".
// `errorText`: the message as a template (kFileTextContext, fields.h: fileText()) for the GUI and the CLI.
bool parsePreset(Section s, const QJsonObject &o, const QString &path, Preset &out, QString *errorPath, QString *error,
                 EngineText *errorText = nullptr);

class PresetCatalog
{
public:
    // The built-in presets embedded as Qt resources (:/presets/*.json), loaded once.
    static const PresetCatalog &builtIn();

    // Load a presets file ({"format": "commtax-presets", "section": ..., "presets": [...]}).
    bool loadFile(const QString &fileName, LoadError *error);
    bool loadJson(const QByteArray &json, const QString &fileName, LoadError *error);

    // A copy of the preset, or nothing. Lookups hand out values, never pointers into the catalog:
    // catalogs are often temporaries (PresetLibrary::catalog() returns one) and add() reallocates.
    std::optional<Preset> find(Section s, const QString &id) const;
    bool contains(Section s, const QString &id) const;
    QList<Preset> presets(Section s) const;
    // Insert or replace (by section and id).
    void add(const Preset &p);
    bool remove(Section s, const QString &id);
    bool isEmpty() const { return m_presets.isEmpty(); }

private:
    QList<Preset> m_presets;
};

// A GPU's name without its maker and memory ("NVIDIA GeForce RTX 4090 24GB" -> "RTX 4090"): the
// short name of a GPU preset that gives none (Preset::shortName()).
QString shortGpuName(const QString &presetName);
// The short name of a plan's GPU: that of the preset `gpuId` names in `catalog` while the plan keeps
// its name, else shortGpuName(gpuName).
QString shortGpuName(const PresetCatalog &catalog, const QString &gpuId, const QString &gpuName);
// The GPU preset whose "match" names (presets/gpus.json) occur in a device name as a log prints it
// ("NVIDIA A100-SXM4-40GB"), compared on letters and digits only, case-insensitive; the longest
// match wins. Empty when none matches or two presets match equally well; `candidates` lists every
// preset that matched. The user's choice (--gpu, the dialog) always overrides it.
QString matchGpuPreset(const PresetCatalog &catalog, const QString &deviceName, QStringList *candidates = nullptr);

} // namespace commtax
