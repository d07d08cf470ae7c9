/**
 * Fault injection for the end-to-end tests, and nothing else: decorators that make the sentry
 * stall, hold calls, or drop its listener, switched on by one environment variable, {@code
 * SLUICE_TEST_FAULTS} ({@link dev.sluice.sentry.faults.TestFaults}).
 *
 * <p>The package ships in {@code bin/sluice} because the e2e suites inject faults into the real
 * binary, but the production classes hold no fault branch: {@code Sentry} hands its dispatcher and
 * proxies to {@link dev.sluice.sentry.faults.SentryFaults} once, at start, and gets them back
 * unchanged unless the variable asks for a fault. The notification loop and the dispatcher never
 * look at a fault.
 *
 * <p>Why an environment variable and not a command-line option: options are the product's interface
 * (and runc's {@code --debug} is a prefix of any {@code --debug-*}); the variable is the test
 * harness's, inherited by the {@code sluice run} that {@code sluice bench soak} starts.
 */
package dev.sluice.sentry.faults;
