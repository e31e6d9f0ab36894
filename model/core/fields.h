// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One table of every plan field: its JSON key, type, unit, range and meaning. Scenario files,
// presets, the editor widgets and the preset library all read and write plans through it, so a
// field is described once.

#include "engine/enginetext.h"
#include "engine/limits.h"
#include "engine/plan.h"

#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace commtax {

enum class Section { Model,
                     Gpu,
                     Cluster,
                     Training,
                     Economics };
inline constexpr Section kAllSections[] = {Section::Model, Section::Gpu, Section::Cluster, Section::Training,
                                           Section::Economics};
QString sectionKey(Section s);   // "model", "gpu", ...
QString sectionTitle(Section s); // "Model", "GPU", ...

enum class FieldType { Int,
                       Double,
                       Bool,
                       Choice,
                       OptionalDouble,
                       AutoDouble }; // a number, or the string "auto" (empty optional in the plan)

// The version of the file formats that added a field.
enum class Added : std::uint8_t { InVersion1,
                                  Later };

// The plans a field means something for (the editor hides it for the others).
enum class Relevance : std::uint8_t { Always,
                                      Mla,             // multi-head latent attention
                                      Moe,             // a mixture of experts
                                      GoodputAuto,     // goodput "auto": the failures it is computed from
                                      Fp8Gpu,          // a GPU with an FP8 peak
                                      Zero3,           // ZeRO stage 3
                                      Sharded,         // ZeRO stage 1-3
                                      Flash,           // FlashAttention on (training.flash_attention)
                                      Fp8,             // FP8 matmuls (training.precision)
                                      UnfusedLoss,     // the loss not fused (training.fused_cross_entropy off)
                                      FullRecompute }; // full activation recompute (training.recompute)

struct FieldInfo {
    Section section;
    const char *key; // JSON key, e.g. "nic_gbit_per_gpu"
    FieldType type;
    const char *label; // for the editor, with the unit, e.g. "NIC per GPU (Gb/s)"
    const char *unit;  // "Gb/s", "GB", "" ...
    const char *help;  // what it means
    double min;        // range of a numeric field, from the engine's table (engine/limits.h)
    double max;
    int decimals;
    QStringList choices; // for Choice
    QJsonValue (*get)(const Plan &);
    void (*set)(Plan &, const QJsonValue &); // value already type-checked
    // Added after the file formats' version 1 (Added::Later): a preset or inline section without it
    // (written by an older Commtax, or kept in a user's library) takes the default of a new plan
    // instead of being refused, so nothing the user saved stops loading.
    Added added = Added::InVersion1;
    Relevance relevance = Relevance::Always;

    bool addedLater() const { return added == Added::Later; }
    // A number with a range (min, max): Int, Double, OptionalDouble or AutoDouble.
    bool numeric() const
    {
        return type == FieldType::Int || type == FieldType::Double || type == FieldType::OptionalDouble
            || type == FieldType::AutoDouble;
    }
    QString path() const { return sectionKey(section) + QLatin1Char('.') + QLatin1String(key); }
};

const std::vector<FieldInfo> &planFields();
// A field's path by its id (engine/limits.h), "training.tp".
QString fieldPathText(FieldId id);
std::vector<const FieldInfo *> fieldsOf(Section s);
const FieldInfo *findField(Section s, const QString &key);
// Whether the field means something for `plan` (FieldInfo::relevance).
bool fieldRelevant(const FieldInfo &f, const Plan &plan);
// The value a new plan has for the field (the default for fields added later).
QJsonValue defaultFieldValue(const FieldInfo &f);

// The file readers' messages for people: English templates marked CT_TR (for lupdate) in this
// translation context, CT_TR("commtax::Files", "..."), with their arguments. `message` keeps
// the English (files, JSON); the GUI and the command line show the translation (model/text/modeltext.h:
// loadErrorText()), whose arguments are translated too when they are marked texts themselves ("a string").
inline constexpr const char *kFileTextContext = "commtax::Files";
EngineText fileText(const char *pattern, const QStringList &args = {});
QString toQString(const EngineText &text); // filled in English

// Check a JSON value against the field's type and range; empty string when it fits, else what was
// expected ("expected a whole number from 1 to 4096 (got 65536)").
QString checkFieldValue(const FieldInfo &f, const QJsonValue &v);
// The same as a template (presets.h: fileText()); an empty pattern when it fits.
EngineText checkFieldValueText(const FieldInfo &f, const QJsonValue &v);
// "a string", "an object"... for messages (marked CT_TR: translated as an argument).
QString jsonTypeName(const QJsonValue &v);
// A file text (checkFieldValueText()'s) as a part of a sentence (engine/enginetext.h), in
// kFileTextContext, the words it quotes that are marked texts themselves ("a string") parts of
// their own, so that a translated sentence translates them too.
Sentence fileTextSentence(const EngineText &text);

} // namespace commtax
