// Code built for size rather than speed: what runs once per run or per action of the user
// (reading and checking a scenario, building the network, the parameter tables and bl_describe,
// a live change, the manifest and the summary), never per packet or per event. Whole files of it
// are listed in CMakeLists.txt (BL_COLD_SOURCES, -Os in the WASM build); these mark it inside a
// file that also holds hot code, or in a file of one algorithm. At -O3 that code was most of the
// WASM core's bytes, which a phone downloads before its first chart moves (docs/bench.md, "A
// core built for size where speed does not count"). clang (em++, the fuzzers) has minsize; GCC
// builds it as it builds the rest.
//
//   BL_SPEC_TABLE          on one function that builds a parameter table once
//   BL_COLD_BEGIN ... END  around whole definitions in a .cpp file (not in a header)
#pragma once

#if defined(__clang__)
#define BL_SPEC_TABLE __attribute__((minsize))
#define BL_COLD_BEGIN _Pragma("clang attribute push(__attribute__((minsize)), apply_to = function)")
#define BL_COLD_END _Pragma("clang attribute pop")
#else
#define BL_SPEC_TABLE
#define BL_COLD_BEGIN
#define BL_COLD_END
#endif
