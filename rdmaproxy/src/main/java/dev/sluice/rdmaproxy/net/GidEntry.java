package dev.sluice.rdmaproxy.net;

import java.util.Arrays;

/**
 * One valid entry of a port's GID table, as sysfs shows it (drivers/infiniband/core/sysfs.c):
 * {@code ports/N/gids/I} (the GID, printed with {@code %pI6}: eight groups of four hex digits),
 * {@code ports/N/gid_attrs/types/I} ({@code IB/RoCE v1} or {@code RoCE v2}, from
 * drivers/infiniband/core/cache.c) and {@code ports/N/gid_attrs/ndevs/I} (the netdev the entry was
 * made for; RoCE only).
 *
 * @param index the entry's index in the table, the GID index verbs users pass
 * @param gid the GID in the usual IPv6 text form ({@code ::ffff:192.168.77.1}, {@code fe80::1})
 * @param type the GID type, empty when sysfs does not say (InfiniBand ports of older kernels)
 * @param netdev the netdev name, empty when the entry has none (InfiniBand)
 */
public record GidEntry(int index, String gid, String type, String netdev) {

    /** The GID's 16 bytes. */
    public byte[] raw() {
        return GidEntry.parse(gid);
    }

    /**
     * Whether this entry is the GID the kernel makes for {@code address} (16 bytes, see {@link
     * GidTable#gidOf}).
     */
    public boolean matches(byte[] address) {
        return Arrays.equals(raw(), address);
    }

    /**
     * The 16 bytes of an IPv6 text form: the kernel's {@code %pI6} (eight full groups) or any
     * compressed form, including an embedded IPv4 tail ({@code ::ffff:10.0.0.1}).
     *
     * @throws IllegalArgumentException when {@code text} is not an IPv6 address
     */
    public static byte[] parse(String text) {
        String s = text.trim();
        int pct = s.indexOf('%');
        if (pct >= 0) {
            s = s.substring(0, pct);
        }
        byte[] tail = new byte[0];
        int lastColon = s.lastIndexOf(':');
        if (s.indexOf('.') > lastColon && lastColon >= 0) {
            tail = ipv4(s.substring(lastColon + 1), text);
            s = s.substring(0, lastColon + 1) + "0:0"; // stand-in groups, overwritten below
        }
        String[] halves = s.split("::", -1);
        if (halves.length > 2) {
            throw new IllegalArgumentException("not an IPv6 address: " + text);
        }
        int[] head = groups(halves[0], text);
        int[] rest = halves.length == 2 ? groups(halves[1], text) : new int[0];
        if (halves.length == 1 && head.length != 8
                || halves.length == 2 && head.length + rest.length > 7) {
            throw new IllegalArgumentException("not an IPv6 address: " + text);
        }
        byte[] out = new byte[16];
        for (int i = 0; i < head.length; i++) {
            out[2 * i] = (byte) (head[i] >> 8);
            out[2 * i + 1] = (byte) head[i];
        }
        for (int i = 0; i < rest.length; i++) {
            int g = 8 - rest.length + i;
            out[2 * g] = (byte) (rest[i] >> 8);
            out[2 * g + 1] = (byte) rest[i];
        }
        if (tail.length == 4) {
            System.arraycopy(tail, 0, out, 12, 4);
        }
        return out;
    }

    /**
     * The text form of 16 address bytes: an IPv4-mapped address as {@code ::ffff:a.b.c.d}, others
     * with the longest run of zero groups compressed (RFC 5952).
     */
    public static String format(byte[] a) {
        if (a.length != 16) {
            throw new IllegalArgumentException("a GID has 16 bytes, not " + a.length);
        }
        boolean mapped = a[10] == (byte) 0xff && a[11] == (byte) 0xff;
        for (int i = 0; i < 10 && mapped; i++) {
            mapped = a[i] == 0;
        }
        if (mapped) {
            return "::ffff:"
                    + (a[12] & 0xff)
                    + "."
                    + (a[13] & 0xff)
                    + "."
                    + (a[14] & 0xff)
                    + "."
                    + (a[15] & 0xff);
        }
        int[] g = new int[8];
        for (int i = 0; i < 8; i++) {
            g[i] = (a[2 * i] & 0xff) << 8 | (a[2 * i + 1] & 0xff);
        }
        int bestStart = -1;
        int bestLen = 0;
        for (int i = 0; i < 8; ) {
            if (g[i] != 0) {
                i++;
                continue;
            }
            int j = i;
            while (j < 8 && g[j] == 0) {
                j++;
            }
            if (j - i > bestLen && j - i >= 2) {
                bestStart = i;
                bestLen = j - i;
            }
            i = j;
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                sb.append("::");
                i += bestLen - 1;
                continue;
            }
            if (sb.length() > 0 && sb.charAt(sb.length() - 1) != ':') {
                sb.append(':');
            }
            sb.append(Integer.toHexString(g[i]));
        }
        return sb.toString();
    }

    private static int[] groups(String part, String text) {
        if (part.isEmpty()) {
            return new int[0];
        }
        String[] f = part.split(":", -1);
        int[] out = new int[f.length];
        for (int i = 0; i < f.length; i++) {
            if (!f[i].matches("[0-9a-fA-F]{1,4}")) {
                throw new IllegalArgumentException("not an IPv6 address: " + text);
            }
            out[i] = Integer.parseInt(f[i], 16);
        }
        return out;
    }

    private static byte[] ipv4(String s, String text) {
        String[] f = s.split("\\.", -1);
        if (f.length != 4) {
            throw new IllegalArgumentException("not an IPv6 address: " + text);
        }
        byte[] out = new byte[4];
        for (int i = 0; i < 4; i++) {
            if (!f[i].matches("\\d{1,3}") || Integer.parseInt(f[i]) > 255) {
                throw new IllegalArgumentException("not an IPv6 address: " + text);
            }
            out[i] = (byte) Integer.parseInt(f[i]);
        }
        return out;
    }
}
