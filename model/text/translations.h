// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The interface language: Commtax's own translation (commtax_<lang>.qm, embedded under :/i18n by
// resources/, which the executable links) and Qt's (qtbase_<lang>.qm from Qt's translations folder,
// when installed), and the default QLocale, which formats the numbers and dates shown to people.
// QtCore only: the command line and the GUI share it; the GUI's font for the language is
// ui/guilanguage.h's (setInterfaceLanguageHook()). Files (scenario, JSON, CSV) never use it: their
// writers format with the C locale.

#include <QLocale>
#include <QString>

namespace commtax {

// The languages of the interface: "en" and "zh_CN".
QStringList interfaceLanguages();
// The system's language for messages: the first of QLocale::system().uiLanguages(), which follows
// LANGUAGE, then LC_ALL, LC_MESSAGES and LANG, as gettext programs do (QLocale::system() itself
// follows LC_NUMERIC, the language of numbers).
QLocale systemMessagesLocale();
// The language for a setting: "" (or "system") follows the system's messages locale (Chinese for
// any zh locale, else English); "en" or "zh_CN" as given.
QString resolveInterfaceLanguage(const QString &setting, const QLocale &system = systemMessagesLocale());
// Installs the translators on the running application (replacing any installed before) and sets
// the default QLocale to the language's (without group separators, so that "1234.5" stays one
// token), then runs the hook below. Returns the language installed.
QString installInterfaceLanguage(const QString &setting);
// What else follows the language in this process: the GUI's font (ui/guilanguage.h), which
// app/main.cpp registers as it registers the PDF writer, so that the desktop app and the command
// line's PDF reports get it while the command line includes nothing of ui/. Null: nothing.
using InterfaceLanguageHook = void (*)(const QString &language);
void setInterfaceLanguageHook(InterfaceLanguageHook hook);
// The QLocale of an interface language.
QLocale interfaceLocale(const QString &language);

} // namespace commtax
