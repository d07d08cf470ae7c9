package dev.sluice.rdmaproxy;

import dev.sluice.rdmaproxy.abi.UverbsIoctl;
import dev.sluice.rdmaproxy.driver.RdmaDriverPlugin;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.GuestIovec;
import dev.sluice.sentry.spi.HostDevice;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.TrapRule;
import dev.sluice.sentry.spi.Verdict;
import dev.sluice.sentry.spi.WriteCall;

import jnr.ffi.Pointer;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;

/**
 * RDMAProxy: mediates the uverbs ioctl path ({@code RDMA_VERBS_IOCTL} on {@code
 * /dev/infiniband/uverbsN}).
 *
 * <p>The trap rule is the exact request number, never type and nr alone: {@code RDMA_VERBS_IOCTL}
 * shares both with umad's {@code IB_USER_MAD_REGISTER_AGENT}. The request on an fd this proxy does
 * not own is denied, so a guest cannot let the sentry see one file and the kernel run another.
 *
 * <p>Each granted uverbs node is served by the driver plugin its host driver selected ({@code
 * dev.sluice.rdmaproxy.driver}): a call is decided by the plugin of the char device behind the
 * sentry's own dup of the guest's fd, a race-free fact. A uverbs node that was not granted has no
 * plugin and its calls are denied.
 *
 * <p>Each call's envelope is checked against the schema, the plugin's table and its driver data
 * rules ({@link UverbsDispatch}); an allowed call is then emulated or continued as its row says.
 * The legacy {@code write()} path is trapped only in strict mode ({@link #write};
 * docs/rdma-drivers.md, "Strict mode").
 */
public final class RdmaProxy implements DeviceProxy {
    private final List<Integer> majors;
    private final Map<CharDevice, UverbsDispatch> dispatch;
    private final boolean strict;
    private final RdmaCmMediator rdmaCm;
    private final List<Path> nodes;

    /**
     * @param majors the char majors named {@code infiniband_verbs} in /proc/devices
     * @param plugins the driver plugin of each granted uverbs node, by its char device
     * @param host where emulated calls run
     */
    public RdmaProxy(
            List<Integer> majors, Map<CharDevice, RdmaDriverPlugin> plugins, HostDevice host) {
        this(majors, plugins, host, false);
    }

    /**
     * @param strict strict mode: the write family is trapped and legacy commands written to a
     *     granted node are decided as their INVOKE_WRITE ioctls ({@link #write})
     */
    public RdmaProxy(
            List<Integer> majors,
            Map<CharDevice, RdmaDriverPlugin> plugins,
            HostDevice host,
            boolean strict) {
        this(majors, plugins, host, strict, null);
    }

    /**
     * @param rdmaCm the mediation of the granted rdma_cm node, or null where none is granted: with
     *     one, the write family is trapped as in strict mode ({@link #mediatesWrites})
     */
    RdmaProxy(
            List<Integer> majors,
            Map<CharDevice, RdmaDriverPlugin> plugins,
            HostDevice host,
            boolean strict,
            RdmaCmMediator rdmaCm) {
        this(majors, plugins, host, strict, rdmaCm, List.of());
    }

    /**
     * @param nodes the granted uverbs nodes' host paths: in strict mode the sentry opens them for
     *     the guest ({@link #opensDevices})
     */
    RdmaProxy(
            List<Integer> majors,
            Map<CharDevice, RdmaDriverPlugin> plugins,
            HostDevice host,
            boolean strict,
            RdmaCmMediator rdmaCm,
            List<Path> nodes) {
        this.nodes = List.copyOf(nodes);
        this.rdmaCm = rdmaCm;
        this.strict = strict;
        this.majors = List.copyOf(majors);
        // One dispatch per node: it keeps what the node's device reported of its capabilities.
        Map<CharDevice, UverbsDispatch> d = new LinkedHashMap<>();
        plugins.forEach((dev, p) -> d.put(dev, new UverbsDispatch(p, host)));
        this.dispatch = Map.copyOf(d);
    }

    /** The plugin serving {@code device}, or null when it was not granted. */
    public RdmaDriverPlugin plugin(CharDevice device) {
        UverbsDispatch d = device == null ? null : dispatch.get(device);
        return d == null ? null : d.plugin();
    }

    @Override
    public String name() {
        return RdmaProxyProvider.NAME;
    }

