package dev.sluice.nvproxy.frontend;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;

import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.FakeGuestMemory;
import dev.sluice.sentry.spi.HostDevice;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.RecordingGuestMemory;
import dev.sluice.sentry.spi.ScriptedCall;

import java.util.Arrays;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Test support for the NVIDIA fuzz targets: a driver whose answers are drawn from the fuzzer's
 * input once, before the call, so that running the same input twice gives the same answers (the
 * targets check that handling is deterministic). Every choice reads as 0 from exhausted input, and
 * 0 is the ordinary case (the ioctl succeeds with {@code NV_OK}, an fd the guest names is open and
 * is {@code /dev/nvidiactl}), so a hand-made seed is the encoded params followed by zero bytes.
 *
 * <p>The guest is one 64 KiB mapping at {@link #BASE}, filled from the input; its params are at
 * {@link #BASE}. {@link #check} runs inside the ioctl on the sentry's params, where a target
 * asserts what the driver must never see (a guest address, an untranslated fd).
 */
final class ScriptedDriver implements HostDevice {
    static final long BASE = 0x7f00_0000_0000L;
    static final int SIZE = 1 << 16;

    /**
     * The sentry's dup of the guest's NVIDIA file: a number no file is open under here (the driver
     * is scripted; the plain handlers' own ioctl on it fails with EBADF), never closed.
     */
    static final HostFd HOST_FD = HostFd.adopt(1 << 20);

    private static final List<CharDevice> DEVICES =
            Arrays.asList(
                    new CharDevice(
                            FrontendHandlers.NV_MAJOR_DEVICE_NUMBER,
                            FrontendHandlers.NV_CONTROL_DEVICE_MINOR),
                    new CharDevice(FrontendHandlers.NV_MAJOR_DEVICE_NUMBER, 0),
                    new CharDevice(1, 3),
                    null);

    final int rc;
    final int status;
    final byte[] output;
    final CharDevice device;
    final boolean dmaBuf;
    final boolean guestFileOpen;
    final int injectAnswer;
    final byte[] image;

    /** Run inside the ioctl on the sentry's params, before anything is answered. */
    LongConsumer check = p -> {};

    /** The driver's writes of a successful call ({@link #respond}). */
    LongConsumer onSuccess = p -> {};

    int ioctls;

    ScriptedDriver(FuzzedDataProvider data) {
        rc = data.consumeBoolean() ? -data.consumeInt(1, 133) : 0;
        status = data.consumeBoolean() ? data.consumeInt() : 0;
        output = data.consumeBytes(data.consumeInt(0, 64));
        device = DEVICES.get(data.consumeInt(0, DEVICES.size() - 1));
        dmaBuf = !data.consumeBoolean();
        guestFileOpen = !data.consumeBoolean();
        injectAnswer = data.consumeBoolean() ? -Errno.EMFILE : 7;
        image = Arrays.copyOf(data.consumeRemainingAsBytes(), SIZE);
    }

    /**
     * Writes {@link #output} at {@code at} and {@link #status} at {@code statusAt} of the sentry's
     * memory.
     */
    void respond(long at, int room, long statusAt) {
        jnr.ffi.Pointer.wrap(Native.RUNTIME, at).put(0, output, 0, Math.min(output.length, room));
        jnr.ffi.Pointer.wrap(Native.RUNTIME, statusAt).putInt(0, status);
    }

    /** A fresh guest holding the input's image, and a call on it. */
    ScriptedCall call(int cmd) {
        FakeGuestMemory g = new FakeGuestMemory(BASE, SIZE);
        System.arraycopy(image, 0, g.bytes(), 0, SIZE);
        ScriptedCall c =
                new ScriptedCall(
                        cmd,
                        BASE,
                        new CharDevice(FrontendHandlers.NV_MAJOR_DEVICE_NUMBER, 0),
                        g,
                        HOST_FD);
        c.guestFiles = fd -> guestFileOpen ? FakeCall.openDevNull() : -Errno.EBADF;
        c.injectAnswer = injectAnswer;
        return c;
    }

    @Override
    public int ioctl(int fd, int request, long arg) {
        ioctls++;
        check.accept(arg);
        if (rc < 0) {
            return rc;
        }
        onSuccess.accept(arg);
        return 0;
    }

    @Override
    public boolean isDmaBuf(int fd) {
        return dmaBuf;
    }

    @Override
    public CharDevice charDevice(int fd) {
        return device;
    }

    @Override
    public String link(int fd) {
        return null;
    }

    /**
     * The properties every handler answer must have, whatever the input: a disposition with a sane
     * errno, every fd handed to the handler closed once the call is over, and guest memory touched
     * only inside {@code allowed} ({@code start, size} pairs; null leaves accesses unchecked).
     */
    static void checkAnswer(ScriptedCall call, IoctlResult r, long... allowed) {
        call.cleanup().run(); // as the dispatcher does after every call
        if (r == null) {
            throw new AssertionError("a handler answered null");
        }
        if (r instanceof IoctlResult.Denied d) {
            require(
                    d.errno() >= 0
                            && d.errno() < 4096
                            && d.reason() != null
                            && !d.reason().isEmpty(),
                    "a denial has an errno and a reason: " + d);
        } else if (r instanceof IoctlResult.GuestError e) {
            require(e.errno() > 0 && e.errno() < 4096, "a guest error is an errno: " + e);
        } else if (r instanceof IoctlResult.Value v) {
            require(v.value() >= 0, "a value is not an error: " + v);
        }
        for (int fd : call.handedOut()) {
            require(
                    !FakeCall.isOpen(fd),
                    "fd " + fd + " the handler got from guestFile is still open after " + r);
        }
        for (RecordingGuestMemory.Access a :
                allowed == null
                        ? List.<RecordingGuestMemory.Access>of()
                        : call.recording().accesses()) {
            boolean ok = false;
            for (int i = 0; i + 1 < allowed.length && !ok; i += 2) {
                ok = a.within(allowed[i], allowed[i + 1]);
            }
            require(ok, "guest access outside what the ABI allows: " + a + " for " + r);
        }
    }

    static void require(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
