// The wide-character ncurses (Debian's libncurses-dev), for the full-screen spreadsheet.
// The two defines select the wide API (wget_wch, cchar_t) before the header is read.
#ifndef FETCHSIM_CNCURSES_SHIM_H
#define FETCHSIM_CNCURSES_SHIM_H
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// Function-like macros Swift cannot import, as functions.
static inline int fetchsim_color_pair(short pair) { return (int)COLOR_PAIR(pair); }
static inline int fetchsim_attr_reverse(void) { return (int)A_REVERSE; }
static inline int fetchsim_attr_bold(void) { return (int)A_BOLD; }
static inline int fetchsim_attr_dim(void) { return (int)A_DIM; }
static inline int fetchsim_attr_underline(void) { return (int)A_UNDERLINE; }
static inline unsigned long fetchsim_all_mouse_events(void) { return (unsigned long)(ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION); }
static inline unsigned long fetchsim_button1_pressed(void) { return (unsigned long)BUTTON1_PRESSED; }
static inline unsigned long fetchsim_button1_released(void) { return (unsigned long)BUTTON1_RELEASED; }
static inline unsigned long fetchsim_button1_clicked(void) { return (unsigned long)BUTTON1_CLICKED; }
static inline unsigned long fetchsim_report_position(void) { return (unsigned long)REPORT_MOUSE_POSITION; }
#endif
