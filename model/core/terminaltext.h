// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Text from a file (a scenario's name, a preset id, a log's GPU name, an error quoting them) on its
// way to a terminal: control characters are shown escaped, so a name cannot move the cursor, change
// colours, clear the screen or forge lines of output. JSON and CSV output need none of this (JSON
// escapes control characters itself; CSV quotes them); the text tables and messages do.

#include <QString>

namespace commtax {

// C0 controls, DEL and C1 controls as \xHH (ESC: \x1B, newline: \x0A), and the Unicode
// bidirectional overrides and isolates (which reorder what follows them) as \u{HHHH}. Everything
// else, including non-ASCII letters, is kept.
QString terminalSafe(const QString &text);

// The columns `text` takes in a terminal (Unicode Standard Annex #11, East Asian Width): wide and
// fullwidth characters (Chinese, Japanese, Korean, fullwidth punctuation such as "，" and "（")
// take 2, combining marks, format characters and controls 0, everything else 1. A text table
// padded by size() misaligns as soon as a cell holds Chinese.
int displayWidth(const QString &text);
// `text` padded with spaces to `width` display columns: on the right (left-aligned) for a negative
// width, on the left for a positive one; never cut.
QString padToDisplayWidth(const QString &text, int width);

} // namespace commtax
