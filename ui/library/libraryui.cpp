#include "libraryui.h"

#include <QMessageBox>

namespace commtax {

std::unique_ptr<PresetLibrary> openPresetLibrary(QWidget *parent, const QString &fileName)
{
    auto library = std::make_unique<PresetLibrary>(fileName);
    QString error;
    if (!library->open(&error))
        QMessageBox::warning(parent, QStringLiteral("Preset library"),
                             QStringLiteral("Your preset library could not be opened, so only the built-in presets are "
                                            "available this time.\n\n%1")
                                 .arg(error));
    else if (!library->recoveryNotice().isEmpty())
        QMessageBox::warning(parent, QStringLiteral("Preset library"), library->recoveryNotice());
    return library;
}

} // namespace commtax
