// SPDX-License-Identifier: GPL-3.0-or-later
// The Compare window's File menu: open and save comparisons (library/comparisonfile.h), the
// recent ones, and the question before an unsaved comparison is closed.
#include "appsettings.h"
#include "comparisonview.h"
#include "library/presetlibrary.h"
#include "text/modeltext.h"

#include <QAction>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QTimer>
#include <QUndoStack>

namespace commtax {

void ComparisonView::setGoals(const std::optional<Goals> &goals)
{
    showGoals(goals);
    m_doc->setGoals(goals); // goalsChanged(): the title's "*"
}

void ComparisonView::showGoals(const std::optional<Goals> &goals)
{
    const Goals g = goals.value_or(Goals{});
    const QSignalBlocker a(m_goalDeadline), b(m_goalCapex), c(m_goalTco);
    m_goalDeadline->setValue(g.deadlineDays);
    m_goalCapex->setValue(g.capexUsd / 1e6);
    m_goalTco->setValue(g.tcoUsd / 1e6);
}

void ComparisonView::markSaved()
{
    m_doc->markSaved();
    updateTitle();
}

void ComparisonView::setSettings(AppSettings *settings)
{
    m_settings = settings;
    rebuildRecentMenu();
}

void ComparisonView::updateTitle()
{
    QString name = m_fileName.isEmpty() ? tr("untitled") : QFileInfo(m_fileName).fileName();
    if (m_fileName.isEmpty() && !m_libraryName.isEmpty())
        name = tr("%1 (library)").arg(m_libraryName);
    setWindowTitle(tr("%1[*] - Compare hardware - Commtax").arg(name));
    setWindowModified(isModified());
}

QMenu *ComparisonView::buildFileMenu()
{
    auto *menu = new QMenu(tr("&File"), this);
    menu->setObjectName(QStringLiteral("compareFileMenu"));
    const auto add = [&](const QString &text, const char *name, const QKeySequence &keys, auto slot) {
        QAction *a = menu->addAction(text, this, slot);
        a->setObjectName(QLatin1String(name));
        a->setShortcut(keys);
        a->setShortcutContext(Qt::WindowShortcut);
        return a;
    };
    add(tr("&Open comparison..."), "openComparisonAction", QKeySequence::Open, [this] { chooseAndOpenComparison(); });
    m_recentMenu = menu->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentComparisonsMenu"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &ComparisonView::rebuildRecentMenu);
    rebuildRecentMenu();
    menu->addSeparator();
    add(tr("&Save comparison"), "saveComparisonAction", QKeySequence::Save, [this] { saveComparison(); });
    add(tr("Save comparison &as..."), "saveComparisonAsAction", QKeySequence::SaveAs, [this] { saveComparisonAs(); });
    add(tr("Save to &library..."), "saveComparisonToLibraryAction", QKeySequence(), [this] { askAndSaveToLibrary(); });
    m_libraryMenu = menu->addMenu(tr("Open from li&brary"));
    m_libraryMenu->setObjectName(QStringLiteral("libraryComparisonsMenu"));
    connect(m_libraryMenu, &QMenu::aboutToShow, this, &ComparisonView::rebuildLibraryMenu);
    rebuildLibraryMenu();
    menu->addSeparator();
    add(tr("&Export report..."), "exportReportAction", QKeySequence(), [this] { exportReport(); });
    menu->addSeparator();
    add(tr("&Close"), "closeComparisonAction", QKeySequence::Close, [this] { close(); });
    return menu;
}

void ComparisonView::rebuildRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList files = m_settings ? m_settings->recentComparisons() : QStringList();
    for (qsizetype i = 0; i < files.size(); ++i) {
        const QString &file = files[i]; // the lambda below keeps a copy
        QAction *a = m_recentMenu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(file).fileName()));
        a->setToolTip(QDir::toNativeSeparators(file));
        connect(a, &QAction::triggered, this, [this, file] {
            if (!maybeSave())
                return;
            QString error;
            if (!openComparisonFile(file, &error)) {
                QMessageBox::warning(this, tr("Cannot open the comparison"), error);
                if (!QFileInfo::exists(file) && m_settings)
                    m_settings->removeRecentComparison(file);
            }
        });
    }
    if (files.isEmpty())
        m_recentMenu->addAction(tr("(none yet)"))->setEnabled(false);
}

void ComparisonView::rememberFile(const QString &fileName)
{
    m_fileName = fileName;
    m_libraryName.clear();
    if (m_settings)
        m_settings->addRecentComparison(fileName);
    markSaved();
}

