// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The command line: `commtax <command> ...`. Exit codes: 0 success, 1 bad input (a file, a plan,
// a preset id), 2 bad usage (unknown command or option).

#include "core/presets.h"

#include <QStringList>
#include <QTextStream>

namespace commtax {

int runCli(int argc, char **argv);

namespace cli {
inline constexpr int kExitOk = 0;
inline constexpr int kExitBadInput = 1;
inline constexpr int kExitUsage = 2;

QTextStream &out();
QTextStream &err();
// Print "commtax: <message>" on stderr and return the exit code. The message is shown
// terminal-safe (core/terminaltext.h): it often quotes names and text from files.
int fail(int code, const QString &message);
// "commtax: warning: <message>" on stderr, terminal-safe.
void warn(const QString &message);
// Every line of text from a file that a text output prints goes through this (JSON output does
// not: JSON escapes control characters itself).
QString shown(const QString &text);

// The presets scenario files and options may name: the built-ins plus the user's preset library
// (COMMTAX_LIBRARY, else the app's default location) when it exists. The library is opened
// ExistingOnly: never created, never moved aside; one that cannot be used is a warning on stderr
// and the built-ins are used. Every subcommand resolves presets through this, the same way.
const PresetCatalog &presetCatalog();

// Small option helpers over the arguments after the command name. An option or flag given more
// than once is a usage error: false with the reason (the caller exits 2).
bool takeFlag(QStringList &args, const QString &flag, bool &present, QString *error);
// Value of "--opt V" or "--opt=V"; `present` tells whether it was given; a missing value is an error.
bool takeOption(QStringList &args, const QString &opt, QString &value, bool *present, QString *error);
QString unknownOption(const QStringList &args); // the first leftover "--x" or "-x" ("-" alone is a file), or empty

// A column of a fixed-width text table: its heading and its width (negative: left-aligned).
struct TextColumn {
    QString heading;
    int width = 0;
};
// One line of such a table, without the newline: each cell padded to its column's width, one
// space between. tableLine(columns) is the heading line.
QString tableLine(const QList<TextColumn> &columns, const QStringList &cells);
QString tableLine(const QList<TextColumn> &columns);

int cmdEvaluate(QStringList args);
int cmdPresets(QStringList args);
int cmdSweep(QStringList args);
int cmdReport(QStringList args);    // app/cli_report.cpp
int cmdCalibrate(QStringList args); // app/cli_calibrate.cpp
int cmdSearch(QStringList args);    // app/cli_search.cpp
int cmdLaunch(QStringList args);    // app/cli_launch.cpp
} // namespace cli

} // namespace commtax
