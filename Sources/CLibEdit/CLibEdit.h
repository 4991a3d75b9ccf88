// Umbrella header for libedit's native line-editing and history API.
// Only histedit.h is used: the readline compatibility layer is deliberately left out.
#include <histedit.h>
