// SPDX-License-Identifier: GPL-3.0-or-later
#include "presetlibrary.h"

#include "comparisonfile.h"
#include "libraryfiles.h"
#include "libraryschema.h"

#include "engine/engine.h"
#include "engine/enginetext.h"

#include <QAtomicInteger>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QThread>
#include <QThreadStorage>
#include <QUrl>
#include <QVariant>

#include <optional>

namespace commtax {

namespace {

// Connections a thread opened, closed when the thread ends (QSqlDatabase connections belong to
// the thread that opened them). QThreadStorage, not thread_local: Qt deletes its data while the
// thread finishes, before QThread::wait() returns, whereas a thread_local destructor runs later,
// at the exit of the underlying thread, so a caller that waited could still see the connection.
struct ThreadConnections {
    QStringList names;
    ~ThreadConnections()
    {
        for (const QString &n : std::as_const(names))
            QSqlDatabase::removeDatabase(n);
    }
};
QThreadStorage<ThreadConnections *> t_storage;
QStringList &threadConnectionNames()
{
    if (!t_storage.hasLocalData())
        t_storage.setLocalData(new ThreadConnections);
    return t_storage.localData()->names;
}

// SQLite's primary result code (sqlite3.h) behind a driver error; -1 when there is none.
int sqliteCode(const QSqlError &e)
{
    bool ok = false;
    const int code = e.nativeErrorCode().toInt(&ok);
    return ok ? (code & 0xff) : -1;
}
constexpr int kSqliteBusy = 5, kSqliteLocked = 6, kSqliteReadOnly = 8, kSqliteCorrupt = 11, kSqliteCantOpen = 14,
              kSqliteNotADb = 26;

// The only failures that mean "this file is not a sound database" and may set it aside. A lock,
// a busy timeout, a permission or an I/O problem says nothing about the file: it is reported and
// the file is left alone.
bool isBrokenDatabaseError(const QSqlError &e)
{
    const int code = sqliteCode(e);
    return code == kSqliteCorrupt || code == kSqliteNotADb;
}

// A message for people: an English template marked CT_TR in context kFileTextContext
// ("commtax::Files") with its arguments: names as they are, or templates themselves.
LibraryText say(const char *pattern, std::initializer_list<LibraryText> args = {})
{
    LibraryText t = LibraryText::phrase(pattern, args);
    t.context = kFileTextContext;
    return t;
}

// A LoadError of an import from a library message: the template when its arguments are plain
// (a name, or a template without arguments, which loadErrorText() translates as an argument).
LoadError importError(const QString &file, int line, int column, const QString &path, const LibraryMessage &why)
{
    const LibraryText *t = why.shownText();
    bool flat = t && t->kind == LibraryText::Kind::Template && t->next.empty();
    QStringList args;
    for (std::size_t i = 0; flat && i < t->args.size(); ++i) {
        const LibraryText &a = t->args[i];
        flat = a.next.empty() && (a.kind == LibraryText::Kind::Literal || (a.kind == LibraryText::Kind::Template && a.args.empty()));
        args << toString(a);
    }
    if (!flat)
        return LoadError{file, line, column, path, why};
    return fileError(file, line, column, path, fileText(t->source, args));
}

// A reader's LoadError (file:line:column: path: message) as a library message.
LibraryText loadErrorLibraryText(const LoadError &e)
{
    if (!e.text.pattern[0])
        return e.toString();
    return LibraryText(e.toString(QString())) + LibraryText::engineText(e.context, e.text);
}

QString nowUtc() { return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs); }

bool validPresetId(const QString &id)
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]*$"));
    return re.match(id).hasMatch();
}

// "file: why; the file was left as it is"
LibraryText leftAsItIs(const QString &shown, const LibraryText &why)
{
    return say(CT_TR("commtax::Files", "%1: %2; the file was left as it is"), {shown, why});
}

// Why the library file `fi` (`shown` in messages) cannot be opened, or nothing. A missing file's
// folder is made (unless `mode` wants an existing library). A file that can be read but not
// written, or whose folder cannot be written, is opened read-only: `readOnly` set and
// `readOnlyReason` saying why.
std::optional<LibraryText> checkLibraryFile(const QFileInfo &fi, const QString &shown, PresetLibrary::OpenMode mode,
                                            bool &readOnly, LibraryMessage &readOnlyReason)
{
    if (!fi.exists()) {
        if (mode == PresetLibrary::OpenMode::ExistingOnly)
            return say(CT_TR("commtax::Files", "%1: no preset library there"), {shown});
        if (!QDir().mkpath(fi.absolutePath()))
            return say(CT_TR("commtax::Files", "%1: cannot create the folder"),
                       {QDir::toNativeSeparators(fi.absolutePath())});
    } else if (fi.isDir()) {
        return say(CT_TR("commtax::Files", "%1: is a folder, not a preset library; it was left as it is"), {shown});
    } else if (!fi.isReadable()) {
        return leftAsItIs(shown, say(CT_TR("commtax::Files", "you have no permission to read it")));
    } else if (!fi.isWritable()) {
        // The user's presets stay readable; nothing is written (and nothing is moved).
        readOnly = true;
        readOnlyReason = say(CT_TR("commtax::Files", "you have no permission to write it"));
    } else if (!QFileInfo(fi.absolutePath()).isWritable()) {
        // The file is writable but its folder is not: SQLite cannot create its journal beside it,
        // so nothing can be saved; the presets are read as they are (this said the file
        // was read-only and read nothing).
        readOnly = true;
        readOnlyReason
            = say(CT_TR("commtax::Files", "its folder %1 is read-only, and SQLite writes its journal beside the file"),
                  {QDir::toNativeSeparators(fi.absolutePath())});
    }
    return std::nullopt;
}

} // namespace

QString ImportOutcome::summary() const { return toString(summaryText()); }

