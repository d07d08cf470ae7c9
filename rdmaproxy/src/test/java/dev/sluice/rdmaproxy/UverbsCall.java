package dev.sluice.rdmaproxy;

import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import dev.sluice.rdmaproxy.abi.UverbsIoctl;
import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.FakeGuestMemory;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlRequest;
import dev.sluice.sentry.spi.IoctlResult;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;

/**
 * Test support: one {@code RDMA_VERBS_IOCTL} call laid out in a fake guest address space the way
 * rdma-core's {@code execute_ioctl} lays it out: a 24-byte {@code ib_uverbs_ioctl_hdr} followed by
 * 16-byte {@code ib_uverbs_attr} entries; pointer data of at most 8 bytes inline in {@code data},
 * longer data in guest memory behind {@code data}; handles and fds in {@code data} with length 0.
 *
 * <p>Fluent: {@code UverbsCall.of(obj, method).driver(RDMA_DRIVER_MLX5).idr(...).in(...).out(...)}.
 * {@link #run} encodes it and hands it to a proxy through a mocked {@link IoctlCall} on {@link
 * #UVERBS0}. Framing can be broken on purpose ({@link #length}, {@link #numAttrs}).
 */
public final class UverbsCall {
    /** The guest mapping: [BASE, BASE + SIZE). */
    public static final long BASE = 0x7f00_0000_0000L;

    public static final int SIZE = 64 * 1024;

    /** Where the header goes. */
    public static final long HDR = BASE + 64;

    /** An address no guest mapping covers. */
    public static final long UNMAPPED = 0x1000L;

    /** The char device calls arrive on: uverbs0. */
    public static final CharDevice UVERBS0 = new CharDevice(231, 192);

    /**
     * The sentry's dup of the guest's uverbs fd, as far as the scripted kernel sees it: a number,
     * never closed.
     */
    public static final HostFd SENTRY_DUP = HostFd.adopt(4242);

    /** One attribute as it will be encoded. */
    public record Attr(int id, int len, int flags, int attrData, long data, byte[] payload) {}

    private final int object;
    private final int method;
    private int driverId = UverbsIoctl.RDMA_DRIVER_RXE;
    private Integer length;
    private Integer numAttrs;
    private long reserved1;
    private int reserved2;
    private CharDevice device = UVERBS0;
    private final List<Attr> attrs = new ArrayList<>();
    private final Map<Integer, IntSupplier> guestFiles = new HashMap<>();
    private final List<Integer> opened = new ArrayList<>();

    private UverbsCall(int object, int method) {
        this.object = object;
        this.method = method;
    }

    public static UverbsCall of(int object, int method) {
        return new UverbsCall(object, method);
    }

    public UverbsCall driver(int id) {
        driverId = id;
        return this;
    }

    public UverbsCall device(CharDevice d) {
        device = d;
        return this;
    }

    /** Overrides {@code ib_uverbs_ioctl_hdr.length} (else 24 + 16 * attrs). */
    public UverbsCall length(int l) {
        length = l;
        return this;
    }

    /** Overrides {@code num_attrs} (else the number of attributes added). */
    public UverbsCall numAttrs(int n) {
        numAttrs = n;
        return this;
    }

    public UverbsCall reserved(long r1, int r2) {
        reserved1 = r1;
        reserved2 = r2;
        return this;
    }

    /** A raw attribute, exactly as given. */
    public UverbsCall raw(int id, int len, int flags, int attrData, long data) {
        attrs.add(new Attr(id, len, flags, attrData, data, null));
        return this;
    }

    /** An IDR handle (len 0, the handle in data). */
    public UverbsCall idr(int id, long handle) {
        return raw(id, 0, UverbsIoctl.UVERBS_ATTR_F_MANDATORY, 0, handle);
    }

    /** An FD object or raw fd (len 0, the fd in data). */
    public UverbsCall fd(int id, long fd) {
        return raw(id, 0, 0, 0, fd);
    }

    /** A CONST_IN: an inline u64. */
    public UverbsCall constIn(int id, long value) {
        return raw(id, 8, UverbsIoctl.UVERBS_ATTR_F_MANDATORY, 0, value);
    }

    /** A u32 PTR_IN (inline). */
    public UverbsCall u32(int id, int value) {
        return raw(id, 4, UverbsIoctl.UVERBS_ATTR_F_MANDATORY, 0, Integer.toUnsignedLong(value));
    }

    /** A u64 PTR_IN (inline). */
    public UverbsCall u64(int id, long value) {
        return raw(id, 8, UverbsIoctl.UVERBS_ATTR_F_MANDATORY, 0, value);
    }

    /** A PTR_IN of these bytes: inline when at most 8, else placed in guest memory. */
    public UverbsCall in(int id, byte[] bytes) {
        if (bytes.length <= 8) {
            long v = 0;
            for (int i = bytes.length - 1; i >= 0; i--) {
                v = (v << 8) | (bytes[i] & 0xff);
            }
            return raw(id, bytes.length, 0, 0, v);
        }
        attrs.add(new Attr(id, bytes.length, 0, 0, 0, bytes.clone()));
        return this;
    }

