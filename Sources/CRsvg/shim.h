#define RSVG_DISABLE_DEPRECATION_WARNINGS
#include <cairo.h>
#include <librsvg/rsvg.h>
