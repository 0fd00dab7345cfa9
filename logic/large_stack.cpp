#include "logic/large_stack.h"

#include <exception>
#include <pthread.h>

namespace kprove {

namespace {
struct Job {
  const std::function<void()> *fn;
  std::exception_ptr error;
};
void *entry(void *p) {
  auto *job = static_cast<Job *>(p);
  try {
    (*job->fn)();
  } catch (...) {
    job->error = std::current_exception();
  }
  return nullptr;
}
} // namespace

void runWithLargeStack(const std::function<void()> &fn, size_t bytes) {
  Job job{&fn, nullptr};
  pthread_attr_t attr;
  pthread_t thread;
  bool started = false;
  if (pthread_attr_init(&attr) == 0) {
    started = pthread_attr_setstacksize(&attr, bytes) == 0 &&
              pthread_create(&thread, &attr, entry, &job) == 0;
    pthread_attr_destroy(&attr);
  }
  if (started)
    pthread_join(thread, nullptr);
  else
    entry(&job);
  if (job.error)
    std::rethrow_exception(job.error);
}

} // namespace kprove