    @Override
    public List<TrapRule> trapRules() {
        return List.of(TrapRule.exact(UverbsIoctl.RDMA_VERBS_IOCTL, Disposition.DENY, "uverbs"));
    }

    @Override
    public boolean owns(CharDevice device) {
        return UverbsDevices.isUverbs(majors, device.major(), device.minor())
                || (rdmaCm != null && rdmaCm.device().equals(device));
    }

    @Override
    public Verdict handle(IoctlCall call) {
        int cmd = call.request().cmd();
        if (cmd != UverbsIoctl.RDMA_VERBS_IOCTL) {
            return new Verdict(
                    IoctlResult.deny(Errno.ENOTTY, "not supported by " + name()), ioctlName(cmd));
        }
        UverbsDispatch d = call.device() == null ? null : dispatch.get(call.device());
        if (d == null) {
            return notGranted(call.device(), UverbsDispatch.REQUEST);
        }
        return d.dispatch(call);
    }

    /**
     * Strict mode: the granted uverbs nodes; rdma_cm in execute mode: its node. The sandbox cannot
     * open them itself (nodev bind mounts, no mknod of character devices); the sentry opens each
     * for the guest, so the kernel refuses every write() the guest makes on it ({@code
     * ib_safe_file_access}: the file's opener is the sentry), and the commands it allows are run by
     * the sentry ({@link #write}). In rdma_cm's kernel-run mode its files stay the guest's own.
     */
    @Override
    public List<Path> opensDevices() {
        List<Path> opened = new ArrayList<>(strict ? nodes : List.of());
        if (rdmaCm != null && rdmaCm.executes()) {
            opened.add(rdmaCm.node());
        }
        return List.copyOf(opened);
    }

    /**
     * rdma_cm in execute mode: its files are opened on the thread whose credentials its executors
     * share ({@link RdmaCmMediator#open}): ucma compares a writer's credentials with the file's
     * opener's by pointer, and a notification worker's change with every capability it raises. The
     * uverbs nodes are opened by the sentry's worker: their commands run as ioctls, which have no
     * such check.
     */
    @Override
    public OptionalInt openDevice(Path node, int flags) {
        return rdmaCm == null ? OptionalInt.empty() : rdmaCm.open(node, flags);
    }

    /**
     * In strict mode, and wherever rdma_cm is granted: its whole interface is {@code write()}, so
     * mediating it means trapping the write family; the uverbs nodes' legacy commands are then
     * decided too.
     */
    @Override
    public boolean mediatesWrites() {
        return strict || rdmaCm != null;
    }

