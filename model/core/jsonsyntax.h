// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A strict check of JSON text (RFC 8259) before QJsonDocument reads it. Qt 6.4's reader accepts
// what JSON does not, and reads some of it as something else: "\x41" is read as "x41", a raw tab or
// NUL inside a string is kept, ".5" and "1." are numbers. Where it refuses, it names the wrong
// thing: "01024" and "0x400" are an "unterminated object", an unquoted key too. This check says
// what is wrong, where, and on which key, in one pass with no recursion and memory bounded by the
// nesting depth.

#include "engine/enginetext.h"

#include <QByteArray>
#include <QString>

namespace commtax {

// Objects and arrays nest at most this deep (Qt's own reader stops at 1024).
inline constexpr int kMaxJsonDepth = 512;

struct JsonSyntaxProblem {
    qsizetype offset = -1; // byte offset of what is wrong; -1: the text is JSON
    QString path;          // JSON path of the value or key it is in ("training.tp"), empty at the top
    EngineText text;       // "invalid JSON: ...", kFileTextContext (fields.h: fileText())
    bool ok() const { return offset < 0; }
};

JsonSyntaxProblem checkJsonSyntax(const QByteArray &utf8);

} // namespace commtax
