/**
 * Observability for the sentry: what was trapped, how long answering took, and what went wrong, at
 * a cost low enough to leave on.
 *
 * <ul>
 *   <li>{@link dev.sluice.sentry.observe.CallStats} counts calls per {@link
 *       dev.sluice.sentry.observe.CallKey} (device, request, name, disposition) with a {@link
 *       dev.sluice.sentry.observe.LatencyHistogram} each; {@code sluice run --stats} prints it at
 *       exit.
 *   <li>{@link dev.sluice.sentry.observe.TraceWriter} writes a Chrome/Perfetto trace of every call
 *       for {@code --trace}.
 *   <li>{@link dev.sluice.sentry.observe.RateLimitedLog} keeps the WARN for a rejected call from
 *       flooding the log.
 *   <li>{@link dev.sluice.sentry.observe.FdCount} counts the sentry's own fds, to catch leaked dups
 *       of guest fds.
 * </ul>
 *
 * <p>Threading: everything here is called from many notification worker threads at once. The
 * recording paths ({@code CallStats.record}, {@code LatencyHistogram.record}) take no lock and,
 * once a key has been seen, allocate nothing. {@code RateLimitedLog} locks only one key's small
 * state and logs outside it. {@code TraceWriter} callers take the read side of its close lock
 * around an enqueue and never touch the file; only its own writer thread does I/O. No class here
 * calls another while holding a lock, so there is no lock ordering to get wrong.
 *
 * <p>Security: the guest controls which ioctl numbers arrive, so nothing here may grow without
 * bound on guest input. {@code RateLimitedLog} and {@code CallStats} cap their distinct keys and
 * fold the rest into overflow entries; {@code TraceWriter}'s queue is bounded and blocks rather
 * than growing. Trace files go to a path the operator chose, never one the guest names; their
 * {@code args} hold whatever callers pass, so callers keep guest memory contents out of them.
 */
package dev.sluice.sentry.observe;
