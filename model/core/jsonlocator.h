#pragma once
// QJsonDocument forgets where things were. JsonLocator scans the same text once and remembers the
// line and column of every value by its JSON path ("training.tp", "presets[2].id"), so that errors
// can say file, line and field. It also turns a QJsonParseError offset into line and column.

#include <QHash>
#include <QString>

namespace commtax {

struct TextPosition {
    int line = 0;   // 1-based; 0 = unknown
    int column = 0; // 1-based
};

class JsonLocator
{
public:
    JsonLocator() = default;
    explicit JsonLocator(const QByteArray &utf8);

    // Position of the value at `path`; if absent, of the nearest enclosing value that exists.
    TextPosition find(const QString &path) const;
    bool contains(const QString &path) const { return m_positions.contains(path); }

    static TextPosition positionOfOffset(const QByteArray &utf8, qsizetype offset);

private:
    QHash<QString, TextPosition> m_positions;
};

// "training.tp" + "x" -> "training.tp.x"; "" + "x" -> "x"
QString jsonPathJoin(const QString &parent, const QString &key);
QString jsonPathIndex(const QString &parent, qsizetype index);

} // namespace commtax
