#pragma once
// The app's preset library at start-up: open (create, migrate, or move a damaged file aside) and
// tell the user in a message box when something happened. LibraryFeatures calls it once:
//     m_library = openPresetLibrary(window);   // never null; check isOpen()
// Without a usable library the app carries on with the built-in presets.

#include "library/presetlibrary.h"

#include <memory>

class QWidget;

namespace commtax {

std::unique_ptr<PresetLibrary> openPresetLibrary(QWidget *parent, const QString &fileName = PresetLibrary::defaultFileName());

} // namespace commtax
