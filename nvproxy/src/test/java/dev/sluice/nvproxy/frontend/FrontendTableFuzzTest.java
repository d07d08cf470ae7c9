package dev.sluice.nvproxy.frontend;

import static dev.sluice.nvproxy.frontend.RmControlHandlerFuzzTest.getInt;
import static dev.sluice.nvproxy.frontend.ScriptedDriver.BASE;
import static dev.sluice.nvproxy.frontend.ScriptedDriver.require;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

import dev.sluice.nvproxy.abi.AbiTables;
import dev.sluice.nvproxy.abi.FrontendStructs.AttachGpusToFd;
import dev.sluice.nvproxy.abi.FrontendStructs.CardInfo;
import dev.sluice.nvproxy.abi.FrontendStructs.ExportToDmaBufFd;
import dev.sluice.nvproxy.abi.FrontendStructs.RegisterFd;
import dev.sluice.nvproxy.abi.NvosParams;
import dev.sluice.sentry.ioctl.IoctlEntry;
import dev.sluice.sentry.ioctl.IoctlTable;
import dev.sluice.sentry.nativeio.Ioctl;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.FuzzOutcome;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.ScriptedCall;

import jnr.ffi.Pointer;

import java.util.List;
import java.util.Set;

/**
 * The NVIDIA frontend ({@code /dev/nvidiactl}, {@code /dev/nvidia<N>}) under coverage-guided
 * fuzzing, through the real table ({@link FrontendTable}) of driver 580: the request is one of the
 * table's rows (or any 32-bit number, when the input's last bytes say so) and its params are the
 * fuzzer's bytes. This drives the frontend escapes' own params: {@code NV_ESC_REGISTER_FD}'s fd,
 * {@code NV_ESC_ATTACH_GPUS_TO_FD}'s GPU ids, {@code NV_ESC_CARD_INFO}'s filtering and the plain
 * escapes; RM_CONTROL, RM_ALLOC and the dma-buf export have targets of their own with closer
 * checks.
 *
 * <p>Checked on every input: the table answers (no exception); a request it has no row for is
 * denied and never reaches the driver; a row's handler touches the guest only inside {@code
 * _IOC_SIZE} bytes of params; the driver sees the sentry's dup as {@code ctl_fd}, and only granted
 * GPU ids; what the guest reads back from CARD_INFO names only granted GPUs; every fd taken is
 * closed; and handling is deterministic.
 */
class FrontendTableFuzzTest {
    private static final Set<Integer> MINORS = Set.of(0);
    private static final Set<Integer> GPU_IDS = Set.of(0x100);
    private static final long CAPS = Capability.mask(Capability.DEFAULT) | Capability.RDMA.bit();
    private static final Set<Integer> OWN_TARGETS =
            Set.of(
                    NvosParams.Nvos54.REQUEST,
                    NvosParams.Nvos21.REQUEST,
                    NvosParams.Nvos64.REQUEST,
                    ExportToDmaBufFd.REQUEST);

    @FuzzTest(maxDuration = "10s")
    void frontendEscape(FuzzedDataProvider data) {
        boolean raw = data.consumeBoolean();
        int pick = raw ? data.consumeInt() : data.consumeInt(0, Integer.MAX_VALUE);
        ScriptedDriver driver = new ScriptedDriver(data);
        FuzzOutcome.assertDeterministic(() -> run(driver, raw, pick));
    }

    private static FuzzOutcome run(ScriptedDriver driver, boolean raw, int pick) {
        IoctlTable table =
                FrontendTable.build(
                        AbiTables.reference(),
                        CAPS,
                        "driver 580.159.04",
                        driver,
                        new FrontendHandlers(driver, MINORS, GPU_IDS));
        List<IoctlEntry> rows = List.copyOf(table.entries());
        int cmd = raw ? pick : rows.get(Math.floorMod(pick, rows.size())).cmd();
        IoctlEntry row = table.lookup(cmd);
        ScriptedCall call = driver.call(cmd);
        byte[] g = call.recording().memory().bytes();
        int size = Ioctl.size(cmd);
        driver.ioctls = 0;
        driver.check =
                p -> {
                    Pointer params = Pointer.wrap(Native.RUNTIME, p);
                    if (cmd == RegisterFd.REQUEST) {
                        int fd = params.getInt(RegisterFd.OFF_CTL_FD);
                        require(
                                call.handedOut().contains(fd),
                                "REGISTER_FD reaches the driver with fd "
                                        + fd
                                        + ", not the sentry's dup");
                    } else if (Ioctl.typeNr(cmd) == Ioctl.typeNr(AttachGpusToFd.request(1))
                            && row != null) {
                        for (int off = 0; off < size; off += 4) {
                            int id = params.getInt(off);
                            require(
                                    id == 0 || GPU_IDS.contains(id),
                                    "ATTACH_GPUS_TO_FD reaches the driver with GPU id " + id);
                        }
                    }
                };
        driver.onSuccess =
                p -> {
                    Pointer params = Pointer.wrap(Native.RUNTIME, p);
                    // The export's fd field is the driver's new fd in the sentry's table:
                    // DmabufExportHandlerFuzzTest
                    // makes a real one; here it keeps what the sentry passed, or the handler would
                    // close whatever
                    // this process has open under the output's number (its stdin, say).
                    int fd = params.getInt(ExportToDmaBufFd.OFF_FD);
                    params.put(0, driver.output, 0, Math.min(driver.output.length, size));
                    if (cmd == ExportToDmaBufFd.REQUEST) {
                        params.putInt(ExportToDmaBufFd.OFF_FD, fd);
                    }
                };
        IoctlResult r = table.dispatch(call, CAPS).result();
        boolean ownTarget = OWN_TARGETS.contains(cmd);
        if (ownTarget) {
            // Their accesses follow guest pointers; their own targets check each against the ABI.
            ScriptedDriver.checkAnswer(call, r, (long[]) null);
        } else {
            ScriptedDriver.checkAnswer(call, r, BASE, size);
        }
        if (row == null) {
            require(r instanceof IoctlResult.Denied, "a request without a row is denied: " + r);
            require(
                    driver.ioctls == 0 && call.recording().accesses().isEmpty(),
                    "a request without a row touches neither the driver nor the guest");
        } else if (row.disposition() == Disposition.CONTINUE) {
            require(r == IoctlResult.CONTINUE, "a CONTINUE row continues: " + r);
        }
        if (cmd == CardInfo.REQUEST && r instanceof IoctlResult.Value) {
            for (int off = 0; off + CardInfo.SIZE <= size; off += CardInfo.SIZE) {
                require(
                        g[off + CardInfo.OFF_VALID] == 0
                                || MINORS.contains(getInt(g, off + CardInfo.OFF_MINOR_NUMBER)),
                        "CARD_INFO shows the guest a GPU it was not granted, at entry "
                                + off / CardInfo.SIZE);
            }
        }
        return new FuzzOutcome(r, g.clone(), call.recording().accesses());
    }
}