bool ComparisonView::openComparisonFile(const QString &fileName, QString *error)
{
    SavedComparison c;
    QList<LoadError> errors;
    if (!loadComparisonFile(fileName, catalog(), c, errors)) {
        if (error) {
            QStringList lines;
            for (const LoadError &e : errors)
                lines << e.toString();
            *error = lines.join(QLatin1Char('\n'));
        }
        return false;
    }
    setSavedComparison(c);
    rememberFile(fileName);
    return true;
}

void ComparisonView::chooseAndOpenComparison()
{
    if (!maybeSave())
        return;
    const QString dir = m_fileName.isEmpty() ? QString() : QFileInfo(m_fileName).absolutePath();
    const QString filter = tr("Commtax comparisons (*.json)");
    const QString file = QFileDialog::getOpenFileName(this, tr("Open comparison"), dir, filter);
    if (file.isEmpty())
        return;
    QString error;
    if (!openComparisonFile(file, &error))
        QMessageBox::warning(this, tr("Cannot open the comparison"), error);
}

bool ComparisonView::saveComparison(const QString &fileName)
{
    const QString file = fileName.isEmpty() ? m_fileName : fileName;
    if (file.isEmpty())
        return m_libraryName.isEmpty() ? saveComparisonAs() : saveToLibrary(m_libraryName);
    if (scenarios().size() < kMinComparedPlans) {
        QMessageBox::warning(this, tr("Cannot save the comparison"),
                             tr("Add at least %1 plans to compare.").arg(kMinComparedPlans));
        return false;
    }
    QString error;
    if (!saveComparisonFile(file, savedComparison(), catalog(), &error)) {
        QMessageBox::warning(this, tr("Cannot save the comparison"), error);
        return false;
    }
    rememberFile(file);
    return true;
}

bool ComparisonView::saveComparisonAs()
{
    const QString start = m_fileName.isEmpty() ? tr("comparison.json") : m_fileName;
    QString file = QFileDialog::getSaveFileName(this, tr("Save comparison"), start,
                                                tr("Commtax comparisons (*.json)"));
    if (file.isEmpty())
        return false;
    if (QFileInfo(file).suffix().isEmpty())
        file += QStringLiteral(".json");
    return saveComparison(file);
}

// ---------------------------------------------------------------------------------------------
// the preset library's saved comparisons

void ComparisonView::rebuildLibraryMenu()
{
    if (!m_libraryMenu)
        return;
    m_libraryMenu->clear(); // deletes its actions, not the Remove submenu of the last time
    qDeleteAll(m_libraryMenu->findChildren<QMenu *>(QString(), Qt::FindDirectChildrenOnly));
    const bool usable = m_library && m_library->isOpen();
    m_libraryMenu->menuAction()->setEnabled(usable);
    if (QAction *save = findChild<QAction *>(QStringLiteral("saveComparisonToLibraryAction")))
        save->setEnabled(usable && !m_library->isReadOnly());
    const QList<LibraryComparison> saved = usable ? m_library->comparisons() : QList<LibraryComparison>{};
    if (saved.isEmpty()) {
        m_libraryMenu->addAction(tr("(none yet)"))->setEnabled(false);
        return;
    }
    QMenu *remove = new QMenu(tr("&Remove from library"), m_libraryMenu);
    remove->setObjectName(QStringLiteral("removeLibraryComparisonMenu"));
    for (const LibraryComparison &c : saved) {
        const QString name = c.name; // the lambdas below keep a copy
        const QString when = QLocale().toString(c.savedUtc.toLocalTime(), QLocale::ShortFormat);
        QAction *open = m_libraryMenu->addAction(tr("%1 (saved %2)").arg(name, when));
        open->setData(name);
        connect(open, &QAction::triggered, this, [this, name] {
            if (!maybeSave())
                return;
            QString error;
            if (!openFromLibrary(name, &error))
                QMessageBox::warning(this, tr("Cannot open the comparison"), error);
        });
        QAction *drop = remove->addAction(name);
        drop->setData(name);
        connect(drop, &QAction::triggered, this, [this, name] { removeFromLibrary(name); });
    }
    m_libraryMenu->addSeparator();
    m_libraryMenu->addMenu(remove);
}

