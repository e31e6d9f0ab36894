#include "libraryui.h"

#include <QCoreApplication>
#include <QMessageBox>

namespace commtax {

QString presetLibraryStartupNotice(const PresetLibrary &library, const QString &openError)
{
    const auto tr = [](const char *text) { return QCoreApplication::translate("PresetLibrary", text); };
    if (!library.isOpen())
        return tr("Your preset library could not be opened, so only the built-in presets are available this time. "
                  "The file was not changed or moved: once the cause below is gone, your presets come back at the next "
                  "start.\n\n%1")
            .arg(openError);
    if (!library.recoveryNotice().isEmpty())
        return library.recoveryNotice();
    if (library.isReadOnly())
        return tr("Your preset library %1 is open read-only (%2): your presets are available, but changes to them "
                  "cannot be saved.")
            .arg(library.fileName(), library.readOnlyReason());
    return QString();
}

std::unique_ptr<PresetLibrary> openPresetLibrary(QWidget *parent, const QString &fileName)
{
    auto library = std::make_unique<PresetLibrary>(fileName);
    QString error;
    library->open(&error);
    const QString notice = presetLibraryStartupNotice(*library, error);
    if (!notice.isEmpty())
        QMessageBox::warning(parent, QCoreApplication::translate("PresetLibrary", "Preset library"), notice);
    return library;
}

} // namespace commtax