LibraryText ImportOutcome::summaryText() const
{
    const QString comma = QStringLiteral(", ");
    if (!ok) {
        if (conflicts.size() == 1)
            return say(CT_TR("commtax::Files", "Nothing imported: one entry exists already (%1)."),
                       {conflicts.first()});
        if (!conflicts.isEmpty())
            return say(CT_TR("commtax::Files", "Nothing imported: %1 entries exist already (%2)."),
                       {QString::number(conflicts.size()), conflicts.join(comma)});
        return say(CT_TR("commtax::Files", "Nothing imported: %1 problem(s) in the file."),
                   {QString::number(errors.size())});
    }
    LibraryText what = say(CT_TR("commtax::Files", "plan(s)"));
    if (!isPlan)
        what = section == Section::Model  ? say(CT_TR("commtax::Files", "model preset(s)"))
            : section == Section::Cluster ? say(CT_TR("commtax::Files", "cluster preset(s)"))
                                          : say(CT_TR("commtax::Files", "GPU preset(s)"));
    // Clause by clause: the first one starts the sentence, the others follow "; ".
    LibraryText out;
    const auto clause = [&](const char *first, const char *later, std::initializer_list<LibraryText> args) {
        if (out.isEmpty())
            out = say(first, args);
        else
            out += say(later, args);
    };
    if (!added.isEmpty())
        clause(CT_TR("commtax::Files", "Added %1 %2: %3"), CT_TR("commtax::Files", "; added %1 %2: %3"),
               {QString::number(added.size()), what, added.join(comma)});
    if (!replaced.isEmpty())
        clause(CT_TR("commtax::Files", "Replaced %1: %2"), CT_TR("commtax::Files", "; replaced %1: %2"),
               {QString::number(replaced.size()), replaced.join(comma)});
    if (!unchanged.isEmpty())
        clause(CT_TR("commtax::Files", "Skipped %1 identical to the built-in presets: %2"),
               CT_TR("commtax::Files", "; skipped %1 identical to the built-in presets: %2"),
               {QString::number(unchanged.size()), unchanged.join(comma)});
    out += say(CT_TR("commtax::Files", "."));
    return out;
}

QString PresetLibrary::defaultFileName()
{
    const QString env = qEnvironmentVariable("COMMTAX_LIBRARY");
    if (!env.isEmpty())
        return env;
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/library.sqlite");
}

PresetLibrary::PresetLibrary(QString fileName)
    : m_fileName(std::move(fileName))
{
    static QAtomicInteger<int> counter;
    m_connectionPrefix = QStringLiteral("commtax-library-%1").arg(counter.fetchAndAddRelaxed(1));
}

PresetLibrary::~PresetLibrary()
{
    const QString name = connectionName();
    if (QSqlDatabase::contains(name)) {
        QSqlDatabase::database(name, false).close();
        QSqlDatabase::removeDatabase(name);
        threadConnectionNames().removeAll(name);
    }
}

QString PresetLibrary::connectionName() const
{
    return m_connectionPrefix + QLatin1Char('-') + QString::number(reinterpret_cast<quintptr>(QThread::currentThread()), 16);
}

bool PresetLibrary::openConnection(QSqlDatabase &db, LibraryMessage *error, QSqlError *sqlError) const
{
    const QString name = connectionName();
    if (QSqlDatabase::contains(name)) {
        db = QSqlDatabase::database(name, false);
        if (db.isOpen())
            return true;
    } else {
        db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        threadConnectionNames().append(name);
    }
    if (!db.isValid()) {
        if (error)
            *error = say(
                CT_TR("commtax::Files", "the Qt SQLite driver (QSQLITE) is not installed (Debian: libqt6sql6-sqlite)"));
        return false;
    }
    QString options = QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(kBusyTimeoutMs);
    if (m_openReadOnly)
        options += QStringLiteral(";QSQLITE_OPEN_READONLY");
    if (m_immutable) {
        // A read-only WAL database in a folder where SQLite cannot create the -shm file: read it
        // as immutable (no locking, no shared memory). Used only when the plain read fails.
        options += QStringLiteral(";QSQLITE_OPEN_URI");
        db.setDatabaseName(QUrl::fromLocalFile(QFileInfo(m_fileName).absoluteFilePath()).toString(QUrl::FullyEncoded)
                           + QStringLiteral("?immutable=1"));
    } else {
        db.setDatabaseName(m_fileName);
    }
    db.setConnectOptions(options);
    if (!db.open()) {
        if (sqlError)
            *sqlError = db.lastError();
        if (error)
            *error = say(CT_TR("commtax::Files", "cannot open it: %1"), {sqlText(db.lastError())});
        return false;
    }
    // Per connection: SQLite leaves foreign keys off by default. (PRAGMA synchronous reads the
    // file's header: the first statement that can tell a file that is not a database.)
    for (const QString &pragma : {QStringLiteral("PRAGMA busy_timeout = %1").arg(kBusyTimeoutMs), QStringLiteral("PRAGMA foreign_keys = ON"),
                                  QStringLiteral("PRAGMA synchronous = FULL")}) {
        QSqlQuery q(db);
        if (!q.exec(pragma)) {
            if (sqlError)
                *sqlError = q.lastError();
            if (error)
                *error = say(CT_TR("commtax::Files", "%1 (SQLite, running \"%2\")"), {sqlText(q.lastError()), pragma});
            q = QSqlQuery();
            db.close();
            return false;
        }
    }
    return true;
}

QSqlDatabase PresetLibrary::database() const
{
    QSqlDatabase db;
    openConnection(db, nullptr);
    return db;
}

