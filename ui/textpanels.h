// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Two small painted text widgets for text that changes on every edit. A QLabel whose text
// changes is measured again and asks its layout to run again, up to the main window; these keep
// a fixed size hint and only repaint themselves.

#include <QStaticText>
#include <QStringList>
#include <QVector>
#include <QWidget>

namespace commtax {

// One line of text on a coloured band, e.g. "The plan is invalid ...". Looks: "ok", "nofit",
// "invalid", "plain".
class TextStrip : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TextStrip)
public:
    explicit TextStrip(QWidget *parent = nullptr);
    ~TextStrip() override;

    void setText(const QString &text);
    QString text() const { return m_text; }
    void setLook(const QString &look);
    QString look() const { return m_look; }
    void setAlignment(Qt::Alignment alignment) { m_alignment = alignment; }
    // Wrapped: as many lines as the text needs at the width (the layout runs again only when
    // that number changes); not: one line, elided, the tooltip saying the rest.
    void setWordWrap(bool wrap);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void fitLines();

    QString m_text;
    QString m_look = QStringLiteral("plain");
    Qt::Alignment m_alignment = Qt::AlignLeft;
    bool m_wrap = false;
    int m_lines = 1;
};

// Rows of "name   value", the names in a muted colour, elided to the width.
class FactSheet : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FactSheet)
public:
    explicit FactSheet(const QStringList &names, QWidget *parent = nullptr);
    ~FactSheet() override;

    void setValue(const QString &name, const QString &value);
    QString value(const QString &name) const;
    void setGreyed(bool greyed);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    struct Row {
        QString name;
        QString value;
        QStaticText shown; // elided and laid out for the current width
        bool dirty = true;
    };
    int nameColumnWidth() const;

    QVector<Row> m_rows;
    bool m_greyed = false;
};

} // namespace commtax
