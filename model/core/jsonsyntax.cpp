// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsonsyntax.h"

#include "fields.h"
#include "jsonlocator.h"

#include <QByteArrayView>

#include <cmath>
#include <vector>

namespace commtax {
namespace {

// A key longer than this is cut in the path a message names.
constexpr qsizetype kMaxPathKeyChars = 80;
// A path deeper than this names its first and last parts.
constexpr size_t kMaxPathParts = 16;
// What "(got ...)" quotes of the text, at most.
constexpr qsizetype kMaxQuotedChars = 24;

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isHexDigit(char c) { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool isLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool endsToken(char c) { return isSpace(c) || QByteArrayView(",:[]{}\"").contains(c); }
bool isContinuation(unsigned char c) { return (c & 0xC0) == 0x80; }

qsizetype utf8Length(const char *s, qsizetype n, qsizetype i);

QString hex(unsigned value, int digits)
{
    return QString::number(value, 16).toUpper().rightJustified(digits, QLatin1Char('0'));
}

// The first `max` characters of `bytes`, "..." after them when cut, for a message: a control
// character shown as \uXXXX and a byte that is not UTF-8 as \xXX, so that every one is seen.
QString cutText(QByteArrayView bytes, qsizetype max)
{
    QString out;
    qsizetype chars = 0;
    for (qsizetype i = 0; i < bytes.size(); ++chars) {
        if (chars == max)
            return out + QStringLiteral("...");
        const unsigned char c = static_cast<unsigned char>(bytes[i]);
        if (c < 0x20 || c == 0x7F) {
            out += QStringLiteral("\\u") + hex(c, 4);
            ++i;
        } else if (c < 0x80) {
            out += QLatin1Char(char(c));
            ++i;
        } else if (const qsizetype len = utf8Length(bytes.data(), bytes.size(), i); len > 0) {
            out += QString::fromUtf8(bytes.sliced(i, len));
            i += len;
        } else {
            out += QStringLiteral("\\x") + hex(c, 2);
            ++i;
        }
    }
    return out;
}

// The length of the UTF-8 sequence starting at `s[i]` (RFC 3629: no overlong forms, no
// surrogates, nothing past U+10FFFF), or 0 when the bytes there are not UTF-8.
qsizetype utf8Length(const char *s, qsizetype n, qsizetype i)
{
    const auto b = [&](qsizetype k) { return i + k < n ? static_cast<unsigned char>(s[i + k]) : 0u; };
    const unsigned c = b(0);
    if (c >= 0xC2 && c <= 0xDF)
        return isContinuation(b(1)) ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        const unsigned lo = c == 0xE0 ? 0xA0 : 0x80;
        const unsigned hi = c == 0xED ? 0x9F : 0xBF;
        return b(1) >= lo && b(1) <= hi && isContinuation(b(2)) ? 3 : 0;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        const unsigned lo = c == 0xF0 ? 0x90 : 0x80;
        const unsigned hi = c == 0xF4 ? 0x8F : 0xBF;
        return b(1) >= lo && b(1) <= hi && isContinuation(b(2)) && isContinuation(b(3)) ? 4 : 0;
    }
    return 0;
}

// Whether the JSON number `t` (checked) is 1 or more in size: its leading digit's power of ten,
// from the digits and the exponent (saturated), is 0 or more. Tells a number too large for a
// double from one too close to 0 where the conversion gives neither.
bool atLeastOne(QByteArrayView t)
{
    qsizetype k = t.startsWith('-') ? 1 : 0;
    qsizetype intDigits = 0; // after leading zeros
    for (; k < t.size() && isDigit(t[k]); ++k)
        if (intDigits > 0 || t[k] != '0')
            ++intDigits;
    qsizetype fractionZeros = 0; // before the first digit that is not 0
    if (k < t.size() && t[k] == '.') {
        bool leading = true;
        for (++k; k < t.size() && isDigit(t[k]); ++k) {
            leading = leading && t[k] == '0';
            fractionZeros += leading ? 1 : 0;
        }
    }
    long long exponent = 0;
    if (k < t.size() && (t[k] == 'e' || t[k] == 'E')) {
        ++k;
        const bool negative = k < t.size() && t[k] == '-';
        if (k < t.size() && (t[k] == '-' || t[k] == '+'))
            ++k;
        for (; k < t.size() && isDigit(t[k]); ++k)
            exponent = std::min<long long>(exponent * 10 + (t[k] - '0'), 1000000000);
        if (negative)
            exponent = -exponent;
    }
    return intDigits > 0 ? exponent + intDigits - 1 >= 0 : exponent - fractionZeros - 1 >= 0;
}

class Checker
{
public:
    explicit Checker(const QByteArray &text)
        : m_s(text.constData()), m_n(text.size()) { }

