// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Tools > What to buy...: the goals of a training run (deadline, capital and cost of the run, power
// at the wall with its PUE, the GPUs allowed, buy and/or rent, BF16/FP8, the GPU counts, the
// objective), prefilled from the plan's scenario goals when it has them, and the answer of the
// search over GPU x GPU count x buy/rent x precision x layout (model/search/buy.h), run off the GUI
// thread with a progress bar and Cancel (the latest request wins: an older run is cancelled and its
// answer never shown). The answer: a verdict sentence (search/buytext.h, as the command line and the
// reports word it), the options that meet every limit with their odds and layouts marked
// conventional or not, the closest misses with what each lacks and what would meet it, the selected option's
// breakdown against the plan and its step timeline (charts/timelinechart.h) in two tabs, and "Compare these",
// which hands the chosen options, as plans, to the Compare window (compareRequested()).

#include "core/goals.h"
#include "core/scenario.h"
#include "search/buy.h"

#include <QDialog>
#include <QFutureWatcher>

#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSplitter;
class QTabWidget;
class QTableWidget;
class QTimer;

namespace commtax {

class TimelineChart;

class BuyDialog : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BuyDialog)
public:
    explicit BuyDialog(QWidget *parent = nullptr);
    ~BuyDialog() override;

    // The plan whose model and training job the search keeps, and the presets it may buy (the
    // built-in and the user's); the form takes the scenario's goals, or defaults without them.
    void setScenario(const Scenario &scenario, const PresetCatalog &catalog);
    const Scenario &scenario() const { return m_scenario; }
    // The goals the form states now (false, with the reason, when a field does not parse).
    bool formGoals(Goals &out, QString *error = nullptr) const;

    bool isRunning() const;
    const search::buy::Answer &answer() const { return m_answer; }
    QString verdictText() const;
    // The options of the answer's tables as plans: the selected rows of the options table, or, with
    // none selected, its first three rows.
    QList<Scenario> chosenPlans() const;

public Q_SLOTS:
    void startSearch();
    void cancelSearch();
    void compareChosen();

Q_SIGNALS:
    void searchFinished();
    void compareRequested(const QList<commtax::Scenario> &plans);

protected:
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    struct Run;
    QWidget *buildForm();
    void buildChoices(QWidget *form, QFormLayout *layout);
    QWidget *buildResults();
    void giveTablesRoom();
    QWidget *buildDetails(QWidget *parent);
    void fillForm(const Goals &g);
    bool buildQuestion(const Goals &g, search::buy::Question &q, QString *error);
    void finished(const std::shared_ptr<Run> &run);
    void updateProgress();
    void showAnswer();
    void setBusy(bool busy);
    QString gpuName(int gpu) const;
    QString optionName(const search::buy::Option &o) const;
    QString modeOf(const search::buy::Option &o) const;  // "buy, FP8"
    QString lacksOf(const search::buy::Option &o) const; // "deadline, power"
    QString fixOf(const search::buy::Option &o) const;   // "+4% GPUs (272): 57.3 days"
    void showDetails(QTableWidget *table);               // the selected row of `table` in words
    Scenario planOf(const search::buy::Option &o) const;

    Scenario m_scenario;
    PresetCatalog m_catalog;
    QDoubleSpinBox *m_deadline;
    QDoubleSpinBox *m_capex; // millions of USD
    QDoubleSpinBox *m_tco;   // millions of USD
    QDoubleSpinBox *m_power;
    QDoubleSpinBox *m_pue;
    QListWidget *m_gpus;
    QCheckBox *m_buy;
    QCheckBox *m_rent;
    QDoubleSpinBox *m_rentPrice;
    QCheckBox *m_bf16;
    QCheckBox *m_fp8;
    QLineEdit *m_counts;
    QComboBox *m_objective;
    QLabel *m_listedLabel;
    QPushButton *m_searchButton;
    QPushButton *m_cancelButton;
    QPushButton *m_compareButton;
    QProgressBar *m_progressBar;
    QLabel *m_status;
    QLabel *m_verdict;
    QTableWidget *m_options;
    QLabel *m_missesLabel;
    QTableWidget *m_misses;
    QLabel *m_details; // the selected option: its whole layout, its convention, its breakdown
    QTabWidget *m_detailTabs;
    QSplitter *m_tables;         // the options, the misses, the details
    QSplitter *m_sides;          // the goals' form, the results
    QWidget *m_formPane;         // the form's scroll area
    bool m_paneSizesSet = false; // the panes' first sizes given (showEvent())
    TimelineChart *m_timeline;   // the selected option's step timeline
    QTimer *m_poll;

    QList<GoalOption> m_listed;        // the goals' listed options (kept as the file gives them)
    QMap<QString, double> m_rentByGpu; // the goals' rent quotes per GPU
    QString m_framework = QStringLiteral("any");
    std::shared_ptr<Run> m_run; // the latest request
    search::buy::Question m_question;
    search::buy::Answer m_answer;
    QStringList m_ids;      // GPU preset id of each of m_question.gpus
    QStringList m_clusters; // its cluster preset id
};

} // namespace commtax
