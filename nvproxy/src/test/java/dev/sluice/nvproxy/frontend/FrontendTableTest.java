package dev.sluice.nvproxy.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

import dev.sluice.nvproxy.abi.AbiTables;
import dev.sluice.nvproxy.abi.FrontendEscapes;
import dev.sluice.nvproxy.abi.FrontendRequests;
import dev.sluice.nvproxy.abi.FrontendStructs;
import dev.sluice.nvproxy.abi.NvosParams;
import dev.sluice.nvproxy.abi.UvmCommands;
import dev.sluice.nvproxy.driver.DriverAbis;
import dev.sluice.nvproxy.driver.DriverVersion;
import dev.sluice.nvproxy.uvm.UvmTable;
import dev.sluice.sentry.ioctl.IoctlEntry;
import dev.sluice.sentry.ioctl.IoctlTable;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Ioctl;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.HostDevice;
import dev.sluice.sentry.spi.IoctlResult;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** The frontend and UVM tables as a whole: what is denied before any handler runs. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FrontendTableTest {
    private final HostDevice host = mock(HostDevice.class);
    private final long defaults = Capability.mask(Capability.DEFAULT);
    private final IoctlTable table =
            FrontendTable.build(
                    AbiTables.reference(),
                    defaults,
                    "driver 580.159.04",
                    host,
                    new FrontendHandlers(host, Set.of(0), Set.of(0x100)));

    private IoctlResult dispatch(int request, long caps) {
        FakeCall f = new FakeCall(request);
        try {
            return table.dispatch(f.call, caps).result();
        } finally {
            f.hostFd.close();
        }
    }

    private static void assertDenied(IoctlResult r, int errno, String why) {
        assertInstanceOf(IoctlResult.Denied.class, r, why);
        assertEquals(errno, ((IoctlResult.Denied) r).errno(), why);
    }

    @Test
    void aNonFTypeByteIsDeniedEvenWhenTheDriverWouldRunIt() {
        assertDenied(
                dispatch(Ioctl.iowr('G', FrontendEscapes.NV_ESC_RM_CONTROL, 32), defaults),
                Errno.EINVAL,
                "_IOWR('G', 0x2a, 32) is RM_CONTROL to the driver, and refused here");
        verify(host, never()).ioctl(anyInt(), anyInt(), anyLong());
    }

    @Test
    void aWrongSizeIsEinval() {
        assertDenied(
                dispatch(Ioctl.iowr('F', FrontendEscapes.NV_ESC_RM_CONTROL, 33), defaults),
                Errno.EINVAL,
                "RM_CONTROL of 33 bytes");
    }

    @Test
    void xferCmdIsRejectedExplicitly() {
        IoctlResult r = dispatch(FrontendStructs.Xfer.REQUEST, defaults);
        assertDenied(r, Errno.EINVAL, "NV_ESC_IOCTL_XFER_CMD is not decoded");
        assertEquals(
                "NV_ESC_IOCTL_XFER_CMD",
                table.name(FrontendStructs.Xfer.REQUEST),
                "and named in the log");
    }

    @Test
    void dmabufExportNeedsTheRdmaCapability() {
        assertDenied(
                dispatch(FrontendStructs.ExportToDmaBufFd.REQUEST, defaults),
                Errno.EINVAL,
                "compute,utility do not include DMABUF export");
    }

    @Test
    void mappingCallsContinueBecauseRmBindsThemToTheCallingProcess() {
        for (int req :
                new int[] {
                    NvosParams.Nvos33WithFd.REQUEST,
                    NvosParams.Nvos34.REQUEST,
                    NvosParams.Nvos02WithFd.REQUEST,
                    NvosParams.Nvos56.REQUEST
                }) {
            assertEquals(IoctlResult.CONTINUE, dispatch(req, defaults), table.name(req));
        }
    }

    @Test
    void everyRowIsAnFRequestOfItsOwnSize() {
        for (IoctlEntry e : table.entries()) {
            assertEquals('F', Ioctl.type(e.cmd()), e.name());
            assertEquals(Ioctl.READ | Ioctl.WRITE, Ioctl.dir(e.cmd()), e.name() + " is _IOWR");
            assertEquals(
                    Ioctl.size(e.cmd()),
                    e.paramSize(),
                    e.name() + ": row size is the request size");
            assertTrue(e.capabilities() != 0, e.name() + " is gated by a capability");
        }
    }

    /** Every supported version. */
    static Stream<DriverVersion> versions() {
        return DriverAbis.versions().keySet().stream();
    }

    /**
     * Layout check, at every version: each row's size is the size of the C struct its escape takes
     * at the version's tag (or a multiple, for arrays), and each escape the tag dispatches whose
     * size the handler reads is a row.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("versions")
    void everyRowSizeIsTheSizeOfItsEscapesStruct(DriverVersion v) {
        DriverAbi abi = DriverAbis.forVersion(v);
        IoctlTable t =
                FrontendTable.build(
                        abi,
                        Capability.mask(Capability.values()),
                        "driver " + v,
                        host,
                        new FrontendHandlers(host, Set.of(0), Set.of(0x100)));
        for (IoctlEntry e : t.entries()) {
            int nr = Ioctl.nr(e.cmd());
            boolean matched =
                    abi.frontend().layouts().stream()
                            .anyMatch(
                                    l ->
                                            l.escape() == nr
                                                    && (l.sizeRule()
                                                                    == FrontendRequests.SizeRule
                                                                            .EXACT
                                                            ? l.size() == e.paramSize()
                                                            : e.paramSize() % l.size() == 0
                                                                    && e.paramSize() > 0));
            assertTrue(
                    matched,
                    v
                            + " "
                            + e.name()
                            + ": "
                            + e.paramSize()
                            + " bytes is not the size of "
                            + FrontendEscapes.name(nr)
                            + "'s struct");
        }
        List<String> mismatched = FrontendTable.mismatches(abi.frontend());
        for (FrontendRequests.Layout l : abi.frontend().layouts()) {
            boolean row = t.lookup(l.request()) != null;
            boolean handlerReadsAnotherSize =
                    mismatched.stream().anyMatch(m -> m.startsWith(l.cType() + ":"));
            assertEquals(
                    !handlerReadsAnotherSize && !NO_ROW.contains(l.cType()),
                    row,
                    v + " " + l.cType() + ": a row exactly where the handler reads its size");
        }
    }

    /**
     * Escapes the driver dispatches that the table has no row for, so they are denied with {@code
     * EINVAL} whatever the tag ({@link FrontendTable}): {@code NV_ESC_IOCTL_XFER_CMD} and the ones
     * no client NVProxy supports issues.
     */
    private static final Set<String> NO_ROW =
            Set.of(
                    FrontendStructs.Xfer.C_TYPE,
                    FrontendStructs.QueryDeviceIntr.C_TYPE,
                    FrontendStructs.SetNumaStatus.C_TYPE,
                    NvosParams.Nvos05.C_TYPE,
                    NvosParams.I2cAccess.C_TYPE,
                    NvosParams.Nvos30.C_TYPE,
                    NvosParams.Nvos32.C_TYPE,
                    NvosParams.Nvos38.C_TYPE,
                    NvosParams.Nvos41.C_TYPE,
                    NvosParams.Nvos39.C_TYPE,
                    NvosParams.Nvos46.C_TYPE,
                    NvosParams.Nvos47.C_TYPE,
                    NvosParams.Nvos49.C_TYPE,
                    NvosParams.LocklessDiagnostic.C_TYPE);

    /** The handlers were written for the traced tag's sizes: there every one has its row. */
    @Test
    void everyHandlerReadsTheTracedTagsSize() {
        assertEquals(
                List.of(),
                FrontendTable.mismatches(AbiTables.reference().frontend()),
                "handlers reading another size than " + AbiTables.TAG + "'s");
    }

    @Test
    void uvmContinuesKnownCommandsAndRefusesTheRest() {
        DriverAbi abi = AbiTables.reference();
        IoctlTable uvm = UvmTable.build(abi, UvmCommands.of(abi.tag()));
        assertEquals(
                Disposition.CONTINUE,
                uvm.lookup(AbiTables.uvm("UVM_INITIALIZE")).disposition(),
                "UVM_INITIALIZE");
        assertEquals(
                "UVM_RUN_TEST",
                uvm.name(AbiTables.uvm("UVM_RUN_TEST")),
                "a denied number is named in the log");
        FakeCall f = new FakeCall(AbiTables.uvm("UVM_RUN_TEST"));
        try {
            assertDenied(
                    uvm.dispatch(f.call, defaults).result(),
                    Errno.EINVAL,
                    "the driver's self tests are not for guests");
        } finally {
            f.hostFd.close();
        }
    }

    /**
     * SYS_PARAMS through the table: answered without the driver (security issue 15, item 5).
     * Before, its row issued the ioctl itself (on this test's /dev/null: ENOTTY).
     */
    @Test
    void sysParamsIsAnsweredByTheSentryAndNeverSetsTheDriversValue() {
        IoctlTable withBlocks =
                FrontendTable.build(
                        AbiTables.reference(),
                        defaults,
                        "driver 580.159.04",
                        host,
                        new FrontendHandlers(
                                host,
                                Set.of(0),
                                new SandboxScope(Set.of(0x100), GuestPids.NONE),
                                java.util.OptionalLong.of(0x8000000L)));
        int req = dev.sluice.nvproxy.abi.FrontendStructs.SysParams.REQUEST;
        FakeCall honest = new FakeCall(req);
        honest.putLong(FakeCall.BASE, 0x8000000L);
        FakeCall hostile = new FakeCall(req);
        hostile.putLong(FakeCall.BASE, 0x1000L);
        try {
            assertEquals(
                    IoctlResult.value(0),
                    withBlocks.dispatch(honest.call, defaults).result(),
                    "the host's own block size: success, as from the driver");
            assertDenied(
                    withBlocks.dispatch(hostile.call, defaults).result(),
                    Errno.EBUSY,
                    "another value: the driver's EBUSY, and the driver-wide value untouched");
        } finally {
            honest.hostFd.close();
            hostile.hostFd.close();
        }
        verify(host, never()).ioctl(anyInt(), anyInt(), anyLong());
    }
}
