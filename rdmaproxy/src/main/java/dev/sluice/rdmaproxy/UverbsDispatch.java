package dev.sluice.rdmaproxy;

import dev.sluice.rdmaproxy.abi.LegacyCommands;
import dev.sluice.rdmaproxy.abi.UverbsAttrs;
import dev.sluice.rdmaproxy.abi.UverbsIoctl;
import dev.sluice.rdmaproxy.abi.UverbsIoctl.IoctlHdr;
import dev.sluice.rdmaproxy.abi.UverbsMethods;
import dev.sluice.rdmaproxy.abi.UverbsNames;
import dev.sluice.rdmaproxy.abi.UverbsObjects;
import dev.sluice.rdmaproxy.abi.UverbsSchema;
import dev.sluice.rdmaproxy.driver.ConstRule;
import dev.sluice.rdmaproxy.driver.DeviceCaps;
import dev.sluice.rdmaproxy.driver.RdmaDriverPlugin;
import dev.sluice.rdmaproxy.driver.Udata;
import dev.sluice.rdmaproxy.driver.UdataRule;
import dev.sluice.rdmaproxy.driver.UdataSite;
import dev.sluice.rdmaproxy.uverbs.RdmaTable;
import dev.sluice.rdmaproxy.uverbs.UverbsDispositions;
import dev.sluice.rdmaproxy.uverbs.UverbsEnvelope;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.HostDevice;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.Verdict;
import dev.sluice.sentry.spi.WriteCall;

