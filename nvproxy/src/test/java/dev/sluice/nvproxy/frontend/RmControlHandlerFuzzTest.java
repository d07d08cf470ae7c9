package dev.sluice.nvproxy.frontend;

import static dev.sluice.nvproxy.frontend.ScriptedDriver.BASE;
import static dev.sluice.nvproxy.frontend.ScriptedDriver.SIZE;
import static dev.sluice.nvproxy.frontend.ScriptedDriver.require;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

import dev.sluice.nvproxy.abi.AbiTables;
import dev.sluice.nvproxy.abi.NvStatus;
import dev.sluice.nvproxy.abi.NvosParams.Nvos54;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.spi.FuzzOutcome;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.ScriptedCall;

import jnr.ffi.Pointer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code NV_ESC_RM_CONTROL} ({@link RmControlHandler}) under coverage-guided fuzzing, with the real
 * allowlist of driver 580 and guest memory made of the fuzzer's bytes: {@code NVOS54_PARAMETERS} at
 * the start, the command's params and the arrays its embedded pointers name wherever the input
 * points. The driver's answers come from the end of the input ({@link ScriptedDriver}).
 *
 * <p>Checked on every input: the handler answers (no exception); it reads and writes the guest only
 * inside NVOS54, the params of the allowed command's exact size, and its embedded arrays of at most
 * their maximum count; the driver never sees a guest address nor the guest's fd number; every fd it
 * took is closed; a refusal never reaches the driver and leaves an RM error in {@code status}; and
 * handling the same input twice gives the same answer and the same guest memory.
 */
class RmControlHandlerFuzzTest {
    private static final Map<Integer, ControlRule> RULES = AbiTables.reference().controlRules();
    private static final long CAPS = Capability.mask(Capability.DEFAULT);

    @FuzzTest(maxDuration = "10s")
    void rmControl(FuzzedDataProvider data) {
        ScriptedDriver driver = new ScriptedDriver(data);
        FuzzOutcome.assertDeterministic(() -> run(driver));
    }

    private static FuzzOutcome run(ScriptedDriver driver) {
        ScriptedCall call = driver.call(Nvos54.REQUEST);
        byte[] g = call.recording().memory().bytes();
        int cmd = getInt(g, Nvos54.OFF_CMD);
        long guestParams = getLong(g, Nvos54.OFF_PARAMS);
        ControlRule rule = RULES.get(cmd);
        List<Long> allowed = new ArrayList<>(List.of(BASE, (long) Nvos54.SIZE));
        List<Long> guestPointers = new ArrayList<>(List.of(guestParams));
        if (rule != null) {
            allowed.add(guestParams);
            allowed.add((long) rule.paramsSize());
            EmbeddedArrays e = rule.embedded();
            if (e != null && inGuest(guestParams, rule.paramsSize())) {
                long count =
                        Integer.toUnsignedLong(
                                getInt(g, (int) (guestParams - BASE) + e.countOffset()));
                for (EmbeddedArrays.PointerField ptr : e.pointers()) {
                    long at = getLong(g, (int) (guestParams - BASE) + ptr.offset());
                    guestPointers.add(at);
                    allowed.add(at);
                    allowed.add(Math.min(count, e.maxCount()) * e.elemSize());
                }
            }
        }
        driver.ioctls = 0;
        driver.check =
                p -> {
                    Pointer nvos = Pointer.wrap(Native.RUNTIME, p);
                    long params = nvos.getLong(Nvos54.OFF_PARAMS);
                    requireSentryAddress(params, guestPointers, "NVOS54.params");
                    if (rule != null && rule.embedded() != null && params != 0) {
                        for (EmbeddedArrays.PointerField ptr : rule.embedded().pointers()) {
                            requireSentryAddress(
                                    Pointer.wrap(Native.RUNTIME, params).getLong(ptr.offset()),
                                    guestPointers,
                                    "embedded pointer at " + ptr.offset());
                        }
                    }
                    if (rule != null && rule.fdOffset() >= 0) {
                        int fd = Pointer.wrap(Native.RUNTIME, params).getInt(rule.fdOffset());
                        require(
                                call.handedOut().contains(fd),
                                "RM resolves the sentry's dup, not guest fd " + fd);
                    }
                };
        driver.onSuccess =
                p -> {
                    long params = Pointer.wrap(Native.RUNTIME, p).getLong(Nvos54.OFF_PARAMS);
                    if (params != 0) {
                        driver.respond(params, rule.paramsSize(), p + Nvos54.OFF_STATUS);
                    } else {
                        Pointer.wrap(Native.RUNTIME, p).putInt(Nvos54.OFF_STATUS, driver.status);
                    }
                };
        RmControlHandler handler = new RmControlHandler(driver, RULES, CAPS, "driver 580.159.04");
        IoctlResult r = handler.handle(call, FakeCall.row(Nvos54.REQUEST)).result();
        ScriptedDriver.checkAnswer(call, r, allowed.stream().mapToLong(Long::longValue).toArray());
        if (r instanceof IoctlResult.Denied d && d.errno() == 0) {
            require(driver.ioctls == 0, "a refused control never reaches the driver: " + d);
            require(
                    getInt(g, Nvos54.OFF_STATUS) != NvStatus.NV_OK,
                    "a refusal leaves an RM error in status: " + d);
        }
        if (rule == null || (rule.caps() & CAPS) == 0) {
            require(driver.ioctls == 0, "a command outside the allowlist never reaches the driver");
        }
        return new FuzzOutcome(r, g.clone(), call.recording().accesses());
    }

    /**
     * A pointer the driver may follow: none, or one into the sentry's memory, never the guest's.
     */
    private static void requireSentryAddress(long p, List<Long> guestPointers, String what) {
        require(
                p == 0 || (!guestPointers.contains(p) && !inGuest(p, 1)),
                what + " is a guest address handed to the driver: 0x" + Long.toHexString(p));
    }

    private static boolean inGuest(long addr, long size) {
        return addr >= BASE && addr - BASE <= SIZE - size;
    }

    static int getInt(byte[] g, int off) {
        if (off < 0 || off + 4 > g.length) {
            return 0;
        }
        return (g[off] & 0xff)
                | (g[off + 1] & 0xff) << 8
                | (g[off + 2] & 0xff) << 16
                | (g[off + 3] & 0xff) << 24;
    }

    static long getLong(byte[] g, int off) {
        return Integer.toUnsignedLong(getInt(g, off)) | (long) getInt(g, off + 4) << 32;
    }
}
