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
const char *toString(AttentionKernel v)
{
    switch (v) {
    case AttentionKernel::Cudnn: return "cudnn";
    case AttentionKernel::Cudnn2024: return "cudnn_2024";
    case AttentionKernel::Flash2: return "flash2";
    }
    return "?";
}
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

namespace {
// A word a file uses for one of the values, parsed by the words toString() writes.
template <class E>
bool parseWord(const std::string &s, std::initializer_list<E> values, E &out)
{
    for (E v : values) {
        if (s == toString(v)) {
            out = v;
            return true;
        }
    }
    return false;
}
} // namespace

bool parseMlp(const std::string &s, Mlp &out) { return parseWord(s, {Mlp::Gelu, Mlp::SwiGlu}, out); }
bool parseRecompute(const std::string &s, Recompute &out)
{
    return parseWord(s, {Recompute::None, Recompute::Selective, Recompute::Full, Recompute::Ops, Recompute::Dots}, out);
}
bool parsePrecision(const std::string &s, Precision &out)
{
    return parseWord(s, {Precision::Bf16, Precision::Fp8}, out);
}
bool parseAttentionKernel(const std::string &s, AttentionKernel &out)
{
    return parseWord(s, {AttentionKernel::Cudnn, AttentionKernel::Cudnn2024, AttentionKernel::Flash2}, out);
}
bool parseOptimizerKernel(const std::string &s, OptimizerKernel &out)
{
    return parseWord(s, {OptimizerKernel::Fused, OptimizerKernel::Foreach}, out);
}
bool parseUnfusedLoss(const std::string &s, UnfusedLoss &out)
{
    return parseWord(s, {UnfusedLoss::Megatron, UnfusedLoss::Pytorch, UnfusedLoss::Compiled}, out);
}
bool parseAttention(const std::string &s, Attention &out)
{
    return parseWord(s, {Attention::Mha, Attention::Mla}, out);
}
bool parseEconomicsMode(const std::string &s, EconomicsMode &out)
{
    return parseWord(s, {EconomicsMode::Buy, EconomicsMode::Rent}, out);
}

} // namespace commtax
