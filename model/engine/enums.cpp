// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's enums as the words files use (engine.h), and back.
#include "engine.h"

#include <initializer_list>

namespace commtax {

const char *toString(Mlp v) { return v == Mlp::Gelu ? "gelu" : "swiglu"; }
const char *toString(Recompute v)
{
    switch (v) {
    case Recompute::None: return "none";
    case Recompute::Selective: return "selective";
    case Recompute::Full: return "full";
    case Recompute::Ops: return "ops";
    case Recompute::Dots: return "dots";
    }
    return "?";
}
const char *toString(Precision v) { return v == Precision::Fp8 ? "fp8" : "bf16"; }
const char *toString(EconomicsMode v) { return v == EconomicsMode::Rent ? "rent" : "buy"; }
const char *toString(Attention v) { return v == Attention::Mla ? "mla" : "mha"; }
const char *toString(AttentionKernel v) { return v == AttentionKernel::Flash2 ? "flash2" : "cudnn"; }
const char *toString(OptimizerKernel v) { return v == OptimizerKernel::Foreach ? "foreach" : "fused"; }
const char *toString(UnfusedLoss v)
{
    switch (v) {
    case UnfusedLoss::Megatron: return "megatron";
    case UnfusedLoss::Pytorch: return "pytorch";
    case UnfusedLoss::Compiled: return "compiled";
    }
    return "?";
}

bool parseMlp(const std::string &s, Mlp &out)
{
    if (s == "gelu") {
        out = Mlp::Gelu;
        return true;
    }
    if (s == "swiglu") {
        out = Mlp::SwiGlu;
        return true;
    }
    return false;
}
bool parseRecompute(const std::string &s, Recompute &out)
{
    if (s == "none") {
        out = Recompute::None;
        return true;
    }
    if (s == "selective") {
        out = Recompute::Selective;
        return true;
    }
    if (s == "full") {
        out = Recompute::Full;
        return true;
    }
    if (s == "ops") {
        out = Recompute::Ops;
        return true;
    }
    if (s == "dots") {
        out = Recompute::Dots;
        return true;
    }
    return false;
}
bool parsePrecision(const std::string &s, Precision &out)
{
    if (s == "bf16") {
        out = Precision::Bf16;
        return true;
    }
    if (s == "fp8") {
        out = Precision::Fp8;
        return true;
    }
    return false;
}
bool parseAttentionKernel(const std::string &s, AttentionKernel &out)
{
    if (s == "cudnn") {
        out = AttentionKernel::Cudnn;
        return true;
    }
    if (s == "flash2") {
        out = AttentionKernel::Flash2;
        return true;
    }
    return false;
}
bool parseOptimizerKernel(const std::string &s, OptimizerKernel &out)
{
    for (OptimizerKernel v : {OptimizerKernel::Fused, OptimizerKernel::Foreach}) {
        if (s == toString(v)) {
            out = v;
            return true;
        }
    }
    return false;
}

bool parseUnfusedLoss(const std::string &s, UnfusedLoss &out)
{
    for (UnfusedLoss v : {UnfusedLoss::Megatron, UnfusedLoss::Pytorch, UnfusedLoss::Compiled}) {
        if (s == toString(v)) {
            out = v;
            return true;
        }
    }
    return false;
}
bool parseAttention(const std::string &s, Attention &out)
{
    if (s == "mha") {
        out = Attention::Mha;
        return true;
    }
    if (s == "mla") {
        out = Attention::Mla;
        return true;
    }
    return false;
}
bool parseEconomicsMode(const std::string &s, EconomicsMode &out)
{
    if (s == "buy") {
        out = EconomicsMode::Buy;
        return true;
    }
    if (s == "rent") {
        out = EconomicsMode::Rent;
        return true;
    }
    return false;
}

} // namespace commtax
