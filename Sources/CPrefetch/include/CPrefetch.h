#ifndef FETCHSIM_CPREFETCH_H
#define FETCHSIM_CPREFETCH_H

/// Asks the CPU to bring the cache line holding `address` towards the core, without waiting for
/// it and without faulting (a prefetch of an invalid address is ignored). The controller issues
/// these for the memory a change event will read, all of them before the dependent work, so the
/// misses overlap instead of following one another.
static inline void fetchsim_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

/// `fetchsim_prefetch` for a line about to be written (an element moved within a tree leaf).
static inline void fetchsim_prefetch_for_writing(const void *address) {
    __builtin_prefetch(address, 1, 3);
}

#endif
