// The target's one source file (SwiftPM builds no C target without one); the
// classification itself is the inline function in include/streamtrace_bytes.h.
#include "streamtrace_bytes.h"
