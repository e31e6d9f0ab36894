// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the interface language changes in Qt GUI, beyond model/text/translations.h's translators and
// locale: the application font.

#include <QString>

namespace commtax {

// The application font for `language`: for Simplified Chinese the Noto Sans CJK SC face right
// after the font's own family; the original font otherwise. Nothing without a QGuiApplication.
void useInterfaceFont(const QString &language);
// Makes every installInterfaceLanguage() call useInterfaceFont() (setInterfaceLanguageHook()):
// app/main.cpp at start-up, for the window and the command line's PDF reports; GUI tests likewise.
void registerGuiLanguage();

} // namespace commtax
