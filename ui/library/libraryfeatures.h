// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The preset library, the hardware comparison and the reports in the main window, in one line:
//
//     new commtax::LibraryFeatures(&window); // after the window is built (main.cpp or the end of
//                                            // MainWindow's constructor); the window owns it
//
// It opens the user's preset library (a message box tells the user when a damaged library was
// moved aside or none could be opened), hands the merged catalog (built-in + user) to the window
// with setPresetCatalog(), and adds Tools > Preset manager..., Tools > Compare hardware... and
// File > Export report... through the window's integration points. Its savePreset() slot takes
// presets made elsewhere (the calibration dialog's calibratedClusterReady / calibratedGpuReady).

#include "library/presetlibrary.h"

#include <QObject>
#include <QPointer>

#include <memory>

class QAction;

namespace commtax {

class ComparisonView;
class MainWindow;
class PresetManagerDialog;

class LibraryFeatures : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LibraryFeatures)
public:
    explicit LibraryFeatures(MainWindow *window, const QString &libraryFile = PresetLibrary::defaultFileName());
    ~LibraryFeatures() override;

    PresetLibrary *library() const { return m_library.get(); }
    PresetCatalog catalog() const;
    QAction *compareAction() const { return m_compare; }

    // What the actions do. The comparison and the report hold the window's plan (plan A) and the
    // same plan on the default comparison's other GPUs.
    PresetManagerDialog *showPresetManager();
    ComparisonView *compareHardware();
    // A new Compare window holding `plans` (Tools > What to buy..., "Compare these").
    ComparisonView *compareScenarios(const QList<Scenario> &plans);
    // File > Export report... exports what the user is looking at: the comparison of the open
    // Compare hardware window (its plans, normalisation and plan A, as its own Export button
    // does), else the window's plan against the same plan on the other GPUs. Without a file
    // name, asks for one; returns the file written or an empty string.
    QString exportReport(const QString &fileName = QString());
    // A new Compare window showing the comparison saved in `fileName` (File > Open comparison...,
    // Recent comparisons). Null when it cannot be read: the problems go to `error`, or without
    // it to a message box.
    ComparisonView *openComparisonFile(const QString &fileName, QString *error = nullptr);
    // The Compare hardware window open now (the latest opened), or nullptr.
    ComparisonView *openComparison() const;

public Q_SLOTS:
    // Store a preset made elsewhere, e.g. the calibration dialog's calibratedClusterReady and
    // calibratedGpuReady: a built-in id becomes a copy, "measured" provenance stays. Updates the
    // window's catalog and says (in a message box) the id it was saved as; returns that id, or
    // an empty string when it could not be saved.
    QString savePreset(const commtax::Preset &preset);

private:
    QList<Scenario> currentComparison() const;
    void addComparisonFileActions();

    MainWindow *m_window;
    std::unique_ptr<PresetLibrary> m_library;
    QPointer<PresetManagerDialog> m_manager;
    QList<QPointer<ComparisonView>> m_comparisons; // oldest first
    QAction *m_presetManager = nullptr;
    QAction *m_compare = nullptr;
    QAction *m_exportReport = nullptr;
};

} // namespace commtax
