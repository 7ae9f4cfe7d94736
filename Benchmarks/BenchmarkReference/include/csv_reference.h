#ifndef MOTIONLAB_CSV_REFERENCE_H
#define MOTIONLAB_CSV_REFERENCE_H

/// The loop every CSV reader starts from, for an in-run reference: over a buffer holding a header
/// line and then rows "time,value\n", each number read in place by strtod. Writes the numbers to
/// `times` and `values` (room for every row) and returns the rows read, or -1 at the first row
/// that is not two numbers separated by a comma and ended by a newline (the buffer's last byte).
long ml_csv_read_strtod(const char *bytes, long length, double *times, double *values);

/// The same loop with ml_parse_double (CFastFloat: fast_float) in place of strtod.
long ml_csv_read_fast_float(const char *bytes, long length, double *times, double *values);

#endif
