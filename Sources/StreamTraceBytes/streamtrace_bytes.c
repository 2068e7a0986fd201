// The target's one source file, as SwiftPM builds no C target without one: the code is inline in the header.
#include "streamtrace_bytes.h"
