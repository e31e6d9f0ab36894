// SPDX-License-Identifier: GPL-3.0-or-later
#include "atomicfile.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace commtax {

namespace {
QString failure(const QString &fileName, const QString &why)
{
    return QDir::toNativeSeparators(fileName) + QStringLiteral(": cannot write: ") + why;
}
} // namespace

bool writeFileAtomically(const QString &fileName, const DeviceWriter &write, QString *error)
{
    if (QFileInfo(fileName).isDir()) {
        if (error)
            *error = failure(fileName, QStringLiteral("it is a folder"));
        return false;
    }
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
            if (d.write(data) == data.size())
                return true;
            *why = d.errorString();
            return false;
        },
        error);
}

} // namespace commtax
