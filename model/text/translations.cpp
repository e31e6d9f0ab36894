// SPDX-License-Identifier: GPL-3.0-or-later
#include "text/translations.h"

#include <QCoreApplication>
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

namespace {
InterfaceLanguageHook g_hook = nullptr;
} // namespace

void setInterfaceLanguageHook(InterfaceLanguageHook hook) { g_hook = hook; }

QString installInterfaceLanguage(const QString &setting)
{
    static std::unique_ptr<QTranslator> own, qt;
    for (auto *t : {own.get(), qt.get()})
        if (t)
            QCoreApplication::removeTranslator(t);
    own = std::make_unique<QTranslator>();
    qt = std::make_unique<QTranslator>();
    QString language = resolveInterfaceLanguage(setting);
    // English needs its plural forms ("%n warning(s)"); Chinese needs everything.
    if (own->load(QStringLiteral(":/i18n/commtax_") + language + QStringLiteral(".qm")))
        QCoreApplication::installTranslator(own.get());
    if (language != QLatin1String("en")
        && qt->load(QStringLiteral("qtbase_") + language, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt.get());
    QLocale::setDefault(interfaceLocale(language));
    if (g_hook)
        g_hook(language);
    return language;
}

} // namespace commtax
