// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// QJsonDocument forgets where things were, and silently keeps the last of duplicate keys.
// JsonLocator finds the line and column of a value by its JSON path ("training.tp",
// "presets[2].id") with one scan of the text per lookup, storing nothing per value, so a large
// file costs no memory up front; duplicateKeys() finds keys given twice in one object. It also
// turns a QJsonParseError offset into line and column.

#include <QByteArray>
#include <QList>
#include <QString>

namespace commtax {

struct TextPosition {
    int line = 0;   // 1-based; 0 = unknown
    int column = 0; // 1-based, in characters
};

struct DuplicateKey {
    QString path;          // JSON path of the second occurrence, e.g. "training.tp"
    TextPosition position; // of the second occurrence's key
    TextPosition first;    // of the first occurrence's key
};

class JsonLocator
{
public:
    JsonLocator() = default;
    explicit JsonLocator(const QByteArray &utf8)
        : m_text(utf8) { }

    // Position of the value at `path`; if absent, of the nearest enclosing value that exists
    // (the document's start for a path with no part present).
    TextPosition find(const QString &path) const;
    bool contains(const QString &path) const;

    // Keys that appear twice in one object, in document order (at most `limit`).
    static QList<DuplicateKey> duplicateKeys(const QByteArray &utf8, qsizetype limit = 20);
    static TextPosition positionOfOffset(const QByteArray &utf8, qsizetype offset);

private:
    // The deepest value on `path` that exists; `exact` tells whether it is the value itself.
    TextPosition locate(const QString &path, bool *exact) const;

    QByteArray m_text;
};

// "training.tp" + "x" -> "training.tp.x"; "" + "x" -> "x"
QString jsonPathJoin(const QString &parent, const QString &key);
QString jsonPathIndex(const QString &parent, qsizetype index);

} // namespace commtax