    JsonSyntaxProblem run();

private:
    struct Frame {
        bool object = false;
        qsizetype open = 0;      // offset of its '{' or '['
        qsizetype index = 0;     // an array's element being read
        qsizetype keyBegin = -1; // an object's key being read: its bytes, escapes as written
        qsizetype keyLength = 0;
    };
    enum class Want { Value,
                      ValueOrClose,
                      Key,
                      KeyOrClose,
                      CommaOrClose,
                      End };

    bool fail(qsizetype at, const char *pattern, const QStringList &args = {});
    // What the text holds at `at`: the token there, cut; one character when it is punctuation.
    QString quoted(qsizetype at) const;
    QStringList openedAt(qsizetype at) const;
    void skipSpace()
    {
        while (m_i < m_n && isSpace(m_s[m_i]))
            ++m_i;
    }
    Want afterValue() const { return m_stack.empty() ? Want::End : Want::CommaOrClose; }
    bool open(bool object);
    bool close();
    bool value();
    bool string();
    bool number();
    bool word();
    bool endOfText();
    bool valueStep(Want &want);
    bool keyStep(Want &want);
    bool commaStep(Want &want);

    const char *m_s;
    qsizetype m_n;
    qsizetype m_i = 0;
    std::vector<Frame> m_stack;
    JsonSyntaxProblem m_problem;
};

bool Checker::fail(qsizetype at, const char *pattern, const QStringList &args)
{
    m_problem.offset = at;
    m_problem.text = fileText(pattern, args);
    // The path, its keys cut; past kMaxPathParts deep, its first and last parts with " ... " between.
    std::vector<QString> parts;
    for (const Frame &f : m_stack) {
        if (!f.object)
            parts.push_back(jsonPathIndex(QString(), f.index));
        else if (f.keyBegin >= 0)
            parts.push_back(cutText(QByteArrayView(m_s + f.keyBegin, f.keyLength), kMaxPathKeyChars));
        else
            break;
    }
    QString path;
    for (size_t k = 0; k < parts.size(); ++k) {
        if (parts.size() > kMaxPathParts && k == kMaxPathParts / 2) {
            path += QStringLiteral(" ... ");
            k = parts.size() - kMaxPathParts / 2;
        }
        const bool joined = parts[k].startsWith(QLatin1Char('[')) || path.isEmpty() || path.endsWith(QLatin1Char(' '));
        path = joined ? path + parts[k] : jsonPathJoin(path, parts[k]);
    }
    m_problem.path = path;
    return false;
}

QString Checker::quoted(qsizetype at) const
{
    qsizetype end = at;
    if (at < m_n && (m_s[at] == '"' || m_s[at] == '\'')) { // a string, to its closing quote
        end = at + 1;
        while (end < m_n && m_s[end] != m_s[at] && m_s[end] != '\n' && end - at < 4 * kMaxQuotedChars)
            ++end;
        end = std::min(m_n, end + 1);
    }
    while (end < m_n && !endsToken(m_s[end]))
        ++end;
    if (end == at && at < m_n) // punctuation, or a character no token holds
        end = at + std::max<qsizetype>(1, utf8Length(m_s, m_n, at));
    return cutText(QByteArrayView(m_s + at, end - at), kMaxQuotedChars);
}

// The line and the column where a container opened, for the messages that name it.
QStringList Checker::openedAt(qsizetype at) const
{
    const TextPosition p = JsonLocator::positionOfOffset(QByteArray::fromRawData(m_s, m_n), at);
    return {QString::number(p.line), QString::number(p.column)};
}

bool Checker::endOfText()
{
    if (m_stack.empty())
        return fail(m_n, CT_TR("commtax::Files", "invalid JSON: the text holds no value (it is empty)"));
    const Frame &f = m_stack.back();
    const char *pattern = f.object ? CT_TR("commtax::Files", "invalid JSON: the text ends inside the object "
                                                             "opened at line %1, column %2")
                                   : CT_TR("commtax::Files", "invalid JSON: the text ends inside the array "
                                                             "opened at line %1, column %2");
    return fail(m_n, pattern, openedAt(f.open));
}

bool Checker::open(bool object)
{
    if (m_stack.size() >= static_cast<size_t>(kMaxJsonDepth))
        return fail(m_i, CT_TR("commtax::Files", "invalid JSON: objects and arrays are nested more than %1 deep"),
                    {QString::number(kMaxJsonDepth)});
    m_stack.push_back(Frame{object, m_i});
    ++m_i;
    return true;
}

bool Checker::close()
{
    m_stack.pop_back();
    ++m_i;
    return true;
}

bool Checker::string()
{
    const qsizetype start = m_i;
    qsizetype j = m_i + 1;
    while (j < m_n) {
        const unsigned char c = static_cast<unsigned char>(m_s[j]);
        if (c == '"') {
            m_i = j + 1;
            return true;
        }
        if (c == '\\') {
            if (j + 1 >= m_n)
                break;
            const char e = m_s[j + 1];
            if (e == 'u') {
                for (qsizetype k = j + 2; k < j + 6; ++k)
                    if (k >= m_n || !isHexDigit(m_s[k]))
                        return fail(j, CT_TR("commtax::Files", "invalid JSON: \\u takes four hexadecimal digits (got "
                                                               "%1)"),
                                    {QString::fromLatin1(m_s + j, k - j)});
                j += 6;
                continue;
            }
            if (!QByteArrayView("\"\\/bfnrt").contains(e)) {
                const qsizetype escaped = std::max<qsizetype>(1, utf8Length(m_s, m_n, j + 1));
                const QString got = cutText(QByteArrayView(m_s + j, 1 + escaped), kMaxQuotedChars);
                return fail(j, CT_TR("commtax::Files", "invalid JSON: %1 is not an escape JSON knows; a backslash is "
                                                       "written \\\\ (the escapes are "
                                                       "\\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u followed by four "
                                                       "hexadecimal digits)"),
                            {got});
            }
            j += 2;
            continue;
        }
        if (c == '\n' || c == '\r')
            return fail(start, CT_TR("commtax::Files", "invalid JSON: the string that starts here runs past the end "
                                                       "of its line: close it with a double quote, or write a line "
                                                       "break inside it as \\n"));
        if (c < 0x20)
            return fail(j, CT_TR("commtax::Files", "invalid JSON: a control character (U+%1) inside a string must be "
                                                   "written as an escape, such as "
                                                   "\\n, \\t or \\u%1"),
                        {hex(c, 4)});
        if (c >= 0x80) {
            const qsizetype len = utf8Length(m_s, m_n, j);
            if (len == 0)
                return fail(j, CT_TR("commtax::Files", "invalid JSON: the byte 0x%1 here is not UTF-8; save the file "
                                                       "as UTF-8"),
                            {hex(c, 2)});
            j += len;
            continue;
        }
        ++j;
    }
    return fail(start, CT_TR("commtax::Files", "invalid JSON: the string that starts here is not closed with a double "
                                               "quote"));
}

bool Checker::number()
{
    const qsizetype start = m_i;
    qsizetype j = m_i;
    if (m_s[j] == '-')
        ++j;
    if (j < m_n && isLetter(m_s[j])) // -Infinity
        return word();
    if (j >= m_n || !isDigit(m_s[j]))
        return fail(start, CT_TR("commtax::Files", "invalid JSON: a minus sign must be followed by a digit (got %1)"),
                    {quoted(start)});
    if (m_s[j] == '0') {
        ++j;
        if (j < m_n && (m_s[j] == 'x' || m_s[j] == 'X'))
            return fail(start, CT_TR("commtax::Files", "invalid JSON: %1 is hexadecimal, which JSON does not read; "
                                                       "write the number in decimal"),
                        {quoted(start)});
        if (j < m_n && isDigit(m_s[j]))
            return fail(start, CT_TR("commtax::Files", "invalid JSON: a number may not start with 0 unless it is 0 or "
                                                       "0.something (got %1)"),
                        {quoted(start)});
    } else {
        while (j < m_n && isDigit(m_s[j]))
            ++j;
    }
    if (j < m_n && m_s[j] == '.') {
        ++j;
        if (j >= m_n || !isDigit(m_s[j]))
            return fail(start, CT_TR("commtax::Files", "invalid JSON: a decimal point must be followed by a digit "
                                                       "(got %1)"),
                        {quoted(start)});
        while (j < m_n && isDigit(m_s[j]))
            ++j;
    }
    if (j < m_n && (m_s[j] == 'e' || m_s[j] == 'E')) {
        ++j;
        if (j < m_n && (m_s[j] == '+' || m_s[j] == '-'))
            ++j;
        if (j >= m_n || !isDigit(m_s[j]))
            return fail(start, CT_TR("commtax::Files", "invalid JSON: an exponent must have digits (got %1)"),
                        {quoted(start)});
        while (j < m_n && isDigit(m_s[j]))
            ++j;
    }
    if (j < m_n && !endsToken(m_s[j]))
        return fail(start, CT_TR("commtax::Files", "invalid JSON: %1 is not a number"), {quoted(start)});
    bool ok = false;
    const double v = QByteArrayView(m_s + start, j - start).toDouble(&ok);
    // Out of a double's range either way: Qt refuses both (1e999 and 1e-400 alike).
    if (!std::isfinite(v) || (!ok && atLeastOne(QByteArrayView(m_s + start, j - start))))
        return fail(start, CT_TR("commtax::Files", "invalid JSON: %1 is larger than any number Commtax can hold "
                                                   "(about 1.8e308)"),
                    {quoted(start)});
    if (!ok)
        return fail(start, CT_TR("commtax::Files", "invalid JSON: %1 is closer to 0 than any number Commtax can "
                                                   "hold (about 4.9e-324); write 0"),
                    {quoted(start)});
    m_i = j;
    return true;
}

bool Checker::word()
{
    const qsizetype start = m_i;
    qsizetype j = m_i;
    while (j < m_n && !endsToken(m_s[j]))
        ++j;
    const QByteArrayView w(m_s + start, j - start);
    if (w == "true" || w == "false" || w == "null") {
        m_i = j;
        return true;
    }
    return fail(start, CT_TR("commtax::Files", "invalid JSON: %1 is not a JSON value; a value is a number, a string "
                                               "in double quotes, true, false, null, "
                                               "an object or an array"),
                {quoted(start)});
}

bool Checker::value()
{
    const char c = m_s[m_i];
    if (c == '"')
        return string();
    if (c == '-' || isDigit(c))
        return number();
    if (isLetter(c))
        return word();
    if (c == '\'')
        return fail(m_i, CT_TR("commtax::Files", "invalid JSON: a string is written in double quotes, not single (got "
                                                 "%1)"),
                    {quoted(m_i)});
    if (c == '/')
        return fail(m_i, CT_TR("commtax::Files", "invalid JSON: JSON has no comments"));
    if (c == '+' || c == '.')
        return fail(m_i, CT_TR("commtax::Files", "invalid JSON: a number starts with a digit or a minus sign (got %1)"),
                    {quoted(m_i)});
    if (!m_stack.empty() && (c == ',' || c == '}' || c == ']')) {
        if (m_stack.back().object)
            return fail(m_i, CT_TR("commtax::Files", "invalid JSON: the key has no value after its colon"));
        if (c == ']')
            return fail(m_i, CT_TR("commtax::Files", "invalid JSON: a comma must be followed by another value (JSON "
                                                     "has no trailing comma)"));
    }
    return fail(m_i, CT_TR("commtax::Files", "invalid JSON: expected a value (got %1)"), {quoted(m_i)});
}

// At a value: a container opens (want: its first member or its end), or a value is read.
bool Checker::valueStep(Want &want)
{
    const char c = m_s[m_i];
    if (m_stack.empty() && c != '{' && c != '[') { // Qt reads no other value at the top
        const qsizetype start = m_i;
        if (c == '/' || c == '\'' || isLetter(c) || c == '-' || isDigit(c) || c == '"')
            if (!value()) // what is wrong with it, when anything is
                return false;
        return fail(start, CT_TR("commtax::Files", "invalid JSON: the text starts with %1; a JSON file holds an "
                                                   "object in braces { }"),
                    {quoted(start)});
    }
    if (want == Want::ValueOrClose && c == ']') {
        close();
    } else if (c == '{' || c == '[') {
        if (!open(c == '{'))
            return false;
        want = c == '{' ? Want::KeyOrClose : Want::ValueOrClose;
        return true;
    } else if (!value()) {
        return false;
    }
    want = afterValue();
    return true;
}

// At a key: the object ends, or a key and its colon are read (want: its value).
bool Checker::keyStep(Want &want)
{
    const char c = m_s[m_i];
    if (c == '}') {
        if (want != Want::KeyOrClose)
            return fail(m_i, CT_TR("commtax::Files", "invalid JSON: a comma must be followed by another key (JSON "
                                                     "has no trailing comma)"));
        close();
        want = afterValue();
        return true;
    }
    if (c != '"')
        return fail(m_i, CT_TR("commtax::Files", "invalid JSON: a key is written as a string in double quotes (got "
                                                 "%1)"),
                    {quoted(m_i)});
    const qsizetype keyStart = m_i;
    if (!string())
        return false;
    Frame &f = m_stack.back();
    f.keyBegin = keyStart + 1;
    f.keyLength = m_i - keyStart - 2;
    skipSpace();
    if (m_i >= m_n)
        return endOfText();
    if (m_s[m_i] != ':')
        return fail(m_i, CT_TR("commtax::Files", "invalid JSON: expected a colon after the key (got %1)"),
                    {quoted(m_i)});
    ++m_i;
    want = Want::Value;
    return true;
}

// After a member: a comma (want: the next key or value), or the container's end.
bool Checker::commaStep(Want &want)
{
    const char c = m_s[m_i];
    Frame &f = m_stack.back();
    if (c == ',') {
        ++m_i;
        if (f.object)
            f.keyBegin = -1;
        else
            ++f.index;
        want = f.object ? Want::Key : Want::Value;
        return true;
    }
    if (c == (f.object ? '}' : ']')) {
        close();
        want = afterValue();
        return true;
    }
    const char *pattern = f.object ? CT_TR("commtax::Files", "invalid JSON: expected a comma or the } that "
                                                             "closes the object opened at line %1, column %2 (got %3)")
                                   : CT_TR("commtax::Files", "invalid JSON: expected a comma or the ] that "
                                                             "closes the array opened at line %1, column %2 (got %3)");
    return fail(m_i, pattern, openedAt(f.open) << quoted(m_i));
}

JsonSyntaxProblem Checker::run()
{
    if (QByteArrayView(m_s, m_n).startsWith("\xEF\xBB\xBF")) // a UTF-8 byte order mark, as Qt reads it
        m_i = 3;
    Want want = Want::Value;
    while (true) {
        skipSpace();
        if (want == Want::End) {
            if (m_i < m_n)
                fail(m_i, CT_TR("commtax::Files", "invalid JSON: text after the end of the value (got %1)"),
                     {quoted(m_i)});
            return m_problem;
        }
        if (m_i >= m_n) {
            endOfText();
            return m_problem;
        }
        bool ok = true;
        switch (want) {
        case Want::Value:
        case Want::ValueOrClose: ok = valueStep(want); break;
        case Want::Key:
        case Want::KeyOrClose: ok = keyStep(want); break;
        case Want::CommaOrClose: ok = commaStep(want); break;
        case Want::End: break;
        }
        if (!ok)
            return m_problem;
    }
}

} // namespace

JsonSyntaxProblem checkJsonSyntax(const QByteArray &utf8) { return Checker(utf8).run(); }

} // namespace commtax