    /**
     * Strict mode: each segment of a write to a uverbs node is one legacy command (the kernel calls
     * the file's {@code ->write} once per segment), decided as the INVOKE_WRITE ioctl carrying it
     * ({@link UverbsDispatch#decideWritten}) on the sentry's copy. The first refused segment
     * refuses the whole call (the kernel would have run the segments before it: a stricter answer
     * that no honest client notices, since libibverbs writes one command per {@code write()}).
     * Allowed commands are run by the sentry as their INVOKE_WRITE ioctls ({@link
     * UverbsDispatch#runWritten}) and answered with the bytes written: the guest's own write()
     * could not run them on a file the sentry opened, and need not re-read anything.
     */
    @Override
    public Verdict write(WriteCall call) {
        String name = call.request().syscallName();
        if (rdmaCm != null && rdmaCm.device().equals(call.device())) {
            return rdmaCm.write(call);
        }
        UverbsDispatch d = call.device() == null ? null : dispatch.get(call.device());
        if (d == null) {
            return notGranted(call.device(), name);
        }
        GuestIovec.Segments segments = GuestIovec.read(call.request(), call.memory(), call.arena());
        if (segments.errno() != 0) {
            return new Verdict(
                    IoctlResult.deny(
                            segments.errno(),
                            "uverbs: cannot read the iovec array of " + call.request()),
                    name);
        }
        Verdict last = new Verdict(IoctlResult.CONTINUE, name);
        List<LegacyWrite> commands = new ArrayList<>();
        List<Long> lengths = new ArrayList<>();
        for (GuestIovec.Segment seg : segments.list()) {
            if (seg.len() > LegacyWrite.MAX_LENGTH) {
                return new Verdict(
                        IoctlResult.deny(
                                Errno.EINVAL,
                                "uverbs: a write of "
                                        + seg.len()
                                        + " bytes is longer than any legacy command ("
                                        + LegacyWrite.MAX_LENGTH
                                        + ")"),
                        name);
            }
            Pointer p = call.arena().alloc(seg.len());
            int rc = call.memory().read(seg.addr(), p, seg.len());
            if (rc < 0) {
                return new Verdict(
                        IoctlResult.deny(
                                -rc,
                                "uverbs: cannot read the "
                                        + seg.len()
                                        + " bytes written at 0x"
                                        + Long.toHexString(seg.addr())),
                        name);
            }
            byte[] bytes = new byte[(int) seg.len()];
            p.get(0, bytes, 0, bytes.length);
            LegacyWrite.Parsed parsed = LegacyWrite.parse(bytes);
            if (parsed.refusal() != null) {
                return new Verdict(
                        IoctlResult.deny(Errno.EINVAL, "uverbs: write(): " + parsed.refusal()),
                        name);
            }
            last = d.decideWritten(parsed.write(), strict);
            if (!(last.result() instanceof IoctlResult.Continue)) {
                return last;
            }
            commands.add(parsed.write());
            lengths.add(seg.len());
        }
        if (!strict) {
            // rdma_cm granted without strict mode: the guest opened its uverbs files itself, and
            // its allowed writes are continued as before (docs/rdma-drivers.md, "rdma_cm").
            return last;
        }
        // Every segment is allowed: the sentry runs them in order, as the kernel would have. A
        // failing one after others ran answers the bytes written so far, as vfs_writev does.
        long done = 0;
        for (int i = 0; i < commands.size(); i++) {
            IoctlResult r = d.runWritten(call, commands.get(i), lengths.get(i));
            if (!(r instanceof IoctlResult.Value)) {
                return last.answered(i == 0 ? r : IoctlResult.value(done));
            }
            done += lengths.get(i);
        }
        return last.answered(IoctlResult.value(done));
    }

    /**
     * The uverbs CONTINUE rows are validated on a copy that the kernel reads again, and the legacy
     * {@code write()} path is not trapped at all (docs/security-model.md): a racing guest reaches
     * every uverbs method and legacy command on its own context, including what the plugins deny
     * ({@link RdmaDriverPlugin#racyReach()}).
     */
    @Override
    public String racyRows() {
        Set<String> plugins = new TreeSet<>();
        Set<String> reach = new TreeSet<>();
        for (UverbsDispatch d : dispatch.values()) {
            plugins.add(d.plugin().name());
            if (!d.plugin().racyReach().isBlank()) {
                reach.add(d.plugin().racyReach());
            }
        }
        return "rdmaproxy ("
                + String.join(", ", plugins)
                + "): the uverbs CONTINUE rows (contexts, memory registration,"
                + " CQ/QP/SRQ/WQ creation, driver methods) are checked on a copy the kernel reads again"
                + (strict
                        ? " (write() of legacy commands is closed: the sentry opens the uverbs files, the kernel"
                                + " refuses the guest's own writes on them, and the sentry runs what it allows)"
                        : ", and write() of legacy commands is not trapped")
                + ", so a racing guest reaches every uverbs method"
                + (strict ? "" : " and legacy command")
                + " on its own context"
                + (reach.isEmpty() ? "" : ", including " + String.join(" and ", reach))
                + (rdmaCm == null || rdmaCm.executes()
                        ? ""
                        : "; the rdma_cm commands are decided on a copy and continued, so a racing"
                                + " guest reaches any address and option rdma_cm allows it");
    }

    @Override
    public void close() {
        if (rdmaCm != null) {
            rdmaCm.close();
        }
    }

    @Override
    public String ioctlName(int cmd) {
        return cmd == UverbsIoctl.RDMA_VERBS_IOCTL ? UverbsDispatch.REQUEST : "unknown";
    }

    /** A call on a uverbs node this sandbox was not granted: no plugin serves it. */
    private static Verdict notGranted(CharDevice device, String name) {
        return new Verdict(
                IoctlResult.deny(
                        Errno.EINVAL,
                        "uverbs: uverbs device "
                                + device
                                + " was not granted to this sandbox, so no driver plugin serves it"),
                name);
    }
}
