package dev.sluice.sentry.ipc;

import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.ErrnoException;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Native;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Frames ({@link FrameCodec}) over one fd: an {@code AF_UNIX} socket, stream or {@code
 * SOCK_SEQPACKET} ({@link SocketMessages}), which carries fds, or a pipe, which does not. Used by
 * one thread at a time.
 *
 * <p>On a stream the kernel may hand over the bytes of two frames in one read, and the fds of the
 * second with them, so the fds that arrive queue up and each frame takes as many as its {@code @}
 * tokens say, in order: an fd always arrives with the first byte of its frame, so a frame's fds are
 * there once its newline is. An fd left over when no byte is, a frame short of fds, one longer than
 * {@code maxFrame} or cut off by end of file, is refused, and every fd queued is closed. {@code
 * ECONNRESET} (the peer exited without reading what it was sent) reads as end of file.
 */
public final class Channel implements AutoCloseable {
    private static final int CHUNK = 64 * 1024;
    private static final int ECONNRESET = 104; // include/uapi/asm-generic/errno.h
    private static final int[] NO_FDS = new int[0];

    private final HostFd fd;
    private final String peer;
    private final int maxFrame;
    private final SocketMessages io;
    private final ArrayDeque<HostFd> queued = new ArrayDeque<>();
    private Pointer in;
    private Pointer out;
    private long outCap;
    private byte[] held = new byte[256];
    private int heldLen;
    private int senderPid;

    private Channel(HostFd fd, String peer, int maxFrame, boolean socket) {
        this.fd = fd;
        this.peer = peer;
        this.maxFrame = maxFrame;
        this.io = socket ? new SocketMessages() : null;
    }

    /**
     * Frames over the {@code AF_UNIX} socket {@code fd}, to and from {@code peer} (named in
     * errors).
     */
    public static Channel socket(HostFd fd, String peer, int maxFrame) {
        return new Channel(fd, peer, maxFrame, true);
    }

    /** Frames over a pipe (either end): no fds travel. */
    public static Channel pipe(HostFd fd, String peer, int maxFrame) {
        return new Channel(fd, peer, maxFrame, false);
    }

    public HostFd fd() {
        return fd;
    }

    /** Sends {@code message}; its fds go with its first byte and stay the caller's. */
    public void send(Message message) {
        Frame frame = message.frame();
        List<HostFd> fds = message.fds();
        if (fds.size() != frame.fds() || (io == null && !fds.isEmpty())) {
            throw new IllegalArgumentException(
                    frame.verb()
                            + ": "
                            + fds.size()
                            + " fds for a frame of "
                            + frame.fds()
                            + (io == null ? " on a pipe" : ""));
        }
        write(FrameCodec.encode(frame), fds.stream().mapToInt(HostFd::fd).toArray());
    }

    /**
     * Sends {@code bytes} as they are, in one message of a {@code SOCK_SEQPACKET} socket: {@code
     * sluice-init}'s launch plan, which has a format of its own (docs/launch-plan.md).
     */
    public void sendRecord(byte[] bytes) {
        write(bytes, NO_FDS);
    }

    private void write(byte[] bytes, int[] fds) {
        if (out == null || bytes.length > outCap) {
            outCap = Math.max(bytes.length, 256);
            out = Memory.allocateDirect(Native.RUNTIME, outCap, true);
        }
        out.put(0, bytes, 0, bytes.length);
        int off = 0;
        do {
            long n;
            if (io != null) {
                n =
                        io.send(
                                fd.fd(),
                                out.address() + off,
                                bytes.length - off,
                                off == 0 ? fds : NO_FDS);
            } else {
                n = Native.ret(Native.LIBC.write(fd.fd(), out.address() + off, bytes.length - off));
                if (n == -Errno.EINTR) {
                    continue;
                }
            }
            if (n < 0 || (n == 0 && bytes.length > 0)) {
                throw new ErrnoException(
                        "send to " + peer + " (" + bytes.length + " bytes)", n < 0 ? (int) -n : 0);
            }
            off += (int) n;
        } while (off < bytes.length);
    }

