#pragma once

#include "core/scenario.h"

#include <QMainWindow>

class QPlainTextEdit;

namespace commtax {

class MainWindow : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    void setScenario(const Scenario &s);

private:
    Scenario m_scenario;
    QPlainTextEdit *m_summary = nullptr;
};

} // namespace commtax
