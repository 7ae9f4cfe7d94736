#include "csv_reference.h"

#include <stdlib.h>
#include <string.h>

#include "CFastFloat.h"

long ml_csv_read_strtod(const char *bytes, long length, double *times, double *values) {
    const char *end = bytes + length;
    const char *p = memchr(bytes, '\n', (size_t)length);
    if (!p || end[-1] != '\n') return -1;
    p += 1;
    long rows = 0;
    while (p < end) {
        char *stop;
        times[rows] = strtod(p, &stop);
        if (stop == p || *stop != ',') return -1;
        p = stop + 1;
        values[rows] = strtod(p, &stop);
        if (stop == p || *stop != '\n') return -1;
        p = stop + 1;
        rows += 1;
    }
    return rows;
}

long ml_csv_read_fast_float(const char *bytes, long length, double *times, double *values) {
    const char *end = bytes + length;
    const char *p = memchr(bytes, '\n', (size_t)length);
    if (!p || end[-1] != '\n') return -1;
    p += 1;
    long rows = 0;
    while (p < end) {
        size_t n = ml_parse_double(p, end, &times[rows]);
        if (n == 0 || p[n] != ',') return -1;
        p += n + 1;
        n = ml_parse_double(p, end, &values[rows]);
        if (n == 0 || p[n] != '\n') return -1;
        p += n + 1;
        rows += 1;
    }
    return rows;
}
