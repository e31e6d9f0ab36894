// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsonlocator.h"

#include <QHash>

namespace commtax {

QString jsonPathJoin(const QString &parent, const QString &key)
{
    return parent.isEmpty() ? key : parent + QLatin1Char('.') + key;
}

QString jsonPathIndex(const QString &parent, qsizetype index)
{
    return parent + QLatin1Char('[') + QString::number(index) + QLatin1Char(']');
}

TextPosition JsonLocator::positionOfOffset(const QByteArray &utf8, qsizetype offset)
{
    TextPosition pos{1, 1};
    const qsizetype end = std::min(offset, utf8.size());
    for (qsizetype i = 0; i < end; ++i) {
        const unsigned char ch = static_cast<unsigned char>(utf8[i]);
        if (ch == '\n') {
            ++pos.line;
            pos.column = 1;
        } else if ((ch & 0xC0) != 0x80) { // count characters, not UTF-8 continuation bytes
            ++pos.column;
        }
    }
    return pos;
}

namespace {

// One part of a JSON path: a key, or an index.
struct PathPart {
    QByteArray key; // UTF-8
    qsizetype index = -1;
};

QList<PathPart> splitPath(const QString &path)
{
    QList<PathPart> parts;
    const QByteArray p = path.toUtf8();
    qsizetype i = 0;
    while (i < p.size()) {
        if (p[i] == '.') {
            ++i;
            continue;
        }
        if (p[i] == '[') {
            const qsizetype close = p.indexOf(']', i);
            if (close < 0)
                break;
            PathPart part;
            part.index = p.mid(i + 1, close - i - 1).toLongLong();
            parts.append(part);
            i = close + 1;
            continue;
        }
        qsizetype end = i;
        while (end < p.size() && p[end] != '.' && p[end] != '[')
            ++end;
        parts.append(PathPart{p.mid(i, end - i), -1});
        i = end;
    }
    return parts;
}

// A forward scan over JSON text that QJsonDocument has already accepted (or that is broken:
// the scan then stops at the end without error). It reports each value with its parent frame,
// and keeps line and column as it goes.
class Scanner
{
public:
    explicit Scanner(const QByteArray &text)
        : m_text(text), m_n(text.size()) { }

    struct Frame {
        bool isObject = false;
        qsizetype index = 0; // next array index
        QByteArray key;      // last key read in an object
        TextPosition keyPos; // where that key started
        bool expectKey = true;
        int matched = 0;                      // for locate: path parts matched by this container
        bool onPath = false;                  // for locate: this container is on the searched path
        QString path;                         // for duplicateKeys: JSON path of this container
        QHash<QByteArray, TextPosition> keys; // for duplicateKeys
    };

    // Calls onValue(parentOrNull, position) for each value, onKey(frame, position) for each key;
    // either returns false to stop.
    template <typename OnValue, typename OnKey, typename OnOpen>
    void run(OnValue onValue, OnKey onKey, OnOpen onOpen)
    {
        while (m_i < m_n) {
            const char ch = m_text[m_i];
            if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == ',') {
                advance(1);
                continue;
            }
            if (ch == ':') {
                if (!m_stack.isEmpty())
                    m_stack.last().expectKey = false;
                advance(1);
                continue;
            }
            if (ch == '}' || ch == ']') {
                if (!m_stack.isEmpty())
                    m_stack.removeLast();
                valueDone();
                advance(1);
                continue;
            }
            if (!m_stack.isEmpty() && m_stack.last().isObject && m_stack.last().expectKey) {
                if (ch != '"') {
                    advance(1); // not valid JSON; QJsonDocument reports it
                    continue;
                }
                Frame &f = m_stack.last();
                f.keyPos = pos();
                f.key = readString();
                if (!onKey(f))
                    return;
                continue;
            }
            Frame *parent = m_stack.isEmpty() ? nullptr : &m_stack.last();
            if (!onValue(parent, pos()))
                return;
            if (parent && !parent->isObject)
                ++parent->index;
            if (ch == '{' || ch == '[') {
                Frame f;
                f.isObject = ch == '{';
                onOpen(parent, f);
                m_stack.append(std::move(f));
                advance(1);
                continue;
            }
            if (ch == '"')
                readString();
            else
                while (m_i < m_n && !QByteArrayView(" \t\r\n,]}:").contains(m_text[m_i]))
                    advance(1);
            valueDone();
        }
    }

private:
    TextPosition pos() const { return TextPosition{m_line, m_column}; }
    void valueDone()
    {
        if (!m_stack.isEmpty() && m_stack.last().isObject)
            m_stack.last().expectKey = true;
    }
    void advance(qsizetype count)
    {
        for (qsizetype k = 0; k < count && m_i < m_n; ++k, ++m_i) {
            const unsigned char ch = static_cast<unsigned char>(m_text[m_i]);
            if (ch == '\n') {
                ++m_line;
                m_column = 1;
            } else if ((ch & 0xC0) != 0x80) {
                ++m_column;
            }
        }
    }
    // At the opening quote; returns the raw bytes between the quotes with simple escapes undone.
    QByteArray readString()
    {
        advance(1);
        QByteArray raw;
        while (m_i < m_n && m_text[m_i] != '"') {
            if (m_text[m_i] == '\\' && m_i + 1 < m_n) {
                raw.append(m_text[m_i + 1]);
                advance(2);
                continue;
            }
            raw.append(m_text[m_i]);
            advance(1);
        }
        advance(1);
        return raw;
    }

