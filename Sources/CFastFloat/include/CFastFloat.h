#ifndef MOTIONLAB_CFASTFLOAT_H
#define MOTIONLAB_CFASTFLOAT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Reads the decimal number at the start of [first, last) into *out, correctly rounded (to
/// nearest, ties to even) as strtod does, and returns how many bytes it read; 0 when no number
/// starts there (then *out is unchanged). Reads the longest prefix of the form
/// [-] (digits [. digits] | . digits) [(e|E) [+|-] digits], or [-] inf, infinity, nan, nan(…)
/// in any case; a value too large is ±infinity and one too small ±0 or subnormal. Unlike strtod
/// it skips no leading white space, reads no '+' sign and no hexadecimal ("0x10" reads as "0"),
/// and never reads at or past `last`.
///
/// With fast_float's header (Debian's libfast-float-dev) this is fast_float::from_chars; without
/// it (e.g. macOS without the header) it is strtod on a NUL-terminated copy, trimmed to the same
/// syntax, which depends on the process's LC_NUMERIC locale ("C" unless the program sets it).
size_t ml_parse_double(const char *first, const char *last, double *out);

/// 1 when ml_parse_double is fast_float, 0 when it is the strtod fallback.
int ml_parse_double_is_fast_float(void);

#ifdef __cplusplus
}
#endif

#endif