// Opens this thread's connection and checks the file. `broken` is set only for a file that
// opened and is not a sound database (integrity_check reports problems, or SQLite says it is not
// a database or is corrupt): only such a file may be moved aside. Anything else (locked for longer
// than the busy timeout, no permission, an I/O error) is a reason in *error and `code`, and the
// file is left as it is.
bool PresetLibrary::checkSound(LibraryMessage *error, bool *broken, int *code)
{
    *broken = false;
    *code = -1;
    QSqlDatabase db;
    QSqlError sqlError;
    if (!openConnection(db, error, &sqlError)) {
        *broken = isBrokenDatabaseError(sqlError);
        *code = sqliteCode(sqlError);
        return false;
    }
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("PRAGMA integrity_check"))) {
        *broken = isBrokenDatabaseError(q.lastError());
        *code = sqliteCode(q.lastError());
        if (error)
            *error = *broken ? say(CT_TR("commtax::Files", "integrity check failed: %1"), {sqlText(q.lastError())})
                             : say(CT_TR("commtax::Files", "cannot read it: %1"), {sqlText(q.lastError())});
        return false;
    }
    QStringList problems;
    while (q.next())
        if (q.value(0).toString() != QLatin1String("ok"))
            problems << q.value(0).toString();
    if (!problems.isEmpty()) {
        *broken = true;
        if (error)
            *error = say(CT_TR("commtax::Files", "integrity check failed: %1"),
                         {problems.mid(0, 3).join(QStringLiteral("; "))});
        return false;
    }
    if (m_openReadOnly)
        return true; // read as it is; a read-only connection cannot change the journal mode
    QSqlQuery wal(db);
    if (!wal.exec(QStringLiteral("PRAGMA journal_mode = WAL")) || !wal.next()) {
        *broken = isBrokenDatabaseError(wal.lastError());
        *code = sqliteCode(wal.lastError());
        if (error)
            *error = say(CT_TR("commtax::Files", "cannot switch to WAL journaling: %1"), {sqlText(wal.lastError())});
        return false;
    }
    return true;
}

// Why a file that is not damaged could not be used, in words, from SQLite's code and the file.
LibraryText PresetLibrary::describeFailure(int code, const LibraryMessage &driverText) const
{
    const QFileInfo fi(m_fileName);
    LibraryText cause;
    if (code == kSqliteBusy || code == kSqliteLocked)
        cause = say(CT_TR("commtax::Files",
                          "it is locked by another program (another Commtax, or a tool holding it open) for longer "
                          "than %1 seconds"),
                    {QString::number(kBusyTimeoutMs / 1000)});
    else if (fi.exists() && !fi.isReadable())
        cause = say(CT_TR("commtax::Files", "you have no permission to read it"));
    else if (code == kSqliteReadOnly || (fi.exists() && !fi.isWritable()))
        cause = say(CT_TR("commtax::Files", "it is read-only and SQLite cannot read it without writing beside it"));
    else if (code == kSqliteCantOpen)
        cause = say(CT_TR("commtax::Files", "it cannot be opened"));
    const LibraryText driver = driverText.shownText() ? *driverText.shownText() : LibraryText(driverText);
    if (cause.isEmpty())
        return driver;
    return say(CT_TR("commtax::Files", "%1 (%2)"), {cause, driver});
}

void PresetLibrary::closeConnection()
{
    const QString name = connectionName();
    if (QSqlDatabase::contains(name)) {
        QSqlDatabase::database(name, false).close();
        QSqlDatabase::removeDatabase(name);
        threadConnectionNames().removeAll(name);
    }
}

bool PresetLibrary::moveAside(const LibraryMessage &why, LibraryMessage *error)
{
    closeConnection();
    const QFileInfo fi(m_fileName);
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    QString target;
    for (int n = 1;; ++n) {
        target = fi.dir().filePath(fi.completeBaseName() + QStringLiteral(".broken-") + stamp
                                   + (n > 1 ? QStringLiteral("-%1").arg(n) : QString()) + QLatin1Char('.')
                                   + (fi.suffix().isEmpty() ? QStringLiteral("sqlite") : fi.suffix()));
        if (!QFile::exists(target))
            break;
    }
    if (!QFile::rename(m_fileName, target)) {
        if (!QFile::exists(m_fileName))
            return true; // another instance moved it aside first
        if (error)
            *error = say(CT_TR("commtax::Files", "%1 is damaged (%2) and could not be moved aside"),
                         {m_fileName, why.text});
        return false;
    }
    // The journal belongs to the damaged file: keep it beside the copy, never replay it into a new one.
    for (const char *suffix : {"-wal", "-shm"})
        if (QFile::exists(m_fileName + QLatin1String(suffix)))
            QFile::rename(m_fileName + QLatin1String(suffix), target + QLatin1String(suffix));
    m_movedAsideTo = target;
    m_recoveryNotice = say(
        CT_TR("commtax::Files",
              "The preset library %1 could not be used (%2). It was moved to %3 and a new, empty library was started; "
              "your built-in presets are unaffected."),
        {QDir::toNativeSeparators(m_fileName), why.text, QDir::toNativeSeparators(target)});
    return true;
}

