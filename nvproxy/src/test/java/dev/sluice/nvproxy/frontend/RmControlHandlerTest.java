package dev.sluice.nvproxy.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
import dev.sluice.sentry.spi.Verdict;

import jnr.ffi.Pointer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** RM_CONTROL against a mock driver: allowlist, sizes, embedded arrays, bad pointers. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RmControlHandlerTest {
    private static final int REQ = Nvos54.REQUEST;
    private static final long PARAMS = FakeCall.BASE + 0x1000;
    private static final IoctlEntry ROW = FakeCall.row(REQ);
    private final FakeCall f = new FakeCall(REQ);
    private final HostDevice host = mock(HostDevice.class);
    private final RmControlHandler handler =
            new RmControlHandler(
                    host,
                    AbiTables.reference().controlRules(),
                    Capability.mask(Capability.DEFAULT),
                    "driver 580.159.04",
                    SandboxScope.NONE,
                    ControlCommands.of(AbiTables.TAG)::name);

    @AfterEach
    void close() {
        f.hostFd.close();
    }

    private void nvos54(int cmd, long params, int size) {
        f.mem.putInt(FakeCall.BASE + Nvos54.OFF_H_CLIENT, 0xc1d00001);
        f.mem.putInt(FakeCall.BASE + Nvos54.OFF_H_OBJECT, 0xc1d00001);
        f.mem.putInt(FakeCall.BASE + Nvos54.OFF_CMD, cmd);
        f.putLong(FakeCall.BASE + Nvos54.OFF_PARAMS, params);
        f.mem.putInt(FakeCall.BASE + Nvos54.OFF_PARAMS_SIZE, size);
        f.mem.putInt(FakeCall.BASE + Nvos54.OFF_STATUS, 0x1234);
    }

    private int status() {
        return f.mem.getInt(FakeCall.BASE + Nvos54.OFF_STATUS);
    }

    @Test
    void allowedFlatCommandRunsOnTheSentrysCopy() {
        int cmd =
                AbiTables.control(
                        "NV0000_CTRL_CMD_CLIENT_GET_ADDR_SPACE_TYPE"); // 12 bytes, CUDA issues it
        // 30
        // times
        nvos54(cmd, PARAMS, 12);
        f.mem.putInt(PARAMS, 0xabcd);
        AtomicLong seenParams = new AtomicLong();
        when(host.ioctl(anyInt(), eq(REQ), anyLong()))
                .thenAnswer(
                        inv -> {
                            Pointer p = Pointer.wrap(Native.RUNTIME, (long) inv.getArgument(2));
                            seenParams.set(p.getLong(Nvos54.OFF_PARAMS));
                            Pointer params =
                                    Pointer.wrap(Native.RUNTIME, p.getLong(Nvos54.OFF_PARAMS));
                            assertEquals(
                                    0xabcd, params.getInt(0), "the copy holds the guest's input");
                            params.putInt(8, 3);
                            p.putInt(Nvos54.OFF_STATUS, NvStatus.NV_OK);
                            return 0;
                        });
        assertEquals(IoctlResult.value(0), handler.handle(f.call, ROW).result(), "runs");
        assertNotEquals(PARAMS, seenParams.get(), "the driver never sees the guest's pointer");
        assertEquals(3, f.mem.getInt(PARAMS + 8), "the result is copied back");
        assertEquals(
                PARAMS,
                f.getLong(FakeCall.BASE + Nvos54.OFF_PARAMS),
                "the guest's pointer is restored");
        assertEquals(NvStatus.NV_OK, status(), "status NV_OK");
    }

    @Test
    void unknownCommandIsNotSupportedWithoutReachingTheDriver() {
        nvos54(0x20801234, PARAMS, 16);
        Verdict v = handler.handle(f.call, ROW);
        IoctlResult r = v.result();
        assertInstanceOf(IoctlResult.Denied.class, r, "counted as a denial");
        assertEquals(0, ((IoctlResult.Denied) r).errno(), "the ioctl returns 0, like the driver");
        assertEquals(
                NvStatus.NV_ERR_NOT_SUPPORTED, status(), "NV_ERR_NOT_SUPPORTED, like the driver");
        verify(host, never()).ioctl(anyInt(), anyInt(), anyLong());
        assertEquals(
                "NV2080_CTRL_CMD_GR_GET_NUM_TPCS_FOR_GPC",
                AbiTables.controlName(0x20801234),
                "exported at " + AbiTables.TAG + ", but not allowed");
        assertEquals(
                "NV_ESC_RM_CONTROL NV2080_CTRL_CMD_GR_GET_NUM_TPCS_FOR_GPC (0x20801234)",
                v.name(),
                "named by the row and the tag's name of the command, which no allowed row names");
    }

    @Test
    void utilityCommandNeedsTheUtilityCapability() {
        RmControlHandler computeOnly =
                new RmControlHandler(
                        host,
                        AbiTables.reference().controlRules(),
                        Capability.COMPUTE.bit(),
                        "driver 580.159.04");
        nvos54(AbiTables.control("NV2080_CTRL_CMD_GPU_GET_PIDS"), PARAMS, 3812); // nvidia-smi only
        IoctlResult r = computeOnly.handle(f.call, ROW).result();
        assertInstanceOf(IoctlResult.Denied.class, r, "denied without utility");
        assertEquals(NvStatus.NV_ERR_NOT_SUPPORTED, status(), "as not supported");
        verify(host, never()).ioctl(anyInt(), anyInt(), anyLong());
    }

    @Test
    void wrongParamsSizeIsInvalidParamStruct() {
        nvos54(AbiTables.control("NV0000_CTRL_CMD_CLIENT_GET_ADDR_SPACE_TYPE"), PARAMS, 1 << 30);
        IoctlResult r = handler.handle(f.call, ROW).result();
        assertInstanceOf(IoctlResult.Denied.class, r, "an over-large paramsSize is refused");
        assertEquals(NvStatus.NV_ERR_INVALID_PARAM_STRUCT, status(), "NV_ERR_INVALID_PARAM_STRUCT");
        verify(host, never()).ioctl(anyInt(), anyInt(), anyLong());
    }

    @Test
    void unreadableParamsAreInvalidAddress() {
        nvos54(AbiTables.control("NV0000_CTRL_CMD_CLIENT_GET_ADDR_SPACE_TYPE"), 0xdead0000L, 12);
        IoctlResult r = handler.handle(f.call, ROW).result();
        assertInstanceOf(IoctlResult.Denied.class, r, "a bad pointer is refused");
        assertEquals(NvStatus.NV_ERR_INVALID_ADDRESS, status(), "NV_ERR_INVALID_ADDRESS");
        verify(host, never()).ioctl(anyInt(), anyInt(), anyLong());
    }

    @Test
    void finnSerializedParamsAreRefused() {
        nvos54(AbiTables.control("NV0000_CTRL_CMD_CLIENT_GET_ADDR_SPACE_TYPE"), PARAMS, 12);
        f.mem.putInt(FakeCall.BASE + Nvos54.OFF_FLAGS, Nvos54.NVOS54_FLAGS_FINN_SERIALIZED);
        assertInstanceOf(IoctlResult.Denied.class, handler.handle(f.call, ROW).result(), "refused");
        verify(host, never()).ioctl(anyInt(), anyInt(), anyLong());
    }

    @Test
    void embeddedArraysAreCopiedAndTheirPointersRewritten() {
        int cmd = AbiTables.control("NV0080_CTRL_CMD_FIFO_GET_CHANNELLIST");
        long handles = FakeCall.BASE + 0x2000;
        long channels = FakeCall.BASE + 0x3000;
        nvos54(cmd, PARAMS, 24);
        f.mem.putInt(PARAMS, 2);
        f.putLong(PARAMS + 8, handles);
        f.putLong(PARAMS + 16, channels);
        f.mem.putInt(handles, 0x11);
        f.mem.putInt(handles + 4, 0x22);
        when(host.ioctl(anyInt(), eq(REQ), anyLong()))
                .thenAnswer(
                        inv -> {
                            Pointer p = Pointer.wrap(Native.RUNTIME, (long) inv.getArgument(2));
                            Pointer params =
                                    Pointer.wrap(Native.RUNTIME, p.getLong(Nvos54.OFF_PARAMS));
                            long h = params.getLong(8);
                            long c = params.getLong(16);
                            assertNotEquals(handles, h, "handle list pointer rewritten");
                            assertNotEquals(channels, c, "channel list pointer rewritten");
                            assertEquals(
                                    0x22,
                                    Pointer.wrap(Native.RUNTIME, h).getInt(4),
                                    "handle list copied in");
                            Pointer.wrap(Native.RUNTIME, c).putInt(0, 7);
                            Pointer.wrap(Native.RUNTIME, c).putInt(4, 8);
                            p.putInt(Nvos54.OFF_STATUS, NvStatus.NV_OK);
                            return 0;
                        });
        assertEquals(IoctlResult.value(0), handler.handle(f.call, ROW).result(), "runs");
        assertEquals(7, f.mem.getInt(channels), "channel list copied out");
        assertEquals(8, f.mem.getInt(channels + 4), "both elements");
        assertEquals(handles, f.getLong(PARAMS + 8), "guest pointers restored in the params");
        assertEquals(channels, f.getLong(PARAMS + 16), "both");
    }

    @Test
    void overLongEmbeddedArrayIsInvalidArgument() {
        nvos54(AbiTables.control("NV0080_CTRL_CMD_FIFO_GET_CHANNELLIST"), PARAMS, 24);
        f.mem.putInt(PARAMS, 1 << 20);
        f.putLong(PARAMS + 8, FakeCall.BASE);
        IoctlResult r = handler.handle(f.call, ROW).result();
        assertInstanceOf(IoctlResult.Denied.class, r, "refused");
        assertEquals(NvStatus.NV_ERR_INVALID_ARGUMENT, status(), "NV_ERR_INVALID_ARGUMENT");
        verify(host, never()).ioctl(anyInt(), anyInt(), anyLong());
    }

    @Test
    void embeddedPointerToUnmappedMemoryIsInvalidAddress() {
        nvos54(AbiTables.control("NV0080_CTRL_CMD_FIFO_GET_CHANNELLIST"), PARAMS, 24);
        f.mem.putInt(PARAMS, 4);
        f.putLong(PARAMS + 8, 0x1000L); // unmapped
        IoctlResult r = handler.handle(f.call, ROW).result();
        assertInstanceOf(IoctlResult.Denied.class, r, "refused");
        assertEquals(NvStatus.NV_ERR_INVALID_ADDRESS, status(), "NV_ERR_INVALID_ADDRESS");
        verify(host, never()).ioctl(anyInt(), anyInt(), anyLong());
    }

    @Test
    void objectExportFdIsTranslatedAndRestored() {
        int cmd =
                AbiTables.control(
                        "NV0000_CTRL_CMD_OS_UNIX_IMPORT_OBJECT_FROM_FD"); // fd at 0, 20 bytes
        nvos54(cmd, PARAMS, 20);
        f.mem.putInt(PARAMS, 6);
        int dup = FakeCall.openDevNull();
        when(f.call.guestFile(6)).thenReturn((long) dup);
        when(host.charDevice(dup)).thenReturn(new dev.sluice.sentry.spi.CharDevice(195, 255));
        AtomicLong seenFd = new AtomicLong(-100);
        when(host.ioctl(anyInt(), eq(REQ), anyLong()))
                .thenAnswer(
                        inv -> {
                            Pointer p = Pointer.wrap(Native.RUNTIME, (long) inv.getArgument(2));
                            seenFd.set(
                                    Pointer.wrap(Native.RUNTIME, p.getLong(Nvos54.OFF_PARAMS))
                                            .getInt(0));
                            p.putInt(Nvos54.OFF_STATUS, NvStatus.NV_OK);
                            return 0;
                        });
        assertEquals(IoctlResult.value(0), handler.handle(f.call, ROW).result(), "runs");
        assertEquals(dup, seenFd.get(), "RM resolves the sentry's dup of the guest's file");
        assertEquals(6, f.mem.getInt(PARAMS), "the guest's number is back in its params");
        org.junit.jupiter.api.Assertions.assertFalse(FakeCall.isOpen(dup), "the dup is closed");
    }

    @Test
    void objectExportFdThatIsNotNvidiaIsRefused() {
        nvos54(AbiTables.control("NV0000_CTRL_CMD_OS_UNIX_IMPORT_OBJECT_FROM_FD"), PARAMS, 20);
        f.mem.putInt(PARAMS, 6);
        int dup = FakeCall.openDevNull();
        when(f.call.guestFile(6)).thenReturn((long) dup);
        when(host.charDevice(dup)).thenReturn(new dev.sluice.sentry.spi.CharDevice(1, 3));
        assertInstanceOf(
                IoctlResult.Denied.class,
                handler.handle(f.call, ROW).result(),
                "a foreign fd is refused");
        assertEquals(NvStatus.NV_ERR_INVALID_ARGUMENT, status(), "NV_ERR_INVALID_ARGUMENT");
        verify(host, never()).ioctl(anyInt(), anyInt(), anyLong());
        org.junit.jupiter.api.Assertions.assertFalse(FakeCall.isOpen(dup), "the dup is closed");
    }

    @Test
    void failedStatusLeavesTheGuestsParamsAlone() {
        nvos54(AbiTables.control("NV0000_CTRL_CMD_CLIENT_GET_ADDR_SPACE_TYPE"), PARAMS, 12);
        f.mem.putInt(PARAMS + 8, 77);
        when(host.ioctl(anyInt(), eq(REQ), anyLong()))
                .thenAnswer(
                        inv -> {
                            Pointer p = Pointer.wrap(Native.RUNTIME, (long) inv.getArgument(2));
                            Pointer.wrap(Native.RUNTIME, p.getLong(Nvos54.OFF_PARAMS)).putInt(8, 1);
                            p.putInt(Nvos54.OFF_STATUS, NvStatus.NV_ERR_INVALID_OBJECT_HANDLE);
                            return 0;
                        });
        assertEquals(
                IoctlResult.value(0), handler.handle(f.call, ROW).result(), "the ioctl succeeds");
        assertEquals(NvStatus.NV_ERR_INVALID_OBJECT_HANDLE, status(), "with RM's status");
        assertEquals(77, f.mem.getInt(PARAMS + 8), "params are not copied out on failure");
    }
}
