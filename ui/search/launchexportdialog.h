// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// File > Export launch config: the arguments or config file a training framework needs
// to run the current plan's layout, the same text as `commtax launch FILE --for FRAMEWORK`
// (model/search/launch.h). The framework is chosen in the dialog; the text is shown as it will be
// written, with what the framework cannot express; Save writes it through QSaveFile. It follows
// the plan while it is open.

#include "search/launch.h"

#include <QDialog>

#include <functional>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace commtax {

class PlanDocument;

class LaunchExportDialog : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LaunchExportDialog)
public:
    explicit LaunchExportDialog(PlanDocument *doc, QWidget *parent = nullptr);
    ~LaunchExportDialog() override;

    launch::Framework framework() const;
    // The text Save writes (empty when the plan cannot be exported).
    QString text() const { return m_text; }
    // The save-file dialog; tests replace it. Gets the suggested path, returns a path or empty.
    using FileDialog = std::function<QString(const QString &suggestion)>;
    void setFileDialog(FileDialog dialog) { m_fileDialog = std::move(dialog); }

public Q_SLOTS:
    // Asks for a file name and writes the text; false when cancelled or the write failed.
    bool save();

Q_SIGNALS:
    void saved(const QString &fileName);

private:
    void refresh();

    PlanDocument *m_doc;
    QComboBox *m_framework;
    QPlainTextEdit *m_preview;
    QLabel *m_notes;
    QPushButton *m_saveButton;
    QPushButton *m_copyButton;
    QString m_text;
    FileDialog m_fileDialog;
};

} // namespace commtax