bool PresetLibrary::open(LibraryMessage *error, OpenMode mode)
{
    closeConnection();
    m_open = false;
    m_readOnly = false;
    m_openReadOnly = false;
    m_immutable = false;
    m_readOnlyReason = LibraryMessage();
    m_recoveryNotice = LibraryMessage();
    m_movedAsideTo.clear();
    const QString shown = QDir::toNativeSeparators(m_fileName);
    const auto fail = [&](const LibraryText &why) {
        closeConnection();
        if (error)
            *error = why;
        return false;
    };
    const auto leftAlone = [&](const LibraryText &why) { return leftAsItIs(shown, why); };
    if (const std::optional<LibraryText> unusable
        = checkLibraryFile(QFileInfo(m_fileName), shown, mode, m_openReadOnly, m_readOnlyReason))
        return fail(*unusable);
    LibraryMessage why;
    bool broken = false;
    int code = -1;
    bool sound = checkSound(&why, &broken, &code);
    if (!sound && m_openReadOnly && !broken) {
        // A read-only WAL file needs its -shm file; where that cannot be created, read it as
        // immutable (the first reason stands if that fails too).
        closeConnection();
        m_immutable = true;
        LibraryMessage again;
        int againCode = -1;
        sound = checkSound(&again, &broken, &againCode);
        if (broken) {
            why = again;
            code = againCode;
        }
    }
    if (!sound) {
        if (!broken)
            return fail(leftAlone(describeFailure(code, why)));
        if (mode == OpenMode::ExistingOnly || m_openReadOnly)
            return fail(leftAlone(why.shownText() ? *why.shownText() : LibraryText(why)));
        if (!moveAside(why, error))
            return false;
        if (!checkSound(&why, &broken, &code))
            return fail(say(CT_TR("commtax::Files", "%1: %2"), {shown, describeFailure(code, why)}));
    }
    QSqlDatabase db = database();
    const int version = readUserVersion(db, error);
    if (version < 0)
        return fail(say(CT_TR("commtax::Files", "%1: %2"), {shown, error ? QString(*error) : QString()}));
    if (version > librarySchemaVersion()) {
        m_readOnly = true;
        m_readOnlyReason
            = say(CT_TR("commtax::Files", "it was written by a newer Commtax (schema %1; this build knows %2)"),
                  {QString::number(version), QString::number(librarySchemaVersion())});
        m_schemaVersion = version;
        m_open = true;
        return true;
    }
    if (m_openReadOnly) {
        if (version < librarySchemaVersion())
            return fail(leftAlone(say(CT_TR("commtax::Files", "its schema %1 needs upgrading to %2, but %3"),
                                      {QString::number(version), QString::number(librarySchemaVersion()), m_readOnlyReason.text})));
        m_readOnly = true;
        m_schemaVersion = version;
        m_open = true;
        return true;
    }
    if (!migrateLibrary(db, error))
        return false;
    m_schemaVersion = readUserVersion(db, error);
    m_open = m_schemaVersion == librarySchemaVersion();
    return m_open;
}

bool PresetLibrary::writable(LibraryMessage *error) const
{
    if (!m_open) {
        if (error)
            *error = say(CT_TR("commtax::Files", "the preset library is not open"));
        return false;
    }
    if (m_readOnly) {
        if (error)
            *error = say(CT_TR("commtax::Files", "%1 is read-only here (%2): nothing can be saved in it"),
                         {QDir::toNativeSeparators(m_fileName), m_readOnlyReason.text});
        return false;
    }
    return true;
}

bool PresetLibrary::beginWrite(SqlWriteTransaction &tx, LibraryMessage *error) const
{
    return writable(error) && tx.begin(error);
}

// ---------------------------------------------------------------------------------------------
// presets

QList<Preset> PresetLibrary::userPresets(Section s, LibraryMessage *error) const
{
    QList<Preset> out;
    if (!m_open)
        return out;
    QSqlQuery q(database());
    q.prepare(QStringLiteral("SELECT preset_id, body, name_tags FROM presets"
                             " WHERE section = ? ORDER BY name COLLATE NOCASE, preset_id"));
    q.addBindValue(sectionKey(s));
    if (!q.exec()) {
        if (error)
            *error = say(CT_TR("commtax::Files", "reading user presets: %1"), {sqlText(q.lastError())});
        return out;
    }
    while (q.next()) {
        const QJsonObject o = QJsonDocument::fromJson(q.value(1).toString().toUtf8()).object();
        Preset p;
        QString path, why;
        EngineText whyText;
        if (parsePreset(s, o, q.value(0).toString(), p, &path, &why, &whyText)) {
            // a tag this build does not know (a newer one) is left out of the name
            p.nameTags.clear(); // the column holds them, not the body
            for (const QString &key : q.value(2).toString().split(QLatin1Char(' '), Qt::SkipEmptyParts))
                if (PresetNameTag t; parsePresetNameTag(key, t))
                    p.nameTags.append(t);
            out.append(p);
        } else if (error) // a row this build cannot read (a newer field): say so, keep the others
            *error = say(CT_TR("commtax::Files", "user preset %1: %2"),
                         {path, LibraryText::engineText(kFileTextContext, whyText)});
    }
    return out;
}

PresetCatalog PresetLibrary::catalog() const
{
    PresetCatalog c = PresetCatalog::builtIn();
    for (Section s : kPresetSections)
        for (const Preset &p : userPresets(s))
            c.add(p);
    return c;
}

bool PresetLibrary::isBuiltIn(Section s, const QString &id)
{
    return PresetCatalog::builtIn().contains(s, id);
}

QString PresetLibrary::uniqueId(Section s, const QString &base) const
{
    const PresetCatalog c = catalog();
    QString stem = base.isEmpty() ? QStringLiteral("preset") : base;
    if (!c.find(s, stem))
        return stem;
    for (int n = 2;; ++n) {
        const QString id = stem + QLatin1Char('-') + QString::number(n);
        if (!c.find(s, id))
            return id;
    }
}

bool PresetLibrary::storePreset(QSqlDatabase &db, const Preset &p, const QString &basedOn, LibraryMessage *error) const
{
    QSqlQuery q(db);
    q.prepare(QStringLiteral("INSERT INTO presets"
                             " (section, preset_id, name, body, based_on, created_utc, modified_utc, name_tags)"
                             " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                             " ON CONFLICT (section, preset_id) DO UPDATE SET"
                             " name = excluded.name, body = excluded.body, modified_utc = excluded.modified_utc,"
                             " based_on = coalesce(excluded.based_on, presets.based_on),"
                             " name_tags = excluded.name_tags"));
    const QString now = nowUtc();
    // The body names the preset as given; its tags have their own column (libraryschema.cpp, version 4).
    Preset body = p;
    body.nameTags.clear();
    QStringList tags;
    for (const PresetNameTag &t : p.nameTags)
        tags << presetNameTagKey(t);
    q.addBindValue(sectionKey(p.section));
    q.addBindValue(p.id);
    q.addBindValue(p.fullName()); // the English, for the order of the lists
    q.addBindValue(QString::fromUtf8(QJsonDocument(body.toJson()).toJson(QJsonDocument::Compact)));
    q.addBindValue(basedOn.isEmpty() ? QVariant() : QVariant(basedOn));
    q.addBindValue(now);
    q.addBindValue(now);
    q.addBindValue(tags.isEmpty() ? QVariant() : QVariant(tags.join(QLatin1Char(' '))));
    if (!q.exec()) {
        if (error)
            *error = say(CT_TR("commtax::Files", "saving %1 preset \"%2\": %3"),
                         {sectionKey(p.section), p.id, sqlText(q.lastError())});
        return false;
    }
    return true;
}

