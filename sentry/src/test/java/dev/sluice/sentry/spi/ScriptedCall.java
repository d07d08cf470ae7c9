package dev.sluice.sentry.spi;

import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Cleanup;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * Test support for fuzz targets: a trapped ioctl as plain fields, with no mocking framework in the
 * way (a fuzz target runs it hundreds of thousands of times). Guest memory is recorded ({@link
 * RecordingGuestMemory}); {@link #guestFile} answers through {@link #guestFiles}, whose fds the
 * handler owns, and remembers each one handed out so the target can check that all were closed;
 * {@link #injectFd} answers {@link #injectAnswer}.
 */
public final class ScriptedCall implements IoctlCall {
    private final IoctlRequest request;
    private final CharDevice device;
    private final RecordingGuestMemory memory;
    private final Arena arena = new Arena(4096);
    private final Cleanup cleanup = new Cleanup();
    private final HostFd hostFd;
    private final List<Integer> handedOut = new ArrayList<>();
    private final List<Integer> injected = new ArrayList<>();

    /**
     * Answers {@link #guestFile}: a new fd of this process (the handler closes it) or {@code
     * -errno}.
     */
    public IntUnaryOperator guestFiles = fd -> -Errno.EBADF;

    /** The guest's number for an injected fd, or {@code -errno}. */
    public int injectAnswer = 7;

    public ScriptedCall(
            int cmd, long arg, CharDevice device, FakeGuestMemory memory, HostFd hostFd) {
        this.request = new IoctlRequest(1, 3, cmd, arg);
        this.device = device;
        this.memory = new RecordingGuestMemory(memory);
        this.hostFd = hostFd;
    }

    /** The fds {@link #guestFile} handed to the handler, in order. */
    public List<Integer> handedOut() {
        return List.copyOf(handedOut);
    }

    /** The fds the handler asked to install in the guest, by their number in this process. */
    public List<Integer> injected() {
        return List.copyOf(injected);
    }

    public RecordingGuestMemory recording() {
        return memory;
    }

    @Override
    public IoctlRequest request() {
        return request;
    }

    @Override
    public CharDevice device() {
        return device;
    }

    @Override
    public HostFd hostFd() {
        return hostFd;
    }

    @Override
    public GuestMemory memory() {
        return memory;
    }

    @Override
    public Arena arena() {
        return arena;
    }

    @Override
    public Cleanup cleanup() {
        return cleanup;
    }

    @Override
    public long guestFile(int guestFd) {
        int fd = guestFiles.applyAsInt(guestFd);
        if (fd >= 0) {
            handedOut.add(fd);
        }
        return fd;
    }

    @Override
    public int injectFd(HostFd fd, int newFdFlags) {
        injected.add(fd.fd());
        return injectAnswer;
    }
}