import jnr.ffi.Pointer;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Decides one {@code RDMA_VERBS_IOCTL} on a device served by one driver plugin, in this order:
 *
 * <ol>
 *   <li>the envelope is well framed ({@link UverbsEnvelope});
 *   <li>{@code driver_id} is one the plugin accepts, its own (the kernel fails any other with
 *       EINVAL), or any for the generic plugin;
 *   <li>(object, method) has a row in the plugin's {@link RdmaTable}; otherwise the plugin's reason
 *       for refusing it (DEVX, ...) or "not modelled";
 *   <li>every attribute is declared by that method, once, with the shape its schema asks for
 *       ({@link UverbsAttrCheck}), and every mandatory attribute is present;
 *   <li>CONST_IN values are ones the plugin allows; for {@code UVERBS_METHOD_INVOKE_WRITE} the
 *       legacy command has a row too;
 *   <li>input data behind a pointer (PTR_IN longer than 8 bytes, handle arrays) is copied into the
 *       sentry: unreadable guest memory is EFAULT, and where a struct may grow, the excess must be
 *       zero;
 *   <li>driver data (UHW_IN/UHW_OUT) fits the plugin's rule for the method or legacy command, and
 *       is empty where the driver reads none;
 *   <li>an fd named as a uverbs event file (completion channel, async event file) is one the caller
 *       has open and is such a file.
 * </ol>
 *
 * Anything else is denied with EINVAL (EFAULT for unreadable memory) and a reason that names
 * object, method and attribute; the dispatcher logs it.
 *
 * <p>Then the row's disposition applies ({@link UverbsDispositions} says why each has its own).
 * EMULATE: {@link UverbsEmulator} runs the call on the sentry's dup of the uverbs file with the
 * copies made here, so what was checked is what runs. CONTINUE: the kernel re-reads the envelope
 * from guest memory, so for those calls the checks bind an honest guest and are advisory against a
 * racing one (docs/security-model.md).
 *
 * <p>One per granted device node: it keeps what that device reported of its capabilities ({@link
 * DeviceCaps}), read from the driver response of the query the plugin names ({@link
 * RdmaDriverPlugin#capsReport}) whenever the sentry runs that query itself, for the driver-data
 * rules that need a capability.
 */
public final class UverbsDispatch {
    private final RdmaDriverPlugin plugin;
    private final DeviceCaps caps;
    private final RdmaTable table;
    private final UverbsNames names;
    private final HostDevice host;
    private final UverbsEmulator emulator;

    private static final UverbsMethods.Key INVOKE_WRITE =
            new UverbsMethods.Key(
                    UverbsObjects.UVERBS_OBJECT_DEVICE, UverbsMethods.UVERBS_METHOD_INVOKE_WRITE);

    /** The C name of the one request ({@code RDMA_VERBS_IOCTL}). */
    static final String REQUEST = "RDMA_VERBS_IOCTL";

    /** How a written legacy command is named in stats and log lines. */
    static final String WRITE = "write";

    /** Guest input is read through at most this many bytes of scratch at a time. */
    static final int CHUNK = 4096;

    /** A legacy command's verdict: denied, or allowed with its udata site, disposition and name. */
    private record WriteDecision(
            IoctlResult denied, UdataSite site, Disposition disposition, String name) {
        static WriteDecision deny(IoctlResult denied) {
            return new WriteDecision(denied, null, null, null);
        }
    }

    /** What {@code /proc/self/fd} shows for a completion channel or the async event file. */
    static final String EVENT_FILE = "anon_inode:[infinibandevent]";

    public UverbsDispatch(RdmaDriverPlugin plugin, HostDevice host) {
        this.plugin = plugin;
        this.host = host;
        this.emulator = new UverbsEmulator(host);
        this.table = plugin.table();
        this.names = plugin.names();
        this.caps = new DeviceCaps(plugin.capsReport());
    }

    public RdmaDriverPlugin plugin() {
        return plugin;
    }

    /**
     * The decision on one call, named {@code RDMA_VERBS_IOCTL} with the method or legacy command it
     * carries once that has a row.
     */
    public Verdict dispatch(IoctlCall call) {
        UverbsEnvelope.Read read = UverbsEnvelope.read(call);
        if (read instanceof UverbsEnvelope.Bad bad) {
            // Bad framing (EINVAL) or unreadable guest memory (EFAULT): nobody executes the call.
            return new Verdict(
                    IoctlResult.deny(bad.fault().errno(), "uverbs: " + bad.fault().reason()),
                    REQUEST);
        }
        return decide(call, ((UverbsEnvelope.Ok) read).envelope());
    }

    /**
     * The decision on an envelope the sentry already holds a copy of; {@code call} gives guest
     * memory.
     */
    private Verdict decide(IoctlCall call, UverbsEnvelope env) {
        String name = REQUEST;
        int object = env.objectId();
        int method = env.methodId();
        String where =
                "method " + names.method(object, method) + " on object " + names.object(object);
        if (!plugin.acceptsDriverId(env.driverId())) {
            return new Verdict(
                    deny(
                            String.format(
                                    "driver_id %d (%s) of %s is not the %s plugin's %d (%s)",
                                    env.driverId(),
                                    driverName(env.driverId()),
                                    where,
                                    plugin.name(),
                                    plugin.driverId(),
                                    driverName(plugin.driverId()))),
                    name);
        }
        RdmaTable.MethodRow row = table.method(object, method);
        if (row == null) {
            Optional<String> why = plugin.denial(object, method);
            if (why.isPresent()) {
                return new Verdict(
                        deny(where + " is denied by the " + plugin.label() + ": " + why.get()),
                        name);
            }
            if (UverbsEnvelope.driverNamespace(object) || UverbsEnvelope.driverNamespace(method)) {
                return new Verdict(
                        deny(
                                "driver-namespace "
                                        + where
                                        + " is not modelled by the "
                                        + plugin.label()),
                        name);
            }
            return new Verdict(deny("unsupported " + where), name);
        }
        UverbsSchema.Method schema = row.schema();
        Set<Integer> seen = new HashSet<>();
        UverbsEnvelope.Attr writeCmd = null;
        for (UverbsEnvelope.Attr a : env.attrs()) {
            Optional<UverbsSchema.Attr> spec = schema.attr(a.id());
            if (spec.isEmpty()) {
                return new Verdict(
                        deny(
                                "unsupported attribute "
                                        + attr(env, a)
                                        + " of "
                                        + where
                                        + (UverbsEnvelope.driverNamespace(a.id())
                                                ? ": a driver-namespace attribute the "
                                                        + plugin.label()
                                                        + " does not model"
                                                : "")),
                        name);
            }
            if (!seen.add(a.id())) {
                return new Verdict(
                        deny("attribute " + attr(env, a) + " given twice to " + where), name);
            }
            String bad = UverbsAttrCheck.shape(spec.get(), a);
            if (bad != null) {
                return new Verdict(
                        deny("attribute " + attr(env, a) + " of " + where + " " + bad), name);
            }
            if (spec.get().type() == UverbsSchema.AttrType.CONST_IN) {
                ConstRule rule = plugin.constRule(object, method, a.id());
                String no = rule == null ? null : rule.check(a.data());
                if (no != null) {
                    return new Verdict(
                            deny("attribute " + attr(env, a) + " of " + where + ": " + no), name);
                }
            }
            if (object == UverbsObjects.UVERBS_OBJECT_DEVICE
                    && method == UverbsMethods.UVERBS_METHOD_INVOKE_WRITE
                    && a.id() == UverbsAttrs.UVERBS_ATTR_WRITE_CMD) {
                writeCmd = a;
            }
        }
        for (UverbsSchema.Attr s : schema.attrs()) {
            if (s.mandatory() && !seen.contains(s.id())) {
                return new Verdict(
                        deny(
                                "mandatory attribute "
                                        + names.describeAttr(object, method, s.id())
                                        + " missing from "
                                        + where),
                        name);
            }
        }
        UdataSite site = udata(row) ? new UdataSite.Method(object, method) : null;
        Disposition disposition = row.disposition();
        if (writeCmd != null) {
            WriteDecision w = decideWrite(writeCmd, where);
            if (w.denied() != null) {
                return new Verdict(w.denied(), name);
            }
            site = w.site();
            disposition = w.disposition();
            name = REQUEST + " " + w.name();
        } else {
            name = REQUEST + " " + row.name();
        }
        boolean emulate = disposition == Disposition.EMULATE;
        Map<Integer, byte[]> copies = new HashMap<>();
        Map<Integer, Pointer> kept = new HashMap<>();
        for (UverbsEnvelope.Attr a : env.attrs()) {
            UverbsSchema.Attr spec = schema.attr(a.id()).orElseThrow();
            boolean udataIn = site != null && a.id() == UverbsAttrs.UVERBS_ATTR_UHW_IN;
            IoctlResult r =
                    copyIn(call, env, spec, a, where, udataIn, emulate ? kept : null, copies);
            if (r != null) {
                return new Verdict(r, name);
            }
        }
        if (site != null) {
            IoctlResult r = decideUdata(env, site, where, copies);
            if (r != null) {
                return new Verdict(r, name);
            }
        }
        for (UverbsEnvelope.Attr a : env.attrs()) {
            UverbsSchema.Attr spec = schema.attr(a.id()).orElseThrow();
            if (spec.type() == UverbsSchema.AttrType.FD
                    && spec.access() == UverbsSchema.Access.READ) {
                IoctlResult r = checkEventFd(call, env, a, where);
                if (r != null) {
                    return new Verdict(r, name);
                }
            }
        }
        if (emulate) {
            UdataSite ran = site;
            return new Verdict(
                    emulator.run(
                            call,
                            env,
                            schema,
                            kept,
                            where,
                            id -> names.describeAttr(object, method, id),
                            caps.reportedAt(ran) ? response -> caps.learn(ran, response) : null),
                    name);
        }
        return new Verdict(IoctlResult.CONTINUE, name);
    }

    /**
     * A uverbs event file named by an FD attribute (a completion channel or the async event file,
     * which the kernel resolves in the caller's fd table): the caller must have it open, and it
     * must be one ({@code anon_inode:[infinibandevent]}, the name uverbs_std_types.c and
     * uverbs_std_types_async_fd.c give both). Whether it belongs to this very uverbs file only the
     * kernel can tell (it fails a foreign one with EBADF). Null when fine.
     */
    private IoctlResult checkEventFd(
            IoctlCall call, UverbsEnvelope env, UverbsEnvelope.Attr a, String where) {
        int guestFd = (int) a.data();
        long dup = call.guestFile(guestFd);
        if (dup < 0) {
            return deny(
                    "attribute "
                            + attr(env, a)
                            + " of "
                            + where
                            + " names fd "
                            + guestFd
                            + ", which the caller does not have open");
        }
        String link;
        try (HostFd f = HostFd.adopt((int) dup)) {
            link = host.link(f.fd());
        }
        if (!EVENT_FILE.equals(link)) {
            return deny(
                    "attribute "
                            + attr(env, a)
                            + " of "
                            + where
                            + " names fd "
                            + guestFd
                            + (link != null ? " (" + link + ")" : "")
                            + ", which is not a uverbs event file");
        }
        return null;
    }

    /**
     * Whether a method carries driver data: the core declares UHW_IN for it (GET_CONTEXT,
     * CQ/QP/SRQ/WQ create).
     */
    private static boolean udata(RdmaTable.MethodRow row) {
        UverbsSchema.Method core = UverbsSchema.CORE_BY_KEY.get(row.key());
        return core != null
                && !row.key().equals(INVOKE_WRITE)
                && core.attr(UverbsAttrs.UVERBS_ATTR_UHW_IN).isPresent();
    }

    /**
     * Reads the input an attribute points at, as the kernel would: PTR_IN data longer than {@link
     * UverbsSchema#INLINE_MAX} and handle arrays longer than that. Unreadable memory is EFAULT. A
     * PTR_IN longer than its known struct must have zero excess (inline or not). When the call is
     * emulated ({@code kept} not null) each such input is read whole into the call's arena and kept
     * there for the private envelope; otherwise it is streamed through at most {@link #CHUNK}
     * bytes, so a continued call with many long attributes costs reads, not memory. The driver data
     * (UHW_IN, {@code udataIn}) is also kept as bytes in {@code copies} for the plugin's rules.
     * Null when fine.
     */
    private IoctlResult copyIn(
            IoctlCall call,
            UverbsEnvelope env,
            UverbsSchema.Attr spec,
            UverbsEnvelope.Attr a,
            String where,
            boolean udataIn,
            Map<Integer, Pointer> kept,
            Map<Integer, byte[]> copies) {
        boolean input = UverbsAttrCheck.input(spec);
        boolean array = spec.type() == UverbsSchema.AttrType.IDRS_ARRAY;
        if (!input && !array) {
            return null;
        }
        UverbsSchema.Attr size = input ? UverbsAttrCheck.sizeSpec(spec, a) : null;
        int zeroFrom =
                size != null && size.zeroTrailing() && a.len() > size.len() ? size.len() : a.len();
        byte[] copy = udataIn ? new byte[a.len()] : null;
        if (a.len() <= UverbsSchema.INLINE_MAX) {
            for (int i = 0; i < a.len(); i++) {
                byte b = (byte) (a.data() >>> (8 * i));
                if (copy != null) {
                    copy[i] = b;
                }
                if (i >= zeroFrom && b != 0) {
                    return excess(env, a, where, i, zeroFrom);
                }
            }
        } else {
            int step = kept != null ? a.len() : CHUNK;
            Pointer chunk = call.arena().alloc(Math.min(step, a.len()));
            for (int off = 0; off < a.len(); off += step) {
                int n = Math.min(step, a.len() - off);
                int r = call.memory().read(a.data() + off, chunk, n);
                if (r < 0) {
                    return IoctlResult.deny(
                            -r,
                            "uverbs: attribute "
                                    + attr(env, a)
                                    + " of "
                                    + where
                                    + " points at unreadable guest memory (0x"
                                    + Long.toHexString(a.data())
                                    + ", "
                                    + a.len()
                                    + " bytes)");
                }
                if (copy != null) {
                    chunk.get(0, copy, off, n);
                }
                for (int i = Math.max(off, zeroFrom); i < off + n; i++) {
                    if (chunk.getByte(i - off) != 0) {
                        return excess(env, a, where, i, zeroFrom);
                    }
                }
            }
            if (kept != null) {
                kept.put(a.id(), chunk);
            }
        }
        if (copy != null) {
            copies.put(a.id(), copy);
        }
        return null;
    }

    private IoctlResult excess(
            UverbsEnvelope env, UverbsEnvelope.Attr a, String where, int at, int known) {
        return deny(
                "attribute "
                        + attr(env, a)
                        + " of "
                        + where
                        + " has non-zero byte "
                        + at
                        + " beyond the "
                        + known
                        + " bytes the kernel knows");
    }

    /** Checks UHW_IN and UHW_OUT at {@code site} against the plugin's rules. Null when fine. */
    private IoctlResult decideUdata(
            UverbsEnvelope env, UdataSite site, String where, Map<Integer, byte[]> copies) {
        Udata in = Udata.ABSENT;
        Udata out = Udata.ABSENT;
        for (UverbsEnvelope.Attr a : env.attrs()) {
            if (a.id() == UverbsAttrs.UVERBS_ATTR_UHW_IN) {
                in = Udata.of(copies.get(a.id()));
            } else if (a.id() == UverbsAttrs.UVERBS_ATTR_UHW_OUT) {
                out = Udata.outOfLength(a.len());
            }
        }
        String at = UdataSite.describe(site, names);
        String of = site instanceof UdataSite.Write ? " for " + at : "";
        UdataRule inRule = plugin.udataIn(site);
        if (inRule == null) {
            if (in.len() > 0) {
                return deny(
                        "attribute "
                                + names.describeAttr(
                                        env.objectId(),
                                        env.methodId(),
                                        UverbsAttrs.UVERBS_ATTR_UHW_IN)
                                + " of "
                                + where
                                + " carries "
                                + in.len()
                                + " bytes of driver data"
                                + of
                                + ", which the "
                                + plugin.label()
                                + " does not model");
            }
        } else {
            String no = inRule.apply(in, env, caps);
            if (no != null) {
                return deny(
                        "attribute "
                                + names.describeAttr(
                                        env.objectId(),
                                        env.methodId(),
                                        UverbsAttrs.UVERBS_ATTR_UHW_IN)
                                + " of "
                                + where
                                + " (driver data"
                                + of
                                + "): "
                                + no);
            }
        }
        UdataRule outRule = plugin.udataOut(site);
        String no = outRule == null ? null : outRule.apply(out, env, caps);
        if (no != null) {
            return deny(
                    "attribute "
                            + names.describeAttr(
                                    env.objectId(), env.methodId(), UverbsAttrs.UVERBS_ATTR_UHW_OUT)
                            + " of "
                            + where
                            + " (driver response"
                            + of
                            + "): "
                            + no);
        }
        return null;
    }

    /**
     * {@code UVERBS_ATTR_WRITE_CMD} is a CONST_IN: a u64 carried inline. The kernel takes it as a
     * u32 command whose only bits are the command number and the extended flag (uapi_get_method in
     * rdma_core.h). Allowed when the command has a row, whose disposition then applies.
     */
    private WriteDecision decideWrite(UverbsEnvelope.Attr a, String where) {
        String attr =
                names.describeAttr(
                        UverbsObjects.UVERBS_OBJECT_DEVICE,
                        UverbsMethods.UVERBS_METHOD_INVOKE_WRITE,
                        a.id());
        return decideCommand(a.data(), attr, where);
    }

    /**
     * The decision on a legacy command written to the uverbs file (strict mode: {@link
     * RdmaProxy#write}): exactly that of the {@code UVERBS_METHOD_INVOKE_WRITE} ioctl carrying it,
     * its table row and its driver data under the plugin's rules; and only a command the sentry may
     * run itself ({@link UverbsDispositions#sentryRunsWrite}): one that must run in the caller's
     * context is refused with EINVAL. An allowed command comes back as CONTINUE, meaning "run it":
     * {@link #runWritten} does, since the kernel refuses the guest's own write() on a uverbs file
     * the sentry opened (docs/rdma-drivers.md, "Strict mode").
     */
    Verdict decideWritten(LegacyWrite w) {
        return decideWritten(w, true);
    }

    /**
     * As {@link #decideWritten(LegacyWrite)}; with {@code sentryRuns} false (the guest opened the
     * file itself: rdma_cm granted without strict mode) an allowed command is continued as it was,
     * so commands that must run in the caller's context are not refused.
     */
    Verdict decideWritten(LegacyWrite w, boolean sentryRuns) {
        UverbsEnvelope env = w.asInvokeWrite(plugin.driverId());
        String where = "write() of a legacy command";
        UverbsEnvelope.Attr cmd = env.attrs().get(0);
        WriteDecision d = decideCommand(cmd.data(), "its ib_uverbs_cmd_hdr", where);
        if (d.denied() != null) {
            return new Verdict(d.denied(), WRITE + " " + w.method().name());
        }
        String name = WRITE + " " + d.name();
        IoctlResult r =
                decideUdata(
                        env, d.site(), where, Map.of(UverbsAttrs.UVERBS_ATTR_UHW_IN, w.udataIn()));
        if (r == null && sentryRuns && !UverbsDispositions.sentryRunsWrite(d.name())) {
            r =
                    deny(
                            d.name()
                                    + " by write() must run in the caller's context ("
                                    + table.write(w.command(), w.extended()).why()
                                    + "), and a uverbs file the sentry opened refuses the"
                                    + " caller's own write(); run it through the ioctl path"
                                    + " (INVOKE_WRITE)");
        }
        return new Verdict(r != null ? r : IoctlResult.CONTINUE, name);
    }

    /**
     * Runs an allowed legacy command ({@link #decideWritten}) as its {@code
     * UVERBS_METHOD_INVOKE_WRITE} ioctl on the sentry's dup of the guest's uverbs file, every
     * pointer into sentry memory: the request and driver data in are the sentry's copies, the
     * response and driver data out are sentry buffers first filled from the guest's response
     * memory, copied back there once the kernel flags them written ({@code
     * UVERBS_ATTR_F_VALID_OUTPUT}). The ioctl path has no {@code ib_safe_file_access} check, so it
     * runs whoever opened the file. The answer is the write's byte count, as the kernel's write
     * path answers, or the ioctl's errno. A driver response that reports the device's capabilities
     * ({@link RdmaDriverPlugin#capsReport}) is read from the sentry's buffer.
     *
     * @param length the segment's byte count
     */
    IoctlResult runWritten(WriteCall call, LegacyWrite w, long length) {
        UverbsEnvelope env = w.asInvokeWrite(plugin.driverId());
        int n = env.attrs().size();
        Pointer hdr = call.arena().alloc(IoctlHdr.SIZE + (long) n * UverbsIoctl.Attr.SIZE);
        hdr.putShort(IoctlHdr.OFF_LENGTH, (short) env.length());
        hdr.putShort(IoctlHdr.OFF_OBJECT_ID, (short) env.objectId());
        hdr.putShort(IoctlHdr.OFF_METHOD_ID, (short) env.methodId());
        hdr.putShort(IoctlHdr.OFF_NUM_ATTRS, (short) n);
        hdr.putInt(IoctlHdr.OFF_DRIVER_ID, env.driverId());
        Pointer coreOut = null;
        Pointer uhwOut = null;
        for (int i = 0; i < n; i++) {
            UverbsEnvelope.Attr a = env.attrs().get(i);
            long data = a.data();
            if (a.id() == UverbsAttrs.UVERBS_ATTR_CORE_IN) {
                data = copy(call, w.request());
            } else if (a.id() == UverbsAttrs.UVERBS_ATTR_UHW_IN) {
                data = copy(call, w.udataIn());
            } else if (a.id() == UverbsAttrs.UVERBS_ATTR_CORE_OUT
                    || a.id() == UverbsAttrs.UVERBS_ATTR_UHW_OUT) {
                boolean core = a.id() == UverbsAttrs.UVERBS_ATTR_CORE_OUT;
                long at = core ? w.response() : w.response() + w.coreOut();
                Pointer out = call.arena().alloc(a.len());
                int r = call.memory().read(at, out, a.len());
                if (r < 0) {
                    return IoctlResult.error(-r); // the kernel's copy_to_user would fault too
                }
                if (core) {
                    coreOut = out;
                } else {
                    uhwOut = out;
                }
                data = out.address();
            }
            int off = IoctlHdr.OFF_ATTRS + i * UverbsIoctl.Attr.SIZE;
            hdr.putShort(off + UverbsIoctl.Attr.OFF_ATTR_ID, (short) a.id());
            hdr.putShort(off + UverbsIoctl.Attr.OFF_LEN, (short) a.len());
            hdr.putShort(off + UverbsIoctl.Attr.OFF_FLAGS, (short) 0);
            hdr.putLong(off + UverbsIoctl.Attr.OFF_DATA, data);
        }
        int rc = host.ioctl(call.hostFd().fd(), UverbsIoctl.RDMA_VERBS_IOCTL, hdr.address());
        int copied = 0;
        for (int i = 0; i < n; i++) {
            UverbsEnvelope.Attr a = env.attrs().get(i);
            int off = IoctlHdr.OFF_ATTRS + i * UverbsIoctl.Attr.SIZE;
            int flags = Short.toUnsignedInt(hdr.getShort(off + UverbsIoctl.Attr.OFF_FLAGS));
            if ((flags & UverbsIoctl.UVERBS_ATTR_F_VALID_OUTPUT) == 0) {
                continue;
            }
            int r = 0;
            if (a.id() == UverbsAttrs.UVERBS_ATTR_CORE_OUT) {
                r = call.memory().write(w.response(), coreOut, a.len());
            } else if (a.id() == UverbsAttrs.UVERBS_ATTR_UHW_OUT) {
                r = call.memory().write(w.response() + w.coreOut(), uhwOut, a.len());
                UdataSite site = new UdataSite.Write(w.command(), w.extended());
                if (rc >= 0 && caps.reportedAt(site)) {
                    byte[] response = new byte[a.len()];
                    uhwOut.get(0, response, 0, response.length);
                    caps.learn(site, response);
                }
            }
            copied = copied < 0 ? copied : r;
        }
        if (rc < 0) {
            return IoctlResult.error(-rc);
        }
        return copied < 0 ? IoctlResult.error(-copied) : IoctlResult.value(length);
    }

    private static long copy(WriteCall call, byte[] bytes) {
        Pointer p = call.arena().alloc(Math.max(1, bytes.length));
        p.put(0, bytes, 0, bytes.length);
        return p.address();
    }

    private WriteDecision decideCommand(long v, String attr, String where) {
        long extendedFlag = Integer.toUnsignedLong(LegacyCommands.IB_USER_VERBS_CMD_FLAG_EXTENDED);
        long allowedBits = extendedFlag | LegacyCommands.IB_USER_VERBS_CMD_COMMAND_MASK;
        if ((v & ~allowedBits) != 0) {
            return WriteDecision.deny(
                    deny(
                            String.format(
                                    "write command 0x%x in %s of %s is not a command number",
                                    v, attr, where)));
        }
        boolean extended = (v & extendedFlag) != 0;
        int command = (int) (v & LegacyCommands.IB_USER_VERBS_CMD_COMMAND_MASK);
        RdmaTable.WriteRow row = table.write(command, extended);
        if (row == null) {
            String name =
                    (extended ? LegacyCommands.EX_CMD_NAMES : LegacyCommands.CMD_NAMES)
                            .get(command);
            return WriteDecision.deny(
                    deny(
                            String.format(
                                    "unsupported %swrite command %d%s via %s",
                                    extended ? "extended " : "",
                                    command,
                                    name != null ? " (" + name + ")" : "",
                                    where)));
        }
        return new WriteDecision(
                null, new UdataSite.Write(command, extended), row.disposition(), row.name());
    }

    private String attr(UverbsEnvelope env, UverbsEnvelope.Attr a) {
        return names.describeAttr(env.objectId(), env.methodId(), a.id());
    }

    private static String driverName(int id) {
        return UverbsIoctl.DRIVER_NAMES.getOrDefault(id, "unknown");
    }

    private static IoctlResult deny(String reason) {
        return IoctlResult.deny(Errno.EINVAL, "uverbs: " + reason);
    }
}
