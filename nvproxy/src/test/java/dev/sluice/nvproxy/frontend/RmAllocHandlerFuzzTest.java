package dev.sluice.nvproxy.frontend;

import static dev.sluice.nvproxy.frontend.RmControlHandlerFuzzTest.getInt;
import static dev.sluice.nvproxy.frontend.RmControlHandlerFuzzTest.getLong;
import static dev.sluice.nvproxy.frontend.ScriptedDriver.BASE;
import static dev.sluice.nvproxy.frontend.ScriptedDriver.SIZE;
import static dev.sluice.nvproxy.frontend.ScriptedDriver.require;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

import dev.sluice.nvproxy.abi.AbiTables;
import dev.sluice.nvproxy.abi.NvStatus;
import dev.sluice.nvproxy.abi.NvosParams.Nvos21;
import dev.sluice.nvproxy.abi.NvosParams.Nvos64;
import dev.sluice.sentry.ioctl.IoctlEntry;
import dev.sluice.sentry.nativeio.Ioctl;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.FuzzOutcome;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.ScriptedCall;

import jnr.ffi.Pointer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code NV_ESC_RM_ALLOC} ({@link RmAllocHandler}) under coverage-guided fuzzing, in both layouts
 * ({@code NVOS21_PARAMETERS}, or {@code NVOS64_PARAMETERS} when the input's last byte is odd), with
 * the real class allowlist of driver 580 and guest memory made of the fuzzer's bytes: the params at
 * the start, the class's allocation params and the requested rights wherever they point.
 *
 * <p>Checked on every input: the handler answers; client classes continue and nothing else does; it
 * touches the guest only inside the params, the class's allocation params of the size RM copies for
 * that class, and the 4-byte rights mask; the driver sees only sentry addresses; a refusal never
 * reaches the driver and leaves an RM error in {@code status}; and handling is deterministic.
 */
class RmAllocHandlerFuzzTest {
    private static final Map<Integer, ClassRule> RULES = AbiTables.reference().classRules();
    private static final long CAPS = Capability.mask(Capability.DEFAULT);

    @FuzzTest(maxDuration = "10s")
    void rmAlloc(FuzzedDataProvider data) {
        boolean v64 = data.consumeBoolean();
        ScriptedDriver driver = new ScriptedDriver(data);
        FuzzOutcome.assertDeterministic(() -> run(driver, v64));
    }

    private static FuzzOutcome run(ScriptedDriver driver, boolean v64) {
        int request = v64 ? Nvos64.REQUEST : Nvos21.REQUEST;
        int size = v64 ? Nvos64.SIZE : Nvos21.SIZE;
        int statusOff = v64 ? Nvos64.OFF_STATUS : Nvos21.OFF_STATUS;
        ScriptedCall call = driver.call(request);
        byte[] g = call.recording().memory().bytes();
        int hClass = getInt(g, Nvos21.OFF_H_CLASS);
        long guestAlloc = getLong(g, Nvos21.OFF_P_ALLOC_PARMS);
        long guestRights = v64 ? getLong(g, Nvos64.OFF_P_RIGHTS_REQUESTED) : 0;
        ClassRule rule = RULES.get(hClass);
        List<Long> allowed = new ArrayList<>(List.of(BASE, (long) size));
        if (rule != null) {
            allowed.addAll(List.of(guestAlloc, (long) rule.paramsSize()));
        }
        if (v64) {
            allowed.addAll(List.of(guestRights, (long) RmAllocHandler.RS_ACCESS_MASK_SIZE));
        }
        driver.ioctls = 0;
        driver.check =
                p -> {
                    Pointer nvos = Pointer.wrap(Native.RUNTIME, p);
                    requireSentryAddress(
                            nvos.getLong(Nvos21.OFF_P_ALLOC_PARMS),
                            guestAlloc,
                            guestRights,
                            "pAllocParms");
                    if (v64) {
                        requireSentryAddress(
                                nvos.getLong(Nvos64.OFF_P_RIGHTS_REQUESTED),
                                guestAlloc,
                                guestRights,
                                "pRightsRequested");
                    }
                };
        driver.onSuccess =
                p -> {
                    long alloc = Pointer.wrap(Native.RUNTIME, p).getLong(Nvos21.OFF_P_ALLOC_PARMS);
                    if (alloc != 0) {
                        driver.respond(alloc, rule.paramsSize(), p + statusOff);
                    } else {
                        Pointer.wrap(Native.RUNTIME, p).putInt(statusOff, driver.status);
                    }
                };
        RmAllocHandler handler = new RmAllocHandler(driver, RULES, CAPS, "driver 580.159.04");
        IoctlEntry entry =
                new IoctlEntry(
                        request,
                        "NV_ESC_RM_ALLOC",
                        Disposition.EMULATE,
                        handler,
                        Ioctl.dir(request),
                        size,
                        0);
        IoctlResult r = handler.handle(call, entry).result();
        ScriptedDriver.checkAnswer(call, r, allowed.stream().mapToLong(Long::longValue).toArray());
        require(
                (r == IoctlResult.CONTINUE) == RmAllocHandler.isClientClass(hClass),
                "exactly the client classes continue: class 0x"
                        + Integer.toHexString(hClass)
                        + " got "
                        + r);
        if (r instanceof IoctlResult.Denied d && d.errno() == 0) {
            require(driver.ioctls == 0, "a refused allocation never reaches the driver: " + d);
            require(
                    getInt(g, statusOff) != NvStatus.NV_OK,
                    "a refusal leaves an RM error in status: " + d);
        }
        if (rule == null || (rule.caps() & CAPS) == 0) {
            require(driver.ioctls == 0, "a class outside the allowlist never reaches the driver");
        }
        return new FuzzOutcome(r, g.clone(), call.recording().accesses());
    }

    private static void requireSentryAddress(
            long p, long guestAlloc, long guestRights, String what) {
        require(
                p == 0 || (p != guestAlloc && p != guestRights && !(p >= BASE && p - BASE < SIZE)),
                what + " is a guest address handed to the driver: 0x" + Long.toHexString(p));
    }
}