bool PresetLibrary::savePreset(const Preset &p, QString *savedAs, LibraryMessage *error)
{
    if (p.section != Section::Model && p.section != Section::Gpu && p.section != Section::Cluster) {
        if (error)
            *error = say(CT_TR("commtax::Files", "only model, GPU and cluster presets can be saved"));
        return false;
    }
    if (!validPresetId(p.id)) {
        if (error)
            *error = say(CT_TR("commtax::Files",
                               "id \"%1\": use letters, digits, '.', '_' and '-', starting with a letter or digit"),
                         {p.id});
        return false;
    }
    // Read what is there inside the write lock, so that another instance cannot slip in between.
    SqlWriteTransaction tx(database());
    if (!beginWrite(tx, error))
        return false;
    const PresetCatalog c = catalog();
    Preset stored = p;
    stored.builtIn = false;
    QString basedOn;
    const std::optional<Preset> base = c.find(p.section, p.id);
    if (base && base->builtIn) {
        stored.id = uniqueId(p.section, p.id + QStringLiteral("-custom"));
        if (stored.name.trimmed().isEmpty() || (stored.name == base->name && stored.nameTags == base->nameTags)) {
            stored.name = base->name;
            stored.nameTags = base->nameTags;
            stored.nameTags.append(PresetNameTag::Edited);
        }
        basedOn = base->id;
    }
    if (stored.name.trimmed().isEmpty()) {
        stored.name = stored.id;
        stored.nameTags.clear();
    }
    for (const FieldInfo *f : fieldsOf(p.section)) {
        const QString key = QLatin1String(f->key);
        if (!stored.values.contains(key) || !checkFieldValue(*f, stored.values.value(key)).isEmpty()) {
            if (error)
                *error = say(CT_TR("commtax::Files", "%1.%2: %3"),
                             {sectionKey(p.section), key,
                              stored.values.contains(key) ? LibraryText::engineText(
                                  kFileTextContext, checkFieldValueText(*f, stored.values.value(key)))
                                                          : say(CT_TR("commtax::Files", "missing"))});
            return false;
        }
        // A changed value still carrying the old provenance was typed by the user; one whose
        // provenance changed too (a calibration's "measured") keeps what the caller says.
        if (base && base->values.value(key) != stored.values.value(key)
            && stored.provenance.value(key) == base->provenance.value(key))
            stored.provenance.insert(key, Provenance{SourceKind::User, QString::fromUtf8(kEditedByUser)});
        else if (!stored.provenance.contains(key))
            stored.provenance.insert(key, Provenance{SourceKind::User, QString::fromUtf8(kEnteredByUser)});
    }
    QString key;
    const EngineText rangeError = checkPresetRangesText(stored, &key);
    if (rangeError.pattern[0]) {
        // the field's label (the last argument) in the interface language
        LibraryText why = LibraryText::engineText(kFileTextContext, rangeError);
        if (const FieldInfo *f = findField(p.section, key); f && !why.args.empty()) {
            why.args.back() = LibraryText::phrase(f->label);
            why.args.back().context = "commtax::Fields";
        }
        if (error)
            *error = say(CT_TR("commtax::Files", "%1.%2: %3"), {sectionKey(p.section), key, why});
        return false;
    }
    if (!storePreset(tx.database(), stored, basedOn, error) || !tx.commit(error))
        return false;
    if (savedAs)
        *savedAs = stored.id;
    return true;
}

bool PresetLibrary::duplicatePreset(Section s, const QString &id, QString *newId, LibraryMessage *error)
{
    SqlWriteTransaction tx(database());
    if (!beginWrite(tx, error))
        return false;
    const PresetCatalog c = catalog();
    const std::optional<Preset> src = c.find(s, id);
    if (!src) {
        if (error)
            *error = say(CT_TR("commtax::Files", "no %1 preset \"%2\""), {sectionKey(s), id});
        return false;
    }
    Preset copy = *src;
    copy.builtIn = false;
    copy.id = uniqueId(s, id + QStringLiteral("-copy"));
    copy.nameTags.append(PresetNameTag::Copy); // "<name> (copy)", in words at the UI
    if (!storePreset(tx.database(), copy, src->builtIn ? src->id : QString(), error) || !tx.commit(error))
        return false;
    if (newId)
        *newId = copy.id;
    return true;
}

bool PresetLibrary::removePreset(Section s, const QString &id, LibraryMessage *error)
{
    if (isBuiltIn(s, id)) {
        if (error)
            *error = say(CT_TR("commtax::Files", "\"%1\" is a built-in preset: it cannot be deleted"), {id});
        return false;
    }
    SqlWriteTransaction tx(database());
    if (!beginWrite(tx, error))
        return false;
    QSqlDatabase &db = tx.database();
    QSqlQuery users(db);
    users.prepare(QStringLiteral("SELECT plans.name FROM plan_presets"
                                 " JOIN presets ON presets.id = plan_presets.preset"
                                 " JOIN plans ON plans.id = plan_presets.plan"
                                 " WHERE presets.section = ? AND presets.preset_id = ? ORDER BY plans.name"));
    users.addBindValue(sectionKey(s));
    users.addBindValue(id);
    if (!users.exec()) {
        if (error)
            *error = sqlText(users.lastError());
        return false;
    }
    QStringList planNames;
    while (users.next())
        planNames << users.value(0).toString();
    if (!planNames.isEmpty()) {
        if (error)
            *error = say(CT_TR("commtax::Files", "\"%1\" is used by the saved plan(s) %2: delete or change them first"),
                         {id, planNames.join(QStringLiteral(", "))});
        return false;
    }
    QSqlQuery del(db);
    del.prepare(QStringLiteral("DELETE FROM presets WHERE section = ? AND preset_id = ?"));
    del.addBindValue(sectionKey(s));
    del.addBindValue(id);
    if (!del.exec()) {
        if (error)
            *error = say(CT_TR("commtax::Files", "deleting \"%1\": %2"), {id, sqlText(del.lastError())});
        return false;
    }
    if (del.numRowsAffected() != 1) {
        if (error)
            *error = say(CT_TR("commtax::Files", "no user %1 preset \"%2\""), {sectionKey(s), id});
        return false;
    }
    return tx.commit(error);
}

