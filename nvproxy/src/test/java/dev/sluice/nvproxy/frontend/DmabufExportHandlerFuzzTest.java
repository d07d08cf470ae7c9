package dev.sluice.nvproxy.frontend;

import static dev.sluice.nvproxy.frontend.RmControlHandlerFuzzTest.getInt;
import static dev.sluice.nvproxy.frontend.ScriptedDriver.BASE;
import static dev.sluice.nvproxy.frontend.ScriptedDriver.require;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

import dev.sluice.nvproxy.abi.FrontendStructs.ExportToDmaBufFd;
import dev.sluice.nvproxy.abi.NvStatus;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.spi.FuzzOutcome;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.ScriptedCall;

import jnr.ffi.Pointer;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code NV_ESC_EXPORT_TO_DMABUF_FD} ({@link DmabufExportHandler}) under coverage-guided fuzzing:
 * the 2608-byte {@code nv_ioctl_export_to_dma_buf_fd_t} made of the fuzzer's bytes, a driver that
 * creates a real fd (on {@code /dev/null}) for a new export, and the guest's answers to fd
 * translation and installation from the end of the input.
 *
 * <p>Checked on every input: the handler answers; it touches the guest only inside the params; the
 * driver sees -1 for a new export and the sentry's dup, never the guest's number, for an existing
 * one; every fd the sentry got (a dup, a dma-buf the driver made) is closed when the call is over;
 * a dma-buf is installed in the guest only from a successful export, and then the guest's params
 * name the installed number; and handling is deterministic.
 */
class DmabufExportHandlerFuzzTest {

    @FuzzTest(maxDuration = "10s")
    void dmabufExport(FuzzedDataProvider data) {
        ScriptedDriver driver = new ScriptedDriver(data);
        FuzzOutcome.assertDeterministic(() -> run(driver));
    }

    private static FuzzOutcome run(ScriptedDriver driver) {
        ScriptedCall call = driver.call(ExportToDmaBufFd.REQUEST);
        byte[] g = call.recording().memory().bytes();
        int guestFd = getInt(g, ExportToDmaBufFd.OFF_FD);
        List<Integer> created = new ArrayList<>();
        driver.ioctls = 0;
        driver.check =
                p -> {
                    int fd = Pointer.wrap(Native.RUNTIME, p).getInt(ExportToDmaBufFd.OFF_FD);
                    require(
                            guestFd == -1 ? fd == -1 : call.handedOut().contains(fd),
                            "the driver sees " + fd + " for the guest's params.fd " + guestFd);
                };
        driver.onSuccess =
                p -> {
                    Pointer params = Pointer.wrap(Native.RUNTIME, p);
                    params.put(
                            ExportToDmaBufFd.OFF_NUM_OBJECTS,
                            driver.output,
                            0,
                            Math.min(driver.output.length, 16));
                    params.putInt(ExportToDmaBufFd.OFF_STATUS, driver.status);
                    if (params.getInt(ExportToDmaBufFd.OFF_FD) == -1
                            && driver.status == NvStatus.NV_OK) {
                        int fd = FakeCall.openDevNull(); // the new dma-buf, in the sentry's table
                        created.add(fd);
                        params.putInt(ExportToDmaBufFd.OFF_FD, fd);
                    }
                };
        IoctlResult r =
                new DmabufExportHandler(driver)
                        .handle(call, FakeCall.row(ExportToDmaBufFd.REQUEST))
                        .result();
        ScriptedDriver.checkAnswer(call, r, BASE, ExportToDmaBufFd.SIZE);
        for (int fd : created) {
            require(
                    !FakeCall.isOpen(fd),
                    "the sentry's copy of the new dma-buf " + fd + " is closed after " + r);
        }
        require(
                created.containsAll(call.injected()),
                "only a dma-buf the driver made is installed in the guest: "
                        + call.injected()
                        + " of "
                        + created);
        if (!call.injected().isEmpty() && r instanceof IoctlResult.Value) {
            require(
                    getInt(g, ExportToDmaBufFd.OFF_FD) == call.injectAnswer,
                    "the guest's params.fd names the installed fd after " + r);
        }
        if (guestFd < -1) {
            require(driver.ioctls == 0, "params.fd " + guestFd + " never reaches the driver");
        }
        return new FuzzOutcome(r, g.clone(), call.recording().accesses());
    }
}
