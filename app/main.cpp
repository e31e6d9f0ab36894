// SPDX-License-Identifier: GPL-3.0-or-later
// Commtax: the desktop app without arguments, the command line with a subcommand.
#include "appfeatures.h"
#include "appsettings.h"
#include "cli.h"
#include "guilanguage.h"
#include "mainwindow.h"
#include "report/reportwriter.h"
#include "text/translations.h"

#include <QApplication>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QIcon>

int main(int argc, char **argv)
{
    // `commtax FILE` (the desktop entry's Exec=commtax %f) opens that plan in the app; Qt's own
    // options (-platform, -style...) reach QApplication; a command runs the command line.
    commtax::registerReportPdfWriter(); // library/reportfiles.h writes PDFs through ui/report
    commtax::registerGuiLanguage();     // the font for the language (the window, the PDF)
    if (commtax::isCommandLine(argc, argv))
        return commtax::runCli(argc, argv);
    QString plan;
    if (int code = 0; !commtax::desktopArguments(argc, argv, plan, code))
        return code;
    const bool openPlan = !plan.isEmpty();
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