    /**
     * The next message, typed by {@code protocol}; null at end of file before any byte of one.
     * Throws {@link ProtocolException} for a frame that is malformed or that {@code protocol}
     * refuses (its fds closed), {@link ErrnoException} when the read fails.
     */
    public <M extends Message> M receive(Protocol<M> protocol) {
        int nl;
        while ((nl = newline()) < 0) {
            if (heldLen >= maxFrame) {
                throw refuse("a frame longer than " + maxFrame + " bytes");
            }
            if (fill() == 0) {
                if (heldLen == 0 && queued.isEmpty()) {
                    return null;
                }
                throw refuse("end of file inside a frame");
            }
        }
        Frame frame;
        try {
            frame = FrameCodec.decode(held, 0, nl + 1);
        } catch (ProtocolException e) {
            throw refuse(e.getMessage());
        }
        heldLen -= nl + 1;
        System.arraycopy(held, nl + 1, held, 0, heldLen);
        if (queued.size() < frame.fds()) {
            throw refuse(
                    frame.verb()
                            + " announces "
                            + frame.fds()
                            + " fds, "
                            + queued.size()
                            + " came");
        }
        List<HostFd> fds = new ArrayList<>(frame.fds());
        for (int i = 0; i < frame.fds(); i++) {
            fds.add(queued.poll());
        }
        if (heldLen == 0 && !queued.isEmpty()) {
            fds.forEach(HostFd::close);
            throw refuse("an fd with no frame of its own");
        }
        try {
            return protocol.decode(frame, fds, senderPid);
        } catch (ProtocolException e) {
            fds.forEach(HostFd::close);
            throw e;
        }
    }

    private int newline() {
        for (int i = 0; i < heldLen; i++) {
            if (held[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** Reads what is there (at least one byte, or 0 at end of file) into {@code held}. */
    private long fill() {
        int room = Math.min(CHUNK, maxFrame - heldLen);
        if (in == null) {
            in = Memory.allocateDirect(Native.RUNTIME, Math.min(CHUNK, maxFrame), true);
        }
        long n;
        if (io != null) {
            n = io.receive(fd.fd(), in.address(), room);
            if (n >= 0) {
                for (int f : io.fds()) {
                    queued.add(HostFd.adopt(f));
                }
                senderPid = io.senderPid();
                if ((io.flags() & (SocketAbi.MSG_TRUNC | SocketAbi.MSG_CTRUNC)) != 0) {
                    throw refuse(
                            "a message cut off ("
                                    + ((io.flags() & SocketAbi.MSG_TRUNC) != 0
                                            ? "over " + room + " bytes"
                                            : "too many fds")
                                    + ")");
                }
                if (queued.size() > 2 * Frame.MAX_FDS) {
                    throw refuse("more fds than frames");
                }
            }
        } else {
            do {
                n = Native.ret(Native.LIBC.read(fd.fd(), in.address(), room));
            } while (n == -Errno.EINTR);
        }
        if (n == -ECONNRESET) {
            return 0;
        }
        if (n < 0) {
            throw new ErrnoException("receive from " + peer, (int) -n);
        }
        if (heldLen + n > held.length) {
            held = java.util.Arrays.copyOf(held, (int) Math.max(held.length * 2L, heldLen + n));
        }
        in.get(0, held, heldLen, (int) n);
        heldLen += (int) n;
        return n;
    }

    /** Drops what is held and queued: the stream is out of step now. */
    private ProtocolException refuse(String why) {
        heldLen = 0;
        queued.forEach(HostFd::close);
        queued.clear();
        return new ProtocolException("from " + peer + ": " + why);
    }

    @Override
    public void close() {
        queued.forEach(HostFd::close);
        queued.clear();
        fd.close();
    }
}
