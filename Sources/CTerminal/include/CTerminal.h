#ifndef FETCHSIM_CTERMINAL_H
#define FETCHSIM_CTERMINAL_H

/// What `fetchsim_wait_for_input` saw.
enum {
    FETCHSIM_INPUT_ERROR = -1,
    FETCHSIM_INPUT_SIGNALLED = 0,   ///< Woken by a signal other than SIGINT; wait again.
    FETCHSIM_INPUT_READY = 1,       ///< The descriptor is readable (or at end of file).
    FETCHSIM_INPUT_INTERRUPTED = 2, ///< SIGINT arrived (the interrupt is consumed).
};

/// Installs a SIGINT handler that records the interrupt instead of ending the process.
/// The handler writes to a self-pipe, so it works whichever thread receives the signal.
/// Returns 0 on success, -1 on failure (the disposition is then left alone).
int fetchsim_interrupt_install(void);

/// Restores the SIGINT disposition that was in place before `fetchsim_interrupt_install`.
void fetchsim_interrupt_uninstall(void);

/// Returns 1 if SIGINT arrived since the last call (and forgets it), else 0.
int fetchsim_interrupt_take(void);

/// Waits until `fd` is readable or SIGINT arrives; see the FETCHSIM_INPUT_* values.
int fetchsim_wait_for_input(int fd);

/// The column count of the terminal on `fd`, or 0 when `fd` is not a terminal.
int fetchsim_terminal_columns(int fd);

#endif