// ---------------------------------------------------------------------------------------------
// plans

QList<SavedPlan> PresetLibrary::plans(LibraryMessage *error) const
{
    QList<SavedPlan> out;
    if (!m_open)
        return out;
    QSqlQuery q(database());
    if (!q.exec(QStringLiteral("SELECT plans.name, plans.body, plans.modified_utc,"
                               " (SELECT group_concat(presets.section || ':' || presets.preset_id, ' ')"
                               "  FROM plan_presets JOIN presets ON presets.id = plan_presets.preset"
                               "  WHERE plan_presets.plan = plans.id)"
                               " FROM plans ORDER BY plans.name COLLATE NOCASE"))) {
        if (error)
            *error = say(CT_TR("commtax::Files", "reading saved plans: %1"), {sqlText(q.lastError())});
        return out;
    }
    while (q.next()) {
        SavedPlan p;
        p.name = q.value(0).toString();
        p.body = q.value(1).toString().toUtf8();
        p.modifiedUtc = QDateTime::fromString(q.value(2).toString(), Qt::ISODateWithMs);
        p.userPresets = q.value(3).toString().split(QLatin1Char(' '), Qt::SkipEmptyParts);
        out.append(p);
    }
    return out;
}

bool PresetLibrary::storePlan(QSqlDatabase &db, const QString &name, const QByteArray &body, const Scenario &s,
                              LibraryMessage *error) const
{
    const QString now = nowUtc();
    QSqlQuery q(db);
    q.prepare(QStringLiteral("INSERT INTO plans (name, body, created_utc, modified_utc) VALUES (?, ?, ?, ?)"
                             " ON CONFLICT (name) DO UPDATE SET body = excluded.body, modified_utc = excluded.modified_utc"));
    q.addBindValue(name);
    q.addBindValue(QString::fromUtf8(body));
    q.addBindValue(now);
    q.addBindValue(now);
    if (!q.exec()) {
        if (error)
            *error = say(CT_TR("commtax::Files", "saving plan \"%1\": %2"), {name, sqlText(q.lastError())});
        return false;
    }
    QSqlQuery unlink(db);
    unlink.prepare(QStringLiteral("DELETE FROM plan_presets WHERE plan = (SELECT id FROM plans WHERE name = ?)"));
    unlink.addBindValue(name);
    if (!unlink.exec()) {
        if (error)
            *error = sqlText(unlink.lastError());
        return false;
    }
    for (Section sec : kPresetSections) {
        const QString id = s.presetOf(sec);
        if (id.isEmpty() || isBuiltIn(sec, id))
            continue;
        QSqlQuery link(db);
        link.prepare(QStringLiteral("INSERT INTO plan_presets (plan, preset)"
                                    " SELECT (SELECT id FROM plans WHERE name = ?), id FROM presets"
                                    " WHERE section = ? AND preset_id = ?"));
        link.addBindValue(name);
        link.addBindValue(sectionKey(sec));
        link.addBindValue(id);
        if (!link.exec() || link.numRowsAffected() != 1) {
            if (error)
                *error
                    = say(CT_TR("commtax::Files", "plan \"%1\" uses the %2 preset \"%3\", which is not in the library"),
                          {name, sectionKey(sec), id});
            return false;
        }
    }
    return true;
}

bool PresetLibrary::savePlan(const Scenario &s, LibraryMessage *error)
{
    if (s.name.trimmed().isEmpty()) {
        if (error)
            *error = say(CT_TR("commtax::Files", "a saved plan needs a name"));
        return false;
    }
    SqlWriteTransaction tx(database());
    return beginWrite(tx, error) && storePlan(tx.database(), s.fullName(), serializeScenario(s, catalog()), s, error)
        && tx.commit(error);
}

std::optional<QByteArray> PresetLibrary::savedBody(const char *table, const QString &name) const
{
    QSqlQuery q(database());
    q.prepare(QStringLiteral("SELECT body FROM %1 WHERE name = ?").arg(QLatin1String(table)));
    q.addBindValue(name);
    if (!m_open || !q.exec() || !q.next())
        return std::nullopt;
    return q.value(0).toString().toUtf8();
}

bool PresetLibrary::removeSaved(const char *table, const QString &name, const LibraryMessage &missing,
                                LibraryMessage *error)
{
    SqlWriteTransaction tx(database());
    if (!beginWrite(tx, error))
        return false;
    QSqlQuery q(tx.database());
    q.prepare(QStringLiteral("DELETE FROM %1 WHERE name = ?").arg(QLatin1String(table)));
    q.addBindValue(name);
    if (!q.exec() || q.numRowsAffected() != 1) {
        if (error)
            *error = missing;
        return false;
    }
    return tx.commit(error);
}

bool PresetLibrary::loadPlan(const QString &name, Scenario &out, QList<LoadError> &errors) const
{
    const std::optional<QByteArray> body = savedBody("plans", name);
    if (!body) {
        errors.append(
            fileError(m_fileName, 0, 0, QString(), fileText(CT_TR("commtax::Files", "no saved plan \"%1\""), {name})));
        return false;
    }
    // the problems' position: 'saved plan "x"' in the messages language (LoadError::fileLabel)
    const EngineText where = fileText(CT_TR("commtax::Files", "saved plan \"%1\""), {name});
    const qsizetype first = errors.size();
    const bool ok = parseScenario(*body, toQString(where), catalog(), out, errors);
    for (qsizetype i = first; i < errors.size(); ++i)
        errors[i].fileLabel = where;
    return ok;
}

