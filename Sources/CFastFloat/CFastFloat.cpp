#include "CFastFloat.h"

// ML_PARSE_DOUBLE_STRTOD builds the fallback even where the header is (to test it).
#if __has_include(<fast_float/fast_float.h>) && !defined(ML_PARSE_DOUBLE_STRTOD)
#include <fast_float/fast_float.h>

size_t ml_parse_double(const char *first, const char *last, double *out) {
    double value;
    auto result = fast_float::from_chars(first, last, value, fast_float::chars_format::general);
    if (result.ec != std::errc()) return 0;
    *out = value;
    return size_t(result.ptr - first);
}

int ml_parse_double_is_fast_float(void) { return 1; }

#else
// Fallback without the header: strtod on a NUL-terminated copy (strtod may read past `last`).
#include <cstdlib>
#include <cstring>
#include <memory>

size_t ml_parse_double(const char *first, const char *last, double *out) {
    size_t length = size_t(last - first);
    // fast_float's syntax: no leading white space and no '+' (strtod reads both).
    if (length == 0 || *first == '+' || (*first >= '\t' && *first <= '\r') || *first == ' ') return 0;
    char stack[64];
    std::unique_ptr<char[]> heap(length < sizeof stack ? nullptr : new char[length + 1]);
    char *copy = heap ? heap.get() : stack;
    std::memcpy(copy, first, length);
    copy[length] = 0;
    char *end = nullptr;
    double value = std::strtod(copy, &end);
    size_t read = size_t(end - copy);
    if (read == 0) return 0;
    // Hexadecimal ("0x1p3", "-0X10"): fast_float reads only its leading "0" or "-0".
    size_t zero = copy[0] == '-' ? 1 : 0;
    if (read > zero + 1 && (copy[zero + 1] == 'x' || copy[zero + 1] == 'X')) {
        *out = zero ? -0.0 : 0.0;
        return zero + 1;
    }
    *out = value;
    return read;
}

int ml_parse_double_is_fast_float(void) { return 0; }
#endif

#include <cmath>

size_t ml_parse_rows(const char *base, size_t *position, size_t end, size_t fields, size_t valueField,
                     double *lastRaw, double timeScale, double *times, double *values, size_t capacity) {
    size_t p = *position, rows = 0;
    double last = *lastRaw;
    while (rows < capacity && p < end) {
        size_t q = p;
        double raw = 0, y = 0;
        bool accepted = true;
        for (size_t field = 0; field < fields && accepted; field++) {
            const char terminator = field + 1 == fields ? '\n' : ',';
            if (field == 0 || field == valueField) {
                const char c = base[q];
                double value;
                // At most 128 bytes: a longer number is declined (the byte after the window is not a
                // terminator), and the strtod fallback copies only the window.
                const size_t window = end - q < 128 ? end - q : 128;
                size_t length = (c == '-' || c == '.' || (c >= '0' && c <= '9')) ? ml_parse_double(base + q, base + q + window, &value) : 0;
                size_t after = q + length;
                if (length == 0 || !std::isfinite(value) || after >= end) { accepted = false; break; }
                // CRLF: a CR directly before the line feed that ends the row.
                if (base[after] == '\r' && field + 1 == fields && after + 1 < end && base[after + 1] == '\n') after++;
                if (base[after] != terminator) { accepted = false; break; }
                q = after;
                (field == 0 ? raw : y) = value;
            } else {
                while (q < end && base[q] != ',' && base[q] != '\n') {
                    const unsigned char c = static_cast<unsigned char>(base[q]);
                    const bool lineEnd = c == '\r' && field + 1 == fields && q + 1 < end && base[q + 1] == '\n';
                    if (c == '"' || (c == '\r' && !lineEnd) || c >= 0x80) { accepted = false; break; }
                    q++;
                }
                if (!accepted || q >= end || base[q] != terminator) { accepted = false; break; }
            }
            q++;  // past the comma or the line break
        }
        if (!accepted || !(raw > last)) break;
        times[rows] = raw * timeScale;
        values[rows] = y;
        last = raw;
        rows++;
        p = q;
    }
    *position = p;
    *lastRaw = last;
    return rows;
}
