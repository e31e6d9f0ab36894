// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A sentence of the Qt-free readers (engine/enginetext.h) in the language of the GUI or the command
// line: each template translated in its context by the installed QTranslator, then filled.

#include "engine/enginetext.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace commtax {

// `context`: the translation context of the parts that do not name their own
// ("commtax::Calibration", "commtax::TrainingLog").
QString translatedSentence(const char *context, const Sentence &s);
QStringList translatedSentences(const char *context, const std::vector<Sentence> &sentences);

// The same sentences in English, as the files and the command line's JSON hold them whatever the
// interface language.
QStringList englishSentences(const std::vector<Sentence> &sentences);

} // namespace commtax
