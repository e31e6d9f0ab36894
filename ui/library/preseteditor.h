// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A form for one preset, built from the field table (model/core/fields.h): each field with its
// label and unit, an editor in the field's range, and where its value comes from (datasheet,
// measured, assumption, user) with the source as a tooltip.

#include "core/presets.h"

#include <QWidget>

#include <map>

class QFormLayout;
class QLabel;
class QLineEdit;

namespace commtax {

class PresetEditor : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PresetEditor)
public:
    explicit PresetEditor(Section section, QWidget *parent = nullptr);

    // Show a preset. `isNew`: its id may still be chosen (an existing preset keeps its id, since
    // plans refer to it).
    void setPreset(const Preset &p, bool isNew = false);
    // The preset as edited: values from the form, provenance and extras of the preset shown.
    Preset preset() const;
    bool isModified() const;
    bool isNew() const { return m_isNew; }
    QWidget *fieldEditor(const QString &key) const;
    QLineEdit *idEdit() const { return m_id; }
    QLineEdit *nameEdit() const { return m_name; }

Q_SIGNALS:
    void modified();

private:
    void addIdentityRows(QFormLayout *form);
    QWidget *makeFieldEditor(const FieldInfo &field);
    void addFieldRow(QFormLayout *form, const FieldInfo &f);

    QJsonValue valueOf(const FieldInfo &f) const;
    void setValue(const FieldInfo &f, const QJsonValue &v);
    void updateProvenance(const FieldInfo &f);

    Section m_section;
    Preset m_original;
    bool m_isNew = false;
    bool m_loading = false;
    QLineEdit *m_id = nullptr;
    QLineEdit *m_name = nullptr;
    QLineEdit *m_description = nullptr;
    QLabel *m_origin = nullptr;
    std::map<QString, QWidget *> m_editors;
    std::map<QString, QLabel *> m_provenance;
};

} // namespace commtax