    /** A PTR_IN of {@code len} bytes at an unmapped address. */
    public UverbsCall inUnmapped(int id, int len) {
        return raw(id, len, 0, 0, UNMAPPED);
    }

    /** A PTR_OUT of {@code len} bytes (a buffer in guest memory). */
    public UverbsCall out(int id, int len) {
        attrs.add(new Attr(id, len, UverbsIoctl.UVERBS_ATTR_F_MANDATORY, 0, 0, new byte[len]));
        return this;
    }

    /**
     * Gives the calling guest fd {@code guestFd}: when the proxy asks for it ({@code guestFile}),
     * {@code opener} opens a real file in this process, whose fd the proxy then owns and must
     * close. Numbers without an opener are not open (EBADF).
     */
    public UverbsCall guestFd(int guestFd, IntSupplier opener) {
        guestFiles.put(guestFd, opener);
        return this;
    }

    /** The fds opened for the proxy's {@code guestFile} requests, in order. */
    public List<Integer> opened() {
        return List.copyOf(opened);
    }

    public List<Attr> attrs() {
        return List.copyOf(attrs);
    }

    /**
     * Encodes the call into {@code guest} at {@link #HDR}; pointer data after the attribute array.
     */
    public void encode(FakeGuestMemory guest) {
        int n = attrs.size();
        long data = HDR + 24 + 16L * Math.max(n, numAttrs == null ? 0 : numAttrs) + 64;
        guest.putShort(HDR, (short) (length != null ? length : 24 + 16 * n));
        guest.putShort(HDR + 2, (short) object);
        guest.putShort(HDR + 4, (short) method);
        guest.putShort(HDR + 6, (short) (numAttrs != null ? numAttrs : n));
        putLong(guest, HDR + 8, reserved1);
        guest.putInt(HDR + 16, driverId);
        guest.putInt(HDR + 20, reserved2);
        for (int i = 0; i < n; i++) {
            Attr a = attrs.get(i);
            long at = HDR + 24 + 16L * i;
            long value = a.data();
            if (a.payload() != null) {
                data = (data + 7) & ~7L;
                for (int b = 0; b < a.payload().length; b++) {
                    guest.bytes()[(int) (data - BASE) + b] = a.payload()[b];
                }
                value = data;
                data += a.payload().length;
            }
            guest.putShort(at, (short) a.id());
            guest.putShort(at + 2, (short) a.len());
            guest.putShort(at + 4, (short) a.flags());
            guest.putShort(at + 6, (short) a.attrData());
            putLong(guest, at + 8, value);
        }
    }

    /** Encodes into a fresh guest and hands the call to {@code proxy}. */
    public IoctlResult run(DeviceProxy proxy) {
        FakeGuestMemory guest = new FakeGuestMemory(BASE, SIZE);
        encode(guest);
        return run(proxy, guest);
    }

    /** Hands the call already encoded in {@code guest} to {@code proxy}. */
    public IoctlResult run(DeviceProxy proxy, FakeGuestMemory guest) {
        IoctlCall c = mock(IoctlCall.class);
        when(c.request()).thenReturn(new IoctlRequest(1, 3, UverbsIoctl.RDMA_VERBS_IOCTL, HDR));
        when(c.memory()).thenReturn(guest);
        when(c.arena()).thenReturn(new Arena(4096));
        when(c.device()).thenReturn(device);
        when(c.hostFd()).thenReturn(SENTRY_DUP);
        when(c.guestFile(anyInt()))
                .thenAnswer(
                        inv -> {
                            IntSupplier o = guestFiles.get((int) inv.getArgument(0));
                            if (o == null) {
                                return (long) -Errno.EBADF;
                            }
                            int fd = o.getAsInt();
                            opened.add(fd);
                            return (long) fd;
                        });
        return proxy.handle(c).result();
    }

    private static void putLong(FakeGuestMemory g, long addr, long v) {
        g.putInt(addr, (int) v);
        g.putInt(addr + 4, (int) (v >>> 32));
    }

    /** Little-endian struct bytes for driver data and pointer attributes. */
    public static final class Struct {
        private final byte[] b;

        public Struct(int size) {
            b = new byte[size];
        }

        public Struct put(int off, int width, long v) {
            for (int i = 0; i < width; i++) {
                b[off + i] = (byte) (v >>> (8 * i));
            }
            return this;
        }

        public Struct u8(int off, long v) {
            return put(off, 1, v);
        }

        public Struct u16(int off, long v) {
            return put(off, 2, v);
        }

        public Struct u32(int off, long v) {
            return put(off, 4, v);
        }

        public Struct u64(int off, long v) {
            return put(off, 8, v);
        }

        public byte[] bytes() {
            return b.clone();
        }
    }
}
