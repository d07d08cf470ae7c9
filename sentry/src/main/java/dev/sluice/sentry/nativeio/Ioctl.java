package dev.sluice.sentry.nativeio;

/**
 * The {@code _IOC} request encoding of include/uapi/asm-generic/ioctl.h: bits 0-7 nr, 8-15 type,
 * 16-29 size, 30-31 direction. Requests are 32-bit: the kernel truncates {@code cmd} to {@code
 * unsigned int}, and so does everything here.
 */
public final class Ioctl {
    public static final int NONE = 0;
    public static final int WRITE = 1;
    public static final int READ = 2;
    public static final int MAX_SIZE = (1 << 14) - 1;

    private Ioctl() {}

    public static int ioc(int dir, int type, int nr, int size) {
        if (size < 0 || size > MAX_SIZE) {
            throw new IllegalArgumentException("ioctl size out of range: " + size);
        }
        return (dir << 30) | (size << 16) | ((type & 0xff) << 8) | (nr & 0xff);
    }

    public static int io(int type, int nr) {
        return ioc(NONE, type, nr, 0);
    }

    public static int ior(int type, int nr, int size) {
        return ioc(READ, type, nr, size);
    }

    public static int iow(int type, int nr, int size) {
        return ioc(WRITE, type, nr, size);
    }

    public static int iowr(int type, int nr, int size) {
        return ioc(READ | WRITE, type, nr, size);
    }

    public static int dir(int cmd) {
        return cmd >>> 30;
    }

    public static int type(int cmd) {
        return (cmd >>> 8) & 0xff;
    }

    public static int nr(int cmd) {
        return cmd & 0xff;
    }

    public static int size(int cmd) {
        return (cmd >>> 16) & MAX_SIZE;
    }

    /**
     * {@code 0x80045430}: {@code 0x} and eight lower-case hex digits, the house format for ioctl
     * numbers and 32-bit ids (without {@code String.format}, whose parse of its pattern costs more
     * than the rest of a name on a hot path).
     */
    public static String hex(int cmd) {
        String h = Integer.toHexString(cmd);
        return "0x" + "00000000".substring(h.length()) + h;
    }

    /**
     * Type and nr without direction and size: the key under which a size mismatch is recognised.
     */
    public static int typeNr(int cmd) {
        return cmd & 0xffff;
    }
}
