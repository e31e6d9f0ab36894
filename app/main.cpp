// Commtax: the desktop app without arguments, the command line with a subcommand.
#include "appfeatures.h"
#include "appsettings.h"
#include "cli.h"
#include "mainwindow.h"
#include "translations.h"

#include <QApplication>
#include <QCoreApplication>
#include <QIcon>

int main(int argc, char **argv)
{
    if (argc > 1)
        return commtax::runCli(argc, argv);
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Commtax"));
    QApplication::setOrganizationName(QStringLiteral("Commtax"));
    QApplication::setApplicationVersion(QStringLiteral(COMMTAX_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/commtax.svg")));
    commtax::AppSettings settings; // ~/.config/Commtax/Commtax.conf on Linux
    commtax::installInterfaceLanguage(settings.language());
    commtax::MainWindow window(settings);
    new commtax::AppFeatures(&window); // preset library, comparison, reports, calibration
    window.show();
    return app.exec();
}
