// SPDX-License-Identifier: GPL-3.0-or-later
#include "translations.h"

#include <QCoreApplication>
#include <QFont>
#include <QGuiApplication>
#include <QLibraryInfo>
#include <QStringList>
#include <QTranslator>

#include <memory>

namespace commtax {

QStringList interfaceLanguages() { return {QStringLiteral("en"), QStringLiteral("zh_CN")}; }

QLocale systemMessagesLocale()
{
    const QStringList languages = QLocale::system().uiLanguages();
    return languages.isEmpty() ? QLocale::system() : QLocale(languages.first());
}

QString resolveInterfaceLanguage(const QString &setting, const QLocale &system)
{
    if (interfaceLanguages().contains(setting))
        return setting;
    // "system" or anything unknown: the system locale; every Chinese locale reads Simplified
    // Chinese best of the two (there is no Traditional Chinese translation).
    return system.language() == QLocale::Chinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

QLocale interfaceLocale(const QString &language)
{
    QLocale l = language == QLatin1String("zh_CN") ? QLocale(QLocale::Chinese, QLocale::SimplifiedChineseScript, QLocale::China)
                                                   : QLocale(QLocale::English, QLocale::UnitedStates);
    l.setNumberOptions(QLocale::OmitGroupSeparator);
    return l;
}

QString installInterfaceLanguage(const QString &setting)
{
    static std::unique_ptr<QTranslator> own, qt;
    for (auto *t : {own.get(), qt.get()})
        if (t)
            QCoreApplication::removeTranslator(t);
    own = std::make_unique<QTranslator>();
    qt = std::make_unique<QTranslator>();
    const QString language = resolveInterfaceLanguage(setting);
    // English needs its plural forms ("%n warning(s)"); Chinese needs everything.
    if (own->load(QStringLiteral(":/i18n/commtax_") + language + QStringLiteral(".qm")))
        QCoreApplication::installTranslator(own.get());
    if (language != QLatin1String("en")
        && qt->load(QStringLiteral("qtbase_") + language, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt.get());
    QLocale::setDefault(interfaceLocale(language));
    // Han characters in Simplified Chinese glyph shapes: without a language, fontconfig's fallback
    // for them is the first face of the Noto CJK collection, the Japanese one. The
    // application font (widgets, charts, the report's charts) lists the SC face right after its own.
    if (qobject_cast<QGuiApplication *>(QCoreApplication::instance())) {
        static const QFont original = QGuiApplication::font();
        QFont font = original;
        if (language == QLatin1String("zh_CN"))
            font.setFamilies({original.family(), QStringLiteral("Noto Sans CJK SC")});
        QGuiApplication::setFont(font);
    }
    return language;
}

} // namespace commtax
