// Runs a function on a thread with a large, lazily committed stack. Deeply nested
// input (10,000 parentheses, 10,000 sequential updates) makes recursive stages
// (parser, term translation, destructors of term DAGs) deep; in unoptimised and
// sanitizer builds the default 8 MB stack is not enough.
#pragma once

#include <cstddef>
#include <functional>

namespace kprove {

constexpr size_t kLargeStackBytes = size_t{512} << 20;

// Blocks until `fn` returns. Falls back to the calling thread if no thread can be
// created. Exceptions from `fn` are rethrown in the caller.
void runWithLargeStack(const std::function<void()> &fn, size_t bytes = kLargeStackBytes);

} // namespace kprove
