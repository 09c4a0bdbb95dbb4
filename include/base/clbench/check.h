/* Error reporting: OpenCL error names, the CB_CHECK macro, and the one way clbench prints a
 * message.  Every OpenCL call goes through CB_CHECK (or cb_cl_fail for the calls that return
 * their error through a pointer), so a failure always names the call, the error and the place.
 */
#ifndef CLBENCH_CHECK_H
#define CLBENCH_CHECK_H

#include <CL/cl.h>

#if defined(__GNUC__)
#define CB_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define CB_PRINTF(f, a)
#endif

/* Exit codes, documented in --help and docs/usage.md. */
enum cb_exit {
    CB_EXIT_OK = 0,     /* every row ran and verified */
    CB_EXIT_FAILED = 1, /* a row failed, or a run-time error (no platform, unwritable output) */
    CB_EXIT_USAGE = 2,  /* bad command line */
};

/* "CL_OUT_OF_RESOURCES" for -5; "unknown OpenCL error" for codes cl.h does not name. */
const char *cb_cl_errname(cl_int err);

/* Prints "clbench: error: <message>" to stderr and returns -1. */
int cb_error(const char *fmt, ...) CB_PRINTF(1, 2);
/* Prints "clbench: warning: <message>" to stderr. */
void cb_warn(const char *fmt, ...) CB_PRINTF(1, 2);
/* While on, cb_warn and cb_error print nothing: a worker process enumerating the devices its
 * supervisor has already enumerated (and warned about; where the worker's differ, the
 * supervisor says so). */
void cb_warnings_quiet(int on);

/* What a user can do about err, in a few words ("choose a smaller --size ..."). */
const char *cb_cl_advice(cl_int err);
/* Prints "clbench: error: clFoo failed: CL_X (-n): <advice> (at host/...:line)" and returns
 * err: what failed and what to do first, the place for whoever reads the code. */
cl_int cb_cl_fail(cl_int err, const char *call, const char *file, int line);

/* Evaluates an OpenCL call that returns cl_int; on failure reports it and returns the error
 * from the enclosing function (which must return cl_int). */
#define CB_CHECK(call)                                                                             \
    do {                                                                                           \
        const cl_int cb_err_ = (call);                                                             \
        if (cb_err_ != CL_SUCCESS)                                                                 \
            return cb_cl_fail(cb_err_, #call, __FILE__, __LINE__);                                 \
    } while (0)

/* For the calls that return an object and their error through the last argument. */
#define CB_CHECK_ERR(err, what)                                                                    \
    do {                                                                                           \
        if ((err) != CL_SUCCESS)                                                                   \
            return cb_cl_fail((err), (what), __FILE__, __LINE__);                                  \
    } while (0)

#endif
