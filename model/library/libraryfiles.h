// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Files the library reads and writes. Preset files for import and export, in the format of presets/*.json:
// {"format": "commtax-presets", "version": 1, "section": "gpu", "presets": [...]}.
// Reading is all or nothing and stricter than the built-in loader: every problem of every preset
// is reported with file, line, column and JSON path, values must lie in the field table's range,
// and an id may appear once per file.

#include "core/atomicfile.h" // writeFileAtomically
#include "core/presets.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace commtax {

enum class LibraryFileKind { Presets,
                             Scenario,
                             Unknown };
// Which kind of Commtax file this is, from its "format" member (Unknown for anything else).
LibraryFileKind sniffLibraryFile(const QByteArray &json);

struct PresetFile {
    Section section = Section::Gpu;
    QList<Preset> presets;
    QList<QString> paths; // the JSON path of each preset ("presets[2]"), for later errors
};

// Parse a preset file. On failure `errors` has one entry per problem and `out` is untouched.
bool readPresetFile(const QByteArray &json, const QString &fileName, PresetFile &out, QList<LoadError> &errors);

// The preset file text for these presets of one section (values with kind and source).
QByteArray writePresetFile(Section section, const QList<Preset> &presets);

// An empty pattern when every number of the preset lies in its field's range; else why, as a template
// (context "commtax::Files"), the key in *key. Its last argument is the field's label, which
// model/text/modeltext.h: loadErrorText() translates (context "commtax::Fields").
EngineText checkPresetRangesText(const Preset &p, QString *key);

// The section of a preset file key ("gpu") or of its plural in a list ("gpus"); false if none.
bool parsePresetSection(const QString &key, Section &out);

} // namespace commtax
