package dev.sluice.nvproxy.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.sluice.nvproxy.abi.AbiTables;
import dev.sluice.nvproxy.abi.AllocClasses;
import dev.sluice.nvproxy.abi.Layouts;
import dev.sluice.nvproxy.abi.NvStatus;
import dev.sluice.nvproxy.abi.NvosParams.Nvos21;
import dev.sluice.nvproxy.abi.NvosParams.Nvos64;
import dev.sluice.sentry.ioctl.IoctlEntry;
import dev.sluice.sentry.nativeio.Ioctl;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.HostDevice;
import dev.sluice.sentry.spi.IoctlResult;

import jnr.ffi.Pointer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.concurrent.TimeUnit;

/** RM_ALLOC against a mock driver: client classes continue, allowed classes are copied exactly. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RmAllocHandlerTest {
    private static final long ALLOC = FakeCall.BASE + 0x1000;
    private final HostDevice host = mock(HostDevice.class);
    private final RmAllocHandler handler =
            new RmAllocHandler(
                    host,
                    AbiTables.reference().classRules(),
                    Capability.mask(Capability.DEFAULT),
                    "driver 580.159.04");
    private FakeCall f;

    @AfterEach
    void close() {
        f.hostFd.close();
    }

    private IoctlEntry entry(int request) {
        return new IoctlEntry(
                request,
                "NV_ESC_RM_ALLOC",
                Disposition.EMULATE,
                handler,
                Ioctl.dir(request),
                Ioctl.size(request),
                0);
    }

    private IoctlResult alloc(int request, int hClass, long allocParams) {
        f = new FakeCall(request);
        f.mem.putInt(FakeCall.BASE + Nvos21.OFF_H_CLASS, hClass);
        f.putLong(FakeCall.BASE + Nvos21.OFF_P_ALLOC_PARMS, allocParams);
        f.mem.putInt(FakeCall.BASE + Nvos21.OFF_PARAMS_SIZE, 0); // CUDA passes 0; RM ignores it
        return handler.handle(f.call, entry(request)).result();
    }

    @ParameterizedTest
    @ValueSource(
            ints = {
                AllocClasses.NV01_ROOT,
                AllocClasses.NV01_ROOT_NON_PRIV,
                AllocClasses.NV01_ROOT_CLIENT
            })
    void clientClassesContinueInTheGuestsContext(int hClass) {
        assertEquals(
                IoctlResult.CONTINUE,
                alloc(Nvos21.REQUEST, hClass, 0),
                "RM binds a client to its process");
        verify(host, never()).ioctl(anyInt(), anyInt(), anyLong());
    }

    /**
     * Found by RmAllocHandlerFuzzTest: a class without params got the guest's pointer through to
     * RM.
     */
    @Test
    void classWithoutParamsNeverPassesTheGuestsPointer() {
        java.util.concurrent.atomic.AtomicLong seen =
                new java.util.concurrent.atomic.AtomicLong(-1);
        when(host.ioctl(anyInt(), eq(Nvos21.REQUEST), anyLong()))
                .thenAnswer(
                        inv -> {
                            Pointer p = Pointer.wrap(Native.RUNTIME, (long) inv.getArgument(2));
                            seen.set(p.getLong(Nvos21.OFF_P_ALLOC_PARMS));
                            p.putInt(Nvos21.OFF_STATUS, NvStatus.NV_OK);
                            return 0;
                        });
        ClassRule none =
                AbiTables.reference().classRules().values().stream()
                        .filter(
                                r ->
                                        r.paramsSize() == 0
                                                && (r.caps() & Capability.mask(Capability.DEFAULT))
                                                        != 0)
                        .findFirst()
                        .orElseThrow();
        assertEquals(
                IoctlResult.value(0),
                alloc(Nvos21.REQUEST, none.hClass(), ALLOC),
                "runs: " + none.name());
        assertEquals(0, seen.get(), "RM gets NULL, not the guest's pointer");
        assertEquals(
                ALLOC,
                f.getLong(FakeCall.BASE + Nvos21.OFF_P_ALLOC_PARMS),
                "the guest's pointer is restored");
    }

    /**
     * NV_MEMORY_ALLOCATION_PARAMS.address is a pointer member of the params the sentry passes to
     * RM: a guest address there would name the sentry's memory. RM clears it itself
     * (standard_mem.c); the sentry clears it first (security issue 15, item 5).
     */
    @ParameterizedTest
    @ValueSource(strings = {"NV01_MEMORY_SYSTEM", "NV01_MEMORY_LOCAL_USER", "NV50_MEMORY_VIRTUAL"})
    void memoryAllocationAddressNeverReachesRmFromTheSentry(String name) {
        int hClass = AbiTables.classId(name);
        Layouts layouts = Layouts.of("frontend", AbiTables.TAG);
        assertEquals(
                96,
                layouts.offsetOf("NV_MEMORY_ALLOCATION_PARAMS.address"),
                "NV_MEMORY_ALLOCATION_PARAMS.address at " + AbiTables.TAG);
        java.util.concurrent.atomic.AtomicLong seen =
                new java.util.concurrent.atomic.AtomicLong(-1);
        java.util.concurrent.atomic.AtomicLong seenSize =
                new java.util.concurrent.atomic.AtomicLong(-1);
        when(host.ioctl(anyInt(), eq(Nvos21.REQUEST), anyLong()))
                .thenAnswer(
                        inv -> {
                            Pointer p = Pointer.wrap(Native.RUNTIME, (long) inv.getArgument(2));
                            Pointer a =
                                    Pointer.wrap(
                                            Native.RUNTIME, p.getLong(Nvos21.OFF_P_ALLOC_PARMS));
                            seen.set(a.getLong(96));
                            seenSize.set(a.getLong(64));
                            p.putInt(Nvos21.OFF_STATUS, NvStatus.NV_OK);
                            return 0;
                        });
        f = new FakeCall(Nvos21.REQUEST);
        f.putLong(ALLOC + 64, 0x200000); // size
        f.putLong(ALLOC + 96, 0x7fffdeadb000L); // address: a pointer the guest chose
        f.mem.putInt(FakeCall.BASE + Nvos21.OFF_H_CLASS, hClass);
        f.putLong(FakeCall.BASE + Nvos21.OFF_P_ALLOC_PARMS, ALLOC);
        assertEquals(
                IoctlResult.value(0),
                handler.handle(f.call, entry(Nvos21.REQUEST)).result(),
                "runs");
        assertEquals(0, seen.get(), name + ": address is zeroed in the sentry's copy");
        assertEquals(0x200000, seenSize.get(), "the other fields pass as they are");
    }

    @Test
    void allowedClassCopiesExactlyTheClassParamsSize() {
        int hopperChannel = AbiTables.classId("HOPPER_CHANNEL_GPFIFO_A");
        int size = AbiTables.allocClass("HOPPER_CHANNEL_GPFIFO_A").paramsSize();
        assertTrue(size > 8, "HOPPER_CHANNEL_GPFIFO_A takes params: " + size);
        when(host.ioctl(anyInt(), eq(Nvos64.REQUEST), anyLong()))
                .thenAnswer(
                        inv -> {
                            Pointer p = Pointer.wrap(Native.RUNTIME, (long) inv.getArgument(2));
                            long copy = p.getLong(Nvos21.OFF_P_ALLOC_PARMS);
                            assertNotEquals(ALLOC, copy, "the driver sees the sentry's copy");
                            Pointer a = Pointer.wrap(Native.RUNTIME, copy);
                            assertEquals(
                                    0x5a5a5a5a,
                                    a.getInt(size - 4),
                                    "the last byte of the class struct was copied");
                            a.putInt(0, 0x77);
                            p.putInt(Nvos64.OFF_STATUS, NvStatus.NV_OK);
                            return 0;
                        });
        f = null;
        f = new FakeCall(Nvos64.REQUEST);
        f.mem.putInt(FakeCall.BASE + Nvos21.OFF_H_CLASS, hopperChannel);
        f.putLong(FakeCall.BASE + Nvos21.OFF_P_ALLOC_PARMS, ALLOC);
        f.mem.putInt(ALLOC + size - 4, 0x5a5a5a5a);
        f.mem.putInt(ALLOC + size, 0x33);
        assertEquals(
                IoctlResult.value(0),
                handler.handle(f.call, entry(Nvos64.REQUEST)).result(),
                "allocated");
        assertEquals(0x77, f.mem.getInt(ALLOC), "results copied back");
        assertEquals(0x33, f.mem.getInt(ALLOC + size), "nothing past the class struct is written");
        assertEquals(
                ALLOC,
                f.getLong(FakeCall.BASE + Nvos21.OFF_P_ALLOC_PARMS),
                "the guest's pointer is restored");
    }

    @Test
    void unknownClassIsInvalidClass() {
        int hClass = AbiTables.classId("AMPERE_SMC_CONFIG_SESSION"); // allocatable, not allowed
        assertFalse(
                AbiTables.reference().classRules().containsKey(hClass),
                "AMPERE_SMC_CONFIG_SESSION is not allowed");
        IoctlResult r = alloc(Nvos21.REQUEST, hClass, ALLOC);
        assertInstanceOf(IoctlResult.Denied.class, r, "denied");
        assertEquals(
                NvStatus.NV_ERR_INVALID_CLASS,
                f.mem.getInt(FakeCall.BASE + Nvos21.OFF_STATUS),
                "NV_ERR_INVALID_CLASS, as RM answers");
        verify(host, never()).ioctl(anyInt(), anyInt(), anyLong());
    }

    @Test
    void unreadableAllocParamsAreInvalidAddress() {
        IoctlResult r = alloc(Nvos21.REQUEST, AbiTables.classId("NV01_DEVICE_0"), 0x1000L);
        assertInstanceOf(IoctlResult.Denied.class, r, "denied");
        assertEquals(
                NvStatus.NV_ERR_INVALID_ADDRESS,
                f.mem.getInt(FakeCall.BASE + Nvos21.OFF_STATUS),
                "NV_ERR_INVALID_ADDRESS");
        verify(host, never()).ioctl(anyInt(), anyInt(), anyLong());
    }

    @Test
    void rightsRequestedIsCopiedForNvos64() {
        long rights = FakeCall.BASE + 0x3000;
        when(host.ioctl(anyInt(), eq(Nvos64.REQUEST), anyLong()))
                .thenAnswer(
                        inv -> {
                            Pointer p = Pointer.wrap(Native.RUNTIME, (long) inv.getArgument(2));
                            long copy = p.getLong(Nvos64.OFF_P_RIGHTS_REQUESTED);
                            assertNotEquals(
                                    rights, copy, "pRightsRequested points at the sentry's copy");
                            assertEquals(
                                    0x5,
                                    Pointer.wrap(Native.RUNTIME, copy).getInt(0),
                                    "with the guest's mask");
                            return 0;
                        });
        f = new FakeCall(Nvos64.REQUEST);
        f.mem.putInt(FakeCall.BASE + Nvos21.OFF_H_CLASS, AbiTables.classId("NV20_SUBDEVICE_0"));
        f.putLong(FakeCall.BASE + Nvos64.OFF_P_RIGHTS_REQUESTED, rights);
        f.mem.putInt(rights, 0x5);
        assertEquals(
                IoctlResult.value(0),
                handler.handle(f.call, entry(Nvos64.REQUEST)).result(),
                "allocated");
        assertEquals(rights, f.getLong(FakeCall.BASE + Nvos64.OFF_P_RIGHTS_REQUESTED), "restored");
    }
}
