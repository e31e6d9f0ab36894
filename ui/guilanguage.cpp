// SPDX-License-Identifier: GPL-3.0-or-later
#include "guilanguage.h"

#include "text/translations.h"

#include <QCoreApplication>
#include <QFont>
#include <QGuiApplication>
#include <QStringList>

namespace commtax {

void useInterfaceFont(const QString &language)
{
    // Han characters in Simplified Chinese glyph shapes: without a language, fontconfig's fallback
    // for them is the first face of the Noto CJK collection, the Japanese one. The
    // application font (widgets, charts, the report's charts) lists the SC face right after its own.
    if (!qobject_cast<QGuiApplication *>(QCoreApplication::instance()))
        return;
    static const QFont original = QGuiApplication::font();
    QFont font = original;
    if (language == QLatin1String("zh_CN"))
        font.setFamilies({original.family(), QStringLiteral("Noto Sans CJK SC")});
    QGuiApplication::setFont(font);
}

void registerGuiLanguage() { setInterfaceLanguageHook(useInterfaceFont); }

} // namespace commtax
