// SPDX-License-Identifier: GPL-3.0-or-later
// Goodput, time and money (docs/model.md §9, §18).
#include "phases.h"

#include <algorithm>
#include <cmath>

namespace commtax {

double rentUsdPerGpuHour(const Plan &plan)
{
    return plan.economics.usd_per_gpu_hour > 0 ? plan.economics.usd_per_gpu_hour : plan.gpu.rent_usd_per_hour;
}

// (1 - (1 + r)^-n) / r, written with log1p and expm1 so that a tiny rate keeps its digits: 1 + 1e-17
// rounds to 1, and the textbook form then divides 0 by the rate (issue 22); this one tends to n.
double annuityFactor(double rate, double years)
{
    if (!(rate > 0))
        return years;
    return -std::expm1(-years * std::log1p(rate)) / rate;
}

double capitalUsdPerYear(const EconomicsSpec &e, double capexUsd)
{
    const double discount = e.cost_of_capital > 0 ? std::exp(-e.years * std::log1p(e.cost_of_capital)) : 1.0;
    const double residualToday = capexUsd * e.residual_fraction * discount;
    return (capexUsd - residualToday) / annuityFactor(e.cost_of_capital, e.years);
}

namespace engine_detail {

// Goodput (docs/model.md §18): a number, or "auto" from the interruption rate. With N GPUs each
// interrupted at rate lambda, the job's mean time between interruptions is M = 1/(N lambda). A
// checkpoint costs delta; Young (1974) and Daly (2006, first order) put the interval at
// tau = sqrt(2 delta M) - delta. Per interruption the run loses the restart R and on average half an
// interval of work. Lost shares: checkpoints delta/(tau+delta), work (tau+delta)/(2M), restarts R/M.
void goodputPhase(const Plan &plan, const Shape &k, Result &r)
{
    const TrainingSpec &tr = plan.training;
    if (tr.goodput) {
        r.goodput_effective = *tr.goodput;
        return;
    }
    const double lambda = plan.cluster.interruptions_per_gpu_day / 86400.0; // per GPU per second
    if (!(lambda > 0)) {
        r.goodput_effective = 1.0;
        return;
    }
    const double mtbi = 1.0 / (k.G * lambda), delta = tr.checkpoint_write_s;
    const double tau = delta > 0 ? std::max(std::sqrt(2.0 * delta * mtbi) - delta, delta) : 0.0;
    r.checkpoint_interval_s = tau;
    r.goodput_checkpoint_overhead = delta > 0 ? delta / (tau + delta) : 0.0;
    r.goodput_lost_work = (tau + delta) / (2.0 * mtbi);
    r.goodput_restarts = tr.restart_s / mtbi;
    const double lost = r.goodput_checkpoint_overhead + r.goodput_lost_work + r.goodput_restarts;
    r.goodput_effective = std::clamp(1.0 - lost, kGoodputFloor, 1.0);
}

// Time and money (docs/model.md §9).
void economicsPhase(const Plan &plan, const Shape &k, Result &r)
{
    const EconomicsSpec &ec = plan.economics;
    const ClusterSpec &cl = plan.cluster;
    const double effectiveTokensPerS = r.tokens_per_s * r.goodput_effective;
    const double hours = plan.training.tokens_to_train / effectiveTokensPerS / 3600.0;
    r.days_to_train = hours / 24.0;
    r.gpu_hours = k.G * hours;
    r.power_kw = k.G * plan.gpu.watts * (1.0 + ec.node_overhead) * ec.pue / 1000.0;
    r.energy_mwh = r.power_kw * hours / 1000.0;
    if (ec.mode == EconomicsMode::Buy) {
        r.capex_usd = k.G * plan.gpu.price_usd + cl.nodes * cl.node_price_usd + k.G * cl.network_cost_per_gpu_usd;
        // Capital and upkeep accrue every hour of the horizon, useful or idle: an hour of use
        // carries 1/utilisation hours of them; energy is paid only while the cluster runs.
        const double fixedPerYear = capitalUsdPerYear(ec, r.capex_usd) + r.capex_usd * ec.upkeep_pct / 100.0;
        r.cost_per_hour_usd = fixedPerYear / (8760.0 * ec.utilisation) + r.power_kw * ec.usd_per_kwh;
    } else {
        r.capex_usd = 0;
        r.cost_per_hour_usd = k.G * rentUsdPerGpuHour(plan);
    }
    r.tco_usd = r.cost_per_hour_usd * hours;
    r.lifetime_tco_usd = r.cost_per_hour_usd * ec.utilisation * ec.years * 8760.0; // the hours of use over the horizon
    r.cost_per_billion_tokens_usd = r.cost_per_hour_usd / (effectiveTokensPerS * 3600.0 / 1e9);
}

} // namespace engine_detail

} // namespace commtax
