// Placeholder replaced below.
#include "trn/isa/Isa.h"
#include <doctest/doctest.h>
TEST_CASE("tables exist") { CHECK(!trn::isa::instrs().empty()); }
