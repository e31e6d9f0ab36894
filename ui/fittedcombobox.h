// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A combo box for long item texts (preset and plan names, which a translation makes longer): the
// closed box shows as much of the current item as fits, elided ("NVIDIA H100 SXM5 80GB (edi…"),
// with the whole text as its tooltip; the open list is as wide as its longest item, bounded by the
// screen, so that no item is clipped.
#include <QComboBox>

namespace commtax {

class FittedComboBox : public QComboBox
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FittedComboBox)
public:
    explicit FittedComboBox(QWidget *parent = nullptr);
    ~FittedComboBox() override = default;

    // The width the open list takes: its longest item's, at least the box's, at most the screen's.
    int popupWidth() const;
    // Whether the closed box shows its current item elided.
    bool currentTextElided() const;
    void showPopup() override;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    QRect textRect() const;
};

} // namespace commtax