void ComparisonView::askAndSaveToLibrary()
{
    if (!m_library || !m_library->isOpen())
        return;
    QString start = m_libraryName;
    if (start.isEmpty())
        start = m_fileName.isEmpty() ? tr("Comparison") : QFileInfo(m_fileName).completeBaseName();
    auto *dialog = new QInputDialog(this);
    dialog->setObjectName(QStringLiteral("saveToLibraryDialog"));
    dialog->setWindowTitle(tr("Save comparison to library"));
    dialog->setLabelText(tr("Name in the library:"));
    dialog->setTextValue(start);
    dialog->setWindowModality(Qt::WindowModal);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QInputDialog::textValueSelected, this, [this](const QString &text) {
        const QString name = text.trimmed();
        if (name.isEmpty())
            return;
        bool exists = false;
        for (const LibraryComparison &c : m_library->comparisons())
            exists = exists || c.name == name;
        if (exists && name != m_libraryName
            && QMessageBox::question(this, tr("Replace the saved comparison?"),
                                     tr("The library already holds a comparison named \"%1\". Replace it?").arg(name))
                != QMessageBox::Yes)
            return;
        saveToLibrary(name);
    });
    dialog->open();
}

bool ComparisonView::saveToLibrary(const QString &name)
{
    if (!m_library || !m_library->isOpen())
        return false;
    if (scenarios().size() < kMinComparedPlans) {
        QMessageBox::warning(this, tr("Cannot save the comparison"),
                             tr("Add at least %1 plans to compare.").arg(kMinComparedPlans));
        return false;
    }
    LibraryMessage error;
    if (!m_library->saveComparison(name, savedComparison(), &error)) {
        QMessageBox::warning(this, tr("Cannot save the comparison"), libraryMessageText(error));
        return false;
    }
    // Like Save as: from now on the window's comparison is the library's (Save writes it there).
    m_fileName.clear();
    m_libraryName = name;
    markSaved();
    return true;
}

bool ComparisonView::openFromLibrary(const QString &name, QString *error)
{
    SavedComparison c;
    QList<LoadError> errors;
    if (!m_library || !m_library->loadComparison(name, c, errors)) {
        if (error) {
            QStringList lines;
            for (const LoadError &e : errors)
                lines << loadErrorText(e);
            *error = lines.join(QLatin1Char('\n'));
        }
        return false;
    }
    setSavedComparison(c);
    m_fileName.clear();
    m_libraryName = name;
    markSaved();
    return true;
}

void ComparisonView::removeFromLibrary(const QString &name)
{
    if (!m_library)
        return;
    if (QMessageBox::question(this, tr("Remove the saved comparison?"),
                              tr("Remove \"%1\" from the library? This cannot be undone.").arg(name))
        != QMessageBox::Yes)
        return;
    LibraryMessage error;
    if (!m_library->removeComparison(name, &error)) {
        QMessageBox::warning(this, tr("Cannot remove the comparison"), libraryMessageText(error));
        return;
    }
    if (m_libraryName == name) { // the window's comparison is no longer saved anywhere
        m_libraryName.clear();
        m_doc->markUnsaved();
        updateTitle();
    }
}

bool ComparisonView::maybeSave()
{
    if (!isModified())
        return true;
    const auto answer = QMessageBox::question(this, tr("Save the comparison?"),
                                              tr("The comparison has changes that are not saved. Save them?"),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                                              QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return saveComparison();
    return answer == QMessageBox::Discard;
}

// The question is window-modal and does not block: the close waits for the answer (Save, and
// the file written; or Discard), and Cancel leaves the window open.
void ComparisonView::closeEvent(QCloseEvent *event)
{
    if (!isWindow() || m_closeConfirmed || !isModified()) {
        QWidget::closeEvent(event);
        return;
    }
    event->ignore();
    if (findChild<QMessageBox *>(QStringLiteral("saveBeforeClosing")))
        return; // already asked
    auto *box = new QMessageBox(QMessageBox::Question, tr("Save the comparison?"),
                                tr("The comparison has changes that are not saved. Save them before closing?"),
                                QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
    box->setObjectName(QStringLiteral("saveBeforeClosing"));
    box->setDefaultButton(QMessageBox::Save);
    box->setWindowModality(Qt::WindowModal);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, box] {
        const auto answer = box->standardButton(box->clickedButton());
        if (answer == QMessageBox::Discard || (answer == QMessageBox::Save && saveComparison())) {
            m_closeConfirmed = true;
            QTimer::singleShot(0, this, &QWidget::close);
        }
    });
    box->open();
}

} // namespace commtax
