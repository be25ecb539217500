#ifndef SQUEEZE_CDEFLATE_SHIM_H
#define SQUEEZE_CDEFLATE_SHIM_H

#include <libdeflate.h>

#endif
