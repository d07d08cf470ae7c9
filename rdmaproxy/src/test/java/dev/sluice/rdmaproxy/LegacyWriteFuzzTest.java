package dev.sluice.rdmaproxy;

import com.code_intelligence.jazzer.junit.FuzzTest;

import dev.sluice.rdmaproxy.abi.UverbsAttrs;
import dev.sluice.rdmaproxy.abi.UverbsIoctl;
import dev.sluice.rdmaproxy.abi.UverbsMethods;
import dev.sluice.rdmaproxy.abi.UverbsObjects;
import dev.sluice.rdmaproxy.driver.EfaPlugin;
import dev.sluice.rdmaproxy.driver.GenericPlugin;
import dev.sluice.rdmaproxy.driver.Mlx5Plugin;
import dev.sluice.rdmaproxy.driver.RdmaDriverPlugin;
import dev.sluice.rdmaproxy.driver.RxePlugin;
import dev.sluice.rdmaproxy.driver.Udata;
import dev.sluice.rdmaproxy.driver.UdataRule;
import dev.sluice.rdmaproxy.driver.UdataSite;
import dev.sluice.rdmaproxy.uverbs.UverbsDispositions;
import dev.sluice.rdmaproxy.uverbs.UverbsEnvelope;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.FakeGuestMemory;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.ScriptedCall;
import dev.sluice.sentry.spi.Verdict;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Legacy uverbs commands written with {@code write()} (strict mode, and rdma_cm granted) under
 * coverage-guided fuzzing: the input's first byte picks the node, and so the plugin (ConnectX,
 * {@link Mlx5Plugin}; Soft-RoCE, {@link RxePlugin}; AWS EFA, {@link EfaPlugin}; the {@link
 * GenericPlugin} of a driver without one), the rest is one write segment. It is framed as the
 * kernel frames it ({@link LegacyWrite#parse}: {@code ib_uverbs_cmd_hdr}, the extended header, word
 * counts, request and driver data) and decided by {@link UverbsDispatch#decideWritten} both as the
 * sentry that runs the command itself and as the guest's own file continued.
 *
 * <p>Checked on every input: framing and decision answer (no exception); a framing refusal and a
 * denial are one line each, a denial EINVAL from the uverbs proxy, named {@code write
 * IB_USER_VERBS_*}; an allowed command has a table row, driver data the plugin's rules accept
 * (UHW_IN and the length of UHW_OUT, and an empty UHW_IN where the plugin has no rule), and when
 * the sentry runs it, it is one the sentry may run; the decision is that of the {@code
 * UVERBS_METHOD_INVOKE_WRITE} ioctl carrying the same request and driver data through {@link
 * RdmaProxy}, wherever that ioctl can carry them (every length fits its u16 and the guest image);
 * handling is deterministic.
 */
class LegacyWriteFuzzTest {
    private static final FakeUverbsHost HOST = new FakeUverbsHost();

    /** The nodes and their plugins, in the order the input's first byte picks them. */
    private static final Map<CharDevice, RdmaDriverPlugin> PLUGINS = plugins();

    private static final List<CharDevice> NODES = List.copyOf(PLUGINS.keySet());

    /** The dispatch of each node, as RDMAProxy keeps one per node. */
    private static final Map<CharDevice, UverbsDispatch> DISPATCH = dispatch();

    /** The same nodes behind the ioctl path, for the INVOKE_WRITE comparison. */
    private static final RdmaProxy PROXY = new RdmaProxy(List.of(231), PLUGINS, HOST);

    /** Where the INVOKE_WRITE's data goes after its header and attributes (UverbsCall.encode). */
    private static final int IMAGE_SLACK = 1024;

    private static Map<CharDevice, RdmaDriverPlugin> plugins() {
        Map<CharDevice, RdmaDriverPlugin> m = new LinkedHashMap<>();
        m.put(UverbsCall.UVERBS0, Mlx5Plugin.INSTANCE);
        m.put(new CharDevice(231, 193), RxePlugin.INSTANCE);
        m.put(new CharDevice(231, 194), EfaPlugin.INSTANCE);
        m.put(new CharDevice(231, 195), GenericPlugin.forHostDriver("irdma"));
        return m;
    }

    private static Map<CharDevice, UverbsDispatch> dispatch() {
        Map<CharDevice, UverbsDispatch> m = new LinkedHashMap<>();
        PLUGINS.forEach((dev, p) -> m.put(dev, new UverbsDispatch(p, HOST)));
        return m;
    }

    @FuzzTest(maxDuration = "10s")
    void writtenCommands(byte[] input) {
        String first = run(input);
        require(first.equals(run(input)), "the same write gets the same decisions: " + first);
    }

    private static String run(byte[] input) {
        if (input.length == 0) {
            return "empty";
        }
        CharDevice node = NODES.get(Math.floorMod(input[0], NODES.size()));
        byte[] segment = Arrays.copyOfRange(input, 1, input.length);
        if (segment.length > LegacyWrite.MAX_LENGTH) {
            return "too long"; // RdmaProxy.write refuses it before framing
        }
        LegacyWrite.Parsed parsed = LegacyWrite.parse(segment);
        if (parsed.write() == null) {
            require(
                    parsed.refusal() != null
                            && !parsed.refusal().isEmpty()
                            && parsed.refusal().indexOf('\n') < 0,
                    "a framing refusal is one line: " + parsed.refusal());
            return "framing: " + parsed.refusal();
        }
        LegacyWrite w = parsed.write();
        UverbsDispatch d = DISPATCH.get(node);
        Verdict continued = d.decideWritten(w, false);
        Verdict run = d.decideWritten(w, true);
        checkVerdict(continued);
        checkVerdict(run);
        if (allowed(continued)) {
            checkAllowed(d.plugin(), w, continued);
        }
        if (allowed(run)) {
            require(allowed(continued), "what the sentry runs is allowed to the guest too: " + w);
            require(
                    UverbsDispositions.sentryRunsWrite(run.name().substring("write ".length())),
                    "the sentry runs only what it may run itself: " + run.name());
        } else if (allowed(continued)) {
            require(
                    ((IoctlResult.Denied) run.result())
                            .reason()
                            .contains("must run in the caller's context"),
                    "a command allowed to the guest is refused to the sentry only for its context: "
                            + run.result());
        }
        String ioctl = sameAsInvokeWrite(node, d.plugin(), w, continued);
        return describe(continued) + " | " + describe(run) + " | " + ioctl;
    }

    /** A verdict named after the written command, and a denial one EINVAL uverbs line. */
    private static void checkVerdict(Verdict v) {
        require(v != null && v.result() != null, "an answer");
        require(
                v.name().startsWith("write IB_USER_VERBS_") && v.name().indexOf('\n') < 0,
                "the call goes by its command: " + v.name());
        IoctlResult r = v.result();
        require(
                r instanceof IoctlResult.Continue || r instanceof IoctlResult.Denied,
                "decided, not run: " + r);
        if (r instanceof IoctlResult.Denied den) {
            require(
                    den.errno() == Errno.EINVAL
                            && den.reason().startsWith("uverbs: ")
                            && den.reason().length() > "uverbs: ".length()
                            && den.reason().indexOf('\n') < 0,
                    "a denial is one uverbs line with EINVAL: " + den);
        }
    }

    /**
     * An allowed command has its row, and driver data its plugin's rules accept; the device has
     * reported no capabilities here, so a rule that needs one refuses (the two-argument apply).
     */
    private static void checkAllowed(RdmaDriverPlugin plugin, LegacyWrite w, Verdict v) {
        require(
                plugin.table().write(w.command(), w.extended()) != null,
                "an allowed command has a row: " + v.name());
        UdataSite site = new UdataSite.Write(w.command(), w.extended());
        UverbsEnvelope env = w.asInvokeWrite(plugin.driverId());
        UdataRule in = plugin.udataIn(site);
        require(
                in == null ? w.udataIn().length == 0 : in.apply(Udata.of(w.udataIn()), env) == null,
                "allowed driver data the "
                        + plugin.label()
                        + " refuses at "
                        + site
                        + ": "
                        + Arrays.toString(w.udataIn()));
        UdataRule out = plugin.udataOut(site);
        require(
                out == null || out.apply(Udata.outOfLength(w.udataOut()), env) == null,
                "an allowed driver response buffer the " + plugin.label() + " refuses: " + site);
    }

    /**
     * The INVOKE_WRITE ioctl carrying the command's request and driver data, through RDMAProxy on
     * the same node: allowed exactly when the written command is allowed to the guest. Not defined
     * where the ioctl cannot carry the write: an attribute longer than its u16 length, or data
     * beyond the guest image.
     */
    private static String sameAsInvokeWrite(
            CharDevice node, RdmaDriverPlugin plugin, LegacyWrite w, Verdict written) {
        long data = (long) w.coreIn() + w.coreOut() + w.udataIn().length + w.udataOut();
        if (w.coreIn() > 0xffff
                || w.coreOut() > 0xffff
                || w.udataIn().length > 0xffff
                || w.udataOut() > 0xffff
                || data + IMAGE_SLACK > UverbsCall.SIZE - (UverbsCall.HDR - UverbsCall.BASE)) {
            return "no ioctl";
        }
        UverbsCall c =
                UverbsCall.of(
                                UverbsObjects.UVERBS_OBJECT_DEVICE,
                                UverbsMethods.UVERBS_METHOD_INVOKE_WRITE)
                        .driver(plugin.driverId())
                        .device(node)
                        .constIn(
                                UverbsAttrs.UVERBS_ATTR_WRITE_CMD,
                                w.asInvokeWrite(plugin.driverId()).attrs().get(0).data());
        if (w.coreIn() > 0) {
            c.in(UverbsAttrs.UVERBS_ATTR_CORE_IN, w.request());
        }
        if (w.coreOut() > 0) {
            c.out(UverbsAttrs.UVERBS_ATTR_CORE_OUT, w.coreOut());
        }
        if (w.udataIn().length > 0) {
            c.in(UverbsAttrs.UVERBS_ATTR_UHW_IN, w.udataIn());
        }
        if (w.udataOut() > 0) {
            c.out(UverbsAttrs.UVERBS_ATTR_UHW_OUT, w.udataOut());
        }
        FakeGuestMemory g = new FakeGuestMemory(UverbsCall.BASE, UverbsCall.SIZE);
        c.encode(g);
        ScriptedCall call =
                new ScriptedCall(
                        UverbsIoctl.RDMA_VERBS_IOCTL,
                        UverbsCall.HDR,
                        node,
                        g,
                        UverbsCall.SENTRY_DUP);
        HOST.seen.clear();
        IoctlResult r = PROXY.handle(call).result();
        call.cleanup().run();
        boolean ioctlAllowed = r instanceof IoctlResult.Continue || r.equals(IoctlResult.value(0));
        require(
                ioctlAllowed || r instanceof IoctlResult.Denied,
                "the ioctl is decided, or run against a kernel that accepts it: " + r);
        require(
                ioctlAllowed == allowed(written),
                "write() and INVOKE_WRITE decide the same: " + written.result() + " vs " + r);
        if (r instanceof IoctlResult.Denied den) {
            require(
                    den.errno() == ((IoctlResult.Denied) written.result()).errno(),
                    "with the same errno: " + den + " vs " + written.result());
        }
        return ioctlAllowed ? "ioctl allowed" : "ioctl denied";
    }

    private static boolean allowed(Verdict v) {
        return v.result() instanceof IoctlResult.Continue;
    }

    private static String describe(Verdict v) {
        return v.name()
                + " "
                + (v.result() instanceof IoctlResult.Denied den ? den.reason() : "allowed");
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
