// SPDX-License-Identifier: GPL-3.0-or-later
#include "libraryui.h"

#include "text/modeltext.h"

#include <QCoreApplication>
#include <QMainWindow>
#include <QMessageBox>
#include <QStatusBar>
#include <QTimer>

namespace commtax {

QString presetLibraryStartupNotice(const PresetLibrary &library, const LibraryMessage &openError)
{
    if (!library.isOpen())
        return QCoreApplication::translate("commtax::LibraryUi", "Your preset library could not be opened, so only the built-in presets are available this time. "
                                                                 "The file was not changed or moved: once the cause below is gone, your presets come back at the next "
                                                                 "start.\n\n%1")
            .arg(libraryMessageText(openError));
    if (!library.recoveryNotice().isEmpty())
        return libraryMessageText(library.recoveryNoticeMessage());
    if (library.isReadOnly())
        return QCoreApplication::translate("commtax::LibraryUi", "Your preset library %1 is open read-only (%2): your presets are available, but changes to them "
                                                                 "cannot be saved.")
            .arg(library.fileName(), libraryMessageText(library.readOnlyReasonMessage()));
    return QString();
}

std::unique_ptr<PresetLibrary> openPresetLibrary(QWidget *parent, const QString &fileName)
{
    auto library = std::make_unique<PresetLibrary>(fileName);
    LibraryMessage error;
    library->open(&error);
    const QString notice = presetLibraryStartupNotice(*library, error);
    if (!notice.isEmpty() && parent) {
        // Said once the window is on screen (not over an empty desktop before it), without blocking
        // start-up, and kept in the status bar after the box is closed.
        const QString status = !library->isOpen()  ? QCoreApplication::translate("commtax::LibraryUi", "Preset library unavailable: built-in presets only this time")
            : !library->recoveryNotice().isEmpty() ? QCoreApplication::translate("commtax::LibraryUi", "Preset library was damaged: set aside, a new one started")
                                                   : QCoreApplication::translate("commtax::LibraryUi", "Preset library is read-only: changes to presets cannot be saved");
        QTimer::singleShot(0, parent, [parent, notice, status] {
            auto *box = new QMessageBox(QMessageBox::Warning, QCoreApplication::translate("PresetLibrary", "Preset library"),
                                        notice, QMessageBox::Ok, parent);
            box->setObjectName(QStringLiteral("presetLibraryNotice"));
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
            if (auto *window = qobject_cast<QMainWindow *>(parent))
                window->statusBar()->showMessage(status);
        });
    }
    return library;
}

} // namespace commtax
