// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one way Commtax writes a file: whole or not at all. The data goes to a temporary file in the
// target's folder (QSaveFile), which replaces the target by a rename only once it is complete and
// flushed; on any failure the old file is left exactly as it was and the temporary file is removed.
// Every writer goes through here: scenario files, preset and plan exports, reports (PDF, CSV,
// JSON), chart exports (PNG, PDF). A target that is a device or a pipe (/dev/stdout, a FIFO, a link
// to one) is written into directly, as a shell's redirection would: there is no file to replace.

#include <QByteArray>
#include <QString>

#include <functional>

class QIODevice;

namespace commtax {

// Write `data` to `fileName`. False with "FILE: cannot write: reason" in *error on failure.
bool writeFileAtomically(const QString &fileName, const QByteArray &data, QString *error);

// Let `write` fill the device (a QSaveFile); it returns false (with a reason in *error when it has
// one) to give up, and nothing is written then. For writers that stream (images, PDF).
using DeviceWriter = std::function<bool(QIODevice &device, QString *error)>;
bool writeFileAtomically(const QString &fileName, const DeviceWriter &write, QString *error);

} // namespace commtax
