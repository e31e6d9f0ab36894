// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The command line: `commtax <command> ...`. Exit codes: 0 success, 1 bad input (a file, a plan,
// a preset id), 2 bad usage (unknown command or option).

#include "core/presets.h"

#include <QStringList>
#include <QTextStream>

#include <memory>
#include <optional>

namespace commtax {

int runCli(int argc, char **argv);
// Whether `commtax ARGS` is the command line (a command, --help, --version, an unknown word) rather
// than the desktop app (nothing, Qt's options such as -platform or -style, a plan file).
bool isCommandLine(int argc, char **argv);
// For the desktop app: the plan file to open (empty: none) among Qt's options, which stay in argv
// for QApplication. False after a usage error (printed), with the exit code.
bool desktopArguments(int argc, char **argv, QString &plan, int &exitCode);

namespace cli {
inline constexpr int kExitOk = 0;
inline constexpr int kExitBadInput = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitInterrupted = 130; // Ctrl+C (SIGINT) stopped a long command: 128 + 2, as a shell reports it

QTextStream &out();
QTextStream &err();
// A command's exit code once its standard output is flushed: kExitBadInput (or the command's own
// failure) with a message on stderr when the output could not be written (a full disk, /dev/full).
int outputWritten(int code);
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

// How every subcommand reads its arguments: one QCommandLineParser per command, used the
// same way everywhere. Declare the options, parse, then read them:
//     CommandLine cl(QStringLiteral("sweep"), tr("FILE ..."), tr("What it does."));
//     cl.flag(QStringLiteral("json"), tr("..."));
//     cl.option(QStringLiteral("gpus"), tr("LIST"), tr("..."));
//     if (const std::optional<int> code = cl.parse(args)) return *code;
//     json = cl.isSet(QStringLiteral("json")); hasGpus = cl.value(QStringLiteral("gpus"), gpus);
//     args = cl.positional();
// parse() prints the command's usage for -h/--help (exit 0) and refuses, with "commtax: <command>:
// <reason>" on stderr (exit 2), an unknown option, an option without its value, a value given to a
// flag, and an option or flag given more than once. "-" alone is a positional argument (standard
// input), and so is everything after "--". Options take "--opt V", "--opt=V", "-o V", "-oV".
class CommandLine
{
public:
    // `synopsis`: what follows "commtax <command>" on the usage line; `summary`: one sentence.
    CommandLine(const QString &command, const QString &synopsis, const QString &summary);
    ~CommandLine();
    CommandLine(const CommandLine &) = delete;
    CommandLine &operator=(const CommandLine &) = delete;

    // A flag "--name" (or "-n" for a one-letter name).
    void flag(const QString &name, const QString &help);
    // An option with a value "--name VALUE".
    void option(const QString &name, const QString &valueName, const QString &help);
    // Parse the arguments after the command name. nullopt: go on; otherwise the exit code to
    // return (kExitOk after --help, kExitUsage after a usage error, both already printed).
    std::optional<int> parse(const QStringList &args);

    bool isSet(const QString &name) const;
    // The option's value; false (and `value` untouched) when it was not given.
    bool value(const QString &name, QString &value) const;
    QStringList values(const QString &name) const; // every value of a repeatable option
    // An option that may be given more than once (every other option: once only).
    void repeatableOption(const QString &name, const QString &valueName, const QString &help);
    QStringList positional() const;
    // "commtax: <command>: <reason>" on stderr, exit 2.
    int usageError(const QString &reason) const;
    QString helpText() const;

private:
    struct Private;
    std::unique_ptr<Private> d;
};

// A column of a fixed-width text table: its heading and its width (negative: left-aligned).
struct TextColumn {
    QString heading;
    int width = 0;
};
// One line of such a table, without the newline: each cell padded to its column's width in
// terminal columns (padToDisplayWidth(): a Chinese character takes two), one space between. tableLine(columns) is the heading line.
QString tableLine(const QList<TextColumn> &columns, const QStringList &cells);
QString tableLine(const QList<TextColumn> &columns);

int cmdEvaluate(QStringList args);
int cmdPresets(QStringList args);
int cmdSweep(QStringList args);
int cmdReport(QStringList args);            // app/cli_report.cpp
int cmdCalibrate(QStringList args);         // app/cli_calibrate.cpp
int cmdCalibrateTraining(QStringList args); // app/cli_calibrate_training.cpp (calibrate --training)
int cmdSearch(QStringList args);            // app/cli_search.cpp
int cmdLaunch(QStringList args);            // app/cli_launch.cpp
} // namespace cli

} // namespace commtax
