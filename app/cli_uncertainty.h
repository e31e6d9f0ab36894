// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// `commtax evaluate FILE --uncertainty [--samples N] [--seed S]`: the P10/P50/P90 of the
// main figures and the tornado of USD per billion tokens and days to train.

#include "core/scenario.h"

#include <QJsonObject>
#include <QStringList>

#include <cstdint>

namespace commtax::cli {

struct UncertaintyRequest {
    bool on = false;
    int samples = 2000;
    std::uint64_t seed = 1;
};
class CommandLine;
// Declare --uncertainty, --samples N and --seed S on a command's parser, and read them after parse().
void declareUncertaintyOptions(CommandLine &cl);
bool readUncertaintyOptions(const CommandLine &cl, UncertaintyRequest &request, QString *error);
// --samples N (from minSamples to 1,000,000) and --seed S (up to 2^53 - 1, exact in JSON) where
// given; `samples` and `seed` keep their values where not. `report` allows 0 samples (no section).
bool readSamplesAndSeed(const CommandLine &cl, int minSamples, int &samples, std::uint64_t &seed, QString *error);
// The analysis of the scenario read from `fileName`: adds "uncertainty" and "sensitivity" to `json`
// (when given) or returns the text for people. The sampling shows its progress on a terminal and
// Ctrl+C stops it. kExitOk, else the exit code with the error printed: kExitBadInput when the file
// cannot be read again, kExitInterrupted after Ctrl+C.
int runUncertainty(const QString &fileName, const Scenario &s, const UncertaintyRequest &request, QJsonObject *json,
                   QString *text);

} // namespace commtax::cli