bool PresetLibrary::removePlan(const QString &name, LibraryMessage *error)
{
    return removeSaved("plans", name, say(CT_TR("commtax::Files", "no saved plan \"%1\""), {name}), error);
}

QString PresetLibrary::uniquePlanName(const QString &base) const
{
    QStringList names;
    for (const SavedPlan &p : plans())
        names << p.name;
    if (!names.contains(base))
        return base;
    for (int n = 2;; ++n) {
        const QString name = QStringLiteral("%1 (%2)").arg(base).arg(n);
        if (!names.contains(name))
            return name;
    }
}

bool PresetLibrary::duplicatePlan(const QString &name, QString *newName, LibraryMessage *error)
{
    Scenario s;
    QList<LoadError> errors;
    if (!loadPlan(name, s, errors)) {
        if (error)
            *error = errors.isEmpty() ? say(CT_TR("commtax::Files", "cannot read \"%1\""), {name})
                                      : loadErrorLibraryText(errors.first());
        return false;
    }
    // tagged as a copy ("<name> (copy)" in English, worded by the UI); the library's name of the copy
    // is its fullName(), a number added to the name when that is taken: "<name> (2) (copy)"
    s.nameTags.append(PlanNameTag::Copy);
    QStringList names;
    for (const SavedPlan &p : plans())
        names << p.name;
    const QString base = s.name;
    for (int n = 2; names.contains(s.fullName()); ++n)
        s.name = QStringLiteral("%1 (%2)").arg(base).arg(n);
    if (!savePlan(s, error))
        return false;
    if (newName)
        *newName = s.fullName();
    return true;
}

// ---------------------------------------------------------------------------------------------
// saved comparisons

QList<LibraryComparison> PresetLibrary::comparisons(LibraryMessage *error) const
{
    QList<LibraryComparison> out;
    if (!m_open)
        return out;
    QSqlQuery q(database());
    if (!q.exec(QStringLiteral("SELECT name, body, saved_utc FROM comparisons ORDER BY saved_utc DESC, id DESC"))) {
        if (error)
            *error = say(CT_TR("commtax::Files", "reading saved comparisons: %1"), {sqlText(q.lastError())});
        return out;
    }
    while (q.next()) {
        LibraryComparison c;
        c.name = q.value(0).toString();
        c.body = q.value(1).toString().toUtf8();
        c.savedUtc = QDateTime::fromString(q.value(2).toString(), Qt::ISODateWithMs);
        out.append(c);
    }
    return out;
}

bool PresetLibrary::saveComparison(const QString &name, const SavedComparison &c, LibraryMessage *error)
{
    if (name.trimmed().isEmpty()) {
        if (error)
            *error = say(CT_TR("commtax::Files", "a saved comparison needs a name"));
        return false;
    }
    const QByteArray body = serializeComparisonFile(c, catalog());
    SqlWriteTransaction tx(database());
    if (!beginWrite(tx, error))
        return false;
    QSqlQuery q(tx.database());
    // Replacing moves the comparison to the top of the list (newest first): a new row id.
    q.prepare(QStringLiteral("INSERT OR REPLACE INTO comparisons (name, body, saved_utc) VALUES (?, ?, ?)"));
    q.addBindValue(name);
    q.addBindValue(QString::fromUtf8(body));
    q.addBindValue(nowUtc());
    if (!q.exec()) {
        if (error)
            *error = say(CT_TR("commtax::Files", "saving comparison \"%1\": %2"), {name, sqlText(q.lastError())});
        return false;
    }
    return tx.commit(error);
}

bool PresetLibrary::loadComparison(const QString &name, SavedComparison &out, QList<LoadError> &errors) const
{
    const QString library = QDir::toNativeSeparators(m_fileName);
    const std::optional<QByteArray> body = savedBody("comparisons", name);
    if (!body) {
        errors.append(fileError(library, 0, 0, QString(),
                                fileText(CT_TR("commtax::Files", "no saved comparison \"%1\""), {name})));
        return false;
    }
    // the problems' position names the comparison and the library it is kept in
    const EngineText where = fileText(CT_TR("commtax::Files", "saved comparison \"%1\" in %2"), {name, library});
    const qsizetype first = errors.size();
    const bool ok = parseComparisonFile(*body, toQString(where), catalog(), out, errors);
    for (qsizetype i = first; i < errors.size(); ++i)
        errors[i].fileLabel = where;
    return ok;
}

bool PresetLibrary::removeComparison(const QString &name, LibraryMessage *error)
{
    return removeSaved("comparisons", name, say(CT_TR("commtax::Files", "no saved comparison \"%1\""), {name}),
                       error);
}

namespace {

// The engine's findings on an imported plan, each at its place in the file.
void appendPlanErrors(const QByteArray &json, const QString &fileName, const Plan &plan, QList<LoadError> &errors)
{
    const JsonLocator loc(json);
    for (const PlanError &e : validate(plan)) {
        const QString path = QString::fromStdString(e.field);
        const TextPosition pos = loc.find(path);
        LoadError le{fileName, pos.line, pos.column, path, QString::fromStdString(e.message)};
        le.text = e.text; // the engine's template, context "commtax::Errors"
        errors.append(le);
    }
}

// Sorts the presets of an imported file into o.added, o.replaced, o.conflicts and o.unchanged
// (a built-in preset with the same values) and returns those to store; an invalid id, or a
// built-in id with other values, is an error in o.errors.
QList<Preset> presetsToImport(const PresetLibrary &library, const PresetCatalog &c, const PresetFile &file,
                              const QByteArray &json, const QString &fileName, bool replaceExisting,
                              ImportOutcome &o)
{
    const JsonLocator loc(json);
    QList<Preset> toStore;
    for (qsizetype i = 0; i < file.presets.size(); ++i) {
        const Preset &p = file.presets[i];
        const QString idPath = jsonPathJoin(file.paths[i], QStringLiteral("id"));
        const std::optional<Preset> existing = c.find(file.section, p.id);
        if (!validPresetId(p.id)) {
            const TextPosition pos = loc.find(idPath);
            o.errors.append(
                fileError(fileName, pos.line, pos.column, idPath,
                          fileText(CT_TR("commtax::Files", "use letters, digits, '.', '_' and '-' in ids"))));
        } else if (existing && existing->builtIn) {
            if (existing->values == p.values && existing->fullName() == p.fullName()) {
                o.unchanged << p.id;
                continue;
            }
            const TextPosition pos = loc.find(idPath);
            const QString suggestion = library.uniqueId(file.section, p.id + QStringLiteral("-custom"));
            o.errors.append(fileError(fileName, pos.line, pos.column, idPath,
                                      fileText(CT_TR("commtax::Files",
                                                     "\"%1\" is a built-in preset with other values; give your version "
                                                     "its own id (for example \"%2\")"),
                                               {p.id, suggestion})));
        } else if (existing) {
            (replaceExisting ? o.replaced : o.conflicts) << p.id;
            toStore << p;
        } else {
            o.added << p.id;
            toStore << p;
        }
    }
    return toStore;
}

} // namespace

