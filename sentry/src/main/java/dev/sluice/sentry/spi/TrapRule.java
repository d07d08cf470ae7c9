package dev.sluice.sentry.spi;

/**
 * One seccomp rule: trap {@code ioctl} when {@code (request & mask) == value}, comparing only the
 * low 32 bits of the request (the kernel truncates {@code cmd} to {@code unsigned int}, so a
 * sign-extended request must still match).
 *
 * @param unowned what to do when the trapped request arrives on an fd that no proxy owns. {@link
 *     Disposition#CONTINUE} suits families that other devices share (tty ioctls on the caller's
 *     terminal). {@link Disposition#DENY} closes a race: the kernel re-resolves the fd number when
 *     it continues a call, so a guest could swap a proxied device onto the number after the sentry
 *     looked. Strict families (NVIDIA, uverbs) use DENY.
 */
public record TrapRule(int mask, int value, Disposition unowned, String description) {
    public TrapRule {
        if ((value & ~mask) != 0) {
            throw new IllegalArgumentException(
                    String.format("value 0x%08x has bits outside mask 0x%08x", value, mask));
        }
        if (unowned == Disposition.EMULATE) {
            throw new IllegalArgumentException("an unowned fd cannot be emulated");
        }
    }

    /** A whole ioctl type byte ({@code _IOC_TYPE}), e.g. {@code 'F'} for NVIDIA's frontend. */
    public static TrapRule family(char type, Disposition unowned, String description) {
        return new TrapRule(0xff00, (type & 0xff) << 8, unowned, description);
    }

    /** Exactly one request number. */
    public static TrapRule exact(int request, Disposition unowned, String description) {
        return new TrapRule(0xffffffff, request, unowned, description);
    }

    public boolean matches(int request) {
        return (request & mask) == value;
    }
}
