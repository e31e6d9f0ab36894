// SPDX-License-Identifier: GPL-3.0-or-later
#include "atomicfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace commtax {

namespace {
QString failure(const QString &fileName, const QString &why)
{
    return QDir::toNativeSeparators(fileName) + QStringLiteral(": cannot write: ") + why;
}
// Writes into the existing device or pipe `fileName`; nothing to rename, nothing to keep.
bool writeInPlace(const QString &fileName, const DeviceWriter &write, QString *error)
{
    QFile f(fileName);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Unbuffered)) {
        if (error)
            *error = failure(fileName, f.errorString());
        return false;
    }
    QString why;
    const bool written = write(f, &why) && f.error() == QFileDevice::NoError;
    if (!written && error)
        *error = failure(fileName, !why.isEmpty() ? why : f.errorString());
    return written;
}
} // namespace

bool writeFileAtomically(const QString &fileName, const DeviceWriter &write, QString *error)
{
    if (QFileInfo(fileName).isDir()) {
        if (error)
            *error = failure(fileName, QStringLiteral("it is a folder"));
        return false;
    }
    // A device, a pipe or a socket (/dev/stdout, /dev/null, a FIFO), the link to one included:
    // written into, as a shell's redirection would. QSaveFile follows the link and renames a new
    // regular file over its target, which as root replaced /dev/full with the report.
    if (const QFileInfo target(fileName); target.exists() && !target.isFile())
        return writeInPlace(fileName, write, error);
    QSaveFile f(fileName);
    f.setDirectWriteFallback(false); // never write into the old file, even where renaming is refused
    if (!f.open(QIODevice::WriteOnly)) {
        if (error)
            *error = failure(fileName, f.errorString());
        return false;
    }
    QString why;
    if (!write(f, &why)) {
        f.cancelWriting(); // the destructor removes the temporary file; the old file stays
        if (error)
            *error = failure(fileName, why.isEmpty() ? (f.error() != QFileDevice::NoError ? f.errorString() : QStringLiteral("the data could not be written")) : why);
        return false;
    }
    // QSaveFile keeps a small write in its buffer, and commit() (Qt 6.4) renames the temporary
    // file over the target even when flushing that buffer fails: on a full disk the target became
    // an empty file and the write reported success. Flushed here, a failure keeps the old file.
    if (!f.flush() || f.error() != QFileDevice::NoError) {
        const QString reason = f.errorString();
        f.cancelWriting();
        if (error)
            *error = failure(fileName, reason);
        return false;
    }
    if (!f.commit()) {
        if (error)
            *error = failure(fileName, f.errorString());
        return false;
    }
    return true;
}

bool writeFileAtomically(const QString &fileName, const QByteArray &data, QString *error)
{
    return writeFileAtomically(
        fileName,
        [&data](QIODevice &d, QString *why) {
            // A write(2) the file system cuts short (a full disk, a file size limit) is no error
            // to Qt: it returns the bytes taken and keeps "Unknown error". The next write says why.
            for (qint64 done = 0; done < data.size();) {
                const qint64 n = d.write(data.constData() + done, data.size() - done);
                if (n <= 0) {
                    *why = d.errorString();
                    return false;
                }
                done += n;
            }
            return true;
        },
        error);
}

} // namespace commtax