// ---------------------------------------------------------------------------------------------
// import and export

ImportOutcome PresetLibrary::importFile(const QString &fileName, bool replaceExisting)
{
    QByteArray json;
    LoadError readError;
    if (!readInputFile(fileName, kMaxJsonBytes, json, &readError)) {
        ImportOutcome o;
        o.errors.append(readError);
        return o;
    }
    return importData(json, fileName, replaceExisting);
}

ImportOutcome PresetLibrary::importData(const QByteArray &json, const QString &fileName, bool replaceExisting)
{
    ImportOutcome o;
    LibraryMessage why;
    // One write transaction from the first check to the last row: all or nothing, and no other
    // instance can add a conflicting id in between.
    SqlWriteTransaction tx(database());
    if (!beginWrite(tx, &why)) {
        o.errors.append(importError(fileName, 0, 0, QString(), why));
        return o;
    }
    QSqlDatabase &db = tx.database();
    const PresetCatalog c = catalog();
    const LibraryFileKind kind = sniffLibraryFile(json);
    if (kind == LibraryFileKind::Scenario) {
        o.isPlan = true;
        Scenario s;
        if (!parseScenario(json, fileName, c, s, o.errors))
            return o;
        appendPlanErrors(json, fileName, s.plan, o.errors);
        if (!o.errors.isEmpty())
            return o;
        if (s.name.trimmed().isEmpty())
            s.name = QFileInfo(fileName).completeBaseName();
        const QString key = s.fullName(); // the library's name of the plan, its tags in English
        bool exists = false;
        for (const SavedPlan &p : plans())
            exists = exists || p.name == key;
        if (exists && !replaceExisting) {
            o.conflicts << key;
            return o;
        }
        if (!storePlan(db, key, serializeScenario(s, c), s, &why) || !tx.commit(&why)) {
            o.errors.append(importError(fileName, 0, 0, QString(), why));
            return o;
        }
        (exists ? o.replaced : o.added) << key;
        o.ok = true;
        return o;
    }
    if (kind == LibraryFileKind::Unknown && QJsonDocument::fromJson(json).isObject()) {
        const JsonLocator loc(json);
        const TextPosition pos = loc.find(QStringLiteral("format"));
        o.errors.append(
            fileError(fileName, pos.line, pos.column, QStringLiteral("format"),
                      fileText(CT_TR("commtax::Files",
                                     "expected \"commtax-presets\" (presets) or \"commtax-scenario\" (a plan)"))));
        return o;
    }
    PresetFile file;
    if (!readPresetFile(json, fileName, file, o.errors))
        return o;
    o.section = file.section;
    const QList<Preset> toStore = presetsToImport(*this, c, file, json, fileName, replaceExisting, o);
    if (!o.errors.isEmpty() || !o.conflicts.isEmpty()) {
        o.added.clear();
        o.replaced.clear();
        o.unchanged.clear();
        return o;
    }
    bool stored = true;
    for (const Preset &p : std::as_const(toStore))
        stored = stored && storePreset(db, p, QString(), &why);
    if (!stored || !tx.commit(&why)) {
        // Writing the library failed (a full disk, an I/O error): say so against the library, not
        // against the file being imported, which is fine.
        o.errors.append(importError(QDir::toNativeSeparators(m_fileName), 0, 0, QString(),
                                    say(CT_TR("commtax::Files",
                                              "nothing was imported: the preset library could not be written (%1); the "
                                              "imported file is not at fault"),
                                        {why.text})));
        o.added.clear();
        o.replaced.clear();
        return o;
    }
    o.ok = true;
    return o;
}

bool PresetLibrary::exportPresets(Section s, const QStringList &ids, const QString &fileName, LibraryMessage *error) const
{
    const PresetCatalog c = catalog();
    QList<Preset> list;
    for (const QString &id : ids) {
        const std::optional<Preset> p = c.find(s, id);
        if (!p) {
            if (error)
                *error = say(CT_TR("commtax::Files", "no %1 preset \"%2\""), {sectionKey(s), id});
            return false;
        }
        list << *p;
    }
    if (list.isEmpty()) {
        if (error)
            *error = say(CT_TR("commtax::Files", "choose at least one preset to export"));
        return false;
    }
    return writeFileAtomically(fileName, writePresetFile(s, list), error);
}

bool PresetLibrary::exportPlan(const QString &name, const QString &fileName, LibraryMessage *error) const
{
    Scenario s;
    QList<LoadError> errors;
    if (!loadPlan(name, s, errors)) {
        if (error)
            *error = errors.isEmpty() ? say(CT_TR("commtax::Files", "cannot read \"%1\""), {name})
                                      : loadErrorLibraryText(errors.first());
        return false;
    }
    return writeFileAtomically(fileName, serializeScenario(s, PresetCatalog::builtIn()), error);
}

} // namespace commtax
