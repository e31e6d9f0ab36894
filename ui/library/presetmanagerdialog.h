// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Tools > Preset manager...: lists, creates, edits, duplicates, deletes, imports and exports the
// GPUs, clusters, models and saved plans of the user's preset library. Built-in presets are shown
// read-only; saving an edit of one stores a copy.
//
// Wiring: LibraryFeatures (libraryfeatures.h) opens it from Tools > Preset manager..., gives it
// the window's plan (setCurrentScenario) and connects catalogChanged to
// MainWindow::setPresetCatalog and planOpenRequested to MainWindow::openScenario.

#include "core/scenario.h"

#include <QDialog>

#include <functional>

class QHBoxLayout;
class QLabel;
class QPushButton;
class QTabWidget;
class QTableView;
class QPlainTextEdit;

namespace commtax {

class PresetEditor;
class PresetLibrary;
class PresetListModel;
class SavedPlanListModel;

class PresetManagerDialog : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PresetManagerDialog)
public:
    // `library` may be null or closed: the dialog then shows the built-in presets read-only.
    explicit PresetManagerDialog(PresetLibrary *library, QWidget *parent = nullptr);
    ~PresetManagerDialog() override;

    // The plan open in the editor, for "Save current plan...".
    void setCurrentScenario(const Scenario &s);

    // Questions and messages go through these (message boxes by default), so tests can answer.
    void setConfirmHandler(std::function<bool(const QString &question)> ask);
    void setMessageHandler(std::function<void(const QString &title, const QString &text)> tell);

    // The actions behind the buttons (the buttons ask for file names first).
    bool selectPreset(Section s, const QString &id);
    bool newPreset(Section s);
    bool saveEditedPreset(Section s);
    bool duplicateSelectedPreset(Section s);
    bool deleteSelectedPreset(Section s);
    bool exportSelectedPresets(Section s, const QString &fileName);
    bool selectPlan(const QString &name);
    bool saveCurrentPlan(const QString &name);
    bool duplicateSelectedPlan();
    bool deleteSelectedPlan();
    bool openSelectedPlan();
    bool exportSelectedPlan(const QString &fileName);
    // A preset file or a scenario; asks before replacing what exists.
    bool importFile(const QString &fileName);
    // Read the library again (after a change made elsewhere).
    void reloadAll();

    PresetEditor *editor(Section s) const;
    QTableView *presetView(Section s) const;
    QString selectedPresetId(Section s) const;
    QString selectedPlanName() const;

Q_SIGNALS:
    // After any change to the user's presets: built-in + user, for the editor's combo boxes.
    void catalogChanged(const commtax::PresetCatalog &merged);
    void planOpenRequested(const commtax::Scenario &scenario);

private:
    struct SectionPage;
    SectionPage *page(Section s) const;
    QWidget *buildSectionPage(Section s);
    QHBoxLayout *buildListButtons(SectionPage *pg, QWidget *w);
    QHBoxLayout *buildEditButtons(SectionPage *pg, QWidget *w);
    void connectSectionPage(SectionPage *pg);
    QWidget *buildPlansPage();
    // `keepEdits`: an unsaved edit in the form stays (the list still updates).
    void reload(Section s, const QString &select = QString(), bool keepEdits = false);
    void reloadPlans(const QString &select = QString());
    void showPlanDetails();
    void showSelectedPreset(Section s);
    bool writable() const;
    void tell(const QString &title, const QString &text) const;
    bool ask(const QString &question) const;
    void chooseImport();

    PresetLibrary *m_library = nullptr;
    QTabWidget *m_tabs = nullptr;
    QLabel *m_banner = nullptr;
    QList<SectionPage *> m_pages;
    SavedPlanListModel *m_planModel = nullptr;
    QTableView *m_planView = nullptr;
    QPlainTextEdit *m_planDetails = nullptr;
    QPushButton *m_saveCurrentPlan = nullptr;
    Scenario m_currentScenario;
    bool m_hasCurrentScenario = false;
    std::function<bool(const QString &)> m_ask;
    std::function<void(const QString &, const QString &)> m_tell;
    std::function<QString(const QString &, const QString &)> m_input;
};

} // namespace commtax
