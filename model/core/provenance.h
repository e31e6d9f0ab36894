// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Where a number comes from: every preset figure says whether it is a datasheet figure, a
// measurement or an assumption, and its source.

#include <QMap>
#include <QString>

namespace commtax {

enum class SourceKind { Datasheet,
                        Measured,
                        Assumption,
                        Derived,
                        User };

struct Provenance {
    SourceKind kind = SourceKind::Assumption;
    QString source;
    friend bool operator==(const Provenance &, const Provenance &) = default;
};

using ProvenanceMap = QMap<QString, Provenance>; // field key -> provenance

// The sources the app itself writes for a value the user typed (a changed value, a new preset's),
// stored in English in files and the library; model/text/modeltext.h provenanceSourceText() shows them in
// the interface language.
inline constexpr const char *kEditedByUser = "edited by the user";
inline constexpr const char *kEnteredByUser = "entered by the user";

inline QString toString(SourceKind k)
{
    switch (k) {
    case SourceKind::Datasheet: return QStringLiteral("datasheet");
    case SourceKind::Measured: return QStringLiteral("measured");
    case SourceKind::Assumption: return QStringLiteral("assumption");
    case SourceKind::Derived: return QStringLiteral("derived");
    case SourceKind::User: return QStringLiteral("user");
    }
    return QStringLiteral("assumption");
}

inline bool parseSourceKind(const QString &s, SourceKind &out)
{
    static const SourceKind all[] = {SourceKind::Datasheet, SourceKind::Measured, SourceKind::Assumption,
                                     SourceKind::Derived, SourceKind::User};
    for (SourceKind k : all)
        if (toString(k) == s) {
            out = k;
            return true;
        }
    return false;
}

} // namespace commtax
