package dev.sluice.rdmaproxy;

import com.code_intelligence.jazzer.junit.FuzzTest;

import dev.sluice.rdmaproxy.abi.UverbsIoctl;
import dev.sluice.rdmaproxy.driver.EfaPlugin;
import dev.sluice.rdmaproxy.driver.GenericPlugin;
import dev.sluice.rdmaproxy.driver.Mlx5Plugin;
import dev.sluice.rdmaproxy.driver.RxePlugin;
import dev.sluice.rdmaproxy.uverbs.UverbsEnvelope;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.TestFds;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.FakeGuestMemory;
import dev.sluice.sentry.spi.FuzzOutcome;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.RecordingGuestMemory;
import dev.sluice.sentry.spi.ScriptedCall;
import dev.sluice.sentry.spi.Verdict;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * {@code RDMA_VERBS_IOCTL} under coverage-guided fuzzing, through {@link RdmaProxy} with every
 * driver plugin (ConnectX, {@link Mlx5Plugin}; Soft-RoCE, {@link RxePlugin}; AWS EFA, {@link
 * EfaPlugin}; and the {@link GenericPlugin} on a node of a driver without one): the input is the
 * guest's memory from {@link UverbsCall#BASE}, the {@code ib_uverbs_ioctl_hdr} at {@link
 * UverbsCall#HDR}, its attributes after it and their data wherever they point. That drives the
 * envelope ({@link UverbsEnvelope}), attribute shapes ({@link UverbsAttrCheck}), the method tables,
 * CONST_IN rules, legacy INVOKE_WRITE commands and the plugins' driver data (UHW_IN, mlx5's driver
 * namespace); allowed EMULATE calls run against a kernel that accepts everything ({@link
 * FakeUverbsHost}). The call arrives on the node of the plugin its {@code driver_id} names (any
 * other id: the generic plugin's), or on the next one when the input's last byte is 0xff.
 *
 * <p>Checked on every input: the proxy answers (no exception); a denial is one line from the uverbs
 * proxy with EINVAL or EFAULT; guest memory is touched only inside the header and its attribute
 * array and the {@code len} bytes each attribute's {@code data} points at; the kernel never gets a
 * guest address for data behind a pointer; every fd taken from the guest is closed; and handling is
 * deterministic.
 */
class UverbsDispatchFuzzTest {
    private static final CharDevice MLX5 = UverbsCall.UVERBS0;
    private static final CharDevice RXE = new CharDevice(231, 193);
    private static final CharDevice EFA = new CharDevice(231, 194);
    private static final CharDevice GENERIC = new CharDevice(231, 195);

    /** The nodes in the order a swapping input walks them. */
    private static final List<CharDevice> NODES = List.of(MLX5, RXE, EFA, GENERIC);

    private static final FakeUverbsHost HOST = new FakeUverbsHost();
    private static final RdmaProxy PROXY =
            new RdmaProxy(
                    List.of(231),
                    Map.of(
                            MLX5,
                            Mlx5Plugin.INSTANCE,
                            RXE,
                            RxePlugin.INSTANCE,
                            EFA,
                            EfaPlugin.INSTANCE,
                            GENERIC,
                            GenericPlugin.forHostDriver("irdma")),
                    HOST);
    private static final Path EVENT_FILE = FakeUverbsHost.newEventStandin();

    @FuzzTest(maxDuration = "10s")
    void uverbsIoctl(byte[] image) {
        FuzzOutcome.assertDeterministic(() -> run(image));
    }

    private static FuzzOutcome run(byte[] image) {
        FakeGuestMemory g = new FakeGuestMemory(UverbsCall.BASE, UverbsCall.SIZE);
        System.arraycopy(image, 0, g.bytes(), 0, Math.min(image.length, UverbsCall.SIZE));
        int hdr = (int) (UverbsCall.HDR - UverbsCall.BASE);
        int driver = g.getInt(UverbsCall.HDR + 16);
        CharDevice own =
                driver == UverbsIoctl.RDMA_DRIVER_RXE
                        ? RXE
                        : driver == UverbsIoctl.RDMA_DRIVER_EFA
                                ? EFA
                                : driver == UverbsIoctl.RDMA_DRIVER_MLX5 ? MLX5 : GENERIC;
        boolean swap = image.length > 0 && image[image.length - 1] == (byte) 0xff;
        CharDevice node = swap ? NODES.get((NODES.indexOf(own) + 1) % NODES.size()) : own;
        ScriptedCall call =
                new ScriptedCall(
                        UverbsIoctl.RDMA_VERBS_IOCTL,
                        UverbsCall.HDR,
                        node,
                        g,
                        UverbsCall.SENTRY_DUP);
        call.guestFiles =
                fd ->
                        switch (Math.floorMod(fd, 4)) {
                            case 1 -> TestFds.eventfd(); // a dma-buf, as FakeUverbsHost sees it
                            case 2 ->
                                    TestFds.open(
                                            EVENT_FILE.toString(),
                                            Native.O_RDONLY
                                                    | Native.O_CLOEXEC); // a uverbs event file
                            case 3 -> TestFds.open("/dev/null", Native.O_RDONLY | Native.O_CLOEXEC);
                            default -> -Errno.EBADF;
                        };
        HOST.seen.clear();
        Verdict v = PROXY.handle(call);
        call.cleanup().run();
        require(v != null, "the proxy answers");
        require(
                v.name().startsWith("RDMA_VERBS_IOCTL") && v.name().indexOf('\n') < 0,
                "the call goes by the request's name, with its method or command: " + v.name());
        IoctlResult r = v.result();
        if (r instanceof IoctlResult.Denied d) {
            require(
                    (d.errno() == Errno.EINVAL || d.errno() == Errno.EFAULT)
                            && d.reason().startsWith("uverbs: ")
                            && d.reason().indexOf('\n') < 0,
                    "a denial is one uverbs line with EINVAL or EFAULT: " + d);
        }
        for (int fd : call.handedOut()) {
            require(
                    !TestFds.isOpen(fd),
                    "fd " + fd + " taken from the guest is still open after " + r);
        }
        int n =
                Math.min(
                        Short.toUnsignedInt(g.getShort(UverbsCall.HDR + 6)),
                        UverbsEnvelope.MAX_ATTRS);
        long[] allowed = new long[2 + 2 * n];
        allowed[0] = UverbsCall.HDR;
        allowed[1] = UverbsIoctl.IoctlHdr.SIZE + 16L * n;
        byte[] before = Arrays.copyOf(image, UverbsCall.SIZE);
        for (int i = 0; i < n; i++) {
            int at = hdr + UverbsIoctl.IoctlHdr.SIZE + 16 * i;
            allowed[2 + 2 * i] = getLong(before, at + 8);
            allowed[3 + 2 * i] =
                    Short.toUnsignedInt(
                            (short) ((before[at + 2] & 0xff) | (before[at + 3] & 0xff) << 8));
        }
        for (RecordingGuestMemory.Access a : call.recording().accesses()) {
            boolean ok = false;
            for (int i = 0; i + 1 < allowed.length && !ok; i += 2) {
                ok = a.within(allowed[i], allowed[i + 1]);
            }
            require(
                    ok,
                    "guest access outside the envelope and its attributes' data: "
                            + a
                            + " for "
                            + r);
        }
        for (FakeUverbsHost.Seen s : HOST.seen) {
            for (FakeUverbsHost.SeenAttr a : s.attrs()) {
                require(
                        a.len() <= 8
                                || a.data() < UverbsCall.BASE
                                || a.data() - UverbsCall.BASE >= UverbsCall.SIZE,
                        "the kernel got guest address 0x"
                                + Long.toHexString(a.data())
                                + " for attribute "
                                + a.id());
            }
        }
        return new FuzzOutcome(r, g.bytes().clone(), call.recording().accesses());
    }

    private static long getLong(byte[] b, int off) {
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (off + i < b.length && off + i >= 0 ? b[off + i] & 0xff : 0);
        }
        return v;
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
