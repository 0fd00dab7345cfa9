# cmake -DINPUT=FILE -DOUTPUT=FILE.cpp -DSYMBOL=NAME -P embed_text.cmake
# Writes a C++ file defining `std::string_view kprove::embedded::NAME()`: the
# bytes of FILE, compiled in (a byte array, so no text in FILE can end a literal).
file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" digits)
math(EXPR size "${digits} / 2")
set(lines "")
set(at 0)
while(at LESS digits)
  string(SUBSTRING "${hex}" ${at} 32 chunk) # 16 bytes a line
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," chunk "${chunk}")
  string(APPEND lines "  ${chunk}\n")
  math(EXPR at "${at} + 32")
endwhile()
file(WRITE "${OUTPUT}.tmp"
"// Generated from ${INPUT} by cmake/embed_text.cmake: do not edit.
#include <string_view>

namespace kprove::embedded {
namespace {
const unsigned char kBytes[] = {
${lines}  0x00};
} // namespace
std::string_view ${SYMBOL}() { return {reinterpret_cast<const char *>(kBytes), ${size}}; }
} // namespace kprove::embedded
")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
