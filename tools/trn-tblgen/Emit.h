//===- Emit.h - helpers shared by trn-tblgen's emitters ---------*- C++ -*-===//
#ifndef TRN_TBLGEN_EMIT_H
#define TRN_TBLGEN_EMIT_H

#include <string>
#include <string_view>

namespace trn::tblgen {

// A C++ string literal holding S.
std::string quote(std::string_view S);
// "gelu_apprx_tanh" and "access-pattern" become "GeluApprxTanh" and
// "AccessPattern": how a .td spelling becomes a C++ enumerator.
std::string camel(std::string_view S);

} // namespace trn::tblgen

#endif