    const QByteArray &m_text;
    const qsizetype m_n;
    qsizetype m_i = 0;
    int m_line = 1;
    int m_column = 1;
    QList<Frame> m_stack;
};

} // namespace

TextPosition JsonLocator::locate(const QString &path, bool *exact) const
{
    const QList<PathPart> parts = path.isEmpty() ? QList<PathPart>() : splitPath(path);
    TextPosition best;
    int bestDepth = -1;
    *exact = false;
    bool valueOnPath = false; // the value just reported matched the path so far
    Scanner scanner(m_text);
    scanner.run(
        [&](Scanner::Frame *parent, TextPosition at) {
            valueOnPath = false;
            int depth = 0;
            if (parent) {
                if (!parent->onPath || parent->matched >= parts.size())
                    return true;
                const PathPart &want = parts[parent->matched];
                const bool match = parent->isObject ? (want.index < 0 && parent->key == want.key)
                                                    : (want.index >= 0 && parent->index == want.index);
                if (!match)
                    return true;
                depth = parent->matched + 1;
            }
            valueOnPath = true;
            if (depth > bestDepth) {
                best = at;
                bestDepth = depth;
            }
            if (depth == parts.size()) {
                *exact = true;
                return false; // found
            }
            return true;
        },
        [](Scanner::Frame &) { return true; },
        [&](Scanner::Frame *parent, Scanner::Frame &child) {
            // The container just reported is on the path when its value matched.
            if (valueOnPath) {
                child.onPath = true;
                child.matched = parent ? parent->matched + 1 : 0;
            }
        });
    return bestDepth >= 0 ? best : TextPosition{};
}

TextPosition JsonLocator::find(const QString &path) const
{
    bool exact = false;
    return locate(path, &exact);
}

bool JsonLocator::contains(const QString &path) const
{
    bool exact = false;
    locate(path, &exact);
    return exact;
}

QList<DuplicateKey> JsonLocator::duplicateKeys(const QByteArray &utf8, qsizetype limit)
{
    QList<DuplicateKey> out;
    Scanner scanner(utf8);
    scanner.run([](Scanner::Frame *, TextPosition) { return true; },
                [&](Scanner::Frame &f) {
                    const auto it = f.keys.constFind(f.key);
                    if (it == f.keys.constEnd()) {
                        f.keys.insert(f.key, f.keyPos);
                        return true;
                    }
                    out.append(DuplicateKey{jsonPathJoin(f.path, QString::fromUtf8(f.key)), f.keyPos, *it});
                    return out.size() < limit;
                },
                [](Scanner::Frame *parent, Scanner::Frame &child) {
                    if (parent)
                        child.path = parent->isObject ? jsonPathJoin(parent->path, QString::fromUtf8(parent->key))
                                                      : jsonPathIndex(parent->path, parent->index - 1);
                });
    return out;
}

} // namespace commtax
