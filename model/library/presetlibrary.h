// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The user's preset library: one SQLite file (through Qt SQL) holding the user's own GPUs,
// clusters and models and their saved plans, beside the read-only built-in presets.
//
// - The file lives in QStandardPaths::AppDataLocation (COMMTAX_LIBRARY overrides the path) and is
//   created on first open. The schema version is PRAGMA user_version (libraryschema.h).
// - Every connection runs with foreign keys on, WAL journaling and a busy timeout, so two app
//   instances (or the app and the command line) can use the file at once; every write is one
//   BEGIN IMMEDIATE transaction.
// - One named connection per thread, opened in that thread on first use.
// - Only a file that opens and fails PRAGMA integrity_check (or that SQLite calls not a database,
//   or corrupt) is moved aside, with a timestamp (never deleted), and a fresh library starts;
//   recoveryNotice() words it for the user. A file that is locked by another program for longer
//   than the busy timeout, that the user may not read, or that is a folder is left exactly as it
//   is: open() fails with the file and the cause, and the caller carries on with the built-ins.
// - A file the user may read but not write opens read-only: the presets are there, every write
//   is refused with readOnlyReason().
// - Built-in presets are never written: saving one stores a copy with a new id.

#include "core/presets.h"
#include "core/scenario.h"
#include "library/librarytext.h"

#include <QDateTime>
#include <QList>
#include <QSqlDatabase>
#include <QSqlError>
#include <QString>
#include <QStringList>

#include <optional>

namespace commtax {

class SqlWriteTransaction;

// A message of the preset library for people: the English, as the QString it always was
// (logs, tests, what a caller that only wants text reads), and the same as templates (LibraryText:
// English patterns marked CT_TR in context kFileTextContext, "commtax::Files", with their
// arguments, which may be such templates themselves). The GUI and the command line show it in the
// messages language (model/text/modeltext.h: libraryMessageText()). Assigning a plain QString (a driver's
// error string) keeps it as it is in every language.
class LibraryMessage : public QString
{
public:
    LibraryMessage() = default;
    LibraryMessage(const LibraryText &t) // NOLINT: a message is its text
        : QString(toString(t)), text(t)
    { }
    LibraryMessage &operator=(const LibraryText &t)
    {
        QString::operator=(toString(t));
        text = t;
        return *this;
    }
    // The template, when it still words the English (a function that takes a QString * may have
    // written other English since); else none.
    const LibraryText *shownText() const { return toString(text) == *this ? &text : nullptr; }
    LibraryText text;
};

struct SavedPlan {
    QString name;
    QByteArray body; // the scenario file text
    QDateTime modifiedUtc;
    QStringList userPresets; // "gpu:my-gpu", the user presets it refers to
};

struct SavedComparison; // library/comparisonfile.h

// A comparison kept in the library (the Compare window's File > Save to library).
struct LibraryComparison {
    QString name;
    QByteArray body; // the comparison file text (serializeComparisonFile())
    QDateTime savedUtc;
};

struct ImportOutcome {
    bool ok = false;
    QList<LoadError> errors; // file, line, column and JSON path of each problem; nothing imported
    QStringList conflicts;   // ids (or plan names) that exist already; nothing imported
    bool isPlan = false;     // the file was a scenario (saved as a plan), else presets
    Section section = Section::Gpu;
    QStringList added; // ids or plan names
    QStringList replaced;
    QStringList unchanged;           // identical to a built-in preset: nothing to store
    QString summary() const;         // one sentence for the user, in English
    LibraryText summaryText() const; // the same as templates (model/text/modeltext.h: libraryText())
};

class PresetLibrary
{
public:
    // $COMMTAX_LIBRARY if set, else <AppDataLocation>/library.sqlite.
    static QString defaultFileName();

    explicit PresetLibrary(QString fileName = defaultFileName());
    ~PresetLibrary();
    PresetLibrary(const PresetLibrary &) = delete;
    PresetLibrary &operator=(const PresetLibrary &) = delete;

    enum class OpenMode {
        CreateOrRecover, // the app: create the file, migrate, move a broken file aside
        ExistingOnly,    // the command line: use the file if it is there and sound, never create or move it
    };
    // Open (and create, migrate or recover) the library. False with a reason when it cannot be
    // used at all; the caller then carries on with the built-in presets.
    bool open(LibraryMessage *error, OpenMode mode = OpenMode::CreateOrRecover);
    bool isOpen() const { return m_open; }
    QString fileName() const { return m_fileName; }
    int schemaVersion() const { return m_schemaVersion; }
    // Readable, never written: the file was written by a newer Commtax (a schema this build does
    // not know), or the user has no permission to write it. readOnlyReason() says which, in words
    // ("you have no permission to write it").
    bool isReadOnly() const { return m_readOnly; }
    QString readOnlyReason() const { return m_readOnlyReason; }
    const LibraryMessage &readOnlyReasonMessage() const { return m_readOnlyReason; } // for libraryMessageText()
    // Set when open() moved a broken file aside: what happened and where the old file is now.
    QString recoveryNotice() const { return m_recoveryNotice; }
    const LibraryMessage &recoveryNoticeMessage() const { return m_recoveryNotice; }
    QString movedAsideTo() const { return m_movedAsideTo; }

