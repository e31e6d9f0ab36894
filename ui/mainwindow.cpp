#include "mainwindow.h"

#include "core/resultio.h"
#include "engine/engine.h"

#include <QFontDatabase>
#include <QPlainTextEdit>

namespace commtax {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(QStringLiteral("Commtax"));
    m_summary = new QPlainTextEdit(this);
    m_summary->setObjectName(QStringLiteral("summary"));
    m_summary->setReadOnly(true);
    m_summary->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setCentralWidget(m_summary);
    resize(900, 700);
    setScenario(defaultScenario());
}

MainWindow::~MainWindow() = default;

void MainWindow::setScenario(const Scenario &s)
{
    m_scenario = s;
    const Evaluation e = evaluate(s.plan);
    if (!e.ok()) {
        QString text;
        for (const PlanError &err : e.errors)
            text += QString::fromStdString(err.field) + QStringLiteral(": ") + QString::fromStdString(err.message) + QLatin1Char('\n');
        m_summary->setPlainText(text);
        return;
    }
    m_summary->setPlainText(resultTable(e.result, s.plan, s.name));
}

} // namespace commtax
