package dev.sluice.sentry.guest;

/**
 * What one sandbox's guest may do itself, and therefore all that the sentry's workers may do for
 * it: the user and group it runs as, as the host sees them (a container's user namespace maps
 * them), and the capabilities it holds in the host's user namespace after its {@code execve}. A
 * sentry serves each listener with the credentials of the process that handed it over ({@link
 * WorkerCredentials}).
 *
 * @param uid the host uid, unsigned 32-bit
 * @param gid the host gid, unsigned 32-bit
 * @param capabilities the effective set, bit N for capability N (include/uapi/linux/capability.h)
 */
public record GuestCredentials(long uid, long gid, long capabilities) {
    /** {@code (uid_t) -1} is no id (include/linux/uidgid.h, INVALID_UID). */
    private static final long NO_ID = 0xffffffffL;

    public GuestCredentials {
        if (uid < 0 || uid >= NO_ID) {
            throw new IllegalArgumentException("uid out of range: " + uid);
        }
        if (gid < 0 || gid >= NO_ID) {
            throw new IllegalArgumentException("gid out of range: " + gid);
        }
    }

    /** Root, with {@code capabilities}: a {@code sluice run} sandbox. */
    public static GuestCredentials root(long capabilities) {
        return new GuestCredentials(0, 0, capabilities);
    }

    /**
     * {@code uid=U gid=G caps=0xC}: how logs show it (the OCI sentry's control socket carries the
     * numbers, SentryRequest).
     */
    public String encode() {
        return "uid=" + uid + " gid=" + gid + " caps=0x" + Long.toHexString(capabilities);
    }

    @Override
    public String toString() {
        return encode();
    }
}
