#pragma once
// The command line: `commtax <command> ...`. Exit codes: 0 success, 1 bad input (a file, a plan,
// a preset id), 2 bad usage (unknown command or option).

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
// Print "commtax: <message>" on stderr and return the exit code.
int fail(int code, const QString &message);

// Small option helpers over the arguments after the command name.
bool takeFlag(QStringList &args, const QString &flag);
// Value of "--opt V" or "--opt=V"; `present` tells whether it was given; a missing value is an error.
bool takeOption(QStringList &args, const QString &opt, QString &value, bool *present, QString *error);
QString unknownOption(const QStringList &args); // the first leftover "--x", or empty

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
} // namespace cli

} // namespace commtax
