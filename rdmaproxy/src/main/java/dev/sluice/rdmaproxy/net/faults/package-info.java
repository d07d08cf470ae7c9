/**
 * Fault injection into netdev moves, for the end-to-end tests only: what {@code netdev=} of
 * {@code SLUICE_TEST_FAULTS} ({@link dev.sluice.sentry.faults.TestFaults}) puts in place of the
 * shipped {@link dev.sluice.rdmaproxy.net.NetdevArrival}. {@code NetdevMover.onHost} asks
 * {@link dev.sluice.rdmaproxy.net.faults.NetdevFaults} once; without the variable it gets the
 * shipped arrival back, and the mover holds no fault branch.
 */
package dev.sluice.rdmaproxy.net.faults;
