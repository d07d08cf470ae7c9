package dev.sluice.sentry.spi;

/**
 * What the sentry does with one trapped ioctl. Every (device, request) pair a proxy knows has
 * exactly one disposition in its table; everything else is {@link #DENY}. See
 * docs/security-model.md for what each one guarantees and leaves open.
 */
public enum Disposition {
    /**
     * The sentry executes the call itself, on its own dup of the guest's fd and its own copy of the
     * params.
     */
    EMULATE,
    /**
     * The kernel executes the call in the guest's own context ({@code
     * SECCOMP_USER_NOTIF_FLAG_CONTINUE}).
     */
    CONTINUE,
    /**
     * Nobody executes it: the guest gets an errno, a counter moves and a rate-limited warning is
     * logged.
     */
    DENY
}
