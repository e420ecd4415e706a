#define _GNU_SOURCE
#include "CTerminal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

// The self-pipe: the handler writes one byte per SIGINT; readers drain it.
static int interrupt_pipe[2] = {-1, -1};
static struct sigaction previous_action;
static int is_installed = 0;

static void on_interrupt(int signal_number) {
    (void)signal_number;
    int saved_errno = errno;
    if (interrupt_pipe[1] >= 0) {
        ssize_t ignored = write(interrupt_pipe[1], "i", 1);
        (void)ignored;
    }
    errno = saved_errno;
}

int fetchsim_interrupt_install(void) {
    if (is_installed) return 0;
    if (interrupt_pipe[0] < 0 && pipe2(interrupt_pipe, O_NONBLOCK | O_CLOEXEC) != 0) {
        interrupt_pipe[0] = interrupt_pipe[1] = -1;
        return -1;
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART; // poll() is never restarted; other threads' I/O should be.
    if (sigaction(SIGINT, &action, &previous_action) != 0) return -1;
    is_installed = 1;
    return 0;
}

void fetchsim_interrupt_uninstall(void) {
    if (!is_installed) return;
    sigaction(SIGINT, &previous_action, NULL);
    is_installed = 0;
}

int fetchsim_interrupt_take(void) {
    if (interrupt_pipe[0] < 0) return 0;
    char bytes[64];
    int seen = 0;
    for (;;) {
        ssize_t n = read(interrupt_pipe[0], bytes, sizeof bytes);
        if (n > 0) { seen = 1; continue; }
        if (n < 0 && errno == EINTR) continue;
        break;
    }
    return seen;
}

int fetchsim_wait_for_input(int fd) {
    struct pollfd fds[2];
    fds[0].fd = fd;
    fds[0].events = POLLIN;
    fds[0].revents = 0;
    fds[1].fd = interrupt_pipe[0];
    fds[1].events = POLLIN;
    fds[1].revents = 0;
    nfds_t count = interrupt_pipe[0] >= 0 ? 2 : 1;
    int result = poll(fds, count, -1);
    if (result < 0) return errno == EINTR ? FETCHSIM_INPUT_SIGNALLED : FETCHSIM_INPUT_ERROR;
    if (count == 2 && (fds[1].revents & POLLIN) && fetchsim_interrupt_take()) return FETCHSIM_INPUT_INTERRUPTED;
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) return FETCHSIM_INPUT_READY;
    if (fds[0].revents & POLLNVAL) return FETCHSIM_INPUT_ERROR;
    return FETCHSIM_INPUT_SIGNALLED;
}

int fetchsim_terminal_columns(int fd) {
    struct winsize size;
    memset(&size, 0, sizeof size);
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
    return size.ws_col;
}
