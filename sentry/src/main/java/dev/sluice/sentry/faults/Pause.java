package dev.sluice.sentry.faults;

import java.util.concurrent.locks.LockSupport;

/**
 * Waiting out an injected delay: not cut short by interrupts, so a fault lasts as long as asked.
 */
final class Pause {
    private Pause() {}

    static void until(long deadlineNanos) {
        for (long left; (left = deadlineNanos - System.nanoTime()) > 0; ) {
            LockSupport.parkNanos(left);
        }
    }
}
