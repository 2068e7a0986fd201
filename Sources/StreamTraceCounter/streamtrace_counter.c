// The target's one source file (SwiftPM builds no C target without one); the
// counter itself is the inline function in include/streamtrace_counter.h.
#include "streamtrace_counter.h"
