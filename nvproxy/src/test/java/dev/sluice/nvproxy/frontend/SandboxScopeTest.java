package dev.sluice.nvproxy.frontend;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.sluice.nvproxy.abi.AbiTables;
import dev.sluice.nvproxy.abi.ControlCommands;
import dev.sluice.nvproxy.abi.NvStatus;
import dev.sluice.nvproxy.abi.NvosParams.Nvos54;
import dev.sluice.sentry.ioctl.IoctlEntry;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.spi.HostDevice;
import dev.sluice.sentry.spi.IoctlResult;

import jnr.ffi.Pointer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Cross-tenant leaks through allowed controls (security issue 15, item 5), against a mock driver
 * that answers as RM does for the sentry: about every GPU it probed, and with the host pids of
 * every tenant. The guest is granted GPU {@link #OURS} only, and its pid namespace holds host pids
 * 1001 (its pid 7) and 1003 (its pid 9).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SandboxScopeTest {
    private static final int REQ = Nvos54.REQUEST;
    private static final long PARAMS = FakeCall.BASE + 0x1000;
    private static final int OURS = 0x200;
    private static final int OTHER = 0x300;
    private static final int INVALID = 0xffffffff;
    private static final int TID = 4242;
    private static final IoctlEntry RM_CONTROL = FakeCall.row(REQ);

    private final FakeCall f = new FakeCall(REQ);
    private final HostDevice host = mock(HostDevice.class);
    private final AtomicInteger askedFor = new AtomicInteger();
    private final GuestPids pids =
            tid -> {
                askedFor.set(tid);
                Map<Integer, Integer> ns = Map.of(1001, 7, 1003, 9);
                return pid -> ns.getOrDefault(pid, 0);
            };
    private final RmControlHandler handler =
            new RmControlHandler(
                    host,
                    AbiTables.reference().controlRules(),
                    Capability.mask(Capability.DEFAULT),
                    "driver 580.159.04",
                    new SandboxScope(Set.of(OURS), pids),
                    ControlCommands::unknownName);

    @AfterEach
    void close() {
        f.hostFd.close();
    }

    private void nvos54(int cmd) {
        nvos54(f, cmd);
    }

    /**
     * {@code c}'s NVOS54 for {@code cmd}, with params at {@link #PARAMS} of the size RM expects.
     */
    private static void nvos54(FakeCall c, int cmd) {
        c.mem.putInt(FakeCall.BASE + Nvos54.OFF_CMD, cmd);
        c.putLong(FakeCall.BASE + Nvos54.OFF_PARAMS, PARAMS);
        c.mem.putInt(
                FakeCall.BASE + Nvos54.OFF_PARAMS_SIZE,
                ControlCommands.of(AbiTables.TAG).lookup(cmd).paramsSize());
        c.mem.putInt(FakeCall.BASE + Nvos54.OFF_STATUS, 0x1234);
        c.request(TID, FakeCall.BASE);
    }

    /** The driver writes {@code answer} into the sentry's params and succeeds. */
    private void driverAnswers(Consumer<Pointer> answer) {
        when(host.ioctl(anyInt(), eq(REQ), anyLong()))
                .thenAnswer(
                        inv -> {
                            Pointer p = Pointer.wrap(Native.RUNTIME, (long) inv.getArgument(2));
                            answer.accept(
                                    Pointer.wrap(Native.RUNTIME, p.getLong(Nvos54.OFF_PARAMS)));
                            p.putInt(Nvos54.OFF_STATUS, NvStatus.NV_OK);
                            return 0;
                        });
    }

    private int status() {
        return f.mem.getInt(FakeCall.BASE + Nvos54.OFF_STATUS);
    }

    private int[] guestInts(long at, int n) {
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = f.mem.getInt(at + 4L * i);
        }
        return out;
    }

    private void refusedWithoutTheDriver(String what) {
        IoctlResult r = handler.handle(f.call, RM_CONTROL).result();
        assertInstanceOf(IoctlResult.Denied.class, r, what + ": refused");
        assertEquals(
                NvStatus.NV_ERR_INVALID_ARGUMENT,
                status(),
                what + ": NV_ERR_INVALID_ARGUMENT, as RM for an unknown GPU");
        verify(host, never()).ioctl(anyInt(), anyInt(), anyLong());
    }

    @Test
    void gpuGetPidsShowsOnlyTheGuestsProcessesInItsOwnNumbers() {
        nvos54(AbiTables.control("NV2080_CTRL_CMD_GPU_GET_PIDS"));
        driverAnswers(
                p -> {
                    p.putInt(8, 4);
                    p.putInt(12, 1001);
                    p.putInt(16, 2002); // another tenant's process
                    p.putInt(20, 1003);
                    p.putInt(24, 1); // the host's init
                });
        assertEquals(IoctlResult.value(0), handler.handle(f.call, RM_CONTROL).result(), "runs");
        assertEquals(NvStatus.NV_OK, status(), "NV_OK");
        assertEquals(2, f.mem.getInt(PARAMS + 8), "pidTblCount: the guest's two processes");
        assertArrayEquals(
                new int[] {7, 9, 0, 0},
                guestInts(PARAMS + 12, 4),
                "their pids in the guest's namespace; no host pid left in the table");
        assertEquals(TID, askedFor.get(), "translated for the calling thread's namespace");
    }

    @Test
    void probedIdsListOnlyTheSandboxsGpusWithTheirFlags() {
        nvos54(AbiTables.control("NV0000_CTRL_CMD_GPU_GET_PROBED_IDS"));
        driverAnswers(
                p -> {
                    int[] ids = {0x100, OURS, OTHER};
                    for (int i = 0; i < 32; i++) {
                        p.putInt(4L * i, i < ids.length ? ids[i] : INVALID);
                        p.putInt(128 + 4L * i, i == 0 ? 0x400 : INVALID); // an excluded GPU
                        p.putInt(256 + 4L * i, i < ids.length ? 0x10 + i : 0);
                    }
                });
        assertEquals(IoctlResult.value(0), handler.handle(f.call, RM_CONTROL).result(), "runs");
        assertArrayEquals(
                new int[] {OURS, INVALID, INVALID},
                guestInts(PARAMS, 3),
                "gpuIds: ours, then the end");
        assertEquals(INVALID, f.mem.getInt(PARAMS + 128), "excludedGpuIds: none of the host's");
        assertArrayEquals(
                new int[] {0x11, 0, 0}, guestInts(PARAMS + 256, 3), "gpuFlags follow their GPU");
    }

    @Test
    void attachedIdsListOnlyTheSandboxsGpus() {
        nvos54(AbiTables.control("NV0000_CTRL_CMD_GPU_GET_ATTACHED_IDS"));
        driverAnswers(
                p -> {
                    for (int i = 0; i < 32; i++) {
                        p.putInt(4L * i, i == 0 ? OTHER : i == 1 ? OURS : INVALID);
                    }
                });
        handler.handle(f.call, RM_CONTROL).result();
        assertArrayEquals(new int[] {OURS, INVALID}, guestInts(PARAMS, 2), "only ours");
    }

    @Test
    void idInfoPciInfoAndDrainStateOfAnotherGpuAreRefused() {
        for (int cmd :
                new int[] {
                    AbiTables.control("NV0000_CTRL_CMD_GPU_GET_ID_INFO_V2"),
                    AbiTables.control("NV0000_CTRL_CMD_GPU_GET_ID_INFO"),
                    AbiTables.control("NV0000_CTRL_CMD_GPU_GET_PCI_INFO"),
                    AbiTables.control("NV0000_CTRL_CMD_GPU_QUERY_DRAIN_STATE"),
                    AbiTables.control("NV0000_CTRL_CMD_GPU_ASYNC_ATTACH_ID")
                }) {
            nvos54(cmd);
            f.mem.putInt(PARAMS, OTHER);
            refusedWithoutTheDriver(AbiTables.controlName(cmd));
        }
    }

    @Test
    void idInfoOfTheSandboxsGpuRuns() {
        nvos54(AbiTables.control("NV0000_CTRL_CMD_GPU_GET_ID_INFO_V2"));
        f.mem.putInt(PARAMS, OURS);
        driverAnswers(p -> p.putInt(8, 3)); // deviceInstance
        assertEquals(IoctlResult.value(0), handler.handle(f.call, RM_CONTROL).result(), "runs");
        assertEquals(3, f.mem.getInt(PARAMS + 8), "the answer reaches the guest");
    }

    @Test
    void attachingAnotherGpuIsRefusedAndAttachAllIsOnlyAcknowledged() {
        nvos54(AbiTables.control("NV0000_CTRL_CMD_GPU_ATTACH_IDS"));
        f.mem.putInt(PARAMS, OURS);
        f.mem.putInt(PARAMS + 4, OTHER);
        f.mem.putInt(PARAMS + 8, INVALID);
        refusedWithoutTheDriver("ATTACH_IDS naming another GPU after ours");

        FakeCall g = new FakeCall(REQ);
        try {
            nvos54(g, AbiTables.control("NV0000_CTRL_CMD_GPU_ATTACH_IDS"));
            g.mem.putInt(PARAMS, 0xffff); // NV0000_CTRL_GPU_ATTACH_ALL_PROBED_IDS
            driverAnswers(p -> {});
            assertEquals(
                    IoctlResult.value(0),
                    handler.handle(g.call, RM_CONTROL).result(),
                    "ATTACH_ALL_PROBED_IDS passes: RM only acknowledges it");
        } finally {
            g.hostFd.close();
        }
    }

    @Test
    void p2pCapsOfAnotherGpuAreRefused() {
        nvos54(AbiTables.control("NV0000_CTRL_CMD_SYSTEM_GET_P2P_CAPS_V2"));
        f.mem.putInt(PARAMS, OURS);
        f.mem.putInt(PARAMS + 4, OTHER);
        f.mem.putInt(PARAMS + 128, 2); // gpuCount
        refusedWithoutTheDriver("P2P caps between ours and another GPU");
    }

    @Test
    void activeDevicesAndBoostGroupsOfOtherGpusAreDropped() {
        nvos54(AbiTables.control("NV0000_CTRL_CMD_GPU_GET_ACTIVE_DEVICE_IDS"));
        driverAnswers(
                p -> {
                    p.putInt(0, 3);
                    int[][] devs = {{OTHER, 1, 1}, {OURS, 2, 3}, {0x100, 4, 5}};
                    for (int i = 0; i < 3; i++) {
                        for (int j = 0; j < 3; j++) {
                            p.putInt(4 + 12L * i + 4L * j, devs[i][j]);
                        }
                    }
                });
        handler.handle(f.call, RM_CONTROL).result();
        assertEquals(1, f.mem.getInt(PARAMS), "numDevices");
        assertArrayEquals(
                new int[] {OURS, 2, 3, 0, 0, 0}, guestInts(PARAMS + 4, 6), "ours, then zeros");

        FakeCall g = new FakeCall(REQ);
        try {
            nvos54(g, AbiTables.control("NV0000_CTRL_CMD_SYNC_GPU_BOOST_GROUP_INFO"));
            driverAnswers(
                    p -> {
                        p.putInt(0, 2);
                        p.putInt(4, 2); // group 0: ours and another
                        p.putInt(8, OURS);
                        p.putInt(12, OTHER);
                        p.putInt(4 + 140, 1); // group 1: ours
                        p.putInt(8 + 140, OURS);
                        p.putInt(4 + 140 + 132, 77); // its boostGroupId
                    });
            handler.handle(g.call, RM_CONTROL).result();
            assertEquals(
                    1,
                    g.mem.getInt(PARAMS),
                    "groupCount: the group that names another GPU is dropped");
            assertEquals(OURS, g.mem.getInt(PARAMS + 8), "the kept group's GPU");
            assertEquals(77, g.mem.getInt(PARAMS + 4 + 132), "its id, moved up");
            assertEquals(0, g.mem.getInt(PARAMS + 4 + 140 + 4), "no trace of the dropped one");
        } finally {
            g.hostFd.close();
        }
    }

    @Test
    void idInfosNamePointerNeverReachesTheDriverAndComesBack() {
        nvos54(AbiTables.control("NV0000_CTRL_CMD_GPU_GET_ID_INFO"));
        f.mem.putInt(PARAMS, OURS);
        long guestPointer = FakeCall.BASE + 0x5000;
        f.putLong(PARAMS + 16, guestPointer);
        AtomicLong seen = new AtomicLong(-1);
        driverAnswers(p -> seen.set(p.getLong(16)));
        assertEquals(IoctlResult.value(0), handler.handle(f.call, RM_CONTROL).result(), "runs");
        assertEquals(
                0,
                seen.get(),
                "szName is zeroed in the sentry's copy: RM would follow it in the sentry");
        assertEquals(guestPointer, f.getLong(PARAMS + 16), "the guest's own value comes back");
    }

    @Test
    void aSandboxWithoutGpusSeesNone() {
        RmControlHandler none =
                new RmControlHandler(
                        host,
                        AbiTables.reference().controlRules(),
                        Capability.mask(Capability.DEFAULT),
                        "driver 580.159.04");
        nvos54(AbiTables.control("NV0000_CTRL_CMD_GPU_GET_PCI_INFO"));
        f.mem.putInt(PARAMS, OURS);
        IoctlResult r = none.handle(f.call, RM_CONTROL).result();
        assertTrue(r instanceof IoctlResult.Denied, "no GPU: every GPU id is another's");
    }
}
