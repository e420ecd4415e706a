// GNU readline and its history library. <stdio.h> first: readline.h uses FILE without including it.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>
