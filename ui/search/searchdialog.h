// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Tools > Find best layout (Ctrl+B): the layout search (model/search) of the current
// plan's model, GPU and cluster, run off the GUI thread with a progress bar, a count and Cancel;
// the Pareto front of days against USD per billion tokens (QCustomPlot, coloured by memory
// headroom, the current plan marked), a sortable table of the top plans and the front, and "Use
// this layout", which puts the chosen layout into the plan as one undoable edit.

#include "search/search.h"

#include <QDialog>
#include <QElapsedTimer>
#include <QFutureWatcher>

#include <atomic>
#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGridLayout;
class QHBoxLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QSpinBox;
class QStandardItemModel;
class QTableView;
class QTimer;
class QCustomPlot;

namespace commtax {

class PlanDocument;

class SearchDialog : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SearchDialog)
public:
    explicit SearchDialog(PlanDocument *doc, QWidget *parent = nullptr);
    ~SearchDialog() override;

    bool isRunning() const;
    // Whether the search's threads run at the lowest CPU priority (the default; benchmarks turn it
    // off to measure what it buys, tests/tools/edit-latency-with-search.sh).
    void setLowPriority(bool on) { m_lowPriority = on; }
    // The last search's answer (empty before the first one ends).
    const search::SearchResult &result() const { return m_result; }

public Q_SLOTS:
    void startSearch();
    void cancelSearch();
    // Put the plan of the table's current row into the document (one undo step); false if none.
    bool useSelectedLayout();

public:
    // A layout as the undo history names it: "tp=1 pp=4 cp=4 vpp=16 dp=16" (every degree that
    // is not 1, and always tp, pp and dp).
    static QString layoutText(const search::Layout &l);

Q_SIGNALS:
    void searchFinished();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    // The constructor's parts, in the order it calls them.
    void createSpaceFields();
    void createLimitFields();
    QGridLayout *buildForm();
    QHBoxLayout *buildSearchRow();
    void buildPlot();
    void buildTable();
    QHBoxLayout *buildBottomRow();
    void connectSignals();

    void finished();
    void updateProgress();
    void showResult(); // the summary, the table and the plot of m_result
    QString resultSummary() const;
    void fillTable();
    void plotResult();
    void updateButtons();

    PlanDocument *m_doc;
    bool m_lowPriority = true;
    QComboBox *m_objective;
    QCheckBox *m_range;
    QSpinBox *m_gpusMin;
    QSpinBox *m_gpusMax;
    QCheckBox *m_tokensRange;
    QDoubleSpinBox *m_tokensMin; // millions of tokens per step
    QDoubleSpinBox *m_tokensMax;
    QSpinBox *m_maxGpus;
    QDoubleSpinBox *m_budget;
    QDoubleSpinBox *m_deadline;
    QSpinBox *m_top;
    QPushButton *m_searchButton;
    QPushButton *m_cancelButton;
    QPushButton *m_useButton;
    QProgressBar *m_progressBar;
    QLabel *m_count;
    QLabel *m_summary;
    QCustomPlot *m_plot;
    QTableView *m_table;
    QStandardItemModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTimer *m_poll;

    search::Space m_space; // of the running or last search
    search::Objective m_objectiveValue = search::Objective::Time;
    search::SearchResult m_result;
    std::vector<search::Found> m_rows; // the table's plans, by the row's stored index
    // The layouts the running search walks; kCounting while the job counts them, on its own thread
    // (a space of --gpus 1-720000 counts for seconds: the window stays responsive and the count is
    // cut after search::kMaxCountSeconds, as on the command line).
    static constexpr std::int64_t kCounting = -1;
    std::atomic<std::int64_t> m_total{0};
    std::atomic<bool> m_stopCount{false}; // set by Cancel, or by the poll when the count runs too long
    enum class Refusal { None,
                         TooManyLayouts,
                         CountTooLong };
    std::atomic<Refusal> m_refusal{Refusal::None};
    QElapsedTimer m_started;
    std::atomic<bool> m_cancel{false};
    std::atomic<std::int64_t> m_progress{0};
    QFutureWatcher<search::SearchResult> *m_watcher;
};

} // namespace commtax