    // --- presets
    QList<Preset> userPresets(Section s, LibraryMessage *error = nullptr) const;
    // The built-in presets plus the user's, for the editor's combo boxes and for loading scenarios.
    PresetCatalog catalog() const;
    static bool isBuiltIn(Section s, const QString &id);
    // An id used by neither a built-in nor a user preset: `base`, else base-2, base-3...
    QString uniqueId(Section s, const QString &base) const;
    // Insert or update a user preset by id. A built-in id is never overwritten: the preset is
    // stored as a copy with a fresh id and the tag PresetNameTag::Edited. Fields whose value differs
    // from the preset it replaces, with the provenance unchanged, get provenance "user" (a new
    // provenance, such as a calibration's "measured", is kept). `savedAs` receives the id stored.
    bool savePreset(const Preset &p, QString *savedAs, LibraryMessage *error);
    // A copy with a fresh id ("<id>-copy"), its name tagged PresetNameTag::Copy.
    bool duplicatePreset(Section s, const QString &id, QString *newId, LibraryMessage *error);
    // Refuses built-ins and presets that a saved plan uses (naming the plans).
    bool removePreset(Section s, const QString &id, LibraryMessage *error);

    // --- saved plans (scenarios)
    QList<SavedPlan> plans(LibraryMessage *error = nullptr) const;
    // Insert or replace by the scenario's fullName() (its name must not be empty).
    bool savePlan(const Scenario &s, LibraryMessage *error);
    bool loadPlan(const QString &name, Scenario &out, QList<LoadError> &errors) const;
    bool removePlan(const QString &name, LibraryMessage *error);
    // A copy tagged PlanNameTag::Copy ("<name> (copy)"); *newName its library name.
    bool duplicatePlan(const QString &name, QString *newName, LibraryMessage *error);
    QString uniquePlanName(const QString &base) const;

    // --- saved comparisons (library/comparisonfile.h)
    // Newest first.
    QList<LibraryComparison> comparisons(LibraryMessage *error = nullptr) const;
    // Insert or replace by name (which must not be empty).
    bool saveComparison(const QString &name, const SavedComparison &c, LibraryMessage *error);
    // Read through the comparison file reader: a bad stored text gives its line, column and JSON
    // path, placed at 'saved comparison "name"' in the library's file.
    bool loadComparison(const QString &name, SavedComparison &out, QList<LoadError> &errors) const;
    bool removeComparison(const QString &name, LibraryMessage *error);

    // --- files
    // A preset file (presets/*.json format) or a scenario file. All or nothing, in one transaction.
    ImportOutcome importFile(const QString &fileName, bool replaceExisting = false);
    ImportOutcome importData(const QByteArray &json, const QString &fileName, bool replaceExisting = false);
    // Built-in or user presets of one section, as a preset file (atomic write).
    bool exportPresets(Section s, const QStringList &ids, const QString &fileName, LibraryMessage *error) const;
    // A saved plan as a scenario file; sections from user presets are written inline, so the
    // file loads on a machine without this library.
    bool exportPlan(const QString &name, const QString &fileName, LibraryMessage *error) const;

    // This thread's connection (opened on first use in the thread). For tests and tools.
    QSqlDatabase database() const;
    QString connectionName() const;

private:
    bool openConnection(QSqlDatabase &db, LibraryMessage *error, QSqlError *sqlError = nullptr) const;
    void closeConnection();
    bool checkSound(LibraryMessage *error, bool *broken, int *code);
    LibraryText describeFailure(int sqliteCode, const LibraryMessage &driverText) const;
    bool moveAside(const LibraryMessage &why, LibraryMessage *error);
    bool writable(LibraryMessage *error) const;
    // writable(), then the write lock: every write starts here.
    bool beginWrite(SqlWriteTransaction &tx, LibraryMessage *error) const;
    bool storePreset(QSqlDatabase &db, const Preset &p, const QString &basedOn, LibraryMessage *error) const;
    bool storePlan(QSqlDatabase &db, const QString &name, const QByteArray &body, const Scenario &s, LibraryMessage *error) const;
    // The stored text of the saved plan or comparison `name` (`table` plans or comparisons), if any.
    std::optional<QByteArray> savedBody(const char *table, const QString &name) const;
    // Deletes it; `missing` is what the user is told when there is none.
    bool removeSaved(const char *table, const QString &name, const LibraryMessage &missing, LibraryMessage *error);

    QString m_fileName;
    QString m_connectionPrefix;
    bool m_open = false;
    bool m_readOnly = false;
    bool m_openReadOnly = false; // the connection is opened read-only (no write permission)
    bool m_immutable = false;    // ... and as immutable (no -shm file could be made)
    LibraryMessage m_readOnlyReason;
    int m_schemaVersion = 0;
    LibraryMessage m_recoveryNotice;
    QString m_movedAsideTo;
};

} // namespace commtax
