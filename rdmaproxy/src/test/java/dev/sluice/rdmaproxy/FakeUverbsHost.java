package dev.sluice.rdmaproxy;

import dev.sluice.rdmaproxy.abi.UverbsIoctl;
import dev.sluice.rdmaproxy.abi.UverbsIoctl.IoctlHdr;
import dev.sluice.sentry.nativeio.FileKinds;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.HostDevice;

import jnr.ffi.Pointer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Test support: a scripted kernel for emulated uverbs calls. It sees the private envelope the
 * sentry built (same process, so its pointers are readable here) and plays the kernel's part
 * through {@link #kernel}: writing outputs, setting {@code UVERBS_ATTR_F_VALID_OUTPUT}, returning a
 * result. What each call looked like is recorded in {@link #seen}.
 *
 * <p>File checks use real fds: a dma-buf is stood in for by an eventfd ({@link #DMABUF_STANDIN}; no
 * dma-buf can be made here without a device), a uverbs event file by a file whose name ends in
 * {@link #EVENT_STANDIN}.
 */
public final class FakeUverbsHost implements HostDevice {
    public static final String DMABUF_STANDIN = "anon_inode:[eventfd]";
    public static final String EVENT_STANDIN = "infinibandevent-standin";

    /** A fresh, empty stand-in file for uverbs event fds (deleted when the JVM exits). */
    public static Path newEventStandin() {
        try {
            Path dir = Files.createTempDirectory("uverbs-test");
            dir.toFile().deleteOnExit();
            Path f = Files.createFile(dir.resolve(EVENT_STANDIN));
            f.toFile().deleteOnExit();
            return f;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The kernel's part: may read and write {@code e}; returns the ioctl's result or {@code
     * -errno}.
     */
    public interface Kernel {
        int run(Envelope e);
    }

    /** One attribute of a private envelope as the kernel received it. */
    public record SeenAttr(int id, int len, int flags, long data, byte[] pointee) {}

    /** One call as the kernel received it. */
    public record Seen(int fd, int request, int object, int method, List<SeenAttr> attrs) {
        public SeenAttr attr(int id) {
            return attrs.stream().filter(a -> a.id() == id).findFirst().orElseThrow();
        }
    }

    /** The private envelope of the call in progress, in sentry memory. */
    public static final class Envelope {
        private final Pointer hdr;

        Envelope(long address) {
            int n =
                    Short.toUnsignedInt(
                            Pointer.wrap(Native.RUNTIME, address).getShort(IoctlHdr.OFF_NUM_ATTRS));
            this.hdr = Pointer.wrap(Native.RUNTIME, address, IoctlHdr.SIZE + 16L * n);
        }

        public int numAttrs() {
            return Short.toUnsignedInt(hdr.getShort(IoctlHdr.OFF_NUM_ATTRS));
        }

        private int at(int i) {
            return IoctlHdr.OFF_ATTRS + i * UverbsIoctl.Attr.SIZE;
        }

        private int index(int id) {
            for (int i = 0; i < numAttrs(); i++) {
                if (Short.toUnsignedInt(hdr.getShort(at(i) + UverbsIoctl.Attr.OFF_ATTR_ID)) == id) {
                    return i;
                }
            }
            throw new AssertionError("no attribute " + id + " in the private envelope");
        }

        public long data(int id) {
            return hdr.getLong(at(index(id)) + UverbsIoctl.Attr.OFF_DATA);
        }

        public int len(int id) {
            return Short.toUnsignedInt(hdr.getShort(at(index(id)) + UverbsIoctl.Attr.OFF_LEN));
        }

        /**
         * Writes {@code bytes} to the output buffer of attribute {@code id} and flags it valid, as
         * uverbs_copy_to does.
         */
        public void output(int id, byte[] bytes) {
            Pointer.wrap(Native.RUNTIME, data(id), len(id)).put(0, bytes, 0, bytes.length);
            int flagsAt = at(index(id)) + UverbsIoctl.Attr.OFF_FLAGS;
            hdr.putShort(
                    flagsAt,
                    (short) (hdr.getShort(flagsAt) | UverbsIoctl.UVERBS_ATTR_F_VALID_OUTPUT));
        }

        /**
         * Writes a new object's handle into {@code data}, as the kernel does for an IDR NEW
         * attribute.
         */
        public void newHandle(int id, long handle) {
            hdr.putLong(at(index(id)) + UverbsIoctl.Attr.OFF_DATA, handle);
        }

        Seen snapshot(int fd, int request) {
            List<SeenAttr> attrs = new ArrayList<>();
            for (int i = 0; i < numAttrs(); i++) {
                int len = Short.toUnsignedInt(hdr.getShort(at(i) + UverbsIoctl.Attr.OFF_LEN));
                long data = hdr.getLong(at(i) + UverbsIoctl.Attr.OFF_DATA);
                byte[] pointee = null;
                if (len > 8) {
                    pointee = new byte[len];
                    Pointer.wrap(Native.RUNTIME, data, len).get(0, pointee, 0, len);
                }
                attrs.add(
                        new SeenAttr(
                                Short.toUnsignedInt(
                                        hdr.getShort(at(i) + UverbsIoctl.Attr.OFF_ATTR_ID)),
                                len,
                                Short.toUnsignedInt(
                                        hdr.getShort(at(i) + UverbsIoctl.Attr.OFF_FLAGS)),
                                data,
                                pointee));
            }
            return new Seen(
                    fd,
                    request,
                    Short.toUnsignedInt(hdr.getShort(IoctlHdr.OFF_OBJECT_ID)),
                    Short.toUnsignedInt(hdr.getShort(IoctlHdr.OFF_METHOD_ID)),
                    List.copyOf(attrs));
        }
    }

    public Kernel kernel = e -> 0;
    public final List<Seen> seen = new ArrayList<>();

    @Override
    public int ioctl(int fd, int request, long arg) {
        Envelope e = new Envelope(arg);
        seen.add(e.snapshot(fd, request));
        return kernel.run(e);
    }

    @Override
    public CharDevice charDevice(int fd) {
        return null;
    }

    @Override
    public boolean isDmaBuf(int fd) {
        return DMABUF_STANDIN.equals(FileKinds.link(fd));
    }

    @Override
    public String link(int fd) {
        String l = FileKinds.link(fd);
        return l != null && l.endsWith(EVENT_STANDIN) ? UverbsDispatch.EVENT_FILE : l;
    }
}
