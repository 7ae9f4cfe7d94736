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

/// Reads consecutive rows of plain numbers from `base[*position ..< end]` (`end` just past a line
/// break), as many as fit in `capacity`, and stops at the first row it does not accept, leaving
/// `*position` at that row's start. A row is accepted only in its simplest form: `fields`
/// comma-separated fields ending in "\n" or "\r\n", where field 0 and field `valueField` are
/// numbers read by ml_parse_double that start with '-', '.' or a digit, are finite and are
/// followed directly by their comma or the line break, the other fields hold no '"', no
/// non-ASCII byte and no CR but the line's, and field 0 is greater than `*lastRaw`. For each row
/// it stores field 0 × `timeScale` in `times` and field `valueField` in `values`, and sets
/// `*lastRaw` to field 0. Returns the number of rows read. Any row it declines (blank, comment,
/// blanks around a number, a '+' sign, too few or too many fields, a time out of order…) is for
/// the caller's own path.
size_t ml_parse_rows(const char *base, size_t *position, size_t end, size_t fields, size_t valueField,
                     double *lastRaw, double timeScale, double *times, double *values, size_t capacity);

/// 1 when ml_parse_double is fast_float, 0 when it is the strtod fallback.
int ml_parse_double_is_fast_float(void);

#ifdef __cplusplus
}
#endif

#endif
