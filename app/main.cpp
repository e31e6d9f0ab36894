// SPDX-License-Identifier: GPL-3.0-or-later
// Commtax: the desktop app without arguments, the command line with a subcommand.
#include "appfeatures.h"
#include "appsettings.h"
#include "cli.h"
#include "mainwindow.h"
#include "translations.h"

#include <QApplication>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QIcon>

int main(int argc, char **argv)
{
    // `commtax FILE` (the desktop entry's Exec=commtax %f) opens that plan in the app: one argument
    // that is a path (it has a '/' or a '.'; no command has either) and no option.
    const QString plan = argc == 2 ? QFile::decodeName(argv[1]) : QString();
    const bool openPlan = !plan.isEmpty() && !plan.startsWith(QLatin1Char('-'))
        && (plan.contains(QLatin1Char('/')) || plan.contains(QLatin1Char('.')));
    if (argc > 1 && !openPlan)
        return commtax::runCli(argc, argv);
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Commtax"));
    QApplication::setOrganizationName(QStringLiteral("Commtax"));
    QApplication::setApplicationVersion(QStringLiteral(COMMTAX_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/commtax.svg")));
#ifdef COMMTAX_APP_ID
    QApplication::setDesktopFileName(QStringLiteral(COMMTAX_APP_ID)); // the desktop entry (Wayland app id)
#endif
    commtax::AppSettings settings; // ~/.config/Commtax/Commtax.conf on Linux
    commtax::installInterfaceLanguage(settings.language());
    commtax::MainWindow window(settings);
    new commtax::AppFeatures(&window); // preset library, comparison, reports, calibration
    window.show();
    if (openPlan)
        window.openFile(QFileInfo(plan).absoluteFilePath()); // a file that cannot be opened is reported in the window
    return app.exec();
}
