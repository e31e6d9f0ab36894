// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The app's preset library at start-up: open (create, migrate, or move a damaged file aside) and
// tell the user in a message box when something happened: a damaged file was moved aside, the
// library could not be opened (locked, unreadable: left as it is, built-in presets only), or it
// is open read-only (no write permission, or written by a newer Commtax). LibraryFeatures calls it once:
//     m_library = openPresetLibrary(window);   // never null; check isOpen()
// Without a usable library the app carries on with the built-in presets.

#include "library/presetlibrary.h"

#include <memory>

class QWidget;

namespace commtax {

// The text of that message box; empty when there is nothing to say. `openError` is open()'s reason.
QString presetLibraryStartupNotice(const PresetLibrary &library, const LibraryMessage &openError);

std::unique_ptr<PresetLibrary> openPresetLibrary(QWidget *parent, const QString &fileName = PresetLibrary::defaultFileName());

} // namespace commtax
